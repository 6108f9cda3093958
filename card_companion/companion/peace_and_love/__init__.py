"""Peace and Love at the table: 2 or more players, from the deal to the final score.

The app never sees the hands. It knows the fighters (face up), every card played on a
fighter (revealed, then discarded), the victory piles and, by counting, the deck and the
number of cards in each hand. Rules: rules.txt here; rulings: rulings.md here.

The package, in the order every game keeps: state.py (the deal's numbers, settings, setup,
the state), actions.py (the steps); the rules by the text's sections: deal.py (the fighters
dealt, who goes first), fights.py (Starting a Fight: a fight round by round), turns.py
(Retiring a Fighter, Refreshing Your Hand, the untapping at every turn's end), endings.py (End
of the Game, the players' stop, the score), with checks.py what they share; choices.py (what may
be entered now: ``legal_actions``); queries.py (what else the screens ask); advice.py (the odds
at a decision); game.py (the ``Game``, each step's rule in ``handlers``); random_play.py (random
games and the invariants they keep); asks.py (the resolve protocol). Every name is re-exported
here: ``from card_companion.companion.peace_and_love import GAME``.
"""

from __future__ import annotations

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
    DecksAnswer,
    DecksAsk,
    FightAnswer,
    FightAsk,
    FighterRef,
    FightOddsAnswer,
    FightOddsAsk,
    FinalScoreAnswer,
    FinalScoreAsk,
    FirstPlayerAnswer,
    FirstPlayerAsk,
    HandCard,
    HandOddsAnswer,
    HandOddsAsk,
    OddsEntry,
    PileEntry,
    Ranked,
)
from card_companion.companion.peace_and_love.game import GAME, PeaceAndLove
from card_companion.companion.peace_and_love.state import (
    DEAL,
    FIGHTERS,
    HAND,
    REFRESH_MIN_DECK,
    Fighter,
    FightInProgress,
    LastRound,
    PeaceAndLoveSettings,
    PeaceAndLoveSetup,
    PeaceAndLoveState,
    Player,
)

__all__ = [
    "DEAL", "FIGHTERS", "GAME", "HAND", "REFRESH_MIN_DECK", "Action", "Deal", "DecksAnswer", "DecksAsk",
    "FightAnswer", "FightAsk", "FightInProgress", "FightOddsAnswer", "FightOddsAsk", "Fighter", "FighterRef",
    "FinalScoreAnswer", "FinalScoreAsk", "FirstPlayer", "FirstPlayerAnswer", "FirstPlayerAsk", "HandCard",
    "HandOddsAnswer", "HandOddsAsk", "LastRound", "NewFighter", "OddsEntry", "PeaceAndLove", "PeaceAndLoveSettings",
    "PeaceAndLoveSetup", "PeaceAndLoveState", "PileEntry", "PlayCards", "Player", "Ranked", "Refresh", "Retire",
    "StartFight", "Stop",
]
