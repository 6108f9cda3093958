"""CardPeeGee at the table: hand-worked sequences (setup + actions → the numbers players track).

Each expected number is worked out by hand from the rule text and the rulings; the arithmetic is
in the comment next to it. Deck counts: one pack (52 cards) for up to four players."""

from __future__ import annotations

import json

import pytest

from card_companion.calculators.cards import card, cards
from card_companion.companion.cardpeegee import (
    Abandon,
    Activate,
    AttackPlayer,
    Flee,
    JoinFight,
    PlayIntoEncounter,
    queries,
)
from card_companion.companion.cardpeegee.choices import legal_actions, who
from card_companion.companion.cardpeegee.encounters import props_to_draw
from card_companion.companion.game import IllegalAction
from card_companion.companion.registry import game
from card_companion.companion.session import Session

G = game("cardpeegee")


def start(names=("Ann", "Bea"), **settings) -> Session:
    return Session.start(G, G.make_setup(list(names), settings))


def act(s: Session, **action) -> Session:
    return s.push(G.parse_action(action))


def refused(s: Session, words: str, **action) -> None:
    """The action is refused with a message containing ``words`` and changes nothing."""
    before = s.state
    with pytest.raises(IllegalAction, match=words):
        act(s, **action)
    assert s.state == before


def heroes(s: Session, *entries) -> Session:
    """Enter Heroes: (player, character, hp cards)."""
    for p, character, hp in entries:
        s = act(s, kind="hero", player=p, character=character, hp_cards=hp.split())
    return s


def ann_and_bea(**settings) -> Session:
    # Ann: K♥, HP 15 + 7 + 10 + 2 = 34; Bea: Q♠, HP 15 + 5 + 5 + 5 = 30; hands of 5
    return heroes(start(**settings), (0, "KH", "7H KS 2C"), (1, "QS", "5D 5C 5S"))


# --- setting up -----------------------------------------------------------------------------------


def test_setup_hp_hands_and_deck() -> None:
    s = ann_and_bea()
    ann, bea = s.state.heroes
    assert (ann.hp, ann.hand, bea.hp, bea.hand) == (34, 5, 30, 5)
    # 52 − (Character + 5 cards) × 2 = 40; the HP cards go back
    assert s.state.deck == 40
    assert s.state.phase == "turn" and s.state.turn == 0
    assert queries.hp_history(s.state, 0) == [(1, 34)]


def test_packs_follow_the_players() -> None:
    assert start(["A", "B", "C", "D"]).state.deck_size == 52
    assert start(["A", "B", "C", "D", "E"]).state.deck_size == 104   # two packs for five players
    assert start(["A"], jokers=True).state.deck_size == 54


def test_characters_are_kings_and_queens() -> None:
    s = start()
    refused(s, "Kings and Queens", kind="hero", player=0, character="JH", hp_cards=["2C", "3C", "4C"])
    refused(s, "3 cards", kind="hero", player=0, character="KH", hp_cards=["2C"])
    refused(s, "no player 5", kind="hero", player=5, character="KH", hp_cards=["2C", "3C", "4C"])
    refused(s, "without Jokers", kind="hero", player=0, character="KH", hp_cards=["JOKER", "3C", "4C"])
    s = act(s, kind="hero", player=0, character="KH", hp_cards=["2C", "3C", "4C"])
    refused(s, "already entered", kind="hero", player=0, character="QH", hp_cards=["2C", "3C", "4C"])
    refused(s, "first enter every Hero", kind="encounter", agitator="9C", props=["2C", "3C"])


def test_everyman_character_is_the_base_attack() -> None:
    s = start(everyman=True, everyman_lowest=7)
    refused(s, "worth less than 7", kind="hero", player=0, character="6C", hp_cards=["2C", "3C", "4C"])
    s = heroes(s, (0, "9C", "2C 3C 4C"), (1, "AS", "2C 3C 4C"))
    # a Monster: the Hero's Attack is their Character's value (9), Deal 3; Bea's Ace would be 11
    s = act(s, kind="encounter", agitator="5C", props=["2H", "3D"])
    ann = s.state.encounter.battle.fighters[0]
    assert (ann.attack, ann.deal) == (9, 3)


def test_the_base_numbers_are_settings_too() -> None:
    """The base values the settings change ("most of the base values in the game can be changed"): the Hero's,
    the Monster's and the Boss's Deal, the Boss base, Level Up v2's thresholds, Everyman's
    upper bound."""
    s = heroes(start(hero_deal=4, monster_deal=2), (0, "KH", "7H KS 2C"), (1, "QS", "5D 5C 5S"))
    # 9♣ with 5♣ 3♠: Monster Deal 2 + 1 = 3; Ann plays nothing: Deal 4
    s = act(s, kind="encounter", agitator="9C", props=["5C", "3S"])
    ann, monster = s.state.encounter.battle.fighters
    assert (ann.deal, monster.deal) == (4, 3)
    # a Boss base of 12, Deal 2: the text's stack Q♥ K♠ 7♣ 4♦ → Q♥ HP 12, Attack 12 + 7 = 19,
    # Deal 2 + 1 (K♠) = 3; K♠ HP 12 + 10 (Q♥) = 22, Attack 19, Deal 2
    b = heroes(start(boss_battles=True, boss_base=12, boss_deal=2, props=3), (0, "KH", "7H KS 2C"),
               (1, "QS", "5D 5C 5S"))
    b = act(b, kind="encounter", agitator="QH", props=["KS", "7C", "4D"])
    bosses = [(f.hp, f.attack, f.deal) for f in b.state.encounter.battle.fighters[1:]]
    assert bosses == [(12, 19, 3), (22, 19, 2)]
    # Level Up v2 from 40 HP, one more prop per started 10 HP: Ann has 15 + 7 + 10 + 2 = 34 → 2
    # props; Bea 15 + 5 + 5 + 5 = 30 → 2
    lv = heroes(start(level_up_v2=True, level_up_v2_start=20, level_up_v2_step=10), (0, "KH", "7H KS 2C"),
                (1, "QS", "5D 5C 5S"))
    # Ann 34 HP: above 20 by 14 → two started steps of 10 → 2 + 2 = 4 props
    assert queries.props_needed(lv.state)[0] == 4
    # Everyman's range 5 to 9: a 10 is put back like a 4
    e = start(everyman=True, everyman_lowest=5, everyman_highest=9)
    refused(e, "worth more than 9", kind="hero", player=0, character="10C", hp_cards=["2C", "3C", "4C"])
    refused(e, "worth less than 5", kind="hero", player=0, character="4C", hp_cards=["2C", "3C", "5C"])
    with pytest.raises(IllegalAction, match="lowest Character \\(9\\) is above its highest \\(5\\)"):
        start(everyman=True, everyman_lowest=9, everyman_highest=5)


def test_hero_attack_bonus_is_a_setting() -> None:
    """The Hero's Attack bonus ("Check the numbers — most of the base values in the game can be
    changed"): the Hero's base Attack is the Character's value; the setting adds to it, for every
    Hero."""
    s = heroes(start(hero_attack_bonus=2), (0, "KH", "7H KS 2C"), (1, "QS", "5D 5C 5S"))
    first = G.step(G.initial_state(s.setup), s.actions[0])
    assert "Ann's Character: K♥ (base Attack 12 (10 + 2, the Hero's Attack bonus))" in first.working
    # 9♣ with 5♣ 3♠: Monster HP 9, Attack 9 + 5 = 14, Deal 4; Ann: Attack 10 + 2 = 12
    s = act(s, kind="encounter", agitator="9C", props=["5C", "3S"])
    ann = s.state.encounter.battle.fighters[0]
    assert (ann.attack, ann.deal) == (12, 3)
    assert "Ann: Attack 12 (K♥ 10 + 2, the Hero's Attack bonus), Deal 3" in ann.working
    # Ann plays 7♣: Attack 12 + 7 = 19
    s = act(s, kind="play", player=0, cards=["7C"])
    assert s.state.encounter.battle.fighters[0].attack == 19
    # round: Ann 19 + 0 = 19 against 14 + 0 = 14: the Monster loses Ann's Attack, 19 → dead
    s = act(s, kind="round", scores=[0, 0])
    assert s.state.phase == "town"
    # a bonus below zero: Bea Q♠ 10 − 4 = 6 in PvP; Ann K♥ 10 − 4 = 6
    p = heroes(start(pvp=True, hero_attack_bonus=-4), (0, "KH", "7H KS 2C"), (1, "QS", "5D 5C 5S"))
    p = act(p, kind="attack", defender=1)
    assert [f.attack for f in p.state.encounter.battle.fighters] == [6, 6]
    # Attack never below 0: Everyman's 2♣ with −10 is 0
    e = heroes(start(everyman=True, hero_attack_bonus=-10), (0, "2C", "2D 3C 4C"), (1, "AS", "2H 3H 4H"))
    e = act(e, kind="encounter", agitator="5C", props=["2H", "3D"])
    ann = e.state.encounter.battle.fighters[0]
    assert ann.attack == 0 and "never below 0" in ann.working[0]


def test_a_game_saved_before_the_attack_bonus_loads_unchanged() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    record = json.loads(s.to_json())
    del record["setup"]["settings"]["hero_attack_bonus"]
    loaded = Session.from_json(json.dumps(record))
    assert loaded.state == s.state and loaded.setup.settings.hero_attack_bonus == 0


def test_numbers_are_settings() -> None:
    # "deal 2 cards and add 25": 25 + 11 + 3 = 39; hands of 4 → deck 52 − 5 × 2 = 42
    s = heroes(start(hp_base=25, hp_cards=2, hand_size=4), (0, "KH", "AD 3C"), (1, "QS", "2C 2D"))
    assert s.state.heroes[0].hp == 39 and s.state.deck == 42


def test_inconsistent_settings_are_refused() -> None:
    with pytest.raises(IllegalAction, match="Elemental beasts"):
        G.make_setup(["Ann"], {"elemental_beasts": True})
    with pytest.raises(IllegalAction, match="Boss Battles"):
        G.make_setup(["Ann"], {"super_powers": True})


# --- a Monster --------------------------------------------------------------------------------------


def test_monster_fight_over_two_rounds() -> None:
    s = ann_and_bea()
    # 9♣ with 5♣ 3♠: Monster HP 9, Attack 9 + 5 = 14, Deal 3 + 1 = 4; deck 40 − 3 = 37
    s = act(s, kind="encounter", agitator="9C", props=["5C", "3S"])
    monster = s.state.encounter.battle.fighters[1]
    assert (monster.hp, monster.attack, monster.deal) == (9, 14, 4)
    assert s.state.deck == 37
    # Ann plays 7♣ and 4♠: Attack 10 + 7 = 17, Deal 3 + 1 = 4; hand 5 − 2 = 3
    s = act(s, kind="play", player=0, cards=["7C", "4S"])
    ann = s.state.encounter.battle.fighters[0]
    assert (ann.attack, ann.deal, s.state.heroes[0].hand) == (17, 4, 3)
    assert [k for _, k, _ in queries.fighters(s.state)] == [4, 4]
    # round 1: Ann 17 + (2 + 3 + 4 + 5) = 31; Monster 14 + 20 = 34 → Ann loses 14: 34 − 14 = 20
    s = act(s, kind="round", scores=[["2H", "3D", "4C", "5S"], 20])
    assert s.state.heroes[0].hp == 20
    # the Hero cannot play once fighting has happened
    refused(s, "before their first round", kind="play", player=0, cards=["6C"])
    # round 2: Ann 17 + 30 = 47; Monster 14 + 2 + 2 + 2 + 2 = 22 → Monster 9 − 17 = −8, dead;
    # Ann claims the props 5♣ 3♠: hand 3 + 2 = 5; the agitator and the played cards go back:
    # deck 37 + (9♣ 5♣ 3♠ 7♣ 4♠ = 5 cards) − 2 looted = 40
    s = act(s, kind="round", scores=[30, ["2H", "2D", "2C", "2S"]])
    assert s.state.phase == "town" and s.state.encounter is None
    assert s.state.heroes[0].hand == 5 and s.state.deck == 40
    assert queries.hp_history(s.state, 0) == [(1, 34), (5, 20)]
    # town: Ann holds 5 cards: no charity, no tax; her turn ends, Bea is the Hero
    s = act(s, kind="end-turn")
    assert s.state.phase == "turn" and s.state.turn == 1 and s.state.laps == 0


def test_round_score_cards_must_match_the_deal() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    refused(s, "3 score cards", kind="round", scores=[["2H"], 10])   # Ann: Deal 3
    refused(s, "cannot be worth 34", kind="round", scores=[34, 10])  # 3 cards ≤ 33
    refused(s, "2 fighters", kind="round", scores=[10])
    refused(s, "without Jokers", kind="round", scores=[["2H", "3H", "JOKER"], 10])


def test_playing_refuses_what_does_nothing() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    refused(s, "takes only clubs and spades", kind="play", player=0, cards=["5H"])
    refused(s, "only 5 cards", kind="play", player=0, cards=["2C"] * 6)
    refused(s, "not one of Ann's active cards", kind="play", player=0, from_active=["AC"])
    refused(s, "needs an active Jack", kind="play", player=0, cards=["5H"], convert={"5H": "C"})
    refused(s, "not among the cards played", kind="play", player=0, cards=["5C"], convert={"5H": "C"})
    refused(s, "without Jokers", kind="play", player=0, cards=["JOKER"])
    refused(s, "Bea is not in the fight", kind="play", player=1, cards=["5C"])
    refused(s, "only Jacks and Aces", kind="activate", player=0, cards=["5C"])


def test_active_cards_jack_then_ace_in_a_fight() -> None:
    # Ann activates J♣ and A♣ (hand 5 − 2 = 3). J♣ converts to or from clubs only: 9♦ as a
    # spade is refused; 9♦ as a club is 9 − 2 = 7
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="activate", player=0, cards=["JC", "AC"])
    refused(s, "needs an active Jack", kind="play", player=0, cards=["9D"], convert={"9D": "S"})
    s = act(s, kind="play", player=0, cards=["9D"], convert={"9D": "C"})
    # clubs 7, A♣ active: half of 7 = 3.5 → 4; 7 + 4 = 11 → Attack 10 + 11 = 21
    assert s.state.encounter.battle.fighters[0].attack == 21
    # J♣ converts 8♣ to spades for free in a fight: Deal 3 + 1 = 4; the clubs stay 7 → 11
    s = act(s, kind="play", player=0, cards=["8C"], convert={"8C": "S"})
    f = s.state.encounter.battle.fighters[0]
    assert (f.attack, f.deal) == (21, 4)
    assert s.state.heroes[0].hand == 5 - 2 - 1 - 1


def test_cards_played_in_one_fight_are_valued_together() -> None:
    # A♣ active; 5♣ then 7♣ played separately: 5 + 7 = 12, half = 6 → 18, Attack 10 + 18 = 28
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="activate", player=0, cards=["AC"])
    s = act(s, kind="play", player=0, cards=["5C"])
    assert s.state.encounter.battle.fighters[0].attack == 10 + 5 + 3   # half of 5 = 2.5 → 3
    s = act(s, kind="play", player=0, cards=["7C"])
    assert s.state.encounter.battle.fighters[0].attack == 28


def test_playing_an_active_ace_ends_its_bonus() -> None:
    # A♣ active; A♣ played off the display with 5♣: 11 + 5 = 16, no bonus → Attack 26
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="activate", player=0, cards=["AC"])
    s = act(s, kind="play", player=0, cards=["5C"], from_active=["AC"])
    assert s.state.encounter.battle.fighters[0].attack == 26
    assert s.state.heroes[0].active == () and s.state.heroes[0].hand == 3


def test_elements_allies_fleeing_heal_and_defend_critical_strikes() -> None:
    s = heroes(start(["Ann", "Bea", "Cy"], elements=True, cry_for_help=True, run_away=True, heal_and_defend=True,
                     critical_strikes=True),
               (0, "KC", "10C 10D 10H"), (1, "QD", "10C 10D 10H"), (2, "KH", "10C 10D 10H"))
    # every Hero 15 + 30 = 45 HP; deck 52 − 6 × 3 = 34
    # 8♣ with 6♥ 2♠: Monster HP 8 + 6 = 14, Attack 8, Deal 3 + 1 = 4, element clubs
    s = act(s, kind="encounter", agitator="8C", props=["6H", "2S"])
    s = act(s, kind="join", player=1)   # Bea (diamonds) answers the cry for help
    assert [f.name for f, _, _ in queries.fighters(s.state)] == ["Ann", "the Monster 8♣", "Bea"]
    # round 1: Ann 10 + 12 = 22 against the Monster 8 + 10 = 18 (clubs against clubs: neutral):
    #   Ann wins; 22 < 1.5 × 18 = 27: no critical strike; Monster −10.
    # Bea 10 + 5 = 15, diamonds strong against clubs: 15 + 3 = 18, against 18: a tie.
    s = act(s, kind="round", scores=[12, 10, 5])
    assert s.state.encounter.battle.fighters[1].hp == 14 - 10
    # Bea heals and defends with 5♥ (no heart element): 45 + 5 = 50; the card is discarded
    s = act(s, kind="heal-and-defend", player=1, card="5H")
    assert s.state.heroes[1].hp == 50 and s.state.heroes[1].hand == 4 and s.state.deck == 34 - 3 + 1
    # Ann flees: Bea stays in the fight, so Ann's Deal is 3 − 1 = 2 for the penalty round
    s = act(s, kind="flee", player=0)
    assert [k for _, k, _ in queries.fighters(s.state)] == [2, 4, 3]
    refused(s, "draws 2 score cards", kind="round", scores=[["9H", "9S", "2C"], 4, 20])
    # round 2: Ann 10 + 18 = 28 beats the Monster 8 + 4 = 12 but flees: no damage;
    # Bea 10 + 20 = 30 → 36 beats 12 but defends: no damage. Ann escapes.
    s = act(s, kind="round", scores=[["9H", "9S"], 4, 20])
    battle = s.state.encounter.battle
    assert battle.fighters[0].out == "fled" and battle.fighters[1].hp == 4
    assert s.state.heroes[0].hp == 45 and s.state.heroes[1].hp == 50
    # round 3 (the Monster, then Bea): Bea 10 + 10 = 20 → 24 against the Monster 8 + 0 = 8:
    # 24 ≥ 2 × 8 → double damage, 10 × 2 = 20: the Monster dies. Ann fled: nobody claims the props.
    assert [f.name for f, _, _ in queries.fighters(s.state)] == ["the Monster 8♣", "Bea"]
    s = act(s, kind="round", scores=[0, 10])
    assert s.state.phase == "town" and s.state.encounter is None
    assert s.state.heroes[0].hand == 5 and s.state.heroes[1].hand == 4
    # deck: 34 − 3 (encounter) + 1 (5♥) + 3 (8♣ 6♥ 2♠ back) = 35
    assert s.state.deck == 35


def test_flee_alone_costs_two() -> None:
    s = act(ann_and_bea(run_away=True), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="flee", player=0)
    # no other player in the fight: Deal 3 − 2 = 1
    assert [k for _, k, _ in queries.fighters(s.state)] == [1, 4]
    refused(s, "already fleeing", kind="flee", player=0)
    # penalty round: Ann 10 + 10 = 20 loses to the Monster 14 + 20 = 34: Ann −14 = 20; escapes
    s = act(s, kind="round", scores=[["10H"], 20])
    assert s.state.heroes[0].hp == 20 and s.state.phase == "town"
    # nobody claimed anything: hand still 5; deck 40 − 3 + 3 = 40
    assert s.state.heroes[0].hand == 5 and s.state.deck == 40


def test_only_a_hero_in_the_fight_flees_or_heals_and_defends() -> None:
    # Ann fights the Monster alone; Bea never joined, and a player 5 does not exist: neither
    # can run away nor heal and defend in this fight (one check for both steps)
    s = act(ann_and_bea(run_away=True, heal_and_defend=True), kind="encounter", agitator="9C",
            props=["5C", "3S"])
    refused(s, "Bea is not in the fight", kind="flee", player=1)
    refused(s, "Bea is not in the fight", kind="heal-and-defend", player=1, card="5H")
    refused(s, "there is no player 5", kind="flee", player=5)
    refused(s, "there is no player 5", kind="heal-and-defend", player=5, card="5H")


def test_options_off_refuse_their_actions() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    refused(s, "Run away is off", kind="flee", player=0)
    refused(s, "Heal and defend is off", kind="heal-and-defend", player=0, card="5H")
    refused(s, "Cry for help is off", kind="join", player=1)


def test_elemental_beast() -> None:
    s = heroes(start(elements=True, elemental_beasts=True), (0, "KC", "2C 3C 4C"), (1, "QS", "2C 3C 4C"))
    refused(s, "one more card", kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="encounter", agitator="9C", props=["5C", "3S"], beast="4D")
    assert s.state.encounter.battle.fighters[1].element.value == "D"
    # Ann (clubs) 10 + 20 = 30 against the diamond Monster 14 + 11 = 25 → 25 + 5 = 30: a tie
    s = act(s, kind="round", scores=[20, 11])
    assert s.state.heroes[0].hp == 15 + 9 and s.state.encounter.battle.fighters[1].hp == 9
    # deck: 40 − 4 (agitator, 2 props, beast)
    assert s.state.deck == 36


# --- treasure chests ------------------------------------------------------------------------------------


def test_chest_traps_salvage_and_loot() -> None:
    s = ann_and_bea(salvage=True)
    # 4♦ with 9♠ 2♥: loot 4♦ 2♥, one trap 9♠; deck 40 − 3 = 37
    s = act(s, kind="encounter", agitator="4D", props=["9S", "2H"])
    assert queries.stage(s.state) == "disarm"
    refused(s, "takes only spades", kind="play", player=0, cards=["8C"])
    # Ann plays 8♠ 6♠: disarm score 14; hand 3
    s = act(s, kind="play", player=0, cards=["8S", "6S"])
    assert s.state.encounter.disarm_score == 14
    # attempt: 14 + 2 = 16 against 9 + 10 (10♥) = 19 → triggered: Ann −9 → 25; still armed
    s = act(s, kind="disarm", trap="9S", hero_score=2, trap_score="10H")
    assert s.state.heroes[0].hp == 25 and s.state.encounter.traps == (card("9S"),)
    # she activates A♠: the spades are valued again, 14 + 7 = 21; hand 2
    s = act(s, kind="activate", player=0, cards=["AS"])
    assert s.state.encounter.disarm_score == 21
    # attempt: 21 + 0 = 21 against 9 + 5 = 14 → disarmed; salvage: 9♠ to the hand;
    # no trap left: loot 4♦ 2♥ → hand 2 + 1 + 2 = 5, A♠ active
    s = act(s, kind="disarm", trap="9S", hero_score=0, trap_score="5C")
    assert s.state.phase == "town"
    assert s.state.heroes[0].hand == 5 and s.state.heroes[0].active == (card("AS"),)
    # deck: 37; back at the end: 4♦ 2♥ (on the table) + 8♠ 6♠ (played) − 2 looted = 37 + 2 = 39
    assert s.state.deck == 39


def test_chest_without_traps_is_looted_at_once() -> None:
    # 4♦ with 2♥ 3♣: all loot; hand 5 + 3 = 8 → town: more than 6, tax due
    s = act(ann_and_bea(), kind="encounter", agitator="4D", props=["2H", "3C"])
    assert s.state.phase == "town" and s.state.heroes[0].hand == 8 and s.state.deck == 37
    assert s.state.town.tax_due
    refused(s, "first pay the tax", kind="end-turn")
    s = act(s, kind="tax")
    assert s.state.heroes[0].hand == 7 and s.state.deck == 38
    s = act(s, kind="end-turn")
    assert s.state.turn == 1


def test_chest_abandoned_returns_everything() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="4D", props=["9S", "2H"])
    s = act(s, kind="play", player=0, cards=["8S"])
    s = act(s, kind="abandon")
    # every card back, the played 8♠ too: deck 40 − 3 + 3 + 1 = 41; hand 4
    assert s.state.deck == 41 and s.state.heroes[0].hand == 4 and s.state.phase == "town"


def test_chest_trap_can_kill() -> None:
    # HP 1 + 2 = 3 for Ann; trap K♠ triggered: −10 → dead; Bea is the Last Hero Standing
    s = heroes(start(hp_base=1, hp_cards=1), (0, "KH", "2C"), (1, "QS", "2D"))
    s = act(s, kind="encounter", agitator="4D", props=["KS", "2H"])
    s = act(s, kind="disarm", trap="KS", hero_score=0, trap_score=5)
    assert not s.state.heroes[0].alive and s.is_over
    assert s.outcome.winners == (1,)


# --- Healers -----------------------------------------------------------------------------------------


def test_healer_with_a_jailor_and_a_fee() -> None:
    s = ann_and_bea()
    # 6♥ with 7♣ 5♦: heal 6 + ⌈12/2⌉ = 12; jailor 7♣ (HP 7, Attack 7, Deal 3); fee 5
    s = act(s, kind="encounter", agitator="6H", props=["7C", "5D"])
    assert queries.stage(s.state) == "battle"
    refused(s, "first defeat the jailors", kind="fee", cards=["9D"])
    # round: Ann 10 + 10 = 20 against the jailor 7 + 9 = 16 → jailor −10, dead
    s = act(s, kind="round", scores=[10, 9])
    assert queries.stage(s.state) == "fee" and queries.fee_due(s.state) == 5
    refused(s, "worth 3: the fee is 5", kind="fee", cards=["3D"])
    # 2♣ + 4♥ = 6 ≥ 5: any suit pays; healed 34 + 12 = 46; hand 5 − 2 = 3
    s = act(s, kind="fee", cards=["2C", "4H"])
    assert s.state.heroes[0].hp == 46 and s.state.phase == "town"
    # deck 40 − 3 + 2 (fee) + 3 (6♥ 7♣ 5♦ back) = 42; town: Ann holds 3 < 4 → charity → 4, deck 41
    assert s.state.heroes[0].hand == 4 and s.state.deck == 41


def test_healer_gratitude_and_potions() -> None:
    # gratitude: 6♥ with 7♣ 5♦ 3♥ (3 props): heal 6 + ⌈15/2⌉ = 6 + 8 = 14; 5♦ is a reward
    s = ann_and_bea(gratitude=True, props=3)
    s = act(s, kind="encounter", agitator="6H", props=["7C", "5D", "3H"])
    s = act(s, kind="round", scores=[10, 9])   # 20 against 16: the jailor is dead
    # no fee: healed at once, 34 + 14 = 48; potion 3♥ and reward 5♦ to the hand: 5 + 2 = 7 → tax
    assert s.state.heroes[0].hp == 48 and s.state.heroes[0].hand == 7
    assert s.state.town.tax_due


def test_healer_without_jailor_or_fee_heals_at_once() -> None:
    # 9♥ with 3♥ 4♠: 9 + ⌈7/2⌉ = 13 → 34 + 13 = 47; potion 3♥ → hand 6
    s = act(ann_and_bea(), kind="encounter", agitator="9H", props=["3H", "4S"])
    assert s.state.heroes[0].hp == 47 and s.state.heroes[0].hand == 6 and s.state.phase == "town"


def test_healer_abandoned_mid_fight() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="6H", props=["7C", "5D"])
    s = act(s, kind="play", player=0, cards=["3C"])
    s = act(s, kind="round", scores=[0, 30])       # Ann 13 + 0 against 7 + 30: Ann −7 = 27
    s = act(s, kind="play", player=0, cards=["4C"])   # against jailors she may play between rounds
    assert s.state.encounter.battle.fighters[0].attack == 10 + 3 + 4
    s = act(s, kind="abandon")
    # no healing; every card back: deck 40 − 3 + 3 + 2 = 42; town: hand 3 → charity, deck 41
    assert s.state.heroes[0].hp == 27 and s.state.phase == "town"
    assert s.state.heroes[0].hand == 4 and s.state.deck == 41


# --- Traps -------------------------------------------------------------------------------------------------


def test_trap_with_crafty_evasion_and_pick_yourself_up() -> None:
    s = ann_and_bea(crafty_evasion=True, pick_yourself_up=True)
    # 7♠ with 3♦ 5♥: difficulty 9, damage 10; Ann has no active card: one card to evade
    s = act(s, kind="encounter", agitator="7S", props=["3D", "5H"])
    refused(s, "no time to activate", kind="activate", player=0, cards=["AS"])
    refused(s, "draws 1 card", kind="evade", score=["JC", "2C"])
    # J♣ = 10 beats 9 by 1: 10 − 2 = 8; she plays 5♠: 8 − 5 = 3 → 34 − 3 = 31
    s = act(s, kind="evade", score=["JC"])
    assert queries.stage(s.state) == "crafty" and s.state.heroes[0].hp == 34
    s = act(s, kind="crafty", cards=["5S"])
    assert s.state.heroes[0].hp == 31 and s.state.heroes[0].hand == 4
    # pick yourself up: a second encounter (once per turn) or town
    assert s.state.phase == "after-trap"
    s = act(s, kind="encounter", agitator="7S", props=["3D", "5H"])
    s = act(s, kind="evade", score=3)   # 3 < 9: full damage 10 → 21
    assert s.state.heroes[0].hp == 21 and s.state.phase == "town"


def test_trap_evasion_draws_one_more_per_active_card() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["2D", "3D"])
    s = act(s, kind="activate", player=0, cards=["AS", "JH"])
    s = act(s, kind="round", scores=[30, 0])   # 40 against 9: the Monster (HP 9) dies; loot 2♦ 3♦
    s = act(s, kind="tax")                     # 3 + 2 in hand + 2 active = 7 > 6
    s = act(s, kind="end-turn")
    s = act(s, kind="encounter", agitator="2H", props=["2S", "3S"])  # Bea: a Healer, 2 + ⌈5/2⌉ = 5
    s = act(s, kind="end-turn")
    s = act(s, kind="encounter", agitator="7S", props=["3D", "5H"])
    # Ann has 2 active cards: 1 + 2 = 3 cards; 3 + 3 + 3 = 9 equals the difficulty: full damage 10
    assert queries.evasion_draw(s.state) == 3
    s = act(s, kind="evade", score=["3C", "3D", "3H"])
    assert s.state.heroes[0].hp == 34 - 10


def test_trap_without_options_goes_to_town() -> None:
    # 2♠ with 2♦ 2♥: difficulty 2 + ⌈2/2⌉ = 3, damage 2 + 1 = 3; evasion 11 beats 3 by 8:
    # 3 − 16 < 0 → no damage
    s = act(ann_and_bea(), kind="encounter", agitator="2S", props=["2D", "2H"])
    s = act(s, kind="evade", score=11)
    assert s.state.heroes[0].hp == 34 and s.state.phase == "town"


# --- Boss Battles ------------------------------------------------------------------------------------------


def test_boss_battle_with_super_powers() -> None:
    s = heroes(start(["Ann", "Bea", "Cy"], boss_battles=True, super_powers=True, props=3, opening_sale=True),
               (0, "KC", "10C 10D 10H"), (1, "QH", "10C 10D 10H"), (2, "KD", "10C 10D 10H"))
    # every Hero 45 HP; the opening round: Cy activates A♥
    s = act(s, kind="end-turn")
    s = act(s, kind="end-turn")
    s = act(s, kind="activate", player=2, cards=["AH"])
    s = act(s, kind="end-turn")
    assert s.state.phase == "turn" and s.state.turn == 0
    # the text's stack Q♥ K♠ 7♣ 4♦: Q♥ 10/17/4, K♠ 20/17/3. K♠ forces Bea (heart Character, weak
    # against spades) onto Ann's side; Q♥ forces Cy (active A♥) onto the Bosses' side.
    s = act(s, kind="encounter", agitator="QH", props=["KS", "7C", "4D"])
    order = [(f.name, f.side, k) for f, k, _ in queries.fighters(s.state)]
    assert order == [("Ann", 0, 3), ("Bea", 0, 3), ("Cy", 1, 3), ("Boss Q♥", 1, 4), ("Boss K♠", 1, 3)]
    refused(s, "may not be escaped", kind="flee", player=0)
    # round 1: Ann 20, Bea 22, Cy 15, Q♥ 17 + 30 = 47, K♠ 17 + 1 = 18.
    # Ann: beats Cy (−10), loses to Q♥ (−17), beats K♠ (−10). Bea: beats Cy (−10), loses to Q♥
    # (−17), beats K♠ (−10). K♠: 20 − 20 = 0, dead and face down: Q♥ loses its spade prop,
    # Deal 4 → 3. Ann 45 − 17 = 28, Bea 28, Cy 45 − 20 = 25.
    s = act(s, kind="round", scores=[10, 12, 5, 30, 1])
    assert [s.state.heroes[q].hp for q in range(3)] == [28, 28, 25]
    queen = s.state.encounter.battle.fighters[3]
    assert (queen.hp, queen.attack, queen.deal) == (10, 17, 3)
    assert s.state.encounter.battle.fighters[4].out == "dead"
    # round 2: Ann 40, Bea 40, Cy 10, Q♥ 17: Cy −20 → 5, Q♥ −20 → dead
    s = act(s, kind="round", scores=[30, 30, 0, 0])
    assert s.state.heroes[2].hp == 5
    # round 3: Ann 40, Bea 40 against Cy 10: Cy −20 → dead. Ann claims the whole stack
    s = act(s, kind="round", scores=[30, 30, 0])
    assert not s.state.heroes[2].alive
    assert s.state.heroes[0].hand == 5 + 4 and s.state.phase == "town" and s.state.town.tax_due
    # deck: 52 − 18 = 34; stack drawn − 4 = 30; Cy dies: 4 cards in hand + A♥ + Character K♦ = +6 → 36;
    # the stack goes to Ann's hand
    assert s.state.deck == 36


def test_boss_stack_divided_by_the_allies() -> None:
    s = heroes(start(["Ann", "Bea", "Cy"], boss_battles=True, cry_for_help=True, hp_base=1, hp_cards=1),
               (0, "KC", "2C"), (1, "QD", "10C"), (2, "KD", "10D"))
    # Ann 3 HP, Bea 11, Cy 11. J♣ with 2♣ 3♦: J♣ HP 10, Attack 10 + 2 = 12, Deal 3
    s = act(s, kind="encounter", agitator="JC", props=["2C", "3D"])
    s = act(s, kind="join", player=1)
    refused(s, "join the Hero's side", kind="join", player=2, side=1)
    s = act(s, kind="join", player=2)
    refused(s, "already part of this fight", kind="join", player=2)
    # round: Ann 10 + 0 = 10, Bea 10 + 5 = 15, Cy 10 + 5 = 15; J♣ 12 + 2 = 14:
    # J♣ beats Ann (−12: dead); Bea and Cy beat J♣ (−10 each: dead)
    order = [f.name for f, _, _ in queries.fighters(s.state)]
    assert order == ["Ann", "Boss J♣", "Bea", "Cy"]
    s = act(s, kind="round", scores=[0, 2, 5, 5])
    assert queries.stage(s.state) == "divide-loot"
    refused(s, "exactly the stack", kind="divide-loot", shares={1: ["JC"], 2: ["2C"]})
    refused(s, "surviving Allies", kind="divide-loot", shares={0: ["JC", "2C", "3D"]})
    s = act(s, kind="divide-loot", shares={1: ["JC", "2C"], 2: ["3D"]})
    assert s.state.heroes[1].hand == 7 and s.state.heroes[2].hand == 6
    # Ann died: her turn ends at once, Bea is the Hero
    assert s.state.phase == "turn" and s.state.turn == 1


# --- PvP, deaths and turns --------------------------------------------------------------------------------


def test_pvp_winner_takes_the_cards() -> None:
    s = heroes(start(["Ann", "Bea", "Cy"], pvp=True, hp_base=1, hp_cards=1), (0, "KC", "10H"), (1, "QS", "2C"),
               (2, "KD", "5C"))
    refused(s, "cannot attack themselves", kind="attack", defender=0)
    s = act(s, kind="attack", defender=1)
    s = act(s, kind="play", player=1, cards=["4C"])    # Bea: Attack 14
    # Ann 10 + 5 = 15 against Bea 14 + 0 = 14: Bea −10 → 3 − 10 < 0, dead; Ann takes her
    # 5 − 1 = 4 cards; the played 4♣ goes back to the deck
    s = act(s, kind="round", scores=[5, 0])
    assert not s.state.heroes[1].alive and s.state.heroes[0].hand == 9
    assert s.state.phase == "town"
    s = act(s, kind="tax")
    s = act(s, kind="end-turn")
    # Bea is dead: the turn passes to Cy
    assert s.state.turn == 2
    refused(s, "Bea is dead", kind="give", giver=1, receiver=0, cards=1)
    # deck: 52 − 18 = 34; +1 (Bea's Character) +1 (4♣) +1 (tax) = 37
    assert s.state.deck == 37


def test_fleeing_a_pvp_fight_costs_one_because_the_opponent_still_fights() -> None:
    """Running away costs Deal. The text: "if there will be no other players left in the fight, their
    Deal is reduced by 2; if there will be at least one player still fighting after they flee,
    their Deal is reduced by 1". In PvP the opponent is a player who is still fighting: −1."""
    s = heroes(start(["Ann", "Bea"], pvp=True, run_away=True), (0, "KC", "7H KS 2C"), (1, "QS", "5D 5C 5S"))
    s = act(s, kind="attack", defender=1)
    s = act(s, kind="flee", player=0)
    # Ann's Deal 3 (a Hero's base Deal) − 1 = 2 for the penalty round
    assert "Deal 2 for the penalty round" in s.history()[-1].text
    # both flee: the second to flee leaves no other player fighting: 3 − 2 = 1
    s = act(s, kind="flee", player=1)
    assert "Deal 1 for the penalty round" in s.history()[-1].text


def test_last_hero_standing() -> None:
    s = heroes(start(["Ann", "Bea"], pvp=True, hp_base=1, hp_cards=1), (0, "KC", "10H"), (1, "QS", "2C"))
    s = act(s, kind="attack", defender=1)
    s = act(s, kind="round", scores=[5, 0])
    assert s.is_over and s.outcome.winners == (0,)
    assert "Last Hero Standing" in s.outcome.headline + s.state.ended_by
    with pytest.raises(IllegalAction):
        act(s, kind="end-turn")


def test_solo_game_ends_when_the_hero_dies() -> None:
    s = heroes(start(["Ann"], hp_base=1, hp_cards=1), (0, "KC", "2H"))
    s = act(s, kind="encounter", agitator="7S", props=["3D", "5H"])
    s = act(s, kind="evade", score=0)
    assert s.is_over and s.outcome.winners == ()


def test_level_up_v1_and_turn_order() -> None:
    s = ann_and_bea(level_up_v1=True)
    assert queries.props_needed(s.state)[0] == 2
    for _ in range(2):  # Ann, then Bea: a Healer each (9♥ with 2♠ 3♠: no fee, no jailor)
        s = act(s, kind="encounter", agitator="9H", props=["2S", "3S"])
        s = act(s, kind="end-turn")
    # play returned to the first Hero: 3 props
    assert s.state.turn == 0 and s.state.laps == 1
    assert queries.props_needed(s.state)[0] == 3
    refused(s, "enter 3 props", kind="encounter", agitator="9H", props=["2S", "3S"])


def test_level_up_v2() -> None:
    # HP 15 + 10 + 10 + 10 = 45 with hp_base 15; raise to 70 with hp_base 40: 40 + 30 = 70 → 3 props
    s = heroes(start(["Ann"], level_up_v2=True, hp_base=40), (0, "KH", "10C 10D 10S"))
    assert queries.props_needed(s.state)[0] == 3


def test_props_to_draw_with_level_up() -> None:
    s = ann_and_bea(level_up_v1=True)
    # the text: "Draw 2 more cards: these are props"; the deck holds 40, no Level Up yet
    d = props_to_draw(s.state)
    assert (d.count, d.needed, d.why, d.deck, d.levelled_up, d.short) == (2, 2, "2 props", 40, False, False)
    for _ in range(2):  # Ann, then Bea: a Healer each
        s = act(s, kind="encounter", agitator="9H", props=["2S", "3S"])
        s = act(s, kind="end-turn")
    # play returned to the first Hero once (Level Up v1): 2 + 1 = 3 props
    d = props_to_draw(s.state)
    assert (d.count, d.needed, d.levelled_up, d.short) == (3, 3, True, False)
    assert d.why == "2 props + 1 for Level Up (play returned to the first Hero 1 time) = 3"
    assert d.deck == s.state.deck  # no revolution is due: the deck holds enough


def dee_draws_from_two_cards(rule: bool) -> Session:
    # four Heroes, hands of 10: the deck holds 52 − 4 × (1 + 10) = 8. Ann, Bea and Cy each
    # open a chest 4♦ with two loot cards (3 cards drawn, all 3 claimed: hand 13) and pay the
    # tax of one card (hand 12, the card back to the deck): 8 − 3 + 1 = 6, 6 − 3 + 1 = 4,
    # 4 − 3 + 1 = 2 cards when Dee draws
    s = Session.start(G, G.make_setup(["Ann", "Bea", "Cy", "Dee"], {"hand_size": 10, "glorious_revolution": rule}))
    for p, c in enumerate(["KH", "QS", "KD", "QC"]):
        s = act(s, kind="hero", player=p, character=c, hp_cards=["2C", "2D", "2S"])
    for loot in (["5H", "6C"], ["7H", "8C"], ["9H", "10C"]):
        s = act(s, kind="encounter", agitator="4D", props=loot)
        s = act(s, kind="tax")
        s = act(s, kind="end-turn")
    assert s.state.deck == 2 and [h.hand for h in s.state.heroes] == [12, 12, 12, 10]
    return s


def test_props_to_draw_from_a_short_deck() -> None:
    # the Glorious Revolution off: the 2 cards make the agitator and 2 − 1 = 1 prop of the 2
    d = props_to_draw(dee_draws_from_two_cards(rule=False).state)
    assert (d.count, d.needed, d.deck, d.short) == (1, 2, 2, True)
    # on: the draw of 1 + 2 = 3 cards finds 2, so Ann, Bea and Cy (12 cards each, the most)
    # are overthrown first: 2 + 3 × 12 = 38 cards, every prop drawn
    d = props_to_draw(dee_draws_from_two_cards(rule=True).state)
    assert (d.count, d.needed, d.deck, d.short) == (2, 2, 38, False)
    # an Elemental beast's card is one more to draw: the 2 cards make the agitator and the
    # beast's card, 2 − 1 − 1 = 0 props
    assert props_to_draw(dee_draws_from_two_cards(rule=False).state, beast=True).count == 0


# --- town --------------------------------------------------------------------------------------------------


def test_town_charity_shopping_and_healing() -> None:
    s = heroes(start(["Ann", "Bea"], hand_size=3, elements=True), (0, "KH", "2C 2D 2S"), (1, "QS", "2C 2D 2S"))
    # Ann 15 + 6 = 21 HP, heart element; deck 52 − 4 × 2 = 44
    s = act(s, kind="encounter", agitator="2S", props=["2D", "2H"])
    s = act(s, kind="evade", score=11)   # 11 against difficulty 3: no damage
    # town: 3 cards, fewer than 4: charity → 4; deck 44 − 3 + 3 − 1 = 43
    assert s.state.heroes[0].hand == 4 and s.state.deck == 43
    refused(s, "no tax is due", kind="tax")
    refused(s, "takes only diamonds", kind="shop", cards=["9H"])
    refused(s, "buy nothing", kind="shop", cards=["7D"])
    # 9♦: 1 card for 8, 1 lost; hand 4 − 1 + 1 = 4; deck 43 + 1 − 1 = 43
    s = act(s, kind="shop", cards=["9D"])
    assert s.state.heroes[0].hand == 4 and s.state.deck == 43
    refused(s, "one shopping trip", kind="shop", cards=["9D"])
    # potions 4♥ 3♥ with the heart element: 7 + 20 % of 7 = 7 + 1.4 → 9: 21 + 9 = 30
    s = act(s, kind="heal", cards=["4H", "3H"])
    assert s.state.heroes[0].hp == 30 and s.state.heroes[0].hand == 2 and s.state.deck == 45


def test_shopping_text_example_two_cards() -> None:
    # 7♦ 6♦ 5♦ = 18 diamonds → 2 cards (16), 2 lost: hand 5 − 3 + 2 = 4
    s = act(ann_and_bea(), kind="encounter", agitator="9H", props=["2S", "3S"])
    s = act(s, kind="shop", cards=["7D", "6D", "5D"])
    assert s.state.heroes[0].hand == 5 - 3 + 2


def test_tax_with_an_active_card() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="4D", props=["2H", "3C"])   # hand 8
    refused(s, "not one of Ann's active cards", kind="tax", card="AS")
    s = act(s, kind="activate", player=0, cards=["AS"])
    s = act(s, kind="tax", card="AS")
    assert s.state.heroes[0].active == () and s.state.heroes[0].hand == 7


def test_opening_sale_and_eat_your_greens() -> None:
    s = heroes(start(["Ann", "Bea"], opening_sale=True), (0, "KH", "2C 2D 2S"), (1, "QS", "2C 2D 2S"))
    assert s.state.phase == "opening" and s.state.turn == 0
    refused(s, "Eat Your Greens is off", kind="heal", cards=["5H"])
    s = act(s, kind="shop", cards=["9D"])
    s = act(s, kind="end-turn")
    assert s.state.phase == "opening" and s.state.turn == 1
    s = act(s, kind="end-turn")
    assert s.state.phase == "turn" and s.state.turn == 0 and s.state.laps == 0


# --- the ways to win ------------------------------------------------------------------------------------------


def test_goliath() -> None:
    s = heroes(start(["Ann", "Bea"], goliath_hp=40), (0, "KH", "2C 2D 2S"), (1, "QS", "2C 2D 2S"))
    s = act(s, kind="encounter", agitator="9H", props=["2S", "3S"])   # 21 + 9 + ⌈5/2⌉ = 33
    assert s.state.heroes[0].hp == 33 and not s.is_over
    s = act(s, kind="heal", cards=["7H"])   # 40: Goliath
    assert s.is_over and s.outcome.winners == (0,)


def test_goliath_can_be_turned_off() -> None:
    s = heroes(start(["Ann", "Bea"], goliath_hp=40, win_goliath=False), (0, "KH", "2C 2D 2S"), (1, "QS", "2C 2D 2S"))
    s = act(s, kind="encounter", agitator="9H", props=["2S", "3S"])
    s = act(s, kind="heal", cards=["7H"])
    assert not s.is_over


def test_master_of_the_elements() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9H", props=["2S", "3S"])
    s = act(s, kind="activate", player=0, cards=["AS", "AH", "JD"])
    assert not s.is_over
    s = act(s, kind="activate", player=0, cards=["JC"])
    assert s.is_over and s.outcome.winners == (0,)


def test_full_court_claim() -> None:
    s = ann_and_bea()
    refused(s, "Jack, Queen and King of one suit", kind="claim", player=1, condition="full-court",
            cards=["JH", "QH", "KS"])
    refused(s, "only 5 cards", kind="claim", player=1, condition="full-court",
            cards=["JH", "QH", "KH", "2C", "3C", "4C"])
    s = act(s, kind="claim", player=1, condition="full-court", cards=["JH", "QH", "KH"])
    assert s.is_over and s.outcome.winners == (1,)


def test_elemental_union_claim_counts_active_cards() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9H", props=["2S", "3S"])
    s = act(s, kind="activate", player=0, cards=["JS"])
    refused(s, "no clubs", kind="claim", player=0, condition="elemental-union", cards=["QH", "KD"])
    s = act(s, kind="claim", player=0, condition="elemental-union", cards=["QH", "KD", "JC"])
    assert s.is_over and s.outcome.winners == (0,)


def test_claims_can_be_turned_off() -> None:
    s = ann_and_bea(win_full_court=False)
    refused(s, "not one of this game's ways to win", kind="claim", player=1, condition="full-court",
            cards=["JH", "QH", "KH"])


def test_round_limit() -> None:
    s = ann_and_bea(round_limit=1)
    s = act(s, kind="encounter", agitator="9H", props=["2S", "3S"])   # Ann 34 + 9 + 3 = 46
    s = act(s, kind="end-turn")
    assert not s.is_over
    s = act(s, kind="encounter", agitator="7S", props=["3D", "5H"])
    s = act(s, kind="evade", score=0)   # Bea 30 − 10 = 20
    s = act(s, kind="end-turn")
    assert s.is_over and s.outcome.winners == (0,)


def _deck_runs_short(**settings) -> Session:
    s = heroes(start(["Ann", "Bea", "Cy", "Dee"], hand_size=10, **settings),
               *[(p, c, "2C 2D 2S") for p, c in enumerate(["KH", "QS", "KD", "QC"])])
    # deck 52 − 11 × 4 = 8
    assert s.state.deck == 8
    for loot in (["5H", "6C"], ["7H", "8C"], ["9H", "10C"]):
        # a trapless chest: 3 cards looted (hand 13), tax 1 back (12)
        s = act(s, kind="encounter", agitator="4D", props=loot)
        s = act(s, kind="tax")
        s = act(s, kind="end-turn")
    # deck 8 − 3 × 3 + 3 = 2: fewer than the 3 cards Dee's encounter needs
    assert s.state.deck == 2 and s.state.turn == 3
    assert queries.revolution_offer(s.state) == ((0, 1, 2), 12)
    return s


def test_glorious_revolution_happens_when_a_draw_finds_the_deck_short() -> None:
    """The Glorious Revolution counts every card held. The text: "if the deck runs out, the player with most cards is
    overthrown ... losing everything. Cards in the player's hand, including active cards, and
    cards in play are all counted." A rule, not an option: Dee's encounter needs 3 cards and
    the deck holds 2, so the revolution comes first."""
    s = _deck_runs_short()
    s = act(s, kind="encounter", agitator="4D", props=["5H", "6C"])
    # Ann, Bea and Cy tie on 12 cards: all overthrown, 3 × 12 = 36 back: deck 2 + 36 = 38;
    # then Dee draws agitator and 2 props: 38 − 3 = 35
    assert [h.hand for h in s.state.heroes][:3] == [0, 0, 0] and s.state.deck == 35
    assert all(h.alive for h in s.state.heroes)
    assert "Ann and Bea and Cy have the most cards (12) and are overthrown" in " ".join(s.said[-1].working)
    # the deadly setting: the three die, Dee is the last Hero standing
    deadly = _deck_runs_short(revolution_deadly=True)
    deadly = act(deadly, kind="encounter", agitator="4D", props=["5H", "6C"])
    assert deadly.is_over and deadly.outcome.winners == (3,)


def test_glorious_revolution_off_is_a_step_players_enter() -> None:
    s = _deck_runs_short(glorious_revolution=False)
    refused(s, "enter 1 prop", kind="encounter", agitator="4D", props=["5H", "6C"])
    s2 = act(s, kind="revolution")
    # Ann, Bea and Cy tie on 12 cards: all overthrown, 36 cards back: deck 38
    assert [h.hand for h in s2.state.heroes] == [0, 0, 0, 10] and s2.state.deck == 38


def test_a_game_saved_before_the_rule_goes_on_as_it_was_played() -> None:
    """A save whose settings lack the rule (made before it) replays with the revolution off."""
    s = _deck_runs_short(glorious_revolution=False)
    s = act(s, kind="encounter", agitator="4D", props=["5H"])  # the short encounter it accepted
    record = json.loads(s.to_json())
    del record["setup"]["settings"]["glorious_revolution"]
    loaded = Session.from_json(json.dumps(record))
    assert loaded.state == s.state and not loaded.setup.settings.glorious_revolution
    assert G.make_setup(["Ann"]).settings.glorious_revolution  # a new game has the rule


def test_revolution_only_when_the_deck_runs_out() -> None:
    refused(ann_and_bea(), "only when the deck runs out", kind="revolution")


# --- history, summary and saving --------------------------------------------------------------------------------


def test_history_and_summary_show_the_numbers() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="round", scores=[10, 0])   # Ann 20 against 14: Monster 9 − 10 → dead
    steps = s.history()
    assert steps[2].text.startswith("Ann meets a Monster 9♣: HP 9, Attack 14, Deal 4")
    assert "Round 1" in steps[3].text and "dead" in steps[3].text
    changed = {c.label for c in steps[3].changes}
    assert {"Deck", "Ann's hand"} <= changed
    summary = G.summary(s.state)
    assert summary["Ann's HP"] == "34" and summary["Bea's hand"] == "5 cards"
    assert s.said[-1].working   # the working of the last action, line by line


def test_save_and_load_mid_fight() -> None:
    s = act(ann_and_bea(run_away=True), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="play", player=0, cards=["7C"], convert={})
    s = act(s, kind="flee", player=0)
    loaded = Session.from_json(s.to_json())
    assert loaded.state == s.state
    assert loaded.undo().undo().state == s.undo().undo().state


def test_undo_gives_back_the_exact_state() -> None:
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    after = act(s, kind="round", scores=[["2H", "3D", "4C"], 20])
    assert after.undo().state == s.state


def test_view_helpers() -> None:
    s = ann_and_bea(pvp=True, cry_for_help=True)
    assert queries.hero(s.state) == 0 and queries.stage(s.state) == "turn"
    assert [a.defender for a in legal_actions(s.state).of_kind(AttackPlayer)] == [1]
    assert queries.character_allowed(s.state, card("QH")) and not queries.character_allowed(s.state, card("9H"))
    s = act(s, kind="encounter", agitator="9C", props=["5C", "3S"])
    legal = legal_actions(s.state)
    assert who(legal, PlayIntoEncounter) == [0] and who(legal, Activate) == [0]
    assert list(legal.of_kind(JoinFight)) == [JoinFight(player=1, side=0)]
    assert not legal.allows(Flee) and not legal.allows(Abandon)
    s = act(s, kind="round", scores=[0, 0])   # 10 against 14: Ann −14
    legal = legal_actions(s.state)
    assert who(legal, PlayIntoEncounter) == [] and who(legal, Activate) == []
    assert G.known_cards(s.state) == [card("KH"), card("QS"), *cards("9C 5C 3S")]


def _revolution_mid_fight(**settings) -> Session:
    s = heroes(start(["Ann", "Bea", "Cy", "Dee"], hand_size=10, props=6, elements=True, elemental_beasts=True,
                     **settings), *[(p, c, "2C 2D 2S") for p, c in enumerate(["KH", "QS", "KD", "QC"])])
    # deck 52 − 11 × 4 = 8: the agitator, six props and the beast's card empty it
    s = act(s, kind="encounter", agitator="9C", props=["2H", "3H", "4D", "5D", "6S", "2S"], beast="3C")
    assert s.state.deck == 0
    s = act(s, kind="play", player=0, cards=["7C", "8C"])          # Ann: Attack 10 + 15 = 25
    s = act(s, kind="give", giver=1, receiver=0, cards=2)          # a bribe: Ann 10 in hand, Bea 8
    # counted: Ann 10 in hand + 2 played = 12; Bea 8; Cy 10; Dee 10
    assert queries.revolution_offer(s.state) == ((0,), 12)
    return act(s, kind="revolution")


def test_revolution_in_the_middle_of_a_fight() -> None:
    s = _revolution_mid_fight()
    # Ann loses her 10 cards and the 2 she played: deck 0 + 12 = 12; her Attack is back to 10
    assert s.state.heroes[0].hand == 0 and s.state.deck == 12
    assert s.state.encounter.battle.fighters[0].attack == 10
    assert s.state.heroes[0].alive and queries.stage(s.state) == "battle"


def test_deadly_revolution_in_the_middle_of_a_fight() -> None:
    s = _revolution_mid_fight(revolution_deadly=True)
    # Ann dies: her 12 cards and her Character go back (13); her fight ends, the 8 encounter
    # cards go back too (21); Bea is the Hero
    assert not s.state.heroes[0].alive and s.state.deck == 21
    assert s.state.phase == "turn" and s.state.turn == 1 and not s.is_over


def test_more_refusals_change_nothing() -> None:
    s = ann_and_bea(pvp=True)
    refused(s, "activated in town", kind="activate", player=0, cards=["AS"])
    refused(s, "there is no encounter", kind="disarm", trap="9S", hero_score=1, trap_score=1)
    refused(s, "choose the cards to give", kind="give", giver=0, receiver=1)
    refused(s, "only 5 cards", kind="give", giver=0, receiver=1, cards=6)
    chest = act(s, kind="encounter", agitator="4D", props=["9S", "2H"])
    refused(chest, "not an armed trap", kind="disarm", trap="8S", hero_score=1, trap_score=1)
    refused(chest, "only the Hero", kind="play", player=1, cards=["8S"])
    refused(chest, "this is a treasure chest, not a Trap", kind="evade", score=3)
    refused(chest, "not a Boss Battle", kind="divide-loot", shares={})
    # a tie: 0 + 9 against 9 + 0: still armed, nothing else changes
    tie = act(chest, kind="disarm", trap="9S", hero_score=9, trap_score=0)
    assert tie.state.encounter.traps == (card("9S"),) and tie.state.heroes[0].hp == 34
    monster = act(s, kind="encounter", agitator="9C", props=["5C", "3S"])
    refused(monster, "only a treasure chest or a Healer", kind="abandon")
    trapped = act(ann_and_bea(crafty_evasion=True), kind="encounter", agitator="7S", props=["3D", "5H"])
    refused(trapped, "after a successful evasion", kind="crafty", cards=["5S"])
    refused(trapped, "first enter the evasion draw", kind="take-damage")
    pending = act(trapped, kind="evade", score=["JC"])
    refused(pending, "already drawn", kind="evade", score=["JC"])
    refused(pending, "takes only spades", kind="crafty", cards=["5H"])
    taken = act(pending, kind="take-damage")   # 10 − 2 × 1 = 8: 34 − 8 = 26
    assert taken.state.heroes[0].hp == 26


def test_heal_and_defend_once_a_round() -> None:
    s = act(ann_and_bea(heal_and_defend=True), kind="encounter", agitator="9C", props=["5C", "3S"])
    refused(s, "takes only hearts", kind="heal-and-defend", player=0, card="5C")
    s = act(s, kind="heal-and-defend", player=0, card="5H")   # 34 + 5 = 39
    refused(s, "one heart per round", kind="heal-and-defend", player=0, card="4H")
    # the round: Ann 10 + 20 = 30 beats the Monster 14 + 0 but defends: no damage
    s = act(s, kind="round", scores=[20, 0])
    assert s.state.heroes[0].hp == 39 and s.state.encounter.battle.fighters[1].hp == 9
    s = act(s, kind="heal-and-defend", player=0, card="4H")   # a new round: allowed again, 43
    assert s.state.heroes[0].hp == 43


def test_twin_bosses_from_two_packs() -> None:
    names = ["Ann", "Bea", "Cy", "Dee", "Eve"]
    s = heroes(start(names, boss_battles=True, super_powers=True),
               *[(p, c, "2C 2D 2S") for p, c in enumerate(["KH", "QS", "KD", "QC", "KS"])])
    # five players: two packs. J♦ J♦ 8♦: each Jack is a Boss with HP 10 (no hearts), Attack 10
    # (no clubs) + 2 per living Jack × 2 = 14, Deal 3 (no spades)
    s = act(s, kind="encounter", agitator="JD", props=["JD", "8D"])
    bosses = [f for f, _, _ in queries.fighters(s.state)][1:]
    assert [(f.name, f.hp, f.attack, f.deal) for f in bosses] == [("Boss J♦", 10, 14, 3), ("Boss J♦ (2)", 10, 14, 3)]
    # Ann 10 + 12 = 22 beats the first Jack's 14 + 0 = 14 (−10: dead) and loses to the second
    # Jack's 14 + 30 = 44 (Ann −14). The living Jack loses the dead one's +2: Attack 12
    s = act(s, kind="round", scores=[12, 0, 30])
    left = s.state.encounter.battle.fighters[2]
    assert (left.name, left.hp, left.attack) == ("Boss J♦ (2)", 10, 12)
    assert s.state.heroes[0].hp == 15 + 6 - 14
