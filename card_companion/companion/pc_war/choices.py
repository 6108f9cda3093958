"""What PC War's players may enter now, said once: ``legal_actions(state)``, one ``Choices``
per kind of step. The screen reads its buttons from it (queries.py: ``can_flip``,
``tap_choices``...), random play draws only from it (random_play.py), and ``GAME.step``
accepts exactly these.

- phase flip: a ``Flip`` (``Reveals``: one tap, the two cards, or both when they agree), a
  ``Stop`` (counting or not) and a ``Recount`` (``Recounts``: any other counts that make the
  deck);
- phase swap: the one ``SwapHands``;
- phase war: a ``War`` (``Reveals`` again: the war's face-up cards);
- over: nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from card_companion.calculators.cards import Card, RulesError
from card_companion.calculators.pc_war import check_pair, strength, taker
from card_companion.companion.legal import Among, Choices, Legal
from card_companion.companion.pc_war.actions import Flip, Recount, Stop, SwapHands, War
from card_companion.companion.pc_war.state import PCWarState, Tap, table_deck, tap_for

TAPS: tuple[Tap, ...] = ("left", "right", "tie")
"""the one-tap answers, in the order the screen's labels list them"""
TAP_WEIGHTS = (47, 47, 6)
"""how often a random tap is each of ``TAPS`` (a tie about one flip in sixteen, as a pack of
thirteen ranks gives)"""
TWO_JOKERS = 0.01
"""how often a random pair of cards is the two Jokers, in a deck that holds both"""


@dataclass(frozen=True)
class Reveals(Choices[Flip | War]):
    """The face-up cards due now (a ``Flip``, or the war's: ``War``): one tap (whose card is
    higher, or a tie), or the two cards (player 0's first) the deck can show together, alone
    or with the tap they agree with."""

    kind: type[Flip] | type[War]
    state: PCWarState

    def __iter__(self) -> Iterator[Flip | War]:
        for tap in TAPS:
            yield self.kind(higher=tap)
        deck = table_deck(self.state.setup)
        faces = deck.faces()
        for left in faces:
            for right in faces:
                if left != right or deck.copies_of(left) > 1:
                    yield self.kind(cards=(left, right))
                    yield self.kind(cards=(left, right), higher=self._tap(left, right))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, self.kind):
            return False
        if action.cards is None:
            return action.higher in TAPS
        left, right = action.cards
        try:  # the flip's own check: a card not in the deck, or one card for both players
            check_pair(left, right, table_deck(self.state.setup))
        except RulesError:
            return False
        return action.higher is None or action.higher == self._tap(left, right)

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Flip | War:
        """Half the time a tap (``TAP_WEIGHTS``), half the time two different cards of the deck
        (rarely the two Jokers), with no tap or, one time in three, the tap that agrees."""
        if rng.random() < 0.5:
            return self.kind(higher=rng.choices(TAPS, weights=TAP_WEIGHTS)[0])
        deck = table_deck(self.state.setup)
        left, right = rng.sample(deck.faces(), 2)
        if deck.jokers == 2 and rng.random() < TWO_JOKERS:
            left = right = next(c for c in deck.faces() if c.is_joker)  # two Jokers tie
        return self.kind(cards=(left, right), higher=rng.choice([None, None, self._tap(left, right)]))

    def _tap(self, left: Card, right: Card) -> Tap:
        """The tap that says what these two cards say (the blank card as the table ranks it)."""
        blank = self.state.setup.settings.blank_card
        return tap_for(taker(strength(left, blank), strength(right, blank)))

    def taps(self) -> tuple[Tap, ...]:
        """The one-tap answers among them (the screen's three buttons)."""
        return tuple(t for t in TAPS if self.kind(higher=t) in self)


@dataclass(frozen=True)
class Recounts(Choices[Recount]):
    """The counts a recount may correct to: every hand and pile, none below zero, that
    together make the whole deck, but the counts the app already has."""

    state: PCWarState
    kind: type = Recount

    def _now(self) -> tuple[tuple[int, int], tuple[int, int]]:
        p0, p1 = self.state.players
        return (p0.hand, p1.hand), (p0.pile, p1.pile)

    def __iter__(self) -> Iterator[Recount]:
        total, now = self.state.deck, self._now()
        for h0 in range(total + 1):
            for h1 in range(total - h0 + 1):
                for q0 in range(total - h0 - h1 + 1):
                    counts = ((h0, h1), (q0, total - h0 - h1 - q0))
                    if counts != now:
                        yield Recount(hands=counts[0], piles=counts[1])

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Recount):
            return False
        return (min(action.hands + action.piles) >= 0 and sum(action.hands) + sum(action.piles) == self.state.deck
                and (action.hands, action.piles) != self._now())

    def __bool__(self) -> bool:
        return self.state.deck > 0  # one card makes four ways to hold it: three others than the app's

    def sample(self, rng: random.Random) -> Recount:
        """Counts that differ from the app's: player 0 holds between one card and all but one,
        split at random between hand and pile, and so does player 1 with the rest."""
        total, now = self.state.deck, self._now()
        while True:
            first = rng.randint(1, total - 1)
            h0, h1 = rng.randint(0, first), rng.randint(0, total - first)
            counts = ((h0, h1), (first - h0, total - first - h1))
            if counts != now:
                return Recount(hands=counts[0], piles=counts[1])


SWAP = Among(SwapHands, (SwapHands(),))
"""the one step after a tie"""
STOPS = Among(Stop, (Stop(), Stop(counts=False)))
"""stopping between flips: scored by the fewest cards, or without counting"""


def legal_actions(state: PCWarState) -> Legal:
    """Every step the players may enter now, kind by kind (none once the game is over)."""
    if state.phase == "flip":
        return Legal.of(Reveals(Flip, state), STOPS, Recounts(state))
    if state.phase == "swap":
        return Legal.of(SWAP)
    if state.phase == "war":
        return Legal.of(Reveals(War, state))
    return Legal()

