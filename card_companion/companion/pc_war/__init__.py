"""Non-Violent, Politically-Correct War at the table: two players, from the deal to the
first player with no cards left.

The app never sees the hands. It counts: cards in each hand (it does not know their
order), in each face-up pile and on the table. Each flip is entered as the two face-up
cards (the app compares them) or with one tap ("left higher", "right higher", "tie");
player 0 is on the left. A tie walks the players through the trade and war: swap hands,
lay 3 face down and 1 face up, enter the face-up cards. Rules: card_companion/companion/pc_war/rules.txt;
rulings: card_companion/companion/pc_war/rulings.md.

The package, in the order every game keeps: state.py (settings, setup, the state),
actions.py (the steps); the rules by the text's numbered steps: flips.py (2 to 4: a flip, the
higher card takes, an empty hand picks up its pile), trade_and_war.py (5: a tie), endings.py
(6: no cards left; the players' stop), recount.py (the app's own step), with words.py the
steps in the players' words; choices.py (what may be entered now: ``legal_actions``);
queries.py (what the screen asks, called from there: ``queries.tap_choices(state)``); game.py
(the ``Game``, each step's rule in ``handlers``); asks.py (the resolve protocol); random_play.py
(random games and the invariants every state keeps, loaded by ``GAME.random_play()``). The
models and the game are re-exported here: ``from card_companion.companion.pc_war import GAME``.
"""

from __future__ import annotations

from card_companion.companion.pc_war.actions import Action, Flip, Recount, Stop, SwapHands, War
from card_companion.companion.pc_war.asks import FlipAnswer, FlipAsk, TradeAndWarAnswer, TradeAndWarAsk
from card_companion.companion.pc_war.game import GAME, PCWar
from card_companion.companion.pc_war.state import (
    SIDES,
    LaidCards,
    LastReveal,
    PCWarSettings,
    PCWarSetup,
    PCWarState,
    Player,
    Tap,
    table_deck,
    takes_of,
    tap_for,
)

__all__ = [
    "GAME", "SIDES", "Action", "Flip", "FlipAnswer", "FlipAsk", "LaidCards", "LastReveal", "PCWar", "PCWarSettings",
    "PCWarSetup", "PCWarState", "Player", "Recount", "Stop", "SwapHands", "Tap", "TradeAndWarAnswer",
    "TradeAndWarAsk", "War", "table_deck", "takes_of", "tap_for",
]
