"""Monster Maker, MM Game Setup: the card set, the distance to the treasure chest (MM Optional Rules, short
version), the state of a new game and the deal of each round (the 3-round rule starts a new one).

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.cardfile import parsed_card_set
from monsterbox.games.maker import actions as A
from monsterbox.games.maker.actions import action_table
from monsterbox.games.maker.cards import TRAP, MakerCards, default_cards, parse_cards
from monsterbox.games.maker.state import ENTERING, REWARDS, TURN, MakerState

HAND_SIZE = 5  # MM Game Setup: deal 5 cards to each player; Refresh Your Hand: draw until you have 5


def card_set(options: dict[str, Any]) -> MakerCards:
    return parsed_card_set(options["cards"], parse_cards, "option 'cards'") if "cards" in options else default_cards()


def chest_distance(players: int, options: dict[str, Any]) -> int:
    """MM Optional Rules, short version: 80 with 5 players, 70 with 6; P1: 80 with 2-4 players; or any distance."""
    if "distance" in options:
        return int(options["distance"])
    if options.get("short"):
        return 70 if players == 6 else 80
    return 100


def setup(players: int, options: dict[str, Any], rng: random.Random) -> MakerState:
    cards = card_set(options)
    s = MakerState(
        cards=cards, n=players, target=chest_distance(players, options),
        rewards=tuple(REWARDS.index(r) for r in options.get("rewards", [])),
        rounds_total=options.get("rounds", 1), round=0, totals=[0] * players, round_starter=0,
        deck=[], discard=[], hands=[], hand_size=[], known=[], treasure_deck=[], treasure_discard=[],
        treasures=[], face_up=[], entry_cards=[], exit_cards=[], entry=[], exit_d=[], stage=[], entered=[],
        monster=[], first_exit=-1, end_phase=False, current=0, phase=TURN, battle=[], equips=[], last_add=-1,
        last_equip=-1, heal=[], discarded=0, stats=[], turns=0, rng=crng.seed_state(rng.getrandbits(128)),
        dice=list(reversed(options.get("dice", []))), step=0, log=[], table=action_table(cards, players),
        codes=A.action_codes(cards, players),
    )
    first = options["first_player"] if "first_player" in options else rng.randrange(players)
    start_round(s, first, options)
    return s


def start_round(s: MakerState, first: int, options: dict[str, Any] | None = None) -> None:
    """MM Game Setup: shuffle, deal 5; a dealt Trap is shown, discarded and replaced, then shuffled back."""
    cards = s.cards
    n = s.n
    options = options or {}
    s.round += 1
    prefix = [cards.index(t) for t in options.get("deck", [])] if s.round == 1 else []
    rest = [t for t in range(len(cards.ids)) for _ in range(cards.count[t])]
    for t in prefix:
        rest.remove(t)
    s.rng = crng.shuffle(s.rng, rest)
    s.deck = rest + prefix[::-1]  # the prefix is drawn first
    tids = [t.id for t in cards.treasures]
    tprefix = [tids.index(t) for t in options.get("treasure_deck", [])] if s.round == 1 else []
    trest = [i for i in range(len(tids)) if i not in tprefix]
    s.rng = crng.shuffle(s.rng, trest)
    s.treasure_deck = trest + tprefix[::-1]
    s.discard, s.treasure_discard = [], []
    T = len(cards.ids)
    s.hands = [[0] * T for _ in range(n)]
    s.hand_size = [0] * n
    s.known = [[] for _ in range(n)]
    s.treasures = [[] for _ in range(n)]
    s.face_up = [False] * len(tids)
    s.entry_cards, s.exit_cards = [[] for _ in range(n)], [[] for _ in range(n)]
    s.entry, s.exit_d, s.stage = [0] * n, [0] * n, [ENTERING] * n
    s.entered, s.monster = [False] * n, [-1] * n
    s.first_exit, s.end_phase = -1, False
    s.stats = [[0] * len(REWARDS) for _ in range(n)]
    s.turns = 0
    s.battle, s.equips, s.heal = [], [], []
    log = s.log
    if log is not None:
        log.append((-1, ("round", s.round, first)))
    set_aside = []
    for p in range(n):
        drawn: list[int] = []
        while len(drawn) < HAND_SIZE:
            c = s.deck.pop()
            if cards.kind[c] == TRAP:
                set_aside.append(c)
                if log is not None:
                    log.append((-1, ("setup_trap", p)))
                continue
            drawn.append(c)
        for c in drawn:
            s.hands[p][c] += 1
        s.hand_size[p] = HAND_SIZE
        if log is not None:
            log.append((p, ("deal", p, tuple(sorted(drawn)))))
    if set_aside:
        s.deck.extend(set_aside)
        s.rng = crng.shuffle(s.rng, s.deck)
    s.round_starter = first
    s.current = first
    s.phase = TURN
