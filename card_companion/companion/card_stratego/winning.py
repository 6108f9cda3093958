"""Card Stratego's WINNING: when all twenty-seven of one player's cards have been discarded,
the other player wins; both at once is a tie."""

from __future__ import annotations

from card_companion.calculators.card_stratego import ARMY_SIZE
from card_companion.companion.card_stratego.state import CardStrategoState
from card_companion.companion.game import Outcome, Standing, first_or_second


def army_destroyed(s: CardStrategoState) -> str:
    """Why the game is over now, in words: an army (or both) all discarded; "" if it goes on."""
    gone = [p for p in (0, 1) if len(s.armies[p].discard) == ARMY_SIZE]
    if not gone:
        return ""
    if len(gone) == 2:
        return f"all {ARMY_SIZE} cards of both armies are discarded at once"
    return f"all {ARMY_SIZE} of {s.name(gone[0])}'s cards are discarded"


def outcome(state: CardStrategoState) -> Outcome | None:
    """Who won (nobody, if both armies went at once) and where each army's cards are."""
    if state.phase != "over":
        return None
    details = [f"The game ended: {state.ended_by}."]
    for i, army in enumerate(state.armies):
        details.append(f"{state.name(i)} ({army.colour}): {len(army.discard)} cards discarded, "
                       f"{army.in_play} in play, {army.hand} in hand, {army.deck} in the deck")
    out = [i for i, army in enumerate(state.armies) if len(army.discard) == ARMY_SIZE]
    if len(out) == 2:
        return Outcome(winners=(), headline="A tie: both armies are destroyed at once", details=tuple(details))
    w = 1 - out[0]
    return Outcome(winners=(w,), headline=f"{state.name(w)} wins: {state.name(out[0])}'s army is destroyed",
                   details=tuple(details))


def standing(state: CardStrategoState, outcome: Outcome) -> Standing:
    """"When all twenty-seven of one player's cards have been discarded, the other player is the
    winner. If both players run out of cards simultaneously, the game is a tie." The figure is
    the cards left in the army (27 less the discarded); a double wipe-out puts both first."""
    left = tuple(a.deck + a.hand + a.in_play for a in state.armies)
    return first_or_second(left, outcome.winners)
