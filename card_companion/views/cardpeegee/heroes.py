"""Every Hero's panel: HP with its chart, element, Character and active cards, hand size,
alive or dead."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import CardPeeGee, CardPeeGeeState, queries
from card_companion.companion.cardpeegee.checks import element
from card_companion.views.cardpeegee.shared import SMALL
from card_companion.views.hooks import at_scale, use_kept
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.widgets import StatLine, card_face, player_panel, tagged


def element_text(s: CardPeeGeeState, game, q: int) -> str:
    x = element(s, q)
    if x is None:
        return "off" if not s.settings.elements else "—"
    return f"{x.symbol} {x.word}"


def hp_chart(points: Sequence[tuple[int, int]], ident: str, alive: bool) -> ft.Control | None:
    """HP over the game: one bar per change (the last 40), as tall as the HP."""
    if not points:
        return None
    hps = [hp for _, hp in points][-40:]
    top = max(max(hps), 1)
    height = 44
    width = max(4, min(16, 300 // len(hps) - 2))
    bars = [HpBar(width, max(2, round(height * max(hp, 0) / top)), hp > 0) for hp in hps]
    trail = " → ".join(str(h) for h in hps[-8:])
    if len(hps) > 8:
        trail = "… → " + trail
    chart = ft.Column([
        ft.Container(ft.Row(bars, spacing=2, vertical_alignment=ft.CrossAxisAlignment.END), height=height,
                     alignment=ft.Alignment.BOTTOM_LEFT),
        ft.Text(f"HP over the game: {trail}" + ("" if alive else " (dead)"), size=12),
    ], spacing=2, tight=True)
    return tagged(ident, chart, label=f"HP over the game: {', '.join(str(h) for h in hps)}")


@ft.memo
@ft.component
def HpBar(width: int, height: int, alive: bool) -> ft.Control:
    """One bar of the HP chart (a new HP adds a bar: the others are not drawn again)."""
    return ft.Container(width=width, height=height, border_radius=2,
                        bgcolor=ft.Colors.PRIMARY if alive else ft.Colors.ERROR)


def hero_of(session, q: int) -> tuple:
    """What a Hero's panel shows around its numbers: name, Character and active cards, badge,
    whose turn, how they died (a step that changes another Hero leaves it as it is)."""
    s: CardPeeGeeState = session.state
    h = s.heroes[q]
    if not h.ready:
        return s.name(q), None, (), None, False, False, None
    battle = s.encounter.battle_or_none if s.encounter is not None else None
    badge = None
    if not h.alive:
        badge = "dead"
    elif battle is not None:
        i = battle.of_player(q)
        if i is not None and battle.fighters[i].live:
            badge = "in the fight"
    died = h.died if not h.alive and h.died else None
    return s.name(q), h.character, tuple(h.active), badge, h.alive, queries.hero(s) == q and h.alive, died


def hero_numbers(session, q: int) -> tuple | None:
    """A Hero's numbers (None before their Hero is entered)."""
    s: CardPeeGeeState = session.state
    h = s.heroes[q]
    if not h.ready:
        return None
    return f"hero-{q}-numbers", (("HP", str(h.hp)), ("Element", element_text(s, session.game, q)),
                                 ("Hand", plural(h.hand, "card")), ("Status", "alive" if h.alive else "dead"))


def hp_points(session, q: int) -> tuple | None:
    """The HP chart's points and whether the Hero is alive."""
    s: CardPeeGeeState = session.state
    h = s.heroes[q]
    if not h.ready:
        return None
    return tuple(queries.hp_history(s, q)), f"hp-chart-{q}", h.alive


@ft.memo
@ft.component
def HpChart(points: tuple[tuple[int, int], ...], ident: str, alive: bool) -> ft.Control:
    return hp_chart(points, ident, alive) or ft.Column([], spacing=0)


@ft.memo
@ft.component
def HeroPanel(table: Table[CardPeeGee, CardPeeGeeState], q: int, scale: float) -> ft.Control:
    """One Hero's panel (before their Hero is entered: "not entered yet"); its numbers and HP
    chart select what they show themselves."""
    name, character, active, badge, alive, turn, died = use_table(table, hero_of, q)
    part = use_kept()  # (the cards, numbers and chart a step did not change, handed back as they were drawn)
    at_scale(scale)
    if character is None:
        return player_panel(name, ident=f"hero-{q}", badge="not entered yet", stats=[("HP", "—")])
    cards = [part(_hero_card, character, f"character-{q}", "Character", f"{name}'s Character {character.symbol}",
                  not alive, scale, key="character")]
    cards += [part(_hero_card, c, f"active-{q}-{i}", "active", f"{name}'s active {c.symbol}", False, scale,
                   key=f"active-{i}") for i, c in enumerate(active)]
    footer = [part(Show, table, HpChart, hp_points, q, key="hp")]
    if died:
        footer.append(ft.Text(f"Out of the game: {died}", size=SMALL, italic=True))
    return player_panel(name, ident=f"hero-{q}", active=turn, badge=badge,
                        stats=part(Show, table, StatLine, hero_numbers, q, key="numbers"),
                        cards=cards, footer=footer, dimmed=not alive, part=part)


def _hero_card(card: Card, ident: str, caption: str, label: str, dimmed: bool, scale: float, key: str) -> ft.Control:
    """A Hero's Character or active card, its caption under it. ``scale`` is not read here: the
    face takes the panel's text size (``at_scale``); it is an argument so that ``use_kept``
    makes the face again when the size changes."""
    del key  # (``use_kept``'s: the face has its own, from its identifier)
    return card_face(card, ident=ident, caption=caption, width=48, label=label, dimmed=dimmed)
