"""Peace and Love at the table: the ``Game`` the registry lists. Each step's rule is in its
section's module (deal, fights, turns: retire and refresh, endings: the end and the stop); what
may be entered now is choices.py's, the screens' other questions queries.py's; this class ties them
to the ``Game`` shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from card_companion.calculators.cards import Card, Deck, count
from card_companion.calculators.peace_and_love import deck_for, decks_for, pile_total
from card_companion.companion.game import Game, Outcome, Standing, lead_line
from card_companion.companion.legal import Legal, RandomPlay
from card_companion.companion.peace_and_love import choices, deal, endings, fights, queries, turns
from card_companion.companion.peace_and_love.actions import (
    Action,
    Deal,
    FirstPlayer,
    NewFighter,
    PlayCards,
    Refresh,
    Retire,
    StartFight,
    Stop,
)
from card_companion.companion.peace_and_love.asks import (
    DecksAsk,
    FightAsk,
    FightOddsAsk,
    FinalScoreAsk,
    FirstPlayerAsk,
    HandOddsAsk,
)
from card_companion.companion.peace_and_love.state import (
    DEAL,
    GAME_NAME,
    PeaceAndLoveSettings,
    PeaceAndLoveSetup,
    PeaceAndLoveState,
    Player,
)


class PeaceAndLove(Game[PeaceAndLoveSetup, PeaceAndLoveState, Action]):
    id = "peace-and-love"
    name = GAME_NAME
    blurb = "Beat the bluff out of each other: fighters, trumps and victory piles."
    min_players = 2
    max_players = None  # "ten and eleven use five, and so on": any table the packs deal to (up to TABLE_MAX)
    Settings = PeaceAndLoveSettings
    Setup = PeaceAndLoveSetup
    State = PeaceAndLoveState
    action_type = Action
    asks = (FightAsk, FightOddsAsk, DecksAsk, FirstPlayerAsk, HandOddsAsk, FinalScoreAsk)

    def deck(self, setup: PeaceAndLoveSetup) -> Deck:
        return deck_for(len(setup.players))

    def initial_state(self, setup: PeaceAndLoveSetup) -> PeaceAndLoveState:
        n = len(setup.players)
        decks = decks_for(n)
        return PeaceAndLoveState(
            setup=setup,
            decks=decks,
            deck=decks * 52 - DEAL * n,
            players=tuple(Player() for _ in range(n)),
        )

    handlers: ClassVar[dict[type, Callable[..., Any]]] = {
        Deal: deal.deal,
        FirstPlayer: deal.first_player,
        StartFight: fights.start_fight,
        PlayCards: fights.play,
        NewFighter: fights.new_fighter,
        Retire: turns.retire,
        Refresh: turns.refresh,
        Stop: endings.stop,
    }
    """each step's rule, ``(state, action) -> Applied``"""

    # --- reading the state ----------------------------------------------------------------

    def outcome(self, state: PeaceAndLoveState) -> Outcome | None:
        return endings.outcome(state)

    def standing(self, state: PeaceAndLoveState, outcome: Outcome) -> Standing:
        return endings.standing(state, outcome)

    def turn_player(self, state: PeaceAndLoveState) -> int:
        """whose turn it is: the player whose choices the steps that say ``TURN`` are (actions.py)"""
        return state.turn

    def is_over(self, state: PeaceAndLoveState) -> bool:
        return state.phase == "over"

    def summary(self, state: PeaceAndLoveState) -> dict[str, str]:
        out = {"Deck": count(state.deck)}
        if state.phase in ("turn", "fight"):
            out["Turn"] = state.name(state.turn)
        for i, p in enumerate(state.players):
            name = state.name(i)
            if p.dealt:
                out[f"{name}'s fighters"] = " ".join(
                    "—" if f is None else f.card.symbol + (" (tapped)" if f.tapped else "") for f in p.fighters
                )
            out[f"{name}'s victory pile"] = f"{count(pile_total(p.pile), 'point')}, {count(len(p.pile))}"
            out[f"{name}'s hand"] = count(p.hand)
        return out

    def playing_line(self, state: PeaceAndLoveState) -> str:
        """"Bea leads 12–9 · turn 5", "dealing the fighters": the points of the score the table
        shows (``score_board``: the victory piles while the game goes on; Anti Math Geek's
        fighters count only in the final score)."""
        if state.phase == "deal":
            return "dealing the fighters"
        if state.phase == "first-player":
            return "picking who goes first"
        points = [s.points for s in queries.score_board(state).scores]
        return f"{lead_line(state.names, points)} · turn {state.turns + 1}"

    def known_cards(self, state: PeaceAndLoveState) -> list[Card]:
        known = list(state.discards)
        for p in state.players:
            known += [f.card for f in p.fighters if f is not None]
            known += p.pile
        return known

    # --- what the players can do now (choices.py; the screens' other questions: queries.py) -----

    def legal_actions(self, state: PeaceAndLoveState) -> Legal:
        return choices.legal_actions(state)

    def new_random_play(self) -> RandomPlay:
        from card_companion.companion.peace_and_love.random_play import PeaceAndLoveRandomPlay

        return PeaceAndLoveRandomPlay(self)


GAME = PeaceAndLove()
