"""Peace and Love: card values, the number of decks and one round of a fight.

Rules: card_companion/rules/peace-and-love.txt; rulings: docs/rules.md (Peace and Love).

>>> r = resolve_round(FightRound(players=2, attacker=0, defender=1, fighters=[
...     Entry(player=0, fighter="9H", card="7H"), Entry(player=1, fighter="5S", card="2C")]))
>>> r.results, r.trumps, r.lowest_wins, r.loser, r.winner
([2, 3], 1, True, 1, 0)
>>> r.explanation[1]
'1 trump: 7♥ on 9♥ → the lowest result wins'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from card_companion.calculators.cards import Card, Deck, Rank

GAME = "Peace and Love"
DECK = Deck()  # one pack, no jokers; several packs use Deck(copies=n)


def value(card: Card) -> int:
    """A = 1, number cards their number, J = 11, Q = 12, K = 13."""
    return int(card.rank)


def decks_for(players: int) -> int:
    """Packs shuffled together: 2 players 1; 3-5 players 2; n >= 6 players n // 2.

    >>> [decks_for(n) for n in range(2, 12)]
    [1, 2, 2, 2, 3, 3, 4, 4, 5, 5]
    """
    if players < 2:
        raise ValueError("Peace and Love needs at least 2 players")
    if players == 2:
        return 1
    if players <= 5:
        return 2
    return players // 2


def deck_for(players: int) -> Deck:
    return Deck(copies=decks_for(players))


class Entry(BaseModel):
    """One fighter in a round: its owner, the fighter card and the card played on it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player: int = Field(ge=0)
    fighter: Card
    card: Card


class FightRound(BaseModel):
    """One round of a fight. Players are numbered in turn order from 0."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(ge=2, le=64, description="players at the table")
    attacker: int = Field(ge=0, description="the player who started the fight")
    defender: int = Field(ge=0, description="the player who was attacked")
    fighters: list[Entry] = Field(min_length=2)

    @model_validator(mode="after")
    def _consistent(self) -> FightRound:
        n = self.players
        if self.attacker >= n or self.defender >= n:
            raise ValueError(f"players are numbered 0 to {n - 1}")
        if self.attacker == self.defender:
            raise ValueError("a player cannot attack themselves")
        owners = [e.player for e in self.fighters]
        if any(p >= n for p in owners):
            raise ValueError(f"players are numbered 0 to {n - 1}")
        if len(set(owners)) != len(owners):
            raise ValueError("each player puts at most one fighter into a fight")
        for e in self.fighters:
            for c in (e.fighter, e.card):
                if c.is_joker:
                    raise ValueError("Peace and Love is played without jokers")
        return self


class RoundResult(BaseModel):
    """Who lost the round, whose victory pile takes the loser, and why."""

    model_config = ConfigDict(frozen=True)

    results: list[int]
    """fighter value - card value, one per entry, in the entries' order"""
    trumps: int
    lowest_wins: bool
    loser: int
    """index into the round's entries"""
    winner: int
    """index into the round's entries; its owner's victory pile takes the loser"""
    explanation: list[str]


def _name(names: Sequence[str] | None, player: int) -> str:
    if names and player < len(names):
        return names[player]
    return f"player {player}"


def _seat_after(attacker: int, player: int, players: int) -> int:
    """Seats from the attacker's left: the player on the left is 1, the attacker is 0."""
    return (player - attacker) % players


def resolve_round(fight: FightRound, names: Sequence[str] | None = None) -> RoundResult:
    """Resolve one round: the worst result loses (lowest; highest with an odd number of
    trumps), the best result wins it, ties as RULINGS.md says."""
    entries = fight.fighters
    results = [value(e.fighter) - value(e.card) for e in entries]
    trumps = sum(1 for e in entries if e.card.suit == e.fighter.suit)
    lowest_wins = trumps % 2 == 1
    steps: list[str] = []

    labels = [f"{_name(names, e.player)}'s {e.fighter.symbol}" for e in entries]

    def who(i: int) -> str:
        return labels[i]

    steps.append("; ".join(f"{labels[i]} − {e.card.symbol} = {r}" for i, (e, r) in enumerate(zip(entries, results))))
    trump_cards = [f"{e.card.symbol} on {e.fighter.symbol}" for e in entries if e.card.suit == e.fighter.suit]
    if trumps == 0:
        steps.append("no trump → the highest result wins")
    else:
        plural = "trump" if trumps == 1 else "trumps"
        rule = "the lowest result wins" if lowest_wins else "the highest result wins"
        steps.append(f"{trumps} {plural}: {', '.join(trump_cards)} → {rule}")

    # The best result for winning; the loser has the worst one.
    sign = -1 if lowest_wins else 1
    best = max(sign * r for r in results)
    worst = min(sign * r for r in results)
    losing = [i for i, r in enumerate(results) if sign * r == worst]
    loser = _break_losing_tie(fight, losing, who, steps)
    winning = [i for i, r in enumerate(results) if sign * r == best and i != loser]
    if not winning:  # every fighter tied: the rest share the best result
        winning = [i for i in range(len(entries)) if i != loser]
    winner = _break_winning_tie(fight, winning, who, steps)

    owner = _name(names, entries[winner].player)
    if len(entries) == 2:
        steps.append(f"{who(winner)} wins; {who(loser)} goes to {owner}'s victory pile")
    else:
        steps.append(f"{who(loser)} loses the round and goes to {owner}'s victory pile ({who(winner)} won it)")
    return RoundResult(
        results=results,
        trumps=trumps,
        lowest_wins=lowest_wins,
        loser=loser,
        winner=winner,
        explanation=steps,
    )


def _break_losing_tie(fight: FightRound, tied: list[int], who: Callable[[int], str], steps: list[str]) -> int:
    if len(tied) == 1:
        return tied[0]
    entries = fight.fighters
    names = " and ".join(who(i) for i in tied)
    owners = {entries[i].player: i for i in tied}
    if len(entries) == 2 and fight.attacker in owners and fight.defender in owners:
        steps.append(f"tie between {names} → ties go to the attacker: the defender loses")
        return owners[fight.defender]
    if fight.defender in owners:
        steps.append(f"tie for losing between {names} → the defender loses")
        return owners[fight.defender]
    candidates = [i for i in tied if entries[i].player != fight.attacker]
    loser = max(candidates, key=lambda i: _seat_after(fight.attacker, entries[i].player, fight.players))
    why = "never the attacker; " if fight.attacker in owners else ""
    steps.append(
        f"tie for losing between {names} → {why}the one farthest from the attacker's left loses: {who(loser)}"
    )
    return loser


def _break_winning_tie(fight: FightRound, tied: list[int], who: Callable[[int], str], steps: list[str]) -> int:
    if len(tied) == 1:
        return tied[0]
    entries = fight.fighters
    names = " and ".join(who(i) for i in tied)
    owners = {entries[i].player: i for i in tied}
    if fight.attacker in owners and len(entries) == 2:
        return owners[fight.attacker]  # already said: ties go to the attacker
    if fight.attacker in owners:
        steps.append(f"tie for winning between {names} → the attacker wins the tie")
        return owners[fight.attacker]
    others = [i for i in tied if entries[i].player != fight.defender]
    if others:
        winner = min(others, key=lambda i: _seat_after(fight.attacker, entries[i].player, fight.players))
        steps.append(
            f"tie for winning between {names} → the player nearest the attacker's left wins the tie: {who(winner)}"
        )
        return winner
    steps.append(f"tie for winning between {names} → the defender wins the tie")
    return owners[fight.defender]


def pile_total(pile: Sequence[Card]) -> int:
    """The score of a victory pile: the sum of its fighters' values."""
    return sum(value(c) for c in pile)


__all__ = [
    "DECK",
    "Entry",
    "FightRound",
    "Rank",
    "RoundResult",
    "deck_for",
    "decks_for",
    "pile_total",
    "resolve_round",
    "value",
]
