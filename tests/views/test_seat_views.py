"""On the screens, without a browser: on a player's phone ("I am Ann") another
player's own choice is drawn as waiting ("Bea chooses on Bea's phone (or the table phone).") and
none of its buttons; that player's phone, the table phone, and any phone once the table lets
any phone enter for anyone, draw the entry. (Peace and Love's turn and deal:
tests/peace_and_love/test_views.py, tests/views/test_table_views.py.)"""

from __future__ import annotations

import pytest

from card_companion.companion.cardpeegee import queries
from card_companion.companion.phones.access import TABLE, player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.services import Prefs, Services, ServicesContext
from card_companion.views.table_screen import TablePage
from tests.support.viewkit import FakePage, ViewHarness


def played(game_id: str, *steps, **settings) -> Session:
    game = GAMES[game_id]
    session = Session.start(game, game.make_setup(["Ann", "Bea"], settings))
    for step in steps:
        session = session.push(game.parse_action(step))
    return session


@pytest.fixture
def screen(tmp_path):
    """``screen(session, seat, anyone=False)``: the table's page on a phone sitting as ``seat``."""
    tables = Tables(open_store(tmp_path).store)

    def open_as(session: Session, seat, anyone: bool = False) -> ViewHarness:
        phone = tables.device(tables.new_device_key(), "192.168.1.30")
        gid = phone.create(session)
        phone.take_seat(gid, seat)
        if anyone:
            phone.let_anyone_enter(gid, True)
        ctx = {ServicesContext: Services(store=phone.store, store_problem=None, prefs=Prefs(),
                                         set_prefs=lambda p: None, device=phone, join_base="http://192.168.1.2:8550")}
        return ViewHarness(TablePage, gid, contexts=ctx, page=FakePage(f"/play/{gid}"))

    return open_as


def entries(h: ViewHarness, idents: tuple[str, ...]) -> set[str]:
    return {i for i in idents if h.has(i)}


CASES = {
    # FIGHT!: the coin chose Bea to pick first from the row: the pick is hers
    "fight": (played("fight", {"kind": "row", "cards": ["AS", "2S", "3S"]},
                     {"kind": "coin-flip", "purpose": "first-pick", "winner": 1}),
              "Bea picks on Bea's phone (or the table phone).", "Bea: tap the card you take.", ()),
    # Card Stratego: Ann's first turn (one action) is over: every action of Bea's turn is hers
    "card-stratego": (played("card-stratego", {"kind": "draw"}),
                      "Bea plays this turn on Bea's phone (or the table phone).", None, ("action-draw",)),
    # CardPeeGee: Ann's Hero is in; Bea's is Bea's to enter
    "cardpeegee": (played("cardpeegee", {"kind": "hero", "player": 0, "character": "KH",
                                         "hp_cards": ["5D", "6D", "7D"]}),
                   "Bea enters their Hero on Bea's phone (or the table phone).", "Enter Bea's Hero", ()),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_players_phone_waits_for_another_players_own_choice(screen, game_id):
    session, waits, entry_text, entry_ids = CASES[game_id]
    ann = screen(session, player_seat(0))
    assert waits in ann.texts() and ann.has("waiting")
    if entry_text:
        assert entry_text not in ann.texts()
    assert not entries(ann, entry_ids)
    for seat, anyone in ((player_seat(1), False), (TABLE, False), (player_seat(0), True)):
        other = screen(session, seat, anyone)
        assert waits not in other.texts() and not other.has("waiting"), (seat, anyone)
        if entry_text:
            assert entry_text in other.texts(), (seat, anyone)
        assert entries(other, entry_ids) == set(entry_ids), (seat, anyone)


def test_fight_the_row_cannot_be_tapped_on_the_other_players_phone(screen):
    session = CASES["fight"][0]
    assert not screen(session, player_seat(0)).is_enabled("row-card-0")
    assert screen(session, player_seat(1)).is_enabled("row-card-0")


def test_cardpeegee_the_heros_encounter_is_the_heros_on_the_others_phone(screen):
    session = played("cardpeegee", {"kind": "hero", "player": 0, "character": "KH", "hp_cards": ["5D", "6D", "7D"]},
                     {"kind": "hero", "player": 1, "character": "QS", "hp_cards": ["2C", "3C", "4C"]})
    hero = session.state.turn
    name, other = session.state.name(hero), 1 - hero
    waits = f"{name} chooses on {name}'s phone (or the table phone)."
    assert waits in screen(session, player_seat(other)).texts()
    assert waits not in screen(session, player_seat(hero)).texts()


def test_cardpeegee_a_fight_on_another_players_phone_offers_the_round_and_their_own_choices(screen):
    """The Hero's fight on the other player's phone: the round's score cards (shared) and joining
    the fight (their own), not the Hero's cards to play nor walking away."""
    session = played("cardpeegee", {"kind": "hero", "player": 0, "character": "KH", "hp_cards": ["5D", "6D", "7D"]},
                     {"kind": "hero", "player": 1, "character": "QS", "hp_cards": ["2C", "3C", "4C"]},
                     cry_for_help=True)
    hero = session.state.turn
    game = GAMES["cardpeegee"]
    session = session.push(game.parse_action({"kind": "encounter", "agitator": "5C", "props": ["2H", "3S"]}))
    assert queries.stage(session.state) == "battle"
    other = 1 - hero
    theirs, heros = screen(session, player_seat(other)), screen(session, player_seat(hero))
    assert "Play cards" in heros.texts() and "Play cards" not in theirs.texts()
    assert "Round 1" in theirs.texts() and "Cry for help" in theirs.texts()
    theirs.click("mode-join")
    assert theirs.has(f"join-{other}-0")  # joining is their own choice
    heros.click("mode-join")
    name = session.state.name(other)
    assert not heros.has(f"join-{other}-0")
    assert f"{name} chooses on {name}'s phone (or the table phone) whether to join." in heros.texts()
