"""Peace and Love odds: one played card unknown, or a hand to choose from.

The unknown card is any of the unknown cards, each copy as likely as any other (several packs
hold several copies). Each candidate is settled by ``resolve_round``, the fight ask's own rule
(trumps, ties to the attacker, ...).

Counted by hand: 9♥ with 7♥ played (result 2, a trump) against 5♠ with an unknown card of
2♣, 3♠, 8♦. 3♠ on 5♠ is a second trump (2 trumps: the highest result wins, 2 against 2 is a
tie, the attacker wins it); 2♣ leaves 1 trump (the lowest wins: 2 beats 3); 8♦ leaves 1 trump
(−3 beats 2). So 9♥ loses only to 8♦: one in three.

>>> r = fight_odds(2, 0, 1, [Seat(player=0, fighter=Card.parse("9H"), card=Card.parse("7H")),
...                          Seat(player=1, fighter=Card.parse("5S"))], [Card.parse(c) for c in ("2C", "3S", "8D")])
>>> r.loses
(0.3333333333333333, 0.6666666666666666)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from card_companion.calculators.cards import Card
from card_companion.calculators.odds import percent
from card_companion.calculators.peace_and_love import Entry, FightRound, deck_for, resolve_round
from card_companion.calculators.words import card_list, plural


class OddsError(ValueError):
    """A question the cards cannot answer; the message says why."""


class Seat(BaseModel):
    """A fighter in the fight; ``card`` None: the played card is the unknown one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player: int = Field(ge=0)
    fighter: Card
    card: Card | None = None


class FightOdds(BaseModel):
    model_config = ConfigDict(frozen=True)

    loses: tuple[float, ...]
    """the chance each fighter loses the round, in the order given"""
    wins: tuple[float, ...]
    """the chance each fighter wins the round (its owner's victory pile takes the loser)"""
    counted: int
    explanation: tuple[str, ...]


class HandCard(BaseModel):
    model_config = ConfigDict(frozen=True)

    card: Card
    wins: float
    loses: float


class HandOdds(BaseModel):
    model_config = ConfigDict(frozen=True)

    cards: tuple[HandCard, ...]
    """best first: least likely to lose, then most likely to win"""
    counted: int
    explanation: tuple[str, ...]


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    return [names[p] if names and p < len(names) else f"player {p}" for p in range(players)]


def _check(players: int, seats: Sequence[Seat], unknown: Sequence[Card], extra: Sequence[Card] = ()) -> None:
    if not unknown:
        raise OddsError("the list of unknown cards is empty: there is nothing the unknown card can be")
    deck = deck_for(players)
    known = [s.fighter for s in seats] + [s.card for s in seats if s.card is not None] + list(extra)
    counts = Counter(known) + Counter(unknown)
    over = sorted(c for c, n in counts.items() if n > deck.copies_of(c))
    if over:
        packs = deck.copies
        raise OddsError(
            f"{card_list(over)} {'is' if len(over) == 1 else 'are'} counted more often than "
            f"{'the pack holds' if packs == 1 else f'the {packs} packs hold'} "
            f"({'once' if packs == 1 else f'{packs} times'}), among the fighters, the played cards and the unknown cards")


def _round(players: int, attacker: int, defender: int, seats: Sequence[Seat], fill: Card,
           hand: tuple[int, Card] | None = None) -> FightRound:
    entries = []
    for i, s in enumerate(seats):
        c = s.card if s.card is not None else fill
        if hand is not None and i == hand[0]:
            c = hand[1]
        entries.append(Entry(player=s.player, fighter=s.fighter, card=c))
    return FightRound(players=players, attacker=attacker, defender=defender, fighters=entries)


def fight_odds(players: int, attacker: int, defender: int, seats: Sequence[Seat], unknown: Sequence[Card],
               names: Sequence[str] | None = None) -> FightOdds:
    """The chance each fighter loses (and wins) the round when exactly one played card is
    unknown."""
    blind = [i for i, s in enumerate(seats) if s.card is None]
    if len(blind) != 1:
        raise OddsError("exactly one fighter's played card is unknown (give every other fighter's card)")
    _check(players, seats, unknown)
    who = _names(players, names)
    b = blind[0]
    n = len(unknown)
    lose = [0] * len(seats)
    win = [0] * len(seats)
    by_loser: dict[int, list[Card]] = {}
    for c, copies in sorted(Counter(unknown).items()):
        r = resolve_round(_round(players, attacker, defender, seats, c), names)
        lose[r.loser] += copies
        win[r.winner] += copies
        by_loser.setdefault(r.loser, []).extend([c] * copies)
    label = [f"{who[s.player]}'s {s.fighter.symbol}" for s in seats]
    lines = [
        f"counted over the {plural(n, 'unknown card')}, each as likely to be the card played on "
        f"{label[b]} as any other",
        "cards in hands the app was not told are unknown too: by symmetry the hidden card is equally likely to "
        "be any unknown card",
        "each possible card is settled like a fight: fighter − played card, trumps counted, ties as the rules say",
    ]
    for i in sorted(by_loser):
        lines.append(f"{label[i]} loses if the card is {card_list(by_loser[i])} ({percent(lose[i] / n)})")
    for i in range(len(seats)):
        if not lose[i]:
            lines.append(f"{label[i]} cannot lose this round")
    return FightOdds(loses=tuple(x / n for x in lose), wins=tuple(x / n for x in win), counted=n,
                     explanation=tuple(lines))


def hand_odds(players: int, attacker: int, defender: int, seats: Sequence[Seat], chooser: int,
              hand: Sequence[Card], unknown: Sequence[Card], names: Sequence[str] | None = None) -> HandOdds:
    """For each card of the hand the player of seat ``chooser`` may play: the chance it wins and
    the chance it loses against the one unknown card (exactly one other seat without a card)."""
    if not hand:
        raise OddsError("the hand is empty: there is no card to compare")
    if seats[chooser].card is not None:
        raise OddsError("the fighter whose card is chosen from the hand has no played card yet")
    blind = [i for i, s in enumerate(seats) if s.card is None and i != chooser]
    if len(blind) != 1:
        raise OddsError("exactly one other fighter's played card is unknown (give every other fighter's card)")
    _check(players, seats, unknown, hand)
    n = len(unknown)
    me = seats[chooser]
    who = _names(players, names)
    out = []
    for h in sorted(set(hand)):
        lose = win = 0
        for c, copies in Counter(unknown).items():
            r = resolve_round(_round(players, attacker, defender, seats, c, (chooser, h)), names)
            lose += copies if r.loser == chooser else 0
            win += copies if r.winner == chooser else 0
        out.append(HandCard(card=h, wins=win / n, loses=lose / n))
    out.sort(key=lambda x: (x.loses, -x.wins, x.card))
    lines = [
        f"counted over the {plural(n, 'unknown card')} the other fighter's card can be, each as likely as any other",
        "cards in hands the app was not told are unknown too: by symmetry the hidden card is equally likely to "
        "be any unknown card",
        f"each card of {who[me.player]}'s hand is tried on {me.fighter.symbol} against every unknown card, "
        "settled like a fight (trumps counted, ties as the rules say)",
        *(f"play {x.card.symbol}: wins {percent(x.wins)}, loses {percent(x.loses)}" for x in out),
    ]
    return HandOdds(cards=tuple(out), counted=n, explanation=tuple(lines))


__all__ = ["FightOdds", "HandCard", "HandOdds", "OddsError", "Seat", "fight_odds", "hand_odds"]
