"""An ask for every sum players do by hand: Peace and Love's final score and the
CardPeeGee asks grown for the table (super powers, rounds of many fighters, traps with active
cards and crafty evasion, Healers' jailors and fees, disarming from the spades played, town).

Every expected value is worked out by hand from the rule texts (rules/peace-and-love.txt,
rules/cardpeegee.txt), the arithmetic in a comment. CardPeeGee values: A 11, J Q K 10, numbers
their number; an active Ace adds half the suit's total, the player's element 20 %, together
with one round-up; an active Jack converts a card for 2 points less. Peace and Love values:
A 1 ... 10, J 11, Q 12, K 13.
"""

from __future__ import annotations

import json

import pytest

from card_companion.companion.protocol import resolve_line


def ask(game: str, **request) -> dict:
    return json.loads(resolve_line(json.dumps({"game": game, **request})))


def pal(**request) -> dict:
    return ask("peace-and-love", ask="final-score", **request)


def cpg(**request) -> dict:
    return ask("cardpeegee", **request)


# --- Peace and Love: final-score --------------------------------------------------------------


def test_final_score_the_highest_total_wins():
    # Ann K♥ 7♣ = 13 + 7 = 20 (2 cards); Bea 10♠ Q♦ = 10 + 12 = 22 (2 cards): Bea wins
    r = pal(players=[{"name": "Ann", "pile": ["KH", "7C"]}, {"name": "Bea", "pile": ["10S", "QD"]}])
    assert r["winners"] == [1] and r["moon"] is None
    assert [(e["player"], e["points"], e["cards"], e["place"]) for e in r["ranking"]] == [(1, 22, 2, 1), (0, 20, 2, 2)]
    assert r["explanation"][-1] == "Bea wins with 22 points"


def test_final_score_a_tie_goes_to_the_most_cards_then_is_shared():
    # "Ties at the end of the game are won by the player with the most cards in their victory pile":
    # Ann K♥ 7♣ = 20 in 2 cards; Bea 10♠ 5♦ 5♣ = 20 in 3 cards → Bea
    r = pal(players=[{"name": "Ann", "pile": ["KH", "7C"]}, {"name": "Bea", "pile": ["10S", "5D", "5C"]}])
    assert r["winners"] == [1]
    assert "Ann and Bea tie on 20 points: the most cards in the victory pile wins the tie" in r["explanation"]
    assert r["explanation"][-1] == "Bea wins with 20 points and 3 cards"
    # Ann K♥ 7♣ = 20 in 2; Bea Q♦ 8♠ = 12 + 8 = 20 in 2: still tied, they share (the project's ruling)
    r = pal(players=[{"name": "Ann", "pile": ["KH", "7C"]}, {"name": "Bea", "pile": ["QD", "8S"]}])
    assert r["winners"] == [0, 1] and [e["place"] for e in r["ranking"]] == [1, 1]


def test_final_score_from_points_and_card_counts():
    # 30 points in 3 cards against 30 in 4 cards: the most cards wins; 5 points in 1 card is third
    r = pal(players=[{"points": 30, "cards": 3}, {"points": 30, "cards": 4}, {"points": 5, "cards": 1}])
    assert r["winners"] == [1]
    assert [(e["player"], e["place"]) for e in r["ranking"]] == [(1, 1), (0, 2), (2, 3)]


def test_final_score_shoot_the_moon():
    # three players, Cy won no fight (empty pile), the only one: Cy shoots the moon despite 0 points
    players = [{"name": "Ann", "pile": ["KH", "7C"]}, {"name": "Bea", "pile": ["10S"]}, {"name": "Cy", "pile": []}]
    r = pal(players=players, shoot_the_moon=True)
    assert r["winners"] == [2] and r["moon"] == 2 and r["ranking"][0]["player"] == 2
    assert r["explanation"][-1] == "Cy shoots the moon!"
    # without the option, Ann's 20 beats Bea's 10
    assert pal(players=players)["winners"] == [0]
    # two players with empty piles: nobody shoots the moon; Ann's 20 wins
    r = pal(players=[*players[:2], {"name": "Cy", "pile": []}, {"name": "Di", "points": 0, "cards": 0}],
            shoot_the_moon=True)
    assert r["winners"] == [0] and r["moon"] is None
    assert "Shoot the Moon: several players won no fights, so nobody shoots the moon" in r["explanation"]
    # "in a multi-player game": two players never shoot the moon
    r = pal(players=[{"pile": ["KH"]}, {"pile": []}], shoot_the_moon=True)
    assert r["winners"] == [0] and "Shoot the Moon is for three or more players: not applied" in r["explanation"]


def test_final_score_anti_math_geek():
    # Ann: pile K♥ 5♣ = 18, fighters Q♣ J♦ 10♥ = 12 + 11 + 10 = 33 → 51 in 5 cards;
    # Bea: pile Q♦ 9♠ = 21, fighters A♦ 2♥ 3♣ = 1 + 2 + 3 = 6 → 27 in 5 cards: Ann wins
    players = [{"name": "Ann", "pile": ["KH", "5C"], "fighters": ["QC", "JD", "10H"]},
               {"name": "Bea", "pile": ["QD", "9S"], "fighters": ["AD", "2H", "3C"]}]
    r = pal(players=players, anti_math_geek=True)
    assert r["winners"] == [0]
    assert [(e["points"], e["cards"]) for e in r["ranking"]] == [(51, 5), (27, 5)]
    # without it: 18 against 21, Bea wins
    assert pal(players=players)["winners"] == [1]
    # the added fighters are not fights won: Cy (empty pile) still shoots the moon
    r = pal(players=[*players, {"name": "Cy", "pile": [], "fighters": ["KS", "KD", "KC"]}], anti_math_geek=True,
            shoot_the_moon=True, decks=2)
    assert r["moon"] == 2


def test_final_score_the_tracker_scores_with_the_same_function():
    from card_companion.calculators.peace_and_love import final_score
    from card_companion.companion.peace_and_love import endings
    assert "final_score" in endings.outcome.__code__.co_names  # one rule, one place
    # the calculator itself: 20/2 against 20/3 → the second player (most cards)
    assert final_score([(20, 2), (20, 3)], [False, False], ["Ann", "Bea"]).winners == (1,)


def test_final_score_bad_input():
    assert "a count alone does not score" in pal(players=[{"cards": 3}, {"pile": ["KH"]}])["error"]
    # 2 cards are worth 2 to 26 points
    assert "2 cards cannot be worth 50 points" in pal(players=[{"points": 50, "cards": 2}, {"pile": []}])["error"]
    assert "holds only one" in pal(players=[{"pile": ["KH"]}, {"pile": ["KH"]}])["error"]
    assert "give \"fighters\"" in pal(players=[{"pile": ["KH"]}, {"pile": []}], anti_math_geek=True)["error"]
    assert "at least 2 items" in pal(players=[{"pile": ["KH"]}])["error"]


# --- CardPeeGee: super-powers ------------------------------------------------------------------


def test_super_powers_the_texts_example_stack():
    # Q♥ K♠ 7♣ 4♦ (the text): K♠ forces a heart Character onto the Hero's side (hearts are weak
    # against spades); Q♥ forces a player with an active heart onto the Bosses' side, but a heart
    # Character is already the Hero's Ally. Queen HP 10, Attack 10 + 7 = 17, Deal 3 + 1 (K♠) = 4;
    # King HP 10 + 10 (Q♥) = 20, Attack 17, Deal 3; no Jack: no bonus.
    r = cpg(ask="super-powers", stack=["QH", "KS", "7C", "4D"], hero=0, packs=2, players=[
        {"name": "Ann", "character": "KD"},
        {"name": "Bea", "character": "KH"},
        {"name": "Cy", "character": "KC", "active": ["AH"]},
        {"name": "Di", "character": "QH", "active": ["AH"]},
        {"name": "Ed", "character": "QC"}])
    assert [(p["name"], p["side"], p["forced"], p["by"]) for p in r["players"]] == [
        ("Ann", "hero", False, None), ("Bea", "hero", True, "KS"), ("Cy", "bosses", True, "QH"),
        ("Di", "hero", True, "KS"), ("Ed", None, False, None)]
    assert r["attack_bonus"] == 0 and r["jacks"] == []
    assert r["bosses"] == [{"card": "QH", "hp": 10, "attack": 17, "deal": 4},
                           {"card": "KS", "hp": 20, "attack": 17, "deal": 3}]


def test_super_powers_jacks_and_a_diamond_king():
    # J♣ J♠ Q♥ K♦: each Jack +2 Attack for every Boss → +4.
    # J♣: props J♠ Q♥ K♦: HP 10 + 10 = 20; Attack 10 + 0 clubs + 4 = 14; Deal 3 + 1 (J♠) = 4
    # J♠: HP 20; Attack 10 + 10 (J♣) + 4 = 24; Deal 3
    # Q♥: HP 10; Attack 10 + 10 + 4 = 24; Deal 3 + 1 = 4
    # K♦: HP 10 + 10 = 20; Attack 24; Deal 4
    # K♦ (diamonds strong against clubs) forces Bea's club Character; Cy's spade Character is free
    r = cpg(ask="super-powers", stack=["JC", "JS", "QH", "KD"], hero=1, players=[
        {"name": "Ann", "character": "KS"}, {"name": "Bea", "character": "QC"}, {"name": "Cy", "character": "KC"}])
    assert r["attack_bonus"] == 4 and r["jacks"] == ["JC", "JS"]
    assert [(b["hp"], b["attack"], b["deal"]) for b in r["bosses"]] == [(20, 14, 4), (20, 24, 3), (10, 24, 4),
                                                                        (20, 24, 4)]
    # Bea is the Hero (never forced); Cy's K♣ is a club: K♦ forces Cy; Ann (spades) is free
    assert [p["side"] for p in r["players"]] == [None, "hero", "hero"]
    assert r["players"][2]["by"] == "KD"


def test_super_powers_bad_input():
    players = [{"character": "KS"}, {"character": "QC"}]
    assert "the Hero is one of the players: 0 to 1" in cpg(ask="super-powers", stack=["QH"], players=players,
                                                           hero=2)["error"]
    assert "at least one face card" in cpg(ask="super-powers", stack=["7C"], players=players)["error"]
    assert "a Joker cannot be a Character" in cpg(ask="super-powers", stack=["QH"],
                                                  players=[{"character": "JOKER"}])["error"]


# --- CardPeeGee: combat-round with many fighters ---------------------------------------------------


COMBAT = {"ask": "combat-round", "critical_strikes": False, "fighters": [
    {"attack": 11, "element": "C", "drawn": ["7H", "6S"]}, {"attack": 7, "element": "D", "drawn": ["10C"]}]}


def test_combat_round_two_fighters_answer_exactly_as_before():
    # the text's example: 11 + 13 = 24 against 7 + 10 = 17, boosted 17 + 3.4 → 21; 11 − 2.2 → 9
    r = cpg(**COMBAT)
    assert set(r) == {"explanation", "scores", "winner", "hp_loss"}
    assert (r["scores"], r["winner"], r["hp_loss"]) == ([24, 21], 0, [0, 9])
    assert r["explanation"][0] == "Fighter 1: Attack 11 + score cards 7♥ 6♠ (13) = 24"


def test_combat_round_a_hero_and_an_ally_against_a_monster():
    # Ann 14 + (7 + 3 + 2) = 26; Bea 10 + (11 + 2 + 10) = 33; the Monster 9 + (5 + 4 + 6) = 24.
    # "compared against all their opponents": Ann beats it (−14), Bea beats it (−10): 24 HP
    r = cpg(ask="combat-round", fighters=[
        {"name": "Ann", "side": 0, "attack": 14, "deal": 3, "drawn": ["7H", "3C", "2D"]},
        {"name": "Bea", "side": 0, "attack": 10, "deal": 3, "drawn": ["AH", "2S", "KC"]},
        {"name": "the Monster", "side": 1, "attack": 9, "deal": 3, "drawn": ["5D", "4S", "6H"]}])
    assert r["scores"] == r["raw_scores"] == [26, 33, 24]
    assert r["hp_loss"] == [0, 0, 24] and r["winner"] is None
    assert [(c["fighters"], c["winner"], c["damage"]) for c in r["clashes"]] == [([0, 2], 0, 14), ([1, 2], 1, 10)]


def test_combat_round_two_against_two_bosses():
    # "every combatant deals damage to ALL opponents that have a combined score lower than theirs":
    # Ann 10 + 20 = 30, Bea 10 + 5 = 15, Q♥ 17 + 8 = 25, K♠ 17 + 15 = 32.
    # Ann–Q♥ 30 > 25: Q♥ −10; Ann–K♠ 30 < 32: Ann −17; Bea–Q♥: Bea −17; Bea–K♠: Bea −17
    r = cpg(ask="combat-round", boss_battle=True, fighters=[
        {"name": "Ann", "side": 0, "attack": 10, "drawn": 20}, {"name": "Bea", "side": 0, "attack": 10, "drawn": 5},
        {"name": "Q♥", "side": 1, "attack": 17, "drawn": 8}, {"name": "K♠", "side": 1, "attack": 17, "drawn": 15}])
    assert r["hp_loss"] == [17, 34, 10, 0]


def test_combat_round_elements_pair_by_pair():
    # Ann (diamonds) 10 + 10 = 20 against the Monster (clubs) 9 + 13 = 22: diamonds are strong
    # against clubs, 20 + 4 = 24 > 22, the Monster −10. Bea (hearts, neutral to clubs) 10 + 13 = 23
    # > 22: the Monster −10. 20 HP in all.
    r = cpg(ask="combat-round", fighters=[
        {"name": "Ann", "side": 0, "attack": 10, "element": "D", "drawn": 10},
        {"name": "Bea", "side": 0, "attack": 10, "element": "H", "drawn": 13},
        {"name": "the Monster", "side": 1, "attack": 9, "element": "C", "drawn": 13}])
    assert r["raw_scores"] == [20, 23, 22]
    assert [c["scores"] for c in r["clashes"]] == [[24, 22], [23, 22]]
    assert r["hp_loss"] == [0, 0, 20]


def test_combat_round_fleeing():
    # alone against a Monster: Deal 3 − 2 = 1; 10 + 9 = 19 beats 8 + 7 = 15, but a fleeing winner
    # deals no damage
    r = cpg(ask="combat-round", fighters=[{"attack": 10, "deal": 3, "drawn": ["9H"], "fleeing": True},
                                         {"attack": 8, "drawn": 7}])
    assert r["deals"] == [1, None] and r["winner"] == 0 and r["hp_loss"] == [0, 0]
    # Bea (an Ally) stays: Ann's Deal 3 − 1 = 2; Ann 10 + 4 = 14 loses to 8 + 7 = 15: −8 "as normal"
    r = cpg(ask="combat-round", fighters=[
        {"name": "Ann", "side": 0, "attack": 10, "deal": 3, "drawn": ["2H", "2S"], "fleeing": True},
        {"name": "Bea", "side": 0, "attack": 10, "deal": 3, "drawn": 0},
        {"name": "M", "side": 1, "attack": 8, "drawn": 7}])
    assert r["deals"] == [2, 3, None] and r["hp_loss"] == [8, 8, 0]
    # PvP: the opponent is a player who stays, so −1; as a Monster it would be −2
    pvp = [{"side": 0, "attack": 10, "deal": 3, "drawn": 9, "fleeing": True}, {"side": 1, "attack": 10, "drawn": 9}]
    assert cpg(ask="combat-round", fighters=[pvp[0], {**pvp[1], "player": True}])["deals"][0] == 2
    assert cpg(ask="combat-round", fighters=pvp)["deals"][0] == 1
    # the second of two to flee: no other player stays, −2 each
    r = cpg(ask="combat-round", fighters=[
        {"side": 0, "attack": 10, "deal": 3, "drawn": 0, "fleeing": True},
        {"side": 0, "attack": 10, "deal": 3, "drawn": 0, "fleeing": True}, {"side": 1, "attack": 5, "drawn": 0}])
    assert r["deals"] == [1, 1, None]


def test_combat_round_who_dies_or_escapes():
    # Ann 14 + 12 = 26 beats the Monster 9 + 15 = 24: 14 − 14 = 0 HP, dead ("reduced to/below zero");
    # Bea flees (Ann stays: Deal 3 − 1 = 2): 10 + 3 = 13 loses to 24, 19 − 9 = 10 HP, "if they survive,
    # they escape"; Ann untouched
    r = cpg(ask="combat-round", fighters=[
        {"name": "Ann", "side": 0, "attack": 14, "hp": 20, "drawn": 12},
        {"name": "Bea", "side": 0, "attack": 10, "hp": 19, "deal": 3, "drawn": 3, "fleeing": True},
        {"name": "the Monster", "side": 1, "attack": 9, "hp": 14, "drawn": 15}])
    assert (r["hp_after"], r["out"]) == ([20, 10, 0], ["", "fled", "dead"])
    # a fleeing player who does not survive is dead, not escaped: 9 − 9 = 0
    r = cpg(ask="combat-round", fighters=[
        {"name": "Bea", "side": 0, "attack": 10, "hp": 9, "deal": 3, "drawn": 3, "fleeing": True},
        {"name": "the Monster", "side": 1, "attack": 9, "drawn": 15}])
    assert (r["hp_after"], r["out"]) == ([0, None], ["dead", None])


def test_combat_round_heal_and_defend():
    # Ann defends: 10 + 12 = 22 beats 8 + 7 = 15 but deals nothing; losing, she takes damage as normal
    r = cpg(ask="combat-round", fighters=[{"attack": 10, "drawn": 12, "defending": True}, {"attack": 8, "drawn": 7}])
    assert r["winner"] == 0 and r["hp_loss"] == [0, 0]
    r = cpg(ask="combat-round", fighters=[{"attack": 10, "drawn": 2, "defending": True}, {"attack": 8, "drawn": 7}])
    assert r["winner"] == 1 and r["hp_loss"] == [8, 0]


def test_combat_round_answers_as_the_tracker_resolves_a_round():
    # the tracker's own worked fight (tests/cardpeegee/test_tracker.py, elements, allies, fleeing,
    # heal and defend, critical strikes): each round entered at the table and as the ask
    from card_companion.companion.registry import game
    from card_companion.companion.session import Session
    g = game("cardpeegee")
    s = Session.start(g, g.make_setup(["Ann", "Bea", "Cy"], {
        "elements": True, "cry_for_help": True, "run_away": True, "heal_and_defend": True,
        "critical_strikes": True}))
    for p, character in ((0, "KC"), (1, "QD"), (2, "KH")):
        s = s.push(g.parse_action({"kind": "hero", "player": p, "character": character,
                                   "hp_cards": ["10C", "10D", "10H"]}))
    s = s.push(g.parse_action({"kind": "encounter", "agitator": "8C", "props": ["6H", "2S"]}))
    s = s.push(g.parse_action({"kind": "join", "player": 1}))

    def both(scores, before=()):
        nonlocal s
        for step in before:
            s = s.push(g.parse_action(step))
        battle = s.state.encounter.battle
        live = [battle.fighters[i] for i in battle.live()]
        request = {"ask": "combat-round", "critical_strikes": True, "fighters": [
            {"name": f.name, "side": f.side, "player": f.player is not None, "attack": f.attack, "deal": f.deal,
             "element": f.element.value if f.element else None, "drawn": d, "fleeing": f.fleeing,
             "defending": f.defending} for f, d in zip(live, scores)]}
        s = s.push(g.parse_action({"kind": "round", "scores": scores}))
        return cpg(**request), s.state.encounter.battle.last if s.state.encounter else None

    # round 1: Ann 22 beats the Monster 18 (−10); Bea 15 → 18 (diamonds over clubs) ties it
    r, last = both([12, 10, 5])
    assert r["hp_loss"] == list(last.hp_loss) == [0, 10, 0]
    # round 2: Bea heals and defends, Ann flees (Bea stays: Deal 3 − 1 = 2): both win, no damage
    r, last = both([["9H", "9S"], 4, 20], [{"kind": "heal-and-defend", "player": 1, "card": "5H"},
                                           {"kind": "flee", "player": 0}])
    assert r["deals"] == [2, 4, 3] and r["hp_loss"] == list(last.hp_loss) == [0, 0, 0]
    # round 3, the Monster first: Bea 20 → 24 against 8: 24 ≥ 2 × 8, double damage 10 × 2 = 20
    r, _ = both([0, 10])
    assert r["hp_loss"] == [20, 0] and r["clashes"][0]["critical"] == "×2"


@pytest.mark.parametrize("fighters, extra, says", [
    ([{"attack": 9, "drawn": 3}, {"attack": 9, "drawn": 3}, {"attack": 9, "drawn": 3}], {},
     "give every fighter's side"),
    ([{"side": 0, "attack": 9, "drawn": 3}, {"side": 0, "attack": 9, "drawn": 3}], {}, "a fighter on each side"),
    ([{"attack": 9, "drawn": 3}, {"attack": 9, "drawn": 3, "fleeing": True}], {}, "only players can flee"),
    ([{"attack": 9, "deal": 3, "drawn": 3, "fleeing": True}, {"attack": 9, "drawn": 3}], {"boss_battle": True},
     "a Boss Battle may not be escaped"),
    ([{"attack": 9, "drawn": 3, "fleeing": True}, {"attack": 9, "drawn": 3}], {}, "give their Deal"),
    ([{"attack": 9, "deal": 2, "drawn": ["2H"]}, {"attack": 9, "drawn": 3}], {}, "draws 2 score cards (Deal 2), not 1"),
    ([{"attack": 9, "deal": 2, "drawn": 23}, {"attack": 9, "drawn": 3}], {}, "cannot be worth 23"),
])
def test_combat_round_bad_input(fighters, extra, says):
    assert says in cpg(ask="combat-round", fighters=fighters, **extra)["error"]


# --- CardPeeGee: trap with active cards and crafty evasion ---------------------------------------------


TRAP = {"ask": "trap", "agitator": "7S", "props": ["3D", "5H"]}
# difficulty 7 + half of 3 (1.5 → 2) = 9; damage 7 + half of 5 (2.5 → 3) = 10


def test_trap_as_before():
    r = cpg(**TRAP, evasion=["9C", "2H"])
    assert set(r) == {"explanation", "difficulty", "damage", "evasion", "hp_loss"}
    assert (r["difficulty"], r["damage"], r["hp_loss"]) == (9, 10, 6)  # 11 beats 9 by 2: 10 − 4


def test_trap_active_cards_set_the_draw():
    # one active card: 1 + 1 = 2 evasion cards; 9 + 2 = 11 → 10 − 2 × 2 = 6
    r = cpg(**TRAP, evasion=["9C", "2H"], active=["AS"])
    assert (r["draw"], r["evaded"], r["hp_loss"]) == (2, True, 6)
    # as a count: two active cards, three cards drawn: 9 + 2 + 3 = 14 → 10 − 2 × 5 = 0
    assert cpg(**TRAP, evasion=["9C", "2H", "3C"], active=2)["hp_loss"] == 0
    # a total: two cards worth 9 (a tie with the difficulty): full damage 10
    r = cpg(**TRAP, evasion=9, active=1)
    assert (r["evaded"], r["hp_loss"]) == (False, 10)


def test_trap_crafty_evasion():
    # 9 + 2 = 11 → 6 damage; 4♠ played: 6 − 4 = 2
    r = cpg(**TRAP, evasion=["9C", "2H"], crafty=["4S"])
    assert (r["crafty"], r["hp_loss"]) == (4, 2)
    # the spade element: 4 + 20 % (0.8 → 1) = 5 → 6 − 5 = 1
    assert cpg(**TRAP, evasion=["9C", "2H"], crafty=["4S"], element="S")["hp_loss"] == 1
    # A♠ active (one active card: 2 evasion cards 9 + 4 = 13 → 10 − 8 = 2); 2♠ + half (1) = 3 → 0, never below
    r = cpg(**TRAP, evasion=["9C", "4H"], active=["AS"], crafty=["2S"])
    assert (r["crafty"], r["hp_loss"]) == (3, 0)
    # J♦ active converts 6♦ to a spade: 6 − 2 = 4 → 6 − 4 = 2
    r = cpg(**TRAP, evasion=["9C", "2H"], active=["JD"], crafty=["6D"], **{"as": {"6D": "S"}})
    assert (r["crafty"], r["hp_loss"]) == (4, 2)


@pytest.mark.parametrize("change, says", [
    ({"evasion": []}, "the evasion draw is at least one card"),
    ({"evasion": ["9C", "2H"], "active": 2}, "the Hero draws 3 cards (one plus one per active card), not 2"),
    ({"evasion": 23, "active": 1}, "the Hero's 2 cards cannot be worth 23"),
    ({"evasion": 9, "crafty": ["4S"]}, "crafty evasion needs a successful evasion first"),
    ({"evasion": 12, "crafty": ["4H"]}, "4♥ counts as a heart: crafty evasion takes only spades"),
    ({"evasion": 12, "active": ["5S"]}, "only Jacks and Aces can be active"),
])
def test_trap_bad_input(change, says):
    assert says in cpg(**{**TRAP, **change})["error"]


def test_trap_the_tracker_and_the_ask_count_the_draw_alike():
    from card_companion.calculators.cardpeegee import evasion_draw
    assert evasion_draw(0) == 1 and evasion_draw(3) == 4  # "one card ... plus an extra one for every card active"


# --- CardPeeGee: healer ------------------------------------------------------------------------------


def test_healer_jailors_stats():
    # 9♥ with 4♣ 10♣: heal 9 + half of 14 = 16; jailors at base values: 4/4/3 and 10/10/3
    r = cpg(ask="healer", agitator="9H", props=["4C", "10C"])
    assert r["heal"] == 16
    assert [(j["card"], j["hp"], j["attack"], j["deal"], j["element"]) for j in r["jailor_stats"]] == [
        ("4C", 4, 4, 3, "C"), ("10C", 10, 10, 3, "C")]
    assert "paid" not in r
    assert cpg(ask="healer", agitator="9H", props=["4C"], elements=False)["jailor_stats"][0]["element"] is None


def test_healer_fee_paid():
    # 6♥ with 7♣ 5♦: heal 6 + half of 12 = 12; fee 5. Cards of any suit: 3♣ + 2♠ = 5 ≥ 5, paid
    r = cpg(ask="healer", agitator="6H", props=["7C", "5D"], paid=["3C", "2S"])
    assert (r["paid"], r["fee_covered"]) == (5, True)
    # 4♦ = 4 < 5: not paid
    r = cpg(ask="healer", agitator="6H", props=["7C", "5D"], paid=["4D"])
    assert (r["paid"], r["fee_covered"]) == (4, False)
    assert "the cards are worth 4: the fee is 5" in r["explanation"]
    # 3♦ with A♦ active: 3 + half of 3 (1.5 → 2) = 5: paid
    assert cpg(ask="healer", agitator="6H", props=["7C", "5D"], paid=["3D"], active=["AD"])["fee_covered"] is True


def test_healer_gratitude():
    # a club and a diamond prop: the diamond is a reward, not a fee; heal 6 + half of 7 + 5 + 3 = 15 (7.5 → 8) = 14
    r = cpg(ask="healer", agitator="6H", props=["7C", "5D", "3H"], gratitude=True, paid=["2C"])
    assert (r["heal"], r["fee"], r["reward"], r["potions"], r["fee_covered"]) == (14, 0, ["5D"], ["3H"], True)


def test_healer_bad_input():
    assert "give the cards played for the fee" in cpg(ask="healer", agitator="6H", props=["5D"], paid=[])["error"]
    assert "a Joker does nothing" in cpg(ask="healer", agitator="6H", props=["5D"], paid=["JOKER"])["error"]


# --- CardPeeGee: disarm from the spades played ------------------------------------------------------------


def test_disarm_as_before():
    r = cpg(ask="disarm", trap="9S", disarm_score=7, hero_draw=4, trap_draw=1)  # 11 against 10
    assert set(r) == {"explanation", "result", "hp_loss"} and r["result"] == "disarmed"


def test_disarm_from_spades():
    # 5♠ + 7♠ = 12 with A♠ active: + half of 12 = 6 → 18 (the text's Ace example, in spades);
    # the Hero's 2♥ 2 → 20 against 9 + 3 = 12: disarmed
    r = cpg(ask="disarm", trap="9S", spades=["5S", "7S"], active=["AS"], hero_draw="2H", trap_draw=3)
    assert (r["disarm_score"], r["result"]) == (18, "disarmed")
    # J♦ converts 7♦ to a spade: 7 − 2 = 5; 5 + 5 = 10, A♠: + 5 = 15
    r = cpg(ask="disarm", trap="9S", spades=["5S", "7D"], active=["AS", "JD"], hero_draw=0, trap_draw=0,
            **{"as": {"7D": "S"}})
    assert r["disarm_score"] == 15
    # 2♠ alone: 2 + 3 = 5 against 9 + 4 = 13: triggered, the Hero loses the trap's 9
    r = cpg(ask="disarm", trap="9S", spades=["2S"], hero_draw=3, trap_draw=4)
    assert (r["disarm_score"], r["result"], r["hp_loss"]) == (2, "triggered", 9)
    # the spade element: 5 + 20 % (1) = 6; A♥ (11) as the Hero's card: 17 against 9 + 8 = 17: a tie
    r = cpg(ask="disarm", trap="9S", spades=["5S"], element="S", hero_draw="AH", trap_draw="8D")
    assert (r["disarm_score"], r["result"]) == (6, "tie")
    # nothing played yet: the disarm score is 0
    assert cpg(ask="disarm", trap="9S", spades=[], hero_draw=10, trap_draw=0)["result"] == "disarmed"


@pytest.mark.parametrize("change, says", [
    ({"disarm_score": 3, "spades": ["5S"]}, "not both"),
    ({}, "give the disarm score, or the spades"),
    ({"spades": ["5H"]}, "5♥ counts as a heart: disarming takes only spades"),
    ({"spades": ["9S"]}, "9♠ is entered 2 times"),
])
def test_disarm_bad_input(change, says):
    assert says in cpg(ask="disarm", trap="9S", hero_draw=3, trap_draw=4, **change)["error"]


# --- CardPeeGee: town ------------------------------------------------------------------------------------


def test_town_levy_as_before():
    r = cpg(ask="town", held=3)
    assert set(r) == {"explanation", "levy"} and r["levy"] == "charity"


def test_town_shopping():
    # the text: "trade in the 9 of diamonds, you will receive 1 new card" (8 diamonds, 1 lost)
    r = cpg(ask="town", shop=["9D"])
    assert (r["diamonds"], r["bought"], r["lost"]) == (9, 1, 1) and "levy" not in r
    # "the 7, the 6, and the 5, totalling 18 diamonds, you will receive 2 new cards (costing 16)"
    assert (cpg(ask="town", shop=["7D", "6D", "5D"])["bought"], cpg(ask="town", shop=["7D", "6D", "5D"])["lost"]) \
        == (2, 2)
    # A♦ active: 18 + 9 = 27 → 3 cards, 3 lost
    r = cpg(ask="town", shop=["7D", "6D", "5D"], active=["AD"])
    assert (r["diamonds"], r["bought"], r["lost"]) == (27, 3, 3)
    # "new cards cost 6 diamonds": 18 → 3 cards, none lost
    assert cpg(ask="town", shop=["7D", "6D", "5D"], price=6)["bought"] == 3
    # J♣ converts 10♣ to a diamond: 10 − 2 = 8 → 1 card
    assert cpg(ask="town", shop=["10C"], active=["JC"], **{"as": {"10C": "D"}})["bought"] == 1
    # 5 diamonds buy nothing
    assert cpg(ask="town", shop=["5D"])["bought"] == 0


def test_town_potions():
    # 9♥ + 4♥ = 13 HP; A♥: + half of 13 (6.5 → 7) = 20; the heart element: + 20 % (2.6 → 3) = 16;
    # both: + 70 % (9.1 → 10) = 23
    assert cpg(ask="town", heal=["9H", "4H"])["healed"] == 13
    assert cpg(ask="town", heal=["9H", "4H"], active=["AH"])["healed"] == 20
    assert cpg(ask="town", heal=["9H", "4H"], element="H")["healed"] == 16
    assert cpg(ask="town", heal=["9H", "4H"], active=["AH"], element="H")["healed"] == 23
    # all at once: 5 cards (no levy), 9♦ for a card, 9♥ for 9 HP
    r = cpg(ask="town", held=5, shop=["9D"], heal=["9H"])
    assert (r["levy"], r["bought"], r["healed"]) == (None, 1, 9)


@pytest.mark.parametrize("change, says", [
    ({}, "ask about charity and tax"),
    ({"shop": ["9H"]}, "9♥ counts as a heart: shopping takes only diamonds"),
    ({"heal": ["9D"]}, "9♦ counts as a diamond: healing takes only hearts"),
    ({"shop": ["9D"], "heal": ["9D"]}, "9♦ is entered 2 times"),
    ({"shop": []}, "give the diamonds played"),
])
def test_town_bad_input(change, says):
    assert says in cpg(ask="town", **change)["error"]
