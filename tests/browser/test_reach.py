"""In Chromium at 390×844, light and dark: on a player's own phone every control
of a step is on the screen when it is to be tapped, with no scroll by the test between the
taps (the app may bring the next one up itself: views/reach.py). Card Stratego: Put into play
(the action, a place, the confirmation); Peace and Love: a Retire (the mode, one's own
fighter, the new fighter's card, Retire), a Refresh (the mode, one's own fighter, Refresh), a
fight of two players (one's own fighter, the attacked one, Start the fight) and one of three
with a joiner (one's own fighter, the attacked one, the joining one, Start the fight; then the
fight's cards, Resolve, Apply, the loser's new fighter and round two's entry)."""

from __future__ import annotations

import random
import time

import pytest

from card_companion.companion.registry import GAMES
from card_companion.companion.session import Session
from tests.browser.support.harness import (
    by_id,
    choose_theme,
    enable_semantics,
    save_game,
    see,
    settle,
    tap,
    tappable,
)
from tests.support.play import random_steps

pytestmark = pytest.mark.browser

PHONE = (390, 844)
APP_BAR = 56
"""the app bar's height: a control under it cannot be tapped"""
STILL = 5
"""polls 150 ms apart that find a control where it was: the screen is still (0.75 s, beyond
the app's second scroll, views/reach.py's AGAIN_AFTER)"""


def seeded(game_id: str, steps=(), names=("Ann", "Bea")):
    g = GAMES[game_id]
    s = Session.start(g, g.make_setup(list(names)))
    for step in steps:
        s = s.push(g.parse_action(step))
    return s


PAL_DEALT = [{"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]},
             {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]}]
"""Bea's fighters total 14, Ann's 34: Bea plays first"""


def phone(start_server, open_page, data, theme: str):
    """The server over ``data`` and a 390×844 page in ``theme``."""
    server = start_server(data)
    page = open_page(server.url, *PHONE)
    choose_theme(page, theme)
    return server, page


def in_view_box(page, ident: str, timeout: float = 3.0) -> dict:
    """The box of the control with this test id once it lies wholly on the screen, below the
    app bar, and the screen is still (the app's own scroll, views/reach.py, over: a finger
    taps a still screen; a tap on a moving one only stops it); fails if it never does."""
    loc = by_id(page, ident).first
    loc.wait_for(state="attached", timeout=10_000)
    deadline = time.monotonic() + timeout
    box, same = None, 0
    while time.monotonic() < deadline:
        now = loc.bounding_box()
        same = same + 1 if now is not None and now == box else 0
        box = now
        if same >= STILL and box is not None and box["y"] >= APP_BAR and box["y"] + box["height"] <= PHONE[1]:
            return box
        page.wait_for_timeout(150)
    raise AssertionError(f"{ident} is not on the screen when it is to be tapped: {box}")


def tap_in_view(page, ident: str) -> None:
    """Tap the control where it is on the screen (a finger's tap: no scroll first)."""
    box = in_view_box(page, ident)
    page.locator(tappable(ident)).first.wait_for(state="attached", timeout=10_000)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def sit(page, url: str, seat: str) -> None:
    """Open the table and sit as one of its players (a saved game opens as the whole table)."""
    page.goto(url)
    enable_semantics(page)
    tap(page, "seat")
    see(page, "Where does this phone sit?")
    tap(page, seat)


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_card_stratego_put_into_play_in_reach(theme, open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    gid = save_game(data, seeded("card-stratego"))
    server, page = phone(start_server, open_page, data, theme)
    sit(page, f"{server.url}/play/{gid}", "seat-player-0")
    see(page, "You: Ann")
    settle(page)
    shots(page, f"1-turn-{theme.lower()}")
    tap_in_view(page, "action-play")
    see(page, "Tap a green place on your side")
    tap_in_view(page, "cell-0-1-0")
    see(page, "column 2, front rank")
    in_view_box(page, "play-submit")
    settle(page)
    shots(page, f"2-put-into-play-{theme.lower()}")
    tap_in_view(page, "play-submit")
    see(page, "Last: ")
    settle(page)
    shots(page, f"3-after-{theme.lower()}")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_peace_and_love_retire_and_refresh_in_reach(theme, open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    retire_gid = save_game(data, seeded("peace-and-love", PAL_DEALT))
    refresh_gid = save_game(data, seeded("peace-and-love", PAL_DEALT))
    server, page = phone(start_server, open_page, data, theme)

    sit(page, f"{server.url}/play/{retire_gid}", "seat-player-1")
    see(page, "You: Bea")
    settle(page)
    shots(page, f"1-turn-{theme.lower()}")
    box = in_view_box(page, "mode")
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)  # its middle segment: Retire
    see(page, "to retire it to your hand")
    tap_in_view(page, "fighter-1-0")
    see(page, "Retiring: 5♠")
    settle(page)
    shots(page, f"2-retire-entry-{theme.lower()}")
    tap_in_view(page, "retire-picker-rank-8")
    tap_in_view(page, "retire-picker-suit-C")
    tap_in_view(page, "retire-submit")
    see(page, "Ann's turn")
    settle(page)
    shots(page, f"3-retired-{theme.lower()}")

    sit(page, f"{server.url}/play/{refresh_gid}", "seat-player-1")
    see(page, "You: Bea")
    box = in_view_box(page, "mode")
    page.mouse.click(box["x"] + box["width"] * 5 / 6, box["y"] + box["height"] / 2)  # its last segment: Refresh
    see(page, "to tap it, put three cards")
    tap_in_view(page, "fighter-1-2")
    see(page, "Tapping: 7♦")
    settle(page)
    shots(page, f"4-refresh-entry-{theme.lower()}")
    tap_in_view(page, "refresh")
    see(page, "Ann's turn")
    settle(page)
    shots(page, f"5-refreshed-{theme.lower()}")


PAL_DEALT_3 = [*PAL_DEALT[:1], {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]},
               {"kind": "deal", "player": 2, "fighters": ["8S", "6C", "JD"]}]
"""three players: Bea's fighters total 14, Cy's 25, Ann's 34: Bea plays first"""


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_peace_and_love_fight_in_reach(theme, open_page, start_server, tmp_path, shots):
    # on the phone of the player to play, the turn opens at its end: one's own fighters at the
    # bottom, the attacked one's above them (and, with two players, Start the fight). Once the
    # two are tapped, Start the fight comes up with the other players' panels under it, where
    # the fighters that may join are: a fight of two, then one of three players with a joiner
    data = tmp_path / "data"
    two = save_game(data, seeded("peace-and-love", PAL_DEALT))
    whole = save_game(data, seeded("peace-and-love", PAL_DEALT))
    three = save_game(data, seeded("peace-and-love", PAL_DEALT_3, ("Ann", "Bea", "Cy")))
    server, page = phone(start_server, open_page, data, theme)

    sit(page, f"{server.url}/play/{two}", "seat-player-1")
    see(page, "You: Bea")
    tap_in_view(page, "fighter-1-0")
    settle(page)
    shots(page, f"1-two-turn-{theme.lower()}")
    tap_in_view(page, "fighter-0-0")
    box = in_view_box(page, "start-fight")
    settle(page)
    shots(page, f"2-two-chosen-{theme.lower()}")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    see(page, "Fight · round 1")
    settle(page)
    shots(page, f"3-two-started-{theme.lower()}")

    # the whole table's phone, two players: the turn's area at the top, both players under it
    page.goto(f"{server.url}/play/{whole}")
    enable_semantics(page)
    see(page, "The whole table")
    tap_in_view(page, "fighter-1-0")
    tap_in_view(page, "fighter-0-0")
    box = in_view_box(page, "start-fight")
    settle(page)
    shots(page, f"4-whole-table-chosen-{theme.lower()}")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    see(page, "Fight · round 1")

    sit(page, f"{server.url}/play/{three}", "seat-player-1")
    see(page, "You: Bea")
    tap_in_view(page, "fighter-1-0")
    settle(page)
    shots(page, f"5-three-turn-{theme.lower()}")
    tap_in_view(page, "fighter-2-0")  # Cy's 8♠ is attacked
    in_view_box(page, "start-fight")
    tap_in_view(page, "fighter-0-1")  # Ann's K♦ joins
    see(page, "Joining: Ann's K♦")
    box = in_view_box(page, "start-fight")
    settle(page)
    shots(page, f"6-three-chosen-{theme.lower()}")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    see(page, "Fight · round 1")
    # the fight's entry: its heading at the top, the picker and Resolve under it; then what
    # Resolve found, with Apply
    for rank, suit in (("3", "H"), ("4", "H"), ("6", "H")):
        tap_in_view(page, f"play-picker-rank-{rank}")
        tap_in_view(page, f"play-picker-suit-{suit}")
    settle(page)
    shots(page, f"7-three-entered-{theme.lower()}")
    tap_in_view(page, "play-submit")
    see(page, "Results: ")
    in_view_box(page, "apply")
    settle(page)
    shots(page, f"8-three-resolved-{theme.lower()}")
    tap_in_view(page, "apply")
    see(page, "Bea's new fighter")  # Bea's 5♠ lost the round (5 − 3 = 2, the lowest)
    settle(page)
    shots(page, f"9-three-new-fighter-{theme.lower()}")
    tap_in_view(page, "new-fighter-picker-rank-2")
    tap_in_view(page, "new-fighter-picker-suit-S")
    tap_in_view(page, "new-fighter-submit")
    see(page, "Fight · round 2")
    in_view_box(page, "play-picker-rank-A")
    settle(page)
    shots(page, f"10-three-round-two-{theme.lower()}")


def random_session(game_id: str, steps: int, seed: int = 7):
    """A game after ``steps`` steps of the tests' random play (seeded: the same game each run)."""
    return random_steps(GAMES[game_id], random.Random(seed), steps)


def scroll_until_in_view(page, ident: str) -> None:
    """The finger's one scroll before a step's first tap: down until that control shows."""
    box = by_id(page, ident).first.bounding_box()
    assert box is not None
    below = box["y"] + box["height"] - PHONE[1]
    if below > 0:
        page.mouse.move(PHONE[0] / 2, PHONE[1] / 2)
        page.mouse.wheel(0, below + 24)


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_entries_low_on_the_screen_come_up(theme, open_page, start_server, tmp_path, shots):
    # PC War's card entry lies under the one-tap buttons and the last flip, CardPeeGee's score
    # entry and its modes under a fight round's odds, its any-time gifts under the heroes,
    # FIGHT!'s entry under the turn's heading: the finger scrolls once, to the step's first tap;
    # from there on, every tap of the step is on the screen (views/reach.py)
    data = tmp_path / "data"
    pc_war = save_game(data, random_session("pc-war", 1))  # flip 2, Bea's pile +2
    cardpeegee = save_game(data, random_session("cardpeegee", 14, seed=97))  # P1 attacks P0, round 5: 3 cards each
    cardpeegee_play = save_game(data, random_session("cardpeegee", 5, seed=5))  # P0's Boss Battle, round 1
    cardpeegee_give = save_game(data, random_session("cardpeegee", 4, seed=1))  # P0 draws; anyone may give
    fight = save_game(data, random_session("fight", 9))  # turn 2: both cards
    server, page = phone(start_server, open_page, data, theme)

    sit(page, f"{server.url}/play/{pc_war}", "seat-player-0")
    see(page, "Or enter the two cards")
    settle(page)
    scroll_until_in_view(page, "flip-picker-rank-A")
    for rank, suit in (("9", "S"), ("4", "D")):  # cards nobody has flipped (the random flip took others)
        tap_in_view(page, f"flip-picker-rank-{rank}")
        tap_in_view(page, f"flip-picker-suit-{suit}")
    in_view_box(page, "flip-submit")
    settle(page)
    shots(page, f"1-pc-war-entered-{theme.lower()}")
    tap_in_view(page, "flip-submit")
    see(page, "Flip 3")
    settle(page)
    shots(page, f"2-pc-war-compared-{theme.lower()}")

    sit(page, f"{server.url}/play/{cardpeegee}", "seat-player-0")
    see(page, "fight round 5")
    settle(page)
    shots(page, f"3-cardpeegee-round-{theme.lower()}")
    scroll_until_in_view(page, "score-picker-rank-A")
    for card in ("2S", "3S", "4S", "2D", "3D", "4D"):
        tap_in_view(page, f"score-picker-rank-{card[0]}")
        tap_in_view(page, f"score-picker-suit-{card[1]}")
    in_view_box(page, "score-submit")
    settle(page)
    shots(page, f"4-cardpeegee-entered-{theme.lower()}")

    sit(page, f"{server.url}/play/{cardpeegee_play}", "seat-player-0")
    see(page, "fight round 1")
    scroll_until_in_view(page, "mode-play")
    tap_in_view(page, "mode-play")  # play a card instead of the round: the form comes up
    tap_in_view(page, "play-picker-rank-5")
    tap_in_view(page, "play-picker-suit-H")
    in_view_box(page, "play-submit")
    settle(page)
    shots(page, f"5-cardpeegee-play-{theme.lower()}")

    sit(page, f"{server.url}/play/{cardpeegee_give}", "seat-player-0")
    see(page, "draw the encounter")
    scroll_until_in_view(page, "any-time-give")  # the foot of the table, under the heroes
    tap_in_view(page, "any-time-give")
    tap_in_view(page, "give-more")
    in_view_box(page, "give-submit")
    settle(page)
    shots(page, f"6-cardpeegee-give-{theme.lower()}")

    sit(page, f"{server.url}/play/{fight}", "seat-player-0")
    see(page, "Ready, set, FIGHT!")
    settle(page)
    scroll_until_in_view(page, "fight-picker-rank-A")
    for rank, suit in (("4", "S"), ("3", "H")):
        tap_in_view(page, f"fight-picker-rank-{rank}")
        tap_in_view(page, f"fight-picker-suit-{suit}")
    in_view_box(page, "fight-submit")
    settle(page)
    shots(page, f"7-fight-entered-{theme.lower()}")
    tap_in_view(page, "fight-submit")
    see(page, "Turn 2: ")
    settle(page)
    shots(page, f"8-fight-resolved-{theme.lower()}")
