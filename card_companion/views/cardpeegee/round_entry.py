"""A fight's score cards for one round, every fighter's as the cards drawn or as their total."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import CombatRound
from card_companion.companion.cardpeegee.choices import round_fighters
from card_companion.views.card_picker import CardSlots
from card_companion.views.cardpeegee.shared import (
    GAME_NAME,
    SMALL,
    attempt,
    note,
    number_field,
    number_or_refuse,
    present,
)
from card_companion.views.hooks import use_stable, use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.widgets import button, choice_buttons, message, tagged

Order = tuple[tuple[str, int, int, str | None], ...]
"""the fighters of a round: (name, Attack, score cards drawn, why fewer when fleeing)"""


def round_order(s, game) -> Order:
    """The fighters of the round in the fight's order: (name, Attack, score cards drawn, why
    fewer when fleeing). The score cards are counted as the draw will find the table: after
    the Glorious Revolution it brings first (an overthrown fighter's played spades are gone)."""
    return tuple((f.name, f.attack, k, why) for f, k, why in round_fighters(s))


@ft.memo
@ft.component
def RoundEntry(table, order: Order, number: int, after: tuple[ft.Control, ...] = ()) -> ft.Control:
    """Every fighter's score cards for the round, in the fight's order (``round_order``): as
    the cards drawn (one per point of Deal) or as their total. Drawn again when the round or
    its fighters change, or at a step while something is entered (its state starts again).
    ``after``: what follows it in the encounter's panel (under its submit: ``Mode.show``)."""
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    modes, set_modes = use_step_state(table, dict)  # position → "total"
    totals, set_totals = use_step_state(table, dict)
    entered, set_entered = use_step_state(table, dict)  # position → the cards entered (kept across a mode change)
    problem, set_problem = use_step_state(table, None)
    by_cards = [i for i in range(len(order)) if modes.get(i) != "total"]
    labels, owners = card_places(order, by_cards)

    def changed(values: Sequence[Card | None]) -> None:
        new: dict[int, list[Card | None]] = {i: [] for i in by_cards}
        for i, c in zip(owners, values):
            new[i].append(c)
        set_entered({**entered, **new})

    initial = [c for i in by_cards for c in entered.get(i, [None] * order[i][2])]

    def set_mode(i: int, value: str) -> None:
        set_modes({**modes, i: value})

    def set_total(i: int, value: str) -> None:
        set_totals({**totals, i: value})

    def resolve(cards: Sequence[Card] = ()) -> None:
        attempt(table, lambda: CombatRound(scores=scores(order, modes, totals, cards)), set_problem)

    rows: list[ft.Control | None] = [
        note(f"Every fighter draws one score card per point of Deal; score = Attack + the cards. Enter them in "
             f"order{': ' + ', then '.join(name for name, _, _, _ in order) if len(order) > 1 else ''}."),
    ]
    # (a button's handler gets the click event after the value: it is not wanted here)
    on_mode, on_total = use_stable(lambda i, value, *_: set_mode(i, value)), use_stable(set_total)
    rows += [ScoreRow(i, name, attack, k, why, modes.get(i, "cards"), totals.get(i, ""), on_mode, on_total)
             for i, (name, attack, k, why) in enumerate(order)]
    if labels:
        rows.append(CardSlots(game.deck(s.setup), labels, resolve, known=game.known_cards(s),
                              submit=f"Resolve round {number}", ident="score", game_name=GAME_NAME,
                              on_change=changed, initial=initial, key="score-" + "-".join(map(str, by_cards)),
                              fresh=len(table.session.actions), keyboard=table.keyboard,
                              reach="score", after=[message(problem, "score-problem"), *after]))  # under the odds
    else:
        rows += [button(f"Resolve round {number}", lambda: resolve(()), "score-submit", icon=ft.Icons.CHECK),
                 message(problem, "score-problem"), *after]
    return tagged("round-entry", ft.Column([r for r in rows if r is not None], spacing=8, tight=True))


def card_places(order: Order, by_cards: Sequence[int]) -> tuple[list[str], list[int]]:
    """The places of the fighters whose score cards are entered as cards: each card's label
    ("Hero 1", "Hero 2"...) and the position of the fighter it belongs to."""
    labels: list[str] = []
    owners: list[int] = []
    for i in by_cards:
        name, _, k, _ = order[i]
        short = name.removeprefix("the ")
        labels += [f"{short} {j + 1}" for j in range(k)]
        owners += [i] * k
    return labels, owners


def scores(order: Order, modes: dict[int, str], totals: dict[int, str],
           cards: Sequence[Card]) -> tuple[int | tuple[Card, ...], ...]:
    """The round's scores in the fight's order: a fighter's total, or the cards they drew (the
    cards entered, in the places' order); a missing total is refused in a sentence."""
    out: list[int | tuple[Card, ...]] = []
    drawn = iter(cards)
    for i, (name, _, k, _) in enumerate(order):
        if modes.get(i) == "total":
            out.append(number_or_refuse(totals.get(i), f"enter the total of {name}'s score cards (a whole number)"))
        else:
            out.append(tuple(next(drawn) for _ in range(k)))
    return tuple(out)


@ft.memo
@ft.component
def ScoreRow(i: int, name: str, attack: int, k: int, why: str | None, mode: str, total: str, on_mode: Callable,
             on_total: Callable) -> ft.Control:
    """One fighter's line of the round: how many score cards they draw, entered as cards or as
    their total (drawn again only when it changes)."""
    return ft.Column(present(
        ft.Row([
            ft.Text(f"{name}: Attack {attack}, draws {plural(k, 'score card')}", weight=ft.FontWeight.BOLD,
                    expand=True),
            *choice_buttons([("cards", "Cards"), ("total", "Total")], mode, functools.partial(on_mode, i),
                            f"score-mode-{i}"),
        ], spacing=6),
        note(f"Fleeing: {why}", size=SMALL, italic=True) if why else None,
        number_field(f"score-total-{i}", f"{name}'s total", total, functools.partial(on_total, i))
        if mode == "total" else None,
    ), spacing=4, tight=True)
