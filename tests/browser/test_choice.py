"""Issue 28, item 3 (the browser): a choice of several steps is built on the page, each step offering the engine's
legal moves there, with Back (button or Escape) and Confirm; nothing is sent until it is complete, and the engine
receives exactly the choice confirmed. Monster Maker, seed 1, three players: seat 0 is first to play and may
discard (then cards one by one, then Done)."""

from __future__ import annotations

import json
import sqlite3
import urllib.request

from monsterbox.core.registry import new_game
from tests.browser.conftest import AXE
from tests.browser.helpers import wait_turn_or_over


def maker_table(server) -> tuple[str, str]:
    body = json.dumps({"game": "maker", "players": 3, "seats": ["human", "easy", "easy"], "practice": True,
                       "seed": 1}).encode()
    req = urllib.request.Request(server.url + "/api/games", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        created = json.loads(r.read())
    return created["id"], created["tokens"]["0"]


def hand_discards() -> list[str]:
    """The cards seat 0 may discard at seed 1 (from the engine: the test does not depend on the deal)."""
    g = new_game("maker", 3, 1)
    g.play("discard")
    cards = [a for a in g.legal_actions() if a.startswith("discard:")]
    assert len(cards) >= 3, cards
    return cards


def moves_of(server, gid: str) -> list[str]:
    """The moves the server stored for the table (what the engine received)."""
    with sqlite3.connect(server.db) as db:
        return [a for (a,) in db.execute('SELECT action FROM moves WHERE game = ? ORDER BY "index"', (gid,))]


def steps_shown(page) -> list[str]:
    return page.eval_on_selector_all("#choice-steps li[data-step]", "els => els.map(e => e.dataset.step)")


def test_build_a_maker_discard_go_back_change_it_and_confirm(server, new_context, guard):
    gid, token = maker_table(server)
    first, second, third = hand_discards()[:3]
    page = new_context(1366, 768).new_page()
    page.goto(f"{server.url}/#/play/{gid}/0/{token}")
    seen = wait_turn_or_over(page, 0)
    assert seen["data"]["decision"] == "turn" and "discard" in seen["actions"]
    page.click('[data-action="discard"]')
    page.wait_for_selector('#table[data-building="open"][data-steps="1"]')
    assert page.get_attribute("#table", "data-decision") == "discard"
    assert "Discard cards from your hand" in page.inner_text("[data-prompt]")
    assert page.locator("#action-bar #building #choice-back").is_visible()
    assert page.locator("#choice-confirm").count() == 0
    # a card, then Back: the card is offered again
    page.click(f'[data-action="{first}"]')
    page.wait_for_selector('#table[data-steps="2"]')
    assert steps_shown(page) == ["discard", first]
    assert page.locator(f'[data-action="{first}"]').count() == 0
    page.click("#choice-back")
    page.wait_for_selector('#table[data-steps="1"]')
    assert page.locator(f'[data-action="{first}"]').count() == 1
    # another card, Escape takes it back too, then the keyboard: the focus is on the moves
    page.click(f'[data-action="{second}"]')
    page.wait_for_selector('#table[data-steps="2"]')
    page.keyboard.press("Escape")
    page.wait_for_selector('#table[data-steps="1"]')
    page.focus(f'[data-action="{third}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#table[data-steps="2"]')
    assert page.evaluate("document.activeElement.dataset.action") in [*hand_discards(), "done"]
    page.click('[data-action="done"]')
    page.wait_for_selector('#table[data-building="complete"][data-steps="3"] #choice-confirm')
    assert steps_shown(page) == ["discard", third, "done"]
    assert page.locator("[data-action]").count() == 0  # nothing more to choose: Confirm or Back
    assert page.evaluate("document.activeElement.id") == "choice-confirm"
    assert moves_of(server, gid) == [], "nothing is sent before the choice is complete and confirmed"
    page.keyboard.press("Enter")
    page.wait_for_selector('#table:not([data-version="0"]):not([data-building="complete"])')
    assert moves_of(server, gid)[:3] == ["discard", third, "done"]
    assert page.get_attribute("#table", "data-building") == ""
    guard.check()


def test_on_a_phone_the_choice_is_built_in_the_sticky_action_bar(server, new_context, guard):
    gid, token = maker_table(server)
    first = hand_discards()[0]
    page = new_context(390, 844, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server.url}/#/play/{gid}/0/{token}")
    wait_turn_or_over(page, 0)
    page.tap('[data-action="discard"]')  # a tap selects ...
    page.wait_for_selector('#table[data-picked="discard"]')
    page.tap("#confirm")  # ... the bar's button takes it: a step, not a move sent
    page.wait_for_selector('#table[data-building="open"][data-steps="1"]')
    page.tap(f'[data-action="{first}"]')
    page.tap(f'[data-action="{first}"]')
    page.wait_for_selector('#table[data-steps="2"]')
    back = page.locator("#action-bar #choice-back")
    box = back.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, "Back is on screen, in the sticky bar"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    back.tap()
    page.wait_for_selector('#table[data-steps="1"]')
    assert moves_of(server, gid) == []
    guard.check()


def test_the_choice_being_built_passes_axe_and_a_language_switch_starts_it_again(server, new_context, guard):
    gid, token = maker_table(server)
    first = hand_discards()[0]
    page = new_context(1366, 768, bypass_csp=True).new_page()  # axe is injected by the test
    page.goto(f"{server.url}/#/play/{gid}/0/{token}")
    wait_turn_or_over(page, 0)
    page.click('[data-action="discard"]')
    page.click(f'[data-action="{first}"]')
    page.wait_for_selector('#table[data-steps="2"]')
    page.add_script_tag(content=AXE.read_text())
    result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
    bad = [f"{v['id']}: {v['help']}" for v in json.loads(result) if v["impact"] in ("serious", "critical")]
    assert bad == []
    page.click("#lang-toggle")  # the steps were worded in English: the choice starts again, in French
    page.wait_for_selector('#table[data-lang="fr"][data-building=""][data-steps="0"] [data-action="discard"]')
    assert moves_of(server, gid) == []
