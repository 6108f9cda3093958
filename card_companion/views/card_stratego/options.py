"""What the player to play can do now, asked of the tracker once a session (``Options``), the
actions by name, and the places of the battlefield in words."""

from __future__ import annotations

import functools

from card_companion.calculators.card_stratego import rank_name
from card_companion.companion.card_stratego import (
    CardStrategoState,
    Place,
)
from card_companion.views.card_stratego.taps import Key, Options

ACTIONS: tuple[tuple[str, str], ...] = (
    ("draw", "Draw"),
    ("play", "Put into play"),
    ("attack", "Attack"),
    ("jack-rearrange", "Jack: rearrange"),
    ("jack-reveal", "Jack: turn up"),
    ("joker", "Joker: destroy"),
    ("scout", "Scout: turn up"),
    ("six", "6: return a card"),
    ("drain", "Drain"),
    ("consolidate", "Consolidate"),
)


def _options(game, s: CardStrategoState) -> Options:
    """What the player to play can do now, asked of the tracker."""
    if s.phase != "turn":
        return Options(me=s.turn)
    specials = game.special_cards(s)
    return Options(
        me=s.turn,
        can_draw=game.can_draw(s),
        can_drain=game.drain_from(s) is not None,
        play_places=game.play_places(s),
        attack_columns=tuple(game.attack_columns(s)),
        specials=specials,
        in_play=tuple(_key(p) for p in game.cards_in_play(s)),
        face_down=tuple(_key(p) for p in game.face_down_places(s)),
        pairs=tuple(game.consolidations(s)),
        jack_lines=tuple(game.jack_lines(s)) if "jack-rearrange" in specials else (),
        jack_reveals=game.jack_reveals(s),
    )


@functools.lru_cache(maxsize=16)
def options_of(session) -> Options:
    """``_options`` of a session (a session never changes: the panels of every phone showing
    it ask the tracker once)."""
    return _options(session.game, session.state)


def _key(place: Place) -> Key:
    return (place.player, place.column, place.position)


def place_at(key: Key) -> Place:
    return Place(player=key[0], column=key[1], position=key[2])


def _where(key: Key) -> str:
    """ "column 2, front rank" """
    _, c, pos = key
    return f"column {c + 1}, {rank_name(pos)}"


def what_is(game, s: CardStrategoState, key: Key) -> str:
    """ "Bea's face-down card in column 2, front rank" """
    slot = game.card_at(s, place_at(key))
    what = "empty place" if slot is None else slot.symbol
    return f"{s.name(key[0])}'s {what} in {_where(key)}"


def action_label(mode: str) -> str:
    """An action's name on its button ("Jack: rearrange")."""
    return next(text for kind, text in ACTIONS if kind == mode)
