"""Who may see and change a game, without a browser: table codes, device keys, the limit on
wrong guesses, seats, membership, and the live hub that tells the other pages."""

from __future__ import annotations

import math
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.companion.log_changes import EnterStep, Redo, Undo
from card_companion.companion.phones.access import (
    NETWORK_MISS_REFILL_SECONDS,
    NETWORK_MISSES_ALLOWED,
    TABLE,
    WATCH,
    BadCode,
    DeviceKeys,
    GuessLimits,
    MissLimiter,
    Refused,
    Seat,
    TooManyTries,
    format_table_code,
    guessing_odds,
    parse_table_code,
    player_seat,
)
from card_companion.companion.phones.devices import NOT_OPEN, WATCHING, Tables
from card_companion.companion.phones.live import Committed, Hub
from card_companion.companion.registry import game
from card_companion.companion.saves.codes import CODE_ALPHABET, CODE_LENGTH, CODE_SPACE, new_table_code
from card_companion.companion.saves.storage import SeatTaken, StaleGame, open_store
from card_companion.companion.session import Session

PAL = game("peace-and-love")
ANN_DEAL = PAL.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]})
BEA_DEAL = PAL.parse_action({"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]})


# --- table codes ---------------------------------------------------------------------------------


def test_the_code_alphabet_has_no_look_alikes_and_the_space_is_large():
    assert len(CODE_ALPHABET) == 31 and not set("01ILO") & set(CODE_ALPHABET)
    assert CODE_SPACE == 31 ** 9 == 26_439_622_160_671  # 31^9, worked out: 31^3 = 29,791; 29,791^3
    # One phone: 5 free tries, then 1 a minute: 525,600 a year. A stranger makes a new device
    # key for every guess, so the bound is the network's: 30 free, then one every 20 s, 3 a
    # minute: 3 x 60 x 24 x 365 = 1,576,800 (+ 30) tries a year from one address at most. With
    # 1,000 games on the server, the chance that a year of that hits any of them:
    # 1,576,830 x 1,000 / 26,439,622,160,671 = 5.96e-5 (about 1 in 16,800)
    assert NETWORK_MISSES_ALLOWED == 30 and NETWORK_MISS_REFILL_SECONDS == 20
    year = 365 * 24 * 60 * 60 // 20 + 30
    assert year == 1_576_830
    assert guessing_odds(1000, year) == pytest.approx(year * 1000 / CODE_SPACE, rel=1e-3)
    assert 5.9e-5 < guessing_odds(1000, year) < 6e-5
    assert guessing_odds(1000, 525_600) < 2e-5  # one phone that keeps its key


def test_new_codes_are_random_and_well_formed():
    codes = {new_table_code() for _ in range(2000)}
    assert len(codes) == 2000  # no repeats in 2,000 (a repeat would have odds about 2000²/2/2.6e13)
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    # every symbol turns up in every place: 2,000 x 9 = 18,000 symbols, ~580 of each
    counts = {c: sum(code.count(c) for code in codes) for c in CODE_ALPHABET}
    assert min(counts.values()) > 400


@pytest.mark.parametrize("typed", ["ABC-DEF-GHJ", "abcdefghj", " abc def ghj ", "abc_def.ghj",
                                   "http://192.168.1.20:8550/join/ABC-DEF-GHJ", "192.168.1.2:8550/join/abcdefghj?x=1"])
def test_a_code_is_read_however_it_is_typed_or_pasted(typed):
    assert parse_table_code(typed) == "ABCDEFGHJ"
    assert format_table_code("ABCDEFGHJ") == "ABC-DEF-GHJ"


@pytest.mark.parametrize("typed, sentence", [
    ("", "type the table's code"),
    ("ABC-DEF-GH", "a table code has 9 letters and digits; this one has 8"),
    ("ABC-DEF-GHJK", "this one has 10"),
    ("ABC-DEF-GH0", "'0' is not one of them"),
    ("OIL-DEF-GHJ", "'I', 'L', 'O' is not one of them"),
    ("<script>", "is not one of them"),
    ("x" * 400, "far too long"),
    ("ΑΒΓ-DEF-GHJ", "is not one of them"),
])
def test_garbage_codes_get_one_sentence(typed, sentence):
    with pytest.raises(BadCode, match=sentence):
        parse_table_code(typed)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_typed_text_is_a_code_or_one_sentence(text):
    try:
        code = parse_table_code(text)
    except BadCode as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


# --- device keys ----------------------------------------------------------------------------------------


def test_device_keys_are_signed_by_the_servers_secret():
    keys = DeviceKeys(DeviceKeys.new_secret())
    key = keys.new()
    assert keys.is_valid(key) and key != keys.new()
    ident, mac = key.split(".")
    tampered = [ident[:-1] + ("A" if ident[-1] != "A" else "B") + "." + mac,  # another device's id, same mac
                ident + "." + mac[:-1] + ("A" if mac[-1] != "A" else "B"),
                ident, "", "..", "x" * 500, None, 42, key + "x"]
    assert not any(keys.is_valid(t) for t in tampered)
    assert not DeviceKeys(DeviceKeys.new_secret()).is_valid(key)  # another server's key


# --- the limit on wrong guesses -----------------------------------------------------------------------


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_five_misses_then_one_a_minute_per_address():
    clock = Clock()
    limiter = MissLimiter(allowed=5, refill=60, clock=clock)
    for _ in range(5):
        limiter.check("10.0.0.9")
        limiter.miss("10.0.0.9")
    with pytest.raises(TooManyTries, match="wait 60 seconds"):
        limiter.check("10.0.0.9")
    limiter.check("10.0.0.10")  # another address is not held up
    clock.now += 30
    with pytest.raises(TooManyTries, match="wait 30 seconds"):
        limiter.check("10.0.0.9")
    clock.now += 30
    limiter.check("10.0.0.9")  # one try back after a minute
    limiter.miss("10.0.0.9")
    with pytest.raises(TooManyTries):
        limiter.check("10.0.0.9")
    clock.now += 3600
    assert limiter.left("10.0.0.9") == 5  # never more than five saved up


def test_the_limiter_forgets_addresses_that_are_back_to_full():
    clock = Clock()
    limiter = MissLimiter(allowed=2, refill=1, clock=clock, max_addresses=50)
    for i in range(200):
        limiter.miss(f"10.0.{i // 250}.{i % 250}")
        clock.now += 5
    assert len(limiter._buckets) <= 51


# --- seats ---------------------------------------------------------------------------------------------


def test_seats_parse_print_and_say_who():
    names = ("Ann", "Bea")
    for seat in (TABLE, WATCH, player_seat(0), player_seat(1)):
        assert Seat.parse(str(seat)) == seat
    assert Seat.parse("") is None and Seat.parse(None) is None
    assert [s.label(names) for s in (TABLE, WATCH, player_seat(1))] == ["the whole table", "watching", "Bea"]
    assert not WATCH.can_act and TABLE.can_act and player_seat(0).can_act
    with pytest.raises(Refused):
        Seat.parse("player:x")
    with pytest.raises(Refused):
        player_seat(2).check(names)


# --- the door: membership, codes, seats, steps -----------------------------------------------------


@pytest.fixture
def tables(tmp_path):
    clock = Clock()
    return Tables(open_store(tmp_path).store,
                  limits=GuessLimits(MissLimiter(allowed=3, refill=60, clock=clock),
                                     MissLimiter(allowed=10, refill=20, clock=clock, who="this network")))


def phones(tables, n):
    return [tables.device(tables.new_device_key(), f"192.168.1.{20 + i}") for i in range(n)]


def new_game(phone) -> str:
    return phone.create(Session.start(PAL, PAL.make_setup(["Ann", "Bea"])))


def test_a_game_belongs_to_the_phones_that_made_or_joined_it(tables):
    a, b, stranger = phones(tables, 3)
    gid = new_game(a)
    assert [g.id for g in a.games()] == [gid] and a.games()[0].seat == "table"
    assert b.games() == [] and stranger.games() == []
    with pytest.raises(Refused, match=re.escape(NOT_OPEN)):
        stranger.open(gid)
    for act in (lambda: stranger.export(gid), lambda: stranger.delete(gid), lambda: stranger.taken_seats(gid),
                lambda: stranger.act(gid, a.open(gid).snapshot, EnterStep(ANN_DEAL))):
        with pytest.raises(Refused, match="not open to this phone|too many wrong codes"):
            act()
    code = a.open(gid).code
    assert b.join(format_table_code(code)) == gid
    assert [g.id for g in b.games()] == [gid] and b.games()[0].seat == ""
    assert b.open(gid).seat is None  # joined, no seat picked yet
    assert len(tables.store.saved_games()) == 1


def wrong_code(right: str) -> str:
    return "ABC-DEF-GHJ" if right != "ABCDEFGHJ" else "ABC-DEF-GHK"


def test_wrong_codes_and_strangers_count_against_the_phone(tables):
    a, guesser = phones(tables, 2)
    gid = new_game(a)
    with pytest.raises(BadCode, match="no table has the code"):
        guesser.join(wrong_code(a.open(gid).code))
    with pytest.raises(BadCode):
        guesser.join("nonsense!")
    with pytest.raises(Refused, match=re.escape(NOT_OPEN)):
        guesser.open("0123456789ab")  # a guessed game id is a miss too
    with pytest.raises(TooManyTries, match="too many wrong codes from this phone"):
        guesser.join(a.open(gid).code)  # even the right code waits now
    assert tables.store.seats(gid) == {a.key: "table"}  # nothing changed
    other = tables.device(tables.new_device_key(), "192.168.1.99")
    assert other.join(a.open(gid).code) == gid  # another address is not held up


def test_one_phone_guessing_does_not_lock_its_table_out(tmp_path):
    """The server's own limits. Six phones of a table behind one router (one address); one
    of them types seven wrong codes. On the old code the limit was the address's, and the
    other phones were then told "Too many wrong codes from this device" with the right code.
    Now the guesser waits (and is told it is this phone), the others join."""
    tables = Tables(open_store(tmp_path).store)
    host = tables.device(tables.new_device_key(), "192.168.1.20")
    gid = new_game(host)
    code = host.open(gid).code
    guesser, *others = [tables.device(tables.new_device_key(), "203.0.113.7") for _ in range(6)]
    refusals = []
    for _ in range(7):
        try:
            guesser.join(wrong_code(code))
        except Refused as exc:
            refusals.append(str(exc))
    for phone in others:
        assert phone.join(format_table_code(code)) == gid
    assert refusals[:5] == [refusals[0]] * 5 and "no table has the code" in refusals[0]
    assert refusals[5:] == ["too many wrong codes from this phone: wait 60 seconds, then try again"] * 2
    with pytest.raises(TooManyTries, match="from this phone"):
        guesser.join(code)  # the guesser itself waits, even with the right code


def test_a_stranger_with_a_new_key_for_every_guess_is_held_by_the_network():
    clock = Clock()
    limits = GuessLimits(clock=clock)
    for i in range(NETWORK_MISSES_ALLOWED):  # thirty phones (keys), one wrong code each
        limits.check(f"key-{i}", "203.0.113.7")
        limits.miss(f"key-{i}", "203.0.113.7")
    with pytest.raises(TooManyTries) as refused:
        limits.check("a-fresh-key", "203.0.113.7")
    assert str(refused.value) == "too many wrong codes from this network: wait 20 seconds, then try again"
    limits.check("a-fresh-key", "198.51.100.1")  # another network is not held up
    clock.now += 20
    limits.check("a-fresh-key", "203.0.113.7")  # one more try every 20 s
    limits.miss("a-fresh-key", "203.0.113.7")
    with pytest.raises(TooManyTries, match="this network"):
        limits.check("another-key", "203.0.113.7")


def test_a_phone_at_its_limit_never_empties_its_networks_tries():
    """A phone at its own limit misses once a minute; its network gets three tries back a
    minute: an hour of that leaves the network its full thirty."""
    clock = Clock()
    limits = GuessLimits(clock=clock)
    misses = 0
    for _ in range(3600):
        clock.now += 1
        try:
            limits.check("guesser", "203.0.113.7")
        except TooManyTries as exc:
            assert "this phone" in str(exc)
            continue
        limits.miss("guesser", "203.0.113.7")
        misses += 1
    assert misses == 5 + 59  # five at once, then one a minute: 3,595 s left / 60 = 59.9
    assert limits.network.left("203.0.113.7") == NETWORK_MISSES_ALLOWED


def test_a_tampered_or_foreign_device_key_is_refused_in_a_sentence(tables, tmp_path):
    key = tables.new_device_key()
    ident, mac = key.split(".")
    for bad in (ident + "x." + mac, "garbage", "", Tables(open_store(tmp_path / "other").store).new_device_key()):
        with pytest.raises(Refused, match="device key was not made by this server"):
            tables.device(bad, "192.168.1.5")


def test_joining_a_deleted_game_is_refused_plainly(tables):
    a, b = phones(tables, 2)
    gid = new_game(a)
    code = a.open(gid).code
    assert a.delete(gid) is True  # the only phone: gone for good
    with pytest.raises(BadCode, match=r"no table has the code .* \(a deleted game's code no longer works\)"):
        b.join(code)
    assert tables.store.saved_games() == []


def test_delete_takes_the_game_off_this_phone_and_the_last_phone_deletes_it(tables):
    a, b = phones(tables, 2)
    gid = new_game(a)
    b.join(a.open(gid).code)
    assert a.delete(gid) is False  # Bea's phone still holds it
    assert a.games() == [] and [g.id for g in b.games()] == [gid]
    assert b.delete(gid) is True and tables.store.saved_games() == []


def test_seats_a_taken_seat_and_a_watcher(tables):
    a, b, c = phones(tables, 3)
    gid = new_game(a)
    code = a.open(gid).code
    b.join(code)
    c.join(code)
    b.take_seat(gid, player_seat(1))
    assert b.open(gid).seat == player_seat(1) and c.taken_seats(gid) == {1}
    with pytest.raises(SeatTaken, match="Bea's seat is taken by another phone: pick another seat, or watch"):
        c.take_seat(gid, player_seat(1))
    with pytest.raises(Refused, match="not a seat at this table"):
        c.take_seat(gid, player_seat(5))
    c.take_seat(gid, WATCH)
    shown = c.open(gid).snapshot
    with pytest.raises(Refused, match=re.escape(WATCHING)):
        c.act(gid, shown, EnterStep(ANN_DEAL))
    with pytest.raises(Refused, match=re.escape(WATCHING)):
        c.act(gid, shown, Undo())
    assert tables.store.revision(gid) == 0 and tables.store.load(gid).actions == ()
    # a seat is remembered per device per game
    assert tables.device(c.key, "10.1.1.1").open(gid).seat == WATCH
    b.take_seat(gid, TABLE)  # Bea moves to the table seat: her player seat is free again
    c.take_seat(gid, player_seat(1))


def test_a_phone_without_a_seat_cannot_act_yet(tables):
    a, b = phones(tables, 2)
    gid = new_game(a)
    b.join(a.open(gid).code)
    with pytest.raises(Refused, match="pick your seat"):
        b.act(gid, b.open(gid).snapshot, EnterStep(ANN_DEAL))


def test_steps_commit_with_the_revision_and_a_stale_one_is_refused(tables):
    a, b = phones(tables, 2)
    gid = new_game(a)
    b.join(a.open(gid).code)
    b.take_seat(gid, player_seat(1))
    on_a, on_b = a.open(gid).snapshot, b.open(gid).snapshot
    on_a = a.act(gid, on_a, EnterStep(ANN_DEAL))
    assert on_a.revision == 1 and on_a.session.actions == (ANN_DEAL,)
    with pytest.raises(StaleGame):
        b.act(gid, on_b, EnterStep(BEA_DEAL))  # B never saw Ann's deal
    on_b = b.open(gid).snapshot
    on_b = b.act(gid, on_b, EnterStep(BEA_DEAL))
    with pytest.raises(StaleGame):
        a.act(gid, on_a, Undo())  # A's undo would have undone Bea's step
    assert tables.store.load(gid).actions == (ANN_DEAL, BEA_DEAL)


def test_the_host_machine_opens_games_made_outside_a_browser(tables):
    gid = tables.store.create(Session.start(PAL, PAL.make_setup(["Ann", "Bea"])))  # the command line
    here = tables.device(tables.new_device_key(), "127.0.0.1")
    lan = tables.device(tables.new_device_key(), "192.168.1.30")
    assert [g.id for g in here.games()] == [gid] and lan.games() == []
    assert here.open(gid).seat == TABLE  # sits at the whole table, as before tables had seats
    with pytest.raises(Refused):
        lan.open(gid)


def test_the_host_password(tables, tmp_path):
    assert not tables.has_admin
    with pytest.raises(Refused, match="no host password"):
        tables.check_admin("anything", "10.0.0.1")
    t = Tables(open_store(tmp_path / "h").store, admin_password="s3cret",
               limits=GuessLimits(network=MissLimiter(allowed=2, refill=60, clock=Clock(), who="this network")))
    a = t.device(t.new_device_key(), "10.0.0.2")
    gid = new_game(a)
    t.check_admin("s3cret", "10.0.0.1")
    with pytest.raises(Refused, match="not the host password"):
        t.check_admin("guess", "10.0.0.1")
    with pytest.raises(Refused):
        t.check_admin("guess2", "10.0.0.1")
    with pytest.raises(TooManyTries, match="this network"):
        t.check_admin("s3cret", "10.0.0.1")
    t.check_admin("s3cret", "10.0.0.9", "a phone's key")
    with pytest.raises(Refused, match="not the host password"):
        t.check_admin("guess", "10.0.0.9", "a phone's key")  # a phone's wrong passwords count for it too
    assert t.limits.phone.left("a phone's key") == 4
    host = t.device(t.new_device_key(), "10.0.0.3", admin=True)
    assert [g.id for g in host.games()] == [gid]
    assert host.open(gid).session.actions == ()


# --- the live hub -------------------------------------------------------------------------------------------


def test_a_committed_step_reaches_the_other_pages_with_its_session(tables):
    a, b = phones(tables, 2)
    gid = new_game(a)
    b.join(a.open(gid).code)
    b.take_seat(gid, player_seat(1))
    heard = []
    sub_b = tables.hub.subscribe(gid, heard.append)
    shown = a.open(gid).snapshot
    now = a.act(gid, shown, EnterStep(ANN_DEAL))
    [event] = heard
    assert (event.before, event.after, event.kind, event.by) == (0, 1, "enter", "the table phone")
    assert event.session is now.session  # the same immutable session: nothing replayed
    b.act(gid, b.open(gid).snapshot, Undo())
    assert heard[-1].kind == "undo" and heard[-1].by == "Bea"
    sub_b.close()
    a.act(gid, a.open(gid).snapshot, Redo())
    assert len(heard) == 2 and tables.hub.count(gid) == 0


def test_pages_that_went_away_are_dropped_and_work_does_not_grow():
    hub = Hub()
    calls = []
    for _ in range(20):  # a game opened and closed 20 times
        sub = hub.subscribe("g", calls.append)
        sub.close()
    hub.subscribe("g", calls.append, alive=lambda: False)  # a page whose session closed
    live = hub.subscribe("g", calls.append)
    told = hub.publish(Committed("g", 0, 1, "enter"))
    assert told == 1 and len(calls) == 1 and hub.count("g") == 1
    live.close()
    assert hub.count() == 0


def test_a_closed_page_of_a_game_nobody_steps_in_is_dropped_when_another_page_subscribes():
    # the café: a table played, its phones left; no step will ever be published to that game,
    # yet its pages' subscriptions (which hold the pages) must not stay forever
    hub = Hub()
    gone = {"ann": False, "bea": False}
    for who in gone:
        hub.subscribe("old table", lambda e: None, alive=lambda who=who: not gone[who])
    gone["ann"] = True
    hub.subscribe("new table", lambda e: None)
    assert (hub.count("old table"), hub.count("new table")) == (1, 1)  # Bea's page is still open
    gone["bea"] = True
    assert hub.sweep() == 1 and hub.count() == 1


def test_a_broken_page_does_not_stop_the_others():
    hub = Hub()
    heard = []

    def broken(event):
        raise AttributeError("'NoneType' object has no attribute 'loop'")

    hub.subscribe("g", broken)
    hub.subscribe("g", heard.append)
    hub.publish(Committed("g", 0, 1, "enter"))
    assert len(heard) == 1


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["enter", "undo", "redo", "stale"]), min_size=1, max_size=25), st.integers(0, 10**6))
def test_two_phones_never_lose_or_overwrite_a_step(tmp_path_factory, ops, seed):
    """Random steps from two phones, each on what it shows (sometimes stale): the saved log
    is always one phone's committed history, and every refusal changed nothing."""
    tables = Tables(open_store(tmp_path_factory.mktemp("t")).store)
    a, b = [tables.device(tables.new_device_key(), f"10.0.0.{i}") for i in (1, 2)]
    gid = a.create(Session.start(PAL, PAL.make_setup(["Ann", "Bea"])))
    b.join(a.open(gid).code)
    b.take_seat(gid, player_seat(1))
    rng = random.Random(seed)
    shown = {id(a): a.open(gid).snapshot, id(b): b.open(gid).snapshot}
    committed = shown[id(a)]
    for op in ops:
        phone = rng.choice((a, b))
        view = shown[id(phone)]
        try:
            if op == "enter" or op == "stale":
                action = PAL.random_play().random_action(view.session.state, rng)
                if action is None:
                    continue
                now = phone.act(gid, view, EnterStep(action))
            elif op == "undo":
                now = phone.act(gid, view, Undo())
            else:
                now = phone.act(gid, view, Redo())
        except StaleGame:
            assert view.revision != committed.revision
            shown[id(phone)] = phone.open(gid).snapshot  # reloads, as the screen does
            continue
        except Exception as exc:  # the rules refused (nothing to undo, game over...)
            assert "nothing to" in str(exc) or "game is over" in str(exc) or isinstance(exc, ValueError)
            continue
        committed = now
        shown[id(phone)] = now
        if op != "stale":
            other = b if phone is a else a
            shown[id(other)] = now  # the live hub brings the other phone up to date
    saved = tables.store.snapshot(gid)
    assert saved.revision == committed.revision
    assert saved.session.actions == committed.session.actions
    assert saved.session.redo_stack == committed.session.redo_stack
    assert math.isfinite(saved.revision)
