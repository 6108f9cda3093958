"""PC War: the game's numbers, the deck and the deal, the order of the cards and which card is
higher (rules 1-3).

Rules: card_companion/companion/pc_war/rules.txt; rulings: card_companion/companion/pc_war/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from card_companion.calculators.cards import Card, Deck, Rank, RulesError, card  # noqa: F401 (card: the doctests)

GAME = "Non-Violent, Politically-Correct War"
PLAYERS = 2
WAR_CARDS = 4
"""cards each player lays in a war: 3 face down and 1 face up"""
JOKER_CHOICES = (0, 1, 2)
BlankCard = Literal["none", "strongest", "weakest"]
"""the blank card's place: not in the deck (rule 1 removes it), or a wild card the players
made the strongest or the weakest ("which becomes the strongest or weakest card — you decide!")"""
BLANK_CHOICES: tuple[BlankCard, ...] = ("none", "strongest", "weakest")
MAX_FLIPS = 5000
"""the simulation's stop bound: a game still going after this many flips is stopped"""

ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
    Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.JOKER,
)
"""highest first (rule 3): Aces high, the Joker lowest; suits do not matter"""
ORDER_TEXT = "A > K > Q > J > 10 > … > 2 > Joker"
_STRENGTH: dict[Rank, int] = {rank: len(ORDER) - 1 - i for i, rank in enumerate(ORDER)}
_BLANK_STRENGTH: dict[str, int] = {"strongest": len(ORDER), "weakest": -1}
"""above the Ace, or below the Joker"""


def order_text(blank: BlankCard = "none") -> str:
    """The order, highest first, with the blank card where the players put it.

    >>> order_text("strongest"), order_text("weakest")
    ('Blank > A > K > Q > J > 10 > … > 2 > Joker', 'A > K > Q > J > 10 > … > 2 > Joker > Blank')
    """
    return {"strongest": f"Blank > {ORDER_TEXT}", "weakest": f"{ORDER_TEXT} > Blank"}.get(blank, ORDER_TEXT)


class PCWarError(RulesError):
    """Input the rules cannot take (the message says why)."""


# --- the deck and the deal -------------------------------------------------------------


def deck_for(jokers: int = 1, blank: BlankCard = "none") -> Deck:
    """One pack without the Old Bachelor card, with 0, 1 or 2 Jokers, and the blank card
    when the players made it a wild card (``blank`` strongest or weakest).

    >>> deck_for(1).size, deck_for(0).size, deck_for(2).size, deck_for(1, "weakest").size
    (53, 52, 54, 54)
    """
    if jokers not in JOKER_CHOICES:
        raise PCWarError(f"the deck has 0, 1 or 2 Jokers, not {jokers}")
    if blank not in BLANK_CHOICES:
        raise PCWarError(f"the blank card is none, strongest or weakest, not {blank!r}")
    return Deck(jokers=jokers, blank=0 if blank == "none" else 1)


def deal(deck_size: int) -> tuple[int, int]:
    """Each player's hand after dealing out the whole deck one card at a time, player 0
    first: with an odd deck player 0 gets the odd card.

    >>> deal(53), deal(52), deal(54)
    ((27, 26), (26, 26), (27, 27))
    """
    if deck_size < PLAYERS:
        raise PCWarError(f"a deck of {deck_size} cards cannot be dealt to two players")
    return ((deck_size + 1) // 2, deck_size // 2)


def player_name(names: Sequence[str] | None, player: int) -> str:
    """The player's name, or "player 0" / "player 1" without names."""
    if names and player < len(names):
        return names[player]
    return f"player {player}"


# --- the order: which card is higher ----------------------------------------------------


def strength(c: Card, blank: BlankCard = "none") -> int:
    """The card's place in the order, Joker 0 ... Ace 13 (only comparisons matter); the
    blank card 14 as the strongest, −1 as the weakest.

    >>> [strength(card(t)) for t in ("JOKER", "2C", "10D", "KH", "AS")]
    [0, 1, 9, 12, 13]
    >>> strength(card("BLANK"), "strongest"), strength(card("BLANK"), "weakest")
    (14, -1)
    """
    if c.is_blank:
        if blank not in _BLANK_STRENGTH:
            raise PCWarError(f"the blank card is not in the deck of {GAME} (the Blank card setting is none)")
        return _BLANK_STRENGTH[blank]
    return _STRENGTH[c.rank]


def taker(left: int, right: int) -> int | None:
    """Who takes the cards, given both cards' strengths: the higher card (0 = left,
    1 = right); None on a tie (same rank).

    >>> taker(13, 0), taker(0, 1), taker(5, 5)
    (0, 1, None)
    """
    if left == right:
        return None
    return 0 if left > right else 1
