"""Monster Mansion's rules in the project's own words, the card reference from the card file, and help on the table.

Plain Markdown text in the language in force: the terminal prints it, the server can serve it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from monsterbox.core.i18n import N_, _
from monsterbox.core.wording import labelled
from monsterbox.games.mansion.cards import MansionCards, default_cards
from monsterbox.games.mansion.text import (
    CHAMBER_NAMES,
    CHAMBER_RULES,
    REWARD_NAMES,
    actor_label,
    actor_rule,
    card_name,
    chamber_label,
    chamber_rule,
    colour,
    cost_text,
    reward_rule,
)

RULES = (
    N_("# Monster Mansion"),
    N_("Each player runs a haunted mansion putting on a monster show. Cast actors and add chambers to raise your "
       "Sales Level; every show sells that many of your tickets. The first to sell out wins."),
    N_("## Set-up"),
    N_("Each player has a mansion, a screen and a stock of tickets; skulls of five colours (grey is a wildcard) "
       "fill the bag. In a two-player game a third seat, the dummy, also receives actors."),
    N_("Behind the screen stay hidden the skulls you hold and the colour of a skull The Swamp Thing drew. How many "
       "tickets each player has is shown to all: every ticket movement is public (tiles, Costume, gifts, sales), so "
       "anyone could count them."),
    N_("## A round"),
    N_("**The audition**: actors are laid out with skulls from the bag. **Turn order**: each player takes a "
       "turn-order tile and takes its tickets: a low number plays first, but gives more tickets to sell and fewer "
       "skulls. In turn order each player takes the skulls the tile allows, one at a time, from the audition, "
       "behind the screen."),
    N_("**The casting**: in turn order, you may cast (or reserve face down) one actor by paying its cost in skulls "
       "of its colours, and add one chamber (2 skulls of any colour); abilities of chambers and actors can be used "
       "once a turn. Rewards are earned as soon as their condition holds. The dummy is given an actor and discards "
       "skulls by the player with the lowest tile."),
    N_("**The show**: players with The Black Lagoon Monster may give a ticket away; then each player sells as many "
       "tickets as the Sales Level. **Maintenance**: the audition is refilled, leftover actors are discarded."),
    N_("## Sales Level"),
    N_("1 for the mansion, plus what each actor gives (see the cards), plus 3 for each reward. Neighbours count: "
       "Cthulhu, Verona and Eva look at the actors of the players on your left and right."),
    N_("## The end"),
    N_("When a player has sold all the tickets, the game ends after that show; whoever sold the most beyond the "
       "stock wins (ties share the victory)."),
)


def rules_text(cards: MansionCards | None = None) -> str:
    return "\n\n".join(_(p) for p in RULES) + "\n\n" + card_reference(cards)


def card_reference(cards: MansionCards | None = None) -> str:
    c = cards or default_cards()
    out = [_("## Card reference"), "", _("### Actors (colour, cost, copies)")]
    counts: Counter[tuple[str, str, str]] = Counter()
    first: dict[tuple[str, str, str], dict[str, Any]] = {}
    for a in c.actors:
        d = a.model_dump()
        key = (str(a.type), str(a.colour), cost_text(d["cost"]))
        counts[key] += 1
        first.setdefault(key, d)
    by_type: dict[str, list[str]] = {}
    for key, d in first.items():
        row = f"{actor_label(d)} {key[2]} (x{counts[key]})"
        if d["type"] == "cthulhu":  # each card its own colour: its effect with it
            row = labelled(row, actor_rule(d))
        by_type.setdefault(d["type"], []).append(row)
    for t, rows in by_type.items():
        d = next(x for x in first.values() if x["type"] == t)
        if t == "cthulhu":  # one row a card, each with its effect
            out.append("- " + labelled(f"**{card_name(d['name'])}**", "").rstrip())
            out += [f"  - {row}" for row in rows]
        else:
            out.append("- " + labelled(f"**{card_name(d['name'])}**", f"{actor_rule(d)} " + _("; ").join(rows)))
    out += ["", _("### Chambers (cost: 2 skulls of any colour)")]
    seen: set[str] = set()
    for ch in c.chambers:
        d = ch.model_dump()
        label = chamber_label(d)
        if label in seen:
            continue
        seen.add(label)
        out.append("- " + labelled(f"**{label}**", chamber_rule(d)))
    out += ["", _("### Rewards")]
    seen = set()
    for r in c.rewards:
        if r.type in seen:
            continue
        seen.add(r.type)
        out.append("- " + labelled(f"**{_(REWARD_NAMES[r.type])}**", reward_rule(r.model_dump(), cards)))
    out += ["", _("Skulls: {colours}; grey stands for any colour.").format(
        colours=", ".join(colour(x) for x in ("blue", "red", "green", "yellow", "grey")))]
    return "\n".join(out)


def table_help(v: dict[str, Any], cards: MansionCards | None = None) -> str:
    out = [_("## Now on the table")]
    for a in v["audition"]:
        out.append("- " + labelled(f"{actor_label(a)}, {_('cost {cost}').format(cost=cost_text(a['cost']))}",
                                   actor_rule(a)))
    seat = v.get("seat")
    me = v["seats"][seat] if seat is not None else None
    for a in (me or {}).get("reserved") or []:
        out.append("- " + _("Reserved: {actor}, cost {cost}: {rule}").format(
            actor=actor_label(a), cost=cost_text(a["cost"]), rule=actor_rule(a)))
    for ch in (me or {}).get("chambers", []):
        out.append("- " + labelled(chamber_label(ch), chamber_rule(ch)))
    owned = {ch["type"] for ch in (me or {}).get("chambers", [])}
    for kind in CHAMBER_RULES:  # the chambers one may still add
        if kind not in owned:
            rule = _("Once a turn, a skull of its first colour counts as its second, and the other way round.") \
                if kind == "make_up" else _(CHAMBER_RULES[kind])
            out.append("- " + labelled(_(CHAMBER_NAMES[kind]), rule))
    if v.get("actor_discard"):
        out.append("- " + _("The Mummy can cast from the discard pile: {actors}.").format(
            actors=", ".join(actor_label(a) for a in v["actor_discard"])))
    return "\n".join(out)
