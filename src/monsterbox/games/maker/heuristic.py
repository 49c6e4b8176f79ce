"""A heuristic Monster Maker bot: advance, block the leader, fight when the odds are good, manage the exit distance.

It runs on a determinization of its seat and reads only what the seat knows: its own hand and treasures and the
public table (labyrinths, monsters, revealed treasures). A test checks that its choice is the same in every
determinization.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from monsterbox.games.maker import actions as A
from monsterbox.games.maker.actions import action_table
from monsterbox.games.maker.battle import cleric_type, targets
from monsterbox.games.maker.cards import CHARACTER, LABYRINTH, MONSTER, ROOM, TRAP, MakerCards
from monsterbox.games.maker.judgment import exit_target
from monsterbox.games.maker.rules import legal_actions
from monsterbox.games.maker.state import (
    BATTLE,
    DISCARD,
    ENTERING,
    EXITED,
    EXITING,
    HEAL,
    TRAP_PHASE,
    TREASURE,
    TURN,
    MakerState,
)


def win_probability(dice: int, fixed: int, strength: int) -> float:
    """P(sum of ``dice`` d6 + fixed >= strength), normal approximation with continuity correction."""
    need = strength - fixed
    if dice == 0:
        return 1.0 if need <= 0 else 0.0
    if need <= dice:
        return 1.0
    if need > 6 * dice:
        return 0.0
    mean = 3.5 * dice
    sd = math.sqrt(dice * 35 / 12)
    z = (need - 0.5 - mean) / sd
    return 0.5 * math.erfc(z / math.sqrt(2))


def expected_treasure(cards: MakerCards, t: int) -> float:
    info = cards.treasures[t]
    if info.value is not None:
        v = float(info.value)
    elif info.value_dice is not None and info.value_times is not None:
        v = 3.5 * info.value_dice * info.value_times
    else:
        assert info.value_by_die is not None
        lo, v = 1, 0.0
        for top, val in info.value_by_die:
            v += (top - lo + 1) / 6 * val
            lo = top + 1
    return v - 10 * info.exit_modifier * 0.5  # a longer way back is a risk


class MakerPolicy:
    def __init__(self, win_target: float = 0.8, battle_floor: float = 0.45, block_lead: int = 20) -> None:
        self.win_target = win_target
        self.battle_floor = battle_floor
        self.block_lead = block_lead

    def choose(self, s: MakerState) -> int:
        legal = legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        t = action_table(s.cards, s.n)
        ops = {t.ops[a]: a for a in legal}
        p = s.current
        phase = s.phase
        if phase == TURN:
            return self.turn(s, p, ops, legal)
        if phase == BATTLE:
            return self.battle(s, p, ops)
        if phase == HEAL:
            best = max((k for k in ops if k[0] == A.HEAL_CARD), key=lambda k: self.strength(s.cards, k[1]),
                       default=None)
            return ops[best] if best else ops[(A.HEAL_NONE, -1, -1)]
        if phase == DISCARD:
            return self.discard(s, p, ops)
        if phase == TRAP_PHASE:
            thieves = [k for k in ops if k[0] == A.THIEF]
            if thieves:  # R8: reveal one (the whole hand is kept): the weakest, showing the least battle strength
                return ops[min(thieves, key=lambda k: (self.strength(s.cards, k[1]), k[1]))]
            keeps = [k for k in ops if k[0] == A.KEEP]
            if not keeps:
                return legal[0]
            return ops[max(keeps, key=lambda k: self.card_worth(s, p, k[1]))]
        if phase == TREASURE:
            drops = [k for k in ops if k[0] == A.DROP]
            return ops[min(drops, key=lambda k: expected_treasure(s.cards, k[1]))]
        return legal[0]

    # --- helpers -------------------------------------------------------------------------------------------------
    @staticmethod
    def strength(cards: MakerCards, c: int) -> float:
        return 3.5 * cards.dice[c] + cards.bonus[c]

    def need(self, s: MakerState, p: int) -> int:
        """Distance still to go in the current direction."""
        if s.stage[p] == ENTERING:
            return s.target - s.entry[p]
        return exit_target(s, p) - s.exit_d[p]

    def card_worth(self, s: MakerState, p: int, c: int) -> float:
        """How much a card in hand is worth keeping (higher is better)."""
        cards = s.cards
        k = cards.kind[c]
        if k == CHARACTER:
            return 1.0 + self.strength(cards, c) / 10 + (2.0 if s.monster[p] >= 0 else 0.0)
        if k == LABYRINTH:
            need = self.need(s, p)
            d = cards.distance[c]
            if s.stage[p] == ENTERING:
                return 1.5 + d / 40
            return 2.5 if d == need else (1.5 if d < need else 0.3 + max(0, 30 - (d - need)) / 60)
        if k == MONSTER:
            return 0.6 + cards.strength[c] / 40 if targets(s, p) else 0.5
        if k == ROOM:
            return 0.2 if len(s.treasures[p]) >= 2 else 0.9
        return 1.2  # diversion, cleric

    def progress(self, s: MakerState, q: int) -> int:
        return s.entry[q] + s.exit_d[q] + (50 if s.stage[q] == EXITING else 0)

    # --- decisions -----------------------------------------------------------------------------------------------
    def turn(self, s: MakerState, p: int, ops: dict[tuple[int, int, int], int], legal: Sequence[int]) -> int:
        cards = s.cards
        hand = s.hands[p]
        if s.monster[p] >= 0:
            if (A.BATTLE_OP, -1, -1) in ops and self.battle_odds(s, p) >= self.battle_floor:
                return ops[(A.BATTLE_OP, -1, -1)]
            if (A.DIVERSION_OP, -1, -1) in ops:
                return ops[(A.DIVERSION_OP, -1, -1)]
            place = self.block(s, p, ops, force=True)
            if place is not None:
                return place
            return ops[(A.DISCARD_START, -1, -1)]
        need = self.need(s, p)
        labs = sorted((cards.distance[c], c) for c in cards.types_of(LABYRINTH) if hand[c])
        move = None
        if labs:
            if s.stage[p] == ENTERING:
                reach = [x for x in labs if x[0] >= need]
                move = reach[0] if reach else labs[-1]
            else:
                exact = [x for x in labs if x[0] == need]
                under = [x for x in labs if x[0] < need]
                over = [x for x in labs if x[0] > need]
                if exact:
                    move = exact[0]
                elif under:
                    move = under[-1]
                elif over and (s.end_phase or over[0][0] - need <= 10):
                    move = over[0]
        block = self.block(s, p, ops, force=False)
        if block is not None and (move is None or self.leader_gap(s, p) >= self.block_lead):
            return block
        if move is not None:
            return ops[(A.MOVE, move[1], -1)]
        if (A.ROOM_OP, -1, -1) in ops and len(s.treasures[p]) < 2:
            return ops[(A.ROOM_OP, -1, -1)]
        if block is not None:
            return block
        return ops[(A.DISCARD_START, -1, -1)]

    def leader_gap(self, s: MakerState, p: int) -> int:
        others = [q for q in range(s.n) if q != p and s.stage[q] != EXITED]
        if not others:
            return -999
        return max(self.progress(s, q) for q in others) - self.progress(s, p)

    def block(self, s: MakerState, p: int, ops: dict[tuple[int, int, int], int], force: bool) -> int | None:
        cards = s.cards
        mons = [c for c in cards.types_of(MONSTER) if s.hands[p][c]]
        tg = targets(s, p)
        if not mons or not tg:
            return None
        victim = max(tg, key=lambda q: self.progress(s, q))
        if not force and self.progress(s, victim) < self.progress(s, p) - 10:
            return None
        m = max(mons, key=lambda c: cards.strength[c])
        return ops.get((A.PLACE, m, victim))

    def battle_odds(self, s: MakerState, p: int) -> float:
        cards = s.cards
        m = s.monster[p]
        if cards.undead[m] and (s.hands[p][cleric_type(cards)] or any(cards.treasures[t].undead
                                                                       for t in s.treasures[p])):
            return 1.0
        chars = [c for c in cards.types_of(CHARACTER) for _ in range(s.hands[p][c])]
        dice = sum(cards.dice[c] for c in chars)
        fixed = sum(cards.bonus[c] for c in chars) + self.bonus_available(s, p, chars)
        return win_probability(dice, fixed, cards.strength[m])

    def bonus_available(self, s: MakerState, p: int, chars: Sequence[int]) -> int:
        cards = s.cards
        classes = {cards.cls[c] for c in chars}
        return sum(cards.treasures[t].bonus for t in s.treasures[p]
                   if cards.treasures[t].bonus and classes & set(cards.treasures[t].bonus_classes))

    def battle(self, s: MakerState, p: int, ops: dict[tuple[int, int, int], int]) -> int:
        cards = s.cards
        relics = [k for k in ops if k[0] == A.RELIC]
        if relics:
            return ops[relics[0]]
        if (A.CLERIC_OP, -1, -1) in ops:
            return ops[(A.CLERIC_OP, -1, -1)]
        m = s.monster[p]
        committed = list(s.battle)
        available = [c for c in cards.types_of(CHARACTER) if c >= s.last_add for _ in range(s.hands[p][c])]
        chosen: list[int] = []

        def odds(extra: list[int]) -> float:
            team = committed + extra
            fixed = sum(cards.bonus[c] for c in team) + self.bonus_available(s, p, team)
            return win_probability(sum(cards.dice[c] for c in team), fixed, cards.strength[m])

        pool = sorted(available, key=lambda c: -self.strength(cards, c))
        while pool and (not committed and not chosen or odds(chosen) < self.win_target):
            chosen.append(pool.pop(0))
        if chosen:
            return ops[(A.ADD, min(chosen), -1)]
        equips = [k for k in ops if k[0] == A.EQUIP]
        if equips:
            return ops[equips[0]]
        return ops[(A.FIGHT, -1, -1)]

    def discard(self, s: MakerState, p: int, ops: dict[tuple[int, int, int], int]) -> int:
        """Throw away what cannot help soon, at most 3 cards, to draw better ones."""
        cards = s.cards
        hand = s.hands[p]
        done = ops.get((A.DONE, -1, -1))
        worth = sorted((self.card_worth(s, p, c), c) for c in range(len(cards.ids))
                       if hand[c] and cards.kind[c] != TRAP)
        blocked = s.monster[p] >= 0 and self.battle_odds(s, p) < self.battle_floor
        if blocked:
            # dig for characters or a Diversion: throw the least useful non-characters, at least one card
            spare = [(w, c) for w, c in worth if cards.kind[c] != CHARACTER]
            if spare and (s.discarded == 0 or (spare[0][0] < 1.6 and s.discarded < 3)):
                return ops[(A.DISCARD_CARD, spare[0][1], -1)]
        elif worth and worth[0][0] < 0.95 and s.discarded < 3:
            return ops[(A.DISCARD_CARD, worth[0][1], -1)]
        if done is not None:
            return done
        return ops[(A.DISCARD_CARD, worth[0][1], -1)]


_rollout = MakerPolicy()


def rollout_policy(state: MakerState) -> int:
    return _rollout.choose(state)
