"""The RL interfaces: PettingZoo's own API test, masks, hidden information, seeding, the Gymnasium environments."""

import random

import numpy as np
import pytest

import monsterbox

pettingzoo = pytest.importorskip("pettingzoo", reason="the rl extra (installed by make test)")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from monsterbox.core.registry import get_ruleset  # noqa: E402
from monsterbox.rl import encode, observation_size  # noqa: E402
from monsterbox.rl.common import action_space_size  # noqa: E402
from monsterbox.rl.gym_env import SeatEnv  # noqa: E402
from monsterbox.rl.pettingzoo_env import env, raw_env  # noqa: E402
from monsterbox.rl.registration import ENV_IDS  # noqa: E402

GAMES = [("inn", 4), ("maker", 3), ("mansion", 2), ("monster", 3)]
EXTREMES = [(g, p) for g in monsterbox.GAME_IDS
            for p in sorted({get_ruleset(g).min_players, get_ruleset(g).max_players})]


@pytest.mark.parametrize("game_id,players", EXTREMES)
@pytest.mark.filterwarnings("ignore:Observation")  # advisory: dict observations with action masks, as in classic envs
def test_pettingzoo_api(game_id, players):
    api_test(env(game_id, players), num_cycles=40, verbose_progress=False)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_masked_random_play_ends_with_win_shares(game_id, players):
    e = env(game_id, players)
    e.reset(seed=3)
    raw = e.unwrapped
    r = np.random.default_rng(0)
    final = 0.0
    for _agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final += reward
            e.step(None)
            continue
        assert obs["observation"].shape == (raw.obs_size,)
        assert raw.observation_space(_agent)["observation"].contains(obs["observation"])
        legal = np.flatnonzero(obs["action_mask"])
        assert set(legal) == set(raw.game.legal_codes())
        assert raw.state().shape == raw.state_space.shape
        e.step(int(r.choice(legal)))
    assert raw.game.over
    assert final == pytest.approx(1.0 if game_id != "monster" else
                                                                   3.0 * bool(raw.game.result()["winners"]))


def test_action_space_is_fixed_per_game_across_player_counts():
    for game_id in monsterbox.GAME_IDS:
        rules = get_ruleset(game_id)
        sizes = {raw_env(game_id, p).action_space("player_0").n for p in (rules.min_players, rules.max_players)}
        assert sizes == {action_space_size(game_id)}


def test_pettingzoo_unseeded_resets_differ_and_seeded_ones_reproduce():
    e = raw_env("inn", 4)
    deals = set()
    for _ in range(4):
        e.reset()
        deals.add(tuple(e.game.state.deck))
    assert len(deals) == 4
    e.reset(seed=5)
    a = (e.game.seed, tuple(e.game.state.deck))
    e.reset()
    b = e.game.seed
    e.reset(seed=5)
    assert (e.game.seed, tuple(e.game.state.deck)) == a
    e.reset()
    assert e.game.seed == b


def test_pettingzoo_illegal_move_ends_the_game_with_a_penalty_and_order_is_enforced():
    e = env("inn", 4)
    with pytest.raises(Exception, match="reset"):
        e.step(0)
    e.reset(seed=1)
    mover = e.agent_selection
    illegal = int(np.flatnonzero(e.last()[0]["action_mask"] == 0)[0])
    e.step(illegal)  # PettingZoo logs a warning: "Illegal move made, game terminating"
    assert all(e.terminations.values()) and e.rewards[mover] == -1


def test_shaped_reward_for_the_cooperative_game():
    e = raw_env("monster", 3, reward="shaped")
    e.reset(seed=2)
    r = np.random.default_rng(0)
    paid = []
    for _agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(int(r.choice(np.flatnonzero(obs["action_mask"]))))
        paid.append(e.rewards["player_0"])
    assert any(p != 0 for p in paid)  # random play gets a signal before the end
    with pytest.raises(monsterbox.InvalidOptions, match="shaped"):
        raw_env("inn", 4, reward="shaped")


@pytest.mark.parametrize("game_id,players", GAMES)
def test_observations_hold_only_the_seat_information(game_id, players):
    """Encoded from the view: identical in every determinization of the seat."""
    for seed in range(2):
        g = monsterbox.new_game(game_id, players, seed)
        rng = random.Random(seed)
        for _ in range(40):
            if g.over:
                break
            seat = g.to_play
            x = encode(game_id, g.view(seat))
            assert len(x) == observation_size(game_id, players)
            for k in range(2):
                assert encode(game_id, g.determinize(seat, k).view(seat)) == x
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])


# --- Gymnasium -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_registered_ids_pass_check_env(game_id):
    e = gymnasium.make(ENV_IDS[game_id])
    check_env(e.unwrapped, skip_render_check=True)
    assert isinstance(e.unwrapped, SeatEnv) and e.unwrapped.game_id == game_id
    assert np.isfinite(e.observation_space.low).all() and np.isfinite(e.observation_space.high).all()


def test_seat_env_is_seeded_and_masks_match_the_legal_actions():
    def episode(seed):
        e = gymnasium.make("monsterbox/Inn-v0", players=4, seat=1, opponents="heuristic")
        obs, info = e.reset(seed=seed)
        r = np.random.default_rng(seed)
        done, total, steps = False, 0.0, 0
        while not done:
            m = e.unwrapped.action_masks()
            assert (m == info["action_mask"].astype(bool)).all()
            assert set(np.flatnonzero(m)) == set(e.unwrapped.game.legal_codes())
            obs, reward, term, trunc, info = e.step(int(r.choice(np.flatnonzero(m))))
            done = term or trunc
            total += reward
            steps += 1
        return total, steps, e.unwrapped.game.record()["actions"]

    a, b = episode(11), episode(11)
    assert a == b and 0.0 <= a[0] <= 1.0


def test_illegal_actions_follow_the_configured_rule():
    e = SeatEnv("inn", 4)
    _, info = e.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, term, trunc, info = e.step(bad)
    assert (reward, term, trunc, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(0)
    e = SeatEnv("inn", 4, illegal="penalize", illegal_penalty=-0.5)
    e.reset(seed=1)
    before = e.game.actions
    _, reward, term, _, _ = e.step(bad)
    assert (reward, term, e.game.actions) == (-0.5, False, before)
    e = SeatEnv("inn", 4, illegal="raise")
    e.reset(seed=1)
    with pytest.raises(monsterbox.IllegalAction):
        e.step(bad)
    with pytest.raises(monsterbox.InvalidOptions, match="illegal"):
        SeatEnv("inn", 4, illegal="ignore")


def test_max_steps_truncates_and_seat_random_moves_the_learner():
    e = SeatEnv("maker", 3, max_steps=5)
    _, info = e.reset(seed=0)
    for k in range(5):
        _, _, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not term and trunc == (k == 4)
    e = SeatEnv("inn", 4, seat="random")
    seats = {e.reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1
    with pytest.raises(monsterbox.InvalidOptions, match="seat"):
        SeatEnv("inn", 4, seat=4)


def test_opponents_by_name_object_list_and_callable_policy():
    calls = []

    def policy(obs, mask):
        assert obs.dtype == np.float32 and mask.sum() >= 1
        calls.append(1)
        return int(np.flatnonzero(mask)[-1])

    from monsterbox.agents.random_agent import RandomAgent

    for opponents in ("heuristic", RandomAgent(3), [None, "random", RandomAgent(1), policy], policy):
        e = SeatEnv("inn", 4, opponents=opponents)
        _, info = e.reset(seed=4)
        done = False
        while not done:
            _, _, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = term or trunc
        assert e.game.over
    assert calls
    with pytest.raises(monsterbox.InvalidOptions, match="opponents"):
        SeatEnv("inn", 4, opponents=["random", "random"]).reset(seed=0)


def test_render_ansi_and_vector_envs():
    e = gymnasium.make("monsterbox/Mansion-v0", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert "Monster Mansion" in text and "you are seat 0" in text
    v = gymnasium.make_vec("monsterbox/Inn-v0", num_envs=2, vectorization_mode="sync")
    obs, info = v.reset(seed=0)
    assert obs.shape == (2, observation_size("inn", 4))
    acts = np.array([int(np.flatnonzero(m)[0]) for m in info["action_mask"]])
    obs, reward, term, trunc, info = v.step(acts)
    assert obs.shape[0] == 2 and not term.any()
    v.close()


# --- issue 29 (4): the ecosystem's own tools on the environments --------------------------------------------------
def test_sb3_make_vec_env_and_masks_through_wrappers():
    """Stable-Baselines3's make_vec_env asks for render_mode="rgb_array": the env declares it and draws its text;
    sb3-contrib's get_action_masks reaches action_masks() through Gymnasium 1.x wrappers (get_wrapper_attr)."""
    env_util = pytest.importorskip("stable_baselines3.common.env_util", reason="the train extra")
    maskable = pytest.importorskip("sb3_contrib.common.maskable.utils", reason="the train extra")
    vec = env_util.make_vec_env("monsterbox/Inn-v0", n_envs=4, seed=3)
    obs = vec.reset()
    assert obs.shape == (4, observation_size("inn", 4))
    masks = maskable.get_action_masks(vec)
    assert masks.shape == (4, action_space_size("inn")) and masks.any(axis=1).all()
    obs, rewards, dones, infos = vec.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
    assert obs.shape[0] == 4
    assert all(np.array_equal(i["action_mask"].astype(bool), m)
               for i, m in zip(infos, maskable.get_action_masks(vec), strict=True))
    frame = vec.env_method("render", indices=[0])[0]
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3 and (frame < 255).any()
    vec.close()
    wrapped = gymnasium.make("monsterbox/Maker-v0")
    _, info = wrapped.reset(seed=1)
    assert np.array_equal(wrapped.get_wrapper_attr("action_masks")(), info["action_mask"].astype(bool))


def test_reset_options_seat_is_honoured_and_others_refused():
    e = gymnasium.make("monsterbox/Inn-v0")
    _, info = e.reset(seed=4, options={"seat": 2})
    assert info["seat"] == 2 and e.unwrapped.game.to_play == 2
    _, info = e.reset(seed=4)  # the constructor's seat again
    assert info["seat"] == 0
    for bad, words in (({"players": 3}, "takes only 'seat'"), ({"seat": 9}, "0 to 3 or 'random'"),
                       ({"seat": True}, "0 to 3 or 'random'")):
        with pytest.raises(monsterbox.InvalidOptions, match=words):
            e.reset(seed=4, options=bad)
