"""What the table enters now: the row (the round's three cards, or the refill), a coin flip,
a pick from the row, the two cards of a turn; one panel for them all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from card_companion.calculators.cards import Deck
from card_companion.calculators.words import plural
from card_companion.companion.fight import CoinFlip, Fight, FightGame, FightState, Pick, TurnUp, checks, queries
from card_companion.views.card_picker import CardSlots
from card_companion.views.fight.coin import CoinToss, coin_face
from card_companion.views.fight.names import names_of
from card_companion.views.fight.row import row_cards
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import Part, at_scale, current_scale, sized, use_kept, use_stable
from card_companion.views.keyboard import Keys
from card_companion.views.live_table import Table, use_step_state, use_table
from card_companion.views.seating import waiting
from card_companion.views.widgets import message, section, tagged


def _flip_note(session) -> tuple[str, str, int] | None:
    """What the coin just said (the first pick's flip only: a tie's or a round's flip is in
    the turn's or the round's result): (the sentence, the winner's name, the winner)."""
    actions = session.actions
    if not actions or not isinstance(actions[-1], CoinFlip) or actions[-1].purpose != "first-pick":
        return None
    s: FightState = session.state
    winner = actions[-1].winner
    return f"The coin chose {s.name(winner)}: {s.name(winner)} picks first.", s.name(winner), winner


def flip_note(note: tuple[str, str, int] | None) -> ft.Control | None:
    """What the coin just said, so the table sees the outcome after the flip was recorded."""
    if note is None:
        return None
    text, name, winner = note
    return tagged("coin-outcome", ft.Row([coin_face(name, winner, size=44),
                                         ft.Text(text, weight=ft.FontWeight.BOLD, expand=True)], spacing=10),
                  label=text)


def _problems(session, entered: tuple) -> tuple[str, ...] | None:
    """The tracker's warnings about the cards entered so far (the row's: only as many places
    as the row needs)."""
    s: FightState = session.state
    legal = session.game.legal_actions(s)
    if not (legal.allows(TurnUp) or legal.allows(Fight)):
        return None
    cards = entered[:queries.row_needed(s)] if legal.allows(TurnUp) else entered
    return tuple(queries.entry_refusal(s, cards))


def _fresh(session, holding: bool) -> int | None:
    """The step the cards are entered for, while some are (a new step then empties the
    entry); None while none are."""
    return len(session.actions) if holding else None


def _row_step(session) -> tuple | None:
    s: FightState = session.state
    if not session.game.legal_actions(s).allows(TurnUp):
        return None
    k = queries.row_needed(s)
    opening = checks.opening(s)
    if opening:
        title = f"Round {s.round}: the row"
        hint = ("Shuffle all 24 cards (A to 6) into the deck. Turn 3 cards face up into a row next to "
                "the deck and enter them. Then each player draws 3 cards face down.")
        labels = tuple(f"Row card {i + 1}" for i in range(k))
        submit = "Enter the row"
    else:
        title = "Refill the row"
        them = "it" if k == 1 else "them"
        hint = f"Turn up {plural(k, 'card')} from the deck into the row and enter {them}."
        labels = tuple(f"New row card {i + 1}" for i in range(k)) if k > 1 else ("New row card",)
        submit = "Enter the new card" if k == 1 else "Enter the new cards"
    row = None if opening else (s.deck, s.row)
    return title, hint, row, _flip_note(session), labels, submit, session.game.deck(s.setup)


def _turn_up(cards) -> TurnUp:
    return TurnUp(cards=tuple(cards))


def _coin_step(session) -> tuple | None:
    s: FightState = session.state
    purpose = queries.flip_purpose(s)
    if purpose is None:
        return None
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
    return title, hint, queries.flip_question(s).capitalize(), len(session.actions)


def _pick_step(session) -> tuple | None:
    s: FightState = session.state
    p = queries.picker(s)
    if p is None:
        return None
    name = s.name
    turn = queries.turn_result(s)
    both = len(s.pickers) == 2  # the first of two picks
    if turn is None:
        context = (f"Opening picks: {name(p)} first, then {name(1 - p)}." if both
                   else f"Opening picks: {name(1 - p)} has picked; now {name(p)}.")
    elif turn.result.outcome == "win":
        w = turn.result.winner
        assert w is not None  # a won turn has its winner
        context = (f"{name(w)} won the turn and takes a face-up card of their choice. "
                   f"{name(1 - w)} draws the top card of the deck, face down (the app has counted it).")
    elif both:
        why = "holds the Tie Breaker" if queries.tie_breaker(s) == p else "won the coin flip"
        context = f"No winner: both take a face-up card, {name(p)} first ({why})."
    else:
        context = f"No winner: {name(1 - p)} has picked; now {name(p)}."
    after = ("Then the row is refilled from the deck." if s.deck
             else "The deck is empty: the row is not refilled.")
    row = tuple(queries.card_choices(s))  # the row: the picker may take any of its cards
    return p, name(p), _flip_note(session), context, s.deck, row, after


def _fight_step(session) -> tuple | None:
    s: FightState = session.state
    if not session.game.legal_actions(s).allows(Fight):
        return None
    name = s.name
    hands = []
    for i, pl in enumerate(s.players):
        if pl.face_up:
            hands.append(f"{name(i)}'s hand: {' '.join(c.symbol for c in pl.face_up)} picked face up, "
                         f"{plural(pl.face_down, 'card')} face down.")
    return s.turns + 1, " ".join(hands), names_of(s), session.game.deck(s.setup)


def _fight(cards) -> Fight:
    return Fight(cards=tuple(cards))


def _step(session) -> tuple | None:
    """What the table enters now: the phase and what its panel shows."""
    phase = session.state.phase
    if phase not in _STEPS:
        return None
    shown = _STEPS[phase](session)
    return None if shown is None else (phase, *shown)


_STEPS = {"row": _row_step, "coin-flip": _coin_step, "pick": _pick_step, "fight": _fight_step}
"""what each phase's panel shows (none at the match's end: the frame offers a new game)"""

_ENTRIES = {"row", "fight"}
"""the phases entered with cards"""

EntryPlaces = tuple[Deck, tuple[str, ...], str, str, tuple[str, ...], int | None]
"""what the card entry shows (``_entry_places``)"""


@ft.memo
@ft.component
def StepPanel(table: Table[FightGame, FightState], scale: float) -> ft.Control:
    """The step the table plays now: the row (the round's three cards, or the refill), a coin
    flip, a pick from the row, the two cards of a turn. One panel for them all, so that its
    card entry and picker stay from step to step and only their content changes: they are
    kept, hidden, through the picks and the coin flips (what a step needs is drawn again,
    not drawn anew), and their places start again empty at each step. Each phase's panel
    too, once shown, is kept, hidden, with what it last showed, through the other phases: a
    turn's fight after a pick changes the texts that differ, and mounts nothing."""
    data = use_table(table, _step)
    entered, set_entered = use_step_state(table, ())  # the cards entered so far
    problems = use_table(table, _problems, entered) or ()
    fresh = use_table(table, _fresh, any(c is not None for c in entered))
    phase = data[0] if data is not None else None

    def done(cards) -> None:
        if phase in _ENTRIES:  # (a hidden entry takes no step)
            table.dispatch(_turn_up(cards) if phase == "row" else _fight(cards))

    on_change = use_stable(lambda values: set_entered(tuple(values)))
    on_done = use_stable(done)
    shown: MutableRef[EntryPlaces | None] = ft.use_ref(None)  # what the card entry last showed: kept while a
    # step needs none
    steps: MutableRef[dict[str, tuple]] = ft.use_ref(dict)  # what each phase's panel last showed: kept,
    # hidden, through the other phases
    part = use_kept()
    if data is None:  # the match is over: the table draws no step
        return ft.Column([])
    at_scale(scale)
    panels = steps.current = {**(steps.current or {}), data[0]: data}
    places = _entry_places(data, problems, fresh)
    if places is not None:
        shown.current = places
    entry = None
    if shown.current is not None:
        slots = part(Entry, *shown.current, table.game.name, on_done, on_change, scale, table.keyboard,
                     phase in _ENTRIES, key="cards")
        entry = ft.Container(slots, visible=phase in _ENTRIES, key="entry")
    # under the phase's panel, as its last part: the unframed panel's column has the same spacing
    return ft.Column([
        # (a phase's box the step neither showed nor hid, nor changed, is handed back as it was drawn)
        *(part(PhaseBox, table, shown_, scale, ph == phase, key=ph) for ph, shown_ in panels.items()),
        *([entry] if entry is not None else []),
    ], spacing=8, tight=True)


@ft.memo
@ft.component
def PhaseBox(table: Table[FightGame, FightState], data: tuple[Any, ...], scale: float, shown: bool) -> ft.Control:
    """One phase's panel in its box, hidden while it is not the table's phase."""
    return ft.Container(PhasePanel(table, data, scale), visible=shown)


@ft.memo
@ft.component
def PhasePanel(table: Table[FightGame, FightState], data: tuple[Any, ...], scale: float) -> ft.Control:
    """One phase's panel (``_SECTIONS``), drawn again only when what it shows changed."""
    at_scale(scale)
    part = use_kept()  # (the row's cards a step left as they were: handed back as they were drawn)
    return _SECTIONS[data[0]](table, data, part)


def _entry_places(data: tuple[Any, ...], problems: tuple[str, ...], fresh: int | None) -> EntryPlaces | None:
    """What the card entry shows in a step entered with cards: (the deck, the places' labels,
    the submit button, the entry's id, the tracker's warnings, the step); None in the other
    steps (the entry is kept as it was, hidden)."""
    if data[0] == "row":
        _, _, _, _, _, labels, submit, deck = data
        # the tracker's own words say where a seen card is (instead of the over-count warning)
        return deck, labels, submit, "turn-up", problems, fresh
    if data[0] == "fight":
        _, _, _, names, deck = data
        # the tracker's own words say why a card cannot be played (a face-up pick in a hand
        # can be), so the over-count warning gets no `known` cards here
        return deck, (f"{names[0]}'s card", f"{names[1]}'s card"), "Resolve the turn", "fight", problems, fresh
    return None


def _row_section(table: Table[FightGame, FightState], data: tuple[Any, ...], part: Part) -> ft.Control:
    """The row to enter: the round's three cards, or the refill."""
    _, title, hint, row, note, _, _, _ = data
    return section(title, [
        flip_note(note),
        ft.Text(hint),
        None if row is None else row_cards(row[0], row[1], caption="In the row now", made=part),
    ], ident="step-row", framed=False)


def _fight_section(table: Table[FightGame, FightState], data: tuple[Any, ...], part: Part) -> ft.Control:
    """The two cards of a turn."""
    _, turn, hands, _, _ = data
    return section(None, [
        part(_fight_call, current_scale(), key="call"),  # (the same at every turn: handed back as drawn)
        ft.Text(f"Turn {turn}: each player plays one of their 4 cards face up. Enter both cards."),
        ft.Text(hands, size=13) if hands else None,
    ], ident="step-fight", framed=False)


def _pick_section(table: Table[FightGame, FightState], data: tuple[Any, ...], part: Part) -> ft.Control:
    """A pick from the row: the picker taps the card they take."""
    _, p, picker, note, context, deck, row, after = data
    wait = waiting(table, p, "picks")  # the card a player takes is theirs to pick
    return section(f"{picker} picks from the row", [
        flip_note(note),
        ft.Text(context),
        wait or ft.Text(f"{picker}: tap the card you take.", weight=ft.FontWeight.BOLD),
        row_cards(deck, row, on_pick=None if wait else lambda c: table.dispatch(Pick(player=p, card=c)),
                  picker=picker, made=part),
        part(_after_pick, after, key="after"),
    ], ident="step-pick", framed=False)


def _fight_call(scale: float, key: str) -> ft.Control:
    del scale, key  # (``use_kept``'s: the call takes the drawing's text size itself)
    return tagged("fight-call", ft.Text("Ready, set, FIGHT!", size=sized(26), weight=ft.FontWeight.BOLD,
                                        text_align=ft.TextAlign.CENTER))


def _after_pick(after: str, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Text(after, size=12, italic=True)


def _coin_section(table: Table[FightGame, FightState], data: tuple[Any, ...], part: Part) -> ft.Control:
    """A coin flip: who picks first, a tie, who wins the round."""
    _, title, hint, question, flip = data
    return section(title, [
        ft.Text(hint) if hint else None,
        CoinToss(table, question, flip),  # a new flip (a new step): the coin starts again
    ], ident="step-coin", framed=False)


_SECTIONS: dict[str, Callable[[Table, tuple[Any, ...], Part], ft.Control]] = {
    "row": _row_section, "fight": _fight_section, "pick": _pick_section, "coin-flip": _coin_section}
"""each phase's panel: what it shows (the card entry under it, hidden in the steps without cards)"""


@ft.memo
@ft.component
def Entry(deck: Deck, labels: tuple[str, ...], submit: str, ident: str, problems: tuple[str, ...], fresh: int | None,
          game_name: str, on_done: Callable, on_change: Callable, scale: float, keyboard: Keys,
          shown: bool) -> ft.Control:
    """The cards of a step, entered with the table's keyboard while the entry is ``shown``:
    drawn again only when what it shows changed."""
    at_scale(scale)
    return CardSlots(deck, list(labels), on_done, submit=submit, ident=ident, game_name=game_name,
                     on_change=on_change, extra=problem_note(problems, f"{ident}-problem"), fresh=fresh,
                     shown=shown, keyboard=keyboard)


def problem_note(problems: Sequence[str], ident: str) -> ft.Control | None:
    """The tracker's warnings about the cards entered so far, one sentence each."""
    text = " ".join(p[:1].upper() + p[1:] + "." for p in problems)
    return message(text, ident, kind="warning")
