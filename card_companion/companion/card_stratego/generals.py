"""Card Stratego's BECOMING A GENERAL: a player whose deck is empty is a General, with two
more actions: draining the opponent (the top card of their deck, or a card picked at random
from their hand, is discarded) and consolidating two half-empty columns."""

from __future__ import annotations

from card_companion.companion.card_stratego.actions import Consolidate, Drain
from card_companion.companion.card_stratego.checks import check_card, set_column
from card_companion.companion.card_stratego.state import CardStrategoState
from card_companion.companion.game import Applied, IllegalAction


def expect_general(s: CardStrategoState, power: str) -> None:
    """IllegalAction unless the player whose turn it is is a General."""
    army = s.armies[s.turn]
    if not army.is_general:
        raise IllegalAction(f"only a General can {power}: {s.name(s.turn)} becomes a General when "
                            f"the deck is empty ({army.deck} cards left)")


def drain(s: CardStrategoState, a: Drain) -> Applied:
    me, them = s.turn, 1 - s.turn
    expect_general(s, "Drain")
    army = s.armies[them]
    if army.deck > 0:
        src = f"the top card of {s.name(them)}'s deck"
    elif a.pick is not None:
        src = f"card {a.pick} of the {army.hand} in {s.name(them)}'s hand, picked at random"
    else:
        src = f"a card picked at random from {s.name(them)}'s hand"
    if army.deck > 0:
        if a.pick is not None:
            raise IllegalAction(f"{s.name(them)}'s deck is not empty: the top card of the deck "
                                "is discarded, no card is picked from the hand")
        check_card(s, them, a.card, "the drained card")
        army = army.model_copy(update={"deck": army.deck - 1})
    elif army.hand > 0:
        if a.pick is not None and a.pick > army.hand:
            raise IllegalAction(f"{s.name(them)} holds {army.hand} cards: the random pick is "
                                f"a card from 1 to {army.hand}, not {a.pick}")
        check_card(s, them, a.card, "the drained card")
        army = army.model_copy(update={"hand": army.hand - 1})
    else:
        raise IllegalAction(f"{s.name(them)} has no card in deck or hand to drain")
    return Applied(s.with_army(them, army.model_copy(update={"discard": army.discard + (a.card,)})),
                   f"General {s.name(me)} drains {s.name(them)}: {src}, {a.card.symbol}, is discarded")


def consolidate(s: CardStrategoState, a: Consolidate) -> Applied:
    me, them = s.turn, 1 - s.turn
    expect_general(s, "Consolidate")
    mine, theirs = s.armies[me], s.armies[them]
    if not (mine.columns[a.mine] and not theirs.columns[a.mine]):
        raise IllegalAction(f"column {a.mine + 1} must be one where {s.name(me)} has a card "
                            f"and {s.name(them)} has none")
    if not (theirs.columns[a.theirs] and not mine.columns[a.theirs]):
        raise IllegalAction(f"column {a.theirs + 1} must be one where {s.name(them)} has a card "
                            f"and {s.name(me)} has none")
    if a.into not in (a.mine, a.theirs):
        raise IllegalAction(f"the cards are combined in column {a.mine + 1} or column {a.theirs + 1}")
    head = f"General {s.name(me)} consolidates columns {a.mine + 1} and {a.theirs + 1}: "
    if a.into == a.mine:  # the opponent's cards move over
        moved = theirs.columns[a.theirs]
        columns = set_column(set_column(theirs.columns, a.theirs, ()), a.mine, moved)
        return Applied(s.with_army(them, theirs.model_copy(update={"columns": columns})),
                       head + f"{s.name(them)}'s cards move from column {a.theirs + 1} to column {a.mine + 1}")
    moved = mine.columns[a.mine]
    columns = set_column(set_column(mine.columns, a.mine, ()), a.theirs, moved)
    return Applied(s.with_army(me, mine.model_copy(update={"columns": columns})),
                   head + f"{s.name(me)}'s cards move from column {a.mine + 1} to column {a.theirs + 1}")
