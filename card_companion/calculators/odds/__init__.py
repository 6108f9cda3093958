"""Exact odds where one card is still unknown: every card it could be is counted once per copy
(no sampling), through the very rule functions that resolve a fight, so the odds and the
ruling can never disagree.

The unknown cards are the game's deck less every card the players know is elsewhere. A card in
another player's hand that the app was not told is unknown too; by symmetry, the card a player
draws or plays from a hidden hand is as likely to be any unknown card as a card drawn from the
deck, so the odds count over all unknown cards.

The package: this module (one unknown card: Card Stratego, Peace and Love; one draw of several
cards: a Trap's evasion) and ``draws`` (two fighters drawing together without replacement,
counted by value) with ``cardpeegee`` (a round, a fight to the end, a chest's trap).

>>> from card_companion.calculators.cards import cards, card
>>> o = stratego_attack_odds(card("7S"), cards("2H 9H AH"), known_attacks=True)
>>> o.attacker_wins, o.defender_wins, o.both_destroyed
(Fraction(1, 3), Fraction(2, 3), Fraction(0, 1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb

from pydantic import BaseModel, ConfigDict

from card_companion.calculators.card_stratego import RULES, battle, can_stand
from card_companion.calculators.cards import Card, RulesError, Suit
from card_companion.calculators.peace_and_love import Entry, FightRound, resolve_round
from card_companion.calculators.words import plural

SYMMETRY = ("cards in hands the app was not told are unknown too: a hidden card is as likely to be "
            "any unknown card as a card drawn from the deck, so every unknown card counts once")


def percent(p: float) -> str:
    """A chance as players read it: "61 %"; "< 1 %" and "> 99 %" when it is neither
    impossible nor certain, so rounding never claims certainty.

    >>> percent(0.614), percent(0.0), percent(0.003), percent(0.999), percent(1.0), percent(0.5)
    ('61 %', '0 %', '< 1 %', '> 99 %', '100 %', '50 %')
    """
    if 0 < p < 0.005:
        return "< 1 %"
    if 0.995 < p < 1:
        return "> 99 %"
    return f"{round(p * 100)} %"


def ways(n: int, total: int) -> str:
    """ "12 of 45 draws (27 %)"; only the chance when the numbers are too long to read.

    >>> ways(12, 45), ways(10**9, 3 * 10**9)
    ('12 of 45 draws (27 %)', '33 % of the draws')
    """
    if total > 100_000:
        return f"{percent(n / total)} of the draws"
    return f"{n:,} of {total:,} draws ({percent(n / total)})"


class OddsError(RulesError):
    """Odds that cannot be counted (no unknown card could be the hidden one)."""


class AttackOdds(BaseModel):
    """A Card Stratego attack with one side face down: the chance of each result."""

    model_config = ConfigDict(frozen=True)

    attacker_wins: Fraction
    defender_wins: Fraction
    both_destroyed: Fraction
    counted: int
    explanation: list[str]


def stratego_attack_odds(known: Card, unknown: Sequence[Card], known_attacks: bool) -> AttackOdds:
    """The known card attacks a face-down card (``known_attacks``) or is attacked by one; the
    face-down card is any unknown card that can stand on the battlefield (no Jack, no Joker)."""
    if not can_stand(known):
        raise OddsError(f"{known.symbol} never stands on the battlefield: a Jack or a Joker is played from the hand")
    standing = [c for c in unknown if can_stand(c)]
    left_out = len(unknown) - len(standing)
    if not standing:
        raise OddsError("none of the unknown cards can stand on the battlefield: no odds to count")
    tally: Counter[str] = Counter()
    by_rule: dict[tuple[str, str], list[Card]] = {}
    for c in standing:
        r = battle(known, c) if known_attacks else battle(c, known)
        outcome = ("both" if r.winner is None else "attacker" if r.winner == "attacker" else "defender")
        tally[outcome] += 1
        by_rule.setdefault((outcome, r.rule), []).append(c)
    n = len(standing)
    side = "attacks" if known_attacks else "defends against"
    lines = [f"{known.symbol} {side} a face-down card: {plural(n, 'unknown card')} can stand on the battlefield"
             + (f" ({plural(left_out, 'Jack or Joker', 'Jacks and Jokers')} left out: they never stand there)"
                if left_out else ""), SYMMETRY]
    words = {"attacker": "the attacker wins", "defender": "the defender wins", "both": "both are destroyed"}
    for (outcome, rule), cs in sorted(by_rule.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"{words[outcome]} ({RULES[rule]}): {len(cs)} of {n}")
    return AttackOdds(attacker_wins=Fraction(tally["attacker"], n), defender_wins=Fraction(tally["defender"], n),
                      both_destroyed=Fraction(tally["both"], n), counted=n, explanation=lines)


class FightOdds(BaseModel):
    """A Peace and Love round with one played card unknown: each fighter's chance to lose."""

    model_config = ConfigDict(frozen=True)

    loses: list[Fraction]
    counted: int
    explanation: list[str]


def peace_and_love_fight_odds(fight: FightRound, hidden: int, unknown: Sequence[Card]) -> FightOdds:
    """``fight`` with a placeholder card on entry ``hidden``; that card is each unknown card in
    turn (one count per copy)."""
    if not unknown:
        raise OddsError("the unknown cards are empty: no odds to count")
    if any(c.is_joker for c in unknown):
        raise OddsError("Peace and Love is played without jokers")
    copies = Counter(unknown)
    losses: Counter[int] = Counter()
    lowest_wins = 0
    for c, k in copies.items():
        entries = list(fight.fighters)
        entries[hidden] = Entry(player=entries[hidden].player, fighter=entries[hidden].fighter, card=c)
        r = resolve_round(fight.model_copy(update={"fighters": entries}))
        losses[r.loser] += k
        lowest_wins += k if r.lowest_wins else 0
    n = len(unknown)
    owner = fight.fighters[hidden]
    lines = [f"the card on player {owner.player}'s {owner.fighter.symbol} is unknown: "
             f"{plural(n, 'unknown card')} counted, each once", SYMMETRY,
             f"an odd number of trumps (the lowest result wins) in {lowest_wins} of {n}"]
    for i, e in enumerate(fight.fighters):
        lines.append(f"player {e.player}'s {e.fighter.symbol} loses in {losses[i]} of {n}")
    return FightOdds(loses=[Fraction(losses[i], n) for i in range(len(fight.fighters))], counted=n,
                     explanation=lines)


def best_cards(fight: FightRound, mine: int, hidden: int | Sequence[int], hand: Sequence[Card],
               unknown: Sequence[Card]) -> list[tuple[Card, Fraction]]:
    """For each card of ``hand`` played on entry ``mine``: the chance entry ``mine`` does not
    lose the round against the unknown cards on the entries ``hidden`` (one, or two in a fight
    of three); the best first ("play 7♥: wins 61 %"). ``unknown`` holds the cards the hidden
    ones can be, the hand already left out (in a game of two decks, the other copy of a card
    in the hand is still one of them). Two hidden cards are two different unknown cards: every
    ordered pair is counted once (``not_losing``)."""
    hidden = [hidden] if isinstance(hidden, int) else list(hidden)
    out = []
    for c in dict.fromkeys(hand):
        entries = list(fight.fighters)
        entries[mine] = Entry(player=entries[mine].player, fighter=entries[mine].fighter, card=c)
        out.append((c, not_losing(fight.model_copy(update={"fighters": entries}), mine, hidden, unknown)))
    return sorted(out, key=lambda cw: -cw[1])


MAX_HIDDEN = 2
"""the most played cards counted as unknown together (a fight of three, seen by one fighter)"""


def not_losing(fight: FightRound, mine: int, hidden: Sequence[int], unknown: Sequence[Card]) -> Fraction:
    """The chance entry ``mine`` does not lose ``fight`` when the cards on the entries
    ``hidden`` are different cards of ``unknown`` (each copy once, every order once).

    A round reads a played card only through its value and whether it trumps its fighter (same
    suit), so the draws are added up by that class of each hidden card first and each class
    resolved once: exact, and a few hundred rounds for a fight of three.

    >>> from card_companion.calculators.cards import card, cards
    >>> f = FightRound(players=3, attacker=0, defender=1, fighters=[
    ...     Entry(player=0, fighter=card("9H"), card=card("2C")), Entry(player=1, fighter=card("5S"), card=card("5S")),
    ...     Entry(player=2, fighter=card("8D"), card=card("8D"))])
    >>> not_losing(f, 0, [1, 2], cards("3C 4C KD"))   # 9♥−2♣ = 7 loses only when K♦ trumps 8♦ (2 of 6)
    Fraction(2, 3)
    """
    if not unknown:
        raise OddsError("the unknown cards are empty: no odds to count")
    if any(c.is_joker for c in unknown):
        raise OddsError("Peace and Love is played without jokers")
    if len(hidden) > MAX_HIDDEN:
        raise OddsError(f"{len(hidden)} played cards are unknown: the odds are counted with at most "
                        f"{MAX_HIDDEN} unknown (a fight of three)")
    if len(hidden) > len(unknown):
        raise OddsError(f"{len(hidden)} played cards are unknown but only {plural(len(unknown), 'unknown card')}")
    fighters = [fight.fighters[i].fighter for i in hidden]
    copies = Counter(unknown)
    # each face's class on each hidden entry: the face itself if it trumps that fighter, else
    # the face of its rank in the first other suit (the same value, no trump)
    kinds = {c: tuple(c if c.suit == f.suit else Card.of(c.rank, next(x for x in Suit if x != f.suit))
                      for f in fighters) for c in copies}
    draws = _class_draws(copies, kinds, len(hidden))
    kept = 0
    for stand_ins, w in draws.items():
        entries = list(fight.fighters)
        for i, c in zip(hidden, stand_ins):
            entries[i] = Entry(player=entries[i].player, fighter=entries[i].fighter, card=c)
        if resolve_round(fight.model_copy(update={"fighters": entries})).loser != mine:
            kept += w
    return Fraction(kept, sum(draws.values()))


def _class_draws(copies: Counter[Card], kinds: dict[Card, tuple[Card, ...]],
                 k: int) -> Counter[tuple[Card, ...]]:
    """The ordered draws of ``k`` (1 or 2) different cards, by the class of each on its entry,
    with their numbers of ways: for two, every card of the first class times every card of the
    second, less the cards in both (a card is never played twice)."""
    first: Counter[Card] = Counter()
    for c, n in copies.items():
        first[kinds[c][0]] += n
    if k == 1:
        return Counter({(a,): n for a, n in first.items()})
    second: Counter[Card] = Counter()
    both: Counter[tuple[Card, ...]] = Counter()
    for c, n in copies.items():
        second[kinds[c][1]] += n
        both[kinds[c]] += n
    return Counter({(a, b): n * m - both[(a, b)] for a, n in first.items() for b, m in second.items()
                    if n * m - both[(a, b)] > 0})


def draw_totals(values: Sequence[int], k: int) -> dict[int, int]:
    """The number of ways each total comes up when ``k`` cards are drawn together (without
    replacement) from cards of these values: counted by value, not by card, so a whole deck
    costs a few thousand steps. The ways add up to C(len(values), k).

    >>> draw_totals([2, 3, 3], 2)   # {2,3} twice, {3,3} once
    {5: 2, 6: 1}
    """
    if not 0 <= k <= len(values):
        raise OddsError(f"{k} cards cannot be drawn from {len(values)}")
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards drawn, total) -> ways
    for v, m in Counter(values).items():
        nxt: Counter[tuple[int, int]] = Counter()
        for (n, s), w in ways.items():
            for j in range(min(m, k - n) + 1):
                nxt[(n + j, s + j * v)] += w * comb(m, j)
        ways = dict(nxt)
    return dict(sorted((s, w) for (n, s), w in ways.items() if n == k))


class TrapOdds(BaseModel):
    """The HP a Hero loses to a Trap, over every evasion draw."""

    model_config = ConfigDict(frozen=True)

    hp_loss: dict[int, Fraction]
    expected_hp_loss: Fraction
    evaded: Fraction
    counted: int
    explanation: list[str]


def trap_odds(agitator: Card, props: Sequence[Card], draw: int, unknown: Sequence[Card]) -> TrapOdds:
    """``draw`` evasion cards (1 + the Hero's active cards) from the unknown cards, each
    total through ``trap_outcome`` (difficulty, damage, the −2 per point it is beaten by)."""
    from card_companion.calculators.cardpeegee import trap, trap_outcome, value

    if not unknown:
        raise OddsError("the unknown cards are empty: no odds to count")
    if draw > len(unknown):
        raise OddsError(f"the evasion draw takes {plural(draw, 'card')} but only {len(unknown)} are unknown")
    stats = trap(agitator, props)
    totals = draw_totals([value(c) for c in unknown], draw)
    all_ways = comb(len(unknown), draw)
    loss: Counter[int] = Counter()
    evaded = 0
    for s, w in totals.items():
        o = trap_outcome(stats, s)
        loss[o.hp_loss] += w
        evaded += w if o.evaded else 0
    dist = {h: Fraction(w, all_ways) for h, w in sorted(loss.items())}
    expected = sum((h * p for h, p in dist.items()), Fraction(0))
    lines = [*stats.explanation,
             f"evasion: {plural(draw, 'card')} drawn together from {len(unknown)} unknown: "
             f"{all_ways:,} draws, counted by their total", SYMMETRY,
             f"evasion beats the difficulty {stats.difficulty} in {evaded:,} of {all_ways:,} draws",
             f"expected HP lost: {float(expected):.2f}"]
    return TrapOdds(hp_loss=dist, expected_hp_loss=expected, evaded=Fraction(evaded, all_ways),
                    counted=len(unknown), explanation=lines)
