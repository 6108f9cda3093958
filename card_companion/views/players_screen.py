"""The Players screen (/players, one tap from home): who has won how often, at which game,
against whom, with ratings, charts, the latest games, the records as CSV, and renaming or
merging players. Everything comes from ``Device.players_screen`` (companion/records/stats.py), read
when the screen opens and after a change made on it, never in a render; each part is a
memoized component whose props are plain values or frozen models.

Charts are flet-charts (their Flutter side is in flet-web's prebuilt client, so the served
app draws them; docs/architecture.md), in player_charts.py, imported when this screen is
drawn: the home screen draws this module's ``GameNight`` and loads no chart."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import flet as ft

from card_companion.companion.game import IllegalAction, name_key, name_note, sentences
from card_companion.companion.records.names import NameChanged
from card_companion.companion.records.standings import unit_of
from card_companion.companion.records.stats import PERIODS, Board, Filter, HeadToHead, PlayerStats, stopped_early_line
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import StoreError
from card_companion.views.hooks import FletKey, use_made, use_maybe, use_stable
from card_companion.views.navigation import navigate, screen
from card_companion.views.services import use_services
from card_companion.views.sharing import can_share, client_action, secure_origin
from card_companion.views.widgets import TOUCH_FIELD, TOUCH_HIGH, button, choice_row, message, section, tagged

ALL = "all"
"""the game chooser's value for every game"""


def hours(minutes: float) -> str:
    """'45 min', '3 h 20 min'."""
    m = round(minutes)
    return f"{m} min" if m < 60 else f"{m // 60} h {m % 60} min"


@dataclass(frozen=True)
class Shown:
    """What the screen shows, worked out when it opens and after each change made on it."""

    flt: Filter
    board: Board | None
    problem: str | None = None
    focus: PlayerStats | None = None
    """the player the charts show (the first, until another is tapped)"""
    rates: tuple[tuple[float, float], ...] = ()
    """their win percentage after each of their games"""
    h2h: HeadToHead | None = None


def read(device, flt: Filter, focus: str | None = None) -> Shown:
    """The screen's data for a filter (the charts on ``focus`` if it is still listed)."""
    try:
        board = device.players_screen(flt)
    except StoreError as exc:
        return Shown(flt, None, f"The records cannot be read: {exc}")
    players = board.players
    chosen = next((p for p in players if p.name == focus), players[0] if players else None)
    rates = device.win_rate_over_time(flt, chosen.name) if chosen is not None else ()
    return Shown(flt, board, focus=chosen, rates=rates, h2h=board.head_to_head)


@ft.component
def PlayersScreen() -> ft.View:
    from card_companion.views.player_charts import Charts, FigureChart  # flet-charts: loaded by this screen

    device = use_services().access()
    shown, set_shown = use_made(lambda: read(device, Filter()))
    figure_game, set_figure_game = use_maybe(str)
    flt, board = shown.flt, shown.board

    def pick_pair(a: str, b: str) -> None:
        h2h = device.head_to_head(flt, a, b) if a != b else HeadToHead(a=a, b=b, games=0, a_wins=0, b_wins=0)
        set_shown(replace(shown, h2h=h2h))

    on_game = use_stable(lambda g, *_: set_shown(read(device, Filter(game=None if g == ALL else g, period=flt.period),
                                                  shown.focus.name if shown.focus else None)))
    on_period = use_stable(lambda p, *_: set_shown(read(device, Filter(game=flt.game, period=p),
                                                    shown.focus.name if shown.focus else None)))
    on_choose = use_stable(lambda name: set_shown(read(device, flt, name)))
    on_pair = use_stable(pick_pair)
    on_figure_game = use_stable(lambda g, *_: set_figure_game(g))  # (a choice button also hands its event)
    on_changed = use_stable(lambda: set_shown(read(device, flt)))
    players = board.players if board is not None else ()
    games = dict(board.games) if board is not None else {}
    figures_of = figure_game if figure_game in games else next(iter(games), None)
    names = tuple(p.name for p in players)
    focus = shown.focus
    return screen(
        "Players",
        [
            message(shown.problem, "players-problem"),
            Filters(flt, on_game, on_period),
            None if board is None else message(stopped_early_line(board.stopped_early) if board.stopped_early
                                               else None, "stopped-early", kind="info"),
            None if board is None else message(
                f"{board.unfinished} unfinished game{'s' * (board.unfinished != 1)} (still being played, or "
                f"stopped without counting) count{'s' * (board.unfinished == 1)} for nothing." if board.unfinished
                else None, "unfinished", kind="info"),
            tagged("no-records", ft.Text("No finished games here yet: the players show once a game ends.",
                                         italic=True)) if board is not None and not players else None,
            section("Standings", [PlayerCard(p, focus is not None and p.name == focus.name, on_choose, key=p.name)
                                  for p in players], ident="standings") if players else None,
            Charts(focus, shown.rates, key="charts") if focus is not None else None,
            FigureChart(figures_of, games[figures_of], tuple(games), on_figure_game, key="figures")
            if figures_of is not None else None,
            HeadToHeadPanel(names, shown.h2h, on_pair, key="h2h") if len(names) >= 2 else None,
            LatestGames(board.latest, key="latest") if board is not None and board.latest else None,
            ExportRecords(flt, key="export") if players else None,
            EditPlayers(names, on_changed, key="edit") if players else None,
        ],
        route="/players",
    )


@ft.memo
@ft.component
def Filters(flt: Filter, on_game: Callable[[str], None], on_period: Callable[[str], None]) -> ft.Control:
    """Which game and which period the numbers count."""
    return section(None, [
        tagged("filter-game", ft.Dropdown(
            value=flt.game or ALL, label="game", dense=True, expand=True,
            options=[ft.DropdownOption(key=ALL, text="All games"),
                     *[ft.DropdownOption(key=g.id, text=g.name) for g in GAMES.listed()]],
            on_select=lambda e: on_game(e.control.value)), label="which game"),
        choice_row(list(PERIODS.items()), flt.period, on_period, "filter-period"),
    ], ident="filters")


@ft.memo
@ft.component
def PlayerCard(p: PlayerStats, chosen: bool, on_choose: Callable[[str], None]) -> ft.Control:
    """One player: wins, rate, streaks and time, then a line per game with their rating."""
    lines: list[ft.Control] = [
        ft.Row([ft.Text(p.name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD, expand=True),
                ft.Text(f"{p.win_rate:.0%}", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)]),
        ft.Text(f"{p.wins} of {p.games} won · streak {p.streak} (best {p.best_streak}) · {hours(p.minutes)}"),
    ]
    for game_id, line in p.by_game:
        margin = f" · biggest win by {line.biggest_margin}" if line.biggest_margin else ""
        lines.append(ft.Text(
            f"{GAMES.name_of(game_id)}: {line.wins} of {line.games} won · "
            f"average {line.average:.1f} {unit_of(game_id)}, best {line.best}{margin} · "
            f"rating {line.rating} after {line.rated_games} game{'s' * (line.rated_games != 1)}", size=13))
    return tagged(f"player-{p.name}", ft.Container(
        content=ft.Column(lines, spacing=2, tight=True),
        padding=10, border_radius=10, on_click=lambda e: on_choose(p.name), ink=True,
        border=ft.Border.all(3 if chosen else 1, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT),
    ), label=f"{p.name}: {p.wins} of {p.games} won, {p.win_rate:.0%}")


@ft.memo
@ft.component
def HeadToHeadPanel(names: tuple[str, ...], h2h: HeadToHead | None, on_pair: Callable[[str, str], None]) -> ft.Control:
    a = h2h.a if h2h is not None else names[0]
    b = h2h.b if h2h is not None else names[1]

    def chooser(value: str, ident: str, other: str, first: bool) -> ft.Control:
        return tagged(ident, ft.Dropdown(
            value=value, options=[ft.DropdownOption(key=n, text=n) for n in names], dense=True, expand=True,
            on_select=lambda e: on_pair(e.control.value, other) if first else on_pair(other, e.control.value),
        ), label="player")

    if h2h is None or h2h.a == h2h.b:
        said = "Pick two players."
    elif not h2h.games:
        said = f"{h2h.a} and {h2h.b} have not played together."
    else:
        said = (f"{h2h.games} game{'s' * (h2h.games != 1)} together: {h2h.a} won {h2h.a_wins}, "
                f"{h2h.b} won {h2h.b_wins}.")
    return section("Head to head", [
        ft.Row([chooser(a, "h2h-a", b, True), ft.Text("vs"), chooser(b, "h2h-b", a, False)], spacing=8),
        tagged("h2h-result", ft.Text(said, weight=ft.FontWeight.BOLD), label=said),
    ], ident="head-to-head")


@ft.memo
@ft.component
def LatestGames(latest: tuple) -> ft.Control:
    """The latest finished games: when, the result, each player's figure and rating change."""
    rows: list[ft.Control] = []
    for r in latest:
        places = ", ".join(
            f"{p.place}. {p.player} {p.figure}"
            + (f" ({p.after.mu - p.before.mu:+.1f})" if p.after is not None and p.before is not None else "")
            for p in sorted(r.placings, key=lambda p: (p.place, p.seat)))
        rows.append(tagged(f"record-{r.game_id}", ft.Column([
            ft.Text(f"{GAMES.name_of(r.game)} · {time.strftime('%a %d %b, %H:%M', time.localtime(r.finished))} · "
                    f"{hours(r.minutes)}, {r.steps} steps" + (" · stopped early" if r.stopped_early else ""), size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(r.headline, weight=ft.FontWeight.W_600),
            ft.Text(places, size=13),
        ], spacing=0, tight=True)))
    return section("Latest games", [*rows, ft.Text("(rating change after each game in brackets)", size=12,
                                                   italic=True)], ident="latest")


@ft.memo
@ft.component
def ExportRecords(flt: Filter) -> ft.Control:
    """The records as CSV (one row per player per game): copied, shared or downloaded."""
    device = use_services().access()
    text, set_text = use_maybe(str)
    page = ft.context.page

    def open_dialog() -> None:
        set_text(device.records_csv(flt))

    ft.use_dialog(csv_dialog(text, page, lambda: set_text(None)) if text is not None else None)
    return section("Records", [
        ft.Text("Every finished game shown here, one row per player per game, for a spreadsheet."),
        button("Export as CSV", open_dialog, "export-records", primary=False, icon=ft.Icons.TABLE_VIEW),
    ], ident="records")


def csv_dialog(text: str, page, on_close) -> ft.AlertDialog:
    async def download() -> None:
        await ft.FilePicker().save_file(dialog_title="Export the records", file_name="card-companion-records.csv",
                                        src_bytes=text.encode("utf-8"))

    actions: list[ft.Control] = [button("Download", download, "records-download")]
    if secure_origin(page):
        actions.append(button("Copy", lambda: None, "records-copy", primary=False,
                              action=client_action(lambda: ft.CopyToClipboard(text))))
    if can_share(page):
        actions.append(button("Share", lambda: None, "records-share", primary=False,
                              action=client_action(lambda: ft.ShareText(text, subject="Card Companion records"))))
    actions.append(button("Close", on_close, "records-close", primary=False))
    return ft.AlertDialog(
        modal=True, title=ft.Text("The records as CSV"),
        content=tagged("records-csv", ft.TextField(value=text, multiline=True, min_lines=4, max_lines=10,
                                                   read_only=True, label="records (CSV)"), label="records (CSV)"),
        actions=actions,
    )


@ft.memo
@ft.component
def EditPlayers(names: tuple[str, ...], on_changed: Callable[[], None]) -> ft.Control:
    """Rename a player, or merge two spellings of one person; every record follows."""
    device = use_services().access()
    who, set_who = ft.use_state(names[0])
    new, set_new = ft.use_state("")
    into, set_into = use_maybe(str)
    said, set_said = use_maybe(tuple[str, str])  # (kind, sentence)
    who = who if who in names else names[0]

    def attempt(change: Callable[[], str], done: str) -> None:
        try:
            name = change()
        except NameChanged as exc:  # another phone renamed or merged them first: show the records as they are
            set_said(("error", sentences([str(exc)]) or ""))
            set_who(exc.now)
            on_changed()
            return
        except (IllegalAction, StoreError) as exc:
            set_said(("error", f"{exc}".capitalize() + ("" if str(exc).endswith(".") else ".")))
            return
        set_said(("info", done.format(name=name)))
        set_new("")
        set_who(name)  # the player just renamed (or merged into) stays chosen
        on_changed()

    def rename() -> None:
        note = name_note(new)
        attempt(lambda: device.rename_player(who, new),
                "Renamed: every record says {name} now." + (f" {sentences([note])}" if note else ""))

    def merge() -> None:
        attempt(lambda: device.merge_players(who, into or ""), "Merged: their records count for {name} now.")

    options = [ft.DropdownOption(key=n, text=n) for n in names]
    return section("Rename or merge players", [
        tagged("edit-who", ft.Dropdown(value=who, options=options, label="player", dense=True,
                                       on_select=lambda e: set_who(e.control.value)), label="player to change"),
        ft.Row([
            tagged("edit-name", ft.TextField(value=new, label="new name", **TOUCH_FIELD, expand=True,
                                             on_change=lambda e: set_new(e.control.value)), label="new name"),
            button("Rename", rename, "rename-player", primary=False),
        ], spacing=8),
        ft.Row([
            tagged("edit-into", ft.Dropdown(value=into, options=options, label="the same person as", dense=True,
                                            expand=True, on_select=lambda e: set_into(e.control.value)),
                   label="the same person as"),
            button("Merge", merge, "merge-players", primary=False),
        ], spacing=8),
        message(said[1] if said else None, "edit-said", kind=said[0] if said else "info"),
    ], ident="edit-players")


# --- remembered players on the new-game screen, and game night on the home screen ----------------

_PLACEHOLDER = re.compile(r"Player \d+")


def read_recent(device) -> list[str]:
    """This phone's recent players, the most recent first (none when the saves cannot be read)."""
    try:
        return device.recent_players()
    except StoreError:
        return []


def swapped(names: list[str], i: int, j: int) -> list[str]:
    """The seating with players ``i`` and ``j`` changing places (a move up or down).

    >>> swapped(["Ann", "Bea", "Cy"], 2, 1)
    ['Ann', 'Cy', 'Bea']
    """
    if not (0 <= i < len(names) and 0 <= j < len(names)):
        return names
    out = list(names)
    out[i], out[j] = out[j], out[i]
    return out


def with_player(names: list[str], name: str, most: int | None) -> list[str]:
    """A remembered player seated: in the first empty or "Player N" place, else in a new place
    (while the game takes more); a player already seated (any spelling) is not seated twice.

    >>> with_player(["Ann", "Player 2"], "bea", None)
    ['Ann', 'bea']
    >>> with_player(["Ann", "Bea"], " ANN", None), with_player(["Ann", "Bea"], "Cy", 2)
    (['Ann', 'Bea'], ['Ann', 'Bea'])
    """
    if name_key(name) in {name_key(n) for n in names}:
        return names
    for i, n in enumerate(names):
        if not n.strip() or _PLACEHOLDER.fullmatch(n.strip()):
            return names[:i] + [name] + names[i + 1:]
    return names + [name] if most is None or len(names) < most else names


@ft.memo
@ft.component
def RecentPlayers(recent: tuple[str, ...], seated: tuple[str, ...], on_add: Callable[[str], None]) -> ft.Control:
    """This phone's recent players as chips, the most recent first; a tap seats one."""
    keys = {name_key(n) for n in seated}
    chips: list[ft.Control] = [
        tagged(f"recent-{name}", ft.Chip(label=ft.Text(name), leading=ft.Icon(ft.Icons.PERSON_ADD_ALT, size=16),
                                         on_click=lambda e, name=name: on_add(name), **TOUCH_HIGH), label=f"add {name}")
        for name in recent if name_key(name) not in keys]
    if not chips:
        return ft.Container(visible=False)
    return tagged("recent-players", ft.Column([
        ft.Text("Played here before (tap to seat):", size=13),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
    ], spacing=4, tight=True))


@ft.component
def GameNight(key: FletKey = None) -> ft.Control:
    """Tonight's results on the home screen (games finished in the last 12 hours): who won
    what, and the leader of the night; nothing at all on a quiet night."""
    device = use_services().access()
    night, _ = use_made(lambda: read_night(device))
    if night is None or not night.results:
        return ft.Container(visible=False)
    lines: list[ft.Control] = []
    if night.leader:
        lines.append(ft.Text(f"Leader of the night: {night.leader} ({night.leader_wins} "
                             f"win{'s' * (night.leader_wins != 1)})", weight=ft.FontWeight.BOLD))
    lines += [ft.Text(f"{name}: {headline}", size=13) for name, headline in night.results[:8]]
    if len(night.results) > 8:
        lines.append(ft.Text(f"and {len(night.results) - 8} more", size=13, italic=True))
    if night.stopped_early:
        lines.append(tagged("tonight-stopped", ft.Text(stopped_early_line(night.stopped_early), size=13, italic=True)))
    lines.append(button("Players", lambda: navigate("/players"), "night-players", primary=False,
                        icon=ft.Icons.LEADERBOARD))
    return section("Tonight", lines, ident="tonight")


def read_night(device):
    try:
        return device.tonight()
    except StoreError:
        return None
