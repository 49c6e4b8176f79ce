"""Browser tests: Debian's Chromium driven by Playwright (no browser download), against a real server on 127.0.0.1.

Every page gets three guards: requests leaving 127.0.0.1 are blocked and recorded, console errors and page errors
are recorded, and the tests assert all three lists are empty. Animations are off (prefers-reduced-motion), so the
page shows every state at once and screenshots are deterministic.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

pytest.importorskip("fastapi", reason="the server extra")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra)")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("Chromium is not installed (apt-get install chromium; .ci/run installs it)", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
UPDATE = os.environ.get("MONSTERBOX_UPDATE_SCREENSHOTS") == "1"


class Server:
    """A monsterbox server in a thread on a fixed port and database, which can be stopped and started again."""

    def __init__(self, db: Path) -> None:
        self.db = db
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.srv = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        import uvicorn

        from monsterbox.server.app import Settings, create_app
        from monsterbox.server.protocol import UVICORN_OPTIONS
        from monsterbox.server.security import Limits

        settings = Settings(db=f"sqlite:///{self.db}")
        settings.limits = Limits(create=None, move=None, read=None, connect=None, ws_message=None)
        self.srv = uvicorn.Server(uvicorn.Config(create_app(settings=settings), host="127.0.0.1", port=self.port,
                                                 log_level="warning", ws_ping_interval=None, **UVICORN_OPTIONS))
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        for _ in range(400):
            if self.srv.started:
                return
            time.sleep(0.025)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.srv is not None:
            self.srv.should_exit = True
            self.srv.force_exit = True
        if self.thread is not None:
            self.thread.join(timeout=10)
        self.srv = None


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """One server for the tests that share it (each test plays at its own tables)."""
    s = Server(tmp_path_factory.mktemp("web") / "web.db")
    s.start()
    yield s
    s.stop()


@pytest.fixture
def own_server(tmp_path):
    """A server of the test's own (to stop and restart it)."""
    s = Server(tmp_path / "web.db")
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def chromium():
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--font-render-hinting=none"])
        yield browser
        browser.close()


class Guard:
    def __init__(self) -> None:
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[str] = []

    def allow(self, text: str) -> None:
        """Console errors containing text are expected (the browser reports a server that is down)."""
        self.allowed.append(text)

    def watch(self, context) -> None:
        def route(r):
            host = urlparse(r.request.url).hostname
            if r.request.url.startswith(("data:", "blob:")) or host == "127.0.0.1":
                r.continue_()
            else:
                self.outside.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        context.on("page", self.page)
        for page in context.pages:
            self.page(page)

    def page(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def check(self) -> None:
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"
        errors = [e for e in self.errors if not any(a in e for a in self.allowed)]
        assert errors == [], f"console errors: {errors}"


@pytest.fixture
def guard():
    g = Guard()
    yield g
    g.check()


@pytest.fixture
def new_context(chromium, guard):
    """Contexts (browser profiles) at a given size, reduced motion, guarded; closed after the test."""
    made = []

    def make(width=1280, height=800, **kw):
        ctx = chromium.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                   locale="en-GB", color_scheme="dark", **kw)
        ctx.set_default_timeout(15000)
        guard.watch(ctx)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
