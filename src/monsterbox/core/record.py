"""Replay records: rebuild a game from its record, every action re-checked against the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monsterbox.core.errors import IllegalAction, MonsterboxError, RecordError

if TYPE_CHECKING:
    from monsterbox.core.game import Game

_REQUIRED = {"game_id": str, "players": int, "seed": int, "actions": list}


def verify_deal(record: dict[str, Any]) -> bool | None:
    """Whether a record's seed matches the commitment a server published before the deal (sha256 of the seed's
    decimal text); None when the record carries no commitment."""
    import hashlib

    expected = record.get("seed_commitment")
    if not isinstance(expected, str):
        return None
    return hashlib.sha256(str(record.get("seed")).encode()).hexdigest() == expected


def replay(record: dict[str, Any]) -> Game:
    """Rebuild the game of ``record``. Raises RecordError naming the first problem found."""
    from monsterbox.core.game import RECORD_FORMAT
    from monsterbox.core.registry import new_game

    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object, got {kind}", kind=type(record).__name__)
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError("not a monsterbox record: format is {format}", format=repr(record.get("format")))
    for key, typ in _REQUIRED.items():
        if key not in record:
            raise RecordError("record has no {key} field (required: {required})", key=repr(key),
                              required=", ".join(_REQUIRED))
        value = record[key]
        if not isinstance(value, typ) or isinstance(value, bool):
            raise RecordError("record field {key} must be a {kind}, got {value}", key=repr(key), kind=typ.__name__,
                              value=repr(value))
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("record field 'options' must be an object, got {value}", value=repr(options))
    try:
        game = new_game(record["game_id"], record["players"], record["seed"], options)
    except MonsterboxError as exc:
        raise RecordError("record cannot start its game: {error}", error=exc) from exc
    for i, action in enumerate(record["actions"]):
        try:
            game.play(action)
        except IllegalAction as exc:
            raise RecordError("action #{index} {action} does not re-check: {error}", index=i, action=repr(action),
                              error=exc) from exc
    expected = record.get("result")
    if expected is not None:
        if not game.over:
            raise RecordError("record has a result but its actions do not finish the game")
        got = game.result()
        for key in ("scores", "winners"):
            if key in expected and expected[key] != got[key]:
                raise RecordError("record's {key} {expected} differ from the replayed {got}", key=key,
                                  expected=expected[key], got=got[key])
    return game
