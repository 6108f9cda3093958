"""PC War's recount (the app's own step): the players counted their cards and the app's counts
were off; between flips they correct them, and the total must still be the whole deck."""

from __future__ import annotations

from card_companion.calculators.pc_war import out_of_cards
from card_companion.companion.game import Applied, IllegalAction
from card_companion.companion.pc_war.actions import Recount
from card_companion.companion.pc_war.endings import end
from card_companion.companion.pc_war.state import PCWarState
from card_companion.companion.pc_war.words import names, said


def recount(s: PCWarState, a: Recount) -> Applied:
    """The counts corrected: a player with none left wins; an empty hand picks up its pile."""
    return said(after_recount(s, a), "Recount: " + "; ".join(
        f"{s.name(i)} {h} in hand, {q} in the pile" for i, (h, q) in enumerate(zip(a.hands, a.piles))))


def after_recount(s: PCWarState, a: Recount) -> PCWarState:
    if s.phase != "flip":
        raise IllegalAction("finish the war first: cards can be recounted between flips")
    if min(a.hands + a.piles) < 0:
        raise IllegalAction("a count cannot be negative")
    total = sum(a.hands) + sum(a.piles)
    if total != s.deck:
        raise IllegalAction(f"the counts add up to {total} cards, but the deck has {s.deck}: count again")
    if all((p.hand, p.pile) == (h, q) for p, h, q in zip(s.players, a.hands, a.piles)):
        raise IllegalAction("these are the counts the app already has")
    players = tuple(
        p.model_copy(update={"hand": h, "pile": q, "pile_cards": p.pile_cards if q == p.pile else ()})
        for p, h, q in zip(s.players, a.hands, a.piles)
    )
    s = s.model_copy(update={"players": players, "picked_up": (0, 0), "last": None})
    out = tuple(i for i in (0, 1) if out_of_cards(a.hands[i], a.piles[i]))
    if out:
        return end(s, out, f"{names(s, out)} has no cards left (recount)")
    # an empty hand picks up its pile for the next flip
    picked = tuple(p.pile if p.hand == 0 else 0 for p in players)
    players = tuple(
        p.model_copy(update={"hand": p.pile, "pile": 0, "pile_cards": ()}) if p.hand == 0 else p for p in players
    )
    return s.model_copy(update={"players": players, "picked_up": picked})
