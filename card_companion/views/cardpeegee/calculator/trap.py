"""CardPeeGee's Trap calculator (the ask ``trap``): a Trap's difficulty and damage from its
agitator and props, and the HP the Hero's evasion draw (cards or their total) leaves to lose."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.cards import Card, Deck
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
    use_ruling,
    whole_number,
)
from card_companion.views.cardpeegee.calculator.combat import number
from card_companion.views.hooks import FletKey, use_made, use_stable, use_text_scale

GAME_NAME = "CardPeeGee"


def groups_for(props: int, mode: str, draws: int) -> list[Group]:
    groups = [Group("agitator", "Agitator", 1), Group("props", "Prop", props)]
    if mode == "cards":
        groups.append(Group("evasion", "Evasion card", draws))
    return groups


def trap_ruling(deck: Deck, got: dict, mode: str, total: str) -> Ruling | None:
    agitator, props = got["agitator"][0], got["props"]
    evasion = got.get("evasion", [])
    if agitator is None or None in props or None in evasion:
        return None
    check_deck(deck, [agitator, *props, *evasion])
    drawn = [str(c) for c in evasion] if mode == "cards" else whole_number(total, "The evasion total")
    a = ask({"game": "cardpeegee", "ask": "trap", "agitator": str(agitator), "props": [str(c) for c in props],
             "evasion": drawn})
    loss = a["hp_loss"]
    headline = (f"Difficulty {a['difficulty']}, evasion {a['evasion']}: "
                + (f"the Hero loses {loss} HP" if loss else "the Hero takes no damage"))
    figures = (("Difficulty", str(a["difficulty"])), ("Damage", str(a["damage"])), ("Evasion", str(a["evasion"])),
               ("HP lost", str(loss)))
    return Ruling(title=f"Trap {agitator.symbol}, props {card_list(props)}", headline=headline,
                  lines=tuple(a["explanation"]), answer=a, figures=figures)


@ft.component
def TrapCalculator(deck: Deck, key: FletKey = None) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    props, set_props = ft.use_state(2)
    mode, set_mode = ft.use_state("cards")
    draws, set_draws = ft.use_state(3)
    total, set_total = ft.use_state("0")
    entered, set_entered = use_made(dict[str, list[Card | None]])
    version, set_version = ft.use_state(0)
    groups = groups_for(props, mode, draws)
    values = group_values(groups, entered)
    got = split_groups(groups, values)
    shown = use_ruling(lambda: trap_ruling(deck, got, mode, total))

    def clear(_values) -> None:
        set_entered({})
        set_version(version + 1)

    on_clear = use_stable(clear)
    on_change = use_stable(lambda v: set_entered({**entered, **split_groups(groups, v)}))

    rows: list[ft.Control | None] = [
        ft.Text("The agitator (a spade) and its props: difficulty = agitator + spade props + half the diamond "
                "props; damage = agitator + club props + half the heart props. The Hero draws one evasion card "
                "per point of Deal."),
        counter("Props", props, 0, 10, set_props, "props-size"),
        segmented("evasion-mode", "The evasion draw", [("cards", "The cards"), ("total", "Their total")], mode,
                  set_mode),
        counter("Evasion cards drawn", draws, 1, 12, set_draws, "evasion-size") if mode == "cards" else
        ft.Row([number("evasion-total", "Evasion total", total, set_total)], key=f"evasion-{version}"),
        Slots(deck, group_labels(groups), on_clear, submit="Clear the cards", ident="calc-slots", game_name=GAME_NAME,
              on_change=on_change, initial=values, key=slots_key(groups, version)),
        problem_note(shown),
        RulingPanel(shown, GAME_NAME),
    ]
    return ft.Column([r for r in rows if r is not None], spacing=12)
