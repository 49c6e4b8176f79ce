"""Helpers to set up Monster Maker positions (card-conserving: cards move between the deck and hands)."""

from __future__ import annotations

from typing import Any

import monsterbox
from monsterbox.core.game import Game


def maker(players: int = 3, first: int = 0, seed: int = 0, **options: Any) -> Game:
    return monsterbox.new_game("maker", players, seed, {"first_player": first, **options})


def _take_card(g: Game, t: int) -> None:
    s = g.state
    s.step += 1  # the position changed: invalidate cached legal actions
    for pile in (s.deck, s.discard):
        if t in pile:
            pile.remove(t)
            return
    for p in range(s.n):
        if s.hands[p][t]:
            s.hands[p][t] -= 1
            s.hand_size[p] -= 1
            return
    raise AssertionError(f"no free copy of {s.cards.ids[t]}")


def set_hand(g: Game, seat: int, ids: list[str]) -> None:
    """Replace ``seat``'s hand by ``ids`` (its old cards go back on the deck's bottom)."""
    s = g.state
    for t, k in enumerate(s.hands[seat]):
        s.deck[0:0] = [t] * k
    s.hands[seat] = [0] * len(s.cards.ids)
    s.hand_size[seat] = 0
    for cid in ids:
        t = s.cards.index(cid)
        _take_card(g, t)
        s.hands[seat][t] += 1
        s.hand_size[seat] += 1


def stack_deck(g: Game, ids: list[str]) -> None:
    """Put ``ids`` on top of the draw pile, ids[0] drawn first."""
    s = g.state
    for cid in reversed(ids):
        t = s.cards.index(cid)
        _take_card(g, t)
        s.deck.append(t)


def place_monster(g: Game, seat: int, monster: str) -> None:
    s = g.state
    t = s.cards.index(monster)
    _take_card(g, t)
    s.monster[seat] = t
    s.entered[seat] = True


def give_treasure(g: Game, seat: int, tid: str, face_up: bool = False) -> None:
    s = g.state
    s.step += 1
    i = s.cards.treasure_index(tid)
    s.treasure_deck.remove(i)
    s.treasures[seat].append(i)
    s.face_up[i] = face_up or s.cards.treasures[i].open


def count_cards(g: Game) -> int:
    s = g.state
    return (len(s.deck) + len(s.discard) + sum(s.hand_size) + sum(len(c) for c in s.entry_cards + s.exit_cards)
            + sum(1 for m in s.monster if m >= 0) + len(s.battle))
