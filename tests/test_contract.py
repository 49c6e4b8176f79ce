"""The public contract of DESIGN.md: names, options, errors, records and replays."""

import json

import pytest

import monsterbox
from tests import toy_game
from tests.helpers import random_game

#: the games the contract suite runs on besides the boxed ones: a game registered from outside the package (the toy
#: game of tests/toy_game.py, registered for this module by the fixture below) is checked like the four
EXTRA_GAMES = [("toy", 3)]


def with_extra(cases):
    return cases + EXTRA_GAMES


@pytest.fixture(autouse=True, scope="module")
def toy_registered():
    toy_game.register()
    yield
    toy_game.unregister()


def test_public_names():
    assert monsterbox.GAME_IDS == ("inn", "monster", "mansion", "maker")
    assert issubclass(monsterbox.IllegalAction, ValueError)
    assert issubclass(monsterbox.InvalidOptions, ValueError)
    g = monsterbox.new_game("inn", players=4, seed=7, options=None)
    assert (g.game_id, g.players, g.over) == ("inn", 4, False)
    assert isinstance(g.to_play, int) and all(isinstance(a, str) for a in g.legal_actions())


@pytest.mark.parametrize("game_id,players", with_extra([("inn", 3), ("monster", 2), ("mansion", 2), ("maker", 2)]))
def test_every_game_id_is_playable_through_the_contract(game_id, players):
    g = monsterbox.new_game(game_id, players, seed=1)
    assert g.game_id == game_id and not g.over
    while not g.over:
        g.play(g.legal_actions()[-1])
    res = g.result()
    assert len(res["scores"]) == players and isinstance(res["winners"], list)
    assert monsterbox.replay(g.record()).result()["scores"] == res["scores"]


@pytest.mark.parametrize("kwargs,message", [
    ({"game_id": "chess"}, "unknown game id 'chess'"),
    ({"players": 2}, "3 to 5 players, got 2"),
    ({"players": 6}, "3 to 5 players, got 6"),
    ({"players": "4"}, "players must be an integer"),
    ({"seed": "x"}, "seed must be an integer"),
    ({"options": {"colour": "red"}}, "unknown Monster Inn option"),
    ({"options": {"open_treasures": "yes"}}, "open_treasures must be true or false"),
    ({"options": {"first_player": 7}}, "first_player must be a seat from 0 to 3"),
    ({"options": {"deck": ["M1", "M1"]}}, "listed more than once"),
    ({"options": {"deck": ["Z9"]}}, "unknown creature id 'Z9'"),
    ({"options": {"deck": "M1"}}, "deck must be a list"),
    ({"options": {"cards": 5}}, "cards must be a file path"),
    ({"options": ["open_treasures"]}, "options must be a dict"),
])
def test_invalid_options_are_refused_clearly(kwargs, message):
    args = {"game_id": "inn", "players": 4, "seed": 0, "options": None} | kwargs
    with pytest.raises(monsterbox.InvalidOptions, match=message):
        monsterbox.new_game(**args)


def test_record_is_json_and_replays_to_the_same_result():
    g = random_game(21, 4)
    rec = g.record()
    assert set(rec) >= {"game_id", "engine_version", "options", "players", "seed", "actions"}
    rec2 = json.loads(json.dumps(rec))
    r = monsterbox.replay(rec2)
    assert r.result()["scores"] == g.result()["scores"] and r.actions == g.actions
    assert r.view(0) == g.view(0)


def test_replay_of_an_unfinished_game():
    g = random_game(4, 3, stop_after=25)
    r = monsterbox.replay(g.record())
    assert r.view(1) == g.view(1) and r.to_play == g.to_play


@pytest.mark.parametrize("damage,message", [
    (lambda r: r.pop("actions"), "no 'actions' field"),
    (lambda r: r.update(players="four"), "'players' must be a int"),
    (lambda r: r["actions"].__setitem__(3, "fly"), "action #3 'fly' does not re-check"),
    (lambda r: r.update(game_id="go"), "cannot start its game"),
    (lambda r: r["result"].update(scores=[0, 0, 0, 0]), "differ from the replayed"),
    (lambda r: r.update(format="other"), "not a monsterbox record"),
])
def test_corrupt_records_are_refused(damage, message):
    rec = random_game(6, 4).record()
    damage(rec)
    with pytest.raises(monsterbox.RecordError, match=message):
        monsterbox.replay(rec)


def test_copy_is_independent():
    g = random_game(2, 4, stop_after=10)
    c = g.copy()
    before = g.view(0)
    while not c.over:
        c.play(c.legal_actions()[-1])
    assert g.view(0) == before and not g.over


def test_determinized_game_has_no_record():
    g = random_game(2, 4, stop_after=10)
    with pytest.raises(monsterbox.RecordError, match="determinized"):
        g.determinize(0, 1).record()


@pytest.mark.parametrize("game_id,players", with_extra([("inn", 4), ("monster", 3), ("mansion", 2), ("maker", 3)]))
def test_finished_games_determinize_to_the_same_view(game_id, players):
    """At the end more is revealed (scoring, judgment): determinizations must keep what was revealed."""
    import random

    for seed in range(8):
        g = monsterbox.new_game(game_id, players, seed)
        r = random.Random(seed)
        while not g.over:
            acts = g.legal_actions()
            g.play(acts[r.randrange(len(acts))])
        for seat in range(players):
            d = g.determinize(seat, seed)
            assert d.view(seat) == g.view(seat) and d.over


@pytest.mark.parametrize("game_id,players", with_extra([("inn", 4), ("monster", 3), ("mansion", 3), ("maker", 3)]))
def test_illegal_ids_are_explained_and_change_nothing_in_every_game(game_id, players):
    """Any id of the game's table that is not legal now raises IllegalAction naming the legal ones, and leaves the
    game exactly as it was."""
    import random

    r = random.Random(5)
    for seed in range(6):
        g = monsterbox.new_game(game_id, players, seed)
        names = list(g.rules.action_tables(g.state)[0])
        steps = 0
        while not g.over and steps < 150:
            legal = set(g.legal_actions())
            before = (json.dumps(g.view(g.to_play)), g.actions, g.to_play)
            for bad in r.sample(names, min(12, len(names))) + ["", "nonsense:1"]:
                if bad in legal:
                    continue
                with pytest.raises(monsterbox.IllegalAction, match="Legal now"):
                    g.play(bad)
            assert (json.dumps(g.view(g.to_play)), g.actions, g.to_play) == before
            g.play(r.choice(sorted(legal)))
            steps += 1
