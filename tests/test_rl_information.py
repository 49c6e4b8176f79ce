"""Issue 29.2: a seat's information state and its observation determine its legal actions. Over random walks from
one deal (so that histories meet often), two decision points of the same seat with the same information state
(``Game.view``: the OpenSpiel information state string) have the same legal actions, and two with the same
observation vector (``rl.common.observation``: the Gym/PettingZoo observation and the OpenSpiel tensor) have the same
action mask. Before the fix Monster's pending choices (the three-weapon kill, the discard order) were missing from
both, and Mansion's turn in progress and Maker's discard count from the vectors."""

import json
import random

import pytest

from monsterbox.core.registry import new_game
from monsterbox.rl.common import observation
from monsterbox.rl.encode import encode

WALKS = [("inn", 3, None), ("monster", 2, None), ("monster", 4, None), ("mansion", 2, None), ("mansion", 3, None),
         ("maker", 2, {"distance": 40})]


def _walks(game_id, players, options, walks=80, steps=70):
    """Every decision point of ``walks`` random walks from the deal of seed 7: (seat, view, observation, legal)."""
    for w in range(walks):
        g = new_game(game_id, players, 7, options)
        rng = random.Random(w)
        for _ in range(steps):
            if g.over:
                break
            p = g.to_play
            legal = tuple(sorted(g.legal_codes()))
            yield p, g, legal
            g.play_code(rng.choice(legal))


@pytest.mark.parametrize("game_id,players,options", WALKS)
def test_equal_information_states_have_equal_legal_actions(game_id, players, options):
    infos: dict[tuple[int, str], tuple[int, ...]] = {}
    tensors: dict[tuple[int, bytes], tuple[int, ...]] = {}
    met = 0
    for p, g, legal in _walks(game_id, players, options):
        key = (p, json.dumps(g.view(p), sort_keys=True))
        met += key in infos
        assert infos.setdefault(key, legal) == legal, f"one information state of seat {p}, two sets of legal actions"
        x = observation(g, p)
        assert tensors.setdefault((p, x.tobytes()), legal) == legal, f"one observation of seat {p}, two masks"
        assert list(x) == pytest.approx(encode(game_id, g.view(p, log=False)), abs=1e-6)  # the view-based encoder
    assert met > 0  # the walks do meet

