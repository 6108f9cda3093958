"""What one step costs each phone of a table on the server: the page update of every phone
of a table after a step, against the floor of Flet itself, measured in one run, interleaved
(these machines are shared and noisy).

- The table: one saved game of each kind, mid-game (24 random steps played through the
  tracker from a fixed seed), open on 4 phones of the app (tests/support/phones.py: real Flet
  sessions of ``app.make_main``, each with a stand-in websocket that encodes every message
  as flet-web does). Steps are committed by a fifth device, as another phone of the table
  would: a random legal step, an undo or a redo (60 / 25 / 15 in 100), and every phone
  takes it through the live hub. Each phone's page update is timed in Flet's update path
  (``Component.update``: render, diff and the msgpack encoding of the patch), and the
  controls each phone is sent are counted, and the controls each step creates on a phone:
  mounted for the first time, a new id in its session's index (``watching``'s count).
  A phase change is a step whose state's ``phase`` differs from the one before (a turn
  becomes a fight, a row a coin flip, an undo brings a deal back).
- The floor: a two-page Flet app whose one declarative component shows a count, changed
  through the same live hub (``companion.live.Hub``) and ``views.services.on_page_loop``: each
  page's update is timed the same way.

One floor step follows each table step, so both see the same load.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import flet as ft

from card_companion.companion.log_changes import EnterStep, Redo, Undo
from card_companion.companion.phones.live import Committed, Hub
from card_companion.views.services import on_page_loop

GAMES = ("peace-and-love", "fight", "card-stratego", "pc-war", "cardpeegee")
PHONES = 4
WARM = 5
"""steps before the measured ones (first drawings of entries, caches)"""

@ft.component
def FloorPage(hub: Hub) -> list[ft.View]:
    """The floor: one declarative component, one text that changes when the hub says so; its
    button tells the hub (every page of the floor shows the new count, as a table's phones
    show a step)."""
    n, set_n = ft.use_state(0)
    page = ft.context.page

    def listen() -> None:
        hub.subscribe("floor", lambda event: on_page_loop(page, lambda: set_n(event.after)))

    def tap() -> None:
        hub.publish(Committed("floor", n, n + 1, "enter"))

    ft.use_effect(listen, dependencies=[])
    return [ft.View(route="/", controls=[ft.Column([
        ft.Semantics(identifier="floor-button", button=True, content=ft.FilledButton("Tap", on_click=tap)),
        ft.Semantics(identifier="floor-result", label=f"count {n}", content=ft.Text(f"count {n}")),
    ])])]


def floor_main(hub: Hub):
    def main(page: ft.Page) -> None:
        page.render_views(FloorPage, hub)
    return main


@dataclass
class Measured:
    game: str
    updates: list[float] = field(default_factory=list)
    """seconds, one per phone per step"""
    floor: list[float] = field(default_factory=list)
    controls: list[int] = field(default_factory=list)
    """controls one watching phone was sent, per step"""
    created: list[int] = field(default_factory=list)
    """controls created on one watching phone, per step"""
    phase_changes: list[tuple[str, str, int]] = field(default_factory=list)
    """(phase before, phase after, controls created) of each step that changed the phase"""
    renders: list[dict[str, int]] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return statistics.median(self.updates) / statistics.median(self.floor)

    def created_lines(self) -> list[str]:
        """``controls created per step`` (median) and the most a phase change created."""
        lines = [f"controls created per step: {self.game} {statistics.median(self.created):.0f}"]
        if self.phase_changes:
            before, after, most = max(self.phase_changes, key=lambda c: c[2])
            lines.append(f"controls created by a phase change: {self.game} max {most} "
                         f"({before} -> {after}; {len(self.phase_changes)} of {len(self.created)} steps)")
        else:
            lines.append(f"controls created by a phase change: {self.game} none in {len(self.created)} steps")
        return lines


def mid_game(game, seed: int, steps: int = 24):
    """A session of ``game`` after ``steps`` random legal steps (fewer if it ends first), its
    random play, and the random source that goes on from there."""
    from tests.support.play import random_steps

    rng = random.Random(seed)
    return random_steps(game, rng, steps), game.random_play(), rng


def next_step(actor, gid: str, store, game, play, rng) -> None:
    """One step on the table as another phone would enter it: a random legal step, an undo or
    a redo."""
    snapshot = store.snapshot(gid)
    session = snapshot.session
    r = rng.random()
    if (r < 0.25 or game.is_over(session.state)) and session.can_undo:
        actor.act(gid, snapshot, Undo())
    elif r < 0.40 and session.can_redo:
        actor.act(gid, snapshot, Redo())
    else:
        actor.act(gid, snapshot, EnterStep(play.random_action(session.state, rng)))


async def measure(game_id: str, steps: int, data_dir: Path, seed: int = 7) -> Measured:
    from card_companion.app import make_main
    from card_companion.companion.phones.access import TABLE
    from card_companion.companion.registry import GAMES as REGISTRY
    from tests.support.phones import open_phone, settle, watching

    game = REGISTRY[game_id]
    main, _ = make_main(data_dir)
    tables = main.tables
    session, play, rng = mid_game(game, seed)
    keys = [tables.new_device_key() for _ in range(PHONES)]
    gid = tables.device(keys[0], "127.0.0.1").create(session)
    for key in keys[1:]:
        tables.store.set_seat(key, gid, str(TABLE), only_one=False)
    phones = [await open_phone(main, f"/play/{gid}", key) for key in keys]
    floor_hub = Hub()
    floor = [await open_phone(floor_main(floor_hub), "/", None) for _ in range(2)]
    actor = tables.device(tables.new_device_key(), "127.0.0.1", admin=True)
    out = Measured(game_id)
    with watching() as drawn:
        for i in range(WARM + steps):
            drawn.clear()
            for ph in phones:
                ph.sent.clear()
            before = tables.store.snapshot(gid).session.state.phase
            next_step(actor, gid, tables.store, game, play, rng)
            await settle()
            if i >= WARM:
                out.updates += [drawn.update_time(ph) for ph in phones]
                out.controls.append(phones[-1].controls_sent())
                out.created.append(drawn.created(phones[-1]))
                if (after := tables.store.snapshot(gid).session.state.phase) != before:
                    out.phase_changes.append((before, after, out.created[-1]))
                out.renders.append(dict(drawn.names(phones[-1])))
            drawn.clear()
            floor_hub.publish(Committed("floor", i, i + 1, "enter"))
            await settle()
            if i >= WARM:
                out.floor += [drawn.update_time(ph) for ph in floor]
    return out
