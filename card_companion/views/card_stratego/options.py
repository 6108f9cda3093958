"""What the player to play can do now, read once a session from the tracker's ``legal_actions``
(``Options``), the actions by name, and the places of the battlefield in words."""

from __future__ import annotations

import functools

from card_companion.calculators.card_stratego import rank_name
from card_companion.companion.card_stratego import (
    Attack,
    CardStrategoState,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Place,
    PutIntoPlay,
    ScoutReveal,
    SixReturn,
    queries,
)
from card_companion.companion.card_stratego.checks import cards_in_play, face_down_places
from card_companion.companion.card_stratego.choices import (
    Attacks,
    FromHand,
    JackRearranges,
    jack_reveals,
    legal_actions,
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


SPECIAL_STEPS: tuple[tuple[str, type], ...] = (
    ("jack-rearrange", JackRearrange),
    ("jack-reveal", JackReveal),
    ("joker", JokerDestroy),
    ("scout", ScoutReveal),
    ("six", SixReturn),
)
"""the actions that discard a special card from the hand, and their steps"""


def _options(s: CardStrategoState) -> Options:
    """What the player to play can do now, read from the tracker's ``legal_actions``."""
    if s.phase != "turn":
        return Options(me=s.turn)
    legal = legal_actions(s)
    places: dict[int, list[int]] = {}
    for play in legal.of_kind(PutIntoPlay) or ():
        places.setdefault(play.column, []).append(play.position)
    attacks, rearranges = legal.of_kind(Attack), legal.of_kind(JackRearrange)
    specials = {kind: list(found.hand_cards) for kind, step in SPECIAL_STEPS
                if isinstance(found := legal.of_kind(step), FromHand)}
    return Options(
        me=s.turn,
        can_draw=legal.allows(Draw),
        can_drain=legal.allows(Drain),
        play_places=places,
        attack_columns=tuple(attacks.columns) if isinstance(attacks, Attacks) else (),
        specials=specials,
        in_play=tuple(_key(p) for p in cards_in_play(s)),
        face_down=tuple(_key(p) for p in face_down_places(s)),
        pairs=tuple(dict.fromkeys((c.mine, c.theirs) for c in legal.of_kind(Consolidate) or ())),
        jack_lines=tuple(rearranges.lines) if isinstance(rearranges, JackRearranges) else (),
        jack_reveals=jack_reveals(s),
        can_end_turn=legal.allows(EndTurn),
    )


@functools.lru_cache(maxsize=16)
def options_of(session) -> Options:
    """``_options`` of a session (a session never changes: the panels of every phone showing
    it ask the tracker once)."""
    return _options(session.state)


def _key(place: Place) -> Key:
    return (place.player, place.column, place.position)


def place_at(key: Key) -> Place:
    return Place(player=key[0], column=key[1], position=key[2])


def _where(key: Key) -> str:
    """ "column 2, front rank" """
    _, c, pos = key
    return f"column {c + 1}, {rank_name(pos)}"


def what_is(s: CardStrategoState, key: Key) -> str:
    """ "Bea's face-down card in column 2, front rank" """
    slot = queries.card_at(s, place_at(key))
    what = "empty place" if slot is None else slot.symbol
    return f"{s.name(key[0])}'s {what} in {_where(key)}"


def action_label(mode: str) -> str:
    """An action's name on its button ("Jack: rearrange")."""
    return next(text for kind, text in ACTIONS if kind == mode)
