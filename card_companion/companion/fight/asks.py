"""FIGHT!'s resolve-protocol asks: one turn (the two cards played, the Tie Breaker holder, the
cycle), and where a won card goes on the victory piles."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import GAME as GAME_NAME
from card_companion.calculators.fight import (
    ROUND_POINTS,
    FightError,
    PileCard,
    Turn,
    check_card,
    place_won_card,
    resolve_turn,
    tie_breaker_holder,
    victory_points,
)
from card_companion.companion.ask import Answer, Ask


class TurnAsk(Ask, Turn):
    """One FIGHT! turn: the two cards played, the Tie Breaker holder, the cycle."""

    game: Literal["fight"] = "fight"
    ask: Literal["turn"] = "turn"

    def answer(self) -> TurnAnswer:
        r = resolve_turn(self)
        return TurnAnswer.model_construct(
            outcome=r.outcome, winner=r.winner, collected=r.collected, discarded=list(r.discarded),
            picks_first=r.first_pick, explanation=r.explanation
        )


class TurnAnswer(Answer):
    outcome: Literal["win", "both-discard", "coin-flip-needed"]
    winner: int | None
    collected: Card | None
    discarded: list[Card]
    """the cards that go to the discard pile"""
    picks_first: int | None = None
    """two defence cards: who picks first from the row (None: not that case, or a coin is needed)"""


class WonCardAsk(Ask):
    """Where a won card goes on the victory piles (the TIE BREAKER CARD section) and who
    holds the Tie Breaker afterwards, given both piles."""

    game: Literal["fight"] = "fight"
    ask: Literal["won-card"] = "won-card"
    piles: tuple[tuple[PileCard, ...], tuple[PileCard, ...]] = Field(
        ((), ()), description="each player's victory pile from the bottom card to the top card, like "
        "[[{\"card\": \"4S\", \"face_up\": true}], []]; only the top cards decide, the rest count the points")
    winner: Literal[0, 1] = Field(description="the player who won the turn: 0 or 1")
    card: Card = Field(description="the card they collect, like \"2H\"")

    def answer(self) -> WonCardAnswer:
        seen: set[Card] = set()
        for pile in self.piles:
            for p in pile:
                check_card(p.card)
                if p.card in seen:
                    raise FightError(f"{p.card.symbol} is in the victory piles twice: a {GAME_NAME} deck has one "
                                     "of each card")
                seen.add(p.card)
        before = tie_breaker_holder(self.piles)
        placement = place_won_card(self.piles, self.winner, self.card)
        points = [victory_points(pile) for pile in placement.piles]
        w = self.winner
        holder = placement.holder
        return WonCardAnswer(
            placed=placement.placed, holder_before=before, holder=holder,
            tie_breaker=placement.piles[holder][-1].card,
            piles=placement.piles, points=points, round_won=w if points[w] >= ROUND_POINTS else None,
            explanation=placement.explanation)


class WonCardAnswer(Answer):
    placed: Literal["first", "top", "bottom", "face-down", "takes-tie-breaker"]
    """first: the round's first won card; top / bottom: the holder won it; face-down: the
    other player won a lower card; takes-tie-breaker: the other player won an equal or higher one"""
    holder_before: int | None
    holder: int
    """who holds the Tie Breaker afterwards"""
    tie_breaker: Card
    """the Tie Breaker afterwards: the face-up card on top of the holder's pile"""
    piles: tuple[tuple[PileCard, ...], tuple[PileCard, ...]]
    points: list[int]
    """the victory points of each pile afterwards (of the cards given)"""
    round_won: int | None
    """the winner reached 13 victory points and wins the round; null otherwise"""
