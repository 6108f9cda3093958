"""What Card Stratego's rules share: the cards the app has not seen, the checks of a card
entered for a player's army (of that army, not seen elsewhere, able to stand on the
battlefield), a card turned face up or discarded from the hand, and the places in the
players' words."""

from __future__ import annotations

from collections.abc import Callable

from card_companion.calculators.card_stratego import ARMIES, can_stand, rank_name
from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural
from card_companion.companion.card_stratego.state import Army, CardStrategoState, Column, InPlay, Place
from card_companion.companion.game import IllegalAction

SUITS_TEXT = {"red": "hearts and diamonds", "black": "spades and clubs"}
FACES = {colour: tuple(deck.faces()) for colour, deck in ARMIES.items()}
"""each army's 27 cards"""


# --- what the app has seen ---------------------------------------------------------------------


def unseen(state: CardStrategoState, player: int) -> list[Card]:
    """The player's cards the app has not seen: in the deck, the hand or face down."""
    army = state.armies[player]
    seen = set(army.discard) | set(army.face_up())
    return [c for c in FACES[army.colour] if c not in seen]


def face_down_places(state: CardStrategoState) -> list[Place]:
    """Every face-down card on the battlefield (targets of a Scout or a Jack)."""
    return [Place(player=p, column=c, position=i)
            for p, army in enumerate(state.armies)
            for c, col in enumerate(army.columns) for i, x in enumerate(col) if not x.face_up]


def cards_in_play(state: CardStrategoState) -> list[Place]:
    """Every card on the battlefield (targets of a Joker or a 6)."""
    return [Place(player=p, column=c, position=i)
            for p, army in enumerate(state.armies)
            for c, col in enumerate(army.columns) for i in range(len(col))]


def hand_may_hold(state: CardStrategoState, fits: Callable[[Card], bool]) -> bool:
    """Whether the hand may hold a card that fits (the unseen cards that cannot be in
    play must be in the deck or the hand)."""
    army = state.armies[state.turn]
    if army.hand == 0:
        return False
    cards = unseen(state, state.turn)
    if not any(fits(c) for c in cards):
        return False
    forced = [c for c in cards if not can_stand(c)]
    must_be_in_hand = max(0, len(forced) - army.deck)
    if all(not fits(c) for c in forced):
        return army.hand > must_be_in_hand
    return True


def check_consistent(s: CardStrategoState, p: int) -> None:
    """Jacks and the Joker never stand on the battlefield, so the ones not seen yet are in
    the deck or the hand: entering cards that contradict it is refused."""
    army = s.armies[p]
    hidden = [c for c in unseen(s, p) if not can_stand(c)]
    if len(hidden) > army.deck + army.hand:
        names = " ".join(c.symbol for c in hidden)
        raise IllegalAction(
            f"that cannot be: {s.name(p)}'s {names} have not been seen and cannot stand on the "
            f"battlefield, so they are in the deck or the hand, which hold only "
            f"{army.deck + army.hand} cards; check the cards entered")


def only_unstandable(state: CardStrategoState) -> str:
    """Why the hand of the player to play holds no card that can stand (``hand_may_hold`` is
    False): "Ann's hand can only hold J♥ J♦ Joker now (...)"."""
    hidden = " ".join(c.symbol for c in unseen(state, state.turn) if not can_stand(c))
    return (f"{state.name(state.turn)}'s hand can only hold {hidden} now (the cards not seen yet that cannot be "
            "in play)")


# --- a card entered, turned up or discarded ----------------------------------------------------


def check_card(s: CardStrategoState, owner: int, card: Card, what: str, standing: bool = False) -> Card:
    """A card entered for one of ``owner``'s cards: it must be of that army and not seen
    elsewhere (in the discard pile or face up in play)."""
    army = s.armies[owner]
    if not ARMIES[army.colour].contains(card):
        raise IllegalAction(f"{what} is {s.name(owner)}'s, and {card.symbol} is not in "
                            f"{s.name(owner)}'s {army.colour} army ({SUITS_TEXT[army.colour]} "
                            "and a Joker)")
    if standing and not can_stand(card):
        kind = "a Joker" if card.is_joker else "a Jack"
        raise IllegalAction(f"{what} cannot be {card.symbol}: {kind} never stands on the battlefield")
    if card in army.discard:
        raise IllegalAction(f"{card.symbol} is already in {s.name(owner)}'s discard pile")
    if card in army.face_up():
        raise IllegalAction(f"{card.symbol} is already face up on the battlefield")
    return card


def turned_up(s: CardStrategoState, owner: int, slot: InPlay, entered: Card | None, what: str) -> Card:
    """The value of a card in play that the rules turn face up (or discard)."""
    if slot.card is not None:
        if entered is not None and entered != slot.card:
            raise IllegalAction(f"{what} is already face up: it is {slot.card.symbol}, "
                                f"not {entered.symbol}")
        return slot.card
    if entered is None:
        raise IllegalAction(f"{what} is {s.name(owner)}'s face-down card, now turned face up: "
                            "enter it")
    return check_card(s, owner, entered, what, standing=True)


def slot(s: CardStrategoState, p: Place) -> InPlay:
    """The card at a place, which must hold one."""
    col = s.armies[p.player].columns[p.column]
    if p.position >= len(col):
        raise IllegalAction(f"{s.name(p.player)} has no card at the {rank_name(p.position)} "
                            f"of column {p.column + 1}")
    return col[p.position]


def set_column(columns: tuple[Column, ...], c: int, col: Column) -> tuple[Column, ...]:
    return columns[:c] + (col,) + columns[c + 1:]


def turn_face_up(s: CardStrategoState, p: Place, card: Card) -> CardStrategoState:
    """A face-down card turned face up as ``card`` (checked against the army)."""
    at = slot(s, p)
    where = at_place(s, p)
    if at.face_up:
        raise IllegalAction(f"{where} is already face up ({at.symbol}): choose a face-down card")
    checked = check_card(s, p.player, card, f"the card at {where}", standing=True)
    army = s.armies[p.player]
    col = army.columns[p.column]
    col = col[:p.position] + (InPlay(card=checked),) + col[p.position + 1:]
    return s.with_army(p.player, army.model_copy(update={"columns": set_column(army.columns, p.column, col)}))


def discard_from_hand(s: CardStrategoState, card: Card, what: str, fits: Callable[[Card], bool]) -> CardStrategoState:
    """The player whose turn it is discards a special card from the hand."""
    me = s.turn
    army = s.armies[me]
    if army.hand == 0:
        raise IllegalAction(f"{s.name(me)} has no card in hand")
    if not fits(card):
        raise IllegalAction(f"{card.symbol} is not {what}")
    check_card(s, me, card, f"the card played from {s.name(me)}'s hand")
    return s.with_army(me, army.model_copy(update={"hand": army.hand - 1, "discard": army.discard + (card,)}))


# --- in the players' words ---------------------------------------------------------------------


def count(n: int) -> str:
    return plural(n, "card")


def at(p: Place) -> str:
    """ "column 2, front rank" """
    return f"column {p.column + 1}, {rank_name(p.position)}"


def at_place(s: CardStrategoState, p: Place) -> str:
    """ "Bea's card in column 2, front rank" """
    return f"{s.name(p.player)}'s card in column {p.column + 1}, {rank_name(p.position)}"


def columns_text(army: Army) -> str:
    """Each column front to back: "1: 7♥ ? · 2: — · ..." (? a face-down card; the app's font
    has every character used here)."""
    parts = []
    for c, col in enumerate(army.columns):
        cards = " ".join("?" if x.card is None else x.card.symbol for x in col)
        parts.append(f"{c + 1}: {cards or '—'}")
    return " · ".join(parts)
