"""Peace and Love in Chromium: the foundation slice (two players, one fight, undo, reload)
and a three-player game with a multi-round fight, to the final score."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_companion.calculators.cards import card
from card_companion.companion.peace_and_love import GAME, Deal, NewFighter, PlayCards, StartFight
from card_companion.companion.peace_and_love.choices import fight_starts
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, enable_semantics, find, pick_cards, save_game, see, tap, type_into

pytestmark = pytest.mark.browser


def new_game(page, players: list[str]) -> None:
    tap(page, "new-peace-and-love")
    expect(by_id(page, "start")).to_be_visible()
    while len(players) > page.locator('[flt-semantics-identifier^="player-"] input').count():
        tap(page, "add-player")
    for i, name in enumerate(players):
        type_into(page, f"player-{i}", name)
    tap(page, "start")
    expect(by_id(page, "deal-panel")).to_be_visible()


def deal(page, name: str, cards: str) -> None:
    see(page, f"Deal: {name}'s three fighters")
    pick_cards(page, "deal-picker", cards)
    tap(page, "deal-submit")


def test_two_player_fight_undo_and_reload(app, server, shots):
    page = app
    see(page, "Card Companion")
    shots(page, "home")
    new_game(page, ["Ann", "Bea"])
    deal(page, "Ann", "9H KD QC")  # 34
    deal(page, "Bea", "5S 2C 7D")  # 14: Bea goes first
    expect(by_id(page, "turn-panel")).to_be_visible()
    see(page, "Bea's turn")
    shots(page, "table")
    # Bea attacks Ann's 9♥ with her 5♠
    tap(page, "fighter-1-0")
    tap(page, "fighter-0-0")
    see(page, "Attacking with: 5♠")
    tap(page, "start-fight")
    # Bea plays 3♣ on 5♠ (2), Ann plays 7♥ on 9♥ (2, a trump): 1 trump → lowest wins;
    # 2 = 2 is a tie → the attacker Bea wins; Ann's 9♥ goes to Bea's victory pile.
    pick_cards(page, "play-picker", "3C 7H")
    tap(page, "play-submit")
    see(page, "1 trump: 7♥ on 9♥ → the lowest result wins")
    see(page, "ties go to the attacker")
    shots(page, "fight-result")
    tap(page, "apply")
    see(page, "Ann's new fighter")
    pick_cards(page, "new-fighter-picker", "4D")
    tap(page, "new-fighter-submit")
    # Bea's victory pile: 9 points, 1 card; the deck: 36 - 1 new fighter - 2 draws = 33
    see(page, "Victory pile: 9 points · 1 card")
    see(page, "Deck: 33 cards")
    shots(page, "after-the-fight")
    # undo the new fighter: Ann must enter it again; the pile keeps the 9♥
    tap(page, "undo")
    see(page, "Ann's new fighter")
    see(page, "Deck: 36 cards")
    shots(page, "after-undo")
    # reload: the game is exactly where it was
    page.reload()
    enable_semantics(page)
    see(page, "Ann's new fighter")
    see(page, "Victory pile: 9 points · 1 card")
    expect(by_id(page, "redo")).to_be_visible()
    tap(page, "redo")
    see(page, "Deck: 33 cards")
    shots(page, "after-reload-and-redo")
    tap(page, "more")  # the menu of history, rules, calculator
    tap(page, "history")
    see(page, "Round 1: Bea 3♣ on 5♠, Ann 7♥ on 9♥")
    shots(page, "history")


def near_the_end(data_dir) -> str:
    """A saved three-player game with 5 cards left in the deck, played through the tracker
    (each two-fighter fight takes 3 cards: a new fighter and two draws; 80 - 25 x 3 = 5)."""
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea", "Cy"], {"anti_math_geek": True}))
    for p, cards in enumerate(["9H KD QC", "5S 2C 7D", "8S 10H 6C"]):
        s = s.push(Deal(player=p, fighters=tuple(card(c) for c in cards.split())))
    # Bea attacks Cy; Cy loses; 80 cards - 3 = 77 ... play fights until 4 cards are left
    fillers = iter("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S".split() * 10)
    while s.state.deck > 5:
        st = s.state
        me = st.turn
        d = fight_starts(st).defenders
        target = sorted(d)[0]
        s = s.push(StartFight(fighter=fight_starts(st).attackers[0], defender=target, defender_fighter=d[target][0]))
        s = s.push(PlayCards(cards={p: card(next(fillers)) for p, _ in s.state.fight.remaining}))
        s = s.push(NewFighter(card=card(next(fillers))))
        assert s.state.turn != me
    return save_game(data_dir, s)


def test_three_players_multi_round_fight_to_the_end(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    gid = near_the_end(data)
    server = start_server(data)
    page = open_page(server.url)
    see(page, "Saved games")
    tap(page, f"resume-{gid}")
    see(page, "Deck: 5 cards")
    st = Store(data / "games.sqlite3").load(gid).state
    me = st.turn
    others = [p for p in range(3) if p != me]
    # the player to play attacks the next player; the third joins
    d, j = others
    tap(page, f"fighter-{me}-{fight_starts(st).attackers[0]}")
    tap(page, f"fighter-{d}-{fight_starts(st).defenders[d][0]}")
    tap(page, f"fighter-{j}-{fight_starts(st).defenders[j][0]}")
    shots(page, "three-fighters-chosen")
    tap(page, "start-fight")
    see(page, "Fight · round 1")
    # round 1: three cards; the worst result loses; its owner gets a new fighter (5 → 4)
    # and the three players draw (4 → 1)
    pick_cards(page, "play-picker", "2D 3D 4D")
    tap(page, "play-submit")
    expect(by_id(page, "preview")).to_be_visible()
    shots(page, "round-1-result")
    tap(page, "apply")
    pick_cards(page, "new-fighter-picker", "5D")
    tap(page, "new-fighter-submit")
    see(page, "Fight · round 2")
    see(page, "Deck: 1 card")
    # round 2: the two fighters left; the loser's new fighter is the last card (1 → 0):
    # the game ends in the middle of the fight
    pick_cards(page, "play-picker", "6D 7D")
    tap(page, "play-submit")
    expect(by_id(page, "preview")).to_be_visible()
    tap(page, "apply")
    pick_cards(page, "new-fighter-picker", "8D")
    tap(page, "new-fighter-submit")
    expect(by_id(page, "outcome")).to_be_visible()
    see(page, "Game over")
    see(page, "new fighter was the last card of the deck")
    see(page, "Anti Math Geek")
    shots(page, "final-score")


PHONE = (390, 844)


def test_three_phones_one_picker_odds_while_a_choice_is_open_and_a_watchers_words(
        open_page, tmp_path, shots, start_server):
    """At 390×844: Ann's phone (light), Bea's phone (dark), a
    watcher (light). The watcher says what Bea does; Bea's phone has one picker at a time,
    named above it, her hand one tap away, and the hand's odds only until her card is in; Ann's
    phone shows the round's odds while her card is the one missing; after Resolve, Apply is
    the one filled button."""
    import re

    from tests.browser.support.harness import choose_theme, into_view

    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
    s = s.push(Deal(player=1, fighters=(card("5S"), card("2C"), card("7D"))))  # 14: Bea goes first
    data = tmp_path / "data"
    gid = save_game(data, s)
    server = start_server(data)
    ann = open_page(f"{server.url}/play/{gid}", *PHONE)
    line = by_id(ann, "table-code").first
    line.wait_for(state="attached")
    code = re.search(r"[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}", line.get_attribute("aria-label") or "").group(0)
    tap(ann, "seat")
    tap(ann, "seat-player-0")
    see(ann, "You: Ann")
    bea = open_page(server.url, *PHONE)
    choose_theme(bea, "Dark")
    bea.goto(f"{server.url}/join/{code}")
    enable_semantics(bea)
    tap(bea, "seat-player-1")
    see(bea, "You: Bea")
    watcher = open_page(f"{server.url}/join/{code}", *PHONE)
    tap(watcher, "seat-watch")
    see(watcher, "This phone is watching")

    # the watcher is told what happens, Bea's phone taps for herself; and Bea's turn is hers
    # to choose (seats mean something): Ann's phone waits for it
    see(watcher, "Bea chooses an untapped fighter and the fighter to attack.")
    expect(find(watcher, "Tap one of")).to_have_count(0)
    into_view(watcher, "turn-panel")
    shots(watcher, "watcher-bea-chooses")
    see(ann, "Bea chooses on Bea's phone (or the table phone).")
    expect(find(ann, "Tap one of")).to_have_count(0)
    see(bea, "Tap one of your untapped fighters, then the fighter you attack.")
    tap(bea, "fighter-1-0")
    tap(bea, "fighter-0-0")
    tap(bea, "start-fight")
    for p in (ann, bea, watcher):
        see(p, "Fight · round 1")

    # one picker on Bea's phone, its target named above it, her hand one tap away
    see(bea, "Entering: the played cards")
    expect(by_id(bea, "hand-picker-rank-A")).to_have_count(0)
    into_view(bea, "fight-panel")
    shots(bea, "bea-one-picker-played-cards")
    tap(bea, "switch-entry")
    see(bea, "Entering: Bea's hand")
    expect(by_id(bea, "play-picker-rank-A")).to_have_count(0)
    pick_cards(bea, "hand-picker", "3C KS 8H")
    # her choice is open: which card of her hand does best
    expect(by_id(bea, "hand-odds")).to_be_visible()
    into_view(bea, "entry-target")
    shots(bea, "bea-hand-and-its-odds")
    tap(bea, "switch-entry")
    pick_cards(bea, "play-picker", "3C")  # her card is in: the choice is made, no odds
    expect(by_id(bea, "hand-odds")).to_have_count(0)
    expect(by_id(bea, "fight-odds")).to_have_count(0)
    into_view(bea, "fight-panel")
    shots(bea, "bea-card-in-no-odds")

    # on Ann's phone: Bea's card entered, Ann's not: the round's odds over Ann's card
    pick_cards(ann, "play-picker", "3C")
    expect(by_id(ann, "fight-odds")).to_be_visible()
    see(ann, "If Ann's card is any unknown card")
    into_view(ann, "fight-odds")
    shots(ann, "ann-odds-while-her-card-is-missing")
    pick_cards(ann, "play-picker", "7H")  # every card known: no odds
    expect(by_id(ann, "fight-odds")).to_have_count(0)
    # the watcher: no picker to use, no odds
    expect(by_id(watcher, "fight-odds")).to_have_count(0)
    expect(by_id(watcher, "entry-target")).to_have_count(0)
    into_view(watcher, "fight-panel")
    shots(watcher, "watcher-fight")

    # after Resolve, Apply is the one filled button (light on Ann's phone, dark on Bea's)
    tap(ann, "play-submit")
    expect(by_id(ann, "apply")).to_be_visible()
    into_view(ann, "play-submit")
    shots(ann, "ann-after-resolve-light")
    pick_cards(bea, "play-picker", "7H")
    tap(bea, "play-submit")
    expect(by_id(bea, "apply")).to_be_visible()
    into_view(bea, "play-submit")
    shots(bea, "bea-after-resolve-dark")
    tap(ann, "apply")
    for p in (ann, bea, watcher):
        see(p, "Ann's new fighter")
