"""The advisor's exact odds: small cases counted by hand, agreement with the existing asks,
seeded Monte Carlo checks (tolerance from the sample size) and hypothesis properties."""

from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.calculators.cardpeegee import Contender, RuleError, deck_for, duel, value
from card_companion.calculators.cards import Card, Rank, Suit, cards
from card_companion.calculators.odds import draw_totals, stratego_attack_odds
from card_companion.calculators.odds.cardpeegee import OddsFighter, disarm_odds, fight_odds, round_odds
from card_companion.calculators.odds.draws import joint
from card_companion.companion.protocol import ProtocolError, resolve, resolve_line

C = Card.parse
TWO_PACKS = deck_for(8).all_cards()  # 104 cards


# --- counted by hand ----------------------------------------------------------------------


def test_joint_by_hand() -> None:
    # pool 2, 2, 5 (values); A draws 1, B draws 1: ordered pairs of different cards = 3 × 2 = 6:
    # (2a,2b) (2b,2a) → (2,2) twice; (2,5) twice; (5,2) twice
    table, total = joint({2: 2, 5: 1}, 1, 1)
    assert total == 6
    assert table == {(2, 2): 2, (2, 5): 2, (5, 2): 2}
    # one fighter alone, 2 of 2, 2, 5: {2,2}=4 once, {2,5}=7 twice (C(3,2) = 3): the marginal of the joint
    assert draw_totals([2, 2, 5], 2) == {4: 1, 7: 2}
    assert joint({2: 2, 5: 1}, 2, 0) == ({(4, 0): 1, (7, 0): 2}, 3)


def test_joint_matches_listing_every_draw() -> None:
    # the packed count against listing every ordered draw of distinct physical cards
    rng = random.Random(7)
    for _ in range(25):
        values = [rng.choice([0, 2, 3, 7, 10, 11]) for _ in range(rng.randint(2, 7))]
        n_a = rng.randint(0, min(3, len(values)))
        n_b = rng.randint(0, min(3, len(values) - n_a))
        listed: dict[tuple[int, int], int] = {}
        for a in itertools.combinations(range(len(values)), n_a):
            rest = [i for i in range(len(values)) if i not in a]
            for b in itertools.combinations(rest, n_b):
                key = (sum(values[i] for i in a), sum(values[i] for i in b))
                listed[key] = listed.get(key, 0) + 1
        pool: dict[int, int] = {}
        for v in values:
            pool[v] = pool.get(v, 0) + 1
        table, total = joint(pool, n_a, n_b)
        assert table == listed and total == sum(listed.values())


def test_round_and_fight_by_hand() -> None:
    # Hero Attack 5 Deal 1 (5 HP) against a Monster Attack 4 Deal 1 (5 HP), score cards from
    # 2♥ 3♥ 4♥: 6 ordered pairs (hero card, monster card). Hero 5+h against 4+m:
    # (2,3) 7-7 tie, (2,4) 7-8 monster, (3,2) 8-6 hero, (3,4) 8-8 tie, (4,2) 9-6 hero, (4,3) 9-7 hero
    # → hero 3/6, tie 2/6, monster 1/6.
    hero = OddsFighter(hp=5, attack=5, deal=1)
    mon = OddsFighter(name="the Monster", hp=5, attack=4, deal=1)
    f = fight_odds(hero, mon, cards("2H 3H 4H"))
    assert (f.round.hero, f.round.tie, f.round.monster) == (0.5, pytest.approx(1 / 3), pytest.approx(1 / 6))
    # ties change nothing: the rounds that count are hero 3/4, monster 1/4. The Hero's win
    # kills the Monster (5 damage ≥ 5 HP); the Monster's win leaves the Hero at 1 HP, then the
    # next counting round decides: V(5,5) = 3/4 + 1/4 × 3/4 = 15/16.
    assert f.hero == pytest.approx(15 / 16, abs=1e-12)
    # HP lost: 1/4 × (4 + E(1,5)), E(1,5) = 1/4 × 1 (the last HP) → 1/4 × 17/4 = 17/16
    assert f.expected_hero_hp_loss == pytest.approx(17 / 16, abs=1e-12)


def test_element_boost_and_critical_strikes_by_hand() -> None:
    # Hero diamonds (strong against the Monster's clubs), Attack 5, against Attack 4, cards 2 3 4:
    # hero score ⌈1.2 × (5+h)⌉ = 9, 10, 11 for h = 2, 3, 4; monster 4+m = 6, 7, 8: the Hero always wins.
    # Critical Strikes: (3,2) 10 vs 6, (4,2) 11 vs 6, (4,3) 11 vs 7 are ≥ 1.5× (×1.5: 5 → 8,
    # 7.5 rounded up), none ≥ 2×; (2,3) 9 vs 7, (2,4) 9 vs 8, (3,4) 10 vs 8 deal 5.
    hero = OddsFighter(hp=30, attack=5, deal=1, element=Suit.DIAMONDS)
    mon = OddsFighter(name="the Monster", hp=30, attack=4, deal=1, element=Suit.CLUBS)
    r = round_odds(hero, mon, cards("2H 3H 4H"), critical_strikes=True)
    assert r.hero == 1.0
    assert r.hero_damage == {5: 0.5, 8: 0.5}


def test_disarm_by_hand() -> None:
    # trap 9♠, disarm score 5, score cards 2 3 6: 6 ordered pairs (Hero, trap):
    # Hero 7, 8 never beat 11+; Hero 6 → 11 against 9+2 = 11 (tie) or 9+3 = 12 (triggered)
    d = disarm_odds(C("9S"), 5, cards("2H 3H 6H"))
    assert (d.disarmed, d.tie, d.triggered) == (0.0, pytest.approx(1 / 6), pytest.approx(5 / 6))
    assert d.expected_hp_loss == pytest.approx(9 * 5 / 6)


def test_hand_odds_by_hand() -> None:
    # Peace and Love on a player's own phone: 9♥ (the attacker's) against 5♠, whose card is 2♣
    # or 3♠. Play 7♥ (2, a trump): 2♣ → 1 trump, the lowest wins, 2 < 3: 9♥ wins; 3♠ → 2 trumps,
    # the highest wins, 2 = 2: a tie, the attacker wins. Play 9♣ (0): 2♣ → no trump, the highest
    # wins: 0 < 3 loses; 3♠ → 1 trump, the lowest wins: 0 < 2 wins. 7♥ 100 %, 9♣ 50 %.
    r = resolve({"game": "peace-and-love", "ask": "hand-odds", "players": 2, "attacker": 0, "defender": 1,
                 "player": 0, "hand": ["9C", "7H"], "unknown": ["2C", "3S"],
                 "fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S"}]})
    assert [(c["card"], c["wins"]) for c in r["cards"]] == [("7H", 1.0), ("9C", 0.5)]
    assert any("play 7♥: wins 100 %" in line for line in r["explanation"])


# --- agreement with the existing asks ------------------------------------------------------


def test_round_odds_agree_with_the_combat_round_ask() -> None:
    # every draw of a 6-card pool (Deal 1 against Deal 2) through the combat-round ask itself
    deck = cards("2S 5H 9D 10C AS KH")
    hero = {"attack": 9, "element": "S"}
    mon = {"attack": 11, "element": "H"}
    counts = {0: 0, None: 0, 1: 0}
    damage: dict[int, int] = {}
    n = 0
    for h in deck:
        rest = [c for c in deck if c is not h]
        for m in itertools.combinations(rest, 2):
            r = resolve({"game": "cardpeegee", "ask": "combat-round", "critical_strikes": True, "fighters": [
                {**hero, "drawn": [str(h)]}, {**mon, "drawn": [str(c) for c in m]}]})
            counts[r["winner"]] += 1
            if r["winner"] == 0:
                damage[r["hp_loss"][1]] = damage.get(r["hp_loss"][1], 0) + 1
            n += 1
    a = resolve({"game": "cardpeegee", "ask": "fight-odds", "critical_strikes": True, "deck": [str(c) for c in deck],
                 "hero": {"hp": 30, "deal": 1, **hero}, "monster": {"hp": 30, "deal": 2, **mon}})
    assert a["round"] == pytest.approx({"hero": counts[0] / n, "tie": counts[None] / n, "monster": counts[1] / n},
                                       abs=1e-12)
    assert a["round_damage"]["to_monster"] == pytest.approx({str(d): k / n for d, k in damage.items()}, abs=1e-12)


# --- seeded Monte Carlo --------------------------------------------------------------------


def _tolerance(p: float, n: int) -> float:
    """Five standard errors of a sampled frequency (a false alarm about once in 3.5 million),
    plus a floor for probabilities near 0 or 1."""
    return 5 * math.sqrt(max(p * (1 - p), 1 / n) / n)


def test_fight_odds_against_monte_carlo() -> None:
    rng = random.Random(2024)
    deck = rng.sample(TWO_PACKS, 70)
    hero = OddsFighter(hp=24, attack=12, deal=4, element=Suit.SPADES)
    mon = OddsFighter(name="the Monster", hp=22, attack=14, deal=5, element=Suit.CLUBS)
    exact = fight_odds(hero, mon, deck, critical_strikes=True)
    n_rounds, n_fights = 20_000, 2_000
    a = Contender(name="the Hero", attack=hero.attack, element=hero.element)
    b = Contender(name="the Monster", attack=mon.attack, element=mon.element)

    def one_round() -> tuple[int, int]:
        drawn = rng.sample(deck, hero.deal + mon.deal)
        d = duel(a.model_copy(update={"drawn": sum(value(c) for c in drawn[:hero.deal])}),
                 b.model_copy(update={"drawn": sum(value(c) for c in drawn[hero.deal:])}), True)
        return d.hp_loss

    won = tied = 0
    for _ in range(n_rounds):
        h_loss, m_loss = one_round()
        won += m_loss > 0
        tied += (h_loss, m_loss) == (0, 0)
    assert abs(won / n_rounds - exact.round.hero) < _tolerance(exact.round.hero, n_rounds)
    assert abs(tied / n_rounds - exact.round.tie) < _tolerance(exact.round.tie, n_rounds)
    stood = 0
    lost_hp = 0
    for _ in range(n_fights):
        h, m = hero.hp, mon.hp
        while h > 0 and m > 0:
            h_loss, m_loss = one_round()
            h, m = h - h_loss, m - m_loss
        stood += h > 0
        lost_hp += hero.hp - max(h, 0)
    assert abs(stood / n_fights - exact.hero) < _tolerance(exact.hero, n_fights)
    # HP lost lies in [0, 24]: a crude bound of 5 × 24 / 2 / √n on its standard error is enough
    assert abs(lost_hp / n_fights - exact.expected_hero_hp_loss) < 5 * 12 / math.sqrt(n_fights)


def test_disarm_against_monte_carlo() -> None:
    rng = random.Random(99)
    deck = rng.sample(TWO_PACKS, 50)
    n = 20_000
    d = disarm_odds(C("7S"), 6, deck)
    results = {"disarmed": 0, "tie": 0, "triggered": 0}
    for _ in range(n):
        h, t = rng.sample(deck, 2)
        hero, tr = 6 + value(h), 7 + value(t)
        results["disarmed" if hero > tr else "triggered" if tr > hero else "tie"] += 1
    for key in results:
        assert abs(results[key] / n - getattr(d, key)) < _tolerance(getattr(d, key), n)


# --- properties ----------------------------------------------------------------------------

fighters = st.builds(
    OddsFighter,
    hp=st.integers(1, 40), attack=st.integers(0, 30), deal=st.integers(0, 4),
    element=st.sampled_from([None, *Suit]))


@settings(max_examples=40, deadline=None)
@given(hero=fighters, mon=fighters, crit=st.booleans(), seed=st.integers(0, 10_000), size=st.integers(9, 40))
def test_probabilities_sum_to_one_and_a_played_ace_never_hurts(hero, mon, crit, seed, size) -> None:
    rng = random.Random(seed)
    deck = rng.sample([c for c in TWO_PACKS if c != C("AC")], size - 1) + [C("AC")]
    mon = mon.model_copy(update={"name": "the Monster"})
    r = round_odds(hero, mon, deck, crit)
    assert r.hero + r.tie + r.monster == pytest.approx(1, abs=1e-12)
    assert sum(r.hero_damage.values()) == pytest.approx(r.hero, abs=1e-12)
    if not any(d > 0 for d in (*r.hero_damage, *r.monster_damage)):
        with pytest.raises(RuleError, match="the fight cannot end"):
            fight_odds(hero, mon, deck, crit)
        return
    f = fight_odds(hero, mon, deck, crit)
    assert f.hero + f.monster == pytest.approx(1, abs=1e-12)
    assert 0 <= f.expected_hero_hp_loss <= hero.hp
    # the Hero plays A♣ from the hand (the hand is among the unknown cards): Attack + 11 and
    # the card leaves the unknown cards. 11 is the highest value, so no draw gets worse.
    played = hero.model_copy(update={"attack": hero.attack + 11})
    rest = [c for c in deck if c != C("AC")]
    round_after = round_odds(played, mon, rest, crit)
    assert round_after.hero >= r.hero - 1e-12
    assert round_after.monster <= r.monster + 1e-12
    if not any(d > 0 for d in (*round_after.hero_damage, *round_after.monster_damage)):
        # no round can hurt anyone now (e.g. Attack 0 + 11 against 11 with no score cards:
        # a tie every round): the Hero never loses HP, and the fight cannot end (refused so)
        with pytest.raises(RuleError, match="the fight cannot end"):
            fight_odds(played, mon, rest, crit)
        return
    after = fight_odds(played, mon, rest, crit)
    assert after.hero >= f.hero - 1e-12
    assert after.expected_hero_hp_loss <= f.expected_hero_hp_loss + 1e-9


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(2, 30), active=st.integers(0, 3), score=st.integers(0, 25))
def test_disarm_sums_to_one(seed, size, active, score) -> None:
    deck = random.Random(seed).sample([c for c in TWO_PACKS if c.suit != Suit.SPADES or c.rank != Rank.NINE], size)
    d = disarm_odds(C("9S"), score, deck)
    assert d.disarmed + d.tie + d.triggered == pytest.approx(1, abs=1e-12)


RED = [Card.parse(f"{r}{s}") for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
BLACK_NON_SCOUTS = [Card.parse(f"{r}{s}") for s in "SC" for r in "A 5 6 7 8 9 10 Q K".split()]


@settings(max_examples=60, deadline=None)
@given(attacker=st.sampled_from(BLACK_NON_SCOUTS), unseen=st.lists(st.sampled_from(RED), min_size=1, unique=True),
       attackers=st.lists(st.sampled_from(BLACK_NON_SCOUTS), min_size=1, unique=True))
def test_a_bomb_defender_against_a_non_scout_is_certain(attacker, unseen, attackers) -> None:
    # a known non-Scout attacking a face-down card that can only be a Bomb
    assert stratego_attack_odds(attacker, cards("AH AD"), known_attacks=True).defender_wins == 1
    # a known Bomb defending against a face-down attacker that is never a Scout
    d = stratego_attack_odds(C("AH"), attackers, known_attacks=False)
    assert (d.defender_wins, d.attacker_wins, d.both_destroyed) == (1.0, 0.0, 0.0)
    if any(c.rank != Rank.JACK for c in unseen):
        r = stratego_attack_odds(attacker, unseen, known_attacks=True)
        assert r.attacker_wins + r.defender_wins + r.both_destroyed == 1


# --- the protocol ---------------------------------------------------------------------------


def _fight_request(deck: list[str], **extra) -> dict:
    return {"game": "cardpeegee", "ask": "fight-odds", "hero": {"hp": 20, "attack": 10, "deal": 3, "element": "H"},
            "monster": {"hp": 9, "attack": 15, "deal": 4, "element": None}, "deck": deck,
            "critical_strikes": False, **extra}


def test_the_issue_requests_answer() -> None:
    deck = [str(c) for c in deck_for(1).all_cards() if c not in cards("9S 4D 3C")]
    a = resolve(_fight_request(deck))
    assert set(a) >= {"round", "fight", "expected_hero_hp_loss", "explanation"}
    assert a["round"]["hero"] + a["round"]["tie"] + a["round"]["monster"] == pytest.approx(1, abs=1e-12)
    assert any("by symmetry" in line for line in a["explanation"])
    assert any("49 unknown cards" in line for line in a["explanation"])
    d = resolve({"game": "cardpeegee", "ask": "disarm-odds", "trap": "9S", "disarm_score": 4, "deck": deck})
    assert d["disarmed"] + d["tie"] + d["triggered"] == pytest.approx(1, abs=1e-12)
    assert d["expected_hp_loss"] == pytest.approx(9 * d["triggered"])  # a triggered 9♠ takes 9 HP


@pytest.mark.parametrize("request_, words", [
    (_fight_request(["2H", "3C"]), "only 2 cards are unknown"),
    (_fight_request(["2H", "2H", "3C"] + [f"{r}S" for r in range(2, 10)]), "2♥ is entered 2 times"),
    ({"game": "peace-and-love", "ask": "hand-odds", "players": 2, "attacker": 0, "defender": 1, "player": 1,
      "hand": ["2C"], "fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S", "card": "3C"}],
      "unknown": ["4C"]}, "already has a played card"),
    ({"game": "cardpeegee", "ask": "disarm-odds", "trap": "9H", "deck": ["2C", "3C"]}, "loot, not a trap"),
    ({"game": "cardpeegee", "ask": "disarm-odds", "trap": "9S", "disarm_score": 3, "deck": ["2C"]}, "2 score cards"),
])
def test_bad_requests_answer_in_plain_words(request_, words) -> None:
    with pytest.raises(ProtocolError) as err:
        resolve(request_)
    assert words in str(err.value)
    line = json.loads(resolve_line(json.dumps(request_)))
    assert set(line) == {"error"}


def test_exact_to_the_fraction() -> None:
    # the float answers are the exact fractions rounded once
    deck = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H")
    r = round_odds(OddsFighter(attack=3, deal=2), OddsFighter(attack=4, deal=2), deck)
    table, total = joint({v: 1 for v in range(2, 11)}, 2, 2)
    won = sum(w for (a, b), w in table.items() if 3 + a > 4 + b)
    assert r.hero == float(Fraction(won, total))
