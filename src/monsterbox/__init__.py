"""monsterbox: four monster-themed tabletop card games, playable and studyable.

Public contract (see DESIGN.md)::

    import monsterbox
    g = monsterbox.new_game("inn", players=4, seed=7)
    while not g.over:
        g.play(g.legal_actions()[0])
    g.result()
"""

# the four games register themselves with the registry (core knows no game)
import monsterbox.games  # noqa: E402, F401, I001
from monsterbox.core import (
    GAME_IDS,
    CardFileError,
    Game,
    IllegalAction,
    InvalidOptions,
    MonsterboxError,
    RecordError,
    new_game,
    replay,
)
from monsterbox.core.version import __version__

__all__ = [
    "GAME_IDS",
    "CardFileError",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "MonsterboxError",
    "RecordError",
    "__version__",
    "new_game",
    "replay",
]

from monsterbox._gymhook import install as _install_gym_ids  # noqa: E402

_install_gym_ids()  # gymnasium.make("monsterbox/Inn-v0") works once monsterbox is imported (rl extra)
