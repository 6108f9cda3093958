"""What every phone of a table asks of the same state after a step is asked once for them all
(views/per_state.py): each phone asks as it hears of the step and again as it draws."""

from __future__ import annotations

from card_companion.calculators.cards import card
from card_companion.companion.fight import CoinFlip, Pick, TurnUp
from card_companion.companion.registry import GAMES as REGISTRY
from card_companion.companion.session import Session
from card_companion.views.per_state import answered
from tests.support.phones import run, table_of_phones


def test_three_phones_ask_what_a_fight_step_shows_once_per_step(tmp_path, monkeypatch) -> None:
    """FIGHT!'s step panel asks what the table enters now (``_step``) of each session: three
    phones, four steps, each session asked about once (without the sharing: six times, twice
    a phone)."""
    from card_companion.views.fight import step as fight_step

    asked: list[Session] = []  # (kept: no id is reused while the test runs)
    real = fight_step._step

    def counted(session: Session):
        asked.append(session)
        return real(session)

    monkeypatch.setattr(fight_step, "_step", counted)
    game = REGISTRY["fight"]
    session = Session.start(game, game.make_setup(["Ann", "Bea"]))
    steps = (TurnUp(cards=(card("AH"), card("2H"), card("3H"))), CoinFlip(purpose="first-pick", winner=1),
             Pick(player=1, card=card("AH")), Pick(player=0, card=card("2H")))

    async def scenario() -> None:
        table = await table_of_phones(session, phones=3, data_dir=tmp_path)
        assert table.phones[2].has("step-row"), "every phone shows the row to enter"
        asked.clear()
        for action in steps:
            await table.step(action)
        assert "Refill the row" in table.phones[2].texts(), "every phone shows the step: the row's refill"

    run(scenario)
    ids = [id(s) for s in asked]
    assert len(set(ids)) == len(steps), f"each step's session is asked about: {len(set(ids))} of {len(steps)}"
    assert len(ids) == len(steps), f"{len(ids)} asks for {len(steps)} steps on three phones"


def test_an_answer_is_kept_per_state_and_arguments() -> None:
    calls: list[tuple] = []

    def ask(s, *args):
        calls.append((s, args))
        return len(calls)

    one, two = object(), object()
    assert answered(ask, one, (1,), lambda: ask(one, 1)) == 1
    assert answered(ask, one, (1,), lambda: ask(one, 1)) == 1, "the same state and arguments: the answer kept"
    assert answered(ask, one, (2,), lambda: ask(one, 2)) == 2, "other arguments: asked"
    assert answered(ask, two, (1,), lambda: ask(two, 1)) == 3, "another state: asked"
    assert answered(ask, one, ([1],), lambda: ask(one, [1])) == 4
    assert answered(ask, one, ([1],), lambda: ask(one, [1])) == 5, "arguments with no hash: asked every time"
