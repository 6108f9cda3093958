"""Card Stratego's odds at the moment a player decides (the advisor's shape, companion/advisor.py):
an attack on, or by, a face-down card, over the face-down side's cards the app has not seen."""

from __future__ import annotations

from card_companion.calculators.odds import OddsError, stratego_attack_odds
from card_companion.companion.advisor import Advice, Chance
from card_companion.companion.card_stratego.checks import unseen
from card_companion.companion.card_stratego.state import CardStrategoState


def attack_advice(s: CardStrategoState, column: int) -> Advice | None:
    """Before an attack where one front card is face up and the other face down: the chance of
    each result over the face-down side's unseen cards that can stand on the battlefield."""
    if s.phase != "turn":
        return None
    me, them = s.turn, 1 - s.turn
    mine, theirs = s.armies[me].columns[column], s.armies[them].columns[column]
    if not mine or not theirs or mine[0].face_up == theirs[0].face_up:
        return None
    hidden = them if mine[0].face_up else me
    known = mine[0].card if mine[0].face_up else theirs[0].card
    assert known is not None  # one of the two front cards is face up
    title = (f"{s.name(me)}'s {known.symbol} attacks a face-down card" if mine[0].face_up
             else f"A face-down card attacks {s.name(them)}'s {known.symbol}")
    try:
        o = stratego_attack_odds(known, unseen(s, hidden), known_attacks=mine[0].face_up)
    except OddsError as exc:
        return Advice(title=title, explanation=(str(exc),))
    return Advice(
        title=title,
        chances=(Chance(label=f"{s.name(me)} wins", p=float(o.attacker_wins), good=True),
                 Chance(label=f"{s.name(them)} wins", p=float(o.defender_wins), good=False),
                 Chance(label="both destroyed", p=float(o.both_destroyed))),
        figures=(("Cards counted", f"{o.counted} of {s.name(hidden)}'s unseen"),),
        explanation=(f"the face-down card is one of {s.name(hidden)}'s cards the app has not seen (deck, hand, "
                     "face down)", *o.explanation),
    )
