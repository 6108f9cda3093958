"""Drawing cards without replacement, counted exactly by card value.

Only values matter to a sum, so a pool of cards is a multiset of values ``{value: copies}``
and a draw is counted by how many cards of each value it takes, weighted by the ways to
pick them (``C(copies, taken)``): identical values are never enumerated card by card, and
the order of the draw never is.

Counts are exact integers. A sum's distribution is packed into one Python integer, one slot of
``bits`` bits per sum (the Kronecker packing): shifting the integer adds a value to every sum
at once, which is what makes the joint draw of two fighters fast in pure Python.

Two fighters drawing ``n_a`` and ``n_b`` cards together from one pool (the CardPeeGee round):
the first fighter's cards are chosen value by value, and for every choice the second fighter
draws from the pool less those cards. The second fighter's draw from the reduced pool is the
generating function of the whole pool divided by ``(1 + z·w^v)`` once per card removed, and
division is linear, so the first fighter's choices that reach the same (cards left, sum) are
added before dividing further: the work is a small table of (cards left, sum), not the 5005
hands of six cards of a 2-pack deck.

One fighter's draw alone is ``odds.draw_totals``.

>>> pool = {2: 1, 3: 1, 4: 1}                   # 2, 3 and 4, one card each
>>> j, total = joint(pool, 1, 1)                 # six ordered pairs of different cards
>>> total, sorted(j.items())[:3]
(6, [((2, 3), 1), ((2, 4), 1), ((3, 2), 1)])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from math import comb

from card_companion.calculators.cards import RulesError


class DrawError(RulesError):
    """A draw the pool cannot give (more cards than it holds)."""


def value_counts(values: Iterable[int]) -> dict[int, int]:
    """``[10, 2, 10]`` → ``{2: 1, 10: 2}``."""
    return dict(sorted(Counter(values).items()))


def _key(pool: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((v, c) for v, c in pool.items() if c))


def _check(pool: Mapping[int, int], n: int) -> int:
    size = sum(pool.values())
    if any(v < 0 for v in pool) or any(c < 0 for c in pool.values()):
        raise DrawError("card values and copies are never negative")
    if n < 0:
        raise DrawError("a fighter cannot draw fewer than no cards")
    if n > size:
        raise DrawError(f"{n} cards cannot be drawn from {size}")
    return size


def joint(pool: Mapping[int, int], n_a: int, n_b: int) -> tuple[dict[tuple[int, int], int], int]:
    """The ways fighter A's ``n_a`` cards and fighter B's ``n_b`` cards, drawn together from
    ``pool`` without replacement, add up to each pair of totals ``(sum_a, sum_b)``, and the
    number of ways to draw (``C(size, n_a) · C(size − n_a, n_b)``)."""
    size = _check(pool, n_a + n_b)
    if not size:
        return {(0, 0): 1}, 1
    packed, bits, low, width = _joint(_key(pool), n_a, n_b)
    out: dict[tuple[int, int], int] = {}
    step = bits // 8
    mask = (1 << bits) - 1
    offset_a, offset_b = low * n_a, low * n_b
    for a, value in packed:
        raw = value.to_bytes(width * step, "little")
        for b in range(width):
            w = int.from_bytes(raw[b * step:(b + 1) * step], "little") & mask
            if w:
                out[(a + offset_a, b + offset_b)] = w
    return out, comb(size, n_a) * comb(size - n_a, n_b)


@lru_cache(maxsize=64)
def _joint(pool: tuple[tuple[int, int], ...], n_a: int, n_b: int) -> tuple[tuple[tuple[int, int], ...], int, int, int]:
    """Packed: ``((sum_a − low·n_a, B's sums packed), ...)``, the slot bits, the lowest value
    ``low`` (values are counted above it, so the slots are fewer) and the slots per row."""
    size = sum(c for _, c in pool)
    low = pool[0][0]
    items = [(v - low, c) for v, c in pool]
    top = max(v for v, _ in items)
    bits = -(-((comb(size, n_a) * comb(size - n_a, n_b)).bit_length() + 1) // 8) * 8
    width = top * n_b + 1
    # B's draw from the whole pool: g[k] packs the ways to take k cards, by their sum
    g = [1] + [0] * n_b
    for v, c in items:
        shift = v * bits
        for _ in range(c):
            for k in range(n_b, 0, -1):
                g[k] += g[k - 1] << shift
    # A's choices value by value: (A's cards still to take, A's sum) -> B's draw from the pool
    # less A's cards so far, weighted by the ways A took them
    state: dict[tuple[int, int], list[int]] = {(n_a, 0): g}
    last = len(items) - 1
    result: dict[int, int] = {}
    for index, (v, c) in enumerate(items):
        shift = v * bits
        if index == last:  # A takes every card still to take: only B's n_b cards are needed
            for (r, s), cur in state.items():
                if r > c:
                    continue
                packed = cur[n_b]
                for k in range(1, n_b + 1):  # (1 + z·w^v)^−r = Σ (−1)^k C(r+k−1, k) z^k w^(vk)
                    if r and cur[n_b - k]:
                        term = (cur[n_b - k] * comb(r + k - 1, k)) << (k * shift)
                        packed = packed - term if k % 2 else packed + term
                key = s + v * r
                result[key] = result.get(key, 0) + packed * comb(c, r)
            break
        nxt: dict[tuple[int, int], list[int]] = {}
        for (r, s), cur in state.items():
            for t in range(min(c, r) + 1):
                if t:  # one more card of this value is A's: divide B's draw by (1 + z·w^v)
                    prev = cur[0]
                    divided = [prev]
                    for k in range(1, n_b + 1):
                        prev = cur[k] - (prev << shift)
                        divided.append(prev)
                    cur = divided
                ways = comb(c, t)
                target = nxt.get((r - t, s + v * t))
                if target is None:
                    nxt[(r - t, s + v * t)] = [x * ways for x in cur] if ways != 1 else list(cur)
                else:
                    for k in range(n_b + 1):
                        target[k] += cur[k] * ways
        state = nxt
    return tuple(sorted(result.items())), bits, low, width


__all__ = ["DrawError", "joint", "value_counts"]
