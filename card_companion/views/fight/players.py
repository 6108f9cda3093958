"""The players' places: each hand (face-down backs, face-up picks), victory pile and numbers."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import PileCard, victory_points
from card_companion.calculators.words import plural
from card_companion.companion.fight import FightGame, FightState, queries, winning
from card_companion.views.hooks import at_scale, use_kept
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.widgets import card_face, player_panel, tagged


def _player(session, i: int, scale: float) -> tuple:
    """A player's place but the pile: name, whether they pick now, the Tie Breaker badge, the
    numbers, the hand (face-down count, face-up picks)."""
    s: FightState = session.state
    p = s.players[i]
    top = queries.pile_top(s, i)
    badge = f"Tie Breaker {top.card.symbol}" if queries.tie_breaker(s) == i and top is not None else None
    stats = (("Victory points", str(queries.points(s)[i])), ("Hand", plural(p.hand, "card")),
             ("Rounds won", str(winning.rounds_won(s)[i])))
    return s.name(i), queries.picker(s) == i, badge, stats, p.face_down, p.face_up, scale


def _pile(session, i: int, scale: float) -> tuple:
    s: FightState = session.state
    return s.name(i), s.players[i].pile, f"pile-{i}", scale


@ft.memo
@ft.component
def PlayerPlace(table: Table[FightGame, FightState], i: int, scale: float) -> ft.Control:
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
        part=part,
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
    cards: list[ft.Control] = []
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
        ft.Text(f"{'' if named else 'Victory pile, '}bottom → top ({plural(n, 'card')}, "
                f"{plural(victory_points(pile), 'point')}); top card face "
                f"{'up' if top.face_up else 'down'}", size=12),
        stack,
    ]
    return tagged(ident, ft.Column([x for x in lines if x is not None], spacing=4, tight=True), label=summary)
