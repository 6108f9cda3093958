"""CardPeeGee: every number of the game, with its working shown line by line.

Rules: card_companion/rules/cardpeegee.txt; rulings: card_companion/rulings/cardpeegee.md. Pure functions over
frozen models: no I/O, no randomness. Every result carries ``explanation``, the plain-language
steps that decided it, in the words of the text's own examples.

The Ace example of the text (5 + 7 = 12, half of 12 = 6, worth 18):

>>> r = play_value(cards("5C 7C"), active=cards("AC"))
>>> r.values[Suit.CLUBS], r.explanation[-1]
(18, 'A♣ active (+50 %): half of 12 = 6 → 12 + 6 = 18')

The Jack-then-Ace example (8♣ played as a heart → 6♥ → 9♥):

>>> r = play_value(cards("8C"), active=cards("JC AH AC"), conversions={card("8C"): Suit.HEARTS})
>>> r.values[Suit.HEARTS], r.values[Suit.CLUBS]
(9, 0)

The elemental combat example (24 against 21, 9 damage):

>>> d = duel(Contender(name="Fighter 1", attack=11, element=Suit.CLUBS, drawn=13),
...          Contender(name="Fighter 2", attack=7, element=Suit.DIAMONDS, drawn=10))
>>> d.scores, d.winner, d.hp_loss
((24, 21), 0, (0, 9))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import ceil
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from card_companion.calculators.cards import SUITS, Card, Deck, Rank, Suit, card, cards
from card_companion.calculators.words import noun, plural, symbols

GAME = "CardPeeGee"
PLAYERS_PER_PACK = 4
JOKERS_PER_PACK = 2

HERO_DEAL = 3
MONSTER_DEAL = 3
JAILOR_DEAL = 3
BOSS_BASE = 10
BOSS_DEAL = 3
JACK_PENALTY = 2
ACE_BONUS = 5  # tenths: +50 %
ELEMENT_BONUS = 2  # tenths: +20 %
ELEMENT_SCORE_BOOST = 2  # tenths: the stronger element's round score +20 %
ELEMENT_DAMAGE_KEEP = 8  # tenths: the weaker element's damage −20 %
JACK_BOSS_BONUS = 2


class RuleError(ValueError):
    """Input the rules cannot accept; the message says why in plain words."""


# --- card values and the elements ------------------------------------------------------


def value(c: Card) -> int:
    """Blackjack values with Aces high: A 11, J Q K 10, number cards their number, Joker 0.

    >>> [value(x) for x in cards("AS 10H JD QC KS 2H JOKER")]
    [11, 10, 10, 10, 10, 2, 0]
    """
    return _VALUES[c.rank]


_VALUES: dict[Rank, int] = {
    Rank.JOKER: 0, Rank.ACE: 11, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10,
    **{Rank(n): n for n in range(2, 11)},
}


def total(cs: Iterable[Card]) -> int:
    return sum(value(c) for c in cs)


def half_up(n: int) -> int:
    """Half, rounded up: ``half_up(5) == 3``."""
    return -(-n // 2)


def tenths_up(n: int, tenths: int) -> int:
    """``n × tenths / 10``, rounded up (integers only, no float error)."""
    return -(-n * tenths // 10)


def _decimal(n_tenths: int) -> str:
    """34 → "3.4", 60 → "6"."""
    whole, frac = divmod(n_tenths, 10)
    return f"{whole}" if frac == 0 else f"{whole}.{frac}"


def packs_for(players: int) -> int:
    """One pack for every four players, all shuffled together.

    >>> [packs_for(n) for n in (1, 4, 5, 8, 9)]
    [1, 1, 2, 2, 3]
    """
    if players < 1:
        raise RuleError("CardPeeGee needs at least one player")
    return ceil(players / PLAYERS_PER_PACK)


def deck_for(players: int, jokers: bool = False) -> Deck:
    packs = packs_for(players)
    return Deck(copies=packs, jokers=JOKERS_PER_PACK * packs if jokers else 0)


STRONG_AGAINST: dict[Suit, Suit] = {
    Suit.DIAMONDS: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
"""The element cycle: each element is strong against the one it points to."""


def beats(a: Suit | None, b: Suit | None) -> bool:
    """True when element ``a`` is strong against element ``b``.

    >>> beats(Suit.DIAMONDS, Suit.CLUBS), beats(Suit.CLUBS, Suit.DIAMONDS), beats(Suit.CLUBS, Suit.HEARTS)
    (True, False, False)
    """
    return a is not None and b is not None and STRONG_AGAINST[a] == b


def element_word(s: Suit) -> str:
    """Singular, as in "a club element": club, heart, diamond, spade."""
    return s.word[:-1]


# --- played cards: Jacks first, then Aces and the element --------------------------------


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


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
    card_companion.calculators.cardpeegee.RuleError: 5♦ cannot be played as a heart: that needs an active Jack of diamonds or of hearts
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
    card_companion.calculators.cardpeegee.RuleError: 3♥ counts as a heart: shopping takes only diamonds
    """
    for pc in played:
        if pc.suit not in suits:
            allowed = " and ".join(x.word for x in suits)
            raise RuleError(f"{pc.card.symbol} counts as a {element_word(pc.suit)}: {purpose} takes only {allowed}")


# --- a round of combat -----------------------------------------------------------------


class Contender(Frozen):
    """One fighter in a round: Attack, element and the score cards drawn."""

    name: str
    attack: int = Field(ge=0)
    element: Suit | None = None
    drawn: int = Field(0, ge=0)
    """the total value of the score cards drawn"""
    cards: tuple[Card, ...] | None = None
    """the score cards, when entered as cards (for the working)"""
    deals_damage: bool = True
    """False while fleeing or healing and defending: wins do no damage"""
    why_no_damage: str = ""

    @property
    def raw_score(self) -> int:
        return self.attack + self.drawn

    def score_line(self) -> str:
        if self.cards:
            drawn = f"score cards {' '.join(c.symbol for c in self.cards)} ({self.drawn})"
        elif self.cards is not None:
            drawn = "no score cards (0)"
        else:
            drawn = f"score cards worth {self.drawn}"
        return f"{self.name}: Attack {self.attack} + {drawn} = {self.raw_score}"


class Duel(Frozen):
    """One fighter against one opponent in a round."""

    scores: tuple[int, int]
    """round scores after the element boost"""
    winner: int | None
    """0 or 1; None on a tie"""
    damage: int
    """HP the loser loses (0 on a tie or when the winner deals no damage)"""
    hp_loss: tuple[int, int]
    critical: str = ""
    """"", "×1.5" or "×2" """
    explanation: tuple[str, ...]


def duel_numbers(
    attack_a: int, element_a: Suit | None, raw_a: int, attack_b: int, element_b: Suit | None, raw_b: int,
    critical_strikes: bool = False, deals_a: bool = True, deals_b: bool = True,
) -> tuple[int, int, int | None, int, str]:
    """The arithmetic of :func:`duel` alone (the odds call it for every possible draw):
    the round scores after the element boost, the winner (0, 1 or None on a tie), the HP the
    loser loses and the Critical Strike ("", "×1.5" or "×2").

    >>> duel_numbers(11, Suit.CLUBS, 24, 7, Suit.DIAMONDS, 17)
    (24, 21, 0, 9, '')
    """
    sa = raw_a + tenths_up(raw_a, ELEMENT_SCORE_BOOST) if beats(element_a, element_b) else raw_a
    sb = raw_b + tenths_up(raw_b, ELEMENT_SCORE_BOOST) if beats(element_b, element_a) else raw_b
    if sa == sb:
        return sa, sb, None, 0, ""
    if sa > sb:
        w, attack, deals, ws, ls, weak = 0, attack_a, deals_a, sa, sb, beats(element_b, element_a)
    else:
        w, attack, deals, ws, ls, weak = 1, attack_b, deals_b, sb, sa, beats(element_a, element_b)
    if not deals:
        return sa, sb, w, 0, ""
    damage = tenths_up(attack, ELEMENT_DAMAGE_KEEP) if weak else attack
    crit = ""
    if critical_strikes:
        if ws >= 2 * ls:
            crit, damage = "×2", damage * 2
        elif 2 * ws >= 3 * ls:
            crit, damage = "×1.5", -(-damage * 3 // 2)
    return sa, sb, w, damage, crit


def duel(a: Contender, b: Contender, critical_strikes: bool = False, show_scores: bool = True) -> Duel:
    """Score each fighter (Attack + score cards; the stronger element +20 %, rounded up); the
    higher score wins and the loser loses the winner's Attack (−20 % if the winner's element
    is the weaker, rounded up; Critical Strikes ×1.5 or ×2 on the boosted scores); a tie does
    nothing. The numbers are :func:`duel_numbers`'; this adds the words."""
    sa, sb, w, damage, crit = duel_numbers(a.attack, a.element, a.raw_score, b.attack, b.element, b.raw_score,
                                           critical_strikes, a.deals_damage, b.deals_damage)
    lines: list[str] = []
    if show_scores:
        lines += [a.score_line(), b.score_line()]
    fighters = (a, b)
    for me, other, boosted in ((a, b, sa), (b, a, sb)):
        if me.element is not None and other.element is not None and beats(me.element, other.element):
            raw = me.raw_score
            exact = raw * (10 + ELEMENT_SCORE_BOOST)
            rounding = f" ({_decimal(exact)} rounded up)" if exact % 10 else ""
            lines.append(
                f"{me.element.word} are strong against {other.element.word}: {me.name}'s score +20 %: "
                f"{raw} + {_decimal(raw * ELEMENT_SCORE_BOOST)} = {boosted}{rounding}"
            )
    if w is None:
        lines.append(f"{sa} against {sb}: a tie, no-one loses HP")
        return Duel(scores=(sa, sb), winner=None, damage=0, hp_loss=(0, 0), explanation=tuple(lines))
    winner, loser = fighters[w], fighters[1 - w]
    ws, ls = (sa, sb) if w == 0 else (sb, sa)
    lines.append(f"{ws} beats {ls}: {winner.name} wins the round")
    if not winner.deals_damage:
        why = f" ({winner.why_no_damage})" if winner.why_no_damage else ""
        lines.append(f"{winner.name} deals no damage{why}")
        return Duel(scores=(sa, sb), winner=w, damage=0, hp_loss=(0, 0), explanation=tuple(lines))
    base = winner.attack
    if loser.element is not None and winner.element is not None and beats(loser.element, winner.element):
        exact = winner.attack * ELEMENT_DAMAGE_KEEP
        base = tenths_up(winner.attack, ELEMENT_DAMAGE_KEEP)
        rounding = f" = {_decimal(exact)}, rounded up to {base}" if exact % 10 else f" = {base}"
        lines.append(
            f"{winner.name} deals their Attack {winner.attack}; {winner.element.word} are weak against "
            f"{loser.element.word}: −20 % → {winner.attack} − {_decimal(winner.attack * 2)}{rounding}"
        )
    else:
        lines.append(f"{winner.name} deals their Attack: {base}")
    if crit == "×2":
        lines.append(f"Critical Strike: {ws} is at least twice {ls} → double damage: {base} × 2 = {damage}")
    elif crit == "×1.5":
        rounding = f" = {_decimal(base * 15)}, rounded up to {damage}" if base % 2 else f" = {damage}"
        lines.append(f"Critical Strike: {ws} is at least 50 % more than {ls} → damage × 1.5: {base} × 1.5{rounding}")
    lines.append(f"{loser.name} loses {damage} HP")
    loss = (0, damage) if w == 0 else (damage, 0)
    return Duel(scores=(sa, sb), winner=w, damage=damage, hp_loss=loss, critical=crit, explanation=tuple(lines))


class RoundFighter(Contender):
    side: int = Field(ge=0, le=1)
    """0: the Hero's side; 1: the other side"""


class Clash(Frozen):
    """One pairing of a round: fighter ``a`` (Hero's side) against ``b``."""

    a: int
    b: int
    duel: Duel


class BattleRound(Frozen):
    """A round where every fighter is compared against every opponent."""

    raw_scores: tuple[int, ...]
    clashes: tuple[Clash, ...]
    hp_loss: tuple[int, ...]
    """total HP each fighter loses this round, in the fighters' order"""
    explanation: tuple[str, ...]


def battle_round(fighters: Sequence[RoundFighter], critical_strikes: bool = False) -> BattleRound:
    """Every fighter against every opponent on the other side; each pairing is its own duel
    (elements compared pair by pair); all damage of the round is dealt at once.

    >>> r = battle_round([RoundFighter(name="Ann", side=0, attack=14, drawn=12),
    ...                   RoundFighter(name="Bea", side=0, attack=10, drawn=3),
    ...                   RoundFighter(name="the monster", side=1, attack=9, drawn=15)])
    >>> r.raw_scores, r.hp_loss
    ((26, 13, 24), (0, 9, 14))
    """
    lines = [f.score_line() for f in fighters]
    clashes: list[Clash] = []
    loss = [0] * len(fighters)
    for i, a in enumerate(fighters):
        if a.side != 0:
            continue
        for j, b in enumerate(fighters):
            if b.side != 1:
                continue
            d = duel(a, b, critical_strikes, show_scores=False)
            clashes.append(Clash(a=i, b=j, duel=d))
            loss[i] += d.hp_loss[0]
            loss[j] += d.hp_loss[1]
            prefix = f"{a.name} against {b.name}: " if len(fighters) > 2 else ""
            lines += [prefix + line for line in d.explanation]
    return BattleRound(
        raw_scores=tuple(f.raw_score for f in fighters), clashes=tuple(clashes), hp_loss=tuple(loss),
        explanation=tuple(lines),
    )


def flee_deal(deal: int, others_stay: bool) -> tuple[int, str]:
    """Run away: the penalty round's Deal is 1 less when another player stays in the fight
    (on either side; a Monster, jailor or Boss is not a player), 2 less when none does;
    never below 0.

    >>> flee_deal(3, True), flee_deal(3, False), flee_deal(1, False)[0]
    ((2, 'another player stays in the fight: Deal 3 − 1 = 2'), (1, 'no other player stays in the fight: Deal 3 − 2 = 1'), 0)
    """  # noqa: E501 (doctest output)
    cut = 1 if others_stay else 2
    left = "another player stays in the fight" if others_stay else "no other player stays in the fight"
    new = max(0, deal - cut)
    return new, f"{left}: Deal {deal} − {cut} = {new}"


def after_round(hp: int, fleeing: bool) -> Literal["", "dead", "fled"]:
    """A fighter after the round's damage: dead at 0 HP or below; otherwise a fleeing fighter
    escapes ("if they survive, they escape"); else still fighting ("").

    >>> after_round(0, False), after_round(3, True), after_round(-2, True), after_round(5, False)
    ('dead', 'fled', 'dead', '')
    """
    if hp <= 0:
        return "dead"
    return "fled" if fleeing else ""


def draw_refusal(deal: int, drawn: int, shown: Sequence[Card] | None, who: str, word: str = "score card",
                 why: str = "") -> str | None:
    """Why a draw of ``deal`` cards by ``who`` (entered as the cards ``shown``, or as their
    total ``drawn``) cannot be right, or None: exactly ``deal`` cards, a total at most 11 a card.

    >>> draw_refusal(3, 0, cards("2H 5S"), "Ann", why=" (Deal 3)")
    'Ann draws 3 score cards (Deal 3), not 2'
    >>> draw_refusal(2, 23, None, "Ann"), draw_refusal(2, 22, None, "Ann")
    ("Ann's 2 score cards cannot be worth 23", None)
    """
    if shown is not None:
        if len(shown) != deal:
            return f"{who} draws {plural(deal, word)}{why}, not {len(shown)}"
    elif drawn > 11 * deal:
        return f"{who}'s {plural(deal, word)} cannot be worth {drawn}"
    return None


def evasion_draw(active: int) -> int:
    """Cards the Hero draws to evade a trap: one, plus one per card already active.

    >>> evasion_draw(0), evasion_draw(2)
    (1, 3)
    """
    return 1 + active


# --- encounters --------------------------------------------------------------------------


def _of_suit(cs: Iterable[Card], suit: Suit) -> list[Card]:
    return [c for c in cs if c.suit == suit]


def _count(cs: Sequence[Card], noun: str) -> str:
    """"0 spade props", "1 spade prop (K♠)", "2 spade props (3♠ 9♠)"."""
    if not cs:
        return plural(0, noun)
    return f"{plural(len(cs), noun)} ({symbols(cs)})"


def _sum_line(cs: Sequence[Card]) -> str:
    """"none (0)", "7♣ (7)", "7♣ + J♣ (17)"."""
    if not cs:
        return "none (0)"
    return f"{' + '.join(c.symbol for c in cs)} ({total(cs)})"


def encounter_kind(agitator: Card, boss_battles: bool = False) -> str:
    """The encounter an agitator starts: monster, chest, healer, trap or boss.

    >>> [encounter_kind(c) for c in cards("9C 4D 2H 7S")], encounter_kind(card("QH"), boss_battles=True)
    (['monster', 'chest', 'healer', 'trap'], 'boss')
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    if boss_battles and agitator.rank.is_face:
        return "boss"
    return {Suit.CLUBS: "monster", Suit.DIAMONDS: "chest", Suit.HEARTS: "healer", Suit.SPADES: "trap"}[agitator.suited]


class MonsterStats(Frozen):
    hp: int
    attack: int
    deal: int
    element: Suit | None
    explanation: tuple[str, ...]


def monster(agitator: Card, props: Sequence[Card], beast: Card | None = None, elements: bool = True,
            base_deal: int = MONSTER_DEAL) -> MonsterStats:
    """A Monster: HP = agitator + heart props; Attack = agitator + club props; Deal = 3 + one
    per spade prop. Its element is clubs, or the Elemental beast card's suit.

    >>> m = monster(card("9C"), cards("5C 3S"))
    >>> m.hp, m.attack, m.deal
    (9, 14, 4)
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    a = value(agitator)
    hearts, clubs, spades = (_of_suit(props, s) for s in (Suit.HEARTS, Suit.CLUBS, Suit.SPADES))
    lines = [
        f"Monster HP: agitator {agitator.symbol} {a} + heart props {_sum_line(hearts)} = {a + total(hearts)}",
        f"Monster Attack: agitator {a} + club props {_sum_line(clubs)} = {a + total(clubs)}",
        f"Monster Deal: {base_deal} + {_count(spades, 'spade prop')} = {base_deal + len(spades)}",
    ]
    idle = [c for c in props if c.suit == Suit.DIAMONDS or c.is_joker]
    if idle:
        lines.append(f"{symbols(idle)}: no effect in a fight")
    element = None
    if elements:
        if beast is not None:
            if beast.is_joker:
                raise RuleError("a Joker has no element: draw another card for the beast")
            element = beast.suited
            lines.append(f"Elemental beast {beast.symbol}: the Monster's element is {beast.suited.word}")
        else:
            element = Suit.CLUBS
            lines.append("the Monster's element is clubs")
    return MonsterStats(
        hp=a + total(hearts), attack=a + total(clubs), deal=base_deal + len(spades), element=element,
        explanation=tuple(lines),
    )


def jailor(c: Card, elements: bool = True) -> MonsterStats:
    """A Healer's jailor fights with base values only: Attack and HP its value, Deal 3.

    >>> j = jailor(card("7C")); (j.hp, j.attack, j.deal)
    (7, 7, 3)
    """
    v = value(c)
    return MonsterStats(
        hp=v, attack=v, deal=JAILOR_DEAL, element=Suit.CLUBS if elements else None,
        explanation=(f"jailor {c.symbol}: base values only → HP {v}, Attack {v}, Deal {JAILOR_DEAL}",),
    )


class TrapStats(Frozen):
    difficulty: int
    damage: int
    explanation: tuple[str, ...]


def trap(agitator: Card, props: Sequence[Card]) -> TrapStats:
    """Difficulty = agitator + spade props + half the diamond props (rounded up); damage =
    agitator + club props + half the heart props (rounded up).

    >>> t = trap(card("7S"), cards("3D 5H")); (t.difficulty, t.damage)
    (9, 10)
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    a = value(agitator)
    spades, diamonds, clubs, hearts = (_of_suit(props, s)
                                       for s in (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS))
    d_half, h_half = half_up(total(diamonds)), half_up(total(hearts))

    def half(cs: list[Card], h: int) -> str:
        if not cs:
            return "none (0)"
        rounding = f" = {_decimal(total(cs) * 5)}, rounded up to {h}" if total(cs) % 2 else f" = {h}"
        return f"half of {total(cs)} ({symbols(cs)}){rounding}"

    difficulty = a + total(spades) + d_half
    damage = a + total(clubs) + h_half
    lines = (
        f"Trap difficulty: agitator {agitator.symbol} {a} + spade props {_sum_line(spades)} + diamond props "
        f"{half(diamonds, d_half)} → {difficulty}",
        f"Trap damage: agitator {a} + club props {_sum_line(clubs)} + heart props {half(hearts, h_half)} → {damage}",
    )
    return TrapStats(difficulty=difficulty, damage=damage, explanation=lines)


class TrapOutcome(Frozen):
    evasion: int
    evaded: bool
    """evasion higher than the difficulty (crafty evasion is possible)"""
    hp_loss: int
    explanation: tuple[str, ...]


def trap_outcome(stats: TrapStats, evasion: int, crafty: int = 0,
                 evasion_cards: Sequence[Card] | None = None) -> TrapOutcome:
    """The damage a Hero takes: full damage unless the evasion score beats the difficulty,
    then damage − 2 × (evasion − difficulty), never below 0; crafty evasion takes the value
    of spades played off that (only after a successful evasion). A tie deals full damage.

    >>> trap_outcome(trap(card("7S"), cards("3D 5H")), 11).hp_loss
    6
    """
    d, dmg = stats.difficulty, stats.damage
    shown = f"{symbols(evasion_cards)} = {evasion}" if evasion_cards else f"{evasion}"
    lines = [f"Evasion score: {shown}"]
    if evasion < d:
        lines.append(f"evasion {evasion} is lower than the difficulty {d}: full damage {dmg}")
        loss, evaded = dmg, False
    elif evasion == d:
        lines.append(f"evasion {evasion} equals the difficulty {d}: not higher, so full damage {dmg}")
        loss, evaded = dmg, False
    else:
        diff = evasion - d
        loss, evaded = max(0, dmg - 2 * diff), True
        floor = ", but traps don't heal: 0" if dmg - 2 * diff < 0 else ""
        lines.append(
            f"evasion {evasion} beats the difficulty {d} by {diff}: damage {dmg} − 2 × {diff} = {dmg - 2 * diff}{floor}"
        )
    if crafty:
        if not evaded:
            raise RuleError("crafty evasion needs a successful evasion first")
        new = max(0, loss - crafty)
        lines.append(f"crafty evasion: spades worth {crafty} → {loss} − {crafty} = {loss - crafty}"
                     + (", never below 0: 0" if loss - crafty < 0 else ""))
        loss = new
    lines.append(f"the Hero loses {loss} HP" if loss else "the Hero takes no damage")
    return TrapOutcome(evasion=evasion, evaded=evaded, hp_loss=loss, explanation=tuple(lines))


class HealerStats(Frozen):
    heal: int
    jailors: tuple[Card, ...]
    fee: int
    fee_cards: tuple[Card, ...]
    reward: tuple[Card, ...]
    """diamond props that are a reward, not a fee (gratitude)"""
    potions: tuple[Card, ...]
    explanation: tuple[str, ...]


def healer(agitator: Card, props: Sequence[Card], gratitude: bool = False) -> HealerStats:
    """Healing = agitator + half of all props (rounded up); club props are jailors; diamond
    props a fee (a reward under gratitude when a jailor is present too); heart props potions.

    >>> h = healer(card("6H"), cards("7C 5D"))
    >>> h.heal, h.jailors, h.fee
    (12, (Card('7C'),), 5)
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    a = value(agitator)
    props_total = total(props)
    half = half_up(props_total)
    rounding = f" = {_decimal(props_total * 5)}, rounded up to {half}" if props_total % 2 else f" = {half}"
    lines = [f"Healing: agitator {agitator.symbol} {a} + half of the props' {props_total} ({symbols(props) or 'none'})"
             f"{rounding} → {a + half} HP"]
    jailors = tuple(_of_suit(props, Suit.CLUBS))
    diamonds = tuple(_of_suit(props, Suit.DIAMONDS))
    potions = tuple(_of_suit(props, Suit.HEARTS))
    if jailors:
        lines.append(f"{noun(len(jailors), 'jailor')} to defeat first: {symbols(jailors)}")
    fee = 0
    fee_cards: tuple[Card, ...] = ()
    reward: tuple[Card, ...] = ()
    if diamonds and gratitude and jailors:
        reward = diamonds
        lines.append(f"gratitude: {symbols(diamonds)} is not a fee but a reward for freeing the Healer")
    elif diamonds:
        fee, fee_cards = total(diamonds), diamonds
        lines.append(f"fee: {_sum_line(list(diamonds))} → pay cards worth at least {fee}")
    if potions:
        lines.append(f"potions for the Hero's hand if healed: {symbols(potions)}")
    return HealerStats(heal=a + half, jailors=jailors, fee=fee, fee_cards=fee_cards, reward=reward,
                       potions=potions, explanation=tuple(lines))


def fee_paid(paid: int, fee: int) -> tuple[bool, str]:
    """Whether cards worth ``paid`` (any suit, bonuses included) pay a Healer's fee: they
    must equal or exceed it.

    >>> fee_paid(12, 12), fee_paid(9, 12)
    ((True, '12 pays the fee of 12'), (False, 'the cards are worth 9: the fee is 12'))
    """
    if paid >= fee:
        return True, f"{paid} pays the fee of {fee}"
    return False, f"the cards are worth {paid}: the fee is {fee}"


class ChestStats(Frozen):
    loot: tuple[Card, ...]
    traps: tuple[Card, ...]
    explanation: tuple[str, ...]


def chest(agitator: Card, props: Sequence[Card]) -> ChestStats:
    """Diamonds, clubs and hearts (agitator and props) are the loot; spade props are traps.

    >>> c = chest(card("4D"), cards("9S 2H")); (c.loot, c.traps)
    ((Card('4D'), Card('2H')), (Card('9S'),))
    """
    everything = (agitator, *props)
    loot = tuple(c for c in everything if c.suit in (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS))
    traps = tuple(c for c in props if c.suit == Suit.SPADES)
    lines = [f"the chest holds {symbols(loot) or 'nothing'}"]
    lines.append(f"{noun(len(traps), 'trap')} to disarm one at a time: {symbols(traps)}" if traps
                 else "no trap: the loot is the Hero's")
    return ChestStats(loot=loot, traps=traps, explanation=tuple(lines))


class DisarmAttempt(Frozen):
    hero_total: int
    trap_total: int
    result: str
    """"disarmed", "triggered" or "tie" """
    hp_loss: int
    explanation: tuple[str, ...]


def disarm_score(played: Sequence[Played], active: Iterable[Card] = (), element: Suit | None = None
                 ) -> tuple[int, tuple[str, ...]]:
    """A chest's disarm score: the value of the spades played on it (converted ones
    included), with the active Aces' and the element's bonus.

    >>> score, why = disarm_score(convert(cards("5S 7S"))[0], cards("AS"))
    >>> score, why[1], why[-1]
    (18, 'A♠ active (+50 %): half of 12 = 6 → 12 + 6 = 18', 'disarm score: 18')
    """
    pv = value_played(played, active, element)
    score = pv.values[Suit.SPADES]
    return score, pv.explanation + (f"disarm score: {score}",)


def disarm(trap_card: Card, disarm_score: int, hero_draw: int, trap_draw: int) -> DisarmAttempt:
    """One attempt: the Hero's score card + the disarm score against the trap's score card +
    the trap card's value. Higher Hero: disarmed; higher trap: triggered (HP − trap value);
    equal: still armed, not triggered.

    >>> disarm(card("9S"), 7, 4, 1).result, disarm(card("9S"), 0, 3, 5).hp_loss
    ('disarmed', 9)
    """
    tv = value(trap_card)
    h, t = disarm_score + hero_draw, tv + trap_draw
    lines = [f"Hero: disarm score {disarm_score} + score card {hero_draw} = {h}",
             f"trap {trap_card.symbol}: {tv} + score card {trap_draw} = {t}"]
    if h > t:
        lines.append(f"{h} beats {t}: the trap {trap_card.symbol} is disarmed")
        return DisarmAttempt(hero_total=h, trap_total=t, result="disarmed", hp_loss=0, explanation=tuple(lines))
    if t > h:
        lines.append(f"{t} beats {h}: the trap is triggered, the Hero loses {tv} HP (the trap card's value); "
                     "still armed")
        return DisarmAttempt(hero_total=h, trap_total=t, result="triggered", hp_loss=tv, explanation=tuple(lines))
    lines.append(f"{h} equals {t}: the trap is still armed but not triggered")
    return DisarmAttempt(hero_total=h, trap_total=t, result="tie", hp_loss=0, explanation=tuple(lines))


# --- Boss Battles --------------------------------------------------------------------------


class BossStats(Frozen):
    card: Card
    hp: int
    attack: int
    deal: int
    explanation: tuple[str, ...]


def boss_stack(stack: Sequence[Card], super_powers: bool = False, face_down: Iterable[int] = (),
               base: int = BOSS_BASE, base_deal: int = BOSS_DEAL) -> tuple[BossStats, ...]:
    """Every face card of the stack is a Boss; every other card of the stack (other Bosses
    included) is a prop to it: HP = 10 + heart props, Attack = 10 + club props (+2 per living
    Jack under super powers), Deal = 3 + one per spade prop. ``face_down``: positions of dead
    Bosses, which no longer act as props.

    The text's example stack:

    >>> [(b.card.symbol, b.hp, b.attack, b.deal) for b in boss_stack(cards("QH KS 7C 4D"))]
    [('Q♥', 10, 17, 4), ('K♠', 20, 17, 3)]
    """
    down = set(face_down)
    live = [(i, c) for i, c in enumerate(stack) if i not in down]
    bonus, jacks = jack_bonus(stack, down) if super_powers else (0, ())
    out = []
    for i, c in enumerate(stack):
        if not c.rank.is_face or i in down:
            continue
        props = [p for j, p in live if j != i]
        hearts, clubs, spades = (_of_suit(props, s) for s in (Suit.HEARTS, Suit.CLUBS, Suit.SPADES))
        hp = base + total(hearts)
        attack = base + total(clubs)
        lines = [f"{c.symbol} HP: {base} + heart props {_sum_line(hearts)} = {hp}"]
        attack_line = f"{c.symbol} Attack: {base} + club props {_sum_line(clubs)}"
        if jacks:
            attack += bonus
            attack_line += f" + {JACK_BOSS_BONUS} for each living Jack ({symbols(jacks)}) {bonus}"
        lines.append(f"{attack_line} = {attack}")
        deal = base_deal + len(spades)
        lines.append(f"{c.symbol} Deal: {base_deal} + {_count(spades, 'spade prop')} = {deal}")
        out.append(BossStats(card=c, hp=hp, attack=attack, deal=deal, explanation=tuple(lines)))
    return tuple(out)


def jack_bonus(stack: Sequence[Card], face_down: Iterable[int] = ()) -> tuple[int, tuple[Card, ...]]:
    """Super powers: +2 Attack to every Boss for each living Jack of the stack (``face_down``:
    positions of dead Bosses), and those Jacks.

    >>> jack_bonus(cards("JC QH JS 3S")), jack_bonus(cards("JC QH JS"), face_down=[0])[0]
    ((4, (Card('JC'), Card('JS'))), 2)
    """
    down = set(face_down)
    jacks = tuple(c for i, c in enumerate(stack) if i not in down and c.rank == Rank.JACK)
    return JACK_BOSS_BONUS * len(jacks), jacks


class Contestant(Frozen):
    """A player the super powers may force into a Boss Battle."""

    player: int
    name: str
    character: Suit
    active: tuple[Suit, ...] = ()


class Forced(Frozen):
    """A player a King or a Queen of the stack forces into the Boss Battle."""

    player: int
    side: int
    """0: the Hero's Ally; 1: against the Hero, with the Bosses"""
    by: Card
    """the King or Queen whose power forces them"""
    why: str


def forced_players(stack: Sequence[Card], players: Sequence[Contestant]) -> tuple[Forced, ...]:
    """The super powers, player by player (:func:`super_powers` gives the same as sides).

    >>> [(f.player, f.side, f.by.symbol) for f in forced_players(cards("QH KS"),
    ...     [Contestant(player=1, name="Bea", character=Suit.HEARTS)])]
    [(1, 0, 'K♠')]
    """
    kings = [c for c in stack if c.rank == Rank.KING]
    queens = [c for c in stack if c.rank == Rank.QUEEN]
    out: list[Forced] = []
    for p in players:
        king = next((k for k in kings if beats(k.suit, p.character)), None)
        if king is not None:
            out.append(Forced(player=p.player, side=0, by=king, why=(
                f"{king.symbol}: {p.name}'s Character is a {element_word(p.character)}, weak against "
                f"{king.suited.word} → {p.name} must fight as the Hero's Ally")))
            continue
        queen = next((q for q in queens if q.suit == p.character or q.suit in p.active), None)
        if queen is not None:
            where = "Character" if queen.suit == p.character else "active cards"
            out.append(Forced(player=p.player, side=1, by=queen, why=(
                f"{queen.symbol}: {p.name}'s {where} share the {element_word(queen.suited)} element → "
                f"{p.name} must fight against the Hero, with the Bosses")))
    return tuple(out)


def super_powers(stack: Sequence[Card], players: Sequence[Contestant]) -> tuple[dict[int, int], tuple[str, ...]]:
    """Who must fight, on which side: a King forces a player whose Character is weak to the
    King's element onto the Hero's side (0); a Queen forces a player with her element (the
    Character or any active card) onto the Bosses' side (1), unless a King already forced them.

    >>> sides, why = super_powers(cards("QH KS 7C 4D"), [
    ...     Contestant(player=1, name="Bea", character=Suit.HEARTS),
    ...     Contestant(player=2, name="Cy", character=Suit.CLUBS, active=(Suit.HEARTS,))])
    >>> sides
    {1: 0, 2: 1}
    """
    forced = forced_players(stack, players)
    return {f.player: f.side for f in forced}, tuple(f.why for f in forced)


# --- setup, levels and town ------------------------------------------------------------------


def starting_hp(drawn: Sequence[Card], base: int = 15) -> tuple[int, str]:
    """Initial HP: the base (15) plus the cards drawn.

    >>> starting_hp(cards("7H KS 2C"))
    (34, 'HP: 15 + 7♥ 7 + K♠ 10 + 2♣ 2 = 34')
    """
    hp = base + total(drawn)
    terms = " + ".join(f"{c.symbol} {value(c)}" for c in drawn)
    return hp, f"HP: {base}{' + ' + terms if terms else ''} = {hp}"


def props_for(
    base: int = 2, laps: int = 0, hp: int = 0, level_up_v1: bool = False, level_up_v2: bool = False,
    v2_start: int = 60, v2_step: int = 30,
) -> tuple[int, str]:
    """How many props an encounter has: the base, +1 per time play returned to the first
    Hero (Level Up v1), +1 per started 30 HP above 60 (Level Up v2).

    >>> [props_for(hp=h, level_up_v2=True)[0] for h in (60, 61, 90, 91, 120, 121)]
    [2, 3, 3, 4, 4, 5]
    >>> props_for(laps=3, level_up_v1=True)[0]
    5
    """
    n = base
    parts = [f"{base} props"]
    if level_up_v1 and laps:
        n += laps
        parts.append(f"+ {laps} for Level Up (play returned to the first Hero {plural(laps, 'time')})")
    if level_up_v2 and hp > v2_start:
        extra = -(-(hp - v2_start) // v2_step)
        n += extra
        parts.append(f"+ {extra} for Level Up ({hp} HP is above {v2_start})")
    return n, " ".join(parts) + (f" = {n}" if len(parts) > 1 else "")


def town_levy(hand_size: int, charity_below: int = 4, tax_above: int = 6) -> str | None:
    """"charity" (fewer than 4 cards, active ones included), "tax" (more than 6) or None.

    >>> town_levy(3), town_levy(4), town_levy(6), town_levy(7)
    ('charity', None, None, 'tax')
    """
    if hand_size < charity_below:
        return "charity"
    if hand_size > tax_above:
        return "tax"
    return None


class Purchase(Frozen):
    spent: int
    bought: int
    lost: int
    explanation: tuple[str, ...]


def shopping(diamonds: int, price: int = 8) -> Purchase:
    """New cards for diamonds: one per full price; what is left over is lost.

    >>> shopping(9).bought, shopping(18).bought, shopping(18).lost
    (1, 2, 2)
    """
    if price < 1:
        raise RuleError("a card costs at least 1 diamond")
    bought, lost = divmod(diamonds, price)
    lines = (
        f"{diamonds} diamonds at {price} a card → {plural(bought, 'new card')} "
        f"(costing {bought * price})" + (f", {lost} left over and lost" if lost else ""),
    )
    return Purchase(spent=diamonds, bought=bought, lost=lost, explanation=lines)


# --- the ways to win -------------------------------------------------------------------------


def full_court(held: Iterable[Card]) -> Suit | None:
    """The suit whose Jack, Queen and King are all held (hand and active cards), if any.

    >>> full_court(cards("JH QH KH 2C")), full_court(cards("JH QH KS"))
    (<Suit.HEARTS: 'H'>, None)
    """
    held = set(held)
    for s in SUITS:
        if all(Card.model_construct(rank=r, suit=s) in held for r in (Rank.JACK, Rank.QUEEN, Rank.KING)):
            return s
    return None


def elemental_union(held: Iterable[Card]) -> bool:
    """At least one face card of every suit (hand and active cards).

    >>> elemental_union(cards("JH QS KD JC")), elemental_union(cards("JH QS KD AC"))
    (True, False)
    """
    return {c.suit for c in held if c.rank.is_face} >= set(SUITS)


def master_of_the_elements(active: Iterable[Card]) -> bool:
    """At least one active card of every suit.

    >>> master_of_the_elements(cards("AH JS AD JC")), master_of_the_elements(cards("AH JS AD"))
    (True, False)
    """
    return {c.suit for c in active} >= set(SUITS)


__all__ = [
    "BattleRound", "BossStats", "ChestStats", "Clash", "Contender", "Contestant", "DisarmAttempt", "Duel",
    "Forced", "HealerStats", "MonsterStats", "PlayValue", "Played", "Purchase", "RoundFighter", "RuleError",
    "STRONG_AGAINST", "TrapOutcome", "TrapStats", "after_round", "battle_round", "beats", "boss_stack", "card", "cards",
    "check_suits", "chest", "convert", "deck_for", "disarm", "disarm_score", "draw_refusal", "duel",
    "duel_numbers", "elemental_union", "encounter_kind", "evasion_draw", "fee_paid", "flee_deal",
    "forced_players", "full_court", "half_up", "healer", "jack_bonus", "jailor", "master_of_the_elements",
    "monster", "packs_for", "play_value", "props_for", "shopping", "starting_hp", "super_powers", "tenths_up",
    "total", "town_levy", "trap", "trap_outcome", "value", "value_played",
]
