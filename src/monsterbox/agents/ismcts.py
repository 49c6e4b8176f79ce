"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley & Whitehouse, 2012).

One tree over the information sets of the searching seat. Each iteration samples a determinization of the seat's
information set (``Observation.sample``), walks the tree with UCT restricted to the actions legal in that
determinization (each child's *availability* count is the number of times it could have been chosen, and replaces
the parent's visit count in the exploration term), expands one untried action, plays the game out with a random or
heuristic rollout policy, and backs up each seat's reward into the nodes where that seat moved.

Options beyond the paper: ``depth`` cuts playouts and scores the position with the game's ``estimate``;
``order=heuristic`` expands the rollout policy's move first at every node (move ordering: with few iterations the
heuristic's choice is always among the evaluated ones); ``workers > 1`` runs root-parallel search (Chaslot et al.,
2008): each worker process searches its own tree from its own determinizations of the same information set, and
the root statistics are summed.

Game-agnostic: it needs only the Ruleset interface (``legal_actions``, ``apply``, ``to_play``, ``is_over``,
``rewards``, ``estimate``) on the sampled states, never the true state.
"""

from __future__ import annotations

import atexit
import math
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from monsterbox.agents.base import Observation
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.registry import game_part, has_part

#: root statistics: action code -> (visits, summed reward of the searching seat)
RootStats = dict[int, tuple[int, float]]


class Node:
    __slots__ = ("player", "children", "visits", "avail", "reward")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat who chose the action leading here (-1 at the root)
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def rollout_policy(game_id: str) -> Callable[[Any], int]:
    """The game's rollout policy ``f(state) -> action code`` (its registered ``rollout`` part, ``core.registry``)."""
    if not has_part(game_id, "rollout"):
        raise InvalidOptions(f"no heuristic rollout policy for game {game_id!r}; use rollout=random")
    policy: Callable[[Any], int] = game_part(game_id, "rollout")
    return policy


def search(rules: Any, game_id: str, base: Any, seat: int, seed: int, iterations: int, rollout: str = "random",
           c: float = 0.7, time_budget: float = 0.0, depth: int = 0, order: str = "none",
           opponents: str = "search", deadline: float | None = None) -> tuple[Node, int]:
    """Run ISMCTS from ``base`` (a determinization of ``seat``'s information set); return the root and the number
    of iterations done. ``deadline`` (a ``time.monotonic`` instant) is a hard stop whatever the budget: the clock is
    read before every iteration after the first, so a search given ``iterations`` stops early only when the deadline
    passes (and then plays what it found), and otherwise does exactly what it would without one. Every further
    determinization is resampled from ``base`` for ``seat``, so it agrees with the seat's view too.
    ``opponents="heuristic"``: the other seats play the game's heuristic policy on the determinization (an opponent
    model) and the tree holds only ``seat``'s own decisions."""
    rng = random.Random(seed)
    legal_fn, apply, to_play, is_over = rules.legal_actions, rules.apply, rules.to_play, rules.is_over
    rewards, copy, determinize, estimate = rules.rewards, rules.copy, rules.determinize, rules.estimate
    limit = depth or 1 << 30
    policy = rollout_policy(game_id) if rollout == "heuristic" else None
    guide = rollout_policy(game_id) if order == "heuristic" else None
    model = rollout_policy(game_id) if opponents == "heuristic" else None
    root = Node(-1)
    log, sqrt = math.log, math.sqrt
    rand = rng.random
    soft = time.perf_counter() + time_budget if time_budget else None
    clock = time.monotonic
    it = 0
    while True:
        if soft is not None:
            if it and time.perf_counter() >= soft:
                break
        elif it >= iterations:
            break
        if deadline is not None and it and clock() >= deadline:
            break
        d = copy(base, False) if it == 0 else determinize(base, seat, rng, False)
        node = root
        path = [root]
        # selection / expansion
        while not is_over(d):
            player = to_play(d)
            if model is not None and player != seat:
                apply(d, model(d))
                continue
            legal = legal_fn(d)
            children = node.children
            untried = []
            best = None
            best_score = -1.0
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if not untried:
                    score = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = a, score
            if untried:
                a = untried[int(rand() * len(untried))]
                if guide is not None and len(untried) > 1:
                    g = guide(d)
                    if g in untried:
                        a = g
                child = Node(player if player is not None else -1)
                child.avail = 1
                children[a] = child
                apply(d, a)
                path.append(child)
                break
            assert best is not None
            node = children[best]
            apply(d, best)
            path.append(node)
        # rollout (to the end, or ``depth`` actions and then the game's estimate)
        steps = 0
        if policy is None:
            while steps < limit and not is_over(d):
                acts = legal_fn(d)
                apply(d, acts[int(rand() * len(acts))])
                steps += 1
        else:
            while steps < limit and not is_over(d):
                apply(d, policy(d))
                steps += 1
        result = rewards(d) if is_over(d) else estimate(d)
        for n in path[1:]:
            n.visits += 1
            n.reward += result[n.player]
        it += 1
    return root, it


def flat_search(rules: Any, game_id: str, base: Any, seat: int, seed: int, iterations: int, rollout: str = "random",
                depth: int = 0, deadline: float | None = None, **_: Any) -> tuple[RootStats, int]:
    """Flat Monte Carlo with common random numbers: every root option played out from the same ``iterations``
    determinizations of ``seat``'s information set (the first is ``base``). Returns (root statistics, iterations).
    ``deadline`` (a ``time.monotonic`` instant): the clock is read before every playout after the first world; when
    it has passed, the world being played out is dropped (every option keeps the same worlds) and the search stops
    with the worlds done."""
    rng = random.Random(seed)
    legal_fn, apply, is_over = rules.legal_actions, rules.apply, rules.is_over
    rewards, copy, determinize, estimate = rules.rewards, rules.copy, rules.determinize, rules.estimate
    limit = depth or 1 << 30
    policy = rollout_policy(game_id) if rollout == "heuristic" else None
    options = list(legal_fn(base))
    totals = dict.fromkeys(options, 0.0)
    clock = time.monotonic
    done = 0
    for it in range(iterations):
        d = copy(base, False) if it == 0 else determinize(base, seat, rng, False)
        play_seed = rng.randrange(2**31)
        world: dict[int, float] = {}
        for a in options:
            if deadline is not None and it and clock() >= deadline:
                break
            st = copy(d, False)
            apply(st, a)
            steps = 0
            if policy is None:
                r = random.Random(play_seed)  # the same random playout choices after every option too
                while steps < limit and not is_over(st):
                    acts = legal_fn(st)
                    apply(st, acts[int(r.random() * len(acts))])
                    steps += 1
            else:
                while steps < limit and not is_over(st):
                    apply(st, policy(st))
                    steps += 1
            world[a] = (rewards(st) if is_over(st) else estimate(st))[seat]
        if len(world) < len(options):
            break  # past the deadline: this world is not counted
        for a in options:
            totals[a] += world[a]
        done += 1
    return {a: (done, totals[a]) for a in options}, done


def root_stats(root: Node) -> RootStats:
    return {a: (n.visits, n.reward) for a, n in root.children.items()}


def _search_worker(args: tuple[Any, ...]) -> tuple[RootStats, int]:
    game_id, base, seat, seed, kwargs = args
    from monsterbox.core.registry import get_ruleset  # the ruleset by name: it holds modules, which do not pickle

    return _search_stats(get_ruleset(game_id), game_id, base, seat, seed, **kwargs)


def _search_stats(rules: Any, game_id: str, base: Any, seat: int, seed: int, mode: str = "tree",
                  **kwargs: Any) -> tuple[RootStats, int]:
    if mode == "flat":
        return flat_search(rules, game_id, base, seat, seed, **kwargs)
    root, it = search(rules, game_id, base, seat, seed, **kwargs)
    return root_stats(root), it


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(workers: int) -> ProcessPoolExecutor:
    """One pool of search processes per process, kept between moves (starting processes costs more than a move)."""
    global _POOL, _POOL_SIZE
    if _POOL is None or workers != _POOL_SIZE:
        if _POOL is not None:
            _POOL.shutdown(cancel_futures=True)
        # spawned, not forked: a kept pool of forked children would hold copies of every pipe and socket of the
        # process that made it (a browser driver's, a test runner's) and keep those peers waiting for ever
        import multiprocessing

        _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
        _POOL_SIZE = workers
    return _POOL


@atexit.register
def _close_pool() -> None:
    if _POOL is not None:
        _POOL.shutdown(cancel_futures=True)


def parallel_search(rules: Any, game_id: str, base: Any, seat: int, seed: int, workers: int,
                    **kwargs: Any) -> tuple[RootStats, int]:
    """Root-parallel ISMCTS: ``workers`` independent trees (the iterations split between them), statistics summed."""
    if workers <= 1:
        return _search_stats(rules, game_id, base, seat, seed, **kwargs)
    per = dict(kwargs)
    per["iterations"] = max(1, -(-kwargs.get("iterations", 1000) // workers))
    rng = random.Random(seed)
    jobs = [(game_id, base, seat, rng.randrange(2**31), per) for _ in range(workers)]
    total: dict[int, list[float]] = {}
    done = 0
    for stats, it in _pool(workers).map(_search_worker, jobs):
        done += it
        for a, (v, r) in stats.items():
            acc = total.setdefault(a, [0, 0.0])
            acc[0] += v
            acc[1] += r
    return {a: (int(v), r) for a, (v, r) in total.items()}, done


class ISMCTSAgent:
    """``ismcts:iterations=1000:rollout=random|heuristic:c=0.7:time=0:depth=0:order=none|heuristic:workers=1:``
    ``opponents=search|heuristic`` (time > 0: a budget in seconds per move, which overrides iterations and is not
    reproducible; depth > 0: playouts stop after that many actions and the game's ``estimate`` scores the
    position; order=heuristic: the rollout policy's move is expanded first; workers > 1: root-parallel search in
    that many processes; opponents=heuristic: the other seats are modelled by the game's heuristic policy, played
    on each determinization, and the tree holds only this seat's decisions; search=flat: no tree, every option
    played out from the same ``iterations`` determinizations, the best mean chosen, the rollout policy's move on a
    tie; c, order and opponents do not apply)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, rollout: str = "random", c: float = 0.7,
                 time: float = 0.0, depth: int = 0, order: str = "none", workers: int = 1,
                 opponents: str = "search", search: str = "tree") -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise InvalidOptions(f"ismcts iterations must be a positive integer, got {iterations!r}")
        if rollout not in ("random", "heuristic"):
            raise InvalidOptions(f"ismcts rollout must be random or heuristic, got {rollout!r}")
        if isinstance(c, bool) or not isinstance(c, int | float) or not 0 <= c < math.inf:
            raise InvalidOptions(f"ismcts c (exploration) must be a number >= 0, got {c!r}")
        if isinstance(time, bool) or not isinstance(time, int | float) or not 0 <= time < math.inf:
            raise InvalidOptions(f"ismcts time must be seconds >= 0, got {time!r}")
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise InvalidOptions(f"ismcts depth must be an integer >= 0 (0: play out to the end), got {depth!r}")
        if order not in ("none", "heuristic"):
            raise InvalidOptions(f"ismcts order must be none or heuristic, got {order!r}")
        if opponents not in ("search", "heuristic"):
            raise InvalidOptions(f"ismcts opponents must be search (in the tree) or heuristic (a model), "
                                 f"got {opponents!r}")
        if search not in ("tree", "flat"):
            raise InvalidOptions(f"ismcts search must be tree (ISMCTS) or flat (paired determinizations, no tree), "
                                 f"got {search!r}")
        if search == "flat" and time:
            raise InvalidOptions("ismcts search=flat runs a number of determinizations (iterations), not a time")
        most = max(2, os.cpu_count() or 1)
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most:
            raise InvalidOptions(f"ismcts workers must be an integer from 1 to {most} (this machine's cores), "
                                 f"got {workers!r}")
        if workers > 1 and time:
            raise InvalidOptions("ismcts workers > 1 splits iterations between processes; use iterations, not time")
        self.depth = depth
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.rollout = rollout
        self.c = float(c)
        self.time_budget = float(time)
        self.order = order
        self.workers = workers
        self.opponents = opponents
        self.search = search
        self.last_iterations = 0
        self.last_stats: RootStats = {}
        #: a hard limit on one move's search in seconds (None: none), set by whoever runs the agent (the server's
        #: per-move budget); unlike ``time`` it is not the budget but a stop: a move that finishes its iterations
        #: before it is the same move as without it
        self.max_seconds: float | None = None
        self.last_cut = False  # whether the last move's search was stopped by ``max_seconds``

    def analyse(self, obs: Observation) -> tuple[list[int], RootStats]:
        """Search ``obs`` and return (the legal codes in ``obs.legal`` order, the root statistics)."""
        first = obs.sample(self.rng.randrange(2**31))
        deadline = time.monotonic() + self.max_seconds if self.max_seconds is not None else None
        kwargs: dict[str, Any]
        if self.search == "flat":
            kwargs = {"mode": "flat", "iterations": self.iterations, "rollout": self.rollout, "depth": self.depth,
                      "deadline": deadline}
        else:
            kwargs = {"iterations": self.iterations, "rollout": self.rollout, "c": self.c,
                      "time_budget": self.time_budget, "depth": self.depth, "order": self.order,
                      "opponents": self.opponents, "deadline": deadline}
        stats, it = parallel_search(first.rules, obs.game_id, first.state, obs.seat, self.rng.randrange(2**31),
                                    self.workers, **kwargs)
        self.last_iterations = it
        self.last_stats = stats
        self.last_cut = deadline is not None and not self.time_budget and it < self.iterations
        return first.legal_codes(), stats

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        root_codes, stats = self.analyse(obs)
        if self.search == "flat":
            first = obs.sample(0)
            preferred = rollout_policy(obs.game_id)(first.state) if self.rollout == "heuristic" else root_codes[0]
            # the best mean; on a tie the rollout policy's move (it is what the playouts assumed), then legal order
            best_code = max(root_codes, key=lambda a: (stats[a][1] / stats[a][0] if a in stats else -math.inf,
                                                       a == preferred))
        else:
            best_code = max(root_codes, key=lambda a: stats[a][0] if a in stats else -1)
        return obs.legal[root_codes.index(best_code)]
