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
from card_companion.companion.session import Session
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


def test_cardpeegee_a_fight_round_draws_again_only_the_hurt_heros_numbers(tmp_path) -> None:
    """Ann fights a Monster while Bea waits: a round that only hurts Ann leaves Bea's panel as
    it was drawn, and the Heroes' panels themselves (names, Characters, badges) too: only
    Ann's numbers and her HP chart are drawn again."""
    game = REGISTRY["cardpeegee"]

    def act(session, **action):
        return session.push(game.parse_action(action))

    # Ann: K♥, HP 15 + 7 + 10 + 2 = 34, Attack 10, Deal 3; Bea: Q♠, HP 15 + 5 + 5 + 5 = 30.
    # The Monster 9♣ with props 6♣ 3♠: HP 9, Attack 9 + 6 = 15, Deal 3 + 1 = 4
    session = Session.start(game, game.make_setup(["Ann", "Bea"], {}))
    session = act(session, kind="hero", player=0, character="KH", hp_cards=["7H", "KS", "2C"])
    session = act(session, kind="hero", player=1, character="QS", hp_cards=["5D", "5C", "5S"])
    session = act(session, kind="encounter", agitator="9C", props=["6C", "3S"])
    # round 1: Ann 10 + 2 + 3 + 4 = 19 against the Monster 15 + 10 = 25 (less than half as much
    # again: no critical strike): the Monster wins, Ann loses its Attack, 34 − 15 = 19
    round_one = game.parse_action({"kind": "round", "scores": [["2H", "3D", "4C"], 10]})

    async def scenario() -> tuple[Counter, str, list[int]]:
        table = await table_of_phones(session, phones=2, data_dir=tmp_path)
        watcher = table.phones[1]
        with watching() as drawn:
            await table.step(round_one)
            names = drawn.names(watcher)
        return names, watcher.texts(), [h.hp for h in table.snapshot().session.state.heroes]

    names, texts, hps = run(scenario)
    assert hps == [19, 30] and "HP: 19" in texts and "HP: 30" in texts
    assert names["HeroPanel"] == 0, f"a Hero's panel was drawn again: {names}"
    assert names["StatLine"] == 1 and names["HpChart"] == 1, f"only Ann's numbers and chart change: {names}"
