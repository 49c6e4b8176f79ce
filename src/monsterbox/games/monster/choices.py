"""The choices of an action, asked one at a time (phase ``choose``): the weapons of a kill with three weapons or of a
store, the lair, bank stack, player or cube a card's ability needs (the slots its effect declares, ``effects``), and
R6 (FAQ: "The player decides"): several weapons discarded at once go to the pile in the order the player gives. Once
every choice is made the action resolves: MO Kill a monster using three weapons, Use a character or item ability,
Store a weapon, and a pass's discards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any

from monsterbox.games.monster.effects import CHARACTER_EFFECTS, LOOT_EFFECTS
from monsterbox.games.monster.mechanics import (
    bank_count,
    check_bounties,
    crisis_rules,
    kill_top,
    log,
    show_hand,
    spend_weapon,
    store_face_down,
)
from monsterbox.games.monster.phases import proceed
from monsterbox.games.monster.state import PENDING, MonsterState

# Ranges made once (creating a range costs some 500 instructions, more than a short loop over it):
#: the colours from each colour on (``COLOURS_FROM[k]``: k to 4)
COLOURS_FROM = tuple(range(k, 5) for k in range(6))
#: a one-weapon list of each colour, to repeat
SINGLE = tuple([w] for w in range(5))
#: an empty hand, counted per colour (to clear a hand in place)
NO_WEAPONS = (0,) * 5


def weapons_listed(counts: list[int]) -> list[int]:
    """The weapons of a hand given as counts per colour, one entry a weapon, in colour order (``[0, 2, 0, 1, 0]``
    -> ``[1, 1, 3]``)."""
    out: list[int] = []
    for w in COLOURS_FROM[0]:
        if counts[w]:
            out += SINGLE[w] * counts[w]
    return out


def slot_options(s: MonsterState, p: int) -> list[int]:
    """The action codes for the next choice of the pending action (``s.pending``), in the order of the table: the
    lister of its slot (``SLOT_OPTIONS``). ``p`` is the seat choosing (the pending action's, the seat to play)."""
    pending = s.pending
    assert p == pending[0] == s.current, "the pending action's seat chooses"
    return SLOT_OPTIONS[pending[4][len(pending[5])]](s)


def weapon_slot(s: MonsterState) -> list[int]:
    """The weapons the seat may name next: held in hand or armed (``available``), less those named already; a kill
    takes only colours no crisis blocks. A set of weapons (anything but a store, where the first one is discarded
    and the second stored) is named in colour order, each leaving enough weapons for the slots after it."""
    p = s.current
    _, origin, effect, _, slots, chosen = s.pending
    n = len(chosen)
    left = s.hands[p][:]  # available(): the hand plus the armed weapon, less those chosen already
    armed = s.armed[p]
    if armed >= 0:
        left[armed] += 1
    if origin == "store":  # discard one, store another (two weapon slots): any colour left, in any order
        if n:
            left[chosen[0]] -= 1
        return colours_listed(s.codes.weapon, left)
    if origin == "three":  # a kill with three weapons (most weapon choices): three weapon slots, all named here
        named, kill, later = chosen, True, 2 - n
    else:
        named = [w for sl, w in zip(slots, chosen) if sl == "weapon"]  # noqa: B905
        kill = origin in ("ability", "item") and effect == "kill_with_any"
        later = slots[n + 1:].count("weapon")  # weapons still to name after this one
    for w in named:
        left[w] -= 1
    floor = named[-1] if named else 0  # the last weapon named (a set is named in colour order)
    if kill:  # only colours no crisis blocks
        hit = s.in_force  # ``crisis_rules``, its cache read here (no call on a hit)
        rules = hit[2] if hit is not None and hit[1] == s.lair_keys and hit[0] == s.day_crises else crisis_rules(s)
        if rules.any_blocked:
            for w, blk in enumerate(rules.blocked):
                if blk:
                    left[w] = 0
    weapon = s.codes.weapon
    if not later:  # the last one (the third of a kill with three weapons): any colour left, from ``floor`` on
        return list(compress(weapon[floor:], left[floor:]))
    out = []
    rest = sum(left[floor:])  # sum(left[w:]) as w goes up: it only falls, so once too small it stays so
    for w in COLOURS_FROM[floor]:
        k = left[w]
        if k:
            if rest <= later:  # naming w would leave fewer weapons than the slots after it
                break
            out.append(weapon[w])
            rest -= k
    return out


def three_slot(s: MonsterState, chosen: list[int], kept: tuple[list[Any], int, list[int]]) -> list[int]:
    """``weapon_slot`` for a kill with three weapons, from the counts kept for it (``state.three_kept``: the weapons
    that may kill, less those named, none below the last one named since a set is named in colour order): each
    colour left that leaves enough weapons, itself and those above it, for the slots after it."""
    n = len(chosen)
    if kept[1] != n:  # counted for other choices (never in play): the generic lister
        return weapon_slot(s)
    c0, c1, c2, c3, c4 = kept[2]
    later = 2 - n  # weapons still to name after this one
    s3 = c3 + c4  # the weapons of each colour and above, written out (no slice, sum or loop)
    s2 = c2 + s3
    s1 = c1 + s2
    weapon = s.codes.weapon
    out: list[int] = []
    if c0 and c0 + s1 > later:
        out.append(weapon[0])
    if c1 and s1 > later:
        out.append(weapon[1])
    if c2 and s2 > later:
        out.append(weapon[2])
    if c3 and s3 > later:
        out.append(weapon[3])
    if c4 and c4 > later:
        out.append(weapon[4])
    return out


def order_slot(s: MonsterState) -> list[int]:
    """R6: the weapon placed next on the discard pile: any weapon still to be placed, once per type (the counts
    kept by ``settle_pending`` for this pending action and choices, ``state.order_kept``, else ``order_left``)."""
    pending = s.pending
    n = len(pending[5])
    kept = s.order_kept
    if kept is not None and kept[0] is pending and kept[1] == n:
        left = kept[2]
    else:
        left = order_left(s, s.current, pending[3]["then"], pending[5])
        s.order_kept = (pending, n, left)
    return colours_listed(s.codes.weapon, left)


def colours_listed(codes: Sequence[int], counts: list[int]) -> list[int]:
    """The code of each colour with a non-zero count (counts are never negative), in colour order: written out, five
    tests and no call (``list(compress(codes, counts))`` costs about twice as much)."""
    c0, c1, c2, c3, c4 = counts
    out = []
    if c0:
        out.append(codes[0])
    if c1:
        out.append(codes[1])
    if c2:
        out.append(codes[2])
    if c3:
        out.append(codes[3])
    if c4:
        out.append(codes[4])
    return out


def lair_slot(s: MonsterState) -> list[int]:
    """A lair with a monster left."""
    lair = s.codes.lair
    return [lair[k] for k, stack in zip(s.lair_keys, s.stacks, strict=True) if stack]


def lair_to_slot(s: MonsterState) -> list[int]:
    """Herder: the lair the monster moves to, any other lair."""
    lair, first = s.codes.lair, s.pending[5][0]
    return [lair[k] for k in s.lair_keys if k != first]


def bank_slot(s: MonsterState) -> list[int]:
    """A bank stack that still has a weapon to give after those already chosen."""
    slots, chosen = s.pending[4], s.pending[5]
    taken = [x for x, sl in zip(chosen, slots, strict=False) if sl == "bank"]
    bank = s.codes.bank
    return [bank[w] for w in range(5) if bank_count(s, w) > taken.count(w)]


def exhausted_card_slot(s: MonsterState) -> list[int]:
    """Motivator (R9): another player's exhausted character card (``player:<seat>``) or exhausted loot item
    (``item:<loot>``), in the order of the action table."""
    p, codes = s.current, s.codes
    player = codes.player
    out = [player[q] for q in range(s.n) if q != p and s.exhausted[q]]
    item = codes.item
    out += [item[i] for q in range(s.n) if q != p for i in s.items_used[q]]
    return sorted(out)


def own_cube_slot(s: MonsterState) -> list[int]:
    """Sorcerer: a bank stack holding one of the seat's cubes."""
    p, cube_back = s.current, s.codes.cube_back
    return [cube_back[w] for w in range(5) if p in s.bank_cubes[w]]


#: the lister of the choices of each slot of a pending action (the slots effects declare, and the discard order)
SLOT_OPTIONS: dict[str, Callable[[MonsterState], list[int]]] = {
    "weapon": weapon_slot, "discard_order": order_slot, "lair": lair_slot, "lair_to": lair_to_slot,
    "bank": bank_slot, "exhausted_card": exhausted_card_slot, "own_cube": own_cube_slot,
}


def pending_legal(s: MonsterState) -> list[int]:
    return slot_options(s, s.current)


def start_pending(s: MonsterState, p: int, origin: str, effect: str, params: dict[str, Any], slots: list[str],
                  ) -> None:
    s.pending = [p, origin, effect, params, list(slots), []]
    s.phase = PENDING
    s.current = p
    settle_pending(s)


def settle_pending(s: MonsterState) -> None:
    """Finish the pending action once every choice is made; bank choices beyond what the bank holds are dropped
    (P8: an Armory Key takes what there is); R6: the discard order is asked only while the weapons left to place
    differ in type."""
    pending = s.pending
    slots, chosen = pending[4], pending[5]
    n = len(chosen)
    if n < len(slots):
        slot = slots[n]
        if slot == "weapon":  # the most frequent: nothing to drop
            return
        if slot == "bank":
            while len(chosen) < len(slots) and slots[len(chosen)] == "bank" and not slot_options(s, pending[0]):
                del slots[len(chosen):]
        elif slot == ORDER_SLOT:  # the weapons left to place: those counted before this choice, less the one named
            kept = s.order_kept
            if kept is not None and kept[0] is pending and kept[1] == n - 1:
                left = kept[2][:]
                left[chosen[-1]] -= 1
            else:
                left = order_left(s, pending[0], pending[3]["then"], chosen)
            s.order_kept = (pending, n, left)  # what the next choice lists (``order_slot``)
            if left.count(0) >= 4:  # one type left (or none): its order cannot matter
                del slots[n:]
    if len(chosen) == len(slots):
        finish_pending(s)


# R6: several weapons discarded at once go to the pile in the order the player decides
ORDER_SLOT = "discard_order"
ORDER = "discard_order"
#: what a pass discards in order (``order_remaining``: the hand and the armed weapon)
PASS_THEN = ("pass",)


def discards_of(origin: str, effect: str) -> int | None:
    """Index in the chosen list from which the chosen weapons are discarded together (None: no such discard)."""
    if origin == "three":
        return 0
    if origin in ("ability", "item", "spell"):
        return (CHARACTER_EFFECTS if origin == "ability" else LOOT_EFFECTS)[effect].discard_from
    return None


def order_remaining(s: MonsterState, p: int, then: tuple[Any, ...], chosen: list[int]) -> list[int]:
    """The weapons still to be placed on the discard pile, in colour order: the hand and the armed weapon of a pass
    (read from the state, so a determinization stays consistent), or the weapons an action chose."""
    if then[0] == "pass":
        cards = weapons_listed(s.hands[p]) + ([s.armed[p]] if s.armed[p] >= 0 else [])
    else:
        cards = list(then[-1])
    for w in chosen:
        cards.remove(w)
    return sorted(cards)


def order_left(s: MonsterState, p: int, then: tuple[Any, ...], chosen: list[int]) -> list[int]:
    """``order_remaining`` counted per weapon type (what the order choice offers), without building the list."""
    if then[0] == "pass":
        left = s.hands[p][:]
        if s.armed[p] >= 0:
            left[s.armed[p]] += 1
    else:
        left = [0] * 5
        for w in then[-1]:
            left[w] += 1
    for w in chosen:
        left[w] -= 1
    return left


def discard_in_order(s: MonsterState, p: int, origin: str, then: tuple[Any, ...], cards: list[int]) -> None:
    """R6 (FAQ: "The player decides"): with weapons of different types the player names them one at a time, bottom
    of the pile first (the last one ends on top, where the Scavenger takes from); otherwise the order cannot matter
    and nothing is asked."""
    if len(set(cards)) > 1:
        if then[0] == "pass":
            show_hand(s, p, "pass")  # as move_pass: the hand goes face up before its order is asked
        s.pending = [p, origin, ORDER, {"then": then}, [ORDER_SLOT] * (len(cards) - 1), []]
        s.phase, s.current = PENDING, p
        return
    complete_discards(s, p, origin, then, sorted(cards))


def complete_discards(s: MonsterState, p: int, origin: str, then: tuple[Any, ...], order: list[int]) -> None:
    if then[0] == "pass":
        do_pass(s, p, order)
    else:
        _, effect, params, head, _ = then
        resolve_pending(s, p, origin, effect, params, list(head) + order)


def finish_pending(s: MonsterState) -> None:
    p, origin, effect, params, slots, chosen = s.pending
    s.pending = []
    if effect == ORDER:
        order = list(chosen) + order_remaining(s, p, params["then"], chosen)
        complete_discards(s, p, origin, params["then"], order)
        return
    start = discards_of(origin, effect)
    if start is not None and len(set(chosen[start:])) > 1:
        discard_in_order(s, p, origin, ("chosen", effect, params, tuple(chosen[:start]), tuple(chosen[start:])),
                         list(chosen[start:]))
        return
    resolve_pending(s, p, origin, effect, params, chosen)


def three_named(s: MonsterState, pending: list[Any], n: int, left: list[int], w: int) -> None:
    """A weapon named for a kill with three weapons, settled from the counts kept for it (``state.three_kept``):
    ``settle_pending`` and ``finish_pending`` written out. After the third, R6: weapons of different types are
    discarded in the order the player gives (``discard_in_order``, its counts kept in ``state.order_kept``);
    three of one type are spent at once (``resolve_three``)."""
    chosen = pending[5]
    chosen.append(w)
    if n < 2:  # the counts less ``w``, none below it (the next ones are named from ``w`` on)
        c0, c1, c2, c3, c4 = left
        if w == 0:
            left = [c0 - 1, c1, c2, c3, c4]
        elif w == 1:
            left = [0, c1 - 1, c2, c3, c4]
        elif w == 2:
            left = [0, 0, c2 - 1, c3, c4]
        elif w == 3:
            left = [0, 0, 0, c3 - 1, c4]
        else:
            left = [0, 0, 0, 0, c4 - 1]
        s.three_kept = (pending, n + 1, left)
        return
    s.three_kept = None
    p, params = pending[0], pending[3]
    a, b, c = chosen
    if a == b == c:
        s.pending = []
        resolve_three(s, p, params["lair"], (a, b, c))
        return
    then = ("chosen", "three", params, (), (a, b, c))
    order = s.pending = [p, "three", ORDER, {"then": then}, [ORDER_SLOT, ORDER_SLOT], []]
    counts = [0, 0, 0, 0, 0]
    counts[a] += 1
    counts[b] += 1
    counts[c] += 1
    s.order_kept = (order, 0, counts)


def order_named(s: MonsterState, pending: list[Any], n: int, left: list[int], w: int) -> None:
    """R6: a weapon named next in the discard order, settled from the counts kept for it (``state.order_kept``):
    ``settle_pending`` and ``finish_pending`` written out. Once one type (or none) is left, the rest follow in
    colour order (``order_remaining``) and the pass or the action completes (``complete_discards``)."""
    chosen = pending[5]
    chosen.append(w)
    n += 1
    left = left[:]
    left[w] -= 1
    s.order_kept = (pending, n, left)
    if left.count(0) < 4:  # two types or more still to place
        if n < len(pending[4]):
            return
        rest = weapons_listed(left)  # (never: the slots are one fewer than the weapons)
    else:  # one type left (or none): its order cannot matter
        c0, c1, c2, c3, c4 = left
        rest = SINGLE[0] * c0 if c0 else SINGLE[1] * c1 if c1 else SINGLE[2] * c2 if c2 else \
            SINGLE[3] * c3 if c3 else SINGLE[4] * c4
    s.pending = []
    p, then = pending[0], pending[3]["then"]
    order = chosen + rest
    if then[0] == "pass":
        do_pass(s, p, order)
    elif pending[1] == "three":
        resolve_three(s, p, then[2]["lair"], tuple(order))
    else:
        resolve_pending(s, p, pending[1], then[1], then[2], list(then[3]) + order)


def resolve_three(s: MonsterState, p: int, key: int, chosen: tuple[int, ...]) -> None:
    """MO Kill a monster using three weapons: the weapons go to the discard pile (in the order given, R6) and the
    top monster of lair ``key`` is killed; Looting, Bounties: a bounty for it may be met. ``spend_weapon`` written
    out for the three: the armed copy first, then the hand."""
    armed, hand, known, held = s.armed, s.hands[p], s.known[p], s.held[p]
    for w in chosen:
        if armed[p] == w:
            armed[p] = -1
        else:
            assert hand[w] > 0, "no such weapon in hand"
            hand[w] -= 1
            if w in known:
                known.remove(w)
            elif w in held:  # it may have been that one
                held.remove(w)
    s.weapon_discard += chosen
    if s.log is not None:
        s.log.append((-1, ("three", p, key, chosen)))
    kill_top(s, p, s.lair_keys.index(key), "three weapons")
    if s.bounties:  # Looting, Bounties: only bounties in play can be met
        check_bounties(s, p, "three")
    proceed(s)


def resolve_pending(s: MonsterState, p: int, origin: str, effect: str, params: dict[str, Any], chosen: list[int],
                    ) -> None:
    if origin == "three":
        resolve_three(s, p, params["lair"], tuple(chosen))
        return
    if origin == "store":
        drop, keep = chosen
        spend_weapon(s, p, drop)
        was_armed = store_face_down(s, p, keep)
        log(s, -1, "store", p, drop, keep if was_armed else -1)
    else:
        eff = (CHARACTER_EFFECTS if origin == "ability" else LOOT_EFFECTS)[effect]
        log(s, -1, "effect", p, origin, effect, tuple(eff.shown(s, p, params, chosen)))
        eff.resolve(s, p, params, chosen)
    proceed(s)


def do_pass(s: MonsterState, p: int, order: list[int]) -> None:
    """MO The Hunt: passing discards the hand and the armed weapon (in the order given, R6); the character is
    flipped face down.

    ``spend_weapon`` for each weapon of ``order`` (the whole hand and the armed weapon) comes to this when no weapon
    is "held" (in the hand or the store, ``store_face_down``): the armed weapon and the hand are gone, the pile
    gets ``order`` on top, and what the table knew of the hand is cleared below. Held weapons take the weapon by
    weapon path, which removes from them those spent beyond the known ones."""
    hand = s.hands[p]
    if s.held[p]:
        for w in order:
            spend_weapon(s, p, w)
        assert not any(hand) and s.armed[p] < 0, "a pass discards the whole hand and the armed weapon"
    else:
        assert len(order) == sum(hand) + (s.armed[p] >= 0), "a pass discards the whole hand and the armed weapon"
        s.armed[p] = -1
        hand[:] = NO_WEAPONS
        s.weapon_discard += order
    s.known[p] = []
    s.passed[p] = True
    if s.log is not None:
        s.log.append((-1, ("pass", p, tuple(order))))
    proceed(s)


def move_choose(s: MonsterState, p: int, a: int, _b: int) -> None:
    """A choice of the pending action (a lair, a bank stack, a player, a cube to take back, a weapon)."""
    s.pending[5].append(a)
    settle_pending(s)


def move_weapon(s: MonsterState, p: int, w: int, b: int) -> None:
    """A weapon: a choice of the pending action, or the weapon discarded for a crisis. The most frequent choices,
    a kill with three weapons and R6's discard order, settle from the counts kept for them (``three_named``,
    ``order_named``); any other, ``move_choose``."""
    if s.phase == PENDING:
        pending = s.pending
        kept = s.three_kept
        if kept is not None and kept[0] is pending and kept[1] == len(pending[5]):
            three_named(s, pending, kept[1], kept[2], w)
            return
        kept = s.order_kept
        if kept is not None and kept[0] is pending and kept[1] == len(pending[5]):
            order_named(s, pending, kept[1], kept[2], w)
            return
        pending[5].append(w)
        settle_pending(s)
        return
    spend_weapon(s, p, w)
    log(s, -1, "crisis_discard", p, w)
    proceed(s)
