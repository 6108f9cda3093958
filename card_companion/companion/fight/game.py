"""FIGHT! at the table: the ``Game`` the registry lists. Each step's rule is in its section's
module (rounds: the row and the picks; turns; coin_flips; winning); what may be entered now
is choices.py's ``legal_actions``; the screen's other questions are queries.py's, called
from there; this class ties them to the ``Game`` shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.fight import DECK, tie_breaker_holder, victory_points
from card_companion.calculators.fight import GAME as GAME_NAME
from card_companion.calculators.words import symbols
from card_companion.companion.fight import checks, choices, coin_flips, rounds, turns, winning
from card_companion.companion.fight.actions import Action, CoinFlip, Fight, Pick, TurnUp
from card_companion.companion.fight.asks import TurnAsk, WonCardAsk
from card_companion.companion.fight.checks import count
from card_companion.companion.fight.state import FightSettings, FightSetup, FightState
from card_companion.companion.game import Game, Outcome, Standing, lead_line
from card_companion.companion.legal import Legal, RandomPlay


class FightGame(Game[FightSetup, FightState, Action]):
    id = "fight"
    name = GAME_NAME
    blurb = "Punch, Kick, Parry, Dodge: two fighters, a row of cards and the Tie Breaker."
    min_players = 2
    max_players = 2
    Settings = FightSettings
    Setup = FightSetup
    State = FightState
    action_type = Action
    asks = (TurnAsk, WonCardAsk)

    def deck(self, setup: FightSetup) -> Deck:
        return DECK

    def initial_state(self, setup: FightSetup) -> FightState:
        return FightState(setup=setup)

    handlers: ClassVar[dict[type, Callable[..., Any]]] = {
        TurnUp: rounds.turn_up,
        Pick: rounds.pick,
        Fight: turns.fight,
        CoinFlip: coin_flips.coin_flip,
    }
    """each step's rule, ``(state, action) -> Applied``"""

    # --- reading the state ----------------------------------------------------------------

    def outcome(self, state: FightState) -> Outcome | None:
        return winning.outcome(state)

    def standing(self, state: FightState, outcome: Outcome) -> Standing:
        return winning.standing(state, outcome)

    def is_over(self, state: FightState) -> bool:
        return state.phase == "over"

    def summary(self, state: FightState) -> dict[str, str]:
        wins = winning.rounds_won(state)
        out = {
            "Round": str(state.round),
            "Rounds won": f"{state.name(0)} {wins[0]}, {state.name(1)} {wins[1]}",
            "Deck": count(state.deck, "card"),
            "Row": symbols(state.row) if state.row else "empty",
        }
        for i, p in enumerate(state.players):
            name = state.name(i)
            hand = count(p.hand, "card")
            if p.face_up:
                hand += f" (face up: {symbols(p.face_up)})"
            out[f"{name}'s hand"] = hand
            pile = f"{count(victory_points(p.pile), 'point')}, {count(len(p.pile), 'card')}"
            if p.pile:
                pile += f", top {p.pile[-1].symbol}"
            out[f"{name}'s victory pile"] = pile
        holder = tie_breaker_holder(state.piles)
        if holder is None:
            out["Tie Breaker"] = "nobody"
        else:
            out["Tie Breaker"] = f"{state.name(holder)} ({state.players[holder].pile[-1].card.symbol})"
        out["Discards"] = count(len(state.discards), "card")
        if state.played:
            out["On the table"] = (f"{state.name(0)}'s {state.played[0].symbol}, "
                                   f"{state.name(1)}'s {state.played[1].symbol} (waiting for the coin)")
        return out

    def playing_line(self, state: FightState) -> str:
        """Rounds won: "Bea leads 1–0 · round 2"."""
        return f"{lead_line(state.names, list(winning.rounds_won(state)))} · round {state.round}"

    def known_cards(self, state: FightState) -> list[Card]:
        return checks.known_cards(state)

    # --- what the players can do now -------------------------------------------------------

    def legal_actions(self, state: FightState) -> Legal:
        return choices.legal_actions(state)

    def new_random_play(self) -> RandomPlay:
        from card_companion.companion.fight.random_play import FightRandomPlay

        return FightRandomPlay(self)


GAME = FightGame()
