"""Monster Inn in words: events, choices and cards as a player reads them (terminal, replays and the web server).

Names follow the rulebooks: the tavern (French: l'Auberge), the pool (la Réserve de Trésors), the supply (la
Réserve), humans (Humanoïdes), fame points (Renommée). Cards are told by race and combat value ("Goblin 7"), never
by their id.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.errors import CardFileError
from monsterbox.core.i18n import N_, _, and_list
from monsterbox.core.wording import Names, common_refusal, count, say, seat_name, unknown_event, worded
from monsterbox.games.inn.cards import CardSet, default_cards

RACE_NAMES = {"undead": N_("Undead"), "kobolds": N_("Kobold"), "goblins": N_("Goblin"), "orcs": N_("Orc"),
              "trolls": N_("Troll")}
RACE_PLURALS = {"undead": N_("Undead"), "kobolds": N_("Kobolds"), "goblins": N_("Goblins"), "orcs": N_("Orcs"),
                "trolls": N_("Trolls")}
COLOUR_NAMES = {"purple": N_("purple"), "orange": N_("orange"), "red": N_("red"), "green": N_("green"),
                "blue": N_("blue")}
KIND_PLURALS = {"gold": N_("gold coins"), "gem": N_("gems")}
FATES = {
    "removed unseen: no monster above it": N_("removed unseen: no monster above it"),
    "removed unseen: its monster is supported": N_("removed unseen: its monster is supported"),
    "removed: weaker than its monster": N_("removed: weaker than its monster"),
    "stays: at least as strong as its monster": N_("stays: at least as strong as its monster"),
}


def treasures(kind: str | None, n: int, zero: bool = False) -> str:
    """"3 gold coins", "1 gem", "nothing" (with ``zero``: "0 gold coins")."""
    if kind is None or (n == 0 and not zero):
        return _("nothing")
    if kind == "gold":
        return count(n, "{n} gold coin", "{n} gold coins")
    return count(n, "{n} gem", "{n} gems")


def one(kind: str) -> str:
    """"a gold coin" / "a gem"."""
    return _("a gold coin") if kind == "gold" else _("a gem")


def skulls(n: int) -> str:
    return count(n, "{n} skull", "{n} skulls")


def card_text(c: dict[str, Any], short: bool = False) -> str:
    """"Goblin 7 (2 skulls)" for a monster, "a human 11-15" face down, "Human 13 (3 skulls)" face up.

    ``short`` gives "Goblin 7 ☠2" for table cells."""
    if c.get("kind") == "monster":
        name = _("{race} {value}").format(race=_(RACE_NAMES[c["race"]]), value=c["value"])
    elif c.get("face_down", False) or "value" not in c:
        return _("human {range}").format(range=c["range"]) if short else \
            _("a face-down human ({range})").format(range=c["range"])
    else:
        name = _("Human {value}").format(value=c["value"])
    if short:
        return f"{name} \u2620{c['skulls']}"
    return f"{name} ({skulls(c['skulls'])})"


def narrate(e: dict[str, Any], you: int | None = None, names: Names = None, cards: CardSet | None = None) -> str:
    """One event as a sentence, told to seat ``you`` (None: to a spectator); ``names``: the seats' names;
    ``cards``: the game's card set (default: the packaged one)."""
    t = e["type"]
    s = e.get("seat")
    if t == "round":
        row = and_list(card_text(c) for c in e["tavern"])
        return say(e["starter"], you, names, N_("Round {round}: you lay out the tavern: {row}."),
                   N_("Round {round}: {who} lays out the tavern: {row}."), round=e["round"], row=row)
    if t == "stay":
        return say(s, you, names, N_("You stay in with {what} (the pool now holds {pool})."),
                   N_("{who} stays in with {what} (the pool now holds {pool})."),
                   what=one(e["kind"]), pool=treasures(e["kind"], e["pool"]))
    if t == "exchange":
        took = treasures(e["took"]["kind"], e["took"]["count"])
        placed = treasures(e["placed"]["kind"], e["placed"]["count"])
        return say(s, you, names, N_("You stay in by exchange: you take {took} and place {placed}."),
                   N_("{who} stays in by exchange, taking {took} and placing {placed}."), took=took, placed=placed)
    if t == "drop":
        took = treasures(e["took"]["kind"], e["took"]["count"]) if e["took"]["count"] else _("an empty pool")
        card = card_text(e["creature"])
        if e["forced"]:
            return say(s, you, names, N_("You are the last one in and must drop out, taking {took} and {card}."),
                       N_("{who} is the last one in and must drop out, taking {took} and {card}."),
                       took=took, card=card)
        return say(s, you, names, N_("You drop out, taking {took} and {card}."),
                   N_("{who} drops out, taking {took} and {card}."), took=took, card=card)
    if t == "bonus":
        if e["automatic"]:
            return say(s, you, names, N_("Human bonus: you take {what} from the supply (the only kind left)."),
                       N_("Human bonus: {who} takes {what} from the supply (the only kind left)."),
                       what=one(e["kind"]))
        return say(s, you, names, N_("Human bonus: you take {what} from the supply."),
                   N_("Human bonus: {who} takes {what} from the supply."), what=one(e["kind"]))
    if t == "support":
        label = monster_label(e["monster"], cards)
        return say(s, you, names, N_("Support bonus: you place {what} on your {monster}; it is now safe from any "
                                     "human beneath it at the end."),
                   N_("Support bonus: {who} places {what} on their {monster}; it is now safe from any human "
                      "beneath it at the end."), what=one(e["kind"]), monster=label)
    if t == "no_support":
        return say(s, you, names, N_("You give no support bonus."), N_("{who} gives no support bonus."))
    if t == "game_over":
        parts = [_("{name}: {points}").format(name=seat_name(p, names) if p != you else _("you"), points=sc)
                 for p, sc in enumerate(e["scores"])]
        return _("Last call: the game is over. Fame points: {scores}.").format(scores=and_list(parts))
    return unknown_event(e)


def readers(e: dict[str, Any]) -> tuple[int, ...] | None:
    """The seats to whom ``narrate`` may tell ``e`` otherwise than to a spectator: the seat it names as acting (told
    "you"); None for the end of the game, whose scores name every reader. Every other seat reads the spectator's
    sentence (the server words an event once for all of them; ``tests/test_words.py`` checks it)."""
    t = e["type"]
    if t == "game_over":
        return None
    return (e["starter"],) if t == "round" else (e["seat"],)


def monster_label(card_id: str, cards: CardSet | None = None) -> str:
    """A monster an event names by its id ("M7"), told by its face ("Goblin 7 (2 skulls)")."""
    cs = cards or default_cards()
    try:
        return card_text(cs.describe(cs.index(card_id)))
    except CardFileError:
        return _("a monster")


def describe_action(v: dict[str, Any], action: str, names: Names = None, cards: CardSet | None = None,
                    brief: bool = False) -> str:
    """What choosing ``action`` does, in words, from the chooser's view (``brief``: the terminal's menu form, without
    what the table beside it shows)."""
    pool = v["pool"]
    if action.startswith("stay:"):
        kind = action.split(":")[1]
        return _("Stay in: place {what} (the pool becomes {pool})").format(
            what=one(kind), pool=treasures(kind, pool["count"] + 1))
    if action == "exchange":
        other = "gem" if pool["kind"] == "gold" else "gold"
        return _("Stay in by exchange: take the {took}, place {placed}").format(
            took=treasures(pool["kind"], pool["count"]), placed=treasures(other, pool["count"] + 2))
    if action == "drop":
        if not pool["count"]:
            return _("Drop out: take {card} (the pool is empty)").format(card=card_text(v["tavern"][0]))
        return _("Drop out: take {took} and {card}").format(took=treasures(pool["kind"], pool["count"]),
                                                            card=card_text(v["tavern"][0]))
    if action.startswith("bonus:"):
        return _("Human bonus: take {what} from the supply").format(what=one(action.split(":")[1]))
    if action == "support:none":
        return _("No support bonus")
    if action.startswith("support:"):
        _head, mid, kind = action.split(":")
        seat = v.get("seat")
        dungeon = v["seats"][seat]["dungeon"] if seat is not None else {"monsters": [], "humans": []}
        mons = dungeon["monsters"]
        pos = next((i for i, m in enumerate(mons) if m["id"] == mid), None)
        label = card_text(mons[pos]) if pos is not None else monster_label(mid, cards)
        if brief:  # the human beneath is on the table, next to its monster
            return _("Support your {monster} with {what}").format(monster=label, what=one(kind))
        below = dungeon["humans"][pos] if pos is not None and pos < len(dungeon["humans"]) else None
        if not below:
            return _("Support your {monster} with {what} (no human beneath it yet)").format(
                monster=label, what=one(kind))
        return _("Support your {monster} with {what} (safe from the human beneath: {beneath})").format(
            monster=label, what=one(kind), beneath=card_text(below))
    return action


def menu_group(v: dict[str, Any], action: str, names: Names = None,
               cards: CardSet | None = None) -> tuple[str, str] | None:
    """The terminal menu's grouping of choices of one kind: (the group's heading, this choice's own words): "Support
    your Undead 16 (4 skulls) with: a Gold Coin, a Gem"; None: a choice on its own line."""
    if action.startswith("support:") and action != "support:none":
        _head, mid, kind = action.split(":")
        seat = v.get("seat")
        mons = v["seats"][seat]["dungeon"]["monsters"] if seat is not None else []
        pos = next((i for i, m in enumerate(mons) if m["id"] == mid), None)
        label = card_text(mons[pos]) if pos is not None else monster_label(mid, cards)
        return _("Support your {monster} with:").format(monster=label), one(kind)
    return None


def explain_refusal(r: Any, v: dict[str, Any], action: str, names: Names = None, cards: CardSet | None = None) -> str:
    """Why a move is refused (``rules.refusal``: a ``core.ruleset.Refusal``), told to the seat to play: cards by
    their face, second person, the player's language."""
    p = r.params
    if r.code == "pool_kind":
        return _("The pool holds {kind}: stay in by adding {one}, or by an exchange.").format(
            kind=_(KIND_PLURALS[p["kind"]]), one=one(p["kind"]))
    if r.code == "none_in_hand":
        return _("You have no {kind} left.").format(kind=_(KIND_PLURALS[p["kind"]]))
    if r.code == "nothing_to_exchange":
        return _("The pool is empty, there is nothing to exchange: place a gold coin or a gem instead.")
    if r.code == "exchange_short":
        return _("An exchange takes the {took} of the pool and places {placed}, but you have only {have}.").format(
            took=treasures(p["kind"], p["pool"]), placed=treasures(p["other"], p["need"]),
            have=treasures(p["other"], p["have"], zero=True))
    if r.code == "not_in_dungeon":
        return _("The {monster} is not in your dungeon.").format(monster=monster_label(p["monster"], cards))
    if r.code == "wrong_race":
        return _("The {monster} is not of the race of the monster you just placed.").format(
            monster=monster_label(p["monster"], cards))
    if r.code == "supported":
        return _("The {monster} is already supported.").format(monster=monster_label(p["monster"], cards))
    return common_refusal(r.code, worded(describe_action, v, action, names, cards))
