"""In Chromium at 390×844: the rules screen you can find your way in. A
contents entry opens its section, a word searched for is listed in each paragraph it is in,
a ruling's link opens the rule paragraph it settles, and the back arrow returns home
(screenshots in test-output/screenshots/)."""

from __future__ import annotations

import pytest

from tests.browser.support.harness import by_id, see, tap, type_into

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def test_contents_search_and_rulings_links(open_page, server, shots):
    page = open_page(server.url, *PHONE)
    see(page, "Card Companion")
    tap(page, "rules-cardpeegee")
    see(page, "Contents")
    see(page, "Appendix 3 Boss Battles")
    shots(page, "contents", full_page=False)
    tap(page, "contents-10")  # Traps
    see(page, "Encounter: Trap")
    see(page, "Traps are sprung without warning")
    shots(page, "section-traps", full_page=False)
    tap(page, "rule-contents-back")
    see(page, "Contents")
    type_into(page, "rule-search", "revolution")
    see(page, "found 1 time in 1 paragraph")
    see(page, "ADDITIONAL GAMEPLAY")
    shots(page, "search-revolution", full_page=False)
    tap(page, "rule-hit-0")
    see(page, "Every Day I'm Shuffling")
    shots(page, "search-hit-opened", full_page=False)
    by_id(page, "rules-tab").get_by_text("Rulings").click()
    see(page, "Rulings given with the project")
    shots(page, "rulings", full_page=False)
    tap(page, "ruling-0-rule")  # Values: A 11, J/Q/K 10 ... → THE BASICS, the card values
    see(page, "THE BASICS")
    see(page, "Aces score 11")
    shots(page, "ruling-opened-its-rule", full_page=False)
    tap(page, "back")
    see(page, "Saved games")
