"""FIGHT!'s calculator: one turn (the ask ``turn``: two cards, who holds the Tie Breaker,
the cycle) and where the won card goes on the victory piles (the ask ``won-card``), given
the two piles' top cards; "Next turn" carries the piles' new tops forward."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import CYCLES, DECK, cycle_text
from card_companion.calculators.words import in_seats
from card_companion.views.calculator.ruling import (
    Ruling,
    RulingPanel,
    Slots,
    ask,
    check_deck,
    problem_note,
    segmented,
    use_ruling,
)
from card_companion.views.hooks import use_made, use_maybe, use_stable, use_text_scale

GAME_NAME = "FIGHT!"
SEATS = ("Player 1", "Player 2")
ROLES = ("first", "second", "tie-breaker", "other-top")
"""the places: each player's card, the Tie Breaker (the holder's face-up top card), the
other pile's top card (face down)"""

PLACED = {
    "first": "face up on {who}'s victory pile: the first card won this round, the Tie Breaker",
    "top": "face up on top of {who}'s victory pile: the new Tie Breaker",
    "bottom": "at the bottom of {who}'s victory pile",
    "face-down": "face down on {who}'s victory pile",
    "takes-tie-breaker": "face up on top of {who}'s victory pile: {who} takes the Tie Breaker",
}
"""the won-card ask's ``placed``, in words"""


def roles(holder: int | None, other_pile: bool) -> list[str]:
    out = ["first", "second"]
    if holder is not None:
        out.append("tie-breaker")
        if other_pile:
            out.append("other-top")
    return out


def labels(holder: int | None, other_pile: bool, seats=SEATS) -> list[str]:
    words = {"first": f"{seats[0]}'s card", "second": f"{seats[1]}'s card"}
    if holder is not None:
        words["tie-breaker"] = f"Tie Breaker: top of {seats[holder]}'s pile"
        words["other-top"] = f"Top of {seats[1 - holder]}'s pile (face down)"
    return [words[r] for r in roles(holder, other_pile)]


def piles(holder: int | None, entered: dict) -> list[list[dict]]:
    """The victory piles as far as the calculator knows them: their top cards."""
    out: list[list[dict]] = [[], []]
    if holder is not None:
        out[holder] = [{"card": str(entered["tie-breaker"]), "face_up": True}]
        if entered.get("other-top") is not None:
            out[1 - holder] = [{"card": str(entered["other-top"]), "face_up": False}]
    return out


def turn_ruling(cycle: str, holder: int | None, other_pile: bool, coin: int | None, entered: dict,
                seats=SEATS) -> Ruling | None:
    """The turn and the won card's place (None while a card is missing)."""
    cards = [entered.get(r) for r in roles(holder, other_pile)]
    if None in cards:
        return None
    check_deck(DECK, cards)
    first, second = entered["first"], entered["second"]
    turn = ask({"game": "fight", "ask": "turn", "cards": [str(first), str(second)], "tie_breaker": holder,
                "cycle": cycle, "coin": coin})
    lines = [in_seats(x, seats) for x in turn["explanation"]]
    title = f"{seats[0]} {first.symbol} against {seats[1]} {second.symbol}"
    figures: tuple[tuple[str, str], ...] = ()
    answer = {"turn": turn}
    if turn["outcome"] == "win":
        w = turn["winner"]
        won = ask({"game": "fight", "ask": "won-card", "piles": piles(holder, entered), "winner": w,
                   "card": turn["collected"]})
        answer["won-card"] = won
        lines += [in_seats(x, seats) for x in won["explanation"]]
        collected = next(c for c in (first, second) if str(c) == turn["collected"])
        headline = (f"{seats[w]} wins the turn and collects {collected.symbol}, "
                    + PLACED[won["placed"]].format(who=seats[w]))
        tb = next(c for c in (first, second, entered.get("tie-breaker"))
                  if c is not None and str(c) == won["tie_breaker"])
        figures = (("Tie Breaker now", f"{seats[won['holder']]}: {tb.symbol}"),)
    elif turn["outcome"] == "both-discard":
        headline = "Nobody wins the turn: both cards are discarded"
    else:
        headline = "A tie and nobody holds the Tie Breaker: flip a coin"
    return Ruling(title=title, headline=headline, lines=tuple(lines), answer=answer, figures=figures)


@ft.component
def FightCalculator(names: tuple[str, ...] = ()) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    seats = tuple(names) if len(names) == 2 else SEATS  # the open table's players, or Player 1 and 2
    cycle, set_cycle = use_made(lambda: CYCLES[0])
    holder, set_holder = use_maybe(int)
    other_pile, set_other_pile = ft.use_state(False)
    coin, set_coin = use_maybe(int)
    entered, set_entered = use_made(dict[str, Card | None])  # role → card
    version, set_version = ft.use_state(0)  # a new set of places
    turns, set_turns = ft.use_state(0)  # "Next turn" taps: a new turn starts without a ruling
    shown = use_ruling(lambda: turn_ruling(cycle, holder, other_pile, coin, entered, seats), fresh=turns)
    places = roles(holder, other_pile)

    def changed(values: list[Card | None]) -> None:
        set_entered({**entered, **dict(zip(places, values))})

    def choose_holder(value: str) -> None:
        set_holder(None if value == "nobody" else int(value))
        set_version(version + 1)

    def choose_other(value: str) -> None:
        set_other_pile(value == "card")
        set_version(version + 1)

    def next_turn(values: list[Card | None]) -> None:
        """The piles' new top cards after this turn; the two cards played are cleared."""
        r = shown.ruling
        if r is None or shown.stale or r.answer["turn"]["outcome"] == "coin-flip-needed":
            return
        won = r.answer.get("won-card")
        if won is not None:
            h, tops = piles_after(won, entered)
            set_holder(h)
            set_other_pile(tops["other-top"] is not None)
            set_entered(tops)
        else:
            set_entered({k: v for k, v in entered.items() if k not in ("first", "second")})
        set_coin(None)
        set_version(version + 1)
        set_turns(turns + 1)

    on_next, on_change = use_stable(next_turn), use_stable(changed)
    parts: list[ft.Control | None] = [
        segmented("cycle", "Which move beats which", [(c, c.capitalize()) for c in CYCLES], cycle, set_cycle),
        ft.Text(cycle_text(cycle), size=13, italic=True),
        *_pile_questions(seats, holder, other_pile, coin, choose_holder, choose_other,
                         lambda v: set_coin(None if v == "none" else int(v))),
        Slots(DECK, labels(holder, other_pile, seats), on_next, submit="Next turn: the piles as they are now",
              ident="calc-slots", game_name=GAME_NAME, on_change=on_change,
              initial=[entered.get(r) for r in places], key=f"slots-{version}-{'-'.join(places)}"),
        problem_note(shown),
        RulingPanel(shown, GAME_NAME),
    ]
    return ft.Column([p for p in parts if p is not None], spacing=12)


def piles_after(won: dict[str, Any], entered: dict[str, Card | None]) -> tuple[int, dict[str, Card | None]]:
    """Where the won card went: who holds the Tie Breaker now, and the piles' top cards (the
    Tie Breaker, the other pile's top) as the next turn's places."""
    by_name = {str(c): c for c in entered.values() if c is not None}
    h = won["holder"]
    tops = [pile[-1]["card"] if pile else None for pile in won["piles"]]
    return h, {"tie-breaker": by_name[tops[h]], "other-top": by_name[tops[1 - h]] if tops[1 - h] is not None else None}


def _pile_questions(seats: Sequence[str], holder: int | None, other_pile: bool, coin: int | None,
                    choose_holder: Callable[[str], None], choose_other: Callable[[str], None],
                    choose_coin: Callable[[str], None]) -> list[ft.Control | None]:
    """Who holds the Tie Breaker; then the other pile's top, or where a coin flip went."""
    return [
        segmented("holder", "Who holds the Tie Breaker?", [("nobody", "Nobody"), ("0", seats[0]), ("1", seats[1])],
                  "nobody" if holder is None else str(holder), choose_holder),
        ft.Text("Nobody: no card is won yet this round. The Tie Breaker is the face-up card on top of its "
                "holder's victory pile.", size=13, italic=True) if holder is None else None,
        segmented("other-pile", f"{seats[1 - holder]}'s victory pile", [("empty", "Empty"), ("card", "A card on top")],
                  "card" if other_pile else "empty", choose_other) if holder is not None else None,
        segmented("coin", "If a coin flip is needed, it goes to", [("none", "Not flipped"), ("0", seats[0]),
                                                                   ("1", seats[1])],
                  "none" if coin is None else str(coin), choose_coin)
        if holder is None else None,
    ]
