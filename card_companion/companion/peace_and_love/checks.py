"""What Peace and Love's rules share: the cards entered are of this table's packs, and a step
comes at its time (a turn's choice between turns, a fight's steps in a fight)."""

from __future__ import annotations

from collections.abc import Iterable

from card_companion.calculators.cards import Card
from card_companion.calculators.peace_and_love import deck_for
from card_companion.companion.game import IllegalAction
from card_companion.companion.peace_and_love.state import GAME_NAME, FightInProgress, PeaceAndLoveState


def check_cards(state: PeaceAndLoveState, cards: Iterable[Card]) -> None:
    """A RulesError unless every card is in this table's packs (no Jokers)."""
    deck = deck_for(len(state.players))
    for c in cards:
        deck.check(c, GAME_NAME)


def expect_turn(s: PeaceAndLoveState) -> None:
    """IllegalAction, saying what comes first, unless it is a player's turn to choose."""
    if s.phase == "deal":
        raise IllegalAction("first enter every player's three fighters")
    if s.phase == "first-player":
        raise IllegalAction("first pick who goes first")
    if s.phase == "fight":
        raise IllegalAction("finish the fight first")
    if s.phase == "over":
        raise IllegalAction("the game is over")


def expect_fight(s: PeaceAndLoveState) -> FightInProgress:
    """The fight going on, or IllegalAction."""
    if s.phase != "fight" or s.fight is None:
        raise IllegalAction("there is no fight going on")
    return s.fight
