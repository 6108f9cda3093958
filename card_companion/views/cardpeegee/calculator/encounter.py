"""CardPeeGee's Monster and Jailor calculator: a Monster's HP, Attack and Deal from its
agitator and props (the ask ``monster``), or the jailors a Healer's props hold and their
numbers (no ask yet: the same ``healer`` and ``jailor`` functions the tracker calls)."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.cardpeegee import RuleError, encounter_kind, healer, jailor
from card_companion.calculators.cards import Card, Deck, Suit
from card_companion.calculators.words import card_list, plural
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
KINDS = [("monster", "A Monster"), ("jailor", "A Healer's jailors")]


def groups_for(kind: str, props: int, beast: bool) -> list[Group]:
    groups = [Group("agitator", "Agitator", 1), Group("props", "Prop", props)]
    if kind == "monster" and beast:
        groups.append(Group("beast", "Beast card", 1))
    return groups


def monster_ruling(deck: Deck, got: dict) -> Ruling | None:
    agitator, props, beast = got["agitator"][0], got["props"], (got.get("beast") or [None])[0]
    if agitator is None or None in props or ("beast" in got and beast is None):
        return None
    check_deck(deck, [agitator, *props, *([beast] if beast else [])])
    request = {"game": "cardpeegee", "ask": "monster", "agitator": str(agitator), "props": [str(c) for c in props]}
    if beast is not None:
        request["beast"] = str(beast)
    a = ask(request)
    headline = f"Monster {agitator.symbol}: HP {a['hp']}, Attack {a['attack']}, Deal {a['deal']}"
    element = Suit(a["element"])
    figures = (("HP", str(a["hp"])), ("Attack", str(a["attack"])), ("Deal", str(a["deal"])),
               ("Element", f"{element.symbol} {element.word}"))
    return Ruling(title=f"Agitator {agitator.symbol}, props {card_list(props)}", headline=headline,
                  lines=tuple(a["explanation"]), answer=a, figures=figures)


def jailor_ruling(deck: Deck, got: dict) -> Ruling | None:
    agitator, props = got["agitator"][0], got["props"]
    if agitator is None or None in props:
        return None
    check_deck(deck, [agitator, *props])
    kind = encounter_kind(agitator)
    if kind != "healer":
        raise RuleError(f"a Healer's agitator is a heart; {agitator.symbol} starts a "
                        f"{kind.replace('monster', 'Monster')}")
    h = healer(agitator, props)
    stats = [(j, jailor(j)) for j in h.jailors]
    lines = list(h.explanation) + [line for _, js in stats for line in js.explanation]
    if stats:
        headline = f"{plural(len(stats), 'jailor')} to defeat first: {card_list(h.jailors)}"
    else:
        headline = "No jailor: no club among the props"
    figures = tuple((f"Jailor {j.symbol}", f"HP {js.hp} · Attack {js.attack} · Deal {js.deal}") for j, js in stats)
    answer = {"heal": h.heal, "jailors": [{"card": str(j), "hp": js.hp, "attack": js.attack, "deal": js.deal}
                                         for j, js in stats]}
    return Ruling(title=f"Healer {agitator.symbol}, props {card_list(props)}", headline=headline, lines=tuple(lines),
                  answer=answer, figures=figures)


@ft.component
def EncounterCalculator(deck: Deck, key: FletKey = None) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    kind, set_kind = ft.use_state("monster")
    props, set_props = ft.use_state(2)
    beast, set_beast = ft.use_state(False)
    entered, set_entered = use_made(dict[str, list[Card | None]])
    version, set_version = ft.use_state(0)
    groups = groups_for(kind, props, beast)
    values = group_values(groups, entered)
    got = split_groups(groups, values)
    shown = use_ruling(lambda: monster_ruling(deck, got) if kind == "monster" else jailor_ruling(deck, got),
                       fresh=kind)

    def clear(_values) -> None:
        set_entered({})
        set_version(version + 1)

    on_clear = use_stable(clear)
    on_change = use_stable(lambda v: set_entered({**entered, **split_groups(groups, v)}))

    hint = ("The agitator (a club) and its props: HP = agitator + heart props, Attack = agitator + club props, "
            "Deal = 3 + one per spade prop." if kind == "monster" else
            "The Healer's agitator (a heart) and its props: every club prop is a jailor to defeat first; a jailor "
            "fights with its own value as HP and Attack, and Deal 3.")
    rows: list[ft.Control | None] = [
        segmented("encounter-kind", None, KINDS, kind, set_kind),
        ft.Text(hint),
        counter("Props", props, 0, 10, set_props, "props-size"),
        switch("beast", "Elemental beasts", beast, set_beast, "One more card gives the Monster its element.")
        if kind == "monster" else None,
        Slots(deck, group_labels(groups), on_clear, submit="Clear the cards", ident="calc-slots", game_name=GAME_NAME,
              on_change=on_change, initial=values, key=slots_key(groups, version)),
        problem_note(shown),
        RulingPanel(shown, GAME_NAME),
    ]
    return ft.Column([r for r in rows if r is not None], spacing=12)
