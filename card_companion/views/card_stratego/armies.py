"""An army's panel: its name and colour, its counts, its discard pile, a General."""

from __future__ import annotations

import flet as ft

from card_companion.companion.card_stratego import CardStratego, CardStrategoState, queries
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.widgets import StatLine, player_panel


def army_of(session, p: int) -> tuple | None:
    """An army's panel: its name and colour, its turn, a General (its numbers and its discard
    pile select their own: ``_numbers``, ``_discard``)."""
    s: CardStrategoState = session.state
    if p >= len(s.armies):
        return None
    army = s.armies[p]
    return f"{s.name(p)} · {army.colour}", s.phase == "turn" and s.turn == p, queries.is_general(s, p)


def _numbers(session, p: int) -> tuple:
    """An army's counts (``StatLine``)."""
    s: CardStrategoState = session.state
    if p >= len(s.armies):
        return f"stats-{p}", ()
    counts = queries.counts(s, p)
    return f"stats-{p}", (("Deck", str(counts["deck"])), ("Hand", str(counts["hand"])),
                          ("Battlefield", str(counts["battlefield"])), ("Discard", str(counts["discard"])))


def _discard(session, p: int) -> tuple:
    """An army's discard pile, sorted: which cards are gone (``DiscardPile``)."""
    s: CardStrategoState = session.state
    return (" ".join(c.symbol for c in sorted(s.armies[p].discard)) if p < len(s.armies) else "",)


@ft.memo
@ft.component
def ArmyPanel(table: Table[CardStratego, CardStrategoState], p: int) -> ft.Control:
    """An army's panel. Its numbers and its discard pile select their own and change at the
    steps: the panel's frame, name and badge change with the turn only."""
    data = use_table(table, army_of, p)
    if data is None:
        return ft.Column([])
    title, active, general = data
    footer: list[ft.Control | None] = [
        Show(table, DiscardPile, _discard, p),
        ft.Text("General: the deck is empty; may Drain and Consolidate", size=12, italic=True)
        if general else None,
    ]
    return player_panel(
        title,
        ident=f"player-{p}",
        active=active,
        badge="General" if general else None,
        stats=Show(table, StatLine, _numbers, p),
        footer=footer,
    )


@ft.memo
@ft.component
def DiscardPile(pile: str) -> ft.Control:
    return ft.Text(f"Discard pile: {pile}" if pile else "Discard pile: empty", size=13)
