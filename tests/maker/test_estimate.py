"""The Monster Maker position estimate (cut-off playouts of ISMCTS): expected final scores, then win chances."""

from __future__ import annotations

import pytest

import monsterbox
from monsterbox.games.maker.cards import LABYRINTH
from monsterbox.games.maker.estimate import estimate, expected_score, treasure_value
from monsterbox.games.maker.heuristic import rollout_policy
from monsterbox.games.maker.state import ENTERING, EXITED, EXITING


def heuristic_game(seed: int) -> list[monsterbox.Game]:
    """Every position of a 4-player game of heuristic bots."""
    g = monsterbox.new_game("maker", 4, seed=seed)
    out = [g.copy()]
    while not g.over:
        g.play(g.action_name(rollout_policy(g.state)))
        out.append(g.copy())
    return out


@pytest.mark.parametrize("seed", [5, 6])
def test_reaching_the_chest_is_not_charged_the_whole_way_back(seed):
    """Right after the chest a seat expects at least half its treasures' value (the earlier estimate charged the
    unwalked way back at 4 per unit and made the chest look worse than staying in)."""
    seen = 0
    games = heuristic_game(seed)
    for before, after in zip(games, games[1:], strict=False):
        s0, s1 = before.state, after.state
        for p in range(4):
            if s0.stage[p] == ENTERING and s1.stage[p] == EXITING and not s1.end_phase:
                value = sum(treasure_value(s1.cards, t) for t in s1.treasures[p])
                assert expected_score(s1, p) >= 0.5 * value - 10
                seen += 1
    assert seen >= 2


def test_an_exited_seat_expects_its_victory_judgment_score():
    """Victory Judgment: treasures + 100 to the first out - 2 per unit walked too far (fixed-value treasures)."""
    checked = 0
    for seed in range(5, 12):
        s = heuristic_game(seed)[-1].state
        for p in range(4):
            fixed = all(s.cards.treasures[t].value is not None for t in s.treasures[p])
            if s.stage[p] == EXITED and fixed:
                # at the end the round's score is already in ``totals`` (the rounds before it are added)
                round_score = s.result["rounds"][-1]["detail"][p]["score"]
                assert expected_score(s, p) - s.totals[p] == pytest.approx(round_score)
                checked += 1
    assert checked >= 3


def test_in_the_end_phase_the_shortfall_beyond_the_hand_costs_ten_per_unit():
    s = heuristic_game(5)[40].state
    cards = s.cards
    t = next(i for i, info in enumerate(cards.treasures) if info.value is not None and not info.exit_modifier)
    p = 0
    s.end_phase, s.stage[p], s.treasures[p], s.monster[p] = True, EXITING, [t], -1
    s.entry[p], s.exit_d[p] = 100, 70
    s.hands[p] = [0] * len(s.hands[p])
    value = cards.treasures[t].value
    assert expected_score(s, p) == max(0, value - 10 * 30)
    lab20 = next(c for c in cards.types_of(LABYRINTH) if cards.distance[c] == 20)
    s.hands[p][lab20] = 1
    assert expected_score(s, p) == max(0, value - 10 * 10)
    s.hands[p][lab20] = 2
    assert expected_score(s, p) == value


def test_estimate_is_a_distribution_favouring_the_leader():
    s = heuristic_game(6)[-2].state
    est = estimate(s)
    assert sum(est) == pytest.approx(1.0)
    scores = [expected_score(s, p) for p in range(4)]
    assert est.index(max(est)) == scores.index(max(scores))
