"""Card Stratego's entry tap by tap (card_companion/views/card_stratego/taps.py), without Flet:
what the tracker allows now is written by hand as an `Options`, and each case taps places as a
player would. Places are (player, column, position) counted from 0; position 0 is the front
rank. Ann (0) is to play, Bea (1) is the opponent.
"""

from __future__ import annotations

from card_companion.calculators.cards import card
from card_companion.views.card_stratego import taps
from card_companion.views.card_stratego.taps import Choice, Options

ANN, BEA = 0, 1

FACING = Options(
    me=ANN,
    can_draw=True,
    play_places={0: [0], 1: [0, 1]},
    attack_columns=(1,),
    in_play=((ANN, 1, 0), (BEA, 1, 0), (BEA, 2, 0)),
    face_down=((ANN, 1, 0), (BEA, 1, 0), (BEA, 2, 0)),
)
"""Ann has one card in column 2 (index 1), Bea one in columns 2 and 3: the two front cards of
column 2 face each other."""


def step(o: Options, choice: Choice) -> str:
    return taps.next_step(choice, o, "Ann", "Bea")


def test_the_actions_offered_are_the_trackers():
    assert taps.available(FACING) == {
        "draw": True, "play": True, "attack": True, "drain": False, "consolidate": False,
        "jack-rearrange": False, "jack-reveal": False, "joker": False, "scout": False, "six": False}
    assert step(FACING, Choice()) == "Choose Ann's action."


def test_an_action_button_starts_it_and_cancels_it_when_pressed_again():
    attack = taps.choose_action(Choice(), "attack")
    assert attack == Choice(mode="attack")
    assert taps.choose_action(attack, "attack") == Choice()
    assert taps.choose_action(attack, "play") == Choice(mode="play")
    assert taps.choose_action(Choice(), "drain", pick=3) == Choice(mode="drain", pick=3)


def test_an_action_no_longer_offered_is_no_longer_chosen():
    chosen = Choice(mode="jack-reveal", places=((BEA, 1, 0),))
    assert taps.current(chosen, FACING) == Choice()
    assert taps.current(Choice(mode="attack"), FACING) == Choice(mode="attack")


def test_select_an_attacker_tap_its_target_then_tap_again_to_let_go():
    attack = Choice(mode="attack")
    # the two front cards of the one column where both armies have a card
    assert taps.targets(attack, FACING) == {(ANN, 1, 0), (BEA, 1, 0)}
    assert step(FACING, attack) == "Tap your front-rank card that attacks (or the card it attacks)."
    # tapping either card chooses both: the attacker and the card it attacks
    both = taps.tap(attack, (ANN, 1, 0), FACING)
    assert both.places == ((ANN, 1, 0), (BEA, 1, 0))
    assert taps.tap(attack, (BEA, 1, 0), FACING) == both
    assert taps.selected(both, FACING) == {(ANN, 1, 0), (BEA, 1, 0)}
    assert step(FACING, both) == "Turn both cards face up, enter the face-down ones below, then Battle!"
    # tapping the same fighter again lets the choice go
    assert taps.tap(both, (BEA, 1, 0), FACING) == attack


def test_a_place_that_is_not_a_target_changes_nothing_and_the_hint_stays():
    attack = Choice(mode="attack")
    # Bea's card in column 3 faces no card of Ann's: not a target
    assert (BEA, 2, 0) not in taps.targets(attack, FACING)
    assert taps.tap(attack, (BEA, 2, 0), FACING) == attack
    assert step(FACING, attack) == "Tap your front-rank card that attacks (or the card it attacks)."
    # nothing can be tapped before an action is chosen
    assert taps.targets(Choice(), FACING) == set()
    assert taps.tap(Choice(), (ANN, 1, 0), FACING) == Choice()


def test_put_into_play_taps_one_place_of_the_players_side():
    play = Choice(mode="play")
    # an empty column's front place; in front of or behind the card in column 2
    assert taps.targets(play, FACING) == {(ANN, 0, 0), (ANN, 1, 0), (ANN, 1, 1)}
    assert step(FACING, play).startswith("Tap a green place on your side")
    one = taps.tap(play, (ANN, 1, 1), FACING)
    assert one.places == ((ANN, 1, 1),)
    assert step(FACING, one) == "Tap Put into play, or another place."
    assert taps.tap(one, (ANN, 0, 0), FACING).places == ((ANN, 0, 0),)  # another place instead
    assert taps.tap(one, (ANN, 1, 1), FACING) == play  # the same place again: none
    assert taps.tap(play, (BEA, 2, 0), FACING) == play  # not on Ann's side


JACKS = Options(
    me=ANN,
    specials={"jack-reveal": [card("JH"), card("JD")], "scout": [card("2H")]},
    in_play=((ANN, 0, 0), (BEA, 0, 0), (BEA, 1, 0)),
    face_down=((ANN, 0, 0), (BEA, 0, 0), (BEA, 1, 0)),
)
"""Three face-down cards; Ann may hold two Jacks and one Scout."""


def test_the_card_discarded_is_asked_when_there_is_a_choice():
    reveal = Choice(mode="jack-reveal")
    assert taps.hand_card(reveal, JACKS) is None
    assert step(JACKS, reveal) == "Tap the Jack Ann discards."
    jd = taps.choose_card(reveal, card("JD"))
    assert taps.hand_card(jd, JACKS) == card("JD")
    # the only Scout is the one discarded
    assert taps.hand_card(Choice(mode="scout"), JACKS) == card("2H")
    assert step(JACKS, Choice(mode="scout")) == "Tap the face-down card the Scout turns up."


def test_a_jack_turns_up_two_face_down_cards_the_oldest_of_three_taps_goes():
    reveal = Choice(mode="jack-reveal", card=card("JH"))
    assert taps.targets(reveal, JACKS) == set(JACKS.face_down)
    assert step(JACKS, reveal) == "Tap 2 more face-down cards to turn up."
    one = taps.tap(reveal, (BEA, 0, 0), JACKS)
    assert step(JACKS, one) == "Tap 1 more face-down card to turn up."
    two = taps.tap(one, (ANN, 0, 0), JACKS)
    assert two.places == ((BEA, 0, 0), (ANN, 0, 0))
    assert step(JACKS, two) == "Turn the cards face up and enter them below."
    three = taps.tap(two, (BEA, 1, 0), JACKS)
    assert three.places == ((ANN, 0, 0), (BEA, 1, 0))
    assert taps.tap(three, (ANN, 0, 0), JACKS).places == ((BEA, 1, 0),)  # tapped again: let go


def test_a_lone_face_down_card_is_the_only_one_a_jack_turns_up():
    lone = Options(me=ANN, specials={"jack-reveal": [card("JH")]}, in_play=((BEA, 3, 0),),
                   face_down=((BEA, 3, 0),), jack_reveals=1)  # the tracker's answer with one face down
    reveal = taps.tap(Choice(mode="jack-reveal"), (BEA, 3, 0), lone)
    assert step(lone, reveal) == "Turn the cards face up and enter them below."


GENERAL = Options(
    me=ANN,
    can_drain=True,
    pairs=((0, 2), (0, 3)),
    in_play=((ANN, 0, 0), (ANN, 0, 1), (ANN, 1, 0), (BEA, 1, 0), (BEA, 2, 0), (BEA, 3, 0)),
)
"""Ann is a General: only she has cards in column 1, only Bea in columns 3 and 4."""


def test_consolidate_chooses_one_column_of_each_player():
    merge = Choice(mode="consolidate")
    # not column 2, where both have cards
    assert taps.targets(merge, GENERAL) == {(ANN, 0, 0), (ANN, 0, 1), (BEA, 2, 0), (BEA, 3, 0)}
    mine = taps.tap(merge, (ANN, 0, 1), GENERAL)
    assert mine.places == ((ANN, 0, 0),)
    assert taps.selected(mine, GENERAL) == {(ANN, 0, 0), (ANN, 0, 1)}  # the whole column
    assert step(GENERAL, mine) == "Tap a column where only Ann has cards and one where only Bea has cards."
    both = taps.tap(mine, (BEA, 2, 0), GENERAL)
    assert step(GENERAL, both) == "Choose the column the cards end up in, below."
    other = taps.tap(both, (BEA, 3, 0), GENERAL)  # Bea's other column instead
    assert other.places == ((ANN, 0, 0), (BEA, 3, 0))
    assert taps.tap(other, (ANN, 0, 0), GENERAL).places == ((BEA, 3, 0),)  # Ann's column let go


def test_drain_says_which_card_the_app_picked():
    assert step(GENERAL, Choice(mode="drain")) == "Bea discards the top card of the deck: enter it below."
    assert step(GENERAL, Choice(mode="drain", pick=2)) == (
        "Bea discards card 2 of the hand, picked at random by the app: enter it below.")


REARRANGE = Options(
    me=ANN,
    specials={"jack-rearrange": [card("JH")]},
    in_play=((ANN, 0, 0), (ANN, 1, 0), (ANN, 1, 1)),
    jack_lines=((ANN, "row", 0), (ANN, "column", 1)),
)
"""Ann's front rank (two cards) and her column 2 (two cards) can be rearranged."""


def test_a_jack_taps_a_card_chooses_its_line_then_swaps_two_places():
    jack = Choice(mode="jack-rearrange")
    assert taps.targets(jack, REARRANGE) == {(ANN, 0, 0), (ANN, 1, 0), (ANN, 1, 1)}
    assert step(REARRANGE, jack) == "Tap a card of the row or column to rearrange."
    tapped = taps.tap(jack, (ANN, 1, 1), REARRANGE)
    assert step(REARRANGE, tapped) == "Choose its line below."
    # its column only: Ann's second rank is not a line the Jack can rearrange
    assert taps.line_choices(tapped, REARRANGE) == [(ANN, "column", 1)]
    assert taps.line_choices(taps.tap(jack, (ANN, 1, 0), REARRANGE), REARRANGE) == [
        (ANN, "row", 0), (ANN, "column", 1)]
    line = taps.start_line(tapped, (ANN, "column", 1), REARRANGE)
    assert (line.order, line.swap) == ((0, 1), None)
    assert taps.targets(line, REARRANGE) == {(ANN, 1, 0), (ANN, 1, 1)}
    assert step(REARRANGE, line) == "Tap two places of the line to swap them; then Rearrange."
    first = taps.tap(line, (ANN, 1, 0), REARRANGE)
    assert taps.selected(first, REARRANGE) == {(ANN, 1, 0)}
    assert taps.tap(first, (ANN, 1, 0), REARRANGE) == line  # tapped again: let go
    swapped = taps.tap(first, (ANN, 1, 1), REARRANGE)
    assert (swapped.order, swapped.swap) == ((1, 0), None)
    assert taps.start_over(swapped).order == (0, 1)
    assert taps.another_line(swapped) == Choice(mode="jack-rearrange", card=None)


def test_a_rows_places_include_its_empty_ones():
    assert taps.line_keys((ANN, "row", 0), REARRANGE) == [(ANN, c, 0) for c in range(4)]
    assert taps.line_keys((ANN, "column", 1), REARRANGE) == [(ANN, 1, 0), (ANN, 1, 1)]


def test_the_preview_shows_the_new_order_and_where_each_card_came_from():
    grid = {ANN: [["a", "b", None, None], [None, "c", None, None], [None] * 4],
            BEA: [[None] * 4 for _ in range(3)]}
    row, captions = taps.preview(grid, (ANN, "row", 0), (1, 0, 2, 3))
    assert row[ANN][0] == ["b", "a", None, None]
    assert captions == {(ANN, 0, 0): "from col 2", (ANN, 1, 0): "from col 1"}
    assert grid[ANN][0] == ["a", "b", None, None]  # the battlefield itself is unchanged
    # an empty place moved into a card's place has no caption
    _, captions = taps.preview(grid, (ANN, "row", 0), (2, 1, 0, 3))
    assert captions == {(ANN, 2, 0): "from col 1"}
    column, captions = taps.preview(grid, (ANN, "column", 1), (1, 0))
    assert [column[ANN][pos][1] for pos in range(2)] == ["c", "b"]
    assert captions == {(ANN, 1, 0): "from 2nd", (ANN, 1, 1): "from front"}
