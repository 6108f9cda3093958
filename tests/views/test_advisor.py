"""The advisor's odds on the game screens, at the moment of each decision.

The counting itself is pinned by hand in tests/games/test_odds.py and tests/games/test_odds_asks.py; here
the screens are checked against the protocol asks for the same cards (one truth), and the
draw pool (the unknown cards) is worked out by hand from what the table has seen."""

from __future__ import annotations

from collections import Counter

import pytest

from card_companion.calculators.cards import Deck
from card_companion.calculators.odds import percent
from card_companion.companion.advisor import unknown_cards
from card_companion.companion.cardpeegee.advice import cardpeegee_fight
from card_companion.companion.phones.access import player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.protocol import resolve
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.table_screen import TablePage, TableScreen
from tests.cardpeegee.test_views import act, ann_and_bea, enter
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_views import services

CPG = GAMES["cardpeegee"]
PAL = GAMES["peace-and-love"]


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def label(h, ident: str) -> str:
    return h.find(ident).label


def less(pool, taken) -> list[str]:
    left = Counter(pool)
    left.subtract(taken)
    return sorted(c for c, n in left.items() for _ in range(n))


def strs(cs) -> list[str]:
    return sorted(str(c) for c in cs)


# --- CardPeeGee ----------------------------------------------------------------------------------


def monster_fight() -> Session:
    # Ann (K♥, 34 HP), Bea (Q♠, 30 HP); a Monster 9♣ with 6♣ 3♠: HP 9, Attack 9 + 6 = 15, Deal 3 + 1 = 4
    return act(ann_and_bea(), kind="encounter", agitator="9C", props=["6C", "3S"])


def test_the_draw_pool_is_the_deck_less_every_card_seen():
    s = monster_fight().state
    # one pack without Jokers: 52; seen: the Characters K♥ Q♠ and the encounter 9♣ 6♣ 3♠ → 47.
    # The HP cards went back to the deck (they are unknown again); the hands were never told.
    pool = unknown_cards(CPG, s)
    assert len(pool) == 52 - 5
    assert strs(pool) == less([str(c) for c in Deck().all_cards()], ["KH", "QS", "9C", "6C", "3S"])
    # the deck: 52 − 2 Characters − 2 hands of 5 = 40, less the encounter's 3 cards = 37
    advice = cardpeegee_fight(CPG, s)
    assert advice.explanation[0] == ("the deck holds 37 cards; the odds count the 47 unknown cards (the deck and the "
                                     "hands the app was not told): by symmetry a card off the deck is as likely to "
                                     "be any of them")


def fight_headline(answer, hero="Ann", other="the Monster 9♣") -> str:
    r = answer["round"]
    return (f"Odds: {hero} wins the round {percent(r['hero'])} · tie {percent(r['tie'])} · {other} wins the round "
            f"{percent(r['monster'])} · {hero} left standing {percent(answer['fight']['hero'])}")


def test_the_fight_shows_the_odds_of_the_fight_ask_before_the_first_round(store):
    gid = store.create(monster_fight())
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    pool = less([str(c) for c in Deck().all_cards()], ["KH", "QS", "9C", "6C", "3S"])
    # Ann: Attack 10 (K♥), Deal 3, 34 HP; the Monster: 9 HP, Attack 15, Deal 4
    answer = resolve({"game": "cardpeegee", "ask": "fight-odds", "hero": {"hp": 34, "attack": 10, "deal": 3},
                      "monster": {"hp": 9, "attack": 15, "deal": 4}, "deck": pool})
    assert label(h, "fight-odds") == fight_headline(answer)
    assert f"Expected HP lost: {answer['expected_hero_hp_loss']:.1f} of 34" in h.texts()
    h.click("fight-odds-how")
    assert "the fight to the end: every round has these odds" in h.texts()
    # "play 7♣ or keep it?": the play form shows the odds with the cards about to be played
    h.click("mode-play")
    enter(h, "play-picker", "7C")
    # Attack 10 + 7 = 17; 7♣ is seen now, so 46 unknown cards
    with_seven = resolve({"game": "cardpeegee", "ask": "fight-odds", "hero": {"hp": 34, "attack": 17, "deal": 3},
                          "monster": {"hp": 9, "attack": 15, "deal": 4}, "deck": less(pool, ["7C"])})
    assert label(h, "play-odds") == fight_headline(with_seven)
    assert with_seven["fight"]["hero"] > answer["fight"]["hero"]
    assert [a.kind for a in store.load(gid).actions][-1] == "encounter"  # nothing saved by looking


def test_running_away_shows_the_penalty_round(store):
    s = Session.start(CPG, CPG.make_setup(["Ann", "Bea"], {"run_away": True}))
    s = act(s, kind="hero", player=0, character="KH", hp_cards=["7H", "KS", "2C"])
    s = act(s, kind="hero", player=1, character="QS", hp_cards=["5D", "5C", "5S"])
    s = act(s, kind="encounter", agitator="9C", props=["6C", "3S"])
    gid = store.create(s)
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    h.click("mode-flee")
    # running away: one penalty round with Deal 3 − 2 = 1 (no other player stays in the fight);
    # only that round is counted (a fleeing fighter who survives escapes)
    pool = less([str(c) for c in Deck().all_cards()], ["KH", "QS", "9C", "6C", "3S"])
    answer = resolve({"game": "cardpeegee", "ask": "fight-odds", "hero": {"hp": 34, "attack": 10, "deal": 1},
                      "monster": {"hp": 9, "attack": 15, "deal": 4}, "deck": pool})
    r = answer["round"]
    assert label(h, "flee-odds") == (f"Odds: Ann wins the round {percent(r['hero'])} · tie {percent(r['tie'])} · "
                                     f"the Monster 9♣ wins the round {percent(r['monster'])}")
    assert "if Ann runs away: Ann against the Monster 9♣" in h.texts()


def test_the_trap_shows_the_hp_it_takes_over_every_evasion_draw(store):
    gid = store.create(act(ann_and_bea(), kind="encounter", agitator="7S", props=["3D", "5H"]))
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    pool = less([str(c) for c in Deck().all_cards()], ["KH", "QS", "7S", "3D", "5H"])
    answer = resolve({"game": "cardpeegee", "ask": "trap-odds", "agitator": "7S", "props": ["3D", "5H"],
                      "active": 0, "deck": pool})
    full = max(answer["hp_loss"], key=int)  # difficulty 9, damage 10: the worst is the full 10
    assert full == "10"
    assert label(h, "trap-odds") == (f"Odds: evades (difficulty beaten) {percent(answer['evaded'])} · loses no HP "
                                     f"{percent(answer['hp_loss'].get('0', 0))} · loses the full 10 HP "
                                     f"{percent(answer['hp_loss']['10'])}")
    assert f"Expected HP lost: {answer['expected_hp_loss']:.1f}" in h.texts()


def test_the_chest_shows_each_attempts_odds_and_with_spades_about_to_be_played(store):
    gid = store.create(act(ann_and_bea(), kind="encounter", agitator="4D", props=["9S", "2H"]))
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    pool = less([str(c) for c in Deck().all_cards()], ["KH", "QS", "4D", "9S", "2H"])

    def headline(score, deck):
        a = resolve({"game": "cardpeegee", "ask": "disarm-odds", "trap": "9S", "disarm_score": score, "deck": deck})
        return (f"Odds: disarmed {percent(a['disarmed'])} · tie {percent(a['tie'])} · "
                f"triggered {percent(a['triggered'])}")

    assert label(h, "disarm-odds") == headline(0, pool)
    h.click("chest-mode-play")
    enter(h, "chest-picker", "8S 6S")  # disarm score 8 + 6 = 14, and two more cards seen
    assert label(h, "chest-odds") == headline(14, less(pool, ["8S", "6S"]))


# --- Peace and Love ------------------------------------------------------------------------------


def pal_fight(store, tables=None):
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    for p, three in ((0, "9H KD QC"), (1, "5S 2C 7D")):
        s = s.push(PAL.parse_action({"kind": "deal", "player": p, "fighters": three.split()}))
    # Bea (14) starts: her 5♠ attacks Ann's 9♥
    return s.push(PAL.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0}))


def seated_phone(tmp_path, seat):
    """A Peace and Love fight (Bea's 5♠ on Ann's 9♥) on a phone sitting as ``seat``."""
    from card_companion.views.services import Prefs, Services, ServicesContext

    tables = Tables(open_store(tmp_path).store)
    phone = tables.device(tables.new_device_key(), "192.168.1.21")
    gid = phone.create(pal_fight(None))
    phone.take_seat(gid, seat)
    ctx = {ServicesContext: Services(store=phone.store, store_problem=None, prefs=Prefs(),
                                     set_prefs=lambda p: None, device=phone, join_base="http://192.168.1.2:8550")}
    return tables, gid, ViewHarness(TablePage, gid, contexts=ctx, page=FakePage(f"/play/{gid}"))


def test_one_card_left_to_enter_shows_each_fighters_chance_to_lose(store, tmp_path):
    """The odds only where a choice is open. The whole table's phone enters
    the played cards once they are face up: no odds there. On Ann's own phone, while her card
    is the one not entered, the round's odds over it; once it is entered, none."""
    s = pal_fight(store)
    gid = store.create(s)
    table = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    assert not table.has("private-hand")  # a phone without a player's seat is never asked for a hand
    table.pick("play-picker", "3C")
    assert not table.has("fight-odds")  # every card is face up when the whole table enters them
    _, _, h = seated_phone(tmp_path / "phones", player_seat(0))  # Ann's phone
    assert not h.has("fight-odds")  # no card entered: two unknown cards, no odds
    h.pick("play-picker", "3C")  # Bea's card on 5♠; Ann's card on 9♥ is the unknown one
    # unknown: 52 − the six fighters − 3♣ = 45 cards
    unknown = less([str(c) for c in Deck().all_cards()], ["9H", "KD", "QC", "5S", "2C", "7D", "3C"])
    assert len(unknown) == 45
    answer = resolve({"game": "peace-and-love", "ask": "fight-odds", "players": 2, "attacker": 1, "defender": 0,
                      "fighters": [{"player": 1, "fighter": "5S", "card": "3C"}, {"player": 0, "fighter": "9H"}],
                      "unknown": unknown})
    bea, ann = answer["loses"]
    assert label(h, "fight-odds") == f"Odds: Bea's 5♠ loses {percent(bea)} · Ann's 9♥ loses {percent(ann)}"
    h.click("fight-odds-how")
    assert "the card on Ann's 9♥ is unknown: 45 unknown cards counted, each once" in h.texts()
    h.pick("play-picker", "7H")  # Ann's card: her choice is made, every card is known
    assert not h.has("fight-odds")


def test_a_players_own_phone_ranks_the_hand_it_enters_and_keeps_it_there(tmp_path):
    tables, gid, h = seated_phone(tmp_path, player_seat(1))  # Bea's phone
    h.click("switch-entry")  # one picker at a time: the hand's, one tap away
    assert h.has("private-hand") and "It is not saved and no other phone sees it." in h.texts()
    for c in ("3C", "KS", "8H"):
        h.pick("hand-picker", c)
    unknown = less([str(c) for c in Deck().all_cards()], ["9H", "KD", "QC", "5S", "2C", "7D", "3C", "KS", "8H"])
    answer = resolve({"game": "peace-and-love", "ask": "hand-odds", "players": 2, "attacker": 1, "defender": 0,
                      "fighters": [{"player": 1, "fighter": "5S"}, {"player": 0, "fighter": "9H"}], "player": 1,
                      "hand": ["3C", "KS", "8H"], "unknown": unknown})
    expected = " · ".join(f"play {c['card'][:-1] + {'C': '♣', 'S': '♠', 'H': '♥', 'D': '♦'}[c['card'][-1]]}: wins "
                          f"{percent(c['wins'])}" for c in answer["cards"])
    assert label(h, "hand-odds") == f"Odds: {expected}"
    # the hand stays on this phone: nothing saved, the game's log unchanged
    assert len(tables.store.load(gid).actions) == 3


def test_a_boss_stack_shows_the_round_against_each_boss(store):
    """Several opponents: the Hero's chances this round against each Boss, pair by pair; each
    pair's odds are those of the fight-odds ask's round for the two of them (the other
    fighters' score cards come from the same draw but leave a pair's odds as they are)."""
    s = Session.start(CPG, CPG.make_setup(["Ann", "Bea"], {"boss_battles": True, "props": 3}))
    s = act(s, kind="hero", player=0, character="KC", hp_cards=["10C", "10D", "10H"])
    s = act(s, kind="hero", player=1, character="QD", hp_cards=["10C", "10D", "10H"])
    # the text's stack: Q♥ HP 10, Attack 17, Deal 4; K♠ HP 20, Attack 17, Deal 3; Ann 45 HP, Attack 10, Deal 3
    s = act(s, kind="encounter", agitator="QH", props=["KS", "7C", "4D"])
    gid = store.create(s)
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    pool = less([str(c) for c in Deck().all_cards()], ["KC", "QD", "QH", "KS", "7C", "4D"])
    ann = {"hp": 45, "attack": 10, "deal": 3}
    q = resolve({"game": "cardpeegee", "ask": "fight-odds", "hero": ann, "monster": {"hp": 10, "attack": 17, "deal": 4},
                 "deck": pool})["round"]
    k = resolve({"game": "cardpeegee", "ask": "fight-odds", "hero": ann, "monster": {"hp": 20, "attack": 17, "deal": 3},
                 "deck": pool})["round"]
    names = [f.name for f in store.load(gid).state.encounter.battle.fighters[1:]]
    assert label(h, "fight-odds") == (
        f"Odds: Ann beats {names[0]} {percent(q['hero'])} · {names[0]} beats Ann {percent(q['monster'])} · "
        f"Ann beats {names[1]} {percent(k['hero'])} · {names[1]} beats Ann {percent(k['monster'])}")
