"""Monster Maker in words: events, choices, adventure cards and treasures as a player reads them.

Cards are named from the card file with what matters in play: a character's class and strength ("Gimra, Fighter
3D+2"), a monster's strength ("Lich 23, undead"), a labyrinth's distance; treasures with their value and bonus. No
card id is shown.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import N_, _, and_list, elide, ngettext, pgettext
from monsterbox.core.memo import CardSetMemo
from monsterbox.core.wording import (
    Names,
    capitalise,
    common_refusal,
    count,
    say,
    seat_name,
    unknown_event,
    worded,
)
from monsterbox.games.maker.cards import MakerCards, default_cards

DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"
STAGES = {"entering": N_("entering"), "exiting": N_("returning"), "exited": N_("out")}
REWARD_NAMES = {"monsters_defeated": N_("most monsters defeated"), "monsters_placed": N_("most monsters placed"),
                "labyrinth_played": N_("most labyrinth cards played"), "traps_drawn": N_("most traps drawn"),
                "treasures_discarded": N_("most treasures discarded")}
CLASS_NAMES = {"Fighter": N_("Fighter"), "Wizard": N_("Wizard"), "Thief": N_("Thief"), "Cleric": N_("Cleric"),
               "Archer": N_("Archer"), "Elf": N_("Elf"), "Dwarf": N_("Dwarf"), "Sage": N_("Sage")}


def dice_text(dice: list[int]) -> str:
    return " ".join(f"{DIE_FACES[d - 1]}{d}" for d in dice)


def card_name(name: str) -> str:
    return pgettext("card", name)


class Lookup:
    def __init__(self, cards: MakerCards | None = None) -> None:
        c = cards or default_cards()
        self.cards = c
        self.index = {cid: i for i, cid in enumerate(c.ids)}
        self.treasure = {t.id: i for i, t in enumerate(c.treasures)}

    def describe(self, cid: str) -> dict[str, Any] | None:
        i = self.index.get(cid)
        return self.cards.describe(i) if i is not None else None

    def name(self, cid: str) -> str:
        d = self.describe(cid)
        return card_label(d) if d else _("a card")

    def short(self, cid: str) -> str:
        """The card's name only ("Gimra", "Labyrinth 30")."""
        d = self.describe(cid)
        return card_name(d["name"]) if d else _("a card")

    def treasure_name(self, tid: str) -> str:
        i = self.treasure.get(tid)
        return card_name(self.cards.treasures[i].name) if i is not None else _("a treasure")

    def treasure_info(self, tid: str) -> dict[str, Any] | None:
        i = self.treasure.get(tid)
        return self.cards.describe_treasure(i) if i is not None else None


_lookups: CardSetMemo[Lookup] = CardSetMemo(Lookup)


def lookup(cards: MakerCards | None = None) -> Lookup:
    """The card set's ``Lookup`` (None: the shipped cards), made once per card set (``core.memo``: keyed by
    identity with the card set kept, so a freed card set's address never gives its names to another)."""
    return _lookups.get(cards)


def class_name(c: str) -> str:
    return _(CLASS_NAMES[c]) if c in CLASS_NAMES else c


def card_label(d: dict[str, Any]) -> str:
    """"Gimra (Fighter, 3D+2)", "Lich (23, undead)", "Labyrinth 30", "Cleric"."""
    name = card_name(d["name"])
    if d["type"] == "character":
        return _("{name} ({cls}, {strength})").format(name=name, cls=class_name(d["class"]), strength=d["strength"])
    if d["type"] == "monster":
        if d.get("undead"):
            return _("{name} ({strength}, undead)").format(name=name, strength=d["strength"])
        return _("{name} ({strength})").format(name=name, strength=d["strength"])
    return name


def treasure_label(t: dict[str, Any]) -> str:
    """"Holy Sword 150G (Fighter +3, removes undead)"; a hidden one is "a face-down treasure"."""
    if t.get("hidden"):
        return _("a face-down treasure")
    extra = treasure_extras(t)
    label = f"{card_name(t['name'])} {t['value']}"
    return label + (f" ({', '.join(extra)})" if extra else "")


def treasure_extras(t: dict[str, Any]) -> list[str]:
    """What a treasure does besides its value: "Fighter +3 in battle", "removes an undead monster"..."""
    extra = []
    if "battle_bonus" in t:
        extra.append(_("{classes} +{n} in battle").format(
            classes=and_list(class_name(c) for c in t["battle_bonus"]["classes"]), n=t["battle_bonus"]["amount"]))
    if t.get("removes_undead"):
        extra.append(_("removes an undead monster"))
    if t.get("exit_modifier"):
        extra.append(_("+{n} to the way back").format(n=t["exit_modifier"]))
    return extra


def treasure_state(t: dict[str, Any]) -> str:
    if t.get("hidden"):
        return _("face down")
    if t.get("open"):
        return _("open")
    return _("face up") if t.get("face_up") else _("face down")


def cards_text(ids: list[str], lk: Lookup) -> str:
    seen: dict[str, int] = {}
    for c in ids:
        seen[c] = seen.get(c, 0) + 1
    return and_list(lk.name(c) if k == 1 else _("{n} x {card}").format(n=k, card=lk.name(c)) for c, k in seen.items())


def narrate(e: dict[str, Any], you: int | None = None, names: Names = None, cards: MakerCards | None = None) -> str:
    """One event as a sentence told to seat ``you``."""
    lk = lookup(cards)
    t = e["type"]
    s = e.get("seat")
    if t == "round":
        return say(e["first_player"], you, names, N_("Game {round} begins; you play first."),
                   N_("Game {round} begins; {who} plays first."), round=e["round"])
    if t == "setup_trap":
        return say(s, you, names, N_("A trap dealt to you is shown, shuffled back and replaced."),
                   N_("A trap dealt to {who} is shown, shuffled back and replaced."))
    if t == "deal":
        return say(s, you, names, N_("You are dealt {cards}."), N_("{who} is dealt {cards}."),
                   cards=cards_text(e["cards"], lk))
    if t == "move":
        d = lk.describe(e["card"])
        dist = d["distance"] if d and "distance" in d else "?"
        if e.get("exit"):
            return say(s, you, names, N_("You play a labyrinth {distance} on the way back: {exit} so far."),
                       N_("{who} plays a labyrinth {distance} on the way back: {exit} so far."), distance=dist,
                       exit=e["exit"])
        return say(s, you, names, N_("You play a labyrinth {distance}: {entry} in."),
                   N_("{who} plays a labyrinth {distance}: {entry} in."), distance=dist, entry=e["entry"])
    if t == "chest":
        return say(s, you, names, N_("You reach the treasure chest at {distance}: now for the way back."),
                   N_("{who} reaches the treasure chest at {distance}: now for the way back."),
                   distance=e["entry"])
    if t == "exit":
        if e["first"]:
            return say(s, you, names, N_("You leave the labyrinth after {exit}, first out: exit bonus +100!"),
                       N_("{who} leaves the labyrinth after {exit}, first out: exit bonus +100!"), exit=e["exit"])
        return say(s, you, names, N_("You leave the labyrinth after {exit}."),
                   N_("{who} leaves the labyrinth after {exit}."), exit=e["exit"])
    if t == "diversion":
        if e["monster"]:
            return say(s, you, names, N_("You play a Diversion and escape the {monster}."),
                       N_("{who} plays a Diversion and escapes the {monster}."), monster=lk.name(e["monster"]))
        return say(s, you, names, N_("You play a Diversion."), N_("{who} plays a Diversion."))
    if t == "room":
        return say(s, you, names, N_("You find a small treasure room."), N_("{who} finds a small treasure room."))
    if t == "room_pass":
        return say(s, you, names, N_("You find a small treasure room and leave its treasure."),
                   N_("{who} finds a small treasure room and leaves its treasure."))
    if t == "place":
        if e["target"] == you:
            return say(s, you, names, N_("You put a {monster} in your own labyrinth."),
                       N_("{who} puts a {monster} in your labyrinth."),
                       monster=lk.name(e["monster"]))
        return say(s, you, names, N_("You put a {monster} in {target}'s labyrinth."),
                   N_("{who} puts a {monster} in {target}'s labyrinth."), monster=lk.name(e["monster"]),
                   target=seat_name(e["target"], names))
    if t == "battle":
        return say(s, you, names, N_("You battle the {monster}."), N_("{who} battles the {monster}."),
                   monster=lk.name(e["monster"]))
    if t == "add":
        return say(s, you, names, N_("  You send {character} into battle."),
                   N_("  {who} sends {character} into battle."), character=lk.name(e["character"]))
    if t == "equip":
        return say(s, you, names, N_("  You give the {treasure} to {character}."),
                   N_("  {who} gives the {treasure} to {character}."), treasure=lk.treasure_name(e["treasure"]),
                   character=lk.short(e["character"]))
    if t == "cleric":
        return say(s, you, names, N_("  Your cleric removes the undead {monster}."),
                   N_("  {who}'s cleric removes the undead {monster}."), monster=lk.short(e["monster"]))
    if t == "relic":
        return say(s, you, names, N_("  Your {treasure} removes the undead {monster}."),
                   N_("  {who}'s {treasure} removes the undead {monster}."),
                   treasure=lk.treasure_name(e["treasure"]), monster=lk.short(e["monster"]))
    if t == "fight":
        party = and_list(lk.short(c) for c in e["characters"]) or _("no one")
        fields = {"party": party, "dice": dice_text(e["dice"]) or "-", "value": e["value"],
                  "monster": lk.short(e["monster"]), "strength": e["strength"]}
        k = len(e["characters"])
        if e["won"]:
            return "  " + capitalise(ngettext(
                "{party} rolls {dice}: battle value {value} against the {monster}'s {strength}: defeated!",
                "{party} roll {dice}: battle value {value} against the {monster}'s {strength}: defeated!",
                k).format(**fields))
        return "  " + capitalise(ngettext(
            "{party} rolls {dice}: battle value {value} against the {monster}'s {strength}: not defeated.",
            "{party} roll {dice}: battle value {value} against the {monster}'s {strength}: not defeated.",
            k).format(**fields))
    if t == "heal":
        return say(s, you, names, N_("  You discard a Cleric to take {character} back to your hand."),
                   N_("  {who} discards a Cleric to take {character} back to hand."),
                   character=lk.short(e["character"]))
    if t == "discard_action":
        return say(s, you, names, N_("You take the discard action."), N_("{who} takes the discard action."))
    if t == "discard":
        return say(s, you, names, N_("  You discard {card}."), N_("  {who} discards {card}."), card=lk.name(e["card"]))
    if t == "refresh":
        return say(s, you, names, N_("You draw {cards}."), N_("{who} draws {cards}."),
                   cards=count(e["count"], "{n} card", "{n} cards"))
    if t == "drew":
        return say(s, you, names, N_("  (You drew {cards}.)"), N_("  ({who} drew {cards}.)"),
                   cards=cards_text(e["cards"], lk))
    if t == "trap":
        return say(s, you, names, N_("You drew {traps}!"), N_("{who} drew {traps}!"),
                   traps=count(e["count"], "a trap", "{n} traps"))
    if t == "thief":
        return say(s, you, names, N_("  You reveal the thief {thief} and discard the {traps}."),
                   N_("  {who} reveals the thief {thief} and discards the {traps}."), thief=lk.short(e["thief"]),
                   traps=count(e["traps"], "trap", "{n} traps"))
    if t == "trap_discard":
        return say(s, you, names, N_("  Trap: you keep one card and discard {cards}."),
                   N_("  Trap: {who} keeps one card and discards {cards}."), cards=cards_text(e["cards"], lk)
                   or _("nothing"))
    if t == "treasure":
        if e["treasure"]:
            return say(s, you, names, N_("You take a treasure: {treasure} (open)."),
                       N_("{who} takes a treasure: {treasure} (open)."), treasure=lk.treasure_name(e["treasure"]))
        return say(s, you, names, N_("You take a treasure, face down."), N_("{who} takes a treasure, face down."))
    if t == "treasure_seen":
        info = lk.treasure_info(e["treasure"])
        label = treasure_label(info) if info else lk.treasure_name(e["treasure"])
        return say(s, you, names, N_("  (You look at it: {treasure}.)"), N_("  ({who} looks at it: {treasure}.)"),
                   treasure=label)
    if t == "no_treasure":
        whys = {"two open treasures": N_("two open treasures already"),
                "the treasure pile is empty": N_("the treasure pile is empty")}
        why = _(whys[e["why"]]) if e["why"] in whys else e["why"]
        return say(s, you, names, N_("You take no treasure: {why}."), N_("{who} takes no treasure: {why}."), why=why)
    if t == "drop_treasure":
        return say(s, you, names, N_("You discard the treasure {treasure}."),
                   N_("{who} discards the treasure {treasure}."), treasure=lk.treasure_name(e["treasure"]))
    if t == "reshuffle":
        return _("The discards are shuffled into a new draw pile of {n} cards.").format(n=e["cards"])
    if t == "judgment":
        parts = [_("{who}: {points}").format(who=seat_name(p, names) if p != you else _("you"), points=sc)
                 for p, sc in enumerate(e["scores"])]
        return _("Victory judgment of game {round}: {scores}.").format(round=e["round"], scores=and_list(parts))
    return unknown_event(e)


def describe_action(v: dict[str, Any], action: str, names: Names = None, cards: MakerCards | None = None,
                    brief: bool = False) -> str:
    """What choosing ``action`` does, in words, from the chooser's view (``brief``: the terminal's menu form; the
    same words in this game)."""
    lk = lookup(cards)
    parts = action.split(":")
    head = parts[0]
    seat = v.get("seat")
    me = v["seats"][seat] if seat is not None else None
    if head == "move":
        d = lk.describe(parts[1])
        dist = d["distance"] if d and "distance" in d else parts[1]
        return _("Play a labyrinth {distance}").format(distance=dist)
    if head == "diversion":
        return _("Play a Diversion (0 distance, discards the monster in your labyrinth)")
    if action == "room:no_treasure":
        return _("Play a Small Treasure Room (0 distance) without drawing a treasure")
    if head == "room":
        return _("Play a Small Treasure Room (0 distance, draw a treasure)")
    if head == "place":
        target = int(parts[2])
        if target == seat:
            return _("Put the {monster} in your own labyrinth").format(monster=lk.name(parts[1]))
        return elide(_("Put the {monster} in {who}'s labyrinth").format(monster=lk.name(parts[1]),
                                                                  who=seat_name(target, names)))
    if head == "battle":
        m = me["monster"] if me else None
        return _("Battle the {monster}").format(monster=card_label(m)) if m else _("Battle")
    if action == "discard":
        return _("Discard any number of cards (pass)")
    if head == "discard":
        return _("Discard {card}").format(card=lk.name(parts[1]))
    if head == "done":
        return _("Stop discarding and end your turn")
    if head == "add":
        return _("Send {character} into the battle").format(character=lk.name(parts[1]))
    if head == "cleric":
        return _("Discard a Cleric to remove the undead monster")
    if head == "relic":
        return _("Use the {treasure} to remove the undead monster").format(treasure=lk.treasure_name(parts[1]))
    if head == "equip":
        info = lk.treasure_info(parts[1])
        return _("Give the {treasure} to {character}").format(
            treasure=treasure_label(info) if info else lk.treasure_name(parts[1]), character=lk.name(parts[2]))
    if head == "fight":
        return _("Roll the dice and fight")
    if action == "heal:none":
        return _("No healing")
    if head == "heal":
        return _("Discard a Cleric to take {character} back to your hand").format(character=lk.name(parts[1]))
    if head == "thief":
        return _("Reveal {thief} and discard the traps, keeping the rest of your hand").format(
            thief=lk.name(parts[1]) if len(parts) > 1 else _("your Thief"))
    if action == "keep:none":
        return _("Discard everything")
    if head == "keep":
        return _("Keep {card}, discard the rest").format(card=lk.name(parts[1]))
    if head == "drop":
        info = lk.treasure_info(parts[1])
        return _("Discard the treasure {treasure}").format(
            treasure=treasure_label(info) if info else lk.treasure_name(parts[1]))
    return action


def penalty_text(d: dict[str, Any]) -> str:
    """The judgment's distance penalty in words: "10 short x 10 = -100", "4 over x 2 = -8", "none"."""
    if "target" not in d:
        return _("never reached the chest")
    diff = d["exit"] - d["target"]
    if diff > 0:
        return _("{n} over x 2 = -{p}").format(n=diff, p=d["penalty"])
    if diff < 0:
        return _("{n} short x 10 = -{p}").format(n=-diff, p=d["penalty"])
    return _("exact: none")


def menu_group(v: dict[str, Any], action: str, names: Names = None,
               cards: MakerCards | None = None) -> tuple[str, str] | None:
    """The terminal menu's grouping of choices of one kind: (the group's heading, this choice's own words): "Put the
    Hell Hound (12) in the labyrinth of: Bob, Eve, Fay"; None: a choice on its own line."""
    lk = lookup(cards)
    parts = action.split(":")
    head = parts[0]
    if head == "place":
        target = int(parts[2])
        return (_("Put the {monster} in the labyrinth of:").format(monster=lk.name(parts[1])),
                _("yours") if target == v.get("seat") else seat_name(target, names))
    if head == "discard" and len(parts) > 1:
        return _("Discard:"), lk.name(parts[1])
    if head == "add":
        return _("Send into the battle:"), lk.name(parts[1])
    if head == "keep" and action != "keep:none":
        return _("Keep (discard the rest):"), lk.name(parts[1])
    if head == "thief" and len(parts) > 1:
        return _("Reveal a Thief and discard the traps:"), lk.name(parts[1])
    if head == "heal" and action != "heal:none":
        return _("Discard a Cleric to take back to your hand:"), lk.name(parts[1])
    if head == "equip":
        info = lk.treasure_info(parts[1])
        return (_("Give the {treasure} to:").format(treasure=treasure_label(info) if info else
                                                    lk.treasure_name(parts[1])), lk.name(parts[2]))
    if head == "drop":
        info = lk.treasure_info(parts[1])
        return _("Discard the treasure:"), treasure_label(info) if info else lk.treasure_name(parts[1])
    return None


def explain_refusal(r: Any, v: dict[str, Any], action: str, names: Names = None,
                    cards: MakerCards | None = None) -> str:
    """Why a move is refused (``rules.refusal``: a ``core.ruleset.Refusal``), told to the seat to play: cards by
    name, second person, the player's language."""
    lk = lookup(cards)
    p = r.params
    if r.code == "blocked":
        return _("A monster blocks your labyrinth: battle it, play a Diversion, or do something else.")
    if r.code == "no_card":
        return _("You hold no {card}.").format(card=lk.name(p["card"]))
    if r.code == "open_treasure":
        return _("The {treasure} is an open treasure: open treasures cannot be discarded.").format(
            treasure=lk.treasure_name(p["treasure"]))
    if r.code == "nothing_to_draw":
        return _("No treasure can be drawn now (two open treasures, or the treasure pile is empty): just play the "
                 "Small Treasure Room.")
    if r.code == "no_target":
        who = _("You") if p["seat"] == v.get("seat") else seat_name(p["seat"], names)
        return _("{who} cannot be given a monster: only a player who played a labyrinth card, holds no monster and "
                 "has not exited can.").format(who=who)
    return common_refusal(r.code, worded(describe_action, v, action, names, cards))
