"""Monster Maker rules as plain functions over a MakerState.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import cards_option, parsed_card_set
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.options import bool_option, check_keys, seat_option
from monsterbox.core.rng import MASK
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.maker import actions as A
from monsterbox.games.maker.actions import action_table
from monsterbox.games.maker.cards import (
    CHARACTER,
    CLERIC,
    DIVERSION,
    ROOM,
    TRAP,
    MakerCards,
    default_cards,
    parse_cards,
)
from monsterbox.games.maker.state import (
    BATTLE,
    DECISION_KINDS,
    DEFEATED,
    DISCARD,
    ENTERING,
    EXITED,
    EXITING,
    HEAL,
    LABYRINTHS,
    OVER,
    PLACED,
    REWARDS,
    TRAP_PHASE,
    TRAPS,
    TREASURE,
    TREASURES_DISCARDED,
    TURN,
    MakerState,
    copy_state,
)

HAND_SIZE = 5  # MM Game Setup: deal 5 cards to each player; Refresh Your Hand: draw until you have 5
TREASURE_LIMIT = 2  # MM Maximum number of Treasure Cards
EXIT_BONUS = 100  # MM Returning bonus
REWARD_POINTS = 100  # MM Reward rule
TURN_CAP = 1000  # P9: a stalled game (never seen in play) is judged after this many turns

OPTION_KEYS = {
    "short": "bool: the short version: chest at 80 (2-5 players) or 70 (6 players)",
    "distance": "int: any chosen distance to the treasure chest (overrides short)",
    "rounds": "1 or 3: the 3-round rule (scores summed over 3 games)",
    "rewards": f"list of reward names to play with: {', '.join(REWARDS)}",
    "first_player": "int seat: who plays first (default: drawn from the seed)",
    "deck": "list of adventure card ids drawn first, in that order (tests, puzzles); the rest is shuffled",
    "treasure_deck": "list of treasure ids drawn first, in that order",
    "dice": "list of die results (1-6) used first, in that order, before the seeded dice",
    "cards": "path to a card file (TOML/JSON) or its content; default monsterbox/data/maker.toml",
}


# --- options and setup ----------------------------------------------------------------------------------------------
def validate_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    options = check_keys(options, OPTION_KEYS, "Monster Maker")
    out: dict[str, Any] = {}
    out["short"] = bool_option(options, "short")
    if "distance" in options:
        d = options["distance"]
        if isinstance(d, bool) or not isinstance(d, int) or not 10 <= d <= 300:
            raise InvalidOptions("option distance must be an integer from 10 to 300, got {value}", value=repr(d))
        out["distance"] = d
    rounds = options.get("rounds", 1)
    if rounds not in (1, 3) or isinstance(rounds, bool):
        raise InvalidOptions("option rounds must be 1 or 3 (the 3-round rule), got {value}", value=repr(rounds))
    out["rounds"] = rounds
    rewards = options.get("rewards", [])
    if not isinstance(rewards, list) or any(r not in REWARDS for r in rewards) or len(set(rewards)) != len(rewards):
        raise InvalidOptions("option rewards must be a list of distinct names among {names}, got {value}",
                             names=", ".join(REWARDS), value=repr(rewards))
    out["rewards"] = list(rewards)
    if "first_player" in options:
        out["first_player"] = seat_option(options, "first_player", players)
    cards = default_cards()
    if options.get("cards") is not None:
        cards = cards_option(options["cards"], parse_cards)
        out["cards"] = cards.entries()
    if "deck" in options:
        deck = options["deck"]
        known = set(cards.ids)
        if not isinstance(deck, list) or any(not isinstance(c, str) or c not in known for c in deck):
            raise InvalidOptions("option deck must list adventure card ids ({ids}, ...), got {value}",
                                 ids=", ".join(cards.ids[:6]), value=str(deck)[:200])
        listed = Counter(deck)  # linear in the option's length
        for t, n in listed.items():
            if n > cards.count[cards.index(t)]:
                raise InvalidOptions("option deck lists {id} {n} times; there are only {most}", id=repr(t), n=n,
                                     most=cards.count[cards.index(t)])
        out["deck"] = list(deck)
    if "treasure_deck" in options:
        td = options["treasure_deck"]
        tids = {t.id for t in cards.treasures}
        if not isinstance(td, list) or any(not isinstance(t, str) or t not in tids for t in td) \
                or len(set(td)) != len(td):
            raise InvalidOptions("option treasure_deck must list distinct treasure ids, got {value}", value=repr(td))
        out["treasure_deck"] = list(td)
    if "dice" in options:
        dice = options["dice"]
        if not isinstance(dice, list) or any(isinstance(x, bool) or x not in range(1, 7) for x in dice):
            raise InvalidOptions("option dice must be a list of die results from 1 to 6, got {value}",
                                 value=repr(dice))
        out["dice"] = list(dice)
    return out


def card_set(options: dict[str, Any]) -> MakerCards:
    return parsed_card_set(options["cards"], parse_cards, "option 'cards'") if "cards" in options else default_cards()


def chest_distance(players: int, options: dict[str, Any]) -> int:
    """MM Optional Rules, short version: 80 with 5 players, 70 with 6; P1: 80 with 2-4 players; or any distance."""
    if "distance" in options:
        return int(options["distance"])
    if options.get("short"):
        return 70 if players == 6 else 80
    return 100


def setup(players: int, options: dict[str, Any], rng: random.Random) -> MakerState:
    cards = card_set(options)
    s = MakerState(
        cards=cards, n=players, target=chest_distance(players, options),
        rewards=tuple(REWARDS.index(r) for r in options.get("rewards", [])),
        rounds_total=options.get("rounds", 1), round=0, totals=[0] * players, round_starter=0,
        deck=[], discard=[], hands=[], hand_size=[], known=[], treasure_deck=[], treasure_discard=[],
        treasures=[], face_up=[], entry_cards=[], exit_cards=[], entry=[], exit_d=[], stage=[], entered=[],
        monster=[], first_exit=-1, end_phase=False, current=0, phase=TURN, battle=[], equips=[], last_add=-1,
        last_equip=-1, heal=[], discarded=0, stats=[], turns=0, rng=crng.seed_state(rng.getrandbits(64)),
        dice=list(reversed(options.get("dice", []))), step=0, log=[], table=action_table(cards, players),
        codes=A.action_codes(cards, players),
    )
    first = options["first_player"] if "first_player" in options else rng.randrange(players)
    start_round(s, first, options)
    return s


def start_round(s: MakerState, first: int, options: dict[str, Any] | None = None) -> None:
    """MM Game Setup: shuffle, deal 5; a dealt Trap is shown, discarded and replaced, then shuffled back."""
    cards = s.cards
    n = s.n
    options = options or {}
    s.round += 1
    prefix = [cards.index(t) for t in options.get("deck", [])] if s.round == 1 else []
    rest = [t for t in range(len(cards.ids)) for _ in range(cards.count[t])]
    for t in prefix:
        rest.remove(t)
    s.rng = crng.shuffle(s.rng, rest)
    s.deck = rest + prefix[::-1]  # the prefix is drawn first
    tids = [t.id for t in cards.treasures]
    tprefix = [tids.index(t) for t in options.get("treasure_deck", [])] if s.round == 1 else []
    trest = [i for i in range(len(tids)) if i not in tprefix]
    s.rng = crng.shuffle(s.rng, trest)
    s.treasure_deck = trest + tprefix[::-1]
    s.discard, s.treasure_discard = [], []
    T = len(cards.ids)
    s.hands = [[0] * T for _ in range(n)]
    s.hand_size = [0] * n
    s.known = [[] for _ in range(n)]
    s.treasures = [[] for _ in range(n)]
    s.face_up = [False] * len(tids)
    s.entry_cards, s.exit_cards = [[] for _ in range(n)], [[] for _ in range(n)]
    s.entry, s.exit_d, s.stage = [0] * n, [0] * n, [ENTERING] * n
    s.entered, s.monster = [False] * n, [-1] * n
    s.first_exit, s.end_phase = -1, False
    s.stats = [[0] * len(REWARDS) for _ in range(n)]
    s.turns = 0
    s.battle, s.equips, s.heal = [], [], []
    log = s.log
    if log is not None:
        log.append((-1, ("round", s.round, first)))
    set_aside = []
    for p in range(n):
        drawn: list[int] = []
        while len(drawn) < HAND_SIZE:
            c = s.deck.pop()
            if cards.kind[c] == TRAP:
                set_aside.append(c)
                if log is not None:
                    log.append((-1, ("setup_trap", p)))
                continue
            drawn.append(c)
        for c in drawn:
            s.hands[p][c] += 1
        s.hand_size[p] = HAND_SIZE
        if log is not None:
            log.append((p, ("deal", p, tuple(sorted(drawn)))))
    if set_aside:
        s.deck.extend(set_aside)
        s.rng = crng.shuffle(s.rng, s.deck)
    s.round_starter = first
    s.current = first
    s.phase = TURN


# --- chance ---------------------------------------------------------------------------------------------------------
def roll(s: MakerState, k: int) -> list[int]:
    """Roll k six-sided dice: predetermined results first (option ``dice``), then the seeded generator (with no
    predetermined results, ``core.rng.below(state, 6)`` written out: the same states and results)."""
    out = []
    if s.dice:
        for _ in range(k):
            if s.dice:
                out.append(s.dice.pop())
            else:
                s.rng, v = crng.below(s.rng, 6)
                out.append(v + 1)
        return out
    state = s.rng
    while k > 0:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append((((z ^ (z >> 31)) * 6) >> 64) + 1)
        k -= 1
    s.rng = state
    return out


def draw_adventure(s: MakerState) -> int:
    """MM Refresh: when the draw pile runs out, shuffle the discards into a new draw pile. -1 if both are empty."""
    if not s.deck:
        if not s.discard:
            return -1
        s.deck = s.discard
        s.discard = []
        s.rng = crng.shuffle(s.rng, s.deck)
        if s.log is not None:
            s.log.append((-1, ("reshuffle", len(s.deck))))
    return s.deck.pop()


# --- derived facts --------------------------------------------------------------------------------------------------
def exit_target(s: MakerState, p: int) -> int:
    """R1: a safe exit needs the entry distance plus the held treasures' return-distance modifiers."""
    tr = s.cards.treasures
    return s.entry[p] + sum(tr[t].exit_modifier for t in s.treasures[p])


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


def can_draw_treasure(s: MakerState, p: int) -> bool:
    """MM Maximum number of Treasure Cards: a treasure is drawn unless both held are open or the pile is empty
    (P16); public. R7 offers a Small Treasure Room without its draw only when the draw would happen."""
    if not s.treasure_deck:
        return False
    held = s.treasures[p]
    return len(held) < TREASURE_LIMIT or not all(s.cards.treasures[t].open for t in held)


def may_heal(s: MakerState, p: int) -> bool:
    """R9: whether the battler gets the heal step after a battle with characters, decided by public facts only
    (never by the hand itself, so that the step tells nobody whether a Cleric is held): the hand holds a card the
    table has not seen enter it (``known``), and not every Cleric is in the face-up discard pile (P3)."""
    if s.hand_size[p] <= len(s.known[p]):
        return False
    cleric = s.codes.cleric_type
    return s.discard.count(cleric) < s.cards.count[cleric]


def cleric_type(cards: MakerCards) -> int:
    return cards.types_of(CLERIC)[0]


def targets(s: MakerState, p: int) -> list[int]:
    """MM B. Place a Monster; R2: players who have played a labyrinth card, hold no monster, have not exited.
    (A loop over the prebuilt seats: a comprehension is a function call in this interpreter.)"""
    entered, monster, stage = s.entered, s.monster, s.stage
    out = []
    for q in s.codes.seats:
        if q != p and entered[q] and monster[q] < 0 and stage[q] != EXITED:
            out.append(q)
    return out


# --- legal actions --------------------------------------------------------------------------------------------------
# The card types a hand (counts per type) holds are ``compress(s.codes.types, hand)``, in type order: a hand holds a
# few of the many types, and ``compress`` skips the others without a Python loop.
def legal_actions(s: MakerState) -> list[int]:
    """The seat to play's choices, in a fixed order: MM A-D (a turn's one action), C. Battle with P6 (characters in
    card-file order, then treasure bonuses P17, fight), Healing (P7), D. Discard (P10, P19), Resolving Trap Cards
    (P12) and the Maximum number of Treasure Cards (P13). Codes come from ``s.codes`` (by move, no tuple hashed)."""
    codes = s.codes
    p = s.current
    hand = s.hands[p]
    phase = s.phase
    if phase == DISCARD:  # the most frequent decision (a discard action discards one card at a time)
        # A Trap is never in a hand outside the trap phase (it is resolved at once), so no -1 comes out here.
        acts = [*compress(codes.discard, hand)]
        # MM Treasure Card: a revealed treasure can be discarded (an open one cannot); P19: with the discard action
        treasures = s.cards.treasures
        for tr in s.treasures[p]:
            if s.face_up[tr] and not treasures[tr].open:
                acts.append(codes.drop[tr])
        if not (s.end_phase and s.discarded == 0 and s.hand_size[p]):
            acts.append(codes.done)
        return acts
    acts = []
    if phase == TURN:
        blocked = s.monster[p] >= 0
        # MM A, C: a monster blocks labyrinth and room cards; R3: a Diversion is allowed while blocked
        turn = codes.turn_blocked if blocked else codes.turn_free
        place = codes.place
        add = codes.add
        to: list[int] | None = None  # the players a monster can be placed on, found once
        character = False  # a Character in hand (``can_battle``, found by the same pass)
        for c in compress(codes.types, hand):
            x = turn[c]
            if x >= 0:
                acts.append(x)
                if x == codes.room and can_draw_treasure(s, p):  # R7: the room's draw is optional
                    acts.append(codes.room_pass)
            elif place[c]:  # a monster type: MM B. Place a Monster
                if to is None:
                    to = targets(s, p)
                by_seat = place[c]
                for q in to:
                    acts.append(by_seat[q])
            elif add[c] >= 0:
                character = True
        if blocked and (character or undead_battle(s, p)):  # ``can_battle``
            acts.append(codes.battle)
        if s.hand_size[p] or not s.end_phase:
            acts.append(codes.discard_start)
        return acts
    cards = s.cards
    if phase == BATTLE:
        m = s.monster[p]
        if not s.battle and cards.undead[m]:
            if hand[codes.cleric_type]:
                acts.append(codes.cleric)
            for tr in s.treasures[p]:
                if cards.treasures[tr].undead:
                    acts.append(codes.relic[tr])
        add = codes.add
        last = s.last_add
        for c in compress(codes.types, hand):
            if c >= last and add[c] >= 0:
                acts.append(add[c])
        if s.battle:
            for tr in s.treasures[p]:
                info = cards.treasures[tr]
                if info.bonus and tr >= s.last_equip and all(e[0] != tr for e in s.equips):
                    equip = codes.equip[tr]
                    for c in sorted(set(s.battle)):
                        if c in equip:  # a character of one of the treasure's bonus classes
                            acts.append(equip[c])
            acts.append(codes.fight)
        return acts
    if phase == HEAL:
        # R9: every battler with characters in the discard gets this step (``may_heal``); without a Cleric in
        # hand, declining is the only choice
        if hand[codes.cleric_type]:
            heal = codes.heal
            for c in sorted(set(s.heal)):
                acts.append(heal[c])
        acts.append(codes.heal_none)
        return acts
    if phase == TRAP_PHASE:
        thief = codes.thief
        for c in codes.thieves:  # R8: revealing is a choice, and the player chooses which Thief
            if hand[c]:
                acts.append(thief[c])
        keep = codes.keep
        for c in compress(codes.types, hand):
            if keep[c] >= 0:  # any card but a Trap
                acts.append(keep[c])
        if not acts:
            acts.append(codes.keep_none)
        return acts
    if phase == TREASURE:
        for tr in s.treasures[p]:
            if not cards.treasures[tr].open:
                acts.append(codes.drop[tr])
        return acts
    return acts


# --- applying actions -----------------------------------------------------------------------------------------------
def log(s: MakerState, to: int, *event: Any) -> None:
    """Append ``event`` to the log for seat ``to`` (-1: everyone); the most frequent moves append theirs directly
    (the same entry, without this call)."""
    if s.log is not None:
        s.log.append((to, event))


def take_from_hand(s: MakerState, p: int, c: int) -> None:
    s.hands[p][c] -= 1
    s.hand_size[p] -= 1
    if c in s.known[p]:
        s.known[p].remove(c)


def apply(s: MakerState, code: int) -> None:
    """Apply a legal action code: the move of its op (``MOVES``), then the forced steps up to the next decision."""
    op, a, b = s.table.ops[code]
    s.step += 1
    MOVES[op](s, s.current, a, b)


# --- the moves, one function per action op: (state, seat, a, b) with (op, a, b) from the action table -------------
def move_discard_start(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM D. Discard: start the discard action (P10: it discards at least one card; an empty hand ends it)."""
    s.phase = DISCARD
    s.discarded = 0
    if s.log is not None:
        s.log.append((-1, ("discard_action", p)))
    if s.hand_size[p] == 0:
        end_turn(s, p)


def move_discard_card(s: MakerState, p: int, c: int, _b: int) -> None:
    """MM D. Discard: one card of the hand to the (public, P3) discard pile; an emptied hand ends the action."""
    s.hands[p][c] -= 1  # ``take_from_hand``, written out
    s.hand_size[p] -= 1
    known = s.known[p]
    if c in known:
        known.remove(c)
    s.discard.append(c)
    s.discarded += 1
    if s.log is not None:
        s.log.append((-1, ("discard", p, c)))
    if s.hand_size[p] == 0:
        end_turn(s, p)


def move_done(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM D. Discard: stop discarding; the turn ends (Refresh Your Hand). ``MOVES`` calls ``end_turn`` itself."""
    end_turn(s, p)


def move_labyrinth(s: MakerState, p: int, c: int, _b: int) -> None:
    """MM A. Labyrinth Movement (the reward rule counts labyrinth cards played)."""
    take_from_hand(s, p, c)
    s.stats[p][LABYRINTHS] += 1
    play_labyrinth(s, p, c)


def move_diversion(s: MakerState, p: int, _a: int, _b: int) -> None:
    """R3: a Diversion moves 0 and discards the monster in its player's labyrinth; allowed while blocked (P4: it
    stays in the player's row)."""
    c = s.cards.types_of(DIVERSION)[0]
    take_from_hand(s, p, c)
    s.stats[p][LABYRINTHS] += 1
    s.entered[p] = True
    (s.entry_cards if s.stage[p] == ENTERING else s.exit_cards)[p].append(c)
    m = s.monster[p]
    log(s, -1, "diversion", p, m)
    if m >= 0:
        s.discard.append(m)
        s.monster[p] = -1
    end_turn(s, p)


def move_room(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM Small Treasure Room: a labyrinth card of distance 0 that draws a treasure (R7: ``room``, the player
    chose to draw)."""
    play_room(s, p, True)


def move_room_pass(s: MakerState, p: int, _a: int, _b: int) -> None:
    """R7: the Small Treasure Room "may" draw a treasure: ``room:no_treasure`` plays it without drawing."""
    play_room(s, p, False)


def play_room(s: MakerState, p: int, draw: bool) -> None:
    """MM How to use a Small Treasure Room Card: a labyrinth card of distance 0; "you may draw a Treasure Card"."""
    c = s.cards.types_of(ROOM)[0]
    take_from_hand(s, p, c)
    s.stats[p][LABYRINTHS] += 1
    s.entered[p] = True
    (s.entry_cards if s.stage[p] == ENTERING else s.exit_cards)[p].append(c)
    if draw:
        log(s, -1, "room", p)
        if draw_treasure(s, p):
            return
    else:
        log(s, -1, "room_pass", p)
    end_turn(s, p)


def move_place(s: MakerState, p: int, m: int, q: int) -> None:
    """MM B. Place a Monster in seat ``q``'s labyrinth."""
    take_from_hand(s, p, m)
    s.monster[q] = m
    s.stats[p][PLACED] += 1
    log(s, -1, "place", p, m, q)
    end_turn(s, p)


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


def move_thief(s: MakerState, p: int, thief: int, _b: int) -> None:
    """MM Resolving Trap Cards: reveal a Thief and discard the trap(s); keep the rest (P12; R8: the player's choice,
    and which Thief, ``thief``)."""
    cards = s.cards
    trap = cards.types_of(TRAP)[0]
    k = s.hands[p][trap]
    s.hands[p][trap] = 0
    s.hand_size[p] -= k
    s.discard.extend([trap] * k)
    s.known[p] = [c for c in s.known[p] if c != trap]
    if thief not in s.known[p]:
        s.known[p].append(thief)
    log(s, -1, "thief", p, thief, k)
    advance(s, p)


def move_keep(s: MakerState, p: int, a: int, _b: int) -> None:
    """MM Resolving Trap Cards: discard down to 1 card of the player's choice (``a``; -1 keeps none); the traps
    go too."""
    hand = s.hands[p]
    gone = []
    for c in [*compress(s.codes.types, hand)]:  # in type order, as the discards are logged
        n_out = hand[c] - (1 if c == a else 0)
        gone.extend([c] * n_out)
        hand[c] -= n_out
    s.hand_size[p] = 1 if a >= 0 else 0
    s.known[p] = [c for c in s.known[p] if c == a][:1]
    s.discard.extend(gone)
    log(s, -1, "trap_discard", p, tuple(gone))
    advance(s, p)


def move_drop(s: MakerState, p: int, tr: int, _b: int) -> None:
    """P19, P13: discard a treasure that is not open (counted for the reward rule)."""
    s.treasures[p].remove(tr)
    s.treasure_discard.append(tr)
    s.face_up[tr] = True
    s.stats[p][TREASURES_DISCARDED] += 1
    log(s, -1, "drop_treasure", p, tr)
    if s.phase != DISCARD:  # the third treasure's discard ends the move that drew it
        end_turn(s, p)


def play_labyrinth(s: MakerState, p: int, c: int) -> None:
    """MM A. Labyrinth Movement and Exiting; R1 (exit distance counts from the turn after the chest)."""
    d = s.cards.distance[c]
    s.entered[p] = True
    if s.stage[p] == ENTERING:
        s.entry_cards[p].append(c)
        s.entry[p] += d
        log(s, -1, "move", p, c, s.entry[p], 0)
        if s.entry[p] >= s.target:
            s.stage[p] = EXITING  # MM Exiting from the Labyrinth: flip the tile
            log(s, -1, "chest", p, s.entry[p])
            if draw_treasure(s, p):
                return
    else:
        s.exit_cards[p].append(c)
        s.exit_d[p] += d
        log(s, -1, "move", p, c, s.entry[p], s.exit_d[p])
        if s.exit_d[p] >= exit_target(s, p):
            s.stage[p] = EXITED  # MM End of Game: exited; R2: no more turns, cannot be targeted
            first = s.first_exit < 0
            if first:
                s.first_exit = p
                s.end_phase = True  # MM End of Game: the game enters the end phase
            log(s, -1, "exit", p, s.exit_d[p], first)
    end_turn(s, p)


def draw_treasure(s: MakerState, p: int) -> bool:
    """MM Gaining a Treasure Card / Maximum number: draw one; a third must be discarded (open ones cannot be);
    with two open treasures no treasure is drawn. Returns True when a choice (which to drop) is pending."""
    cards = s.cards
    held = s.treasures[p]
    if len(held) >= TREASURE_LIMIT and all(cards.treasures[t].open for t in held):
        log(s, -1, "no_treasure", p, "two open treasures")
        return False
    if not s.treasure_deck:
        log(s, -1, "no_treasure", p, "the treasure pile is empty")
        return False
    t = s.treasure_deck.pop()
    held.append(t)
    if cards.treasures[t].open:
        s.face_up[t] = True
        log(s, -1, "treasure", p, t)
    else:
        log(s, -1, "treasure", p, -1)
        log(s, p, "treasure_seen", p, t)
    if len(held) > TREASURE_LIMIT:
        s.phase = TREASURE
        s.current = p
        return True
    return False


def defeat_monster(s: MakerState, p: int) -> None:
    s.discard.append(s.monster[p])
    s.monster[p] = -1
    s.stats[p][DEFEATED] += 1


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


def end_turn(s: MakerState, p: int, _a: int = -1, _b: int = -1) -> None:
    """MM Refresh Your Hand: draw up to 5, all at once (not in the end phase, nor after exiting). (It takes a
    move's arguments too: ``move_done`` and ``move_heal_none`` are this function, with no frame of their own.)"""
    s.phase = TURN
    if s.battle:  # the battle's lists, emptied (most turns have none to empty)
        s.battle = []
    if s.equips:
        s.equips = []
    if s.heal:
        s.heal = []
    if s.end_phase or s.stage[p] == EXITED:
        advance(s, p)
        return
    need = HAND_SIZE - s.hand_size[p]
    if need <= 0:
        advance(s, p)
        return
    deck = s.deck
    if len(deck) >= need:  # the top cards, taken at once: what was drawn is counted and logged sorted, not in order
        drawn = deck[-need:]
        del deck[-need:]
    else:  # the pile runs out: MM Refresh (``draw_adventure`` reshuffles the discards)
        drawn = []
        for _ in range(need):
            c = draw_adventure(s)
            if c < 0:
                break
            drawn.append(c)
    hand = s.hands[p]
    for c in drawn:
        hand[c] += 1
    s.hand_size[p] += len(drawn)
    log = s.log
    if drawn and log is not None:
        log.append((-1, ("refresh", p, len(drawn))))
        drawn.sort()  # a list of its own (a slice or built here)
        log.append((p, ("drew", p, tuple(drawn))))
    trap = s.codes.trap_type
    traps = drawn.count(trap)
    if traps:
        s.stats[p][TRAPS] += traps
        s.known[p].extend([trap] * traps)  # P18: the traps are shown; they stay in the hand until resolved
        if log is not None:
            log.append((-1, ("trap", p, traps)))
        s.phase = TRAP_PHASE
        s.current = p
        return
    advance(s, p)


def advance(s: MakerState, p: int) -> None:
    """Next player to the left who is still in the labyrinth (R2); in the end phase only players with cards
    (R4: when nobody can act, the game ends)."""
    s.phase = TURN
    s.turns += 1
    if s.turns >= TURN_CAP:
        judge(s)
        return
    stage = s.stage
    for q in s.codes.after[p]:  # the seats from p's left, p last
        if stage[q] == EXITED:
            continue
        if s.end_phase and s.hand_size[q] == 0:
            continue
        s.current = q
        return
    judge(s)


#: the move of each action op (``actions``), indexed by op
MOVES: tuple[Callable[[MakerState, int, int, int], None], ...] = tuple({
    A.MOVE: move_labyrinth, A.DIVERSION_OP: move_diversion, A.ROOM_OP: move_room, A.PLACE: move_place,
    A.BATTLE_OP: move_battle, A.DISCARD_START: move_discard_start, A.DISCARD_CARD: move_discard_card,
    A.DONE: end_turn, A.ADD: move_add, A.CLERIC_OP: move_cleric, A.RELIC: move_relic, A.EQUIP: move_equip,
    A.FIGHT: move_fight, A.HEAL_CARD: move_heal, A.HEAL_NONE: end_turn, A.THIEF: move_thief,
    A.KEEP: move_keep, A.KEEP_NONE: move_keep, A.DROP: move_drop, A.ROOM_PASS: move_room_pass,
}[op] for op in range(20))


# --- the victory judgment -------------------------------------------------------------------------------------------
def treasure_value(s: MakerState, t: int) -> tuple[int, list[int]]:
    """MM Treasure Cards with random values: rolled at the judgment."""
    info = s.cards.treasures[t]
    if info.value is not None:
        return info.value, []
    if info.value_dice is not None:
        dice = roll(s, info.value_dice)
        assert info.value_times is not None
        return sum(dice) * info.value_times, dice
    assert info.value_by_die is not None
    dice = roll(s, 1)
    return next(v for top, v in info.value_by_die if dice[0] <= top), dice


def judge(s: MakerState) -> None:
    """MM Victory Judgment: treasures + exit bonus - distance penalty (excess x2, shortage x10), at least 0;
    0 for a player who never reached the chest. Reward rule: +100 for each chosen 'most' (R6: not to a player
    who never reached the chest). Ties share victory."""
    n = s.n
    scores = []
    detail = []
    for p in range(n):
        d: dict[str, Any] = {"seat": p, "stage": s.stage[p], "entry": s.entry[p], "exit": s.exit_d[p],
                             "treasures": [], "exit_bonus": 0, "penalty": 0, "rewards": []}
        if s.stage[p] == ENTERING:
            d["score"] = 0
            d["note"] = "never reached the treasure chest: 0"
        else:
            total = 0
            for t in s.treasures[p]:
                v, dice = treasure_value(s, t)
                s.face_up[t] = True
                d["treasures"].append({"id": s.cards.treasures[t].id, "value": v, "dice": dice})
                total += v
            if s.first_exit == p:
                d["exit_bonus"] = EXIT_BONUS
            target = exit_target(s, p)
            ex = s.exit_d[p]
            penalty = 2 * (ex - target) if ex > target else 10 * (target - ex)
            d["target"] = target
            d["penalty"] = penalty
            d["score"] = max(0, total + d["exit_bonus"] - penalty)
        scores.append(d["score"])
        detail.append(d)
    for r in s.rewards:
        best = max(s.stats[p][r] for p in range(n))
        if best > 0:
            for p in range(n):
                # R6: "If a player has not started to exit, they do not score any points": no rewards either
                if s.stats[p][r] == best and s.stage[p] != ENTERING:
                    scores[p] += REWARD_POINTS
                    detail[p]["rewards"].append(REWARDS[r])
    for p in range(n):
        detail[p]["total"] = scores[p]
        s.totals[p] += scores[p]
    log(s, -1, "judgment", s.round, tuple(scores))
    rounds = s.result["rounds"] if s.result else []
    rounds = rounds + [{"round": s.round, "scores": scores, "detail": detail}]
    best = max(s.totals)
    s.result = {"scores": s.totals[:], "winners": [p for p in range(n) if s.totals[p] == best], "rounds": rounds}
    if s.round < s.rounds_total:
        start_round(s, (s.round_starter + 1) % n)  # P2: the next game starts left of the last first player
        return
    s.phase = OVER
    s.over = True
    s.current = -1


# --- explanations ---------------------------------------------------------------------------------------------------
def refusal(s: MakerState, name: str) -> Refusal:
    """Why ``name`` is refused now, as data (``core.ruleset.Refusal``), from what the seat to play may know: its own
    hand and treasures and the table. MM Labyrinth: a monster in your labyrinth blocks your way until it is dealt
    with; a monster goes to a player who played a labyrinth card, holds no monster and has not exited; open
    treasures cannot be discarded."""
    t = action_table(s.cards, s.n)
    code = t.codes.get(name)
    if code is None:
        return Refusal("unknown")
    if s.phase == OVER:
        return Refusal("over")
    op, a, b = t.ops[code]
    p = s.current
    if op in (A.MOVE, A.ROOM_OP, A.ROOM_PASS) and s.monster[p] >= 0:
        return Refusal("blocked")
    if op in (A.MOVE, A.ADD, A.DISCARD_CARD, A.KEEP, A.THIEF) and s.hands[p][a] == 0:
        return Refusal("no_card", {"card": s.cards.ids[a]})
    if op == A.HEAL_CARD and s.phase == HEAL and not s.hands[p][s.codes.cleric_type]:
        return Refusal("no_card", {"card": s.cards.ids[s.codes.cleric_type]})
    if op == A.DROP and a in s.treasures[p] and s.cards.treasures[a].open:
        return Refusal("open_treasure", {"treasure": s.cards.treasures[a].id})
    room = s.cards.types_of(ROOM)[0]
    if op in (A.ROOM_OP, A.ROOM_PASS) and s.hands[p][room] == 0:
        return Refusal("no_card", {"card": s.cards.ids[room]})
    if op == A.ROOM_PASS and s.phase == TURN and not can_draw_treasure(s, p):
        return Refusal("nothing_to_draw")  # R7: the draw cannot happen, so the room is played with ``room``
    if op == A.PLACE and b not in targets(s, p):
        return Refusal("no_target", {"seat": b})
    return Refusal("not_now")


#: the engine's English for each refusal (developer text; players read ``text.explain_refusal``)
REFUSAL_EN = {
    "unknown": "{name!r} is not a Monster Maker action id",
    "over": "the game is over",
    "blocked": "a monster blocks your labyrinth: battle it, play a Diversion, or do something else",
    "no_card": "seat {p} holds no {card}",
    "open_treasure": ("{treasure} is an open treasure: open treasures cannot be discarded (MM Maximum number of "
                      "Treasure Cards)"),
    "nothing_to_draw": ("no treasure can be drawn now (two open treasures, or the treasure pile is empty): play the "
                        "Small Treasure Room with 'room', which draws nothing"),
    "no_target": ("seat {seat} cannot be given a monster (it must have played a labyrinth card, hold no monster and "
                  "not have exited)"),
    "not_now": "{name!r} is not allowed now: {phase}",
}


def why_illegal(s: MakerState, name: str) -> str:
    from monsterbox.games.maker.view import phase_summary

    t = action_table(s.cards, s.n)
    legal = ", ".join(t.names[a] for a in legal_actions(s)) if s.phase != OVER else "none (game over)"
    r = refusal(s, name)
    reason = REFUSAL_EN[r.code].format(name=name, p=s.current, phase=phase_summary(s), **r.params)
    return f"illegal action: {reason}. Legal now: {legal}"


class MakerRules(PhasedRuleset):
    game_id = "maker"
    title = "Monster Maker"
    min_players = 2
    max_players = 6
    secret_options = ("deck", "treasure_deck", "dice")
    over_phase = OVER
    decision_kinds = DECISION_KINDS
    view_module = "monsterbox.games.maker.view"

    # The hot paths called by ``core.game.Game`` a decision, with no method frame of their own: the rules'
    # functions themselves, and the phase and step counter read as attributes (``MakerState.over``).
    validate_options = staticmethod(validate_options)
    setup = staticmethod(setup)
    legal_actions = staticmethod(legal_actions)  # type: ignore[assignment]
    apply = staticmethod(apply)  # type: ignore[assignment]
    is_over = attrgetter("over")  # type: ignore[assignment]
    step_count = attrgetter("step")  # type: ignore[assignment]

    def rewards(self, state: MakerState) -> list[float]:
        assert state.result is not None
        won = state.result["winners"]
        return [1.0 / len(won) if p in won else 0.0 for p in range(state.n)]

    def estimate(self, state: MakerState) -> list[float]:
        from monsterbox.games.maker.estimate import estimate

        return estimate(state)

    def copy(self, state: MakerState, keep_log: bool = True) -> MakerState:
        return copy_state(state, keep_log)

    def action_tables(self, state: MakerState) -> tuple[Sequence[str], dict[str, int]]:
        t = action_table(state.cards, state.n)
        return t.names, t.codes

    def why_illegal(self, state: MakerState, name: str) -> str:
        return why_illegal(state, name)

    def refusal(self, state: MakerState, name: str) -> Refusal:
        return refusal(state, name)


RULES = MakerRules()
