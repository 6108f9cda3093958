"""Boss Battles: the stack's Bosses and the super powers of its Kings, Queens and Jacks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from card_companion.calculators.cardpeegee.values import (
    BOSS_BASE,
    BOSS_DEAL,
    JACK_BOSS_BONUS,
    Frozen,
    _count,
    _of_suit,
    _sum_line,
    beats,
    element_word,
    total,
)
from card_companion.calculators.cards import Card, Rank, Suit, card, cards  # noqa: F401 (the doctests' names)
from card_companion.calculators.words import symbols


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
