"""Peace and Love's calculator: one round of a fight between 2 to 11 fighters (the ask
``fight``), attacker and defender marked, then the next round with the fighters left, in
one tap, until one fighter is left."""

from __future__ import annotations

import flet as ft

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
from card_companion.views.hooks import use_stable, use_text_scale
from card_companion.views.widgets import button, message, tagged

GAME_NAME = "Peace and Love"
MAX_FIGHTERS = 11
MAX_PLAYERS = 64
"""the ask takes up to 64 players (each player needs 8 cards: ``decks_for`` packs)"""


def seat_names(players: int) -> list[str]:
    """Seats in turn order from the attacker: the defender on the attacker's left, then
    "Player 3", "Player 4"... (only the order of the tied players matters to the rules)."""
    return ["Attacker", "Defender"] + [f"Player {i + 1}" for i in range(2, players)]


def round_ruling(players: int, fighting: list[int], fighters: list, cards: list, number: int,
                 lost: list = ()) -> Ruling | None:
    """The round of the fighters still in the fight; with every fighter and all but one played
    card entered, each fighter's odds of losing whatever that card is (None otherwise)."""
    entered = [fighters[s] for s in fighting] + [cards[s] for s in fighting]
    missing = [s for s in fighting if cards[s] is None]
    if None not in [fighters[s] for s in fighting] and len(missing) == 1:
        return odds_ruling(players, fighting, fighters, cards, number, lost, missing[0])
    if None in entered:
        return None
    check_deck(deck_for(players), [*entered, *lost])
    seats = seat_names(players)
    answer = ask({
        "game": "peace-and-love", "ask": "fight", "players": players, "attacker": 0, "defender": 1,
        "fighters": [{"player": s, "fighter": str(fighters[s]), "card": str(cards[s])} for s in fighting],
    })
    loser, winner, taker = answer["loser"], answer["winner"], answer["taken_by"]

    def who(ref) -> str:
        return f"{seats[ref['player']]}'s {fighters[ref['player']].symbol}"

    if len(fighting) == 2:
        headline = f"{who(winner)} wins: {who(loser)} goes to {seats[taker]}'s victory pile"
    else:
        headline = f"{who(loser)} loses the round: it goes to {seats[taker]}'s victory pile"
    rule = "lowest wins" if answer["lowest_wins"] else "highest wins"
    figures = tuple((f"{seats[s]}'s {fighters[s].symbol}", str(r)) for s, r in zip(fighting, answer["results"]))
    figures += (("Trumps", f"{answer['trumps']}: {rule}"),)
    title = f"Round {number}: " + ", ".join(f"{cards[s].symbol} on {seats[s]}'s {fighters[s].symbol}"
                                            for s in fighting)
    return Ruling(title=title, headline=headline, lines=tuple(in_seats(x, seats) for x in answer["explanation"]),
                  answer=answer, figures=figures)


def odds_ruling(players: int, fighting: list[int], fighters: list, cards: list, number: int, lost: list,
                hidden: int) -> Ruling:
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


@ft.component
def PeaceAndLoveCalculator() -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    players, set_players = ft.use_state(3)
    fighting, set_fighting = ft.use_state(lambda: [0, 1, 2])  # seats still in the fight
    fighters, set_fighters = ft.use_state(lambda: [None] * MAX_PLAYERS)
    cards, set_cards = ft.use_state(lambda: [None] * MAX_PLAYERS)
    rounds, set_rounds = ft.use_state(list)  # what happened in the rounds before this one
    lost, set_lost = ft.use_state(list)  # fighters that lost a round (cards now in victory piles)
    version, set_version = ft.use_state(0)  # a new set of places
    fight_no, set_fight_no = ft.use_state(0)  # a new fight
    number = len(rounds) + 1
    seats = seat_names(players)
    # a new round or a new fight starts with no ruling; a changed card keeps the last good one
    shown = use_ruling(lambda: round_ruling(players, fighting, fighters, cards, number, lost),
                       fresh=(fight_no, number))

    def restart(count: int, table: int) -> None:
        """A new fight: ``count`` fighters at a table of ``table`` players, no card entered."""
        set_players(table)
        set_fighting(list(range(count)))
        set_rounds([])
        set_lost([])
        set_fighters([None] * MAX_PLAYERS)
        set_cards([None] * MAX_PLAYERS)
        set_version(version + 1)
        set_fight_no(fight_no + 1)

    def set_count(count: int) -> None:
        """More or fewer fighters; the players who are not fighting stay at the table. The
        cards entered stay in their seats."""
        set_players(count + players - len(fighting))
        set_fighting(list(range(count)))
        set_version(version + 1)

    def set_table(table: int) -> None:
        set_players(table)
        set_version(version + 1)

    def entered(values) -> None:
        f, c = list(fighters), list(cards)
        for i, s in enumerate(fighting):
            f[s], c[s] = values[2 * i], values[2 * i + 1]
        set_fighters(f)
        set_cards(c)

    def next_round(values) -> None:
        """The loser leaves the fight; the fighters left keep their places, with new cards."""
        r = shown.ruling
        if r is None or shown.stale:
            return
        loser = r.answer["loser"]["player"]
        set_rounds([*rounds, r.headline])
        set_lost([*lost, fighters[loser]])
        set_fighting([s for s in fighting if s != loser])
        set_cards([None] * MAX_PLAYERS)
        set_version(version + 1)

    def new_fight() -> None:
        restart(len(fighting) + len(rounds), players)

    on_next, on_change = use_stable(next_round), use_stable(entered)
    initial = [v for s in fighting for v in (fighters[s], cards[s])]
    count = len(fighting)
    parts: list[ft.Control | None] = [
        ft.Text("Each fighter in the fight gets a card from its owner's hand; reveal them and enter each fighter "
                "and the card on it. The defender sits on the attacker's left, Player 3 on the defender's left, "
                "and so on."),
    ]
    if not rounds:
        decks = decks_for(players)
        parts += [
            counter("Fighters", count, 2, MAX_FIGHTERS, set_count, "fighters"),
            counter("Players at the table", players, count, MAX_PLAYERS, set_table, "players"),
            tagged("decks", ft.Text(f"{plural(players, 'player')}: {plural(decks, 'deck')} shuffled together",
                                    size=13, italic=True)),
        ]
    else:
        parts.append(tagged("rounds", ft.Column([ft.Text(f"Round {i + 1}: {h}", size=13) for i, h in
                                                 enumerate(rounds)], spacing=2, tight=True)))
    if count == 1:
        last = fighting[0]
        parts.append(message(f"{seats[last]}'s {fighters[last].symbol} is the last fighter: it wins the fight and "
                             "is tapped.", "fight-over", kind="info"))
    else:
        labels = [label for s in fighting for label in (f"{seats[s]}'s fighter", f"{seats[s]}'s card")]
        parts.append(Slots(
            deck_for(players), labels, on_next, known=lost,
            submit=f"Round {number + 1}: the {plural(count - 1, 'fighter')} left" if count > 2 else "End the fight",
            ident="calc-slots", game_name=GAME_NAME, on_change=on_change, initial=initial, key=f"slots-{version}"))
        parts.append(problem_note(shown))
    if rounds or count == 1:
        parts.append(button("New fight", new_fight, "new-fight", primary=False, icon=ft.Icons.REPLAY))
    if count > 1:
        parts.append(RulingPanel(shown, GAME_NAME))
    return ft.Column([p for p in parts if p is not None], spacing=12)
