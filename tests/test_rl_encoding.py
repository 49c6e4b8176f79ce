"""The environments' fast observation path (``rl.seat_encode``): equal to the view-based encoder on many states of
every game, blind to everything the observing seat may not know (a differential test over determinizations, which
differ from the true state only in what that seat cannot see), and action masks equal to the legal actions."""

import random

import numpy as np
import pytest

import monsterbox
from monsterbox.core.registry import get_ruleset

pytest.importorskip("gymnasium", reason="the rl extra (installed by make test)")
pytest.importorskip("pettingzoo")

from pettingzoo.utils import wrappers  # noqa: E402

from monsterbox.rl.common import OBS_HIGH, OBS_LOW, mask, observation  # noqa: E402
from monsterbox.rl.encode import encode, observation_size  # noqa: E402
from monsterbox.rl.gym_env import SeatEnv  # noqa: E402
from monsterbox.rl.pettingzoo_env import env  # noqa: E402
from monsterbox.rl.seat_encode import STATE_ENCODERS, encode_state  # noqa: E402

#: every game at its smallest and largest table
COUNTS = [(g, p) for g in monsterbox.GAME_IDS
          for p in sorted({get_ruleset(g).min_players, get_ruleset(g).max_players})]
#: decisions played per game (Maker's random games run to thousands of decisions: a stride samples them)
STEPS = {"inn": 200, "monster": 400, "mansion": 250, "maker": 1500}
STRIDE = {"inn": 2, "monster": 4, "mansion": 3, "maker": 12}


def states(game_id, players, seed):
    """(game, step) along a seeded random game, every ``STRIDE`` decisions up to ``STEPS``, and the end."""
    g = monsterbox.new_game(game_id, players, seed)
    rng = random.Random(seed)
    for k in range(STEPS[game_id]):
        if g.over:
            break
        if k % STRIDE[game_id] == 0:
            yield g, k
        codes = g.legal_codes()
        g.play_code(codes[rng.randrange(len(codes))])
    yield g, -1


@pytest.mark.parametrize("game_id,players", COUNTS)
def test_state_encoder_equals_the_view_encoder(game_id, players):
    """The same vector, float for float, as ``encode`` of the seat's view (the layout is unchanged: trained
    policies keep working), for every seat; the environments' arrays equal the clipped reference."""
    compared = 0
    for seed in (0,):
        for g, _ in states(game_id, players, seed):
            for seat in range(players):
                ref = encode(game_id, g.rules.table_view(g.state, seat))
                fast = encode_state(game_id, g.state, seat)
                assert fast == ref, (seed, g.actions[-3:], seat)
                arr = observation(g, seat)
                assert arr.dtype == np.float32 and arr.shape == (observation_size(game_id, players),)
                assert np.array_equal(arr, np.clip(np.asarray(ref, dtype=np.float32), OBS_LOW, OBS_HIGH))
                compared += 1
    assert compared >= 10


def test_inn_features_need_no_clipping():
    """Monster Inn's observation is not clipped (``common.observation``): its features stay in the bounds."""
    for seed in range(2):
        for g, _ in states("inn", 5, seed):
            for seat in range(5):
                x = encode_state("inn", g.state, seat)
                assert min(x) >= OBS_LOW and max(x) <= OBS_HIGH


def hidden_differs(game_id, s, d, seat):
    """Whether the determinization ``d`` differs from the true state ``s`` in something ``seat`` cannot see (so a
    leaky encoder would show it)."""
    others = [p for p in range(len(s.hands if hasattr(s, "hands") else s.screens)) if p != seat]
    if game_id == "inn":
        return d.humans != s.humans or d.tavern != s.tavern or d.deck != s.deck
    if game_id == "maker":
        return any(d.hands[p] != s.hands[p] for p in others) or d.deck != s.deck or d.treasures != s.treasures
    if game_id == "mansion":
        return any(d.screens[p] != s.screens[p] for p in others if p < s.n) or d.deck != s.deck
    return any(d.hands[p] != s.hands[p] for p in others) or d.weapon_deck != s.weapon_deck


def leaks(game_id, players, seed, encoder):
    """How often ``encoder`` gives a seat different vectors for the true state and for states that differ from it
    only in what that seat cannot see (``determinize``: other hands and screens, face-down cards, deck orders), along
    a seeded random game; and how many of those pairs did differ in hidden information."""
    rules = get_ruleset(game_id)
    rng = random.Random(seed)
    seen = differing = 0
    for g, _ in states(game_id, players, seed):
        for seat in range(players):
            x = encoder(g.state, seat)
            for _k in range(2):
                d = rules.determinize(g.state, seat, random.Random(rng.randrange(2**31)), False)
                differing += hidden_differs(game_id, g.state, d, seat)
                seen += encoder(d, seat) != x
    return seen, differing


@pytest.mark.parametrize("game_id,players", COUNTS)
def test_state_encoders_see_nothing_hidden_from_the_seat(game_id, players):
    seen, differing = leaks(game_id, players, 5, STATE_ENCODERS[game_id])
    assert differing > 20  # the pairs really differ in hidden cards: the test can see a leak
    assert seen == 0


def leaky_encoder(game_id):
    """The real encoder plus one hidden fact: the next card of the draw pile (the deck order is hidden in every
    game)."""
    deck = {"inn": "deck", "maker": "deck", "mansion": "deck", "monster": "weapon_deck"}[game_id]
    base = STATE_ENCODERS[game_id]

    def enc(s, seat):
        pile = getattr(s, deck)
        return [*base(s, seat), float(pile[-1]) if pile else -1.0]

    return enc


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_the_differential_test_catches_a_leak(game_id):
    players = get_ruleset(game_id).min_players
    seen, _ = leaks(game_id, players, 5, leaky_encoder(game_id))
    assert seen > 0


@pytest.mark.parametrize("game_id,players", COUNTS)
def test_masks_are_the_legal_actions(game_id, players):
    """Every seat's mask in the AEC environment: the legal codes of the seat to play, nothing for the others."""
    e = env(game_id, players)
    e.reset(seed=2)
    raw = e.unwrapped
    rng = random.Random(2)
    for _agent in e.agent_iter(max_iter=150):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        g = raw.game
        for a in raw.possible_agents:
            m = raw.observe(a)["action_mask"]
            assert m.dtype == np.int8 and m.shape == (raw.n_actions,)
            want = set(g.legal_codes()) if raw.seat(a) == g.to_play else set()
            assert set(np.flatnonzero(m)) == want
            assert np.array_equal(m, mask(g, raw.seat(a), raw.n_actions))
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("game_id", monsterbox.GAME_IDS)
def test_gym_observations_and_masks_follow_the_learner(game_id):
    e = SeatEnv(game_id, seat=1)
    obs, info = e.reset(seed=4)
    rng = random.Random(4)
    for _ in range(60):
        g = e.game
        assert set(np.flatnonzero(info["action_mask"])) == set(g.legal_codes())
        assert obs.tolist() == np.clip(np.asarray(encode(game_id, g.view(1)), dtype=np.float32), OBS_LOW,
                                       OBS_HIGH).tolist()
        legal = np.flatnonzero(info["action_mask"])
        obs, _, term, trunc, info = e.step(int(legal[rng.randrange(len(legal))]))
        if term or trunc:
            break


def test_classic_wrappers_keep_their_checks():
    """The wrappers are PettingZoo's (subclasses reading the environment directly): order, bounds and illegal moves
    are still checked."""
    e = env("maker", 3)
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert isinstance(e.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(e.env.env, wrappers.TerminateIllegalWrapper)
    with pytest.raises(AttributeError, match="before reset"):
        _ = e.agent_selection
    with pytest.raises(Exception, match="reset"):
        e.observe("player_0")
    e.reset(seed=0)
    with pytest.raises(AssertionError, match="action space"):
        e.step(e.unwrapped.n_actions)
    with pytest.raises(AssertionError, match="action space"):
        e.step(-1)
    obs, *_ = e.last()
    legal = np.flatnonzero(obs["action_mask"])
    e.step(np.int64(legal[0]))  # a numpy integer goes through PettingZoo's own checks
    assert len(e.unwrapped.game.actions) == 1
    mover = e.agent_selection
    illegal = int(np.flatnonzero(e.last()[0]["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values()) and e.rewards[mover] == -1
    assert len(e.unwrapped.game.actions) == 1


def test_inn_seat_blocks_cache_is_exact():
    """Monster Inn's encoder keeps each seat's block between calls (``seat_encode._SeatBlocks``): along whole games,
    at every decision and for every seat, the vector equals the one computed with the cache emptied; and the cache
    is really used (hits)."""
    from monsterbox.rl import seat_encode

    cache = seat_encode._INN_SEATS.blocks
    hits = 0
    for seed in range(3):
        g = monsterbox.new_game("inn", 4, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(4):
                before = dict(cache)
                cached = encode_state("inn", g.state, seat)
                hits += sum(1 for k, v in cache.items() if before.get(k) is v)
                cache.clear()
                assert cached == encode_state("inn", g.state, seat), (seed, g.actions[-3:], seat)
                cache.update(before)
                encode_state("inn", g.state, seat)
            if g.over:
                break
            codes = g.legal_codes()
            g.play_code(codes[rng.randrange(len(codes))])
    assert hits > 100


#: Monster Inn, 4 players, seed 7 after 32 seeded random decisions (``pinned_inn_position``): seat 1 to play (codes
#: 1 and 3 legal), four cards in the tavern, every seat with a dungeon. Seat 0's and seat 2's vectors, written out.
_INN_HEAD = [0.5, 1.0, 0.0, 0.0, 0.0]  # round / rounds, phase one-hot (4)
_INN_TAVERN = [  # 5 rows of 13: monster?, human back?, value, skulls, race (5), human range (4); the 5th row empty
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
]
_INN_POOL = [0.0, 0.0, 0.0, 0.4, 0.4, 0.5]  # pool kind (2), pool / 10, supply / 25 (2), deck / 40
_INN_SEATS = [  # seats 0-3 then an empty 5th: in round, gold, gems, monsters, humans, skulls, supports, ranges (4)
    [1.0, 0.1, 0.3, 0.3076923076923077, 0.0, 0.275, 0.2, 0.0, 0.0, 0.0, 0.0],
    [1.0, 0.0, 0.1, 0.3076923076923077, 0.0, 0.35, 0.2, 0.0, 0.0, 0.0, 0.0],
    [1.0, 0.7, 0.4, 0.07692307692307693, 0.23076923076923078, 0.05, 0.0, 0.2, 0.0, 0.0, 0.4],
    [1.0, 0.5, 0.7, 0.07692307692307693, 0.23076923076923078, 0.05, 0.0, 0.0, 0.2, 0.2, 0.2],
]


def pinned_inn_position():
    g = monsterbox.new_game("inn", 4, 7)
    rng = random.Random(7)
    for _ in range(32):
        codes = g.legal_codes()
        g.play_code(codes[rng.randrange(len(codes))])
    return g


@pytest.mark.parametrize("seat", [0, 2])
def test_inn_observation_and_mask_pinned(seat):
    """A seeded position's observation, float for float, and mask: written out here, so that any change of the
    encoder (or of the environments' packing) that changes a value or the layout fails."""
    g = pinned_inn_position()
    assert g.to_play == 1 and g.legal_codes() == [1, 3]
    order = [*range(seat, 4), *range(seat)]  # seats from the observer on
    want = _INN_HEAD + _INN_TAVERN + _INN_POOL + [v for p in order for v in _INN_SEATS[p]] + [0.0] * 11
    assert len(want) == observation_size("inn", 4) == 131
    assert encode_state("inn", g.state, seat) == want
    assert observation(g, seat).tolist() == np.asarray(want, dtype=np.float32).tolist()
    e = env("inn", 4)
    e.reset(seed=0)
    raw = e.unwrapped
    raw.game = g
    got = raw.observe(f"player_{seat}")
    assert got["observation"].tolist() == np.asarray(want, dtype=np.float32).tolist()
    assert got["action_mask"].dtype == np.int8 and not got["action_mask"].any()  # not this seat's turn
    to_play = raw.observe("player_1")["action_mask"]
    assert to_play.shape == (raw.n_actions,) and np.flatnonzero(to_play).tolist() == [1, 3]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_inn_tracked_observation_is_exact(players):
    """Monster Inn's observation kept up to date from the game's events (``inn_track``) equals the encoder's bytes
    (``encode_inn_bytes``, computed from the state alone) at every decision, for seats observed at random moments
    (so that one update reads one event or many), at the end, for a search copy without a log, and for a
    determinization (a new state whose log starts empty); the tracks are really kept (updated, not rebuilt)."""
    from monsterbox.rl import inn_track
    from monsterbox.rl.seat_encode import encode_inn_bytes

    kept = 0
    for seed in range(6):
        g = monsterbox.new_game("inn", players, seed)
        rng = random.Random(seed)
        while True:
            if rng.random() < 0.5:
                for seat in rng.sample(range(players), rng.randrange(1, players + 1)):
                    track = inn_track._TRACKS.get(id(g.state))
                    dungeons = track.dungeons if track is not None else None
                    assert inn_track.observation_bytes(g.state, seat) == encode_inn_bytes(g.state, seat), (
                        seed, g.actions[-3:], seat)
                    kept += inn_track._TRACKS[id(g.state)].dungeons is dungeons
            if g.over:
                break
            codes = g.legal_codes()
            g.play_code(codes[rng.randrange(len(codes))])
            if rng.random() < 0.02:
                seat = rng.randrange(players)
                copy = g.rules.copy(g.state, keep_log=False)
                assert copy.log is None
                assert inn_track.observation_bytes(copy, seat) == encode_inn_bytes(g.state, seat)
                d = g.determinize(seat, rng.randrange(1000)).state
                assert inn_track.observation_bytes(d, seat) == encode_inn_bytes(g.state, seat)
    assert kept > 100


def test_inn_track_rebuilds_on_a_log_it_cannot_follow():
    """An event of an unknown kind, a replaced log, or a step without events make the track start again from the
    state (never a stale vector)."""
    from monsterbox.rl import inn_track
    from monsterbox.rl.seat_encode import encode_inn_bytes

    g = pinned_inn_position()
    s = g.state
    assert inn_track.observation_bytes(s, 0) == encode_inn_bytes(s, 0)
    s.hands[0] += 3  # a change no event tells: with an unknown event, the track rebuilds
    s.log.append(("something new", 0))
    assert inn_track.observation_bytes(s, 0) == encode_inn_bytes(s, 0)
    s.hands[2] += 1  # a step without an event
    s.step += 1
    assert inn_track.observation_bytes(s, 1) == encode_inn_bytes(s, 1)
    s.hands[4] += 1  # a new log
    s.log = list(s.log)
    assert inn_track.observation_bytes(s, 2) == encode_inn_bytes(s, 2)


def test_masks_are_new_arrays():
    """Masks of the same legal codes come from one cached array (Monster Inn's bids): each call returns its own
    copy, so changing one changes no later mask."""
    g = pinned_inn_position()
    for _ in range(2):  # the second one comes from the cache
        first = mask(g, 1, 40)
        first[:] = 1
    assert np.flatnonzero(mask(g, 1, 40)).tolist() == [1, 3]
    assert not mask(g, 0, 40).any()


@pytest.mark.parametrize("game_id", ["inn", "maker"])
def test_gym_random_opponents_play_as_their_agent(game_id, monkeypatch):
    """Random opponents drawn straight from the legal codes play the same games as through their ``act_code``."""
    from monsterbox.rl import gym_env

    def play():
        e = SeatEnv(game_id, seat=1)
        _, info = e.reset(seed=5)
        rng = random.Random(5)
        for _ in range(40):
            legal = np.flatnonzero(info["action_mask"])
            _, _, term, trunc, info = e.step(int(legal[rng.randrange(len(legal))]))
            if term or trunc:
                break
        return e.game.actions

    fast = play()
    monkeypatch.setattr(gym_env, "RandomAgent", type("NotRandomAgent", (), {}))  # every opponent through act_code
    assert play() == fast and len(fast) > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mansion_packed_observation_is_exact(players):
    """Monster Mansion's observation is packed part by part with the table seats' rows kept per table
    (``seat_encode._MANSION_TABLE``): along whole games, at every decision and for every seat, it equals the clipped
    reference vector, and the vector computed with the table cache emptied (a key part left out would serve stale
    rows); the cache is really used (hits)."""
    from monsterbox.rl import seat_encode

    cache = seat_encode._MANSION_TABLE.rows
    hits = compared = 0
    for seed in range(2):
        g = monsterbox.new_game("mansion", players, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                before = dict(cache)
                cached = bytes(seat_encode.encode_mansion_bytes(g.state, seat))
                hits += sum(1 for k, v in cache.items() if before.get(k) is v)
                cache.clear()
                cold = bytes(seat_encode.encode_mansion_bytes(g.state, seat))
                cache.update(before)
                ref = np.clip(np.asarray(encode_state("mansion", g.state, seat), dtype=np.float32), OBS_LOW, OBS_HIGH)
                assert cached == cold == ref.tobytes(), (seed, g.actions[-3:], seat)
                compared += 1
            if g.over:
                break
            codes = g.legal_codes()
            g.play_code(codes[rng.randrange(len(codes))])
    assert compared > 200 and hits > 100


def test_mansion_packed_observation_clips_to_the_bounds():
    """Counts beyond the declared bounds (tickets, skulls behind the screen, in the audition) are clipped as packed,
    as ``np.clip`` clips the reference."""
    from monsterbox.games.mansion.state import copy_state
    from monsterbox.rl import seat_encode

    g = monsterbox.new_game("mansion", 3, 0)
    s = copy_state(g.state)
    s.tickets[1] = 1000
    s.screens[1][0] = 90
    s.audition_skulls[2] = -50
    ref = np.clip(np.asarray(encode_state("mansion", s, 1), dtype=np.float32), OBS_LOW, OBS_HIGH)
    packed = np.frombuffer(seat_encode.encode_mansion_bytes(s, 1), np.float32)
    assert np.array_equal(packed, ref)
    assert packed.max() == OBS_HIGH and packed.min() == OBS_LOW
