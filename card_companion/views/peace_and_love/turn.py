"""A turn: fight, retire or refresh, in the words of the phone that shows it; stopping the game."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.companion.peace_and_love import (
    PeaceAndLove,
    PeaceAndLoveState,
    Refresh,
    Stop,
)
from card_companion.companion.peace_and_love.choices import legal_actions
from card_companion.companion.peace_and_love.endings import leading
from card_companion.companion.peace_and_love.queries import starting_line
from card_companion.companion.peace_and_love.turns import refresh_refusal
from card_companion.views.card_picker import CardSlots
from card_companion.views.hooks import use_kept
from card_companion.views.kept_panels import kept, kept_fresh, use_kept_data
from card_companion.views.live_table import Table, use_table
from card_companion.views.reach import END, use_reach
from card_companion.views.seating import my_player, near_and_far, waiting
from card_companion.views.widgets import (
    button,
    message,
    section,
    stop_confirm,
    tagged,
    touch_segments,
)

# Flet's @ft.component takes key= (its wrapper pops it) but types a call as the function's own
# signature: the calls that pass key= say "type: ignore[call-arg]" for that reason.

MODES = {"fight": "Fight", "retire": "Retire", "refresh": "Refresh"}


def asked_for(table: Table[PeaceAndLove, PeaceAndLoveState], mode: str, chosen: tuple) -> str | None:
    """The part of the screen a turn asks for now (views/reach.py). A fight first asks for the
    fighters of the player to play (``_turn_start``). Once the attacker and the attacked are
    tapped, on any phone, the step's area: Start the fight at the top with the other players'
    panels under it, where the fighters that may join are. Retire and Refresh: the fighters of
    the player to play once the mode is chosen, then the step's entry once one is tapped."""
    s: PeaceAndLoveState = table.state  # the mode lasts one step: this is the state it was chosen on
    if s.phase != "turn":
        return None
    if mode == "fight":
        mine, target, _ = chosen
        if mine is None:
            return _turn_start(table, s.turn)
        return "step" if target is not None else None
    if mode not in ("retire", "refresh"):
        return None
    return "step" if chosen[0] is not None else f"player-{s.turn}"


def _turn_start(table: Table[PeaceAndLove, PeaceAndLoveState], turn: int) -> str | None:
    """Where a fight's first tap is: on the phone of the player to play, the end of the screen
    (their own panel, ``seating.seated``, with the attacked players' panels and Start the fight
    above it as far as they fit); on the whole table's phone, the turn's area at the top, the players'
    panels under it (with two players, every fighter and Start the fight on the screen); in
    table mode the far player's panel is at the top, and nothing moves."""
    if not table.enters_for(turn):
        return None
    mine = my_player(table)
    if mine is not None:
        return END if mine == turn else None
    return None if near_and_far(table) is not None else "step"


def as_sentence(text: str | None) -> str | None:
    """The tracker's reason as a sentence on screen."""
    return f"{text[:1].upper()}{text[1:]}." if text else None


def _turn(session) -> tuple | None:
    """What a turn's panel shows of the table: whose turn, the notes on its start, every
    fighter's card (for the line naming the chosen ones), the players, the refresh's refusal,
    and the retire entry's deck, known cards and step (a new step empties it)."""
    s: PeaceAndLoveState = session.state
    if s.phase != "turn":
        return None
    game = session.game
    starts = starting_line(s)
    untapped = ("All three fighters of " + " and ".join(s.name(p) for p in s.untapped)
                + " were tapped at the end of the turn: they are untapped now.") if s.untapped else None
    cards = tuple(tuple(None if f is None else f.card.symbol for f in p.fighters) for p in s.players)
    return (s.turn, s.names, starts, untapped, cards, legal_actions(s).allows(Refresh), as_sentence(refresh_refusal(s)),
            game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions))


@ft.memo
@ft.component
def TurnPanel(table: Table[PeaceAndLove, PeaceAndLoveState], mode: str, chosen: tuple, on_mode: Callable,
              on_start: Callable, on_retire: Callable,
              on_refresh: Callable, stopping: bool = False) -> ft.Control:
    """A turn: fight, retire or refresh, and the notes on the turn's start. While the table is
    asked whether to stop (``stopping``), the turn's entry waits under the question: its one
    filled button is Keep playing, which brings the entry back as it was. Kept, hidden, with
    the last turn it showed through a fight (``use_kept_data``): the next turn changes its texts.
    Hiding it or showing it again draws only its box (``TurnBody`` keeps what it showed), but
    for the retire entry, whose places ask for the keyboard only while shown."""
    data, shown = use_kept_data(table, _turn)
    use_reach(asked_for(table, mode, chosen) if shown else None, data[-1] if shown else None)
    if data is None:
        return kept(None, shown)
    return kept(TurnBody(table, data, mode, chosen, (on_mode, on_start, on_retire, on_refresh), stopping,
                         shown if mode == "retire" else True), shown)


@ft.memo
@ft.component
def TurnBody(table: Table[PeaceAndLove, PeaceAndLoveState], data: tuple, mode: str, chosen: tuple,
             handlers: tuple[Callable, Callable, Callable, Callable], stopping: bool, entry_shown: bool) -> ft.Control:
    """What ``TurnPanel`` shows of a turn (``_turn``'s ``data``): the mode's chooser, the notes,
    the hint and the mode's entry (``entry_shown``: the retire entry's places ask for the keyboard)."""
    me, names, starts, untapped, cards, can_refresh, refusal, deck, known, step = data
    notes = [message(starts + ".", "starting-note", kind="info") if starts else None,
             message(untapped, "untapped-note", kind="info")]
    wait = waiting(table, me)
    if wait is not None:  # another player's turn on a player's phone: theirs to choose
        return section(f"{names[me]}'s turn", [*notes, wait], ident="turn-panel", framed=False)
    on_mode, *entering = handlers
    hint = ft.Text(turn_hint(mode, names[me], len(names), _viewer(table, me)))
    entry = [hint] if stopping else [hint, *_turn_entry(table, data, mode, chosen, tuple(entering), entry_shown)]
    return section(f"{names[me]}'s turn", [ModeChooser(mode, on_mode), *notes, *entry], ident="turn-panel",
                   framed=False)


@ft.memo
@ft.component
def ModeChooser(mode: str, on_mode: Callable) -> ft.Control:
    """Fight, Retire or Refresh: the same from turn to turn but for the mode chosen."""
    return tagged("mode", touch_segments(
        segments=[ft.Segment(value=k, label=ft.Text(v)) for k, v in MODES.items()],
        selected=[mode],
        on_change=on_mode,
    ), label="action")


def _turn_entry(table: Table[PeaceAndLove, PeaceAndLoveState], data: tuple, mode: str, chosen: tuple,
                handlers: tuple[Callable, ...], shown: bool) -> list[ft.Control | None]:
    """The entry of the mode chosen, under its hint: the fighters tapped and the step's button, or the retired
    fighter's replacement (its places ask for the table's keyboard while the turn is shown)."""
    me, names, _, _, cards, can_refresh, refusal, deck, known, step = data
    on_start, on_retire, on_refresh = handlers
    mine, target, joining = chosen
    mine_card = cards[me][mine] if mine is not None else None
    if mode == "fight":
        tgt = f"{names[target[0]]}'s {cards[target[0]][target[1]]}" if target else None
        join_text = ", ".join(f"{names[p]}'s {cards[p][place]}" for p, place in joining)
        return [
            ft.Text(f"Attacking with: {mine_card or '—'}   Against: {tgt or '—'}"
                    + (f"   Joining: {join_text}" if join_text else ""), weight=ft.FontWeight.BOLD),
            button("Start the fight", on_start if mine is not None and target is not None else None,
                   "start-fight", icon=ft.Icons.SPORTS_MMA),
        ]
    if mode == "retire":
        return [
            ft.Text(f"Retiring: {mine_card or '—'}", weight=ft.FontWeight.BOLD),
            CardSlots(deck, ["New fighter"], on_retire,  # type: ignore[call-arg]
                      known=known, submit="Retire", ident="retire", shown=shown,
                      game_name=table.game.name, fresh=kept_fresh(step, shown), keyboard=table.keyboard,
                      key="retire-entry"),
        ]
    return [
        message(refusal, "refresh-blocked", kind="warning"),
        ft.Text(f"Tapping: {mine_card or '—'}", weight=ft.FontWeight.BOLD),
        button("Refresh", on_refresh if can_refresh and mine is not None else None, "refresh",
               icon=ft.Icons.AUTORENEW),
    ]


def _viewer(table: Table[PeaceAndLove, PeaceAndLoveState], turn: int) -> str:
    """Who reads the turn's prompt: "watching" (a watcher's phone), "other" (another player's
    own phone), "player" (the player to play's own phone, or the whole table's)."""
    if table.watching:
        return "watching"
    me = my_player(table)
    return "other" if me is not None and me != turn else "player"


def turn_hint(mode: str, name: str, players: int, viewer: str) -> str:
    """What a turn's entry asks, in the words of the phone that shows it: the player to play
    (or the whole table) is told what to tap; another player's phone taps for that player;
    a watcher's phone says what is happening."""
    if viewer == "watching":
        return {
            "fight": f"{name} chooses an untapped fighter and the fighter to attack"
                     + (", and the other players may add an untapped fighter." if players > 2 else "."),
            "retire": f"{name} may retire an untapped fighter to their hand; a card from their hand becomes "
                      "the new fighter (it comes in tapped).",
            "refresh": f"{name} may tap an untapped fighter, put three cards from their hand under the deck, "
                       "draw three and shuffle.",
        }[mode]
    yours, attacks = ("your", "you attack") if viewer == "player" else (f"{name}'s", f"{name} attacks")
    return {
        "fight": f"Tap one of {yours} untapped fighters, then the fighter {attacks}."
                 + (" Other players may add an untapped fighter: tap it too." if players > 2 else ""),
        "retire": f"Tap one of {yours} untapped fighters to retire it to {yours} hand; enter the card from "
                  f"{yours} hand that becomes the new fighter (it comes in tapped).",
        "refresh": f"Tap one of {yours} untapped fighters to tap it, put three cards from {yours} hand under the "
                   "deck, draw three and shuffle.",
    }[mode]


def _leading(session) -> str | None:
    s: PeaceAndLoveState = session.state
    return leading(s) if s.phase == "turn" else None


def _stop_shown(session) -> bool:
    return session.state.phase == "turn"


@ft.memo
@ft.component
def StopGame(table: Table[PeaceAndLove, PeaceAndLoveState], asking: bool, set_asking: Callable,
             gap: int = 0) -> ft.Control:
    """Stop before the deck runs out: the game is scored as it stands and counts, or is stopped
    without counting (asked first, ``asking``: the step's area holds it, since the turn's entry
    waits while it is asked; what is asked closes at the next step). Shown in a turn, ``gap``
    above it; kept mounted, hidden, through a fight."""
    shown = use_table(table, _stop_shown)
    part = use_kept()  # (the button, as it was drawn, when only whether it shows changed)
    if not asking:
        content: ft.Control = part(_stop_button, set_asking, key="stop")
    else:
        leader = _leading(table.session)  # while asking, the panel is drawn again at each step anyway

        def stop(counts: bool) -> None:
            table.dispatch(Stop(counts=counts))

        content = stop_confirm(f"The game is scored as it stands: {leader}.", lambda: stop(True), lambda: stop(False),
                               lambda: set_asking(False))
    return ft.Container(content, padding=ft.Padding.only(top=gap), visible=bool(shown))


def _stop_button(set_asking: Callable, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Row([button("Stop the game", lambda: set_asking(True), "stop", primary=False, icon=ft.Icons.FLAG)],
                  alignment=ft.MainAxisAlignment.END)
