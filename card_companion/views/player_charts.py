"""The Players screen's charts: the chosen player's wins per game and win percentage over
time, and how one game's final figures fall. flet-charts, in a module of their own: the
Players screen (players.py) imports it when it draws, so the home screen, which draws
players.py's ``GameNight``, does not load the charts (in the phone app an import costs
several times what it costs on a server)."""

from __future__ import annotations

import time
from collections.abc import Callable

import flet as ft
import flet_charts as fch  # type: ignore[import-untyped]  # Flet's charts ship no type information

from card_companion.companion.records.standings import unit_of
from card_companion.companion.records.stats import GameSummary, PlayerStats
from card_companion.companion.registry import GAMES
from card_companion.views.widgets import choice_row, section, tagged


def axis_labels(labels: list[tuple[float, str]], size: float = 28) -> fch.ChartAxis:
    return fch.ChartAxis(label_size=size, labels=[fch.ChartAxisLabel(value=v, label=ft.Text(t, size=11))
                                                  for v, t in labels])


@ft.memo
@ft.component
def Charts(p: PlayerStats, rates: tuple[tuple[float, float], ...]) -> ft.Control:
    """The chosen player's wins per game and win percentage over time."""
    wins = fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(to_y=line.wins, width=18, color=ft.Colors.PRIMARY,
                                                             tooltip=f"{line.wins} of {line.games}")])
                for i, (_, line) in enumerate(p.by_game)],
        bottom_axis=axis_labels([(i, GAMES.name_of(g).split(" ")[0].rstrip(","))
                                 for i, (g, _) in enumerate(p.by_game)]),
        left_axis=axis_labels([], 30), max_y=max([line.games for _, line in p.by_game] + [1]),
        height=170, interactive=False,
    )
    parts: list[ft.Control] = [ft.Text(f"{p.name}: wins per game", weight=ft.FontWeight.BOLD),
                               tagged("chart-wins", wins, label=f"{p.name}'s wins per game")]
    if len(rates) >= 2:
        first, last = rates[0][0], rates[-1][0]
        line = fch.LineChart(
            data_series=[fch.LineChartData(points=[fch.LineChartDataPoint(x=i, y=round(r, 1))
                                                   for i, (_, r) in enumerate(rates)],
                                           color=ft.Colors.PRIMARY, stroke_width=3)],
            min_y=0, max_y=100, height=170, interactive=False,
            left_axis=axis_labels([(0, "0%"), (50, "50%"), (100, "100%")], 40),
            bottom_axis=axis_labels([(0, day(first)), (len(rates) - 1, day(last))]),
        )
        parts += [ft.Text(f"{p.name}: win percentage over time", weight=ft.FontWeight.BOLD),
                  tagged("chart-rate", ft.Container(line, padding=ft.Padding.only(right=24)),
                         label=f"{p.name}'s win percentage over time: now {rates[-1][1]:.0f}%")]
    return section("Charts", parts, ident="charts")


def day(ts: float) -> str:
    return time.strftime("%d %b", time.localtime(ts))


@ft.memo
@ft.component
def FigureChart(game_id: str, summary: GameSummary, games: tuple[str, ...],
                on_game: Callable[[str], None]) -> ft.Control:
    """How the final figures of one game fall: how many players ended on each (grouped into
    about a dozen bars), and the game's plays and length."""
    figures = summary.figures
    lo, hi = figures[0][0], figures[-1][0]
    width = max(1, -(-(hi - lo + 1) // 12))
    bars: dict[int, int] = {}
    for figure, n in figures:
        bars[(figure - lo) // width] = bars.get((figure - lo) // width, 0) + n
    label = (lambda b: str(lo + b * width)) if width == 1 else (lambda b: f"{lo + b * width}+")
    chart = fch.BarChart(
        groups=[fch.BarChartGroup(x=b, rods=[fch.BarChartRod(to_y=n, width=14, color=ft.Colors.TERTIARY,
                                                             tooltip=f"{n}")]) for b, n in sorted(bars.items())],
        bottom_axis=axis_labels([(b, label(b)) for b in sorted(bars) if b % max(1, len(bars) // 6) == 0]),
        left_axis=axis_labels([], 30), height=170, interactive=False,
    )
    return section(f"Final {unit_of(game_id)}: {GAMES.name_of(game_id)}", [
        choice_row([(g, GAMES.name_of(g)) for g in games], game_id, on_game, "figure-game") if len(games) > 1 else None,
        ft.Text(f"{summary.plays} game{'s' * (summary.plays != 1)} · {summary.average_minutes:.0f} minutes and "
                f"{summary.average_steps:.0f} steps on average"),
        tagged("chart-figures", chart, label=f"final {unit_of(game_id)} in {GAMES.name_of(game_id)}"),
    ], ident="figures")
