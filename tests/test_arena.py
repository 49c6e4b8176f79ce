"""Arena: seat rotation, resuming, statistics against known values, reports, backends; analyze."""

import json
import math

import pytest
from typer.testing import CliRunner

import monsterbox
from monsterbox.arena.analyze import analyze
from monsterbox.arena.report import build_report, write_report
from monsterbox.arena.runner import ArenaConfig, run_arena
from monsterbox.arena.stats import mean_ci, sign_test, wilson
from monsterbox.cli import app

FAST = ["heuristic", "random", "random", "random"]


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson(10, 10)
    assert round(lo, 4) == 0.7225 and math.isclose(hi, 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_sign_test_known_values():
    """Exact binomial: 3 discordant pairs all one way give p = 2 / 8; 10 against 1 gives 2 * 12 / 2048."""
    assert sign_test(3, 0) == 0.25
    assert math.isclose(sign_test(10, 1), 2 * 12 / 2048)
    assert sign_test(1, 10) == sign_test(10, 1)
    assert sign_test(4, 4) == 1.0 and sign_test(0, 0) == 1.0


def test_mean_ci_known_values():
    mean, lo, hi = mean_ci([1, 2, 3, 4])
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert mean == 2.5 and math.isclose(lo, 2.5 - half) and math.isclose(hi, 2.5 + half)


def test_seat_rotation_is_balanced_and_duplicate():
    cfg = ArenaConfig("inn", 4, FAST, 8, seed=10)
    seats = {(e, seat) for i in range(8) for seat, e in enumerate(cfg.schedule(i)[1])}
    assert len(seats) == 16  # every entrant in every seat
    counts = {}
    for i in range(8):
        for seat, e in enumerate(cfg.schedule(i)[1]):
            counts[(e, seat)] = counts.get((e, seat), 0) + 1
    assert set(counts.values()) == {2}
    assert [cfg.schedule(i)[0] for i in range(8)] == [10] * 4 + [11] * 4  # one deal per block of rotations


def test_identical_seats_play_a_new_deal_every_game(tmp_path):
    """A team of four identical bots (cooperative Monster) or a mirror match: a rotation would replay the very same
    game, so every game deals anew (the first Monster team reports counted each deal four times)."""
    cfg = ArenaConfig("monster", 4, ["heuristic"] * 4, 8, seed=3)
    assert [cfg.schedule(i)[0] for i in range(8)] == list(range(3, 11))
    results = run_arena(cfg, tmp_path)
    assert len({(r["seed"], r["actions"], tuple(r["scores"])) for r in results}) > 4


def test_report_statistics_on_known_results():
    cfg = ArenaConfig("inn", 3, ["a", "b", "c"], 4)
    results = [
        {"index": 0, "entrants": [0, 1, 2], "scores": [10, 5, 1], "winners": [0], "actions": 50, "seconds": 0.1},
        {"index": 1, "entrants": [1, 2, 0], "scores": [4, 2, 9], "winners": [2], "actions": 60, "seconds": 0.1},
        {"index": 2, "entrants": [2, 0, 1], "scores": [3, 8, 8], "winners": [1, 2], "actions": 70, "seconds": 0.1},
        {"index": 3, "entrants": [0, 1, 2], "scores": [2, 6, 1], "winners": [1], "actions": 40, "seconds": 0.1},
    ]
    rep = build_report(cfg, results)
    a, b, c = rep["entrants"]
    assert (a["wins"], b["wins"], c["wins"]) == (3, 2, 0)
    assert a["win_share"] == 2.5 and b["win_share"] == 1.5
    assert a["win_rate_ci95"] == [round(x, 4) for x in wilson(3, 4)]
    assert a["mean_score"] == (10 + 9 + 8 + 2) / 4
    assert a["rating"]["mu"] > b["rating"]["mu"] > c["rating"]["mu"]
    assert [s["wins"] for s in rep["seats"]] == [1, 2, 2]
    assert rep["length"]["mean_actions"] == 55 and rep["shared_wins"] == 1


def test_resume_after_interruption(tmp_path):
    cfg = ArenaConfig("inn", 4, FAST, 8, seed=3)
    calls = []

    def stop_after_three(done, total):
        calls.append(done)
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena(cfg, tmp_path / "run", progress=stop_after_three)
    lines = (tmp_path / "run" / "results.jsonl").read_text().splitlines()
    assert len(lines) == 3
    with (tmp_path / "run" / "results.jsonl").open("a") as f:
        f.write('{"index": 7, "trunc')  # a line cut short by the interruption
    played = []
    resumed = run_arena(cfg, tmp_path / "run", progress=lambda d, t: played.append(d))
    assert played[0] == 3 and played[-1] == 8
    assert [r["index"] for r in resumed] == list(range(8))
    fresh = run_arena(cfg, tmp_path / "fresh")
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in resumed]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in fresh]


def test_out_dir_of_another_run_is_refused(tmp_path):
    run_arena(ArenaConfig("inn", 4, FAST, 4), tmp_path)
    with pytest.raises(monsterbox.InvalidOptions, match="different arena run"):
        run_arena(ArenaConfig("inn", 3, FAST[:3], 4), tmp_path)


def test_report_files(tmp_path):
    cfg = ArenaConfig("inn", 4, FAST, 8)
    results = run_arena(cfg, tmp_path, workers=2)
    rep = write_report(cfg, results, tmp_path)
    for name in ("report.json", "report.md", "winrates.png", "scores.png", "length.png"):
        assert (tmp_path / name).stat().st_size > 0
    assert json.loads((tmp_path / "report.json").read_text())["games_played"] == 8
    assert "| `heuristic` |" in (tmp_path / "report.md").read_text()
    assert rep["agents"]["random"]["seat_games"] == 24


def test_ray_backend_matches_local(tmp_path):
    pytest.importorskip("ray", reason="Ray is an optional extra (installed by make test)")
    cfg = ArenaConfig("inn", 4, FAST, 8, seed=5)
    local = run_arena(cfg, tmp_path / "local")
    on_ray = run_arena(cfg, tmp_path / "ray", workers=2, backend="ray")
    assert [(r["index"], r["scores"], r["winners"]) for r in on_ray] == [
        (r["index"], r["scores"], r["winners"]) for r in local]


def test_analyze_figures():
    res = analyze(ArenaConfig("inn", 4, ["random"] * 4, 20, seed=1))
    assert res["games"] == 20
    assert 70 < res["decisions_per_game"]["mean"] < 130
    assert 1 < res["branching_factor"]["mean"] < 8 and len(res["branching_factor"]["by_game_decile"]) == 10
    assert 0 <= res["forced_move_share"] < 0.5
    assert math.isclose(sum(s["win_rate"] for s in res["seats"]), 1 + res["shared_wins"] / 20, abs_tol=1e-3)


def test_arena_and_analyze_commands(tmp_path):
    runner = CliRunner()
    out = tmp_path / "a"
    r = runner.invoke(app, ["arena", "inn", "--agents", ",".join(FAST), "--games", "4", "--out", str(out),
                            "--no-plots"])
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and (out / "report.md").exists()
    r = runner.invoke(app, ["arena", "inn", "--agents", "random,random", "--games", "4", "--out", str(out)])
    assert r.exit_code == 2 and "one name per seat" in r.output
    r = runner.invoke(app, ["arena", "inn", "--agents", "random", "--backend", "slurm", "--out", str(tmp_path / "b")])
    assert r.exit_code == 2 and "local or ray" in r.output
    r = runner.invoke(app, ["analyze", "inn", "--games", "8", "--json"])
    assert r.exit_code == 0 and json.loads(r.output.strip().splitlines()[-1])["games"] == 8


# --- issue 29 (1): the arena never loses a game ------------------------------------------------------------------
def test_ray_backend_plays_every_scheduled_game(tmp_path):
    """40 games, 2 workers, batches of 2: the first submission round used to pull one batch more than it sent
    (games 16 and 17 were missing from a 38-game report that exited 0)."""
    pytest.importorskip("ray", reason="Ray is an optional extra (installed by make test)")
    cfg = ArenaConfig("inn", 4, ["heuristic", "random", "random", "random"], 40, seed=9091)
    results = run_arena(cfg, tmp_path, workers=2, backend="ray")
    assert [r["index"] for r in results] == list(range(40))


def test_a_backend_that_loses_games_is_an_error(tmp_path, monkeypatch):
    import monsterbox.arena.runner as runner

    real = runner.run_local

    def lossy(config, todo, workers, batch):
        for part in real(config, todo, workers, batch):
            yield [r for r in part if r["index"] != 3]

    monkeypatch.setattr(runner, "run_local", lossy)
    with pytest.raises(runner.ArenaIncomplete, match=r"1 of 6 scheduled games .*games 3\)"):
        run_arena(ArenaConfig("inn", 3, ["random"] * 3, 6, seed=2), tmp_path)
    monkeypatch.setattr(runner, "run_local", real)  # running again fills the gap
    assert [r["index"] for r in run_arena(ArenaConfig("inn", 3, ["random"] * 3, 6, seed=2), tmp_path)] == list(range(6))


def _ray_workers() -> list[int]:
    """Pids of this machine's Ray worker processes running a batch (their command line starts with ``ray::``)."""
    import os
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if f.read().startswith(b"ray::play_batch"):
                        out.append(int(pid))
            except OSError:
                continue
    return out


def test_ray_report_is_complete_when_a_worker_is_killed(tmp_path):
    """A Ray worker killed (SIGKILL) while it plays a batch: its batch is played again; every game is reported."""
    pytest.importorskip("ray", reason="Ray is an optional extra (installed by make test)")
    import os
    import signal
    import threading

    cfg = ArenaConfig("inn", 4, ["heuristic"] * 4, 24, seed=77)
    killed: list[int] = []

    def kill_one() -> None:
        for _ in range(600):  # up to 60 s for a worker to start a batch
            pids = _ray_workers()
            if pids:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])
                return
            threading.Event().wait(0.1)

    killer = threading.Thread(target=kill_one)
    killer.start()
    results = run_arena(cfg, tmp_path, workers=2, backend="ray", batch=4)
    killer.join()
    assert killed, "no Ray worker was seen running a batch"
    assert [r["index"] for r in results] == list(range(24))
    local = run_arena(cfg, tmp_path / "local")
    assert [(r["index"], r["scores"]) for r in results] == [(r["index"], r["scores"]) for r in local]
