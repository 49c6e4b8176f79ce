"""Monster in the terminal: today's crises and bounties, lairs with their loot, the villagers, the bank (top cards
and cubes), every hunter (character, items, cubes, armed, stored and known weapons) and your hand."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.core.i18n import _, and_list, elide
from monsterbox.core.wording import seat_name
from monsterbox.games.monster.text import (
    ability_text,
    card_name,
    lookup,
    loot_short,
    loot_text,
    villagers,
)
from monsterbox.tui.layout import Flow, and_parts, fit_columns, flow, joined, semi, words

BOLD_EVENTS = ("day", "crisis", "attack", "destroyed", "game_over")
STYLE = {"black": "bold white on black", "white": "black on white", "red": "red", "blue": "blue", "green": "green"}


def row_name(seat: int, seats: Any) -> str:
    return seat_name(seat, seats.names)  # "You" or the reader's name (core.wording.seat_names)


def print_table(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    lk = lookup(cards)
    console.print(Text(_("Day {day}.  Villagers: {villagers}.  Weapon deck: {deck}.  Discard pile top: {top}.").format(
        day=v["day"], villagers=v["villagers"], deck=v["weapon_deck"],
        top=lk.w(v["weapon_discard"][-1]) if v["weapon_discard"] else _("empty")), style="bold"))
    for c in v.get("crises_today", []):
        rule = ability_text(c["effect"], c.get("params", {}), cards, c.get("kind"))
        flow(console, _("Today's crisis: "), [_("{name}: ").format(name=card_name(c["name"])), *words(rule)],
             style="yellow")
    for b in v.get("bounties", []):
        flow(console, _("Bounty in play: "), loot_parts(b), style="yellow")  # its rule: in the ? help
    rules: list[tuple[str, str]] = []
    lairs = Table(header_style="bold underline", box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    lairs.add_column(_("lair"))
    lairs.add_column(_("monsters (top first); killed today"))
    lairs.add_column(_("loot (or villagers)"))

    for lair in v["lairs"]:
        stack = joined([Text(lk.m(m), style=STYLE[m]) for m in lair["monsters"]], ", ",
                       semi(True) if lair["killed"] else "")
        if lair["killed"]:  # the monsters killed here today, after the stack
            stack += joined([Text(_("killed: ")) + lk.m(lair["killed"][0]), *map(lk.m, lair["killed"][1:])], ", ")
        loot = lair["loot"]
        rule = ""
        if lair.get("crisis_rule") not in (None, "none"):
            x = lk.crisis.get(lair["lair"])
            rule = ability_text(x.effect, x.params, cards, x.kind) if x else ""
        if rule:
            rules.append((card_name(lair["name"]), rule))
        worth = [card_name(loot["name"]) + " ", f"({loot['villagers']})"] if loot else []
        lairs.add_row(Flow([card_name(lair["name"])]), Flow(stack), Flow(worth))
    console.print(fit_columns(lairs, console, console.width, whole_headers=False))
    for name, rule in rules:
        flow(console, _("Rule of {lair}: ").format(lair=name), words(rule), style="yellow")
    bank: list[Text | str] = []
    for k, b in enumerate(v["bank"]):  # "Stake 9 (top card: Net) (cubes: you, Ada)": each part a unit
        part: list[Text | str] = [f"{lk.w(b['stack'])} {b['count']}"]
        if b.get("top") and b["top"] != b["stack"]:
            part.append(_("(top card: {top})").format(top=lk.w(b["top"])))
        if b["cubes"]:
            part.append(elide(_("(cubes: {who})").format(
                who=and_list(_("you") if c == seats.you else seat_name(c, seats.names) for c in b["cubes"]))))
        part = [f"{x} " for x in part[:-1]] + [f"{part[-1]}" + (", " if k + 1 < len(v["bank"]) else "")]
        bank += part
    flow(console, _("Bank (weapons left): "), bank)
    table = Table(header_style="bold underline", box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    for col in (_("hunter"), _("character"), _("items"), _("cubes (+in bag)"), _("hand"), _("armed"), _("stored")):
        table.add_column(col)
    for s in v["seats"]:
        ch = s["character"]
        character: list[Text | str] = ["?"]
        if ch:
            character = [card_name(ch["name"]) + " ", _("(used)")] if ch["used"] else [card_name(ch["name"])]
        items: list[Text | str] = []
        for k, i in enumerate(s["items"]):  # "(used)" is its own unit: a narrow column wraps before it
            sep = ", " if k + 1 < len(s["items"]) else ""
            items += [lk.loot_name(i["id"]) + " ", _("(used)") + sep] if i["used"] else [lk.loot_name(i["id"]) + sep]
        hand: list[Text | str] = [str(s["hand_size"])]
        if s["known_in_hand"] and s["seat"] != seats.you:
            known = weapon_parts(s["known_in_hand"], lk)
            known[-1].append(")")
            hand = [f"{s['hand_size']} ", _("(known:") + " ", *known]
        stored: list[Text | str] = [str(s["stored_count"])]
        if s.get("stored_known"):
            seen = weapon_parts(s["stored_known"], lk)
            seen[0] = Text("(") + seen[0]
            seen[-1].append(")")
            stored = [f"{s['stored_count']} ", *seen]
        who = [row_name(s["seat"], seats)]
        state = ([_("leader")] if s["leader"] else []) + ([_("passed")] if s["passed"] else [])
        if state:
            who = [who[0] + " ", "(" + ", ".join(state) + ")"]
        table.add_row(Flow(who), Flow(character), Flow(items),
                      Flow([f"{s['cubes']} (+{s['bag']})"]), Flow(hand),
                      Flow([lk.w(s["armed"])] if s["armed"] else []), Flow(stored))
    console.print(fit_columns(table, console, console.width))
    hand_ids = [w for w, n in sorted(v.get("hand", {}).items()) for _i in range(n)]
    flow(console, _("Your hand: "), weapon_parts(hand_ids, lk) or [_("empty")], style="bold")
    if v.get("loot_choice"):
        flow(console, _("Loot at stake: "), words(loot_text(v["loot_choice"], cards)))


def loot_parts(x: dict[str, Any]) -> list[Text | str]:
    """"Wizard's Pack (or 3 villagers)" as two units: the card's name, then what it is worth in villagers."""
    full = loot_short(x)
    name = card_name(x["name"])
    return [name + " ", full[len(name):].strip()] if full.startswith(name) else [full]


def weapon_parts(ids: list[str], lk: Any) -> list[Text]:
    """The weapons of a hand as units: "2 x Net, " "Torch"."""
    seen: dict[str, int] = {}
    for w in ids:
        seen[w] = seen.get(w, 0) + 1
    return and_parts([lk.w(w) if k == 1 else _("{n} x {weapon}").format(n=k, weapon=lk.w(w)) for w, k in seen.items()])


def print_result(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    result = v["result"]
    console.rule(_("The end"))
    if result["won"]:
        line = _("The team wins after {days} days, with {villagers} left.").format(
            days=result["days"], villagers=villagers(result["villagers"]))
    else:
        line = _("The team loses after {days} days: the village has fallen.").format(days=result["days"])
    console.print(Text(line, style="bold green" if result["won"] else "bold red"))
