"""The card file: all 40 creatures, reconstructed data marked, user card files validated."""

import json

import pytest

import monsterbox
from monsterbox.core.errors import CardFileError
from monsterbox.games.inn.cards import RACES, default_cards, load_card_file
from tests.helpers import random_game


def test_default_file_has_all_40_creatures_marked():
    cards = default_cards()
    assert len(cards.ids) == 40
    for kind, prefix in ((0, "M"), (1, "H")):
        values = sorted(cards.value[c] for c in range(40) if cards.kind[c] == kind)
        assert values == list(range(1, 21))
        assert all(cards.ids[c].startswith(prefix) for c in range(40) if cards.kind[c] == kind)
    for race in range(5):
        assert sum(1 for c in range(40) if cards.race[c] == race) == 4
    assert all(1 <= cards.skulls[c] <= 4 for c in range(40))
    # R9: skulls and the race of each monster are not printed: every entry says what is reconstructed
    assert all("skulls" in cards.reconstructed[c] for c in range(40))
    assert all("race" in cards.reconstructed[c] for c in range(20))


def write(tmp_path, entries, name="cards.json"):
    p = tmp_path / name
    p.write_text(json.dumps({"creature": entries}))
    return p


def entries():
    return default_cards().entries()


@pytest.mark.parametrize("mutate,message", [
    (lambda e: e[6].pop("skulls"), "entry 7 (id 'M7'): field 'skulls': field required"),
    (lambda e: e[6].update(skulls=9), "entry 7 (id 'M7'): field 'skulls'"),
    (lambda e: e[6].update(skulls="2"), "entry 7 (id 'M7'): field 'skulls'"),
    (lambda e: e[3].update(race="dragons"), "entry 4 (id 'M4'): field 'race'"),
    (lambda e: e[25].update(kind="elf"), "entry 26 (id 'H6'): field 'kind'"),
    (lambda e: e[25].update(colour="red"), "entry 26 (id 'H6'): field 'colour'"),
    (lambda e: e[2].update(id="M30"), "entry 3 (id 'M30'): field 'id'"),
    (lambda e: e[0].update(race="kobolds"), "each race has 4 monsters"),
    (lambda e: e.pop(), "missing creature(s) H20"),
    (lambda e: e.append(dict(e[0])), "M1 appear more than once"),
    (lambda e: e[30].update(race="orcs"), "entry 31 (id 'H11'): field 'race': humans have no race"),
])
def test_malformed_card_file_names_entry_and_field(tmp_path, mutate, message):
    data = entries()
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(CardFileError) as err:
        load_card_file(path)
    assert message in str(err.value)
    # the same error reaches new_game as InvalidOptions, and nothing is started
    with pytest.raises(monsterbox.InvalidOptions, match="field|missing|more than once|each race"):
        monsterbox.new_game("inn", 3, 0, {"cards": str(path)})


def test_bad_toml_and_missing_file(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text("[[creature]\nid = ")
    with pytest.raises(CardFileError, match="not valid TOML"):
        load_card_file(p)
    with pytest.raises(CardFileError, match="does not exist"):
        load_card_file(tmp_path / "nope.toml")


def test_user_card_file_is_used_and_travels_in_the_record(tmp_path):
    data = entries()
    for e in data:
        if e["kind"] == "monster":
            e["skulls"] = 4  # a house rule: every monster is worth 4
    # swap races of M1 and M2 (still 4 per race)
    data[0]["race"], data[1]["race"] = data[1]["race"], data[0]["race"]
    path = write(tmp_path, data)
    g = monsterbox.new_game("inn", 4, 3, {"cards": str(path)})
    assert all(g.state.cards.skulls[c] == 4 for c in range(20))
    assert g.state.cards.race[0] == RACES.index("kobolds")
    while not g.over:
        g.play(g.legal_actions()[0])
    rec = json.loads(json.dumps(g.record()))
    path.unlink()  # the record is self-contained
    assert monsterbox.replay(rec).result()["scores"] == g.result()["scores"]


def test_cards_option_accepts_entries_directly():
    g = monsterbox.new_game("inn", 3, 1, {"cards": entries()})
    assert g.state.cards.ids == default_cards().ids
    assert random_game(1, 3).state.cards is default_cards()
