"""FIGHT!'s ROUNDS AND TURNS, the row: a round opens with three cards turned face up and three
face-down cards drawn by each player; the players pick face-up cards from the row, and the
row is refilled to three from the deck."""

from __future__ import annotations

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import FACE_DOWN_DRAWS, ROW, check_card
from card_companion.calculators.fight import GAME as GAME_NAME
from card_companion.calculators.words import symbols
from card_companion.companion.fight.actions import Pick, TurnUp
from card_companion.companion.fight.checks import (
    cards_word,
    check_off_the_deck,
    count,
    expect,
    opening,
    refill_count,
    row_needed,
)
from card_companion.companion.fight.state import PLAYERS, FightState
from card_companion.companion.game import Applied, IllegalAction


def turn_up(s: FightState, a: TurnUp) -> Applied:
    """Cards turned face up into the row: the round's opening three (then the face-down draws
    and a coin for who picks first), or the refill."""
    expect(s, "row")
    needed = row_needed(s)
    first = opening(s)
    if len(a.cards) != needed:
        if first:
            raise IllegalAction(f"a round starts with {ROW} cards turned face up in the row: enter {ROW}")
        raise IllegalAction(
            f"the row needs {needed} {cards_word(needed)} to have {ROW} again "
            f"(the deck has {s.deck}): enter {needed}, not {len(a.cards)}"
        )
    seen: set[Card] = set()
    for c in a.cards:
        check_card(c)  # its FightError is refused as an IllegalAction by Game.step
        if c in seen:
            raise IllegalAction(f"{c.symbol} is entered twice: a {GAME_NAME} deck has one of each card")
        check_off_the_deck(s, c)
        seen.add(c)
    s = s.model_copy(update={"row": s.row + a.cards, "deck": s.deck - len(a.cards)})
    cards = symbols(a.cards)
    if first:
        # both players draw 3 face down, then a coin flip says who picks first from the row
        players = tuple(p.model_copy(update={"hand": FACE_DOWN_DRAWS}) for p in s.players)
        return Applied(s.model_copy(update={
            "players": players, "deck": s.deck - PLAYERS * FACE_DOWN_DRAWS,
            "phase": "coin-flip", "flip": "first-pick",
        }), f"Round {s.round}: {cards} turned face up in the row; "
            f"each player draws {FACE_DOWN_DRAWS} cards face down")
    return Applied(s.model_copy(update={"phase": "fight"}), f"Row refilled with {cards} (row: {symbols(s.row)})")


def pick(s: FightState, a: Pick) -> Applied:
    """A player takes a face-up card from the row; after the last pick the row is refilled."""
    expect(s, "pick")
    p = s.pickers[0]
    if a.player != p:
        if a.player not in (0, 1):
            raise IllegalAction(f"there is no player {a.player}")
        raise IllegalAction(f"it is {s.name(p)}'s turn to pick from the row")
    check_card(a.card)
    if a.card not in s.row:
        raise IllegalAction(f"{a.card.symbol} is not in the row: pick one of {symbols(s.row)}")
    player = s.players[p]
    player = player.model_copy(update={"hand": player.hand + 1, "face_up": player.face_up + (a.card,)})
    s = s.with_player(p, player)
    s = s.model_copy(update={"row": tuple(c for c in s.row if c != a.card), "pickers": s.pickers[1:]})
    line = f"{s.name(p)} picks {a.card.symbol} from the row"
    if s.pickers:
        return Applied(s, line)
    # step IV (and after the opening picks): the row is refilled to three from the deck
    if refill_count(s) > 0:
        s = s.model_copy(update={"phase": "row"})
        return Applied(s, line + f"; the row needs {count(row_needed(s), 'card')}")
    return Applied(s.model_copy(update={"phase": "fight"}), line)
