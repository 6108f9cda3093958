"""FIGHT! at the table: the steps, each a step of the log (discriminated by ``kind``). Coin
flips are steps that carry their outcome, so undo and replay never flip again.

Each step says whose choice it is (``chosen_by``, read by ``Game.whose_choice``): the face-up
card a player picks is theirs; the row turned up, a coin flip and the two cards played on
"FIGHT!" (revealed together) are shared."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from card_companion.calculators.cards import Card
from card_companion.companion.fight.state import FlipPurpose
from card_companion.companion.game import SHARED, Frozen


class TurnUp(Frozen):
    """Cards turned face up into the row: the round's three, or the refill after the draws."""

    kind: Literal["row"] = "row"
    chosen_by: ClassVar[str] = SHARED
    cards: tuple[Card, ...]


class CoinFlip(Frozen):
    """A coin flip and its outcome: who picks first from the row, who wins a tie of two
    attack cards, or who wins a round that ended with nobody holding the Tie Breaker."""

    kind: Literal["coin-flip"] = "coin-flip"
    chosen_by: ClassVar[str] = SHARED
    purpose: FlipPurpose
    winner: int = Field(description="the player the coin favours")


class Pick(Frozen):
    """A player takes a face-up card from the row into their hand."""

    kind: Literal["pick"] = "pick"
    chosen_by: ClassVar[str] = "player"
    player: int
    card: Card


class Fight(Frozen):
    """After "Ready, set, FIGHT!": the card each player played (player 0's, player 1's)."""

    kind: Literal["fight"] = "fight"
    chosen_by: ClassVar[str] = SHARED
    cards: tuple[Card, Card]


Action = Annotated[TurnUp | CoinFlip | Pick | Fight, Field(discriminator="kind")]
