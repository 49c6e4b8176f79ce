"""The win-chance estimate a Monster Mansion playout is scored by when it is cut short (ISMCTS's ``depth``, the
review's and the hints' cut-off; ``Ruleset.estimate``).

A conditional logit over the seats (a softmax of one linear score per seat), fitted on positions of heuristic-bot
games with their winners (``benchmarks/mansion_estimate.py`` refits it and prints the weights below and the held-out
fit). Its features are what MM End of the Game turns on, seen from the position: the rounds a seat still needs
(its tickets over its Sales Level, R1), its tickets and Sales Level, and what will move them in the rounds after the
cut: the skulls on its screen, its reserved actors and chambers, the best Sales Level it could add from the audition
or its reserve, whether it still casts this round, and whether it holds (or will take) the token, whose holder
chooses a turn-order tile first next round (MM Phase 2). Everything it reads is on the sampled state the search
holds (a determinization of the seat's information set), never the true state.

The estimate before it, a softmax of minus the rounds each seat still needs (temperature 0.7: ``need`` alone with
the weight -1/0.7), did not see that the first to cast sells faster in the rounds after the cut: at seed 1001's 34th
decision (``docs/results/review-agreement.md``) it valued tile 1 at 0.59-0.61 where heuristic play to the end gives
0.94-0.96.
"""

from __future__ import annotations

import math

from monsterbox.games.mansion.show import sales_level
from monsterbox.games.mansion.state import TILE, MansionState

#: feature names, in the order of ``features`` and of ``WEIGHTS``
FEATURES = ("rounds still needed", "tickets", "Sales Level", "skulls on the screen", "reserved actors",
            "chambers", "best Sales Level gain in reach", "casts again this round", "holds the token next round",
            "tickets left after the next show", "tickets sold beyond the last at the next show", "actors cast",
            "shows still needed if the Sales Level grows by 1 a round",
            "the same with the best actor in reach cast next")

#: fitted by ``python benchmarks/mansion_estimate.py`` (heuristic-bot games, 2 to 4 players)
WEIGHTS = (0.0026, -1.1978, 2.2280, 0.8520, 0.0991, 0.4834, 0.9433, 0.7548, 0.3886, -0.6627, 2.7631, 1.8896, -0.5526,
           0.3358)


def shows_needed(tickets: int, level: int, growth: int = 1) -> int:
    """How many more shows sell ``tickets`` if the Sales Level is ``level`` at the next and grows by ``growth`` a
    round after it (at most 30)."""
    shows = sold = 0
    while sold < tickets and shows < 30:
        sold += level + growth * shows
        shows += 1
    return shows


def best_gain(s: MansionState, p: int, level: int | None = None) -> int:
    """The most Sales Level one actor of the audition or of ``p``'s reserve would add to ``p``'s line (``level``:
    ``p``'s Sales Level now, if the caller has it)."""
    pool = s.audition + s.reserved[p]
    if not pool:
        return 0
    before = sales_level(s, p) if level is None else level
    line = s.actors[p]
    best = 0
    for a in pool:
        line.append(a)
        best = max(best, sales_level(s, p) - before)
        line.pop()
    return best


def casts_again(s: MansionState, p: int) -> bool:
    """Whether ``p`` has a casting turn still to come (or under way, its actor not yet cast) this round."""
    if s.phase == TILE or s.over:
        return True  # every seat casts after the tiles
    if p in s.order[s.order_pos + 1:]:
        return True
    return s.acting == p and not s.actor_done


def token_next(s: MansionState, p: int) -> bool:
    """Whether ``p`` holds the token next round (whoever took tile 1; the token holder while that is not known)."""
    holder = s.token_next if s.token_next >= 0 else s.token
    return holder == p


def features(s: MansionState, p: int) -> list[float]:
    """Seat ``p``'s inputs to the model, each scaled to about one unit."""
    tickets, level = s.tickets[p], sales_level(s, p)
    gain = best_gain(s, p, level)
    need = max(0, tickets) / max(1, level)  # show.rounds_to_finish
    return [min(need, 20.0), tickets / 10, level / 10, sum(s.screens[p]) / 5,
            len(s.reserved[p]) / 2, len(s.chambers[p]) / 2, gain / 5,
            1.0 if casts_again(s, p) else 0.0, 1.0 if token_next(s, p) else 0.0,
            max(0, tickets - level) / 10, max(0, level - tickets) / 10, len(s.actors[p]) / 5,
            shows_needed(tickets, level) / 5, shows_needed(tickets, level + gain) / 5]


def scores(s: MansionState, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    return [sum(w * f for w, f in zip(weights, features(s, p), strict=True)) for p in range(s.n)]


def estimate(s: MansionState, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """Per-seat reward estimate for cut-off playouts: the fitted chance of each seat winning (they sum to 1)."""
    z = scores(s, weights)
    top = max(z)
    w = [math.exp(x - top) for x in z]
    total = sum(w)
    return [x / total for x in w]
