"""CardPeeGee's table built in-process (tests/support/viewkit.py): each flow is entered the way the
players tap it, and what it did is checked in the save file (the game log and the state);
refused input shows the tracker's message next to the form and saves nothing.

Numbers are worked by hand from card_companion/rules/cardpeegee.txt; the arithmetic is in the comments."""

from __future__ import annotations

import pytest

from card_companion.calculators.cards import card, cards
from card_companion.companion.cardpeegee import queries
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.table_screen import TableScreen
from tests.cardpeegee.test_tracker import dee_draws_from_two_cards
from tests.support.viewkit import ViewHarness
from tests.views.test_views import services

G = GAMES["cardpeegee"]


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def act(s: Session, **action) -> Session:
    return s.push(G.parse_action(action))


def ann_and_bea(names=("Ann", "Bea"), **settings) -> Session:
    # Ann: K♥, HP 15 + 7 + 10 + 2 = 34; Bea: Q♠, HP 15 + 5 + 5 + 5 = 30; hands of 5; deck 40
    s = Session.start(G, G.make_setup(list(names), settings))
    s = act(s, kind="hero", player=0, character="KH", hp_cards=["7H", "KS", "2C"])
    s = act(s, kind="hero", player=1, character="QS", hp_cards=["5D", "5C", "5S"])
    return s


def table(store, session: Session):
    gid = store.create(session)
    return gid, ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})


def enter(h: ViewHarness, picker: str, notation: str) -> None:
    for c in notation.split():
        h.pick(picker, c)


def kinds(store, gid) -> list[str]:
    return [a.kind for a in store.load(gid).actions]


def state(store, gid):
    return store.load(gid).state


# --- setting up ----------------------------------------------------------------------------------


def test_heroes_are_entered_one_by_one(store):
    gid, h = table(store, Session.start(G, G.make_setup(["Ann", "Bea"], {"elements": True})))
    assert "Ann's Hero" in h.texts() and "starting HP = 15 + their total" in h.texts()
    # a Jack is not a Character (Everyman is off): refused next to the form, nothing saved
    enter(h, "hero-picker", "JH 7H KS 2C")
    h.click("hero-submit")
    assert "Characters are Kings and Queens" in h.texts() and kinds(store, gid) == []
    h.click("hero-slot-0")
    enter(h, "hero-picker", "KH")
    h.click("hero-submit")
    assert kinds(store, gid) == ["hero"]
    assert "HP: 15 + 7♥ 7 + K♠ 10 + 2♣ 2 = 34" in h.texts()
    assert "Bea's Hero" in h.texts()
    # Bea may be entered before a third player: the chooser appears only with two or more to go
    enter(h, "hero-picker", "QS 5D 5C 5S")
    h.click("hero-submit")
    s = state(store, gid)
    assert [x.hp for x in s.heroes] == [34, 30] and s.phase == "turn"
    text = h.texts()
    assert "Ann's turn: draw the encounter" in text
    assert "Element: ♥ hearts" in text and "Element: ♠ spades" in text and "Hand: 5 cards" in text
    assert h.has("hp-chart-0") and h.has("character-1")


def test_everyman_lets_any_card_be_a_character(store):
    gid, h = table(store, Session.start(G, G.make_setup(["Ann"], {"everyman": True, "everyman_lowest": 7})))
    assert "Everyman: draw Ann's Character at random" in h.texts()
    enter(h, "hero-picker", "6C 2C 3C 4C")
    h.click("hero-submit")
    assert "worth less than 7" in h.texts() and kinds(store, gid) == []
    h.click("hero-slot-0")
    enter(h, "hero-picker", "9C")
    h.click("hero-submit")
    assert state(store, gid).heroes[0].character == card("9C")


# --- a Monster fight -------------------------------------------------------------------------------


def test_monster_fight_with_the_ace_example_and_two_rounds(store):
    gid, h = table(store, ann_and_bea())
    enter(h, "draw-picker", "9C")
    assert "9♣: a Monster fight" in h.texts()  # said as soon as the agitator is entered
    enter(h, "draw-picker", "6C 3S")
    h.click("draw-submit")
    # the Monster: HP 9, Attack 9 + 6 = 15, Deal 3 + 1 = 4, with its working
    text = h.texts()
    assert "Monster Attack: agitator 9 + club props 6♣ (6) = 15" in text
    assert "Ann fights the Monster 9♣ · fight round 1" in text
    # before the first round the Hero prepares: the play form is open
    assert h.has("play-picker-rank-A")
    h.click("mode-activate")
    enter(h, "activate-picker", "AC")
    h.click("activate-submit")
    assert state(store, gid).heroes[0].active == (card("AC"),)
    h.click("mode-play")
    enter(h, "play-picker", "5C 7C")
    # the text's Ace example, previewed before it counts: 5 + 7 = 12, half of 12 = 6 → 18
    assert "A♣ active (+50 %): half of 12 = 6 → 12 + 6 = 18" in h.texts()
    assert kinds(store, gid) == ["hero", "hero", "encounter", "activate"]
    h.click("play-submit")
    ann = state(store, gid).encounter.battle.fighters[0]
    assert (ann.attack, ann.deal) == (28, 3)
    assert "Ann: Attack 10 (K♥) + 18 = 28, Deal 3" in h.texts()
    # round 1: Ann's three cards as cards, the Monster's four as a total.
    # Ann 28 + 2 + 3 + 4 = 37 against the Monster 15 + 30 = 45 → Ann −15 → 19
    assert h.has("score-picker-rank-2")
    h.click("score-mode-1-total")
    h.type("score-total-1", "30")
    enter(h, "score-picker", "2H 3D 4C")
    h.click("score-submit")
    s = state(store, gid)
    assert s.heroes[0].hp == 19 and s.encounter.battle.rounds == 1
    assert "45 beats 37: the Monster 9♣ wins the round" in h.texts()
    assert "HP over the game: 34 → 19" in h.texts()
    assert "Last step: Round 1: Ann 37, the Monster 9♣ 45 → Ann −15" in h.texts()
    # the Hero can no longer play: no play mode after the first round
    assert not h.has("mode-play")
    # round 2, both as totals: Ann 28 + 5 = 33 against 15 + 4 = 19 → the Monster −28, dead;
    # Ann claims the props 6♣ 3♠: hand 5 − 1 (A♣) − 2 + 2 = 4 → town
    h.click("score-mode-0-total")
    h.type("score-total-0", "5")
    h.click("score-mode-1-total")
    h.type("score-total-1", "4")
    h.click("score-submit")
    s = state(store, gid)
    assert s.phase == "town" and s.heroes[0].hand == 4
    assert "Ann in town" in h.texts() and h.has("end-turn")
    # undo through the frame goes back one entry: the fight again, round 2 to enter
    h.click("undo")
    assert state(store, gid).phase == "encounter" and "round 2" in h.texts()


def test_fight_refusals_show_a_message_and_change_nothing(store):
    gid, h = table(store, act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"]))
    before = len(kinds(store, gid))
    enter(h, "play-picker", "5H")
    assert "5♥ counts as a heart: a fight takes only clubs and spades" in h.texts()
    h.click("play-submit")
    assert "a fight takes only clubs and spades" in h.texts() and len(kinds(store, gid)) == before
    h.click("play-card-0")  # taken back: nothing is played
    assert not h.is_enabled("play-submit")
    h.click("mode-round")
    # three score cards cannot be worth 40
    h.click("score-mode-0-total")
    h.type("score-total-0", "40")
    h.click("score-mode-1-total")
    h.type("score-total-1", "3")
    h.click("score-submit")
    assert "cannot be worth 40" in h.texts() and len(kinds(store, gid)) == before
    h.type("score-total-0", "")
    h.click("score-submit")
    assert "enter the total of Ann's score cards" in h.texts() and len(kinds(store, gid)) == before
    assert state(store, gid).heroes[0].hp == 34


def test_jack_converts_a_card_before_the_ace(store):
    s = act(ann_and_bea(), kind="encounter", agitator="9C", props=["5C", "3S"])
    s = act(s, kind="activate", player=0, cards=["JC", "AC"])
    gid, h = table(store, s)
    h.click("mode-play")
    enter(h, "play-picker", "9D")
    # J♣ active: 9♦ may count as a club (9 − 2 = 7); A♣: half of 7 = 3.5 → 4; Attack 10 + 11 = 21
    assert h.has("play-as-9D-C") and not h.has("play-as-9D-H")
    h.click("play-as-9D-C")
    assert "J♣ active: 9♦ played as a club → 7♣ (9 − 2)" in h.texts()
    h.click("play-submit")
    assert state(store, gid).encounter.battle.fighters[0].attack == 21
    played = store.load(gid).actions[-1]
    assert played.convert == {card("9D"): card("9C").suit}


def test_allies_fleeing_and_heal_and_defend(store):
    s = ann_and_bea(("Ann", "Bea", "Cy"), cry_for_help=True, run_away=True, heal_and_defend=True)
    s = act(s, kind="hero", player=2, character="KD", hp_cards=["2C", "2D", "2H"])
    s = act(s, kind="encounter", agitator="8C", props=["6H", "2S"])
    gid, h = table(store, s)
    h.click("mode-join")
    h.click("join-1-0")
    assert [f.name for f in state(store, gid).encounter.battle.fighters] == ["Ann", "the Monster 8♣", "Bea"]
    assert "Ally" in h.texts()
    # Bea just joined: she may play before her first round; the who-chooser offers Ann and Bea
    assert h.has("play-who-1")
    h.click("mode-heal")
    h.click("heal-who-1")
    enter(h, "defend-picker", "5H")
    assert not h.has("defend-picker-rank-A")  # one heart only: the picker folds away
    h.click("defend-submit")
    assert state(store, gid).heroes[1].hp == 35  # 30 + 5
    h.click("mode-flee")
    # before the tap, the tracker's words for each: Bea stays if Ann runs, and Ann if Bea does
    # (Deal 3 − 1 = 2 either way; a Monster is not a player)
    assert "If Ann runs away: another player stays in the fight: Deal 3 − 1 = 2." in h.texts()
    assert "If Bea runs away: another player stays in the fight: Deal 3 − 1 = 2." in h.texts()
    h.click("flee-0")
    # Ann flees with Bea staying: Deal 3 − 1 = 2 for the penalty round
    assert "Fleeing: another player stays in the fight: Deal 3 − 1 = 2" in h.texts()
    assert "Deal 3 → 2 this round" in h.texts()
    assert [k for _, k, _ in queries.fighters(state(store, gid))] == [2, 4, 3]


# --- chests, Healers and Traps ------------------------------------------------------------------------


def test_chest_spades_attempts_and_loot(store):
    gid, h = table(store, act(ann_and_bea(salvage=True), kind="encounter", agitator="4D", props=["9S", "2H"]))
    assert "the chest holds 4♦ 2♥" in h.texts() and h.has("trap-0")
    h.click("chest-mode-play")
    enter(h, "chest-picker", "8S 6S")
    h.click("chest-submit")
    assert state(store, gid).encounter.disarm_score == 14
    # attempt by values: 14 + 2 = 16 against 9 + 10 = 19 → triggered, Ann −9 → 25
    h.click("disarm-entry-values")
    h.type("disarm-hero-value", "2")
    h.type("disarm-trap-value", "10")
    h.click("disarm-submit")
    assert state(store, gid).heroes[0].hp == 25
    assert "the trap is triggered, the Hero loses 9 HP" in h.texts()
    # attempt by cards: 14 + 10 = 24 against 9 + 5 = 14 → disarmed; salvage; loot → town
    enter(h, "disarm-picker", "10C 5C")
    h.click("disarm-submit")
    s = state(store, gid)
    assert s.phase == "town" and s.heroes[0].hand == 5 - 2 + 1 + 2


def test_chest_abandoned(store):
    gid, h = table(store, act(ann_and_bea(), kind="encounter", agitator="4D", props=["9S", "2H"]))
    h.click("abandon")
    assert state(store, gid).phase == "town" and kinds(store, gid)[-1] == "abandon"


def test_healer_jailor_then_fee(store):
    gid, h = table(store, act(ann_and_bea(), kind="encounter", agitator="6H", props=["7C", "5D"]))
    text = h.texts()
    assert "frees the Healer 6♥ from its jailors" in text and "jailor 7♣" in text and h.has("abandon")
    # Ann 10 + 10 = 20 against the jailor 7 + 9 = 16 → the jailor −10, dead
    h.click("mode-round")
    h.click("score-mode-0-total")
    h.type("score-total-0", "10")
    h.click("score-mode-1-total")
    h.type("score-total-1", "9")
    h.click("score-submit")
    assert "Fee: 5 · heals 12 HP" in h.texts()
    enter(h, "fee-picker", "3D")
    assert "the fee is 5" in h.texts()  # previewed: 3 does not pay 5
    enter(h, "fee-picker", "4H")
    h.click("fee-submit")
    s = state(store, gid)
    assert s.heroes[0].hp == 46 and s.phase == "town"  # 34 + 12


def test_trap_crafty_evasion_then_second_encounter(store):
    s = ann_and_bea(crafty_evasion=True, pick_yourself_up=True)
    gid, h = table(store, act(s, kind="encounter", agitator="7S", props=["3D", "5H"]))
    assert "Difficulty 9 · damage 10" in h.texts()
    enter(h, "evade-picker", "JC")
    h.click("evade-submit")
    # 10 beats 9 by 1: 10 − 2 = 8; crafty evasion: 5♠ → 3
    assert "the damage is down to 8" in h.texts()
    enter(h, "crafty-picker", "5S")
    assert "crafty evasion: spades worth 5 → 8 − 5 = 3" in h.texts()
    h.click("crafty-submit")
    assert state(store, gid).heroes[0].hp == 31
    assert "second encounter" in h.texts() and h.has("town")
    enter(h, "draw-picker", "7S 3D 5H")
    h.click("draw-submit")
    h.click("evade-entry-total")
    h.type("evade-total", "3")
    h.click("evade-submit")
    s = state(store, gid)
    assert s.heroes[0].hp == 21 and s.phase == "town"  # 3 < 9: full damage 10


def test_take_the_trap_damage(store):
    s = act(ann_and_bea(crafty_evasion=True), kind="encounter", agitator="7S", props=["3D", "5H"])
    gid, h = table(store, act(s, kind="evade", score=["JC"]))
    h.click("take-damage")
    assert state(store, gid).heroes[0].hp == 26


# --- Boss Battles, PvP -----------------------------------------------------------------------------------------


def test_boss_battle_with_super_powers(store):
    s = Session.start(G, G.make_setup(["Ann", "Bea", "Cy"], {"boss_battles": True, "super_powers": True,
                                                             "props": 3}))
    for p, c in enumerate(["KC", "QH", "KD"]):
        s = act(s, kind="hero", player=p, character=c, hp_cards=["10C", "10D", "10H"])
    gid, h = table(store, s)
    assert "a Jack, Queen or King: a Boss Battle" in h.texts()
    enter(h, "draw-picker", "QH KS 7C 4D")
    h.click("draw-submit")
    text = h.texts()
    # the text's stack: Q♥ 10/17/4, K♠ 20/17/3; K♠ forces Bea (hearts) onto Ann's side
    assert "Boss Q♥: HP 10, Attack 17, Deal 4" in text and "Boss K♠: HP 20, Attack 17, Deal 3" in text
    assert "forced by a super power" in text and "Bea must fight as the Hero's Ally" in text
    assert not h.has("mode-flee")
    h.click("mode-round")
    assert [f"score-mode-{i}-total" for i in range(4)] == [i for i in h.ids() if i.startswith("score-mode-")
                                                           and i.endswith("-total")]


def test_pvp_attack(store):
    gid, h = table(store, ann_and_bea(pvp=True))
    h.click("attack-1")
    assert "Ann attacks Bea" in h.texts()
    # both may prepare before their first round
    assert h.has("play-who-0") and h.has("play-who-1")


def test_divide_the_boss_loot(store):
    s = Session.start(G, G.make_setup(["Ann", "Bea", "Cy"], {"boss_battles": True, "cry_for_help": True,
                                                             "hp_base": 1, "hp_cards": 1}))
    for p, c, hp in ((0, "KC", "2C"), (1, "QD", "10C"), (2, "KD", "10D")):
        s = act(s, kind="hero", player=p, character=c, hp_cards=[hp])
    s = act(s, kind="encounter", agitator="JC", props=["2C", "3D"])
    s = act(s, kind="join", player=1)
    s = act(s, kind="join", player=2)
    s = act(s, kind="round", scores=[0, 2, 5, 5])  # Ann dies; Bea and Cy kill the J♣
    gid, h = table(store, s)
    assert "Dividing the loot" in h.texts()
    h.click("loot-2-2")  # 3♦ to Cy; J♣ and 2♣ stay with Bea
    h.click("divide-loot")
    s = state(store, gid)
    assert s.heroes[1].hand == 7 and s.heroes[2].hand == 6


# --- town and the end ------------------------------------------------------------------------------------------


def test_town_tax_shopping_and_healing(store):
    s = act(ann_and_bea(elements=True), kind="encounter", agitator="4D", props=["2H", "3C"])  # hand 5 + 3 = 8
    gid, h = table(store, s)
    assert "more than 6" in h.texts() and not h.is_enabled("end-turn")
    assert "Charity below 4 cards, tax above 6; a new card costs 8 diamonds." in h.texts()
    h.click("tax-hand")
    assert state(store, gid).heroes[0].hand == 7
    h.click("town-mode-shop")
    enter(h, "shop-picker", "7D")
    assert "7 diamonds buy nothing" in h.texts()
    enter(h, "shop-picker", "6D 5D")
    # the text's example: 18 diamonds at 8 a card → 2 new cards, 2 lost
    assert "18 diamonds at 8 a card → 2 new cards (costing 16), 2 left over and lost" in h.texts()
    h.click("shop-submit")
    assert state(store, gid).heroes[0].hand == 7 - 3 + 2
    assert not h.has("town-mode-shop")  # one trip per turn
    h.click("town-mode-heal")
    enter(h, "heal-picker", "4H 3H")
    h.click("heal-submit")
    # Ann's heart element: 7 + 20 % of 7 = 1.4 → 2: 34 + 9 = 43
    assert state(store, gid).heroes[0].hp == 43
    h.click("end-turn")
    assert state(store, gid).turn == 1 and "Bea's turn: draw the encounter" in h.texts()


def test_opening_round(store):
    gid, h = table(store, ann_and_bea(opening_sale=True))
    assert "Opening round: Ann" in h.texts() and h.has("town-mode-shop") and not h.has("town-mode-heal")
    h.click("end-turn")
    h.click("end-turn")
    assert state(store, gid).phase == "turn"


def test_give_cards_and_claim_a_win(store):
    gid, h = table(store, ann_and_bea())
    h.click("any-time-give")
    h.click("give-more")
    h.click("give-more")
    h.click("give-submit")
    s = state(store, gid)
    assert (s.heroes[0].hand, s.heroes[1].hand) == (3, 7)
    h.click("any-time-claim")
    h.click("claim-who-1")
    enter(h, "claim-picker", "JH QH KS")
    assert "a Full Court is the Jack, Queen and King of one suit" in h.texts()
    h.click("claim-card-2")
    enter(h, "claim-picker", "KH")
    h.click("claim-submit")
    assert store.load(gid).is_over and "Bea wins" in h.texts()


@pytest.mark.parametrize("rule", [True, False])
def test_glorious_revolution_is_offered(store, rule):
    s = dee_draws_from_two_cards(rule)  # three Heroes at 12 cards, Dee at 10, 2 cards in the deck
    gid, h = table(store, s)
    assert "Glorious Revolution!" in h.texts() and "Ann and Bea and Cy: 12 cards" in h.texts()
    assert "The deck holds only 2 cards, too few for Dee's encounter (3 cards)" in h.texts()
    # the rule on: the revolution comes before the draw, so both props are asked for; off: the
    # deck's 2 cards make the agitator and one prop, unless the players overthrow first
    assert h.has("draw-slot-2") == rule and h.has("draw-slot-1")
    h.click("revolution")
    assert [x.hand for x in state(store, gid).heroes] == [0, 0, 0, 10]


def test_a_dead_hero_is_shown_dead(store):
    s = Session.start(G, G.make_setup(["Ann", "Bea", "Cy"], {"pvp": True, "hp_base": 1, "hp_cards": 1}))
    for p, c, hp in ((0, "KC", "10H"), (1, "QS", "2C"), (2, "KD", "5C")):
        s = act(s, kind="hero", player=p, character=c, hp_cards=[hp])
    s = act(s, kind="attack", defender=1)
    s = act(s, kind="round", scores=[5, 0])  # Bea 3 − 10: dead; Ann takes her 5 cards
    gid, h = table(store, s)
    text = h.texts()
    assert "Status: dead" in text and "Out of the game: killed in round 1 of a fight" in text
    assert "HP over the game: 3 → -7 (dead)" in text


def test_elemental_beast_card_is_asked_for_a_monster(store):
    gid, h = table(store, ann_and_bea(elements=True, elemental_beasts=True))
    enter(h, "draw-picker", "9C")
    assert "(and one more card for the beast's element)" in h.texts()
    enter(h, "draw-picker", "6C 3S")
    h.click("draw-submit")
    assert kinds(store, gid) == ["hero", "hero"] and h.has("beast-picker-rank-A")
    enter(h, "beast-picker", "4D")
    h.click("beast-submit")
    monster = state(store, gid).encounter.battle.fighters[1]
    assert monster.element.value == "D" and "♦ diamonds" in h.texts()


def test_only_jacks_and_aces_are_activated(store):
    gid, h = table(store, act(ann_and_bea(), kind="encounter", agitator="9C", props=["6C", "3S"]))
    h.click("mode-activate")
    enter(h, "activate-picker", "5C")
    assert "only Jacks and Aces can be activated, not 5♣" in h.texts()
    h.click("activate-submit")
    assert kinds(store, gid)[-1] == "encounter" and state(store, gid).heroes[0].active == ()


def test_score_cards_entered_survive_switching_another_fighter_to_a_total(store):
    gid, h = table(store, act(ann_and_bea(), kind="encounter", agitator="9C", props=["6C", "3S"]))
    h.click("mode-round")
    enter(h, "score-picker", "2H 3D 4C")  # Ann's three cards first
    h.click("score-mode-1-total")  # then the Monster's four as a total: Ann's cards stay
    assert "Ann 3: 4♣" in h.texts()
    h.type("score-total-1", "30")
    h.click("score-submit")
    # Ann 10 + 9 = 19 against 15 + 30 = 45: Ann −15
    assert state(store, gid).heroes[0].hp == 19
    assert store.load(gid).actions[-1].scores == (tuple(cards("2H 3D 4C")), 30)
