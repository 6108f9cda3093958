"""PC War's ``legal_actions``: what may be entered in each phase, worked from the rule text
(card_companion/rules/pc-war.txt: rule 3, a flip, the higher card takes; rule 5, a tie, the
players swap hands, then lay 3 down and 1 up; the app's own steps, the stop and the recount,
between flips), and over random games: every action it gives is one ``GAME.step`` takes, and it
holds exactly the actions step takes."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import card
from card_companion.calculators.pc_war import deck_for
from card_companion.companion.legal import Legal
from card_companion.companion.pc_war import GAME, Flip, PCWarState, Recount, Stop, SwapHands, War, queries
from card_companion.companion.pc_war.choices import legal_actions
from card_companion.companion.pc_war.random_play import RANDOM_PLAY_STOP
from card_companion.companion.session import Session

G = GAME


def start(**settings) -> Session:
    return Session.start(G, G.make_setup(["Ann", "Bea"], settings))


def test_a_new_game_flips_stops_or_recounts() -> None:
    s = start().state  # 52 cards and one Joker: Ann 27, Bea 26 (rule 1; the odd card to the first dealt)
    legal = legal_actions(s)
    assert legal.kinds() == (Flip, Stop, Recount) and legal == G.legal_actions(s)
    flips = legal.of_kind(Flip)
    assert [a for a in islice(flips, 3)] == [Flip(higher="left"), Flip(higher="right"), Flip(higher="tie")]
    # the cards: 53 different faces, an ordered pair of two of them 53 × 52 = 2756 ways (one Joker:
    # never both), each alone or with the tap that agrees: 2 × 2756 = 5512, with the 3 taps 5515
    assert sum(1 for _ in flips) == 5515
    assert all(G.refusal(s, a) is None for a in flips)
    assert Flip(cards=(card("KH"), card("7S"))) in legal  # K above 7 (rule 3): Ann's is higher
    assert Flip(cards=(card("KH"), card("7S")), higher="left") in legal
    assert Flip(cards=(card("2C"), card("JOKER")), higher="left") in legal  # the Joker is the lowest card
    assert set(legal.of_kind(Stop)) == {Stop(), Stop(counts=False)}
    assert Recount(hands=(26, 27), piles=(0, 0)) in legal  # 26 + 27 = 53, the whole deck
    assert queries.tap_choices(s) == {"left": "Ann's card is higher", "right": "Bea's card is higher",
                                      "tie": "Tie"}


def test_what_a_new_game_refuses_it_does_not_hold() -> None:
    s = start().state
    legal = legal_actions(s)
    refused = {
        Flip(cards=(card("KH"), card("7S")), higher="right"):
            "the cards say Ann's card is higher but the tap says Bea's card is higher: enter one or the other",
        Flip(cards=(card("KH"), card("KH"))): "K♥ is entered for both players, but the deck holds only one K♥",
        Flip(cards=(card("BLANK"), card("7S"))): "the blank card is not in the deck of Non-Violent, "
                                                 "Politically-Correct War (the Blank card setting is none: rule 1 "
                                                 "removes it)",
        Flip(): "enter both face-up cards, or tap whose card is higher (or tie)",
        War(higher="left"): "there is no war: enter a flip",
        SwapHands(): "hands are only swapped after a tie",
        Recount(hands=(27, 26), piles=(0, 0)): "these are the counts the app already has",
        Recount(hands=(27, 27), piles=(0, 0)): "the counts add up to 54 cards, but the deck has 53: count again",
    }
    for action, sentence in refused.items():
        assert action not in legal, action
        assert G.refusal(s, action) == sentence


def test_every_recount_makes_the_deck() -> None:
    s = start(jokers=0).state  # 52 cards: Ann 26, Bea 26
    recounts = legal_actions(s).of_kind(Recount)
    # four counts (two hands, two piles) that make 52: C(52 + 3, 3) = 55 × 54 × 53 / 6 = 26235,
    # less the counts the app has: 26234
    every = list(recounts)
    assert len(every) == len(set(every)) == 26234
    assert Recount(hands=(26, 26), piles=(0, 0)) not in every
    assert all(sum(a.hands) + sum(a.piles) == 52 for a in every)
    assert all(G.refusal(s, a) is None for a in random.Random(4).sample(every, 200))
    rng = random.Random(7)
    assert all(recounts.sample(rng) in recounts for _ in range(200))


def test_two_jokers_and_the_blank_card() -> None:
    s = start(jokers=2, blank_card="strongest").state  # 52 + 2 Jokers + the blank card: 55 cards
    flips = legal_actions(s).of_kind(Flip)
    joker, blank = card("JOKER"), card("BLANK")
    assert Flip(cards=(joker, joker), higher="tie") in flips  # two Jokers: a tie
    assert Flip(cards=(blank, card("AS")), higher="left") in flips  # the blank card above the Ace
    assert Flip(cards=(blank, blank)) not in flips  # one blank card
    # 54 faces (the Joker once): 54 × 53 = 2862 pairs, and the two Jokers: 2863; each alone or
    # with its tap, and the 3 taps: 2 × 2863 + 3 = 5729
    assert sum(1 for _ in flips) == 5729
    weakest = start(blank_card="weakest").state
    assert Flip(cards=(blank, joker), higher="right") in legal_actions(weakest)  # the blank below the Joker


def test_a_tie_swaps_then_the_war_face_up_cards() -> None:
    tie = start().push(Flip(higher="tie"))
    legal = legal_actions(tie.state)
    assert legal.kinds() == (SwapHands,) and list(legal) == [SwapHands()]
    assert queries.tap_choices(tie.state) == {}
    assert G.refusal(tie.state, Flip(higher="left")) == "it is a tie: swap hands first (trade and war)"
    assert G.refusal(tie.state, Stop()) == "finish the war first: the game can be stopped between flips"
    war = tie.push(SwapHands())
    legal = legal_actions(war.state)
    assert legal.kinds() == (War,)
    assert War(higher="tie") in legal and War(cards=(card("9D"), card("9S")), higher="tie") in legal
    assert Flip(higher="left") not in legal
    assert G.refusal(war.state, Flip(higher="left")) == "a war is on: enter the war's face-up cards"
    assert G.refusal(war.state, Recount(hands=(20, 21), piles=(6, 6))) == (
        "finish the war first: cards can be recounted between flips")
    assert (queries.can_war(war.state), queries.can_flip(war.state), queries.can_stop(war.state)) == (True, False,
                                                                                                       False)


def test_a_finished_game_has_nothing_to_enter() -> None:
    over = start().push(Stop()).state
    legal = legal_actions(over)
    assert legal == Legal() and not legal and list(legal) == [] and legal.kinds() == ()
    assert G.refusal(over, Flip(higher="left")) == "the game is over: undo to change it"
    assert queries.tap_choices(over) == {} and not queries.can_recount(over)


# --- over random games ---------------------------------------------------------------------------

ANY_CARD = deck_for(2, "strongest").faces()
"""every card a player might enter, the Jokers and the blank card too (not every deck holds them)"""


def candidate(state: PCWarState, rng: random.Random):
    """A step a player might enter now, legal or not: a tap or two cards (the same card twice at
    times, a card the deck may not hold, a tap that may disagree), a swap, a stop, counts near the
    app's."""
    roll = rng.random()
    if roll < 0.6:
        kind = rng.choice((Flip, War))
        cards = None if rng.random() < 0.3 else (rng.choice(ANY_CARD), rng.choice(ANY_CARD[-8:] + ANY_CARD))
        return kind(cards=cards, higher=rng.choice((None, "left", "right", "tie")))
    if roll < 0.75:
        return rng.choice((SwapHands(), Stop(), Stop(counts=False)))
    hands = [p.hand for p in state.players]
    piles = [p.pile for p in state.players]
    moved = rng.randint(0, 3)
    hands[0] -= min(moved, hands[0])
    piles[rng.randint(0, 1)] += moved if rng.random() < 0.8 else moved + 1  # sometimes a card too many
    return Recount(hands=(hands[0], hands[1]), piles=(piles[0], piles[1]))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_actions_are_what_step_takes(seed: int) -> None:
    rng = random.Random(seed)
    play = G.random_play()
    session = Session.start(G, play.random_setup(rng))
    for _ in range(400):
        state = session.state
        legal = legal_actions(state)
        for choices in legal.choices:
            action = choices.sample(rng)
            assert action in legal and G.refusal(state, action) is None, action
        for _ in range(3):
            action = candidate(state, rng)
            assert (action in legal) == (G.refusal(state, action) is None), (action, G.refusal(state, action))
        action = play.random_action(state, rng)
        if action is None:
            break
        assert action in legal
        session = session.push(action)
    if session.is_over:
        assert not legal_actions(session.state) and play.random_action(session.state, rng) is None


def test_random_games_reach_every_kind_of_step_and_end() -> None:
    """The random play draws from ``legal_actions`` only, and still reaches the rare steps: a
    recount, the two Jokers' tie, a tie in the war; a game still going after RANDOM_PLAY_STOP
    flips is stopped (counting or not)."""
    play = G.random_play()
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        session = Session.start(G, play.random_setup(rng))
        while not session.is_over:
            action = play.random_action(session.state, rng)
            session = session.push(action)
            play.check_invariants(session.state)
            seen.add(action.kind)
            if isinstance(action, War) and session.state.phase == "swap":
                seen.add("a tie in the war")
            if isinstance(action, (Flip, War)) and action.cards and action.cards[0] == action.cards[1]:
                seen.add("two Jokers")
        assert session.state.flips <= RANDOM_PLAY_STOP + 1
    assert {"flip", "swap", "war", "recount", "a tie in the war", "two Jokers"} <= seen, seen
    long = start().state.model_copy(update={"flips": RANDOM_PLAY_STOP})  # a game that runs long
    rng = random.Random(1)
    assert {play.random_action(long, rng) for _ in range(30)} == {Stop(), Stop(counts=False)}
