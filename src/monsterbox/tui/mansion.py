"""Monster Mansion in the terminal: the audition (colours in words), skulls on offer, tiles, every mansion with its
Sales Level part by part, the actor discard pile (the Mummy's choice), the skull discard tile (Costume's) and your
screen."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.core.i18n import _, and_list
from monsterbox.core.wording import seat_name
from monsterbox.games.mansion.text import (
    COLOUR_NAMES,
    actor_label,
    chamber_label,
    cost_text,
    lookup,
    sales_breakdown,
    skull_text,
    who_seat,
)

BOLD_EVENTS = ("audition", "show", "game_over")
COLOURS = {"blue": "blue", "red": "red", "green": "green", "yellow": "yellow", "purple": "magenta"}


def actor_text(a: dict[str, Any]) -> Text:
    return Text(actor_label(a), style=COLOURS.get(a["colour"], ""))


def row_name(seat: int, seats: Any, players: int) -> str:
    if seat >= players:
        return _("the dummy").capitalize()
    return _("You") if seat == seats.you else seat_name(seat, seats.names)


def print_table(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    lk = lookup(cards)
    players = v["players"]
    row = Text(_("Audition: "))
    for i, a in enumerate(v["audition"]):
        if i:
            row.append(" | ")
        row.append(actor_text(a))
        row.append(" " + _("cost {cost}").format(cost=cost_text(a["cost"])))
    console.print(row)
    tiles = []
    for t in v["tiles"]:
        part = _("{tile}: {tickets} tickets, {skulls} skulls").format(tile=t["tile"], tickets=t["tickets"],
                                                                     skulls=t["skulls"])
        if t["taken_by"] is not None:
            part += " " + _("(taken by {who})").format(who=who_seat(t["taken_by"], seats.you, seats.names, players))
        tiles.append(part)
    console.print(Text(_("Skulls on offer: {skulls}.").format(skulls=skull_text(v["audition_skulls"]))))
    console.print(Text(_("Turn-order tiles: ") + "; ".join(tiles)))
    console.print(Text(_("Actor discard pile: {actors}.  Skull discard tile: {skulls}.  Bag: {bag}.").format(
        actors=and_list(actor_label(a) for a in v["actor_discard"]) or _("empty"),
        skulls=skull_text(v["skull_discard"]), bag=v["skull_bag"])))
    table = Table(show_header=True, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for col in (_("seat"), _("sales level"), _("actors"), _("chambers"), _("rewards"), _("reserved"), _("tile")):
        table.add_column(col)
    for s in v["seats"]:
        actors = Text()
        for i, a in enumerate(s["actors"]):
            if i:
                actors.append("\n")
            actors.append(actor_text(a))
        name = row_name(s["seat"], seats, players)
        if s.get("starting_player"):
            name += " " + _("(starts)")
        level = ""
        if not s["dummy"]:
            level = f"{s['sales_level']} = " + " ".join(sales_breakdown(v, s["seat"]))
        table.add_row(name, level, actors, "\n".join(chamber_label(c) for c in s.get("chambers", [])),
                      "\n".join(lk.reward_name(r) for r in s.get("rewards", [])),
                      str(s.get("reserved_count", "")), str(s["tile"] or ""))
    console.print(table)
    me = v["seats"][seats.you]
    reserved = and_list(actor_label(a) for a in me.get("reserved") or []) or _("none")
    console.print(Text(_("Behind your screen: {skulls}; {tickets} tickets. Reserved: {reserved}.").format(
        skulls=skull_text(me["screen"]["skulls"]), tickets=me["screen"]["tickets"], reserved=reserved),
        style="bold"))


def print_result(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    result = v["result"]
    players = v["players"]
    console.rule(_("Sold out"))
    for p, left in enumerate(result["tickets_left"]):
        line = _("{who}: sales level {level}, tickets left {left}").format(
            who=row_name(p, seats, players), level=result["sales_levels"][p], left=max(0, left))
        if left <= 0:
            line += ", " + _("sold {n} more than the stock").format(n=-left)
        console.print(Text(line))
    names = and_list(row_name(w, seats, players) for w in result["winners"])
    line = (_("Winner: {names}, after {rounds} rounds.") if len(result["winners"]) == 1
            else _("Winners: {names}, after {rounds} rounds.")).format(names=names, rounds=result["rounds"])
    console.print(Text(line, style="bold"))


__all__ = ["COLOUR_NAMES", "print_result", "print_table"]
