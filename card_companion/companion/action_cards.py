"""The cards of a logged step, found the same way in every game: the step's pydantic fields
that hold a Card, a tuple of Cards, or a dict of them (player → card). The history's "Edit"
opens them in the card picker, and ``with_cards`` makes the same step with other cards.

>>> from card_companion.companion.registry import game
>>> pal = game("peace-and-love")
>>> deal = pal.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]})
>>> [(p.label, str(p.card)) for p in card_places(deal, ("Ann", "Bea"))]
[('fighter 1', '9H'), ('fighter 2', 'KD'), ('fighter 3', 'QC')]
>>> with_cards(pal, deal, [Card.parse("9H"), Card.parse("KS"), Card.parse("QC")]).fighters[1].symbol
'K♠'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from card_companion.calculators.cards import Card
from card_companion.companion.game import Game, IllegalAction

SINGULAR = {"fighters": "fighter", "cards": "card", "hp_cards": "HP card", "props": "prop", "traps": "trap",
            "shares": "share", "from_active": "active card"}
"""how a field's name reads for one of its cards ("fighter 2", not "fighters 2")"""


@dataclass(frozen=True)
class CardPlace:
    """One card of a step: where it is (the field, and the index or key inside it), its
    label for the picker, and the card."""

    field: str
    key: Any
    """None for a field that is one card; the position in a tuple; (dict key, position or None)"""
    label: str
    card: Card


def _words(field: str, many: bool) -> str:
    base = SINGULAR.get(field, field) if many else field
    return base.replace("_", " ")


def _sequence_places(field: str, cards: Sequence[Card], label: str, key_of) -> list[CardPlace]:
    if len(cards) == 1:
        return [CardPlace(field, key_of(0), label, cards[0])]
    return [CardPlace(field, key_of(i), f"{label} {i + 1}", c) for i, c in enumerate(cards)]


def _is_cards(value: Any) -> bool:
    return isinstance(value, (tuple, list)) and bool(value) and all(isinstance(c, Card) for c in value)


def card_places(action: BaseModel, names: Sequence[str] = ()) -> list[CardPlace]:
    """Every card entered in the step, in the order of its fields. A dict keyed by player
    numbers is labelled with the players' names."""
    places: list[CardPlace] = []
    for field in type(action).model_fields:
        value = getattr(action, field)
        if isinstance(value, Card):
            places.append(CardPlace(field, None, _words(field, False), value))
        elif _is_cards(value):
            places += _sequence_places(field, value, _words(field, True), lambda i: i)
        elif isinstance(value, dict):
            for k, v in value.items():
                who = names[k] if isinstance(k, int) and 0 <= k < len(names) else f"{_words(field, True)} {k}"
                if isinstance(v, Card):
                    places.append(CardPlace(field, (k, None), who, v))
                elif _is_cards(v):
                    places += _sequence_places(field, v, who, lambda i, k=k: (k, i))
    return places


def with_cards(game: Game, action: BaseModel, cards: Sequence[Card]) -> Any:
    """The same step with its cards replaced in the order of ``card_places``, checked as
    the game checks any step it reads; IllegalAction (one sentence) if it cannot be one."""
    places = card_places(action)
    if len(cards) != len(places):
        raise IllegalAction(f"this step has {len(places)} card{'s' * (len(places) != 1)}, not {len(cards)}")
    data = {field: getattr(action, field) for field in type(action).model_fields}
    for place, card in zip(places, cards):
        value = data[place.field]
        if place.key is None:
            data[place.field] = card
        elif isinstance(place.key, int):
            data[place.field] = value[:place.key] + type(value)([card]) + value[place.key + 1:]
        else:
            k, i = place.key
            inner = dict(value)
            inner[k] = card if i is None else inner[k][:i] + type(inner[k])([card]) + inner[k][i + 1:]
            data[place.field] = inner
    return game.parse_action(data)


__all__ = ["CardPlace", "card_places", "with_cards"]
