"""What FIGHT!'s screen asks the tracker: the coin flip due, who picks, which cards a place
of the step being entered can take and why a card entered cannot be (each from the table's
``legal_actions``: choices.py), the Tie Breaker and the piles' points, the latest turn and
round."""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import PileCard, tie_breaker_holder, victory_points
from card_companion.companion.fight.actions import CoinFlip, Fight, Pick, TurnUp
from card_companion.companion.fight.checks import FLIP_QUESTION, prompt
from card_companion.companion.fight.choices import FightChoices, RowChoices, legal_actions
from card_companion.companion.fight.state import FightState, FlipPurpose, RoundRecord, TurnRecord
from card_companion.companion.game import IllegalAction


def flip_purpose(state: FightState) -> FlipPurpose | None:
    """What the coin flip due decides (None: no flip is due)."""
    coin = legal_actions(state).of_kind(CoinFlip)
    return None if coin is None else next(iter(coin)).purpose


def flip_question(state: FightState) -> str:
    """What the pending coin flip decides, as a question ("" when none is pending)."""
    purpose = flip_purpose(state)
    return FLIP_QUESTION[purpose] if purpose else ""


def flip_coin(state: FightState, rng: random.Random | None = None) -> CoinFlip:
    """The coin-flip action with its outcome drawn now (the UI animates it, then pushes it)."""
    coin = legal_actions(state).of_kind(CoinFlip)
    if coin is None:
        raise IllegalAction("no coin flip is needed now")
    flip: CoinFlip = coin.sample(rng or random.Random())
    return flip


def picker(state: FightState) -> int | None:
    """Who picks a face-up card from the row now."""
    pick = legal_actions(state).of_kind(Pick)
    return None if pick is None else next(iter(pick)).player


def row_needed(state: FightState) -> int:
    """How many cards the row takes now (0 outside phase row)."""
    row = legal_actions(state).of_kind(TurnUp)
    return row.needed if isinstance(row, RowChoices) else 0


def card_choices(state: FightState, place: int = 0) -> list[Card]:
    """The cards a place of the step now can take: a row card being turned up (any unseen
    card), the card player ``place`` played (their face-up picks, and every unseen card while
    they hold face-down cards), the row card the picker takes; [] in the other steps."""
    legal = legal_actions(state)
    step = legal.of_kind(TurnUp) or legal.of_kind(Fight) or legal.of_kind(Pick)
    if isinstance(step, RowChoices):
        return list(step.cards)
    if isinstance(step, FightChoices):
        return list(step.hands[place])
    return [] if step is None else [a.card for a in step]


def entry_refusal(state: FightState, cards: Sequence[Card | None]) -> list[str]:
    """What is wrong with the cards entered so far (``None``: a place not filled yet), in
    the words the tracker would refuse them with; [] when nothing is. Phase row: the
    cards turned up into the row; phase fight: player 0's and player 1's cards. A card
    entered twice is left to the card entry's own over-count warning. For the table's
    warning while the cards are being entered."""
    legal = legal_actions(state)
    entry = legal.of_kind(TurnUp) or legal.of_kind(Fight)
    if not isinstance(entry, (RowChoices, FightChoices)):
        return [f"that is not the next step; now: {prompt(state)}"]
    refusals = (entry.card_refusal(i, c) for i, c in enumerate(cards) if c is not None)
    return [r for r in refusals if r is not None]


def tie_breaker(state: FightState) -> int | None:
    """The Tie Breaker holder (whoever has a face-up card on top of their victory pile)."""
    return tie_breaker_holder(state.piles)


def tie_breaker_card(state: FightState) -> Card | None:
    holder = tie_breaker(state)
    return None if holder is None else state.players[holder].pile[-1].card


def pile_top(state: FightState, player: int) -> PileCard | None:
    """The top card of a player's victory pile and its face (None: empty pile)."""
    pile = state.players[player].pile
    return pile[-1] if pile else None


def points(state: FightState) -> tuple[int, int]:
    """Each player's victory points this round."""
    return (victory_points(state.players[0].pile), victory_points(state.players[1].pile))


def last_round(state: FightState) -> RoundRecord | None:
    """The latest finished round (the round result screen between rounds)."""
    return state.rounds[-1] if state.rounds else None


def turn_result(state: FightState) -> TurnRecord | None:
    """The latest turn of the current round (None at a round's start)."""
    t = state.last_turn
    return t if t is not None and t.round == state.round else None
