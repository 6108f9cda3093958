"""The saved-games list and the history's edits at the companion level: each game's headline for the saved-games
list (kept in the store, so the list never replays a game), going back to an earlier step
("Undo to here") and bringing the steps back, and an earlier step's cards entered again with
the later steps replayed on top, refused with the step named when one no longer applies.

The game used throughout (Peace and Love, Ann and Bea), worked out by hand:
  1. Ann deals 9♥ K♦ Q♣ (total 34)   2. Bea deals 5♠ 2♣ 7♦ (total 14): lowest, Bea goes first
  3. Bea attacks Ann's 9♥ with 5♠    4. Bea plays 3♣ on 5♠, Ann 7♥ on 9♥: 2 against 2, a trump,
     Bea's 5♠ wins and Ann's 9♥ (9 points) goes to Bea's pile   5. Ann's new fighter: 8♠.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import card
from card_companion.companion.action_cards import card_places, with_cards
from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import EditStep, EnterStep, Redo, RedoAll, Undo, UndoTo
from card_companion.companion.phones.access import WATCH, Refused
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import FILE_NAME, SCHEMA_VERSION, StaleGame, open_store
from card_companion.companion.session import Edit, Session

PAL = GAMES["peace-and-love"]
STEPS = [
    {"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]},
    {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]},
    {"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0},
    {"kind": "play", "cards": {1: "3C", 0: "7H"}},
    {"kind": "new-fighter", "card": "8S"},
]


def played(n: int = len(STEPS)) -> Session:
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    for a in STEPS[:n]:
        s = s.push(PAL.parse_action(a))
    return s


def same(a: Session, b: Session) -> bool:
    """Two sessions are the same game: log, redo stack, edits, every state."""
    return (a.actions == b.actions and a.redo_stack == b.redo_stack and a.edits == b.edits
            and list(a.states) == list(b.states))


def undone_edit(after: Session, before: Session, edited: Session) -> bool:
    """``after`` (an edit undone) is ``before`` exactly, with the edit waiting on top of the
    redo stack, and Redo gives back ``edited`` exactly: the cards entered again are kept."""
    top = after.redo_stack[-1] if after.redo_stack else None
    return (after.actions == before.actions and after.edits == before.edits
            and list(after.states) == list(before.states) and after.redo_stack[:-1] == before.redo_stack
            and isinstance(top, Edit) and top.before == edited.actions[top.index] and same(after.redo(), edited))


def recards(session: Session, step: int, cards: str):
    return with_cards(session.game, session.actions[step - 1], [card(c) for c in cards.split()])


@pytest.fixture
def tables(tmp_path) -> Tables:
    return Tables(open_store(tmp_path).store)


# --- the cards of a step, one helper for every game ------------------------------------------


def test_the_cards_of_a_step_are_found_by_their_fields_and_labelled_in_players_words():
    s = played()
    assert [(p.label, p.card.symbol) for p in card_places(s.actions[0], s.setup.players)] == [
        ("fighter 1", "9♥"), ("fighter 2", "K♦"), ("fighter 3", "Q♣")]
    assert [(p.label, p.card.symbol) for p in card_places(s.actions[3], s.setup.players)] == [
        ("Bea", "3♣"), ("Ann", "7♥")]  # a dict of player → card: the players' names
    assert [p.label for p in card_places(s.actions[4])] == ["card"]
    assert card_places(s.actions[2]) == []  # an attack names places, not cards: nothing to edit
    assert recards(s, 4, "4C 7H").cards == {1: card("4C"), 0: card("7H")}
    with pytest.raises(IllegalAction, match="this step has 2 cards, not 1"):
        with_cards(PAL, s.actions[3], [card("4C")])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_steps_give_back_their_own_cards(game_id):
    """The one helper over random games of all five: a step rebuilt with its own cards is
    the same step, and each place holds the card its field holds."""
    g = GAMES[game_id]
    rng = random.Random(14)
    state, seen = g.initial_state(g.random_play().random_setup(rng)), 0
    for _ in range(300):
        action = g.random_play().random_action(state, rng)
        if action is None:
            break
        places = card_places(action, state.names)
        if places:
            seen += 1
            assert with_cards(g, action, [p.card for p in places]) == action
        state = g.apply(state, action)
    assert seen > 0


# --- undo to here -------------------------------------------------------------------------------


def test_undo_to_here_then_redo_all_restores_the_exact_state():
    s = played()
    back = s.undo_to(2)  # after Bea's deal: the attack, the round and the new fighter undone
    assert back.actions == s.actions[:2] and back.state == played(2).state
    assert back.redo_stack == tuple(reversed(s.actions[2:]))  # nothing entered is lost
    assert back.next_redo() == "Bea attacks Ann's 9♥ with 5♠"
    assert same(back.redo_all(), s)
    one = back.redo()  # Redo still brings them back one at a time, in order
    assert one.actions == s.actions[:3] and one.redo_stack == tuple(reversed(s.actions[3:]))
    assert same(s.undo_to(0).redo_all(), s)
    with pytest.raises(IllegalAction, match="there is no step 5 before the last one"):
        s.undo_to(5)


def test_undo_to_here_is_one_revisioned_change_that_survives_a_reload(tables):
    phone = tables.local()
    gid = phone.create(played())
    shown = phone.open(gid).snapshot
    back = phone.act(gid, shown, UndoTo(2))
    assert back.revision == shown.revision + 1
    assert same(tables.store.load(gid), back.session)
    with pytest.raises(StaleGame):  # a phone still showing step 5 cannot go back from there
        phone.act(gid, shown, UndoTo(3))
    whole = phone.act(gid, back, RedoAll())
    assert same(tables.store.load(gid), whole.session) and same(whole.session, played())
    assert whole.revision == back.revision + 1


# --- an earlier step's cards entered again ----------------------------------------------------------


def test_an_edit_whose_later_steps_still_apply():
    s = played()
    edited = s.replace(4, recards(s, 4, "4C 7H"))  # Bea's 3♣ was a 4♣: 5 - 4 = 1, still Bea's round
    assert edited.actions[:3] == s.actions[:3] and edited.actions[4:] == s.actions[4:]
    assert edited.describe_step(4).startswith("Round 1: Bea 4♣ on 5♠, Ann 7♥ on 9♥ → Bea's 5♠ wins")
    assert edited.describe_step(5) == "Ann's new fighter: 8♠; the fight is over"
    assert edited.state.players[1].pile == (card("9H"),)
    assert edited.last_step().startswith("the new cards of step 4 (Round 1: Bea 4♣ on 5♠")
    undone = edited.undo()  # Undo gives back the log as it was, exactly; Redo the new cards
    assert undone_edit(undone, s, edited)
    assert undone.next_redo().startswith("the new cards of step 4 (Round 1: Bea 4♣ on 5♠")


def test_an_edit_that_a_later_step_no_longer_fits_is_refused_naming_it():
    s = played()
    before = list(s.states)
    with pytest.raises(IllegalAction) as refused:
        s.replace(1, recards(s, 1, "2H 3C 4D"))  # Ann's total 9 < 14: Ann would go first
    assert str(refused.value) == ("step 3 (Bea attacks Ann's 9♥ with 5♠) no longer applies: "
                                  "choose another player to attack")
    assert list(s.states) == before and s.edits == ()  # nothing changed
    with pytest.raises(IllegalAction, match="step 5 has these cards already"):
        s.replace(5, recards(s, 5, "8S"))
    with pytest.raises(IllegalAction, match="step 1 can only be entered again as the same kind of step"):
        s.replace(1, s.actions[4])
    with pytest.raises(IllegalAction, match="step 1 cannot take these cards: "):
        s.replace(1, recards(s, 1, "9H 9H QC"))  # one deck: a second 9♥ cannot be dealt


def test_undo_after_an_edit_and_a_later_step_takes_back_the_step_first():
    s = played(4)
    edited = s.replace(4, recards(s, 4, "4C 7H"))
    new_fighter = PAL.parse_action(STEPS[4])
    on = edited.push(new_fighter)
    first = on.undo()  # the last step first
    assert first.actions == edited.actions and first.redo_stack == (new_fighter,) and first.edits == edited.edits
    second = first.undo()  # then the edit; the undone step still waits for Redo, under the edit
    assert undone_edit(second, s.push(new_fighter).undo(), edited.push(new_fighter).undo())
    assert same(second.redo().redo(), on)  # Redo: the new cards, then the step
    jumped = on.undo_to(3)  # going back past the edit keeps its new cards in the redo stack
    assert jumped.redo_stack[-1] == edited.actions[3] and jumped.undoes_edit is None
    assert jumped.last_step() == "Bea attacks Ann's 9♥ with 5♠"  # Undo now takes back step 3
    assert same(jumped.redo_all(), on)  # all back: Undo takes back step 5, then the edit
    back = jumped.redo().undo()  # back at the edit's length: Undo takes the edit back
    assert back.actions == s.actions and back.edits == () and back.redo_stack[0] == new_fighter
    assert jumped.push(s.actions[3]).edits == ()  # a new step drops the redo stack, and the edit waiting with it


def test_an_edit_is_one_revisioned_change_in_the_store_and_undo_restores_it_after_a_reload(tables):
    phone = tables.local()
    gid = phone.create(played())
    shown = phone.open(gid).snapshot
    edited = phone.act(gid, shown, EditStep(4, recards(shown.session, 4, "4C 7H")))
    assert edited.revision == shown.revision + 1
    reloaded = tables.store.snapshot(gid)
    assert same(reloaded.session, edited.session) and reloaded.session.edits[0].before == shown.session.actions[3]
    with pytest.raises(StaleGame):  # the phone that still shows the old cards is refused, as for any step
        phone.act(gid, shown, EditStep(5, recards(shown.session, 5, "9S")))
    with pytest.raises(IllegalAction, match="step 3 .* no longer applies"):
        phone.act(gid, reloaded, EditStep(1, recards(reloaded.session, 1, "2H 3C 4D")))
    assert tables.store.revision(gid) == reloaded.revision  # a refusal writes nothing
    undone = phone.act(gid, reloaded, Undo())
    assert undone_edit(undone.session, played(), edited.session)
    assert same(tables.store.load(gid), undone.session)  # the undone edit waits on the redo stack, saved
    redone = phone.act(gid, undone, Redo())
    assert same(redone.session, edited.session) and same(tables.store.load(gid), edited.session)


def test_a_watcher_can_neither_go_back_nor_edit(tables):
    phone = tables.device(tables.new_device_key(), "192.168.1.20")
    gid = phone.create(played(), seat=WATCH)
    shown = phone.open(gid).snapshot
    with pytest.raises(Refused, match="watching only"):
        phone.act(gid, shown, UndoTo(1))
    with pytest.raises(Refused, match="watching only"):
        phone.act(gid, shown, EditStep(4, recards(shown.session, 4, "4C 7H")))
    with pytest.raises(Refused, match="watching only"):
        phone.act(gid, shown, RedoAll())
    assert tables.store.revision(gid) == shown.revision


def steps_with_cards(session: Session) -> list[int]:
    return [i + 1 for i, a in enumerate(session.actions) if card_places(a)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), length=st.integers(1, 90),
       pick=st.randoms(use_true_random=False))
def test_edit_then_undo_gives_back_the_exact_previous_session(game_id, seed, length, pick):
    g = GAMES[game_id]
    rng = random.Random(seed)
    s = Session.start(g, g.random_play().random_setup(rng))
    for _ in range(length):
        action = g.random_play().random_action(s.state, rng)
        if action is None:
            break
        s = s.push(action)
    if pick.random() < 0.3 and len(s.actions) > 1:  # sometimes with steps waiting to be redone
        s = s.undo_to(pick.randrange(len(s.actions)))
    editable = steps_with_cards(s)
    if not editable:
        return
    step = pick.choice(editable)
    places = card_places(s.actions[step - 1])
    deck = g.deck(s.setup).all_cards()
    cards = [p.card for p in places]
    cards[pick.randrange(len(cards))] = pick.choice(deck)
    try:
        new = with_cards(g, s.actions[step - 1], cards)
        edited = s.replace(step, new)
    except IllegalAction as exc:
        assert "step" in str(exc) or "card" in str(exc)
        return
    for state in edited.states:
        g.random_play().check_invariants(state)
    assert undone_edit(edited.undo(), s, edited)


def test_an_edit_survives_a_save_and_undo_then_matches_in_every_game(tables):
    """Through the store too: edit, reload, Undo, reload: the log as it was."""
    phone = tables.local()
    for game_id, g in GAMES.items():
        rng = random.Random(7)
        s = Session.start(g, g.random_play().random_setup(rng))
        for _ in range(40):
            action = g.random_play().random_action(s.state, rng)
            if action is None:
                break
            s = s.push(action)
        gid = phone.create(s)
        shown = phone.open(gid).snapshot
        for step in steps_with_cards(s):
            places = card_places(s.actions[step - 1])
            for other in g.deck(s.setup).all_cards():
                try:
                    edited = phone.act(gid, shown, EditStep(step, with_cards(g, s.actions[step - 1],
                                                                             [other] + [p.card for p in places[1:]])))
                except IllegalAction:
                    continue
                break
            else:
                continue
            assert same(tables.store.load(gid), edited.session)
            undone = phone.act(gid, tables.store.snapshot(gid), Undo())
            assert same(tables.store.load(gid), undone.session) and undone_edit(undone.session, s, edited.session)
            redone = phone.act(gid, tables.store.snapshot(gid), Redo())
            assert same(tables.store.load(gid), redone.session) and same(redone.session, edited.session), game_id
            break


# --- headlines: the saved-games list in the players' words ----------------------------------------


def test_peace_and_love_headlines_worked_out_by_hand():
    assert PAL.headline(played(0).state) == "dealing the fighters"
    assert PAL.headline(played(3).state) == "level at 0–0 · turn 1"
    assert PAL.headline(played().state) == "Bea leads 9–0 · turn 2"  # Ann's 9♥ in Bea's pile


def test_the_fight_and_pc_war_headlines_say_the_round_and_the_flip():
    fight = GAMES["fight"]
    start = fight.initial_state(fight.make_setup(["Ann", "Bea"]))
    assert fight.headline(start) == "level at 0–0 · round 1"
    pc = GAMES["pc-war"]
    start = pc.initial_state(pc.make_setup(["Ann", "Bea"]))
    assert pc.headline(start) == "Ann 27, Bea 26 cards · flip 1"  # 53 cards: Ann, player 0, gets the odd one


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_finished_game_says_who_won_in_its_headline(game_id):
    g = GAMES[game_id]
    rng = random.Random(3)
    state = g.initial_state(g.random_play().random_setup(rng))
    for _ in range(5000):
        action = g.random_play().random_action(state, rng)
        if action is None:
            break
        state = g.apply(state, action)
    outcome = g.outcome(state)
    assert outcome is not None
    line = g.headline(state)
    assert line and "\n" not in line
    assert line == outcome.headline  # the words of the table's result and of the records
    for w in outcome.winners:
        assert state.name(w) in line


def test_the_store_keeps_each_games_headline_and_the_list_reads_it_without_replaying(tables, monkeypatch):
    phone = tables.local()
    gid = phone.create(played(3))
    [listed] = tables.store.saved_games()
    assert listed.headline == "level at 0–0 · turn 1"
    shown = phone.open(gid).snapshot
    phone.act(gid, shown, EnterStep(PAL.parse_action(STEPS[3])))
    monkeypatch.setattr(Session, "replay", classmethod(lambda *a, **k: pytest.fail("the list replayed a game")))
    [listed] = tables.store.saved_games()
    assert listed.headline == "Bea leads 9–0 · turn 1" and listed.actions == 4


V2_GAMES = """
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL, setup TEXT NOT NULL,
    live INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0, code TEXT, host INTEGER NOT NULL DEFAULT 0);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (game_id, seq));
CREATE UNIQUE INDEX games_code ON games(code);
CREATE TABLE members (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, device TEXT NOT NULL,
    seat TEXT NOT NULL DEFAULT '', joined REAL NOT NULL, PRIMARY KEY (game_id, device));
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
PRAGMA user_version = 2;
"""


def test_a_save_of_the_second_format_migrates_and_its_games_have_no_headline_until_their_next_step(tmp_path):
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.executescript(V2_GAMES)
    db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?)",
               ("aaaaaaaaaaaa", "peace-and-love", '["Ann", "Bea"]', PAL.make_setup(["Ann", "Bea"]).model_dump_json(),
                2, 1.0, 2.0, 5, "ABC234567", 1))
    for i, a in enumerate(STEPS[:2]):
        db.execute("INSERT INTO actions VALUES (?,?,?)", ("aaaaaaaaaaaa", i, json.dumps(a)))
    db.commit()
    db.close()
    tables = Tables(open_store(tmp_path).store)
    assert tables.store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6  # (step times)
    [listed] = tables.store.saved_games()
    assert listed.headline is None and listed.actions == 2 and listed.revision == 5
    phone = tables.local()
    shown = phone.open("aaaaaaaaaaaa").snapshot
    phone.act("aaaaaaaaaaaa", shown, EnterStep(PAL.parse_action(STEPS[2])))
    assert tables.store.saved_games()[0].headline == "level at 0–0 · turn 1"
    edited = phone.act("aaaaaaaaaaaa", phone.open("aaaaaaaaaaaa").snapshot,
                       EditStep(1, recards(shown.session, 1, "9H KD JC")))
    assert edited.session.describe_step(1) == "Ann's fighters: 9♥ K♦ J♣ (total 33)"


def test_an_edit_before_a_jump_back_is_taken_back_by_undo_once_every_step_is_redone(tables):
    """Edit, go back to step 2, reload, bring every step back, Undo: the log as it was
    before the edit (the store and the session agree at every step)."""
    phone = tables.local()
    gid = phone.create(played())
    shown = phone.open(gid).snapshot
    edited = phone.act(gid, shown, EditStep(4, recards(shown.session, 4, "4C 7H")))
    back = phone.act(gid, edited, UndoTo(2))
    assert same(tables.store.load(gid), back.session)
    whole = phone.act(gid, tables.store.snapshot(gid), RedoAll())
    assert same(tables.store.load(gid), whole.session) and same(whole.session, edited.session)
    undone = phone.act(gid, tables.store.snapshot(gid), Undo())
    assert undone_edit(undone.session, played(), edited.session) and same(tables.store.load(gid), undone.session)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_store_and_the_session_agree_through_random_pushes_undos_redos_jumps_and_edits(tables, game_id):
    """Every change through the store (as the phones make them), then a reload: the saved
    game is the session the phone shows, redo stack and waiting edits included."""
    g = GAMES[game_id]
    phone = tables.local()
    rng = random.Random(game_id)
    s = Session.start(g, g.random_play().random_setup(rng))
    gid = phone.create(s)
    shown = phone.open(gid).snapshot
    deck = g.deck(s.setup).all_cards()
    done = set()
    for _ in range(150):
        session = shown.session
        op = rng.choice(["enter", "enter", "enter", "undo", "undo", "redo", "redo", "undo-to", "redo-all", "edit",
                         "edit", "edit"])
        try:
            if op == "enter":
                action = g.random_play().random_action(session.state, rng)
                if action is None:
                    continue
                shown = phone.act(gid, shown, EnterStep(action))
            elif op == "undo":
                shown = phone.act(gid, shown, Undo())
            elif op == "redo":
                shown = phone.act(gid, shown, Redo())
            elif op == "redo-all":
                shown = phone.act(gid, shown, RedoAll())
            elif op == "undo-to":
                shown = phone.act(gid, shown, UndoTo(rng.randrange(len(session.actions)) if session.actions else 0))
            else:
                steps = steps_with_cards(session)
                if not steps:
                    continue
                step = rng.choice(steps)
                places = card_places(session.actions[step - 1])
                for _ in range(40):  # other cards until the later steps still apply
                    cards = [p.card for p in places]
                    cards[rng.randrange(len(cards))] = rng.choice(deck)
                    try:
                        shown = phone.act(gid, shown, EditStep(step, with_cards(g, session.actions[step - 1], cards)))
                        break
                    except IllegalAction:
                        assert tables.store.revision(gid) == shown.revision  # a refusal writes nothing
                else:
                    continue
        except IllegalAction:
            continue
        done.add(op)
        saved = tables.store.snapshot(gid)
        assert saved.revision == shown.revision and same(saved.session, shown.session), op
    assert {"undo", "redo", "edit"} <= done
