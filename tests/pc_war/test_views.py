"""View tests of PC War's table and new-game extras (tests/support/viewkit.py): flips by tap and by
cards, the pile pick-up, the trade and war with a tie inside it, too few cards, the end
with its numbers, stop and recount, refusals (a message, nothing saved), and the odds.

Counts worked by hand: 53 cards (1 Joker) deal Ann 27 and Bea 26; each flip lays one card
from each hand; the taker's pile gets the two cards; a war lays 3 down and 1 up each."""

from __future__ import annotations

import pytest

from card_companion.calculators.cards import card
from card_companion.companion.pc_war import GAME, Flip, Recount, Stop, SwapHands, War
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.new_game import NewGameScreen
from card_companion.views.pc_war import new_game as view
from card_companion.views.table_screen import TableScreen
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_views import services


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def open_table(store, settings=None, actions=()):
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"], settings or {}))
    for a in actions:
        s = s.push(a)
    gid = store.create(s)
    return gid, ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})


def label(h, ident: str) -> str:
    return h.find(ident).label


def log(store, gid):
    return store.load(gid).actions


# --- flips -------------------------------------------------------------------------------


def test_the_first_screen_shows_the_deal_and_what_to_do(store):
    _, h = open_table(store)
    assert label(h, "hand-0") == "Ann's hand: 27 cards" and label(h, "hand-1") == "Bea's hand: 26 cards"
    assert label(h, "pile-0") == "Ann's pile: 0 cards"
    assert "Ann gets 27 cards, Bea gets 26 (Ann is dealt first and gets the odd card)" in h.texts()
    assert "Flip 1" in h.texts() and "Flip: both turn their top card face up" in h.texts()
    assert label(h, "flip-left") == "Ann's card is higher"
    assert label(h, "flip-right") == "Bea's card is higher"
    assert label(h, "flip-tie") == "Tie"
    assert not h.has("swap") and not h.has("on-table")


def test_one_tap_flip_then_two_cards(store):
    gid, h = open_table(store)
    h.click("flip-left")  # Ann's card is higher: Ann takes both: hand 27 - 1 = 26, pile 2
    assert log(store, gid) == (Flip(higher="left"),)
    assert label(h, "hand-0") == "Ann's hand: 26 cards (1 fewer than before the last step)"
    assert label(h, "pile-0") == "Ann's pile: 2 cards (2 more than before the last step)"
    assert label(h, "hand-1") == "Bea's hand: 25 cards (1 fewer than before the last step)"
    assert label(h, "pile-1") == "Bea's pile: 0 cards"
    assert "Flip 1: Ann's card is higher → Ann takes both" in h.texts()
    assert "the players called it: Ann's card is higher" in h.texts()
    assert "Flip 2" in h.texts()
    # flip 2 as cards: 7♥ (Ann) against 9♣ (Bea): Bea takes both
    h.pick("flip-picker", "7H")
    h.pick("flip-picker", "9C")
    h.click("flip-submit")
    assert log(store, gid)[-1] == Flip(cards=(card("7H"), card("9C")))
    assert "Flip 2: Ann 7♥, Bea 9♣ → Bea takes both" in h.texts()
    assert "9♣ (9) is higher than 7♥ (7): A > K > Q > J > 10 > … > 2 > Joker" in h.texts()
    assert label(h, "shown-0") == "Ann's card 7♥"
    assert label(h, "pile-1") == "Bea's pile: 2 cards (2 more than before the last step)"
    assert label(h, "numbers") == "Flips: 2   Wars: 0"
    # the picker warns about a card already seen in a pile (not a refusal)
    h.pick("flip-picker", "9C")
    assert "9♣ is entered 2 times but the deck holds one" in h.texts()


def test_empty_hands_pick_up_their_piles_and_say_so(store):
    gid, h = open_table(store, actions=[Recount(hands=(1, 1), piles=(20, 31))])
    h.click("flip-right")  # both lay their last card; Bea takes both: 31 + 2 = 33
    assert "Ann's hand is empty: Ann picks up and shuffles the pile (20 cards)" in h.texts()
    assert "Bea's hand is empty: Bea picks up and shuffles the pile (33 cards)" in h.texts()
    assert label(h, "pickup-note-0") == "↻ picked up the pile (20)"
    assert label(h, "hand-0").startswith("Ann's hand: 20 cards") and label(h, "pile-1").startswith(
        "Bea's pile: 0 cards")
    state = store.load(gid).state
    assert (state.players[0].hand, state.players[1].hand) == (20, 33)


# --- the trade and war ----------------------------------------------------------------------


def test_tie_walk_through_a_tie_inside_the_war_and_the_war_won(store):
    gid, h = open_table(store, actions=[Flip(higher="left"), Flip(higher="right")])  # hands 25 and 24
    h.pick("flip-picker", "KH")
    h.pick("flip-picker", "KS")
    h.click("flip-submit")
    # a tie: hands 24 and 23; the walk-through before anything is swapped
    assert "A tie! Trade and war" in h.texts()
    assert "Swap hands: Ann hands 24 cards to Bea and takes Bea's 23 cards" in h.texts()
    assert "Ann lays 3 face down and 1 face up" in h.texts()
    assert "the higher one takes everything on the table (10 cards)" in h.texts()  # 2 + 4 + 4
    assert label(h, "swap-counts") == "Swap hands: Ann 24 → 23 cards, Bea 23 → 24 cards"
    assert label(h, "on-table") == "On the table: 2 cards"
    assert not h.has("flip-left") and not h.has("flip-cards")  # nothing else to enter now
    h.click("swap")
    assert log(store, gid)[-1] == SwapHands()
    # swapped and laid: Ann 23 - 4 = 19, Bea 24 - 4 = 20; 10 on the table
    assert label(h, "hand-0").startswith("Ann's hand: 19 cards") and label(h, "hand-1").startswith(
        "Bea's hand: 20 cards")
    assert label(h, "on-table") == "On the table: 10 cards"
    assert [h.has(f"war-down-0-{k}") for k in range(4)] == [True, True, True, False] and h.has("war-up-0")
    assert "War · round 1" in h.texts() and "Ann laid 3 face down and 1 face up" in h.texts()
    h.click("war-tie")  # a tie inside the war: the whole procedure again
    assert log(store, gid)[-1] == War(higher="tie")
    assert "A tie in the war: trade and war again (round 2)" in h.texts()
    assert "Swap hands: Ann hands 19 cards to Bea and takes Bea's 20 cards" in h.texts()
    assert "(18 cards)" in h.texts()
    h.click("swap")
    assert "War · round 2" in h.texts() and label(h, "on-table") == "On the table: 18 cards"
    h.pick("war-picker", "AH")
    h.pick("war-picker", "2D")
    h.click("war-submit")
    # Ann's A♥ is higher: Ann takes all 18 (pile 2 + 18 = 20)
    assert "War, face up: Ann A♥, Bea 2♦ → Ann takes all 18 cards" in h.texts()
    assert "the higher face-up card takes everything on the table: Ann puts it all on their pile" in h.texts()
    assert label(h, "pile-0") == "Ann's pile: 20 cards (18 more than before the last step)"
    assert label(h, "numbers") == "Flips: 3   Wars: 2   Longest: 2 wars in a row (18 cards)"
    assert "Flip 4" in h.texts() and not h.has("on-table")
    h.click("undo")  # back to the war's face-up cards
    assert "War · round 2" in h.texts() and len(log(store, gid)) == 6


def test_war_with_too_few_cards_then_the_end_with_the_numbers(store):
    # Ann 3 in hand, Bea 50; a tie leaves 2 and 49; after the swap Bea holds only 2
    gid, h = open_table(store, actions=[Recount(hands=(3, 50), piles=(0, 0))])
    h.click("flip-tie")
    assert "Bea has only 2 cards: lays 1 face down and the last face up" in h.texts()
    assert "(8 cards)" in h.texts()  # 2 + 4 + 2
    h.click("swap")
    assert h.has("war-down-1-0") and not h.has("war-down-1-1") and h.has("war-up-1")
    assert "Bea has only 2 cards: laid 1 face down and the last face up" in h.texts()
    assert label(h, "hand-1").startswith("Bea's hand: 0 cards")
    h.click("war-left")  # Ann takes all 8; Bea has nothing left: Bea wins
    assert h.has("outcome") and "Bea wins: no cards left" in h.texts()
    assert "1 flips, 1 war, longest war: 1 war (8 cards)" in h.texts()
    assert label(h, "final-0") == "Flips: 1" and label(h, "final-1") == "Wars: 1"
    assert label(h, "final-2") == "Longest war: 1"
    assert not h.has("flip-left") and not h.has("war-left") and not h.has("recount")
    # saved and resumed exactly
    again = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    assert "Bea wins: no cards left" in again.texts()
    assert label(again, "pile-0").startswith("Ann's pile: 8 cards")


def test_a_player_with_no_card_to_lay_wins_at_the_swap(store):
    gid, h = open_table(store, actions=[Recount(hands=(1, 52), piles=(0, 0))])
    h.click("flip-tie")  # Ann lays her last card: after the swap Bea has nothing to lay
    assert "Bea has no card to lay: Bea has run out of cards" in h.texts()
    assert "Swap hands" in h.texts() and "Swap hands and lay" not in h.texts()
    h.click("swap")
    assert "Bea wins" in h.texts() and "the table goes to Ann" in h.texts()
    assert store.load(gid).state.players[0].pile == 2


def test_last_card_wins_at_once_is_said_in_the_walk_through(store):
    gid, h = open_table(store, {"last_card_wins_at_once": True},
                        actions=[Recount(hands=(3, 48), piles=(0, 2))])
    h.click("flip-tie")  # Ann 2, Bea 47; swapped: Bea has 2 + a pile of 2: lays exactly her last 4
    assert "Bea lays their last card and wins at once (Last card wins at once)" in h.texts()
    h.click("swap")
    assert "Bea wins" in h.texts() and store.load(gid).state.phase == "over"


# --- stop, recount, refusals ------------------------------------------------------------


def test_the_same_card_twice_is_refused_next_to_the_entry_and_nothing_is_saved(store):
    gid, h = open_table(store)
    h.pick("flip-picker", "KH")
    h.pick("flip-picker", "KH")
    h.click("flip-submit")
    assert "K♥ is entered for both players, but the deck holds only one K♥" in label(h, "flip-problem")
    assert log(store, gid) == () and label(h, "hand-0") == "Ann's hand: 27 cards"
    h.click("flip-slot-1")  # fix the second card and go on
    h.pick("flip-picker", "QS")
    h.click("flip-submit")
    assert log(store, gid) == (Flip(cards=(card("KH"), card("QS"))),) and not h.has("flip-problem")


def test_a_joker_in_a_game_without_jokers_is_not_offered_and_typed_is_refused(store):
    gid, h = open_table(store, {"jokers": 0})
    assert not h.has("flip-picker-joker")
    assert "52 cards" in h.texts() and "odd card" not in h.texts()
    h.type("flip-picker-typed", "JOKER", submit=True)
    assert "not in the deck" in h.texts() and log(store, gid) == ()


def test_recount_refusals_and_a_good_recount(store):
    gid, h = open_table(store)
    h.click("recount")
    assert label(h, "recount-hand-0") == "Ann's hand"
    h.type("recount-hand-0", "20")
    assert "Together: 46 of 53 cards" in h.texts()
    h.click("recount-submit")
    assert "the counts add up to 46 cards, but the deck has 53: count again" in label(h, "recount-problem")
    h.type("recount-pile-0", "many")
    h.click("recount-submit")
    assert "Enter each count as a whole number." in h.texts()
    assert log(store, gid) == ()
    h.type("recount-pile-0", "7")
    h.click("recount-submit")
    assert log(store, gid) == (Recount(hands=(20, 26), piles=(7, 0)),)
    assert label(h, "pile-0") == "Ann's pile: 7 cards (7 more than before the last step)"
    assert "Recount: Ann 20 in hand, 7 in the pile; Bea 26 in hand, 0 in the pile" in h.texts()


def test_stop_asks_first_and_the_fewest_cards_win(store):
    gid, h = open_table(store, actions=[Flip(higher="left")])  # Ann 28 cards, Bea 25
    h.click("stop")
    assert "Ann has 28, Bea has 25" in h.texts()
    h.click("stop-cancel")
    assert h.has("flip-left") and log(store, gid) == (Flip(higher="left"),)
    h.click("stop")
    h.click("stop-confirm")
    assert "Stopped early: fewest cards leads, Bea (the app's ruling)" in h.texts() and store.load(gid).state.stopped
    # the end offers a new game with the same players and settings
    h.click("rematch")
    [new] = [g for g in store.saved_games() if g.id != gid]
    assert h.page.routes[-1] == f"/play/{new.id}"
    assert store.load(new.id).setup == store.load(gid).setup and store.load(new.id).actions == ()


def test_stop_says_it_counts_and_a_stop_without_counting_leaves_no_record(store):
    """The Stop dialog says the game counts (stopped early) and offers Stop
    without counting; that one ends the game with nobody winning and no record; Undo takes it
    back, and the Stop that counts makes the record."""
    from card_companion.companion.records.game_records import kept

    gid, h = open_table(store, actions=[Flip(higher="left")])  # Ann 28 cards, Bea 25
    h.click("stop")
    assert "It counts in the records and the ratings, marked stopped early." in h.texts() and h.has("stop-uncounted")
    h.click("stop-uncounted")
    assert log(store, gid) == (Flip(higher="left"), Stop(counts=False))
    assert "Stopped early, not counted: Ann 28, Bea 25 cards" in h.texts()
    with store.reading() as db:
        assert kept(db) == []
    h.click("undo")
    h.click("stop")
    h.click("stop-confirm")
    with store.reading() as db:
        (rec,) = kept(db)
    # Bea has fewer cards: first with 25, Ann second with 28, the game marked stopped early
    assert rec.stopped_early and [(p.figure, p.place, p.won) for p in rec.placings] == [(28, 2, False), (25, 1, True)]


# --- the new-game screen -------------------------------------------------------------------


def test_new_game_shows_the_deal_and_the_odds(store, monkeypatch):
    monkeypatch.setattr(view, "ODDS_GAMES", 300)
    monkeypatch.setattr(view, "ODDS_CHUNK", 100)
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "pc-war"}, page=FakePage())
    h.type("player-0", "Ann")
    h.type("player-1", "Bea")
    assert label(h, "deal-counts") == "The deal: Ann 27 cards, Bea 26 cards"
    h.select("setting-jokers", "2")
    assert label(h, "deal-counts") == "The deal: Ann 27 cards, Bea 27 cards"  # 54 cards
    assert not h.has("odds-histogram")
    h.click("odds-run")
    assert h.has("odds-histogram") and not h.has("odds-progress")
    assert label(h, "odds-first").startswith("Ann, the first player, wins ")
    assert "300 games with random deals of 54 cards (2 Jokers)" in h.texts()
    assert "Game lengths (flips)" in h.texts()
    # other settings: the result is not theirs any more
    h.select("setting-jokers", "0")
    assert not h.has("odds-histogram") and "simulate again for these" in h.texts()
    assert store.saved_games() == []  # nothing started


def test_new_game_with_the_blank_card(store, monkeypatch):
    """The setting is on the new-game screen (from the pydantic field); the deal and the odds
    follow it: 52 + 2 Jokers + the blank card = 55, Ann dealt first gets the odd card."""
    monkeypatch.setattr(view, "ODDS_GAMES", 200)
    monkeypatch.setattr(view, "ODDS_CHUNK", 100)
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "pc-war"}, page=FakePage())
    h.type("player-0", "Ann")
    h.type("player-1", "Bea")
    h.select("setting-jokers", "2")
    h.select("setting-blank_card", "weakest")
    assert label(h, "deal-counts") == "The deal: Ann 28 cards, Bea 27 cards"
    h.click("odds-run")
    assert "200 games with random deals of 55 cards (2 Jokers, the blank card as the weakest)" in h.texts()
    h.select("setting-blank_card", "strongest")
    assert "simulate again for these" in h.texts()


def test_histogram_bars_fit_a_phone():
    from card_companion.calculators.pc_war import HistogramBin, SimulationResult

    bins = [HistogramBin(start=i * 50 + 1, end=(i + 1) * 50, games=100 - i) for i in range(99)]
    r = SimulationResult(games=5000, jokers=1, max_flips=5000, first_player_wins=2500,
                         second_player_wins=2500,
                         shared=0, stopped=0, first_player_share=0.5, mean_flips=1, median_flips=1,
                         longest_game=4950, mean_wars=1, longest_war=1, histogram=bins, explanation=[])
    h = ViewHarness(lambda: view._histogram(r))
    bars = [c for c in h.all() if getattr(c, "tooltip", None)]
    assert len(bars) == 25  # 99 → 50 → 25 bars of 200 flips
    # the odd bin left over is merged into the last bar: 4,801–4,950 holds 4 + 3 + 2 games
    assert bars[0].tooltip == "1–200 flips: 394 games" and bars[-1].tooltip == "4,801–4,950 flips: 9 games"
    assert sum(int(b.tooltip.split(": ")[1].split()[0].replace(",", "")) for b in bars) == sum(range(2, 101))


def test_recount_keeps_every_field_when_typed_fast(store):
    import flet as ft

    _, h = open_table(store)
    h.click("recount")
    fields = {k: next(c for c in h.all_under(f"recount-{k}") if isinstance(c, ft.TextField))
              for k in ("hand-0", "pile-0")}
    # two changes from the same render, as a fast typist's arrive before the next render
    with h._patched():
        for k, v in (("hand-0", "20"), ("pile-0", "7")):
            fields[k].value = v
            fields[k].on_change(ft.Event(name="change", control=fields[k]))
    h.render()
    assert "Together: 53 of 53 cards" in h.texts()  # 20 + 7 + 26 + 0


def test_entered_cards_and_the_tap_must_agree(store):
    """Cards entered below and a tap above are one answer. 2♥ for Ann and 9♣
    for Bea, then "Ann is higher": the cards say Bea (9 > 2), so it is refused in a sentence and
    nothing is saved; the tap that agrees records the cards too."""
    gid, h = open_table(store)
    h.pick("flip-picker", "2H")
    h.click("flip-left")  # half a pair: never silently dropped
    assert "2♥ is entered for Ann: enter Bea's card too and compare the cards, or take it back" in h.texts()
    assert log(store, gid) == ()
    h.pick("flip-picker", "9C")
    assert not h.has("flip-tap-problem")  # the refusal goes when the input it refused changes
    h.click("flip-left")
    assert ("the cards say Bea's card is higher but the tap says Ann's card is higher: enter one or the other"
            in h.texts())
    assert log(store, gid) == ()
    h.click("flip-right")
    assert log(store, gid) == (Flip(cards=(card("2H"), card("9C")), higher="right"),)


def test_a_growing_pile_is_not_shown_as_good_news(store):
    """In PC War the first to lose every card wins, so a count that grew is not
    drawn in the theme's "good" green: the change is neutral text."""
    import flet as ft

    _, h = open_table(store, actions=(Flip(higher="left"),))
    tile = h.find("pile-0")
    changes = [c for c in h.all_under("pile-0") if isinstance(c, ft.Text) and c.value == "+2 last step"]
    assert tile.label == "Ann's pile: 2 cards (2 more than before the last step)" and changes
    assert all(c.color == ft.Colors.ON_SURFACE_VARIANT for c in changes)


def test_the_blank_card_is_offered_only_when_the_deck_holds_it(store):
    """The picker is shared by every game; the Blank button comes from the deck."""
    gid, h = open_table(store)
    assert not h.has("flip-picker-blank")
    h.type("flip-picker-typed", "blank", submit=True)
    assert "the blank card is not in the deck" in h.texts() and log(store, gid) == ()
    gid, h = open_table(store, {"blank_card": "strongest"})
    assert h.has("flip-picker-blank") and "54 cards" in h.texts()
    h.pick("flip-picker", "BLANK")
    h.pick("flip-picker", "AS")
    h.click("flip-submit")
    # the blank card is the strongest: Ann's card takes both
    assert log(store, gid) == (Flip(cards=(card("BLANK"), card("AS"))),)
    assert "the blank card is the strongest card" in h.texts()
