"""The process tests/saves/test_durability.py kills: plays random legal steps (and some undos) of one
game into a save file, printing ``ACK <game id> <revision> <live steps>`` after each step's
commit, until it is killed. Run: python -m tests.support.durability_child <save file> <game> <seed>."""

from __future__ import annotations

import random
import sys

from card_companion.companion.log_changes import EnterStep, Undo
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session


def main(path: str, game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    game = GAMES[game_id]
    store = Store(path)
    while True:  # one game after another, until killed
        session = Session.start(game, game.random_play().random_setup(rng))
        gid = store.create(session)
        revision = store.revision(gid)
        while not session.is_over:
            if session.can_undo and rng.random() < 0.1:
                session = session.undo()
                revision = store.commit(gid, revision, Undo()).revision
            else:
                session = session.push(game.random_play().random_action(session.state, rng))
                revision = store.commit(gid, revision, EnterStep(session.actions[-1])).revision
            print(f"ACK {gid} {revision} {len(session.actions)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
