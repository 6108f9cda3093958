"""Seats mean something: a player's phone ("I am Ann") enters Ann's own
choices and the shared steps; another player's own choice is refused in one sentence and
nothing changes; the table phone enters everything; the table's "any phone may enter for
anyone" lifts the check. Each game's steps say whose choice they are (``chosen_by``), as its
rule text says, and ``Device.act`` applies the one check.
"""

from __future__ import annotations

import random
import re
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.companion.game import SHARED, TURN
from card_companion.companion.log_changes import EditStep, EnterStep, Undo
from card_companion.companion.phones.access import TABLE, WATCH, NotYourChoice, Refused, player_seat
from card_companion.companion.phones.devices import Device, Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.live_table import LiveTable

# --- the description, as each rule text says it -------------------------------------------------

WHOSE = {
    # Peace and Love: "deal three cards face up to each player": a player's own fighters; "On your
    # turn you may do one of three things": fight, retire, refresh; the cards put face down and
    # revealed, the new fighter drawn off the deck, the app's random first player and the stop: shared
    "peace-and-love": {"deal": "player", "first-player": SHARED, "fight": TURN, "play": SHARED,
                       "new-fighter": SHARED, "retire": TURN, "refresh": TURN, "stop": SHARED},
    # FIGHT!: "The winner of the turn draws a face up card of their choice"; on "FIGHT!" both play
    # face up at once; the row is the deck's, the coin is flipped for both
    "fight": {"row": SHARED, "coin-flip": SHARED, "pick": "player", "fight": SHARED},
    # PC War: nobody chooses anything: the cards flip off the piles, a tie forces the trade
    "pc-war": {"flip": SHARED, "swap": SHARED, "war": SHARED, "stop": SHARED, "recount": SHARED},
    # Card Stratego: "You have from three to five actions on your turn"
    "card-stratego": {k: TURN for k in ("draw", "play", "attack", "jack-rearrange", "jack-reveal", "joker",
                                        "scout", "six", "drain", "consolidate", "end-turn")},
    # CardPeeGee: each player's own Hero, cards and gifts; "Each player, in turn, becomes the Hero";
    # the score cards drawn for a round or an evasion, the Allies dividing the loot, the revolution
    "cardpeegee": {"hero": "player", "encounter": TURN, "attack": TURN, "activate": "player", "play": "player",
                   "join": "player", "flee": "player", "heal-and-defend": "player", "round": SHARED,
                   "disarm": TURN, "fee": TURN, "evade": SHARED, "crafty": TURN, "take-damage": TURN,
                   "abandon": TURN, "divide-loot": SHARED, "town": TURN, "tax": TURN, "shop": TURN, "heal": TURN,
                   "end-turn": TURN, "give": "giver", "claim": "player", "revolution": SHARED},
}


def step_types(game) -> list[type]:
    union, *_ = get_args(game.action_type)  # Annotated[A | B | ..., Field(discriminator="kind")]
    return list(get_args(union))


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_step_of_every_game_says_whose_choice_it_is_as_the_rules_do(gid):
    game = GAMES[gid]
    said = {}
    for kind in step_types(game):
        assert "chosen_by" in vars(kind), f"{kind.__name__} does not say whose choice it is"
        said[kind.model_fields["kind"].default] = kind.chosen_by
    assert said == WHOSE[gid]


# --- a table of three phones: the table phone, Ann's, Bea's --------------------------------------


@pytest.fixture
def tables(tmp_path):
    return Tables(open_store(tmp_path).store)


def at_table(tables: Tables, gid: str, names: list[str], steps: list[Any]) -> tuple[str, Device, list[Device]]:
    """A game of ``gid`` after ``steps`` (JSON), made on the table phone; one phone per player."""
    game = GAMES[gid]
    session = Session.start(game, game.make_setup(names))
    for step in steps:
        session = session.push(game.parse_action(step))
    table = tables.device(tables.new_device_key(), "192.168.1.10")
    game_id = table.create(session)
    seated = []
    for i in range(len(names)):
        phone = tables.device(tables.new_device_key(), f"192.168.1.{20 + i}")
        phone.join(table.open(game_id).code)
        phone.take_seat(game_id, player_seat(i))
        seated.append(phone)
    return game_id, table, seated


def enter(phone: Device, game_id: str, step: Any) -> int:
    """The phone enters the step on the state it shows: the new revision."""
    opened = phone.open(game_id)
    return phone.act(game_id, opened.snapshot, EnterStep(opened.session.game.parse_action(step))).revision


def refused(tables: Tables, phone: Device, game_id: str, step: Any, sentence: str) -> None:
    """The phone's step is refused in ``sentence`` and nothing changed."""
    before = tables.store.snapshot(game_id)
    with pytest.raises(NotYourChoice, match=re.escape(sentence)):
        enter(phone, game_id, step)
    after = tables.store.snapshot(game_id)
    assert (after.revision, after.session.actions) == (before.revision, before.session.actions)


ANN_DEAL = {"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]}  # 9 + 13 + 12 = 34
BEA_DEAL = {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]}  # 14: Bea goes first


def test_peace_and_love_a_deal_and_a_turn_are_their_players_the_fights_cards_everyones(tables):
    gid, table, (ann, bea) = at_table(tables, "peace-and-love", ["Ann", "Bea"], [])
    refused(tables, ann, gid, BEA_DEAL, "that is Bea's choice: Bea's phone or the table phone enters it")
    enter(ann, gid, ANN_DEAL)  # her own deal
    enter(bea, gid, BEA_DEAL)
    assert tables.store.snapshot(gid).session.state.turn == 1  # Bea: the lowest total
    for step in ({"kind": "retire", "fighter": 0, "new_fighter": "3H"}, {"kind": "refresh", "fighter": 0},
                 {"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0}):
        refused(tables, ann, gid, step, "that is Bea's choice: Bea's phone or the table phone enters it")
    enter(bea, gid, {"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0})
    enter(ann, gid, {"kind": "play", "cards": {"0": "4H", "1": "6C"}})  # the revealed cards: shared
    assert [a.kind for a in tables.store.load(gid).actions] == ["deal", "deal", "fight", "play"]


def test_fight_a_pick_from_the_row_is_the_pickers_the_row_and_the_coin_everyones(tables):
    gid, table, (ann, bea) = at_table(tables, "fight", ["Ann", "Bea"], [])
    enter(bea, gid, {"kind": "row", "cards": ["AS", "2S", "3S"]})  # the deck's cards: shared
    enter(ann, gid, {"kind": "coin-flip", "purpose": "first-pick", "winner": 1})  # a coin both see
    refused(tables, ann, gid, {"kind": "pick", "player": 1, "card": "AS"},
            "that is Bea's choice: Bea's phone or the table phone enters it")
    enter(bea, gid, {"kind": "pick", "player": 1, "card": "AS"})
    refused(tables, bea, gid, {"kind": "pick", "player": 0, "card": "2S"},
            "that is Ann's choice: Ann's phone or the table phone enters it")
    enter(ann, gid, {"kind": "pick", "player": 0, "card": "2S"})


def test_card_stratego_every_action_of_a_turn_is_its_players(tables):
    gid, table, (ann, bea) = at_table(tables, "card-stratego", ["Ann", "Bea"], [])
    refused(tables, bea, gid, {"kind": "draw"}, "that is Ann's choice: Ann's phone or the table phone enters it")
    enter(ann, gid, {"kind": "draw"})  # Ann's first turn: one action
    refused(tables, ann, gid, {"kind": "draw"}, "that is Bea's choice: Bea's phone or the table phone enters it")
    refused(tables, ann, gid, {"kind": "end-turn"}, "that is Bea's choice")
    enter(bea, gid, {"kind": "draw"})


def test_pc_war_has_no_private_choice_any_seated_phone_enters_every_step(tables):
    gid, table, (ann, bea) = at_table(tables, "pc-war", ["Ann", "Bea"], [])
    enter(ann, gid, {"kind": "flip", "cards": ["KH", "2S"]})
    enter(bea, gid, {"kind": "flip", "cards": ["3H", "9S"]})


def test_cardpeegee_a_hero_is_their_players_and_the_heros_turn_is_the_heros(tables):
    gid, table, (ann, bea) = at_table(tables, "cardpeegee", ["Ann", "Bea"], [])
    bea_hero = {"kind": "hero", "player": 1, "character": "QS", "hp_cards": ["2C", "3C", "4C"]}
    refused(tables, ann, gid, bea_hero, "that is Bea's choice: Bea's phone or the table phone enters it")
    enter(ann, gid, {"kind": "hero", "player": 0, "character": "KH", "hp_cards": ["5D", "6D", "7D"]})
    enter(bea, gid, bea_hero)
    state = tables.store.snapshot(gid).session.state
    hero = state.turn
    other = (ann, bea)[1 - hero]
    name = state.name(hero)
    refused(tables, other, gid, {"kind": "encounter", "agitator": "5C", "props": ["2H", "3S"]},
            f"that is {name}'s choice: {name}'s phone or the table phone enters it")
    enter((ann, bea)[hero], gid, {"kind": "encounter", "agitator": "5C", "props": ["2H", "3S"]})


def test_the_table_phone_enters_everyones_choices(tables):
    gid, table, (ann, bea) = at_table(tables, "peace-and-love", ["Ann", "Bea"], [])
    enter(table, gid, BEA_DEAL)
    enter(table, gid, ANN_DEAL)
    enter(table, gid, {"kind": "retire", "fighter": 0, "new_fighter": "3H"})  # Bea's turn's action


def test_any_phone_may_enter_for_anyone_when_the_table_says_so_and_every_phone_agrees(tables):
    gid, table, (ann, bea) = at_table(tables, "peace-and-love", ["Ann", "Bea"], [])
    assert not ann.anyone_enters(gid) and not table.open(gid).anyone  # off at first
    heard = []
    tables.hub.subscribe(gid, heard.append)
    ann.let_anyone_enter(gid, True)
    assert bea.anyone_enters(gid) and table.open(gid).anyone and bea.open(gid).anyone  # saved with the table
    assert [(e.kind, e.by) for e in heard] == [("anyone-on", "Ann")]
    enter(ann, gid, BEA_DEAL)  # Ann's phone enters Bea's deal
    enter(bea, gid, ANN_DEAL)
    bea.let_anyone_enter(gid, False)
    refused(tables, ann, gid, {"kind": "retire", "fighter": 0, "new_fighter": "3H"}, "that is Bea's choice")


def test_a_watcher_cannot_turn_the_setting_on(tables):
    gid, table, (ann, bea) = at_table(tables, "pc-war", ["Ann", "Bea"], [])
    watcher = tables.device(tables.new_device_key(), "192.168.1.40")
    watcher.join(table.open(gid).code)
    watcher.take_seat(gid, WATCH)
    with pytest.raises(Refused, match="watching only"):
        watcher.let_anyone_enter(gid, True)
    assert not tables.store.anyone_enters(gid)


def test_editing_another_players_earlier_choice_is_theirs_too_and_undo_is_anyones(tables):
    gid, table, (ann, bea) = at_table(tables, "peace-and-love", ["Ann", "Bea"], [ANN_DEAL, BEA_DEAL])
    shown = ann.open(gid).snapshot
    game = GAMES["peace-and-love"]
    with pytest.raises(NotYourChoice, match="that is Bea's choice"):
        ann.act(gid, shown, EditStep(2, game.parse_action({**BEA_DEAL, "fighters": ["5S", "2C", "8D"]})))
    assert tables.store.revision(gid) == shown.revision
    now = ann.act(gid, shown, EditStep(1, game.parse_action({**ANN_DEAL, "fighters": ["9H", "KD", "JC"]})))
    ann.act(gid, now, Undo())  # Undo takes back what was entered: any seated phone (a mistake is fixed at once)


def test_a_step_sent_by_hand_from_a_players_page_is_refused_there_in_one_sentence(tables):
    """A page's every step goes through Device.act: a websocket frame that reaches a handler
    Ann's page holds (whatever it sends) is refused the same way, and nothing is saved."""
    gid, table, (ann, bea) = at_table(tables, "peace-and-love", ["Ann", "Bea"], [ANN_DEAL, BEA_DEAL])
    live = LiveTable(gid, ann)
    said = live.send(EnterStep(GAMES["peace-and-love"].parse_action({"kind": "refresh", "fighter": 0})),
                     here=True)
    assert said == "that is Bea's choice: Bea's phone or the table phone enters it"
    assert tables.store.revision(gid) == live.revision and len(tables.store.load(gid).actions) == 2


# --- random play: each step entered by a phone allowed to, never refused -------------------------


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), gid=st.sampled_from(sorted(GAMES)))
def test_random_play_each_step_entered_by_a_phone_allowed_to_is_never_refused(tmp_path_factory, seed, gid):
    tables = Tables(open_store(tmp_path_factory.mktemp("seats")).store)
    rng = random.Random(seed)
    game = GAMES[gid]
    play = game.random_play()
    setup = play.random_setup(rng)
    names = list(setup.players)
    if len(names) > 6:
        setup = game.make_setup(names[:2] if game.min_players <= 2 else names[:game.min_players])
        names = list(setup.players)
    table = tables.device(tables.new_device_key(), "192.168.1.10")
    game_id = table.create(Session.start(game, setup))
    phones = []
    for i in range(len(names)):
        phone = tables.device(tables.new_device_key(), f"192.168.1.{20 + i}")
        phone.join(table.open(game_id).code)
        phone.take_seat(game_id, player_seat(i))
        phones.append(phone)
    shown = table.open(game_id).snapshot
    for _ in range(40):
        state = shown.session.state
        if game.is_over(state):
            break
        action = play.random_action(state, rng)
        if action is None:
            break
        whose = game.whose_choice(state, action)
        allowed = [table] + (phones if whose is None else [phones[whose]])
        others = [] if whose is None else [p for i, p in enumerate(phones) if i != whose]
        for other in others[:1]:  # another player's phone: refused, nothing changed
            with pytest.raises(NotYourChoice):
                other.act(game_id, shown, EnterStep(action))
            assert tables.store.revision(game_id) == shown.revision
        shown = rng.choice(allowed).act(game_id, shown, EnterStep(action))
    assert TABLE.enters_for(0) and TABLE.enters_for(None)


# --- frames sent by hand over the real websocket ------------------------------------------------


def controls_by_id(messages: Any, found: dict[str, int] | None = None) -> dict[str, int]:
    """The Flet control number of each tagged control the server sent (the ``Semantics``'s
    content, the control that is tapped), and of the drawing marker ("marker")."""
    found = {} if found is None else found
    if isinstance(messages, dict):
        if messages.get("on_size_change"):
            found["marker"] = messages["_i"]
        ident, content = messages.get("identifier"), messages.get("content")
        if ident and isinstance(content, dict):
            found[ident] = content.get("_i")
        for value in messages.values():
            controls_by_id(value, found)
    elif isinstance(messages, list):
        for value in messages:
            controls_by_id(value, found)
    return found


@pytest.mark.parametrize("setting_on", [False, True])
def test_frames_sent_by_hand_to_enter_another_players_choice_are_refused(tmp_path, setting_on):
    """Ann's page drew Bea's turn while the table let any phone enter for anyone; the setting
    is then turned off (here behind the page's back, so its screen still has Bea's buttons) and
    frames are sent by hand over the websocket, Flet's own events, to start Bea's fight: the
    server refuses it in the page's sentence and saves nothing. With the setting still on, the
    same frames enter Bea's fight (the frames are right: the refusal is the check's)."""
    import asyncio
    import json

    from card_companion.app import ASSETS, make_main
    from card_companion.server import AddressLimits, HostCheck, build_app
    from tests.support.fake_pages import Wire, event, registration
    from tests.support.viewkit import run_coroutine

    main, _ = make_main(tmp_path / "saves")
    tables = main.tables
    gid, table, (ann, bea) = at_table(tables, "peace-and-love", ["Ann", "Bea"], [ANN_DEAL, BEA_DEAL])
    ann.let_anyone_enter(gid, True)
    app = build_app(main, assets_dir=str(ASSETS), hosts=HostCheck("127.0.0.1"), limits=AddressLimits(),
                    owners=tables.pages)

    async def run() -> str:
        page = Wire(app, address="192.168.1.20", device=ann.key).open()
        page.frame(registration(route=f"/play/{gid}"))
        await page.session_id()
        await asyncio.sleep(2)
        ids = controls_by_id(page.messages())
        page.frame(event(ids["marker"], "size_change", {"w": 1.0, "h": 1.0}))  # "this revision is drawn"
        await asyncio.sleep(0.5)
        if not setting_on:
            tables.store.set_anyone_enters(gid, False)
        for ident in ("fighter-1-0", "fighter-0-0", "start-fight"):  # Bea's 5♠ attacks Ann's 9♥
            page.frame(event(ids[ident], "click"))
            await asyncio.sleep(0.6)
        said = json.dumps(page.messages(), ensure_ascii=False)
        page.close()
        await page.done(timeout=6)
        return said

    said = run_coroutine(run())
    kinds = [a.kind for a in tables.store.load(gid).actions]
    if setting_on:
        assert kinds == ["deal", "deal", "fight"]
    else:
        assert "That is Bea's choice: Bea's phone or the table phone enters it" in said
        assert kinds == ["deal", "deal"]


def test_the_phone_apps_one_phone_enters_every_step_whatever_its_seat(tmp_path):
    """On the phone app no other phone can enter Bea's choice: "I am Ann" there only lays the
    screen out for Ann (Tables.this_phone)."""
    tables = Tables(open_store(tmp_path).store)
    only = tables.this_phone()
    game = GAMES["peace-and-love"]
    gid = only.create(Session.start(game, game.make_setup(["Ann", "Bea"])))
    only.take_seat(gid, player_seat(0))
    assert only.open(gid).anyone
    enter(only, gid, BEA_DEAL)
    assert len(tables.store.load(gid).actions) == 1
