"""Card Stratego (Card Warfare, by Thorin N. Tatge) at the table: two armies of 27 cards, a
battlefield of face-down cards, battles, special cards and Generals.

The app mirrors the table without spoiling it. It records where each card lies on the
battlefield; a card put into play is a face-down card with no value. The app learns a card
only when the rules turn it face up (a battle, a Scout, a Jack) or when it is discarded
(discard piles are seen), and then the players enter it. Decks and hands are counts.
Rules: card_companion/companion/card_stratego/rules.txt; rulings: card_companion/companion/card_stratego/rulings.md.

The package, in the order every game keeps: state.py (settings, setup, the state),
actions.py (the steps); the rules by the text's sections: battlefield.py (draw, put into
play, attack), special_cards.py (Jacks, the Joker, Scouts, 6s), generals.py (Drain,
Consolidate), turns.py (the actions of a turn, the end of a turn, what follows every step),
winning.py, with checks.py what they share (the cards not seen, a card entered or turned up);
choices.py (``legal_actions``: what may be entered now, kind by kind); queries.py (what else the
screen asks); advice.py (an attack's odds); game.py (the ``Game``, each step's rule in
``handlers``); asks.py (the resolve protocol); random_play.py (random games drawn from
``legal_actions``, and the invariants every state keeps). Every name is re-exported here:
``from card_companion.companion.card_stratego import GAME``.
"""

from __future__ import annotations

from card_companion.calculators.card_stratego import RULES, BattleError
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
    Reveal,
    ScoutReveal,
    SixReturn,
)
from card_companion.companion.card_stratego.asks import (
    ActionsAnswer,
    ActionsAsk,
    AttackOddsAnswer,
    AttackOddsAsk,
    BattleAnswer,
    BattleAsk,
)
from card_companion.companion.card_stratego.game import GAME, CardStratego
from card_companion.companion.card_stratego.state import (
    FACE_DOWN,
    Army,
    CardStrategoSettings,
    CardStrategoSetup,
    CardStrategoState,
    Column,
    InPlay,
    LastBattle,
    Place,
)

__all__ = [
    "FACE_DOWN", "GAME", "RULES", "Action", "ActionsAnswer", "ActionsAsk", "Army", "Attack", "AttackOddsAnswer",
    "AttackOddsAsk", "BattleAnswer", "BattleAsk", "BattleError", "CardStratego", "CardStrategoSettings",
    "CardStrategoSetup", "CardStrategoState", "Column", "Consolidate", "Drain", "Draw", "EndTurn", "InPlay",
    "JackRearrange", "JackReveal", "JokerDestroy", "LastBattle", "Place", "PutIntoPlay", "Reveal", "ScoutReveal",
    "SixReturn",
]
