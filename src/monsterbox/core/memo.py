"""Values derived from a card set (action tables, look-ups, castability tables), made once per card set and kept for
a bounded number of card sets.

A card set is parsed from a card file, and a card file may come from anyone (the server's practice tables take one
as data): a cache holding every card set it ever saw grows without end, and one keyed by ``id`` alone may hand a
freed card set's values to a new one that happens to get its address. ``CardSetMemo`` keys by identity, keeps the
card set in its entry (so the check ``entry[0] is cards`` makes an address reused by another object a miss), and
forgets the oldest entry past ``KEPT`` (the shipped card sets are simply made again when needed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: card sets (with their other arguments) a memo keeps values for
KEPT = 32


class CardSetMemo(Generic[T]):
    """``build(owner, *args)`` made once per ``owner`` (by identity) and ``args`` (small hashable values such as a
    player count), for the ``kept`` latest made."""

    __slots__ = ("build", "entries", "kept")

    def __init__(self, build: Callable[..., T], kept: int = KEPT) -> None:
        self.build = build
        self.kept = kept
        self.entries: dict[tuple[Any, ...], tuple[Any, T]] = {}

    def get(self, owner: Any, *args: Any) -> T:
        key = (id(owner), *args)
        entries = self.entries
        hit = entries.get(key)
        if hit is not None and hit[0] is owner:
            return hit[1]
        value = self.build(owner, *args)
        entries.pop(key, None)  # a freed owner's entry at the same address: made again, now the newest
        if len(entries) >= self.kept:
            del entries[next(iter(entries))]  # the oldest made
        entries[key] = (owner, value)
        return value

    def __len__(self) -> int:
        return len(self.entries)
