"""How good a move was, as chess sites tell it: the win chance it lost against the best option (``loss``, from the
review's estimates), a tier by the loss it surely lost (inaccuracy, mistake, blunder: ``loss_bound``, the bound of
the paired interval the review's verdict is taken on, when the review gives it), an accuracy figure per player (each
move's accuracy from its loss, averaged), and why the better move was better, in words. A decision is flagged when it
has a tier: that is the review's only notion of a bad move."""

from __future__ import annotations

import math
from typing import Any

from monsterbox.core.i18n import N_, _
from monsterbox.core.wording import percent

#: (tier, the smallest win-chance loss in it), worst first: a loss of 20 points or more is a blunder
TIERS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
TIER_NAMES = {"blunder": N_("blunder"), "mistake": N_("mistake"), "inaccuracy": N_("inaccuracy")}


def tier(loss: float) -> str:
    """The tier of a move that lost ``loss`` win chance (0 to 1) against the best option; "" for a good move."""
    for name, least in TIERS:
        if loss >= least:
            return name
    return ""


def move_accuracy(loss: float) -> float:
    """A move's accuracy from 0 to 100 by the win chance it lost (lichess's curve over win-chance points):
    100 for the best move, about 80 for 5 points lost, 42 for 20, near 0 past 60."""
    points = max(0.0, loss) * 100
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


def accuracy(losses: list[float]) -> float | None:
    """A player's accuracy: the mean of its moves' accuracies (None without a decision), one decimal."""
    if not losses:
        return None
    return round(sum(move_accuracy(x) for x in losses) / len(losses), 1)


def counts(entries: list[dict[str, Any]]) -> dict[str, int]:
    """How many decisions fell in each tier."""
    return {name: sum(1 for e in entries if e.get("tier") == name) for name, _least in TIERS}


def why(entry: dict[str, Any]) -> str:
    """Why the best move was better, in words, from the two moves' texts and estimates: "Better: Drop out: take
    2 gold coins and Troll 20 (win chance 61% instead of 38%)", and, where the flag was confirmed with playouts to the
    end (``to_end``), the loss that surely holds there too. "" for a good move."""
    if not entry.get("tier"):
        return ""
    best = entry.get("best_text") or entry.get("best", "")
    if entry.get("close"):
        text = _("Better: {best} (win chance {before} instead of {after}, about {lost} points lost: a close call)")
    else:
        text = _("Better: {best} (win chance {before} instead of {after}, {lost} points lost)")
    text = text.format(best=best, before=percent(entry["before"]), after=percent(entry["after"]),
                       lost=round(entry["loss"] * 100))
    end = entry.get("to_end")
    if end:  # the review's playouts were cut, and the flag held with every playout to the end (review.assess)
        text += ". " + _("Played out to the end of the game, this move still loses at least {lost} points").format(
            lost=max(1, round(end["loss_bound"] * 100)))
    return text


def grade(review: dict[str, Any]) -> None:
    """Add each decision's ``tier`` (by ``loss_bound`` when given, else ``loss_low``, else ``loss``), ``flagged``
    and ``why``, and the review's ``accuracy`` and ``tiers`` (counts), in place."""
    for e in review["decisions"]:
        e["tier"] = tier(float(e.get("loss_bound", e.get("loss_low", e["loss"]))))
        e["flagged"] = bool(e["tier"])
        e["why"] = why(e)
    review["accuracy"] = accuracy([float(e["loss"]) for e in review["decisions"]])
    review["tiers"] = counts(review["decisions"])
