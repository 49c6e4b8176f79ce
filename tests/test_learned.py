"""The learned baselines (issue 29 item 5): the shipped Q networks play every game with numpy alone, the level
``learned``, the training command, and weights files that are data only."""

from __future__ import annotations

import io
import json
import zipfile

import numpy as np
import pytest
from typer.testing import CliRunner

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.agents.cost import LEARNED, move_seconds
from monsterbox.agents.levels import LEVEL_CHOICES, LEVEL_NAMES, LEVELS, describe_levels
from monsterbox.agents.registry import AGENT_NAMES, check_agent_spec
from monsterbox.cli import app
from monsterbox.core.errors import InvalidOptions
from monsterbox.rl.qnet import LearnedAgent, QNet, read_qnet, shipped_path
from monsterbox.server.bots import BotBudget
from monsterbox.server.bots import check_agent_spec as server_check
from monsterbox.server.ratings import BOT_MU, LEARNED_MU, bot_rating

PLAYERS = {"inn": 4, "monster": 4, "mansion": 3, "maker": 4}


def play(game_id: str, players: int, specs: list[str], seed: int) -> tuple[list[str], list[int]]:
    g = monsterbox.new_game(game_id, players, seed)
    agents = [make_agent(s, game_id, seed * 10 + i) for i, s in enumerate(specs)]
    while not g.over:
        seat = g.to_play
        obs = observe(g, seat)
        action = agents[seat].act(obs)
        assert action in g.legal_actions()
        g.play(action)
    return list(g.actions), g.result()["winners"]


# --- the shipped weights -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_shipped_weights_load_and_play_legal_moves_in_full_games(game_id):
    net = read_qnet(shipped_path(game_id), game_id)
    assert net.w_obs.dtype == np.float32
    assert shipped_path(game_id).stat().st_size < 3 * 2**20  # a few MB at most, all four together
    sidecar = json.loads(shipped_path(game_id).with_suffix(".json").read_text())
    assert sidecar["game"] == game_id and sidecar["command"].startswith(f"monsterbox train {game_id}")
    n = PLAYERS[game_id]
    actions, winners = play(game_id, n, ["learned"] + ["medium"] * (n - 1), seed=11)
    assert actions and winners is not None


def test_a_learned_team_plays_monster_and_a_learned_table_plays_inn():
    for game_id in ("monster", "inn"):
        actions, winners = play(game_id, 3, ["learned"] * 3, seed=5)
        assert actions and winners is not None


@pytest.mark.parametrize("game_id", ["inn", "mansion"])
def test_learned_is_reproducible_and_the_network_alone_is_deterministic_whatever_its_seed(game_id):
    n = PLAYERS[game_id]
    one = play(game_id, n, ["learned"] + ["random"] * (n - 1), seed=3)
    two = play(game_id, n, ["learned"] + ["random"] * (n - 1), seed=3)
    assert one == two
    g = monsterbox.new_game(game_id, n, 8)
    alone = f"learned:path={shipped_path(game_id)}"
    choices = {make_agent(alone, game_id, s).act(observe(g, g.to_play)) for s in range(5)}
    assert len(choices) == 1


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_the_shipped_policy_corrects_the_heuristic_bot_by_its_margin(game_id):
    """With a margin the network plays the heuristic bot's move unless it rates another more than the margin
    higher: a margin of 1 (a whole win) is the heuristic bot itself, a margin of 0 the network's own choice whenever
    it strictly prefers it; the shipped ``learned`` plays with the game's ``SHIPPED_MARGIN``."""
    from monsterbox.rl.qnet import SHIPPED_MARGIN

    assert make_agent("learned", game_id).margin == SHIPPED_MARGIN[game_id]
    assert make_agent(f"learned:path={shipped_path(game_id)}", game_id).margin is None
    n = PLAYERS[game_id]
    g = monsterbox.new_game(game_id, n, 4)
    same = 0
    deviated = 0
    while not g.over and len(g.actions) < 400:
        obs = observe(g, g.to_play)
        if len(obs.legal) > 1:
            heuristic = make_agent("medium", game_id, 9).act(obs)
            assert make_agent("learned:margin=1", game_id, 9).act(obs) == heuristic
            alone = make_agent(f"learned:path={shipped_path(game_id)}", game_id, 9).act(obs)
            zero = make_agent("learned:margin=0", game_id, 9).act(obs)
            assert zero in (alone, heuristic)
            same += heuristic == make_agent("learned", game_id, 9).act(obs)
            deviated += zero != heuristic
        g.play(make_agent("medium", game_id, 1).act(obs))
    assert same and deviated  # the network agrees with the heuristic bot at some decisions, not at all


@pytest.mark.parametrize("margin", ["-0.1", "2", "true", "x"])
def test_a_bad_margin_is_refused_clearly(margin):
    with pytest.raises(InvalidOptions, match="margin"):
        make_agent(f"learned:margin={margin}", "inn")


def test_act_code_and_act_agree():
    g = monsterbox.new_game("maker", 4, 2)
    agent = LearnedAgent("maker")
    for _ in range(60):
        if g.over:
            break
        obs = observe(g, g.to_play)
        code = agent.act_code(obs)
        assert obs.legal[list(obs.legal_codes).index(code)] == agent.act(obs)
        g.play_code(code)


# --- the level -----------------------------------------------------------------------------------------------------

def test_learned_is_a_level_beside_the_ladder():
    assert LEVEL_NAMES == ("easy", "medium", "hard", "expert")  # the ladder's order is unchanged
    assert (*LEVEL_NAMES, "learned") == LEVEL_CHOICES
    assert "learned" in AGENT_NAMES
    for game_id in monsterbox.GAME_IDS:
        assert LEVELS[game_id]["learned"] == "learned"
        assert [lv for lv, _ in describe_levels(game_id, choices=True)][-1] == "learned"
        assert isinstance(make_agent("learned", game_id), LearnedAgent)
        assert move_seconds("learned", game_id) == LEARNED <= BotBudget().max_seconds
        assert bot_rating("learned", game_id) == LEARNED_MU[game_id]
        assert BOT_MU["random"] < LEARNED_MU[game_id] < BOT_MU["expert"]


def test_a_learned_move_is_cheap():
    """The cost model's figure is an upper bound of a move (generous: the machine is shared)."""
    import time

    g = monsterbox.new_game("mansion", 4, 1)
    agent = make_agent("learned", "mansion")
    t0, moves = time.process_time(), 0
    while not g.over and moves < 40:
        g.play(agent.act(observe(g, g.to_play)))
        moves += 1
    assert (time.process_time() - t0) / moves < 20 * LEARNED


# --- the server ----------------------------------------------------------------------------------------------------

def test_the_server_seats_learned_but_never_a_path(tmp_path):
    assert server_check("learned", "inn", 4, BotBudget()) == "learned"
    path = tmp_path / "inn.npz"
    path.write_bytes(shipped_path("inn").read_bytes())
    for spec in (f"learned:path={path}", "learned:path=/etc/passwd", "learned:seed=3", "policy:path=x.zip"):
        with pytest.raises(InvalidOptions, match="takes no parameters on this server|not available"):
            server_check(spec, "inn", 4, BotBudget())


def test_a_server_table_with_a_learned_bot_plays(tmp_path):
    from tests.server_helpers import client_for

    with client_for(f"sqlite:///{tmp_path / 'learned.db'}") as client:
        r = client.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "learned", "medium"]})
        assert r.status_code == 201, r.text
        r = client.post("/api/games", json={"game": "inn", "players": 3,
                                            "seats": ["human", "learned:path=/etc/passwd", "medium"]})
        assert r.status_code == 400 and "takes no parameters" in r.json()["error"], r.text


# --- weights files are data ----------------------------------------------------------------------------------------

def arrays_of(game_id: str) -> dict[str, np.ndarray]:
    with np.load(shipped_path(game_id), allow_pickle=False) as data:
        return {k: data[k] for k in data.files}


def write_npz(path, arrays):
    with open(path, "wb") as fh:
        np.savez(fh, **arrays)
    return path


@pytest.mark.parametrize(("change", "message"), [
    (lambda a: a.pop("w2"), "missing arrays w2"),
    (lambda a: a.update(extra=np.zeros(2, np.float32)), "unexpected arrays extra"),
    (lambda a: a.update(w2=a["w2"][:3]), "shape"),
    (lambda a: a.update(w_obs=a["w_obs"].astype(np.float64)), "not float32"),
    (lambda a: a.update(b1=np.full_like(a["b1"], np.nan)), "not finite"),
    (lambda a: a.update(game=np.array("maker")), "trained for game 'maker'"),
    (lambda a: a.update(version=np.array(99)), "encoding version"),
    (lambda a: a.update(w3=np.array([object()], dtype=object)), "not a numpy .npz file of plain arrays"),
])
def test_a_malformed_weights_file_is_refused_clearly(tmp_path, change, message):
    arrays = arrays_of("inn")
    change(arrays)
    path = write_npz(tmp_path / "bad.npz", arrays)
    with pytest.raises(InvalidOptions, match=message):
        make_agent(f"learned:path={path}", "inn")


def test_hostile_or_absent_files_are_refused(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"\x00" * 100)
    with pytest.raises(InvalidOptions, match="not a numpy .npz"):
        make_agent(f"learned:path={junk}", "inn")
    # a zip whose member is a pickle (numpy would unpickle it with allow_pickle=True)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in ("game", "version", "w_obs", "w_act", "b1", "w2", "b2", "w3", "b3"):
            z.writestr(f"{name}.npy", b"\x80\x04\x95" + b"cos\nsystem\n(S'echo owned'\ntR.")
    evil = tmp_path / "evil.npz"
    evil.write_bytes(buf.getvalue())
    with pytest.raises(InvalidOptions, match="not a numpy .npz"):
        make_agent(f"learned:path={evil}", "inn")
    with pytest.raises(InvalidOptions, match="does not exist"):
        make_agent(f"learned:path={tmp_path / 'none.npz'}", "inn")
    with pytest.raises(InvalidOptions, match="trained for game 'inn', not 'maker'"):
        make_agent(f"learned:path={shipped_path('inn')}", "maker")
    with pytest.raises(InvalidOptions, match="has no parameter"):
        check_agent_spec("learned:depth=3", "inn")


def test_a_saved_network_reads_back_equal(tmp_path):
    net = read_qnet(shipped_path("maker"), "maker")
    net.save(tmp_path / "m.npz")
    again = read_qnet(tmp_path / "m.npz", "maker")
    x = np.linspace(0, 1, net.w_obs.shape[0], dtype=np.float32)
    assert np.array_equal(net.q_values(x, [0, 5, 9]), again.q_values(x, [0, 5, 9]))
    assert isinstance(again, QNet)


# --- training ------------------------------------------------------------------------------------------------------

def test_a_tiny_training_run_runs_end_to_end_and_changes_the_weights(tmp_path):
    pytest.importorskip("torch")
    from monsterbox.rl.train import Settings, train

    out = tmp_path / "tiny.npz"
    sidecar = train(Settings("inn", seed=4, episodes=40, eval_games=4, eval_points=1), out, log=lambda _: None)
    assert sidecar["episodes"] == 40 and sidecar["updates"] > 0
    assert sidecar["weight_change"] > 0
    assert np.isfinite(sidecar["final_loss"])
    assert [p["episodes"] for p in sidecar["curve"]] == [0, 40]
    actions, winners = play("inn", 4, [f"learned:path={out}"] * 4, seed=2)
    assert winners is not None
    again = train(Settings("inn", seed=4, episodes=40, eval_games=4, eval_points=1), tmp_path / "again.npz",
                  log=lambda _: None)
    assert again["weight_change"] == sidecar["weight_change"]  # seeded: the same run again
    one, two = read_qnet(out, "inn"), read_qnet(tmp_path / "again.npz", "inn")
    assert all(np.array_equal(one.arrays()[k], two.arrays()[k]) for k in one.arrays())


def test_a_teacher_run_evaluated_with_a_margin_says_so_and_replays(tmp_path):
    """``--teacher 0.9 --margin 0.05``: the heuristic bot plays most of the learning seats' moves, the evaluations play
    as learned:margin=0.05; the sidecar and its command say so, and the same command gives the same network."""
    pytest.importorskip("torch")
    from monsterbox.rl.train import Settings, play_eval, train

    settings = Settings("inn", seed=5, episodes=24, eval_games=4, eval_points=1, teacher=0.9, margin=0.05)
    sidecar = train(settings, tmp_path / "t.npz", log=lambda _: None)
    assert sidecar["teacher"] == 0.9 and sidecar["margin"] == 0.05
    assert sidecar["command"].endswith(f"--teacher 0.9 --margin 0.05 --out {tmp_path / 't.npz'}")
    again = train(settings, tmp_path / "again.npz", log=lambda _: None)
    assert again["weight_change"] == sidecar["weight_change"]
    net = read_qnet(tmp_path / "t.npz", "inn")
    # a margin of a whole win leaves the heuristic bot alone: the baseline's own rate on the same deals
    assert play_eval("inn", 4, net, 8, 123, margin=1.0) == play_eval("inn", 4, None, 8, 123)


def test_a_distilled_search_fits_the_teachers_values_and_the_command_replays_it(tmp_path):
    """``monsterbox train monster --distill 2``: a team of the flat search plays, every option of every decision is
    a sample valued by the search, and the network fitted to them predicts those values far better than their mean
    does; the sidecar names the method, the teacher and a command that gives the same network again."""
    pytest.importorskip("torch")
    from monsterbox.rl.distill import generate

    x, a, v, summary = generate("monster", 2, 2, seed=3, games=1, cpu_seconds=0)
    assert summary["games"] == 1 and summary["samples"] == len(v) == len(a) == len(x) > 100
    assert summary["teacher"] == "ismcts:search=flat:iterations=2:rollout=heuristic:depth=20"
    assert ((v >= 0) & (v <= 1)).all() and len(set(np.round(v, 3))) > 2  # values, not a constant
    out = tmp_path / "d.npz"
    r = CliRunner().invoke(app, ["train", "monster", "--players", "2", "--distill", "2", "--episodes", "1",
                                 "--seed", "3", "--eval-games", "2", "--eval-points", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    sidecar = json.loads(out.with_suffix(".json").read_text())
    assert sidecar["method"] == "search-distillation" and sidecar["teacher"]["samples"] == len(v)
    assert sidecar["command"] == f"monsterbox train monster --seed 3 --episodes 1 --players 2 --eval-games 2 " \
                                 f"--eval-points 1 --distill 2 --out {out}"
    net = read_qnet(out, "monster")
    q = np.array([net.q_values(x[i], [int(a[i])])[0] for i in range(len(v))])
    assert np.mean((q - v) ** 2) < 0.5 * np.var(v)  # it learned the values: half the error of their mean, or better
    again = tmp_path / "again.npz"
    r = CliRunner().invoke(app, sidecar["command"].split()[1:-1] + [str(again)])
    assert r.exit_code == 0, r.output
    other = read_qnet(again, "monster")
    assert all(np.array_equal(net.arrays()[k], other.arrays()[k]) for k in net.arrays())
    actions, winners = play("monster", 2, [f"learned:path={out}"] * 2, seed=4)
    assert actions and winners is not None


@pytest.mark.parametrize(("args", "message"), [
    (["train", "chess", "--out", "x.npz"], "chess"),
    (["train", "inn", "--minutes", "-1", "--out", "x.npz"], "--minutes must be more than 0"),
    (["train", "inn", "--episodes", "-5", "--out", "x.npz"], "--episodes must be 0"),
    (["train", "inn", "--players", "9", "--out", "x.npz"], "--players"),
    (["train", "inn", "--out", "x.zip"], "--out must name a .npz file"),
    (["train", "inn", "--teacher", "1.5", "--out", "x.npz"], "--teacher must be 0 to 1"),
    (["train", "inn", "--margin", "-0.5", "--out", "x.npz"], "--margin must be 0 to 1"),
    (["train", "inn", "--margin", "nan", "--out", "x.npz"], "--margin must be 0 to 1"),
    (["train", "monster", "--distill", "2000", "--out", "x.npz"], "--distill must be 0 (Deep Monte Carlo) or"),
    (["train", "monster", "--distill", "-1", "--out", "x.npz"], "--distill must be 0"),
    (["train", "monster", "--distill", "4", "--teacher", "0.5", "--out", "x.npz"], "--teacher is Deep Monte Carlo's"),
    (["train", "monster", "--distill", "4", "--players", "9", "--out", "x.npz"], "--players"),
])
def test_train_refuses_bad_flags_clearly(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, args)
    assert r.exit_code != 0
    assert message in r.output + (r.stderr if r.stderr_bytes is not None else "")
    assert "Traceback" not in r.output
    assert not (tmp_path / "x.npz").exists()
