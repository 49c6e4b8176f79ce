"""Monster Inn scoring (EN, Scoring; FR, Dernier appel; R7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monsterbox.games.inn.cards import range_label

if TYPE_CHECKING:
    from monsterbox.games.inn.state import InnState

# Fates of a human at scoring, in the order the rulebook applies the removals.
NO_MONSTER = "removed unseen: no monster above it"
SUPPORTED = "removed unseen: its monster is supported"
WEAKER = "removed: weaker than its monster"
STAYS = "stays: at least as strong as its monster"


def dungeon_breakdown(s: InnState, seat: int) -> dict[str, Any]:
    """Score one dungeon pair by pair.

    1. Remove humans with no monster above and humans under a supported monster (returned unseen).
    2. Reveal the rest; remove each human whose combat value is lower than its monster's (equal stays, R7).
    3. A monster alone scores its skulls; with a human beneath, its skulls minus the human's (EN, Scoring).
    4. Every 3 treasures in hand score 1 (support treasures have left play).
    """
    cards = s.cards
    mons = s.monsters[seat]
    hums = s.humans[seat]
    pairs = []
    creature_points = 0
    for i in range(max(len(mons), len(hums))):
        m = mons[i] if i < len(mons) else None
        h = hums[i] if i < len(hums) else None
        entry: dict[str, Any] = {"position": i + 1, "monster": None, "human": None, "points": 0}
        if m is not None:
            entry["monster"] = cards.describe(m)
            entry["monster"]["supported_with"] = None if s.support[m] < 0 else ("gold", "gem")[s.support[m]]
        human_stays = False
        if h is not None:
            if m is None:
                entry["human"] = {"range": range_label(cards.rng[h]), "fate": NO_MONSTER}
            elif s.support[m] >= 0:
                entry["human"] = {"range": range_label(cards.rng[h]), "fate": SUPPORTED}
            elif cards.value[h] < cards.value[m]:
                entry["human"] = dict(cards.describe(h), fate=WEAKER)
            else:
                entry["human"] = dict(cards.describe(h), fate=STAYS)
                human_stays = True
        if m is not None:
            entry["points"] = cards.skulls[m] - (cards.skulls[h] if human_stays and h is not None else 0)
        creature_points += entry["points"]
        pairs.append(entry)
    gold, gems = s.hands[2 * seat], s.hands[2 * seat + 1]
    treasure_points = (gold + gems) // 3
    return {
        "seat": seat,
        "pairs": pairs,
        "creature_points": creature_points,
        "treasures": {"gold": gold, "gem": gems, "total": gold + gems, "points": treasure_points},
        "total": creature_points + treasure_points,
    }


def final_scores(s: InnState) -> list[int]:
    """The totals of ``dungeon_breakdown``, computed without building the breakdown (search calls this at the end
    of every playout; a test checks both agree)."""
    cards = s.cards
    skulls, value, support, hands = cards.skulls, cards.value, s.support, s.hands
    out = []
    for p in range(s.n):
        hums = s.humans[p]
        nh = len(hums)
        total = (hands[2 * p] + hands[2 * p + 1]) // 3
        for i, m in enumerate(s.monsters[p]):
            total += skulls[m]
            if i < nh and support[m] < 0 and value[hums[i]] >= value[m]:
                total -= skulls[hums[i]]
        out.append(total)
    return out


def winners(scores: list[int], treasures: list[int]) -> list[int]:
    """Most fame points; ties broken by most treasures in hand; still tied: shared victory (EN, Scoring; R7)."""
    best = max(scores)
    tied = [p for p, sc in enumerate(scores) if sc == best]
    most = max(treasures[p] for p in tied)
    return [p for p in tied if treasures[p] == most]


def score_game(s: InnState) -> dict[str, Any]:
    breakdown = [dungeon_breakdown(s, p) for p in range(s.n)]
    scores = [b["total"] for b in breakdown]
    treasures = [b["treasures"]["total"] for b in breakdown]
    return {"scores": scores, "winners": winners(scores, treasures), "treasures": treasures,
            "breakdown": breakdown}
