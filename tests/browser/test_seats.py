"""In Chromium at 390×844, light and dark: two phones at one Peace and Love
table, "I am Ann" and "I am Bea", on Bea's turn. Ann's phone shows Bea's turn as waiting
(none of Bea's buttons), Bea's phone chooses; the table's "any phone may enter for anyone",
turned on on Ann's phone, gives Ann Bea's entries (and Bea's phone hears of it), and Ann
enters Bea's refresh."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_companion.companion.registry import GAMES
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, choose_theme, save_game, see, tap

pytestmark = pytest.mark.browser

PHONE = (390, 844)
DEALS = ({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]},   # 34
         {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]})   # 14: Bea goes first


def dealt() -> Session:
    game = GAMES["peace-and-love"]
    session = Session.start(game, game.make_setup(["Ann", "Bea"]))
    for step in DEALS:
        session = session.push(game.parse_action(step))
    return session


def sit(page, gid: str, seat: str, sits_as: str) -> None:
    """From the home screen: open the game (the server's own machine: at the whole table at
    first), tap the seat, pick ``seat``."""
    tap(page, f"resume-{gid}")
    see(page, "Bea's turn")
    tap(page, "seat")
    see(page, "Where does this phone sit?")
    tap(page, seat)
    see(page, f"You: {sits_as}")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_two_phones_each_enters_its_own_players_choices(open_page, start_server, tmp_path, shots, theme):
    data = tmp_path / "data"
    gid = save_game(data, dealt())
    server = start_server(data)
    ann, bea = open_page(server.url, *PHONE), open_page(server.url, *PHONE)
    for page in (ann, bea):
        choose_theme(page, theme)
    sit(ann, gid, "seat-player-0", "Ann")
    sit(bea, gid, "seat-player-1", "Bea")
    suffix = theme.lower()

    # Ann's phone: Bea's turn is Bea's to choose
    see(ann, "Bea chooses on Bea's phone (or the table phone).")
    for ident in ("mode", "start-fight", "refresh"):
        expect(by_id(ann, ident)).to_have_count(0)
    shots(ann, f"1-ann-waits-{suffix}")

    # Bea's phone: her own turn, with her buttons
    see(bea, "Tap one of your untapped fighters, then the fighter you attack.")
    expect(by_id(bea, "mode")).not_to_have_count(0)
    expect(by_id(bea, "waiting")).to_have_count(0)
    shots(bea, f"2-bea-chooses-{suffix}")

    # Ann turns on "any phone may enter for anyone": both phones follow the table's setting
    tap(ann, "seat")
    see(ann, "Any phone may enter for anyone")
    shots(ann, f"3-ann-setting-off-{suffix}")
    tap(ann, "anyone-enters")
    see(bea, "Ann let any phone enter for anyone.")
    shots(ann, f"3b-ann-setting-on-{suffix}")
    tap(ann, "seat-cancel")
    see(ann, "Tap one of Bea's untapped fighters, then the fighter Bea attacks.")
    expect(by_id(ann, "waiting")).to_have_count(0)
    shots(ann, f"4-ann-enters-for-bea-{suffix}")

    # and Ann enters Bea's refresh on Ann's phone
    by_id(ann, "mode").get_by_text("Refresh").click()
    tap(ann, "fighter-1-0")
    tap(ann, "refresh")
    see(bea, "Ann's turn", timeout=15_000)
    see(ann, "Ann's turn")
    shots(ann, f"5-ann-entered-beas-refresh-{suffix}")
    shots(bea, f"6-bea-sees-it-{suffix}")
