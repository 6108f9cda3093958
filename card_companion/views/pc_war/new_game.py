"""The new-game screen's extra for PC War: the deal, and a look at the odds (10,000
simulated games: how long a game lasts, how often the first player wins)."""

from __future__ import annotations

import asyncio
import random
from typing import Any, cast

import flet as ft

from card_companion.calculators.pc_war import SimulationProgress, SimulationResult
from card_companion.companion.game import IllegalAction
from card_companion.companion.pc_war import PCWar, PCWarSetup, queries
from card_companion.views.hooks import sized, use_text_scale
from card_companion.views.widgets import (
    button,
    explanation,
    message,
    section,
    tagged,
)

ODDS_GAMES = 10_000
"""games the odds button simulates"""
ODDS_CHUNK = 500
"""games between two moves of the progress bar"""
MAX_BARS = 48
"""the histogram merges neighbouring bins until it has at most this many bars"""
BAR_HEIGHT = 140


@ft.component
def PCWarSetupExtra(game: PCWar, players: list[str], settings: dict[str, Any]) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    try:
        setup = game.make_setup(players, settings)
    except IllegalAction:  # names not ready yet (two the same, one empty): the numbers still hold
        setup = game.make_setup(["Player 1", "Player 2"], settings)
    n0, n1 = queries.dealt(setup)
    names = setup.players
    size = n0 + n1
    odd = f" {names[0]} is dealt first and gets the odd card." if n0 != n1 else ""
    deal = section("The deal", [
        tagged("deal-counts", ft.Text(
            f"{size} cards, dealt one at a time: {names[0]} {n0}, {names[1]} {n1}.{odd}"),
            label=f"The deal: {names[0]} {n0} cards, {names[1]} {n1} cards"),
    ], ident="deal")
    return ft.Column([deal, SimulatedOdds(game, setup)], spacing=12, tight=True)


@ft.component
def SimulatedOdds(game: PCWar, setup: PCWarSetup) -> ft.Control:
    """10,000 random games of this setup, off the UI thread, with a moving progress bar;
    then a histogram of game lengths and how often the first player wins."""
    use_text_scale()  # sizes below follow the text-size setting
    # (settings key, SimulationProgress); Flet would type a state that starts as None as None
    progress, set_progress = ft.use_state(cast("tuple[tuple[Any, ...], SimulationProgress] | None", None))
    running, set_running = ft.use_state(False)
    failed, set_failed = ft.use_state(cast(str | None, None))
    busy = ft.use_ref(False)
    alive = ft.use_ref(True)

    def unmount() -> None:
        alive.current = False

    ft.use_effect(lambda: None, dependencies=[], cleanup=unmount)
    key = (setup.settings.jokers, setup.settings.blank_card, setup.settings.last_card_wins_at_once,
           tuple(setup.players))

    async def run(e: object = None) -> None:
        if busy.current:
            return
        busy.current = True
        set_running(True)
        set_failed(None)
        set_progress(None)
        steps = queries.simulate_games(setup, seed=random.Random().getrandbits(64), games=ODDS_GAMES, chunk=ODDS_CHUNK)
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


def _odds_result(r: SimulationResult, setup: PCWarSetup, final: bool) -> list[ft.Control | None]:
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


def _histogram(r: SimulationResult) -> ft.Control | None:
    """Game lengths (flips) as bars of Containers, neighbouring bins merged to fit a phone."""
    bins = [(b.start, b.end, b.games) for b in r.histogram]
    if not bins:
        return None
    while len(bins) > MAX_BARS:
        bins = [(a[0], (b or a)[1], a[2] + (b[2] if b else 0))
                for a, b in zip(bins[::2], bins[1::2] + [None] * (len(bins) % 2))]
    top = max(g for _, _, g in bins) or 1
    peak = next(b for b in bins if b[2] == top)
    bars: list[ft.Control] = [
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
