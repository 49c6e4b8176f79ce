"""Monster Maker's decisions in words: which kind of decision the table waits for, and the one line that names it
and its object ("A trap: keep one card, discard the rest") for the seat to play, or whom the table waits for
("Waiting for Bot 2 (hard): in a battle with the Minotaur (18)") for the others. Wording only, from a view.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import _, ngettext, or_list
from monsterbox.core.wording import Names, ask
from monsterbox.games.maker.cards import MakerCards
from monsterbox.games.maker.state import DECISION_KINDS
from monsterbox.games.maker.text import card_label, lookup

__all__ = ["CONTINUES", "DECISION_KINDS", "UNDOABLE_EVENTS", "decision_kind", "prompt"]

#: the decision kinds that go on with a choice the same seat began (discarding one card after another, then
#: Done): a front end builds the whole choice on a copy, with a way back (core/choice.py)
CONTINUES: frozenset[str] = frozenset({"discard"})
#: events a step of such a choice may cause and still be taken back (nothing learnt: no card drawn)
UNDOABLE_EVENTS: frozenset[str] = frozenset({"discard", "discard_action", "drop_treasure"})


def decision_kind(v: dict[str, Any]) -> str:
    """The kind of decision the seat to play faces (one of ``DECISION_KINDS``), "" when the game is over: the
    public phase (MM Turn, Battle, healing with a Cleric, Discard, Trap, the treasure limit)."""
    phase = str(v.get("phase", "over"))
    return phase if phase in DECISION_KINDS else ""


def _where(me: dict[str, Any], v: dict[str, Any]) -> str:
    """"on the way in (30 of 100)", "on the way back (60 of 140)"."""
    if me.get("stage") == "exiting":
        return _("on the way back ({done} of {needed})").format(done=me.get("exit", 0),
                                                                 needed=me.get("exit_needed") or 0)
    return _("on the way in ({done} of {needed})").format(done=me.get("entry", 0), needed=v.get("chest_distance", 0))


def prompt(v: dict[str, Any], names: Names = None, cards: MakerCards | None = None) -> str:
    """The decision of the view's seat in one line, or whom the table waits for and on what."""
    kind = decision_kind(v)
    to_play = v.get("to_play")
    me = v["seats"][to_play] if to_play is not None and to_play < len(v.get("seats", [])) else {}
    lk = lookup(cards)
    if kind == "turn":
        where = _where(me, v)
        return ask(v, names, _("Your turn, {where}: play a card, put a monster in a labyrinth, or discard").format(
            where=where), _("taking a turn, {where}").format(where=where))
    if kind == "battle":
        m = (v.get("battle") or {}).get("monster") or me.get("monster")
        monster = card_label(m) if m else _("a monster")
        return ask(v, names, _("Battle the {monster}: send characters, use treasures, then fight").format(
            monster=monster), _("in a battle with the {monster}").format(monster=monster))
    if kind == "heal":
        healable = (v.get("battle") or {}).get("healable") or []
        who = or_list(lk.short(c) for c in healable) if healable else _("a character")
        return ask(v, names, _("After the battle: discard a Cleric to take back {who}, or not").format(who=who),
                   _("choosing whether to heal a character"))
    if kind == "discard":
        n = int(me.get("hand_size", 0))
        held = ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
        return ask(v, names, _("Discard cards from your hand one by one, then Done ({held})").format(held=held),
                   _("discarding cards"))
    if kind == "trap":
        return ask(v, names, _("A trap: keep one card, discard the rest (or reveal a Thief)"),
                   _("resolving a trap"))
    if kind == "treasure_limit":
        droppable = (v.get("treasure_limit") or {}).get("droppable")  # the others see a count only
        which = or_list(lk.treasure_name(t) for t in droppable) if isinstance(droppable, list) and droppable \
            else _("your treasures")
        return ask(v, names, _("Three treasures: discard one ({which})").format(which=which),
                   _("discarding a treasure (three held)"))
    return ask(v, names, "", "")
