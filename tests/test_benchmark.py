"""The benchmark protocol (issue 29.5): a tiny run (2 games per cell, 2 levels against 2 pools) writes its cells,
the cross-play matrix and the exact command; a second run reuses every cached cell and plays nothing; a changed
input (a level's spec, the game count) recomputes only its cells; ``--only`` adds one level's row and column; the
cooperative game's cells are team win rates on the same deals; bad flags give clear errors."""

import json

import pytest
from typer.testing import CliRunner

from monsterbox import InvalidOptions
from monsterbox.agents import levels
from monsterbox.arena import benchmark as bm
from monsterbox.cli import app

runner = CliRunner()


def _run(tmp_path, game="inn", *flags):
    result = runner.invoke(app, ["benchmark", game, "--out", str(tmp_path / "results"),
                                 "--work", str(tmp_path / "work"), *flags])
    return result


def _cache(tmp_path, game="inn"):
    return json.loads((tmp_path / "results" / f"benchmark-{game}.json").read_text(encoding="utf-8"))


def test_a_tiny_protocol_run_then_the_cache_is_reused(tmp_path):
    r = _run(tmp_path, "inn", "--games", "2", "--levels", "easy,medium", "--pools", "random,medium")
    assert r.exit_code == 0, r.output
    assert "4 of 4 cells computed" in r.output
    cache = _cache(tmp_path)
    assert set(cache["cells"]) == {"easy|random", "easy|medium", "medium|random", "medium|medium"}
    for cell in cache["cells"].values():
        assert cell["games"] == 2 and 0 <= cell["win_rate_ci95"][0] <= cell["win_rate"] <= cell["win_rate_ci95"][1]
        assert cell["key"]["players"] == 4 and cell["key"]["seed"] == bm.PROTOCOL["inn"]["seed"]
    report = (tmp_path / "results" / "benchmark-inn.md").read_text(encoding="utf-8")
    assert "monsterbox benchmark inn --games 2 --levels easy,medium --pools random,medium" in report
    assert "| `easy` |" in report and "| `medium` |" in report and "95% interval" in report

    # the same run again: every cell cached, no game played (the arena's work directory is not even read)
    played = sorted(p.name for p in (tmp_path / "work" / "inn").iterdir())
    for d in (tmp_path / "work" / "inn").iterdir():
        (d / "results.jsonl").unlink()
    r = _run(tmp_path, "inn", "--games", "2", "--levels", "easy,medium", "--pools", "random,medium")
    assert r.exit_code == 0 and "0 of 4 cells computed" in r.output, r.output
    assert _cache(tmp_path)["cells"] == cache["cells"]
    assert all(not (tmp_path / "work" / "inn" / name / "results.jsonl").exists() for name in played)


def test_only_computes_a_new_levels_row_and_column_and_changed_inputs_are_recomputed(tmp_path, monkeypatch):
    p = bm.make_protocol("inn", ["easy"], ["random", "easy"], games=2)
    first = bm.run_benchmark(p, tmp_path / "results", tmp_path / "work")
    assert sorted(first["computed"]) == ["easy|easy", "easy|random"]
    # a new level appears in LEVELS (as the learned level will): --only computes its row and column, nothing else
    monkeypatch.setitem(levels.LEVELS, "inn", {**levels.LEVELS["inn"], "newbie": "heuristic:noise=0.5"})
    p = bm.make_protocol("inn", ["easy", "newbie"], ["random", "easy", "newbie"], games=2, only="newbie")
    second = bm.run_benchmark(p, tmp_path / "results", tmp_path / "work")
    assert sorted(second["computed"]) == ["easy|newbie", "newbie|easy", "newbie|newbie", "newbie|random"]
    assert "newbie" in (tmp_path / "results" / "benchmark-inn.md").read_text(encoding="utf-8")
    # a level whose spec changed: its cells no longer match their key and are computed again
    monkeypatch.setitem(levels.LEVELS, "inn", {**levels.LEVELS["inn"], "newbie": "heuristic:noise=0.6"})
    third = bm.run_benchmark(p, tmp_path / "results", tmp_path / "work2")
    assert sorted(third["computed"]) == sorted(second["computed"])
    # another game count: a different cell
    p = bm.make_protocol("inn", ["easy"], ["random"], games=4)
    assert bm.run_benchmark(p, tmp_path / "results", tmp_path / "work3")["computed"] == ["easy|random"]


def test_monster_cells_are_team_win_rates_and_whole_teams_share_deals(tmp_path):
    p = bm.make_protocol("monster", ["easy", "medium"], ["easy", "medium"], games=2)
    out = bm.run_benchmark(p, tmp_path / "results", tmp_path / "work")
    assert len(out["computed"]) == 4
    report = (tmp_path / "results" / "benchmark-monster.md").read_text(encoding="utf-8")
    assert "team win rate" in report and "Whole teams on the same deals" in report
    seeds = {}
    for level in ("easy", "medium"):
        lines = (tmp_path / "work" / "monster" / f"{level}-vs-{level}" / "results.jsonl").read_text().splitlines()
        results = [json.loads(line) for line in lines]
        seeds[level] = [r["seed"] for r in results]
        for r in results:  # a team wins or loses together
            assert r["winners"] in ([], [0, 1, 2, 3])
    assert seeds["easy"] == seeds["medium"]


@pytest.mark.parametrize("flags,message", [
    (["--games", "0"], "--games must be a positive"),
    (["--levels", "easy,wizard"], "wizard is not one of"),
    (["--pools", "easy,easy"], "repeated"),
    (["--only", "wizard"], "--only"),
    (["--only", "expert", "--levels", "easy", "--pools", "random"], "neither a tested level nor a pool"),
    (["--backend", "carrier-pigeon", "--levels", "easy", "--pools", "random", "--games", "1"], "--backend"),
])
def test_bad_flags_give_clear_errors(tmp_path, flags, message):
    r = _run(tmp_path, "inn", *flags)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_unknown_game_and_a_broken_cache(tmp_path):
    r = _run(tmp_path, "chess")
    assert r.exit_code == 2 and "chess" in r.output
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "benchmark-inn.json").write_text("{not json", encoding="utf-8")
    r = _run(tmp_path, "inn", "--games", "1", "--levels", "easy", "--pools", "random")
    assert r.exit_code == 2 and "not a benchmark cache" in r.output
    with pytest.raises(InvalidOptions, match="unknown game"):
        bm.make_protocol("chess")


def test_report_only_plays_nothing_and_an_interrupted_run_leaves_a_report(tmp_path, monkeypatch):
    r = _run(tmp_path, "inn", "--games", "1", "--levels", "easy", "--pools", "random,easy")
    assert r.exit_code == 0
    report = tmp_path / "results" / "benchmark-inn.md"
    report.unlink()
    r = _run(tmp_path, "inn", "--report-only", "--games", "1", "--levels", "easy,medium", "--pools", "random,easy")
    assert r.exit_code == 0 and "no cell computed" in r.output, r.output
    text = report.read_text(encoding="utf-8")
    assert "medium vs random" in text and "—" in text  # listed as missing, not played
    assert "--report-only" not in text  # a command that played nothing is not recorded
    assert not (tmp_path / "work" / "inn" / "medium-vs-random").exists()

    # a run stopped after its first cell: the report and the cache hold that cell and the command
    calls = []

    def stop_after_one(*args, **kwargs):
        if calls:
            raise KeyboardInterrupt
        calls.append(args)
        return real(*args, **kwargs)

    real = bm.run_arena
    monkeypatch.setattr(bm, "run_arena", stop_after_one)
    p = bm.make_protocol("inn", ["medium"], ["random", "easy"], games=1)
    with pytest.raises(KeyboardInterrupt):
        bm.run_benchmark(p, tmp_path / "results", tmp_path / "work", command="monsterbox benchmark inn --x")
    assert "medium|random" in _cache(tmp_path)["cells"]
    assert "monsterbox benchmark inn --x" in report.read_text(encoding="utf-8")


def test_a_learned_cell_is_computed_again_when_the_network_or_its_margin_changes(tmp_path, monkeypatch):
    """The spec ``learned`` names whatever network and margin are shipped: a cached cell of it is reused only while
    both are the same (its key holds the file's digest and the margin, ``rl.qnet.identity``)."""
    from monsterbox.rl import qnet

    p = bm.make_protocol("inn", ["learned"], ["random"], games=2)
    first = bm.run_benchmark(p, tmp_path / "results", tmp_path / "work")
    assert first["computed"] == ["learned|random"]
    key = _cache(tmp_path)["cells"]["learned|random"]["key"]
    assert key["tested_network"] == {"network": qnet.identity("inn")["network"], "margin": qnet.SHIPPED_MARGIN["inn"]}
    assert bm.run_benchmark(p, tmp_path / "results", tmp_path / "work1")["computed"] == []  # the same: cached
    # another shipped margin, then another shipped file: computed again each time
    monkeypatch.setitem(qnet.SHIPPED_MARGIN, "inn", 0.2)
    assert bm.run_benchmark(p, tmp_path / "results", tmp_path / "work2")["computed"] == ["learned|random"]
    other = tmp_path / "other.npz"
    other.write_bytes(qnet.shipped_path("inn").read_bytes() + b"\0")
    monkeypatch.setattr(qnet, "shipped_path", lambda game_id: other)
    assert bm.learned_identity("inn", "learned")["network"] != key["tested_network"]["network"]
    assert bm.learned_identity("inn", "heuristic") is None


def test_a_search_cell_is_computed_again_when_the_games_estimate_changes(monkeypatch):
    """``hard`` names a search that scores its cut playouts by the game's estimate: when the estimate is refitted the
    same spec plays differently, so the cell's key holds a digest of what the estimate says (``estimate_identity``);
    agents that never call the estimate (the heuristic bot, a search to the end) have none."""
    import monsterbox.games.mansion.rules as mansion_rules

    p = bm.make_protocol("mansion", ["hard"], ["medium"], games=2)
    key = bm.cell_key(p, "hard", "medium")
    assert "tested_estimate" in key and "pool_estimate" not in key
    assert bm.cell_key(p, "hard", "medium") == key  # the digest is the same every time
    monkeypatch.setattr(mansion_rules, "estimate", lambda state: [1.0 / state.n] * state.n)
    changed = bm.cell_key(p, "hard", "medium")
    assert changed["tested_estimate"] != key["tested_estimate"]
    assert {k: v for k, v in changed.items() if k != "tested_estimate"} == {
        k: v for k, v in key.items() if k != "tested_estimate"}
    assert bm.estimate_identity("mansion", 3, "ismcts:iterations=10") is None  # to the end: no estimate read
    assert bm.estimate_identity("inn", 3, bm.spec_of("inn", "expert")) is None  # Inn's expert plays to the end
