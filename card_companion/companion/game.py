"""The shape every game's tracker has (OpenSpiel-style: one package per game, same parts).

A game at the table is its *setup* (player names and settings) plus the ordered list of
*actions* the players entered. Its state is the fold of ``Game.apply`` over the actions,
starting from ``Game.initial_state(setup)``. Everything is a frozen pydantic model, so a
state can be compared, copied and saved exactly.

Each game is a package in companion/ laid out the same way: its rule text ``rules.txt`` and
rulings ``rulings.md``; the settings, Setup and State models; the Action models (one union with
a ``kind`` discriminator); the rules as functions ``(state, action) -> Applied`` in modules
along the rule text's sections; what may be entered now (``choices.py``: ``legal_actions``);
the screens' other queries; the odds (``advice.py``); the resolve-protocol asks; its random
play and invariants (``random_play.py``); and the Game subclass (``initial_state``,
``handlers``, ``asks``, ``is_over``, ``outcome``, ``standing``, ``legal_actions``, ``summary``)
with ``GAME = TheGame()``. card_companion/games.py registers it (companion/registry.py).
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationInfo, field_validator

from card_companion.calculators.cards import Card, Deck, RulesError
from card_companion.companion.ask import Ask
from card_companion.companion.legal import Legal, RandomPlay


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message says why, in plain words."""


class Frozen(BaseModel):
    """Base of every setup, state and action model: immutable, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Settings(Frozen):
    """A game's options. Each field's ``description`` is its label in the setup screen;
    ``json_schema_extra={"min_players": 3}`` hides an option for smaller tables;
    ``{"hidden": True}`` hides it always (a rule kept only for games saved before it changed);
    ``{"group": "combat"}`` puts it in a folded group of settings, named in the players' words
    (a game with many settings: CardPeeGee), and ``setting_groups`` orders the groups."""

    setting_groups: ClassVar[tuple[str, ...]] = ()
    """the groups of settings in the order the new-game screen shows them; a group not named
    here comes after them, in the order of its first setting"""


NAME_MAX = 40
"""letters in a player's name (a name longer than that does not fit a panel, and a 5 MB name
in an imported file would stall every screen that lists the game)"""
TABLE_MAX = 64
"""players at one table, whatever the game (the decks of the largest game deal to 64)"""


def control_character(text: str) -> str | None:
    """The first character of ``text`` that is not text a player types, as 'U+0000': a
    control character (NUL, an escape, a tab or a line break...) or half of a surrogate pair
    (which no text file can hold). None: plain text.

    >>> control_character("Bea 🂡"), control_character("Ann\\x00"), control_character("a\\tb")
    (None, 'U+0000', 'U+0009')
    """
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return f"U+{ord(ch):04X}"
    return None


def first_control_character(value: Any, where: str = "") -> tuple[str, str] | None:
    """Where, in a JSON-like value (its keys too), the first text with a control character
    is, and which one: ('setup.players.1', 'U+0000'). None: every text is plain."""
    if isinstance(value, str):
        found = control_character(value)
        return (where or "a text", found) if found else None
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        here = f"{where}.{key}" if where else str(key)
        if isinstance(key, str) and (found := control_character(key)):
            return here, found
        if (inner := first_control_character(item, here)) is not None:
            return inner
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` (already trimmed) cannot be a player's name, in one sentence; None if it can.
    One rule for a new game's names and a player's new name (a rename).

    >>> name_problem("Ann"), name_problem("")
    (None, 'every player needs a name')
    >>> name_problem("A" + chr(9) + "nn")
    "a player's name cannot hold control characters (tabs, line breaks...)"
    """
    if not name:
        return "every player needs a name"
    if len(name) > NAME_MAX:
        return f"a player's name has at most {NAME_MAX} letters; {name[:20]}… has {len(name)}"
    if control_character(name):
        return "a player's name cannot hold control characters (tabs, line breaks...)"
    return None


def players_text(min_players: int, max_players: int | None) -> str:
    """How many play, as the home screen says it: one rule for a loaded game and for the
    registry's listing of a game not loaded yet.

    >>> players_text(2, None), players_text(2, 2), players_text(3, 6)
    ('2+ players', '2 players', '3–6 players')
    """
    if max_players is None:
        return f"{min_players}+ players"
    if min_players == max_players:
        return f"{min_players} players"
    return f"{min_players}–{max_players} players"


INVISIBLE = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x3164, 0xFFA0})
"""characters that draw nothing without being format characters (Unicode's default-ignorable
ones outside category Cf, but for the variation selectors an emoji needs): the combining
grapheme joiner, the Hangul fillers, Khmer's inherent vowels, Mongolian's variation selectors"""
_SPACES = re.compile(r"[^\S\x00-\x1f\x7f-\x9f]+")
"""a run of spaces of any kind (a no-break space, an em space...); not the control characters
among them (a tab, a line break), which a name cannot hold (``name_problem``)"""


def invisible(ch: str) -> bool:
    """A character that draws nothing: a format character (a zero-width space, a bidirectional
    control, a soft hyphen...) or one of ``INVISIBLE``."""
    return unicodedata.category(ch) == "Cf" or ord(ch) in INVISIBLE


def normal_name(name: str) -> str:
    """A typed name as it is kept (issue 34): Unicode NFC, without the characters that draw
    nothing, each run of spaces one space, trimmed. So a name pasted with a zero-width space
    or a bidirectional control is the very name it looks like, not a second player. Control
    characters stay, for ``name_problem`` to refuse.

    >>> normal_name(" Ann\u200b  Lee "), normal_name("Ev\u202ee"), normal_name("E\u0301va") == "\u00c9va"
    ('Ann Lee', 'Eve', True)
    """
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name) if not invisible(ch))
    return unicodedata.normalize("NFC", _SPACES.sub(" ", kept).strip())


def name_note(typed: str) -> str | None:
    """What keeping a typed name took out of it, in one sentence (None: nothing but the spaces
    at its ends); the new-game screen, a rename and an import say it.

    >>> name_note("Ann\u200b")
    'Ann is kept without the invisible character U+200B (zero width space)'
    >>> name_note("Ann  Lee"), name_note(" Ann ")
    ('Ann Lee is kept with single spaces', None)
    """
    kept = normal_name(typed)
    gone = list(dict.fromkeys(ch for ch in unicodedata.normalize("NFC", typed) if invisible(ch)))
    said = []
    if gone:
        codes = ", ".join(f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed').lower()})" for ch in gone[:3])
        more = f" and {len(gone) - 3} more" if len(gone) > 3 else ""
        said.append(f"without the invisible character{'s' * (len(gone) > 1)} {codes}{more}")
    inner = "".join(ch for ch in typed if not invisible(ch)).strip()
    if _SPACES.sub(" ", inner) != inner:
        said.append("with single spaces")
    return f"{kept} is kept {' and '.join(said)}" if said else None


def names_notes(typed: Sequence[str]) -> tuple[str, ...]:
    """``name_note`` of each name that has one."""
    return tuple(note for n in typed if isinstance(n, str) and (note := name_note(n)) is not None)


def sentences(notes: Sequence[str]) -> str | None:
    """Notes as a screen says them: each a sentence (a capital, a full stop), one after another.

    >>> sentences(["ann is kept with single spaces", "game 1 of 2: Bo is kept with single spaces"])
    'Ann is kept with single spaces. Game 1 of 2: Bo is kept with single spaces.'
    """
    return " ".join(n[:1].upper() + n[1:] + ("" if n.endswith(".") else ".") for n in notes) or None


def name_key(name: str) -> str:
    """What makes two spellings one name: the name as it is kept (``normal_name``), in any case
    ("ann " is Ann, and so is "Ann" with a zero-width space), canonically (NFD before the case
    is folded, NFC after: Unicode's canonical caseless match).

    >>> name_key("  ANN ") == name_key("ann") == name_key("An\u200bn")
    True
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", normal_name(name)).casefold())


def spelled(name: str) -> str:
    """The key a spelling had before names were kept normalised (trimmed, any case): records
    of that time keep it, so a look-alike who played at the same table as the player they
    look like stays a player of their own (records.py)."""
    return name.strip().casefold()


class Setup(Frozen):
    """Player names in turn order (player 0 first) and the game's settings."""

    players: tuple[str, ...] = Field(min_length=1)
    settings: Settings = Settings()

    @field_validator("players")
    @classmethod
    def _names(cls, players: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        if len(players) > TABLE_MAX:
            raise ValueError(f"a table has at most {TABLE_MAX} players, not {len(players)}")
        own_save = bool((info.context or {}).get("own_save"))  # a game this app saved before the checks: as it is
        names = tuple(p.strip() if own_save else normal_name(p) for p in players)
        for i, n in enumerate(names):
            if not n:
                raise ValueError("every player needs a name")
            if not own_save and (c := control_character(n)):
                raise ValueError(f"player {i + 1}'s name has a control character ({c}), which is not text a player "
                                 "types")
            if len(n) > NAME_MAX:
                raise ValueError(f"a player's name has at most {NAME_MAX} letters; {n[:20]}… has {len(n)}")
        keys = [name_key(n) if not own_save else spelled(n) for n in names]
        if len(set(keys)) != len(keys):
            i, j = next((i, j) for j, k in enumerate(keys) for i in range(j) if keys[i] == k)
            alike = "" if spelled(players[i]) == spelled(players[j]) else (
                f": {players[i]!r} and {players[j]!r} are one name once what draws nothing is taken out")
            raise ValueError(f"two players have the same name{alike}")
        return names


class TableState(Frozen):
    """Base of every game's state: it carries its setup, so the players' names (and the
    settings) are at hand wherever the state goes."""

    setup: Setup

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.players

    def name(self, player: int) -> str:
        return self.setup.players[player]


class Outcome(Frozen):
    """How a finished game ended."""

    winners: tuple[int, ...]
    """player numbers; several when they share the win; empty when nobody wins"""
    headline: str
    """one line for the final screen: "Ann wins with 34 points" """
    details: tuple[str, ...] = ()
    """the scoring steps: totals, the tie-break used, the options that applied"""


class Figure(Frozen):
    """What a game's final figure counts, in the players' words (the records' column)."""

    unit: str
    """"points", "rounds won", "cards in the army", "cards left", "HP" """
    higher_is_better: bool = True
    """False where fewer wins (PC War: the first to lose all cards wins)"""


class Standing(Frozen):
    """A finished game's result as the players would write it down, seat by seat."""

    figures: tuple[int, ...]
    """each player's final figure (the game's ``Figure.unit``)"""
    places: tuple[int, ...]
    """1 is first; tied players share a place (two firsts, then a third)"""
    winners: tuple[int, ...]
    """the outcome's winners (none for a tie nobody wins: Card Stratego's double wipe-out)"""
    teams: tuple[tuple[int, ...], ...]
    """the players rated as one side: each alone, except a shared CardPeeGee win, where the
    winning Heroes won together"""


def places_by(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places from sort keys (higher is better), ties sharing a place ("competition" ranking:
    1, 1, 3).

    >>> places_by([5, 9, 5, 2])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


def alone(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple((i,) for i in range(n))  # each player a side of their own (but a shared win)


def first_or_second(figures: tuple[int, ...], winners: tuple[int, ...]) -> Standing:
    """A two-player game's standing: the winners first, the other second (no winner: a tie)."""
    places = tuple(1 if i in winners or not winners else 2 for i in range(len(figures)))
    return Standing(figures=figures, places=places, winners=winners, teams=alone(len(figures)))


class Change(Frozen):
    """One line of "what it changed" in the history: a summary entry before and after."""

    label: str
    before: str | None
    after: str | None

    def __str__(self) -> str:
        if self.before is None:
            return f"{self.label}: {self.after}"
        if self.after is None:
            return f"{self.label}: {self.before} → gone"
        return f"{self.label}: {self.before} → {self.after}"


@dataclass(frozen=True, slots=True)
class Said:
    """A step in the players' words: its line in the history ("Ann attacks Bea's 5♠ with
    9♥") and, where the game shows it, its working, line by line."""

    line: str
    working: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Applied:
    """What a step's rule returns: the state after the step and what it said (the rule that
    applied the step is the one place that says what happened)."""

    state: Any
    line: str
    working: tuple[str, ...] = ()

    @property
    def said(self) -> Said:
        return Said(self.line, self.working)


SHARED = "shared"
"""a step's ``chosen_by``: a shared step (the cards a fight revealed, a coin flip, the deck's next
card), which any player's phone enters"""
TURN = "turn"
"""a step's ``chosen_by``: the choice of the player whose turn it is (``Game.turn_player``)"""


def chosen_by(action: Any) -> str:
    """Who chooses a kind of step, as its model says it (``chosen_by``, a class attribute of
    each step): ``SHARED``, ``TURN``, or the name of the step's own field that holds the
    player whose choice it is ("player", "giver"). A step that says nothing is shared."""
    return str(getattr(type(action), "chosen_by", SHARED))


SetupT = TypeVar("SetupT", bound=Setup)
"""a game's own Setup"""
StateT = TypeVar("StateT", bound=TableState)
"""a game's own state"""
ActionT = TypeVar("ActionT")
"""a game's own steps (the union of its action models)"""


class Game(ABC, Generic[SetupT, StateT, ActionT]):
    """One game's rules at the table. Subclasses are stateless; states are values."""

    id: ClassVar[str]
    """the game's key in JSON, URLs and saves: "peace-and-love" """
    name: ClassVar[str]
    blurb: ClassVar[str]
    """one line for the home screen"""
    min_players: ClassVar[int]
    max_players: ClassVar[int | None]
    """None: no upper limit"""
    Settings: ClassVar[type[Settings]] = Settings
    Setup: ClassVar[type[Setup]] = Setup
    State: ClassVar[type[Frozen]]
    action_type: ClassVar[Any]
    """the union of the game's action models (each with a ``kind`` literal)"""
    asks: ClassVar[tuple[type[Ask], ...]] = ()
    """the game's resolve-protocol requests (companion.ask.Ask subclasses)"""

    _adapter: TypeAdapter | None = None

    # --- setup -----------------------------------------------------------------------

    def players_text(self) -> str:
        return players_text(self.min_players, self.max_players)

    def make_setup(self, players: Sequence[str], settings: dict[str, Any] | None = None) -> SetupT:
        """Build and check a setup; raise IllegalAction with a readable message."""
        self.check_player_count(len(players))
        try:
            setup = self.Setup(players=tuple(players), settings=self.Settings(**(settings or {})))
        except ValueError as exc:
            raise IllegalAction(plain_validation_error(exc)) from None
        # a game's Setup class attribute is its SetupT (mypy cannot tie a ClassVar to the
        # type parameter, and a TypeVar cannot be checked with isinstance)
        return cast(SetupT, setup)

    def check_player_count(self, n: int) -> None:
        """IllegalAction unless the game is for ``n`` players (a new game and an import alike)."""
        if n < self.min_players or (self.max_players is not None and n > self.max_players):
            raise IllegalAction(f"{self.name} is for {self.players_text()}, not {n}")

    def deck(self, setup: SetupT) -> Deck:
        """The cards of this game's deck (the picker offers exactly these)."""
        return Deck()

    @abstractmethod
    def initial_state(self, setup: SetupT) -> StateT: ...

    # --- playing ---------------------------------------------------------------------

    handlers: ClassVar[Mapping[type, Callable[..., Any]]] = {}
    """each action type → the rule function that applies it, ``(state, action) -> Applied``
    (the new state and its history line), in the module of the rule text's section (a game
    whose rules share more, like CardPeeGee's working, passes it in its own ``applied``)"""

    def step(self, state: StateT, action: ActionT) -> Applied:
        """The state after the action and what it said, one way for every game: a finished
        game takes no more steps, the action's type finds its handler, and any refusal of the
        calculators (a ``RulesError``) becomes an IllegalAction. Raise IllegalAction (and
        change nothing) if the action is not allowed now."""
        if self.is_over(state):
            raise IllegalAction("the game is over: undo to change it")
        try:
            return self.applied(state, action)
        except RulesError as exc:  # a calculator's refusal, in the words a player reads
            raise IllegalAction(str(exc)) from None

    def applied(self, state: StateT, action: ActionT) -> Applied:
        """What the action's handler returns; a game with bookkeeping around every step
        (the turn's actions, what follows any step) extends this, never ``step``."""
        applied: Applied = self.handler(action)(state, action)
        return applied

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after the action (``step`` without its line, for callers that only
        want the state)."""
        return self.step(state, action).state

    def handler(self, action: Any) -> Callable[..., Any]:
        """The rule that applies this action (IllegalAction for a step of another game)."""
        rule = self.handlers.get(type(action))
        if rule is None:
            kind = getattr(action, "kind", type(action).__name__)
            raise IllegalAction(f"{self.name} has no step {kind!r}")
        return rule

    @abstractmethod
    def is_over(self, state: StateT) -> bool: ...

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def summary(self, state: StateT) -> dict[str, str]:
        """The numbers players track (deck, piles, HP, turn...), label → value. The
        history shows which of them an action changed."""

    def standing(self, state: StateT, outcome: Outcome) -> Standing:
        """A finished game's places (ties share one) and final figures, from its outcome."""
        raise NotImplementedError(f"{self.name} does not rank its players")

    def legal_actions(self, state: StateT) -> Legal:
        """Every step the players may take now, kind by kind (companion/legal.py; none once the
        game is over): the screens' choices and the random play's; ``step`` refuses any other."""
        raise NotImplementedError(f"{self.name} does not list its legal actions")

    def refusal(self, state: StateT, action: ActionT) -> str | None:
        """Why this step cannot be taken now, as the player reads it (None: it can)."""
        try:
            self.step(state, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def random_play(self) -> RandomPlay:
        """The game's random play (tests, benchmarks): a random setup, a random one of the
        ``legal_actions``, the invariants; ``new_random_play``'s, made once and kept."""
        play = self.__dict__.get("_random_play")
        if play is None:
            play = self.__dict__["_random_play"] = self.new_random_play()
        return play

    def new_random_play(self) -> RandomPlay:
        """The game's ``random_play.py``, imported here: only tests and benchmarks load it."""
        raise NotImplementedError(f"{self.name} has no random play")

    def advice(self, state: StateT) -> Any:
        """The odds of the decision at hand (an advisor ``Advice``); None: no chance to count."""
        return None

    def headline(self, state: StateT) -> str:
        """The game's standing in one line of the players' words, the one line every place
        says it with: the saved-games list, the table's final result, the history and the
        records (tonight's results, the latest games). A finished game's is its outcome's
        headline ("Ann wins with 34 points", "Stopped early: ..."); one still played says who
        leads and how far it is (``playing_line``: "Bea leads 3–1 · round 4"), with the
        numbers the table shows."""
        outcome = self.outcome(state)
        return outcome.headline if outcome is not None else self.playing_line(state)

    def playing_line(self, state: StateT) -> str:
        """``headline`` while the game goes on: who leads and how far the game is, in the
        figures the table shows. Each game says it its own way; this default says only that."""
        return "in progress"

    # --- whose choice a step is ------------------------------------------------------------

    def turn_player(self, state: StateT) -> int | None:
        """The player whose turn it is (None: a game without turns). The games with turns
        read their state's ``turn``."""
        return None

    def whose_choice(self, state: StateT, action: ActionT) -> int | None:
        """The player whose own, private choice ``action`` is on ``state`` (their turn's action,
        their deal, the card they pick), or None: a shared step any player's phone enters (a
        fight's revealed cards, a coin flip, the deck's next card). Each kind of step says it
        in its model (``chosen_by``): the one description per game, on the game's actions. A
        step naming no player of the table is nobody's: the rules refuse it."""
        by = chosen_by(action)
        if by == SHARED:
            return None
        player = self.turn_player(state) if by == TURN else getattr(action, by, None)
        players = len(state.setup.players)
        return player if isinstance(player, int) and 0 <= player < players else None

    def known_cards(self, state: StateT) -> list[Card]:
        """Cards entered so far that are out of the deck now (face up, in piles, discarded):
        the card picker warns when a card would exceed the deck's copies."""
        return []

    # --- actions as data -------------------------------------------------------------

    @property
    def actions(self) -> TypeAdapter:
        if self._adapter is None:
            self._adapter = TypeAdapter(self.action_type)
        return self._adapter

    def parse_action(self, data: Any) -> ActionT:
        try:
            if isinstance(data, (str, bytes)):
                return self.actions.validate_json(data)
            return self.actions.validate_python(data)
        except ValueError as exc:
            raise IllegalAction(plain_validation_error(exc)) from None

    def dump_action(self, action: ActionT) -> dict[str, Any]:
        return self.actions.dump_python(action, mode="json")


def lead_line(names: Sequence[str], scores: Sequence[int], unit: str = "") -> str:
    """Who leads, for a headline: "Bea leads 3–1", "level at 2–2", or with more players
    "Ann 12, Bea 9, Cy 4" (highest first). ``unit`` follows the numbers: " points".

    >>> lead_line(["Ann", "Bea"], [1, 3])
    'Bea leads 3–1'
    >>> lead_line(["Ann", "Bea", "Cy"], [4, 12, 9], " points")
    'Bea 12, Cy 9, Ann 4 points'
    """
    if len(names) == 2:
        a, b = scores
        if a == b:
            return f"level at {a}–{b}{unit}"
        w = 0 if a > b else 1
        return f"{names[w]} leads {scores[w]}–{scores[1 - w]}{unit}"
    order = sorted(range(len(names)), key=lambda i: -scores[i])
    return ", ".join(f"{names[i]} {scores[i]}" for i in order) + unit


def plain_validation_error(exc: Exception) -> str:
    """A pydantic ValidationError (or any ValueError) as one readable sentence."""
    errors = getattr(exc, "errors", None)
    if errors is None:
        return str(exc)
    parts = []
    for err in errors():
        where = ".".join(str(x) for x in err.get("loc", ()) if not str(x).startswith("function-"))
        kind, ctx = err.get("type"), err.get("ctx") or {}
        if kind == "union_tag_invalid":  # {"kind": "dance"}: say which steps there are
            parts.append(f"{ctx.get('tag')!r} is not a step of this game; the steps are "
                         f"{str(ctx.get('expected_tags', '')).replace(chr(39), '')}")
            continue
        if kind == "missing":
            parts.append(f"{where} is missing" if where else "something is missing")
            continue
        msg = err.get("msg", "invalid")
        msg = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)
