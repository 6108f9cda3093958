"""What one step draws again on a phone of the table, for every game (tests/phones.py: real
Flet sessions, no browser). After another phone's step, the frame (the page, the seat line,
the links, the invite) is not drawn again, and only a small part of the table's components
are: the panels whose data changed. If a revision key or a new handler comes back, every
component is drawn again and this fails."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from benchmarks.page_updates import GAMES, mid_game
from card_companion.companion.registry import GAMES as REGISTRY
from tests.phones import run, table_of_phones, watching

FRAME = {"TablePage", "GameBody", "TableLinks", "SeatLine", "InvitePanel"}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_step_draws_again_only_what_it_changed(game_id: str, tmp_path) -> None:
    game = REGISTRY[game_id]
    session, play, rng = mid_game(game, seed=11)

    async def scenario() -> list[tuple[Counter, int, int]]:
        table = await table_of_phones(session, phones=2, data_dir=tmp_path)
        watcher = table.phones[1]
        out = []
        with watching() as drawn:
            for _ in range(6):
                state = table.snapshot().session.state
                if game.is_over(state):
                    break
                drawn.clear()
                watcher.sent.clear()
                await table.step(play.random_action(state, rng))
                out.append((drawn.names(watcher), watcher.controls_sent(), len(list(watcher.controls()))))
        return out

    steps = run(scenario)
    assert steps, "the game ended before any step"
    shares = []
    for names, sent, on_page in steps[1:]:  # the first step may open the undo button and the notice
        assert not FRAME & set(names), f"the frame was drawn again: {names}"
        # the panels whose data changed: a part of the page, never all of it (a step that opens
        # a new entry sends that entry)
        assert sent <= on_page // 2, f"{sent} of the page's {on_page} controls sent again: {names}"
        shares.append(sent / on_page)
    assert statistics.median(shares) <= 0.25, f"a step sends {shares} of the page"


def test_peace_and_love_a_fight_round_leaves_the_player_outside_the_fight_as_drawn(tmp_path) -> None:
    """Three players; Bea (lowest total, 14) attacks Ann's 9♥ with her 5♠, Cy stays out. A round
    (Bea 3♣ on 5♠: 2; Ann 4♣ on 9♥: 5; no trump, so the highest result wins) sends Bea's 5♠ to
    Ann's victory pile: Ann's and Bea's hands and Ann's pile change, Bea's first place empties
    until her new fighter is entered. Nothing of Cy's changes, so Cy's panel, fighters and
    numbers are not drawn again, nor any player's panel frame (whose turn it is stays)."""
    from card_companion.companion.session import Session

    pal = REGISTRY["peace-and-love"]
    session = Session.start(pal, pal.make_setup(["Ann", "Bea", "Cy"]))
    for player, fighters in enumerate((["9H", "KD", "QC"], ["5S", "2C", "7D"], ["8S", "10H", "6C"])):
        session = session.push(pal.parse_action({"kind": "deal", "player": player, "fighters": fighters}))
    session = session.push(pal.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0}))
    round_one = pal.parse_action({"kind": "play", "cards": {"1": "3C", "0": "4C"}})

    async def scenario() -> tuple[Counter, str, str, str]:
        table = await table_of_phones(session, phones=2, data_dir=tmp_path)
        watcher = table.phones[1]
        with watching() as drawn:
            await table.step(round_one)
        return (drawn.names(watcher), watcher.find("stats-0").label, watcher.find("stats-2").label,
                watcher.find("fighter-1-0").label)

    names, ann, cy, bea_fighter = run(scenario)
    assert ann == "Victory pile 5 points · 1 card, Hand 4 cards"  # Bea's 5♠, one card played
    assert cy == "Victory pile 0 points · 0 cards, Hand 5 cards"
    assert bea_fighter == "Bea's fighter 1: waiting for a new fighter"
    assert names["StatLine"] == 2, names  # Ann's and Bea's numbers; Cy's stay
    assert names["FighterCard"] == 1, names  # Bea's defeated fighter; Cy's three stay
    assert "PlayerPanel" not in names, names
