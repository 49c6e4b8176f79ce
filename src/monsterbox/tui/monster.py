"""Monster in the terminal: today's crises and bounties, lairs with their loot, the villagers, the bank (top cards
and cubes), every hunter (character, items, cubes, armed, stored and known weapons) and your hand."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.core.i18n import _, and_list
from monsterbox.core.wording import seat_name
from monsterbox.games.monster.text import (
    ability_text,
    card_name,
    lookup,
    loot_short,
    loot_text,
    villagers,
    weapons_text,
)

BOLD_EVENTS = ("day", "crisis", "attack", "destroyed", "game_over")
STYLE = {"black": "bold white on black", "white": "black on white", "red": "red", "blue": "blue", "green": "green"}


def row_name(seat: int, seats: Any) -> str:
    return _("You") if seat == seats.you else seat_name(seat, seats.names)


def print_table(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    lk = lookup(cards)
    console.print(Text(_("Day {day}.  Villagers: {villagers}.  Weapon deck: {deck}.  Discard pile top: {top}.").format(
        day=v["day"], villagers=v["villagers"], deck=v["weapon_deck"],
        top=lk.w(v["weapon_discard"][-1]) if v["weapon_discard"] else _("empty")), style="bold"))
    for c in v.get("crises_today", []):
        console.print(Text(_("Today's crisis: {name}: {rule}").format(
            name=card_name(c["name"]), rule=ability_text(c["effect"], c.get("params", {}), cards)), style="yellow"))
    for b in v.get("bounties", []):
        console.print(Text(_("Bounty in play: {bounty}").format(bounty=loot_text(b, cards)), style="yellow"))
    with_rules = any(lair.get("crisis_rule") not in (None, "none") for lair in v["lairs"])
    lairs = Table(title=_("Lairs (top monster first)"), header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                  show_edge=False)
    for col in (_("lair"), _("monsters"), _("killed today"), _("loot if destroyed")) + ((_("rule"),) if with_rules
                                                                                        else ()):
        lairs.add_column(col)
    for lair in v["lairs"]:
        stack = Text()
        for i, m in enumerate(lair["monsters"]):
            if i:
                stack.append(", ")
            stack.append(lk.m(m), style=STYLE[m])
        loot = lair["loot"]
        rule = ""
        if lair.get("crisis_rule") not in (None, "none"):
            x = lk.crisis.get(lair["lair"])
            rule = ability_text(x.effect, x.params, cards) if x else ""
        cells = [card_name(lair["name"]), stack, ", ".join(lk.m(m) for m in lair["killed"]),
                 loot_short(loot) if loot else ""] + ([rule] if with_rules else [])
        lairs.add_row(*cells)
    console.print(lairs)
    bank = []
    for b in v["bank"]:
        part = _("{weapon}: {n} left").format(weapon=lk.w(b["stack"]), n=b["count"])
        if b.get("top") and b["top"] != b["stack"]:
            part += " " + _("(top card: {top})").format(top=lk.w(b["top"]))
        if b["cubes"]:
            part += " " + _("(cubes of {who})").format(who=and_list(row_name(c, seats) for c in b["cubes"]))
        bank.append(part)
    console.print(Text(_("Bank: ") + "; ".join(bank)))
    table = Table(header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for col in (_("hunter"), _("character"), _("items"), _("cubes"), _("hand"), _("armed"), _("stored"), _("state")):
        table.add_column(col)
    for s in v["seats"]:
        ch = s["character"]
        character = (card_name(ch["name"]) + (" " + _("(used)") if ch["used"] else "")) if ch else "?"
        items = "\n".join(lk.loot_name(i["id"]) + (" " + _("(used)") if i["used"] else "") for i in s["items"])
        hand = str(s["hand_size"])
        if s["known_in_hand"] and s["seat"] != seats.you:
            hand += " " + _("(known: {weapons})").format(weapons=weapons_text(s["known_in_hand"], lk))
        stored = str(s["stored_count"])
        if s.get("stored_known"):
            stored += " " + _("({weapons})").format(weapons=weapons_text(s["stored_known"], lk))
        state = ", ".join(([_("leader")] if s["leader"] else []) + ([_("passed")] if s["passed"] else []))
        table.add_row(row_name(s["seat"], seats), character, items,
                      _("{n} (+{bag} in bag)").format(n=s["cubes"], bag=s["bag"]), hand,
                      lk.w(s["armed"]) if s["armed"] else "", stored, state)
    console.print(table)
    hand_ids = [w for w, n in sorted(v.get("hand", {}).items()) for _i in range(n)]
    console.print(Text(_("Your hand: {weapons}").format(weapons=weapons_text(hand_ids, lk) or _("empty")),
                       style="bold"))
    if v.get("loot_choice"):
        console.print(Text(_("Loot at stake: {loot}").format(loot=loot_text(v["loot_choice"], cards))))


def print_result(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    result = v["result"]
    console.rule(_("The end"))
    if result["won"]:
        line = _("The team wins after {days} days, with {villagers} left.").format(
            days=result["days"], villagers=villagers(result["villagers"]))
    else:
        line = _("The team loses after {days} days: the village has fallen.").format(days=result["days"])
    console.print(Text(line, style="bold green" if result["won"] else "bold red"))
