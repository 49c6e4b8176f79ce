"""Monster's basic moves shared by the rules and the card effects: drawing and discarding weapons, killing and
removing monsters, destroying lairs and the bounties it may meet, villagers, the crises' rule changes (rulebook: The
Hunt, Destroying Lairs, Looting, Definitions, FAQ)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.games.monster.cards import COLOURS
from monsterbox.games.monster.state import OVER, MonsterState


def log(s: MonsterState, to: int, *event: Any) -> None:
    if s.log is not None:
        s.log.append((to, event))


def show_hand(s: MonsterState, p: int, why: str | None = None) -> None:
    """Seat ``p``'s hand is shown to everyone (the Scribe; a pass whose discards the player orders, R6: the weapons
    go face up to the pile, so the table sees them before the order is chosen, never learning it from the choice
    being asked). What the table knew to be "in the hand or in the store" and does not see in the hand is in the
    store."""
    hand = [w for w in range(5) for _ in range(s.hands[p][w])]
    s.known[p] = list(hand)
    rest = list(s.held[p])
    for w in hand:
        if w in rest:
            rest.remove(w)
    s.held[p] = rest[:sum(1 for _, seen in s.stored[p] if not seen)]
    if why is None:
        log(s, -1, "reveal", p, tuple(hand))
    else:
        log(s, -1, "reveal", p, tuple(hand), why)


def reshuffle_weapons(s: MonsterState) -> bool:
    """FAQ: reshuffle all but the top two discarded weapons into a new deck."""
    if len(s.weapon_discard) <= 2:
        return False
    keep = s.weapon_discard[-2:]
    s.weapon_deck = s.weapon_discard[:-2]
    s.weapon_discard = keep
    s.rng = crng.shuffle(s.rng, s.weapon_deck)
    log(s, -1, "reshuffle_weapons", len(s.weapon_deck))
    return True


def draw_weapon(s: MonsterState, p: int) -> int:
    """One weapon from the deck into ``p``'s hand (private); -1 if none is left anywhere."""
    if not s.weapon_deck and not reshuffle_weapons(s):
        return -1
    w = s.weapon_deck.pop()
    s.hands[p][w] += 1
    return w


def available(s: MonsterState, p: int, w: int) -> int:
    """Copies of weapon ``w`` that ``p`` can use: in hand, plus the armed one (used exactly as if in hand)."""
    return s.hands[p][w] + (1 if s.armed[p] == w else 0)


def weapons_held(s: MonsterState, p: int) -> int:
    """Weapons ``p`` holds in hand or armed."""
    return sum(s.hands[p]) + (1 if s.armed[p] >= 0 else 0)


def spend_weapon(s: MonsterState, p: int, w: int, to_discard: bool = True) -> None:
    """Use one weapon of type ``w``: the armed copy first (it was shown to be used), then the hand."""
    if s.armed[p] == w:
        s.armed[p] = -1
    else:
        assert s.hands[p][w] > 0, "no such weapon in hand"
        s.hands[p][w] -= 1
        if w in s.known[p]:
            s.known[p].remove(w)
        elif w in s.held[p]:  # it may have been that one
            s.held[p].remove(w)
    if to_discard:
        s.weapon_discard.append(w)


def store_face_down(s: MonsterState, p: int, w: int) -> bool:
    """MO Store a weapon: face down, "though it may be an armed weapon that other players have seen" (then it stays
    known). Any weapon the table knew in the hand may be the one stored, so every one of them becomes "in the hand or
    in the store" (``held``) until provisioning puts the store back in the hand; which one was stored must not show
    (the public bookkeeping never depends on the face-down card). Returns whether the table saw it."""
    was_armed = s.armed[p] == w
    if was_armed:
        s.armed[p] = -1
    else:
        assert s.hands[p][w] > 0, "no such weapon in hand"
        s.hands[p][w] -= 1
        s.held[p].extend(s.known[p])
        s.known[p] = []
    s.stored[p].append((w, was_armed))
    return was_armed


def gain_villagers(s: MonsterState, k: int) -> None:
    s.villagers += k
    log(s, -1, "villagers", k, s.villagers)


def lose_villagers(s: MonsterState, k: int, why: str) -> None:
    """R2: the team loses the moment the counter is 0 or below."""
    s.villagers -= k
    log(s, -1, "villagers", -k, s.villagers, why)
    if s.villagers <= 0 and s.phase != OVER:
        end_game(s, won=False)


def end_game(s: MonsterState, won: bool) -> None:
    s.phase = OVER
    s.over = True
    s.current = -1
    s.followups = []
    s.pending = []
    s.result = {"scores": [max(0, s.villagers) if won else 0] * s.n, "winners": list(range(s.n)) if won else [],
                "won": won, "days": s.day, "villagers": s.villagers}
    log(s, -1, "game_over", won, s.villagers)


def lair_index(s: MonsterState, key: int) -> int:
    return s.lair_keys.index(key)


def kill_top(s: MonsterState, p: int, i: int, how: str) -> None:
    """The Hunt, Killing monsters: the top monster moves to the killed stack below the loot; the lair is
    disturbed. Only the top monster can be killed."""
    m = s.stacks[i].pop()
    s.dead[i].append(m)
    if s.log is not None:  # ``log``, written out on the hot path
        s.log.append((-1, ("kill", p, s.lair_keys[i], m, how)))
    if not s.stacks[i]:
        destroy_lair(s, p, i)


def remove_top(s: MonsterState, p: int, i: int, why: str) -> int:
    """Move or remove a monster without killing it (Herder, Assassin): the lair is not disturbed by it (FAQ)."""
    m = s.stacks[i].pop()
    log(s, -1, "remove", p, s.lair_keys[i], m, why)
    if not s.stacks[i]:
        destroy_lair(s, p, i)
    return m


def destroy_lair(s: MonsterState, p: int, i: int) -> None:
    """Destroying Lairs: discard the lair, return its killed chips to the bank; its destroyer loots it (when a loot
    card lies below it). R2: the team wins the moment no lair is left."""
    key = s.lair_keys.pop(i)
    s.stacks.pop(i)
    s.dead.pop(i)
    loot = s.lair_loot.pop(i)
    if key < 100:
        s.lair_discard.append(key)
    else:
        s.crisis_discards[s.cards.crises[key - 100].level - 1].append(key - 100)
    log(s, -1, "destroyed", p, key, loot)
    if s.bounties:  # Looting, Bounties: only bounties in play can be met
        check_bounties(s, p, "destroy", size=len(s.cards.lairs[key].monsters) if key < 100
                       else len(s.cards.crises[key - 100].monsters))
    if not s.lair_keys:
        end_game(s, won=True)
        return
    if loot >= 0:  # a lair spawned when no loot card was left (deck and discards empty) has nothing to loot
        s.followups.insert(0, ("loot", p, loot))


def check_bounties(s: MonsterState, p: int, event: str, **info: Any) -> None:
    """Looting, Bounties: the first player to meet a bounty's criterion gets its reward; it is then discarded."""
    for b in list(s.bounties):
        card = s.cards.loot[b]
        prm = card.params
        met = ((card.effect == "bounty_big_lair" and event == "destroy" and info.get("size", 0) >= prm["size"])
               or (card.effect == "bounty_kill_three" and event == "three")
               or (card.effect == "bounty_cube_pair" and event == "cube_pair"))
        if not met:
            continue
        s.bounties.remove(b)
        s.loot_discard.append(b)
        log(s, -1, "bounty", p, b)
        if "cubes" in prm:
            s.cubes[p] += prm["cubes"]
        if "villagers" in prm:
            gain_villagers(s, prm["villagers"])
        for _ in range(prm.get("weapons", 0)):
            w = draw_weapon(s, p)
            log(s, p, "drew", p, (w,))


def colour_name(c: int) -> str:
    return COLOURS[c]


def table_crises(s: MonsterState) -> list[Any]:
    """Crises whose rules are in force: today's day crises and the crisis lairs on the table."""
    return [s.cards.crises[c] for c in s.day_crises] + [s.cards.crises[k - 100] for k in s.lair_keys if k >= 100]


@dataclass(frozen=True, slots=True)
class CrisisRules:
    """The rule changes of the crises in force (``table_crises``), read where the rules apply them: ``blocked``,
    per colour, whether weapons of that colour may not kill today (blocked weapon crises); ``no_three``: no kill with
    three weapons anywhere today (a day crisis); ``no_three_lairs``: the crisis lairs where none is allowed;
    ``no_cubes``: no power cube may be placed today."""

    blocked: tuple[bool, ...]
    any_blocked: bool
    no_three: bool
    no_three_lairs: frozenset[int]
    no_cubes: bool


NO_CRISIS_RULES = CrisisRules((False,) * 5, False, False, frozenset(), False)


def crisis_rules(s: MonsterState) -> CrisisRules:
    """The ``CrisisRules`` of ``s``, computed once per change of what decides them, today's crises and the table's
    lairs, and cached in ``s.in_force`` with them (as copies no one modifies, compared with the lists themselves: no
    key is built on a hit). Any change of either misses, so the cache is never stale (and copies may share it).
    Without a day crisis or a crisis lair nothing changes the rules (``NO_CRISIS_RULES``, cached the same way).
    The hot paths read the cache themselves (``s.in_force``, the same test) before calling this.

    The cache also keeps what the hunt's legal actions derive from the same two lists alone: the action codes of a
    kill with three weapons in every table lair the crises do not bar, in lair order (``three_codes``; each lair
    with a monster left, which a table lair always has in play: the hunt checks it), and each table lair's kill codes
    by colour (``codes.kill[key]``, in lair order: the hunt indexes them by the lair's top monster)."""
    day, keys = s.day_crises, s.lair_keys
    hit = s.in_force
    if hit is not None and hit[1] == keys and hit[0] == day:
        cached: CrisisRules = hit[2]
        return cached
    rules = rules_of_crises(s.cards.crises, day, keys)
    three, barred = s.codes.three, rules.no_three_lairs
    three_codes = [three[k] for k in keys if k not in barred]
    kill = s.codes.kill
    s.in_force = (day[:], keys[:], rules, three_codes, [kill[k] for k in keys])
    return rules


def rules_of_crises(crises: Sequence[Any], day: list[int], keys: list[int]) -> CrisisRules:
    """The ``CrisisRules`` of today's crises ``day`` and the table's lairs ``keys`` (``crisis_rules``, uncached)."""
    if not day and (not keys or max(keys) < 100):
        return NO_CRISIS_RULES
    out = [False] * 5
    for c in day:
        _block(crises[c], out)
    for k in keys:
        if k >= 100:
            _block(crises[k - 100], out)
    return CrisisRules(
        blocked=tuple(out), any_blocked=any(out),
        no_three=any(crises[c].effect == "no_three" for c in day),
        no_three_lairs=frozenset(k for k in keys if k >= 100 and crises[k - 100].effect == "no_three"),
        no_cubes=any(crises[c].effect == "no_cubes" for c in day),
    )


def blocked(s: MonsterState, w: int) -> bool:
    """A crisis forbids using weapons of this colour to kill today (a crisis of ``table_crises``)."""
    return crisis_rules(s).blocked[w]


def blocked_colours(s: MonsterState) -> list[bool]:
    """``blocked`` for each colour at once."""
    return list(crisis_rules(s).blocked)


def _block(crisis: Any, out: list[bool]) -> None:
    if crisis.effect == "blocked_weapon":
        colour = crisis.params.get("colour")
        for w in range(5):
            if colour == COLOURS[w]:
                out[w] = True


def killing_weapons(s: MonsterState, p: int) -> int:
    """Weapons ``p`` may kill with today: in hand or armed, of a colour no crisis blocks."""
    hand, armed = s.hands[p], s.armed[p]
    total = sum(hand) + (armed >= 0)
    rules = crisis_rules(s)
    if rules.any_blocked:
        for w, blk in enumerate(rules.blocked):
            if blk:
                total -= hand[w] + (armed == w)
    return total


def bank_count(s: MonsterState, stack: int) -> int:
    """Weapons a bank stack can still give: its cards, plus (FAQ, normal bank) discarded weapons of its type that
    are not among the top two discards."""
    pile = s.weapon_discard
    extra = 0 if s.unreliable else pile.count(stack) - pile[-2:].count(stack)
    return len(s.bank[stack]) + extra


def bank_counts(s: MonsterState) -> list[int]:
    """``bank_count`` of every stack, the discard pile read once."""
    out = [len(stack) for stack in s.bank]
    if not s.unreliable:
        for w in s.weapon_discard[:-2]:
            out[w] += 1
    return out


def bank_take(s: MonsterState, stack: int) -> int:
    """Take the top weapon of a bank stack; an exhausted stack is refilled from the discard pile, never touching the
    top two discards (FAQ)."""
    if s.bank[stack]:
        return s.bank[stack].pop()
    body = s.weapon_discard[:-2]
    for k in range(len(body) - 1, -1, -1):
        if body[k] == stack:
            del s.weapon_discard[k]
            log(s, -1, "bank_refill", stack)
            return stack
    return -1
