"""Plain-text wording of Monster Inn views, events and actions (used by the terminal and by replays)."""

from __future__ import annotations

from typing import Any

KIND_WORD = {"gold": "gold", "gem": "gem"}


def plural(kind: str | None, n: int) -> str:
    if kind is None:
        return "nothing"
    word = {"gold": "gold coin", "gem": "gem"}[kind]
    return f"{n} {word}{'s' if n != 1 else ''}"


def card_text(c: dict[str, Any]) -> str:
    """``M7 goblin 7 (2 skulls)`` for a monster, ``human 11-15`` face down, ``H13 (3 skulls)`` face up."""
    if c.get("kind") == "monster":
        return f"{c['id']} {c['race']} {c['value']} ({c['skulls']}\u2620)"
    if c.get("face_down", False) or "id" not in c:
        return f"human [{c['range']}]"
    return f"{c['id']} human {c['value']} ({c['skulls']}\u2620)"


def seat_name(seat: int, you: int | None) -> str:
    return "You" if seat == you else f"Seat {seat}"


def narrate(e: dict[str, Any], you: int | None = None) -> str:
    """One event as a sentence."""
    t = e["type"]
    who = seat_name(e["seat"], you) if "seat" in e else ""
    second = "seat" in e and e["seat"] == you

    def verb(third: str) -> str:  # "Seat 2 drops" / "You drop"
        if not second:
            return third
        return {"is": "are", "has": "have"}.get(third, third[:-2] if third.endswith("es") and third[-3] in "sxh"
                                                 else third[:-1])

    if t == "round":
        row = ", ".join(card_text(c) for c in e["tavern"])
        return f"Round {e['round']}: {seat_name(e['starter'], you)} lays out the tavern: {row}"
    if t == "stay":
        return f"{who} {verb('stays')} in with 1 {e['kind']} (pool: {plural(e['kind'], e['pool'])})"
    if t == "exchange":
        took = plural(e["took"]["kind"], e["took"]["count"])
        placed = plural(e["placed"]["kind"], e["placed"]["count"])
        return f"{who} {verb('exchanges')}: {verb('takes')} {took}, {verb('places')} {placed}"
    if t == "drop":
        took = plural(e["took"]["kind"], e["took"]["count"]) if e["took"]["count"] else "an empty pool"
        how = f"{verb('is')} the last one in and must drop out" if e["forced"] else f"{verb('drops')} out"
        return f"{who} {how}, taking {took} and {card_text(e['creature'])}"
    if t == "bonus":
        return f"{who} {verb('takes')} 1 {e['kind']} from the supply as the human bonus" + (
            " (the only kind left)" if e["automatic"] else "")
    if t == "support":
        return f"{who} {verb('supports')} {e['monster']} with 1 {e['kind']}"
    if t == "no_support":
        return f"{who} {verb('asks')} for no support"
    if t == "game_over":
        return f"Game over. Scores: {', '.join(str(s) for s in e['scores'])}"
    return str(e)


def describe_action(v: dict[str, Any], action: str) -> str:
    """What choosing ``action`` does, in words, from the chooser's view."""
    pool = v["pool"]
    if action.startswith("stay:"):
        kind = action.split(":")[1]
        return f"Stay in: place 1 {kind} (pool becomes {plural(kind, pool['count'] + 1)})"
    if action == "exchange":
        other = "gem" if pool["kind"] == "gold" else "gold"
        return (f"Stay in by exchange: take the {plural(pool['kind'], pool['count'])}, "
                f"place {plural(other, pool['count'] + 2)}")
    if action == "drop":
        took = plural(pool["kind"], pool["count"]) if pool["count"] else "nothing from the pool"
        return f"Drop out: take {took} and {card_text(v['tavern'][0])}"
    if action.startswith("bonus:"):
        return f"Human bonus: take 1 {action.split(':')[1]} from the supply"
    if action == "support:none":
        return "No support"
    if action.startswith("support:"):
        _, mid, kind = action.split(":")
        me = v["seats"][v["seat"]]["dungeon"]["monsters"] if v.get("seat") is not None else []
        mon = next((m for m in me if m["id"] == mid), None)
        label = card_text(mon) if mon else mid
        return f"Support {label} with 1 {kind} (protects it from the human beneath)"
    return action
