"""Card Stratego at the table: the actions, each a step of the log (discriminated by ``kind``).

Every action is taken by the player whose turn it is and uses one action, except EndTurn.

Each step says whose choice it is (``chosen_by``, read by ``Game.whose_choice``): every action of
a turn is the choice of the player whose turn it is, the defender's card of an attack entered with
it ("You have from three to five actions on your turn")."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, TypeGuard

from pydantic import Field

from card_companion.calculators.card_stratego import COLUMNS, DEPTH
from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego.state import Place
from card_companion.companion.game import TURN, Frozen

Line = Literal["row", "column"]
"""what a Jack rearranges: one row or one column of a player's cards"""


def is_line(line: str) -> TypeGuard[Line]:
    """A row or a column (what a screen asks a Jack to rearrange, checked before it is used)."""
    return line in ("row", "column")


class Draw(Frozen):
    """Take the top card of your deck into your hand."""

    kind: Literal["draw"] = "draw"
    chosen_by: ClassVar[str] = TURN


class PutIntoPlay(Frozen):
    """Put a card from your hand into play face down (its value is not entered)."""

    kind: Literal["play"] = "play"
    chosen_by: ClassVar[str] = TURN
    column: int = Field(ge=0, lt=COLUMNS)
    position: int = Field(0, ge=0, lt=DEPTH, description="0 = the front rank; cards at and behind it move back")


class Attack(Frozen):
    """Your front-rank card in a column attacks the opposing front-rank card. Both are turned
    face up: enter a card that was face down (leave out one already face up)."""

    kind: Literal["attack"] = "attack"
    chosen_by: ClassVar[str] = TURN
    column: int = Field(ge=0, lt=COLUMNS)
    attacker: Card | None = None
    defender: Card | None = None


class Reveal(Frozen):
    """A face-down card turned face up, and what it is."""

    place: Place
    card: Card


class JackRearrange(Frozen):
    """Discard a Jack to rearrange one row or column of either player's cards.

    ``order``: for a row, ``order[c]`` is the column whose card (or empty place) in that row
    moves to column c (a permutation of 0-3); for a column, ``order[p]`` is the position whose
    card moves to position p (a permutation of the column's cards)."""

    kind: Literal["jack-rearrange"] = "jack-rearrange"
    chosen_by: ClassVar[str] = TURN
    jack: Card
    player: int = Field(ge=0, le=1, description="whose cards are rearranged")
    line: Line
    index: int = Field(ge=0, lt=COLUMNS, description="row 0-2 (0 = the front rank) or column 0-3")
    order: tuple[int, ...]


class JackReveal(Frozen):
    """Discard a Jack to turn two face-down cards in play face up."""

    kind: Literal["jack-reveal"] = "jack-reveal"
    chosen_by: ClassVar[str] = TURN
    jack: Card
    reveals: tuple[Reveal, ...] = Field(min_length=1, max_length=2)


class JokerDestroy(Frozen):
    """Discard your Joker to destroy any card on the battlefield. The destroyed card goes to
    its owner's discard pile, where it is seen: enter it if it was face down."""

    kind: Literal["joker"] = "joker"
    chosen_by: ClassVar[str] = TURN
    target: Place
    card: Card | None = None


class ScoutReveal(Frozen):
    """Discard a Scout (2, 3, 4) from your hand to turn a face-down card face up. Not an
    attack: a Bomb it reveals stays."""

    kind: Literal["scout"] = "scout"
    chosen_by: ClassVar[str] = TURN
    scout: Card
    reveal: Reveal


class SixReturn(Frozen):
    """Discard a 6 to return any card on the battlefield to its owner's hand."""

    kind: Literal["six"] = "six"
    chosen_by: ClassVar[str] = TURN
    six: Card
    target: Place


class Drain(Frozen):
    """A General has the opponent discard the top card of their deck, or, with their deck
    empty, a card picked at random from their hand. ``pick``: the position in the hand the
    app drew (1 = the first card), recorded so the log replays the same."""

    kind: Literal["drain"] = "drain"
    chosen_by: ClassVar[str] = TURN
    card: Card
    pick: int | None = Field(None, ge=1)


class Consolidate(Frozen):
    """A General combines a column where only they have cards (``mine``) with one where only
    the opponent has cards (``theirs``); ``into`` is the column both end up in."""

    kind: Literal["consolidate"] = "consolidate"
    chosen_by: ClassVar[str] = TURN
    mine: int = Field(ge=0, lt=COLUMNS)
    theirs: int = Field(ge=0, lt=COLUMNS)
    into: int = Field(ge=0, lt=COLUMNS)


class EndTurn(Frozen):
    """The player has no legal action left: the turn ends with the remaining actions unused."""

    kind: Literal["end-turn"] = "end-turn"
    chosen_by: ClassVar[str] = TURN


Action = Annotated[
    Draw | PutIntoPlay | Attack | JackRearrange | JackReveal | JokerDestroy | ScoutReveal | SixReturn
    | Drain | Consolidate | EndTurn,
    Field(discriminator="kind"),
]
