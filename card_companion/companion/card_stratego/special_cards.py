"""Card Stratego's special cards, each discarded from the hand as one action: a Jack
rearranges a row or a column of either player's cards, or turns two face-down cards face up;
the Joker destroys any card on the battlefield; a Scout (2, 3, 4) turns a face-down card face
up (not an attack); a 6 returns any card on the battlefield to its owner's hand."""

from __future__ import annotations

from card_companion.calculators.card_stratego import (
    DEPTH,
    can_stand,
    is_scout,
    moves_a_card,
    rank_name,
    rearrange,
    remove,
)
from card_companion.calculators.cards import JOKER, Rank
from card_companion.companion.card_stratego.actions import (
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Line,
    ScoutReveal,
    SixReturn,
)
from card_companion.companion.card_stratego.checks import (
    at,
    columns_text,
    discard_from_hand,
    face_down_places,
    hand_may_hold,
    only_unstandable,
    slot,
    turn_face_up,
    turned_up,
)
from card_companion.companion.card_stratego.state import CardStrategoState, Column
from card_companion.companion.game import Applied, IllegalAction


def jack_rearrange(s: CardStrategoState, a: JackRearrange) -> Applied:
    s = discard_from_hand(s, a.jack, "a Jack", lambda c: c.rank == Rank.JACK)
    columns = rearranged(s, a.player, a.line, a.index, a.order)
    s = s.with_army(a.player, s.armies[a.player].model_copy(update={"columns": columns}))
    what = (f"{rank_name(a.index)}" if a.line == "row" else f"column {a.index + 1}")
    return Applied(s, f"{s.name(s.turn)} discards {a.jack.symbol} to rearrange {s.name(a.player)}'s {what}: "
                      f"{columns_text(s.armies[a.player])}")


def rearranged(s: CardStrategoState, player: int, line: Line, index: int,
               order: tuple[int, ...]) -> tuple[Column, ...]:
    """A player's columns after a Jack gives one line a new order; IllegalAction if not
    allowed."""
    army = s.armies[player]
    if line == "row" and index >= DEPTH:
        raise IllegalAction(f"there are rows 0 (the front rank) to {DEPTH - 1}, not {index}")
    if line == "row" and not any(len(c) > index for c in army.columns):
        raise IllegalAction(f"{s.name(player)} has no card in the {rank_name(index)} to rearrange")
    if line == "column" and not army.columns[index]:
        raise IllegalAction(f"{s.name(player)} has no card in column {index + 1} to rearrange")
    columns = rearrange(army.columns, line, index, order)
    keep_ok = s.setup.settings.jack_may_keep_order
    if not keep_ok and not moves_a_card(army.columns, line, index, order):
        raise IllegalAction("that leaves every card where it was: a Jack's rearrangement moves "
                            "at least one card")
    return columns


def jack_reveal(s: CardStrategoState, a: JackReveal) -> Applied:
    places = [(r.place.player, r.place.column, r.place.position) for r in a.reveals]
    if len(set(places)) != len(places):
        raise IllegalAction("a Jack turns up two different face-down cards")
    if len(a.reveals) == 1:
        face_down = face_down_places(s)
        if len(face_down) > 1:
            raise IllegalAction("a Jack turns up two face-down cards: choose a second one")
        if not s.setup.settings.jack_turns_up_one:
            raise IllegalAction("a Jack turns up two face-down cards, and only one is in play "
                                "(the setting for a lone face-down card is off)")
    s = discard_from_hand(s, a.jack, "a Jack", lambda c: c.rank == Rank.JACK)
    for r in a.reveals:
        s = turn_face_up(s, r.place, r.card)
    shown = " and ".join(f"{s.name(r.place.player)}'s {r.card.symbol} ({at(r.place)})" for r in a.reveals)
    return Applied(s, f"{s.name(s.turn)} discards {a.jack.symbol} to turn up {shown}")


def joker(s: CardStrategoState, a: JokerDestroy) -> Applied:
    s = discard_from_hand(s, JOKER, "the Joker", lambda c: c.is_joker)
    t = a.target
    army = s.armies[t.player]
    target = slot(s, t)
    card = turned_up(s, t.player, target, a.card, "the destroyed card")
    columns, _ = remove(army.columns, t.column, t.position)
    text = f"{s.name(s.turn)} discards the Joker to destroy {s.name(t.player)}'s {target.symbol} ({at(t)})"
    if not target.face_up:
        text += f": it was {card.symbol}"  # the card entered (turned_up checked it)
    return Applied(s.with_army(t.player, army.model_copy(update={"columns": columns,
                                                                 "discard": army.discard + (card,)})), text)


def scout(s: CardStrategoState, a: ScoutReveal) -> Applied:
    s = discard_from_hand(s, a.scout, "a Scout (2, 3 or 4)", is_scout)
    r = a.reveal
    text = (f"{s.name(s.turn)} discards the Scout {a.scout.symbol} to turn up {s.name(r.place.player)}'s "
            f"{r.card.symbol} ({at(r.place)})")
    if r.card.rank == Rank.ACE:
        text += ": not an attack, the Bomb stays"
    return Applied(turn_face_up(s, r.place, r.card), text)


def six(s: CardStrategoState, a: SixReturn) -> Applied:
    if s.armies[s.turn].hand and not hand_may_hold(s, can_stand):  # a card of its own back to the hand
        raise IllegalAction(f"{only_unstandable(s)}: none of them is a 6")  # leaves the counts as they were
    s = discard_from_hand(s, a.six, "a 6", lambda c: c.rank == Rank.SIX)
    t = a.target
    target = slot(s, t)
    army = s.armies[t.player]
    columns, _ = remove(army.columns, t.column, t.position)
    return Applied(s.with_army(t.player, army.model_copy(update={"columns": columns, "hand": army.hand + 1})),
                   f"{s.name(s.turn)} discards {a.six.symbol} to return {s.name(t.player)}'s {target.symbol} "
                   f"({at(t)}) to {s.name(t.player)}'s hand")
