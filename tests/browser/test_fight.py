"""FIGHT! in Chromium: a round played to 13 victory points through the table screen (the
row, the animated coin flip, the picks, four turns with their results, the Tie Breaker
changing hands, the draws and refills), then undo and redo of the round's last turn.

The coin is really flipped, so either player may pick first; the test never depends on
it: each pick takes the row's first card, and every card played is one nobody has seen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_companion.calculators.cards import card
from card_companion.companion.fight import queries
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, pick_cards, save_game, see, tap, type_into

pytestmark = pytest.mark.browser


def tall(page, then) -> None:
    """The whole table at once (Flutter draws the viewport only): a phone-wide, tall page."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 2000})
    try:
        then()
    finally:
        page.set_viewport_size(size)


def new_match(page) -> None:
    tap(page, "new-fight")
    expect(by_id(page, "start")).to_be_visible()
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    tap(page, "start")
    see(page, "Round 1: the row")


def enter(page, slots: str, cards: str, last_place: str) -> None:
    """Pick the cards into the places, wait until the last one shows, submit."""
    pick_cards(page, f"{slots}-picker", cards)
    see(page, f"{last_place}: {card(cards.split()[-1]).symbol}")
    tap(page, f"{slots}-submit")


def play_turn(page, ann: str, bea: str, result: str) -> None:
    see(page, "Ready, set, FIGHT!")
    enter(page, "fight", f"{ann} {bea}", "Bea's card")
    see(page, result)


def take_and_refill(page, picker: str, refill: str) -> None:
    see(page, f"{picker} picks from the row")
    tap(page, "row-card-0")
    see(page, "Refill the row")
    enter(page, "turn-up", refill, "New row card")


def test_a_round_to_13(app, server, shots):
    page = app
    see(page, "Card Companion")
    new_match(page)
    # the row: A♥ 2♥ 3♥; each player draws 3 face down: 24 - 3 - 6 = 15 in the deck
    enter(page, "turn-up", "AH 2H 3H", "Row card 3")
    see(page, "Who picks first?")
    see(page, "Deck: 15 cards")
    # the coin's button is on screen without scrolling
    box = by_id(page, "flip-coin").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"]
    shots(page, "who-picks-first")
    tap(page, "flip-coin")
    see(page, "Flipping…")
    shots(page, "coin-in-the-air")
    see(page, "picks from the row", timeout=15_000)  # the coin landed and was recorded
    see(page, "The coin chose")
    shots(page, "coin-landed-first-pick")
    tap(page, "row-card-0")  # the coin's winner takes A♥
    see(page, "has picked; now")
    tap(page, "row-card-0")  # the other player takes 2♥
    see(page, "Refill the row")
    enter(page, "turn-up", "4H 5H", "New row card 2")  # row 3♥ 4♥ 5♥, 13 cards in the deck
    see(page, "Deck: 13 cards")

    # turn 1: Ann 6♠ (Punch) vs Bea 6♦ (Parry): Parry beats Punch, Bea wins with a defence card
    # and collects Ann's 6♠: the first card won, face up, the Tie Breaker. Bea 6.
    play_turn(page, "6S", "6D", "Turn 1: Bea wins and collects Ann's 6♠: the Tie Breaker")
    see(page, "Parry beats Punch (default cycle)")
    see(page, "Bea picks from the row")
    shots(page, "turn-1-result")
    take_and_refill(page, "Bea", "6H")  # Ann drew from the deck (12), the refill takes one (11)
    see(page, "Deck: 11 cards")

    # turn 2: Ann 2♣ (Kick) vs Bea 2♦ (Parry): Kick beats Parry, Ann collects her own 2♣;
    # Bea holds the Tie Breaker (6♠) and 2 < 6 → face down on Ann's pile. Ann 2, Bea 6.
    play_turn(page, "2C", "2D", "Turn 2: Ann wins with 2♣ and collects it, face down")
    take_and_refill(page, "Ann", "AS")

    # turn 3: Ann 6♣ (Kick) vs Bea A♦ (Parry): Ann collects 6♣, equal to the Tie Breaker (6♠)
    # → face up on top of Ann's pile, Bea's 6♠ turns face down: Ann takes the Tie Breaker.
    play_turn(page, "6C", "AD", "Ann takes the Tie Breaker")
    see(page, "Tie Breaker: Ann's 6♣ (value 6)")
    shots(page, "turn-3-tie-breaker-changes-hands")
    take_and_refill(page, "Ann", "3S")
    tall(page, lambda: shots(page, "the-piles"))

    # turn 4: Ann 5♦ (Parry) vs Bea 5♠ (Punch): Ann collects Bea's 5♠; she holds the Tie
    # Breaker (6♣) and 5 < 6 → at the bottom. Ann 2 + 6 + 5 = 13: Ann wins round 1.
    play_turn(page, "5D", "5S", "Round 1: Ann wins")
    see(page, "Ann reached 13 victory points")
    see(page, "Rounds won: Ann 1 – Bea 0")
    see(page, "Round 2: the row")
    shots(page, "round-1-result")

    # undo the winning turn: round 1 is back at Ann 8, Bea 6; redo: Ann wins it again
    tap(page, "undo")
    see(page, "Ready, set, FIGHT!")
    see(page, "Ann: 8 victory points, holds the Tie Breaker 6♣")
    tap(page, "redo")
    see(page, "Round 1: Ann wins")
    gid = Store(server.data_dir / "games.sqlite3").saved_games()[0].id
    state = Store(server.data_dir / "games.sqlite3").load(gid).state
    assert state.round == 2 and state.rounds[0].winner == 0 and state.rounds[0].points == (13, 6)


def saved_match_point(data_dir) -> str:
    """A saved match: Ann won round 1 and has 8 victory points and the Tie Breaker in round 2
    (both rounds played like the round above, through the tracker)."""
    from card_companion.companion.fight import GAME, CoinFlip, Fight, Pick, TurnUp

    def cards(text):
        return tuple(card(c) for c in text.split())

    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    one_round = [
        TurnUp(cards=cards("AH 2H 3H")), CoinFlip(purpose="first-pick", winner=1),
        Pick(player=1, card=card("AH")), Pick(player=0, card=card("2H")), TurnUp(cards=cards("4H 5H")),
        Fight(cards=cards("6S 6D")), Pick(player=1, card=card("3H")), TurnUp(cards=cards("6H")),
        Fight(cards=cards("2C 2D")), Pick(player=0, card=card("4H")), TurnUp(cards=cards("AS")),
        Fight(cards=cards("6C AD")), Pick(player=0, card=card("5H")), TurnUp(cards=cards("3S")),
    ]
    for action in one_round + [Fight(cards=cards("5D 5S"))] + one_round:
        s = s.push(action)
    assert s.state.round == 2 and queries.points(s.state) == (8, 6)
    return save_game(data_dir, s)


def test_the_match_ends_with_the_round_scores(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    gid = saved_match_point(data)
    server = start_server(data)
    page = open_page(server.url)
    see(page, "Saved games")
    tap(page, f"resume-{gid}")
    see(page, "Round 2")
    # Ann 5♦ (Parry) beats Bea's 5♠ (Punch): 8 + 5 = 13, Ann wins round 2 and the match 2–0
    play_turn(page, "5D", "5S", "Ann wins 2 rounds to 0")
    expect(by_id(page, "outcome")).to_be_visible()
    see(page, "Round 1: Ann · Ann 13 – Bea 6 · 13+ victory points")
    see(page, "Round 2: Ann · Ann 13 – Bea 6 · 13+ victory points")
    shots(page, "match-over")
    tall(page, lambda: shots(page, "match-over-whole"))
    tap(page, "rematch")
    see(page, "Round 1: the row")
    shots(page, "rematch")
