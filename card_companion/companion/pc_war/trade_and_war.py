"""PC War's trade and war (rule 5): after a tie the players swap hands, then each lays their
top three cards face down and the next face up; the higher face-up card takes everything on the
table, and a tie of the face-up cards swaps and wars again."""

from __future__ import annotations

from card_companion.calculators.pc_war import out_at_tie, trade_and_war
from card_companion.companion.game import Applied, IllegalAction
from card_companion.companion.pc_war.actions import SwapHands, War
from card_companion.companion.pc_war.endings import run_out
from card_companion.companion.pc_war.flips import reveal, taken
from card_companion.companion.pc_war.state import LaidCards, LastReveal, PCWarState
from card_companion.companion.pc_war.words import cards, reveal_line, said, war_words


def swap(s: PCWarState, a: SwapHands) -> Applied:
    """The players swap hands and lay the war's cards."""
    after = after_swap(s)
    assert after.lays is not None  # after_swap records what each player laid
    n = s.name
    b0, b1 = s.players
    return said(after, f"{n(0)} and {n(1)} swap hands ({n(0)} gets {cards(b1.hand)}, "
                       f"{n(1)} gets {cards(b0.hand)})", tuple(war_words(after, after.lays)))


def after_swap(s: PCWarState) -> PCWarState:
    if s.phase == "flip":
        raise IllegalAction("hands are only swapped after a tie")
    if s.phase == "war":
        raise IllegalAction("the hands are already swapped: enter the war's face-up cards")
    p0, p1 = s.players
    tw = trade_and_war((p0.hand, p1.hand), (p0.pile, p1.pile), s.setup.settings.last_card_wins_at_once)
    players = tuple(
        p.model_copy(update={"hand": laid.hand, "pile": laid.pile,
                             "pile_cards": () if laid.picked_up else p.pile_cards})
        for p, laid in zip(s.players, tw.lays)
    )
    s = s.model_copy(update={
        "players": players,
        "phase": "war",
        "table": s.table + tw.laid,
        "wars": s.wars + (1 if tw.laid else 0),
        "war_rounds": s.war_rounds + (1 if tw.laid else 0),
        "lays": tuple(LaidCards(down=laid.down, up=laid.up, from_hand=laid.from_hand, picked_up=laid.picked_up)
                      for laid in tw.lays),
        "picked_up": (0, 0),  # the pickups of the laying are in the lays
    })
    if tw.out:
        why = "laid their last card in the war" if tw.laid else "had no card to lay in the war"
        return run_out(s, tw.out, why)
    return s


def war(s: PCWarState, a: War) -> Applied:
    """The war's face-up cards: who takes the table, or a tie (swap and war again)."""
    after = after_war(s, a)
    return said(after, reveal_line(s, after, "War, face up: ", in_war=True))


def after_war(s: PCWarState, a: War) -> PCWarState:
    if s.phase == "flip":
        raise IllegalAction("there is no war: enter a flip")
    if s.phase == "swap":
        raise IllegalAction("swap hands first, then lay the war's cards")
    result = reveal(s, a, in_war=True)
    s = s.model_copy(update={
        "table_cards": s.table_cards + tuple(a.cards or ()),
        "picked_up": (0, 0),
        "last": LastReveal(in_war=True, cards=a.cards, takes=result.takes, explanation=tuple(result.explanation)),
    })
    if result.takes is None:
        p0, p1 = s.players
        s = s.model_copy(update={"phase": "swap", "lays": None})
        out = out_at_tie((p0.hand, p1.hand), (p0.pile, p1.pile), s.setup.settings.last_card_wins_at_once)
        if out:
            return run_out(s, out, "laid their last card in a tie")
        return s
    return taken(s, result.takes)
