"""The OpenSpiel adapter: registration, OpenSpiel's own random simulation test for every game, information states
identical across resampling, and OpenSpiel's ISMCTS bot playing through resample_from_infostate."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (installed by make test)")

import monsterbox  # noqa: E402
import monsterbox.rl.openspiel  # noqa: E402, F401

SIM = [("inn", 3, "{}"), ("monster", 2, "{}"), ("mansion", 2, "{}"), ("maker", 2, '{"distance": 40}')]


def test_every_game_is_registered():
    names = pyspiel.registered_names()
    for game_id in monsterbox.GAME_IDS:
        assert f"python_monsterbox_{game_id}" in names
    g = pyspiel.load_game("python_monsterbox_maker", {"players": 3})
    assert g.num_players() == 3 and g.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    with pytest.raises(monsterbox.InvalidOptions, match="players"):
        pyspiel.load_game("python_monsterbox_inn", {"players": 9})


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_openspiel_random_simulation_test(game_id, players, options):
    game = pyspiel.load_game(f"python_monsterbox_{game_id}", {"players": players, "seed": 3, "options": options})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_resampled_states_keep_the_information_state(game_id, players, options):
    game = pyspiel.load_game(f"python_monsterbox_{game_id}", {"players": players, "seed": 1, "options": options})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(25):
        if state.is_terminal():
            break
        p = state.current_player()
        key = (state.information_state_string(p), list(state.information_state_tensor(p)), state.legal_actions())
        for _k in range(2):
            r = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert (r.information_state_string(p), list(r.information_state_tensor(p)), r.legal_actions()) == key
        assert all(state.action_to_string(p, a) in state.mb.legal_actions() for a in state.legal_actions())
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_openspiel_ismcts_bot_plays_monster_inn():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_monsterbox_inn", {"players": 3, "seed": 2})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=1.0, max_simulations=8, random_state=rs)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 4:
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            moves += 1
        else:
            action = int(rs.choice(state.legal_actions()))
        state.apply_action(action)
    assert moves == 4
