"""Hints: at a decision, the suggested move and the estimated win chance of every option, from the seat's own
information only (see ``evaluate``). The terminal calls ``hint`` when the player types ``h``; the server can call it
for a seat when the table allows hints."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from monsterbox.analysis.evaluate import evaluate_options

if TYPE_CHECKING:
    from monsterbox.core.game import Game


def hint(game: Game, seat: int, samples: int | None = None, seed: int = 0, depth: int | None = None
         ) -> dict[str, Any]:
    """``{"seat", "suggestion", "value", "options": [{"action", "estimate"}...] (best first), "samples", "depth"}``
    for ``seat``, who must be the seat to play. Raises InvalidOptions (with the reason) otherwise. ``samples`` and
    ``depth``: as ``evaluate_options`` (defaults per game)."""
    ev = evaluate_options(game, seat, samples, seed, depth)
    out = ev.to_json()
    out["options"].sort(key=lambda o: -o["estimate"])  # stable: legal order among equals
    out["suggestion"] = out.pop("best")
    return out


def format_hint(h: dict[str, Any], describe: Callable[[str], str] | None = None) -> list[str]:
    """Lines for a terminal: the suggestion, then each option with its estimated win chance. With ``describe`` (the
    game's wording of an action) the lines are for a player: choices in words, in the player's language, no id;
    without it, for a developer: each option with its action id."""
    from monsterbox.core.i18n import _
    from monsterbox.core.wording import percent

    if describe is None:
        lines = [f"Hint: {h['suggestion']} (estimated win chance {h['value']:.0%}, from your information only: "
                 f"{h['samples']} samples of the hidden cards per option)"]
        for o in h["options"]:
            mark = "*" if o["action"] == h["suggestion"] else " "
            lines.append(f" {mark} {o['estimate']:>5.0%}  {o['action']}")
        return lines
    lines = [_("Hint: {choice} (estimated win chance {chance}, from your information only: {samples} samples of the "
               "hidden cards per option)").format(choice=describe(h["suggestion"]), chance=percent(h["value"]),
                                                  samples=h["samples"])]
    for o in h["options"]:
        mark = "*" if o["action"] == h["suggestion"] else " "
        lines.append(f" {mark} {percent(o['estimate']):>5}  {describe(o['action'])}")
    return lines
