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

import flet as ft
from pydantic import ValidationError

from card_companion.companion.game import IllegalAction, plain_validation_error
from card_companion.companion.pc_war import SIDES, Flip, PCWarState, Recount, Stop, SwapHands, War
from card_companion.views.card_picker import CardSlots
from card_companion.views.common import (
    button,
    card_face,
    explanation,
    message,
    number_tile,
    player_panel,
    section,
    side_by_side,
    sized,
    stop_confirm,
    tagged,
    tile_row,
    use_text_scale,
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


@ft.component
def PCWarTable(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s: PCWarState = table.state
    game = table.game
    session = table.session
    step = len(session.actions)
    before = session.states[-2] if step else None
    problem, set_problem = ft.use_state(None)  # (where, text): a refusal shown next to its entry
    entered, set_entered = ft.use_state(None)  # (step, the face-up cards entered so far)
    so_far = entered[1] if entered is not None and entered[0] == step else [None, None]

    def send(action, where: str) -> None:
        """Send it; a refusal shows right where it was entered (once)."""
        refused = table.refusal(action)
        set_problem((where, refused) if refused else None)

    def problem_at(where: str) -> ft.Control | None:
        return message(problem[1], f"{where}-problem") if problem and problem[0] == where else None

    def tapped(make, side: str, kind: str) -> None:
        """A one-tap answer goes with the cards entered below, so the two must agree (the
        tracker refuses a contradiction); half a pair is never silently dropped."""
        given = [c for c in so_far if c is not None]
        if len(given) == 1:
            who = s.name(so_far.index(given[0]))
            other = s.name(1 - so_far.index(given[0]))
            set_problem((f"{kind}-tap", f"{given[0].symbol} is entered for {who}: enter {other}'s card too and "
                                        "compare the cards, or take it back before tapping"))
            return
        send(make(higher=side, cards=(so_far[0], so_far[1]) if given else None), f"{kind}-tap")

    def entering(values) -> None:
        set_entered((step, list(values)))
        if problem is not None:
            set_problem(None)  # a refusal stays only while the input it refused is there

    board = [_numbers(s, game), _board(table, s, before), _on_table(s)]
    result = _last_result(s, session, game)
    if s.phase == "flip":
        body = [
            _reveal_panel(s, game, "flip", f"Flip {s.flips + 1}", tapped, problem_at("flip-tap")),
            result,
            _card_entry(s, game, "flip", step, send, problem_at("flip"), entering),
            _between_flips(s, game, step, send, problem_at("recount") or problem_at("stop")),
        ]
    elif s.phase == "war":
        body = [
            _reveal_panel(s, game, "war", f"War · round {s.war_rounds}", tapped, problem_at("war-tap")),
            result,
            _card_entry(s, game, "war", step, send, problem_at("war"), entering),
        ]
    elif s.phase == "swap":
        body = [_swap_panel(s, game, send), problem_at("swap"), result]
    else:
        body = [_final_numbers(s, game), result]
    return ft.Column([c for c in board + body if c is not None], spacing=10)


def _numbers(s: PCWarState, game) -> ft.Control:
    """The game's numbers so far, one line."""
    text = f"Flips: {s.flips}   Wars: {s.wars}"
    longest = game.summary(s).get("Longest war")
    if longest:
        text += f"   Longest: {longest}"
    return tagged("numbers", ft.Text(text, size=14, weight=ft.FontWeight.W_500), label=text)


def _board(table, s: PCWarState, before: PCWarState | None) -> ft.Control:
    """Both players side by side, player 0 on the left: hand and pile, large (a seated
    phone: its own player at the bottom, views.common.side_by_side)."""
    panels = {}
    for i, p in enumerate(s.players):
        prev = before.players[i] if before is not None else None
        name = s.name(i)
        tiles = ft.Row(
            [
                _count(f"hand-{i}", p.hand, "in hand", prev.hand if prev else None, f"{name}'s hand"),
                _count(f"pile-{i}", p.pile, "in the pile", prev.pile if prev else None, f"{name}'s pile"),
            ],
            spacing=6,
        )
        laid = _laid_cards(s, i)
        badge = None
        if s.phase == "over" and i in s.winners:
            badge = "wins"
        panels[i] = player_panel(
            name,
            ident=f"player-{i}",
            badge=badge,
            cards=laid,
            stats=[("Cards left", str(p.cards))],
            footer=[tiles, _pickup_line(s, i)],
        )
    return side_by_side(table, panels, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def _count(ident: str, value: int, what: str, previous: int | None, label: str) -> ft.Control:
    """One big count with how much it changed in the last step."""
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


def _pickup_line(s: PCWarState, i: int) -> ft.Control:
    """A short note when this player just picked up their pile (always one line high, so
    the buttons below never move)."""
    n = s.picked_up[i]
    if not n and s.phase == "war" and s.lays is not None:
        n = s.lays[i].picked_up
    text = f"↻ picked up the pile ({n})" if n else " "
    return tagged(f"pickup-note-{i}", ft.Text(text, size=12, italic=True, max_lines=1),
                  label=text.strip() or None)


def _laid_cards(s: PCWarState, i: int) -> list[ft.Control]:
    """Phase war: this player's war cards as they lie, face down then the face-up one."""
    if s.phase != "war" or s.lays is None:
        return []
    lay = s.lays[i]
    name = s.name(i)
    faces = [card_face(None, face_down=True, width=26, ident=f"war-down-{i}-{k}",
                       label=f"{name}'s face-down war card {k + 1}") for k in range(lay.down)]
    if lay.up:
        faces.append(card_face(None, width=26, ident=f"war-up-{i}",
                               label=f"{name}'s face-up war card: to enter"))
    return faces


def _on_table(s: PCWarState) -> ft.Control | None:
    if not s.table:
        return None
    faces = [card_face(c, width=30, ident=f"table-card-{k}") for k, c in enumerate(s.table_cards)]
    text = f"On the table: {s.table} cards"
    return tagged("on-table", ft.Container(
        content=ft.Row([ft.Text(text, size=sized(18), weight=ft.FontWeight.BOLD), *faces], spacing=6, wrap=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=8, border_radius=8, bgcolor=ft.Colors.TERTIARY_CONTAINER,
    ), label=text)


# --- entering a flip or the war's face-up cards ------------------------------------------


def _reveal_panel(s: PCWarState, game, kind: str, title: str, tapped, problem: ft.Control | None) -> ft.Control:
    """What to do now and the three one-tap buttons (with the cards entered below, if any)."""
    make = Flip if kind == "flip" else War
    choices = game.tap_choices(s)
    question = "Whose card is higher?" if kind == "flip" else "Whose face-up card is higher?"

    def tap(side: str, expand: int) -> ft.Control:
        if side == "tie":
            big, small, bg = "Tie", "same rank", ft.Colors.TERTIARY_CONTAINER
        else:
            big, small, bg = s.name(SIDES.index(side)), "is higher", ft.Colors.PRIMARY_CONTAINER
        return ft.Semantics(
            identifier=f"{kind}-{side}",
            label=choices[side],
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
                on_click=lambda e, side=side: tapped(make, side, kind),
                ink=True,
            ),
        )

    return section(title, [
        ft.Text(game.prompt(s)),
        ft.Text(question, weight=ft.FontWeight.BOLD),
        ft.Row([tap("left", 3), tap("tie", 2), tap("right", 3)], spacing=6),
        problem,
    ], ident=f"{kind}-panel")


def _card_entry(s: PCWarState, game, kind: str, step: int, send, problem: ft.Control | None,
                on_change) -> ft.Control:
    """Or the two face-up cards: the app compares them."""
    make = Flip if kind == "flip" else War
    what = "the two cards" if kind == "flip" else "the two face-up cards"
    return section(f"Or enter {what}: {s.name(0)}'s, then {s.name(1)}'s", [
        CardSlots(
            game.deck(s.setup),
            [s.name(0), s.name(1)],
            lambda cards: send(make(cards=(cards[0], cards[1])), kind),
            known=game.known_cards(s),
            submit="Compare the cards",
            ident=kind,
            game_name=game.name,
            extra=problem,
            on_change=on_change,
            key=f"{kind}-{step}",
        ),
    ], ident=f"{kind}-cards")


# --- the trade and war ---------------------------------------------------------------------


def _swap_panel(s: PCWarState, game, send) -> ft.Control:
    """A tie: the walk-through, with the counts the swap and the laying will give."""
    preview = game.war_preview(s)
    steps = game.war_steps(s)
    p0, p1 = s.players
    again = s.war_rounds > 0
    title = f"A tie in the war: trade and war again (round {s.war_rounds + 1})" if again \
        else "A tie! Trade and war"
    swap = tagged("swap-counts", ft.Row(
        [
            _swap_side(s.name(0), p0.hand, p1.hand),
            ft.Icon(ft.Icons.SWAP_HORIZ, size=36),
            _swap_side(s.name(1), p1.hand, p0.hand),
        ],
        alignment=ft.MainAxisAlignment.SPACE_EVENLY,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    ), label=f"Swap hands: {s.name(0)} {p0.hand} → {p1.hand} cards, {s.name(1)} {p1.hand} → {p0.hand} cards")
    rows: list[ft.Control | None] = [swap]
    numbered = list(steps)
    if preview.laid and not preview.out:
        numbered.append(f"Turn the two face-up cards: the higher one takes everything on the table "
                        f"({s.table + preview.laid} cards)")
    for k, line in enumerate(numbered, 1):
        rows.append(ft.Row([
            ft.Container(ft.Text(str(k), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
                         bgcolor=ft.Colors.PRIMARY, width=26, height=26, border_radius=13,
                         alignment=ft.Alignment.CENTER),
            ft.Text(line, expand=True),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    label = "Swap hands and lay the war cards" if preview.laid else "Swap hands"
    rows.append(button(label, lambda: send(SwapHands(), "swap"), "swap", icon=ft.Icons.SWAP_HORIZ))
    return section(title, rows, ident="swap-panel")


def _swap_side(name: str, now: int, then: int) -> ft.Control:
    return ft.Column([
        ft.Text(name, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(f"{now} → {then}", size=sized(26), weight=ft.FontWeight.BOLD),
        ft.Text("cards in hand", size=12),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


# --- the last result -------------------------------------------------------------------------


def _last_result(s: PCWarState, session, game) -> ft.Control:
    """What the last step did and why, with the pile pick-ups said out loud."""
    if not session.actions:
        n0, n1 = game.dealt(s.setup)
        odd = f" ({s.name(0)} is dealt first and gets the odd card)" if n0 != n1 else ""
        return explanation(
            [f"Deal the whole deck ({s.deck} cards) one at a time, face down: {s.name(0)} gets {n0} cards, "
             f"{s.name(1)} gets {n1}{odd}.",
             "Nobody looks at their cards. Each flip, both turn their top card face up; the higher card "
             "takes both onto its player's pile. The first to get rid of all their cards wins."],
            ident="last-result", title="The deal",
        )
    action = session.actions[-1]
    said = session.said[-1].line.split("; ")
    # the pick-ups and the end are said below and in the result panel, not in the title
    title = said[0] if isinstance(action, (Flip, War, SwapHands)) else "; ".join(said)
    lines: list[str] = []
    faces: list[ft.Control] = []
    if isinstance(action, (Flip, War)) and s.last is not None:
        lines = list(s.last.explanation)
        if s.last.cards:
            faces = [card_face(c, width=44, caption=s.name(i), ident=f"shown-{i}",
                               label=f"{s.name(i)}'s card {c.symbol}") for i, c in enumerate(s.last.cards)]
    elif isinstance(action, SwapHands):
        lines = game.war_steps(s) if s.phase == "war" else [
            part for part in said[1:] if not part.startswith("the game is over")]
    headline = game.outcome(s).headline if s.phase == "over" else None
    notes = [message(n, f"pickup-{k}", kind="warning") for k, n in enumerate(game.announcements(s))
             if n != headline]
    body: list[ft.Control | None] = [
        ft.Row(faces, spacing=10) if faces else None,
        explanation(lines, ident="result-why", title=title),
        *notes,
    ]
    return tagged("last-result", ft.Column([c for c in body if c is not None], spacing=6, tight=True))


def _final_numbers(s: PCWarState, game) -> ft.Control:
    """The end: the game's numbers, large."""
    longest = f"{s.longest_war}" if s.longest_war else "—"
    tiles = [("Flips", str(s.flips)), ("Wars", str(s.wars)), ("Longest war", longest)]
    cells = [number_tile(f"final-{k}", v, t, label=f"{t}: {v}") for k, (t, v) in enumerate(tiles)]
    extra = game.summary(s).get("Longest war")
    return section("The game's numbers", [
        tile_row(cells),
        ft.Text(f"Longest war: {extra}", size=13) if extra else None,
    ], ident="final-numbers")


# --- between flips: stop, recount -------------------------------------------------------


def _between_flips(s: PCWarState, game, step: int, send, problem: ft.Control | None) -> ft.Control:
    return BetweenFlips(s, game, send, problem, key=f"between-{step}")


@ft.component
def BetweenFlips(s: PCWarState, game, send, problem: ft.Control | None) -> ft.Control:
    """Stop the game (the fewest cards wins), or correct the counts after a recount."""
    use_text_scale()  # sizes below follow the text-size setting
    open_, set_open = ft.use_state(None)  # None, "stop" or "recount"
    start, _ = ft.use_state(
        lambda: {f"{w}-{i}": str(getattr(p, w)) for i, p in enumerate(s.players) for w in ("hand", "pile")})
    counts, set_counts = ft.use_state(lambda: dict(start))
    local, set_local = ft.use_state(None)

    if open_ == "stop":
        c0, c1 = (game.cards_left(s, i) for i in (0, 1))
        return stop_confirm(f"The player with fewer cards (hand and pile) wins: {s.name(0)} has {c0}, "
                            f"{s.name(1)} has {c1}.", lambda: send(Stop(), "stop"), lambda: set_open(None))

    if open_ == "recount":
        def typed(k: str, e) -> None:
            # the text the event carries (the control may already be a newer render's), and an
            # updater, not this render's counts: fast typing fires changes before the next render
            value = e.data if isinstance(e.data, str) else e.control.value
            set_counts(lambda c: {**c, k: value})

        def field(i: int, what: str) -> ft.Control:
            k = f"{what}-{i}"
            label = f"{s.name(i)}'s {'hand' if what == 'hand' else 'pile'}"
            # the fields keep what is typed (their value is only the starting count, which never
            # changes, so a late render can never put an old number back under the thumb)
            return tagged(f"recount-{k}", ft.TextField(
                label=label, value=start[k], keyboard_type=ft.KeyboardType.NUMBER, dense=True, expand=True,
                on_change=lambda e, k=k: typed(k, e),
            ), label=label)

        def submit() -> None:
            try:
                hands = (int(counts["hand-0"]), int(counts["hand-1"]))
                piles = (int(counts["pile-0"]), int(counts["pile-1"]))
            except ValueError:
                set_local("Enter each count as a whole number.")
                return
            try:
                action = Recount(hands=hands, piles=piles)
            except ValidationError as exc:
                set_local(plain_validation_error(exc))
                return
            set_local(None)
            send(action, "recount")

        total = 0
        for v in counts.values():
            total += int(v) if v.strip().isdigit() else 0
        return section("Recount", [
            ft.Text("Count the cards at the table and enter what each player really has. "
                    f"Together they must make the whole deck ({s.deck} cards)."),
            ft.Row([field(0, "hand"), field(0, "pile")], spacing=6),
            ft.Row([field(1, "hand"), field(1, "pile")], spacing=6),
            tagged("recount-total", ft.Text(f"Together: {total} of {s.deck} cards",
                                            weight=ft.FontWeight.BOLD)),
            message(local, "recount-error"),
            problem,
            ft.Row([
                button("Correct the counts", submit, "recount-submit", icon=ft.Icons.CHECK, expand=1),
                button("Cancel", lambda: set_open(None), "recount-cancel", primary=False, expand=1),
            ], spacing=8),
        ], ident="recount-panel")

    return ft.Row([
        button("Recount", lambda: set_open("recount"), "recount", primary=False, icon=ft.Icons.CALCULATE,
               expand=1),
        button("Stop the game", lambda: set_open("stop"), "stop", primary=False, icon=ft.Icons.FLAG,
               expand=1),
    ], spacing=8)


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
