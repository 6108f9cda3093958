"""CardPeeGee's combat round calculator (the ask ``combat-round``): two fighters' Attack,
element and score cards (as cards or their total) → the scores, the winner and the HP lost.
Preloaded with the text's elemental example (24 against 17 boosted to 21; damage 11 → 9)."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from card_companion.calculators.cards import SUITS, Card, Deck
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
    whole_number,
)
from card_companion.views.hooks import FletKey, use_made, use_stable, use_text_scale
from card_companion.views.widgets import TOUCH_FIELD, tagged

GAME_NAME = "CardPeeGee"
NAMES = ("Fighter 1", "Fighter 2")
ELEMENTS = [("none", "—")] + [(s.value, s.symbol) for s in SUITS]
EXAMPLE: tuple[dict[str, Any], ...] = ({"attack": "11", "element": "C", "mode": "total", "total": "13", "count": 3},
           {"attack": "7", "element": "D", "mode": "total", "total": "10", "count": 3})
"""the text: Fighter 1 (clubs) Attack 11 draws 13; Fighter 2 (diamonds) Attack 7 draws 10"""


def groups_for(fighters) -> list[Group]:
    return [Group(f"f{i}", f"{NAMES[i]}'s score card", f["count"]) for i, f in enumerate(fighters)
            if f["mode"] == "cards"]


def combat_ruling(deck: Deck, fighters, cards: dict, critical: bool) -> Ruling | None:
    entries = []
    for i, f in enumerate(fighters):
        attack = whole_number(f["attack"], f"{NAMES[i]}'s Attack")
        drawn: int | list[str]
        if f["mode"] == "total":
            drawn = whole_number(f["total"], f"{NAMES[i]}'s score cards' total")
        else:
            got = cards.get(f"f{i}", [])
            if None in got:
                return None
            drawn = [str(c) for c in got]
        entries.append({"attack": attack, "element": None if f["element"] == "none" else f["element"], "drawn": drawn})
    check_deck(deck, [c for cs in cards.values() for c in cs])
    answer = ask({"game": "cardpeegee", "ask": "combat-round", "critical_strikes": critical, "fighters": entries})
    s, w, loss = answer["scores"], answer["winner"], answer["hp_loss"]
    if w is None:
        headline = f"A tie, {s[0]} against {s[1]}: nobody loses HP"
    else:
        headline = f"{NAMES[w]} wins, {s[w]} against {s[1 - w]}: {NAMES[1 - w]} loses {loss[1 - w]} HP"
    figures: tuple[tuple[str, str], ...] = ((f"{NAMES[0]} score", str(s[0])), (f"{NAMES[1]} score", str(s[1])))
    if w is not None:
        figures += ((f"{NAMES[1 - w]} loses", f"{loss[1 - w]} HP"),)
    title = " against ".join(f"{NAMES[i]} Attack {e['attack']}" for i, e in enumerate(entries))
    return Ruling(title=title, headline=headline, lines=tuple(answer["explanation"]), answer=answer, figures=figures)


def number(ident: str, label: str, start: str, on_change) -> ft.Control:
    """A number the thumb types; its value is only the starting one (see pc_war.count_field)."""
    return tagged(ident, ft.TextField(
        label=label, value=start, keyboard_type=ft.KeyboardType.NUMBER, **TOUCH_FIELD, expand=True,
        on_change=lambda e: on_change(e.data if isinstance(e.data, str) else e.control.value),
    ), label=label)


@ft.component
def CombatRoundCalculator(deck: Deck, key: FletKey = None) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    fighters, set_fighters = use_made(lambda: [dict(f) for f in EXAMPLE])
    start, set_start = use_made(lambda: [dict(f) for f in EXAMPLE])  # what the typed fields start from
    cards, set_cards = use_made(dict[str, list[Card | None]])
    critical, set_critical = ft.use_state(False)
    version, set_version = ft.use_state(0)
    groups = groups_for(fighters)
    values = group_values(groups, cards)
    got = split_groups(groups, values)
    shown = use_ruling(lambda: combat_ruling(deck, fighters, got, critical))

    def change(i: int, key: str, value: object, new_places: bool = False) -> None:
        # an updater: fast typing fires changes before the next render
        set_fighters(lambda fs: [({**f, key: value} if j == i else f) for j, f in enumerate(fs)])
        if new_places:  # new places, and typed fields drawn afresh from what is typed now
            set_start([({**f, key: value} if j == i else f) for j, f in enumerate(fighters)])
            set_version(version + 1)

    def clear(_values: object) -> None:
        set_cards({})
        set_version(version + 1)

    on_clear = use_stable(clear)
    on_change = use_stable(lambda v: set_cards(split_groups(groups, v)))

    rows: list[ft.Control | None] = [
        ft.Text("One round: each fighter's score is their Attack plus the score cards they draw (one per point of "
                "Deal). The higher score wins; the loser loses the winner's Attack in HP. The text's elemental "
                "example is entered."),
    ]
    for i, f in enumerate(fighters):
        rows.append(ft.Column([
            ft.Text(NAMES[i], size=17, weight=ft.FontWeight.BOLD),
            ft.Row([number(f"attack-{i}", "Attack", start[i]["attack"], lambda v, i=i: change(i, "attack", v))],
                   key=f"attack-{i}-{version}"),
            segmented(f"element-{i}", "Element (— for none)", ELEMENTS, f["element"],
                      partial(change, i, "element")),
            segmented(f"score-mode-{i}", "Score cards", [("total", "Their total"), ("cards", "The cards")], f["mode"],
                      partial(change, i, "mode", new_places=True)),
            ft.Row([number(f"total-{i}", "Score cards' total", start[i]["total"],
                           partial(change, i, "total"))],
                   key=f"total-{i}-{version}") if f["mode"] == "total" else
            counter("Score cards drawn", f["count"], 1, 12, partial(change, i, "count", new_places=True),
                    f"score-count-{i}"),
        ], spacing=6, tight=True))
    rows.append(switch("critical", "Critical Strikes", critical, set_critical,
                       "A score 1.5 times the other's deals 1.5 times the damage; twice, double."))
    if groups:
        rows.append(Slots(deck, group_labels(groups), on_clear, submit="Clear the score cards", ident="calc-slots",
                          game_name=GAME_NAME, on_change=on_change, initial=values, key=slots_key(groups, version)))
    rows.append(problem_note(shown))
    rows.append(RulingPanel(shown, GAME_NAME))
    return ft.Column([r for r in rows if r is not None], spacing=12)
