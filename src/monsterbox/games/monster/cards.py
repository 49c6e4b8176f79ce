"""Monster card data: weapons, lairs, loot, crises and characters (rulebook, Components; RULINGS 3 and 5).
Every ability names an effect (``EFFECT_NAMES``), a function in ``effects.py``; a card file naming an unknown
effect is refused."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from monsterbox.core.cardfile import entry_name, kind, packaged_card_data, read_card_file, validate_entry
from monsterbox.core.errors import CardFileError

COLOURS = ("black", "white", "red", "blue", "green")  # weapon / monster colour index
Colour = Literal["black", "white", "red", "blue", "green"]

#: the effects a card of each kind may name: the card file's words for the abilities, each a function of
#: ``effects.py`` (its tables ``CHARACTER_EFFECTS``, ``LOOT_EFFECTS`` and ``CRISIS_EFFECTS`` are keyed by exactly
#: these names, checked when it is imported)
EFFECT_NAMES: dict[str, frozenset[str]] = {
    "character": frozenset({"reveal_and_draw", "move_top", "remove_top", "take_back_cube", "restore_other",
                            "take_top_discard", "trade_for_bank", "gain_villagers", "bank_weapon", "kill_with_any",
                            "draw_then_discard"}),
    "loot": frozenset({"gain_cubes", "gain_villagers", "bank_weapon", "weapons_from_bank", "draw_weapons", "kill_top",
                       "kill_with_any", "team_draw", "store_free", "bounty_big_lair", "bounty_kill_three",
                       "bounty_cube_pair"}),
    "crisis": frozenset({"kill_villagers", "each_discard", "add_monsters", "greater_good", "no_cubes", "bloodlust",
                         "blocked_weapon", "no_three", "rage", "bloodlust_lair", "none"}),
}


class WeaponEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str
    name: str
    colour: Colour
    monster: str
    reconstructed: list[str] = Field(default_factory=list)


class LairEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    monsters: list[Colour] = Field(min_length=1, max_length=10)
    reconstructed: list[str] = Field(default_factory=list)


class LootEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    kind: Literal["item", "spell", "bounty"]
    villagers: int = Field(ge=0, le=20)
    effect: str
    params: dict[str, Any] = Field(default_factory=dict)
    reconstructed: list[str] = Field(default_factory=list)


class CrisisEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    level: Literal[1, 2]
    kind: Literal["immediate", "day", "lair"]
    effect: str
    params: dict[str, Any] = Field(default_factory=dict)
    monsters: list[Colour] = Field(default_factory=list)
    reconstructed: list[str] = Field(default_factory=list)


class CharacterEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    effect: str
    params: dict[str, Any] = Field(default_factory=dict)
    reconstructed: list[str] = Field(default_factory=list)


@dataclass(frozen=True, eq=False)
class MonsterCards:
    weapons: tuple[WeaponEntry, ...]
    lairs: tuple[LairEntry, ...]
    loot: tuple[LootEntry, ...]
    crises: tuple[CrisisEntry, ...]
    characters: tuple[CharacterEntry, ...]
    source: str

    def lair_key_name(self, key: int) -> str:
        """Lair keys: 0..28 are lair cards, 100+i is the lair of crisis i."""
        return self.lairs[key].id if key < 100 else self.crises[key - 100].id

    @cached_property
    def lair_stacks(self) -> dict[int, tuple[int, ...]]:
        """Per lair key, its monster stack as colour indices, bottom first (the card lists them top first),
        computed once per card set for the setup and the infestations."""
        stacks = {k: tuple(COLOURS.index(c) for c in reversed(x.monsters)) for k, x in enumerate(self.lairs)}
        stacks.update({100 + i: tuple(COLOURS.index(c) for c in reversed(x.monsters))
                       for i, x in enumerate(self.crises) if x.kind == "lair"})
        return stacks

    @cached_property
    def crisis_levels(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The crisis card indices of the level 1 deck and of the level 2 deck, in file order."""
        return (tuple(i for i, c in enumerate(self.crises) if c.level == 1),
                tuple(i for i, c in enumerate(self.crises) if c.level == 2))

    def entries(self) -> dict[str, Any]:
        return {"weapon": [w.model_dump() for w in self.weapons], "lair": [x.model_dump() for x in self.lairs],
                "loot": [x.model_dump() for x in self.loot], "crisis": [x.model_dump() for x in self.crises],
                "character": [x.model_dump() for x in self.characters]}


def parse_cards(data: Any, source: str) -> MonsterCards:
    if not isinstance(data, dict):
        raise CardFileError("{source}: a Monster card file is a table of weapon, lair, loot, crisis, character",
                            source=source)
    for key in ("weapon", "lair", "loot", "crisis", "character"):
        if key not in data or not isinstance(data[key], list):
            raise CardFileError("{source}: missing the list of '{key}' entries", source=source, key=key)
    weapons = [validate_entry(WeaponEntry, r, "weapon", i, source) for i, r in enumerate(data["weapon"])]
    lairs = [validate_entry(LairEntry, r, "lair", i, source) for i, r in enumerate(data["lair"])]
    loot = [validate_entry(LootEntry, r, "loot", i, source) for i, r in enumerate(data["loot"])]
    crises = [validate_entry(CrisisEntry, r, "crisis", i, source) for i, r in enumerate(data["crisis"])]
    chars = [validate_entry(CharacterEntry, r, "character", i, source) for i, r in enumerate(data["character"])]
    if [w.colour for w in weapons] != list(COLOURS):
        raise CardFileError("{source}: field 'colour': five weapons, one per colour in the order {colours}",
                            source=source, colours=", ".join(COLOURS))
    for what, n, got in (("lair", 29, lairs), ("loot", 23, loot), ("crisis", 30, crises), ("character", 10, chars)):
        if len(got) != n:
            raise CardFileError("{source}: the game has {n} {what} cards (rulebook, Components), the file has {got}",
                                source=source, n=n, what=kind(what), got=len(got))
    for level in (1, 2):
        k = sum(1 for c in crises if c.level == level)
        if k != 15:
            raise CardFileError("{source}: field 'level': 15 crisis cards of level {level}, the file has {got}",
                                source=source, level=level, got=k)
    for what, entries in (("loot", loot), ("crisis", crises), ("character", chars)):
        table = EFFECT_NAMES[what]
        for i, e in enumerate(entries):
            if e.effect not in table:
                raise CardFileError("{source}: {entry}: field 'effect': unknown effect {effect}; known: {known}",
                                    source=source, entry=entry_name(what, i, e.id), effect=repr(e.effect),
                                    known=", ".join(sorted(table)))
    for i, c in enumerate(crises):
        if c.kind == "lair" and not c.monsters:
            raise CardFileError("{source}: {entry}: field 'monsters': a lair crisis creates a lair of monsters",
                                source=source, entry=entry_name("crisis", i, c.id))
    return MonsterCards(tuple(weapons), tuple(lairs), tuple(loot), tuple(crises), tuple(chars), source)


def load_card_file(path: str | Path) -> MonsterCards:
    """Load a user's card file (TOML or JSON, by extension)."""
    return parse_cards(read_card_file(path), str(path))


_default: MonsterCards | None = None


def default_cards() -> MonsterCards:
    """The card file shipped with monsterbox (``monsterbox/data/monster.toml``)."""
    global _default
    if _default is None:
        _default = parse_cards(packaged_card_data("monster"), "monsterbox/data/monster.toml")
    return _default


def card_names() -> set[str]:
    """Every name the default card file gives a card, weapon's monster or lair (the message catalogue's
    ``pgettext("card", name)`` entries)."""
    mo = default_cards()
    names = {w.name for w in mo.weapons} | {w.monster for w in mo.weapons} | {x.name for x in mo.lairs}
    names |= {x.name for x in mo.loot} | {x.name for x in mo.crises} | {x.name for x in mo.characters}
    return names
