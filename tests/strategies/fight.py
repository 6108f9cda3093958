"""Random play and invariants for fight (test support: the generic random-play test, the
durability test and the property tests use them; moved out of the production module)."""

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
from card_companion.companion.fight import Fight, FightSetup, FightState, Pick, TurnUp
from tests.strategies.base import GameStrategy


class Strategy(GameStrategy):
    """The game's random play and invariants; the game's own queries through ``self``."""

    def random_setup(self, rng: random.Random) -> FightSetup:
        return self.make_setup(
            ["Ann", "Bea"],
            {"cycle": rng.choice(["default", "reverse"])},
        )

    def random_action(self, state: FightState, rng: random.Random):
        if state.phase == "row":
            return TurnUp(cards=tuple(rng.sample(self.unseen(state), self.row_needed(state))))
        if state.phase == "coin-flip":
            return self.flip_coin(state, rng)
        if state.phase == "pick":
            return Pick(player=state.pickers[0], card=rng.choice(state.row))
        if state.phase == "fight":
            first = rng.choice(self.playable(state, 0))
            second = rng.choice([c for c in self.playable(state, 1) if c != first])
            return Fight(cards=(first, second))
        return None

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
        known = self.known_cards(s)
        assert len(set(known)) == len(known), "a card is in two places"
        assert all(DECK.contains(c) for c in known), "a card outside the deck"
        unseen = DECK.size - len(known)
        assert unseen == s.deck + sum(p.face_down for p in s.players), "unseen ≠ deck + face-down cards"
        tops = [i for i, p in enumerate(s.players) if p.pile and p.pile[-1].face_up]
        assert len(tops) <= 1, "two Tie Breaker holders"
        if any(p.pile for p in s.players):
            assert len(tops) == 1, "cards were won this round but nobody holds the Tie Breaker"
        wins = self.rounds_won(s)
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
            assert max(self.points(s)) < ROUND_POINTS, "a round goes on after 13 victory points"
        assert (s.phase == "coin-flip") == (s.flip is not None)
        assert (s.played is not None) == (s.flip == "tie")
        assert (s.phase == "pick") == bool(s.pickers)
        if s.phase == "fight":
            assert all(p.hand == HAND for p in s.players), "a turn starts without 4 cards in each hand"
        if s.phase == "pick":
            assert s.row, "a pick from an empty row"
