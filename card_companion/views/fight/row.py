"""The table: the deck and the face-up row (tappable while a player picks)."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural
from card_companion.companion.fight import FightState
from card_companion.views.fight.names import Names, names_of
from card_companion.views.hooks import Part, at_scale, current_scale, made_anew, use_kept
from card_companion.views.widgets import card_face, section, tagged


def row_cards(deck: int, row: Sequence[Card], on_pick=None, picker: str | None = None,
              caption: str | None = None, made: Part | None = None) -> ft.Control:
    """The deck (face down, with its count) and the face-up row; tappable when a player picks.
    ``made``: the drawing component's ``use_kept``, through which the cards a step left as they
    were (and the deck, while its count stays) are handed back as they were drawn."""
    made = made or made_anew
    scale = current_scale()  # (the faces' size: an argument of each, so that a new size makes them anew)
    faces: list[ft.Control] = [made(_deck_face, deck, scale, key="deck")]
    for i, c in enumerate(row):
        if on_pick is not None:
            faces.append(card_face(c, ident=f"row-card-{i}", width=64, on_click=lambda e, c=c: on_pick(c),
                                   label=f"{picker} takes {c.symbol}", caption="tap to take"))
        else:
            faces.append(made(_row_face, c, i, scale, key=f"row-card-{i}"))
    if not row:
        faces.append(ft.Text("The row is empty.", italic=True))
    body: list[ft.Control] = []
    if caption:
        body.append(ft.Text(caption, size=12, weight=ft.FontWeight.BOLD))
    body.append(ft.Row(faces, spacing=10, wrap=True, run_spacing=8,
                       vertical_alignment=ft.CrossAxisAlignment.START))
    return tagged("row", ft.Column(body, spacing=4, tight=True),
                  label="the row: " + (" ".join(c.symbol for c in row) or "empty"))


def _deck_face(deck: int, scale: float, key: str) -> ft.Control:
    del scale, key  # (``use_kept``'s: the face takes the drawing's text size itself)
    return card_face(None, face_down=True, ident="deck", width=52, caption=f"Deck: {deck}",
                     label=f"the deck: {plural(deck, 'card')}")


def _row_face(card: Card, i: int, scale: float, key: str) -> ft.Control:
    del scale, key  # (``use_kept``'s: the face takes the drawing's text size itself)
    return card_face(card, ident=f"row-card-{i}", width=52, label=f"{card.symbol} in the row")


def table_section_of(session, scale: float) -> tuple | None:
    s: FightState = session.state
    if s.phase in ("pick", "row", "over"):
        return None
    return s.deck, s.row, s.played, names_of(s), scale


@ft.memo
@ft.component
def TableSection(deck: int, row: tuple[Card, ...], played: tuple[Card, Card] | None, names: Names,
                 scale: float) -> ft.Control:
    at_scale(scale)
    part = use_kept()  # (the cards the step left as they were: handed back as they were drawn)
    parts: list[ft.Control | None] = [row_cards(deck, row, made=part)]
    if played:
        parts.append(ft.Text(f"On the table, waiting for the coin: {names[0]}'s {played[0].symbol}, "
                             f"{names[1]}'s {played[1].symbol}", size=13))
    return section("The row and the deck", parts, ident="table")
