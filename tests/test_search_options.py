"""ISMCTS options: move ordering by the heuristic, root-parallel workers, and blindness to hidden cards in every
game."""

from __future__ import annotations

import pytest

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.agents.ismcts import ISMCTSAgent, Node, rollout_policy, search
from monsterbox.core.errors import InvalidOptions
from tests.test_analysis import random_position


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_order_heuristic_expands_the_heuristics_move_first(game_id):
    g = random_position(game_id, 2, 10)
    obs = observe(g, g.to_play)
    agent = ISMCTSAgent(seed=1, iterations=1, rollout="heuristic", depth=5, order="heuristic")
    _, stats = agent.analyse(obs)
    # the heuristic reads only what the seat knows, so its choice on the true state is its choice on any sample
    assert list(stats) == [rollout_policy(game_id)(g.state)]
    plain = ISMCTSAgent(seed=1, iterations=1, rollout="heuristic", depth=5)
    plain.analyse(obs)
    assert len(plain.last_stats) == 1


def test_root_parallel_workers_share_the_iterations():
    g = random_position("inn", 4, 20)
    agent = make_agent("ismcts:iterations=41:workers=2", "inn", 5)
    assert agent.act(observe(g, g.to_play)) in g.legal_actions()
    assert agent.last_iterations == 42  # 21 in each of the two trees
    assert sum(v for v, _ in agent.last_stats.values()) == 42


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_ismcts_depends_only_on_the_information_set_in_every_game(game_id):
    g = random_position(game_id, 1, 15)
    seat = g.to_play
    twin = g.determinize(seat, 77)
    a = ISMCTSAgent(seed=3, iterations=25, rollout="heuristic", depth=10, order="heuristic")
    b = ISMCTSAgent(seed=3, iterations=25, rollout="heuristic", depth=10, order="heuristic")
    assert a.act(observe(g, seat)) == b.act(observe(twin, seat))
    assert a.last_stats == b.last_stats


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_opponent_model_keeps_only_the_seats_own_decisions_in_the_tree(game_id):
    g = random_position(game_id, 4, 12)
    seat = g.to_play
    sample = observe(g, seat).sample(5)

    def deciders(root: Node) -> set[int]:
        out: set[int] = set()
        todo = list(root.children.values())
        while todo:
            n = todo.pop()
            out.add(n.player)
            todo.extend(n.children.values())
        return out

    modelled, it = search(sample.rules, game_id, sample.state, seat, 9, iterations=40, rollout="heuristic",
                          depth=10, opponents="heuristic")
    assert it == 40 and deciders(modelled) == {seat}
    searched, _ = search(sample.rules, game_id, sample.state, seat, 9, iterations=40, rollout="heuristic", depth=10)
    assert len(deciders(searched)) > 1  # without the model the other seats' moves are nodes of the tree


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_opponent_model_depends_only_on_the_information_set(game_id):
    g = random_position(game_id, 1, 15)
    seat = g.to_play
    twin = g.determinize(seat, 78)
    a = ISMCTSAgent(seed=4, iterations=25, rollout="heuristic", depth=10, opponents="heuristic")
    b = ISMCTSAgent(seed=4, iterations=25, rollout="heuristic", depth=10, opponents="heuristic")
    assert a.act(observe(g, seat)) == b.act(observe(twin, seat))
    assert a.last_stats == b.last_stats


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:opponents=oracle", "opponents must be search .in the tree. or heuristic"),
    ("ismcts:order=best", "order must be none or heuristic"),
    ("ismcts:workers=0", "workers must be an integer from 1 to"),
    ("ismcts:workers=1000", "this machine's cores"),
    ("ismcts:workers=2:time=1", "use iterations, not time"),
    ("ismcts:c=inf", "parameter .c. must be"),
])
def test_bad_search_options_are_explained(spec, message):
    with pytest.raises(InvalidOptions, match=message):
        make_agent(spec, "inn")
