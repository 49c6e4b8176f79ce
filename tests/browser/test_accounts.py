"""Issue 31 in Chromium: a signed-in player plays a rated Monster Inn table on one browser context, continues it on
another, sees the rating move and the game on the profile; the chat at a Mansion table, pushed to the other page
without polling, and none at a Monster table unless the variant "More verbal communication" (Monster's game option)
is chosen; "your turn" pushed live to the lobby, for an account and for a guest."""

from __future__ import annotations

import random
import secrets

import pytest
from playwright.sync_api import TimeoutError as _Timeout

from tests.browser.conftest import Server
from tests.browser.helpers import click_move, table, wait_turn_or_over

PASSWORD = "correct horse battery"


def sign_up(page, url: str, name: str, register: bool = True) -> None:
    page.goto(url + "/")
    page.fill("#sign-in input[name=user]", name)
    page.fill("#sign-in input[name=password]", PASSWORD)
    page.click("#register-button" if register else "#sign-in-button")
    page.wait_for_selector(f'#account[data-account="{name}"]')


def play_some(page, rng: random.Random, clicks: int | None = None) -> dict:
    """Click seat 0's moves: ``clicks`` of them, or to the end of the game."""
    seen = wait_turn_or_over(page, 0)
    done = 0
    while seen["data"]["over"] != "true" and (clicks is None or done < clicks):
        last = click_move(page, rng, seen, 0.5)
        done += 1
        for _ in range(3):
            try:
                seen = wait_turn_or_over(page, 0, after=seen["data"]["version"], timeout=8000)
                break
            except _Timeout:
                before = seen["data"]["version"]
                seen = wait_turn_or_over(page, 0)
                if seen["data"]["over"] == "true" or seen["data"]["version"] != before:
                    break
                click_move(page, rng, seen, action=last if last in seen["actions"] else None)
        assert done < 500, "the game did not end"
    return seen


def test_a_rated_inn_table_on_two_devices_moves_the_rating(server, new_context):
    name = "ada" + secrets.token_hex(3)
    phone = new_context(1280, 800).new_page()
    sign_up(phone, server.url, name)
    phone.check("input[name=game][value=inn]")
    phone.fill("input[name=players]", "3")
    phone.select_option("select[name=seat-1]", "easy")
    phone.select_option("select[name=seat-2]", "easy")
    phone.check("input[name=rated]")
    phone.click("#create-button")
    phone.wait_for_selector("#table[data-game=inn]")
    gid = phone.url.split("#/table/")[1].split("/")[0]
    rng = random.Random(5)
    play_some(phone, rng, clicks=2)

    laptop = new_context(1280, 800).new_page()  # another browser profile: no token of this seat here
    sign_up(laptop, server.url, name, register=False)
    laptop.click(f'[data-account-table="{gid}"] button')
    laptop.wait_for_selector('#table[data-game=inn][data-seat="0"]')
    assert table(laptop)["seat"] == "0"
    end = play_some(laptop, rng)
    assert end["data"]["over"] == "true"

    laptop.goto(f"{server.url}/#/player/{name}")
    laptop.wait_for_selector(f'[data-profile-game="{gid}"]')
    for _ in range(50):  # the rating is written just after the last move
        laptop.goto(f"{server.url}/#/leaderboard/inn")
        laptop.goto(f"{server.url}/#/player/{name}")
        try:
            laptop.wait_for_selector('[data-rating="inn"]', timeout=500)
            break
        except _Timeout:
            continue
    assert "1 game" in laptop.inner_text('[data-rating="inn"]')
    assert "won" in laptop.inner_text(f'[data-profile-game="{gid}"]') or \
        "lost" in laptop.inner_text(f'[data-profile-game="{gid}"]')
    laptop.goto(f"{server.url}/#/leaderboard/inn")
    laptop.wait_for_selector(f'#leaderboard a[href="#/player/{name}"]')


def create(page, url: str, game: str, verbal: bool = False) -> None:
    """A table of two people: this page's seat and an invited one (a table of one person and bots has no one to
    talk to: no chat panel)."""
    page.goto(url + "/")
    page.check(f"input[name=game][value={game}]")
    page.fill("input[name=players]", "2")
    page.select_option("select[name=seat-1]", "human")
    if verbal:
        page.check("input[name=verbal_communication]")
    page.check("input[name=private]")  # its invited seat stays open: kept out of the shared server's lobby lists
    page.click("#create-button")
    page.wait_for_selector(f"#table[data-game={game}]")


def move_until_not_mine(page, seat: int, rng: random.Random) -> None:
    """Click this seat's moves until another seat is to play."""
    for _ in range(60):
        seen = wait_turn_or_over(page, seat)
        if seen["data"]["over"] == "true":
            return
        action = click_move(page, rng, seen, 0.9)
        for attempt in range(3):  # a click that did not land (a busy machine): the same move again
            try:
                page.wait_for_selector(f'#table:not([data-version="{seen["data"]["version"]}"])')
                break
            except _Timeout:
                if attempt == 2:
                    raise
                click_move(page, rng, wait_turn_or_over(page, seat), 0.9, action=action)
        if table(page)["toPlay"] != str(seat):
            return
    raise AssertionError("the seat kept the turn")


def test_chat_is_pushed_to_the_other_page_without_polling(server, new_context):
    host = new_context(1280, 800).new_page()
    create(host, server.url, "mansion")
    link = host.input_value(".invites .inv-link")  # seat 2's claim link
    guest = new_context(1280, 800).new_page()
    reads: list[tuple[bool, str]] = []
    sent = {"yet": False}
    guest.on("request", lambda r: reads.append((sent["yet"], r.url))
             if r.method == "GET" and r.url.split("?")[0].endswith("/chat") else None)
    guest.goto(link)
    guest.wait_for_selector("#table[data-game=mansion][data-seat='1'] .conn-live")
    guest.wait_for_selector("#chat-input")
    assert reads  # the history, read once the socket is live
    sent["yet"] = True
    host.fill("#chat-input", "ready when you are")
    host.click("#chat-send")
    guest.wait_for_selector("#chat-log li:has-text('ready when you are')")  # no reload
    guest.fill("#chat-input", "go ahead")
    guest.click("#chat-send")
    host.wait_for_selector("#chat-log li:has-text('go ahead')")
    assert [url for after, url in reads if after] == []  # pushed, never polled


def test_chat_at_a_mansion_table_and_none_at_a_silent_monster_table(server, new_context):
    page = new_context(1280, 800).new_page()
    create(page, server.url, "mansion")
    page.fill("#chat-input", "<b>hello</b> & good luck")
    page.click("#chat-send")
    page.wait_for_selector("#chat-log li")
    assert page.inner_text("#chat-log .chat-text") == "<b>hello</b> & good luck"  # shown as text
    assert page.locator("#chat-log b b").count() == 0

    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/chat")) as read:
        create(page, server.url, "monster")  # the panel's first read: the table has no chat
    assert read.value.json() == {"allowed": False, "messages": []}
    page.wait_for_selector("#table[data-game=monster]")
    assert page.locator("#chat").count() == 0

    create(page, server.url, "monster", verbal=True)
    page.wait_for_selector("#chat-input")


@pytest.fixture
def clock_server(tmp_path):
    """A server whose turn-based clocks may be seconds long (a test clock), checked every 50 ms."""
    s = Server(tmp_path / "clock.db")
    from monsterbox.server import app as app_module

    real = app_module.Settings

    def short(*a, **kw):
        made = real(*a, **kw)
        made.min_turn_hours = 0.0001
        made.clock_tick = 0.05
        return made

    app_module.Settings = short  # Server.start builds its Settings from this module
    try:
        s.start()
    finally:
        app_module.Settings = real
    yield s
    s.stop()


def test_a_turn_based_seat_goes_to_a_bot_on_timeout_and_back_on_request(clock_server, new_context):
    page = new_context(1280, 800).new_page()
    page.goto(clock_server.url + "/")
    page.check("input[name=game][value=mansion]")
    page.fill("input[name=players]", "2")
    page.select_option("select[name=seat-1]", "easy")
    page.select_option("select[name=clock]", "turn")
    page.fill("input[name=turn_hours]", "0.002")  # 7.2 seconds a move
    page.select_option("select[name=timeout_agent]", "easy")
    page.click("#create-button")
    page.wait_for_selector("#table[data-game=mansion][data-seat='0']")
    assert page.locator('[data-clock="0"]').count() == 1
    try:  # nobody moves: the seat's time runs out
        page.wait_for_selector('[data-timed-out="0"]', timeout=30000)
    except _Timeout:  # a push missed under load: the state read afresh must say it (the server decides the time)
        page.reload()
        page.wait_for_selector('[data-timed-out="0"]', timeout=30000)
    assert "out of time: a bot plays this seat" in page.inner_text('[data-timed-out="0"]')
    page.click("#take-back")
    page.wait_for_selector('[data-seat-chip="0"]:not(:has([data-timed-out]))')
    assert page.locator("#take-back").count() == 0


def test_your_turn_is_pushed_to_the_lobby_of_an_account_and_of_a_guest(server, new_context):
    """A move by the other seat makes the lobby say "your turn" without a reload: the signed-in player's list (its
    account's socket) and a guest's "My tables" (its seat tokens' socket); neither polls."""
    name = "kim" + secrets.token_hex(3)
    alice = new_context(1280, 800).new_page()
    sign_up(alice, server.url, name)
    create(alice, server.url, "mansion")
    gid = alice.url.split("#/table/")[1].split("/")[0]
    link = alice.input_value(".invites .inv-link")
    guest = new_context(1280, 800).new_page()
    guest.goto(link)
    guest.wait_for_selector("#table[data-game=mansion][data-seat='1']")
    rng = random.Random(3)
    if table(alice)["toPlay"] == "0":
        move_until_not_mine(alice, 0, rng)
    reads: list[str] = []
    alice.on("request", lambda r: reads.append(r.url) if "/api/session" in r.url or "/api/me" in r.url else None)
    alice.goto(server.url + "/")  # the lobby: the guest is to play
    row = f'[data-account-table="{gid}"]'
    alice.wait_for_selector(f"{row}:not(.my-turn)")
    loaded = len(reads)
    move_until_not_mine(guest, 1, rng)  # the other seat moves: alice's turn
    alice.wait_for_selector(f"{row}.my-turn")
    assert "Your turn" in alice.inner_text(row)
    assert len(reads) == loaded  # pushed over the account's socket, not read again

    # the guest's lobby: its "My tables" (the seat token this browser keeps) is told too
    guest.goto(server.url + "/")
    mine = f'[data-my-table="{gid}"]'
    guest.wait_for_selector(f"{mine}:not(.my-turn) .tm:not(:has-text('…'))")
    alice.click(f"{row} button")
    alice.wait_for_selector("#table[data-game=mansion][data-seat='0']")
    move_until_not_mine(alice, 0, rng)
    guest.wait_for_selector(f"{mine}.my-turn")
    assert "Your turn" in guest.inner_text(mine)


@pytest.fixture
def review_server(tmp_path):
    """A server whose reviews are cheap (2 determinizations an option): a review of a whole game in seconds."""
    from monsterbox.server.analysis import AnalysisBudget

    s = Server(tmp_path / "review.db")
    s.start()
    s.srv.config.app.state.analysis.budget = AnalysisBudget(
        review_samples={"inn": 2, "maker": 2, "mansion": 2, "monster": 2},
        review_growth={"inn": 1, "maker": 1, "mansion": 1, "monster": 1})  # a small review: no close-call worlds
    yield s
    s.stop()


def test_the_profile_shows_a_finished_game_with_its_result_and_review(review_server, new_context):
    name = "rev" + secrets.token_hex(3)
    page = new_context(1280, 800).new_page()
    sign_up(page, review_server.url, name)
    page.check("input[name=game][value=mansion]")
    page.fill("input[name=players]", "2")
    page.select_option("select[name=seat-1]", "easy")
    page.click("#create-button")
    page.wait_for_selector("#table[data-game=mansion]")
    gid = page.url.split("#/table/")[1].split("/")[0]
    assert play_some(page, random.Random(8))["data"]["over"] == "true"
    page.goto(f"{review_server.url}/#/player/{name}")
    row = f'[data-profile-game="{gid}"]'
    page.wait_for_selector(row)
    text = page.inner_text(row)
    assert ("won" in text or "lost" in text) and "score" in text and "unrated" in text
    assert page.locator(f'{row} a[href="#/replay/{gid}"]').count() == 1
    page.click(f"{row} [data-review-start]")  # the player's own seat
    page.wait_for_selector(f"{row} [data-review]", timeout=120000)
    assert "accuracy" in page.inner_text(f"{row} [data-review]")
    assert "flagged moves" in page.inner_text(f"{row} [data-review]")

    other = new_context(1280, 800).new_page()  # someone else's view of the profile: the review, no button
    other.goto(f"{review_server.url}/#/player/{name}")
    other.wait_for_selector(f"{row} [data-review]")
    assert other.locator("[data-review-start]").count() == 0
