"""Monster's decisions in words: which kind of decision the table waits for, and the one line that names it and
its object ("Kill with three weapons: choose weapon 2 of 3 (chosen: a Holy Water)") for the seat to play, or whom
the table waits for ("Waiting for Bot 2 (team): hunting, day 3") for the others. Wording only, from a view.

A pending action (phase ``choose``) asks its slots one at a time; its kind is the slot, told apart by the action
that asks it where that changes the decision (a three-weapon kill, storing a weapon).
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import _, or_list
from monsterbox.core.wording import Names, ask
from monsterbox.games.monster.cards import MonsterCards
from monsterbox.games.monster.state import DECISION_KINDS
from monsterbox.games.monster.text import card_name, lookup, villagers, weapons_text

__all__ = ["CONTINUES", "DECISION_KINDS", "UNDOABLE_EVENTS", "decision_kind", "prompt"]

#: the decision kinds that go on with a choice the same seat began (the pending action slots: three weapons,
#: storing, a character's targets): a front end builds the whole choice on a copy, with a way back (core/choice.py)
CONTINUES: frozenset[str] = frozenset({"three_weapons", "store_weapons", "discard_order", "choose_weapon",
                                       "choose_lair", "choose_lair_to", "choose_bank", "choose_player", "choose_cube"})
#: events a step of such a choice may cause and still be taken back (nothing learnt: no card drawn, no die rolled)
UNDOABLE_EVENTS: frozenset[str] = frozenset({"ability"})

PHASE_KINDS = {"hunt": "hunt", "arm": "arm", "loot": "loot", "crisis_discard": "crisis_discard",
               "sacrifice": "sacrifice", "character_selection": "character_selection"}
SLOT_KINDS = {"discard_order": "discard_order", "weapon": "choose_weapon", "lair": "choose_lair",
              "lair_to": "choose_lair_to", "bank": "choose_bank", "player_exhausted": "choose_player",
              "exhausted_card": "choose_player",
              "own_cube": "choose_cube"}


def _slot(v: dict[str, Any]) -> str:
    choosing = v.get("choosing") or {}
    slots, chosen = choosing.get("slots", []), choosing.get("chosen", [])
    return str(slots[len(chosen)]) if len(chosen) < len(slots) else ""


def decision_kind(v: dict[str, Any]) -> str:
    """The kind of decision the seat to play faces (one of ``DECISION_KINDS``), "" when the game is over: the
    public phase (MO Character selection, the Hunt, Arming, Loot, Crises), and in a pending action the choice it
    asks now (``choosing``, public: the table sees the action being resolved)."""
    phase = str(v.get("phase", "over"))
    if phase in PHASE_KINDS:
        return PHASE_KINDS[phase]
    if phase != "choose":
        return ""
    slot, origin = _slot(v), (v.get("choosing") or {}).get("action", "")
    if slot == "weapon" and origin == "three":
        return "three_weapons"
    if slot == "weapon" and origin == "store":
        return "store_weapons"
    return SLOT_KINDS.get(slot, "choose_weapon")


def _source(v: dict[str, Any], cards: MonsterCards | None) -> str:
    """What the pending action comes from: "your Scout" for a character's ability, else "your card"."""
    choosing = v.get("choosing") or {}
    if choosing.get("action") == "ability":
        seats = v.get("seats", [])
        p = choosing.get("seat", -1)
        ch = seats[p].get("character") if 0 <= p < len(seats) else None
        if ch:
            return card_name(ch["name"])
    if choosing.get("action") == "pass":
        return _("passing")
    return _("your card")


def prompt(v: dict[str, Any], names: Names = None, cards: MonsterCards | None = None) -> str:
    """The decision of the view's seat in one line, or whom the table waits for and on what."""
    kind = decision_kind(v)
    lk = lookup(cards)
    choosing = v.get("choosing") or {}
    stacks = [b["stack"] for b in v.get("bank", [])]
    named = [stacks[w] for w, sl in zip(choosing.get("chosen", []), choosing.get("slots", []), strict=False)
             if sl == "weapon" and isinstance(w, int) and 0 <= w < len(stacks)]
    if kind == "hunt":
        when = _("day {day}, {villagers} left").format(day=v.get("day", 1), villagers=villagers(v.get("villagers", 0)))
        return ask(v, names, _("The hunt ({when}): kill a monster, store a weapon, use an ability or a power cube, "
                               "or pass").format(when=when), _("hunting ({when})").format(when=when))
    if kind == "three_weapons":
        k = len(named) + 1
        chosen = _(" (chosen: {weapons})").format(weapons=weapons_text(named, lk)) if named else ""
        return ask(v, names, _("Kill with three weapons: choose weapon {k} of 3{chosen}").format(k=k, chosen=chosen),
                   _("choosing three weapons for a kill"))
    if kind == "store_weapons":
        question = _("Store a weapon: first the weapon to discard") if not named else \
            _("Store a weapon: now the weapon to keep face down (discarding a {weapon})").format(
                weapon=lk.w(named[0]))
        return ask(v, names, question, _("storing a weapon for tomorrow"))
    if kind == "discard_order":
        return ask(v, names, _("Put your discarded weapons on the pile one at a time: the next one (the last ends "
                               "on top)"), _("putting discarded weapons on the pile"))
    if kind in ("choose_weapon", "choose_lair", "choose_lair_to", "choose_bank", "choose_player", "choose_cube"):
        source = _source(v, cards)
        questions = {
            "choose_weapon": _("{source}: choose a weapon"),
            "choose_lair": _("{source}: choose a lair"),
            "choose_lair_to": _("{source}: choose the lair the monster moves onto"),
            "choose_bank": _("{source}: choose a stack of the weapons bank"),
            "choose_player": _("{source}: choose another player's exhausted character or item to restore"),
            "choose_cube": _("{source}: choose the stack to take your power cube back from"),
        }
        return ask(v, names, questions[kind].format(source=source), _("resolving {source}").format(
            source=source if source != _("your card") else _("a loot card")))
    if kind == "arm":
        return ask(v, names, _("Arming: put a weapon face up for all to see, or none"), _("arming a weapon"))
    if kind == "loot":
        x = v.get("loot_choice")
        loot = card_name(x["name"]) if x else _("the loot")
        n = villagers(x["villagers"]) if x else villagers(0)
        return ask(v, names, _("Loot: take {loot}, or {villagers} instead").format(loot=loot, villagers=n),
                   _("choosing loot ({loot})").format(loot=loot))
    if kind == "crisis_discard":
        return ask(v, names, _("A crisis: discard a weapon from your hand"), _("discarding a weapon (crisis)"))
    if kind == "sacrifice":
        return ask(v, names, _("For the Greater Good: give up loot items to save villagers, or keep them"),
                   _("choosing whether to give up loot items"))
    if kind == "character_selection":
        offered = v.get("offered") or []
        if offered:
            question = _("Choose your character: {characters}").format(
                characters=or_list(card_name(c["name"]) for c in offered))
        else:
            question = _("Choose your character")
        return ask(v, names, question, _("choosing a character"))
    return ask(v, names, "", "")
