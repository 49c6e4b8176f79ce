"""What a seat (or a spectator) receives: its view with a bounded recent log, the story in words, its legal moves,
the seats, and at the end the result with the revealed seed. Built under the table's lock, so a state is never a
mix of two moments.

A state is built for every reply and every push, and most of it is the recent log and the story, which change by an
event or two from one state to the next: each event's JSON and each story line's JSON are made once and kept by the
table, and a state's ``log`` and ``story`` are those pieces joined (``orjson.Fragment``, written out as they are
when the reply is serialised). The reply's bytes are the same as serialising the lists themselves.
"""

from __future__ import annotations

from typing import Any

import orjson

from monsterbox.core.cardfile import packaged_card_data
from monsterbox.core.events import LOG_WINDOW, check_since
from monsterbox.core.i18n import pgettext, use_language
from monsterbox.core.registry import game_part
from monsterbox.server.store import commitment
from monsterbox.server.tables import Table, text_module

STORY_WINDOW = 40  # the most recent events in a replayed position's story (a live state: LOG_WINDOW)


def prompt_module(game_id: str) -> Any:
    """The game's decisions in words (``games/<id>/prompt.py``: ``decision_kind``, ``prompt``)."""
    return game_part(game_id, "prompt")


def kept(data: bytes) -> bytes:
    """``data`` copied into a bytes object of its own size, for keeping. ``orjson.dumps`` returns its output in the
    buffer it wrote it in, at least 4 KB (measured with ``tracemalloc``, orjson 3.13): a 100-byte event kept as it
    came held 4 KB, a finished Monster Inn table's pieces about 3.8 MB, and every piece was a fresh allocation too
    large for Python's small-object allocator (new pages, page faults, cache misses on every state)."""
    return bytes(memoryview(data))


def _journal(table: Table, seat: int | None, lang: str, total: int) -> tuple[list[bytes], list[bytes]]:
    """The JSON pieces of the ``total`` events ``seat`` (None: a spectator) has seen: each event as the view's log
    shows it, and each as its story entry in ``lang`` (``b""`` for an event told in no words). A seat's history only
    grows and its event ``i`` never changes, so the pieces are made once, as events come (``Game.events`` gives
    the new ones), and kept by the table (``Table.log_json``, ``Table.story_json``). A game whose wording layer
    says who reads an event otherwise than a spectator (``text.readers``) has the sentence for everyone else made
    once, from the event's JSON (``Table.common_words``). Only bytes are kept, which the
    garbage collector never scans (keeping each event's dict, to serialise a public event once for every seat, saved
    about 2% of the CPU but held 2.5 times as many objects for each full collection to scan)."""
    g = table.game
    log = table.log_json.setdefault(seat, [])
    story = table.story_json.setdefault((seat, lang), [])
    if len(log) > total or len(story) > total:  # a shorter history than the pieces: start again (never expected)
        log.clear()
        story.clear()
    if len(log) < total or len(story) < total:
        first = min(len(log), len(story))
        text, names, cards = text_module(g.game_id), table.names(), g.state.cards
        readers = getattr(text, "readers", None)
        for i, e in enumerate(g.events(seat, since=first), first):
            if i == len(log):
                log.append(kept(orjson.dumps(e)))
            if i == len(story):
                if readers is None or seat is None or seat in (readers(e) or (seat,)):
                    line = text.narrate(e, seat, names, cards)
                else:  # told to this seat as to a spectator: worded once for all such seats (Table.common_words)
                    key = (lang, log[i])
                    line = table.common_words.get(key)
                    if line is None:
                        line = table.common_words[key] = text.narrate(e, None, names, cards)
                story.append(kept(orjson.dumps({"index": i, "text": line})) if line else b"")
    return log, story


def _joined(pieces: list[bytes]) -> orjson.Fragment:
    """A JSON list of pieces of JSON, written out as it is when the reply is serialised."""
    return orjson.Fragment(b"[" + b",".join(filter(None, pieces)) + b"]")


def _view(table: Table, seat: int | None) -> dict[str, Any]:
    """``seat``'s view of the table now (None: a spectator), without its log. A move changes every seat's state at
    once, and each human seat's state is then built (a push to each socket, or the mover's reply and the next
    mover's read): the human seats' views of a version are built together (``Game.table_views``: a game may build
    the public table once for all of them) and kept by the table until the next version. They are read-only:
    ``table_state`` puts each in a new dict with its log."""
    version, views = table.views
    if version != table.version:
        humans = [i for i, s in enumerate(table.seats) if s["kind"] == "human"]
        views = dict(zip(humans, table.game.table_views(humans), strict=True))
        table.views = (table.version, views)
    view = views.get(seat)
    if view is None:  # a spectator, or a seat that is not a human's
        view = views[seat] = table.game.table_views([seat])[0]
    return view


def _shared(table: Table, lang: str) -> dict[str, Any]:
    """The part of a state every seat (and a spectator) receives alike at this moment, in ``lang``. Its fields come
    first, ``version``, ``over`` and ``to_play`` within a state's first few hundred bytes (a client may read those
    alone)."""
    g = table.game
    over = g.over
    out: dict[str, Any] = {
        "id": table.id, "game": g.game_id, "players": g.players, "version": table.version, "over": over,
        "to_play": g.to_play, "status": table.status(), "seats": table.public_seats(), "practice": table.practice,
        "hints": table.hints, "seed_commitment": table.seed_commitment, "lang": lang,
    }
    if table.notice:
        out["notice"] = table.notice
    if table.clock is not None:
        out["clock"] = table.clock  # each seat's bank and the deadline of the seat to play (server/clock.py)
    if over:
        out["result"] = g.result()
        # the revealed seed checked against the commitment published before the deal (as the record is)
        out["deal"] = {"seed": str(g.seed), "verified": commitment(g.seed) == table.seed_commitment}
    return out


def _own(table: Table, seat: int | None, lang: str) -> dict[str, Any]:
    """The part of a state that is ``seat``'s own (None: a spectator's): its view with its recent events, the story
    of them in ``lang``, the decision the table waits for (``decision``: its kind, "" when the game is over;
    ``prompt``: the seat's question in one line, or whom the table waits for and on what), and its legal moves in
    words when it is a human seat to play."""
    g = table.game
    view = dict(_view(table, seat))
    total = g.event_count(seat)
    first = max(0, total - LOG_WINDOW)  # the recent events, as Game.view gives them; older ones: /events
    log, story = _journal(table, seat, lang, total)
    view["log"], view["log_first"] = _joined(log[first:]), first
    legal: list[dict[str, str]] = []
    if seat is not None and g.to_play == seat and table.seats[seat]["kind"] == "human":
        text, names, cards = text_module(g.game_id), table.names(), g.state.cards
        legal = [{"id": a, "text": text.describe_action(view, a, names, cards)} for a in g.legal_actions()]
    ask = prompt_module(g.game_id)
    return {"seat": seat, "view": view, "decision": ask.decision_kind(view),
            "prompt": ask.prompt(view, table.names(), g.state.cards), "legal": legal,
            "story": _joined(story[first:]), "story_first": first}


def table_state(table: Table, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """What ``seat`` (None: a spectator) receives now, in ``lang``: the shared part, then the seat's own."""
    with table.lock, use_language(lang):
        return {**_shared(table, lang), **_own(table, seat, lang)}


def state_json(table: Table, seat: int | None, lang: str = "en") -> bytes:
    """``table_state`` serialised, kept per seat and language until the table changes. The page posts a move and
    then receives the same state again through its socket, and a seat may watch from several sockets: each is
    the same bytes. A state is made of the game at ``version``, the seats (a list replaced whole whenever a seat
    changes), the notice and the published commitment; anything else in it is fixed for the table's life.

    The shared part is serialised once per language and kept with the same key (``Table.shared_json``); a seat's
    state is that JSON object and the seat's own part joined into one (the bytes of ``table_state`` serialised:
    tested)."""
    with table.lock:
        key = (table.version, table.seats, table.notice, table.seed_commitment)
        hit = table.state_json.get((seat, lang))
        if hit is not None and _fresh(hit[0], key):
            return hit[1]
        with use_language(lang):
            shared = table.shared_json.get(lang)
            if shared is None or not _fresh(shared[0], key):
                shared = table.shared_json[lang] = (key, kept(orjson.dumps(_shared(table, lang))))
            own = orjson.dumps(_own(table, seat, lang))
        # two JSON objects with no key in common, as one: {shared...} + {own...} -> {shared..., own...}
        data = b"".join((memoryview(shared[1])[:-1], b",", memoryview(own)[1:]))
        table.state_json[(seat, lang)] = (key, data)
        return data


def _fresh(kept_key: tuple[Any, ...], key: tuple[Any, ...]) -> bool:
    """Whether what was kept at ``kept_key`` still stands at ``key``: the same version, the same seats list (by
    identity: it is replaced whole when a seat changes), notice and commitment."""
    return kept_key[0] == key[0] and kept_key[1] is key[1] and kept_key[2] == key[2] and kept_key[3] == key[3]


def story_page(table: Table, seat: int | None, lang: str, start: int, stop: int) -> list[dict[str, Any]]:
    """Story entries ``start:stop`` of ``seat``'s history (None: a spectator) in ``lang``, from the table's pieces
    (``_journal``): events told in no words are left out."""
    _, story = _journal(table, seat, lang, table.game.event_count(seat))
    return [orjson.loads(p) for p in story[start:stop] if p]


def replay_story(table: Table, at: Any, seat: int | None, lang: str = "en") -> list[dict[str, Any]]:
    """The story of a replayed position ``at`` (a rebuilt copy of the table's game), as ``seat`` (None: a spectator)
    saw it: its most recent ``STORY_WINDOW`` events in words. ``at`` is a beginning of the table's game and a
    seat's event ``i`` never changes, so the table's own pieces are its words."""
    with table.lock, use_language(lang):
        count = at.event_count(seat)
        return story_page(table, seat, lang, max(0, count - STORY_WINDOW), count)


def events_page(table: Table, seat: int | None, since: int, limit: int, lang: str = "en") -> dict[str, Any]:
    """``/events``: ``limit`` story entries of ``seat``'s history from its event ``since`` on, and where the next
    page starts (None: no more)."""
    with table.lock, use_language(lang):
        total = table.game.event_count(seat)
        start, stop = check_since(since, limit, total)
        return {"events": story_page(table, seat, lang, start, stop), "next": stop if stop < total else None}


def rules_page(game_id: str, lang: str) -> dict[str, Any]:
    """The rules in the project's own words with the card reference (``games/<id>/help.py``), as Markdown and split
    into sections for the page's help panel."""
    help_module = game_part(game_id, "help")
    with use_language(lang):
        markdown: str = help_module.rules_text()
    title, sections, current = game_id, [], None
    for line in markdown.splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
        elif line.startswith("#"):
            current = {"title": line.lstrip("#").strip(), "text": ""}
            sections.append(current)
        elif current is not None:
            current["text"] += line.replace("**", "") + "\n"
    for sec in sections:
        sec["text"] = sec["text"].strip()
    return {"game": game_id, "lang": lang, "title": title, "sections": sections, "markdown": markdown}


def card_page(game_id: str, lang: str) -> Any:
    """The packaged card file of a game for the page, each card's ``name`` in ``lang`` (the catalogue's card names,
    ``pgettext("card", name)``; ``name_en`` keeps the file's own)."""
    data = packaged_card_data(game_id)
    if lang == "en":
        return data
    with use_language(lang):
        for value in data.values():
            for card in value if isinstance(value, list) else ():
                if isinstance(card, dict) and isinstance(card.get("name"), str):
                    card["name_en"] = card["name"]
                    card["name"] = pgettext("card", card["name"])
    return data
