"""What FIGHT!'s screen asks the tracker: the coin flip due, who picks, which cards a player
can have played, what is wrong with the cards entered so far, the Tie Breaker and the
piles' points, the latest turn and round."""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import (
    FightError,
    PileCard,
    check_card,
    coin_flip,
    tie_breaker_holder,
    victory_points,
)
from card_companion.companion.fight.actions import CoinFlip
from card_companion.companion.fight.checks import FLIP_QUESTION, check_off_the_deck, check_playable, prompt, unseen
from card_companion.companion.fight.state import FightState, FlipPurpose, RoundRecord, TurnRecord
from card_companion.companion.game import IllegalAction


def flip_purpose(state: FightState) -> FlipPurpose | None:
    return state.flip if state.phase == "coin-flip" else None


def flip_question(state: FightState) -> str:
    """What the pending coin flip decides, as a question ("" when none is pending)."""
    purpose = flip_purpose(state)
    return FLIP_QUESTION[purpose] if purpose else ""


def flip_coin(state: FightState, rng: random.Random | None = None) -> CoinFlip:
    """The coin-flip action with its outcome drawn now (the UI animates it, then pushes it)."""
    purpose = flip_purpose(state)
    if purpose is None:
        raise IllegalAction("no coin flip is needed now")
    return CoinFlip(purpose=purpose, winner=coin_flip(rng or random.Random()))


def picker(state: FightState) -> int | None:
    """Who picks a face-up card from the row now."""
    return state.pickers[0] if state.phase == "pick" else None


def pick_choices(state: FightState) -> list[Card]:
    return list(state.row) if state.phase == "pick" else []


def playable(state: FightState, player: int) -> list[Card]:
    """The cards this player could have played now: their face-up picks, and every unseen
    card while they hold face-down cards."""
    if state.phase != "fight":
        return []
    p = state.players[player]
    cards = list(p.face_up)
    if p.face_down > 0:
        cards += unseen(state)
    return sorted(cards)


def entry_problems(state: FightState, cards: Sequence[Card | None]) -> list[str]:
    """What is wrong with the cards entered so far (``None``: a place not filled yet), in
    the words the tracker would refuse them with; [] when nothing is. Phase row: the
    cards turned up into the row; phase fight: player 0's and player 1's cards. A card
    entered twice is left to the card entry's own over-count warning. For the table's
    warning while the cards are being entered."""
    if state.phase not in ("row", "fight"):
        return [f"that is not the next step; now: {prompt(state)}"]
    problems: list[str] = []
    for i, c in enumerate(cards):
        if c is None:
            continue
        try:
            check_card(c)
            if state.phase == "fight":
                check_playable(state, i, c)
            else:
                check_off_the_deck(state, c)
        except (IllegalAction, FightError) as exc:  # the tracker's words, or the deck's
            problems.append(str(exc))
    return problems


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
