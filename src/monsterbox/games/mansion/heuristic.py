"""A heuristic Monster Mansion bot: cast what raises the Sales Level most, reserve what it cannot afford yet,
take the skulls its targets need, pick tiles by skulls against tickets, and aim the dummy and the Black Lagoon at
the leader. It runs on a determinization and reads only public information and its own screen (a test checks its
choice is the same in every determinization)."""

from __future__ import annotations

from monsterbox.games.mansion import actions as A
from monsterbox.games.mansion.actions import action_table
from monsterbox.games.mansion.casting import CHAMBER_COST, payment_options
from monsterbox.games.mansion.payments import PAY_BASE
from monsterbox.games.mansion.rules import legal_actions
from monsterbox.games.mansion.show import rounds_to_finish, sales_level
from monsterbox.games.mansion.state import CAST, DUMMY_ACTOR, DUMMY_SKULLS, LAGOON, PAY, TAKE, TILE, MansionState


class MansionPolicy:
    def __init__(self, skull_weight: float = 1.2, ticket_weight: float = 0.45, reserve_gain: float = 3.0) -> None:
        self.skull_weight = skull_weight
        self.ticket_weight = ticket_weight
        self.reserve_gain = reserve_gain

    def gain(self, s: MansionState, p: int, a: int, seat: int | None = None) -> int:
        """Sales Level gained by ``p`` if actor ``a`` joined ``seat``'s line (default: p's own)."""
        q = p if seat is None else seat
        before = sales_level(s, p)
        s.actors[q].append(a)
        after = sales_level(s, p)
        s.actors[q].pop()
        return after - before

    def choose(self, s: MansionState) -> int:
        legal = legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        t = action_table(s.cards, s.n)
        ops = {t.ops[c]: c for c in legal}
        p = s.current
        if s.phase == TILE:
            return max(legal, key=lambda c: self.tile_value(s, t.ops[c][1]))
        if s.phase == TAKE:
            return ops[self.wanted_skull(s, p, ops, A.TAKE_OP)]
        if s.phase == DUMMY_SKULLS:
            return ops[max((k for k in ops), key=lambda k: s.audition_skulls[k[1]])]
        if s.phase == DUMMY_ACTOR:
            other = next(q for q in range(s.n) if q != p)
            return max(legal, key=lambda c: self.gain(s, p, t.ops[c][1], 2) - self.gain(s, other, t.ops[c][1], 2))
        if s.phase == LAGOON:
            rivals = [q for q in range(s.n) if q != p]
            target = min(rivals, key=lambda q: rounds_to_finish(s, q))
            return ops[(A.GIVE, target, -1)]
        if s.phase == CAST:
            return self.cast(s, p, ops)
        if s.phase == PAY:
            return self.pay(s, p, legal)
        return legal[0]

    def pay(self, s: MansionState, p: int, legal: list[int]) -> int:
        """Keep what the next targets need: the fewest skulls, then greys and wanted colours kept, chambers kept."""
        t = action_table(s.cards, s.n)
        opts = payment_options(s, p, *s.pending)
        want = [0.0] * 5
        for rank, (g, a) in enumerate(self.targets(s, p)[:3]):
            if a == s.pending[1]:
                continue
            for c, k in enumerate(s.cards.acost[a]):
                want[c] += k * (g + 1) / (rank + 1)
        want[4] = 1.0 + max(want[:4])

        def value(code: int) -> tuple[float, int]:
            paid = tuple((t.ops[code][1] // PAY_BASE ** c) % PAY_BASE for c in range(5))
            mu, pr = opts[paid]
            return -sum(paid) - sum(want[c] * k for c, k in enumerate(paid)) / 10 - 0.5 * (mu + pr), -code

        return max(legal, key=value)

    def tile_value(self, s: MansionState, k: int) -> float:
        tickets, skulls = s.tile_values[k]
        return self.skull_weight * skulls - self.ticket_weight * tickets - 0.3 * k

    def targets(self, s: MansionState, p: int) -> list[tuple[int, int]]:
        """(gain, actor) for the actors p might cast soon, best first."""
        pool = s.audition + s.reserved[p]
        return sorted(((self.gain(s, p, a), a) for a in pool), reverse=True)

    def wanted_skull(self, s: MansionState, p: int, ops: dict[tuple[int, int, int], int], op: int
                     ) -> tuple[int, int, int]:
        cards = s.cards
        want = [0.0] * 5
        for rank, (g, a) in enumerate(self.targets(s, p)[:3]):
            for c, k in enumerate(cards.acost[a]):
                missing = max(0, k - s.screens[p][c])
                want[c] += missing * (g + 1) / (rank + 1)
        want[4] += 0.8 * max(want[:4] + [0.5])  # grey fits anything
        options = [k for k in ops if k[0] == op]
        return max(options, key=lambda k: (want[k[1]], s.audition_skulls[k[1]]))

    def cast(self, s: MansionState, p: int, ops: dict[tuple[int, int, int], int]) -> int:
        cards = s.cards
        casts = [(self.gain(s, p, k[1]), k) for k in ops if k[0] in (A.CAST_OP, A.MUMMY_OP)]
        if casts:
            g, k = max(casts)
            if g >= 1:
                return ops[k]
        if (A.SWAMP_OP, -1, -1) in ops:
            return ops[(A.SWAMP_OP, -1, -1)]
        chambers = [k for k in ops if k[0] == A.CHAMBER_OP]
        if chambers and not s.actor_done:
            # keep the skulls for an actor if one is nearly affordable
            best = self.targets(s, p)
            if best and best[0][0] >= 2 and sum(s.screens[p]) - CHAMBER_COST < sum(cards.acost[best[0][1]]):
                chambers = []
        if chambers:
            ghosts = sum(1 for a in s.actors[p] if cards.actors[a].type == "ghost")
            if ghosts or len(s.chambers[p]) < 2:
                order = {"props": 0, "make_up": 1, "costume": 2}
                return ops[min(chambers, key=lambda k: order[cards.chambers[k[1]].type])]
        reserves = [(self.gain(s, p, k[1]), k) for k in ops if k[0] == A.RESERVE_OP]
        if reserves:
            g, k = max(reserves)
            if g >= self.reserve_gain:
                return ops[k]
        if (A.END_OP, -1, -1) in ops:
            return ops[(A.END_OP, -1, -1)]
        # R5: the turn must cast, reserve or add a chamber: the best of what is left
        if casts:
            return ops[max(casts)[1]]
        if reserves:
            return ops[max(reserves)[1]]
        return ops[min(k for k in ops if k[0] == A.CHAMBER_OP)]


_rollout = MansionPolicy()


def rollout_policy(state: MansionState) -> int:
    return _rollout.choose(state)
