"""CardPeeGee at the table: Heroes, encounters, town, Boss Battles and the ways to win.

The app never sees the hands: it knows each Hero's Character, HP, active cards and the
number of cards in their hand, every card drawn for an encounter and every card played (the
players enter them as they are revealed), and, by counting, the number of cards in the deck.
Every number is worked out by calculators/cardpeegee.py and shown with its working.
Rules: card_companion/companion/cardpeegee/rules.txt; rulings: card_companion/companion/cardpeegee/rulings.md.

Random draws (score cards, the evasion draw) are entered by the players, as cards or as a
total; the tracker only checks them, so a log replays to the same game.

The package, in the game's own order: settings.py (the options, the setup), state.py (Heroes,
the encounters, the fight, town), actions.py (the steps); the rules by section: heroes.py,
encounters.py (draw, chest, Healer, Trap), fights.py, town.py, anytime.py (activate, give,
claim, the revolution step), endings.py (what follows from any step: deaths, the end of a
fight, an encounter, a turn; the Glorious Revolution at a draw; the ways to win), with
checks.py the checks and edits they share; steps.py (each step's rule, what follows any
step); choices.py (``legal_actions``: what may be entered now, with hand.py, the cards a hand
may put down); queries.py (what else the views ask); advice.py (the odds at a decision);
random_play.py (random games and the invariants of every state); game.py (the ``Game``); the
resolve protocol's asks by section: asks.py (their base, cards played), fight_asks.py,
encounter_asks.py, town_asks.py, boss_asks.py and odds_asks.py.
Every name is re-exported here: ``from card_companion.companion.cardpeegee import GAME``.
"""

from __future__ import annotations

from card_companion.companion.cardpeegee.actions import (
    Abandon,
    Action,
    Activate,
    AttackPlayer,
    ClaimWin,
    CombatRound,
    CraftyEvasion,
    Disarm,
    DivideLoot,
    DrawEncounter,
    EndHeroTurn,
    Evade,
    Flee,
    GiveCards,
    GoToTown,
    Heal,
    HealAndDefend,
    JoinFight,
    NewHero,
    PayFee,
    PayTax,
    PlayedCards,
    PlayerStep,
    PlayIntoEncounter,
    Revolution,
    Score,
    Shop,
    TableStep,
    TakeDamage,
    score_total,
)
from card_companion.companion.cardpeegee.asks import (
    CardPeeGeeAsk,
    PlayAnswer,
    PlayAsk,
)
from card_companion.companion.cardpeegee.boss_asks import (
    BossEntry,
    BossStackAnswer,
    BossStackAsk,
    PowerEntry,
    PowerPlayer,
    SuperPowersAnswer,
    SuperPowersAsk,
)
from card_companion.companion.cardpeegee.encounter_asks import (
    DisarmAnswer,
    DisarmAsk,
    HealerAnswer,
    HealerAsk,
    JailorEntry,
    MonsterAnswer,
    MonsterAsk,
    TrapAnswer,
    TrapAsk,
)
from card_companion.companion.cardpeegee.fight_asks import (
    ClashEntry,
    CombatRoundAnswer,
    CombatRoundAsk,
    RoundEntry,
)
from card_companion.companion.cardpeegee.game import (
    GAME,
    GAME_NAME,
    CardPeeGee,
)
from card_companion.companion.cardpeegee.odds_asks import (
    CombatOddsAnswer,
    CombatOddsAsk,
    CombatOddsEntry,
    DisarmOddsAnswer,
    DisarmOddsAsk,
    FightChances,
    RoundChances,
    RoundDamage,
    TrapOddsAnswer,
    TrapOddsAsk,
)
from card_companion.companion.cardpeegee.settings import (
    CardPeeGeeSettings,
    CardPeeGeeSetup,
    table_deck,
)
from card_companion.companion.cardpeegee.state import (
    ENCOUNTER_NAMES,
    Battle,
    BossEncounter,
    CardPeeGeeState,
    ChestEncounter,
    Combatant,
    Encounter,
    EncounterBase,
    HealerEncounter,
    Hero,
    HpChange,
    MonsterEncounter,
    Phase,
    PvpEncounter,
    TownVisit,
    TrapEncounter,
)
from card_companion.companion.cardpeegee.town_asks import (
    PropsAnswer,
    PropsAsk,
    StartingHpAnswer,
    StartingHpAsk,
    TownAnswer,
    TownAsk,
)

__all__ = [
    "Abandon",
    "Action",
    "Activate",
    "AttackPlayer",
    "Battle",
    "BossEncounter",
    "BossEntry",
    "BossStackAnswer",
    "BossStackAsk",
    "CardPeeGee",
    "CardPeeGeeAsk",
    "CardPeeGeeSettings",
    "CardPeeGeeSetup",
    "CardPeeGeeState",
    "ChestEncounter",
    "ClaimWin",
    "ClashEntry",
    "CombatRound",
    "CombatRoundAnswer",
    "CombatRoundAsk",
    "Combatant",
    "CraftyEvasion",
    "Disarm",
    "DisarmAnswer",
    "DisarmAsk",
    "DisarmOddsAnswer",
    "DisarmOddsAsk",
    "DivideLoot",
    "DrawEncounter",
    "ENCOUNTER_NAMES",
    "Encounter",
    "EncounterBase",
    "EndHeroTurn",
    "Evade",
    "FightChances",
    "CombatOddsAnswer",
    "CombatOddsAsk",
    "Flee",
    "GAME",
    "GAME_NAME",
    "GiveCards",
    "GoToTown",
    "Heal",
    "HealAndDefend",
    "HealerAnswer",
    "HealerAsk",
    "HealerEncounter",
    "Hero",
    "HpChange",
    "JailorEntry",
    "JoinFight",
    "MonsterAnswer",
    "MonsterAsk",
    "MonsterEncounter",
    "NewHero",
    "CombatOddsEntry",
    "PayFee",
    "PayTax",
    "Phase",
    "PlayAnswer",
    "PlayAsk",
    "PlayIntoEncounter",
    "PlayedCards",
    "PlayerStep",
    "PowerEntry",
    "PowerPlayer",
    "PropsAnswer",
    "PropsAsk",
    "PvpEncounter",
    "Revolution",
    "RoundChances",
    "RoundDamage",
    "RoundEntry",
    "Score",
    "Shop",
    "StartingHpAnswer",
    "StartingHpAsk",
    "TableStep",
    "SuperPowersAnswer",
    "SuperPowersAsk",
    "TakeDamage",
    "TownAnswer",
    "TownAsk",
    "TownVisit",
    "TrapAnswer",
    "TrapAsk",
    "TrapEncounter",
    "TrapOddsAnswer",
    "TrapOddsAsk",
    "score_total",
    "table_deck",
]
