"""Reading card files (TOML or JSON) and the ``cards`` game option, shared by every game."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from monsterbox.core.errors import CardFileError, InvalidOptions, Phrase

T = TypeVar("T")


def read_card_file(path: str | Path) -> Any:
    """The parsed content of a card file (JSON by extension, else TOML); a clear error if it cannot be read."""
    p = Path(path)
    if not p.is_file():
        raise CardFileError("card file {path} does not exist or is not a file", path=repr(str(p)))
    kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
    try:
        text = p.read_text(encoding="utf-8")
        return json.loads(text) if kind == "JSON" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CardFileError("{path}: not valid {kind}: {error}", path=str(p), kind=kind, error=str(exc)) from None


def packaged_card_data(game_id: str) -> Any:
    """The card file shipped with monsterbox: ``monsterbox/data/<game_id>.toml``."""
    text = resources.files("monsterbox").joinpath(f"data/{game_id}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


#: card sets parsed from data, by the data's content (``parsed_card_set``): at most ``PARSED_KEPT``, the oldest
#: forgotten first
PARSED_KEPT = 16
_parsed: dict[tuple[Any, str], Any] = {}


def parsed_card_set(data: Any, parse: Callable[[Any, str], T], source: str) -> T:
    """``parse(data, source)``, remembered by the data's content (its canonical JSON) for the ``PARSED_KEPT`` latest:
    every game started with the same card file (a table's games, a table read back from the database) shares one
    card set, so what is derived from it (``core.memo.CardSetMemo``) is made once, not once a game. A file that
    does not parse raises every time (nothing is kept for it)."""
    try:
        key = (parse, json.dumps(data, sort_keys=True, separators=(",", ":")))
    except (TypeError, ValueError):  # not JSON data (a card file's TOML dates): parsed, not kept
        return parse(data, source)
    hit = _parsed.get(key)
    if hit is None:
        hit = parse(data, source)
        if len(_parsed) >= PARSED_KEPT:
            del _parsed[next(iter(_parsed))]
        _parsed[key] = hit
    return hit


def cards_option(spec: Any, parse: Callable[[Any, str], T], data_kinds: tuple[type, ...] = (dict,)) -> T:
    """The ``cards`` option: a path to a card file, or the card file's content; errors become InvalidOptions."""
    try:
        if isinstance(spec, str):
            return parse(read_card_file(spec), spec)
        if isinstance(spec, data_kinds):
            return parsed_card_set(spec, parse, "option 'cards'")
    except CardFileError as exc:
        raise InvalidOptions(exc.template, **exc.fields) from None
    raise InvalidOptions(f"option cards must be a file path or the card file's content, got {spec!r}")


#: the kinds of card-file entries, in words (catalogue messages: an error names them in the player's language)
KINDS = {"actor": Phrase("actor"), "reward": Phrase("reward"), "chamber": Phrase("chamber"),
         "mansion": Phrase("mansion"), "weapon": Phrase("weapon"), "lair": Phrase("lair"), "loot": Phrase("loot"),
         "crisis": Phrase("crisis"), "character": Phrase("character"), "adventure": Phrase("adventure"),
         "treasure": Phrase("treasure"), "creature": Phrase("creature")}


def kind(what: str) -> Phrase:
    """The kind of entry ``what`` ("actor") as a phrase of the catalogue."""
    return KINDS.get(what) or Phrase(what)


def entry_name(what: str, i: int, entry_id: Any = None) -> Phrase:
    """"actor entry 3 (id 'dracula_1')": which entry of the file is wrong, in the player's language."""
    if entry_id is None:
        return Phrase("{what} entry {n}", what=kind(what), n=i + 1)
    return Phrase("{what} entry {n} (id {id})", what=kind(what), n=i + 1, id=repr(entry_id))


def field_error(err: Any) -> str:
    """A pydantic error of a card-file field in words of the catalogue ("field required", "must be at least 1"):
    the common kinds by their type, any other by pydantic's own (English) message."""
    kind, ctx = err.get("type"), err.get("ctx") or {}
    if kind == "missing":
        return Phrase("field required")
    if kind == "extra_forbidden":
        return Phrase("not a field of this entry")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return Phrase("must be a whole number")
    if kind in ("float_parsing", "float_type"):
        return Phrase("must be a number")
    if kind in ("string_type",):
        return Phrase("must be a text")
    if kind in ("bool_parsing", "bool_type"):
        return Phrase("must be true or false")
    if kind in ("list_type",):
        return Phrase("must be a list")
    if kind == "literal_error" and "expected" in ctx:
        return Phrase("must be one of {expected}", expected=str(ctx["expected"]))
    if kind == "greater_than_equal" and "ge" in ctx:
        return Phrase("must be at least {n}", n=ctx["ge"])
    if kind == "less_than_equal" and "le" in ctx:
        return Phrase("must be at most {n}", n=ctx["le"])
    if kind == "greater_than" and "gt" in ctx:
        return Phrase("must be more than {n}", n=ctx["gt"])
    if kind == "less_than" and "lt" in ctx:
        return Phrase("must be less than {n}", n=ctx["lt"])
    return str(err.get("msg", ""))


def validate_entry(model: Any, raw: Any, what: str, i: int, source: str) -> Any:
    """One card-file entry validated by a pydantic ``model``; errors name the entry (number and id) and the field."""
    from pydantic import ValidationError

    name = entry_name(what, i, raw.get("id") if isinstance(raw, dict) and "id" in raw else None)
    if not isinstance(raw, dict):
        raise CardFileError("{source}: {entry}: must be a table of fields, got {value}", source=source, entry=name,
                            value=repr(raw))
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(entry)"
        raise CardFileError("{source}: {entry}: field '{field}': {error}", source=source, entry=name, field=loc,
                            error=field_error(err)) from None
