"""Monster Maker, MM A. Labyrinth Movement: entering, the treasure chest, Exiting from the Labyrinth, How to use
a Diversion Card and a Small Treasure Room Card.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from monsterbox.games.maker.cards import DIVERSION, ROOM
from monsterbox.games.maker.judgment import exit_target
from monsterbox.games.maker.state import ENTERING, EXITED, EXITING, LABYRINTHS, MakerState, log, take_from_hand
from monsterbox.games.maker.treasures import draw_treasure
from monsterbox.games.maker.turn_order import end_turn


def move_labyrinth(s: MakerState, p: int, c: int, _b: int) -> None:
    """MM A. Labyrinth Movement (the reward rule counts labyrinth cards played)."""
    take_from_hand(s, p, c)
    s.stats[p][LABYRINTHS] += 1
    play_labyrinth(s, p, c)


def play_labyrinth(s: MakerState, p: int, c: int) -> None:
    """MM A. Labyrinth Movement and Exiting; R1 (exit distance counts from the turn after the chest)."""
    d = s.cards.distance[c]
    s.entered[p] = True
    if s.stage[p] == ENTERING:
        s.entry_cards[p].append(c)
        s.entry[p] += d
        log(s, -1, "move", p, c, s.entry[p], 0)
        if s.entry[p] >= s.target:
            s.stage[p] = EXITING  # MM Exiting from the Labyrinth: flip the tile
            log(s, -1, "chest", p, s.entry[p])
            if draw_treasure(s, p):
                return
    else:
        s.exit_cards[p].append(c)
        s.exit_d[p] += d
        log(s, -1, "move", p, c, s.entry[p], s.exit_d[p])
        if s.exit_d[p] >= exit_target(s, p):
            s.stage[p] = EXITED  # MM End of Game: exited; R2: no more turns, cannot be targeted
            first = s.first_exit < 0
            if first:
                s.first_exit = p
                s.end_phase = True  # MM End of Game: the game enters the end phase
            log(s, -1, "exit", p, s.exit_d[p], first)
    end_turn(s, p)


def move_diversion(s: MakerState, p: int, _a: int, _b: int) -> None:
    """R3: a Diversion moves 0 and discards the monster in its player's labyrinth; allowed while blocked (P4: it
    stays in the player's row)."""
    c = s.cards.types_of(DIVERSION)[0]
    take_from_hand(s, p, c)
    s.stats[p][LABYRINTHS] += 1
    s.entered[p] = True
    (s.entry_cards if s.stage[p] == ENTERING else s.exit_cards)[p].append(c)
    m = s.monster[p]
    log(s, -1, "diversion", p, m)
    if m >= 0:
        s.discard.append(m)
        s.monster[p] = -1
    end_turn(s, p)


def move_room(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM Small Treasure Room: a labyrinth card of distance 0 that draws a treasure (R7: ``room``, the player
    chose to draw)."""
    play_room(s, p, True)


def move_room_pass(s: MakerState, p: int, _a: int, _b: int) -> None:
    """R7: the Small Treasure Room "may" draw a treasure: ``room:no_treasure`` plays it without drawing."""
    play_room(s, p, False)


def play_room(s: MakerState, p: int, draw: bool) -> None:
    """MM How to use a Small Treasure Room Card: a labyrinth card of distance 0; "you may draw a Treasure Card"."""
    c = s.cards.types_of(ROOM)[0]
    take_from_hand(s, p, c)
    s.stats[p][LABYRINTHS] += 1
    s.entered[p] = True
    (s.entry_cards if s.stage[p] == ENTERING else s.exit_cards)[p].append(c)
    if draw:
        log(s, -1, "room", p)
        if draw_treasure(s, p):
            return
    else:
        log(s, -1, "room_pass", p)
    end_turn(s, p)
