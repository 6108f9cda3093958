"""What Card Stratego's screen asks the tracker besides what may be entered (that is
choices.py's ``legal_actions``): where a player's cards are, the card at a place, the cards a
picker offers, why the turn has its actions, why a Jack's rearrangement is refused, and a
Drain's random pick."""

from __future__ import annotations

import random

from card_companion.calculators.card_stratego import ARMIES, COLUMNS
from card_companion.calculators.cards import Deck, Rank, RulesError
from card_companion.calculators.words import plural
from card_companion.companion.card_stratego.actions import is_line
from card_companion.companion.card_stratego.choices import drain_from
from card_companion.companion.card_stratego.special_cards import rearranged
from card_companion.companion.card_stratego.state import CardStrategoState, InPlay, Place
from card_companion.companion.game import IllegalAction


def counts(state: CardStrategoState, player: int) -> dict[str, int]:
    """Where a player's 27 cards are: deck, hand, battlefield, discard (sums to 27)."""
    a = state.armies[player]
    return {"deck": a.deck, "hand": a.hand, "battlefield": a.in_play, "discard": len(a.discard)}


def is_general(state: CardStrategoState, player: int) -> bool:
    return state.armies[player].is_general


def allowance_reason(state: CardStrategoState) -> str:
    """Why this turn has the actions it has, in the rule's words."""
    if state.turn_number == 1:
        return "the first turn of the game has 1 action"
    if state.turn_number == 2:
        return "the other player's first turn has 2 actions"
    return f"cards in {plural(state.start_columns, 'column')} at the start of the turn: {state.allotted} actions"


def card_at(state: CardStrategoState, place: Place) -> InPlay | None:
    """The card at a place (face down: ``card`` is None), None if the place is empty."""
    col = state.armies[place.player].columns[place.column]
    return col[place.position] if place.position < len(col) else None


def rearrangement_refusal(state: CardStrategoState, player: int, line: str, index: int,
                          order: tuple[int, ...]) -> str | None:
    """Why a Jack cannot give this line this order (see JackRearrange.order), in words;
    None when it can (the Jack itself aside)."""
    if player not in (0, 1) or not is_line(line) or not 0 <= index < COLUMNS:
        return "choose a row or a column of one player's cards"
    try:
        rearranged(state, player, line, index, tuple(order))
    except (IllegalAction, RulesError) as exc:  # the tracker's refusal or the board's
        return str(exc)
    return None


def entry_deck(state: CardStrategoState, player: int, standing: bool = True) -> Deck:
    """The cards the picker offers for one of the player's cards: the army, and for a card
    in play (``standing``) without its Jacks and Joker, which never stand there."""
    army = ARMIES[state.armies[player].colour]
    if not standing:
        return army
    return Deck(ranks=tuple(r for r in army.ranks if r != Rank.JACK), suits=army.suits, jokers=0)


def drain_pick(state: CardStrategoState, rng: random.Random) -> int | None:
    """A Drain from the opponent's hand: the position of the card to discard, drawn at
    random (1 = the first card as the opponent holds the hand out face down), for
    Drain.pick. None when the Drain takes the top card of the deck or is not possible."""
    if drain_from(state) != "hand":
        return None
    return rng.randint(1, state.armies[1 - state.turn].hand)
