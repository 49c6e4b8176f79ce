"""Reasons for refused choices, as a player reads them: in words (card names from the card file, never an id), in
the second person, in the player's language, and telling nothing the player may not know."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import monsterbox
from monsterbox.cli import app
from monsterbox.core.i18n import use_language
from monsterbox.tui import refusal_text

NAMES = ["Ada", "Bob", "Cy", "Dee"]
# an id or an action name on screen: snake_case, Monster Inn / Maker card ids, "kill:lair_2:stake", a seat number
ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b[MHL]\d{1,2}\b|\w:\w|\b[Ss]eat \d")


def refused(g, sample: int, rng: random.Random) -> list[str]:
    names, _codes = g.rules.action_tables(g.state)
    legal = set(g.legal_actions())
    pool = [a for a in names if a not in legal]
    return rng.sample(pool, min(sample, len(pool)))


def words(g, seat, action, lang):
    with use_language(lang):
        return refusal_text(g, seat, action, NAMES)


@pytest.mark.parametrize("game_id", ["inn", "monster", "mansion", "maker"])
def test_every_refusal_is_in_words_translated_and_tells_nothing_hidden(game_id):
    """Random mid-game states: each refused move is explained with no id in English and in French, the French
    differs from the English, and a determinization (every card hidden from the seat to play drawn again) gives the
    very same words: the reason depends only on what the seat may know."""
    codes = set()
    for seed in range(2):
        g = monsterbox.new_game(game_id, 4, seed)
        rng = random.Random(seed)
        step = 0
        while not g.over and step < 90:
            if step % 9 == 0:
                p = g.to_play
                det = g.determinize(p, seed * 1000 + step)
                for a in refused(g, 25, rng):
                    codes.add(g.rules.refusal(g.state, a).code)
                    en, fr = words(g, p, a, "en"), words(g, p, a, "fr")
                    assert not ID.search(en) and not ID.search(fr), (a, en, fr)
                    assert en != fr, (a, en, fr)
                    assert words(det, p, a, "en") == en and words(det, p, a, "fr") == fr, (a, en)
            g.play(rng.choice(g.legal_actions()))
            step += 1
    assert len(codes - {"not_now", "unknown", "over"}) >= 3, codes  # specific reasons, not only the generic one


def first_refusal(game_id, code, seeds=range(6), players=4, steps=200):
    """The first (game, action) of seeded random games where ``action`` is refused for ``code``."""
    for seed in seeds:
        g = monsterbox.new_game(game_id, players, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if g.over:
                break
            names, _codes = g.rules.action_tables(g.state)
            legal = set(g.legal_actions())
            for a in names:
                if a not in legal and g.rules.refusal(g.state, a).code == code:
                    return g, a
            g.play(rng.choice(sorted(legal)))
    raise AssertionError(f"no {code} refusal found")


def test_monster_wrong_weapon_names_the_lair_the_monster_and_the_weapon_it_needs():
    g, a = first_refusal("monster", "not_top")
    s, p = g.state, g.to_play
    r = g.rules.refusal(s, a)
    lair = next(x.name for x in s.cards.lairs + s.cards.crises if x.id == r.params["lair"])
    needed = next(w for w in s.cards.weapons if w.id == r.params["needed"])
    en = words(g, p, a, "en")
    assert en == (f"Only the top monster of a lair can be killed: the top of {lair} is a {needed.monster}, which "
                  f"needs a {needed.name}.")
    fr = words(g, p, a, "fr")
    assert fr.startswith("Seul le monstre du dessus d'un repaire peut être tué")
    assert r.params["lair"] not in en + fr and r.params["needed"] not in en + fr


def test_monster_reason_does_not_change_when_another_hunters_hidden_hand_does():
    g, a = first_refusal("monster", "no_weapon")
    p = g.to_play
    before = words(g, p, a, "en")
    assert before.startswith("You have no ") and before.endswith(" in hand or armed.")
    other = (p + 1) % g.players
    hand = g.state.hands[other]
    w = next(i for i, k in enumerate(hand) if k)
    hand[w] -= 1
    hand[(w + 1) % len(hand)] += 1  # another weapon in a hand the seat cannot see
    assert words(g, p, a, "en") == before


def test_inn_exchange_short_counts_in_words():
    g, a = first_refusal("inn", "exchange_short")
    r = g.rules.refusal(g.state, a).params
    en = words(g, g.to_play, a, "en")
    assert en.startswith("An exchange takes the ") and f"places {r['need']} " in en and "but you have only" in en
    assert "mais vous n'avez que" in words(g, g.to_play, a, "fr")


def test_inn_support_names_the_monster_by_its_face():
    g, a = first_refusal("inn", "not_in_dungeon")
    mid = a.split(":")[1]
    en = words(g, g.to_play, a, "en")
    assert en.endswith(" is not in your dungeon.") and mid not in en
    assert re.match(r"The (Undead|Kobold|Goblin|Orc|Troll) \d+ \(\d skulls?\)", en), en


def test_mansion_unaffordable_actor_shows_its_cost_and_your_skulls():
    g, a = first_refusal("mansion", "cannot_pay")
    aid = a.split(":")[1]
    actor = next(x for x in g.state.cards.actors if x.id == aid)
    en = words(g, g.to_play, a, "en")
    assert en.startswith(f"You cannot pay for {actor.name} (") and "it costs" in en and aid not in en
    assert words(g, g.to_play, a, "fr").startswith("Vous ne pouvez pas payer ")


def test_maker_card_not_in_hand_is_named():
    g, a = first_refusal("maker", "no_card")
    en = words(g, g.to_play, a, "en")
    assert en.startswith("You hold no ") and a.split(":")[1] not in en
    assert words(g, g.to_play, a, "fr").startswith("Vous n'avez pas la carte ")


def test_maker_target_refusal_names_the_player():
    g, a = first_refusal("maker", "no_target")
    target = int(a.split(":")[2])
    en = words(g, g.to_play, a, "en")
    who = "You" if target == g.to_play else NAMES[target]
    assert en.startswith(f"{who} cannot be given a monster"), en
    monster = a.split(":")[1]
    assert monster not in en


def test_the_terminal_explains_a_typed_refused_move_in_words(tmp_path):
    runner = CliRunner()
    args = ["play", "inn", "--players", "3", "--seed", "4", "--save", str(tmp_path / "g.json")]
    out = runner.invoke(app, args, input="support:M1:gold\n1\n", env={"COLUMNS": "100"}).output
    assert "not one of your choices at this moment" in " ".join(out.split()) and "M1" not in out
    out = runner.invoke(app, ["--lang", "fr", *args[:-1], str(tmp_path / "h.json")], input="support:M1:gold\n1\n",
                        env={"COLUMNS": "100"}).output
    assert "ce n'est pas l'un de vos choix" in " ".join(out.split())
