"""The Monster team-success estimate (cut-off playouts of ISMCTS, hints): a fitted chance, rising and falling with
what decides the game (villagers, monsters left, weapons in play)."""

from __future__ import annotations

import monsterbox
from monsterbox.games.monster.estimate import FEATURES, WEIGHTS, estimate, features, success_chance
from monsterbox.games.monster.heuristic import rollout_policy


def positions(seed: int) -> tuple[list[monsterbox.Game], bool]:
    """Every position before the end of a 4-player heuristic-team game, and whether the team won."""
    g = monsterbox.new_game("monster", 4, seed=seed)
    out = []
    while not g.over:
        out.append(g.copy())
        g.play(g.action_name(rollout_policy(g.state)))
    assert g.state.result is not None
    return out, bool(g.state.result["won"])


def test_one_weight_per_feature_and_a_chance_for_every_seat():
    assert len(WEIGHTS) == len(FEATURES) == len(features(monsterbox.new_game("monster", 4, seed=1).state))
    for g in positions(3)[0][::7]:
        v = estimate(g.state)
        assert len(v) == 4 and len(set(v)) == 1 and 0.0 < v[0] < 1.0


def test_more_villagers_raise_the_chance_and_more_monsters_lower_it():
    s = monsterbox.new_game("monster", 4, seed=2).state
    base = success_chance(s)
    s.villagers += 5
    assert success_chance(s) > base
    s.villagers -= 5
    s.stacks[0].extend(s.stacks[0][-1:] * 3)
    assert success_chance(s) < base


def test_it_separates_won_from_lost_games():
    """Mid-game positions of won heuristic-team games score higher on average than those of lost ones (the
    previous estimate, villagers against the attack, often did not)."""
    won, lost = [], []
    for seed in range(20, 32):
        ps, team_won = positions(seed)
        mid = [success_chance(g.state) for g in ps[len(ps) // 4: len(ps) // 2]]
        (won if team_won else lost).append(sum(mid) / len(mid))
    assert won and lost
    assert sum(won) / len(won) > sum(lost) / len(lost)
