"""In Chromium at 390×844, light and dark: a new game started for one phone
opens for play (its first step above the fold, the invite folded into the code chip); one
started for several phones opens with the invite (QR code, code, link), the same after a
reload of that page; the choice is offered again for the next game; a game resumed from the
saved games opens for play."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support.harness import by_id, choose_theme, enable_semantics, see, settle, tap, type_into

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def box_of(page, ident: str) -> dict:
    loc = by_id(page, ident).first
    loc.wait_for(state="attached", timeout=10_000)
    box = loc.bounding_box()
    assert box is not None, ident
    return box


def new_game(page, game_id: str, several: bool | None = None) -> None:
    """From the home screen: a new game of Ann and Bea, started for one phone or several
    (None: as the screen offers it)."""
    tap(page, f"new-{game_id}")
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    if several is not None:
        by_id(page, "phones").get_by_text("Several phones" if several else "One phone").click()
        page.wait_for_timeout(300)
    tap(page, "start")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_one_phone_opens_for_play_and_several_phones_with_the_invite(theme, open_page, start_server, tmp_path,
                                                                      shots):
    server = start_server(tmp_path / "data")
    page = open_page(server.url, *PHONE)
    choose_theme(page, theme)
    t = theme.lower()

    # one phone (what a browser is offered first): the deal, the first step, on the first screen
    see(page, "Card Companion")
    tap(page, "new-peace-and-love")
    see(page, "One phone")
    shots(page, f"1-new-game-{t}")
    tap(page, "back")
    new_game(page, "peace-and-love")
    see(page, "Deal: Ann's three fighters")
    settle(page)
    shots(page, f"2-one-phone-{t}")
    expect(by_id(page, "invite-panel")).to_have_count(0)
    chip = box_of(page, "table-code")
    assert chip["y"] + chip["height"] <= PHONE[1]
    panel = box_of(page, "deal-panel")
    assert 0 <= panel["y"] < PHONE[1] - 200, panel  # the step's heading and its first lines show
    first_rank = box_of(page, "deal-picker-rank-A")
    assert first_rank["y"] + first_rank["height"] <= PHONE[1], first_rank  # the entry's first tap too
    tap(page, "table-code")  # the chip opens the invite
    see(page, "Get the other phones in")
    tap(page, "back")

    # several phones: the invite opens by itself, and again when that page is loaded again
    new_game(page, "card-stratego", several=True)
    see(page, "Get the other phones in")
    assert "phones=several" in page.url
    box_of(page, "invite-qr")
    settle(page)
    shots(page, f"3-several-phones-{t}")
    page.reload()
    enable_semantics(page)
    see(page, "Get the other phones in")
    tap(page, "back")

    # the next game is offered for several phones: this browser's last choice
    new_game(page, "fight")
    see(page, "Get the other phones in")
    tap(page, "back")

    # a game resumed from the saved games opens for play
    see(page, "Saved games")
    resume = page.locator('[flt-semantics-identifier^="resume-"]').first
    resume.click()
    by_id(page, "table-code").first.wait_for(state="attached")
    page.wait_for_timeout(500)
    expect(by_id(page, "invite-panel")).to_have_count(0)
    settle(page)
    shots(page, f"4-resumed-{t}")
