"""FIGHT!'s WINNING CONDITIONS: a round ends when a player reaches 13 victory points, or when
a card must be drawn and none can be (the Tie Breaker holder wins it, a coin if nobody holds
it); the first to win 2 rounds wins the FIGHT!"""

from __future__ import annotations

from card_companion.calculators.fight import ROUNDS_TO_WIN, cycle_text, tie_breaker_holder, victory_points
from card_companion.companion.fight.state import DecidedBy, FightState, RoundRecord
from card_companion.companion.game import Outcome, Standing, first_or_second


def end_round(s: FightState, winner: int, decided_by: DecidedBy, why: str) -> FightState:
    """The round goes to ``winner``: the FIGHT! is over, or everything is reshuffled into the
    deck and a new round begins."""
    record = RoundRecord(
        number=s.round,
        winner=winner,
        points=(victory_points(s.players[0].pile), victory_points(s.players[1].pile)),
        piles=s.piles,
        turns=s.turns,
        decided_by=decided_by,
        ended_by=why,
    )
    rounds = s.rounds + (record,)
    if sum(1 for r in rounds if r.winner == winner) >= ROUNDS_TO_WIN:
        return s.model_copy(update={"rounds": rounds, "phase": "over", "pickers": (), "flip": None})
    # everything is reshuffled into the deck and a new round begins
    return FightState(setup=s.setup, round=s.round + 1, rounds=rounds, last_turn=s.last_turn)


def depleted(s: FightState, why: str) -> FightState:
    """A draw found no card: the Tie Breaker holder wins the round (a coin flip if nobody)."""
    holder = tie_breaker_holder(s.piles)
    if holder is None:
        return s.model_copy(update={"phase": "coin-flip", "flip": "round", "pickers": (), "ending": why})
    return end_round(s, holder, "tie-breaker", f"{why}; {s.name(holder)} held the Tie Breaker")


def rounds_won(state: FightState) -> tuple[int, int]:
    return (sum(1 for r in state.rounds if r.winner == 0), sum(1 for r in state.rounds if r.winner == 1))


def round_tail(before: FightState, after: FightState) -> str:
    """What a step's line adds when it ended the round (or left its winner to a coin)."""
    if len(after.rounds) > len(before.rounds):
        r = after.rounds[-1]
        wins = rounds_won(after)
        score = f"{before.name(0)} {wins[0]} – {before.name(1)} {wins[1]}"
        text = f"; {r.ended_by}: {before.name(r.winner)} wins round {r.number} ({score})"
        if after.phase == "over":
            text += f"; {before.name(r.winner)} wins the FIGHT!"
        return text
    if after.flip == "round" and before.flip != "round":
        return f"; the round ends: {after.ending}; nobody holds the Tie Breaker: flip a coin"
    return ""


def outcome(state: FightState) -> Outcome | None:
    """Who won the FIGHT! and each round's result; None while it goes on."""
    if state.phase != "over":
        return None
    wins = rounds_won(state)
    cycle = state.setup.settings.cycle
    w = 0 if wins[0] > wins[1] else 1
    details = tuple(_round_line(state, r) for r in state.rounds)
    return Outcome(
        winners=(w,),
        headline=f"{state.name(w)} wins {rounds_to(wins[w], wins[1 - w])}",
        details=details + (f"Moves: {cycle_text(cycle)} ({cycle} cycle)",),
    )


def rounds_to(won: int, lost: int) -> str:
    """The rounds a FIGHT! was won by, without the game's name (every place that says the
    headline names the game already: "FIGHT!: Bea wins 2 rounds to 1").

    >>> rounds_to(2, 1), rounds_to(2, 0)
    ('2 rounds to 1', '2 rounds to 0')
    """
    return f"{won} rounds to {lost}"


def _round_line(s: FightState, r: RoundRecord) -> str:
    return (f"Round {r.number}: {s.name(r.winner)} wins, {s.name(0)} {r.points[0]} – "
            f"{s.name(1)} {r.points[1]} victory points ({r.ended_by})")


def standing(state: FightState, outcome: Outcome) -> Standing:
    """"The first fighter to win 2 rounds wins the FIGHT!": the figure is rounds won, the winner
    first, the other second (a FIGHT! has no tie)."""
    return first_or_second(tuple(rounds_won(state)), outcome.winners)
