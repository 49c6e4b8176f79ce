"""Slips in the words players read, and the class made impossible (issue 26, items 14 and 15).

- Grammar through ``core.wording``: "a"/"an" (``articles``), "de"/"d'" (``elide``), "Label : text" (``labelled``),
  percentages (``percent``), plurals (``count``).
- One glossary per game (``core.glossary``), checked against the French catalogue; French punctuation in the
  catalogue (a space before ":", ";", "!", "?", "%").
- Random games of every game, both languages: no narrated sentence or choice with "a" before a vowel, a doubled word,
  an empty list (":;", ": ."), "of you", or (French) a missing space before ":"/"%".
- One name per seat: play, replay and review of the same game name the seats alike (``core.wording.seat_names``).
"""

from __future__ import annotations

import importlib
import io
import json
import random
import re

import pytest
from babel.messages.pofile import read_po
from rich.console import Console
from typer.testing import CliRunner

import monsterbox
from monsterbox.cli import app
from monsterbox.core.glossary import GLOSSARY, SOURCES
from monsterbox.core.i18n import po_path, use_language
from monsterbox.core.wording import articles, labelled, percent, record_seats, seat_names, table_seats
from tests.maker.helpers import maker, place_monster, set_hand
from tests.mansion.helpers import mansion

runner = CliRunner()


def catalogue():
    with po_path("fr").open("rb") as f:
        return read_po(f, locale="fr")


def text_of(message) -> str:
    return message if isinstance(message, str) else " ".join(message)


# --- the grammar helpers -------------------------------------------------------------------------------------------
def test_articles_before_a_vowel_in_english_only():
    assert articles("Ada puts a Orc (9) in your labyrinth.") == "Ada puts an Orc (9) in your labyrinth."
    assert articles("A Elven Bow and a Ancient Talisman") == "An Elven Bow and an Ancient Talisman"
    assert articles("a one-eyed troll, a unicorn, a useful Net, a Uprising") == \
        "a one-eyed troll, a unicorn, a useful Net, an Uprising"
    assert articles("Gimra a") == "Gimra a"
    with use_language("fr"):
        assert articles("a Orc") == "a Orc"


def test_labels_and_percentages_follow_the_language():
    assert labelled("Bank", "3") == "Bank: 3" and percent(0.456) == "46%"
    with use_language("fr"):
        assert labelled("Banque", "3") == "Banque : 3"
        assert re.fullmatch(r"46[\u00a0\u202f]%", percent(0.456))


# --- the slips of issue 26 -----------------------------------------------------------------------------------------
def test_maker_puts_an_orc():
    text = importlib.import_module("monsterbox.games.maker.text")
    e = {"type": "place", "seat": 1, "target": 0, "monster": "orc"}
    g = maker(3)
    assert text.narrate(e, 0, ["Ada", "Bot 2 (hard)", "Cy"], g.state.cards) == \
        "Bot 2 (hard) puts an Orc (9) in your labyrinth."


def test_maker_discard_action_with_nothing_to_discard_says_no_cards_were_discarded():
    """P10: the discard action on an empty hand ends at once: the story used to say "discards cards."."""
    g = maker(3)
    place_monster(g, 0, "goblin")
    set_hand(g, 0, [])
    g.play("discard")
    text = importlib.import_module("monsterbox.games.maker.text")
    lines = [text.narrate(e, 1, ["Ada", "Bo", "Cy"], g.state.cards) for e in g.events(1)]
    assert "Ada takes the discard action." in lines
    assert not any("discards cards" in x for x in lines)


def test_monster_bank_names_your_cubes_without_of_you():
    from monsterbox.tui import Seats
    from monsterbox.tui.monster import print_table

    g = monsterbox.new_game("monster", 2, 3)
    g.state.bank_cubes[0] = [0, 1]
    console = Console(width=200, record=True)
    print_table(console, g.view(0), Seats(0, ["You", "Bot 2 (hard)"]), g.state.cards)
    out = console.export_text()
    assert "of you" not in out and "(cubes: you and Bot 2 (hard))" in out


def test_mansion_dummy_line_has_no_empty_part():
    """Two players: the dummy holds actors but no tile: "The dummy: actors: ..." (it read "The dummy:; actors")."""
    from monsterbox.tui import Seats
    from monsterbox.tui.mansion import seat_block

    g = mansion(2)
    v = g.view(0)
    dummy = dict(v["seats"][2])
    dummy["actors"] = [dict(a) for a in v["audition"][:1]]
    dummy["tile"] = None
    console = Console(width=200, record=True)
    from monsterbox.tui.mansion import lookup

    console.print(seat_block(v, dummy, Seats(0, ["You", "Bot 2 (hard)"]), lookup(g.state.cards)))
    out = console.export_text()
    assert ":;" not in out and ": ;" not in out and "actors:" in out


def test_inn_support_with_no_human_beneath_says_so():
    text = importlib.import_module("monsterbox.games.inn.text")
    g = monsterbox.new_game("inn", 3, 1)
    v = g.view(0)
    v["seat"] = 0
    mon = next(c for c in v["tavern"] if c["kind"] == "monster")
    v["seats"][0]["dungeon"] = {"monsters": [mon], "humans": []}
    label = text.describe_action(v, f"support:{mon['id']}:gold", None, g.state.cards)
    assert "no human beneath it yet" in label and "safe from the human beneath" not in label
    e = {"type": "support", "seat": 1, "monster": mon["id"], "kind": "gold"}
    assert "safe from the human beneath." not in text.narrate(e, 0, None, g.state.cards)


def test_inn_next_card_label_reads_in_french():
    from monsterbox.games.inn.help import table_help

    g = monsterbox.new_game("inn", 3, 1)
    with use_language("fr"):
        out = table_help(g.view(0), g.state.cards)
    assert "**Carte suivante** — " in out and "suivante** un" not in out
    assert "Échange : prendre la Réserve de Trésors" in out and "Partir : prendre la Réserve de Trésors" in out


def test_inn_cards_all_have_their_effect_in_words_in_both_languages():
    """Every Inn card shown as the next card of the tavern says what it does, in English and in French."""
    from monsterbox.games.inn.help import table_help

    g = monsterbox.new_game("inn", 3, 1)
    s = g.state
    for c in range(len(s.cards.ids)):
        s.tavern[s.tpos] = c
        s.step += 1
        lines = {}
        for lang in ("en", "fr"):
            with use_language(lang):
                lines[lang] = table_help(g.view(0), s.cards).splitlines()[1]
        assert re.search(r"a (monster|human); .{40,}", lines["en"]), lines["en"]
        assert re.search(r"un (Monstre|Humanoïde) ; .{40,}", lines["fr"]), lines["fr"]


def test_replay_header_is_in_the_language(tmp_path):
    g = monsterbox.new_game("inn", 3, 8)
    while not g.over:
        g.play(g.legal_actions()[0])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(g.record()))
    result = runner.invoke(app, ["--lang", "fr", "replay", str(path)])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())  # the console wraps long lines (a long temporary path)
    assert "3 joueurs, graine 8" in flat and "revérifiées : OK, la partie est finie." in flat
    assert "players" not in result.output and "Seat " not in result.output and "Place " not in result.output


# --- the glossary and French punctuation in the catalogue ----------------------------------------------------------
def test_french_catalogue_follows_each_games_glossary():
    """For each game's messages (by their location): a message with the English term has the French one in its
    translation; a term reserved for one thing ("Réserve" alone: the supply) is not used for another (the pool)."""
    bad = []
    po = catalogue()
    for game, terms in GLOSSARY.items():
        for m in po:
            if not m.id or not any(f.startswith(SOURCES[game]) for f, _ in m.locations):
                continue
            ident, tr = text_of(m.id), text_of(m.string)
            if "card file" in ident or "field '" in ident:  # card-file errors name the file's (English) keys
                continue
            words = re.sub(r"\{[^}]*\}", "", ident)
            for t in terms:
                if re.search(rf"\b(?:{t.english})\b", words, re.I):
                    if t.french.lower() not in tr.lower():
                        bad.append(f"{game}: {ident!r} -> {tr!r} lacks {t.french!r}")
                elif t.only_for and re.search(t.only_for, tr):
                    bad.append(f"{game}: {ident!r} -> {tr!r} uses {t.only_for!r} (only for {t.english!r})")
    assert not bad, "\n".join(bad[:20])


def test_glossary_catches_the_pool_called_reserve():
    """The check above fails on the slip issue 26 found: the pool called "la Réserve"."""
    inn = GLOSSARY["inn"]
    supply = next(t for t in inn if t.english == "supply")
    assert re.search(supply.only_for, "Partir : prendre la Réserve et la carte suivante.")
    assert not re.search(supply.only_for, "Partir : prendre la Réserve de Trésors et la carte suivante.")


#: a gendered French article straight before a filled-in name: the name's gender is unknown to the sentence
NAME_FIELDS = "monster|weapon|actor|treasure|card|character|lair|item|loot|chamber|reward|creature|label|what"
GENDERED = re.compile(rf"\b(?:[Uu]ne?|[Ll][ea]|[Dd]u|[Aa]u) \{{(?:{NAME_FIELDS})\}}")


def test_french_never_puts_a_gendered_article_before_a_name():
    """French names a card with a classifier noun ("le monstre {monster}", "l'arme {weapon}"), never "un {monster}":
    "un Orque" but "une Goule". "de"/"d'" before a name is made right by ``elide``."""
    po = catalogue()
    bad = [(text_of(m.id)[:60], text_of(m.string)) for m in po if m.id and GENDERED.search(text_of(m.string))]
    assert not bad, bad[:10]
    assert GENDERED.search("Vous placez un {monster} dans le labyrinthe.") and not GENDERED.search("un {n}")


FR_PUNCT = re.compile(r"[^\s\u00a0\u202f({\[\"'«]([:;!?%])(?!//)")


def french_punctuation_slips(text: str) -> list[str]:
    """Where a French text lacks the space before ":", ";", "!", "?", "%" (placeholders, URLs and "::" aside)."""
    text = re.sub(r"\{[^}]*\}", "X", text)  # {n}, {x:.0%}
    text = re.sub(r"https?://\S+|\w+\.\w+:\d+|\d+:\d+|\b(?:Authorization|Content-Type):", "", text)
    return [text[max(0, m.start() - 20):m.end() + 5] for m in FR_PUNCT.finditer(text)]


def test_french_catalogue_has_a_space_before_high_punctuation():
    po = catalogue()
    bad = [(text_of(m.id)[:60], hit) for m in po if m.id and m.string
           for hit in french_punctuation_slips(text_of(m.string))]
    assert not bad, bad[:20]
    assert french_punctuation_slips("Bank: 3, 45%") and not french_punctuation_slips("Banque : 3, 45 %")


@pytest.mark.parametrize("game_id", ["inn", "maker", "mansion", "monster"])
def test_french_rules_have_a_space_before_high_punctuation(game_id):
    """The rules and card reference (``games/<id>/help.py``) in French: "**Dracula** : ...", "a ; b" (they were
    written "**Dracula**: ..." by the code, outside the catalogue)."""
    help_module = importlib.import_module(f"monsterbox.games.{game_id}.help")
    with use_language("fr"):
        text = help_module.rules_text()
    bad = [line for line in text.splitlines() if french_punctuation_slips(line)]
    assert not bad, bad[:5]


# --- random games: what players read ------------------------------------------------------------------------------
SLIPS = {
    "a before a vowel": (re.compile(r"(?<![\w'’])[Aa] (?=[AEIOU])"), "en"),
    "doubled word": (re.compile(r"\b(?!vous\b|nous\b)(\w+) \1\b", re.I), None),
    "empty list": (re.compile(r":\s*[;.,]|:\s*$|:\s*\)"), None),
    "of you": (re.compile(r"\bof you\b"), "en"),
}
NAMES = ["Ada", "Bot 2 (hard)", "Cy", "Bot 4 (easy)", "Eve"]


def slips(text: str, lang: str) -> list[str]:
    out = [k for k, (p, only) in SLIPS.items() if only in (None, lang) and p.search(text)]
    if lang == "fr" and french_punctuation_slips(text):
        out.append("French punctuation")
    return out


@pytest.mark.parametrize("game_id,players", [("inn", 3), ("maker", 2), ("maker", 4), ("mansion", 2), ("mansion", 3),
                                             ("monster", 2), ("monster", 3)])
def test_no_slips_in_what_random_games_tell(game_id, players):
    text = importlib.import_module(f"monsterbox.games.{game_id}.text")
    found: dict[str, str] = {}
    for seed in range(2):
        g = monsterbox.new_game(game_id, players, seed)
        r = random.Random(seed)
        names = NAMES[:players]
        while not g.over:
            if r.random() < 0.15:
                for lang in ("en", "fr"):
                    with use_language(lang):
                        v = g.view(g.to_play)
                        for a in g.legal_actions():
                            line = text.describe_action(v, a, names, g.state.cards)
                            for k in slips(line, lang):
                                found.setdefault(f"{lang} {k}", line)
            acts = g.legal_actions()
            g.play(acts[r.randrange(len(acts))])
        for lang in ("en", "fr"):
            with use_language(lang):
                for seat in [*range(players), None]:
                    for e in g.events(seat):
                        line = text.narrate(e, seat, names, g.state.cards)
                        for k in slips(line or "", lang):
                            found.setdefault(f"{lang} {k}", line)
    assert not found, found


@pytest.mark.parametrize("game_id,players", [("inn", 3), ("maker", 3), ("mansion", 2), ("monster", 3)])
def test_no_slips_in_the_terminal_table(game_id, players):
    """The terminal's table (``tui/<id>.py``) at random positions, both languages: the same slips, and no seat
    line left empty ("The dummy:")."""
    from monsterbox.tui import Seats, renderer

    found: dict[str, str] = {}
    g = monsterbox.new_game(game_id, players, 1)
    r = random.Random(1)
    names = ["You", *NAMES[1:players]]
    step = 0
    while not g.over:
        if step % 15 == 0:
            for lang in ("en", "fr"):
                with use_language(lang):
                    console = Console(width=250, record=True, file=io.StringIO())
                    renderer(game_id).print_table(console, g.view(0), Seats(0, names), g.state.cards)
                    for line in console.export_text().splitlines():
                        kinds = slips(re.sub(r"\s?:\s*$", "", line), lang)  # a heading ends with ":"
                        if re.fullmatch(r"\s*[^:]{1,40}\s?:", line):
                            kinds.append("empty line")
                        for k in kinds:
                            found.setdefault(f"{lang} {k}", line)
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
        step += 1
    assert not found, found


def test_the_slip_check_finds_each_slip():
    assert slips("Ada puts a Orc (9) in your labyrinth.", "en") == ["a before a vowel"]
    assert slips("Stake 9 (cubes of you)", "en") == ["of you"]
    assert slips("The dummy:; actors: Dracula", "en") == ["empty list"]
    assert slips("A a Goblin", "en") == ["doubled word"]
    assert slips("Gagnez 3 villageois: bravo", "fr") == ["French punctuation"]


# --- one name per seat (item 14) -----------------------------------------------------------------------------------
def test_seat_names_one_function():
    seats = table_seats(3, 0, ["hard", "easy"])
    assert seat_names(seats, reader=0) == ["You", "Bot 2 (hard)", "Bot 3 (easy)"]
    assert seat_names(seats) == ["Player 1", "Bot 2 (hard)", "Bot 3 (easy)"]
    assert seat_names(table_seats(3, 1, ["hard"] * 2, "Ada"), reader=1) == ["Bot 1 (hard)", "Ada", "Bot 3 (hard)"]
    # an old record: no seats, only the terminal's table; or nothing at all
    old = {"players": 3, "table": {"seat": 0, "bots": ["hard"], "name": None}}
    assert seat_names(record_seats(old)) == ["Player 1", "Bot 2 (hard)", "Bot 3 (hard)"]
    assert seat_names(record_seats({"players": 2})) == ["Player 1", "Player 2"]


def test_the_server_names_seats_with_the_same_function():
    from monsterbox.server.tables import seats_listing

    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "agent": "hard"}, {"kind": "open"}]
    assert [s["name"] for s in seats_listing(seats)] == seat_names(seats) == ["Ada", "Bot 2 (hard)", "Player 3"]


def test_play_replay_and_review_name_the_seats_alike(tmp_path):
    rec = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "inn", "--players", "3", "--seed", "4", "--bots", "easy,random",
                                 "--name", "Ada", "--save", str(rec)], input="1\n" * 200)
    assert played.exit_code == 0, played.output
    record = json.loads(rec.read_text())
    assert record["seats"] == [{"kind": "human", "name": "Ada"}, {"kind": "bot", "agent": "easy"},
                               {"kind": "bot", "agent": "random"}]
    replayed = runner.invoke(app, ["replay", str(rec)])
    reviewed = runner.invoke(app, ["review", str(rec), "--seat", "0", "--budget", "2"])
    assert replayed.exit_code == 0 and reviewed.exit_code == 0, replayed.output + reviewed.output
    for out in (played.output, replayed.output, reviewed.output):
        flat = " ".join(out.split())
        assert "Ada" in flat and "Bot 2 (easy)" in flat and "Bot 3 (random)" in flat, out[-2000:]
        assert "Seat 0" not in flat and "Player 1" not in flat and "Player 2" not in flat and "Bot 1 " not in flat
