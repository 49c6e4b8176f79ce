"""Monster Mansion in words: events, choices, actors, chambers, rewards and the Sales Level as a player reads them.

Colours are always written out ("Dracula (blue)"), never only shown as terminal colour: they drive the Witch, the
Zombie and Cthulhu. Actors are named from the card file, chambers by their kind and pair ("Make Up: red = blue"),
rewards by their kind ("The Clown"); no card id is shown. In a two-player game the third seat is "the dummy".
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
from monsterbox.games.mansion.cards import MansionCards, default_cards

COLOUR_NAMES = {"blue": N_("blue"), "red": N_("red"), "green": N_("green"), "yellow": N_("yellow"),
                "grey": N_("grey"), "purple": N_("purple")}
REWARD_NAMES = {"clown": N_("The Clown"), "zombie": N_("The Zombie"), "witch": N_("The Witch")}
CHAMBER_NAMES = {"make_up": N_("Make Up"), "costume": N_("Costume"), "props": N_("Props")}
#: each card's effect in words (MM Cards), with what its card file entry names filled in (Cthulhu's colour, Make
#: Up's pair, the Clown's actor types): a card's Sales Level counts the tickets sold at each show, so it is worded
#: as the Sales Level's gain, never as tickets taken or given
ACTOR_RULES = {
    "dracula": N_("Sales Level +1."),
    "werewolf": N_("Sales Level +2."),
    "frankenstein": N_("Sales Level +3."),
    "cthulhu": N_("Sales Level +1 for each {colour} actor owned by you and your two neighbours (this one "
                  "included)."),
    "verona": N_("Sales Level +1 for each Dracula owned by you and your two neighbours."),
    "eva": N_("Sales Level +2 for each Frankenstein owned by your two neighbours."),
    "ghost": N_("Sales Level +1 for each chamber you own."),
    "black_lagoon": N_("Before the show, you may give one of your tickets to another player."),
    "mummy": N_("Once a turn you may cast an actor from the discard pile, paying its cost."),
    "swamp_thing": N_("Once a turn you may draw a skull from the bag, unseen by the others."),
}
CHAMBER_RULES = {
    "make_up": N_("Once a turn, a {a} skull counts as {b} and a {b} skull as {a}."),
    "costume": N_("Once a turn, take 1 skull from the discard tile for 3 more tickets, or 2 skulls for 5 more "
                  "tickets."),
    "props": N_("Once a turn, any two skulls count as one grey skull."),
}
REWARD_RULES = {
    "clown": N_("Sales Level +3 as soon as you have 3 of these 4 actors: {actors}."),
    "zombie": N_("Sales Level +3 as soon as you have 3 actors of the same colour."),
    "witch": N_("Sales Level +3 as soon as you have 4 actors of different colours."),
}


def colour(c: str) -> str:
    return _(COLOUR_NAMES.get(c, c))


def colours(c: str) -> str:
    """The colour agreeing with a plural noun (French "bleus"; English "blue")."""
    return pgettext("plural", COLOUR_NAMES.get(c, c))


def card_name(name: str) -> str:
    return pgettext("card", name)


def skull_parts(d: dict[str, int]) -> list[str]:
    """["2 blue skulls", "1 grey skull"]: the skulls colour by colour."""
    return [ngettext("{n} {colour} skull", "{n} {colours} skulls", n).format(n=n, colour=colour(c), colours=colours(c))
            for c, n in d.items() if n]


def skull_text(d: dict[str, int]) -> str:
    """"2 blue skulls and 1 grey skull", "no skull"."""
    return and_list(skull_parts(d)) or _("no skull")


def cost_text(d: dict[str, int]) -> str:
    """A cost in short: "2 blue + 1 red" (French "2 bleus + 1 rouge"; "free" for none)."""
    return " + ".join(f"{n} {colour(c) if n == 1 else colours(c)}" for c, n in d.items() if n) or _("free")


class Lookup:
    def __init__(self, cards: MansionCards | None = None) -> None:
        c = cards or default_cards()
        self.cards = c
        self.actor = {a.id: a for a in c.actors}
        self.chamber = {x.id: x for x in c.chambers}
        self.reward = {x.id: x for x in c.rewards}
        self.type_name = {a.type: a.name for a in c.actors}

    def actor_name(self, aid: str) -> str:
        a = self.actor.get(aid)
        return actor_label(a.model_dump()) if a else _("an actor")

    def chamber_name(self, cid: str) -> str:
        x = self.chamber.get(cid)
        return chamber_label(x.model_dump()) if x else _("a chamber")

    def reward_name(self, rid: str) -> str:
        x = self.reward.get(rid)
        return _(REWARD_NAMES[x.type]) if x else _("a reward")


_lookups: CardSetMemo[Lookup] = CardSetMemo(Lookup)


def lookup(cards: MansionCards | None = None) -> Lookup:
    """The card set's ``Lookup`` (None: the shipped cards), made once per card set (``core.memo``: keyed by
    identity with the card set kept, so a freed card set's address never gives its names to another)."""
    return _lookups.get(cards)


def actor_label(a: dict[str, Any]) -> str:
    """"Dracula (blue)", "Cthulhu (green, shows red)"."""
    shows = a.get("shows")
    if a.get("type") == "cthulhu" and shows and shows != a["colour"]:
        return _("{name} ({colour}, shows {shows})").format(name=card_name(a["name"]), colour=colour(a["colour"]),
                                                            shows=colour(shows))
    return _("{name} ({colour})").format(name=card_name(a["name"]), colour=colour(a["colour"]))


def actor_rule(a: dict[str, Any]) -> str:
    """The actor's effect in words (MM Actor Cards), from its card file entry (Cthulhu: the colour it shows)."""
    if a["type"] == "cthulhu":
        return _(ACTOR_RULES["cthulhu"]).format(colour=colour(a.get("shows") or a["colour"]))
    return _(ACTOR_RULES[a["type"]])


def chamber_label(c: dict[str, Any]) -> str:
    """"Make Up (red = blue)", "Costume", "Props"."""
    name = _(CHAMBER_NAMES.get(c["type"], c["type"]))
    if c.get("pair"):
        return _("{name} ({a} = {b})").format(name=name, a=colour(c["pair"][0]), b=colour(c["pair"][1]))
    return name


def chamber_rule(c: dict[str, Any]) -> str:
    """The chamber's effect in words (MM Chamber Cards), from its card file entry (Make Up: its pair)."""
    if c["type"] == "make_up" and c.get("pair"):
        return _(CHAMBER_RULES["make_up"]).format(a=colour(c["pair"][0]), b=colour(c["pair"][1]))
    return _(CHAMBER_RULES[c["type"]])


def reward_rule(r: dict[str, Any], cards: MansionCards | None = None) -> str:
    """The reward's effect in words (MM Reward Cards), from its card file entry (the Clown: its four actor types)."""
    lk = lookup(cards)
    actors = and_list(card_name(lk.type_name.get(t, t)) for t in r.get("actor_types", []))
    return _(REWARD_RULES[r["type"]]).format(actors=actors)


def who_seat(seat: int, you: int | None, names: Names, players: int | None = None) -> str:
    """A seat named in the middle of a sentence: "you", "Ada", "the dummy" (the seat past the players)."""
    if seat == you:
        return _("you")
    if players is None and names is not None:
        players = len(names)
    if players is not None and seat >= players:
        return _("the dummy")
    return seat_name(seat, names)


def narrate(e: dict[str, Any], you: int | None = None, names: Names = None, cards: MansionCards | None = None) -> str:
    """One event as a sentence told to seat ``you``. With ``names`` (one per player), a seat past the players is
    "the dummy"."""
    lk = lookup(cards)
    t = e["type"]
    s = e.get("seat")
    if s is not None and names is not None and s >= len(names):
        if t == "tile":
            return _("The dummy is left with turn-order tile {tile}.").format(tile=e["tile"])
        names = list(names) + [_("the dummy")] * (s + 1 - len(names))
    if t == "audition":
        return _("Round {round}: the audition shows {actors}; skulls on offer: {skulls}.").format(
            round=e["round"], actors=and_list(lk.actor_name(a) for a in e["actors"]), skulls=skull_text(e["skulls"]))
    if t == "tile":
        return say(s, you, names, N_("You take turn-order tile {tile}."), N_("{who} takes turn-order tile {tile}."),
                   tile=e["tile"])
    if t == "take":
        return say(s, you, names, N_("  You take a {colour} skull."), N_("  {who} takes a {colour} skull."),
                   colour=colour(e["skull"]))
    if t == "cast":
        paid = skull_text(e["paid"])
        actor = lk.actor_name(e["actor"])
        if e.get("chambers_used"):
            paid = _("{paid}, using {chambers}").format(
                paid=paid, chambers=and_list(lk.chamber_name(c) if c in lk.chamber else _(CHAMBER_NAMES.get(c, c))
                                             for c in e["chambers_used"]))
        if e["from"] == "reserve":
            return say(s, you, names, N_("  You cast {actor} from your reserve, paying {paid}."),
                       N_("  {who} casts {actor} from the reserve, paying {paid}."), actor=actor, paid=paid)
        if e["from"] == "mummy":
            return say(s, you, names, N_("  With The Mummy you cast {actor} from the discards, paying {paid}."),
                       N_("  With The Mummy {who} casts {actor} from the discards, paying {paid}."), actor=actor,
                       paid=paid)
        return say(s, you, names, N_("  You cast {actor}, paying {paid}."), N_("  {who} casts {actor}, paying {paid}."),
                   actor=actor, paid=paid)
    if t == "reserve":
        if e.get("actor"):  # the table saw which card left the face-up audition (ruling Mansion: reserves public)
            return say(s, you, names, N_("  You reserve {actor}."), N_("  {who} reserves {actor}."),
                       actor=lk.actor_name(e["actor"]))
        return say(s, you, names, N_("  You reserve an actor face down."), N_("  {who} reserves an actor face down."))
    if t == "reserved":
        return say(s, you, names, N_("  (You reserved {actor}.)"), N_("  ({who} reserved {actor}.)"),
                   actor=lk.actor_name(e["actor"]))
    if t == "chamber":
        return say(s, you, names, N_("  You add the chamber {chamber}, paying {paid}."),
                   N_("  {who} adds the chamber {chamber}, paying {paid}."), chamber=lk.chamber_name(e["chamber"]),
                   paid=skull_text(e["paid"]))
    if t == "reward":
        return say(s, you, names, N_("  You earn the reward {reward} (Sales Level +3)."),
                   N_("  {who} earns the reward {reward} (Sales Level +3)."), reward=lk.reward_name(e["reward"]))
    if t == "swamp":
        return say(s, you, names, N_("  You draw a skull from the bag with The Swamp Thing."),
                   N_("  {who} draws a skull from the bag with The Swamp Thing."))
    if t == "swamp_skull":
        if not e.get("skull"):
            return ""
        return say(s, you, names, N_("  (You drew a {colour} skull.)"), N_("  ({who} drew a {colour} skull.)"),
                   colour=colour(e["skull"]))
    if t == "costume":
        got = skull_text({c: e["skulls"].count(c) for c in dict.fromkeys(e["skulls"])})
        # MM Costume: "Take 3 or 5 Tickets from the Reserve in order to take 1 or 2 Skulls": the player's tickets go
        # up (more to sell)
        return say(s, you, names, N_("  Costume: you take {tickets} more tickets and {skulls} from the discard "
                                     "tile."),
                   N_("  Costume: {who} takes {tickets} more tickets and {skulls} from the discard tile."),
                   tickets=e["tickets"], skulls=got)
    if t == "end_turn":
        return say(s, you, names, N_("  You end your turn."), N_("  {who} ends the turn."))
    if t == "dummy_actor":
        return say(s, you, names, N_("  You give {actor} to the dummy."), N_("  {who} gives {actor} to the dummy."),
                   actor=lk.actor_name(e["actor"]))
    if t == "dummy_skull":
        return say(s, you, names, N_("  For the dummy, you discard a {colour} skull."),
                   N_("  For the dummy, {who} discards a {colour} skull."), colour=colour(e["skull"]))
    if t == "give":
        if e["to"] is None:
            return say(s, you, names, N_("The Black Lagoon Monster: you give no ticket."),
                       N_("The Black Lagoon Monster: {who} gives no ticket."))
        return say(s, you, names, N_("The Black Lagoon Monster: you give a ticket to {to}."),
                   N_("The Black Lagoon Monster: {who} gives a ticket to {to}."), to=who_seat(e["to"], you, names))
    if t == "show":
        parts = [_("{who}: {n}").format(who=who_seat(i, you, names), n=k) for i, k in enumerate(e["sold"])]
        return _("The show: tickets sold: {parts}.").format(parts=and_list(parts))
    if t == "game_over":
        winners = and_list(who_seat(w, you, names) for w in e["winners"])
        return capitalise(_("Sold out! The winner: {winners}.").format(winners=winners) if len(e["winners"]) == 1
                          else _("Sold out! The winners: {winners}.").format(winners=winners))
    if t == "refill_bag":
        return _("The bag is refilled with the {n} discarded skulls.").format(n=e["count"])
    if t == "reshuffle_actors":
        return _("The actor discard pile is shuffled into a new deck of {n}.").format(n=e["count"])
    if t == "short_audition":
        parts = []
        if e["actors"] < e["actors_wanted"]:
            parts.append(_("only {n} of {wanted} actors (the deck is empty)").format(
                n=e["actors"], wanted=e["actors_wanted"]))
        if e["skulls"] < e["skulls_wanted"]:
            parts.append(_("only {n} of {wanted} skulls (the bag and the discard tile are empty)").format(
                n=e["skulls"], wanted=e["skulls_wanted"]))
        return _("The audition comes out short: {parts}.").format(parts=and_list(parts))
    return unknown_event(e)


def find_actor(v: dict[str, Any], aid: str, cards: MansionCards | None = None) -> dict[str, Any] | None:
    pool = list(v.get("audition", [])) + list(v.get("actor_discard", []))
    pool += [a for s in v.get("seats", []) for a in s.get("actors", [])]
    seat = v.get("seat")
    if seat is not None and v["seats"][seat].get("reserved"):
        pool += v["seats"][seat]["reserved"]
    found = next((x for x in pool if x["id"] == aid), None)
    if found is None:
        a = lookup(cards).actor.get(aid)
        found = a.model_dump() if a else None
    return found


def describe_action(v: dict[str, Any], action: str, names: Names = None, cards: MansionCards | None = None,
                    brief: bool = False) -> str:
    """What choosing ``action`` does, in words, from the chooser's view (``brief``: without the card's rule, which
    the terminal's help gives, so a long menu fits the screen)."""
    lk = lookup(cards)
    head, _sep, rest = action.partition(":")
    if head == "tile":
        tile = v["tiles"][int(rest) - 1]
        return _("Tile {tile}: take {tickets} tickets and {skulls}").format(
            tile=rest, tickets=tile["tickets"], skulls=count(tile["skulls"], "{n} skull", "{n} skulls"))
    if head == "take":
        return _("Take a {colour} skull").format(colour=colour(rest))
    if head in ("cast", "mummy", "reserve", "dummy"):
        a = find_actor(v, rest, cards)
        if a and brief:
            label = _("{actor}, cost {cost}").format(actor=actor_label(a), cost=cost_text(a["cost"]))
        elif a:
            label = _("{actor}, cost {cost}: {rule}").format(actor=actor_label(a), cost=cost_text(a["cost"]),
                                                             rule=actor_rule(a))
        else:
            label = _("an actor")
        forms = {"cast": N_("Cast {label}"), "mummy": N_("Cast from the discards (The Mummy): {label}"),
                 "reserve": N_("Reserve {label}"), "dummy": N_("Give the dummy {label}")}
        return _(forms[head]).format(label=label)
    if head == "chamber":
        x = lk.chamber.get(rest)
        if x and brief:
            return _("Add the chamber {chamber} (2 skulls)").format(chamber=chamber_label(x.model_dump()))
        if x:
            return _("Add the chamber {chamber} (2 skulls of any colour): {rule}").format(
                chamber=chamber_label(x.model_dump()), rule=chamber_rule(x.model_dump()))
        return _("Add a chamber (2 skulls of any colour)")
    if head == "swamp":
        return _("Draw a skull from the bag (The Swamp Thing)")
    if head == "costume":
        got = rest.split("+")
        return _("Costume: take {skulls} for {tickets} more tickets").format(
            tickets=3 if len(got) == 1 else 5, skulls=skull_text({c: got.count(c) for c in dict.fromkeys(got)}))
    if head == "end":
        return _("End your turn")
    if head == "dummy-skull":
        return _("Discard a {colour} skull for the dummy").format(colour=colour(rest))
    if head == "pay":
        got = rest.split("+")
        return _("Pay {skulls}").format(skulls=skull_text({c: got.count(c) for c in dict.fromkeys(got)}))
    if head == "give":
        if rest == "none":
            return _("Give no ticket")
        return _("Give a ticket to {who}").format(who=who_seat(int(rest), v.get("seat"), names))
    return action


def menu_group(v: dict[str, Any], action: str, names: Names = None,
               cards: MansionCards | None = None) -> tuple[str, str] | None:
    """The terminal menu's grouping of choices of one kind: (the group's heading, this choice's own words), so the
    twenty Costume choices read "Costume (take 3 more tickets for one skull, 5 for two): blue, ..., blue + red, ...";
    None: a choice on its own line (its ``describe_action`` label)."""
    head, _sep, rest = action.partition(":")
    if head in ("cast", "reserve", "dummy", "mummy"):
        a = find_actor(v, rest, cards)
        if not a:
            return None
        heads = {"cast": N_("Cast:"), "mummy": N_("Cast from the discards (The Mummy):"), "reserve": N_("Reserve:"),
                 "dummy": N_("Give the dummy:")}
        if head == "mummy":  # the discard pile on the table shows no cost
            return _(heads[head]), _("{actor}, cost {cost}").format(actor=actor_label(a), cost=cost_text(a["cost"]))
        return _(heads[head]), actor_label(a)  # its cost is on the table (the audition, your reserved actors)
    if head == "costume":
        return (_("Costume (take 3 more tickets for one skull, 5 for two):"),
                "+".join(colour(c) for c in rest.split("+")))
    if head == "take":
        return _("Take a skull:"), colour(rest)
    if head == "dummy-skull":
        return _("Discard a skull for the dummy:"), colour(rest)
    if head == "pay":
        got = rest.split("+")
        return _("Pay:"), skull_text({c: got.count(c) for c in dict.fromkeys(got)})
    if head == "chamber":
        x = lookup(cards).chamber.get(rest)
        return (_("Add a chamber (2 skulls):"), chamber_label(x.model_dump())) if x else None
    return None


def actor_points(v: dict[str, Any], seat: int) -> list[int | None]:
    """What each actor of ``seat`` adds to its Sales Level (None: an actor with an ability instead), from the view."""
    seats = v["seats"]
    me = seats[seat]
    around = [seats[q] for q in me.get("neighbours", [])]
    out: list[int | None] = []
    for a in me["actors"]:
        t = a["type"]
        pts = {"dracula": 1, "werewolf": 2, "frankenstein": 3}.get(t, 0)
        if t == "cthulhu":
            shows = a.get("shows", a["colour"])
            pts = sum(1 for s in (me, *around) for x in s["actors"] if x["colour"] == shows)
        elif t == "verona":
            pts = sum(1 for s in (me, *around) for x in s["actors"] if x["type"] == "dracula")
        elif t == "eva":
            pts = 2 * sum(1 for s in around for x in s["actors"] if x["type"] == "frankenstein")
        elif t == "ghost":
            pts = len(me.get("chambers", []))
        out.append(pts if t in ("dracula", "werewolf", "frankenstein", "cthulhu", "verona", "eva", "ghost") else None)
    return out


def sales_breakdown(v: dict[str, Any], seat: int) -> list[str]:
    """The Sales Level of ``seat`` part by part ("Mansion +1", "Dracula (blue) +1", "The Witch +3"), from the view."""
    me = v["seats"][seat]
    if me.get("dummy"):
        return []
    parts = [_("mansion +1")]
    for a, pts in zip(me["actors"], actor_points(v, seat), strict=True):
        if pts is not None:
            parts.append(f"{card_name(a['name'])} +{pts}")
    for _r in me.get("rewards", []):
        parts.append(f"{lookup().reward_name(_r)} +3")
    return parts


def explain_refusal(r: Any, v: dict[str, Any], action: str, names: Names = None,
                    cards: MansionCards | None = None) -> str:
    """Why a move is refused (``rules.refusal``: a ``core.ruleset.Refusal``), told to the seat to play: actors by
    name and colour, second person, the player's language."""
    lk = lookup(cards)
    p = r.params
    if r.code == "one_actor":
        return _("You have already cast or reserved an actor this turn: one a turn.")
    if r.code == "one_of_each":
        return _("You already have a {actor}: one ability card of each type.").format(
            actor=card_name(lk.actor[p["actor"]].name) if p["actor"] in lk.actor else _("an actor"))
    if r.code == "cannot_pay":
        return _("You cannot pay for {actor}: it costs {cost} and you have {skulls}.").format(
            actor=lk.actor_name(p["actor"]), cost=cost_text(p["cost"]), skulls=skull_text(p["have"]))
    if r.code == "one_chamber":
        return _("You have already added a chamber this turn: one a turn.")
    if r.code == "must_act":
        return _("Cast or reserve an actor, or add a chamber, first: a turn cannot end having done neither while the "
                 "audition holds an actor or you can add a chamber.")
    if r.code == "bad_payment":
        return _("That is not a way to pay for what you chose: the payments are listed.")
    if r.code == "no_payment":
        return _("There is nothing to pay for now: payments follow the casting of an actor or a chamber.")
    return common_refusal(r.code, worded(describe_action, v, action, names, cards))
