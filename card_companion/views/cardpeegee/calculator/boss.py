"""CardPeeGee's Boss stack calculator (the ask ``boss-stack``): every face card of the stack
is a Boss with its HP, Attack and Deal. Preloaded with the text's own example stack."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.words import card_list, names, plural
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
    slots_key,
    split_groups,
    switch,
    use_ruling,
)
from card_companion.views.hooks import FletKey, use_made, use_stable, use_text_scale

GAME_NAME = "CardPeeGee"
EXAMPLE = [Card.parse(c) for c in ("QH", "KS", "7C", "4D")]
"""the rule text's example stack: Queen HP 10, Attack 17, Deal 4; King HP 20, Attack 17, Deal 3"""
MOST = 12


def boss_ruling(deck: Deck, stack: list, super_powers: bool) -> Ruling | None:
    if not stack or None in stack:
        return None
    check_deck(deck, stack)
    answer = ask({"game": "cardpeegee", "ask": "boss-stack", "cards": [str(c) for c in stack],
                  "super_powers": super_powers})
    by_name = {str(c): c for c in stack}
    bosses = [(by_name[b["card"]], b) for b in answer["bosses"]]
    headline = f"{plural(len(bosses), 'Boss')}: {names([c.symbol for c, _ in bosses])}"
    figures = tuple((f"{c.rank.word} {c.symbol}", f"HP {b['hp']} · Attack {b['attack']} · Deal {b['deal']}")
                    for c, b in bosses)
    return Ruling(title=f"Boss stack {card_list(stack)}", headline=headline, lines=tuple(answer["explanation"]),
                  answer=answer, figures=figures)


@ft.component
def BossStackCalculator(deck: Deck, key: FletKey = None) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    size, set_size = ft.use_state(len(EXAMPLE))
    entered, set_entered = use_made(lambda: {"stack": list[Card | None](EXAMPLE)})
    super_powers, set_super_powers = ft.use_state(False)
    version, set_version = ft.use_state(0)
    groups = [Group("stack", "Card", size)]
    stack = group_values(groups, entered)
    shown = use_ruling(lambda: boss_ruling(deck, stack, super_powers))

    def clear(_values: object) -> None:
        set_entered({})
        set_version(version + 1)

    on_clear = use_stable(clear)
    on_change = use_stable(lambda values: set_entered(split_groups(groups, values)))

    return ft.Column([c for c in [
        ft.Text("The Boss stack: the face-up agitator and its props. Every face card is a Boss; every card of the "
                "stack is a prop of every Boss but itself. The text's own example is entered: change any card."),
        counter("Cards in the stack", size, 1, MOST, set_size, "stack-size"),
        switch("super-powers", "Boss super powers", super_powers, set_super_powers,
               "Each Jack in the stack gives every Boss +2 Attack."),
        Slots(deck, group_labels(groups), on_clear, submit="Clear the stack", ident="calc-slots", game_name=GAME_NAME,
              on_change=on_change, initial=stack, key=slots_key(groups, version)),
        problem_note(shown),
        RulingPanel(shown, GAME_NAME),
    ] if c is not None], spacing=12)
