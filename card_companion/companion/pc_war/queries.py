"""What PC War's screen asks the tracker: the step due now, the one-tap buttons (both from
``legal_actions``: choices.py), the walk through a trade and war, what the last step did, what
the app announces after a step, and a look at the odds."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from card_companion.calculators.cards import Card
from card_companion.calculators.pc_war import MAX_FLIPS, SimulationProgress, TradeAndWar, deal, simulate, trade_and_war
from card_companion.companion.game import Said
from card_companion.companion.pc_war.actions import Action, Flip, Recount, Stop, SwapHands, War
from card_companion.companion.pc_war.choices import Reveals, legal_actions
from card_companion.companion.pc_war.endings import outcome
from card_companion.companion.pc_war.state import PCWarSetup, PCWarState, table_deck
from card_companion.companion.pc_war.words import cards, names, pickup_notes, war_words


def dealt(setup: PCWarSetup) -> tuple[int, int]:
    """Each player's hand count after the deal (setup screen): player 0 gets the odd card."""
    return deal(table_deck(setup).size)


def can_flip(state: PCWarState) -> bool:
    """A flip is due: enter its cards (or tap)."""
    return legal_actions(state).allows(Flip)


def can_swap(state: PCWarState) -> bool:
    """A tie: the players swap hands and lay the war's cards."""
    return legal_actions(state).allows(SwapHands)


def can_war(state: PCWarState) -> bool:
    """The war's cards are laid: enter the face-up cards (or tap)."""
    return legal_actions(state).allows(War)


def can_stop(state: PCWarState) -> bool:
    return legal_actions(state).allows(Stop)


def can_recount(state: PCWarState) -> bool:
    return legal_actions(state).allows(Recount)


def reveals(state: PCWarState) -> Reveals | None:
    """The face-up cards due now, a flip's or the war's (None: none are)."""
    legal = legal_actions(state)
    due = legal.of_kind(Flip) or legal.of_kind(War)
    return due if isinstance(due, Reveals) else None


def tap_choices(state: PCWarState) -> dict[str, str]:
    """The one-tap buttons (the action's ``higher`` value → label), when cards are due."""
    due = reveals(state)
    if due is None:
        return {}
    labels = {"left": f"{state.name(0)}'s card is higher", "right": f"{state.name(1)}'s card is higher", "tie": "Tie"}
    return {tap: labels[tap] for tap in due.taps()}


def prompt(state: PCWarState) -> str:
    """What the players do now, in one line."""
    if state.phase == "flip":
        return "Flip: both turn their top card face up"
    if state.phase == "swap":
        return "A tie! Swap hands, then each lays 3 cards face down and 1 face up"
    if state.phase == "war":
        return "Enter the war's face-up cards: the higher one takes everything on the table"
    result = outcome(state)
    assert result is not None  # the phases above are the game going on: this one is over
    return result.headline


def war_preview(state: PCWarState) -> TradeAndWar | None:
    """Phase swap: what the swap and the laying will do (counts, pickups, too few cards)."""
    if not can_swap(state):
        return None
    p0, p1 = state.players
    return trade_and_war((p0.hand, p1.hand), (p0.pile, p1.pile), state.setup.settings.last_card_wins_at_once)


def war_steps(state: PCWarState) -> list[str]:
    """Phase swap: the walk-through in plain words; phase war: what each player laid."""
    if state.phase == "swap":
        p0, p1 = state.players
        preview = war_preview(state)
        assert preview is not None  # phase swap: war_preview answers
        steps = [f"Swap hands: {state.name(0)} hands {cards(p0.hand)} to {state.name(1)} "
                 f"and takes {state.name(1)}'s {cards(p1.hand)}"]
        after = state.model_copy(update={"players": (p0.model_copy(update={"hand": p1.hand}),
                                                     p1.model_copy(update={"hand": p0.hand}))})
        steps += war_words(after, preview.lays)
        if preview.out and preview.laid:
            who = names(state, preview.out)
            verb = ("lays their last card and wins" if len(preview.out) == 1
                    else "lay their last cards and share the win")
            steps.append(f"{who} {verb} at once (Last card wins at once)")
        return steps
    if state.phase == "war" and state.lays:
        return war_words(state, state.lays, done=True)
    return []


def announcements(state: PCWarState) -> list[str]:
    """What the app says after the last action: pickups and the end."""
    notes = pickup_notes(state)
    result = outcome(state)  # an outcome once the phase is over
    if result is not None:
        notes.append(result.headline)
    return notes


@dataclass(frozen=True)
class LastResult:
    """What the last step did and why, as the table shows it: a title (the step's own words),
    the lines that explain it, the face-up cards entered (each with its player's name) and
    the pickups said out loud."""

    title: str
    lines: tuple[str, ...]
    shown: tuple[tuple[Card, str], ...] = ()
    notes: tuple[str, ...] = ()


def last_result(state: PCWarState, action: Action | None = None, said: Said | None = None) -> LastResult:
    """The last step (``action``, and what it ``said``) told apart: the flip or war's cards and
    why they took, a swap's war cards, the pickups; before the first step, the deal."""
    if action is None or said is None:
        n0, n1 = dealt(state.setup)
        odd = f" ({state.name(0)} is dealt first and gets the odd card)" if n0 != n1 else ""
        return LastResult("The deal", (
            f"Deal the whole deck ({state.deck} cards) one at a time, face down: {state.name(0)} gets {n0} cards, "
            f"{state.name(1)} gets {n1}{odd}.",
            "Nobody looks at their cards. Each flip, both turn their top card face up; the higher card "
            "takes both onto its player's pile. The first to get rid of all their cards wins."))
    # the pick-ups and the end are said in the notes and the result panel, not in the title
    parts = said.working or (said.line,)
    title = parts[0] if isinstance(action, (Flip, War, SwapHands)) else said.line
    lines: tuple[str, ...] = ()
    shown: tuple[tuple[Card, str], ...] = ()
    if isinstance(action, (Flip, War)) and state.last is not None:
        lines = state.last.explanation
        if state.last.cards:
            shown = tuple((c, state.name(i)) for i, c in enumerate(state.last.cards))
    elif isinstance(action, SwapHands):
        lines = tuple(war_steps(state)) if state.phase == "war" else parts[1:]
    headline = result.headline if (result := outcome(state)) is not None else None
    notes = tuple(n for n in announcements(state) if n != headline)
    return LastResult(title, lines, shown, notes)


def cards_left(state: PCWarState, player: int) -> int:
    """Hand and pile together: the cards this player still has to get rid of."""
    return state.players[player].cards


def simulate_games(setup: PCWarSetup, *, seed: int | str, games: int = 10_000,
                   chunk: int = 500) -> Iterator[SimulationProgress]:
    """A look at the odds for this setup: random games, progress after every chunk (the
    last step holds the final result). The view draws the seed (a new one per run)."""
    s = setup.settings
    return simulate(games, seed, jokers=s.jokers, at_once=s.last_card_wins_at_once, chunk=chunk,
                    max_flips=MAX_FLIPS, names=setup.players, blank=s.blank_card)
