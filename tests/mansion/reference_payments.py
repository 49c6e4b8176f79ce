"""The straightforward Monster Mansion payment rules (R6) as first written: every payment by nested generators,
then a pairwise dominance filter (RULINGS Mansion 6: a payment spending every skull of another and more is not
offered, whatever chambers either uses). ``rules.payments`` must give exactly these
(tests/mansion/test_fast_paths.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from monsterbox.games.mansion.cards import GREY

Payment = tuple[int, ...]


def payments(screen: Sequence[int], cost: Sequence[int], pair: tuple[int, int] | None,
             props: bool) -> dict[Payment, tuple[bool, bool]]:
    out: dict[Payment, tuple[bool, bool]] = {}
    for paid, flags in _payments_with(screen, cost, pair, props):
        if paid not in out:
            out[paid] = flags
    return {q: f for q, f in out.items()
            if not any(r != q and all(a <= b for a, b in zip(r, q, strict=True)) for r in out)}


def _payments_with(screen: Sequence[int], cost: Sequence[int], pair: tuple[int, int] | None,
                   props: bool) -> Iterator[tuple[Payment, tuple[bool, bool]]]:
    """Payments of a coloured cost from ``screen``, plain ones first, then with Make Up (``pair``: its colours,
    None when it cannot help), with Props (``props``: whether it can), with both."""
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
                for q in _direct(sc, need, paid, 0):
                    yield q, flags
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
                            for q in _direct(sc, need, paid, 0):
                                yield q, flags
                            sc[a] += 1
                            sc[b] += 1
                            paid[a] -= 1
                            paid[b] -= 1
                need[w] += 1


def _direct(sc: list[int], need: list[int], paid: list[int], c: int) -> Iterator[Payment]:
    """Pay the remaining coloured need with the same colour or grey wildcards, in every proportion."""
    if c == 4:
        yield tuple(paid)
        return
    n = need[c]
    if not n:
        yield from _direct(sc, need, paid, c + 1)
        return
    for own in range(min(sc[c], n), -1, -1):
        grey = n - own
        if grey > sc[GREY]:
            break
        sc[c] -= own
        sc[GREY] -= grey
        paid[c] += own
        paid[GREY] += grey
        yield from _direct(sc, need, paid, c + 1)
        sc[c] += own
        sc[GREY] += grey
        paid[c] -= own
        paid[GREY] -= grey


def picks(screen: Sequence[int], k: int) -> set[Payment]:
    """Every choice of ``k`` skulls of any colour among those behind the screen (a chamber's payment)."""
    from itertools import product

    return {q for q in product(*(range(n + 1) for n in screen)) if sum(q) == k}
