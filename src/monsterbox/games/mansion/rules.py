"""Monster Mansion rules as plain functions over a MansionState.

References: MM = monster-mansion.txt (section names), R<n> = shared/RULINGS.md Monster Mansion ruling n,
P<n> = the project's own rulings in docs/rules/mansion.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from operator import attrgetter
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import cards_option, parsed_card_set
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.options import check_keys, seat_option
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.mansion import actions as A
from monsterbox.games.mansion.actions import action_table
from monsterbox.games.mansion.cards import (
    ACTOR_COLOURS,
    CHAMBER_TYPES,
    REWARD_TYPES,
    SKULLS,
    MansionCards,
    default_cards,
    parse_cards,
)
from monsterbox.games.mansion.castability import PAIR_BITS, PROPS_BIT, TYPE_BITS
from monsterbox.games.mansion.payments import (
    Flags,
    Payment,
    PaymentTable,
    chamber_table,
    payment_table,
)
from monsterbox.games.mansion.state import (
    BUY_AUDITION,
    BUY_CHAMBER,
    BUY_MUMMY,
    BUY_RESERVE,
    CAST,
    DECISION_KINDS,
    DUMMY_ACTOR,
    DUMMY_SKULLS,
    LAGOON,
    OVER,
    PAY,
    TAKE,
    TILE,
    MansionState,
    copy_state,
)

START_TICKETS = 30  # MM Setup 9
CHAMBER_COST = 2  # MM Add a Chamber: always 2 skulls of any colour
REWARD_BONUS = 3  # MM Reward Cards: +3 each
CHAMBER_MEMO_MAX = 4_096  # addable_chambers' memo entries kept (pools are subsets of 12 chambers)
#: the skulls an audition draws, by the side of the turn-order tiles in use (``MansionState.tile_values``): the
#: skulls the tiles hand out (MM Phase 1: 7 or 10)
AUDITION_SKULLS: dict[tuple[tuple[int, int], ...], int] = {}
#: reward types as bits (``actions.Codes.reward_bit``), and the byte arithmetic of ``check_rewards``' colour counts
CLOWN, ZOMBIE, WITCH = (1 << REWARD_TYPES.index(t) for t in ("clown", "zombie", "witch"))
ALL_REWARDS = (1 << len(REWARD_TYPES)) - 1
TOP_BITS = sum(0x80 << 8 * c for c in range(len(ACTOR_COLOURS)))
THREE_UP = sum(125 << 8 * c for c in range(len(ACTOR_COLOURS)))
ONE_UP = sum(127 << 8 * c for c in range(len(ACTOR_COLOURS)))
ROUND_CAP = 60  # P10: a safety net; games end long before (every seat sells at least 1 ticket a round)
FIXED_SALES = (1, 2, 3)  # MM Actor Cards: Dracula, Werewolf and Frankenstein's sales (by type, the first three)
COSTUME = {1: 3, 2: 5}  # MM Costume: 3 or 5 tickets for 1 or 2 skulls
#: the chambers a payment used, as logged, by its flags (Make Up used + 2 * Props used)
CHAMBERS_USED: tuple[tuple[str, ...], ...] = ((), ("make_up",), ("props",), ("make_up", "props"))
(DRACULA, WEREWOLF, FRANKENSTEIN, CTHULHU, VERONA, EVA, GHOST, BLACK_LAGOON, MUMMY, SWAMP_THING) = range(10)
ABILITY_TYPES = frozenset((BLACK_LAGOON, MUMMY, SWAMP_THING))  # MM Actor Cards: one of each type per player
#: the digits of ``bin`` as bytes 0 and 1 (``bytes.translate``), to select list items by the bits of a mask
BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
#: ``draw_skulls`` counts the skulls drawn per colour in one integer, a byte a colour (blue lowest): a skull of
#: colour ``c`` adds ``SKULL_UNIT[c]`` (written as literals there)
SKULL_UNIT = (1, 0x100, 0x10000, 0x1000000, 0x100000000)
#: a chamber type's bit in a player's chambers as one integer (``actions.Codes.chamber_bit``)
COSTUME_BIT = 1 << CHAMBER_TYPES.index("costume")

OPTION_KEYS = {
    "first_player": "int seat: who holds the starting player token first (default: drawn from the seed)",
    "deck": "list of actor ids drawn first, in that order (tests, puzzles); the rest is shuffled",
    "bag": "list of skull colours the bag yields first, in that order, to every audition and Swamp Thing draw",
    "cards": "path to a card file (TOML/JSON) or its content; default monsterbox/data/mansion.toml",
}


def validate_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    options = check_keys(options, OPTION_KEYS, "Monster Mansion")
    out: dict[str, Any] = {}
    if "first_player" in options:
        out["first_player"] = seat_option(options, "first_player", players)
    cards = default_cards()
    if options.get("cards") is not None:
        cards = cards_option(options["cards"], parse_cards)
        out["cards"] = cards.entries()
    if "deck" in options:
        ids = [a.id for a in cards.actors]
        deck = options["deck"]
        if not isinstance(deck, list) or any(d not in ids for d in deck) or len(set(deck)) != len(deck):
            raise InvalidOptions("option deck must list distinct actor ids ({first}, ...), got {value}", first=ids[0],
                                 value=repr(deck))
        if players < 4:
            gone = [d for d in deck if cards.actors[ids.index(d)].removed_for_3_players]
            if gone:
                if players == 2:
                    raise InvalidOptions("option deck: {ids} are removed from the 2-player game (set up as the "
                                         "3-player game)", ids=", ".join(gone))
                raise InvalidOptions("option deck: {ids} are removed from the 3-player game", ids=", ".join(gone))
        out["deck"] = list(deck)
    if "bag" in options:
        bag = options["bag"]
        if not isinstance(bag, list) or any(b not in SKULLS for b in bag):
            raise InvalidOptions("option bag must list skull colours among {colours}, got {value}",
                                 colours=", ".join(SKULLS), value=repr(bag))
        for c, colour in enumerate(SKULLS):
            if bag.count(colour) > cards.skulls[c]:
                raise InvalidOptions("option bag lists {n} {colour} skulls; the bag holds only {most}",
                                     n=bag.count(colour), colour=colour, most=cards.skulls[c])
        out["bag"] = list(bag)
    return out


def card_set(options: dict[str, Any]) -> MansionCards:
    return parsed_card_set(options["cards"], parse_cards, "option 'cards'") if "cards" in options else default_cards()


def setup(players: int, options: dict[str, Any], rng: random.Random) -> MansionState:
    """MM Setup: shuffle the actors (3 players, and 2 players set up as 3 (R4): remove the 3 marked cards), all
    skulls in the bag, 30 tickets each, tiles on the side for the player count, a random starting player."""
    cards = card_set(options)
    codes = A.action_codes(cards, players)
    table_n = 3 if players == 2 else players
    if "deck" in options:
        ids = [a.id for a in cards.actors]
        prefix = [ids.index(d) for d in options["deck"]]
        rest = [i for i in codes.in_play if i not in prefix]
    else:
        prefix = []
        rest = list(codes.in_play)
    state_rng = crng.seed_state(rng.getrandbits(64))
    state_rng = crng.shuffle(state_rng, rest)
    # per seat lists: at most 4 seats, so literals cut to the count (cheaper than comprehensions)
    actors: list[list[int]] = [[], [], [], []]
    reserved: list[list[int]] = [[], [], [], []]
    chambers: list[list[int]] = [[], [], [], []]
    rewards: list[list[int]] = [[], [], [], []]
    s = MansionState(
        cards=cards, n=players, table_n=table_n,
        tile_values=cards.tiles_large if players == 4 else cards.tiles_small,
        deck=rest + prefix[::-1], actor_discard=[], audition=[], bag=list(cards.skulls), skull_discard=[0] * 5,
        audition_skulls=[0] * 5, screens=[[0] * 5, [0] * 5, [0] * 5, [0] * 5][:players],
        public_screens=[[0] * 5, [0] * 5, [0] * 5, [0] * 5][:players], hidden_skulls=[0] * players,
        tickets=[START_TICKETS] * players, actors=actors[:table_n], reserved=reserved[:players],
        chambers=chambers[:players], rewards=rewards[:players],
        reward_pool=list(range(len(cards.rewards))), chamber_pool=list(range(len(cards.chambers))),
        tiles=[-1] * table_n,
        token=options["first_player"] if "first_player" in options else crng.randrange_random(rng, players),
        token_next=-1, order=[], order_pos=0, phase=TILE, current=0, acting=0, to_take=0, actor_done=False,
        chamber_done=False, swamp_done=False, costume_done=False, makeup_used=False, props_used=False,
        lagoon_queue=[], pending=(-1, -1),
        bag_script=[SKULLS.index(b) for b in reversed(options["bag"])] if "bag" in options else [],
        round=0, rng=state_rng, step=0, log=[], codes=codes,
    )
    start_round(s)
    return s


# --- chance and derived facts ---------------------------------------------------------------------------------------
def draw_skull(s: MansionState) -> int:
    """One skull from the bag: the next scripted one (option ``bag``), else at random; an empty bag is refilled
    from the discard tile (MM The Audition note). -1 when both are empty."""
    bag = s.bag
    total = sum(bag)
    if total == 0:
        total = sum(s.skull_discard)
        if total == 0:
            return -1
        bag = s.bag = s.skull_discard
        s.skull_discard = [0] * 5
        log(s, -1, "refill_bag", total)
    if s.bag_script:
        c = s.bag_script.pop()
        # validate_options allows no more of a colour than the bag holds, and every draw takes the script's next
        # skull until it runs out, so the scripted skull is still in the bag
        assert bag[c], f"option bag: no {SKULLS[c]} skull left in the bag"
        bag[c] -= 1
        return c
    s.rng, k = crng.below(s.rng, total)
    for c in range(5):
        if k < bag[c]:
            bag[c] -= 1
            return c
        k -= bag[c]
    raise AssertionError("bag accounting")


def draw_skulls(s: MansionState, count: int) -> list[int]:
    """``count`` skulls drawn one by one (``draw_skull``), per colour; fewer when the bag and the discard tile run
    out (MM The Audition). When no skull is scripted and at most 255 are drawn, the draws from a bag holding them all
    (all of them, or the bag's skulls before a refill and the refilled bag's after) are ``draw_skull``'s written
    out: the bag's skulls lined up by colour (blue first; each skull counted as ``SKULL_UNIT`` of its colour, so
    that adding the skulls drawn counts them per colour), the generator's draw (``core.rng.below``) inlined with the
    same arithmetic and generator states, so the same skulls, and the skull drawn taken out of the line."""
    bag = s.bag
    b, r, g, y, grey = bag
    total = b + r + g + y + grey
    if s.bag_script or count > 255:
        got = [0] * 5
        for _ in range(count):
            c = draw_skull(s)
            if c >= 0:
                got[c] += 1
        return got
    if total < count:
        # the bag runs out partway: its skulls first, then ``draw_skull`` refills it from the discard tile for the
        # next draw (or finds both empty: so would every later draw), then the rest from the refilled bag
        got = draw_skulls(s, total) if total else [0] * 5
        c = draw_skull(s)
        if c < 0:
            return got
        got[c] += 1
        more = draw_skulls(s, count - total - 1)
        return [got[0] + more[0], got[1] + more[1], got[2] + more[2], got[3] + more[3], got[4] + more[4]]
    line = [1] * b + [0x100] * r + [0x10000] * g + [0x1000000] * y + [0x100000000] * grey  # SKULL_UNIT
    drawn = 0
    state = s.rng
    for left in range(total, total - count, -1):
        # core.rng.below(state, left), inlined (SplitMix64, then a 64-bit multiply-shift)
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        drawn += line.pop(((z ^ (z >> 31)) * left) >> 64)
    s.rng = state
    got = [drawn & 255, drawn >> 8 & 255, drawn >> 16 & 255, drawn >> 24 & 255, drawn >> 32]
    bag[0] = b - got[0]
    bag[1] = r - got[1]
    bag[2] = g - got[2]
    bag[3] = y - got[3]
    bag[4] = grey - got[4]
    return got


def neighbours(s: MansionState, q: int) -> tuple[int, ...]:
    """The player to the left and the player to the right (R2: the dummy is a seat of the table)."""
    n = s.table_n
    left, right = (q + 1) % n, (q - 1) % n
    return (left,) if left == right else (left, right)


def sales_level(s: MansionState, q: int) -> int:
    """R1: derived from the table at every moment. Mansion 1 + actors (MM Actor Cards) + 3 per reward."""
    cards = s.cards
    atype = cards.atype
    actors = s.actors
    level = 1 + REWARD_BONUS * len(s.rewards[q]) if q < s.n else 0
    around: tuple[int, ...] = ()
    for a in actors[q]:
        t = atype[a]
        if t < CTHULHU:  # Dracula 1, Werewolf 2, Frankenstein 3
            level += FIXED_SALES[t]
            continue
        if t == GHOST:
            level += len(s.chambers[q]) if q < s.n else 0
            continue
        if not around:
            around = neighbours(s, q)
        if t == CTHULHU:  # +1 per actor of the colour it shows, here and next door
            acolour = cards.acolour
            colour = cards.ashows[a]
            for seat in (q, *around):
                for x in actors[seat]:
                    if acolour[x] == colour:
                        level += 1
        elif t == VERONA:  # +1 per Dracula, here and next door
            for seat in (q, *around):
                for x in actors[seat]:
                    if atype[x] == DRACULA:
                        level += 1
        elif t == EVA:  # +2 per Frankenstein next door
            for seat in around:
                for x in actors[seat]:
                    if atype[x] == FRANKENSTEIN:
                        level += 2
    return level


def owns(s: MansionState, p: int, actor_type: int) -> bool:
    """Whether ``p`` has an actor of ``actor_type`` in play."""
    atype = s.cards.atype
    for a in s.actors[p]:  # noqa: SIM110 (a loop: no generator frame, read at every show)
        if atype[a] == actor_type:
            return True
    return False


def chamber_of(s: MansionState, p: int, kind: str) -> int:
    ctype = s.cards.ctype
    for c in s.chambers[p]:
        if ctype[c] == kind:
            return c
    return -1


def payments(s: MansionState, p: int, cost: Sequence[int], any_count: int = 0) -> dict[Payment, Flags]:
    """R6: every way ``p`` can pay ``cost`` (per colour) or ``any_count`` skulls of any colour (a chamber), keyed
    by the skulls spent, each with (Make Up used, Props used) (``payments.payment_set``, P3)."""
    table = chamber_table(any_count) if any_count else payment_table(tuple(cost), *_helpers(s, p))
    return {A.paid_of(code): table.flags[code] for code in table.codes_for(s.screens[p])}


def payment_options(s: MansionState, p: int, kind: int, item: int) -> dict[Payment, Flags]:
    """The payments of a purchase: an actor's cost, or a chamber's two skulls of any colour."""
    table, codes = _purchase(s, p, kind, item)
    return {A.paid_of(code): table.flags[code] for code in codes}


def _purchase(s: MansionState, p: int, kind: int, item: int) -> tuple[PaymentTable, list[int]]:
    """The payment table of a purchase and the pay codes (``actions.pay_code``) of the payments ``p`` can make, in
    the order they are offered."""
    if kind == BUY_CHAMBER:
        table = chamber_table(CHAMBER_COST)
    else:
        table = payment_table(s.cards.acost[item], *_helpers(s, p))
    return table, table.codes_for(s.screens[p])


def _helpers(s: MansionState, p: int) -> tuple[tuple[int, int] | None, bool]:
    """The chambers that can still help ``p`` pay this turn: Make Up's pair of colours (None when it cannot) and
    whether Props can."""
    pair = None
    props = False
    cards = s.cards
    for c in s.chambers[p]:
        kind = cards.ctype[c]
        if kind == "make_up":
            if not s.makeup_used:
                pair = cards.cpair[c]
        elif kind == "props":
            props = not s.props_used
    return pair, props


# --- legal actions --------------------------------------------------------------------------------------------------
def lowest_real_tile_player(s: MansionState) -> int:
    return min(range(s.n), key=s.tiles.__getitem__)


def legal_actions(s: MansionState) -> list[int]:
    """The legal action codes of the seat deciding now, by phase (the casting turn, most frequent, tested first)."""
    codes = s.codes
    p = s.current
    phase = s.phase
    if phase == CAST:
        return casting_actions(s, p)
    if phase == TAKE:
        return list(compress(codes.take, s.audition_skulls))  # the colours the audition still has
    if phase == TILE:
        # MM Phase 2: the tiles nobody has taken, remembered by the tiles taken per seat (at most 5 ** 4 keys)
        key = tuple(s.tiles)
        hit = codes.tile_memo.get(key)
        if hit is None:
            hit = codes.tile_memo[key] = [codes.tile[k] for k in range(len(s.tile_values)) if k not in key]
        return hit
    if phase == PAY:
        return payment_actions(s, p)
    if phase == DUMMY_ACTOR:
        return [codes.dummy[a] for a in sorted(s.audition)]
    if phase == DUMMY_SKULLS:
        return list(compress(codes.dummy_skull, s.audition_skulls))
    if phase == LAGOON:
        acts = [codes.give[q] for q in range(s.n) if q != p]
        acts.append(codes.give_none)
        return acts
    return []


def payment_actions(s: MansionState, p: int) -> list[int]:
    """R6: the payments ``p`` can make for the purchase pending (``_purchase``'s, in the order offered): the entries
    of its table kept on the state (``pay_table``) that the screen covers (``PaymentTable.covered``), as action
    codes. The bits of that mask select the entries' codes in C (``bin`` lists them, highest first; ``BIT_BYTES``
    turns its digits into bytes 0 and 1 for ``compress``), with no Python loop over them."""
    table = s.pay_table
    assert table is not None, "PAY: buy() keeps the pending purchase's payment table"
    codes = s.codes
    entry_codes = codes.pay_entries.get(table)
    if entry_codes is None:
        pay = codes.pay
        entry_codes = codes.pay_entries[table] = [pay[code] for _, code in table.entries]
    return list(compress(entry_codes, bin(table.covered(s.screens[p]))[:1:-1].encode().translate(BIT_BYTES)))


def casting_actions(s: MansionState, p: int) -> list[int]:
    """MM Phase 3, The Casting: cast an actor (audition, reserve, or the Mummy's sources) or reserve one, once a
    turn; add a chamber, once a turn; the Swamp Thing's draw; Costume's one or two skulls from the discard tile;
    end the turn unless it must act first (R5).

    The same rules as ``castable``, ``addable_chambers``, ``costume_choices`` and ``must_act``, written as one pass
    for the hot path: what they each derive from the player's cards (the ability types owned, as
    ``CastTable.banned``; the chambers, as ``Codes.chamber_bit``s) is read once here; castability with the chambers'
    help still available (R6) is one look-up in that help's ``castability.ScreenCasts``; the lists are built by
    loops appending to one list (cheaper than comprehensions over a few items in this interpreter)."""
    codes = s.codes
    table = codes.castability
    banned = 0  # MM Actor Cards: the actors of an ability type p owns (``CastTable.banned``)
    same = table.same_ability
    for a in s.actors[p]:
        banned |= same[a]
    have = 0  # p's chambers, as ``Codes.chamber_bit``s (types, and Make Up's pair)
    bit = codes.chamber_bit
    for c in s.chambers[p]:
        have |= bit[c]
    screen = s.screens[p]
    acts: list[int] = []
    append = acts.append
    if not s.actor_done:
        # R6: the actors p can pay for with the chambers' help still available this turn (``help_key``)
        key = (0 if s.makeup_used else have & PAIR_BITS) | (0 if s.props_used else have & PROPS_BIT)
        casts = table.by_help[key] or table.screen_casts(key)
        look0, look1, look2, look3, look4, masks = casts
        b, r, g, y, grey = screen
        try:
            castable = masks[look0[b] + look1[r] + look2[g] + look3[y] + look4[grey]] & ~banned
        except IndexError:  # more skulls of a colour than the look-up tables cover
            castable = casts.castable(screen) & ~banned
        cast = codes.cast
        audition = sorted(s.audition)
        for a in audition:
            if castable >> a & 1:
                append(cast[a])
        reserved = s.reserved[p]
        if reserved:  # the reserve's, after the audition's
            for a in sorted(reserved):
                if castable >> a & 1:
                    append(cast[a])
        if banned & table.of_type[MUMMY]:  # p owns a Mummy: the discard pile (2 players: the dummy's area) too
            mummy = codes.mummy
            for a in sorted(mummy_sources(s)):
                if castable >> a & 1:
                    append(mummy[a])
        reserve = codes.reserve
        for a in audition:
            append(reserve[a])
    # MM Add a Chamber (``addable_chambers``; ``_chambers_for``'s memo read here)
    chambers = None
    if not s.chamber_done and sum(screen) >= CHAMBER_COST:
        have &= TYPE_BITS
        chambers = codes.chamber_memo.get((have, tuple(s.chamber_pool)))
        if chambers is None:
            chambers = _chambers_for(s, have)
        chamber = codes.chamber
        for c in chambers:
            append(chamber[c])
    if banned & table.of_type[SWAMP_THING] and not s.swamp_done and (any(s.bag) or any(s.skull_discard)):
        append(codes.swamp)
    if have & COSTUME_BIT and not s.costume_done:
        # ``costume_choices``, its memo read here
        b, r, g, y, grey = s.skull_discard
        choices = codes.costume_memo.get((b if b < 2 else 2) + 3 * (r if r < 2 else 2) + 9 * (g if g < 2 else 2)
                                         + 27 * (y if y < 2 else 2) + 81 * (grey if grey < 2 else 2))
        acts += costume_choices(codes, s.skull_discard) if choices is None else choices
    if s.actor_done or s.chamber_done or not (s.audition or chambers):  # not must_act (R5)
        append(codes.end)
    return acts


def costume_choices(codes: A.Codes, discard: Sequence[int]) -> list[int]:
    """MM Costume: one skull, or two, from the discard tile (the codes of ``costume:<colour>`` then
    ``costume:<colour>+<colour>``). Built once per discard tile (counts above two change nothing) in the action
    codes' ``costume_memo``, keyed by the capped counts in base 3. A list shared with later calls (callers must not
    modify it)."""
    b, r, g, y, grey = discard
    key = ((b if b < 2 else 2) + 3 * (r if r < 2 else 2) + 9 * (g if g < 2 else 2) + 27 * (y if y < 2 else 2)
           + 81 * (grey if grey < 2 else 2))
    hit = codes.costume_memo.get(key)
    if hit is None:
        capped = [k if k < 2 else 2 for k in discard]
        hit = [codes.costume1[c] for c in range(5) if capped[c]]
        hit += [codes.costume2[c][d] for c in range(5) for d in range(c, 5)
                if ((capped[c] >= 2) if c == d else (capped[c] and capped[d]))]
        codes.costume_memo[key] = hit
    return hit


def addable_chambers(s: MansionState, p: int) -> list[int]:
    """MM Add a Chamber: one a turn, 2 skulls of any colour, one chamber of each type (one card per kind offered:
    Make Up cards differ by their pair). A list shared with later calls (callers must not modify it)."""
    if s.chamber_done or sum(s.screens[p]) < CHAMBER_COST:
        return []
    bit = s.codes.chamber_bit
    have = 0
    for c in s.chambers[p]:
        have |= bit[c]
    return _chambers_for(s, have & TYPE_BITS)


def _chambers_for(s: MansionState, have: int) -> list[int]:
    """The first chamber of each kind in the pool whose type is not among ``have`` (a player's chamber types as
    ``Codes.chamber_bit``s, within ``castability.TYPE_BITS``), remembered in the action codes' ``chamber_memo`` by
    ``have`` and the pool, which decide it."""
    codes = s.codes
    key = (have, tuple(s.chamber_pool))
    hit = codes.chamber_memo.get(key)
    if hit is None:
        bit = codes.chamber_bit
        ckind = s.cards.ckind
        seen = set()
        hit = []
        for c in s.chamber_pool:
            kind = ckind[c]
            if not have & bit[c] and kind not in seen:
                seen.add(kind)
                hit.append(c)
        if len(codes.chamber_memo) >= CHAMBER_MEMO_MAX:
            codes.chamber_memo.clear()
        codes.chamber_memo[key] = hit
    return hit


def must_act(s: MansionState, p: int, chambers: list[int] | None = None) -> bool:
    """R5: the casting turn casts or reserves an actor and/or adds a chamber; ending it having done neither is
    allowed only with an empty audition and no chamber the player can add."""
    if s.actor_done or s.chamber_done:
        return False
    return bool(s.audition) or bool(addable_chambers(s, p) if chambers is None else chambers)


def castable(s: MansionState, p: int, a: int) -> bool:
    """MM Actor Cards: an actor can be cast if its cost can be paid, and an ability card (Black Lagoon, Mummy,
    Swamp Thing) only if the player does not have one of that type already."""
    return bool(castable_among(s, p, [a], s.codes.castability.banned(s.actors[p])))


def castable_among(s: MansionState, p: int, actors: Sequence[int], banned: int) -> list[int]:
    """The actors of ``actors`` (in that order) ``p`` can cast (``castable``; ``banned``: the mask of the actors
    of an ability type ``p`` has, ``CastTable.banned``): those the exact colours and greys pay for
    (``CastTable.plain``), else, when a chamber can still help, those with any payment in the cost's table (R6)."""
    screen = s.screens[p]
    ok = s.codes.castability.plain(screen) & ~banned
    out = [a for a in actors if ok >> a & 1]
    if len(out) == len(actors) or not s.chambers[p]:
        return out
    pair, props = _helpers(s, p)
    if pair is None and not props:
        return out
    helped = s.codes.castability.helped(pair, props)
    payable = helped.covered(screen)  # every actor's payments with this help, side by side
    span = helped.span
    return [a for a in actors if ok >> a & 1 or (not banned >> a & 1 and payable & span[a])]


def mummy_sources(s: MansionState) -> list[int]:
    """MM The Mummy: the actor discard pile; with 2 players, the dummy's area."""
    return s.actors[2] if s.n == 2 else s.actor_discard


# --- applying actions -----------------------------------------------------------------------------------------------
def log(s: MansionState, to: int, *event: Any) -> None:
    if s.log is not None:
        s.log.append((to, event))


def start_round(s: MansionState) -> None:
    """MM Phase 1, The Audition: players + 1 actors; 7 skulls (2-3 players) or 10 (4 players)."""
    s.round += 1
    deck = s.deck
    k = s.n + 1
    if len(deck) >= k:  # the top k cards at once, in the order drawn (the deck's last card first)
        s.audition = deck[:-k - 1:-1]
        del deck[-k:]
    else:
        s.audition = []
        for _ in range(k):
            if not s.deck and s.actor_discard and s.n != 2:
                s.deck = s.actor_discard
                s.actor_discard = []
                s.rng = crng.shuffle(s.rng, s.deck)
                log(s, -1, "reshuffle_actors", len(s.deck))
            if s.deck:
                s.audition.append(s.deck.pop())
    wanted = AUDITION_SKULLS.get(s.tile_values)
    if wanted is None:
        wanted = AUDITION_SKULLS[s.tile_values] = sum(k for _, k in s.tile_values)
    s.audition_skulls = draw_skulls(s, wanted)
    s.tiles = [-1] * s.table_n
    s.token_next = -1
    log(s, -1, "audition", s.round, tuple(s.audition), tuple(s.audition_skulls))
    if len(s.audition) < s.n + 1 or sum(s.audition_skulls) < wanted:
        # P16: the deck (2 players) or the bag and the discard tile ran out: the audition comes out short
        log(s, -1, "short_audition", len(s.audition), s.n + 1, sum(s.audition_skulls), wanted)
    s.phase = TILE
    s.current = s.token


def take_tile(s: MansionState, p: int, k: int) -> None:
    """MM Phase 2, Turn Order: take a tile and its tickets; the token moves to whoever takes tile 1."""
    s.tiles[p] = k
    s.tickets[p] += s.tile_values[k][0]
    if s.log is not None:
        s.log.append((-1, ("tile", p, k)))
    if k == 0:
        s.token_next = p
    if -1 in s.tiles[:s.n]:  # a player has still to choose
        s.current = (p + 1) % s.n
        return
    if s.n == 2:
        s.tiles[2] = next(k for k in range(3) if k not in s.tiles)
        log(s, -1, "tile", 2, s.tiles[2])
    if s.token_next < 0:  # tile 1 went to the dummy: the lowest tile keeps the token
        s.token_next = lowest_real_tile_player(s)
    s.order = sorted(range(s.table_n), key=s.tiles.__getitem__)
    s.order_pos = 0
    begin_turn(s)


def begin_turn(s: MansionState) -> None:
    """MM Phase 3, The Casting: seats act in tile order; the dummy's turn is played by the lowest real tile."""
    if s.order_pos >= len(s.order):
        begin_show(s)
        return
    q = s.order[s.order_pos]
    s.acting = q
    skulls = s.tile_values[s.tiles[q]][1]
    if q >= s.n:
        s.current = lowest_real_tile_player(s)
        s.to_take = skulls
        if s.audition:
            s.phase = DUMMY_ACTOR
        else:
            dummy_skulls_or_next(s)
        return
    s.current = q
    s.actor_done = s.chamber_done = s.swamp_done = s.costume_done = s.makeup_used = s.props_used = False
    s.to_take = skulls
    if s.to_take and sum(s.audition_skulls):
        s.phase = TAKE
    else:
        s.phase = CAST


def dummy_skulls_or_next(s: MansionState) -> None:
    if s.to_take and sum(s.audition_skulls):
        s.phase = DUMMY_SKULLS
    else:
        s.order_pos += 1
        begin_turn(s)


def buy(s: MansionState, p: int, kind: int, item: int) -> None:
    """R6: a purchase with a single way to pay is paid at once; otherwise the player chooses the payment (PAY).
    RULINGS Mansion 8: whether the payment step is asked depends only on what the other seats know (the public
    screen and the number of hidden Swamp Thing skulls, ``PaymentTable.asks``): when some screen they cannot tell
    from the real one has two payments, the step is asked, offering the real payments, even a single one.
    An actor's payment table is its cost's with the chambers' help still available (``_helpers``), read by the help
    key of the player's chamber bits (``castability.help_key``, written out)."""
    if kind == BUY_CHAMBER:
        table = chamber_table(CHAMBER_COST)
    else:
        have = 0
        bit = s.codes.chamber_bit
        for c in s.chambers[p]:
            have |= bit[c]
        key = (0 if s.makeup_used else have & PAIR_BITS) | (0 if s.props_used else have & PROPS_BIT)
        castability = s.codes.castability
        table = (castability.tables_by_help[key] or castability.payment_tables(key))[item]
    ways = table.covered(s.screens[p])  # the payments p can make, as a bitmask over the table's entries
    assert ways, "buy: only purchases with a payment are legal"
    hidden = s.hidden_skulls[p]
    if not ways & (ways - 1) and not (hidden and table.asks(s.public_screens[p], hidden)):
        # a single bit: a single way to pay, and the other seats know it (Mansion 8: were there hidden skulls that
        # could make two payments, the payment step is asked, offering the one)
        code = table.entries[ways.bit_length() - 1][1]
        complete(s, p, kind, item, code, table.flags[code])
        return
    s.pending = (kind, item)
    s.pay_table = table
    s.phase = PAY


def complete(s: MansionState, p: int, kind: int, item: int, code: int, flags: Flags) -> None:
    """The purchase paid with the payment of pay code ``code`` (``actions.pay_code``), using the chambers ``flags``."""
    pay(s, p, code, flags)
    s.phase = CAST
    s.pending = (-1, -1)
    s.pay_table = None
    if kind == BUY_CHAMBER:
        s.chamber_pool.remove(item)
        s.chambers[p].append(item)
        s.chamber_done = True
        log(s, -1, "chamber", p, item, s.codes.paid[code])
    else:
        cast(s, p, item, ("audition", "reserve", "mummy")[kind], s.codes.paid[code], flags)


def pay(s: MansionState, p: int, code: int, flags: Flags) -> None:
    """Skulls paid (the payment of pay code ``code``) go to the discard tile (MM Cast or Reserve an Actor); Make Up
    and Props count as used. Only the colours paid are visited (``Codes.paid_colours``)."""
    s.makeup_used |= flags[0]
    s.props_used |= flags[1]
    screen, pub, discard = s.screens[p], s.public_screens[p], s.skull_discard
    for c, k in s.codes.paid_colours[code]:
        screen[c] -= k
        discard[c] += k
        # the table sees the colours paid: what cannot come from the known skulls came from hidden ones
        if pub[c] >= k:
            pub[c] -= k
        else:
            s.hidden_skulls[p] -= k - pub[c]
            pub[c] = 0


def check_rewards(s: MansionState, p: int) -> None:
    """MM Reward Cards: taken at once, free, one of each type. Clown: 3 of its 4 actor types; Zombie: 3 actors of
    one colour; Witch: 4 actors of different colours.

    The actors are counted in two integers (``Codes.colour_unit``: a byte a colour; ``Codes.type_bit``: a bit a
    type), so that each condition is a few operations: a colour with 3 actors or more is a byte that carries into its
    top bit when 125 is added to every byte (``THREE_UP``), a colour with any is one that does with 127 added
    (``ONE_UP``); a Clown card's types are ``Codes.clown_bits``."""
    mine = s.actors[p]
    if len(mine) < 3:  # every reward asks for 3 actors at least
        return
    codes = s.codes
    held = 0  # the reward types p holds, a bit each (``Codes.reward_bit``)
    reward_bit = codes.reward_bit
    for r in s.rewards[p]:
        held |= reward_bit[r]
    if held == ALL_REWARDS:
        return
    colours = types = 0
    unit, type_bit = codes.colour_unit, codes.type_bit
    for a in mine:
        colours += unit[a]
        types |= type_bit[a]
    # Zombie and Witch depend on the colours alone: decided once, not once per card of the pool
    zombie = not held & ZOMBIE and (colours + THREE_UP) & TOP_BITS
    witch = not held & WITCH and ((colours + ONE_UP) & TOP_BITS).bit_count() >= 4
    clown = not held & CLOWN and (types & codes.clown_types).bit_count() >= 3  # the types of any Clown card
    if not (zombie or witch or clown):
        return  # no card of the pool can be earned
    clown_bits = codes.clown_bits
    for r in list(s.reward_pool):
        kind = reward_bit[r]
        if held & kind:
            continue
        if (kind == CLOWN and (types & clown_bits[r]).bit_count() >= 3) or (kind == ZOMBIE and zombie) or (
                kind == WITCH and witch):
            s.reward_pool.remove(r)
            s.rewards[p].append(r)
            held |= kind
            log(s, -1, "reward", p, r)


def cast(s: MansionState, p: int, a: int, source: str, paid: Payment, flags: Flags) -> None:
    if source == "audition":
        s.audition.remove(a)
    elif source == "reserve":
        s.reserved[p].remove(a)
    elif s.n == 2:
        s.actors[2].remove(a)
    else:
        s.actor_discard.remove(a)
    s.actors[p].append(a)
    s.actor_done = True
    used = CHAMBERS_USED[flags[0] + 2 * flags[1]]
    if s.log is not None:
        s.log.append((-1, ("cast", p, a, source, paid, used)))
    check_rewards(s, p)


def apply(s: MansionState, code: int) -> None:
    """Apply a legal action code of the seat deciding now: its op's handler (``HANDLERS``)."""
    op, a, b = s.codes.ops[code]
    s.step += 1
    HANDLERS[op](s, s.current, a, b)


def on_tile(s: MansionState, p: int, k: int, _: int) -> None:
    take_tile(s, p, k)


def on_take(s: MansionState, p: int, c: int, _: int) -> None:
    """MM Phase 3: take the tile's skulls from the audition one at a time (the table sees their colours)."""
    s.audition_skulls[c] -= 1
    s.screens[p][c] += 1
    s.public_screens[p][c] += 1
    s.to_take -= 1
    if s.log is not None:  # ``log``, written out on the hot paths
        s.log.append((-1, ("take", p, c)))
    if not s.to_take or not sum(s.audition_skulls):
        s.phase = CAST


def on_cast(s: MansionState, p: int, a: int, _: int) -> None:
    buy(s, p, BUY_AUDITION if a in s.audition else BUY_RESERVE, a)


def on_mummy(s: MansionState, p: int, a: int, _: int) -> None:
    buy(s, p, BUY_MUMMY, a)


def on_chamber(s: MansionState, p: int, c: int, _: int) -> None:
    buy(s, p, BUY_CHAMBER, c)


def on_pay(s: MansionState, p: int, code: int, _: int) -> None:
    """R6: the payment chosen (``actions.pay_code``) for the purchase pending."""
    kind, item = s.pending
    table = s.pay_table
    assert table is not None, "PAY: buy() keeps the pending purchase's payment table"
    complete(s, p, kind, item, code, table.flags[code])


def on_reserve(s: MansionState, p: int, a: int, _: int) -> None:
    """MM Cast or Reserve an Actor; P7: the reserved actor lies face down, but the table saw which card left the
    face-up audition."""
    s.audition.remove(a)
    s.reserved[p].append(a)
    s.actor_done = True
    if s.log is not None:
        s.log.append((-1, ("reserve", p, a)))


def on_swamp(s: MansionState, p: int, _: int, __: int) -> None:
    """MM The Swamp Thing (P6): a random skull from the bag, seen only by its owner."""
    c = draw_skull(s)
    s.swamp_done = True
    if c >= 0:
        s.screens[p][c] += 1
        s.hidden_skulls[p] += 1
    log(s, -1, "swamp", p)
    log(s, p, "swamp_skull", p, c)


def on_costume(s: MansionState, p: int, c: int, d: int) -> None:
    """MM Costume: one skull (3 tickets) or two (5 tickets) from the discard tile, once a turn (``d`` is -1 for
    one skull)."""
    got = (c,) if d < 0 else (c, d)
    tickets = COSTUME[len(got)]
    s.tickets[p] += tickets
    for k in got:
        s.skull_discard[k] -= 1
        s.screens[p][k] += 1
        s.public_screens[p][k] += 1
    s.costume_done = True
    if s.log is not None:
        s.log.append((-1, ("costume", p, tickets, got)))


def on_end(s: MansionState, p: int, _: int, __: int) -> None:
    if s.log is not None:
        s.log.append((-1, ("end_turn", p)))
    s.order_pos += 1
    begin_turn(s)


def on_dummy(s: MansionState, p: int, a: int, _: int) -> None:
    """MM 2 Player Game: the lowest real tile places an actor of the audition in the dummy's area."""
    s.audition.remove(a)
    s.actors[2].append(a)
    log(s, -1, "dummy_actor", p, a)
    dummy_skulls_or_next(s)


def on_dummy_skull(s: MansionState, p: int, c: int, _: int) -> None:
    """MM 2 Player Game: the dummy's skulls go from the audition to the discard tile."""
    s.audition_skulls[c] -= 1
    s.skull_discard[c] += 1
    s.to_take -= 1
    log(s, -1, "dummy_skull", p, c)
    dummy_skulls_or_next(s)


def on_give(s: MansionState, p: int, q: int, _: int) -> None:
    """MM The Black Lagoon: give one ticket to a player (``q``), before the show."""
    s.tickets[p] -= 1
    s.tickets[q] += 1
    log(s, -1, "give", p, q)
    next_lagoon(s)


def on_give_none(s: MansionState, p: int, _: int, __: int) -> None:
    log(s, -1, "give", p, -1)
    next_lagoon(s)


_BY_OP = {A.TILE_OP: on_tile, A.TAKE_OP: on_take, A.CAST_OP: on_cast, A.MUMMY_OP: on_mummy, A.RESERVE_OP: on_reserve,
          A.CHAMBER_OP: on_chamber, A.SWAMP_OP: on_swamp, A.COSTUME1: on_costume, A.COSTUME2: on_costume,
          A.END_OP: on_end, A.DUMMY_OP: on_dummy, A.DUMMY_SKULL: on_dummy_skull, A.GIVE: on_give,
          A.GIVE_NONE: on_give_none, A.PAY_OP: on_pay}
#: each action op's handler, indexed by op (``actions.TILE_OP`` ...)
HANDLERS = tuple(_BY_OP[op] for op in range(len(_BY_OP)))


def begin_show(s: MansionState) -> None:
    """MM Phase 4, The Show: Black Lagoon owners give a ticket, in turn order; then everyone sells."""
    lagoons = s.codes.lagoons
    actors, tickets, n = s.actors, s.tickets, s.n
    s.lagoon_queue = [q for q in s.order if q < n and not lagoons.isdisjoint(actors[q]) and tickets[q] > 0]
    next_lagoon(s)


def next_lagoon(s: MansionState) -> None:
    if s.lagoon_queue:
        s.current = s.lagoon_queue.pop(0)
        s.phase = LAGOON
        return
    show(s)


def show(s: MansionState) -> None:
    """Sell tickets equal to the Sales Level; MM End of the Game: anyone with no tickets left ends the game; the
    most excess tickets sold wins, then a shared victory."""
    tickets = s.tickets
    before = tickets[:]
    levels = []
    for p in range(s.n):
        level = sales_level(s, p)
        levels.append(level)
        tickets[p] -= level
    log(s, -1, "show", tuple(levels), tuple(before))
    out = [p for p in range(s.n) if tickets[p] <= 0] if min(tickets) <= 0 else None
    if out or s.round >= ROUND_CAP:
        if out:
            excess = {p: -s.tickets[p] for p in out}
            best = max(excess.values())
            winners = [p for p in out if excess[p] == best]
        else:
            least = min(s.tickets)
            winners = [p for p in range(s.n) if s.tickets[p] == least]
        s.result = {"scores": [-t for t in s.tickets], "winners": winners, "tickets_left": s.tickets[:],
                    "sales_levels": levels, "rounds": s.round}
        s.phase = OVER
        s.over = True
        s.current = -1
        log(s, -1, "game_over", tuple(winners))
        return
    # MM Phase 5, Maintenance: the audition's actors are discarded (2 players: to the dummy's area)
    if s.n == 2:
        s.actors[2].extend(s.audition)
    else:
        s.actor_discard.extend(s.audition)
    s.audition = []
    s.token = s.token_next
    start_round(s)


def refusal(s: MansionState, name: str) -> Refusal:
    """Why ``name`` is refused now, as data (``core.ruleset.Refusal``), from what the seat to play may know: its own
    skulls and the table. MM Casting: one actor cast or reserved and one chamber a turn, an actor's cost paid in
    skulls (R6), one ability card of each type; R5: a casting turn cannot end having done neither."""
    t = action_table(s.cards, s.n)
    code = t.codes.get(name)
    if code is None:
        return Refusal("unknown")
    if s.phase == OVER:
        return Refusal("over")
    op, a, _ = t.ops[code]
    p = s.current
    if op in (A.CAST_OP, A.MUMMY_OP) and s.phase == CAST and s.actor_done:
        return Refusal("one_actor")
    if op == A.CAST_OP and s.phase == CAST and (a in s.audition or a in s.reserved[p]):
        actor = s.cards.actors[a]
        t_a = s.cards.atype[a]
        if t_a in (BLACK_LAGOON, MUMMY, SWAMP_THING) and owns(s, p, t_a):
            return Refusal("one_of_each", {"actor": actor.id})
        return Refusal("cannot_pay", {"actor": actor.id, "cost": dict(actor.cost),
                                      "have": {c: s.screens[p][i] for i, c in enumerate(SKULLS) if s.screens[p][i]}})
    if op == A.CHAMBER_OP and s.phase == CAST and s.chamber_done:
        return Refusal("one_chamber")
    if op == A.END_OP and s.phase == CAST and must_act(s, p):
        return Refusal("must_act")
    if op == A.PAY_OP and s.phase == PAY:
        return Refusal("bad_payment")
    if op == A.PAY_OP:
        return Refusal("no_payment")
    return Refusal("not_now")


#: the engine's English for each refusal (developer text; players read ``text.explain_refusal``)
REFUSAL_EN = {
    "unknown": "{name!r} is not a Monster Mansion action id",
    "over": "the game is over",
    "one_actor": "you have already cast or reserved an actor this turn (one per turn)",
    "one_of_each": "you already have a {actor} (one ability card of each type)",
    "cannot_pay": "you cannot pay {actor}'s cost {cost}",
    "one_chamber": "only one chamber per turn",
    "must_act": ("cast or reserve an actor and/or add a chamber first: a casting turn cannot end having done neither "
                 "while the audition holds an actor or a chamber can be added (R5)"),
    "bad_payment": "{name!r} is not a way to pay for what you chose (the payments are listed below)",
    "no_payment": "there is no payment to choose now (payments follow a cast:, mummy: or chamber: action)",
    "not_now": "{name!r} is not allowed now: {phase}",
}


def why_illegal(s: MansionState, name: str) -> str:
    from monsterbox.games.mansion.view import phase_summary

    t = action_table(s.cards, s.n)
    legal = ", ".join(t.names[a] for a in legal_actions(s)) if s.phase != OVER else "none (game over)"
    r = refusal(s, name)
    reason = REFUSAL_EN[r.code].format(name=name, p=s.current, phase=phase_summary(s), **r.params)
    return f"illegal action: {reason}. Legal now: {legal}"


class MansionRules(PhasedRuleset):
    game_id = "mansion"
    title = "Monster Mansion"
    min_players = 2
    max_players = 4
    secret_options = ("deck", "bag")
    over_phase = OVER
    decision_kinds = DECISION_KINDS
    view_module = "monsterbox.games.mansion.view"

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(players, options)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> MansionState:
        return setup(players, options, rng)

    # the module's functions themselves, not methods calling them: one call less on every decision, as in
    # Monster's ruleset (mypy: their parameters are named ``s``/``code``, not ``state``/``action``; positional use
    # is the same)
    legal_actions = staticmethod(legal_actions)  # type: ignore[assignment]
    apply = staticmethod(apply)  # type: ignore[assignment]
    # read by the Game wrapper two to three times a decision: plain attribute reads in C (``attrgetter`` is not a
    # descriptor, so ``RULES.is_over(state)`` calls it with the state alone), not Python methods
    is_over = attrgetter("over")  # type: ignore[assignment]
    step_count = attrgetter("step")  # type: ignore[assignment]

    def estimate(self, state: MansionState) -> list[float]:
        from monsterbox.games.mansion.heuristic import estimate

        return estimate(state)

    def copy(self, state: MansionState, keep_log: bool = True) -> MansionState:
        return copy_state(state, keep_log)

    def action_tables(self, state: MansionState) -> tuple[Sequence[str], dict[str, int]]:
        t = action_table(state.cards, state.n)
        return t.names, t.codes

    def why_illegal(self, state: MansionState, name: str) -> str:
        return why_illegal(state, name)

    def refusal(self, state: MansionState, name: str) -> Refusal:
        return refusal(state, name)


RULES = MansionRules()
