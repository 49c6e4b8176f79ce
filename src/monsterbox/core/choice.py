"""Choices that take several decisions (issue 28, item 3): Monster's three-weapon kill and its payments, Maker's
discards, Mansion's payments. A front end builds such a choice step by step on a copy of the game, with a way back,
and plays it on the real game once complete; the terminal (``tui.build_choice``) and the server (the ``/choice``
endpoints) both ask this module, so they agree by construction on where a choice goes on and where it ends.

Each game's ``prompt`` part declares:

- ``CONTINUES``: the decision kinds (``prompt.decision_kind``) that go on with a choice the same seat began;
- ``UNDOABLE_EVENTS``: the events a step may cause and still be taken back (nothing learnt). Any other event (a
  card drawn, a die rolled) ends the building: a draw seen cannot be unseen.

A game that declares neither has no multi-step choice: every decision is one move.
"""

from __future__ import annotations

from dataclasses import dataclass

from monsterbox.core.game import Game
from monsterbox.core.registry import game_part

#: the most steps one choice may hold (the longest seen: a Maker discard of a full hand and Done, about 12)
MAX_STEPS = 40


def continues(game_id: str) -> frozenset[str]:
    """The decision kinds of ``game_id`` that go on with a choice the same seat began."""
    return frozenset(getattr(game_part(game_id, "prompt"), "CONTINUES", ()))


def undoable_events(game_id: str) -> frozenset[str]:
    """The events of ``game_id`` a step of a choice may cause and still be taken back."""
    return frozenset(getattr(game_part(game_id, "prompt"), "UNDOABLE_EVENTS", ()))


def learnt(game: Game, work: Game, seat: int) -> bool:
    """Whether ``seat`` learnt something between ``game`` and ``work`` (``work``: ``game`` with steps played): an
    event of its history that is not among the game's ``UNDOABLE_EVENTS``."""
    keep = undoable_events(game.game_id)
    return any(e["type"] not in keep for e in work.events(seat, since=game.event_count(seat)))


def goes_on(game: Game, work: Game, seat: int) -> bool:
    """After a step: whether the choice ``seat`` began on ``game`` goes on in ``work`` (the copy with the steps so
    far played): the game is not over, the same seat is to play, its decision is one of ``CONTINUES``, and the
    steps taught it nothing (``learnt``)."""
    if work.over or work.to_play != seat:
        return False
    kind = game_part(game.game_id, "prompt").decision_kind(work.view(seat))
    return kind in continues(game.game_id) and not learnt(game, work, seat)


class StepRefused(Exception):
    """A step of a choice that cannot be played: ``index`` (from 0), ``action``, why (``reason``: "turn" (not the
    seat's turn), "illegal" (not a legal move there: ``before`` is the copy it was refused on), "after" (the choice
    was complete before it) or "long" (more than ``MAX_STEPS``)), and the copy before it."""

    def __init__(self, index: int, action: str, reason: str, before: Game) -> None:
        super().__init__(f"step {index + 1} ({action!r}): {reason}")
        self.index, self.action, self.reason, self.before = index, action, reason, before


@dataclass
class Built:
    """A choice built on a copy: ``work`` (``game`` itself when there is no step), and whether it is complete (the
    last step ended it: a next decision of another kind or seat, the game over, or something learnt)."""

    work: Game
    complete: bool


def build(game: Game, seat: int, steps: list[str]) -> Built:
    """Play ``steps`` for ``seat`` on a copy of ``game`` (``game`` is never changed), each checked as the real game
    would: the seat's turn, a legal move there, and every step but the first within the choice (``goes_on`` after
    the one before). Raises :class:`StepRefused` naming the first step that cannot be played."""
    if len(steps) > MAX_STEPS:
        raise StepRefused(MAX_STEPS, steps[MAX_STEPS], "long", game)
    work = game
    complete = False
    for i, action in enumerate(steps):
        if complete:
            raise StepRefused(i, action, "after", work)
        if work.over or work.to_play != seat:
            raise StepRefused(i, action, "turn", work)
        if action not in work.legal_actions():
            raise StepRefused(i, action, "illegal", work)
        if work is game:
            work = game.copy()
        work.play(action)
        complete = not goes_on(game, work, seat)
    return Built(work, complete)
