"""Peace and Love at the table: the actions, each a step of the log (discriminated by ``kind``).

Each step says whose choice it is (``chosen_by``, read by ``Game.whose_choice``; a player's phone
enters only its own choices and the shared steps, the table phone all): a player's deal of their
own three fighters is theirs; the turn's action (start a fight, with the fighters the defender and
the joiners name; retire; refresh) is the turn's player's; the cards revealed on the fighters, the
fighter drawn off the deck, the random first player and the players' stop are shared."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from card_companion.calculators.cards import Card
from card_companion.companion.game import SHARED, TURN, Frozen
from card_companion.companion.peace_and_love.state import FIGHTERS


class Deal(Frozen):
    """A player's three starting fighters, as dealt face up."""

    kind: Literal["deal"] = "deal"
    chosen_by: ClassVar[str] = "player"
    player: int
    fighters: tuple[Card, Card, Card]


class FirstPlayer(Frozen):
    """The random pick among the players tied for the lowest total (recorded, so replay
    gives the same starting player)."""

    kind: Literal["first-player"] = "first-player"
    chosen_by: ClassVar[str] = SHARED
    player: int


class StartFight(Frozen):
    """The player whose turn it is attacks with an untapped fighter."""

    kind: Literal["fight"] = "fight"
    chosen_by: ClassVar[str] = TURN
    fighter: int = Field(ge=0, lt=FIGHTERS, description="the attacking fighter's place (0-2)")
    defender: int = Field(ge=0, description="the attacked player")
    defender_fighter: int = Field(ge=0, lt=FIGHTERS)
    joining: dict[int, int] = Field(default_factory=dict, description="other players joining: player → fighter place")


class PlayCards(Frozen):
    """The cards revealed on the fighters still in the fight: player → card."""

    kind: Literal["play"] = "play"
    chosen_by: ClassVar[str] = SHARED
    cards: dict[int, Card]


class NewFighter(Frozen):
    """The fighter drawn off the deck for a defeated one (comes in untapped)."""

    kind: Literal["new-fighter"] = "new-fighter"
    chosen_by: ClassVar[str] = SHARED
    card: Card


class Retire(Frozen):
    """An untapped fighter goes to the hand; a card from the hand comes in tapped."""

    kind: Literal["retire"] = "retire"
    chosen_by: ClassVar[str] = TURN
    fighter: int = Field(ge=0, lt=FIGHTERS)
    new_fighter: Card


class Refresh(Frozen):
    """Tap a fighter, put three cards under the deck, draw three."""

    kind: Literal["refresh"] = "refresh"
    chosen_by: ClassVar[str] = TURN
    fighter: int = Field(ge=0, lt=FIGHTERS)


class Stop(Frozen):
    """The players stop before the deck runs out: the game is scored as it stands (the app's
    own ruling; the rules end it only when the deck runs out) and counts in the records, or,
    for a game abandoned, is stopped without counting. A stop saved before the choice existed
    has no ``counts`` and is read as one that counts (it was scored at its stop then too)."""

    kind: Literal["stop"] = "stop"
    chosen_by: ClassVar[str] = SHARED
    counts: bool = Field(True, description="the game counts in the records as scored at its stop (False: stopped "
                                           "without counting, an abandoned game)")


Action = Annotated[
    Deal | FirstPlayer | StartFight | PlayCards | NewFighter | Retire | Refresh | Stop,
    Field(discriminator="kind"),
]
