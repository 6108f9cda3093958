"""FIGHT! (by Ashley Pringle): moves, one turn, the victory piles and the Tie Breaker.

Rules: card_companion/companion/fight/rules.txt; rulings: card_companion/companion/fight/rulings.md.

The deck is A-6 of each suit (24 cards, A = 1). Black cards are attacks (♠ Punch,
♣ Kick), red cards defences (♦ Parry, ♥ Dodge). Between an attack and a defence the
cycle decides (default: Parry beats Punch, Punch beats Dodge, Dodge beats Kick, Kick beats
Parry; the reverse cycle turns every arrow round).

>>> r = resolve_turn(Turn(cards=("3S", "5D")))
>>> r.outcome, r.winner, r.collected
('win', 1, Card('3S'))
>>> r.explanation[1]
'Parry beats Punch (default cycle)'
>>> resolve_turn(Turn(cards=("4S", "4C"), tie_breaker=0)).explanation[-1]
'player 0 holds the Tie Breaker → wins the tie and collects their own 4♠; 4♣ is discarded'

A won card goes into the victory pile as the text says; the Tie Breaker holder is whoever
has a face-up card on top of their pile:

>>> p = place_won_card(((), ()), 1, card("3S"))
>>> p.placed, p.holder, [str(c) for c in p.piles[1]]
('first', 1, ['3S↑'])
>>> p = place_won_card(p.piles, 0, card("5C"))
>>> p.placed, p.holder, [str(c) for c in p.piles[0]], [str(c) for c in p.piles[1]]
('takes-tie-breaker', 0, ['5C↑'], ['3S↓'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from card_companion.calculators.cards import Card, CardError, Deck, Rank, RulesError, Suit, card  # noqa: F401 (card: the doctests)

GAME = "FIGHT!"
ROW = 3
"""face-up cards in the row next to the deck"""
FACE_DOWN_DRAWS = 3
"""face-down cards each player draws at the start of a round (then one face-up pick)"""
HAND = FACE_DOWN_DRAWS + 1
"""cards in each hand when a turn begins"""
ROUND_POINTS = 13
"""victory points that win a round"""
ROUNDS_TO_WIN = 2
"""rounds that win the FIGHT! (best of three)"""

Cycle = Literal["default", "reverse"]
CYCLES: tuple[Cycle, ...] = ("default", "reverse")


class FightError(RulesError):
    """Input the FIGHT! rules cannot take (a card outside the deck, the same card twice,
    piles that cannot happen). The message says why, in plain words."""


class Move(str, Enum):
    """The four moves, one per suit."""

    PUNCH = "Punch"
    KICK = "Kick"
    PARRY = "Parry"
    DODGE = "Dodge"

    @property
    def is_attack(self) -> bool:
        return self in (Move.PUNCH, Move.KICK)


MOVES: dict[Suit, Move] = {
    Suit.SPADES: Move.PUNCH,
    Suit.CLUBS: Move.KICK,
    Suit.DIAMONDS: Move.PARRY,
    Suit.HEARTS: Move.DODGE,
}

DECK = Deck(ranks=(Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX),
            suit_names=tuple((s, m.value) for s, m in MOVES.items()))
"""A-6 of each suit: 24 cards, one of each; each suit is a move (the picker names them)."""

BEATS: dict[Cycle, dict[Move, Move]] = {
    "default": {Move.PARRY: Move.PUNCH, Move.PUNCH: Move.DODGE, Move.DODGE: Move.KICK, Move.KICK: Move.PARRY},
    "reverse": {Move.PUNCH: Move.PARRY, Move.PARRY: Move.KICK, Move.KICK: Move.DODGE, Move.DODGE: Move.PUNCH},
}
"""cycle → move → the one move it beats"""


def cycle_text(cycle: Cycle) -> str:
    """The cycle in words, for the setup screen and the rules panel.

    >>> cycle_text("default")
    'Parry beats Punch, Punch beats Dodge, Dodge beats Kick, Kick beats Parry'
    """
    return ", ".join(f"{a.value} beats {b.value}" for a, b in BEATS[cycle].items())


def value(c: Card) -> int:
    """Victory points and attack strength: A = 1, 2-6 their number."""
    return int(c.rank)


def move(c: Card) -> Move:
    """The move a card makes: its suit's move.

    >>> move(card("AS")), move(card("6H"))
    (<Move.PUNCH: 'Punch'>, <Move.DODGE: 'Dodge'>)
    """
    if c.suit is None:
        raise FightError(f"{c.symbol} is not in the deck of {GAME}")
    return MOVES[c.suit]


def beats(a: Move, b: Move, cycle: Cycle = "default") -> bool:
    """True if move ``a`` beats move ``b`` in this cycle (only attack against defence).

    >>> beats(Move.PARRY, Move.PUNCH), beats(Move.PARRY, Move.PUNCH, "reverse")
    (True, False)
    """
    return BEATS[cycle][a] == b


def check_card(c: Card) -> Card:
    """The card if it is in the FIGHT! deck, else a FightError that says why."""
    if c.suit is None or not DECK.contains(c):
        raise FightError(f"{c.symbol} is not in the deck of {GAME}: it has A to 6 of each suit, no jokers")
    return c


def _name(names: Sequence[str] | None, player: int) -> str:
    if names and 0 <= player < len(names):
        return names[player]
    return f"player {player}"


def _card_text(c: Card) -> str:
    m = move(c)
    return f"{c.symbol} ({m.value}, {'attack' if m.is_attack else 'defence'})"


# --- one turn ----------------------------------------------------------------------------


class Turn(BaseModel):
    """The two cards played on "FIGHT!": ``cards[0]`` is player 0's, ``cards[1]`` player 1's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: tuple[Card, Card] = Field(description="player 0's card and player 1's card, like [\"3S\", \"5D\"]")
    tie_breaker: Literal[0, 1] | None = Field(
        None, description="who holds the Tie Breaker: 0, 1 or null (nobody)"
    )
    cycle: Cycle = Field("default", description="which move beats which: \"default\" or \"reverse\"")
    coin: Literal[0, 1] | None = Field(
        None, description="a coin flip's outcome (the player it favours), used only if a flip is needed"
    )

    @field_validator("cards", mode="before")
    @classmethod
    def _two_cards(cls, cards: Any) -> Any:
        if isinstance(cards, (list, tuple)) and len(cards) != 2:
            raise FightError(f"a turn has two cards, player 0's and player 1's, not {len(cards)}")
        return cards

    @model_validator(mode="after")
    def _fight_cards(self) -> Turn:
        a, b = self.cards
        check_card(a)
        check_card(b)
        if a == b:
            raise FightError(f"{a.symbol} is played twice: a {GAME} deck has one of each card")
        return self


Outcome = Literal["win", "both-discard", "coin-flip-needed"]


class TurnResult(BaseModel):
    """Who wins the turn and which card they collect, and why."""

    model_config = ConfigDict(frozen=True)

    outcome: Outcome
    winner: int | None
    """the player who wins the turn (None: both discard, or a coin flip is needed)"""
    collected: Card | None
    """the card that goes to the winner's victory pile"""
    discarded: tuple[Card, ...]
    """the un-won cards that go to the discard pile"""
    decided_by: Literal["move", "lower", "tie-breaker", "coin", "none", "coin-needed"]
    """move: a move beat the other; lower: two attacks, the lower value won; tie-breaker /
    coin: two attacks of equal value; none: two defences"""
    first_pick: int | None = None
    """two defences: who picks first from the row (the Tie Breaker holder, or the coin's
    player; None while a flip is needed)"""
    explanation: list[str]


def resolve_turn(turn: Turn, names: Sequence[str] | None = None) -> TurnResult:
    """Resolve one turn by the Moves section of the rules.

    >>> for line in resolve_turn(Turn(cards=("2C", "5S"))).explanation[1:]:
    ...     print(line)
    two attack cards → the lower value wins: 2♣ (2) is lower than 5♠ (5)
    player 0 collects their own 2♣; 5♠ is discarded
    >>> resolve_turn(Turn(cards=("2D", "5H"))).outcome
    'both-discard'
    >>> resolve_turn(Turn(cards=("4S", "4C"))).outcome
    'coin-flip-needed'
    """
    a, b = turn.cards
    who = (_name(names, 0), _name(names, 1))
    steps = [f"{who[0]} plays {_card_text(a)}; {who[1]} plays {_card_text(b)}"]
    if a.is_black != b.is_black:
        return _a_move_wins(turn, who, steps)
    if a.is_red:
        return _two_defences(turn, who, steps)
    if value(a) != value(b):
        return _the_lower_attack_wins(turn, who, steps)
    return _a_tie_of_attacks(turn, who, steps)


def _a_move_wins(turn: Turn, who: tuple[str, str], steps: list[str]) -> TurnResult:
    """An attack against a defence: the cycle says which move wins; an attack collects itself,
    a defence collects the attack it stopped."""
    w = 0 if beats(move(turn.cards[0]), move(turn.cards[1]), turn.cycle) else 1
    won, lost = turn.cards[w], turn.cards[1 - w]
    steps.append(f"{move(won).value} beats {move(lost).value} ({turn.cycle} cycle)")
    if won.is_black:
        steps.append(
            f"{who[w]} wins with an attack card → collects their own {won.symbol}; "
            f"{lost.symbol} is discarded"
        )
        collected, discarded = won, lost
    else:
        steps.append(
            f"{who[w]} wins with a defence card → collects {who[1 - w]}'s {lost.symbol}; "
            f"{won.symbol} is discarded"
        )
        collected, discarded = lost, won
    return TurnResult(outcome="win", winner=w, collected=collected, discarded=(discarded,),
                      decided_by="move", explanation=steps)


def _two_defences(turn: Turn, who: tuple[str, str], steps: list[str]) -> TurnResult:
    """Two defences: both discarded, and who picks first from the row (the Tie Breaker's
    holder, else the coin)."""
    tb, coin = turn.tie_breaker, turn.coin
    steps.append("two defence cards → both are discarded and nobody wins the turn")
    if tb is not None:
        first: int | None = tb
        steps.append(
            f"both draw a face-up card from the row; {who[tb]} holds the Tie Breaker and picks first"
        )
    elif coin is not None:
        first = coin
        steps.append(
            f"both draw a face-up card from the row; nobody holds the Tie Breaker → "
            f"the coin flip says {who[coin]} picks first"
        )
    else:
        first = None
        steps.append(
            "both draw a face-up card from the row; nobody holds the Tie Breaker → "
            "flip a coin for who picks first"
        )
    return TurnResult(outcome="both-discard", winner=None, collected=None, discarded=turn.cards,
                      decided_by="none", first_pick=first, explanation=steps)


def _the_lower_attack_wins(turn: Turn, who: tuple[str, str], steps: list[str]) -> TurnResult:
    """Two attacks of different values: the lower one wins and collects itself."""
    a, b = turn.cards
    w = 0 if value(a) < value(b) else 1
    won, lost = turn.cards[w], turn.cards[1 - w]
    steps.append(
        f"two attack cards → the lower value wins: {won.symbol} ({value(won)}) is lower than "
        f"{lost.symbol} ({value(lost)})"
    )
    steps.append(f"{who[w]} collects their own {won.symbol}; {lost.symbol} is discarded")
    return TurnResult(outcome="win", winner=w, collected=won, discarded=(lost,), decided_by="lower",
                      explanation=steps)


def _a_tie_of_attacks(turn: Turn, who: tuple[str, str], steps: list[str]) -> TurnResult:
    """Two attacks of equal value: the Tie Breaker's holder wins, else the coin, else a coin
    must be flipped."""
    tb, coin = turn.tie_breaker, turn.coin
    steps.append(f"two attack cards of equal value ({value(turn.cards[0])}) → a tie")
    if tb is not None:
        won, lost = turn.cards[tb], turn.cards[1 - tb]
        steps.append(
            f"{who[tb]} holds the Tie Breaker → wins the tie and collects their own {won.symbol}; "
            f"{lost.symbol} is discarded"
        )
        return TurnResult(outcome="win", winner=tb, collected=won, discarded=(lost,),
                          decided_by="tie-breaker", explanation=steps)
    if coin is not None:
        won, lost = turn.cards[coin], turn.cards[1 - coin]
        steps.append(
            f"nobody holds the Tie Breaker → the coin flip goes to {who[coin]}, who collects their own "
            f"{won.symbol}; {lost.symbol} is discarded"
        )
        return TurnResult(outcome="win", winner=coin, collected=won, discarded=(lost,), decided_by="coin",
                          explanation=steps)
    steps.append("nobody holds the Tie Breaker → flip a coin: its winner collects the card they played")
    return TurnResult(outcome="coin-flip-needed", winner=None, collected=None, discarded=(),
                      decided_by="coin-needed", explanation=steps)


# --- victory piles and the Tie Breaker ------------------------------------------------------


class PileCard(BaseModel):
    """One card of a victory pile and whether it lies face up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: Card
    face_up: bool

    def __str__(self) -> str:
        return f"{self.card}{'↑' if self.face_up else '↓'}"

    @property
    def symbol(self) -> str:
        return f"{self.card.symbol} face {'up' if self.face_up else 'down'}"


Pile = tuple[PileCard, ...]
"""A victory pile from the bottom card to the top card."""
Piles = tuple[Pile, Pile]


def victory_points(pile: Sequence[PileCard]) -> int:
    """The sum of the values of the cards in a victory pile (face up or down)."""
    return sum(value(p.card) for p in pile)


def tie_breaker_holder(piles: Sequence[Sequence[PileCard]]) -> int | None:
    """Whichever player has a face-up card on top of their victory pile (None: nobody).

    >>> up, down = PileCard(card="4S", face_up=True), PileCard(card="2H", face_up=False)
    >>> tie_breaker_holder(((down,), (down, up))), tie_breaker_holder(((down,), ()))
    (1, None)
    """
    holders = [i for i, pile in enumerate(piles) if pile and pile[-1].face_up]
    if len(holders) > 1:
        raise FightError(
            "both victory piles show a face-up top card: only one player can hold the Tie Breaker"
        )
    return holders[0] if holders else None


def tie_breaker_card(piles: Sequence[Sequence[PileCard]]) -> Card | None:
    """The Tie Breaker: the face-up card on top of its holder's victory pile."""
    holder = tie_breaker_holder(piles)
    return None if holder is None else piles[holder][-1].card


Placed = Literal["first", "top", "bottom", "face-down", "takes-tie-breaker"]


class Placement(BaseModel):
    """Where a won card went, the piles after it, and why."""

    model_config = ConfigDict(frozen=True)

    piles: tuple[Pile, Pile]
    holder: int
    """the Tie Breaker holder afterwards"""
    placed: Placed
    """first: the round's first won card (face up, the Tie Breaker); top / bottom: the holder
    won it (face up on top / at the bottom); face-down: the other player won a lower card;
    takes-tie-breaker: the other player won an equal or higher card"""
    explanation: list[str]


def place_won_card(
    piles: Sequence[Sequence[PileCard]], winner: int, won: Card, names: Sequence[str] | None = None
) -> Placement:
    """Put a won card into its winner's victory pile by the TIE BREAKER CARD section.

    >>> up = lambda c: PileCard(card=c, face_up=True)
    >>> p = place_won_card(((up("4S"),), ()), 0, card("2H"))
    >>> p.placed, [str(c) for c in p.piles[0]]
    ('bottom', ['2H↓', '4S↑'])
    >>> p = place_won_card(((up("4S"),), ()), 1, card("3D"))
    >>> p.placed, p.holder, [str(c) for c in p.piles[1]]
    ('face-down', 0, ['3D↓'])
    """
    _check_placing(piles, winner, won)
    holder = tie_breaker_holder(piles)
    mine, theirs = tuple(piles[winner]), tuple(piles[1 - winner])
    who, other = _name(names, winner), _name(names, 1 - winner)
    if holder is None:
        mine, theirs, placed, new_holder, step = _the_rounds_first_card(mine, theirs, winner, won, who)
    elif holder == winner:
        mine, theirs, placed, new_holder, step = _the_holder_wins(mine, theirs, winner, won, who)
    else:
        mine, theirs, placed, new_holder, step = _the_other_player_wins(mine, theirs, winner, won, who, other)
    new_piles = (mine, theirs) if winner == 0 else (theirs, mine)
    return Placement(piles=new_piles, holder=new_holder, placed=placed, explanation=[step])


_Placing = tuple[Pile, Pile, Placed, int, str]
"""the winner's pile, the other pile, where the card went, the Tie Breaker's holder, and why"""


def _check_placing(piles: Sequence[Sequence[PileCard]], winner: int, won: Card) -> None:
    """Two piles, a player of the two, a card of the deck that no pile holds yet."""
    if winner not in (0, 1):
        raise FightError(f"there is no player {winner}: {GAME} is for players 0 and 1")
    if len(piles) != 2:
        raise FightError(f"{GAME} has two victory piles")
    check_card(won)
    for pile in piles:
        if any(p.card == won for p in pile):
            raise FightError(f"{won.symbol} is already in a victory pile")


def _the_rounds_first_card(mine: Pile, theirs: Pile, winner: int, won: Card, who: str) -> _Placing:
    """Nobody holds the Tie Breaker: the round's first won card goes face up and is it."""
    if mine or theirs:
        raise FightError("the victory piles have cards but neither shows a face-up top card")
    return (
        (PileCard(card=won, face_up=True),), theirs, "first", winner,
        f"the first card won this round: {won.symbol} goes face up on {who}'s victory pile "
        f"and is the Tie Breaker; {who} holds it",
    )


def _the_holder_wins(mine: Pile, theirs: Pile, winner: int, won: Card, who: str) -> _Placing:
    """The Tie Breaker's holder won the card: a lower one goes to the bottom, an equal or
    higher one face up on top (the new Tie Breaker)."""
    top = mine[-1].card
    if value(won) < value(top):
        return (
            (PileCard(card=won, face_up=False),) + mine, theirs, "bottom", winner,
            f"{who} holds the Tie Breaker ({top.symbol}); {won.symbol} is lower → "
            f"at the bottom of {who}'s victory pile",
        )
    relation = "equal" if value(won) == value(top) else "higher"
    return (
        mine + (PileCard(card=won, face_up=True),), theirs, "top", winner,
        f"{who} holds the Tie Breaker ({top.symbol}); {won.symbol} is {relation} → "
        f"face up on top of {who}'s victory pile: the Tie Breaker is now {won.symbol}",
    )


def _the_other_player_wins(mine: Pile, theirs: Pile, winner: int, won: Card, who: str, other: str) -> _Placing:
    """The player without the Tie Breaker won the card: a lower one goes face down; an equal
    or higher one goes face up on top and takes the Tie Breaker, which turns face down."""
    tb = theirs[-1].card
    if value(won) < value(tb):
        return (
            mine + (PileCard(card=won, face_up=False),), theirs, "face-down", 1 - winner,
            f"{other} holds the Tie Breaker ({tb.symbol}); {won.symbol} is lower → "
            f"face down on {who}'s victory pile",
        )
    relation = "equal" if value(won) == value(tb) else "higher"
    return (
        mine + (PileCard(card=won, face_up=True),), theirs[:-1] + (PileCard(card=tb, face_up=False),),
        "takes-tie-breaker", winner,
        f"{other} holds the Tie Breaker ({tb.symbol}); {won.symbol} is {relation} → face up on top "
        f"of {who}'s victory pile; {other} turns {tb.symbol} face down: "
        f"{who} now holds the Tie Breaker",
    )


# --- rounds ----------------------------------------------------------------------------------


def reaches_round_points(pile: Sequence[PileCard]) -> bool:
    """13 or more victory points win the round."""
    return victory_points(pile) >= ROUND_POINTS


def coin_flip(rng: random.Random) -> Literal[0, 1]:
    """A fair coin between player 0 and player 1, drawn from the given generator (the app
    draws it once and records it in the action; replay never flips again)."""
    return 0 if rng.random() < 0.5 else 1


__all__ = [
    "BEATS",
    "CYCLES",
    "DECK",
    "FACE_DOWN_DRAWS",
    "GAME",
    "HAND",
    "MOVES",
    "ROUNDS_TO_WIN",
    "ROUND_POINTS",
    "ROW",
    "CardError",
    "Cycle",
    "FightError",
    "Move",
    "Pile",
    "PileCard",
    "Piles",
    "Placement",
    "Turn",
    "TurnResult",
    "beats",
    "check_card",
    "coin_flip",
    "cycle_text",
    "move",
    "place_won_card",
    "reaches_round_points",
    "resolve_turn",
    "tie_breaker_card",
    "tie_breaker_holder",
    "value",
]
