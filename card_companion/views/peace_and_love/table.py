"""Peace and Love's table: the layout of the phase, what a player has half chosen (the mode,
the fighters tapped, a refusal), and the step's area with the last round of a fight."""

from __future__ import annotations

import flet as ft

from card_companion.companion.peace_and_love import (
    PeaceAndLove,
    PeaceAndLoveState,
    Refresh,
    Retire,
    StartFight,
)
from card_companion.companion.peace_and_love.choices import FightStarts, fight_starts
from card_companion.companion.peace_and_love.queries import tap_refusal
from card_companion.views.card_picker import Keyboard, entry_box
from card_companion.views.hooks import use_stable
from card_companion.views.kept_panels import Kept
from card_companion.views.live_table import Table, use_step_state, use_table
from card_companion.views.peace_and_love.deal import DealPanel, FirstPlayerPanel
from card_companion.views.peace_and_love.fight import FightPanel, NewFighterPanel
from card_companion.views.peace_and_love.players import PlayerPanel, ScoreStrip
from card_companion.views.peace_and_love.turn import StopGame, TurnPanel, as_sentence
from card_companion.views.reach import reachable
from card_companion.views.seating import seated
from card_companion.views.widgets import (
    explanation,
    message,
)

NOTHING_CHOSEN = (None, None, ())
"""(the place of the fighter the player to play chose, (player, place) attacked, the joining
fighters as (player, place) pairs in the order tapped)"""


def _layout(session) -> tuple:
    """What decides the table's layout: the players, and whether anything stands between the
    score and the players' panels (not once the game is over without a fight)."""
    s: PeaceAndLoveState = session.state
    return len(s.players), s.phase != "over" or shown_round(session) is not None


FIGHT_STEPS = ("play", "new-fighter")
"""the steps of a fight after its start: the cards played on the fighters, a new fighter"""


def shown_round(session):
    """The last round of a fight while it is news: until the next step that is not that fight's
    (a Retire or a Refresh on the turns after it no longer shows it; a new fight starts empty)."""
    last = session.state.last_round
    if last is None or not session.actions or session.actions[-1].kind not in FIGHT_STEPS:
        return None
    return last


@ft.component
def PeaceAndLoveTable(table: Table[PeaceAndLove, PeaceAndLoveState]) -> ft.Control:
    players, middle = use_table(table, _layout)
    scale = table.text_scale
    mode, set_mode = use_step_state(table, "fight")
    chosen, set_chosen = use_step_state(table, NOTHING_CHOSEN)
    problem, set_problem = use_step_state(table, None)

    def tap_fighter(p: int, place: int) -> None:
        s: PeaceAndLoveState = table.state
        if s.phase != "turn" or not table.enters_for(s.turn):  # another player's turn: theirs to tap
            return
        refusal = tap_refusal(s, p, place, mode)
        set_problem(as_sentence(refusal))
        if refusal:
            return
        starts = fight_starts(s)
        if p == s.turn:
            if place in starts.attackers:
                set_chosen(lambda c: (None if c[0] == place else place, c[1], c[2]))
            return
        if mode != "fight" or place not in starts.defenders.get(p, []):
            return
        set_chosen(lambda c: _aimed(starts, c, p, place))

    def send(action) -> None:
        """One message at a time: the step's own refusal goes when a step is sent."""
        set_problem(None)
        table.dispatch(action)

    def choose_mode(e) -> None:
        set_problem(None)  # a refusal is about the input it refused: a new mode clears it
        set_mode(next(iter(e.control.selected)))

    def start() -> None:
        mine, target, joining = chosen
        if mine is not None and target is not None:
            send(StartFight(fighter=mine, defender=target[0], defender_fighter=target[1], joining=dict(joining)))

    def retire(cards) -> None:
        if chosen[0] is None:
            set_problem("First tap the fighter to retire.")
        else:
            send(Retire(fighter=chosen[0], new_fighter=cards[0]))

    on_tap, on_mode = use_stable(tap_fighter), use_stable(choose_mode)
    handlers = (on_mode, use_stable(start), use_stable(retire),
                use_stable(lambda: send(Refresh(fighter=chosen[0])) if chosen[0] is not None else None))

    mine, aimed = chosen[0], _aimed_places(players, chosen)
    panels = [PlayerPanel(table, i, mine, aimed[i], on_tap, scale, key=f"player-{i}") for i in range(players)]
    parts = [
        ScoreStrip(table, key="status"),
        reachable("step", StepArea(table, mode, chosen, problem, handlers, scale, key="step")) if middle else None,
        *panels,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(panels))), spacing=10)


GAP = 10
"""the space between the parts of the table"""


def _below(control: ft.Control | None) -> ft.Control | None:
    """A part of the step's area under another one, the table's gap above it (the area's own
    column has none, so that a part with nothing to show takes no room)."""
    return _gap_above(control) if control is not None else None


def _gap_above(control: ft.Control) -> ft.Control:
    """A part under another one, the table's gap above it."""
    return ft.Container(control, padding=ft.Padding.only(top=GAP))


@ft.memo
@ft.component
def StepArea(table: Table[PeaceAndLove, PeaceAndLoveState], mode: str, chosen: tuple, problem: str | None,
             handlers: tuple,
             scale: float) -> ft.Control:
    """What the players enter now (the phase's panel), a refusal of a tap, and the last round
    of a fight (which selects itself: drawn again only when the phase changes). Every phase's
    panel is placed at every step, each one shown in its phase and kept, hidden, with what it
    last showed, in the others (``use_kept_data``): a fight after a turn, a turn after a fight,
    swap which is shown and change their texts, where a panel made anew mounts its every control."""
    entering = use_table(table, _entering)  # (each panel shows or hides itself: a phase change draws none here)
    stopping, set_stopping = use_step_state(table, False)
    ask_stop = use_stable(set_stopping)  # the same handler at every drawing: StopGame is memoized
    panels = ft.Column([
        DealPanel(table, key="deal"),
        FirstPlayerPanel(table, key="first-player"),
        TurnPanel(table, mode, chosen, *handlers, stopping, key="turn"),
        FightPanel(table, scale, key="fight"),
        NewFighterPanel(table, key="new-fighter"),
    ], spacing=0, tight=True)
    # after the step's panel, so that a message coming and going never moves it
    said = message(problem, "pal-problem")
    return ft.Column([c for c in (
        # the phase's panel in the entry's box, with the table's card keyboard (views/keyboard.py)
        entry_box(panels, Keyboard(table, key="keyboard"), shown=entering),
        StopGame(table, stopping, ask_stop, GAP, key="stop"),  # (shown in a turn)
        _below(said) if entering else said,
        Kept(table, RoundResult, _last_round, bool(entering or said), key="round-result"),
    ) if c is not None], spacing=0, tight=True)


ENTRY_PHASES = ("deal", "first-player", "turn", "fight")
"""the phases with a panel in the step's area (the game over has none)"""


def _entering(session) -> bool:
    return session.state.phase in ENTRY_PHASES


def _aimed(starts: FightStarts, chosen: tuple, p: int, place: int) -> tuple:
    """The choice after another player's untapped fighter is tapped in a fight: it is attacked
    (again: no longer), or it joins the fight against the attacked one (again: no longer)."""
    mine, target, joining = chosen
    if target is None or target[0] == p:
        return mine, None if target == (p, place) else (p, place), tuple((q, v) for q, v in joining if q != p)
    if place not in starts.joiners(target[0]).get(p, []):
        return chosen
    joins = dict(joining)
    if joins.get(p) == place:
        del joins[p]
    else:
        joins[p] = place
    return mine, target, tuple(joins.items())


def _aimed_places(players: int, chosen: tuple) -> list[tuple[int, ...]]:
    """Each player's fighters chosen on this phone as attacked or joining (places)."""
    _, target, joining = chosen
    marked: list[set[int]] = [set() for _ in range(players)]
    for p, place in (*([target] if target else []), *joining):
        if 0 <= p < players:
            marked[p].add(place)
    return [tuple(sorted(m)) for m in marked]


def _last_round(session, below: bool) -> tuple | None:
    """The last round of a fight (``shown_round``): (its title, the lines why, and whether it
    comes under another part); None: no round, or no longer news (kept, hidden: an undo back
    to it shows it as it was drawn)."""
    s: PeaceAndLoveState = session.state
    last = shown_round(session)
    if last is None:
        return None
    return (f"Round {last.number}: " + ", ".join(f"{s.name(e.player)} {e.card.symbol} on {e.fighter.symbol}"
                                                 for e in last.entries), tuple(last.result.explanation), below)


@ft.memo
@ft.component
def RoundResult(title: str, lines: tuple[str, ...], below: bool) -> ft.Control:
    """The last round of a fight and why it ended so."""
    shown = explanation(lines, ident="round-result", title=title)
    return _gap_above(shown) if below else shown
