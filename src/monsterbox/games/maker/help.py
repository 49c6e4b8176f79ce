"""Monster Maker's rules in the project's own words, the card reference from the card file, and help on the table.

Plain Markdown text in the language in force: the terminal prints it, the server can serve it."""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import N_, _
from monsterbox.games.maker.cards import MakerCards, default_cards
from monsterbox.games.maker.text import card_label, lookup, treasure_label

RULES = (
    N_("# Monster Maker"),
    N_("Adventurers race through a labyrinth to the treasure chest and back out, while the other players send "
       "monsters after them. Treasures score; being first out scores a bonus; a bad way back costs points."),
    N_("## Set-up"),
    N_("The adventure cards (labyrinths, characters, monsters, clerics, diversions, treasure rooms, traps) are "
       "shuffled; each player gets a hand. The treasure chest lies at a distance set for the game."),
    N_("## A turn"),
    N_("Play one card or discard: a **labyrinth** card moves you its distance in (or back out, once the chest is "
       "reached); a **monster** goes into another player's labyrinth (only one at a time there); a **Diversion** "
       "discards the monster in your labyrinth; a **Small Treasure Room** gives a treasure. Then refill your hand. "
       "Traps drawn are resolved at once: keep one card and discard the rest, unless a Thief saves you."),
    N_("While a monster blocks your labyrinth you cannot move: **battle** it. Send characters in, give them "
       "treasures with a battle bonus, then roll: each character rolls its dice and adds its bonus; beat the "
       "monster's strength to defeat it. Clerics and relics remove undead monsters; a Cleric can also heal a "
       "character back to hand."),
    N_("Reaching the chest gives a treasure; the way back must cover the distance in again. When someone is out, "
       "the end phase begins: the others have one last turn."),
    N_("## Scoring"),
    N_("Each player out or on the way back scores their treasures, plus 100 for the first out, minus a penalty: "
       "2 per point of distance over the way back needed, 10 per point short; at least 0. A player who never "
       "reached the chest scores 0. Reward cards give 100 to the most monsters defeated, traps drawn, and so on."),
)


def rules_text(cards: MakerCards | None = None) -> str:
    return "\n\n".join(_(p) for p in RULES) + "\n\n" + card_reference(cards)


def card_reference(cards: MakerCards | None = None) -> str:
    c = cards or default_cards()
    out = [_("## Card reference"), "", _("### Adventure cards (copies)")]
    for i in range(len(c.ids)):
        out.append(f"- {card_label(c.describe(i))} (x{c.count[i]})")
    out += ["", _("### Treasures")]
    for i, t in enumerate(c.treasures):
        d = c.describe_treasure(i)
        out.append(f"- {treasure_label(d)}" + (" " + _("(open: always face up)") if t.open else ""))
    return "\n".join(out)


def table_help(v: dict[str, Any], cards: MakerCards | None = None) -> str:
    lk = lookup(cards)
    out = [_("## Now on the table")]
    for s in v["seats"]:
        if s.get("monster"):
            out.append("- " + _("A {monster} blocks a labyrinth: beat its strength in battle, or play a Diversion.")
                       .format(monster=card_label(s["monster"])))
    hand = v.get("hand", {})
    if hand:
        out.append("- " + _("Your hand: {cards}.").format(cards=", ".join(lk.name(c) for c in hand)))
    for t in (v["seats"][v["seat"]]["treasures"] if v.get("seat") is not None else []):
        out.append("- " + treasure_label(t))
    out.append("")
    out.append(_("Distances: the chest lies at {chest}. Over the needed way back costs 2 a point, short of it 10 "
                 "a point.").format(chest=v["chest_distance"]))
    return "\n".join(out)
