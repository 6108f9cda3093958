"""Card Stratego's entry, tap by tap, as pure functions over plain values (no Flet).

The screen asks the tracker once what the player can do now (an `Options`), keeps what the
player has chosen so far (a `Choice`), and derives everything else from the two: which actions
are offered, which places can be tapped (`targets`), which are shown chosen (`selected`), what a
tap or an action button makes of the choice (`tap`, `choose_action`), and what to do next, in
words (`next_step`). The rules stay in the tracker: these functions only combine its answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from card_companion.calculators.card_stratego import COLUMNS
from card_companion.calculators.cards import Card
from card_companion.calculators.words import noun

Key = tuple[int, int, int]
"""a place on the battlefield: (player, column, position), position 0 = the front rank"""
Line = tuple[int, str, int]
"""a Jack's line: (player, "row"/"column", index)"""

SPECIALS = ("jack-rearrange", "jack-reveal", "joker", "scout", "six")
"""the actions that discard a special card from the hand"""
HAND_CARD = {"jack-rearrange": "Jack", "jack-reveal": "Jack", "scout": "Scout", "six": "6"}
"""actions that discard a card the players name (the Joker is the only one of its kind)"""
RANK_SHORT = ("front", "2nd", "3rd")


@dataclass(frozen=True)
class Choice:
    """What the player has chosen so far for the action being entered."""

    mode: str | None = None
    places: tuple[Key, ...] = ()
    card: Card | None = None
    """the special card discarded from the hand"""
    line: Line | None = None
    """a Jack's line"""
    order: tuple[int, ...] = ()
    swap: int | None = None
    """the place of the line tapped first for a swap"""
    pick: int | None = None
    """a Drain from the hand: the card the app picked at random"""


@dataclass(frozen=True)
class Options:
    """What the tracker says the player to play can do now, as plain values."""

    me: int
    """the player to play"""
    can_draw: bool = False
    can_drain: bool = False
    play_places: Mapping[int, Sequence[int]] = field(default_factory=dict)
    """column → the positions where a card can be put into play"""
    attack_columns: tuple[int, ...] = ()
    specials: Mapping[str, Sequence[Card]] = field(default_factory=dict)
    """special action → the cards of the hand that can make it"""
    in_play: tuple[Key, ...] = ()
    face_down: tuple[Key, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()
    """(mine, theirs): the columns a General can consolidate"""
    jack_lines: tuple[Line, ...] = ()
    jack_reveals: int = 2
    """how many face-down cards a Jack turns up now (the tracker's ``jack_reveals``)"""
    can_end_turn: bool = False
    """nothing is left to do: the turn ends with its remaining actions unused"""

    @property
    def them(self) -> int:
        return 1 - self.me


def available(o: Options) -> dict[str, bool]:
    """Each action → whether the player can take it now."""
    return {
        "draw": o.can_draw,
        "play": bool(o.play_places),
        "attack": bool(o.attack_columns),
        "drain": o.can_drain,
        "consolidate": bool(o.pairs),
        **{kind: kind in o.specials for kind in SPECIALS},
    }


def current(choice: Choice, o: Options) -> Choice:
    """The choice as it stands now: nothing chosen when its action is no longer offered."""
    return choice if choice.mode and available(o).get(choice.mode) else Choice()


def choose_action(choice: Choice, kind: str, pick: int | None = None) -> Choice:
    """An action's button: it starts that action (``pick``: a Drain's random card), or, for the
    action being entered, cancels it."""
    return Choice() if kind == choice.mode else Choice(mode=kind, pick=pick)


def hand_card(choice: Choice, o: Options) -> Card | None:
    """The special card the action discards: the one tapped, or the only one possible."""
    cards = list(o.specials.get(choice.mode, [])) if choice.mode else []
    if choice.card in cards:
        return choice.card
    return cards[0] if len(cards) == 1 else None


def choose_card(choice: Choice, card: Card) -> Choice:
    """The special card tapped in the hand (a Jack, a Scout, a 6)."""
    return replace(choice, card=card)


def line_keys(line: Line, o: Options) -> list[Key]:
    """The places of a Jack's line, in the order of JackRearrange.order: a row's four places,
    a column's cards from the front."""
    p, kind, i = line
    if kind == "row":
        return [(p, c, i) for c in range(COLUMNS)]
    return sorted((k for k in o.in_play if k[0] == p and k[1] == i), key=lambda k: k[2])


def targets(choice: Choice, o: Options) -> set[Key]:
    """The places the player can tap now (outlined on the battlefield)."""
    mode, me, them = choice.mode, o.me, o.them
    if mode == "play":
        return {(me, c, pos) for c, ps in o.play_places.items() for pos in ps}
    if mode == "attack":
        return {(p, c, 0) for c in o.attack_columns for p in (me, them)}
    if mode in ("jack-reveal", "scout"):
        return set(o.face_down)
    if mode in ("joker", "six"):
        return set(o.in_play)
    if mode == "consolidate":
        mine, theirs = {m for m, _ in o.pairs}, {t for _, t in o.pairs}
        return {(p, c, pos) for p, c, pos in o.in_play
                if (p == me and c in mine) or (p == them and c in theirs)}
    if mode == "jack-rearrange":
        if choice.line:
            return set(line_keys(choice.line, o))
        return {(p, c, pos) for p, c, pos in o.in_play
                if (p, "row", pos) in o.jack_lines or (p, "column", c) in o.jack_lines}
    return set()


def selected(choice: Choice, o: Options) -> set[Key]:
    """The places shown as chosen: the tapped ones, a column to consolidate whole, the place of
    a Jack's line tapped first for a swap."""
    if choice.mode == "consolidate":
        return {k for k in o.in_play if any(k[0] == p and k[1] == c for p, c, _ in choice.places)}
    if choice.mode == "jack-rearrange" and choice.line:
        return {line_keys(choice.line, o)[choice.swap]} if choice.swap is not None else set()
    return set(choice.places)


def _one(choice: Choice, places: tuple[Key, ...]) -> Choice:
    """Choose these places, or, tapped again, none."""
    return replace(choice, places=() if choice.places == places else places)


def tap(choice: Choice, key: Key, o: Options) -> Choice:
    """What a tap on a place makes of the choice (a place that is not a target changes nothing)."""
    if key not in targets(choice, o):
        return choice
    p, c, _ = key
    mode = choice.mode
    if mode == "jack-rearrange" and choice.line:
        return _swap(choice, line_keys(choice.line, o).index(key))
    if mode in ("play", "joker", "six", "scout", "jack-rearrange"):
        return _one(choice, (key,))
    if mode == "attack":
        return _one(choice, ((o.me, c, 0), (o.them, c, 0)))
    if mode == "jack-reveal":
        chosen = [k for k in choice.places if k != key]
        if len(chosen) == len(choice.places):  # a new one: the oldest of too many goes
            chosen = (chosen + [key])[-o.jack_reveals:]
        return replace(choice, places=tuple(chosen))
    if mode == "consolidate":  # one column of each player, either tapped again to let it go
        kept = tuple(k for k in choice.places if k[0] != p)
        same = any(k[0] == p and k[1] == c for k in choice.places)
        return replace(choice, places=kept if same else kept + ((p, c, 0),))
    return choice


def _swap(choice: Choice, i: int) -> Choice:
    """A tap on the i-th place of a Jack's line: the first of a swap (again: let go), or the
    second, which swaps the two."""
    if choice.swap is None or choice.swap == i:
        return replace(choice, swap=None if choice.swap == i else i)
    order = list(choice.order)
    order[i], order[choice.swap] = order[choice.swap], order[i]
    return replace(choice, order=tuple(order), swap=None)


def start_line(choice: Choice, line: Line, o: Options) -> Choice:
    """A Jack's line chosen: its places in their present order."""
    return replace(choice, line=line, order=tuple(range(len(line_keys(line, o)))), swap=None)


def start_over(choice: Choice) -> Choice:
    """A Jack's line back in its present order."""
    return replace(choice, order=tuple(range(len(choice.order))), swap=None)


def another_line(choice: Choice) -> Choice:
    """A Jack's line given up, to tap another card."""
    return replace(choice, line=None, order=(), swap=None, places=())


def line_choices(choice: Choice, o: Options) -> list[Line]:
    """The lines of the card tapped for a Jack's rearrangement (its row, its column) that a
    Jack can rearrange now."""
    if not choice.places:
        return []
    p, c, pos = choice.places[0]
    return [line for line in ((p, "row", pos), (p, "column", c)) if line in o.jack_lines]


T = TypeVar("T")


def preview(grid: Mapping[int, list[list[T | None]]], line: Line,
            order: tuple[int, ...]) -> tuple[dict[int, list[list[T | None]]], dict[Key, str]]:
    """The battlefield (player → rows of places) with a Jack's line in its new order, and where
    each moved card came from (its caption)."""
    p, kind, i = line
    new = {q: [row[:] for row in rows] for q, rows in grid.items()}
    captions: dict[Key, str] = {}
    if kind == "row":
        old = grid[p][i][:]
        for c in range(COLUMNS):
            new[p][i][c] = old[order[c]]
            if order[c] != c and old[order[c]] is not None:
                captions[(p, c, i)] = f"from col {order[c] + 1}"
    else:
        old = [grid[p][pos][i] for pos in range(len(order))]
        for pos in range(len(order)):
            new[p][pos][i] = old[order[pos]]
            if order[pos] != pos:
                captions[(p, i, pos)] = f"from {RANK_SHORT[order[pos]]}"
    return new, captions


def next_step(choice: Choice, o: Options, me: str, them: str) -> str:
    """What the players do next, in words (``me``, ``them``: the two players' names)."""
    mode, chosen = choice.mode, choice.places
    if mode is None:
        return f"Choose {me}'s action."
    if mode in HAND_CARD and hand_card(choice, o) is None:
        return f"Tap the {HAND_CARD[mode]} {me} discards."
    if mode == "jack-reveal":
        more = o.jack_reveals - len(chosen)
        if more > 0:
            return f"Tap {more} more {noun(more, 'face-down card')} to turn up."
        return "Turn the cards face up and enter them below."
    if mode == "drain":
        if choice.pick is not None:
            return (f"{them} discards card {choice.pick} of the hand, picked at random by the app: "
                    "enter it below.")
        return f"{them} discards the top card of the deck: enter it below."
    if mode == "consolidate":
        if len(chosen) < 2:
            return f"Tap a column where only {me} has cards and one where only {them} has cards."
        return "Choose the column the cards end up in, below."
    if mode == "jack-rearrange" and choice.line:
        return "Tap two places of the line to swap them; then Rearrange."
    first, then = _TAP_THEN.get(mode, ("", ""))
    return then if chosen else first


_TAP_THEN = {
    "play": ("Tap a green place on your side: an empty place, or a card to put the new one in front of.",
             "Tap Put into play, or another place."),
    "attack": ("Tap your front-rank card that attacks (or the card it attacks).",
               "Turn both cards face up, enter the face-down ones below, then Battle!"),
    "scout": ("Tap the face-down card the Scout turns up.", "Enter the card below."),
    "joker": ("Tap the card the Joker destroys.", "Destroy it below."),
    "six": ("Tap the card the 6 returns to its owner's hand.", "Return it below."),
    "jack-rearrange": ("Tap a card of the row or column to rearrange.", "Choose its line below."),
}
"""an action that taps one place: what to tap, and what to do once it is tapped"""
