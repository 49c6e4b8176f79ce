"""Monster (the cooperative game) in words: events, choices, cards and abilities as a player reads them.

Every card is named from the card file (lairs, weapons, loot, crises, characters), never by its id; monsters by the
name their weapon kills (the Stake's Vampire). Internal bookkeeping (which choices an ability resolved with, how
many weapons a card drew) is not a story: ``narrate`` returns "" for it and nothing is shown.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.i18n import N_, _, and_list, ngettext, pgettext
from monsterbox.core.memo import CardSetMemo
from monsterbox.core.wording import (
    Names,
    capitalise,
    common_refusal,
    count,
    say,
    seat_name,
    unknown_event,
    worded,
)
from monsterbox.games.monster.cards import MonsterCards, default_cards

#: events that are bookkeeping, not a story (their outcome is told by the events around them)
SILENT = frozenset({"effect", "draw_count", "hunt"})


def card_name(name: str) -> str:
    """A name from the card file, in the language in force (proper names stay as they are)."""
    return pgettext("card", name)


class Lookup:
    """Card names by id, from the game's card file."""

    def __init__(self, cards: MonsterCards | None = None) -> None:
        c = cards or default_cards()
        self.cards = c
        self.weapon = {w.id: w.name for w in c.weapons}
        self.monster: dict[str, str] = {str(w.colour): w.monster for w in c.weapons}
        self.killed_by = {w.colour: w.name for w in c.weapons}
        self.lair = {x.id: x.name for x in c.lairs} | {x.id: x.name for x in c.crises}
        self.loot = {x.id: x for x in c.loot}
        self.crisis = {x.id: x for x in c.crises}
        self.character = {x.id: x for x in c.characters}

    def w(self, wid: str | None) -> str:
        return card_name(self.weapon.get(wid or "", "?"))

    def m(self, colour: str) -> str:
        return card_name(self.monster.get(colour, colour))

    def lair_name(self, lid: str) -> str:
        return card_name(self.lair.get(lid, lid))

    def loot_name(self, lid: str) -> str:
        x = self.loot.get(lid)
        return card_name(x.name) if x else "?"

    def crisis_name(self, cid: str) -> str:
        x = self.crisis.get(cid)
        return card_name(x.name) if x else "?"

    def character_name(self, cid: str) -> str:
        x = self.character.get(cid)
        return card_name(x.name) if x else "?"


_lookups: CardSetMemo[Lookup] = CardSetMemo(Lookup)


def lookup(cards: MonsterCards | None = None) -> Lookup:
    """The card set's ``Lookup`` (None: the shipped cards), made once per card set (``core.memo``: keyed by
    identity with the card set kept, so a freed card set's address never gives its names to another)."""
    return _lookups.get(cards)


def weapons_text(ids: list[str], lk: Lookup) -> str:
    """"2 Torches and a Stake"-style list: each weapon by name, repeated ones counted."""
    seen: dict[str, int] = {}
    for w in ids:
        seen[w] = seen.get(w, 0) + 1
    parts = [lk.w(w) if k == 1 else _("{n} x {weapon}").format(n=k, weapon=lk.w(w)) for w, k in seen.items()]
    return and_list(parts)


def villagers(n: int) -> str:
    return count(n, "{n} villager", "{n} villagers")


def weapons(n: int) -> str:
    return count(n, "{n} weapon", "{n} weapons")


def monster_count(n: int) -> str:
    return count(n, "{n} monster", "{n} monsters")


def cubes(n: int) -> str:
    return count(n, "{n} power cube", "{n} power cubes")


def weapon_of_colour(colour: Any, lk: Lookup) -> str:
    """The weapon of a colour named on a card (``colour = "white"``: the Holy Water), by its name."""
    return lk.w(next((w.id for w in lk.cards.weapons if w.colour == colour), None))


def add_monsters_text(params: dict[str, Any], lk: Lookup) -> str:
    """Reinforcements and Uprising: how many monsters of which kind join which lairs."""
    amount = int(params.get("amount", 1))
    colour = params.get("colour", "any")
    if params.get("each_lair"):
        if colour == "any":
            return count(amount, "A monster of a random kind joins every lair.",
                         "{n} monsters of random kinds join every lair.")
        return ngettext("A {monster} joins every lair.", "{n} x {monster} join every lair.", amount).format(
            n=amount, monster=lk.m(colour))
    if colour == "any":
        return count(amount, "A monster of a random kind joins the biggest lair.",
                     "{n} monsters of random kinds join the biggest lair.")
    return ngettext("A {monster} joins the biggest lair.", "{n} x {monster} join the biggest lair.", amount).format(
        n=amount, monster=lk.m(colour))


def bounty_reward(params: dict[str, Any]) -> str:
    """A bounty's reward, every part of it (cubes, villagers, weapons drawn), "" for none."""
    parts = []
    if "cubes" in params:
        parts.append(cubes(int(params["cubes"])))
    if "villagers" in params:
        parts.append(villagers(int(params["villagers"])))
    if "weapons" in params:
        parts.append(count(int(params["weapons"]), "{n} weapon drawn from the deck",
                           "{n} weapons drawn from the deck"))
    return " " + _("Reward: {reward}.").format(reward=and_list(parts)) if parts else ""


def ability_text(effect: str, params: dict[str, Any], cards: MonsterCards | None = None,
                 kind: str | None = None) -> str:
    """What a character, loot card or crisis does, in words (from its effect and parameters in the card file).
    ``kind``: a crisis card's kind (``day`` or ``lair``), for the rules that last a day or while a lair stands.
    Every effect a card file may name (``effects.CHARACTER_EFFECTS``, ``LOOT_EFFECTS``, ``CRISIS_EFFECTS``) has its
    words here (``tests/monster/test_issue26.py``)."""
    lk = lookup(cards)
    amount = int(params.get("amount", 1))
    if effect == "no_three":
        if kind == "lair":
            return _("No kill with three weapons on this lair while it stands.")
        if kind == "day":
            return _("Today no kill with three weapons.")
        return _("No kill with three weapons.")
    texts: dict[str, str] = {
        "reveal_and_draw": _("Show your hand to everyone, then draw {weapons}.").format(weapons=weapons(amount)),
        "move_top": _("Move the top monster of one lair onto another lair, without killing it."),
        "remove_top": _("Remove the top monster of a lair without killing it."),
        "take_back_cube": _("Take one of your power cubes back from the weapons bank."),
        "restore_other": _("Restore another player's exhausted character or exhausted loot item (your choice), so "
                           "it can be used again today."),
        "take_top_discard": _("Take the top weapon of the discard pile into your hand."),
        "trade_for_bank": _("Discard a weapon and take the top weapon of any bank stack."),
        "gain_villagers": _("Gain {villagers}.").format(villagers=villagers(amount)),
        "kill_with_any": _("Kill the top monster of a lair with {weapons} of any kind.").format(
            weapons=weapons(int(params.get("weapons", 1)))),
        "draw_then_discard": _("Draw {drawn}, then discard {discarded}.").format(
            drawn=weapons(int(params.get("draw", 2))), discarded=weapons(int(params.get("discard", 1)))),
        "gain_cubes": _("Gain {cubes}.").format(cubes=cubes(amount)),
        "weapons_from_bank": count(amount, "Take the top weapon of a bank stack of your choice.",
                                   "Take the top weapon of {n} bank stacks of your choice."),
        "draw_weapons": _("Draw {weapons} from the deck.").format(weapons=weapons(amount)),
        "kill_top": _("Kill the top monster of a lair."),
        "team_draw": _("Every player still in the hunt draws a weapon."),
        "store_free": _("Store a weapon without discarding another."),
        "bank_weapon": _("Take a {weapon} from its stack of the bank.").format(
            weapon=weapon_of_colour(params.get("colour"), lk)),
        "bounty_big_lair": _("Bounty: the first to destroy a lair of {size} or more monsters gains the reward.").format(
            size=int(params.get("size", 5))),
        "bounty_kill_three": _("Bounty: the first to kill with three weapons gains the reward."),
        "bounty_cube_pair": _("Bounty: the first to place the second power cube on a stack of the bank gains the "
                              "reward."),
        "kill_villagers": _("{villagers} die at once.").format(villagers=villagers(amount)),
        "each_discard": _("Each player discards {weapons}, starting with the team leader.").format(
            weapons=weapons(amount)),
        "add_monsters": add_monsters_text(params, lk),
        "greater_good": _("{villagers} are threatened: each player may discard loot to save the villagers printed "
                          "on it (at most {cap} saved).").format(villagers=villagers(amount),
                                                                 cap=int(params.get("cap", amount))),
        "no_cubes": _("Today no power cube can be placed."),
        "bloodlust": _("Today every surviving monster kills {villagers} more.").format(villagers=villagers(amount)),
        "blocked_weapon": _("Today the {weapon} cannot be used.").format(
            weapon=weapon_of_colour(params.get("colour"), lk)),
        "rage": _("Each monster of this lair kills {villagers} more.").format(villagers=villagers(amount)),
        "bloodlust_lair": _("While this lair stands, every monster kills {villagers} more.").format(
            villagers=villagers(amount)),
        "none": _("No special rule."),
    }
    text = texts[effect]  # a card file naming an effect the game does not know is refused (``cards.parse_cards``)
    if effect.startswith("bounty"):
        text += bounty_reward(params)
    return text


def loot_text(x: dict[str, Any], cards: MonsterCards | None = None) -> str:
    """"Wizard's Pack (spell, or 3 villagers): Gain 2 power cubes.\""""
    kinds = {"item": _("item"), "spell": _("spell"), "bounty": _("bounty")}
    return _("{name} ({kind}, or {villagers}): {ability}").format(
        name=card_name(x["name"]), kind=kinds.get(x["kind"], x["kind"]), villagers=villagers(x["villagers"]),
        ability=ability_text(x["effect"], x.get("params", {}), cards))


def card_text(what: str, x: Any, cards: MonsterCards | None = None) -> str:
    """The effect in words of card ``x`` of the card list ``what`` (``weapon``, ``lair``, ``character``, ``loot``,
    ``crisis``: the card file's tables), from the card file: what a weapon kills, a lair's monsters (top first, as
    the table shows them), an ability, a loot card's kind and worth with its ability, a crisis' rule (a crisis lair:
    its monsters, then its rule)."""
    lk = lookup(cards)
    if what == "weapon":
        return _("Kills the {monster}.").format(monster=card_name(x.monster))
    if what == "lair":
        return _("Monsters, top first: {monsters}.").format(monsters=", ".join(lk.m(m) for m in x.monsters))
    if what == "character":
        return ability_text(x.effect, x.params, cards)
    if what == "loot":
        return loot_text(x.model_dump(), cards)
    rule = ability_text(x.effect, x.params, cards, x.kind)
    if x.kind == "lair":
        lair = _("Monsters, top first: {monsters}.").format(
            monsters=", ".join(lk.m(m) for m in x.monsters))
        return lair if x.effect == "none" else f"{lair} {rule}"
    return rule


def loot_short(x: dict[str, Any]) -> str:
    """"Wizard's Pack (or 3 villagers)": the card without its kind and ability (which help explains)."""
    return _("{name} (or {villagers})").format(name=card_name(x["name"]), villagers=villagers(x["villagers"]))


def narrate(e: dict[str, Any], you: int | None = None, names: Names = None, cards: MonsterCards | None = None) -> str:
    """One event as a sentence told to seat ``you`` ("" for bookkeeping that is not shown)."""
    lk = lookup(cards)
    t = e["type"]
    s = e.get("seat")
    if t in SILENT:
        return ""
    if t == "day":
        return say(e["leader"], you, names, N_("Day {day}: you lead the team."), N_("Day {day}: {who} leads the team."),
                   day=e["day"])
    if t == "lair":
        monsters = and_list(lk.m(m) for m in e["monsters"])
        loot = lk.loot_name(e["loot"]) if e.get("loot") else _("no loot")
        return _("A lair appears: {lair}, with {monsters} (top first); loot: {loot}.").format(
            lair=lk.lair_name(e["lair"]), monsters=monsters, loot=loot)
    if t == "dealt":
        return say(s, you, names, N_("You receive {weapons}."), N_("{who} receives {weapons}."),
                   weapons=weapons(e["count"]))
    if t == "drew":
        got = weapons_text(e["weapons"], lk) or _("nothing")
        return say(s, you, names, N_("You drew: {weapons}."), N_("{who} drew: {weapons}."), weapons=got)
    if t == "crisis":
        x = lk.crisis.get(e["crisis"])
        rule = ability_text(x.effect, x.params, cards, x.kind) if x and x.effect != "none" else ""
        return _("Crisis: {name}. {rule}").format(name=lk.crisis_name(e["crisis"]), rule=rule).strip()
    if t == "weapon_kill":
        return say(s, you, names, N_("You use a {weapon} on {lair}."), N_("{who} uses a {weapon} on {lair}."),
                   weapon=lk.w(e["weapon"]), lair=lk.lair_name(e["lair"]))
    if t == "kill":
        hows = {"weapon": N_("the {monster} of {lair} is killed"),
                "three weapons": N_("the {monster} of {lair} is killed with three weapons"),
                "ability": N_("the {monster} of {lair} is killed by an ability"),
                "fire bomb": N_("the {monster} of {lair} is killed by the bomb")}
        return "  " + capitalise(_(hows.get(e["how"], hows["weapon"])).format(monster=lk.m(e["monster"]),
                                                                  lair=lk.lair_name(e["lair"])) + ".")
    if t == "remove":
        whys = {"herded": N_("The {monster} of {lair} is herded away (not killed)."),
                "assassinated": N_("The {monster} of {lair} is assassinated: removed, not killed.")}
        return "  " + _(whys.get(e["why"], N_("The {monster} of {lair} is removed (not killed)."))).format(
            monster=lk.m(e["monster"]), lair=lk.lair_name(e["lair"]))
    if t == "herded_onto":
        return "  " + _("The {monster} lands on {lair}.").format(monster=lk.m(e["monster"]),
                                                               lair=lk.lair_name(e["lair"]))
    if t == "destroyed":
        loot = lk.loot_name(e["loot"]) if e.get("loot") else _("no loot")
        return say(s, you, names, N_("You destroy {lair}! Its loot: {loot}."),
                   N_("{who} destroys {lair}! Its loot: {loot}."), lair=lk.lair_name(e["lair"]), loot=loot)
    if t == "three":
        return say(s, you, names, N_("You kill with three weapons ({weapons}) on {lair}."),
                   N_("{who} kills with three weapons ({weapons}) on {lair}."),
                   weapons=weapons_text(e["weapons"], lk), lair=lk.lair_name(e["lair"]))
    if t == "ability":
        return say(s, you, names, N_("You use your {character}'s ability."),
                   N_("{who} uses the {character}'s ability."), character=lk.character_name(e["character"]))
    if t == "item":
        return say(s, you, names, N_("You use the {item}."), N_("{who} uses the {item}."),
                   item=lk.loot_name(e["item"]))
    if t == "cube":
        return say(s, you, names, N_("You place a power cube on the {weapon} stack."),
                   N_("{who} places a power cube on the {weapon} stack."), weapon=lk.w(e["stack"]))
    if t == "cube_weapon":
        return say(s, you, names, N_("  Second cube on the stack: you gain a {weapon} from the bank."),
                   N_("  Second cube on the stack: {who} gains a {weapon} from the bank."), weapon=lk.w(e["weapon"]))
    if t == "cube_back":
        return say(s, you, names, N_("You take your power cube back from the {weapon} stack."),
                   N_("{who} takes a power cube back from the {weapon} stack."), weapon=lk.w(e["stack"]))
    if t == "bank_weapon":
        return say(s, you, names, N_("You take a {weapon} from the {stack} stack of the bank."),
                   N_("{who} takes a {weapon} from the {stack} stack of the bank."), weapon=lk.w(e["weapon"]),
                   stack=lk.w(e["stack"]))
    if t == "store":
        if e.get("stored"):
            return say(s, you, names, N_("You store your armed {weapon} for tomorrow."),
                       N_("{who} stores the armed {weapon} for tomorrow."), weapon=lk.w(e["stored"]))
        return say(s, you, names, N_("You store a weapon face down for tomorrow."),
                   N_("{who} stores a weapon face down for tomorrow."))
    if t == "discard":
        return say(s, you, names, N_("You discard a {weapon}."), N_("{who} discards a {weapon}."),
                   weapon=lk.w(e["weapon"]))
    if t == "crisis_discard":
        return say(s, you, names, N_("Crisis: you discard a {weapon}."), N_("Crisis: {who} discards a {weapon}."),
                   weapon=lk.w(e["weapon"]))
    if t == "arm":
        return say(s, you, names, N_("You arm a {weapon}, face up for all to see."),
                   N_("{who} arms a {weapon}, face up for all to see."), weapon=lk.w(e["weapon"]))
    if t == "pass":
        if e["discarded"]:
            return say(s, you, names, N_("You pass, discarding {weapons}."), N_("{who} passes, discarding {weapons}."),
                       weapons=weapons_text(e["discarded"], lk))
        return say(s, you, names, N_("You pass."), N_("{who} passes."))
    if t == "loot":
        if e["choice"] == "villagers":
            return say(s, you, names, N_("You take the villagers printed on the {loot} instead of the card."),
                       N_("{who} takes the villagers printed on the {loot} instead of the card."),
                       loot=lk.loot_name(e["loot"]))
        return say(s, you, names, N_("You take the loot: {loot}."), N_("{who} takes the loot: {loot}."),
                   loot=lk.loot_name(e["loot"]))
    if t == "villagers":
        whys = {"monster attack": N_("the monster attack"), "crisis": N_("a crisis"),
                "for the greater good": N_("for the greater good")}
        why = _(whys[e["why"]]) if e.get("why") in whys else ""
        if e["change"] >= 0:
            return _("The village gains {villagers}: {left} now.").format(villagers=villagers(e["change"]),
                                                                         left=e["villagers"])
        if why:
            return _("The village loses {villagers} ({why}): {left} left.").format(
                villagers=villagers(-e["change"]), why=why, left=e["villagers"])
        return _("The village loses {villagers}: {left} left.").format(villagers=villagers(-e["change"]),
                                                                      left=e["villagers"])
    if t == "attack":
        parts = [_("{lair}: {monsters} x {each}").format(lair=lk.lair_name(x["lair"]), monsters=x["monsters"],
                                                         each=x["each_kills"]) for x in e["lairs"] if x["monsters"]]
        if not parts:
            return _("Night falls: no monster is left to attack.")
        return _("Night falls, the monsters attack: {parts} = {villagers}.").format(
            parts=and_list(parts), villagers=villagers(e["total"]))
    if t == "reveal" and e.get("why") == "pass":
        return say(s, you, names, N_("You pass and show the weapons you discard: {weapons}; you choose their order "
                                     "on the pile."),
                   N_("{who} passes and shows the weapons going to the discard pile: {weapons}."),
                   weapons=weapons_text(e["hand"], lk) or _("nothing"))
    if t == "reveal":
        return say(s, you, names, N_("You show your hand: {weapons}."), N_("{who} shows a hand of {weapons}."),
                   weapons=weapons_text(e["hand"], lk) or _("nothing"))
    if t == "scavenge":
        return say(s, you, names, N_("You take the {weapon} from the discard pile."),
                   N_("{who} takes the {weapon} from the discard pile."), weapon=lk.w(e["weapon"]))
    if t == "bounty":
        return say(s, you, names, N_("You claim the bounty {bounty}."), N_("{who} claims the bounty {bounty}."),
                   bounty=lk.loot_name(e["bounty"]))
    if t == "cubes":
        return say(s, you, names, N_("You gain {cubes}."), N_("{who} gains {cubes}."), cubes=cubes(e["amount"]))
    if t == "restore":
        target = e.get("target")
        if target is None:
            return say(s, you, names, N_("You restore a character."), N_("{who} restores a character."))
        if target == you:
            return say(s, you, names, N_("You restore your own character."), N_("{who} restores your character."))
        return say(s, you, names, N_("You restore {target}'s character."),
                   N_("{who} restores {target}'s character."), target=seat_name(target, names))
    if t == "restore_item":
        target = e["target"]
        if target == s:
            return say(s, you, names, N_("You restore your own {item}."), N_("{who} restores their own {item}."),
                       item=lk.loot_name(e["item"]))
        if target == you:
            return say(s, you, names, N_("You restore your {item}."), N_("{who} restores your {item}."),
                       item=lk.loot_name(e["item"]))
        return say(s, you, names, N_("You restore {target}'s {item}."), N_("{who} restores {target}'s {item}."),
                   target=seat_name(target, names), item=lk.loot_name(e["item"]))
    if t == "recovery":
        parts = [_("your character") if q == you else _("{who}'s character").format(who=seat_name(q, names))
                 for q in e["characters"]]
        parts += [_("your {item}").format(item=lk.loot_name(x["item"])) if x["seat"] == you else
                  _("{who}'s {item}").format(who=seat_name(x["seat"], names), item=lk.loot_name(x["item"]))
                  for x in e["items"]]
        return ngettext("Recovery: {cards} is ready again.", "Recovery: {cards} are ready again.",
                        len(parts)).format(cards=and_list(parts))
    if t == "return":
        return ngettext("Dawn: the killed monster returns to {lair}, which has {monsters} again.",
                        "Dawn: {n} killed monsters return to {lair}, which has {monsters} again.",
                        e["returned"]).format(n=e["returned"], lair=lk.lair_name(e["lair"]),
                                              monsters=monster_count(len(e["monsters"])))
    if t == "crisis_ends":
        return _("The day crisis {name} ends.").format(name=lk.crisis_name(e["crisis"]))
    if t == "infestation":
        return _("Infestation: new lairs appear.")
    if t == "bank_refill":
        return _("The {weapon} stack of the bank is empty: a {weapon} is taken from the discard pile instead.").format(
            weapon=lk.w(e["stack"]))
    if t == "unstore":
        if s == you:
            return count(e["count"], "Your stored weapon joins your hand.", "Your {n} stored weapons join your hand.")
        who = seat_name(int(e["seat"]), names)
        if e["weapons"]:
            return ngettext("{who}'s weapon stored face down joins their hand ({seen}, seen when stored).",
                            "{who}'s {n} weapons stored face down join their hand ({seen} among them, seen when "
                            "stored).", e["count"]).format(who=who, n=e["count"],
                                                          seen=weapons_text(e["weapons"], lk))
        return ngettext("{who}'s weapon stored face down joins their hand.",
                        "{who}'s {n} weapons stored face down join their hand.", e["count"]).format(who=who,
                                                                                                   n=e["count"])
    if t == "war_horn":
        return _("The horn sounds: every player still in the hunt draws a weapon.")
    if t == "spawn_monster":
        return _("A {monster} joins {lair}.").format(monster=lk.m(e["monster"]), lair=lk.lair_name(e["lair"]))
    if t == "sacrifice":
        return say(s, you, names, N_("You give up the {item} to save villagers."),
                   N_("{who} gives up the {item} to save villagers."), item=lk.loot_name(e["item"]))
    if t == "character":
        return say(s, you, names, N_("You choose the {character}."), N_("{who} chooses the {character}."),
                   character=lk.character_name(e["character"]))
    if t == "reshuffle_weapons":
        return _("The discards are shuffled into a new weapon deck of {n}.").format(n=e["count"])
    if t == "game_over":
        if e["won"]:
            return _("The village is saved: the team wins with {villagers} left!").format(
                villagers=villagers(e["villagers"]))
        return _("The village falls: the team loses.")
    return unknown_event(e)


def lair_name(v: dict[str, Any], lair: str, cards: MonsterCards | None = None) -> str:
    return next((card_name(x["name"]) for x in v.get("lairs", []) if x["lair"] == lair),
                lookup(cards).lair_name(lair))


def describe_action(v: dict[str, Any], action: str, names: Names = None, cards: MonsterCards | None = None,
                    brief: bool = False) -> str:
    """What choosing ``action`` does, in words, from the chooser's view (``brief``: without the card's ability,
    which the terminal's help gives, so a long menu fits the screen)."""
    lk = lookup(cards)
    head, _sep, rest = action.partition(":")
    me = v["seats"][v["seat"]] if v.get("seat") is not None else None
    if head == "kill":
        lair, weapon = rest.split(":")
        top = next((x["monsters"][0] for x in v.get("lairs", []) if x["lair"] == lair and x["monsters"]), None)
        monster = lk.m(top) if top else _("top monster")
        return _("{weapon}: kill the {monster} of {lair}").format(
            monster=monster, lair=lair_name(v, lair, cards), weapon=lk.w(weapon))
    if head == "three":
        return _("Three weapons: kill the top of {lair}").format(lair=lair_name(v, rest, cards))
    choosing = v.get("choosing") or {}
    slots, chosen = choosing.get("slots", []), choosing.get("chosen", [])
    slot = slots[len(chosen)] if len(chosen) < len(slots) else ""
    origin, effect = choosing.get("action", ""), choosing.get("effect", "")
    if head == "lair":
        lair = lair_name(v, rest, cards)
        if slot == "lair_to":
            return _("Move the monster onto {lair}").format(lair=lair)
        if effect == "move_top":
            return _("Move the top monster of {lair}").format(lair=lair)
        if effect == "remove_top":
            return _("Remove the top monster of {lair}").format(lair=lair)
        if effect in ("kill_top", "kill_with_any"):
            return _("Kill the top monster of {lair}").format(lair=lair)
        return _("Choose the lair {lair}").format(lair=lair)
    if head == "ability":
        ch = me["character"] if me else None
        if ch and brief:
            return _("Use your {character}").format(character=card_name(ch["name"]))
        if ch:
            chx = lk.character.get(ch["id"])
            return _("Use your {character}: {ability}").format(
                character=card_name(ch["name"]), ability=ability_text(chx.effect, chx.params, cards) if chx else "")
        return _("Use your character")
    if effect == "restore_other" and head in ("player", "item"):
        return _("Restore {card}").format(card=restore_target(v, head, rest, names, cards))
    if head == "item" and brief:
        return _("Use the {item}").format(item=lk.loot_name(rest))
    if head == "item":
        li = lk.loot.get(rest)
        return _("Use the {item}: {ability}").format(item=lk.loot_name(rest),
                                                     ability=ability_text(li.effect, li.params, cards) if li else "")
    if head == "cube":
        return _("Power cube on the {weapon} stack").format(weapon=lk.w(rest))
    if head == "cube-back":
        return _("Take your cube back from the {weapon} stack").format(weapon=lk.w(rest))
    if head == "store":
        return _("Store a weapon for tomorrow (discard another)")
    if head == "discard":
        return _("Discard a {weapon}").format(weapon=lk.w(rest))
    if head == "pass":
        return _("Pass (discard your hand and armed weapon)")
    if action == "arm:none":
        return _("Arm nothing")
    if head == "arm":
        return _("Arm a {weapon} (face up, for all to see)").format(weapon=lk.w(rest))
    if head == "weapon":
        weapon = lk.w(rest)
        if origin == "store":
            if not chosen:
                return _("Discard a {weapon} (to store another)").format(weapon=weapon)
            return _("Keep a {weapon} face down for tomorrow").format(weapon=weapon)
        if effect == "store_free":
            return _("Store a {weapon} face down for tomorrow").format(weapon=weapon)
        if origin == "three" or effect == "kill_with_any":
            return _("Pay with a {weapon}").format(weapon=weapon)
        if effect in ("trade_for_bank", "draw_then_discard"):
            return _("Discard a {weapon}").format(weapon=weapon)
        return _("Choose a {weapon}").format(weapon=weapon)
    if head == "bank":
        stack = next((b for b in v.get("bank", []) if b["stack"] == rest), None)
        top = lk.w(stack["top"]) if stack and stack.get("top") else lk.w(rest)
        return _("Choose the {weapon} stack of the bank (top card: {top})").format(weapon=lk.w(rest), top=top)
    if head == "player":
        target = int(rest) if rest.isdigit() else -1
        return _("Choose {player}").format(player=seat_name(target, names) if target != v.get("seat") else _("you"))
    if action == "loot:take":
        x = v.get("loot_choice")
        if x and brief:
            return _("Take the loot: {loot}").format(loot=card_name(x["name"]))
        return _("Take the loot: {loot}").format(loot=loot_text(x, cards)) if x else _("Take the loot")
    if action == "loot:villagers":
        x = v.get("loot_choice")
        return _("Take {villagers} instead").format(villagers=villagers(x["villagers"])) if x else \
            _("Take the villagers instead")
    if action == "sacrifice:none":
        return _("Keep your items")
    if head == "sacrifice":
        sx = lk.loot.get(rest)
        return _("Give up the {item} to save {villagers}").format(item=lk.loot_name(rest),
                                                                 villagers=villagers(sx.villagers if sx else 0))
    if head == "character":
        cx = lk.character.get(rest)
        return _("Play the {character}: {ability}").format(character=lk.character_name(rest),
                                                           ability=ability_text(cx.effect, cx.params, cards) if cx
                                                           else "")
    return action


def restore_target(v: dict[str, Any], head: str, rest: str, names: Names = None,
                   cards: MonsterCards | None = None) -> str:
    """The Motivator's choice (R9) in words: another player's exhausted character ("Ada's Priest") or loot item
    ("Ada's Holy Relic")."""
    lk = lookup(cards)
    seats = v.get("seats", [])
    if head == "player":
        q = int(rest) if rest.isdigit() else -1
        ch = seats[q].get("character") if 0 <= q < len(seats) else None
        return _("{who}'s {card}").format(who=seat_name(q, names), card=card_name(ch["name"]) if ch else
                                          _("character"))
    owner = next((x["seat"] for x in seats if any(i["id"] == rest for i in x.get("items", []))), -1)
    return _("{who}'s {card}").format(who=seat_name(owner, names), card=lk.loot_name(rest))


def menu_group(v: dict[str, Any], action: str, names: Names = None,
               cards: MonsterCards | None = None) -> tuple[str, str] | None:
    """The terminal menu's grouping of choices of one kind: (the group's heading, this choice's own words), so the
    kills read "Kill the top monster: Goblin of Goblin Fort with a Net, ..."; None: a choice on its own line."""
    lk = lookup(cards)
    head, _sep, rest = action.partition(":")
    if head == "kill":
        lair, weapon = rest.split(":")
        top = next((x["monsters"][0] for x in v.get("lairs", []) if x["lair"] == lair and x["monsters"]), None)
        if not top:
            return None
        return _("Kill:"), _("{monster} of {lair} with {weapon}").format(
            monster=lk.m(top), lair=lair_name(v, lair, cards), weapon=lk.w(weapon))
    if head == "three":
        return _("Kill with three weapons, the top of:"), lair_name(v, rest, cards)
    if head == "cube":
        return _("Power cube on the stack:"), lk.w(rest)
    if head == "cube-back":
        return _("Take your cube back from the stack:"), lk.w(rest)
    if head == "discard":
        return _("Discard:"), lk.w(rest)
    if head == "arm" and action != "arm:none":
        return _("Arm (face up, for all to see):"), lk.w(rest)
    if head == "bank":
        stack = next((b for b in v.get("bank", []) if b["stack"] == rest), None)
        top = lk.w(stack["top"]) if stack and stack.get("top") else lk.w(rest)
        return _("Choose a stack of the bank:"), lk.w(rest) if top == lk.w(rest) else \
            _("{weapon} (top card: {top})").format(weapon=lk.w(rest), top=top)
    choosing = v.get("choosing") or {}
    slots, chosen = choosing.get("slots", []), choosing.get("chosen", [])
    slot = slots[len(chosen)] if len(chosen) < len(slots) else ""
    origin, effect = choosing.get("action", ""), choosing.get("effect", "")
    if head == "weapon":
        if origin == "store":
            heading = _("Discard (to store another):") if not chosen else _("Keep face down for tomorrow:")
        elif effect == "store_free":
            heading = _("Store face down for tomorrow:")
        elif origin == "three" or effect == "kill_with_any":
            heading = _("Pay with:")
        elif effect in ("trade_for_bank", "draw_then_discard"):
            heading = _("Discard:")
        else:
            heading = _("Choose a weapon:")
        return heading, lk.w(rest)
    if head == "lair":
        if slot == "lair_to":
            heading = _("Move it onto:")
        elif effect == "move_top":
            heading = _("Move the top monster of:")
        elif effect == "remove_top":
            heading = _("Remove the top monster of:")
        elif effect in ("kill_top", "kill_with_any"):
            heading = _("Kill the top monster of:")
        else:
            heading = _("Choose a lair:")
        return heading, lair_name(v, rest, cards)
    if effect == "restore_other" and head in ("player", "item"):
        return _("Restore:"), restore_target(v, head, rest, names, cards)
    if head == "player":
        target = int(rest) if rest.isdigit() else -1
        return _("Choose a player:"), seat_name(target, names) if target != v.get("seat") else _("you")
    return None


def explain_refusal(r: Any, v: dict[str, Any], action: str, names: Names = None,
                    cards: MonsterCards | None = None) -> str:
    """Why a move is refused (``rules.refusal``: a ``core.ruleset.Refusal``), told to the seat to play: card names,
    second person, the player's language."""
    lk = lookup(cards)
    p = r.params
    if r.code == "lair_gone":
        return _("{lair} is not on the table, or has no monster left.").format(lair=lk.lair_name(p["lair"]))
    if r.code == "not_top":
        return _("Only the top monster of a lair can be killed: the top of {lair} is a {monster}, which needs a "
                 "{weapon}.").format(lair=lair_name(v, p["lair"], cards), monster=lk.m(p["colour"]),
                                     weapon=lk.w(p["needed"]))
    if r.code == "no_weapon":
        return _("You have no {weapon} in hand or armed.").format(weapon=lk.w(p["weapon"]))
    if r.code == "blocked":
        return _("Today's crisis forbids the {weapon}.").format(weapon=lk.w(p["weapon"]))
    if r.code == "three_needs_three":
        return _("A kill with three weapons needs three weapons; you have {weapons}.").format(
            weapons=weapons(p["have"]))
    if r.code == "no_three_here":
        return _("A crisis forbids kills with three weapons on {lair}.").format(lair=lair_name(v, p["lair"], cards))
    if r.code == "three_blocked":
        return _("Today's crisis leaves you fewer than three weapons you may use.")
    if r.code == "ability_used":
        return _("You have already used your character today.")
    if r.code == "ability_unusable":
        return _("Your character's ability has nothing to act on now.")
    if r.code == "no_item":
        return _("You do not hold the {item}.").format(item=lk.loot_name(p["item"]))
    if r.code == "item_used":
        return _("You have already used the {item} today.").format(item=lk.loot_name(p["item"]))
    if r.code == "item_unusable":
        return _("The {item} has nothing to act on now.").format(item=lk.loot_name(p["item"]))
    if r.code == "no_cube":
        return _("You have no power cube left.")
    if r.code == "cubes_forbidden":
        return _("Today's crisis forbids placing power cubes.")
    if r.code == "bank_empty":
        return _("The {weapon} stack of the bank is empty.").format(weapon=lk.w(p["weapon"]))
    if r.code == "store_needs_two":
        return _("Storing needs two weapons: one kept face down, one discarded.")
    return common_refusal(r.code, worded(describe_action, v, action, names, cards))
