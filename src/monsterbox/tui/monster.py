"""Monster in the terminal: lairs as stacks with their loot, the villager counter, the bank with cubes, your hand,
armed weapons, characters and items with their used state."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.games.monster.text import MONSTER_NAMES, describe_action, narrate, who

__all__ = ["describe_action", "print_events", "print_result", "print_story", "print_table"]

STYLE = {"black": "bold white on black", "white": "black on white", "red": "red", "blue": "blue", "green": "green"}


def print_events(console: Console, events: list[dict[str, Any]], you: int) -> None:
    """New events (``Game.events(you, since=...)``), as the seat saw them."""
    for e in events:
        console.print(Text(narrate(e, you), style="bold" if e["type"] in ("day", "crisis", "attack") else ""))


def print_table(console: Console, v: dict[str, Any]) -> None:
    you = v["seat"]
    console.print(f"Day {v['day']}   [bold]Villagers: {v['villagers']}[/]   Weapon deck {v['weapon_deck']}   "
                  f"Discard top: {', '.join(v['weapon_discard'][-2:]) or '-'}")
    lairs = Table(title="Lairs (top monster first)", header_style="bold")
    for col in ("lair", "monsters", "killed today", "loot", "rule"):
        lairs.add_column(col)
    for lair in v["lairs"]:
        stack = Text()
        for m in lair["monsters"]:
            stack.append(MONSTER_NAMES[m][:3], style=STYLE[m])
            stack.append(" ")
        loot = lair["loot"]
        loot_text = f"{loot['name']} ({loot['kind']}, {loot['villagers']}v)" if loot else ""
        lairs.add_row(lair["name"], stack, " ".join(MONSTER_NAMES[m][:3] for m in lair["killed"]), loot_text,
                      lair["crisis_rule"] or "")
    console.print(lairs)
    bank = "  ".join(f"{b['stack']}:{b['count']}" + (f"[cubes {b['cubes']}]" if b["cubes"] else "") for b in v["bank"])
    console.print(f"Bank: {bank}")
    seats = Table(header_style="bold")
    for col in ("seat", "character", "items", "cubes", "hand", "armed", "stored", "state"):
        seats.add_column(col)
    for s in v["seats"]:
        ch = s["character"]
        seats.add_row(who(s["seat"], you) + (" (leader)" if s["leader"] else ""),
                      f"{ch['name']}{' (used)' if ch['used'] else ''}" if ch else "?",
                      ", ".join(i["id"] + (" (used)" if i["used"] else "") for i in s["items"]),
                      f"{s['cubes']} (+{s['bag']} in bag)", str(s["hand_size"]), s["armed"] or "",
                      str(s["stored_count"]), "passed" if s["passed"] else "")
    console.print(seats)
    hand = ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(v["hand"].items()))
    console.print(f"[bold]Your hand:[/] {hand or '(empty)'}")


def print_result(console: Console, result: dict[str, Any], you: int | None) -> None:
    console.rule("The end")
    console.print(("[bold green]The team wins[/]" if result["won"] else "[bold red]The team loses[/]")
                  + f" after {result['days']} day(s), {result['villagers']} villagers left.")


def print_story(console: Console, v: dict[str, Any], events: list[dict[str, Any]]) -> None:
    for e in events:
        console.print(Text(narrate(e)))
    if v.get("result"):
        print_result(console, v["result"], None)
