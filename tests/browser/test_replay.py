"""The replay page (each position drawn by the game's table, both ways, seat views or every player's cards, hidden
cards checked against the server's own seat view), its review curve, and the hint button at a live table."""

from __future__ import annotations

import json
import re
import time
import urllib.request

from monsterbox.server.analysis import AnalysisBudget
from tests.browser.helpers import create_table, wait_turn_or_over

SMALL = AnalysisBudget(hint_samples={"inn": 4, "maker": 3, "mansion": 3, "monster": 3},
                       review_samples={"inn": 2, "maker": 2, "mansion": 2, "monster": 2},
                       review_growth={"inn": 4, "maker": 4, "mansion": 4, "monster": 4}, hint_rate="100/minute")


def call(server, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def finished_game(server, game: str, players: int, seed: int, options: dict | None = None) -> str:
    """A game the bots play to the end on the server (no browser needed)."""
    body = {"game": game, "players": players, "seats": ["heuristic"] * players, "practice": True, "seed": seed}
    if options:
        body["options"] = options
    gid = call(server, "/api/games", body)["id"]
    for _ in range(600):
        if call(server, f"/api/games/{gid}")["over"]:
            return gid
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game")


def frame(page, step: int, seat: str) -> None:
    page.wait_for_selector(f'#replay[data-frame="{step}:{seat}"]')


def test_replay_steps_both_ways_switches_seat_and_jumps_from_the_review_curve(server, new_context):
    server.srv.config.app.state.analysis.budget = SMALL
    gid = finished_game(server, "inn", 3, seed=21)
    n = len(call(server, f"/api/games/{gid}/record")["actions"])
    page = new_context(1280, 800).new_page()
    page.goto(f"{server.url}/#/replay/{gid}")
    frame(page, n, "all")  # opens at the end, every player's cards shown
    assert page.locator("#winner").inner_text()
    page.click("#rp-first")
    frame(page, 0, "all")
    start = page.inner_text("#board")
    page.keyboard.press("ArrowRight")
    frame(page, 1, "all")
    page.click("#rp-next")
    frame(page, 2, "all")
    two = page.inner_text("#board"), page.inner_text("#last-move")
    page.click("#rp-prev")
    frame(page, 1, "all")
    page.keyboard.press("ArrowRight")
    frame(page, 2, "all")
    assert (page.inner_text("#board"), page.inner_text("#last-move")) == two  # back and forth: the same position
    page.locator("#rp-slider").fill("30")
    frame(page, 30, "all")
    assert page.inner_text("#board") != start and page.inner_text("#rp-step") == f"Move 30 of {n}"
    # one seat's view: the other seats' treasures are hidden, as in the server's view for that seat
    page.select_option("#rp-seat", "1")
    frame(page, 30, "1")
    view = call(server, f"/api/games/{gid}/replay/30?seat=1")["view"]
    for s in view["seats"]:
        panel = page.locator(f'[data-seat-panel="{s["seat"]}"]')
        assert (panel.locator(".tag", has_text="treasures hidden").count() == 1) == (s["treasures"] is None)
    page.select_option("#rp-seat", "all")
    frame(page, 30, "all")
    assert page.locator(".seat-panel .tag", has_text="treasures hidden").count() == 0
    # the review: a curve with a point per decision; a point jumps the replay to that decision
    page.select_option("#review-seat", "2")
    page.click("#review-start")
    page.wait_for_selector("#review-curve .pt", timeout=60000)
    review = call(server, f"/api/games/{gid}/review?seat=2")
    assert page.locator("#review-curve .pt").count() == len(review["decisions"])
    assert page.locator("#review-curve .pt.mistake").count() == len(review["flagged"])
    assert f"{review['accuracy']}%" in page.inner_text("#review-accuracy")
    point = page.locator("#review-curve .pt").nth(3)
    target = point.get_attribute("data-step")
    point.click()
    frame(page, int(target), "all")
    assert target == str(review["decisions"][3]["index"])
    # in French: the decimal comma and "90 %" as French writes them, "erreur : ..." (a space before the colon)
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="fr"]')
    accuracy = page.inner_text("#review-accuracy")
    assert f"{review['accuracy']}".replace(".", ",") + "\u00a0%" in accuracy, accuracy
    body = page.inner_text(".review-body")
    assert not re.search(r"\d%", body) and not re.search(r"\d\.\d", accuracy), body
    if review["flagged"]:
        assert re.search(r"(gaffe|erreur|imprécision)\u00a0: ", page.inner_text("#mistakes")), body
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="en"]')


def test_a_seats_replay_shows_no_other_seats_hidden_cards(server, new_context):
    """Maker: each hand is hidden from the other seat. Seat 0's replay draws seat 0's hand exactly as the server's
    seat view has it and no card of seat 1's hand; with every card shown, both hands are drawn."""
    gid = finished_game(server, "maker", 2, seed=8, options={"short": True})
    page = new_context(1280, 800).new_page()
    requests: list[str] = []
    page.on("request", lambda r: "/replay/" in r.url and requests.append(r.url))
    page.goto(f"{server.url}/#/replay/{gid}")
    page.wait_for_selector("#rp-seat")
    page.select_option("#rp-seat", "0")
    page.locator("#rp-slider").fill("6")
    frame(page, 6, "0")
    view = call(server, f"/api/games/{gid}/replay/6?seat=0")["view"]
    every = call(server, f"/api/games/{gid}/replay/6?seat=all")["views"]
    assert view == every[0] and every[1]["hand"], "seat 1 holds cards at this step"
    hand = page.locator(".maker .hand .card")
    assert hand.count() == sum(view["hand"].values())
    assert page.locator("[data-hand-of]").count() == 0
    labels = set(hand.evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))"))
    assert len(labels) <= len(view["hand"])
    # the page asked the server for seat 0's view only (never for every card while showing one seat)
    shown = [u for u in requests if "/replay/6?" in u]
    assert shown and all(u.endswith("seat=0") for u in shown)
    page.select_option("#rp-seat", "all")
    frame(page, 6, "all")
    for seat in (0, 1):
        assert page.locator(f'[data-hand-of="{seat}"] .card').count() == sum(every[seat]["hand"].values())


def test_hint_button_suggests_a_move_on_the_table(server, new_context):
    server.srv.config.app.state.analysis.budget = SMALL
    page = new_context(1280, 800).new_page()
    create_table(page, server.url, "inn", 3, seed=5, hints=True)
    seen = wait_turn_or_over(page, 0)
    assert seen["data"]["over"] == "false"
    page.click("#hint-button")
    page.wait_for_selector("#hint-text")
    hinted = page.locator('[data-hinted="true"]')
    assert hinted.count() == 1
    suggestion = page.inner_text("#hint-text p").split("\n")[0]
    assert hinted.get_attribute("title") in suggestion
    assert page.locator("#hint-button").is_disabled()  # asked once per position
    version = seen["data"]["version"]
    hinted.click()
    wait_turn_or_over(page, 0, after=version)
    assert page.locator('[data-hinted="true"]').count() == 0 and page.locator("#hint-text").count() == 0
