"""The top of the screen: whose turn it is and the actions left, the last battle with its
rule, the actions to choose from, the card a special action discards, what to do next."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.companion.card_stratego import (
    RULES,
    CardStratego,
    CardStrategoState,
    EndTurn,
    queries,
)
from card_companion.views.card_stratego import taps
from card_companion.views.card_stratego.options import ACTIONS, action_label, options_of
from card_companion.views.card_stratego.taps import HAND_CARD, Choice
from card_companion.views.hooks import at_scale, sized, use_kept
from card_companion.views.live_table import Table, use_table
from card_companion.views.seating import waiting
from card_companion.views.widgets import button, card_face, explanation, message, section, tagged


def _status(session, scale: float) -> tuple | None:
    s: CardStrategoState = session.state
    if s.phase != "turn":  # the game is over: the panel goes
        return None
    return s.name(s.turn), s.actions_left, s.allotted, queries.allowance_reason(s), s.turn_number, scale


@ft.memo
@ft.component
def Status(name: str, left: int, allotted: int, why: str, turn_number: int, scale: float) -> ft.Control:
    """Whose turn it is and the actions left."""
    at_scale(scale)
    pips: list[ft.Control] = [ft.Icon(ft.Icons.CIRCLE if i < left else ft.Icons.CIRCLE_OUTLINED, size=16,
                    color=ft.Colors.PRIMARY) for i in range(allotted)]
    return tagged("status", ft.Container(
        content=ft.Column([
            ft.Row([
                ft.Text(f"{name}'s turn", size=sized(18), weight=ft.FontWeight.BOLD, expand=True),
                tagged("actions-left", ft.Text(f"Actions left: {left} of {allotted}", size=16,
                                               weight=ft.FontWeight.BOLD),
                       label=f"Actions left: {left} of {allotted}"),
            ], spacing=8),
            ft.Row([tagged("turn-pips", ft.Row([ft.Text("Actions", size=12), *pips], spacing=2, tight=True),
                           label=pips_label(left, allotted)),
                    ft.Text(f"Turn {turn_number}: {why}", size=12, expand=True)],
                   spacing=8),
        ], spacing=4, tight=True),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    ), label=f"{name}'s turn, actions left: {left} of {allotted}")


def pips_label(left: int, allotted: int) -> str:
    """What the dots count, for a screen reader (and a test): one dot per action of the turn,
    filled while it is left.

    >>> pips_label(2, 3)
    'Actions this turn: 2 left (filled dots), 1 used (hollow dots)'
    """
    return f"Actions this turn: {left} left (filled dots), {allotted - left} used (hollow dots)"


@ft.memo
@ft.component
def Head(table: Table[CardStratego, CardStrategoState], choice: Choice, problem: str | None, on_choose: Callable,
         on_send: Callable,
         on_card: Callable, scale: float) -> ft.Control:
    """The top of the screen, where every table goes back to at each step (the frame's
    ``DrawnMarker``; an action is entered at the bottom; its result and the next step are
    here): whose turn it is and the
    actions left, the last result, the actions to choose from (the first and the last only
    while the game goes on). Each selects what it shows and is drawn again only when that
    changed; they are drawn in one update."""
    status = use_table(table, _status, scale)
    last = use_table(table, _last_result)
    chooser = use_table(table, _chooser, choice, problem, on_choose, on_send, on_card, scale)
    wait = waiting(table, use_table(table, _turn), "plays this turn")  # every action of a turn is its player's choice
    part = use_kept()  # (the parts the step did not change, handed back as they were drawn)
    parts = [part(Status, *status, key="status") if status is not None else None,
             part(LastResult, *last, key="last") if last is not None else None,
             wait or (part(Chooser, *chooser, key="chooser") if chooser is not None else None)]
    return ft.Column([c for c in parts if c is not None], spacing=10, tight=True)


def _turn(session) -> int | None:
    """Whose turn it is (None: the game is over)."""
    s: CardStrategoState = session.state
    return s.turn if s.phase == "turn" else None


def _last_result(session) -> tuple:
    """The battle of the last action with its rule, or the last action in words: (title or
    the message, the battle's lines; None: a message)."""
    s: CardStrategoState = session.state
    lb = s.last_battle
    if lb is not None:
        r = lb.result
        owner = {"attacker": lb.attacker, "defender": 1 - lb.attacker}
        cards = {"attacker": r.attacker, "defender": r.defender}
        gone = [f"{s.name(owner[side])}'s {cards[side].symbol}" for side in r.destroyed]
        title = " and ".join(gone) + (" are destroyed" if len(gone) > 1 else " is destroyed")
        moved = [s.name(owner[side]) for side in r.destroyed if s.armies[owner[side]].columns[lb.column]]
        who = {side: f"{s.name(owner[side])}'s {cards[side].symbol}" for side in owner}
        lines = [f"{who['attacker']} attacks {who['defender']} in column {lb.column + 1}",
                 *r.explanation[1:], f"Rule: {RULES[r.rule]}"]
        if moved:
            lines.append(f"{' and '.join(moved)}: the cards behind move forward")
        return f"Battle: {title}", tuple(lines)
    if not session.actions:
        return ("Sort the cards into a red and a black army of 27, a Joker in each. Each player shuffles and "
                f"draws a hand of 5. {s.name(0)} ({s.armies[0].colour}) takes the first turn."), None
    return f"Last: {session.said[-1].line}", None


@ft.memo
@ft.component
def LastResult(text: str, lines: tuple[str, ...] | None) -> ft.Control:
    """The battle of the last action with its rule, or the last action in words."""
    if lines is not None:
        return explanation(lines, ident="battle-result", title=text)
    said = message(text, "last-action", kind="info")  # (an action is always said in words)
    return said if said is not None else ft.Column([])


def _chooser(session, choice: Choice, problem: str | None, on_choose: Callable, on_send: Callable,
             on_card: Callable, scale: float) -> tuple | None:
    """What the chooser shows: the player, the action chosen (or the ones offered and whether
    the turn must end), the card it discards, what to do next, a refusal."""
    s: CardStrategoState = session.state
    if s.phase != "turn":  # the game is over: the panel goes
        return None
    o = options_of(session)
    choice = taps.current(choice, o)
    me = s.name(s.turn)
    hint = taps.next_step(choice, o, me, s.name(1 - s.turn))
    mode = choice.mode
    if mode:
        hand = (tuple(o.specials.get(mode, [])), taps.hand_card(choice, o)) if mode in HAND_CARD else None
        return me, mode, hint, hand, (), False, problem, on_choose, on_send, on_card, scale
    available = taps.available(o)
    offered = tuple(kind for kind, _ in ACTIONS if available.get(kind))
    return me, None, hint, None, offered, o.can_end_turn, problem, on_choose, on_send, on_card, scale


@ft.memo
@ft.component
def Chooser(me: str, mode: str | None, hint: str, hand: tuple | None, offered: tuple[str, ...], must_end: bool,
            problem: str | None, on_choose: Callable, on_send: Callable, on_card: Callable,
            scale: float) -> ft.Control:
    """The actions the player can take now; once one is chosen, only it, the card it discards
    and what to do next."""
    at_scale(scale)
    next_step = NextStep(hint)
    if mode:
        return section(None, [
            ft.Row([ft.Text(f"{me}: {action_label(mode)}", size=16, weight=ft.FontWeight.BOLD, expand=True),
                    button("Cancel", lambda: on_choose(mode), "cancel", primary=False, icon=ft.Icons.CLOSE)],
                   spacing=6),
            _hand_choice(me, mode, hand, on_card) if hand is not None else None,
            next_step,
        ], ident="actions")
    parts: list[ft.Control | None] = [ActionButtons(offered, on_choose)]
    if must_end:
        parts += [
            message(f"{me} has no legal action left: the turn ends with the remaining actions unused.",
                    "no-action", kind="warning"),
            button("End the turn", lambda: on_send(EndTurn()), "end-turn", icon=ft.Icons.SKIP_NEXT),
        ]
    parts.append(message(problem, "action-problem"))  # a step sent from here, refused (said once)
    parts.append(next_step)
    return section(None, parts, ident="actions")


@ft.memo
@ft.component
def ActionButtons(offered: tuple[str, ...], on_choose: Callable) -> ft.Control:
    """One button for each action the player can take now (an action offered before too keeps
    its button: a step changes the few it offers or takes away)."""
    part = use_kept()
    return ft.Row([part(ActionButton, kind, text, on_choose, key=kind) for kind, text in ACTIONS if kind in offered],
                  wrap=True, spacing=6, run_spacing=6)


@ft.memo
@ft.component
def ActionButton(kind: str, text: str, on_choose: Callable) -> ft.Control:
    return button(text, lambda ev: on_choose(kind), f"action-{kind}", primary=kind == "draw")


@ft.memo
@ft.component
def NextStep(hint: str) -> ft.Control:
    """What to do next, in words."""
    return tagged("next-step", ft.Row([
        ft.Icon(ft.Icons.TOUCH_APP, color=ft.Colors.PRIMARY),
        ft.Text(hint, weight=ft.FontWeight.BOLD, expand=True),
    ], spacing=6), label=hint)


def _hand_choice(me: str, mode: str, hand: tuple, on_card: Callable) -> ft.Control:
    """Which Jack, Scout or 6 the player discards (only the ones not seen yet)."""
    options, chosen = hand
    word = HAND_CARD[mode]
    if len(options) == 1:
        return ft.Text(f"{me} discards {options[0].symbol} from the hand.", weight=ft.FontWeight.BOLD)
    faces = [card_face(c, ident=f"hand-card-{c}", selected=c == chosen, width=46,
                       label=c.symbol + (", chosen" if c == chosen else ""),
                       on_click=lambda ev, c=c: on_card(c)) for c in options]
    return tagged("hand-card", ft.Column([
        ft.Text(f"Which {word} does {me} discard from the hand?", weight=ft.FontWeight.BOLD),
        ft.Row(faces, wrap=True, spacing=6, run_spacing=6),
    ], spacing=4, tight=True), label=f"which {word}")
