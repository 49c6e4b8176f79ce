"""The web front end's files, checked without a browser: no markup built from strings, nothing inline that the
server's Content-Security-Policy would refuse, no address outside the server, every page word in both languages,
and the vendored libraries with their licences."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "src" / "monsterbox" / "web"
OWN = [p for p in WEB.rglob("*.js") if "vendor" not in p.parts]


def test_no_markup_from_strings_and_nothing_the_policy_refuses():
    assert len(OWN) >= 10
    for path in OWN:
        text = path.read_text()
        for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                    "dangerouslySetInnerHTML", "setAttribute(\"style\"", "localStorage.setItem(\"mb:token"):
            assert bad not in text, f"{path.name} uses {bad}"
        # no fetch, socket or import of another origin
        for url in re.findall(r"(?:fetch|WebSocket|import)\s*\(?\s*[`'\"](\w+://[^`'\"]*)", text):
            raise AssertionError(f"{path.name} reaches {url}")
    page = (WEB / "index.html").read_text()
    assert "<script>" not in page and " on" not in re.sub(r"<noscript>.*?</noscript>", "", page).split("<body>")[1]
    assert "style=" not in page
    assert re.findall(r"<script[^>]*>", page) == ['<script type="module" src="/static/main.js">']


def test_tokens_stay_in_this_browser_and_out_of_query_strings():
    """A seat's token lives in the tab (sessionStorage) and in "My tables" (localStorage, so the seat survives
    closing the tab), never in a URL's query string nor under another key."""
    api = (WEB / "api.js").read_text()
    assert "sessionStorage.setItem(TOKEN(id, seat)" in api and 'const SEATS = "mb:seats"' in api
    for path in OWN:
        if path.name != "api.js":
            assert "localStorage.setItem(\"mb:seat" not in path.read_text(), path.name
    assert "?token=" not in api and "token=" not in (WEB / "main.js").read_text().replace("tokens.", "")


def test_every_page_word_has_its_french():
    text = (WEB / "i18n.js").read_text()
    en = text.split("  en: {")[1].split("  fr: {")[0]
    fr = text.split("  fr: {")[1]
    keys = lambda block: set(re.findall(r'"([a-zA-Z]+(?:\.[a-zA-Z]+)+)":', block))  # noqa: E731
    assert keys(en) and keys(en) == keys(fr), keys(en) ^ keys(fr)
    used = set()
    for path in OWN:
        used |= set(re.findall(r'\bt\("([a-zA-Z]+(?:\.[a-zA-Z]+)+)"', path.read_text()))
    assert used - keys(en) == set(), f"words without a catalogue entry: {used - keys(en)}"


def test_vendored_libraries_have_their_licences():
    vendor = WEB / "vendor"
    for name in ("LICENSE-preact.txt", "LICENSE-htm.txt", "LICENSE-game-icons.txt", "VENDORED.md"):
        assert (vendor / name).stat().st_size > 100, name
    icons = json.loads((vendor / "game-icons.json").read_text())
    assert "CC BY 3.0" in icons["attribution"] and len(icons["icons"]) > 50
    assert all(p for icon in icons["icons"].values() for p in icon["paths"])
    assert (Path(__file__).parent / "browser" / "vendor" / "LICENSE-axe-core.txt").exists()
