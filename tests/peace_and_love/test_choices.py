"""Peace and Love's ``legal_actions``: which steps may be entered now, worked from the rule text
(card_companion/rules/peace-and-love.txt) on a few states, and over random games every action it
gives is one the tracker takes, and an action is one of them exactly when the tracker takes it."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import JOKER, Card, card
from card_companion.calculators.peace_and_love import deck_for
from card_companion.companion.peace_and_love import (
    GAME,
    Deal,
    FirstPlayer,
    NewFighter,
    PeaceAndLoveState,
    PlayCards,
    Refresh,
    Retire,
    StartFight,
    Stop,
)
from card_companion.companion.peace_and_love.choices import fight_starts
from card_companion.companion.session import Session

FIGHTERS_OF = {"Ann": "9H KD QC", "Bea": "5S 2C 7D", "Cy": "8S 10H 6C"}
"""the fighters dealt: Ann 9 + 13 + 12 = 34, Bea 5 + 2 + 7 = 14, Cy 8 + 10 + 6 = 24 (Bea, the
lowest, goes first)"""


def dealt(*names: str) -> Session:
    s = Session.start(GAME, GAME.make_setup(list(names)))
    for p, name in enumerate(names):
        s = s.push(Deal(player=p, fighters=tuple(card(c) for c in FIGHTERS_OF[name].split())))
    return s


def test_the_deal_asks_each_player_not_dealt_for_three_fighters_the_pack_still_holds():
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    legal = GAME.legal_actions(s.state)
    assert legal.kinds() == (Deal,)
    assert Deal(player=1, fighters=(card("5S"), card("2C"), card("7D"))) in legal  # any order of dealing
    s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
    legal = GAME.legal_actions(s.state)
    deals = legal.of_kind(Deal)
    assert deals is not None and {a.player for a in islice(deals, 100)} == {1}  # Ann's are in
    # one pack (2 players): Bea's three come out of the 52 - 3 = 49 left, in the order of the
    # places: 49 x 48 x 47 = 110,544
    assert sum(1 for _ in deals) == 49 * 48 * 47
    twice = Deal(player=1, fighters=(card("9H"), card("2C"), card("7D")))  # Ann's 9♥ is face up
    assert twice not in legal
    assert GAME.refusal(s.state, twice) == "9♥ is entered 2 times, but the deck of Peace and Love holds only one"
    again = Deal(player=0, fighters=(card("5S"), card("2C"), card("7D")))
    assert again not in legal and GAME.refusal(s.state, again) == "Ann's fighters are already entered"


def test_a_tie_for_the_lowest_total_asks_for_the_pick_among_the_tied():
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea", "Cy"]))
    for p, three in enumerate(("5S 5H 2C", "KD KS KH", "4D 4C 4S")):  # 12, 39, 12: Ann and Cy tie
        s = s.push(Deal(player=p, fighters=tuple(card(c) for c in three.split())))
    assert list(GAME.legal_actions(s.state)) == [FirstPlayer(player=0), FirstPlayer(player=2)]
    assert GAME.refusal(s.state, FirstPlayer(player=1)) == "the first player is picked among Ann, Cy"


def test_a_turn_fight_retire_refresh_or_stop():
    """"On your turn you may do one of the following: Start a fight, Retire a fighter, Refresh your
    hand"; the players may stop between turns (the app's ruling)."""
    st_ = dealt("Ann", "Bea").state  # Bea's turn, every fighter untapped, 36 cards in the deck
    legal = GAME.legal_actions(st_)
    assert legal.kinds() == (StartFight, Retire, Refresh, Stop)
    counted = {kind: sum(1 for _ in legal.of_kind(kind)) for kind in legal.kinds()}
    # a fight: 3 untapped attackers x Ann's 3 untapped defenders = 9 (no one else to join);
    # a retire: 3 fighters x 51 new ones (one pack: not the retired card, it goes to the hand);
    # a refresh: 3 fighters to tap; the stop: counted or not
    assert counted == {StartFight: 9, Retire: 3 * 51, Refresh: 3, Stop: 2}
    assert Refresh(fighter=1) in legal and Stop(counts=False) in legal
    self_attack = StartFight(fighter=0, defender=1, defender_fighter=0)  # Bea attacks Bea
    assert self_attack not in legal and GAME.refusal(st_, self_attack) == "choose another player to attack"
    same = Retire(fighter=2, new_fighter=card("7D"))  # 7♦ retires and comes back in
    assert same not in legal
    assert GAME.refusal(st_, same) == "7♦ goes to the hand: bring in another card as the new fighter"
    assert Retire(fighter=2, new_fighter=card("7H")) in legal


def test_a_tapped_fighter_neither_attacks_nor_defends():
    """"Tapped cards may not be used for anything in this game, until they are untapped.\""""
    s = dealt("Ann", "Bea").push(Refresh(fighter=1))  # Bea taps 2♣; Ann's turn
    starts = fight_starts(s.state)
    assert starts.attackers == [0, 1, 2] and starts.defenders == {1: [0, 2]}
    assert sum(1 for _ in starts) == 3 * 2  # Ann's three against Bea's 5♠ or 7♦
    at_tapped = StartFight(fighter=0, defender=1, defender_fighter=1)
    assert at_tapped not in GAME.legal_actions(s.state)
    assert GAME.refusal(s.state, at_tapped) == "Bea must defend with an untapped fighter"


def test_with_three_players_the_third_may_join_with_any_untapped_fighter():
    st_ = dealt("Ann", "Bea", "Cy").state  # Bea's turn; two packs
    starts = fight_starts(st_)
    assert starts.joiners(0) == {2: [0, 1, 2]} and starts.joiners(2) == {0: [0, 1, 2]}
    # 3 attackers x 2 players to attack x 3 defenders x (the third out, or one of 3 fighters in)
    assert sum(1 for _ in starts) == 3 * 2 * 3 * (1 + 3)
    legal = GAME.legal_actions(st_)
    assert StartFight(fighter=0, defender=0, defender_fighter=1, joining={2: 2}) in legal
    attacker_joins = StartFight(fighter=0, defender=0, defender_fighter=1, joining={1: 2})
    assert attacker_joins not in legal
    assert GAME.refusal(st_, attacker_joins) == ("only players other than the attacker and the defender can join a "
                                                 "fight")
    # two packs: the retired card may come back in (the other copy, from the hand): 3 x 52
    assert sum(1 for _ in legal.of_kind(Retire)) == 3 * 52


def test_a_fight_asks_for_a_card_on_each_fighter_then_the_new_fighter():
    s = dealt("Ann", "Bea").push(StartFight(fighter=0, defender=0, defender_fighter=0))
    legal = GAME.legal_actions(s.state)
    assert legal.kinds() == (PlayCards,)
    plays = legal.of_kind(PlayCards)
    assert sum(1 for _ in plays) == 52 * 52  # any card of the pack on each of the two fighters
    assert PlayCards(cards={1: card("2C"), 0: card("7H")}) in legal
    one = PlayCards(cards={1: card("2C")})
    assert one not in legal and GAME.refusal(s.state, one) == "enter one card for each fighter in the fight: Bea, Ann"
    joker = PlayCards(cards={1: card("2C"), 0: JOKER})
    assert joker not in legal and GAME.refusal(s.state, joker) == "Joker is not in the deck of Peace and Love"
    s = s.push(PlayCards(cards={1: card("2C"), 0: card("7H")}))  # Ann's 9♥ wins: Bea's 5♠ is replaced
    legal = GAME.legal_actions(s.state)
    assert legal.kinds() == (NewFighter,) and sum(1 for _ in legal) == 52
    assert GAME.refusal(s.state, Stop()) == "finish the fight first: the game can be stopped between turns"


def test_no_refresh_with_fewer_than_five_cards_in_the_deck_and_none_once_over():
    """"You can only do this if there are at least five cards in the deck.\""""
    st_ = dealt("Ann", "Bea").state.model_copy(update={"deck": 4})
    legal = GAME.legal_actions(st_)
    assert legal.kinds() == (StartFight, Retire, Stop)
    assert GAME.refusal(st_, Refresh(fighter=0)) == "a refresh needs at least 5 cards in the deck; it has 4"
    assert GAME.legal_actions(st_.model_copy(update={"deck": 5})).allows(Refresh)
    over = dealt("Ann", "Bea").push(Stop()).state
    assert not GAME.legal_actions(over) and list(GAME.legal_actions(over)) == []


def candidates(state: PeaceAndLoveState, rng: random.Random) -> list:
    """Actions of every kind with fields at random, most of them refused: players and places
    one past the table's, cards of the packs and the Joker."""
    n = len(state.players)
    faces: list[Card] = [*deck_for(n).faces(), JOKER]

    def who() -> int:
        return rng.randrange(-1, n + 1)

    def place() -> int:
        return rng.randrange(3)

    def any_card() -> Card:
        return rng.choice(faces)

    players = [i for i, _ in (state.fight.remaining if state.fight else ())] or list(range(n))
    return [
        Deal(player=who(), fighters=(any_card(), any_card(), any_card())),
        FirstPlayer(player=who()),
        StartFight(fighter=place(), defender=max(0, who()), defender_fighter=place(),
                   joining={who(): place() for _ in range(rng.randrange(3))}),
        PlayCards(cards={p: any_card() for p in players if rng.random() < 0.9}),
        NewFighter(card=any_card()),
        Retire(fighter=place(), new_fighter=any_card()),
        Refresh(fighter=place()),
        Stop(counts=rng.random() < 0.5),
    ]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_over_random_games_legal_is_what_the_tracker_takes(seed):
    rng = random.Random(seed)
    play = GAME.random_play()
    state = GAME.initial_state(play.random_setup(rng))
    for _ in range(400):
        legal = GAME.legal_actions(state)
        if GAME.is_over(state):
            break
        assert legal, f"nothing may be entered in phase {state.phase}"
        for choices in legal.choices:  # the first few of each kind, and a few at random
            for action in [*islice(choices, 3), *(choices.sample(rng) for _ in range(3))]:
                assert action in legal and GAME.refusal(state, action) is None, action
        for action in candidates(state, rng):
            assert (action in legal) == (GAME.refusal(state, action) is None), (state.phase, action)
        action = play.random_action(state, rng)
        assert action in legal
        state = GAME.apply(state, action)
        play.check_invariants(state)
    if GAME.is_over(state):
        assert not GAME.legal_actions(state) and play.random_action(state, rng) is None
