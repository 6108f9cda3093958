"""Non-Violent, Politically-Correct War: the order of the cards, a flip, the trade-and-war,
too few cards, and a simulation of whole games.

Rules: card_companion/companion/pc_war/rules.txt; rulings: card_companion/companion/pc_war/rulings.md.

The object is to *lose* all your cards: the higher card takes both cards into its player's
pile. The app never knows the order of the cards in a hand, so the rules below work on
counts (cards in hand, in the face-up pile, on the table); the simulation plays real
shuffled cards through the very same functions.

>>> r = flip(card("KH"), card("7S"), names=("Ann", "Bea"))
>>> r.takes, r.war
(0, False)
>>> r.explanation
['K♥ (King) is higher than 7♠ (7): A > K > Q > J > 10 > … > 2 > Joker', 'the higher card takes both: Ann puts K♥ and 7♠ on their pile']
>>> flip(card("KH"), card("KS")).war
True
>>> lay(hand=2, pile=10, wanted=WAR_CARDS)   # lays 2, picks up 10, lays 2 more
Lay(down=3, up=1, from_hand=2, picked_up=10, hand=8, pile=0)
>>> lay(hand=1, pile=2, wanted=WAR_CARDS)    # too few cards: 2 face down, the last face up
Lay(down=2, up=1, from_hand=1, picked_up=2, hand=0, pile=0)

The package, along the rule text: ``deck`` (the game's numbers, the deck, the deal, the
order of the cards), ``flips`` (comparing two face-up cards, refusing a pair that cannot
be), ``counting`` (laying cards, too few cards, the trade and war, taking the table) and
``simulation`` (whole random games and what they say). Every name is imported from here.
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from card_companion.calculators.cards import card  # noqa: F401 (the doctests)
from card_companion.calculators.pc_war.counting import (
    Lay,
    Taken,
    TradeAndWar,
    hand_over_table,
    lay,
    out_at_tie,
    out_of_cards,
    take,
    trade_and_war,
)
from card_companion.calculators.pc_war.deck import (
    BLANK_CHOICES,
    GAME,
    JOKER_CHOICES,
    MAX_FLIPS,
    ORDER,
    ORDER_TEXT,
    PLAYERS,
    WAR_CARDS,
    BlankCard,
    PCWarError,
    deal,
    deck_for,
    order_text,
    strength,
    taker,
)
from card_companion.calculators.pc_war.flips import FlipResult, called, check_pair, flip
from card_companion.calculators.pc_war.simulation import (
    HistogramBin,
    SimulationProgress,
    SimulationResult,
    Tally,
    histogram,
    play_game,
    play_games,
    play_hands,
    shuffler,
    simulate,
    summarize,
)

__all__ = [
    "BLANK_CHOICES", "GAME", "JOKER_CHOICES", "MAX_FLIPS", "ORDER", "ORDER_TEXT", "PLAYERS", "WAR_CARDS", "BlankCard",
    "FlipResult", "HistogramBin", "Lay", "PCWarError", "SimulationProgress", "SimulationResult",
    "Tally", "Taken", "TradeAndWar",
    "called", "check_pair", "deal", "deck_for", "flip", "hand_over_table", "histogram", "lay", "out_at_tie",
    "order_text", "out_of_cards", "play_game", "play_games", "play_hands", "shuffler", "simulate", "strength",
    "summarize", "take", "taker", "trade_and_war",
]
