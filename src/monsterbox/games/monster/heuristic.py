"""A heuristic team bot for Monster, following the rulebook's tips: do not disturb a lair the team cannot finish,
follow a teammate's lead (finish disturbed lairs), signal with armed weapons and cubes, take loot unless villagers
are short. Each seat decides from its own view only (a determinization, read only where public or its own)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterbox.games.monster import actions as A
from monsterbox.games.monster.mechanics import available
from monsterbox.games.monster.rules import legal_actions
from monsterbox.games.monster.state import ARM, CRISIS_DISCARD, HUNT, LOOT, PENDING, SACRIFICE, SELECT, MonsterState


class MonsterPolicy:
    def __init__(self, finish_share: float = 0.6) -> None:
        self.finish_share = finish_share

    def team_capacity(self, s: MonsterState, p: int, colour: int) -> float:
        """Weapons of ``colour`` the team can be expected to bring: mine, the others' armed ones, and a share of
        their hidden hands."""
        mine = available(s, p, colour)
        others = 0.0
        for q in range(s.n):
            if q == p or s.passed[q]:
                continue
            others += (1 if s.armed[q] == colour else 0) + s.known[q].count(colour)
            others += 0.2 * (sum(s.hands[q]) - len(s.known[q]))
        return mine + others

    def finishable(self, s: MonsterState, p: int, i: int) -> bool:
        need: dict[int, int] = {}
        for c in s.stacks[i]:
            need[c] = need.get(c, 0) + 1
        return all(self.team_capacity(s, p, c) >= k * self.finish_share for c, k in need.items())

    def choose(self, s: MonsterState) -> int:
        legal = legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        t = s.table  # the game's action table (``action_table(s.cards, s.n)``), kept on the state
        ops = {t.ops[c]: c for c in legal}
        p = s.current
        if s.phase == HUNT:
            return self.hunt(s, p, ops, legal)
        if s.phase == ARM:
            # signal: arm the weapon that kills the top of a disturbed or finishable lair, else the rarest colour
            tops = [s.stacks[i][-1] for i in range(len(s.stacks)) if s.stacks[i]]
            arms = [k for k in ops if k[0] == A.ARM]
            for k in arms:
                if k[1] in tops:
                    return ops[k]
            return ops[(A.ARM_NONE, -1, -1)]
        if s.phase == LOOT:
            take = s.villagers > 8
            return ops[(A.LOOT_TAKE if take else A.LOOT_VILLAGERS, -1, -1)]
        if s.phase == SACRIFICE:
            threatened = 10
            if s.villagers <= threatened + 2:
                items = [k for k in ops if k[0] == A.SACRIFICE]
                if items:
                    return ops[items[0]]
            return ops[(A.SACRIFICE_NONE, -1, -1)]
        if s.phase == CRISIS_DISCARD:
            need = self.needed_colours(s)
            return min(legal, key=lambda c: (t.ops[c][1] in need, t.ops[c][1]))
        if s.phase == PENDING:
            return self.pending(s, p, ops, legal)
        if s.phase == SELECT:
            return legal[0]
        return legal[0]

    def needed_colours(self, s: MonsterState) -> set[int]:
        return {s.stacks[i][-1] for i in range(len(s.stacks)) if s.stacks[i]}

    def hunt(self, s: MonsterState, p: int, ops: dict[tuple[int, int, int], int], legal: Sequence[int]) -> int:
        kills = [k for k in ops if k[0] == A.KILL]
        # follow the lead: finish disturbed lairs first, smallest first
        def lair_of(k: tuple[int, int, int]) -> int:
            return s.lair_keys.index(k[1])

        disturbed = [k for k in kills if s.dead[lair_of(k)]]
        if disturbed:
            return ops[min(disturbed, key=lambda k: len(s.stacks[lair_of(k)]))]
        fresh = [k for k in kills if self.finishable(s, p, lair_of(k))]
        if fresh:
            return ops[min(fresh, key=lambda k: len(s.stacks[lair_of(k)]))]
        if (A.ABILITY, -1, -1) in ops:
            eff = s.cards.characters[s.characters[p]].effect
            if eff in ("reveal_and_draw", "take_top_discard", "gain_villagers", "draw_then_discard",
                       "bank_weapon") or (
                    eff == "remove_top" and any(s.dead)) or eff == "kill_with_any":
                return ops[(A.ABILITY, -1, -1)]
        items = [k for k in ops if k[0] == A.ITEM]
        if items:
            return ops[items[0]]
        threes = [k for k in ops if k[0] == A.THREE and s.dead[s.lair_keys.index(k[1])]]
        if threes:
            return ops[threes[0]]
        need = self.needed_colours(s)
        cubes = [k for k in ops if k[0] == A.CUBE and k[1] in need and available(s, p, k[1]) == 0]
        if cubes:
            return ops[max(cubes, key=lambda k: len(s.bank_cubes[k[1]]))]
        if (A.STORE, -1, -1) in ops and sum(s.hands[p]) >= 3:
            return ops[(A.STORE, -1, -1)]
        return ops[(A.PASS, -1, -1)]

    def pending(self, s: MonsterState, p: int, ops: dict[tuple[int, int, int], int], legal: Sequence[int]) -> int:
        slot = s.pending[4][len(s.pending[5])]
        if slot in ("lair", "lair_to"):
            lairs = [k for k in ops if k[0] == A.LAIR]
            if slot == "lair":  # the lair we most want to shrink: disturbed first, then the smallest
                return ops[min(lairs, key=lambda k: (not s.dead[s.lair_keys.index(k[1])],
                                                     len(s.stacks[s.lair_keys.index(k[1])])))]
            return ops[max(lairs, key=lambda k: len(s.stacks[s.lair_keys.index(k[1])]))]
        table_ops = s.table.ops  # the game's action table (``action_table(s.cards, s.n)``), kept on the state
        if slot == "discard_order":  # R6: what the team needs goes on top, where the Scavenger can take it back
            need = self.needed_colours(s)
            return min(legal, key=lambda c: (table_ops[c][1] in need, table_ops[c][1]))
        if slot == "weapon":
            need = self.needed_colours(s)
            if s.pending[1] == "store" and len(s.pending[5]) == 1:
                return max(legal, key=lambda c: (table_ops[c][1] in need))
            return min(legal, key=lambda c: (table_ops[c][1] in need))
        return legal[0]


_rollout = MonsterPolicy()


def rollout_policy(state: MonsterState) -> int:
    return _rollout.choose(state)
