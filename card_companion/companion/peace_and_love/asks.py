"""Peace and Love's resolve-protocol asks: one round of a fight, its odds with one played card
unknown, the packs for a table, who starts, a player's own hand's odds, and the final score."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cards import Card, Deck, count
from card_companion.calculators.odds import MAX_HIDDEN, SYMMETRY, best_cards, peace_and_love_fight_odds, percent
from card_companion.calculators.peace_and_love import (
    Entry,
    FightRound,
    decks_for,
    final_score,
    pile_score,
    pile_total,
    resolve_round,
    value,
)
from card_companion.companion.ask import Answer, Ask
from card_companion.companion.game import Frozen
from card_companion.companion.peace_and_love.queries import deal_counts
from card_companion.companion.peace_and_love.state import DEAL, FIGHTERS, HAND


class FighterRef(Frozen):
    player: int
    fighter: Card


class FightAsk(Ask, FightRound):
    """One round of a Peace and Love fight (two or more fighters)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["fight"] = "fight"
    decks: int | None = Field(None, ge=1, le=32, description="packs shuffled together (default: the number "
                              "the rules give for this many players)")

    def answer(self) -> FightAnswer:
        decks = self.decks or decks_for(self.players)
        Deck(copies=decks).check_copies([c for e in self.fighters for c in (e.fighter, e.card)], "Peace and Love"
                                        + (f" with {decks} packs" if decks > 1 else ""))
        r = resolve_round(self)
        loser, winner = self.fighters[r.loser], self.fighters[r.winner]
        return FightAnswer(
            results=r.results,
            trumps=r.trumps,
            lowest_wins=r.lowest_wins,
            loser=FighterRef(player=loser.player, fighter=loser.fighter),
            winner=FighterRef(player=winner.player, fighter=winner.fighter),
            taken_by=winner.player,
            explanation=r.explanation,
        )


class FightAnswer(Answer):
    results: list[int]
    trumps: int
    lowest_wins: bool
    loser: FighterRef
    winner: FighterRef
    taken_by: int


class OddsEntry(Frozen):
    player: int = Field(ge=0)
    fighter: Card
    card: Card | None = None


class FightOddsAsk(Ask):
    """A round with exactly one played card unknown: each fighter's chance to lose, counted
    over the unknown cards (``unknown``: the cards the players have not seen)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["fight-odds"] = "fight-odds"
    players: int = Field(ge=2, le=64)
    attacker: int = Field(ge=0)
    defender: int = Field(ge=0)
    fighters: list[OddsEntry] = Field(min_length=2, max_length=64)
    unknown: list[Card] = Field(min_length=1, max_length=64 * 52)

    def answer(self) -> FightOddsAnswer:
        hidden = [i for i, e in enumerate(self.fighters) if e.card is None]
        if len(hidden) != 1:
            raise ValueError(f"exactly one fighter's card is unknown (leave out its \"card\"), not {len(hidden)}")
        Deck(copies=decks_for(self.players)).check_copies(
            [*(c for e in self.fighters for c in (e.fighter, e.card) if c is not None), *self.unknown],
            "Peace and Love")
        placeholder = self.fighters[hidden[0]].fighter  # replaced by each unknown card in turn
        fight = FightRound(players=self.players, attacker=self.attacker, defender=self.defender,
                           fighters=[Entry(player=e.player, fighter=e.fighter, card=e.card or placeholder)
                                     for e in self.fighters])
        o = peace_and_love_fight_odds(fight, hidden[0], self.unknown)
        return FightOddsAnswer(loses=[float(p) for p in o.loses], counted=o.counted, explanation=o.explanation)


class FightOddsAnswer(Answer):
    loses: list[float]
    counted: int


class DecksAsk(Ask):
    """The packs shuffled together for a table, the cards in all, and the deck after the deal
    (five in hand and three fighters each)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["decks"] = "decks"
    players: int = Field(ge=2, le=64)

    def answer(self) -> DecksAnswer:
        n = self.players
        decks, cards, left = deal_counts(n)
        rule = ("two players use one pack" if n == 2 else "three to five players use two packs" if n <= 5
                else f"six or more players use one pack for every two players: {n} ÷ 2 = {decks}"
                + (" (rounded down)" if n % 2 else ""))
        return DecksAnswer(decks=decks, cards=cards, deck_after_deal=left, explanation=[
            rule, f"{decks} × 52 = {cards} cards",
            f"each player gets {HAND} in hand and {FIGHTERS} fighters: {cards} − {DEAL} × {n} = {left} in the deck"])


class DecksAnswer(Answer):
    decks: int
    cards: int
    deck_after_deal: int


class FirstPlayerAsk(Ask):
    """Who starts, from each player's three face-up fighters: the lowest total (a tie is
    picked at random among the tied players)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["first-player"] = "first-player"
    fighters: list[tuple[Card, Card, Card]] = Field(min_length=2, max_length=64)

    def answer(self) -> FirstPlayerAnswer:
        if any(c.is_joker for three in self.fighters for c in three):
            raise ValueError("Peace and Love is played without jokers")
        Deck(copies=decks_for(len(self.fighters))).check_copies(
            [c for three in self.fighters for c in three], "Peace and Love")
        totals = [sum(value(c) for c in three) for three in self.fighters]
        low = min(totals)
        tied = [i for i, t in enumerate(totals) if t == low]
        lines = [f"Player {i}: {' + '.join(str(value(c)) for c in three)} = {t}"
                 for i, (three, t) in enumerate(zip(self.fighters, totals))]
        if len(tied) == 1:
            lines.append(f"the lowest total is {low}: player {tied[0]} starts")
        else:
            lines.append(f"players {' and '.join(map(str, tied))} tie for the lowest total ({low}): "
                         "pick one of them at random")
        return FirstPlayerAnswer(totals=totals, starts=tied[0] if len(tied) == 1 else None, tied=tied,
                                 explanation=lines)


class FirstPlayerAnswer(Answer):
    totals: list[int]
    starts: int | None
    tied: list[int]


class HandOddsAsk(Ask):
    """A player's own choice: each card of ``hand`` tried on ``player``'s fighter (no played card
    yet) against the other unknown played cards (one, or two in a fight of three); best first."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["hand-odds"] = "hand-odds"
    players: int = Field(ge=2, le=64)
    attacker: int = Field(ge=0)
    defender: int = Field(ge=0)
    fighters: list[OddsEntry] = Field(min_length=2, max_length=64)
    player: int = Field(ge=0, description="whose hand: that player's fighter has no \"card\" yet")
    hand: list[Card] = Field(min_length=1, max_length=64)
    unknown: list[Card] = Field(min_length=1, max_length=64 * 52)

    def answer(self) -> HandOddsAnswer:
        mine = [i for i, e in enumerate(self.fighters) if e.player == self.player]
        if not mine:
            raise ValueError(f"player {self.player} has no fighter in this fight")
        if self.fighters[mine[0]].card is not None:
            raise ValueError(f"player {self.player}'s fighter already has a played card: leave out its \"card\"")
        hidden = [i for i, e in enumerate(self.fighters) if e.card is None and i != mine[0]]
        if not 1 <= len(hidden) <= MAX_HIDDEN:
            raise ValueError(f"one or two other fighters' cards are unknown (leave out their \"card\"), "
                             f"not {len(hidden)}")
        Deck(copies=decks_for(self.players)).check_copies(
            [*(c for e in self.fighters for c in (e.fighter, e.card) if c is not None), *self.hand, *self.unknown],
            "Peace and Love")
        fight = FightRound(players=self.players, attacker=self.attacker, defender=self.defender,
                           fighters=[Entry(player=e.player, fighter=e.fighter, card=e.card or e.fighter)
                                     for e in self.fighters])
        ranked = best_cards(fight, mine[0], hidden, self.hand, self.unknown)
        me = self.fighters[mine[0]]
        lines = [f"each card of player {self.player}'s hand played on {me.fighter.symbol}, against every one of the "
                 f"{len(self.unknown)} unknown cards the other {'card' if len(hidden) == 1 else 'two cards'} can be "
                 f"({'each once' if len(hidden) == 1 else 'two different ones, every pair once'}): "
                 "the chance of not losing the round",
                 SYMMETRY, *(f"play {c.symbol}: wins {percent(float(p))}" for c, p in ranked)]
        return HandOddsAnswer(cards=[HandCard(card=c, wins=float(p)) for c, p in ranked], explanation=lines)


class HandCard(Frozen):
    card: Card
    wins: float
    """the chance the fighter does not lose the round with this card"""


class HandOddsAnswer(Answer):
    cards: list[HandCard]
    """best first"""


class PileEntry(Frozen):
    """One player's victory pile at the end: its cards, or its points and card count."""

    name: str | None = Field(None, max_length=100)
    pile: list[Card] | None = Field(None, max_length=64 * 52, description="the victory pile's cards")
    points: int | None = Field(None, ge=0, le=64 * 52 * 13, description="the pile's total (instead of the cards)")
    cards: int | None = Field(None, ge=0, le=64 * 52, description="the pile's card count (with points)")
    fighters: list[Card] = Field(default_factory=list, max_length=3,
                                 description="the fighters still in play (Anti Math Geek)")


class FinalScoreAsk(Ask):
    """The end of the game: each victory pile's points and cards, the ranking and the winners
    (ties: most cards, then a shared win), with Shoot the Moon and Anti Math Geek."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["final-score"] = "final-score"
    players: list[PileEntry] = Field(min_length=2, max_length=64)
    shoot_the_moon: bool = False
    anti_math_geek: bool = False
    decks: int | None = Field(None, ge=1, le=32, description="packs shuffled together (default: the number "
                              "the rules give for this many players)")

    def answer(self) -> FinalScoreAnswer:
        n = len(self.players)
        names = [e.name or f"Player {i}" for i, e in enumerate(self.players)]
        seen: list[Card] = []
        scores: list[tuple[int, int]] = []
        won_none: list[bool] = []
        for name, e in zip(names, self.players):
            if e.pile is not None and (e.points is not None or e.cards is not None):
                raise ValueError(f"{name}: give the victory pile's cards, or its points and cards, not both")
            if e.pile is None and (e.points is None or e.cards is None):
                raise ValueError(f"{name}: give the victory pile's cards (\"pile\"), or its \"points\" and "
                                 "\"cards\" (a count alone does not score)")
            if self.anti_math_geek and not e.fighters:
                raise ValueError(f"{name}: Anti Math Geek adds the fighters still in play: give \"fighters\"")
            if e.pile is not None:
                seen += e.pile
                points, cards = pile_score(e.pile)
            else:
                points, cards = e.points or 0, e.cards or 0
                if not cards <= points <= 13 * cards:
                    raise ValueError(f"{name}: {count(cards)} cannot be worth {count(points, 'point')} "
                                     "(each card is worth 1 to 13)")
            seen += e.fighters
            won_none.append(cards == 0)
            if self.anti_math_geek:
                points, cards = points + pile_total(e.fighters), cards + len(e.fighters)
            scores.append((points, cards))
        if any(c.is_joker for c in seen):
            raise ValueError("Peace and Love is played without jokers")
        decks = self.decks or decks_for(n)
        Deck(copies=decks).check_copies(seen, "Peace and Love" + (f" with {decks} packs" if decks > 1 else ""))
        f = final_score(scores, won_none, names, self.shoot_the_moon, self.anti_math_geek)
        lines = list(f.details)
        if self.shoot_the_moon and n < 3:
            lines.append("Shoot the Moon is for three or more players: not applied")
        lines.append(f.headline)
        return FinalScoreAnswer(
            winners=list(f.winners), moon=f.moon,
            ranking=[Ranked(player=i, name=names[i], points=scores[i][0], cards=scores[i][1], place=f.places[i])
                     for i in f.ranking],
            explanation=lines)


class Ranked(Frozen):
    player: int
    name: str
    points: int
    cards: int
    place: int
    """1 = first; players tied on points and cards share a place"""


class FinalScoreAnswer(Answer):
    winners: list[int]
    moon: int | None
    """the player who shot the moon"""
    ranking: list[Ranked]
    """best first"""
