"""The results: the last turn, its two cards and why; the latest round, its last turn and
its piles; the rounds finished."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.fight import ROUND_POINTS
from card_companion.calculators.words import plural
from card_companion.companion.fight import FightState, TurnRecord, queries, winning
from card_companion.views.fight.names import Names, names_of
from card_companion.views.fight.players import pile_view
from card_companion.views.hooks import at_scale
from card_companion.views.widgets import card_face, explanation, section, tagged


def turn_title(names: Names, turn: TurnRecord) -> str:
    r = turn.result
    if r.outcome == "win":
        w, collected = r.winner, r.collected
        assert w is not None and collected is not None  # a turn won: its winner collected a card
        if turn.cards[w] == collected:
            text = f"{names[w]} wins with {collected.symbol} and collects it"
        else:
            text = f"{names[w]} wins and collects {names[1 - w]}'s {collected.symbol}"
        if turn.placement is not None:
            text += {
                "first": ": the Tie Breaker",
                "top": ", face up on top: the new Tie Breaker",
                "bottom": ", at the bottom of the pile",
                "face-down": ", face down",
                "takes-tie-breaker": f", face up: {names[w]} takes the Tie Breaker",
            }[turn.placement.placed]
        return text
    if r.outcome == "both-discard":
        return "No winner: both defence cards are discarded"
    return "A tie and nobody holds the Tie Breaker: a coin flip decides"


def turn_result_of(session, scale: float) -> tuple | None:
    s: FightState = session.state
    turn = queries.turn_result(s)
    if turn is None or s.phase in ("fight", "over"):
        return None
    return names_of(s), turn, scale


@ft.memo
@ft.component
def TurnResult(names: Names, turn: TurnRecord, scale: float) -> ft.Control:
    """The two cards of the turn, who won and which card was collected, and why."""
    at_scale(scale)
    r = turn.result
    title = f"Turn {turn.number}: {turn_title(names, turn)}"
    faces = []
    for i, c in enumerate(turn.cards):
        if c == r.collected and r.winner is not None:  # (a collected card has its winner)
            fate = f"→ {names[r.winner]}'s pile"
        elif c in r.discarded:
            fate = "discarded"
        else:
            fate = "waits for the coin"
        caption = names[i] + (" wins" if r.winner == i else "") + "\n" + fate
        faces.append(card_face(c, ident=f"played-{i}", width=60, selected=c == r.collected,
                               dimmed=c in r.discarded, caption=caption,
                               label=f"{names[i]} played {c.symbol}" + (", wins" if r.winner == i else "")
                               + f", {fate.replace('→ ', 'goes to ')}"))
    cards = ft.Row([faces[0], ft.Text("vs", size=18, weight=ft.FontWeight.BOLD), faces[1]],
                   alignment=ft.MainAxisAlignment.CENTER, spacing=18)
    return ft.Column([
        tagged("turn-cards", cards,
               label=f"{names[0]} {turn.cards[0].symbol} vs {names[1]} {turn.cards[1].symbol}"),
        explanation(turn.explanation, ident="turn-result", title=title),
    ], spacing=6, tight=True)


def last_turn_of(session) -> tuple | None:
    s: FightState = session.state
    turn = queries.turn_result(s)
    if turn is None:
        return None
    return names_of(s), turn


@ft.memo
@ft.component
def LastTurn(names: Names, turn: TurnRecord) -> ft.Control:
    """The last turn in one line, under the entry of the next one."""
    return tagged("last-turn", ft.Text(f"Last turn ({names[0]} {turn.cards[0].symbol}, {names[1]} "
                                       f"{turn.cards[1].symbol}) · {turn_title(names, turn)}", size=13,
                                       italic=True), label=f"Last turn: {turn_title(names, turn)}")


def round_result_of(session) -> tuple | None:
    """The latest finished round: who won it and why, the score."""
    s: FightState = session.state
    r = queries.last_round(s)
    if r is None:
        return None
    wins = winning.rounds_won(s)
    lines = [
        r.ended_by[:1].upper() + r.ended_by[1:] + ".",
        f"Victory points: {s.name(0)} {r.points[0]} – {s.name(1)} {r.points[1]} ({plural(r.turns, 'turn')}).",
        f"Rounds won: {s.name(0)} {wins[0]} – {s.name(1)} {wins[1]}.",
    ]
    if s.phase != "over":
        lines.append(f"Everything is reshuffled: round {s.round} starts like the first.")
    return "round-result", f"Round {r.number}: {s.name(r.winner)} wins", tuple(lines)


def round_last_turn_of(session) -> tuple | None:
    """The last turn of the latest finished round."""
    s: FightState = session.state
    r = queries.last_round(s)
    last = s.last_turn
    if r is None or last is None or last.round != r.number:
        return None
    return ("round-last-turn", f"Last turn of round {r.number}: {turn_title(names_of(s), last)}",
            tuple(last.explanation))


@ft.memo
@ft.component
def Explanation(ident: str, title: str, lines: tuple[str, ...]) -> ft.Control:
    return explanation(lines, ident=ident, title=title)


def round_piles_of(session, scale: float) -> tuple | None:
    s: FightState = session.state
    r = queries.last_round(s)
    if r is None or s.phase == "over":
        return None
    return r.number, names_of(s), r.piles, scale


@ft.memo
@ft.component
def RoundPiles(number: int, names: Names, piles: tuple, scale: float) -> ft.Control:
    """The piles the latest round ended with."""
    at_scale(scale)
    return section(f"Victory piles at the end of round {number}", [
        pile_view(names[i], piles[i], f"round-pile-{i}", named=True) for i in range(2)
    ], ident="round-piles")


def rounds_of(session) -> tuple | None:
    s: FightState = session.state
    if not s.rounds:
        return None
    return names_of(s), s.rounds, tuple(winning.rounds_won(s))


@ft.memo
@ft.component
def RoundsPanel(names: Names, rounds: tuple, wins: tuple[int, int]) -> ft.Control:
    rows = []
    for r in rounds:
        how = {"points": f"{ROUND_POINTS}+ victory points", "tie-breaker": "the deck ran out: Tie Breaker",
               "coin": "the deck ran out: coin flip"}[r.decided_by]
        text = (f"Round {r.number}: {names[r.winner]} · {names[0]} {r.points[0]} – "
                f"{names[1]} {r.points[1]} · {how}")
        rows.append(tagged(f"round-{r.number}", ft.Text(text), label=text))
    return section(f"Rounds: {names[0]} {wins[0]} – {names[1]} {wins[1]}", rows, ident="rounds")
