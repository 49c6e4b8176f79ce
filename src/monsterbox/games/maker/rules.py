"""Monster Maker: the ruleset (``RULES``), its options, the legal actions of each decision, applying an action
(the move of its op, found in the phase modules) and why an action is refused.

The rules themselves are plain functions over a MakerState, one module per part of the rulebook, each importing
only the ones before it: ``game_setup`` (MM Game Setup), ``judgment`` (End of Game, Victory Judgment),
``turn_order`` (Game Flow: Refresh Your Hand, Turn Order), ``treasures`` (Treasure Card), then the four actions
``labyrinth`` (A. Labyrinth Movement), ``battle`` (B. Place a Monster, C. Battle a Monster), ``discard`` (D. Discard
Your Hand) and ``traps`` (Resolving Trap Cards). ``estimate`` is the position estimate of the ruleset.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter
from typing import Any

from monsterbox.core.cardfile import cards_option
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.options import bool_option, check_keys, seat_option
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.maker import actions as A
from monsterbox.games.maker.actions import action_table
from monsterbox.games.maker.battle import (
    move_add,
    move_battle,
    move_cleric,
    move_equip,
    move_fight,
    move_heal,
    move_place,
    move_relic,
    targets,
    undead_battle,
)
from monsterbox.games.maker.cards import ROOM, default_cards, parse_cards
from monsterbox.games.maker.discard import move_discard_card, move_discard_start
from monsterbox.games.maker.estimate import estimate
from monsterbox.games.maker.game_setup import setup
from monsterbox.games.maker.labyrinth import move_diversion, move_labyrinth, move_room, move_room_pass
from monsterbox.games.maker.state import (
    BATTLE,
    DECISION_KINDS,
    DISCARD,
    HEAL,
    OVER,
    REWARDS,
    TRAP_PHASE,
    TREASURE,
    TURN,
    MakerState,
    copy_state,
)
from monsterbox.games.maker.traps import move_keep, move_thief
from monsterbox.games.maker.treasures import can_draw_treasure, move_drop
from monsterbox.games.maker.turn_order import end_turn

OPTION_KEYS = {
    "short": "bool: the short version: chest at 80 (2-5 players) or 70 (6 players)",
    "distance": "int: any chosen distance to the treasure chest (overrides short)",
    "rounds": "1 or 3: the 3-round rule (scores summed over 3 games)",
    "rewards": f"list of reward names to play with: {', '.join(REWARDS)}",
    "first_player": "int seat: who plays first (default: drawn from the seed)",
    "deck": "list of adventure card ids drawn first, in that order (tests, puzzles); the rest is shuffled",
    "treasure_deck": "list of treasure ids drawn first, in that order",
    "dice": "list of die results (1-6) used first, in that order, before the seeded dice",
    "cards": "path to a card file (TOML/JSON) or its content; default monsterbox/data/maker.toml",
}


# --- options ---
def validate_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    options = check_keys(options, OPTION_KEYS, "Monster Maker")
    out: dict[str, Any] = {}
    out["short"] = bool_option(options, "short")
    if "distance" in options:
        d = options["distance"]
        if isinstance(d, bool) or not isinstance(d, int) or not 10 <= d <= 300:
            raise InvalidOptions("option distance must be an integer from 10 to 300, got {value}", value=repr(d))
        out["distance"] = d
    rounds = options.get("rounds", 1)
    if rounds not in (1, 3) or isinstance(rounds, bool):
        raise InvalidOptions("option rounds must be 1 or 3 (the 3-round rule), got {value}", value=repr(rounds))
    out["rounds"] = rounds
    rewards = options.get("rewards", [])
    if not isinstance(rewards, list) or any(r not in REWARDS for r in rewards) or len(set(rewards)) != len(rewards):
        raise InvalidOptions("option rewards must be a list of distinct names among {names}, got {value}",
                             names=", ".join(REWARDS), value=repr(rewards))
    out["rewards"] = list(rewards)
    if "first_player" in options:
        out["first_player"] = seat_option(options, "first_player", players)
    cards = default_cards()
    if options.get("cards") is not None:
        cards = cards_option(options["cards"], parse_cards)
        out["cards"] = cards.entries()
    if "deck" in options:
        deck = options["deck"]
        known = set(cards.ids)
        if not isinstance(deck, list) or any(not isinstance(c, str) or c not in known for c in deck):
            raise InvalidOptions("option deck must list adventure card ids ({ids}, ...), got {value}",
                                 ids=", ".join(cards.ids[:6]), value=str(deck)[:200])
        listed = Counter(deck)  # linear in the option's length
        for t, n in listed.items():
            if n > cards.count[cards.index(t)]:
                raise InvalidOptions("option deck lists {id} {n} times; there are only {most}", id=repr(t), n=n,
                                     most=cards.count[cards.index(t)])
        out["deck"] = list(deck)
    if "treasure_deck" in options:
        td = options["treasure_deck"]
        tids = {t.id for t in cards.treasures}
        if not isinstance(td, list) or any(not isinstance(t, str) or t not in tids for t in td) \
                or len(set(td)) != len(td):
            raise InvalidOptions("option treasure_deck must list distinct treasure ids, got {value}", value=repr(td))
        out["treasure_deck"] = list(td)
    if "dice" in options:
        dice = options["dice"]
        if not isinstance(dice, list) or any(isinstance(x, bool) or x not in range(1, 7) for x in dice):
            raise InvalidOptions("option dice must be a list of die results from 1 to 6, got {value}",
                                 value=repr(dice))
        out["dice"] = list(dice)
    return out


# --- legal actions ---
# The card types a hand (counts per type) holds are ``compress(s.codes.types, hand)``, in type order: a hand holds a
# few of the many types, and ``compress`` skips the others without a Python loop.
def legal_actions(s: MakerState) -> list[int]:
    """The seat to play's choices, in a fixed order: MM A-D (a turn's one action), C. Battle with P6 (characters in
    card-file order, then treasure bonuses P17, fight), Healing (P7), D. Discard (P10, P19), Resolving Trap Cards
    (P12) and the Maximum number of Treasure Cards (P13). Codes come from ``s.codes`` (by move, no tuple hashed)."""
    codes = s.codes
    p = s.current
    hand = s.hands[p]
    phase = s.phase
    if phase == DISCARD:  # the most frequent decision (a discard action discards one card at a time)
        # A Trap is never in a hand outside the trap phase (it is resolved at once), so no -1 comes out here.
        acts = [*compress(codes.discard, hand)]
        # MM Treasure Card: a revealed treasure can be discarded (an open one cannot); P19: with the discard action
        treasures = s.cards.treasures
        for tr in s.treasures[p]:
            if s.face_up[tr] and not treasures[tr].open:
                acts.append(codes.drop[tr])
        if not (s.end_phase and s.discarded == 0 and s.hand_size[p]):
            acts.append(codes.done)
        return acts
    acts = []
    if phase == TURN:
        blocked = s.monster[p] >= 0
        # MM A, C: a monster blocks labyrinth and room cards; R3: a Diversion is allowed while blocked
        turn = codes.turn_blocked if blocked else codes.turn_free
        place = codes.place
        add = codes.add
        to: list[int] | None = None  # the players a monster can be placed on, found once
        character = False  # a Character in hand (``can_battle``, found by the same pass)
        for c in compress(codes.types, hand):
            x = turn[c]
            if x >= 0:
                acts.append(x)
                if x == codes.room and can_draw_treasure(s, p):  # R7: the room's draw is optional
                    acts.append(codes.room_pass)
            elif place[c]:  # a monster type: MM B. Place a Monster
                if to is None:
                    to = targets(s, p)
                by_seat = place[c]
                for q in to:
                    acts.append(by_seat[q])
            elif add[c] >= 0:
                character = True
        if blocked and (character or undead_battle(s, p)):  # ``can_battle``
            acts.append(codes.battle)
        if s.hand_size[p] or not s.end_phase:
            acts.append(codes.discard_start)
        return acts
    cards = s.cards
    if phase == BATTLE:
        m = s.monster[p]
        if not s.battle and cards.undead[m]:
            if hand[codes.cleric_type]:
                acts.append(codes.cleric)
            for tr in s.treasures[p]:
                if cards.treasures[tr].undead:
                    acts.append(codes.relic[tr])
        add = codes.add
        last = s.last_add
        for c in compress(codes.types, hand):
            if c >= last and add[c] >= 0:
                acts.append(add[c])
        if s.battle:
            for tr in s.treasures[p]:
                info = cards.treasures[tr]
                if info.bonus and tr >= s.last_equip and all(e[0] != tr for e in s.equips):
                    equip = codes.equip[tr]
                    for c in sorted(set(s.battle)):
                        if c in equip:  # a character of one of the treasure's bonus classes
                            acts.append(equip[c])
            acts.append(codes.fight)
        return acts
    if phase == HEAL:
        # R9: every battler with characters in the discard gets this step (``may_heal``); without a Cleric in
        # hand, declining is the only choice
        if hand[codes.cleric_type]:
            heal = codes.heal
            for c in sorted(set(s.heal)):
                acts.append(heal[c])
        acts.append(codes.heal_none)
        return acts
    if phase == TRAP_PHASE:
        thief = codes.thief
        for c in codes.thieves:  # R8: revealing is a choice, and the player chooses which Thief
            if hand[c]:
                acts.append(thief[c])
        keep = codes.keep
        for c in compress(codes.types, hand):
            if keep[c] >= 0:  # any card but a Trap
                acts.append(keep[c])
        if not acts:
            acts.append(codes.keep_none)
        return acts
    if phase == TREASURE:
        for tr in s.treasures[p]:
            if not cards.treasures[tr].open:
                acts.append(codes.drop[tr])
        return acts
    return acts


# --- applying actions ---
def apply(s: MakerState, code: int) -> None:
    """Apply a legal action code: the move of its op (``MOVES``), then the forced steps up to the next decision."""
    op, a, b = s.table.ops[code]
    s.step += 1
    MOVES[op](s, s.current, a, b)


#: the move of each action op (``actions``), indexed by op
MOVES: tuple[Callable[[MakerState, int, int, int], None], ...] = tuple({
    A.MOVE: move_labyrinth, A.DIVERSION_OP: move_diversion, A.ROOM_OP: move_room, A.PLACE: move_place,
    A.BATTLE_OP: move_battle, A.DISCARD_START: move_discard_start, A.DISCARD_CARD: move_discard_card,
    A.DONE: end_turn, A.ADD: move_add, A.CLERIC_OP: move_cleric, A.RELIC: move_relic, A.EQUIP: move_equip,
    A.FIGHT: move_fight, A.HEAL_CARD: move_heal, A.HEAL_NONE: end_turn, A.THIEF: move_thief,
    A.KEEP: move_keep, A.KEEP_NONE: move_keep, A.DROP: move_drop, A.ROOM_PASS: move_room_pass,
}[op] for op in range(20))


# --- explanations ---
def refusal(s: MakerState, name: str) -> Refusal:
    """Why ``name`` is refused now, as data (``core.ruleset.Refusal``), from what the seat to play may know: its own
    hand and treasures and the table. MM Labyrinth: a monster in your labyrinth blocks your way until it is dealt
    with; a monster goes to a player who played a labyrinth card, holds no monster and has not exited; open
    treasures cannot be discarded."""
    t = action_table(s.cards, s.n)
    code = t.codes.get(name)
    if code is None:
        return Refusal("unknown")
    if s.phase == OVER:
        return Refusal("over")
    op, a, b = t.ops[code]
    p = s.current
    if op in (A.MOVE, A.ROOM_OP, A.ROOM_PASS) and s.monster[p] >= 0:
        return Refusal("blocked")
    if op in (A.MOVE, A.ADD, A.DISCARD_CARD, A.KEEP, A.THIEF) and s.hands[p][a] == 0:
        return Refusal("no_card", {"card": s.cards.ids[a]})
    if op == A.HEAL_CARD and s.phase == HEAL and not s.hands[p][s.codes.cleric_type]:
        return Refusal("no_card", {"card": s.cards.ids[s.codes.cleric_type]})
    if op == A.DROP and a in s.treasures[p] and s.cards.treasures[a].open:
        return Refusal("open_treasure", {"treasure": s.cards.treasures[a].id})
    room = s.cards.types_of(ROOM)[0]
    if op in (A.ROOM_OP, A.ROOM_PASS) and s.hands[p][room] == 0:
        return Refusal("no_card", {"card": s.cards.ids[room]})
    if op == A.ROOM_PASS and s.phase == TURN and not can_draw_treasure(s, p):
        return Refusal("nothing_to_draw")  # R7: the draw cannot happen, so the room is played with ``room``
    if op == A.PLACE and b not in targets(s, p):
        return Refusal("no_target", {"seat": b})
    return Refusal("not_now")


#: the engine's English for each refusal (developer text; players read ``text.explain_refusal``)
REFUSAL_EN = {
    "unknown": "{name!r} is not a Monster Maker action id",
    "over": "the game is over",
    "blocked": "a monster blocks your labyrinth: battle it, play a Diversion, or do something else",
    "no_card": "seat {p} holds no {card}",
    "open_treasure": ("{treasure} is an open treasure: open treasures cannot be discarded (MM Maximum number of "
                      "Treasure Cards)"),
    "nothing_to_draw": ("no treasure can be drawn now (two open treasures, or the treasure pile is empty): play the "
                        "Small Treasure Room with 'room', which draws nothing"),
    "no_target": ("seat {seat} cannot be given a monster (it must have played a labyrinth card, hold no monster and "
                  "not have exited)"),
    "not_now": "{name!r} is not allowed now: {phase}",
}


def phase_summary(s: MakerState) -> str:
    """The decision pending, in the engine's English (``why_illegal``; players read ``text`` and ``prompt``)."""
    p = s.current
    return {
        BATTLE: f"seat {p} is in a battle (add characters, use treasures, then fight)",
        HEAL: f"seat {p} may discard a Cleric, if it holds one, to heal a character of the battle",
        DISCARD: f"seat {p} is discarding (discard:<card> ..., then done)",
        TRAP_PHASE: f"seat {p} drew a trap: reveal a Thief (thief:<character>) or keep one card",
        TREASURE: f"seat {p} holds three treasures and must drop one" + open_note(s),
        OVER: "the game is over",
    }.get(s.phase, f"seat {p} chooses an action")


def open_note(s: MakerState) -> str:
    """Why some of the three treasures cannot be dropped (MM: "Open" Treasure Cards cannot be discarded)."""
    kept = [s.cards.treasures[t].id for t in s.treasures[s.current] if s.cards.treasures[t].open]
    if not kept:
        return ""
    return f" ({', '.join(kept)} {'is' if len(kept) == 1 else 'are'} open: open treasures cannot be discarded)"


def why_illegal(s: MakerState, name: str) -> str:
    t = action_table(s.cards, s.n)
    legal = ", ".join(t.names[a] for a in legal_actions(s)) if s.phase != OVER else "none (game over)"
    r = refusal(s, name)
    reason = REFUSAL_EN[r.code].format(name=name, p=s.current, phase=phase_summary(s), **r.params)
    return f"illegal action: {reason}. Legal now: {legal}"


class MakerRules(PhasedRuleset):
    game_id = "maker"
    title = "Monster Maker"
    min_players = 2
    max_players = 6
    secret_options = ("deck", "treasure_deck", "dice")
    over_phase = OVER
    decision_kinds = DECISION_KINDS
    view_module = "monsterbox.games.maker.view"

    # The hot paths called by ``core.game.Game`` a decision, with no method frame of their own: the rules'
    # functions themselves, and the phase and step counter read as attributes (``MakerState.over``).
    validate_options = staticmethod(validate_options)
    setup = staticmethod(setup)
    legal_actions = staticmethod(legal_actions)  # type: ignore[assignment]
    apply = staticmethod(apply)  # type: ignore[assignment]
    is_over = attrgetter("over")  # type: ignore[assignment]
    step_count = attrgetter("step")  # type: ignore[assignment]

    def rewards(self, state: MakerState) -> list[float]:
        assert state.result is not None
        won = state.result["winners"]
        return [1.0 / len(won) if p in won else 0.0 for p in range(state.n)]

    def estimate(self, state: MakerState) -> list[float]:
        return estimate(state)

    def copy(self, state: MakerState, keep_log: bool = True) -> MakerState:
        return copy_state(state, keep_log)

    def action_tables(self, state: MakerState) -> tuple[Sequence[str], dict[str, int]]:
        t = action_table(state.cards, state.n)
        return t.names, t.codes

    def why_illegal(self, state: MakerState, name: str) -> str:
        return why_illegal(state, name)

    def refusal(self, state: MakerState, name: str) -> Refusal:
        return refusal(state, name)


RULES = MakerRules()
