"""Hidden information and hostile text in the browser: card names from a card file are free text and shown as text
(stored XSS, issue 9); tokens stay in the tab (sessionStorage), never in localStorage."""

from __future__ import annotations

import time

import httpx

from monsterbox.core.cardfile import packaged_card_data
from tests.browser.helpers import table


def test_card_names_from_a_card_file_are_never_markup(server, new_context):
    cards = packaged_card_data("mansion")
    payload = '<img src=x onerror="document.title=\'pwned\'">'
    for actor in cards["actor"]:
        actor["name"] = payload + actor["name"]
    r = httpx.post(server.url + "/api/games", json={"game": "mansion", "players": 2, "seats": ["human", "random"],
                                                    "options": {"cards": cards}, "practice": True})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    head = {"Authorization": "Bearer " + token}
    s: dict = {}
    for _ in range(200):  # play seat 0 until it has reserved an actor (its screen shows the actor's name)
        s = httpx.get(f"{server.url}/api/games/{gid}", headers=head).json()
        if s["to_play"] != 0 or not s["legal"]:
            time.sleep(0.02)
            continue
        if s["view"]["seats"][0].get("reserved"):
            break
        ids = [a["id"] for a in s["legal"]]
        pick = next((a for a in ids if a.startswith("reserve:")), ids[0])
        httpx.post(f"{server.url}/api/games/{gid}/actions", headers=head,
                   json={"action": pick, "version": s["version"]})
    assert s["view"]["seats"][0].get("reserved"), "seat 0 reserved an actor"
    page = new_context(1280, 800).new_page()
    page.goto(f"{server.url}/#/play/{gid}/0/{token}")
    page.wait_for_selector('#table[data-seat="0"] .screen .card')
    assert "<img src=x" in page.locator("#board").text_content()  # shown as text
    assert page.locator("img[src=x]").count() == 0 and page.locator("[onerror]").count() == 0
    assert page.title() != "pwned"
    assert table(page)["seat"] == "0"
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.includes('token')).length") == 0
    assert page.evaluate("() => Object.keys(sessionStorage)") == [f"mb:token:{gid}:0"]
    assert token not in page.url, "the token leaves the address bar once kept in the tab"


def test_a_practice_table_s_own_cards_are_the_ones_its_page_draws(server, new_context):
    """Finding 11 of issue 30: a card file of one's own only on a practice table, and its page draws that table's
    cards (/api/games/{id}/cards), not the packaged ones: here Monster Maker's adventure cards renamed."""
    cards = packaged_card_data("maker")
    renamed = 0
    for c in cards["adventure"]:
        if c.get("type") != "labyrinth" and "name" in c:
            c["name"] = "Zorblax " + c["name"]
            renamed += 1
    assert renamed
    body = {"game": "maker", "players": 2, "seats": ["human", "random"], "options": {"cards": cards}}
    refused = httpx.post(server.url + "/api/games", json=body)
    assert refused.status_code == 400 and "practice table" in refused.json()["error"]
    r = httpx.post(server.url + "/api/games", json={**body, "practice": True, "seed": 3})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    page = new_context(1280, 800).new_page()
    page.goto(f"{server.url}/#/play/{gid}/0/{token}")
    page.wait_for_selector('#table[data-seat="0"] .card')
    for _ in range(100):
        if "Zorblax" in page.locator("#board").text_content():
            break
        time.sleep(0.05)
    assert "Zorblax" in page.locator("#board").text_content()
