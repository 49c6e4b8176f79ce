"""Properties over random Monster Maker games: ending, conservation, no leaks, determinizations, replays."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import monsterbox
from tests.maker.helpers import count_cards

players_st = st.sampled_from([2, 3, 4, 5, 6])
options_st = st.sampled_from([{}, {"short": True}, {"rewards": ["monsters_placed", "traps_drawn"]},
                              {"distance": 50}])


def random_maker(seed, players, options=None, stop_after=None):
    g = monsterbox.new_game("maker", players, seed, options)
    r = random.Random(seed)
    k = 0
    while not g.over and (stop_after is None or k < stop_after):
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
        k += 1
    return g


def treasures_total(g):
    s = g.state
    return sorted(s.treasure_deck + s.treasure_discard + [t for row in s.treasures for t in row])


@given(st.integers(0, 100_000), players_st, options_st)
@settings(max_examples=20)
def test_games_end_and_cards_are_conserved(seed, players, options):
    g = monsterbox.new_game("maker", players, seed, options)
    r = random.Random(seed)
    steps = 0
    while not g.over:
        if steps % 25 == 0:
            assert count_cards(g) == 125
            assert treasures_total(g) == list(range(25))
            assert all(len(t) <= 2 for t in g.state.treasures) or g.state.phase == 5
        acts = g.legal_actions()
        assert acts
        g.play(acts[r.randrange(len(acts))])
        steps += 1
    assert count_cards(g) == 125 and treasures_total(g) == list(range(25))
    res = g.result()
    assert len(res["scores"]) == players and all(sc >= 0 for sc in res["scores"]) and res["winners"]


@given(st.integers(0, 100_000), players_st, st.integers(0, 400))
@settings(max_examples=25)
def test_views_hide_hands_face_down_treasures_and_piles(seed, players, steps):
    g = random_maker(seed, players, stop_after=steps)
    s = g.state
    for seat in [*range(players), None]:
        v = g.view(seat) if seat is not None else g.spectator_view()
        assert ("hand" in v) == (seat is not None)
        assert isinstance(v["draw_pile"], int) and isinstance(v["treasure_pile"], int)
        for e in v["log"]:
            if e["type"] in ("deal", "drew", "treasure_seen"):
                assert e["seat"] == seat, f"seat {seat} sees {e}"
        for other in v["seats"]:
            for t, real in zip(other["treasures"], s.treasures[other["seat"]], strict=True):
                visible = other["seat"] == seat or s.face_up[real] or g.over
                assert ("hidden" in t) == (not visible)
        assert json.loads(json.dumps(v)) == v


@given(st.integers(0, 100_000), players_st, st.integers(0, 400))
@settings(max_examples=25)
def test_determinizations_agree_with_the_view(seed, players, steps):
    g = random_maker(seed, players, stop_after=steps)
    seat = g.to_play if g.to_play is not None else 0
    v = g.view(seat)
    for k in range(3):
        d = g.determinize(seat, k)
        assert d.view(seat) == v
        assert d.legal_actions() == g.legal_actions()
        assert count_cards(d) == 125 and treasures_total(d) == list(range(25))
        trap = d.state.cards.index("trap")
        for p in range(players):
            assert d.state.hand_size[p] == g.state.hand_size[p]
            # a sampled hand is a possible hand: no trap outside its owner's trap resolution
            if not (d.state.phase == 4 and d.state.current == p):
                assert d.state.hands[p][trap] == 0
    if not g.over and len(g.state.deck) > 5:
        assert len({tuple(g.determinize(seat, k).state.deck) for k in range(4)}) > 1


@given(st.integers(0, 100_000), players_st)
@settings(max_examples=10)
def test_replay_and_determinism(seed, players):
    g = random_maker(seed, players)
    rec = json.loads(json.dumps(g.record()))
    r = monsterbox.replay(rec)
    assert r.result() == g.result()
    b = monsterbox.new_game("maker", players, seed)
    for a in g.actions:
        b.play(a)
    assert b.record() == g.record()


@given(st.integers(0, 100_000), st.integers(0, 300), st.text(max_size=10))
@settings(max_examples=25)
def test_illegal_actions_change_nothing(seed, steps, junk):
    g = random_maker(seed, 4, stop_after=steps)
    if g.over:
        return
    legal = set(g.legal_actions())
    before = (json.dumps(g.view(0)), g.actions)
    for a in [junk, "fight", "done", "move:L40", "place:dragon:1", "keep:none", "drop:crown_of_kings", "battle"]:
        if a in legal:
            continue
        try:
            g.play(a)
        except monsterbox.IllegalAction as exc:
            assert "Legal now" in str(exc)
        else:
            raise AssertionError(a)
        assert (json.dumps(g.view(0)), g.actions) == before
