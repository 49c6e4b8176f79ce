"""The engines' speed-ups keep copies and determinizations independent: playing on a copy or a determinization
never changes the original's legal actions, views or result (states share only immutable tables and pure memos)."""

from __future__ import annotations

import json
import random

import pytest

import monsterbox
from monsterbox.core.registry import get_ruleset


def snapshot(rules, state) -> str:  # type: ignore[no-untyped-def]
    seats = len(rules.table_view(state, None)["seats"])
    legal = [] if rules.is_over(state) else list(rules.legal_actions(state))
    return json.dumps([legal, [rules.table_view(state, q) for q in range(seats)], rules.step_count(state)],
                      sort_keys=True, default=repr)


def play_out(rules, state, rng: random.Random, moves: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(moves):
        if rules.is_over(state):
            return
        acts = rules.legal_actions(state)
        rules.apply(state, acts[rng.randrange(len(acts))])


@pytest.mark.parametrize("game_id", ["inn", "maker", "mansion", "monster"])
def test_copies_and_determinizations_do_not_share_what_they_change(game_id: str) -> None:
    rules = get_ruleset(game_id)
    rng = random.Random(11)
    for seed in range(2):
        g = monsterbox.new_game(game_id, 3, seed)
        while not g.over:
            if rng.random() < 0.08:
                before = snapshot(rules, g.state)
                seat = g.to_play
                assert seat is not None
                for other in (rules.copy(g.state), rules.copy(g.state, False),
                              rules.determinize(g.state, seat, random.Random(seed), False)):
                    play_out(rules, other, rng, 60)
                assert snapshot(rules, g.state) == before
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
