"""Monster Inn's rules in the project's own words, the card reference from the card file, and help on the table.

Plain Markdown text in the language in force: the terminal prints it, the server can serve it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from monsterbox.core.i18n import N_, _
from monsterbox.core.wording import labelled
from monsterbox.games.inn.cards import RACE_COLOURS, RACES, CardSet, default_cards
from monsterbox.games.inn.text import COLOUR_NAMES, RACE_PLURALS, card_text

RULES = (
    N_("# Monster Inn"),
    N_("You are dungeon masters hiring staff at the local inn. Each round you bid treasure to stay in and avoid the "
       "worst cards; when you drop out you take the pool and the next creature. Monsters bring fame; humans hidden "
       "in your dungeon can cost you fame at the end."),
    N_("## Set-up"),
    N_("The 40 creature cards (20 monsters, 20 humans, each with a combat value from 1 to 20 and 1 to 4 skulls) are "
       "shuffled into the draw pile. Each player starts with 3 gold coins and 3 gems, kept secret (open treasures "
       "variant: shown). The other treasures form the supply."),
    N_("## A round"),
    N_("The first player lays out the tavern: one card per player. Humans stay face down, showing only their range "
       "(1-5, 6-10, 11-15, 16-20), highest range first; then the monsters face up, weakest first. The card nearest "
       "the draw pile is the next one taken."),
    N_("In turn, each player still in the round either **stays in** or **drops out**. To stay in you place one "
       "treasure in the pool: any kind if it is empty, else the same kind as the pool. Or you **exchange**: take the "
       "whole pool and put back the other kind, two more than you took. To drop out you take the pool and the next "
       "creature of the tavern; the last player in must drop out and takes the last card with an empty pool."),
    N_("A human goes face down in the next free place of your dungeon's bottom row, and you take 1 treasure of your "
       "choice from the supply (**human bonus**). A monster goes in the next free place of the top row; if it is "
       "of a race you already have, you may put 1 treasure from your hand on a monster of that race (**support "
       "bonus**): that monster is then safe from the human beneath it. The treasure is lost."),
    N_("## The end and scoring"),
    N_("When fewer cards than players are left, the round just played was the last. Then each dungeon is scored "
       "pair by pair, monster over the human beneath it: humans with no monster above them and humans under a "
       "supported monster are removed unseen; the other humans are revealed, and those weaker than their monster "
       "are removed."),
    N_("Each monster scores its skulls; each human that stays costs its skulls; every 3 treasures in hand score 1 "
       "fame point. Most fame wins; a tie goes to the most treasures; still tied, the victory is shared."),
    N_("## Variants"),
    N_("Open treasures (`--option open_treasures=true`): everyone's treasures are shown."),
)


def rules_text(cards: CardSet | None = None) -> str:
    """The whole rules and the card reference, as Markdown."""
    return "\n\n".join(_(p) for p in RULES) + "\n\n" + card_reference(cards)


def card_reference(cards: CardSet | None = None) -> str:
    cs = cards or default_cards()
    out = [_("## Card reference"), _("Monsters, by race (colour): combat value and skulls, one card each."), ""]
    for r, race in enumerate(RACES):
        mons = [cs.describe(c) for c in range(len(cs.ids)) if cs.kind[c] == 0 and cs.race[c] == r]
        faces = ", ".join(f"{m['value']} ({m['skulls']}\u2620)" for m in sorted(mons, key=lambda m: m["value"]))
        out.append("- " + labelled(f"**{_(RACE_PLURALS[race])}** ({_(COLOUR_NAMES[RACE_COLOURS[race]])})", faces))
    out.append("")
    out.append(_("Humans, by the range on their back: combat value and skulls, one card each."))
    out.append("")
    by_range: Counter[str] = Counter()
    rows: dict[str, list[str]] = {}
    for c in range(len(cs.ids)):
        if cs.kind[c] == 1:
            d = cs.describe(c)
            by_range[d["range"]] += 1
            rows.setdefault(d["range"], []).append(f"{d['value']} ({d['skulls']}\u2620)")
    for rng in sorted(rows, key=lambda x: int(x.split("-")[0])):
        out.append("- " + labelled(f"**{rng}**", ", ".join(rows[rng])))
    return "\n".join(out)


def table_help(v: dict[str, Any], cards: CardSet | None = None) -> str:
    """What the cards now on the table mean, and what each choice does."""
    out = [_("## Now on the table")]
    for i, c in enumerate(v["tavern"]):
        what = card_text(c)
        if c["kind"] == "monster":
            line = _("{card}: a monster; in your dungeon it scores its skulls unless a stronger or equal human "
                     "lies beneath it.").format(card=what)
        else:
            line = _("{card}: a human; its value is hidden until the end. Under a weaker monster it is removed; "
                     "under a stronger or equal one it costs its skulls.").format(card=what)
        out.append(("- **" + _("Next card") + "** — " if i == 0 else "- ") + line)
    out.append("")
    out.append(_("Stay in: place a treasure (the pool's kind). Exchange: take the pool and place the other kind, "
                 "two more. Drop out: take the pool and the next card."))
    return "\n".join(out)
