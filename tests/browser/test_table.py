"""The table with several people: two humans and a spectator, invite links in tabs of one browser (a token belongs
to its table and seat), a server restart mid-game, keyboard play, the French switch, the replay page, and an
accessibility scan (axe-core, vendored for the tests) with no serious violations."""

from __future__ import annotations

import json
import random

from tests.browser.conftest import AXE
from tests.browser.helpers import click_move, create_table, table, wait_turn_or_over


def invite_links(page) -> dict[int, str]:
    page.wait_for_selector(".invites")
    if not page.locator(".invites[open]").count():
        page.click(".invites summary")
    links = {}
    for row in page.locator(".invites li").all():
        label = row.locator(".inv-label").inner_text()
        value = row.locator("input").input_value()
        if label.startswith("Seat "):
            links[int(label.split()[1].rstrip(":")) - 1] = value
    return links


def test_two_humans_a_spectator_and_invite_links_in_tabs(server, new_context, guard):
    guard.allow("status of 409 (Conflict)")  # Chromium logs the refused second claim of the link
    ctx = new_context(1280, 800)
    host = ctx.new_page()
    create_table(host, server.url, "mansion", 2, seats=["you", "human"], names=["Ada", "Bea"])
    assert table(host)["seat"] == "0"
    links = invite_links(host)
    assert set(links) == {1} and "#/claim/" in links[1] and "?" not in links[1]
    assert host.locator('[data-seat-chip="1"] .kind').inner_text() == "invited"
    # the guest opens the invite link in another tab of the same browser: it claims seat 1 (a token the host's tab
    # never saw); the host's tab keeps its own seat
    guest = ctx.new_page()
    guest.goto(links[1])
    guest.wait_for_selector('#table[data-seat="1"]')
    assert "/claim/" not in guest.url and links[1].split("/")[-1] not in guest.url, "the code leaves the address bar"
    host.reload()
    host.wait_for_selector('#table[data-seat="0"]')
    host.wait_for_selector('[data-seat-chip="1"]')
    assert host.locator('[data-seat-chip="1"] .kind').inner_text() == ""
    assert len(host.evaluate("() => Object.keys(sessionStorage).filter(k => k.startsWith('mb:token:'))")) == 1
    # the same link opened again (another browser): already used, said in words; the page offers to watch
    late = new_context(1280, 800).new_page()
    late.goto(links[1])
    late.wait_for_selector('#claim[data-claim="409"]')
    assert "already been used" in late.inner_text("#claim")
    assert "/claim/" not in late.url
    late.click("#claim a >> nth=0")
    late.wait_for_selector('#table[data-seat=""]')
    # a spectator in another browser profile sees the public table and no moves
    watcher = new_context(1280, 800).new_page()
    gid = guest.url.split("#/table/")[1].split("/")[0]
    watcher.goto(f"{server.url}/#/table/{gid}")
    watcher.wait_for_selector('#table[data-seat=""]')
    assert watcher.locator("[data-action]").count() == 0
    assert "behind your screen" not in watcher.inner_text("#board").lower()
    # whoever is to play moves; the other sees it and then has the turn
    mover, other = (host, guest) if table(host)["toPlay"] == "0" else (guest, host)
    seat = table(mover)["seat"]
    before = table(other)["version"]
    mover.locator("[data-action]").first.click()
    other.wait_for_selector(f'#table:not([data-version="{before}"])')
    watcher.wait_for_selector(f'#table:not([data-version="{before}"])')
    assert table(host)["seat"] == "0" and table(guest)["seat"] == "1"
    # each page shows its own screen only
    for page in (host, guest):
        assert page.inner_text("#board").lower().count("behind your screen") == 1
    assert seat in ("0", "1")


def test_server_restart_mid_game_reconnects(own_server, new_context, guard):
    server = own_server
    guard.allow("ERR_CONNECTION_REFUSED")  # Chromium logs each reconnection attempt while the server is down
    page = new_context(1280, 800).new_page()
    create_table(page, server.url, "inn", 3)
    seen = wait_turn_or_over(page, 0)
    page.click(f'[data-action="{seen["actions"][0]}"]')
    seen = wait_turn_or_over(page, 0, after=seen["data"]["version"])
    version = seen["data"]["version"]
    server.stop()
    page.wait_for_selector(".conn-reconnecting")
    server.start()
    page.wait_for_selector(".conn-live", timeout=20000)
    assert table(page)["version"] == version
    page.click(f'[data-action="{seen["actions"][0]}"]')
    wait_turn_or_over(page, 0, after=version)


def test_keyboard_play_french_and_help(server, new_context):
    page = new_context(390, 844).new_page()
    create_table(page, server.url, "maker", 2)
    seen = wait_turn_or_over(page, 0)
    first = page.locator("[data-action]").first
    first.focus()
    page.keyboard.press("Enter")
    seen = wait_turn_or_over(page, 0, after=seen["data"]["version"])
    # the keyboard stays on the moves: Enter again plays the move that has the focus now
    assert page.evaluate("!!(document.activeElement && document.activeElement.closest('[data-action]'))")
    english = page.inner_text("[data-prompt]")
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="fr"]')
    page.wait_for_selector('#log li:has-text("Vous")')
    assert page.inner_text("[data-prompt]") not in (english, "") and table(page)["decision"]
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.click("#help-toggle")
    page.wait_for_selector("#help")
    page.locator("#board button.card").first.focus()
    assert page.inner_text("#explained") not in ("", "Pointez une carte (ou atteignez-la avec Tab) pour la lire ici.")
    page.wait_for_selector("#rules .md-h")
    assert page.locator("#rules li").count() > 10  # the rules' card reference
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_accessibility_scan_and_replay(server, new_context):
    from monsterbox.server.analysis import AnalysisBudget

    server.srv.config.app.state.analysis.budget = AnalysisBudget(review_samples={"monster": 2},
                                                                 review_growth={"monster": 4})
    ctx = new_context(1280, 800, bypass_csp=True)  # axe is injected by the test, not served by the page
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    axe = AXE.read_text()

    def scan(where: str) -> None:
        page.add_script_tag(content=axe)
        result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
        bad = [v for v in json.loads(result) if v["impact"] in ("serious", "critical")]
        said = [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:4]}" for v in bad]
        assert bad == [], f"{where}: " + "; ".join(said)

    scan("lobby")
    create_table(page, server.url, "monster", 2)
    wait_turn_or_over(page, 0)
    scan("Monster table")
    # play to the end quickly (pass whenever possible), then the end panel and the replay page
    seen = wait_turn_or_over(page, 0)
    rng = random.Random(5)
    while seen["data"]["over"] != "true":
        acts = seen["actions"]
        pick = next((a for a in acts if a == "pass"), acts[-1])
        click_move(page, rng, seen, action=pick)  # a choice of several steps is built to the end and confirmed
        seen = wait_turn_or_over(page, 0, after=seen["data"]["version"])
    page.wait_for_selector("#end #deal.ok")
    scan("end of game")
    page.click("#replay-link")
    page.wait_for_selector("#replay")
    n = int(page.locator("#replay").get_attribute("data-step"))
    assert n > 10
    page.click("#rp-prev")
    assert page.locator("#replay").get_attribute("data-step") == str(n - 1)
    page.click("#rp-first")
    assert page.locator("#replay").get_attribute("data-step") == "0"
    page.click("#rp-next")
    page.wait_for_selector('#replay[data-frame="1:0"]')  # this tab holds seat 0: its view first
    assert page.locator("#replay-story li").count() >= 1
    page.click("#review-start")
    page.wait_for_selector("#review-curve .pt", timeout=60000)
    scan("replay page with its review")


def test_lobby_lists_tables_and_an_open_seat_is_taken(server, new_context):
    host = new_context(1280, 800).new_page()
    create_table(host, server.url, "inn", 3, seats=["you", "open", "easy"], names=["Ada", None, "Rob"], seed=None)
    guest = new_context(1280, 800).new_page()
    guest.goto(server.url + "/")
    take = guest.locator(".tables.waiting button", has_text="Take seat 2")
    take.click()
    guest.wait_for_selector('#table[data-seat="1"]')
    assert table(guest)["game"] == "inn"
    assert not table(guest).get("practice")
    host.wait_for_selector(".seats .seat-chip:nth-child(2) .nm")
    # the table left the waiting list once its open seat was taken
    guest.goto(server.url + "/")
    guest.wait_for_selector(".tables.playing li")
    assert guest.locator(".tables.waiting li").count() == 0


def test_the_creator_may_play_a_later_seat_than_an_invited_one(server, new_context):
    """The server gives the creator the first human seat's token; a creator who plays seat 2 claims its own invite,
    and seat 1's link is then that seat's token link."""
    page = new_context(1280, 800).new_page()
    create_table(page, server.url, "inn", 3, seats=["human", "you", "easy"])
    page.wait_for_selector('#table[data-seat="1"]')
    links = invite_links(page)
    assert set(links) == {0} and "#/play/" in links[0] and "/0/" in links[0]
    assert page.locator('[data-seat-chip="1"] .kind').inner_text() == ""  # claimed by this tab
    guest = new_context(1280, 800).new_page()
    guest.goto(links[0])
    guest.wait_for_selector('#table[data-seat="0"]')


def test_a_spectator_of_a_quiet_table_is_paused_not_reconnecting_and_can_watch_again(own_server, new_context):
    """The server closes a spectator's socket on a table quiet for ``spectator_idle_seconds`` (1001, issue 30): the
    page says so, opens no new socket by itself (an open tab costs the server nothing), and "Watch again" reconnects."""
    own_server.srv.config.app.state.settings.spectator_idle_seconds = 2.0
    host = new_context(1280, 800).new_page()
    create_table(host, own_server.url, "mansion", 2, seats=["you", "human"])  # the invited seat never comes: quiet
    gid = host.url.split("#/table/")[1].split("/")[0]
    watcher = new_context(1280, 800).new_page()
    opened: list[str] = []
    watcher.on("websocket", lambda ws: opened.append(ws.url) if "/api/games/" in ws.url else None)
    watcher.goto(f"{own_server.url}/#/table/{gid}")
    watcher.wait_for_selector("#table .conn-live")
    watcher.wait_for_selector("#table .conn-quiet", timeout=15000)
    assert "quiet" in watcher.inner_text("#table .conn-quiet")
    count = len(opened)
    watcher.wait_for_timeout(3000)  # longer than the page's reconnection delays (0.3 to 2 s)
    assert len(opened) == count, "the paused page opened no socket by itself"
    watcher.click("#watch-again")
    watcher.wait_for_selector("#table .conn-live")
    assert len(opened) == count + 1
    host.wait_for_selector("#table .conn-live")  # the player's socket was never closed
