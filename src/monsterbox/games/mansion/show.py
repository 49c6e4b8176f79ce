"""Monster Mansion, MM Phase 4, The Show (the Black Lagoon's gifts, then every seat sells its Sales Level in
tickets), Phase 5, Maintenance, and the End of the Game; the Sales Level (R1) and the rounds a seat still needs at
it (the estimate that cut-off playouts are scored by is in ``estimate``).

References: MM = monster-mansion.txt (section names), R<n> = shared/RULINGS.md Monster Mansion ruling n,
P<n> = the project's own rulings in docs/rules/mansion.md.
"""

from __future__ import annotations

from monsterbox.games.mansion.audition import start_round
from monsterbox.games.mansion.cards import CTHULHU, DRACULA, EVA, FRANKENSTEIN, GHOST, VERONA
from monsterbox.games.mansion.state import LAGOON, OVER, MansionState, log

REWARD_BONUS = 3  # MM Reward Cards: +3 each
ROUND_CAP = 60  # P10: a safety net; games end long before (every seat sells at least 1 ticket a round)
FIXED_SALES = (1, 2, 3)  # MM Actor Cards: Dracula, Werewolf and Frankenstein's sales (by type, the first three)


def neighbours(s: MansionState, q: int) -> tuple[int, ...]:
    """The player to the left and the player to the right (R2: the dummy is a seat of the table)."""
    n = s.table_n
    left, right = (q + 1) % n, (q - 1) % n
    return (left,) if left == right else (left, right)


def sales_level(s: MansionState, q: int) -> int:
    """R1: derived from the table at every moment. Mansion 1 + actors (MM Actor Cards) + 3 per reward."""
    cards = s.cards
    atype = cards.atype
    actors = s.actors
    level = 1 + REWARD_BONUS * len(s.rewards[q]) if q < s.n else 0
    around: tuple[int, ...] = ()
    for a in actors[q]:
        t = atype[a]
        if t < CTHULHU:  # Dracula 1, Werewolf 2, Frankenstein 3
            level += FIXED_SALES[t]
            continue
        if t == GHOST:
            level += len(s.chambers[q]) if q < s.n else 0
            continue
        if not around:
            around = neighbours(s, q)
        if t == CTHULHU:  # +1 per actor of the colour it shows, here and next door
            acolour = cards.acolour
            colour = cards.ashows[a]
            for seat in (q, *around):
                for x in actors[seat]:
                    if acolour[x] == colour:
                        level += 1
        elif t == VERONA:  # +1 per Dracula, here and next door
            for seat in (q, *around):
                for x in actors[seat]:
                    if atype[x] == DRACULA:
                        level += 1
        elif t == EVA:  # +2 per Frankenstein next door
            for seat in around:
                for x in actors[seat]:
                    if atype[x] == FRANKENSTEIN:
                        level += 2
    return level


def begin_show(s: MansionState) -> None:
    """MM Phase 4, The Show: Black Lagoon owners give a ticket, in turn order; then everyone sells."""
    lagoons = s.codes.lagoons
    actors, tickets, n = s.actors, s.tickets, s.n
    s.lagoon_queue = [q for q in s.order if q < n and not lagoons.isdisjoint(actors[q]) and tickets[q] > 0]
    next_lagoon(s)


def next_lagoon(s: MansionState) -> None:
    if s.lagoon_queue:
        s.current = s.lagoon_queue.pop(0)
        s.phase = LAGOON
        return
    show(s)


def on_give(s: MansionState, p: int, q: int, _: int) -> None:
    """MM The Black Lagoon: give one ticket to a player (``q``), before the show."""
    s.tickets[p] -= 1
    s.tickets[q] += 1
    log(s, -1, "give", p, q)
    next_lagoon(s)


def on_give_none(s: MansionState, p: int, _: int, __: int) -> None:
    log(s, -1, "give", p, -1)
    next_lagoon(s)


def show(s: MansionState) -> None:
    """Sell tickets equal to the Sales Level; MM End of the Game: anyone with no tickets left ends the game; the
    most excess tickets sold wins, then a shared victory."""
    tickets = s.tickets
    before = tickets[:]
    levels = []
    for p in range(s.n):
        level = sales_level(s, p)
        levels.append(level)
        tickets[p] -= level
    log(s, -1, "show", tuple(levels), tuple(before))
    out = [p for p in range(s.n) if tickets[p] <= 0] if min(tickets) <= 0 else None
    if out or s.round >= ROUND_CAP:
        if out:
            excess = {p: -s.tickets[p] for p in out}
            best = max(excess.values())
            winners = [p for p in out if excess[p] == best]
        else:
            least = min(s.tickets)
            winners = [p for p in range(s.n) if s.tickets[p] == least]
        s.result = {"scores": [-t for t in s.tickets], "winners": winners, "tickets_left": s.tickets[:],
                    "sales_levels": levels, "rounds": s.round}
        s.phase = OVER
        s.over = True
        s.current = -1
        log(s, -1, "game_over", tuple(winners))
        return
    # MM Phase 5, Maintenance: the audition's actors are discarded (2 players: to the dummy's area)
    if s.n == 2:
        s.actors[2].extend(s.audition)
    else:
        s.actor_discard.extend(s.audition)
    s.audition = []
    s.token = s.token_next
    start_round(s)


def rounds_to_finish(s: MansionState, p: int) -> float:
    return max(0.0, s.tickets[p]) / max(1, sales_level(s, p))
