"""Shared pieces of every game's wording layer (``games/<id>/text.py``): seat names, "you" and "Ada" forms, counts.

Every event has two forms written out in full, one for its reader ("You drop out") and one for anyone else
("{who} drops out"): no string surgery on verbs, so both read right in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monsterbox.core.i18n import _, ngettext

Names = Sequence[str] | None


def seat_name(seat: int, names: Names = None) -> str:
    """The name a seat goes by: its given name ("Ada", "Bot 2 (heuristic)"), else "Seat 2"."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat {n}").format(n=seat)


def capitalise(sentence: str) -> str:
    """First letter up ("the dummy takes..." -> "The dummy takes..."), the rest untouched."""
    return sentence[:1].upper() + sentence[1:]


def say(seat: int | None, you: int | None, names: Names, you_form: str, other_form: str, **fields: Any) -> str:
    """One event told to its reader: ``you_form`` when the acting seat is the reader, else ``other_form`` with
    ``{who}`` the seat's name. Both forms are msgids marked with ``N_`` at the call site and translated here."""
    if seat is not None and seat == you:
        return capitalise(_(you_form).format(**fields))
    who = seat_name(seat, names) if seat is not None else ""
    return capitalise(_(other_form).format(who=who, **fields))


def count(n: int, singular: str, plural: str) -> str:
    """``count(3, "{n} gem", "{n} gems")`` -> "3 gems", by the language's plural rule."""
    return ngettext(singular, plural, n).format(n=n)


def unknown_event(event: dict[str, Any]) -> str:
    """The fallback for an event a wording layer does not know yet: words, never a dict; tests flag its use."""
    kind = str(event.get("type", "?")).replace("_", " ")
    return _("(something happened: {kind})").format(kind=kind)
