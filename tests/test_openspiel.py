"""The OpenSpiel adapter as OpenSpiel defines a game (issue 29.3): explicit chance nodes with their probabilities, one
fixed initial state, no generator inside a state (clones at a chance node have independent futures), serialization
through the history, observers per IIGObservationType, the declared utility, tensors without a new game; OpenSpiel's
own random simulation test, MCTSBot, ISMCTSBot and evaluate_bots on all four games."""

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (installed by make test)")

import monsterbox  # noqa: E402
import monsterbox.rl.openspiel as mos  # noqa: E402

SIM = [("inn", 3, "{}"), ("monster", 2, "{}"), ("mansion", 2, "{}"), ("maker", 2, '{"distance": 40}')]


def _load(game_id, players, options, seed=3):
    return pyspiel.load_game(f"python_monsterbox_{game_id}", {"players": players, "seed": seed, "options": options})


def _walk(state, rng, decisions):
    """Random moves (chance by its probabilities) until ``decisions`` decisions were made or the game ended."""
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            made += 1
    return state


def test_every_game_is_registered_with_its_type():
    names = pyspiel.registered_names()
    for game_id in monsterbox.GAME_IDS:
        assert f"python_monsterbox_{game_id}" in names
        t = pyspiel.load_game(f"python_monsterbox_{game_id}").get_type()
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        want = pyspiel.GameType.Utility.IDENTICAL if game_id == "monster" else pyspiel.GameType.Utility.CONSTANT_SUM
        assert t.utility == want
    assert pyspiel.load_game("python_monsterbox_maker", {"players": 3}).num_players() == 3
    with pytest.raises(monsterbox.InvalidOptions, match="players"):
        pyspiel.load_game("python_monsterbox_inn", {"players": 9})


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_openspiel_random_simulation_test_with_serialization(game_id, players, options):
    pyspiel.random_sim_test(_load(game_id, players, options), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_one_initial_state_a_deal_chance_node(game_id, players, options):
    game = _load(game_id, players, options)
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.is_chance_node() and str(a) == str(b)
    outcomes = a.chance_outcomes()
    assert len(outcomes) == mos.DEAL_OUTCOMES <= game.max_chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    a.apply_action(11)
    b.apply_action(11)
    assert str(a) == str(b)  # the same outcome deals the same cards
    assert not a.is_chance_node()


@pytest.mark.parametrize("game_id,players,options", SIM[2:])
def test_clones_at_a_chance_node_have_independent_futures(game_id, players, options):
    """Mid-game chance nodes: the outcome, not a generator kept in the state, decides the future; two clones given
    different outcomes differ, the same outcome gives the same state whatever the engine's generator held."""
    game = _load(game_id, players, options)
    rng = np.random.default_rng(1)
    for deal in range(30):  # random games until one meets chance after its deal
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_chance_node() and not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_chance_node():
            break
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == mos.PLAY_OUTCOMES
    futures = set()
    for outcome in range(8):
        c = state.clone()
        c.apply_action(outcome)
        futures.add(str(c))
        d = state.clone()
        d.mb.state.rng = 12345  # a generator left in the state would change what follows
        d.apply_action(outcome)
        assert str(d) == str(c)
    assert len(futures) > 1


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_serialize_and_deserialize_through_the_history(game_id, players, options):
    game = _load(game_id, players, options)
    state = _walk(game.new_initial_state(), np.random.default_rng(2), 40)
    data = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(data)
    assert str(state2) == str(state) and state2.history() == state.history()
    p = state.current_player()
    if p >= 0:
        assert state2.information_state_string(p) == state.information_state_string(p)
        assert state2.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_observers_public_and_private(game_id, players, options):
    game = _load(game_id, players, options)
    state = _walk(game.new_initial_state(), np.random.default_rng(4), 12)
    g = state.mb
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    private = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    obs_pub = game.make_py_observer(public)
    obs_priv = game.make_py_observer(private)
    spectator = json.dumps(g.rules.table_view(g.state, None), sort_keys=True)
    public_tensors, privates = [], []
    for p in range(players):
        assert obs_pub.string_from(state, p) == spectator  # public only: the same for every player
        obs_pub.set_from(state, p)
        public_tensors.append(obs_pub.tensor.copy())
        mine = json.loads(obs_priv.string_from(state, p))
        privates.append(mine)
        if game_id in ("maker", "monster"):
            assert mine.get("hand") == g.rules.table_view(g.state, p).get("hand")  # its own hand, privately
        obs_priv.set_from(state, p)
        obs_default = game.make_py_observer()
        obs_default.set_from(state, p)
        assert np.allclose(obs_priv.tensor + public_tensors[-1], obs_default.tensor, atol=1e-6)
    assert all((x == public_tensors[0]).all() for x in public_tensors)
    if game_id != "inn":  # (Monster Inn has no private information: R8)
        assert privates[0] != privates[1]
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_returns_sum_to_one_or_are_shared(game_id, players, options):
    game = _load(game_id, players, options)
    state = _walk(game.new_initial_state(), np.random.default_rng(5), 10**6)
    r = state.returns()
    if game_id == "monster":
        assert len(set(r)) == 1
    else:
        assert sum(r) == pytest.approx(1.0)


def test_tensors_do_not_build_games(monkeypatch):
    """Reading a tensor builds no game (it used to deal a new initial state at every call)."""
    game = _load("maker", 2, '{"distance": 40}')
    state = _walk(game.new_initial_state(), np.random.default_rng(6), 5)
    calls = []
    real = mos.new_game
    monkeypatch.setattr(mos, "new_game", lambda *a, **k: calls.append(a) or real(*a, **k))
    for _ in range(3):
        x = state.information_state_tensor(state.current_player())
        y = state.observation_tensor(state.current_player())
    assert calls == [] and len(x) == len(y) == game.information_state_tensor_size()


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_resampled_states_keep_the_information_state(game_id, players, options):
    game = _load(game_id, players, options, seed=1)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(25):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
            continue
        p = state.current_player()
        key = (state.information_state_string(p), list(state.information_state_tensor(p)), state.legal_actions())
        for _k in range(2):
            r = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert (r.information_state_string(p), list(r.information_state_tensor(p)), r.legal_actions()) == key
        state.apply_action(int(rng.choice(state.legal_actions())))


class _ZeroEvaluator:
    """An MCTS evaluator without rollouts (the bots' searches stay short; the games are played in full)."""

    def evaluate(self, state):
        return np.zeros(state.num_players())

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_openspiel_bots_play_full_games(game_id, players, options):
    """OpenSpiel's MCTSBot (seat 0) and ISMCTSBot (seat 1, which must not fail on an information state it met with
    other legal actions) play whole games through evaluate_bots; random bots fill the other seats."""
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
    from open_spiel.python.bots import uniform_random

    class ISMCTS(ismcts.ISMCTSBot):
        def restart_at(self, state):
            pass

        def inform_action(self, state, player, action):
            pass

    game = _load(game_id, players, options)
    rs = np.random.RandomState(0)
    ev = mcts.RandomRolloutEvaluator(1, rs) if game_id == "inn" else _ZeroEvaluator()
    bots = [mcts.MCTSBot(game, 1.4, 4, ev, random_state=rs, solve=False),
            ISMCTS(game, ev, 1.0, 4, random_state=rs)]
    bots += [uniform_random.UniformRandomBot(p, rs) for p in range(2, players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)


def _continue(state, chance_rng, decision_rng, moves=10**6):
    """Play on from ``state``: chance outcomes drawn by ``chance_rng`` (with their probabilities), decisions by
    ``decision_rng``; returns the moves played and the final state's text and returns."""
    played = []
    while not state.is_terminal() and len(played) < moves:
        if state.is_chance_node():
            move = int(chance_rng.integers(len(state.chance_outcomes())))  # equally likely outcomes
        else:
            move = int(decision_rng.choice(state.legal_actions()))
        state.apply_action(move)
        played.append(move)
    return played, str(state), state.returns()


def _outcomes_matter(state) -> bool:
    """Two of the chance node's outcomes lead to different states (a draw from a pile of one card, say, would not:
    such a node says nothing about independent futures)."""
    one, two = state.clone(), state.clone()
    one.apply_action(0)
    two.apply_action(len(state.chance_outcomes()) // 2)
    return str(one) != str(two)


def _first_chance_after_the_deal(game, game_id, deals=40):
    """A chance node after the deal whose outcomes matter, reached by random moves (Monster: by its heuristic
    bots, whose teams live long enough to empty the weapon deck; random teams lose first)."""
    from monsterbox.agents.base import observe
    from monsterbox.agents.registry import make_agent

    rng = np.random.default_rng(1)
    for deal in range(deals):
        state = game.new_initial_state()
        state.apply_action(deal)
        bot = make_agent("heuristic", game_id, seed=deal) if game_id == "monster" else None
        while not state.is_terminal():
            if state.is_chance_node():
                if len(state.history()) > 1 and _outcomes_matter(state):
                    return state
                state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
            elif bot is None:
                state.apply_action(int(rng.choice(state.legal_actions())))
            else:
                g = state.mb
                state.apply_action(g.action_code(bot.act(observe(g, g.to_play))))
    raise AssertionError("no chance node after the deal")


@pytest.mark.parametrize("game_id,players,options", SIM)
def test_clones_sampled_by_different_generators_have_independent_futures(game_id, players, options):
    """All four games (issue 29.3): clones of a chance node (the deal; for the games with chance during play, also a
    mid-game one) whose chance outcomes are drawn by different generators go different ways to the end, while the
    same chance outcomes give the same game, move for move, from a clone or from a replay of the history. Nothing
    random is kept in a state: scrambling the engine's in-state generator of a clone changes nothing that follows."""
    game = _load(game_id, players, options)
    nodes = [game.new_initial_state()]
    if game_id not in mos.NO_PLAY_CHANCE:
        nodes.append(_first_chance_after_the_deal(game, game_id))
    for node in nodes:
        assert node.is_chance_node()
        base = node.history()
        a = _continue(node.clone(), np.random.default_rng(1), np.random.default_rng(0))
        # different outcomes, different futures: a draw among a few cards may repeat by chance (65,536 outcomes
        # map onto them), so of five other generators, some must lead elsewhere
        others = [_continue(node.clone(), np.random.default_rng(g), np.random.default_rng(0)) for g in range(2, 7)]
        assert any(b[0][0] != a[0][0] for b in others) and any(b[1] != a[1] for b in others)
        assert _continue(node.clone(), np.random.default_rng(1), np.random.default_rng(0)) == a  # determinism
        replay = game.new_initial_state()
        for move in base + a[0]:
            replay.apply_action(move)
        assert (str(replay), replay.returns()) == a[1:]
        if node.history() != base[:1]:  # mid-game: a clone whose engine generator is scrambled plays the same
            scrambled = node.clone()
            scrambled.mb.state.rng = 987654321
            assert _continue(scrambled, np.random.default_rng(1), np.random.default_rng(0)) == a
        assert node.history() == base  # the clones left the node untouched
