"""CardPeeGee's Glorious Revolution at every draw from the deck (score cards, evasion and disarm
draws, an encounter, shopping).

The text: "Glorious Revolution - if the deck runs out, the player with most cards is overthrown
in a violent uprising, losing everything. Cards in the player's hand, including active cards,
and cards in play are all counted." Every draw that finds the deck too short has the
revolution first, in the same step, then goes on: an encounter, the score cards of a combat
round, a Trap's evasion draw, a chest's disarm draw, charity and shopping. Each number below is
worked out by hand from the text and the rulings; the arithmetic is in the comments.

Four players, one pack (52 cards); hands of 10: the deck holds 52 − 4 × (1 Character + 10) = 8
cards when play starts (the HP cards go back). Every Hero: 15 + 2 + 2 + 2 = 21 HP.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from card_companion.companion.cardpeegee import queries
from card_companion.companion.registry import game
from card_companion.companion.session import Session
from tests.cardpeegee.test_tracker import act, refused

G = game("cardpeegee")


def four(**settings) -> Session:
    s = Session.start(G, G.make_setup(["Ann", "Bea", "Cy", "Dee"], {"hand_size": 10, **settings}))
    for p, c in enumerate(["KH", "QS", "KD", "QC"]):
        s = act(s, kind="hero", player=p, character=c, hp_cards=["2C", "2D", "2S"])
    assert s.state.deck == 8 and all(h.hp == 21 for h in s.state.heroes)
    return s


def text(s: Session) -> str:
    return " | ".join(s.said[-1].working)


# --- score cards of a combat round ----------------------------------------------------------------


def _short_round(**settings) -> Session:
    s = four(**settings)
    s = act(s, kind="give", giver=1, receiver=0, cards=1)      # a bribe: Ann 11, Bea 9
    # 9♣ with 5♣ 3♠: Monster HP 9, Attack 9 + 5 = 14, Deal 3 + 1 = 4; deck 8 − 3 = 5
    s = act(s, kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="play", player=0, cards=["7S", "8S"])      # Ann: Deal 3 + 2 = 5, hand 9
    assert s.state.deck == 5
    return s


def test_a_round_whose_score_cards_the_deck_cannot_supply_overthrows_first() -> None:
    s = _short_round()
    # the round draws Ann's 5 and the Monster's 4 score cards: 9 > 5. Counted: Ann 9 in hand +
    # 2 played = 11, Bea 9, Cy 10, Dee 10: Ann is overthrown; her 11 cards go back: deck 16,
    # and without her spades her Deal is 3 again
    assert queries.revolution_offer(s.state) == ((0,), 11)
    refused(s, "Ann draws 3 score cards \\(Deal 3 after the Glorious Revolution\\), not 5",
            kind="round", scores=[["2H", "3H", "4H", "5H", "6H"], 0])
    s = act(s, kind="round", scores=[["2H", "3H", "4H"], 0])
    working = text(s)
    assert "the round's draw of score cards needs 9 cards and the deck holds 5" in working
    assert "Ann has the most cards (11) and is overthrown, losing everything" in working
    assert s.said[-1].line.startswith("Glorious Revolution: Ann overthrown; Round 1:")
    # then the round: Ann 10 + 9 = 19 against 14 + 0 = 14: the Monster loses 10 → 9 − 10, dead.
    # Ann claims the 2 props (hand 2); the deck: 16 + 3 encounter cards − 2 looted = 17;
    # in town Ann holds 2 < 4: charity, 17 − 1 = 16, hand 3
    assert working.index("is overthrown") < working.index("Round 1:")
    assert s.state.phase == "town" and s.state.heroes[0].hand == 3 and s.state.deck == 16
    assert [h.hand for h in s.state.heroes] == [3, 9, 10, 10]
    G.random_play().check_invariants(s.state)


def test_the_round_counts_every_fighters_score_cards() -> None:
    # 9♣ with 5♣ 2♥: Monster Deal 3; Ann Deal 3: 6 score cards from a deck of 8 − 3 = 5:
    # short, all four tie on 10 cards and are overthrown (deck 45)
    t = act(four(), kind="encounter", agitator="9C", props=["5C", "2H"])
    t = act(t, kind="round", scores=[0, 0])
    assert "Ann and Bea and Cy and Dee have the most cards (10)" in text(t)
    # one prop: 6 score cards from a deck of 8 − 2 = 6: enough, no revolution
    u = act(four(props=1), kind="encounter", agitator="9C", props=["5C"])
    u = act(u, kind="round", scores=[0, 0])
    assert "overthrown" not in text(u) and u.state.deck == 6


def test_rule_off_a_short_round_is_refused_and_the_revolution_is_a_step() -> None:
    s = _short_round(glorious_revolution=False)
    refused(s, "the round's draw of score cards needs 9 cards and the deck holds only 5: enter the Glorious "
               "Revolution first", kind="round", scores=[0, 0])
    s = act(s, kind="revolution")
    assert s.state.deck == 16 and s.state.heroes[0].hand == 0
    assert s.state.encounter.battle.fighters[0].deal == 3
    s = act(s, kind="round", scores=[["2H", "3H", "4H"], 0])
    assert s.state.phase == "town"


def test_deadly_revolution_before_a_round_takes_the_round_away() -> None:
    s = _short_round(revolution_deadly=True)
    # Ann is overthrown and dies before the round: her 11 cards and her Character go back
    # (deck 5 + 12 = 17); her fight ends and the 3 encounter cards go back (20); Bea is the Hero
    s = act(s, kind="round", scores=[0, 0])
    assert not s.state.heroes[0].alive and s.state.deck == 20
    assert s.state.phase == "turn" and s.state.turn == 1
    assert s.said[-1].line == "Glorious Revolution before round 1"


@pytest.mark.parametrize("rule", [True, False])
def test_when_nobody_holds_a_card_the_round_goes_on(rule: bool) -> None:
    """No revolution can fill the deck when nobody holds a card: the round is not refused."""
    s = Session.start(G, G.make_setup(["Ann", "Bea", "Cy", "Dee"], {
        "hand_size": 0, "hp_cards": 0, "props": 6, "hero_deal": 10, "monster_deal": 10, "cry_for_help": True,
        "glorious_revolution": rule}))
    for p, c in enumerate(["KH", "QS", "KD", "QC"]):
        s = act(s, kind="hero", player=p, character=c, hp_cards=[])
    # the deck: 52 − 4 Characters = 48; 9♣ with six spades: Monster HP 9, Attack 9, Deal 10 + 6 = 16;
    # deck 48 − 7 = 41
    s = act(s, kind="encounter", agitator="9C", props=["2S", "3S", "4S", "5S", "6S", "7S"])
    for p in (1, 2, 3):
        s = act(s, kind="join", player=p)
    # four Heroes' Deal 10 and the Monster's 16: 56 score cards from a deck of 41
    assert queries.revolution_offer(s.state) is None
    s = act(s, kind="round", scores=[0, 0, 0, 0, 0])
    assert ("the round's draw of score cards needs 56 cards, the deck holds 41 and nobody holds a card to lose"
            in text(s))
    # each Hero 10 against the Monster's 9: it loses 10 four times and is dead
    assert s.state.phase == "town" and "overthrown" not in text(s)


# --- a Trap's evasion draw --------------------------------------------------------------------------


def _trap(give: tuple[int, int, int]) -> Session:
    """Six props; Ann activates A♠ in the Opening Sale's town visit (hand 9, one active card),
    then springs a Trap 7♠ with 3♦ 5♥ 2♥ 4♥ 6♦ 8♦: difficulty 7 + ⌈(3 + 6 + 8) / 2⌉ = 7 + 9 = 16,
    damage 7 + ⌈(5 + 2 + 4) / 2⌉ = 7 + 6 = 13. The deck: 8 − 7 = 1; the evasion draw is 1 + 1
    active = 2 cards."""
    s = four(props=6, opening_sale=True)
    s = act(s, kind="activate", player=0, cards=["AS"])
    for _ in range(4):
        s = act(s, kind="end-turn")
    giver, receiver, n = give
    s = act(s, kind="give", giver=giver, receiver=receiver, cards=n)
    s = act(s, kind="encounter", agitator="7S", props=["3D", "5H", "2H", "4H", "6D", "8D"])
    assert (s.state.encounter.difficulty, s.state.encounter.damage, s.state.deck) == (16, 13, 1)
    return s


def test_an_evasion_draw_the_deck_cannot_supply_overthrows_first() -> None:
    s = _trap((2, 1, 2))    # Cy gives Bea 2: Ann 9 + 1 active = 10, Bea 12, Cy 8, Dee 10
    s = act(s, kind="evade", score=["10C", "9C"])
    working = text(s)
    assert "Ann's evasion draw needs 2 cards and the deck holds 1" in working
    assert "Bea has the most cards (12) and is overthrown" in working
    # Bea's 12 cards go back: deck 13. Ann evades with 19 against 16: 13 − 2 × 3 = 7 damage:
    # 21 − 7 = 14; the 7 encounter cards go back: deck 20
    assert s.state.heroes[1].hand == 0 and s.state.heroes[0].hp == 14 and s.state.deck == 20


def test_an_overthrown_hero_draws_one_evasion_card() -> None:
    s = _trap((1, 0, 1))    # Bea gives Ann 1: Ann 10 + 1 active = 11, Bea 9, Cy 10, Dee 10
    # Ann is overthrown, her A♠ too: she draws 1 + 0 active = 1 card
    refused(s, "the Hero draws 1 card \\(one plus one per active card after the Glorious Revolution\\), not 2",
            kind="evade", score=["10C", "9C"])
    s = act(s, kind="evade", score=["10C"])
    # 10 < 16: the full 13 damage: 21 − 13 = 8; the deck: 1 + 11 + 7 = 19; in town Ann holds
    # nothing: charity, deck 18, hand 1
    assert s.state.heroes[0].hp == 8 and s.state.heroes[0].active == ()
    assert s.state.deck == 18 and s.state.heroes[0].hand == 1


# --- a chest's disarm draw -------------------------------------------------------------------------


def _chest(**settings) -> Session:
    s = four(props=6, **settings)
    s = act(s, kind="give", giver=1, receiver=0, cards=1)     # Ann 11, Bea 9
    # 4♦ with 9♠ 2♥ 3♥ 5♣ 6♣ 7♦: one trap (9♠), the rest is loot; deck 8 − 7 = 1
    s = act(s, kind="encounter", agitator="4D", props=["9S", "2H", "3H", "5C", "6C", "7D"])
    s = act(s, kind="play", player=0, cards=["5S"])           # disarm score 5; Ann 10 + 1 played
    assert s.state.deck == 1 and s.state.encounter.disarm_score == 5
    return s


def test_a_disarm_draw_the_deck_cannot_supply_overthrows_first() -> None:
    s = _chest()
    # two score cards from a deck of 1: Ann (10 in hand + 5♠ played = 11) is overthrown: deck
    # 1 + 11 = 12, and her disarm score is 0 without the 5♠
    assert queries.revolution_offer(s.state) == ((0,), 11)
    s = act(s, kind="disarm", trap="9S", hero_score="10H", trap_score=0)
    working = text(s)
    assert "the disarm draw (the Hero's and the trap's score card) needs 2 cards and the deck holds 1" in working
    assert "the disarm attempt goes on with the disarm score 0" in working
    # 0 + 10 = 10 against 9 + 0 = 9: disarmed, the 9♠ back to the deck (13); Ann claims the 6
    # loot cards (hand 6); the deck 13 (the 6 loot cards leave the table into her hand)
    assert s.state.heroes[0].hand == 6 and s.state.deck == 13 and s.state.phase == "town"


def test_rule_off_a_short_disarm_is_refused() -> None:
    s = _chest(glorious_revolution=False)
    refused(s, "needs 2 cards and the deck holds only 1: enter the Glorious Revolution first",
            kind="disarm", trap="9S", hero_score=10, trap_score=0)
    s = act(s, kind="revolution")
    s = act(s, kind="disarm", trap="9S", hero_score=10, trap_score=0)
    assert s.state.heroes[0].hand == 6 and s.state.deck == 13


# --- charity and shopping in town ---------------------------------------------------------------


def _ann_shops(**settings) -> Session:
    """Ann loots a trapless chest 4♦ 5♥ 6♣ (hand 13, deck 5), pays tax (hand 12, deck 6)."""
    s = four(card_price=2, **settings)
    s = act(s, kind="encounter", agitator="4D", props=["5H", "6C"])
    s = act(s, kind="tax")
    assert s.state.deck == 6 and s.state.heroes[0].hand == 12
    return s


def test_shopping_the_deck_cannot_supply_overthrows_first() -> None:
    s = _ann_shops()
    # 10♦ + 9♦ = 19 diamonds at 2 a card: 9 cards. The diamonds go back (deck 8) and 9 > 8:
    # Ann holds the most (12 − 2 = 10; Bea, Cy and Dee 10) ... a tie: all four are overthrown,
    # 40 cards back: deck 48; then Ann draws her 9: deck 39, hand 9
    s = act(s, kind="shop", cards=["10D", "9D"])
    working = text(s)
    assert "Ann's shopping needs 9 cards and the deck holds 8" in working
    assert "Ann and Bea and Cy and Dee have the most cards (10) and are overthrown" in working
    assert [h.hand for h in s.state.heroes] == [9, 0, 0, 0] and s.state.deck == 39
    assert s.said[-1].line == ("Glorious Revolution: Ann and Bea and Cy and Dee overthrown; "
                            "Ann spends 19 diamonds on 9 new cards")


def test_rule_off_shopping_beyond_the_deck_is_refused() -> None:
    s = _ann_shops(glorious_revolution=False)
    refused(s, "the deck holds only 8 cards", kind="shop", cards=["10D", "9D"])
    s = act(s, kind="shop", cards=["9D", "7D"])   # 16 diamonds: 8 cards from a deck of 6 + 2
    assert s.state.deck == 0 and s.state.heroes[0].hand == 18


def test_charity_from_an_empty_deck_overthrows_first() -> None:
    s = _ann_shops()
    s = act(s, kind="shop", cards=["9D"])         # 9 diamonds: 4 cards; deck 6 + 1 − 4 = 3; Ann 15
    s = act(s, kind="end-turn")
    s = act(s, kind="give", giver=1, receiver=2, cards=10)   # Bea 0, Cy 20
    # Bea's trapless chest 3♦ 4♥ 5♣ takes the deck's last 3 cards; she loots them (hand 3 < 4):
    # charity finds the deck empty. Counted: Ann 15, Bea 3, Cy 20, Dee 10: Cy is overthrown
    # (deck 20); then charity: deck 19, Bea 4
    s = act(s, kind="encounter", agitator="3D", props=["4H", "5C"])
    working = text(s)
    assert "charity needs 1 card and the deck holds 0" in working
    assert "Cy has the most cards (20) and is overthrown" in working
    assert [h.hand for h in s.state.heroes] == [15, 4, 0, 10] and s.state.deck == 19


def test_deadly_revolution_before_shopping_gives_no_cards() -> None:
    s = _ann_shops(revolution_deadly=True, hand_size=10)
    s = act(s, kind="give", giver=1, receiver=0, cards=1)    # Ann 13: the only one with the most
    s = act(s, kind="shop", cards=["10D", "9D"])
    # Ann (11 after the diamonds) dies: her 11 cards and her Character back: deck 8 + 12 = 20;
    # no new cards; Bea is the Hero
    assert not s.state.heroes[0].alive and s.state.deck == 20 and s.state.turn == 1


# --- games saved before the rule ----------------------------------------------------------------------


def test_a_game_saved_before_every_draw_had_the_revolution_replays_as_played() -> None:
    """A save whose settings lack ``revolution_every_draw`` (made before the revolution came at every
    draw) plays a
    short round as it was played then: no revolution, no refusal."""
    s = _short_round(revolution_every_draw=False)
    s = act(s, kind="round", scores=[["2H", "3H", "4H", "5H", "6H"], 0])
    assert "overthrown" not in text(s)
    record = json.loads(s.to_json())
    del record["setup"]["settings"]["revolution_every_draw"]
    loaded = Session.from_json(json.dumps(record))
    assert loaded.state == s.state and not loaded.setup.settings.revolution_every_draw
    assert G.make_setup(["Ann"]).settings.revolution_every_draw   # a new game has the rule


def test_the_rule_edition_is_not_a_setting_players_see() -> None:
    from card_companion.views.new_game import visible_settings

    shown = visible_settings(G, 4)
    assert "glorious_revolution" in shown and "revolution_every_draw" not in shown


# --- random play reaches these draws ----------------------------------------------------------------


def test_random_play_runs_the_revolution_at_every_kind_of_draw() -> None:
    """The random-play strategy (used by the invariant tests) plays through short draws: with
    big hands and no tax the deck runs short, and the revolution comes at rounds, evasion
    draws and encounters (the rule on), or is entered as a step (the rule off)."""
    seen: Counter[tuple[str, bool]] = Counter()
    wanted = [("round", True), ("evade", True), ("encounter", True), ("revolution", False)]
    # a short evasion draw is rare (a game in a few hundred): 625 is the first seed whose game has one
    for seed in (*range(150), 625):
        rng = random.Random(seed)
        settings = {**G.random_play().random_setup(rng).settings.model_dump(), "hand_size": 10, "tax_above": 20,
                    "glorious_revolution": seed % 4 != 0, "round_limit": 4, "win_goliath": False,
                    "win_full_court": False, "win_elemental_union": False}
        s = Session.start(G, G.make_setup(["A", "B", "C", "D"], settings))
        for _ in range(400):
            if s.is_over:
                break
            a = G.random_play().random_action(s.state, rng)
            s = s.push(a)
            G.random_play().check_invariants(s.state)
            if "overthrown" in text(s):
                seen[(a.kind, s.state.settings.glorious_revolution)] += 1
    assert all(seen[w] for w in wanted), seen
