"""The advisor: the exact odds at the moment a player decides, from what the app was told.

Each game's odds are its package's ``advice.py``; here is what they share. Each takes a tracker
and its state (and, where the player is still choosing, what they are about to do) and
answers an ``Advice``: the chances in the players' words, the
numbers worth reading at a glance, and how they were counted. The counting is the odds
package's (``calculators.odds``), the same functions the protocol asks call, over the
**unknown cards**: the game's deck less every card the tracker knows is elsewhere
(``known_cards``). Cards in hands the app was not told stay unknown; by symmetry a hidden card
is as likely to be any of them as a card off the deck, and the explanation says so. Nothing
here reads a player's private cards unless that player's own phone passes them in (the Peace
and Love hand).

None means "no decision with chance here"; an Advice without chances carries the reason the
odds cannot be counted (a deck too short, a fight no one can lose).
"""

from __future__ import annotations

from collections import Counter

from card_companion.calculators.cards import Card
from card_companion.calculators.odds import percent
from card_companion.companion.game import Frozen, IllegalAction


class Chance(Frozen):
    """One outcome and how likely it is."""

    label: str
    """in the players' words: "Ann wins the round" """
    p: float
    good: bool | None = None
    """for the player deciding: good (True), bad (False) or neither (None)"""

    @property
    def text(self) -> str:
        return percent(self.p)


class Advice(Frozen):
    """The odds of one decision, as the table shows them."""

    title: str
    chances: tuple[Chance, ...] = ()
    figures: tuple[tuple[str, str], ...] = ()
    """numbers worth reading at a glance: ("Expected HP lost", "3.2")"""
    explanation: tuple[str, ...] = ()
    """how it was counted, line by line"""

    def headline(self) -> str:
        """The chances in one line: "Ann wins 61 % · tie 5 % · the Monster wins 34 %"."""
        return " · ".join(f"{c.label} {c.text}" for c in self.chances)


def unknown_cards(game, state) -> list[Card]:
    """The game's deck less every card the tracker knows is elsewhere (one per copy)."""
    left = Counter(game.deck(state.setup).all_cards())
    left.subtract(game.known_cards(state))
    return [c for c, n in left.items() for _ in range(max(0, n))]


def what_if(game, s, action, when: str) -> Advice | None:
    """The odds as they would be after ``action`` (running away, a heart to heal), the game's
    own ``advice(state)``, titled with ``when``; None if the tracker refuses the action."""
    try:
        after = game.apply(s, action)
    except (IllegalAction, ValueError):
        return None
    advice = game.advice(after)
    return None if advice is None else advice.model_copy(update={"title": f"{when}: {advice.title}"})
