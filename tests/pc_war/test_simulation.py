"""PC War's "look at the odds": whole games with real cards, hand-worked on small decks,
checked against the tracker step by step, and the result the setup screen shows."""

from __future__ import annotations

import random

import pytest

from card_companion.calculators.cards import cards
from card_companion.calculators.pc_war import (
    MAX_FLIPS,
    PCWarError,
    Tally,
    deck_for,
    histogram,
    play_games,
    play_hands,
    shuffler,
    simulate,
    strength,
    summarize,
)
from card_companion.companion.pc_war import GAME, queries
from card_companion.companion.session import Session


def hand(text: str) -> list[int]:
    """A hand written top card LAST, as card strengths."""
    return [strength(c) for c in cards(text)]


def no_shuffle(pile: list) -> None:
    """Picked-up piles keep their order, so a game can be worked out by hand."""


def test_a_game_without_war_by_hand() -> None:
    # Ann holds 5♠ 3♥ (3♥ on top), Bea 9♦ 2♣ (2♣ on top).
    # Flip 1: 3♥ > 2♣ → Ann's pile [3♥ 2♣]. Flip 2: 5♠ < 9♦ → Bea's pile [5♠ 9♦].
    # Both hands are empty: Ann picks up [3♥ 2♣] (2♣ on top), Bea [5♠ 9♦] (9♦ on top).
    # Flip 3: 2♣ < 9♦ → Bea takes. Flip 4: 3♥ < 5♠ → Bea takes; Ann has no cards: Ann wins.
    assert play_hands(no_shuffle, hand("5S 3H"), hand("9D 2C")) == (0, 4, 0, 0)


def test_a_war_won_by_hand() -> None:
    # Ann: 10♥ 4♣ 4♦ 4♥ 2♦ 7♠ (7♠ on top); Bea: 3♣ 5♣ 6♣ 8♣ A♦ 7♥.
    # Flip 1: 7♠ = 7♥ → a tie. Swap: Ann holds 3♣ 5♣ 6♣ 8♣ A♦, Bea 10♥ 4♣ 4♦ 4♥ 2♦.
    # Ann lays A♦ 8♣ 6♣ down and 5♣ up; Bea lays 2♦ 4♥ 4♦ down and 4♣ up: 5♣ > 4♣, Ann
    # takes all 10. Ann holds 3♣, Bea 10♥. Flip 2: 3♣ < 10♥: Bea takes both; Ann still
    # has her pile of 10. Flip 3: Ann picks up her pile (on top: the last card laid, 4♣),
    # Bea picks up 3♣ 10♥ (10♥ on top): 4♣ < 10♥, Bea takes; the bound of 3 flips stops it.
    result, flips_, wars, longest = play_hands(no_shuffle, hand("10H 4C 4D 4H 2D 7S"), hand("3C 5C 6C 8C AD 7H"),
                                               max_flips=3)
    assert (flips_, wars, longest) == (3, 1, 1)
    assert result == -1  # stopped at the bound of 3 flips


def test_the_war_by_hand_to_the_end() -> None:
    # Ann: 4♦ 9♠ (9♠ on top), Bea: 2♣ 3♣ 5♣ 9♥.
    # Flip 1: 9♠ = 9♥ → a tie. Swap: Ann holds 2♣ 3♣ 5♣, Bea holds 4♦ (her only card).
    # Ann has only 3 cards: 5♣ 3♣ face down, 2♣ face up; Bea lays 4♦ face up.
    # 2♣ < 4♦: Bea takes all 6; Ann has no cards left → Ann wins.
    assert play_hands(no_shuffle, hand("4D 9S"), hand("2C 3C 5C 9H")) == (0, 1, 1, 1)
    # With "last card wins at once", both laid their last cards: both out at once, shared
    assert play_hands(no_shuffle, hand("4D 9S"), hand("2C 3C 5C 9H"), at_once=True) == (2, 1, 1, 1)


def test_a_tie_inside_a_war_by_hand() -> None:
    # Ann: 2♠ 6♠ 7♠ 8♠ 9♠ Q♠ (Q♠ on top); Bea: 3♥ 6♥ 7♥ 8♥ 10♥ 5♥ K♥ Q♥.
    # Flip 1: Q♠ = Q♥ tie. Swap: Ann holds 3♥ 6♥ 7♥ 8♥ 10♥ 5♥ K♥, Bea 2♠ 6♠ 7♠ 8♠ 9♠.
    # Ann lays K♥ 5♥ 10♥ down, 8♥ up; Bea lays 9♠ 8♠ 7♠ down, 6♠ up: 8♥ > 6♠, Ann takes 10.
    # Ann holds 3♥ 6♥ 7♥, Bea 2♠. Flip 2: 7♥ > 2♠: Ann takes; Bea is out → Bea wins.
    assert play_hands(no_shuffle, hand("2S 6S 7S 8S 9S QS"), hand("3H 6H 7H 8H 10H 5H KH QH")) == (1, 2, 1, 1)
    # Bea's 8♥ replaced by 6♦: a tie in the war.
    # Ann: 2♠ 6♠ 7♠ 8♠ 9♠ Q♠; Bea: 3♥ 6♥ 7♥ 6♦ 10♥ 5♥ K♥ Q♥ → Ann lays K♥ 5♥ 10♥, 6♦ up;
    # Bea lays 9♠ 8♠ 7♠, 6♠ up: 6♦ = 6♠ → swap again: Ann holds 2♠, Bea 3♥ 6♥ 7♥.
    # Ann has 1 card: 2♠ face up; Bea has 3: 7♥ 6♥ down, 3♥ up: 2♠ < 3♥, Bea takes all 14;
    # Ann has no cards → Ann wins after 1 flip and 2 war rounds.
    assert play_hands(no_shuffle, hand("2S 6S 7S 8S 9S QS"), hand("3H 6H 7H 6D 10H 5H KH QH")) == (0, 1, 2, 2)


def test_no_card_to_lay() -> None:
    # Ann: 5♣, Bea: 5♦ (a deal of one card each). Flip 1: a tie, both hands empty, no
    # piles: the swap gives nobody anything and both have no card to lay → they share the win.
    assert play_hands(no_shuffle, hand("5C"), hand("5D")) == (2, 1, 0, 0)


@pytest.mark.parametrize("at_once", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_simulation_and_tracker_count_the_same(seed: int, at_once: bool) -> None:
    """Play a seeded simulated game, then enter its flips, swaps and wars into the tracker
    as taps: after every step both have the same number of cards per player."""
    rng = random.Random(seed)
    shuffle = shuffler(rng)
    deck = [strength(c) for c in deck_for(1).all_cards()]
    shuffle(deck)
    trace: list = []
    result, flips, wars, longest = play_hands(shuffle, deck[:27], deck[27:], at_once, MAX_FLIPS, trace)
    session = Session.start(GAME, GAME.make_setup(["Ann", "Bea"], {"jokers": 1, "last_card_wins_at_once": at_once}))
    taps = {0: "left", 1: "right", None: "tie"}
    for step, takes, left in trace:
        action = {"kind": step} if step == "swap" else {"kind": step, "higher": taps[takes]}
        session = session.push(GAME.parse_action(action))
        if not session.is_over:
            state = session.state
            assert (queries.cards_left(state, 0), queries.cards_left(state, 1)) == left, (step, len(session.actions))
    assert session.is_over == (result != -1)
    state = session.state
    assert (state.flips, state.wars, state.longest_war) == (flips, wars, longest)
    if result >= 0:
        assert state.winners == ((0, 1) if result == 2 else (result,))


def test_simulation_is_seeded_and_chunking_does_not_change_it() -> None:
    a = list(simulate(60, seed=5, chunk=7))
    b = list(simulate(60, seed=5, chunk=60))
    assert [p.done for p in a] == [7, 14, 21, 28, 35, 42, 49, 56, 60]
    assert a[-1].result == b[-1].result
    assert [p.fraction for p in b] == [1.0]
    c = list(simulate(60, seed=6, chunk=60))
    assert c[-1].result != b[-1].result


def test_a_simulation_counts_every_game() -> None:
    r = list(simulate(200, seed=1, chunk=100))[-1].result
    assert r.games == 200
    assert r.first_player_wins + r.second_player_wins + r.shared + r.stopped == 200
    assert sum(b.games for b in r.histogram) == 200 - r.stopped
    assert r.histogram[0].start == 1 and all(b.end - b.start == 49 for b in r.histogram)
    assert 0 < r.first_player_share < 1


def test_the_stop_bound() -> None:
    t = play_games(20, random.Random(3), max_flips=10)
    # no game of 53 cards ends within 10 flips: the loser must lose at least 26 cards
    assert (t.games, t.stopped) == (20, 20)
    with pytest.raises(PCWarError):
        play_games(1, random.Random(3), max_flips=0)


def test_summary_of_a_hand_made_tally() -> None:
    t = Tally(jokers=1, games=5, wins=[3, 1], stopped=1, lengths={10: 1, 20: 2, 30: 1}, wars=10, longest_war=3)
    r = summarize(t, names=("Ann", "Bea"), width=10)
    # finished 4: mean (10 + 2 × 20 + 30) / 4 = 20, median of 10 20 20 30 = 20
    assert (r.mean_flips, r.median_flips, r.longest_game) == (20, 20, 30)
    assert r.first_player_share == 0.75  # 3 of 4 finished games
    assert r.mean_wars == 2  # 10 wars / 5 games
    assert [(b.start, b.end, b.games) for b in r.histogram] == [(1, 10, 1), (11, 20, 2), (21, 30, 1)]
    assert r.explanation == [
        "5 games with random deals of 53 cards (1 Joker): Ann is dealt 27 cards, Bea 26",
        "Ann (the first player) wins 75.0% of the finished games (3), Bea 25.0% (1)",
        "a game lasts 20 flips (median), 20 on average; the longest took 30",
        "1 games were still going after 5,000 flips and were stopped",
    ]


def test_tallies_add_up() -> None:
    a = play_games(30, random.Random(1))
    b = play_games(20, random.Random(2))
    both = a.merge(b)
    assert both.games == 50
    assert both.wins[0] == a.wins[0] + b.wins[0]
    assert sum(both.lengths.values()) == sum(a.lengths.values()) + sum(b.lengths.values())
    with pytest.raises(PCWarError):
        a.merge(Tally(jokers=2))


def test_histogram_even_median() -> None:
    assert [(b.start, b.games) for b in histogram({50: 1, 51: 1}, width=50)] == [(1, 1), (51, 1)]


def test_the_game_simulates_its_setup() -> None:
    setup = GAME.make_setup(["Ann", "Bea"], {"jokers": 2})
    steps = list(queries.simulate_games(setup, games=40, seed=9, chunk=20))
    assert [s.done for s in steps] == [20, 40]
    result = steps[-1].result
    assert result.jokers == 2
    assert result.explanation[0] == "40 games with random deals of 54 cards (2 Jokers): Ann is dealt 27 cards, Bea 27"
