"""The coin the app flips where nobody holds the Tie Breaker: its face, and the toss that
spins it, lands it on a player's name and records the flip."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple, cast

import flet as ft

from card_companion.companion.fight import FightGame, FightState, queries
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import use_text_scale
from card_companion.views.live_table import Table
from card_companion.views.widgets import button, tagged

FLIP_HALF_TURN = 0.11
"""seconds of one half-turn of the animated coin"""
FLIP_HALF_TURNS = 9
"""half-turns before the coin lands"""
FLIP_REST = 0.9
"""seconds the landed coin is shown before its outcome is recorded"""
COIN_GOLD = "#e0b341"


def new_rng() -> random.Random:
    """Where the coin flips draw from (a view test replaces it to know the outcome)."""
    return random.Random()


def coin_face(name: str | None, side: int | None, size: int = 100) -> ft.Control:
    """The app's coin: heads for the first player, tails for the second."""
    body: ft.Control
    if side is None:
        body = ft.Text("?", size=size * 0.4, weight=ft.FontWeight.BOLD, color="#5d4300")
    else:
        body = ft.Column(
            [
                ft.Text(name or "?", size=max(11, size * 0.15), weight=ft.FontWeight.BOLD, color="#3e2c00",
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


class CoinLook(NamedTuple):
    """How the coin looks at one moment of a flip."""

    shown: int | None
    """the face up: None (not flipped yet), 0 (heads) or 1 (tails)"""
    edge: bool
    """seen edge-on, half-way through a half-turn"""
    flying: bool
    """in the air"""
    landed: bool


_RESTING = CoinLook(None, False, False, False)
"""the coin before a flip"""


@ft.component
def CoinToss(table: Table[FightGame, FightState], question: str, flip: object = None) -> ft.Control:
    """A coin the app flips: it spins, lands on a player's name, and the flip is recorded
    (the outcome is drawn once, before the animation, and travels with the action).
    ``flip`` names the flip the coin is for (the table's step): a new one starts the coin
    again, unflipped, and a flip still in the air for an older one is not recorded."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state  # the players' names
    # (flip, how the coin looks) while a flip moves it; Flet would type a state that starts as None as None
    held, set_held = ft.use_state(cast("tuple[object, CoinLook] | None", None))
    shown, edge, flying, landed = held[1] if held is not None and held[0] == flip else _RESTING
    busy: MutableRef[tuple[object] | None] = ft.use_ref(None)  # (the flip being flipped,)
    alive = ft.use_ref(True)
    now = ft.use_ref(flip)
    now.current = flip
    ft.use_effect(lambda: None, [], cleanup=lambda: setattr(alive, "current", False))
    flipping = busy.current == (flip,)

    async def toss(e: object = None) -> None:
        if busy.current == (flip,):
            return
        busy.current = (flip,)
        action = queries.flip_coin(table.state, new_rng())
        look = CoinLook(None, False, True, False)

        def show(**change: Any) -> None:
            nonlocal look
            look = look._replace(**change)
            set_held((flip, look))

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

    return _coin_on_table(s.names, CoinLook(shown, edge, flying, landed), question, flipping, toss)


def _coin_on_table(names: Sequence[str], look: CoinLook, question: str, flipping: bool,
                   toss: Callable[..., Awaitable[None]]) -> ft.Control:
    """What the table sees: the question or the outcome, the button, the coin in the air or
    landed, and whose side is which."""
    shown, edge, flying, landed = look
    half = int(FLIP_HALF_TURN * 1000)
    coin = ft.Container(
        content=coin_face(names[shown] if shown is not None else None, shown),
        scale=ft.Scale(scale_x=0.06 if edge else 1.0, scale_y=1.0),
        animate_scale=ft.Animation(half, ft.AnimationCurve.EASE_IN_OUT),
        offset=ft.Offset(0, -0.28 if flying else 0),
        animate_offset=ft.Animation(half * 3, ft.AnimationCurve.EASE_OUT),
    )
    if landed and shown is not None:
        status = f"{names[shown]}!"
    elif flipping:
        status = "Flipping…"
    else:
        status = question
    if shown is None:
        label = "the coin, not flipped yet"
    else:
        label = f"the coin {'landed' if landed else 'in the air'}: {names[shown]}"
    return ft.Column(
        [
            # the button first: on a phone it must be on screen without scrolling (issue 14 item 13)
            tagged("coin-status", ft.Text(status, size=18 if landed else 15, weight=ft.FontWeight.BOLD,
                                          text_align=ft.TextAlign.CENTER), label=status),
            button("Flip the coin", None if flipping else toss, "flip-coin", icon=ft.Icons.CASINO),
            ft.Row([tagged("coin", ft.Container(coin, padding=ft.Padding.only(top=34, bottom=4)),
                           label=label)], alignment=ft.MainAxisAlignment.CENTER),
            ft.Text(f"Heads: {names[0]} · Tails: {names[1]}", size=12, text_align=ft.TextAlign.CENTER),
        ],
        spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
