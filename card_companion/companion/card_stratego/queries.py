"""What Card Stratego's screen asks the tracker: where a player's cards are, the cards an entry
may be, where a card can be put into play or attack, which special cards can be used now and
how a Jack may rearrange a line, a General's Drain and Consolidate, and whether the turn can
end (nothing legal is left)."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Literal

from card_companion.calculators.card_stratego import (
    ARMIES,
    COLUMNS,
    DEPTH,
    BoardError,
    can_stand,
    is_scout,
    moves_a_card,
    rearrange,
)
from card_companion.calculators.cards import JOKER, Card, Deck, Rank, RulesError
from card_companion.calculators.words import plural
from card_companion.companion.card_stratego.actions import is_line
from card_companion.companion.card_stratego.checks import cards_in_play, face_down_places, hand_may_hold, unseen
from card_companion.companion.card_stratego.special_cards import rearranged
from card_companion.companion.card_stratego.state import CardStrategoState, InPlay, Place
from card_companion.companion.game import IllegalAction


def army_deck(state: CardStrategoState, player: int) -> Deck:
    """The 27 cards of a player's army (for the card picker)."""
    return ARMIES[state.armies[player].colour]


def counts(state: CardStrategoState, player: int) -> dict[str, int]:
    """Where a player's 27 cards are: deck, hand, battlefield, discard (sums to 27)."""
    a = state.armies[player]
    return {"deck": a.deck, "hand": a.hand, "battlefield": a.in_play, "discard": len(a.discard)}


def is_general(state: CardStrategoState, player: int) -> bool:
    return state.armies[player].is_general


def entry_choices(state: CardStrategoState, player: int, standing: bool = True) -> list[Card]:
    """The cards that may be entered for one of the player's cards: not seen yet, and for
    a card in play (``standing``) neither a Jack nor the Joker."""
    return [c for c in unseen(state, player) if can_stand(c) or not standing]


def can_draw(state: CardStrategoState) -> bool:
    return state.phase == "turn" and state.armies[state.turn].deck > 0


def play_places(state: CardStrategoState) -> dict[int, list[int]]:
    """Where the player can put a card into play: column → positions (0 = front rank)."""
    if state.phase != "turn" or not hand_may_hold(state, can_stand):
        return {}
    out = {}
    for c, col in enumerate(state.armies[state.turn].columns):
        if len(col) < DEPTH:
            out[c] = list(range(len(col) + 1))
    return out


def attack_columns(state: CardStrategoState) -> list[int]:
    """Columns where the player's front card can attack the opposing front card."""
    if state.phase != "turn":
        return []
    me, them = state.armies[state.turn], state.armies[1 - state.turn]
    return [c for c in range(COLUMNS) if me.columns[c] and them.columns[c]]


def jack_reveals(state: CardStrategoState) -> int:
    """How many face-down cards a Jack turns up now: two, or the only one in play."""
    return min(2, len(face_down_places(state)))


def allowance_reason(state: CardStrategoState) -> str:
    """Why this turn has the actions it has, in the rule's words."""
    if state.turn_number == 1:
        return "the first turn of the game has 1 action"
    if state.turn_number == 2:
        return "the other player's first turn has 2 actions"
    return f"cards in {plural(state.start_columns, 'column')} at the start of the turn: {state.allotted} actions"


def card_at(state: CardStrategoState, place: Place) -> InPlay | None:
    """The card at a place (face down: ``card`` is None), None if the place is empty."""
    col = state.armies[place.player].columns[place.column]
    return col[place.position] if place.position < len(col) else None


def special_cards(state: CardStrategoState) -> dict[str, list[Card]]:
    """Special cards the player may hold now and could use, by action kind: "jack-rearrange",
    "jack-reveal", "joker", "scout", "six" → the cards to pick from (only kinds usable now)."""
    if state.phase != "turn" or state.armies[state.turn].hand == 0:
        return {}
    mine = unseen(state, state.turn)
    standing_ok = hand_may_hold(state, can_stand)
    jacks = [c for c in mine if c.rank == Rank.JACK]
    out: dict[str, list[Card]] = {}
    if jacks and jack_lines(state):
        out["jack-rearrange"] = jacks
    face_down = face_down_places(state)
    if jacks and (len(face_down) >= 2 or (face_down and state.setup.settings.jack_turns_up_one)):
        out["jack-reveal"] = jacks
    if JOKER in mine and cards_in_play(state):
        out["joker"] = [JOKER]
    scouts = [c for c in mine if is_scout(c)] if standing_ok else []
    if scouts and face_down:
        out["scout"] = scouts
    sixes = [c for c in mine if c.rank == Rank.SIX] if standing_ok else []
    if sixes and cards_in_play(state):
        out["six"] = sixes
    return out


def jack_lines(state: CardStrategoState) -> list[tuple[int, str, int]]:
    """(player, "row"/"column", index) of every line a Jack can rearrange now."""
    return [(p, line, i) for p in (0, 1) for line, count in (("row", DEPTH), ("column", COLUMNS))
            for i in range(count) if rearrangements(state, p, line, i)]


def rearrangements(state: CardStrategoState, player: int, line: str,
                   index: int) -> list[tuple[int, ...]]:
    """Every distinct order a Jack may give this line (see JackRearrange.order); orders
    that differ only in which empty places swap count once."""
    lines = {"row": DEPTH, "column": COLUMNS}
    if player not in (0, 1) or not is_line(line) or not 0 <= index < lines[line]:
        return []
    columns = state.armies[player].columns
    size = COLUMNS if line == "row" else len(columns[index])
    if (line == "row" and not any(len(c) > index for c in columns)) or size == 0:
        return []
    out: dict[tuple[int | None, ...], tuple[int, ...]] = {}
    for order in permutations(range(size)):
        try:
            rearrange(columns, line, index, order)
        except BoardError:
            continue
        if state.setup.settings.jack_may_keep_order or moves_a_card(columns, line, index, order):
            # where each card comes from; empty places are all alike
            key = tuple(src if line == "column" or len(columns[src]) > index else None for src in order)
            out.setdefault(key, order)
    return list(out.values())


def rearrangement_problem(state: CardStrategoState, player: int, line: str, index: int,
                          order: tuple[int, ...]) -> str | None:
    """Why a Jack cannot give this line this order (see JackRearrange.order), in words;
    None when it can (the Jack itself aside)."""
    if player not in (0, 1) or not is_line(line) or not 0 <= index < COLUMNS:
        return "choose a row or a column of one player's cards"
    try:
        rearranged(state, player, line, index, tuple(order))
    except (IllegalAction, RulesError) as exc:  # the tracker's refusal or the board's
        return str(exc)
    return None


def entry_deck(state: CardStrategoState, player: int, standing: bool = True) -> Deck:
    """The cards the picker offers for one of the player's cards: the army, and for a card
    in play (``standing``) without its Jacks and Joker, which never stand there."""
    army = ARMIES[state.armies[player].colour]
    if not standing:
        return army
    return Deck(ranks=tuple(r for r in army.ranks if r != Rank.JACK), suits=army.suits, jokers=0)


def drain_pick(state: CardStrategoState, rng: random.Random) -> int | None:
    """A Drain from the opponent's hand: the position of the card to discard, drawn at
    random (1 = the first card as the opponent holds the hand out face down), for
    Drain.pick. None when the Drain takes the top card of the deck or is not possible."""
    if drain_from(state) != "hand":
        return None
    return rng.randint(1, state.armies[1 - state.turn].hand)


def drain_from(state: CardStrategoState) -> Literal["deck", "hand"] | None:
    """Where a Drain takes the opponent's card now ("deck", "hand"), None if not possible."""
    if state.phase != "turn" or not state.armies[state.turn].is_general:
        return None
    them = state.armies[1 - state.turn]
    return "deck" if them.deck else "hand" if them.hand else None


def consolidations(state: CardStrategoState) -> list[tuple[int, int]]:
    """(mine, theirs) column pairs a General can consolidate now (into either of them)."""
    if state.phase != "turn" or not state.armies[state.turn].is_general:
        return []
    me, them = state.armies[state.turn], state.armies[1 - state.turn]
    mine = [c for c in range(COLUMNS) if me.columns[c] and not them.columns[c]]
    theirs = [c for c in range(COLUMNS) if them.columns[c] and not me.columns[c]]
    return [(m, t) for m in mine for t in theirs]


def can_end_turn(state: CardStrategoState) -> bool:
    """True when the player has no legal action left (the table ends the turn)."""
    return state.phase == "turn" and not what_remains(state)


def what_remains(s: CardStrategoState) -> str:
    """What the player can still do, in words ("" when nothing is left)."""
    me = s.armies[s.turn]
    if me.deck > 0:
        return "draw a card"
    if attack_columns(s):
        return "attack"
    if drain_from(s):
        return "Drain as a General"
    if consolidations(s):
        return "Consolidate as a General"
    # The deck is empty: the unseen Jacks and Joker are all in the hand.
    hidden = [c for c in unseen(s, s.turn) if not can_stand(c)]
    if me.hand > len(hidden) and any(len(c) < DEPTH for c in me.columns):
        return "put a card into play"
    if JOKER in hidden and cards_in_play(s):
        return "play the Joker"
    if any(c.rank == Rank.JACK for c in hidden) and (face_down_places(s) or jack_lines(s)):
        return "play a Jack"
    return ""
