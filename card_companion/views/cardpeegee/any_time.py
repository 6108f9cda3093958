"""What the players may do at any time: gifts and bribes, claiming a win."""

from __future__ import annotations

import flet as ft

from card_companion.companion.cardpeegee import ClaimWin
from card_companion.companion.cardpeegee.choices import legal_actions
from card_companion.views.cardpeegee.claim import ClaimForm
from card_companion.views.cardpeegee.give import GiveForm
from card_companion.views.cardpeegee.shared import SMALL, note
from card_companion.views.hooks import use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.reach import reachable, use_reach
from card_companion.views.widgets import choice_row, section


def any_time_options(session) -> tuple[tuple[str, str], ...] | None:
    """What may be done at any time now (None: nothing, the panel is not shown)."""
    s = session.state
    alive = [q for q, h in enumerate(s.heroes) if h.alive and h.ready]
    givers = [q for q in alive if s.heroes[q].held]
    options = []
    if len(alive) > 1 and givers:
        options.append(("give", "Give cards"))
    if legal_actions(s).allows(ClaimWin):
        options.append(("claim", "Claim a win"))
    return tuple(options) or None


@ft.component
def AnyTimePanel(table) -> ft.Control | None:
    use_text_scale()  # sizes below follow the text-size setting
    mode, set_mode = use_step_state(table, None)
    options = any_time_options(table.session)
    if mode not in dict(options or ()):
        mode = None
    # a form opened at the foot of the table comes up with the panel's top (views/reach.py)
    use_reach("any-time" if mode else None, (len(table.session.actions), mode))
    if not options:
        return None
    parts: list[ft.Control | None] = [
        note("Bribes and gifts, or a Full Court / Elemental Union shown from the hand.", size=SMALL, italic=True),
        choice_row([*options, *([("none", "Close")] if mode else [])], mode,
                   lambda v: set_mode(None if v == "none" else v), "any-time"),
    ]
    if mode == "give":
        parts.append(GiveForm(table, key="give"))
    elif mode == "claim":
        parts.append(ClaimForm(table, key="claim"))
    return reachable("any-time", section("Any time", parts, ident="any-time-panel"))
