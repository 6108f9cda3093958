"""New game: player names in seating order and the game's settings, built from its
Settings model (each field's title and description), then the game is saved and opened.
A game with many settings groups them (each field's ``group``): each group folds to one line
saying what differs from the rules, and Start comes before them."""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal

import flet as ft
from pydantic.fields import FieldInfo

from card_companion.companion.game import Game, IllegalAction, names_notes, sentences
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import StoreError
from card_companion.companion.session import Session
from card_companion.views.game_views import setup_extra
from card_companion.views.hooks import FletKey, Setter, use_made, use_maybe, use_stable
from card_companion.views.navigation import navigate, screen
from card_companion.views.players_screen import RecentPlayers, read_recent, swapped, with_player
from card_companion.views.services import use_services
from card_companion.views.widgets import (
    TOUCH_FIELD,
    TOUCH_SWITCH,
    button,
    icon_button,
    message,
    section,
    tagged,
    touch_segments,
)


def field_choices(info: FieldInfo) -> list[tuple[str, Any]] | None:
    """(label, value) pairs for a Literal or Enum setting; None for other types."""
    ann = info.annotation
    if typing.get_origin(ann) is Literal:
        return [(str(v), v) for v in typing.get_args(ann)]
    if isinstance(ann, type) and issubclass(ann, enum.Enum):
        return [(m.name.replace("_", " ").title(), m.value) for m in ann]
    return None


def visible_settings(game, players: int) -> dict[str, FieldInfo]:
    out = {}
    for name, info in game.Settings.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        if players < extra.get("min_players", 0) or players > extra.get("max_players", 10**6):
            continue
        if extra.get("hidden"):  # kept for old saves, never chosen: a new game always has the default
            continue
        out[name] = info
    return out


@ft.component
def NewGameScreen() -> ft.View:
    game_id = ft.use_route_params().get("game", "")
    game = GAMES.get(game_id)
    services = use_services()
    default_count = max(game.min_players, 2) if game else 2
    names, set_names = use_made(lambda: [f"Player {i + 1}" for i in range(default_count)])
    values, set_values = use_made(dict[str, Any])
    error, set_error = use_maybe(str)
    phones, opened_at = use_phones(services)
    recent, _ = use_made(lambda: read_recent(services.access()))  # this phone's players, read once
    # a chip of a recent player seats them (in the first unnamed place, else a new one)
    on_known = use_stable(lambda name: set_names(lambda prev: with_player(prev, name, game.max_players if game
                                                                           else None)))

    if game is None:
        return screen("New game", [message(f"There is no game called {game_id!r}.")], route=f"/new/{game_id}")

    def set_value(name: str, value: Any) -> None:
        set_values(lambda prev: {**prev, name: value})

    shown = visible_settings(game, len(names))
    chosen = {k: v for k, v in values.items() if k in shown}
    extra = setup_extra(game.id)

    def start() -> None:
        try:
            setup = game.make_setup(names, chosen)
            session = Session.start(game, setup)
        except IllegalAction as exc:
            set_error(str(exc))
            return
        try:
            gid = services.access().create(session)  # this phone holds the new game, at the whole table
        except StoreError as exc:
            set_error(f"The game could not be saved: {exc}.")
            return
        navigate(opened_at(gid))

    def reset(group: tuple[str, ...]) -> None:
        set_values(lambda prev: {k: v for k, v in prev.items() if k not in group})

    grouped_settings = bool(grouped(game, shown)[1])
    settings = settings_section(game, shown, values, set_value, reset)
    starting = [extra(game, list(names), chosen) if extra else None, message(error, "setup-error"),
                phones,
                button("Start the game", start, "start", icon=ft.Icons.PLAY_ARROW)]
    return screen(
        f"New game: {game.name}",
        [
            ft.Text(f"{game.name} · {game.players_text()}", italic=True),
            section("Players, in seating order", [
                RecentPlayers(tuple(recent), tuple(names), on_known, key="recent"),
                *player_rows(game, names, *seat_edits(set_names)),
                # a name pasted with a zero-width space or a bidi control is kept as it looks: say so
                message(sentences(names_notes(names)), "names-note", kind="info")], ident="players"),
            # folded settings come after Start, so a thumb reaches it without scrolling past them
            *([*starting, settings] if grouped_settings else [settings, *starting]),
        ],
        route=f"/new/{game_id}",
    )


PHONES = {"one": "One phone", "several": "Several phones"}
"""how the table is played: this phone for the whole table, or every player's phone joining it"""


def table_route(gid: str, several: bool) -> str:
    """Where a new game opens: its table, with the invite open when it was started for several
    phones (in the page's address, so a reload of that page opens it the same way)."""
    return f"/play/{gid}?phones=several" if several else f"/play/{gid}"


def use_phones(services: Any) -> tuple[ft.Control | None, Callable[[str], str]]:
    """The one phone / several phones choice at Start (this browser's last choice first; the
    phone app is one phone: nobody else can join it, so no choice), and where a new game opens
    for it (the choice kept in the Prefs for the next game)."""
    phones, set_phones = use_maybe(str)  # None: as this browser last chose
    shown = phones or services.prefs.phones

    def opened_at(gid: str) -> str:
        if phones is not None and phones != services.prefs.phones:
            services.set_prefs(replace(services.prefs, phones=phones))
        return table_route(gid, shown == "several" and not services.on_phone)

    return (None if services.on_phone else phones_choice(shown, set_phones)), opened_at


def phones_choice(phones: str, set_phones: Callable[[str], None]) -> ft.Control:
    """One phone or several: whether the table opens with the way in for the other phones
    (QR code, link, code) or for play, the code one tap away on its top line."""
    return ft.Column([
        tagged("phones", touch_segments(
            segments=[ft.Segment(value=k, label=ft.Text(v)) for k, v in PHONES.items()],
            selected=[phones],
            on_change=lambda e: set_phones(next(iter(e.control.selected))),
        ), label="played on one phone or several"),
        ft.Text("Several phones: the table opens with the QR code for the other players' phones. One phone: "
                "it opens for play; its code at the top shows the QR code when you need it.", size=12,
                italic=True),
    ], spacing=4, tight=True)


def seat_edits(set_names: Setter[list[str]]) -> tuple[Callable[[int, str], None], Callable[[], None],
                                                      Callable[[int], None], Callable[[int, int], None]]:
    """The edits of the players' names: rename, add, remove, move one place (updaters, not
    values: two edits can arrive before the screen is drawn again)."""
    def set_name(i: int, value: str) -> None:
        set_names(lambda prev: [value if j == i else n for j, n in enumerate(prev)])

    def add_player() -> None:
        set_names(lambda prev: prev + [f"Player {len(prev) + 1}"])

    def remove_player(i: int) -> None:
        set_names(lambda prev: prev[:i] + prev[i + 1:])

    def move_player(i: int, j: int) -> None:
        set_names(lambda prev: swapped(prev, i, j))

    return set_name, add_player, remove_player, move_player


def settings_section(game: Game[Any, Any, Any], shown: dict[str, FieldInfo], values: dict[str, Any],
                     set_value: Callable[[str, Any], None],
                     reset: Callable[[tuple[str, ...]], None]) -> ft.Control:
    """The game's settings: the loose ones, then each group folded to one line."""
    loose, groups = grouped(game, shown)
    rows: list[ft.Control] = [setting_row(name, info, values, set_value) for name, info in loose.items()]
    rows += [SettingsGroup(group, fields, values, set_value, reset, key=f"group-{group}")
             for group, fields in groups.items()]
    return section("Settings", rows or [ft.Text("This game has no settings.", italic=True)], ident="settings")


def group_of(info: FieldInfo) -> str | None:
    """The group a setting declares (``json_schema_extra={"group": "combat"}``), if any."""
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    group = extra.get("group")
    return group if isinstance(group, str) else None


def grouped(game, shown: dict[str, FieldInfo]) -> tuple[dict[str, FieldInfo], dict[str, dict[str, FieldInfo]]]:
    """The settings without a group, and the groups (each its settings, in the model's order),
    in the order the game's Settings gives (``setting_groups``), then any other as first met."""
    loose: dict[str, FieldInfo] = {}
    groups: dict[str, dict[str, FieldInfo]] = {g: {} for g in game.Settings.setting_groups}
    for name, info in shown.items():
        group = group_of(info)
        if group is None:
            loose[name] = info
        else:
            groups.setdefault(group, {})[name] = info
    return loose, {g: fields for g, fields in groups.items() if fields}


def default_of(info: FieldInfo) -> Any:
    return info.get_default(call_default_factory=True)


def setting_title(name: str, info: FieldInfo) -> str:
    return info.title or name.replace("_", " ").capitalize()


def changed_words(name: str, info: FieldInfo, value: Any) -> str:
    """A setting that differs from the rules, in a few words: "Elements", "no Goliath",
    "Initial HP 12"."""
    title = setting_title(name, info)
    if info.annotation is bool:
        return title if value else f"no {title}"
    label = next((label for label, v in field_choices(info) or () if v == value), value)
    return f"{title} {label}"


def changed_settings(fields: dict[str, FieldInfo], values: dict[str, Any]) -> list[str]:
    """The settings of a group that differ from the rule text's defaults, in a few words each."""
    return [changed_words(name, info, values[name]) for name, info in fields.items()
            if name in values and values[name] != default_of(info)]


def group_summary(fields: dict[str, FieldInfo], values: dict[str, Any]) -> str:
    """A group's folded line: "as the rules say", or "2 changed: Initial HP 12; no Goliath"."""
    changed = changed_settings(fields, values)
    return f"{len(changed)} changed: " + "; ".join(changed) if changed else "as the rules say"


@ft.component
def SettingsGroup(group: str, fields: dict[str, FieldInfo], values: dict[str, Any], set_value, reset,
                  key: FletKey = None) -> ft.Control:
    """A folded group of settings: its name and what differs from the rules on one line; a tap
    opens it (its settings, and a way back to the rules' defaults when something differs)."""
    is_open, set_open = ft.use_state(False)
    ident = "group-" + group.replace(" ", "-")
    summary = group_summary(fields, values)
    header = ft.ListTile(
        title=ft.Text(group.capitalize(), weight=ft.FontWeight.BOLD),
        subtitle=tagged(f"{ident}-summary", ft.Text(summary, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)),
        trailing=ft.Icon(ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE),
        on_click=lambda: set_open(lambda was: not was),
        content_padding=ft.Padding.symmetric(horizontal=4),
    )
    body: list[ft.Control] = [tagged(ident, header, label=f"{group.capitalize()}: {summary}")]
    if is_open:
        body += [setting_row(name, info, values, set_value) for name, info in fields.items()]
        if summary != "as the rules say":
            body.append(button("As the rules say", lambda: reset(tuple(fields)), f"reset-{ident}", primary=False,
                               icon=ft.Icons.RESTART_ALT))
    return ft.Column(body, spacing=8, tight=True)


def player_rows(game, names: list[str], set_name, add_player, remove_player, move_player) -> list[ft.Control]:
    """A name field per player, in seating order, each with arrows to move it up or down and
    Remove (while the game has more than its fewest players), then Add a player (up to its most)."""
    rows: list[ft.Control] = []
    for i, n in enumerate(names):
        rows.append(
            ft.Row(
                [
                    tagged(f"player-{i}", ft.TextField(
                        value=n, label=f"Player {i + 1}",
                        on_change=lambda e, i=i: set_name(i, e.control.value), expand=True, **TOUCH_FIELD,
                    ), label=f"name of player {i + 1}"),
                    icon_button(ft.Icons.ARROW_UPWARD, f"Move player {i + 1} up",
                                (lambda e, i=i: move_player(i, i - 1)) if i > 0 else None, f"up-player-{i}"),
                    icon_button(ft.Icons.ARROW_DOWNWARD, f"Move player {i + 1} down",
                                (lambda e, i=i: move_player(i, i + 1)) if i < len(names) - 1 else None,
                                f"down-player-{i}"),
                    icon_button(ft.Icons.REMOVE_CIRCLE_OUTLINE, f"Remove player {i + 1}",
                                (lambda e, i=i: remove_player(i)) if len(names) > game.min_players else None,
                                f"remove-player-{i}"),
                ],
                spacing=0,
            )
        )
    can_add = game.max_players is None or len(names) < game.max_players
    rows.append(button("Add a player", add_player if can_add else None, "add-player", primary=False,
                       icon=ft.Icons.PERSON_ADD))
    return rows


def setting_row(name: str, info: FieldInfo, values: dict[str, Any], set_value) -> ft.Control:
    """One setting: its control (from its type) and its description."""
    title = setting_title(name, info)
    current = values.get(name, default_of(info))
    parts: list[ft.Control] = [tagged(f"setting-{name}", setting_control(name, info, title, current, set_value),
                                      label=title)]
    if info.description:
        parts.append(ft.Text(info.description, size=12, italic=True))
    return ft.Column(parts, spacing=2, tight=True)


def setting_control(name: str, info: FieldInfo, title: str, current: Any, set_value) -> ft.Control:
    """A switch (yes/no), a segmented button (a few choices), or a field (a number, a text)."""
    choices = field_choices(info)
    if info.annotation is bool:
        return ft.Switch(label=title, value=bool(current),
                         on_change=lambda e: set_value(name, bool(e.control.value)), **TOUCH_SWITCH)
    if choices is not None:
        return ft.Column([
            ft.Text(title, weight=ft.FontWeight.BOLD),
            touch_segments(
                segments=[ft.Segment(value=str(v), label=ft.Text(label)) for label, v in choices],
                selected=[str(current)],
                on_change=lambda e: set_value(
                    name, next(v for _, v in choices if str(v) == next(iter(e.control.selected)))),
            ),
        ], tight=True, spacing=4)
    if info.annotation in (int, float):
        kind = int if info.annotation is int else float

        def parse_number(e) -> None:
            try:
                set_value(name, kind(e.control.value))
            except ValueError:
                set_value(name, e.control.value)

        return ft.TextField(label=title, value=str(current), on_change=parse_number,
                            keyboard_type=ft.KeyboardType.NUMBER, **TOUCH_FIELD)
    return ft.TextField(label=title, value=str(current), on_change=lambda e: set_value(name, e.control.value),
                        **TOUCH_FIELD)
