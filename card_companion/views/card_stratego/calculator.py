"""Card Stratego's calculator: a battle between two cards (the ask ``battle``)."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.card_stratego import DECK, RULES
from card_companion.calculators.cards import Card
from card_companion.views.calculator.ruling import (
    Ruling,
    RulingPanel,
    Slots,
    ask,
    check_deck,
    problem_note,
    use_ruling,
)
from card_companion.views.hooks import use_made, use_stable, use_text_scale

GAME_NAME = "Card Stratego"
SEATS = ("Attacker", "Defender")


def odds_ruling(cards) -> Ruling:
    """One card entered: the odds against a face-down card that may be any other card (the ask
    ``attack-odds``; issue 12 item 4, "what if they play any card?")."""
    known = next(c for c in cards if c is not None)
    check_deck(DECK, [known])
    attacking = cards[0] is not None
    seat = SEATS[0] if attacking else SEATS[1]
    answer = ask({"game": "card-stratego", "ask": "attack-odds", "attacker" if attacking else "defender": str(known),
                  "unknown": [str(c) for c in DECK.all_cards() if c != known]})
    a, d, both = answer["attacker_wins"], answer["defender_wins"], answer["both_destroyed"]
    title = (f"{seat}'s {known.symbol} attacks a face-down card" if attacking
             else f"A face-down card attacks {seat}'s {known.symbol}")
    return Ruling(title=title,
                  headline=f"If it is any other card: the attacker wins {a:.0%}, the defender {d:.0%}, "
                           f"both destroyed {both:.0%}",
                  lines=tuple(answer["explanation"]), answer=answer,
                  figures=(("Cards counted", str(answer["counted"])),))


def battle_ruling(cards) -> Ruling | None:
    """The battle of the two cards entered; with one card, its odds against any other card
    (None while both are missing)."""
    if cards[0] is None and cards[1] is None:
        return None
    if None in cards:
        return odds_ruling(cards)
    check_deck(DECK, cards)
    attacker, defender = cards
    answer = ask({"game": "card-stratego", "ask": "battle", "attacker": str(attacker), "defender": str(defender)})
    a, d = f"{SEATS[0]}'s {attacker.symbol}", f"{SEATS[1]}'s {defender.symbol}"
    headline = {
        ("defender",): f"{a} wins: {d} is destroyed",
        ("attacker",): f"{d} wins: {a} is destroyed",
        ("attacker", "defender"): f"Both are destroyed: {attacker.symbol} and {defender.symbol}",
    }[tuple(answer["destroyed"])]
    return Ruling(title=f"{a} attacks {d}", headline=headline, lines=tuple(answer["explanation"]),
                  answer=answer, figures=(("Decided by", RULES[answer["rule"]]),))


@ft.component
def CardStrategoCalculator() -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    cards, set_cards = use_made(lambda: list[Card | None]([None, None]))
    version, set_version = ft.use_state(0)  # a new set of places (after a swap)
    shown = use_ruling(lambda: battle_ruling(cards))

    def swap(entered) -> None:
        swapped = [entered[1], entered[0]]
        set_cards(swapped)
        set_version(version + 1)

    on_swap, on_change = use_stable(swap), use_stable(set_cards)
    parts = [
        ft.Text("A battle: the attacking card against the defending card it faces. Jacks and Jokers never "
                "stand on the battlefield."),
        Slots(DECK, list(SEATS), on_swap, submit="Swap attacker and defender", ident="calc-slots",
              game_name=GAME_NAME, on_change=on_change, initial=cards, key=f"slots-{version}"),
        problem_note(shown),
        RulingPanel(shown, GAME_NAME),
    ]
    return ft.Column([p for p in parts if p is not None], spacing=12)
