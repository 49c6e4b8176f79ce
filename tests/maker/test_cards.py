"""The Monster Maker card file: counts from the rulebook, printed values kept, reconstructed data marked,
user files validated with errors naming the entry and the field."""

import json

import pytest

import monsterbox
from monsterbox.core.errors import CardFileError
from monsterbox.games.maker.cards import CHARACTER, LABYRINTH, MONSTER, default_cards, load_card_file


def test_counts_and_printed_values():
    c = default_cards()
    assert sum(c.count) == 125 and len(c.treasures) == 25
    by_kind = {k: sum(c.count[t] for t in c.types_of(k)) for k in range(7)}
    assert by_kind == {0: 50, 1: 5, 2: 10, 3: 5, 4: 5, 5: 30, 6: 20}
    assert {c.distance[t] for t in c.types_of(LABYRINTH)} == {10, 20, 30, 40}
    printed = {"irene": (3, 2), "sigurd": (2, 0), "diane": (6, 2)}
    for cid, (dice, bonus) in printed.items():
        t = c.index(cid)
        assert (c.dice[t], c.bonus[t]) == (dice, bonus) and "dice" not in c.reconstructed[t]
    for cid, strength in {"gargoyle": 15, "goblin": 10, "hell_hound": 12, "wyvern": 20}.items():
        assert c.strength[c.index(cid)] == strength
    assert all(c.cls[t] for t in c.types_of(CHARACTER)) and all(c.strength[t] for t in c.types_of(MONSTER))
    crown = c.treasures[c.treasure_index("crown_of_kings")]
    assert crown.value == 300 and "value" not in crown.reconstructed
    assert c.treasures[c.treasure_index("gold_mountain")].exit_modifier == 10
    assert c.treasures[c.treasure_index("brave_statue")].exit_modifier == 20
    assert c.treasures[c.treasure_index("mysterious_map")].value_dice == 3
    # every non-printed figure is marked
    assert "strength" in c.reconstructed[c.index("lich")]


def entries():
    return default_cards().entries()


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["adventure"][9].pop("dice"), "adventure entry 10 (id 'diane'): field 'dice': a character card "
                                             "needs the field 'dice'"),
    (lambda d: d["adventure"][0].update(distance=25), "adventure entry 1 (id 'L10'): field 'distance'"),
    (lambda d: d["adventure"][0].update(count=15), "the game has 50 labyrinth cards"),
    (lambda d: d["treasure"][0].update(value="lots"), "treasure entry 1 (id 'crown_of_kings'): field 'value'"),
    (lambda d: d["treasure"][4].pop("value_times"), "treasure entry 5 (id 'mysterious_map'): field 'value_times'"),
    (lambda d: d["treasure"].pop(), "the game has 25 treasure cards"),
    (lambda d: d["adventure"][8].update(cls="Bard"), "adventure entry 9 (id 'irene'): field 'class'"),
])
def test_malformed_files_are_refused(tmp_path, mutate, message):
    data = entries()
    for e in data["adventure"]:
        if "class" in e:
            e["cls"] = e.pop("class")
    mutate(data)
    for e in data["adventure"]:
        if "cls" in e:
            e["class"] = e.pop("cls")
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CardFileError) as err:
        load_card_file(path)
    assert message in str(err.value)
    with pytest.raises(monsterbox.InvalidOptions):
        monsterbox.new_game("maker", 3, 0, {"cards": str(path)})


def test_user_card_file_is_used_and_travels_in_the_record(tmp_path):
    data = entries()
    for e in data["adventure"]:
        if e["id"] == "goblin":
            e["strength"] = 30
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data))
    g = monsterbox.new_game("maker", 2, 5, {"cards": str(path)})
    assert g.state.cards.strength[g.state.cards.index("goblin")] == 30
    import random

    r = random.Random(0)
    while not g.over:
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    path.unlink()
    assert monsterbox.replay(json.loads(json.dumps(g.record()))).result() == g.result()
