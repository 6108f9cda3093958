"""Peace and Love: card values, the number of decks and one round of a fight.

Rules: card_companion/companion/peace_and_love/rules.txt; rulings: docs/rules.md (Peace and Love).

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

from card_companion.calculators.cards import Card, Deck, Rank, count

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


def pile_score(pile: Sequence[Card], fighters: Sequence[Card] = (), anti_math_geek: bool = False) -> tuple[int, int]:
    """(points, cards) of a victory pile at the end; Anti Math Geek adds the fighters still in play.

    >>> pile_score([Card.parse("KH"), Card.parse("2C")]), pile_score([Card.parse("KH")], [Card.parse("AS")], True)
    ((15, 2), (14, 2))
    """
    counted = [*pile, *fighters] if anti_math_geek else list(pile)
    return pile_total(counted), len(counted)


class FinalScore(BaseModel):
    """The end of the game: who wins, the ranking and the scoring steps."""

    model_config = ConfigDict(frozen=True)

    winners: tuple[int, ...]
    """several when they share the win"""
    ranking: tuple[int, ...]
    """every player, best first: the Shoot the Moon winner, then points, then cards"""
    places: tuple[int, ...]
    """each player's place (1 = first); players tied on points and cards share a place"""
    moon: int | None
    """the player who shot the moon"""
    headline: str
    details: tuple[str, ...]


def final_score(
    scores: Sequence[tuple[int, int]],
    won_no_fight: Sequence[bool],
    names: Sequence[str],
    shoot_the_moon: bool = False,
    anti_math_geek: bool = False,
    ended_by: str = "",
) -> FinalScore:
    """The highest total wins; a tie goes to the most cards in the victory pile; still tied,
    the tied players share the win. Shoot the Moon (3+ players): exactly one player who won
    no fights wins instead. ``scores`` are (points, cards) per player (:func:`pile_score`).

    >>> f = final_score([(20, 2), (20, 3), (7, 1)], [False, False, False], ["Ann", "Bea", "Cy"])
    >>> f.winners, f.ranking, f.places, f.headline
    ((1,), (1, 0, 2), (2, 1, 3), 'Bea wins with 20 points and 3 cards')
    """
    n = len(scores)
    details = [f"{names[i]}: {count(t, 'point')}, {count(k)}" for i, (t, k) in enumerate(scores)]
    if anti_math_geek:
        details.append("Anti Math Geek: each player's remaining fighters were added to their victory pile")
    if ended_by:
        details.insert(0, f"The game ended: {ended_by}.")
    moon = _who_shoots_the_moon(won_no_fight[:n], names, details) if shoot_the_moon and n >= 3 else None
    ranking, places = _places(scores, moon)
    if moon is not None:
        return FinalScore(winners=(moon,), ranking=ranking, places=places, moon=moon,
                          headline=f"{names[moon]} shoots the moon!", details=tuple(details))
    winners, headline = _the_highest_total(scores, names, details)
    return FinalScore(winners=winners, ranking=ranking, places=places, moon=None, headline=headline,
                      details=tuple(details))


def _who_shoots_the_moon(won_no_fight: Sequence[bool], names: Sequence[str], details: list[str]) -> int | None:
    """Shoot the Moon: the one player who won no fights, if exactly one did (the details say so)."""
    no_fights = [i for i, none_won in enumerate(won_no_fight) if none_won]
    if len(no_fights) == 1:
        details.append(f"Shoot the Moon: {names[no_fights[0]]} won no fights and wins the game")
        return no_fights[0]
    if no_fights:
        details.append("Shoot the Moon: several players won no fights, so nobody shoots the moon")
    else:
        details.append("Shoot the Moon: every player won a fight")
    return None


def _places(scores: Sequence[tuple[int, int]], moon: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The players from first to last (the moon's shooter, then points, then cards; equals in
    seat order) and each player's place, equals sharing one."""
    def key(i: int) -> tuple[bool, int, int]:
        return (i == moon, scores[i][0], scores[i][1])

    n = len(scores)
    ranking = tuple(sorted(range(n), key=lambda i: (tuple(-x for x in key(i)), i)))
    places = [0] * n
    for at, i in enumerate(ranking):
        places[i] = places[ranking[at - 1]] if at and key(ranking[at - 1]) == key(i) else at + 1
    return ranking, tuple(places)


def _the_highest_total(
    scores: Sequence[tuple[int, int]], names: Sequence[str], details: list[str]
) -> tuple[tuple[int, ...], str]:
    """The winners by points, a tie by the most cards, still tied sharing the win; and the headline."""
    best = max(t for t, _ in scores)
    top = [i for i, (t, _) in enumerate(scores) if t == best]
    if len(top) == 1:
        return (top[0],), f"{names[top[0]]} wins with {best} points"
    most = max(scores[i][1] for i in top)
    by_cards = [i for i in top if scores[i][1] == most]
    tied_names = " and ".join(names[i] for i in top)
    if len(by_cards) == 1:
        details.append(f"{tied_names} tie on {best} points: the most cards in the victory pile wins the tie")
        return (by_cards[0],), f"{names[by_cards[0]]} wins with {count(best, 'point')} and {count(most)}"
    details.append(f"{tied_names} tie on {best} points and {most} cards: they share the win")
    return tuple(by_cards), f"{tied_names} share the win with {best} points"


__all__ = [
    "DECK",
    "Entry",
    "FightRound",
    "FinalScore",
    "Rank",
    "RoundResult",
    "deck_for",
    "decks_for",
    "final_score",
    "pile_score",
    "pile_total",
    "resolve_round",
    "value",
]
