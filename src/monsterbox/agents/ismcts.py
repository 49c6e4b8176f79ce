"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley & Whitehouse, 2012).

One tree over the information sets of the searching seat. Each iteration samples a determinization of the seat's
information set (``Observation.sample``), walks the tree with UCT restricted to the actions legal in that
determinization (each child's *availability* count is the number of times it could have been chosen, and replaces
the parent's visit count in the exploration term), expands one untried action, plays the game out with a random or
heuristic rollout policy, and backs up each seat's reward into the nodes where that seat moved.

Game-agnostic: it needs only the Ruleset interface (``legal_actions``, ``apply``, ``to_play``, ``is_over``,
``rewards``) on the sampled states, never the true state.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from typing import Any

from monsterbox.agents.base import Observation
from monsterbox.core.errors import InvalidOptions

#: game id -> "module:function" of a rollout policy ``f(state) -> action code``
ROLLOUT_POLICIES = {
    "inn": "monsterbox.games.inn.heuristic:rollout_policy",
    "maker": "monsterbox.games.maker.heuristic:rollout_policy",
    "mansion": "monsterbox.games.mansion.heuristic:rollout_policy",
    "monster": "monsterbox.games.monster.heuristic:rollout_policy",
}


class Node:
    __slots__ = ("player", "children", "visits", "avail", "reward")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat who chose the action leading here (-1 at the root)
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def rollout_policy(game_id: str) -> Callable[[Any], int]:
    target = ROLLOUT_POLICIES.get(game_id)
    if target is None:
        raise InvalidOptions(f"no heuristic rollout policy for game {game_id!r}; use rollout=random")
    module, fn = target.split(":")
    policy: Callable[[Any], int] = getattr(importlib.import_module(module), fn)
    return policy


class ISMCTSAgent:
    """``ismcts:iterations=1000:rollout=random|heuristic:c=0.7:time=0:depth=0`` (time > 0: a budget in seconds per
    move, which overrides iterations and is not reproducible; depth > 0: playouts stop after that many actions and
    the game's ``estimate`` scores the position)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, rollout: str = "random", c: float = 0.7,
                 time: float = 0.0, depth: int = 0) -> None:
        if not isinstance(iterations, int) or iterations < 1:
            raise InvalidOptions(f"ismcts iterations must be a positive integer, got {iterations!r}")
        if rollout not in ("random", "heuristic"):
            raise InvalidOptions(f"ismcts rollout must be random or heuristic, got {rollout!r}")
        if not isinstance(c, int | float) or c < 0:
            raise InvalidOptions(f"ismcts c (exploration) must be a number >= 0, got {c!r}")
        if not isinstance(time, int | float) or time < 0:
            raise InvalidOptions(f"ismcts time must be seconds >= 0, got {time!r}")
        if not isinstance(depth, int) or depth < 0:
            raise InvalidOptions(f"ismcts depth must be an integer >= 0 (0: play out to the end), got {depth!r}")
        self.depth = depth
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.rollout = rollout
        self.c = float(c)
        self.time_budget = float(time)
        self.last_iterations = 0
        self.last_root: Node | None = None

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        rng = self.rng
        first = obs.sample(rng.randrange(2**31))
        rules = first.rules
        legal_fn, apply, to_play, is_over = rules.legal_actions, rules.apply, rules.to_play, rules.is_over
        rewards, copy, determinize, estimate = rules.rewards, rules.copy, rules.determinize, rules.estimate
        limit = self.depth or 1 << 30
        policy = rollout_policy(obs.game_id) if self.rollout == "heuristic" else None
        root_codes = first.legal_codes()
        root = Node(-1)
        seat = obs.seat
        c = self.c
        log, sqrt = math.log, math.sqrt
        rand = rng.random
        deadline = time.perf_counter() + self.time_budget if self.time_budget else None
        base = first.state
        it = 0
        while True:
            if deadline is not None:
                if it and time.perf_counter() >= deadline:
                    break
            elif it >= self.iterations:
                break
            # a fresh determinization of the seat's information set (resampled from the first sample, which is
            # itself consistent with the seat's view, so the result is too)
            d = copy(base, False) if it == 0 else determinize(base, seat, rng, False)
            node = root
            path = [root]
            # selection / expansion
            while not is_over(d):
                legal = legal_fn(d)
                player = to_play(d)
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
        self.last_iterations = it
        self.last_root = root
        best_code = max(root_codes, key=lambda a: (root.children[a].visits if a in root.children else -1))
        return obs.legal[root_codes.index(best_code)]
