"""What Peace and Love's screens ask the tracker besides what may be entered (choices.py): the
deal's numbers, why a tap does nothing, who starts and why, who deals next, the random pick
among players tied to start, and the score as it stands."""

from __future__ import annotations

import random
from dataclasses import dataclass

from card_companion.calculators.peace_and_love import decks_for, pile_total
from card_companion.companion.game import IllegalAction
from card_companion.companion.peace_and_love.actions import FirstPlayer
from card_companion.companion.peace_and_love.choices import Deals, legal_actions
from card_companion.companion.peace_and_love.deal import fighters_total
from card_companion.companion.peace_and_love.endings import scores
from card_companion.companion.peace_and_love.state import DEAL, PeaceAndLoveState


def deal_counts(players: int) -> tuple[int, int, int]:
    """Before the game starts: (packs shuffled together, cards in all, cards left in the
    deck after the deal of 5 in hand and 3 fighters each)."""
    decks = decks_for(players)
    return decks, decks * 52, decks * 52 - DEAL * players


def tap_refusal(state: PeaceAndLoveState, player: int, place: int, mode: str = "fight") -> str | None:
    """Why tapping this fighter does nothing now (None when the tap is allowed): the table
    says so instead of ignoring the tap."""
    if state.phase != "turn":
        return None
    fighter = state.players[player].fighters[place]
    if fighter is None:
        return None
    who, card = state.name(player), fighter.card.symbol
    if player == state.turn:
        if fighter.tapped:
            return f"{who}'s {card} is tapped: it cannot fight, retire or refresh until it is untapped"
        return None
    if mode != "fight":
        return f"it is {state.name(state.turn)}'s turn: tap one of {state.name(state.turn)}'s fighters"
    if fighter.tapped:
        return f"{who}'s {card} is tapped: a tapped fighter cannot be attacked or join a fight"
    return None


def starting_totals(state: PeaceAndLoveState) -> list[int | None]:
    """Each player's total of starting fighters (None until entered)."""
    # before any fight, every place of a dealt player holds a fighter
    return [fighters_total(p) if p.dealt else None for p in state.players]


def starting_line(state: PeaceAndLoveState) -> str | None:
    """Before the first turn is played: who starts and why, in players' words."""
    if state.phase != "turn" or state.turns != 0:
        return None
    p = state.turn
    total = starting_totals(state)[p]
    if len(state.tied_first) > 1:
        tied = " and ".join(state.name(q) for q in state.tied_first)
        return f"{state.name(p)} starts: picked at random among {tied}, tied for the lowest total ({total})"
    return f"{state.name(p)} starts: lowest total, {total}"


def next_to_deal(state: PeaceAndLoveState) -> int | None:
    """The first player, in seating order, whose fighters are not entered yet."""
    deals = Deals(state)
    return deals.players[0] if deals else None


def pick_first_player(state: PeaceAndLoveState, rng: random.Random) -> FirstPlayer:
    """Draw the random pick among the tied players (the action records it)."""
    picks = legal_actions(state).of_kind(FirstPlayer)
    if picks is None:
        raise IllegalAction("the first player is already known")
    pick: FirstPlayer = picks.sample(rng)
    return pick


@dataclass(frozen=True)
class Score:
    """A player's points (the cards' values added up) and how many cards make them."""

    points: int
    cards: int


@dataclass(frozen=True)
class ScoreBoard:
    """The score as the table shows it: each player's ``Score``; ``with_fighters``: the final
    score, where Anti Math Geek counts the fighters still in play in."""

    scores: tuple[Score, ...]
    with_fighters: bool = False


def victory_pile(state: PeaceAndLoveState, player: int) -> Score:
    """The points and cards in a player's victory pile."""
    pile = state.players[player].pile
    return Score(pile_total(pile), len(pile))


def score_board(state: PeaceAndLoveState) -> ScoreBoard:
    """The victory piles while the game goes on; once it is over, the final score (the one
    the result names: with Anti Math Geek, the fighters still in play counted in)."""
    if state.phase != "over":
        return ScoreBoard(tuple(victory_pile(state, i) for i in range(len(state.players))))
    return ScoreBoard(tuple(Score(points, cards) for points, cards in scores(state)),
                      state.setup.settings.anti_math_geek)
