"""FIGHT!'s ROUNDS AND TURNS, a turn (steps I to V): on "Ready, set, FIGHT!" both players
play a card; the moves decide it (MOVE CARDS); the winner collects a card into their victory
pile (TIE BREAKER CARD) and picks from the row while the loser draws face down; two defence
cards are both discarded and both players pick from the row."""

from __future__ import annotations

from typing import Literal, cast

from card_companion.calculators.fight import GAME as GAME_NAME
from card_companion.calculators.fight import (
    ROUND_POINTS,
    Turn,
    check_card,
    place_won_card,
    resolve_turn,
    tie_breaker_holder,
    victory_points,
)
from card_companion.companion.fight.actions import Fight
from card_companion.companion.fight.checks import check_playable, count, expect
from card_companion.companion.fight.state import PLAYERS, FightState, TurnRecord
from card_companion.companion.fight.winning import depleted, end_round, round_tail
from card_companion.companion.game import Applied, IllegalAction


def fight(s: FightState, a: Fight) -> Applied:
    """The two cards played: who wins the turn and what follows, or a tie for the coin."""
    after = play_turn(s, a)
    n = s.name
    first, second = a.cards
    turn = after.last_turn
    assert turn is not None  # play_turn records the turn
    text = f"Turn {turn.number}: {n(0)} plays {first.symbol}, {n(1)} plays {second.symbol} → "
    result = turn.result
    if result.outcome == "coin-flip-needed":
        return Applied(after, text + "a tie of two attack cards and nobody holds the Tie Breaker: flip a coin")
    if result.outcome == "both-discard":
        text += "two defence cards, both discarded"
        if after.phase == "pick":
            text += f"; {n(after.pickers[0])} picks first from the row"
        elif after.flip == "first-pick":
            text += "; nobody holds the Tie Breaker: flip a coin for who picks first"
        return Applied(after, text + round_tail(s, after))
    assert result.winner is not None  # the outcome left is a win
    return Applied(after, text + f"{n(result.winner)} wins" + turn_tail(s, after))


def play_turn(s: FightState, a: Fight) -> FightState:
    """The state after a turn: the cards played, the turn's result and what follows."""
    expect(s, "fight")
    first, second = a.cards
    check_card(first)
    check_card(second)
    if first == second:
        raise IllegalAction(
            f"both players cannot play {first.symbol}: a {GAME_NAME} deck has one of each card"
        )
    for p, c in enumerate(a.cards):
        check_playable(s, p, c)
    # two piles: the holder is player 0, player 1 or nobody (tie_breaker_holder says int | None)
    tie_breaker = cast(Literal[0, 1] | None, tie_breaker_holder(s.piles))
    turn = Turn(cards=a.cards, tie_breaker=tie_breaker, cycle=s.setup.settings.cycle)
    result = resolve_turn(turn, s.names)
    players = tuple(
        pl.model_copy(update={"hand": pl.hand - 1, "face_up": tuple(x for x in pl.face_up if x != c)})
        for pl, c in zip(s.players, a.cards)
    )
    record = TurnRecord(round=s.round, number=s.turns + 1, cards=a.cards, result=result)
    s = s.model_copy(update={"players": players, "turns": s.turns + 1, "last_turn": record})
    if result.outcome == "coin-flip-needed":
        return s.model_copy(update={"phase": "coin-flip", "flip": "tie", "played": a.cards})
    if result.outcome == "win":
        return collect(s)
    # two defence cards: both discarded, both pick from the row
    s = s.model_copy(update={"discards": s.discards + result.discarded})
    if len(s.row) < PLAYERS:
        return depleted(s, f"both players had to pick from the row, which had {count(len(s.row), 'card')}")
    holder = tie_breaker_holder(s.piles)
    if holder is None:
        return s.model_copy(update={"phase": "coin-flip", "flip": "first-pick"})
    return s.model_copy(update={"phase": "pick", "pickers": (holder, 1 - holder)})


def collect(s: FightState) -> FightState:
    """The winner's card goes to their victory pile; then the round ends, or the draws."""
    record = s.last_turn
    assert record is not None  # a won turn is recorded before its card is collected
    result = record.result
    w = result.winner
    assert w is not None and result.collected is not None  # a won turn: its winner collects a card
    placement = place_won_card(s.piles, w, result.collected, s.names)
    players = tuple(pl.model_copy(update={"pile": pile}) for pl, pile in zip(s.players, placement.piles))
    s = s.model_copy(update={
        "players": players,
        "discards": s.discards + result.discarded,
        "last_turn": record.model_copy(update={"placement": placement}),
    })
    points = victory_points(s.players[w].pile)
    if points >= ROUND_POINTS:
        return end_round(s, w, "points", f"{s.name(w)} reached {points} victory points")
    loser = 1 - w
    if not s.row:
        return depleted(s, f"{s.name(w)} had to pick a face-up card and the row was empty")
    if s.deck == 0:
        return depleted(s, f"{s.name(loser)} had to draw from the deck and it was empty")
    s = s.with_player(loser, s.players[loser].model_copy(update={"hand": s.players[loser].hand + 1}))
    return s.model_copy(update={"deck": s.deck - 1, "phase": "pick", "pickers": (w,)})


_PLACED = {
    "first": " (face up: the Tie Breaker)",
    "top": " (face up on top: the new Tie Breaker)",
    "bottom": " (at the bottom of the pile)",
    "face-down": " (face down)",
}
"""where a won card went, in the line's words (taking the Tie Breaker names its new holder)"""


def turn_tail(before: FightState, after: FightState) -> str:
    """What happened after a turn was won: where the card went, the draw or the round's end."""
    turn = after.last_turn if after.last_turn else None
    text = ""
    if turn and turn.placement:
        w = turn.result.winner
        assert w is not None and turn.result.collected is not None  # a placed card is a won turn's
        text += f" and collects {turn.result.collected.symbol}"
        placed = turn.placement.placed
        text += (f" (face up: {before.name(w)} takes the Tie Breaker)" if placed == "takes-tie-breaker"
                 else _PLACED[placed])
    if after.phase == "pick" and after.round == before.round:
        w = after.pickers[0]
        text += f"; {before.name(1 - w)} draws from the deck, {before.name(w)} picks from the row"
    return text + round_tail(before, after)
