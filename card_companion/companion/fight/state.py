"""FIGHT! at the table: the settings and setup, and the state (the row, the hands, the
victory piles, the rounds)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import (
    DECK,
    Cycle,
    Pile,
    Placement,
    TurnResult,
    cycle_text,
)
from card_companion.calculators.fight import (
    GAME as GAME_NAME,
)
from card_companion.companion.game import Frozen, Settings, Setup, TableState

PLAYERS = 2
FlipPurpose = Literal["first-pick", "tie", "round"]
Phase = Literal["row", "coin-flip", "pick", "fight", "over"]
DecidedBy = Literal["points", "tie-breaker", "coin"]
"""what gave a round to its winner"""


# --- setup ---------------------------------------------------------------------------


class FightSettings(Settings):
    cycle: Cycle = Field(
        "default",
        title="Which move beats which",
        description=(
            "The rule text lost its picture of the moves. Default: " + cycle_text("default")
            + ". Reverse: " + cycle_text("reverse") + "."
        ),
    )


class FightSetup(Setup):
    settings: FightSettings = FightSettings()

    @field_validator("players")
    @classmethod
    def _two_players(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        if len(players) != PLAYERS:
            raise ValueError(f"{GAME_NAME} is for {PLAYERS} players, not {len(players)}")
        return players


# --- state ---------------------------------------------------------------------------


class Player(Frozen):
    hand: int = 0
    """cards in the hand (face down and face-up picks)"""
    face_up: tuple[Card, ...] = ()
    """the face-up picks from the row still in the hand (everyone saw them)"""
    pile: Pile = ()
    """the victory pile, from the bottom card to the top card, each face up or down"""

    @property
    def face_down(self) -> int:
        return self.hand - len(self.face_up)


class TurnRecord(Frozen):
    """The latest turn, for the table screen: the cards, who won, where the card went."""

    round: int
    number: int
    cards: tuple[Card, Card]
    result: TurnResult
    placement: Placement | None = None

    @property
    def explanation(self) -> list[str]:
        return self.result.explanation + (self.placement.explanation if self.placement else [])


class RoundRecord(Frozen):
    """A finished round, with the table as it was at its end."""

    number: int
    winner: int
    points: tuple[int, int]
    piles: tuple[Pile, Pile]
    turns: int
    decided_by: DecidedBy
    ended_by: str
    """why the round ended, in plain words"""


class FightState(TableState):
    setup: FightSetup
    round: int = 1
    turns: int = 0
    """turns played in this round"""
    phase: Phase = "row"
    flip: FlipPurpose | None = None
    """what the pending coin flip decides (phase coin-flip)"""
    deck: int = DECK.size
    """cards left in the deck"""
    row: tuple[Card, ...] = ()
    """the face-up cards next to the deck"""
    players: tuple[Player, ...] = (Player(), Player())
    discards: tuple[Card, ...] = ()
    played: tuple[Card, Card] | None = None
    """the two cards on the table while a coin flip decides a tie"""
    pickers: tuple[int, ...] = ()
    """who still picks a face-up card from the row, in order (phase pick)"""
    last_turn: TurnRecord | None = None
    rounds: tuple[RoundRecord, ...] = ()
    """the finished rounds"""
    ending: str = ""
    """why the round is ending, while the coin flip for its winner is pending"""

    @property
    def piles(self) -> tuple[Pile, Pile]:
        return (self.players[0].pile, self.players[1].pile)

    def with_player(self, i: int, player: Player) -> FightState:
        """The state with player ``i`` changed."""
        players = list(self.players)
        players[i] = player
        return self.model_copy(update={"players": tuple(players)})
