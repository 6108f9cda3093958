"""Non-Violent, Politically-Correct War at the table: the settings and setup, and the state
(the counts of each hand, pile and the table; the cards entered face up)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.pc_war import BlankCard, deck_for
from card_companion.companion.game import Frozen, Settings, Setup, TableState

SIDES = ("left", "right")
"""player 0 is shown on the left, player 1 on the right"""

Tap = Literal["left", "right", "tie"]
"""a flip entered with one tap: whose card is higher (the left is player 0's), or a tie"""


def takes_of(tap: Tap) -> int | None:
    """Who takes the cards by a tap: 0 (left), 1 (right), None (a tie)."""
    return {"left": 0, "right": 1, "tie": None}[tap]


def tap_for(takes: int | None) -> Tap:
    """The tap that says who takes: "left", "right" or "tie"."""
    return "tie" if takes is None else "left" if takes == 0 else "right"


# --- setup ---------------------------------------------------------------------------


class PCWarSettings(Settings):
    jokers: Literal[0, 1, 2] = Field(
        1,
        title="Jokers",
        description="Jokers in the deck: 0, 1 or 2. The Joker is the lowest card.",
    )
    blank_card: BlankCard = Field(
        "none",
        title="Blank card",
        description="The pack's blank card: none (rule 1 removes it), or shuffled in as a wild card that is the "
        "strongest card (above the Ace) or the weakest (below the Joker): \"you decide!\"",
    )
    last_card_wins_at_once: bool = Field(
        False,
        title="Last card wins at once",
        description="A player who lays their last card wins at once, even in a tie or a war "
        "(the table goes to the other player). Off: the tie or war is played out first, "
        "and the swap can hand them new cards.",
    )


class PCWarSetup(Setup):
    settings: PCWarSettings = PCWarSettings()


def table_deck(setup: PCWarSetup) -> Deck:
    """The cards this table plays with: a pack with its Jokers and, if it is in, the blank card."""
    return deck_for(setup.settings.jokers, setup.settings.blank_card)


# --- state ---------------------------------------------------------------------------


class Player(Frozen):
    hand: int
    """cards in hand (their order is unknown to the app)"""
    pile: int = 0
    """cards in the face-up pile: the cards this player took"""
    pile_cards: tuple[Card, ...] = ()
    """the cards of the pile that were entered face up (for the card picker's warning)"""

    @property
    def cards(self) -> int:
        """hand and pile together: the cards this player still has to get rid of"""
        return self.hand + self.pile


class LaidCards(Frozen):
    """What one player laid in the current war round."""

    down: int
    up: int
    from_hand: int
    picked_up: int
    """the pile picked up (and shuffled) when the hand ran out, 0 if none"""


class LastReveal(Frozen):
    """The latest flip or war face-up comparison, for the table screen."""

    in_war: bool
    cards: tuple[Card, Card] | None
    """player 0's and player 1's card, when entered as cards (None: one tap)"""
    takes: int | None
    explanation: tuple[str, ...]


class PCWarState(TableState):
    setup: PCWarSetup
    deck: int
    """cards in the deck"""
    players: tuple[Player, Player]
    phase: Literal["flip", "swap", "war", "over"] = "flip"
    """flip: both turn a card; swap: a tie, swap hands; war: enter the face-up cards"""
    table: int = 0
    """cards on the table in a tie or war"""
    table_cards: tuple[Card, ...] = ()
    """the table's cards that were entered face up"""
    flips: int = 0
    wars: int = 0
    """war rounds played (a tie inside a war starts another one)"""
    war_rounds: int = 0
    """rounds of the current trade and war"""
    longest_war: int = 0
    """most war rounds after one tie"""
    longest_war_cards: int = 0
    """cards taken at the end of that longest war"""
    lays: tuple[LaidCards, LaidCards] | None = None
    """phase war: what each player laid this round"""
    picked_up: tuple[int, int] = (0, 0)
    """cards each player picked up from their pile in the last action"""
    last: LastReveal | None = None
    winners: tuple[int, ...] = ()
    stopped: bool = False
    """the players stopped the game (the fewest cards won)"""
    counted: bool = True
    """the game counts in the records: False once the players stopped it without counting"""
    ended_by: str = ""
