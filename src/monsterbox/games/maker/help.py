"""Monster Maker's rules in the project's own words, the card reference from the card file, and help on the table.

Plain Markdown text in the language in force: the terminal prints it, the server can serve it."""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import N_, _, and_list, ngettext
from monsterbox.core.wording import labelled
from monsterbox.games.maker.cards import (
    CHARACTER,
    CLERIC,
    DIVERSION,
    LABYRINTH,
    ROOM,
    TRAP,
    MakerCards,
    TreasureEntry,
    default_cards,
)
from monsterbox.games.maker.text import card_label, card_name, class_name, lookup, treasure_label

RULES = (
    N_("# Monster Maker"),
    N_("Adventurers race into a labyrinth to the treasure chest and back out to the surface, while the other "
       "players send monsters after them. Treasures brought out score; the first player out scores a bonus; a way "
       "back longer or shorter than the way in costs points."),
    N_("## Set-up"),
    N_("The 125 adventure cards (labyrinths, characters, monsters, clerics, diversions, small treasure rooms, "
       "traps) are shuffled and each player is dealt 5. A Trap dealt is shown to everyone, discarded and replaced, "
       "then shuffled back into the draw pile. The 25 treasure cards are shuffled face down. Every player's "
       "Enter/Exit tile starts on its enter side; the first player is drawn at random. The treasure chest lies at a "
       "distance of 100."),
    N_("## A turn"),
    N_("On your turn you take one of four actions, then refresh your hand: draw until you hold 5 cards, all at "
       "once. When the draw pile runs out, the discards are shuffled into a new one. Play then passes to the left."),
    N_("**A. Move through the labyrinth:** play a labyrinth card; its distance adds to your way in (or, once "
       "you have reached the chest, to your way back). A **Diversion** is a labyrinth card of distance 0 that "
       "discards the monster in your labyrinth; it may be played while a monster blocks you. A **Small Treasure "
       "Room** is a labyrinth card of distance 0 with which you may draw a treasure: you choose to draw or not. "
       "While a monster is in your labyrinth you cannot play any other labyrinth card."),
    N_("**B. Place a monster** from your hand in another player's labyrinth. Only a player who has played a "
       "labyrinth card (a Small Treasure Room counts), has no monster there already and has not exited can be "
       "given one."),
    N_("**C. Battle the monster** in your labyrinth with any number of the characters in your hand. Each "
       "character of strength xD+y rolls x dice and adds y; treasures with a battle effect add their bonus, each to "
       "one character of its class (several may go to the same character). If the battle value is equal to or "
       "greater than the monster's strength, the monster is defeated and discarded; otherwise it stays. Every "
       "character that took part is discarded, win or lose."),
    N_("A **Cleric** is a special character with two uses: discard it to remove an undead monster from your "
       "labyrinth without fighting; or, right after a battle, discard it to take one character of that battle back "
       "from the discard pile to your hand (one character per Cleric). A treasure that removes undead does the "
       "same as the first use and is kept. After every battle with characters you are asked whether to heal, "
       "unless the table can see that you cannot hold a Cleric: declining tells nobody whether you hold one."),
    N_("**D. Discard** any number of cards from your hand, even none: a pass that helps when your hand cannot. A "
       "revealed treasure that is not open may be discarded as well."),
    N_("**Traps:** if you draw a Trap when you refresh your hand, you must discard down to 1 card of your choice; "
       "the Trap goes too, and you start your next turn with 1 card. If you hold a Thief, you may reveal it "
       "instead (with several Thieves, you choose which): only the Traps are discarded, and you keep the rest of "
       "your hand without drawing again."),
    N_("## Treasures"),
    N_("When your way in reaches the chest's distance or more, you draw a treasure and turn back: your way back "
       "counts from your next labyrinth card. Treasures are kept face down in front of you; you may look at "
       "yours. An **open** treasure is turned face up at once and can never be discarded. A treasure with a battle "
       "effect is turned face up when used and is kept. You may hold at most 2 treasures: when you draw a third, "
       "discard one that is not open; if both of yours are open, you draw no treasure at all, from the chest or a "
       "Small Treasure Room. Some treasures have a random value, rolled at the victory judgment; some add to the "
       "distance of your way back."),
    N_("## The end"),
    N_("You exit the labyrinth when your way back is equal to or greater than your way in plus the treasures' "
       "additions to the way back. The first player out takes the exit bonus tile (100) and the end phase begins. "
       "A player who has exited takes no more turns and cannot be given a monster. The others play on, turn after "
       "turn, until they exit or run out of cards, but no longer refresh their hands; a player who can neither "
       "move, place a monster nor battle must discard, at least 1 card. The game ends when everyone has exited or "
       "no one left holds a card."),
    N_("## Scoring"),
    N_("At the victory judgment each player scores the value of the treasures they hold (random values are rolled "
       "now), plus 100 for the first player out, minus the distance penalty, measured from the way in plus the "
       "treasures' additions: 2 points for each point of distance beyond it, 10 points for each point short of it. "
       "A score below 0 counts as 0. A player who never reached the chest scores 0, whatever their treasures. The "
       "highest score wins; tied players share the victory."),
    N_("## Options"),
    N_("Short version (`--option short=true`): the chest lies at 80, or 70 with 6 players. Any other distance "
       "(`--option distance=60`). Three rounds (`--option rounds=3`): three games in a row, scores added up; each "
       "new game is started by the player to the left of the previous game's first player. Rewards "
       "(`--option rewards=[\"monsters_defeated\",\"traps_drawn\"]`): 100 points to every player with the most "
       "monsters defeated, monsters placed, labyrinth cards played, traps drawn or treasures discarded, for each "
       "chosen act (a count of 0 earns nothing; a player who never reached the chest earns no reward)."),
)


def rules_text(cards: MakerCards | None = None) -> str:
    return "\n\n".join(_(p) for p in RULES) + "\n\n" + card_reference(cards)


def value_words(t: TreasureEntry) -> str:
    """A treasure's value as the card file gives it, in the language in force: "300G", "3D x 20G (rolled at the
    victory judgment)", "300G on 1-4, 100G on 5-6 (a die rolled at the victory judgment)"."""
    if t.value is not None:
        return f"{t.value}G"
    if t.value_dice is not None:
        return _("{dice}D x {times}G (rolled at the victory judgment)").format(dice=t.value_dice,
                                                                               times=t.value_times)
    assert t.value_by_die is not None
    lo, parts = 1, []
    for top, v in t.value_by_die:
        faces = f"{lo}-{top}" if lo != top else str(lo)
        parts.append(_("{value}G on {faces}").format(value=v, faces=faces))
        lo = top + 1
    return _("{values} (a die rolled at the victory judgment)").format(values=", ".join(parts))


def adventure_effect(c: MakerCards, i: int) -> str:
    """What an adventure card does, from its type and fields in the card file."""
    kind = c.kind[i]
    if kind == LABYRINTH:
        return _("a labyrinth card: {n} on your way in or back").format(n=c.distance[i])
    if kind == DIVERSION:
        return _("a labyrinth card of distance 0 that discards the monster in your labyrinth; it may be played "
                 "while a monster blocks")
    if kind == ROOM:
        return _("a labyrinth card of distance 0 with which you may draw a treasure")
    if kind == TRAP:
        return _("drawn when refreshing your hand: discard down to 1 card, unless you reveal a Thief")
    if kind == CLERIC:
        return _("discard it to remove an undead monster, or right after a battle to take one of its characters "
                 "back to your hand")
    if kind == CHARACTER:
        strength = f"{c.dice[i]}D" + (f"+{c.bonus[i]}" if c.bonus[i] else "")
        if c.bonus[i]:
            text = ngettext("{cls}, {strength}: rolls {dice} die and adds {bonus} in battle",
                            "{cls}, {strength}: rolls {dice} dice and adds {bonus} in battle", c.dice[i]).format(
                cls=class_name(c.cls[i]), strength=strength, dice=c.dice[i], bonus=c.bonus[i])
        else:
            text = ngettext("{cls}, {strength}: rolls {dice} die in battle",
                            "{cls}, {strength}: rolls {dice} dice in battle", c.dice[i]).format(
                cls=class_name(c.cls[i]), strength=strength, dice=c.dice[i])
        if c.cls[i] == "Thief":
            text += _("; ") + _("may be revealed to discard the Traps you draw")
        return text
    if c.undead[i]:
        return _("strength {n}, undead: a Cleric or a treasure that removes undead discards it").format(
            n=c.strength[i])
    return _("strength {n}").format(n=c.strength[i])


def treasure_effect(t: TreasureEntry) -> list[str]:
    """What a treasure does besides its value, from the card file."""
    out = []
    if t.bonus:
        out.append(_("{classes} +{n} in battle, for one character").format(
            classes=and_list(class_name(k) for k in t.bonus_classes), n=t.bonus))
    if t.undead:
        out.append(_("removes an undead monster and is kept"))
    if t.exit_modifier:
        out.append(_("+{n} to the distance of your way back").format(n=t.exit_modifier))
    if t.open:
        out.append(_("open: always face up, cannot be discarded"))
    return out


def card_reference(cards: MakerCards | None = None) -> str:
    c = cards or default_cards()
    out = [_("## Card reference"), "", _("### Adventure cards (copies)")]
    for i in range(len(c.ids)):
        out.append("- " + labelled(f"{card_name(c.names[i])} (x{c.count[i]})", adventure_effect(c, i)))
    out += ["", _("### Treasures")]
    for t in c.treasures:
        extra = treasure_effect(t)
        head = f"{card_name(t.name)}, {value_words(t)}"
        out.append("- " + (labelled(head, _("; ").join(extra)) if extra else head))
    return "\n".join(out)


def table_help(v: dict[str, Any], cards: MakerCards | None = None) -> str:
    lk = lookup(cards)
    out = [_("## Now on the table")]
    for s in v["seats"]:
        if s.get("monster"):
            out.append("- " + _("A {monster} blocks a labyrinth: reach its strength or more in battle, or play a "
                                "Diversion.").format(monster=card_label(s["monster"])))
    hand = v.get("hand", {})
    if hand:
        out.append("- " + _("Your hand: {cards}.").format(cards=", ".join(lk.name(c) for c in hand)))
    for t in (v["seats"][v["seat"]]["treasures"] if v.get("seat") is not None else []):
        out.append("- " + treasure_label(t))
    out.append("")
    out.append(_("Distances: the chest lies at {chest}. Over the needed way back costs 2 a point, short of it 10 "
                 "a point.").format(chest=v["chest_distance"]))
    return "\n".join(out)
