"""Helpers to set up Monster Mansion positions (conserving cards and skulls)."""

from __future__ import annotations

from typing import Any

import monsterbox
from monsterbox.core.game import Game
from monsterbox.games.mansion.cards import SKULLS


def mansion(players: int = 3, first: int = 0, seed: int = 0, **options: Any) -> Game:
    return monsterbox.new_game("mansion", players, seed, {"first_player": first, **options})


def aid(g: Game, actor_id: str) -> int:
    return g.state.cards.actor_index(actor_id)


def take_actor(g: Game, i: int) -> None:
    s = g.state
    s.step += 1
    for pile in (s.deck, s.audition, s.actor_discard, *s.actors, *s.reserved):
        if i in pile:
            pile.remove(i)
            return
    raise AssertionError(i)


def give_actors(g: Game, seat: int, ids: list[str]) -> None:
    for a in ids:
        i = aid(g, a)
        take_actor(g, i)
        g.state.actors[seat].append(i)


def set_audition(g: Game, ids: list[str]) -> None:
    s = g.state
    s.deck.extend(s.audition)
    s.audition = []
    for a in ids:
        i = aid(g, a)
        take_actor(g, i)
        s.audition.append(i)


def give_chamber(g: Game, seat: int, chamber_id: str) -> None:
    s = g.state
    s.step += 1
    c = [ch.id for ch in s.cards.chambers].index(chamber_id)
    s.chamber_pool.remove(c)
    s.chambers[seat].append(c)


def give_skulls(g: Game, seat: int, colours: list[str], public: bool = True) -> None:
    s = g.state
    s.step += 1
    for col in colours:
        c = SKULLS.index(col)
        s.bag[c] -= 1
        s.screens[seat][c] += 1
        if public:
            s.public_screens[seat][c] += 1
        else:
            s.hidden_skulls[seat] += 1


def set_audition_skulls(g: Game, colours: list[str]) -> None:
    s = g.state
    s.step += 1
    for c in range(5):
        s.bag[c] += s.audition_skulls[c]
    s.audition_skulls = [0] * 5
    for col in colours:
        c = SKULLS.index(col)
        s.bag[c] -= 1
        s.audition_skulls[c] += 1


def skull_total(g: Game) -> int:
    s = g.state
    return sum(s.bag) + sum(s.skull_discard) + sum(s.audition_skulls) + sum(sum(x) for x in s.screens)


def actor_total(g: Game) -> list[int]:
    s = g.state
    return sorted(s.deck + s.audition + s.actor_discard + [a for x in s.actors + s.reserved for a in x])


def pass_turn(g: Game, keep: tuple[str, ...] = ()) -> None:
    """End the casting turn doing as little as R5 allows: reserve an actor (not one named in ``keep``) when the
    turn must cast, reserve or add a chamber, then end."""
    if "end" not in g.legal_actions():
        g.play(next(a for a in g.legal_actions() if a.startswith("reserve:") and a[8:] not in keep))
    g.play("end")
