"""PC War at the table: the ``Game`` the registry lists. Each step's rule is in its section's
module (flips, trade_and_war, recount; endings for the end of the game and the stop); what may
be entered now is choices.py's, the screen's questions are queries.py's (called from there), the
random play random_play.py's; this class ties them to the ``Game`` shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.pc_war import deal
from card_companion.companion.game import Game, Outcome, Standing
from card_companion.companion.legal import Legal, RandomPlay
from card_companion.companion.pc_war import choices, endings, flips, recount, trade_and_war
from card_companion.companion.pc_war.actions import Action, Flip, Recount, Stop, SwapHands, War
from card_companion.companion.pc_war.asks import FlipAsk, TradeAndWarAsk
from card_companion.companion.pc_war.state import PCWarSettings, PCWarSetup, PCWarState, Player, table_deck
from card_companion.companion.pc_war.words import cards, war_count


class PCWar(Game[PCWarSetup, PCWarState, Action]):
    id = "pc-war"
    name = "Non-Violent, Politically-Correct War"
    blurb = "War where the higher card takes the cards and the first to lose them all wins."
    min_players = 2
    max_players = 2
    Settings = PCWarSettings
    Setup = PCWarSetup
    State = PCWarState
    action_type = Action
    asks = (FlipAsk, TradeAndWarAsk)

    def deck(self, setup: PCWarSetup) -> Deck:
        return table_deck(setup)

    def initial_state(self, setup: PCWarSetup) -> PCWarState:
        size = self.deck(setup).size
        n0, n1 = deal(size)
        return PCWarState(setup=setup, deck=size, players=(Player(hand=n0), Player(hand=n1)))

    handlers: ClassVar[dict[type, Callable[..., Any]]] = {
        Flip: flips.flip_cards,
        SwapHands: trade_and_war.swap,
        War: trade_and_war.war,
        Stop: endings.stop,
        Recount: recount.recount,
    }
    """each step's rule, ``(state, action) -> Applied``"""

    # --- reading the state ----------------------------------------------------------------

    def outcome(self, state: PCWarState) -> Outcome | None:
        return endings.outcome(state)

    def standing(self, state: PCWarState, outcome: Outcome) -> Standing:
        return endings.standing(state, outcome)

    def is_over(self, state: PCWarState) -> bool:
        return state.phase == "over"

    def summary(self, state: PCWarState) -> dict[str, str]:
        out = {"Flips": str(state.flips), "Wars": str(state.wars)}
        for i, p in enumerate(state.players):
            name = state.name(i)
            out[f"{name}'s hand"] = cards(p.hand)
            out[f"{name}'s pile"] = cards(p.pile)
        if state.table:
            out["On the table"] = cards(state.table)
        if state.longest_war:
            out["Longest war"] = f"{war_count(state.longest_war)} ({state.longest_war_cards} cards)"
        return out

    def playing_line(self, state: PCWarState) -> str:
        """The cards each player still has to get rid of: "Ann 20 cards, Bea 32 · flip 12"."""
        held = ", ".join(f"{state.name(i)} {p.cards}" for i, p in enumerate(state.players))
        return f"{held} cards · flip {state.flips + 1}"

    def known_cards(self, state: PCWarState) -> list[Card]:
        known = list(state.table_cards)
        for p in state.players:
            known += p.pile_cards
        return known

    # --- what the players can do now (choices.py; the screen's questions are queries.py's) ---

    def legal_actions(self, state: PCWarState) -> Legal:
        return choices.legal_actions(state)

    def new_random_play(self) -> RandomPlay:
        from card_companion.companion.pc_war.random_play import PCWarRandomPlay

        return PCWarRandomPlay(self)


GAME = PCWar()
