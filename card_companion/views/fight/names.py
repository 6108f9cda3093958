"""The two players' names, as every panel of FIGHT!'s table hands them on."""

from __future__ import annotations

from card_companion.companion.fight import FightState

Names = tuple[str, str]


def names_of(s: FightState) -> Names:
    return s.name(0), s.name(1)
