"""Reading card files (TOML or JSON) and the ``cards`` game option, shared by every game."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from monsterbox.core.errors import CardFileError, InvalidOptions

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


def cards_option(spec: Any, parse: Callable[[Any, str], T], data_kinds: tuple[type, ...] = (dict,)) -> T:
    """The ``cards`` option: a path to a card file, or the card file's content; errors become InvalidOptions."""
    try:
        if isinstance(spec, str):
            return parse(read_card_file(spec), spec)
        if isinstance(spec, data_kinds):
            return parse(spec, "option 'cards'")
    except CardFileError as exc:
        raise InvalidOptions(exc.template, **exc.fields) from None
    raise InvalidOptions(f"option cards must be a file path or the card file's content, got {spec!r}")


def validate_entry(model: Any, raw: Any, what: str, i: int, source: str) -> Any:
    """One card-file entry validated by a pydantic ``model``; errors name the entry (number and id) and the field."""
    from pydantic import ValidationError

    name = f"{what} entry {i + 1}" + (f" (id {raw.get('id')!r})" if isinstance(raw, dict) and "id" in raw else "")
    if not isinstance(raw, dict):
        raise CardFileError("{source}: {entry}: must be a table of fields, got {value}", source=source, entry=name,
                            value=repr(raw))
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(entry)"
        raise CardFileError("{source}: {entry}: field '{field}': {error}", source=source, entry=name, field=loc,
                            error=err["msg"]) from None
