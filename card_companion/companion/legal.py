"""What may be entered now, said once per game: ``Game.legal_actions(state)``.

OpenSpiel's ``legal_actions``, shaped for a table where most steps carry the cards the
players revealed: the legal steps of a state are a ``Legal``, one ``Choices`` per kind of step
(a Flip, a War, a Stop...), each able to list every action of its kind lazily, to say whether
an action is one of them, and to pick one at random without listing them all (a fight's two
cards are 54 × 53 pairs; CardPeeGee's played cards are subsets of a hand). The screens read
their choices from it (which buttons show, which places take a card), the random-play test
takes only its actions, and ``Game.step`` refuses any other with a sentence.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Roll:
...     n: int
>>> legal = Legal((Among(Roll, (Roll(1), Roll(2))),))
>>> Roll(2) in legal, Roll(3) in legal, list(legal), [k.__name__ for k in legal.kinds()]
(True, False, [Roll(n=1), Roll(n=2)], ['Roll'])
>>> bool(Legal(()))
False
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

A = TypeVar("A")


class Choices(Generic[A]):
    """Every action of one kind the players may take now. A subclass lists them (``__iter__``,
    lazily where there are many); where they are many, it also says membership and picks at
    random without listing (``__contains__``, ``sample``)."""

    kind: type

    def __iter__(self) -> Iterator[A]:
        raise NotImplementedError

    def __contains__(self, action: object) -> bool:
        return isinstance(action, self.kind) and any(action == a for a in self)

    def sample(self, rng: random.Random) -> A:
        """One of them at random (each equally likely unless the subclass says otherwise)."""
        return rng.choice(tuple(self))

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None


@dataclass(frozen=True)
class Among(Choices[A]):
    """A kind of step with few forms, listed: the one-tap buttons, the places to play."""

    kind: type
    actions: tuple[A, ...]

    def __iter__(self) -> Iterator[A]:
        return iter(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self.actions

    def __bool__(self) -> bool:
        return bool(self.actions)


@dataclass(frozen=True)
class Legal:
    """The legal steps of one state, kind by kind (a finished game: none)."""

    choices: tuple[Choices[Any], ...] = ()

    @classmethod
    def of(cls, *choices: Choices[Any] | None) -> Legal:
        """The non-empty ones of these (a game lists each kind it might allow; an empty or
        None one is a kind not possible now)."""
        return cls(tuple(c for c in choices if c))

    def __iter__(self) -> Iterator[Any]:
        for choices in self.choices:
            yield from choices

    def __contains__(self, action: object) -> bool:
        return any(action in c for c in self.choices)

    def __bool__(self) -> bool:
        return bool(self.choices)

    def kinds(self) -> tuple[type, ...]:
        """The kinds of step possible now, in the game's order."""
        return tuple(c.kind for c in self.choices)

    def of_kind(self, kind: type) -> Choices[Any] | None:
        """The choices of this kind of step; None if it is not possible now."""
        return next((c for c in self.choices if c.kind is kind or issubclass(c.kind, kind)), None)

    def allows(self, kind: type) -> bool:
        """Whether a step of this kind is possible now (the screen shows its control)."""
        return self.of_kind(kind) is not None

    def sample(self, rng: random.Random, weights: Sequence[float] | None = None) -> Any:
        """A random legal action: a kind (each equally likely, or by ``weights`` in the order of
        ``choices``), then one of its actions."""
        if not self.choices:
            raise ValueError("no legal action: the game is over")
        choices = rng.choices(self.choices, weights=weights)[0] if weights else rng.choice(self.choices)
        return choices.sample(rng)


SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")


class RandomPlay(ABC, Generic[SetupT, StateT, A]):
    """A game's random play, OpenSpiel's random simulation: setups and steps drawn at random
    from what the rules allow, and the invariants every state keeps (cards conserved, counts
    never below zero). Each game's is its package's ``random_play.py``."""

    def __init__(self, game: Any) -> None:
        self.game = game

    @abstractmethod
    def random_setup(self, rng: random.Random) -> SetupT: ...

    def random_action(self, state: StateT, rng: random.Random) -> A | None:
        """One of the state's legal actions at random; None once there is none. A game
        weighs the kinds (``weights``) so that random games end."""
        legal = self.game.legal_actions(state)
        if not legal:
            return None
        action: A = legal.sample(rng, self.weights(state, legal))
        return action

    def weights(self, state: StateT, legal: Legal) -> Sequence[float] | None:
        """How likely each kind of ``legal.choices`` is drawn (None: all alike)."""
        return None

    @abstractmethod
    def check_invariants(self, state: StateT) -> None:
        """AssertionError, saying which, if the state breaks what every state keeps."""
