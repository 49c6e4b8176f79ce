"""Clean errors in the player's language: the command line's own messages, the parser's (bad flags), and the
engine's errors a player meets (options, agent specs, card files, records), all through the catalogue."""

from __future__ import annotations

import pickle
import re

import pytest
from typer.testing import CliRunner

from monsterbox.cli import app
from monsterbox.core.errors import InvalidOptions, Phrase, RecordError
from monsterbox.core.i18n import localized_error, set_language, use_language

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_after_each_test():
    yield
    set_language(None)


def flat(text: str) -> str:
    return " ".join(text.split())


FRENCH = [
    (["play", "inn", "--players", "x"], "valeur invalide pour '--players' / '-p' : un nombre entier est attendu"),
    (["play", "inn", "--colour", "red"], "option inconnue : --colour"),
    (["nosuch"], "commande inconnue : nosuch"),
    (["replay"], "argument manquant : 'file'"),
    (["play", "inn", "--players", "9"], "Monster Inn se joue de 3 à 5 joueurs, reçu 9"),
    (["play", "inn", "--bots", "heuristic:treasure=abc"],
     "agent 'heuristic' : le paramètre 'treasure' doit être un nombre fini (par défaut 0.34), reçu 'abc'"),
    (["play", "inn", "--bots", "wizard"], "agent inconnu 'wizard' ; agents connus :"),
    (["simulate", "maker", "--option", "distance=5"], "l'option distance doit être un entier de 10 à 300, reçu 5"),
    (["simulate", "inn", "--option", "speed=3"], "option(s) inconnue(s) pour Monster Inn : speed ; permises :"),
    (["cards", "inn", "--file", "/nonexistent/cards.toml"],
     "le fichier de cartes '/nonexistent/cards.toml' n'existe pas ou n'est pas un fichier"),
    (["replay", "/nonexistent/game.json"], "fichier introuvable : /nonexistent/game.json"),
    (["play", "[chess]"], "jeu inconnu '[chess]' ; jeux :"),
    (["play", "maker", "--option", "dice=[9]"],
     "l'option dice doit être une liste de résultats de dé de 1 à 6, reçu [9]"),
    (["play", "inn", "--option", 'deck=["M1", "M1"]'], "option deck : id(s) de créature listé(s) plus d'une fois : M1"),
    (["play", "mansion", "--option", 'bag=["pink"]'], "l'option bag doit lister des couleurs de crânes parmi"),
    (["play", "monster", "--option", "crises=[\"nope\"]"], "l'option crises doit lister des ids parmi"),
    (["play", "inn", "--bots", "heuristic:zzz=1"],
     "ses paramètres : treasure (nombre, par défaut 0.34); margin (nombre, par défaut 0.25)"),
    (["play", "inn", "--bots", "ismcts:zzz=1"], "iterations (entier, par défaut 1000); rollout (texte, par défaut"),
    (["play", "inn", "--option", 'cards=[{"id": "M1"}]'],
     "option 'cards' : entrée n° 1 (id 'M1') : champ 'kind' : champ requis"),
]


@pytest.mark.parametrize("args,message", FRENCH)
def test_errors_in_french_with_lang(args, message):
    r = runner.invoke(app, ["--lang", "fr", *args], input="")
    assert r.exit_code not in (0, 1) or "erreur" in r.output, r.output
    assert r.exit_code != 0
    assert flat(r.output).startswith("erreur : ") and message in flat(r.output), r.output
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit))
    assert "Error" not in r.output and "Try " not in r.output


def test_errors_in_french_from_the_environment_and_in_english_by_default(tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text('{"game_id": "inn", "players": 3, "seed": 1, "actions": ["fly"]}')
    r = runner.invoke(app, ["replay", str(bad)], env={"MONSTERBOX_LANG": "fr"})
    assert r.exit_code == 1 and "l'action n°0 'fly' ne se revérifie pas" in flat(r.output), r.output
    r = runner.invoke(app, ["replay", str(bad)], env={"MONSTERBOX_LANG": ""})
    assert r.exit_code == 1 and "action #0 'fly' does not re-check" in flat(r.output)
    r = runner.invoke(app, ["play", "inn", "--players", "x"], env={"MONSTERBOX_LANG": ""})
    assert r.exit_code == 2 and flat(r.output).startswith("error: invalid value for '--players' / '-p': a whole number")
    assert re.search(r"Try '\S+ play --help' for help.", r.output)  # the program's name as run


def test_an_error_keeps_its_template_and_fields_across_processes_and_nests():
    inner = InvalidOptions("agent {name}: parameter {key} must be {kind} (default {default}), got {value}",
                           name="'x'", key="'n'", kind=Phrase("an integer"), default=3, value="'a'")
    outer = RecordError("record cannot start its game: {error}", error=inner)
    assert str(outer) == ("record cannot start its game: agent 'x': parameter 'n' must be an integer (default 3), "
                          "got 'a'")
    again = pickle.loads(pickle.dumps(outer))
    assert type(again) is RecordError and str(again) == str(outer) and again.template == outer.template
    with use_language("fr"):
        assert localized_error(outer) == ("l'enregistrement ne peut pas commencer sa partie : agent 'x' : le paramètre "
                                          "'n' doit être un entier (par défaut 3), reçu 'a'")
        assert localized_error(InvalidOptions("a message not in the catalogue")) == "a message not in the catalogue"
        assert localized_error(ValueError("plain")) == "plain"


@pytest.mark.parametrize("game,body,message", [
    ("mansion", "x = 1", "'actor' manquant"),
    ("monster", "weapon = 3", "la liste des entrées 'weapon' manque"),
    ("maker", "[[adventure]]\nid = 'x'\n[[treasure]]\nid = 'y'", "entrée aventure n° 1 (id 'x') : champ"),
    ("inn", "[meta]\ngame = 'maker'\n[[creature]]\nid = 'M1'", "[meta] game vaut 'maker', 'inn' attendu"),
])
def test_card_file_checks_in_french(game, body, message, tmp_path):
    """The games' own card-file checks (``games/*/cards.py``) speak the player's language too."""
    path = tmp_path / "cards.toml"
    path.write_text(body)
    r = runner.invoke(app, ["--lang", "fr", "cards", game, "--file", str(path)])
    assert r.exit_code != 0 and flat(r.output).startswith("erreur : ") and message in flat(r.output), r.output
    assert "field" not in r.output and "entry" not in r.output and "missing" not in r.output


def test_help_in_french_with_lang_and_from_the_environment_english_by_default():
    r = runner.invoke(app, ["--lang", "fr", "play", "--help"], env={"MONSTERBOX_LANG": "", "COLUMNS": "100"})
    out = flat(r.output)
    assert r.exit_code == 0 and "Jouer une partie dans le terminal contre des bots" in out, r.output
    for words in ("Nombre de joueurs.", "[par défaut : 4]", "<entier>", "<fichier>", "Afficher ce message et quitter.",
                  "Id du jeu : inn, monster, mansion, maker", "Usage :"):
        assert words in out, words
    for english in ("Number of players", "default:", "<int>", "<bool>", "list[str]", "Show this message"):
        assert english not in out, english
    r = runner.invoke(app, ["--help"], env={"MONSTERBOX_LANG": "fr", "COLUMNS": "100"})
    assert "Commandes" in r.output and "Jouer de nombreuses parties entre bots" in flat(r.output), r.output
    r = runner.invoke(app, ["play", "--help"], env={"MONSTERBOX_LANG": "", "COLUMNS": "100"})
    out = flat(r.output)
    assert "Number of players." in out and "[default: 4]" in out and "<integer>" in out and "Jouer" not in out
    assert "Game id: inn, monster, mansion, maker" in out and "{games}" not in out
