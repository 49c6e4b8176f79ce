"""The benchmark protocol (issue 29.5): ``monsterbox benchmark GAME``.

A fixed protocol per game (``PROTOCOL``: player count, first seed, games per cell) over the levels
(``agents.levels.LEVELS``: whatever levels a game has, in their order, so a level added there joins the protocol):

- the **tested** agents (default: every level) against the **opponent pools** ``random`` and every level: a cell
  (tested, pool) is an arena run (``arena.runner``) of one seat of the tested agent against ``players - 1`` seats
  of the pool, seats rotated over each deal (every deal played from every seat); its win rate with the Wilson 95%
  interval and its mean score with a 95% interval (``arena.stats``). The table of cells is the cross-play matrix.
- Monster (cooperative): a cell is the **team** win rate of one tested seat with ``players - 1`` teammates of the
  pool; the diagonal (tested = pool) is a whole team of the level, and every whole team plays the same deals
  (seeds ``seed`` to ``seed + games - 1``), so the levels' team win rates are compared on the same cards.

Each cell is cached in ``<out>/benchmark-<game>.json`` with what it was computed from (the agents' specs, players,
seed, games, options): a later run computes only the cells that are missing or whose inputs changed, and
``only=LEVEL`` restricts a run to the cells where LEVEL is the tested agent or the pool (a new level's row and
column). ``<out>/benchmark-<game>.md`` is written from the cache with the exact command.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monsterbox.agents.levels import LEVELS
from monsterbox.agents.registry import parse_agent_spec
from monsterbox.arena.runner import ArenaConfig, run_arena
from monsterbox.arena.stats import mean_ci, wilson
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import GAME_IDS, game_part, get_ruleset
from monsterbox.rl.qnet import DEFAULT_MARGIN, identity

#: per game: players, the first deal's seed, games per cell (a multiple of the players: every deal from every seat)
PROTOCOL: dict[str, dict[str, int]] = {
    "inn": {"players": 4, "seed": 29_000, "games": 8},
    "monster": {"players": 4, "seed": 29_100, "games": 8},
    "mansion": {"players": 3, "seed": 29_200, "games": 6},
    "maker": {"players": 4, "seed": 29_300, "games": 8},
}

COOPERATIVE = frozenset({"monster"})

#: rough CPU cost of a seat of each level relative to ``hard`` (the ladders' seconds a move), to order the cells;
#: a level not named here (``learned``) counts as ``hard``
COST = {"random": 0.0, "easy": 0.01, "medium": 0.01, "hard": 1.0, "expert": 7.0}


def levels_of(game_id: str) -> list[str]:
    """The levels of ``game_id`` in their order (``LEVELS``; a level added there, such as ``learned``, appears)."""
    return list(LEVELS[game_id])


def pools_of(game_id: str) -> list[str]:
    """The opponent pools: ``random``, then every level."""
    return ["random", *levels_of(game_id)]


def spec_of(game_id: str, name: str) -> str:
    """The agent spec behind a pool or level name."""
    return "random" if name == "random" else LEVELS[game_id][name]


@dataclass
class Protocol:
    game: str
    players: int
    seed: int
    games: int
    tested: list[str]
    pools: list[str]
    only: str | None = None

    def cells(self) -> list[tuple[str, str]]:
        """The (tested, pool) cells this run computes, the cheapest first (``COST``: one tested seat and
        ``players - 1`` pool seats), so that an interrupted run has the cheap part of the matrix."""
        cells = [(t, p) for t in self.tested for p in self.pools if self.only in (None, t, p)]
        return sorted(cells, key=lambda c: COST.get(c[0], 1) + (self.players - 1) * COST.get(c[1], 1))


def make_protocol(game_id: str, tested: list[str] | None = None, pools: list[str] | None = None,
                  games: int | None = None, only: str | None = None) -> Protocol:
    """The protocol of ``game_id`` (its defaults from ``PROTOCOL``), checked: clear errors for unknown names."""
    if game_id not in GAME_IDS or game_id not in PROTOCOL:
        raise InvalidOptions(f"unknown game {game_id!r}; games: {', '.join(GAME_IDS)}")
    base = PROTOCOL[game_id]
    known = pools_of(game_id)
    tested = list(tested) if tested else levels_of(game_id)
    pools = list(pools) if pools else known
    for what, names in (("--levels", tested), ("--pools", pools)):
        bad = [n for n in names if n not in known]
        if bad or not names or len(set(names)) != len(names):
            raise InvalidOptions(f"{what}: {', '.join(bad) or 'a repeated or empty name'} is not one of "
                                 f"{', '.join(known)} (each at most once)")
    if only is not None and only not in known:
        raise InvalidOptions(f"--only: {only!r} is not one of {', '.join(known)}")
    if only is not None and only not in tested and only not in pools:
        raise InvalidOptions(f"--only {only}: it is neither a tested level nor a pool of this run")
    n = base["games"] if games is None else games
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidOptions(f"--games must be a positive number of games per cell, got {games!r}")
    return Protocol(game_id, base["players"], base["seed"], n, tested, pools, only)


def cell_key(p: Protocol, tested: str, pool: str) -> dict[str, Any]:
    """Everything a cell's result depends on: a cached cell is reused only if all of it is the same (a ``learned``
    agent's network and margin included: ``learned_identity``; a search that scores cut playouts by the game's
    estimate, the estimate: ``estimate_identity``)."""
    key = {"tested": tested, "pool": pool, "tested_spec": spec_of(p.game, tested), "pool_spec": spec_of(p.game, pool),
           "players": p.players, "seed": p.seed, "games": p.games, "options": {}}
    for side in ("tested", "pool"):
        learned = learned_identity(p.game, key[f"{side}_spec"])
        if learned is not None:
            key[f"{side}_network"] = learned
        estimate = estimate_identity(p.game, p.players, key[f"{side}_spec"])
        if estimate is not None:
            key[f"{side}_estimate"] = estimate
    return key


def estimate_identity(game_id: str, players: int, spec: str) -> str | None:
    """For a search that cuts its playouts (``ismcts`` with ``depth`` > 0) and scores them by the game's estimate
    (``Ruleset.estimate``), a digest of what the estimate says of eight fixed positions (the game's heuristic bot
    from seeds 0-3, 0 and 30 actions in): the same spec text plays differently when the estimate is refitted.
    None for any other agent."""
    name, params = parse_agent_spec(spec)
    if name != "ismcts" or not int(params.get("depth", 0) or 0):
        return None
    rules = get_ruleset(game_id)
    policy = game_part(game_id, "rollout")
    said = []
    for seed in range(4):
        state = Game.start(rules, players, seed, None).state
        said.append([round(x, 6) for x in rules.estimate(state)])
        for _ in range(30):
            if rules.is_over(state):
                break
            rules.apply(state, policy(state))
        said.append([round(x, 6) for x in rules.estimate(state)])
    return hashlib.sha256(json.dumps(said).encode()).hexdigest()[:16]


def learned_identity(game_id: str, spec: str) -> dict[str, Any] | None:
    """For a ``learned`` spec, the network file's digest and the margin it plays with (``rl.qnet.identity``): the
    same spec text plays differently when the shipped network or margin changes. None for any other agent."""
    name, params = parse_agent_spec(spec)
    if name != "learned":
        return None
    return identity(game_id, str(params.get("path", "")), params.get("margin", DEFAULT_MARGIN))


def cell_config(p: Protocol, tested: str, pool: str) -> ArenaConfig:
    agents = [spec_of(p.game, tested)] + [spec_of(p.game, pool)] * (p.players - 1)
    return ArenaConfig(p.game, p.players, agents, p.games, p.seed, {})


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Entrant 0's (the tested agent's) win rate with its Wilson 95% interval and mean score with its interval;
    in the cooperative game the team's (a seat wins with its team)."""
    n = len(results)
    wins = 0
    scores = []
    for r in results:
        seat = r["entrants"].index(0)
        wins += seat in r["winners"]
        scores.append(float(r["scores"][seat]))
    lo, hi = wilson(wins, n)
    mean, mlo, mhi = mean_ci(scores)
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4), "win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(mean, 3), "mean_score_ci95": [round(mlo, 3), round(mhi, 3)],
            "cpu_seconds": round(sum(r["seconds"] for r in results), 1)}


def load_cache(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"cells": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InvalidOptions(f"{path} is not a benchmark cache ({exc}); move it away to start afresh") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), dict):
        raise InvalidOptions(f"{path} is not a benchmark cache (no 'cells'); move it away to start afresh")
    return data


def run_benchmark(p: Protocol, out: Path, work: Path, workers: int = 1, backend: str = "local",
                  address: str | None = None, command: str | None = None,
                  progress: Callable[[str, str, bool], None] | None = None,
                  play: bool = True) -> dict[str, Any]:
    """Compute the protocol's missing cells (each an arena run in ``work/<game>/<tested>-vs-<pool>``, resumable),
    cache them in ``out/benchmark-<game>.json`` and rewrite ``out/benchmark-<game>.md`` after each cell (an
    interrupted run leaves a valid report of the cells it has). ``play=False`` only writes the report from the
    cache. Returns the cache with ``computed``: the cells this run played."""
    out.mkdir(parents=True, exist_ok=True)
    cache_path = out / f"benchmark-{p.game}.json"
    cache = load_cache(cache_path)
    cells: dict[str, Any] = cache["cells"]
    cache["protocol"] = {"game": p.game, "players": p.players, "seed": p.seed, "games": p.games}
    if command is not None and play:
        commands = cache.setdefault("commands", [])
        if command not in commands:
            commands.append(command)

    def save() -> None:
        cache_path.write_text(json.dumps(cache, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        (out / f"benchmark-{p.game}.md").write_text(markdown(p, cache), encoding="utf-8")

    save()
    computed = []
    for tested, pool in p.cells() if play else []:
        name = f"{tested}|{pool}"
        key = cell_key(p, tested, pool)
        if name in cells and cells[name].get("key") == key:
            if progress:
                progress(tested, pool, True)
            continue
        t0 = time.perf_counter()
        results = run_arena(cell_config(p, tested, pool), work / p.game / f"{tested}-vs-{pool}", workers, backend,
                            address)
        cells[name] = {"key": key, **summarize(results), "wall_seconds": round(time.perf_counter() - t0, 1)}
        computed.append(name)
        save()
        if progress:
            progress(tested, pool, False)
    return {**cache, "computed": computed}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(p: Protocol, cache: dict[str, Any]) -> str:
    """The report: protocol, the cross-play matrix of win rates (95% intervals) and of mean scores, commands."""
    g = p.game
    title = get_ruleset(g).title
    coop = g in COOPERATIVE
    cells = cache["cells"]
    # the rows and columns of this run and of every cached cell, in the pools' order
    rows = [name for name in pools_of(g) if name in p.tested or any(f"{name}|{q}" in cells for q in pools_of(g))]
    cols = [name for name in pools_of(g) if name in p.pools or any(f"{t}|{name}" in cells for t in pools_of(g))]
    fair = 1 / p.players
    lines = [f"# Benchmark: {title} (`{g}`)", "",
             "Written by `monsterbox benchmark` (`src/monsterbox/arena/benchmark.py`, the protocol of issue 29.5); "
             "each cell cached in `benchmark-" + g + ".json` with the agents' specs, seed and game count it was "
             "computed from.", "",
             "Commands that produced this table (the protocol's defaults unless a flag says otherwise):", ""]
    lines += [f"    {c}" for c in cache.get("commands", [])] or ["    (none recorded)"]
    lines += ["", "## Protocol", "",
              f"- {p.players} players; deals from seed {p.seed}; {p.games} games per cell"
              + (" (every deal played from every seat)" if not coop else "") + ".",
              "- Opponent pools: " + ", ".join(f"`{q}`" for q in pools_of(g)) + " (the levels of "
              "`agents.levels.LEVELS`, weakest first, after `random`).",
              "- Agent specs: " + "; ".join(f"`{q}` = `{spec_of(g, q)}`" for q in pools_of(g)) + "."]
    if coop:
        lines += ["- Monster is cooperative: a cell is the **team** win rate of one seat of the row's level with "
                  f"{p.players - 1} teammates of the column's; on the diagonal a whole team of one level, every "
                  "level's team on the same deals (seeds "
                  f"{p.seed} to {p.seed + p.games - 1}); off the diagonal each deal is played with the row's seat in "
                  "every position."]
    else:
        lines += [f"- A cell: one seat of the row's agent against {p.players - 1} seats of the column's pool; win "
                  f"rate of the row's seat (fair share {_pct(fair)}), Wilson 95% interval; a shared win counts as "
                  "a win."]
    what = "team win rate" if coop else "win rate of the row's seat"
    lines += ["", f"## Cross-play matrix: {what} (95% interval)", "",
              "| tested \\ pool | " + " | ".join(f"`{c}`" for c in cols) + " |",
              "|---|" + "---|" * len(cols)]
    missing = []
    for r in rows:
        out = []
        for c in cols:
            cell = cells.get(f"{r}|{c}")
            if cell is None:
                out.append("—")
                missing.append((r, c))
                continue
            lo, hi = cell["win_rate_ci95"]
            out.append(f"{_pct(cell['win_rate'])} ({_pct(lo)}–{_pct(hi)}), n={cell['games']}")
        lines.append(f"| `{r}` | " + " | ".join(out) + " |")
    lines += ["", "## Mean score of the row's seat (95% interval)", "",
              "| tested \\ pool | " + " | ".join(f"`{c}`" for c in cols) + " |",
              "|---|" + "---|" * len(cols)]
    for r in rows:
        out = []
        for c in cols:
            cell = cells.get(f"{r}|{c}")
            if cell is None:
                out.append("—")
                continue
            lo, hi = cell["mean_score_ci95"]
            out.append(f"{cell['mean_score']:.2f} ({lo:.2f}–{hi:.2f})")
        lines.append(f"| `{r}` | " + " | ".join(out) + " |")
    if coop:
        lines += ["", "## Whole teams on the same deals", "", "| team | team win rate | 95% interval | games |",
                  "|---|---|---|---|"]
        for q in pools_of(g):
            cell = cells.get(f"{q}|{q}")
            if cell is not None:
                lo, hi = cell["win_rate_ci95"]
                lines.append(f"| `{q}` | {_pct(cell['win_rate'])} | {_pct(lo)}–{_pct(hi)} | {cell['games']} |")
    total = sum(c.get("cpu_seconds", 0.0) for c in cells.values())
    lines += ["", f"CPU time of the games (one core, summed over the cells): {total:.0f} s."]
    if missing:
        lines += ["", "Cells not computed yet (—): " + ", ".join(f"{r} vs {c}" for r, c in missing) + "; "
                  f"`monsterbox benchmark {g}` computes the missing cells only (`--only LEVEL` a level's row and "
                  "column)."]
    return "\n".join(lines) + "\n"


def command_line(game: str, argv: list[str]) -> str:
    """The exact command, as it would be typed."""
    return "monsterbox benchmark " + " ".join(shlex.quote(a) for a in [game, *argv])
