"""CardPeeGee's state: each Hero, the encounter on the table (a fight's combatants and its
rounds, a chest, a Healer, a Trap), the town visit and the table as a whole."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import BattleRound, DisarmAttempt, Played, TrapOutcome
from card_companion.calculators.cards import Card, Suit
from card_companion.companion.cardpeegee.settings import CardPeeGeeSettings, CardPeeGeeSetup
from card_companion.companion.game import Frozen, TableState

ENCOUNTER_NAMES = {"monster": "a Monster fight", "chest": "a treasure chest", "healer": "a Healer",
                   "trap": "a Trap", "boss": "a Boss Battle", "pvp": "a PvP fight"}


class HpChange(Frozen):
    """One line of a Hero's HP history (the chart and the check that HP adds up)."""

    step: int
    """the action that changed it (1-based position in the log)"""
    change: int
    hp: int
    """HP after the change"""
    why: str


class Hero(Frozen):
    ready: bool = False
    """False until the Character and the starting HP are entered"""
    character: Card | None = None
    hp: int = 0
    hand: int = 0
    """cards in hand, active cards not included"""
    active: tuple[Card, ...] = ()
    alive: bool = True
    died: str = ""
    hp_log: tuple[HpChange, ...] = ()

    @property
    def held(self) -> int:
        """Cards held for charity and tax: the hand and the active cards."""
        return self.hand + len(self.active)


class Combatant(Frozen):
    """One combatant of a fight: a player, the Monster, a jailor or a Boss."""

    name: str
    side: int
    """0: the Hero's side; 1: the other side"""
    player: int | None = None
    card: Card | None = None
    """the Monster's agitator, the jailor or the Boss card"""
    index: int | None = None
    """a Boss's position in the Boss stack"""
    hp: int = 0
    """HP of a Monster, jailor or Boss (a player's HP is on their Hero)"""
    attack: int = 0
    deal: int = 0
    element: Suit | None = None
    played: tuple[Played, ...] = ()
    """cards this player played into the fight (valued together, with the cards active now)"""
    working: tuple[str, ...] = ()
    """how Attack and Deal were found"""
    rounds: int = 0
    fleeing: bool = False
    defending: bool = False
    out: Literal["", "dead", "fled"] = ""
    forced: bool = False
    """put in the fight by a King's or a Queen's super power"""

    @property
    def live(self) -> bool:
        return self.out == ""


class Battle(Frozen):
    fighters: tuple[Combatant, ...]
    rounds: int = 0
    can_flee: bool = True
    play_between_rounds: bool = False
    """jailors: the Hero may play and activate before and after each round"""
    last: BattleRound | None = None
    last_deaths: tuple[str, ...] = ()

    def live(self) -> list[int]:
        return [i for i, f in enumerate(self.fighters) if f.live]

    def side_live(self, side: int) -> bool:
        return any(f.live and f.side == side for f in self.fighters)

    def of_player(self, p: int) -> int | None:
        for i, f in enumerate(self.fighters):
            if f.player == p:
                return i
        return None


class EncounterBase(Frozen):
    agitator: Card | None = None
    props: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()
    """the encounter's cards still on the table (agitator, props, beast, stack)"""
    working: tuple[str, ...] = ()
    """the encounter's numbers as worked out when it was drawn"""
    second: bool = False
    """the second encounter of "pick yourself up" """

    def played_count(self) -> int:
        return 0

    @property
    def battle_or_none(self) -> Battle | None:
        return getattr(self, "battle", None)


class MonsterEncounter(EncounterBase):
    kind: Literal["monster"] = "monster"
    beast: Card | None = None
    battle: Battle

    def played_count(self) -> int:
        return sum(len(f.played) for f in self.battle.fighters)


class BossEncounter(EncounterBase):
    kind: Literal["boss"] = "boss"
    stack: tuple[Card, ...]
    battle: Battle
    stage: Literal["battle", "divide-loot"] = "battle"
    sharers: tuple[int, ...] = ()
    """the surviving Allies who divide the loot (the Hero died)"""

    def played_count(self) -> int:
        return sum(len(f.played) for f in self.battle.fighters)


class PvpEncounter(EncounterBase):
    kind: Literal["pvp"] = "pvp"
    attacker: int
    defender: int
    battle: Battle

    def played_count(self) -> int:
        return sum(len(f.played) for f in self.battle.fighters)


class ChestEncounter(EncounterBase):
    kind: Literal["chest"] = "chest"
    loot: tuple[Card, ...]
    traps: tuple[Card, ...]
    """traps still armed"""
    played: tuple[Played, ...] = ()
    disarm_score: int = 0
    disarm_working: tuple[str, ...] = ()
    attempts: int = 0
    last: DisarmAttempt | None = None

    def played_count(self) -> int:
        return len(self.played)


class HealerEncounter(EncounterBase):
    kind: Literal["healer"] = "healer"
    heal: int
    fee: int
    reward: tuple[Card, ...] = ()
    potions: tuple[Card, ...] = ()
    battle: Battle | None = None
    """the fight against the jailors (None once they are beaten, or if there were none)"""

    def played_count(self) -> int:
        return sum(len(f.played) for f in self.battle.fighters) if self.battle else 0


class TrapEncounter(EncounterBase):
    kind: Literal["trap"] = "trap"
    difficulty: int
    damage: int
    pending: TrapOutcome | None = None
    """the evasion result while the Hero decides on crafty evasion"""


AnyEncounter = MonsterEncounter | BossEncounter | PvpEncounter | ChestEncounter | HealerEncounter | TrapEncounter
"""one of the encounters (the type checker's view of it)"""
FightEncounter = MonsterEncounter | BossEncounter | PvpEncounter | HealerEncounter
"""the encounters that can hold a fight (a Healer's while its jailors fight); for
``isinstance``, which narrows ``AnyEncounter`` to them"""
Encounter = Annotated[AnyEncounter, Field(discriminator="kind")]


class TownVisit(Frozen):
    opening: bool = False
    """the Opening Sale / Eat Your Greens round before play starts"""
    levy: Literal["charity", "tax"] | None = None
    tax_due: bool = False
    shopped: bool = False


Phase = Literal["heroes", "opening", "turn", "encounter", "after-trap", "town", "over"]


class CardPeeGeeState(TableState):
    setup: CardPeeGeeSetup
    packs: int
    deck_size: int
    deck: int
    """cards in the deck now"""
    heroes: tuple[Hero, ...]
    phase: Phase = "heroes"
    turn: int = 0
    """the Hero (or, in the opening round, the player shopping)"""
    turns: int = 0
    laps: int = 0
    """times play returned to the first Hero (Level Up v1, the round limit)"""
    encounters: int = 0
    """encounters this turn (pick yourself up allows a second)"""
    encounter: Encounter | None = None
    town: TownVisit | None = None
    step: int = 0
    """actions applied so far (the HP history's step numbers)"""
    winners: tuple[int, ...] = ()
    ended_by: str = ""

    @property
    def settings(self) -> CardPeeGeeSettings:
        return self.setup.settings

