"""Staying in, dropping out, forced drops and turn order (EN Gameplay A/B, Important; R3, R4, R1)."""

import pytest

from monsterbox import IllegalAction
from tests.helpers import hand, inn, play

MONSTERS_ROUND = ["M1", "M2", "M3"]  # 3-player round of weak monsters of three different races


def test_empty_pool_stay_with_gold_or_gem_and_drop_allowed():
    g = inn(3, deck=MONSTERS_ROUND)
    assert g.legal_actions() == ["stay:gold", "stay:gem", "drop"]


def test_add_same_kind_only_or_exchange():
    g = play(inn(3, deck=MONSTERS_ROUND), "stay:gold")
    assert g.state.pool_kind == 0 and g.state.pool == 1
    assert g.to_play == 1
    assert g.legal_actions() == ["stay:gold", "exchange", "drop"]
    with pytest.raises(IllegalAction, match="the pool holds gold"):
        g.play("stay:gem")


def test_exchange_worked_example_three_gold_for_five_gems():
    """FR Rester: 3 gold coins in the pool; take them and replace them with 5 gems."""
    g = inn(3, deck=MONSTERS_ROUND)
    g.state.hands[0:2] = [3, 5]  # seat 0 holds 3 gold and 5 gems (as after two gem bonuses)
    play(g, "stay:gold", "stay:gold", "stay:gold")
    assert g.to_play == 0 and g.state.pool == 3
    assert "exchange" in g.legal_actions()
    before = hand(g, 0)
    g.play("exchange")
    assert hand(g, 0) == (before[0] + 3, before[1] - 5)
    assert g.state.pool_kind == 1 and g.state.pool == 5
    assert g.view(1)["log"][-1] == {"type": "exchange", "seat": 0, "took": {"kind": "gold", "count": 3},
                                    "placed": {"kind": "gem", "count": 5}}


def test_exchange_needs_k_plus_2_of_the_other_kind():
    """R3: the k treasures just taken cannot pay; with 3 gems nobody can exchange a pool of 2 gold."""
    g = play(inn(3, deck=MONSTERS_ROUND), "stay:gold", "stay:gold")
    assert "exchange" not in g.legal_actions()  # 2 gold in pool -> needs 4 gems, seat 2 has 3
    with pytest.raises(IllegalAction, match="places 4 gem"):
        g.play("exchange")


def test_player_who_cannot_pay_must_drop():
    """R3: a player who cannot pay for any stay must drop out. Seat 0 spends all gold, then faces a gold pool
    with no gold and too few gems to exchange."""
    g = inn(3, deck=MONSTERS_ROUND * 1)
    play(g, "stay:gold", "stay:gold", "stay:gold",   # pool 3 gold; seat 0 has 2 gold
         "stay:gold", "stay:gold", "stay:gold",       # pool 6
         "stay:gold", "stay:gold", "stay:gold")      # pool 9, seat 0 has 0 gold, 3 gems
    assert hand(g, 0) == (0, 3)
    assert g.legal_actions() == ["drop"]


def test_drop_takes_pool_and_leftmost_creature_and_next_in_bids():
    g = play(inn(3, deck=MONSTERS_ROUND), "stay:gold", "stay:gold")
    g.play("drop")  # seat 2 drops: pool of 2 gold and M1
    s = g.state
    assert hand(g, 2) == (5, 3)
    assert [s.cards.ids[m] for m in s.monsters[2]] == ["M1"]
    assert s.pool == 0 and s.pool_kind == -1
    assert g.to_play == 0  # next clockwise still in


def test_drop_allowed_on_empty_pool():
    g = inn(3, deck=MONSTERS_ROUND)
    g.play("drop")
    assert hand(g, 0) == (3, 3)
    assert g.state.cards.ids[g.state.monsters[0][0]] == "M1"


def test_dropped_player_is_skipped_for_rest_of_round():
    g = play(inn(4, deck=["M1", "M2", "M3", "M4"]), "stay:gold", "drop")  # seat 1 drops
    assert g.to_play == 2
    g.play("stay:gold")
    assert g.to_play == 3
    g.play("stay:gold")
    assert g.to_play == 0  # seat 1 skipped
    g.play("stay:gold")
    assert g.to_play == 2


def test_last_bidder_is_forced_out_by_the_engine_and_next_round_starter():
    """R4: the last player still in drops out automatically (logged as forced), taking the last creature.
    R1: the player to the left of whoever took the last creature starts the next round."""
    g = inn(3, deck=MONSTERS_ROUND + ["M4", "M5", "M6"], first=1)
    play(g, "stay:gold", "drop", "drop")  # seat 1 stays, seat 2 drops (M1), seat 0 drops (M2)
    s = g.state
    assert [s.cards.ids[m] for m in s.monsters[1]] == ["M3"]
    forced = [e for e in g.view(0)["log"] if e["type"] == "drop" and e["forced"]]
    assert forced and forced[0]["seat"] == 1
    assert s.round == 2 and g.to_play == 2  # left of seat 1


def test_forced_drop_keeps_followup_choices():
    """R4: the forced dropper still makes its own bonus choice."""
    g = inn(3, deck=["H1", "H2", "H3"], first=0)
    play(g, "drop", "bonus:gold", "drop", "bonus:gold")  # seats 0 and 1 drop; seat 2 is forced out with H3
    assert g.state.cards.ids[g.state.humans[2][0]] == "H3"
    assert g.to_play == 2 and g.legal_actions() == ["bonus:gold", "bonus:gem"]
    g.play("bonus:gem")
    assert hand(g, 2) == (3, 4)
    assert g.state.round == 2 and g.to_play == 0  # left of seat 2


def test_each_player_takes_exactly_one_creature_per_round():
    g = inn(5, seed=4)
    import random

    r = random.Random(1)
    while not g.over:
        rnd = g.state.round
        counts = [len(g.state.monsters[p]) + len(g.state.humans[p]) for p in range(5)]
        while not g.over and g.state.round == rnd:
            acts = g.legal_actions()
            g.play(acts[r.randrange(len(acts))])
        after = [len(g.state.monsters[p]) + len(g.state.humans[p]) for p in range(5)]
        assert [a - b for a, b in zip(after, counts, strict=True)] == [1] * 5


def test_illegal_action_changes_nothing():
    g = play(inn(3, deck=MONSTERS_ROUND), "stay:gold")
    before = g.view(0), g.view(1), g.actions
    for bad in ["stay:gem", "bonus:gold", "support:M1:gold", "fly", "", "support:none"]:
        with pytest.raises(IllegalAction, match="Legal now: stay:gold, exchange, drop"):
            g.play(bad)
    assert (g.view(0), g.view(1), g.actions) == before
