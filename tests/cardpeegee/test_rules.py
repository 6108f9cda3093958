"""CardPeeGee rules, tested against the rule text (card_companion/rules/cardpeegee.txt) and the rulings
given with the project (card_companion/rulings/cardpeegee.md). Every expected value is worked out by
hand in the comment next to it; the text's worked examples are reproduced exactly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_companion.calculators.cardpeegee import (
    Contender,
    Contestant,
    RoundFighter,
    RuleError,
    battle_round,
    beats,
    boss_stack,
    chest,
    disarm,
    duel,
    elemental_union,
    encounter_kind,
    full_court,
    healer,
    jailor,
    master_of_the_elements,
    monster,
    packs_for,
    play_value,
    props_for,
    shopping,
    starting_hp,
    super_powers,
    town_levy,
    trap,
    trap_outcome,
    value,
)
from card_companion.calculators.cards import Card, Suit, card, cards

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


# --- card values and elements, written out from the text ----------------------------------

# "Aces score 11, court cards score 10, number cards score the number on the card; Jokers do nothing"
VALUES = {"A": 11, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
          "J": 10, "Q": 10, "K": 10}


@pytest.mark.parametrize("suit", "SHDC")
@pytest.mark.parametrize("rank", list(VALUES))
def test_card_values(rank: str, suit: str) -> None:
    assert value(card(rank + suit)) == VALUES[rank]


def test_joker_is_worth_nothing() -> None:
    assert value(card("JOKER")) == 0


# "diamonds are strong against clubs, clubs are strong against spades, etc." (the cycle of the
# rulings: diamonds > clubs > spades > hearts > diamonds); neutral to itself and its non-neighbour.
# Row: the first element; column: the second; True = the first is strong against the second.
ELEMENT_TABLE = {
    #        S      H      D      C
    S: {S: False, H: True, D: False, C: False},
    H: {S: False, H: False, D: True, C: False},
    D: {S: False, H: False, D: False, C: True},
    C: {S: True, H: False, D: False, C: False},
}


@pytest.mark.parametrize("a", [S, H, D, C])
@pytest.mark.parametrize("b", [S, H, D, C])
def test_element_table(a: Suit, b: Suit) -> None:
    assert beats(a, b) is ELEMENT_TABLE[a][b]


def test_clubs_are_neutral_to_clubs_and_hearts() -> None:
    # the text: "clubs have no advantage or disadvantage against clubs and hearts"
    for other in (C, H):
        assert not beats(C, other) and not beats(other, C)


def test_no_element_is_never_strong() -> None:
    assert not beats(None, C) and not beats(C, None)


# --- played cards ------------------------------------------------------------------------------


def test_text_example_ace() -> None:
    # "5 + 7 = 12, half of 12 = 6, the cards are worth 12 + 6 = 18"
    r = play_value(cards("5C 7C"), active=cards("AC"))
    assert r.values[C] == 18
    assert r.totals[C] == 12
    assert "half of 12 = 6" in r.explanation[-1] and r.explanation[-1].endswith("12 + 6 = 18")


def test_text_example_jack_then_ace() -> None:
    # 8♣ played as a heart: J♣ → '6 of hearts' (8 − 2); A♥ → 6 + half of 6 = 9;
    # A♣ has no effect, as the card's suit has changed.
    r = play_value(cards("8C"), active=cards("JC AH AC"), conversions={card("8C"): H})
    assert r.values[H] == 9
    assert r.values[C] == 0
    assert r.played[0].suit == H and r.played[0].value == 6
    text = "\n".join(r.explanation)
    assert "8♣ played as a heart → 6♥ (8 − 2)" in text
    assert "6 + 3 = 9" in text
    assert "A♣ has no effect" in text


def test_text_example_deal_one_spade() -> None:
    # spade Character, A♠ active, one spade played: Deal 1 + (50 % + 20 %) × 1 = 1 + 0.7 → 2
    r = play_value(cards("6S"), active=cards("AS"), element=S, in_fight=True)
    assert r.deal == 2


def test_text_example_deal_two_spades() -> None:
    # two spades: 2 + 1.4 (rounded up: 2) = 4
    r = play_value(cards("6S 9S"), active=cards("AS"), element=S, in_fight=True)
    assert r.deal == 4


def test_text_example_deal_heart_hero() -> None:
    # heart Character, A♠ active, two spades: 2 + 50 % of 2 = 2 + 1 = 3
    r = play_value(cards("6S 9S"), active=cards("AS"), element=H, in_fight=True)
    assert r.deal == 3


def test_deal_counts_cards_not_values() -> None:
    # no bonus: 10♠ and 2♠ add 1 Deal each → 2; their value 12 counts as spades' value
    r = play_value(cards("10S 2S"), in_fight=True)
    assert r.deal == 2 and r.values[S] == 12


def test_element_bonus_alone() -> None:
    # heart element, 7♥: 7 + 20 % of 7 = 7 + 1.4 → 7 + 2 = 9
    assert play_value(cards("7H"), element=H).values[H] == 9


def test_ace_and_element_add_as_percentages_with_one_round_up() -> None:
    # A♥ active and heart element: 5 + 3 = 8; 50 % + 20 % = 70 % of 8 = 5.6 → 6; 8 + 6 = 14
    assert play_value(cards("5H 3H"), active=cards("AH"), element=H).values[H] == 14
    # 7♥: 70 % of 7 = 4.9 → 5; 7 + 5 = 12 (two round-ups, ⌈3.5⌉ + ⌈1.4⌉ = 6, would give 13)
    assert play_value(cards("7H"), active=cards("AH"), element=H).values[H] == 12


def test_half_rounds_up() -> None:
    # A♦ active, 5♦: half of 5 = 2.5 → 3; 5 + 3 = 8
    assert play_value(cards("5D"), active=cards("AD")).values[D] == 8


def test_jack_converts_to_its_suit() -> None:
    # "Jack of clubs lets you play the 5 of diamonds as if it is the 3 of clubs"
    r = play_value(cards("5D"), active=cards("JC"), conversions={card("5D"): C})
    assert r.values[C] == 3 and r.values[D] == 0


def test_jack_converts_from_its_suit() -> None:
    # "... and play the 10 of clubs as if it is the 8 of hearts (or spades, or diamonds)"
    for target in (H, S, D):
        r = play_value(cards("10C"), active=cards("JC"), conversions={card("10C"): target})
        assert r.values[target] == 8 and r.values[C] == 0


def test_jack_to_spades_is_free_only_in_a_fight() -> None:
    # "active Jacks can convert cards to spades with no penalty - only in a fight"
    fight = play_value(cards("9D"), active=cards("JD"), conversions={card("9D"): S}, in_fight=True)
    assert fight.values[S] == 9 and fight.deal == 1
    calm = play_value(cards("9D"), active=cards("JD"), conversions={card("9D"): S})
    assert calm.values[S] == 7  # 9 − 2


def test_jack_to_hearts_in_a_fight_still_costs() -> None:
    r = play_value(cards("9S"), active=cards("JS"), conversions={card("9S"): H}, in_fight=True)
    assert r.values[H] == 7  # 9 − 2: only spades are free


def test_jack_penalty_never_below_zero() -> None:
    # 2♥ as a club: 2 − 2 = 0; an Ace's bonus on 0 is 0
    r = play_value(cards("2H"), active=cards("JC AC"), conversions={card("2H"): C})
    assert r.values[C] == 0


def test_jack_then_ace_on_a_converted_group() -> None:
    # J♣ converts 9♦ to a club (7); with 6♣ the clubs total 13; A♣: half of 13 = 6.5 → 7; 20
    r = play_value(cards("9D 6C"), active=cards("JC AC"), conversions={card("9D"): C})
    assert r.values[C] == 20


def test_duplicate_actives_count_once() -> None:
    # two packs, two A♣ active: still 12 + 6 = 18
    assert play_value(cards("5C 7C"), active=cards("AC AC")).values[C] == 18


def test_a_jack_of_a_third_suit_cannot_convert() -> None:
    with pytest.raises(RuleError, match="needs an active Jack of diamonds or of clubs"):
        play_value(cards("5D"), active=cards("JH"), conversions={card("5D"): C})


def test_conversion_needs_an_active_jack() -> None:
    with pytest.raises(RuleError):
        play_value(cards("8C"), conversions={card("8C"): H})


def test_conversion_to_the_same_suit_is_refused() -> None:
    with pytest.raises(RuleError, match="already a club"):
        play_value(cards("8C"), active=cards("JC"), conversions={card("8C"): C})


def test_joker_does_nothing_and_cannot_be_converted() -> None:
    r = play_value(cards("JOKER 5C"))
    assert r.values[C] == 5 and sum(r.counts.values()) == 1
    with pytest.raises(RuleError):
        play_value(cards("JOKER"), active=cards("JC"), conversions={card("JOKER"): C})


@given(st.lists(st.sampled_from(cards("2C 3C 7C 9C 10C QC AC 4S 8S")), min_size=1, max_size=6),
       st.booleans(), st.sampled_from([None, S, H, D, C]))
def test_bonus_is_one_round_up_of_the_suit_total(played: list[Card], ace: bool, element: Suit | None) -> None:
    # the rulings: total + ⌈total × (0.5 if the Ace + 0.2 if the element)⌉, per suit
    r = play_value(played, active=cards("AC") if ace else [], element=element)
    clubs = sum(value(c) for c in played if c.suit == C)
    tenths = (5 if ace else 0) + (2 if element == C else 0)
    assert r.values[C] == clubs + -(-clubs * tenths // 10)
    assert r.values[C] >= clubs


# --- combat rounds ---------------------------------------------------------------------------


def test_text_example_elemental_combat() -> None:
    # Fighter 1 (clubs) 11 + 13 = 24; Fighter 2 (diamonds, strong against clubs) 7 + 10 = 17,
    # +20 %: 17 + 3.4 = 20.4 → 21; 24 beats 21. Fighter 1's damage 11 − 20 % = 8.8 → 9.
    d = duel(Contender(name="Fighter 1", attack=11, element=C, drawn=13, cards=tuple(cards("7H 6S"))),
             Contender(name="Fighter 2", attack=7, element=D, drawn=10, cards=tuple(cards("10C"))))
    assert d.scores == (24, 21)
    assert d.winner == 0
    assert d.damage == 9
    assert d.hp_loss == (0, 9)
    text = "\n".join(d.explanation)
    assert "17 + 3.4 = 21" in text and "8.8, rounded up to 9" in text


def test_higher_score_wins_and_deals_its_attack() -> None:
    # 10 + 8 = 18 against 9 + 5 = 14: the loser loses the winner's Attack (10), not the score
    d = duel(Contender(name="Hero", attack=10, drawn=8), Contender(name="Monster", attack=9, drawn=5))
    assert d.scores == (18, 14) and d.winner == 0 and d.hp_loss == (0, 10)


def test_monster_can_win() -> None:
    # 10 + 2 = 12 against 14 + 20 = 34: the Hero loses 14
    d = duel(Contender(name="Hero", attack=10, drawn=2), Contender(name="Monster", attack=14, drawn=20))
    assert d.winner == 1 and d.hp_loss == (14, 0)


def test_tie_nobody_loses() -> None:
    d = duel(Contender(name="a", attack=10, drawn=5), Contender(name="b", attack=8, drawn=7))
    assert d.scores == (15, 15) and d.winner is None and d.hp_loss == (0, 0)


def test_element_boost_can_make_a_tie() -> None:
    # diamonds 10 + 5 = 15 → 15 + 3 = 18; clubs 12 + 6 = 18 → tie
    d = duel(Contender(name="a", attack=10, element=D, drawn=5), Contender(name="b", attack=12, element=C, drawn=6))
    assert d.scores == (18, 18) and d.winner is None


def test_stronger_element_winner_deals_full_attack() -> None:
    # diamonds 10 + 8 = 18 → +3.6 → 22; clubs 12 + 6 = 18; diamonds win, no reduction: 10
    d = duel(Contender(name="a", attack=10, element=D, drawn=8), Contender(name="b", attack=12, element=C, drawn=6))
    assert d.scores == (22, 18) and d.hp_loss == (0, 10)


def test_neutral_elements_change_nothing() -> None:
    # clubs against hearts: 10 + 5 = 15 against 9 + 3 = 12, damage 10
    d = duel(Contender(name="a", attack=10, element=C, drawn=5), Contender(name="b", attack=9, element=H, drawn=3))
    assert d.scores == (15, 12) and d.hp_loss == (0, 10)


def test_critical_strike_one_and_a_half() -> None:
    # 10 + 20 = 30 is at least 1.5 × (10 + 10 = 20) = 30 → 10 × 1.5 = 15
    d = duel(Contender(name="a", attack=10, drawn=20), Contender(name="b", attack=10, drawn=10), critical_strikes=True)
    assert d.hp_loss == (0, 15) and d.critical == "×1.5"


def test_critical_strike_double() -> None:
    # 10 + 30 = 40 is twice 20 → 10 × 2 = 20
    d = duel(Contender(name="a", attack=10, drawn=30), Contender(name="b", attack=10, drawn=10), critical_strikes=True)
    assert d.hp_loss == (0, 20) and d.critical == "×2"


def test_critical_strike_rounds_up() -> None:
    # 7 + 14 = 21 ≥ 1.5 × 14 = 21 → 7 × 1.5 = 10.5 → 11
    d = duel(Contender(name="a", attack=7, drawn=14), Contender(name="b", attack=4, drawn=10), critical_strikes=True)
    assert d.hp_loss == (0, 11)


def test_critical_strike_just_below() -> None:
    # 10 + 19 = 29 < 1.5 × 20 = 30: no critical strike
    d = duel(Contender(name="a", attack=10, drawn=19), Contender(name="b", attack=10, drawn=10), critical_strikes=True)
    assert d.hp_loss == (0, 10) and d.critical == ""


def test_critical_strike_after_the_element_reduction() -> None:
    # clubs 11 + 29 = 40; diamonds 7 + 10 = 17 → 21 (boosted). 40 ≥ 1.5 × 21 = 31.5, < 42.
    # damage: 11 − 20 % = 8.8 → 9, then × 1.5 = 13.5 → 14
    d = duel(Contender(name="a", attack=11, element=C, drawn=29),
             Contender(name="b", attack=7, element=D, drawn=10), critical_strikes=True)
    assert d.scores == (40, 21) and d.hp_loss == (0, 14)


def test_text_example_has_no_critical_strike() -> None:
    # 24 against 21: 24 < 31.5 → still 9
    d = duel(Contender(name="a", attack=11, element=C, drawn=13),
             Contender(name="b", attack=7, element=D, drawn=10), critical_strikes=True)
    assert d.hp_loss == (0, 9)


def test_critical_strikes_off_by_default() -> None:
    d = duel(Contender(name="a", attack=10, drawn=30), Contender(name="b", attack=10, drawn=0))
    assert d.hp_loss == (0, 10)


def test_winner_who_cannot_deal_damage() -> None:
    # a fleeing (or healing) fighter wins 25 to 12 but deals no damage
    d = duel(Contender(name="a", attack=10, drawn=15, deals_damage=False, why_no_damage="fleeing"),
             Contender(name="b", attack=8, drawn=4))
    assert d.winner == 0 and d.hp_loss == (0, 0)


def test_battle_round_every_fighter_against_every_opponent() -> None:
    # Ann 14 + 12 = 26, Bea 10 + 3 = 13 (Hero's side); Monster 9 + 15 = 24.
    # Ann beats the Monster: Monster −14. The Monster beats Bea: Bea −9.
    r = battle_round([RoundFighter(name="Ann", side=0, attack=14, drawn=12),
                      RoundFighter(name="Bea", side=0, attack=10, drawn=3),
                      RoundFighter(name="the monster", side=1, attack=9, drawn=15)])
    assert r.raw_scores == (26, 13, 24)
    assert r.hp_loss == (0, 9, 14)
    assert len(r.clashes) == 2


def test_battle_round_two_jailors_damage_adds_up() -> None:
    # Hero 10 + 2 = 12; jailor 7♣ 7 + 9 = 16; jailor 5♣ 5 + 10 = 15: both beat the Hero,
    # who loses 7 + 5 = 12; jailors are allies, never compared with each other
    r = battle_round([RoundFighter(name="Hero", side=0, attack=10, drawn=2),
                      RoundFighter(name="j7", side=1, attack=7, drawn=9),
                      RoundFighter(name="j5", side=1, attack=5, drawn=10)])
    assert r.hp_loss == (12, 0, 0)


def test_battle_round_elements_pair_by_pair() -> None:
    # Bea (diamonds) 10 + 5 = 15 against the Monster (clubs) 8 + 10 = 18: Bea +20 % → 18, tie.
    # Cy (spades) 10 + 7 = 17 against the clubs Monster: clubs strong → Monster 18 + 3.6 → 22; Cy loses 8.
    r = battle_round([RoundFighter(name="Bea", side=0, attack=10, element=D, drawn=5),
                      RoundFighter(name="Cy", side=0, attack=10, element=S, drawn=7),
                      RoundFighter(name="M", side=1, attack=8, element=C, drawn=10)])
    assert r.hp_loss == (0, 8, 0)
    assert r.clashes[0].duel.scores == (18, 18) and r.clashes[1].duel.scores == (17, 22)


# --- encounters ---------------------------------------------------------------------------------


@pytest.mark.parametrize("agitator,kind", [("9C", "monster"), ("4D", "chest"), ("2H", "healer"), ("7S", "trap"),
                                           ("KC", "monster"), ("AS", "trap")])
def test_agitator_suit_decides_the_encounter(agitator: str, kind: str) -> None:
    assert encounter_kind(card(agitator)) == kind


@pytest.mark.parametrize("agitator", ["JC", "QD", "KH", "JS"])
def test_face_agitator_is_a_boss_battle_with_the_option(agitator: str) -> None:
    assert encounter_kind(card(agitator), boss_battles=True) == "boss"


def test_joker_agitator_is_refused() -> None:
    with pytest.raises(RuleError, match="draw another"):
        encounter_kind(card("JOKER"))


def test_monster_issue_example() -> None:
    # 9♣ with 5♣ 3♠: HP 9 (no hearts), Attack 9 + 5 = 14, Deal 3 + 1 = 4
    m = monster(card("9C"), cards("5C 3S"))
    assert (m.hp, m.attack, m.deal, m.element) == (9, 14, 4, C)


def test_monster_with_hearts_and_several_spades() -> None:
    # K♣ with 7♥ 4♥ 2♠ 9♠ 3♦: HP 10 + 7 + 4 = 21; Attack 10; Deal 3 + 2 = 5; 3♦ does nothing
    m = monster(card("KC"), cards("7H 4H 2S 9S 3D"))
    assert (m.hp, m.attack, m.deal) == (21, 10, 5)


def test_elemental_beast_sets_the_element() -> None:
    assert monster(card("9C"), cards("5C 3S"), beast=card("4D")).element == D
    assert monster(card("9C"), (), elements=False).element is None


def test_jailor_base_values_only() -> None:
    # "the jailors have only base combat values": HP and Attack the card's value, Deal 3
    assert (jailor(card("7C")).hp, jailor(card("7C")).attack, jailor(card("7C")).deal) == (7, 7, 3)
    assert (jailor(card("AC")).hp, jailor(card("AC")).attack) == (11, 11)


def test_trap_issue_example() -> None:
    # 7♠ with 3♦ 5♥: difficulty 7 + 0 + ⌈3/2⌉ = 9; damage 7 + 0 + ⌈5/2⌉ = 10
    # evasion 9♣ 2♥ = 11 beats 9 by 2: 10 − 2 × 2 = 6
    t = trap(card("7S"), cards("3D 5H"))
    assert (t.difficulty, t.damage) == (9, 10)
    assert trap_outcome(t, 11).hp_loss == 6


def test_trap_half_is_of_the_props_total() -> None:
    # A♠ with 9♠ 4♦ 5♦ 8♣ 3♥: difficulty 11 + 9 + ⌈(4 + 5)/2⌉ = 11 + 9 + 5 = 25;
    # damage 11 + 8 + ⌈3/2⌉ = 11 + 8 + 2 = 21
    t = trap(card("AS"), cards("9S 4D 5D 8C 3H"))
    assert (t.difficulty, t.damage) == (25, 21)
    # 3♦ 3♦: half of the total 6 = 3 (halving each card and rounding each up would give 4)
    assert trap(card("2S"), cards("3D 3D")).difficulty == 2 + 3


@pytest.mark.parametrize("evasion,loss", [
    (5, 10),   # lower than 9: full damage
    (9, 10),   # equal: not higher, full damage (the rulings)
    (10, 8),   # 10 − 2 × 1
    (13, 2),   # 10 − 2 × 4
    (14, 0),   # 10 − 2 × 5 = 0
    (20, 0),   # 10 − 22 < 0: traps don't heal you
])
def test_trap_damage_table(evasion: int, loss: int) -> None:
    assert trap_outcome(trap(card("7S"), cards("3D 5H")), evasion).hp_loss == loss


def test_crafty_evasion() -> None:
    # evasion 11 → 6 damage; spades worth 3 take 3 off → 3; worth 9 → 0, never below 0
    t = trap(card("7S"), cards("3D 5H"))
    assert trap_outcome(t, 11, crafty=3).hp_loss == 3
    assert trap_outcome(t, 11, crafty=9).hp_loss == 0
    with pytest.raises(RuleError):
        trap_outcome(t, 9, crafty=3)  # no successful evasion, no crafty evasion


def test_healer_with_jailor_and_fee() -> None:
    # 6♥ with 7♣ 5♦: 6 + ⌈(7 + 5)/2⌉ = 12 HP; jailor 7♣; fee 5
    h = healer(card("6H"), cards("7C 5D"))
    assert (h.heal, h.jailors, h.fee, h.reward) == (12, (card("7C"),), 5, ())


def test_healer_gratitude() -> None:
    # a club and a diamond: the diamond is a reward, not a fee
    h = healer(card("6H"), cards("7C 5D"), gratitude=True)
    assert (h.fee, h.reward) == (0, (card("5D"),))
    # gratitude needs a jailor: without a club the diamond is still a fee
    assert healer(card("6H"), cards("5D 2S"), gratitude=True).fee == 5


def test_healer_potions_and_rounding() -> None:
    # 9♥ with 3♥ 4♠: 9 + ⌈7/2⌉ = 9 + 4 = 13; potion 3♥; no jailor, no fee
    h = healer(card("9H"), cards("3H 4S"))
    assert (h.heal, h.potions, h.jailors, h.fee) == (13, (card("3H"),), (), 0)


def test_chest_loot_and_traps() -> None:
    # 4♦ with 9♠ 2♥: loot 4♦ 2♥ (diamonds, clubs, hearts), trap 9♠
    c = chest(card("4D"), cards("9S 2H"))
    assert c.loot == (card("4D"), card("2H")) and c.traps == (card("9S"),)


@pytest.mark.parametrize("score,hero,trap_draw,result,loss", [
    (7, 4, 1, "disarmed", 0),    # 7 + 4 = 11 against 9 + 1 = 10
    (0, 3, 5, "triggered", 9),   # 3 against 14: lose the trap card's value, 9
    (5, 4, 0, "tie", 0),         # 9 against 9: still armed, not triggered
])
def test_disarm_attempts(score: int, hero: int, trap_draw: int, result: str, loss: int) -> None:
    a = disarm(card("9S"), score, hero, trap_draw)
    assert (a.result, a.hp_loss) == (result, loss)


# --- Boss Battles -----------------------------------------------------------------------------------


def test_text_example_boss_stack() -> None:
    # Queen: HP 10, Attack 10 + 7♣ = 17, Deal 3 + K♠ = 4; King: HP 10 + Q♥ = 20, Attack 17, Deal 3;
    # 4♦ has no effect
    q, k = boss_stack(cards("QH KS 7C 4D"))
    assert (q.card, q.hp, q.attack, q.deal) == (card("QH"), 10, 17, 4)
    assert (k.card, k.hp, k.attack, k.deal) == (card("KS"), 20, 17, 3)


def test_boss_stack_jacks_with_super_powers() -> None:
    # J♣ Q♥ 5♣ 3♠, super powers: +2 Attack per Jack, for every Boss including the Jack.
    # J♣: HP 10 + Q♥ 10 = 20; Attack 10 + 5♣ = 15 + 2 = 17; Deal 3 + 3♠ = 4.
    # Q♥: HP 10; Attack 10 + J♣ 10 + 5♣ 5 = 25 + 2 = 27; Deal 4.
    j, q = boss_stack(cards("JC QH 5C 3S"), super_powers=True)
    assert (j.hp, j.attack, j.deal) == (20, 17, 4)
    assert (q.hp, q.attack, q.deal) == (10, 27, 4)
    # without super powers: 15 and 25
    j, q = boss_stack(cards("JC QH 5C 3S"))
    assert (j.attack, q.attack) == (15, 25)


def test_dead_boss_is_face_down() -> None:
    # J♣ (position 0) dead: Q♥'s props are 5♣ 3♠ → Attack 10 + 5 = 15, no Jack bonus; Deal 4
    (q,) = boss_stack(cards("JC QH 5C 3S"), super_powers=True, face_down=[0])
    assert (q.card, q.attack, q.deal) == (card("QH"), 15, 4)


def test_text_example_super_powers() -> None:
    # K♠ forces a heart Character onto the Hero's side (hearts are weak against spades);
    # Q♥ forces an active heart card onto the Bosses' side; a heart Character is already the Hero's.
    sides, _ = super_powers(cards("QH KS 7C 4D"), [
        Contestant(player=1, name="Bea", character=H),
        Contestant(player=2, name="Cy", character=D, active=(H,)),
        Contestant(player=3, name="Dee", character=D),
        Contestant(player=4, name="Eve", character=H, active=(H,)),
    ])
    assert sides == {1: 0, 2: 1, 4: 0}


# --- setup, levels and town ---------------------------------------------------------------------------


def test_packs() -> None:
    # one pack for every 4 players
    assert [packs_for(n) for n in range(1, 10)] == [1, 1, 1, 1, 2, 2, 2, 2, 3]


def test_starting_hp() -> None:
    # 15 + 7 + 10 + 2 = 34
    assert starting_hp(cards("7H KS 2C"))[0] == 34
    # "deal 2 cards and add 25": 25 + 11 + 3 = 39
    assert starting_hp(cards("AD 3C"), base=25)[0] == 39


@pytest.mark.parametrize("hp,props", [(1, 2), (60, 2), (61, 3), (90, 3), (91, 4), (120, 4), (121, 5)])
def test_level_up_v2(hp: int, props: int) -> None:
    # "Up to 60 HP 2 props; 61-90 HP is 3 props, 91-120 is 4 props"
    assert props_for(hp=hp, level_up_v2=True)[0] == props


def test_level_up_v1_and_both() -> None:
    assert props_for(laps=0, level_up_v1=True)[0] == 2
    assert props_for(laps=3, level_up_v1=True)[0] == 5   # 2 + 3
    assert props_for(laps=1, hp=70, level_up_v1=True, level_up_v2=True)[0] == 4   # 2 + 1 + 1
    assert props_for(laps=5, hp=200)[0] == 2   # no Level Up


@pytest.mark.parametrize("held,levy", [(0, "charity"), (3, "charity"), (4, None), (6, None), (7, "tax"), (12, "tax")])
def test_charity_and_tax(held: int, levy: str | None) -> None:
    # "less than 4 cards ... charity"; "more than 6 cards ... tax"
    assert town_levy(held) == levy


def test_shopping_text_examples() -> None:
    # "if you trade in the 9 of diamonds, you will receive 1 new card (costing 8 diamonds)"
    nine = shopping(9)
    assert (nine.bought, nine.lost) == (1, 1)
    # "the 7, the 6, and the 5, totalling 18 diamonds, you will receive 2 new cards (costing 16)"
    eighteen = shopping(7 + 6 + 5)
    assert (eighteen.bought, eighteen.lost) == (2, 2)
    # "new cards cost 6 diamonds": 18 → 3 cards, nothing lost
    assert shopping(18, price=6).bought == 3


# --- the ways to win ---------------------------------------------------------------------------------


def test_full_court() -> None:
    assert full_court(cards("JH QH KH 2C")) == H
    assert full_court(cards("JH QH KS")) is None


def test_elemental_union() -> None:
    assert elemental_union(cards("JH QS KD JC"))
    assert not elemental_union(cards("JH QS KD AC 5C"))


def test_master_of_the_elements() -> None:
    assert master_of_the_elements(cards("AH JS AD JC"))
    assert not master_of_the_elements(cards("AH JS AD AD"))
