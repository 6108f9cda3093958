"""FIGHT!'s table: the score and the Tie Breaker, the entry for the step the table plays now
(the row, a coin flip, a pick from the row, the two cards of a turn), the result of the last
turn with its explanation, both victory piles as they lie, each hand, and the rounds.

No rules here: the tracker (companion/fight.py) says what comes next, what is allowed and
why; this component draws its state and dispatches its actions.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

import flet as ft

from card_companion.calculators.fight import BEATS, MOVES, ROUND_POINTS, PileCard, cycle_text, victory_points
from card_companion.calculators.words import plural
from card_companion.companion.fight import CoinFlip, Fight, FightState, Pick, TurnRecord, TurnUp
from card_companion.views.card_picker import CardSlots
from card_companion.views.common import (
    button,
    card_face,
    explanation,
    message,
    player_panel,
    seated,
    section,
    sized,
    tagged,
    use_text_scale,
)

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


@ft.component
def FightTable(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s: FightState = table.state
    game = table.game
    step = len(table.session.actions)
    entered, set_entered = ft.use_state(lambda: [None, None])  # the cards entered so far

    turn = game.turn_result(s)
    # a round just ended (its result stays until the next round's row is entered), or the match
    just_ended = bool(s.rounds) and (s.phase == "over" or game.opening(s))
    ended = round_result(game, s) if just_ended else ([], [])
    parts: list[ft.Control | None] = [score_board(game, s), *ended[0]]
    if turn is not None and s.phase not in ("fight", "over"):  # at the end the round's result shows it
        parts.append(turn_result(s, turn))
    parts += step_panel(table, s, step, entered, set_entered)
    parts += ended[1]
    if turn is not None and s.phase == "fight":
        parts.append(turn_result(s, turn, compact=True))
    if s.phase not in ("pick", "row", "over"):  # the row is part of the entry in those steps
        parts.append(table_section(s))
    places = {i: player_place(game, s, i) for i in range(2)}
    parts += places.values()
    parts.append(rounds_panel(game, s))
    parts.append(moves_legend(s))
    return ft.Column(seated(table, parts, places), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# --- the score -------------------------------------------------------------------------


def score_board(game, s: FightState) -> ft.Control:
    """Victory points of both players, big; the round, rounds won, deck and Tie Breaker."""
    points = game.points(s)
    wins = game.rounds_won(s)
    holder = game.tie_breaker(s)
    tb = game.tie_breaker_card(s)

    def side(i: int) -> ft.Control:
        holds = holder == i
        chip = None
        if holds:
            chip = ft.Container(ft.Text(f"Tie Breaker {tb.symbol}", size=12),
                                bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=10,
                                padding=ft.Padding.symmetric(vertical=2, horizontal=8))
        column = [
            ft.Text(s.name(i), size=15, weight=ft.FontWeight.BOLD, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
            ft.Text(str(points[i]), size=sized(34), weight=ft.FontWeight.BOLD),
            ft.Text("victory points", size=11),
            chip,
        ]
        label = f"{s.name(i)}: {points[i]} victory points"
        if holds:
            label += f", holds the Tie Breaker {tb.symbol}"
        return tagged(f"score-{i}", ft.Container(
            content=ft.Column([c for c in column if c is not None], spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            expand=1,
        ), label=label)

    if holder is None:
        tb_text = "Tie Breaker: nobody holds it yet"
    else:
        tb_text = f"Tie Breaker: {s.name(holder)}'s {tb.symbol} (value {int(tb.rank)})"
    over = s.phase == "over"
    round_text = "Match over" if over else f"Round {s.round}"
    middle = ft.Column(
        [
            tagged("round", ft.Text(round_text, size=14, weight=ft.FontWeight.BOLD), label=round_text),
            ft.Text("rounds won", size=11),
            tagged("rounds-won", ft.Text(f"{wins[0]} – {wins[1]}", size=sized(22), weight=ft.FontWeight.BOLD),
                   label=f"Rounds won: {s.name(0)} {wins[0]}, {s.name(1)} {wins[1]}"),
        ],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    facts = None if over else ft.Row(
        [
            tagged("deck-count", ft.Text(f"Deck: {_count(s.deck, 'card')}")),
            tagged("discard-count", ft.Text(f"Discards: {len(s.discards)}")),
        ],
        spacing=14, wrap=True, alignment=ft.MainAxisAlignment.CENTER,
    )
    rows = [
        ft.Row([side(0), middle, side(1)], vertical_alignment=ft.CrossAxisAlignment.START),
        facts,
        None if over else tagged("tie-breaker", ft.Text(tb_text, text_align=ft.TextAlign.CENTER),
                                 label=tb_text),
        None if over else ft.Text(f"{ROUND_POINTS} victory points win a round · two rounds win the FIGHT!",
                                  size=11, italic=True, text_align=ft.TextAlign.CENTER),
    ]
    return tagged("status", ft.Container(
        content=ft.Column([r for r in rows if r is not None], spacing=6, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    ), label=f"{round_text}: {s.name(0)} {points[0]}, {s.name(1)} {points[1]} victory points; {tb_text}")


# --- what the table enters now ---------------------------------------------------------


def step_panel(table, s: FightState, step: int, entered, set_entered) -> list[ft.Control | None]:
    if s.phase == "row":
        return [row_step(table, s, step, entered, set_entered)]
    if s.phase == "coin-flip":
        return [coin_step(table, s, step)]
    if s.phase == "pick":
        return [pick_step(table, s)]
    if s.phase == "fight":
        return [fight_step(table, s, step, entered, set_entered)]
    return []  # the match's end: the table frame offers a new game with the same players


def row_step(table, s: FightState, step: int, entered, set_entered) -> ft.Control:
    game = table.game
    k = game.row_needed(s)
    opening = game.opening(s)
    if opening:
        title = f"Round {s.round}: the row"
        hint = ("Shuffle all 24 cards (A to 6) into the deck. Turn 3 cards face up into a row next to "
                "the deck and enter them. Then each player draws 3 cards face down.")
        labels = [f"Row card {i + 1}" for i in range(k)]
        submit = "Enter the row"
    else:
        title = "Refill the row"
        them = "it" if k == 1 else "them"
        hint = f"Turn up {_count(k, 'card')} from the deck into the row and enter {them}."
        labels = [f"New row card {i + 1}" for i in range(k)] if k > 1 else ["New row card"]
        submit = "Enter the new card" if k == 1 else "Enter the new cards"
    parts: list[ft.Control | None] = [
        last_flip_note(table, s),
        ft.Text(hint),
        None if opening else row_cards(s, caption="In the row now"),
        # the tracker's own words say where a seen card is (instead of the over-count warning)
        CardSlots(game.deck(s.setup), labels, lambda cards: table.dispatch(TurnUp(cards=tuple(cards))),
                  submit=submit, ident="turn-up", game_name=game.name, on_change=set_entered,
                  extra=problem_note(game.entry_problems(s, entered[:k]), "turn-up-problem"),
                  key=f"turn-up-{step}"),
    ]
    return section(title, parts, ident="step-row")


def coin_step(table, s: FightState, step: int) -> ft.Control:
    game = table.game
    purpose = game.flip_purpose(s)
    if purpose == "first-pick":
        if s.turns == 0:
            title = "Who picks first?"
            hint = ("Each player has drawn 3 cards face down. A coin flip says who picks a face-up "
                    "card from the row first.")
        else:
            title = "No winner: who picks first?"
            hint = ("Both players take a face-up card from the row. Nobody holds the Tie Breaker, "
                    "so a coin flip says who picks first.")
    elif purpose == "tie":
        title = "A tie: flip the coin"
        hint = None  # the turn's result right above says why
    else:
        title = "Who wins the round?"
        hint = f"The round ends: {s.ending}. Nobody holds the Tie Breaker, so a coin flip gives the round."
    return section(title, [
        ft.Text(hint) if hint else None,
        CoinToss(table, game.flip_question(s).capitalize(), key=f"coin-{step}"),
    ], ident="step-coin")


def pick_step(table, s: FightState) -> ft.Control:
    game = table.game
    p = game.picker(s)
    name = s.name
    turn = game.turn_result(s)
    both = len(s.pickers) == 2  # the first of two picks
    if turn is None:
        context = (f"Opening picks: {name(p)} first, then {name(1 - p)}." if both
                   else f"Opening picks: {name(1 - p)} has picked; now {name(p)}.")
    elif turn.result.outcome == "win":
        w = turn.result.winner
        context = (f"{name(w)} won the turn and takes a face-up card of their choice. "
                   f"{name(1 - w)} draws the top card of the deck, face down (the app has counted it).")
    elif both:
        why = "holds the Tie Breaker" if game.tie_breaker(s) == p else "won the coin flip"
        context = f"No winner: both take a face-up card, {name(p)} first ({why})."
    else:
        context = f"No winner: {name(1 - p)} has picked; now {name(p)}."
    after = ("Then the row is refilled from the deck." if s.deck
             else "The deck is empty: the row is not refilled.")
    return section(f"{name(p)} picks from the row", [
        last_flip_note(table, s),
        ft.Text(context),
        ft.Text(f"{name(p)}: tap the card you take.", weight=ft.FontWeight.BOLD),
        row_cards(s, on_pick=lambda c: table.dispatch(Pick(player=p, card=c)), picker=name(p)),
        ft.Text(after, size=12, italic=True),
    ], ident="step-pick")


def fight_step(table, s: FightState, step: int, entered, set_entered) -> ft.Control:
    game = table.game
    name = s.name
    problems = game.entry_problems(s, entered)
    hands = []
    for i, pl in enumerate(s.players):
        if pl.face_up:
            hands.append(f"{name(i)}'s hand: {' '.join(c.symbol for c in pl.face_up)} picked face up, "
                         f"{_count(pl.face_down, 'card')} face down.")
    return section(None, [
        tagged("fight-call", ft.Text("Ready, set, FIGHT!", size=sized(26), weight=ft.FontWeight.BOLD,
                                     text_align=ft.TextAlign.CENTER)),
        ft.Text(f"Turn {s.turns + 1}: each player plays one of their 4 cards face up. Enter both cards."),
        ft.Text(" ".join(hands), size=13) if hands else None,
        CardSlots(game.deck(s.setup), [f"{name(0)}'s card", f"{name(1)}'s card"],
                  lambda cards: table.dispatch(Fight(cards=tuple(cards))),
                  # the tracker's own words say why a card cannot be played (a face-up pick
                  # in a hand can be), so the over-count warning gets no `known` cards here
                  submit="Resolve the turn", ident="fight", game_name=game.name, on_change=set_entered,
                  extra=problem_note(problems, "fight-problem"),
                  key=f"fight-{step}"),
    ], ident="step-fight")


def problem_note(problems: Sequence[str], ident: str) -> ft.Control | None:
    """The tracker's warnings about the cards entered so far, one sentence each."""
    text = " ".join(p[:1].upper() + p[1:] + "." for p in problems)
    return message(text, ident, kind="warning")


def last_flip_note(table, s: FightState) -> ft.Control | None:
    """What the coin just said, so the table sees the outcome after the flip was recorded."""
    actions = table.session.actions
    if not actions or not isinstance(actions[-1], CoinFlip):
        return None
    flip = actions[-1]
    if flip.purpose != "first-pick":
        return None  # a tie's or a round's flip is in the turn's or the round's result
    text = f"The coin chose {s.name(flip.winner)}: {s.name(flip.winner)} picks first."
    return tagged("coin-outcome", ft.Row([coin_face(s.name(flip.winner), flip.winner, size=44),
                                         ft.Text(text, weight=ft.FontWeight.BOLD, expand=True)], spacing=10),
                  label=text)



# --- the coin ----------------------------------------------------------------------------


def coin_face(name: str | None, side: int | None, size: int = 100) -> ft.Control:
    """The app's coin: heads for the first player, tails for the second."""
    if side is None:
        body = ft.Text("?", size=size * 0.4, weight=ft.FontWeight.BOLD, color="#5d4300")
    else:
        body = ft.Column(
            [
                ft.Text(name, size=max(11, size * 0.15), weight=ft.FontWeight.BOLD, color="#3e2c00",
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


@ft.component
def CoinToss(table, question: str) -> ft.Control:
    """A coin the app flips: it spins, lands on a player's name, and the flip is recorded
    (the outcome is drawn once, before the animation, and travels with the action)."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    shown, set_shown = ft.use_state(None)  # the face up now: None (not flipped), 0 or 1
    edge, set_edge = ft.use_state(False)  # half-way through a turn: seen edge-on
    flying, set_flying = ft.use_state(False)
    landed, set_landed = ft.use_state(False)
    busy = ft.use_ref(False)
    alive = ft.use_ref(True)
    ft.use_effect(lambda: None, [], cleanup=lambda: setattr(alive, "current", False))

    async def flip(e=None) -> None:
        if busy.current:
            return
        busy.current = True
        action = table.game.flip_coin(table.state, new_rng())
        set_flying(True)
        n = FLIP_HALF_TURNS
        for i in range(n):
            set_edge(True)
            await asyncio.sleep(FLIP_HALF_TURN)
            set_shown((action.winner + n - 1 - i) % 2)  # alternating, landing on the winner
            set_edge(False)
            await asyncio.sleep(FLIP_HALF_TURN)
        set_flying(False)
        set_landed(True)
        await asyncio.sleep(FLIP_REST)
        if alive.current and not table.dispatch(action):  # refused (the frame says why): flip again
            busy.current = False
            set_landed(False)
            set_shown(None)

    half = int(FLIP_HALF_TURN * 1000)
    coin = ft.Container(
        content=coin_face(s.name(shown) if shown is not None else None, shown),
        scale=ft.Scale(scale_x=0.06 if edge else 1.0, scale_y=1.0),
        animate_scale=ft.Animation(half, ft.AnimationCurve.EASE_IN_OUT),
        offset=ft.Offset(0, -0.28 if flying else 0),
        animate_offset=ft.Animation(half * 3, ft.AnimationCurve.EASE_OUT),
    )
    if landed and shown is not None:
        status = f"{s.name(shown)}!"
    elif busy.current:
        status = "Flipping…"
    else:
        status = question
    if shown is None:
        label = "the coin, not flipped yet"
    else:
        label = f"the coin {'landed' if landed else 'in the air'}: {s.name(shown)}"
    return ft.Column(
        [
            # the button first: on a phone it must be on screen without scrolling (issue 14 item 13)
            tagged("coin-status", ft.Text(status, size=18 if landed else 15, weight=ft.FontWeight.BOLD,
                                          text_align=ft.TextAlign.CENTER), label=status),
            button("Flip the coin", None if busy.current else flip, "flip-coin", icon=ft.Icons.CASINO),
            ft.Row([tagged("coin", ft.Container(coin, padding=ft.Padding.only(top=34, bottom=4)),
                           label=label)], alignment=ft.MainAxisAlignment.CENTER),
            ft.Text(f"Heads: {s.name(0)} · Tails: {s.name(1)}", size=12, text_align=ft.TextAlign.CENTER),
        ],
        spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


# --- the table: row and deck -------------------------------------------------------------


def row_cards(s: FightState, on_pick=None, picker: str | None = None,
              caption: str | None = None) -> ft.Control:
    """The deck (face down, with its count) and the face-up row; tappable when a player picks."""
    deck = card_face(None, face_down=True, ident="deck", width=52, caption=f"Deck: {s.deck}",
                     label=f"the deck: {_count(s.deck, 'card')}")
    faces: list[ft.Control] = [deck]
    for i, c in enumerate(s.row):
        if on_pick is not None:
            faces.append(card_face(c, ident=f"row-card-{i}", width=64, on_click=lambda e, c=c: on_pick(c),
                                   label=f"{picker} takes {c.symbol}", caption="tap to take"))
        else:
            faces.append(card_face(c, ident=f"row-card-{i}", width=52, label=f"{c.symbol} in the row"))
    if not s.row:
        faces.append(ft.Text("The row is empty.", italic=True))
    body: list[ft.Control] = []
    if caption:
        body.append(ft.Text(caption, size=12, weight=ft.FontWeight.BOLD))
    body.append(ft.Row(faces, spacing=10, wrap=True, run_spacing=8,
                       vertical_alignment=ft.CrossAxisAlignment.START))
    return tagged("row", ft.Column(body, spacing=4, tight=True),
                  label="the row: " + (" ".join(c.symbol for c in s.row) or "empty"))


def table_section(s: FightState) -> ft.Control:
    parts: list[ft.Control | None] = [row_cards(s)]
    if s.played:
        parts.append(ft.Text(f"On the table, waiting for the coin: {s.name(0)}'s {s.played[0].symbol}, "
                             f"{s.name(1)}'s {s.played[1].symbol}", size=13))
    return section("The row and the deck", parts, ident="table")


# --- results ---------------------------------------------------------------------------


def turn_title(s: FightState, turn: TurnRecord) -> str:
    r = turn.result
    if r.outcome == "win":
        w = r.winner
        if turn.cards[w] == r.collected:
            text = f"{s.name(w)} wins with {r.collected.symbol} and collects it"
        else:
            text = f"{s.name(w)} wins and collects {s.name(1 - w)}'s {r.collected.symbol}"
        if turn.placement is not None:
            text += {
                "first": ": the Tie Breaker",
                "top": ", face up on top: the new Tie Breaker",
                "bottom": ", at the bottom of the pile",
                "face-down": ", face down",
                "takes-tie-breaker": f", face up: {s.name(w)} takes the Tie Breaker",
            }[turn.placement.placed]
        return text
    if r.outcome == "both-discard":
        return "No winner: both defence cards are discarded"
    return "A tie and nobody holds the Tie Breaker: a coin flip decides"


def turn_result(s: FightState, turn: TurnRecord, compact: bool = False) -> ft.Control:
    """The two cards of the turn, who won and which card was collected, and why."""
    r = turn.result
    title = f"Turn {turn.number}: {turn_title(s, turn)}"
    if compact:
        return tagged("last-turn", ft.Text(f"Last turn ({s.name(0)} {turn.cards[0].symbol}, {s.name(1)} "
                                           f"{turn.cards[1].symbol}) · {turn_title(s, turn)}", size=13,
                                           italic=True), label=f"Last turn: {turn_title(s, turn)}")
    faces = []
    for i, c in enumerate(turn.cards):
        if c == r.collected:
            fate = f"→ {s.name(r.winner)}'s pile"
        elif c in r.discarded:
            fate = "discarded"
        else:
            fate = "waits for the coin"
        caption = s.name(i) + (" wins" if r.winner == i else "") + "\n" + fate
        faces.append(card_face(c, ident=f"played-{i}", width=60, selected=c == r.collected,
                               dimmed=c in r.discarded, caption=caption,
                               label=f"{s.name(i)} played {c.symbol}" + (", wins" if r.winner == i else "")
                               + f", {fate.replace('→ ', 'goes to ')}"))
    cards = ft.Row([faces[0], ft.Text("vs", size=18, weight=ft.FontWeight.BOLD), faces[1]],
                   alignment=ft.MainAxisAlignment.CENTER, spacing=18)
    return ft.Column([
        tagged("turn-cards", cards,
               label=f"{s.name(0)} {turn.cards[0].symbol} vs {s.name(1)} {turn.cards[1].symbol}"),
        explanation(turn.explanation, ident="turn-result", title=title),
    ], spacing=6, tight=True)


def round_result(game, s: FightState) -> tuple[list[ft.Control], list[ft.Control]]:
    """The latest finished round: who won it and why, the score and its last turn (above the
    next step), and the piles it ended with (below it)."""
    r = game.last_round(s)
    if r is None:
        return [], []
    wins = game.rounds_won(s)
    lines = [
        r.ended_by[:1].upper() + r.ended_by[1:] + ".",
        f"Victory points: {s.name(0)} {r.points[0]} – {s.name(1)} {r.points[1]} ({_count(r.turns, 'turn')}).",
        f"Rounds won: {s.name(0)} {wins[0]} – {s.name(1)} {wins[1]}.",
    ]
    if s.phase != "over":
        lines.append(f"Everything is reshuffled: round {s.round} starts like the first.")
    top: list[ft.Control] = [explanation(lines, ident="round-result",
                                         title=f"Round {r.number}: {s.name(r.winner)} wins")]
    last = s.last_turn
    if last is not None and last.round == r.number:
        top.append(explanation(last.explanation, ident="round-last-turn",
                               title=f"Last turn of round {r.number}: {turn_title(s, last)}"))
    if s.phase == "over":
        return top, []  # the players' places show the final piles
    piles = section(f"Victory piles at the end of round {r.number}", [
        pile_view(s.name(i), r.piles[i], f"round-pile-{i}", named=True) for i in range(2)
    ], ident="round-piles")
    return top, [piles]


def rounds_panel(game, s: FightState) -> ft.Control | None:
    if not s.rounds:
        return None
    rows = []
    for r in s.rounds:
        how = {"points": f"{ROUND_POINTS}+ victory points", "tie-breaker": "the deck ran out: Tie Breaker",
               "coin": "the deck ran out: coin flip"}[r.decided_by]
        text = (f"Round {r.number}: {s.name(r.winner)} · {s.name(0)} {r.points[0]} – "
                f"{s.name(1)} {r.points[1]} · {how}")
        rows.append(tagged(f"round-{r.number}", ft.Text(text), label=text))
    wins = game.rounds_won(s)
    return section(f"Rounds: {s.name(0)} {wins[0]} – {s.name(1)} {wins[1]}", rows, ident="rounds")


# --- the players --------------------------------------------------------------------------


def player_place(game, s: FightState, i: int) -> ft.Control:
    """A player's hand (face-down backs, face-up picks), victory pile and numbers."""
    p = s.players[i]
    name = s.name(i)
    hand: list[ft.Control] = []
    for k in range(p.face_down):
        hand.append(card_face(None, face_down=True, width=34, ident=f"hand-{i}-down-{k}",
                              label=f"{name}'s face-down card"))
    for k, c in enumerate(p.face_up):
        hand.append(card_face(c, width=34, ident=f"hand-{i}-up-{k}",
                              label=f"{c.symbol} in {name}'s hand, picked face up"))
    holder = game.tie_breaker(s)
    top = game.pile_top(s, i)
    badge = f"Tie Breaker {top.card.symbol}" if holder == i and top is not None else None
    stats = [("Victory points", str(game.points(s)[i])), ("Hand", _count(p.hand, "card")),
             ("Rounds won", str(game.rounds_won(s)[i]))]
    return player_panel(
        name,
        ident=f"player-{i}",
        active=game.picker(s) == i,
        badge=badge,
        stats=stats,
        cards=hand,
        footer=[pile_view(name, p.pile, f"pile-{i}")],
    )


def pile_view(name: str, pile: Sequence[PileCard], ident: str, width: int = 44,
              named: bool = False) -> ft.Control:
    """A victory pile as it lies, bottom card left, top card right, each face up or face down
    (the app knows the face-down cards and prints them on their backs)."""
    if not pile:
        return tagged(ident, ft.Text(f"{name}'s victory pile: empty", size=13, italic=True),
                      label=f"{name}'s victory pile: empty")
    n = len(pile)
    shift = width + 6 if n < 2 else min(width + 6, max(20, (290 - width) // (n - 1)))
    cards = []
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
        ft.Text(f"{'' if named else 'Victory pile, '}bottom → top ({_count(n, 'card')}, "
                f"{_count(victory_points(pile), 'point')}); top card face "
                f"{'up' if top.face_up else 'down'}", size=12),
        stack,
    ]
    return tagged(ident, ft.Column([x for x in lines if x is not None], spacing=4, tight=True), label=summary)


def moves_legend(s: FightState) -> ft.Control:
    cycle = s.setup.settings.cycle
    suit_of = {m: suit for suit, m in MOVES.items()}
    beats = " · ".join(f"{a.value} {suit_of[a].symbol} beats {b.value} {suit_of[b].symbol}"
                       for a, b in BEATS[cycle].items())
    text = (f"Moves ({cycle} cycle): {beats}. Two attacks (♠ ♣): the lower value wins its own card. "
            "Two defences (♦ ♥): both are discarded.")
    return tagged("moves", ft.Text(text, size=12, italic=True), label=f"Moves: {cycle_text(cycle)}")


_count = plural

