"""How a finished game ranks its players: each player's final figure in that game's own terms
and their place, with ties, taken from the game's own outcome (one function per game, each
checked against its rule text in tests/test_standings.py).

A record of a finished game (``companion/records.py``) is what the players would write down;
this module is the part of it that needs the rules:

    >>> FIGURES["fight"].unit, FIGURES["pc-war"].higher_is_better
    ('rounds won', False)

A game stopped early (Peace and Love's and PC War's Stop) is scored by the app at its stop
(their rulings: as it stands; the fewest cards): it has the standing it was scored with,
marked stopped early (``Finished.stopped_early``). A game the players stopped without
counting it (abandoned: the state's ``counted`` is False) has no standing and counts for
nothing (``standing`` gives None, as it does for a game still being played).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from card_companion.companion.game import Frozen, Game, Outcome


class Figure(Frozen):
    """What a game's final figure counts, in the players' words."""

    unit: str
    """"points", "rounds won", "cards in the army", "cards left", "HP" """
    higher_is_better: bool = True
    """False where fewer wins (PC War: the first to lose all cards wins)"""


FIGURES: dict[str, Figure] = {
    "peace-and-love": Figure(unit="points"),
    "fight": Figure(unit="rounds won"),
    "card-stratego": Figure(unit="cards in the army"),
    "pc-war": Figure(unit="cards left", higher_is_better=False),
    "cardpeegee": Figure(unit="HP"),
}
"""each game's final figure (the games' ids are the registry's)"""


def unit_of(game_id: str) -> str:
    """What the game's final figure counts ("points", "HP"); nothing for a game this app does
    not know (a record from a newer app)."""
    figure = FIGURES.get(game_id)
    return figure.unit if figure is not None else ""


class Standing(Frozen):
    """A finished game's result as the players would write it down, seat by seat."""

    figures: tuple[int, ...]
    """each player's final figure (``FIGURES[game].unit``)"""
    places: tuple[int, ...]
    """1 is first; tied players share a place (two firsts, then a third)"""
    winners: tuple[int, ...]
    """the outcome's winners (none for a tie nobody wins: Card Stratego's double wipe-out)"""
    teams: tuple[tuple[int, ...], ...]
    """the players rated as one side: each alone, except a shared CardPeeGee win, where the
    winning Heroes won together"""


def places_by(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places from sort keys (higher is better), ties sharing a place ("competition" ranking:
    1, 1, 3).

    >>> places_by([5, 9, 5, 2])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


def alone(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple((i,) for i in range(n))


# --- one function per game: (the game, its finished state, its outcome) -> Standing ------------


def peace_and_love(game: Any, state: Any, outcome: Outcome) -> Standing:
    """The highest total of defeated fighters wins, a tie goes to the most cards in the victory
    pile, still tied they share the win; Shoot the Moon (3+ players: the one player who won no
    fights wins) and Anti Math Geek (the remaining fighters count) as the game was set up. The
    places are the final score's own (``final_score``: the moon first, then points, then cards;
    imported here, so that the home screen, which reads the records, loads no game's rules)."""
    from card_companion.calculators.peace_and_love import final_score

    settings = state.setup.settings
    scores = game.scores(state)
    f = final_score(scores, [not p.pile for p in state.players], state.names, settings.shoot_the_moon,
                    settings.anti_math_geek)
    return Standing(figures=tuple(t for t, _ in scores), places=f.places, winners=outcome.winners,
                    teams=alone(len(scores)))


def fight(game: Any, state: Any, outcome: Outcome) -> Standing:
    """"The first fighter to win 2 rounds wins the FIGHT!": the figure is rounds won, the winner
    first, the other second (a FIGHT! has no tie)."""
    wins = game.rounds_won(state)
    return Standing(figures=tuple(wins), places=tuple(1 if i in outcome.winners else 2 for i in range(2)),
                    winners=outcome.winners, teams=alone(2))


def card_stratego(game: Any, state: Any, outcome: Outcome) -> Standing:
    """"When all twenty-seven of one player's cards have been discarded, the other player is the
    winner. If both players run out of cards simultaneously, the game is a tie." The figure is
    the cards left in the army (27 less the discarded); a double wipe-out puts both first."""
    counts = [game.counts(state, i) for i in range(2)]
    left = tuple(c["deck"] + c["hand"] + c["battlefield"] for c in counts)
    if not outcome.winners:
        return Standing(figures=left, places=(1, 1), winners=(), teams=alone(2))
    return Standing(figures=left, places=tuple(1 if i in outcome.winners else 2 for i in range(2)),
                    winners=outcome.winners, teams=alone(2))


def pc_war(game: Any, state: Any, outcome: Outcome) -> Standing:
    """"The first player to get rid of all of his or her cards wins": the figure is the cards
    left (fewer is better); both out at once share the win, both first."""
    left = tuple(p.cards for p in state.players)
    return Standing(figures=left, places=tuple(1 if i in outcome.winners else 2 for i in range(2)),
                    winners=outcome.winners, teams=alone(2))


def cardpeegee(game: Any, state: Any, outcome: Outcome) -> Standing:
    """By the way it was won (Last Hero Standing, Goliath, Master of the Elements, the round
    limit's most HP): the winners first, the other living Heroes next, the dead last. Heroes
    who reach a way to win at the same step share the win: they are rated as one side, the
    Heroes together. Every Hero dead: nobody wins, all tie. The figure is HP (a dead Hero's
    counts 0)."""
    heroes = state.heroes
    n = len(heroes)
    hp = tuple(h.hp if h.alive else 0 for h in heroes)
    winners = outcome.winners
    if not winners:
        return Standing(figures=hp, places=(1,) * n, winners=(), teams=alone(n))
    keys = [2 if q in winners else 1 if h.alive else 0 for q, h in enumerate(heroes)]
    teams = (tuple(winners),) + tuple((q,) for q in range(n) if q not in winners) if len(winners) > 1 else alone(n)
    return Standing(figures=hp, places=places_by(keys), winners=winners, teams=teams)


RANKINGS: dict[str, Callable[[Any, Any, Outcome], Standing]] = {
    "peace-and-love": peace_and_love,
    "fight": fight,
    "card-stratego": card_stratego,
    "pc-war": pc_war,
    "cardpeegee": cardpeegee,
}


@dataclass(frozen=True)
class Finished:
    """A finished game's outcome and standing."""

    outcome: Outcome
    standing: Standing
    stopped_early: bool = False
    """the players stopped it before its rules end it, and the app scored it at its stop"""


def standing(game: Game, state: Any) -> Finished | None:
    """The finished game's outcome and standing; None while it goes on, and for a game the
    players stopped without counting (abandoned: it counts for nothing). A game stopped early
    and scored at its stop is ranked as it was scored."""
    outcome = game.outcome(state)
    if outcome is None or not getattr(state, "counted", True):
        return None
    return Finished(outcome, RANKINGS[game.id](game, state, outcome), bool(getattr(state, "stopped", False)))
