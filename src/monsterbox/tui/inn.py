"""Monster Inn in the terminal: the tavern, the pool, hands and dungeons (each monster over its human)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monsterbox.core.i18n import _, and_list
from monsterbox.core.wording import seat_name
from monsterbox.games.inn.text import COLOUR_NAMES, FATES, card_text, treasures
from monsterbox.tui.layout import Flow, flow, joined, semi

BOLD_EVENTS = ("round", "game_over")
COLOURS = {"purple": "magenta", "orange": "dark_orange", "red": "red", "green": "green", "blue": "blue"}


def styled(c: dict[str, Any], short: bool = True) -> Text:
    if c["kind"] == "monster":
        return Text(card_text(c, short), style=COLOURS.get(c["colour"], ""))
    return Text(card_text(c, short), style="dim")


def row_name(seat: int, seats: Any) -> str:
    return seat_name(seat, seats.names)  # "You" or the reader's name (core.wording.seat_names)


def print_table(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    tavern = []
    for i, c in enumerate(v["tavern"]):
        t = styled(c)
        if i == 0:
            t.stylize("bold reverse")
        tavern.append(t)
    flow(console, _("Tavern (next card first): "), joined(tavern, " | ") or [_("empty")])
    pool = v["pool"]
    line = _("Pool: {pool}.  Supply: {gold} and {gems}.  Draw pile: {pile}.  Round {round} of {rounds}.").format(
        pool=treasures(pool["kind"], pool["count"]), gold=treasures("gold", v["supply"]["gold"], True),
        gems=treasures("gem", v["supply"]["gem"], True), pile=v["draw_pile"], round=v["round"], rounds=v["rounds"])
    console.print(Flow(joined(line.split("  "), "  ")))  # wraps between sentences
    console.print(Text(_("Dungeons (each monster / the human beneath it):"), style="bold"))
    for s in v["seats"]:  # one paragraph a seat, wrapped between cards
        head = Text(_("{who} ({status}): ").format(who=row_name(s["seat"], seats),
                                                   status=_("in the round") if s["in_round"] else _("out")) + " ",
                    style="bold")
        tr = s["treasures"]
        units: list[Text | str] = [head]
        if tr:
            units += [_("treasures: ") + treasures("gold", tr["gold"], True) + ", ",
                      treasures("gem", tr["gem"], True) + semi(True)]
        elif s.get("treasure_count"):  # face down, but every movement was public (R8): the count is known
            tc = s["treasure_count"]
            units += [_("treasures face down: ") + treasures("gold", tc["gold"], True) + ", ",
                      treasures("gem", tc["gem"], True) + semi(True)]
        else:
            units.append(_("treasures hidden") + semi(True))
        mons, hums = s["dungeon"]["monsters"], s["dungeon"]["humans"]
        pairs = []
        for i, m in enumerate(mons):
            pair = styled(m)
            if m.get("supported_with"):
                pair.append(" " + _("(supported)"), style="bold yellow")
            pair.append(" / ")
            pair.append(card_text(hums[i], True) if i < len(hums) else _("(no human)"), style="dim")
            pairs.append(pair)
        bare = [Text(card_text(h, True), style="dim") for h in hums[len(mons):]]  # no monster over them yet
        if bare:
            bare[0] = Text(_("humans with no monster: ")) + bare[0]
        if pairs and bare:
            units += joined(pairs, semi(), semi(True)) + joined(bare, ", ")
        elif pairs or bare:
            units += joined(pairs, semi()) if pairs else joined(bare, ", ")
        else:
            units.append(_("empty dungeon"))
        console.print(Flow(units, indent=2))
    h = v["hand"]
    mine = _("Your treasures: {gold} and {gems}.").format(gold=treasures("gold", h["gold"], True),
                                                           gems=treasures("gem", h["gem"], True))
    console.print(Text(mine, style="bold"))


def print_result(console: Console, v: dict[str, Any], seats: Any, cards: Any = None) -> None:
    """The scoring, pair by pair: what was removed and why, then the treasures and the winners."""
    result = v["result"]
    console.rule(_("Last call: scoring"))
    for b in result["breakdown"]:
        table = Table(title=_("{who}: {total} fame points").format(who=row_name(b["seat"], seats), total=b["total"]),
                      title_justify="left", show_header=True, header_style="bold")
        for col in (_("#"), _("monster"), _("support"), _("human beneath"), _("what happens"), _("points")):
            table.add_column(col)
        for pair in b["pairs"]:
            m, h = pair["monster"], pair["human"]
            table.add_row(
                str(pair["position"]),
                styled(m) if m else Text("-", style="dim"),
                _("yes") if (m or {}).get("supported_with") else "",
                card_text(h, True) if h else "-",
                _(FATES.get(h["fate"], h["fate"])) if h else (_("no human: all its skulls count") if m else ""),
                f"{pair['points']:+d}",
            )
        t = b["treasures"]
        table.add_row("", _("treasures"), "", _("{gold} + {gems} = {total}").format(
            gold=treasures("gold", t["gold"], True), gems=treasures("gem", t["gem"], True),
            total=t["total"]),
            _("1 point per 3 treasures"), f"{t['points']:+d}")
        console.print(table)
    winners = result["winners"]
    names = and_list(row_name(w, seats) for w in winners)
    scores = result["scores"]
    best = max(scores)
    tied = [p for p, sc in enumerate(scores) if sc == best]
    if len(winners) == 1:
        line = _("Winner: {names}.").format(names=names)
    else:
        line = _("Winners (shared victory): {names}.").format(names=names)
    if len(tied) > 1:
        line += " " + _("Tie on {points} fame points, broken by the most treasures: {counts}.").format(
            points=best, counts=and_list(f"{row_name(p, seats)} {result['treasures'][p]}" for p in tied))
    console.print(Text(line, style="bold"))


__all__ = ["COLOUR_NAMES", "print_result", "print_table"]
