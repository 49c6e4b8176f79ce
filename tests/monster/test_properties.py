"""Properties over random Monster games; the bots; the card file; the terminal."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.cli import app
from monsterbox.core.errors import CardFileError
from monsterbox.games.monster.cards import default_cards, load_card_file
from monsterbox.games.monster.heuristic import MonsterPolicy
from monsterbox.sim import play_game
from tests.monster.helpers import weapon_total

players_st = st.sampled_from([2, 3, 4, 5, 6])
options_st = st.sampled_from([{}, {"elite": True}, {"unreliable_weaponry": True}])


def random_monster(seed, players, options=None, stop_after=None):
    g = monsterbox.new_game("monster", players, seed, options)
    r = random.Random(seed)
    k = 0
    while not g.over and (stop_after is None or k < stop_after):
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
        k += 1
    return g


@given(st.integers(0, 100_000), players_st, options_st)
@settings(max_examples=30)
def test_games_end_and_weapons_are_conserved(seed, players, options):
    g = monsterbox.new_game("monster", players, seed, options)
    r = random.Random(seed)
    while not g.over:
        assert weapon_total(g) == 200
        s = g.state
        assert len(s.lair_keys) == len(s.stacks) == len(s.dead) == len(s.lair_loot)
        acts = g.legal_actions()
        assert acts
        g.play(acts[r.randrange(len(acts))])
    assert weapon_total(g) == 200
    res = g.result()
    assert res["winners"] == (list(range(players)) if res["won"] else [])


@given(st.integers(0, 100_000), players_st, st.integers(0, 80), options_st)
@settings(max_examples=30)
def test_views_leak_no_hands_stored_weapons_or_decks(seed, players, steps, options):
    g = random_monster(seed, players, options, steps)
    s = g.state
    for seat in [*range(players), None]:
        v = g.view(seat) if seat is not None else g.spectator_view()
        assert ("hand" in v) == (seat is not None)
        assert isinstance(v["weapon_deck"], int)
        for e in v["log"]:
            if e["type"] == "drew":
                assert e["seat"] == seat
        for other in v["seats"]:
            q = other["seat"]
            if q != seat:
                assert len(other["stored_known"]) == sum(1 for _, known in s.stored[q] if known)
        if s.unreliable:
            assert all(set(b) == {"stack", "count", "top", "cubes"} for b in v["bank"])
        assert json.loads(json.dumps(v)) == v


@given(st.integers(0, 100_000), players_st, st.integers(0, 80), options_st)
@settings(max_examples=30)
def test_determinizations_agree_with_the_view(seed, players, steps, options):
    g = random_monster(seed, players, options, steps)
    seat = g.to_play if g.to_play is not None else 0
    v = g.view(seat)
    for k in range(3):
        d = g.determinize(seat, k)
        assert d.view(seat) == v and d.legal_actions() == g.legal_actions()
        assert weapon_total(d) == 200
        for p in range(players):
            assert sum(d.state.hands[p]) == sum(g.state.hands[p])
            assert all(d.state.hands[p][w] >= d.state.known[p].count(w) for w in range(5))


@given(st.integers(0, 100_000), players_st)
@settings(max_examples=10)
def test_replay_and_determinism(seed, players):
    g = random_monster(seed, players)
    assert monsterbox.replay(json.loads(json.dumps(g.record()))).result() == g.result()


@given(st.integers(0, 10_000), st.sampled_from([2, 4, 6]), st.integers(0, 80))
@settings(max_examples=25)
def test_team_bot_reads_only_its_own_view(seed, players, steps):
    g = random_monster(seed, players, None, steps)
    if g.over:
        return
    seat = g.to_play
    policy = MonsterPolicy()
    choices = set()
    for k in range(4):
        d = g.determinize(seat, k)
        choices.add(d.action_name(policy.choose(d.state)))
    assert len(choices) == 1 and choices.pop() in g.legal_actions()


def test_heuristic_team_beats_random_team():
    """Random teams never win (measured 0%); the heuristic team wins about half its games. Over 30 games each,
    the heuristic team must win more."""
    h = sum(play_game("monster", 3, ["heuristic"] * 3, seed=40 + i)["winners"] != [] for i in range(30))
    r = sum(play_game("monster", 3, ["random"] * 3, seed=40 + i)["winners"] != [] for i in range(30))
    assert h > r and h >= 5


def test_ismcts_plays_monster_legally():
    g = random_monster(1, 3, None, 10)
    agent = make_agent("ismcts:iterations=15:rollout=heuristic:depth=30", "monster", 1)
    assert agent.act(observe(g, g.to_play)) in g.legal_actions()


def test_card_file_counts_and_named_cards():
    c = default_cards()
    assert [w.id for w in c.weapons] == ["stake", "holy_water", "net", "silver_bullet", "torch"]
    assert (len(c.lairs), len(c.loot), len(c.crises), len(c.characters)) == (29, 23, 30, 10)
    names = {x.name for x in c.characters}
    assert {"Scribe", "Herder", "Assassin", "Sorcerer", "Motivator", "Scavenger"} <= names
    pack = next(x for x in c.loot if x.name == "Wizard's Pack")
    assert pack.params == {"amount": 2} and pack.villagers == 3
    gg = next(x for x in c.crises if x.name == "For the Greater Good")
    assert gg.level == 2 and gg.params["cap"] == 10


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["character"][0].update(effect="fly"), "character entry 1 (id 'scribe'): field 'effect'"),
    (lambda d: d["lair"][0].update(monsters=["purple"]), "lair entry 1 (id 'lair_1'): field 'monsters.0'"),
    (lambda d: d["crisis"][0].update(level=2), "field 'level'"),
    (lambda d: d["loot"].pop(), "the game has 23 loot cards"),
])
def test_malformed_card_files(tmp_path, mutate, message):
    data = default_cards().entries()
    mutate(data)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CardFileError) as err:
        load_card_file(path)
    assert message in str(err.value)
    with pytest.raises(monsterbox.InvalidOptions):
        monsterbox.new_game("monster", 3, 0, {"cards": str(path)})


def test_play_monster_in_the_terminal(tmp_path):
    rec = tmp_path / "mo.json"
    result = CliRunner().invoke(app, ["play", "monster", "--players", "3", "--seed", "2", "--save", str(rec)],
                                input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Villagers" in result.output and "monsters (top first)" in result.output and "Your hand" in result.output
    assert "The team" in result.output
    assert monsterbox.replay(json.loads(rec.read_text())).game_id == "monster"


@settings(max_examples=40, deadline=None)
@given(counts=st.lists(st.integers(min_value=0, max_value=6), min_size=5, max_size=5))
def test_weapons_listed_lists_each_weapon_of_a_hand_in_colour_order(counts):
    from monsterbox.games.monster.choices import weapons_listed

    assert weapons_listed(counts) == [w for w in range(5) for _ in range(counts[w])]
