"""The web front end in a real browser (Debian's Chromium driven by Playwright): create a game in the lobby, see
that it is your turn, play a move, and watch the table update."""

import shutil
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra)")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")


@pytest.fixture
def server(tmp_path):
    import socket

    import uvicorn

    from monsterbox.server import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(f"sqlite:///{tmp_path / 'web.db'}"), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)


def test_create_and_play_in_the_browser(server):
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            page = browser.new_page()
            page.goto(server + "/")
            page.select_option("#game-select", "inn")
            page.fill("input[name=players]", "3")
            page.fill("input[name=seed]", "5")
            page.click("button[type=submit]")
            page.wait_for_selector("#actions button", timeout=15000)
            assert page.inner_text("#turn") == "Your turn"
            assert "you are seat 0" in page.inner_text("#title")
            before = page.locator("#log li").count()
            page.locator("#actions button").first.click()
            page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}", timeout=15000)
            assert page.inner_text("#play-error") == ""
            # the page shows this seat's view: its own treasures, never another seat's hand
            board = page.inner_text("#board")
            assert "Your hand:" in board and "Tavern:" in board
            assert page.locator("#board td", has_text="hidden").count() == 2  # the two other seats' treasures
            page.wait_for_function("document.getElementById('status').textContent === 'live'", timeout=15000)
        finally:
            browser.close()


def test_two_humans_share_a_table_through_the_invite_link(server):
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                    "--disable-background-networking"])
        try:
            host = browser.new_context().new_page()
            host.goto(server + "/")
            host.select_option("#game-select", "mansion")
            host.fill("input[name=players]", "2")
            host.select_option("select[name=bots]", "human")
            host.fill("input[name=seed]", "3")
            host.click("button[type=submit]")
            host.wait_for_selector("#invites code", timeout=15000)
            link = host.inner_text("#invites code")
            guest = browser.new_context().new_page()  # another browser profile: its own storage
            guest.goto(link)
            guest.wait_for_function("document.getElementById('title').textContent.includes('you are seat 1')",
                                    timeout=15000)
            # the starting player chooses a tile first; whoever it is sees buttons, the other waits
            host.wait_for_selector("#turn", timeout=15000)
            turns = {host.inner_text("#turn"), guest.inner_text("#turn")}
            assert "Your turn" in turns and len(turns) == 2
            mover = host if host.inner_text("#turn") == "Your turn" else guest
            other = guest if mover is host else host
            mover.locator("#actions button").first.click()
            other.wait_for_function("document.getElementById('turn').textContent === 'Your turn'", timeout=15000)
            # neither page ever shows the other's screen
            assert other.inner_text("#board").count("Behind your screen") == 1
        finally:
            browser.close()
