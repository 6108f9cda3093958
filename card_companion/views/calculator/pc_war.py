"""PC War's calculator: a flip (the ask ``flip``) and the trade-and-war walk-through (the
ask ``trade-and-war``): from the counts of hands and piles at a tie, what each player lays
and picks up, and with the war's face-up cards who takes the table."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.pc_war import BLANK_CHOICES, JOKER_CHOICES, BlankCard, deck_for, order_text
from card_companion.calculators.words import in_seats, plural
from card_companion.views.calculator.ruling import (
    Ruling,
    RulingPanel,
    Slots,
    ask,
    check_deck,
    problem_note,
    segmented,
    switch,
    use_ruling,
    whole_number,
)
from card_companion.views.hooks import use_stable, use_text_scale
from card_companion.views.widgets import button, tagged

GAME_NAME = "Non-Violent, Politically-Correct War"
SEATS = ("Player 1", "Player 2")
COUNTS = ("hand-0", "hand-1", "pile-0", "pile-1", "table")
START = {"hand-0": "10", "hand-1": "2", "pile-0": "3", "pile-1": "5", "table": "2"}
"""a tie where one hand runs out while laying: the walk-through a newcomer sees first"""


def flip_ruling(jokers: int, cards: list, seats=SEATS, blank: BlankCard = "none") -> Ruling | None:
    if None in cards:
        return None
    check_deck(deck_for(jokers, blank), cards)
    answer = ask({"game": "pc-war", "ask": "flip", "cards": [str(c) for c in cards], "blank_card": blank})
    t = answer["takes"]
    headline = ("A tie: trade and war" if t is None
                else f"{seats[t]}'s card is higher: {seats[t]} takes both cards")
    return Ruling(title=f"{seats[0]} {cards[0].symbol} against {seats[1]} {cards[1].symbol}", headline=headline,
                  lines=tuple(in_seats(x, seats) for x in answer["explanation"]), answer=answer)


def war_ruling(counts: dict[str, str], at_once: bool, jokers: int, cards: list, seats=SEATS,
               blank: BlankCard = "none") -> Ruling:
    words = {"hand-0": f"{seats[0]}'s hand", "hand-1": f"{seats[1]}'s hand", "pile-0": f"{seats[0]}'s pile",
             "pile-1": f"{seats[1]}'s pile", "table": "the table"}
    n = {k: whole_number(counts[k], words[k]) for k in COUNTS}
    given = None not in cards
    if given:
        check_deck(deck_for(jokers, blank), cards)
    request = {"game": "pc-war", "ask": "trade-and-war", "hands": [n["hand-0"], n["hand-1"]],
               "piles": [n["pile-0"], n["pile-1"]], "table": n["table"], "last_card_wins_at_once": at_once,
               "blank_card": blank}
    if given:
        request["cards"] = [str(c) for c in cards]
    answer = ask(request)
    out, t = answer["out"], answer["takes"]
    on_table = n["table"] + answer["laid"]
    if out:
        who = " and ".join(seats[i] for i in out)
        one = len(out) == 1
        headline = f"{who} {'has' if one else 'have'} run out of cards and {'wins' if one else 'share the win'}"
    elif answer["war_again"]:
        headline = "A tie in the war: swap hands and lay again"
    elif t is not None:
        headline = f"{seats[t]}'s card is higher: {seats[t]} takes all {plural(on_table, 'card')}"
    else:
        headline = f"{plural(on_table, 'card')} on the table: turn up the face-up cards"
    figures: list[tuple[str, str]] = []
    for i, lay in enumerate(answer["lays"] or ()):
        text = f"{lay['down']} down, {lay['up']} up"
        if lay["picked_up"]:
            text += f", picks up {lay['picked_up']}"
        figures.append((f"{seats[i]} lays", text))
    for i in (0, 1):
        picked = f", picks up {answer['picked_up'][i]}" if answer["picked_up"][i] else ""
        figures.append((f"{seats[i]} then", f"hand {answer['hands'][i]}, pile {answer['piles'][i]}{picked}"))
    if answer["table"]:
        figures.append(("On the table", str(answer["table"])))
    title = (f"At the tie: {seats[0]} hand {n['hand-0']}, pile {n['pile-0']}; {seats[1]} hand {n['hand-1']}, "
             f"pile {n['pile-1']}; {n['table']} on the table")
    if given:
        title += f"; war cards {cards[0].symbol} and {cards[1].symbol}"
    return Ruling(title=title, headline=headline, lines=tuple(in_seats(x, seats) for x in answer["explanation"]),
                  answer=answer, figures=tuple(figures))


def count_field(key: str, label: str, start: str, on_change) -> ft.Control:
    """A count the thumb types. Its value is only the starting count (a late render must never
    put an old number back under the thumb); a new start comes with a new key."""
    return tagged(f"count-{key}", ft.TextField(
        label=label, value=start, keyboard_type=ft.KeyboardType.NUMBER, dense=True, expand=True,
        on_change=lambda e: on_change(key, e.data if isinstance(e.data, str) else e.control.value),
    ), label=label)


@ft.component
def PCWarCalculator(names: tuple[str, ...] = ()) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    seats = tuple(names) if len(names) == 2 else SEATS  # the open table's players, or Player 1 and 2
    mode, set_mode = ft.use_state("flip")
    jokers, set_jokers = ft.use_state(1)
    blank, set_blank = ft.use_state("none")  # the blank card: not in the deck, or the strongest or weakest
    flip_cards, set_flip_cards = ft.use_state(lambda: [None, None])
    counts, set_counts = ft.use_state(lambda: dict(START))
    start, set_start = ft.use_state(lambda: dict(START))  # what the count fields start from
    at_once, set_at_once = ft.use_state(False)
    war_cards, set_war_cards = ft.use_state(lambda: [None, None])
    version, set_version = ft.use_state(0)  # a new set of places or counts
    shown = use_ruling(lambda: flip_ruling(jokers, flip_cards, seats, blank) if mode == "flip"
                       else war_ruling(counts, at_once, jokers, war_cards, seats, blank), fresh=(mode, version))
    deck = deck_for(jokers, blank)

    def choose_mode(value: str) -> None:
        set_mode(value)
        set_version(version + 1)

    def clear(_values=None) -> None:
        (set_flip_cards if mode == "flip" else set_war_cards)([None, None])
        set_version(version + 1)

    def to_war() -> None:
        set_counts({**counts, "table": "2"})
        set_start({**counts, "table": "2"})
        set_war_cards([None, None])
        choose_mode("war")

    def again() -> None:
        """A tie in the war: the whole procedure again, from the counts it left."""
        a = shown.ruling.answer
        after = {"hand-0": str(a["hands"][0]), "hand-1": str(a["hands"][1]), "pile-0": str(a["piles"][0]),
                 "pile-1": str(a["piles"][1]), "table": str(a["table"])}
        set_counts(after)
        set_start(after)
        clear()

    def typed(key: str, value: str) -> None:
        set_counts(lambda c: {**c, key: value})  # an updater: fast typing fires before the next render

    on_clear = use_stable(clear)
    on_flip, on_war = use_stable(set_flip_cards), use_stable(set_war_cards)
    parts: list[ft.Control | None] = [
        segmented("mode", None, [("flip", "A flip"), ("war", "Trade and war")], mode, choose_mode),
        segmented("jokers", None, [(str(j), plural(j, "Joker")) for j in JOKER_CHOICES], str(jokers),
                  lambda v: set_jokers(int(v))),
        segmented("blank", None, [(b, "No blank" if b == "none" else f"Blank {b}") for b in BLANK_CHOICES],
                  blank, set_blank),
    ]
    if mode == "flip":
        parts += [
            ft.Text(f"Both players turn their top card face up: the higher card takes both ({order_text(blank)})."),
            Slots(deck, list(seats), on_clear, submit="New flip", ident="calc-slots", game_name=GAME_NAME,
                  on_change=on_flip, initial=flip_cards, key=f"flip-{version}"),
            problem_note(shown),
        ]
        r = shown.ruling
        if r is not None and not shown.stale and r.answer["war"]:
            parts.append(button("Walk through the trade and war", to_war, "to-war", icon=ft.Icons.SWAP_HORIZ))
    else:
        parts += [
            ft.Text("At a tie: how many cards each player has in hand (the tied cards already laid) and in the "
                    "face-up pile, and how many lie on the table."),
            ft.Row([count_field("hand-0", f"{seats[0]}: hand", start["hand-0"], typed),
                    count_field("hand-1", f"{seats[1]}: hand", start["hand-1"], typed)], spacing=8,
                   key=f"hands-{version}"),
            ft.Row([count_field("pile-0", f"{seats[0]}: pile", start["pile-0"], typed),
                    count_field("pile-1", f"{seats[1]}: pile", start["pile-1"], typed)], spacing=8,
                   key=f"piles-{version}"),
            ft.Row([count_field("table", "On the table", start["table"], typed)], spacing=8, key=f"table-{version}"),
            switch("at-once", "Last card wins at once", at_once, set_at_once,
                   "A player who lays their last card wins at once, even in a war."),
            ft.Text("Then the war's face-up cards (leave them out to see what each lays):", size=13),
            Slots(deck, [f"{seats[0]}'s face-up card", f"{seats[1]}'s face-up card"], on_clear,
                  submit="Clear the war cards", ident="calc-slots", game_name=GAME_NAME,
                  on_change=on_war, initial=war_cards, key=f"war-{version}"),
            problem_note(shown),
        ]
        r = shown.ruling
        if r is not None and not shown.stale and r.answer["war_again"]:
            parts.append(button("Swap and lay again", again, "war-again", icon=ft.Icons.REPLAY))
    parts.append(RulingPanel(shown, GAME_NAME))
    return ft.Column([p for p in parts if p is not None], spacing=12)
