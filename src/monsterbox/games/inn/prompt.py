"""Monster Inn's decisions in words: which kind of decision the table waits for, and the one line that names it
and its object ("Bid for Troll 20: ...") for the seat to play, or whom the table waits for ("Waiting for Bot 2
(hard): bidding for Troll 20") for the others. Wording only, from a view (public information and the seat's own).
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import _
from monsterbox.core.wording import Names, ask
from monsterbox.games.inn.cards import CardSet
from monsterbox.games.inn.state import DECISION_KINDS
from monsterbox.games.inn.text import RACE_PLURALS, card_text, treasures

__all__ = ["CONTINUES", "DECISION_KINDS", "UNDOABLE_EVENTS", "decision_kind", "prompt"]

#: no decision of Monster Inn goes on over several steps (core/choice.py): each is one move
CONTINUES: frozenset[str] = frozenset()
UNDOABLE_EVENTS: frozenset[str] = frozenset()


def decision_kind(v: dict[str, Any]) -> str:
    """The kind of decision the seat to play faces (one of ``DECISION_KINDS``), "" when the game is over: the
    public phase (R3 bidding, R5 the human bonus, R6 the support bonus)."""
    phase = str(v.get("phase", "over"))
    return phase if phase in DECISION_KINDS else ""


def prompt(v: dict[str, Any], names: Names = None, cards: CardSet | None = None) -> str:
    """The decision of the view's seat in one line, or whom the table waits for and on what."""
    kind = decision_kind(v)
    if kind == "bid":
        creature = card_text(v["tavern"][0]) if v.get("tavern") else _("the next creature")
        pool = v["pool"]
        if pool.get("kind") is None or not pool.get("count"):
            question = _("Bid for {creature}: place a gold coin or a gem, or drop out").format(creature=creature)
        else:
            question = _("Bid for {creature}: add to the pool ({pool}), exchange it, or drop out").format(
                creature=creature, pool=treasures(pool["kind"], pool["count"]))
        return ask(v, names, question, _("bidding for {creature}").format(creature=creature))
    if kind == "bonus":
        return ask(v, names, _("Human bonus: take a gold coin or a gem from the supply"),
                   _("choosing the kind of a human bonus"))
    if kind == "support":
        race = v.get("support_race")
        what = _(RACE_PLURALS[race]) if race in RACE_PLURALS else _("monsters")
        return ask(v, names, _("Support bonus: put a gold coin or a gem on one of your {race}, or none").format(
            race=what), _("choosing whether to support one of their {race}").format(race=what))
    return ask(v, names, "", "")
