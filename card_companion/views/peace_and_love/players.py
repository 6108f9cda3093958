"""The players: each one's fighters (tapped ones sideways, the chosen ones marked), victory
pile and hand; the score strip at the top."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.calculators.cards import count
from card_companion.calculators.words import plural
from card_companion.companion.peace_and_love import (
    FIGHTERS,
    PeaceAndLove,
    PeaceAndLoveState,
)
from card_companion.companion.peace_and_love.queries import score_board, victory_pile
from card_companion.views.hooks import at_scale, use_kept
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.per_state import answered
from card_companion.views.reach import reach_key
from card_companion.views.widgets import (
    NumberTile,
    StatLine,
    card_face,
    player_panel,
    tagged,
    tile_row,
)


def _player(session, i: int) -> tuple | None:
    """A player's panel, without the fighters and the numbers: name, whose turn, the badge."""
    s: PeaceAndLoveState = session.state
    if i >= len(s.players):
        return None
    badge = None
    if s.phase == "first-player" and i in s.tied_first:
        badge = "tied for first"
    elif i in s.untapped:
        badge = "untapped"
    return s.name(i), s.phase in ("turn", "fight") and s.turn == i, badge


def _fighter(session, i: int, place: int) -> tuple | None:
    """One fighter: the player's name, its card and whether it is tapped (None: an empty place),
    whether the player is dealt, whether it is in the fight."""
    s: PeaceAndLoveState = session.state
    if i >= len(s.players):
        return None
    player = s.players[i]
    f = player.fighters[place]
    fight = s.fight
    in_fight = s.phase == "fight" and fight is not None and (i, place) in fight.remaining
    return s.name(i), None if f is None else f.card, f is not None and f.tapped, player.dealt, in_fight


def _player_stats(session, i: int) -> tuple:
    s: PeaceAndLoveState = session.state
    if i >= len(s.players):
        return f"stats-{i}", ()
    pile = victory_pile(s, i)
    return f"stats-{i}", (("Victory pile", f"{count(pile.points, 'point')} · {count(pile.cards)}"),
                          ("Hand", count(s.players[i].hand)))


@ft.memo
@ft.component
def PlayerPanel(table: Table[PeaceAndLove, PeaceAndLoveState], i: int, mine: int | None, aimed: tuple[int, ...],
                on_tap: Callable,
                scale: float) -> ft.Control:
    """One player's fighters (tapped ones sideways; the chosen ones and the ones in the fight
    marked: ``mine`` is the fighter the player to play chose, ``aimed`` this player's attacked
    or joining one), victory pile and hand (each fighter and the numbers select their own)."""
    data = use_table(table, _player, i)
    part = use_kept()  # (the fighters and the numbers as they were drawn: the turn passing changes the frame)
    if data is None:
        return ft.Column([])
    name, active, badge = data
    faces = [part(FighterCard, table, i, place, (active and place == mine) or place in aimed, on_tap, scale,
                  key=f"fighter-{place}") for place in range(FIGHTERS)]
    panel = player_panel(name, ident=f"player-{i}", active=active, badge=badge, cards=faces,
                         stats=part(Show, table, StatLine, _player_stats, i, key="stats"), part=part)
    panel.key = reach_key(f"player-{i}")  # a part a step asks for: Retire's and Refresh's fighter (views/reach.py)
    return panel


@ft.memo
@ft.component
def FighterCard(table: Table[PeaceAndLove, PeaceAndLoveState], i: int, place: int, chosen: bool, on_tap: Callable,
                scale: float) -> ft.Control:
    """One fighter of a player, face up (sideways when tapped; marked when chosen or in the
    fight), or its empty place."""
    data = use_table(table, _fighter, i, place)
    if data is None:
        return ft.Column([])
    name, card, tapped, dealt, in_fight = data
    at_scale(scale)
    if card is None:
        return card_face(None, ident=f"fighter-{i}-{place}",
                         label=f"{name}'s fighter {place + 1}: " +
                         ("not dealt yet" if not dealt else "waiting for a new fighter"),
                         face_down=not dealt)
    marked = chosen or in_fight
    return card_face(
        card, ident=f"fighter-{i}-{place}", tapped=tapped, selected=marked,
        label=f"{name}'s fighter {card.symbol}" + (", tapped" if tapped else "") + (", chosen" if marked else ""),
        on_click=lambda e: on_tap(i, place),
    )


def score_strip_of(session) -> tuple:
    """The score at the top (see ``ScoreStrip``): each tile as (id, number, caption, title,
    whose turn, label), the line under them, the strip's own label."""
    s: PeaceAndLoveState = session.state
    playing = s.phase in ("turn", "fight")
    board = score_board(s)
    fighters_in = board.with_fighters
    tiles = tuple((f"score-{i}", str(sc.points), f"points · {count(sc.cards)}", s.name(i), playing and s.turn == i,
                   f"{s.name(i)}: {count(sc.points, 'point')}, victory pile {count(sc.cards)}"
                   + (" with the fighters" if fighters_in else "") + (", to play" if playing and s.turn == i else ""))
                  for i, sc in enumerate(board.scores))
    tiles += (("deck-count", str(s.deck), "in the deck", "Deck", False, f"Deck: {count(s.deck)}"),)
    line = f"{plural(s.decks, 'deck')} shuffled together · {plural(s.turns, 'turn')} played"
    if fighters_in:
        line += " · the fighters still in play are counted in (Anti Math Geek)"
    return tiles, line, f"Deck: {count(s.deck)}"


def _strip(session) -> tuple:
    """The strip of this session, made once for every tile of every phone (``per_state.answered``)."""
    return answered(score_strip_of, session, (), lambda: score_strip_of(session))


def strip_frame_of(session) -> tuple:
    """The strip's frame: how many tiles, its own label."""
    tiles, _, label = _strip(session)
    return len(tiles), label


def score_tile_of(session, k: int) -> tuple | None:
    """The ``k``-th tile of the strip, as ``NumberTile`` takes it (None past the last: asked,
    too, of a state with fewer tiles, as the step that takes it away is)."""
    tiles = _strip(session)[0]
    if k >= len(tiles):
        return None
    ident, value, caption, title, active, said = tiles[k]
    return ident, value, caption, said, title, active


def strip_line_of(session) -> tuple:
    """The line under the tiles."""
    return (_strip(session)[1],)


@ft.memo
@ft.component
def ScoreStrip(table: Table[PeaceAndLove, PeaceAndLoveState]) -> ft.Control:
    """The score at the top, readable from across the table: each player's victory points and
    cards (whose turn it is marked), the deck; then the packs and the turns played. Once the
    game is over it shows the final score, the one the result names: with Anti Math Geek the
    fighters still in play are counted in (``game.scores``). Each tile and the line select
    what they show (``score_strip_of``): a step draws the tiles it changed, not the strip. The
    strip's own label (the deck) changes with the deck: it draws the label around the tiles as
    they were (``StripTiles``, drawn again only for another number of tiles)."""
    frame = use_table(table, strip_frame_of)
    if frame is None:  # the game went away: the frame draws something else at once
        return ft.Column([])
    n, label = frame
    return tagged("status", StripTiles(table, n), label=label)


@ft.memo
@ft.component
def StripTiles(table: Table[PeaceAndLove, PeaceAndLoveState], n: int) -> ft.Control:
    """The strip's ``n`` tiles and the line under them, each selecting what it shows."""
    cells = [Show(table, NumberTile, score_tile_of, k, key=f"tile-{k}") for k in range(n)]
    return ft.Column([
        tile_row(cells, per_row=3 if n in (3, 5, 6) else 4),
        Show(table, StripLine, strip_line_of, key="line"),
    ], spacing=4, tight=True)


@ft.memo
@ft.component
def StripLine(line: str) -> ft.Control:
    return ft.Text(line, theme_style=ft.TextThemeStyle.BODY_SMALL)
