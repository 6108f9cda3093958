"""The process tests/saves/test_storage.py runs with its save folder truly read-only (a read-only
bind mount of its own, or a folder it may not write to): it opens the saves as the app does
and prints, as JSON, what a player would see and be told. Run:
python -m tests.support.read_only_child <save folder> <device key> <a game of that phone with Ann's deal>."""

from __future__ import annotations

import json
import os
import sys

from card_companion.companion.log_changes import EnterStep, Undo
from card_companion.companion.phones.access import TABLE
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session


def attempt(fn) -> str:
    try:
        fn()
    except Exception as exc:  # what the player would be told
        return f"{type(exc).__name__}: {exc}"
    return "changed"


def main(folder: str, key: str, first: str) -> None:
    opened = open_store(folder, wait=1)
    store = opened.store
    tables = Tables(store)
    ids = [g.id for g in store.saved_games()]
    if first not in ids:  # the save could not be read at all: say so, and what the app opened instead
        print(json.dumps({"problem": opened.problem, "games": ids}))
        return
    phone = tables.device(key, "192.168.1.20")
    pal = game("peace-and-love")
    steps = {gid: len(store.load(gid).actions) for gid in ids}
    mine = [g.id for g in phone.games()]
    shown = phone.open(first).snapshot
    deal = pal.parse_action({"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]})
    tries = {
        "new game": attempt(lambda: phone.create(Session.start(pal, pal.make_setup(["Ann", "Bea"])))),
        "step": attempt(lambda: phone.act(first, shown, EnterStep(deal))),
        "undo": attempt(lambda: phone.act(first, shown, Undo())),
        "delete": attempt(lambda: phone.delete(first)),
        "import": attempt(lambda: phone.import_json(store.export_json(first))),
        "seat": attempt(lambda: phone.take_seat(first, TABLE)),
        "join": attempt(lambda: tables.device(tables.new_device_key(), "192.168.1.21").join(shown.code)),
    }
    print(json.dumps({"problem": opened.problem, "read_as": getattr(store, "read_as", "(none)"), "games": ids,
                      "steps": steps, "mine": mine, "tries": tries, "left": sorted(os.listdir(folder)),
                      "games_after": len(store.saved_games())}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
