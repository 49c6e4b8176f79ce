"""Monster's fast paths agree with the rules they stand for, along random games (docs/results/engine-speed.md, fifth
round): cached crisis rules, the attack's rates, the over flag, the default options."""

from __future__ import annotations

import random

import pytest

import monsterbox
from monsterbox.games.monster.mechanics import crisis_rules, rules_of_crises
from monsterbox.games.monster.rules import (
    RULES,
    attack_rates,
    kills_per_monster,
    validate_options,
)
from monsterbox.games.monster.state import OVER, copy_state


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


@pytest.mark.parametrize("seed", range(12))
def test_cached_crisis_rules_and_attack_rates_match_the_rules_along_random_games(seed):
    """Elite games (a crisis of each level every day) on levels 1 and 2 both, so that day crises and crisis lairs
    come and go; a copy made mid-game shares the cache and must still read its own table."""
    g = monsterbox.new_game("monster", 2 + seed % 5, seed, {"elite": True, "crisis_level": 1 + seed % 2})
    r = random.Random(seed)
    seen_crisis = False
    while not g.over:
        s = g.state
        rules = crisis_rules(s)
        assert rules == rules_of_crises(s.cards.crises, s.day_crises, s.lair_keys)
        seen_crisis = seen_crisis or bool(s.day_crises) or max(s.lair_keys) >= 100
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
    assert seen_crisis
    assert g.state.over and g.state.phase == OVER and RULES.is_over(g.state) is True


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
