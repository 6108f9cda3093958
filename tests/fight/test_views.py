"""FIGHT!'s table built in-process (tests/support/viewkit.py): the opening (row, coin flip, picks,
refill), turns with their results and explanations, the victory piles and the Tie Breaker,
the draw phase, rounds and the match, undo of a coin flip, and refusals (a message, nothing
saved). Default cycle: Parry beats Punch, Punch beats Dodge, Dodge beats Kick, Kick beats Parry.
"""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import pytest

import card_companion.views.fight.coin as coin_view
from card_companion.calculators.cards import card
from card_companion.companion.fight import CoinFlip, Fight, Pick, TurnUp, queries, winning
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.fight.table import FightTable
from card_companion.views.history import HistoryScreen
from card_companion.views.live_table import LiveTable, Table
from card_companion.views.table_screen import TableScreen
from tests.support.viewkit import ViewHarness
from tests.views.test_views import services

GAME = GAMES["fight"]
ANN, BEA = 0, 1


class Coin:
    """A generator whose coin always lands on one player (coin_flip: < 0.5 → player 0)."""

    def __init__(self, winner: int):
        self.winner = winner

    def random(self) -> float:
        return 0.25 if self.winner == 0 else 0.75


@pytest.fixture(autouse=True)
def quick_coin(monkeypatch):
    """The coin spins without waiting; a test chooses where it lands with `coin_lands`."""
    monkeypatch.setattr(coin_view, "FLIP_HALF_TURN", 0)
    monkeypatch.setattr(coin_view, "FLIP_REST", 0)


@pytest.fixture
def coin_lands(monkeypatch):
    def lands(winner: int) -> None:
        monkeypatch.setattr(coin_view, "new_rng", lambda: Coin(winner))

    return lands


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def open_game(store, session: Session | None = None) -> tuple[str, ViewHarness]:
    session = session or Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    gid = store.create(session)
    return gid, ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})


def enter(h: ViewHarness, slots: str, cards: str) -> None:
    for c in cards.split():
        h.pick(f"{slots}-picker", c)
    h.click(f"{slots}-submit")


def label(h: ViewHarness, ident: str) -> str:
    return h.find(ident).label


def kinds(store, gid) -> list[str]:
    return [a.kind for a in store.load(gid).actions]


def opened(store, coin_lands, first: int = BEA) -> tuple[str, ViewHarness]:
    """Row A♥ 2♥ 3♥, the coin for `first`, picks (first takes A♥, the other 2♥), refill 4♥ 5♥."""
    gid, h = open_game(store)
    enter(h, "turn-up", "AH 2H 3H")
    coin_lands(first)
    h.click("flip-coin")
    h.click("row-card-0")
    h.click("row-card-0")
    enter(h, "turn-up", "4H 5H")
    return gid, h


def played(*steps) -> Session:
    """A session played through the tracker: row A♥ 2♥ 3♥, Bea picks first (A♥), Ann 2♥,
    refill 4♥ 5♥, then the given actions."""
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    for a in (TurnUp(cards=(card("AH"), card("2H"), card("3H"))), CoinFlip(purpose="first-pick", winner=BEA),
              Pick(player=BEA, card=card("AH")), Pick(player=ANN, card=card("2H")),
              TurnUp(cards=(card("4H"), card("5H")))) + steps:
        s = s.push(a)
    return s


def fight(a: str, b: str) -> Fight:
    return Fight(cards=(card(a), card(b)))


# --- the opening ---------------------------------------------------------------------------


def test_opening_row_coin_picks_and_refill(store, coin_lands):
    gid, h = open_game(store)
    assert "Round 1: the row" in h.texts()
    assert "Deck: 24 cards" in h.texts()
    enter(h, "turn-up", "AH 2H 3H")
    # 24 - 3 in the row - 3 face down to each player = 15
    assert "Who picks first?" in h.texts() and "Deck: 15 cards" in h.texts()
    assert label(h, "player-0") == "Ann, Victory points 0, Hand 3 cards, Rounds won 0"
    assert h.has("hand-0-down-2") and not h.has("hand-0-down-3")
    coin_lands(BEA)
    h.click("flip-coin")
    assert store.load(gid).actions[-1] == CoinFlip(purpose="first-pick", winner=BEA)
    assert "The coin chose Bea: Bea picks first." in h.texts()
    assert "Opening picks: Bea first, then Ann." in h.texts()
    assert label(h, "row-card-1") == "Bea takes 2♥"
    h.click("row-card-1")  # Bea takes 2♥
    assert "Ann picks from the row" in h.texts() and label(h, "row-card-0") == "Ann takes A♥"
    h.click("row-card-0")  # Ann takes A♥; the row keeps 3♥
    assert "Refill the row" in h.texts() and "Turn up 2 cards from the deck" in h.texts()
    assert label(h, "hand-0-up-0") == "A♥ in Ann's hand, picked face up"
    enter(h, "turn-up", "4H 5H")  # 15 - 2 = 13
    assert "Ready, set, FIGHT!" in h.texts() and "Deck: 13 cards" in h.texts()
    assert label(h, "row") == "the row: 3♥ 4♥ 5♥"
    assert "Ann's hand: A♥ picked face up, 3 cards face down." in h.texts()
    s = store.load(gid).state
    assert (s.players[ANN].face_up, s.players[BEA].face_up) == ((card("AH"),), (card("2H"),))
    assert kinds(store, gid) == ["row", "coin-flip", "pick", "pick", "row"]
    history = ViewHarness(HistoryScreen, contexts=services(store), route_params={"gid": gid})
    assert "2. Coin flip: Bea picks first from the row" in history.texts()


def test_the_coin_spins_lands_on_the_drawn_winner_then_is_recorded(coin_lands, monkeypatch):
    """The flip is drawn once, before the animation; the coin turns over and over, lands on
    that player, and only then is the flip dispatched (once)."""
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    s = s.push(TurnUp(cards=(card("AH"), card("2H"), card("3H"))))
    dispatched = []
    table = SimpleNamespace(state=s.state, game=GAME, dispatch=lambda a: dispatched.append(a) or True)
    h = ViewHarness(coin_view.CoinToss, table, "Who picks first from the row?")
    assert label(h, "coin") == "the coin, not flipped yet" and h.is_enabled("flip-coin")
    frames = []

    async def frame(seconds):  # each pause of the animation: what the screen shows then
        h.render()
        frames.append((label(h, "coin"), h.is_enabled("flip-coin"), len(dispatched)))

    monkeypatch.setattr(asyncio, "sleep", frame)
    coin_lands(BEA)
    h.click("flip-coin")
    assert dispatched == [CoinFlip(purpose="first-pick", winner=BEA)]
    faces = [f[0] for f in frames]
    assert len(frames) == 2 * coin_view.FLIP_HALF_TURNS + 1
    assert faces[-1] == "the coin landed: Bea"
    turns = [f for i, f in enumerate(faces) if "in the air" in f and faces[i - 1] != f]
    assert len(turns) == coin_view.FLIP_HALF_TURNS  # each half-turn shows the other face
    assert turns[-1] == "the coin in the air: Bea" and turns[-2] == "the coin in the air: Ann"
    assert all(not enabled and n == 0 for _, enabled, n in frames)  # no second flip, nothing recorded yet


# --- turns, piles, the Tie Breaker, the draws ------------------------------------------


def test_turns_results_piles_and_the_tie_breaker(store, coin_lands):
    gid, h = opened(store, coin_lands, first=BEA)
    # turn 1: Ann 6♠ (Punch) vs Bea 6♦ (Parry): Parry beats Punch; Bea wins with a defence
    # card and collects Ann's 6♠, the round's first card: face up, the Tie Breaker. Bea 6.
    enter(h, "fight", "6S 6D")
    t = h.texts()
    assert "Turn 1: Bea wins and collects Ann's 6♠: the Tie Breaker" in t
    assert "• Parry beats Punch (default cycle)" in t
    assert "• Bea wins with a defence card → collects Ann's 6♠; 6♦ is discarded" in t
    assert label(h, "played-0") == "Ann played 6♠, goes to Bea's pile"
    assert label(h, "played-1") == "Bea played 6♦, wins, discarded"
    assert label(h, "score-1") == "Bea: 6 victory points, holds the Tie Breaker 6♠"
    assert label(h, "tie-breaker") == "Tie Breaker: Bea's 6♠ (value 6)"
    assert label(h, "pile-1") == "Bea's victory pile, bottom to top: 6♠ up"
    assert label(h, "pile-0") == "Ann's victory pile: empty"
    # the draws: Bea picks from the row, Ann has drawn from the deck (13 - 1 = 12)
    assert "Bea won the turn and takes a face-up card of their choice." in t
    assert "Deck: 12 cards" in t and label(h, "player-1").startswith("Bea, to play")
    assert label(h, "player-0") == "Ann, Victory points 0, Hand 4 cards, Rounds won 0"
    h.click("row-card-2")  # Bea takes 5♥
    enter(h, "turn-up", "6H")
    assert "Last turn (Ann 6♠, Bea 6♦) · Bea wins and collects Ann's 6♠: the Tie Breaker" in h.texts()
    # turn 2: Ann 2♣ (Kick) vs Bea 2♦ (Parry): Kick beats Parry, Ann collects her 2♣; Bea holds
    # the Tie Breaker (6♠) and 2 < 6 → face down on Ann's pile. Ann 2, Bea 6.
    enter(h, "fight", "2C 2D")
    assert "Turn 2: Ann wins with 2♣ and collects it, face down" in h.texts()
    assert label(h, "pile-0") == "Ann's victory pile, bottom to top: 2♣ down"
    h.click("row-card-0")
    enter(h, "turn-up", "AS")
    # turn 3: Ann 6♣ vs Bea A♦: Kick beats Parry; 6♣ equals the Tie Breaker 6♠ → face up on
    # top of Ann's pile, Bea's 6♠ turns face down: Ann takes the Tie Breaker. Ann 8, Bea 6.
    enter(h, "fight", "6C AD")
    t = h.texts()
    assert "Turn 3: Ann wins with 6♣ and collects it, face up: Ann takes the Tie Breaker" in t
    assert label(h, "pile-0") == "Ann's victory pile, bottom to top: 2♣ down, 6♣ up"
    assert label(h, "pile-1") == "Bea's victory pile, bottom to top: 6♠ down"
    assert label(h, "pile-0-card-1").endswith("6♣ face up (top)")
    assert label(h, "score-0") == "Ann: 8 victory points, holds the Tie Breaker 6♣"
    assert label(h, "score-1") == "Bea: 6 victory points"
    s = store.load(gid).state
    assert queries.points(s) == (8, 6) and queries.tie_breaker(s) == ANN


def test_two_defence_cards_both_pick_the_holder_first(store, coin_lands):
    gid, h = open_game(store, played(fight("6S", "6D")))  # Bea holds the Tie Breaker 6♠
    h.click("row-card-0")
    enter(h, "turn-up", "6H")
    enter(h, "fight", "3D 4D")  # two defence cards: both discarded, nobody wins
    t = h.texts()
    assert "Turn 2: No winner: both defence cards are discarded" in t
    assert "No winner: both take a face-up card, Bea first (holds the Tie Breaker)." in t
    assert label(h, "played-0") == "Ann played 3♦, discarded"
    h.click("row-card-0")
    assert "No winner: Bea has picked; now Ann." in h.texts()
    h.click("row-card-0")
    assert "Turn up 2 cards from the deck" in h.texts()
    assert [a.kind for a in store.load(gid).actions[-3:]] == ["fight", "pick", "pick"]


def test_a_tie_with_nobody_holding_the_tie_breaker_is_flipped_and_undo_keeps_the_coin(store, coin_lands):
    gid, h = open_game(store, played())
    enter(h, "fight", "4S 4C")  # two attack cards of value 4, nobody holds the Tie Breaker
    assert "A tie: flip the coin" in h.texts()
    assert "Turn 1: A tie and nobody holds the Tie Breaker: a coin flip decides" in h.texts()
    assert label(h, "played-0") == "Ann played 4♠, waits for the coin"
    assert "Who wins the tie of two attack cards?" in h.texts()
    coin_lands(ANN)
    h.click("flip-coin")
    t = h.texts()
    assert "Turn 1: Ann wins with 4♠ and collects it: the Tie Breaker" in t
    assert "• nobody holds the Tie Breaker → the coin flip goes to Ann, who collects their own 4♠; " \
           "4♣ is discarded" in t
    # undo the flip: the coin again; redo: the recorded flip comes back, it is not flipped again
    h.click("undo")
    assert h.has("flip-coin") and store.load(gid).can_redo
    coin_lands(BEA)
    h.click("redo")
    assert store.load(gid).actions[-1] == CoinFlip(purpose="tie", winner=ANN)
    assert label(h, "pile-0") == "Ann's victory pile, bottom to top: 4♠ up"


def test_the_tie_flip_after_two_defence_cards_says_who_picks_first(store, coin_lands):
    gid, h = open_game(store, played())
    enter(h, "fight", "3D 4D")  # nobody holds the Tie Breaker: a coin for who picks first
    assert "No winner: who picks first?" in h.texts()
    coin_lands(ANN)
    h.click("flip-coin")
    assert "The coin chose Ann: Ann picks first." in h.texts()
    assert "No winner: both take a face-up card, Ann first (won the coin flip)." in h.texts()


# --- rounds and the match -------------------------------------------------------------------


def round_one_nearly_won() -> Session:
    """Ann 8 with the Tie Breaker 6♣ over 2♣↓; Bea 6 (6♠↓); row 5♥ 6♥ A♠ → as in the browser test."""
    return played(fight("6S", "6D"), Pick(player=BEA, card=card("3H")), TurnUp(cards=(card("6H"),)),
                  fight("2C", "2D"), Pick(player=ANN, card=card("4H")), TurnUp(cards=(card("AS"),)),
                  fight("6C", "AD"), Pick(player=ANN, card=card("5H")), TurnUp(cards=(card("3S"),)))


def test_a_round_to_13_then_the_next_round(store, coin_lands):
    gid, h = open_game(store, round_one_nearly_won())
    assert label(h, "score-0") == "Ann: 8 victory points, holds the Tie Breaker 6♣"
    # Ann 5♦ (Parry) beats Bea's 5♠ (Punch) and collects it: 5 < 6♣ → at the bottom. 2 + 6 + 5 = 13
    enter(h, "fight", "5D 5S")
    t = h.texts()
    assert "Round 1: Ann wins" in t
    assert "• Ann reached 13 victory points." in t
    assert "• Victory points: Ann 13 – Bea 6 (4 turns)." in t
    assert "Last turn of round 1: Ann wins and collects Bea's 5♠, at the bottom of the pile" in t
    assert label(h, "round-pile-0") == "Ann's victory pile, bottom to top: 5♠ down, 2♣ down, 6♣ up"
    assert label(h, "round-1") == "Round 1: Ann · Ann 13 – Bea 6 · 13+ victory points"
    assert label(h, "rounds-won") == "Rounds won: Ann 1, Bea 0"
    # round 2 starts like the first: the row, a new coin flip; the piles are empty again
    assert "Round 2: the row" in t and "Deck: 24 cards" in t
    assert label(h, "pile-0") == "Ann's victory pile: empty"
    enter(h, "turn-up", "AH 2H 3H")
    coin_lands(ANN)
    h.click("flip-coin")
    assert "The coin chose Ann: Ann picks first." in h.texts()
    assert "Round 1: Ann wins" not in h.texts()  # the round result makes way once round 2 is under way
    h.click("row-card-0")
    h.click("row-card-0")
    enter(h, "turn-up", "4H 5H")
    enter(h, "fight", "2S 3D")  # Parry beats Punch: Bea collects Ann's 2♠
    assert "Round 1: Ann wins" not in h.texts() and label(h, "round-1").startswith("Round 1: Ann")


def test_the_match_result_and_a_rematch(store, coin_lands):
    # a whole match played by the tracker's random play (seeded), opened at its end
    rng = random.Random(7)
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    while not s.is_over:
        s = s.push(GAME.random_play().random_action(s.state, rng))
    gid, h = open_game(store, s)
    st = s.state
    w = s.outcome.winners[0]
    t = h.texts()
    assert "Game over" in t and s.outcome.headline in t
    assert "Match over" in t
    for r in st.rounds:
        line = f"Round {r.number}: {st.name(r.winner)} · Ann {r.points[0]} – Bea {r.points[1]}"
        assert label(h, f"round-{r.number}").startswith(line)
    assert winning.rounds_won(st)[w] == 2
    assert not h.has("turn-up-submit") and not h.has("fight-submit") and not h.has("flip-coin")
    h.click("rematch")
    [new] = [g for g in store.saved_games() if g.id != gid]
    assert h.page.routes == [f"/play/{new.id}"]
    assert store.load(new.id).setup == s.setup and store.load(new.id).actions == ()


def test_a_round_ended_by_the_deck_goes_to_the_tie_breaker(store):
    # random play (seeded) until a round ends on an empty deck with a holder, opened there
    rng = random.Random(3)
    for _ in range(200):
        s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
        while not s.is_over and not (s.state.rounds and s.state.rounds[-1].decided_by == "tie-breaker"):
            s = s.push(GAME.random_play().random_action(s.state, rng))
        if s.state.rounds and s.state.rounds[-1].decided_by == "tie-breaker":
            break
    r = s.state.rounds[-1]
    _, h = open_game(store, s)
    t = h.texts()
    assert f"Round {r.number}: {s.state.name(r.winner)} wins" in t
    assert "held the Tie Breaker." in t
    assert label(h, f"round-{r.number}").endswith("the deck ran out: Tie Breaker")


def test_a_round_without_a_tie_breaker_is_given_by_the_coin(coin_lands):
    """A legal game cannot get there (card_companion/rulings/fight.md); the table still flips for it."""
    s = played().state.model_copy(update={
        "phase": "coin-flip", "flip": "round", "ending": "Bea had to draw from the deck and it was empty"})
    dispatched = []

    def table(state):
        """The table a game's view gets, showing ``state`` (no step led there) and keeping
        what it commits."""
        live = LiveTable.showing(Session(GAME, state.setup, (), (), (state,)))
        live.send = lambda change, here: dispatched.append(change.action)  # None: committed
        return Table(live, GAME)

    h = ViewHarness(FightTable, table(s))
    t = h.texts()
    assert "Who wins the round?" in t
    assert "The round ends: Bea had to draw from the deck and it was empty. Nobody holds the Tie Breaker" in t
    coin_lands(ANN)
    h.click("flip-coin")
    assert dispatched == [CoinFlip(purpose="round", winner=ANN)]
    h = ViewHarness(FightTable, table(GAME.apply(s, dispatched[0])))
    assert "Round 1: Ann wins" in h.texts()
    assert label(h, "round-1").endswith("the deck ran out: coin flip")


# --- refusals: a message, nothing saved --------------------------------------------------


def test_a_row_card_already_seen_is_refused(store, coin_lands):
    gid, h = open_game(store)
    for c in "AH 2H 2H".split():  # the same card twice: the over-count warning, then refused
        h.pick("turn-up-picker", c)
    assert "2♥ is entered 2 times but the deck holds one" in h.texts()
    h.click("turn-up-submit")
    assert "2♥ is entered twice: a FIGHT! deck has one of each card" in label(h, "action-error")
    assert kinds(store, gid) == []
    gid, h = opened(store, coin_lands)
    before = len(store.load(gid).actions)
    enter(h, "fight", "6S 6D")
    h.click("row-card-0")
    h.pick("turn-up-picker", "AH")  # A♥ is in Bea's hand, picked face up: the warning at once
    assert label(h, "turn-up-problem") == "A♥ cannot come off the deck: it is in Bea's hand (picked face up)."
    h.click("turn-up-submit")
    assert label(h, "action-error") == "A♥ cannot come off the deck: it is in Bea's hand (picked face up)"
    assert len(store.load(gid).actions) == before + 2 and "Refill the row" in h.texts()


def test_a_card_nobody_could_have_played_is_refused(store, coin_lands):
    gid, h = opened(store, coin_lands)
    n = len(store.load(gid).actions)
    h.pick("fight-picker", "3H")  # 3♥ lies in the row
    assert label(h, "fight-problem") == "Ann cannot play 3♥: it is in the face-up row."
    h.pick("fight-picker", "AH")  # A♥ is Bea's face-up pick: Bea may play it, no warning
    assert label(h, "fight-problem") == "Ann cannot play 3♥: it is in the face-up row."
    h.click("fight-submit")
    assert label(h, "action-error") == "Ann cannot play 3♥: it is in the face-up row"
    assert len(store.load(gid).actions) == n
    h.click("fight-slot-0")  # the entered cards stay; tap Ann's to change it
    h.pick("fight-picker", "2H")  # Ann's own face-up pick is fine
    assert not h.has("fight-problem")
    h.click("fight-submit")
    assert kinds(store, gid)[-1] == "fight" and not h.has("action-error")


def test_a_card_outside_the_deck_cannot_be_entered(store, coin_lands):
    gid, h = opened(store, coin_lands)
    h.type("fight-picker-typed", "7S", submit=True)
    assert "7♠ is not in the deck of FIGHT!" in h.texts()
    assert not h.is_enabled("fight-submit")
    prefix = "fight-picker-rank-"
    ranks = sorted(i.removeprefix(prefix) for i in h.ids() if i.startswith(prefix))
    assert ranks == ["2", "3", "4", "5", "6", "A"]


def test_only_the_player_whose_pick_it_is_picks(store, coin_lands):
    gid, h = opened(store, coin_lands)
    enter(h, "fight", "6S 6D")  # Bea won: only Bea picks, with one tap
    assert label(h, "row-card-0") == "Bea takes 3♥"
    h.click("row-card-0")
    assert store.load(gid).actions[-1] == Pick(player=BEA, card=card("3H"))


def test_entry_refusal_speaks_the_trackers_words():
    s = played().state  # row 3♥ 4♥ 5♥; Ann picked 2♥, Bea A♥ face up
    assert queries.entry_refusal(s, [card("2H"), None]) == []  # Ann's own face-up pick
    assert queries.entry_refusal(s, [card("6S"), card("6D")]) == []  # unseen: face down in a hand
    assert queries.entry_refusal(s, [card("AH"), card("3H")]) == [
        "Ann cannot play A♥: it is in Bea's hand (picked face up)",
        "Bea cannot play 3♥: it is in the face-up row",
    ]
    s = played(fight("6S", "6D"), Pick(player=BEA, card=card("3H"))).state  # the row needs one card
    assert queries.entry_refusal(s, [card("6D")]) == ["6♦ cannot come off the deck: it is in the discard pile"]
    assert queries.entry_refusal(s, [card("6H")]) == []
    s = played(fight("6S", "6D")).state  # the pick phase
    assert queries.entry_refusal(s, [card("2H")])[0].startswith("that is not the next step")
