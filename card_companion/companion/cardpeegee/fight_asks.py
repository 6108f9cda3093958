"""CardPeeGee's combat-round ask: every fighter against every opponent on the other side,
fleeing and healing included, the scores, each pairing, the HP lost, who dies or escapes."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import (
    BattleRound,
    RoundFighter,
    RuleError,
    after_round,
    battle_round,
    draw_refusal,
    flee_deal,
)
from card_companion.calculators.cards import Card, Suit
from card_companion.companion.ask import GrownAnswer
from card_companion.companion.cardpeegee.actions import score_total
from card_companion.companion.cardpeegee.asks import CardPeeGeeAsk
from card_companion.companion.game import Frozen


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
        plain = len(fs) == 2 and all(f.plain for f in fs) and not self.boss_battle
        names = [f.name or f"Fighter {i + 1}" for i, f in enumerate(fs)]
        sides = self._sides()
        players = [f.player if f.player is not None else side == 0 for f, side in zip(fs, sides)]
        lines: list[str] = []
        deals: list[int | None] = []
        fighters: list[RoundFighter] = []
        for i, f in enumerate(fs):
            deal = self._deal_drawn_for(i, names[i], players, lines)
            fighters.append(_round_fighter(f, names[i], sides[i], deal, lines))
            deals.append(deal)
        r = battle_round(fighters, self.critical_strikes)
        hp_after = [None if f.hp is None else f.hp - loss for f, loss in zip(fs, r.hp_loss)]
        outs = [None if hp is None else after_round(hp, f.fleeing) for f, hp in zip(fs, hp_after)]
        after = [f"{names[i]}: {fs[i].hp} − {r.hp_loss[i]} = {hp} HP" + {"dead": ", dead", "fled": ", escapes",
                                                                         "": ""}[out or ""]
                 for i, (hp, out) in enumerate(zip(hp_after, outs)) if hp is not None]
        clashes = [ClashEntry(fighters=[c.a, c.b], scores=list(c.duel.scores),
                              winner=None if c.duel.winner is None else (c.a, c.b)[c.duel.winner],
                              damage=c.duel.damage, critical=c.duel.critical or None) for c in r.clashes]
        scores, winner = _scores_and_winner(r, clashes, sides)
        answer = CombatRoundAnswer(scores=scores, winner=winner, hp_loss=list(r.hp_loss),
                                   raw_scores=list(r.raw_scores), names=names, sides=sides, deals=deals,
                                   clashes=clashes, hp_after=hp_after, out=outs,
                                   explanation=lines + list(r.explanation) + after)
        return answer.without(*CombatRoundAnswer.grown) if plain else answer

    def _sides(self) -> list[int]:
        """Each fighter's side: given for every fighter, or, with two and none given, 0 and 1;
        a fighter on each side."""
        n = len(self.fighters)
        given = [f.side for f in self.fighters if f.side is not None]
        if not given and n == 2:
            sides = [0, 1]
        elif len(given) != n:
            raise RuleError("give every fighter's side (0: the Hero and Allies, 1: their opponents)"
                            + (" when more than two fight" if n > 2 and not given else ""))
        else:
            sides = list(given)
        if len(set(sides)) < 2:
            raise RuleError("a round needs a fighter on each side (0: the Hero and Allies, 1: their opponents)")
        return sides

    def _deal_drawn_for(self, i: int, name: str, players: list[bool], lines: list[str]) -> int | None:
        """The Deal fighter ``i`` draws for: their own, or a fleeing player's penalty Deal (only
        players flee or heal, and never from a Boss Battle)."""
        fs = self.fighters
        f = fs[i]
        if (f.fleeing or f.defending) and not players[i]:
            what = "flee" if f.fleeing else "heal and defend"
            raise RuleError(f"{name} is not a player: only players can {what} (a Monster, jailor or Boss "
                            "fights on)")
        if f.fleeing and self.boss_battle:
            raise RuleError("a Boss Battle may not be escaped")
        if not f.fleeing:
            return f.deal
        if f.deal is None:
            raise RuleError(f"{name} flees: give their Deal, so that the penalty round's Deal can be "
                            "worked out")
        others = any(players[j] and not fs[j].fleeing for j in range(len(fs)) if j != i)
        deal, why = flee_deal(f.deal, others)
        lines.append(f"{name} flees: {why}; they take damage as normal if they lose, but deal none")
        return deal


def _round_fighter(f: RoundEntry, name: str, side: int, deal: int | None, lines: list[str]) -> RoundFighter:
    """A fighter's score cards checked against their Deal, and whether they deal damage."""
    drawn, shown = score_total(f.drawn)
    if deal is not None:
        refusal = draw_refusal(deal, drawn, shown, name, why=f" (Deal {deal})")
        if refusal:
            raise RuleError(refusal)
    if f.defending:
        lines.append(f"{name} heals and defends: no damage dealt this round")
    no_damage = "fleeing" if f.fleeing else ("healing and defending" if f.defending else "")
    return RoundFighter(name=name, side=side, attack=f.attack, element=f.element, drawn=drawn,
                        cards=shown, deals_damage=not no_damage, why_no_damage=no_damage)


def _scores_and_winner(r: BattleRound, clashes: list[ClashEntry], sides: list[int]) -> tuple[list[int], int | None]:
    """Two fighters: their one clash's scores (in the request's order) and winner; more: the
    raw scores, and the winners are the clashes'."""
    if len(sides) != 2:
        return list(r.raw_scores), None
    scores, winner = clashes[0].scores, clashes[0].winner
    return (scores[::-1] if sides[0] == 1 else scores), winner


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
