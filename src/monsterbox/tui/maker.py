"""Monster Maker in the terminal: labyrinths with their distances, monsters, hands, treasures, dice."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.games.maker.text import describe_action, narrate, who

__all__ = ["describe_action", "print_events", "print_result", "print_story", "print_table"]


def print_events(console: Console, events: list[dict[str, Any]], you: int) -> None:
    """New events (``Game.events(you, since=...)``), as the seat saw them."""
    for e in events:
        console.print(Text(narrate(e, you), style="bold" if e["type"] in ("round", "exit", "judgment") else ""))


def treasure_text(t: dict[str, Any]) -> str:
    if t.get("hidden"):
        return "[face down]"
    extra = []
    if "battle_bonus" in t:
        extra.append(f"{'/'.join(t['battle_bonus']['classes'])} +{t['battle_bonus']['amount']}")
    if t.get("removes_undead"):
        extra.append("removes undead")
    if t.get("exit_modifier"):
        extra.append(f"+{t['exit_modifier']} return")
    state = "open" if t["open"] else ("face up" if t.get("face_up") else "face down")
    return f"{t['name']} {t['value']}" + (f" ({', '.join(extra)})" if extra else "") + f" [{state}]"


def print_table(console: Console, v: dict[str, Any]) -> None:
    you = v["seat"]
    console.print(f"Chest at {v['chest_distance']}   Draw pile {v['draw_pile']}   Discards {len(v['discard_pile'])}"
                  f"   Treasures left {v['treasure_pile']}" + ("   [bold red]END PHASE[/]" if v["end_phase"] else ""))
    table = Table(show_header=True, header_style="bold")
    for col in ("seat", "tile", "enter", "exit", "labyrinth", "monster", "hand", "treasures"):
        table.add_column(col)
    for s in v["seats"]:
        lab = " ".join(s["entry_cards"]) + (" | " + " ".join(s["exit_cards"]) if s["exit_cards"] else "")
        mon = f"{s['monster']['name']} {s['monster']['strength']}" + (" (undead)" if s["monster"]["undead"] else "") \
            if s["monster"] else ""
        exit_txt = f"{s['exit']}/{s['exit_needed']}" if s["exit_needed"] is not None else "-"
        table.add_row(who(s["seat"], you) + (" *" if s["exit_bonus"] else ""), s["stage"], str(s["entry"]), exit_txt,
                      lab, Text(mon, style="red"), str(s["hand_size"]),
                      "; ".join(treasure_text(t) for t in s["treasures"]))
    console.print(table)
    if "battle" in v:
        b = v["battle"]
        console.print(f"Battle: {', '.join(b['characters']) or '(no one yet)'}"
                      + (f"; bonuses: {', '.join(e['treasure'] + '->' + e['character'] for e in b['equips'])}"
                         if b["equips"] else ""))
    hand = ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(v["hand"].items()))
    console.print(f"[bold]Your hand:[/] {hand or '(empty)'}")


def print_result(console: Console, result: dict[str, Any], you: int | None) -> None:
    console.rule("Victory judgment")
    for rnd in result["rounds"]:
        table = Table(title=f"Game {rnd['round']}", show_header=True, header_style="bold")
        for col in ("seat", "tile", "treasures", "exit bonus", "enter/exit", "penalty", "rewards", "score"):
            table.add_column(col)
        for d in rnd["detail"]:
            tre = ", ".join(f"{t['id']} {t['value']}" + (f" (dice {t['dice']})" if t["dice"] else "")
                            for t in d["treasures"])
            dist = f"{d['entry']}/{d['exit']}" + (f" (needed {d['target']})" if "target" in d else "")
            table.add_row(who(d["seat"], you), ("entering", "exiting", "exited")[d["stage"]],
                          tre or d.get("note", ""), str(d["exit_bonus"]), dist, str(-d["penalty"]),
                          ", ".join(d["rewards"]), str(d["total"]))
        console.print(table)
    names = ", ".join(who(w, you) for w in result["winners"])
    console.print(f"Totals: {result['scores']}  [bold]Winner{'s' if len(result['winners']) > 1 else ''}: {names}[/]")


def print_story(console: Console, v: dict[str, Any], events: list[dict[str, Any]]) -> None:
    for e in events:
        console.print(Text(narrate(e)))
    if v.get("result") and v["phase"] == "over":
        print_result(console, v["result"], None)
