"""The RL interfaces: PettingZoo's own API test, masks, hidden information, the single-seat Gymnasium env."""

import random

import numpy as np
import pytest

import monsterbox

pettingzoo = pytest.importorskip("pettingzoo", reason="the rl extra (installed by make test)")

from pettingzoo.test import api_test  # noqa: E402

from monsterbox.rl import encode, observation_size  # noqa: E402
from monsterbox.rl.gym_env import SeatEnv  # noqa: E402
from monsterbox.rl.pettingzoo_env import env  # noqa: E402

GAMES = [("inn", 4), ("maker", 3), ("mansion", 2), ("monster", 3)]


@pytest.mark.parametrize("game_id,players", GAMES)
@pytest.mark.filterwarnings("ignore:Observation")  # advisory: dict observations with action masks, as in classic envs
def test_pettingzoo_api(game_id, players):
    api_test(env(game_id, players), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_masked_random_play_ends_with_win_shares(game_id, players):
    e = env(game_id, players)
    e.reset(seed=3)
    r = np.random.default_rng(0)
    for _agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert obs["observation"].shape == (e.obs_size,)
        legal = np.flatnonzero(obs["action_mask"])
        assert set(legal) == set(e.game.legal_codes())
        e.step(int(r.choice(legal)))
    total = sum(e._cumulative_rewards.values()) + sum(e.rewards.values())
    assert e.game.over and total >= 0


@pytest.mark.parametrize("game_id,players", GAMES)
def test_observations_hold_only_the_seat_information(game_id, players):
    """Encoded from the view: identical in every determinization of the seat."""
    for seed in range(3):
        g = monsterbox.new_game(game_id, players, seed)
        rng = random.Random(seed)
        for _ in range(40):
            if g.over:
                break
            seat = g.to_play
            x = encode(game_id, g.view(seat))
            assert len(x) == observation_size(game_id, players)
            for k in range(3):
                assert encode(game_id, g.determinize(seat, k).view(seat)) == x
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])


def test_seat_env_against_bots_is_seeded():
    def episode(seed):
        e = SeatEnv("inn", players=4, seat=1, opponents="heuristic")
        obs, info = e.reset(seed=seed)
        r = np.random.default_rng(seed)
        done, total, steps = False, 0.0, 0
        while not done:
            action = int(r.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, done, _, info = e.step(action)
            total += reward
            steps += 1
        return total, steps, e.game.record()["actions"]

    a, b = episode(11), episode(11)
    assert a == b and 0.0 <= a[0] <= 1.0
    with pytest.raises(monsterbox.IllegalAction):
        e = SeatEnv("inn", players=4, seat=0)
        _, info = e.reset(seed=1)
        e.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
