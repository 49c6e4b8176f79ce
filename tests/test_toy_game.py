"""A fifth game added from outside the package (tests/toy_game.py), as docs/architecture.md's "How to add a fifth
game" says: registered through the registry without editing monsterbox, then played by the agents, the simulator,
the arena and the Gymnasium and PettingZoo environments (the contract suite runs on it in tests/test_contract.py)."""

import random

import pytest

import monsterbox
from monsterbox.agents.registry import make_agent
from monsterbox.arena.report import build_report
from monsterbox.arena.runner import ArenaConfig, run_arena
from monsterbox.core.registry import GAME_IDS, implemented_games
from monsterbox.sim import play_game, simulate
from tests import toy_game


@pytest.fixture(autouse=True)
def toy():
    toy_game.register()
    yield
    toy_game.unregister()


def test_registered_from_outside_and_removed_again():
    assert "toy" in implemented_games() and GAME_IDS == ("inn", "monster", "mansion", "maker")
    g = monsterbox.new_game("toy", 3, seed=4)
    assert g.rules.title == "Race to ten" and g.legal_actions() == ["add:1", "add:2", "play"]
    toy_game.unregister()
    assert "toy" not in implemented_games()
    with pytest.raises(monsterbox.InvalidOptions, match="unknown game id 'toy'"):
        monsterbox.new_game("toy", 3)


def test_determinization_resamples_only_what_the_seat_does_not_know():
    g = monsterbox.new_game("toy", 3, seed=1)
    g.play("play")  # seat 0 shows its card
    seen = set()
    for seed in range(30):
        d = g.determinize(1, seed)
        assert d.view(1) == g.view(1)
        assert d.state.hands[0] == 0 and d.state.hands[1] == g.state.hands[1]
        assert sorted(d.state.hands[2:] + d.state.stock) == sorted(g.state.hands[2:] + g.state.stock)
        seen.add(d.state.hands[2])
    assert len(seen) > 1  # seat 2's hidden card is really resampled


def test_agents_and_simulator():
    for spec in ("random", "heuristic", "ismcts:iterations=30:rollout=heuristic"):
        out = play_game("toy", 3, [spec, "random", "heuristic"], seed=5)
        assert out["record"]["game_id"] == "toy" and monsterbox.replay(out["record"]).over
    summary = simulate("toy", 2, 20, ["heuristic", "random"], seed=3)
    assert summary["games"] == 20
    assert make_agent("easy", "inn", 0)  # the boxed games' levels are untouched
    with pytest.raises(monsterbox.InvalidOptions, match="no levels for game 'toy'"):
        make_agent("easy", "toy", 0)


def test_arena(tmp_path):
    config = ArenaConfig("toy", 2, ["heuristic", "random"], 6, seed=2)
    results = run_arena(config, tmp_path)
    assert len(results) == 6 and {r["seed"] for r in results} == {2, 3, 4}
    report = build_report(config, results)
    assert report["config"]["game"] == "toy" and [e["games"] for e in report["entrants"]] == [6, 6]


def test_gymnasium_and_pettingzoo_environments():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from monsterbox.rl.gym_env import SeatEnv
    from monsterbox.rl.pettingzoo_env import env

    e = SeatEnv("toy")
    assert e.players == 3 and e.observation_space.shape == (6,)
    check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=3)
    r = random.Random(3)
    done = False
    while not done:
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, done, _truncated, info = e.step(r.choice(legal))
    assert reward in (0.0, 1.0)
    api_test(env("toy", 3), num_cycles=30, verbose_progress=False)
