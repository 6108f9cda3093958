"""The table's card keyboard (issue 36): one card picker per table page, mounted once and never
unmounted, shown for the entry that asks for a card and retargeted when the entry changes, as
a phone's keyboard is; hidden while no card is asked for.

A game places ``Keyboard(table)`` (views/card_picker.py) once, in the box of the part of its
table where cards are entered (``entry_box``: the box is the table's, the phase's panel inside
it unframed, so that the keyboard keeps its parent from phase to phase), and its entries,
instead of a picker of their own, claim the table's keyboard: ``CardSlots(...,
keyboard=table.keyboard)`` (through ``use_keyboard``), handing it what goes under their picker
(``KeyTarget.below``: the submit...), so the screen is as it was with the entry's own picker.
A step that changes the phase (a turn becomes a fight, an undo brings a deal back) then swaps
entries of a few controls each; the picker's seventy-odd controls stay where they are
and only their props change (the chosen rank, the deck). Its keys keep their identifiers from
entry to entry (``keyboard-rank-Q``: ``KEYS``), so that a new entry re-renders none
of them: only the control around them takes the identifier of the entry's picker
(``play-picker``), and a test names a key as the entry's own picker's would be
(``play-picker-rank-Q``: tests/support/keyboard.py).

Which entry the keyboard serves: the last one that asked for it (a newly shown entry, or one
the player tapped); when that one lets it go (it is gone), the one before it. An entry whose
places are filled keeps it, its picker hidden, what is under it still drawn
(``KeyTarget.asks``). An entry drawn on a screen without a keyboard (the calculators, the
history's edit), or outside the entry's box, where a player's tap opens it (Peace and Love's
private hand, CardPeeGee's claim), keeps its own picker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card, Deck
from card_companion.views.flet_compat import MutableRef, drawing, drawn_on, still_drawn
from card_companion.views.hooks import use_stable

KEYS = "keyboard"
"""the identifiers of the keyboard's keys, the same whichever entry it serves (``keyboard-rank-Q``,
``keyboard-suit-H``, ``keyboard-typed``): a new entry changes none of its seventy-odd
controls but the one around them, whose identifier is the entry's picker's
(``play-picker``); a test names a key of the entry it enters (tests/support/keyboard.py)"""
IDLE = "idle-picker"
"""the keyboard's identifier before any entry asked for a card"""


@dataclass(frozen=True)
class KeyTarget:
    """What the keyboard enters now: the deck it offers, the entry's identifier and game name
    (``play-picker``: the keyboard around its keys takes it, as the entry's own picker had it),
    where a card goes, and, for an entry that keeps the taps toward its next card
    (``CardSlots``), those taps and where a tap goes. ``fresh``: a new value starts the typed
    card and the keyboard's own taps again (a new step, another place). ``below``: what the
    entry shows under its picker (its warning, its submit, what follows the entry in its
    panel), drawn under the keyboard while it serves the entry, so that they keep their place
    (compared by identity: an entry drawn again hands over new ones). ``asks``: a card is asked
    for now (False: the entry's places are filled; the keyboard hides its picker and still
    draws ``below``, so that the submit never moves between the entry and the keyboard: two
    component updates, one frame apart, would show it twice or not at all)."""

    deck: Deck
    ident: str
    game_name: str
    on_pick: Callable[[Card], None]
    taps: Any = None
    on_move: Callable[..., None] | None = None
    fresh: object = None
    below: tuple[Any, ...] = field(default=(), compare=False)
    asks: bool = True


class Keys:
    """The page's keyboard: the entries that asked for it (owner -> target, the last one
    served), and the drawing of the ``Keyboard`` that shows it."""

    __slots__ = ("claims", "drawers", "redraw", "last", "drawn")

    def __init__(self) -> None:
        self.claims: dict[object, KeyTarget] = {}
        self.drawers: dict[object, Any] = {}
        """owner -> a handle on the component that draws its entry (``flet_compat.drawing``)"""
        self.redraw: Callable[[], None] | None = None
        self.last: KeyTarget | None = None
        """the target that asked for a card last (the hidden picker keeps its deck and identifier)"""
        self.drawn: KeyTarget | None = None
        """the target the ``Keyboard`` was last drawn for"""

    def _asking(self) -> list[tuple[object, KeyTarget]]:
        """The entries that hold the keyboard now (asking for a card, or with their places
        filled), the last asked last: those still mounted."""
        gone = [owner for owner in self.claims if not self._drawn(owner)]
        for owner in gone:
            self.claims.pop(owner, None)
            self.drawers.pop(owner, None)
        return list(self.claims.items())

    def look_again(self, page: Any) -> None:
        """Once a step is drawn: let go of the entries no longer in ``page``'s tree (a panel the
        step took away, where Flet did not unmount the entry inside it). Every entry asking is
        looked for, one drawn by this step too: a panel's own update can draw a new entry
        within it after the step took the panel away (CardPeeGee's fight, ended by its last
        round: the round's entry, drawn anew for the next round, in a panel no longer there)."""
        handles = {owner: h for owner, h in self.drawers.items() if owner in self.claims}
        if not handles:
            return
        drawn = drawn_on(page, handles.values())
        for owner, handle in handles.items():
            if id(handle) not in drawn:
                self.claims.pop(owner, None)
                self.drawers.pop(owner, None)

    def step_drawn(self, page: Any) -> None:
        """A step is drawn on ``page`` (the frame's ``DrawnMarker`` says so, once every panel
        of the step was drawn): look again (``look_again``), and draw the keyboard again if
        the entry it serves is no longer the one it shows. The keyboard does not draw itself
        again at each step to know it (a page update that sent nothing, at every step on
        every phone)."""
        self.look_again(page)
        if self.shown != self.drawn and self.redraw is not None:
            self.redraw()

    def _drawn(self, owner: object) -> bool:
        handle = self.drawers.get(owner)
        return handle is None or still_drawn(handle)

    @property
    def shown(self) -> KeyTarget | None:
        """The target served now (None: no entry holds the keyboard)."""
        return _served([target for _, target in self._asking()])

    def claim(self, owner: object, target: KeyTarget | None, *, first: bool = False, drawer: Any = None) -> None:
        """``owner`` asks for the keyboard with ``target`` (None: lets it go), drawn by the
        component of the handle ``drawer`` (None: not known). An owner that asks again keeps
        its turn, unless ``first`` (newly shown, or tapped): then it is served."""
        before = _served(list(self.claims.values()))
        if drawer is not None:
            self.drawers[owner] = drawer
        if target is None:
            self.claims.pop(owner, None)
            self.drawers.pop(owner, None)
        else:
            if first:
                self.claims.pop(owner, None)  # (served now: it goes last)
            self.claims[owner] = target
        now = _served(list(self.claims.values()))
        if now is not None and now.asks:
            self.last = now
        handed = now is not None and before is not None and now.below is not before.below
        if (now != before or handed) and self.redraw is not None:
            self.redraw()


def _served(targets: list[KeyTarget]) -> KeyTarget | None:
    """Which of the entries holding the keyboard it serves: the last one asking for a card;
    while none asks, the last one (its picker hidden, what is under it drawn)."""
    asking = [t for t in targets if t.asks]
    return asking[-1] if asking else targets[-1] if targets else None


def use_keyboard(keys: Keys | None, target: KeyTarget | None, touched: object = None) -> bool:
    """Hold the page's keyboard with ``target`` while this component is shown (None: not
    now), and let it go when it is not; a new ``touched`` (the player tapped this entry)
    serves it again. True when the keyboard holds ``target`` (the caller draws neither a
    picker of its own nor what is under it)."""
    owner: MutableRef[object] = ft.use_ref(object)
    asked: MutableRef[tuple[bool, object]] = ft.use_ref(lambda: (False, touched))
    ft.use_effect(lambda: None, dependencies=[],
                  cleanup=lambda: keys.claim(owner.current, None) if keys is not None else None)
    if keys is None:
        return False
    was_asking, was_touched = asked.current or (False, touched)
    keys.claim(owner.current, target, first=target is not None and (not was_asking or was_touched != touched),
               drawer=drawing())
    asked.current = (target is not None, touched)
    return target is not None


class Holding:
    """Whether the keyboard's picker holds something of its own now (a tapped rank or suit,
    typed text, its refusal): the picker says so at each drawing (``CardPicker(holding=)``)."""

    __slots__ = ("holds",)

    def __init__(self) -> None:
        self.holds = False


def use_picker_props(target: KeyTarget | None) -> tuple[Callable[[Card], None], Callable[..., None] | None,
                                                         int, Holding]:
    """The keyboard's picker's props for ``target`` (None: no entry yet): its card and move
    handlers, its ``fresh`` and its ``Holding``, the same from entry to entry, so that serving
    another entry draws none of the picker again (a new entry's handlers and ``fresh`` made it
    draw its rows again, about a millisecond of each Peace and Love step on every phone). The
    handlers call the entry's own; a new ``fresh`` (the picker starts its taps and typed card
    again) comes only when the entry changed while the picker held something of its own: a
    picker holding nothing has nothing to start again. (A count, not the entry's ``fresh``: an
    undo can bring an entry's ``fresh`` back.)"""
    holding: MutableRef[Holding] = ft.use_ref(Holding)
    seen: MutableRef[tuple[object, int]] = ft.use_ref(lambda: (None, 0))
    # (stable handlers that call this drawing's target's own)
    pick = use_stable(lambda card: target.on_pick(card) if target is not None else None)
    move = use_stable(lambda m: target.on_move(m) if target is not None and target.on_move else None)
    assert seen.current is not None and holding.current is not None, "made by the first drawing"
    fresh = target.fresh if target is not None else None
    last, count = seen.current
    if fresh != last:
        seen.current = (fresh, count + 1 if holding.current.holds else count)
    return pick, move if target is not None and target.on_move is not None else None, seen.current[1], holding.current
