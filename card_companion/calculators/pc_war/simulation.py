"""PC War, a look at the odds: whole random games of shuffled cards played through the very
same counting functions as the tracker, tallied and summed up.

Rules: card_companion/companion/pc_war/rules.txt; rulings: card_companion/companion/pc_war/rulings.md.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from card_companion.calculators.pc_war.counting import out_at_tie, take, trade_and_war
from card_companion.calculators.pc_war.deck import (
    MAX_FLIPS,
    BlankCard,
    PCWarError,
    deal,
    deck_for,
    player_name,
    strength,
    taker,
)


def shuffler(rng: random.Random) -> Callable[[list[int]], None]:
    """A fast uniform shuffle drawing from ``rng``: sort by a random float key (ties
    between 53-bit floats are negligible; twice as fast as random.shuffle, whose
    ``_randbelow`` dominates the simulation). Deterministic for a seeded rng.

    >>> deck = list(range(10)); shuffler(random.Random(3))(deck); sorted(deck) == list(range(10))
    True
    """
    rand = rng.random

    def key(_: object) -> float:
        return rand()

    def shuffle(x: list[int]) -> None:
        x.sort(key=key)

    return shuffle


def play_game(rng: random.Random, deck: Sequence[int], at_once: bool = False,
              max_flips: int = MAX_FLIPS) -> tuple[int, int, int, int]:
    """One game with a shuffled deck of card strengths: (result, flips, wars, longest
    war); see play_hands."""
    shuffle = shuffler(rng)
    cards = list(deck)
    shuffle(cards)
    n0, _ = deal(len(cards))
    # dealt one at a time or in two halves: the same for a shuffled deck
    return play_hands(shuffle, cards[:n0], cards[n0:], at_once, max_flips)


def play_hands(shuffle: Callable[[list[int]], None], h0: list[int], h1: list[int], at_once: bool = False,
               max_flips: int = MAX_FLIPS, trace: list[tuple[str, int | None, tuple[int, int]]] | None = None,
               ) -> tuple[int, int, int, int]:
    """Play dealt hands of card strengths (each list's last item is its top card) to the
    end: (result, flips, wars, longest war); result 0 or 1 is the winner, 2 both ran out
    at once, -1 stopped at ``max_flips``. ``shuffle`` shuffles a picked-up pile in place.
    ``trace`` (tests) gets one (step, takes, (player 0's cards, player 1's cards)) per
    flip, swap and war, the cards being hand + pile."""
    p0: list[int] = []
    p1: list[int] = []
    flips = wars = longest = 0
    while flips < max_flips:
        # lay(): a hand that cannot supply a card picks up and shuffles its pile
        if not h0:
            shuffle(p0)
            h0, p0 = p0, []
        if not h1:
            shuffle(p1)
            h1, p1 = p1, []
        a = h0.pop()
        b = h1.pop()
        flips += 1
        t = taker(a, b)
        if t == 0:
            p0.append(a)
            p0.append(b)
        elif t == 1:
            p1.append(a)
            p1.append(b)
        if trace is not None:
            trace.append(("flip", t, (len(h0) + len(p0), len(h1) + len(p1))))
        if t == 0:
            if not h1 and not p1:  # out_of_cards
                return 1, flips, wars, longest
        elif t == 1:
            if not h0 and not p0:
                return 0, flips, wars, longest
        else:
            hands, piles = [h0, h1], [p0, p1]
            result, rounds = _war(shuffle, hands, piles, [a, b], at_once, trace)
            wars += rounds
            if rounds > longest:
                longest = rounds
            if result is not None:
                return result, flips, wars, longest
            h0, h1 = hands
            p0, p1 = piles
    return -1, flips, wars, longest


def _war(shuffle: Callable[[list[int]], None], hands: list[list[int]], piles: list[list[int]], table: list[int],
         at_once: bool, trace: list[tuple[str, int | None, tuple[int, int]]] | None) -> tuple[int | None, int]:
    """The trade and war with real cards, through the same counting functions as the
    tracker: (the winner if the game ended, war rounds played)."""
    rounds = 0
    while True:
        counts = (len(hands[0]), len(hands[1]))
        pile_counts = (len(piles[0]), len(piles[1]))
        out = out_at_tie(counts, pile_counts, at_once)
        if out:
            return (out[0] if len(out) == 1 else 2), rounds
        tw = trade_and_war(counts, pile_counts, at_once)
        hands.reverse()  # the swap
        if tw.laid:
            rounds += 1
        ups = []
        for i in (0, 1):
            lay_i = tw.lays[i]
            n = lay_i.down + lay_i.up
            if not n:
                continue
            h = hands[i]
            if lay_i.picked_up:
                table.extend(reversed(h))
                h = piles[i]
                shuffle(h)
                hands[i], piles[i] = h, []
                n -= lay_i.from_hand
            table.extend(reversed(h[-n:]))  # the top card first; the last one laid is face up
            del h[-n:]
            ups.append(table[-1])
        if trace is not None:
            trace.append(("swap", None, (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))))
        if tw.out:
            return (tw.out[0] if len(tw.out) == 1 else 2), rounds
        t = taker(ups[0], ups[1])
        if t is not None:
            piles[t].extend(table)
        if trace is not None:
            trace.append(("war", t, (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))))
        if t is None:
            continue
        taken = take((len(hands[0]), len(hands[1])), (len(piles[0]), len(piles[1])), t, 0)
        if taken.out:
            return taken.out[0], rounds
        for i in (0, 1):
            if taken.picked_up[i]:
                shuffle(piles[i])
                hands[i], piles[i] = piles[i], []
        return None, rounds


@dataclass
class Tally:
    """Raw counts of simulated games; tallies of separate runs (processes) add up."""

    jokers: int = 1
    max_flips: int = MAX_FLIPS
    blank: BlankCard = "none"
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    shared: int = 0
    stopped: int = 0
    lengths: dict[int, int] = field(default_factory=dict)
    """flips of each finished game → number of games"""
    wars: int = 0
    longest_war: int = 0

    def add(self, result: int, flips: int, wars: int, longest: int) -> None:
        self.games += 1
        if result < 0:
            self.stopped += 1
        else:
            if result == 2:
                self.shared += 1
            else:
                self.wins[result] += 1
            self.lengths[flips] = self.lengths.get(flips, 0) + 1
        self.wars += wars
        self.longest_war = max(self.longest_war, longest)

    def merge(self, other: Tally) -> Tally:
        """The two runs together (same deck and stop bound)."""
        if (self.jokers, self.max_flips, self.blank) != (other.jokers, other.max_flips, other.blank):
            raise PCWarError("only simulations of the same deck and stop bound can be added up")
        lengths = dict(self.lengths)
        for k, v in other.lengths.items():
            lengths[k] = lengths.get(k, 0) + v
        return Tally(
            jokers=self.jokers, max_flips=self.max_flips, blank=self.blank, games=self.games + other.games,
            wins=[self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]],
            shared=self.shared + other.shared, stopped=self.stopped + other.stopped,
            lengths=lengths, wars=self.wars + other.wars,
            longest_war=max(self.longest_war, other.longest_war),
        )


def play_games(games: int, rng: random.Random, jokers: int = 1, at_once: bool = False,
               max_flips: int = MAX_FLIPS, tally: Tally | None = None, blank: BlankCard = "none") -> Tally:
    """Play ``games`` whole random games (random deals, shuffled pickups) from ``rng``
    and add them to ``tally`` (a new one if None).

    >>> t = play_games(20, random.Random(7))
    >>> t.games, t.wins[0] + t.wins[1] + t.shared + t.stopped
    (20, 20)
    """
    if games < 0:
        raise PCWarError("the number of games cannot be negative")
    if max_flips < 1:
        raise PCWarError("the stop bound is at least one flip")
    deck = [strength(c, blank) for c in deck_for(jokers, blank).all_cards()]
    tally = tally if tally is not None else Tally(jokers=jokers, max_flips=max_flips, blank=blank)
    add = tally.add
    for _ in range(games):
        add(*play_game(rng, deck, at_once, max_flips))
    return tally


class HistogramBin(BaseModel):
    """Games whose length (flips) is in start..end (both included)."""

    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    games: int


class SimulationResult(BaseModel):
    """What the simulated games say: who wins how often, and how long games last."""

    model_config = ConfigDict(frozen=True)

    games: int
    jokers: int
    max_flips: int
    first_player_wins: int
    """games won by player 0, the player dealt first (who gets the odd card)"""
    second_player_wins: int
    shared: int
    """games where both ran out of cards at once"""
    stopped: int
    """games still going at max_flips"""
    first_player_share: float = Field(description="first player's wins / games that finished (0 if none)")
    mean_flips: float
    median_flips: float
    longest_game: int
    """flips of the longest finished game"""
    mean_wars: float
    longest_war: int
    """most war rounds in a row after one tie"""
    histogram: list[HistogramBin]
    explanation: list[str]


def histogram(lengths: dict[int, int], width: int = 50) -> list[HistogramBin]:
    """Game lengths in bins of ``width`` flips, from 1 up to the longest game.

    >>> [(b.start, b.end, b.games) for b in histogram({3: 2, 60: 1, 140: 4}, width=50)]
    [(1, 50, 2), (51, 100, 1), (101, 150, 4)]
    """
    if width < 1:
        raise PCWarError("a histogram bin is at least one flip wide")
    if not lengths:
        return []
    bins = [0] * ((max(lengths) - 1) // width + 1)
    for flips, n in lengths.items():
        bins[(flips - 1) // width] += n
    return [HistogramBin(start=i * width + 1, end=(i + 1) * width, games=n) for i, n in enumerate(bins)]


def summarize(tally: Tally, names: Sequence[str] | None = None, width: int = 50) -> SimulationResult:
    """The result model (with its explanation) of a tally."""
    finished = tally.games - tally.stopped
    first, second = player_name(names, 0), player_name(names, 1)
    n0, n1 = deal(deck_for(tally.jokers, tally.blank).size)
    values = sorted(tally.lengths.items())
    mean = sum(k * v for k, v in values) / finished if finished else 0.0
    median = _median(values, finished)
    share = tally.wins[0] / finished if finished else 0.0
    jokers = {0: "no Joker", 1: "1 Joker", 2: "2 Jokers"}[tally.jokers]
    if tally.blank != "none":
        jokers += f", the blank card as the {tally.blank}"
    steps = [
        f"{tally.games:,} games with random deals of {n0 + n1} cards ({jokers}): "
        f"{first} is dealt {n0} cards, {second} {n1}",
    ]
    if finished:
        steps.append(f"{first} (the first player) wins {share:.1%} of the finished games "
                     f"({tally.wins[0]:,}), {second} {tally.wins[1] / finished:.1%} ({tally.wins[1]:,})")
        steps.append(f"a game lasts {median:g} flips (median), {mean:.0f} on average; "
                     f"the longest took {max(tally.lengths):,}")
    if tally.shared:
        steps.append(f"{tally.shared:,} games ended with both players out of cards at once")
    if tally.stopped:
        steps.append(f"{tally.stopped:,} games were still going after {tally.max_flips:,} flips and were stopped")
    return SimulationResult(
        games=tally.games,
        jokers=tally.jokers,
        max_flips=tally.max_flips,
        first_player_wins=tally.wins[0],
        second_player_wins=tally.wins[1],
        shared=tally.shared,
        stopped=tally.stopped,
        first_player_share=share,
        mean_flips=mean,
        median_flips=median,
        longest_game=max(tally.lengths) if tally.lengths else 0,
        mean_wars=tally.wars / tally.games if tally.games else 0.0,
        longest_war=tally.longest_war,
        histogram=histogram(tally.lengths, width),
        explanation=steps,
    )


def _median(values: list[tuple[int, int]], total: int) -> float:
    if not total:
        return 0.0
    expanded_mid = [(total - 1) // 2, total // 2]
    out = []
    seen = 0
    it = iter(values)
    current, count = next(it)
    for target in expanded_mid:
        while seen + count <= target:
            seen += count
            current, count = next(it)
        out.append(current)
    return statistics.fmean(out)


class SimulationProgress(BaseModel):
    """One step of a running simulation: games done so far and the result so far."""

    model_config = ConfigDict(frozen=True)

    done: int
    total: int
    result: SimulationResult

    @property
    def fraction(self) -> float:
        """For the progress bar: 0.0 … 1.0."""
        return self.done / self.total if self.total else 1.0


def simulate(games: int, seed: int | str, *, jokers: int = 1, at_once: bool = False, chunk: int = 500,
             max_flips: int = MAX_FLIPS, names: Sequence[str] | None = None,
             blank: BlankCard = "none") -> Iterator[SimulationProgress]:
    """Play ``games`` random games from ``random.Random(seed)``, yielding the progress and
    the result so far after every ``chunk`` games (the last one is the final result).
    The results depend on the seed only, not on the chunk size.

    >>> steps = list(simulate(30, seed=1, chunk=20))
    >>> [s.done for s in steps], steps[-1].result.games, steps[-1].fraction
    ([20, 30], 30, 1.0)
    """
    if chunk < 1:
        raise PCWarError("a chunk is at least one game")
    rng = random.Random(seed)
    tally = Tally(jokers=jokers, max_flips=max_flips, blank=blank)
    done = 0
    while True:
        step = min(chunk, games - done)
        play_games(step, rng, jokers=jokers, at_once=at_once, max_flips=max_flips, tally=tally, blank=blank)
        done += step
        yield SimulationProgress(done=done, total=games, result=summarize(tally, names))
        if done >= games:
            return
