"""Bounded views and the paged event history (core.events): a view carries the last LOG_WINDOW events its seat saw,
``Game.events`` pages through the whole history, and both agree with the seat's log built the plain way."""

from __future__ import annotations

import random

import pytest

import monsterbox
from monsterbox.core.events import LOG_WINDOW

GAMES = [("inn", 3), ("maker", 3), ("mansion", 2), ("monster", 3)]


def played(game_id: str, players: int, seed: int = 3, steps: int = 10_000) -> monsterbox.Game:
    g = monsterbox.new_game(game_id, players, seed)
    r = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    return g


def plain_log(g: monsterbox.Game, seat: int | None) -> list[dict]:
    """The seat's whole history built directly from the raw log (what views carried before they were bounded)."""
    rules = g.rules
    return [rules.log_event(g.state, e) for e in rules.event_log(g.state)
            if rules.audience(e) < 0 or (seat is not None and rules.audience(e) == seat)]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_views_are_bounded_and_events_page_the_whole_history(game_id, players):
    g = next(g for seed in range(3, 40) if (g := played(game_id, players, seed)).event_count(None) > 2 * LOG_WINDOW)
    for seat in [*range(players), None]:
        full = plain_log(g, seat)
        assert len(full) > LOG_WINDOW  # a long game: the bound matters
        assert g.events(seat) == full and g.event_count(seat) == len(full)
        pages, k = [], 0
        while k < len(full):
            page = g.events(seat, since=k, limit=17)
            assert 0 < len(page) <= 17
            pages += page
            k += len(page)
        assert pages == full
        v = g.view(seat) if seat is not None else g.spectator_view()
        assert len(v["log"]) == LOG_WINDOW and v["log_first"] == len(full) - LOG_WINDOW
        assert v["log"] == full[v["log_first"]:] == g.events(seat, since=v["log_first"])
        # the stateless form of the ruleset gives the same view
        assert v == (g.rules.view(g.state, seat) if seat is not None else g.rules.spectator_view(g.state))


@pytest.mark.parametrize("game_id,players", GAMES)
def test_views_follow_the_game_move_by_move(game_id, players):
    g = monsterbox.new_game(game_id, players, 11)
    r = random.Random(11)
    for _ in range(120):
        if g.over:
            break
        for seat in range(players):
            v = g.view(seat)
            full = plain_log(g, seat)
            assert v["log"] == full[-LOG_WINDOW:] and v["log_first"] == max(0, len(full) - LOG_WINDOW)
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])


@pytest.mark.parametrize("game_id,players", GAMES)
def test_determinizations_inherit_the_seat_history_and_extend_it(game_id, players):
    g = played(game_id, players, steps=150)
    seat = g.to_play if g.to_play is not None else 0
    d = g.determinize(seat, 5)
    assert d.events(seat) == g.events(seat) and d.view(seat) == g.view(seat)
    other = (seat + 1) % players
    assert d.events(other) == g.events(None)  # a determinization holds no other seat's private event
    before = d.event_count(seat)
    c = d.copy()
    r = random.Random(1)
    for _ in range(20):
        if d.over:
            break
        d.play(d.legal_actions()[r.randrange(len(d.legal_actions()))])
    assert d.events(seat)[:before] == g.events(seat)
    assert c.events(seat) == g.events(seat)  # the copy is independent of the moves played after it
    dd = d.determinize(seat, 9)  # a determinization of a determinization
    assert dd.events(seat) == d.events(seat) and dd.view(seat) == d.view(seat)


def test_bad_event_requests_say_what_is_allowed():
    g = played("inn", 3, steps=30)
    n = g.event_count(0)
    for since in (-1, "3", 1.5, True, n + 1):
        with pytest.raises(monsterbox.InvalidOptions, match="since"):
            g.events(0, since=since)
    for limit in (-1, "all", 2.0):
        with pytest.raises(monsterbox.InvalidOptions, match="limit"):
            g.events(0, since=0, limit=limit)
    with pytest.raises(monsterbox.InvalidOptions, match="seat"):
        g.events(7)
    assert g.events(0, since=n) == [] and g.events(0, since=0, limit=0) == []
