"""Monster Mansion card data: actors, rewards, chambers, mansions, turn-order tiles and skulls (rulebook,
Components and Cards). Values the rulebook does not print are reconstructed in ``data/mansion.toml``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from monsterbox.core.cardfile import entry_name, kind, packaged_card_data, read_card_file, validate_entry
from monsterbox.core.errors import CardFileError

SKULLS = ("blue", "red", "green", "yellow", "grey")  # index 4 is the grey wildcard
GREY = 4
ACTOR_COLOURS = ("blue", "red", "green", "yellow", "purple")
ACTOR_TYPES = ("dracula", "werewolf", "frankenstein", "cthulhu", "verona", "eva", "ghost", "black_lagoon", "mummy",
               "swamp_thing")
#: the actor types as indices into ``ACTOR_TYPES`` (``MansionCards.atype``)
(DRACULA, WEREWOLF, FRANKENSTEIN, CTHULHU, VERONA, EVA, GHOST, BLACK_LAGOON, MUMMY, SWAMP_THING) = range(10)
ABILITY_TYPES = ("black_lagoon", "mummy", "swamp_thing")
REWARD_TYPES = ("clown", "zombie", "witch")
CHAMBER_TYPES = ("make_up", "costume", "props")
Colour = Literal["blue", "red", "green", "yellow"]


#: the largest cost a card file may give an actor: per colour and in all (the printed actors cost at most 2 of a colour
#: and 4 in all). The casting turn's look-up tables grow with the costs (``castability.ScreenCasts``: one entry a
#: screen up to the costs); these bounds keep them under a few megabytes, where a cost of 30 skulls a colour took
#: gigabytes (docs/rules/mansion.md, R3).
MAX_COST_COLOUR = 6
MAX_COST = 10
#: the most skulls of a colour a card file may put in the bag (the printed bag: 20 of each colour, 8 grey); the bag
#: is a list of skulls, so ten million made a game take seconds and hundreds of megabytes
MAX_SKULLS = 50


class ActorEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    type: Literal["dracula", "werewolf", "frankenstein", "cthulhu", "verona", "eva", "ghost", "black_lagoon", "mummy",
                  "swamp_thing"]
    name: str
    colour: Literal["blue", "red", "green", "yellow", "purple"]
    cost: dict[Colour, int]
    shows: Literal["blue", "red", "green", "yellow", "purple"] | None = None
    removed_for_3_players: bool = False
    reconstructed: list[str] = Field(default_factory=list)


class RewardEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    type: Literal["clown", "zombie", "witch"]
    actor_types: list[str] = Field(default_factory=list)
    reconstructed: list[str] = Field(default_factory=list)


class ChamberEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    type: Literal["make_up", "costume", "props"]
    pair: list[Colour] = Field(default_factory=list)
    reconstructed: list[str] = Field(default_factory=list)


class MansionEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str
    colour: str
    reconstructed: list[str] = Field(default_factory=list)


@dataclass(frozen=True, eq=False)
class MansionCards:
    actors: tuple[ActorEntry, ...]
    rewards: tuple[RewardEntry, ...]
    chambers: tuple[ChamberEntry, ...]
    mansions: tuple[MansionEntry, ...]
    skulls: tuple[int, ...]  # per SKULLS colour
    tiles_small: tuple[tuple[int, int], ...]
    tiles_large: tuple[tuple[int, int], ...]
    source: str
    # derived, per actor index
    atype: tuple[int, ...] = field(default=())
    acolour: tuple[int, ...] = field(default=())
    acost: tuple[tuple[int, ...], ...] = field(default=())
    ashows: tuple[int, ...] = field(default=())
    # derived, per chamber index: its type, and its kind (type and Make Up pair: one card of a kind is offered)
    ctype: tuple[str, ...] = field(default=())
    ckind: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())
    # Make Up's pair as colour indices (None for other chambers)
    cpair: tuple[tuple[int, int] | None, ...] = field(default=())
    # derived, per reward index: its type, and the Clown's actor types as indices (empty for other rewards)
    rtype: tuple[str, ...] = field(default=())
    rclown: tuple[frozenset[int], ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "atype", tuple(ACTOR_TYPES.index(a.type) for a in self.actors))
        object.__setattr__(self, "acolour", tuple(ACTOR_COLOURS.index(a.colour) for a in self.actors))
        costs = [{str(k): v for k, v in a.cost.items()} for a in self.actors]
        object.__setattr__(self, "acost", tuple(tuple(c.get(col, 0) for col in SKULLS[:4]) for c in costs))
        object.__setattr__(self, "ashows", tuple(ACTOR_COLOURS.index(a.shows or a.colour) for a in self.actors))
        object.__setattr__(self, "ctype", tuple(c.type for c in self.chambers))
        object.__setattr__(self, "ckind", tuple((c.type, tuple(c.pair)) for c in self.chambers))
        object.__setattr__(self, "cpair", tuple(
            (SKULLS.index(c.pair[0]), SKULLS.index(c.pair[1])) if c.type == "make_up" else None
            for c in self.chambers))
        object.__setattr__(self, "rtype", tuple(r.type for r in self.rewards))
        object.__setattr__(self, "rclown", tuple(frozenset(ACTOR_TYPES.index(t) for t in r.actor_types)
                                                 for r in self.rewards))

    def actor_index(self, aid: str) -> int:
        return [a.id for a in self.actors].index(aid)

    def describe_actor(self, i: int) -> dict[str, Any]:
        a = self.actors[i]
        d: dict[str, Any] = {"id": a.id, "type": a.type, "name": a.name, "colour": a.colour, "cost": dict(a.cost)}
        if a.type == "cthulhu":
            d["shows"] = a.shows or a.colour
        return d

    def entries(self) -> dict[str, Any]:
        return {
            "skulls": dict(zip(SKULLS, self.skulls, strict=True)),
            "tiles": {"small": [list(t) for t in self.tiles_small], "large": [list(t) for t in self.tiles_large]},
            "actor": [a.model_dump(exclude_none=True) for a in self.actors],
            "reward": [r.model_dump() for r in self.rewards],
            "chamber": [c.model_dump() for c in self.chambers],
            "mansion": [m.model_dump() for m in self.mansions],
        }


def parse_cards(data: Any, source: str) -> MansionCards:
    if not isinstance(data, dict):
        raise CardFileError("{source}: a Monster Mansion card file is a table with actor, reward, chamber, "
                            "mansion, skulls and tiles", source=source)
    for key in ("actor", "reward", "chamber", "mansion", "skulls", "tiles"):
        if key not in data:
            raise CardFileError("{source}: missing '{key}'", source=source, key=key)
    actors = [validate_entry(ActorEntry, r, "actor", i, source) for i, r in enumerate(data["actor"])]
    rewards = [validate_entry(RewardEntry, r, "reward", i, source) for i, r in enumerate(data["reward"])]
    chambers = [validate_entry(ChamberEntry, r, "chamber", i, source) for i, r in enumerate(data["chamber"])]
    mansions = [validate_entry(MansionEntry, r, "mansion", i, source) for i, r in enumerate(data["mansion"])]
    for what, n, got in (("actor", 37, actors), ("reward", 12, rewards), ("chamber", 12, chambers),
                         ("mansion", 4, mansions)):
        if len(got) != n:
            raise CardFileError("{source}: the game has {n} {what} cards (rulebook, Components), the file has {got}",
                                source=source, n=n, what=kind(what), got=len(got))
        ids = [e.id for e in got]
        dup = sorted({x for x in ids if ids.count(x) > 1})
        if dup:
            raise CardFileError("{source}: {what} id(s) {ids} appear more than once", source=source, what=kind(what),
                                ids=", ".join(dup))
    for i, a in enumerate(actors):
        if sum(a.cost.values()) < 1 or any(v < 0 for v in a.cost.values()):
            raise CardFileError("{source}: {entry}: field 'cost': at least one skull, no negative counts",
                                source=source, entry=entry_name("actor", i, a.id))
        if max(a.cost.values()) > MAX_COST_COLOUR or sum(a.cost.values()) > MAX_COST:
            raise CardFileError("{source}: {entry}: field 'cost': at most {colour} skulls of a colour and {total} in "
                                "all", source=source, entry=entry_name("actor", i, a.id), colour=MAX_COST_COLOUR,
                                total=MAX_COST)
    if sum(1 for a in actors if a.removed_for_3_players) != 3:
        raise CardFileError("{source}: field 'removed_for_3_players': exactly 3 actors are removed for 3 players",
                            source=source)
    for i, r in enumerate(rewards):
        if r.type == "clown" and (len(r.actor_types) != 4 or any(t not in ACTOR_TYPES for t in r.actor_types)):
            raise CardFileError("{source}: {entry}: field 'actor_types': the Clown names 4 actor types among {types}",
                                source=source, entry=entry_name("reward", i, r.id), types=", ".join(ACTOR_TYPES))
    for i, c in enumerate(chambers):
        if c.type == "make_up" and (len(c.pair) != 2 or c.pair[0] == c.pair[1]):
            raise CardFileError("{source}: {entry}: field 'pair': Make Up names two different skull colours",
                                source=source, entry=entry_name("chamber", i, c.id))
    skulls = data["skulls"]
    if not isinstance(skulls, dict) or sorted(skulls) != sorted(SKULLS) or any(
            not isinstance(v, int) or v < 0 for v in skulls.values()):
        raise CardFileError("{source}: field 'skulls': counts for {colours}", source=source, colours=", ".join(SKULLS))
    if any(v > MAX_SKULLS for v in skulls.values()):
        raise CardFileError("{source}: field 'skulls': at most {most} skulls of a colour in the bag", source=source,
                            most=MAX_SKULLS)
    tiles = data["tiles"]
    try:
        small = tuple((int(t), int(k)) for t, k in tiles["small"])
        large = tuple((int(t), int(k)) for t, k in tiles["large"])
    except (KeyError, TypeError, ValueError):
        raise CardFileError("{source}: field 'tiles': 'small' (3 tiles) and 'large' (4 tiles) lists of "
                            "[tickets, skulls]", source=source) from None
    if len(small) != 3 or len(large) != 4:
        raise CardFileError("{source}: field 'tiles': 3 tiles on the small side, 4 on the large side", source=source)
    if sum(k for _, k in small) != 7 or sum(k for _, k in large) != 10:
        raise CardFileError("{source}: field 'tiles': the small side hands out the 7 skulls drawn, the large side "
                            "the 10 drawn (rulebook, The Audition)", source=source)
    return MansionCards(tuple(actors), tuple(rewards), tuple(chambers), tuple(mansions),
                        tuple(skulls[c] for c in SKULLS), small, large, source)


def load_card_file(path: str | Path) -> MansionCards:
    """Load a user's card file (TOML or JSON, by extension)."""
    return parse_cards(read_card_file(path), str(path))


_default: MansionCards | None = None


def default_cards() -> MansionCards:
    """The card file shipped with monsterbox (``monsterbox/data/mansion.toml``)."""
    global _default
    if _default is None:
        _default = parse_cards(packaged_card_data("mansion"), "monsterbox/data/mansion.toml")
    return _default


def card_names() -> set[str]:
    """Every actor's name in the default card file (the message catalogue's ``pgettext("card", name)`` entries)."""
    return {a.name for a in default_cards().actors}
