"""Hidden information (R8) as a security property: views never carry what the seat may not know."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import monsterbox
from monsterbox.games.inn.view import infer_hands
from tests.helpers import inn, play, random_game

VALUE_KEYS = {"value", "id", "skulls"}


def face_down_humans(obj):
    """Every card dict in a JSON tree that is a face-down human."""
    if isinstance(obj, dict):
        if obj.get("kind") == "human" and obj.get("face_down"):
            yield obj
        for v in obj.values():
            yield from face_down_humans(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from face_down_humans(v)


def hidden_human_ids(g):
    s = g.state
    return {s.cards.ids[h] for row in s.humans for h in row} | {
        s.cards.ids[c] for c in s.tavern[s.tpos:] if s.cards.kind[c] == 1} | {s.cards.ids[c] for c in s.deck}


@given(st.integers(0, 10_000), st.integers(0, 120), st.sampled_from([3, 4, 5]))
def test_no_view_contains_a_face_down_human_or_the_draw_pile(seed, steps, players):
    g = random_game(seed, players, stop_after=steps)
    if g.over:
        return
    hidden = hidden_human_ids(g)
    for seat in [*range(players), None]:
        v = g.view(seat) if seat is not None else g.spectator_view()
        text = json.dumps(v)
        for card_id in hidden:
            assert f'"{card_id}"' not in text, f"{card_id} leaked into the view of seat {seat}"
        for h in face_down_humans(v):
            assert not (VALUE_KEYS & set(h)), h


@given(st.integers(0, 10_000), st.integers(0, 120))
def test_other_hands_hidden_unless_open_treasures(seed, steps):
    g = random_game(seed, 4, stop_after=steps)
    if g.over:
        return
    for seat in range(4):
        v = g.view(seat)
        assert v["hand"] == {"gold": g.state.hands[2 * seat], "gem": g.state.hands[2 * seat + 1]}
        for other in v["seats"]:
            assert (other["treasures"] is None) == (other["seat"] != seat)
    assert all(s["treasures"] is None for s in g.spectator_view()["seats"])
    assert "hand" not in g.spectator_view()


def test_open_treasures_variant_shows_every_hand():
    g = inn(4, open_treasures=True)
    play(g, "stay:gold", "stay:gold")
    for seat in range(4):
        v = g.view(seat)
        assert [s["treasures"] for s in v["seats"]] == [
            {"gold": g.state.hands[2 * p], "gem": g.state.hands[2 * p + 1]} for p in range(4)]
    assert g.spectator_view()["seats"][0]["treasures"] is not None


@given(st.integers(0, 10_000), st.integers(0, 150))
def test_hands_are_derivable_from_the_public_log(seed, steps):
    """R8: every treasure movement is public, so the log determines every hand (what determinize relies on)."""
    g = random_game(seed, 4, stop_after=steps)
    inferred = infer_hands(4, g.events(None))
    assert inferred == [{"gold": g.state.hands[2 * p], "gem": g.state.hands[2 * p + 1]} for p in range(4)]
    assert [s["treasure_count"] for s in g.spectator_view()["seats"]] == inferred


@given(st.integers(0, 10_000), st.integers(0, 150), st.integers(0, 3))
def test_view_identical_in_every_determinization(seed, steps, seat):
    g = random_game(seed, 4, stop_after=steps)
    v = g.view(seat)
    for k in range(4):
        d = g.determinize(seat, k)
        assert d.view(seat) == v
        assert d.legal_actions() == g.legal_actions()
        # a determinization never carries the real game's seed (it would rebuild the true deck)
        assert "deck" not in d.options
    # and determinizations really differ in what is hidden
    if not g.over and len(g.state.deck) > 4:
        decks = {tuple(g.determinize(seat, k).state.deck) for k in range(5)}
        assert len(decks) > 1


def test_determinization_drops_the_explicit_deck_and_the_real_seed():
    g = inn(3, deck=["H20", "M1", "M2", "H19"], seed=1234)
    d = g.determinize(1, 5)
    assert "deck" not in d.options and d.seed == 5
    assert d.view(1) == g.view(1)


def test_determinized_humans_keep_their_range():
    g = random_game(5, 4, stop_after=60)
    for k in range(10):
        d = g.determinize(0, k)
        for row_g, row_d in zip(g.state.humans, d.state.humans, strict=True):
            assert [g.state.cards.rng[h] for h in row_g] == [d.state.cards.rng[h] for h in row_d]
        cards = sorted(d.state.deck + d.state.tavern[d.state.tpos:]
                       + [c for r in d.state.humans + d.state.monsters for c in r])
        assert cards == list(range(40))


def test_end_of_game_reveals_only_humans_turned_face_up():
    g = random_game(12, 4)
    v = g.view(0)
    revealed = {p["human"]["id"] for b in v["result"]["breakdown"] for p in b["pairs"]
                if p["human"] and "id" in p["human"]}
    unseen = [p["human"] for b in v["result"]["breakdown"] for p in b["pairs"]
              if p["human"] and "removed unseen" in p["human"]["fate"]]
    assert all("value" not in h and "id" not in h for h in unseen)
    text = json.dumps(v)
    s = g.state
    for row in s.humans:
        for h in row:
            cid = s.cards.ids[h]
            assert (f'"{cid}"' in text) == (cid in revealed)


def test_view_rejects_bad_seat():
    g = inn(3)
    for bad in [3, -1, "0", None, True]:
        with pytest.raises(monsterbox.InvalidOptions, match="seat must be"):
            g.view(bad)


def test_views_are_json_serialisable_and_round_trip():
    g = random_game(3, 5, stop_after=40)
    for seat in range(5):
        v = g.view(seat)
        assert json.loads(json.dumps(v)) == v


def test_determinize_is_reproducible_from_its_seed():
    g = random_game(9, 4, stop_after=30)
    a, b = g.determinize(2, 77), g.determinize(2, 77)
    assert a.state.deck == b.state.deck and a.state.humans == b.state.humans
    r = random.Random(0)
    assert g.determinize(2, r.randrange(1000)).view(2) == g.view(2)


@given(st.integers(0, 10_000), st.integers(0, 200), st.sampled_from([3, 5]), st.booleans())
def test_views_built_together_are_each_seat_s_own_view(seed, steps, players, open_treasures):
    """``Game.table_views`` builds the public table once for several seats (the server's states of a move): each
    view must be exactly that seat's own view, to the byte, and a seat's hand must not reach another seat's view
    through the parts they share (R8)."""
    g = random_game(seed, players, {"open_treasures": open_treasures}, stop_after=steps)
    seats = [None, *range(players)]
    together = g.table_views(seats)
    for seat, v in zip(seats, together, strict=True):
        alone = g.view(seat, log=False) if seat is not None else g.spectator_view(log=False)
        assert json.dumps(v) == json.dumps(alone)
    if not (open_treasures or g.over):
        for seat, v in zip(seats, together, strict=True):
            assert [s["seat"] for s in v["seats"] if s["treasures"] is not None] == ([] if seat is None else [seat])
    with pytest.raises(monsterbox.InvalidOptions, match="seat must be"):
        g.table_views([0, players])
