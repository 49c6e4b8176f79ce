"""A state's ``log`` and ``story`` are joined from JSON pieces the table keeps, and its view is one of the views of
a version built together for the seats (``server/state.py``): what a seat receives must be exactly what the engine's
view and the game's words give, at every moment, for every seat and a spectator, in both languages (a stale or
misplaced piece would show one seat another seat's words or hand)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from monsterbox.core.i18n import use_language
from monsterbox.server.state import text_module
from tests.server_helpers import auth, claim_all, client_for

PLAYERS = {"inn": 3, "monster": 2, "mansion": 2, "maker": 3}


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_log_and_story_are_the_engine_s_view_and_words(tmp_path: Path, game: str) -> None:
    n = PLAYERS[game]
    rng = random.Random(7)
    with client_for(f"sqlite:///{tmp_path}/p.db") as c:
        r = c.post("/api/games", json={"game": game, "players": n, "seats": ["human"] * n})
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], claim_all(c.post, r.json())
        table = c.app.state.tables.peek(gid)
        checked = 0
        for _step in range(60):
            for seat in [*range(n), None]:
                for lang in ("en", "fr"):
                    headers = {"Accept-Language": lang, **(auth(tokens[str(seat)]) if seat is not None else {})}
                    got = c.get(f"/api/games/{gid}", headers=headers).json()
                    g = table.game
                    view = g.view(seat) if seat is not None else g.spectator_view()  # no memo: built afresh
                    assert got["view"]["log"] == view["log"]
                    assert got["view"]["log_first"] == got["story_first"] == view["log_first"]
                    # the table itself: the seats' views of a version are built together (state._view), each
                    # must be that seat's own view
                    assert got["view"] == json.loads(json.dumps(view))
                    with use_language(lang):
                        words = [text_module(game).narrate(e, seat, table.names(), g.state.cards)
                                 for e in view["log"]]
                    expected = [{"index": view["log_first"] + i, "text": w} for i, w in enumerate(words) if w]
                    assert got["story"] == expected
                    checked += 1
            g = table.game
            if g.over:
                break
            mover = g.to_play
            s = c.get(f"/api/games/{gid}", headers=auth(tokens[str(mover)])).json()
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[str(mover)]),
                       json={"action": rng.choice(s["legal"])["id"], "version": s["version"]})
            assert r.status_code == 200, r.text
            # the reply to a move is built from the same pieces
            view = g.view(mover)
            assert r.json()["view"]["log"] == view["log"]
        assert checked > 100


def test_a_kept_state_is_the_state_made_afresh(tmp_path: Path) -> None:
    """``state_json`` keeps each seat's serialised state until the table changes: after every move, a seat joining,
    a notice and a changed commitment, what it gives is exactly a state made afresh (a stale state would show a
    seat an old table)."""
    import orjson

    from monsterbox.server.state import state_json, table_state

    with client_for(f"sqlite:///{tmp_path}/k.db") as c:
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "human", "open"]})
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], claim_all(c.post, r.json())
        table = c.app.state.tables.peek(gid)

        def check() -> None:
            for seat in (0, 1, 2, None):
                for lang in ("en", "fr"):
                    kept = state_json(table, seat, lang)
                    assert kept == state_json(table, seat, lang)  # asked again: the same
                    assert kept == orjson.dumps(table_state(table, seat, lang)), (seat, lang)

        check()
        j = c.post(f"/api/games/{gid}/join", json={"name": "Zoe"})  # seats change, the version does not
        assert j.status_code == 201, j.text
        tokens["2"] = j.json()["token"]
        check()
        rng = random.Random(3)
        for _ in range(12):
            g = table.game
            mover = g.to_play
            s = c.get(f"/api/games/{gid}", headers=auth(tokens[str(mover)])).json()
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[str(mover)]),
                       json={"action": rng.choice(s["legal"])["id"], "version": s["version"]})
            assert r.status_code == 200 and r.content == state_json(table, mover, "en")
            check()
        table.notice = "a bot failed; a random move was played"
        check()
        table.seed_commitment = "0" * 64
        check()


def test_kept_pieces_hold_only_their_own_size(tmp_path: Path) -> None:
    """A table keeps a JSON piece for every event of every seat, and each seat's last state: each must be held in
    memory at its own size. ``orjson.dumps`` hands its output over in a buffer of at least 4 KB, so a 100-byte
    event kept as it came held 4 KB (a finished Monster Inn table about 3.8 MB)."""
    import tracemalloc

    import monsterbox.server.state as state_module

    with client_for(f"sqlite:///{tmp_path}/m.db") as c:
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3})
        gid, tokens = r.json()["id"], claim_all(c.post, r.json())
        table = c.app.state.tables.peek(gid)
        rng = random.Random(5)
        tracemalloc.start()
        try:
            for _ in range(40):
                g = table.game
                if g.over:
                    break
                mover = g.to_play
                for seat in range(3):  # every seat's state, as three players' pages receive them
                    assert c.get(f"/api/games/{gid}", headers=auth(tokens[str(seat)])).status_code == 200
                r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[str(mover)]),
                           json={"action": rng.choice(g.legal_actions()), "version": table.version})
                assert r.status_code == 200, r.text
            snap = tracemalloc.take_snapshot().filter_traces(
                [tracemalloc.Filter(True, state_module.__file__)])
        finally:
            tracemalloc.stop()
        pieces = sum(len(p) for p in table.log_json.values()) + sum(len(p) for p in table.story_json.values())
        held = sum(st.size for st in snap.statistics("filename"))
        stored = sum(len(b) for lst in table.log_json.values() for b in lst) + \
            sum(len(b) for lst in table.story_json.values() for b in lst) + \
            sum(len(v[1]) for v in table.state_json.values())
        assert pieces > 100
        # every kept object's own bytes plus a bytes object's header (33 bytes) and the allocator's rounding
        assert held < stored + pieces * 64 + 4 * 1024, (held, stored, pieces)
