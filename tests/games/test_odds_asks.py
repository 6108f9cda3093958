"""Exact odds where one card is unknown, counted by hand below, checked
against the fight/battle asks by a seeded Monte Carlo, and by properties."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import Deck
from card_companion.companion.protocol import resolve_line


def ask(request: dict) -> dict:
    return json.loads(resolve_line(json.dumps(request)))


def stratego(**more) -> dict:
    return ask({"game": "card-stratego", "ask": "attack-odds", **more})


def test_stratego_a_known_attacker_against_face_down_cards():
    # 7♠ attacks: 2♥ → 7 > 2, the attacker wins; 9♥ → 9 > 7, the defender wins; A♥ → a Bomb
    # defending destroys any attacker but a Scout: the defender wins; J♥ never stands there.
    r = stratego(attacker="7S", unknown=["2H", "9H", "AH", "JH"])
    assert (r["attacker_wins"], r["defender_wins"], r["both_destroyed"], r["counted"]) == (1 / 3, 2 / 3, 0, 3)
    assert "1 Jack or Joker left out" in r["explanation"][0]


def test_stratego_a_known_defender_attacked_by_a_face_down_card():
    # K♦ defends: Q♠ → a Queen beats a King: attacker; 3♣ → a King loses to odd cards: attacker;
    # 4♣ → a King beats even cards: defender; K♣ → equal ranks: both destroyed. 2/4, 1/4, 1/4
    r = stratego(defender="KD", unknown=["QS", "3C", "4C", "KC"])
    assert (r["attacker_wins"], r["defender_wins"], r["both_destroyed"]) == (0.5, 0.25, 0.25)


def test_stratego_a_bomb_defender_against_no_scout_is_certain():
    r = stratego(defender="AS", unknown=["5H", "9C", "KD", "QH", "10S"])
    assert r["defender_wins"] == 1.0
    # a Scout among them: 2♥ destroys the Bomb, 1 of 6
    assert stratego(defender="AS", unknown=["5H", "9C", "KD", "QH", "10S", "2H"])["attacker_wins"] == 1 / 6


def test_stratego_bad_requests():
    assert "Jack" in stratego(defender="JS", unknown=["5H"])["error"]
    assert "at least 1" in stratego(attacker="7S", unknown=[])["error"]
    assert "none of the unknown cards can stand" in stratego(attacker="7S", unknown=["JH", "JOKER"])["error"]
    assert "not both or neither" in stratego(attacker="7S", defender="5H", unknown=["2H"])["error"]
    assert "entered 2 times" in stratego(attacker="7S", unknown=["2H", "2H"])["error"]


PAL = {"game": "peace-and-love", "ask": "fight-odds", "players": 2, "attacker": 0, "defender": 1,
       "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S"}]}


def test_peace_and_love_one_card_unknown():
    # Ann's 9♥ with 7♥: a trump, 9 − 7 = 2. Bea's 5♠ with the unknown card:
    #   2♣: 5 − 2 = 3, one trump → the lowest wins: Ann's 2 → Bea's 5♠ loses
    #   4♠: a trump too, 5 − 4 = 1, two trumps → the highest wins: Ann's 2 → Bea loses
    #   4♦: 1, one trump → lowest: Bea's 1 → Ann's 9♥ loses
    #   K♦: 5 − 13 = −8, one trump → lowest: Bea → Ann loses
    #   6♥: 5 − 6 = −1, one trump → lowest: Bea → Ann loses
    r = ask({**PAL, "unknown": ["2C", "4S", "4D", "KD", "6H"]})
    assert r["loses"] == [3 / 5, 2 / 5] and r["counted"] == 5


def test_peace_and_love_bad_requests():
    two_unknown = {**PAL, "fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S"}]}
    assert "exactly one fighter's card is unknown" in ask({**two_unknown, "unknown": ["2C"]})["error"]
    assert "at least 1" in ask({**PAL, "unknown": []})["error"]
    assert "holds only one" in ask({**PAL, "unknown": ["9H"]})["error"]  # 9♥ is a fighter already


def tolerance(p: float, n: int) -> float:
    return 4 * math.sqrt(max(p * (1 - p), 1e-4) / n)  # four standard errors of a proportion


def test_both_asks_agree_with_a_seeded_monte_carlo_of_the_rulings():
    rng = random.Random(16)
    n = 1500
    unknown = [c for c in Deck().all_cards() if str(c) not in ("9H", "7H", "5S")]
    texts = [str(c) for c in unknown]
    exact = ask({**PAL, "unknown": texts})["loses"][0]
    ann_lost = 0
    for _ in range(n):  # draw the hidden card, resolve the round with the fight ask
        c = rng.choice(texts)
        r = ask({**{k: v for k, v in PAL.items() if k != "ask"}, "ask": "fight",
                 "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S", "card": c}]})
        ann_lost += r["loser"]["player"] == 0
    assert abs(ann_lost / n - exact) <= tolerance(exact, n)
    exact = stratego(attacker="8C", unknown=texts)["attacker_wins"]
    wins = 0
    for _ in range(n):
        c = rng.choice([t for t in texts if t[0] not in "J"])
        wins += ask({"game": "card-stratego", "ask": "battle", "attacker": "8C", "defender": c})["destroyed"] == [
            "defender"]
    assert abs(wins / n - exact) <= tolerance(exact, n)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_odds_sum_to_one(data):
    faces = [str(c) for c in Deck().all_cards()]
    unknown = data.draw(st.lists(st.sampled_from(faces), min_size=1, max_size=20, unique=True))
    known = data.draw(st.sampled_from([f for f in faces if f not in unknown and f[0] != "J"]))
    r = stratego(attacker=known, unknown=unknown)
    if "error" not in r:
        assert math.isclose(r["attacker_wins"] + r["defender_wins"] + r["both_destroyed"], 1.0, abs_tol=1e-9)
    rest = [f for f in faces if f not in unknown and f not in ("9H", "7H")]
    fighter = data.draw(st.sampled_from(rest))
    r = ask({**PAL, "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": fighter}],
             "unknown": unknown})
    assert "error" in r or math.isclose(sum(r["loses"]), 1.0, abs_tol=1e-9)


def test_the_hand_ranked_by_the_chance_each_card_does_not_lose():
    """On a player's own phone: each card of the hand entered privately, best first; each
    number is the fight-odds answer for that card (the card played leaves the unknown cards)."""
    from card_companion.calculators.cards import card, cards
    from card_companion.calculators.odds import best_cards
    from card_companion.calculators.peace_and_love import Entry, FightRound

    fight = FightRound(players=2, attacker=0, defender=1, fighters=[
        Entry(player=0, fighter=card("9H"), card=card("9H")), Entry(player=1, fighter=card("5S"), card=card("5S"))])
    unknown = cards("2C 4S 4D KD 6H")
    ranked = best_cards(fight, mine=0, hidden=1, hand=cards("7H 2D"), unknown=unknown)
    assert ranked[0][1] >= ranked[1][1]  # best first
    for c, p in ranked:
        r = ask({**PAL, "fighters": [{"player": 0, "fighter": "9H", "card": str(c)}, {"player": 1, "fighter": "5S"}],
                 "unknown": [str(u) for u in unknown if u != c]})
        assert math.isclose(p, 1 - r["loses"][0])
    # with 7♥ (the worked example above) Ann's 9♥ does not lose in 2 of 5
    assert dict(ranked)[card("7H")] == Fraction(2, 5)


def trap_odds(**more) -> dict:
    return ask({"game": "cardpeegee", "ask": "trap-odds", "agitator": "7S", "props": ["3D", "5H"], **more})


def test_trap_odds_counted_by_hand():
    # the text's trap: difficulty 7 + half of 3 (rounded up) = 9; damage 7 + half of 5 = 3 → 10.
    # One evasion card (no active cards) from 2♣, 10♥, A♠ (values 2, 10, 11):
    #   2 < 9 → full damage 10; 10 beats 9 by 1 → 10 − 2 = 8; 11 by 2 → 10 − 4 = 6
    r = trap_odds(deck=["2C", "10H", "AS"])
    assert r["hp_loss"] == {"6": 1 / 3, "8": 1 / 3, "10": 1 / 3} and r["expected_hp_loss"] == 8.0
    assert r["evaded"] == 2 / 3
    # one active card: two evasion cards from the same three: 2 + 10 = 12 → 10 − 6 = 4;
    # 2 + 11 = 13 → 2; 10 + 11 = 21 → 10 − 24 < 0 → 0 (traps don't heal). Each 1 of 3.
    r = trap_odds(deck=["2C", "10H", "AS"], active=1)
    assert r["hp_loss"] == {"0": 1 / 3, "2": 1 / 3, "4": 1 / 3} and math.isclose(r["expected_hp_loss"], 2.0)


def test_trap_odds_agree_with_a_seeded_monte_carlo_of_the_trap_ask():
    rng = random.Random(11)
    deck = [str(c) for c in Deck().all_cards() if str(c) not in ("7S", "3D", "5H")][:30]
    exact = trap_odds(deck=deck, active=2)["expected_hp_loss"]
    n, lost = 1500, 0
    for _ in range(n):
        drawn = rng.sample(deck, 3)
        lost += ask({"game": "cardpeegee", "ask": "trap", "agitator": "7S", "props": ["3D", "5H"],
                     "evasion": drawn})["hp_loss"]
    # HP lost lies in 0..10: a standard error of at most 5 / sqrt(n)
    assert abs(lost / n - exact) <= 4 * 5 / math.sqrt(n)


def test_trap_odds_bad_requests():
    assert "agitator is a spade" in trap_odds(agitator="7C", deck=["2C"])["error"]
    assert "takes 3 cards but only 2 are unknown" in trap_odds(deck=["2C", "3C"], active=2)["error"]
    assert "7♠ is entered 2 times" in trap_odds(deck=["7S"])["error"]
