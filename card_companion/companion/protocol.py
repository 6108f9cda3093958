"""The resolve protocol: one JSON request in, one JSON answer out.

Every request names its ``game`` and its ``ask``; every answer carries ``explanation``,
the plain-language rule steps that decided it. A bad request answers
``{"error": "<plain words>"}``. Each game module declares its asks (subclasses of
``Ask``, in ``companion.ask``, which imports no game); this module only dispatches them.

>>> answer = resolve({"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0,
...     "defender": 1, "fighters": [{"player": 0, "fighter": "9H", "card": "7H"},
...                                 {"player": 1, "fighter": "5S", "card": "2C"}]})
>>> answer["results"], answer["loser"], answer["taken_by"]
([2, 3], {'player': 1, 'fighter': '5S'}, 0)
>>> resolve_line('{"game": "chess", "ask": "move"}')[:40]
'{"error":"unknown game \\'chess\\': the game'
"""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Any, Union

from pydantic import (
    Discriminator,
    Tag,
    TypeAdapter,
    ValidationError,
)

from card_companion.companion.ask import Answer, Ask, GrownAnswer
from card_companion.companion.game import plain_validation_error
from card_companion.companion.registry import GAMES

__all__ = ["Answer", "Ask", "GrownAnswer", "ProtocolError", "resolve", "resolve_line", "schema"]


class ProtocolError(ValueError):
    """A request that cannot be answered; the message is what the caller reads."""


def _tag(value: Any) -> str | None:
    if isinstance(value, dict):
        return f"{value.get('game')}/{value.get('ask')}"
    return None


@cache
def _asks_of(game_id: str) -> dict[str, type[Ask]]:
    """One game's asks by their tag ("fight/turn"), the game loaded now."""
    table: dict[str, type[Ask]] = {}
    for ask in GAMES[game_id].asks:
        g = ask.model_fields["game"].default
        a = ask.model_fields["ask"].default
        table[f"{g}/{a}"] = ask
    return table


def _asks() -> dict[str, type[Ask]]:
    """Every game's asks by their tag (every game loaded)."""
    return {tag: ask for game_id in GAMES for tag, ask in _asks_of(game_id).items()}


def _union_adapter(asks: dict[str, type[Ask]]) -> TypeAdapter:
    """An adapter for these asks: a union tagged on game/ask (a game of one ask: that ask)."""
    if len(asks) == 1:
        return TypeAdapter(next(iter(asks.values())))
    members = tuple(Annotated[cls, Tag(tag)] for tag, cls in asks.items())
    # the union of the asks is made at run time from the registry: a type made of a value,
    # which mypy cannot check (pydantic checks it when the adapter is built)
    union = Annotated[Union[members], Discriminator(_tag)]  # type: ignore[valid-type]  # noqa: UP007
    return TypeAdapter(union)


@cache
def request_adapter() -> TypeAdapter:
    """One adapter for every request of every game (a tagged union on game/ask)."""
    return _union_adapter(_asks())


@cache
def game_adapter(game_id: str) -> TypeAdapter:
    """One game's requests alone: a calculator's ruling loads its own game, not all five (in
    the phone app, loading the others made the first ruling wait half a second)."""
    return _union_adapter(_asks_of(game_id))


def adapter_for(text: str | bytes) -> TypeAdapter:
    """The adapter of the game the request names; every game's (the one way that refuses a
    request in the same words as before) when it is not JSON or names no game this app knows."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return request_adapter()
    game_id = data.get("game") if isinstance(data, dict) else None
    return game_adapter(game_id) if isinstance(game_id, str) and game_id in GAMES else request_adapter()


MAX_REQUEST = 1_000_000
"""bytes of one request: the largest real one (a 2-pack deck, a long game's cards) is a few kB"""


def _diagnose(text: str | bytes) -> str:
    """Why a request failed, in plain words (only called on the error path)."""
    try:
        data = json.loads(text)
    except RecursionError:
        return "the request is nested too deeply to be a request"
    except ValueError as exc:
        return f"not JSON: {exc}"
    if not isinstance(data, dict):
        return "a request is a JSON object with \"game\" and \"ask\""
    game_id, ask = data.get("game"), data.get("ask")
    if game_id is None or ask is None:
        return "a request needs \"game\" and \"ask\""
    if not isinstance(game_id, str) or not isinstance(ask, str):
        return "\"game\" and \"ask\" are words, like {\"game\": \"pc-war\", \"ask\": \"flip\"}"
    if game_id not in GAMES:
        return f"unknown game {game_id!r}: the games are {', '.join(GAMES)}"
    asks = _asks_of(game_id)
    known = [t.split("/", 1)[1] for t in asks]
    if f"{game_id}/{ask}" not in asks:
        return f"{game_id} has no ask {ask!r}: it answers {', '.join(known) or 'nothing yet'}"
    try:
        asks[f"{game_id}/{ask}"].model_validate(data)
    except ValidationError as exc:
        return plain_validation_error(exc)
    except ValueError as exc:
        return str(exc)
    return "the request could not be read"


def resolve(request: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Answer one request as a dict; raise ProtocolError for a bad one."""
    text = json.dumps(request) if isinstance(request, dict) else request
    return json.loads(resolve_line(text, raise_errors=True))


def resolve_line(text: str | bytes, raise_errors: bool = False) -> str:
    """Answer one request given as JSON text; return the answer as compact JSON text.

    Whatever the line holds (not UTF-8, not JSON, nested ten thousand deep, a list where a
    word belongs), the answer is one line: the result, or ``{"error": ...}`` in plain words.
    """
    try:
        message = _refusal(text)
        if message is None:
            ask = adapter_for(text).validate_json(text)
            return ask.answer().model_dump_json()
    except ValidationError:
        message = _diagnose(text)
    except RecursionError:
        message = "the request is nested too deeply to be a request"
    except ValueError as exc:
        message = str(exc)
    if raise_errors:
        raise ProtocolError(message)
    return json.dumps({"error": message}, ensure_ascii=False, separators=(",", ":"))


def _refusal(text: str | bytes) -> str | None:
    """A request refused before it is read: too long, or bytes that are not UTF-8 text."""
    if len(text) > MAX_REQUEST:
        return f"the request is longer than {MAX_REQUEST:,} bytes"
    if isinstance(text, bytes):
        try:
            text.decode("utf-8")
        except UnicodeDecodeError as exc:
            return f"the request is not UTF-8 text (byte {exc.start + 1})"
    return None


def schema() -> dict[str, Any]:
    """The JSON Schema of every request."""
    return request_adapter().json_schema()

