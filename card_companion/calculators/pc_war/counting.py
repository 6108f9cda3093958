"""PC War by counts: laying cards, too few cards, the trade and war, taking the table (rules
4-6). The app never knows the order of the cards in a hand, so these work on counts (cards
in hand, in the face-up pile, on the table).

Rules: card_companion/companion/pc_war/rules.txt; rulings: card_companion/companion/pc_war/rulings.md.
"""

from __future__ import annotations

from typing import NamedTuple

from card_companion.calculators.pc_war.deck import WAR_CARDS, PCWarError


class Lay(NamedTuple):
    """How one player lays cards (a flip: 1; a war: 4), by counts."""

    down: int
    """face-down cards"""
    up: int
    """face-up cards: 1, or 0 when the player has no card at all"""
    from_hand: int
    """cards laid from the hand before it ran out (all of them if no pickup)"""
    picked_up: int
    """cards of the face-up pile picked up and shuffled when the hand ran out (0: none)"""
    hand: int
    """cards in hand afterwards"""
    pile: int
    """cards in the pile afterwards"""


def lay(hand: int, pile: int, wanted: int) -> Lay:
    """Lay ``wanted`` cards (1 for a flip, WAR_CARDS for a war) from the hand; a hand
    that cannot supply a card first picks up and shuffles its pile (rule 4). With fewer
    cards than wanted, all but the last go face down and the last face up (too few cards).

    >>> lay(5, 0, 1)
    Lay(down=0, up=1, from_hand=1, picked_up=0, hand=4, pile=0)
    >>> lay(0, 6, 1)
    Lay(down=0, up=1, from_hand=0, picked_up=6, hand=5, pile=0)
    >>> lay(0, 0, 4)
    Lay(down=0, up=0, from_hand=0, picked_up=0, hand=0, pile=0)
    """
    if hand < 0 or pile < 0 or wanted < 1:
        raise PCWarError("card counts cannot be negative")
    n = min(wanted, hand + pile)
    if n == 0:
        return Lay(0, 0, 0, 0, hand, pile)
    if hand >= n:
        return Lay(n - 1, 1, n, 0, hand - n, pile)
    return Lay(n - 1, 1, hand, pile, hand + pile - n, 0)


def out_of_cards(hand: int, pile: int) -> bool:
    """No card in hand and none in the pile: this player has lost all their cards."""
    return hand == 0 and pile == 0


def out_at_tie(hands: tuple[int, int], piles: tuple[int, int], at_once: bool) -> tuple[int, ...]:
    """Players who win right at a tie: with "last card wins at once", a player who has
    just laid their last card; otherwise nobody (the swap may hand them cards).

    >>> out_at_tie((0, 7), (0, 3), at_once=True), out_at_tie((0, 7), (0, 3), at_once=False)
    ((0,), ())
    """
    if not at_once:
        return ()
    return tuple(i for i in (0, 1) if hands[i] == 0 and piles[i] == 0)


class TradeAndWar(NamedTuple):
    """One round of the trade and war, by counts."""

    hands: tuple[int, int]
    """after swapping and laying"""
    piles: tuple[int, int]
    lays: tuple[Lay, Lay]
    """what each player laid (after the swap)"""
    laid: int
    """cards laid on the table this round, both players"""
    out: tuple[int, ...]
    """players who ran out of cards (they win; empty: the war goes on). When a player has
    no card to lay, nobody lays (``laid`` is 0)."""


def trade_and_war(hands: tuple[int, int], piles: tuple[int, int], at_once: bool = False) -> TradeAndWar:
    """After a tie: the players swap hands (not piles), then each lays 3 face down and 1
    face up, picking up their own pile when the hand runs out, all but the last face down
    with fewer than 4 cards. A player with no card to lay has run out and wins; with
    ``at_once``, so does a player who lays their last card.

    >>> t = trade_and_war((10, 2), (3, 5))       # Ann now holds 2, Bea 10
    >>> t.hands, t.piles, t.laid, t.out
    ((1, 6), (0, 5), 8, ())
    >>> trade_and_war((5, 0), (0, 0))            # Bea gets 5; Ann gets nothing and has no pile
    TradeAndWar(hands=(0, 5), piles=(0, 0), lays=(Lay(down=0, up=0, from_hand=0, picked_up=0, hand=0, pile=0), Lay(down=0, up=0, from_hand=0, picked_up=0, hand=5, pile=0)), laid=0, out=(0,))
    """  # noqa: E501 (doctest output)
    swapped = (hands[1], hands[0])
    empty = tuple(i for i in (0, 1) if out_of_cards(swapped[i], piles[i]))
    if empty:  # nobody lays: the war does not happen
        none = (Lay(0, 0, 0, 0, swapped[0], piles[0]), Lay(0, 0, 0, 0, swapped[1], piles[1]))
        return TradeAndWar(hands=swapped, piles=piles, lays=none, laid=0, out=empty)
    lays = (lay(swapped[0], piles[0], WAR_CARDS), lay(swapped[1], piles[1], WAR_CARDS))
    out = tuple(i for i in (0, 1) if at_once and out_of_cards(lays[i].hand, lays[i].pile))
    return TradeAndWar(
        hands=(lays[0].hand, lays[1].hand),
        piles=(lays[0].pile, lays[1].pile),
        lays=lays,
        laid=lays[0].down + lays[0].up + lays[1].down + lays[1].up,
        out=out,
    )


class Taken(NamedTuple):
    """The table taken by the higher card's player, by counts."""

    hands: tuple[int, int]
    piles: tuple[int, int]
    out: tuple[int, ...]
    """players left with no cards in hand and pile: they win"""
    picked_up: tuple[int, int]
    """cards each player picked up because their hand was empty (0: none)"""


def take(hands: tuple[int, int], piles: tuple[int, int], taker: int, table: int) -> Taken:
    """The taker puts every table card on their pile. A player with no cards in hand and
    pile has won; otherwise an empty hand picks up its pile for the next flip.

    >>> take((0, 3), (4, 2), taker=1, table=2)   # Ann's hand is empty: she picks up 4
    Taken(hands=(4, 3), piles=(0, 4), out=(), picked_up=(4, 0))
    >>> take((0, 3), (0, 2), taker=1, table=2).out
    (0,)
    """
    p = [piles[0], piles[1]]
    p[taker] += table
    out = tuple(i for i in (0, 1) if out_of_cards(hands[i], p[i]))
    if out:
        return Taken(hands, (p[0], p[1]), out, (0, 0))
    h = [hands[0], hands[1]]
    picked = [0, 0]
    for i in (0, 1):
        if h[i] == 0:
            picked[i], h[i], p[i] = p[i], p[i], 0
    return Taken((h[0], h[1]), (p[0], p[1]), (), (picked[0], picked[1]))


def hand_over_table(piles: tuple[int, int], out: tuple[int, ...], table: int) -> tuple[int, int]:
    """When one player runs out of cards, the table cards go to the other player's pile
    (when both run out at once, nobody takes them).

    >>> hand_over_table((3, 4), (1,), 6)
    (9, 4)
    """
    if len(out) != 1:
        return piles
    other = 1 - out[0]
    p = [piles[0], piles[1]]
    p[other] += table
    return (p[0], p[1])
