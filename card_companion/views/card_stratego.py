"""Card Stratego's table: whose turn it is and the actions left, the last battle with its
rule, the two facing battlefields (face-down cards as backs, revealed ones with their
value, the places where a card may go), both armies' counts and Generals, and the entry
for each action: its targets are tapped on the battlefield, and a card is entered only when
the rules turn it face up or discard it.

The player to play sits at the bottom; the opponent's grid is drawn upside down above the
battle line, so the two front ranks meet at the line and column 1 faces column 1.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from card_companion.calculators.card_stratego import COLUMNS, DEPTH, rank_name
from card_companion.calculators.cards import Card
from card_companion.companion.advisor import card_stratego_attack
from card_companion.companion.card_stratego import (
    RULES,
    Attack,
    CardStrategoState,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    InPlay,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Place,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
)
from card_companion.views import stratego_taps as taps
from card_companion.views.card_picker import CardSlots
from card_companion.views.hooks import at_scale, sized, use_stable
from card_companion.views.live_table import Show, Table, use_selected, use_step_state, use_table
from card_companion.views.navigation import scroll_to_top
from card_companion.views.odds import OddsPanel
from card_companion.views.seating import bottom_player, seated
from card_companion.views.stratego_taps import HAND_CARD, RANK_SHORT, Choice, Key, Options
from card_companion.views.widgets import button, card_face, explanation, message, player_panel, section, tagged

CARD_W = 56
"""a card on the battlefield (px): four columns and the rank labels fit a 360 px phone"""
CELL_W = CARD_W + 10
TARGET = "#2e7d32"
"""the outline of a place that can be tapped now"""
LINE = "#6d4c41"

ACTIONS: tuple[tuple[str, str], ...] = (
    ("draw", "Draw"),
    ("play", "Put into play"),
    ("attack", "Attack"),
    ("jack-rearrange", "Jack: rearrange"),
    ("jack-reveal", "Jack: turn up"),
    ("joker", "Joker: destroy"),
    ("scout", "Scout: turn up"),
    ("six", "6: return a card"),
    ("drain", "Drain"),
    ("consolidate", "Consolidate"),
)


# --- the table ---------------------------------------------------------------------------
#
# CardStrategoTable draws the layout of the phase (playing or over, whose side is at the
# bottom) and holds what the player has chosen so far for the action being entered (it
# starts again at each step). Each panel selects what it shows from the table (``Show``: a
# plain function of the session, then a memoized component whose props are that data), so a
# step draws again only the panels whose data changed: the status, the last result, one
# army's counts, the places of the battlefield whose card changed. The entry of the chosen
# action lives only while it is being entered (a step empties the choice, and it goes).
# When the turn passes the two sides change places, and the army panels and the places are
# drawn again where they stand.


def _layout(session) -> tuple[bool, int]:
    """What decides the table's layout: playing or over, and whose turn it is (their side is
    drawn at the bottom)."""
    s: CardStrategoState = session.state
    return s.phase == "turn", s.turn


@ft.component
def CardStrategoTable(table: Table) -> ft.Control:
    layout = use_table(table, _layout)
    stored, set_stored = use_step_state(table, Choice)
    problem, set_problem = use_step_state(table, None)  # a refusal, shown beside the entry (once)
    drawn, set_drawn = use_step_state(table, None)  # a Drain's random pick, drawn once for this step
    playing, turn = layout if layout is not None else (False, 0)
    scale = at_scale(table.text_scale)
    # the choice lasts one step (use_step_state), so while it holds something this component
    # is drawn again at each step: what it reads of the session here is the one shown
    options = _options_of(table.session) if stored.mode else None
    choice = taps.current(stored, options) if options is not None else stored

    def send(action) -> None:
        """Send it; a refusal is shown beside the entry, where the player looks (once)."""
        refused = table.refusal(action)
        set_problem(refused or None)

    def choose(kind: str) -> None:
        set_problem(None)
        if kind == "draw":
            send(Draw())
            return
        pick = None
        if kind == "drain" and kind != choice.mode:
            pick = drawn if drawn is not None else table.game.drain_pick(table.state, random.Random())
            set_drawn(pick)
        set_stored(taps.choose_action(choice, kind, pick))

    def tap(key: Key) -> None:
        o = _options_of(table.session)
        set_stored(lambda now: taps.tap(taps.current(now, o), key, o))

    def pick_card(card: Card) -> None:
        set_stored(lambda now: taps.choose_card(now, card))

    on_send, on_choose, on_tap, on_card = use_stable(send), use_stable(choose), use_stable(tap), use_stable(pick_card)
    on_choice = use_stable(set_stored)
    if layout is None:  # the game went away: the frame draws something else at once
        return ft.Column([])
    bottom = bottom_player(table, turn)
    top = 1 - bottom
    # not keyed: when the turn passes both panels change anyway (who is to play), and a moved
    # component drawn again within its parent's update did not reach the phone
    armies = {p: Show(table, ArmyPanel, _army, p) for p in (top, bottom)}
    entry = None
    if playing and choice.mode and options is not None:
        entry = _entry(_Entry(table, on_send, choice, on_choice, options), problem)
    parts = [
        Head(table, choice, None if choice.mode else problem, on_choose, on_send, on_card, scale),
        armies[top], Battlefield(table, top, bottom, choice, on_tap, scale), armies[bottom],
        entry,
        None if playing else ft.Text("The game is over. Undo changes the last action.", italic=True),
    ]
    return ft.Column(seated(table, parts, armies), spacing=10)


def _options(game, s: CardStrategoState) -> Options:
    """What the player to play can do now, asked of the tracker."""
    if s.phase != "turn":
        return Options(me=s.turn)
    specials = game.special_cards(s)
    return Options(
        me=s.turn,
        can_draw=game.can_draw(s),
        can_drain=game.drain_from(s) is not None,
        play_places=game.play_places(s),
        attack_columns=tuple(game.attack_columns(s)),
        specials=specials,
        in_play=tuple(_key(p) for p in game.cards_in_play(s)),
        face_down=tuple(_key(p) for p in game.face_down_places(s)),
        pairs=tuple(game.consolidations(s)),
        jack_lines=tuple(game.jack_lines(s)) if "jack-rearrange" in specials else (),
        jack_reveals=game.jack_reveals(s),
    )


@functools.lru_cache(maxsize=16)
def _options_of(session) -> Options:
    """``_options`` of a session (a session never changes: the panels of every phone showing
    it ask the tracker once)."""
    return _options(session.game, session.state)


@dataclass(frozen=True)
class _Entry:
    """What the entry of the chosen action works with."""

    table: Any
    send: Callable[[Any], None]
    choice: Choice
    set_choice: Callable[[Choice], None]
    options: Options

    @property
    def s(self) -> CardStrategoState:
        return self.table.state

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def hand_card(self) -> Card | None:
        return taps.hand_card(self.choice, self.options)

    def slots(self, ident: str, places: list[tuple[int, str]], on_done, submit: str,
              standing: bool = True) -> ft.Control:
        """Card entry for cards of either army: (owner, label) per place; a card in play
        (``standing``) is never a Jack or the Joker. The entry lasts one step (the choice
        does): new places (another target tapped) start empty."""
        s, game = self.s, self.game
        where = " in play (no Jacks or Joker there)" if standing else ""
        names = [f"{s.name(p)}'s {s.armies[p].colour} army{where}" for p, _ in places]
        return CardSlots(
            game.deck(s.setup), [label for _, label in places], on_done, known=game.known_cards(s),
            submit=submit, ident=ident, game_name=game.name,
            decks=[game.entry_deck(s, p, standing) for p, _ in places], deck_names=names,
            key=f"{ident}-{self.choice.places}",
        )


# --- the pieces of the screen -------------------------------------------------------------


def _key(place: Place) -> Key:
    return (place.player, place.column, place.position)


def _place(key: Key) -> Place:
    return Place(player=key[0], column=key[1], position=key[2])


def _where(key: Key) -> str:
    """ "column 2, front rank" """
    _, c, pos = key
    return f"column {c + 1}, {rank_name(pos)}"


def _what(game, s: CardStrategoState, key: Key) -> str:
    """ "Bea's face-down card in column 2, front rank" """
    slot = game.card_at(s, _place(key))
    what = "empty place" if slot is None else slot.symbol
    return f"{s.name(key[0])}'s {what} in {_where(key)}"


def _status(session, scale: float) -> tuple | None:
    s: CardStrategoState = session.state
    if s.phase != "turn":  # the game is over: the panel goes
        return None
    return s.name(s.turn), s.actions_left, s.allotted, session.game.allowance_reason(s), s.turn_number, scale


@ft.memo
@ft.component
def Status(name: str, left: int, allotted: int, why: str, turn_number: int, scale: float) -> ft.Control:
    """Whose turn it is and the actions left."""
    at_scale(scale)
    pips = [ft.Icon(ft.Icons.CIRCLE if i < left else ft.Icons.CIRCLE_OUTLINED, size=16,
                    color=ft.Colors.PRIMARY) for i in range(allotted)]
    return tagged("status", ft.Container(
        content=ft.Column([
            ft.Row([
                ft.Text(f"{name}'s turn", size=sized(18), weight=ft.FontWeight.BOLD, expand=True),
                tagged("actions-left", ft.Text(f"Actions left: {left} of {allotted}", size=16,
                                               weight=ft.FontWeight.BOLD),
                       label=f"Actions left: {left} of {allotted}"),
            ], spacing=8),
            ft.Row([ft.Row(pips, spacing=2), ft.Text(f"Turn {turn_number}: {why}", size=12, expand=True)],
                   spacing=8),
        ], spacing=4, tight=True),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    ), label=f"{name}'s turn, actions left: {left} of {allotted}")


def _revision(live) -> int:
    return live.revision


@ft.memo
@ft.component
def Head(table: Table, choice: Choice, problem: str | None, on_choose: Callable, on_send: Callable,
         on_card: Callable, scale: float) -> ft.Control:
    """The top of the screen, where the screen goes back to at each step (an action is
    entered at the bottom; its result and the next step are here): whose turn it is and the
    actions left, the last result, the actions to choose from (the first and the last only
    while the game goes on). Each selects what it shows and is drawn again only when that
    changed; they are drawn in one update."""
    revision = use_selected(table.live, _revision)
    status = use_table(table, _status, scale)
    last = use_table(table, _last_result)
    chooser = use_table(table, _chooser, choice, problem, on_choose, on_send, on_card, scale)
    ft.use_effect(scroll_to_top, dependencies=[revision])
    parts = [Status(*status) if status is not None else None,
             LastResult(*last) if last is not None else None,
             Chooser(*chooser) if chooser is not None else None]
    return ft.Column([c for c in parts if c is not None], spacing=10, tight=True)


def _last_result(session) -> tuple:
    """The battle of the last action with its rule, or the last action in words: (title or
    the message, the battle's lines; None: a message)."""
    s: CardStrategoState = session.state
    lb = s.last_battle
    if lb is not None:
        r = lb.result
        owner = {"attacker": lb.attacker, "defender": 1 - lb.attacker}
        cards = {"attacker": r.attacker, "defender": r.defender}
        gone = [f"{s.name(owner[side])}'s {cards[side].symbol}" for side in r.destroyed]
        title = " and ".join(gone) + (" are destroyed" if len(gone) > 1 else " is destroyed")
        moved = [s.name(owner[side]) for side in r.destroyed if s.armies[owner[side]].columns[lb.column]]
        who = {side: f"{s.name(owner[side])}'s {cards[side].symbol}" for side in owner}
        lines = [f"{who['attacker']} attacks {who['defender']} in column {lb.column + 1}",
                 *r.explanation[1:], f"Rule: {RULES[r.rule]}"]
        if moved:
            lines.append(f"{' and '.join(moved)}: the cards behind move forward")
        return f"Battle: {title}", tuple(lines)
    if not session.actions:
        return ("Sort the cards into a red and a black army of 27, a Joker in each. Each player shuffles and "
                f"draws a hand of 5. {s.name(0)} ({s.armies[0].colour}) takes the first turn."), None
    return f"Last: {session.said[-1].line}", None


@ft.memo
@ft.component
def LastResult(text: str, lines: tuple[str, ...] | None) -> ft.Control:
    """The battle of the last action with its rule, or the last action in words."""
    if lines is not None:
        return explanation(lines, ident="battle-result", title=text)
    return message(text, "last-action", kind="info")


def _chooser(session, choice: Choice, problem: str | None, on_choose: Callable, on_send: Callable,
             on_card: Callable, scale: float) -> tuple | None:
    """What the chooser shows: the player, the action chosen (or the ones offered and whether
    the turn must end), the card it discards, what to do next, a refusal."""
    s: CardStrategoState = session.state
    if s.phase != "turn":  # the game is over: the panel goes
        return None
    o = _options_of(session)
    choice = taps.current(choice, o)
    me = s.name(s.turn)
    hint = taps.next_step(choice, o, me, s.name(1 - s.turn))
    mode = choice.mode
    if mode:
        hand = (tuple(o.specials.get(mode, [])), taps.hand_card(choice, o)) if mode in HAND_CARD else None
        return me, mode, hint, hand, (), False, problem, on_choose, on_send, on_card, scale
    available = taps.available(o)
    offered = tuple(kind for kind, _ in ACTIONS if available.get(kind))
    return (me, None, hint, None, offered, session.game.can_end_turn(s), problem, on_choose, on_send, on_card,
            scale)


@ft.memo
@ft.component
def Chooser(me: str, mode: str | None, hint: str, hand: tuple | None, offered: tuple[str, ...], must_end: bool,
            problem: str | None, on_choose: Callable, on_send: Callable, on_card: Callable,
            scale: float) -> ft.Control:
    """The actions the player can take now; once one is chosen, only it, the card it discards
    and what to do next."""
    at_scale(scale)
    next_step = NextStep(hint)
    if mode:
        return section(None, [
            ft.Row([ft.Text(f"{me}: {_label(mode)}", size=16, weight=ft.FontWeight.BOLD, expand=True),
                    button("Cancel", lambda: on_choose(mode), "cancel", primary=False, icon=ft.Icons.CLOSE)],
                   spacing=6),
            _hand_choice(me, mode, hand, on_card) if hand is not None else None,
            next_step,
        ], ident="actions")
    parts: list[ft.Control | None] = [ActionButtons(offered, on_choose)]
    if must_end:
        parts += [
            message(f"{me} has no legal action left: the turn ends with the remaining actions unused.",
                    "no-action", kind="warning"),
            button("End the turn", lambda: on_send(EndTurn()), "end-turn", icon=ft.Icons.SKIP_NEXT),
        ]
    parts.append(message(problem, "action-problem"))  # a step sent from here, refused (said once)
    parts.append(next_step)
    return section(None, parts, ident="actions")


@ft.memo
@ft.component
def ActionButtons(offered: tuple[str, ...], on_choose: Callable) -> ft.Control:
    """One button for each action the player can take now."""
    buttons = [button(text, (lambda ev, k=kind: on_choose(k)), f"action-{kind}", primary=kind == "draw")
               for kind, text in ACTIONS if kind in offered]
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


@ft.memo
@ft.component
def NextStep(hint: str) -> ft.Control:
    """What to do next, in words."""
    return tagged("next-step", ft.Row([
        ft.Icon(ft.Icons.TOUCH_APP, color=ft.Colors.PRIMARY),
        ft.Text(hint, weight=ft.FontWeight.BOLD, expand=True),
    ], spacing=6), label=hint)


def _label(mode: str) -> str:
    """An action's name on its button ("Jack: rearrange")."""
    return next(text for kind, text in ACTIONS if kind == mode)


def _hand_choice(me: str, mode: str, hand: tuple, on_card: Callable) -> ft.Control:
    """Which Jack, Scout or 6 the player discards (only the ones not seen yet)."""
    options, chosen = hand
    word = HAND_CARD[mode]
    if len(options) == 1:
        return ft.Text(f"{me} discards {options[0].symbol} from the hand.", weight=ft.FontWeight.BOLD)
    faces = [card_face(c, ident=f"hand-card-{c}", selected=c == chosen, width=46,
                       label=c.symbol + (", chosen" if c == chosen else ""),
                       on_click=lambda ev, c=c: on_card(c)) for c in options]
    return tagged("hand-card", ft.Column([
        ft.Text(f"Which {word} does {me} discard from the hand?", weight=ft.FontWeight.BOLD),
        ft.Row(faces, wrap=True, spacing=6, run_spacing=6),
    ], spacing=4, tight=True), label=f"which {word}")


def _army(session, p: int) -> tuple:
    """An army's panel: its name and colour, its turn, its counts, its discard pile, a General."""
    s: CardStrategoState = session.state
    game = session.game
    army = s.armies[p]
    counts = game.counts(s, p)
    stats = (("Deck", str(counts["deck"])), ("Hand", str(counts["hand"])),
             ("Battlefield", str(counts["battlefield"])), ("Discard", str(counts["discard"])))
    pile = " ".join(c.symbol for c in sorted(army.discard))  # sorted: which cards are gone
    return f"{s.name(p)} · {army.colour}", p, s.phase == "turn" and s.turn == p, game.is_general(s, p), stats, pile


@ft.memo
@ft.component
def ArmyPanel(title: str, p: int, active: bool, general: bool, stats: tuple[tuple[str, str], ...],
              pile: str) -> ft.Control:
    footer: list[ft.Control | None] = [
        ft.Text(f"Discard pile: {pile}" if pile else "Discard pile: empty", size=13),
        ft.Text("General: the deck is empty; may Drain and Consolidate", size=12, italic=True)
        if general else None,
    ]
    return player_panel(
        title,
        ident=f"player-{p}",
        active=active,
        badge="General" if general else None,
        stats=stats,
        footer=footer,
    )

# --- the battlefield ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Field:
    """The battlefield as it will be drawn: player → rows of places (a Jack's line in its new
    order), the captions of moved cards, the places that can be tapped and the chosen ones."""

    grid: dict[int, list[list[InPlay | None]]]
    captions: dict[Key, str]
    tappable: frozenset[Key]
    selected: frozenset[Key]


@functools.lru_cache(maxsize=16)
def _field(session, choice: Choice) -> _Field:
    """The battlefield of a session as the choice shows it (a Jack's line moved): worked out
    once for all its places."""
    s: CardStrategoState = session.state
    grid = {p: [[col[pos] if pos < len(col) else None for col in army.columns] for pos in range(DEPTH)]
            for p, army in enumerate(s.armies)}
    if not choice.mode:
        return _Field(grid, {}, frozenset(), frozenset())
    o = _options_of(session)
    choice = taps.current(choice, o)
    captions: dict[Key, str] = {}
    if choice.mode == "jack-rearrange" and choice.line:
        grid, captions = taps.preview(grid, choice.line, choice.order)
    return _Field(grid, captions, frozenset(taps.targets(choice, o)), frozenset(taps.selected(choice, o)))


def _names(session) -> tuple[str, str]:
    s: CardStrategoState = session.state
    return s.name(0), s.name(1)


@ft.memo
@ft.component
def Battlefield(table: Table, top: int, bottom: int, choice: Choice, on_tap: Callable, scale: float) -> ft.Control:
    """The opponent's grid upside down (third rank at the top), the battle line, the grid of
    the player to play (front rank at the top). Each place selects what it shows. The rows
    are not keyed: when the turn passes, the places are drawn again where they are (a keyed
    row moved while it is drawn again, with the choice the step empties, is a risk the
    browser is not worth: see the army panels)."""
    names = use_table(table, _names)
    if names is None:  # the game went away: the frame draws something else at once
        return ft.Column([])
    rows = [RankRow(table, top, pos, choice, on_tap, scale) for pos in reversed(range(DEPTH))]
    rows += [Show(table, BattleLine, _battle_line)]
    rows += [RankRow(table, bottom, pos, choice, on_tap, scale) for pos in range(DEPTH)]
    return tagged("battlefield", ft.Container(
        content=ft.Column(rows, spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(vertical=6, horizontal=2),
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,  # the theme's: its rank labels stay readable in the dark
    ), label=f"the battlefield: {names[top]} above the battle line, {names[bottom]} below")


@ft.memo
@ft.component
def RankRow(table: Table, p: int, pos: int, choice: Choice, on_tap: Callable, scale: float) -> ft.Control:
    """One rank of a player's grid: its name and its four places."""
    return ft.Row(
        [ft.Text(RANK_SHORT[pos], size=11, width=30, text_align=ft.TextAlign.RIGHT)]
        + [Show(table, Cell, _cell, (p, c, pos), choice, on_tap, scale) for c in range(COLUMNS)],
        spacing=2,
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _cell(session, key: Key, choice: Choice, on_tap: Callable, scale: float) -> tuple:
    """One place: its card (face down: None), or an empty place a card can reach ("empty"),
    or a gap; its label; tappable now, chosen, where a Jack's move brought it from."""
    s: CardStrategoState = session.state
    f = _field(session, choice)
    p, c, pos = key
    slot = f.grid[p][pos][c]
    target = key in f.tappable
    chosen = key in f.selected
    where = f"column {c + 1}, {rank_name(pos)}"
    if slot is not None:
        what = "face-down card" if slot.card is None else slot.card.symbol
        kind, card = "card", slot.card
        label = f"{s.name(p)}'s {what}, {where}" + (", chosen" if chosen else "")
    elif pos == 0 or f.grid[p][pos - 1][c] is not None or target:
        kind, card = "empty", None
        label = f"{s.name(p)}'s empty place, {where}" + (", chosen" if chosen else "")
    else:
        kind, card, label = "gap", None, ""
    return key, kind, card, label, target, chosen, f.captions.get(key), on_tap, scale


@ft.memo
@ft.component
def Cell(key: Key, kind: str, card: Card | None, label: str, target: bool, chosen: bool, caption: str | None,
         on_tap: Callable, scale: float) -> ft.Control:
    """One place: its card (face down as a back), an empty place a card can reach, or a gap."""
    at_scale(scale)
    p, c, pos = key
    on_click = (lambda e: on_tap(key)) if target else None
    ident = f"cell-{p}-{c}-{pos}"
    if kind == "card":
        face = card_face(card, face_down=card is None, ident=ident, label=label,
                         selected=chosen, on_click=on_click, width=CARD_W, caption=caption)
    elif kind == "empty":
        face = card_face(None, ident=ident, label=label, on_click=on_click, width=CARD_W, selected=chosen)
        if chosen:
            face = ft.Container(content=face, bgcolor=ft.Colors.AMBER_100, border_radius=8)
    else:
        face = ft.Container(width=CARD_W + 4, height=int(CARD_W * 1.4) + 4)
    return ft.Container(
        content=face,
        width=CELL_W,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, TARGET if target and not chosen else ft.Colors.TRANSPARENT),
        border_radius=8,
        padding=1,
    )


def _battle_line(session) -> tuple[int | None]:
    last = session.state.last_battle
    return (last.column if last is not None else None,)


@ft.memo
@ft.component
def BattleLine(fought_in: int | None) -> ft.Control:
    """The line between the armies, with the column numbers (the last battle's marked)."""
    numbers = []
    for c in range(COLUMNS):
        fought = fought_in == c
        numbers.append(ft.Container(
            content=ft.Container(
                content=ft.Text(f"{c + 1}", color=LINE if fought else "white", weight=ft.FontWeight.BOLD,
                                size=13),
                bgcolor=ft.Colors.AMBER_300 if fought else None,
                border_radius=8,
                padding=ft.Padding.symmetric(vertical=0, horizontal=8),
                tooltip="the last battle" if fought else None,
            ),
            width=CELL_W, alignment=ft.Alignment.CENTER))
    return tagged("battle-line", ft.Container(
        content=ft.Row([ft.Text("line", size=11, color="white", width=30, text_align=ft.TextAlign.RIGHT)]
                       + numbers, spacing=2, alignment=ft.MainAxisAlignment.CENTER),
        bgcolor=LINE,
        border_radius=4,
        padding=ft.Padding.symmetric(vertical=3, horizontal=0),
    ), label="the battle line: columns 1 to 4"
        + (f", the last battle in column {fought_in + 1}" if fought_in is not None else ""))


# --- entering the chosen action --------------------------------------------------------------


def _entry(e: _Entry, problem: str | None) -> ft.Control | None:
    """Below the battlefield: what the action does, the cards turned face up or discarded,
    the confirmation."""
    mode = e.choice.mode
    if mode is None or (mode in HAND_CARD and e.hand_card is None):
        return None
    parts = _ENTRIES[mode](e)
    if not parts:
        return None
    parts.append(message(problem, "entry-problem"))
    return section(_label(mode), parts, ident="entry")


def _play_entry(e: _Entry) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, me = e.s, e.s.turn
    _, c, pos = e.choice.places[0]
    behind = len(s.armies[me].columns[c]) - pos
    moves = ""
    if behind:
        moves = ": the cards there move back" if behind > 1 else ": the card there moves back"
    return [
        ft.Text(f"{s.name(me)} puts a card from the hand face down in column {c + 1}, {rank_name(pos)}"
                f"{moves}. Its value is not entered."),
        button("Put into play", lambda: e.send(PutIntoPlay(column=c, position=pos)), "play-submit",
               icon=ft.Icons.DOWNLOAD),
    ]


def _attack_entry(e: _Entry) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, game, name = e.s, e.game, e.s.name
    me, them = s.turn, 1 - s.turn
    c = e.choice.places[0][1]
    a_slot = game.card_at(s, Place(player=me, column=c, position=0))
    d_slot = game.card_at(s, Place(player=them, column=c, position=0))
    entries = [(p, f"{name(p)}'s {word}") for p, word, slot in
               ((me, "attacker", a_slot), (them, "defender", d_slot)) if not slot.face_up]

    def battle(cards: list[Card]) -> None:
        values = iter(cards)
        e.send(Attack(column=c, attacker=None if a_slot.face_up else next(values),
                      defender=None if d_slot.face_up else next(values)))

    return [
        ft.Text(f"{name(me)}'s {a_slot.symbol} attacks {name(them)}'s {d_slot.symbol} in column "
                f"{c + 1}. Both are turned face up.", weight=ft.FontWeight.BOLD),
        OddsPanel(card_stratego_attack(game, s, c), ident="attack-odds", key=f"attack-odds-{c}"),
        e.slots("battle", entries, battle, "Battle!") if entries
        else button("Battle!", lambda: battle([]), "battle-submit", icon=ft.Icons.BOLT),
    ]


def _jack_reveal_entry(e: _Entry) -> list[ft.Control | None]:
    s, chosen, jack = e.s, e.choice.places, e.hand_card
    need = e.options.jack_reveals
    if len(chosen) != need:
        return [ft.Text("Turning up: " + "; ".join(_what(e.game, s, k) for k in chosen))] if chosen else []

    def reveal(cards: list[Card]) -> None:
        e.send(JackReveal(jack=jack, reveals=tuple(
            Reveal(place=_place(k), card=card) for k, card in zip(chosen, cards))))

    entries = [(p, f"{s.name(p)} · col {c + 1} · {RANK_SHORT[pos]}") for p, c, pos in chosen]
    return [e.slots("reveal", entries, reveal, "Turn them up" if need > 1 else "Turn it up")]


def _scout_entry(e: _Entry) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, key, scout = e.s, e.choice.places[0], e.hand_card
    owner = s.name(key[0])
    return [
        ft.Text(f"{s.name(s.turn)} discards {scout.symbol} to turn up {_what(e.game, s, key)}. Not an attack: "
                "a Bomb it reveals stays."),
        e.slots("scout", [(key[0], f"{owner}'s card")], lambda cards: e.send(ScoutReveal(
            scout=scout, reveal=Reveal(place=_place(key), card=cards[0]))), "Turn it up"),
    ]


def _joker_entry(e: _Entry) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, key = e.s, e.choice.places[0]
    slot = e.game.card_at(s, _place(key))
    owner = s.name(key[0])
    text = ft.Text(f"{s.name(s.turn)} discards the Joker to destroy {_what(e.game, s, key)}. It goes to "
                   f"{owner}'s discard pile face up; the cards behind move forward.")
    if slot.face_up:
        return [text, button(f"Destroy {slot.symbol}", lambda: e.send(JokerDestroy(target=_place(key))),
                             "joker-submit", icon=ft.Icons.DELETE_FOREVER)]
    return [text, e.slots("joker", [(key[0], f"{owner}'s destroyed card")], lambda cards: e.send(
        JokerDestroy(target=_place(key), card=cards[0])), "Destroy it")]


def _six_entry(e: _Entry) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, key, six = e.s, e.choice.places[0], e.hand_card
    return [
        ft.Text(f"{s.name(s.turn)} discards {six.symbol} to return {_what(e.game, s, key)} to "
                f"{s.name(key[0])}'s hand (face down again when it is played back)."),
        button("Return it", lambda: e.send(SixReturn(six=six, target=_place(key))), "six-submit",
               icon=ft.Icons.KEYBOARD_RETURN),
    ]


def _drain_entry(e: _Entry) -> list[ft.Control | None]:
    s, name = e.s, e.s.name
    me, them = s.turn, 1 - s.turn
    pick = e.choice.pick if e.game.drain_from(s) == "hand" else None
    if pick is not None:
        held = s.armies[them].hand
        text = (f"{name(them)}'s deck is empty. {name(them)} holds out the {held} cards of the hand face "
                f"down; the app picked card {pick} of {held}, counting from {name(me)}'s left. "
                f"{name(them)} discards it face up: enter it.")
    else:
        text = f"{name(them)} discards the top card of the deck face up: enter it."
    return [
        ft.Text(text, weight=ft.FontWeight.BOLD),
        e.slots("drain", [(them, f"{name(them)}'s drained card")],
                lambda cards: e.send(Drain(card=cards[0], pick=pick)), "Drain", standing=False),
    ]


def _consolidate_entry(e: _Entry) -> list[ft.Control | None]:
    chosen = e.choice.places
    if len(chosen) != 2:
        return []
    s, name = e.s, e.s.name
    me, them = s.turn, 1 - s.turn
    m = next(c for p, c, _ in chosen if p == me)
    t = next(c for p, c, _ in chosen if p == them)
    return [
        ft.Text(f"Columns {m + 1} and {t + 1} become one: choose where the cards end up. The cards that "
                "move keep their order and stay face up or down."),
        button(f"Into column {m + 1}: {name(them)}'s cards move",
               lambda: e.send(Consolidate(mine=m, theirs=t, into=m)), f"into-{m}", icon=ft.Icons.CALL_MERGE),
        button(f"Into column {t + 1}: {name(me)}'s cards move",
               lambda: e.send(Consolidate(mine=m, theirs=t, into=t)), f"into-{t}", icon=ft.Icons.CALL_MERGE),
    ]


def _jack_line_choice(e: _Entry) -> list[ft.Control | None]:
    """A Jack's rearrangement, first: the line (the tapped card's row or column)."""
    if not e.choice.places:
        return []
    name = e.s.name
    out: list[ft.Control | None] = [ft.Text("Rearrange:")]
    for line in taps.line_choices(e.choice, e.options):
        p, kind, index = line
        text = f"{name(p)}'s {rank_name(index)}" if kind == "row" else f"{name(p)}'s column {index + 1}"
        out.append(button(text, lambda ev, line=line: e.set_choice(taps.start_line(e.choice, line, e.options)),
                          f"line-{kind}", primary=False))
    return out


def _jack_line_entry(e: _Entry) -> list[ft.Control | None]:
    """A Jack's rearrangement: the line, then the swaps, checked by the tracker as they are made."""
    choice, s, jack = e.choice, e.s, e.hand_card
    if not choice.line:
        return _jack_line_choice(e)
    name = s.name
    p, kind, index = choice.line
    what = f"{name(p)}'s {rank_name(index)}" if kind == "row" else f"{name(p)}'s column {index + 1}"
    problem = e.game.rearrangement_problem(s, p, kind, index, choice.order)
    moved = choice.order != tuple(range(len(choice.order)))

    def rearrange() -> None:
        e.send(JackRearrange(jack=jack, player=p, line=kind, index=index, order=choice.order))

    return [
        ft.Text(f"{name(s.turn)} discards {jack.symbol} to rearrange {what}. Tap two places of the line to "
                "swap them; a moved card shows where it came from. Nobody looks at face-down cards.",
                weight=ft.FontWeight.BOLD),
        message(problem if moved else None, "jack-problem", kind="warning"),
        ft.Row([
            button("Start over", (lambda: e.set_choice(taps.start_over(choice))) if moved else None,
                   "jack-reset", primary=False),
            button("Another line", lambda: e.set_choice(taps.another_line(choice)), "jack-line", primary=False),
        ], wrap=True, spacing=6),
        button("Rearrange", rearrange if problem is None else None, "jack-rearrange-submit",
               icon=ft.Icons.SWAP_HORIZ),
    ]


_ENTRIES: dict[str, Callable[[_Entry], list[ft.Control | None]]] = {
    "play": _play_entry,
    "attack": _attack_entry,
    "jack-reveal": _jack_reveal_entry,
    "scout": _scout_entry,
    "joker": _joker_entry,
    "six": _six_entry,
    "drain": _drain_entry,
    "consolidate": _consolidate_entry,
    "jack-rearrange": _jack_line_entry,
}
"""each action → the entry below the battlefield (nothing to show: an empty list)"""
