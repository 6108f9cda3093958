"""Card Stratego at the table: the settings and setup, and the state (the armies, the battlefield)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.card_stratego import ARMY_SIZE, COLUMNS, DEPTH, HAND, BattleResult, Colour
from card_companion.calculators.cards import Card
from card_companion.companion.game import Frozen, Settings, Setup, TableState

# --- setup ---------------------------------------------------------------------------


class CardStrategoSettings(Settings):
    first_army: Colour = Field(
        "red",
        title="First player's army",
        description="The colour of the army of the player who takes the first turn; the other "
        "player takes the other colour.",
    )
    jack_turns_up_one: bool = Field(
        True,
        title="A Jack may turn up a lone face-down card",
        description="When only one face-down card is in play, a Jack discarded to turn two "
        "face-down cards up may turn up that one card.",
    )
    jack_may_keep_order: bool = Field(
        False,
        title="A Jack may leave a line as it was",
        description="A Jack discarded to rearrange a row or column may leave every card where "
        "it was (otherwise at least one card must move).",
    )


class CardStrategoSetup(Setup):
    settings: CardStrategoSettings = CardStrategoSettings()


# --- state ---------------------------------------------------------------------------


class InPlay(Frozen):
    """A card on the battlefield: face down (its value unknown to the app) or face up."""

    card: Card | None = None
    """None while the card lies face down"""

    @property
    def face_up(self) -> bool:
        return self.card is not None

    @property
    def symbol(self) -> str:
        """ "7♥", or "face-down card" """
        return "face-down card" if self.card is None else self.card.symbol


FACE_DOWN = InPlay()

Column = tuple[InPlay, ...]
"""one player's cards in one column, from the front rank (next to the battle line) back"""


class Army(Frozen):
    """One player's 27 cards: a count in the deck and the hand, the cards in play and the
    discard pile card by card."""

    colour: Colour
    deck: int = ARMY_SIZE - HAND
    hand: int = HAND
    columns: tuple[Column, Column, Column, Column] = ((), (), (), ())
    discard: tuple[Card, ...] = ()

    @property
    def in_play(self) -> int:
        return sum(len(c) for c in self.columns)

    @property
    def is_general(self) -> bool:
        """A player whose deck is empty is a General."""
        return self.deck == 0

    def face_up(self) -> list[Card]:
        return [x.card for col in self.columns for x in col if x.card is not None]

    def face_down(self) -> int:
        return sum(1 for col in self.columns for x in col if x.card is None)


class Place(Frozen):
    """A card on the battlefield: whose side, which column (0-3), which position (0 = the
    front rank, 1 the second, 2 the third)."""

    player: int = Field(ge=0, le=1)
    column: int = Field(ge=0, lt=COLUMNS)
    position: int = Field(ge=0, lt=DEPTH)


class LastBattle(Frozen):
    """The battle of the latest action, for the battle-result screen."""

    attacker: int
    """the attacking player"""
    column: int
    result: BattleResult


class CardStrategoState(TableState):
    setup: CardStrategoSetup
    armies: tuple[Army, Army]
    phase: Literal["turn", "over"] = "turn"
    turn: int = 0
    """whose turn it is"""
    turn_number: int = 1
    """1 for the first turn of the game, 2 for the other player's first turn, ..."""
    allotted: int = 1
    """the actions of this turn"""
    actions_left: int = 1
    start_columns: int = 0
    """columns in which the player had a card at the start of this turn"""
    last_battle: LastBattle | None = None
    ended_by: str = ""

    def with_army(self, i: int, army: Army) -> CardStrategoState:
        """The state with player ``i``'s army changed."""
        armies = list(self.armies)
        armies[i] = army
        return self.model_copy(update={"armies": (armies[0], armies[1])})
