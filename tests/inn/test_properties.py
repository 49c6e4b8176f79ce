"""Properties over many random games (hypothesis chooses seeds, player counts, options and move choices)."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import monsterbox
from tests.helpers import random_game

players_st = st.sampled_from([3, 4, 5])


def conservation(g):
    s = g.state
    treasures = sum(s.hands) + sum(s.supply) + s.pool + sum(1 for k in s.support if k >= 0)
    creatures = sorted(s.deck + s.tavern[s.tpos:] + [c for row in s.monsters + s.humans for c in row])
    return treasures, creatures


@given(st.integers(0, 100_000), players_st, st.booleans())
def test_every_game_ends_and_everything_is_accounted_for(seed, players, open_treasures):
    g = monsterbox.new_game("inn", players, seed, {"open_treasures": open_treasures})
    r = random.Random(seed)
    steps = 0
    while not g.over:
        treasures, creatures = conservation(g)
        assert treasures == 50
        assert creatures == list(range(40))
        acts = g.legal_actions()
        assert acts, "a running game always has a legal action"
        g.play(acts[r.randrange(len(acts))])
        steps += 1
        assert steps < 2000
    treasures, creatures = conservation(g)
    assert treasures == 50 and creatures == list(range(40))
    # every player took exactly one creature per round
    s = g.state
    assert all(len(s.monsters[p]) + len(s.humans[p]) == s.rounds_total for p in range(players))
    res = g.result()
    assert len(res["scores"]) == players and res["winners"]


@given(st.integers(0, 100_000), players_st)
def test_same_seed_and_actions_give_the_same_game(seed, players):
    a = random_game(seed, players)
    b = monsterbox.new_game("inn", players, seed)
    for act in a.actions:
        b.play(act)
    assert a.record() == b.record()
    assert json.dumps(a.view(0)) == json.dumps(b.view(0))


@given(st.integers(0, 100_000), players_st)
def test_replay_reproduces_the_result(seed, players):
    g = random_game(seed, players)
    rec = json.loads(json.dumps(g.record()))
    assert monsterbox.replay(rec).result() == g.result()


@given(st.integers(0, 100_000), st.integers(0, 200), st.text(max_size=12))
def test_illegal_action_raises_and_changes_nothing(seed, steps, junk):
    g = random_game(seed, 4, stop_after=steps)
    if g.over:
        return
    legal = set(g.legal_actions())
    candidates = [junk, "stay:gold", "stay:gem", "exchange", "drop", "bonus:gold", "bonus:gem", "support:none",
                  "support:M20:gold", "support:M1:gem"]
    before = (json.dumps(g.view(0)), g.actions, g.to_play)
    for c in candidates:
        if c in legal:
            continue
        try:
            g.play(c)
        except monsterbox.IllegalAction as exc:
            assert "Legal now:" in str(exc) or "action id is a string" in str(exc)
        else:
            raise AssertionError(f"{c!r} was accepted but is not legal")
        assert (json.dumps(g.view(0)), g.actions, g.to_play) == before


@given(st.integers(0, 100_000))
def test_records_and_results_are_json(seed):
    g = random_game(seed, 5)
    for obj in (g.record(), g.result(), g.spectator_view()):
        assert json.loads(json.dumps(obj)) == obj


@given(st.integers(0, 100_000), players_st)
def test_fast_scores_agree_with_the_breakdown(seed, players):
    from monsterbox.games.inn.scoring import dungeon_breakdown, final_scores

    g = random_game(seed, players)
    assert final_scores(g.state) == [dungeon_breakdown(g.state, p)["total"] for p in range(players)]
    assert g.result()["scores"] == final_scores(g.state)
