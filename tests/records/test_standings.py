"""Each game's ranking of a finished game, worked out by hand from its rule text
(card_companion/rules/*.txt): the final figures, the places with ties, shared wins."""

from __future__ import annotations

from card_companion.calculators.cards import Card
from card_companion.companion.game import places_by
from card_companion.companion.records.standings import figure_of, standing
from card_companion.companion.registry import game

PAL, FIGHT, STRATEGO, PCWAR, CPG = (game(g) for g in ("peace-and-love", "fight", "card-stratego", "pc-war",
                                                      "cardpeegee"))


def card(text: str) -> Card:
    return Card.parse(text)


def pal_over(names, piles, **settings):
    st = PAL.initial_state(PAL.make_setup(names, settings))
    players = tuple(p.model_copy(update={"pile": tuple(card(c) for c in pile)}) for p, pile in zip(st.players, piles))
    return st.model_copy(update={"players": players, "phase": "over"})


def test_places_share_a_place_and_skip_the_next():
    # competition ranking: two firsts, then a third
    assert places_by([7, 7, 3]) == (1, 1, 3)
    assert places_by([1, 3, 2]) == (3, 1, 2)


def test_peace_and_love_highest_total_then_most_cards():
    # "The player who defeated the highest total value of fighters wins the game. Ties at the end
    # of the game are won by the player with the most cards in their victory pile."
    # Ann: K♣ = 13 points in 1 card; Bea: 6♥ + 7♥ = 13 in 2 cards; Cy: 9♠ + A♦ = 10 in 2 cards.
    # Bea wins the tie on cards (1st), Ann 2nd, Cy 3rd.
    f = standing(PAL, pal_over(["Ann", "Bea", "Cy"], [["KC"], ["6H", "7H"], ["9S", "AD"]]))
    assert f.standing.figures == (13, 13, 10)
    assert f.standing.places == (2, 1, 3)
    assert f.standing.winners == (1,)
    assert f.standing.teams == ((0,), (1,), (2,))


def test_peace_and_love_tie_on_points_and_cards_is_a_shared_first_place():
    # Ann: 6♣ + 7♣ = 13 in 2 cards; Bea: 6♥ + 7♥ = 13 in 2 cards: the same total and the same
    # number of cards: they share the win, both first.
    f = standing(PAL, pal_over(["Ann", "Bea"], [["6C", "7C"], ["6H", "7H"]]))
    assert f.standing.places == (1, 1) and f.standing.winners == (0, 1)


def test_peace_and_love_shoot_the_moon_puts_the_moon_first():
    # "In a multi-player game, if one player wins no fights, they shoot the moon and win the game."
    # Ann 13 (K♣), Bea 2 (2♣), Cy nothing: Cy won no fights and is first; then Ann 13, Bea 2.
    f = standing(PAL, pal_over(["Ann", "Bea", "Cy"], [["KC"], ["2C"], []], shoot_the_moon=True))
    assert f.standing.figures == (13, 2, 0)
    assert f.standing.places == (2, 3, 1) and f.standing.winners == (2,)


def test_peace_and_love_anti_math_geek_counts_the_fighters_left():
    # Anti Math Geek: the fighters still in play go to their owner's victory pile at the end.
    # Ann: pile 10♣ (10) + fighter 9♥ = 19; Bea: pile K♠ (13) + fighter 2♦ = 15. Without the
    # option Bea would lead 13–10; with it Ann wins 19–15.
    from card_companion.companion.peace_and_love.state import Fighter

    st = pal_over(["Ann", "Bea"], [["10C"], ["KS"]], anti_math_geek=True)
    players = tuple(p.model_copy(update={"fighters": (Fighter(card=card(c)), None, None)})
                    for p, c in zip(st.players, ["9H", "2D"]))
    f = standing(PAL, st.model_copy(update={"players": players}))
    assert f.standing.figures == (19, 15) and f.standing.places == (1, 2) and f.standing.winners == (0,)


def test_peace_and_love_stopped_early_is_ranked_as_it_stands():
    # The app's ruling (rulings/peace-and-love.md, "Stopping early"): a game stopped between
    # turns is scored as it stands, by the final score. Three players, Anti Math Geek on, the
    # players stop with the deck still holding cards:
    #   Ann: pile K♣ (13) + Q♦ (12) = 25, fighters 2♠ + 3♠ = 5  → 30 points, 4 cards
    #   Bea: pile 7♥ (7),                fighters 10♥ + 9♦ + 8♣ = 27 → 34 points, 4 cards
    #   Cy:  pile 6♣ + 5♦ + 4♥ = 15,      fighter A♣ = 1      → 16 points, 4 cards
    # Bea wins with 34, Ann second with 30, Cy third with 16; the game counts, stopped early.
    from card_companion.companion.peace_and_love.state import Fighter

    st = pal_over(["Ann", "Bea", "Cy"], [["KC", "QD"], ["7H"], ["6C", "5D", "4H"]], anti_math_geek=True)
    fighters = [["2S", "3S"], ["10H", "9D", "8C"], ["AC"]]
    players = tuple(p.model_copy(update={"fighters": tuple(Fighter(card=card(c)) for c in f) + (None,) * (3 - len(f))})
                    for p, f in zip(st.players, fighters))
    st = st.model_copy(update={"players": players, "stopped": True, "deck": 40})
    f = standing(PAL, st)
    assert f.standing.figures == (30, 34, 16) and f.standing.places == (2, 1, 3) and f.standing.winners == (1,)
    assert f.stopped_early and f.outcome.headline == "Stopped early: Bea wins with 34 points"


def test_peace_and_love_stopped_without_counting_or_still_played_has_no_standing():
    st = pal_over(["Ann", "Bea"], [["KC"], []])
    assert standing(PAL, st.model_copy(update={"stopped": True, "counted": False})) is None  # abandoned
    assert standing(PAL, st.model_copy(update={"phase": "turn"})) is None  # still being played
    assert not standing(PAL, st).stopped_early  # the deck ran out: an ending of its rules


def test_fight_the_first_to_two_rounds_wins_the_match():
    # "The first fighter to win 2 rounds wins the FIGHT!": Bea won rounds 1 and 3, Ann round 2:
    # Bea 2 rounds won (1st), Ann 1 (2nd).
    from card_companion.companion.fight import RoundRecord

    st = FIGHT.initial_state(FIGHT.make_setup(["Ann", "Bea"]))
    rounds = tuple(RoundRecord(number=i + 1, winner=w, points=(0, 0), piles=((), ()), turns=1, decided_by="points",
                               ended_by="13 points") for i, w in enumerate([1, 0, 1]))
    f = standing(FIGHT, st.model_copy(update={"rounds": rounds, "phase": "over"}))
    assert f.standing.figures == (1, 2) and f.standing.places == (2, 1) and f.standing.winners == (1,)
    assert figure_of("fight").unit == "rounds won"


def stratego_over(discarded: tuple[int, int], left: tuple[dict, dict]):
    st = STRATEGO.initial_state(STRATEGO.make_setup(["Ann", "Bea"]))
    armies = tuple(a.model_copy(update={"discard": (card("2H"),) * d, **where})
                   for a, d, where in zip(st.armies, discarded, left))
    return st.model_copy(update={"armies": armies, "phase": "over", "ended_by": "an army is destroyed"})


def test_card_stratego_winner_and_loser_by_the_army_left():
    # "When all twenty-seven of one player's cards have been discarded, the other player is the
    # winner." Bea's 27 are discarded; Ann has 19 discarded, 5 in her deck and 3 in hand: 27 − 19
    # = 8 cards left in her army. Ann 1st with 8, Bea 2nd with 0.
    f = standing(STRATEGO, stratego_over((19, 27), ({"deck": 5, "hand": 3}, {"deck": 0, "hand": 0})))
    assert f.standing.figures == (8, 0) and f.standing.places == (1, 2) and f.standing.winners == (0,)


def test_card_stratego_double_wipe_out_is_a_tie_nobody_wins():
    # "If both players run out of cards simultaneously, the game is a tie.": both first, no winner.
    f = standing(STRATEGO, stratego_over((27, 27), ({"deck": 0, "hand": 0}, {"deck": 0, "hand": 0})))
    assert f.standing.figures == (0, 0) and f.standing.places == (1, 1) and f.standing.winners == ()


def pc_war_over(cards: tuple[tuple[int, int], tuple[int, int]], winners, stopped=False):
    st = PCWAR.initial_state(PCWAR.make_setup(["Ann", "Bea"]))
    players = tuple(p.model_copy(update={"hand": h, "pile": k}) for p, (h, k) in zip(st.players, cards))
    return st.model_copy(update={"players": players, "phase": "over", "winners": winners, "stopped": stopped,
                                 "ended_by": "a player has no cards left"})


def test_pc_war_the_first_to_lose_all_cards_wins():
    # "The first player to get rid of all of his or her cards wins." Ann has none left; Bea holds
    # 30 in hand and 22 in her pile = 52 cards left. Ann 1st with 0 (fewer is better), Bea 2nd.
    f = standing(PCWAR, pc_war_over(((0, 0), (30, 22)), (0,)))
    assert f.standing.figures == (0, 52) and f.standing.places == (1, 2) and f.standing.winners == (0,)
    assert figure_of("pc-war").higher_is_better is False


def test_pc_war_both_out_at_once_share_the_win():
    f = standing(PCWAR, pc_war_over(((0, 0), (0, 0)), (0, 1)))
    assert f.standing.places == (1, 1) and f.standing.winners == (0, 1)


def test_pc_war_stopped_early_ranks_the_fewest_cards_first():
    # The app's ruling (rulings/pc-war.md, "Stopping"): stopped between flips, the player with
    # fewer cards (hand and pile) wins. Ann 10 in hand + 4 in her pile = 14; Bea 25 + 14 = 39:
    # Ann first with 14 cards left, Bea second with 39; stopped early, and it counts.
    from card_companion.companion.pc_war import Stop

    st = pc_war_over(((10, 4), (25, 14)), (), stopped=False).model_copy(update={"phase": "flip", "winners": ()})
    f = standing(PCWAR, PCWAR.apply(st, Stop()))
    assert f.standing.figures == (14, 39) and f.standing.places == (1, 2) and f.standing.winners == (0,)
    assert f.stopped_early
    # with as many cards each (Ann 20 + 6 = 26, Bea 19 + 7 = 26) both lead: a shared win, both first
    even = pc_war_over(((20, 6), (19, 7)), ()).model_copy(update={"phase": "flip"})
    f = standing(PCWAR, PCWAR.apply(even, Stop()))
    assert f.standing.figures == (26, 26) and f.standing.places == (1, 1) and f.standing.winners == (0, 1)
    # stopped without counting (abandoned): nobody wins, no standing
    gone = PCWAR.apply(st, Stop(counts=False))
    assert gone.phase == "over" and gone.winners == () and standing(PCWAR, gone) is None


def cpg_over(heroes: list[tuple[int, bool]], winners, why="the game ended"):
    st = CPG.initial_state(CPG.make_setup([f"P{i}" for i in range(len(heroes))]))
    made = tuple(h.model_copy(update={"ready": True, "hp": hp, "alive": alive, "died": "" if alive else "slain"})
                 for h, (hp, alive) in zip(st.heroes, heroes))
    return st.model_copy(update={"heroes": made, "phase": "over", "winners": winners, "ended_by": why})


def test_cardpeegee_last_hero_standing():
    # "Last Hero Standing - when all other players have died of death, the one still alive is
    # crowned champion": P1 alive with 23 HP wins; the dead P0 and P2 share second place, HP 0.
    f = standing(CPG, cpg_over([(-4, False), (23, True), (0, False)], (1,)))
    assert f.standing.figures == (0, 23, 0)
    assert f.standing.places == (2, 1, 2) and f.standing.winners == (1,)
    assert f.standing.teams == ((0,), (1,), (2,))


def test_cardpeegee_goliath_shared_win_rates_the_heroes_together():
    # Goliath ("if a player manages to accumulate 150 HP or more"): P0 (150) and P2 (160) reach it
    # at the same step and share the win, rated as one side; P1 alive with 40 HP comes next
    # (third, after two firsts), the dead P3 last (fourth).
    f = standing(CPG, cpg_over([(150, True), (40, True), (160, True), (-1, False)], (0, 2)))
    assert f.standing.figures == (150, 40, 160, 0)
    assert f.standing.places == (1, 3, 1, 4)
    assert f.standing.winners == (0, 2)
    assert f.standing.teams == ((0, 2), (1,), (3,))


def test_cardpeegee_every_hero_dead_nobody_wins():
    f = standing(CPG, cpg_over([(0, False), (-3, False)], ()))
    assert f.standing.places == (1, 1) and f.standing.winners == () and f.standing.figures == (0, 0)
