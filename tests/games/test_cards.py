"""The card notation of docs/rules.md: what is accepted, what is printed, what is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_companion.calculators.cards import JOKER, Card, CardError, Deck, Rank, Suit, all_faces, cards


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("10H", "10H"), ("10h", "10H"), ("TH", "10H"), ("t♦", "10D"), ("qs", "QS"), ("A♠", "AS"),
        ("K♣", "KC"), ("2◇", "2D"), ("j♥", "JH"), (" 7c ", "7C"), ("JOKER", "JOKER"), ("joker", "JOKER"),
        ("X", "JOKER"), ("jk", "JOKER"),
    ],
)
def test_accepted_notations(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "11S", "ZZ", "10", "H", "AX", "JOKERS", "10HH", "QS QS"])
def test_refused_notations_say_what_a_card_is(text):
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(text)


def test_symbols_and_colours():
    assert Card.parse("10H").symbol == "10♥"
    assert Card.parse("QS").symbol == "Q♠"
    assert JOKER.symbol == "Joker"
    assert Card.parse("AD").is_red and Card.parse("AH").is_red
    assert Card.parse("AS").is_black and Card.parse("AC").is_black
    assert not JOKER.is_red and not JOKER.is_black


def test_json_form_is_the_notation():
    c = Card.parse("10h")
    assert c.model_dump() == "10H" and c.model_dump_json() == '"10H"'
    assert Card.model_validate("t♥") == c
    assert Card.model_validate({"rank": 10, "suit": "H"}) == c


def test_of_gives_the_shared_card():
    assert Card.of(10, "H") is Card.parse("10H")
    assert Card.of(Rank.JOKER, None) is JOKER
    with pytest.raises(CardError):
        Card.of(Rank.QUEEN, None)


def test_a_joker_has_no_suit():
    with pytest.raises(ValueError):
        Card(rank=Rank.JOKER, suit=Suit.HEARTS)
    with pytest.raises(ValueError):
        Card(rank=Rank.KING)


@given(st.sampled_from(all_faces()))
def test_print_then_parse_is_identity(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol if not card.is_joker else "JOKER") == card


def test_decks():
    # FIGHT!: A-6 of four suits = 6 x 4 = 24 cards, no jokers
    fight = Deck(ranks=tuple(Rank(n) for n in range(1, 7)))
    assert fight.size == 24
    assert fight.contains(Card.parse("6S")) and not fight.contains(Card.parse("7S"))
    assert not fight.contains(JOKER)
    with pytest.raises(CardError, match="7♠ is not in the deck of FIGHT!"):
        fight.parse("7s", "FIGHT!")
    # two packs with one joker: 52 x 2 + 1 = 105
    two = Deck(copies=2, jokers=1)
    assert two.size == 105 and two.copies_of(Card.parse("QH")) == 2 and two.copies_of(JOKER) == 1
    assert len(two.all_cards()) == 105 and len(two.faces()) == 53
    # over-use: a third Q♥ in a two-pack game
    assert two.overused(cards("QH QH QH 2C")) == [Card.parse("QH")]
    assert two.overused(cards("QH QH")) == []
