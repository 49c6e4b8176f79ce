"""The web front end in a real browser (Debian's Chromium driven by Playwright): create a game in the lobby, see
that it is your turn, play a move, and watch the table update."""

import shutil
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra)")
expect = playwright.expect
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
            page.locator("#log li").nth(before).wait_for(timeout=15000)  # locators: the CSP forbids eval
            assert page.inner_text("#play-error") == ""
            # the page shows this seat's view: its own treasures, never another seat's hand
            board = page.inner_text("#board")
            assert "Your hand:" in board and "Tavern:" in board
            assert page.locator("#board td", has_text="hidden").count() == 2  # the two other seats' treasures
            expect(page.locator("#status")).to_have_text("live", timeout=15000)
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
            expect(guest.locator("#title")).to_contain_text("you are seat 1",
                                    timeout=15000)
            # the starting player chooses a tile first; whoever it is sees buttons, the other waits
            host.wait_for_selector("#turn", timeout=15000)
            turns = {host.inner_text("#turn"), guest.inner_text("#turn")}
            assert "Your turn" in turns and len(turns) == 2
            mover = host if host.inner_text("#turn") == "Your turn" else guest
            other = guest if mover is host else host
            mover.locator("#actions button").first.click()
            expect(other.locator("#turn")).to_have_text("Your turn", timeout=15000)
            # neither page ever shows the other's screen
            assert other.inner_text("#board").count("Behind your screen") == 1
        finally:
            browser.close()


def test_card_names_from_a_card_file_are_never_markup(server):
    """Stored XSS (issue 9): a card file's names are free text; the page shows them as text, and the
    Content-Security-Policy would block an inline script even if one slipped through."""
    import httpx

    from monsterbox.core.cardfile import packaged_card_data

    cards = packaged_card_data("mansion")
    payload = '<img src=x onerror="document.title=\'pwned\'">'
    for actor in cards["actor"]:
        actor["name"] = payload + actor["name"]
    r = httpx.post(server + "/api/games", json={"game": "mansion", "players": 2, "seats": ["human", "random"],
                                                "options": {"cards": cards}})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    head = {"Authorization": "Bearer " + token}
    for _ in range(200):  # play seat 0 until it has reserved an actor (the old page's "Reserved:" line was raw HTML)
        s = httpx.get(f"{server}/api/games/{gid}", headers=head).json()
        if s["to_play"] != 0 or not s["legal"]:
            time.sleep(0.02)
            continue
        if s["view"]["seats"][0].get("reserved"):
            break
        ids = [a["id"] for a in s["legal"]]
        pick = next((a for a in ids if a.startswith("reserve:")), ids[0])
        httpx.post(f"{server}/api/games/{gid}/actions", headers=head, json={"action": pick, "version": s["version"]})
    assert s["view"]["seats"][0].get("reserved"), "seat 0 reserved an actor"
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            page = browser.new_page()
            violations = []
            page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
            page.goto(f"{server}/#game={gid}&token={token}&seat=0")
            expect(page.locator("body")).to_contain_text("<img src=x", timeout=15000)  # shown as text
            assert page.locator("img[src=x]").count() == 0 and page.locator("[onerror]").count() == 0
            assert page.title() != "pwned"
            assert page.evaluate("() => Object.keys(localStorage).length") == 0  # no token kept across tabs
        finally:
            browser.close()
