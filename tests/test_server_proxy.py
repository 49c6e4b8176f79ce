"""Issue 30, finding 7 (items 2 and 6): who the client is behind a reverse proxy (``serve --trusted-proxy``), and
rate limits per seat token, so that players behind one NAT or one proxy are not throttled as one client.

The proxy actually in front (nginx, TLS, WebSocket) is tested in ``tests/test_deploy.py``; these tests drive the
application in-process with the connection's peer set by the test client."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from monsterbox.core.errors import InvalidOptions
from monsterbox.server.accounts import AccountLimits
from monsterbox.server.app import Settings, create_app
from monsterbox.server.security import Limits, Proxies, client_of, forwarded_proto
from tests.server_helpers import auth, client_for, new_table

PROXY = ("127.0.0.1", 40000)  # the peer as the test client presents it: a proxy on this machine


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'proxy.db'}"


def scope(peer: str, *headers: tuple[str, str]) -> dict[str, Any]:
    return {"client": (peer, 1234), "scheme": "http",
            "headers": [(k.lower().encode(), v.encode()) for k, v in headers]}


def test_client_is_the_rightmost_untrusted_hop_and_only_from_a_trusted_peer():
    proxies = Proxies(["127.0.0.1", "10.0.0.0/8", "::1"])
    # a direct client's X-Forwarded-For is its own writing: ignored
    assert client_of(scope("203.0.113.7", ("X-Forwarded-For", "1.2.3.4")), proxies) == "203.0.113.7"
    # from the proxy: the address the proxy appended, never the leftmost entry the client wrote
    assert client_of(scope("127.0.0.1", ("X-Forwarded-For", "1.2.3.4, 203.0.113.7")), proxies) == "203.0.113.7"
    # two trusted hops (10.1.2.3 in front of the local proxy): the first untrusted entry from the right
    assert client_of(scope("127.0.0.1", ("X-Forwarded-For", "6.6.6.6, 203.0.113.7, 10.1.2.3")),
                     proxies) == "203.0.113.7"
    # several headers are one list, in order
    assert client_of(scope("::1", ("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "198.51.100.2")),
                     proxies) == "198.51.100.2"
    # from the proxy without the header: the proxy itself
    assert client_of(scope("127.0.0.1"), proxies) == "127.0.0.1"
    # nothing trusted (the default): the peer, whatever the header says
    assert client_of(scope("127.0.0.1", ("X-Forwarded-For", "1.2.3.4")), Proxies()) == "127.0.0.1"
    assert client_of(scope("127.0.0.1", ("X-Forwarded-For", "1.2.3.4"))) == "127.0.0.1"
    # X-Forwarded-Proto: believed from a trusted peer only
    assert forwarded_proto(scope("127.0.0.1", ("X-Forwarded-Proto", "https")), proxies) == "https"
    assert forwarded_proto(scope("203.0.113.7", ("X-Forwarded-Proto", "https")), proxies) == "http"


@pytest.mark.parametrize("bad", ["nonsense", "10.0.0.0/33", "1.2.3", "127.0.0.1; rm", "::g"])
def test_a_malformed_trusted_proxy_is_a_clear_error(bad):
    with pytest.raises(InvalidOptions, match="a trusted proxy is an IP address or network"):
        Proxies(["127.0.0.1", bad])


def test_the_environment_names_the_trusted_proxies_and_divides_limits_by_workers(monkeypatch):
    monkeypatch.setenv("MONSTERBOX_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8")
    monkeypatch.setenv("MONSTERBOX_WORKERS", "2")
    limits = Settings.from_env().limits
    assert limits.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    default = Limits()
    assert (limits.create, limits.move, limits.read) != (default.create, default.move, default.read)
    assert limits == Limits(create="15/1 minute", move="15/1 second", read="100/1 second", connect="30/1 minute",
                            ws_message="30/second", per_address="1000/1 second",
                            trusted_proxies=("127.0.0.1", "10.0.0.0/8"))
    monkeypatch.setenv("MONSTERBOX_TRUSTED_PROXIES", "127.0.0.1,not-an-address")
    with pytest.raises(InvalidOptions):
        Settings.from_env()


def test_sign_in_limits_are_divided_by_workers_as_the_request_limits_are(monkeypatch):
    """Each process of ``serve --workers N`` counts its own sign-in attempts: each allows its share of the budget,
    so N processes together allow what one would."""
    monkeypatch.setenv("MONSTERBOX_WORKERS", "2")
    accounts = Settings.from_env().accounts
    assert (accounts.sign_in_per_address, accounts.failures_per_account, accounts.register_per_address,
            accounts.chat_per_seat) == ("10/1 minute", "3/15 minute", "5/1 hour", "3/10 second")
    assert accounts.session_days == AccountLimits().session_days
    monkeypatch.setenv("MONSTERBOX_WORKERS", "1")
    assert Settings.from_env().accounts == AccountLimits()


def proxied(db: str, limits: Limits, **accounts: Any) -> TestClient:
    settings = Settings(db=db, limits=limits, accounts=AccountLimits(argon2_time_cost=1, argon2_memory_cost=8192,
                                                                     **accounts))
    return TestClient(create_app(settings=settings), client=PROXY)


def test_forged_forwarded_for_does_not_buy_a_new_bucket(db):
    """Finding 7: with ``trust_proxy`` the leftmost entry was the client (100 of 100 creations past the 30/min
    limit). Two clients behind the proxy forging different leftmost entries share the bucket of the address the
    proxy saw; another real client (another address appended by the proxy) has its own."""
    limits = Limits(create="3/minute", move=None, read=None, connect=None, ws_message=None,
                    trusted_proxies=("127.0.0.1",))
    body = {"game": "inn", "players": 3, "seats": ["random"] * 3}
    with proxied(db, limits) as client:
        codes = [client.post("/api/games", json=body,
                             headers={"X-Forwarded-For": f"192.0.2.{i}, 203.0.113.7"}).status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        r = client.post("/api/games", json=body, headers={"X-Forwarded-For": "192.0.2.99, 198.51.100.2"})
        assert r.status_code == 201  # another client, told apart by the trusted hop only


def test_forwarded_headers_from_an_untrusted_peer_are_ignored(db):
    limits = Limits(create="2/minute", move=None, read=None, connect=None, ws_message=None,
                    trusted_proxies=("10.0.0.0/8",))  # the test client's 127.0.0.1 is not one of them
    body = {"game": "inn", "players": 3, "seats": ["random"] * 3}
    with proxied(db, limits) as client:
        codes = [client.post("/api/games", json=body, headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
                 for i in range(3)]
        assert codes == [201, 201, 429]


@pytest.mark.parametrize(("trusted", "secure"), [(("127.0.0.1",), True), (("10.0.0.1",), False)])
def test_secure_cookie_follows_forwarded_proto_from_a_trusted_proxy_only(db, trusted, secure):
    limits = Limits(create=None, move=None, read=None, connect=None, ws_message=None, trusted_proxies=trusted)
    with proxied(db, limits) as client:
        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
        r = client.post("/api/accounts", json={"name": "alice", "password": "correct horse battery"}, headers=headers)
        assert r.status_code == 201, r.text
        r = client.post("/api/session", json={"name": "alice", "password": "correct horse battery"}, headers=headers)
        assert r.status_code == 200
        assert ("secure" in r.headers["set-cookie"].lower()) is secure


def test_eighty_players_behind_one_address_are_not_throttled_as_one(db):
    """Finding 7: 80 players behind one NAT each make moves at a human rate (three a minute here, the limit five a
    minute per seat token): no 429. One seat token flooding gets 429, and the others still play."""
    seats = []
    with client_for(db) as setup:  # the tables and their 80 seats, claimed (no limits while setting up)
        for _ in range(20):
            gid, tokens = new_table(setup, "monster", 4, ["human"] * 4)
            seats += [(gid, tokens[str(i)]) for i in range(4)]
    assert len(seats) == 80
    limits = Limits(create=None, move="5/minute", read="20/minute", connect=None, ws_message=None)
    with TestClient(create_app(settings=Settings(db=db, limits=limits))) as client:
        codes = []
        for _round in range(3):
            for gid, token in seats:
                s = client.get(f"/api/games/{gid}", headers=auth(token)).json()
                action = s["legal"][0]["id"] if s["legal"] else "pass"
                r = client.post(f"/api/games/{gid}/actions", json={"action": action, "version": s["version"]},
                                headers=auth(token))
                codes.append(r.status_code)
        assert 429 not in codes, codes
        assert codes.count(200) >= 60  # real moves among them (a seat not to play is refused: 400/403)
        gid, token = seats[0]
        flood = [client.post(f"/api/games/{gid}/actions", json={"action": "x", "version": 0},
                             headers=auth(token)).status_code for _ in range(5)]
        assert flood[-1] == 429 and flood.count(429) >= 3, flood
        gid, token = seats[1]
        s = client.get(f"/api/games/{gid}", headers=auth(token))
        assert s.status_code == 200  # another seat of the same address: still served


def test_made_up_tokens_do_not_escape_the_per_address_ceiling(db):
    limits = Limits(create=None, move="5/minute", read="5/minute", connect=None, ws_message=None,
                    per_address="20/minute")
    with TestClient(create_app(settings=Settings(db=db, limits=limits))) as client:
        codes = [client.post("/api/games/nope/actions", json={"action": "x", "version": 0},
                             headers=auth(f"made-up-{i}")).status_code for i in range(25)]
        assert 429 not in codes[:20] and codes[20:] == [429] * 5, codes


def test_workers_have_a_minute_to_answer_the_health_check():
    """uvicorn's 5 s health check killed ``serve --workers 2``'s workers while they were still importing on a busy
    machine, and started them again, forever (found running the deployment's benchmark at load 30)."""
    from monsterbox.server.protocol import WORKER_HEALTHCHECK_SECONDS, ConnectionLimits, serve_config

    config = serve_config("monsterbox.server.app:create_app_from_env", ConnectionLimits(), factory=True, workers=2)
    assert config.timeout_worker_healthcheck == WORKER_HEALTHCHECK_SECONDS >= 60


def test_bot_processes_yield_the_cpu_to_the_server():
    """Searching bots run in processes of a lower CPU priority than the server's (``BOT_NICENESS``): with 20 tables
    of expert bots busy, the human tables' requests go first (docs/results/server-load.md, background workload)."""
    import os
    import threading

    import monsterbox
    from monsterbox.server.bots import BOT_NICENESS, BotBudget, BotWorkers

    workers = BotWorkers(BotBudget(max_seconds=5.0, grace=5.0), processes=1)
    try:
        g = monsterbox.new_game("inn", 3, 1)
        done = threading.Event()
        answer = []
        workers.request("t", "ismcts:iterations=20", g, g.to_play, 1, lambda a, n: (answer.append(a), done.set()))
        assert done.wait(120) and answer[0] in g.legal_actions()
        pid = workers.slots[0].proc.pid
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + BOT_NICENESS)
    finally:
        workers.shutdown()
