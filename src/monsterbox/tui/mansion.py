"""Monster Mansion in the terminal: the audition (colours in words), skulls on offer, tiles, every mansion with its
Sales Level part by part, the actor discard pile (the Mummy's choice), the skull discard tile (Costume's) and your
screen."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from monsterbox.core.i18n import _, and_list
from monsterbox.core.wording import count, seat_name
from monsterbox.games.mansion.text import (
    COLOUR_NAMES,
    actor_label,
    actor_points,
    card_name,
    chamber_label,
    colour,
    colours,
    cost_text,
    lookup,
    who_seat,
)
from monsterbox.tui.layout import Flow, and_parts, as_text, flow, joined, semi

BOLD_EVENTS = ("audition", "show", "game_over")
COLOURS = {"blue": "blue", "red": "red", "green": "green", "yellow": "yellow", "purple": "magenta"}


def actor_text(a: dict[str, Any]) -> Text:
    return Text(actor_label(a), style=COLOURS.get(a["colour"], ""))


def row_name(seat: int, seats: Any, players: int) -> str:
    if seat >= players:
        return _("the dummy").capitalize()
    return seat_name(seat, seats.names)  # "You" or the reader's name (core.wording.seat_names)


def short_skulls(d: dict[str, int]) -> list[str]:
    """["2 blue", "1 grey"]: skull counts by colour, for the lines of the table."""
    return [f"{n} {colour(c) if n == 1 else colours(c)}" for c, n in d.items() if n]


def seat_block(v: dict[str, Any], s: dict[str, Any], seats: Any, lk: Any) -> Flow:
    """One mansion as a paragraph: who, Sales Level part by part, tile, reserve, chambers, rewards, then its actors,
    each with what it adds to the Sales Level."""
    players = v["players"]
    who = row_name(s["seat"], seats, players)
    if s.get("starting_player"):
        who += " " + _("(starts)")
    name = Text(_("{who}: ").format(who=who), style="bold")
    head: list[Text | str] = [name]
    if not s["dummy"]:
        points = actor_points(v, s["seat"])
        parts = [_("mansion +1")]
        if any(p is not None for p in points):
            parts.append(_("actors +{n}").format(n=sum(p or 0 for p in points)))
        parts += [f"{lk.reward_name(r)} +3" for r in s.get("rewards", [])]
        head.append(_("sales level {level} = ").format(level=s["sales_level"]))
        head += joined(parts, ", ", semi(True))
    else:
        points = [None] * len(s["actors"])
    if s["tile"]:
        head.append(_("tile {tile}").format(tile=s["tile"]) + semi(True))
    if s.get("ticket_count") is not None and s["seat"] != seats.you:  # public (P12); yours are behind your screen
        head.append(count(s["ticket_count"], "{n} ticket", "{n} tickets") + semi(True))
    if s.get("reserved_count") and s["seat"] != seats.you:  # yours are listed behind your screen
        head.append(count(s["reserved_count"], "{n} actor reserved", "{n} actors reserved") + semi(True))
    chambers = [chamber_label(c) for c in s.get("chambers", [])]
    if chambers:
        head += joined([_("chambers: ") + chambers[0], *chambers[1:]], ", ")
    actors = []
    for a, pts in zip(s["actors"], points, strict=True):
        unit = actor_text(a)
        if pts is not None:
            unit.append(f" +{pts}")
        actors.append(unit)
    if actors:
        if len(head) > 1:  # something before the actors: a ";" between (after the name alone, none: "The dummy: ")
            last = as_text(head[-1])
            last.rstrip()
            last.remove_suffix(semi().rstrip())
            head[-1] = last + semi(True)
        head += joined([Text(_("actors: ")) + actors[0], *actors[1:]], ", ")
    if len(head) == 1:  # nothing yet (the dummy at the start): said, not left as an empty "The dummy:"
        head.append(_("no actor yet"))
    last = as_text(head[-1])
    last.rstrip()
    last.remove_suffix(semi().rstrip())
    last.rstrip()
    head[-1] = last
    return Flow(head, indent=2)


def print_table(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    lk = lookup(cards)
    players = v["players"]
    audition = []
    for a in v["audition"]:
        unit = actor_text(a)
        unit.append(" " + cost_text(a["cost"]))
        audition.append(unit)
    flow(console, _("Audition (actor and cost): "), joined(audition, " | ") or [_("empty")])
    tiles = []
    for t in v["tiles"]:
        part = _("{tile}: {tickets} tickets, {skulls} skulls").format(tile=t["tile"], tickets=t["tickets"],
                                                                     skulls=t["skulls"])
        if t["taken_by"] is not None:
            part += " " + _("({who})").format(who=who_seat(t["taken_by"], seats.you, seats.names, players))
        tiles.append(part)
    offer = joined(short_skulls(v["audition_skulls"]) or [_("no skull")], ", ", ".  ")
    flow(console, _("Skulls on offer: "), [*offer, *joined([_("Tiles: ") + tiles[0], *tiles[1:]], semi(), ".")]
         if tiles else offer)
    discard = joined(short_skulls(v["skull_discard"]) or [_("no skull")], ", ", ".  ")
    grouped: dict[str, list[str]] = {}  # "Eva (blue, purple)": the pile by actor, its colours in pile order
    for a in v["actor_discard"]:
        grouped.setdefault(a["name"], []).append(colour(a["colour"]))
    pile = [_("{name} ({colour})").format(name=card_name(n), colour=", ".join(cs)) for n, cs in grouped.items()]
    pile_units = and_parts(pile) or [Text(_("empty"))]  # the Mummy's choice, on the same paragraph
    pile_units[0] = Text(_("Actor discard pile: ")) + pile_units[0]
    flow(console, _("Skull discard tile: "), [*discard, _("Bag: {bag}.").format(bag=v["skull_bag"]) + "  ",
                                              *pile_units])
    for s in v["seats"]:
        console.print(seat_block(v, s, seats, lk))
    me = v["seats"][seats.you]
    screen = joined(short_skulls(me["screen"]["skulls"]) or [_("no skull")], ", ", semi())
    tickets = Text(_("{tickets} tickets.").format(tickets=me["screen"]["tickets"]) + "  ")
    reserved = and_parts([actor_text(a) + " " + cost_text(a["cost"])
                          for a in me.get("reserved") or []]) or [Text(_("none"))]
    reserved[0] = Text(_("Reserved (actor and cost): ") if me.get("reserved") else _("Reserved: ")) + reserved[0]
    reserved[-1].append(".")
    flow(console, _("Behind your screen: "), [*screen, tickets, *reserved], style="bold")


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
