"""What the browser tests do on a page: create tables through the lobby, wait for turns, click moves."""

from __future__ import annotations

import io
import random

from tests.browser.conftest import SHOTS, UPDATE


def create_table(page, url: str, game: str, players: int, seats: list[str] | None = None, seed: int | None = 7,
                 names: list[str | None] | None = None, variants: tuple[str, ...] = (), hints: bool = False) -> None:
    """Fill the lobby form and create the table; seats: 'you', 'human', 'open', 'easy', 'normal', 'strong';
    variants: the names of the game's variant checkboxes to tick; hints: allow hints at the table."""
    page.goto(url + "/")
    page.check(f"input[name=game][value={game}]")
    page.fill("input[name=players]", str(players))
    for i, kind in enumerate(seats or []):
        page.select_option(f"select[name=seat-{i}]", kind)
    for i, name in enumerate(names or []):
        if name:
            page.fill(f"input[name=name-{i}]", name)
    for name in variants:
        page.check(f"input[name={name}]")
    if hints:
        page.check("input[name=hints]")
    if seed is not None:
        page.check("input[name=practice]")
        page.fill("input[name=seed]", str(seed))
    page.click("#create-button")
    page.wait_for_selector("#table[data-game]")


def table(page) -> dict:
    return page.eval_on_selector("#table", "e => Object.assign({}, e.dataset)")


READ = """e => ({data: Object.assign({}, e.dataset),
    actions: [...document.querySelectorAll('[data-action]')].map(a => a.dataset.action)})"""


def wait_turn_or_over(page, seat: int, after: str | None = None, timeout: float | None = None) -> dict:
    """Wait until it is this seat's turn (with its moves on the page) or the game is over, then read the table:
    {"data": the root's data attributes, "actions": the data-action ids in page order}."""
    # selectors only: the page's Content-Security-Policy forbids evaluating strings (wait_for_function)
    newer = f':not([data-version="{after}"])' if after is not None else ""
    page.wait_for_selector(f'#table[data-over="true"], #table[data-to-play="{seat}"][data-seat="{seat}"]{newer} '
                           "[data-action]", state="attached", **({"timeout": timeout} if timeout else {}))
    return page.eval_on_selector("#table", READ)


QUICK = ("end", "pass", "drop", "discard", "done", "fight", "battle")


def click_move(page, rng: random.Random, seen: dict, quick_rate: float = 0.8, action: str | None = None) -> str:
    """Click one of the seat's legal moves with the mouse (a seeded choice, so a game always ends the same way), or
    ``action`` again (a click that did not land: the same choice, so the game does not depend on the machine's
    speed). A move that begins a choice of several steps (the table's ``data-building``) is built to the end the
    same way, step by step, and confirmed: the move returned is the first step."""
    if action is None:
        action = pick_move(rng, seen["actions"], quick_rate)
    version, steps = seen["data"]["version"], page.get_attribute("#table", "data-steps") or "0"
    click_action(page, action)
    finish_choice(page, rng, version, steps, quick_rate)
    return action


def pick_move(rng: random.Random, actions: list[str], quick_rate: float) -> str:
    quick = [a for a in actions if a in QUICK]
    if quick and rng.random() < quick_rate:  # often end the turn: the game still ends, in fewer clicks
        return quick[0]
    return actions[rng.randrange(len(actions))]


def click_action(page, action: str) -> None:
    box = page.eval_on_selector(f'[data-action="{action}"]', """e => { e.scrollIntoView({block: 'center'});
        const r = e.getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; }""")
    page.mouse.click(box["x"], box["y"])


def finish_choice(page, rng: random.Random, version: str, steps: str, quick_rate: float) -> None:
    """After a click at ``version`` with ``steps`` steps of a choice built: if the page is building a choice, choose
    its next steps (seeded) and confirm it once complete. Returns at once when the click played a move (the version
    changed), or when it did not land within 8 s (the caller clicks again)."""
    for _ in range(100):
        try:
            page.wait_for_selector(f'#table:not([data-version="{version}"][data-steps="{steps}"])', state="attached",
                                   timeout=8000)
        except Exception:  # noqa: BLE001 - the click did not land: the caller's retry
            return
        data = page.eval_on_selector("#table", "e => Object.assign({}, e.dataset)")
        if data["version"] != version or not data.get("building"):
            return
        steps = data["steps"]
        if data["building"] == "complete":
            page.click("#choice-confirm")
            return
        actions = page.eval_on_selector_all("[data-action]", "els => els.map(a => a.dataset.action)")
        click_action(page, pick_move(rng, actions, quick_rate))
    raise AssertionError("a choice of more than 100 steps")


def compare_screenshot(page, name: str, tolerance: float = 0.01, height_slack: float = 0.0) -> None:
    """Compare a full-page screenshot with docs/screenshots/<name>.png: at most `tolerance` of the pixels may differ
    (noticeably); MONSTERBOX_UPDATE_SCREENSHOTS=1 rewrites the reference instead. ``height_slack``: the page's height
    may differ from the reference's by that fraction (a screen whose content varies between runs, such as the end of
    a game played by clicking), and the common top part is compared."""
    from PIL import Image, ImageChops
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.evaluate("window.scrollTo(0, 0)")  # the sticky action bar then sits at the bottom of the first screen
    try:
        png = page.screenshot(full_page=True, animations="disabled", caret="hide", timeout=60000)
    except PlaywrightTimeout:  # Chromium once stalled capturing a settled page (CI, 2026-11-30): the capture again
        png = page.screenshot(full_page=True, animations="disabled", caret="hide", timeout=60000)
    ref = SHOTS / f"{name}.png"
    if UPDATE or not ref.exists():
        SHOTS.mkdir(parents=True, exist_ok=True)
        ref.write_bytes(png)
        if not UPDATE:
            raise AssertionError(f"no reference screenshot {ref.name}: written now, commit it")
        return
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(ref).convert("RGB")
    def differing(a, b) -> float:
        diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
        return 1 - diff.histogram()[0] / (a.size[0] * a.size[1])

    if got.size != want.size and got.width == want.width and height_slack:
        assert abs(got.height - want.height) <= height_slack * want.height, \
            f"{name}: height {got.height}, reference {want.height}"
        h = min(got.height, want.height)  # the common height, aligned at the top or at the bottom (the better)
        changed = min(differing(got.crop((0, 0, got.width, h)), want.crop((0, 0, got.width, h))),
                      differing(got.crop((0, got.height - h, got.width, got.height)),
                                want.crop((0, want.height - h, got.width, want.height))))
    else:
        assert got.size == want.size, f"{name}: size {got.size}, reference {want.size}"
        changed = differing(got, want)
    if changed > tolerance:
        (SHOTS / f"{name}.actual.png").write_bytes(png)
    assert changed <= tolerance, f"{name}: {changed:.2%} of the pixels differ (see {name}.actual.png)"
