"""Plain-text wording of Monster events and actions."""

from __future__ import annotations

from typing import Any

from monsterbox.games.maker.text import second_person

MONSTER_NAMES = {"black": "Vampire", "white": "Zombie", "red": "Goblin", "blue": "Werewolf", "green": "Troll"}


def who(seat: int, you: int | None) -> str:
    return "You" if seat == you else f"Seat {seat}"


def narrate(e: dict[str, Any], you: int | None = None) -> str:
    text = _narrate(e, you)
    return second_person(text) if you is not None and e.get("seat") == you else text


def _narrate(e: dict[str, Any], you: int | None) -> str:
    t = e["type"]
    w = who(e["seat"], you) if "seat" in e else ""
    if t == "day":
        return f"Day {e['day']}: seat {e['leader']} leads the team"
    if t == "lair":
        monsters = ", ".join(MONSTER_NAMES[m] for m in e["monsters"])
        return f"A lair appears: {e['lair']} with {monsters} (loot {e['loot']})"
    if t == "dealt":
        return f"{w} receives {e['count']} weapon(s)"
    if t == "drew":
        return f"  ({w} drew {', '.join(e['weapons']) or 'nothing'})"
    if t == "crisis":
        return f"Crisis: {e['crisis']}"
    if t == "weapon_kill":
        return f"{w} uses a {e['weapon']} on {e['lair']}"
    if t == "kill":
        return f"  the {MONSTER_NAMES[e['monster']]} of {e['lair']} is killed ({e['how']})"
    if t == "remove":
        return f"  the {MONSTER_NAMES[e['monster']]} of {e['lair']} is {e['why']} (not killed)"
    if t == "herded_onto":
        return f"  ... onto {e['lair']}"
    if t == "destroyed":
        return f"{w} destroys {e['lair']}!"
    if t == "three":
        return f"{w} kills with three weapons ({', '.join(e['weapons'])}) on {e['lair']}"
    if t == "ability":
        return f"{w} uses the {e['character']}'s ability"
    if t == "item":
        return f"{w} uses the item {e['item']}"
    if t == "cube":
        return f"{w} places a power cube on the {e['stack']} stack"
    if t == "cube_weapon":
        return f"  the second cube: {w} gains a {e['weapon']} from the bank"
    if t == "store":
        return f"{w} stores a weapon" + (f" (the armed {e['stored']})" if e.get("stored") else "")
    if t in ("discard", "crisis_discard"):
        return f"{w} discards a {e['weapon']}"
    if t == "arm":
        return f"{w} arms a {e['weapon']}"
    if t == "pass":
        return f"{w} passes" + (f", discarding {', '.join(e['discarded'])}" if e["discarded"] else "")
    if t == "loot":
        return f"{w} loots {e['loot']}" + (" for villagers" if e["choice"] == "villagers" else f" ({e['choice']})")
    if t == "villagers":
        sign = "+" if e["change"] > 0 else ""
        return f"Villagers {sign}{e['change']} -> {e['villagers']}" + (f" ({e['why']})" if e.get("why") else "")
    if t == "attack":
        parts = [f"{x['lair']}: {x['monsters']}x{x['each_kills']}" for x in e["lairs"] if x["monsters"]]
        return f"Monster attack: {', '.join(parts) or 'none'} = {e['total']} villagers"
    if t == "reveal":
        return f"{w} reveals a hand of {', '.join(e['hand']) or 'nothing'}"
    if t == "scavenge":
        return f"{w} takes the {e['weapon']} from the discard pile"
    if t == "bounty":
        return f"{w} claims the bounty {e['bounty']}"
    if t == "hunt":
        return f"The hunt begins with seat {e['leader']}"
    if t == "game_over":
        return "The village is saved: the team wins!" if e["won"] else "The village falls: the team loses."
    return f"{t}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")


def lair_name(v: dict[str, Any], lair: str) -> str:
    return next((x["name"] for x in v.get("lairs", []) if x["lair"] == lair), lair)


def describe_action(v: dict[str, Any], action: str) -> str:
    head, _, rest = action.partition(":")
    if head == "kill":
        lair, weapon = rest.split(":")
        return f"Kill the top monster of {lair_name(v, lair)} with a {weapon}"
    if head == "three":
        return f"Kill the top monster of {lair_name(v, rest)} with any three weapons"
    if head == "lair":
        return f"Choose the lair {lair_name(v, rest)}"
    if head == "ability":
        me = v["seats"][v["seat"]]["character"] if v.get("seat") is not None else None
        return f"Use your character ({me['name']}: {me['effect']})" if me else "Use your character"
    if head == "item":
        return f"Use the item {rest}"
    if head == "cube":
        return f"Place a power cube on the {rest} stack"
    if head == "store":
        return "Store a weapon (discard one, keep one face down for tomorrow)"
    if head == "discard":
        return f"Discard a {rest}"
    if head == "pass":
        return "Pass (discard your hand and armed weapon; no more actions today)"
    if action == "arm:none":
        return "Arm nothing"
    if head == "arm":
        return f"Arm a {rest} (face up, for all to see)"
    if head in ("lair", "weapon", "bank", "player", "cube-back"):
        return f"Choose {head} {rest}"
    if action == "loot:take":
        return "Take the loot"
    if action == "loot:villagers":
        return "Take villagers instead"
    if action == "sacrifice:none":
        return "Keep your items"
    if head == "sacrifice":
        return f"Discard {rest} to save villagers"
    if head == "character":
        return f"Play the {rest}"
    return action
