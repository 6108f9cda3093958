"""Played cards: the active Jacks first, then the Aces' and the element's bonus."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from card_companion.calculators.cardpeegee.values import (
    ACE_BONUS,
    ELEMENT_BONUS,
    JACK_PENALTY,
    Frozen,
    RuleError,
    _decimal,
    element_word,
    tenths_up,
    value,
)
from card_companion.calculators.cards import SUITS, Card, Rank, Suit, card, cards  # noqa: F401 (the doctests' names)


class Played(Frozen):
    """One played card as it counts: its suit and value after any active Jack."""

    card: Card
    suit: Suit
    value: int
    jack: Card | None = None
    """the active Jack that converted it (None: played as itself)"""

    @property
    def symbol(self) -> str:
        if self.jack is None:
            return self.card.symbol
        return f"{self.card.symbol} as {self.value}{self.suit.symbol}"


class PlayValue(Frozen):
    """The effect of cards played together, per suit, bonuses included."""

    played: tuple[Played, ...]
    counts: dict[Suit, int]
    """cards counted in each suit"""
    totals: dict[Suit, int]
    """each suit's total before bonuses"""
    values: dict[Suit, int]
    """each suit's total with the active Aces' and the element's bonus (one round-up)"""
    deal: int
    """spades counted as cards (1 each), with the same bonus: what they add to Deal"""
    explanation: tuple[str, ...]

    @property
    def total(self) -> int:
        """All suits together (what a Healer's fee counts)."""
        return sum(self.values.values())


def convert(
    played: Sequence[Card],
    active: Iterable[Card] = (),
    conversions: Mapping[Card, Suit] | None = None,
    in_fight: bool = False,
) -> tuple[tuple[Played, ...], list[str]]:
    """Apply the active Jacks: each converted card counts in its declared suit, 2 points
    less (never below 0); converting to spades in a fight costs nothing.

    >>> p, why = convert(cards("5D"), cards("JC"), {card("5D"): Suit.CLUBS})
    >>> p[0].suit, p[0].value, why
    (<Suit.CLUBS: 'C'>, 3, ['J♣ active: 5♦ played as a club → 3♣ (5 − 2)'])
    >>> convert(cards("5D"), cards("JC"), {card("5D"): Suit.HEARTS})
    Traceback (most recent call last):
    ...
    card_companion.calculators.cardpeegee.values.RuleError: 5♦ cannot be played as a heart: that needs an active Jack of diamonds or of hearts
    """  # noqa: E501 (doctest output)
    conversions = dict(conversions or {})
    jacks = {c.suit: c for c in active if c.rank == Rank.JACK and c.suit is not None}
    lines: list[str] = []
    out: list[Played] = []
    for c in played:
        if c.is_joker:
            if c in conversions:
                raise RuleError("a Joker has no suit: no Jack can convert it")
            continue
        suit = c.suited  # Jokers were set aside above
        target = conversions.get(c)
        if target is None or target == suit:
            if target == suit:
                raise RuleError(f"{c.symbol} is already a {element_word(suit)}: nothing to convert")
            out.append(Played.model_construct(card=c, suit=suit, value=value(c), jack=None))
            continue
        jack = jacks.get(suit) or jacks.get(target)
        if jack is None:
            raise RuleError(
                f"{c.symbol} cannot be played as a {element_word(target)}: that needs an active Jack "
                f"of {suit.word} or of {target.word}"
            )
        if in_fight and target == Suit.SPADES:
            v = value(c)
            lines.append(
                f"{jack.symbol} active: {c.symbol} played as a spade → {v}{target.symbol} "
                "(no penalty: converting to spades in a fight is free)"
            )
        else:
            v = max(0, value(c) - JACK_PENALTY)
            floor = " (never below 0)" if value(c) < JACK_PENALTY else ""
            lines.append(
                f"{jack.symbol} active: {c.symbol} played as a {element_word(target)} → "
                f"{v}{target.symbol} ({value(c)} − {JACK_PENALTY}){floor}"
            )
        out.append(Played.model_construct(card=c, suit=target, value=v, jack=jack))
    return tuple(out), lines + [f"{c.symbol} does nothing" for c in played if c.is_joker]


def bonus_tenths(suit: Suit, active: Iterable[Card], element: Suit | None) -> tuple[int, list[str]]:
    """The bonus on a suit's played total, in tenths, and what gives it."""
    aces = {c.suit for c in active if c.rank == Rank.ACE}
    tenths, why = 0, []
    if suit in aces:
        tenths += ACE_BONUS
        why.append(f"A{suit.symbol} active (+50 %)")
    if element == suit:
        tenths += ELEMENT_BONUS
        why.append(f"the {element_word(suit)} element (+20 %)")
    return tenths, why


def _bonus_line(what: str, base: int, tenths: int, why: list[str]) -> tuple[int, str]:
    exact = base * tenths
    bonus = tenths_up(base, tenths)
    reasons = " and ".join(why)
    if tenths == ACE_BONUS:
        part = f"half of {base} = {_decimal(exact)}"
    else:
        part = f"{tenths * 10} % of {base} = {_decimal(exact)}"
    if exact % 10:
        part += f", rounded up to {bonus}"
    return base + bonus, f"{reasons}: {part} → {what}{base} + {bonus} = {base + bonus}"


def value_played(
    played: Sequence[Played], active: Iterable[Card] = (), element: Suit | None = None
) -> PlayValue:
    """Add the bonuses to cards already converted: per suit, total + ⌈total × (50 % if that
    suit's Ace is active + 20 % if it is the player's element)⌉; Deal the same on the count
    of spades. Duplicate active cards count once."""
    active = tuple(active)
    counts = {s: 0 for s in SUITS}
    totals = {s: 0 for s in SUITS}
    for p in played:
        counts[p.suit] += 1
        totals[p.suit] += p.value
    values = dict(totals)
    lines: list[str] = []
    for s in SUITS:
        if not counts[s]:
            continue
        members = [p for p in played if p.suit == s]
        terms = " + ".join(f"{p.value}{s.symbol}" if p.jack else p.card.symbol for p in members)
        lines.append(f"{s.word}: {terms} = {totals[s]}")
        tenths, why = bonus_tenths(s, active, element)
        if tenths:
            values[s], line = _bonus_line("", totals[s], tenths, why)
            lines.append(line)
    converted_away = {p.card.suit for p in played if p.jack is not None}
    for c in sorted({c for c in active if c.rank == Rank.ACE}):
        if c.suited in converted_away and not counts[c.suited]:
            lines.append(f"{c.symbol} has no effect: no card counts as a {element_word(c.suited)} any more")
    deal = counts[Suit.SPADES]
    if deal:
        tenths, why = bonus_tenths(Suit.SPADES, active, element)
        noun = "spade" if deal == 1 else "spades"
        if tenths:
            deal, line = _bonus_line("", deal, tenths, why)
            lines.append(f"Deal: {counts[Suit.SPADES]} {noun} count 1 each; {line}")
        else:
            lines.append(f"Deal: {deal} {noun} count 1 each → +{deal}")
    return PlayValue.model_construct(  # every field is built here: no validation needed
        played=tuple(played), counts=counts, totals=totals, values=values, deal=deal,
        explanation=tuple(lines),
    )


def play_value(
    played: Sequence[Card],
    active: Iterable[Card] = (),
    element: Suit | None = None,
    conversions: Mapping[Card, Suit] | None = None,
    in_fight: bool = False,
) -> PlayValue:
    """The value of cards played together: active Jacks first, then Aces and the element.

    The text's Deal examples (a spade Hero with the Ace of spades active, in a fight):

    >>> play_value(cards("5S"), cards("AS"), Suit.SPADES, in_fight=True).deal
    2
    >>> play_value(cards("5S 9S"), cards("AS"), Suit.SPADES, in_fight=True).deal
    4
    >>> play_value(cards("5S 9S"), cards("AS"), Suit.HEARTS, in_fight=True).deal
    3
    """
    active = tuple(active)
    converted, lines = convert(played, active, conversions, in_fight)
    result = value_played(converted, active, element)
    if lines:
        result = result.model_copy(update={"explanation": tuple(lines) + result.explanation})
    return result


def check_suits(played: Sequence[Played], suits: Sequence[Suit], purpose: str) -> None:
    """Refuse a played card that counts in no suit the purpose takes (after any Jack).

    >>> check_suits(convert(cards("5D 3H"))[0], [Suit.DIAMONDS], "shopping")
    Traceback (most recent call last):
    ...
    card_companion.calculators.cardpeegee.values.RuleError: 3♥ counts as a heart: shopping takes only diamonds
    """
    for pc in played:
        if pc.suit not in suits:
            allowed = " and ".join(x.word for x in suits)
            raise RuleError(f"{pc.card.symbol} counts as a {element_word(pc.suit)}: {purpose} takes only {allowed}")
