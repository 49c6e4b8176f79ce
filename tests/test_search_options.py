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
    ("ismcts:search=deep", "search must be tree .ISMCTS. or flat"),
    ("ismcts:search=flat:time=1", "search=flat runs a number of determinizations"),
])
def test_bad_search_options_are_explained(spec, message):
    with pytest.raises(InvalidOptions, match=message):
        make_agent(spec, "inn")


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_flat_search_plays_every_option_from_the_same_worlds(game_id):
    """search=flat: each legal option is played out from each of the ``iterations`` determinizations, and the
    choice depends only on the seat's information set."""
    g = random_position(game_id, 2, 12)
    seat = g.to_play
    a = ISMCTSAgent(seed=6, iterations=5, rollout="heuristic", depth=8, search="flat")
    b = ISMCTSAgent(seed=6, iterations=5, rollout="heuristic", depth=8, search="flat")
    assert a.act(observe(g, seat)) == b.act(observe(g.determinize(seat, 79), seat))
    assert a.last_stats == b.last_stats
    assert len(a.last_stats) == len(g.legal_actions()) and {v for v, _ in a.last_stats.values()} == {5}


def test_flat_search_takes_the_kill_that_wins_the_game():
    """Monster R2: one lair of one Werewolf left and a Silver Bullet in hand: the kill wins in every world (reward
    1), passing does not."""
    from tests.monster.helpers import monster_game, set_hand, set_lair, start_hunt_at

    g = monster_game(2, crises=["raid"])
    s = g.state
    s.lair_keys, s.stacks, s.dead, s.lair_loot = s.lair_keys[:1], s.stacks[:1], s.dead[:1], s.lair_loot[:1]
    set_lair(g, 0, ["blue"])
    set_hand(g, 0, ["silver_bullet", "stake", "stake"])
    start_hunt_at(g, 0)
    agent = make_agent("ismcts:search=flat:iterations=3:rollout=random:depth=4", "monster", 2)
    move = agent.act(observe(g, 0))
    assert move == f"kill:{s.cards.lairs[s.lair_keys[0]].id}:silver_bullet"
    codes, stats = agent.analyse(observe(g, 0))
    assert max(r / v for v, r in stats.values()) == 1.0 and min(r / v for v, r in stats.values()) < 1.0
