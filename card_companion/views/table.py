"""The table screen's frame, the same for every game: loads the saved game named in the URL,
commits every action before showing its result, undo/redo, the way to the history and the
rules, and the final result. The game's own component draws the table itself."""

from __future__ import annotations

import logging

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from card_companion.companion.game import IllegalAction, Outcome
from card_companion.companion.session import Session
from card_companion.companion.storage import Snapshot, StaleGame, StoreError
from card_companion.views.common import icon_button, on_page_loop, message, navigate, screen, tagged, use_services
from card_companion.views.tables import table_component

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Table:
    """What a game's table component gets: the session and the way to change it."""

    session: Session
    dispatch: Callable[[object], bool]
    """apply an action: commits it and re-renders; False (with the message shown) if illegal"""
    game_id: str
    """the saved game's id"""

    @property
    def state(self):
        return self.session.state

    @property
    def game(self):
        return self.session.game


def outcome_panel(outcome: Outcome) -> ft.Control:
    return tagged(
        "outcome",
        ft.Container(
            content=ft.Column(
                [ft.Text("Game over", size=14, italic=True),
                 ft.Text(outcome.headline, size=24, weight=ft.FontWeight.BOLD)]
                + [ft.Text(f"• {d}") for d in outcome.details],
                spacing=4,
                tight=True,
            ),
            padding=14,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        ),
        label=f"Game over: {outcome.headline}",
    )


@ft.component
def TableScreen() -> ft.View:
    gid = ft.use_route_params().get("gid", "")
    store = use_services().store

    def load() -> tuple[str, Snapshot | None, str | None]:
        try:
            return gid, store.snapshot(gid), None
        except (IllegalAction, StoreError) as exc:
            return gid, None, str(exc)

    loaded, set_loaded = ft.use_state(load)
    if loaded[0] != gid:  # the same screen, another game
        loaded = load()
        set_loaded(loaded)
    _, shown, load_error = loaded
    session = shown.session if shown else None
    latest = ft.use_ref(None)
    latest.current = shown
    error, set_error = ft.use_state(None)

    if session is None:
        return screen("Game", [message(f"This game cannot be opened: {load_error}. It is left as it is.",
                                       "load-error")], route=f"/play/{gid}")

    page = ft.context.page
    topic = f"game:{gid}"

    def follow_other_devices():
        """Phones at one table share a game: when one commits, the others reload it."""
        def reload() -> None:
            fresh = load()
            latest.current = fresh[1]
            set_loaded(fresh)

        def on_change(_topic, _message):
            on_page_loop(page, reload)

        page.pubsub.subscribe_topic(topic, on_change)

    ft.use_effect(follow_other_devices, dependencies=[gid],
                  cleanup=lambda: page.pubsub.unsubscribe_topic(topic))

    def change(kind: str, action=None) -> bool:
        before = latest.current
        try:
            if kind == "push":
                after_session = before.session.push(action)
                revision = store.push(gid, action, before.revision)  # committed before the screen shows it
            elif kind == "undo":
                after_session = before.session.undo()
                revision = store.undo(gid, before.revision)
            else:
                after_session = before.session.redo()
                revision = store.redo(gid, before.revision)
            after = Snapshot(gid, after_session, revision, before.code)
        except StaleGame as exc:
            fresh = load()
            latest.current = fresh[1]
            set_loaded(fresh)
            set_error(f"{exc}. Nothing was lost; enter your step again if it is still needed.")
            return False
        except (IllegalAction, StoreError) as exc:
            set_error(str(exc))
            return False
        except Exception as exc:  # a bug must not take the table down: say so, change nothing
            log.exception("could not apply a step to game %s", gid)
            set_error(f"The app could not apply that step ({type(exc).__name__}: {exc}). Nothing was changed; "
                      "the game is saved as it was.")
            return False
        latest.current = after
        set_loaded((gid, after, None))
        set_error(None)
        page.pubsub.send_others_on_topic(topic, after.revision)
        return True

    def dispatch(action) -> bool:
        return change("push", action)

    game = session.game
    # keyed by the log's length: every action (or undo) starts the entry panels afresh
    body = table_component(game.id)(Table(session, dispatch, gid), key=f"{gid}-{len(session.actions)}")
    outcome = session.outcome
    return screen(
        game.name,
        [
            message(error, "action-error"),
            outcome_panel(outcome) if outcome else None,
            body,
        ],
        route=f"/play/{gid}",
        actions=[
            icon_button(ft.Icons.UNDO, "Undo", (lambda: change("undo")) if session.can_undo else None, "undo"),
            icon_button(ft.Icons.REDO, "Redo", (lambda: change("redo")) if session.can_redo else None, "redo"),
            icon_button(ft.Icons.HISTORY, "History", lambda: navigate(f"/play/{gid}/history"), "history"),
            icon_button(ft.Icons.MENU_BOOK, "Rules", lambda: navigate(f"/rules/{game.id}?back=/play/{gid}"), "rules"),
        ],
    )

