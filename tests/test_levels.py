"""Levels (easy, medium, hard, expert) resolve to agents for every game, anywhere an agent name is accepted."""

from __future__ import annotations

import pytest

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.agents.ismcts import ISMCTSAgent
from monsterbox.agents.levels import LEVEL_NAMES, LEVELS, describe_levels
from monsterbox.agents.policy import PolicyAgent
from monsterbox.agents.registry import AGENT_NAMES, parse_agent_spec, parse_agents
from monsterbox.core.errors import InvalidOptions
from monsterbox.sim import play_game


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_resolves_to_its_spec_in_every_game(game_id, level):
    agent = make_agent(level, game_id, seed=3)
    spec = LEVELS[game_id][level]
    name, params = parse_agent_spec(spec)
    twin = make_agent(spec, game_id, seed=3)
    assert type(agent) is type(twin)
    if name == "ismcts":
        assert isinstance(agent, ISMCTSAgent)
        for key, value in params.items():
            assert getattr(agent, {"time": "time_budget"}.get(key, key)) == value
    else:
        assert isinstance(agent, PolicyAgent)
        assert agent.noise == params.get("noise", 0.0)


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_levels_rise_in_budget(game_id):
    """easy is the heuristic with noise, medium the heuristic, and expert searches more than hard."""
    easy, medium, hard, expert = (make_agent(lv, game_id) for lv in LEVEL_NAMES)
    assert isinstance(easy, PolicyAgent) and easy.noise > 0
    assert isinstance(medium, PolicyAgent) and medium.noise == 0
    assert isinstance(hard, ISMCTSAgent) and isinstance(expert, ISMCTSAgent)
    assert expert.iterations > hard.iterations
    assert [lv for lv, _ in describe_levels(game_id)] == list(LEVEL_NAMES)


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_easy_and_medium_play_whole_games(game_id):
    out = play_game(game_id, 3 if game_id != "maker" else 2, ["easy", "medium", "easy"][: 3 if game_id != "maker"
                                                                                           else 2], seed=4)
    assert out["winners"] is not None and out["actions"] > 0


def test_hard_plays_a_legal_move():
    g = monsterbox.new_game("inn", 4, seed=2)
    assert make_agent("hard", "inn", 1).act(observe(g, g.to_play)) in g.legal_actions()


def test_levels_are_agent_names_for_agents_lists():
    assert set(LEVEL_NAMES) <= set(AGENT_NAMES)
    assert parse_agents("expert,medium,medium,easy", 4) == ["expert", "medium", "medium", "easy"]


@pytest.mark.parametrize(("spec", "message"), [
    ("hard:iterations=50", "takes no parameters"),
    ("heuristic:noise=2", "noise must be a number from 0 to 1"),
    ("grandmaster", "known agents: random, heuristic, ismcts, policy, learned, easy, medium, hard, expert"),
])
def test_bad_level_specs_are_explained(spec, message):
    with pytest.raises(InvalidOptions, match=message):
        make_agent(spec, "inn")


def test_noise_makes_the_heuristic_play_other_moves():
    """noise=1 is a random player: over many positions it leaves the heuristic's choice at least once."""
    g = monsterbox.new_game("inn", 4, seed=5)
    calm, wild = make_agent("heuristic", "inn", 1), make_agent("heuristic:noise=1", "inn", 1)
    differ = 0
    while not g.over:
        obs = observe(g, g.to_play)
        a = calm.act(obs)
        differ += wild.act(obs) != a
        g.play(a)
    assert differ > 0
