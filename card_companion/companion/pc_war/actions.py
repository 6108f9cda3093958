"""PC War at the table: the steps, each a step of the log (discriminated by ``kind``). A flip
and a war's face-up cards are entered as the two cards (the app compares them) or with one
tap; player 0 is on the left.

Each step says whose choice it is (``chosen_by``, read by ``Game.whose_choice``): none is a
player's own. The cards flip off the piles, the trade is forced by a tie, the counts are the
table's: every step is shared."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from card_companion.calculators.cards import Card
from card_companion.companion.game import SHARED, Frozen
from card_companion.companion.pc_war.state import Tap


class _Reveal(Frozen):
    cards: tuple[Card, Card] | None = Field(
        None, description="the face-up cards: player 0's (left) and player 1's (right)"
    )
    higher: Tap | None = Field(
        None, description="one tap instead of the cards: whose card is higher, or a tie"
    )


class Flip(_Reveal):
    """Both players turn their top card face up; the higher card takes both."""

    kind: Literal["flip"] = "flip"
    chosen_by: ClassVar[str] = SHARED


class SwapHands(Frozen):
    """After a tie: the players swap hands, then each lays 3 face down and 1 face up."""

    kind: Literal["swap"] = "swap"
    chosen_by: ClassVar[str] = SHARED


class War(_Reveal):
    """The war's face-up cards; the higher one takes everything on the table."""

    kind: Literal["war"] = "war"
    chosen_by: ClassVar[str] = SHARED


class Stop(Frozen):
    """The players stop the game between flips: the fewest cards wins, and the game counts in
    the records; or, for a game abandoned, it is stopped without counting (nobody wins). A stop
    saved before the choice existed has no ``counts`` and is read as one that counts (it was
    scored at its stop then too)."""

    kind: Literal["stop"] = "stop"
    chosen_by: ClassVar[str] = SHARED
    counts: bool = Field(True, description="the game counts in the records as scored at its stop (False: stopped "
                                           "without counting, an abandoned game)")


class Recount(Frozen):
    """The players counted their cards and the app's counts were off: correct them
    (between flips; the total must still be the whole deck)."""

    kind: Literal["recount"] = "recount"
    chosen_by: ClassVar[str] = SHARED
    hands: tuple[int, int]
    piles: tuple[int, int]

    @model_validator(mode="after")
    def _not_negative(self) -> Recount:
        if min(self.hands + self.piles) < 0:
            raise ValueError("a count cannot be negative")
        return self


Action = Annotated[Flip | SwapHands | War | Stop | Recount, Field(discriminator="kind")]
