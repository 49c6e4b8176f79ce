"""A rematch brings the other humans along: the first seat to ask creates it (same game, seats and names, a fresh
deal), every human seat of the finished table has its own seat there, handed only to that seat's token."""

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")

from tests.server_helpers import auth, client_for, move, new_table, state  # noqa: E402


def play_out(client, gid, tokens):
    for _ in range(2000):
        s = state(client, gid, tokens["0"])
        if s["over"]:
            return
        seat = s["to_play"]
        if str(seat) in tokens:
            mine = state(client, gid, tokens[str(seat)])
            move(client, gid, tokens[str(seat)], mine, mine["legal"][-1]["id"])
    raise AssertionError("the game did not end")


def test_rematch_gives_every_human_of_the_table_a_seat(tmp_path):
    client = client_for(f"sqlite:///{tmp_path / 'games.db'}")
    gid, tokens = new_table(client, "mansion", 3, ["human", "human", "random"], names=["Ada", "Bea", None],
                            practice=True, seed=3)
    assert client.post(f"/api/games/{gid}/rematch", headers=auth(tokens["0"])).status_code == 400  # not over
    assert client.get(f"/api/games/{gid}/rematch").json() == {"id": None}
    play_out(client, gid, tokens)
    assert client.post(f"/api/games/{gid}/rematch").status_code == 403  # a spectator has no seat there
    first = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens["1"]))
    assert first.status_code == 201, first.text
    new = first.json()
    assert new["seat"] == 1 and new["id"] != gid
    assert client.get(f"/api/games/{gid}/rematch").json() == {"id": new["id"]}
    second = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens["0"])).json()
    assert second["id"] == new["id"] and second["seat"] == 0 and second["token"] != new["token"]
    s0, s1 = state(client, new["id"], second["token"]), state(client, new["id"], new["token"])
    assert (s0["seat"], s1["seat"]) == (0, 1) and s0["version"] <= 2 and not s0["over"]
    assert [x["name"] for x in s0["seats"]][:2] == ["Ada", "Bea"] and s0["seats"][2]["kind"] == "bot"
    assert s0["practice"] is True
