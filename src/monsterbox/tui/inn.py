"""Monster Inn in the terminal: the tavern, the pool, hands and dungeons as the table shows them."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.games.inn.text import card_text, describe_action, narrate, seat_name

__all__ = ["describe_action", "print_events", "print_result", "print_story", "print_table"]

COLOURS = {"purple": "magenta", "orange": "dark_orange", "red": "red", "green": "green", "blue": "blue"}


def styled(c: dict[str, Any]) -> Text:
    if c["kind"] == "monster":
        return Text(card_text(c), style=COLOURS.get(c["colour"], ""))
    return Text(card_text(c), style="dim")


def print_events(console: Console, events: list[dict[str, Any]], you: int) -> None:
    """New events (``Game.events(you, since=...)``), as the seat saw them."""
    for e in events:
        style = "bold" if e["type"] == "round" else ""
        console.print(Text(narrate(e, you), style=style))


def print_table(console: Console, v: dict[str, Any]) -> None:
    you = v["seat"]
    tavern = Text("Tavern: ")
    for i, c in enumerate(v["tavern"]):
        if i:
            tavern.append("  ")
        t = styled(c)
        if i == 0:
            t.stylize("reverse")
        tavern.append(t)
    console.print(tavern)
    pool = v["pool"]
    console.print(f"Pool: {pool['count']} {pool['kind'] or ''}   Supply: {v['supply']['gold']} gold, "
                  f"{v['supply']['gem']} gems   Draw pile: {v['draw_pile']}   Round {v['round']}/{v['rounds']}")
    table = Table(show_header=True, header_style="bold")
    for col in ("seat", "in", "treasures", "monsters (top row)", "humans (face down)"):
        table.add_column(col)
    for s in v["seats"]:
        tr = s["treasures"]
        treasures = f"{tr['gold']} gold, {tr['gem']} gems" if tr else "hidden"
        mons = Text()
        for m in s["dungeon"]["monsters"]:
            mons.append(styled(m))
            if m["supported_with"]:
                mons.append(f"+{m['supported_with']}", style="bold yellow")
            mons.append(" ")
        hums = " ".join(card_text(h) for h in s["dungeon"]["humans"])
        table.add_row(seat_name(s["seat"], you), "yes" if s["in_round"] else "out", treasures, mons, hums)
    console.print(table)
    h = v["hand"]
    console.print(f"[bold]Your hand:[/] {h['gold']} gold, {h['gem']} gems")


def print_result(console: Console, result: dict[str, Any], you: int | None) -> None:
    """The scoring, pair by pair: what was removed and why, then the treasures and the winners."""
    console.rule("Scoring")
    for b in result["breakdown"]:
        table = Table(title=f"{seat_name(b['seat'], you)}: {b['total']} fame points", title_justify="left",
                      show_header=True, header_style="bold")
        for col in ("#", "monster", "support", "human beneath", "what happens", "points"):
            table.add_column(col, justify="right" if col in ("#", "points") else "left")
        for pair in b["pairs"]:
            m, h = pair["monster"], pair["human"]
            table.add_row(
                str(pair["position"]),
                styled(m) if m else Text("-", style="dim"),
                (m or {}).get("supported_with") or "",
                card_text(h) if h else "-",
                h["fate"] if h else ("no human: full skulls" if m else ""),
                f"{pair['points']:+d}",
            )
        t = b["treasures"]
        table.add_row("", "treasures", "", f"{t['gold']} gold + {t['gem']} gems", f"{t['total']} // 3",
                      f"{t['points']:+d}")
        console.print(table)
    names = ", ".join(seat_name(w, you) for w in result["winners"])
    console.print(f"[bold]Winner{'s' if len(result['winners']) > 1 else ''}: {names}[/]")


def print_story(console: Console, v: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """The whole game's public events, then the scoring if it is over."""
    for e in events:
        console.print(Text(narrate(e)))
    if "result" in v:
        print_result(console, v["result"], None)
