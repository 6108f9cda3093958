"""Card Stratego (Card Warfare, by Thorin N. Tatge) at the table: two armies of 27 cards, a
battlefield of face-down cards, battles, special cards and Generals.

The app mirrors the table without spoiling it. It records where each card lies on the
battlefield; a card put into play is a face-down card with no value. The app learns a card
only when the rules turn it face up (a battle, a Scout, a Jack) or when it is discarded
(discard piles are seen), and then the players enter it. Decks and hands are counts.
Rules: card_companion/rules/card-warfare.txt; rulings: card_companion/rulings/card-stratego.md.

The package, in the order every game keeps: ``state`` (settings, setup, the state), ``actions``,
``game`` (the ``Game`` and ``GAME``); the resolve protocol's asks are here, so that their module
(and with it the names the protocol's JSON Schema gives them) stays what it was. Every name
is imported from here, as before.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.card_stratego import COLUMNS, RULES, BattleError, Side, actions_per_turn, battle
from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.odds import stratego_attack_odds
from card_companion.calculators.words import plural
from card_companion.companion.ask import Answer, Ask
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

# --- the resolve protocol ------------------------------------------------------------


class BattleAsk(Ask):
    """One battle: the attacking card against the defending card it faces."""

    game: Literal["card-stratego"] = "card-stratego"
    ask: Literal["battle"] = "battle"
    attacker: Card
    defender: Card

    def answer(self) -> BattleAnswer:
        r = battle(self.attacker, self.defender)
        return BattleAnswer(destroyed=r.destroyed, rule=r.rule, explanation=r.explanation)


class BattleAnswer(Answer):
    destroyed: list[Side]
    """sorted, from "attacker" and "defender" """
    rule: str
    """the short name of the deciding rule (calculators.card_stratego.RULES)"""


class AttackOddsAsk(Ask):
    """The chance of each result when a known card attacks a face-down card (``attacker``
    known) or a face-down card attacks a known one (``defender`` known), over the unknown
    cards (the opponent's cards not seen yet)."""

    game: Literal["card-stratego"] = "card-stratego"
    ask: Literal["attack-odds"] = "attack-odds"
    attacker: Card | None = None
    defender: Card | None = None
    unknown: list[Card] = Field(min_length=1, max_length=54)

    def answer(self) -> AttackOddsAnswer:
        if (self.attacker is None) == (self.defender is None):
            raise ValueError("name the known card: the attacker or the defender, not both or neither")
        Deck(jokers=2).check_copies(self.unknown, "Card Stratego")
        known = self.attacker or self.defender
        assert known is not None
        o = stratego_attack_odds(known, self.unknown, known_attacks=self.attacker is not None)
        return AttackOddsAnswer(attacker_wins=float(o.attacker_wins), defender_wins=float(o.defender_wins),
                                both_destroyed=float(o.both_destroyed), counted=o.counted,
                                explanation=o.explanation)


class AttackOddsAnswer(Answer):
    attacker_wins: float
    defender_wins: float
    both_destroyed: float
    counted: int


class ActionsAsk(Ask):
    """The actions of a turn: the game's first turn 1, the second 2; then 3, 4 or 5 by the
    battlefield columns holding at least one of the player's cards at the start of the turn."""

    game: Literal["card-stratego"] = "card-stratego"
    ask: Literal["actions"] = "actions"
    turn: int = Field(ge=1, description="the turn's number in the game, from 1")
    columns: int = Field(0, ge=0, le=COLUMNS, description="columns with a card of the player at the turn's start")

    def answer(self) -> ActionsAnswer:
        k = actions_per_turn(self.turn, self.columns)
        if self.turn <= 2:
            why = f"turn {self.turn} of the game: " + ("the first player gets one action" if self.turn == 1
                                                       else "the other player then takes two")
        else:
            why = (f"cards in {plural(self.columns, 'column')} at the start of the turn: "
                   + ("all four → 5" if self.columns == 4 else "three → 4" if self.columns == 3
                      else "fewer than three → 3"))
        return ActionsAnswer(actions=k, explanation=[why, f"{plural(k, 'action')}, all of them used"])


class ActionsAnswer(Answer):
    actions: int


CardStratego.asks = (BattleAsk, AttackOddsAsk, ActionsAsk)

__all__ = [
    "FACE_DOWN", "GAME", "RULES", "Action", "ActionsAnswer", "ActionsAsk", "Army", "Attack", "AttackOddsAnswer",
    "AttackOddsAsk", "BattleAnswer", "BattleAsk", "BattleError", "CardStratego", "CardStrategoSettings",
    "CardStrategoSetup", "CardStrategoState", "Column", "Consolidate", "Drain", "Draw", "EndTurn", "InPlay",
    "JackRearrange", "JackReveal", "JokerDestroy", "LastBattle", "Place", "PutIntoPlay", "Reveal", "ScoutReveal",
    "SixReturn",
]
