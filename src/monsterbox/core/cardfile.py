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
        raise CardFileError(f"card file {str(p)!r} does not exist or is not a file")
    kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
    try:
        text = p.read_text(encoding="utf-8")
        return json.loads(text) if kind == "JSON" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CardFileError(f"{p}: not valid {kind}: {exc}") from None


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
        raise InvalidOptions(str(exc)) from None
    raise InvalidOptions(f"option cards must be a file path or the card file's content, got {spec!r}")


def validate_entry(model: Any, raw: Any, what: str, i: int, source: str) -> Any:
    """One card-file entry validated by a pydantic ``model``; errors name the entry (number and id) and the field."""
    from pydantic import ValidationError

    name = f"{what} entry {i + 1}" + (f" (id {raw.get('id')!r})" if isinstance(raw, dict) and "id" in raw else "")
    if not isinstance(raw, dict):
        raise CardFileError(f"{source}: {name}: must be a table of fields, got {raw!r}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(entry)"
        raise CardFileError(f"{source}: {name}: field '{loc}': {err['msg']}") from None
