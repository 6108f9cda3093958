"""CardPeeGee's played-cards calculator (the ask ``play``): what cards played together are
worth, with the player's active Jacks (a card played as another suit) and Aces, and their
element. Preloaded with the text's Ace example (5♣ 7♣ with A♣ active: 18)."""

from __future__ import annotations

from functools import partial

import flet as ft

from card_companion.calculators.cards import SUITS, Card, Deck, Rank
from card_companion.calculators.words import card_list
from card_companion.views.calculator.ruling import (
    Group,
    Ruling,
    RulingPanel,
    Slots,
    ask,
    check_deck,
    counter,
    group_labels,
    group_values,
    problem_note,
    segmented,
    slots_key,
    split_groups,
    switch,
    use_ruling,
)
from card_companion.views.hooks import FletKey, use_made, use_stable, use_text_scale

GAME_NAME = "CardPeeGee"
EXAMPLE = {"played": [Card.parse("5C"), Card.parse("7C")], "active": [Card.parse("AC")]}
ELEMENTS = [("none", "—")] + [(s.value, s.symbol) for s in SUITS]


def play_ruling(deck: Deck, played: list, active: list, element: str, conversions: dict,
                in_fight: bool) -> Ruling | None:
    if not played or None in played or None in active:
        return None
    check_deck(deck, [*played, *active])
    request = {"game": "cardpeegee", "ask": "play", "cards": [str(c) for c in played],
               "active": [str(c) for c in active], "element": None if element == "none" else element,
               "as": {str(c): x for c, x in conversions.items() if c in played}, "in_fight": in_fight}
    answer = ask(request)
    worth = [(s, answer["values"][s.value]) for s in SUITS if answer["values"][s.value]]
    parts = [f"{v}{s.symbol}" for s, v in worth]
    if answer["deal"]:
        parts.append(f"Deal +{answer['deal']}")
    headline = "Worth " + ", ".join(parts) if parts else "Worth nothing"
    figures = tuple((f"{s.symbol} {s.word}", str(v)) for s, v in worth)
    if answer["deal"]:
        figures += (("Deal", f"+{answer['deal']}"),)
    title = f"Played {card_list(played)}" + (f" with {card_list(active)} active" if active else "")
    return Ruling(title=title, headline=headline, lines=tuple(answer["explanation"]), answer=answer, figures=figures)


@ft.component
def PlayCalculator(deck: Deck, key: FletKey = None) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    sizes, set_sizes = use_made(lambda: {"played": 2, "active": 1})
    entered, set_entered = use_made(lambda: {k: list[Card | None](v) for k, v in EXAMPLE.items()})
    element, set_element = ft.use_state("none")
    in_fight, set_in_fight = ft.use_state(False)
    conversions, set_conversions = use_made(dict[Card, str])  # played card → the suit it is played as
    version, set_version = ft.use_state(0)
    groups = [Group("played", "Played", sizes["played"]), Group("active", "Active", sizes["active"])]
    values = group_values(groups, entered)
    got = split_groups(groups, values)
    played, active = got["played"], got["active"]
    shown = use_ruling(lambda: play_ruling(deck, played, active, element, conversions, in_fight))

    def resize(key: str, n: int) -> None:
        set_sizes({**sizes, key: n})

    def clear(_values: object) -> None:
        set_entered({})
        set_conversions({})
        set_version(version + 1)

    on_clear = use_stable(clear)
    on_change = use_stable(lambda v: set_entered(split_groups(groups, v)))

    def declare(c: Card, suit: str) -> None:
        new = {k: v for k, v in conversions.items() if k != c}
        if suit != "self":
            new[c] = suit
        set_conversions(new)

    rows: list[ft.Control | None] = [
        ft.Text("The cards a player plays together, and the Jacks and Aces they have active. An active Jack lets a "
                "card count as another suit (2 less); an active Ace adds half of its suit; the player's element 20 %."),
        counter("Cards played", sizes["played"], 1, 8, lambda n: resize("played", n), "played-size"),
        counter("Active Jacks and Aces", sizes["active"], 0, 8, lambda n: resize("active", n), "active-size"),
        segmented("element", "The player's element (— for none)", ELEMENTS, element, set_element),
        switch("in-fight", "In a fight", in_fight, set_in_fight, "A card played as a spade in a fight costs nothing."),
        Slots(deck, group_labels(groups), on_clear, submit="Clear the cards", ident="calc-slots", game_name=GAME_NAME,
              on_change=on_change, initial=values, key=slots_key(groups, version)),
        problem_note(shown),
    ]
    if any(c is not None and c.rank == Rank.JACK for c in active):
        seen: list[Card] = []
        for c in played:
            if c is None or c in seen or c.is_joker:
                continue
            seen.append(c)
            options = [("self", "itself")] + [(s.value, s.symbol) for s in SUITS if s != c.suit]
            rows.append(segmented(f"as-{c}", f"{c.symbol} counts as", options, conversions.get(c, "self"),
                                  partial(declare, c)))
    rows.append(RulingPanel(shown, GAME_NAME))
    return ft.Column([r for r in rows if r is not None], spacing=12)
