"""The base of every protocol request and answer. It imports no game, so that each game
module declares its asks here and the protocol (which knows every game through the registry)
dispatches them without an import circle."""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict, PrivateAttr, SerializerFunctionWrapHandler, model_serializer


class Ask(BaseModel):
    """Base of every request. Subclasses set ``game`` and ``ask`` as Literal fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    ask: str

    def answer(self) -> Answer:
        raise NotImplementedError


class Answer(BaseModel):
    """Base of every answer."""

    model_config = ConfigDict(frozen=True)

    explanation: list[str]


class GrownAnswer(Answer):
    """An answer that grew fields for a request's newer inputs: the fields a request did not
    ask about are left out (``without``), so an older request answers exactly as before."""

    _absent: frozenset[str] = PrivateAttr(frozenset())

    def without(self, *names: str) -> Self:
        self._absent = frozenset(names)
        return self

    @model_serializer(mode="wrap")
    def _leave_out(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in self._absent:
            data.pop(name, None)
        return data
