"""The fight calculator's screens, built in-process (tests/support/viewkit.py): cards picked as a tap
would, and what each screen shows checked against the answer of the same ask that
`companion resolve` gives for the same cards (requests written out here, by hand)."""

from __future__ import annotations

import flet as ft
import pytest

from card_companion.calculators.cards import Deck
from card_companion.calculators.words import in_seats
from card_companion.companion.protocol import resolve
from card_companion.companion.registry import GAMES
from card_companion.views.calculator.screen import CalculatorScreen
from card_companion.views.game_views import calculator_component
from card_companion.views.services import Prefs, Services, ServicesContext
from tests.support.viewkit import FakePage, ViewHarness, text_of


def texts_under(h: ViewHarness, ident: str) -> list[str]:
    """The Text values inside the control with this id, top to bottom."""
    found = []

    def walk(c):
        if isinstance(c, ft.Text) and (isinstance(c.value, str) or c.spans):
            found.append(text_of(c))
        for attr in ("content", "controls"):
            v = getattr(c, attr, None)
            for x in v if isinstance(v, list) else [v]:
                if isinstance(x, ft.BaseControl):
                    walk(x)

    walk(h.find(ident))
    return found


def explanation(h: ViewHarness, ident: str = "calc") -> list[str]:
    """The ruling's explanation lines as the screen shows them (without the bullets)."""
    return [t.removeprefix("• ") for t in texts_under(h, f"{ident}-explanation") if t.startswith("• ")]


def headline(h: ViewHarness, ident: str = "calc") -> str:
    return texts_under(h, f"{ident}-headline")[-1]


def shown(h: ViewHarness, ident: str = "calc") -> bool:
    return h.has(f"{ident}-headline")


# --- the screen --------------------------------------------------------------------------------


def screen_for(game_id: str) -> ViewHarness:
    services = {ServicesContext: Services(store=None, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None)}
    return ViewHarness(CalculatorScreen, contexts=services, route_params={"game": game_id},
                       page=FakePage(f"/calc/{game_id}"))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_calculator_opens_and_asks_for_no_name(game_id):
    h = screen_for(game_id)
    assert h.has("calc-game") and h.has("calc-result")
    assert "name" not in h.texts().lower()
    h.click("rules")
    assert h.page.routes[-1] == f"/rules/{game_id}?back=/calc/{game_id}"


def test_every_game_has_a_calculator_one_tap_from_home():
    from card_companion.views.home import HomeScreen

    services = {ServicesContext: Services(store=_NoSaves(), store_problem=None, prefs=Prefs(),
                                          set_prefs=lambda p: None)}
    h = ViewHarness(HomeScreen, contexts=services)
    for game_id in GAMES:
        h.click(f"calc-{game_id}")
        assert h.page.routes[-1] == f"/calc/{game_id}"
        assert calculator_component(game_id) is not None


class _NoSaves:
    """A save file with no games (and so no records for the home screen's game night)."""

    def __init__(self):
        from card_companion.companion.saves.storage import Store

        self._empty = Store(":memory:")

    def saved_games(self):
        return []

    def reading(self):
        return self._empty.reading()


def test_an_unknown_game_says_so():
    h = screen_for("chess")
    assert "There is no calculator for 'chess'" in h.texts()


def test_seat_names_replace_the_asks_player_numbers_once():
    seats = ["Attacker", "Defender", "Player 3"]
    assert in_seats("player 2 loses to player 0; player 1 wins", seats) == "Player 3 loses to Attacker; Defender wins"


# --- Card Stratego -----------------------------------------------------------------------------


def stratego():
    return ViewHarness(calculator_component("card-stratego"))


def test_stratego_scout_against_bomb_matches_the_ask():
    h = stratego()
    assert not shown(h)
    h.pick("calc-slots-picker", "3C")
    h.pick("calc-slots-picker", "AH")
    # a Scout (2, 3, 4) attacking a Bomb (Ace) destroys it
    answer = resolve({"game": "card-stratego", "ask": "battle", "attacker": "3C", "defender": "AH"})
    assert answer["destroyed"] == ["defender"]
    assert explanation(h) == answer["explanation"]
    assert headline(h) == "Attacker's 3♣ wins: Defender's A♥ is destroyed"
    assert "Scout against a Bomb" in h.texts()


def test_stratego_one_changed_card_is_a_new_ruling_at_once():
    h = stratego()
    h.pick("calc-slots-picker", "3C")
    h.pick("calc-slots-picker", "AH")
    h.click("calc-slots-slot-0")
    h.pick("calc-slots-picker", "KS")  # a King attacking a Bomb is destroyed
    answer = resolve({"game": "card-stratego", "ask": "battle", "attacker": "KS", "defender": "AH"})
    assert answer["destroyed"] == ["attacker"] and explanation(h) == answer["explanation"]
    assert headline(h) == "Defender's A♥ wins: Attacker's K♠ is destroyed"


def test_stratego_a_jack_gets_a_sentence_and_the_last_ruling_stays():
    h = stratego()
    h.pick("calc-slots-picker", "3C")
    h.pick("calc-slots-picker", "AH")
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "JD")
    problem = " ".join(texts_under(h, "calc-problem"))
    assert problem.startswith("J♦ is a Jack: Jacks are played from the hand") and problem.endswith(".")
    assert headline(h) == "Attacker's 3♣ wins: Defender's A♥ is destroyed"  # the last good ruling
    assert h.has("calc-stale")
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "7H")  # fixed: the sentence goes, the new ruling shows
    assert not h.has("calc-problem") and not h.has("calc-stale")
    assert headline(h) == "Defender's 7♥ wins: Attacker's 3♣ is destroyed"


def test_stratego_the_same_card_twice_is_refused_by_the_picker_warning():
    h = stratego()
    h.pick("calc-slots-picker", "9S")
    h.pick("calc-slots-picker", "8S")
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "9S")  # one pack: one 9♠
    assert "9♠ is entered 2 times but the deck holds one" in h.texts()
    assert h.has("calc-stale") and headline(h) == "Attacker's 9♠ wins: Defender's 8♠ is destroyed"


def test_stratego_swap_attacker_and_defender():
    h = stratego()
    h.pick("calc-slots-picker", "5D")
    h.pick("calc-slots-picker", "10C")
    h.click("calc-slots-submit")
    answer = resolve({"game": "card-stratego", "ask": "battle", "attacker": "10C", "defender": "5D"})
    assert explanation(h) == answer["explanation"]
    assert headline(h) == "Defender's 5♦ wins: Attacker's 10♣ is destroyed"


# --- Peace and Love ----------------------------------------------------------------------------


def peace_and_love():
    return ViewHarness(calculator_component("peace-and-love"))


def fight_request(players, fighters):
    return {"game": "peace-and-love", "ask": "fight", "players": players, "attacker": 0, "defender": 1,
            "fighters": [{"player": p, "fighter": f, "card": c} for p, f, c in fighters]}


SEATS3 = ["Attacker", "Defender", "Player 3"]


def test_peace_and_love_three_fighters_a_trump_and_a_tie():
    h = peace_and_love()
    assert h.find("fighters-value").label == "Fighters: 3"
    for c in "9H 7H 5S 2C 8D 5C".split():  # fighter, card; fighter, card; ...
        h.pick("calc-slots-picker", c)
    # 9 − 7 = 2, 5 − 2 = 3, 8 − 5 = 3; one trump (7♥ on 9♥) → the lowest wins; the highest (3)
    # is a tie between the defender and Player 3 → the defender loses, to the attacker's pile
    answer = resolve(fight_request(3, [(0, "9H", "7H"), (1, "5S", "2C"), (2, "8D", "5C")]))
    assert (answer["results"], answer["trumps"], answer["loser"]["player"], answer["taken_by"]) == ([2, 3, 3], 1, 1, 0)
    assert explanation(h) == [in_seats(x, SEATS3) for x in answer["explanation"]]
    assert "tie for losing between Defender's 5♠ and Player 3's 8♦ → the defender loses" in explanation(h)
    assert headline(h) == "Defender's 5♠ loses the round: it goes to Attacker's victory pile"
    assert "Trumps" in texts_under(h, "calc-result") and "1: lowest wins" in texts_under(h, "calc-result")


def test_peace_and_love_the_next_round_in_one_tap():
    h = peace_and_love()
    for c in "9H 7H 5S 2C 8D 5C".split():
        h.pick("calc-slots-picker", c)
    h.click("calc-slots-submit")  # round 2: the attacker's 9♥ and Player 3's 8♦ are left
    assert "Round 1: Defender's 5♠ loses the round" in h.texts()
    assert not shown(h)  # a new round starts without a ruling
    h.pick("calc-slots-picker", "3S")  # on the attacker's 9♥
    h.pick("calc-slots-picker", "2D")  # on Player 3's 8♦: a trump
    answer = resolve(fight_request(3, [(0, "9H", "3S"), (2, "8D", "2D")]))
    # 9 − 3 = 6, 8 − 2 = 6; one trump → the lowest wins; a tie of two: the attacker wins it
    assert answer["results"] == [6, 6] and answer["winner"]["player"] == 0
    assert explanation(h) == [in_seats(x, SEATS3) for x in answer["explanation"]]
    assert headline(h) == "Attacker's 9♥ wins: Player 3's 8♦ goes to Attacker's victory pile"
    h.click("calc-slots-submit")  # end the fight: one fighter left
    assert "Attacker's 9♥ is the last fighter: it wins the fight and is tapped." in h.texts()
    h.click("new-fight")
    assert h.find("fighters-value").label == "Fighters: 3" and not shown(h)


def test_peace_and_love_two_to_eleven_fighters_and_the_decks():
    h = peace_and_love()
    h.click("fighters-less")
    assert h.find("fighters-value").label == "Fighters: 2" and not h.is_enabled("fighters-less")
    assert "2 players: 1 deck shuffled together" in h.texts()
    for _ in range(9):
        h.click("fighters-more")
    assert h.find("fighters-value").label == "Fighters: 11" and not h.is_enabled("fighters-more")
    assert "11 players: 5 decks shuffled together" in h.texts()  # n ≥ 6: ⌊11/2⌋ = 5
    assert "Player 11's card" in h.texts()


def test_peace_and_love_a_card_more_often_than_the_decks_hold():
    h = peace_and_love()
    h.click("fighters-less")  # two players: one deck
    for c in "9H 7H 5S 2C".split():
        h.pick("calc-slots-picker", c)
    h.click("calc-slots-slot-3")
    h.pick("calc-slots-picker", "7H")  # a second 7♥ from one deck
    assert "7♥ is entered 2 times but the deck holds one" in h.texts()
    assert h.has("calc-stale") and headline(h) == "Attacker's 9♥ wins: Defender's 5♠ goes to Attacker's victory pile"
    # three at the table: two decks hold two 7♥. 9 − 7 = 2 (7♥ on 9♥: one trump), 5 − 7 = −2:
    # the lowest wins: the defender
    h.click("players-more")
    assert not h.has("calc-stale")
    assert headline(h) == "Defender's 5♠ wins: Attacker's 9♥ goes to Defender's victory pile"


# --- FIGHT! ------------------------------------------------------------------------------------


def fight():
    return ViewHarness(calculator_component("fight"))


FIGHT_SEATS = ["Player 1", "Player 2"]


def test_fight_a_tie_of_two_attack_cards_the_holder_wins():
    h = fight()
    h.select("holder", "0")  # Player 1 holds the Tie Breaker: 3♦ face up on their pile
    for c in "4S 4C 3D".split():
        h.pick("calc-slots-picker", c)
    # 4♠ Punch and 4♣ Kick: two attacks of equal value → the holder wins its own 4♠; 4 ≥ 3 → on
    # top of Player 1's pile, face up: the new Tie Breaker
    turn = resolve({"game": "fight", "ask": "turn", "cards": ["4S", "4C"], "tie_breaker": 0, "cycle": "default"})
    won = resolve({"game": "fight", "ask": "won-card", "piles": [[{"card": "3D", "face_up": True}], []],
                   "winner": 0, "card": "4S"})
    assert (turn["winner"], turn["collected"], won["placed"], won["tie_breaker"]) == (0, "4S", "top", "4S")
    assert explanation(h) == [in_seats(x, FIGHT_SEATS) for x in turn["explanation"] + won["explanation"]]
    assert headline(h) == ("Player 1 wins the turn and collects 4♠, face up on top of Player 1's victory pile: "
                           "the new Tie Breaker")
    h.click("calc-slots-submit")  # next turn: Player 1 holds 4♠, the two cards are cleared
    assert not shown(h)
    assert "Tie Breaker: top of Player 1's pile: 4♠" in h.texts()
    assert "Player 1's card: not entered" in h.texts()


def test_fight_the_other_player_takes_the_tie_breaker_in_the_reverse_cycle():
    h = fight()
    h.select("cycle", "reverse")
    h.select("holder", "0")
    h.select("other-pile", "card")
    for c in "2S 5C AH 6D".split():  # Player 1 2♠, Player 2 5♣; Player 1's top A♥ up, Player 2's 6♦ down
        h.pick("calc-slots-picker", c)
    # two attacks: the lower wins: Player 1's 2♠ (the cycle plays no part); Player 1 holds the
    # Tie Breaker A♥ (1) and wins 2 ≥ 1 → on top, face up
    turn = resolve({"game": "fight", "ask": "turn", "cards": ["2S", "5C"], "tie_breaker": 0, "cycle": "reverse"})
    won = resolve({"game": "fight", "ask": "won-card", "winner": 0, "card": "2S",
                   "piles": [[{"card": "AH", "face_up": True}], [{"card": "6D", "face_up": False}]]})
    assert explanation(h) == [in_seats(x, FIGHT_SEATS) for x in turn["explanation"] + won["explanation"]]
    # change both cards: Player 1 plays 3♠ Punch, Player 2 3♥ Dodge. In the
    # reverse cycle Dodge beats Punch → Player 2 wins with a defence card and collects 3♠;
    # 3 ≥ Player 1's Tie Breaker A♥ (1) → Player 2 takes the Tie Breaker
    h.click("calc-slots-slot-0")
    h.pick("calc-slots-picker", "3S")
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "3H")
    turn = resolve({"game": "fight", "ask": "turn", "cards": ["3S", "3H"], "tie_breaker": 0, "cycle": "reverse"})
    won = resolve({"game": "fight", "ask": "won-card", "winner": 1, "card": "3S",
                   "piles": [[{"card": "AH", "face_up": True}], [{"card": "6D", "face_up": False}]]})
    assert (turn["winner"], won["placed"], won["holder"]) == (1, "takes-tie-breaker", 1)
    assert explanation(h) == [in_seats(x, FIGHT_SEATS) for x in turn["explanation"] + won["explanation"]]
    assert headline(h).endswith("Player 2 takes the Tie Breaker")


def test_fight_nobody_holds_it_a_coin_is_needed_then_given():
    h = fight()
    h.pick("calc-slots-picker", "6S")
    h.pick("calc-slots-picker", "6C")
    assert headline(h) == "A tie and nobody holds the Tie Breaker: flip a coin"
    h.select("coin", "1")
    # the coin gives the tie to Player 2, who collects their own 6♣: the first card won this
    # round, face up: Player 2 holds the Tie Breaker
    turn = resolve({"game": "fight", "ask": "turn", "cards": ["6S", "6C"], "tie_breaker": None, "coin": 1})
    won = resolve({"game": "fight", "ask": "won-card", "winner": 1, "card": "6C"})
    assert explanation(h) == [in_seats(x, FIGHT_SEATS) for x in turn["explanation"] + won["explanation"]]
    assert won["placed"] == "first"


def test_fight_a_card_outside_the_deck_is_refused_under_the_picker():
    h = fight()
    h.pick("calc-slots-picker", "2D")
    h.pick("calc-slots-picker", "5H")
    assert headline(h) == "Nobody wins the turn: both cards are discarded"
    h.click("calc-slots-slot-1")
    h.type("calc-slots-picker-typed", "7H", submit=True)  # FIGHT! has A to 6 only
    assert "7♥ is not in the deck of FIGHT!" in h.texts()
    assert headline(h) == "Nobody wins the turn: both cards are discarded"


# --- PC War ------------------------------------------------------------------------------------


def pc_war():
    return ViewHarness(calculator_component("pc-war"))


PC_SEATS = ["Player 1", "Player 2"]


def test_pc_war_a_flip_matches_the_ask():
    h = pc_war()
    h.pick("calc-slots-picker", "JOKER")
    h.pick("calc-slots-picker", "2C")
    # the Joker is the lowest card: Player 2's 2♣ is higher and takes both
    answer = resolve({"game": "pc-war", "ask": "flip", "cards": ["JOKER", "2C"]})
    assert answer["takes"] == 1
    assert explanation(h) == [in_seats(x, PC_SEATS) for x in answer["explanation"]]
    assert headline(h) == "Player 2's card is higher: Player 2 takes both cards"
    assert not h.has("to-war")


def test_pc_war_no_jokers_in_the_deck_means_no_joker_to_pick():
    h = pc_war()
    assert h.has("calc-slots-picker-joker")
    h.select("jokers", "0")
    assert not h.has("calc-slots-picker-joker")


def test_pc_war_the_blank_card_is_offered_when_chosen_and_ranked_as_chosen():
    h = pc_war()
    assert not h.has("calc-slots-picker-blank")
    h.select("blank", "weakest")
    assert h.has("calc-slots-picker-blank")
    h.pick("calc-slots-picker", "BLANK")
    h.pick("calc-slots-picker", "JOKER")
    # the blank card is the weakest: Player 2's Joker is higher and takes both
    answer = resolve({"game": "pc-war", "ask": "flip", "cards": ["BLANK", "JOKER"], "blank_card": "weakest"})
    assert answer["takes"] == 1
    assert explanation(h) == [in_seats(x, PC_SEATS) for x in answer["explanation"]]
    assert headline(h) == "Player 2's card is higher: Player 2 takes both cards"


def test_pc_war_a_tie_walks_through_the_trade_and_war():
    h = pc_war()
    h.pick("calc-slots-picker", "KH")
    h.pick("calc-slots-picker", "KS")
    assert headline(h) == "A tie: trade and war"
    h.click("to-war")
    # the counts a newcomer starts from: hands 10 and 2, piles 3 and 5, 2 on the table
    answer = resolve({"game": "pc-war", "ask": "trade-and-war", "hands": [10, 2], "piles": [3, 5], "table": 2})
    assert explanation(h) == [in_seats(x, PC_SEATS) for x in answer["explanation"]]
    # Player 1 now holds 2: lays them, picks up the pile of 3, lays 2 more: 3 down, 1 up
    result = texts_under(h, "calc-result")
    assert "Player 1 lays" in result and "3 down, 1 up, picks up 3" in result
    assert headline(h) == "10 cards on the table: turn up the face-up cards"
    h.pick("calc-slots-picker", "9D")
    h.pick("calc-slots-picker", "9S")  # a tie in the war
    answer = resolve({"game": "pc-war", "ask": "trade-and-war", "hands": [10, 2], "piles": [3, 5], "table": 2,
                      "cards": ["9D", "9S"]})
    assert answer["war_again"] and explanation(h) == [in_seats(x, PC_SEATS) for x in answer["explanation"]]
    h.click("war-again")  # the whole procedure again from the counts it left: hands 1, 6; piles 0, 5; 10 down
    answer = resolve({"game": "pc-war", "ask": "trade-and-war", "hands": [1, 6], "piles": [0, 5], "table": 10})
    assert explanation(h) == [in_seats(x, PC_SEATS) for x in answer["explanation"]]
    h.pick("calc-slots-picker", "AC")
    h.pick("calc-slots-picker", "5H")
    # swap: Player 1 holds 6, Player 2 holds 1 (and a pile of 5): each lays 4; 10 + 8 = 18 on
    # the table; A♣ is higher: Player 1 takes all 18
    assert headline(h) == "Player 1's card is higher: Player 1 takes all 18 cards"


def test_pc_war_a_count_that_is_not_a_number_keeps_the_last_ruling():
    h = pc_war()
    h.select("mode", "war")
    before = headline(h)
    h.type("count-hand-0", "ten")
    assert "Player 1's hand: enter a whole number." in texts_under(h, "calc-problem")
    assert h.has("calc-stale") and headline(h) == before
    h.type("count-hand-0", "30")
    h.type("count-hand-1", "30")  # 30 + 30 + 3 + 5 + 2 = 70 cards: more than a deck holds
    assert texts_under(h, "calc-problem") == [
        "The hands, piles and table add up to 70 cards, but the deck holds at most 54."]


# --- CardPeeGee --------------------------------------------------------------------------------


def cardpeegee(part: str = "boss"):
    h = ViewHarness(calculator_component("cardpeegee"))
    if part != "boss":
        h.click(f"part-{part}")
    return h


def figures(h: ViewHarness) -> dict[str, str]:
    out = {}
    for c in h.all_under("calc-result"):
        ident = getattr(c, "identifier", None) or ""
        if ident.startswith("calc-figure-"):
            label, value = texts_under(h, ident)
            out[label] = value
    return out


def test_cardpeegee_opens_on_the_texts_boss_stack_example():
    h = cardpeegee()
    # the text's example: Q♥ K♠ 7♣ 4♦ → Queen HP 10, Attack 17, Deal 4; King HP 20, Attack 17, Deal 3
    # (Queen: 10 + no heart prop; 10 + 7♣; 3 + 1 spade prop K♠. King: 10 + Q♥ 10; 10 + 7♣; 3 + none)
    answer = resolve({"game": "cardpeegee", "ask": "boss-stack", "cards": ["QH", "KS", "7C", "4D"]})
    assert [(b["card"], b["hp"], b["attack"], b["deal"]) for b in answer["bosses"]] == [
        ("QH", 10, 17, 4), ("KS", 20, 17, 3)]
    assert explanation(h) == answer["explanation"]
    assert figures(h) == {"Queen Q♥": "HP 10 · Attack 17 · Deal 4", "King K♠": "HP 20 · Attack 17 · Deal 3"}
    assert headline(h) == "2 Bosses: Q♥ and K♠"


def test_cardpeegee_a_changed_boss_card_and_super_powers():
    h = cardpeegee()
    h.click("calc-slots-slot-2")
    h.pick("calc-slots-picker", "JC")  # 7♣ becomes J♣: a third Boss
    h.toggle("super-powers", True)
    answer = resolve({"game": "cardpeegee", "ask": "boss-stack", "cards": ["QH", "KS", "JC", "4D"],
                      "super_powers": True})
    assert explanation(h) == answer["explanation"]
    # J♣ is a club prop of the Queen (10 + 10 = 20) and gives every Boss +2: 22
    assert figures(h)["Queen Q♥"] == "HP 10 · Attack 22 · Deal 4"
    h.click("calc-slots-slot-0")
    h.pick("calc-slots-picker", "5H")
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "6H")
    h.click("calc-slots-slot-2")
    h.pick("calc-slots-picker", "7H")  # no face card left: not a Boss stack
    assert "A Boss stack needs at least one face card" in " ".join(texts_under(h, "calc-problem"))
    assert h.has("calc-stale")


def test_cardpeegee_played_cards_the_jack_then_ace_example():
    h = cardpeegee("play")
    assert headline(h) == "Worth 18♣"  # the text's Ace example: 5 + 7 = 12, half of 12 = 6, worth 18
    # the text's Jack-then-Ace example: 8♣ played as a heart with J♣ A♥ A♣ active → 6♥ → 9♥
    h.click("played-size-less")
    h.click("active-size-more")
    h.click("active-size-more")
    h.click("calc-slots-slot-0")
    h.pick("calc-slots-picker", "8C")
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "JC")
    h.pick("calc-slots-picker", "AH")
    h.pick("calc-slots-picker", "AC")
    h.select("as-8C", "H")
    answer = resolve({"game": "cardpeegee", "ask": "play", "cards": ["8C"], "active": ["JC", "AH", "AC"],
                      "as": {"8C": "H"}})
    assert answer["values"] == {"S": 0, "H": 9, "D": 0, "C": 0}
    assert explanation(h) == answer["explanation"] and headline(h) == "Worth 9♥"


def test_cardpeegee_combat_round_the_elemental_example():
    h = cardpeegee("combat")
    # 11 + 13 = 24 against 7 + 10 = 17; diamonds are strong against clubs: 17 + 3.4 → 21; 24 still
    # wins; the damage 11 is cut by 20 %: 11 − 2.2 = 8.8 → 9
    answer = resolve({"game": "cardpeegee", "ask": "combat-round", "fighters": [
        {"attack": 11, "element": "C", "drawn": 13}, {"attack": 7, "element": "D", "drawn": 10}]})
    assert (answer["scores"], answer["winner"], answer["hp_loss"]) == ([24, 21], 0, [0, 9])
    assert explanation(h) == answer["explanation"]
    assert headline(h) == "Fighter 1 wins, 24 against 21: Fighter 2 loses 9 HP"
    h.select("score-mode-1", "cards")  # Fighter 2 draws cards instead: 3 of them
    h.pick("calc-slots-picker", "10S")
    h.pick("calc-slots-picker", "KD")
    h.pick("calc-slots-picker", "2C")
    # 7 + 10 + 10 + 2 = 29, boosted by 20 %: 29 + 5.8 → 35 against 24: Fighter 2 wins and deals
    # their Attack 7 (diamonds are not weak against clubs)
    answer = resolve({"game": "cardpeegee", "ask": "combat-round", "fighters": [
        {"attack": 11, "element": "C", "drawn": 13}, {"attack": 7, "element": "D", "drawn": ["10S", "KD", "2C"]}]})
    assert answer["scores"] == [24, 35] and explanation(h) == answer["explanation"]
    h.type("attack-0", "x")
    assert "Fighter 1's Attack: enter a whole number." in texts_under(h, "calc-problem")


def test_cardpeegee_monster_and_a_healers_jailors():
    h = cardpeegee("encounter")
    for c in "9C 5C 3S".split():
        h.pick("calc-slots-picker", c)
    # HP 9 + no heart prop = 9; Attack 9 + 5♣ = 14; Deal 3 + 1 spade prop = 4
    answer = resolve({"game": "cardpeegee", "ask": "monster", "agitator": "9C", "props": ["5C", "3S"]})
    assert (answer["hp"], answer["attack"], answer["deal"]) == (9, 14, 4)
    assert explanation(h) == answer["explanation"]
    assert figures(h)["HP"] == "9" and figures(h)["Attack"] == "14" and figures(h)["Deal"] == "4"
    h.click("calc-slots-slot-0")
    h.pick("calc-slots-picker", "6H")  # a heart starts a Healer, not a Monster
    assert texts_under(h, "calc-problem") == ["A Monster's agitator is a club; 6♥ starts another encounter."]
    h.select("encounter-kind", "jailor")  # the same cards read as a Healer: 5♣ is a jailor
    assert headline(h) == "1 jailor to defeat first: 5♣"
    assert figures(h) == {"Jailor 5♣": "HP 5 · Attack 5 · Deal 3"}


def test_cardpeegee_trap_with_evasion_cards():
    h = cardpeegee("trap")
    h.click("evasion-size-less")
    h.click("evasion-size-less")  # one evasion card
    for c in "7S 3D 5H JC".split():
        h.pick("calc-slots-picker", c)
    # difficulty 7 + half of 3 (1.5 → 2) = 9; damage 7 + half of 5 (2.5 → 3) = 10; evasion J♣ 10
    # beats 9 by 1: 10 − 2 × 1 = 8 HP
    answer = resolve({"game": "cardpeegee", "ask": "trap", "agitator": "7S", "props": ["3D", "5H"],
                      "evasion": ["JC"]})
    assert (answer["difficulty"], answer["damage"], answer["hp_loss"]) == (9, 10, 8)
    assert explanation(h) == answer["explanation"]
    assert headline(h) == "Difficulty 9, evasion 10: the Hero loses 8 HP"


# --- sharing a ruling --------------------------------------------------------------------------


def stratego_on(page: FakePage) -> ViewHarness:
    h = ViewHarness(calculator_component("card-stratego"), page=page)
    h.pick("calc-slots-picker", "QS")
    h.pick("calc-slots-picker", "7H")
    return h


def test_the_ruling_as_plain_text():
    from card_companion.calculators.cards import card
    from card_companion.views.card_stratego.calculator import battle_ruling

    text = battle_ruling([card("QS"), card("7H")]).text("Card Stratego")
    answer = resolve({"game": "card-stratego", "ask": "battle", "attacker": "QS", "defender": "7H"})
    assert text.splitlines()[:3] == ["Card Stratego: Attacker's Q♠ attacks Defender's 7♥",
                                     "Attacker's Q♠ wins: Defender's 7♥ is destroyed",
                                     "Decided by: Queen against odd/even"]
    assert [f"• {line}" for line in answer["explanation"]] == text.splitlines()[3:-1]


def test_copy_on_this_device_says_it_is_copied():
    page = FakePage("/calc/card-stratego")
    page.url = "http://127.0.0.1:8550/calc/card-stratego"
    h = stratego_on(page)
    assert not h.has("calc-share")  # a Linux browser has no share sheet
    h.click("calc-copy")
    assert "Copied: paste it into the group chat." in h.texts()
    h.click("calc-slots-slot-1")
    h.pick("calc-slots-picker", "8H")  # a new ruling: not copied yet
    assert "Copied: paste it into the group chat." not in h.texts()


def test_copy_over_plain_http_on_the_tables_wifi_shows_the_text_to_select():
    page = FakePage("/calc/card-stratego")
    page.url = "http://192.168.1.20:8550/calc/card-stratego"
    page.platform = "android"
    h = stratego_on(page)
    assert not h.has("calc-share")  # no share sheet without https either
    h.click("calc-copy")
    field = next(c for c in h.all_under("calc-text") if isinstance(c, ft.TextField))
    assert field.read_only and field.value.startswith("Card Stratego: Attacker's Q♠ attacks Defender's 7♥")


def test_share_where_the_phone_has_a_share_sheet():
    page = FakePage("/calc/card-stratego")
    page.url = "https://cards.example/calc/card-stratego"
    page.platform = "ios"
    h = stratego_on(page)
    assert h.has("calc-share") and h.has("calc-copy")


# --- from an open table ------------------------------------------------------------------------


def test_from_a_table_the_calculator_takes_its_players_names(tmp_path):
    from card_companion.companion.registry import GAMES
    from card_companion.companion.saves.storage import open_store
    from card_companion.companion.session import Session
    from card_companion.views.table_screen import TableScreen

    store = open_store(tmp_path).store
    fight_game = GAMES["fight"]
    gid = store.create(Session.start(fight_game, fight_game.make_setup(["Ann", "Bea"])))
    services = {ServicesContext: Services(store=store, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None)}
    table = ViewHarness(TableScreen, contexts=services, route_params={"gid": gid})
    table.click("calculator")
    route = table.page.routes[-1]
    assert route == f"/calc/fight?back=%2Fplay%2F{gid}&name=Ann&name=Bea"
    h = ViewHarness(CalculatorScreen, contexts=services, route_params={"game": "fight"}, page=FakePage(route))
    h.select("holder", "1")
    for c in "2S 5C 4H".split():  # Ann 2♠, Bea 5♣; Bea's Tie Breaker 4♥
        h.pick("calc-slots-picker", c)
    # two attacks: the lower wins: Ann's 2♠; Bea holds the Tie Breaker 4♥ and 2 < 4: face down on Ann's pile
    turn = resolve({"game": "fight", "ask": "turn", "cards": ["2S", "5C"], "tie_breaker": 1})
    won = resolve({"game": "fight", "ask": "won-card", "winner": 0, "card": "2S",
                   "piles": [[], [{"card": "4H", "face_up": True}]]})
    assert explanation(h) == [in_seats(x, ["Ann", "Bea"]) for x in turn["explanation"] + won["explanation"]]
    assert headline(h) == "Ann wins the turn and collects 2♠, face down on Ann's victory pile"
    h.click("back")
    assert h.page.routes[-1] == f"/play/{gid}"


def test_roles_are_not_replaced_by_a_tables_names():
    from card_companion.views.calculator.screen import calc_route

    assert calc_route("card-stratego", ["Ann", "Bea"], "/play/x") == "/calc/card-stratego?back=%2Fplay%2Fx"


def test_stratego_one_card_entered_shows_its_odds_against_any_other_card():
    """With one card entered, the odds of the ask attack-odds over every other
    card of the deck (a Jack or a Joker never stands there)."""
    h = stratego()
    h.pick("calc-slots-picker", "7S")
    unknown = [str(c) for c in Deck(jokers=2).all_cards() if str(c) != "7S"]
    answer = resolve({"game": "card-stratego", "ask": "attack-odds", "attacker": "7S", "unknown": unknown})
    # 7♠ attacking: 47 cards can stand (52 + 2 Jokers − 7♠ − 4 Jacks − 2 Jokers). It beats the
    # 2-6 (5 ranks × 4 = 20) and the Kings (a King loses to odd cards: 4) → 24; it loses to the
    # Aces (Bombs: 4), the 8-10 (12) and the Queens (a Queen beats odd cards: 4) → 20; it meets
    # the other three 7s → 3. 24/47 = 51 %, 20/47 = 43 %, 3/47 = 6 %.
    assert answer["counted"] == 47
    assert (answer["attacker_wins"], answer["defender_wins"], answer["both_destroyed"]) == (24 / 47, 20 / 47, 3 / 47)
    assert headline(h) == "If it is any other card: the attacker wins 51%, the defender 43%, both destroyed 6%"
    assert explanation(h) == answer["explanation"]
    h.pick("calc-slots-picker", "AH")  # the second card: the battle itself
    assert headline(h) == "Defender's A♥ wins: Attacker's 7♠ is destroyed"


def test_peace_and_love_one_card_left_shows_each_fighters_odds():
    """Every fighter and all but one played card entered: each fighter's chance
    to lose whatever the last card is (the ask fight-odds, over the 52 − 3 = 49 cards left)."""
    h = peace_and_love()
    h.click("fighters-less")  # two fighters
    for c in "9H 7H 5S".split():  # the attacker's 9♥ with 7♥; the defender's 5♠, card unknown
        h.pick("calc-slots-picker", c)
    unknown = [str(c) for c in Deck().all_cards() if str(c) not in ("9H", "7H", "5S")]
    answer = resolve({"game": "peace-and-love", "ask": "fight-odds", "players": 2, "attacker": 0, "defender": 1,
                      "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S"}],
                      "unknown": unknown})
    assert answer["counted"] == 49 and abs(sum(answer["loses"]) - 1) < 1e-9
    assert explanation(h) == [in_seats(x, ["Attacker", "Defender"]) for x in answer["explanation"]]
    worst = max(range(2), key=lambda i: answer["loses"][i])
    fighter = ["9♥", "5♠"][worst]
    assert headline(h) == (f"If it is any card left: {['Attacker', 'Defender'][worst]}'s {fighter} loses most often "
                           f"({answer['loses'][worst]:.0%})")
    h.pick("calc-slots-picker", "2C")  # the last card: the round itself
    # 9 − 7 = 2 (a trump), 5 − 2 = 3; one trump → the lowest wins: the attacker's 2
    assert headline(h) == "Attacker's 9♥ wins: Defender's 5♠ goes to Attacker's victory pile"
