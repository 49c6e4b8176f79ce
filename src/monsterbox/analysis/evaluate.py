"""The win chance of each option of a decision, estimated from the deciding seat's information only.

Method (flat Monte Carlo over determinizations with common random numbers): draw ``samples`` determinizations of
the seat's information set (``Game.determinize(seat, seed)``: everything the seat knows, the hidden cards and the
future draws resampled); in each, play every legal option and then the game's heuristic bot for every seat to the
end (or ``depth`` actions, then the game's ``estimate``); an option's estimate is the seat's mean reward: 1 for a
win, a shared win split, 0 for a loss (cooperative Monster: the team's success). Every option meets the same
determinizations and the same chance (each sample carries its own random state), so differences between options
come from the options, not from luck. The true state is never read: only ``determinize`` and the seat's own legal
actions are used, and the seeds depend only on the given seed and the number of actions played, so two games that
look the same to the seat get the same estimates.

This is a one-step improvement over the heuristic bot (Tesauro & Galperin, 1996): "your win chance if everyone
played the heuristic bot from here on" — a documented, reproducible yardstick, not a perfect player.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from monsterbox.agents.ismcts import rollout_policy
from monsterbox.core.errors import InvalidOptions

if TYPE_CHECKING:
    from monsterbox.core.game import Game

#: default budget per game (determinizations per option) and playout cut-off (0: to the end), chosen so a hint
#: takes well under a second of one core and a whole review about a minute (see benchmarks/analysis.py)
DEFAULT_SAMPLES = {"inn": 64, "maker": 32, "mansion": 24, "monster": 32}
DEFAULT_DEPTH = {"inn": 0, "maker": 0, "mansion": 0, "monster": 0}
MAX_SAMPLES = 4096
#: pseudo-worlds added to a paired difference's variance (``paired_difference``)
PRIOR_WORLDS = 2


@dataclass
class Evaluation:
    """Estimates of one decision: ``options`` maps each legal action id (in legal order) to the seat's estimated
    win chance after it; ``best`` is the option with the highest estimate (the first on a tie)."""

    seat: int
    options: dict[str, float]
    samples: int
    depth: int
    #: each option's reward in each sampled world, in the same world order for every option (common random numbers:
    #: ``rewards[a][k]`` and ``rewards[b][k]`` were played from the same determinization with the same chance)
    rewards: dict[str, list[float]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def best(self) -> str:
        return max(self.options, key=lambda a: self.options[a])

    @property
    def value(self) -> float:
        """The win chance with best play now (the best option's estimate)."""
        return self.options[self.best]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "best": self.best, "value": round(self.value, 4),
                "options": [{"action": a, "estimate": round(v, 4)} for a, v in self.options.items()],
                "samples": self.samples, "depth": self.depth}


def check_budget(samples: int, depth: int) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise InvalidOptions(f"the budget (determinizations per option) must be an integer from 1 to {MAX_SAMPLES}, "
                             f"got {samples!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise InvalidOptions(f"depth must be an integer >= 0 (0: play out to the end), got {depth!r}")


def sample_seeds(seed: int, moment: int, samples: int) -> list[int]:
    """The determinization seeds of one decision: from the caller's seed and the number of actions played only."""
    rng = random.Random(seed * 1_000_003 + moment)
    return [rng.randrange(2**31) for _ in range(samples)]


def play_worlds(game: Game, seat: int, seeds: list[int], depth: int) -> dict[str, list[float]]:
    """Each legal option's reward for ``seat`` in each world ``game.determinize(seat, s)`` for ``s`` in ``seeds``:
    in a world every option is played from a copy of the same determinized state (hidden cards, future draws and
    the state's own random generator alike), then every seat's heuristic bot to the end (or ``depth`` actions, then
    the game's ``estimate``). Only the seat's information is read (``determinize``), never the true state."""
    legal = game.legal_actions()
    rules = game.rules
    policy = rollout_policy(game.game_id)
    apply, is_over, copy = rules.apply, rules.is_over, rules.copy
    limit = depth or 1 << 30
    out: dict[str, list[float]] = {a: [] for a in legal}
    for s in seeds:
        d = game.determinize(seat, s)
        for a in legal:
            code = d.action_code(a)
            if code is None or code not in d.legal_codes():  # cannot happen for the seat's own decision
                continue
            st = copy(d.state, False)
            apply(st, code)
            steps = 0
            while steps < limit and not is_over(st):
                apply(st, policy(st))
                steps += 1
            out[a].append((rules.rewards(st) if is_over(st) else rules.estimate(st))[seat])
    return out


def evaluate_options(game: Game, seat: int, samples: int | None = None, seed: int = 0,
                     depth: int | None = None) -> Evaluation:
    """Estimate each legal option of ``seat``, who must be the seat to play, from ``seat``'s information only."""
    if game.over:
        raise InvalidOptions("the game is over: there is no decision to evaluate")
    if game.to_play != seat:
        raise InvalidOptions(f"seat {seat} is not the seat to play (seat {game.to_play} is)")
    n = DEFAULT_SAMPLES.get(game.game_id, 32) if samples is None else samples
    cut = DEFAULT_DEPTH.get(game.game_id, 0) if depth is None else depth
    check_budget(n, cut)
    rewards = play_worlds(game, seat, sample_seeds(seed, len(game.actions), n), cut)
    return _evaluation(seat, rewards, n, cut)


def _evaluation(seat: int, rewards: dict[str, list[float]], n: int, depth: int) -> Evaluation:
    options = {a: sum(r) / len(r) for a, r in rewards.items() if r}
    return Evaluation(seat, options, n, depth, {a: r for a, r in rewards.items() if r})


def extend(game: Game, ev: Evaluation, seed: int, more: int) -> Evaluation:
    """``ev`` (of ``game`` at this moment, with ``seed``) with ``more`` further worlds: the next seeds of the same
    sequence (``sample_seeds`` is a prefix of itself), every option played in each, so the result is exactly
    ``evaluate_options(game, seat, ev.samples + more, seed, depth)``."""
    n = ev.samples + more
    check_budget(n, ev.depth)
    new = play_worlds(game, ev.seat, sample_seeds(seed, len(game.actions), n)[ev.samples:], ev.depth)
    rewards = {a: ev.rewards.get(a, []) + new.get(a, []) for a in new}
    return _evaluation(ev.seat, rewards, n, ev.depth)


def paired_difference(ev: Evaluation, a: str, b: str) -> tuple[float, float]:
    """The mean and standard error of ``a``'s reward minus ``b``'s over the same worlds (a paired comparison: the
    luck of a world cancels out). The variance is estimated with ``PRIOR_WORLDS`` pseudo-worlds added, half won by
    ``a`` alone and half by ``b`` alone (differences of +1 and -1: the small-sample adjustment of Agresti and Caffo
    for a difference of proportions), so that a few worlds which happen to agree do not claim certainty: sixteen
    worlds in which the options differ twice give a standard error of 0.12, not 0.085. Many worlds are hardly
    affected (1024 worlds: less than 1%)."""
    diffs = [x - y for x, y in zip(ev.rewards[a], ev.rewards[b], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) + PRIOR_WORLDS / 2 * ((1 - mean) ** 2 + (1 + mean) ** 2)
    var = spread / (n - 1 + PRIOR_WORLDS)
    return mean, math.sqrt(var / n)
