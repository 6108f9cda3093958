"""Peace and Love's table on each kind of phone, without a browser:
a player's own phone has one card picker at a time, its target named above it; the odds show
only while the phone's player has a card to choose; after Resolve, Apply is the one filled
button; a watcher's phone says what the player to play does, in the third person."""

from __future__ import annotations

import flet as ft
import pytest

from card_companion.companion.phones.access import TABLE, WATCH, player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.peace_and_love.fight import choice_open, entry_target
from card_companion.views.peace_and_love.turn import turn_hint
from card_companion.views.services import Prefs, Services, ServicesContext
from card_companion.views.table_screen import TablePage
from tests.support.viewkit import FakePage, ViewHarness

PAL = GAMES["peace-and-love"]


def dealt() -> Session:
    """Ann 9♥ K♦ Q♣ (34), Bea 5♠ 2♣ 7♦ (14): Bea's turn."""
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    for p, three in ((0, "9H KD QC"), (1, "5S 2C 7D")):
        s = s.push(PAL.parse_action({"kind": "deal", "player": p, "fighters": three.split()}))
    return s


def fight() -> Session:
    """Bea's 5♠ attacks Ann's 9♥: the places are Bea's card on 5♠, then Ann's card on 9♥."""
    return dealt().push(PAL.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0}))


@pytest.fixture
def phones(tmp_path):
    """``phones(session, seat)``: the table's page on a phone sitting as ``seat``."""
    tables = Tables(open_store(tmp_path).store)
    made = []

    def open_as(session: Session, seat, anyone: bool = False) -> ViewHarness:
        phone = tables.device(tables.new_device_key(), f"192.168.1.{30 + len(made)}")
        gid = phone.create(session)
        phone.take_seat(gid, seat)
        if anyone:  # the table's "any phone may enter for anyone"
            phone.let_anyone_enter(gid, True)
        made.append(gid)
        ctx = {ServicesContext: Services(store=phone.store, store_problem=None, prefs=Prefs(),
                                         set_prefs=lambda p: None, device=phone, join_base="http://192.168.1.2:8550")}
        return ViewHarness(TablePage, gid, contexts=ctx, page=FakePage(f"/play/{gid}"))

    return open_as


def pickers(h: ViewHarness) -> list[str]:
    """The card pickers on the page (each has one Ace button)."""
    return [i.removesuffix("-rank-A") for i in h.ids() if i.endswith("-picker-rank-A")]


def odds(h: ViewHarness) -> list[str]:
    return [i for i in ("fight-odds", "hand-odds") if h.has(i)]


# --- one picker at a time ------------------------------------------------------------------------


def test_a_players_phone_has_one_picker_its_target_named_and_the_other_one_tap_away(phones):
    h = phones(fight(), player_seat(1))  # "I am Bea"
    assert pickers(h) == ["play-picker"]
    assert h.find("entry-target").label == "Entering: the played cards"
    assert "Enter Bea's hand" in h.texts()
    h.click("switch-entry")
    assert pickers(h) == ["hand-picker"]
    assert h.find("entry-target").label == "Entering: Bea's hand"
    assert h.has("play-slot-0") and h.has("play-slot-1")  # the played places stay in sight
    for c in ("3C", "KS", "8H"):
        h.pick("hand-picker", c)
    assert [h.find(f"hand-card-{i}").label for i in range(3)] == [
        "3♣ in the hand; tap to take it back", "K♠ in the hand; tap to take it back",
        "8♥ in the hand; tap to take it back"]
    assert h.find("play-slot-0").label == "Bea's card on 5♠: not entered"  # nothing went into the wrong one
    h.click("switch-entry")  # back to the played cards: the hand entered stays
    assert pickers(h) == ["play-picker"] and h.has("hand-card-2")
    h.pick("play-picker", "3C")
    assert h.find("play-slot-0").label == "Bea's card on 5♠: 3♣" and not h.has("hand-card-3")


def test_a_full_hand_hands_the_picker_to_the_played_cards(phones):
    h = phones(fight(), player_seat(1))
    h.click("switch-entry")
    for c in ("3C", "KS", "8H", "4D", "JC"):  # Bea holds five cards
        h.pick("hand-picker", c)
    assert pickers(h) == ["play-picker"]
    assert h.find("entry-target").label == "Entering: the played cards"


def test_the_whole_table_and_a_watcher_have_the_played_cards_picker_only(phones):
    for seat in (TABLE, WATCH):
        h = phones(fight(), seat)
        assert pickers(h) == ["play-picker"] and not h.has("entry-target") and not h.has("private-hand")


def test_the_target_follows_the_choice_only_on_a_players_phone_and_while_the_hand_is_not_full():
    assert entry_target(True, "hand", 2, 5) == "hand"
    assert entry_target(True, "hand", 5, 5) == "played"  # the hand is entered
    assert entry_target(False, "hand", 0, 5) == "played"  # not a player's own phone in a fight of two
    assert entry_target(True, "played", 0, 5) == "played"


# --- the odds only while the phone's player has a card to choose --------------------------------


def test_the_hand_odds_go_once_the_players_own_card_is_entered(phones):
    h = phones(fight(), player_seat(1))
    h.click("switch-entry")
    for c in ("3C", "KS"):
        h.pick("hand-picker", c)
    assert odds(h) == ["hand-odds"]  # Bea has not entered her card: her choice is open
    h.click("switch-entry")
    h.pick("play-picker", "3C")  # Bea's card: her choice is made
    # and the round's odds over Ann's card are not Bea's choice: none either
    assert odds(h) == []
    h.pick("play-picker", "7H")  # every card known
    assert odds(h) == []


def test_the_round_odds_show_on_the_phone_whose_card_is_missing_only(phones):
    ann = phones(fight(), player_seat(0))
    ann.pick("play-picker", "3C")  # Bea's card; Ann's not entered: her choice is open
    assert odds(ann) == ["fight-odds"]
    assert ann.find("fight-odds").label.startswith("Odds: Bea's 5♠ loses ")
    assert "If Ann's card is any unknown card" in ann.texts()
    ann.pick("play-picker", "7H")
    assert odds(ann) == []
    table = phones(fight(), TABLE)
    table.pick("play-picker", "3C")
    assert odds(table) == []  # the whole table enters the cards once they are face up


def test_choice_open_is_the_phones_player_with_a_card_not_entered():
    assert choice_open(1, (1, 0), ())
    assert choice_open(1, (1, 0), (None, "7H"))
    assert not choice_open(1, (1, 0), ("3C", None))
    assert not choice_open(None, (1, 0), ())  # the whole table, a watcher
    assert not choice_open(2, (1, 0), ())  # a player outside the fight


# --- one filled button, the next action -----------------------------------------------------------


def filled(h: ViewHarness, ident: str) -> bool:
    b = h.find(ident).content
    assert isinstance(b, ft.FilledButton | ft.OutlinedButton), b
    return isinstance(b, ft.FilledButton)


def test_after_resolve_apply_is_the_one_filled_button(phones):
    h = phones(fight(), TABLE)
    h.pick("play-picker", "3C")
    h.pick("play-picker", "7H")
    assert filled(h, "play-submit")  # Resolve is next
    h.click("play-submit")
    assert h.has("preview") and filled(h, "apply") and not filled(h, "play-submit")
    h.click("play-slot-1")  # a card changed: Resolve is next again
    h.pick("play-picker", "8H")
    assert not h.has("apply") and filled(h, "play-submit")


def test_the_switch_of_target_is_never_filled(phones):
    h = phones(fight(), player_seat(1))
    assert not filled(h, "switch-entry") and filled(h, "play-submit")


# --- the turn's prompt in the words of the phone ------------------------------------------------


def test_a_watchers_phone_says_what_happens_in_the_third_person(phones):
    h = phones(dealt(), WATCH)
    texts = h.texts()
    assert "Bea chooses an untapped fighter and the fighter to attack." in texts
    assert "Tap one of" not in texts and " your " not in texts


def test_another_players_phone_waits_for_the_player_to_play(phones):
    """On "I am Ann", Bea's turn is Bea's choice: Ann's phone says so, without
    Bea's buttons; with the table's "any phone may enter for anyone", it taps for Bea."""
    yours = "Tap one of your untapped fighters, then the fighter you attack."
    ann = phones(dealt(), player_seat(0))
    assert "Bea chooses on Bea's phone (or the table phone)." in ann.texts()
    assert not ann.has("mode") and not ann.has("start-fight") and "Tap one of" not in ann.texts()
    anyone = phones(dealt(), player_seat(0), anyone=True).texts()
    assert "Tap one of Bea's untapped fighters, then the fighter Bea attacks." in anyone
    assert yours in phones(dealt(), player_seat(1)).texts() and yours in phones(dealt(), TABLE).texts()


@pytest.mark.parametrize("mode", ["fight", "retire", "refresh"])
def test_no_mode_tells_a_watcher_to_tap(mode):
    said = turn_hint(mode, "Bea", 3, "watching")
    assert said.startswith("Bea ") and "Tap" not in said and "your" not in said
    assert "your" not in turn_hint(mode, "Bea", 3, "other") and "Bea's" in turn_hint(mode, "Bea", 3, "other")
