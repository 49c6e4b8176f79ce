"""``Ruleset.outcome`` (what runners keep of a finished game) agrees with ``result``'s scores and winners."""

from __future__ import annotations

import random

import pytest

import monsterbox
from monsterbox.core.registry import implemented_games


@pytest.mark.parametrize("game_id", implemented_games())
def test_outcome_is_the_results_scores_and_winners(game_id: str) -> None:
    for seed in range(3):
        g = monsterbox.new_game(game_id, 3, seed=seed)
        r = random.Random(seed)
        while not g.over:
            legal = g.legal_actions()
            g.play(legal[r.randrange(len(legal))])
        res = g.result()
        assert g.rules.outcome(g.state) == (res["scores"], res["winners"])
        assert len(res["scores"]) == 3 and res["winners"] is not None
