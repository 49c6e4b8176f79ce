"""The native vector environment (issue 29.4): ``gymnasium.make_vec`` gives ``SeatVectorEnv`` through each id's
vector entry point; step for step it equals Gymnasium's own ``SyncVectorEnv`` of single environments on the same
seeds (observations, rewards, terminations, truncations and every info, the masks and the results included), with
Gymnasium 1.x's next-step autoreset; masks in ``infos`` and from ``action_masks()``; clear errors."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

import monsterbox.rl  # noqa: E402,F401  (registers the ids)
from monsterbox import InvalidOptions  # noqa: E402
from monsterbox.rl.registration import ENV_IDS  # noqa: E402
from monsterbox.rl.vector_env import SeatVectorEnv  # noqa: E402

CASES = [("inn", {}), ("monster", {"players": 2}), ("mansion", {"players": 2}),
         ("maker", {"players": 2, "options": {"distance": 20}})]


def _moves(masks, rng):
    """One legal code per game (code 0 for a game waiting for its autoreset: ignored)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


@pytest.mark.parametrize("game_id,kwargs", CASES)
def test_make_vec_equals_single_envs_step_for_step(game_id, kwargs):
    n = 3
    vec = gym.make_vec(ENV_IDS[game_id], num_envs=n, vectorization_mode="vector_entry_point", **kwargs)
    assert isinstance(vec.unwrapped, SeatVectorEnv)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    ref = gym.vector.SyncVectorEnv([lambda: gym.make(ENV_IDS[game_id], **kwargs) for _ in range(n)])
    obs, infos = vec.reset(seed=11)
    obs2, infos2 = ref.reset(seed=11)
    assert data_equivalence(obs, obs2, exact=True) and data_equivalence(infos, infos2, exact=True)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        actions = _moves(infos["action_mask"], rng)
        out, want = vec.step(actions), ref.step(actions)
        for got, expected in zip(out, want, strict=True):
            assert data_equivalence(got, expected, exact=True)
        obs, rewards, terms, truncs, infos = out
        assert vec.observation_space.contains(obs)
        assert (infos["action_mask"].astype(bool) == vec.unwrapped.action_masks()).all()
        assert (infos["action_mask"].any(axis=1) == ~(terms | truncs)).all()  # a legal move unless it ended
        ended += int(terms.sum())
        if terms.any():
            assert all(r is not None for r in infos["result"]["winners"][terms])
    assert ended >= 1  # an end and its autoreset were compared


def test_next_step_autoreset_ignores_the_action_and_starts_a_new_game():
    vec = SeatVectorEnv("inn", num_envs=2)
    _obs, infos = vec.reset(seed=3)
    rng = np.random.default_rng(1)
    while True:
        obs, rewards, terms, _t, infos = vec.step(_moves(infos["action_mask"], rng))
        if terms.any():
            break
    i = int(np.flatnonzero(terms)[0])
    obs, rewards, terms, truncs, infos = vec.step(np.zeros(2, np.int64))  # an illegal code, ignored for game i
    assert rewards[i] == 0.0 and not terms[i] and not truncs[i]
    assert infos["action_mask"][i].any() and "illegal_action" not in infos
    assert vec.envs[i].game.state is not None and not vec.envs[i].game.over


def test_seeds_and_recorded_statistics():
    """Seeded runs repeat; Gymnasium's RecordEpisodeStatistics (which needs next-step autoreset) counts episodes."""
    runs = []
    for _ in range(2):
        vec = gym.wrappers.vector.RecordEpisodeStatistics(SeatVectorEnv("inn", num_envs=2))
        obs, infos = vec.reset(seed=[5, 9])
        rng = np.random.default_rng(2)
        trace = [obs]
        episodes = 0
        for _ in range(80):
            obs, rewards, terms, truncs, infos = vec.step(_moves(infos["action_mask"], rng))
            trace += [obs, rewards]
            episodes += int(infos.get("_episode", np.zeros(2, bool)).sum())
        runs.append(trace)
        assert episodes >= 2
    assert all(data_equivalence(a, b, exact=True) for a, b in zip(*runs, strict=True))


def test_clear_errors():
    with pytest.raises(InvalidOptions, match="num_envs"):
        SeatVectorEnv("inn", num_envs=0)
    with pytest.raises(InvalidOptions, match="players"):
        SeatVectorEnv("inn", num_envs=2, players=9)
    with pytest.raises(InvalidOptions, match="renders nothing"):
        SeatVectorEnv("inn", num_envs=2, render_mode="ansi")
    vec = SeatVectorEnv("inn", num_envs=2)
    with pytest.raises(gym.error.ResetNeeded):
        vec.step(np.zeros(2, np.int64))
    vec.reset(seed=0)
    with pytest.raises(InvalidOptions, match="2 action codes"):
        vec.step(np.zeros(3, np.int64))
    with pytest.raises(InvalidOptions, match="seed"):
        vec.reset(seed=[1, 2, 3])


@pytest.mark.parametrize("game_id,kwargs", CASES)
def test_self_play_every_decision_is_a_step_checked_against_the_engine(game_id, kwargs):
    """``opponents="self"``: each game's observation and mask are its seat to play's; replaying every game's moves on
    the engine (``new_game`` with the deal's seed) gives the same vectors, masks and returns."""
    from monsterbox.core.registry import new_game
    from monsterbox.rl.common import observation, win_reward
    from monsterbox.rl.vector_env import SelfPlayVectorEnv

    n = 3
    vec = gym.make_vec(ENV_IDS[game_id], num_envs=n, opponents="self", **kwargs)
    assert isinstance(vec.unwrapped, SelfPlayVectorEnv)
    env = vec.unwrapped
    players = env.players
    obs, infos = vec.reset(seed=21)
    games = [new_game(game_id, players, s, kwargs.get("options")) for s in env.game_seeds]
    rng = np.random.default_rng(5)
    ended = resets = 0
    pending = np.zeros(n, bool)  # games that ended at the last step: the next step resets them
    for _ in range(400):
        for i, g in enumerate(games):
            if not pending[i]:
                seat = g.to_play
                assert infos["seat"][i] == seat
                assert (obs[i] == observation(g, seat)).all()
                assert sorted(np.flatnonzero(infos["action_mask"][i])) == sorted(g.legal_codes())
        actions = _moves(infos["action_mask"], rng)
        movers = infos["seat"].copy()
        obs, rewards, terms, truncs, infos = vec.step(actions)
        assert vec.observation_space.contains(obs) and not truncs.any()
        for i in range(n):
            if pending[i]:  # reset: the action was ignored, a new deal from the game's generator
                games[i] = new_game(game_id, players, env.game_seeds[i], kwargs.get("options"))
                assert rewards[i] == 0.0 and not terms[i]
                resets += 1
                continue
            g = games[i]
            g.play_code(int(actions[i]))
            if terms[i]:
                ended += 1
                assert g.over
                returns = [win_reward(g, p) for p in range(players)]
                assert list(infos["returns"][i]) == returns and rewards[i] == returns[movers[i]]
                assert (obs[i] == observation(g, int(movers[i]))).all() and not infos["action_mask"][i].any()
            else:
                assert not g.over and rewards[i] == 0.0
        pending = terms.copy()
    if game_id in ("inn", "monster"):  # short games: ends and resets were compared
        assert ended >= 1 and resets >= 1


def test_self_play_errors_and_illegal_moves():
    from monsterbox.core.errors import IllegalAction
    from monsterbox.rl.vector_env import SelfPlayVectorEnv

    with pytest.raises(InvalidOptions, match="self-play takes"):
        SelfPlayVectorEnv("inn", num_envs=2, seat=1)
    with pytest.raises(InvalidOptions, match="players"):
        SelfPlayVectorEnv("inn", num_envs=2, players=2)
    vec = SelfPlayVectorEnv("inn", num_envs=2)
    _obs, infos = vec.reset(seed=0)
    illegal = np.array([int(np.flatnonzero(infos["action_mask"][0] == 0)[0]),
                        int(np.flatnonzero(infos["action_mask"][1])[0])])
    _obs, rewards, terms, _t, infos = vec.step(illegal)
    assert terms.tolist() == [True, False] and rewards[0] == -1.0 and infos["illegal_action"][0]
    raising = SelfPlayVectorEnv("inn", num_envs=1, illegal="raise")
    _obs, infos = raising.reset(seed=0)
    with pytest.raises(IllegalAction):
        raising.step(np.array([int(np.flatnonzero(infos["action_mask"][0] == 0)[0])]))
