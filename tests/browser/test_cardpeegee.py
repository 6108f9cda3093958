"""CardPeeGee in Chromium: a new game with Elements and two Heroes entered card by card; then,
on a saved game, a Monster fight over three rounds (an Ace activated and clubs played, the
working shown), a town visit with shopping and healing, and the turn passing to Bea."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_companion.calculators.cards import card
from card_companion.companion.cardpeegee import GAME, NewHero
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, into_view, pick_cards, save_game, see, settle, tap, to_top, type_into

pytestmark = pytest.mark.browser


def test_new_game_and_heroes(app, shots):
    page = app
    see(page, "Card Companion")
    tap(page, "new-cardpeegee")
    expect(by_id(page, "start")).to_be_visible()
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    tap(page, "group-advanced")  # the settings are folded in groups
    tap(page, "setting-elements")
    tap(page, "start")
    # Ann K♥ with 7♥ K♠ 2♣ → 15 + 19 = 34 HP; Bea Q♠ with 5♦ 5♣ 5♠ → 30 HP
    see(page, "Ann's Hero")
    pick_cards(page, "hero-picker", "KH 7H KS 2C")
    shots(page, "ann-entered")
    tap(page, "hero-submit")
    see(page, "Bea's Hero")
    see(page, "HP: 15 + 7♥ 7 + K♠ 10 + 2♣ 2 = 34")
    pick_cards(page, "hero-picker", "QS 5D 5C 5S")
    tap(page, "hero-submit")
    see(page, "Ann's turn: draw the encounter")
    see(page, "Element: ♠ spades")
    shots(page, "heroes-ready")


def saved_game(data_dir) -> str:
    """Ann (K♥, 34 HP) and Bea (Q♠, 30 HP), with Elements, ready for Ann's first turn."""
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"], {"elements": True}))
    s = s.push(NewHero(player=0, character=card("KH"), hp_cards=(card("7H"), card("KS"), card("2C"))))
    s = s.push(NewHero(player=1, character=card("QS"), hp_cards=(card("5D"), card("5C"), card("5S"))))
    return save_game(data_dir, s)


def test_monster_fight_over_three_rounds_and_town(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    gid = saved_game(data)
    server = start_server(data)
    page = open_page(server.url)
    see(page, "Saved games")
    tap(page, f"resume-{gid}")

    # a Monster: 9♣ with 6♣ 3♠ → HP 9, Attack 9 + 6 = 15, Deal 3 + 1 = 4
    see(page, "Ann's turn: draw the encounter")
    pick_cards(page, "draw-picker", "9C 6C 3S")
    tap(page, "draw-submit")
    see(page, "Monster Attack: agitator 9 + club props 6♣ (6) = 15")
    shots(page, "monster")

    # Ann activates A♣, then plays 5♣ 7♣ (the text's Ace example): 12, half of 12 = 6 → 18;
    # Attack 10 + 18 = 28
    tap(page, "mode-activate")
    pick_cards(page, "activate-picker", "AC")
    tap(page, "activate-submit")
    see(page, "Ann activates A♣")
    tap(page, "mode-play")
    pick_cards(page, "play-picker", "5C 7C")
    see(page, "A♣ active (+50 %): half of 12 = 6 → 12 + 6 = 18")
    into_view(page, "play-preview")
    shots(page, "played-card-value-preview")
    to_top(page)
    tap(page, "play-submit")
    see(page, "Ann plays 5♣ 7♣: Attack 28, Deal 3")
    into_view(page, "working")
    see(page, "Ann: Attack 10 (K♥) + 18 = 28, Deal 3 + 0 = 3")
    shots(page, "played-card-value-working")
    to_top(page)

    # round 1: Ann 28 + 2♥ 3♦ 4♣ (9) = 37 against the Monster 15 + 30 = 45: Ann −15 → 19
    tap(page, "score-mode-1-total")
    type_into(page, "score-total-1", "30")
    pick_cards(page, "score-picker", "2H 3D 4C")
    tap(page, "score-submit")
    see(page, "Last step: Round 1: Ann 37, the Monster 9♣ 45 → Ann −15")
    shots(page, "combat-round-2-to-enter")
    into_view(page, "working")
    see(page, "45 beats 37: the Monster 9♣ wins the round")
    shots(page, "combat-round-1-working")
    to_top(page)

    # round 2, both as totals: Ann 28 + 10 = 38 against 15 + 23 = 38: a tie
    tap(page, "score-mode-0-total")
    type_into(page, "score-total-0", "10")
    tap(page, "score-mode-1-total")
    type_into(page, "score-total-1", "23")
    tap(page, "score-submit")
    see(page, "Last step: Round 2: Ann 38, the Monster 9♣ 38 → no damage")

    # round 3: Ann 28 + 2♠ 2♦ 2♣ = 34 against 15 + 8 = 23: the Monster −28, dead;
    # Ann claims 6♣ 3♠: hand 5 − 1 − 2 + 2 = 4 (no charity: not fewer than 4)
    tap(page, "score-mode-1-total")
    type_into(page, "score-total-1", "8")
    pick_cards(page, "score-picker", "2S 2D 2C")
    tap(page, "score-submit")
    see(page, "Ann in town")
    see(page, "the Monster is dead: Ann claims the props 6♣ 3♠")
    # the fight's entry went with the fight: in town no card is asked for, no keyboard shows
    # (the fight's panel drew a fresh entry for a round 4 as the step took the panel away)
    settle(page)
    expect(by_id(page, "score-picker-rank-A")).to_have_count(0)
    expect(by_id(page, "score-submit")).to_have_count(0)
    shots(page, "combat-round-3-and-town")

    # town: 9♦ buys one card (1 lost); potion 4♥ with the heart element: 4 + 0.8 → 5: 19 + 5 = 24
    tap(page, "town-mode-shop")
    pick_cards(page, "shop-picker", "9D")
    see(page, "9 diamonds at 8 a card → 1 new card (costing 8), 1 left over and lost")
    tap(page, "shop-submit")
    see(page, "Shopping: done this turn.")
    tap(page, "town-mode-heal")
    pick_cards(page, "heal-picker", "4H")
    tap(page, "heal-submit")
    see(page, "Ann heals 5 HP → 24")
    see(page, "HP over the game: 34 → 19 → 24")
    shots(page, "town")
    tap(page, "end-turn")
    see(page, "Bea's turn: draw the encounter")
    shots(page, "bea-is-the-hero")
    assert Store(data / "games.sqlite3").load(gid).state.heroes[0].hp == 24
