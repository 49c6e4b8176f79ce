"""A fifth game in a few lines, from outside the package: "race to ten" (docs/architecture.md, "How to add a fifth
game", follows it step by step).

2 to 4 players share a total, from 0. Each is dealt one hidden card (1, 2 or 3; six cards, two of each); the rest
stay face down. On your turn add 1 or 2 to the total, or play your card once (its value is added and shown). Whoever
brings the total to 10 or more wins. The hidden cards make a determinization mean something: another seat's unplayed
card and the face-down cards are resampled, your own card and everything played stay.

``register()`` adds it to the game registry (``monsterbox.core.registry.register_game``) and to the learning
environments (``monsterbox.rl.common.register_game``); ``unregister()`` removes it again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from monsterbox.core.errors import InvalidOptions
from monsterbox.core.registry import register_game, unregister_game
from monsterbox.core.ruleset import Ruleset

GAME_ID = "toy"
GOAL = 10
CARDS = (1, 1, 2, 2, 3, 3)
ACTIONS = ("add:1", "add:2", "play")
CODES = {name: code for code, name in enumerate(ACTIONS)}
PLAY = CODES["play"]


@dataclass(slots=True)
class ToyState:
    players: int
    hands: list[int]  # each seat's card, 0 once played
    stock: list[int]  # the face-down cards
    total: int = 0
    current: int = 0
    step: int = 0
    over: bool = False
    result: dict[str, Any] | None = None
    log: list[tuple[str, int, int]] = field(default_factory=list)  # (kind, seat, amount), all public


class ToyRules(Ruleset):
    game_id = GAME_ID
    title = "Race to ten"
    min_players, max_players = 2, 4

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        if options:
            raise InvalidOptions("unknown option {keys}", keys=", ".join(map(str, options)))
        return {}

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> ToyState:
        deck = list(CARDS)
        rng.shuffle(deck)
        return ToyState(players, deck[:players], deck[players:])

    def to_play(self, state: ToyState) -> int | None:
        return None if state.over else state.current

    def legal_actions(self, state: ToyState) -> list[int]:
        return [0, 1, PLAY] if state.hands[state.current] else [0, 1]

    def apply(self, state: ToyState, action: int) -> None:
        seat = state.current
        if action == PLAY:
            amount, state.hands[seat] = state.hands[seat], 0
            state.log.append(("play", seat, amount))
        else:
            amount = action + 1
            state.log.append(("add", seat, amount))
        state.total += amount
        state.step += 1
        if state.total >= GOAL:
            state.over = True
            state.result = {"scores": [int(p == seat) for p in range(state.players)], "winners": [seat]}
        else:
            state.current = (seat + 1) % state.players

    def is_over(self, state: ToyState) -> bool:
        return state.over

    def result(self, state: ToyState) -> dict[str, Any]:
        assert state.result is not None
        return state.result

    def copy(self, state: ToyState, keep_log: bool = True) -> ToyState:
        return ToyState(state.players, list(state.hands), list(state.stock), state.total, state.current, state.step,
                        state.over, state.result, list(state.log) if keep_log else [])

    def step_count(self, state: ToyState) -> int:
        return state.step

    def action_tables(self, state: ToyState) -> tuple[tuple[str, ...], dict[str, int]]:
        return ACTIONS, CODES

    def why_illegal(self, state: ToyState, name: str) -> str:
        legal = ", ".join(ACTIONS[c] for c in self.legal_actions(state)) if not state.over else "nothing"
        return f"{name!r} cannot be played now. Legal now: {legal}"

    def table_view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {"total": state.total, "to_play": self.to_play(state), "stock": len(state.stock),
                "seats": [{"played": not h} for h in state.hands],
                "hand": state.hands[seat] if seat is not None else None,
                "result": state.result}

    def log_event(self, state: ToyState, entry: tuple[str, int, int]) -> dict[str, Any]:
        kind, seat, amount = entry
        return {"type": kind, "seat": seat, "amount": amount}

    def determinize(self, state: ToyState, seat: int, rng: random.Random, keep_log: bool = True) -> ToyState:
        """The other seats' unplayed cards and the face-down ones, shuffled among themselves."""
        s = self.copy(state, keep_log)
        others = [p for p in range(s.players) if p != seat and s.hands[p]]
        unknown = [s.hands[p] for p in others] + s.stock
        rng.shuffle(unknown)
        for p in others:
            s.hands[p] = unknown.pop()
        s.stock = unknown
        return s


RULES = ToyRules()


class ToyPolicy:
    """The heuristic bot: win now if it can (with a step or its own card), else add 1."""

    def choose(self, state: ToyState) -> int:
        need = GOAL - state.total
        if need <= 2:
            return need - 1
        if state.hands[state.current] and state.hands[state.current] >= need:
            return PLAY
        return 0


def rollout_policy(state: ToyState) -> int:
    return ToyPolicy().choose(state)


def narrate(event: dict[str, Any], you: int | None = None, names: list[str] | None = None,
            cards: Any = None) -> str:
    """The wording layer (a game's ``text`` part): one sentence an event."""
    who = "You" if event["seat"] == you else f"Seat {event['seat']}"
    return f"{who} {'played a card of' if event['type'] == 'play' else 'added'} {event['amount']}"


def encode(view: dict[str, Any]) -> list[float]:
    """The observation vector (``rl.common.register_game``): the total, the own card, who has played, padded to 4."""
    played = [float(s["played"]) for s in view["seats"]] + [0.0] * (4 - len(view["seats"]))
    return [view["total"] / GOAL, (view["hand"] or 0) / 3, *played]


def register() -> None:
    """Register the toy game from outside the package: with the game registry, then the learning environments."""
    register_game(GAME_ID, f"{__name__}:RULES", ToyRules.title,
                  {"text": __name__, "heuristic": f"{__name__}:ToyPolicy", "rollout": f"{__name__}:rollout_policy"},
                  replace=True)
    try:
        from monsterbox.rl.common import register_game as register_rl
    except ImportError:  # no rl extra
        return
    register_rl(GAME_ID, encode, players=3)


def unregister() -> None:
    unregister_game(GAME_ID)
    try:
        from monsterbox.rl.common import unregister_game as unregister_rl
    except ImportError:
        return
    unregister_rl(GAME_ID)
