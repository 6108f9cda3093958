"""The smaller things seen at the table (the hand's odds in a fight of three are
tests/peace_and_love/test_hand_odds_in_a_fight_of_three.py), each against what was seen: a
name said once, a result card only while it is news, a change said in words, the dots labelled,
a code and a link landing on one screen."""

from __future__ import annotations

import flet as ft
import pytest

from card_companion.companion.phones.access import format_table_code, player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.phones.live import Committed
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.live_table import news_of
from tests.games.test_all_games import play
from tests.peace_and_love.test_views import fight
from tests.support.viewkit import FakePage, ViewHarness

PAL = GAMES["peace-and-love"]


def dealt_three() -> Session:
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea", "Cy"]))
    for p, fighters in ((0, "9H KD QC"), (1, "5S 2C 7D")):
        s = s.push(PAL.parse_action({"kind": "deal", "player": p, "fighters": fighters.split()}))
    return s


# --- b: "Cy: Cy's fighters…" ----------------------------------------------------------------------


def test_another_phones_step_that_names_its_player_says_the_name_once():
    before = dealt_three()
    after = before.push(PAL.parse_action({"kind": "deal", "player": 2, "fighters": ["8D", "10S", "JH"]}))
    step = "Cy's fighters: 8♦ 10♠ J♥ (total 29); Bea has the lowest total and goes first"
    assert after.last_step() == step

    def said(kind: str, by: str, session=after) -> str:
        return news_of(Committed("g", 2, 3, kind, session, by=by), None)

    assert said("enter", "Cy") == step  # not "Cy: Cy's fighters: …"
    assert said("enter", "Ann") == f"Ann: {step}"  # Ann entered Cy's deal: both names matter
    assert said("enter", "the table phone") == f"The table phone: {step}"
    assert said("enter", "C") == f"C: {step}"  # a name that only begins another is not it
    # an undo says who undid it, then the step it took back
    assert said("undo", "Cy", after.undo()) == f"Cy undid: {step}"


# --- c: "FIGHT!: Bob wins the FIGHT! 2–0" ----------------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_games_headline_does_not_say_the_games_name(game_id):
    """Every place that says a headline names the game already (Tonight: "FIGHT!: …", the saved
    games' cards, the latest games): the headline itself never does."""
    game = GAMES[game_id]
    finished = [s for s in (play(game, seed, check_every_step=False) for seed in range(3)) if s.is_over]
    assert finished
    for s in finished:
        assert game.name not in game.headline(s.state), game.headline(s.state)


def test_fights_headline_says_the_rounds():
    from card_companion.companion.fight.winning import rounds_to

    # "The first fighter to win 2 rounds wins the FIGHT!": a 2–0 is "2 rounds to 0"
    assert rounds_to(2, 0) == "2 rounds to 0"


# --- d: the last fight's result card ---------------------------------------------------------------


def _phones(tmp_path):
    from card_companion.views.services import Prefs, Services, ServicesContext
    from card_companion.views.table_screen import TablePage

    tables = Tables(open_store(tmp_path).store)

    def open_as(session: Session, seat) -> ViewHarness:
        phone = tables.device(tables.new_device_key(), "192.168.1.40")
        gid = phone.create(session)
        phone.take_seat(gid, seat)
        ctx = {ServicesContext: Services(store=phone.store, store_problem=None, prefs=Prefs(),
                                         set_prefs=lambda p: None, device=phone, join_base="http://192.168.1.2:8550")}
        return ViewHarness(TablePage, gid, contexts=ctx, page=FakePage(f"/play/{gid}"))

    return open_as


def test_the_fights_result_shows_until_the_next_step_that_is_not_the_fights(tmp_path):
    """Bea's 5♠ attacks Ann's 9♥; 3♣ on 5♠ = 2, 7♥ on 9♥ = 2 and a trump: a tie, lost by the
    defender, Ann. Her new fighter (a step of that fight): the round still shows. Ann's turn,
    a Retire or a Refresh: the fight is over, its card goes."""
    open_as = _phones(tmp_path)
    played = fight().push(PAL.parse_action({"kind": "play", "cards": {"1": "3C", "0": "7H"}}))
    assert open_as(played, player_seat(0)).has("round-result")
    replaced = played.push(PAL.parse_action({"kind": "new-fighter", "card": "4D"}))
    assert open_as(replaced, player_seat(0)).has("round-result")
    for step in ({"kind": "retire", "fighter": 1, "new_fighter": "6S"}, {"kind": "refresh", "fighter": 1}):
        later = replaced.push(PAL.parse_action(step))
        assert later.state.last_round is not None  # the state still has it: the screen no longer shows it
        assert not open_as(later, player_seat(1)).has("round-result"), step


def test_the_result_card_goes_on_the_same_page_at_the_next_turn(tmp_path):
    """One page drawn through the fight's last steps and the Refresh after it, entered on it
    (the whole table's phone): the card shows after the round and the new fighter, then goes."""
    from card_companion.companion.phones.access import TABLE

    open_as = _phones(tmp_path)
    played = fight().push(PAL.parse_action({"kind": "play", "cards": {"1": "3C", "0": "7H"}}))
    h = open_as(played, TABLE)
    assert h.has("round-result")
    h.pick("new-fighter-picker", "4D")
    h.click("new-fighter-submit")
    assert h.has("round-result") and h.has("turn-panel")  # Ann's turn; the fight just ended
    h.select("mode", "refresh")
    h.click("fighter-0-1")  # Ann's K♦
    h.click("refresh")
    assert "refresh" in h.texts().lower() and not h.has("round-result")


def test_an_undo_back_to_a_kept_entry_shows_it_empty(tmp_path):
    """The fight's panel stays mounted, hidden, through Ann's turn (issue 36): an undo that
    brings her new fighter's step back shows its entry empty, as a new drawing of that step
    would, not with the 4♦ entered for the step undone."""
    from card_companion.companion.phones.access import TABLE

    open_as = _phones(tmp_path)
    played = fight().push(PAL.parse_action({"kind": "play", "cards": {"1": "3C", "0": "7H"}}))
    h = open_as(played, TABLE)
    assert h.find("new-fighter-slot-0").label == "New fighter: not entered"
    h.pick("new-fighter-picker", "4D")
    assert h.find("new-fighter-slot-0").label == "New fighter: 4♦"
    h.click("new-fighter-submit")
    assert h.has("turn-panel") and not h.has("new-fighter-slot-0")  # Ann's turn: the entry is hidden
    h.click("undo")
    assert h.find("new-fighter-slot-0").label == "New fighter: not entered"
    assert h.has("new-fighter-picker")  # the table's keyboard serves it again


# --- e: PC War's "in hand −1" ---------------------------------------------------------------------


def test_pc_wars_change_is_said_in_words(tmp_path):
    from card_companion.companion.pc_war import Flip
    from card_companion.views.pc_war.players import change_words
    from tests.pc_war.test_views import open_table

    store = open_store(tmp_path).store
    _, h = open_table(store, actions=(Flip(higher="left"),))
    shown = [c.value for c in h.all_under("hand-0") if isinstance(c, ft.Text)]
    assert "−1 last step" in shown  # on the screen: what the −1 is
    assert h.find("hand-0").label == "Ann's hand: 26 cards (1 fewer than before the last step)"
    assert change_words(2) == "2 more than before the last step"


# --- f: Card Stratego's dots -----------------------------------------------------------------------


def test_card_stratego_dots_say_what_they_count(tmp_path):
    from card_companion.companion.card_stratego import PutIntoPlay
    from tests.card_stratego.test_views import open_game

    store = open_store(tmp_path).store
    _, h = open_game(store, actions=(PutIntoPlay(column=1, position=0),))  # Bea's turn: 2 actions
    h.click("action-draw")  # one used, one left
    assert h.find("actions-left").label == "Actions left: 1 of 2"
    pips = h.find("turn-pips")
    left, allotted = h.find("actions-left").label.removeprefix("Actions left: ").split(" of ")
    used = int(allotted) - int(left)
    assert pips.label == f"Actions this turn: {left} left (filled dots), {used} used (hollow dots)"
    under = h.all_under("turn-pips")
    assert "Actions" in [c.value for c in under if isinstance(c, ft.Text)]
    icons = [c.icon for c in under if isinstance(c, ft.Icon)]
    assert icons.count(ft.Icons.CIRCLE) == int(left) and len(icons) == int(allotted)


# --- g: a code and a link land on the same screen --------------------------------------------------


def test_joining_by_code_lands_where_the_link_lands(tmp_path):
    from card_companion.views.home import HomeScreen
    from card_companion.views.joining import JoinScreen
    from tests.views.test_table_views import ctx, new_pal, phone

    tables = Tables(open_store(tmp_path).store)
    a, b = phone(tables), phone(tables, "192.168.1.21")
    gid = new_pal(a)
    code = format_table_code(tables.store.snapshot(gid).code)
    home = ViewHarness(HomeScreen, contexts=ctx(b))
    home.type("join-code", code.lower().replace("-", " "))
    home.click("join-submit")
    link = f"/join/{code}"  # the QR code's link: http://…/join/<code>
    assert home.page.routes == [link]
    by_code = ViewHarness(JoinScreen, contexts=ctx(b), route_params={"code": code}, page=FakePage(link))
    c = phone(tables, "192.168.1.22")
    by_link = ViewHarness(JoinScreen, contexts=ctx(c), route_params={"code": code}, page=FakePage(link))
    for h in (by_code, by_link):
        assert h.has("seat-picker") and "I am Ann" in h.texts()


# --- h: the new step's heading under the app bar --------------------------------------------------


def test_the_table_jumps_to_its_top_without_an_animation(monkeypatch):
    """The scroll back to the top after a step is a jump (duration 0): an animated one was cut
    short when the step made the page shorter (the browser test measures the heading in
    Chromium, tests/browser/test_small_things.py; tests/support/viewkit.py runs no effects)."""
    from card_companion.views import navigation

    class View(ft.View):
        pass

    sent: list[dict] = []

    class Page:
        views = [View()]

        def run_task(self, fn, **kw):
            sent.append(kw)

    monkeypatch.setattr(ft, "context", type("C", (), {"page": Page()})())
    navigation.scroll_to_top()
    assert sent == [{"offset": 0, "duration": 0}]
