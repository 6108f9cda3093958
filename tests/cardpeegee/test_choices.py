"""CardPeeGee's ``legal_actions``: which kinds of step the rules allow in a few hand-worked
states (the rule text: card_companion/rules/cardpeegee.txt), refusals in the words the step says
them, and over random games: every action it gives is one the step takes, membership is the
step's own answer on any entry, and a finished game has none."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import card, cards
from card_companion.companion.cardpeegee import (
    Activate,
    ClaimWin,
    CombatRound,
    DrawEncounter,
    Evade,
    GiveCards,
    NewHero,
    PlayIntoEncounter,
)
from card_companion.companion.cardpeegee.choices import HeroChoices, legal_actions, who
from card_companion.companion.game import IllegalAction
from tests.cardpeegee.test_random_games import MODELS, garbage
from tests.cardpeegee.test_tracker import G, act, ann_and_bea, start


def kinds(s) -> list[str]:
    return [k.__name__ for k in legal_actions(s.state).kinds()]


def test_a_new_game_enters_its_heroes_first() -> None:
    """Before play, only the Heroes are entered, in any order; Characters are Kings and Queens
    (Everyman off): of one pack, K and Q of four suits = 8 cards."""
    s = start()
    legal = legal_actions(s.state)
    assert kinds(s) == ["NewHero"] and who(legal, NewHero) == [0, 1]
    heroes = legal.of_kind(NewHero)
    assert isinstance(heroes, HeroChoices)
    assert sorted(map(str, heroes.characters())) == sorted("KS QS KH QH KD QD KC QC".split())
    assert NewHero(player=1, character=card("QS"), hp_cards=tuple(cards("5D 5C 5S"))) in legal
    nine = NewHero(player=0, character=card("9H"), hp_cards=tuple(cards("7H KS 2C")))
    assert nine not in legal
    assert G.refusal(s.state, nine) == "Characters are Kings and Queens (Everyman is off): 9♥ is neither"


def test_the_heros_turn_draws_an_encounter() -> None:
    """Ann's turn, the default settings (no PvP, no opening round): she draws an encounter; gifts
    and a claimed win may come at any time (hands of 5: enough for a Jack, Queen and King); no
    cards are activated outside town or an encounter; no revolution (deck 52 − 2 × (1 + 5) = 40)."""
    s = ann_and_bea()
    assert s.state.deck == 40
    assert kinds(s) == ["DrawEncounter", "GiveCards", "ClaimWin"]
    legal = legal_actions(s.state)
    assert DrawEncounter(agitator=card("9C"), props=tuple(cards("5C 3S"))) in legal
    one_prop = DrawEncounter(agitator=card("9C"), props=(card("5C"),))  # the props setting: 2
    assert one_prop not in legal and G.refusal(s.state, one_prop) == "enter 2 props"
    early = Activate(player=0, cards=(card("JC"),))
    assert early not in legal
    assert G.refusal(s.state, early) == "cards are activated in town or when an encounter allows it"
    assert ClaimWin(player=1, condition="full-court", cards=tuple(cards("JD QD KD"))) in legal
    assert GiveCards(giver=0, receiver=1, cards=5) in legal and GiveCards(giver=0, receiver=1, cards=6) not in legal


def test_a_monster_fight() -> None:
    """The Monster 9♣ (props 5♣ 3♠: HP 9, Attack 9 + 5 = 14, Deal 3 + 1 = 4) against Ann (Deal
    3): Ann may play clubs and spades and activate before her first round; the round takes 3 score
    cards for Ann (a total of at most 3 × 11 = 33) and 4 for the Monster; Bea is not in the fight
    (Cry for help is off)."""
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    legal = legal_actions(s.state)
    assert kinds(s) == ["PlayIntoEncounter", "CombatRound", "Activate", "GiveCards", "ClaimWin"]
    assert who(legal, PlayIntoEncounter) == [0] and who(legal, Activate) == [0]
    assert CombatRound(scores=(33, 44)) in legal and CombatRound(scores=(tuple(cards("2H 3D 4C")), 20)) in legal
    assert G.refusal(s.state, CombatRound(scores=(34, 0))) == "Ann's 3 score cards cannot be worth 34"
    assert PlayIntoEncounter(player=0, cards=(card("5C"),)) in legal
    heart = PlayIntoEncounter(player=0, cards=(card("5H"),))
    assert heart not in legal
    assert G.refusal(s.state, heart) == "5♥ counts as a heart: a fight takes only clubs and spades"
    assert G.refusal(s.state, PlayIntoEncounter(player=1, cards=(card("5C"),))) == "Bea is not in the fight"


def test_a_trap() -> None:
    """The Trap 7♠ (props 5♣ 3♠): Ann draws one card to evade (one plus one per active card,
    none active), worth at most 11."""
    s = act(ann_and_bea(), kind="encounter", agitator="7S", props=["5C", "3S"])
    assert kinds(s) == ["Evade", "GiveCards", "ClaimWin"]
    legal = legal_actions(s.state)
    assert Evade(score=11) in legal and Evade(score=(card("KD"),)) in legal
    assert Evade(score=12) not in legal and Evade(score=tuple(cards("KD 2C"))) not in legal
    # listed lazily: the totals one card can be worth, 0 to 11 (an Ace), then the cards themselves
    listed = list(islice(iter(legal.of_kind(Evade)), 13))
    assert [a.score for a in listed[:12]] == list(range(12)) and listed[12].score == (card("AS"),)


def test_a_finished_game_has_none() -> None:
    """Bea shows the Jack, Queen and King of diamonds: a Full Court, she wins."""
    s = act(ann_and_bea(), kind="claim", player=1, condition="full-court", cards=["JD", "QD", "KD"])
    assert G.is_over(s.state)
    legal = legal_actions(s.state)
    assert not legal and list(legal) == [] and legal.kinds() == ()


def entries(s, rng: random.Random, legal):
    """Candidate entries: anything a user might type, and legal actions with one field changed."""
    for _ in range(6):
        data = garbage(rng)
        if legal and rng.random() < 0.5:
            base = G.dump_action(legal.sample(rng))
            key = rng.choice(sorted(base))
            if key != "kind" and key in data:
                base[key] = data[key]
            data = base
        try:
            yield G.parse_action({k: v for k, v in data.items() if k in MODELS[data["kind"]].model_fields})
        except IllegalAction:
            continue


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_over_random_games_legal_actions_are_what_the_step_takes(seed: int) -> None:
    rng = random.Random(seed)
    play = G.random_play()
    s = G.initial_state(play.random_setup(rng))
    for _ in range(150):
        legal = legal_actions(s)
        if G.is_over(s):
            break
        assert legal, "a game going on with nothing to enter"
        for choices in legal.choices:  # each kind: a random one and the first one listed are taken
            for action in (choices.sample(rng), *islice(iter(choices), 1)):
                assert isinstance(action, choices.kind)
                assert G.refusal(s, action) is None, (action, G.refusal(s, action))
        for action in entries(s, rng, legal):  # membership is the step's own answer
            assert (action in legal) == (G.refusal(s, action) is None), (action, G.refusal(s, action))
        s = G.apply(s, play.random_action(s, rng))
    if G.is_over(s):
        assert not legal_actions(s) and list(legal_actions(s)) == []
