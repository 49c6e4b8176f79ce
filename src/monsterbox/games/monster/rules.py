"""Monster rules as plain functions over a MonsterState: the options, the setup, and the legal actions and moves of
every phase gathered from the modules of the rulebook's phases (the ruleset's dispatch), refusals, and the ruleset.

References: MO = monster.txt (section names), R<n> = shared/RULINGS.md Monster ruling n, P<n> = the project's own
rulings in docs/rules/monster.md. The rules are read in the rulebook's order, each module importing only those before
it: ``cards`` (the card file), ``state``, ``actions`` (ids and codes), ``mechanics`` (basic moves), ``effects`` (card
abilities), then the phases: ``provisioning`` (Provisioning, Crisis), ``attack`` (Monster Attack, Recovery,
Infestation), ``phases`` (the days and the steps after a decision), ``choices`` (an action's choices, R6's discard
order), ``hunt`` (The Hunt, Special Actions, Arming Weapons), ``looting`` (Looting, For the Greater Good); then
``estimate`` (the search's evaluation) and this module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter
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
from monsterbox.games.monster.choices import SLOT_OPTIONS, move_choose, move_weapon, pending_legal, three_slot
from monsterbox.games.monster.effects import usable_checks
from monsterbox.games.monster.estimate import estimate
from monsterbox.games.monster.hunt import (
    arm_legal,
    hunt_actions,
    move_ability,
    move_arm,
    move_cube,
    move_discard,
    move_item,
    move_kill,
    move_on,
    move_pass,
    move_store,
    move_three,
)
from monsterbox.games.monster.looting import (
    loot_legal,
    move_loot_take,
    move_loot_villagers,
    move_sacrifice,
    sacrifice_legal,
)
from monsterbox.games.monster.mechanics import available, log
from monsterbox.games.monster.phases import first_day, start_day
from monsterbox.games.monster.provisioning import (
    BAG_CUBES,
    SEATS,
    crisis_discard_legal,
    cubes_allowed,
    seat_lists,
    spawn_lair,
    three_allowed,
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
    "verbal_communication": "bool: the variant 'More verbal communication' (the players may talk: a table's chat)",
}


#: the options a game without any validates to (``validate_options``), for any player count: copied, not checked
DEFAULT_OPTIONS = {"elite": False, "unreliable_weaponry": False, "crisis_level": 1, "character_choices": 1}


def verbal_communication(options: dict[str, Any]) -> bool:
    """Rule Variants, "More verbal communication": "While the game is designed to be played with no verbal
    coordination at all, most groups find it fun to allow some general strategy discussion". The variant changes
    talking only (the Introduction's "you are not allowed to reveal your cards or verbally tell each other what to
    do" is lifted for talk); no card, deal or rule of play changes, so the engine plays the same game. A server's
    table has a chat iff it is on (``server/chat.py``)."""
    return bool_option(options, "verbal_communication")


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
    if verbal_communication(options):
        out["verbal_communication"] = True  # kept only when on: a record without the variant stays as it was
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
    st = crng.seed_state(rng.getrandbits(128))  # chance during play; the setup shuffles use ``rng`` directly
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
        st, 0, log, table, codes, usable_checks(cards),  # rng, step, log, table, codes, usable
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


def select_legal(s: MonsterState) -> list[int]:
    """Character selection (variant): one of the characters dealt."""
    character = s.codes.character
    return [character[ch] for ch in s.offered[s.current]]


def no_legal(s: MonsterState) -> list[int]:
    return []


#: the lister of legal actions of each phase, indexed by phase (``state``: HUNT, PENDING, ARM, LOOT,
#: CRISIS_DISCARD, SACRIFICE, SELECT, OVER)
LEGAL: tuple[Callable[[MonsterState], list[int]], ...] = (
    hunt_actions, pending_legal, arm_legal, loot_legal, crisis_discard_legal, sacrifice_legal, select_legal, no_legal)


def apply(s: MonsterState, code: int) -> None:
    """Apply a legal action code: the move of its op (``MOVES``), then the forced steps up to the next decision."""
    op, a, b = s.table.ops[code]
    s.step += 1
    MOVES[op](s, s.current, a, b)


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


def phase_summary(s: MonsterState) -> str:
    """What the seat to play decides now, in the engine's English (``why_illegal``)."""
    p = s.current
    if s.phase == PENDING:
        slots = s.pending[4]
        if slots[len(s.pending[5])] == "discard_order":
            return (f"seat {p} puts its discarded weapons on the pile one at a time: the next one (the last ends on "
                    "top)")
        return f"seat {p} chooses the {slots[len(s.pending[5])].replace('_', ' ')} for its action"
    return {
        HUNT: f"seat {p} takes one hunt action or passes",
        ARM: f"seat {p} may arm a weapon",
        LOOT: f"seat {p} takes the loot or the villagers printed on it",
        CRISIS_DISCARD: f"seat {p} discards a weapon (crisis)",
        SACRIFICE: f"seat {p} may discard loot items to save villagers (For the Greater Good)",
        SELECT: f"seat {p} chooses a character",
        OVER: "the game is over",
    }.get(s.phase, "")


def why_illegal(s: MonsterState, name: str) -> str:
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
    estimate = staticmethod(estimate)  # type: ignore[assignment]
    # read by the Game wrapper two to three times a decision: plain attribute reads in C (``attrgetter`` is not a
    # descriptor, so ``RULES.is_over(state)`` calls it with the state alone), not Python methods (as Mansion's)
    is_over = attrgetter("over")  # type: ignore[assignment]
    step_count = attrgetter("step")  # type: ignore[assignment]

    def rewards(self, state: MonsterState) -> list[float]:
        assert state.result is not None
        return [1.0 if state.result["won"] else 0.0] * state.n


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
