"""Monster's rules in the project's own words, the card reference from the card file, and help on the table.

Plain Markdown text in the language in force: the terminal prints it, the server can serve it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from monsterbox.core.i18n import N_, _
from monsterbox.core.wording import labelled
from monsterbox.games.monster.cards import MonsterCards, default_cards
from monsterbox.games.monster.text import ability_text, card_name, card_text, lookup, loot_text

RULES = (
    N_("# Monster"),
    N_("A cooperative game: the team of heroes must destroy every monster lair before the villagers are all "
       "killed. You may not show your cards or tell the others what to do: arm weapons and place cubes to signal."),
    N_("## Set-up"),
    N_("Ten of each weapon form the bank; the other weapons are shuffled into the deck. The village has 20 "
       "villagers. Each player gets a character (with an ability) and a bag of 5 power cubes. Four lairs are "
       "laid out, each with its stack of monsters and a loot card."),
    N_("## A day"),
    N_("**Provisioning**: each player takes a cube from the bag, and one weapon per monster on the table is dealt "
       "out, starting with the team leader. **Crisis**: a crisis card is drawn: immediate, for the day, or a new "
       "lair with its own rule."),
    N_("**The hunt**: in turn, from the leader, each player takes one action or passes. Actions: kill the top "
       "monster of a lair with the weapon of its kind; kill it with any three weapons; use your character or an "
       "item (once a day each); place a power cube on a bank stack (the second cube on a stack gives its first "
       "placer that weapon); store a weapon (discard one, keep one face down for tomorrow); discard a weapon. "
       "After an action you may arm a weapon: put it face up so everyone sees it. Passing discards your hand and "
       "armed weapon; you are out until tomorrow."),
    N_("A lair with no monster left is destroyed, and whoever emptied it takes its loot (an item kept, a spell used "
       "at once, or a bounty that waits for its condition), or the villagers printed on it instead."),
    N_("**Monster attack**: each surviving monster kills 1 villager, 2 in a lair where a monster was killed today. "
       "**Recovery**: characters and items are restored; killed monsters return to lairs not destroyed. "
       "**Infestation**: three new lairs appear. The leader token passes to the left."),
    N_("## The end"),
    N_("The team wins at once when no lair is left; it loses at once when the villagers fall to zero or below."),
    N_("## Variants"),
    N_("Character selection (`--option character_choices=2`): each player chooses from several characters. "
       "Unreliable weaponry (`--option unreliable_weaponry=true`): the bank stacks are random, only their top card "
       "shown. The elite challenge (`--option elite=true`): two crises a day, one of each level."),
    N_("More verbal communication (`--option verbal_communication=true`): the players may talk strategy (a server's "
       "table has a chat); nothing else changes."),
)


def rules_text(cards: MonsterCards | None = None) -> str:
    return "\n\n".join(_(p) for p in RULES) + "\n\n" + card_reference(cards)


def card_reference(cards: MonsterCards | None = None) -> str:
    """Every card of the card file with its effect in words (``text.card_text``), copies counted; lairs' monsters
    top first, as the table shows them."""
    c = cards or default_cards()
    lk = lookup(cards)
    out = [_("## Card reference"), "", _("### Weapons")]
    for w in c.weapons:
        out.append("- " + labelled(f"**{card_name(w.name)}**", card_text('weapon', w, cards)))
    out += ["", _("### Characters")]
    for ch in c.characters:
        out.append("- " + labelled(f"**{card_name(ch.name)}**", card_text('character', ch, cards)))
    out += ["", _("### Loot (copies)")]
    seen: Counter[str] = Counter(x.name for x in c.loot)
    done: set[str] = set()
    for x in c.loot:
        if x.name in done:
            continue
        done.add(x.name)
        out.append(f"- {card_text('loot', x, cards)} (x{seen[x.name]})")
    for level in (1, 2):
        out += ["", _("### Crises, level {level} (copies)").format(level=level)]
        names: Counter[str] = Counter(x.name for x in c.crises if x.level == level)
        done = set()
        kinds = {"immediate": _("immediate"), "day": _("for the day"), "lair": _("a new lair")}
        for cr in c.crises:
            if cr.level != level or cr.name in done:
                continue
            done.add(cr.name)
            out.append("- " + labelled(f"**{card_name(cr.name)}** ({kinds[cr.kind]}, x{names[cr.name]})",
                                       card_text('crisis', cr, cards)))
    out += ["", _("### Lairs (monsters listed top first, as on the table)")]
    for lair in c.lairs:
        out.append("- " + labelled(f"**{card_name(lair.name)}**", ", ".join(lk.m(m) for m in lair.monsters)))
    return "\n".join(out)


def table_help(v: dict[str, Any], cards: MonsterCards | None = None) -> str:
    lk = lookup(cards)
    out = [_("## Now on the table")]
    seat = v.get("seat")
    me = v["seats"][seat] if seat is not None else None
    if me and me.get("character"):
        ch = lk.character.get(me["character"]["id"])
        if ch:
            out.append("- " + _("Your character, {name}: {ability}").format(
                name=card_name(ch.name), ability=ability_text(ch.effect, ch.params, cards)))
    for item in (me or {}).get("items", []):
        x = lk.loot.get(item["id"])
        if x:
            out.append("- " + _("Your item: {loot}").format(loot=loot_text(x.model_dump(), cards)))
    for c in v.get("crises_today", []):
        out.append("- " + _("Today's crisis, {name}: {rule}").format(
            name=card_name(c["name"]), rule=ability_text(c["effect"], c.get("params", {}), cards, c.get("kind"))))
    for b in v.get("bounties", []):
        out.append("- " + _("Bounty in play: {bounty}").format(bounty=loot_text(b, cards)))
    for lair in v["lairs"]:
        if lair.get("loot"):
            out.append("- " + _("{lair} holds {loot}").format(lair=card_name(lair["name"]),
                                                              loot=loot_text(lair["loot"], cards)))
    out.append("")
    out.append(_("Only the top monster of a lair can be killed. A lair where a monster was killed today is "
                 "disturbed: its survivors kill 2 villagers each tonight."))
    return "\n".join(out)
