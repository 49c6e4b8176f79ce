"""Shared pieces of every game's wording layer (``games/<id>/text.py``): seat names, "you" and "Ada" forms, counts.

Every event has two forms written out in full, one for its reader ("You drop out") and one for anyone else
("{who} drops out"): no string surgery on verbs, so both read right in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monsterbox.core.i18n import _, elide, ngettext

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
        return capitalise(elide(_(you_form).format(**fields)))
    who = seat_name(seat, names) if seat is not None else ""
    return capitalise(elide(_(other_form).format(who=who, **fields)))


def count(n: int, singular: str, plural: str) -> str:
    """``count(3, "{n} gem", "{n} gems")`` -> "3 gems", by the language's plural rule."""
    return ngettext(singular, plural, n).format(n=n)


def unknown_event(event: dict[str, Any]) -> str:
    """The fallback for an event a wording layer does not know yet: words, never a dict; tests flag its use."""
    kind = str(event.get("type", "?")).replace("_", " ")
    return _("(something happened: {kind})").format(kind=kind)


def common_refusal(code: str, label: str | None) -> str:
    """The refusals every game shares, told to the player: not a move of this game, the game is over, or a real move
    that is not among the choices of this moment (``label``: the move in words, when it could be worded)."""
    if code == "unknown":
        return _("That is not a move of this game: choose one of the numbered choices.")
    if code == "over":
        return _("The game is over: no move can be played.")
    if label:
        return _("{choice}: not one of your choices at this moment.").format(choice=label.rstrip("."))
    return _("That is not one of your choices at this moment.")


def worded(describe: Any, v: dict[str, Any], action: str, names: Names, cards: Any) -> str | None:
    """``describe(v, action, names, cards)`` when it words the action (a refused move may name a card that is not on
    the table any more); None when it cannot, so no id is ever shown."""
    try:
        label = describe(v, action, names, cards)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None
    return label if isinstance(label, str) and label and label != action else None


def ask(v: dict[str, Any], names: Names, question: str, doing: str) -> str:
    """A decision's prompt told to the view's seat: ``question`` (already in words) when that seat is to play,
    else "Waiting for Bot 2 (hard): {doing}" (``doing``: the same decision as the others see it, "bidding for
    Troll 20"); "The game is over." when nobody is to play."""
    seat, to_play = v.get("seat"), v.get("to_play")
    if to_play is None:
        return _("The game is over.")
    if seat == to_play:
        return capitalise(question)
    return elide(_("Waiting for {who}: {doing}").format(who=seat_name(to_play, names), doing=doing))
