"""PC War at the table: hand-worked sequences (setup + actions → the numbers players track),
legality, history, undo and save → load. Counts are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import card
from card_companion.companion.game import IllegalAction
from card_companion.companion.pc_war import GAME, PCWarState, queries
from card_companion.companion.session import Session

G = GAME


def start(jokers: int = 1, at_once: bool = False) -> Session:
    setup = G.make_setup(["Ann", "Bea"], {"jokers": jokers, "last_card_wins_at_once": at_once})
    return Session.start(G, setup)


def act(s: Session, **action) -> Session:
    return s.push(G.parse_action(action))


def counts(s: Session) -> tuple[tuple[int, int], tuple[int, int], int]:
    """(Ann's hand, pile), (Bea's hand, pile), cards on the table"""
    a, b = s.state.players
    return (a.hand, a.pile), (b.hand, b.pile), s.state.table


def flips(s: Session, n: int, higher: str) -> Session:
    for _ in range(n):
        s = act(s, kind="flip", higher=higher)
    return s


# --- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(("jokers", "dealt"), [(0, (26, 26)), (1, (27, 26)), (2, (27, 27))])
def test_the_deal(jokers: int, dealt: tuple[int, int]) -> None:
    s = start(jokers)
    assert queries.dealt(s.setup) == dealt
    assert counts(s) == ((dealt[0], 0), (dealt[1], 0), 0)
    assert s.state.phase == "flip"
    assert G.summary(s.state) == {
        "Flips": "0", "Wars": "0",
        "Ann's hand": f"{dealt[0]} cards", "Ann's pile": "0 cards",
        "Bea's hand": f"{dealt[1]} cards", "Bea's pile": "0 cards",
    }


def test_settings_are_checked() -> None:
    with pytest.raises(IllegalAction, match="jokers"):
        G.make_setup(["Ann", "Bea"], {"jokers": 3})
    with pytest.raises(IllegalAction, match="for 2 players, not 3"):
        G.make_setup(["Ann", "Bea", "Cy"])


# --- flips --------------------------------------------------------------------------------


def test_a_flip_entered_as_cards() -> None:
    s = act(start(), kind="flip", cards=["KH", "7S"])
    # Ann's King is higher: she takes both. Ann 27 - 1 = 26 in hand, pile 0 + 2; Bea 26 - 1 = 25
    assert counts(s) == ((26, 2), (25, 0), 0)
    assert s.state.flips == 1
    assert s.state.last.takes == 0
    assert G.known_cards(s.state) == [card("KH"), card("7S")]
    assert s.history()[-1].text == "Flip 1: Ann K♥, Bea 7♠ → Ann takes both"
    assert [str(c) for c in s.history()[-1].changes] == [
        "Flips: 0 → 1", "Ann's hand: 27 cards → 26 cards", "Ann's pile: 0 cards → 2 cards",
        "Bea's hand: 26 cards → 25 cards",
    ]


def test_a_flip_with_one_tap() -> None:
    s = act(start(), kind="flip", higher="right")
    # Bea's card is higher: Bea takes both: Ann 26 / 0, Bea 25 / 2
    assert counts(s) == ((26, 0), (25, 2), 0)
    assert s.history()[-1].text == "Flip 1: Bea's card is higher → Bea takes both"
    assert s.state.last.explanation == (
        "the players called it: Bea's card is higher",
        "the higher card takes both: Bea puts both cards on their pile",
    )
    assert G.known_cards(s.state) == []  # a tap names no card


def test_cards_and_tap_together_must_agree() -> None:
    s = act(start(), kind="flip", cards=["2C", "JOKER"], higher="left")
    assert counts(s) == ((26, 2), (25, 0), 0)  # 2♣ beats the Joker: Ann takes
    with pytest.raises(IllegalAction, match="the cards say Ann's card is higher but the tap says a tie"):
        act(start(), kind="flip", cards=["2C", "JOKER"], higher="tie")


# --- hand-worked sequences -----------------------------------------------------------------


def test_a_war_won() -> None:
    s = start()
    s = act(s, kind="flip", cards=["KH", "7S"])  # Ann takes: (26, 2) (25, 0)
    s = act(s, kind="flip", cards=["9D", "9S"])  # a tie: hands 25 and 24, 2 on the table
    assert counts(s) == ((25, 2), (24, 0), 2)
    assert s.state.phase == "swap"
    assert queries.can_swap(s.state) and not queries.can_flip(s.state)
    assert queries.war_steps(s.state) == [
        "Swap hands: Ann hands 25 cards to Bea and takes Bea's 24 cards",
        "Ann lays 3 face down and 1 face up",
        "Bea lays 3 face down and 1 face up",
    ]
    s = act(s, kind="swap")
    # Ann now holds 24, lays 4 → 20; Bea holds 25, lays 4 → 21; table 2 + 8 = 10
    assert counts(s) == ((20, 2), (21, 0), 10)
    assert s.state.phase == "war" and s.state.wars == 1
    assert s.history()[-1].text == (
        "Ann and Bea swap hands (Ann gets 24 cards, Bea gets 25 cards); "
        "Ann lays 3 face down and 1 face up; Bea lays 3 face down and 1 face up"
    )
    s = act(s, kind="war", cards=["3C", "QD"])
    # Bea's Queen is higher: Bea takes all 10 → pile 10. 20 + 2 + 21 + 10 = 53
    assert counts(s) == ((20, 2), (21, 10), 0)
    assert s.state.phase == "flip"
    assert (s.state.flips, s.state.wars, s.state.longest_war, s.state.longest_war_cards) == (2, 1, 1, 10)
    assert s.history()[-1].text == "War, face up: Ann 3♣, Bea Q♦ → Bea takes all 10 cards"
    # the known cards: K♥ 7♠ in Ann's pile; 9♦ 9♠ 3♣ Q♦ in Bea's (face-down ones are unknown)
    assert s.state.players[1].pile_cards == tuple(card(c) for c in ("9D", "9S", "3C", "QD"))
    assert G.summary(s.state)["Longest war"] == "1 war (10 cards)"


def test_a_war_with_a_tie_inside() -> None:
    s = start()
    s = act(s, kind="flip", cards=["5H", "5C"])  # tie: hands 26, 25; table 2
    s = act(s, kind="swap")  # Ann 25 - 4 = 21, Bea 26 - 4 = 22; table 10
    assert counts(s) == ((21, 0), (22, 0), 10)
    s = act(s, kind="war", higher="tie")
    assert s.state.phase == "swap"  # the whole procedure again
    assert counts(s) == ((21, 0), (22, 0), 10)
    s = act(s, kind="swap")  # Ann gets 22 - 4 = 18, Bea gets 21 - 4 = 17; table 18
    assert counts(s) == ((18, 0), (17, 0), 18)
    s = act(s, kind="war", cards=["AS", "JOKER"])  # Ann's Ace: Ann takes 18
    assert counts(s) == ((18, 18), (17, 0), 0)  # 36 + 17 = 53
    assert (s.state.flips, s.state.wars, s.state.longest_war, s.state.longest_war_cards) == (1, 2, 2, 18)
    assert G.summary(s.state)["Longest war"] == "2 wars in a row (18 cards)"


def _ann_takes_24() -> Session:
    # Ann takes 24 flips: hand 27 - 24 = 3, pile 48; Bea hand 26 - 24 = 2, pile 0
    s = flips(start(), 24, "left")
    assert counts(s) == ((3, 48), (2, 0), 0)
    s = act(s, kind="flip", higher="tie")  # Ann 2, Bea 1 in hand; table 2
    assert counts(s) == ((2, 48), (1, 0), 2)
    return s


def test_a_war_where_a_player_has_2_cards() -> None:
    s = _ann_takes_24()
    # The swap: Ann gets Bea's 1 card; Bea gets Ann's 2.
    # Ann: lays her 1, picks up her pile of 48, lays 3 more → 45 in hand.
    # Bea has only 2 cards: 1 face down, the last face up → 0. Table 2 + 4 + 2 = 8.
    assert queries.war_steps(s.state) == [
        "Swap hands: Ann hands 2 cards to Bea and takes Bea's 1 card",
        "Ann lays 3 face down and 1 face up (Ann's hand ran out after 1 card: "
        "Ann picks up and shuffles the pile of 48 cards)",
        "Bea has only 2 cards: lays 1 face down and the last face up",
    ]
    s = act(s, kind="swap")
    assert counts(s) == ((45, 0), (0, 0), 8)
    assert s.state.phase == "war"  # Bea laid her last card, but the war is played out
    lays = s.state.lays
    assert (lays[0].down, lays[0].up, lays[0].picked_up) == (3, 1, 48)
    assert (lays[1].down, lays[1].up, lays[1].picked_up) == (1, 1, 0)

    # Bea's face-up card is higher: she takes the 8 and picks them up at once
    won = act(s, kind="war", higher="right")
    assert counts(won) == ((45, 0), (8, 0), 0)
    assert queries.announcements(won.state) == ["Bea's hand is empty: Bea picks up and shuffles the pile (8 cards)"]

    # Ann's face-up card is higher: Ann takes the 8; Bea has no cards left and wins
    lost = act(s, kind="war", higher="left")
    assert counts(lost) == ((45, 8), (0, 0), 0)
    assert lost.is_over and lost.outcome.winners == (1,)
    assert lost.outcome.headline == "Bea wins: no cards left"
    assert "25 flips, 1 war, longest war: 1 war (8 cards)" in lost.outcome.details


def test_a_war_with_2_cards_and_last_card_wins_at_once() -> None:
    s = flips(start(at_once=True), 24, "left")
    s = act(s, kind="flip", higher="tie")
    assert queries.war_steps(s.state)[-1] == "Bea lays their last card and wins at once (Last card wins at once)"
    s = act(s, kind="swap")
    # Bea lays her last 2 cards: she wins at once; the table (8) goes to Ann's pile
    assert s.is_over and s.outcome.winners == (1,)
    assert counts(s) == ((45, 8), (0, 0), 0)
    assert s.state.ended_by == "Bea laid their last card in the war and has run out of cards; the table goes to Ann"


def test_a_player_empties_their_hand_and_picks_up_their_pile() -> None:
    s = act(start(), kind="flip", higher="left")  # Ann takes: (26, 2) (25, 0)
    s = flips(s, 24, "right")  # Bea takes 24: Ann 26 - 24 = 2; Bea 25 - 24 = 1, pile 48
    assert counts(s) == ((2, 2), (1, 48), 0)
    s = act(s, kind="flip", higher="right")
    # Ann 1; Bea's hand is empty, her pile 48 + 2 = 50: she picks it up
    assert counts(s) == ((1, 2), (50, 0), 0)
    assert s.state.picked_up == (0, 50)
    assert queries.announcements(s.state) == ["Bea's hand is empty: Bea picks up and shuffles the pile (50 cards)"]
    assert s.history()[-1].text == (
        "Flip 26: Bea's card is higher → Bea takes both; "
        "Bea's hand is empty: Bea picks up and shuffles the pile (50 cards)"
    )
    assert "Bea's hand: 1 card → 50 cards" in [str(c) for c in s.history()[-1].changes]
    s = act(s, kind="flip", higher="left")
    # Ann takes with her last card in hand: pile 2 + 2 = 4, picked up → hand 4; Bea 49
    assert counts(s) == ((4, 0), (49, 0), 0)
    assert queries.announcements(s.state) == ["Ann's hand is empty: Ann picks up and shuffles the pile (4 cards)"]


def test_the_last_card_leaving_a_player() -> None:
    s = act(start(), kind="flip", higher="left")
    s = flips(s, 25, "right")
    s = act(s, kind="flip", higher="left")  # as above: Ann (4, 0), Bea (49, 0)
    s = flips(s, 3, "right")  # Ann 1 in hand; Bea 46 in hand, pile 6
    assert counts(s) == ((1, 0), (46, 6), 0)
    assert not s.is_over
    s = act(s, kind="flip", cards=["4S", "8H"])  # Ann's last card is lower: Bea takes
    assert counts(s) == ((0, 0), (45, 8), 0)
    assert s.is_over
    out = s.outcome
    assert out.winners == (0,)
    assert out.headline == "Ann wins: no cards left"
    assert out.details[:2] == ("The game ended: Ann has no cards left in hand or pile.", "31 flips, 0 wars")
    assert queries.prompt(s.state) == "Ann wins: no cards left"
    assert queries.announcements(s.state) == ["Ann wins: no cards left"]
    with pytest.raises(IllegalAction, match="the game is over"):
        act(s, kind="flip", higher="left")
    with pytest.raises(IllegalAction, match="the game is over"):
        G.apply(s.state, G.parse_action({"kind": "stop"}))


def test_a_tie_with_the_last_card() -> None:
    s = start()
    s = act(s, kind="recount", hands=[1, 30], piles=[0, 22])  # 1 + 30 + 22 = 53
    s = act(s, kind="flip", higher="tie")  # Ann lays her last card: 0 / 0, Bea 29 / 22
    assert counts(s) == ((0, 0), (29, 22), 2)
    assert not s.is_over  # the swap comes first
    s = act(s, kind="swap")
    # Ann gets 29, lays 4 → 25. Bea gets nothing: picks up 22, lays 4 → 18. Table 10
    assert counts(s) == ((25, 0), (18, 0), 10)

    s = start(at_once=True)
    s = act(s, kind="recount", hands=[1, 30], piles=[0, 22])
    s = act(s, kind="flip", higher="tie")
    # with "last card wins at once": Ann wins; the 2 table cards go to Bea's pile
    assert s.is_over and s.outcome.winners == (0,)
    assert counts(s) == ((0, 0), (29, 24), 0)
    assert "Last card wins at once: a player who lays their last card wins" in s.outcome.details


def test_no_card_to_lay_after_the_swap() -> None:
    s = start()
    s = flips(s, 25, "right")  # Ann 2, Bea 1 in hand, pile 50
    s = act(s, kind="flip", higher="tie")  # Ann 1, Bea 0 in hand; table 2
    assert counts(s) == ((1, 0), (0, 50), 2)
    s = act(s, kind="swap")
    # Ann gets Bea's empty hand and has no pile: no card to lay → Ann wins, nobody lays,
    # the table (2) goes to Bea: Bea 1 in hand (Ann's), pile 52
    assert s.is_over and s.outcome.winners == (0,)
    assert counts(s) == ((0, 0), (1, 52), 0)
    assert s.state.wars == 0
    assert s.history()[-1].text == (
        "Ann and Bea swap hands (Ann gets 0 cards, Bea gets 1 card); Ann has no card to lay: "
        "Ann has run out of cards; the game is over: Ann had no card to lay in the war and has "
        "run out of cards; the table goes to Bea"
    )


def test_both_run_out_at_once_share_the_win() -> None:
    s = start(jokers=0)  # 26 and 26
    s = act(s, kind="flip", higher="tie")  # 25 / 25, table 2
    for hands, table in [(21, 10), (17, 18), (13, 26), (9, 34), (5, 42), (1, 50)]:
        s = act(s, kind="swap")  # each lays 4
        assert counts(s) == ((hands, 0), (hands, 0), table)
        s = act(s, kind="war", higher="tie")
    s = act(s, kind="swap")  # each has 1 card: lays it face up
    assert counts(s) == ((0, 0), (0, 0), 52)
    s = act(s, kind="war", higher="tie")
    assert not s.is_over
    s = act(s, kind="swap")  # nobody has a card
    assert s.is_over and s.outcome.winners == (0, 1)
    assert s.outcome.headline == "Ann and Bea share the win"
    assert counts(s) == ((0, 0), (0, 0), 52)
    assert (s.state.wars, s.state.longest_war) == (7, 7)


# --- stop and recount -------------------------------------------------------------------------


def test_stop_fewest_cards_wins() -> None:
    s = flips(start(), 3, "left")  # Ann 24 + 6 = 30, Bea 23
    s = act(s, kind="stop")
    assert s.outcome.winners == (1,)
    # no rule ends the game by a stop (rule 6 only by a player out of cards): the result says it is
    # the app's ruling
    assert s.outcome.headline == "Stopped early: fewest cards leads, Bea (the app's ruling)"
    assert any("this app's own ruling" in d for d in s.outcome.details)
    assert s.state.ended_by == "the players stopped after 3 flips: Bea has fewer cards (23 against 30)"
    s = act(start(jokers=0), kind="stop")
    assert s.outcome.winners == (0, 1)
    assert s.outcome.headline == "Stopped early: Ann and Bea hold as many cards (the app's ruling)"


def test_recount() -> None:
    s = act(start(), kind="recount", hands=[20, 21], piles=[5, 7])
    assert counts(s) == ((20, 5), (21, 7), 0)
    with pytest.raises(IllegalAction, match="add up to 52 cards, but the deck has 53"):
        act(s, kind="recount", hands=[20, 20], piles=[5, 7])
    with pytest.raises(IllegalAction, match="already has"):
        act(s, kind="recount", hands=[20, 21], piles=[5, 7])
    with pytest.raises(IllegalAction, match="negative"):
        act(s, kind="recount", hands=[-1, 22], piles=[5, 7])
    # an empty hand picks up its pile; no cards at all wins
    s2 = act(s, kind="recount", hands=[0, 21], piles=[25, 7])
    assert counts(s2) == ((25, 0), (21, 7), 0)
    s3 = act(s, kind="recount", hands=[0, 46], piles=[0, 7])
    assert s3.is_over and s3.outcome.winners == (0,)


# --- legality ---------------------------------------------------------------------------------


def _illegal(s: Session, message: str, **action) -> None:
    before = s.state
    with pytest.raises(IllegalAction, match=message):
        act(s, **action)
    assert s.state == before


def test_actions_in_the_wrong_phase() -> None:
    s = start()
    _illegal(s, "only swapped after a tie", kind="swap")
    _illegal(s, "there is no war", kind="war", higher="left")
    tie = act(s, kind="flip", higher="tie")
    _illegal(tie, "it is a tie: swap hands first", kind="flip", higher="left")
    _illegal(tie, "swap hands first", kind="war", higher="left")
    _illegal(tie, "finish the war first", kind="stop")
    _illegal(tie, "finish the war first", kind="recount", hands=[20, 21], piles=[5, 5])
    war = act(tie, kind="swap")
    _illegal(war, "already swapped", kind="swap")
    _illegal(war, "a war is on", kind="flip", higher="left")


def test_bad_cards() -> None:
    s = start()
    _illegal(s, "enter both face-up cards, or tap", kind="flip")
    _illegal(s, "only one Q♠", kind="flip", cards=["QS", "QS"])
    _illegal(s, "one Joker", kind="flip", cards=["JOKER", "JOKER"])
    _illegal(start(jokers=0), "Joker is not in the deck", kind="flip", cards=["JOKER", "2S"])
    _illegal(s, "is not a card", kind="flip", cards=["1H", "2S"])
    _illegal(s, "cards", kind="flip", cards=["2S"])
    _illegal(s, "higher", kind="flip", higher="up")
    _illegal(s, "'teleport' is not a step of this game", kind="teleport")
    two = act(start(jokers=2), kind="flip", cards=["JOKER", "JOKER"])  # two Jokers tie
    assert two.state.phase == "swap"


# --- the screens' helpers ---------------------------------------------------------------------


def test_helpers_per_phase() -> None:
    s = start()
    assert queries.prompt(s.state) == "Flip: both turn their top card face up"
    assert queries.tap_choices(s.state) == {"left": "Ann's card is higher", "right": "Bea's card is higher",
                                            "tie": "Tie"}
    assert (queries.can_flip(s.state), queries.can_swap(s.state), queries.can_war(s.state)) == (True, False, False)
    assert queries.can_stop(s.state) and queries.can_recount(s.state)
    assert queries.war_preview(s.state) is None and queries.war_steps(s.state) == []
    s = act(s, kind="flip", higher="tie")
    assert queries.prompt(s.state).startswith("A tie! Swap hands")
    assert queries.tap_choices(s.state) == {}
    assert queries.war_preview(s.state).laid == 8
    s = act(s, kind="swap")
    assert queries.can_war(s.state) and not queries.can_stop(s.state)
    assert queries.war_steps(s.state) == ["Ann laid 3 face down and 1 face up", "Bea laid 3 face down and 1 face up"]
    assert queries.cards_left(s.state, 0) == 21


# --- undo, save and load ----------------------------------------------------------------------


def test_undo_a_war_step_by_step() -> None:
    s0 = start()
    s1 = act(s0, kind="flip", cards=["9D", "9S"])
    s2 = act(s1, kind="swap")
    s3 = act(s2, kind="war", higher="left")
    assert s3.undo().state == s2.state
    assert s3.undo().undo().state == s1.state
    assert s3.undo().undo().undo().state == s0.state
    assert s3.undo().redo().state == s3.state


def test_save_and_load_mid_war() -> None:
    s = act(start(jokers=2, at_once=True), kind="flip", cards=["10H", "10C"])
    s = act(s, kind="swap")
    loaded = Session.from_json(s.to_json())
    assert loaded.state == s.state
    assert loaded.setup.settings.jokers == 2 and loaded.setup.settings.last_card_wins_at_once


# --- the tracker never crashes on what a user could enter -------------------------------------

ANY_ACTION = st.one_of(
    st.fixed_dictionaries({"kind": st.just("flip"), "higher": st.sampled_from(["left", "right", "tie"])}),
    st.fixed_dictionaries({"kind": st.just("war"), "higher": st.sampled_from(["left", "right", "tie"])}),
    st.fixed_dictionaries({"kind": st.sampled_from(["flip", "war"]),
                           "cards": st.lists(st.sampled_from(["AS", "AH", "2C", "JOKER", "KD", "XX"]),
                                             min_size=0, max_size=3)}),
    st.fixed_dictionaries({"kind": st.sampled_from(["swap", "stop"])}),
    st.fixed_dictionaries({"kind": st.just("recount"),
                           "hands": st.tuples(st.integers(-2, 60), st.integers(-2, 60)),
                           "piles": st.tuples(st.integers(-2, 60), st.integers(-2, 60))}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=st.lists(ANY_ACTION, max_size=80), jokers=st.sampled_from([0, 1, 2]), at_once=st.booleans())
def test_any_input_is_applied_or_refused(actions: list[dict], jokers: int, at_once: bool) -> None:
    s = start(jokers, at_once)
    for data in actions:
        before: PCWarState = s.state
        try:
            s = act(s, **data)
        except IllegalAction:
            assert s.state == before  # refused: nothing changed
            continue
        G.random_play().check_invariants(s.state)
        assert s.history()[-1].text


# --- what the last step did (the table's result panel asks last_result) ------------------------


def last(s: Session):
    return queries.last_result(s.state, s.actions[-1], s.said[-1]) if s.actions else queries.last_result(s.state)


def test_last_result_before_the_first_flip_is_the_deal() -> None:
    r = last(start(jokers=1))
    # 52 + 1 Joker = 53 cards, dealt one at a time from Ann: Ann 27, Bea 26 (rule: "deal out
    # the entire deck, face down to form two piles")
    assert r.title == "The deal"
    assert r.lines[0] == ("Deal the whole deck (53 cards) one at a time, face down: Ann gets 27 cards, "
                          "Bea gets 26 (Ann is dealt first and gets the odd card).")
    assert (r.shown, r.notes) == ((), ())
    assert "(Ann is dealt first" not in last(start(jokers=0)).lines[0]  # 52: 26 and 26


def test_last_result_of_a_flip_shows_the_cards_and_why() -> None:
    s = act(start(), kind="flip", cards=["KH", "7S"])
    r = last(s)
    # rule 3: the King outranks the 7, so Ann takes both
    assert r.title == "Flip 1: Ann K♥, Bea 7♠ → Ann takes both"
    assert r.shown == ((card("KH"), "Ann"), (card("7S"), "Bea"))
    assert r.lines == s.state.last.explanation and r.notes == ()


def test_last_result_says_a_pickup_apart_from_the_flip() -> None:
    s = act(start(), kind="flip", higher="left")  # Ann (26, 2), Bea (25, 0)
    s = flips(s, 24, "right")  # Bea takes 24: Ann 2 in hand; Bea 1 in hand, pile 48
    s = act(s, kind="flip", higher="right")  # Bea's last card takes: pile 48 + 2 = 50, picked up (rule 4)
    r = last(s)
    assert r.title == "Flip 26: Bea's card is higher → Bea takes both"  # the pickup is not in the title
    assert r.shown == ()  # a tap names no card
    assert r.lines == ("the players called it: Bea's card is higher",
                       "the higher card takes both: Bea puts both cards on their pile")
    assert r.notes == ("Bea's hand is empty: Bea picks up and shuffles the pile (50 cards)",)


def test_last_result_of_a_swap_walks_through_the_war() -> None:
    s = act(start(), kind="flip", cards=["KH", "7S"])  # Ann (26, 2), Bea (25, 0)
    s = act(s, kind="flip", cards=["9D", "9S"])  # a tie (rule 5): hands 25 and 24
    s = act(s, kind="swap")  # Ann gets Bea's 24, Bea gets Ann's 25; each lays 3 down, 1 up
    r = last(s)
    assert r.title == "Ann and Bea swap hands (Ann gets 24 cards, Bea gets 25 cards)"
    assert r.lines == ("Ann laid 3 face down and 1 face up", "Bea laid 3 face down and 1 face up")
    assert (r.shown, r.notes) == ((), ())
    r = last(act(s, kind="war", cards=["3C", "QD"]))
    # the Queen outranks the 3: Bea takes the 2 tied cards, 8 laid: 10 cards
    assert r.title == "War, face up: Ann 3♣, Bea Q♦ → Bea takes all 10 cards"
    assert r.shown == ((card("3C"), "Ann"), (card("QD"), "Bea"))


def test_last_result_of_a_swap_that_ends_the_game() -> None:
    s = flips(start(), 25, "right")  # Ann 27 - 25 = 2, Bea 26 - 25 = 1 in hand, pile 50
    s = act(s, kind="flip", higher="tie")  # Ann 1, Bea 0 in hand; table 2
    s = act(s, kind="swap")  # Ann gets Bea's 0 cards and has no pile: she has run out (rule 6)
    r = last(s)
    assert r.title == "Ann and Bea swap hands (Ann gets 0 cards, Bea gets 1 card)"
    # the swap's own words only: the end ("the game is over: ...; the table goes to Bea") is
    # the outcome's, said in the game-over panel
    assert r.lines == ("Ann has no card to lay: Ann has run out of cards",)
    assert r.notes == ()  # the headline "Ann wins: no cards left" is the outcome's


def test_last_result_of_a_stop_and_a_recount_is_their_whole_line() -> None:
    s = act(flips(start(), 3, "left"), kind="stop")  # Ann 24 + 6 = 30, Bea 23: Bea has fewer
    r = last(s)
    assert r.title == ("The players stop the game; the game is over: the players stopped after 3 flips: "
                       "Bea has fewer cards (23 against 30)")
    assert (r.lines, r.shown, r.notes) == ((), (), ())
    s = act(start(), kind="recount", hands=[0, 21], piles=[25, 7])  # 25 + 21 + 7 = 53
    r = last(s)
    # Ann's hand is empty: she picks up her pile of 25 (rule 4)
    assert r.title == ("Recount: Ann 0 in hand, 25 in the pile; Bea 21 in hand, 7 in the pile; "
                       "Ann's hand is empty: Ann picks up and shuffles the pile (25 cards)")
    assert r.notes == ("Ann's hand is empty: Ann picks up and shuffles the pile (25 cards)",)
