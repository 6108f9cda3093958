"""The last step's result and why; at the end, the game's numbers."""

from __future__ import annotations

import flet as ft

from card_companion.companion.pc_war import PCWarState, queries
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import at_scale, use_kept
from card_companion.views.widgets import (
    NumberTile,
    card_face,
    explanation,
    message,
    section,
    tagged,
    tile_row,
)


def last_result_of(session, scale: float) -> tuple:
    """What the last step did and why, with the pile pick-ups said out loud (the tracker's
    ``last_result``): (title, lines, the cards shown (card, name), notes)."""
    action, said = (session.actions[-1], session.said[-1]) if session.actions else (None, None)
    r = queries.last_result(session.state, action, said)
    return r.title, r.lines, r.shown, r.notes, scale


@ft.memo
@ft.component
def LastResult(title: str, lines: tuple[str, ...], faces: tuple, notes: tuple[str, ...], scale: float) -> ft.Control:
    """The last step's result and why (the deal before the first flip)."""
    at_scale(scale)
    if title == "The deal" and not faces and not notes:
        return explanation(lines, ident="last-result", title=title)
    held: MutableRef[tuple] = ft.use_ref(tuple)  # the cards last shown: kept, hidden, while none are
    held.current = faces or held.current
    part = use_kept()  # (a card the step did not change is handed back as it was drawn: not reconciled again)
    shown = [part(_shown_card, c, name, i, scale, key=f"shown-{i}") for i, (c, name) in enumerate(held.current or ())]
    # the same parts in the same places from step to step, the cards' row kept, hidden, when no
    # card was entered: a flip tapped after one entered changes what differs, where the parts
    # after the row, and the cards, were made anew (28 to 38 controls a step on every phone)
    body: list[ft.Control | None] = [
        ft.Row(shown, spacing=10, visible=bool(faces)),
        explanation(lines, ident="result-why", title=title),
        *[message(n, f"pickup-{k}", kind="warning") for k, n in enumerate(notes)],
    ]
    return tagged("last-result", ft.Column([c for c in body if c is not None], spacing=6, tight=True))


def _shown_card(card, name: str, i: int, scale: float, key: str) -> ft.Control:
    """One card of the last step under its player's name. ``scale`` is not read here: the
    face takes the result's text size (``at_scale``); it is an argument so that ``use_kept``
    makes the face again when the size changes."""
    del key  # (``use_kept``'s: the face has its own, from its identifier)
    return card_face(card, width=44, caption=name, ident=f"shown-{i}", label=f"{name}'s card {card.symbol}")


def final_of(session) -> tuple:
    s: PCWarState = session.state
    longest = f"{s.longest_war}" if s.longest_war else "—"
    return s.flips, s.wars, longest, session.game.summary(s).get("Longest war")


@ft.memo
@ft.component
def FinalNumbers(flips: int, wars: int, longest: str, extra: str | None) -> ft.Control:
    """The end: the game's numbers, large."""
    tiles = [("Flips", str(flips)), ("Wars", str(wars)), ("Longest war", longest)]
    cells = [NumberTile(f"final-{k}", v, t, f"{t}: {v}") for k, (t, v) in enumerate(tiles)]
    return section("The game's numbers", [
        tile_row(cells),
        ft.Text(f"Longest war: {extra}", size=13) if extra else None,
    ], ident="final-numbers")
