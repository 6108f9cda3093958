"""Card entry for a thumb: one picker for all five games.

A rank row and a suit row (two taps a card, in either order), big targets, red and black
suits, only the cards of the current game's deck, Jokers and the blank card only where the
deck holds them, a warning when a card is entered more often than the game's decks hold, and
typed notation
("10H", "qs", "A♠") as an alternative. ``CardSlots`` puts several named places over one
picker (the cards on each fighter, three starting fighters, a row refill...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import flet as ft

from card_companion.calculators.cards import Card, CardError, Deck, Rank, Suit
from card_companion.views.common import BLACK, RED, TOUCH, button, card_face, message, tagged, use_text_scale


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
    ident: str = "picker",
    game_name: str = "this game",
) -> ft.Control:
    """Rank row + suit row + typed entry. Calls on_pick with a card of the deck."""
    zoom = use_text_scale()
    rank, set_rank = ft.use_state(None)
    suit, set_suit = ft.use_state(None)
    typed, set_typed = ft.use_state("")
    error, set_error = ft.use_state(None)
    # the rank and suit tapped so far, for the tap handlers: two quick taps can both reach the
    # app before the picker is drawn again, and the second must see the first
    tapped = ft.use_ref(lambda: {"rank": None, "suit": None})

    def finish(card: Card) -> None:
        tapped.current = {"rank": None, "suit": None}
        set_rank(None)
        set_suit(None)
        set_typed("")
        set_error(None)
        on_pick(card)

    def tap_rank(r: Rank) -> None:
        now = tapped.current
        if now["suit"] is not None:
            finish(Card.of(r, now["suit"]))
        else:
            now["rank"] = None if now["rank"] == r else r
            set_rank(now["rank"])

    def tap_suit(s: Suit) -> None:
        now = tapped.current
        if now["rank"] is not None:
            finish(Card.of(now["rank"], s))
        else:
            now["suit"] = None if now["suit"] == s else s
            set_suit(now["suit"])

    def submit_typed(e=None) -> None:
        text = (typed or "").strip()
        if not text:
            return
        try:
            card = deck.parse(text, game_name)
        except CardError as exc:
            set_error(str(exc))
            return
        finish(card)

    ranks = list(deck.ranks)
    per_row = 7 if len(ranks) > 7 else len(ranks)
    rank_rows = [ranks[i:i + per_row] for i in range(0, len(ranks), per_row)]

    def rank_button(r: Rank) -> ft.Control:
        chosen = rank == r
        return ft.Semantics(
            identifier=f"{ident}-rank-{r.letter}",
            label=f"rank {r.word}",
            button=True,
            selected=chosen,
            expand=1,
            content=ft.Container(
                content=ft.Text(r.letter, size=round(20 * zoom), weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_PRIMARY if chosen else None),
                height=round((TOUCH + 4) * zoom),
                alignment=ft.Alignment.CENTER,
                border_radius=8,
                bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                on_click=lambda e, r=r: tap_rank(r),
                ink=True,
            ),
        )

    def suit_button(s: Suit) -> ft.Control:
        chosen = suit == s
        named = deck.suit_name(s)  # FIGHT!: the move the suit is
        symbol = ft.Text(s.symbol, size=round((30 if named is None else 24) * zoom), color=RED if s.is_red else BLACK)
        return ft.Semantics(
            identifier=f"{ident}-suit-{s.value}",
            label=s.word if named is None else f"{s.word}, {named}",
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
                on_click=lambda e, s=s: tap_suit(s),
                ink=True,
            ),
        )

    rows: list[ft.Control] = [
        ft.Row([rank_button(r) for r in row], spacing=4) for row in rank_rows
    ]
    def suitless_button(key: str, word: str, color: str) -> ft.Control:
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
                on_click=lambda e: finish(Card.parse(key)),
                ink=True,
            ),
        )

    suit_row = [suit_button(s) for s in deck.suits]
    # only the suitless cards this game's deck holds: Jokers, PC War's blank card
    if deck.jokers:
        suit_row.append(suitless_button("joker", "Joker", "#efe6ff"))
    if deck.blank:
        suit_row.append(suitless_button("blank", "Blank", "#ffffff"))
    rows.append(ft.Row(suit_row, spacing=4))
    rows.append(
        ft.Row(
            [
                tagged(
                    f"{ident}-typed",
                    ft.TextField(
                        label="or type a card",
                        hint_text="10H, qs, A♠",
                        value=typed,
                        on_change=lambda e: set_typed(e.control.value),
                        on_submit=submit_typed,
                        dense=True,
                        expand=True,
                        capitalization=ft.TextCapitalization.CHARACTERS,
                    ),
                    label="type a card",
                ),
                button("Enter", submit_typed, f"{ident}-typed-enter", primary=False),
            ],
            spacing=6,
        )
    )
    if error:
        rows.append(message(error, f"{ident}-error"))
    return ft.Column(rows, spacing=6, tight=True)


@ft.component
def CardSlots(
    deck: Deck,
    labels: Sequence[str],
    on_done: Callable[[list[Card]], None],
    known: Sequence[Card] = (),
    submit: str = "Done",
    ident: str = "slots",
    game_name: str = "this game",
    on_change: Callable[[list[Card | None]], None] | None = None,
    extra: ft.Control | None = None,
    decks: Sequence[Deck] | None = None,
    deck_names: Sequence[str] | None = None,
    initial: Sequence[Card | None] | None = None,
) -> ft.Control:
    """Named places filled from one picker; the submit button works when all are filled.

    The picker folds away once every place is filled; tapping a place picks it again.
    ``known`` (cards already out of the deck) feeds the over-count warning. Give the
    component a ``key`` that changes when the places change, so a new set of places starts
    empty (or with ``initial``, one card or None per place, when the caller keeps what was
    entered across the change).

    ``decks`` (optional, one per place): when the places take cards of different decks
    (Card Stratego's two armies), the picker offers the active place's deck, named
    ``deck_names[i]`` in its messages; ``deck`` still counts the over-count warning.
    """
    use_text_scale()  # the places' card faces follow the text-size setting
    values, set_values = ft.use_state(
        lambda: list(initial) if initial is not None and len(initial) == len(labels) else [None] * len(labels))
    active, set_active = ft.use_state(lambda: next((i for i, v in enumerate(values) if v is None), 0))
    picking, set_picking = ft.use_state(  # the picker folds away once every place is filled
        lambda: any(v is None for v in values) or not values)
    if len(values) != len(labels):  # the caller changed the places without a new key
        values = [None] * len(labels)
    # the places as the handlers must see them: quick taps can arrive before a new drawing
    live = ft.use_ref(None)
    live.current = (values, active)

    def choose(i: int) -> None:
        live.current = (live.current[0], i)
        set_active(i)
        set_picking(True)

    def pick(card: Card) -> None:
        values, active = live.current
        new = list(values)
        new[active] = card
        empty = [i for i, v in enumerate(new) if v is None]
        after = [i for i in empty if i > active]
        live.current = (new, after[0] if after else (empty[0] if empty else active))
        set_values(new)
        set_active(live.current[1])
        set_picking(bool(empty))
        if on_change:
            on_change(new)

    def done(e=None) -> None:
        on_done(list(live.current[0]))

    places = []
    for i, label in enumerate(labels):
        places.append(
            ft.Column(
                [
                    card_face(values[i], ident=f"{ident}-slot-{i}", selected=i == active,
                              label=f"{label}: {values[i].symbol if values[i] else 'not entered'}",
                              on_click=lambda e, i=i: choose(i), width=54),
                    ft.Text(label, size=12, text_align=ft.TextAlign.CENTER, width=96,
                            weight=ft.FontWeight.BOLD if i == active and picking else None),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=2,
                tight=True,
            )
        )
    warning = overuse_warning(deck, known, values)
    complete = all(v is not None for v in values)
    controls: list[ft.Control | None] = [
        # cards aligned at the top: a label on two lines must not lift its card above the others
        ft.Row(places, wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER,
               vertical_alignment=ft.CrossAxisAlignment.START),
        ft.Text(f"Entering: {labels[active]}" if picking else "Tap a card to change it.", italic=True, size=13)
        if labels else None,
        _picker(deck, decks, deck_names, active, pick, ident, game_name) if picking else None,
        message(warning, f"{ident}-warning", kind="warning"),
        extra,
        button(submit, done if complete else None, f"{ident}-submit"),
    ]
    return ft.Column([c for c in controls if c is not None], spacing=8, tight=True)


def _picker(deck, decks, deck_names, active, pick, ident, game_name) -> ft.Control:
    """The picker of the active place: the one deck, or the place's own deck (keyed by the
    place, so a rank or suit half-chosen for one deck is not finished in another)."""
    if not decks:
        return CardPicker(deck, pick, ident=f"{ident}-picker", game_name=game_name)
    name = deck_names[active] if deck_names else game_name
    return CardPicker(decks[active], pick, ident=f"{ident}-picker", game_name=name,
                      key=f"{ident}-picker-{active}")
