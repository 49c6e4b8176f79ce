"""What one move of an agent costs, estimated from its spec before it ever runs: the server refuses a spec whose
move would not fit its per-move budget (``server/bots.py``), instead of starting searches that can only be cut.

The model counts playouts. A search move is ``iterations`` playouts (tree search, each with the tree's own work,
``TREE_ITERATION``) or ``iterations`` times the number of options at the root (flat search, every option played out
in every world), plus a determinization each. A playout costs the game's cost per action under its rollout policy
times its length: the longest playout of the game, or ``depth`` actions when the playout is cut. The per-game figures
are measured by ``benchmarks/agent_cost.py`` on one core (CPU time, from the start of a game at its largest player
count, over 8 deals, the largest kept) with a margin for a loaded machine (``PLAYOUTS``); the model stays above the
largest move each level made in the benchmark's check (the figures and the check in ``docs/results/agent-cost.md``).
A flat search is priced at a large decision (the 90th percentile of the options at the game's decisions); the rare
larger one is stopped by the server's per-move limit (``Agent.max_seconds``), with the worlds done. ``time=<s>``
agents cost their time; the game's heuristic bot and the random agent cost a few milliseconds at most.
"""

from __future__ import annotations

from dataclasses import dataclass

from monsterbox.agents.levels import LEVEL_NAMES, level_spec
from monsterbox.agents.registry import parse_agent_spec


@dataclass(frozen=True)
class PlayoutCost:
    """One game's figures: seconds of one core per action of a playout with random moves, with the heuristic bot's,
    and with random moves for the searching seat while the heuristic bot plays the others (``opponents=heuristic``);
    the longest playout in actions; the options at a large decision (a flat search plays out each); and one
    determinization, in seconds."""

    random: float
    heuristic: float
    model: float
    length: int
    options: int
    determinize: float = 0.0001


#: measured by benchmarks/agent_cost.py (2026-12-04, at the largest player count of each game: 5, 6, 4, 6) in two
#: runs of 8 deals, the second at a load of 6 on the 2 cores (shared caches: an action cost up to twice as much);
#: each figure is the larger of the first run's largest doubled and the second run's largest with a third added,
#: rounded up (docs/results/agent-cost.md)
PLAYOUTS: dict[str, PlayoutCost] = {
    "inn": PlayoutCost(random=9e-6, heuristic=28e-6, model=22e-6, length=175, options=3, determinize=0.00011),
    "maker": PlayoutCost(random=10e-6, heuristic=31e-6, model=35e-6, length=3600, options=6, determinize=0.00023),
    "mansion": PlayoutCost(random=36e-6, heuristic=57e-6, model=45e-6, length=410, options=9),
    "monster": PlayoutCost(random=16e-6, heuristic=29e-6, model=31e-6, length=390, options=16, determinize=0.00024),
}
#: a game without figures (a toy game in tests, a new game) is costed as the dearest known one
DEFAULT = PlayoutCost(random=36e-6, heuristic=57e-6, model=45e-6, length=3600, options=21, determinize=0.0003)
#: a tree search's own work in one iteration, besides its playout and determinization (selection and expansion
#: through the tree, the legal actions of each node): Maker's ``hard`` (60 iterations, playouts cut at 30 actions)
#: measured about 0.5 ms an iteration beyond its playout and determinization, doubled as the figures are
TREE_ITERATION = 0.001
#: the game's heuristic bot or the random agent: one policy call, well under this
CHEAP = 0.01
#: the learned policy (``rl.qnet``): the seat's view encoded, then one small network over the legal actions, with
#: numpy, and with a margin the heuristic bot's choice (a few milliseconds at most); measured at most about 2 ms a
#: move in every game without the heuristic bot (Mansion's view is the dearest), rounded up
LEARNED = 0.005


def move_seconds(spec: str, game_id: str) -> float:
    """The estimated seconds of one core that one move of the agent ``spec`` costs in ``game_id`` (an upper-end
    figure: early in the game, where playouts are longest). A spec that does not parse costs nothing here (the
    spec check refuses it)."""
    name, params = parse_agent_spec(spec)
    if name in LEVEL_NAMES:
        if params:
            return 0.0  # refused by level_spec
        return move_seconds(level_spec(name, game_id), game_id)
    if name == "learned":
        return LEARNED
    if name != "ismcts":
        return CHEAP
    seconds = params.get("time", 0)
    if isinstance(seconds, int | float) and not isinstance(seconds, bool) and seconds > 0:
        return float(seconds)
    figures = PLAYOUTS.get(game_id, DEFAULT)
    iterations = params.get("iterations", 1000)
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        return 0.0
    rollout = params.get("rollout", "random")
    per_action = figures.heuristic if rollout == "heuristic" else figures.random
    if params.get("opponents") == "heuristic":
        per_action = max(per_action, figures.model)
    depth = params.get("depth", 0)
    actions = figures.length
    if isinstance(depth, int) and not isinstance(depth, bool) and depth > 0:
        actions = min(depth, figures.length)
    playout = per_action * actions
    if params.get("search") == "flat":
        return iterations * (figures.options * playout + figures.determinize)
    return iterations * (playout + figures.determinize + TREE_ITERATION)
