"""FIGHT!'s coin flips: "if any situation calls for a Tie Breaker card when neither player has
the card, flip a coin" (the text's footnote), and at the start of a round for who picks first
from the row. The step carries the coin's outcome, so a replay never flips again."""

from __future__ import annotations

from typing import Literal, cast

from card_companion.calculators.fight import Turn, resolve_turn
from card_companion.companion.fight.actions import CoinFlip
from card_companion.companion.fight.checks import FLIP_QUESTION, expect
from card_companion.companion.fight.state import FightState
from card_companion.companion.fight.turns import collect, turn_tail
from card_companion.companion.fight.winning import end_round, round_tail
from card_companion.companion.game import Applied, IllegalAction


def coin_flip(s: FightState, a: CoinFlip) -> Applied:
    """The coin decides what the table is waiting for: who picks first, who wins a tie of two
    attack cards, or who wins a round that ended with nobody holding the Tie Breaker."""
    expect(s, "coin-flip")
    assert s.flip is not None  # phase coin-flip always says what the flip decides
    if a.purpose != s.flip:
        raise IllegalAction(f"the coin flip now is {FLIP_QUESTION[s.flip]}")
    if a.winner not in (0, 1):
        raise IllegalAction(f"a coin flip favours player 0 or player 1, not {a.winner}")
    w = a.winner
    if s.flip == "first-pick":
        return Applied(s.model_copy(update={"phase": "pick", "flip": None, "pickers": (w, 1 - w)}),
                       f"Coin flip: {s.name(w)} picks first from the row")
    if s.flip == "tie":
        cards = s.played
        # a tie's flip comes after the turn that played the two cards (turns.play_turn)
        assert cards is not None and s.last_turn is not None
        coin = cast(Literal[0, 1], w)  # the check above: a coin favours player 0 or player 1
        result = resolve_turn(
            Turn(cards=cards, tie_breaker=None, cycle=s.setup.settings.cycle, coin=coin), s.names
        )
        record = s.last_turn.model_copy(update={"result": result})
        after = collect(s.model_copy(update={"played": None, "flip": None, "last_turn": record}))
        return Applied(after, f"Coin flip for the tie: {s.name(w)} wins the turn" + turn_tail(s, after))
    after = end_round(
        s.model_copy(update={"flip": None, "ending": ""}), w, "coin",
        f"{s.ending}; nobody held the Tie Breaker, so a coin flip gave the round to {s.name(w)}",
    )
    return Applied(after, f"Coin flip: {s.name(w)} wins round {s.round}" + round_tail(s, after))
