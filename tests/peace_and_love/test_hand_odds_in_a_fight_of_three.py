"""Peace and Love's hand odds in a fight of three, on a player's own phone.

"If there are more than two fighters in the combat, only the lowest result loses (highest with a
trump)" (the rule text, multi-player). Before anyone plays, the two other fighters' cards are
both unknown: two different unknown cards. The odds are pinned three ways: a round worked out by
hand, a brute-force count over every ordered pair of physical cards (written here from the rule
function alone, not from the odds code), and the screen against the ask."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import Deck, card, cards
from card_companion.calculators.odds import OddsError, best_cards
from card_companion.calculators.peace_and_love import Entry, FightRound, resolve_round
from card_companion.companion.peace_and_love.advice import hand_advice
from card_companion.companion.phones.access import player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.protocol import resolve
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_advisor import label, less

PAL = GAMES["peace-and-love"]
SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def three(ann="9H", bea="5S", cy="8D") -> FightRound:
    """Ann (player 0) attacks Bea (1); Cy (2) joins. Each card a placeholder (the fighter)."""
    return FightRound(players=3, attacker=0, defender=1, fighters=[
        Entry(player=p, fighter=card(f), card=card(f)) for p, f in enumerate((ann, bea, cy))])


def test_a_fight_of_three_worked_out_by_hand():
    # Ann's 9♥, Bea's 5♠ (defender), Cy's 8♦; the unknown cards 3♣ 4♣ K♦; Bea and Cy play two
    # different ones: 6 ordered pairs (Bea's, Cy's).
    # Ann plays 2♣: 9 − 2 = 7.
    #   (3♣, 4♣): Bea 2, Cy 4, no trump → lowest loses: Bea        Ann stays
    #   (4♣, 3♣): Bea 1, Cy 5 → Bea                                 Ann stays
    #   (3♣, K♦): Cy 8 − 13 = −5, K♦ on 8♦ a trump → highest loses: Ann's 7   Ann loses
    #   (K♦, 3♣): Bea −8 (no trump on 5♠), Cy 5 → lowest: Bea       Ann stays
    #   (4♣, K♦): a trump again, Ann's 7 the highest                 Ann loses
    #   (K♦, 4♣): Bea −8 → Bea                                      Ann stays        → 4 of 6
    # Ann plays 7♠: 9 − 7 = 2.
    #   (3♣, 4♣): Bea 2 = Ann 2 lowest: a tie for losing with the defender in it → Bea
    #   (3♣, K♦): a trump → highest loses: Ann 2 = Bea 2 → the defender, Bea
    #   (4♣, K♦): a trump → highest: Ann 2 over Bea 1 and Cy −5 → Ann loses
    #   the other three: Bea lowest (1, −8, −8) → Bea                               → 5 of 6
    ranked = best_cards(three(), 0, [1, 2], cards("2C 7S"), cards("3C 4C KD"))
    assert ranked == [(card("7S"), Fraction(5, 6)), (card("2C"), Fraction(2, 3))]
    answer = resolve({"game": "peace-and-love", "ask": "hand-odds", "players": 3, "attacker": 0, "defender": 1,
                      "fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S"},
                                   {"player": 2, "fighter": "8D"}],
                      "player": 0, "hand": ["2C", "7S"], "unknown": ["3C", "4C", "KD"]})
    assert [(c["card"], round(c["wins"], 6)) for c in answer["cards"]] == [("7S", round(5 / 6, 6)),
                                                                          ("2C", round(2 / 3, 6))]
    assert "two different ones, every pair once" in answer["explanation"][0]


def brute_force(fight: FightRound, mine: int, card_played, unknown: list) -> Fraction:
    """Every ordered pair of two different physical cards (a copy is a card of its own), each
    once, played on the two other fighters; the round resolved by the rule function."""
    others = [i for i in range(3) if i != mine]
    kept = total = 0
    for a, b in permutations(range(len(unknown)), 2):
        entries = list(fight.fighters)
        entries[mine] = Entry(player=entries[mine].player, fighter=entries[mine].fighter, card=card_played)
        for i, k in zip(others, (a, b)):
            entries[i] = Entry(player=entries[i].player, fighter=entries[i].fighter, card=unknown[k])
        total += 1
        kept += resolve_round(fight.model_copy(update={"fighters": entries})).loser != mine
    return Fraction(kept, total)


TWO_DECKS = [str(c) for c in Deck(copies=2).all_cards()]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_odds_equal_a_brute_force_count_over_two_decks(data):
    fighters = data.draw(st.lists(st.sampled_from(TWO_DECKS), min_size=3, max_size=3))
    attacker = data.draw(st.integers(0, 3))
    defender = data.draw(st.sampled_from([p for p in range(4) if p != attacker]))
    third = data.draw(st.sampled_from([p for p in range(4) if p not in (attacker, defender)]))
    mine = data.draw(st.integers(0, 2))
    fight = FightRound(players=4, attacker=attacker, defender=defender, fighters=[
        Entry(player=p, fighter=card(f), card=card(f)) for p, f in zip((attacker, defender, third), fighters)])
    # repeats allowed: two decks hold two copies of every card
    unknown = [card(c) for c in data.draw(st.lists(st.sampled_from(TWO_DECKS), min_size=2, max_size=12))]
    hand = [card(c) for c in data.draw(st.lists(st.sampled_from(TWO_DECKS), min_size=1, max_size=4))]
    others = [i for i in range(3) if i != mine]
    for c, p in best_cards(fight, mine, others, hand, unknown):
        assert p == brute_force(fight, mine, c, unknown), c


def test_the_other_copy_of_a_card_in_the_hand_can_be_played_against_it():
    """Two decks: Ann holds one 3♣, the unknown cards are the other 3♣ and K♦. Bea and Cy play
    both of them (two orders): the other 3♣ is counted, not taken out a second time."""
    ranked = best_cards(three(), 0, [1, 2], cards("3C"), cards("3C KD"))
    assert ranked[0][1] == brute_force(three(), 0, card("3C"), cards("3C KD"))
    # Ann 9 − 3 = 6; (3♣, K♦): K♦ trumps 8♦ → highest loses: Ann's 6 over Bea's 2 → Ann loses;
    # (K♦, 3♣): Bea −8, Cy 5, no trump → Bea loses. 1 of 2.
    assert ranked[0][1] == Fraction(1, 2)
    # a fight of two, the same: the other 3♣ may be Bea's card
    two = FightRound(players=3, attacker=0, defender=1, fighters=three().fighters[:2])
    # 9 − 3 = 6 against 5 − 3 = 2 → Bea loses; against K♦: 5 − 13 = −8 → Bea loses. 2 of 2.
    assert best_cards(two, 0, 1, cards("3C"), cards("3C"))[0][1] == 1


def test_one_unknown_card_cannot_be_both_other_cards():
    try:
        best_cards(three(), 0, [1, 2], cards("2C"), cards("KD"))
    except OddsError as exc:
        assert "2 played cards are unknown but only 1 unknown card" in str(exc)
    else:
        raise AssertionError("counted two cards out of one")


def cys_phone(tmp_path):
    """Three players; Bea (lowest total, 14) starts: her 5♠ attacks Ann's 9♥, Cy's 8♦ joins; the
    table on Cy's own phone."""
    from card_companion.views.services import Prefs, Services, ServicesContext
    from card_companion.views.table_screen import TablePage

    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea", "Cy"]))
    for p, fighters in ((0, "9H KD QC"), (1, "5S 2C 7D"), (2, "8D 10S JH")):
        s = s.push(PAL.parse_action({"kind": "deal", "player": p, "fighters": fighters.split()}))
    s = s.push(PAL.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0,
                                 "joining": {"2": 0}}))
    tables = Tables(open_store(tmp_path).store)
    phone = tables.device(tables.new_device_key(), "192.168.1.21")
    gid = phone.create(s)
    phone.take_seat(gid, player_seat(2))
    ctx = {ServicesContext: Services(store=phone.store, store_problem=None, prefs=Prefs(),
                                     set_prefs=lambda p: None, device=phone, join_base="http://192.168.1.2:8550")}
    return s, ViewHarness(TablePage, gid, contexts=ctx, page=FakePage(f"/play/{gid}"))


def test_cys_own_phone_ranks_his_hand_in_a_fight_of_three(tmp_path):
    s, h = cys_phone(tmp_path)
    assert len(s.state.fight.remaining) == 3
    h.click("switch-entry")
    assert h.has("private-hand")
    for c in ("3C", "KS", "8H"):
        h.pick("hand-picker", c)
    # two decks (three players): 104 − the nine fighters − Cy's three cards = 92 unknown
    unknown = less(TWO_DECKS, ["9H", "KD", "QC", "5S", "2C", "7D", "8D", "10S", "JH", "3C", "KS", "8H"])
    assert len(unknown) == 92
    answer = resolve({"game": "peace-and-love", "ask": "hand-odds", "players": 3, "attacker": 1, "defender": 0,
                      "fighters": [{"player": 1, "fighter": "5S"}, {"player": 0, "fighter": "9H"},
                                   {"player": 2, "fighter": "8D"}],
                      "player": 2, "hand": ["3C", "KS", "8H"], "unknown": unknown})
    expected = " · ".join(f"play {c['card'][:-1] + SUITS[c['card'][-1]]}: wins {c['wins'] * 100:.0f} %"
                          for c in answer["cards"])
    assert label(h, "hand-odds") == f"Odds: {expected}"
    h.click("hand-odds-how")
    assert "two different cards, every pair counted once" in h.texts()
    advice = hand_advice(PAL, s.state, 2, cards("3C KS 8H"))
    assert advice is not None and len(advice.chances) == 3


def test_four_fighters_show_no_hand_odds_and_say_where_the_odds_are(tmp_path):
    from card_companion.views.peace_and_love.fight import MANY_FIGHTERS
    from card_companion.views.services import Prefs, Services, ServicesContext
    from card_companion.views.table_screen import TablePage

    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea", "Cy", "Dan"]))
    for p, fighters in ((0, "9H KD QC"), (1, "5S 2C 7D"), (2, "8D 10S JH"), (3, "9S 10D QH")):
        s = s.push(PAL.parse_action({"kind": "deal", "player": p, "fighters": fighters.split()}))
    s = s.push(PAL.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0,
                                 "joining": {"2": 0, "3": 0}}))
    assert hand_advice(PAL, s.state, 2, cards("3C")) is None
    tables = Tables(open_store(tmp_path).store)
    phone = tables.device(tables.new_device_key(), "192.168.1.21")
    gid = phone.create(s)
    phone.take_seat(gid, player_seat(2))
    ctx = {ServicesContext: Services(store=phone.store, store_problem=None, prefs=Prefs(),
                                     set_prefs=lambda p: None, device=phone, join_base="http://192.168.1.2:8550")}
    h = ViewHarness(TablePage, gid, contexts=ctx, page=FakePage(f"/play/{gid}"))
    # Cy's own phone: no hand to enter, and it says where the odds show
    assert not h.has("private-hand") and MANY_FIGHTERS in h.texts()
    for c in ("3C", "4C", "KD"):  # Bea's, Cy's and Dan's cards: Cy's own is in, his choice is made
        h.pick("play-picker", c)
    assert MANY_FIGHTERS not in h.texts()
