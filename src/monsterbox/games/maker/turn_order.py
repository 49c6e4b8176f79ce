"""Monster Maker, MM Game Flow: after a turn's action, Refresh Your Hand (drawn traps start Resolving Trap
Cards), then the next player in Turn Order; when nobody can play any more, the Victory Judgment.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from monsterbox.core import rng as crng
from monsterbox.games.maker.game_setup import HAND_SIZE
from monsterbox.games.maker.judgment import judge
from monsterbox.games.maker.state import EXITED, TRAP_PHASE, TRAPS, TURN, MakerState

TURN_CAP = 1000  # P9: a stalled game (never seen in play) is judged after this many turns


def draw_adventure(s: MakerState) -> int:
    """MM Refresh: when the draw pile runs out, shuffle the discards into a new draw pile. -1 if both are empty."""
    if not s.deck:
        if not s.discard:
            return -1
        s.deck = s.discard
        s.discard = []
        s.rng = crng.shuffle(s.rng, s.deck)
        if s.log is not None:
            s.log.append((-1, ("reshuffle", len(s.deck))))
    return s.deck.pop()


def end_turn(s: MakerState, p: int, _a: int = -1, _b: int = -1) -> None:
    """MM Refresh Your Hand: draw up to 5, all at once (not in the end phase, nor after exiting). (It takes a
    move's arguments too: ``move_done`` and ``move_heal_none`` are this function, with no frame of their own.)"""
    s.phase = TURN
    if s.battle:  # the battle's lists, emptied (most turns have none to empty)
        s.battle = []
    if s.equips:
        s.equips = []
    if s.heal:
        s.heal = []
    if s.end_phase or s.stage[p] == EXITED:
        advance(s, p)
        return
    need = HAND_SIZE - s.hand_size[p]
    if need <= 0:
        advance(s, p)
        return
    deck = s.deck
    if len(deck) >= need:  # the top cards, taken at once: what was drawn is counted and logged sorted, not in order
        drawn = deck[-need:]
        del deck[-need:]
    else:  # the pile runs out: MM Refresh (``draw_adventure`` reshuffles the discards)
        drawn = []
        for _ in range(need):
            c = draw_adventure(s)
            if c < 0:
                break
            drawn.append(c)
    hand = s.hands[p]
    for c in drawn:
        hand[c] += 1
    s.hand_size[p] += len(drawn)
    log = s.log
    if drawn and log is not None:
        log.append((-1, ("refresh", p, len(drawn))))
        drawn.sort()  # a list of its own (a slice or built here)
        log.append((p, ("drew", p, tuple(drawn))))
    trap = s.codes.trap_type
    traps = drawn.count(trap)
    if traps:
        s.stats[p][TRAPS] += traps
        s.known[p].extend([trap] * traps)  # P18: the traps are shown; they stay in the hand until resolved
        if log is not None:
            log.append((-1, ("trap", p, traps)))
        s.phase = TRAP_PHASE
        s.current = p
        return
    advance(s, p)


def advance(s: MakerState, p: int) -> None:
    """Next player to the left who is still in the labyrinth (R2); in the end phase only players with cards
    (R4: when nobody can act, the game ends)."""
    s.phase = TURN
    s.turns += 1
    if s.turns >= TURN_CAP:
        judge(s)
        return
    stage = s.stage
    for q in s.codes.after[p]:  # the seats from p's left, p last
        if stage[q] == EXITED:
            continue
        if s.end_phase and s.hand_size[q] == 0:
            continue
        s.current = q
        return
    judge(s)
