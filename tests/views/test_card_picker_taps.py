"""The picker's two taps and the places of CardSlots, as pure functions (no Flet): worked by
hand from what a thumb does at the table."""

from __future__ import annotations

from card_companion.calculators.cards import Rank, Suit, card
from card_companion.views.entry_places import Places, Taps

Q, SEVEN = Rank.QUEEN, Rank.SEVEN
HEARTS, SPADES = Suit.HEARTS, Suit.SPADES


def test_rank_then_suit_makes_the_card_and_starts_again():
    taps, made = Taps().rank_tapped(Q)
    assert (taps, made) == (Taps(rank=Q), None)
    taps, made = taps.suit_tapped(HEARTS)
    assert (taps, made) == (Taps(), card("QH"))


def test_suit_then_rank_makes_the_same_card():
    taps, made = Taps().suit_tapped(HEARTS)
    assert made is None
    assert taps.rank_tapped(Q) == (Taps(), card("QH"))


def test_the_chosen_rank_tapped_again_is_taken_back():
    taps, _ = Taps().rank_tapped(Q)
    assert taps.rank_tapped(Q) == (Taps(), None)


def test_another_rank_replaces_the_first():
    taps, _ = Taps().rank_tapped(Q)
    assert taps.rank_tapped(SEVEN) == (Taps(rank=SEVEN), None)


def test_the_chosen_suit_tapped_again_is_taken_back():
    taps, _ = Taps().suit_tapped(SPADES)
    assert taps.suit_tapped(SPADES) == (Taps(), None)


def test_places_start_on_the_first_empty_place():
    assert Places.start(3) == Places((None, None, None), 0, True)
    # one card kept from before: the picker starts on the place still empty
    assert Places.start(2, [card("3C"), None]) == Places((card("3C"), None), 1, True)
    # every place kept: the picker is folded away
    assert Places.start(2, [card("3C"), card("AH")]) == Places((card("3C"), card("AH")), 0, False)
    # initial cards for a different number of places are not used
    assert Places.start(2, [card("3C")]) == Places((None, None), 0, True)


def test_filling_moves_on_to_the_next_empty_place_then_folds():
    p = Places.start(3).picked(card("9H"))
    assert (p.cards, p.active, p.picking) == ((card("9H"), None, None), 1, True)
    p = p.picked(card("KD"))
    assert (p.active, p.picking) == (2, True)
    p = p.picked(card("QC"))
    assert p.complete and not p.picking  # all three entered: the picker folds away
    assert p.active == 2


def test_an_empty_place_before_the_active_one_is_next_when_none_is_after():
    p = Places((None, card("KD"), None), active=2)
    p = p.picked(card("QC"))
    assert (p.active, p.picking) == (0, True)


def test_a_filled_place_tapped_is_changed_and_the_picker_comes_back():
    p = Places((card("3C"), card("AH")), active=1, picking=False).chosen(0)
    assert (p.active, p.picking) == (0, True)
    p = p.picked(card("5S"))
    assert p.cards == (card("5S"), card("AH"))
    assert not p.picking


def test_without_folding_the_picker_stays_on_the_place_just_changed():
    # the calculator: change one card after another without tapping the place each time
    p = Places((card("3C"), card("AH")), active=0, picking=True).picked(card("5S"), fold=False)
    assert (p.cards, p.active, p.picking) == ((card("5S"), card("AH")), 0, True)
    p = p.picked(card("6S"), fold=False)
    assert p.cards == (card("6S"), card("AH"))


def test_the_places_keep_the_pickers_taps_and_the_card_they_make_fills_the_active_place():
    # Q tapped: nothing entered yet, the Q is shown chosen; then ♥: Q♥ goes to the first place,
    # the next place is active and the taps start again
    p = Places.start(2).tapped(lambda t: t.rank_tapped(Q))
    assert (p.cards, p.taps) == ((None, None), Taps(rank=Q))
    p = p.tapped(lambda t: t.suit_tapped(HEARTS))
    assert (p.cards, p.active, p.taps) == ((card("QH"), None), 1, Taps())


def test_a_rank_tapped_then_another_place_chosen_fills_that_place():
    # one deck: the 7 tapped stays chosen when the thumb picks the second place first
    p = Places.start(2).tapped(lambda t: t.rank_tapped(SEVEN)).chosen(1)
    assert p.taps == Taps(rank=SEVEN)
    p = p.tapped(lambda t: t.suit_tapped(SPADES))
    assert p.cards == (None, card("7S"))


def test_a_place_of_another_deck_starts_its_taps_again():
    # Card Stratego's two armies: a rank half-chosen for one deck is not finished in the other
    p = Places.start(2).tapped(lambda t: t.rank_tapped(SEVEN)).chosen(1, keep_taps=False)
    assert (p.active, p.taps) == (1, Taps())
