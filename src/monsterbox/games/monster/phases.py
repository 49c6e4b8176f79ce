"""The course of a Monster game (MO Phases): days of Provisioning, Crisis, The Hunt, Monster Attack, Recovery and
Infestation, and the steps queued after a decision (the destroyer's loot choice, arming, the next player in the hunt;
a crisis' discards and sacrifices), run until the next decision (``proceed``)."""

from __future__ import annotations

from monsterbox.games.monster.attack import infestation, monster_attack, recover
from monsterbox.games.monster.mechanics import end_game, log, lose_villagers, weapons_held
from monsterbox.games.monster.provisioning import BAG_CUBES, SEATS, crisis, provision
from monsterbox.games.monster.state import ARM, CRISIS_DISCARD, HUNT, LOOT, OVER, SACRIFICE, MonsterState

DAY_CAP = 100  # P10: safety net
#: per player count and seat: every seat clockwise from its left neighbour, itself last
CLOCKWISE = tuple(tuple(tuple((p + k) % n for k in range(1, n + 1)) for p in range(n)) for n in range(7))


def start_day(s: MonsterState) -> None:
    """A new day: R1 the leader passes clockwise (after the first day); provisioning; crisis; the hunt."""
    s.day += 1
    if s.day > 1:
        s.leader = (s.leader + 1) % s.n
    if s.day > DAY_CAP:
        end_game(s, won=False)
        return
    if s.log is not None:  # ``log``, written out
        s.log.append((-1, ("day", s.day, s.leader)))
    provision(s)
    crisis(s)
    if s.phase == OVER:
        return
    s.followups.append(("hunt",))
    proceed(s)


def first_day(s: MonsterState) -> None:
    """``start_day`` on a table just set up (day 0, the four lairs out, characters dealt): the first day has no
    leader to pass on and no store to take back, and every hand is empty and every bag full, so MO Provisioning
    deals at once: each seat's weapons counted into its hand and logged together, the cubes set rather than moved
    (``provision`` checks each of these, and ``proceed`` the queue, every day). Then the crisis and the hunt, as on
    any day."""
    n, leader, deck = s.n, s.leader, s.weapon_deck
    total = sum(map(len, s.stacks))
    if len(deck) < total or BAG_CUBES < 1:  # a deck too short for the monsters: ``start_day`` reshuffles
        start_day(s)
        return
    s.day = 1
    log = s.log
    if log is not None:
        log.append((-1, ("day", 1, leader)))
    s.bags = [BAG_CUBES - 1] * n
    s.cubes = [1] * n
    top = tuple(deck[:-total - 1:-1])  # the top ``total`` cards, the next one first: the k-th to the leader's k-th
    del deck[len(deck) - total:]  # neighbour, and every n-th after
    hands = s.hands
    for p in SEATS[n]:
        got = top[(p - leader) % n::n]
        hand = hands[p]
        for w in got:
            hand[w] += 1
        if log is not None:
            log += ((-1, ("dealt", p, len(got))), (p, ("drew", p, got)))
    crisis(s)
    if s.phase == OVER:
        return
    if s.followups:  # the crisis asks something first
        s.followups.append(("hunt",))
        proceed(s)
        return
    s.phase, s.current = HUNT, leader  # ``proceed``'s "hunt" step: nobody has passed yet
    if log is not None:
        log.append((-1, ("hunt", leader)))


#: per seat, the steps that follow a hunt action (``proceed``; MO The Hunt: arm, then the next player), made once
ARM_STEP = tuple(("arm", p) for p in range(7))
NEXT_STEP = tuple(("next", p) for p in range(7))


def arm_then_next(s: MonsterState, p: int) -> None:
    """MO The Hunt: after an action that queued nothing else (no loot to choose), the player arms a weapon if it
    may, then the next player: ``proceed`` over the steps ``[ARM_STEP[p], NEXT_STEP[p]]``, written out (what is
    left queued while the player arms is the next step)."""
    if s.armed[p] < 0 and not s.passed[p] and any(s.hands[p]):
        s.followups = [NEXT_STEP[p]]
        s.phase, s.current = ARM, p
        return
    s.followups = []
    advance_hunt(s, p)


def proceed(s: MonsterState) -> None:
    """Run the queued steps of the turn (loot choice, arming, next player) or of the crisis, until a decision."""
    while s.phase != OVER and s.followups:
        f = s.followups.pop(0)
        kind = f[0]
        if kind == "arm":  # the steps by frequency: arm and next follow every hunt action
            p = f[1]
            if s.armed[p] < 0 and not s.passed[p] and any(s.hands[p]):
                s.phase, s.current = ARM, p
                return
        elif kind == "next":
            advance_hunt(s, f[1])
            return
        elif kind == "loot":
            s.phase, s.current, s.loot_choice = LOOT, f[1], f[2]
            return
        elif kind == "crisis_discard":
            if weapons_held(s, f[1]):
                s.phase, s.current = CRISIS_DISCARD, f[1]
                return
        elif kind == "sacrifice":
            if s.items[f[1]]:
                s.phase, s.current = SACRIFICE, f[1]
                return
        elif kind == "greater_good_end":
            _, amount, cap, saved = f
            lose_villagers(s, max(0, amount - min(cap, saved)), "for the greater good")
        elif kind == "hunt":  # nobody has passed yet (R10: the passes ended at provisioning)
            s.phase, s.current = HUNT, s.leader
            log(s, -1, "hunt", s.leader)
            return


def advance_hunt(s: MonsterState, p: int) -> None:
    """MO The Hunt: clockwise among players who have not passed; when all have passed the hunt is over."""
    passed = s.passed
    for q in CLOCKWISE[s.n][p]:
        if not passed[q]:
            s.phase, s.current = HUNT, q
            return
    end_day(s)


def end_day(s: MonsterState) -> None:
    """MO Monster Attack, Recovery (reverse-order resurrection), Infestation (3 new lairs); then the next day."""
    monster_attack(s)
    if s.phase == OVER:
        return
    recover(s)
    # R8: every hand is empty now except weapons gained after passing (a cube pair): they stay in that hand, and
    # what the table saw of them stays known (``known`` was cleared at each pass).
    infestation(s)
    start_day(s)
