"""Monster rules as plain functions over a MonsterState.

References: MO = monster.txt (section names), R<n> = shared/RULINGS.md Monster ruling n, P<n> = the project's own
rulings in docs/rules/monster.md. Card abilities live in ``effects.py``; basic moves in ``mechanics.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter, mul
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import cards_option, parsed_card_set
from monsterbox.core.errors import InvalidOptions, Phrase
from monsterbox.core.memo import CardSetMemo
from monsterbox.core.options import bool_option, check_keys, seat_option
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.monster import actions as A
from monsterbox.games.monster.actions import action_table, action_tables
from monsterbox.games.monster.cards import COLOURS, MonsterCards, default_cards, parse_cards
from monsterbox.games.monster.effects import (
    CHARACTER_EFFECTS,
    CRISIS_EFFECTS,
    ITEM_CHOICE,
    LOOT_EFFECTS,
    check_bounties,
    quartermaster_draw,
)
from monsterbox.games.monster.mechanics import (
    CrisisRules,
    available,
    bank_count,
    bank_take,
    crisis_rules,
    draw_weapon,
    end_game,
    gain_villagers,
    kill_top,
    log,
    lose_villagers,
    show_hand,
    spend_weapon,
    store_face_down,
)
from monsterbox.games.monster.state import (
    ARM,
    CRISIS_DISCARD,
    DECISION_KINDS,
    HUNT,
    LOOT,
    OVER,
    PENDING,
    SACRIFICE,
    SELECT,
    Event,
    MonsterState,
    copy_state,
)

BANK_PER_TYPE = 10  # MO Setup 1
WEAPONS_PER_TYPE = 40  # MO Components
START_VILLAGERS = 20  # MO Setup 4
START_LAIRS = 4  # MO Setup 8
NEW_LAIRS = 3  # MO Infestation
BAG_CUBES = 5  # MO Components: 30 power cubes, 5 of each colour
DAY_CAP = 100  # P10: safety net
CHARACTERS = 10  # MO Components: 10 character cards

OPTION_KEYS = {
    "crisis_level": "1 or 2: the crisis deck (default 1, as the rulebook recommends for a first game)",
    "elite": "bool: the elite challenge (a level 1 and a level 2 crisis every day)",
    "unreliable_weaponry": "bool: the bank stacks are 10 random weapons each, only the top card shown",
    "character_choices": "int >= 2: character selection (deal that many characters, each player keeps one)",
    "first_leader": "int seat: the first team leader (default: drawn from the seed)",
    "lairs": "list of lair ids spawned first, in that order (tests, puzzles)",
    "crises": "list of crisis ids drawn first, in that order",
    "weapons": "list of weapon ids dealt first, in that order",
    "characters": "list of character ids dealt first (seat 0 first)",
    "cards": "path to a card file (TOML/JSON) or its content; default monsterbox/data/monster.toml",
}


#: the options a game without any validates to (``validate_options``), for any player count: copied, not checked
DEFAULT_OPTIONS = {"elite": False, "unreliable_weaponry": False, "crisis_level": 1, "character_choices": 1}


def validate_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    if options is None or (type(options) is dict and not options):  # no option: the defaults (most games)
        return dict(DEFAULT_OPTIONS)
    options = check_keys(options, OPTION_KEYS, "Monster")
    out: dict[str, Any] = {}
    for key in ("elite", "unreliable_weaponry"):
        out[key] = bool_option(options, key)
    level = options.get("crisis_level", 1)
    if isinstance(level, bool) or level not in (1, 2):
        raise InvalidOptions("option crisis_level must be 1 or 2 (the Level 1 or the Level 2 crisis deck), got {value}",
                             value=repr(level))
    out["crisis_level"] = level
    cc = options.get("character_choices", 1)
    most = CHARACTERS // players
    if isinstance(cc, bool) or not isinstance(cc, int) or not 1 <= cc <= most:
        if most < 2:
            raise InvalidOptions("option character_choices: character selection deals at least 2 characters to "
                                 "each player, and the {characters} characters are too few for {players} players "
                                 "(the variant is for 2 to {most} players), got {value}", characters=CHARACTERS,
                                 players=players, most=CHARACTERS // 2, value=repr(cc))
        raise InvalidOptions("option character_choices must be an integer from 2 to {most} ({characters} characters "
                             "for {players} players), got {value}", most=most, characters=CHARACTERS,
                             players=players, value=repr(cc))
    out["character_choices"] = cc
    if "first_leader" in options:
        out["first_leader"] = seat_option(options, "first_leader", players)
    cards = default_cards()
    if options.get("cards") is not None:
        cards = cards_option(options["cards"], parse_cards)
        out["cards"] = cards.entries()
    for key, entries in (("lairs", cards.lairs), ("crises", cards.crises), ("weapons", cards.weapons),
                         ("characters", cards.characters)):
        if key in options:
            ids = [x.id for x in entries]
            v = options[key]
            if not isinstance(v, list) or any(x not in ids for x in v):
                raise InvalidOptions("option {key} must list ids among {ids}, ..., got {value}", key=key,
                                     ids=", ".join(ids[:5]), value=repr(v))
            if key != "weapons" and len(set(v)) != len(v):
                raise InvalidOptions("option {key} lists an id twice: {value}", key=key, value=repr(v))
            if key == "weapons" and any(v.count(x) > WEAPONS_PER_TYPE - BANK_PER_TYPE for x in v):
                raise InvalidOptions("option weapons: the deck holds {n} of each weapon",
                                     n=WEAPONS_PER_TYPE - BANK_PER_TYPE)
            out[key] = list(v)
    levels = (1, 2) if out["elite"] else (level,)
    for cid in out.get("crises", []):
        c = next(x for x in cards.crises if x.id == cid)
        if c.level not in levels:
            deck = Phrase("both decks (elite challenge)") if out["elite"] else \
                Phrase("the Level {level} crisis deck", level=level)
            raise InvalidOptions("option crises: {id} is a Level {level} crisis and this game draws from {deck}; set "
                                 "crisis_level={level} (or elite=true) to script it", id=repr(cid), level=c.level,
                                 deck=deck)
    return out


def card_set(options: dict[str, Any]) -> MonsterCards:
    return parsed_card_set(options["cards"], parse_cards, "option 'cards'") if "cards" in options else default_cards()


def _ordered(rng: random.Random, items: list[int], first: list[int]) -> list[int]:
    """A pile of ``items`` with ``first`` on top in that order and the rest shuffled (the next card is the last
    element). ``items`` may repeat (weapons): one copy is taken out for each entry of ``first``. ``items`` is a
    list of the caller's own, which may be shuffled in place and returned."""
    if not first:  # the usual case: the pile is ``items`` shuffled (no copy)
        crng.shuffle_random_planned(rng, items)
        return items
    rest = list(items)
    for x in first:
        rest.remove(x)
    crng.shuffle_random_planned(rng, rest)
    return rest + first[::-1]


# Ranges and seat orders made once (creating a range costs some 500 instructions, more than a short loop over it):
#: the colours from each colour on (``COLOURS_FROM[k]``: k to 4)
COLOURS_FROM = tuple(range(k, 5) for k in range(6))
#: a one-weapon list of each colour, to repeat
SINGLE = tuple([w] for w in range(5))
#: per player count (up to the 6 players of ``MonsterRules.max_players``), the seats
SEATS = tuple(range(n) for n in range(7))
#: per player count and seat: every seat clockwise from its left neighbour, itself last
CLOCKWISE = tuple(tuple(tuple((p + k) % n for k in range(1, n + 1)) for p in range(n)) for n in range(7))

#: an empty hand, counted per colour (to clear a hand in place)
NO_WEAPONS = (0,) * 5
#: the weapon deck before shuffling (MO Components: 40 of each weapon, 10 of them in the bank)
WEAPON_DECK = tuple(w for w in range(5) for _ in range(WEAPONS_PER_TYPE - BANK_PER_TYPE))


#: the setup's lairs, counted (MO Setup 8)
LAIRS_AT_START = range(START_LAIRS)
#: the options that put chosen cards on top of a deck (tests, puzzles; ``_first``): without them every deck is
#: simply shuffled
SCRIPTED_DECKS = frozenset({"weapons", "lairs", "crises", "characters"})


def deck_cards(cards: MonsterCards) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The card indices of the lair, loot and character decks before shuffling, in file order: made once per card
    set (by identity, as ``actions.action_tables``), so a setup copies a tuple (``[*t]``, no call) instead of
    creating a range and a list from it."""
    return _deck_cards.get(cards)


def _deck_cards_of(cards: MonsterCards) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    return tuple(range(len(cards.lairs))), tuple(range(len(cards.loot))), tuple(range(len(cards.characters)))


_deck_cards: CardSetMemo[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = CardSetMemo(_deck_cards_of)


def seat_lists(n: int) -> list[list[Any]]:
    """``n`` new empty lists, one a seat (``n`` <= ``MonsterRules.max_players``): a literal of six cut to ``n``
    costs a third of a comprehension ``[[] for _ in range(n)]`` (a setup makes six such lists)."""
    return [[], [], [], [], [], []][:n]


def empty_hands(n: int) -> list[list[int]]:
    """``n`` new hands without weapons (counts per colour), as ``seat_lists``."""
    return [[0] * 5, [0] * 5, [0] * 5, [0] * 5, [0] * 5, [0] * 5][:n]


def _first(options: dict[str, Any], key: str, entries: Sequence[Any]) -> list[int]:
    """The card indices an option lists to be dealt first (tests, puzzles), in its order."""
    if key not in options:
        return []
    ids = [x.id for x in entries]
    return [ids.index(i) for i in options[key]]


def setup(players: int, options: dict[str, Any], rng: random.Random) -> MonsterState:
    """MO Setup: weapons bank (10 per type), shuffled decks, villagers 20, characters, cube bags, leader, 4 lairs."""
    cards = card_set(options)
    st = crng.seed_state(rng.getrandbits(64))  # chance during play; the setup shuffles use ``rng`` directly
    shuffle = crng.shuffle_random_planned  # ``rng.shuffle``'s permutations and draws
    unreliable = options.get("unreliable_weaponry", False)
    if unreliable:
        weapons = [w for w in range(5) for _ in range(WEAPONS_PER_TYPE)]
        shuffle(rng, weapons)
        bank = [weapons[k * BANK_PER_TYPE:(k + 1) * BANK_PER_TYPE] for k in range(5)]
        weapons = weapons[5 * BANK_PER_TYPE:]
    else:
        bank = [[0] * BANK_PER_TYPE, [1] * BANK_PER_TYPE, [2] * BANK_PER_TYPE, [3] * BANK_PER_TYPE,
                [4] * BANK_PER_TYPE]  # the five weapons (a comprehension costs more)
        weapons = [*WEAPON_DECK]
    lairs, loot, chars = deck_cards(cards)
    levels = cards.crisis_levels
    if SCRIPTED_DECKS.isdisjoint(options):  # every deck shuffled, in this order (``_ordered`` with nothing first)
        weapon_deck, lair_deck, loot_deck, char_deck = weapons, [*lairs], [*loot], [*chars]
        decks = [[*levels[0]], [*levels[1]]]
        shuffle(rng, weapon_deck, lair_deck, loot_deck, decks[0], decks[1], char_deck)
    else:
        weapon_deck = _ordered(rng, weapons, _first(options, "weapons", cards.weapons))  # id order = colour
        lair_deck = _ordered(rng, [*lairs], _first(options, "lairs", cards.lairs))
        loot_deck = _ordered(rng, [*loot], [])
        forced = _first(options, "crises", cards.crises)  # crises scripted to come first, each on its level's deck
        decks = [_ordered(rng, [*levels[level - 1]], [i for i in forced if cards.crises[i].level == level])
                 for level in (1, 2)]
        char_deck = _ordered(rng, [*chars], _first(options, "characters", cards.characters))
    k = options.get("character_choices", 1)
    seats = SEATS[players]
    if k == 1:  # one character each, seat 0 first, from the top of the deck (no choice to offer)
        characters = char_deck[:-players - 1:-1]
        offered = seat_lists(players)
    else:
        offered = [[char_deck.pop() for _ in range(k)] for _ in seats]
        characters = [o[0] for o in offered]
    table, codes = action_tables(cards, players)
    leader = options["first_leader"] if "first_leader" in options else crng.randrange_random(rng, players)
    lair_keys, stacks, dead, lair_loot, log = first_lairs(cards, lair_deck, loot_deck)
    hands, known, stored, held = empty_hands(players), seat_lists(players), seat_lists(players), seat_lists(players)
    items, items_used = seat_lists(players), seat_lists(players)
    # the fields in their order (``state.MonsterState``), each line's named in its comment; positional as in
    # ``copy_state``: matching keyword arguments costs about 500 instructions each, more than the rest of the call
    s = MonsterState(
        cards, players, options.get("elite", False),  # cards, n, elite
        options.get("crisis_level", 1), unreliable,  # crisis_level, unreliable
        weapon_deck, [], bank, [[], [], [], [], []],  # weapon_deck, weapon_discard, bank, bank_cubes (5 stacks)
        hands, known, [-1] * players,  # hands, known, armed
        stored, held,  # stored, held
        [0] * players, [BAG_CUBES] * players, characters, offered,  # cubes, bags, characters, offered
        [False] * players, items, items_used,  # exhausted, items, items_used
        lair_keys, stacks, dead, lair_loot,  # lair_keys, stacks, dead, lair_loot
        lair_deck, [], loot_deck, [],  # lair_deck, lair_discard, loot_deck, loot_discard
        decks, [[], []], [], [],  # crisis_decks, crisis_discards, day_crises, bounties
        START_VILLAGERS, leader, 0, HUNT, 0,  # villagers, leader, day, phase, current
        [False] * players, [], [], -1, 0,  # passed, pending, followups, loot_choice, turn_actor
        st, 0, log, table, codes,  # rng, step, log, table, codes
    )
    if not lair_keys:  # decks too short to spread the lairs at once (small card files)
        for _ in LAIRS_AT_START:
            spawn_lair(s)
    if k > 1:
        s.phase = SELECT
        s.current = 0
        return s
    first_day(s)
    return s


def first_lairs(cards: MonsterCards, lair_deck: list[int], loot_deck: list[int]) -> tuple[
        list[int], list[list[int]], list[list[int]], list[int], list[Event]]:
    """MO Setup 8: the four lairs of the setup, each with its monster stack and a loot card below it, drawn from
    the top of the decks and logged as ``spawn_lair`` does it four times (the lair keys, stacks, monsters killed,
    loot and log of a new table), at once and written out for four (``START_LAIRS``; a comprehension costs more
    than the rest): no call, deck check or log test a lair. Empty lists when a deck holds fewer than four cards (a
    small card file): then ``spawn_lair``, which reshuffles and may run out, does it."""
    if len(lair_deck) < START_LAIRS or len(loot_deck) < START_LAIRS:
        return [], [], [], [], []
    k1, k2, k3, k4 = keys = lair_deck[:-5:-1]  # the top four, the next card first
    del lair_deck[-4:]
    c1, c2, c3, c4 = loot = loot_deck[:-5:-1]
    del loot_deck[-4:]
    monsters = cards.lair_stacks
    m1, m2, m3, m4 = monsters[k1], monsters[k2], monsters[k3], monsters[k4]
    log: list[Event] = [(-1, ("lair", k1, m1, c1)), (-1, ("lair", k2, m2, c2)), (-1, ("lair", k3, m3, c3)),
                        (-1, ("lair", k4, m4, c4))]
    return keys, [[*m1], [*m2], [*m3], [*m4]], [[], [], [], []], loot, log


# --- setup pieces and days ------------------------------------------------------------------------------------------
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


def start_day(s: MonsterState) -> None:
    """A new day: R1 the leader passes clockwise (after the first day); provisioning; crisis; the hunt."""
    s.day += 1
    if s.day > 1:
        s.leader = (s.leader + 1) % s.n
    if s.day > DAY_CAP:
        end_game(s, won=False)
        return
    if s.log is not None:  # ``log``, written out
        s.log.append((-1, ("day", s.day, s.leader)))
    provision(s)
    crisis(s)
    if s.phase == OVER:
        return
    s.followups.append(("hunt",))
    proceed(s)


def first_day(s: MonsterState) -> None:
    """``start_day`` on a table just set up (day 0, the four lairs out, characters dealt): the first day has no
    leader to pass on and no store to take back, and every hand is empty and every bag full, so MO Provisioning
    deals at once: each seat's weapons counted into its hand and logged together, the cubes set rather than moved
    (``provision`` checks each of these, and ``proceed`` the queue, every day). Then the crisis and the hunt, as on
    any day."""
    n, leader, deck = s.n, s.leader, s.weapon_deck
    total = sum(map(len, s.stacks))
    if len(deck) < total or BAG_CUBES < 1:  # a deck too short for the monsters: ``start_day`` reshuffles
        start_day(s)
        return
    s.day = 1
    log = s.log
    if log is not None:
        log.append((-1, ("day", 1, leader)))
    s.bags = [BAG_CUBES - 1] * n
    s.cubes = [1] * n
    top = tuple(deck[:-total - 1:-1])  # the top ``total`` cards, the next one first: the k-th to the leader's k-th
    del deck[len(deck) - total:]  # neighbour, and every n-th after
    hands = s.hands
    for p in SEATS[n]:
        got = top[(p - leader) % n::n]
        hand = hands[p]
        for w in got:
            hand[w] += 1
        if log is not None:
            log += ((-1, ("dealt", p, len(got))), (p, ("drew", p, got)))
    crisis(s)
    if s.phase == OVER:
        return
    if s.followups:  # the crisis asks something first
        s.followups.append(("hunt",))
        proceed(s)
        return
    s.phase, s.current = HUNT, leader  # ``proceed``'s "hunt" step: nobody has passed yet
    if log is not None:
        log.append((-1, ("hunt", leader)))


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


# --- rule modifiers from crises -------------------------------------------------------------------------------------
def three_allowed(s: MonsterState, key: int) -> bool:
    """Whether three weapons may kill in lair ``key`` (-1: whether today's crises allow it anywhere)."""
    if any(s.cards.crises[c].effect == "no_three" for c in s.day_crises):
        return False
    return not (key >= 100 and s.cards.crises[key - 100].effect == "no_three")


def cubes_allowed(s: MonsterState) -> bool:
    """No power cube may be placed on a day of a no-cubes crisis."""
    return not crisis_rules(s).no_cubes


def kills_per_monster(s: MonsterState, i: int) -> int:
    """MO Monster Attack: 1 villager per surviving monster, 2 in a disturbed lair; crisis additions (the table lair
    at index ``i``; ``attack_rates``)."""
    return attack_rates(s)[i]


def attack_rates(s: MonsterState) -> list[int]:
    """MO Monster Attack: the villagers each surviving monster kills, per table lair: 1, 2 in a disturbed lair (a
    monster killed there today), plus the crises' additions (bloodlust: today, every lair; rage: that crisis lair;
    bloodlust lair: every lair while it is on the table). The crises are read once for all the lairs."""
    crises = s.cards.crises
    keys = s.lair_keys
    if not s.day_crises and (not keys or max(keys) < 100):  # no crisis in force: nothing to add
        return [2 if dead else 1 for dead in s.dead]
    every = 0  # added to every lair
    for c in s.day_crises:
        if crises[c].effect == "bloodlust":
            every += int(crises[c].params.get("amount", 0))
    for k in keys:
        if k >= 100 and crises[k - 100].effect == "bloodlust_lair":
            every += int(crises[k - 100].params.get("amount", 1))
    rates = []
    for key, dead in zip(keys, s.dead):  # noqa: B905 (one list of killed monsters a lair)
        per = (2 if dead else 1) + every
        if key >= 100 and crises[key - 100].effect == "rage":
            per += int(crises[key - 100].params.get("amount", 1))
        rates.append(per)
    return rates


def attack_total(s: MonsterState) -> int:
    """MO Monster Attack: the villagers the surviving monsters would kill now."""
    return sum(map(mul, map(len, s.stacks), attack_rates(s)))


# --- legal actions --------------------------------------------------------------------------------------------------
def weapons_held(s: MonsterState, p: int) -> int:
    return sum(s.hands[p]) + (1 if s.armed[p] >= 0 else 0)


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


def legal_actions(s: MonsterState) -> list[int]:
    """The action codes of the seat to decide, in the order of the action table: the lister of its phase
    (``LEGAL``), of its next choice's slot when an action waits for choices (``SLOT_OPTIONS``)."""
    if s.phase == PENDING:
        pending = s.pending
        kept = s.three_kept
        if kept is not None and kept[0] is pending:  # a kill with three weapons (``weapon_slot``, from its counts)
            return three_slot(s, pending[5], kept)
        return SLOT_OPTIONS[pending[4][len(pending[5])]](s)
    return LEGAL[s.phase](s)


def pending_legal(s: MonsterState) -> list[int]:
    return slot_options(s, s.current)


def arm_legal(s: MonsterState) -> list[int]:
    """MO Arming Weapons: one weapon from the hand, or none."""
    c = s.codes
    arm = c.arm
    h0, h1, h2, h3, h4 = s.hands[s.current]  # the colours held, in colour order (written out: no call)
    acts = []
    if h0:
        acts.append(arm[0])
    if h1:
        acts.append(arm[1])
    if h2:
        acts.append(arm[2])
    if h3:
        acts.append(arm[3])
    if h4:
        acts.append(arm[4])
    acts.append(c.arm_none)
    return acts


def loot_legal(s: MonsterState) -> list[int]:
    """MO Looting: take the loot, or discard it for its villagers."""
    return [s.codes.loot_take, s.codes.loot_villagers]


def crisis_discard_legal(s: MonsterState) -> list[int]:
    """A crisis' discard: any weapon held in hand or armed (``available``)."""
    p = s.current
    have = s.hands[p][:]
    if s.armed[p] >= 0:
        have[s.armed[p]] += 1
    return list(compress(s.codes.weapon, have))


def sacrifice_legal(s: MonsterState) -> list[int]:
    """For the Greater Good: a loot item to sacrifice, or none."""
    c = s.codes
    return [c.sacrifice[it] for it in s.items[s.current]] + [c.sacrifice_none]


def select_legal(s: MonsterState) -> list[int]:
    """Character selection (variant): one of the characters dealt."""
    character = s.codes.character
    return [character[ch] for ch in s.offered[s.current]]


def no_legal(s: MonsterState) -> list[int]:
    return []


def hunt_actions(s: MonsterState) -> list[int]:
    """MO The Hunt, one action: kill a lair's top monster with a weapon of its colour (in hand or armed), or with
    three weapons of any colour; use the character's ability (once a day) or an item; place a power cube on a bank
    stack; store a weapon (two needed); discard a weapon; or pass. Crises in force may forbid some
    (``crisis_rules``)."""
    p, c, cards = s.current, s.codes, s.cards
    have = s.hands[p]  # held in hand or armed, per colour (the hand itself when nothing is armed: only read here)
    armed = s.armed[p]
    if armed >= 0:
        have = have[:]
        have[armed] += 1
    h0, h1, h2, h3, h4 = have  # the five colours by name: no call to sum or list them
    held = h0 + h1 + h2 + h3 + h4
    keys = s.lair_keys
    # ``crisis_rules``, its cache read here (no call on a hit). The hot loops here avoid keyword arguments
    # (``max(default=)``, ``zip(strict=)``): parsing them costs more than the loop's body.
    hit = s.in_force
    if hit is None or hit[1] != keys or hit[0] != s.day_crises:
        crisis_rules(s)
        hit = s.in_force
        assert hit is not None
    rules: CrisisRules = hit[2]
    may_kill = have  # per colour: weapons that may kill today
    if rules.any_blocked:  # written out: no comprehension
        b0, b1, b2, b3, b4 = rules.blocked
        may_kill = [0 if b0 else h0, 0 if b1 else h1, 0 if b2 else h2, 0 if b3 else h3, 0 if b4 else h4]
    acts: list[int] = []
    rows = hit[4]  # each lair's kill codes by colour, in lair order (kept with the crisis rules)
    i = 0  # a counter, not ``zip``/``enumerate``: a third less a lair
    try:
        for stack in s.stacks:
            top = stack[-1]
            if may_kill[top]:
                acts.append(rows[i][top])
            i += 1
        gap = False
    except IndexError:  # a lair with no monster left (never in play: an emptied lair is destroyed at once)
        gap = True
        acts = [row[stack[-1]] for row, stack in zip(rows, s.stacks) if stack and may_kill[stack[-1]]]  # noqa: B905
    if held >= 3 and not rules.no_three and (sum(may_kill) if rules.any_blocked else held) >= 3:
        if not gap:  # the lairs the crises allow, kept with the crisis rules (``crisis_rules``)
            acts += hit[3]
        else:
            three, barred = c.three, rules.no_three_lairs
            acts += [three[key] for key, stack in zip(keys, s.stacks) if stack and key not in barred]  # noqa: B905
    if not s.exhausted[p]:
        usable, params = cards.character_usable[s.characters[p]]
        if usable is None or usable(s, p, params):  # None: nothing to check
            acts.append(c.ability)
    for it in s.items[p]:
        if it not in s.items_used[p]:
            usable, params = cards.loot_usable[it]
            if usable is None or usable(s, p, params):
                acts.append(c.item[it])
    if s.cubes[p] and not rules.no_cubes:
        bank = s.bank
        if all(bank):  # every stack has a card (the discard pile need not be read)
            acts += c.cube
        else:
            cube = c.cube
            for w in range(5):
                if bank[w] or bank_count(s, w):
                    acts.append(cube[w])
    if held >= 2:
        acts.append(c.store)
    discard = c.discard  # the colours held, in colour order
    if h0:
        acts.append(discard[0])
    if h1:
        acts.append(discard[1])
    if h2:
        acts.append(discard[2])
    if h3:
        acts.append(discard[3])
    if h4:
        acts.append(discard[4])
    acts.append(c.pass_)
    return acts


#: the lister of legal actions of each phase, indexed by phase (``state``: HUNT, PENDING, ARM, LOOT,
#: CRISIS_DISCARD, SACRIFICE, SELECT, OVER)
LEGAL: tuple[Callable[[MonsterState], list[int]], ...] = (
    hunt_actions, pending_legal, arm_legal, loot_legal, crisis_discard_legal, sacrifice_legal, select_legal, no_legal)


# --- applying actions -----------------------------------------------------------------------------------------------
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


# --- R6: several weapons discarded at once go to the pile in the order the player decides ----------------------------
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


def apply(s: MonsterState, code: int) -> None:
    """Apply a legal action code: the move of its op (``MOVES``), then the forced steps up to the next decision."""
    op, a, b = s.table.ops[code]
    s.step += 1
    MOVES[op](s, s.current, a, b)


# --- the moves, one function per action op: (state, seat, a, b) with (op, a, b) from the action table -------------
def move_kill(s: MonsterState, p: int, key: int, w: int) -> None:
    """MO Killing monsters: a weapon of the same colour kills the top monster of a lair."""
    s.turn_actor = p
    spend_weapon(s, p, w)
    if s.log is not None:  # ``log``, written out on the hot paths
        s.log.append((-1, ("weapon_kill", p, key, w)))
    i = s.lair_keys.index(key)
    if len(s.stacks[i]) > 1:  # the lair stays (no loot to choose first): arm, then the next player
        kill_top(s, p, i, "weapon")
        arm_then_next(s, p)
        return
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    kill_top(s, p, i, "weapon")
    proceed(s)


def move_three(s: MonsterState, p: int, key: int, _b: int) -> None:
    """MO Kill a monster using three weapons of any colour (the weapons are chosen next). ``start_pending`` written
    out (three weapon slots: nothing to settle yet), with the weapons that may kill counted for the choices
    (``state.three_kept``: held in hand or armed, of a colour no crisis blocks, as ``weapon_slot`` counts them)."""
    s.turn_actor = p
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    pending = s.pending = [p, "three", "three", {"lair": key}, ["weapon", "weapon", "weapon"], []]
    s.phase = PENDING
    s.current = p
    left = s.hands[p][:]
    armed = s.armed[p]
    if armed >= 0:
        left[armed] += 1
    hit = s.in_force  # ``crisis_rules``, its cache read here (no call on a hit)
    rules = hit[2] if hit is not None and hit[1] == s.lair_keys and hit[0] == s.day_crises else crisis_rules(s)
    if rules.any_blocked:
        for w, blk in enumerate(rules.blocked):
            if blk:
                left[w] = 0
    s.three_kept = (pending, 0, left)


def move_ability(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Use a character ability: once per day, the card is turned sideways; its choices come next."""
    s.turn_actor = p
    ch = s.cards.characters[s.characters[p]]
    s.exhausted[p] = True
    log(s, -1, "ability", p, s.characters[p])
    if ch.effect == "draw_then_discard":
        quartermaster_draw(s, p, ch.params)
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    start_pending(s, p, "ability", ch.effect, ch.params, CHARACTER_EFFECTS[ch.effect].slots(ch.params))


def move_item(s: MonsterState, p: int, item: int, _b: int) -> None:
    """MO Looting, items: used as an action, once per day. In a choice (the Motivator's, R9), another player's
    exhausted item to restore."""
    if s.phase == PENDING:
        s.pending[5].append(ITEM_CHOICE + item)
        settle_pending(s)
        return
    s.turn_actor = p
    card = s.cards.loot[item]
    s.items_used[p].append(item)
    log(s, -1, "item", p, item)
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    start_pending(s, p, "item", card.effect, card.params, LOOT_EFFECTS[card.effect].slots(card.params))


def move_cube(s: MonsterState, p: int, w: int, _b: int) -> None:
    """MO Place a power cube on a bank stack (``place_cube``)."""
    place_cube(s, p, w)
    arm_then_next(s, p)


def move_store(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Store a weapon: discard one weapon and put another face down (both chosen next)."""
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    start_pending(s, p, "store", "store", {}, ["weapon", "weapon"])


def move_discard(s: MonsterState, p: int, w: int, _b: int) -> None:
    """MO Discard a weapon (a delaying action)."""
    spend_weapon(s, p, w)
    if s.log is not None:
        s.log.append((-1, ("discard", p, w)))
    arm_then_next(s, p)


def move_pass(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO The Hunt: passing discards the hand and the armed weapon (R6: in the player's order).

    ``discard_in_order`` written out from the hand counted per type: with one type (or none) the order cannot
    matter and the pass is done at once; otherwise the order is asked, its counts kept (``state.order_kept``)."""
    left = s.hands[p][:]
    armed = s.armed[p]
    if armed >= 0:
        left[armed] += 1
    s.followups = [NEXT_STEP[p]]
    if left.count(0) >= 4:
        do_pass(s, p, weapons_listed(left))
        return
    show_hand(s, p, "pass")  # face up to the pile: seen before the order is asked (issue 26: not learnt from it)
    pending = s.pending = [p, "pass", ORDER, {"then": PASS_THEN}, [ORDER_SLOT] * (sum(left) - 1), []]
    s.phase, s.current = PENDING, p
    s.order_kept = (pending, 0, left)


def move_arm(s: MonsterState, p: int, w: int, _b: int) -> None:
    """MO Arming Weapons: after any action, one weapon from hand goes face up in front of the player."""
    s.hands[p][w] -= 1
    if w in s.known[p]:
        s.known[p].remove(w)
    elif w in s.held[p]:  # it may have been that one ("in the hand or the store")
        s.held[p].remove(w)
    s.armed[p] = w
    if s.log is not None:
        s.log.append((-1, ("arm", p, w)))
    proceed(s)


def move_on(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """Arm nothing, sacrifice nothing: the turn (or the crisis) goes on."""
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


def move_loot_take(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Looting: the destroyer takes the loot (``take_loot``)."""
    take_loot(s, p, s.loot_choice)


def move_loot_villagers(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Looting: the loot can be discarded for the villagers printed on it."""
    card = s.cards.loot[s.loot_choice]
    s.loot_discard.append(s.loot_choice)
    log(s, -1, "loot", p, s.loot_choice, "villagers")
    gain_villagers(s, card.villagers)
    proceed(s)


def move_sacrifice(s: MonsterState, p: int, item: int, _b: int) -> None:
    """For the Greater Good: a loot item discarded saves the villagers printed on it."""
    s.items[p].remove(item)
    if item in s.items_used[p]:
        s.items_used[p].remove(item)
    s.loot_discard.append(item)
    gg = next(i for i, f in enumerate(s.followups) if f[0] == "greater_good_end")
    _, amount, cap, saved = s.followups[gg]
    s.followups[gg] = ("greater_good_end", amount, cap, saved + s.cards.loot[item].villagers)
    log(s, -1, "sacrifice", p, item)
    if not s.items[p]:
        proceed(s)


def move_character(s: MonsterState, p: int, ch: int, _b: int) -> None:
    """Character selection (variant): each player keeps one of the characters dealt; then the first day."""
    s.characters[p] = ch
    log(s, -1, "character", p, ch)
    if p + 1 < s.n:
        s.current = p + 1
    else:
        s.offered = [[] for _ in range(s.n)]
        start_day(s)


#: the move of each action op (``actions``), indexed by op
MOVES: tuple[Callable[[MonsterState, int, int, int], None], ...] = tuple({
    A.KILL: move_kill, A.THREE: move_three, A.ABILITY: move_ability, A.ITEM: move_item, A.CUBE: move_cube,
    A.STORE: move_store, A.DISCARD: move_discard, A.PASS: move_pass, A.ARM: move_arm, A.ARM_NONE: move_on,
    A.LAIR: move_choose, A.WEAPON: move_weapon, A.BANK: move_choose, A.PLAYER: move_choose,
    A.CUBE_BACK: move_choose, A.LOOT_TAKE: move_loot_take, A.LOOT_VILLAGERS: move_loot_villagers,
    A.SACRIFICE: move_sacrifice, A.SACRIFICE_NONE: move_on, A.CHARACTER: move_character,
}[op] for op in range(20))


def place_cube(s: MonsterState, p: int, w: int) -> None:
    """MO Place a power cube: on the second cube, the first placer gains the stack's top weapon and both cubes
    return to their bags."""
    s.cubes[p] -= 1
    s.bank_cubes[w].append(p)
    if s.log is not None:
        s.log.append((-1, ("cube", p, w)))
    if len(s.bank_cubes[w]) >= 2:
        first = s.bank_cubes[w][0]
        got = bank_take(s, w)
        if got >= 0:
            s.hands[first][got] += 1
            s.known[first].append(got)  # the bank is face up: everyone saw it
            log(s, -1, "cube_weapon", first, w, got)
        for owner in s.bank_cubes[w][:2]:
            s.bags[owner] += 1
        s.bank_cubes[w] = s.bank_cubes[w][2:]
        if s.bounties:  # Looting, Bounties: only bounties in play can be met
            check_bounties(s, p, "cube_pair")


def take_loot(s: MonsterState, p: int, loot: int) -> None:
    """MO Looting: items are kept, spells act at once, bounties wait in play."""
    card = s.cards.loot[loot]
    log(s, -1, "loot", p, loot, card.kind)
    if card.kind == "item":
        s.items[p].append(loot)
        proceed(s)
    elif card.kind == "bounty":
        s.bounties.append(loot)
        proceed(s)
    else:
        s.loot_discard.append(loot)
        eff = LOOT_EFFECTS[card.effect]
        slots = eff.slots(card.params)
        if slots and not eff.usable(s, p, card.params):
            proceed(s)
            return
        start_pending(s, p, "spell", card.effect, card.params, slots)


#: per seat, the steps that follow a hunt action (``proceed``; MO The Hunt: arm, then the next player), made once
ARM_STEP = tuple(("arm", p) for p in range(7))
NEXT_STEP = tuple(("next", p) for p in range(7))


def arm_then_next(s: MonsterState, p: int) -> None:
    """MO The Hunt: after an action that queued nothing else (no loot to choose), the player arms a weapon if it
    may, then the next player: ``proceed`` over the steps ``[ARM_STEP[p], NEXT_STEP[p]]``, written out (what is
    left queued while the player arms is the next step)."""
    if s.armed[p] < 0 and not s.passed[p] and any(s.hands[p]):
        s.followups = [NEXT_STEP[p]]
        s.phase, s.current = ARM, p
        return
    s.followups = []
    advance_hunt(s, p)


def proceed(s: MonsterState) -> None:
    """Run the queued steps of the turn (loot choice, arming, next player) or of the crisis, until a decision."""
    while s.phase != OVER and s.followups:
        f = s.followups.pop(0)
        kind = f[0]
        if kind == "arm":  # the steps by frequency: arm and next follow every hunt action
            p = f[1]
            if s.armed[p] < 0 and not s.passed[p] and any(s.hands[p]):
                s.phase, s.current = ARM, p
                return
        elif kind == "next":
            advance_hunt(s, f[1])
            return
        elif kind == "loot":
            s.phase, s.current, s.loot_choice = LOOT, f[1], f[2]
            return
        elif kind == "crisis_discard":
            if weapons_held(s, f[1]):
                s.phase, s.current = CRISIS_DISCARD, f[1]
                return
        elif kind == "sacrifice":
            if s.items[f[1]]:
                s.phase, s.current = SACRIFICE, f[1]
                return
        elif kind == "greater_good_end":
            _, amount, cap, saved = f
            lose_villagers(s, max(0, amount - min(cap, saved)), "for the greater good")
        elif kind == "hunt":  # nobody has passed yet (R10: the passes ended at provisioning)
            s.phase, s.current = HUNT, s.leader
            log(s, -1, "hunt", s.leader)
            return


def advance_hunt(s: MonsterState, p: int) -> None:
    """MO The Hunt: clockwise among players who have not passed; when all have passed the hunt is over."""
    passed = s.passed
    for q in CLOCKWISE[s.n][p]:
        if not passed[q]:
            s.phase, s.current = HUNT, q
            return
    end_day(s)


def end_day(s: MonsterState) -> None:
    """MO Monster Attack, Recovery (reverse-order resurrection), Infestation (3 new lairs)."""
    per_lair = tuple(zip(s.lair_keys, map(len, s.stacks), attack_rates(s)))  # noqa: B905 (one stack a lair)
    total = sum(k * per for _, k, per in per_lair)
    log(s, -1, "attack", per_lair, total)
    lose_villagers(s, total, "monster attack")
    if s.phase == OVER:
        return
    recover(s)
    # R8: every hand is empty now except weapons gained after passing (a cube pair): they stay in that hand, and
    # what the table saw of them stays known (``known`` was cleared at each pass).
    if s.log is not None:
        s.log.append((-1, ("infestation",)))
    for _ in range(NEW_LAIRS):
        spawn_lair(s)
    start_day(s)


def recover(s: MonsterState) -> None:
    """MO Recovery: exhausted characters and loot items are restored; killed monsters return to the lairs still on
    the table in reverse order (the last killed first: each stack is as it was in the morning); today's day crises
    end. Each is told to the table (public: the used cards, the killed chips and the crises were all face up)."""
    log = s.log
    if log is not None:
        chars = tuple(q for q in SEATS[s.n] if s.exhausted[q])
        items = tuple((q, i) for q in SEATS[s.n] for i in s.items_used[q])
        if chars or items:
            log.append((-1, ("recovery", chars, items)))
    s.exhausted = [False] * s.n
    s.items_used = [[] for _ in SEATS[s.n]]
    for key, stack, dead in zip(s.lair_keys, s.stacks, s.dead):  # noqa: B905 (one stack a lair)
        if dead:
            stack.extend(reversed(dead))  # last killed returns first: the order is restored
            if log is not None:
                log.append((-1, ("return", key, len(dead), tuple(stack))))
            dead.clear()
    for c in s.day_crises:
        s.crisis_discards[s.cards.crises[c].level - 1].append(c)
        if log is not None:
            log.append((-1, ("crisis_ends", c)))
    s.day_crises = []


def refusal(s: MonsterState, name: str) -> Refusal:
    """Why ``name`` is refused now, as data (``core.ruleset.Refusal``), from what the seat to play may know: its own
    hand and the table. MO The Hunt: only the top monster of a lair can be killed, with a weapon of its colour held in
    hand or armed; a kill with three weapons needs three; storing needs two weapons; a power cube needs a cube and a
    bank stack; crises may forbid a weapon, cubes or three-weapon kills."""
    t = action_table(s.cards, s.n)
    code = t.codes.get(name)
    if code is None:
        return Refusal("unknown")
    if s.phase == OVER:
        return Refusal("over")
    op, a, b = t.ops[code]
    p = s.current
    wid = s.cards.weapons[b].id if op == A.KILL else ""
    if s.phase == HUNT and op in (A.KILL, A.THREE):
        lair = s.cards.lair_key_name(a)
        if a not in s.lair_keys or not s.stacks[s.lair_keys.index(a)]:
            return Refusal("lair_gone", {"lair": lair})
        if op == A.KILL:
            top = s.stacks[s.lair_keys.index(a)][-1]
            if top != b:
                return Refusal("not_top", {"lair": lair, "colour": COLOURS[top], "weapon": wid,
                                           "needed": s.cards.weapons[top].id})
            if not available(s, p, b):
                return Refusal("no_weapon", {"weapon": wid})
            return Refusal("blocked", {"weapon": wid})
        have = sum(available(s, p, w) for w in range(5))
        if have < 3:
            return Refusal("three_needs_three", {"have": have})
        if not three_allowed(s, a):
            return Refusal("no_three_here", {"lair": lair})
        return Refusal("three_blocked")
    if s.phase == HUNT and op == A.ABILITY:
        return Refusal("ability_used" if s.exhausted[p] else "ability_unusable")
    if s.phase == HUNT and op == A.ITEM:
        item = s.cards.loot[a].id
        if a not in s.items[p]:
            return Refusal("no_item", {"item": item})
        return Refusal("item_used" if a in s.items_used[p] else "item_unusable", {"item": item})
    if s.phase == HUNT and op == A.CUBE:
        if not s.cubes[p]:
            return Refusal("no_cube")
        if not cubes_allowed(s):
            return Refusal("cubes_forbidden")
        return Refusal("bank_empty", {"weapon": s.cards.weapons[a].id})
    if s.phase == HUNT and op == A.STORE:
        return Refusal("store_needs_two")
    if s.phase == HUNT and op == A.DISCARD:
        return Refusal("no_weapon", {"weapon": s.cards.weapons[a].id})
    if s.phase == ARM and op == A.ARM:
        return Refusal("no_weapon", {"weapon": s.cards.weapons[a].id})
    return Refusal("not_now")


#: the engine's English for each refusal (developer text: ids, not names; players read ``text.explain_refusal``)
REFUSAL_EN = {
    "unknown": "{name!r} is not a Monster action id",
    "over": "the game is over",
    "lair_gone": "{lair} is not on the table or has no monster left",
    "not_top": "only the top monster of a lair can be killed, and it is a {colour} one: it needs a {needed}",
    "no_weapon": "seat {p} has no {weapon}",
    "blocked": "{weapon}s cannot be used today (crisis)",
    "three_needs_three": "a kill with three weapons needs three weapons; seat {p} has {have}",
    "no_three_here": "no kill with three weapons on {lair} (crisis)",
    "three_blocked": "fewer than three of seat {p}'s weapons may be used today (crisis)",
    "ability_used": "seat {p}'s character is used for today",
    "ability_unusable": "seat {p}'s character's ability has nothing to act on now",
    "no_item": "seat {p} does not hold {item}",
    "item_used": "{item} is used for today",
    "item_unusable": "{item} has nothing to act on now",
    "no_cube": "seat {p} has no power cube left",
    "cubes_forbidden": "no power cube can be placed today (crisis)",
    "bank_empty": "the {weapon} bank stack is empty",
    "store_needs_two": "storing needs two weapons (one stored, one discarded)",
    "not_now": "{name!r} is not allowed now: {phase}",
}


def why_illegal(s: MonsterState, name: str) -> str:
    from monsterbox.games.monster.view import phase_summary

    t = action_table(s.cards, s.n)
    legal = ", ".join(t.names[a] for a in legal_actions(s)) if s.phase != OVER else "none (game over)"
    r = refusal(s, name)
    reason = REFUSAL_EN[r.code].format(name=name, p=s.current, phase=phase_summary(s), **r.params)
    return f"illegal action: {reason}. Legal now: {legal}"


class MonsterRules(PhasedRuleset):
    game_id = "monster"
    title = "Monster"
    min_players = 2
    max_players = 6
    secret_options = ("lairs", "crises", "weapons", "characters")
    over_phase = OVER
    decision_kinds = DECISION_KINDS
    view_module = "monsterbox.games.monster.view"

    # the module's functions themselves, not methods calling them: one call less on every decision or new game
    # (mypy: their parameters are named ``s``/``code``, not ``state``/``action``; positional use is the same)
    validate_options = staticmethod(validate_options)
    setup = staticmethod(setup)
    legal_actions = staticmethod(legal_actions)  # type: ignore[assignment]
    apply = staticmethod(apply)  # type: ignore[assignment]
    # read by the Game wrapper two to three times a decision: plain attribute reads in C (``attrgetter`` is not a
    # descriptor, so ``RULES.is_over(state)`` calls it with the state alone), not Python methods (as Mansion's)
    is_over = attrgetter("over")  # type: ignore[assignment]
    step_count = attrgetter("step")  # type: ignore[assignment]

    def rewards(self, state: MonsterState) -> list[float]:
        assert state.result is not None
        return [1.0 if state.result["won"] else 0.0] * state.n

    def estimate(self, state: MonsterState) -> list[float]:
        from monsterbox.games.monster.estimate import estimate

        return estimate(state)

    def copy(self, state: MonsterState, keep_log: bool = True) -> MonsterState:
        return copy_state(state, keep_log)

    def action_tables(self, state: MonsterState) -> tuple[Sequence[str], dict[str, int]]:
        t = state.table  # ``action_table(state.cards, state.n)``, kept on the state
        return t.names, t.codes

    def why_illegal(self, state: MonsterState, name: str) -> str:
        return why_illegal(state, name)

    def refusal(self, state: MonsterState, name: str) -> Refusal:
        return refusal(state, name)


RULES = MonsterRules()
