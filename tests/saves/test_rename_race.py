"""Two phones renaming the same player at once: one rename wins, the other
is told the player's name now and changes nothing. The race was not two transactions (each
rename is one), but a rename by a spelling the player no longer has: the old name stayed a
spelling of the player, so the second rename found them by it and renamed them again, and both
phones said "Renamed". A rename (and a merge) now names a player by their name now, checked in
the transaction that changes them."""

from __future__ import annotations

import threading

import pytest

from card_companion.companion.game import IllegalAction
from card_companion.companion.phones.devices import Tables
from card_companion.companion.records.names import NameChanged
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import FILE_NAME, Store
from card_companion.companion.session import Session
from card_companion.views.players_screen import PlayersScreen
from tests.fight.test_tracker import a_match_best_of_three
from tests.records.test_records import kept, players
from tests.support.viewkit import ViewHarness
from tests.views.test_players_views import choose
from tests.views.test_views import services

FIGHT = game("fight")
MATCH = a_match_best_of_three()


def with_ann(path) -> None:
    store = Store(path)
    store.create(Session.replay(FIGHT, FIGHT.make_setup(["Ann", "Bea"]), list(MATCH.actions)))
    store.create(Session.replay(FIGHT, FIGHT.make_setup(["Cy", "Ann"]), list(MATCH.actions)))
    store.close()


def test_a_rename_by_a_name_the_player_no_longer_has_is_told_their_name_now(tmp_path):
    with_ann(tmp_path / FILE_NAME)
    store = Store(tmp_path / FILE_NAME)
    first, second = Tables(store).local(), Tables(store).local()
    assert first.rename_player("Ann", "Anna") == "Anna"
    before = (kept(store), players(store))
    with pytest.raises(NameChanged) as lost:
        second.rename_player("Ann", "Annie")  # its screen still said Ann
    assert str(lost.value) == ("Ann is called Anna now (renamed or merged meanwhile, on another phone?): nothing was "
                               "changed")
    assert lost.value.now == "Anna" and (kept(store), players(store)) == before
    with pytest.raises(NameChanged, match="Ann is called Anna now"):
        second.merge_players("Ann", "Cy")
    assert second.rename_player("Anna", "Annie") == "Annie"  # by the name it is told
    store.close()


def rename(start: threading.Barrier, said: dict, device, current: str, new: str) -> None:
    """One phone's rename, at the same moment as the other's; what it was told."""
    start.wait()
    try:
        said[new] = device.rename_player(current, new)
    except IllegalAction as exc:
        said[new] = exc


@pytest.mark.parametrize("stores", ["two connections, as two servers", "one server's two threads"])
def test_two_renames_at_once_one_wins_and_the_other_is_told_the_winners_name(tmp_path, stores):
    path = tmp_path / FILE_NAME
    with_ann(path)
    for attempt in range(12):  # a dozen races: whichever wins, the other is told
        opened = [Store(path), Store(path)] if stores.startswith("two connections") else [Store(path)] * 2
        start = threading.Barrier(2)
        said: dict[str, str | IllegalAction] = {}
        with opened[0].reading() as db:
            current = db.execute("SELECT name FROM players WHERE id = 1").fetchone()[0]

        news = (f"Ann{attempt}a", f"Ann{attempt}b")
        threads = [threading.Thread(target=rename, args=(start, said, Tables(opened[i]).local(), current, new))
                   for i, new in enumerate(news)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        won = [n for n in news if said[n] == n]
        lost = [n for n in news if isinstance(said[n], NameChanged)]
        assert len(won) == 1 and len(lost) == 1, said
        assert said[lost[0]].now == won[0]  # type: ignore[union-attr]
        assert str(said[lost[0]]).startswith(f"{current} is called {won[0]} now")
        assert players(opened[0])[0] == won[0]
        for s in set(opened):
            s.close()


def test_the_phone_that_lost_shows_the_name_now(tmp_path):
    with_ann(tmp_path / FILE_NAME)
    store = Store(tmp_path / FILE_NAME)
    here = ViewHarness(PlayersScreen, contexts=services(store))
    there = ViewHarness(PlayersScreen, contexts=services(store))  # another phone, the same screen open
    for phone, new in ((here, "Anna"), (there, "Annie")):
        choose(phone, "edit-who", "Ann")
        phone.type("edit-name", new)
    here.click("rename-player")
    assert "Renamed: every record says Anna now." in here.texts()
    assert next(c for c in here.all_under("edit-who") if hasattr(c, "options")).value == "Anna"  # still chosen
    there.click("rename-player")
    assert ("Ann is called Anna now (renamed or merged meanwhile, on another phone?): nothing was changed."
            in there.texts())
    assert there.has("player-Anna") and not there.has("player-Ann")  # the records as they are now
    assert players(store)[0] == "Anna"
    store.close()
