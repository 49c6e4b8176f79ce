"""Monster Mansion in the terminal: audition row, skulls on offer, tiles, mansions, sales levels, your screen."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.games.mansion.text import describe_action, narrate, skull_text, who

__all__ = ["describe_action", "print_events", "print_result", "print_story", "print_table"]

COLOURS = {"blue": "blue", "red": "red", "green": "green", "yellow": "yellow", "purple": "magenta"}


def actor_text(a: dict[str, Any]) -> Text:
    return Text(a["name"] + (f"({a['shows']})" if "shows" in a else ""), style=COLOURS.get(a["colour"], ""))


def print_events(console: Console, events: list[dict[str, Any]], you: int) -> None:
    """New events (``Game.events(you, since=...)``), as the seat saw them."""
    for e in events:
        console.print(Text(narrate(e, you), style="bold" if e["type"] in ("audition", "show") else ""))


def print_table(console: Console, v: dict[str, Any]) -> None:
    you = v["seat"]
    row = Text("Audition: ")
    for a in v["audition"]:
        row.append(actor_text(a))
        row.append(f" [{skull_text(a['cost'])}]  ")
    console.print(row)
    console.print(f"Skulls on offer: {skull_text(v['audition_skulls'])}   Tiles: "
                  + ", ".join(f"{t['tile']}={t['tickets']}t/{t['skulls']}s"
                              + (f" (seat {t['taken_by']})" if t["taken_by"] is not None else "") for t in v["tiles"]))
    table = Table(show_header=True, header_style="bold")
    for col in ("seat", "sales", "actors", "chambers", "rewards", "reserved", "tile"):
        table.add_column(col)
    for s in v["seats"]:
        actors = Text()
        for a in s["actors"]:
            actors.append(actor_text(a))
            actors.append(" ")
        name = "dummy" if s["dummy"] else who(s["seat"], you) + (" (start)" if s.get("starting_player") else "")
        table.add_row(name, str(s.get("sales_level", "")), actors,
                      ", ".join(c["type"] for c in s.get("chambers", [])), ", ".join(s.get("rewards", [])),
                      str(s.get("reserved_count", "")), str(s["tile"] or ""))
    console.print(table)
    me = v["seats"][you]
    console.print(f"[bold]Behind your screen:[/] {skull_text(me['screen']['skulls'])}; "
                  f"{me['screen']['tickets']} tickets. Reserved: "
                  + (", ".join(a["name"] for a in me["reserved"]) or "none"))


def print_result(console: Console, result: dict[str, Any], you: int | None) -> None:
    console.rule("Sold out")
    for p, left in enumerate(result["tickets_left"]):
        console.print(f"{who(p, you)}: sales level {result['sales_levels'][p]}, tickets left {max(0, left)}"
                      + (f", excess sold {-left}" if left <= 0 else ""))
    names = ", ".join(who(w, you) for w in result["winners"])
    console.print(f"[bold]Winner{'s' if len(result['winners']) > 1 else ''}: {names}[/] after {result['rounds']} "
                  "rounds")


def print_story(console: Console, v: dict[str, Any], events: list[dict[str, Any]]) -> None:
    for e in events:
        console.print(Text(narrate(e)))
    if v.get("result"):
        print_result(console, v["result"], None)
