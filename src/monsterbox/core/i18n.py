"""Every word a player reads, in the player's language: gettext catalogues read with Babel.

The catalogues are the ``.po`` files under ``monsterbox/locale/<lang>/LC_MESSAGES/monsterbox.po`` (the source of
truth, kept in git). Nothing compiled is committed: the first time a language is used its ``.po`` is read with
Babel's ``read_po`` and turned into a ``Translations`` object in memory (cached per process), so a clean clone works
with no build step.

The language is English unless ``MONSTERBOX_LANG`` (or ``--lang`` on the command line, or the server per request
through :func:`use_language`) says otherwise. It is held in a context variable, so two requests of a server in two
languages do not mix.

Plurals use ``ngettext`` (each language's own plural rule: French says "1 gemme, 0 gemme, 2 gemmes"); lists use
Babel's ``format_list`` ("a, b and c" / "a, b et c").
"""

from __future__ import annotations

import contextvars
import functools
import io
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from monsterbox.core.errors import InvalidOptions, MonsterboxError, Phrase

DOMAIN = "monsterbox"
LOCALE_DIR = Path(__file__).parent.parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"
ENV_VAR = "MONSTERBOX_LANG"

_language: contextvars.ContextVar[str | None] = contextvars.ContextVar("monsterbox_language", default=None)


def check_language(lang: str) -> str:
    """``lang`` normalised ("fr_FR.UTF-8" -> "fr"), or InvalidOptions naming the languages there are."""
    short = lang.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    if short not in LANGUAGES:
        raise InvalidOptions(f"unknown language {lang!r}; languages: {', '.join(LANGUAGES)}")
    return short


def language() -> str:
    """The language in force: the context's, else ``MONSTERBOX_LANG``'s, else English."""
    lang = _language.get()
    if lang:
        return lang
    env = os.environ.get(ENV_VAR, "")
    if env:
        try:
            return check_language(env)
        except InvalidOptions:
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def set_language(lang: str | None) -> None:
    """Use ``lang`` from now on in this context (None: back to the environment's choice)."""
    _language.set(check_language(lang) if lang else None)


class use_language:  # noqa: N801 - used as a function: ``with use_language("fr"): ...``
    """``with use_language("fr"): ...``: the server's way, one language per request (a plain class rather than a
    generator-based context manager: it is entered for every state the server builds)."""

    __slots__ = ("lang", "token")

    def __init__(self, lang: str | None) -> None:
        self.lang = (lang if lang in LANGUAGES else check_language(lang)) if lang else None

    def __enter__(self) -> None:
        self.token = _language.set(self.lang)

    def __exit__(self, *exc: object) -> None:
        _language.reset(self.token)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> NullTranslations:
    """The catalogue of ``lang``, compiled in memory from its ``.po`` (English: the messages themselves)."""
    if lang == DEFAULT_LANGUAGE or not po_path(lang).exists():
        return NullTranslations()
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)  # fuzzy entries are left out, as msgfmt does
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


@functools.cache
def _lookups(lang: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``lang``'s catalogue's ``gettext`` and ``ngettext``, found once: every sentence a server state tells looks up
    several messages (about 30 lookups a move at a Monster Inn table of three), each of which had found the
    language's catalogue afresh."""
    catalogue = translations(lang)
    return catalogue.gettext, catalogue.ngettext


def _(message: str) -> str:
    """The translation of ``message`` in the language in force."""
    return _lookups(_language.get() or language())[0](message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, by the language's own plural rule."""
    return _lookups(_language.get() or language())[1](singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A translation with a context (card names: ``pgettext("card", "Stake")``)."""
    return str(translations(language()).pgettext(context, message))


_ELISION = re.compile(r"\b([Dd])e ([AEIOUYÉÈÊaeiouyéèê])")


def elide(text: str) -> str:
    """French elision of "de" before a vowel, where a name was filled in: "les trésors de Ada" -> "les trésors
    d'Ada", "la pile de Eau bénite" -> "la pile d'Eau bénite" (other languages: unchanged)."""
    if language() != "fr":
        return text
    return _ELISION.sub(lambda m: f"{m.group(1)}'{m.group(2)}", text)


def N_(message: str) -> str:
    """Marks a message for extraction without translating it now (it is translated where it is shown)."""
    return message


@functools.cache
def _locale(lang: str) -> Locale:
    """The language's Babel locale, parsed once: a locale loads its CLDR data once, a new one each time again
    (measured: 75 µs a list with a new locale, 9 µs with this one)."""
    return Locale.parse(lang)


@functools.lru_cache(maxsize=4096)
def _format_list(items: tuple[str, ...], style: Literal["standard", "or"], lang: str) -> str:
    """Babel's ``format_list``, remembered: the same few lists are worded again and again."""
    return str(format_list(list(items), style=style, locale=_locale(lang)))


def and_list(items: Iterable[str]) -> str:
    """"a, b and c" in the language in force (Babel's CLDR list patterns); "" for no item."""
    items = list(items)
    if not items:
        return ""
    return _format_list(tuple(items), "standard", language())


def or_list(items: Iterable[str]) -> str:
    """"a, b or c"."""
    items = list(items)
    if not items:
        return ""
    return _format_list(tuple(items), "or", language())


def localized_error(exc: BaseException) -> str:
    """An error's message in the language in force: its template (``core.errors``) translated and filled with its
    fields, nested errors and phrases translated too; an error without a template is shown as it is."""
    if not isinstance(exc, MonsterboxError):
        return str(exc)
    text = _(exc.template) if exc.template else str(exc)
    if not exc.fields:
        return text

    def word(value: object) -> object:
        if isinstance(value, BaseException):
            return localized_error(value)
        if isinstance(value, Phrase):
            if not value.fields:
                return _(value.template)
            try:
                return _(value.template).format(**{k: word(v) for k, v in value.fields.items()})
            except (KeyError, IndexError, ValueError):
                return str(value)
        return value

    try:
        return text.format(**{k: word(v) for k, v in exc.fields.items()})
    except (KeyError, IndexError, ValueError):  # a translation that does not fit its fields: the English
        return str(exc)
