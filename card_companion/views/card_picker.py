"""Card entry for a thumb: one picker for all five games.

A rank row and a suit row (two taps a card, in either order), big targets, red and black
suits, only the cards of the current game's deck, Jokers and the blank card only where the
deck holds them, a warning when a card is entered more often than the game's decks hold, and
typed notation
("10H", "qs", "A♠") as an alternative. ``CardSlots`` puts several named places over one
picker (the cards on each fighter, three starting fighters, a row refill...).
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

import flet as ft

from card_companion.calculators.cards import Card, CardError, Deck, Rank, Suit
from card_companion.views.entry_places import Places, Taps
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import FletKey, use_made, use_maybe, use_stable, use_text_scale
from card_companion.views.keyboard import IDLE, KEYS, Holding, Keys, KeyTarget, use_keyboard, use_picker_props
from card_companion.views.live_table import shown_on
from card_companion.views.reach import reachable, use_reach
from card_companion.views.widgets import BLACK, RED, TOUCH, TOUCH_FIELD, button, card_face, message, section, tagged

RANKS_PER_ROW = 6
"""the most ranks side by side: more would be narrower than TOUCH in a player's panel at 390 px"""


def overuse_warning(deck: Deck, known: Sequence[Card], entered: Sequence[Card | None]) -> str | None:
    """A warning naming each card being entered now that, with the cards already known in the
    game, appears more often than the decks hold it. A card over-entered earlier in the game but
    not part of this entry is not named again on every entry (issue 14 item 5)."""
    now = {c for c in entered if c is not None}
    counts = Counter(known) + Counter(c for c in entered if c is not None)
    over = sorted(c for c in now if counts[c] > deck.copies_of(c))
    if not over:
        return None
    parts = []
    for c in over:
        copies = deck.copies_of(c)
        held = "one" if copies == 1 else str(copies)
        parts.append(f"{c.symbol} is entered {counts[c]} times but the deck holds {held}")
    return "; ".join(parts) + ". Check the card (or undo an earlier mistake)."


@ft.component
def CardPicker(
    deck: Deck,
    on_pick: Callable[[Card], None],
    ident: str = "picker", game_name: str = "this game",
    taps: Taps | None = None,
    on_move: Callable[[Callable[[Taps], tuple[Taps, Card | None]]], None] | None = None,
    fresh: object = None,
    holding: Holding | None = None,
    key: FletKey = None,
) -> ft.Control:
    """Rank row + suit row + typed entry. Calls on_pick with a card of the deck.

    Each button is a memoized component with stable handlers, so a tap redraws (and sends)
    only the buttons whose look changed, not the whole picker. The picker keeps its own taps,
    unless its owner keeps them (``CardSlots``): then it shows ``taps`` and hands each rank or
    suit tap to ``on_move`` (see ``Places.tapped``). A new ``fresh`` (the keyboard serving
    another entry) starts its own taps and the typed card again; ``holding`` (the keyboard's
    ``Holding``) is told whether it holds any of them."""
    zoom = use_text_scale()
    own_taps, set_taps, typed, set_typed, error, set_error, tapped = _use_picker_state(fresh, holding)
    if on_move is None or taps is None:
        taps = own_taps

    def finish(card: Card) -> None:
        tapped.current = Taps()
        set_taps(tapped.current)
        set_typed("")
        set_error(None)  # a refusal of what was typed is no longer true once a card is entered
        on_pick(card)

    def tap(move: Callable[[Taps], tuple[Taps, Card | None]]) -> None:
        if on_move is not None:
            on_move(move)
            return
        assert tapped.current is not None, "the ref starts with Taps()"
        tapped.current, card = move(tapped.current)
        if card is not None:
            finish(card)
        else:
            set_taps(tapped.current)

    def submit_typed(e: object = None) -> None:
        text = (typed or "").strip()
        if not text:
            return
        try:
            card = deck.parse(text, game_name)
        except CardError as exc:
            set_error(str(exc))
            return
        finish(card)

    on_rank = use_stable(lambda r: tap(lambda t: t.rank_tapped(r)))
    on_suit = use_stable(lambda s: tap(lambda t: t.suit_tapped(s)))
    on_card = use_stable(finish)
    on_type, on_submit = use_stable(set_typed), use_stable(submit_typed)
    return ft.Column([*_rank_rows(deck, taps, zoom, ident, on_rank),
                      _suit_row(deck, taps, zoom, ident, on_suit, on_card),
                      TypedCard(typed, error, ident, on_type, on_submit)], spacing=6, tight=True)


def _use_picker_state(fresh: object, holding: Holding | None = None) -> tuple[Any, ...]:
    """The picker's own taps, typed card and its refusal (each with its setter), and the taps
    so far for the tap handlers (two quick taps can both reach the app before the picker is
    drawn again, and the second must see the first): all started again by a new ``fresh``;
    ``holding`` (the keyboard's ``Holding``) told whether any of them holds something."""
    own_taps, set_taps = use_made(Taps)
    typed, set_typed = ft.use_state("")
    error, set_error = use_maybe(str)
    tapped: MutableRef[Taps] = ft.use_ref(Taps)
    served: MutableRef[object] = ft.use_ref(lambda: fresh)  # type: ignore[arg-type,return-value]
    if served.current != fresh:
        served.current = fresh
        tapped.current, own_taps, typed, error = Taps(), Taps(), "", None
        set_taps(own_taps)
        set_typed("")
        set_error(None)
    if holding is not None:
        holding.holds = bool(typed) or error is not None or own_taps != Taps() or tapped.current != Taps()
    return own_taps, set_taps, typed, set_typed, error, set_error, tapped


def _rank_rows(deck: Deck, taps: Taps, zoom: float, ident: str, on_rank: Callable[[Rank], None]) -> list[ft.Control]:
    """The deck's ranks in rows of equal columns, RANKS_PER_ROW at most (a whole deck: 5, 5, 3),
    so each is TOUCH wide even in a player's panel (seven to a row were 42 px there)."""
    ranks = list(deck.ranks)
    per_row = math.ceil(len(ranks) / math.ceil(len(ranks) / RANKS_PER_ROW))
    rows: list[ft.Control] = []
    for i in range(0, len(ranks), per_row):
        row: list[ft.Control] = [RankButton(r, taps.rank == r, zoom, ident, on_rank) for r in ranks[i:i + per_row]]
        row += [ft.Container(expand=1) for _ in range(per_row - len(row))]  # the columns stay aligned
        rows.append(ft.Row(row, spacing=4))
    return rows


def _suit_row(deck: Deck, taps: Taps, zoom: float, ident: str, on_suit: Callable[[Suit], None],
              on_card: Callable[[Card], None]) -> ft.Control:
    """The deck's suits, then only the suitless cards this game's deck holds: Jokers, PC War's
    blank card."""
    suit_row = [SuitButton(s, taps.suit == s, deck.suit_name(s), zoom, ident, on_suit) for s in deck.suits]
    if deck.jokers:
        suit_row.append(SuitlessButton("joker", "Joker", "#efe6ff", ident, on_card))
    if deck.blank:
        suit_row.append(SuitlessButton("blank", "Blank", "#ffffff", ident, on_card))
    return ft.Row(suit_row, spacing=4)


@ft.memo
@ft.component
def RankButton(rank: Rank, chosen: bool, zoom: float, ident: str, on_tap: Callable[[Rank], None]) -> ft.Control:
    return ft.Semantics(
        identifier=f"{ident}-rank-{rank.letter}",
        label=f"rank {rank.word}",
        button=True,
        selected=chosen,
        expand=1,
        content=ft.Container(
            content=ft.Text(rank.letter, size=round(20 * zoom), weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if chosen else None),
            height=round(TOUCH * zoom),
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            on_click=lambda e: on_tap(rank),
            ink=True,
        ),
    )


@ft.memo
@ft.component
def SuitButton(suit: Suit, chosen: bool, named: str | None, zoom: float, ident: str,
               on_tap: Callable[[Suit], None]) -> ft.Control:
    """A suit; in FIGHT! with the move it is (``named``)."""
    symbol = ft.Text(suit.symbol, size=round((30 if named is None else 24) * zoom), color=RED if suit.is_red else BLACK)
    return ft.Semantics(
        identifier=f"{ident}-suit-{suit.value}",
        label=suit.word if named is None else f"{suit.word}, {named}",
        button=True,
        selected=chosen,
        expand=1,
        content=ft.Container(
            content=symbol if named is None else ft.Column(
                [symbol, ft.Text(named, size=round(12 * zoom), weight=ft.FontWeight.BOLD, color=BLACK)],
                spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            height=round((TOUCH + 8) * zoom),
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=ft.Colors.AMBER_200 if chosen else "#f4f1ea",
            border=ft.Border.all(3 if chosen else 1, ft.Colors.AMBER_800 if chosen else "#bdbdbd"),
            on_click=lambda e: on_tap(suit),
            ink=True,
        ),
    )


@ft.memo
@ft.component
def SuitlessButton(key: str, word: str, color: str, ident: str, on_card: Callable[[Card], None]) -> ft.Control:
    """A card without a suit (the Joker, the blank card): one tap picks it."""
    return ft.Semantics(
        identifier=f"{ident}-{key}",
        label=word,
        button=True,
        expand=1,
        content=ft.Container(
            content=ft.Text(word, size=16, weight=ft.FontWeight.BOLD, color=BLACK),  # on a fixed light face
            height=TOUCH + 8,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=color,
            on_click=lambda e: on_card(Card.parse(key)),
            ink=True,
        ),
    )


@ft.memo
@ft.component
def TypedCard(typed: str, error: str | None, ident: str, on_type: Callable[[str], None],
              on_submit: Callable[[], None]) -> ft.Control:
    """A card typed in notation ("10H", "qs", "A♠"), and why it is not a card of this game."""
    row = ft.Row(
        [
            tagged(
                f"{ident}-typed",
                ft.TextField(
                    label="or type a card",
                    hint_text="10H, qs, A♠",
                    value=typed,
                    on_change=lambda e: on_type(e.control.value),
                    on_submit=lambda e: on_submit(),
                    **TOUCH_FIELD,
                    expand=True,
                    capitalization=ft.TextCapitalization.CHARACTERS,
                ),
                label="type a card",
            ),
            button("Enter", on_submit, f"{ident}-typed-enter", primary=False),
        ],
        spacing=6,
    )
    if not error:
        return row
    return ft.Column([c for c in (row, message(error, f"{ident}-error")) if c is not None], spacing=6, tight=True)


class LivePlaces:
    """The places as the handlers must see them now (``current``), kept across drawings."""

    __slots__ = ("current",)

    def __init__(self, current: Places) -> None:
        self.current = current


def use_places(count: int, initial: Sequence[Card | None] | None,
               fresh: object) -> tuple[LivePlaces, Callable[[Places], None]]:
    """``CardSlots``' places as the handlers must see them (quick taps can arrive before a new
    drawing: a ref), and the setter that draws them again. They start again (empty, or
    ``initial``) when ``fresh`` changes from a step's value to another, or when the caller
    changed their number without a new key."""
    box: MutableRef[LivePlaces] = ft.use_ref(None)
    started = ft.use_ref(fresh)  # the ``fresh`` the places were started for (None: not yet known)
    _, redraw = ft.use_state(0)
    if box.current is None:
        box.current = LivePlaces(Places.start(count, initial))
    live = box.current
    if started.current != fresh:
        if started.current is not None:  # a new step's entry: the same places, empty again
            held = [c for c in live.current.cards if c is not None]
            if held and initial is None:  # picked, not entered: the table says so (if it is one)
                _say_lost(held)
            live.current = Places.start(count, initial)
        started.current = fresh
    if len(live.current.cards) != count:
        live.current = Places.start(count)

    def set_now(places: Places) -> None:
        live.current = places
        redraw(lambda n: n + 1)

    return live, set_now


def _say_lost(cards: list[Card]) -> None:
    """Tell the table this page shows (after this drawing) that its entry lost these cards."""
    table = shown_on(getattr(ft.context, "page", None))
    if table is None:
        return
    try:
        asyncio.get_running_loop().call_soon(table.lost, cards)
    except RuntimeError:  # no loop: a screen drawn for a test
        table.lost(cards)


@ft.component
def CardSlots(
    deck: Deck,
    labels: Sequence[str],
    on_done: Callable[[list[Card]], object],
    known: Sequence[Card] = (),
    submit: str = "Done",
    ident: str = "slots", game_name: str = "this game",
    on_change: Callable[[list[Card | None]], None] | None = None,
    extra: ft.Control | None = None,
    decks: Sequence[Deck] | None = None, deck_names: Sequence[str] | None = None,
    initial: Sequence[Card | None] | None = None,
    fold: bool = True, follows: bool = False,
    fresh: object = None,
    picker: bool = True,
    shown: bool = True,
    submit_primary: bool = True,
    reach: str | None = None,
    keyboard: Keys | None = None,
    after: Sequence[ft.Control | None] = (),
    key: FletKey = None,
) -> ft.Control:
    """Named places filled from one picker; the submit button works when all are filled.

    The picker folds away once every place is filled (``fold=False``: it stays out on the place
    just filled, for a calculator); tapping a place picks it again.
    ``known`` (cards already out of the deck) feeds the over-count warning. A new ``key`` starts
    new places empty (or with ``initial``, one card or None per place, kept by the caller).
    ``decks`` (optional, one per place): when the places take cards of different decks
    (Card Stratego's two armies), the picker offers the active place's deck, named
    ``deck_names[i]`` in its messages; ``deck`` still counts the over-count warning.
    ``follows`` (a calculator): the owner keeps the cards (``on_change``) and gives them back as
    ``initial`` at every drawing; a changed card redraws the places within the owner's update.
    ``fresh`` (a table's entry, the same from step to step): the step the cards are entered
    for, once there are some (None while empty: a step then draws nothing here). A new value
    starts the places again (empty, or ``initial``) without a new key: only their content changes.
    ``keyboard`` (a table's entry): the table's one picker (views/keyboard.py) serves the places
    being filled, and draws what is under it, the places filled too (its picker hidden).
    ``picker=False``: the places only, the picker (theirs, or the keyboard) away while another
    entry has it (what was entered and half tapped stays). ``shown=False`` (its panel hidden):
    the picker away, its last drawing handed back as drawn (drawn again when shown). ``submit_primary``:
    the submit is filled only while it is the next thing to do. ``reach`` (an entry low on its
    screen): from the first tap on it, the whole entry comes up (views/reach.py). ``after``: what
    follows the entry in its panel (under the keyboard with the submit: ``KeyTarget.below``)."""
    zoom = use_text_scale()  # the places' card faces follow the text-size setting
    live, set_now = use_places(len(labels), initial, fresh)
    now = live.current
    on_choose, pick, move = use_place_taps(live, set_now, fold, follows, not decks, on_change)
    use_reach(reach if reach is not None and now != Places.start(len(labels), initial) else None, fresh)
    drawn: MutableRef[ft.Control | None] = ft.use_ref(None)  # what the last drawing in sight drew
    picker, hand_back = picker and shown, not shown and drawn.current is not None
    below = () if hand_back else _slots_below(live, on_done, deck, known, extra, submit, submit_primary, after, ident)
    # the keyboard holds the places while the picker is theirs, filled too (its picker hidden, the submit under it)
    served = use_keyboard(keyboard, _key_target(deck, decks, deck_names, now, pick, move, ident, game_name, fresh,
                                                below) if picker else None, touched=now.active)
    if not hand_back:
        own = (deck, decks, deck_names, now.active, pick, ident, game_name, now.taps, move)
        drawn.current = reachable(reach, _slots_column(now, labels, ident, on_choose, zoom, picker,
                                                       own if now.picking and picker and not served else None,
                                                       () if served else below))
    return cast(ft.Control, drawn.current)


def _slots_below(live: LivePlaces, on_done: Callable[[list[Card]], object], deck: Deck, known: Sequence[Card],
                 extra: ft.Control | None, submit: str, primary: bool, after: Sequence[ft.Control | None],
                 ident: str) -> tuple[ft.Control, ...]:
    """What ``CardSlots`` shows under its picker: the submit works once every place is filled."""
    now = live.current
    done = (lambda _=None: on_done([c for c in live.current.cards if c is not None])) if now.complete else None
    return under_picker(overuse_warning(deck, known, list(now.cards)), extra,
                        button(submit, done, f"{ident}-submit", primary=primary), after, ident)


def _slots_column(now: Places, labels: Sequence[str], ident: str, on_choose: Callable[[int], None], zoom: float,
                  picker: bool, own: tuple | None, below: Sequence[ft.Control]) -> ft.Control:
    """``CardSlots``' places, what they enter, their own picker (``own``: its props) and what is under it."""
    controls: list[ft.Control | None] = [
        _places_row(now, labels, ident, on_choose, zoom), _prompt_text(labels, now, picker),
        _picker(*own) if own is not None else None, *below]
    return ft.Column([c for c in controls if c is not None], spacing=8, tight=True)


def _prompt_text(labels: Sequence[str], now: Places, shown: bool) -> ft.Control | None:
    """What the places' picker enters now (hidden rather than taken away while the picker is
    elsewhere: the submit keeps its place)."""
    if not labels:
        return None
    return ft.Text(_prompt(labels[now.active], now.picking, now.complete), italic=True, size=13, visible=shown)


def under_picker(warning: str | None, extra: ft.Control | None, submit: ft.Control,
                 after: Sequence[ft.Control | None], ident: str) -> tuple[ft.Control, ...]:
    """What an entry shows under its picker (``CardSlots``, CardPeeGee's ``PlayForm``): the
    over-count warning, the owner's extra, the submit, what follows it in its panel."""
    return tuple(c for c in (message(warning, f"{ident}-warning", kind="warning"), extra, submit, *after)
                 if c is not None)


def _key_target(deck: Deck, decks: Sequence[Deck] | None, deck_names: Sequence[str] | None, now: Places,
                pick: Callable[[Card], None], move: Callable[..., None], ident: str, game_name: str,
                fresh: object, below: tuple[ft.Control, ...]) -> KeyTarget:
    """What the table's keyboard enters for the places: the active place's deck (Card
    Stratego's two armies: its own, the taps starting again), under the places' identifiers,
    and what goes under it."""
    if not decks:
        return KeyTarget(deck, f"{ident}-picker", game_name, pick, now.taps, move, fresh=(ident, fresh), below=below,
                         asks=now.picking)
    name = deck_names[now.active] if deck_names else game_name
    return KeyTarget(decks[now.active], f"{ident}-picker", name, pick, now.taps, move, fresh=(ident, fresh, now.active),
                     below=below, asks=now.picking)


def use_place_taps(live: LivePlaces, set_now: Callable[[Places], None], fold: bool, follows: bool, keep_taps: bool,
                   on_change: Callable[[list[Card | None]], None] | None) -> tuple[Callable[..., Any], ...]:
    """The stable handlers of ``CardSlots``: a place tapped, a card picked, a rank or suit
    tapped (the picker keeps its props, so a filled place does not redraw it)."""

    def choose(i: int) -> None:
        # a place of another deck gets its own picker (keyed by the place): its taps start again
        live.current = live.current.chosen(i, keep_taps=keep_taps)
        set_now(live.current)

    def changed(after: Places) -> None:
        filled = after.cards != live.current.cards
        live.current = after
        if follows and filled and on_change:
            on_change(list(after.cards))  # the owner draws the places again, with its ruling
            return
        set_now(after)
        if filled and on_change:
            on_change(list(after.cards))

    pick = use_stable(lambda card: changed(live.current.picked(card, fold)))
    move = use_stable(lambda m: changed(live.current.tapped(m, fold)))
    return use_stable(choose), pick, move


def _places_row(now: Places, labels: Sequence[str], ident: str, on_choose: Callable[[int], None],
                zoom: float) -> ft.Control:
    """Each named place with its card; cards aligned at the top (a label on two lines must not
    lift its card above the others)."""
    places: list[ft.Control] = [
        Place(now.cards[i], label, i == now.active, i == now.active and now.picking, f"{ident}-slot-{i}", i,
              on_choose, zoom) for i, label in enumerate(labels)]
    return ft.Row(places, wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER,
                  vertical_alignment=ft.CrossAxisAlignment.START)


@ft.memo
@ft.component
def Place(card: Card | None, label: str, selected: bool, entering: bool, ident: str, index: int,
          on_choose: Callable[[int], None], zoom: float) -> ft.Control:
    """One named place of ``CardSlots``: its card (or empty) over its name, bold while the
    picker fills it. A memoized component: a tap draws again only the places that changed
    (``zoom``, the text-size setting, is a prop so that a new setting draws them again)."""
    use_text_scale()  # the card face follows the text-size setting
    return ft.Column(
        [
            card_face(card, ident=ident, selected=selected,
                      label=f"{label}: {card.symbol if card else 'not entered'}",
                      on_click=lambda e: on_choose(index), width=54),
            ft.Text(label, size=12, text_align=ft.TextAlign.CENTER, width=96,
                    weight=ft.FontWeight.BOLD if entering else None),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=2,
        tight=True,
    )


def _prompt(label: str, picking: bool, complete: bool) -> str:
    if not picking:
        return "Tap a card to change it."
    if complete:
        return f"Changing: {label}. Tap another card to change that one."
    return f"Entering: {label}"


def _picker(deck, decks, deck_names, active, pick, ident, game_name, taps, move) -> ft.Control:
    """The picker of the active place: the one deck, or the place's own deck (keyed by the
    place, so a rank or suit half-chosen for one deck is not finished in another)."""
    if not decks:
        return _SamePicker(deck, pick, ident=f"{ident}-picker", game_name=game_name, taps=taps, on_move=move)
    name = deck_names[active] if deck_names else game_name
    return _SamePicker(decks[active], pick, ident=f"{ident}-picker", game_name=name, taps=taps, on_move=move,
                       key=f"{ident}-picker-{active}")


_SamePicker = ft.memo(CardPicker)
"""the places' picker, skipped while its deck and names are the same"""


def entry_box(panel: ft.Control | None, keyboard: ft.Control, shown: bool | None = None,
              key: str = "entry-box") -> ft.Control:
    """The frame of a table's step entry (the phase's panel, drawn unframed:
    ``section(..., framed=False)``) with the table's ``Keyboard`` inside it, under the panel: the
    picker and what the entry hands it (its submit) stay inside the entry's box, as an entry's own
    picker did, while the keyboard keeps its parent from phase to phase. Hidden while there is
    no panel, or not ``shown`` (a panel kept mounted through the steps without an entry); the
    keyboard, hidden too, stays mounted."""
    return section(None, [panel, keyboard], visible=panel is not None if shown is None else shown, key=key)


@ft.component
def Keyboard(table: Any, key: FletKey = None) -> ft.Control:
    """The one picker of a table page (views/keyboard.py): shown for the entry the table's
    ``keyboard`` serves, with what the entry shows under its picker (``KeyTarget.below``),
    hidden, still mounted with the last entry's deck and identifiers, while none asks for a
    card (before any asked: the game's deck). Once each step is drawn (the frame's
    ``DrawnMarker``: ``Keys.step_drawn``) it looks again: an entry the step took away lets it
    go even where Flet did not unmount that entry."""
    keys: Keys = table.keyboard
    _, bump = ft.use_state(0)
    keys.redraw = lambda: bump(lambda n: n + 1)  # (and at each step drawn: ``Keys.step_drawn``)
    ft.use_effect(lambda: None, dependencies=[], cleanup=lambda: setattr(keys, "redraw", None))
    shown = keys.drawn = keys.shown
    target = shown or keys.last  # (hidden: the last entry's deck and served entry stay)
    pick, move, fresh, holding = use_picker_props(target)  # (the same from entry to entry)
    deck, name = (target.deck, target.game_name) if target is not None else (table.game.deck(table.state.setup),
                                                                              table.game.name)
    picker = _SamePicker(deck, pick, ident=KEYS, game_name=name, taps=target.taps if target is not None else None,
                         on_move=move, fresh=fresh, holding=holding)
    below = shown.below if shown is not None else ()  # (an entry that lets it go draws them itself)
    asks = shown is not None and shown.asks  # (places filled: the picker hidden, the submit under it stays)
    # (hidden itself: Flutter draws an error for a Semantics whose content is hidden)
    keyboard = ft.Semantics(content=ft.Container(picker), identifier=target.ident if target is not None else IDLE,
                            container=True, visible=asks)
    return ft.Container(ft.Column([keyboard, *below], spacing=8, tight=True), visible=shown is not None)
