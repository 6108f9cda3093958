"""PC War's resolve-protocol asks: one flip (who takes, or a tie), and a trade and war by the
counts (what each player lays and picks up, and with the war's face-up cards who takes)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from card_companion.calculators.cards import Card
from card_companion.calculators.pc_war import (
    WAR_CARDS,
    BlankCard,
    Lay,
    check_pair,
    deck_for,
    flip,
    hand_over_table,
    out_at_tie,
    take,
    trade_and_war,
)
from card_companion.calculators.words import plural
from card_companion.companion.ask import Answer, Ask
from card_companion.companion.pc_war.state import LaidCards


class FlipAsk(Ask):
    """Two face-up cards, player 0's first: who takes them, or a tie (trade and war)."""

    game: Literal["pc-war"] = "pc-war"
    ask: Literal["flip"] = "flip"
    cards: list[Card] = Field(description="player 0's and player 1's face-up card, like [\"KH\", \"JOKER\"]")
    blank_card: BlankCard = Field("none", description="the game's Blank card setting: none (not in the deck), "
                                  "strongest or weakest; the blank card is entered as BLANK")

    @model_validator(mode="after")
    def _two_cards(self) -> FlipAsk:
        if len(self.cards) != 2:
            raise ValueError(f"a flip is two cards, one per player, not {len(self.cards)}")
        check_pair(self.cards[0], self.cards[1], deck_for(2, self.blank_card))
        return self

    def answer(self) -> FlipAnswer:
        r = flip(self.cards[0], self.cards[1], blank=self.blank_card)
        return FlipAnswer.model_construct(takes=r.takes, war=r.war, explanation=r.explanation)


class FlipAnswer(Answer):
    takes: int | None
    """0 or 1: the player with the higher card takes both; null on a tie"""
    war: bool
    """a tie: trade and war"""


class TradeAndWarAsk(Ask):
    """After a tie: what each player lays and picks up in the trade and war, by counts; with
    the war's face-up cards, who takes the table and what each has afterwards."""

    game: Literal["pc-war"] = "pc-war"
    ask: Literal["trade-and-war"] = "trade-and-war"
    hands: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] = Field(
        description="cards in player 0's and player 1's hand at the tie (the tied cards already laid)")
    piles: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] = Field(
        (0, 0), description="cards in each player's face-up pile")
    table: int = Field(2, ge=2, description="cards on the table: 2 after a tied flip, more after a tie in a war")
    last_card_wins_at_once: bool = Field(False, description="the game's setting of that name")
    cards: tuple[Card, Card] | None = Field(
        None, description="the war's face-up cards, player 0's and player 1's, like [\"KH\", \"7S\"]")
    blank_card: BlankCard = Field("none", description="the game's Blank card setting: none (not in the deck), "
                                  "strongest or weakest; the blank card is entered as BLANK")

    @model_validator(mode="after")
    def _counts(self) -> TradeAndWarAsk:
        deck = deck_for(2, self.blank_card)  # a pack with both Jokers (and the blank card if it is in)
        most = deck.size
        total = sum(self.hands) + sum(self.piles) + self.table
        if total > most:
            raise ValueError(f"the hands, piles and table add up to {total} cards, but the deck holds at most {most}")
        if self.cards is not None:
            check_pair(self.cards[0], self.cards[1], deck)
        return self

    def answer(self) -> TradeAndWarAnswer:
        at_once = self.last_card_wins_at_once
        hands, piles, table = self.hands, self.piles, self.table
        lines: list[str] = []
        out = out_at_tie(hands, piles, at_once)
        if out:
            return _ran_out(lines, out, "laid their last card in the tie (Last card wins at once)", hands, piles,
                            table)
        swapped = (hands[1], hands[0])
        lines.append(f"swap hands: player 0 takes player 1's {plural(hands[1], 'card')}, player 1 takes "
                     f"player 0's {plural(hands[0], 'card')}")
        tw = trade_and_war(hands, piles, at_once)
        if not tw.laid:
            return _ran_out(lines, tw.out, "has no card to lay in the war", tw.hands, tw.piles, table,
                            swapped=swapped)
        lays = [LaidCards(down=x.down, up=x.up, from_hand=x.from_hand, picked_up=x.picked_up) for x in tw.lays]
        lines += [_laid_line(i, x) for i, x in enumerate(tw.lays)]
        table += tw.laid
        lines.append(f"{plural(table, 'card')} on the table")
        if tw.out:
            return _ran_out(lines, tw.out, "laid their last card in the war (Last card wins at once)", tw.hands,
                            tw.piles, table, swapped=swapped, lays=lays, laid=tw.laid)
        laying = TradeAndWarAnswer(swapped=swapped, lays=lays, laid=tw.laid, takes=None, war_again=False, out=[],
                                   hands=tw.hands, piles=tw.piles, table=table, picked_up=(0, 0), explanation=lines)
        return self._face_up(laying)

    def _face_up(self, laying: TradeAndWarAnswer) -> TradeAndWarAnswer:
        """After the laying: the war's face-up cards, if given, and who takes the table."""
        if self.cards is None:
            return laying.model_copy(update={"explanation": [
                *laying.explanation, "turn up the face-up cards: the higher one takes everything on the table"]})
        r = flip(self.cards[0], self.cards[1], in_war=True, blank=self.blank_card)
        lines = [*laying.explanation, *r.explanation]
        if r.takes is None:
            return laying.model_copy(update={"war_again": True, "explanation": lines})
        t = take(laying.hands, laying.piles, r.takes, laying.table)
        for i in (0, 1):
            if t.picked_up[i]:
                lines.append(f"player {i}'s hand is empty: player {i} picks up and shuffles the pile "
                             f"({plural(t.picked_up[i], 'card')})")
        if t.out:
            who = " and ".join(f"player {i}" for i in t.out)
            lines.append(f"{who} {'has' if len(t.out) == 1 else 'have'} no cards left in hand or pile: "
                         f"{who} {'wins' if len(t.out) == 1 else 'share the win'}")
        return laying.model_copy(update={"takes": r.takes, "out": list(t.out), "hands": t.hands, "piles": t.piles,
                                         "table": 0, "picked_up": t.picked_up, "explanation": lines})


def _laid_line(i: int, x: Lay) -> str:
    """What player ``i`` laid in the war, in the ask's words."""
    n = x.down + x.up
    if n == WAR_CARDS:
        line = f"player {i} lays {x.down} face down and 1 face up"
    else:
        last = f"{x.down} face down and the last face up" if x.down else "the last card face up"
        line = f"player {i} has only {plural(n, 'card')}: lays {last}"
    if x.picked_up:
        line += (f" (the hand ran out after {plural(x.from_hand, 'card')}: player {i} picks up and "
                 f"shuffles the pile of {plural(x.picked_up, 'card')})")
    return line


def _ran_out(lines: list[str], out: tuple[int, ...], why: str, hands: tuple[int, int], piles: tuple[int, int],
             table: int, swapped: tuple[int, int] | None = None, lays: list[LaidCards] | None = None,
             laid: int = 0) -> TradeAndWarAnswer:
    """The walk-through stops: a player ran out of cards and wins (the table goes to the other)."""
    who = " and ".join(f"player {i}" for i in out)
    line = f"{who} {why} and {'has' if len(out) == 1 else 'have'} run out of cards: "
    line += f"{who} {'wins' if len(out) == 1 else 'share the win'}"
    if len(out) == 1:
        line += f"; the table ({plural(table, 'card')}) goes to player {1 - out[0]}'s pile"
        piles, table = hand_over_table(piles, out, table), 0
    return TradeAndWarAnswer(swapped=swapped, lays=lays, laid=laid, takes=None, war_again=False,
                             picked_up=(0, 0), out=list(out), hands=hands, piles=piles,
                             table=table, explanation=[*lines, line])


class TradeAndWarAnswer(Answer):
    swapped: tuple[int, int] | None
    """each hand after the swap (null: the game ended at the tie, nobody swapped)"""
    lays: list[LaidCards] | None
    """what each player laid (null: nobody laid)"""
    laid: int
    takes: int | None
    """who takes the table (null: no war cards given, a tie again, or someone ran out)"""
    war_again: bool
    """the war's face-up cards tie: swap and lay again (ask again with the new counts)"""
    out: list[int]
    """players who ran out of cards: they win"""
    hands: tuple[int, int]
    piles: tuple[int, int]
    table: int
    """the counts where the walk-through stops"""
    picked_up: tuple[int, int]
    """after taking: each empty hand picks up its pile for the next flip"""
