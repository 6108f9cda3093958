"""The fight calculator in Chromium at 390×844: each game's calculator one tap from the home
screen, the cards entered with the picker, the ruling on screen (checked against the ask's
own words), one card changed and the new ruling at once, copying a ruling, and the screens
in the light and the dark theme (screenshots in test-output/screenshots/)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_companion.companion.protocol import resolve
from tests.browser.support.harness import by_id, choose_theme, pick_cards, see, tap

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def phone(open_page, server):
    return open_page(server.url, *PHONE)


def open_calculator(page, game_id: str, first_words: str) -> None:
    see(page, "Card Companion")
    tap(page, f"calc-{game_id}")  # one tap from home
    see(page, first_words)


def down(page, pixels: int = 600) -> None:
    """Scroll the screen (Flutter scrolls on the wheel over its canvas)."""
    page.mouse.move(195, 500)
    page.mouse.wheel(0, pixels)
    page.wait_for_timeout(400)


def whole(page, shots, name: str) -> None:
    """The whole calculator in one picture: a phone-wide, tall page for a moment."""
    page.set_viewport_size({"width": PHONE[0], "height": 2000})
    try:
        shots(page, name)
    finally:
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def test_peace_and_love_three_fighters_a_trump_and_a_tie(open_page, server, shots):
    page = phone(open_page, server)
    open_calculator(page, "peace-and-love", "Each fighter in the fight")
    shots(page, "calculator-opened")
    # 9♥ with 7♥ (a trump): 2; 5♠ with 2♣: 3; 8♦ with 5♣: 3 → one trump: the lowest wins; the
    # defender and Player 3 tie for losing with 3 → the defender loses
    pick_cards(page, "calc-slots-picker", "9H 7H 5S 2C 8D 5C")
    see(page, "Defender's 5♠ loses the round: it goes to Attacker's victory pile")
    see(page, "tie for losing between Defender's 5♠ and Player 3's 8♦ → the defender loses")
    down(page)
    shots(page, "round-1-ruling")
    whole(page, shots, "round-1-whole")
    tap(page, "calc-slots-submit")  # round 2 in one tap: Attacker's 9♥ and Player 3's 8♦
    see(page, "Round 1: Defender's 5♠ loses the round")
    pick_cards(page, "calc-slots-picker", "3S 2D")
    see(page, "Attacker's 9♥ wins: Player 3's 8♦ goes to Attacker's victory pile")
    whole(page, shots, "round-2-whole")


def test_stratego_scout_against_bomb_then_one_card_changed(open_page, server, shots, browser):
    page = phone(open_page, server)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    open_calculator(page, "card-stratego", "A battle")
    pick_cards(page, "calc-slots-picker", "3C")  # one card: its odds against any other card
    # 3♣ attacking: 47 cards can stand; it beats the 2s (4), the Aces (a Scout destroys a Bomb:
    # 4) and the Kings (a King loses to odd cards: 4) → 12 of 47 = 26 %; meets the other 3s → 3 = 6 %;
    # loses to the 4-10 (28) and the Queens (a Queen beats odd cards: 4) → 32 of 47 = 68 %
    see(page, "If it is any other card: the attacker wins 26%, the defender 68%, both destroyed 6%")
    shots(page, "one-card-odds")
    pick_cards(page, "calc-slots-picker", "AH")
    answer = resolve({"game": "card-stratego", "ask": "battle", "attacker": "3C", "defender": "AH"})
    see(page, "Attacker's 3♣ wins: Defender's A♥ is destroyed")
    see(page, answer["explanation"][1])
    shots(page, "scout-against-bomb")
    tap(page, "calc-copy")
    see(page, "Copied: paste it into the group chat.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Card Stratego: Attacker's 3♣ attacks Defender's A♥\n"
                             "Attacker's 3♣ wins: Defender's A♥ is destroyed")
    tap(page, "calc-slots-slot-0")
    pick_cards(page, "calc-slots-picker", "KS")  # a King attacking a Bomb is destroyed
    see(page, "Defender's A♥ wins: Attacker's K♠ is destroyed")
    tap(page, "calc-slots-slot-0")
    pick_cards(page, "calc-slots-picker", "JS")  # a Jack never battles: a sentence, the last ruling stays
    see(page, "J♠ is a Jack: Jacks are played from the hand to the discard pile")
    see(page, "Defender's A♥ wins: Attacker's K♠ is destroyed")
    shots(page, "a-jack-refused")


def test_fight_a_tie_of_two_attack_cards_the_holder_wins(open_page, server, shots):
    page = phone(open_page, server)
    open_calculator(page, "fight", "Who holds the Tie Breaker?")
    by_id(page, "holder").get_by_text("Player 1").click()
    see(page, "Tie Breaker: top of Player 1's pile")
    # 4♠ against 4♣: two attacks of equal value; Player 1 holds the Tie Breaker (3♦) and wins
    # their own 4♠, which is higher than 3♦: face up on top, the new Tie Breaker
    pick_cards(page, "calc-slots-picker", "4S 4C 3D")
    see(page, "Player 1 holds the Tie Breaker → wins the tie and collects their own 4♠; 4♣ is discarded")
    see(page, "Player 1 wins the turn and collects 4♠, face up on top of Player 1's victory pile: the new Tie Breaker")
    down(page, 500)
    shots(page, "holder-wins-the-tie")
    whole(page, shots, "holder-wins-the-tie-whole")


def test_cardpeegee_the_boss_stack_example_and_the_elemental_example(open_page, server, shots):
    page = phone(open_page, server)
    open_calculator(page, "cardpeegee", "The Boss stack")
    # the text's own example, entered for a newcomer: Queen HP 10, Attack 17, Deal 4; King HP
    # 20, Attack 17, Deal 3
    see(page, "2 Bosses: Q♥ and K♠")
    see(page, "HP 10 · Attack 17 · Deal 4")
    see(page, "HP 20 · Attack 17 · Deal 3")
    down(page, 400)
    shots(page, "boss-stack-example")
    whole(page, shots, "boss-stack-whole")
    tap(page, "part-combat")
    # 24 against 17, boosted by 20 % to 21; Fighter 1 still wins; damage 11 − 2.2 → 9
    see(page, "17 + 3.4 = 21 (20.4 rounded up)")
    see(page, "11 − 2.2 = 8.8, rounded up to 9")
    see(page, "Fighter 1 wins, 24 against 21: Fighter 2 loses 9 HP")
    whole(page, shots, "elemental-example-whole")


def test_a_calculator_in_the_light_and_the_dark_theme(open_page, server, shots):
    page = phone(open_page, server)
    for theme in ("Light", "Dark"):
        choose_theme(page, theme)
        open_calculator(page, "card-stratego", "A battle")
        pick_cards(page, "calc-slots-picker", "QS 7H")
        see(page, "Attacker's Q♠ wins: Defender's 7♥ is destroyed")
        tap(page, "calc-slots-slot-1")
        pick_cards(page, "calc-slots-picker", "JD")  # the sentence under the picker and the kept ruling
        see(page, "J♦ is a Jack")
        shots(page, f"stratego-{theme.lower()}")
        tap(page, "back")
        open_calculator(page, "cardpeegee", "The Boss stack")
        down(page, 500)
        shots(page, f"boss-stack-{theme.lower()}")
        tap(page, "back")
    expect(by_id(page, "settings")).to_be_visible()
