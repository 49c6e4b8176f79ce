"""Action tables: stable string ids <-> small integer codes, one table per card set and player count."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from monsterbox.core.memo import CardSetMemo


@dataclass
class ActionTable:
    """``names[code]`` is an action id; ``ops[code]`` is ``(op, a, b)``; ``index`` maps ``(op, a, b)`` to a code."""

    names: list[str] = field(default_factory=list)
    codes: dict[str, int] = field(default_factory=dict)
    ops: list[tuple[int, int, int]] = field(default_factory=list)
    index: dict[tuple[int, int, int], int] = field(default_factory=dict)

    def add(self, name: str, op: int, a: int = -1, b: int = -1) -> None:
        self.index[(op, a, b)] = len(self.names)
        self.codes[name] = len(self.names)
        self.names.append(name)
        self.ops.append((op, a, b))


def _build(cards: Any, builder: Callable[[Any, int], ActionTable], players: int) -> ActionTable:
    return builder(cards, players)


_cache: CardSetMemo[ActionTable] = CardSetMemo(_build)


def cached_table(builder: Callable[[Any, int], ActionTable], cards: Any, players: int) -> ActionTable:
    """The table ``builder(cards, players)`` builds, built once per card set (by identity) and player count, for
    the latest card sets (``core.memo``)."""
    return _cache.get(cards, builder, players)
