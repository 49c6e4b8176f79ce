"""Monster Inn rules as plain functions over an InnState.

Rule references: EN = monster-inn.en.txt, FR = monster-inn.fr.txt, R<n> = shared/RULINGS.md, Monster Inn, ruling n,
P<n> = the project's own rulings in docs/rules/inn.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import cards_option, parsed_card_set
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.options import bool_option, check_keys, seat_option
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.inn.cards import HUMAN, MONSTER, RACES, CardSet, default_cards, parse_cards
from monsterbox.games.inn.scoring import final_scores, score_game, winners
from monsterbox.games.inn.state import (
    BID,
    BONUS,
    DECISION_KINDS,
    GEM,
    GOLD,
    KIND_NAMES,
    OVER,
    SUPPORT,
    InnState,
    copy_state,
    public_card,
)

STARTING_GOLD = 3  # EN, Game Setup: each player takes 3 gold coins and 3 gems
STARTING_GEMS = 3
SUPPLY_GOLD = 25  # EN, Components: 25 gold coins, 25 gems
SUPPLY_GEMS = 25

# --- action codes -------------------------------------------------------------------------------------------------
STAY_GOLD, STAY_GEM, EXCHANGE, DROP, BONUS_GOLD, BONUS_GEM, NO_SUPPORT = range(7)
SUPPORT_BASE = 7  # support:<monster>:<kind> = SUPPORT_BASE + 2 * card + kind, card 0..19 (monsters)

ACTION_NAMES: list[str] = ["stay:gold", "stay:gem", "exchange", "drop", "bonus:gold", "bonus:gem", "support:none"]
ACTION_NAMES += [f"support:M{c + 1}:{KIND_NAMES[k]}" for c in range(20) for k in (GOLD, GEM)]
ACTION_CODES: dict[str, int] = {name: code for code, name in enumerate(ACTION_NAMES)}

OPTION_KEYS = {
    "open_treasures": "bool: every player's treasure hand is public (rulebook variant)",
    "first_player": "int seat: who starts the first round (default: drawn from the seed, R1)",
    "deck": "list of creature ids (e.g. ['M20', 'H3']): drawn first, in that order; the rest is shuffled",
    "cards": "path to a card file (TOML/JSON) or its list of creature entries; default monsterbox/data/inn.toml",
}


def rounds_for(players: int) -> int:
    """R2: 13 rounds with 3 players (one creature left unseen), 10 with 4, 8 with 5 (40 creatures / players)."""
    return 40 // players


# --- setup ----------------------------------------------------------------------------------------------------------
def validate_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Check option keys and values; return a normalised, self-contained (JSON-serialisable) copy."""
    options = check_keys(options, OPTION_KEYS, "Monster Inn")
    out: dict[str, Any] = {"open_treasures": False}
    out["open_treasures"] = bool_option(options, "open_treasures")
    if "first_player" in options:
        out["first_player"] = seat_option(options, "first_player", players)
    cards = default_cards()
    if options.get("cards") is not None:
        cards = cards_option(options["cards"], parse_cards, (list, dict))
        out["cards"] = cards.entries()
    if "deck" in options:
        deck = options["deck"]
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise InvalidOptions("option deck must be a list of creature ids like 'M7' or 'H13', got {value}",
                                 value=repr(deck))
        known = set(cards.ids)
        for c in deck:
            if c not in known:
                raise InvalidOptions("option deck: unknown creature id {id}; ids are M1..M20 and H1..H20", id=repr(c))
        dups = sorted(c for c, n in Counter(deck).items() if n > 1)  # linear in the option's length
        if dups:
            raise InvalidOptions("option deck: creature id(s) {ids} listed more than once", ids=", ".join(dups))
        out["deck"] = list(deck)
    return out


def card_set(options: dict[str, Any]) -> CardSet:
    if "cards" in options:
        return parsed_card_set(options["cards"], parse_cards, "option 'cards'")
    return default_cards()


def setup(players: int, options: dict[str, Any], rng: random.Random) -> InnState:
    """EN, Game Setup: shuffle the 40 creatures; 3 gold and 3 gems each; the rest is the supply. R1: the first
    starting player is drawn from the seed."""
    cards = card_set(options)
    first = [cards.index(c) for c in options.get("deck", [])]
    rest = [c for c in range(len(cards.ids)) if c not in first]
    crng.shuffle_random(rng, rest)
    order = first + rest  # order[0] is drawn first
    starter = options["first_player"] if "first_player" in options else rng.randrange(players)
    s = InnState(
        cards=cards, n=players, open_treasures=options.get("open_treasures", False),
        rounds_total=rounds_for(players),
        hands=[STARTING_GOLD, STARTING_GEMS] * players,
        supply=[SUPPLY_GOLD - STARTING_GOLD * players, SUPPLY_GEMS - STARTING_GEMS * players],
        pool_kind=-1, pool=0, deck=order[::-1], tavern=[], tpos=0,
        monsters=[[] for _ in range(players)], humans=[[] for _ in range(players)],
        support=[-1] * len(cards.ids), in_round=[True] * players, in_count=players,
        phase=BID, current=starter, round=0, starter=starter, step=0, log=[],
    )
    start_round(s, starter)
    return s


def arrange_tavern(cards: CardSet, drawn: list[int]) -> list[int]:
    """EN, Game Setup: humans first, by descending range (same range: in the order drawn), then monsters by
    ascending combat value. Monsters only or humans only change nothing."""
    humans = [c for c in drawn if cards.kind[c] == HUMAN]
    humans.sort(key=lambda c: -cards.rng[c])  # stable: equal ranges keep draw order
    monsters = sorted((c for c in drawn if cards.kind[c] == MONSTER), key=lambda c: cards.value[c])
    return humans + monsters


def start_round(s: InnState, starter: int) -> None:
    """EN, Gameplay / FR, Comment jouer: the starter draws as many creatures as players and lays out the tavern."""
    s.round += 1
    drawn = [s.deck.pop() for _ in range(s.n)]
    s.tavern = arrange_tavern(s.cards, drawn)
    s.tpos = 0
    s.in_round = [True] * s.n
    s.in_count = s.n
    s.starter = starter
    s.current = starter
    s.phase = BID
    if s.log is not None:
        s.log.append(("round", s.round, starter, tuple(public_card(s.cards, c) for c in s.tavern)))


# --- legal actions --------------------------------------------------------------------------------------------------
def _bid_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Bid choices by pool kind (-1 empty, GOLD, GEM) and two affordability bits, precomputed (immutable)."""
    empty = tuple(tuple(a for a, ok in ((STAY_GOLD, g), (STAY_GEM, m)) if ok) + (DROP,)
                  for g, m in ((0, 0), (0, 1), (1, 0), (1, 1)))
    gold = tuple(tuple(a for a, ok in ((STAY_GOLD, add), (EXCHANGE, ex)) if ok) + (DROP,)
                 for add, ex in ((0, 0), (0, 1), (1, 0), (1, 1)))
    gem = tuple(tuple(a for a, ok in ((STAY_GEM, add), (EXCHANGE, ex)) if ok) + (DROP,)
                for add, ex in ((0, 0), (0, 1), (1, 0), (1, 1)))
    return gold, gem, empty  # indexed by pool_kind: 0 gold, 1 gem, -1 empty


_BID = _bid_table()
_BONUS = (BONUS_GOLD, BONUS_GEM)


def legal_actions(s: InnState) -> Sequence[int]:
    """The choices of ``s.current`` now (an immutable sequence; do not modify).

    Bid (EN, A) Staying In / B) Dropping Out, R3): on an empty pool place 1 gold or 1 gem; on k treasures of kind X
    add 1 X, or exchange (take the k X, place k+2 of the other kind); dropping out is always allowed.
    Bonus (EN, Human Bonus, R5): choose the kind. Support (EN, Support, R6): a monster of the race and a kind, or none.
    """
    phase = s.phase
    if phase == BID:
        p2 = 2 * s.current
        kind = s.pool_kind
        hands = s.hands
        if kind < 0:
            return _BID[2][(hands[p2] > 0) * 2 + (hands[p2 + 1] > 0)]
        return _BID[kind][(hands[p2 + kind] > 0) * 2 + (hands[p2 + 1 - kind] >= s.pool + 2)]
    if phase == BONUS:
        return _BONUS
    if phase == SUPPORT:
        return support_actions(s, s.current)
    return ()


def support_actions(s: InnState, p: int) -> list[int]:
    """R6: any not-yet-supported monster of the new monster's race (the new one included), paid with one treasure
    of a kind the player holds; or decline."""
    cards = s.cards
    race = cards.race[s.monsters[p][-1]]
    acts = []
    for m in s.monsters[p]:
        if cards.race[m] == race and s.support[m] < 0:
            for k in (GOLD, GEM):
                if s.hands[2 * p + k]:
                    acts.append(SUPPORT_BASE + 2 * m + k)
    acts.append(NO_SUPPORT)
    return acts


# --- applying actions -----------------------------------------------------------------------------------------------
def next_in(s: InnState, p: int) -> int:
    """The next player clockwise (to the left) who is still in this round."""
    n = s.n
    q = (p + 1) % n
    while not s.in_round[q]:
        q = (q + 1) % n
    return q


def apply(s: InnState, a: int) -> None:
    """Apply legal action ``a`` for ``s.current`` (legality is the caller's job: the Game handle checks it)."""
    p = s.current
    s.step += 1
    log = s.log
    if a in (STAY_GOLD, STAY_GEM):
        # EN, A) Staying In: 1 treasure to an empty centre, or 1 of the same kind.
        s.hands[2 * p + a] -= 1
        s.pool_kind = a
        s.pool += 1
        if log is not None:
            log.append(("stay", p, a, s.pool))
        s.current = next_in(s, p)
    elif a == EXCHANGE:
        # EN, A) treasure exchange: take the k treasures, place k + 2 of the other kind (R3).
        took_kind = s.pool_kind
        other = 1 - took_kind
        took = s.pool
        s.hands[2 * p + took_kind] += took
        s.hands[2 * p + other] -= took + 2
        s.pool_kind = other
        s.pool = took + 2
        if log is not None:
            log.append(("exchange", p, took_kind, took, other, took + 2))
        s.current = next_in(s, p)
    elif a == DROP:
        take_creature(s, p, False)
    elif a in (BONUS_GOLD, BONUS_GEM):
        give_bonus(s, p, a - BONUS_GOLD, False)
        after_take(s, p)
    elif a == NO_SUPPORT:
        if log is not None:
            log.append(("no_support", p))
        after_take(s, p)
    else:
        m, k = divmod(a - SUPPORT_BASE, 2)
        # EN, Support: the treasure stays on the monster and is no longer available (it leaves play, R6).
        s.hands[2 * p + k] -= 1
        s.support[m] = k
        if log is not None:
            log.append(("support", p, m, k))
        after_take(s, p)


def take_creature(s: InnState, p: int, forced: bool) -> None:
    """EN, B) Dropping Out: take all treasures in the centre and the leftmost creature; out for the round.
    Humans go face down in the bottom row, monsters face up in the top row, each in the order taken."""
    kind = s.pool_kind
    taken = s.pool
    if taken:
        s.hands[2 * p + kind] += taken
    s.pool = 0
    s.pool_kind = -1
    card = s.tavern[s.tpos]
    s.tpos += 1
    s.in_round[p] = False
    s.in_count -= 1
    if s.log is not None:
        s.log.append(("drop", p, public_card(s.cards, card), kind, taken, forced))
    cards = s.cards
    if cards.kind[card] == HUMAN:
        s.humans[p].append(card)
        # EN, Human Bonus / R5: 1 treasure of the player's choice from the supply; the other kind if one is
        # missing; none if the supply is empty.
        gold, gems = s.supply
        if gold and gems:
            s.phase = BONUS
            s.current = p
            return
        if gold or gems:
            give_bonus(s, p, GOLD if gold else GEM, True)
    else:
        mons = s.monsters[p]
        mons.append(card)
        race = cards.race[card]
        # R6: support is offered when the new monster shares its race with another monster in the dungeon and the
        # player holds at least 1 treasure.
        if s.hands[2 * p] + s.hands[2 * p + 1] > 0:
            for m in mons[:-1]:
                if cards.race[m] == race:
                    s.phase = SUPPORT
                    s.current = p
                    return
    after_take(s, p)


def give_bonus(s: InnState, p: int, kind: int, auto: bool) -> None:
    s.supply[kind] -= 1
    s.hands[2 * p + kind] += 1
    if s.log is not None:
        s.log.append(("bonus", p, kind, auto))


def after_take(s: InnState, p: int) -> None:
    """After ``p`` dropped out and made its follow-up choices: next bidder, forced drop (R4), or next round."""
    if s.tpos >= len(s.tavern):
        end_round(s, p)
    elif s.in_count == 1:
        # EN, Important / R4: the last player still in must drop out and take the last creature; the engine does
        # it and logs it. Their bonus/support choices remain theirs.
        s.phase = BID
        take_creature(s, next_in(s, p), True)
    else:
        s.phase = BID
        s.current = next_in(s, p)


def end_round(s: InnState, last_taker: int) -> None:
    """R1: the player to the left of whoever took the tavern's last creature starts the next round.
    EN, End of the Game / R2: the game ends after the last round (3 players: one creature stays unseen)."""
    if s.round >= s.rounds_total:
        s.phase = OVER
        s.current = -1
        s.scores = final_scores(s)
        if s.log is not None:
            s.log.append(("game_over", tuple(s.scores)))
        return
    start_round(s, (last_taker + 1) % s.n)


# --- naming and explanations ----------------------------------------------------------------------------------------
def refusal(s: InnState, name: str) -> Refusal:
    """Why ``name`` is refused now, as data (``core.ruleset.Refusal``), from what the seat to play may know: its own
    treasures and the table. EN, Bidding: stay in by adding one treasure of the pool's kind, or exchange (take the
    pool, place two more of the other kind); Bonuses: a support goes on a monster of the race just placed that is not
    supported yet."""
    code = ACTION_CODES.get(name)
    p = s.current
    if code is None:
        return Refusal("unknown")
    if s.phase == OVER:
        return Refusal("over")
    if (code in (STAY_GOLD, STAY_GEM, EXCHANGE, DROP) and s.phase != BID) or \
            (code in (BONUS_GOLD, BONUS_GEM) and s.phase != BONUS) or (code >= NO_SUPPORT and s.phase != SUPPORT):
        return Refusal("not_now")
    if code in (STAY_GOLD, STAY_GEM):
        if s.pool_kind >= 0 and s.pool_kind != code:
            return Refusal("pool_kind", {"kind": KIND_NAMES[s.pool_kind]})
        return Refusal("none_in_hand", {"kind": KIND_NAMES[code]})
    if code == EXCHANGE:
        if s.pool_kind < 0:
            return Refusal("nothing_to_exchange")
        other = 1 - s.pool_kind
        return Refusal("exchange_short", {"kind": KIND_NAMES[s.pool_kind], "pool": s.pool, "other": KIND_NAMES[other],
                                          "need": s.pool + 2, "have": s.hands[2 * p + other]})
    if code >= SUPPORT_BASE:
        m, k = divmod(code - SUPPORT_BASE, 2)
        monster = s.cards.ids[m]
        if m not in s.monsters[p]:
            return Refusal("not_in_dungeon", {"monster": monster})
        if s.cards.race[m] != s.cards.race[s.monsters[p][-1]]:
            return Refusal("wrong_race", {"monster": monster})
        if s.support[m] >= 0:
            return Refusal("supported", {"monster": monster})
        return Refusal("none_in_hand", {"kind": KIND_NAMES[k]})
    return Refusal("not_now")


#: the engine's English for each refusal (developer text; players read ``text.explain_refusal``)
REFUSAL_EN = {
    "unknown": ("{name!r} is not a Monster Inn action id (ids: stay:gold, stay:gem, exchange, drop, bonus:gold, "
                "bonus:gem, support:<monster id>:<gold|gem>, support:none)"),
    "over": "the game is over",
    "not_now": "{name!r} is not allowed now: {phase}",
    "pool_kind": "the pool holds {kind}: stay by adding 1 {kind} or by an exchange",
    "none_in_hand": "seat {p} has no {kind} in hand",
    "nothing_to_exchange": "there is nothing in the pool to exchange: place 1 gold or 1 gem instead",
    "exchange_short": "an exchange takes the {pool} {kind} and places {need} {other}, but seat {p} has only {have}",
    "not_in_dungeon": "{monster} is not in seat {p}'s dungeon",
    "wrong_race": "{monster} is not of the race of the monster just placed",
    "supported": "{monster} is already supported",
}


def phase_summary(s: InnState) -> str:
    """The decision awaited now, in the engine's English (``why_illegal``'s "not allowed now: ...")."""
    p = s.current
    if s.phase == BID:
        return f"seat {p} is bidding on the leftmost creature"
    if s.phase == BONUS:
        return f"seat {p} is choosing the kind of the human bonus (bonus:gold or bonus:gem)"
    if s.phase == SUPPORT:
        race = RACES[s.cards.race[s.monsters[p][-1]]]
        return f"seat {p} is choosing whether to support one of its {race}"
    return "the game is over"


def why_illegal(s: InnState, name: str) -> str:
    """Explain why ``name`` cannot be played now and list what can."""
    legal = ", ".join(ACTION_NAMES[a] for a in legal_actions(s)) if s.phase != OVER else "none (game over)"
    r = refusal(s, name)
    reason = REFUSAL_EN[r.code].format(name=name, p=s.current, phase=phase_summary(s), **r.params)
    return f"illegal action: {reason}. Legal now: {legal}"


class InnRules(PhasedRuleset):
    """Monster Inn behind the game-agnostic Ruleset interface."""

    game_id = "inn"
    title = "Monster Inn"
    min_players = 3
    max_players = 5
    secret_options = ("deck",)
    over_phase = OVER
    decision_kinds = DECISION_KINDS
    view_module = "monsterbox.games.inn.view"

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(players, options)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> InnState:
        return setup(players, options, rng)

    def legal_actions(self, state: InnState) -> Sequence[int]:
        return legal_actions(state)

    def apply(self, state: InnState, action: int) -> None:
        apply(state, action)

    def result(self, state: InnState) -> dict[str, Any]:
        return score_game(state)

    def outcome(self, state: InnState) -> tuple[list[int], list[int]]:
        """The scores and winners of ``score_game``, without its breakdown (``final_scores``)."""
        scores = list(state.scores) if state.scores is not None else final_scores(state)
        hands = state.hands
        return scores, winners(scores, [hands[2 * p] + hands[2 * p + 1] for p in range(state.n)])

    def rewards(self, state: InnState) -> list[float]:
        _, won = self.outcome(state)
        share = 1.0 / len(won)
        return [share if p in won else 0.0 for p in range(state.n)]

    def copy(self, state: InnState, keep_log: bool = True) -> InnState:
        return copy_state(state, keep_log)

    def action_tables(self, state: InnState) -> tuple[Sequence[str], dict[str, int]]:
        return ACTION_NAMES, ACTION_CODES

    def why_illegal(self, state: InnState, name: str) -> str:
        return why_illegal(state, name)

    def refusal(self, state: InnState, name: str) -> Refusal:
        return refusal(state, name)


RULES = InnRules()
