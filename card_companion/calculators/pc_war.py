"""Non-Violent, Politically-Correct War: the order of the cards, a flip, the trade-and-war,
too few cards, and a simulation of whole games.

Rules: card_companion/rules/pc-war.txt; rulings: card_companion/rulings/pc-war.md.

The object is to *lose* all your cards: the higher card takes both cards into its player's
pile. The app never knows the order of the cards in a hand, so the rules below work on
counts (cards in hand, in the face-up pile, on the table); the simulation plays real
shuffled cards through the very same functions.

>>> r = flip(card("KH"), card("7S"), names=("Ann", "Bea"))
>>> r.takes, r.war
(0, False)
>>> r.explanation
['K♥ (King) is higher than 7♠ (7): A > K > Q > J > 10 > … > 2 > Joker', 'the higher card takes both: Ann puts K♥ and 7♠ on their pile']
>>> flip(card("KH"), card("KS")).war
True
>>> lay(hand=2, pile=10, wanted=WAR_CARDS)   # lays 2, picks up 10, lays 2 more
Lay(down=3, up=1, from_hand=2, picked_up=10, hand=8, pile=0)
>>> lay(hand=1, pile=2, wanted=WAR_CARDS)    # too few cards: 2 face down, the last face up
Lay(down=2, up=1, from_hand=1, picked_up=2, hand=0, pile=0)
"""  # noqa: E501 (doctest output)

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from card_companion.calculators.cards import Card, Deck, Rank, RulesError, card  # noqa: F401 (card: the doctests)

GAME = "Non-Violent, Politically-Correct War"
PLAYERS = 2
WAR_CARDS = 4
"""cards each player lays in a war: 3 face down and 1 face up"""
JOKER_CHOICES = (0, 1, 2)
BlankCard = Literal["none", "strongest", "weakest"]
"""the blank card's place: not in the deck (rule 1 removes it), or a wild card the players
made the strongest or the weakest ("which becomes the strongest or weakest card — you decide!")"""
BLANK_CHOICES: tuple[BlankCard, ...] = ("none", "strongest", "weakest")
MAX_FLIPS = 5000
"""the simulation's stop bound: a game still going after this many flips is stopped"""

ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
    Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.JOKER,
)
"""highest first (rule 3): Aces high, the Joker lowest; suits do not matter"""
ORDER_TEXT = "A > K > Q > J > 10 > … > 2 > Joker"
_STRENGTH: dict[Rank, int] = {rank: len(ORDER) - 1 - i for i, rank in enumerate(ORDER)}
_BLANK_STRENGTH: dict[str, int] = {"strongest": len(ORDER), "weakest": -1}
"""above the Ace, or below the Joker"""


def order_text(blank: BlankCard = "none") -> str:
    """The order, highest first, with the blank card where the players put it.

    >>> order_text("strongest"), order_text("weakest")
    ('Blank > A > K > Q > J > 10 > … > 2 > Joker', 'A > K > Q > J > 10 > … > 2 > Joker > Blank')
    """
    return {"strongest": f"Blank > {ORDER_TEXT}", "weakest": f"{ORDER_TEXT} > Blank"}.get(blank, ORDER_TEXT)


class PCWarError(RulesError):
    """Input the rules cannot take (the message says why)."""


# --- the deck and the deal -------------------------------------------------------------


def deck_for(jokers: int = 1, blank: BlankCard = "none") -> Deck:
    """One pack without the Old Bachelor card, with 0, 1 or 2 Jokers, and the blank card
    when the players made it a wild card (``blank`` strongest or weakest).

    >>> deck_for(1).size, deck_for(0).size, deck_for(2).size, deck_for(1, "weakest").size
    (53, 52, 54, 54)
    """
    if jokers not in JOKER_CHOICES:
        raise PCWarError(f"the deck has 0, 1 or 2 Jokers, not {jokers}")
    if blank not in BLANK_CHOICES:
        raise PCWarError(f"the blank card is none, strongest or weakest, not {blank!r}")
    return Deck(jokers=jokers, blank=0 if blank == "none" else 1)


def deal(deck_size: int) -> tuple[int, int]:
    """Each player's hand after dealing out the whole deck one card at a time, player 0
    first: with an odd deck player 0 gets the odd card.

    >>> deal(53), deal(52), deal(54)
    ((27, 26), (26, 26), (27, 27))
    """
    if deck_size < PLAYERS:
        raise PCWarError(f"a deck of {deck_size} cards cannot be dealt to two players")
    return ((deck_size + 1) // 2, deck_size // 2)


# --- comparing cards -------------------------------------------------------------------


def strength(c: Card, blank: BlankCard = "none") -> int:
    """The card's place in the order, Joker 0 ... Ace 13 (only comparisons matter); the
    blank card 14 as the strongest, −1 as the weakest.

    >>> [strength(card(t)) for t in ("JOKER", "2C", "10D", "KH", "AS")]
    [0, 1, 9, 12, 13]
    >>> strength(card("BLANK"), "strongest"), strength(card("BLANK"), "weakest")
    (14, -1)
    """
    if c.is_blank:
        if blank not in _BLANK_STRENGTH:
            raise PCWarError(f"the blank card is not in the deck of {GAME} (the Blank card setting is none)")
        return _BLANK_STRENGTH[blank]
    return _STRENGTH[c.rank]


def taker(left: int, right: int) -> int | None:
    """Who takes the cards, given both cards' strengths: the higher card (0 = left,
    1 = right); None on a tie (same rank).

    >>> taker(13, 0), taker(0, 1), taker(5, 5)
    (0, 1, None)
    """
    if left == right:
        return None
    return 0 if left > right else 1


class FlipResult(BaseModel):
    """Who takes the two face-up cards, or a tie that starts the trade and war."""

    model_config = ConfigDict(frozen=True)

    takes: int | None
    """0 or 1: the player with the higher card, who puts the cards on their pile; None on a tie"""
    war: bool
    """a tie: the players swap hands and have a war"""
    explanation: list[str]


def _name(names: Sequence[str] | None, player: int) -> str:
    if names and player < len(names):
        return names[player]
    return f"player {player}"


def _rank_word(c: Card) -> str:
    return c.rank.word


def flip(left: Card, right: Card, names: Sequence[str] | None = None, in_war: bool = False,
         blank: BlankCard = "none") -> FlipResult:
    """Compare the two face-up cards of a flip (or of a war, ``in_war``): player 0's
    card is ``left``, player 1's is ``right``; the blank card ranks as ``blank`` says.

    >>> flip(card("JOKER"), card("2C")).explanation[0]
    'the Joker is the lowest card: 2♣ is higher'
    >>> flip(card("9D"), card("9S"), in_war=True).explanation
    ['9♦ and 9♠ are both 9s: a tie (suits do not matter)', 'a tie in the war → the whole procedure again: swap hands again, then each lays 3 cards face down and 1 face up']
    >>> print(flip(card("BLANK"), card("AS"), blank="weakest").explanation[0])
    the blank card is the weakest card (the players' choice): A♠ is higher
    """  # noqa: E501 (doctest output)
    t = taker(strength(left, blank), strength(right, blank))
    if t is None:
        if left.is_joker:
            why = "two Jokers: a tie"
        else:
            why = f"{left.symbol} and {right.symbol} are both {_rank_word(left)}s: a tie (suits do not matter)"
    else:
        high, low = (left, right) if t == 0 else (right, left)
        if high.is_blank:
            why = f"the blank card is the strongest card (the players' choice): {low.symbol} is lower"
        elif low.is_blank:
            why = f"the blank card is the weakest card (the players' choice): {high.symbol} is higher"
        elif low.is_joker:
            why = f"the Joker is the lowest card: {high.symbol} is higher"
        else:
            why = (f"{high.symbol} ({_rank_word(high)}) is higher than {low.symbol} ({_rank_word(low)}): "
                   f"{order_text(blank)}")
    return FlipResult.model_construct(
        takes=t, war=t is None, explanation=[why, _outcome(t, names, in_war, (left, right))]
    )


def called(takes: int | None, names: Sequence[str] | None = None, in_war: bool = False) -> FlipResult:
    """A flip entered with one tap ("left higher", "right higher", "tie") instead of the
    cards: the players compared the cards themselves.

    >>> called(1, names=("Ann", "Bea")).explanation
    ["the players called it: Bea's card is higher", 'the higher card takes both: Bea puts both cards on their pile']
    """
    if takes not in (0, 1, None):
        raise PCWarError("the higher card is player 0's or player 1's, or it is a tie")
    why = ("the players called it: a tie" if takes is None
           else f"the players called it: {_name(names, takes)}'s card is higher")
    return FlipResult.model_construct(takes=takes, war=takes is None, explanation=[why, _outcome(takes, names, in_war)])


def _outcome(t: int | None, names: Sequence[str] | None, in_war: bool, shown: tuple[Card, Card] | None = None) -> str:
    if t is None:
        if in_war:
            return ("a tie in the war → the whole procedure again: swap hands again, then each lays "
                    "3 cards face down and 1 face up")
        return ("a tie → trade and war: the players swap hands, then each lays 3 cards face down "
                "and 1 face up; the higher face-up card takes everything")
    who = _name(names, t)
    if in_war:
        return f"the higher face-up card takes everything on the table: {who} puts it all on their pile"
    both = f"{shown[0].symbol} and {shown[1].symbol}" if shown else "both cards"
    return f"the higher card takes both: {who} puts {both} on their pile"


def check_pair(left: Card, right: Card, deck: Deck | None = None) -> None:
    """Refuse two face-up cards that cannot both be on the table: the same card twice
    (a pack holds one of each card; two Jokers need a deck with two), or, given the
    game's deck, a card that is not in it.

    >>> check_pair(card("KH"), card("KH"))
    Traceback (most recent call last):
    ...
    card_companion.calculators.pc_war.PCWarError: K♥ is entered for both players, but the deck holds only one K♥
    """
    if deck is not None:
        for c in (left, right):
            if not deck.contains(c):
                if c.is_blank:
                    raise PCWarError(f"the blank card is not in the deck of {GAME} (the Blank card setting is "
                                     "none: rule 1 removes it)")
                raise PCWarError(f"{c.symbol} is not in the deck of {GAME}"
                                 + (" (this game is played without Jokers)" if c.is_joker else ""))
    if left == right:
        copies = 2 if deck is None and left.is_joker else (deck.copies_of(left) if deck else 1)
        if copies < 2:
            what = "one Joker" if left.is_joker else f"only one {left.symbol}"
            raise PCWarError(f"{left.symbol} is entered for both players, but the deck holds {what}")


# --- counting: laying cards, the trade and war, taking the table -----------------------


class Lay(NamedTuple):
    """How one player lays cards (a flip: 1; a war: 4), by counts."""

    down: int
    """face-down cards"""
    up: int
    """face-up cards: 1, or 0 when the player has no card at all"""
    from_hand: int
    """cards laid from the hand before it ran out (all of them if no pickup)"""
    picked_up: int
    """cards of the face-up pile picked up and shuffled when the hand ran out (0: none)"""
    hand: int
    """cards in hand afterwards"""
    pile: int
    """cards in the pile afterwards"""


def lay(hand: int, pile: int, wanted: int) -> Lay:
    """Lay ``wanted`` cards (1 for a flip, WAR_CARDS for a war) from the hand; a hand
    that cannot supply a card first picks up and shuffles its pile (rule 4). With fewer
    cards than wanted, all but the last go face down and the last face up (too few cards).

    >>> lay(5, 0, 1)
    Lay(down=0, up=1, from_hand=1, picked_up=0, hand=4, pile=0)
    >>> lay(0, 6, 1)
    Lay(down=0, up=1, from_hand=0, picked_up=6, hand=5, pile=0)
    >>> lay(0, 0, 4)
    Lay(down=0, up=0, from_hand=0, picked_up=0, hand=0, pile=0)
    """
    if hand < 0 or pile < 0 or wanted < 1:
        raise PCWarError("card counts cannot be negative")
    n = min(wanted, hand + pile)
    if n == 0:
        return Lay(0, 0, 0, 0, hand, pile)
    if hand >= n:
        return Lay(n - 1, 1, n, 0, hand - n, pile)
    return Lay(n - 1, 1, hand, pile, hand + pile - n, 0)


def out_of_cards(hand: int, pile: int) -> bool:
    """No card in hand and none in the pile: this player has lost all their cards."""
    return hand == 0 and pile == 0


def out_at_tie(hands: tuple[int, int], piles: tuple[int, int], at_once: bool) -> tuple[int, ...]:
    """Players who win right at a tie: with "last card wins at once", a player who has
    just laid their last card; otherwise nobody (the swap may hand them cards).

    >>> out_at_tie((0, 7), (0, 3), at_once=True), out_at_tie((0, 7), (0, 3), at_once=False)
    ((0,), ())
    """
    if not at_once:
        return ()
    return tuple(i for i in (0, 1) if hands[i] == 0 and piles[i] == 0)


class TradeAndWar(NamedTuple):
    """One round of the trade and war, by counts."""

    hands: tuple[int, int]
    """after swapping and laying"""
    piles: tuple[int, int]
    lays: tuple[Lay, Lay]
    """what each player laid (after the swap)"""
    laid: int
    """cards laid on the table this round, both players"""
    out: tuple[int, ...]
    """players who ran out of cards (they win; empty: the war goes on). When a player has
    no card to lay, nobody lays (``laid`` is 0)."""


def trade_and_war(hands: tuple[int, int], piles: tuple[int, int], at_once: bool = False) -> TradeAndWar:
    """After a tie: the players swap hands (not piles), then each lays 3 face down and 1
    face up, picking up their own pile when the hand runs out, all but the last face down
    with fewer than 4 cards. A player with no card to lay has run out and wins; with
    ``at_once``, so does a player who lays their last card.

    >>> t = trade_and_war((10, 2), (3, 5))       # Ann now holds 2, Bea 10
    >>> t.hands, t.piles, t.laid, t.out
    ((1, 6), (0, 5), 8, ())
    >>> trade_and_war((5, 0), (0, 0))            # Bea gets 5; Ann gets nothing and has no pile
    TradeAndWar(hands=(0, 5), piles=(0, 0), lays=(Lay(down=0, up=0, from_hand=0, picked_up=0, hand=0, pile=0), Lay(down=0, up=0, from_hand=0, picked_up=0, hand=5, pile=0)), laid=0, out=(0,))
    """  # noqa: E501 (doctest output)
    swapped = (hands[1], hands[0])
    empty = tuple(i for i in (0, 1) if out_of_cards(swapped[i], piles[i]))
    if empty:  # nobody lays: the war does not happen
        none = (Lay(0, 0, 0, 0, swapped[0], piles[0]), Lay(0, 0, 0, 0, swapped[1], piles[1]))
        return TradeAndWar(hands=swapped, piles=piles, lays=none, laid=0, out=empty)
    lays = (lay(swapped[0], piles[0], WAR_CARDS), lay(swapped[1], piles[1], WAR_CARDS))
    out = tuple(i for i in (0, 1) if at_once and out_of_cards(lays[i].hand, lays[i].pile))
    return TradeAndWar(
        hands=(lays[0].hand, lays[1].hand),
        piles=(lays[0].pile, lays[1].pile),
        lays=lays,
        laid=lays[0].down + lays[0].up + lays[1].down + lays[1].up,
        out=out,
    )


class Taken(NamedTuple):
    """The table taken by the higher card's player, by counts."""

    hands: tuple[int, int]
    piles: tuple[int, int]
    out: tuple[int, ...]
    """players left with no cards in hand and pile: they win"""
    picked_up: tuple[int, int]
    """cards each player picked up because their hand was empty (0: none)"""


def take(hands: tuple[int, int], piles: tuple[int, int], taker: int, table: int) -> Taken:
    """The taker puts every table card on their pile. A player with no cards in hand and
    pile has won; otherwise an empty hand picks up its pile for the next flip.

    >>> take((0, 3), (4, 2), taker=1, table=2)   # Ann's hand is empty: she picks up 4
    Taken(hands=(4, 3), piles=(0, 4), out=(), picked_up=(4, 0))
    >>> take((0, 3), (0, 2), taker=1, table=2).out
    (0,)
    """
    p = [piles[0], piles[1]]
    p[taker] += table
    out = tuple(i for i in (0, 1) if out_of_cards(hands[i], p[i]))
    if out:
        return Taken(hands, (p[0], p[1]), out, (0, 0))
    h = [hands[0], hands[1]]
    picked = [0, 0]
    for i in (0, 1):
        if h[i] == 0:
            picked[i], h[i], p[i] = p[i], p[i], 0
    return Taken((h[0], h[1]), (p[0], p[1]), (), (picked[0], picked[1]))


def hand_over_table(piles: tuple[int, int], out: tuple[int, ...], table: int) -> tuple[int, int]:
    """When one player runs out of cards, the table cards go to the other player's pile
    (when both run out at once, nobody takes them).

    >>> hand_over_table((3, 4), (1,), 6)
    (9, 4)
    """
    if len(out) != 1:
        return piles
    other = 1 - out[0]
    p = [piles[0], piles[1]]
    p[other] += table
    return (p[0], p[1])


# --- a look at the odds: whole random games ---------------------------------------------


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
    first, second = _name(names, 0), _name(names, 1)
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


__all__ = [
    "BLANK_CHOICES", "GAME", "JOKER_CHOICES", "MAX_FLIPS", "ORDER", "ORDER_TEXT", "WAR_CARDS", "BlankCard",
    "FlipResult", "HistogramBin", "Lay", "PCWarError", "SimulationProgress", "SimulationResult",
    "Tally", "Taken", "TradeAndWar",
    "called", "check_pair", "deal", "deck_for", "flip", "hand_over_table", "histogram", "lay", "out_at_tie",
    "order_text", "out_of_cards", "play_game", "play_games", "play_hands", "simulate", "strength", "summarize", "take",
    "taker",
    "trade_and_war",
]
