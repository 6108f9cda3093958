"""Non-Violent, Politically-Correct War at the table, speed first: both players' hand and
pile counts, large, side by side (player 0 on the left, as the cards lie); each flip with
one tap ("Ann's card is higher", "Tie", "Bea's card is higher") or as the two cards; the
result and its explanation under the buttons; a tie walked through step by step (swap
hands, three face down and one face up, who takes everything); the game's numbers. On the
new-game screen: the deal and a look at the odds (10,000 simulated games).

No rules here: every number and sentence comes from the tracker (companion/pc_war.py).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import flet as ft
from pydantic import ValidationError

from card_companion.calculators.cards import Card
from card_companion.companion.game import IllegalAction, plain_validation_error
from card_companion.companion.pc_war import SIDES, Flip, PCWarState, Recount, Stop, SwapHands, War
from card_companion.views.card_picker import CardSlots
from card_companion.views.hooks import at_scale, sized, use_stable, use_text_scale
from card_companion.views.live_table import Show, Table, use_step_state, use_table
from card_companion.views.seating import side_by_side
from card_companion.views.widgets import (
    SectionTitle,
    StatLine,
    button,
    card_face,
    explanation,
    message,
    number_tile,
    player_panel,
    section,
    stop_confirm,
    tagged,
    tile_row,
)

ODDS_GAMES = 10_000
"""games the odds button simulates"""
ODDS_CHUNK = 500
"""games between two moves of the progress bar"""
MAX_BARS = 48
"""the histogram merges neighbouring bins until it has at most this many bars"""
BAR_HEIGHT = 140
TAP_HEIGHT = 76


# --- the table ---------------------------------------------------------------------------
#
# PCWarTable draws the layout of the phase; each panel selects what it shows from the table
# (``Show``: a plain function of the session, then a memoized component whose props are that
# data), so a step draws again only the panels whose numbers changed. The handlers keep their
# identity (``use_stable``); the card entry stays from step to step and only starts again empty.


def _layout(session) -> tuple:
    """What decides the table's layout: the phase, the names, cards on the table or not."""
    s: PCWarState = session.state
    return s.phase, (s.name(0), s.name(1)), bool(s.table)


@ft.component
def PCWarTable(table: Table) -> ft.Control:
    phase, names, cards_on_table = use_table(table, _layout)
    scale = table.text_scale
    problem, set_problem = use_step_state(table, None)  # (where, text): a refusal shown next to its entry
    so_far, set_entered = use_step_state(table, lambda: (None, None))  # the face-up cards entered so far
    where, said = problem if problem is not None else (None, None)

    def send(action, where: str) -> None:
        """Send it; a refusal shows right where it was entered (once)."""
        refused = table.refusal(action)
        set_problem((where, refused) if refused else None)

    def tapped(kind: str, side: str) -> None:
        """A one-tap answer goes with the cards entered below, so the two must agree (the
        tracker refuses a contradiction); half a pair is never silently dropped."""
        make = Flip if kind == "flip" else War
        given = [c for c in so_far if c is not None]
        if len(given) == 1:
            who = names[so_far.index(given[0])]
            other = names[1 - so_far.index(given[0])]
            set_problem((f"{kind}-tap", f"{given[0].symbol} is entered for {who}: enter {other}'s card too "
                                        "and compare the cards, or take it back before tapping"))
            return
        send(make(higher=side, cards=(so_far[0], so_far[1]) if given else None), f"{kind}-tap")

    def entering(values) -> None:
        set_entered(tuple(values))
        if problem is not None:
            set_problem(None)  # a refusal stays only while the input it refused is there

    on_send, on_tap, on_entering = use_stable(send), use_stable(tapped), use_stable(entering)

    def at(place: str) -> str | None:
        return said if where == place else None

    board = [Show(table, Numbers, _numbers), _board(table, scale),
             Show(table, OnTable, _on_table, scale) if cards_on_table else None]
    result = Show(table, LastResult, _last_result, scale)
    if phase in ("flip", "war"):
        body = [
            RevealPanel(table, phase, names, at(f"{phase}-tap"), on_tap, scale),
            result,
            CardEntry(table, phase, names, any(so_far), at(phase), on_send, on_entering),
        ]
        if phase == "flip":
            body.append(BetweenFlips(table, names, at("recount") or at("stop"), on_send))
    elif phase == "swap":
        body = [Show(table, SwapPanel, _swap, on_send), message(at("swap"), "swap-problem"), result]
    else:
        body = [Show(table, FinalNumbers, _final), result]
    return ft.Column([c for c in board + body if c is not None], spacing=10)


def _numbers(session) -> tuple[str]:
    """The game's numbers so far, one line."""
    s: PCWarState = session.state
    text = f"Flips: {s.flips}   Wars: {s.wars}"
    longest = session.game.summary(s).get("Longest war")
    if longest:
        text += f"   Longest: {longest}"
    return (text,)


@ft.memo
@ft.component
def Numbers(text: str) -> ft.Control:
    return tagged("numbers", ft.Text(text, size=14, weight=ft.FontWeight.W_500), label=text)


def _board(table: Table, scale: float) -> ft.Control:
    """Both players side by side, player 0 on the left: hand and pile, large (a seated
    phone: its own player at the bottom, views.seating.side_by_side)."""
    return side_by_side(table, {i: PlayerBoard(table, i, scale) for i in (0, 1)}, spacing=8,
                        vertical_alignment=ft.CrossAxisAlignment.START)


def _player(session, i: int) -> tuple:
    """A player's panel, without its counts: name, the war cards laid, a pile just picked up,
    the win."""
    s: PCWarState = session.state
    laid = (s.lays[i].down, s.lays[i].up) if s.phase == "war" and s.lays is not None else None
    picked = s.picked_up[i]
    if not picked and s.phase == "war" and s.lays is not None:
        picked = s.lays[i].picked_up
    return s.name(i), laid, picked, s.phase == "over" and i in s.winners


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
def PlayerBoard(table: Table, i: int, scale: float) -> ft.Control:
    """One player's panel: the name, the war cards they laid, a pile just picked up, and the
    counts (each count selects its own number)."""
    name, laid, picked_up, wins = use_table(table, _player, i)
    at_scale(scale)
    tiles = ft.Row(
        [Show(table, CountTile, _count, i, "hand", scale), Show(table, CountTile, _count, i, "pile", scale)],
        spacing=6,
    )
    return player_panel(
        name,
        ident=f"player-{i}",
        badge="wins" if wins else None,
        cards=_laid_cards(name, i, laid),
        stats=Show(table, StatLine, _cards_left, i),
        footer=[tiles, _pickup_line(i, picked_up)],
    )


@ft.memo
@ft.component
def CountTile(ident: str, value: int, what: str, previous: int | None, label: str, scale: float) -> ft.Control:
    """One big count with how much it changed in the last step."""
    at_scale(scale)
    change = "" if previous is None or previous == value else f"{value - previous:+d}".replace("-", "−")
    return tagged(
        ident,
        ft.Container(
            content=ft.Column(
                [
                    ft.Text(str(value), size=sized(36), weight=ft.FontWeight.BOLD),
                    ft.Text(what, size=12),
                    ft.Text(change or " ", size=12, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT),
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
        label=f"{label}: {value} cards" + (f" ({change})" if change else ""),
    )


def _pickup_line(i: int, n: int) -> ft.Control:
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


def _on_table(session, scale: float) -> tuple:
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


# --- entering a flip or the war's face-up cards ------------------------------------------


def _reveal_title(session, kind: str) -> tuple[str]:
    s: PCWarState = session.state
    return (f"Flip {s.flips + 1}" if kind == "flip" else f"War · round {s.war_rounds}",)


@ft.memo
@ft.component
def RevealPanel(table: Table, kind: str, names: tuple[str, str], problem: str | None, on_tap: Callable,
                scale: float) -> ft.Control:
    """What to do now and the three one-tap buttons (with the cards entered below, if any)."""
    question = "Whose card is higher?" if kind == "flip" else "Whose face-up card is higher?"
    prompt = table.game.prompt(table.state)  # the same line for the whole phase
    choices = table.game.tap_choices(table.state)
    return section(Show(table, SectionTitle, _reveal_title, kind), [
        ft.Text(prompt),
        ft.Text(question, weight=ft.FontWeight.BOLD),
        TapButtons(kind, (choices["left"], choices["tie"], choices["right"]), names, on_tap, scale),
        message(problem, f"{kind}-tap-problem"),
    ], ident=f"{kind}-panel")


@ft.memo
@ft.component
def TapButtons(kind: str, choices: tuple[str, str, str], names: tuple[str, str], on_tap: Callable,
               scale: float) -> ft.Control:
    """Ann's card is higher / Tie / Bea's card is higher: one tap each."""
    at_scale(scale)

    def tap(side: str, label: str, expand: int) -> ft.Control:
        if side == "tie":
            big, small, bg = "Tie", "same rank", ft.Colors.TERTIARY_CONTAINER
        else:
            big, small, bg = names[SIDES.index(side)], "is higher", ft.Colors.PRIMARY_CONTAINER
        return ft.Semantics(
            identifier=f"{kind}-{side}",
            label=label,
            button=True,
            expand=expand,
            content=ft.Container(
                content=ft.Column(
                    [ft.Text(big, size=sized(20), weight=ft.FontWeight.BOLD, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
                     ft.Text(small, size=13)],
                    spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=TAP_HEIGHT,
                alignment=ft.Alignment.CENTER,
                border_radius=10,
                bgcolor=bg,
                on_click=lambda e: on_tap(kind, side),
                ink=True,
            ),
        )

    left, tie, right = choices
    return ft.Row([tap("left", left, 3), tap("tie", tie, 2), tap("right", right, 3)], spacing=6)


def _entry(session, holding: bool) -> tuple:
    """What the card entry needs of the table: the deck, and the cards already known (only
    while cards are entered: they feed the over-count warning), and the step (only then too:
    a new step empties the entry)."""
    s: PCWarState = session.state
    game = session.game
    if not holding:
        return game.deck(s.setup), (), None
    return game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions)


@ft.memo
@ft.component
def CardEntry(table: Table, kind: str, names: tuple[str, str], holding: bool, problem: str | None,
              on_send: Callable, on_entering: Callable) -> ft.Control:
    """Or the two face-up cards: the app compares them. The same entry from step to step: its
    places start again empty when a step is entered (here or on another phone), the picker
    stays."""
    deck, known, step = use_table(table, _entry, holding)
    make = Flip if kind == "flip" else War
    what = "the two cards" if kind == "flip" else "the two face-up cards"
    return section(f"Or enter {what}: {names[0]}'s, then {names[1]}'s", [
        CardSlots(
            deck,
            [names[0], names[1]],
            lambda cards: on_send(make(cards=(cards[0], cards[1])), kind),
            known=known,
            submit="Compare the cards",
            ident=kind,
            game_name=table.game.name,
            extra=message(problem, f"{kind}-problem"),
            on_change=on_entering,
            fresh=step,
        ),
    ], ident=f"{kind}-cards")


# --- the trade and war ---------------------------------------------------------------------


def _swap(session, on_send: Callable) -> tuple | None:
    s: PCWarState = session.state
    game = session.game
    preview = game.war_preview(s)
    if preview is None:  # the swap is done: the panel goes
        return None
    numbered = list(game.war_steps(s))
    if preview.laid and not preview.out:
        numbered.append(f"Turn the two face-up cards: the higher one takes everything on the table "
                        f"({s.table + preview.laid} cards)")
    p0, p1 = s.players
    return (s.name(0), s.name(1)), (p0.hand, p1.hand), s.war_rounds, tuple(numbered), bool(preview.laid), on_send


@ft.memo
@ft.component
def SwapPanel(names: tuple[str, str], hands: tuple[int, int], war_rounds: int, numbered: tuple[str, ...],
              lays: bool, on_send: Callable) -> ft.Control:
    """A tie: the walk-through, with the counts the swap and the laying will give."""
    title = f"A tie in the war: trade and war again (round {war_rounds + 1})" if war_rounds > 0 \
        else "A tie! Trade and war"
    h0, h1 = hands
    swap = tagged("swap-counts", ft.Row(
        [
            _swap_side(names[0], h0, h1),
            ft.Icon(ft.Icons.SWAP_HORIZ, size=36),
            _swap_side(names[1], h1, h0),
        ],
        alignment=ft.MainAxisAlignment.SPACE_EVENLY,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    ), label=f"Swap hands: {names[0]} {h0} → {h1} cards, {names[1]} {h1} → {h0} cards")
    rows: list[ft.Control | None] = [swap]
    for k, line in enumerate(numbered, 1):
        rows.append(ft.Row([
            ft.Container(ft.Text(str(k), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
                         bgcolor=ft.Colors.PRIMARY, width=26, height=26, border_radius=13,
                         alignment=ft.Alignment.CENTER),
            ft.Text(line, expand=True),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    label = "Swap hands and lay the war cards" if lays else "Swap hands"
    rows.append(button(label, lambda: on_send(SwapHands(), "swap"), "swap", icon=ft.Icons.SWAP_HORIZ))
    return section(title, rows, ident="swap-panel")


def _swap_side(name: str, now: int, then: int) -> ft.Control:
    return ft.Column([
        ft.Text(name, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(f"{now} → {then}", size=sized(26), weight=ft.FontWeight.BOLD),
        ft.Text("cards in hand", size=12),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


# --- the last result -------------------------------------------------------------------------


def _last_result(session, scale: float) -> tuple:
    """What the last step did and why, with the pile pick-ups said out loud (the tracker's
    ``last_result``): (title, lines, the cards shown (card, name), notes)."""
    action, said = (session.actions[-1], session.said[-1]) if session.actions else (None, None)
    r = session.game.last_result(session.state, action, said)
    return r.title, r.lines, r.shown, r.notes, scale


@ft.memo
@ft.component
def LastResult(title: str, lines: tuple[str, ...], faces: tuple, notes: tuple[str, ...], scale: float) -> ft.Control:
    """The last step's result and why (the deal before the first flip)."""
    at_scale(scale)
    if title == "The deal" and not faces and not notes:
        return explanation(lines, ident="last-result", title=title)
    shown = [card_face(c, width=44, caption=name, ident=f"shown-{i}", label=f"{name}'s card {c.symbol}")
             for i, (c, name) in enumerate(faces)]
    body: list[ft.Control | None] = [
        ft.Row(shown, spacing=10) if shown else None,
        explanation(lines, ident="result-why", title=title),
        *[message(n, f"pickup-{k}", kind="warning") for k, n in enumerate(notes)],
    ]
    return tagged("last-result", ft.Column([c for c in body if c is not None], spacing=6, tight=True))


def _final(session) -> tuple:
    s: PCWarState = session.state
    longest = f"{s.longest_war}" if s.longest_war else "—"
    return s.flips, s.wars, longest, session.game.summary(s).get("Longest war")


@ft.memo
@ft.component
def FinalNumbers(flips: int, wars: int, longest: str, extra: str | None) -> ft.Control:
    """The end: the game's numbers, large."""
    tiles = [("Flips", str(flips)), ("Wars", str(wars)), ("Longest war", longest)]
    cells = [number_tile(f"final-{k}", v, t, label=f"{t}: {v}") for k, (t, v) in enumerate(tiles)]
    return section("The game's numbers", [
        tile_row(cells),
        ft.Text(f"Longest war: {extra}", size=13) if extra else None,
    ], ident="final-numbers")


# --- between flips: stop, recount -------------------------------------------------------


def _between(session) -> tuple:
    s: PCWarState = session.state
    return s.deck, tuple((p.hand, p.pile) for p in s.players), (s.players[0].cards, s.players[1].cards)


@ft.memo
@ft.component
def BetweenFlips(table: Table, names: tuple[str, str], problem: str | None, on_send: Callable) -> ft.Control:
    """Stop the game (the fewest cards wins), or correct the counts after a recount. What is
    open closes at the next step (its counts are no longer the table's)."""
    open_, set_open = use_step_state(table, None)  # None, "stop" or "recount"

    def close() -> None:
        set_open(None)

    if open_ is None:
        return ft.Row([
            button("Recount", lambda: set_open("recount"), "recount", primary=False, icon=ft.Icons.CALCULATE,
                   expand=1),
            button("Stop the game", lambda: set_open("stop"), "stop", primary=False, icon=ft.Icons.FLAG,
                   expand=1),
        ], spacing=8)
    deck, counts, left = _between(table.session)  # while open, the panel is drawn again at each step anyway
    if open_ == "stop":
        return stop_confirm(f"The player with fewer cards (hand and pile) wins: {names[0]} has {left[0]}, "
                            f"{names[1]} has {left[1]}.", lambda: on_send(Stop(), "stop"), close)
    return Recounting(names, deck, counts, problem, on_send, close, key=f"recount-{table.revision}")


@ft.component
def Recounting(names: tuple[str, str], deck: int, counts: tuple[tuple[int, int], ...], problem: str | None,
               on_send: Callable, on_cancel: Callable) -> ft.Control:
    """The recount: what each player really has, as typed."""
    start, _ = ft.use_state(
        lambda: {f"{w}-{i}": str(c[k]) for i, c in enumerate(counts) for k, w in enumerate(("hand", "pile"))})
    typed_counts, set_counts = ft.use_state(lambda: dict(start))
    local, set_local = ft.use_state(None)

    def typed(k: str, e) -> None:
        # the text the event carries (the control may already be a newer render's), and an
        # updater, not this render's counts: fast typing fires changes before the next render
        value = e.data if isinstance(e.data, str) else e.control.value
        set_counts(lambda c: {**c, k: value})

    on_typed = use_stable(typed)

    def field(i: int, what: str) -> ft.Control:
        k = f"{what}-{i}"
        return CountField(k, f"{names[i]}'s {'hand' if what == 'hand' else 'pile'}", start[k], on_typed)

    def submit() -> None:
        try:
            hands = (int(typed_counts["hand-0"]), int(typed_counts["hand-1"]))
            piles = (int(typed_counts["pile-0"]), int(typed_counts["pile-1"]))
        except ValueError:
            set_local("Enter each count as a whole number.")
            return
        try:
            action = Recount(hands=hands, piles=piles)
        except ValidationError as exc:
            set_local(plain_validation_error(exc))
            return
        set_local(None)
        on_send(action, "recount")

    total = 0
    for v in typed_counts.values():
        total += int(v) if v.strip().isdigit() else 0
    return section("Recount", [
        ft.Text("Count the cards at the table and enter what each player really has. "
                f"Together they must make the whole deck ({deck} cards)."),
        ft.Row([field(0, "hand"), field(0, "pile")], spacing=6),
        ft.Row([field(1, "hand"), field(1, "pile")], spacing=6),
        tagged("recount-total", ft.Text(f"Together: {total} of {deck} cards", weight=ft.FontWeight.BOLD)),
        message(local, "recount-error"),
        message(problem, "recount-problem"),
        ft.Row([
            button("Correct the counts", submit, "recount-submit", icon=ft.Icons.CHECK, expand=1),
            button("Cancel", on_cancel, "recount-cancel", primary=False, expand=1),
        ], spacing=8),
    ], ident="recount-panel")


@ft.memo
@ft.component
def CountField(key: str, label: str, start: str, on_typed: Callable) -> ft.Control:
    """One count of the recount, typed. A memoized component with a stable handler: drawn once,
    so no later drawing of the panel can put the starting count back under the thumb (the
    field keeps what is typed)."""
    return tagged(f"recount-{key}", ft.TextField(
        label=label, value=start, keyboard_type=ft.KeyboardType.NUMBER, dense=True, expand=True,
        on_change=lambda e: on_typed(key, e),
    ), label=label)


# --- the new-game screen: the deal and a look at the odds -------------------------------------


@ft.component
def PCWarSetupExtra(game, players: list[str], settings: dict) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    try:
        setup = game.make_setup(players, settings)
    except IllegalAction:  # names not ready yet (two the same, one empty): the numbers still hold
        setup = game.make_setup(["Player 1", "Player 2"], settings)
    n0, n1 = game.dealt(setup)
    names = setup.players
    size = n0 + n1
    odd = f" {names[0]} is dealt first and gets the odd card." if n0 != n1 else ""
    deal = section("The deal", [
        tagged("deal-counts", ft.Text(
            f"{size} cards, dealt one at a time: {names[0]} {n0}, {names[1]} {n1}.{odd}"),
            label=f"The deal: {names[0]} {n0} cards, {names[1]} {n1} cards"),
    ], ident="deal")
    return ft.Column([deal, OddsPanel(game, setup)], spacing=12, tight=True)


@ft.component
def OddsPanel(game, setup) -> ft.Control:
    """10,000 random games of this setup, off the UI thread, with a moving progress bar;
    then a histogram of game lengths and how often the first player wins."""
    use_text_scale()  # sizes below follow the text-size setting
    progress, set_progress = ft.use_state(None)  # (settings key, SimulationProgress)
    running, set_running = ft.use_state(False)
    failed, set_failed = ft.use_state(None)
    busy = ft.use_ref(False)
    alive = ft.use_ref(True)

    def unmount() -> None:
        alive.current = False

    ft.use_effect(lambda: None, dependencies=[], cleanup=unmount)
    key = (setup.settings.jokers, setup.settings.blank_card, setup.settings.last_card_wins_at_once,
           tuple(setup.players))

    async def run(e=None) -> None:
        if busy.current:
            return
        busy.current = True
        set_running(True)
        set_failed(None)
        set_progress(None)
        steps = game.simulate(setup, seed=random.Random().getrandbits(64), games=ODDS_GAMES, chunk=ODDS_CHUNK)
        try:
            while alive.current:
                step = await asyncio.to_thread(next, steps, None)  # the UI keeps running meanwhile
                if step is None:
                    break
                set_progress((key, step))
        except Exception as exc:  # a failed simulation must not take the screen down
            set_failed(f"The simulation stopped: {exc}")
        finally:
            busy.current = False
            set_running(False)

    current = progress[1] if progress else None
    shown = current if progress and progress[0] == key else None  # results of these settings only
    rows: list[ft.Control | None] = [
        ft.Text(f"Simulate {ODDS_GAMES:,} games of these settings with random deals: how long a game lasts "
                f"and how often {setup.players[0]} (the first player) wins."),
        button(f"Simulate {ODDS_GAMES:,} games", None if running else run, "odds-run", icon=ft.Icons.CASINO,
               primary=False),
    ]
    if running:
        done = current.done if current else 0
        rows.append(tagged("odds-progress", ft.Column([
            ft.ProgressBar(value=done / ODDS_GAMES, bar_height=10, border_radius=5),
            ft.Text(f"{done:,} of {ODDS_GAMES:,} games played", size=13),
        ], spacing=4, tight=True), label=f"{done:,} of {ODDS_GAMES:,} games played"))
    rows.append(message(failed, "odds-error"))
    if progress and progress[0] != key and not running:
        rows.append(ft.Text("The players or settings changed: simulate again for these.", italic=True,
                            size=13))
    if shown:
        rows += _odds_result(shown.result, setup, final=shown.done >= shown.total)
    return section("A look at the odds", rows, ident="odds")


def _odds_result(r, setup, final: bool) -> list[ft.Control | None]:
    first = setup.players[0]
    finished = r.games - r.stopped
    share = f"{r.first_player_share:.1%}" if finished else "—"
    headline = tagged("odds-first", ft.Row([
        ft.Text(share, size=sized(34), weight=ft.FontWeight.BOLD),
        ft.Text(f"of the finished games are won by {first}, the first player", expand=True),
    ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        label=f"{first}, the first player, wins {share} of the finished games")
    return [
        headline,
        _histogram(r),
        explanation(r.explanation, ident="odds-why", title="So far" if not final else None),
    ]


def _histogram(r) -> ft.Control | None:
    """Game lengths (flips) as bars of Containers, neighbouring bins merged to fit a phone."""
    bins = [(b.start, b.end, b.games) for b in r.histogram]
    if not bins:
        return None
    while len(bins) > MAX_BARS:
        bins = [(a[0], (b or a)[1], a[2] + (b[2] if b else 0))
                for a, b in zip(bins[::2], bins[1::2] + [None] * (len(bins) % 2))]
    top = max(g for _, _, g in bins) or 1
    peak = next(b for b in bins if b[2] == top)
    bars = [
        ft.Container(
            height=max(2, round(BAR_HEIGHT * g / top)) if g else 0,
            bgcolor=ft.Colors.PRIMARY,
            border_radius=ft.BorderRadius.only(top_left=2, top_right=2),
            tooltip=f"{a:,}–{b:,} flips: {g:,} games",
            expand=1,
        )
        for a, b, g in bins
    ]
    label = (f"Histogram of game lengths: most games last {peak[0]:,}–{peak[1]:,} flips ({peak[2]:,} games); "
             f"the longest took {r.longest_game:,}")
    return tagged("odds-histogram", ft.Column([
        ft.Text("Game lengths (flips)", weight=ft.FontWeight.BOLD),
        ft.Container(
            content=ft.Row(bars, spacing=1, vertical_alignment=ft.CrossAxisAlignment.END),
            height=BAR_HEIGHT,
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE)),
        ),
        ft.Row([
            ft.Text("1", size=12),
            ft.Text(f"{bins[-1][1] // 2:,}", size=12),  # the middle of the axis
            ft.Text(f"{bins[-1][1]:,} flips", size=12),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        ft.Text(f"Most games: {peak[0]:,}–{peak[1]:,} flips ({peak[2]:,} games); half the games are over "
                f"by flip {r.median_flips:,.0f}. Each bar is {bins[0][1] - bins[0][0] + 1} flips wide.",
                size=12, italic=True),
    ], spacing=4, tight=True), label=label)
