"""Observation vectors for learning, encoded from a seat's view (JSON) only: everything in them is something the
seat may know. Each game has one encoder with a fixed length for a given player count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_SEATS = 6


def one_hot(k: int | None, n: int) -> list[float]:
    out = [0.0] * n
    if k is not None and 0 <= k < n:
        out[k] = 1.0
    return out


def rotate(seats: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """Seats starting from the observer (relative order), so a policy can be shared by every seat."""
    if seat is None:
        return seats
    return seats[seat:] + seats[:seat]


def pad(rows: list[list[float]], n: int, width: int) -> list[float]:
    out: list[float] = []
    for row in rows[:n]:
        out.extend(row)
    out.extend([0.0] * width * max(0, n - len(rows)))
    return out


# --- Monster Inn ----------------------------------------------------------------------------------------------------
INN_RACES = ("undead", "kobolds", "goblins", "orcs", "trolls")
INN_RANGES = ("1-5", "6-10", "11-15", "16-20")
INN_PHASES = ("bid", "bonus", "support", "over")


def inn_card(c: dict[str, Any]) -> list[float]:
    if c["kind"] == "monster":
        return [1.0, 0.0, c["value"] / 20, c["skulls"] / 4, *one_hot(INN_RACES.index(c["race"]), 5), *one_hot(None, 4)]
    return [0.0, 1.0, 0.0, 0.0, *one_hot(None, 5), *one_hot(INN_RANGES.index(c["range"]), 4)]


def encode_inn(v: dict[str, Any]) -> list[float]:
    # every treasure movement is public (R8): the view carries each hand as the table can count it
    x = [v["round"] / v["rounds"], *one_hot(INN_PHASES.index(v["phase"]), 4)]
    x += pad([inn_card(c) for c in v["tavern"]], 5, 13)
    pool = v["pool"]
    x += [*one_hot(("gold", "gem").index(pool["kind"]) if pool["kind"] else None, 2), pool["count"] / 10]
    x += [v["supply"]["gold"] / 25, v["supply"]["gem"] / 25, v["draw_pile"] / 40]
    rows = []
    for s in rotate(v["seats"], v["seat"]):
        mons = s["dungeon"]["monsters"]
        hums = s["dungeon"]["humans"]
        h = s["treasure_count"]
        rows.append([float(s["in_round"]), h["gold"] / 10, h["gem"] / 10, len(mons) / 13, len(hums) / 13,
                     sum(m["skulls"] for m in mons) / 40, sum(1 for m in mons if m["supported_with"]) / 5,
                     *[sum(1 for hu in hums if hu["range"] == r) / 5 for r in INN_RANGES]])
    return x + pad(rows, 5, 11)


# --- Monster Maker --------------------------------------------------------------------------------------------------
MAKER_PHASES = ("turn", "battle", "heal", "discard", "trap", "treasure_limit", "over")


def encode_maker(v: dict[str, Any]) -> list[float]:
    from monsterbox.games.maker.cards import default_cards

    ids = default_cards().ids
    x = [*one_hot(MAKER_PHASES.index(v["phase"]), 7), float(v["end_phase"]), v["draw_pile"] / 125,
         v["treasure_pile"] / 25, v["chest_distance"] / 100]
    hand = v.get("hand", {})
    x += [hand.get(t, 0) / 3 for t in ids]
    rows = []
    for s in rotate(v["seats"], v["seat"]):
        m = s["monster"]
        rows.append([*one_hot(("entering", "exiting", "exited").index(s["stage"]), 3), s["entry"] / 100,
                     s["exit"] / 100, (s["exit_needed"] or 0) / 100, (m["strength"] / 25) if m else 0.0,
                     float(bool(m and m["undead"])), s["hand_size"] / 5, len(s["treasures"]) / 2,
                     float(s["exit_bonus"])])
    x += pad(rows, MAX_SEATS, 11)
    battle = v.get("battle", {})
    x += [len(battle.get("characters", [])) / 5, len(battle.get("equips", [])) / 2]
    # the discard under way: whether this discard phase has discarded yet (the end phase's "done" needs one, P19)
    x += [float(v.get("discarding", {}).get("discarded", 0) > 0)]
    return x


# --- Monster Mansion ------------------------------------------------------------------------------------------------
MANSION_TYPES = ("dracula", "werewolf", "frankenstein", "cthulhu", "verona", "eva", "ghost", "black_lagoon", "mummy",
                 "swamp_thing")
MANSION_COLOURS = ("blue", "red", "green", "yellow", "purple")
SKULLS = ("blue", "red", "green", "yellow", "grey")
MANSION_PHASES = ("turn_order", "take_skulls", "casting", "dummy_actor", "dummy_skulls", "black_lagoon", "over",
                  "payment")


def mansion_actor(a: dict[str, Any]) -> list[float]:
    return [*one_hot(MANSION_TYPES.index(a["type"]), 10), *one_hot(MANSION_COLOURS.index(a["colour"]), 5),
            *[a["cost"].get(c, 0) / 3 for c in SKULLS[:4]]]


def encode_mansion(v: dict[str, Any]) -> list[float]:
    x = [*one_hot(MANSION_PHASES.index(v["phase"]), len(MANSION_PHASES)), v["round"] / 20, v["actor_deck"] / 37,
         v["skull_bag"] / 88]
    x += pad([mansion_actor(a) for a in v["audition"]], 5, 19)
    x += [v["audition_skulls"].get(c, 0) / 5 for c in SKULLS]
    x += [float(t["taken_by"] is not None) for t in v["tiles"]] + [0.0] * (4 - len(v["tiles"]))
    me = v["seats"][v["seat"]] if v.get("seat") is not None else None
    screen = me["screen"] if me else None
    x += [screen["skulls"].get(c, 0) / 5 for c in SKULLS] if screen else [0.0] * 5
    x += [screen["tickets"] / 40] if screen else [0.0]
    x += pad([mansion_actor(a) for a in (me["reserved"] or [])] if me else [], 3, 19)
    rows = []
    for s in rotate(v["seats"], v["seat"]):
        types = [a["type"] for a in s["actors"]]
        colours = [a["colour"] for a in s["actors"]]
        rows.append([float(s["dummy"]), *[types.count(t) / 3 for t in MANSION_TYPES],
                     *[colours.count(c) / 4 for c in MANSION_COLOURS], len(s.get("chambers", [])) / 3,
                     len(s.get("rewards", [])) / 3, s.get("sales_level", 0) / 30, s.get("reserved_count", 0) / 3])
    return x + pad(rows, 4, 20) + mansion_turn(v)


#: what the casting seat has used of its turn so far (``view["turn_used"]``)
MANSION_TURN = ("actor", "chamber", "swamp", "costume", "make_up", "props")


def mansion_turn(v: dict[str, Any]) -> list[float]:
    """The turn in progress, which the seat's choices so far decide (MM Casting): what it has used of its turn, the
    skulls to take, the discard tile's skulls (Costume Chamber), the chambers left to buy and its own chambers."""
    from monsterbox.games.mansion.cards import default_cards

    ids = [c.id for c in default_cards().chambers]
    used = v.get("turn_used") or {}
    x = [float(bool(used.get(k))) for k in MANSION_TURN] + [v.get("skulls_to_take", 0) / 5]
    x += [v["skull_discard"].get(c, 0) / 5 for c in SKULLS]
    left = set(v["chambers_left"])
    x += [float(c in left) for c in ids]
    me = v["seats"][v["seat"]] if v.get("seat") is not None else None
    mine = {c["id"] for c in me.get("chambers", [])} if me else set()
    return x + [float(c in mine) for c in ids]


# --- Monster --------------------------------------------------------------------------------------------------------
MONSTER_COLOURS = ("black", "white", "red", "blue", "green")
MONSTER_WEAPONS = ("stake", "holy_water", "net", "silver_bullet", "torch")
MONSTER_PHASES = ("hunt", "choose", "arm", "loot", "crisis_discard", "sacrifice", "character_selection", "over")


def encode_monster(v: dict[str, Any]) -> list[float]:
    x = [*one_hot(MONSTER_PHASES.index(v["phase"]), 8), v["villagers"] / 20, v["day"] / 10, v["weapon_deck"] / 150]
    lairs = []
    for lair in v["lairs"]:
        m = lair["monsters"]
        lairs.append([len(m) / 8, *one_hot(MONSTER_COLOURS.index(m[0]) if m else None, 5),
                      *[m.count(c) / 5 for c in MONSTER_COLOURS], float(lair["disturbed"])])
    x += pad(lairs, 12, 12)
    x += [b["count"] / 10 for b in v["bank"]] + [len(b["cubes"]) / 2 for b in v["bank"]]
    hand = v.get("hand", {})
    x += [hand.get(w, 0) / 5 for w in MONSTER_WEAPONS]
    rows = []
    for s in rotate(v["seats"], v["seat"]):
        armed = MONSTER_WEAPONS.index(s["armed"]) if s["armed"] else None
        rows.append([*one_hot(armed, 5), s["hand_size"] / 8, s["cubes"] / 5, s["stored_count"] / 3,
                     float(s["passed"]), float(bool(s["character"] and s["character"]["used"])),
                     len(s["items"]) / 3])
    return x + pad(rows, MAX_SEATS, 11) + monster_choosing(v)


#: the pending actions told apart in the observation (any other effect: a card's, in the last slot)
MONSTER_PENDING = ("three", "store", "discard_order")

#: the slots of a pending action (``monster.rules.SLOT_OPTIONS``)
MONSTER_SLOTS = ("weapon", "discard_order", "lair", "lair_to", "bank", "exhausted_card", "own_cube")


def monster_choosing(v: dict[str, Any]) -> list[float]:
    """The seat's own choices so far in a multi-step action (``view["choosing"]``; R6's kill with three weapons, the
    discard order): whether one is pending, the kind of its next choice, the weapons named so far, the weapons still
    to put in order, how many choices are made and left, and the action (three, store, discard order, a card's).
    24 floats."""
    ch = v.get("choosing")
    if not ch:
        return [0.0] * (1 + len(MONSTER_SLOTS) + 10 + 2 + len(MONSTER_PENDING) + 1)
    n = len(ch["chosen"])
    slot = MONSTER_SLOTS.index(ch["slots"][n]) if n < len(ch["slots"]) else None
    named = ch.get("chosen_weapons", [])
    ordering = ch.get("ordering", {})
    return [1.0, *one_hot(slot, len(MONSTER_SLOTS)), *[named.count(w) / 3 for w in MONSTER_WEAPONS],
            *[ordering.get(w, 0) / 5 for w in MONSTER_WEAPONS], n / 8, (len(ch["slots"]) - n) / 8,
            *one_hot(MONSTER_PENDING.index(ch["effect"]) if ch["effect"] in MONSTER_PENDING else len(MONSTER_PENDING),
                     len(MONSTER_PENDING) + 1)]


ENCODERS: dict[str, Callable[[dict[str, Any]], list[float]]] = {
    "inn": encode_inn, "maker": encode_maker, "mansion": encode_mansion, "monster": encode_monster,
}


def encode(game_id: str, view: dict[str, Any]) -> list[float]:
    """The observation vector of a view (``Game.view(seat)``)."""
    return ENCODERS[game_id](view)


def observation_size(game_id: str, players: int) -> int:
    from monsterbox.core.registry import new_game

    return len(encode(game_id, new_game(game_id, players, 0).view(0)))
