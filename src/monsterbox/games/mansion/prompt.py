"""Monster Mansion's decisions in words: which kind of decision the table waits for, and the one line that names
it and its object ("Choose how to pay for Cthulhu (yellow) (2 yellow + 1 blue)") for the seat to play, or whom the
table waits for ("Waiting for Bot 2 (hard): paying for Cthulhu (yellow)") for the others. Wording only, from a view.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import _
from monsterbox.core.wording import Names, ask, count
from monsterbox.games.mansion.cards import MansionCards
from monsterbox.games.mansion.state import DECISION_KINDS
from monsterbox.games.mansion.text import actor_label, chamber_label, cost_text, find_actor, lookup

__all__ = ["CONTINUES", "DECISION_KINDS", "UNDOABLE_EVENTS", "decision_kind", "prompt"]

#: the decision kinds that go on with a choice the same seat began (a payment, one skull at a time): a front
#: end builds the whole choice on a copy, with a way back (core/choice.py)
CONTINUES: frozenset[str] = frozenset({"payment"})
#: events a step of such a choice may cause and still be taken back: none (any event commits the steps so far)
UNDOABLE_EVENTS: frozenset[str] = frozenset()


def decision_kind(v: dict[str, Any]) -> str:
    """The kind of decision the seat to play faces (one of ``DECISION_KINDS``), "" when the game is over: the
    public phase (MM Turn Order, Take Skulls, Casting and its payments, the dummy's turn, The Black Lagoon)."""
    phase = str(v.get("phase", "over"))
    return phase if phase in DECISION_KINDS else ""


def _paying_for(v: dict[str, Any], cards: MansionCards | None) -> tuple[str, str]:
    """(what is being paid for, its cost) in words."""
    pending = v.get("paying_for") or {}
    if "chamber" in pending:
        x = lookup(cards).chamber.get(pending["chamber"])
        label = chamber_label(x.model_dump()) if x else _("a chamber")
        return _("the chamber {chamber}").format(chamber=label), _("2 skulls of any colour")
    a = find_actor(v, str(pending.get("actor", "")), cards)
    if a is None:
        return _("an actor"), "?"
    return actor_label(a), cost_text(a["cost"])


def prompt(v: dict[str, Any], names: Names = None, cards: MansionCards | None = None) -> str:
    """The decision of the view's seat in one line, or whom the table waits for and on what."""
    kind = decision_kind(v)
    left = int(v.get("skulls_to_take") or 0)
    if kind == "turn_order":
        return ask(v, names, _("Choose a turn-order tile: tickets back and skulls to take"),
                   _("choosing a turn-order tile"))
    if kind == "take_skulls":
        n = count(left, "{n} skull", "{n} skulls")
        return ask(v, names, _("Take {n} from the audition").format(n=n),
                   _("taking {n} from the audition").format(n=n))
    if kind == "casting":
        return ask(v, names, _("Casting: cast or reserve an actor, add a chamber, use an ability, or end your turn"),
                   _("casting"))
    if kind == "payment":
        what, cost = _paying_for(v, cards)
        return ask(v, names, _("Choose how to pay for {what} ({cost})").format(what=what, cost=cost),
                   _("paying for {what}").format(what=what))
    if kind == "dummy_actor":
        return ask(v, names, _("The dummy's turn: choose the actor the dummy takes from the audition"),
                   _("choosing the dummy's actor"))
    if kind == "dummy_skulls":
        n = count(left, "{n} skull", "{n} skulls")
        return ask(v, names, _("The dummy's turn: discard {n} from the audition").format(n=n),
                   _("discarding the dummy's skulls"))
    if kind == "black_lagoon":
        return ask(v, names, _("The Black Lagoon Monster: give one of your tickets to another player, or none"),
                   _("choosing whether to give a ticket (The Black Lagoon Monster)"))
    return ask(v, names, "", "")
