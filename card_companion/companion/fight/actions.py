"""FIGHT! at the table: the steps, each a step of the log (discriminated by ``kind``). Coin
flips are steps that carry their outcome, so undo and replay never flip again."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from card_companion.calculators.cards import Card
from card_companion.companion.fight.state import FlipPurpose
from card_companion.companion.game import Frozen


class TurnUp(Frozen):
    """Cards turned face up into the row: the round's three, or the refill after the draws."""

    kind: Literal["row"] = "row"
    cards: tuple[Card, ...]


class CoinFlip(Frozen):
    """A coin flip and its outcome: who picks first from the row, who wins a tie of two
    attack cards, or who wins a round that ended with nobody holding the Tie Breaker."""

    kind: Literal["coin-flip"] = "coin-flip"
    purpose: FlipPurpose
    winner: int = Field(description="the player the coin favours")


class Pick(Frozen):
    """A player takes a face-up card from the row into their hand."""

    kind: Literal["pick"] = "pick"
    player: int
    card: Card


class Fight(Frozen):
    """After "Ready, set, FIGHT!": the card each player played (player 0's, player 1's)."""

    kind: Literal["fight"] = "fight"
    cards: tuple[Card, Card]


Action = Annotated[TurnUp | CoinFlip | Pick | Fight, Field(discriminator="kind")]
