"""Monster's setup (docs/results/engine-speed.md, seventh round): the planned shuffle draws what
``random.Random.shuffle`` draws, and ``rules.setup`` builds the very state of the setup written out rule by rule
(MO Setup with the standard library's shuffle, ``spawn_lair`` four times and ``start_day``), for any seed, player
count and option."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monsterbox.core import rng as crng
from monsterbox.games.monster import rules as R
from monsterbox.games.monster.actions import action_tables
from monsterbox.games.monster.cards import default_cards
from monsterbox.games.monster.effects import usable_checks
from monsterbox.games.monster.phases import start_day
from monsterbox.games.monster.provisioning import BAG_CUBES, spawn_lair
from monsterbox.games.monster.state import HUNT, SELECT, MonsterState


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=300),
       repeats=st.booleans(), again=st.booleans())
def test_planned_shuffle_is_random_shuffle(seed: int, size: int, repeats: bool, again: bool) -> None:
    """Any seed and length, distinct cards or repeated colours, a length shuffled for the first time or with its
    plan made already: ``rng.shuffle``'s permutation, and the generator left where ``rng.shuffle`` leaves it."""
    items = [k % 5 for k in range(size)] if repeats else list(range(size))
    if again:
        crng.shuffle_random_planned(random.Random(0), list(items))
    else:
        crng._SHUFFLE_PLANS.pop(size, None)
    a, b = items[:], items[:]
    r1, r2 = random.Random(seed), random.Random(seed)
    r1.shuffle(a)
    crng.shuffle_random_planned(r2, b)
    assert b == a
    assert r2.getrandbits(64) == r1.getrandbits(64)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), sizes=st.lists(st.integers(min_value=0, max_value=160),
                                                                       max_size=7))
def test_planned_shuffle_of_several_piles_is_one_shuffle_after_another(seed: int, sizes: list[int]) -> None:
    piles = [list(range(n)) for n in sizes]
    expected = [p[:] for p in piles]
    r1, r2 = random.Random(seed), random.Random(seed)
    for p in expected:
        r1.shuffle(p)
    crng.shuffle_random_planned(r2, *piles)
    assert piles == expected
    assert r2.getrandbits(64) == r1.getrandbits(64)


def test_shuffle_plan_lists_every_position_once() -> None:
    for n in range(300):
        plan = crng._shuffle_plan(n)
        assert [i for _, positions in plan for i in positions] == list(range(n - 1, 0, -1))
        assert all((i + 1).bit_length() == k for k, positions in plan for i in positions)


def reference_ordered(rng: random.Random, items: list[int], first: list[int]) -> list[int]:
    rest = list(items)
    for x in first:
        rest.remove(x)
    rng.shuffle(rest)
    return rest + first[::-1]


def reference_setup(players: int, options: dict[str, Any], rng: random.Random) -> MonsterState:
    """MO Setup written out: the bank (10 of each weapon; unreliable weaponry: 10 random ones), every deck shuffled
    with the chosen cards on top, the characters dealt, the first leader drawn, four lairs spawned one by one, the
    first day begun (``start_day``)."""
    cards = R.card_set(options)
    st_ = crng.seed_state(rng.getrandbits(128))
    unreliable = options.get("unreliable_weaponry", False)
    if unreliable:
        weapons = [w for w in range(5) for _ in range(R.WEAPONS_PER_TYPE)]
        rng.shuffle(weapons)
        bank = [weapons[k * R.BANK_PER_TYPE:(k + 1) * R.BANK_PER_TYPE] for k in range(5)]
        weapons = weapons[5 * R.BANK_PER_TYPE:]
    else:
        bank = [[w] * R.BANK_PER_TYPE for w in range(5)]
        weapons = [w for w in range(5) for _ in range(R.WEAPONS_PER_TYPE - R.BANK_PER_TYPE)]
    weapon_deck = reference_ordered(rng, weapons, R._first(options, "weapons", cards.weapons))
    lair_deck = reference_ordered(rng, list(range(len(cards.lairs))), R._first(options, "lairs", cards.lairs))
    loot_deck = reference_ordered(rng, list(range(len(cards.loot))), [])
    forced = R._first(options, "crises", cards.crises)
    decks = [reference_ordered(rng, list(cards.crisis_levels[level - 1]),
                               [i for i in forced if cards.crises[i].level == level]) for level in (1, 2)]
    char_deck = reference_ordered(rng, list(range(len(cards.characters))),
                                  R._first(options, "characters", cards.characters))
    k = options.get("character_choices", 1)
    offered = [[char_deck.pop() for _ in range(k)] for _ in range(players)]
    characters = [o[0] for o in offered]
    if k == 1:
        offered = [[] for _ in range(players)]
    table, codes = action_tables(cards, players)
    leader = options["first_leader"] if "first_leader" in options else rng.randrange(players)
    s = MonsterState(
        cards=cards, n=players, elite=options.get("elite", False), crisis_level=options.get("crisis_level", 1),
        unreliable=unreliable, weapon_deck=weapon_deck, weapon_discard=[], bank=bank,
        bank_cubes=[[] for _ in range(5)], hands=[[0] * 5 for _ in range(players)],
        known=[[] for _ in range(players)], armed=[-1] * players, stored=[[] for _ in range(players)],
        held=[[] for _ in range(players)], cubes=[0] * players, bags=[BAG_CUBES] * players,
        characters=characters, offered=offered, exhausted=[False] * players,
        items=[[] for _ in range(players)], items_used=[[] for _ in range(players)], lair_keys=[], stacks=[],
        dead=[], lair_loot=[], lair_deck=lair_deck, lair_discard=[], loot_deck=loot_deck, loot_discard=[],
        crisis_decks=decks, crisis_discards=[[], []], day_crises=[], bounties=[], villagers=R.START_VILLAGERS,
        leader=leader, day=0, phase=HUNT, current=0, passed=[False] * players, pending=[], followups=[],
        loot_choice=-1, turn_actor=0, rng=st_, step=0, log=[], table=table, codes=codes,
        usable=usable_checks(cards),
    )
    for _ in range(R.START_LAIRS):
        spawn_lair(s)
    if k > 1:
        s.phase, s.current = SELECT, 0
        return s
    start_day(s)
    return s


CARDS = default_cards()
SCRIPTS: list[dict[str, Any]] = [
    {},
    {"elite": True},
    {"unreliable_weaponry": True},
    {"crisis_level": 2},
    {"character_choices": 2},
    {"first_leader": 1},
    {"lairs": [CARDS.lairs[3].id, CARDS.lairs[0].id]},
    {"weapons": [CARDS.weapons[2].id, CARDS.weapons[2].id, CARDS.weapons[4].id]},
    {"crises": [c.id for c in CARDS.crises if c.level == 1][:2]},
    {"characters": [CARDS.characters[5].id], "elite": True, "unreliable_weaponry": True},
]


@pytest.mark.parametrize("script", SCRIPTS)
def test_setup_is_the_setup_written_out(script: dict[str, Any]) -> None:
    for seed in range(40):
        players = 2 + seed % (4 if "character_choices" in script else 5)
        options = R.validate_options(players, script)
        fast = R.setup(players, options, random.Random(seed))
        plain = reference_setup(players, options, random.Random(seed))
        assert fast == plain
        assert fast.log == plain.log


def test_first_lairs_leave_short_decks_to_spawn_lair() -> None:
    """A deck of fewer than four cards (a small card file): no lair is spread at once, the decks are untouched."""
    lairs, loot = [5, 1, 2], [0, 1, 2, 3, 4]
    assert R.first_lairs(CARDS, lairs, loot) == ([], [], [], [], [])
    assert lairs == [5, 1, 2] and loot == [0, 1, 2, 3, 4]
    keys, stacks, dead, lair_loot, log = R.first_lairs(CARDS, [7, 6, 5, 4, 3], [9, 8, 7, 6])
    assert keys == [3, 4, 5, 6] and lair_loot == [6, 7, 8, 9] and dead == [[], [], [], []]
    assert stacks == [list(CARDS.lair_stacks[k]) for k in keys]
    assert log == [(-1, ("lair", k, CARDS.lair_stacks[k], c)) for k, c in zip(keys, lair_loot, strict=True)]
