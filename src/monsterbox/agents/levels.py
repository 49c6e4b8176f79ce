"""Named strengths per game: ``easy``, ``medium``, ``hard``, ``expert``, each an agent spec.

A level is usable anywhere an agent name is (``--bots hard``, ``--agents expert,medium,medium,medium``, a server
seat): ``make_agent`` resolves it for the game being played. The specs are calibrated with the arena (the ladders
in ``docs/results/ladder-<game>.md``: one seat of a level against three of the level below, seats rotated, each
level's 95% interval of win rate above the fair share 25%; in the cooperative Monster, team success rates of whole
teams). ``easy`` is the game's heuristic bot playing 35% of its decisions at random (10% in the cooperative
Monster, where 35% makes a team lose every game), ``medium`` the heuristic bot, ``hard`` and ``expert`` ISMCTS with
budgets per game; in the competitive games they model the other seats by the heuristic bot
(``opponents=heuristic``: the search tree holds only the bot's own decisions), which is what made search beat the
heuristic bot clearly in Monster Inn and Maker. In the cooperative Monster ``hard`` and ``expert``, and the
``expert`` of Monster Inn and Maker, are flat Monte Carlo over paired determinizations (``search=flat``: every
option played out by the heuristic bots from the same sampled worlds, then the game's estimate), a one-step
improvement of the heuristic bot;
in Monster over 8 or 32 worlds, 20 actions deep, with the fitted team-success estimate: the tree search compared
options over different worlds, where the luck of the hidden cards drowned the difference between moves, and its
teams did not beat the heuristic team. An ``expert`` move costs
well under 2 s of one core (measured in the ladders).

A level takes no parameters of its own; ``hard:iterations=50`` is refused (write the ISMCTS spec instead).

``learned`` is a level beside the ladder, not a step of it: the policy learned by self-play for the game
(``rl.qnet``, trained by ``monsterbox train``; its figures in ``docs/results/learned-<game>.md``). ``LEVEL_NAMES``
stays the ladder easy < medium < hard < expert; ``LEVEL_CHOICES`` is what a player may pick (the ladder, then
``learned``), and ``LEVELS`` holds every level of ``LEVEL_CHOICES``.
"""

from __future__ import annotations

from monsterbox.core.errors import InvalidOptions

#: the ladder, weakest first
LEVEL_NAMES = ("easy", "medium", "hard", "expert")
#: the learned baseline: a level and the agent kind ``learned`` (``learned:path=<file>`` for another weights file)
LEARNED = "learned"
#: every level a player may choose: the ladder, then the learned policy
LEVEL_CHOICES = (*LEVEL_NAMES, LEARNED)

EASY = "heuristic:noise=0.35"
MEDIUM = "heuristic"

#: game id -> level -> agent spec
LEVELS: dict[str, dict[str, str]] = {
    "inn": {"easy": EASY, "medium": MEDIUM,
            "hard": "ismcts:iterations=100:opponents=heuristic",
            # flat over 200 paired worlds with the heuristic bot as every seat's continuation: against 3 medium 95.8%
            # (46 of 48, seed 7100) where the tree search with 500 iterations won 89.6% on the same deals; of the
            # review's own kind, so the review does not flag its moves (docs/results/review-agreement.md)
            "expert": "ismcts:search=flat:iterations=200:rollout=heuristic", LEARNED: LEARNED},
    "maker": {"easy": EASY, "medium": MEDIUM,
              "hard": "ismcts:iterations=60:rollout=heuristic:depth=30:order=heuristic:opponents=heuristic",
              # flat over 100 paired worlds: against 3 hard 20 of 48 games (41.7%) where the tree search with 300
              # iterations won 12 of 36, against 3 heuristic bots 58.3% (24 games) against 46.9%, at less CPU
              "expert": "ismcts:search=flat:iterations=100:rollout=heuristic:depth=30", LEARNED: LEARNED},
    "mansion": {"easy": EASY, "medium": MEDIUM,
                "hard": "ismcts:iterations=40:rollout=heuristic:depth=40:order=heuristic",
                "expert": "ismcts:iterations=300:rollout=heuristic:depth=40", LEARNED: LEARNED},
    # cooperative: the levels are the strength of the bot teammates; noise 0.35 makes a team lose every game
    "monster": {"easy": "heuristic:noise=0.1", "medium": MEDIUM,
                "hard": "ismcts:search=flat:iterations=8:rollout=heuristic:depth=20",
                "expert": "ismcts:search=flat:iterations=32:rollout=heuristic:depth=20", LEARNED: LEARNED},
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


def describe_levels(game_id: str, choices: bool = False) -> list[tuple[str, str]]:
    """(level, spec) pairs of a game, weakest first (``choices``: with ``learned`` last)."""
    return [(lv, level_spec(lv, game_id)) for lv in (LEVEL_CHOICES if choices else LEVEL_NAMES)]
