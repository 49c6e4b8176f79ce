"""Card abilities of Monster, one small function each (characters, loot, crises).

An effect declares the choices it needs as *slots* (``lair``, ``lair_to``, ``weapon``, ``bank``,
``exhausted_card``, ``own_cube``); the rules ask them one decision at a time, then call ``resolve``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.monster.cards import COLOURS, EFFECT_NAMES, MonsterCards
from monsterbox.games.monster.mechanics import (
    bank_count,
    bank_take,
    draw_weapon,
    gain_villagers,
    kill_top,
    killing_weapons,
    log,
    lose_villagers,
    remove_top,
    show_hand,
    spend_weapon,
    store_face_down,
    weapons_held,
)
from monsterbox.games.monster.state import MonsterState, Usable

Params = dict[str, Any]


def always_usable(s: MonsterState, p: int, params: Params) -> bool:
    """An effect with nothing to check: usable whenever it may be used (the default ``Effect.usable``)."""
    return True


@dataclass(frozen=True)
class Effect:
    """``discard_from``: the chosen weapons from that index on are discarded together (R6: the player orders them
    when their types differ; ``resolve`` spends them in the order given). ``shown``: what the public log shows of the
    choices (default: all of them; a weapon going face down is hidden)."""

    resolve: Callable[[MonsterState, int, Params, list[int]], None]
    slots: Callable[[Params], list[str]] = field(default=lambda params: [])
    usable: Callable[[MonsterState, int, Params], bool] = always_usable
    discard_from: int | None = None
    shown: Callable[[MonsterState, int, Params, list[int]], list[int]] = field(
        default=lambda s, p, params, chosen: list(chosen))


# --- helpers --------------------------------------------------------------------------------------------------------
def has_lair_target(s: MonsterState, p: int, params: Params) -> bool:
    return any(s.stacks)


def bank_can_give(s: MonsterState, stack: int) -> bool:
    """``bank_count(s, stack) > 0``, reading the discard pile only when the stack itself is empty."""
    return bool(s.bank[stack]) or bank_count(s, stack) > 0


def has_own_cube_on_bank(s: MonsterState, p: int, params: Params) -> bool:
    """Sorcerer: one of ``p``'s cubes is on a bank stack."""
    for cubes in s.bank_cubes:  # noqa: SIM110 (a loop: no generator on the hot path of legal actions)
        if p in cubes:
            return True
    return False


#: a loot item in the Motivator's choice (``exhausted_card``): ``ITEM_CHOICE + loot index``; a seat number below it
#: names that seat's character card
ITEM_CHOICE = 100


def other_exhausted(s: MonsterState, p: int, params: Params) -> bool:
    """Motivator (R9): another player's character card or loot item is exhausted (used for today)."""
    if any(s.exhausted[:p]) or any(s.exhausted[p + 1:]):
        return True
    used = s.items_used
    return any(used[q] for q in range(s.n) if q != p)


def item_owner(s: MonsterState, item: int) -> int:
    """The seat holding loot item ``item`` (-1: nobody)."""
    for q, items in enumerate(s.items):
        if item in items:
            return q
    return -1


def can_trade(s: MonsterState, p: int, params: Params) -> bool:
    """Blacksmith: a weapon to discard and a bank stack that can give one."""
    if not (any(s.hands[p]) or s.armed[p] >= 0):
        return False
    return any(s.bank) or any(bank_count(s, w) for w in range(5))


def can_kill_with_any(s: MonsterState, p: int, params: Params) -> bool:
    """Ranger, Crossbow: a monster to kill and enough weapons that may kill today."""
    return any(s.stacks) and killing_weapons(s, p) >= params["weapons"]


def take_from_bank(s: MonsterState, p: int, stack: int) -> None:
    w = bank_take(s, stack)
    if w < 0:
        return
    s.hands[p][w] += 1
    s.known[p].append(w)  # the bank is face up
    log(s, -1, "bank_weapon", p, stack, w)


# --- characters (T: once per day, as an action) ---------------------------------------------------------------------
def reveal_and_draw(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Scribe (the rulebook's exception to hidden hands): reveal your hand to everyone, then draw a weapon."""
    show_hand(s, p)
    for _ in range(params.get("amount", 1)):
        w = draw_weapon(s, p)
        log(s, p, "drew", p, (w,))


def move_top(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Herder: move the top monster of one lair onto another lair, without killing it."""
    src, dst = (s.lair_keys.index(k) for k in chosen[:2])
    dst_key = s.lair_keys[dst]
    m = s.stacks[src][-1]
    remove_top(s, p, src, "herded")
    if s.lair_keys and dst_key in s.lair_keys:
        s.stacks[s.lair_keys.index(dst_key)].append(m)
        log(s, -1, "herded_onto", p, dst_key, m)


def remove_top_monster(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Assassin: remove the top monster of a lair without killing it (returned to the bank)."""
    remove_top(s, p, s.lair_keys.index(chosen[0]), "assassinated")


def take_back_cube(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Sorcerer: take one of your cubes back from the weapons bank into your play area."""
    s.bank_cubes[chosen[0]].remove(p)
    s.cubes[p] += 1
    log(s, -1, "cube_back", p, chosen[0])


def restore_other(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Motivator (R9; MO Definitions, Exhaust: "It cannot be used again until it is restored, either during the
    recovery phase or by the Motivator character"): restore another player's exhausted character card or exhausted
    loot item, the player's choice, so it can be used again today."""
    target = chosen[0]
    if target < ITEM_CHOICE:
        s.exhausted[target] = False
        log(s, -1, "restore", p, target)
        return
    item = target - ITEM_CHOICE
    owner = item_owner(s, item)
    s.items_used[owner].remove(item)
    log(s, -1, "restore_item", p, owner, item)


def take_top_discard(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Scavenger: take the top weapon of the discard pile into your hand."""
    w = s.weapon_discard.pop()
    s.hands[p][w] += 1
    s.known[p].append(w)  # everyone saw which weapon was taken
    log(s, -1, "scavenge", p, w)


def trade_for_bank(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Blacksmith: discard one weapon, take the top weapon of any bank stack."""
    spend_weapon(s, p, chosen[0])
    log(s, -1, "discard", p, chosen[0])
    take_from_bank(s, p, chosen[1])


def bank_weapon_of(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Priest, Holy Relic: take the top weapon of one bank stack (its colour printed on the card), face up."""
    take_from_bank(s, p, COLOURS.index(params["colour"]))


def villagers_effect(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Priest, Holy Relic, Healing Draught: gain villagers."""
    gain_villagers(s, params["amount"])


def kill_with_any(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Ranger (any 2 weapons), Crossbow (any 1): kill the top monster of a lair with fewer weapons of any colour; the
    weapons go to the discard pile in the order given (R6)."""
    i = s.lair_keys.index(chosen[0])
    for w in chosen[1:]:
        spend_weapon(s, p, w)
    kill_top(s, p, i, "ability")


def draw_then_discard(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Quartermaster: (drew 2 weapons when used) then discard 1 (several in the order given, R6)."""
    for w in chosen:
        spend_weapon(s, p, w)
        log(s, -1, "discard", p, w)


def quartermaster_draw(s: MonsterState, p: int, params: Params) -> None:
    drawn = tuple(draw_weapon(s, p) for _ in range(params.get("draw", 2)))
    log(s, -1, "draw_count", p, len(drawn))
    log(s, p, "drew", p, drawn)


# --- loot -----------------------------------------------------------------------------------------------------------
def gain_cubes(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Wizard's Pack (2 power cubes), Power Crystal (1)."""
    s.cubes[p] += params["amount"]
    log(s, -1, "cubes", p, params["amount"])


def weapons_from_bank(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Armory Key: take the top weapon of bank stacks of your choice."""
    for stack in chosen:
        take_from_bank(s, p, stack)


def draw_weapons(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Supply Cart: draw weapons from the deck."""
    drawn = tuple(draw_weapon(s, p) for _ in range(params["amount"]))
    log(s, -1, "draw_count", p, len(drawn))
    log(s, p, "drew", p, drawn)


def kill_top_free(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Fire Bomb: kill the top monster of a lair (a kill: the lair is disturbed)."""
    kill_top(s, p, s.lair_keys.index(chosen[0]), "fire bomb")


def team_draw(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """War Horn: every player still in the hunt draws a weapon."""
    for q in range(s.n):
        if not s.passed[q]:
            w = draw_weapon(s, q)
            log(s, q, "drew", q, (w,))
    log(s, -1, "war_horn", p)


def store_free(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Bag of Holding: store a weapon without discarding another. Stored face down (MO Store a weapon): the table
    learns which weapon only if it was the armed one (see ``face_down_shown``)."""
    w = chosen[0]
    was_armed = store_face_down(s, p, w)
    log(s, -1, "store", p, w if was_armed else -1)


def face_down_shown(s: MonsterState, p: int, params: Params, chosen: list[int]) -> list[int]:
    """The public trace of choices that put weapons face down: -1 (hidden) unless the weapon is the armed one."""
    return [w if s.armed[p] == w else -1 for w in chosen]


def bounty_noop(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Bounties do nothing when looted: they wait in play for their criterion (``mechanics.check_bounties``)."""


# --- crises ---------------------------------------------------------------------------------------------------------
def crisis_kill_villagers(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Immediate: villagers die at once (this can lose the game)."""
    lose_villagers(s, params["amount"], "crisis")


def crisis_add_monsters(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Immediate: monsters join the lairs (on top). A colour goes to the biggest lair; 'any' with each_lair puts a
    random monster on every lair."""
    if not s.stacks:
        return
    if params.get("each_lair"):
        for i in range(len(s.stacks)):
            for _ in range(params["amount"]):
                s.rng, c = crng.below(s.rng, 5)
                s.stacks[i].append(c)
                log(s, -1, "spawn_monster", s.lair_keys[i], c)
        return
    c = COLOURS.index(params["colour"])
    i = max(range(len(s.stacks)), key=lambda j: (len(s.stacks[j]), -j))
    for _ in range(params["amount"]):
        s.stacks[i].append(c)
        log(s, -1, "spawn_monster", s.lair_keys[i], c)


def rule_change(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Day and lair crises that change rules are read where the rule applies (``mechanics.crisis_rules``,
    ``attack.attack_rates``)."""


def crisis_each_discard(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """Immediate: each player, from the team leader, discards weapons (their choice; see
    ``provisioning.crisis_discard_legal``)."""
    for k in range(s.n):
        q = (s.leader + k) % s.n
        for _ in range(params["amount"]):
            s.followups.append(("crisis_discard", q))


def greater_good(s: MonsterState, p: int, params: Params, chosen: list[int]) -> None:
    """For the Greater Good (level 2): X villagers are threatened; each player, from the leader, may discard loot
    items, each saving the villagers printed on it; at most ``cap`` (10) are saved (FAQ)."""
    for k in range(s.n):
        s.followups.append(("sacrifice", (s.leader + k) % s.n))
    s.followups.append(("greater_good_end", params["amount"], params["cap"], 0))


CHARACTER_EFFECTS: dict[str, Effect] = {
    "reveal_and_draw": Effect(reveal_and_draw),
    "move_top": Effect(move_top, lambda prm: ["lair", "lair_to"], lambda s, p, prm: len(s.stacks) >= 2),
    "remove_top": Effect(remove_top_monster, lambda prm: ["lair"], has_lair_target),
    "take_back_cube": Effect(take_back_cube, lambda prm: ["own_cube"], has_own_cube_on_bank),
    "restore_other": Effect(restore_other, lambda prm: ["exhausted_card"], other_exhausted),
    "take_top_discard": Effect(take_top_discard, usable=lambda s, p, prm: bool(s.weapon_discard)),
    "trade_for_bank": Effect(trade_for_bank, lambda prm: ["weapon", "bank"], can_trade),
    "gain_villagers": Effect(villagers_effect),
    "bank_weapon": Effect(bank_weapon_of, usable=lambda s, p, prm: bank_can_give(s, COLOURS.index(prm["colour"]))),
    "kill_with_any": Effect(kill_with_any, lambda prm: ["lair"] + ["weapon"] * prm["weapons"], can_kill_with_any,
                            discard_from=1),
    "draw_then_discard": Effect(draw_then_discard, lambda prm: ["weapon"] * prm.get("discard", 1), discard_from=0),
}
LOOT_EFFECTS: dict[str, Effect] = {
    "gain_cubes": Effect(gain_cubes),
    "gain_villagers": Effect(villagers_effect),
    "bank_weapon": CHARACTER_EFFECTS["bank_weapon"],
    "weapons_from_bank": Effect(weapons_from_bank, lambda prm: ["bank"] * prm["amount"]),
    "draw_weapons": Effect(draw_weapons),
    "kill_top": Effect(kill_top_free, lambda prm: ["lair"], has_lair_target),
    "kill_with_any": CHARACTER_EFFECTS["kill_with_any"],
    "team_draw": Effect(team_draw),
    "store_free": Effect(store_free, lambda prm: ["weapon"], lambda s, p, prm: weapons_held(s, p) > 0,
                         shown=face_down_shown),
    "bounty_big_lair": Effect(bounty_noop),
    "bounty_kill_three": Effect(bounty_noop),
    "bounty_cube_pair": Effect(bounty_noop),
}
CRISIS_EFFECTS: dict[str, Effect] = {
    "kill_villagers": Effect(crisis_kill_villagers),
    "each_discard": Effect(crisis_each_discard),
    "add_monsters": Effect(crisis_add_monsters),
    "greater_good": Effect(greater_good),
    "no_cubes": Effect(rule_change),
    "bloodlust": Effect(rule_change),
    "blocked_weapon": Effect(rule_change),
    "no_three": Effect(rule_change),
    "rage": Effect(rule_change),
    "bloodlust_lair": Effect(rule_change),
    "none": Effect(rule_change),
}



def keyed_by_names(kind: str, table: dict[str, Effect]) -> None:
    """Each effect table holds one function for each name a card of its kind may name (``cards.EFFECT_NAMES``, the
    card file's words, by which a card file is checked), no more and no fewer."""
    if set(table) != EFFECT_NAMES[kind]:
        raise RuntimeError(f"the {kind} effects {sorted(table)} are not the names cards.EFFECT_NAMES[{kind!r}] "
                           f"lists: {sorted(EFFECT_NAMES[kind])}")


keyed_by_names("character", CHARACTER_EFFECTS)
keyed_by_names("loot", LOOT_EFFECTS)
keyed_by_names("crisis", CRISIS_EFFECTS)


def _usable_checks_of(cards: MonsterCards) -> tuple[Usable, Usable]:
    checks = [CHARACTER_EFFECTS[c.effect].usable for c in cards.characters]
    character = tuple((None if u is always_usable else u, c.params)
                      for u, c in zip(checks, cards.characters, strict=True))
    checks = [LOOT_EFFECTS[c.effect].usable for c in cards.loot]
    loot = tuple((None if u is always_usable else u, c.params) for u, c in zip(checks, cards.loot, strict=True))
    return character, loot


_usable_checks: CardSetMemo[tuple[Usable, Usable]] = CardSetMemo(_usable_checks_of)


def usable_checks(cards: MonsterCards) -> tuple[Usable, Usable]:
    """Per character and per loot card, its effect's ``usable`` check and the card's params (``CHARACTER_EFFECTS``,
    ``LOOT_EFFECTS``), looked up once per card set for the hunt's legal actions (the state keeps them: ``usable``);
    None for an effect with nothing to check (``always_usable``: no call to ask)."""
    return _usable_checks.get(cards)
