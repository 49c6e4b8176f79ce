"""MO The Hunt: on a turn, one action or a pass. Killing monsters (a weapon of the monster's colour, held in hand or
armed, kills the top monster of a lair), the Special Actions (kill with three weapons, use a character or item
ability, place a power cube, store a weapon, discard a weapon), passing, and Arming Weapons after an action. Crises in
force may forbid some (``mechanics.crisis_rules``)."""

from __future__ import annotations

from monsterbox.games.monster.choices import (
    ORDER,
    ORDER_SLOT,
    PASS_THEN,
    do_pass,
    settle_pending,
    start_pending,
    weapons_listed,
)
from monsterbox.games.monster.effects import CHARACTER_EFFECTS, ITEM_CHOICE, LOOT_EFFECTS, quartermaster_draw
from monsterbox.games.monster.mechanics import (
    CrisisRules,
    bank_count,
    bank_take,
    check_bounties,
    crisis_rules,
    kill_top,
    log,
    show_hand,
    spend_weapon,
)
from monsterbox.games.monster.phases import ARM_STEP, NEXT_STEP, arm_then_next, proceed
from monsterbox.games.monster.state import PENDING, MonsterState


def hunt_actions(s: MonsterState) -> list[int]:
    """MO The Hunt, one action: kill a lair's top monster with a weapon of its colour (in hand or armed), or with
    three weapons of any colour; use the character's ability (once a day) or an item; place a power cube on a bank
    stack; store a weapon (two needed); discard a weapon; or pass. Crises in force may forbid some
    (``crisis_rules``)."""
    p, c = s.current, s.codes
    have = s.hands[p]  # held in hand or armed, per colour (the hand itself when nothing is armed: only read here)
    armed = s.armed[p]
    if armed >= 0:
        have = have[:]
        have[armed] += 1
    h0, h1, h2, h3, h4 = have  # the five colours by name: no call to sum or list them
    held = h0 + h1 + h2 + h3 + h4
    keys = s.lair_keys
    # ``crisis_rules``, its cache read here (no call on a hit). The hot loops here avoid keyword arguments
    # (``max(default=)``, ``zip(strict=)``): parsing them costs more than the loop's body.
    hit = s.in_force
    if hit is None or hit[1] != keys or hit[0] != s.day_crises:
        crisis_rules(s)
        hit = s.in_force
        assert hit is not None
    rules: CrisisRules = hit[2]
    may_kill = have  # per colour: weapons that may kill today
    if rules.any_blocked:  # written out: no comprehension
        b0, b1, b2, b3, b4 = rules.blocked
        may_kill = [0 if b0 else h0, 0 if b1 else h1, 0 if b2 else h2, 0 if b3 else h3, 0 if b4 else h4]
    acts: list[int] = []
    rows = hit[4]  # each lair's kill codes by colour, in lair order (kept with the crisis rules)
    i = 0  # a counter, not ``zip``/``enumerate``: a third less a lair
    try:
        for stack in s.stacks:
            top = stack[-1]
            if may_kill[top]:
                acts.append(rows[i][top])
            i += 1
        gap = False
    except IndexError:  # a lair with no monster left (never in play: an emptied lair is destroyed at once)
        gap = True
        acts = [row[stack[-1]] for row, stack in zip(rows, s.stacks) if stack and may_kill[stack[-1]]]  # noqa: B905
    if held >= 3 and not rules.no_three and (sum(may_kill) if rules.any_blocked else held) >= 3:
        if not gap:  # the lairs the crises allow, kept with the crisis rules (``crisis_rules``)
            acts += hit[3]
        else:
            three, barred = c.three, rules.no_three_lairs
            acts += [three[key] for key, stack in zip(keys, s.stacks) if stack and key not in barred]  # noqa: B905
    if not s.exhausted[p]:
        usable, params = s.usable[0][s.characters[p]]
        if usable is None or usable(s, p, params):  # None: nothing to check
            acts.append(c.ability)
    for it in s.items[p]:
        if it not in s.items_used[p]:
            usable, params = s.usable[1][it]
            if usable is None or usable(s, p, params):
                acts.append(c.item[it])
    if s.cubes[p] and not rules.no_cubes:
        bank = s.bank
        if all(bank):  # every stack has a card (the discard pile need not be read)
            acts += c.cube
        else:
            cube = c.cube
            for w in range(5):
                if bank[w] or bank_count(s, w):
                    acts.append(cube[w])
    if held >= 2:
        acts.append(c.store)
    discard = c.discard  # the colours held, in colour order
    if h0:
        acts.append(discard[0])
    if h1:
        acts.append(discard[1])
    if h2:
        acts.append(discard[2])
    if h3:
        acts.append(discard[3])
    if h4:
        acts.append(discard[4])
    acts.append(c.pass_)
    return acts


def arm_legal(s: MonsterState) -> list[int]:
    """MO Arming Weapons: one weapon from the hand, or none."""
    c = s.codes
    arm = c.arm
    h0, h1, h2, h3, h4 = s.hands[s.current]  # the colours held, in colour order (written out: no call)
    acts = []
    if h0:
        acts.append(arm[0])
    if h1:
        acts.append(arm[1])
    if h2:
        acts.append(arm[2])
    if h3:
        acts.append(arm[3])
    if h4:
        acts.append(arm[4])
    acts.append(c.arm_none)
    return acts


def move_kill(s: MonsterState, p: int, key: int, w: int) -> None:
    """MO Killing monsters: a weapon of the same colour kills the top monster of a lair."""
    s.turn_actor = p
    spend_weapon(s, p, w)
    if s.log is not None:  # ``log``, written out on the hot paths
        s.log.append((-1, ("weapon_kill", p, key, w)))
    i = s.lair_keys.index(key)
    if len(s.stacks[i]) > 1:  # the lair stays (no loot to choose first): arm, then the next player
        kill_top(s, p, i, "weapon")
        arm_then_next(s, p)
        return
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    kill_top(s, p, i, "weapon")
    proceed(s)


def move_three(s: MonsterState, p: int, key: int, _b: int) -> None:
    """MO Kill a monster using three weapons of any colour (the weapons are chosen next). ``start_pending`` written
    out (three weapon slots: nothing to settle yet), with the weapons that may kill counted for the choices
    (``state.three_kept``: held in hand or armed, of a colour no crisis blocks, as ``weapon_slot`` counts them)."""
    s.turn_actor = p
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    pending = s.pending = [p, "three", "three", {"lair": key}, ["weapon", "weapon", "weapon"], []]
    s.phase = PENDING
    s.current = p
    left = s.hands[p][:]
    armed = s.armed[p]
    if armed >= 0:
        left[armed] += 1
    hit = s.in_force  # ``crisis_rules``, its cache read here (no call on a hit)
    rules = hit[2] if hit is not None and hit[1] == s.lair_keys and hit[0] == s.day_crises else crisis_rules(s)
    if rules.any_blocked:
        for w, blk in enumerate(rules.blocked):
            if blk:
                left[w] = 0
    s.three_kept = (pending, 0, left)


def move_ability(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Use a character ability: once per day, the card is turned sideways; its choices come next."""
    s.turn_actor = p
    ch = s.cards.characters[s.characters[p]]
    s.exhausted[p] = True
    log(s, -1, "ability", p, s.characters[p])
    if ch.effect == "draw_then_discard":
        quartermaster_draw(s, p, ch.params)
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    start_pending(s, p, "ability", ch.effect, ch.params, CHARACTER_EFFECTS[ch.effect].slots(ch.params))


def move_item(s: MonsterState, p: int, item: int, _b: int) -> None:
    """MO Looting, items: used as an action, once per day. In a choice (the Motivator's, R9), another player's
    exhausted item to restore."""
    if s.phase == PENDING:
        s.pending[5].append(ITEM_CHOICE + item)
        settle_pending(s)
        return
    s.turn_actor = p
    card = s.cards.loot[item]
    s.items_used[p].append(item)
    log(s, -1, "item", p, item)
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    start_pending(s, p, "item", card.effect, card.params, LOOT_EFFECTS[card.effect].slots(card.params))


def move_cube(s: MonsterState, p: int, w: int, _b: int) -> None:
    """MO Place a power cube on a bank stack (``place_cube``)."""
    place_cube(s, p, w)
    arm_then_next(s, p)


def place_cube(s: MonsterState, p: int, w: int) -> None:
    """MO Place a power cube: on the second cube, the first placer gains the stack's top weapon and both cubes
    return to their bags."""
    s.cubes[p] -= 1
    s.bank_cubes[w].append(p)
    if s.log is not None:
        s.log.append((-1, ("cube", p, w)))
    if len(s.bank_cubes[w]) >= 2:
        first = s.bank_cubes[w][0]
        got = bank_take(s, w)
        if got >= 0:
            s.hands[first][got] += 1
            s.known[first].append(got)  # the bank is face up: everyone saw it
            log(s, -1, "cube_weapon", first, w, got)
        for owner in s.bank_cubes[w][:2]:
            s.bags[owner] += 1
        s.bank_cubes[w] = s.bank_cubes[w][2:]
        if s.bounties:  # Looting, Bounties: only bounties in play can be met
            check_bounties(s, p, "cube_pair")


def move_store(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Store a weapon: discard one weapon and put another face down (both chosen next)."""
    s.followups = [ARM_STEP[p], NEXT_STEP[p]]  # MO The Hunt: arm, then the next player
    start_pending(s, p, "store", "store", {}, ["weapon", "weapon"])


def move_discard(s: MonsterState, p: int, w: int, _b: int) -> None:
    """MO Discard a weapon (a delaying action)."""
    spend_weapon(s, p, w)
    if s.log is not None:
        s.log.append((-1, ("discard", p, w)))
    arm_then_next(s, p)


def move_pass(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO The Hunt: passing discards the hand and the armed weapon (R6: in the player's order).

    ``discard_in_order`` written out from the hand counted per type: with one type (or none) the order cannot
    matter and the pass is done at once; otherwise the order is asked, its counts kept (``state.order_kept``)."""
    left = s.hands[p][:]
    armed = s.armed[p]
    if armed >= 0:
        left[armed] += 1
    s.followups = [NEXT_STEP[p]]
    if left.count(0) >= 4:
        do_pass(s, p, weapons_listed(left))
        return
    show_hand(s, p, "pass")  # face up to the pile: seen before the order is asked (issue 26: not learnt from it)
    pending = s.pending = [p, "pass", ORDER, {"then": PASS_THEN}, [ORDER_SLOT] * (sum(left) - 1), []]
    s.phase, s.current = PENDING, p
    s.order_kept = (pending, 0, left)


def move_arm(s: MonsterState, p: int, w: int, _b: int) -> None:
    """MO Arming Weapons: after any action, one weapon from hand goes face up in front of the player."""
    s.hands[p][w] -= 1
    if w in s.known[p]:
        s.known[p].remove(w)
    elif w in s.held[p]:  # it may have been that one ("in the hand or the store")
        s.held[p].remove(w)
    s.armed[p] = w
    if s.log is not None:
        s.log.append((-1, ("arm", p, w)))
    proceed(s)


def move_on(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """Arm nothing, sacrifice nothing: the turn (or the crisis) goes on."""
    proceed(s)
