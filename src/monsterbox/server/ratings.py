"""Ratings of rated tables (issue 31): openskill's Plackett-Luce model, one rating per account and game.

A rated table (every human seat signed in, never a practice table) rates its accounts when it ends. Each seat is a
team of one ranked by score (ties share a rank), as the arena rates its entrants (``arena/report.py``); bots carry
fixed ratings from the arena's ladder (``docs/results/ladder-*.md``: each level beat the one below, by about 8 to
12 points of mu) and are never updated. Monster is cooperative: the players are one team, rated against the
difficulty (a fixed rating that grows with the crisis level, the elite challenge and unreliable weaponry): a win
ranks the team first.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from monsterbox.agents.levels import LEVELS
from monsterbox.server.store import RatedGameRow, RatingRow, now

log = logging.getLogger("monsterbox.server")

#: fixed ratings of the bot levels (mu; sigma ``BOT_SIGMA``), from the ladder's steps (about 8-12 mu a level)
BOT_MU = {"random": 10.0, "easy": 20.0, "medium": 30.0, "hard": 39.0, "expert": 47.0}
#: the learned policy's fixed mu per game, placed on the ladder's scale by its measured win rate ``w`` against the
#: ``medium`` bots (``docs/results/learned-<game>.md``): ``30 + 9 * (w - fair share) / 0.30`` (``hard`` won 57% against
#: three ``medium`` in Monster Inn and sits 9 mu above them), as the level plays it (the network correcting the
#: heuristic bot by ``rl.qnet.SHIPPED_MARGIN``): Inn 43.1% (fair 25%), Maker 29.5% (fair 25%), Mansion 71.8% (fair
#: 33.3%); Monster, a team: 74.0% where the ``medium`` team won 60.5% of the same deals, the difference in place of
#: ``w - fair share``.
LEARNED_MU = {"inn": 35.4, "maker": 31.4, "mansion": 41.5, "monster": 34.0}
BOT_SIGMA = 1.0
#: Monster's difficulty as an opponent: the base game, and what each harder option adds
MONSTER_BASE_MU = 25.0


def bot_rating(spec: str, game_id: str) -> float:
    """A bot's fixed mu: its level's (a level name or a level's exact spec), else by its kind (random, the
    heuristic, a search: hard)."""
    if spec == "learned" or spec.startswith("learned:"):
        return LEARNED_MU.get(game_id, BOT_MU["medium"])
    if spec in BOT_MU:
        return BOT_MU[spec]
    for level, level_spec in LEVELS.get(game_id, {}).items():
        if spec == level_spec:
            return BOT_MU[level]
    kind = spec.split(":", 1)[0]
    if kind == "random":
        return BOT_MU["random"]
    if kind == "heuristic":
        return BOT_MU["easy"] if "noise" in spec else BOT_MU["medium"]
    return BOT_MU["hard"]


def monster_difficulty(options: dict[str, Any]) -> float:
    """Monster's difficulty as a rating: harder with the level 2 crisis deck, the elite challenge (both decks) and
    unreliable weaponry (rulebook, "Rule Variants")."""
    mu = MONSTER_BASE_MU
    if options.get("crisis_level") == 2:
        mu += 5
    if options.get("elite"):
        mu += 8
    if options.get("unreliable_weaponry"):
        mu += 4
    return mu


def new_ratings(game_id: str, seats: list[tuple[float, float]], scores: list[float], winners: list[int],
                options: dict[str, Any] | None = None) -> list[tuple[float, float]]:
    """Every seat's (mu, sigma) after a game, from before: a free-for-all ranked by score, or (Monster) the team
    against the difficulty. Bots' new values are computed too; the caller keeps only the accounts'."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(mu=mu, sigma=sigma) for mu, sigma in seats]
    if game_id == "monster":
        foe = model.rating(mu=monster_difficulty(options or {}), sigma=BOT_SIGMA)
        won = bool(winners)
        team, _ = model.rate([ratings, [foe]], ranks=[1.0, 2.0] if won else [2.0, 1.0])
        return [(r.mu, r.sigma) for r in team]
    order = sorted(set(scores), reverse=True)
    ranks = [float(order.index(s) + 1) for s in scores]
    new = model.rate([[r] for r in ratings], ranks=ranks)
    return [(t[0].mu, t[0].sigma) for t in new]


class Ratings:
    """Rates a rated table once when it ends (any process: ``Accounts.mark_rated`` decides which)."""

    def __init__(self, accounts: Any, tables: Any) -> None:
        self.accounts = accounts
        self.tables = tables
        self.store = accounts.store
        self.done: set[str] = set()
        self.lock = threading.Lock()

    def on_change(self, table_id: str) -> None:
        """A table changed: if it is over and rated, rate it (off the caller's thread)."""
        table = self.tables.live.get(table_id)
        if table is None or not table.game.over or table_id in self.done:
            return
        with self.lock:
            if table_id in self.done:
                return
            self.done.add(table_id)
        threading.Thread(target=self.rate, args=(table,), daemon=True).start()

    def rate(self, table: Any) -> bool:
        try:
            if not self.accounts.extras(table.id)["rated"] or not self.accounts.mark_rated(table.id):
                return False
            g = table.game
            result = g.result()
            scores, winners = list(result["scores"]), list(result["winners"])
            owners = self.accounts.owners(table.id)
            from openskill.models import PlackettLuce

            default = PlackettLuce().rating()
            with self.store.session() as s:
                before = {acc: (r.mu, r.sigma) if (r := s.get(RatingRow, (acc, g.game_id))) is not None
                          else (default.mu, default.sigma) for acc in owners.values()}
            seats = []
            for i, seat in enumerate(table.seats):
                if i in owners:
                    seats.append(before[owners[i]])
                elif seat["kind"] == "bot":
                    seats.append((bot_rating(seat["agent"], g.game_id), BOT_SIGMA))
                else:
                    seats.append((default.mu, default.sigma))
            after = new_ratings(g.game_id, seats, scores, winners, g.options)
            stamp = now()
            with self.store.session() as s, s.begin():
                for seat, acc in owners.items():
                    mu, sigma = after[seat]
                    row = s.get(RatingRow, (acc, g.game_id))
                    if row is None:
                        s.add(RatingRow(account=acc, game_id=g.game_id, mu=mu, sigma=sigma, games=1))
                    else:
                        row.mu, row.sigma, row.games = mu, sigma, row.games + 1
                    s.add(RatedGameRow(account=acc, game=table.id, seat=seat, won=seat in winners,
                                       score=float(scores[seat]), mu=mu, sigma=sigma,
                                       delta=mu - before[acc][0], created=stamp))
            return True
        except Exception:  # noqa: BLE001 - a rating that fails is logged; the game stays as played
            log.exception("rating table %s failed", table.id)
            return False
