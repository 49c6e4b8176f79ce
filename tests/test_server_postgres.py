"""The server on a real PostgreSQL (a private cluster started by the tests): the same contract, migrations, and
two server processes on one database staying consistent, with changes pushed across processes by LISTEN/NOTIFY."""

import threading

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
pytest.importorskip("psycopg", reason="the server extra brings psycopg 3")
from sqlalchemy import create_engine, text  # noqa: E402

from tests.server_helpers import client_for, move, my_turn, new_table, state  # noqa: E402
from tests.two_processes import check_two_processes  # noqa: E402


@pytest.fixture
def pg(postgres_url):
    engine = create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:  # each test starts from an empty database
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    return postgres_url


def test_a_game_against_bots_on_postgresql(pg):
    client = client_for(pg)
    gid, tokens = new_table(client, "mansion", 3, ["human", "heuristic", "random"])
    for _ in range(400):
        s = my_turn(client, gid, tokens["0"], 0)
        if s["over"]:
            break
        assert move(client, gid, tokens["0"], s).status_code == 200
    assert s["over"]
    assert client.get(f"/api/games/{gid}/record").json()["deal_verified"] is True
    again = move(client, gid, tokens["0"], s, "pass")
    assert again.status_code == 400 and "over" in again.json()["error"]


def test_the_same_move_twice_at_once_on_postgresql(pg):
    client = client_for(pg)
    gid, tokens = new_table(client, "inn", 3, ["human"] * 3)
    table = client.app.state.tables.get(gid)
    tok = tokens[str(table.game.to_play)]
    s = state(client, gid, tok)
    codes = []
    barrier = threading.Barrier(3)

    def send():
        barrier.wait()
        codes.append(move(client, gid, tok, s).status_code)

    threads = [threading.Thread(target=send) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409]


def test_two_server_processes_on_one_database(pg):
    check_two_processes(pg)
