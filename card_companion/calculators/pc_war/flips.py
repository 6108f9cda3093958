"""PC War: comparing the two face-up cards of a flip or a war (rule 3), and refusing a pair
that cannot be on the table.

Rules: card_companion/companion/pc_war/rules.txt; rulings: card_companion/companion/pc_war/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from card_companion.calculators.cards import Card, Deck, card  # noqa: F401 (card: the doctests)
from card_companion.calculators.pc_war.deck import GAME, BlankCard, PCWarError, order_text, player_name, strength, taker


class FlipResult(BaseModel):
    """Who takes the two face-up cards, or a tie that starts the trade and war."""

    model_config = ConfigDict(frozen=True)

    takes: int | None
    """0 or 1: the player with the higher card, who puts the cards on their pile; None on a tie"""
    war: bool
    """a tie: the players swap hands and have a war"""
    explanation: list[str]


def _rank_word(c: Card) -> str:
    return c.rank.word


def flip(left: Card, right: Card, names: Sequence[str] | None = None, in_war: bool = False,
         blank: BlankCard = "none") -> FlipResult:
    """Compare the two face-up cards of a flip (or of a war, ``in_war``): player 0's
    card is ``left``, player 1's is ``right``; the blank card ranks as ``blank`` says.

    >>> flip(card("JOKER"), card("2C")).explanation[0]
    'the Joker is the lowest card: 2♣ is higher'
    >>> flip(card("9D"), card("9S"), in_war=True).explanation
    ['9♦ and 9♠ are both 9s: a tie (suits do not matter)', 'a tie in the war → the whole procedure again: swap hands again, then each lays 3 cards face down and 1 face up']
    >>> print(flip(card("BLANK"), card("AS"), blank="weakest").explanation[0])
    the blank card is the weakest card (the players' choice): A♠ is higher
    """  # noqa: E501 (doctest output)
    t = taker(strength(left, blank), strength(right, blank))
    if t is None:
        if left.is_joker:
            why = "two Jokers: a tie"
        else:
            why = f"{left.symbol} and {right.symbol} are both {_rank_word(left)}s: a tie (suits do not matter)"
    else:
        high, low = (left, right) if t == 0 else (right, left)
        if high.is_blank:
            why = f"the blank card is the strongest card (the players' choice): {low.symbol} is lower"
        elif low.is_blank:
            why = f"the blank card is the weakest card (the players' choice): {high.symbol} is higher"
        elif low.is_joker:
            why = f"the Joker is the lowest card: {high.symbol} is higher"
        else:
            why = (f"{high.symbol} ({_rank_word(high)}) is higher than {low.symbol} ({_rank_word(low)}): "
                   f"{order_text(blank)}")
    return FlipResult.model_construct(
        takes=t, war=t is None, explanation=[why, _outcome(t, names, in_war, (left, right))]
    )


def called(takes: int | None, names: Sequence[str] | None = None, in_war: bool = False) -> FlipResult:
    """A flip entered with one tap ("left higher", "right higher", "tie") instead of the
    cards: the players compared the cards themselves.

    >>> called(1, names=("Ann", "Bea")).explanation
    ["the players called it: Bea's card is higher", 'the higher card takes both: Bea puts both cards on their pile']
    """
    if takes not in (0, 1, None):
        raise PCWarError("the higher card is player 0's or player 1's, or it is a tie")
    why = ("the players called it: a tie" if takes is None
           else f"the players called it: {player_name(names, takes)}'s card is higher")
    return FlipResult.model_construct(takes=takes, war=takes is None, explanation=[why, _outcome(takes, names, in_war)])


def _outcome(t: int | None, names: Sequence[str] | None, in_war: bool, shown: tuple[Card, Card] | None = None) -> str:
    if t is None:
        if in_war:
            return ("a tie in the war → the whole procedure again: swap hands again, then each lays "
                    "3 cards face down and 1 face up")
        return ("a tie → trade and war: the players swap hands, then each lays 3 cards face down "
                "and 1 face up; the higher face-up card takes everything")
    who = player_name(names, t)
    if in_war:
        return f"the higher face-up card takes everything on the table: {who} puts it all on their pile"
    both = f"{shown[0].symbol} and {shown[1].symbol}" if shown else "both cards"
    return f"the higher card takes both: {who} puts {both} on their pile"


def check_pair(left: Card, right: Card, deck: Deck | None = None) -> None:
    """Refuse two face-up cards that cannot both be on the table: the same card twice
    (a pack holds one of each card; two Jokers need a deck with two), or, given the
    game's deck, a card that is not in it.

    >>> check_pair(card("KH"), card("KH"))
    Traceback (most recent call last):
    ...
    card_companion.calculators.pc_war.deck.PCWarError: K♥ is entered for both players, but the deck holds only one K♥
    """
    if deck is not None:
        for c in (left, right):
            if not deck.contains(c):
                if c.is_blank:
                    raise PCWarError(f"the blank card is not in the deck of {GAME} (the Blank card setting is "
                                     "none: rule 1 removes it)")
                raise PCWarError(f"{c.symbol} is not in the deck of {GAME}"
                                 + (" (this game is played without Jokers)" if c.is_joker else ""))
    if left == right:
        copies = 2 if deck is None and left.is_joker else (deck.copies_of(left) if deck else 1)
        if copies < 2:
            what = "one Joker" if left.is_joker else f"only one {left.symbol}"
            raise PCWarError(f"{left.symbol} is entered for both players, but the deck holds {what}")
