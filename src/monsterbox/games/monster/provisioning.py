"""The morning of a Monster day: MO Provisioning (a power cube from each bag, one weapon per monster dealt from the
team leader clockwise, stored weapons back in the hands) and Crisis (a card of the game's crisis deck: immediate,
day or lair, and the rules it changes while in force). Also the piles every phase draws from (MO Components: none is
limited, an empty deck is refilled from its discards) and the spawning of a lair (MO Setup 8, Infestation)."""

from __future__ import annotations

from itertools import compress
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.games.monster.effects import CRISIS_EFFECTS
from monsterbox.games.monster.mechanics import crisis_rules, draw_weapon, log
from monsterbox.games.monster.state import OVER, MonsterState

BAG_CUBES = 5  # MO Components: 30 power cubes, 5 of each colour
#: per player count (up to the 6 players of ``MonsterRules.max_players``), the seats
SEATS = tuple(range(n) for n in range(7))


def seat_lists(n: int) -> list[list[Any]]:
    """``n`` new empty lists, one a seat (``n`` <= ``MonsterRules.max_players``): a literal of six cut to ``n``
    costs a third of a comprehension ``[[] for _ in range(n)]`` (a setup makes six such lists)."""
    return [[], [], [], [], [], []][:n]


def draw_pile(s: MonsterState, deck: list[int], discard: list[int]) -> int:
    """MO: none of the elements is limited; an empty deck is refilled by shuffling its discards."""
    if not deck:
        if not discard:
            return -1
        deck.extend(discard)
        discard.clear()
        s.rng = crng.shuffle(s.rng, deck)
    return deck.pop()


def spawn_lair(s: MonsterState, key: int | None = None) -> None:
    """MO Setup 8 / Infestation: a lair card, its monster stack (listed top first), a loot card below it."""
    if key is None:
        key = draw_pile(s, s.lair_deck, s.lair_discard)
        if key < 0:
            return
    stack = list(s.cards.lair_stacks[key])
    loot = draw_pile(s, s.loot_deck, s.loot_discard)
    s.lair_keys.append(key)
    s.stacks.append(stack)
    s.dead.append([])
    s.lair_loot.append(loot)
    if s.log is not None:
        s.log.append((-1, ("lair", key, tuple(stack), loot)))


def provision(s: MonsterState) -> None:
    """MO Provisioning: a power cube from each bag; one weapon per monster, dealt from the leader clockwise;
    stored weapons join the hands (MO Store a weapon). R10: yesterday's passes end here (nobody has passed in
    the morning's crisis)."""
    n, leader, deck = s.n, s.leader, s.weapon_deck
    s.passed = [False] * n
    seats = SEATS[n]
    bags, cubes = s.bags, s.cubes
    for p in seats:
        if bags[p]:
            bags[p] -= 1
            cubes[p] += 1
    total = sum(map(len, s.stacks))
    dealt: list[list[int]] = seat_lists(n)
    if len(deck) >= total:  # the deck holds enough: ``draw_weapon`` without its reshuffle check, at once
        top = deck[:-total - 1:-1] if total else []  # the top ``total`` cards, the next one first
        del deck[len(deck) - total:]
        hands = s.hands
        for k in SEATS[min(n, total)]:  # the k-th card goes to the leader's k-th neighbour, and every n-th after
            q = (leader + k) % n
            dealt[q] = got = top[k::n]
            hand = hands[q]
            for w in got:
                hand[w] += 1
    else:
        for k in range(total):
            q = (leader + k) % n
            w = draw_weapon(s, q)
            if w >= 0:
                dealt[q].append(w)
    stored, known, held, log = s.stored, s.known, s.held, s.log
    for p in seats:
        if stored[p]:
            for w, seen in stored[p]:
                s.hands[p][w] += 1
                if seen:
                    known[p].append(w)
            if log is not None:  # the count is public, a weapon only when the table saw it stored (armed)
                log.append((-1, ("unstore", p, len(stored[p]), tuple(w for w, seen in stored[p] if seen))))
            stored[p] = []
        if held[p]:
            known[p].extend(held[p])  # in the hand or in the store yesterday: in the hand now
            held[p] = []
        if log is not None:
            log += ((-1, ("dealt", p, len(dealt[p]))), (p, ("drew", p, tuple(dealt[p]))))


def crisis(s: MonsterState) -> None:
    """MO Crisis: a card from the game's crisis deck (R7: ``crisis_level``); the elite challenge resolves a level 1
    card, then a level 2 card."""
    for level in ((0, 1) if s.elite else (s.crisis_level - 1,)):
        c = draw_pile(s, s.crisis_decks[level], s.crisis_discards[level])
        if c < 0:
            continue
        card = s.cards.crises[c]
        log(s, -1, "crisis", c)
        if card.kind == "immediate":
            CRISIS_EFFECTS[card.effect].resolve(s, s.leader, card.params, [])
            s.crisis_discards[level].append(c)
        elif card.kind == "day":
            s.day_crises.append(c)
        else:
            spawn_lair(s, 100 + c)
        if s.phase == OVER:
            return


def crisis_discard_legal(s: MonsterState) -> list[int]:
    """A crisis' discard: any weapon held in hand or armed (``available``)."""
    p = s.current
    have = s.hands[p][:]
    if s.armed[p] >= 0:
        have[s.armed[p]] += 1
    return list(compress(s.codes.weapon, have))


def three_allowed(s: MonsterState, key: int) -> bool:
    """Whether three weapons may kill in lair ``key`` (-1: whether today's crises allow it anywhere)."""
    if any(s.cards.crises[c].effect == "no_three" for c in s.day_crises):
        return False
    return not (key >= 100 and s.cards.crises[key - 100].effect == "no_three")


def cubes_allowed(s: MonsterState) -> bool:
    """No power cube may be placed on a day of a no-cubes crisis."""
    return not crisis_rules(s).no_cubes
