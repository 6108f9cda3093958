"""Card Stratego's ``legal_actions``: which steps the rules allow at a few hand-worked positions
(card_companion/rules/card-warfare.txt), the sentence ``GAME.refusal`` gives for a step they do
not allow, and over random games: every listed step is one ``GAME.step`` takes, and a step is
listed exactly when ``GAME.step`` takes it.

Ann (0) plays the red army (hearts, diamonds, a Joker), Bea (1) the black one. Columns and
positions count from 0 (column 0 is the players' "column 1"; position 0 the front rank).
"""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.card_stratego import ARMIES, DECK
from card_companion.calculators.cards import Card, cards
from card_companion.companion.card_stratego import (
    GAME,
    Army,
    Attack,
    CardStrategoState,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    InPlay,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Place,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
)
from card_companion.companion.card_stratego.choices import legal_actions
from card_companion.companion.session import Session

ANN, BEA = 0, 1


def start(*actions) -> CardStrategoState:
    session = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    for action in actions:
        session = session.push(action)
    return session.state


def at(ann: Army, bea: Army, **settings) -> CardStrategoState:
    """A constructed position, Ann to play with 3 actions."""
    setup = GAME.make_setup(["Ann", "Bea"], settings)
    return CardStrategoState(setup=setup, armies=(ann, bea), turn=ANN, turn_number=11, allotted=3,
                             actions_left=3, start_columns=1)


def but(colour: str, text: str) -> tuple[Card, ...]:
    """An army's cards less these (a discard pile)."""
    kept = set(cards(text))
    return tuple(c for c in ARMIES[colour].faces() if c not in kept)


def front(player: int, column: int) -> Place:
    return Place(player=player, column=column, position=0)


def seen(player: int, column: int, card: str) -> Reveal:
    """The front card of a column turned up as ``card``."""
    return Reveal(place=front(player, column), card=Card.parse(card))


def kinds(state: CardStrategoState) -> list[type]:
    return list(legal_actions(state).kinds())


def size(state: CardStrategoState, kind: type) -> int:
    choices = legal_actions(state).of_kind(kind)
    return 0 if choices is None else sum(1 for _ in choices)


# --- hand-worked positions -------------------------------------------------------------------


def test_the_first_action_of_the_game_draws_or_puts_a_card_into_play():
    s = start()
    # an empty battlefield: nothing to attack, turn up, destroy or return; nobody is a General
    # (22 cards in each deck); a card goes "as close to the battle line as possible": the front
    # rank of any of the 4 columns
    assert kinds(s) == [Draw, PutIntoPlay]
    assert list(legal_actions(s).of_kind(PutIntoPlay)) == [PutIntoPlay(column=c, position=0) for c in range(4)]
    assert GAME.refusal(s, PutIntoPlay(column=1, position=1)) == (
        "column 2 has no card in the front rank: a card is played as close to the battle line as possible")
    assert GAME.refusal(s, Attack(column=0)) == "Ann has no card in column 1 to attack with"
    assert Attack(column=0) not in legal_actions(s)


def test_ann_third_turn_every_special_card_and_an_attack():
    # turn 1 Ann plays into column 1 (index 1); turn 2 Bea into columns 1 and 2 (indexes 1, 2)
    s = start(PutIntoPlay(column=1), PutIntoPlay(column=1), PutIntoPlay(column=2))
    assert kinds(s) == [Draw, PutIntoPlay, Attack, JackRearrange, JackReveal, JokerDestroy, ScoutReveal, SixReturn]
    # Ann's column 1 holds one card: in front of it or behind it; the others are empty
    assert [(a.column, a.position) for a in legal_actions(s).of_kind(PutIntoPlay)] == [
        (0, 0), (1, 0), (1, 1), (2, 0), (3, 0)]
    # nothing is seen yet: each face-down card is one of its army's 27 less 2 Jacks and the
    # Joker = 24 cards. The attack in column 1: 24 attackers × 24 defenders = 576
    assert size(s, Attack) == 576
    # the Joker destroys any of the 3 cards in play, each one of 24: 72
    assert size(s, JokerDestroy) == 3 * 24
    # a 6 (6♥ or 6♦) returns any of the 3: 6
    assert size(s, SixReturn) == 2 * 3
    # a Scout (6 of them: 2 3 4 of ♥ ♦) turns up Ann's own card (24 less that Scout = 23) or
    # one of Bea's two (24 each): 6 × (23 + 24 + 24) = 426
    assert size(s, ScoutReveal) == 6 * (23 + 24 + 24)
    # a Jack (J♥ or J♦) turns up two of the 3 face-down cards, in either order: Ann's and one
    # of Bea's (4 orders, 24 × 24 cards) or Bea's two (2 orders, 24 × 23 different cards):
    # 2 × (4 × 576 + 2 × 552) = 2 × 3408 = 6816
    assert size(s, JackReveal) == 6816
    legal = legal_actions(s)
    scout = ScoutReveal(scout=Card.parse("3H"), reveal=seen(ANN, 1, "3H"))
    assert scout not in legal
    assert GAME.refusal(s, scout) == "3♥ is already in Ann's discard pile"
    twice = JackReveal(jack=Card.parse("JH"), reveals=(seen(BEA, 1, "KS"), seen(BEA, 2, "KS")))
    assert twice not in legal
    assert GAME.refusal(s, twice) == "K♠ is already face up on the battlefield"


def general() -> CardStrategoState:
    """Ann is a General (deck 0) with 3 cards in hand and one face-down card in column 1; the
    cards she has not seen are J♥ 5♥ 8♥ 9♥ (23 discarded: 0 + 3 + 1 + 23 = 27). Bea has 2 in
    the deck, 3 in hand, 7♠ face up in column 4 and 21 discarded, unseen K♠ Q♠ 2♣ 3♣ J♠."""
    ann = Army(colour="red", deck=0, hand=3, columns=((InPlay(),), (), (), ()), discard=but("red", "JH 5H 8H 9H"))
    bea = Army(colour="black", deck=2, hand=3, columns=((), (), (), (InPlay(card=Card.parse("7S")),)),
               discard=but("black", "KS QS 2C 3C JS 7S"))
    return at(ann, bea)


def test_a_general_drains_and_consolidates():
    s = general()
    # no deck: no Draw; no column with cards of both: no attack; the Joker, Scouts and 6s are
    # discarded. Ann's hand may hold 5♥ 8♥ 9♥ (her one unseen Jack needs only one of the 3)
    assert kinds(s) == [PutIntoPlay, JackRearrange, JackReveal, Drain, Consolidate]
    assert size(s, PutIntoPlay) == 5       # column 1: positions 0 and 1; columns 2-4: the front rank
    # column 1 only Ann's, column 4 only Bea's: into either
    assert list(legal_actions(s).of_kind(Consolidate)) == [Consolidate(mine=0, theirs=3, into=0),
                                                         Consolidate(mine=0, theirs=3, into=3)]
    # Bea's deck is not empty: its top card, one of her 5 unseen, no pick from the hand
    drains = list(legal_actions(s).of_kind(Drain))
    assert sorted(d.card for d in drains) == sorted(cards("KS QS 2C 3C JS")) and {d.pick for d in drains} == {None}
    # one face-down card in play (the setting on): J♥ turns it up as 5♥, 8♥ or 9♥
    assert size(s, JackReveal) == 3
    # J♥ moves a lone front card (Ann's, Bea's) to one of 3 other columns, the 3 empty places
    # in any order (3! = 6): 2 × 3 × 6 = 36 orders
    assert size(s, JackRearrange) == 36
    assert Draw() not in legal_actions(s)
    assert GAME.refusal(s, Draw()) == "Ann's deck is empty: there is no card to draw"
    assert GAME.refusal(s, Drain(card=Card.parse("KS"), pick=1)) == (
        "Bea's deck is not empty: the top card of the deck is discarded, no card is picked from the hand")
    assert GAME.refusal(s, Consolidate(mine=3, theirs=0, into=0)) == (
        "column 4 must be one where Ann has a card and Bea has none")


def test_a_hand_of_jacks_and_the_joker_plays_no_6():
    # Ann has seen every card but J♥ J♦ and the Joker, and her 3 cards are in her hand: a 6
    # cannot be there, even to return her own card (the counts would not change)
    ann = Army(colour="red", deck=0, hand=3, columns=((InPlay(card=Card.parse("5H")),), (), (), ()),
               discard=but("red", "JH JD JOKER 5H"))
    # Bea: 5 + 5 + 1 face down + 16 discarded (A-K of spades, A-3 of clubs) = 27
    bea = Army(colour="black", deck=5, hand=5, columns=((InPlay(),), (), (), ()),
               discard=tuple(ARMIES["black"].faces()[:16]))
    s = at(ann, bea)
    assert kinds(s) == [Attack, JackRearrange, JackReveal, JokerDestroy, Drain]
    six = SixReturn(six=Card.parse("6H"), target=front(ANN, 0))
    assert six not in legal_actions(s)
    assert GAME.refusal(s, six) == ("Ann's hand can only hold J♥ J♦ Joker now (the cards not seen yet that cannot "
                                    "be in play): none of them is a 6")


def test_a_finished_game_allows_nothing():
    ann = Army(colour="red", deck=0, hand=0, columns=((InPlay(card=Card.parse("8H")),), (), (), ()),
               discard=but("red", "8H"))
    bea = Army(colour="black", deck=0, hand=0, columns=((InPlay(card=Card.parse("7S")),), (), (), ()),
               discard=but("black", "7S"))
    before = at(ann, bea)
    # the two face-up cards are left out or named as they are
    assert list(legal_actions(before)) == [Attack(column=0), Attack(column=0, defender=Card.parse("7S")),
                                           Attack(column=0, attacker=Card.parse("8H")),
                                           Attack(column=0, attacker=Card.parse("8H"), defender=Card.parse("7S"))]
    over = GAME.apply(before, Attack(column=0))  # 8 beats 7: Bea's 27th card is discarded
    assert GAME.is_over(over)
    assert not legal_actions(over) and list(legal_actions(over)) == []
    assert GAME.random_play().random_action(over, random.Random(1)) is None


# --- over random games ------------------------------------------------------------------------

CARD_FIELDS = {"attacker", "defender", "card", "jack", "scout", "six"}
RANGES = {"column": 4, "position": 3, "player": 2, "index": 4, "mine": 4, "theirs": 4, "into": 4}
EVERY_CARD = [str(c) for c in DECK.faces()]
TEMPLATES = (
    Draw(), EndTurn(), PutIntoPlay(column=0), Attack(column=0),
    JackRearrange(jack=Card.parse("JH"), player=0, line="row", index=0, order=(1, 0, 2, 3)),
    JackReveal(jack=Card.parse("JS"), reveals=(seen(0, 0, "5H"),)), JokerDestroy(target=front(1, 0)),
    ScoutReveal(scout=Card.parse("2S"), reveal=seen(1, 0, "KS")), SixReturn(six=Card.parse("6D"), target=front(0, 1)),
    Drain(card=Card.parse("QS"), pick=2),
    Consolidate(mine=0, theirs=1, into=0),
)
"""one step of each kind, legal or not, for mutants to start from"""


def mutated(value, field: str | None, rng: random.Random):
    """The value with one part changed at random: a card, a number, a place, an order."""
    if isinstance(value, dict):
        keys = [k for k in value if k != "kind"]
        if not keys:
            return value
        key = rng.choice(keys)
        return {**value, key: mutated(value[key], key, rng)}
    if field == "order":
        n = rng.choice([len(value), 1, 2, 3, 4])
        return rng.sample(range(n), n)
    if isinstance(value, list):  # a Jack's reveals: change one, drop one or repeat one
        how = rng.random()
        if how < 0.2 and len(value) > 1:
            return value[:1]
        if how < 0.4:
            return [value[0], value[0]]
        i = rng.randrange(len(value))
        return value[:i] + [mutated(value[i], None, rng)] + value[i + 1:]
    if field in CARD_FIELDS:
        return rng.choice(EVERY_CARD + [None])
    if field == "pick":
        return rng.choice([None, 0, 1, 2, 5, 26, 27])
    if field == "line":
        return rng.choice(["row", "column"])
    return rng.randrange(RANGES.get(field or "", 4))


def candidates(state: CardStrategoState, rng: random.Random):
    """Steps to ask about: legal ones drawn from each kind, and mutants of them and of every
    kind's template (most of those are refused)."""
    legal = legal_actions(state)
    seeds = [c.sample(rng) for c in legal.choices for _ in range(2)] + list(TEMPLATES)
    for action in seeds:
        yield action
        for _ in range(3):
            try:
                yield GAME.parse_action(mutated(GAME.dump_action(action), None, rng))
            except ValueError:  # an unreadable mutant (a player 2...): not a step at all
                continue


def check_state(state: CardStrategoState, rng: random.Random) -> None:
    legal = legal_actions(state)
    for choices in legal.choices:
        drawn = [choices.sample(rng) for _ in range(3)] + list(islice(iter(choices), 10))
        for action in drawn:
            assert action in choices and action in legal, action
            assert GAME.refusal(state, action) is None, (action, GAME.refusal(state, action))
    for action in candidates(state, rng):
        refusal = GAME.refusal(state, action)
        assert (action in legal) == (refusal is None), (action, refusal)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_legal_actions_are_what_the_step_takes(seed: int) -> None:
    rng = random.Random(seed)
    play = GAME.random_play()
    session = Session.start(GAME, play.random_setup(rng))
    while not session.is_over:
        if rng.random() < 0.5:  # every other state, about: a game's worth in a few seconds
            check_state(session.state, rng)
        action = play.random_action(session.state, rng)
        assert action is not None, "a game going on allows a step"
        session = session.push(action)
    assert not legal_actions(session.state)
    assert GAME.refusal(session.state, Draw()) == "the game is over: undo to change it"
