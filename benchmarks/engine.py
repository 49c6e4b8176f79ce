"""Engine speed: random playouts through the public path, ``simulate`` and the internal path that search uses.

    python benchmarks/engine.py [--games inn,maker] [--players 4] [--seconds 3] [--slice 0.2] [--bursts N]

Public path: ``new_game`` then ``legal_actions()`` / ``play(action_id)`` (string ids, every action checked), the
setup's share included. Simulate: ``sim.simulate`` with random agents (the agent layer on top of the public path),
10 games a call. Internal path: the ruleset's integer ``legal_actions(state)`` / ``apply(state, code)`` on a state
copied without its log, as ISMCTS does from a determinization. Also: the cost of copy, determinize and view.

How the ratios are measured (the machine is shared: a rate taken at one moment and another taken a minute later
mostly measure the load, which moved Monster Inn's own rate by 40% between two runs). Each game's measurement is
a series of short *rounds*; a round runs, back to back, a slice (``--slice`` seconds, 0.2 by default) of Monster
Inn's public path, one of the game's public path and one of its ``simulate``, the order reversed every other round
so that neither side always runs first. Each path is a continuous stream of seeded games, resumed where the
previous slice stopped. A round gives one ratio "game public / Inn public" and one "simulate / public", from
rates measured seconds apart under (nearly) the same load; the table prints the **median** of the rounds' ratios
and their interquartile range (the middle half of the rounds lies within it). Each ratio is taken by the
process's CPU time (``time.process_time``: other processes' work is not charged to us, but cache and memory
contention still are) and, as a check, by wall time (``wall``). The rates (decisions per CPU second) are each
path's total over all its slices.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.core.registry import get_ruleset, implemented_games  # noqa: E402
from monsterbox.sim import simulate  # noqa: E402

#: CPU time of this process: wall time would charge other processes' work to us
clock = time.process_time
wall = time.perf_counter

#: decisions between two looks at the clock (a look costs about a microsecond, a fifth of an Inn decision)
CHECK_EVERY = 32


@dataclass
class Slice:
    decisions: float
    games: int
    cpu: float
    wall: float


@dataclass
class PublicStream:
    """Seeded random games through the public path, one after another, resumable between slices."""

    game_id: str
    players: int
    seed: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    game: monsterbox.Game | None = None

    def run(self, seconds: float) -> Slice:
        rng, g = self.rng, self.game
        decisions = games = 0
        t0, w0 = clock(), wall()
        while True:
            for _ in range(CHECK_EVERY):
                if g is None or g.over:
                    if g is not None:
                        games += 1
                    g = monsterbox.new_game(self.game_id, self.players, seed=self.seed)
                    self.seed += 1
                acts = g.legal_actions()
                g.play(acts[rng.randrange(len(acts))])
                decisions += 1
            if clock() - t0 >= seconds:
                break
        self.game = g
        return Slice(decisions, games, clock() - t0, wall() - w0)


@dataclass
class SimulateStream:
    """``simulate`` calls of 10 games with random agents (as the CLI runs them), seeds continuing between calls."""

    game_id: str
    players: int
    seed: int = 0

    def run(self, seconds: float) -> Slice:
        decisions = 0.0
        games = 0
        t0, w0 = clock(), wall()
        while clock() - t0 < seconds:
            out = simulate(self.game_id, self.players, 10, ["random"] * self.players, seed=self.seed)
            decisions += out["mean_actions"] * out["games"]
            games += out["games"]
            self.seed += 10
        return Slice(decisions, games, clock() - t0, wall() - w0)


def quartiles(xs: list[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile)."""
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return q1, q2, q3


def ratios(top: list[Slice], bottom: list[Slice], by_wall: bool = False) -> list[float]:
    """Per-round ratios of the rates of two paths' slices taken in the same rounds."""
    if by_wall:
        return [(a.decisions / a.wall) / (b.decisions / b.wall) for a, b in zip(top, bottom, strict=True)]
    return [(a.decisions / a.cpu) / (b.decisions / b.cpu) for a, b in zip(top, bottom, strict=True)]


def fmt_ratio(xs: list[float]) -> str:
    """``median [q1-q3]``"""
    q1, q2, q3 = quartiles(xs)
    return f"{q2:.2f} [{q1:.2f}-{q3:.2f}]"


def bench_internal(game_id: str, players: int, seconds: float, first_seed: int = 0) -> tuple[float, float]:
    rules = get_ruleset(game_id)
    root = monsterbox.new_game(game_id, players, seed=1)
    rng = random.Random(first_seed)
    rand = rng.random
    legal, apply, over = rules.legal_actions, rules.apply, rules.is_over
    games = decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        s = rules.determinize(root.state, 0, rng, keep_log=False)
        while not over(s):
            acts = legal(s)
            apply(s, acts[int(rand() * len(acts))])
            decisions += 1
        games += 1
    dt = clock() - t0
    return games / dt, decisions / dt


def per_call(fn: Callable[[], object], seconds: float = 1.0) -> float:
    n = 0
    t0 = clock()
    while clock() - t0 < seconds:
        for _ in range(100):
            fn()
        n += 100
    return (clock() - t0) / n * 1e6


def mid_game_costs(game_id: str, players: int, seconds: float) -> str:
    g = monsterbox.new_game(game_id, players, seed=3)
    r = random.Random(1)
    for _ in range(40):
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    rules = g.rules
    return (f"copy {per_call(lambda: rules.copy(g.state, False), seconds):.1f} us, "
            f"determinize {per_call(lambda: g.determinize(0, 1), seconds):.1f} us, "
            f"view {per_call(lambda: g.view(0), seconds):.1f} us")


@dataclass
class Measured:
    """Each game's slices, round by round: its public path, its ``simulate``, and Monster Inn's public path run
    in the same rounds (empty for Monster Inn itself, or when it is not measured)."""

    public: dict[str, list[Slice]]
    simulate: dict[str, list[Slice]]
    inn_beside: dict[str, list[Slice]]

    def inn_rate(self) -> float | None:
        """Monster Inn's public rate over all its slices (its own rounds and those beside the other games)."""
        slices = [s for g, xs in self.inn_beside.items() for s in xs] + self.public.get("inn", [])
        return rate(slices) if slices else None


def rate(slices: list[Slice]) -> float:
    return sum(s.decisions for s in slices) / sum(s.cpu for s in slices)


def measure(games: list[str], players: int, rounds: int, slice_s: float) -> Measured:
    """Run ``rounds`` rounds; in each, every game's public slice sits between its two partners (Monster Inn's
    public path, the game's ``simulate``), whose order flips every round."""
    inn = PublicStream("inn", players) if "inn" in games else None
    streams = {g: inn if g == "inn" and inn is not None else PublicStream(g, players) for g in games}
    sims = {g: SimulateStream(g, players) for g in games}
    m = Measured({g: [] for g in games}, {g: [] for g in games}, {g: [] for g in games if g != "inn"})
    for r in range(rounds):
        for g in games:
            partners = ["inn", "sim"] if inn is not None and g != "inn" else ["sim"]
            if r % 2:
                partners.reverse()
            for part in (partners[0], "pub", *partners[1:]):
                if part == "pub":
                    m.public[g].append(streams[g].run(slice_s))
                elif part == "sim":
                    m.simulate[g].append(sims[g].run(slice_s))
                elif inn is not None:
                    m.inn_beside[g].append(inn.run(slice_s))
    return m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(implemented_games()),
                    help="comma-separated game ids (default: all built; the ratios need Monster Inn among them)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="CPU seconds per path and game, spread over the rounds")
    ap.add_argument("--slice", type=float, default=0.2, help="CPU seconds of one path in one round")
    ap.add_argument("--bursts", type=int, default=None,
                    help="number of rounds (default: seconds / slice, at least 5)")
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in implemented_games()]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)}; choose among {', '.join(implemented_games())}")
    if args.seconds <= 0 or args.slice <= 0 or (args.bursts is not None and args.bursts < 1):
        ap.error("--seconds and --slice must be positive and --bursts at least 1")
    rounds = args.bursts if args.bursts is not None else max(5, round(args.seconds / args.slice))
    slice_s = args.slice if args.bursts is None else args.seconds / rounds
    print(f"monsterbox {monsterbox.__version__}, Python {sys.version.split()[0]}, {args.players} players, "
          f"random playouts, decisions per CPU second; {rounds} rounds of {slice_s:.2f} s slices; ratios: median "
          "of the rounds [interquartile range], by CPU time and by wall time")
    for game_id in games:  # warm-up: imports and card files are loaded once
        PublicStream(game_id, args.players, seed=10**6).run(0.01)
        SimulateStream(game_id, args.players, seed=10**6).run(0.01)
    m = measure(games, args.players, rounds, slice_s)
    inn_rate = m.inn_rate()
    w = 17
    print(f"{'game':8} {'games/s':>8} {'public/s':>9} {'vs inn':>{w}} {'(wall)':>{w}} {'simulate/s':>10} "
          f"{'sim/pub':>{w}} {'(wall)':>{w}} {'internal/s':>10}  mid-game costs")
    for g in games:
        pub, sim = m.public[g], m.simulate[g]
        if g == "inn":
            pub = pub + [s for xs in m.inn_beside.values() for s in xs]
            vs = wall_vs = "1"
        elif m.inn_beside.get(g):
            vs = fmt_ratio(ratios(pub, m.inn_beside[g]))
            wall_vs = fmt_ratio(ratios(pub, m.inn_beside[g], by_wall=True))
        else:
            vs = wall_vs = "-"
        own = m.public[g]  # the public slices of the game's own rounds, each beside a simulate slice
        sp, wall_sp = fmt_ratio(ratios(sim, own)), fmt_ratio(ratios(sim, own, by_wall=True))
        games_rate = sum(s.games for s in pub) / sum(s.cpu for s in pub)
        _, internal = bench_internal(g, args.players, args.seconds / 2)
        print(f"{g:8} {games_rate:8,.0f} {rate(pub):9,.0f} {vs:>{w}} {wall_vs:>{w}} {rate(sim):10,.0f} "
              f"{sp:>{w}} {wall_sp:>{w}} {internal:10,.0f}  "
              + mid_game_costs(g, args.players, min(1.0, args.seconds / 3)), flush=True)
    if inn_rate is None:
        print("(Monster Inn not measured: no ratios to it)")


if __name__ == "__main__":
    main()
