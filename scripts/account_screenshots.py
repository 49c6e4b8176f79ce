"""The profile's reference screenshots (docs/screenshots/accounts/profile-1366.png, profile-390.png): a player with a
rated Monster Inn game and a reviewed Mansion game, their results, replay links and the review's accuracy.

    PYTHONPATH=src python scripts/account_screenshots.py

Needs Chromium (Debian's) and Playwright, as the browser tests; the games are played over HTTP by the first legal
move, with cheap reviews (2 determinizations an option), on a fresh database in a temporary directory.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, SHOTS, Server  # noqa: E402

NAME = "ada"
PASSWORD = "correct horse battery"


def play_out(c: httpx.Client, gid: str, token: str) -> None:
    """Seat 0 plays its first legal move until the game is over (the bots play theirs)."""
    for _ in range(5000):
        s = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
        if s["over"]:
            return
        if s["to_play"] == 0 and s["legal"]:
            c.post(f"/api/games/{gid}/actions", json={"action": s["legal"][0]["id"], "version": s["version"]},
                   headers={"Authorization": f"Bearer {token}"})
        else:
            time.sleep(0.02)
    raise RuntimeError("the game did not end")


def main() -> None:
    from playwright.sync_api import sync_playwright

    from monsterbox.server.analysis import AnalysisBudget

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "shots.db")
        server.start()
        server.srv.config.app.state.analysis.budget = AnalysisBudget(  # type: ignore[union-attr]
            review_samples={"inn": 2, "maker": 2, "mansion": 2, "monster": 2})
        try:
            with httpx.Client(base_url=server.url, timeout=60) as c:
                c.post("/api/accounts", json={"name": NAME, "password": PASSWORD})
                csrf = c.post("/api/session", json={"name": NAME, "password": PASSWORD}).json()["csrf"]
                made = {}
                for game, players, seats, rated in (("inn", 3, ["human", "easy", "easy"], True),
                                                    ("mansion", 2, ["human", "easy"], False)):
                    r = c.post("/api/games", json={"game": game, "players": players, "seats": seats, "rated": rated},
                               headers={"X-CSRF-Token": csrf}).json()
                    play_out(c, r["id"], r["tokens"]["0"])
                    made[game] = r["id"]
                while c.get(f"/api/games/{made['mansion']}/review?seat=0").status_code == 202:
                    time.sleep(0.2)
                for _ in range(100):  # the rating and the review's summary are written just after
                    games = c.get(f"/api/players/{NAME}").json()["games"]
                    if c.get(f"/api/players/{NAME}").json()["ratings"] and all(
                            g["review"] or g["game"] != "mansion" for g in games):
                        break
                    time.sleep(0.1)
                cookies = [{"name": k, "value": v, "url": server.url} for k, v in c.cookies.items()]
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                    "--no-sandbox", "--disable-gpu", "--no-first-run", "--font-render-hinting=none"])
                for width, height in ((1366, 768), (390, 844)):
                    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                              locale="en-GB", color_scheme="dark")
                    ctx.add_cookies(cookies)  # signed in: the player's own profile
                    page = ctx.new_page()
                    page.goto(f"{server.url}/#/player/{NAME}")
                    page.wait_for_selector("[data-review]")
                    page.wait_for_selector('[data-rating="inn"]')
                    out = SHOTS / "accounts" / f"profile-{width}.png"
                    page.screenshot(path=str(out), full_page=True)
                    print("wrote", out)
                    ctx.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
