"""The choices settled from counts kept on the state (a kill with three weapons, R6's discard order, a pass; the
hunt's listing) agree with the plain rules along seeded random games of every variant
(docs/results/engine-speed.md, Monster's seventh round).

Each game is played twice in lockstep: once through ``apply`` as it is, once by the plain rules, the kept counts
dropped before every decision (so the generic ``weapon_slot``/``order_slot``/``settle_pending``/``finish_pending``
run) and the kill with three weapons and the pass made as the rulebook states them (``start_pending`` with three
weapon slots; ``discard_in_order`` of the hand and the armed weapon). The legal actions and the whole state must
agree at every step."""

from __future__ import annotations

import random
from typing import Any

import pytest

import monsterbox
from monsterbox.games.monster import actions as A
from monsterbox.games.monster import choices
from monsterbox.games.monster.choices import PASS_THEN, discard_in_order, start_pending, weapons_listed
from monsterbox.games.monster.hunt import place_cube
from monsterbox.games.monster.mechanics import check_bounties, kill_top, log, spend_weapon
from monsterbox.games.monster.phases import proceed
from monsterbox.games.monster.rules import apply, legal_actions
from monsterbox.games.monster.state import HUNT, MonsterState, copy_state

#: the state's caches: not part of the game (each is checked against what it stands for where it is read)
CACHES = {"order_kept", "three_kept", "in_force"}
FIELDS = [f for f in MonsterState.__slots__ if f not in CACHES]


def plain(s: MonsterState) -> MonsterState:
    """``s`` with its kept counts dropped: the generic choice path from here on."""
    s.order_kept = s.three_kept = None
    return s


def plain_resolve_three(s: MonsterState, p: int, key: int, chosen: tuple[int, ...]) -> None:
    """MO Kill a monster using three weapons, weapon by weapon (``spend_weapon``), then the queued steps."""
    for w in chosen:
        spend_weapon(s, p, w)
    if s.log is not None:
        s.log.append((-1, ("three", p, key, tuple(chosen))))
    kill_top(s, p, s.lair_keys.index(key), "three weapons")
    if s.bounties:
        check_bounties(s, p, "three")
    proceed(s)


def plain_apply(s: MonsterState, code: int) -> None:
    """``apply`` by the plain rules: MO Kill a monster using three weapons (three weapon slots, then the kill, its
    weapons spent one by one), MO The Hunt's pass (the hand and the armed weapon discarded in the player's order,
    R6), a kill, a cube and a discard (then the steps arm and next, queued) as stated; every other move as it is,
    with no kept counts to read."""
    plain(s)
    op, a, b = s.table.ops[code]
    p = s.current
    if op in (A.KILL, A.CUBE, A.DISCARD):
        s.step += 1
        if op == A.KILL:
            s.turn_actor = p
            spend_weapon(s, p, b)
            log(s, -1, "weapon_kill", p, a, b)
            s.followups = [("arm", p), ("next", p)]
            kill_top(s, p, s.lair_keys.index(a), "weapon")
        elif op == A.CUBE:
            place_cube(s, p, a)
            s.followups = [("arm", p), ("next", p)]
        else:
            spend_weapon(s, p, a)
            log(s, -1, "discard", p, a)
            s.followups = [("arm", p), ("next", p)]
        proceed(s)
    elif op == A.THREE:
        s.step += 1
        s.turn_actor = p
        s.followups = [("arm", p), ("next", p)]
        start_pending(s, p, "three", "three", {"lair": a}, ["weapon"] * 3)
    elif op == A.PASS:
        s.step += 1
        gone = weapons_listed(s.hands[p])
        if s.armed[p] >= 0:
            gone.append(s.armed[p])
        s.followups = [("next", p)]
        discard_in_order(s, p, "pass", ("pass",), gone)
    else:
        fast, choices.resolve_three = choices.resolve_three, plain_resolve_three
        try:
            apply(s, code)
        finally:
            choices.resolve_three = fast
    plain(s)


def plain_store_slot(s: MonsterState) -> list[int]:
    """MO Store a weapon: any weapon held in hand or armed, less the one named first."""
    p, chosen = s.current, s.pending[5]
    have = [s.hands[p][w] + (s.armed[p] == w) - chosen.count(w) for w in range(5)]
    return [s.codes.weapon[w] for w in range(5) if have[w] > 0]


def differences(s: MonsterState, r: MonsterState) -> list[str]:
    return [f for f in FIELDS if getattr(s, f) != getattr(r, f)]


OPTIONS: list[dict[str, Any]] = [
    {}, {"elite": True}, {"elite": True, "crisis_level": 2}, {"unreliable_weaponry": True}, {"crisis_level": 2},
    {"character_choices": 2}, {"elite": True, "unreliable_weaponry": True}, {"character_choices": 3, "elite": True},
]


@pytest.mark.parametrize("variant", range(len(OPTIONS)))
def test_kept_choices_match_the_plain_rules_along_random_games(variant):
    options = OPTIONS[variant]
    seen = {"three": 0, "order": 0, "pass": 0}
    for seed in range(12):
        players = 2 + (seed + variant) % 5 if "character_choices" not in options else 2 + seed % 2
        g = monsterbox.new_game("monster", players, 1000 * variant + seed, options)
        s = g.state
        r = copy_state(s)
        rng = random.Random(seed)
        while not g.over:
            listed = legal_actions(s)
            assert listed == legal_actions(plain(copy_state(r))), (seed, s.step)
            if s.phase == HUNT:
                assert listed == plain_hunt(s)
            elif s.pending and s.pending[1] == "store":
                assert listed == plain_store_slot(s)
            code = listed[rng.randrange(len(listed))]
            op = s.table.ops[code][0]
            seen["three"] += op == A.THREE
            seen["pass"] += op == A.PASS
            seen["order"] += bool(s.pending) and s.pending[2] == "discard_order"
            apply(s, code)
            plain_apply(r, code)
            assert differences(s, r) == [], (seed, s.step, s.table.names[code])
    assert min(seen.values()) > 5, seen


def test_a_copy_mid_choice_takes_the_generic_path():
    """``copy_state`` carries no kept counts: a copy made in the middle of a kill with three weapons or of a
    discard order lists and settles the same choices by the generic path."""
    checked = 0
    for seed in range(30):
        g = monsterbox.new_game("monster", 2 + seed % 5, seed, {"elite": seed % 2 == 1})
        rng = random.Random(seed)
        while not g.over:
            s = g.state
            if s.pending:
                c = copy_state(s)
                assert c.three_kept is None and c.order_kept is None
                listed = legal_actions(s)
                assert legal_actions(c) == listed
                code = listed[rng.randrange(len(listed))]
                apply(c, code)
                g.play_code(code)
                assert differences(g.state, c) == []
                checked += 1
                continue
            acts = g.legal_codes()
            g.play_code(acts[rng.randrange(len(acts))])
    assert checked > 100


def test_pass_then_is_the_pass():
    assert PASS_THEN == ("pass",)


def plain_hunt(s: MonsterState) -> list[int]:
    """MO The Hunt's actions as the rulebook lists them, codes looked up by move: kills of each lair's top monster
    with a weapon of its colour (one no crisis blocks), kills with three weapons, ability, items, cubes, store,
    discards, pass."""
    from monsterbox.games.monster.effects import CHARACTER_EFFECTS, LOOT_EFFECTS
    from monsterbox.games.monster.mechanics import bank_count, rules_of_crises

    index, p = s.table.index, s.current
    rules = rules_of_crises(s.cards.crises, s.day_crises, s.lair_keys)
    have = [s.hands[p][w] + (s.armed[p] == w) for w in range(5)]
    may_kill = [0 if rules.blocked[w] else have[w] for w in range(5)]
    lairs = [(k, st) for k, st in zip(s.lair_keys, s.stacks, strict=True) if st]
    acts = [index[(A.KILL, k, st[-1])] for k, st in lairs if may_kill[st[-1]]]
    if sum(may_kill) >= 3 and not rules.no_three:
        acts += [index[(A.THREE, k, -1)] for k, _ in lairs if k not in rules.no_three_lairs]
    ch = s.cards.characters[s.characters[p]]
    if not s.exhausted[p] and CHARACTER_EFFECTS[ch.effect].usable(s, p, ch.params):
        acts.append(index[(A.ABILITY, -1, -1)])
    for it in s.items[p]:
        card = s.cards.loot[it]
        if it not in s.items_used[p] and LOOT_EFFECTS[card.effect].usable(s, p, card.params):
            acts.append(index[(A.ITEM, it, -1)])
    if s.cubes[p] and not rules.no_cubes:
        acts += [index[(A.CUBE, w, -1)] for w in range(5) if bank_count(s, w) > 0]
    if sum(have) >= 2:
        acts.append(index[(A.STORE, -1, -1)])
    acts += [index[(A.DISCARD, w, -1)] for w in range(5) if have[w]]
    return acts + [index[(A.PASS, -1, -1)]]


@pytest.mark.parametrize("seed", range(40))
def test_hunt_with_a_lair_left_empty_matches_the_rules(seed):
    """The hunt's kills read each lair's kill codes kept with the crisis rules and stop at an empty stack (never in
    play): with one lair emptied by hand, the listing is still the rules' (no kill or three-weapon kill there)."""
    from monsterbox.games.monster.hunt import hunt_actions

    options = OPTIONS[seed % len(OPTIONS)]
    players = 2 + seed % 5 if "character_choices" not in options else 2 + seed % 2
    g = monsterbox.new_game("monster", players, seed, options)
    rng = random.Random(seed)
    checked = 0
    while not g.over and checked < 5:
        s = g.state
        if s.phase == HUNT:
            c = copy_state(s)
            c.stacks[rng.randrange(len(c.stacks))] = []
            assert hunt_actions(c) == plain_hunt(c)
            assert hunt_actions(s) == plain_hunt(s)
            checked += 1
        acts = g.legal_codes()
        g.play_code(acts[rng.randrange(len(acts))])


def test_usable_checks_are_none_only_for_effects_with_nothing_to_check():
    """The hunt asks an ability's or an item's ``usable`` unless the card set's table holds None for it: exactly the
    effects whose check is ``always_usable`` (true whatever the state)."""
    from monsterbox.games.monster.cards import default_cards
    from monsterbox.games.monster.effects import CHARACTER_EFFECTS, LOOT_EFFECTS, always_usable, usable_checks

    cards = default_cards()
    character_usable, loot_usable = usable_checks(cards)
    for table, entries, effects in ((character_usable, cards.characters, CHARACTER_EFFECTS),
                                    (loot_usable, cards.loot, LOOT_EFFECTS)):
        assert len(table) == len(entries)
        for (usable, params), entry in zip(table, entries, strict=True):
            check = effects[entry.effect].usable
            assert params is entry.params
            assert (usable is None) == (check is always_usable) and (usable is None or usable is check)
    assert any(u is None for u, _ in character_usable) and any(u is not None for u, _ in character_usable)
