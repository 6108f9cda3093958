"""The frame every encounter's panel shares (a fight, a treasure chest, a Healer's fee, a
Trap): its title and the lines that explain it, a chooser of what to do and, when several
players may do it, of who does, the form of what was chosen, the button that abandons the
encounter, and the refusal of the last step tried here. Each encounter's panel hands it only
what is its own: its lines and its modes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import flet as ft

from card_companion.companion.cardpeegee import Abandon, Activate, CardPeeGeeState
from card_companion.companion.game import Frozen, chosen_by
from card_companion.views.cardpeegee.play_form import activate_form
from card_companion.views.cardpeegee.shared import attempt
from card_companion.views.hooks import FletKey, use_stable, use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.reach import reachable, use_reach
from card_companion.views.seating import own_player, waiting
from card_companion.views.widgets import SectionTitle, button, choice_row, message, section

Send = Callable[[Callable[[], object]], bool]
"""sends the action ``make()`` builds; a refusal is shown in the encounter's panel"""


@dataclass(frozen=True)
class Mode:
    """One thing the players may do at an encounter: its button in the chooser, and what it
    shows (``show(player, send, after)``) for the player who does it, ending with ``after``:
    what follows the form in the panel (the abandon button, the refusal). A form with a card
    entry places them under its submit (``CardSlots(after=...)``, ``PlayForm(after=...)``):
    while the table's keyboard serves the entry, they are drawn under it (views/keyboard.py),
    so that they keep their place."""

    value: str
    label: str
    show: Callable[[int, Send, list[ft.Control | None]], Sequence[ft.Control | None]]
    actors: Sequence[int] = ()
    """who may do it, with a chooser of who does when there are several (none: the Hero)"""
    step: type[Frozen] = field(kw_only=True)
    """the kind of step it enters; whose choice that is, the Game says (``whose_choice``)"""
    everywhere: bool = False
    """offered on every phone even where it is another player's own choice: one button per
    player, each shown only where that player's choice is entered (``Table.enters_for``:
    joining a fight, running away)"""

    def for_phone(self, own: int | None, game, s: CardPeeGeeState) -> Mode | None:
        """This mode as a phone that enters only ``own``'s choices offers it (None: the phone
        enters everyone's): as it is for a shared step (the score cards of a round, an evasion
        draw), only for ``own`` where it is their choice, or not at all (another player's)."""
        if own is None or self.everywhere:
            return self

        def whose(q: int) -> int | None:
            return game.whose_choice(s, _step_of(self.step, q))
        if any(whose(q) is None for q in self.actors or (s.turn,)):
            return self
        if self.actors:
            return replace(self, actors=(own,)) if own in self.actors and whose(own) == own else None
        return self if whose(s.turn) == own else None


def _step_of(kind: type[Frozen], q: int) -> object:
    """A step of this kind taken by player ``q`` (the field that names whose choice it is, set to
    ``q``; the rest left out): what ``Game.whose_choice`` reads."""
    step = kind.model_construct()
    by = chosen_by(step)
    return step.model_copy(update={by: q}) if by in kind.model_fields else step


def activate_mode(table, players: Sequence[int]) -> Mode:
    """Activating Jacks and Aces from the hand, for one of ``players``."""
    return Mode("activate", "Activate", lambda q, send, after: [activate_form(table, q, after)], players,
                step=Activate)


def who_row(s: CardPeeGeeState, players: Sequence[int], who: int, set_who: Callable, ident: str) -> ft.Control | None:
    if len(players) < 2:
        return None
    return Chooser(tuple((q, s.name(q)) for q in players), who, set_who, ident)


@ft.memo
@ft.component
def Chooser(options: tuple[tuple[object, str], ...], chosen: object, on_choose: Callable, ident: str) -> ft.Control:
    """A row of choice buttons (``choice_row``), drawn again only when its options or choice
    change (``on_choose`` keeps its identity)."""
    return choice_row(options, chosen, on_choose, ident)


@ft.component
def EncounterPanel(
    table,
    name: str,
    title: str,
    head: Sequence[ft.Control | None],
    modes: Sequence[Mode],
    abandon: str | None = None,
    chooser: str | None = None,
    first: str | None = None,
    first_actor: int | None = None,
    key: FletKey = None,
) -> ft.Control:
    """``name`` makes the test ids (``{name}-panel``, ``{name}-problem``, the chooser's
    ``{name}-mode`` unless ``chooser`` says otherwise); ``head``: the encounter's lines above
    the chooser; ``modes``: what may be done, ``first`` chosen at first (else the first mode,
    which is also chosen when the one chosen is no longer offered), by ``first_actor`` if they
    may; ``abandon``: the abandon button's text (None: no button)."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    own = own_player(table)  # a player's phone: only that player's own choices and the shared steps
    mine = [m for m in (m.for_phone(own, table.game, s) for m in modes) if m is not None]
    modes = mine or modes
    mode, set_mode = use_step_state(table, first or modes[0].value)
    who, set_who = use_step_state(table, first_actor)
    problem, set_problem = use_step_state(table, None)
    taps, set_taps = use_step_state(table, 0)  # the chooser's taps this step (the same mode again too)
    # (a button's handler gets the click event after the value: it is not wanted here)
    on_mode = use_stable(lambda value, *_: (set_mode(value), set_taps(lambda n: n + 1)))
    on_who = use_stable(lambda q, *_: set_who(q))
    chosen = next((m for m in modes if m.value == mode), modes[0])
    # a mode tapped: its choices, from the chooser down, come up to the top of the screen (under
    # a fight's fighters and odds they start low: views/reach.py); asked again at each tap
    use_reach(f"{name}-choice" if taps else None, (len(table.session.actions), taps))

    def send(make: Callable[[], object]) -> bool:
        return attempt(table, make, set_problem)

    wait = None if mine else waiting(table, s.turn)
    if wait is not None:  # every choice here is another player's
        return section(SectionTitle(title), [*head, wait], ident=f"{name}-panel", framed=False)
    q = s.turn
    if chosen.actors:
        q = who if who in chosen.actors else s.turn if s.turn in chosen.actors else chosen.actors[0]
    tail: list[ft.Control | None] = []
    if abandon and own in (None, s.turn):  # walking away is the Hero's
        tail += [ft.Divider(), button(abandon, lambda: send(Abandon), "abandon", primary=False,
                                      icon=ft.Icons.LOGOUT)]
    tail.append(message(problem, f"{name}-problem"))
    choice: list[ft.Control | None] = [
        Chooser(tuple((m.value, m.label) for m in modes), chosen.value, on_mode, chooser or f"{name}-mode")
        if len(modes) > 1 else None,
        who_row(s, chosen.actors, q, on_who, f"{chosen.value}-who"),
        *chosen.show(q, send, tail),
    ]
    parts: list[ft.Control | None] = [
        *head,
        reachable(f"{name}-choice", ft.Column([c for c in choice if c is not None], spacing=8, tight=True)),
    ]
    return section(SectionTitle(title), parts, ident=f"{name}-panel", framed=False)
