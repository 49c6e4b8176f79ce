"""What is derived from card sets stays bounded, and never mixes two card sets (``core.memo``, ``core.cardfile``).

Card files come from anyone (the server's practice tables take them as data): every game used to parse its own copy
and every cache kept every copy's tables for ever, and the text look-ups were keyed by ``id`` alone.
"""

from __future__ import annotations

import random

import monsterbox
from monsterbox.core import cardfile, memo
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.maker import text as maker_text
from monsterbox.games.mansion import castability
from monsterbox.games.monster import actions as monster_actions
from monsterbox.games.monster import text as monster_text
from monsterbox.games.monster.cards import default_cards, parse_cards


class Owner:
    def __init__(self, name: str) -> None:
        self.name = name


def test_memo_makes_once_per_owner_and_args_and_stays_bounded():
    made: list[tuple[str, int]] = []

    def build(owner: Owner, n: int) -> str:
        made.append((owner.name, n))
        return f"{owner.name}/{n}"

    m: CardSetMemo[str] = CardSetMemo(build, kept=3)
    a, b = Owner("a"), Owner("b")
    assert m.get(a, 1) == "a/1" and m.get(a, 1) == "a/1" and m.get(a, 2) == "a/2" and m.get(b, 1) == "b/1"
    assert made == [("a", 1), ("a", 2), ("b", 1)]
    owners = [Owner(f"o{k}") for k in range(10)]
    for o in owners:
        assert m.get(o, 1) == f"{o.name}/1"
    assert len(m) == 3  # the oldest forgotten
    assert m.get(a, 1) == "a/1" and made[-1] == ("a", 1)  # made again when asked after being forgotten


def test_memo_never_gives_a_freed_owners_value_to_another_at_its_address():
    m: CardSetMemo[str] = CardSetMemo(lambda owner: owner.name)
    for k in range(200):  # freed owners' addresses are reused by new ones: each must get its own value
        o = Owner(f"x{k}")
        assert m.get(o) == f"x{k}"
        del o


def renamed(k: int) -> dict:
    data = default_cards().entries()
    data["weapon"][0]["name"] = f"Stake {k}"
    return data


def test_the_same_card_file_is_one_card_set_and_distinct_files_stay_bounded():
    data = renamed(0)
    g1 = monsterbox.new_game("monster", 3, 1, {"cards": data})
    g2 = monsterbox.new_game("monster", 3, 2, {"cards": renamed(0)})  # equal content, another object
    assert g1.state.cards is g2.state.cards
    before = len(monster_actions._tables)
    for k in range(1, memo.KEPT + 8):  # more distinct card files than kept (a hostile client's practice tables)
        g = monsterbox.new_game("monster", 3, k, {"cards": renamed(k)})
        rng = random.Random(k)
        for _ in range(5):
            g.play(g.legal_actions()[rng.randrange(len(g.legal_actions()))])
        monster_text.lookup(g.state.cards)
    assert len(cardfile._parsed) <= cardfile.PARSED_KEPT
    assert len(monster_actions._tables) <= memo.KEPT and len(monster_text._lookups) <= memo.KEPT
    assert before <= memo.KEPT


def test_each_card_set_reads_its_own_names():
    """Two card sets alive at once, and card sets made and freed in turn, each word their weapons by their own
    names (the text look-up was keyed by ``id`` alone: a freed set's address gave its names to the next)."""
    kept = parse_cards(renamed(999), "test")
    first = kept.weapons[0].id
    for k in range(50):
        cards = parse_cards(renamed(1000 + k), "test")
        assert monster_text.lookup(cards).weapon[first] == f"Stake {1000 + k}"
        assert monster_text.lookup(kept).weapon[first] == "Stake 999"
        del cards
    assert monster_text.lookup(None).weapon[first] == default_cards().weapons[0].name
    assert len(maker_text._lookups) <= memo.KEPT and len(castability._tables) <= memo.KEPT
