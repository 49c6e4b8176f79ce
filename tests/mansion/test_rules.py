"""Monster Mansion rules and the rulebook's worked examples (MM Playing, Cards, 2 Player Game, End of the Game;
R1-R3)."""

import pytest

import monsterbox
from monsterbox.games.mansion.show import sales_level, show
from tests.mansion.helpers import (
    actor_total,
    aid,
    give_actors,
    give_chamber,
    give_skulls,
    mansion,
    pass_turn,
    set_audition,
    set_audition_skulls,
    skull_total,
)


def test_setup_audition_and_components():
    for n, actors, skulls, deck in ((2, 3, 7, 34), (3, 4, 7, 34), (4, 5, 10, 37)):
        g = monsterbox.new_game("mansion", n, 1)
        s = g.state
        assert len(s.audition) == actors and sum(s.audition_skulls) == skulls
        assert len(actor_total(g)) == deck and skull_total(g) == 88
        assert s.tickets == [30] * n and all(sales_level(s, p) == 1 for p in range(n))
        assert g.view(0)["phase"] == "turn_order" and g.to_play == s.token
    removed = {a.id for a in monsterbox.new_game("mansion", 3, 1).state.cards.actors if a.removed_for_3_players}
    for n in (2, 3):  # R4: "Set up the 2 player game in the same way as a 3 player game"
        g = monsterbox.new_game("mansion", n, 1)
        assert len(removed) == 3 and not removed & {g.state.cards.actors[i].id for i in actor_total(g)}


def test_turn_order_example_ivan_jayne_mar():
    """MM Phase 2 example: Ivan (starting player) takes tile 3 and puts the token on tile 1; Jayne takes tile 1,
    6 tickets and the token; Mar takes tile 2 and 4 tickets. Jayne then acts first."""
    g = mansion(3, first=0)  # Ivan 0, Jayne 1, Mar 2
    g.play("tile:3")
    g.play("tile:1")
    g.play("tile:2")
    s = g.state
    assert s.tickets == [32, 36, 34]
    assert s.token_next == 1 and s.order == [1, 2, 0]
    assert g.to_play == 1 and g.view(1)["phase"] == "take_skulls" and s.to_take == 2


def test_jaynes_turn_ghost_clown_witch_then_costume():
    """MM Casting example: Jayne takes a red and a grey skull, casts The Ghost (1 red + 1 yellow, the grey for the
    yellow): +1 for The Ghost (1 chamber), +3 Clown (Verona, Cthulhu, The Ghost), +3 Witch (4 colours); then adds
    the Costume chamber paying a green and a blue: +1 for The Ghost."""
    g = mansion(3, first=0)
    give_actors(g, 1, ["verona_1", "cthulhu_1", "dracula_3"])  # red, blue, green
    give_chamber(g, 1, "props_1")
    give_skulls(g, 1, ["green", "blue"])
    set_audition(g, ["ghost_1", "werewolf_1", "dracula_1", "eva_1"])
    set_audition_skulls(g, ["red", "grey", "blue", "blue", "green", "yellow", "yellow"])
    for a in ("tile:3", "tile:1", "tile:2", "take:red", "take:grey"):
        g.play(a)
    s = g.state
    before = sales_level(s, 1)
    g.play("cast:ghost_1")
    # R6: Jayne chooses the payment; she could also keep the grey and pay through Props with green + blue
    assert g.legal_actions() == ["pay:red+grey", "pay:blue+red+green", "pay:blue+green+grey"]
    g.play("pay:red+grey")
    assert sales_level(s, 1) - before == 1 + 3 + 3
    cast = [e for e in g.view(0)["log"] if e["type"] == "cast"][-1]
    assert cast["paid"] == {"red": 1, "grey": 1}
    assert sorted(s.cards.rewards[r].type for r in s.rewards[1]) == ["clown", "witch"]
    costume = next(e for e in g.legal_actions() if e.startswith("chamber:costume"))
    g.play(costume)  # only a green and a blue are left: a single payment, no choice asked
    assert sales_level(s, 1) - before == 8
    chamber = [e for e in g.view(0)["log"] if e["type"] == "chamber"][-1]
    assert chamber["paid"] == {"blue": 1, "green": 1}
    assert "cast:werewolf_1" not in g.legal_actions() and not any(a.startswith("chamber:") for a in g.legal_actions())


def test_two_player_cthulhu_counts_the_dummy():
    """MM 2 Player Game example: Jayne casts Cthulhu; Ivan has no card of its colour, the dummy has a Dracula and a
    Frankenstein of that colour: +3 (1 for Cthulhu itself, 2 for the dummy's cards). R2."""
    g = mansion(2, first=0)  # Jayne 0, Ivan 1, dummy 2
    give_actors(g, 2, ["dracula_2", "frankenstein_2"])  # both red
    give_actors(g, 1, ["werewolf_1"])  # blue
    s = g.state
    before = sales_level(s, 0)
    give_actors(g, 0, ["cthulhu_2"])  # shows red
    assert sales_level(s, 0) - before == 3


def test_tie_break_example_ivan_beats_jayne_mar_loses():
    """MM End of the Game example: Jayne sells 21 of 15 (excess 6), Ivan 16 of 8 (excess 8), Mar 13 of 17 (4 left):
    Ivan wins."""
    g = mansion(3)
    s = g.state
    give_actors(g, 1, ["frankenstein_1", "frankenstein_2", "frankenstein_3", "werewolf_1", "werewolf_2",
                       "werewolf_3", "werewolf_4", "dracula_1", "dracula_2", "dracula_3"])  # Jayne: 1+9+8+3 = 21
    give_actors(g, 0, ["frankenstein_4", "dracula_4", "dracula_5", "ghost_2"])  # Ivan: 1+3+2+1 (1 chamber)+9
    give_chamber(g, 0, "props_1")
    s.rewards[0] = [0, 4, 8]
    give_actors(g, 2, ["ghost_3"])  # Mar: 1 + 3 (3 chambers) + 9
    for c in ("props_2", "make_up_1", "costume_1"):
        give_chamber(g, 2, c)
    s.rewards[2] = [1, 5, 9]
    assert [sales_level(s, p) for p in range(3)] == [16, 21, 13]
    s.tickets = [8, 15, 17]
    show(s)
    r = g.result()
    assert g.over and r["winners"] == [0]
    assert r["tickets_left"] == [-8, -6, 4]


def test_shared_victory_when_excess_ties():
    g = mansion(3)
    s = g.state
    give_actors(g, 0, ["werewolf_1"])
    give_actors(g, 1, ["werewolf_2"])
    s.tickets = [1, 1, 30]
    show(s)
    assert g.result()["winners"] == [0, 1]


def test_one_actor_and_one_chamber_per_turn_and_one_chamber_of_each_type():
    g = mansion(3, first=0)
    set_audition(g, ["dracula_1", "dracula_2", "werewolf_1", "eva_1"])
    give_skulls(g, 0, ["blue", "red", "red", "green", "green", "yellow", "yellow", "blue"])
    give_chamber(g, 0, "props_1")
    for a in ("tile:1", "tile:2", "tile:3"):
        g.play(a)
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    g.play("reserve:werewolf_1")
    legal = g.legal_actions()
    assert not any(a.startswith(("cast:", "reserve:")) for a in legal)
    assert not any(a.startswith("chamber:props") for a in legal)  # already owns a Props
    g.play(next(a for a in legal if a.startswith("chamber:make_up")))
    assert not any(a.startswith("chamber:") for a in g.legal_actions())
    # P7: face down, but the table saw which actor left the face-up audition
    assert g.view(1)["seats"][0]["reserved"][0]["id"] == "werewolf_1"
    assert g.view(1)["seats"][0]["reserved_count"] == 1
    assert g.view(0)["seats"][0]["reserved"][0]["id"] == "werewolf_1"


def test_cast_a_reserved_actor_later():
    g = mansion(3, first=0)
    s = g.state
    s.reserved[0].append(aid(g, "werewolf_1"))
    s.deck.remove(aid(g, "werewolf_1")) if aid(g, "werewolf_1") in s.deck else None
    give_skulls(g, 0, ["blue", "blue", "yellow"])
    for a in ("tile:1", "tile:2", "tile:3"):
        g.play(a)
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    assert "cast:werewolf_1" in g.legal_actions()
    g.play("cast:werewolf_1")
    assert s.reserved[0] == [] and aid(g, "werewolf_1") in s.actors[0]


@pytest.mark.parametrize("chamber,screen,cost_actor,ok", [
    ("make_up_1", ["blue"], "swamp_thing_2", False),  # red x2 needed, one blue: Make Up swaps only one skull
    ("make_up_1", ["blue", "red"], "swamp_thing_2", True),  # red + blue-as-red
    ("props_1", ["green", "green", "red"], "swamp_thing_2", True),  # red + two greens as a grey
    ("costume_1", ["green", "green", "red"], "swamp_thing_2", False),
])
def test_make_up_props_and_grey(chamber, screen, cost_actor, ok):
    g = mansion(3, first=0)
    set_audition(g, [cost_actor, "dracula_1", "dracula_2", "dracula_3"])
    set_audition_skulls(g, ["yellow"] * 7)
    give_chamber(g, 0, chamber)
    give_skulls(g, 0, screen)
    for a in ("tile:3", "tile:1", "tile:2"):
        g.play(a)
    # seat 1 (tile 1) and seat 2 (tile 2) pass (R5: reserving a Dracula); then seat 0 takes yellows and may cast
    for _ in range(2):
        while g.view(0)["phase"] == "take_skulls":
            g.play(g.legal_actions()[0])
        pass_turn(g, keep=(cost_actor,))
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    assert g.to_play == 0
    assert (f"cast:{cost_actor}" in g.legal_actions()) == ok


def test_swamp_thing_skull_is_hidden_and_mummy_casts_from_discards():
    g = mansion(3, first=0)
    give_actors(g, 0, ["swamp_thing_1", "mummy_1"])
    s = g.state
    d1 = aid(g, "dracula_1")
    s.deck.remove(d1)
    s.actor_discard.append(d1)
    give_skulls(g, 0, ["blue", "red"])
    for a in ("tile:1", "tile:2", "tile:3"):
        g.play(a)
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    g.play("swamp")
    private = [e for e in g.view(0)["log"] if e["type"] == "swamp_skull"]
    assert len(private) == 1 and not [e for e in g.view(1)["log"] if e["type"] == "swamp_skull"]
    assert s.hidden_skulls[0] == 1
    assert "mummy:dracula_1" in g.legal_actions()
    g.play("mummy:dracula_1")
    # RULINGS Mansion 8: the hidden skull could be a grey (a second payment), so the payment step is asked whatever
    # its colour
    assert g.view(1)["phase"] == "payment" and "pay:blue+red" in g.legal_actions()
    g.play("pay:blue+red")
    assert d1 in s.actors[0] and d1 not in s.actor_discard


def test_black_lagoon_gives_a_ticket_before_the_show():
    g = mansion(3, first=0)
    give_actors(g, 2, ["black_lagoon_1"])
    for a in ("tile:1", "tile:2", "tile:3"):
        g.play(a)
    for _ in range(3):
        while g.view(0)["phase"] == "take_skulls":
            g.play(g.legal_actions()[0])
        pass_turn(g)
    assert g.view(0)["phase"] == "black_lagoon" and g.to_play == 2
    before = g.state.tickets[:]
    g.play("give:0")
    shows = [e for e in g.view(0)["log"] if e["type"] == "show"]
    assert shows[-1]["tickets_before"][0] == before[0] + 1 and shows[-1]["tickets_before"][2] == before[2] - 1


def test_two_player_dummy_turn_and_maintenance():
    """MM 2 Player Game: the unselected tile is the dummy's; the lowest real tile plays its turn: an actor to the
    dummy's area and the tile's skulls discarded; the audition leftovers also go to the dummy's area."""
    g = mansion(2, first=0)
    g.play("tile:1")
    g.play("tile:3")  # the dummy has tile 2
    s = g.state
    assert s.tiles == [0, 2, 1] and s.order == [0, 2, 1]
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    pass_turn(g)
    assert g.view(0)["phase"] == "dummy_actor" and g.to_play == 0
    g.play(g.legal_actions()[0])
    assert g.view(0)["phase"] == "dummy_skulls"
    discard_before = sum(s.skull_discard)
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    assert sum(s.skull_discard) == discard_before + 2
    assert g.to_play == 1
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    g.play(next(a for a in g.legal_actions() if a.startswith("reserve:")))  # R5: the turn must do something
    left = list(s.audition)
    g.play("end")
    assert all(a in s.actors[2] for a in left)  # maintenance: leftovers join the dummy
    assert s.round == 2 and s.token == 0


def test_two_player_token_stays_with_lowest_tile_when_dummy_has_tile_1():
    g = mansion(2, first=1)
    g.play("tile:2")
    g.play("tile:3")
    assert g.state.tiles[2] == 0 and g.state.token_next == 1


def test_one_ability_card_of_each_type():
    """MM Cards which grant abilities: you cannot have more than one card of each type."""
    g = mansion(3, first=0)
    give_actors(g, 0, ["swamp_thing_1"])
    set_audition(g, ["swamp_thing_2", "mummy_1", "dracula_1", "dracula_2"])
    give_skulls(g, 0, ["red", "red", "yellow", "red", "blue"])
    for a in ("tile:1", "tile:2", "tile:3"):
        g.play(a)
    while g.view(0)["phase"] == "take_skulls":
        g.play(g.legal_actions()[0])
    legal = g.legal_actions()
    assert "cast:swamp_thing_2" not in legal and "cast:mummy_1" in legal
    assert "reserve:swamp_thing_2" in legal


@pytest.mark.parametrize("players,options,message", [
    (3, {"deck": ["dracula_6"]}, "removed from the 3-player game"),
    (2, {"deck": ["frankenstein_5"]}, "removed from the 2-player game"),
    (3, {"bag": ["grey"] * 9}, "option bag lists 9 grey skulls; the bag holds only 8"),
    (3, {"bag": ["pink"]}, "option bag must list skull colours"),
    (5, {}, "2 to 4 players"),
    (2, {"first_player": 2}, "first_player must be a seat from 0 to 1"),
])
def test_bad_options_are_refused(players, options, message):
    with pytest.raises(monsterbox.InvalidOptions, match=message):
        monsterbox.new_game("mansion", players, 0, options)
