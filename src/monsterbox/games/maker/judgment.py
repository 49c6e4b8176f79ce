"""Monster Maker, MM End of Game and Victory Judgment: the exit distance a player needs (R1), the treasures'
values, the returning bonus, the distance penalty and the reward rule; with the 3-round rule, the next round.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from typing import Any

from monsterbox.games.maker.game_setup import start_round
from monsterbox.games.maker.state import ENTERING, OVER, REWARDS, MakerState, log, roll

EXIT_BONUS = 100  # MM Returning bonus
REWARD_POINTS = 100  # MM Reward rule


def exit_target(s: MakerState, p: int) -> int:
    """R1: a safe exit needs the entry distance plus the held treasures' return-distance modifiers."""
    tr = s.cards.treasures
    return s.entry[p] + sum(tr[t].exit_modifier for t in s.treasures[p])


def treasure_value(s: MakerState, t: int) -> tuple[int, list[int]]:
    """MM Treasure Cards with random values: rolled at the judgment."""
    info = s.cards.treasures[t]
    if info.value is not None:
        return info.value, []
    if info.value_dice is not None:
        dice = roll(s, info.value_dice)
        assert info.value_times is not None
        return sum(dice) * info.value_times, dice
    assert info.value_by_die is not None
    dice = roll(s, 1)
    return next(v for top, v in info.value_by_die if dice[0] <= top), dice


def judge(s: MakerState) -> None:
    """MM Victory Judgment: treasures + exit bonus - distance penalty (excess x2, shortage x10), at least 0;
    0 for a player who never reached the chest. Reward rule: +100 for each chosen 'most' (R6: not to a player
    who never reached the chest). Ties share victory."""
    n = s.n
    scores = []
    detail = []
    for p in range(n):
        d: dict[str, Any] = {"seat": p, "stage": s.stage[p], "entry": s.entry[p], "exit": s.exit_d[p],
                             "treasures": [], "exit_bonus": 0, "penalty": 0, "rewards": []}
        if s.stage[p] == ENTERING:
            d["score"] = 0
            d["note"] = "never reached the treasure chest: 0"
        else:
            total = 0
            for t in s.treasures[p]:
                v, dice = treasure_value(s, t)
                s.face_up[t] = True
                d["treasures"].append({"id": s.cards.treasures[t].id, "value": v, "dice": dice})
                total += v
            if s.first_exit == p:
                d["exit_bonus"] = EXIT_BONUS
            target = exit_target(s, p)
            ex = s.exit_d[p]
            penalty = 2 * (ex - target) if ex > target else 10 * (target - ex)
            d["target"] = target
            d["penalty"] = penalty
            d["score"] = max(0, total + d["exit_bonus"] - penalty)
        scores.append(d["score"])
        detail.append(d)
    for r in s.rewards:
        best = max(s.stats[p][r] for p in range(n))
        if best > 0:
            for p in range(n):
                # R6: "If a player has not started to exit, they do not score any points": no rewards either
                if s.stats[p][r] == best and s.stage[p] != ENTERING:
                    scores[p] += REWARD_POINTS
                    detail[p]["rewards"].append(REWARDS[r])
    for p in range(n):
        detail[p]["total"] = scores[p]
        s.totals[p] += scores[p]
    log(s, -1, "judgment", s.round, tuple(scores))
    rounds = s.result["rounds"] if s.result else []
    rounds = rounds + [{"round": s.round, "scores": scores, "detail": detail}]
    best = max(s.totals)
    s.result = {"scores": s.totals[:], "winners": [p for p in range(n) if s.totals[p] == best], "rounds": rounds}
    if s.round < s.rounds_total:
        start_round(s, (s.round_starter + 1) % n)  # P2: the next game starts left of the last first player
        return
    s.phase = OVER
    s.over = True
    s.current = -1
