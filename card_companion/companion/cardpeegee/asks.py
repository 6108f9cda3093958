"""CardPeeGee's resolve-protocol asks: the game's numbers worked out for one question (cards
played, a combat round, a Monster, a Trap and its odds, a Healer, a chest's trap, the starting
HP, town, the props, a Boss stack, super powers, a fight's odds), each with its working."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, model_validator

from card_companion.calculators.cardpeegee import (
    BOSS_BASE,
    BOSS_DEAL,
    JACK_BOSS_BONUS,
    JOKERS_PER_PACK,
    Contestant,
    PlayValue,
    RoundFighter,
    RuleError,
    after_round,
    battle_round,
    boss_stack,
    check_suits,
    convert,
    disarm,
    disarm_score,
    draw_refusal,
    evasion_draw,
    fee_paid,
    flee_deal,
    forced_players,
    healer,
    jack_bonus,
    jailor,
    monster,
    play_value,
    props_for,
    shopping,
    starting_hp,
    town_levy,
    trap,
    trap_outcome,
    value,
    value_played,
)
from card_companion.calculators.cards import Card, Deck, Rank, Suit
from card_companion.calculators.words import plural, symbols
from card_companion.companion.ask import Answer, Ask, GrownAnswer
from card_companion.companion.cardpeegee.actions import score_total
from card_companion.companion.game import Frozen


class CardPeeGeeAsk(Ask):
    """Base of the CardPeeGee asks: the packs shuffled together (one per four players), so
    that no card is entered more often than the packs hold it, and no list is longer than
    the deck."""

    packs: int = Field(1, ge=1, le=16, description="packs shuffled together (one for every four players)")

    @model_validator(mode="after")
    def _no_blank_card(self) -> CardPeeGeeAsk:
        """PC War's blank card is in no CardPeeGee deck: refused before any rule reads it (a
        blank agitator is not "another encounter", a blank trap not "loot")."""
        def cards_in(x: Any) -> Iterator[Card]:
            if isinstance(x, Card):
                yield x
            elif isinstance(x, BaseModel):
                for v in x.__dict__.values():
                    yield from cards_in(v)
            elif isinstance(x, dict):
                for k, v in x.items():
                    yield from cards_in(k)
                    yield from cards_in(v)
            elif isinstance(x, (list, tuple)):
                for v in x:
                    yield from cards_in(v)

        if any(c.is_blank for c in cards_in(self)):
            raise ValueError("the blank card is not in the deck of CardPeeGee (only PC War's deck may hold it)")
        return self

    def cards_entered(self) -> list[Card]:
        return []

    def check_deck(self) -> None:
        deck = Deck(copies=self.packs, jokers=JOKERS_PER_PACK * self.packs)
        deck.check_copies(self.cards_entered(),
                          "CardPeeGee" + (f" with {self.packs} packs" if self.packs > 1 else " (one pack)"))


class PlayAsk(CardPeeGeeAsk):
    """The value of cards played: active Jacks first (``as``: card → suit), then the active
    Aces and the player's element."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["play"] = "play"
    cards: tuple[Card, ...] = Field(min_length=1)
    active: tuple[Card, ...] = ()
    element: Suit | None = None
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")
    in_fight: bool = False

    def cards_entered(self) -> list[Card]:
        return [*self.cards, *self.active]

    def answer(self) -> PlayAnswer:
        _check_active(self.active)
        self.check_deck()
        conversions = self.as_
        notes: tuple[str, ...] = ()
        stray = [c for c in conversions if c not in self.cards]
        if stray:
            conversions = {c: x for c, x in conversions.items() if c in self.cards}
            notes = (f"{symbols(stray)} {'is' if len(stray) == 1 else 'are'} not among the cards played: "
                     "no conversion",)
        r = play_value(self.cards, self.active, self.element, conversions, self.in_fight)
        return PlayAnswer(values={x.value: v for x, v in r.values.items()}, deal=r.deal,
                          explanation=list(notes + r.explanation))


class PlayAnswer(Answer):
    values: dict[str, int]
    deal: int


def _check_active(active: Sequence[Card]) -> None:
    wrong = [c.symbol for c in active if c.rank not in (Rank.JACK, Rank.ACE)]
    if wrong:
        raise RuleError(f"only Jacks and Aces can be active, not {', '.join(wrong)}")


def _played(cards: Sequence[Card], active: Sequence[Card], element: Suit | None, conversions: dict[Card, Suit],
            suits: tuple[Suit, ...] | None, purpose: str) -> PlayValue:
    """Cards played in one play outside a fight, checked as the tracker checks them (no Joker,
    the Jacks' conversions, only the suits the purpose takes) and valued with the bonuses."""
    if any(c.is_joker for c in cards):
        raise RuleError("a Joker does nothing: keep it")
    stray = [c for c in conversions if c not in cards]
    if stray:
        raise RuleError(f"{symbols(stray)} is not among the cards played")
    converted, lines = convert(cards, active, conversions)
    if suits is not None:
        check_suits(converted, suits, purpose)
    pv = value_played(converted, active, element)
    return pv.model_copy(update={"explanation": tuple(lines) + _no_deal(pv.explanation)})


def _no_deal(lines: Sequence[str]) -> tuple[str, ...]:
    """The working without the Deal line (spades played outside a fight add no Deal)."""
    return tuple(line for line in lines if not line.startswith("Deal: "))


class RoundEntry(Frozen):
    """One fighter of a round. Only ``attack`` and ``drawn`` are needed; the rest for a fight
    of several fighters, fleeing or healing."""

    name: str | None = Field(None, max_length=100)
    side: int | None = Field(None, ge=0, le=1, description="0: the Hero and Allies; 1: the Monster, jailors, "
                             "Bosses or the PvP defender's side")
    player: bool | None = Field(None, description="a player (default: yes on side 0, no on side 1; set true for "
                                "a PvP opponent or a player forced onto the Bosses' side)")
    attack: int = Field(ge=0)
    element: Suit | None = None
    deal: int | None = Field(None, ge=0, le=60, description="the fighter's Deal (checks the score cards; needed "
                             "to work out a fleeing player's penalty)")
    drawn: tuple[Card, ...] | Annotated[int, Field(ge=0)]
    fleeing: bool = Field(False, description="run away: a penalty round, Deal −1 (−2 when no other player "
                          "stays), no damage dealt")
    defending: bool = Field(False, description="heal and defend: a heart played this round, no damage dealt")
    hp: int | None = Field(None, ge=1, le=100_000, description="HP before the round (says who dies or escapes)")

    @property
    def plain(self) -> bool:
        return (self.name, self.side, self.player, self.deal, self.hp) == (None,) * 5 and not (
            self.fleeing or self.defending)


class CombatRoundAsk(CardPeeGeeAsk):
    """One round: every fighter against every opponent on the other side (2 to 64 fighters),
    the scores, each pairing's winner and the HP each fighter loses, all at once."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["combat-round"] = "combat-round"
    critical_strikes: bool = False
    boss_battle: bool = Field(False, description="a Boss Battle (may not be escaped)")
    fighters: tuple[RoundEntry, ...] = Field(min_length=2, max_length=64)

    def cards_entered(self) -> list[Card]:
        return [c for f in self.fighters if not isinstance(f.drawn, int) for c in f.drawn]

    def answer(self) -> CombatRoundAnswer:
        self.check_deck()
        fs = self.fighters
        n = len(fs)
        plain = n == 2 and all(f.plain for f in fs) and not self.boss_battle
        names = [f.name or f"Fighter {i + 1}" for i, f in enumerate(fs)]
        given = [f.side for f in fs if f.side is not None]
        if not given and n == 2:
            sides = [0, 1]
        elif len(given) != n:
            raise RuleError("give every fighter's side (0: the Hero and Allies, 1: their opponents)"
                            + (" when more than two fight" if n > 2 and not given else ""))
        else:
            sides = list(given)
        if len(set(sides)) < 2:
            raise RuleError("a round needs a fighter on each side (0: the Hero and Allies, 1: their opponents)")
        players = [f.player if f.player is not None else side == 0 for f, side in zip(fs, sides)]
        lines: list[str] = []
        deals: list[int | None] = []
        fighters: list[RoundFighter] = []
        for i, f in enumerate(fs):
            name = names[i]
            if (f.fleeing or f.defending) and not players[i]:
                what = "flee" if f.fleeing else "heal and defend"
                raise RuleError(f"{name} is not a player: only players can {what} (a Monster, jailor or Boss "
                                "fights on)")
            if f.fleeing and self.boss_battle:
                raise RuleError("a Boss Battle may not be escaped")
            deal = f.deal
            if f.fleeing:
                if deal is None:
                    raise RuleError(f"{name} flees: give their Deal, so that the penalty round's Deal can be "
                                    "worked out")
                others = any(players[j] and not fs[j].fleeing for j in range(n) if j != i)
                deal, why = flee_deal(deal, others)
                lines.append(f"{name} flees: {why}; they take damage as normal if they lose, but deal none")
            drawn, shown = score_total(f.drawn)
            if deal is not None:
                refusal = draw_refusal(deal, drawn, shown, name, why=f" (Deal {deal})")
                if refusal:
                    raise RuleError(refusal)
            if f.defending:
                lines.append(f"{name} heals and defends: no damage dealt this round")
            deals.append(deal)
            no_damage = "fleeing" if f.fleeing else ("healing and defending" if f.defending else "")
            fighters.append(RoundFighter(name=name, side=sides[i], attack=f.attack, element=f.element, drawn=drawn,
                                         cards=shown, deals_damage=not no_damage, why_no_damage=no_damage))
        r = battle_round(fighters, self.critical_strikes)
        hp_after = [None if f.hp is None else f.hp - loss for f, loss in zip(fs, r.hp_loss)]
        outs = [None if hp is None else after_round(hp, f.fleeing) for f, hp in zip(fs, hp_after)]
        after = [f"{names[i]}: {fs[i].hp} − {r.hp_loss[i]} = {hp} HP" + {"dead": ", dead", "fled": ", escapes",
                                                                         "": ""}[out or ""]
                 for i, (hp, out) in enumerate(zip(hp_after, outs)) if hp is not None]
        clashes = [ClashEntry(fighters=[c.a, c.b], scores=list(c.duel.scores),
                              winner=None if c.duel.winner is None else (c.a, c.b)[c.duel.winner],
                              damage=c.duel.damage, critical=c.duel.critical or None) for c in r.clashes]
        if n == 2:
            scores, winner = clashes[0].scores, clashes[0].winner
            if sides[0] == 1:
                scores = scores[::-1]
        else:
            scores, winner = list(r.raw_scores), None
        answer = CombatRoundAnswer(scores=scores, winner=winner, hp_loss=list(r.hp_loss),
                                   raw_scores=list(r.raw_scores), names=names, sides=sides, deals=deals,
                                   clashes=clashes, hp_after=hp_after, out=outs,
                                   explanation=lines + list(r.explanation) + after)
        return answer.without(*CombatRoundAnswer.grown) if plain else answer


class ClashEntry(Frozen):
    fighters: list[int]
    """the two fighters (positions in the request): the Hero's side first"""
    scores: list[int]
    """their round scores, after the element boost of this pairing"""
    winner: int | None
    """the fighter who won the pairing; None on a tie"""
    damage: int
    """the HP the loser lost to the winner (0 when the winner deals no damage)"""
    critical: str | None = None


class CombatRoundAnswer(GrownAnswer):
    grown: ClassVar[tuple[str, ...]] = ("raw_scores", "names", "sides", "deals", "clashes", "hp_after", "out")
    scores: list[int]
    """two fighters: after the element boost; more: Attack + score cards (the boost is pair by pair)"""
    winner: int | None
    """two fighters: the winner, None on a tie; more: None (see clashes)"""
    hp_loss: list[int]
    raw_scores: list[int] | None = None
    names: list[str] | None = None
    sides: list[int] | None = None
    deals: list[int | None] | None = None
    """the Deal each fighter drew for (a fleeing player's after the penalty); None when not given"""
    clashes: list[ClashEntry] | None = None
    hp_after: list[int | None] | None = None
    """HP after the round, for the fighters whose HP was given"""
    out: list[Literal["", "dead", "fled"] | None] | None = None
    """"dead" at 0 HP or below, "fled" for a fleeing fighter who survives, "" still fighting"""


class MonsterAsk(CardPeeGeeAsk):
    """A Monster's HP, Attack and Deal from its agitator and props."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["monster"] = "monster"
    agitator: Card
    props: tuple[Card, ...] = ()
    beast: Card | None = None

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *([self.beast] if self.beast else [])]

    def answer(self) -> MonsterAnswer:
        if self.agitator.suit != Suit.CLUBS:
            raise RuleError(f"a Monster's agitator is a club; {self.agitator.symbol} starts another encounter")
        self.check_deck()
        m = monster(self.agitator, self.props, self.beast)
        assert m.element is not None  # monster() with Elements on (its default) always gives one
        return MonsterAnswer(hp=m.hp, attack=m.attack, deal=m.deal, element=m.element.value,
                             explanation=list(m.explanation))


class MonsterAnswer(Answer):
    hp: int
    attack: int
    deal: int
    element: str


class TrapAsk(CardPeeGeeAsk):
    """A Trap's difficulty and damage, and the HP the evasion draw leaves the Hero to lose;
    ``active`` checks the draw (one card plus one per active card); ``crafty``: spades played
    after a successful evasion take their value off the damage."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["trap"] = "trap"
    agitator: Card
    props: tuple[Card, ...] = ()
    evasion: tuple[Card, ...] | Annotated[int, Field(ge=0)]
    active: tuple[Card, ...] | Annotated[int, Field(ge=0, le=64)] | None = Field(
        None, description="the Hero's active cards (or how many): the evasion draw is 1 + that many cards")
    crafty: tuple[Card, ...] | None = Field(None, description="crafty evasion: the spades played after evading")
    element: Suit | None = Field(None, description="the Hero's element (+20 % on the crafty spades)")
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as", description="crafty cards an active Jack "
                                  "converts to spades")

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *(() if isinstance(self.evasion, int) else self.evasion),
                *(() if self.active is None or isinstance(self.active, int) else self.active), *(self.crafty or ())]

    def answer(self) -> TrapAnswer:
        if self.agitator.suit != Suit.SPADES:
            what = ("a Joker does nothing" if self.agitator.is_joker
                    else f"{self.agitator.symbol} starts another encounter")
            raise RuleError(f"a Trap's agitator is a spade; {what}")
        if self.evasion == ():
            raise RuleError("the evasion draw is at least one card: one, plus one per active card")
        active = () if self.active is None or isinstance(self.active, int) else self.active
        _check_active(active)
        self.check_deck()
        t = trap(self.agitator, self.props)
        drawn, shown = score_total(self.evasion)
        lines = list(t.explanation)
        draw = None
        if self.active is not None:
            n_active = self.active if isinstance(self.active, int) else len(self.active)
            draw = evasion_draw(n_active)
            refusal = draw_refusal(draw, drawn, shown, "the Hero", "card", " (one plus one per active card)")
            if refusal:
                raise RuleError(refusal)
            lines.append(f"the Hero draws {plural(draw, 'card')} to evade: one plus one per active card")
        crafty = None
        crafty_lines: list[str] = []
        if self.crafty is not None:
            if not self.crafty:
                raise RuleError("crafty evasion: give the spades played (or leave out \"crafty\")")
            pv = _played(self.crafty, active, self.element, self.as_, (Suit.SPADES,), "crafty evasion")
            crafty = pv.values[Suit.SPADES]
            first = trap_outcome(t, drawn, evasion_cards=shown)
            if not first.evaded:
                raise RuleError(f"crafty evasion needs a successful evasion first: {first.explanation[-2]}")
            crafty_lines = list(pv.explanation)
        elif self.as_:
            raise RuleError("\"as\" converts crafty evasion cards: give \"crafty\" too")
        o = trap_outcome(t, drawn, crafty=crafty or 0, evasion_cards=shown)
        lines += [*o.explanation[:2], *crafty_lines, *o.explanation[2:]]
        answer = TrapAnswer(difficulty=t.difficulty, damage=t.damage, evasion=drawn, hp_loss=o.hp_loss,
                            evaded=o.evaded, draw=draw, crafty=crafty, explanation=lines)
        return answer.without(*(k for k, v in (("evaded", self.active is None and self.crafty is None),
                                               ("draw", draw is None), ("crafty", crafty is None)) if v))


class TrapAnswer(GrownAnswer):
    difficulty: int
    damage: int
    evasion: int
    hp_loss: int
    evaded: bool | None = None
    """evasion higher than the difficulty (crafty evasion possible); given with active or crafty"""
    draw: int | None = None
    """the cards of the evasion draw (given with active)"""
    crafty: int | None = None
    """the crafty spades' value"""


class HealerAsk(CardPeeGeeAsk):
    """A Healer from its agitator and props: the healing, the jailors to defeat first (with
    their HP, Attack and Deal), the fee (or, under gratitude with a jailor, the reward) and
    the potions; ``paid``: the cards the Hero plays for the fee (any suit), and whether they
    cover it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["healer"] = "healer"
    agitator: Card
    props: tuple[Card, ...] = Field((), max_length=16 * 54)
    gratitude: bool = False
    elements: bool = Field(True, description="playing with Elements (a jailor's element is clubs)")
    paid: tuple[Card, ...] | None = Field(None, max_length=16 * 54, description="the cards played for the fee")
    active: tuple[Card, ...] = Field((), max_length=8, description="the Hero's active Jacks and Aces")
    element: Suit | None = Field(None, description="the Hero's element (+20 % on played cards of that suit)")
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *(self.paid or ()), *self.active]

    def answer(self) -> HealerAnswer:
        if self.agitator.suit != Suit.HEARTS:
            raise RuleError(f"a Healer's agitator is a heart; {self.agitator.symbol} starts another encounter")
        _check_active(self.active)
        self.check_deck()
        h = healer(self.agitator, self.props, self.gratitude)
        lines = list(h.explanation)
        stats = []
        for j in h.jailors:
            js = jailor(j, self.elements)
            lines += js.explanation
            stats.append(JailorEntry(card=j, hp=js.hp, attack=js.attack, deal=js.deal,
                                     element=js.element.value if js.element else None))
        paid = covered = None
        if self.paid is not None:
            if not self.paid:
                raise RuleError("give the cards played for the fee (or leave out \"paid\")")
            pv = _played(self.paid, self.active, self.element, self.as_, None, "the fee")
            paid = pv.total
            lines += pv.explanation
            if h.fee:
                covered, why = fee_paid(paid, h.fee)
                lines.append(why)
            else:
                covered = True
                lines.append("there is no fee to pay: the cards are not needed")
        elif self.as_:
            raise RuleError("\"as\" converts cards paid for the fee: give \"paid\" too")
        answer = HealerAnswer(heal=h.heal, jailors=list(h.jailors), fee=h.fee, reward=list(h.reward),
                              potions=list(h.potions), jailor_stats=stats, paid=paid, fee_covered=covered,
                              explanation=lines)
        return answer.without(*(("paid", "fee_covered") if paid is None else ()))


class JailorEntry(Frozen):
    card: Card
    hp: int
    attack: int
    deal: int
    element: str | None


class HealerAnswer(GrownAnswer):
    heal: int
    jailors: list[Card]
    fee: int
    reward: list[Card]
    potions: list[Card]
    jailor_stats: list[JailorEntry]
    """each jailor as it fights: base values only"""
    paid: int | None = None
    """the value of the cards paid (any suit, bonuses included)"""
    fee_covered: bool | None = None


class DisarmAsk(CardPeeGeeAsk):
    """One attempt at a chest's trap: the Hero's score card + the disarm score against the
    trap's score card + the trap card's value. The disarm score is given, or worked out from
    the ``spades`` played on the chest (with the active Aces and the element)."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["disarm"] = "disarm"
    trap: Card
    disarm_score: int | None = Field(None, ge=0, le=200, description="the Hero's disarm score (instead of spades)")
    spades: tuple[Card, ...] | None = Field(None, max_length=16 * 54,
                                            description="the cards played on the chest (spades, or converted)")
    active: tuple[Card, ...] = Field((), max_length=8, description="the Hero's active Jacks and Aces")
    element: Suit | None = None
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")
    hero_draw: Card | Annotated[int, Field(ge=0, le=11)] = Field(description="the Hero's score card (or its value)")
    trap_draw: Card | Annotated[int, Field(ge=0, le=11)] = Field(description="the trap's score card (or its value)")

    def cards_entered(self) -> list[Card]:
        draws = [c for c in (self.hero_draw, self.trap_draw) if isinstance(c, Card)]
        return [self.trap, *(self.spades or ()), *self.active, *draws]

    def answer(self) -> DisarmAnswer:
        if self.trap.suit != Suit.SPADES:
            raise RuleError(f"a chest's traps are its spade props; {self.trap.symbol} is loot")
        if (self.disarm_score is None) == (self.spades is None):
            raise RuleError("give the disarm score, or the spades played on the chest (\"spades\"), not both")
        _check_active(self.active)
        self.check_deck()
        lines: list[str] = []
        score = self.disarm_score
        if self.spades is not None:
            if self.spades:
                pv = _played(self.spades, self.active, self.element, self.as_, (Suit.SPADES,), "disarming")
                score, working = disarm_score(pv.played, self.active, self.element)
                lines += _no_deal(pv.explanation) + (working[-1],)
            else:
                score = 0
                lines.append("no spades played: disarm score 0")
        elif self.as_:
            raise RuleError("\"as\" converts cards played on the chest: give \"spades\" too")
        hero, trap_ = (value(d) if isinstance(d, Card) else d for d in (self.hero_draw, self.trap_draw))
        d = disarm(self.trap, score or 0, hero, trap_)
        answer = DisarmAnswer(result=d.result, hp_loss=d.hp_loss, disarm_score=score or 0,
                              explanation=lines + list(d.explanation))
        return answer.without(*(("disarm_score",) if self.spades is None else ()))


class DisarmAnswer(GrownAnswer):
    result: Literal["disarmed", "triggered", "tie"]
    hp_loss: int
    disarm_score: int | None = None
    """worked out from the spades played (given with spades)"""


class StartingHpAsk(CardPeeGeeAsk):
    """A Hero's starting HP: the base plus the cards drawn for it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["starting-hp"] = "starting-hp"
    cards: tuple[Card, ...] = Field(max_length=5)
    base: int = Field(15, ge=1, le=100)

    def cards_entered(self) -> list[Card]:
        return list(self.cards)

    def answer(self) -> StartingHpAnswer:
        self.check_deck()
        hp, line = starting_hp(self.cards, self.base)
        return StartingHpAnswer(hp=hp, explanation=[line])


class StartingHpAnswer(Answer):
    hp: int


class TownAsk(CardPeeGeeAsk):
    """A Hero in town: charity (fewer cards than ``charity_below``, active ones included) or tax
    (more than ``tax_above``) from ``held``; shopping (``shop``: the diamonds played, a new card
    for every ``price`` diamonds, the rest lost); potions (``heal``: the hearts played, their
    value in HP). Active Jacks and Aces and the element work as usual."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["town"] = "town"
    held: int | None = Field(None, ge=0, le=16 * 54, description="cards the Hero holds: hand and active")
    charity_below: int = Field(4, ge=0, le=20)
    tax_above: int = Field(6, ge=0, le=100)
    shop: tuple[Card, ...] | None = Field(None, max_length=16 * 54, description="the diamonds played to shop")
    price: int = Field(8, ge=1, le=100, description="diamonds a new card costs")
    heal: tuple[Card, ...] | None = Field(None, max_length=16 * 54, description="the potions (hearts) played")
    active: tuple[Card, ...] = Field((), max_length=8, description="the Hero's active Jacks and Aces")
    element: Suit | None = None
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")

    def cards_entered(self) -> list[Card]:
        return [*(self.shop or ()), *(self.heal or ()), *self.active]

    def answer(self) -> TownAnswer:
        if self.held is None and self.shop is None and self.heal is None:
            raise RuleError("ask about charity and tax (\"held\"), shopping (\"shop\") or potions (\"heal\")")
        _check_active(self.active)
        self.check_deck()
        lines: list[str] = []
        levy = None
        if self.held is not None:
            levy = town_levy(self.held, self.charity_below, self.tax_above)
            lines.append({
                "charity": f"{self.held} cards, fewer than {self.charity_below}: charity, one card from the deck",
                "tax": f"{self.held} cards, more than {self.tax_above}: tax, one card back to the deck",
                None: f"{self.held} cards: neither charity (below {self.charity_below}) nor tax "
                      f"(above {self.tax_above})"}[levy])
        diamonds = bought = lost = healed = None
        known = set(self.shop or ()) | set(self.heal or ())
        stray = [c for c in self.as_ if c not in known]
        if stray:
            raise RuleError(f"{symbols(stray)} is not among the cards played")
        if self.shop is not None:
            if not self.shop:
                raise RuleError("give the diamonds played to shop (or leave out \"shop\")")
            conv = {c: x for c, x in self.as_.items() if c in self.shop}
            pv = _played(self.shop, self.active, self.element, conv, (Suit.DIAMONDS,), "shopping")
            diamonds = pv.values[Suit.DIAMONDS]
            buy = shopping(diamonds, self.price)
            bought, lost = buy.bought, buy.lost
            lines += [*pv.explanation, *buy.explanation]
        if self.heal is not None:
            if not self.heal:
                raise RuleError("give the hearts played as potions (or leave out \"heal\")")
            conv = {c: x for c, x in self.as_.items() if c in self.heal}
            pv = _played(self.heal, self.active, self.element, conv, (Suit.HEARTS,), "healing")
            healed = pv.values[Suit.HEARTS]
            lines += [*pv.explanation, f"potions: the Hero heals {healed} HP"]
        answer = TownAnswer(levy=levy, diamonds=diamonds, bought=bought, lost=lost, healed=healed,
                            explanation=lines)
        return answer.without(*(("levy",) if self.held is None else ()),
                              *(("diamonds", "bought", "lost") if self.shop is None else ()),
                              *(("healed",) if self.heal is None else ()))


class TownAnswer(GrownAnswer):
    levy: Literal["charity", "tax"] | None = None
    diamonds: int | None = None
    """the diamonds spent: the shopping cards' value, bonuses included"""
    bought: int | None = None
    """new cards from the deck"""
    lost: int | None = None
    """diamonds left over, lost"""
    healed: int | None = None
    """HP the potions restore"""


class PropsAsk(CardPeeGeeAsk):
    """The props of the next encounter: the base, Level Up v1 (+1 per lap) and v2 (+1 per
    started step of HP above the threshold)."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["props"] = "props"
    base: int = Field(2, ge=0, le=6)
    laps: int = Field(0, ge=0, le=1000)
    hp: int = Field(0, ge=0, le=10_000)
    level_up_v1: bool = False
    level_up_v2: bool = False
    v2_start: int = Field(60, ge=1, le=500)
    v2_step: int = Field(30, ge=1, le=500)

    def answer(self) -> PropsAnswer:
        n, why = props_for(self.base, self.laps, self.hp, self.level_up_v1, self.level_up_v2, self.v2_start,
                           self.v2_step)
        return PropsAnswer(props=n, explanation=[why])


class PropsAnswer(Answer):
    props: int


class BossEntry(Frozen):
    card: Card
    hp: int
    attack: int
    deal: int


class BossStackAsk(CardPeeGeeAsk):
    """Each Boss of a stack: HP, Attack and Deal (``super_powers``: Jacks give +2 Attack)."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["boss-stack"] = "boss-stack"
    cards: tuple[Card, ...] = Field(min_length=1, max_length=16 * 54)
    super_powers: bool = False

    def cards_entered(self) -> list[Card]:
        return list(self.cards)

    def answer(self) -> BossStackAnswer:
        self.check_deck()
        bosses = boss_stack(self.cards, self.super_powers)
        if not bosses:
            raise RuleError("a Boss stack needs at least one face card (every face card is a Boss)")
        lines = [line for b in bosses for line in b.explanation]
        jacks = [c for c in self.cards if c.rank == Rank.JACK]
        if jacks and not self.super_powers:
            lines.append("super powers off: Jacks give no +2 Attack")
        return BossStackAnswer(
            bosses=[BossEntry(card=b.card, hp=b.hp, attack=b.attack, deal=b.deal) for b in bosses],
            explanation=lines)


class BossStackAnswer(Answer):
    bosses: list[BossEntry]


class PowerPlayer(Frozen):
    name: str | None = Field(None, max_length=100)
    character: Card
    active: tuple[Card, ...] = Field((), max_length=8, description="the player's active Jacks and Aces")


class SuperPowersAsk(CardPeeGeeAsk):
    """Boss super powers for a table: who the stack's Kings force onto the Hero's side, who its
    Queens force onto the Bosses' side, and the Jacks' Attack bonus for every Boss."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["super-powers"] = "super-powers"
    stack: tuple[Card, ...] = Field(min_length=1, max_length=16 * 54, description="the Boss stack")
    players: tuple[PowerPlayer, ...] = Field(min_length=1, max_length=64, description="every living player, "
                                             "in turn order, with their Character and active cards")
    hero: int = Field(0, ge=0, le=63, description="which player is the Hero (never forced)")
    boss_base: int = Field(BOSS_BASE, ge=0, le=100)
    boss_deal: int = Field(BOSS_DEAL, ge=0, le=60)

    def cards_entered(self) -> list[Card]:
        return [*self.stack, *(c for p in self.players for c in (p.character, *p.active))]

    def answer(self) -> SuperPowersAnswer:
        if self.hero >= len(self.players):
            raise RuleError(f"the Hero is one of the players: 0 to {len(self.players) - 1}")
        names = [p.name or f"Player {i}" for i, p in enumerate(self.players)]
        for name, p in zip(names, self.players):
            if p.character.is_joker:
                raise RuleError(f"{name}: a Joker cannot be a Character")
            _check_active(p.active)
        self.check_deck()
        bosses = boss_stack(self.stack, True, base=self.boss_base, base_deal=self.boss_deal)
        if not bosses:
            raise RuleError("a Boss stack needs at least one face card (every face card is a Boss)")
        others = [Contestant(player=i, name=names[i], character=p.character.suited,
                             active=tuple(c.suited for c in p.active))
                  for i, p in enumerate(self.players) if i != self.hero]
        forced = {f.player: f for f in forced_players(self.stack, others)}
        bonus, jacks = jack_bonus(self.stack)
        lines = [f"{names[self.hero]} is the Hero: never forced"]
        lines += [forced[i].why for i in sorted(forced)]
        free = [names[i] for i in range(len(self.players)) if i != self.hero and i not in forced]
        if free:
            lines.append(f"no power forces {' or '.join(free)}: they may join only by Cry for help")
        if jacks:
            lines.append(f"{symbols(jacks)}: +{JACK_BOSS_BONUS} Attack for every Boss per Jack → +{bonus}")
        else:
            lines.append("no Jack in the stack: no Attack bonus")
        lines += [line for b in bosses for line in b.explanation]
        entries = []
        for i, name in enumerate(names):
            f = forced.get(i)
            side: Literal["hero", "bosses"] | None = "hero" if i == self.hero or (f and f.side == 0) else (
                "bosses" if f else None)
            entries.append(PowerEntry(player=i, name=name, side=side, forced=f is not None,
                                      by=f.by if f else None))
        return SuperPowersAnswer(
            players=entries, attack_bonus=bonus, jacks=list(jacks),
            bosses=[BossEntry(card=b.card, hp=b.hp, attack=b.attack, deal=b.deal) for b in bosses],
            explanation=lines)


class PowerEntry(Frozen):
    player: int
    name: str
    side: Literal["hero", "bosses"] | None
    """the side the player fights on: the Hero's, the Bosses', None when free to stay out"""
    forced: bool
    by: Card | None
    """the King or Queen that forces them"""


class SuperPowersAnswer(Answer):
    players: list[PowerEntry]
    attack_bonus: int
    """every Boss's Attack bonus from the Jacks (already in bosses' attack)"""
    jacks: list[Card]
    bosses: list[BossEntry]
    """each Boss with super powers on"""
