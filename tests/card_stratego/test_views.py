"""Card Stratego's table built in-process (tests/support/viewkit.py): each action entered as the
players would (choose it, tap its targets on the battlefield, enter only the cards turned face
up or discarded), checked in the game log and the save file; refusals show a message and
change nothing.

Ann plays first with the red army (hearts, diamonds, a Joker), Bea has the black one. Test ids
count columns and positions from 0 (``cell-<player>-<column>-<position>``, position 0 = the
front rank); the texts count columns from 1. The player to play is drawn at the bottom.
"""

from __future__ import annotations

import random

import pytest

from card_companion.calculators.cards import card
from card_companion.companion.card_stratego import (
    GAME,
    Attack,
    Consolidate,
    Drain,
    Draw,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Place,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
    choices,
)
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.card_stratego.options import options_of
from card_companion.views.services import Prefs, Services, ServicesContext
from card_companion.views.table_screen import TableScreen
from tests.support.viewkit import ViewHarness

ANN, BEA = 0, 1

OPENING = (
    PutIntoPlay(column=1),  # turn 1, Ann: 1 action
    PutIntoPlay(column=1), PutIntoPlay(column=2),  # turn 2, Bea: 2 actions
)
"""After it: Ann's turn 3 with 3 actions (cards in 1 column at its start); Ann has a
face-down card in column 2, Bea face-down cards in columns 2 and 3."""


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def open_saved(store, session: Session):
    """Save the game and open its table screen."""
    gid = store.create(session)
    contexts = {ServicesContext: Services(store=store, store_problem=None, prefs=Prefs(),
                                          set_prefs=lambda p: None)}
    return gid, ViewHarness(TableScreen, contexts=contexts, route_params={"gid": gid})


def open_game(store, actions=(), **settings):
    session = Session.start(GAME, GAME.make_setup(["Ann", "Bea"], settings))
    for a in actions:
        session = session.push(a)
    return open_saved(store, session)


def log(store, gid):
    return store.load(gid).actions


def label(h, ident: str) -> str:
    return h.find(ident).label


def army(h, p: int) -> str:
    """What an army's panel reads aloud: its name and turn, then its numbers (a part of its own)."""
    return f"{label(h, f'player-{p}')}, {label(h, f'stats-{p}')}"


def actions_offered(h) -> list[str]:
    return sorted(i.removeprefix("action-") for i in h.ids() if i.startswith("action-"))


# --- turns, drawing, putting cards into play ------------------------------------------------


def test_first_turns_count_down_and_put_cards_face_down(store):
    gid, h = open_game(store)
    assert "Actions left: 1 of 1" in h.texts() and "the first turn of the game has 1 action" in h.texts()
    assert actions_offered(h) == ["draw", "play"]  # nothing to attack, no special card usable yet
    assert "Deck 22" in army(h, 0) and "Hand 5" in army(h, 0)
    h.click("action-play")
    # only Ann's four front places can take a card: tapping Bea's side does nothing
    with pytest.raises(LookupError):
        h.click("cell-1-1-0")
    h.click("cell-0-1-0")
    assert "puts a card from the hand face down in column 2, front rank" in h.texts()
    assert not any(i.startswith("play-picker") for i in h.ids())  # a face-down card is never entered
    h.click("play-submit")
    assert log(store, gid) == (PutIntoPlay(column=1, position=0),)
    # Bea's first turn: 2 actions; she is drawn at the bottom now, Ann's card upside down above
    assert "Bea's turn" in h.texts() and "Actions left: 2 of 2" in h.texts()
    assert label(h, "cell-0-1-0") == "Ann's face-down card, column 2, front rank"
    assert "Battlefield 1" in army(h, 0) and "Hand 4" in army(h, 0)
    h.click("action-draw")
    assert log(store, gid)[-1] == Draw()
    assert "Actions left: 1 of 2" in h.texts() and "Deck 21" in army(h, 1)
    assert "Last: Bea draws a card" in h.texts()
    h.click("action-play")
    h.click("cell-1-2-0")
    h.click("play-submit")
    # Ann's turn 3: cards in 1 column at its start → 3 actions
    assert "Ann's turn" in h.texts() and "Actions left: 3 of 3" in h.texts()
    assert "cards in 1 column at the start of the turn: 3 actions" in h.texts()


def test_a_card_put_in_front_of_another_pushes_it_back(store):
    gid, h = open_game(store, OPENING)
    h.click("action-play")
    h.click("cell-0-1-0")  # Ann's card in column 2: the new card goes in front of it
    assert "the card there moves back" in h.texts()
    h.click("play-submit")
    assert log(store, gid)[-1] == PutIntoPlay(column=1, position=0)
    assert [len(c) for c in store.load(gid).state.armies[ANN].columns] == [0, 2, 0, 0]
    h.click("action-play")
    h.click("cell-0-1-2")  # behind both: the third rank; the column is then full
    h.click("play-submit")
    assert log(store, gid)[-1] == PutIntoPlay(column=1, position=2)
    assert "Actions left: 1 of 3" in h.texts()
    h.click("action-play")
    with pytest.raises(LookupError):  # no fourth card in a column
        h.click("cell-0-1-0")


# --- battles -----------------------------------------------------------------------------------


def test_attack_enters_the_face_down_cards_and_shows_the_battle(store):
    gid, h = open_game(store, OPENING + (PutIntoPlay(column=1, position=1),))
    h.click("action-attack")
    with pytest.raises(LookupError):  # column 3: Ann has no card there to attack with
        h.click("cell-1-2-0")
    h.click("cell-0-1-0")
    assert "Ann's face-down card attacks Bea's face-down card in column 2" in h.texts()
    # the attacker's picker offers Ann's red army without Jacks or the Joker
    ids = h.ids()
    assert "battle-picker-suit-H" in ids and "battle-picker-suit-S" not in ids
    assert "battle-picker-rank-J" not in ids and "battle-picker-joker" not in ids
    h.pick("battle-picker", "7H")
    assert "battle-picker-suit-S" in h.ids()  # the defender's: Bea's black army
    h.pick("battle-picker", "QS")
    h.click("battle-submit")
    assert log(store, gid)[-1] == Attack(column=1, attacker=card("7H"), defender=card("QS"))
    text = h.texts()
    assert "Battle: Ann's 7♥ is destroyed" in text
    assert "Ann's 7♥ attacks Bea's Q♠ in column 2" in text
    assert "a Queen against a 7 (odd): a Queen beats the odd 3, 5, 7 and 9" in text
    assert "Rule: Queen against odd/even" in text
    assert "Ann: the cards behind move forward" in text
    # Ann's second card moved up; Bea's Queen stays face up; Ann's discard pile is seen
    assert label(h, "cell-0-1-0") == "Ann's face-down card, column 2, front rank"
    assert label(h, "cell-1-1-0") == "Bea's Q♠, column 2, front rank"
    assert "Discard 1" in army(h, 0) and "Discard pile: 7♥" in h.texts()
    # the next attack in that column asks only for Ann's card: the Queen is known
    h.click("action-attack")
    h.click("cell-1-1-0")  # tapping the defender chooses the column too
    assert h.has("battle-slot-0") and not h.has("battle-slot-1")
    # the attack's odds over Ann's unseen cards that can stand: 27 − 7♥ (discarded) − J♥ J♦ and
    # the Joker = 23. Against Bea's Q♠: the even 2-10 win (5 ranks × 2 = 10); the Aces lose
    # (an attacking Bomb, 2), the odd 3 5 7 9 lose (3♥ 3♦ 5♥ 5♦ 7♦ 9♥ 9♦ = 7), the Kings lose
    # (a Queen beats a King, 2) → 11; the Queens meet their equal (2).
    # 10/23 = 43 %, 11/23 = 48 %, 2/23 = 9 %.
    assert label(h, "attack-odds") == "Odds: Ann wins 43 % · Bea wins 48 % · both destroyed 9 %"
    assert "Cards counted: 23 of Ann's unseen" in h.texts()
    h.click("attack-odds-how")  # how it was counted, folded away until asked for
    assert "the defender wins (Queen against King): 2 of 23" in h.texts()
    h.pick("battle-picker", "2D")
    h.click("battle-submit")
    assert log(store, gid)[-1] == Attack(column=1, attacker=card("2D"), defender=None)
    # Ann's third action ends her turn: the battle stays on the screen for Bea
    assert "Bea's turn" in h.texts() and "Battle: Bea's Q♠ is destroyed" in h.texts()
    assert "a Queen loses to the even 2, 4, 6, 8 and 10" in h.texts()
    h.click("undo")
    assert len(log(store, gid)) == 5 and "Battle: Ann's 7♥ is destroyed" in h.texts()


def test_refused_cards_show_why_and_change_nothing(store):
    before = OPENING + (PutIntoPlay(column=1, position=1),
                        Attack(column=1, attacker=card("7H"), defender=card("QS")))
    gid, h = open_game(store, before)
    h.click("action-attack")
    h.click("cell-0-1-0")
    h.type("battle-picker-typed", "7S", submit=True)  # a black card for Ann's red army
    assert "7♠ is not in the deck of Ann's red army in play" in h.texts()
    h.pick("battle-picker", "7H")  # 7♥ is already in Ann's discard pile
    assert "7♥ is entered 2 times but the deck holds one" in h.texts()
    h.click("battle-submit")
    # said once, beside the entry where the player looks (not a second time at the top)
    assert "7♥ is already in Ann's discard pile" in h.find("entry-problem").label
    assert not h.has("action-error")
    assert len(log(store, gid)) == len(before)
    assert label(h, "battle-slot-0") == "Ann's attacker: 7♥"  # the entry is kept, to be corrected
    h.click("battle-slot-0")
    h.pick("battle-picker", "9H")
    h.click("battle-submit")
    assert log(store, gid)[-1] == Attack(column=1, attacker=card("9H"), defender=None)
    assert "Battle: Ann's 9♥ is destroyed" in h.texts()


# --- special cards -------------------------------------------------------------------------


def test_jack_rearranges_a_row_and_refuses_a_gap(store):
    gid, h = open_game(store, OPENING + (PutIntoPlay(column=1, position=1), PutIntoPlay(column=0)))
    h.click("action-jack-rearrange")
    assert "Which Jack does Ann discard from the hand?" in h.texts()
    h.click("hand-card-JH")
    h.click("cell-0-1-0")
    assert h.has("line-row") and h.has("line-column")
    h.click("line-row")  # Ann's front rank
    # moving the front card of column 2 to column 4 would leave the card behind it alone
    h.click("cell-0-1-0")
    h.click("cell-0-3-0")
    assert "from col 2" in h.texts()
    assert "that leaves a card in the second rank of column 2 with no card in front of it" in h.texts()
    assert not h.is_enabled("jack-rearrange-submit")
    h.click("jack-reset")
    h.click("cell-0-0-0")  # the card of column 1 moves to column 4
    h.click("cell-0-3-0")
    assert h.is_enabled("jack-rearrange-submit")
    h.click("jack-rearrange-submit")
    assert log(store, gid)[-1] == JackRearrange(jack=card("JH"), player=ANN, line="row", index=0,
                                                order=(3, 1, 2, 0))
    assert [len(c) for c in store.load(gid).state.armies[ANN].columns] == [0, 2, 0, 1]
    assert "Discard pile: J♥" in h.texts()


def test_jack_reorders_a_column(store):
    gid, h = open_game(store, OPENING + (PutIntoPlay(column=1, position=1),))
    h.click("action-jack-rearrange")
    h.click("hand-card-JD")
    h.click("cell-0-1-1")  # Ann's second card in column 2
    h.click("line-column")
    assert not h.is_enabled("jack-rearrange-submit")  # nothing has moved yet
    h.click("cell-0-1-0")
    h.click("cell-0-1-1")
    assert "from 2nd" in h.texts() and "from front" in h.texts()
    h.click("jack-rearrange-submit")
    assert log(store, gid)[-1] == JackRearrange(jack=card("JD"), player=ANN, line="column", index=1, order=(1, 0))
    assert "Last: Ann discards J♦ to rearrange Ann's column 2" in h.texts()


def test_jack_turns_two_cards_up_of_both_armies(store):
    gid, h = open_game(store, OPENING)
    h.click("action-jack-reveal")
    h.click("hand-card-JD")
    h.click("cell-1-1-0")  # Bea's
    h.click("cell-0-1-0")  # Ann's
    assert "Bea · col 2 · front" in h.texts() and "Ann · col 2 · front" in h.texts()
    assert "reveal-picker-suit-S" in h.ids()  # Bea's card first: the black army
    h.pick("reveal-picker", "9S")
    h.pick("reveal-picker", "AH")
    h.click("reveal-submit")
    assert log(store, gid)[-1] == JackReveal(jack=card("JD"), reveals=(
        Reveal(place=Place(player=BEA, column=1, position=0), card=card("9S")),
        Reveal(place=Place(player=ANN, column=1, position=0), card=card("AH"))))
    assert label(h, "cell-1-1-0") == "Bea's 9♠, column 2, front rank"
    assert label(h, "cell-0-1-0") == "Ann's A♥, column 2, front rank"


def test_joker_scout_and_six(store):
    gid, h = open_game(store, OPENING)
    # the Joker destroys Bea's face-down card in column 3: it is seen in the discard pile
    h.click("action-joker")
    h.click("cell-1-2-0")
    h.pick("joker-picker", "KC")
    h.click("joker-submit")
    assert log(store, gid)[-1] == JokerDestroy(target=Place(player=BEA, column=2, position=0),
                                               card=card("KC"))
    assert "Discard pile: K♣" in h.texts() and "Battlefield 1" in army(h, 1)
    assert "Discard pile: Joker" in h.texts()
    assert not h.has("action-joker")  # Ann's only Joker is used
    # a Scout turns Bea's card up: a Bomb, which stays
    h.click("action-scout")
    h.click("hand-card-3D")
    h.click("cell-1-1-0")
    assert "Not an attack: a Bomb it reveals stays" in h.texts()
    h.pick("scout-picker", "AS")
    h.click("scout-submit")
    assert log(store, gid)[-1] == ScoutReveal(scout=card("3D"),
                                              reveal=Reveal(place=Place(player=BEA, column=1, position=0),
                                                            card=card("AS")))
    assert label(h, "cell-1-1-0") == "Bea's A♠, column 2, front rank"
    assert "Last: Ann discards the Scout 3♦ to turn up Bea's A♠" in h.texts()
    # a 6 returns Bea's Bomb to her hand, face down again when played back
    assert "Hand 3" in army(h, 1)
    h.click("action-six")
    h.click("hand-card-6D")
    h.click("cell-1-1-0")
    assert "to return Bea's A♠ in column 2, front rank to Bea's hand" in h.texts()
    h.click("six-submit")
    assert log(store, gid)[-1] == SixReturn(six=card("6D"), target=Place(player=BEA, column=1, position=0))
    assert "Hand 4" in army(h, 1) and "Battlefield 0" in army(h, 1)
    assert "Bea's turn" in h.texts()


# --- Generals and the end ---------------------------------------------------------------------


def generals() -> tuple:
    """Ann in column 1, Bea in column 4, then both draw until Ann's deck is empty: Bea's deck
    empties at the end of turn 16 (21 after turn 2, 3 a turn), Ann's with the first action of
    turn 17 (22, 3 a turn); Ann is a General with 2 actions left."""
    actions = [PutIntoPlay(column=0), PutIntoPlay(column=3), Draw()]
    actions += [Draw()] * (3 * 14 + 1)
    return tuple(actions)


def test_general_drains_a_random_card_of_the_hand_and_consolidates(store):
    gid, h = open_game(store, generals())
    s = store.load(gid).state
    assert s.turn == ANN and s.actions_left == 2 and s.armies[ANN].deck == 0 and s.armies[BEA].deck == 0
    assert "General" in army(h, 0) and "General" in army(h, 1)
    assert "may Drain and Consolidate" in h.texts()
    assert "draw" not in actions_offered(h) and {"drain", "consolidate"} <= set(actions_offered(h))
    h.click("action-drain")
    held = s.armies[BEA].hand  # 26: Bea's deck is empty, the card is picked from her hand
    assert f"holds out the {held} cards of the hand face down; the app picked card" in h.texts()
    picked = h.texts().split("the app picked card ")[1].split(" ")[0]
    h.click("cancel")  # choosing the Drain again does not pick again
    h.click("action-drain")
    assert f"the app picked card {picked} of {held}" in h.texts()
    assert "drain-picker-rank-J" in h.ids() and "drain-picker-joker" in h.ids()  # a hand holds any card
    h.pick("drain-picker", "JS")
    h.click("drain-submit")
    drained = log(store, gid)[-1]
    assert drained == Drain(card=card("JS"), pick=int(picked)) and 1 <= drained.pick <= held
    assert "Hand 25" in army(h, 1) and "Discard pile: J♠" in h.texts()
    # Consolidate: column 1 (only Ann's) with column 4 (only Bea's); Bea's card moves over
    h.click("action-consolidate")
    h.click("cell-0-0-0")
    h.click("cell-1-3-0")
    h.click("into-0")
    assert log(store, gid)[-1] == Consolidate(mine=0, theirs=3, into=0)
    assert "Bea's turn" in h.texts()
    assert label(h, "cell-1-0-0") == "Bea's face-down card, column 1, front rank"
    assert "Actions left: 3 of 3" in h.texts()  # Bea: cards in 1 column at the start of her turn


def test_the_end_shows_the_result_and_the_last_battlefield(store):
    rng = random.Random(7)
    session = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    while not session.is_over:
        session = session.push(GAME.random_play().random_action(session.state, rng))
    gid, h = open_saved(store, session)
    assert h.has("outcome") and h.has("battlefield") and not h.has("actions")
    assert "army is destroyed" in h.texts() or "A tie" in h.texts()
    assert "Discard 27" in army(h, 0) + army(h, 1)
    h.click("undo")
    assert not h.has("outcome") and h.has("actions")


def test_end_turn_is_offered_only_when_nothing_is_left(store, monkeypatch, request):
    gid, h = open_game(store, OPENING)
    assert not h.has("end-turn")
    # by the rules a player always has an action left; if the tracker saw none, the table
    # would offer to end the turn (here it is told so, and the tracker itself refuses)
    monkeypatch.setattr(choices, "what_remains", lambda state: "")  # the list's, not the step's
    options_of.cache_clear()
    request.addfinalizer(options_of.cache_clear)  # no other test sees the patched options
    h.render()
    assert "Ann has no legal action left" in h.texts()
    h.click("end-turn")
    assert "Ann must use every action and can still draw a card" in h.find("action-problem").label
    assert not h.has("action-error")  # said once, where the button was
    assert len(log(store, gid)) == len(OPENING)
