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


def test_a_fight_pick_draws_only_the_pickers_place(tmp_path) -> None:
    """FIGHT!: Bea won the turn (Ann 6♠ Punch, Bea 6♦ Parry: Parry beats Punch), so Bea alone
    takes a face-up card from the row; Ann drew her card at the turn. Bea's pick changes
    Bea's hand and the row, nothing of Ann's: Ann's place (name, numbers, hand, pile) is not
    drawn again, and neither pile is."""
    from card_companion.calculators.cards import card
    from card_companion.companion.fight import CoinFlip, Fight, Pick, TurnUp
    from card_companion.companion.session import Session

    game = REGISTRY["fight"]
    ann, bea = 0, 1
    session = Session.start(game, game.make_setup(["Ann", "Bea"]))
    for action in (TurnUp(cards=(card("AH"), card("2H"), card("3H"))), CoinFlip(purpose="first-pick", winner=bea),
                   Pick(player=bea, card=card("AH")), Pick(player=ann, card=card("2H")),
                   TurnUp(cards=(card("4H"), card("5H"))), Fight(cards=(card("6S"), card("6D")))):
        session = session.push(action)
    before = session.state
    assert before.phase == "pick" and before.pickers == (bea,)

    async def scenario() -> tuple[Counter, bool, bool]:
        table = await table_of_phones(session, phones=2, data_dir=tmp_path)
        watcher = table.phones[1]
        ann_place = watcher.find("player-0")
        with watching() as drawn:
            await table.step(Pick(player=bea, card=card("3H")))
            after = table.snapshot().session.state
            assert after.players[ann] == before.players[ann] and after.players[bea] != before.players[bea]
            return drawn.names(watcher), watcher.find("player-0") is ann_place, watcher.has("hand-1-up-1")

    names, ann_kept, bea_took = run(scenario)
    assert bea_took, "Bea's pick is in her hand"
    assert names["PlayerPlace"] == 1, f"only Bea's place is drawn again: {names}"
    assert ann_kept, "Ann's place is the very control it was"
    assert not names["Pile"], f"no victory pile changed: {names}"
