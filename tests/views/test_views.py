"""View tests: the shell's screens and Peace and Love's table built in-process
(tests/support/viewkit.py), their handlers called as a tap would, and what they did checked in the
game log and the save file."""

from __future__ import annotations

import flet as ft
import pytest

from card_companion.calculators.cards import Deck, card
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.views.card_picker import CardPicker, CardSlots, overuse_warning
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen, when
from card_companion.views.new_game import NewGameScreen
from card_companion.views.rules_screen import RulesScreen
from card_companion.views.services import SERVED, Prefs, Services, ServicesContext, Where
from card_companion.views.table_screen import TableScreen
from tests.support.viewkit import FakePage, ViewHarness, text_of


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def services(store, problem=None, where=SERVED):
    return {ServicesContext: Services(store=store, store_problem=problem, prefs=Prefs(), set_prefs=lambda p: None,
                                      where=where)}


# --- the card picker -------------------------------------------------------------------


def test_picker_two_taps_in_either_order_and_typed():
    got = []
    h = ViewHarness(CardPicker, Deck(), got.append, ident="p")
    h.click("p-rank-10")
    h.click("p-suit-H")
    h.click("p-suit-S")  # suit first, then rank
    h.click("p-rank-Q")
    h.type("p-typed", "a♦", submit=True)
    assert got == [card("10H"), card("QS"), card("AD")]


def test_picker_offers_only_the_games_cards():
    fight = GAMES["fight"]
    deck = fight.deck(fight.make_setup(["A", "B"]))
    got = []
    h = ViewHarness(CardPicker, deck, got.append, ident="p", game_name="FIGHT!")
    ranks = sorted(i.removeprefix("p-rank-") for i in h.ids() if i.startswith("p-rank-"))
    assert ranks == ["2", "3", "4", "5", "6", "A"]
    assert not h.has("p-joker")
    h.type("p-typed", "7S", submit=True)  # typed, but not in this deck: a message, no card
    assert got == [] and "7♠ is not in the deck of FIGHT!" in h.texts()
    h.type("p-typed", "hello", submit=True)
    assert "'hello' is not a card" in h.texts()
    pc_war = GAMES["pc-war"]
    h = ViewHarness(CardPicker, pc_war.deck(pc_war.make_setup(["A", "B"])), got.append, ident="p")
    assert h.has("p-joker")


def test_slots_fill_in_order_and_warn_about_a_card_entered_too_often():
    done = []
    h = ViewHarness(CardSlots, Deck(), ["first", "second"], done.append, known=[card("9H")], ident="s")
    assert not h.is_enabled("s-submit")
    h.pick("s-picker", "9H")  # 9♥ is already on the table, and one deck has one
    assert "9♥ is entered 2 times but the deck holds one" in h.texts()
    h.click("s-slot-0")  # pick the first place again
    h.pick("s-picker", "8H")
    h.pick("s-picker", "KC")
    h.click("s-submit")
    assert done == [[card("8H"), card("KC")]]
    assert overuse_warning(Deck(copies=2), [card("QS")] * 2, [card("QS")]) is not None
    assert overuse_warning(Deck(copies=2), [card("QS")], [card("QS")]) is None
    # only the card being entered is named, not every card the game has
    # over-entered (three K♦ earlier with one deck stay out of a warning about 9♥)
    w = overuse_warning(Deck(), [card("KD")] * 3 + [card("9H")], [card("9H"), card("2C")])
    assert w == "9♥ is entered 2 times but the deck holds one. Check the card (or undo an earlier mistake)."
    assert overuse_warning(Deck(), [card("KD")] * 3, [card("2C")]) is None


# --- home, new game, table, history, rules ---------------------------------------------


def test_home_lists_games_and_saved_games(store):
    h = ViewHarness(HomeScreen, contexts=services(store))
    for game_id in GAMES:
        assert h.has(f"new-{game_id}") and h.has(f"rules-{game_id}")
    assert "No saved games yet" in h.texts()
    h.click("new-peace-and-love")
    assert h.page.routes == ["/new/peace-and-love"]


def test_home_reports_an_unreadable_save_file(store):
    h = ViewHarness(HomeScreen, contexts=services(store, "games.sqlite3 is damaged"))
    assert "games.sqlite3 is damaged" in h.texts()


def test_home_offers_the_phone_app_only_where_the_server_serves_it(store):
    """The served app with a phone build (make_main's ``phone_app``) offers it; with none, or in
    the phone app itself (which is already on the phone), the line is not there."""
    h = ViewHarness(HomeScreen, contexts=services(store, where=Where(phone_app="/phone/")))
    assert h.has("phone-app-line") and "Put this app on your phone" in h.texts()
    button = next(c for c in h.all_under("phone-app") if isinstance(c, ft.OutlinedButton))
    assert button.url == "/phone/"
    for where in (SERVED, Where(on_phone=True), Where(on_phone=True, phone_app="/phone/")):
        h = ViewHarness(HomeScreen, contexts=services(store, where=where))
        assert not h.has("phone-app") and "Put this app on your phone" not in h.texts(), where


def test_home_says_a_phone_keeps_the_app_only_from_a_secure_address(store):
    """Browsers install the phone app and keep its games only for a page at https (or the
    device's own address): over plain http on the table's Wi-Fi the line says so."""
    from card_companion.views.home import KEPT_HERE, NOT_KEPT_OVER_HTTP

    for url, words in (("http://192.168.1.20:8600/", NOT_KEPT_OVER_HTTP), ("https://cards.example.org/", KEPT_HERE),
                       ("http://127.0.0.1:8550/", KEPT_HERE)):
        page = FakePage()
        page.url = url
        h = ViewHarness(HomeScreen, contexts=services(store, where=Where(phone_app="/phone/")), page=page)
        assert words in h.texts(), url
        assert h.has("phone-app")  # it can be opened all the same (it plays, and says what it keeps)


def test_new_game_saves_and_opens_it(store):
    page = FakePage()
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "peace-and-love"}, page=page)
    assert not h.has("setting-shoot_the_moon")  # a 3+ player option, hidden for 2 players
    h.type("player-0", "Ann")
    h.type("player-1", "Bea")
    h.click("add-player")
    h.type("player-2", "Cy")
    assert h.has("setting-shoot_the_moon")
    assert "3 players: shuffle 2 decks together (104 cards)" in h.texts()  # 3-5 players: 2 decks
    assert "80 cards stay in the deck" in h.texts()  # 104 - 3 x 8
    h.toggle("setting-anti_math_geek", True)
    h.click("start")
    [saved] = store.saved_games()
    assert saved.players == ("Ann", "Bea", "Cy")
    assert page.routes == [f"/play/{saved.id}"]
    assert store.load(saved.id).setup.settings.anti_math_geek


def test_new_game_refuses_duplicate_names(store):
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "peace-and-love"})
    h.type("player-0", "Ann")
    h.type("player-1", "ann")
    h.click("start")
    assert "two players have the same name" in h.texts() and store.saved_games() == []


def open_table(store, names=("Ann", "Bea")):
    from card_companion.companion.session import Session

    pal = GAMES["peace-and-love"]
    gid = store.create(Session.start(pal, pal.make_setup(list(names))))
    return gid, ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})


def dealt_table(store):
    """A Peace and Love table of Ann and Bea, both fighters entered through the picker."""
    gid, h = open_table(store)
    for cards in ("9H KD QC", "5S 2C 7D"):
        for c in cards.split():
            h.pick("deal-picker", c)
        h.click("deal-submit")
    return gid, h


def test_table_slice_deal_fight_apply_undo(store):
    gid, h = dealt_table(store)  # Ann 34, Bea 14: Bea goes first
    assert "Bea's turn" in h.texts()
    assert "Bea starts: lowest total, 14." in h.texts()  # shown on the table, not only in the history
    h.click("fighter-1-0")  # Bea's 5♠
    h.click("fighter-0-0")  # attacks Ann's 9♥
    h.click("start-fight")
    h.pick("play-picker", "3C")  # on Bea's 5♠: 5 - 3 = 2
    h.pick("play-picker", "7H")  # on Ann's 9♥: 9 - 7 = 2, a trump
    h.click("play-submit")  # Resolve: a preview, nothing saved yet
    assert "1 trump: 7♥ on 9♥ → the lowest result wins" in h.texts()
    assert len(store.load(gid).actions) == 3  # two deals and the fight
    h.click("apply")
    saved = store.load(gid)
    assert len(saved.actions) == 4 and saved.state.players[1].pile == (card("9H"),)  # tie → attacker Bea
    assert "Ann's new fighter" in h.texts()
    h.click("undo")
    assert len(store.load(gid).actions) == 3 and store.load(gid).can_redo
    # the table says what Undo took back, in the step's own words
    lines = h.texts().splitlines()
    assert "Undid: Round 1: Bea 3♣ on 5♠, Ann 7♥ on 9♥ → Bea's 5♠ wins; Ann's 9♥ goes to Bea's victory pile" in lines
    h.click("redo")
    lines = h.texts().splitlines()
    assert any(t.startswith("Redid: Round 1: Bea 3♣ on 5♠") for t in lines)
    assert not any(t.startswith("Undid: ") for t in lines)  # one message at a time


def test_illegal_action_shows_why_and_changes_nothing(store):
    gid, h = dealt_table(store)
    h.select("mode", "retire")
    h.click("fighter-1-0")
    h.pick("retire-picker", "5S")  # the retiring fighter itself, one deck: refused
    h.click("retire-submit")
    assert "bring in another card" in h.texts()
    assert len(store.load(gid).actions) == 2


def test_history_and_rules_screens(store):
    gid, h = open_table(store)
    for c in "9H KD QC".split():
        h.pick("deal-picker", c)
    h.click("deal-submit")
    hist = ViewHarness(HistoryScreen, contexts=services(store), route_params={"gid": gid})
    assert "1. Ann's fighters: 9♥ K♦ Q♣ (total 34)" in hist.texts()
    rules = ViewHarness(RulesScreen, route_params={"game": "peace-and-love"}, page=FakePage("/rules/x?back=/play/1"))
    assert "Beat the bluff out of each other!" in rules.texts()
    rules.select("rules-tab", "rulings")
    assert "Ties, two players: the attacker wins" in rules.texts()


def test_saved_game_that_cannot_be_opened(store):
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": "nope"})
    assert "cannot be opened" in h.texts()


def test_when():
    assert when(1000, now=1030) == "just now"
    assert when(1000, now=1000 + 5 * 60) == "5 minutes ago"
    assert when(1000, now=1000 + 3600) == "1 hour ago"
    assert when(1000, now=1000 + 2 * 86400) == "2 days ago"


def test_home_export_delete_import(store):
    gid, _ = open_table(store)
    h = ViewHarness(HomeScreen, contexts=services(store))
    assert h.has(f"saved-{gid}") and "Player 1, Player 2" not in h.texts()  # the names are Ann, Bea
    assert "Ann, Bea" in h.texts()
    h.click(f"export-{gid}")
    exported = next(c for c in h.all_under("export-text") if isinstance(c, ft.TextField)).value
    assert '"game": "peace-and-love"' in exported
    h.click("export-close")
    h.click(f"delete-{gid}")
    assert "This cannot be undone" in h.texts()
    h.click("confirm-delete")
    assert store.saved_games() == [] and "The game was deleted." in h.texts()
    h.click("import")
    h.type("import-text", "this is not a game")
    h.click("import-submit")
    assert "could not be imported: this is not a saved game: it is not JSON" in h.texts()
    h.type("import-text", exported)
    h.click("import-submit")
    [back] = store.saved_games()
    assert back.players == ("Ann", "Bea") and h.page.routes == [f"/play/{back.id}"]


def test_a_bug_in_a_tracker_does_not_take_the_table_down(store, monkeypatch):
    gid, h = open_table(store)
    pal = GAMES["peace-and-love"]

    def broken(state, action):
        raise RuntimeError("boom")

    monkeypatch.setattr(pal, "step", broken)  # the step every apply goes through
    for c in "9H KD QC".split():
        h.pick("deal-picker", c)
    h.click("deal-submit")
    assert "could not apply that step (RuntimeError: boom)" in h.texts()
    assert store.load.__self__ is store and len(store.db.execute("SELECT * FROM actions").fetchall()) == 0


@pytest.mark.parametrize("theme", ["light", "dark", "system"])
def test_every_text_style_names_the_schemes_on_surface_colour(theme):
    """A text style without a colour was drawn near-black on the dark theme's
    surfaces by Flet's web client; each style names the scheme's on-surface colour (light on
    dark, dark on light), and the text size setting still scales them."""
    from card_companion.views.settings import app_theme

    for scale in ("1.0", "1.3"):
        t = app_theme(Prefs(theme=theme, text_scale=scale)).text_theme
        styles = {name: getattr(t, name) for name in ("body_small", "body_medium", "body_large", "label_large",
                                                      "title_medium", "title_large", "headline_small")}
        assert all(s.color == ft.Colors.ON_SURFACE for s in styles.values()), styles
        assert styles["body_medium"].size == round(14 * float(scale), 1)


def test_a_tap_on_a_tapped_fighter_says_why(store):
    """Attacking or targeting a tapped fighter is not silently ignored."""
    gid, h = dealt_table(store)  # Ann 34, Bea 14: Bea goes first
    h.select("mode", "refresh")
    h.click("fighter-1-1")  # Bea taps her 2♣ to refresh
    h.click("refresh")
    assert "Ann's turn" in h.texts()
    h.click("fighter-1-1")  # Ann targets Bea's tapped 2♣
    assert "Bea's 2♣ is tapped: a tapped fighter cannot be attacked or join a fight." in h.texts()
    h.click("fighter-1-0")  # Bea's untapped 5♠: allowed, the message goes
    assert "is tapped" not in h.texts()


def test_fight_picker_names_each_suits_move():
    """FIGHT!'s suit buttons carry the move names (♠ Punch, ♣ Kick, ♦ Parry,
    ♥ Dodge, the rule text's table); other games' buttons stay plain suits."""
    from card_companion.calculators.fight import DECK as FIGHT_DECK

    h = ViewHarness(CardPicker, FIGHT_DECK, lambda c: None, ident="p")
    labels = {s: h.find(f"p-suit-{s}").label for s in "SCDH"}
    assert labels == {"S": "spades, Punch", "C": "clubs, Kick", "D": "diamonds, Parry", "H": "hearts, Dodge"}
    assert {"Punch", "Kick", "Parry", "Dodge"} <= set(h.texts().splitlines())
    plain = ViewHarness(CardPicker, Deck(), lambda c: None, ident="p")
    assert plain.find("p-suit-S").label == "spades" and "Punch" not in plain.texts()


def test_red_suits_in_running_text_are_red_in_both_themes():
    """♥ and ♦ in explanations and messages take the theme's error red (light:
    dark red, dark: light red), the rest of the line its own colour."""
    from card_companion.views.widgets import explanation, message, suited

    t = suited("7♥ on 9♥ → the lowest wins; 5♠")
    assert t.value == "7" and t.color is None  # (the words before the first red suit: the text's own)
    assert [(s.text, s.style.color if s.style else None) for s in t.spans] == [
        ("♥", ft.Colors.ERROR), (" on 9", None), ("♥", ft.Colors.ERROR), (" → the lowest wins; 5♠", None)]
    assert suited("♦ first").value == "" and [s.text for s in suited("♦ first").spans] == ["♦", " first"]
    assert suited("no red suit here: 5♠ 3♣").value == "no red suit here: 5♠ 3♣"
    h = ViewHarness(lambda: ft.Column([explanation(["8♦ − 5♣ = 3"]), message("2♥ is entered twice")]))
    assert "• 8♦ − 5♣ = 3" in h.texts().splitlines() and "2♥ is entered twice" in h.texts().splitlines()


def test_plurals_come_from_the_one_words_helper():
    """"1 turn", "1 card", "1 flip" everywhere: no layer makes its own plural
    with an inline "s" (calculators/words.py's plural/noun is the one place)."""
    import pathlib
    import re

    root = pathlib.Path(__file__).parents[2] / "card_companion"
    homemade = re.compile(r"""'s' if |"s" if |else 's'|else "s"|\{'' if n == 1""")
    found = [f"{p.relative_to(root)}:{i}" for p in root.rglob("*.py")
             for i, line in enumerate(p.read_text().splitlines(), 1) if homemade.search(line)]
    assert found == []


def test_peace_and_love_score_strip_and_the_text_size_scales_cards_and_picker(store):
    """A score strip at the top (each player's victory points and cards, whose
    turn, the deck), in the theme's text styles; "Larger" (1.3) also draws larger card faces
    and picker buttons."""
    from dataclasses import replace

    gid, h = dealt_table(store)  # Ann 9♥ K♦ Q♣, Bea 5♠ 2♣ 7♦: Bea starts
    # 52 − 2 × (5 in hand + 3 fighters) = 36 in the deck
    assert h.find("deck-count").label == "Deck: 36 cards"
    assert h.find("score-1").label == "Bea: 0 points, victory pile 0 cards, to play"
    assert h.find("score-0").label == "Ann: 0 points, victory pile 0 cards"
    ids = h.ids()
    assert ids.index("status") < ids.index("player-0")  # the strip comes first
    def width(view):
        return view.find("fighter-0-0").content.width  # the card is its own tap area

    normal = width(h)
    larger = {ServicesContext: replace(services(store)[ServicesContext], prefs=Prefs(text_scale="1.3"))}
    big = ViewHarness(TableScreen, contexts=larger, route_params={"gid": gid})
    assert normal == 58 and width(big) == round(58 * 1.3)
    picker = ViewHarness(CardPicker, Deck(), lambda c: None, ident="p", contexts=larger)
    assert picker.find("p-rank-A").content.content.size == round(20 * 1.3)
    # the places over a picker (each its own memoized component): 54 px cards, 1.3 × larger
    slots = ViewHarness(CardSlots, Deck(), ["Ann", "Bea"], lambda cs: None, ident="s", contexts=larger)
    assert slots.find("s-slot-1").content.width == round(54 * 1.3)


@pytest.mark.parametrize("anti_math_geek", [True, False])
def test_peace_and_love_score_strip_shows_the_final_score_once_the_game_is_over(store, anti_math_geek):
    """The rule text's Anti Math Geek: "add your three remaining fighters to your victory pile
    before calculating score". Once the game is over the strip at the top shows the score the
    result names, not the pile without the fighters."""
    from card_companion.companion.session import Session

    pal = GAMES["peace-and-love"]
    s = Session.start(pal, pal.make_setup(["Ann", "Bea"], {"anti_math_geek": anti_math_geek}))
    for player, fighters in ((0, ["9H", "KD", "QC"]), (1, ["5S", "2C", "7D"])):
        s = s.push(pal.parse_action({"kind": "deal", "player": player, "fighters": fighters}))
    s = s.push(pal.parse_action({"kind": "stop"}))  # stopped before any fight: both piles empty
    gid = store.create(s)
    h = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    if anti_math_geek:
        # Ann: 9 + K 13 + Q 12 = 34 with her three fighters; Bea: 5 + 2 + 7 = 14
        assert h.find("score-0").label == "Ann: 34 points, victory pile 3 cards with the fighters"
        assert h.find("score-1").label == "Bea: 14 points, victory pile 3 cards with the fighters"
        assert "the fighters still in play are counted in (Anti Math Geek)" in h.texts()
    else:  # the piles as they are: nobody won a fight
        assert h.find("score-0").label == "Ann: 0 points, victory pile 0 cards"
        assert "Anti Math Geek" not in h.texts()


def test_slots_keep_their_cards_level_when_a_label_wraps():
    """In the four-player entry a long name wraps its label onto two lines;
    the places are aligned at the top, so no card sits higher than the others."""
    h = ViewHarness(CardSlots, Deck(), ["Ann", "Bartholomew-Alexander's card", "Cy", "Dee"], lambda cs: None,
                    ident="s")
    row = next(c for c in h.all() if isinstance(c, ft.Row) and any(
        isinstance(x, ft.Column) and x.controls and getattr(x.controls[0], "identifier", "") == "s-slot-0"
        for x in c.controls))
    assert row.vertical_alignment == ft.CrossAxisAlignment.START


def test_peace_and_love_can_be_stopped_and_scored_as_it_stands(store):
    """Stop asks first (with who leads), then ends the game scored as it
    stands, named so in the result; Undo brings it back."""
    gid, h = dealt_table(store)  # Bea (14) starts; nobody has a victory pile yet
    h.click("stop")
    # both piles empty: 0 points and 0 cards each, a shared win (the final-score ruling)
    assert h.has("stop-panel") and "The game is scored as it stands:" in h.texts()
    h.click("stop-cancel")
    assert not h.has("stop-panel") and len(store.load(gid).actions) == 2
    h.click("stop")
    h.click("stop-confirm")
    saved = store.load(gid)
    assert saved.state.phase == "over" and saved.state.stopped
    outcome = saved.outcome
    assert outcome.headline.startswith("Stopped early: ")
    assert ("The game ended: stopped early after 0 turns, with 36 cards left in the deck: scored as it stands "
            "(the app's ruling; the rules end the game when the deck runs out).") in outcome.details
    h.click("undo")
    assert store.load(gid).state.phase == "turn"


def test_peace_and_love_stop_counts_and_stop_without_counting_does_not(store):
    """The Stop dialog says the stopped game counts in the records (marked
    stopped early) and offers Stop without counting for a game abandoned; the choice is the
    step's own (``counts``), so the record follows the log; Undo of the stop takes the record
    away."""
    from card_companion.companion.peace_and_love import Stop
    from card_companion.companion.records.game_records import kept

    def records():
        with store.reading() as db:
            return kept(db)

    gid, h = dealt_table(store)
    h.click("stop")
    assert "It counts in the records and the ratings, marked stopped early." in h.texts()
    h.click("stop-uncounted")
    saved = store.load(gid)
    assert saved.actions[-1] == Stop(counts=False) and not saved.state.counted and saved.outcome.winners == ()
    assert saved.outcome.headline == "Stopped early, not counted: level at 0–0 points" and records() == []
    h.click("undo")
    h.click("stop")
    h.click("stop-confirm")
    assert store.load(gid).actions[-1] == Stop(counts=True)
    (rec,) = records()
    # both piles empty: 0 points and 0 cards each, a shared win, both first
    assert rec.stopped_early and [(p.figure, p.place, p.won) for p in rec.placings] == [(0, 1, True), (0, 1, True)]
    h.click("undo")
    assert records() == []


def test_peace_and_love_stop_is_refused_mid_fight():
    from card_companion.companion.game import IllegalAction
    from card_companion.companion.peace_and_love import Stop

    pal = GAMES["peace-and-love"]
    s = pal.initial_state(pal.make_setup(["Ann", "Bea"]))
    with pytest.raises(IllegalAction, match="once play has started"):
        pal.apply(s, Stop())


def test_a_refusal_goes_when_its_input_changes_and_keeps_the_card_entered(store):
    """"First tap the fighter to retire" keeps the card already entered, and
    goes when the fighter is tapped or the mode changes (one message at a time)."""
    gid, h = dealt_table(store)  # Bea's turn
    h.select("mode", "retire")
    h.pick("retire-picker", "KS")
    h.click("retire-submit")
    assert "First tap the fighter to retire." in h.texts()
    assert h.find("retire-slot-0").label == "New fighter: K♠"  # the card entered stays
    h.click("fighter-1-0")  # Bea's 5♠: the refusal was about this
    assert "First tap the fighter to retire." not in h.texts()
    h.click("retire-submit")
    assert store.load(gid).actions[-1].kind == "retire"
    h.select("mode", "retire")  # Ann's turn now: the same refusal, then a change of mode clears it
    h.pick("retire-picker", "QS")
    h.click("retire-submit")
    assert "First tap the fighter to retire." in h.texts()
    h.select("mode", "fight")
    assert "First tap the fighter to retire." not in h.texts()


def test_the_refresh_minimum_is_the_trackers_not_the_views():
    """The view shows the tracker's reason; the rule (5 cards, the text's "at least
    five cards in the deck") lives in the tracker only."""
    from card_companion.companion.peace_and_love import Refresh, turns
    from card_companion.companion.session import Session

    pal = GAMES["peace-and-love"]
    s = Session.start(pal, pal.make_setup(["Ann", "Bea"]))
    for p, three in ((0, "9H KD QC"), (1, "5S 2C 7D")):
        s = s.push(pal.parse_action({"kind": "deal", "player": p, "fighters": three.split()}))
    short = s.state.model_copy(update={"deck": 4})
    assert turns.refresh_refusal(short) == "a refresh needs at least 5 cards in the deck; it has 4"
    assert not pal.legal_actions(short).allows(Refresh) and turns.refresh_refusal(s.state) is None


def test_the_history_shows_red_suits_in_red(store):
    """The history's lines are running text too."""
    gid, h = dealt_table(store)
    hist = ViewHarness(HistoryScreen, contexts=services(store), route_params={"gid": gid})
    line = next(c for c in hist.all() if isinstance(c, ft.Text) and c.spans
                and text_of(c).startswith("1. Ann's fighters: 9♥ K♦ Q♣"))
    assert [s.text for s in line.spans if s.style and s.style.color == ft.Colors.ERROR] == ["♥", "♦"]
