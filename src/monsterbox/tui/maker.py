"""Monster Maker in the terminal: labyrinths with their distances, monsters with their strength, hands with card
strengths, treasures (face down, face up or open, in words) and the judgment with its penalty explained."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.core.i18n import _, and_list, elide
from monsterbox.core.wording import seat_name
from monsterbox.games.maker.text import (
    REWARD_NAMES,
    STAGES,
    card_label,
    card_name,
    lookup,
    penalty_text,
    treasure_extras,
    treasure_label,
    treasure_state,
)
from monsterbox.tui.layout import Flow, and_parts, flow, semi

BOLD_EVENTS = ("round", "exit", "judgment")


def row_name(seat: int, seats: Any) -> str:
    return seat_name(seat, seats.names)  # "You" or the reader's name (core.wording.seat_names)


def treasure_parts(t: dict[str, Any]) -> list[str]:
    """A treasure as units that wrap apart: "Holy Sword 300G", "(Fighter +3 in battle)", "(face up)"."""
    if t.get("hidden"):
        return [treasure_label(t)]
    extra = treasure_extras(t)
    return [f"{card_name(t['name'])} {t['value']} "] + ([f"({', '.join(extra)}) "] if extra else []) + \
        [f"({treasure_state(t)})"]


def treasure_units(treasures: list[dict[str, Any]]) -> list[str]:
    units: list[str] = []
    for i, t in enumerate(treasures):
        part = treasure_parts(t)
        part[-1] += semi(True) if i + 1 < len(treasures) else "."
        units += part
    return units


def print_table(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    lk = lookup(cards)
    line = _("Game {round} of {rounds}.  Treasure chest at {chest}.  Draw pile: {pile}.  Discards: {discards}.  "
             "Treasures left: {treasures}.").format(round=v["round"], rounds=v["rounds"], chest=v["chest_distance"],
                                                    pile=v["draw_pile"], discards=len(v["discard_pile"]),
                                                    treasures=v["treasure_pile"])
    console.print(Text(line))
    if v["end_phase"]:
        console.print(Text(_("End phase: someone is out; the others have one last chance."), style="bold red"))
    table = Table(show_header=True, header_style="bold underline", box=None, pad_edge=False, show_edge=False,
                  padding=(0, 1))
    for col in (_("seat"), _("where"), _("way in"), _("way back"), _("monster"), _("hand")):
        table.add_column(col)
    for s in v["seats"]:
        back = _("{done} of {needed}").format(done=s["exit"], needed=s["exit_needed"]) \
            if s["exit_needed"] is not None else "-"
        mon = card_label(s["monster"]) if s["monster"] else ""
        name = Flow([row_name(s["seat"], seats) + " "] + ([_("(first out: +100)")] if s["exit_bonus"] else []))
        table.add_row(name, _(STAGES.get(s["stage"], s["stage"])), str(s["entry"]), back,
                      Flow([Text(mon, style="red")]), str(s["hand_size"]))
    console.print(table)
    for s in v["seats"]:  # each seat's treasures on their own line(s), so long names are never cut
        if s["treasures"]:
            units = treasure_units(s["treasures"])
            head = _("Your treasures: ") if s["seat"] == seats.you else \
                elide(_("Treasures of {who}: ").format(who=seat_name(s["seat"], seats.names)))
            flow(console, head, units, indent=4)
    if "battle" in v:
        b = v["battle"]
        who = and_list(lk.name(c) for c in b["characters"]) or _("no one yet")
        line = _("Battle against {monster}: {who}").format(
            monster=card_label(b["monster"]) if b.get("monster") else "?", who=who)
        if b["equips"]:
            line += semi() + and_list(_("{treasure} for {character}").format(
                treasure=lk.treasure_name(e["treasure"]), character=lk.short(e["character"])) for e in b["equips"])
        console.print(Text(line, style="bold"))
    hand: dict[str, int] = {}
    for c, n in sorted(v.get("hand", {}).items()):
        hand[c] = hand.get(c, 0) + n
    cards_in_hand = [lk.name(c) if k == 1 else _("{n} x {card}").format(n=k, card=lk.name(c)) for c, k in hand.items()]
    flow(console, _("Your hand: "), and_parts(cards_in_hand) or [_("empty")], style="bold")


def print_result(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    lk = lookup(cards)
    result = v["result"]
    console.rule(_("Victory judgment"))
    for rnd in result["rounds"]:
        table = Table(title=_("Game {round}").format(round=rnd["round"]), show_header=True, header_style="bold")
        for col in (_("seat"), _("where"), _("treasures"), _("exit bonus"), _("in / back"), _("penalty"),
                    _("rewards"), _("score")):
            table.add_column(col)
        for d in rnd["detail"]:
            tre = "\n".join(f"{lk.treasure_name(t['id'])} {t['value']}"
                            + (" " + _("(dice {dice})").format(dice=" ".join(map(str, t["dice"]))) if t["dice"] else "")
                            for t in d["treasures"])
            dist = f"{d['entry']} / {d['exit']}" + (" " + _("(needed {n})").format(n=d["target"])
                                                     if "target" in d else "")
            table.add_row(row_name(d["seat"], seats), _(STAGES.get(("entering", "exiting", "exited")[d["stage"]])),
                          tre or _("none"), str(d["exit_bonus"]), dist, penalty_text(d),
                          "\n".join(_(REWARD_NAMES.get(r, r)) for r in d["rewards"]), str(d["total"]))
        console.print(table)
    totals = and_list(_("{who} {points}").format(who=row_name(p, seats), points=sc)
                      for p, sc in enumerate(result["scores"]))
    names = and_list(row_name(w, seats) for w in result["winners"])
    console.print(Text(_("Totals: {totals}.").format(totals=totals)))
    console.print(Text((_("Winner: {names}.") if len(result["winners"]) == 1 else _("Winners: {names}.")).format(
        names=names), style="bold"))
