"""Claiming a win: a Full Court or an Elemental Union shown from the hand."""

from __future__ import annotations

import flet as ft

from card_companion.companion.cardpeegee import ClaimWin
from card_companion.companion.cardpeegee.choices import ClaimChoices, legal_actions
from card_companion.views.cardpeegee.play_form import PlayForm
from card_companion.views.hooks import FletKey, use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.widgets import choice_row


@ft.component
def ClaimForm(table, key: FletKey = None) -> ft.Control | None:
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    alive = [q for q, h in enumerate(s.heroes) if h.alive and h.ready and table.enters_for(q)]  # theirs to show
    claim = legal_actions(s).of_kind(ClaimWin)
    claims = list(claim.conditions) if isinstance(claim, ClaimChoices) else []
    who, set_who = use_step_state(table, alive[0] if alive else None)
    what, set_what = use_step_state(table, claims[0] if claims else None)
    if not alive or not claims:  # no win to claim now: the panel closes the form at once
        return None
    if who not in alive:
        who = alive[0]
    if what not in claims:
        what = claims[0]
    titles = {"full-court": "Full Court", "elemental-union": "Elemental Union"}
    how = {"full-court": "the Jack, Queen and King of one suit", "elemental-union": "a face card of every suit"}
    return ft.Column([
        choice_row([(q, s.name(q)) for q in alive], who, set_who, "claim-who"),
        choice_row([(c, titles[c]) for c in claims], what, set_what, "claim-what"),
        PlayForm(table, who, "claim", f"{titles[what]} for {s.name(who)}",
                 lambda cs, fa, cv: ClaimWin(player=who, condition=what, cards=cs),
                 hint=f"{titles[what]}: {how[what]}, in the hand or active. Enter the cards shown from the hand "
                      "(active cards count by themselves).", use_active=False, convertible=False, aside=True,
                 key=f"claim-{who}-{what}"),
    ], spacing=8, tight=True)
