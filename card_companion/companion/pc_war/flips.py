"""PC War's flips (rules 2 to 4): both players turn their top card face up; the higher card
takes both onto its player's face-up pile; a hand that runs out picks up and shuffles its pile.
A tie (rule 5) leaves the two cards on the table for the trade and war."""

from __future__ import annotations

from card_companion.calculators.pc_war import FlipResult, called, check_pair, flip, lay, out_at_tie, take
from card_companion.companion.game import Applied, IllegalAction
from card_companion.companion.pc_war.actions import Flip, War
from card_companion.companion.pc_war.endings import end, end_war, run_out
from card_companion.companion.pc_war.state import LastReveal, PCWarState, table_deck, takes_of
from card_companion.companion.pc_war.words import names, reveal_line, said, verdict


def reveal(s: PCWarState, a: Flip | War, in_war: bool) -> FlipResult:
    """Who takes, from the entered cards or the tap (checked against each other)."""
    if a.cards is None and a.higher is None:
        raise IllegalAction("enter both face-up cards, or tap whose card is higher (or tie)")
    result = None
    if a.cards is not None:
        check_pair(a.cards[0], a.cards[1], table_deck(s.setup))
        result = flip(a.cards[0], a.cards[1], s.names, in_war, s.setup.settings.blank_card)
    if a.higher is not None:
        takes = takes_of(a.higher)
        if result is not None and result.takes != takes:
            raise IllegalAction(f"the cards say {verdict(s, result.takes)} but the tap says "
                                f"{verdict(s, takes)}: enter one or the other")
        if result is None:
            result = called(takes, s.names, in_war)
    assert result is not None  # the first check: the cards or the tap set it
    return result


def flip_cards(s: PCWarState, a: Flip) -> Applied:
    """A flip: who takes both, or a tie (trade and war)."""
    after = after_flip(s, a)
    return said(after, reveal_line(s, after, f"Flip {after.flips}: ", in_war=False))


def after_flip(s: PCWarState, a: Flip) -> PCWarState:
    if s.phase == "swap":
        raise IllegalAction("it is a tie: swap hands first (trade and war)")
    if s.phase == "war":
        raise IllegalAction("a war is on: enter the war's face-up cards")
    result = reveal(s, a, in_war=False)
    p0, p1 = s.players
    l0, l1 = lay(p0.hand, p0.pile, 1), lay(p1.hand, p1.pile, 1)
    hands, piles = (l0.hand, l1.hand), (l0.pile, l1.pile)
    shown = a.cards or ()
    players = tuple(
        p.model_copy(update={"hand": laid.hand, "pile": laid.pile,
                             "pile_cards": () if laid.picked_up else p.pile_cards})
        for p, laid in zip(s.players, (l0, l1))
    )
    s = s.model_copy(update={
        "players": players,
        "flips": s.flips + 1,
        "picked_up": (l0.picked_up, l1.picked_up),
        "last": LastReveal(in_war=False, cards=a.cards, takes=result.takes, explanation=tuple(result.explanation)),
    })
    if result.takes is None:
        s = s.model_copy(update={"phase": "swap", "table": 2, "table_cards": tuple(shown), "war_rounds": 0})
        out = out_at_tie(hands, piles, s.setup.settings.last_card_wins_at_once)
        if out:
            return run_out(s, out, "laid their last card in a tie")
        return s
    return taken(s.model_copy(update={"table": 2, "table_cards": tuple(shown)}), result.takes)


def taken(s: PCWarState, taker: int) -> PCWarState:
    """The taker puts the table on their pile; then a player out of cards wins, and an
    empty hand picks up its pile."""
    p0, p1 = s.players
    t = take((p0.hand, p1.hand), (p0.pile, p1.pile), taker, s.table)
    players = []
    for i, p in enumerate(s.players):
        known = p.pile_cards + s.table_cards if i == taker else p.pile_cards
        if t.picked_up[i]:
            known = ()
        players.append(p.model_copy(update={"hand": t.hands[i], "pile": t.piles[i], "pile_cards": known}))
    s = end_war(s).model_copy(update={
        "players": tuple(players),
        "phase": "flip",
        "table": 0,
        "table_cards": (),
        "lays": None,
        "picked_up": tuple(a + b for a, b in zip(s.picked_up, t.picked_up)),
    })
    if t.out:
        return end(s, t.out, f"{names(s, t.out)} {'has' if len(t.out) == 1 else 'have'} "
                             "no cards left in hand or pile")
    return s
