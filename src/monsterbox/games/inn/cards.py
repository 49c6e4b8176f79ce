"""Monster Inn card data: loading and validating the creature card file.

Rulebook, Components: 40 creature cards, 20 monsters with combat values 1-20 (4 monsters in each of 5 races)
and 20 humans with combat values 1-20; skulls 1-4; a human's back shows its combat value range
(1-5, 6-10, 11-15, 16-20). Values the rulebook does not print are reconstructed in ``data/inn.toml``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from monsterbox.core.cardfile import field_error, packaged_card_data, read_card_file
from monsterbox.core.errors import CardFileError, Phrase

RACES: tuple[str, ...] = ("undead", "kobolds", "goblins", "orcs", "trolls")
RACE_COLOURS = {"undead": "purple", "kobolds": "orange", "goblins": "red", "orcs": "green", "trolls": "blue"}
RANGES: tuple[tuple[int, int], ...] = ((1, 5), (6, 10), (11, 15), (16, 20))
MONSTER, HUMAN = 0, 1
N_CARDS = 40
RECONSTRUCTABLE = ("skulls", "race")


def range_index(value: int) -> int:
    """The human card back: 0 for 1-5, 1 for 6-10, 2 for 11-15, 3 for 16-20."""
    return (value - 1) // 5


RANGE_LABELS = tuple(f"{lo}-{hi}" for lo, hi in RANGES)


def range_label(index: int) -> str:
    """"1-5", "6-10", "11-15" or "16-20"."""
    return RANGE_LABELS[index]


class CreatureEntry(BaseModel):
    """One ``[[creature]]`` entry of a card file."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: str
    kind: Literal["monster", "human"]
    value: int = Field(ge=1, le=20)
    skulls: int = Field(ge=1, le=4)
    race: Literal["undead", "kobolds", "goblins", "orcs", "trolls"] | None = None
    reconstructed: list[Literal["skulls", "race"]] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _id_form(cls, v: str) -> str:
        if not v or v[0] not in "MH" or not v[1:].isdigit():
            raise ValueError("must be 'M<value>' for a monster or 'H<value>' for a human, e.g. 'M7' or 'H13'")
        return v


@dataclass(frozen=True, slots=True)
class CardSet:
    """The 40 creatures, indexed 0-19 for monsters M1..M20 and 20-39 for humans H1..H20."""

    ids: tuple[str, ...]
    kind: tuple[int, ...]
    value: tuple[int, ...]
    skulls: tuple[int, ...]
    race: tuple[int, ...]  # -1 for humans
    rng: tuple[int, ...]  # range index for humans, -1 for monsters
    reconstructed: tuple[tuple[str, ...], ...]
    source: str
    #: each card's face (``describe``), made once: views show cards at every state
    faces: tuple[dict[str, Any], ...] = field(default=(), compare=False, hash=False, repr=False)
    #: each card as the table sees it (R8: a monster face up, a human as its back, its range), made once
    public_faces: tuple[dict[str, Any], ...] = field(default=(), compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self._face(c) for c in range(len(self.ids))))
        object.__setattr__(self, "public_faces", tuple(
            {"kind": "human", "range": RANGE_LABELS[self.rng[c]], "face_down": True} if self.kind[c] == HUMAN
            else self.faces[c] for c in range(len(self.ids))))

    def index(self, card_id: str) -> int:
        try:
            return self.ids.index(card_id)
        except ValueError:
            raise CardFileError("unknown creature id {id}; ids are M1..M20 and H1..H20", id=repr(card_id)) from None

    def describe(self, card: int) -> dict[str, Any]:
        """The face of a card, as a table sees it when it is face up (a new dict: the caller may change it)."""
        return dict(self.faces[card])

    def _face(self, card: int) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.ids[card], "value": self.value[card], "skulls": self.skulls[card]}
        if self.kind[card] == MONSTER:
            race = RACES[self.race[card]]
            d.update(kind="monster", race=race, colour=RACE_COLOURS[race])
        else:
            d.update(kind="human", range=range_label(self.rng[card]))
        return d

    def entries(self) -> list[dict[str, Any]]:
        """The card file entries (normalised), e.g. to store a custom card file inside a replay record."""
        out = []
        for c in range(N_CARDS):
            e: dict[str, Any] = {"id": self.ids[c], "kind": "monster" if self.kind[c] == MONSTER else "human",
                                 "value": self.value[c], "skulls": self.skulls[c]}
            if self.kind[c] == MONSTER:
                e["race"] = RACES[self.race[c]]
            e["reconstructed"] = list(self.reconstructed[c])
            out.append(e)
        return out


def _field_path(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(entry)"


def parse_cards(data: Any, source: str) -> CardSet:
    """Validate card data (the parsed file) and build the CardSet; errors name the entry and the field."""
    if isinstance(data, dict):
        if "creature" not in data:
            raise CardFileError("{source}: no [[creature]] entries (expected 40 tables named 'creature')",
                                source=source)
        meta = data.get("meta", {})
        if isinstance(meta, dict) and meta.get("game", "inn") != "inn":
            raise CardFileError("{source}: [meta] game is {game}, expected {expected}", source=source,
                                game=repr(meta.get("game")), expected="'inn'")
        entries = data["creature"]
    else:
        entries = data
    if not isinstance(entries, list):
        raise CardFileError("{source}: 'creature' must be a list of entries, got {value}", source=source,
                            value=type(entries).__name__)
    parsed: list[CreatureEntry] = []
    for i, raw in enumerate(entries):
        name = Phrase("entry {n} (id {id})", n=i + 1, id=repr(raw.get("id"))) if isinstance(raw, dict) and "id" in raw \
            else Phrase("entry {n}", n=i + 1)
        if not isinstance(raw, dict):
            raise CardFileError("{source}: {entry}: must be a table of fields, got {value}", source=source, entry=name,
                                value=repr(raw))
        try:
            e = CreatureEntry.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise CardFileError("{source}: {entry}: field '{field}': {error} (got {value})", source=source,
                                entry=name, field=_field_path(err["loc"]), error=field_error(err),
                                value=repr(err.get("input"))) from None
        expected_id = ("M" if e.kind == "monster" else "H") + str(e.value)
        if e.id != expected_id:
            raise CardFileError("{source}: {entry}: field 'id': a {kind} of value {value} must have id {id}",
                                source=source, entry=name, kind=Phrase("monster") if e.kind == "monster" else
                                Phrase("human"), value=e.value, id=repr(expected_id))
        if e.kind == "monster" and e.race is None:
            raise CardFileError("{source}: {entry}: field 'race': a monster needs a race, one of {races}",
                                source=source, entry=name, races=", ".join(RACES))
        if e.kind == "human" and e.race is not None:
            raise CardFileError("{source}: {entry}: field 'race': humans have no race", source=source, entry=name)
        parsed.append(e)
    counts = Counter(e.id for e in parsed)
    dup = sorted(k for k, v in counts.items() if v > 1)
    if dup:
        raise CardFileError("{source}: creature id(s) {ids} appear more than once", source=source, ids=", ".join(dup))
    missing = [f"{p}{v}" for p in "MH" for v in range(1, 21) if f"{p}{v}" not in counts]
    if missing:
        raise CardFileError("{source}: missing creature(s) {ids}: the game needs 20 monsters and 20 humans with "
                            "combat values 1-20 each", source=source, ids=", ".join(missing))
    by_race: Counter[str] = Counter(e.race for e in parsed if e.kind == "monster" and e.race is not None)
    wrong = {r: by_race.get(r, 0) for r in RACES if by_race.get(r, 0) != 4}
    if wrong:
        raise CardFileError("{source}: field 'race': each race has 4 monsters (rulebook, Components); found {found}",
                            source=source, found=", ".join(f"{r}={n}" for r, n in wrong.items()))
    by_id = {e.id: e for e in parsed}
    order = [f"M{v}" for v in range(1, 21)] + [f"H{v}" for v in range(1, 21)]
    cards = [by_id[i] for i in order]
    return CardSet(
        ids=tuple(order),
        kind=tuple(MONSTER if e.kind == "monster" else HUMAN for e in cards),
        value=tuple(e.value for e in cards),
        skulls=tuple(e.skulls for e in cards),
        race=tuple(RACES.index(e.race) if e.race else -1 for e in cards),
        rng=tuple(range_index(e.value) if e.kind == "human" else -1 for e in cards),
        reconstructed=tuple(tuple(e.reconstructed) for e in cards),
        source=source,
    )


def load_card_file(path: str | Path) -> CardSet:
    """Load a user's card file (TOML or JSON, by extension)."""
    return parse_cards(read_card_file(path), str(path))


_default: CardSet | None = None


def default_cards() -> CardSet:
    """The card file shipped with monsterbox (``monsterbox/data/inn.toml``)."""
    global _default
    if _default is None:
        _default = parse_cards(packaged_card_data("inn"), "monsterbox/data/inn.toml")
    return _default
