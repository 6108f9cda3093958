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


def test_card_stratego_a_draw_draws_again_only_the_drawing_players_panel(tmp_path) -> None:
    """Card Stratego: Ann draws with actions left in her turn. By the rules a Draw moves the
    top card of her deck into her hand and uses one action; the turn stays hers and nothing
    on the battlefield moves. So Bea's army panel (its counts, its "to play" mark) is not
    drawn again, nor is any place of the battlefield: only Ann's panel and the head."""
    from card_companion.companion.card_stratego import GAME, Draw, PutIntoPlay
    from card_companion.companion.session import Session

    session = Session.start(GAME, GAME.make_setup(["Ann", "Bea"], {}))
    for action in (PutIntoPlay(column=1), PutIntoPlay(column=1), PutIntoPlay(column=2)):
        session = session.push(action)  # Ann's turn 1 (1 action), Bea's turn 2 (2 actions)
    state = session.state
    assert state.turn == 0 and state.actions_left >= 2, "Ann to play, with more than the Draw left"
    deck, hand = state.armies[0].deck, state.armies[0].hand

    async def scenario() -> tuple:
        table = await table_of_phones(session, phones=2, data_dir=tmp_path)
        watcher = table.phones[1]
        bea, ann = watcher.find("player-1"), watcher.find("player-0")
        with watching() as drawn:
            await table.step(Draw())
        return (drawn.names(watcher), watcher.find("player-1") is bea, watcher.find("player-0") is ann,
                watcher.find("player-0").label)

    names, bea_kept, ann_kept, ann_label = run(scenario)
    assert f"Deck {deck - 1}" in ann_label and f"Hand {hand + 1}" in ann_label  # the Draw was drawn
    assert not ann_kept
    assert bea_kept, f"Bea's panel was drawn again: {names}"
    assert names["ArmyPanel"] == 1, names
    assert not {"Cell", "RankRow", "Battlefield", "BattleLine", "CardStrategoTable"} & set(names), names
