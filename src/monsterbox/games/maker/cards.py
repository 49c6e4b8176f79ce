"""Monster Maker card data: loading and validating the card file (rulebook, Contents and Card & Tiles Overview).

Adventure cards are grouped by *type* (``L20``, ``irene``, ``gargoyle``...): copies of a type are interchangeable,
so hands and piles are kept as lists of type indices. Treasures are individual cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from monsterbox.core.cardfile import entry_name, kind, packaged_card_data, read_card_file, validate_entry
from monsterbox.core.errors import CardFileError, Phrase

CLASSES = ("Fighter", "Elf", "Thief", "Wizard", "Dwarf")
# Contents: 125 adventure cards by type; 25 treasure cards.
REQUIRED_COUNTS = {"character": 30, "monster": 20, "labyrinth": 50, "diversion": 5, "room": 10, "trap": 5,
                   "cleric": 5}
N_TREASURES = 25
#: the card types in words (an error about the counts names them in the player's language)
TYPE_WORDS = {"character": Phrase("character"), "monster": Phrase("monster"), "labyrinth": Phrase("labyrinth"),
              "diversion": Phrase("Diversion"), "room": Phrase("Small Treasure Room"), "trap": Phrase("Trap"),
              "cleric": Phrase("Cleric")}

LABYRINTH, DIVERSION, ROOM, TRAP, CLERIC, CHARACTER, MONSTER = range(7)
TYPE_CODES = {"labyrinth": LABYRINTH, "diversion": DIVERSION, "room": ROOM, "trap": TRAP, "cleric": CLERIC,
              "character": CHARACTER, "monster": MONSTER}


class AdventureEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    id: str = Field(pattern=r"^[a-zA-Z0-9_]+$")
    type: Literal["labyrinth", "diversion", "room", "trap", "cleric", "character", "monster"]
    name: str
    count: int = Field(ge=1, le=125)
    distance: int | None = Field(default=None, ge=10, le=40)
    cls: Literal["Fighter", "Elf", "Thief", "Wizard", "Dwarf"] | None = Field(default=None, alias="class")
    dice: int | None = Field(default=None, ge=0, le=6)
    bonus: int | None = Field(default=None, ge=0, le=20)
    strength: int | None = Field(default=None, ge=1, le=60)
    undead: bool | None = None
    reconstructed: list[str] = Field(default_factory=list)

    @field_validator("distance")
    @classmethod
    def _distance(cls, v: int | None) -> int | None:
        if v is not None and v not in (10, 20, 30, 40):
            raise ValueError("labyrinth cards show 10, 20, 30 or 40")
        return v

    def problem(self) -> tuple[str, str] | None:
        """(field, message) for a field the card's type needs but lacks."""
        need = {"labyrinth": ("distance",), "character": ("cls", "dice", "bonus"), "monster": ("strength",)}
        for f in need.get(self.type, ()):
            if getattr(self, f) is None:
                name = "class" if f == "cls" else f
                return name, f"a {self.type} card needs the field '{name}'"
        return None


class TreasureEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = Field(pattern=r"^[a-zA-Z0-9_]+$")
    name: str
    value: int | None = Field(default=None, ge=0, le=2000)
    value_dice: int | None = Field(default=None, ge=1, le=6)
    value_times: int | None = Field(default=None, ge=1, le=500)
    value_by_die: list[list[int]] | None = None
    open: bool = False
    bonus_classes: list[Literal["Fighter", "Elf", "Thief", "Wizard", "Dwarf"]] = Field(default_factory=list)
    bonus: int = Field(default=0, ge=0, le=20)
    undead: bool = False
    exit_modifier: int = Field(default=0, ge=0, le=100)
    reconstructed: list[str] = Field(default_factory=list)

    def problem(self) -> tuple[str, str] | None:
        """(field, message) for an inconsistent treasure."""
        forms = [self.value is not None, self.value_dice is not None, self.value_by_die is not None]
        if sum(forms) != 1:
            return "value", ("a treasure needs exactly one of 'value', 'value_dice' (with 'value_times') or "
                             "'value_by_die'")
        if self.value_dice is not None and self.value_times is None:
            return "value_times", "'value_dice' needs 'value_times' (3D x 20G: value_dice = 3, value_times = 20)"
        if self.value_by_die is not None:
            tops = [row[0] for row in self.value_by_die if len(row) == 2]
            if len(tops) != len(self.value_by_die) or tops != sorted(tops) or not tops or tops[-1] != 6:
                return "value_by_die", "a list of [highest die face, value] rows ending with 6"
        if bool(self.bonus_classes) != bool(self.bonus):
            return "bonus", "a battle bonus needs both 'bonus_classes' and 'bonus'"
        return None


@dataclass(frozen=True, slots=True, eq=False)
class MakerCards:
    """Adventure types and treasures, as parallel tuples indexed by type / treasure index."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    kind: tuple[int, ...]
    count: tuple[int, ...]
    distance: tuple[int, ...]  # labyrinth distance (0 for the others)
    cls: tuple[str, ...]  # character class ("" for the others)
    dice: tuple[int, ...]
    bonus: tuple[int, ...]
    strength: tuple[int, ...]
    undead: tuple[bool, ...]
    reconstructed: tuple[tuple[str, ...], ...]
    treasures: tuple[TreasureEntry, ...]
    source: str
    by_kind: tuple[tuple[int, ...], ...] = ()  # adventure types of each kind (filled at construction)

    def __post_init__(self) -> None:
        groups = tuple(tuple(i for i, k in enumerate(self.kind) if k == kind) for kind in range(7))
        object.__setattr__(self, "by_kind", groups)

    def types_of(self, kind: int) -> tuple[int, ...]:
        return self.by_kind[kind]

    def index(self, type_id: str) -> int:
        return self.ids.index(type_id)

    def treasure_index(self, tid: str) -> int:
        return [t.id for t in self.treasures].index(tid)

    def describe(self, t: int) -> dict[str, Any]:
        kind = next(k for k, v in TYPE_CODES.items() if v == self.kind[t])
        d: dict[str, Any] = {"id": self.ids[t], "type": kind, "name": self.names[t]}
        if kind == "labyrinth":
            d["distance"] = self.distance[t]
        elif kind == "character":
            d.update({"class": self.cls[t], "dice": self.dice[t], "bonus": self.bonus[t],
                      "strength": f"{self.dice[t]}D" + (f"+{self.bonus[t]}" if self.bonus[t] else "")})
        elif kind == "monster":
            d.update(strength=self.strength[t], undead=self.undead[t])
        return d

    def describe_treasure(self, i: int) -> dict[str, Any]:
        t = self.treasures[i]
        d: dict[str, Any] = {"id": t.id, "name": t.name, "open": t.open, "value": value_text(t)}
        if t.bonus:
            d["battle_bonus"] = {"classes": list(t.bonus_classes), "amount": t.bonus}
        if t.undead:
            d["removes_undead"] = True
        if t.exit_modifier:
            d["exit_modifier"] = t.exit_modifier
        return d

    def entries(self) -> dict[str, Any]:
        adv = []
        for i in range(len(self.ids)):
            d = self.describe(i)
            e: dict[str, Any] = {"id": d["id"], "type": d["type"], "name": d["name"], "count": self.count[i]}
            for k in ("distance", "dice", "bonus", "undead"):
                if k in d:
                    e[k] = d[k]
            if "class" in d:
                e["class"] = d["class"]
            if d["type"] == "monster":
                e["strength"] = d["strength"]
            e["reconstructed"] = list(self.reconstructed[i])
            adv.append(e)
        return {"adventure": adv, "treasure": [t.model_dump(exclude_none=True) for t in self.treasures]}


def value_text(t: TreasureEntry) -> str:
    if t.value is not None:
        return f"{t.value}G"
    if t.value_dice is not None:
        return f"{t.value_dice}D x {t.value_times}G"
    assert t.value_by_die is not None
    lo = 1
    parts = []
    for top, v in t.value_by_die:
        parts.append(f"{v}G on {lo}-{top}" if lo != top else f"{v}G on {lo}")
        lo = top + 1
    return ", ".join(parts)


def _checked(model: Any, raw: Any, what: str, i: int, source: str) -> Any:
    """An entry validated by its model, then by its own consistency check (``problem``)."""
    entry = validate_entry(model, raw, what, i, source)
    bad = entry.problem()
    if bad:
        raise CardFileError("{source}: {entry}: field '{field}': {error}", source=source,
                            entry=entry_name(what, i, entry.id), field=bad[0], error=bad[1])
    return entry


def parse_cards(data: Any, source: str) -> MakerCards:
    if not isinstance(data, dict) or "adventure" not in data or "treasure" not in data:
        raise CardFileError("{source}: a Monster Maker card file has [[adventure]] and [[treasure]] entries",
                            source=source)
    meta = data.get("meta", {})
    if isinstance(meta, dict) and meta.get("game", "maker") != "maker":
        raise CardFileError("{source}: [meta] game is {game}, expected {expected}", source=source,
                            game=repr(meta.get("game")), expected="'maker'")
    adv: list[AdventureEntry] = [_checked(AdventureEntry, raw, "adventure", i, source)
                                 for i, raw in enumerate(data["adventure"])]
    tre: list[TreasureEntry] = [_checked(TreasureEntry, raw, "treasure", i, source)
                                for i, raw in enumerate(data["treasure"])]
    for what, ids in (("adventure", [a.id for a in adv]), ("treasure", [t.id for t in tre])):
        dup = sorted({x for x in ids if ids.count(x) > 1})
        if dup:
            raise CardFileError("{source}: {what} id(s) {ids} appear more than once", source=source, what=kind(what),
                                ids=", ".join(dup))
    for ctype, need in REQUIRED_COUNTS.items():
        got = sum(a.count for a in adv if a.type == ctype)
        if got != need:
            raise CardFileError("{source}: field 'count': the game has {need} {kind} cards (rulebook, Contents), the "
                                "file has {got}", source=source, need=need, kind=TYPE_WORDS[ctype], got=got)
    if len(tre) != N_TREASURES:
        raise CardFileError("{source}: the game has {n} treasure cards, the file has {got}", source=source,
                            n=N_TREASURES, got=len(tre))
    if not any(a.type == "character" and a.cls == "Thief" for a in adv):
        raise CardFileError("{source}: field 'class': at least one character must be a Thief (traps)", source=source)
    return MakerCards(
        ids=tuple(a.id for a in adv), names=tuple(a.name for a in adv),
        kind=tuple(TYPE_CODES[a.type] for a in adv), count=tuple(a.count for a in adv),
        distance=tuple(a.distance or 0 for a in adv), cls=tuple(a.cls or "" for a in adv),
        dice=tuple(a.dice or 0 for a in adv), bonus=tuple(a.bonus or 0 for a in adv),
        strength=tuple(a.strength or 0 for a in adv), undead=tuple(bool(a.undead) for a in adv),
        reconstructed=tuple(tuple(a.reconstructed) for a in adv), treasures=tuple(tre), source=source,
    )


def load_card_file(path: str | Path) -> MakerCards:
    """Load a user's card file (TOML or JSON, by extension)."""
    return parse_cards(read_card_file(path), str(path))


_default: MakerCards | None = None


def default_cards() -> MakerCards:
    """The card file shipped with monsterbox (``monsterbox/data/maker.toml``)."""
    global _default
    if _default is None:
        _default = parse_cards(packaged_card_data("maker"), "monsterbox/data/maker.toml")
    return _default


def card_names() -> set[str]:
    """Every adventure card's and treasure's name in the default card file (the message catalogue's
    ``pgettext("card", name)`` entries)."""
    mk = default_cards()
    return set(mk.names) | {t.name for t in mk.treasures}
