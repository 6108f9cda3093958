"""Card Stratego at the table: the ``Game`` the registry lists. Each step's rule is in its
section's module (battlefield: draw, put into play, attack; special_cards; generals; turns:
the turn's end and what follows every step); what may be entered now is choices.py's
``legal_actions``, the screen's other questions queries.py's, called from there; this class ties
them to the ``Game`` shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from card_companion.calculators.card_stratego import ARMY_SIZE, DECK, Colour
from card_companion.calculators.cards import Card, Deck
from card_companion.companion.card_stratego import (
    battlefield,
    choices,
    generals,
    special_cards,
    turns,
    winning,
)
from card_companion.companion.card_stratego.actions import (
    Action,
    Attack,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    PutIntoPlay,
    ScoutReveal,
    SixReturn,
)
from card_companion.companion.card_stratego.asks import ActionsAsk, AttackOddsAsk, BattleAsk
from card_companion.companion.card_stratego.checks import columns_text, count
from card_companion.companion.card_stratego.state import (
    Army,
    CardStrategoSettings,
    CardStrategoSetup,
    CardStrategoState,
)
from card_companion.companion.game import Applied, Game, Outcome, Standing
from card_companion.companion.legal import Legal, RandomPlay


class CardStratego(Game[CardStrategoSetup, CardStrategoState, Action]):
    id = "card-stratego"
    name = "Card Stratego"
    blurb = "Face-down armies, Bombs and Scouts: Card Warfare by Thorin N. Tatge."
    min_players = 2
    max_players = 2
    Settings = CardStrategoSettings
    Setup = CardStrategoSetup
    State = CardStrategoState
    action_type = Action
    asks = (BattleAsk, AttackOddsAsk, ActionsAsk)

    def deck(self, setup: CardStrategoSetup) -> Deck:
        return DECK

    def initial_state(self, setup: CardStrategoSetup) -> CardStrategoState:
        first = setup.settings.first_army
        second: Colour = "black" if first == "red" else "red"
        return CardStrategoState(setup=setup, armies=(Army(colour=first), Army(colour=second)))

    handlers: ClassVar[dict[type, Callable[..., Any]]] = {
        Draw: battlefield.draw,
        PutIntoPlay: battlefield.put_into_play,
        Attack: battlefield.attack,
        JackRearrange: special_cards.jack_rearrange,
        JackReveal: special_cards.jack_reveal,
        JokerDestroy: special_cards.joker,
        ScoutReveal: special_cards.scout,
        SixReturn: special_cards.six,
        Drain: generals.drain,
        Consolidate: generals.consolidate,
        EndTurn: turns.end_turn,
    }
    """each step's rule, ``(state, action) -> Applied``; the turn's bookkeeping follows every
    step (``applied``)"""

    def applied(self, state: CardStrategoState, action: Action) -> Applied:
        """The step's rule, then what follows every step (``turns.after_step``)."""
        return turns.after_step(state, action, super().applied(state, action))

    # --- reading the state ----------------------------------------------------------------

    def outcome(self, state: CardStrategoState) -> Outcome | None:
        return winning.outcome(state)

    def standing(self, state: CardStrategoState, outcome: Outcome) -> Standing:
        return winning.standing(state, outcome)

    def turn_player(self, state: CardStrategoState) -> int:
        """whose turn it is: the player whose choices the steps that say ``TURN`` are (actions.py)"""
        return state.turn

    def is_over(self, state: CardStrategoState) -> bool:
        return state.phase == "over"

    def summary(self, state: CardStrategoState) -> dict[str, str]:
        out: dict[str, str] = {}
        if state.phase == "turn":
            out["Turn"] = f"{state.name(state.turn)} (turn {state.turn_number})"
            out["Actions left"] = f"{state.actions_left} of {state.allotted}"
        for i, army in enumerate(state.armies):
            name = state.name(i)
            if army.is_general:
                out[f"{name}'s status"] = "General"
            out[f"{name}'s deck"] = count(army.deck)
            out[f"{name}'s hand"] = count(army.hand)
            out[f"{name}'s battlefield"] = f"{count(army.in_play)}: {columns_text(army)}"
            pile = " ".join(c.symbol for c in army.discard)
            out[f"{name}'s discard pile"] = count(len(army.discard)) + (f": {pile}" if pile else "")
        return out

    def playing_line(self, state: CardStrategoState) -> str:
        """The cards each army has left: "Ann 22 cards, Bea 19 · turn 7"."""
        left = ", ".join(f"{state.name(i)} {ARMY_SIZE - len(a.discard)}" for i, a in enumerate(state.armies))
        return f"{left} cards · turn {state.turn_number}"

    def known_cards(self, state: CardStrategoState) -> list[Card]:
        known: list[Card] = []
        for army in state.armies:
            known += army.discard
            known += army.face_up()
        return known

    # --- what the players can do now ---------------------------------------------------------

    def legal_actions(self, state: CardStrategoState) -> Legal:
        return choices.legal_actions(state)

    def new_random_play(self) -> RandomPlay:
        from card_companion.companion.card_stratego.random_play import CardStrategoRandomPlay

        return CardStrategoRandomPlay(self)


GAME = CardStratego()
