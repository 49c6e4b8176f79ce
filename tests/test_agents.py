"""Agents: random and the Monster Inn heuristic bot; agent names; simulation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import monsterbox
from monsterbox.agents import make_agent, observe, parse_agent_spec
from monsterbox.agents.registry import parse_agents
from monsterbox.games.inn.heuristic import InnPolicy
from monsterbox.sim import play_game, simulate
from tests.helpers import random_game


@given(st.integers(0, 10_000), st.integers(0, 150), st.sampled_from([3, 4, 5]))
def test_heuristic_reads_no_hidden_information(seed, steps, players):
    """Its choice is the same in every determinization of its seat: it cannot depend on face-down humans or
    the draw pile (and the agent only ever gets determinizations)."""
    g = random_game(seed, players, stop_after=steps)
    if g.over:
        return
    seat = g.to_play
    policy = InnPolicy()
    choices = {policy.choose(g.determinize(seat, k).state) for k in range(6)}
    assert len(choices) == 1
    assert monsterbox.games.inn.rules.ACTION_NAMES[choices.pop()] in g.legal_actions()


def test_heuristic_beats_random_clearly():
    """200 games with the bot rotating through the seats; its share must exceed 50% (measured: ~95%, so a
    failure by chance has probability far below 1e-9)."""
    wins = 0
    for i in range(200):
        agents = ["random"] * 4
        agents[i % 4] = "heuristic"
        out = play_game("inn", 4, agents, seed=10_000 + i)
        wins += (i % 4) in out["winners"]
    assert wins / 200 > 0.5


def test_agents_are_reproducible_from_a_seed():
    a = play_game("inn", 4, ["heuristic", "random", "heuristic", "random"], seed=5)
    b = play_game("inn", 4, ["heuristic", "random", "heuristic", "random"], seed=5)
    assert a["record"] == b["record"]


def test_agent_gets_an_observation_not_the_game():
    g = monsterbox.new_game("inn", 3, 2)
    obs = observe(g, g.to_play)
    assert not any(isinstance(v, monsterbox.Game) for v in vars(obs).values())
    assert obs.view == g.view(g.to_play)
    agent = make_agent("heuristic", "inn", 1)
    assert agent.act(obs) in obs.legal


@pytest.mark.parametrize("spec,message", [
    ("alphazero", "unknown agent 'alphazero'"),
    ("random:depth=3", "takes no parameters"),
    ("heuristic:oops", "must look like key=value"),
    ("heuristic:colour=3", "has no parameter .colour.; its parameters: treasure"),
    ("heuristic:treasure=abc", "must be a finite number .default"),
    ("ismcts:iterations=inf", "must be an integer .default"),
    ("", "an agent name is needed"),
])
def test_bad_agent_names(spec, message):
    with pytest.raises(monsterbox.InvalidOptions, match=message):
        make_agent(spec, "inn", 0)


def test_agent_spec_parsing():
    assert parse_agent_spec("heuristic:treasure=0.5:margin=1") == ("heuristic", {"treasure": 0.5, "margin": 1})
    assert parse_agents("random", 3) == ["random"] * 3
    with pytest.raises(monsterbox.InvalidOptions, match="needs 1 or 4"):
        parse_agents("random,random", 4)


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_refuses_bad_games_before_playing(workers):
    """A bad player count or option is reported before any game is played or any worker started, whatever the
    number of workers (one worker: by the first game's own checks)."""
    seen: list[int] = []
    with pytest.raises(monsterbox.InvalidOptions, match="3 to 5 players"):
        simulate("inn", 7, 4, ["random"] * 7, workers=workers, progress=seen.append)
    with pytest.raises(monsterbox.InvalidOptions, match="nosuch"):
        simulate("monster", 4, 4, ["random"] * 4, options={"nosuch": 1}, workers=workers, progress=seen.append)
    assert seen == []


def test_simulate_summary_and_workers_agree():
    one = simulate("inn", 4, 12, ["heuristic", "random", "random", "random"], seed=3)
    two = simulate("inn", 4, 12, ["heuristic", "random", "random", "random"], seed=3, workers=2)
    for key in ("games", "players", "agents", "wins", "mean_scores", "mean_actions"):
        assert one[key] == two[key]
    assert one["games"] == 12 and sum(one["wins"]) >= 12
    assert one["games_per_second"] > 0 and one["actions_per_second"] > 0
