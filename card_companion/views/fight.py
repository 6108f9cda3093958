"""FIGHT!'s table: the score and the Tie Breaker, the entry for the step the table plays now
(the row, a coin flip, a pick from the row, the two cards of a turn), the result of the last
turn with its explanation, both victory piles as they lie, each hand, and the rounds.

No rules here: the tracker (companion/fight.py) says what comes next, what is allowed and
why; this component draws its state and dispatches its actions.

``FightTable`` draws the layout of the phase (which panels are there); each panel selects
what it shows from the table (``Show``: a plain function of the session, then a memoized
component whose props are that data), so a step draws again only the panels whose data
changed: a pick draws the picker's hand, not the other player's panel. The step's entry
(the row, the coin, the picks, the turn's two cards) is one panel per phase; its card entry
starts again empty at a new step without a new key (``CardSlots(fresh=...)``).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import BEATS, MOVES, ROUND_POINTS, PileCard, cycle_text, victory_points
from card_companion.calculators.words import plural
from card_companion.companion.fight import CoinFlip, Fight, FightState, Pick, TurnRecord, TurnUp
from card_companion.views.card_picker import CardSlots
from card_companion.views.hooks import at_scale, sized, use_stable, use_text_scale
from card_companion.views.live_table import Show, Table, use_step_state, use_table
from card_companion.views.seating import seated
from card_companion.views.widgets import button, card_face, explanation, message, player_panel, section, tagged

FLIP_HALF_TURN = 0.11
"""seconds of one half-turn of the animated coin"""
FLIP_HALF_TURNS = 9
"""half-turns before the coin lands"""
FLIP_REST = 0.9
"""seconds the landed coin is shown before its outcome is recorded"""
COIN_GOLD = "#e0b341"

Names = tuple[str, str]


def new_rng() -> random.Random:
    """Where the coin flips draw from (a view test replaces it to know the outcome)."""
    return random.Random()


def _names(s: FightState) -> Names:
    return s.name(0), s.name(1)


# --- the layout ----------------------------------------------------------------------------


def _layout(session) -> tuple:
    """Which panels the table shows: the phase, a round just ended (its result stays until
    the next round's row is entered, or the match is over) and whether its last turn is
    said, a turn played this round, rounds finished."""
    s: FightState = session.state
    game = session.game
    ended = bool(s.rounds) and (s.phase == "over" or game.opening(s))
    last = s.last_turn
    ended_turn = ended and last is not None and last.round == s.rounds[-1].number
    return s.phase, ended, ended_turn, game.turn_result(s) is not None, bool(s.rounds)


def use_kept() -> Callable[..., ft.Control]:
    """``part(make, *args, key=...)``: ``make(*args, key=key)``, or the very element this
    component drew under ``key`` the last time if that was made of the same ``args``. A panel
    handed back as it was is not reconciled again: Flet's diff skips it at once, where a new
    element of the same memoized panel is matched with the old one, checked and set up again
    control by control. Only elements of the last drawing are kept: a panel that went and
    comes back is made anew (its hooks went with it)."""
    kept = ft.use_ref(dict)  # key -> (make, args, element) of the last drawing
    before, now = kept.current, {}
    kept.current = now

    def part(make: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
        old = before.get(key)
        if old is not None and old[0] is make and old[1] == args:
            element = old[2]
        else:
            element = make(*args, key=key)
        now[key] = (make, args, element)
        return element

    return part


@ft.component
def FightTable(table: Table) -> ft.Control:
    phase, ended, ended_turn, turn, rounds = use_table(table, _layout)
    part = use_kept()
    scale = table.text_scale
    parts: list[ft.Control] = [part(ScoreBoard, table, scale, key="score")]
    if ended:
        parts.append(part(Show, table, Explanation, _round_result, key="round-result"))
        if ended_turn:
            parts.append(part(Show, table, Explanation, _round_last_turn, key="round-last-turn"))
    if turn and phase not in ("fight", "over"):  # at the end the round's result shows it
        parts.append(part(Show, table, TurnResult, _turn_result, scale, key="turn-result"))
    if phase != "over":  # (at the match's end the table frame offers a new game with the same players)
        parts.append(part(StepPanel, table, scale, key="step"))
    if ended and phase != "over":  # at the end the players' places show the final piles
        parts.append(part(Show, table, RoundPiles, _round_piles, scale, key="round-piles"))
    if turn and phase == "fight":
        parts.append(part(Show, table, LastTurn, _last_turn, key="last-turn"))
    if phase not in ("pick", "row", "over"):  # the row is part of the entry in those steps
        parts.append(part(Show, table, TableSection, _table_section, scale, key="table"))
    places = {i: part(PlayerPlace, table, i, scale, key=f"player-{i}") for i in range(2)}
    parts += places.values()
    if rounds:
        parts.append(part(Show, table, RoundsPanel, _rounds, key="rounds"))
    parts.append(part(Show, table, MovesLegend, _cycle, key="moves"))
    return ft.Column(seated(table, parts, places), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# --- the score -------------------------------------------------------------------------


def _score(session) -> tuple:
    """Victory points of both players, rounds won, the Tie Breaker, the round."""
    s: FightState = session.state
    game = session.game
    return (_names(s), tuple(game.points(s)), tuple(game.rounds_won(s)), game.tie_breaker(s),
            game.tie_breaker_card(s), s.round, s.phase == "over")


def _facts(session) -> tuple[int, int]:
    """The deck and the discards (they change at steps that leave the score as it is)."""
    s: FightState = session.state
    return s.deck, len(s.discards)


@ft.memo
@ft.component
def ScoreBoard(table: Table, scale: float) -> ft.Control:
    """Victory points of both players, big; the round, rounds won, deck and Tie Breaker."""
    names, points, wins, holder, tb, round_no, over = use_table(table, _score)
    part = use_kept()
    at_scale(scale)

    def side(i: int) -> ft.Control:
        holds = holder == i
        chip = None
        if holds:
            chip = ft.Container(ft.Text(f"Tie Breaker {tb.symbol}", size=12),
                                bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=10,
                                padding=ft.Padding.symmetric(vertical=2, horizontal=8))
        column = [
            ft.Text(names[i], size=15, weight=ft.FontWeight.BOLD, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
            ft.Text(str(points[i]), size=sized(34), weight=ft.FontWeight.BOLD),
            ft.Text("victory points", size=11),
            chip,
        ]
        label = f"{names[i]}: {points[i]} victory points"
        if holds:
            label += f", holds the Tie Breaker {tb.symbol}"
        return tagged(f"score-{i}", ft.Container(
            content=ft.Column([c for c in column if c is not None], spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            expand=1,
        ), label=label)

    if holder is None:
        tb_text = "Tie Breaker: nobody holds it yet"
    else:
        tb_text = f"Tie Breaker: {names[holder]}'s {tb.symbol} (value {int(tb.rank)})"
    round_text = "Match over" if over else f"Round {round_no}"
    middle = ft.Column(
        [
            tagged("round", ft.Text(round_text, size=14, weight=ft.FontWeight.BOLD), label=round_text),
            ft.Text("rounds won", size=11),
            tagged("rounds-won", ft.Text(f"{wins[0]} – {wins[1]}", size=sized(22), weight=ft.FontWeight.BOLD),
                   label=f"Rounds won: {names[0]} {wins[0]}, {names[1]} {wins[1]}"),
        ],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    rows = [
        ft.Row([side(0), middle, side(1)], vertical_alignment=ft.CrossAxisAlignment.START),
        None if over else part(Show, table, Facts, _facts, key="facts"),
        None if over else tagged("tie-breaker", ft.Text(tb_text, text_align=ft.TextAlign.CENTER),
                                 label=tb_text),
        None if over else ft.Text(f"{ROUND_POINTS} victory points win a round · two rounds win the FIGHT!",
                                  size=11, italic=True, text_align=ft.TextAlign.CENTER),
    ]
    return tagged("status", ft.Container(
        content=ft.Column([r for r in rows if r is not None], spacing=6, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    ), label=f"{round_text}: {names[0]} {points[0]}, {names[1]} {points[1]} victory points; {tb_text}")


@ft.memo
@ft.component
def Facts(deck: int, discards: int) -> ft.Control:
    return ft.Row(
        [
            tagged("deck-count", ft.Text(f"Deck: {_count(deck, 'card')}")),
            tagged("discard-count", ft.Text(f"Discards: {discards}")),
        ],
        spacing=14, wrap=True, alignment=ft.MainAxisAlignment.CENTER,
    )


# --- what the table enters now ---------------------------------------------------------


def _flip_note(session) -> tuple[str, str, int] | None:
    """What the coin just said (the first pick's flip only: a tie's or a round's flip is in
    the turn's or the round's result): (the sentence, the winner's name, the winner)."""
    actions = session.actions
    if not actions or not isinstance(actions[-1], CoinFlip) or actions[-1].purpose != "first-pick":
        return None
    s: FightState = session.state
    winner = actions[-1].winner
    return f"The coin chose {s.name(winner)}: {s.name(winner)} picks first.", s.name(winner), winner


def flip_note(note: tuple[str, str, int] | None) -> ft.Control | None:
    """What the coin just said, so the table sees the outcome after the flip was recorded."""
    if note is None:
        return None
    text, name, winner = note
    return tagged("coin-outcome", ft.Row([coin_face(name, winner, size=44),
                                         ft.Text(text, weight=ft.FontWeight.BOLD, expand=True)], spacing=10),
                  label=text)


def _problems(session, entered: tuple) -> tuple[str, ...] | None:
    """The tracker's warnings about the cards entered so far (the row's: only as many places
    as the row needs)."""
    s: FightState = session.state
    if s.phase not in ("row", "fight"):
        return None
    game = session.game
    cards = entered[:game.row_needed(s)] if s.phase == "row" else entered
    return tuple(game.entry_problems(s, cards))


def _fresh(session, holding: bool) -> int | None:
    """The step the cards are entered for, while some are (a new step then empties the
    entry); None while none are."""
    return len(session.actions) if holding else None


def _row_step(session) -> tuple | None:
    s: FightState = session.state
    if s.phase != "row":
        return None
    game = session.game
    k = game.row_needed(s)
    opening = game.opening(s)
    if opening:
        title = f"Round {s.round}: the row"
        hint = ("Shuffle all 24 cards (A to 6) into the deck. Turn 3 cards face up into a row next to "
                "the deck and enter them. Then each player draws 3 cards face down.")
        labels = tuple(f"Row card {i + 1}" for i in range(k))
        submit = "Enter the row"
    else:
        title = "Refill the row"
        them = "it" if k == 1 else "them"
        hint = f"Turn up {_count(k, 'card')} from the deck into the row and enter {them}."
        labels = tuple(f"New row card {i + 1}" for i in range(k)) if k > 1 else ("New row card",)
        submit = "Enter the new card" if k == 1 else "Enter the new cards"
    row = None if opening else (s.deck, s.row)
    return title, hint, row, _flip_note(session), labels, submit, game.deck(s.setup)


def _turn_up(cards) -> TurnUp:
    return TurnUp(cards=tuple(cards))


def _coin_step(session) -> tuple | None:
    s: FightState = session.state
    game = session.game
    purpose = game.flip_purpose(s)
    if purpose is None:
        return None
    if purpose == "first-pick":
        if s.turns == 0:
            title = "Who picks first?"
            hint = ("Each player has drawn 3 cards face down. A coin flip says who picks a face-up "
                    "card from the row first.")
        else:
            title = "No winner: who picks first?"
            hint = ("Both players take a face-up card from the row. Nobody holds the Tie Breaker, "
                    "so a coin flip says who picks first.")
    elif purpose == "tie":
        title = "A tie: flip the coin"
        hint = None  # the turn's result right above says why
    else:
        title = "Who wins the round?"
        hint = f"The round ends: {s.ending}. Nobody holds the Tie Breaker, so a coin flip gives the round."
    return title, hint, game.flip_question(s).capitalize(), len(session.actions)


def _pick_step(session) -> tuple | None:
    s: FightState = session.state
    game = session.game
    p = game.picker(s)
    if p is None:
        return None
    name = s.name
    turn = game.turn_result(s)
    both = len(s.pickers) == 2  # the first of two picks
    if turn is None:
        context = (f"Opening picks: {name(p)} first, then {name(1 - p)}." if both
                   else f"Opening picks: {name(1 - p)} has picked; now {name(p)}.")
    elif turn.result.outcome == "win":
        w = turn.result.winner
        context = (f"{name(w)} won the turn and takes a face-up card of their choice. "
                   f"{name(1 - w)} draws the top card of the deck, face down (the app has counted it).")
    elif both:
        why = "holds the Tie Breaker" if game.tie_breaker(s) == p else "won the coin flip"
        context = f"No winner: both take a face-up card, {name(p)} first ({why})."
    else:
        context = f"No winner: {name(1 - p)} has picked; now {name(p)}."
    after = ("Then the row is refilled from the deck." if s.deck
             else "The deck is empty: the row is not refilled.")
    return p, name(p), _flip_note(session), context, s.deck, s.row, after


def _fight_step(session) -> tuple | None:
    s: FightState = session.state
    if s.phase != "fight":
        return None
    name = s.name
    hands = []
    for i, pl in enumerate(s.players):
        if pl.face_up:
            hands.append(f"{name(i)}'s hand: {' '.join(c.symbol for c in pl.face_up)} picked face up, "
                         f"{_count(pl.face_down, 'card')} face down.")
    return s.turns + 1, " ".join(hands), _names(s), session.game.deck(s.setup)


def _fight(cards) -> Fight:
    return Fight(cards=tuple(cards))


def _step(session) -> tuple | None:
    """What the table enters now: the phase and what its panel shows."""
    phase = session.state.phase
    if phase not in _STEPS:
        return None
    return (phase, *_STEPS[phase](session))


_STEPS = {"row": _row_step, "coin-flip": _coin_step, "pick": _pick_step, "fight": _fight_step}
"""what each phase's panel shows (none at the match's end: the frame offers a new game)"""

_ENTRIES = {"row", "fight"}
"""the phases entered with cards"""


@ft.memo
@ft.component
def StepPanel(table: Table, scale: float) -> ft.Control:
    """The step the table plays now: the row (the round's three cards, or the refill), a coin
    flip, a pick from the row, the two cards of a turn. One panel for them all, so that its
    card entry and picker stay from step to step and only their content changes: they are
    kept, hidden, through the picks and the coin flips (what a step needs is drawn again,
    not drawn anew), and their places start again empty at each step."""
    data = use_table(table, _step)
    entered, set_entered = use_step_state(table, ())  # the cards entered so far
    problems = use_table(table, _problems, entered) or ()
    fresh = use_table(table, _fresh, any(c is not None for c in entered))
    phase = data[0] if data is not None else None

    def done(cards) -> None:
        if phase in _ENTRIES:  # (a hidden entry takes no step)
            table.dispatch(_turn_up(cards) if phase == "row" else _fight(cards))

    on_change = use_stable(lambda values: set_entered(tuple(values)))
    on_done = use_stable(done)
    shown = ft.use_ref(None)  # what the card entry last showed: kept while a step needs none
    part = use_kept()
    if data is None:  # the match is over: the table draws no step
        return ft.Column([])
    at_scale(scale)
    name = table.game.name
    if phase == "row":
        _, title, hint, row, note, labels, submit, deck = data
        # the tracker's own words say where a seen card is (instead of the over-count warning)
        shown.current = (deck, labels, submit, "turn-up", problems, fresh)
    elif phase == "fight":
        _, turn, hands, names, deck = data
        # the tracker's own words say why a card cannot be played (a face-up pick in a hand
        # can be), so the over-count warning gets no `known` cards here
        shown.current = (deck, (f"{names[0]}'s card", f"{names[1]}'s card"), "Resolve the turn", "fight",
                         problems, fresh)
    entry = None
    if shown.current is not None:
        slots = part(Entry, *shown.current, name, on_done, on_change, scale, key="cards")
        entry = ft.Container(slots, visible=phase in _ENTRIES, key="entry")
    if phase == "row":
        return section(title, [
            flip_note(note),
            ft.Text(hint),
            None if row is None else row_cards(*row, caption="In the row now"),
            entry,
        ], ident="step-row")
    if phase == "fight":
        return section(None, [
            tagged("fight-call", ft.Text("Ready, set, FIGHT!", size=sized(26), weight=ft.FontWeight.BOLD,
                                         text_align=ft.TextAlign.CENTER)),
            ft.Text(f"Turn {turn}: each player plays one of their 4 cards face up. Enter both cards."),
            ft.Text(hands, size=13) if hands else None,
            entry,
        ], ident="step-fight")
    if phase == "pick":
        _, p, picker, note, context, deck, row, after = data
        return section(f"{picker} picks from the row", [
            flip_note(note),
            ft.Text(context),
            ft.Text(f"{picker}: tap the card you take.", weight=ft.FontWeight.BOLD),
            row_cards(deck, row, on_pick=lambda c: table.dispatch(Pick(player=p, card=c)), picker=picker),
            ft.Text(after, size=12, italic=True),
            entry,
        ], ident="step-pick")
    _, title, hint, question, flip = data
    return section(title, [
        ft.Text(hint) if hint else None,
        CoinToss(table, question, flip),  # a new flip (a new step): the coin starts again
        entry,
    ], ident="step-coin")


@ft.memo
@ft.component
def Entry(deck, labels: tuple[str, ...], submit: str, ident: str, problems: tuple[str, ...], fresh: int | None,
          game_name: str, on_done: Callable, on_change: Callable, scale: float) -> ft.Control:
    """The cards of a step, entered with the picker: drawn again only when what it shows changed."""
    at_scale(scale)
    return CardSlots(deck, list(labels), on_done, submit=submit, ident=ident, game_name=game_name,
                     on_change=on_change, extra=problem_note(problems, f"{ident}-problem"), fresh=fresh)


def problem_note(problems: Sequence[str], ident: str) -> ft.Control | None:
    """The tracker's warnings about the cards entered so far, one sentence each."""
    text = " ".join(p[:1].upper() + p[1:] + "." for p in problems)
    return message(text, ident, kind="warning")


# --- the coin ----------------------------------------------------------------------------


def coin_face(name: str | None, side: int | None, size: int = 100) -> ft.Control:
    """The app's coin: heads for the first player, tails for the second."""
    if side is None:
        body = ft.Text("?", size=size * 0.4, weight=ft.FontWeight.BOLD, color="#5d4300")
    else:
        body = ft.Column(
            [
                ft.Text(name, size=max(11, size * 0.15), weight=ft.FontWeight.BOLD, color="#3e2c00",
                        max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
                ft.Text("heads" if side == 0 else "tails", size=max(9, size * 0.1), color="#5d4300"),
            ] if size >= 80 else [
                ft.Text((name or "?")[:1].upper(), size=size * 0.45, weight=ft.FontWeight.BOLD,
                        color="#3e2c00"),
            ],
            spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
    return ft.Container(
        content=body,
        width=size,
        height=size,
        shape=ft.BoxShape.CIRCLE,
        bgcolor=COIN_GOLD if side != 1 else "#cfa02c",
        border=ft.Border.all(max(2, size // 18), "#9c7313"),
        alignment=ft.Alignment.CENTER,
        padding=size // 10,
    )


_RESTING = (None, False, False, False)
"""the coin before a flip: (the face up: None, 0 or 1; seen edge-on; in the air; landed)"""


@ft.component
def CoinToss(table, question: str, flip: object = None) -> ft.Control:
    """A coin the app flips: it spins, lands on a player's name, and the flip is recorded
    (the outcome is drawn once, before the animation, and travels with the action).
    ``flip`` names the flip the coin is for (the table's step): a new one starts the coin
    again, unflipped, and a flip still in the air for an older one is not recorded."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state  # the players' names
    held, set_held = ft.use_state(None)  # (flip, the coin as _RESTING) while a flip moves it
    shown, edge, flying, landed = held[1] if held is not None and held[0] == flip else _RESTING
    busy = ft.use_ref(None)  # (the flip being flipped,)
    alive = ft.use_ref(True)
    now = ft.use_ref(flip)
    now.current = flip
    ft.use_effect(lambda: None, [], cleanup=lambda: setattr(alive, "current", False))
    flipping = busy.current == (flip,)

    async def toss(e=None) -> None:
        if busy.current == (flip,):
            return
        busy.current = (flip,)
        action = table.game.flip_coin(table.state, new_rng())
        coin = {"shown": None, "edge": False, "flying": True, "landed": False}

        def show(**change) -> None:
            coin.update(change)
            set_held((flip, (coin["shown"], coin["edge"], coin["flying"], coin["landed"])))

        show()
        n = FLIP_HALF_TURNS
        for i in range(n):
            show(edge=True)
            await asyncio.sleep(FLIP_HALF_TURN)
            show(shown=(action.winner + n - 1 - i) % 2, edge=False)  # alternating, landing on the winner
            await asyncio.sleep(FLIP_HALF_TURN)
        show(flying=False, landed=True)
        await asyncio.sleep(FLIP_REST)
        if alive.current and now.current == flip and not table.dispatch(action):
            busy.current = None  # refused (the frame says why): flip again
            show(landed=False, shown=None)

    half = int(FLIP_HALF_TURN * 1000)
    coin = ft.Container(
        content=coin_face(s.name(shown) if shown is not None else None, shown),
        scale=ft.Scale(scale_x=0.06 if edge else 1.0, scale_y=1.0),
        animate_scale=ft.Animation(half, ft.AnimationCurve.EASE_IN_OUT),
        offset=ft.Offset(0, -0.28 if flying else 0),
        animate_offset=ft.Animation(half * 3, ft.AnimationCurve.EASE_OUT),
    )
    if landed and shown is not None:
        status = f"{s.name(shown)}!"
    elif flipping:
        status = "Flipping…"
    else:
        status = question
    if shown is None:
        label = "the coin, not flipped yet"
    else:
        label = f"the coin {'landed' if landed else 'in the air'}: {s.name(shown)}"
    return ft.Column(
        [
            # the button first: on a phone it must be on screen without scrolling (issue 14 item 13)
            tagged("coin-status", ft.Text(status, size=18 if landed else 15, weight=ft.FontWeight.BOLD,
                                          text_align=ft.TextAlign.CENTER), label=status),
            button("Flip the coin", None if flipping else toss, "flip-coin", icon=ft.Icons.CASINO),
            ft.Row([tagged("coin", ft.Container(coin, padding=ft.Padding.only(top=34, bottom=4)),
                           label=label)], alignment=ft.MainAxisAlignment.CENTER),
            ft.Text(f"Heads: {s.name(0)} · Tails: {s.name(1)}", size=12, text_align=ft.TextAlign.CENTER),
        ],
        spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


# --- the table: row and deck -------------------------------------------------------------


def row_cards(deck: int, row: Sequence[Card], on_pick=None, picker: str | None = None,
              caption: str | None = None) -> ft.Control:
    """The deck (face down, with its count) and the face-up row; tappable when a player picks."""
    face = card_face(None, face_down=True, ident="deck", width=52, caption=f"Deck: {deck}",
                     label=f"the deck: {_count(deck, 'card')}")
    faces: list[ft.Control] = [face]
    for i, c in enumerate(row):
        if on_pick is not None:
            faces.append(card_face(c, ident=f"row-card-{i}", width=64, on_click=lambda e, c=c: on_pick(c),
                                   label=f"{picker} takes {c.symbol}", caption="tap to take"))
        else:
            faces.append(card_face(c, ident=f"row-card-{i}", width=52, label=f"{c.symbol} in the row"))
    if not row:
        faces.append(ft.Text("The row is empty.", italic=True))
    body: list[ft.Control] = []
    if caption:
        body.append(ft.Text(caption, size=12, weight=ft.FontWeight.BOLD))
    body.append(ft.Row(faces, spacing=10, wrap=True, run_spacing=8,
                       vertical_alignment=ft.CrossAxisAlignment.START))
    return tagged("row", ft.Column(body, spacing=4, tight=True),
                  label="the row: " + (" ".join(c.symbol for c in row) or "empty"))


def _table_section(session, scale: float) -> tuple | None:
    s: FightState = session.state
    if s.phase in ("pick", "row", "over"):
        return None
    return s.deck, s.row, s.played, _names(s), scale


@ft.memo
@ft.component
def TableSection(deck: int, row: tuple[Card, ...], played: tuple[Card, Card] | None, names: Names,
                 scale: float) -> ft.Control:
    at_scale(scale)
    parts: list[ft.Control | None] = [row_cards(deck, row)]
    if played:
        parts.append(ft.Text(f"On the table, waiting for the coin: {names[0]}'s {played[0].symbol}, "
                             f"{names[1]}'s {played[1].symbol}", size=13))
    return section("The row and the deck", parts, ident="table")


# --- results ---------------------------------------------------------------------------


def turn_title(names: Names, turn: TurnRecord) -> str:
    r = turn.result
    if r.outcome == "win":
        w = r.winner
        if turn.cards[w] == r.collected:
            text = f"{names[w]} wins with {r.collected.symbol} and collects it"
        else:
            text = f"{names[w]} wins and collects {names[1 - w]}'s {r.collected.symbol}"
        if turn.placement is not None:
            text += {
                "first": ": the Tie Breaker",
                "top": ", face up on top: the new Tie Breaker",
                "bottom": ", at the bottom of the pile",
                "face-down": ", face down",
                "takes-tie-breaker": f", face up: {names[w]} takes the Tie Breaker",
            }[turn.placement.placed]
        return text
    if r.outcome == "both-discard":
        return "No winner: both defence cards are discarded"
    return "A tie and nobody holds the Tie Breaker: a coin flip decides"


def _turn_result(session, scale: float) -> tuple | None:
    s: FightState = session.state
    turn = session.game.turn_result(s)
    if turn is None or s.phase in ("fight", "over"):
        return None
    return _names(s), turn, scale


@ft.memo
@ft.component
def TurnResult(names: Names, turn: TurnRecord, scale: float) -> ft.Control:
    """The two cards of the turn, who won and which card was collected, and why."""
    at_scale(scale)
    r = turn.result
    title = f"Turn {turn.number}: {turn_title(names, turn)}"
    faces = []
    for i, c in enumerate(turn.cards):
        if c == r.collected:
            fate = f"→ {names[r.winner]}'s pile"
        elif c in r.discarded:
            fate = "discarded"
        else:
            fate = "waits for the coin"
        caption = names[i] + (" wins" if r.winner == i else "") + "\n" + fate
        faces.append(card_face(c, ident=f"played-{i}", width=60, selected=c == r.collected,
                               dimmed=c in r.discarded, caption=caption,
                               label=f"{names[i]} played {c.symbol}" + (", wins" if r.winner == i else "")
                               + f", {fate.replace('→ ', 'goes to ')}"))
    cards = ft.Row([faces[0], ft.Text("vs", size=18, weight=ft.FontWeight.BOLD), faces[1]],
                   alignment=ft.MainAxisAlignment.CENTER, spacing=18)
    return ft.Column([
        tagged("turn-cards", cards,
               label=f"{names[0]} {turn.cards[0].symbol} vs {names[1]} {turn.cards[1].symbol}"),
        explanation(turn.explanation, ident="turn-result", title=title),
    ], spacing=6, tight=True)


def _last_turn(session) -> tuple | None:
    s: FightState = session.state
    turn = session.game.turn_result(s)
    if turn is None:
        return None
    return _names(s), turn


@ft.memo
@ft.component
def LastTurn(names: Names, turn: TurnRecord) -> ft.Control:
    """The last turn in one line, under the entry of the next one."""
    return tagged("last-turn", ft.Text(f"Last turn ({names[0]} {turn.cards[0].symbol}, {names[1]} "
                                       f"{turn.cards[1].symbol}) · {turn_title(names, turn)}", size=13,
                                       italic=True), label=f"Last turn: {turn_title(names, turn)}")


def _round_result(session) -> tuple | None:
    """The latest finished round: who won it and why, the score."""
    s: FightState = session.state
    r = session.game.last_round(s)
    if r is None:
        return None
    wins = session.game.rounds_won(s)
    lines = [
        r.ended_by[:1].upper() + r.ended_by[1:] + ".",
        f"Victory points: {s.name(0)} {r.points[0]} – {s.name(1)} {r.points[1]} ({_count(r.turns, 'turn')}).",
        f"Rounds won: {s.name(0)} {wins[0]} – {s.name(1)} {wins[1]}.",
    ]
    if s.phase != "over":
        lines.append(f"Everything is reshuffled: round {s.round} starts like the first.")
    return "round-result", f"Round {r.number}: {s.name(r.winner)} wins", tuple(lines)


def _round_last_turn(session) -> tuple | None:
    """The last turn of the latest finished round."""
    s: FightState = session.state
    r = session.game.last_round(s)
    last = s.last_turn
    if r is None or last is None or last.round != r.number:
        return None
    return ("round-last-turn", f"Last turn of round {r.number}: {turn_title(_names(s), last)}",
            tuple(last.explanation))


@ft.memo
@ft.component
def Explanation(ident: str, title: str, lines: tuple[str, ...]) -> ft.Control:
    return explanation(lines, ident=ident, title=title)


def _round_piles(session, scale: float) -> tuple | None:
    s: FightState = session.state
    r = session.game.last_round(s)
    if r is None or s.phase == "over":
        return None
    return r.number, _names(s), r.piles, scale


@ft.memo
@ft.component
def RoundPiles(number: int, names: Names, piles: tuple, scale: float) -> ft.Control:
    """The piles the latest round ended with."""
    at_scale(scale)
    return section(f"Victory piles at the end of round {number}", [
        pile_view(names[i], piles[i], f"round-pile-{i}", named=True) for i in range(2)
    ], ident="round-piles")


def _rounds(session) -> tuple | None:
    s: FightState = session.state
    if not s.rounds:
        return None
    return _names(s), s.rounds, tuple(session.game.rounds_won(s))


@ft.memo
@ft.component
def RoundsPanel(names: Names, rounds: tuple, wins: tuple[int, int]) -> ft.Control:
    rows = []
    for r in rounds:
        how = {"points": f"{ROUND_POINTS}+ victory points", "tie-breaker": "the deck ran out: Tie Breaker",
               "coin": "the deck ran out: coin flip"}[r.decided_by]
        text = (f"Round {r.number}: {names[r.winner]} · {names[0]} {r.points[0]} – "
                f"{names[1]} {r.points[1]} · {how}")
        rows.append(tagged(f"round-{r.number}", ft.Text(text), label=text))
    return section(f"Rounds: {names[0]} {wins[0]} – {names[1]} {wins[1]}", rows, ident="rounds")


# --- the players --------------------------------------------------------------------------


def _player(session, i: int, scale: float) -> tuple:
    """A player's place but the pile: name, whether they pick now, the Tie Breaker badge, the
    numbers, the hand (face-down count, face-up picks)."""
    s: FightState = session.state
    game = session.game
    p = s.players[i]
    top = game.pile_top(s, i)
    badge = f"Tie Breaker {top.card.symbol}" if game.tie_breaker(s) == i and top is not None else None
    stats = (("Victory points", str(game.points(s)[i])), ("Hand", _count(p.hand, "card")),
             ("Rounds won", str(game.rounds_won(s)[i])))
    return s.name(i), game.picker(s) == i, badge, stats, p.face_down, p.face_up, scale


def _pile(session, i: int, scale: float) -> tuple:
    s: FightState = session.state
    return s.name(i), s.players[i].pile, f"pile-{i}", scale


@ft.memo
@ft.component
def PlayerPlace(table: Table, i: int, scale: float) -> ft.Control:
    """A player's hand (face-down backs, face-up picks), victory pile and numbers (the pile
    selects its own cards: a pick or a lost turn leaves it as it is)."""
    name, active, badge, stats, face_down, face_up, scale = use_table(table, _player, i, scale)
    part = use_kept()
    at_scale(scale)
    hand = [part(HandCard, None, f"hand-{i}-down-{k}", f"{name}'s face-down card", scale, key=f"down-{k}")
            for k in range(face_down)]
    hand += [part(HandCard, c, f"hand-{i}-up-{k}", f"{c.symbol} in {name}'s hand, picked face up", scale,
                  key=f"up-{k}") for k, c in enumerate(face_up)]
    return player_panel(
        name,
        ident=f"player-{i}",
        active=active,
        badge=badge,
        stats=stats,
        cards=hand,
        footer=[part(Show, table, Pile, _pile, i, scale, key="pile")],
    )


@ft.memo
@ft.component
def HandCard(card: Card | None, ident: str, label: str, scale: float) -> ft.Control:
    """A card in a player's hand: a face-down back (None) or a face-up pick."""
    at_scale(scale)
    return card_face(card, face_down=card is None, width=34, ident=ident, label=label)


@ft.memo
@ft.component
def Pile(name: str, pile: tuple[PileCard, ...], ident: str, scale: float) -> ft.Control:
    """A player's victory pile as it lies."""
    at_scale(scale)
    return pile_view(name, pile, ident)


def pile_view(name: str, pile: Sequence[PileCard], ident: str, width: int = 44,
              named: bool = False) -> ft.Control:
    """A victory pile as it lies, bottom card left, top card right, each face up or face down
    (the app knows the face-down cards and prints them on their backs)."""
    if not pile:
        return tagged(ident, ft.Text(f"{name}'s victory pile: empty", size=13, italic=True),
                      label=f"{name}'s victory pile: empty")
    n = len(pile)
    shift = width + 6 if n < 2 else min(width + 6, max(20, (290 - width) // (n - 1)))
    cards = []
    for k, pc in enumerate(pile):
        on_top = k == n - 1
        label = (f"{name}'s victory pile, card {k + 1} of {n} from the bottom: {pc.card.symbol} face "
                 f"{'up' if pc.face_up else 'down'}" + (" (top)" if on_top else ""))
        cards.append(ft.Container(
            left=k * shift, top=0,
            content=card_face(pc.card, face_down=not pc.face_up, width=width, selected=on_top and pc.face_up,
                              ident=f"{ident}-card-{k}", label=label),
        ))
    height = int(width * 1.4) + 4
    stack = ft.Stack(cards, width=(n - 1) * shift + width + 4, height=height)
    top = pile[-1]
    summary = (f"{name}'s victory pile, bottom to top: " + ", ".join(
        f"{pc.card.symbol} {'up' if pc.face_up else 'down'}" for pc in pile))
    lines = [
        ft.Text(f"{name}'s victory pile", size=13, weight=ft.FontWeight.BOLD) if named else None,
        ft.Text(f"{'' if named else 'Victory pile, '}bottom → top ({_count(n, 'card')}, "
                f"{_count(victory_points(pile), 'point')}); top card face "
                f"{'up' if top.face_up else 'down'}", size=12),
        stack,
    ]
    return tagged(ident, ft.Column([x for x in lines if x is not None], spacing=4, tight=True), label=summary)


def _cycle(session) -> tuple[str]:
    return (session.state.setup.settings.cycle,)


@ft.memo
@ft.component
def MovesLegend(cycle: str) -> ft.Control:
    suit_of = {m: suit for suit, m in MOVES.items()}
    beats = " · ".join(f"{a.value} {suit_of[a].symbol} beats {b.value} {suit_of[b].symbol}"
                       for a, b in BEATS[cycle].items())
    text = (f"Moves ({cycle} cycle): {beats}. Two attacks (♠ ♣): the lower value wins its own card. "
            "Two defences (♦ ♥): both are discarded.")
    return tagged("moves", ft.Text(text, size=12, italic=True), label=f"Moves: {cycle_text(cycle)}")


_count = plural
