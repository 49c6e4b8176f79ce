"""Monster Mansion rules as plain functions over a MansionState.

References: MM = monster-mansion.txt (section names), R<n> = shared/RULINGS.md Monster Mansion ruling n,
P<n> = the project's own rulings in docs/rules/mansion.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from types import MappingProxyType
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import cards_option
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.options import check_keys, seat_option
from monsterbox.core.ruleset import PhasedRuleset, Refusal
from monsterbox.games.mansion import actions as A
from monsterbox.games.mansion.actions import action_table
from monsterbox.games.mansion.cards import (
    ACTOR_TYPES,
    GREY,
    SKULLS,
    MansionCards,
    default_cards,
    parse_cards,
)
from monsterbox.games.mansion.state import (
    BUY_AUDITION,
    BUY_CHAMBER,
    BUY_MUMMY,
    BUY_RESERVE,
    CAST,
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
ROUND_CAP = 60  # P10: a safety net; games end long before (every seat sells at least 1 ticket a round)
COSTUME = {1: 3, 2: 5}  # MM Costume: 3 or 5 tickets for 1 or 2 skulls
(DRACULA, WEREWOLF, FRANKENSTEIN, CTHULHU, VERONA, EVA, GHOST, BLACK_LAGOON, MUMMY, SWAMP_THING) = range(10)
ABILITY_TYPES = frozenset((BLACK_LAGOON, MUMMY, SWAMP_THING))  # MM Actor Cards: one of each type per player

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
    return parse_cards(options["cards"], "option 'cards'") if "cards" in options else default_cards()


def setup(players: int, options: dict[str, Any], rng: random.Random) -> MansionState:
    """MM Setup: shuffle the actors (3 players, and 2 players set up as 3 (R4): remove the 3 marked cards), all
    skulls in the bag, 30 tickets each, tiles on the side for the player count, a random starting player."""
    cards = card_set(options)
    table_n = 3 if players == 2 else players
    ids = [a.id for a in cards.actors]
    prefix = [ids.index(d) for d in options.get("deck", [])]
    rest = [i for i, a in enumerate(cards.actors)
            if i not in prefix and not (players < 4 and a.removed_for_3_players)]
    state_rng = crng.seed_state(rng.getrandbits(64))
    state_rng = crng.shuffle(state_rng, rest)
    s = MansionState(
        cards=cards, n=players, table_n=table_n,
        tile_values=cards.tiles_large if players == 4 else cards.tiles_small,
        deck=rest + prefix[::-1], actor_discard=[], audition=[], bag=list(cards.skulls), skull_discard=[0] * 5,
        audition_skulls=[0] * 5, screens=[[0] * 5 for _ in range(players)],
        public_screens=[[0] * 5 for _ in range(players)], hidden_skulls=[0] * players,
        tickets=[START_TICKETS] * players, actors=[[] for _ in range(table_n)], reserved=[[] for _ in range(players)],
        chambers=[[] for _ in range(players)], rewards=[[] for _ in range(players)],
        reward_pool=list(range(len(cards.rewards))), chamber_pool=list(range(len(cards.chambers))),
        tiles=[-1] * table_n, token=options["first_player"] if "first_player" in options else rng.randrange(players),
        token_next=-1, order=[], order_pos=0, phase=TILE, current=0, acting=0, to_take=0, actor_done=False,
        chamber_done=False, swamp_done=False, costume_done=False, makeup_used=False, props_used=False,
        lagoon_queue=[], pending=(-1, -1), bag_script=[SKULLS.index(b) for b in reversed(options.get("bag", []))],
        round=0, rng=state_rng, step=0, log=[], codes=A.action_codes(cards, players),
    )
    start_round(s)
    return s


# --- chance and derived facts ---------------------------------------------------------------------------------------
def draw_skull(s: MansionState) -> int:
    """One skull from the bag: the next scripted one (option ``bag``), else at random; an empty bag is refilled
    from the discard tile (MM The Audition note). -1 when both are empty."""
    if sum(s.bag) == 0:
        if sum(s.skull_discard) == 0:
            return -1
        s.bag = s.skull_discard
        s.skull_discard = [0] * 5
        log(s, -1, "refill_bag", sum(s.bag))
    if s.bag_script:
        c = s.bag_script.pop()
        # validate_options allows no more of a colour than the bag holds, and every draw takes the script's next
        # skull until it runs out, so the scripted skull is still in the bag
        assert s.bag[c], f"option bag: no {SKULLS[c]} skull left in the bag"
        s.bag[c] -= 1
        return c
    s.rng, k = crng.below(s.rng, sum(s.bag))
    for c in range(5):
        if k < s.bag[c]:
            s.bag[c] -= 1
            return c
        k -= s.bag[c]
    raise AssertionError("bag accounting")


def neighbours(s: MansionState, q: int) -> tuple[int, ...]:
    """The player to the left and the player to the right (R2: the dummy is a seat of the table)."""
    n = s.table_n
    left, right = (q + 1) % n, (q - 1) % n
    return (left,) if left == right else (left, right)


def sales_level(s: MansionState, q: int) -> int:
    """R1: derived from the table at every moment. Mansion 1 + actors (MM Actor Cards) + 3 per reward."""
    cards = s.cards
    atype, acolour = cards.atype, cards.acolour
    mine = s.actors[q]
    around = neighbours(s, q)
    level = 1 + REWARD_BONUS * len(s.rewards[q]) if q < s.n else 0
    for a in mine:
        t = atype[a]
        if t == DRACULA:
            level += 1
        elif t == WEREWOLF:
            level += 2
        elif t == FRANKENSTEIN:
            level += 3
        elif t == CTHULHU:
            colour = cards.ashows[a]
            level += sum(1 for seat in (q, *around) for x in s.actors[seat] if acolour[x] == colour)
        elif t == VERONA:
            level += sum(1 for seat in (q, *around) for x in s.actors[seat] if atype[x] == DRACULA)
        elif t == EVA:
            level += 2 * sum(1 for seat in around for x in s.actors[seat] if atype[x] == FRANKENSTEIN)
        elif t == GHOST:
            level += len(s.chambers[q]) if q < s.n else 0
    return level


def owns(s: MansionState, p: int, actor_type: int) -> bool:
    return any(s.cards.atype[a] == actor_type for a in s.actors[p])


def chamber_of(s: MansionState, p: int, kind: str) -> int:
    ctype = s.cards.ctype
    for c in s.chambers[p]:
        if ctype[c] == kind:
            return c
    return -1


Payment = tuple[int, ...]  # skulls paid per colour, in SKULLS order


#: payments by what they depend on (the screen, the cost, the chambers' help still available): a pure function of
#: immutable keys, so states, their copies and determinizations share it safely; bounded by clearing it when full
_PAYMENTS: dict[tuple[Any, ...], tuple[Mapping[Payment, tuple[bool, bool]], tuple[int, ...]]] = {}
_PAYMENTS_MAX = 8_192  # about 3 kB an entry: some 25 MB at most


def payments(s: MansionState, p: int, cost: Sequence[int], any_count: int = 0) -> Mapping[Payment, tuple[bool, bool]]:
    return _payments(s, p, cost, any_count)[0]


def _payments(s: MansionState, p: int, cost: Sequence[int],
              any_count: int = 0) -> tuple[Mapping[Payment, tuple[bool, bool]], tuple[int, ...]]:
    """R6: every way ``p`` can pay ``cost`` (per colour) or ``any_count`` skulls of any colour (a chamber), keyed
    by the skulls spent, each with (Make Up used, Props used). The mapping is shared (read-only). ``_payments``
    gives it with the payments' codes (``actions.pay_code``) in the order they are offered (``payment_order``).

    MM: grey replaces any colour; Make Up (P4) lets one skull of its pair pay for the other colour, once a turn;
    Props turns any two skulls into one grey, once a turn. Payments that spend the same skulls are one choice (the
    one using the fewest chambers, which leaves them free for later); a payment spending every skull of another
    one and more is never offered (a grey paid for on its own is not traded in through Props)."""
    # every choice made while paying asks whether the screen holds a number of skulls of a colour no larger than
    # what a payment may spend of it, at most the cost plus one (Props) or a chamber's two: more change nothing
    cap = any_count or sum(cost) + 1
    screen = tuple([k if k < cap else cap for k in s.screens[p]])
    helpers = (None, False) if any_count else _helpers(s, p)
    key = (screen, any_count or tuple(cost), *helpers)
    hit = _PAYMENTS.get(key)
    if hit is None:
        out: dict[Payment, tuple[bool, bool]] = {}
        if any_count:
            for paid in _picks(list(screen), any_count, 0):
                out[paid] = (False, False)
        else:
            for paid, flags in _payments_with(screen, cost, *helpers):
                if paid not in out:
                    out[paid] = flags
            out = undominated(out)
        if len(_PAYMENTS) >= _PAYMENTS_MAX:
            _PAYMENTS.clear()
        order = tuple(A.pay_code(q) for q in sorted(out, key=payment_order))
        hit = _PAYMENTS[key] = (MappingProxyType(out), order)
    return hit


def undominated(out: dict[Payment, tuple[bool, bool]]) -> dict[Payment, tuple[bool, bool]]:
    """The payments of ``out`` (in its order) that no other one dominates: ``r`` dominates ``q`` when it spends no
    skull more of any colour (so fewer skulls in all) with flags ``g <= f`` (R6, ``payments``).

    A coloured cost is paid with its own number of skulls, or one more through Props: two sizes, so a dominating
    payment is the dominated one less a single skull, found by looking up at most five payments instead of
    comparing every pair (any other spread of sizes falls back to the pairwise comparison)."""
    if len(out) < 2:
        return out
    sizes = {sum(q) for q in out}
    if len(sizes) == 1:
        return out  # equal sizes: a payment spending no skull more than another is that payment
    if len(sizes) > 2 or max(sizes) - min(sizes) != 1:
        return {q: f for q, f in out.items()
                if not any(r != q and all(a <= b for a, b in zip(r, q, strict=True)) and g <= f
                           for r, g in out.items())}
    small = min(sizes)
    kept: dict[Payment, tuple[bool, bool]] = {}
    get = out.get
    for q, f in out.items():
        if sum(q) != small:
            dominated = False
            for c in range(5):
                if q[c]:
                    g = get((*q[:c], q[c] - 1, *q[c + 1:]))
                    if g is not None and g <= f:
                        dominated = True
                        break
            if dominated:
                continue
        kept[q] = f
    return kept


def payment_options(s: MansionState, p: int, kind: int, item: int) -> Mapping[Payment, tuple[bool, bool]]:
    """The payments of a purchase: an actor's cost, or a chamber's two skulls of any colour."""
    return _purchase(s, p, kind, item)[0]


def _purchase(s: MansionState, p: int, kind: int,
              item: int) -> tuple[Mapping[Payment, tuple[bool, bool]], tuple[int, ...]]:
    if kind == BUY_CHAMBER:
        return _payments(s, p, (0, 0, 0, 0), CHAMBER_COST)
    return _payments(s, p, s.cards.acost[item])


def _picks(screen: list[int], k: int, c: int) -> Iterator[Payment]:
    """Every choice of ``k`` skulls among those behind the screen (colours ``c`` onwards)."""
    if k == 0:
        yield (0,) * 5
        return
    if c == 5:
        return
    for take in range(min(k, screen[c]), -1, -1):
        for rest in _picks(screen, k - take, c + 1):
            yield rest[:c] + (take,) + rest[c + 1:]


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


def _payments_with(screen: Sequence[int], cost: Sequence[int], pair: tuple[int, int] | None,
                   props: bool) -> list[tuple[Payment, tuple[bool, bool]]]:
    """Payments of a coloured cost from ``screen``, plain ones first, then with Make Up (``pair``: its colours,
    None when it cannot help), with Props (``props``: whether it can), with both."""
    out: list[tuple[Payment, tuple[bool, bool]]] = []
    dirs: list[tuple[int, int] | None] = [None]
    if pair is not None:
        x, y = pair
        dirs += [(x, y), (y, x)]  # (give, want): a skull of colour give pays for one of colour want
    for use_pr in (False, True) if props else (False,):
        for d in dirs:
            sc, need, paid = list(screen), list(cost), [0] * 5
            if d is not None:
                give, want = d
                if not (need[want] and sc[give]):
                    continue
                sc[give] -= 1
                need[want] -= 1
                paid[give] += 1
            flags = (d is not None, use_pr)
            if not use_pr:
                out.extend((q, flags) for q in _direct(sc, need, paid))
                continue
            for w in range(4):  # the colour the Props grey pays for
                if not need[w]:
                    continue
                need[w] -= 1
                for a in range(4):  # two coloured skulls: a grey pays on its own, it is not traded in
                    for b in range(a, 4):
                        if (sc[a] >= 2) if a == b else (sc[a] and sc[b]):
                            sc[a] -= 1
                            sc[b] -= 1
                            paid[a] += 1
                            paid[b] += 1
                            out.extend((q, flags) for q in _direct(sc, need, paid))
                            sc[a] += 1
                            sc[b] += 1
                            paid[a] -= 1
                            paid[b] -= 1
                need[w] += 1
    return out


def _direct(sc: list[int], need: list[int], paid: list[int]) -> list[Payment]:
    """Pay the remaining coloured need with the same colour or grey wildcards, in every proportion: each needed
    colour's own skulls from as many as possible down, the rest in greys, as long as the greys last."""
    cols = [c for c in range(4) if need[c]]
    if not cols:
        return [tuple(paid)]
    greys = sc[GREY]
    total = 0
    ranges = []
    for c in cols:
        n = need[c]
        total += n
        ranges.append(range(min(sc[c], n), max(n - greys, 0) - 1, -1))
    out = []
    for owns in product(*ranges):
        grey = total - sum(owns)
        if grey > greys:
            continue
        q = paid[:]
        for c, own in zip(cols, owns, strict=True):
            q[c] += own
        q[GREY] += grey
        out.append(tuple(q))
    return out


# --- legal actions --------------------------------------------------------------------------------------------------
def lowest_real_tile_player(s: MansionState) -> int:
    return min(range(s.n), key=lambda p: s.tiles[p])


def legal_actions(s: MansionState) -> list[int]:
    codes = s.codes
    p = s.current
    phase = s.phase
    acts: list[int] = []
    if phase == TILE:
        taken = set(s.tiles)
        return [codes.tile[k] for k in range(len(s.tile_values)) if k not in taken]
    if phase == TAKE:
        return [codes.take[c] for c in range(5) if s.audition_skulls[c]]
    if phase == DUMMY_ACTOR:
        return [codes.dummy[a] for a in sorted(s.audition)]
    if phase == DUMMY_SKULLS:
        return [codes.dummy_skull[c] for c in range(5) if s.audition_skulls[c]]
    if phase == LAGOON:
        acts = [codes.give[q] for q in range(s.n) if q != p]
        acts.append(codes.give_none)
        return acts
    if phase == PAY:
        kind, item = s.pending
        pay = codes.pay
        return [pay[paid] for paid in _purchase(s, p, kind, item)[1]]
    if phase == CAST:
        atype = s.cards.atype
        owned = {atype[a] for a in s.actors[p]}
        if not s.actor_done:
            audition = sorted(s.audition)
            for a in audition:
                if castable(s, p, a, owned):
                    acts.append(codes.cast[a])
            for a in sorted(s.reserved[p]):
                if castable(s, p, a, owned):
                    acts.append(codes.cast[a])
            if MUMMY in owned:
                for a in sorted(mummy_sources(s)):
                    if castable(s, p, a, owned):
                        acts.append(codes.mummy[a])
            for a in audition:
                acts.append(codes.reserve[a])
        chambers = addable_chambers(s, p)
        for c in chambers:
            acts.append(codes.chamber[c])
        if SWAMP_THING in owned and not s.swamp_done and (any(s.bag) or any(s.skull_discard)):
            acts.append(codes.swamp)
        if not s.costume_done and chamber_of(s, p, "costume") >= 0:
            disc = s.skull_discard
            for c in range(5):
                if disc[c]:
                    acts.append(codes.costume1[c])
            for c in range(5):
                for d in range(c, 5):
                    if (disc[c] >= 2) if c == d else (disc[c] and disc[d]):
                        acts.append(codes.costume2[c][d])
        if not must_act(s, p, chambers):
            acts.append(codes.end)
        return acts
    return acts


def payment_order(paid: Payment) -> tuple[int, ...]:
    """Fewest skulls first, then the colours in SKULLS order (blue first)."""
    return (sum(paid), *(-k for k in paid))


def addable_chambers(s: MansionState, p: int) -> list[int]:
    """MM Add a Chamber: one a turn, 2 skulls of any colour, one chamber of each type (one card per kind offered:
    Make Up cards differ by their pair)."""
    if s.chamber_done or sum(s.screens[p]) < CHAMBER_COST:
        return []
    ctype, ckind = s.cards.ctype, s.cards.ckind
    have = {ctype[c] for c in s.chambers[p]}
    seen = set()
    out = []
    for c in s.chamber_pool:
        kind = ckind[c]
        if kind[0] not in have and kind not in seen:
            seen.add(kind)
            out.append(c)
    return out


def must_act(s: MansionState, p: int, chambers: list[int] | None = None) -> bool:
    """R5: the casting turn casts or reserves an actor and/or adds a chamber; ending it having done neither is
    allowed only with an empty audition and no chamber the player can add."""
    if s.actor_done or s.chamber_done:
        return False
    return bool(s.audition) or bool(addable_chambers(s, p) if chambers is None else chambers)


def castable(s: MansionState, p: int, a: int, owned: set[int] | None = None) -> bool:
    """MM Actor Cards: an actor can be cast if its cost can be paid, and an ability card (Black Lagoon, Mummy,
    Swamp Thing) only if the player does not have one of that type already (``owned``: the types of ``p``'s
    actors, when the caller has them)."""
    t = s.cards.atype[a]
    if t in ABILITY_TYPES and (t in owned if owned is not None else owns(s, p, t)):
        return False
    screen, cost = s.screens[p], s.cards.acost[a]
    missing = 0  # what the exact colours lack, which greys must make up for
    for c in range(4):
        if cost[c] > screen[c]:
            missing += cost[c] - screen[c]
    if missing <= screen[GREY]:
        return True  # the exact colours are there, or the greys make up for what is missing
    if sum(screen) < sum(cost):
        return False
    if (s.makeup_used or chamber_of(s, p, "make_up") < 0) and (s.props_used or chamber_of(s, p, "props") < 0):
        return False  # no chamber can help
    key = (tuple(screen), cost, *_helpers(s, p))
    ok = _PAYABLE.get(key)
    if ok is None:
        if len(_PAYABLE) >= _PAYABLE_MAX:
            _PAYABLE.clear()
        ok = _PAYABLE[key] = _payable(screen, cost, key[2], key[3])
    return ok


#: ``_payable`` by its arguments (pure, like ``_PAYMENTS``; a small entry)
_PAYABLE: dict[tuple[Any, ...], bool] = {}
_PAYABLE_MAX = 50_000


def _short(sc: Sequence[int], need: Sequence[int]) -> int:
    """How many more greys than ``sc`` holds paying ``need`` in its own colours and greys takes (0: it can be
    paid, ``_direct`` has a payment)."""
    missing = 0
    for c in range(4):
        if need[c] > sc[c]:
            missing += need[c] - sc[c]
    return max(0, missing - sc[GREY])


def _payable(screen: Sequence[int], cost: Sequence[int], pair: tuple[int, int] | None, props: bool) -> bool:
    """Whether ``_payments_with`` has any payment: the same choices (Make Up's direction, Props' two skulls and
    the colour its grey pays for), each asking only whether the rest can be paid."""
    if not _short(screen, cost):
        return True
    dirs: list[tuple[int, int] | None] = [None]
    if pair is not None:
        x, y = pair
        dirs += [(x, y), (y, x)]
    for use_pr in (False, True) if props else (False,):
        for d in dirs:
            sc, need = list(screen), list(cost)
            if d is not None:
                give, want = d
                if not (need[want] and sc[give]):
                    continue
                sc[give] -= 1
                need[want] -= 1
            if not use_pr:
                if not _short(sc, need):
                    return True
                continue
            for w in range(4):
                if not need[w]:
                    continue
                need[w] -= 1
                for a in range(4):
                    for b in range(a, 4):
                        if (sc[a] >= 2) if a == b else (sc[a] and sc[b]):
                            sc[a] -= 1
                            sc[b] -= 1
                            ok = not _short(sc, need)
                            sc[a] += 1
                            sc[b] += 1
                            if ok:
                                return True
                need[w] += 1
    return False


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
    s.audition = []
    for _ in range(s.n + 1):
        if not s.deck and s.actor_discard and s.n != 2:
            s.deck = s.actor_discard
            s.actor_discard = []
            s.rng = crng.shuffle(s.rng, s.deck)
            log(s, -1, "reshuffle_actors", len(s.deck))
        if s.deck:
            s.audition.append(s.deck.pop())
    s.audition_skulls = [0] * 5
    wanted = sum(k for _, k in s.tile_values)
    for _ in range(wanted):
        c = draw_skull(s)
        if c >= 0:
            s.audition_skulls[c] += 1
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
    log(s, -1, "tile", p, k)
    if k == 0:
        s.token_next = p
    chosen = [q for q in range(s.n) if s.tiles[q] >= 0]
    if len(chosen) < s.n:
        s.current = (p + 1) % s.n
        return
    if s.n == 2:
        s.tiles[2] = next(k for k in range(3) if k not in s.tiles)
        log(s, -1, "tile", 2, s.tiles[2])
    if s.token_next < 0:  # tile 1 went to the dummy: the lowest tile keeps the token
        s.token_next = lowest_real_tile_player(s)
    s.order = sorted(range(s.table_n), key=lambda q: s.tiles[q])
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
    """R6: a purchase with a single way to pay is paid at once; otherwise the player chooses the payment (PAY)."""
    opts = payment_options(s, p, kind, item)
    if len(opts) == 1:
        paid, flags = next(iter(opts.items()))
        complete(s, p, kind, item, paid, flags)
        return
    s.pending = (kind, item)
    s.phase = PAY


def complete(s: MansionState, p: int, kind: int, item: int, paid: Payment, flags: tuple[bool, bool]) -> None:
    pay(s, p, paid, flags)
    s.phase = CAST
    s.pending = (-1, -1)
    if kind == BUY_CHAMBER:
        s.chamber_pool.remove(item)
        s.chambers[p].append(item)
        s.chamber_done = True
        log(s, -1, "chamber", p, item, paid)
    else:
        cast(s, p, item, ("audition", "reserve", "mummy")[kind], paid, flags)


def pay(s: MansionState, p: int, paid: Payment, flags: tuple[bool, bool]) -> None:
    """Skulls paid go to the discard tile (MM Cast or Reserve an Actor); Make Up and Props count as used."""
    s.makeup_used |= flags[0]
    s.props_used |= flags[1]
    pub = s.public_screens[p]
    for c in range(5):
        s.screens[p][c] -= paid[c]
        s.skull_discard[c] += paid[c]
        # the table sees the colours paid: what cannot come from the known skulls came from hidden ones
        if pub[c] >= paid[c]:
            pub[c] -= paid[c]
        else:
            s.hidden_skulls[p] -= paid[c] - pub[c]
            pub[c] = 0


def check_rewards(s: MansionState, p: int) -> None:
    """MM Reward Cards: taken at once, free, one of each type. Clown: 3 of its 4 actor types; Zombie: 3 actors of
    one colour; Witch: 4 actors of different colours."""
    cards = s.cards
    mine = s.actors[p]
    have = {cards.rewards[r].type for r in s.rewards[p]}
    types = {ACTOR_TYPES[cards.atype[a]] for a in mine}
    colours = [cards.acolour[a] for a in mine]
    for r in list(s.reward_pool):
        rw = cards.rewards[r]
        if rw.type in have:
            continue
        ok = ((rw.type == "clown" and len(types & set(rw.actor_types)) >= 3)
              or (rw.type == "zombie" and any(colours.count(c) >= 3 for c in set(colours)))
              or (rw.type == "witch" and len(set(colours)) >= 4))
        if ok:
            s.reward_pool.remove(r)
            s.rewards[p].append(r)
            have.add(rw.type)
            log(s, -1, "reward", p, r)


def cast(s: MansionState, p: int, a: int, source: str, paid: Payment, flags: tuple[bool, bool]) -> None:
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
    used = tuple(name for name, f in zip(("make_up", "props"), flags, strict=True) if f)
    log(s, -1, "cast", p, a, source, paid, used)
    check_rewards(s, p)


def apply(s: MansionState, code: int) -> None:
    op, a, b = s.codes.ops[code]
    p = s.current
    s.step += 1
    if op == A.TILE_OP:
        take_tile(s, p, a)
    elif op == A.TAKE_OP:
        s.audition_skulls[a] -= 1
        s.screens[p][a] += 1
        s.public_screens[p][a] += 1
        s.to_take -= 1
        log(s, -1, "take", p, a)
        if not s.to_take or not sum(s.audition_skulls):
            s.phase = CAST
    elif op == A.CAST_OP:
        buy(s, p, BUY_AUDITION if a in s.audition else BUY_RESERVE, a)
    elif op == A.MUMMY_OP:
        buy(s, p, BUY_MUMMY, a)
    elif op == A.PAY_OP:
        kind, item = s.pending
        paid = s.codes.paid[a]
        complete(s, p, kind, item, paid, payment_options(s, p, kind, item)[paid])
    elif op == A.RESERVE_OP:
        # P7: the reserved actor lies face down, but the table saw which card left the face-up audition
        s.audition.remove(a)
        s.reserved[p].append(a)
        s.actor_done = True
        log(s, -1, "reserve", p, a)
    elif op == A.CHAMBER_OP:
        buy(s, p, BUY_CHAMBER, a)
    elif op == A.SWAMP_OP:
        c = draw_skull(s)
        s.swamp_done = True
        if c >= 0:
            s.screens[p][c] += 1
            s.hidden_skulls[p] += 1
        log(s, -1, "swamp", p)
        log(s, p, "swamp_skull", p, c)
    elif op in (A.COSTUME1, A.COSTUME2):
        got = [a] if op == A.COSTUME1 else [a, b]
        tickets = COSTUME[len(got)]
        s.tickets[p] += tickets
        for c in got:
            s.skull_discard[c] -= 1
            s.screens[p][c] += 1
            s.public_screens[p][c] += 1
        s.costume_done = True
        log(s, -1, "costume", p, tickets, tuple(got))
    elif op == A.END_OP:
        log(s, -1, "end_turn", p)
        s.order_pos += 1
        begin_turn(s)
    elif op == A.DUMMY_OP:
        # MM 2 Player Game: the lowest real tile places an actor of the audition in the dummy's area
        s.audition.remove(a)
        s.actors[2].append(a)
        log(s, -1, "dummy_actor", p, a)
        dummy_skulls_or_next(s)
    elif op == A.DUMMY_SKULL:
        s.audition_skulls[a] -= 1
        s.skull_discard[a] += 1
        s.to_take -= 1
        log(s, -1, "dummy_skull", p, a)
        dummy_skulls_or_next(s)
    elif op == A.GIVE:
        s.tickets[p] -= 1
        s.tickets[a] += 1
        log(s, -1, "give", p, a)
        next_lagoon(s)
    elif op == A.GIVE_NONE:
        log(s, -1, "give", p, -1)
        next_lagoon(s)


def begin_show(s: MansionState) -> None:
    """MM Phase 4, The Show: Black Lagoon owners give a ticket, in turn order; then everyone sells."""
    s.lagoon_queue = [q for q in s.order if q < s.n and owns(s, q, BLACK_LAGOON) and s.tickets[q] > 0]
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
    levels = [sales_level(s, p) for p in range(s.n)]
    before = s.tickets[:]
    for p in range(s.n):
        s.tickets[p] -= levels[p]
    log(s, -1, "show", tuple(levels), tuple(before))
    out = [p for p in range(s.n) if s.tickets[p] <= 0]
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
    view_module = "monsterbox.games.mansion.view"

    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(players, options)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> MansionState:
        return setup(players, options, rng)

    def legal_actions(self, state: MansionState) -> Sequence[int]:
        return legal_actions(state)

    def apply(self, state: MansionState, action: int) -> None:
        apply(state, action)

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
