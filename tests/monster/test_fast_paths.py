"""Monster's fast paths agree with the rules they stand for, along random games (docs/results/engine-speed.md, fifth
round): cached crisis rules, the attack's rates, the over flag, the default options."""

from __future__ import annotations

import random

import pytest

import monsterbox
from monsterbox.games.monster import actions as A
from monsterbox.games.monster.attack import attack_rates, kills_per_monster
from monsterbox.games.monster.effects import CHARACTER_EFFECTS, LOOT_EFFECTS
from monsterbox.games.monster.hunt import hunt_actions
from monsterbox.games.monster.mechanics import bank_count, crisis_rules, rules_of_crises
from monsterbox.games.monster.rules import RULES, validate_options
from monsterbox.games.monster.state import HUNT, OVER, copy_state


def reference_hunt(s):
    """MO The Hunt's actions written out from the rulebook, one rule a line, codes looked up by move."""
    index, p = s.table.index, s.current
    rules = rules_of_crises(s.cards.crises, s.day_crises, s.lair_keys)
    have = [s.hands[p][w] + (s.armed[p] == w) for w in range(5)]
    may_kill = [0 if rules.blocked[w] else have[w] for w in range(5)]
    lairs = [(k, st) for k, st in zip(s.lair_keys, s.stacks, strict=True) if st]
    acts = [index[(A.KILL, k, st[-1])] for k, st in lairs if may_kill[st[-1]]]
    if sum(may_kill) >= 3 and not rules.no_three:
        acts += [index[(A.THREE, k, -1)] for k, _ in lairs if k not in rules.no_three_lairs]
    ch = s.cards.characters[s.characters[p]]
    if not s.exhausted[p] and CHARACTER_EFFECTS[ch.effect].usable(s, p, ch.params):
        acts.append(index[(A.ABILITY, -1, -1)])
    for it in s.items[p]:
        card = s.cards.loot[it]
        if it not in s.items_used[p] and LOOT_EFFECTS[card.effect].usable(s, p, card.params):
            acts.append(index[(A.ITEM, it, -1)])
    if s.cubes[p] and not rules.no_cubes:
        acts += [index[(A.CUBE, w, -1)] for w in range(5) if bank_count(s, w) > 0]
    if sum(have) >= 2:
        acts.append(index[(A.STORE, -1, -1)])
    acts += [index[(A.DISCARD, w, -1)] for w in range(5) if have[w]]
    return acts + [index[(A.PASS, -1, -1)]]


def slow_rate(s, i):  # MO Monster Attack, written out lair by lair as the rulebook says it
    crises = s.cards.crises
    per = 2 if s.dead[i] else 1
    per += sum(int(crises[c].params.get("amount", 0)) for c in s.day_crises if crises[c].effect == "bloodlust")
    key = s.lair_keys[i]
    if key >= 100 and crises[key - 100].effect == "rage":
        per += int(crises[key - 100].params.get("amount", 1))
    per += sum(int(crises[k - 100].params.get("amount", 1)) for k in s.lair_keys
               if k >= 100 and crises[k - 100].effect == "bloodlust_lair")
    return per


ELITE = {"elite": True}
OPTIONS = [{**ELITE, "crisis_level": 1}, {**ELITE, "crisis_level": 2}, {**ELITE, "unreliable_weaponry": True}, {}]


def test_cached_crisis_rules_and_attack_rates_match_the_rules_along_random_games():
    """Mostly elite games (a crisis of each level every day) on levels 1 and 2 both, so that day crises and crisis
    lairs come and go; a copy made mid-game shares the cache and must still read its own table. The hunt's actions
    are those of the rules written out one by one (``reference_hunt``)."""
    seen_crisis = seen_hunts = 0
    for seed in range(12):
        g = monsterbox.new_game("monster", 2 + seed % 5, seed, OPTIONS[seed % 4])
        r = random.Random(seed)
        while not g.over:
            s = g.state
            rules = crisis_rules(s)
            assert rules == rules_of_crises(s.cards.crises, s.day_crises, s.lair_keys)
            assert s.in_force[3] == [s.codes.three[k] for k in s.lair_keys if k not in rules.no_three_lairs]
            seen_crisis += bool(s.day_crises) or max(s.lair_keys) >= 100
            if s.phase == HUNT:
                seen_hunts += 1
                assert hunt_actions(s) == reference_hunt(s)
            rates = attack_rates(s)
            assert rates == [slow_rate(s, i) for i in range(len(s.stacks))]
            assert [kills_per_monster(s, i) for i in range(len(s.stacks))] == rates
            if r.random() < 0.1:  # a copy whose table then differs: it must not read the original's rules
                c = copy_state(s)
                c.day_crises, c.lair_keys = [], [k for k in c.lair_keys if k < 100]
                assert crisis_rules(c) == rules_of_crises(s.cards.crises, [], c.lair_keys)
                assert crisis_rules(s) == rules
            acts = g.legal_actions()
            g.play(acts[r.randrange(len(acts))])
        assert g.state.over and g.state.phase == OVER and RULES.is_over(g.state) is True
    assert seen_crisis > 50 and seen_hunts > 100


def test_over_is_set_with_the_phase_only():
    g = monsterbox.new_game("monster", 3, 4)
    r = random.Random(4)
    while g.state.phase != OVER:
        assert RULES.is_over(g.state) is False and g.over is False
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    assert RULES.is_over(g.state) is True and g.over is True
    assert copy_state(g.state).over is True


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_default_options_are_those_validated_from_nothing(players):
    empty = validate_options(players, None)
    assert empty == validate_options(players, {}) == validate_options(players, {"elite": False})
    assert list(empty) == ["elite", "unreliable_weaponry", "crisis_level", "character_choices"]
    empty["elite"] = True  # a fresh dict each time: changing one game's options changes no other's
    assert validate_options(players, None)["elite"] is False


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_gives_each_seat_its_own_lists(players):
    """The setup's per-seat lists (``seat_lists``, ``empty_hands``: literals cut to the player count) are one new
    list a seat, none shared between seats or fields."""
    s = monsterbox.new_game("monster", players, 3).state
    rows = [s.hands, s.known, s.stored, s.held, s.offered, s.items, s.items_used]
    assert all(len(r) == players for r in rows)
    assert len({id(x) for r in rows for x in r}) == 7 * players
    assert len(s.bank_cubes) == 5 and len({id(x) for x in s.bank_cubes}) == 5


def test_discard_order_counts_kept_on_the_state_match_the_hand_along_random_games():
    """R6: the counts kept for a pending discard order (``state.order_kept``) are those the rules count from the hand
    or the chosen weapons (``order_left``), at every order choice, in the original game and in a copy."""
    from monsterbox.games.monster.choices import ORDER_SLOT, order_left, order_slot
    from monsterbox.games.monster.state import PENDING

    seen = 0
    for seed in range(20):
        g = monsterbox.new_game("monster", 2 + seed % 5, seed)
        r = random.Random(seed)
        while not g.over:
            s = g.state
            if s.phase == PENDING and s.pending[4][len(s.pending[5])] == ORDER_SLOT:
                seen += 1
                listed = g.legal_codes()
                left = order_left(s, s.current, s.pending[3]["then"], s.pending[5])
                assert s.order_kept is not None and s.order_kept[0] is s.pending and s.order_kept[2] == left
                assert listed == [s.codes.weapon[w] for w in range(5) if left[w]]
                c = copy_state(s)
                assert c.order_kept is None and order_slot(c) == listed
            acts = g.legal_actions()
            g.play(acts[r.randrange(len(acts))])
    assert seen > 50
