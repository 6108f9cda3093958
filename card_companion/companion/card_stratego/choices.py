"""What may be entered now in Card Stratego, said once: ``legal_actions(state)``, one ``Choices``
per kind of step (companion/legal.py). The screen's buttons, targets and card pickers and the
random play read it; ``GAME.step`` refuses any other step with a sentence.

ACTIONS: a turn's actions are the player's to take, every one of them used: draw, put a card
into play, attack, play a special card from the hand (a Jack, the Joker, a Scout, a 6) or, as a
General, Drain and Consolidate; the turn ends early only when nothing is left (``what_remains``).
A card the rules turn face up (or discard) is entered as one of its army's cards not seen yet
(``card_choices``): the steps that carry such cards are many (an attack's two cards, a Jack's
two reveals), so their kinds list them lazily, say membership from the rules' checks and draw
one at random without listing them all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cached_property
from itertools import permutations, product
from typing import Literal

from card_companion.calculators.card_stratego import (
    COLUMNS,
    DEPTH,
    BoardError,
    can_stand,
    is_scout,
    moves_a_card,
    rearrange,
)
from card_companion.calculators.cards import JOKER, Card, Rank
from card_companion.companion.card_stratego.actions import (
    Attack,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
    is_line,
)
from card_companion.companion.card_stratego.checks import cards_in_play, face_down_places, hand_may_hold, unseen
from card_companion.companion.card_stratego.state import CardStrategoState, InPlay, Place
from card_companion.companion.legal import Among, Choices, Legal

Line = tuple[int, str, int]
"""a line a Jack may rearrange: (player, "row"/"column", index)"""


def legal_actions(state: CardStrategoState) -> Legal:
    """Every step the player whose turn it is may take now, kind by kind (none once the game
    is over). Each kind is worked out only as far as the screen or the caller asks."""
    if state.phase != "turn":
        return Legal()
    me = state.armies[state.turn]
    return Legal.of(
        Among(Draw, (Draw(),)) if me.deck > 0 else None,
        Among(PutIntoPlay, tuple(PutIntoPlay(column=c, position=p) for c, ps in play_places(state).items()
                                 for p in ps)),
        Attacks(state),
        JackRearranges(state),
        JackReveals(state),
        JokerDestroys(state),
        ScoutReveals(state),
        SixReturns(state),
        Drains(state),
        Among(Consolidate, tuple(Consolidate(mine=m, theirs=t, into=into) for m, t in consolidations(state)
                                 for into in (m, t))),
        Among(EndTurn, (EndTurn(),)) if not what_remains(state) else None,
    )


# --- the board's facts the kinds are made of ---------------------------------------------------


def card_choices(state: CardStrategoState, player: int, standing: bool = True) -> list[Card]:
    """The cards that may be entered for one of the player's cards: not seen yet, and for
    a card in play (``standing``) neither a Jack nor the Joker."""
    return [c for c in unseen(state, player) if can_stand(c) or not standing]


def _values(state: CardStrategoState, owner: int, slot: InPlay) -> list[Card | None]:
    """What a step may say a card it turns up or discards is: a face-down card one of
    ``card_choices``; a face-up one is left out (None) or named as it is."""
    return [None, slot.card] if slot.card is not None else list(card_choices(state, owner))


def _value(state: CardStrategoState, owner: int, slot: InPlay, rng: random.Random,
           taken: tuple[Card, ...] = ()) -> Card | None:
    """A random one of ``_values``, a face-up card left out."""
    if slot.face_up:
        return None
    return rng.choice([c for c in card_choices(state, owner) if c not in taken])


def _slot(state: CardStrategoState, place: Place) -> InPlay:
    return state.armies[place.player].columns[place.column][place.position]


def play_places(state: CardStrategoState) -> dict[int, list[int]]:
    """Where the player can put a card into play: column → positions (0 = front rank)."""
    if state.phase != "turn" or not hand_may_hold(state, can_stand):
        return {}
    return {c: list(range(len(col) + 1)) for c, col in enumerate(state.armies[state.turn].columns)
            if len(col) < DEPTH}


def attack_columns(state: CardStrategoState) -> list[int]:
    """Columns where the player's front card can attack the opposing front card."""
    if state.phase != "turn":
        return []
    me, them = state.armies[state.turn], state.armies[1 - state.turn]
    return [c for c in range(COLUMNS) if me.columns[c] and them.columns[c]]


def jack_reveals(state: CardStrategoState) -> int:
    """How many face-down cards a Jack turns up now: two, or the only one in play."""
    return min(2, len(face_down_places(state)))


def _in_hand(state: CardStrategoState, fits) -> list[Card]:
    """The player's cards not seen yet that fit, which the hand may hold now (none from an
    empty hand)."""
    if state.armies[state.turn].hand == 0:
        return []
    return [c for c in unseen(state, state.turn) if fits(c)]


def _jacks(state: CardStrategoState) -> list[Card]:
    return _in_hand(state, lambda c: c.rank == Rank.JACK)


def jack_lines(state: CardStrategoState) -> list[Line]:
    """(player, "row"/"column", index) of every line a Jack can rearrange now."""
    return [(p, line, i) for p in (0, 1) for line, count in (("row", DEPTH), ("column", COLUMNS))
            for i in range(count) if next(_orders(state, p, line, i), None) is not None]


def _orders(state: CardStrategoState, player: int, line: str, index: int) -> Iterator[tuple[int, ...]]:
    """Every order a Jack may give this line (see JackRearrange.order), empty places that
    swap included."""
    columns = state.armies[player].columns
    if line == "row" and not any(len(c) > index for c in columns):
        return
    size = COLUMNS if line == "row" else len(columns[index])
    for order in permutations(range(size)):
        if _rearranges(state, player, line, index, order):
            yield order


def _rearranges(state: CardStrategoState, player: int, line: str, index: int, order: tuple[int, ...]) -> bool:
    """Whether a Jack may give the line this order (the rule of ``special_cards.rearranged``)."""
    columns = state.armies[player].columns
    if not is_line(line) or (line == "row" and (index >= DEPTH or not any(len(c) > index for c in columns))):
        return False
    if line == "column" and not columns[index]:
        return False
    try:
        rearrange(columns, line, index, order)
    except BoardError:
        return False
    return state.setup.settings.jack_may_keep_order or moves_a_card(columns, line, index, order)


def rearrangements(state: CardStrategoState, player: int, line: str, index: int) -> list[tuple[int, ...]]:
    """Every distinct order a Jack may give this line (see JackRearrange.order); orders
    that differ only in which empty places swap count once."""
    lines = {"row": DEPTH, "column": COLUMNS}
    if player not in (0, 1) or not is_line(line) or not 0 <= index < lines[line]:
        return []
    columns = state.armies[player].columns
    out: dict[tuple[int | None, ...], tuple[int, ...]] = {}
    for order in _orders(state, player, line, index):
        # where each card comes from; empty places are all alike
        key = tuple(src if line == "column" or len(columns[src]) > index else None for src in order)
        out.setdefault(key, order)
    return list(out.values())


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


def what_remains(s: CardStrategoState) -> str:
    """What the player can still do, in words ("" when nothing is left: the turn may end)."""
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


# --- the kinds with many forms ----------------------------------------------------------------


class Attacks(Choices[Attack]):
    """Attacks: a column where both front ranks hold a card, and the two cards turned face up
    (a face-down one entered as one of its army's unseen cards that can stand)."""

    kind = Attack

    def __init__(self, state: CardStrategoState) -> None:
        self.state = state

    @cached_property
    def columns(self) -> list[int]:
        return attack_columns(self.state)

    def _fronts(self, column: int) -> tuple[InPlay, InPlay]:
        s = self.state
        return s.armies[s.turn].columns[column][0], s.armies[1 - s.turn].columns[column][0]

    def __bool__(self) -> bool:
        return bool(self.columns)

    def __iter__(self) -> Iterator[Attack]:
        me, them = self.state.turn, 1 - self.state.turn
        for c in self.columns:
            mine, theirs = self._fronts(c)
            for a, d in product(_values(self.state, me, mine), _values(self.state, them, theirs)):
                yield Attack(column=c, attacker=a, defender=d)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Attack) or action.column not in self.columns:
            return False
        mine, theirs = self._fronts(action.column)
        me, them = self.state.turn, 1 - self.state.turn
        return action.attacker in _values(self.state, me, mine) and action.defender in _values(self.state, them, theirs)

    def sample(self, rng: random.Random) -> Attack:
        c = rng.choice(self.columns)
        mine, theirs = self._fronts(c)
        me, them = self.state.turn, 1 - self.state.turn
        return Attack(column=c, attacker=_value(self.state, me, mine, rng),
                      defender=_value(self.state, them, theirs, rng))


class FromHand(Choices):
    """A special card discarded from the hand: the screen asks which of ``hand_cards``."""

    def __init__(self, state: CardStrategoState) -> None:
        self.state = state

    @cached_property
    def hand_cards(self) -> list[Card]:
        """the cards of the hand that may make it (the app has not seen them elsewhere)"""
        raise NotImplementedError


class JackRearranges(FromHand):
    """A Jack discarded from the hand to give one line of either player's cards a new order."""

    kind = JackRearrange

    @cached_property
    def hand_cards(self) -> list[Card]:
        return _jacks(self.state)

    @cached_property
    def lines(self) -> list[Line]:
        return jack_lines(self.state) if self.hand_cards else []

    def __bool__(self) -> bool:
        return bool(self.lines)

    def __iter__(self) -> Iterator[JackRearrange]:
        for jack, (p, line, i) in product(self.hand_cards, self.lines):
            for order in _orders(self.state, p, line, i):
                yield JackRearrange(jack=jack, player=p, line="row" if line == "row" else "column", index=i,
                                    order=order)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, JackRearrange) and action.jack in self.hand_cards
                and _rearranges(self.state, action.player, action.line, action.index, tuple(action.order)))

    def sample(self, rng: random.Random) -> JackRearrange:
        jack = rng.choice(self.hand_cards)
        p, line, i = rng.choice(self.lines)
        return JackRearrange(jack=jack, player=p, line="row" if line == "row" else "column", index=i,
                             order=rng.choice(rearrangements(self.state, p, line, i)))


class JackReveals(FromHand):
    """A Jack discarded from the hand to turn two face-down cards face up (the only one in
    play, where the settings allow it), each entered as one of its army's unseen cards."""

    kind = JackReveal

    @cached_property
    def places(self) -> list[Place]:
        return face_down_places(self.state)

    @cached_property
    def hand_cards(self) -> list[Card]:
        n = len(self.places)
        return _jacks(self.state) if n >= 2 or (n == 1 and self.state.setup.settings.jack_turns_up_one) else []

    @property
    def count(self) -> int:
        """how many cards it turns up: two, or the only one in play"""
        return jack_reveals(self.state)

    def __bool__(self) -> bool:
        return bool(self.hand_cards)

    def _reveals(self, chosen: tuple[Place, ...]) -> Iterator[tuple[Reveal, ...]]:
        """The cards the chosen places may turn out to be (two of one army: two cards)."""
        for cards in product(*(card_choices(self.state, p.player) for p in chosen)):
            if len(cards) == 2 and chosen[0].player == chosen[1].player and cards[0] == cards[1]:
                continue
            yield tuple(Reveal(place=p, card=c) for p, c in zip(chosen, cards))

    def __iter__(self) -> Iterator[JackReveal]:
        for jack in self.hand_cards:
            for chosen in permutations(self.places, self.count):
                for reveals in self._reveals(chosen):
                    yield JackReveal(jack=jack, reveals=reveals)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, JackReveal) or action.jack not in self.hand_cards:
            return False
        if len(action.reveals) != self.count:
            return False
        chosen = [r.place for r in action.reveals]
        if len(set(map(_key, chosen))) != len(chosen) or any(p not in self.places for p in chosen):
            return False
        shown = [(r.place.player, r.card) for r in action.reveals]
        return len(set(shown)) == len(shown) and all(r.card in card_choices(self.state, r.place.player)
                                                     for r in action.reveals)

    def sample(self, rng: random.Random) -> JackReveal:
        reveals: list[Reveal] = []
        for place in rng.sample(self.places, self.count):
            taken = tuple(r.card for r in reveals if r.place.player == place.player)
            card = _value(self.state, place.player, _slot(self.state, place), rng, taken)
            assert card is not None  # a face-down place
            reveals.append(Reveal(place=place, card=card))
        return JackReveal(jack=rng.choice(self.hand_cards), reveals=tuple(reveals))


def _key(p: Place) -> tuple[int, int, int]:
    return p.player, p.column, p.position


class _Targets(FromHand):
    """A special card discarded from the hand at one card on the battlefield."""

    @cached_property
    def targets(self) -> list[Place]:
        return cards_in_play(self.state) if self.hand_cards else []

    def __bool__(self) -> bool:
        return bool(self.targets)


class JokerDestroys(_Targets):
    """The Joker discarded from the hand to destroy any card on the battlefield (a face-down
    one entered: it goes to the discard pile face up)."""

    kind = JokerDestroy

    @cached_property
    def hand_cards(self) -> list[Card]:
        return _in_hand(self.state, lambda c: c.is_joker)

    def __iter__(self) -> Iterator[JokerDestroy]:
        for t in self.targets:
            for card in _values(self.state, t.player, _slot(self.state, t)):
                yield JokerDestroy(target=t, card=card)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, JokerDestroy) and action.target in self.targets
                and action.card in _values(self.state, action.target.player, _slot(self.state, action.target)))

    def sample(self, rng: random.Random) -> JokerDestroy:
        t = rng.choice(self.targets)
        return JokerDestroy(target=t, card=_value(self.state, t.player, _slot(self.state, t), rng))


class SixReturns(_Targets):
    """A 6 discarded from the hand to return any card on the battlefield to its owner's hand
    (a hand that may hold a card that can stand)."""

    kind = SixReturn

    @cached_property
    def hand_cards(self) -> list[Card]:
        ok = hand_may_hold(self.state, can_stand)
        return _in_hand(self.state, lambda c: c.rank == Rank.SIX) if ok else []

    def __iter__(self) -> Iterator[SixReturn]:
        for six, t in product(self.hand_cards, self.targets):
            yield SixReturn(six=six, target=t)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, SixReturn) and action.six in self.hand_cards and action.target in self.targets

    def sample(self, rng: random.Random) -> SixReturn:
        return SixReturn(six=rng.choice(self.hand_cards), target=rng.choice(self.targets))


class ScoutReveals(FromHand):
    """A Scout (2, 3, 4) discarded from the hand to turn a face-down card face up, entered as
    one of its army's unseen cards (not the Scout itself)."""

    kind = ScoutReveal

    @cached_property
    def hand_cards(self) -> list[Card]:
        return _in_hand(self.state, is_scout) if hand_may_hold(self.state, can_stand) else []

    @cached_property
    def places(self) -> list[Place]:
        return face_down_places(self.state) if self.hand_cards else []

    def __bool__(self) -> bool:
        return bool(self.places)

    def _cards(self, scout: Card, place: Place) -> list[Card]:
        mine = place.player == self.state.turn
        return [c for c in card_choices(self.state, place.player) if not (mine and c == scout)]

    def __iter__(self) -> Iterator[ScoutReveal]:
        for scout, place in product(self.hand_cards, self.places):
            for card in self._cards(scout, place):
                yield ScoutReveal(scout=scout, reveal=Reveal(place=place, card=card))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, ScoutReveal) or action.scout not in self.hand_cards:
            return False
        r = action.reveal
        return r.place in self.places and r.card in self._cards(action.scout, r.place)

    def sample(self, rng: random.Random) -> ScoutReveal:
        scout, place = rng.choice(self.hand_cards), rng.choice(self.places)
        return ScoutReveal(scout=scout, reveal=Reveal(place=place, card=rng.choice(self._cards(scout, place))))


class Drains(Choices[Drain]):
    """A General's Drain: the opponent discards the top card of the deck or, with the deck
    empty, a card picked at random from the hand (``pick``: its position, or not recorded),
    entered as one of the opponent's unseen cards that the deck and hand may still hold."""

    kind = Drain

    def __init__(self, state: CardStrategoState) -> None:
        self.state = state
        self.source = drain_from(state)

    def __bool__(self) -> bool:
        return self.source is not None

    @cached_property
    def cards(self) -> list[Card]:
        """the opponent's unseen cards; a card that can stand only while the deck and hand
        hold more than the unseen Jacks and Joker (which must be there)"""
        if self.source is None:
            return []
        them = 1 - self.state.turn
        army = self.state.armies[them]
        mine = unseen(self.state, them)
        hidden = sum(1 for c in mine if not can_stand(c))
        return [c for c in mine if not can_stand(c) or hidden < army.deck + army.hand]

    @property
    def picks(self) -> list[int | None]:
        held = self.state.armies[1 - self.state.turn].hand
        return [None, *range(1, held + 1)] if self.source == "hand" else [None]

    def __iter__(self) -> Iterator[Drain]:
        for card, pick in product(self.cards, self.picks):
            yield Drain(card=card, pick=pick)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Drain) and action.card in self.cards and action.pick in self.picks

    def sample(self, rng: random.Random) -> Drain:
        held = self.state.armies[1 - self.state.turn].hand
        return Drain(card=rng.choice(self.cards), pick=rng.randint(1, held) if self.source == "hand" else None)
