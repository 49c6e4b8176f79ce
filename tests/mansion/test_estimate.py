"""The Monster Mansion win-chance estimate (cut-off playouts of ISMCTS and of the review): a fitted conditional logit
over the seats that sums to 1, rises with a seat's Sales Level and falls with its tickets, and predicts the winner
of heuristic-bot games better than the estimate before it (a softmax of minus the rounds each seat still needs)."""

from __future__ import annotations

import math

import monsterbox
from monsterbox.games.mansion.estimate import FEATURES, WEIGHTS, estimate, features, shows_needed
from monsterbox.games.mansion.heuristic import rollout_policy
from monsterbox.games.mansion.show import rounds_to_finish
from monsterbox.games.mansion.state import MansionState


def estimate_before(s: MansionState) -> list[float]:
    """The estimate before the fitted one: a softmax of minus the rounds each seat still needs, temperature 0.7."""
    w = [math.exp(-rounds_to_finish(s, p) / 0.7) for p in range(s.n)]
    return [x / sum(w) for x in w]


def positions(seed: int, players: int) -> tuple[list[monsterbox.Game], list[int]]:
    """Every decision position of a heuristic-bot game, and its winners."""
    g = monsterbox.new_game("mansion", players, seed=seed)
    out = []
    while not g.over:
        if len(g.legal_actions()) > 1:
            out.append(g.copy())
        g.play(g.action_name(rollout_policy(g.state)))
    assert g.state.result is not None
    return out, g.state.result["winners"]


def test_one_weight_per_feature_and_the_chances_sum_to_one():
    for players in (2, 3, 4):
        s = monsterbox.new_game("mansion", players, seed=players).state
        assert len(WEIGHTS) == len(FEATURES) == len(features(s, 0))
        for g in positions(players, players)[0][::9]:
            v = estimate(g.state)
            assert len(v) == players and all(0.0 < x < 1.0 for x in v)
            assert math.isclose(sum(v), 1.0)


def test_tickets_lower_a_seats_chance_and_sales_level_raises_it():
    s = positions(5, 2)[0][30].state
    base = estimate(s)[0]
    s.tickets[0] += 10
    assert estimate(s)[0] < base
    s.tickets[0] -= 10
    s.rewards[0].append(s.rewards[1][0] if s.rewards[1] else 0)  # a reward: +3 Sales Level (R1)
    assert estimate(s)[0] > base


def test_shows_needed_counts_a_growing_sales_level():
    assert shows_needed(0, 3) == 0
    assert shows_needed(10, 3) == 3  # 3 + 4 + 5
    assert shows_needed(10, 3, growth=0) == 4  # 3 + 3 + 3 + 3
    assert shows_needed(1000, 1) == 30  # capped


def test_it_predicts_the_winner_better_than_the_estimate_before_it():
    """Held-out heuristic-bot games (2 and 3 players): the fitted estimate's log loss of the winners is lower than the
    old softmax's (which was overconfident: worse than a uniform guess, ``benchmarks/mansion_estimate.py``)."""
    new = old = 0.0
    count = 0
    for seed in range(700, 712):
        ps, winners = positions(seed, 2 + seed % 2)
        for g in ps[::4]:
            share = 1 / len(winners)
            new -= sum(share * math.log(max(estimate(g.state)[p], 1e-9)) for p in winners)
            old -= sum(share * math.log(max(estimate_before(g.state)[p], 1e-9)) for p in winners)
            count += 1
    assert count > 100
    assert new / count < 0.9 * old / count
