"""Running a tournament: the seat-rotated schedule, the resumable result stream, local and Ray backends.

Schedule: game ``i`` deals from seed ``seed + i // players`` with rotation ``r = i % players``: seat ``j`` is played
by entrant ``(j + r) % players``. Every block of ``players`` consecutive games plays one deal with every rotation, so
each entrant sits in every seat equally often and meets the same cards from every seat (duplicate format). When
every seat has the same agent (a cooperative team, a mirror match) rotations would replay the same game, so game
``i`` then deals from seed ``seed + i``: every game is a new deal.

Results stream to ``results.jsonl`` (one game a line, flushed); ``arena.json`` keeps the configuration. Running again
with the same ``--out`` skips the games already there, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from monsterbox.core.errors import InvalidOptions, MonsterboxError
from monsterbox.core.registry import new_game
from monsterbox.sim import play_game


class ArenaIncomplete(MonsterboxError):
    """Some scheduled games of a run have no result after the backend finished (never a smaller table)."""


@dataclass
class ArenaConfig:
    game: str
    players: int
    agents: list[str]  # one entrant per seat
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        from monsterbox.agents.registry import make_agent

        if self.games < 1:
            raise InvalidOptions(f"--games must be at least 1, got {self.games}")
        if len(self.agents) != self.players:
            raise InvalidOptions(f"--agents needs one name per seat ({self.players}), got {len(self.agents)}")
        new_game(self.game, self.players, self.seed, self.options or None)
        for spec in self.agents:
            make_agent(spec, self.game, 0)

    def schedule(self, index: int) -> tuple[int, list[int]]:
        """(seed, entrant per seat) of game ``index``."""
        n = self.players
        if len(set(self.agents)) == 1:  # identical seats: a rotation would be the same game again
            return self.seed + index, list(range(n))
        r = index % n
        return self.seed + index // n, [(j + r) % n for j in range(n)]

    def same_run(self, other: ArenaConfig) -> bool:
        a, b = asdict(self), asdict(other)
        a.pop("games")
        b.pop("games")
        return a == b


def play_scheduled(config: dict[str, Any], index: int) -> dict[str, Any]:
    """Play game ``index`` of the arena and return its result line."""
    cfg = ArenaConfig(**config)
    seed, entrants = cfg.schedule(index)
    specs = [cfg.agents[e] for e in entrants]
    t0 = time.perf_counter()
    out = play_game(cfg.game, cfg.players, specs, seed, cfg.options or None, collect=True)
    return {
        "index": index, "seed": seed, "entrants": entrants, "agents": specs,
        "scores": out["scores"], "winners": out["winners"], "actions": out["actions"],
        "legal_sizes": out["legal_sizes"], "seconds": round(time.perf_counter() - t0, 4),
    }


def play_batch(config: dict[str, Any], indices: list[int]) -> list[dict[str, Any]]:
    return [play_scheduled(config, i) for i in indices]


def batches(indices: list[int], size: int) -> Iterator[list[int]]:
    for k in range(0, len(indices), size):
        yield indices[k:k + size]


# --- backends -----------------------------------------------------------------------------------------------------
def run_local(config: dict[str, Any], todo: list[int], workers: int, batch: int) -> Iterator[list[dict[str, Any]]]:
    if workers <= 1:
        for part in batches(todo, 1):
            yield play_batch(config, part)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[list[dict[str, Any]]]] = set()
        work = batches(todo, batch)
        for part in work:
            pending.add(pool.submit(play_batch, config, part))
            if len(pending) >= 2 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
                nxt = next(work, None)
                if nxt is not None:
                    pending.add(pool.submit(play_batch, config, nxt))


def run_ray(config: dict[str, Any], todo: list[int], workers: int, batch: int,
            address: str | None) -> Iterator[list[dict[str, Any]]]:
    """Send batches of games to a Ray cluster (``address``) or a local Ray instance (no address)."""
    try:
        import ray
    except ImportError:
        raise InvalidOptions("the ray backend needs Ray: pip install 'monsterbox[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = max(1, workers)
        try:
            ray.init(**kwargs)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise InvalidOptions(f"cannot connect to the Ray cluster at {address!r}: {exc}") from None
        started = True
    try:
        # a batch whose worker dies is retried by Ray (max_retries), and once more by us if Ray gives up on it
        remote = ray.remote(max_retries=3)(play_batch)
        work = batches(todo, batch)
        pending: dict[Any, tuple[list[int], int]] = {}

        def submit(part: list[int], tries: int = 0) -> None:
            pending[remote.remote(config, part)] = (part, tries)

        for part in islice(work, 4 * max(1, workers)):  # exactly that many batches: none pulled and dropped
            submit(part)
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                part, tries = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayError:
                    if tries >= 2:
                        raise
                    submit(part, tries + 1)
                    continue
                yield result
                nxt = next(work, None)
                if nxt is not None:
                    submit(nxt)
    finally:
        if started:
            ray.shutdown()


# --- the run ------------------------------------------------------------------------------------------------------
def read_results(path: Path) -> list[dict[str, Any]]:
    """The complete lines of a result stream (a line cut short by an interruption is ignored)."""
    out = []
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def run_arena(config: ArenaConfig, out: Path, workers: int = 1, backend: str = "local",
              address: str | None = None, progress: Callable[[int, int], None] | None = None,
              batch: int | None = None) -> list[dict[str, Any]]:
    """Play the games of ``config`` not yet in ``out``; return every result (old and new), sorted by index."""
    config.validate()
    if backend not in ("local", "ray"):
        raise InvalidOptions(f"--backend must be local or ray, got {backend!r}")
    if workers < 1:
        raise InvalidOptions(f"--workers must be at least 1, got {workers}")
    out.mkdir(parents=True, exist_ok=True)
    cfg_path = out / "arena.json"
    if cfg_path.exists():
        try:
            old = ArenaConfig(**json.loads(cfg_path.read_text(encoding="utf-8")))
        except (json.JSONDecodeError, TypeError) as exc:
            raise InvalidOptions(f"{cfg_path} is not an arena configuration: {exc}") from None
        if not old.same_run(config):
            raise InvalidOptions(f"{out} holds a different arena run ({old.game}, {old.players} players, agents "
                                 f"{','.join(old.agents)}, seed {old.seed}); use another --out")
    cfg_path.write_text(json.dumps(asdict(config), indent=1), encoding="utf-8")
    results_path = out / "results.jsonl"
    results = {r["index"]: r for r in read_results(results_path) if r.get("index", -1) < config.games}
    # rewrite the stream without a partial last line before appending
    with results_path.open("w", encoding="utf-8") as f:
        for i in sorted(results):
            f.write(json.dumps(results[i]) + "\n")
    todo = [i for i in range(config.games) if i not in results]
    if progress:
        progress(len(results), config.games)
    size = batch or max(1, min(20, len(todo) // (workers * 8) or 1))
    cfg = asdict(config)
    stream: Iterable[list[dict[str, Any]]]
    if backend == "ray":
        stream = run_ray(cfg, todo, workers, size, address)
    else:
        stream = run_local(cfg, todo, workers, size)
    try:
        with results_path.open("a", encoding="utf-8") as f:
            for part in stream:
                for r in part:
                    f.write(json.dumps(r) + "\n")
                    results[r["index"]] = r
                f.flush()
                if progress:
                    progress(len(results), config.games)
    except MonsterboxError:
        raise
    missing = [i for i in range(config.games) if i not in results]
    if missing:  # a backend that lost games must not pass for a smaller tournament
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        raise ArenaIncomplete(f"the arena is incomplete: {len(missing)} of {config.games} scheduled games have no "
                              f"result (games {shown}); run the same command again to play them")
    return [results[i] for i in sorted(results)]
