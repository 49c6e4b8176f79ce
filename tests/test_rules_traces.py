"""The engine plays recorded seeded games exactly as recorded (``tests/rules_trace.py``): speed work on the rules
must not change a legal list, its order, a chance draw, a determinization or a result."""

from __future__ import annotations

import pytest

from tests.rules_trace import CASES, compare, load, trace

RECORDED = {(t["game"], t["players"], t["seed"], t["agent"]): t for t in load()}


def test_every_case_is_recorded() -> None:
    wanted = {(g, n, s, agent) for g, n, seeds, agent in CASES for s in seeds}
    assert wanted == set(RECORDED), "tests/data/rules-traces.json.gz is out of date with CASES: regenerate it"


GROUPS = sorted({(g, n, agent) for g, n, _, agent in CASES})


@pytest.mark.parametrize("case", GROUPS, ids=lambda c: "-".join(map(str, c)))
def test_games_replay_as_recorded(case: tuple[str, int, str]) -> None:
    game_id, players, agent = case
    for (g, n, seed, a), expected in sorted(RECORDED.items()):
        if (g, n, a) == case:
            difference = compare(expected, trace(game_id, players, seed, agent))
            assert difference is None, difference


def test_compare_names_the_first_difference() -> None:
    expected = RECORDED[("inn", 3, 0, "random")]
    changed = {**expected, "decisions": [list(d) for d in expected["decisions"]]}
    legal, pick = changed["decisions"][7]
    changed["decisions"][7] = [list(reversed(legal)), pick]
    message = compare(expected, changed)
    assert message is not None and "decision 7" in message and "inn 3p seed 0 random" in message
    assert compare(expected, {**expected, "result": {"scores": [], "winners": []}}) is not None
