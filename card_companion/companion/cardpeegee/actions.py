"""CardPeeGee's steps: what the players enter, one model per step, in one union discriminated
by ``kind`` (the saved games' JSON).

Each step says whose choice it is (``chosen_by``, read by ``Game.whose_choice``): a player's own
Hero, the cards they activate, play, give or claim with, joining a fight and fleeing are that
player's; the Hero's turn (the encounter or an attack, a disarm attempt, the fee, abandoning, the
town, the end of the turn) is the Hero's; the score cards of a round, an evasion draw, dividing
the loot among the Allies and the Glorious Revolution are shared."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import total
from card_companion.calculators.cards import Card, Suit
from card_companion.companion.game import SHARED, TURN, Frozen

Score = tuple[Card, ...] | Annotated[int, Field(ge=0)]
"""Score cards as the cards drawn, or as their total."""


class TableStep(Frozen):
    """A step at the table: its ``kind`` names it in the saved games (a literal in each step)."""

    kind: str


class PlayerStep(TableStep):
    """A step one player takes."""

    player: int


class PlayedCards(Frozen):
    """Cards played from the hand (``cards``) and off the active display (``from_active``);
    ``convert``: card → the suit an active Jack turns it into.

    A step lists it first among its bases, before ``TableStep`` or ``PlayerStep``: pydantic orders
    the fields from the last base to the first, so these three follow the step's ``kind`` (and
    ``player``), as in the JSON of the games saved before."""

    cards: tuple[Card, ...] = ()
    from_active: tuple[Card, ...] = ()
    convert: dict[Card, Suit] = Field(default_factory=dict)


class NewHero(Frozen):
    """A player's Character card and the cards drawn for their starting HP."""

    kind: Literal["hero"] = "hero"
    chosen_by: ClassVar[str] = "player"
    player: int
    character: Card
    hp_cards: tuple[Card, ...]


class DrawEncounter(Frozen):
    """The agitator and props the Hero drew (and the Elemental beast's card)."""

    kind: Literal["encounter"] = "encounter"
    chosen_by: ClassVar[str] = TURN
    agitator: Card
    props: tuple[Card, ...] = ()
    beast: Card | None = None


class AttackPlayer(Frozen):
    """PvP: instead of an encounter, the Hero attacks another player."""

    kind: Literal["attack"] = "attack"
    chosen_by: ClassVar[str] = TURN
    defender: int


class Activate(Frozen):
    """Jacks and Aces from a player's hand go on display next to their Character."""

    kind: Literal["activate"] = "activate"
    chosen_by: ClassVar[str] = "player"
    player: int
    cards: tuple[Card, ...]


class PlayIntoEncounter(PlayedCards, PlayerStep):
    """Cards played into a fight (clubs: Attack, spades: Deal) or on a chest's traps (spades)."""

    kind: Literal["play"] = "play"
    chosen_by: ClassVar[str] = "player"


class JoinFight(Frozen):
    """Cry for help: a player joins the fight (side 0: the Hero's; 1: the defender's in PvP)."""

    kind: Literal["join"] = "join"
    chosen_by: ClassVar[str] = "player"
    player: int
    side: int = Field(0, ge=0, le=1)


class Flee(Frozen):
    """Run away: the player fights one penalty round, then escapes if alive."""

    kind: Literal["flee"] = "flee"
    chosen_by: ClassVar[str] = "player"
    player: int


class HealAndDefend(Frozen):
    """One heart played at the start of a round: HP up, no damage dealt this round."""

    kind: Literal["heal-and-defend"] = "heal-and-defend"
    chosen_by: ClassVar[str] = "player"
    player: int
    card: Card
    from_active: bool = False
    convert: Suit | None = None


class CombatRound(Frozen):
    """Score cards of every fighter still in the fight, in the fight's order: each as the
    cards drawn (one per point of Deal) or as their total."""

    kind: Literal["round"] = "round"
    chosen_by: ClassVar[str] = SHARED
    scores: tuple[Score, ...]


class Disarm(Frozen):
    """One attempt at a chest trap: the Hero's score card and the trap's (cards or values)."""

    kind: Literal["disarm"] = "disarm"
    chosen_by: ClassVar[str] = TURN
    trap: Card
    hero_score: Card | Annotated[int, Field(ge=0, le=11)]
    trap_score: Card | Annotated[int, Field(ge=0, le=11)]


class PayFee(PlayedCards, TableStep):
    """Cards of any suit paid to the Healer (worth at least the fee)."""

    kind: Literal["fee"] = "fee"
    chosen_by: ClassVar[str] = TURN


class Evade(Frozen):
    """The Hero's evasion draw against a Trap: one card plus one per active card."""

    kind: Literal["evade"] = "evade"
    chosen_by: ClassVar[str] = SHARED
    score: Score


class CraftyEvasion(PlayedCards, TableStep):
    """After evading: spades played to take their value off the trap's damage."""

    kind: Literal["crafty"] = "crafty"
    chosen_by: ClassVar[str] = TURN


class TakeDamage(Frozen):
    """The Hero plays no spades against the trap and takes the damage."""

    kind: Literal["take-damage"] = "take-damage"
    chosen_by: ClassVar[str] = TURN


class Abandon(Frozen):
    """The Hero walks away from a chest or a Healer: every card goes back to the deck."""

    kind: Literal["abandon"] = "abandon"
    chosen_by: ClassVar[str] = TURN


class DivideLoot(Frozen):
    """The Hero died in a Boss Battle: the surviving Allies divide the Boss stack."""

    kind: Literal["divide-loot"] = "divide-loot"
    chosen_by: ClassVar[str] = SHARED
    shares: dict[int, tuple[Card, ...]]


class GoToTown(Frozen):
    """After a Trap: limp back to town instead of a second encounter."""

    kind: Literal["town"] = "town"
    chosen_by: ClassVar[str] = TURN


class PayTax(Frozen):
    """In town with too many cards: one card back to the deck (a named active card, or
    None for a card from the hand)."""

    kind: Literal["tax"] = "tax"
    chosen_by: ClassVar[str] = TURN
    card: Card | None = None


class Shop(PlayedCards, TableStep):
    """Diamonds played for new cards from the deck (once per turn)."""

    kind: Literal["shop"] = "shop"
    chosen_by: ClassVar[str] = TURN


class Heal(PlayedCards, TableStep):
    """Healing potions (hearts) played in town."""

    kind: Literal["heal"] = "heal"
    chosen_by: ClassVar[str] = TURN


class EndHeroTurn(Frozen):
    """The Hero leaves town; the player on their left becomes the Hero."""

    kind: Literal["end-turn"] = "end-turn"
    chosen_by: ClassVar[str] = TURN


class GiveCards(Frozen):
    """A bribe or a gift: cards from one player's hand (a count) and active cards (named)."""

    kind: Literal["give"] = "give"
    chosen_by: ClassVar[str] = "giver"
    giver: int
    receiver: int
    cards: int = Field(0, ge=0)
    active: tuple[Card, ...] = ()


class ClaimWin(Frozen):
    """A player shows the cards of their hand that, with their active cards, make a Full
    Court or an Elemental Union."""

    kind: Literal["claim"] = "claim"
    chosen_by: ClassVar[str] = "player"
    player: int
    condition: Literal["full-court", "elemental-union"]
    cards: tuple[Card, ...] = ()


class Revolution(Frozen):
    """The deck ran out: the player(s) with the most cards are overthrown."""

    kind: Literal["revolution"] = "revolution"
    chosen_by: ClassVar[str] = SHARED


Action = Annotated[
    NewHero | DrawEncounter | AttackPlayer | Activate | PlayIntoEncounter | JoinFight | Flee | HealAndDefend
    | CombatRound | Disarm | PayFee | Evade | CraftyEvasion | TakeDamage | Abandon | DivideLoot | GoToTown
    | PayTax | Shop | Heal | EndHeroTurn | GiveCards | ClaimWin | Revolution,
    Field(discriminator="kind"),
]


def score_total(score: Score) -> tuple[int, tuple[Card, ...] | None]:
    """Score cards entered as the cards drawn or as their total: the total, and the cards
    (None when only the total was entered)."""
    if isinstance(score, int):
        return score, None
    return total(score), tuple(score)
