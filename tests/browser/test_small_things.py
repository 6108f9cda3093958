"""In Chromium at 390×844, light and dark: the smaller things seen.

Peace and Love with three players on two phones, Cy's (light) and Ann's (dark): each phone
ranks its player's hand in a fight of three (a); the fight's result card shows through its last
steps and goes at the next turn's Retire and Refresh (d); the other phone's news says the
player's name once (b); the phone that entered the step is back at its top, the step's heading
below the app bar (h). PC War's "−1 last step" (e), Card Stratego's labelled dots (f), and a
code typed on the home screen landing on the link's seat choice (g), each in both themes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from card_companion.companion.registry import GAMES
from card_companion.companion.session import Session
from tests.browser.support.harness import (
    by_id,
    choose_theme,
    enable_semantics,
    find,
    into_view,
    pick_card,
    pick_cards,
    save_game,
    see,
    tap,
    type_into,
)

pytestmark = pytest.mark.browser

PHONE = (390, 844)
PAL = GAMES["peace-and-love"]
APP_BAR = 56
"""the app bar's height at 390 px (the back button's box)"""


def fight_of_three() -> Session:
    """Ann 9♥ K♦ Q♣ (34), Bea 5♠ 2♣ 7♦ (14: she starts), Cy 8♦ 10♠ J♥ (29); Bea's 5♠ attacks
    Ann's 9♥ and Cy's 8♦ joins."""
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea", "Cy"]))
    for p, f in ((0, "9H KD QC"), (1, "5S 2C 7D"), (2, "8D 10S JH")):
        s = s.push(PAL.parse_action({"kind": "deal", "player": p, "fighters": f.split()}))
    return s.push(PAL.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0,
                                    "joining": {"2": 0}}))


def seated(open_page, url: str, code: str, seat: int, theme: str):
    page = open_page(url, *PHONE)
    choose_theme(page, theme)
    page.goto(f"{url}/join/{code}")
    enable_semantics(page)
    tap(page, f"seat-player-{seat}")
    return page


def top_of(page, ident: str) -> float:
    box = by_id(page, ident).first.bounding_box()
    assert box is not None, ident
    return box["y"]


def heading_in_sight(page) -> None:
    """The page is at its top: the score strip (the first part of the game) sits below the app
    bar, and the step's panel starts below it."""
    page.wait_for_timeout(600)
    assert top_of(page, "back") == 0
    status = top_of(page, "status")
    assert APP_BAR < status < 300, status
    assert top_of(page, "turn-panel") > status


def play_round(page, cards: str) -> None:
    pick_cards(page, "play-picker", cards)
    tap(page, "play-submit")  # Resolve
    tap(page, "apply")


def new_fighter(page, c: str) -> None:
    pick_card(page, "new-fighter-picker", c)
    tap(page, "new-fighter-submit")


def test_peace_and_love_on_two_phones_in_light_and_dark(open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    gid = save_game(data, fight_of_three())
    server = start_server(data)
    first = open_page(f"{server.url}/play/{gid}", *PHONE)
    line = by_id(first, "table-code").first
    line.wait_for(state="attached")
    code = re.search(r"[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}", line.get_attribute("aria-label") or "").group(0)
    first.close()
    cy = seated(open_page, server.url, code, 2, "Light")
    ann = seated(open_page, server.url, code, 0, "Dark")
    for page, name in ((cy, "Cy"), (ann, "Ann")):
        see(page, f"You: {name}")
        see(page, "Fight · round 1")

    # a: each player's own phone ranks the hand in this fight of three fighters
    for page, name, hand in ((cy, "cy", "3C KS 8H"), (ann, "ann", "2D 5C QS")):
        tap(page, "switch-entry")
        pick_cards(page, "hand-picker", hand)
        odds = by_id(page, "hand-odds")
        expect(odds).to_be_visible()
        assert (odds.first.get_attribute("aria-label") or "").count("wins") == 3
        into_view(page, "private-hand")
        shots(page, f"a-{name}-hand-odds-fight-of-three")
        tap(page, "switch-entry")

    # the fight, entered on Cy's phone (the cards are face up: a shared entry): round 1, Bea's
    # 3♣ on 5♠ = 2, Cy's 4♣ on 8♦ = 4, Ann's 2♦ on 9♥ = 7: no trump, Bea's 5♠ loses
    play_round(cy, "3C 4C 2D")
    see(cy, "Bea's new fighter")
    new_fighter(cy, "6H")
    # round 2: Cy's 2♠ on 8♦ = 6, Ann's 5♣ on 9♥ = 4: Ann's 9♥ loses; her new fighter ends it
    see(cy, "Fight · round 2")
    play_round(cy, "2S 5C")
    see(cy, "Ann's new fighter")
    new_fighter(cy, "3D")
    # d: the fight's last step: its result card shows on both phones
    for page in (cy, ann):
        see(page, "Cy's turn")
        expect(by_id(page, "round-result")).to_be_visible()
    shots(ann, "d-ann-result-card-after-the-fight")

    # Cy's turn, on his phone: Retire his 10♠ (tapped at the bottom, the page scrolled down)
    by_id(cy, "mode").get_by_text("Retire").click()
    into_view(cy, "fighter-2-1")
    tap(cy, "fighter-2-1")
    see(cy, "Retiring: 10♠")
    into_view(cy, "retire-picker-rank-4")
    pick_card(cy, "retire-picker", "4S")
    into_view(cy, "retire-submit")
    assert top_of(cy, "status") < 0  # scrolled down: the score strip is above the screen
    tap(cy, "retire-submit")
    see(cy, "Ann's turn")
    heading_in_sight(cy)  # h, light: back at the top
    shots(cy, "h-cy-after-retire-at-the-top")
    # b, dark: Ann's phone says Cy's step with his name once; d: the result card is gone
    retired = "Cy retires 10♠ and brings in 4♠ (tapped)"
    see(ann, retired)
    expect(find(ann, f"Cy: {retired}")).to_have_count(0)
    expect(by_id(ann, "round-result")).to_have_count(0)
    shots(ann, "b-d-ann-news-of-cys-retire-no-result-card")

    # Ann's turn, on her phone: Refresh with her K♦ (tapped at the bottom)
    by_id(ann, "mode").get_by_text("Refresh").click()
    into_view(ann, "fighter-0-1")
    tap(ann, "fighter-0-1")
    see(ann, "Tapping: K♦")
    into_view(ann, "refresh")
    tap(ann, "refresh")
    see(ann, "Bea's turn")
    heading_in_sight(ann)  # h, dark
    shots(ann, "h-ann-after-refresh-at-the-top")
    refreshed = "Ann refreshes their hand, tapping K♦"
    see(cy, refreshed)  # b, light
    expect(find(cy, f"Ann: {refreshed}")).to_have_count(0)
    expect(by_id(cy, "round-result")).to_have_count(0)
    shots(cy, "b-d-cy-news-of-anns-refresh-no-result-card")


def test_pc_war_change_and_stratego_dots_in_light_and_dark(open_page, start_server, tmp_path, shots):
    from card_companion.companion.card_stratego import PutIntoPlay
    from card_companion.companion.pc_war import Flip

    data = tmp_path / "data"
    war = GAMES["pc-war"]
    stratego = GAMES["card-stratego"]
    war_gid = save_game(data, Session.start(war, war.make_setup(["Ann", "Bea"])).push(Flip(higher="left")))
    s = Session.start(stratego, stratego.make_setup(["Ann", "Bea"])).push(PutIntoPlay(column=1, position=0))
    # one game per theme: the light pass's draw is saved, and from there the dark pass's draw
    # would be Bea's last action (Ann's turn, three dots), not the one checked here
    stratego_gids = {theme: save_game(data, s) for theme in ("Light", "Dark")}
    url = start_server(data).url
    for theme in ("Light", "Dark"):
        page = open_page(url, *PHONE)
        choose_theme(page, theme)
        # e: what the −1 is, on the screen and to a screen reader
        page.goto(f"{url}/play/{war_gid}")
        enable_semantics(page)
        see(page, "−1 last step")
        expect(by_id(page, "hand-0")).to_contain_text("Ann's hand: 26 cards (1 fewer than before the last step)")
        into_view(page, "hand-0")
        shots(page, f"e-pc-war-change-{theme.lower()}")
        # f: Card Stratego's dots say what they count; one action used of Bea's two
        page.goto(f"{url}/play/{stratego_gids[theme]}")
        enable_semantics(page)
        see(page, "Bea's turn")
        tap(page, "action-draw")
        see(page, "Actions left: 1 of 2")
        dots = "Actions this turn: 1 left (filled dots), 1 used (hollow dots)"
        expect(by_id(page, "turn-pips")).to_contain_text(dots)
        shots(page, f"f-stratego-dots-{theme.lower()}")
        page.close()


def test_a_code_typed_lands_where_the_link_lands(open_page, start_server, tmp_path, shots):
    from tests.peace_and_love.test_views import dealt

    data = tmp_path / "data"
    gid = save_game(data, dealt())
    url = start_server(data).url
    first = open_page(f"{url}/play/{gid}", *PHONE)
    line = by_id(first, "table-code").first
    line.wait_for(state="attached")
    code = re.search(r"[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}", line.get_attribute("aria-label") or "").group(0)
    for theme, how in (("Light", "code"), ("Dark", "link")):
        page = open_page(url, *PHONE)
        choose_theme(page, theme)
        if how == "code":
            type_into(page, "join-code", code.replace("-", " "))
            tap(page, "join-submit")
        else:
            page.goto(f"{url}/join/{code}")
            enable_semantics(page)
        see(page, "Where does this phone sit?")
        see(page, "I am Ann")
        assert page.url.endswith(f"/join/{code}")
        page.wait_for_timeout(800)  # the new screen's page transition
        shots(page, f"g-joined-by-{how}-{theme.lower()}")
        # and the other way in each theme: the same screen
        other = f"{url}/join/{code}" if how == "code" else None
        if other is None:
            page.goto(url)
            enable_semantics(page)
            type_into(page, "join-code", code)
            tap(page, "join-submit")
        else:
            page.goto(other)
            enable_semantics(page)
        see(page, "Where does this phone sit?")
        see(page, "I am Ann")
        assert page.url.endswith(f"/join/{code}")
        page.wait_for_timeout(800)  # the new screen's page transition
        shots(page, f"g-joined-by-{'link' if how == 'code' else 'code'}-{theme.lower()}")
        page.close()
