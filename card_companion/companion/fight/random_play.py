"""FIGHT!'s random play (the generic random-play test, the durability test, the property tests
and the benchmarks use it): a random setup, a random one of the table's ``legal_actions`` and
the invariants every state keeps."""

from __future__ import annotations

import random

from card_companion.calculators.fight import (
    DECK,
    HAND,
    ROUND_POINTS,
    ROUNDS_TO_WIN,
    ROW,
    tie_breaker_holder,
    victory_points,
)
from card_companion.companion.fight.actions import Action
from card_companion.companion.fight.checks import known_cards
from card_companion.companion.fight.choices import legal_actions
from card_companion.companion.fight.queries import points
from card_companion.companion.fight.state import FightSetup, FightState
from card_companion.companion.fight.winning import rounds_won
from card_companion.companion.legal import RandomPlay


class FightRandomPlay(RandomPlay[FightSetup, FightState, Action]):
    """A random FIGHT!: either cycle; each step one of the legal ones, all alike (the row's
    cards from the unseen ones, a fair coin, any row card, any two cards the players can
    hold). A match always ends: every turn takes cards off the deck or out of the row."""

    def random_setup(self, rng: random.Random) -> FightSetup:
        setup: FightSetup = self.game.make_setup(["Ann", "Bea"], {"cycle": rng.choice(["default", "reverse"])})
        return setup

    def random_action(self, state: FightState, rng: random.Random) -> Action | None:
        """One of the legal actions at random. Each phase allows one kind of step, so no kind
        is drawn first: the draws are the kind's own (the same as before the table listed its
        legal actions, so a seed plays the same match)."""
        legal = legal_actions(state)
        if not legal:
            return None
        (kind,) = legal.choices
        action: Action = kind.sample(rng)
        return action

    def check_invariants(self, state: FightState) -> None:
        s = state
        assert s.deck >= 0, "the deck count went below zero"
        assert len(s.row) <= ROW, "more than three cards in the row"
        for p in s.players:
            assert 0 <= len(p.face_up) <= p.hand, "a hand count does not hold its face-up picks"
        played = len(s.played) if s.played else 0
        total = (s.deck + len(s.row) + sum(p.hand for p in s.players) + sum(len(p.pile) for p in s.players)
                 + len(s.discards) + played)
        assert total == DECK.size, f"cards not conserved: {total} != {DECK.size}"
        known = known_cards(s)
        assert len(set(known)) == len(known), "a card is in two places"
        assert all(DECK.contains(c) for c in known), "a card outside the deck"
        unseen = DECK.size - len(known)
        assert unseen == s.deck + sum(p.face_down for p in s.players), "unseen ≠ deck + face-down cards"
        tops = [i for i, p in enumerate(s.players) if p.pile and p.pile[-1].face_up]
        assert len(tops) <= 1, "two Tie Breaker holders"
        if any(p.pile for p in s.players):
            assert len(tops) == 1, "cards were won this round but nobody holds the Tie Breaker"
        self._check_rounds(s)
        assert (s.phase == "coin-flip") == (s.flip is not None)
        assert (s.played is not None) == (s.flip == "tie")
        assert (s.phase == "pick") == bool(s.pickers)
        if s.phase == "fight":
            assert all(p.hand == HAND for p in s.players), "a turn starts without 4 cards in each hand"
        if s.phase == "pick":
            assert s.row, "a pick from an empty row"

    def _check_rounds(self, s: FightState) -> None:
        """The finished rounds agree with their piles, and the match ends at two rounds won."""
        wins = rounds_won(s)
        assert max(wins) <= ROUNDS_TO_WIN
        assert (s.phase == "over") == (max(wins) == ROUNDS_TO_WIN), "the match ends exactly at two rounds won"
        assert s.round == len(s.rounds) + (0 if s.phase == "over" else 1), "round numbers"
        for r in s.rounds:
            assert r.points == tuple(victory_points(p) for p in r.piles), "round points ≠ piles"
            if r.decided_by == "points":
                assert r.points[r.winner] >= ROUND_POINTS > r.points[1 - r.winner]
            else:
                assert max(r.points) < ROUND_POINTS
                holder = tie_breaker_holder(r.piles)
                assert holder == (r.winner if r.decided_by == "tie-breaker" else None)
        if s.phase != "over":
            assert max(points(s)) < ROUND_POINTS, "a round goes on after 13 victory points"
