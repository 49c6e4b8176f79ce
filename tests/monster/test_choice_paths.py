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
from monsterbox.games.monster.rules import (
    PASS_THEN,
    apply,
    discard_in_order,
    legal_actions,
    start_pending,
    weapons_listed,
)
from monsterbox.games.monster.state import MonsterState, copy_state

#: the state's caches: not part of the game (each is checked against what it stands for where it is read)
CACHES = {"order_kept", "three_kept", "in_force"}
FIELDS = [f for f in MonsterState.__slots__ if f not in CACHES]  # type: ignore[attr-defined]


def plain(s: MonsterState) -> MonsterState:
    """``s`` with its kept counts dropped: the generic choice path from here on."""
    s.order_kept = s.three_kept = None
    return s


def plain_apply(s: MonsterState, code: int) -> None:
    """``apply`` by the plain rules: MO Kill a monster using three weapons (three weapon slots, then the kill) and
    MO The Hunt's pass (the hand and the armed weapon discarded in the player's order, R6) as stated; every other
    move as it is, with no kept counts to read."""
    plain(s)
    op, a, _ = s.table.ops[code]
    p = s.current
    if op == A.THREE:
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
        apply(s, code)
    plain(s)


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
