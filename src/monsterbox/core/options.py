"""Checking game options: shared by every game's ``validate_options``."""

from __future__ import annotations

from typing import Any

from monsterbox.core.errors import InvalidOptions


def check_keys(options: Any, allowed: dict[str, str], title: str) -> dict[str, Any]:
    """``options`` as a dict (None: empty); unknown keys are refused with the list of allowed ones."""
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise InvalidOptions("options must be a dict, got {kind}", kind=type(options).__name__)
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        listing = "; ".join(f"{k} ({v})" for k, v in allowed.items())
        raise InvalidOptions("unknown {game} option(s) {unknown}; allowed: {allowed}", game=title,
                             unknown=", ".join(unknown), allowed=listing)
    return options


def bool_option(options: dict[str, Any], key: str, default: bool = False) -> bool:
    v = options.get(key, default)
    if not isinstance(v, bool):
        raise InvalidOptions("option {key} must be true or false, got {value}", key=key, value=repr(v))
    return v


def seat_option(options: dict[str, Any], key: str, players: int) -> int:
    v = options[key]
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < players:
        raise InvalidOptions("option {key} must be a seat from 0 to {last}, got {value}", key=key, last=players - 1,
                             value=repr(v))
    return v
