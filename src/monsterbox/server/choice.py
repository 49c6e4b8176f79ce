"""A choice of several steps over HTTP (issue 28, item 3; docs/server-api.md, "Choices of several steps").

``POST /api/games/{id}/choice/preview`` answers what the seat would see after some steps of a choice it is
building (the prompt, the decision, the legal moves in words, its view), computed on a copy of the game: nothing is
stored, and the preview never goes past a step that teaches the seat something (``core.choice``: a card drawn cannot
be undrawn by going back), nor past the end of the choice. ``POST /api/games/{id}/choice`` plays a complete choice at
once, all or nothing (``Tables.play_choice``). Both check the steps here, with the same words for a refused step.

The game's rules decide everything: the steps are checked as the real game would check them, one by one, and the
legal moves offered at each step are the engine's.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.choice import MAX_STEPS, Built, StepRefused, build
from monsterbox.core.errors import IllegalAction
from monsterbox.core.game import Game
from monsterbox.core.i18n import _, use_language
from monsterbox.core.registry import game_part

__all__ = ["MAX_STEPS", "check_steps", "preview"]


def _refused(g: Game, seat: int, r: StepRefused, names: list[str]) -> str:
    """Why step ``r.index`` cannot be played, in words (the current language), from the seat's own view."""
    n = r.index + 1
    if r.reason == "long":
        return _("A choice has at most {max} steps.").format(max=MAX_STEPS)
    if r.reason == "after":
        return _("Step {n} of the choice comes after its end (the choice was complete at step {m}): send the steps up "
                 "to there.").format(n=n, m=r.index)
    before = r.before
    if r.reason == "turn":
        if before.over:
            return _("Step {n} of the choice: the game is over.").format(n=n)
        who = names[before.to_play] if before.to_play is not None and before.to_play < len(names) else "?"
        return _("Step {n} of the choice: it is {name}'s turn, not yours.").format(n=n, name=who)
    text = game_part(g.game_id, "text")
    why = text.explain_refusal(before.rules.refusal(before.state, r.action), before.view(seat), r.action, names,
                               before.state.cards)
    return _("Step {n} of the choice cannot be played: {why}").format(n=n, why=why)


def check_steps(g: Game, seat: int, steps: list[str], names: list[str], lang: str | None) -> Built:
    """``steps`` built for ``seat`` on a copy of ``g`` (``core.choice.build``); a refused step raises
    ``IllegalAction`` naming it, in ``lang``. ``g`` is never changed."""
    try:
        return build(g, seat, steps)
    except StepRefused as r:
        with use_language(lang):
            raise IllegalAction(_refused(g, seat, r, names)) from None


def preview(g: Game, seat: int, steps: list[str], names: list[str], version: int, lang: str) -> dict[str, Any]:
    """What ``seat`` would see after ``steps`` of the choice it is building on ``g`` (checked: ``check_steps``).

    ``steps``: each step's id and brief words (the choice so far: "Pay with a Holy Water (1-1)"); ``complete``:
    whether the choice ends with the last step (then nothing more is shown: the step may teach the seat something,
    which it learns once the choice is played); otherwise ``decision``, ``prompt``, ``legal`` (each move's id and
    words, as a state has them) and ``view`` (the seat's own view after the steps, without its log)."""
    built = check_steps(g, seat, steps, names, lang)
    text, ask = game_part(g.game_id, "text"), game_part(g.game_id, "prompt")
    cards = g.state.cards
    with use_language(lang):
        said = []
        work = g.copy() if steps else g
        for action in steps:  # each step in the words of the view it was chosen on
            said.append({"id": action, "text": text.describe_action(work.view(seat), action, names, cards,
                                                                     brief=True)})
            work.play(action)
        out: dict[str, Any] = {"version": version, "seat": seat, "steps": said, "complete": built.complete}
        if built.complete:
            return {**out, "decision": "", "prompt": "", "legal": [], "view": None}
        w = built.work
        view = w.view(seat)
        view.pop("log", None)
        legal = [{"id": a, "text": text.describe_action(view, a, names, cards)} for a in w.legal_actions()]
        return {**out, "decision": ask.decision_kind(view), "prompt": ask.prompt(view, names, cards),
                "legal": legal, "view": view}
