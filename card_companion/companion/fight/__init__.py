"""FIGHT! at the table: two players, best of three rounds, from the row to the match.

The app never sees the face-down cards. It knows the face-up row (every card is entered
as it is turned), the face-up picks in each hand, both cards of every turn, the victory
piles card by card with each card's face, and the discard pile; by counting it knows the
deck and the size of each hand at every moment. Coin flips are actions that carry their
outcome, so undo and replay never flip again.

Rules: card_companion/companion/fight/rules.txt; rulings: card_companion/companion/fight/rulings.md.

The package, in the order every game keeps: state.py (settings, setup, the state),
actions.py (the steps); the rules by the text's sections: rounds.py (a round's row and the
picks), turns.py (a turn: the cards played, the won card collected, the draws), coin_flips.py
(the coin where nobody holds the Tie Breaker), winning.py (the end of a round and of the
FIGHT!), with checks.py what they share (the next step, where each card is); choices.py (what may be
entered now: ``legal_actions``); queries.py (what the screen asks, the choices among them read
from choices.py); game.py (the ``Game``, each step's rule in ``handlers``); asks.py (the
resolve protocol); random_play.py (random matches drawn from ``legal_actions``, and the
invariants every state keeps). The models are re-exported here: ``from
card_companion.companion.fight import GAME``; the queries are called from their modules
(``queries.picker(state)``).
"""

from __future__ import annotations

from card_companion.companion.fight.actions import Action, CoinFlip, Fight, Pick, TurnUp
from card_companion.companion.fight.asks import TurnAnswer, TurnAsk, WonCardAnswer, WonCardAsk
from card_companion.companion.fight.game import GAME, FightGame
from card_companion.companion.fight.state import (
    PLAYERS,
    DecidedBy,
    FightSettings,
    FightSetup,
    FightState,
    FlipPurpose,
    Phase,
    Player,
    RoundRecord,
    TurnRecord,
)

__all__ = [
    "GAME", "PLAYERS", "Action", "CoinFlip", "DecidedBy", "Fight", "FightGame", "FightSettings", "FightSetup",
    "FightState", "FlipPurpose", "Phase", "Pick", "Player", "RoundRecord", "TurnAnswer", "TurnAsk", "TurnRecord",
    "TurnUp", "WonCardAnswer", "WonCardAsk",
]
