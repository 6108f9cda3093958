"""Card Stratego's resolve-protocol asks: one battle, the odds of an attack on (or by) a
face-down card, and the actions of a turn."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.card_stratego import COLUMNS, Side, actions_per_turn, battle
from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.odds import stratego_attack_odds
from card_companion.calculators.words import plural
from card_companion.companion.ask import Answer, Ask


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
