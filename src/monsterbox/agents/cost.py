"""What one move of an agent costs, estimated from its spec before it ever runs: the server refuses a spec whose
move would not fit its per-move budget (``server/bots.py``), instead of starting searches that can only be cut.

The model counts playouts. A search move is ``iterations`` playouts (tree search) or ``iterations`` times the
number of options at the root (flat search, every option played out in every world), each playout costing the
game's full playout from the start of a game (the longest a playout gets) under the rollout policy, cut to ``depth``
actions when a depth is given, plus a determinization. The per-game figures below were measured on one core of the
development machine (8 seeded playouts at each player count, the largest kept, rounded up); they are upper-end
figures for the first moves of a game, where playouts are longest. ``time=<s>`` agents cost their time; the game's
heuristic bot and the random agent cost a few milliseconds at most.
"""

from __future__ import annotations

from dataclasses import dataclass

from monsterbox.agents.levels import LEVEL_NAMES, level_spec
from monsterbox.agents.registry import parse_agent_spec


@dataclass(frozen=True)
class PlayoutCost:
    """One game's figures, in seconds of one core per search iteration early in a game: a whole playout with random
    moves, with heuristic moves, and with random moves for the searching seat while the heuristic bot plays the
    others (``opponents=heuristic``); the length of a whole playout in actions; the number of options at an early
    decision (a flat search plays out each); and one determinization."""

    random: float
    heuristic: float
    model: float
    length: int
    options: int
    determinize: float = 0.001


#: measured at the largest player count of each game (ISMCTS and flat search, the worst of each game's first moves
#: over two deals, about a third added); Maker's 6-player playouts run about 2,000 actions
PLAYOUTS: dict[str, PlayoutCost] = {
    "inn": PlayoutCost(random=0.0006, heuristic=0.004, model=0.0013, length=120, options=3),
    "maker": PlayoutCost(random=0.075, heuristic=0.045, model=0.06, length=2000, options=6, determinize=0.003),
    "mansion": PlayoutCost(random=0.05, heuristic=0.038, model=0.013, length=275, options=6),
    "monster": PlayoutCost(random=0.0025, heuristic=0.013, model=0.006, length=130, options=21),
}
#: a game without figures (a toy game in tests, a new game) is costed as the dearest known one
DEFAULT = PlayoutCost(random=0.075, heuristic=0.045, model=0.06, length=2000, options=21, determinize=0.003)
#: the game's heuristic bot or the random agent: one policy call, well under this
CHEAP = 0.01
#: the learned policy (``rl.qnet``): the seat's view encoded, then one small network over the legal actions, with
#: numpy; measured at most about 2 ms a move in every game (Mansion's view is the dearest), rounded up
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
    playout = figures.heuristic if rollout == "heuristic" else figures.random
    if params.get("opponents") == "heuristic":
        playout = max(playout, figures.model)
    depth = params.get("depth", 0)
    if isinstance(depth, int) and not isinstance(depth, bool) and depth > 0:
        playout *= min(1.0, depth / figures.length)
    if params.get("search") == "flat":
        return iterations * (figures.options * playout + figures.determinize)
    return iterations * (playout + figures.determinize)
