"""One base for every refusal the rules make: each calculator's own error is a
RulesError, so the table turns any of them into a refusal a player reads in one place."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import card_companion.calculators as calculators
from card_companion.calculators.cards import RulesError, card
from card_companion.companion.game import IllegalAction
from card_companion.companion.pc_war import GAME, Flip
from card_companion.companion.session import Session


def calculator_errors() -> dict[str, type]:
    found = {}
    for info in pkgutil.walk_packages(calculators.__path__, calculators.__name__ + "."):
        module = importlib.import_module(info.name)
        for name, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, Exception) and obj.__module__ == module.__name__:
                found[f"{module.__name__}.{name}"] = obj
    return found


def test_every_calculator_error_is_a_rules_error():
    errors = calculator_errors()
    # the eight there are today: a card, CardPeeGee's rules, a PC War flip, a Stratego battle
    # and board, a FIGHT! turn, the odds and the draws
    assert len(errors) >= 8, sorted(errors)
    assert [name for name, cls in errors.items() if not issubclass(cls, RulesError)] == []


def test_a_rules_error_is_still_a_value_error():
    # callers that catch ValueError (the protocol, the calculator screens) keep working
    assert issubclass(RulesError, ValueError)


def test_a_calculators_refusal_reaches_the_table_as_an_illegal_action_and_changes_nothing():
    # PC War: K♥ entered for both players. calculators.pc_war.check_pair refuses it with a
    # PCWarError; the tracker no longer re-wraps it by hand: Game.step does, for every game.
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    with pytest.raises(IllegalAction, match="K♥ is entered for both players, but the deck holds only one K♥"):
        s.push(Flip(cards=(card("KH"), card("KH"))))
    assert s.actions == () and s.state == Session.start(GAME, GAME.make_setup(["Ann", "Bea"])).state
