"""Plain-text wording of Monster Maker events and actions (terminal, replays)."""

from __future__ import annotations

from typing import Any

DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"


def dice_text(dice: list[int]) -> str:
    return " ".join(f"{DIE_FACES[d - 1]}{d}" for d in dice)


def who(seat: int, you: int | None) -> str:
    return "You" if seat == you else f"Seat {seat}"


def second_person(sentence: str) -> str:
    """'You plays' -> 'You play', "You's" -> 'Your' (the sentence's subject is the reader)."""
    lead = sentence[: len(sentence) - len(sentence.lstrip())]
    body = sentence.lstrip()
    if body.startswith("You's "):
        return lead + "Your " + body[6:]
    if not body.startswith("You "):
        return sentence
    verb, _, rest = body[4:].partition(" ")
    if verb == "is":
        verb = "are"
    elif verb.endswith(("ches", "shes", "sses", "xes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"{lead}You {verb} {rest}".rstrip()


def narrate(e: dict[str, Any], you: int | None = None) -> str:
    text = _narrate(e, you)
    return second_person(text) if you is not None and e.get("seat") == you else text


def _narrate(e: dict[str, Any], you: int | None = None) -> str:
    t = e["type"]
    w = who(e["seat"], you) if "seat" in e else ""
    if t == "round":
        return f"Game {e['round']} begins; seat {e['first_player']} plays first"
    if t == "setup_trap":
        return f"A trap dealt to {w} is shown, discarded and replaced (it goes back into the deck)"
    if t == "deal":
        return f"{w} is dealt: {', '.join(e['cards'])}"
    if t == "move":
        where = f"entry {e['entry']}" if not e["exit"] and "exit" in e and e["exit"] == 0 else f"exit {e['exit']}"
        return f"{w} plays {e['card']} ({where})"
    if t == "chest":
        return f"{w} reaches the treasure chest at {e['entry']}: the tile turns to exit"
    if t == "exit":
        return f"{w} leaves the labyrinth after {e['exit']}" + (" first: exit bonus +100!" if e["first"] else "")
    if t == "diversion":
        return f"{w} plays a Diversion" + (f" and escapes the {e['monster']}" if e["monster"] else "")
    if t == "room":
        return f"{w} finds a small treasure room"
    if t == "place":
        return f"{w} puts a {e['monster']} in seat {e['target']}'s labyrinth"
    if t == "battle":
        return f"{w} battles the {e['monster']}"
    if t == "add":
        return f"  {w} sends {e['character']} into battle"
    if t == "equip":
        return f"  {w} gives {e['treasure']} to {e['character']}"
    if t == "cleric":
        return f"  {w}'s cleric removes the undead {e['monster']}"
    if t == "relic":
        return f"  {w}'s {e['treasure']} removes the undead {e['monster']}"
    if t == "fight":
        res = "defeated!" if e["won"] else "not defeated"
        return (f"  {', '.join(e['characters'])} roll {dice_text(e['dice'])}: battle value {e['value']} against "
                f"{e['monster']} {e['strength']}: {res}")
    if t == "heal":
        return f"  {w} discards a cleric to heal {e['character']} back to hand"
    if t == "discard_action":
        return f"{w} discards"
    if t == "discard":
        return f"  {w} discards {e['card']}"
    if t == "refresh":
        return f"{w} draws {e['count']}"
    if t == "drew":
        return f"  ({w} drew {', '.join(e['cards'])})"
    if t == "trap":
        return f"{w} drew {e['count']} trap{'s' if e['count'] > 1 else ''}!"
    if t == "thief":
        return f"  {w} reveals the thief {e['thief']} and discards the trap{'s' if e['traps'] > 1 else ''}"
    if t == "trap_discard":
        return f"  {w} keeps one card and discards {', '.join(e['cards'])}"
    if t == "treasure":
        return f"{w} takes a treasure" + (f": {e['treasure']} (open)" if e["treasure"] else " (face down)")
    if t == "treasure_seen":
        return f"  ({w} looked at it: {e['treasure']})"
    if t == "no_treasure":
        return f"{w} takes no treasure: {e['why']}"
    if t == "drop_treasure":
        return f"{w} discards the treasure {e['treasure']}"
    if t == "reshuffle":
        return f"The discards are shuffled into a new draw pile of {e['cards']} cards"
    if t == "judgment":
        return f"Victory judgment of game {e['round']}: {', '.join(str(x) for x in e['scores'])}"
    return str(e)


def describe_action(v: dict[str, Any], action: str) -> str:
    parts = action.split(":")
    head = parts[0]
    me = v["seats"][v["seat"]] if v.get("seat") is not None else None
    if head == "move":
        return f"Play labyrinth {parts[1][1:]}"
    if head == "diversion":
        return "Play a Diversion (0 distance, discards the monster in your labyrinth)"
    if head == "room":
        return "Play a Small Treasure Room (0 distance, draw a treasure)"
    if head == "place":
        return f"Put the {parts[1]} in seat {parts[2]}'s labyrinth"
    if head == "battle":
        m = me["monster"] if me else None
        return f"Battle the {m['name']} ({m['strength']})" if m else "Battle"
    if action == "discard":
        return "Discard any number of cards (pass)"
    if head == "discard":
        return f"Discard {parts[1]}"
    if head == "done":
        return "Done"
    if head == "add":
        return f"Send {parts[1]} into the battle"
    if head == "cleric":
        return "Discard a Cleric to remove the undead monster"
    if head == "relic":
        return f"Use {parts[1]} to remove the undead monster"
    if head == "equip":
        return f"Give {parts[1]} to {parts[2]}"
    if head == "fight":
        return "Roll the dice and fight"
    if action == "heal:none":
        return "No healing"
    if head == "heal":
        return f"Discard a Cleric to return {parts[1]} to your hand"
    if head == "thief":
        return "Reveal your Thief and discard the trap(s)"
    if action == "keep:none":
        return "Discard everything"
    if head == "keep":
        return f"Keep {parts[1]}, discard the rest"
    if head == "drop":
        return f"Discard the treasure {parts[1]}"
    return action
