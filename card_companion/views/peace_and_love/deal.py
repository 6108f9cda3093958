"""The deal and who goes first; on the new-game screen, how many decks the table shuffles
together."""

from __future__ import annotations

import random

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural
from card_companion.companion.peace_and_love import (
    FIGHTERS,
    HAND,
    Deal,
    PeaceAndLove,
    PeaceAndLoveState,
)
from card_companion.companion.peace_and_love.queries import (
    deal_counts,
    next_to_deal,
    pick_first_player,
    starting_totals,
)
from card_companion.views.card_picker import CardSlots
from card_companion.views.kept_panels import kept, kept_fresh, use_kept_data
from card_companion.views.live_table import Table
from card_companion.views.seating import own_player, waiting
from card_companion.views.widgets import (
    button,
    section,
    tagged,
)

# Flet's @ft.component takes key= (its wrapper pops it) but types a call as the function's own
# signature: the calls that pass key= say "type: ignore[call-arg]" for that reason.


def _deal(session, own: int | None = None) -> tuple | None:
    """Whose fighters are entered now (``own``'s first, on the phone that enters only that
    player's: a deal is in any order), the totals so far, and the entry's deck, known cards
    and step (a new step empties the entry)."""
    s: PeaceAndLoveState = session.state
    game = session.game
    p = next_to_deal(s)
    if p is None:
        return None
    if own is not None and not s.players[own].dealt:
        p = own
    done = tuple(f"{s.name(i)}: {t}" for i, t in enumerate(starting_totals(s)) if t is not None)
    return p, s.name(p), done, game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions)


@ft.memo
@ft.component
def DealPanel(table: Table[PeaceAndLove, PeaceAndLoveState]) -> ft.Control:
    """The deal: each player's three fighters, entered one player after the other (the same
    entry for each player: its places start again empty). Kept, hidden, once the fighters are
    in (``use_kept_data``): an undo that brings the deal back shows it again."""
    data, shown = use_kept_data(table, _deal, own_player(table))
    if data is None:
        return kept(None, shown)
    p, name, done, deck, known, step = data
    wait = waiting(table, p, "enters their three fighters")
    if wait is not None:  # this phone's own fighters are in: the others enter theirs
        return kept(section(f"Deal: {name}'s three fighters", [
            ft.Text("Totals so far: " + ", ".join(done)) if done else None, wait], ident="deal-panel", framed=False),
            shown)

    def deal(cards: list[Card]) -> None:
        first, second, third = cards  # the entry has a place for each of the FIGHTERS
        table.dispatch(Deal(player=p, fighters=(first, second, third)))

    return kept(section(
        f"Deal: {name}'s three fighters",
        [
            ft.Text("Deal five cards to each hand and three face up in front of each player, then enter "
                    "each player's three fighters. The lowest total goes first."),
            ft.Text("Totals so far: " + ", ".join(done)) if done else None,
            CardSlots(deck, [f"Fighter {i + 1}" for i in range(FIGHTERS)],  # type: ignore[call-arg]
                      deal,
                      known=known, submit=f"Enter {name}'s fighters", ident="deal",
                      game_name=table.game.name, fresh=kept_fresh(step, shown), shown=shown, keyboard=table.keyboard,
                      key="deal-entry"),
        ],
        ident="deal-panel",
        framed=False,
    ), shown)


def _first(session) -> tuple | None:
    s: PeaceAndLoveState = session.state
    if s.phase != "first-player" or not s.tied_first:
        return None
    return " and ".join(s.name(p) for p in s.tied_first), starting_totals(s)[s.tied_first[0]]


@ft.memo
@ft.component
def FirstPlayerPanel(table: Table[PeaceAndLove, PeaceAndLoveState]) -> ft.Control:
    """A tie for the lowest total: the app picks who goes first (kept, hidden, once picked)."""
    data, shown = use_kept_data(table, _first)
    if data is None:
        return kept(None, shown)
    tied, total = data
    return kept(section(
        "Who goes first?",
        [
            ft.Text(f"{tied} tie with the lowest total ({total}). The app picks one of them at random."),
            button("Pick at random",
                   lambda: table.dispatch(pick_first_player(table.state, random.Random())),
                   "pick-first", icon=ft.Icons.CASINO),
        ],
        ident="first-player-panel",
        framed=False,
    ), shown)


def deal_summary(game, players: list[str], settings: dict) -> ft.Control:
    """On the new-game screen: how many decks this table shuffles together, and the deal."""
    n = len(players)
    decks, cards, left = deal_counts(n)
    return tagged("decks", ft.Text(
        f"{n} players: shuffle {plural(decks, 'deck')} together ({cards} cards). "
        f"Each player gets {HAND} cards in hand and {FIGHTERS} face-up fighters; {left} cards stay in the deck.",
        italic=True,
    ), label=f"{decks} decks")
