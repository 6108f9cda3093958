"""FIGHT!: one turn, checked against the MOVE CARDS section of the rule text.

The full table of every ordered pair of played cards (24 × 23) under both cycles and each
Tie Breaker state is built here from a 4 × 4 suit table and the same-colour rules, written
by hand from the text and the given rulings (card_companion/rulings/fight.md), never by calling the
code under test.
"""

from __future__ import annotations

import pytest

from card_companion.calculators.cards import Card, card, cards
from card_companion.calculators.fight import Turn, resolve_turn
from card_companion.companion.protocol import resolve

# --- the table, by hand -----------------------------------------------------------------------

# The deck: A-6 of each suit, A = 1 (rule text "THE DECK"; rulings).
SUITS = "SCDH"  # S Punch, C Kick (black, attack); D Parry, H Dodge (red, defence)
RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6}
BLACK = {"S", "C"}

# Who wins when player 0 plays the row's suit and player 1 the column's suit.
# 0 / 1: that player's move beats the other's. "AA": two attack cards, "DD": two defence
# cards (same colour: no move beats another, see SAME_COLOUR below).
# Default cycle (rulings): Parry beats Punch, Punch beats Dodge, Dodge beats Kick, Kick beats Parry.
DEFAULT = {
    #      vs S Punch  vs C Kick  vs D Parry  vs H Dodge
    "S": {"S": "AA", "C": "AA", "D": 1, "H": 0},  # Parry beats Punch; Punch beats Dodge
    "C": {"S": "AA", "C": "AA", "D": 0, "H": 1},  # Kick beats Parry; Dodge beats Kick
    "D": {"S": 0, "C": 1, "D": "DD", "H": "DD"},  # Parry beats Punch; Kick beats Parry
    "H": {"S": 1, "C": 0, "D": "DD", "H": "DD"},  # Punch beats Dodge; Dodge beats Kick
}
# Reverse cycle (rulings): Punch beats Parry, Parry beats Kick, Kick beats Dodge, Dodge beats Punch.
REVERSE = {
    #      vs S Punch  vs C Kick  vs D Parry  vs H Dodge
    "S": {"S": "AA", "C": "AA", "D": 0, "H": 1},  # Punch beats Parry; Dodge beats Punch
    "C": {"S": "AA", "C": "AA", "D": 1, "H": 0},  # Parry beats Kick; Kick beats Dodge
    "D": {"S": 1, "C": 0, "D": "DD", "H": "DD"},  # Punch beats Parry; Parry beats Kick
    "H": {"S": 0, "C": 1, "D": "DD", "H": "DD"},  # Dodge beats Punch; Kick beats Dodge
}
TABLES = {"default": DEFAULT, "reverse": REVERSE}


def expected(a: str, b: str, cycle: str, tie_breaker: int | None) -> tuple[str, int | None, str | None]:
    """(outcome, winner, collected) for player 0 playing ``a`` and player 1 playing ``b``.

    The same-colour rules, from the text:
    - "If the winning player played a black (attack) card, then they collect the card that
      they played themselves." / "... a red (defense) card, then they collect the card their
      opponent played."
    - "If both players played black (attack) cards, the player who played the lower value
      card wins the card that they played themselves. In the case of a tie, the player in
      possession of the Tie Breaker card wins the card they played themselves." With nobody
      holding it: "flip a coin".
    - "If both players played red (defense) cards, then both players discard the card they
      played" (nobody wins the turn).
    """
    cell = TABLES[cycle][a[-1]][b[-1]]
    played = (a, b)
    if cell == "DD":
        return ("both-discard", None, None)
    if cell == "AA":
        va, vb = RANKS[a[:-1]], RANKS[b[:-1]]
        if va < vb:
            return ("win", 0, a)
        if vb < va:
            return ("win", 1, b)
        if tie_breaker is None:
            return ("coin-flip-needed", None, None)
        return ("win", tie_breaker, played[tie_breaker])
    winner = cell
    mine, theirs = played[winner], played[1 - winner]
    return ("win", winner, mine if mine[-1] in BLACK else theirs)


ALL = [f"{r}{s}" for s in SUITS for r in RANKS]
PAIRS = [(a, b) for a in ALL for b in ALL if a != b]


def test_the_table_is_the_full_set_of_ordered_pairs() -> None:
    assert len(ALL) == 24
    assert len(PAIRS) == 24 * 23 == 552


@pytest.mark.parametrize("cycle", ["default", "reverse"])
@pytest.mark.parametrize("tie_breaker", [None, 0, 1])
def test_every_ordered_pair(cycle: str, tie_breaker: int | None) -> None:
    wrong = []
    for a, b in PAIRS:
        r = resolve_turn(Turn(cards=(a, b), tie_breaker=tie_breaker, cycle=cycle))
        want = expected(a, b, cycle, tie_breaker)
        got = (r.outcome, r.winner, None if r.collected is None else str(r.collected))
        if got != want:
            wrong.append(f"{a} vs {b}: {got} != {want}")
        # un-won cards go to the discard pile (step V): the played cards minus the collected one
        if r.outcome == "win":
            assert set(r.discarded) | {r.collected} == {card(a), card(b)}
        elif r.outcome == "both-discard":
            assert set(r.discarded) == {card(a), card(b)}
        assert r.explanation
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("cycle", ["default", "reverse"])
@pytest.mark.parametrize("tie_breaker", [None, 0, 1])
def test_every_ordered_pair_through_the_resolve_ask(cycle: str, tie_breaker: int | None) -> None:
    for a, b in PAIRS:
        answer = resolve({"game": "fight", "ask": "turn", "cards": [a, b], "tie_breaker": tie_breaker,
                          "cycle": cycle})
        assert set(answer) == {"outcome", "winner", "collected", "discarded", "picks_first", "explanation"}
        want = expected(a, b, cycle, tie_breaker)
        assert (answer["outcome"], answer["winner"], answer["collected"]) == want, (a, b)
        played = {str(card(a)), str(card(b))}
        if answer["outcome"] == "win":  # the card not collected is discarded
            assert {answer["collected"], *answer["discarded"]} == played and len(answer["discarded"]) == 1
        elif answer["outcome"] == "both-discard":  # two defences: both go, the holder picks first
            assert set(answer["discarded"]) == played and answer["picks_first"] == tie_breaker


@pytest.mark.parametrize("coin", [0, 1])
def test_equal_attack_cards_without_a_holder_go_to_the_coin(coin: int) -> None:
    # two attack cards of the same value, nobody holds the Tie Breaker → the coin's player
    # wins the card they played themselves
    ties = [(a, b) for a, b in PAIRS if a[-1] in BLACK and b[-1] in BLACK and a[:-1] == b[:-1]]
    assert len(ties) == 6 * 2  # six values, ♠ vs ♣ and ♣ vs ♠
    for a, b in ties:
        r = resolve_turn(Turn(cards=(a, b), coin=coin))
        assert (r.outcome, r.winner, str(r.collected)) == ("win", coin, (a, b)[coin])
        assert r.decided_by == "coin"


def test_a_coin_does_not_override_the_tie_breaker_or_the_moves() -> None:
    # the holder wins the tie whatever the coin says: 4♠ vs 4♣, player 1 holds it
    r = resolve_turn(Turn(cards=("4S", "4C"), tie_breaker=1, coin=0))
    assert (r.winner, str(r.collected)) == (1, "4C")
    # 2♣ vs 5♠: the lower value wins, no coin involved
    r = resolve_turn(Turn(cards=("2C", "5S"), coin=1))
    assert (r.winner, str(r.collected)) == (0, "2C")


# --- hand-picked turns with their explanation -------------------------------------------------


def test_defence_win_collects_the_opponents_card() -> None:
    # 3♠ Punch vs 5♦ Parry, default cycle: Parry beats Punch → player 1 wins with a red card
    # → collects player 0's 3♠; 5♦ is un-won and discarded.
    r = resolve_turn(Turn(cards=("3S", "5D")), names=["Ann", "Bea"])
    assert (r.outcome, r.winner, r.collected, r.discarded) == ("win", 1, card("3S"), (card("5D"),))
    assert r.explanation == [
        "Ann plays 3♠ (Punch, attack); Bea plays 5♦ (Parry, defence)",
        "Parry beats Punch (default cycle)",
        "Bea wins with a defence card → collects Ann's 3♠; 5♦ is discarded",
    ]


def test_attack_win_collects_its_own_card() -> None:
    # 6♠ Punch vs A♥ Dodge, default: Punch beats Dodge → player 0 collects their own 6♠
    r = resolve_turn(Turn(cards=("6S", "AH")))
    assert (r.winner, r.collected, r.discarded) == (0, card("6S"), (card("AH"),))
    assert r.explanation[-1] == "player 0 wins with an attack card → collects their own 6♠; A♥ is discarded"


def test_the_reverse_cycle_is_named_in_the_explanation() -> None:
    # reverse: Punch beats Parry → 3♠ wins against 5♦, player 0 collects their own 3♠
    r = resolve_turn(Turn(cards=("3S", "5D"), cycle="reverse"))
    assert (r.winner, r.collected) == (0, card("3S"))
    assert r.explanation[1] == "Punch beats Parry (reverse cycle)"


def test_two_attacks_the_lower_value_wins() -> None:
    # 5♠ vs 2♣: both black, 2 < 5 → player 1 wins their own 2♣, 5♠ is discarded
    r = resolve_turn(Turn(cards=("5S", "2C"), tie_breaker=0))
    assert (r.winner, r.collected, r.discarded, r.decided_by) == (1, card("2C"), (card("5S"),), "lower")


def test_two_attacks_equal_value_the_holder_wins_its_own_card() -> None:
    r = resolve_turn(Turn(cards=("3C", "3S"), tie_breaker=1), names=["Ann", "Bea"])
    assert (r.winner, r.collected, r.decided_by) == (1, card("3S"), "tie-breaker")
    assert r.explanation[-2:] == [
        "two attack cards of equal value (3) → a tie",
        "Bea holds the Tie Breaker → wins the tie and collects their own 3♠; 3♣ is discarded",
    ]


def test_two_defences_both_discard_and_the_holder_picks_first() -> None:
    r = resolve_turn(Turn(cards=("6D", "AH"), tie_breaker=1), names=["Ann", "Bea"])
    assert (r.outcome, r.winner, r.collected, r.first_pick) == ("both-discard", None, None, 1)
    assert set(r.discarded) == set(cards("6D AH"))
    assert r.explanation[-1] == "both draw a face-up card from the row; Bea holds the Tie Breaker and picks first"
    nobody = resolve_turn(Turn(cards=("6D", "AH")))
    assert nobody.first_pick is None
    assert "flip a coin for who picks first" in nobody.explanation[-1]
    assert resolve_turn(Turn(cards=("6D", "AH"), coin=0)).first_pick == 0


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "message"),
    [
        (("7S", "3D"), "7♠ is not in the deck of FIGHT!"),
        (("3D", "KH"), "K♥ is not in the deck of FIGHT!"),
        (("JOKER", "3D"), "Joker is not in the deck of FIGHT!"),
        (("3D", "3D"), "3♦ is played twice"),
        (("3D", "3♦"), "3♦ is played twice"),
    ],
)
def test_bad_cards_are_refused_with_a_readable_message(played: tuple[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Turn(cards=played)


def test_a_turn_has_two_cards() -> None:
    with pytest.raises(ValueError, match="a turn has two cards"):
        Turn(cards=("3D",))
    with pytest.raises(ValueError, match="a turn has two cards"):
        Turn(cards=("3D", "4D", "5D"))


def test_tie_breaker_and_coin_are_player_0_or_1() -> None:
    for bad in ({"tie_breaker": 2}, {"coin": -1}, {"cycle": "sideways"}):
        with pytest.raises(ValueError):
            Turn(cards=("3S", "4S"), **bad)


def test_cards_accept_any_notation() -> None:
    r = resolve_turn(Turn(cards=("a♠", "6h")))
    assert r.collected == Card.parse("AS")
