"""PC War's calculator: a flip (the ask ``flip``) and the trade-and-war walk-through (the
ask ``trade-and-war``): from the counts of hands and piles at a tie, what each player lays
and picks up, and with the war's face-up cards who takes the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.pc_war import BLANK_CHOICES, JOKER_CHOICES, BlankCard, deck_for, order_text
from card_companion.calculators.words import in_seats, plural
from card_companion.views.calculator.ruling import (
    Ruling,
    RulingPanel,
    Slots,
    ask,
    check_deck,
    problem_note,
    segmented,
    switch,
    use_ruling,
    whole_number,
)
from card_companion.views.hooks import Setter, use_made, use_stable, use_text_scale
from card_companion.views.widgets import TOUCH_FIELD, button, tagged

GAME_NAME = "Non-Violent, Politically-Correct War"
SEATS = ("Player 1", "Player 2")
COUNTS = ("hand-0", "hand-1", "pile-0", "pile-1", "table")
START = {"hand-0": "10", "hand-1": "2", "pile-0": "3", "pile-1": "5", "table": "2"}
"""a tie where one hand runs out while laying: the walk-through a newcomer sees first"""


def flip_ruling(jokers: int, cards: list, seats=SEATS, blank: BlankCard = "none") -> Ruling | None:
    if None in cards:
        return None
    check_deck(deck_for(jokers, blank), cards)
    answer = ask({"game": "pc-war", "ask": "flip", "cards": [str(c) for c in cards], "blank_card": blank})
    t = answer["takes"]
    headline = ("A tie: trade and war" if t is None
                else f"{seats[t]}'s card is higher: {seats[t]} takes both cards")
    return Ruling(title=f"{seats[0]} {cards[0].symbol} against {seats[1]} {cards[1].symbol}", headline=headline,
                  lines=tuple(in_seats(x, seats) for x in answer["explanation"]), answer=answer)


def war_ruling(counts: dict[str, str], at_once: bool, jokers: int, cards: list, seats=SEATS,
               blank: BlankCard = "none") -> Ruling:
    words = {"hand-0": f"{seats[0]}'s hand", "hand-1": f"{seats[1]}'s hand", "pile-0": f"{seats[0]}'s pile",
             "pile-1": f"{seats[1]}'s pile", "table": "the table"}
    n = {k: whole_number(counts[k], words[k]) for k in COUNTS}
    given = None not in cards
    if given:
        check_deck(deck_for(jokers, blank), cards)
    request = {"game": "pc-war", "ask": "trade-and-war", "hands": [n["hand-0"], n["hand-1"]],
               "piles": [n["pile-0"], n["pile-1"]], "table": n["table"], "last_card_wins_at_once": at_once,
               "blank_card": blank}
    if given:
        request["cards"] = [str(c) for c in cards]
    answer = ask(request)
    out, t = answer["out"], answer["takes"]
    on_table = n["table"] + answer["laid"]
    if out:
        who = " and ".join(seats[i] for i in out)
        one = len(out) == 1
        headline = f"{who} {'has' if one else 'have'} run out of cards and {'wins' if one else 'share the win'}"
    elif answer["war_again"]:
        headline = "A tie in the war: swap hands and lay again"
    elif t is not None:
        headline = f"{seats[t]}'s card is higher: {seats[t]} takes all {plural(on_table, 'card')}"
    else:
        headline = f"{plural(on_table, 'card')} on the table: turn up the face-up cards"
    figures: list[tuple[str, str]] = []
    for i, lay in enumerate(answer["lays"] or ()):
        text = f"{lay['down']} down, {lay['up']} up"
        if lay["picked_up"]:
            text += f", picks up {lay['picked_up']}"
        figures.append((f"{seats[i]} lays", text))
    for i in (0, 1):
        picked = f", picks up {answer['picked_up'][i]}" if answer["picked_up"][i] else ""
        figures.append((f"{seats[i]} then", f"hand {answer['hands'][i]}, pile {answer['piles'][i]}{picked}"))
    if answer["table"]:
        figures.append(("On the table", str(answer["table"])))
    title = (f"At the tie: {seats[0]} hand {n['hand-0']}, pile {n['pile-0']}; {seats[1]} hand {n['hand-1']}, "
             f"pile {n['pile-1']}; {n['table']} on the table")
    if given:
        title += f"; war cards {cards[0].symbol} and {cards[1].symbol}"
    return Ruling(title=title, headline=headline, lines=tuple(in_seats(x, seats) for x in answer["explanation"]),
                  answer=answer, figures=tuple(figures))


def count_field(key: str, label: str, start: str, on_change: Callable[[str, str], None]) -> ft.Control:
    """A count the thumb types. Its value is only the starting count (a late render must never
    put an old number back under the thumb); a new start comes with a new key."""
    return tagged(f"count-{key}", ft.TextField(
        label=label, value=start, keyboard_type=ft.KeyboardType.NUMBER, **TOUCH_FIELD, expand=True,
        on_change=lambda e: on_change(key, e.data if isinstance(e.data, str) else e.control.value),
    ), label=label)


@dataclass(frozen=True)
class Entry:
    """What the calculator holds: the mode, the deck, the flip's cards, the war's counts and
    cards. Every change replaces it (each handler an updater: fast typing fires before the
    next render)."""

    mode: str = "flip"
    jokers: int = 1
    blank: BlankCard = "none"
    """the blank card: not in the deck, or the strongest or weakest"""
    flip_cards: list[Card | None] = field(default_factory=lambda: [None, None])
    counts: dict[str, str] = field(default_factory=lambda: dict(START))
    start: dict[str, str] = field(default_factory=lambda: dict(START))
    """what the count fields start from"""
    at_once: bool = False
    war_cards: list[Card | None] = field(default_factory=lambda: [None, None])
    version: int = 0
    """a new set of places or counts"""

    def with_mode(self, mode: str) -> Entry:
        return replace(self, mode=mode, version=self.version + 1)

    def cleared(self) -> Entry:
        """No card entered in the mode's places."""
        if self.mode == "flip":
            return replace(self, flip_cards=[None, None], version=self.version + 1)
        return replace(self, war_cards=[None, None], version=self.version + 1)

    def to_war(self) -> Entry:
        """From a tied flip to the war, with 2 cards on the table."""
        counts = {**self.counts, "table": "2"}
        return replace(self, counts=counts, start=counts, war_cards=[None, None]).with_mode("war")

    def again(self, counts: dict[str, str]) -> Entry:
        """A tie in the war: the whole procedure again, from the counts it left."""
        return replace(self, counts=counts, start=counts).cleared()

    def typed(self, key: str, value: str) -> Entry:
        return replace(self, counts={**self.counts, key: value})


def counts_after(answer: dict[str, Any]) -> dict[str, str]:
    """The counts a war leaves, for the same war again."""
    return {"hand-0": str(answer["hands"][0]), "hand-1": str(answer["hands"][1]), "pile-0": str(answer["piles"][0]),
            "pile-1": str(answer["piles"][1]), "table": str(answer["table"])}


@ft.component
def PCWarCalculator(names: tuple[str, ...] = ()) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    seats = tuple(names) if len(names) == 2 else SEATS  # the open table's players, or Player 1 and 2
    entry, set_entry = use_made(Entry)
    shown = use_ruling(lambda: flip_ruling(entry.jokers, entry.flip_cards, seats, entry.blank) if entry.mode == "flip"
                       else war_ruling(entry.counts, entry.at_once, entry.jokers, entry.war_cards, seats, entry.blank),
                       fresh=(entry.mode, entry.version))
    deck = deck_for(entry.jokers, entry.blank)
    r = shown.ruling if not shown.stale else None

    def change(how: Callable[[Entry], Entry]) -> Callable[..., None]:
        """A handler that changes the entry (an updater, so taps in one frame all count)."""
        return lambda *_: set_entry(how)

    on_clear = use_stable(change(Entry.cleared))
    on_flip = use_stable(lambda values: set_entry(lambda e: replace(e, flip_cards=values)))
    on_war = use_stable(lambda values: set_entry(lambda e: replace(e, war_cards=values)))
    parts: list[ft.Control | None] = _options(entry, set_entry)
    if entry.mode == "flip":
        parts += [
            ft.Text(f"Both players turn their top card face up: the higher card takes both "
                    f"({order_text(entry.blank)})."),
            Slots(deck, list(seats), on_clear, submit="New flip", ident="calc-slots", game_name=GAME_NAME,
                  on_change=on_flip, initial=entry.flip_cards, key=f"flip-{entry.version}"),
            problem_note(shown),
        ]
        if r is not None and r.answer["war"]:
            parts.append(button("Walk through the trade and war", change(Entry.to_war), "to-war",
                                icon=ft.Icons.SWAP_HORIZ))
    else:
        parts += [
            *_war_counts(entry, seats, lambda k, v: set_entry(lambda e: e.typed(k, v))),
            switch("at-once", "Last card wins at once", entry.at_once,
                   lambda v: set_entry(lambda e: replace(e, at_once=v)),
                   "A player who lays their last card wins at once, even in a war."),
            ft.Text("Then the war's face-up cards (leave them out to see what each lays):", size=13),
            Slots(deck, [f"{seats[0]}'s face-up card", f"{seats[1]}'s face-up card"], on_clear,
                  submit="Clear the war cards", ident="calc-slots", game_name=GAME_NAME,
                  on_change=on_war, initial=entry.war_cards, key=f"war-{entry.version}"),
            problem_note(shown),
        ]
        if r is not None and r.answer["war_again"]:
            after = counts_after(r.answer)
            parts.append(button("Swap and lay again", change(lambda e: e.again(after)), "war-again",
                                icon=ft.Icons.REPLAY))
    parts.append(RulingPanel(shown, GAME_NAME))
    return ft.Column([p for p in parts if p is not None], spacing=12)


def _options(entry: Entry, set_entry: Setter[Entry]) -> list[ft.Control | None]:
    """The mode (a flip, or the trade and war) and the deck (its Jokers, the blank card)."""
    return [
        segmented("mode", None, [("flip", "A flip"), ("war", "Trade and war")], entry.mode,
                  lambda v: set_entry(lambda e: e.with_mode(v))),
        segmented("jokers", None, [(str(j), plural(j, "Joker")) for j in JOKER_CHOICES], str(entry.jokers),
                  lambda v: set_entry(lambda e: replace(e, jokers=int(v)))),
        segmented("blank", None, [(b, "No blank" if b == "none" else f"Blank {b}") for b in BLANK_CHOICES],
                  entry.blank, lambda v: set_entry(lambda e: replace(e, blank=v))),
    ]


def _war_counts(entry: Entry, seats: Sequence[str], typed: Callable[[str, str], None]) -> list[ft.Control]:
    """At a tie: each player's hand and face-up pile, and the cards on the table."""
    start, version = entry.start, entry.version
    return [
        ft.Text("At a tie: how many cards each player has in hand (the tied cards already laid) and in the "
                "face-up pile, and how many lie on the table."),
        ft.Row([count_field("hand-0", f"{seats[0]}: hand", start["hand-0"], typed),
                count_field("hand-1", f"{seats[1]}: hand", start["hand-1"], typed)], spacing=8,
               key=f"hands-{version}"),
        ft.Row([count_field("pile-0", f"{seats[0]}: pile", start["pile-0"], typed),
                count_field("pile-1", f"{seats[1]}: pile", start["pile-1"], typed)], spacing=8,
               key=f"piles-{version}"),
        ft.Row([count_field("table", "On the table", start["table"], typed)], spacing=8, key=f"table-{version}"),
    ]
