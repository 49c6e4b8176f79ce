"""Plain-text wording of Monster Mansion events and actions."""

from __future__ import annotations

from typing import Any

from monsterbox.games.maker.text import second_person


def who(seat: int, you: int | None) -> str:
    return "You" if seat == you else ("The dummy" if seat < 0 else f"Seat {seat}")


def skull_text(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {c}" for c, n in d.items()) or "nothing"


def narrate(e: dict[str, Any], you: int | None = None) -> str:
    text = _narrate(e, you)
    return second_person(text) if you is not None and e.get("seat") == you else text


def _narrate(e: dict[str, Any], you: int | None) -> str:
    t = e["type"]
    w = who(e["seat"], you) if "seat" in e else ""
    if t == "audition":
        return (f"Round {e['round']}: the audition shows {', '.join(e['actors'])}; skulls: "
                f"{skull_text(e['skulls'])}")
    if t == "tile":
        return f"{w} takes turn-order tile {e['tile']}"
    if t == "take":
        return f"  {w} takes a {e['skull']} skull"
    if t == "cast":
        src = {"audition": "", "reserve": " from the reserve", "mummy": " with The Mummy"}[e["from"]]
        used = f" (using {' and '.join(e['chambers_used'])})" if e.get("chambers_used") else ""
        return f"  {w} casts {e['actor']}{src}, paying {skull_text(e['paid'])}{used}"
    if t == "reserve":
        return f"  {w} reserves {e['actor']} (face down)"
    if t == "chamber":
        return f"  {w} adds the chamber {e['chamber']}, paying {skull_text(e['paid'])}"
    if t == "reward":
        return f"  {w} earns the reward {e['reward']} (+3)"
    if t == "swamp":
        return f"  {w} draws a skull with The Swamp Thing"
    if t == "swamp_skull":
        return f"  ({w} drew a {e['skull']} skull)"
    if t == "costume":
        return f"  {w} takes {e['tickets']} tickets for {', '.join(e['skulls'])} from the discard (Costume)"
    if t == "end_turn":
        return f"  {w} ends the turn"
    if t == "dummy_actor":
        return f"  {w} gives {e['actor']} to the dummy"
    if t == "dummy_skull":
        return f"  {w} discards a {e['skull']} skull for the dummy"
    if t == "give":
        return f"{w} gives a ticket to seat {e['to']}" if e["to"] is not None else f"{w} gives no ticket"
    if t == "show":
        return "The show: tickets sold " + ", ".join(f"seat {i}: {k}" for i, k in enumerate(e["sold"]))
    if t == "game_over":
        return f"Sold out! Winner{'s' if len(e['winners']) > 1 else ''}: {', '.join(map(str, e['winners']))}"
    if t == "refill_bag":
        return f"The bag is refilled with {e['count']} discarded skulls"
    if t == "reshuffle_actors":
        return f"The actor discard pile is shuffled into a new deck of {e['count']}"
    if t == "short_audition":
        parts = []
        if e["actors"] < e["actors_wanted"]:
            parts.append(f"only {e['actors']} of {e['actors_wanted']} actors (the deck is empty)")
        if e["skulls"] < e["skulls_wanted"]:
            parts.append(f"only {e['skulls']} of {e['skulls_wanted']} skulls (the bag and the discard tile are empty)")
        return "The audition comes out short: " + " and ".join(parts)
    return str(e)


def describe_action(v: dict[str, Any], action: str) -> str:
    head, _, rest = action.partition(":")
    if head == "tile":
        tile = v["tiles"][int(rest) - 1]
        return f"Tile {rest}: {tile['tickets']} tickets, {tile['skulls']} skulls"
    if head == "take":
        return f"Take a {rest} skull"
    if head in ("cast", "mummy", "reserve", "dummy"):
        pool = v["audition"] + v["actor_discard"] + [a for s in v["seats"] for a in s["actors"]]
        me = v["seats"][v["seat"]] if v.get("seat") is not None else None
        if me and me.get("reserved"):
            pool += me["reserved"]
        unknown: dict[str, Any] = {"name": rest, "colour": "?", "cost": {}}
        a = next((x for x in pool if x["id"] == rest), unknown)
        label = f"{a['name']} ({a['colour']}, cost {skull_text(a['cost'])})"
        return {"cast": "Cast ", "mummy": "Cast from the discards (The Mummy): ", "reserve": "Reserve ",
                "dummy": "Give the dummy "}[head] + label
    if head == "chamber":
        return f"Add the chamber {rest} (2 skulls of any colour)"
    if head == "swamp":
        return "Draw a skull from the bag (The Swamp Thing)"
    if head == "costume":
        n = len(rest.split("+"))
        return f"Costume: take {3 if n == 1 else 5} tickets and the skull(s) {rest} from the discard"
    if head == "end":
        return "End your turn"
    if head == "dummy-skull":
        return f"Discard a {rest} skull for the dummy"
    if head == "pay":
        return f"Pay {skull_text({c: rest.split('+').count(c) for c in dict.fromkeys(rest.split('+'))})}"
    if head == "give":
        return "Give no ticket" if rest == "none" else f"Give a ticket to seat {rest}"
    return action
