"""Monster Maker, MM B. Place a Monster and C. Battle a Monster: who can be given a monster, the battle step by
step (P6), How to use a Cleric Card, and Healing (P7, R9).

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from monsterbox.games.maker.cards import CHARACTER, CLERIC, MakerCards
from monsterbox.games.maker.state import (
    BATTLE,
    DEFEATED,
    EXITED,
    HEAL,
    PLACED,
    MakerState,
    log,
    roll,
    take_from_hand,
)
from monsterbox.games.maker.turn_order import end_turn


def targets(s: MakerState, p: int) -> list[int]:
    """MM B. Place a Monster; R2: players who have played a labyrinth card, hold no monster, have not exited.
    (A loop over the prebuilt seats: a comprehension is a function call in this interpreter.)"""
    entered, monster, stage = s.entered, s.monster, s.stage
    out = []
    for q in s.codes.seats:
        if q != p and entered[q] and monster[q] < 0 and stage[q] != EXITED:
            out.append(q)
    return out


def move_place(s: MakerState, p: int, m: int, q: int) -> None:
    """MM B. Place a Monster in seat ``q``'s labyrinth."""
    take_from_hand(s, p, m)
    s.monster[q] = m
    s.stats[p][PLACED] += 1
    log(s, -1, "place", p, m, q)
    end_turn(s, p)


def can_battle(s: MakerState, p: int) -> bool:
    cards = s.cards
    m = s.monster[p]
    if m < 0:
        return False
    hand = s.hands[p]
    if any(map(hand.__getitem__, cards.types_of(CHARACTER))):  # a character in hand (no generator: hot path)
        return True
    if cards.undead[m]:
        if hand[cleric_type(cards)]:
            return True
        return any(cards.treasures[t].undead for t in s.treasures[p])
    return False


def undead_battle(s: MakerState, p: int) -> bool:
    """MM Cleric, Treasure Cards: without a Character, an undead monster can still be dealt with by a Cleric in
    hand or an undead treasure (``can_battle`` for a hand holding no Character)."""
    cards = s.cards
    if not cards.undead[s.monster[p]]:
        return False
    if s.hands[p][s.codes.cleric_type]:
        return True
    treasures = cards.treasures
    return any(treasures[t].undead for t in s.treasures[p])


def cleric_type(cards: MakerCards) -> int:
    return cards.types_of(CLERIC)[0]


def move_battle(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM C. Battle the monster in the player's labyrinth (P6: as a sequence of small decisions)."""
    s.phase = BATTLE
    s.battle, s.equips, s.last_add, s.last_equip = [], [], -1, -1
    if s.log is not None:
        s.log.append((-1, ("battle", p, s.monster[p])))


def move_add(s: MakerState, p: int, c: int, _b: int) -> None:
    """MM C. Battle: send a character from the hand (P6: in card-file order)."""
    take_from_hand(s, p, c)
    s.battle.append(c)
    s.last_add = c
    if s.log is not None:
        s.log.append((-1, ("add", p, c)))


def move_equip(s: MakerState, p: int, tr: int, c: int) -> None:
    """P17: a treasure's battle bonus on one character; MM Treasure Cards with battle effects: used by flipping
    the card over."""
    s.equips.append((tr, c))
    s.last_equip = tr
    s.face_up[tr] = True
    log(s, -1, "equip", p, tr, c)


def move_cleric(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM Cleric: discard a Cleric to defeat an undead monster without a battle (P6)."""
    c = cleric_type(s.cards)
    take_from_hand(s, p, c)
    s.discard.append(c)
    log(s, -1, "cleric", p, s.monster[p])
    defeat_monster(s, p)
    end_turn(s, p)


def move_relic(s: MakerState, p: int, tr: int, _b: int) -> None:
    """MM Treasure Cards: a treasure that removes an undead monster (turned face up, P6)."""
    s.face_up[tr] = True
    log(s, -1, "relic", p, tr, s.monster[p])
    defeat_monster(s, p)
    end_turn(s, p)


def move_fight(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM C. Battle: roll the dice (``fight``)."""
    fight(s, p)


def battle_value(cards: MakerCards, committed: Sequence[int], equips: Sequence[tuple[int, int]],
                 dice: Sequence[int]) -> int:
    """MM C. Battle: the sum of every character's xD+y, plus treasure bonuses (each on one character, stacking)."""
    return sum(dice) + sum(cards.bonus[c] for c in committed) + sum(cards.treasures[t].bonus for t, _ in equips)


def fight(s: MakerState, p: int) -> None:
    """MM C. Battle: roll the characters' dice; the battle value (``battle_value``, summed in one pass over the
    characters) equal to or greater than the monster's strength defeats it."""
    cards = s.cards
    m = s.monster[p]
    battle = s.battle
    dice_of, bonus_of = cards.dice, cards.bonus
    n_dice = value = 0
    for c in battle:
        n_dice += dice_of[c]
        value += bonus_of[c]
    if s.equips:
        value += sum(cards.treasures[t].bonus for t, _ in s.equips)
    dice = roll(s, n_dice)
    for v in dice:
        value += v
    strength = cards.strength[m]
    won = value >= strength  # equal or greater defeats the monster
    if s.log is not None:
        s.log.append((-1, ("fight", p, tuple(battle), tuple(dice), value, m, strength, won)))
    if won:
        defeat_monster(s, p)
    # MM Discard Character Cards: every character that took part is discarded, win or lose.
    s.discard.extend(battle)
    s.heal = battle  # the battle's list itself: a new one is started below
    s.battle = []
    if battle and may_heal(s, p):  # R9: the step depends on public facts, not on holding a Cleric
        s.phase = HEAL
        return
    end_turn(s, p)


def defeat_monster(s: MakerState, p: int) -> None:
    s.discard.append(s.monster[p])
    s.monster[p] = -1
    s.stats[p][DEFEATED] += 1


def may_heal(s: MakerState, p: int) -> bool:
    """R9: whether the battler gets the heal step after a battle with characters, decided by public facts only
    (never by the hand itself, so that the step tells nobody whether a Cleric is held): the hand holds a card the
    table has not seen enter it (``known``), and not every Cleric is in the face-up discard pile (P3)."""
    if s.hand_size[p] <= len(s.known[p]):
        return False
    cleric = s.codes.cleric_type
    return s.discard.count(cleric) < s.cards.count[cleric]


def move_heal(s: MakerState, p: int, c: int, _b: int) -> None:
    """MM Healing: discard a Cleric to return a Character used in that battle to the hand (P7)."""
    cleric = cleric_type(s.cards)
    take_from_hand(s, p, cleric)
    s.discard.append(cleric)
    s.discard.remove(c)
    s.heal.remove(c)
    s.hands[p][c] += 1
    s.hand_size[p] += 1
    s.known[p].append(c)  # P18: the table saw it go back into the hand
    log(s, -1, "heal", p, c)
    if not (s.heal and may_heal(s, p)):  # R9: another heal is offered whether or not a Cleric is left
        end_turn(s, p)


def move_heal_none(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM Healing: heal no (more) character; the turn ends. ``MOVES`` calls ``end_turn`` itself."""
    end_turn(s, p)
