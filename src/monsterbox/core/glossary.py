"""One glossary per game: the French word for each term of its rules, for the translators and for the test that
checks the catalogue (``tests/test_wording.py``).

Monster Inn's words are the French rulebook's (``shared/rules/monster-inn.fr.txt``): the treasures in the centre of
the Inn are the *Réserve de Trésors* (EN: the pool); *la Réserve* alone is the supply, the treasures no one holds
(EN: the supply). The other games have no French rulebook: their words are those the catalogue chose, kept one.

Before a filled-in name, French writes a classifier noun ("le monstre {monster}", "l'arme {weapon}"), never a
gendered article ("un {monster}": "un Orque" but "une Goule"); "de {name}" is elided by ``core.i18n.elide``.

Each term: the English word (a regular expression, matched whole-word and case-blind in a message), the French
word every translation of such a message uses, and a French pattern no translation of a message *without* the
English word may hold (a term used for another thing: "Réserve" alone for the pool).
"""

from __future__ import annotations

from typing import NamedTuple


class Term(NamedTuple):
    english: str  # regular expression, whole words, case-blind
    french: str  # the word every translation of a message with the English term holds (case-blind)
    #: a French pattern (regular expression) that only a message with the English term may hold, or ""
    only_for: str = ""


GLOSSARY: dict[str, list[Term]] = {
    "inn": [
        Term(r"pool", "Réserve de Trésors"),
        Term(r"supply", "Réserve", r"\b[Rr]éserve(?! de Trésors)"),
        Term(r"humans?", "Humanoïde"),
        Term(r"drops? out|drop out", "Part"),
        Term(r"stays? in", "Rest"),
        Term(r"support bonus", "Bonus de Soutien"),
        Term(r"dungeon", "donjon"),
    ],
    "maker": [
        Term(r"labyrinth", "labyrinthe"),
        Term(r"cleric", "Clerc"),
        Term(r"trap", "Piège"),
    ],
    "mansion": [
        Term(r"skulls?", "crâne"),
        Term(r"audition", "audition"),
        Term(r"chambers?", "salle"),
        Term(r"tickets?", "billet"),
    ],
    "monster": [
        Term(r"lairs?", "repaire"),
        Term(r"bank", "banque"),
        Term(r"villagers?", "villageois"),
    ],
}

#: where a game's messages come from (the catalogue's locations)
SOURCES = {game: (f"games/{game}/", f"tui/{game}.py") for game in GLOSSARY}
