"""Peace and Love's calculator: one round of a fight between 2 to 11 fighters (the ask
``fight``), attacker and defender marked, then the next round with the fighters left, in
one tap, until one fighter is left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.peace_and_love import deck_for, decks_for
from card_companion.calculators.words import in_seats, plural
from card_companion.views.calculator.ruling import (
    Ruling,
    RulingPanel,
    Slots,
    ask,
    check_deck,
    counter,
    problem_note,
    use_ruling,
)
from card_companion.views.hooks import Setter, use_made, use_stable, use_text_scale
from card_companion.views.widgets import button, message, tagged

GAME_NAME = "Peace and Love"
MAX_FIGHTERS = 11
MAX_PLAYERS = 64
"""the ask takes up to 64 players (each player needs 8 cards: ``decks_for`` packs)"""


def seat_names(players: int) -> list[str]:
    """Seats in turn order from the attacker: the defender on the attacker's left, then
    "Player 3", "Player 4"... (only the order of the tied players matters to the rules)."""
    return ["Attacker", "Defender"] + [f"Player {i + 1}" for i in range(2, players)]


def round_ruling(players: int, fighting: list[int], fighters: list[Card | None], cards: list[Card | None],
                 number: int, lost: Sequence[Card] = ()) -> Ruling | None:
    """The round of the fighters still in the fight; with every fighter and all but one played
    card entered, each fighter's odds of losing whatever that card is (None otherwise)."""
    entered = [fighters[s] for s in fighting] + [cards[s] for s in fighting]
    fighter = {s: f for s in fighting if (f := fighters[s]) is not None}
    card = {s: c for s in fighting if (c := cards[s]) is not None}
    missing = [s for s in fighting if s not in card]
    if len(fighter) == len(fighting) and len(missing) == 1:
        return odds_ruling(players, fighting, fighter, card, number, lost, missing[0])
    if len(fighter) < len(fighting) or missing:
        return None
    check_deck(deck_for(players), [*entered, *lost])
    seats = seat_names(players)
    answer = ask({
        "game": "peace-and-love", "ask": "fight", "players": players, "attacker": 0, "defender": 1,
        "fighters": [{"player": s, "fighter": str(fighters[s]), "card": str(cards[s])} for s in fighting],
    })
    loser, winner, taker = answer["loser"], answer["winner"], answer["taken_by"]

    def who(ref: dict[str, int]) -> str:
        return f"{seats[ref['player']]}'s {fighter[ref['player']].symbol}"

    if len(fighting) == 2:
        headline = f"{who(winner)} wins: {who(loser)} goes to {seats[taker]}'s victory pile"
    else:
        headline = f"{who(loser)} loses the round: it goes to {seats[taker]}'s victory pile"
    rule = "lowest wins" if answer["lowest_wins"] else "highest wins"
    figures = tuple((f"{seats[s]}'s {fighter[s].symbol}", str(r)) for s, r in zip(fighting, answer["results"]))
    figures += (("Trumps", f"{answer['trumps']}: {rule}"),)
    title = f"Round {number}: " + ", ".join(f"{card[s].symbol} on {seats[s]}'s {fighter[s].symbol}"
                                            for s in fighting)
    return Ruling(title=title, headline=headline, lines=tuple(in_seats(x, seats) for x in answer["explanation"]),
                  answer=answer, figures=figures)


def odds_ruling(players: int, fighting: list[int], fighters: dict[int, Card], cards: dict[int, Card],
                number: int, lost: Sequence[Card], hidden: int) -> Ruling:
    """One played card not entered yet: each fighter's chance to lose, over every card the
    packs still hold (the ask ``fight-odds``; issue 12 item 4)."""
    known = [fighters[s] for s in fighting] + [cards[s] for s in fighting if s != hidden] + list(lost)
    deck = deck_for(players)
    check_deck(deck, known)
    unknown = deck.all_cards()
    for c in known:
        unknown.remove(c)
    seats = seat_names(players)
    answer = ask({
        "game": "peace-and-love", "ask": "fight-odds", "players": players, "attacker": 0, "defender": 1,
        "fighters": [{"player": s, "fighter": str(fighters[s]), **({} if s == hidden else {"card": str(cards[s])})}
                     for s in fighting],
        "unknown": [str(c) for c in unknown],
    })
    chances = list(zip(fighting, answer["loses"]))
    figures = tuple((f"{seats[s]}'s {fighters[s].symbol} loses", f"{p:.0%}") for s, p in chances)
    title = f"Round {number}: {seats[hidden]}'s card on {fighters[hidden].symbol} not entered"
    likeliest = max(chances, key=lambda sp: sp[1])
    return Ruling(title=title,
                  headline=f"If it is any card left: {seats[likeliest[0]]}'s {fighters[likeliest[0]].symbol} "
                           f"loses most often ({likeliest[1]:.0%})",
                  lines=tuple(in_seats(x, seats) for x in answer["explanation"]), answer=answer, figures=figures)


@dataclass(frozen=True)
class Fight:
    """The fight on the calculator: who sits at the table, who still fights, what was entered,
    and the rounds before this one. Every tap replaces it."""

    players: int = 3
    fighting: tuple[int, ...] = (0, 1, 2)
    """seats still in the fight"""
    fighters: tuple[Card | None, ...] = (None,) * MAX_PLAYERS
    cards: tuple[Card | None, ...] = (None,) * MAX_PLAYERS
    rounds: tuple[str, ...] = ()
    """what happened in the rounds before this one"""
    lost: tuple[Card, ...] = ()
    """fighters that lost a round (cards now in victory piles)"""
    version: int = 0
    """a new set of places"""
    fight_no: int = 0
    """a new fight"""

    @property
    def number(self) -> int:
        """this round's number"""
        return len(self.rounds) + 1

    def new_fight(self) -> Fight:
        """The same fighters and table again, no card entered."""
        return Fight(players=self.players, fighting=tuple(range(len(self.fighting) + len(self.rounds))),
                     version=self.version + 1, fight_no=self.fight_no + 1)

    def with_count(self, count: int) -> Fight:
        """More or fewer fighters; the players who are not fighting stay at the table. The
        cards entered stay in their seats."""
        return replace(self, players=count + self.players - len(self.fighting), fighting=tuple(range(count)),
                       version=self.version + 1)

    def with_table(self, table: int) -> Fight:
        return replace(self, players=table, version=self.version + 1)

    def entered(self, values: Sequence[Card | None]) -> Fight:
        """The places as the picker has them: each fighter, then the card on it."""
        f, c = list(self.fighters), list(self.cards)
        for i, s in enumerate(self.fighting):
            f[s], c[s] = values[2 * i], values[2 * i + 1]
        return replace(self, fighters=tuple(f), cards=tuple(c))

    def next_round(self, ruling: Ruling) -> Fight:
        """The loser leaves the fight; the fighters left keep their places, with new cards."""
        loser = ruling.answer["loser"]["player"]
        fighter = self.fighters[loser]
        assert fighter is not None, "a round has a ruling only once every fighter is entered"
        return replace(self, rounds=(*self.rounds, ruling.headline), lost=(*self.lost, fighter),
                       fighting=tuple(s for s in self.fighting if s != loser), cards=(None,) * MAX_PLAYERS,
                       version=self.version + 1)


@ft.component
def PeaceAndLoveCalculator() -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    fight, set_fight = use_made(Fight)
    # a new round or a new fight starts with no ruling; a changed card keeps the last good one
    shown = use_ruling(lambda: round_ruling(fight.players, list(fight.fighting), list(fight.fighters),
                                            list(fight.cards), fight.number, list(fight.lost)),
                       fresh=(fight.fight_no, fight.number))

    def next_round(values: Sequence[Card | None]) -> None:
        if shown.ruling is not None and not shown.stale:
            set_fight(fight.next_round(shown.ruling))

    on_next = use_stable(next_round)
    on_change = use_stable(lambda values: set_fight(fight.entered(values)))
    count = len(fight.fighting)
    parts: list[ft.Control | None] = [
        ft.Text("Each fighter in the fight gets a card from its owner's hand; reveal them and enter each fighter "
                "and the card on it. The defender sits on the attacker's left, Player 3 on the defender's left, "
                "and so on."),
        *(_table_setting(fight, set_fight) if not fight.rounds else [_rounds_so_far(fight.rounds)]),
    ]
    if count == 1:
        parts.append(_last_fighter(fight))
    else:
        parts += [_round_places(fight, on_next, on_change), problem_note(shown)]
    if fight.rounds or count == 1:
        parts.append(button("New fight", lambda: set_fight(fight.new_fight()), "new-fight", primary=False,
                            icon=ft.Icons.REPLAY))
    if count > 1:
        parts.append(RulingPanel(shown, GAME_NAME))
    return ft.Column([p for p in parts if p is not None], spacing=12)


def _table_setting(fight: Fight, set_fight: Setter[Fight]) -> list[ft.Control | None]:
    """Before the first round: how many fighters, how many players, how many decks."""
    count, players = len(fight.fighting), fight.players
    decks = decks_for(players)
    return [
        counter("Fighters", count, 2, MAX_FIGHTERS, lambda n: set_fight(fight.with_count(n)), "fighters"),
        counter("Players at the table", players, count, MAX_PLAYERS, lambda n: set_fight(fight.with_table(n)),
                "players"),
        tagged("decks", ft.Text(f"{plural(players, 'player')}: {plural(decks, 'deck')} shuffled together",
                                size=13, italic=True)),
    ]


def _rounds_so_far(rounds: Sequence[str]) -> ft.Control:
    return tagged("rounds", ft.Column([ft.Text(f"Round {i + 1}: {h}", size=13) for i, h in enumerate(rounds)],
                                      spacing=2, tight=True))


def _last_fighter(fight: Fight) -> ft.Control | None:
    """One fighter left: it wins the fight."""
    last = fight.fighting[0]
    fighter = fight.fighters[last]
    assert fighter is not None, "a fighter leaves the fight only after a round of entered fighters"
    return message(f"{seat_names(fight.players)[last]}'s {fighter.symbol} is the last fighter: it wins the fight "
                   "and is tapped.", "fight-over", kind="info")


def _round_places(fight: Fight, on_next: Callable[..., Any], on_change: Callable[..., Any]) -> ft.Control:
    """A place for each fighter still in the fight and one for the card on it."""
    seats, count = seat_names(fight.players), len(fight.fighting)
    labels = [label for s in fight.fighting for label in (f"{seats[s]}'s fighter", f"{seats[s]}'s card")]
    initial = [v for s in fight.fighting for v in (fight.fighters[s], fight.cards[s])]
    return Slots(
        deck_for(fight.players), labels, on_next, known=list(fight.lost),
        submit=f"Round {fight.number + 1}: the {plural(count - 1, 'fighter')} left" if count > 2 else "End the fight",
        ident="calc-slots", game_name=GAME_NAME, on_change=on_change, initial=initial, key=f"slots-{fight.version}")
