"""Card Stratego's table: whose turn it is and the actions left, the last battle with its
rule, the two facing battlefields (face-down cards as backs, revealed ones with their
value, the places where a card may go), both armies' counts and Generals, and the entry
for each action: its targets are tapped on the battlefield, and a card is entered only when
the rules turn it face up or discard it.

The player to play sits at the bottom; the opponent's grid is drawn upside down above the
battle line, so the two front ranks meet at the line and column 1 faces column 1.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import flet as ft

from card_companion.calculators.card_stratego import COLUMNS, DEPTH, rank_name
from card_companion.calculators.cards import Card
from card_companion.calculators.words import noun, plural
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
from card_companion.views.card_picker import CardSlots
from card_companion.views.common import (
    bottom_player,
    button,
    card_face,
    explanation,
    message,
    player_panel,
    scroll_to_top,
    seated,
    section,
    sized,
    tagged,
    use_text_scale,
)
from card_companion.views.odds import OddsPanel

CARD_W = 56
"""a card on the battlefield (px): four columns and the rank labels fit a 360 px phone"""
CELL_W = CARD_W + 10
RANK_SHORT = ("front", "2nd", "3rd")
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
HAND_CARD = {"jack-rearrange": "Jack", "jack-reveal": "Jack", "scout": "Scout", "six": "6"}
"""actions that discard a card the players name (the Joker is the only one of its kind)"""

Key = tuple[int, int, int]
"""a place on the battlefield: (player, column, position), position 0 = the front rank"""


@dataclass(frozen=True)
class Choice:
    """What the player has chosen so far for the action being entered."""

    mode: str | None = None
    places: tuple[Key, ...] = ()
    card: Card | None = None
    """the special card discarded from the hand"""
    line: tuple[int, str, int] | None = None
    """a Jack's line: (player, "row"/"column", index)"""
    order: tuple[int, ...] = ()
    swap: int | None = None
    """the place of the line tapped first for a swap"""
    pick: int | None = None
    """a Drain from the hand: the card the app picked at random"""


@ft.component
def CardStrategoTable(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s: CardStrategoState = table.state
    game = table.game
    choice, set_choice = ft.use_state(Choice)
    problem, set_problem = ft.use_state(None)
    drawn, set_drawn = ft.use_state(None)  # a Drain's random pick, drawn once for this step
    # the table is drawn anew after every action (keyed by the log): show its top, where the
    # result of the action and the next step are
    ft.use_effect(scroll_to_top, dependencies=[])
    playing = s.phase == "turn"
    me, them = s.turn, 1 - s.turn

    # --- what can be done now (asked of the tracker) ----------------------------------
    play_places = game.play_places(s) if playing else {}
    attack_cols = game.attack_columns(s) if playing else []
    specials = game.special_cards(s) if playing else {}
    in_play = [_key(p) for p in game.cards_in_play(s)]
    face_down = [_key(p) for p in game.face_down_places(s)]
    pairs = game.consolidations(s) if playing else []
    jack_lines = game.jack_lines(s) if "jack-rearrange" in specials else []
    available = {
        "draw": playing and game.can_draw(s),
        "play": bool(play_places),
        "attack": bool(attack_cols),
        "drain": playing and game.drain_from(s) is not None,
        "consolidate": bool(pairs),
        **{kind: kind in specials for kind in ("jack-rearrange", "jack-reveal", "joker", "scout", "six")},
    }
    mode = choice.mode if choice.mode and available.get(choice.mode) else None
    options = specials.get(mode, []) if mode else []
    hand_card = choice.card if choice.card in options else (options[0] if len(options) == 1 else None)

    def send(action) -> None:
        """Send it; a refusal is shown beside the entry, where the player looks (once)."""
        refused = table.refusal(action)
        set_problem(refused or None)

    def choose(kind: str) -> None:
        set_problem(None)
        if kind == "draw":
            send(Draw())
            return
        if kind == mode:
            set_choice(Choice())
            return
        pick = None
        if kind == "drain":
            pick = drawn if drawn is not None else game.drain_pick(s, random.Random())
            set_drawn(pick)
        set_choice(Choice(mode=kind, pick=pick))

    # --- tapping the battlefield --------------------------------------------------------
    mine_cols = sorted({m for m, _ in pairs})
    their_cols = sorted({t for _, t in pairs})
    line_keys = _line_keys(s, choice.line) if mode == "jack-rearrange" and choice.line else []

    def targets() -> set[Key]:
        if mode == "play":
            return {(me, c, pos) for c, ps in play_places.items() for pos in ps}
        if mode == "attack":
            return {(p, c, 0) for c in attack_cols for p in (me, them)}
        if mode in ("jack-reveal", "scout"):
            return set(face_down)
        if mode in ("joker", "six"):
            return set(in_play)
        if mode == "consolidate":
            return {(p, c, pos) for p, c, pos in in_play
                    if (p == me and c in mine_cols) or (p == them and c in their_cols)}
        if mode == "jack-rearrange":
            if choice.line:
                return set(line_keys)
            return {(p, c, pos) for p, c, pos in in_play
                    if (p, "row", pos) in jack_lines or (p, "column", c) in jack_lines}
        return set()

    tappable = targets()

    def tap(key: Key) -> None:
        if key not in tappable:
            return
        p, c, pos = key
        if mode in ("play", "joker", "six", "scout"):
            set_choice(replace(choice, places=() if choice.places == (key,) else (key,)))
        elif mode == "attack":
            both = ((me, c, 0), (them, c, 0))
            set_choice(replace(choice, places=() if choice.places == both else both))
        elif mode == "jack-reveal":
            need = _reveals_needed(face_down)
            chosen = [k for k in choice.places if k != key]
            if len(chosen) == len(choice.places):
                chosen = (chosen + [key])[-need:]
            set_choice(replace(choice, places=tuple(chosen)))
        elif mode == "consolidate":
            kept = tuple(k for k in choice.places if k[0] != p)
            same = any(k[0] == p and k[1] == c for k in choice.places)
            set_choice(replace(choice, places=kept if same else kept + ((p, c, 0),)))
        elif mode == "jack-rearrange":
            if not choice.line:
                set_choice(replace(choice, places=() if choice.places == (key,) else (key,)))
                return
            i = line_keys.index(key)
            if choice.swap is None or choice.swap == i:
                set_choice(replace(choice, swap=None if choice.swap == i else i))
                return
            order = list(choice.order)
            order[i], order[choice.swap] = order[choice.swap], order[i]
            set_choice(replace(choice, order=tuple(order), swap=None))

    # --- the battlefield as it will be drawn --------------------------------------------
    grid = {p: [[col[pos] if pos < len(col) else None for col in army.columns] for pos in range(DEPTH)]
            for p, army in enumerate(s.armies)}
    captions: dict[Key, str] = {}
    selected: set[Key] = set(choice.places) if mode else set()
    if mode == "consolidate":
        selected = {k for k in in_play if any(k[0] == p and k[1] == c for p, c, _ in choice.places)}
    if mode == "jack-rearrange" and choice.line:
        grid, captions = _preview(grid, choice.line, choice.order)
        selected = {line_keys[choice.swap]} if choice.swap is not None else set()

    bottom = bottom_player(table, me)
    top = 1 - bottom
    field = _battlefield(s, grid, top, bottom, tappable, selected, captions, tap)

    parts: list[ft.Control | None] = [
        _status(s) if playing else None,
        _last_result(table, s),
    ]
    if playing:
        hand = None
        if mode in HAND_CARD:
            hand = _hand_choice(s, mode, options, hand_card, lambda c: set_choice(replace(choice, card=c)))
        parts.append(_chooser(send, s, game, available, mode, choose,
                              _next_step(s, mode, choice, hand_card, face_down), hand,
                              None if mode else problem))
    armies = {top: _army_panel(game, s, top), bottom: _army_panel(game, s, bottom)}
    parts += [armies[top], field, armies[bottom]]
    if playing and mode:
        parts.append(_entry(table, send, problem, mode, choice, set_choice, hand_card, face_down, jack_lines))
    if not playing:
        parts.append(ft.Text("The game is over. Undo changes the last action.", italic=True))
    return ft.Column(seated(table, parts, armies), spacing=10)


# --- the pieces of the screen -------------------------------------------------------------


def _key(place: Place) -> Key:
    return (place.player, place.column, place.position)


def _place(key: Key) -> Place:
    return Place(player=key[0], column=key[1], position=key[2])


def _where(key: Key) -> str:
    """ "column 2, front rank" """
    _, c, pos = key
    return f"column {c + 1}, {rank_name(pos)}"


def _what(s: CardStrategoState, key: Key) -> str:
    """ "Bea's face-down card in column 2, front rank" """
    p, c, pos = key
    col = s.armies[p].columns[c]
    slot = col[pos] if pos < len(col) else None
    what = "empty place" if slot is None else slot.symbol
    return f"{s.name(p)}'s {what} in {_where(key)}"


def _reveals_needed(face_down: list[Key]) -> int:
    return min(2, len(face_down))


def _status(s: CardStrategoState) -> ft.Control:
    left, allotted = s.actions_left, s.allotted
    if s.turn_number == 1:
        why = "the first turn of the game has 1 action"
    elif s.turn_number == 2:
        why = "the other player's first turn has 2 actions"
    else:
        n = s.start_columns
        why = f"cards in {plural(n, 'column')} at the start of the turn: {allotted} actions"
    pips = [ft.Icon(ft.Icons.CIRCLE if i < left else ft.Icons.CIRCLE_OUTLINED, size=16,
                    color=ft.Colors.PRIMARY) for i in range(allotted)]
    return tagged("status", ft.Container(
        content=ft.Column([
            ft.Row([
                ft.Text(f"{s.name(s.turn)}'s turn", size=sized(18), weight=ft.FontWeight.BOLD, expand=True),
                tagged("actions-left", ft.Text(f"Actions left: {left} of {allotted}", size=16,
                                               weight=ft.FontWeight.BOLD),
                       label=f"Actions left: {left} of {allotted}"),
            ], spacing=8),
            ft.Row([ft.Row(pips, spacing=2), ft.Text(f"Turn {s.turn_number}: {why}", size=12, expand=True)],
                   spacing=8),
        ], spacing=4, tight=True),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    ), label=f"{s.name(s.turn)}'s turn, actions left: {left} of {allotted}")


def _last_result(table, s: CardStrategoState) -> ft.Control | None:
    """The battle of the last action with its rule, or the last action in words."""
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
        return explanation(lines, ident="battle-result", title=f"Battle: {title}")
    session = table.session
    if not session.actions:
        return message("Sort the cards into a red and a black army of 27, a Joker in each. Each player "
                       f"shuffles and draws a hand of 5. {s.name(0)} ({s.armies[0].colour}) takes the first "
                       "turn.", "last-action", kind="info")
    text = table.game.describe(session.states[-2], session.actions[-1], session.states[-1])
    return message(f"Last: {text}", "last-action", kind="info")


def _chooser(send, s, game, available, mode, choose, next_step: str,
             hand: ft.Control | None = None, problem: str | None = None) -> ft.Control:
    """The actions the player can take now; once one is chosen, only it, the card it discards
    and what to do next."""
    me = s.name(s.turn)
    hint = tagged("next-step", ft.Row([
        ft.Icon(ft.Icons.TOUCH_APP, color=ft.Colors.PRIMARY),
        ft.Text(next_step, weight=ft.FontWeight.BOLD, expand=True),
    ], spacing=6), label=next_step)
    if mode:
        label = next(text for kind, text in ACTIONS if kind == mode)
        return section(None, [
            ft.Row([ft.Text(f"{me}: {label}", size=16, weight=ft.FontWeight.BOLD, expand=True),
                    button("Cancel", lambda: choose(mode), "cancel", primary=False, icon=ft.Icons.CLOSE)],
                   spacing=6),
            hand,
            hint,
        ], ident="actions")
    buttons = [button(text, (lambda e, k=kind: choose(k)), f"action-{kind}", primary=kind == "draw")
               for kind, text in ACTIONS if available.get(kind)]
    parts: list[ft.Control | None] = [ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)]
    if game.can_end_turn(s):
        parts += [
            message(f"{me} has no legal action left: the turn ends with the remaining actions unused.",
                    "no-action", kind="warning"),
            button("End the turn", lambda: send(EndTurn()), "end-turn", icon=ft.Icons.SKIP_NEXT),
        ]
    parts.append(message(problem, "action-problem"))  # a step sent from here, refused (said once)
    parts.append(hint)
    return section(None, parts, ident="actions")


def _next_step(s, mode, choice: Choice, hand_card, face_down) -> str:
    """What the players do next, in words."""
    me, them = s.name(s.turn), s.name(1 - s.turn)
    if mode is None:
        return f"Choose {me}'s action."
    if mode in HAND_CARD and hand_card is None:
        return f"Tap the {HAND_CARD[mode]} {me} discards."
    chosen = choice.places
    if mode == "play":
        if not chosen:
            return "Tap a green place on your side: an empty place, or a card to put the new one in front of."
        return "Tap Put into play, or another place."
    if mode == "attack":
        return ("Tap your front-rank card that attacks (or the card it attacks)." if not chosen
                else "Turn both cards face up, enter the face-down ones below, then Battle!")
    if mode == "jack-reveal":
        need = _reveals_needed(face_down)
        if len(chosen) < need:
            more = need - len(chosen)
            return f"Tap {more} more {noun(more, 'face-down card')} to turn up."
        return "Turn the cards face up and enter them below."
    if mode == "scout":
        return "Tap the face-down card the Scout turns up." if not chosen else "Enter the card below."
    if mode == "joker":
        return "Tap the card the Joker destroys." if not chosen else "Destroy it below."
    if mode == "six":
        return "Tap the card the 6 returns to its owner's hand." if not chosen else "Return it below."
    if mode == "drain":
        if choice.pick is not None:
            return (f"{them} discards card {choice.pick} of the hand, picked at random by the app: "
                    "enter it below.")
        return f"{them} discards the top card of the deck: enter it below."
    if mode == "consolidate":
        if len(chosen) < 2:
            return f"Tap a column where only {me} has cards and one where only {them} has cards."
        return "Choose the column the cards end up in, below."
    if mode == "jack-rearrange":
        if not choice.line:
            return "Tap a card of the row or column to rearrange." if not chosen else "Choose its line below."
        return "Tap two places of the line to swap them; then Rearrange."
    return ""


def _army_panel(game, s: CardStrategoState, p: int) -> ft.Control:
    army = s.armies[p]
    counts = game.counts(s, p)
    general = game.is_general(s, p)
    pile = " ".join(c.symbol for c in sorted(army.discard))  # sorted: which cards are gone
    footer: list[ft.Control | None] = [
        ft.Text(f"Discard pile: {pile}" if pile else "Discard pile: empty", size=13),
        ft.Text("General: the deck is empty; may Drain and Consolidate", size=12, italic=True)
        if general else None,
    ]
    return player_panel(
        f"{s.name(p)} · {army.colour}",
        ident=f"player-{p}",
        active=s.phase == "turn" and s.turn == p,
        badge="General" if general else None,
        stats=[("Deck", str(counts["deck"])), ("Hand", str(counts["hand"])),
               ("Battlefield", str(counts["battlefield"])), ("Discard", str(counts["discard"]))],
        footer=footer,
    )


def _battlefield(s, grid, top: int, bottom: int, tappable: set[Key], selected: set[Key],
                 captions: dict[Key, str], tap) -> ft.Control:
    """The opponent's grid upside down (third rank at the top), the battle line, the grid of
    the player to play (front rank at the top)."""

    def cell(p: int, pos: int, c: int) -> ft.Control:
        key = (p, c, pos)
        slot: InPlay | None = grid[p][pos][c]
        target = key in tappable
        on_click = (lambda e, key=key: tap(key)) if target else None
        where = f"column {c + 1}, {rank_name(pos)}"
        ident = f"cell-{p}-{c}-{pos}"
        chosen = key in selected
        if slot is not None:
            what = "face-down card" if slot.card is None else slot.card.symbol
            label = f"{s.name(p)}'s {what}, {where}" + (", chosen" if chosen else "")
            face = card_face(slot.card, face_down=slot.card is None, ident=ident, label=label,
                             selected=chosen, on_click=on_click, width=CARD_W, caption=captions.get(key))
        elif pos == 0 or grid[p][pos - 1][c] is not None or target:
            label = f"{s.name(p)}'s empty place, {where}" + (", chosen" if chosen else "")
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

    def rank_row(p: int, pos: int) -> ft.Control:
        return ft.Row(
            [ft.Text(RANK_SHORT[pos], size=11, width=30, text_align=ft.TextAlign.RIGHT)]
            + [cell(p, pos, c) for c in range(COLUMNS)],
            spacing=2,
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    last = s.last_battle
    numbers = []
    for c in range(COLUMNS):
        fought = last is not None and last.column == c
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
    line = tagged("battle-line", ft.Container(
        content=ft.Row([ft.Text("line", size=11, color="white", width=30, text_align=ft.TextAlign.RIGHT)]
                       + numbers, spacing=2, alignment=ft.MainAxisAlignment.CENTER),
        bgcolor=LINE,
        border_radius=4,
        padding=ft.Padding.symmetric(vertical=3, horizontal=0),
    ), label="the battle line: columns 1 to 4"
        + (f", the last battle in column {last.column + 1}" if last else ""))
    rows = [rank_row(top, pos) for pos in reversed(range(DEPTH))] + [line] + \
        [rank_row(bottom, pos) for pos in range(DEPTH)]
    return tagged("battlefield", ft.Container(
        content=ft.Column(rows, spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(vertical=6, horizontal=2),
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,  # the theme's: its rank labels stay readable in the dark
    ), label=f"the battlefield: {s.name(top)} above the battle line, {s.name(bottom)} below")


def _line_keys(s: CardStrategoState, line: tuple[int, str, int]) -> list[Key]:
    """The places of a Jack's line, in the order of JackRearrange.order."""
    p, kind, i = line
    if kind == "row":
        return [(p, c, i) for c in range(COLUMNS)]
    return [(p, i, pos) for pos in range(len(s.armies[p].columns[i]))]


def _preview(grid, line: tuple[int, str, int], order: tuple[int, ...]):
    """The battlefield with a Jack's line in its new order, and where each moved card came from."""
    p, kind, i = line
    new = {q: [row[:] for row in rows] for q, rows in grid.items()}
    captions: dict[Key, str] = {}
    if kind == "row":
        old = grid[p][i][:]
        for c in range(COLUMNS):
            new[p][i][c] = old[order[c]]
            if order[c] != c and old[order[c]] is not None:
                captions[(p, c, i)] = f"from col {order[c] + 1}"
    else:
        old = [grid[p][pos][i] for pos in range(len(order))]
        for pos in range(len(order)):
            new[p][pos][i] = old[order[pos]]
            if order[pos] != pos:
                captions[(p, i, pos)] = f"from {RANK_SHORT[order[pos]]}"
    return new, captions


# --- entering the chosen action --------------------------------------------------------------



def _hand_choice(s: CardStrategoState, mode: str, options: list[Card], chosen: Card | None,
                 on_choose) -> ft.Control:
    """Which Jack, Scout or 6 the player discards (only the ones not seen yet)."""
    me = s.name(s.turn)
    word = HAND_CARD[mode]
    if len(options) == 1:
        return ft.Text(f"{me} discards {options[0].symbol} from the hand.", weight=ft.FontWeight.BOLD)
    faces = [card_face(c, ident=f"hand-card-{c}", selected=c == chosen, width=46,
                       label=c.symbol + (", chosen" if c == chosen else ""),
                       on_click=lambda e, c=c: on_choose(c)) for c in options]
    return tagged("hand-card", ft.Column([
        ft.Text(f"Which {word} does {me} discard from the hand?", weight=ft.FontWeight.BOLD),
        ft.Row(faces, wrap=True, spacing=6, run_spacing=6),
    ], spacing=4, tight=True), label=f"which {word}")


def _entry(table, send, problem: str | None, mode: str, choice: Choice, set_choice, hand_card: Card | None,
           face_down: list[Key], jack_lines) -> ft.Control | None:
    """Below the battlefield: what the action does, the cards turned face up or discarded,
    the confirmation."""
    s: CardStrategoState = table.state
    game = table.game
    me, them = s.turn, 1 - s.turn
    name = s.name
    step = len(table.session.actions)
    chosen = choice.places
    parts: list[ft.Control | None] = []

    def slots(ident: str, places: list[tuple[int, str]], on_done, submit: str, standing: bool = True):
        """Card entry for cards of either army: (owner, label) per place; a card in play
        (``standing``) is never a Jack or the Joker."""
        where = " in play (no Jacks or Joker there)" if standing else ""
        names = [f"{name(p)}'s {s.armies[p].colour} army{where}" for p, _ in places]
        return CardSlots(
            game.deck(s.setup), [label for _, label in places], on_done, known=game.known_cards(s),
            submit=submit, ident=ident, game_name=game.name,
            decks=[game.entry_deck(s, p, standing) for p, _ in places], deck_names=names,
            key=f"{ident}-{step}-{chosen}",
        )

    ready = hand_card is not None or mode not in HAND_CARD
    if mode == "play" and chosen:
        _, c, pos = chosen[0]
        behind = len(s.armies[me].columns[c]) - pos
        moves = ""
        if behind:
            moves = ": the cards there move back" if behind > 1 else ": the card there moves back"
        parts += [
            ft.Text(f"{name(me)} puts a card from the hand face down in column {c + 1}, {rank_name(pos)}"
                    f"{moves}. Its value is not entered."),
            button("Put into play", lambda: send(PutIntoPlay(column=c, position=pos)), "play-submit",
                   icon=ft.Icons.DOWNLOAD),
        ]
    elif mode == "attack" and chosen:
        c = chosen[0][1]
        a_slot, d_slot = s.armies[me].columns[c][0], s.armies[them].columns[c][0]
        parts.append(ft.Text(f"{name(me)}'s {a_slot.symbol} attacks {name(them)}'s {d_slot.symbol} in column "
                             f"{c + 1}. Both are turned face up.", weight=ft.FontWeight.BOLD))
        parts.append(OddsPanel(card_stratego_attack(game, s, c), ident="attack-odds", key=f"attack-odds-{c}"))
        entries = [(p, f"{name(p)}'s {word}") for p, word, slot in
                   ((me, "attacker", a_slot), (them, "defender", d_slot)) if not slot.face_up]

        def battle(cards: list[Card]) -> None:
            values = iter(cards)
            send(Attack(column=c, attacker=None if a_slot.face_up else next(values),
                        defender=None if d_slot.face_up else next(values)))

        if entries:
            parts.append(slots("battle", entries, battle, "Battle!"))
        else:
            parts.append(button("Battle!", lambda: battle([]), "battle-submit", icon=ft.Icons.BOLT))
    elif mode == "jack-reveal" and ready:
        need = _reveals_needed(face_down)
        if len(chosen) == need:
            def reveal(cards: list[Card]) -> None:
                send(JackReveal(jack=hand_card, reveals=tuple(
                    Reveal(place=_place(k), card=card) for k, card in zip(chosen, cards))))

            entries = [(p, f"{name(p)} · col {c + 1} · {RANK_SHORT[pos]}") for p, c, pos in chosen]
            parts.append(slots("reveal", entries, reveal, "Turn them up" if need > 1 else "Turn it up"))
        elif chosen:
            parts.append(ft.Text("Turning up: " + "; ".join(_what(s, k) for k in chosen)))
    elif mode == "scout" and ready and chosen:
        key = chosen[0]
        parts += [
            ft.Text(f"{name(me)} discards {hand_card.symbol} to turn up {_what(s, key)}. Not an attack: "
                    "a Bomb it reveals stays."),
            slots("scout", [(key[0], f"{name(key[0])}'s card")], lambda cards: send(ScoutReveal(
                scout=hand_card, reveal=Reveal(place=_place(key), card=cards[0]))), "Turn it up"),
        ]
    elif mode == "joker" and chosen:
        key = chosen[0]
        slot = s.armies[key[0]].columns[key[1]][key[2]]
        parts.append(ft.Text(f"{name(me)} discards the Joker to destroy {_what(s, key)}. It goes to "
                             f"{name(key[0])}'s discard pile face up; the cards behind move forward."))
        if slot.face_up:
            parts.append(button(f"Destroy {slot.symbol}", lambda: send(JokerDestroy(target=_place(key))),
                                "joker-submit", icon=ft.Icons.DELETE_FOREVER))
        else:
            parts.append(slots("joker", [(key[0], f"{name(key[0])}'s destroyed card")], lambda cards: send(
                JokerDestroy(target=_place(key), card=cards[0])), "Destroy it"))
    elif mode == "six" and ready and chosen:
        key = chosen[0]
        parts += [
            ft.Text(f"{name(me)} discards {hand_card.symbol} to return {_what(s, key)} to {name(key[0])}'s "
                    "hand (face down again when it is played back)."),
            button("Return it", lambda: send(SixReturn(six=hand_card, target=_place(key))), "six-submit",
                   icon=ft.Icons.KEYBOARD_RETURN),
        ]
    elif mode == "drain":
        pick = choice.pick if game.drain_from(s) == "hand" else None
        if pick is not None:
            held = s.armies[them].hand
            parts.append(ft.Text(
                f"{name(them)}'s deck is empty. {name(them)} holds out the {held} cards of the hand face "
                f"down; the app picked card {pick} of {held}, counting from {name(me)}'s left. "
                f"{name(them)} discards it face up: enter it.", weight=ft.FontWeight.BOLD))
        else:
            parts.append(ft.Text(f"{name(them)} discards the top card of the deck face up: enter it.",
                                 weight=ft.FontWeight.BOLD))
        parts.append(slots("drain", [(them, f"{name(them)}'s drained card")],
                           lambda cards: send(Drain(card=cards[0], pick=pick)), "Drain", standing=False))
    elif mode == "consolidate" and len(chosen) == 2:
        m = next(c for p, c, _ in chosen if p == me)
        t = next(c for p, c, _ in chosen if p == them)
        parts += [
            ft.Text(f"Columns {m + 1} and {t + 1} become one: choose where the cards end up. The cards that "
                    "move keep their order and stay face up or down."),
            button(f"Into column {m + 1}: {name(them)}'s cards move",
                   lambda: send(Consolidate(mine=m, theirs=t, into=m)), f"into-{m}",
                   icon=ft.Icons.CALL_MERGE),
            button(f"Into column {t + 1}: {name(me)}'s cards move",
                   lambda: send(Consolidate(mine=m, theirs=t, into=t)), f"into-{t}",
                   icon=ft.Icons.CALL_MERGE),
        ]
    elif mode == "jack-rearrange" and ready:
        parts += _jack_line_entry(s, game, choice, set_choice, hand_card, jack_lines, send)
    if not parts:
        return None
    parts.append(message(problem, "entry-problem"))
    label = next(text for kind, text in ACTIONS if kind == mode)
    return section(label, parts, ident="entry")


def _jack_line_entry(s: CardStrategoState, game, choice: Choice, set_choice, jack: Card, jack_lines,
                     send) -> list[ft.Control | None]:
    """A Jack's rearrangement: the line (the tapped card's row or column), then the swaps,
    checked by the tracker as they are made."""
    name = s.name
    if not choice.line:
        if not choice.places:
            return []
        p, c, pos = choice.places[0]
        out: list[ft.Control | None] = [ft.Text("Rearrange:")]
        for kind, index, text in (("row", pos, f"{name(p)}'s {rank_name(pos)}"),
                                  ("column", c, f"{name(p)}'s column {c + 1}")):
            if (p, kind, index) in jack_lines:
                size = COLUMNS if kind == "row" else len(s.armies[p].columns[index])
                line = (p, kind, index)
                out.append(button(text, lambda e, line=line, size=size: set_choice(replace(
                    choice, line=line, order=tuple(range(size)), swap=None)), f"line-{kind}", primary=False))
        return out
    p, kind, index = choice.line
    what = f"{name(p)}'s {rank_name(index)}" if kind == "row" else f"{name(p)}'s column {index + 1}"
    unchanged = tuple(range(len(choice.order)))
    problem = game.rearrangement_problem(s, p, kind, index, choice.order)
    moved = choice.order != unchanged

    def rearrange() -> None:
        send(JackRearrange(jack=jack, player=p, line=kind, index=index, order=choice.order))

    return [
        ft.Text(f"{name(s.turn)} discards {jack.symbol} to rearrange {what}. Tap two places of the line to "
                "swap them; a moved card shows where it came from. Nobody looks at face-down cards.",
                weight=ft.FontWeight.BOLD),
        message(problem if moved else None, "jack-problem", kind="warning"),
        ft.Row([
            button("Start over", (lambda: set_choice(replace(choice, order=unchanged, swap=None)))
                   if moved else None, "jack-reset", primary=False),
            button("Another line",
                   lambda: set_choice(replace(choice, line=None, order=(), swap=None, places=())),
                   "jack-line", primary=False),
        ], wrap=True, spacing=6),
        button("Rearrange", rearrange if problem is None else None, "jack-rearrange-submit",
               icon=ft.Icons.SWAP_HORIZ),
    ]
