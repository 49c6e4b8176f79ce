"""Two processes on one SQLite file (as ``serve --workers 2``): a move stored by one reaches the other's copy through
its notification over the processes' private channel ("<table>:<version>:<process>:<action>": server/siblings.py),
played at once when that copy is one move behind, else read from the database. Here two ``Tables`` on one SQLite
file stand for the two processes. (On PostgreSQL a notification says only "table T changed" and is never trusted:
tests/test_server_scaleout.py.)"""

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")

from monsterbox.server.errors import Stale  # noqa: E402
from monsterbox.server.store import Store  # noqa: E402
from monsterbox.server.tables import Tables  # noqa: E402


@pytest.fixture
def two_processes(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.db'}"
    a, b = Tables(Store(url), process_id="a"), Tables(Store(url), process_id="b")
    yield a, b
    for t in (a, b):
        t.close()
        t.store.close()


def created(tables, seed):
    """A practice table of three human seats through ``tables``, with every seat's token (the invites claimed)."""
    table, tokens, invites = tables.create("inn", 3, ["human"] * 3, None, practice=True, seed=seed)
    for seat, code in invites.items():
        claimed, tokens[seat] = tables.claim(table, code)
        assert claimed == seat
    return table, tokens


def play_on(tables, table, tokens, n):
    """``n`` moves by whoever is to play, through ``tables`` (each committed to the database)."""
    for _ in range(n):
        seat = table.game.to_play
        tables.play(table, tokens[seat], table.game.legal_actions()[0], table.version)


def test_a_remote_move_one_behind_is_played_from_its_notification(two_processes):
    a, b = two_processes
    ta, tokens = created(a, seed=7)
    tb = b.get(ta.id)
    play_on(a, ta, tokens, 1)
    action = ta.game.actions[-1]
    seen = []
    b.listeners.append(seen.append)

    def no_read(*args, **kwargs):
        raise AssertionError("the copy one move behind read the database")

    b.store.load = no_read  # the notification alone must do
    assert b.remote_move(tb, ta.version, action)
    assert tb.version == ta.version and tb.game.view(0) == ta.game.view(0) and seen == [ta.id]


def test_a_remote_move_further_ahead_is_read_from_the_database(two_processes):
    a, b = two_processes
    ta, tokens = created(a, seed=7)
    tb = b.get(ta.id)
    play_on(a, ta, tokens, 3)
    assert tb.version == ta.version - 3
    assert b.remote_move(tb, ta.version, ta.game.actions[-1])  # three behind: caught up from the moves table
    assert tb.game.actions == ta.game.actions


def test_a_notification_that_does_not_fit_changes_nothing_wrongly(two_processes):
    a, b = two_processes
    ta, tokens = created(a, seed=7)
    tb = b.get(ta.id)
    play_on(a, ta, tokens, 1)
    # an action the copy cannot play (a garbled payload): the database decides, not the payload
    assert b.remote_move(tb, ta.version, "not-a-move")
    assert tb.game.actions == ta.game.actions


def test_a_move_chosen_on_a_state_another_process_pushed_is_played_not_refused(two_processes):
    """A page may receive a state from one process (its socket) and post its move to another whose copy has not
    heard of the last move yet: the move names a version ahead of that copy. The copy catches up from the database
    and plays it (a 409 would tell the player their move was stale when it was not)."""
    a, b = two_processes
    ta, tokens = created(a, seed=11)
    tb = b.get(ta.id)
    play_on(a, ta, tokens, 2)  # b's copy never hears of these (no notification here)
    assert tb.version == 0 and ta.version == 2
    seat = ta.game.to_play
    action = ta.game.legal_actions()[0]
    assert b.play(tb, tokens[seat], action, 2) == seat
    assert tb.version == 3 and tb.game.actions == ta.game.actions + [action]
    with pytest.raises(Stale):  # a version behind the table's is still refused, changing nothing
        b.play(tb, tokens[tb.game.to_play], tb.game.legal_actions()[0], 1)
    assert tb.version == 3
