"""In Chromium at 390×844: CardPeeGee's new game fits a thumb. Start is on the
first screen, about 40 settings folded into six groups under it, each group's line saying what
differs from the rule text; a changed setting shows there, and the game starts with it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support.harness import by_id, into_view, pick_cards, see, tap, to_top, type_into

pytestmark = pytest.mark.browser

PHONE = (390, 844)
GROUPS = ("heroes", "encounters", "combat", "town", "advanced", "ways-to-win")


def on_screen(page, ident: str) -> bool:
    """The control is within the phone's screen, as it is, without scrolling."""
    box = by_id(page, ident).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1]


def test_cardpeegee_new_game_fits_a_thumb(open_page, server, shots):
    page = open_page(server.url, *PHONE)
    see(page, "Card Companion")
    tap(page, "new-cardpeegee")
    expect(by_id(page, "start")).to_be_visible()
    see(page, "as the rules say")
    assert on_screen(page, "start"), by_id(page, "start").bounding_box()
    for g in GROUPS:
        expect(by_id(page, f"group-{g}")).to_have_count(1)
    expect(by_id(page, "setting-hp_base")).to_have_count(0)  # folded away
    shots(page, "folded")

    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    tap(page, "group-heroes")
    expect(by_id(page, "setting-hp_base")).to_be_visible()
    into_view(page, "setting-hp_base")  # the group opens below the fold: a thumb scrolls to it
    type_into(page, "setting-hp_base", "12")
    see(page, "1 changed: Initial HP 12")
    shots(page, "heroes-open-one-changed")
    to_top(page)
    tap(page, "group-heroes")  # folded again: the line keeps the change
    expect(by_id(page, "setting-hp_base")).to_have_count(0)
    see(page, "1 changed: Initial HP 12")
    assert on_screen(page, "start")
    shots(page, "heroes-folded-with-its-change")

    tap(page, "start")
    see(page, "Ann's Hero")
    see(page, "starting HP = 12 + their total")
    pick_cards(page, "hero-picker", "KH 7H KS 2C")
    tap(page, "hero-submit")
    see(page, "Bea's Hero")
    see(page, "HP: 12 + 7♥ 7 + K♠ 10 + 2♣ 2 = 31")  # the game's own Initial HP: 12, not the text's 15
    shots(page, "started-with-initial-hp-12")
