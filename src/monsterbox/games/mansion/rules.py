"""Monster Mansion rules as plain functions over a MansionState: the options and the Setup, the legal actions and
their handlers by phase, and the ruleset. The phases' rules are in their own modules, in the order the rulebook
reads them (Playing: five phases a round): ``audition`` (Phase 1, The Audition; Phase 2, Turn Order), ``casting``
(Phase 3, The Casting, its payments and the dummy's turn), ``show`` (Phase 4, The Show; Phase 5, Maintenance; End
of the Game). This module hands each phase over to the next where a later phase follows an earlier one (the tiles
taken begin the casting, the last casting turn begins the show); the show begins the next round itself.

References: MM = monster-mansion.txt (section names), R<n> = shared/RULINGS.md Monster Mansion ruling n,
P<n> = the project's own rulings in docs/rules/mansion.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from operator import attrgetter
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import cards_option, parsed_card_set
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.options import check_keys, seat_option
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.mansion import actions as A
from monsterbox.games.mansion.actions import action_table
from monsterbox.games.mansion.audition import start_round, take_tile
from monsterbox.games.mansion.cards import (
    BLACK_LAGOON,
    MUMMY,
    SKULLS,
    SWAMP_THING,
    MansionCards,
    default_cards,
    parse_cards,
)
from monsterbox.games.mansion.casting import (
    begin_turn,
    casting_actions,
    dummy_skulls_or_next,
    must_act,
    on_cast,
    on_chamber,
    on_costume,
    on_mummy,
    on_pay,
    on_reserve,
    on_swamp,
    on_take,
    owns,
    paying_for,
    payment_actions,
)
from monsterbox.games.mansion.estimate import estimate
from monsterbox.games.mansion.show import begin_show, on_give, on_give_none
from monsterbox.games.mansion.state import (
    CAST,
    DECISION_KINDS,
    DUMMY_ACTOR,
    DUMMY_SKULLS,
    LAGOON,
    OVER,
    PAY,
    TAKE,
    TILE,
    MansionState,
    copy_state,
    log,
)

START_TICKETS = 30  # MM Setup 9

OPTION_KEYS = {
    "first_player": "int seat: who holds the starting player token first (default: drawn from the seed)",
    "deck": "list of actor ids drawn first, in that order (tests, puzzles); the rest is shuffled",
    "bag": "list of skull colours the bag yields first, in that order, to every audition and Swamp Thing draw",
    "cards": "path to a card file (TOML/JSON) or its content; default monsterbox/data/mansion.toml",
}


def validate_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    options = check_keys(options, OPTION_KEYS, "Monster Mansion")
    out: dict[str, Any] = {}
    if "first_player" in options:
        out["first_player"] = seat_option(options, "first_player", players)
    cards = default_cards()
    if options.get("cards") is not None:
        cards = cards_option(options["cards"], parse_cards)
        out["cards"] = cards.entries()
    if "deck" in options:
        ids = [a.id for a in cards.actors]
        deck = options["deck"]
        if not isinstance(deck, list) or any(d not in ids for d in deck) or len(set(deck)) != len(deck):
            raise InvalidOptions("option deck must list distinct actor ids ({first}, ...), got {value}", first=ids[0],
                                 value=repr(deck))
        if players < 4:
            gone = [d for d in deck if cards.actors[ids.index(d)].removed_for_3_players]
            if gone:
                if players == 2:
                    raise InvalidOptions("option deck: {ids} are removed from the 2-player game (set up as the "
                                         "3-player game)", ids=", ".join(gone))
                raise InvalidOptions("option deck: {ids} are removed from the 3-player game", ids=", ".join(gone))
        out["deck"] = list(deck)
    if "bag" in options:
        bag = options["bag"]
        if not isinstance(bag, list) or any(b not in SKULLS for b in bag):
            raise InvalidOptions("option bag must list skull colours among {colours}, got {value}",
                                 colours=", ".join(SKULLS), value=repr(bag))
        for c, colour in enumerate(SKULLS):
            if bag.count(colour) > cards.skulls[c]:
                raise InvalidOptions("option bag lists {n} {colour} skulls; the bag holds only {most}",
                                     n=bag.count(colour), colour=colour, most=cards.skulls[c])
        out["bag"] = list(bag)
    return out


def card_set(options: dict[str, Any]) -> MansionCards:
    return parsed_card_set(options["cards"], parse_cards, "option 'cards'") if "cards" in options else default_cards()


def setup(players: int, options: dict[str, Any], rng: random.Random) -> MansionState:
    """MM Setup: shuffle the actors (3 players, and 2 players set up as 3 (R4): remove the 3 marked cards), all
    skulls in the bag, 30 tickets each, tiles on the side for the player count, a random starting player."""
    cards = card_set(options)
    codes = A.action_codes(cards, players)
    table_n = 3 if players == 2 else players
    if "deck" in options:
        ids = [a.id for a in cards.actors]
        prefix = [ids.index(d) for d in options["deck"]]
        rest = [i for i in codes.in_play if i not in prefix]
    else:
        prefix = []
        rest = list(codes.in_play)
    state_rng = crng.seed_state(rng.getrandbits(128))
    state_rng = crng.shuffle(state_rng, rest)
    # per seat lists: at most 4 seats, so literals cut to the count (cheaper than comprehensions)
    actors: list[list[int]] = [[], [], [], []]
    reserved: list[list[int]] = [[], [], [], []]
    chambers: list[list[int]] = [[], [], [], []]
    rewards: list[list[int]] = [[], [], [], []]
    s = MansionState(
        cards=cards, n=players, table_n=table_n,
        tile_values=cards.tiles_large if players == 4 else cards.tiles_small,
        deck=rest + prefix[::-1], actor_discard=[], audition=[], bag=list(cards.skulls), skull_discard=[0] * 5,
        audition_skulls=[0] * 5, screens=[[0] * 5, [0] * 5, [0] * 5, [0] * 5][:players],
        public_screens=[[0] * 5, [0] * 5, [0] * 5, [0] * 5][:players], hidden_skulls=[0] * players,
        tickets=[START_TICKETS] * players, actors=actors[:table_n], reserved=reserved[:players],
        chambers=chambers[:players], rewards=rewards[:players],
        reward_pool=list(range(len(cards.rewards))), chamber_pool=list(range(len(cards.chambers))),
        tiles=[-1] * table_n,
        token=options["first_player"] if "first_player" in options else crng.randrange_random(rng, players),
        token_next=-1, order=[], order_pos=0, phase=TILE, current=0, acting=0, to_take=0, actor_done=False,
        chamber_done=False, swamp_done=False, costume_done=False, makeup_used=False, props_used=False,
        lagoon_queue=[], pending=(-1, -1),
        bag_script=[SKULLS.index(b) for b in reversed(options["bag"])] if "bag" in options else [],
        round=0, rng=state_rng, step=0, log=[], codes=codes,
    )
    start_round(s)
    return s


def legal_actions(s: MansionState) -> list[int]:
    """The legal action codes of the seat deciding now, by phase (the casting turn, most frequent, tested first)."""
    codes = s.codes
    p = s.current
    phase = s.phase
    if phase == CAST:
        return casting_actions(s, p)
    if phase == TAKE:
        return list(compress(codes.take, s.audition_skulls))  # the colours the audition still has
    if phase == TILE:
        # MM Phase 2: the tiles nobody has taken, remembered by the tiles taken per seat (at most 5 ** 4 keys)
        key = tuple(s.tiles)
        hit = codes.tile_memo.get(key)
        if hit is None:
            hit = codes.tile_memo[key] = [codes.tile[k] for k in range(len(s.tile_values)) if k not in key]
        return hit
    if phase == PAY:
        return payment_actions(s, p)
    if phase == DUMMY_ACTOR:
        return [codes.dummy[a] for a in sorted(s.audition)]
    if phase == DUMMY_SKULLS:
        return list(compress(codes.dummy_skull, s.audition_skulls))
    if phase == LAGOON:
        acts = [codes.give[q] for q in range(s.n) if q != p]
        acts.append(codes.give_none)
        return acts
    return []


def apply(s: MansionState, code: int) -> None:
    """Apply a legal action code of the seat deciding now: its op's handler (``HANDLERS``)."""
    op, a, b = s.codes.ops[code]
    s.step += 1
    HANDLERS[op](s, s.current, a, b)


# --- the phases handed over (MM Playing: the five phases of a round, in order) ------------------------------------
def on_tile(s: MansionState, p: int, k: int, _: int) -> None:
    """MM Phase 2, Turn Order (``audition.take_tile``); the last tile taken begins Phase 3, The Casting."""
    if take_tile(s, p, k) and not begin_turn(s):
        begin_show(s)


def on_end(s: MansionState, p: int, _: int, __: int) -> None:
    """MM Phase 3: the casting turn ends; the next seat's begins (``casting.begin_turn``), or Phase 4, The Show,
    when every seat has played."""
    if s.log is not None:
        s.log.append((-1, ("end_turn", p)))
    s.order_pos += 1
    if not begin_turn(s):
        begin_show(s)


def on_dummy(s: MansionState, p: int, a: int, _: int) -> None:
    """MM 2 Player Game: the lowest real tile places an actor of the audition in the dummy's area."""
    s.audition.remove(a)
    s.actors[2].append(a)
    log(s, -1, "dummy_actor", p, a)
    if not dummy_skulls_or_next(s):
        begin_show(s)


def on_dummy_skull(s: MansionState, p: int, c: int, _: int) -> None:
    """MM 2 Player Game: the dummy's skulls go from the audition to the discard tile."""
    s.audition_skulls[c] -= 1
    s.skull_discard[c] += 1
    s.to_take -= 1
    log(s, -1, "dummy_skull", p, c)
    if not dummy_skulls_or_next(s):
        begin_show(s)


_BY_OP = {A.TILE_OP: on_tile, A.TAKE_OP: on_take, A.CAST_OP: on_cast, A.MUMMY_OP: on_mummy, A.RESERVE_OP: on_reserve,
          A.CHAMBER_OP: on_chamber, A.SWAMP_OP: on_swamp, A.COSTUME1: on_costume, A.COSTUME2: on_costume,
          A.END_OP: on_end, A.DUMMY_OP: on_dummy, A.DUMMY_SKULL: on_dummy_skull, A.GIVE: on_give,
          A.GIVE_NONE: on_give_none, A.PAY_OP: on_pay}
#: each action op's handler, indexed by op (``actions.TILE_OP`` ...)
HANDLERS = tuple(_BY_OP[op] for op in range(len(_BY_OP)))


def refusal(s: MansionState, name: str) -> Refusal:
    """Why ``name`` is refused now, as data (``core.ruleset.Refusal``), from what the seat to play may know: its own
    skulls and the table. MM Casting: one actor cast or reserved and one chamber a turn, an actor's cost paid in
    skulls (R6), one ability card of each type; R5: a casting turn cannot end having done neither."""
    t = action_table(s.cards, s.n)
    code = t.codes.get(name)
    if code is None:
        return Refusal("unknown")
    if s.phase == OVER:
        return Refusal("over")
    op, a, _ = t.ops[code]
    p = s.current
    if op in (A.CAST_OP, A.MUMMY_OP) and s.phase == CAST and s.actor_done:
        return Refusal("one_actor")
    if op == A.CAST_OP and s.phase == CAST and (a in s.audition or a in s.reserved[p]):
        actor = s.cards.actors[a]
        t_a = s.cards.atype[a]
        if t_a in (BLACK_LAGOON, MUMMY, SWAMP_THING) and owns(s, p, t_a):
            return Refusal("one_of_each", {"actor": actor.id})
        return Refusal("cannot_pay", {"actor": actor.id, "cost": dict(actor.cost),
                                      "have": {c: s.screens[p][i] for i, c in enumerate(SKULLS) if s.screens[p][i]}})
    if op == A.CHAMBER_OP and s.phase == CAST and s.chamber_done:
        return Refusal("one_chamber")
    if op == A.END_OP and s.phase == CAST and must_act(s, p):
        return Refusal("must_act")
    if op == A.PAY_OP and s.phase == PAY:
        return Refusal("bad_payment")
    if op == A.PAY_OP:
        return Refusal("no_payment")
    return Refusal("not_now")


#: the engine's English for each refusal (developer text; players read ``text.explain_refusal``)
REFUSAL_EN = {
    "unknown": "{name!r} is not a Monster Mansion action id",
    "over": "the game is over",
    "one_actor": "you have already cast or reserved an actor this turn (one per turn)",
    "one_of_each": "you already have a {actor} (one ability card of each type)",
    "cannot_pay": "you cannot pay {actor}'s cost {cost}",
    "one_chamber": "only one chamber per turn",
    "must_act": ("cast or reserve an actor and/or add a chamber first: a casting turn cannot end having done neither "
                 "while the audition holds an actor or a chamber can be added (R5)"),
    "bad_payment": "{name!r} is not a way to pay for what you chose (the payments are listed below)",
    "no_payment": "there is no payment to choose now (payments follow a cast:, mummy: or chamber: action)",
    "not_now": "{name!r} is not allowed now: {phase}",
}


def phase_summary(s: MansionState) -> str:
    p = s.current
    return {
        TILE: f"seat {p} chooses a turn-order tile",
        TAKE: f"seat {p} takes {s.to_take} more skull(s) from the audition",
        CAST: f"seat {p} casts, reserves, adds a chamber, uses abilities, or ends the turn",
        PAY: f"seat {p} chooses which skulls pay for {paying_for(s)}",
        DUMMY_ACTOR: f"seat {p} chooses the dummy's actor",
        DUMMY_SKULLS: f"seat {p} discards the dummy's skulls ({s.to_take} more)",
        LAGOON: f"seat {p} may give a ticket (The Black Lagoon Monster)",
        OVER: "the game is over",
    }[s.phase]


def why_illegal(s: MansionState, name: str) -> str:
    t = action_table(s.cards, s.n)
    legal = ", ".join(t.names[a] for a in legal_actions(s)) if s.phase != OVER else "none (game over)"
    r = refusal(s, name)
    reason = REFUSAL_EN[r.code].format(name=name, p=s.current, phase=phase_summary(s), **r.params)
    return f"illegal action: {reason}. Legal now: {legal}"


class MansionRules(PhasedRuleset):
    game_id = "mansion"
    title = "Monster Mansion"
    min_players = 2
    max_players = 4
    secret_options = ("deck", "bag")
    over_phase = OVER
    decision_kinds = DECISION_KINDS
    view_module = "monsterbox.games.mansion.view"

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(players, options)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> MansionState:
        return setup(players, options, rng)

    # the module's functions themselves, not methods calling them: one call less on every decision, as in
    # Monster's ruleset (mypy: their parameters are named ``s``/``code``, not ``state``/``action``; positional use
    # is the same)
    legal_actions = staticmethod(legal_actions)  # type: ignore[assignment]
    apply = staticmethod(apply)  # type: ignore[assignment]
    # read by the Game wrapper two to three times a decision: plain attribute reads in C (``attrgetter`` is not a
    # descriptor, so ``RULES.is_over(state)`` calls it with the state alone), not Python methods
    is_over = attrgetter("over")  # type: ignore[assignment]
    step_count = attrgetter("step")  # type: ignore[assignment]

    def estimate(self, state: MansionState) -> list[float]:
        return estimate(state)

    def copy(self, state: MansionState, keep_log: bool = True) -> MansionState:
        return copy_state(state, keep_log)

    def action_tables(self, state: MansionState) -> tuple[Sequence[str], dict[str, int]]:
        t = action_table(state.cards, state.n)
        return t.names, t.codes

    def why_illegal(self, state: MansionState, name: str) -> str:
        return why_illegal(state, name)

    def refusal(self, state: MansionState, name: str) -> Refusal:
        return refusal(state, name)


RULES = MansionRules()
