"""A seeded game of ``hard`` bots plays the same moves as recorded: speeding up the rules or the bots' heuristic
must not change a choice (the ladders' results depend on it)."""

from __future__ import annotations

import json
from pathlib import Path

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.sim import agent_seed

RECORD = Path(__file__).resolve().parents[1] / "data" / "monster-hard-moves.json"


def test_hard_bots_play_the_recorded_moves() -> None:
    rec = json.loads(RECORD.read_text())
    seed, expected = rec["seed"], rec["moves"]
    g = monsterbox.new_game(rec["game"], rec["players"], seed=seed)
    bots = [make_agent(rec["level"], rec["game"], agent_seed(seed, p)) for p in range(rec["players"])]
    played = []
    while not g.over and len(played) < len(expected):
        seat = g.to_play
        assert seat is not None
        action = bots[seat].act(observe(g, seat))
        g.play(action)
        played.append(action)
    assert played == expected
