"""Issue 28, item 2: every decision kind of every game, enumerated from the engine (``Ruleset.decision_kinds``), is
reached in seeded games of every game and option set, and has a prompt in English and French that names the
decision and its object for the seat to play, and whom the table waits for and on what for everyone else."""

from __future__ import annotations

import importlib
import random
from collections import defaultdict
from typing import Any

import pytest

from monsterbox.core.i18n import use_language
from monsterbox.core.registry import GAME_IDS, get_ruleset, new_game
from monsterbox.sim import play_game

NAMES = ["Ada", "Bot 1 (hard)", "Bot 2 (medium)", "Bot 3 (easy)", "Bot 4 (random)", "Bot 5 (expert)"]
GENERIC = {"your turn", "your move", "choose", "choose an action", "waiting", "votre tour", "à vous"}

#: (players, options, agents) per game: random play, the heuristic bots, and the options that open decisions a
#: default game never asks (Monster's character choice and For the Greater Good, Mansion's dummy)
SCENARIOS: dict[str, list[tuple[int, dict[str, Any] | None, str, int]]] = {
    "inn": [(3, None, "random", 3), (5, {"open_treasures": True}, "heuristic", 2)],
    "maker": [(3, None, "random", 4), (4, {"short": True}, "heuristic", 2)],
    "mansion": [(2, None, "random", 3), (4, None, "heuristic", 2)],
    "monster": [(4, None, "random", 6),
                (4, {"characters": ["sorcerer", "herder", "motivator", "ranger"]}, "random", 3),
                (3, {"character_choices": 2, "crisis_level": 2}, "random", 6),
                (4, {"elite": True, "unreliable_weaponry": True}, "random", 4),
                (3, {"crisis_level": 2, "crises": ["massacre", "greater_good"]}, "heuristic", 2)],
}


def prompt_module(game_id: str) -> Any:
    return importlib.import_module(f"monsterbox.games.{game_id}.prompt")


def positions(game_id: str):
    """Every position of the scenarios' games (the game, before each move)."""
    for players, options, agent, games in SCENARIOS[game_id]:
        for seed in range(games):
            if agent == "random":
                g, r = new_game(game_id, players, seed, options), random.Random(seed)
                while not g.over:
                    yield g
                    g.play(r.choice(g.legal_actions()))
            else:
                record = play_game(game_id, players, [agent] * players, seed, options)["record"]
                g = new_game(game_id, players, seed, options)
                for a in record["actions"]:
                    yield g
                    g.play(a)
            yield g


def object_words(game_id: str, kind: str, v: dict[str, Any]) -> list[str]:
    """Words the prompt of ``kind`` must hold to name its object, from the seat's view."""
    if game_id == "inn" and kind == "bid":
        from monsterbox.games.inn.text import card_text
        return [card_text(v["tavern"][0])]
    if game_id == "maker" and kind == "battle":
        return [v["battle"]["monster"]["name"]]
    if game_id == "maker" and kind == "turn":
        me = v["seats"][v["seat"]]
        return [str(me["exit"] if me["stage"] == "exiting" else me["entry"])]
    if game_id == "maker" and kind == "treasure_limit":
        from monsterbox.games.maker.text import lookup
        return [lookup().treasure_name(v["treasure_limit"]["droppable"][0])]
    if game_id == "mansion" and kind == "payment":
        from monsterbox.games.mansion.text import chamber_label, find_actor, lookup
        pay = v["paying_for"]
        if "chamber" in pay:
            return [chamber_label(lookup().chamber[pay["chamber"]].model_dump())]
        return [find_actor(v, pay["actor"])["name"]]
    if game_id == "mansion" and kind in ("take_skulls", "dummy_skulls"):
        return [str(v["skulls_to_take"])]
    if game_id == "monster" and kind == "loot":
        return [v["loot_choice"]["name"], str(v["loot_choice"]["villagers"])]
    if game_id == "monster" and kind == "character_selection":
        return [c["name"] for c in v["offered"]]
    if game_id == "monster" and kind == "hunt":
        return [str(v["day"]), str(v["villagers"])]
    if game_id == "monster" and kind.startswith("choose_") and v["choosing"]["action"] == "ability":
        return [v["seats"][v["seat"]]["character"]["name"]]
    return []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_decision_kind_is_reached_and_prompted(game_id):
    kinds = get_ruleset(game_id).decision_kinds
    mod = prompt_module(game_id)
    assert kinds and len(set(kinds)) == len(kinds) and "" not in kinds
    assert tuple(mod.DECISION_KINDS) == kinds
    seen: dict[str, set[str]] = defaultdict(set)
    for g in positions(game_id):
        p = g.to_play
        if p is None:
            v = g.view(0)
            assert mod.decision_kind(v) == "" and mod.prompt(v, NAMES) == "The game is over."
            continue
        v = g.view(p)
        kind = mod.decision_kind(v)
        assert kind in kinds, (kind, v["phase"])
        # the kind is public: every seat and a spectator see the same one
        other = g.view((p + 1) % g.players)
        assert mod.decision_kind(other) == kind and mod.decision_kind(g.spectator_view()) == kind
        question = mod.prompt(v, NAMES)
        assert question and question.lower().strip(" .") not in GENERIC, (kind, question)
        assert not question.startswith("Waiting"), (kind, question)
        for word in object_words(game_id, kind, v):
            assert word in question, (kind, word, question)
        waiting = mod.prompt(other, NAMES)
        assert waiting.startswith(f"Waiting for {NAMES[p]}: ") and len(waiting) > len(f"Waiting for {NAMES[p]}: ")
        if kind not in seen or len(seen[kind]) < 3:
            with use_language("fr"):
                fr, fr_waiting = mod.prompt(v, NAMES), mod.prompt(other, NAMES)
            assert fr and fr != question, (kind, question)
            assert fr_waiting.startswith((f"En attente de {NAMES[p]}", f"En attente d'{NAMES[p]}")), fr_waiting
        seen[kind].add(question)
    assert set(seen) == set(kinds), f"never reached: {sorted(set(kinds) - set(seen))}"
    # two kinds never share a question: each names its own decision
    for a in seen:
        for b in seen:
            assert a == b or not seen[a] & seen[b], (a, b, seen[a] & seen[b])


@pytest.mark.parametrize("hot_path", [True, False])
def test_server_state_carries_the_decision_and_prompt(tmp_path, hot_path):
    """GET /api/games/{id} (hot path and route alike): ``decision`` is the kind the seat to play faces, the same
    for every seat and a spectator; ``prompt`` is the seat's question, the others' "Waiting for ...", in the
    request's language."""
    pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
    from tests.server_helpers import auth, client_for, move, new_table, state

    client = client_for(f"sqlite:///{tmp_path / 'games.db'}", hot_path=hot_path)
    gid, tokens = new_table(client, "mansion", 3, ["human", "human", "human"])
    for _ in range(4):
        p = state(client, gid)["to_play"]
        mine, other = state(client, gid, tokens[str(p)]), state(client, gid, tokens[str((p + 1) % 3)])
        watcher = state(client, gid)
        kind = mine["decision"]
        assert kind in get_ruleset("mansion").decision_kinds
        assert other["decision"] == watcher["decision"] == kind
        assert mine["prompt"] and not mine["prompt"].startswith("Waiting")
        assert other["prompt"].startswith("Waiting for ") and watcher["prompt"].startswith("Waiting for ")
        fr = client.get(f"/api/games/{gid}", params={"lang": "fr"}, headers=auth(tokens[str(p)])).json()
        assert fr["decision"] == kind and fr["prompt"] and fr["prompt"] != mine["prompt"]
        move(client, gid, tokens[str(p)], mine)
