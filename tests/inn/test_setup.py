"""Setup and tavern layout (EN Game Setup; FR Comment jouer; R1, R2)."""

import pytest

import monsterbox
from monsterbox.games.inn.cards import default_cards
from monsterbox.games.inn.rules import arrange_tavern, rounds_for
from tests.helpers import hand, inn


def ids(cards, row):
    return [cards.ids[c] for c in row]


def test_tavern_humans_by_descending_range_then_monsters_ascending():
    """EN Game Setup, example tavern for 5 players: face-down humans in descending range, then monsters ascending."""
    cards = default_cards()
    drawn = [cards.index(x) for x in ["M12", "H3", "M2", "H17", "H8"]]
    row = arrange_tavern(cards, drawn)
    assert ids(cards, row) == ["H17", "H8", "H3", "M2", "M12"]


def test_tavern_same_range_humans_keep_draw_order():
    cards = default_cards()
    drawn = [cards.index(x) for x in ["H12", "H14", "H11", "M1"]]
    assert ids(cards, arrange_tavern(cards, drawn)) == ["H12", "H14", "H11", "M1"]


@pytest.mark.parametrize("drawn,expected", [
    (["M9", "M3", "M20", "M1"], ["M1", "M3", "M9", "M20"]),
    (["H2", "H19", "H7", "H13"], ["H19", "H13", "H7", "H2"]),
])
def test_tavern_only_monsters_or_only_humans(drawn, expected):
    """EN note: drawing only humans or only monsters does not change the layout rules."""
    cards = default_cards()
    assert ids(cards, arrange_tavern(cards, [cards.index(x) for x in drawn])) == expected


def test_setup_hands_supply_and_first_round():
    g = inn(4, deck=["M5", "H4", "M1", "H18"], first=2)
    s = g.state
    for p in range(4):
        assert hand(g, p) == (3, 3)
    assert s.supply == [25 - 12, 25 - 12]
    assert ids(s.cards, s.tavern) == ["H18", "H4", "M1", "M5"]
    assert g.to_play == 2
    assert len(s.deck) == 36


@pytest.mark.parametrize("players,rounds", [(3, 13), (4, 10), (5, 8)])
def test_rounds_per_player_count(players, rounds):
    """R2 / EN End of the Game: 13 rounds with 3 players, 10 with 4, 8 with 5."""
    assert rounds_for(players) == rounds
    g = monsterbox.new_game("inn", players, seed=3)
    rounds_seen = 0
    while not g.over:
        if g.state.round > rounds_seen:
            rounds_seen = g.state.round
        acts = g.legal_actions()
        g.play("drop" if "drop" in acts else acts[-1])
    assert rounds_seen == rounds
    assert len(g.state.deck) == (1 if players == 3 else 0)


def test_first_player_drawn_from_seed():
    """R1: the first starting player comes from the seed: same seed same starter, and every seat occurs."""
    starters = {monsterbox.new_game("inn", 4, seed=s).to_play for s in range(40)}
    assert starters == {0, 1, 2, 3}
    assert monsterbox.new_game("inn", 4, seed=11).to_play == monsterbox.new_game("inn", 4, seed=11).to_play


def test_explicit_deck_prefix_and_rest_shuffled():
    g = inn(3, deck=["M20", "M19", "M18", "H1", "H2", "H3"])
    s = g.state
    assert ids(s.cards, s.tavern) == ["M18", "M19", "M20"]
    assert sorted(ids(s.cards, s.deck[-3:])) == ["H1", "H2", "H3"]
    assert sorted(s.deck + s.tavern) == list(range(40))
