"""Issue 30, item 2: the production recipe with the proxy actually in front. Debian's nginx, started here as a
normal process (a temporary prefix, high ports, a self-signed certificate made here with ``openssl``), runs
``deploy/nginx.conf`` in front of a real ``monsterbox serve --workers 2 --trusted-proxy 127.0.0.1``: a game is played
over HTTPS and WSS through it; a forged ``X-Forwarded-For`` does not change the address the server rate-limits; two
real clients (two source addresses) are told apart through the header the proxy writes; session cookies are Secure.

Skipped, saying why, when nginx or openssl is missing (``.ci/run`` installs nginx-light)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.path.exists(p)),
                                      None)
OPENSSL = shutil.which("openssl")

pytestmark = [pytest.mark.skipif(NGINX is None, reason="nginx is not installed (apt-get install nginx-light; "
                                                       ".ci/run installs it)"),
              pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (it makes the test certificate)")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(ok, what: str, proc: subprocess.Popen, log: Path, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            break
        try:
            if ok():
                return
        except (httpx.HTTPError, OSError):
            pass
        time.sleep(0.1)
    text = log.read_text(errors="replace")[-3000:] if log.exists() else ""
    raise AssertionError(f"{what} did not start (exit {proc.poll()}): {text}")


def nginx_config(prefix: Path, https_port: int, http_port: int, upstream_port: int, cert: Path, key: Path) -> str:
    """``deploy/nginx.conf`` as shipped, with this test's ports and certificate, inside a minimal main configuration
    of its own (Debian's /etc/nginx/nginx.conf plays that part in production)."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    for old, new in (("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
                     ("listen [::]:443 ssl http2;", ""), ("listen [::]:80;", ""),
                     ("listen 80;", f"listen 127.0.0.1:{http_port};"),
                     ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream_port};"),
                     ("/etc/letsencrypt/live/games.example.org/fullchain.pem", str(cert)),
                     ("/etc/letsencrypt/live/games.example.org/privkey.pem", str(key))):
        assert old in site, f"deploy/nginx.conf no longer has {old!r}: update this test"
        site = site.replace(old, new)
    (prefix / "monsterbox.conf").write_text(site)
    temp = "\n".join(f"    {d}_temp_path {prefix / 'tmp' / d};" for d in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                             "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""  # as root, nginx's workers would else run as nobody
    return (f"{user}worker_processes 1;\ndaemon off;\npid {prefix / 'nginx.pid'};\n"
            f"error_log {prefix / 'error.log'} warn;\nevents {{ worker_connections 1024; }}\n"
            f"http {{\n    access_log off;\n{temp}\n    include {prefix / 'monsterbox.conf'};\n}}\n")


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """(https base URL, SSL context trusting the test certificate, direct base URL of the server)."""
    prefix = tmp_path_factory.mktemp("deploy")
    (prefix / "tmp").mkdir()
    cert, key = prefix / "cert.pem", prefix / "key.pem"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=120)
    server_port, https_port, http_port = free_port(), free_port(), free_port()
    server_log = prefix / "server.log"
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT / "src"))
    env.pop("MONSTERBOX_TRUSTED_PROXIES", None)
    with open(server_log, "wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "monsterbox.cli", "serve", "--host", "127.0.0.1", "--port",
                                   str(server_port), "--workers", "2", "--db", f"sqlite:///{prefix / 'games.db'}",
                                   "--trusted-proxy", "127.0.0.1"], env=env, stdout=out, stderr=subprocess.STDOUT)
    direct = f"http://127.0.0.1:{server_port}"
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_config(prefix, https_port, http_port, server_port, cert, key))
    nginx = None
    try:
        wait_until(lambda: httpx.get(direct + "/api/health", timeout=1).status_code == 200, "monsterbox serve",
                   server, server_log, timeout=120)
        time.sleep(1.0)  # the second worker process
        check = subprocess.run([NGINX, "-t", "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")],
                               capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stderr
        nginx = subprocess.Popen([NGINX, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        context = ssl.create_default_context(cafile=str(cert))
        base = f"https://127.0.0.1:{https_port}"
        wait_until(lambda: httpx.get(base + "/api/health", verify=context, timeout=1).status_code == 200, "nginx",
                   nginx, prefix / "error.log")
        yield base, context, direct, http_port
    finally:
        for proc in (nginx, server):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)


def client(base: str, context: ssl.SSLContext, source: str = "127.0.0.1") -> httpx.Client:
    """A client whose connections come from ``source`` (any 127.x.y.z address is this machine's loopback)."""
    return httpx.Client(base_url=base, transport=httpx.HTTPTransport(verify=context, local_address=source),
                        timeout=30)


def test_a_game_is_played_over_https_and_wss_through_the_proxy(deployed):
    from websockets.sync.client import connect

    base, context, _, http_port = deployed
    with client(base, context) as c:
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"]})
        assert r.status_code == 201, r.text
        gid, token = r.json()["id"], r.json()["tokens"]["0"]
        assert r.headers["strict-transport-security"].startswith("max-age=")
        assert "content-security-policy" in r.headers  # the server's own headers pass through
        moves_https = 0
        end = time.monotonic() + 120
        while moves_https < 3 and time.monotonic() < end:  # a few moves over HTTPS
            s = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
            if s["over"]:
                break
            if s["to_play"] == 0 and s["legal"]:
                r = c.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                           json={"action": s["legal"][0]["id"], "version": s["version"]})
                assert r.status_code in (200, 409), r.text
                moves_https += r.status_code == 200
            else:
                time.sleep(0.05)
        assert moves_https == 3
    # the rest of the game over WSS (the token as the first message, as the page sends it)
    wss = base.replace("https://", "wss://") + f"/api/games/{gid}/ws"
    moves_wss = 0
    with connect(wss, ssl=context, open_timeout=30) as ws:
        ws.send(json.dumps({"token": token}))
        end = time.monotonic() + 240
        over, sent = False, -1
        while not over and time.monotonic() < end:
            msg = json.loads(ws.recv(timeout=60))
            assert "error" not in msg or msg.get("status") == 409, msg
            if "error" in msg:
                continue
            over = msg["over"]
            if not over and msg["to_play"] == 0 and msg["legal"] and msg["version"] > sent:
                sent = msg["version"]  # one move a version (a state may be pushed again)
                time.sleep(0.05)  # under the 30 messages a second of a socket (the random bots answer at once)
                ws.send(json.dumps({"action": msg["legal"][0]["id"], "version": msg["version"]}))
                moves_wss += 1
        assert over, "the game did not end through the proxy in time"
    assert moves_wss > 0
    # plain HTTP is sent to HTTPS
    r = httpx.get(f"http://127.0.0.1:{http_port}/", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"].startswith("https://")


def test_forged_forwarded_for_does_not_change_the_rate_limited_address(deployed):
    """Creation is limited to 30 a minute per client address (15 per process with --workers 2). One real client
    (source 127.0.0.2) writing a different X-Forwarded-For on each request stays one client: at most 30 of 40
    creations pass. Another real client (source 127.0.0.3), told apart only by the entry the proxy appends, is
    served at once."""
    base, context, _, _ = deployed
    body = {"game": "inn", "players": 3, "seats": ["human"] * 3}
    with client(base, context, "127.0.0.2") as forger:
        codes = [forger.post("/api/games", json=body, headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
                 for i in range(40)]
    assert set(codes) == {201, 429} and codes.count(201) <= 30, codes
    with client(base, context, "127.0.0.3") as other:
        assert other.post("/api/games", json=body, headers={"X-Forwarded-For": "198.51.100.1"}).status_code == 201


def test_session_cookie_is_secure_behind_the_proxy(deployed):
    base, context, direct, _ = deployed
    account = {"name": "proxied", "password": "correct horse battery"}
    with client(base, context, "127.0.0.4") as c:
        assert c.post("/api/accounts", json=account).status_code == 201
        r = c.post("/api/session", json=account)
        assert r.status_code == 200, r.text
        assert "secure" in r.headers["set-cookie"].lower()
    # straight to the server over plain HTTP, from an address that is not a trusted proxy, claiming https: not Secure
    with httpx.Client(base_url=direct, transport=httpx.HTTPTransport(local_address="127.0.0.4")) as c:
        r = c.post("/api/session", json=account, headers={"X-Forwarded-Proto": "https"})
        assert r.status_code == 200, r.text
        assert "secure" not in r.headers["set-cookie"].lower()


def test_the_proxy_refuses_oversized_heads_and_bodies(deployed):
    base, context, _, _ = deployed
    with client(base, context, "127.0.0.5") as c:
        r = c.get("/api/health", headers={"X-Padding": "x" * 20_000})
        assert r.status_code in (400, 431, 494), r.status_code
        r = c.post("/api/games", content=b"{" + b" " * 300_000 + b"}", headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        assert c.get("/api/health").status_code == 200
