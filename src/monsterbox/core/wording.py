"""Shared pieces of every game's wording layer (``games/<id>/text.py``): seat names, "you" and "Ada" forms, counts.

Every event has two forms written out in full, one for its reader ("You drop out") and one for anyone else
("{who} drops out"): no string surgery on verbs, so both read right in every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from monsterbox.core.i18n import _, elide, language, ngettext, pgettext

Names = Sequence[str] | None


def seat_name(seat: int, names: Names = None) -> str:
    """The name a seat goes by: its given name ("Ada", "Bot 2 (heuristic)"), else "Player 3" for seat 2, as
    ``seat_names`` names a seat nobody named."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Player {seat}").format(seat=seat + 1)


#: "a" before a word said with a vowel sound; not before "one", "uni...", "use...", "Eu..." (said "w", "y")
_A_BEFORE_VOWEL = re.compile(r"(?<![\w'’])([Aa]) (?=[AEIOUaeiou])(?!one\b|[Uu]ni|[Uu]s[eu]|[Ee]u)")


def articles(text: str) -> str:
    """English indefinite articles made right where a name was filled in: "puts a {monster}" with "Orc" gives
    "puts an Orc" (other languages: unchanged; French articles and genders are in the translations, and "de"
    before a vowel is elided by ``elide``)."""
    if language() != "en":
        return text
    return _A_BEFORE_VOWEL.sub(lambda m: m.group(1) + "n ", text)


def grammar(text: str) -> str:
    """The grammar fixes of a sentence with names filled in, in the language in force: "a"/"an" (English), "de"/"d'"
    (French). Every told sentence goes through it (``say``); plurals go through ``count`` (ngettext)."""
    return articles(elide(text))


def agent_words(spec: str) -> str:
    """A bot's agent in the reader's language: the named levels and agents translated, a spec with parameters as
    it was given."""
    named = {"easy": pgettext("agent", "easy"), "medium": pgettext("agent", "medium"),
             "hard": pgettext("agent", "hard"), "expert": pgettext("agent", "expert"),
             "learned": pgettext("agent", "learned"), "random": pgettext("agent", "random"),
             "heuristic": pgettext("agent", "heuristic")}
    return named.get(spec, spec)


def seat_names(seats: Sequence[Mapping[str, Any]], reader: int | None = None) -> list[str]:
    """The one naming of a table's seats, used by play, replay, review, the server (and so the browser): the name a
    human gave; else "You" for the reader's own seat; a bot "Bot 2 (hard)"; anyone else "Player 1" (seats counted
    from 1). ``seats``: per seat ``{"kind": "human" | "bot" | "open", "name"?, "agent"?}`` (``record_seats``)."""
    out = []
    for i, s in enumerate(seats):
        if s.get("name"):
            out.append(str(s["name"]))
        elif s.get("kind") == "bot":
            out.append(_("Bot {seat} ({agent})").format(seat=i + 1, agent=agent_words(s.get("agent", "?"))))
        elif i == reader:
            out.append(_("You"))
        else:
            out.append(_("Player {seat}").format(seat=i + 1))
    return out


def table_seats(players: int, seat: int | None, bots: Sequence[str], name: str | None = None) -> list[dict[str, Any]]:
    """The seats of a terminal table: the human at ``seat`` (named ``name`` if given), ``bots`` (agent specs) at the
    others in order."""
    specs = iter(bots)
    out: list[dict[str, Any]] = []
    for p in range(players):
        if p == seat:
            out.append({"kind": "human", "name": name} if name else {"kind": "human"})
        else:
            out.append({"kind": "bot", "agent": next(specs, "?")})
    return out


def record_seats(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A record's seats: its ``seats`` (written since issue 26), else, for an older record, those of its terminal
    ``table`` (seat, bots, name), else every seat a player."""
    players = int(record.get("players", 0))
    seats = record.get("seats")
    if isinstance(seats, list) and len(seats) == players and all(isinstance(s, dict) for s in seats):
        return [dict(s) for s in seats]
    table = record.get("table")
    if isinstance(table, dict) and isinstance(table.get("seat"), int) and isinstance(table.get("bots"), list):
        bots = [str(b) for b in table["bots"]]
        if len(bots) == 1:
            bots = bots * (players - 1)
        name = table.get("name") if isinstance(table.get("name"), str) else None
        return table_seats(players, table["seat"], bots, name)
    return [{"kind": "human"} for _ in range(players)]


def labelled(label: str, text: str) -> str:
    """"Label: text" with the language's punctuation ("Label : text" in French, a space before the colon)."""
    return _("{label}: {text}").format(label=label, text=text)


def percent(x: float) -> str:
    """A share as a whole percentage in the language in force: "45%", "45 %" in French (Babel's CLDR pattern)."""
    from babel.numbers import format_percent

    return str(format_percent(x, locale=language()))


def decimal(x: float) -> str:
    """A number with its decimals in the language in force: "88.2", "88,2" in French (Babel's CLDR pattern)."""
    from babel.numbers import format_decimal

    return str(format_decimal(x, locale=language()))


def capitalise(sentence: str) -> str:
    """First letter up ("the dummy takes..." -> "The dummy takes..."), the rest untouched."""
    return sentence[:1].upper() + sentence[1:]


def say(seat: int | None, you: int | None, names: Names, you_form: str, other_form: str, **fields: Any) -> str:
    """One event told to its reader: ``you_form`` when the acting seat is the reader, else ``other_form`` with
    ``{who}`` the seat's name. Both forms are msgids marked with ``N_`` at the call site and translated here."""
    if seat is not None and seat == you:
        return capitalise(grammar(_(you_form).format(**fields)))
    who = seat_name(seat, names) if seat is not None else ""
    return capitalise(grammar(_(other_form).format(who=who, **fields)))


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
