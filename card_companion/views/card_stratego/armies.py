"""An army's panel: its name and colour, its counts, its discard pile, a General."""

from __future__ import annotations

import flet as ft

from card_companion.companion.card_stratego import CardStrategoState, queries
from card_companion.views.widgets import player_panel


def army_of(session, p: int) -> tuple:
    """An army's panel: its name and colour, its turn, its counts, its discard pile, a General."""
    s: CardStrategoState = session.state
    army = s.armies[p]
    counts = queries.counts(s, p)
    stats = (("Deck", str(counts["deck"])), ("Hand", str(counts["hand"])),
             ("Battlefield", str(counts["battlefield"])), ("Discard", str(counts["discard"])))
    pile = " ".join(c.symbol for c in sorted(army.discard))  # sorted: which cards are gone
    return f"{s.name(p)} · {army.colour}", p, s.phase == "turn" and s.turn == p, queries.is_general(s, p), stats, pile


@ft.memo
@ft.component
def ArmyPanel(title: str, p: int, active: bool, general: bool, stats: tuple[tuple[str, str], ...],
              pile: str) -> ft.Control:
    footer: list[ft.Control | None] = [
        ft.Text(f"Discard pile: {pile}" if pile else "Discard pile: empty", size=13),
        ft.Text("General: the deck is empty; may Drain and Consolidate", size=12, italic=True)
        if general else None,
    ]
    return player_panel(
        title,
        ident=f"player-{p}",
        active=active,
        badge="General" if general else None,
        stats=stats,
        footer=footer,
    )
