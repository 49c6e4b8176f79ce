"""Named strengths per game: ``easy``, ``medium``, ``hard``, ``expert``, each an agent spec.

A level is usable anywhere an agent name is (``--bots hard``, ``--agents expert,medium,medium,medium``, a server
seat): ``make_agent`` resolves it for the game being played. The specs are calibrated with the arena (the ladders
in ``docs/results/ladder-<game>.md``): ``easy`` is the game's heuristic bot playing 35% of its decisions at random
(10% in the cooperative Monster, where 35% makes a team lose every game), ``medium`` the heuristic bot, ``hard``
and ``expert`` ISMCTS with budgets chosen per game so that an ``expert`` move costs at most about 1.2 s of one core
(measured per game in the ladders).

A level takes no parameters of its own; ``hard:iterations=50`` is refused (write the ISMCTS spec instead).
"""

from __future__ import annotations

from monsterbox.core.errors import InvalidOptions

LEVEL_NAMES = ("easy", "medium", "hard", "expert")

EASY = "heuristic:noise=0.35"
MEDIUM = "heuristic"

#: game id -> level -> agent spec
LEVELS: dict[str, dict[str, str]] = {
    "inn": {"easy": EASY, "medium": MEDIUM,
            "hard": "ismcts:iterations=400",
            "expert": "ismcts:iterations=2000"},
    "maker": {"easy": EASY, "medium": MEDIUM,
              "hard": "ismcts:iterations=150:rollout=heuristic:depth=60:order=heuristic",
              "expert": "ismcts:iterations=500:rollout=heuristic:depth=60:order=heuristic"},
    "mansion": {"easy": EASY, "medium": MEDIUM,
                "hard": "ismcts:iterations=120:rollout=heuristic:depth=40:order=heuristic",
                "expert": "ismcts:iterations=500:rollout=heuristic:depth=40:order=heuristic"},
    # cooperative: the levels are the strength of the bot teammates; noise 0.35 makes a team lose every game
    "monster": {"easy": "heuristic:noise=0.1", "medium": MEDIUM,
                "hard": "ismcts:iterations=150:rollout=heuristic:depth=40:order=heuristic",
                "expert": "ismcts:iterations=600:rollout=heuristic:depth=40:order=heuristic"},
}


def level_spec(level: str, game_id: str, params: dict[str, object] | None = None) -> str:
    """The agent spec behind ``level`` in ``game_id``; a clear error for an unknown game or extra parameters."""
    if params:
        raise InvalidOptions(f"level {level!r} takes no parameters (got {', '.join(params)}); "
                             f"write the agent spec instead, e.g. {LEVELS.get(game_id, LEVELS['inn'])[level]!r}")
    table = LEVELS.get(game_id)
    if table is None:
        raise InvalidOptions(f"no levels for game {game_id!r}; games with levels: {', '.join(LEVELS)}")
    return table[level]


def describe_levels(game_id: str) -> list[tuple[str, str]]:
    """(level, spec) pairs of a game, weakest first."""
    return [(lv, level_spec(lv, game_id)) for lv in LEVEL_NAMES]
