"""The message catalogue's template and checks (Babel): every message the games show, for the translators.

``python -m monsterbox.core.catalog update`` extracts the messages from the source (``_``, ``N_``, ``ngettext``,
``pgettext``) and the names from the card files (``pgettext("card", name)``), then merges them into each
language's ``.po`` (new messages come in untranslated; a test fails until they are translated).
``python -m monsterbox.core.catalog check`` lists what is missing.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from monsterbox.core.i18n import DOMAIN, LANGUAGES, po_path
from monsterbox.core.registry import GAME_IDS, game_part, has_part

SRC = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "count": (2, 3)}
#: errors a player may read (``core.errors``: a template and its fields) and the phrases inside them
ERROR_CALLS = ("InvalidOptions", "CardFileError", "RecordError", "Phrase", "MonsterboxError",
               # the server's own (server/errors.py) and the messages it words without raising them
               "Forbidden", "NotFound", "Stale", "Claimed", "Unavailable", "ServerError", "say", "reply_error",
               # server/accounts.py's
               "Unauthorized", "TooMany", "Taken")
#: modules whose errors reach players through the command line (their templates are catalogue messages), outside
#: the games; every module of every game package is read too (``error_modules``)
ERROR_MODULES = ("core/options.py", "core/registry.py", "core/cardfile.py", "core/record.py", "agents/registry.py",
                 "server/app.py", "server/connection.py", "server/tables.py", "server/bots.py", "server/analysis.py",
                 "server/security.py", "server/accounts.py", "server/chat.py",
                 "server/clock.py", "server/turns.py")
COLOURS = ("blue", "red", "green", "yellow", "grey", "purple")
FIELD = re.compile(r"\{[a-z_]+\}")


def card_names() -> set[str]:
    """Every name the card files give a card (told with ``pgettext("card", name)``): each registered game's
    ``card_names`` part (``core.registry``), so core imports no game."""
    names: set[str] = set()
    for game_id in GAME_IDS:
        if has_part(game_id, "card_names"):
            names |= game_part(game_id, "card_names")()
    return names


def error_modules() -> list[str]:
    """``ERROR_MODULES`` and every module of every game package (``games/**.py``), found on disk, so a game module
    split in two or added keeps its errors in the catalogue."""
    games = sorted(p.relative_to(SRC).as_posix() for p in (SRC / "games").rglob("*.py"))
    return [*ERROR_MODULES, *games]


def error_templates() -> list[tuple[str, int, str]]:
    """The templates of the errors a player may read: the first argument of ``InvalidOptions("...", field=...)``
    (and the other error classes, and ``Phrase``) when it is a plain string; an f-string is left out (its message
    stays English)."""
    out = []
    for rel in error_modules():
        tree = ast.parse((SRC / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERROR_CALLS \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.append((rel, node.lineno, node.args[0].value))
    return sorted(out)


def help_texts() -> list[tuple[str, int, str]]:
    """The command line's help (``cli.py``): the docstrings of its commands and every ``help="..."`` of their
    arguments and options (``--help`` shows them through the catalogue)."""
    rel = "cli.py"
    tree = ast.parse((SRC / rel).read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in ("command", "callback")
                for d in node.decorator_list):
            doc = ast.get_docstring(node)
            if doc:
                out.append((rel, node.lineno, doc))
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg == "help" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    out.append((rel, kw.value.lineno, kw.value.value))
    return sorted(out)


def template() -> Catalog:
    cat = Catalog(domain=DOMAIN, project="monsterbox")
    # only the modules that word what players read (the engine's own messages are developer text)
    method_map = [("core/wording.py", "python"), ("games/**/text.py", "python"), ("games/**/help.py", "python"),
                  ("games/**/prompt.py", "python"), ("tui/**.py", "python"), ("server/tables.py", "python"),
                  ("server/choice.py", "python"),
                  ("analysis/hint.py", "python"), ("analysis/review.py", "python"), ("analysis/quality.py", "python"),
                  ("analysis/terminal.py", "python"), ("cli.py", "python"),
                  ("**.py", "ignore")]
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(SRC), method_map, keywords=KEYWORDS, strip_comment_tags=True):
        if isinstance(message, tuple) and any(not m for m in message):
            continue
        if not message:
            continue
        cat.add(message, None, [(filename, lineno)], context=context)
    for where, lineno, message in error_templates():
        cat.add(message, None, [(where, lineno)])
    for where, lineno, message in help_texts():
        cat.add(message, None, [(where, lineno)])
    for name in sorted(card_names()):
        cat.add(name, None, [("data", 0)], context="card")
    for c in COLOURS:
        cat.add(c, None, [("plural", 0)], context="plural")
    return cat


def fields(message: str | tuple[str, ...] | list[str]) -> set[str]:
    text = message if isinstance(message, str) else " ".join(message)
    return set(FIELD.findall(text))


def problems(lang: str) -> list[str]:
    """What ``lang``'s catalogue lacks: untranslated or fuzzy messages, and translations whose {fields} differ."""
    with po_path(lang).open("rb") as f:
        po = read_po(f, locale=lang)
    out = []
    for msg in template():
        if not msg.id:
            continue
        got = po.get(msg.id, context=msg.context)
        ident = msg.id if isinstance(msg.id, str) else msg.id[0]
        where = f"[{msg.context}] " if msg.context else ""
        if got is None or not got.string or (isinstance(got.string, tuple) and not all(got.string)):
            out.append(f"untranslated: {where}{ident!r}")
        elif got.fuzzy:
            out.append(f"fuzzy: {where}{ident!r}")
        elif isinstance(got.string, tuple):
            if any(not fields(s) <= fields(msg.id) | {"{n}"} for s in got.string):
                out.append(f"fields differ: {where}{ident!r}")
        elif fields(got.string) != fields(msg.id):
            out.append(f"fields differ: {where}{ident!r}")
    return out


def update() -> None:
    tmpl = template()
    for lang in LANGUAGES[1:]:
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as f:
                po = read_po(f, locale=lang)
        else:
            po = Catalog(locale=lang, domain=DOMAIN, project="monsterbox")
        po.update(tmpl, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, po, width=120, omit_header=False, sort_output=False, ignore_obsolete=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
        return 0
    if argv[:1] == ["check"]:
        bad = [p for lang in LANGUAGES[1:] for p in problems(lang)]
        print("\n".join(bad) or "every message is translated")
        return 1 if bad else 0
    print("usage: python -m monsterbox.core.catalog update|check")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
