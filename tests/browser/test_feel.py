"""The table as a game (issue 28): bot moves shown one at a time at the chosen pace, a prompt naming each decision,
tap-to-select on touch screens, seats that survive closing the tab ("My tables"), French everywhere with a switch
mid-game, the rules in the page, /docs offline, phones without horizontal overflow, and axe-core on every game."""

from __future__ import annotations

import json
import random
import re

import pytest

from tests.browser.conftest import AXE
from tests.browser.helpers import click_move, create_table, table, wait_turn_or_over

# Every change of the table's version, with the time it reached the page (a MutationObserver: the DOM is the screen).
WATCH_VERSIONS = """() => {
  window.__shown = [];
  const seen = (el) => window.__shown.push([Number(el.dataset.version), performance.now()]);
  new MutationObserver((muts) => { for (const m of muts) if (m.target.id === 'table') seen(m.target); })
    .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-version']});
}"""


@pytest.fixture
def motion_context(chromium, guard):
    """A browser profile that does not ask for reduced motion (so the pace applies), guarded like the others."""
    made = []

    def make(width=1280, height=800, **kw):
        ctx = chromium.new_context(viewport={"width": width, "height": height}, reduced_motion="no-preference",
                                   locale="en-GB", color_scheme="dark", **kw)
        ctx.set_default_timeout(20000)
        guard.watch(ctx)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


def pushed_version(frame) -> list[int]:
    """The table version of a state pushed over the table's socket ([] for any other message)."""
    try:
        msg = json.loads(frame if isinstance(frame, str) else frame.decode())
    except (ValueError, UnicodeDecodeError):
        return []
    version = msg.get("version") if isinstance(msg, dict) else None
    return [version] if isinstance(version, int) and "view" in msg else []


def test_bot_moves_reach_the_screen_one_at_a_time_at_the_pace(server, motion_context):
    page = motion_context().new_page()
    pushed: list[int] = []  # the versions the table's socket delivered to the page, in order
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: pushed.extend(pushed_version(frame))))
    page.goto(server.url + "/")
    page.select_option("#pace", "700")  # "normal", kept in this browser
    create_table(page, server.url, "inn", 4, seats=["you", "easy", "easy", "easy"])
    assert page.eval_on_selector("#pace", "e => e.value") == "700"
    seen = wait_turn_or_over(page, 0)
    page.evaluate(WATCH_VERSIONS)
    mine = set()
    for _ in range(3):
        if seen["data"]["over"] == "true":
            break
        version = int(seen["data"]["version"])
        mine.add(version + 1)  # the state after our own move: shown at once, not paced
        stay = [a for a in seen["actions"] if a.startswith("stay:")]  # staying in keeps our turns coming
        page.click(f'[data-action="{(stay or seen["actions"])[0]}"]')
        seen = wait_turn_or_over(page, 0, after=str(version), timeout=90000)
    shown = page.evaluate("window.__shown")
    versions = [v for v, _ in shown]
    assert versions == sorted(versions), "states reach the screen in order"
    bot_gaps = [b[1] - a[1] for a, b in zip(shown, shown[1:], strict=False) if b[0] not in mine and b[0] > a[0]]
    assert len(bot_gaps) >= 4, f"bot moves seen one at a time: {shown}"
    assert min(bot_gaps) >= 700 - 10, f"bot moves closer than the pace (700 ms): {sorted(bot_gaps)[:5]}"
    # every state the socket delivered is shown on its own, none dropped by the page: the server pushes each bot move
    # as a state of its own (on a starved machine it may skip to the latest after PUSH_WAIT, by design), so on a
    # quiet machine no version is skipped at all
    delivered = {v for v in pushed if versions[0] <= v <= versions[-1]}
    assert len(delivered) >= 4 and delivered <= set(versions), (sorted(delivered), versions)
    assert sum(b - a == 1 for a, b in zip(versions, versions[1:], strict=False)) >= 4, versions
    assert page.locator(".seat-chip.just-moved").count() == 1, "the seat that moved last is marked"


def test_a_tap_selects_and_a_second_tap_plays_on_a_touch_screen(server, motion_context):
    ctx = motion_context(390, 844, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.select_option("#pace", "0")
    create_table(page, server.url, "inn", 3, seats=["you", "easy", "easy"])
    seen = wait_turn_or_over(page, 0)
    version = seen["data"]["version"]
    act = seen["actions"][0]
    page.tap(f'[data-action="{act}"]')
    page.wait_for_selector(f'#table[data-picked="{act}"]')
    assert table(page)["version"] == version, "a first tap sends nothing"
    assert page.inner_text("#picked .txt") == page.get_attribute(f'[data-action="{act}"]', "title")
    page.tap("#unpick")  # back: nothing chosen, nothing sent
    page.wait_for_selector('#table[data-picked=""]')
    page.tap(f'[data-action="{act}"]')
    page.tap("#confirm")
    wait_turn_or_over(page, 0, after=version)
    seen = wait_turn_or_over(page, 0)
    act = seen["actions"][0]
    page.tap(f'[data-action="{act}"]')
    page.tap(f'[data-action="{act}"]')  # the second tap on the same move plays it
    wait_turn_or_over(page, 0, after=seen["data"]["version"])


def test_a_seat_survives_closing_its_tab_through_my_tables(server, new_context):
    ctx = new_context(390, 844)
    page = ctx.new_page()
    create_table(page, server.url, "mansion", 2, seats=["you", "normal"], names=["Ada"])
    gid = page.url.split("#/table/")[1].split("/")[0]
    wait_turn_or_over(page, 0)
    page.close()
    again = ctx.new_page()  # a new tab: its sessionStorage is empty
    again.goto(server.url + "/")
    again.wait_for_selector(f'#my-tables li[data-my-table="{gid}"]:has-text("Ada")')  # its state read
    row = again.locator(f'#my-tables li[data-my-table="{gid}"]')
    assert "Monster Mansion" in row.inner_text() and "Ada" in row.inner_text()
    assert re.search(r"Your turn|to play", row.inner_text())
    row.locator("a").click()
    seen = wait_turn_or_over(again, 0)
    assert seen["data"]["seat"] == "0" and seen["actions"], "the seat plays again from the new tab"


def until(check, tries: int = 150) -> None:
    """Wait (polling, no time limit asserted) until check() holds."""
    import time

    for _ in range(tries):
        if check():
            return
        time.sleep(0.1)
    assert check()


def _words(page) -> str:
    """Everything a player reads or hears on the page: its text and the labels of its elements."""
    return page.evaluate("""() => document.getElementById('app').innerText + ' ' +
        [...document.querySelectorAll('[aria-label], [title]')].map(e => (e.getAttribute('aria-label') || '') + ' '
        + (e.getAttribute('title') || '')).join(' ')""")


ENGLISH = {"the", "and", "with", "your", "you", "skull", "skulls", "human", "villagers", "tickets", "ticket",
           "strength", "labyrinth", "turn", "players", "hand", "cost", "costs", "kills", "stays", "drops", "takes",
           "medium", "easy", "bot", "seat", "undead", "goblin", "werewolf", "stake", "torch", "cast", "reserve",
           "round", "draw", "gem", "gems", "gold"}  # ("pile" is French too: "Pile de Pioche")


@pytest.mark.parametrize("game,players", [("inn", 3), ("monster", 2), ("mansion", 2), ("maker", 2)])
def test_french_everywhere_and_the_switch_mid_game(server, new_context, game, players):
    page = new_context(390, 844).new_page()
    page.goto(server.url + "/?lang=fr")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == "fr" and "Nouvelle table" in page.inner_text("#app")
    create_table(page, server.url + "/?lang=fr", game, players)
    seen = wait_turn_or_over(page, 0)
    click_move(page, random.Random(3), seen, action=seen["actions"][-1])  # a choice of several steps: to the end
    seen = wait_turn_or_over(page, 0, after=seen["data"]["version"])
    page.wait_for_selector("#board .card")
    said = set(re.findall(r"[a-z]+", _words(page).lower()))
    assert said & ENGLISH == set(), f"English on the French page: {sorted(said & ENGLISH)}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    prompt = page.inner_text("[data-prompt]")
    moves = page.eval_on_selector_all("[data-action]", "es => es.map(e => e.title)")
    # the switch mid-game: the moves, the prompt and the story come back in English without a reload
    page.evaluate("window.__stay = 1")
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="en"]')
    until(lambda: page.inner_text("[data-prompt]") != prompt
          and page.eval_on_selector_all("[data-action]", "es => es.map(e => e.title)") != moves)
    assert page.evaluate("window.__stay") == 1, "no reload"
    assert page.inner_text("[data-prompt]") != prompt
    english = page.eval_on_selector_all("[data-action]", "es => es.map(e => e.title)")
    assert english != moves and len(english) == len(moves)
    said = set(re.findall(r"[a-zà-ÿ]+", _words(page).lower()))
    assert not said & {"vous", "crânes", "tour", "joueurs", "pioche"}, sorted(said & {"vous", "crânes", "pioche"})


def test_rules_in_the_page_and_game_cards_in_the_lobby(server, new_context):
    page = new_context(390, 844).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    for g in ("inn", "monster", "mansion", "maker"):
        card = page.locator(f'[data-game-card="{g}"]')
        assert re.search(r"\d–\d players", card.inner_text()) and "minutes" in card.inner_text()
    page.click('[data-rules="mansion"]')
    page.wait_for_selector("#rules .md-h")
    rules = page.inner_text("#rules")
    assert "Sales Level" in rules and "not available" not in page.inner_text("#help")
    assert page.locator("#rules li").count() > 10  # the card reference
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("#lang-toggle")
    page.wait_for_selector('#rules:has-text("Niveau de ventes")')


def test_api_docs_render_offline(server, new_context):
    page = new_context(1280, 800).new_page()
    page.goto(server.url + "/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=30000)
    assert "Unable to render" not in page.inner_text("body")
    assert page.locator(".swagger-ui .opblock").count() > 10


@pytest.mark.parametrize("game,players", [("inn", 3), ("mansion", 2), ("maker", 2)])
def test_each_game_table_passes_axe(server, new_context, game, players):
    ctx = new_context(390, 844, bypass_csp=True)
    page = ctx.new_page()
    create_table(page, server.url, game, players)
    wait_turn_or_over(page, 0)
    page.add_script_tag(content=AXE.read_text())
    result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
    bad = [v for v in json.loads(result) if v["impact"] in ("serious", "critical")]
    assert bad == [], "; ".join(f"{v['id']}: {[n['target'] for n in v['nodes']][:4]}" for v in bad)
    # card words are at least 11 px on a 390 px screen (the thumbnails show no words)
    sizes = page.evaluate("""() => [...document.querySelectorAll('#board .card:not(.tiny) text')]
        .filter(e => getComputedStyle(e).display !== 'none')
        .map(e => Number(e.getAttribute('font-size')) * e.ownerSVGElement.getBoundingClientRect().width / 100)""")
    assert sizes and min(sizes) >= 11, sorted(sizes)[:5]


HIDE = """(hidden) => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => hidden ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_a_hidden_tab_is_alerted_when_the_turn_comes(server, new_context):
    page = new_context(1280, 800).new_page()
    create_table(page, server.url, "inn", 3, seats=["you", "easy", "easy"])
    seen = wait_turn_or_over(page, 0)
    assert not page.title().startswith("●")
    page.evaluate(HIDE, True)  # the player went to another tab
    stay = [a for a in seen["actions"] if a.startswith("stay:")]
    page.click(f'[data-action="{(stay or seen["actions"])[0]}"]')
    wait_turn_or_over(page, 0, after=seen["data"]["version"])
    until(lambda: page.title().startswith("●"))
    assert "Your turn" in page.title()
    assert "%23e0362c" in page.get_attribute("link[rel=icon]", "href"), "the favicon carries a badge"
    page.evaluate(HIDE, False)  # back to the tab: the alert is gone
    until(lambda: not page.title().startswith("●"))
    assert "%23e0362c" not in page.get_attribute("link[rel=icon]", "href")
