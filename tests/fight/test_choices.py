"""FIGHT!'s legal actions (choices.py): which steps the table may take, worked by hand from the
rule text for a few states, and over random matches: every action listed is one the tracker
takes, an action is listed exactly when the tracker takes it, a finished FIGHT! has none.

The deck is A-6 of each suit: 24 cards, one of each (THE DECK). A card "unseen" this round is
in the deck or face down in a hand; a row card is turned up from those, and a player with a
face-down card may have played any of them."""

from __future__ import annotations

import random
from itertools import islice, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import Card, card, cards
from card_companion.calculators.fight import DECK
from card_companion.companion.fight import CoinFlip, Fight, Pick, TurnUp, queries
from card_companion.companion.game import IllegalAction
from card_companion.companion.legal import Legal
from card_companion.companion.session import Session
from tests.fight.test_tracker import ANN, BEA, GAME, a_match_best_of_three, flip, new, opening, pick, row

FACES = tuple(DECK.faces())


def agrees_with_step(state, actions) -> None:
    """Each action is listed by legal_actions exactly when the tracker takes it."""
    legal = GAME.legal_actions(state)
    for a in actions:
        assert (a in legal) == (GAME.refusal(state, a) is None), a


# --- worked by hand ---------------------------------------------------------------------------


def test_a_round_opens_with_three_cards_turned_up_from_the_whole_deck() -> None:
    s = new().state
    legal = GAME.legal_actions(s)
    assert legal.kinds() == (TurnUp,)
    # 3 different cards of 24, in the order they are turned: 24 × 23 × 22 = 12144
    listed = list(legal)
    assert len(listed) == len(set(listed)) == 12144
    assert TurnUp(cards=tuple(cards("5S 6H 2C"))) in legal
    assert TurnUp(cards=tuple(cards("5S 6H"))) not in legal
    assert GAME.refusal(s, TurnUp(cards=tuple(cards("5S 6H")))) == (
        "a round starts with 3 cards turned face up in the row: enter 3")
    assert GAME.refusal(s, Pick(player=ANN, card=card("5S"))) == (
        "that is not the next step; now: Round 1: turn up 3 cards for the row and enter them")
    assert queries.row_needed(s) == 3 and queries.card_choices(s) == list(FACES)


def test_the_first_pick_is_a_coin_flip_then_the_pickers_choice_of_the_row() -> None:
    s = row(new(), "5S 6H 2C")
    # "flipping a coin to determine who picks first": its two outcomes
    assert list(GAME.legal_actions(s.state)) == [CoinFlip(purpose="first-pick", winner=ANN),
                                                 CoinFlip(purpose="first-pick", winner=BEA)]
    assert GAME.refusal(s.state, CoinFlip(purpose="tie", winner=ANN)) == (
        "the coin flip now is who picks first from the row?")
    s = flip(s, "first-pick", BEA)
    legal = GAME.legal_actions(s.state)
    # Bea won the coin: she takes any of the three row cards, nobody else picks now
    assert legal.kinds() == (Pick,)
    assert list(legal) == [Pick(player=BEA, card=c) for c in cards("5S 6H 2C")]
    assert queries.picker(s.state) == BEA and queries.card_choices(s.state) == cards("5S 6H 2C")
    assert GAME.refusal(s.state, Pick(player=ANN, card=card("5S"))) == "it is Bea's turn to pick from the row"
    assert GAME.refusal(s.state, Pick(player=BEA, card=card("4D"))) == "4♦ is not in the row: pick one of 5♠ 6♥ 2♣"


def test_the_refill_takes_two_of_the_cards_nobody_has_seen() -> None:
    s = row(new(), "5S 6H 2C")
    s = pick(pick(flip(s, "first-pick", BEA), BEA, "6H"), ANN, "2C")
    legal = GAME.legal_actions(s.state)
    # seen: 5♠ in the row, the picks 6♥ and 2♣: 24 - 3 = 21 unseen; two of them in order: 21 × 20
    assert legal.kinds() == (TurnUp,) and queries.row_needed(s.state) == 2
    assert sum(1 for _ in legal) == 21 * 20
    assert TurnUp(cards=tuple(cards("4D AH"))) in legal and TurnUp(cards=tuple(cards("6H AH"))) not in legal
    agrees_with_step(s.state, [TurnUp(cards=(a, b)) for a, b in product(FACES, repeat=2)])


def test_a_turn_is_a_card_each_player_can_hold() -> None:
    s = opening(new()).state  # row 5♠ 4♦ A♥; Ann holds 2♣ face up, Bea 6♥, each 3 face down
    legal = GAME.legal_actions(s)
    assert legal.kinds() == (Fight,)
    # unseen: 24 - 3 (row) - 2 (picks) = 19; Ann may play those or her 2♣ (20), Bea those or her
    # 6♥ (20); never both the same card, which only the 19 unseen could be: 20 × 20 - 19 = 381
    assert sum(1 for _ in legal) == 381
    assert len(queries.card_choices(s, ANN)) == len(queries.card_choices(s, BEA)) == 20
    assert Fight(cards=(card("2C"), card("6H"))) in legal
    assert Fight(cards=(card("6H"), card("2C"))) not in legal
    assert GAME.refusal(s, Fight(cards=(card("6H"), card("2C")))) == (
        "Ann cannot play 6♥: it is in Bea's hand (picked face up)")
    assert GAME.refusal(s, Fight(cards=(card("3S"), card("3S")))) == (
        "both players cannot play 3♠: a FIGHT! deck has one of each card")
    agrees_with_step(s, [Fight(cards=(a, b)) for a, b in product(FACES, repeat=2)])
    assert queries.entry_refusal(s, [card("5S"), None]) == ["Ann cannot play 5♠: it is in the face-up row"]


def test_a_finished_fight_allows_nothing() -> None:
    s = a_match_best_of_three().state
    legal = GAME.legal_actions(s)
    assert legal == Legal() and not legal and list(legal) == [] and legal.kinds() == ()
    assert GAME.refusal(s, TurnUp(cards=tuple(cards("5S 6H 2C")))) == "the game is over: undo to change it"
    assert GAME.random_play().random_action(s, random.Random(0)) is None


# --- over random matches ----------------------------------------------------------------------

ANY_CARD = st.sampled_from([*FACES, card("7S"), card("KH")])


def _candidates(state, legal, rng: random.Random, data) -> list:
    """Actions to ask about: some listed, each changed in one part, and random ones."""
    out: list = [legal.sample(rng) for _ in range(3)] if legal else []
    listed = list(islice(iter(legal), 20))
    out += listed
    for a in listed[:3]:
        if isinstance(a, TurnUp):
            out += [TurnUp(cards=a.cards[:-1]), TurnUp(cards=a.cards + a.cards[:1])]
        if isinstance(a, Fight):
            out.append(Fight(cards=(a.cards[1], a.cards[0])))
        if isinstance(a, Pick):
            out.append(Pick(player=1 - a.player, card=a.card))
    cs: list[Card] = data.draw(st.lists(ANY_CARD, min_size=2, max_size=3))
    out += [TurnUp(cards=tuple(cs)), TurnUp(cards=tuple(cs[:1])), Fight(cards=(cs[0], cs[1])),
            Pick(player=data.draw(st.integers(0, 1)), card=cs[0]),
            CoinFlip(purpose=data.draw(st.sampled_from(["first-pick", "tie", "round"])),
                     winner=data.draw(st.integers(0, 1)))]
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
def test_legal_actions_are_what_the_tracker_takes(seed: int, data) -> None:
    rng = random.Random(seed)
    play = GAME.random_play()
    s = Session.start(GAME, play.random_setup(rng))
    for _ in range(400):
        legal = GAME.legal_actions(s.state)
        assert bool(legal) == (not GAME.is_over(s.state))
        for a in _candidates(s.state, legal, rng, data):
            assert (a in legal) == (GAME.refusal(s.state, a) is None), a
        if not legal:
            break
        action = play.random_action(s.state, rng)
        assert action in legal
        s = s.push(action)  # the tracker takes it (IllegalAction otherwise)
        play.check_invariants(s.state)
    assert GAME.is_over(s.state), "a random FIGHT! ends within 400 steps"
    assert not GAME.legal_actions(s.state)
    with pytest.raises(IllegalAction, match="the game is over"):
        GAME.step(s.state, TurnUp(cards=tuple(cards("5S 6H 2C"))))
