"""OpenSpiel's external sampling MCCFR on every game's smallest configuration (issue 29.3), and clones at chance
nodes with independent futures in all four games.

A whole game is far beyond a tabular solver: external sampling walks every action of the player it updates, and one
iteration of the smallest configurations would visit some 10**10 (Monster Inn, 3 players), 10**11 (Monster, 2),
10**20 or more (Monster Maker, 2, short version) and 10**50 (Monster Mansion, 2) nodes. So MCCFR solves an endgame
of a real game: OpenSpiel's own ``start_at`` transform starts the game at a history (a deal and the moves of a
seeded random game) from where the players have a few dozen paths left; the solver's average policy then plays
legal moves at every decision of full games of the untransformed game, using what it learned when a game reaches
the solved endgame's information states."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (installed by make test)")

import monsterbox.rl.openspiel as mos  # noqa: E402

#: the smallest configuration of each game: the fewest players, Monster Maker's short version (the rulebook's)
SMALLEST = [("inn", 3, "{}"), ("monster", 2, "{}"), ("mansion", 2, "{}"), ("maker", 2, '{"short": true}')]
#: an endgame's size: the product of each player's numbers of legal actions on the recorded path's rest
ENDGAME = 12


def _params(game_id, players, options):
    return {"name": mos.game_name(game_id), "players": players, "options": options, "seed": 1}


def _random_game(game, rng):
    """A whole game by random moves: its history and, per move, (player or None for chance, legal actions)."""
    state, history, branching = game.new_initial_state(), [], []
    while not state.is_terminal():
        if state.is_chance_node():
            move, who = int(rng.integers(len(state.chance_outcomes()))), None
            width = 1
        else:
            legal = state.legal_actions()
            move, who, width = int(rng.choice(legal)), state.current_player(), len(legal)
        branching.append((who, width))
        state.apply_action(move)
        history.append(move)
    return history, branching


def _endgame_start(history, branching, players):
    """The longest prefix of ``history`` after which every player's product of choices on the rest stays within
    ``ENDGAME``."""
    k, product = len(history), [1] * players
    while k > 1:
        who, width = branching[k - 1]
        if who is not None:
            if product[who] * width > ENDGAME:
                break
            product[who] *= width
        k -= 1
    return k


def _play(state, policy, rng, learned):
    """Play to the end: chance by its probabilities, every decision by ``policy`` (checked to be a distribution
    over the legal actions); counts the decisions met at information states the solver learned."""
    met = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
            continue
        p = state.current_player()
        probs = policy(state, p)
        legal = state.legal_actions()
        assert set(probs) <= set(legal) and sum(probs.values()) == pytest.approx(1.0)
        met += state.information_state_string(p) in learned
        actions = sorted(probs)
        action = actions[int(rng.choice(len(actions), p=[probs[a] for a in actions]))]
        assert action in legal
        state.apply_action(action)
    return met


@pytest.mark.parametrize("game_id,players,options", SMALLEST)
def test_external_sampling_mccfr_solves_an_endgame_and_its_policy_plays_full_games(game_id, players, options):
    from open_spiel.python.algorithms import external_sampling_mccfr

    game = pyspiel.load_game(mos.game_name(game_id), {"players": players, "options": options, "seed": 1})
    history, branching = _random_game(game, np.random.default_rng(7))
    start = _endgame_start(history, branching, players)
    endgame = pyspiel.load_game("start_at", {"history": ";".join(map(str, history[:start])),
                                             "game": _params(game_id, players, options)})
    replay = game.new_initial_state()
    for move in history[:start]:
        replay.apply_action(move)
    assert str(endgame.new_initial_state()) == str(replay)  # the transform starts where the recorded game was
    np.random.seed(0)  # the solver samples with numpy's global generator
    solver = external_sampling_mccfr.ExternalSamplingSolver(endgame)
    for _ in range(3):
        solver.iteration()
    learned = solver._infostates  # information state string -> regrets and average policy
    assert learned
    average = solver.average_policy()

    def policy(state, player):
        return average.action_probabilities(state, player)

    rng = np.random.default_rng(3)
    _play(game.new_initial_state(), policy, rng, learned)  # a full game from the deal: legal moves throughout
    assert _play(replay, policy, rng, learned) >= 1  # the solved endgame: the learned policy plays there

    # OpenSpiel's C++ solver runs on the same endgame
    cpp = pyspiel.ExternalSamplingMCCFRSolver(endgame, seed=1)
    for _ in range(3):
        cpp.run_iteration()
    state = endgame.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if not state.is_terminal():
        probs = cpp.average_policy().action_probabilities(state)
        assert set(probs) <= set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1.0)
