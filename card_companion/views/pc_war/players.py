"""Both players side by side: hand and pile counts, large, with how much each changed; the
war cards they laid; a pile just picked up; the cards lying on the table in a war."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.companion.pc_war import PCWar, PCWarState
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import at_scale, sized, use_kept
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.seating import side_by_side
from card_companion.views.widgets import (
    StatLine,
    card_face,
    player_panel,
    tagged,
)


def player_boards(table: Table[PCWar, PCWarState], scale: float) -> ft.Control:
    """Both players side by side, player 0 on the left: hand and pile, large (a seated
    phone: its own player at the bottom, views.seating.side_by_side)."""
    return side_by_side(table, {i: PlayerBoard(table, i, scale) for i in (0, 1)}, spacing=8,
                        vertical_alignment=ft.CrossAxisAlignment.START)


def _player(session, i: int) -> tuple:
    """A player's panel, without its counts and its pickup note: name, the war cards laid, the win."""
    s: PCWarState = session.state
    laid = (s.lays[i].down, s.lays[i].up) if s.phase == "war" and s.lays is not None else None
    return s.name(i), laid, s.phase == "over" and i in s.winners


def _picked_up(session, i: int) -> tuple[int, int]:
    """A pile this player just picked up (``PickupLine``): the cards in it, 0 for none."""
    s: PCWarState = session.state
    picked = s.picked_up[i]
    if not picked and s.phase == "war" and s.lays is not None:
        picked = s.lays[i].picked_up
    return i, picked


def _before(session):
    return session.states[-2] if session.actions else None


def _count(session, i: int, what: str, scale: float) -> tuple:
    """One count of a player (hand or pile) and what it was before the last step."""
    s: PCWarState = session.state
    before = _before(session)
    value = getattr(s.players[i], what)
    previous = getattr(before.players[i], what) if before is not None else None
    words = "in hand" if what == "hand" else "in the pile"
    return f"{what}-{i}", value, words, previous, f"{s.name(i)}'s {what}", scale


def _cards_left(session, i: int) -> tuple:
    return f"stats-{i}", (("Cards left", str(session.state.players[i].cards)),)


@ft.memo
@ft.component
def PlayerBoard(table: Table[PCWar, PCWarState], i: int, scale: float) -> ft.Control:
    """One player's panel: the name, the war cards they laid, a pile just picked up, and the
    counts (each count selects its own number)."""
    name, laid, wins = use_table(table, _player, i)
    held: MutableRef[tuple[int, bool] | None] = ft.use_ref(None)  # the war cards last laid: kept, hidden, after
    # the war, so that the next war's cards change only what differs (they were made anew at each war)
    held.current = laid or held.current
    at_scale(scale)
    part = use_kept()  # (the counts and the pickup note select their own: handed back as they were drawn)
    return player_panel(
        name,
        ident=f"player-{i}",
        badge="wins" if wins else None,
        cards=_laid_cards(name, i, held.current),
        cards_shown=laid is not None,
        stats=part(Show, table, StatLine, _cards_left, i, key="stats"),
        footer=[part(CountTiles, table, i, scale, key="tiles"), part(Show, table, PickupLine, _picked_up, i,
                                                                         key="pickup")],
        part=part,
    )


@ft.memo
@ft.component
def CountTiles(table: Table[PCWar, PCWarState], i: int, scale: float) -> ft.Control:
    """A player's hand and pile, large, side by side (each selects its own number)."""
    return ft.Row([Show(table, CountTile, _count, i, "hand", scale), Show(table, CountTile, _count, i, "pile", scale)],
                  spacing=6)


@ft.memo
@ft.component
def CountTile(ident: str, value: int, what: str, previous: int | None, label: str, scale: float) -> ft.Control:
    """One big count with how much it changed in the last step, said so: "−1 last step"
    (and to a screen reader "1 fewer than before the last step")."""
    at_scale(scale)
    part = use_kept()  # (the words under the count are the same at every count: handed back as drawn)
    change = "" if previous is None or previous == value else f"{value - previous:+d}".replace("-", "−")
    said = change_words(value - previous) if change and previous is not None else ""
    return tagged(
        ident,
        ft.Container(
            content=ft.Column(
                [
                    ft.Text(str(value), size=sized(36), weight=ft.FontWeight.BOLD),
                    part(_what_text, what, key="what"),
                    ft.Text(f"{change} last step" if change else " ", size=12, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border_radius=8,
            padding=ft.Padding.symmetric(vertical=4, horizontal=2),
            alignment=ft.Alignment.CENTER,
            expand=1,
        ),
        label=f"{label}: {value} cards" + (f" ({said})" if said else ""),
    )


def _what_text(what: str, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Text(what, size=12)


def change_words(by: int) -> str:
    """A count's change in the last step, in words.

    >>> change_words(-1), change_words(3)
    ('1 fewer than before the last step', '3 more than before the last step')
    """
    return f"{abs(by)} {'more' if by > 0 else 'fewer'} than before the last step"


@ft.memo
@ft.component
def PickupLine(i: int, n: int) -> ft.Control:
    """A short note when this player just picked up their pile (always one line high, so
    the buttons below never move)."""
    text = f"↻ picked up the pile ({n})" if n else " "
    return tagged(f"pickup-note-{i}", ft.Text(text, size=12, italic=True, max_lines=1),
                  label=text.strip() or None)


def _laid_cards(name: str, i: int, laid: tuple[int, bool] | None) -> list[ft.Control]:
    """Phase war: this player's war cards as they lie, face down then the face-up one."""
    if laid is None:
        return []
    down, up = laid
    faces = [card_face(None, face_down=True, width=26, ident=f"war-down-{i}-{k}",
                       label=f"{name}'s face-down war card {k + 1}") for k in range(down)]
    if up:
        faces.append(card_face(None, width=26, ident=f"war-up-{i}",
                               label=f"{name}'s face-up war card: to enter"))
    return faces


def on_table_of(session, scale: float) -> tuple:
    s: PCWarState = session.state
    return s.table, s.table_cards, scale


@ft.memo
@ft.component
def OnTable(count: int, cards: tuple[Card, ...], scale: float) -> ft.Control:
    """The cards lying on the table in a war."""
    at_scale(scale)
    faces = [card_face(c, width=30, ident=f"table-card-{k}") for k, c in enumerate(cards)]
    text = f"On the table: {count} cards"
    return tagged("on-table", ft.Container(
        content=ft.Row([ft.Text(text, size=sized(18), weight=ft.FontWeight.BOLD), *faces], spacing=6, wrap=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=8, border_radius=8, bgcolor=ft.Colors.TERTIARY_CONTAINER,
    ), label=text)
