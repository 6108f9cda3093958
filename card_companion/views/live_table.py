"""What one page shows of one table, and the one way it changes it: the seam between the table
frame (views/table_screen.py) and a game's view.

``LiveTable`` holds the game as this page last saw it (opened from the save, then each step
committed here or on another phone of the table), the news and the error the frame shows,
and sends this phone's changes (``send``: a ``LogChange``, a step entered, Undo, Redo) to the
save through ``Device.act``. Components read the parts they show through ``use_selected``: a
component is drawn again only when what it selected changed, so a step draws again the
panels whose data changed and nothing of the frame (docs/performance.md).

A game's view receives a ``Table``: a frozen value (the session, its revision, this phone's
seat, table mode, the text size) whose handlers (``dispatch``, ``refusal``) keep their
identity for the page's life.

A step is never applied to a state its player did not see. Two checks, both before anything
is written:
- **The phone has drawn this state** (``LiveTable.drew``). The game's body carries a marker, an
  empty box whose width says which revision it was drawn for (``marker_width``); the
  browser reports the marker's size after each frame that laid it out (Flet's
  ``on_size_change``, sent after the frame). A tap reaches the server after every report the
  phone sent before it, so a tap that arrives before the report of the table's current
  revision may have been aimed at an older drawing: it is refused with the stale sentence
  (or, after this phone's own step, a second tap before its result was drawn, dropped). The
  controls keep their identity from step to step, so nothing has to be sent again for this.
- **No other phone stepped meanwhile**: the store refuses a step entered on an older
  revision than the save's (``StaleGame``).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, TypeVar, cast

import flet as ft
from pydantic import ValidationError

from card_companion.companion.game import Game, IllegalAction, plain_validation_error
from card_companion.companion.log_changes import EnterStep, LogChange, Redo, Undo
from card_companion.companion.phones.access import TABLE, Refused, Seat
from card_companion.companion.phones.devices import Device, Opened
from card_companion.companion.phones.live import STEPS, Committed, Subscription
from card_companion.companion.saves.errors import STALE
from card_companion.companion.saves.storage import Snapshot, StaleGame, StoreError
from card_companion.companion.session import Session
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import FletKey, drawn_inside
from card_companion.views.keyboard import Keys
from card_companion.views.per_state import answered
from card_companion.views.services import fire_and_forget, on_page_loop

T = TypeVar("T")
G = TypeVar("G", bound="Game[Any, Any, Any]")
"""the game a table plays (``PCWar``, ``CardPeeGee``...)"""
S = TypeVar("S")
"""that game's state (``PCWarState``...)"""

log = logging.getLogger(__name__)

STALE_TAIL = "Your step was not saved: enter it again if it is still needed."


@dataclass(frozen=True)
class Table(Generic[G, S]):
    """What a game's table component gets: the same value for the page's life (a new one only
    when this phone's seat, table mode or text size change). ``live`` is the table as this
    page shows it, its session and revision: the game's component selects from it what
    decides its layout (``use_table``), and each panel what it shows (``Show``), so a step
    draws again only what it changed.

    ``dispatch(action) -> bool`` commits the action on the state this page shows (True) or
    shows the refusal in one sentence and changes nothing (False). ``refusal(action) -> str |
    None`` commits it too but hands the refusal back for the game's screen to show beside the
    entry (None: done; "": refused and already said at the top). No view applies the rules
    itself to find the message. The layout of the players' panels for the seat and table
    mode is ``views.seating.seated`` / ``side_by_side``.

    A game's view names its game and state: ``Table[PCWar, PCWarState]``, so that what it
    asks of ``game`` and reads of ``state`` is checked."""

    live: LiveTable
    game: G
    seat: Seat | None = None
    """where this phone sits: a player, the whole table, watching (None: the whole table)"""
    table_mode: bool = False
    """two players, one phone between them: the far player's panel is turned 180°"""
    text_scale: float = 1.0
    anyone: bool = False
    """the table lets any phone enter for anyone"""

    @property
    def session(self) -> Session:
        """The session this page shows now (for handlers: a drawing selects what it shows)."""
        return self.live.session

    @property
    def state(self) -> S:
        return cast(S, self.live.session.state)

    @property
    def revision(self) -> int:
        return self.live.revision

    @property
    def watching(self) -> bool:
        return self.seat is not None and not self.seat.can_act

    @property
    def keyboard(self) -> Keys:
        """The page's one card picker, for the entries of the table (views/keyboard.py)."""
        return self.live.keyboard

    def enters_for(self, player: int | None) -> bool:
        """Whether this phone enters ``player``'s own choices (None: a shared step): the table
        phone every player's, a player's phone its own (any phone's, with the table's "any
        phone may enter for anyone"); a screen without a seat as the table phone. The views
        show another player's choice as waiting (``views.seating.waiting``); the server refuses
        it all the same (``Device.act``)."""
        return (self.seat or TABLE).enters_for(player, self.anyone)

    def dispatch(self, action: Any) -> bool:
        return self.live.send(EnterStep(action), here=False) is None

    def refusal(self, action: Any) -> str | None:
        return self.live.send(EnterStep(action), here=True)


def follow(shown: Snapshot | None, event: Committed) -> Snapshot | None | Literal[False]:
    """What a page showing ``shown`` does with a step committed elsewhere: the new snapshot
    (the step applies to what it shows: take the committed session as it is), False (it has
    that step already), or None (it missed something: read the save)."""
    if shown is None or event.kind not in STEPS:
        return None
    if event.after <= shown.revision:
        return False
    if event.before == shown.revision and event.session is not None:
        return Snapshot(shown.game_id, event.session, event.after, shown.code)
    return None


NEWS = {"enter": "entered a step", "undo": "undid the last step", "redo": "redid a step",
        "redo-all": "brought back the undone steps", "undo-to": "went back to an earlier step",
        "edit": "changed the cards of an earlier step"}


ANYONE_NEWS = {"anyone-on": "let any phone enter for anyone.",
               "anyone-off": "set each phone to enter its own player's choices (and the shared steps)."}
"""another phone turned the table's "any phone may enter for anyone" on or off"""


_SHOWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""page -> a weak reference to the LiveTable it shows (for an entry to say what a step took away)"""


def shown_on(page: Any) -> LiveTable | None:
    """The table this page shows, if it shows one."""
    try:
        kept = _SHOWN.get(page)
    except TypeError:  # a stand-in page that cannot be weakly referenced
        return None
    return kept() if kept is not None else None


FADE = 8.0
"""seconds another phone's step stays said at the top of the table"""


def news_of(event: Committed, seat: Seat | None) -> str:
    """Another phone's step in the history's own words: "Bea: Flip 3: Ann's card is higher →
    Ann takes both", "The other table phone undid: ..."; a table phone calls another table
    phone "the other table phone". A step whose words begin with the name of who entered it
    says it once: "Cy's fighters: 5♠ 7♥ 2♦ (total 14)" (``names_first``)."""
    who = event.by
    if who == "the table phone" and seat is not None and seat.kind == "table":
        who = "the other table phone"
    session = event.session
    words = None
    if session is not None:
        try:
            words = {"enter": session.last_step, "redo": session.last_step,
                     "undo": session.next_redo}.get(event.kind, lambda: None)()
        except IllegalAction:  # the undone step no longer applies: said without it
            words = None
    if words:
        if event.kind == "enter" and names_first(words, who):
            return _capital(words)  # "Cy's fighters: …", not "Cy: Cy's fighters: …"
        doing = {"enter": "", "undo": " undid", "redo": " redid"}[event.kind]
        return f"{_capital(who)}{doing}: {words}"
    return f"{_capital(who)} {NEWS.get(event.kind, 'changed the game')}."


def open_game(device: Device, gid: str) -> tuple[Opened | None, Refused | str | None]:
    """(Opened, None) or (None, why not: the Refused itself when this phone may not see it,
    else the sentence)."""
    try:
        return device.open(gid), None
    except Refused as exc:
        return None, exc
    except (IllegalAction, StoreError) as exc:
        return None, str(exc)


def names_first(words: str, who: str) -> bool:
    """Whether a step's words begin with the name of whoever entered it ("Cy's fighters: …",
    "Cy retires …" entered by Cy): the news then says the name once. "Al" is not "Alice".

    >>> names_first("Cy's fighters: 5♠", "Cy"), names_first("Cy retires 5♠", "Cy"), names_first("Cyd's", "Cy")
    (True, True, False)
    """
    return bool(who) and words.startswith(who) and words[len(who):][:1] in ("'", "’", " ", ":", ",")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


MARKS = 64
"""how many revisions the drawing marker tells apart (widths 1 to 64 px)"""


def marker_width(revision: int) -> int:
    """The width of the drawing marker for ``revision``."""
    return 1 + revision % MARKS


class LiveTable:
    """One page's live view of one saved game: what it shows (``opened``, or ``problem``: why
    it cannot), the frame's ``news`` and ``error``, whether the invite is open, which revision
    the phone has drawn, and the steps it commits. Listeners (``use_selected``) hear of every
    change.

    ``reports`` is True for a page in a browser, which reports each drawing of the game's
    body (see the module's text); a page without one (the view tests) is taken as having
    drawn whatever it shows."""

    def __init__(self, gid: str, device: Any, page: Any = None, reports: bool = False,
                 several: bool = False) -> None:
        self.gid, self.device, self.page, self.reports = gid, device, page, reports
        self.opened, self.problem = open_game(device, gid)
        self.news: str | None = None
        self.error: str | None = None
        self.several = several
        """the game was just started for several phones (the new-game screen's choice)"""
        self.inviting: bool | None = None
        """None: open on a game started for several phones while it has no step and no other
        phone sits at it (on the phone that created it); then as the player chose"""
        self.alone = self._alone()
        """no other phone sits at this table yet"""
        self.subscription: Subscription | None = None
        self.drawn: int | None = None
        """the revision the phone last reported drawing (None: none yet)"""
        self.stepped_here = False
        """the revision shown is this page's own step (a tap before it is drawn is a second tap)"""
        self._marks: dict[int, int] = {}
        """marker width -> the revision last drawn with it"""
        self._listeners: list[Callable[[], None]] = []
        self.keyboard = Keys()
        """the page's card keyboard (views/keyboard.py): mounted once under the game's entries"""
        if page is not None:
            try:
                _SHOWN[page] = weakref.ref(self)
            except TypeError:  # a stand-in page
                pass

    # --- what is shown ---------------------------------------------------------------------

    def _alone(self) -> bool:
        try:
            return len(self.device.tables.store.seats(self.gid)) <= 1
        except (AttributeError, StoreError):  # no store (a screen drawn for a test), or unreadable
            return False

    @property
    def invite_open(self) -> bool:
        """Whether the invite (QR code, link, code) is open: as the player chose, else on the
        phone that started the game for several phones until the first step or until another
        phone sits (a game for one phone opens for play: the code chip opens the invite)."""
        if self.inviting is not None:
            return self.inviting
        return self.several and self.alone and self.opened is not None and not self.opened.session.actions

    def listen(self, fn: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def changed(self) -> None:
        for fn in list(self._listeners):
            try:
                fn()
            except Exception:  # one panel that cannot select must not keep the others from hearing
                log.exception("a panel of game %s could not select what it shows", self.gid)

    def set(self, **fields: Any) -> None:
        """Change what the frame shows (news, error, inviting) and tell the listeners."""
        for name, value in fields.items():
            setattr(self, name, value)
        self.changed()

    def show(self, opened: Any, problem: Any = None) -> None:
        self.opened, self.problem = opened, problem
        self.stepped_here = False
        self.changed()

    # --- what the phone has drawn ----------------------------------------------------------

    def marking(self, revision: int) -> int:
        """The game's body is being drawn for ``revision``: the width of its marker."""
        width = marker_width(revision)
        self._marks[width] = revision
        return width

    def drew(self, width: float) -> None:
        """The phone reports its marker laid out at ``width``: it has drawn that revision."""
        revision = self._marks.get(round(width))
        if revision is not None:
            self.drawn = revision

    @property
    def revision(self) -> int:
        """The revision this page shows (-1: none)."""
        return self.opened.snapshot.revision if self.opened is not None else -1

    @property
    def session(self) -> Session:
        assert self.opened is not None, "the game is open"
        return self.opened.session

    @classmethod
    def showing(cls, session: Session, revision: int = 0) -> LiveTable:
        """A table that shows ``session`` and commits nothing (a screen drawn for a test)."""
        from card_companion.companion.phones.devices import Opened
        from card_companion.companion.saves.storage import Snapshot as _Snapshot

        live = cls.__new__(cls)
        live.gid, live.device, live.page, live.reports = "", None, None, False
        live.opened, live.problem = Opened(_Snapshot("", session, revision, ""), None), None
        live.news = live.error = None
        live.inviting, live.subscription, live.drawn, live.stepped_here = None, None, None, False
        live.several = False
        live.alone = False
        live._marks, live._listeners = {}, []
        live.keyboard = Keys()
        return live

    def has_drawn(self, revision: int) -> bool:
        return not self.reports or self.drawn == revision

    def reload(self, note: str | None = None) -> None:
        opened, problem = open_game(self.device, self.gid)
        self.opened, self.problem = opened, problem
        self.stepped_here = False
        if note is not None:
            self.news = note
        self.changed()

    def take(self, event: Committed) -> bool:
        """A step (or a deletion) committed on another phone of this table. False for a seat
        taken elsewhere: the frame's seat picker reads the seats again itself."""
        if event.kind == "deleted":
            self.show(None, "this game was deleted on another phone")
            return True
        if event.kind == "seat":
            return False
        if event.kind in ("anyone-on", "anyone-off"):  # the table's setting: the entries it shows change
            if self.opened is not None:
                self.opened = replace(self.opened, anyone=event.kind == "anyone-on")
            self.news = f"{_capital(event.by or 'another phone')} {ANYONE_NEWS[event.kind]}"
            self.changed()
            self._fade(self.news)
            return True
        current = self.opened
        now = follow(current.snapshot if current else None, event)
        if now is False:
            return True
        if now is None or current is None:  # (follow answers None to a page that shows no game)
            self.opened, self.problem = open_game(self.device, self.gid)
        else:
            self.opened = current.at(now)
        self.stepped_here = False
        self.error = None
        self.news = news_of(event, current.seat if current is not None else None)
        self.changed()
        self._fade(self.news)
        return True

    def lost(self, cards: list[Any]) -> None:
        """Another phone's step started this phone's entry again while it held these cards,
        picked and not entered: said once, with the step's news."""
        if self.stepped_here or not cards or not self.news:
            return
        words = " ".join(c.symbol for c in cards)
        was = "was" if len(cards) == 1 else "were"
        self.set(news=f"{self.news.rstrip('.')} — your {words} {was} not entered.")
        self._fade(self.news)

    def _fade(self, news: str) -> None:
        """The other phone's step stays said for ``FADE`` seconds (or until the next step)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a screen drawn for a test): it stays
            return
        loop.call_later(FADE, lambda: self.set(news=None) if self.news == news else None)

    # --- committing ------------------------------------------------------------------------

    def send(self, change: LogChange, here: bool) -> str | None:
        """A change tapped (a step entered, Undo, Redo), committed if what the phone showed
        when it was tapped is still the game's state here and in the save: None once it is;
        else the refusal, shown at the top unless ``here`` (the game's screen shows it beside
        the entry); "" when it was said at the top already (a stale screen, a failure of the
        app).

        One mechanism guards a stale tap, the drawing marker: the browser reports each drawing
        of the game's body (``drawn``), and a tap that arrives before the browser has drawn
        the revision this page holds was made on an older drawing and is refused. A tap's
        handler reads the page's revision only when it runs, so the revision cannot be handed
        in with the tap; the save's own check (``Device.act`` with the shown snapshot) refuses
        a step another phone saved first."""
        opened = self.opened
        if opened is None:
            return self._refused("this game is not open on this phone", here)
        shown = opened.snapshot
        session = opened.session
        said = {Undo: session.last_step, Redo: session.next_redo}.get(type(change), lambda: None)
        if not self.has_drawn(shown.revision):  # the tap may come from an older drawing
            if self.stepped_here:
                return ""  # a second tap before this phone drew its own step: nothing to do
            self.set(error=f"{_capital(STALE)}. {STALE_TAIL}")
            return ""
        try:
            try:
                step = said()  # the words of the step Undo takes back (or Redo brings back), before it goes
            except IllegalAction:
                step = None
            exclude = self.subscription
            now = self.device.act(self.gid, shown, change, exclude=exclude)
        except StaleGame as exc:
            self.opened, self.problem = open_game(self.device, self.gid)
            self.error = f"{_capital(str(exc))}. {STALE_TAIL}"
            self.changed()
            return ""
        except (IllegalAction, StoreError) as exc:
            return self._refused(str(exc), here)
        except (ValidationError, ValueError) as exc:  # an action built from what was typed
            return self._refused(plain_validation_error(exc), here)
        except Exception as exc:  # a bug must not take the table down: say so, change nothing
            log.exception("could not apply a step to game %s", self.gid)
            self.set(error=f"The app could not apply that step ({type(exc).__name__}: {exc}). Nothing was "
                           "changed; the game is saved as it was.")
            return ""
        self.opened = opened.at(now)
        self.stepped_here = True
        self.error = None
        self.news = f"{'Undid' if isinstance(change, Undo) else 'Redid'}: {step}" if step else None
        self.inviting = False
        self.changed()
        if self.page is not None:
            fire_and_forget(self.page, lambda service: service(ft.HapticFeedback).medium_impact())
        return None

    def _refused(self, text: str, here: bool) -> str:
        if not here:
            self.set(error=_capital(text))
        return text

    # --- the other phones ------------------------------------------------------------------

    def subscribe(self, alive: Callable[[], bool], on_seat: Callable[[], None]) -> None:
        """Hear the steps committed on the table's other phones, on this page's loop."""
        page = self.page

        def heard(event: Committed) -> None:
            def take() -> None:
                if not self.take(event):  # a phone took a seat
                    if self.alone:
                        self.alone = self._alone()
                        self.changed()
                    on_seat()
            on_page_loop(page, take)

        self.subscription = self.device.tables.hub.subscribe(self.gid, heard, alive=alive)

    def unsubscribe(self) -> None:
        if self.subscription is not None:
            self.subscription.close()
            self.subscription = None


_NOTHING = object()


def use_selected(source: LiveTable, select: Callable[[LiveTable], T]) -> T:
    """What this component shows of ``source`` (``select(source)``), drawn again only when
    that changes: every change of the source is offered to ``select``, and an answer equal
    (``==``; a ``Session`` is equal only to itself) to what the last drawing showed draws
    nothing."""
    drawn = ft.use_ref(_NOTHING)  # what the last drawing selected
    chosen: MutableRef[Callable[[LiveTable], Any]] = ft.use_ref(None)
    _, redraw = ft.use_state(0)
    chosen.current = select
    stop: MutableRef[Callable[[], None]] = ft.use_ref(None)

    def listen() -> None:
        def heard() -> None:
            assert chosen.current is not None, "set by every render, before the source can change"
            if chosen.current(source) != drawn.current:
                redraw(lambda n: n + 1)

        stop.current = source.listen(heard)

    def forget() -> None:
        if stop.current is not None:
            stop.current()
            stop.current = None

    ft.use_effect(listen, dependencies=[], cleanup=forget)
    now = select(source)
    if drawn.current is not _NOTHING and now == drawn.current:
        return drawn.current  # the same object while equal: children compare by identity
    drawn.current = now
    return now


def use_table(table: Table, select: Callable[..., Any], *args: Any) -> Any:
    """What this component shows of the table: ``select(session, *args)`` of the session the
    page shows, drawn again only when that changes (``use_selected``). ``select`` is a plain
    function of the game's session (a module's function: the same object at every drawing),
    and a total one: it is asked about every state the table goes through while its
    component is there, the step that takes the component away included (then it answers
    None, or anything: what it answers is not drawn). It is asked once per session for every
    phone of the table, as each hears of the step and draws it (``per_state.answered``)."""
    return use_selected(table.live, lambda live: None if live.opened is None else answered(
        select, live.session, args, lambda: select(live.session, *args)))


def Show(table: Table, panel: Callable[..., ft.Control], select: Callable[..., tuple | None], *args: Any,
         key: FletKey = None) -> ft.Control:
    """``panel(*select(session, *args))``: a panel drawn from what it selects of the table, and
    drawn again only when that changed. The panel is a memoized component whose props are the
    data it shows, drawn inside the component that selects them (``drawn_inside``); ``select``
    a plain function of the session, tested without Flet."""
    return drawn_inside(_show, panel)(table, select, *args, key=key)


def _show(panel: Callable[..., ft.Control], table: Table, select: Callable[..., tuple | None],
          *args: Any) -> ft.Control:
    data = use_table(table, select, *args)
    if data is None:  # the game went away: the frame draws something else at once
        return ft.Column([])
    return panel(*data)


def use_step_state(table: Table, initial: Any) -> tuple[Any, Callable[[Any], None]]:
    """State of a game's view that starts again at each step, as a new drawing of the table
    would: a half-chosen fighter, a mode, a refusal. ``initial`` is the value (or a function
    making it) each step starts with; the setter takes a value or a function of the current
    one, like ``use_state``'s. A step draws the component again only while it holds something
    else than ``initial``."""
    def start() -> Any:
        return initial() if callable(initial) else initial

    held, set_held = ft.use_state(None)  # (the revision it was set on, the value), None: initial
    live = table.live
    valid = use_selected(live, lambda shown: held is None or held[0] == shown.revision)
    value = held[1] if held is not None and valid else start()

    def set_value(new: Any) -> None:
        def step(old: tuple[int, Any] | None) -> tuple[int, Any]:
            current = old[1] if old is not None and old[0] == live.revision else start()
            return live.revision, (new(current) if callable(new) and not isinstance(new, type) else new)
        set_held(step)

    latest: MutableRef[Callable[[Any], None]] = ft.use_ref(None)
    latest.current = set_value

    def setter(new: Any) -> None:  # (one setter at every drawing, with set_value's one parameter: a part made
        cast(Callable[[Any], None], latest.current)(new)  # with it is handed back as drawn)

    return value, ft.use_callback(setter, [])
