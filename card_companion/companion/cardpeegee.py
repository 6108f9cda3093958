"""CardPeeGee at the table: Heroes, encounters, town, Boss Battles and the ways to win.

The app never sees the hands: it knows each Hero's Character, HP, active cards and the
number of cards in their hand, every card drawn for an encounter and every card played (the
players enter them as they are revealed), and, by counting, the number of cards in the deck.
Every number is worked out by calculators/cardpeegee.py and shown with its working.
Rules: card_companion/rules/cardpeegee.txt; rulings: card_companion/rulings/cardpeegee.md.

Random draws (score cards, the evasion draw) are entered by the players, as cards or as a
total; the tracker only checks them, so a log replays to the same game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, ValidationInfo, model_validator

from card_companion.calculators.cardpeegee import (
    BOSS_BASE,
    BOSS_DEAL,
    HERO_DEAL,
    JACK_BOSS_BONUS,
    JOKERS_PER_PACK,
    MONSTER_DEAL,
    BattleRound,
    Contestant,
    DisarmAttempt,
    Played,
    PlayValue,
    RoundFighter,
    RuleError,
    TrapOutcome,
    after_round,
    battle_round,
    boss_stack,
    check_suits,
    chest,
    convert,
    deck_for,
    disarm,
    disarm_score,
    draw_refusal,
    elemental_union,
    encounter_kind,
    evasion_draw,
    fee_paid,
    flee_deal,
    forced_players,
    full_court,
    healer,
    jack_bonus,
    jailor,
    master_of_the_elements,
    monster,
    packs_for,
    play_value,
    props_for,
    shopping,
    starting_hp,
    super_powers,
    total,
    town_levy,
    trap,
    trap_outcome,
    value,
    value_played,
)
from card_companion.calculators.cards import SUITS, Card, Deck, Rank, Suit
from card_companion.calculators.odds import trap_odds
from card_companion.calculators.odds.cardpeegee import OddsFighter, disarm_odds, fight_odds
from card_companion.calculators.words import plural, symbols
from card_companion.companion.ask import Answer, Ask, GrownAnswer
from card_companion.companion.game import Frozen, Game, IllegalAction, Outcome, Settings, Setup, TableState, won_line

GAME_NAME = "CardPeeGee"
ENCOUNTER_NAMES = {"monster": "a Monster fight", "chest": "a treasure chest", "healer": "a Healer",
                   "trap": "a Trap", "boss": "a Boss Battle", "pvp": "a PvP fight"}


# --- settings and setup ----------------------------------------------------------------


def _option(title: str, description: str, default: bool = False, min_players: int = 1):
    extra = {"min_players": min_players} if min_players > 1 else None
    return Field(default, title=title, description=description, json_schema_extra=extra)


class CardPeeGeeSettings(Settings):
    # special rules of the encounters
    cry_for_help: bool = _option(
        "Cry for help", "Before any round, other players may join a fight as the Hero's Allies.", min_players=2)
    run_away: bool = _option(
        "Run awayyyyyyy", "At the start of any round a fighter may flee after one penalty round (Deal −1, or −2 "
        "when no other player stays in the fight).")
    heal_and_defend: bool = _option(
        "Heal and defend", "At the start of any round a fighter may play one heart to heal; they deal no damage "
        "that round.")
    salvage: bool = _option("Salvage", "Disarmed chest traps go to the Hero's hand instead of the deck.")
    gratitude: bool = _option(
        "Gratitude", "A Healer with a jailor and a diamond prop gives the diamonds as a reward instead of a fee.")
    crafty_evasion: bool = _option(
        "Crafty evasion", "After evading a trap, the Hero may play spades to take their value off the damage.")
    pick_yourself_up: bool = _option(
        "Pick yourself up, dust yourself off", "After surviving a Trap, the Hero may draw a second encounter "
        "(once per turn) instead of going to town.")
    # advanced rules
    boss_battles: bool = _option("Boss Battles", "A face-card agitator starts a Boss Battle.")
    super_powers: bool = _option(
        "Super powers", "Boss Battles: Kings and Queens force players onto a side; Jacks give every Boss +2 "
        "Attack.", min_players=1)
    pvp: bool = _option("PvP", "Instead of an encounter, the Hero may attack another player.", min_players=2)
    elements: bool = _option(
        "Elements", "Suits are elements: +20 % on cards of your element, and the stronger element scores +20 % "
        "in combat while the weaker deals 20 % less damage.")
    elemental_beasts: bool = _option(
        "Elemental beasts", "A Monster's element is the suit of one extra card drawn for it (needs Elements).")
    everyman: bool = _option(
        "Everyman", "Characters are drawn from the whole deck; the card's value is the Hero's base Attack.")
    everyman_lowest: int = Field(
        2, ge=2, le=11, title="Everyman: lowest Character",
        description="Under Everyman, Character cards worth less than this are put back (Aces are 11).")
    everyman_highest: int = Field(
        11, ge=2, le=11, title="Everyman: highest Character",
        description="Under Everyman, Character cards worth more than this are put back too (the text: "
        "\"limit them to a range\").")
    opening_sale: bool = _option("Opening Sale!", "Before play starts, each player may go shopping once.")
    eat_your_greens: bool = _option("Eat Your Greens", "Before play starts, each player may heal with potions.")
    level_up_v1: bool = _option(
        "Level Up (version 1)", "Every time play returns to the first Hero, encounters get one more prop.")
    level_up_v2: bool = _option(
        "Level Up (version 2)", "A Hero above 60 HP gets one more prop per started 30 HP (61-90: 3 props...).")
    critical_strikes: bool = _option(
        "Critical Strikes", "A round score at least 50 % higher than the opponent's deals 1.5× damage; twice as "
        "high, double damage.")
    jokers: bool = _option("Jokers", "Shuffle in each pack's two Jokers; they do nothing.")
    # the numbers
    hp_base: int = Field(15, ge=1, le=100, title="Initial HP", description="Added to the HP cards drawn at the start.")
    hp_cards: int = Field(3, ge=0, le=5, title="HP cards", description="Cards drawn for each Hero's initial HP.")
    hand_size: int = Field(5, ge=0, le=10, title="Starting hand", description="Cards in each starting hand.")
    hero_attack_bonus: int = Field(
        0, ge=-10, le=20, title="Hero's Attack bonus",
        description="Added to every Hero's base Attack (their Character's value: 10 for a King or Queen); "
        "Attack never goes below 0.")
    hero_deal: int = Field(HERO_DEAL, ge=0, le=10, title="Hero's Deal",
                           description="Score cards a Hero draws each round before spades played.")
    monster_deal: int = Field(MONSTER_DEAL, ge=0, le=10, title="Monster's Deal",
                              description="Score cards a Monster draws each round before its spade props.")
    boss_base: int = Field(BOSS_BASE, ge=1, le=50, title="Boss base HP and Attack",
                           description="A Boss's HP and Attack before its props.")
    boss_deal: int = Field(BOSS_DEAL, ge=0, le=10, title="Boss's Deal",
                           description="Score cards a Boss draws each round before its spade props.")
    level_up_v2_start: int = Field(60, ge=1, le=500, title="Level Up v2: from HP",
                                   description="Level Up (version 2) gives more props above this HP ...")
    level_up_v2_step: int = Field(30, ge=1, le=500, title="Level Up v2: every HP",
                                  description="... one more prop per started step of this many HP.")
    props: int = Field(2, ge=0, le=6, title="Props", description="Props drawn with each agitator (before Level Up).")
    charity_below: int = Field(
        4, ge=0, le=20, title="Charity below", description="In town, a Hero with fewer cards gets one from the deck.")
    tax_above: int = Field(
        6, ge=0, le=20, title="Tax above", description="In town, a Hero with more cards gives one back to the deck.")
    card_price: int = Field(8, ge=1, le=30, title="Card price", description="Diamonds for one new card when shopping.")
    # the ways to win (Last Hero Standing always applies)
    win_goliath: bool = _option("Goliath", "A Hero with 150 HP or more wins.", default=True)
    goliath_hp: int = Field(150, ge=1, le=1000, title="Goliath HP", description="HP that wins by Goliath.")
    win_full_court: bool = _option(
        "Full Court", "A Hero holding the Jack, Queen and King of one suit (hand or active) wins.", default=True)
    win_elemental_union: bool = _option(
        "Elemental Union", "A Hero holding a face card of every suit (hand or active) wins.", default=True)
    win_master_of_elements: bool = _option(
        "Master of the Elements", "A Hero with an active card of every suit wins.", default=True)
    glorious_revolution: bool = _option(
        "Glorious Revolution", "The text's rule: when a draw finds the deck too short (an encounter, score cards, "
        "an evasion or disarm draw, charity, shopping), the player with the most cards (hand, active and played) "
        "is overthrown first and their cards shuffled into the deck; then the draw goes on. Off: the revolution "
        "is a step the players may enter.", default=True)
    revolution_every_draw: bool = Field(
        True, title="Glorious Revolution at every draw",
        description="Games saved before issue 15 ran the revolution only before an encounter's draw and "
        "charity, and never checked the other draws against the deck; they replay that way.",
        json_schema_extra={"hidden": True})
    # this app's rulings that players may want otherwise
    revolution_deadly: bool = _option(
        "Deadly revolution", "The Glorious Revolution kills the overthrown player (otherwise they lose every card "
        "but play on).")
    round_limit: int | None = Field(
        None, ge=1, le=1000, title="Stop after rounds",
        description="End the game when play has gone round the table this many times; the most HP wins.")

    @model_validator(mode="before")
    @classmethod
    def _saved_before_the_revolution_rule(cls, data: Any, info: ValidationInfo) -> Any:
        """A game saved before the Glorious Revolution was a rule (its settings lack the
        field) goes on as it was played: the revolution stays a step players enter."""
        if isinstance(data, dict) and (info.context or {}).get("saved"):
            if "glorious_revolution" not in data:
                data = {**data, "glorious_revolution": False}
            # saved before the revolution came at every draw (issue 15): only the encounter's
            # draw and charity had it, and the other draws were not checked against the deck
            if "revolution_every_draw" not in data:
                data = {**data, "revolution_every_draw": False}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> CardPeeGeeSettings:
        if self.elemental_beasts and not self.elements:
            raise ValueError("Elemental beasts only apply when playing with Elements")
        if self.super_powers and not self.boss_battles:
            raise ValueError("super powers are a Boss Battle rule: turn Boss Battles on")
        if self.everyman_lowest > self.everyman_highest:
            raise ValueError(f"Everyman's lowest Character ({self.everyman_lowest}) is above its highest "
                             f"({self.everyman_highest})")
        if self.charity_below > self.tax_above + 1:
            raise ValueError(f"charity below {self.charity_below} cards and tax above {self.tax_above} overlap")
        return self


class CardPeeGeeSetup(Setup):
    settings: CardPeeGeeSettings = CardPeeGeeSettings()


# --- state -------------------------------------------------------------------------------


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


Encounter = Annotated[
    MonsterEncounter | BossEncounter | PvpEncounter | ChestEncounter | HealerEncounter | TrapEncounter,
    Field(discriminator="kind"),
]


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
    """actions applied so far"""
    news: str = ""
    """the last action in one line"""
    working: tuple[str, ...] = ()
    """the last action's working, line by line"""
    winners: tuple[int, ...] = ()
    ended_by: str = ""

    @property
    def settings(self) -> CardPeeGeeSettings:
        return self.setup.settings


# --- actions -------------------------------------------------------------------------------

Score = tuple[Card, ...] | Annotated[int, Field(ge=0)]
"""Score cards as the cards drawn, or as their total."""


class NewHero(Frozen):
    """A player's Character card and the cards drawn for their starting HP."""

    kind: Literal["hero"] = "hero"
    player: int
    character: Card
    hp_cards: tuple[Card, ...]


class DrawEncounter(Frozen):
    """The agitator and props the Hero drew (and the Elemental beast's card)."""

    kind: Literal["encounter"] = "encounter"
    agitator: Card
    props: tuple[Card, ...] = ()
    beast: Card | None = None


class AttackPlayer(Frozen):
    """PvP: instead of an encounter, the Hero attacks another player."""

    kind: Literal["attack"] = "attack"
    defender: int


class Activate(Frozen):
    """Jacks and Aces from a player's hand go on display next to their Character."""

    kind: Literal["activate"] = "activate"
    player: int
    cards: tuple[Card, ...]


class PlayIntoEncounter(Frozen):
    """Cards played into a fight (clubs: Attack, spades: Deal) or on a chest's traps (spades).
    ``from_active``: played off the active display; ``convert``: card → suit an active Jack
    turns it into."""

    kind: Literal["play"] = "play"
    player: int
    cards: tuple[Card, ...] = ()
    from_active: tuple[Card, ...] = ()
    convert: dict[Card, Suit] = Field(default_factory=dict)


class JoinFight(Frozen):
    """Cry for help: a player joins the fight (side 0: the Hero's; 1: the defender's in PvP)."""

    kind: Literal["join"] = "join"
    player: int
    side: int = Field(0, ge=0, le=1)


class Flee(Frozen):
    """Run away: the player fights one penalty round, then escapes if alive."""

    kind: Literal["flee"] = "flee"
    player: int


class HealAndDefend(Frozen):
    """One heart played at the start of a round: HP up, no damage dealt this round."""

    kind: Literal["heal-and-defend"] = "heal-and-defend"
    player: int
    card: Card
    from_active: bool = False
    convert: Suit | None = None


class CombatRound(Frozen):
    """Score cards of every fighter still in the fight, in the fight's order: each as the
    cards drawn (one per point of Deal) or as their total."""

    kind: Literal["round"] = "round"
    scores: tuple[Score, ...]


class Disarm(Frozen):
    """One attempt at a chest trap: the Hero's score card and the trap's (cards or values)."""

    kind: Literal["disarm"] = "disarm"
    trap: Card
    hero_score: Card | Annotated[int, Field(ge=0, le=11)]
    trap_score: Card | Annotated[int, Field(ge=0, le=11)]


class PayFee(Frozen):
    """Cards of any suit paid to the Healer (worth at least the fee)."""

    kind: Literal["fee"] = "fee"
    cards: tuple[Card, ...] = ()
    from_active: tuple[Card, ...] = ()
    convert: dict[Card, Suit] = Field(default_factory=dict)


class Evade(Frozen):
    """The Hero's evasion draw against a Trap: one card plus one per active card."""

    kind: Literal["evade"] = "evade"
    score: Score


class CraftyEvasion(Frozen):
    """After evading: spades played to take their value off the trap's damage."""

    kind: Literal["crafty"] = "crafty"
    cards: tuple[Card, ...] = ()
    from_active: tuple[Card, ...] = ()
    convert: dict[Card, Suit] = Field(default_factory=dict)


class TakeDamage(Frozen):
    """The Hero plays no spades against the trap and takes the damage."""

    kind: Literal["take-damage"] = "take-damage"


class Abandon(Frozen):
    """The Hero walks away from a chest or a Healer: every card goes back to the deck."""

    kind: Literal["abandon"] = "abandon"


class DivideLoot(Frozen):
    """The Hero died in a Boss Battle: the surviving Allies divide the Boss stack."""

    kind: Literal["divide-loot"] = "divide-loot"
    shares: dict[int, tuple[Card, ...]]


class GoToTown(Frozen):
    """After a Trap: limp back to town instead of a second encounter."""

    kind: Literal["town"] = "town"


class PayTax(Frozen):
    """In town with too many cards: one card back to the deck (a named active card, or
    None for a card from the hand)."""

    kind: Literal["tax"] = "tax"
    card: Card | None = None


class Shop(Frozen):
    """Diamonds played for new cards from the deck (once per turn)."""

    kind: Literal["shop"] = "shop"
    cards: tuple[Card, ...] = ()
    from_active: tuple[Card, ...] = ()
    convert: dict[Card, Suit] = Field(default_factory=dict)


class Heal(Frozen):
    """Healing potions (hearts) played in town."""

    kind: Literal["heal"] = "heal"
    cards: tuple[Card, ...] = ()
    from_active: tuple[Card, ...] = ()
    convert: dict[Card, Suit] = Field(default_factory=dict)


class EndHeroTurn(Frozen):
    """The Hero leaves town; the player on their left becomes the Hero."""

    kind: Literal["end-turn"] = "end-turn"


class GiveCards(Frozen):
    """A bribe or a gift: cards from one player's hand (a count) and active cards (named)."""

    kind: Literal["give"] = "give"
    giver: int
    receiver: int
    cards: int = Field(0, ge=0)
    active: tuple[Card, ...] = ()


class ClaimWin(Frozen):
    """A player shows the cards of their hand that, with their active cards, make a Full
    Court or an Elemental Union."""

    kind: Literal["claim"] = "claim"
    player: int
    condition: Literal["full-court", "elemental-union"]
    cards: tuple[Card, ...] = ()


class Revolution(Frozen):
    """The deck ran out: the player(s) with the most cards are overthrown."""

    kind: Literal["revolution"] = "revolution"


Action = Annotated[
    NewHero | DrawEncounter | AttackPlayer | Activate | PlayIntoEncounter | JoinFight | Flee | HealAndDefend
    | CombatRound | Disarm | PayFee | Evade | CraftyEvasion | TakeDamage | Abandon | DivideLoot | GoToTown
    | PayTax | Shop | Heal | EndHeroTurn | GiveCards | ClaimWin | Revolution,
    Field(discriminator="kind"),
]


# --- helpers --------------------------------------------------------------------------------


@cache
def _deck(players: int, jokers: bool) -> Deck:
    return deck_for(players, jokers)


def _minus(have: Sequence[Card], take: Iterable[Card]) -> tuple[Card, ...] | None:
    """``have`` without ``take`` (as multisets); None if ``take`` is not all there."""
    left = list(have)
    for c in take:
        if c not in left:
            return None
        left.remove(c)
    return tuple(left)


def _score_total(score: Score) -> tuple[int, tuple[Card, ...] | None]:
    if isinstance(score, int):
        return score, None
    return total(score), tuple(score)


class _Work:
    """The lines an action produces, in order."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.revolutions: list[str] = []
        """the Glorious Revolutions of this step, as news ("Ann overthrown")"""

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)


# --- the game --------------------------------------------------------------------------------


class CardPeeGee(Game):
    id = "cardpeegee"
    name = "CardPeeGee"
    blurb = "A role-playing adventure: monsters, chests, healers, traps and town, with all the sums done."
    min_players = 1
    max_players = None
    rules_file = "cardpeegee.txt"
    Settings = CardPeeGeeSettings
    Setup = CardPeeGeeSetup
    State = CardPeeGeeState
    action_type = Action

    def deck(self, setup: Setup) -> Deck:
        return _deck(len(setup.players), setup.settings.jokers)

    def initial_state(self, setup: CardPeeGeeSetup) -> CardPeeGeeState:
        n = len(setup.players)
        deck = self.deck(setup)
        return CardPeeGeeState(
            setup=setup, packs=packs_for(n), deck_size=deck.size, deck=deck.size,
            heroes=tuple(Hero() for _ in range(n)),
        )

    # --- applying actions ------------------------------------------------------------------

    handlers = {NewHero: "_do_hero", DrawEncounter: "_do_encounter", AttackPlayer: "_do_attack",
                Activate: "_do_activate", PlayIntoEncounter: "_do_play", JoinFight: "_do_join", Flee: "_do_flee",
                HealAndDefend: "_do_heal_and_defend", CombatRound: "_do_round", Disarm: "_do_disarm",
                PayFee: "_do_fee", Evade: "_do_evade", CraftyEvasion: "_do_crafty", TakeDamage: "_do_take_damage",
                Abandon: "_do_abandon", DivideLoot: "_do_divide_loot", GoToTown: "_do_town", PayTax: "_do_tax",
                Shop: "_do_shop", Heal: "_do_heal", EndHeroTurn: "_do_end_turn", GiveCards: "_do_give",
                ClaimWin: "_do_claim", Revolution: "_do_revolution"}
    """each step's handler: ``(state, action, work) -> (state, news)``"""

    def apply(self, state: CardPeeGeeState, action) -> CardPeeGeeState:
        if self.is_over(state):
            raise IllegalAction("the game is over: undo to change it")
        handler = self.handler(action)
        work = _Work()
        s = state.model_copy(update={"step": state.step + 1})
        s, news = handler(s, action, work)
        if work.revolutions and s.settings.revolution_every_draw and not news.startswith("Glorious Revolution"):
            news = f"Glorious Revolution: {'; '.join(work.revolutions)} overthrown; {news}"
        s = self._check_end(s, work)
        return s.model_copy(update={"news": news, "working": tuple(work.lines)})

    # checks shared by the handlers

    def _cards_ok(self, s: CardPeeGeeState, cs: Iterable[Card | None]) -> None:
        deck = self.deck(s.setup)
        for c in cs:
            if c is not None and not deck.contains(c):
                if c.is_joker:
                    raise IllegalAction("this game is played without Jokers (see the settings)")
                if c.is_blank:
                    raise IllegalAction("the blank card is not in this game's deck")
                raise IllegalAction(f"{c.symbol} is not in the deck")

    def _player(self, s: CardPeeGeeState, p: int) -> Hero:
        if not 0 <= p < len(s.heroes):
            raise IllegalAction(f"there is no player {p}")
        hero = s.heroes[p]
        if not hero.alive:
            raise IllegalAction(f"{s.name(p)} is dead and out of the game")
        return hero

    def _expect(self, s: CardPeeGeeState, *phases: str) -> None:
        if s.phase in phases:
            return
        if s.phase == "heroes":
            raise IllegalAction("first enter every Hero's Character and HP")
        what = {
            "opening": "the opening round is on",
            "turn": f"{s.name(s.turn)} has not drawn an encounter yet",
            "encounter": "finish the encounter first",
            "after-trap": f"{s.name(s.turn)} chooses between a second encounter and town",
            "town": f"{s.name(s.turn)} is in town",
        }.get(s.phase, "not now")
        raise IllegalAction(what)

    def _encounter(self, s: CardPeeGeeState, *kinds: str):
        enc = s.encounter
        if s.phase != "encounter" or enc is None:
            raise IllegalAction("there is no encounter going on")
        if kinds and enc.kind not in kinds:
            raise IllegalAction(f"this is {ENCOUNTER_NAMES[enc.kind]}, not {ENCOUNTER_NAMES[kinds[0]]}")
        return enc

    def _battle(self, s: CardPeeGeeState) -> Battle:
        enc = self._encounter(s)
        battle = enc.battle_or_none
        if battle is None or (enc.kind == "boss" and enc.stage != "battle"):
            raise IllegalAction("there is no fight going on")
        return battle

    def _element(self, s: CardPeeGeeState, p: int) -> Suit | None:
        return s.heroes[p].character.suit if s.settings.elements else None

    def element(self, s: CardPeeGeeState, p: int) -> Suit | None:
        """A Hero's element (their Character's suit) when playing with Elements, else None."""
        h = s.heroes[p]
        return h.character.suit if s.settings.elements and h.character is not None else None

    # state edits

    def _hero(self, s: CardPeeGeeState, p: int, **changes) -> CardPeeGeeState:
        heroes = list(s.heroes)
        heroes[p] = heroes[p].model_copy(update=changes)
        return s.model_copy(update={"heroes": tuple(heroes)})

    def _hp(self, s: CardPeeGeeState, p: int, change: int, why: str) -> CardPeeGeeState:
        h = s.heroes[p]
        hp = h.hp + change
        log = h.hp_log + (HpChange(step=s.step, change=change, hp=hp, why=why),)
        return self._hero(s, p, hp=hp, hp_log=log)

    def _with_encounter(self, s: CardPeeGeeState, **changes) -> CardPeeGeeState:
        return s.model_copy(update={"encounter": s.encounter.model_copy(update=changes)})

    def _with_fighter(self, s: CardPeeGeeState, i: int, **changes) -> CardPeeGeeState:
        battle = s.encounter.battle
        fighters = list(battle.fighters)
        fighters[i] = fighters[i].model_copy(update=changes)
        return self._with_encounter(s, battle=battle.model_copy(update={"fighters": tuple(fighters)}))

    def _take(
        self, s: CardPeeGeeState, p: int, cs: Sequence[Card], from_active: Sequence[Card],
        conversions: dict[Card, Suit], in_fight: bool, suits: tuple[Suit, ...] | None, purpose: str,
    ) -> tuple[CardPeeGeeState, tuple[Played, ...], list[str]]:
        """Take played cards out of a player's hand and active display; convert them with the
        player's other active Jacks; check they count in a suit the purpose accepts."""
        hero = self._player(s, p)
        self._cards_ok(s, [*cs, *from_active, *conversions])
        everything = [*cs, *from_active]
        if not everything:
            raise IllegalAction("choose the cards to play")
        if any(c.is_joker for c in everything):
            raise IllegalAction("a Joker does nothing: keep it")
        if len(cs) > hero.hand:
            raise IllegalAction(f"{s.name(p)} has only {plural(hero.hand, 'card')} in hand")
        still_active = _minus(hero.active, from_active)
        if still_active is None:
            missing = [c.symbol for c in from_active if c not in hero.active]
            raise IllegalAction(f"{', '.join(missing) or 'that card'} is not one of {s.name(p)}'s active cards")
        stray = [c for c in conversions if c not in everything]
        if stray:
            raise IllegalAction(f"{symbols(stray)} is not among the cards played")
        try:
            converted, lines = convert(everything, still_active, conversions, in_fight)
            if suits is not None:
                check_suits(converted, suits, purpose)
        except RuleError as exc:
            raise IllegalAction(str(exc)) from None
        s = self._hero(s, p, hand=hero.hand - len(cs), active=still_active)
        return s, converted, lines

    # --- setting up ---------------------------------------------------------------------------

    def _do_hero(self, s: CardPeeGeeState, a: NewHero, w: _Work):
        self._expect(s, "heroes")
        if not 0 <= a.player < len(s.heroes):
            raise IllegalAction(f"there is no player {a.player}")
        if s.heroes[a.player].ready:
            raise IllegalAction(f"{s.name(a.player)}'s Hero is already entered")
        settings = s.settings
        self._cards_ok(s, [a.character, *a.hp_cards])
        c = a.character
        if c.is_joker:
            raise IllegalAction("a Joker cannot be a Character: it has no suit")
        if settings.everyman:
            if value(c) < settings.everyman_lowest:
                raise IllegalAction(
                    f"{c.symbol} is worth {value(c)}: Characters worth less than {settings.everyman_lowest} "
                    "are put back (see the settings)"
                )
            if value(c) > settings.everyman_highest:
                raise IllegalAction(
                    f"{c.symbol} is worth {value(c)}: Characters worth more than {settings.everyman_highest} "
                    "are put back (see the settings)"
                )
        elif c.rank not in (Rank.KING, Rank.QUEEN):
            raise IllegalAction(f"Characters are Kings and Queens (Everyman is off): {c.symbol} is neither")
        if len(a.hp_cards) != settings.hp_cards:
            raise IllegalAction(f"enter the {plural(settings.hp_cards, 'card')} drawn for the starting HP")
        hp, line = starting_hp(a.hp_cards, settings.hp_base)
        taken = 1 + settings.hand_size
        if s.deck < taken + len(a.hp_cards):
            raise IllegalAction("the deck does not hold enough cards for another Hero")
        s = self._hero(s, a.player, ready=True, character=c, hand=settings.hand_size)
        s = self._hp(s, a.player, hp, "starting HP")
        s = s.model_copy(update={"deck": s.deck - taken})
        name = s.name(a.player)
        attack, attack_text = self.base_attack(s, a.player)
        w.add(f"{name}'s Character: {c.symbol} (base Attack "
              + (attack_text.replace(f" ({c.symbol} ", " (", 1) if settings.hero_attack_bonus else str(attack)) +
              (f", {c.suit.word} element)" if settings.elements else ")"), line,
              f"{name} draws a hand of {plural(settings.hand_size, 'card')}")
        news = f"{name}'s Hero: {c.symbol}, {hp} HP"
        if all(h.ready for h in s.heroes):
            if settings.opening_sale or settings.eat_your_greens:
                s = s.model_copy(update={"phase": "opening", "turn": 0, "town": TownVisit(opening=True)})
                w.add(f"Opening round: {s.name(0)} first")
            else:
                s = s.model_copy(update={"phase": "turn", "turn": 0})
                w.add(f"{s.name(0)} is the first Hero")
        return s, news

    # --- the start of a turn -------------------------------------------------------------------

    def _do_encounter(self, s: CardPeeGeeState, a: DrawEncounter, w: _Work):
        self._expect(s, "turn", "after-trap")
        p = s.turn
        settings = s.settings
        self._cards_ok(s, [a.agitator, *a.props, a.beast])
        try:
            kind = encounter_kind(a.agitator, settings.boss_battles)
        except RuleError as exc:
            raise IllegalAction(str(exc)) from None
        wants_beast = kind == "monster" and settings.elemental_beasts
        if wants_beast and a.beast is None:
            raise IllegalAction("Elemental beasts: draw one more card for the Monster's element")
        if not wants_beast and a.beast is not None:
            raise IllegalAction("only a Monster under the Elemental beasts rule gets an extra card")
        if a.beast is not None and a.beast.is_joker:
            raise IllegalAction("a Joker has no element: put it back and draw another card for the beast")
        needed, why = self.props_needed(s)
        s = self._revolution_if_due(s, 1 + needed + (1 if wants_beast else 0), w, f"{s.name(p)}'s encounter")
        if not s.heroes[p].alive:  # overthrown, and the revolution is deadly: no encounter
            return s, f"Glorious Revolution: {s.name(p)} is overthrown before the encounter"
        can_draw = s.deck - 1 - (1 if wants_beast else 0)
        if can_draw < 0:
            raise IllegalAction("the deck has run out: the Glorious Revolution is due")
        expected = min(needed, can_draw)
        if len(a.props) != expected:
            level = f" ({why})" if "Level Up" in why else ""
            short = f": the deck holds only {s.deck} cards" if expected < needed else ""
            raise IllegalAction(f"enter {plural(expected, 'prop')}{level}{short}")
        drawn = (a.agitator, *a.props) + ((a.beast,) if a.beast else ())
        s = s.model_copy(update={"deck": s.deck - len(drawn), "encounters": s.encounters + 1,
                                 "phase": "encounter"})
        second = s.encounters > 1
        w.add(f"agitator {a.agitator.symbol}, props {symbols(a.props) or 'none'} ({why})")
        base = dict(agitator=a.agitator, props=a.props, cards=drawn, second=second)
        hero_name = s.name(p)
        if kind == "monster":
            stats = monster(a.agitator, a.props, a.beast, settings.elements, settings.monster_deal)
            m = Combatant(name=f"the Monster {a.agitator.symbol}", side=1, card=a.agitator, hp=stats.hp,
                        attack=stats.attack, deal=stats.deal, element=stats.element, working=stats.explanation)
            battle = Battle(fighters=(self._new_fighter(s, p, 0), m), can_flee=True)
            s = s.model_copy(update={"encounter": MonsterEncounter(beast=a.beast, battle=battle,
                                                                    working=stats.explanation, **base)})
            w.add(*stats.explanation)
            return s, (f"{hero_name} meets a Monster {a.agitator.symbol}: HP {stats.hp}, Attack {stats.attack}, "
                       f"Deal {stats.deal}")
        if kind == "boss":
            return self._start_boss(s, p, base, w)
        if kind == "chest":
            stats = chest(a.agitator, a.props)
            enc = ChestEncounter(loot=stats.loot, traps=stats.traps, working=stats.explanation, **base)
            s = s.model_copy(update={"encounter": enc})
            w.add(*stats.explanation)
            if not stats.traps:
                s = self._finish(s, w, {p: len(stats.loot)})
                return s, f"{hero_name} opens a treasure chest: {symbols(stats.loot)}"
            return s, f"{hero_name} finds a treasure chest with {plural(len(stats.traps), 'trap')}"
        if kind == "healer":
            stats = healer(a.agitator, a.props, settings.gratitude)
            w.add(*stats.explanation)
            battle = None
            if stats.jailors:
                fighters = [self._new_fighter(s, p, 0)]
                names = Counter()
                for j in stats.jailors:
                    js = jailor(j, settings.elements)
                    names[j] += 1
                    label = f"jailor {j.symbol}" + (f" ({names[j]})" if names[j] > 1 else "")
                    fighters.append(Combatant(name=label, side=1, card=j, hp=js.hp, attack=js.attack, deal=js.deal,
                                            element=js.element, working=js.explanation))
                battle = Battle(fighters=tuple(fighters), can_flee=True, play_between_rounds=True)
            enc = HealerEncounter(heal=stats.heal, fee=stats.fee, reward=stats.reward, potions=stats.potions,
                                  battle=battle, working=stats.explanation, **base)
            s = s.model_copy(update={"encounter": enc})
            if battle is None and stats.fee == 0:
                s = self._healed(s, w)
                return s, f"{hero_name} meets a Healer: +{stats.heal} HP"
            return s, f"{hero_name} meets a Healer ({stats.heal} HP)" + (
                f", held by {plural(len(stats.jailors), 'jailor')}" if stats.jailors else f", fee {stats.fee}")
        stats = trap(a.agitator, a.props)
        s = s.model_copy(update={"encounter": TrapEncounter(difficulty=stats.difficulty, damage=stats.damage,
                                                             working=stats.explanation, **base)})
        w.add(*stats.explanation, f"{hero_name} draws {plural(self.evasion_draw(s), 'card')} to evade")
        return s, f"{hero_name} springs a Trap: difficulty {stats.difficulty}, damage {stats.damage}"

    def _start_boss(self, s: CardPeeGeeState, p: int, base: dict, w: _Work):
        settings = s.settings
        stack = (base["agitator"], *base["props"])
        bosses = boss_stack(stack, settings.super_powers, base=settings.boss_base, base_deal=settings.boss_deal)
        fighters = [self._new_fighter(s, p, 0)]
        working: list[str] = [line for b in bosses for line in b.explanation]
        if settings.super_powers:
            others = [Contestant(player=q, name=s.name(q), character=h.character.suit,
                                 active=tuple(c.suit for c in h.active))
                      for q, h in enumerate(s.heroes) if q != p and h.alive]
            sides, why = super_powers(stack, others)
            working += why
            for q in sorted(sides):
                fighters.append(self._new_fighter(s, q, sides[q], forced=True))
        positions = [i for i, c in enumerate(stack) if c.rank.is_face]
        seen: Counter[Card] = Counter()
        for b, pos in zip(bosses, positions):
            seen[b.card] += 1
            label = f"Boss {b.card.symbol}" + (f" ({seen[b.card]})" if seen[b.card] > 1 else "")
            fighters.append(Combatant(name=label, side=1, card=b.card, index=pos, hp=b.hp,
                                    attack=b.attack, deal=b.deal,
                                    element=b.card.suit if settings.elements else None, working=b.explanation))
        w.add(*working)
        battle = Battle(fighters=tuple(fighters), can_flee=False)
        s = s.model_copy(update={"encounter": BossEncounter(stack=stack, battle=battle, working=tuple(working),
                                                             **base)})
        listing = ", ".join(f"{b.card.symbol} {b.hp}/{b.attack}/{b.deal}" for b in bosses)
        return s, f"{s.name(p)} faces a Boss Battle: {listing} (HP/Attack/Deal)"

    def _do_attack(self, s: CardPeeGeeState, a: AttackPlayer, w: _Work):
        self._expect(s, "turn")
        if not s.settings.pvp:
            raise IllegalAction("PvP is off (see the settings)")
        p = s.turn
        if a.defender == p:
            raise IllegalAction("a Hero cannot attack themselves")
        self._player(s, a.defender)
        battle = Battle(fighters=(self._new_fighter(s, p, 0), self._new_fighter(s, a.defender, 1)))
        s = s.model_copy(update={
            "phase": "encounter", "encounters": s.encounters + 1,
            "encounter": PvpEncounter(attacker=p, defender=a.defender, battle=battle),
        })
        w.add(*battle.fighters[0].working, *battle.fighters[1].working)
        return s, f"{s.name(p)} attacks {s.name(a.defender)}"

    # --- fighters -------------------------------------------------------------------------------

    def _player_numbers(self, s: CardPeeGeeState, p: int, played: Sequence[Played]) -> tuple[int, int, tuple[str, ...]]:
        """A player's Attack and Deal in a fight: base Attack (the Character's value) + clubs
        played, Deal 3 + spades played, bonuses from the cards active now."""
        hero = s.heroes[p]
        name = s.name(p)
        base, base_text = self.base_attack(s, p)
        lines = []
        if not played:
            hd = s.settings.hero_deal
            return base, hd, (f"{name}: Attack {base_text}, Deal {hd}",)
        pv = value_played(played, hero.active, self._element(s, p))
        clubs, deal = pv.values[Suit.CLUBS], pv.deal
        lines.extend(pv.explanation)
        hd = s.settings.hero_deal
        lines.append(f"{name}: Attack {base_text} + {clubs} = {base + clubs}, "
                     f"Deal {hd} + {deal} = {hd + deal}")
        return base + clubs, hd + deal, tuple(lines)

    def base_attack(self, s: CardPeeGeeState, p: int) -> tuple[int, str]:
        """A Hero's base Attack: their Character's value plus the Hero's Attack bonus (a
        setting, "Check the numbers"), never below 0; and its working ("12 (K♥ 10 + 2, the
        Hero's Attack bonus)")."""
        character = s.heroes[p].character
        bonus = s.settings.hero_attack_bonus
        if not bonus:
            return value(character), f"{value(character)} ({character.symbol})"
        base = max(0, value(character) + bonus)
        sign = "+" if bonus > 0 else "−"
        floor = ", never below 0" if value(character) + bonus < 0 else ""
        return base, (f"{base} ({character.symbol} {value(character)} {sign} {abs(bonus)}, "
                      f"the Hero's Attack bonus{floor})")

    def _new_fighter(self, s: CardPeeGeeState, p: int, side: int, forced: bool = False) -> Combatant:
        attack, deal, working = self._player_numbers(s, p, ())
        return Combatant(name=s.name(p), side=side, player=p, attack=attack, deal=deal,
                       element=self._element(s, p), working=working, forced=forced)

    def _refresh(self, s: CardPeeGeeState, p: int) -> CardPeeGeeState:
        """Work out again what depends on a player's played and active cards."""
        enc = s.encounter
        if enc is None or s.phase != "encounter":
            return s
        battle = enc.battle_or_none
        if battle is not None:
            i = battle.of_player(p)
            if i is not None and battle.fighters[i].live:
                attack, deal, working = self._player_numbers(s, p, battle.fighters[i].played)
                s = self._with_fighter(s, i, attack=attack, deal=deal, working=working)
        if enc.kind == "chest" and p == s.turn:
            score, working = disarm_score(enc.played, s.heroes[p].active, self._element(s, p))
            s = self._with_encounter(s, disarm_score=score, disarm_working=working)
        return s

    def _prep_window(self, s: CardPeeGeeState, p: int) -> int:
        """The fighter index of a player who may play or activate cards in the fight now."""
        battle = self._battle(s)
        i = battle.of_player(p)
        if i is None:
            raise IllegalAction(f"{s.name(p)} is not in the fight")
        f = battle.fighters[i]
        if not f.live:
            raise IllegalAction(f"{s.name(p)} is out of the fight ({f.out})")
        if f.rounds and not (battle.play_between_rounds and f.side == 0):
            raise IllegalAction(f"{s.name(p)} can play and activate cards only before their first round")
        return i

    # --- cards on display and played --------------------------------------------------------------

    def _do_activate(self, s: CardPeeGeeState, a: Activate, w: _Work):
        hero = self._player(s, a.player)
        self._cards_ok(s, a.cards)
        name = s.name(a.player)
        if not a.cards:
            raise IllegalAction("choose the Jacks and Aces to activate")
        wrong = [c.symbol for c in a.cards if c.rank not in (Rank.JACK, Rank.ACE)]
        if wrong:
            raise IllegalAction(f"only Jacks and Aces can be activated, not {', '.join(wrong)}")
        if len(a.cards) > hero.hand:
            raise IllegalAction(f"{name} has only {plural(hero.hand, 'card')} in hand")
        why = self.activation_window(s, a.player)
        if why:
            raise IllegalAction(why)
        s = self._hero(s, a.player, hand=hero.hand - len(a.cards), active=hero.active + tuple(a.cards))
        s = self._refresh(s, a.player)
        doubled = [c.symbol for c in a.cards if c in hero.active]
        w.add(f"{name} activates {symbols(a.cards)}")
        if doubled:
            w.add(f"{', '.join(doubled)} was already active: active effects don't double up")
        self._note_refresh(s, a.player, w)
        return s, f"{name} activates {symbols(a.cards)}"

    def activation_window(self, s: CardPeeGeeState, p: int) -> str:
        """"" when player ``p`` may activate cards now, else why not."""
        if s.phase in ("opening", "town"):
            return "" if p == s.turn else f"only {s.name(s.turn)} is in town"
        if s.phase != "encounter":
            return "cards are activated in town or when an encounter allows it"
        enc = s.encounter
        if enc.kind == "trap":
            return "traps are sprung without warning: no time to activate cards"
        if enc.kind == "chest" or (enc.kind == "healer" and enc.battle is None):
            return "" if p == s.turn else "only the Hero activates cards here"
        try:
            self._prep_window(s, p)
        except IllegalAction as exc:
            return str(exc)
        return ""

    def _note_refresh(self, s: CardPeeGeeState, p: int, w: _Work) -> None:
        enc = s.encounter
        if enc is None or s.phase != "encounter":
            return
        battle = enc.battle_or_none
        if battle is not None:
            i = battle.of_player(p)
            if i is not None and battle.fighters[i].live:
                w.add(*battle.fighters[i].working)
        if enc.kind == "chest" and p == s.turn:
            w.add(*enc.disarm_working)

    def _do_play(self, s: CardPeeGeeState, a: PlayIntoEncounter, w: _Work):
        self._expect(s, "encounter")
        self._player(s, a.player)
        enc = s.encounter
        name = s.name(a.player)
        if enc.kind == "chest":
            if a.player != s.turn:
                raise IllegalAction("only the Hero plays cards on a chest")
            s, played, lines = self._take(s, a.player, a.cards, a.from_active, a.convert, False,
                                          (Suit.SPADES,), "disarming")
            s = self._with_encounter(s, played=enc.played + played)
            s = self._refresh(s, a.player)
            w.add(*lines)
            self._note_refresh(s, a.player, w)
            return s, f"{name} plays {symbols(p.card for p in played)}: disarm score {s.encounter.disarm_score}"
        if enc.battle_or_none is None:
            raise IllegalAction("cards are played here only to pay the fee")
        i = self._prep_window(s, a.player)
        s, played, lines = self._take(s, a.player, a.cards, a.from_active, a.convert, True,
                                      (Suit.CLUBS, Suit.SPADES), "a fight")
        f = s.encounter.battle.fighters[i]
        s = self._with_fighter(s, i, played=f.played + played)
        s = self._refresh(s, a.player)
        f = s.encounter.battle.fighters[i]
        w.add(*lines)
        self._note_refresh(s, a.player, w)
        return s, f"{name} plays {symbols(p.card for p in played)}: Attack {f.attack}, Deal {f.deal}"

    # --- fights ----------------------------------------------------------------------------------

    def _do_join(self, s: CardPeeGeeState, a: JoinFight, w: _Work):
        battle = self._battle(s)
        enc = s.encounter
        if not s.settings.cry_for_help:
            raise IllegalAction("Cry for help is off (see the settings)")
        self._player(s, a.player)
        name = s.name(a.player)
        if battle.of_player(a.player) is not None:
            raise IllegalAction(f"{name} is already part of this fight")
        if a.side == 1 and enc.kind != "pvp":
            raise IllegalAction("players join the Hero's side (only in PvP can they help the defender)")
        f = self._new_fighter(s, a.player, a.side)
        s = self._with_encounter(s, battle=battle.model_copy(update={"fighters": battle.fighters + (f,)}))
        with_whom = s.name(enc.defender) if a.side == 1 else s.name(s.turn)
        w.add(f"{name} joins the fight with {with_whom}", *f.working)
        return s, f"{name} joins the fight on {with_whom}'s side"

    def _do_flee(self, s: CardPeeGeeState, a: Flee, w: _Work):
        battle = self._battle(s)
        if not battle.can_flee:
            raise IllegalAction("a Boss Battle may not be escaped")
        if not s.settings.run_away:
            raise IllegalAction("Run away is off (see the settings)")
        self._player(s, a.player)
        i = battle.of_player(a.player)
        if i is None or not battle.fighters[i].live:
            raise IllegalAction(f"{s.name(a.player)} is not in the fight")
        if battle.fighters[i].fleeing:
            raise IllegalAction(f"{s.name(a.player)} is already fleeing")
        s = self._with_fighter(s, i, fleeing=True)
        deal, why = self._round_deal(s.encounter.battle, i)
        w.add(f"{s.name(a.player)} flees: one penalty round first, {why}",
              "they take damage as normal if they lose, but deal none if they win")
        return s, f"{s.name(a.player)} tries to run away (Deal {deal} for the penalty round)"

    def _round_deal(self, battle: Battle, i: int) -> tuple[int, str]:
        f = battle.fighters[i]
        if not f.fleeing:
            return f.deal, ""
        # "if there will be at least one player still fighting after they flee": any player,
        # on either side (a PvP opponent too); a Monster or a Boss is not a player
        others = [g for j, g in enumerate(battle.fighters)
                  if j != i and g.live and g.player is not None and not g.fleeing]
        return flee_deal(f.deal, bool(others))

    def _do_heal_and_defend(self, s: CardPeeGeeState, a: HealAndDefend, w: _Work):
        battle = self._battle(s)
        if not s.settings.heal_and_defend:
            raise IllegalAction("Heal and defend is off (see the settings)")
        self._player(s, a.player)
        i = battle.of_player(a.player)
        if i is None or not battle.fighters[i].live:
            raise IllegalAction(f"{s.name(a.player)} is not in the fight")
        if battle.fighters[i].defending:
            raise IllegalAction(f"{s.name(a.player)} already healed this round: one heart per round")
        cs, active = ((), (a.card,)) if a.from_active else ((a.card,), ())
        conv = {a.card: a.convert} if a.convert else {}
        s, played, lines = self._take(s, a.player, cs, active, conv, True, (Suit.HEARTS,), "heal and defend")
        pv = value_played(played, s.heroes[a.player].active, self._element(s, a.player))
        heal = pv.values[Suit.HEARTS]
        s = self._hp(s, a.player, heal, f"heal and defend with {a.card.symbol}")
        s = s.model_copy(update={"deck": s.deck + 1})
        s = self._with_fighter(s, i, defending=True)
        s = self._refresh(s, a.player)
        w.add(*lines, *pv.explanation, f"{s.name(a.player)} heals {heal} HP → {s.heroes[a.player].hp}; "
              "no damage dealt this round; the card is discarded")
        return s, f"{s.name(a.player)} heals and defends with {a.card.symbol}: +{heal} HP"

    def _do_round(self, s: CardPeeGeeState, a: CombatRound, w: _Work):
        battle = self._battle(s)
        enc = s.encounter
        live = battle.live()
        names = ", ".join(battle.fighters[i].name for i in live)
        if len(a.scores) != len(live):
            raise IllegalAction(f"enter score cards for {plural(len(live), 'fighter')}, in order: {names}")
        self._cards_ok(s, [c for score in a.scores if not isinstance(score, int) for c in score])
        revolted = ""
        if s.settings.revolution_every_draw:
            draw = sum(self._round_deal(battle, i)[0] for i in live)
            s = self._before_draw(s, draw, w, "the round's draw of score cards")
            if w.revolutions:
                revolted = " after the Glorious Revolution"
                if self.stage(s) != "battle" or s.encounter.battle.live() != live:
                    w.add("the round is not fought: the fight changed; enter the score cards again")
                    return s, f"Glorious Revolution before round {battle.rounds + 1}"
                battle = s.encounter.battle
                enc = s.encounter
        fighters: list[RoundFighter] = []
        for i, score in zip(live, a.scores):
            f = battle.fighters[i]
            deal, why = self._round_deal(battle, i)
            drawn, shown = _score_total(score)
            if shown is not None:
                self._cards_ok(s, shown)
            refusal = draw_refusal(deal, drawn, shown, f.name, why=f" (Deal {deal}{revolted})")
            if refusal:
                raise IllegalAction(refusal)
            if why:
                w.add(f"{f.name} flees: {why}")
            no_damage = "fleeing" if f.fleeing else ("healing and defending" if f.defending else "")
            fighters.append(RoundFighter(name=f.name, side=f.side, attack=f.attack, element=f.element,
                                         drawn=drawn, cards=shown, deals_damage=not no_damage,
                                         why_no_damage=no_damage))
        result = battle_round(fighters, s.settings.critical_strikes)
        number = battle.rounds + 1
        w.add(f"Round {number}:", *result.explanation)
        # the damage of the round, all at once
        updated = list(battle.fighters)
        for i, loss in zip(live, result.hp_loss):
            f = updated[i]
            if not loss:
                continue
            if f.player is not None:
                s = self._hp(s, f.player, -loss, f"round {number} of the fight")
            else:
                updated[i] = f.model_copy(update={"hp": f.hp - loss})
        deaths, fled = [], []
        for i in live:
            f = updated[i]
            out = after_round(s.heroes[f.player].hp if f.player is not None else f.hp, f.fleeing)
            if out == "dead":
                updated[i] = f.model_copy(update={"out": "dead", "rounds": f.rounds + 1, "fleeing": False,
                                                  "defending": False})
                deaths.append(i)
            elif out == "fled":
                updated[i] = f.model_copy(update={"out": "fled", "rounds": f.rounds + 1, "fleeing": False,
                                                  "defending": False})
                fled.append(i)
            else:
                updated[i] = f.model_copy(update={"rounds": f.rounds + 1, "defending": False})
        battle = battle.model_copy(update={"fighters": tuple(updated), "rounds": number, "last": result,
                                           "last_deaths": tuple(updated[i].name for i in deaths)})
        s = self._with_encounter(s, battle=battle)
        for i in fled:
            w.add(f"{updated[i].name} escapes and is no longer in the fight")
        for i in deaths:
            f = updated[i]
            if f.player is not None:
                taker = None
                if enc.kind == "pvp" and f.player in (enc.attacker, enc.defender):
                    other = enc.defender if f.player == enc.attacker else enc.attacker
                    if s.heroes[other].hp > 0:
                        taker = other
                s = self._kill(s, f.player, f"killed in round {number} of a fight", w, taker)
            else:
                w.add(f"{f.name} is dead" + (" and turned face down" if enc.kind == "boss" else ""))
        if enc.kind == "boss" and any(updated[i].card is not None for i in deaths):
            s = self._recount_bosses(s, w)
        losses = [f"{battle.fighters[i].name} −{loss}" for i, loss in zip(live, result.hp_loss) if loss]
        news = f"Round {number}: " + ", ".join(
            f"{battle.fighters[i].name} {sc}" for i, sc in zip(live, result.raw_scores))
        news += " → " + (", ".join(losses) if losses else "no damage")
        if deaths:
            news += "; " + ", ".join(battle.fighters[i].name for i in deaths) + " dead"
        s = self._after_round(s, w)
        return s, news

    def _recount_bosses(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        """A dead Boss is turned face down: it stops being a prop, so the living Bosses'
        Attack and Deal are worked out again (their HP stays)."""
        enc = s.encounter
        battle = enc.battle
        down = [f.index for f in battle.fighters if f.card is not None and f.out == "dead"]
        positions = [i for i, c in enumerate(enc.stack) if c.rank.is_face and i not in down]
        stats = dict(zip(positions, boss_stack(enc.stack, s.settings.super_powers, down, base=s.settings.boss_base,
                                               base_deal=s.settings.boss_deal)))
        fighters = list(battle.fighters)
        for i, f in enumerate(fighters):
            if f.index is not None and f.live and f.index in stats:
                b = stats[f.index]
                if (b.attack, b.deal) != (f.attack, f.deal):
                    w.add(f"{f.name} without the face-down Boss: Attack {f.attack} → {b.attack}, "
                          f"Deal {f.deal} → {b.deal}")
                fighters[i] = f.model_copy(update={"attack": b.attack, "deal": b.deal,
                                                   "working": b.explanation[1:]})
        return self._with_encounter(s, battle=battle.model_copy(update={"fighters": tuple(fighters)}))

    def _after_round(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        """End the fight when one side has nobody left."""
        enc = s.encounter
        battle = enc.battle
        p = s.turn
        hero_i = battle.of_player(p) if enc.kind != "pvp" else battle.of_player(enc.attacker)
        hero_in = hero_i is not None and battle.fighters[hero_i].live
        if enc.kind == "healer" and not hero_in:
            w.add("the Hero is out of the fight: no healing")
            return self._finish(s, w)
        if battle.side_live(0) and battle.side_live(1):
            return s
        won = battle.side_live(0)
        if enc.kind == "monster":
            if won and hero_in:
                w.add(f"the Monster is dead: {s.name(p)} claims the props {symbols(enc.props) or '(none)'}")
                return self._finish(s, w, {p: len(enc.props)})
            w.add("the fight is over" + ("; the Hero is not in it, so nobody claims the props" if won else ""))
            return self._finish(s, w)
        if enc.kind == "pvp":
            w.add("the fight is over")
            return self._finish(s, w)
        if enc.kind == "healer":
            freed = battle.fighters and not battle.side_live(1)
            played = enc.played_count()
            s = self._with_encounter(s, battle=None)
            s = s.model_copy(update={"deck": s.deck + played})
            if freed:
                w.add("the jailors are defeated" + (f"; the {plural(played, 'card')} played in the fight "
                                                   "are discarded" if played else ""))
                if s.encounter.fee:
                    w.add(f"the Healer asks a fee of {s.encounter.fee}")
                    return s
                return self._healed(s, w)
            return self._finish(s, w)
        # boss
        if not won:
            w.add("nobody is left on the Hero's side: the Bosses win")
            return self._finish(s, w)
        if hero_in:
            w.add(f"every Boss is dead: {s.name(p)} claims the whole stack {symbols(enc.stack)}")
            return self._finish(s, w, {p: len(enc.stack)})
        allies = tuple(f.player for f in battle.fighters if f.live and f.side == 0 and f.player is not None)
        if len(allies) == 1:
            w.add(f"the Hero died: {s.name(allies[0])}, the surviving Ally, claims the stack")
            return self._finish(s, w, {allies[0]: len(enc.stack)})
        w.add("the Hero died: the surviving Allies divide the stack " + symbols(enc.stack))
        return self._with_encounter(s, stage="divide-loot", sharers=allies)

    def _do_divide_loot(self, s: CardPeeGeeState, a: DivideLoot, w: _Work):
        enc = self._encounter(s, "boss")
        if enc.stage != "divide-loot":
            raise IllegalAction("there is no loot to divide")
        if set(a.shares) - set(enc.sharers):
            raise IllegalAction("only the surviving Allies share the loot: "
                                + ", ".join(s.name(q) for q in enc.sharers))
        given = [c for q in sorted(a.shares) for c in a.shares[q]]
        if sorted(given) != sorted(enc.stack):
            raise IllegalAction(f"share out exactly the stack: {symbols(enc.stack)}")
        for q in sorted(a.shares):
            if a.shares[q]:
                w.add(f"{s.name(q)} takes {symbols(a.shares[q])}")
        s = self._finish(s, w, {q: len(cs) for q, cs in a.shares.items()})
        return s, "The Allies divide the loot: " + "; ".join(
            f"{s.name(q)} {symbols(cs)}" for q, cs in sorted(a.shares.items()) if cs)

    # --- treasure chests -------------------------------------------------------------------------

    def _do_disarm(self, s: CardPeeGeeState, a: Disarm, w: _Work):
        enc = self._encounter(s, "chest")
        if a.trap not in enc.traps:
            raise IllegalAction(f"{a.trap.symbol} is not an armed trap of this chest: {symbols(enc.traps)}")
        self._cards_ok(s, [a.hero_score if isinstance(a.hero_score, Card) else None,
                           a.trap_score if isinstance(a.trap_score, Card) else None])
        hero_draw = value(a.hero_score) if isinstance(a.hero_score, Card) else a.hero_score
        trap_draw = value(a.trap_score) if isinstance(a.trap_score, Card) else a.trap_score
        p = s.turn
        name = s.name(p)
        if s.settings.revolution_every_draw:
            s = self._before_draw(s, 2, w, "the disarm draw (the Hero's and the trap's score card)")
            if w.revolutions:
                if self.stage(s) != "disarm":
                    return s, f"Glorious Revolution before {name}'s disarm attempt"
                enc = s.encounter
                w.add(f"the disarm attempt goes on with the disarm score {enc.disarm_score}")
        attempt = disarm(a.trap, enc.disarm_score, hero_draw, trap_draw)
        w.add(*attempt.explanation)
        s = self._with_encounter(s, attempts=enc.attempts + 1, last=attempt)
        if attempt.result == "disarmed":
            traps = _minus(enc.traps, [a.trap])
            on_table = _minus(enc.cards, [a.trap])
            s = self._with_encounter(s, traps=traps, cards=on_table)
            if s.settings.salvage:
                s = self._hero(s, p, hand=s.heroes[p].hand + 1)
                w.add(f"salvage: {a.trap.symbol} goes to {name}'s hand")
            else:
                s = s.model_copy(update={"deck": s.deck + 1})
            if not traps:
                w.add(f"every trap is disarmed: {name} claims the loot {symbols(enc.loot) or '(nothing)'}")
                s = self._finish(s, w, {p: len(enc.loot)})
            return s, f"{name} disarms {a.trap.symbol} ({attempt.hero_total} against {attempt.trap_total})"
        if attempt.result == "triggered":
            s = self._hp(s, p, -attempt.hp_loss, f"chest trap {a.trap.symbol} triggered")
            if s.heroes[p].hp <= 0:
                s = self._kill(s, p, f"killed by the chest trap {a.trap.symbol}", w)
                s = self._finish(s, w)
            return s, (f"{a.trap.symbol} is triggered ({attempt.trap_total} against {attempt.hero_total}): "
                       f"{name} loses {attempt.hp_loss} HP")
        return s, f"{a.trap.symbol}: {attempt.hero_total} against {attempt.trap_total}, still armed"

    def _do_abandon(self, s: CardPeeGeeState, a: Abandon, w: _Work):
        enc = self._encounter(s)
        if enc.kind not in ("chest", "healer"):
            raise IllegalAction("only a treasure chest or a Healer can be abandoned")
        what = "the chest" if enc.kind == "chest" else "the Healer"
        w.add(f"{s.name(s.turn)} abandons {what}: every card goes back to the deck")
        s = self._finish(s, w)
        return s, f"{s.name(s.turn)} abandons {what}"

    # --- Healers ---------------------------------------------------------------------------------

    def _do_fee(self, s: CardPeeGeeState, a: PayFee, w: _Work):
        enc = self._encounter(s, "healer")
        if enc.battle is not None:
            raise IllegalAction("first defeat the jailors")
        p = s.turn
        s, played, lines = self._take(s, p, a.cards, a.from_active, a.convert, False, None, "the fee")
        pv = value_played(played, s.heroes[p].active, self._element(s, p))
        w.add(*lines, *pv.explanation)
        paid, why = fee_paid(pv.total, enc.fee)
        if not paid:
            raise IllegalAction(why)
        w.add(why)
        s = s.model_copy(update={"deck": s.deck + len(played)})
        s = self._with_encounter(s, fee=0)
        s = self._healed(s, w)
        return s, f"{s.name(p)} pays the Healer {pv.total} and heals {enc.heal} HP"

    def _healed(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        enc = s.encounter
        p = s.turn
        s = self._hp(s, p, enc.heal, f"healed by the Healer {enc.agitator.symbol}")
        w.add(f"the Healer heals {s.name(p)}: +{enc.heal} HP → {s.heroes[p].hp}")
        gained = enc.potions + enc.reward
        if gained:
            w.add(f"{symbols(gained)} go to {s.name(p)}'s hand")
        return self._finish(s, w, {p: len(gained)})

    # --- Traps -------------------------------------------------------------------------------------

    def evasion_draw(self, s: CardPeeGeeState) -> int:
        """Cards the Hero draws to evade a trap: one, plus one per active card."""
        return evasion_draw(len(s.heroes[s.turn].active))

    def _do_evade(self, s: CardPeeGeeState, a: Evade, w: _Work):
        enc = self._encounter(s, "trap")
        if enc.pending is not None:
            raise IllegalAction("the evasion is already drawn")
        self._cards_ok(s, () if isinstance(a.score, int) else a.score)
        n = self.evasion_draw(s)
        revolted = ""
        if s.settings.revolution_every_draw:
            s = self._before_draw(s, n, w, f"{s.name(s.turn)}'s evasion draw")
            if w.revolutions:
                if self.stage(s) != "evade":
                    return s, f"Glorious Revolution before {s.name(s.turn)}'s evasion draw"
                n, revolted = self.evasion_draw(s), " after the Glorious Revolution"
        drawn, shown = _score_total(a.score)
        if shown is not None:
            self._cards_ok(s, shown)
        refusal = draw_refusal(n, drawn, shown, "the Hero", "card", f" (one plus one per active card{revolted})")
        if refusal:
            raise IllegalAction(refusal)
        stats = trap(enc.agitator, enc.props)
        outcome = trap_outcome(stats, drawn, evasion_cards=shown)
        p = s.turn
        hero = s.heroes[p]
        if outcome.evaded and outcome.hp_loss and s.settings.crafty_evasion and (hero.hand or hero.active):
            w.add(*outcome.explanation[:-1], "crafty evasion: the Hero may play spades to reduce the damage")
            s = self._with_encounter(s, pending=outcome)
            return s, f"{s.name(p)} evades with {drawn}: damage down to {outcome.hp_loss} unless spades reduce it"
        w.add(*outcome.explanation)
        loss = f"−{outcome.hp_loss} HP" if outcome.hp_loss else "no damage"
        return self._trap_damage(s, outcome.hp_loss, w), (
            f"{s.name(p)} evades with {drawn} against difficulty {enc.difficulty}: {loss}")

    def _trap_damage(self, s: CardPeeGeeState, loss: int, w: _Work) -> CardPeeGeeState:
        p = s.turn
        if loss:
            s = self._hp(s, p, -loss, f"trap {s.encounter.agitator.symbol}")
            if s.heroes[p].hp <= 0:
                s = self._kill(s, p, f"killed by the trap {s.encounter.agitator.symbol}", w)
        return self._finish(s, w)

    def _do_crafty(self, s: CardPeeGeeState, a: CraftyEvasion, w: _Work):
        enc = self._encounter(s, "trap")
        if enc.pending is None:
            raise IllegalAction("crafty evasion comes after a successful evasion")
        p = s.turn
        s, played, lines = self._take(s, p, a.cards, a.from_active, a.convert, False, (Suit.SPADES,),
                                      "crafty evasion")
        pv = value_played(played, s.heroes[p].active, self._element(s, p))
        spades = pv.values[Suit.SPADES]
        stats = trap(enc.agitator, enc.props)
        outcome = trap_outcome(stats, enc.pending.evasion, crafty=spades)
        w.add(*lines, *pv.explanation, *outcome.explanation[1:])
        s = s.model_copy(update={"deck": s.deck + len(played)})
        return self._trap_damage(s, outcome.hp_loss, w), (
            f"{s.name(p)} plays {symbols(x.card for x in played)} ({spades}): −{outcome.hp_loss} HP")

    def _do_take_damage(self, s: CardPeeGeeState, a: TakeDamage, w: _Work):
        enc = self._encounter(s, "trap")
        if enc.pending is None:
            raise IllegalAction("first enter the evasion draw")
        w.add(f"no spades played: the Hero loses {enc.pending.hp_loss} HP")
        return self._trap_damage(s, enc.pending.hp_loss, w), f"{s.name(s.turn)} takes {enc.pending.hp_loss} damage"

    def _do_town(self, s: CardPeeGeeState, a: GoToTown, w: _Work):
        self._expect(s, "after-trap")
        s = self._to_town(s, w)
        return s, f"{s.name(s.turn)} limps back to town"

    # --- the end of an encounter, town and turns ------------------------------------------------------

    def _finish(self, s: CardPeeGeeState, w: _Work, loot: dict[int, int] | None = None) -> CardPeeGeeState:
        """The encounter is over: loot to hands, every other card on the table back to the deck."""
        enc = s.encounter
        loot = {q: n for q, n in (loot or {}).items() if n}
        on_table = len(enc.cards) + enc.played_count()
        for q, n in loot.items():
            s = self._hero(s, q, hand=s.heroes[q].hand + n)
        s = s.model_copy(update={"encounter": None, "deck": s.deck + on_table - sum(loot.values())})
        p = s.turn
        if not s.heroes[p].alive:
            return self._next_turn(s, w)
        if enc.kind == "trap" and s.settings.pick_yourself_up and s.encounters == 1:
            w.add(f"{s.name(p)} may draw a second encounter or limp back to town")
            return s.model_copy(update={"phase": "after-trap"})
        return self._to_town(s, w)

    def _to_town(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        p = s.turn
        hero = s.heroes[p]
        settings = s.settings
        levy = town_levy(hero.held, settings.charity_below, settings.tax_above)
        town = TownVisit(levy=levy, tax_due=levy == "tax")
        held = f"{s.name(p)} holds {plural(hero.held, 'card')}"
        if levy == "charity":
            s = self._revolution_if_due(s, 1, w, "charity")
            hero = s.heroes[p]
            if not hero.alive:
                return s
            if s.deck:
                s = self._hero(s, p, hand=hero.hand + 1)
                s = s.model_copy(update={"deck": s.deck - 1})
                w.add(f"town: {held}, fewer than {settings.charity_below}: charity, one card from the deck")
            else:
                w.add(f"town: {held}, but the deck is empty: no charity")
        elif levy == "tax":
            w.add(f"town: {held}, more than {settings.tax_above}: tax, one card back to the deck")
        else:
            w.add(f"town: {held}")
        return s.model_copy(update={"phase": "town", "town": town})

    def _next_turn(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        n = len(s.heroes)
        alive = [q for q in range(n) if s.heroes[q].alive]
        s = s.model_copy(update={"town": None, "encounter": None, "encounters": 0, "turns": s.turns + 1})
        if not alive:
            return s.model_copy(update={"phase": "turn"})
        nxt = next(q for q in [(s.turn + k) % n for k in range(1, n + 1)] if s.heroes[q].alive)
        laps = s.laps + (1 if nxt <= s.turn else 0)
        s = s.model_copy(update={"phase": "turn", "turn": nxt, "laps": laps})
        limit = s.settings.round_limit
        if limit is not None and laps >= limit:
            return self._stop_at_limit(s, w)
        w.add(f"{s.name(nxt)} is the Hero")
        return s

    def _do_tax(self, s: CardPeeGeeState, a: PayTax, w: _Work):
        self._expect(s, "town")
        if not s.town.tax_due:
            raise IllegalAction("no tax is due")
        p = s.turn
        hero = s.heroes[p]
        if a.card is None:
            if not hero.hand:
                raise IllegalAction(f"{s.name(p)}'s hand is empty: name the active card given as tax")
            s = self._hero(s, p, hand=hero.hand - 1)
            what = "a card from the hand"
        else:
            left = _minus(hero.active, [a.card])
            if left is None:
                raise IllegalAction(f"{a.card.symbol} is not one of {s.name(p)}'s active cards")
            s = self._hero(s, p, active=left)
            what = f"the active {a.card.symbol}"
        s = s.model_copy(update={"deck": s.deck + 1, "town": s.town.model_copy(update={"tax_due": False})})
        w.add(f"tax: {what} goes back to the deck")
        return s, f"{s.name(p)} pays tax: {what}"

    def _town_service(self, s: CardPeeGeeState, which: str) -> None:
        self._expect(s, "town", "opening")
        if s.town.tax_due:
            raise IllegalAction("first pay the tax")
        if s.town.opening:
            on = s.settings.opening_sale if which == "shop" else s.settings.eat_your_greens
            if not on:
                rule = "Opening Sale" if which == "shop" else "Eat Your Greens"
                raise IllegalAction(f"{rule} is off: the opening round allows only the other service")

    def _do_shop(self, s: CardPeeGeeState, a: Shop, w: _Work):
        self._town_service(s, "shop")
        if s.town.shopped:
            raise IllegalAction("only one shopping trip is allowed each turn")
        p = s.turn
        s2, played, lines = self._take(s, p, a.cards, a.from_active, a.convert, False, (Suit.DIAMONDS,), "shopping")
        pv = value_played(played, s2.heroes[p].active, self._element(s, p))
        diamonds = pv.values[Suit.DIAMONDS]
        buy = shopping(diamonds, s.settings.card_price)
        if not buy.bought:
            raise IllegalAction(f"{diamonds} diamonds buy nothing: a card costs {s.settings.card_price}")
        # the diamonds go back to the deck, then the new cards are drawn from it
        s = s2.model_copy(update={"deck": s2.deck + len(played)})
        w.add(*lines, *pv.explanation, *buy.explanation)
        if s.settings.revolution_every_draw:
            s = self._revolution_if_due(s, buy.bought, w, f"{s.name(p)}'s shopping")
            if s.phase != "town" or s.turn != p or not s.heroes[p].alive:
                return s, f"Glorious Revolution before {s.name(p)}'s shopping: no new cards"
        if buy.bought > s.deck:
            raise IllegalAction(f"the deck holds only {s.deck} cards")
        s = self._hero(s, p, hand=s.heroes[p].hand + buy.bought)
        s = s.model_copy(update={"deck": s.deck - buy.bought, "town": s.town.model_copy(update={"shopped": True})})
        if w.revolutions:
            w.add(f"{s.name(p)} draws {plural(buy.bought, 'new card')} from the deck")
        return s, f"{s.name(p)} spends {diamonds} diamonds on {plural(buy.bought, 'new card')}"

    def _do_heal(self, s: CardPeeGeeState, a: Heal, w: _Work):
        self._town_service(s, "heal")
        p = s.turn
        s, played, lines = self._take(s, p, a.cards, a.from_active, a.convert, False, (Suit.HEARTS,), "healing")
        pv = value_played(played, s.heroes[p].active, self._element(s, p))
        heal = pv.values[Suit.HEARTS]
        s = self._hp(s, p, heal, "potions in town")
        s = s.model_copy(update={"deck": s.deck + len(played)})
        w.add(*lines, *pv.explanation, f"{s.name(p)} heals {heal} HP → {s.heroes[p].hp}")
        return s, f"{s.name(p)} drinks {symbols(x.card for x in played)}: +{heal} HP"

    def _do_end_turn(self, s: CardPeeGeeState, a: EndHeroTurn, w: _Work):
        self._expect(s, "town", "opening")
        p = s.turn
        if s.town.tax_due:
            raise IllegalAction("first pay the tax")
        if s.town.opening:
            nxt = p + 1
            if nxt < len(s.heroes):
                w.add(f"opening round: {s.name(nxt)}'s turn to shop and heal")
                return s.model_copy(update={"turn": nxt, "town": TownVisit(opening=True)}), \
                    f"{s.name(p)} is done with the opening round"
            w.add(f"the opening round is over: {s.name(0)} is the first Hero")
            return s.model_copy(update={"phase": "turn", "turn": 0, "town": None}), \
                f"{s.name(p)} is done with the opening round"
        s = self._next_turn(s, w)
        return s, f"{s.name(p)} leaves town"

    # --- any time ------------------------------------------------------------------------------

    def _do_give(self, s: CardPeeGeeState, a: GiveCards, w: _Work):
        if s.phase == "heroes":
            raise IllegalAction("first enter every Hero")
        giver = self._player(s, a.giver)
        self._player(s, a.receiver)
        if a.giver == a.receiver:
            raise IllegalAction("choose another player to give cards to")
        if not a.cards and not a.active:
            raise IllegalAction("choose the cards to give")
        self._cards_ok(s, a.active)
        if a.cards > giver.hand:
            raise IllegalAction(f"{s.name(a.giver)} has only {plural(giver.hand, 'card')} in hand")
        left = _minus(giver.active, a.active)
        if left is None:
            raise IllegalAction(f"those are not all {s.name(a.giver)}'s active cards")
        s = self._hero(s, a.giver, hand=giver.hand - a.cards, active=left)
        s = self._hero(s, a.receiver, hand=s.heroes[a.receiver].hand + a.cards + len(a.active))
        s = self._refresh(s, a.giver)
        what = ", ".join(x for x in (plural(a.cards, "card from the hand") if a.cards else "",
                                     symbols(a.active)) if x)
        w.add(f"{s.name(a.giver)} gives {s.name(a.receiver)} {what}")
        return s, f"{s.name(a.giver)} gives {s.name(a.receiver)} {what}"

    def _do_claim(self, s: CardPeeGeeState, a: ClaimWin, w: _Work):
        if s.phase == "heroes":
            raise IllegalAction("first enter every Hero")
        hero = self._player(s, a.player)
        settings = s.settings
        on = settings.win_full_court if a.condition == "full-court" else settings.win_elemental_union
        title = "Full Court" if a.condition == "full-court" else "Elemental Union"
        if not on:
            raise IllegalAction(f"{title} is not one of this game's ways to win")
        self._cards_ok(s, a.cards)
        if len(a.cards) > hero.hand:
            raise IllegalAction(f"{s.name(a.player)} has only {plural(hero.hand, 'card')} in hand")
        held = [*a.cards, *hero.active]
        if a.condition == "full-court":
            suit = full_court(held)
            if suit is None:
                raise IllegalAction("a Full Court is the Jack, Queen and King of one suit, in hand or active")
            how = f"the Jack, Queen and King of {suit.word}"
        else:
            if not elemental_union(held):
                missing = [x.word for x in SUITS if not any(c.suit == x and c.rank.is_face for c in held)]
                raise IllegalAction(f"an Elemental Union needs a face card of every suit: no {', '.join(missing)}")
            how = "a face card of every suit"
        name = s.name(a.player)
        w.add(f"{name} shows {symbols(a.cards)}" + (f" with active {symbols(hero.active)}" if hero.active else ""),
              f"{title}: {how}")
        s = s.model_copy(update={"phase": "over", "winners": (a.player,),
                                 "ended_by": f"{name} holds {how}: {title}"})
        return s, f"{name} wins by {title}!"

    def revolution_offer(self, s: CardPeeGeeState) -> tuple[tuple[int, ...], int] | None:
        """When the deck has run out, or is too short for the next draw: the players who would
        be overthrown and their card count."""
        if s.phase in ("heroes", "over"):
            return None
        short = s.deck == 0 or s.deck < self.next_draw(s)[0]
        if not short:
            return None
        return self._top_holders(s)

    def next_draw(self, s: CardPeeGeeState) -> tuple[int, str]:
        """The cards the table's next draw from the deck takes, and what it is, in words (0
        when the next step draws nothing that is known now: shopping depends on the diamonds).
        The Elemental beast's card is not counted: the agitator decides whether it is drawn."""
        stage = self.stage(s)
        if stage in ("turn", "after-trap"):
            return 1 + self.props_needed(s)[0], f"{s.name(s.turn)}'s encounter"
        if not s.settings.revolution_every_draw:
            return 0, ""
        if stage == "battle":
            return sum(k for _, k, _ in self.fighters(s)), "the round's draw of score cards"
        if stage == "evade":
            return self.evasion_draw(s), f"{s.name(s.turn)}'s evasion draw"
        if stage == "disarm":
            return 2, "the disarm draw (the Hero's and the trap's score card)"
        return 0, ""

    def card_counts(self, s: CardPeeGeeState) -> dict[int, int]:
        """Cards each living player has: hand, active and played into the current encounter."""
        counts = {q: h.held for q, h in enumerate(s.heroes) if h.alive and h.ready}
        enc = s.encounter
        if enc is not None:
            battle = enc.battle_or_none
            if battle is not None:
                for f in battle.fighters:
                    if f.player is not None and f.player in counts:
                        counts[f.player] += len(f.played)
            if enc.kind == "chest" and s.turn in counts:
                counts[s.turn] += len(enc.played)
        return counts

    def _top_holders(self, s: CardPeeGeeState) -> tuple[tuple[int, ...], int] | None:
        """The players with the most cards (all of them when tied) and that count; None when
        nobody holds a card."""
        counts = self.card_counts(s)
        top = max(counts.values(), default=0)
        if top == 0:
            return None
        return tuple(q for q, n in counts.items() if n == top), top

    def _revolution_if_due(self, s: CardPeeGeeState, draw: int, w: _Work,
                           what: str = "the draw") -> CardPeeGeeState:
        """The rule (setting on): a draw of ``draw`` cards that finds the deck shorter first has
        the Glorious Revolution (the overthrown players' cards go into the deck). Since issue
        15 it comes again while the deck is still too short and someone holds a card, as long
        as the draw can go on (its drawer alive, the same fighters in the fight)."""
        if not s.settings.glorious_revolution or s.deck >= draw:
            return s
        if not s.settings.revolution_every_draw:  # as games saved before issue 15 were played
            if self.revolution_offer(s) is None:
                return s
            w.add(f"the draw needs {plural(draw, 'card')} and the deck holds {s.deck}")
            s, _ = self._do_revolution(s, Revolution(), w)
            return s
        phase, hero = s.phase, s.turn

        def fighters(x: CardPeeGeeState) -> list[int] | None:
            battle = x.encounter.battle_or_none if x.encounter is not None else None
            return battle.live() if battle is not None else None

        fighting = fighters(s)
        while s.deck < draw:
            top = self._top_holders(s)
            if top is None:
                break
            w.add(f"{what} needs {plural(draw, 'card')} and the deck holds {s.deck}")
            s = self._overthrow(s, *top, w)
            if s.phase != phase or s.turn != hero or not s.heroes[hero].alive or fighters(s) != fighting:
                break
        return s

    def _before_draw(self, s: CardPeeGeeState, draw: int, w: _Work, what: str) -> CardPeeGeeState:
        """A draw the players make and put back (score cards, evasion, disarm) checked against
        the deck: the Glorious Revolution first when it is too short (setting on), or a
        refusal in plain words that names the revolution step (setting off). When nobody holds
        a card to lose, no revolution can fill the deck: the draw goes on, and the working says
        how (the cards drawn are shuffled back to draw the rest, Every Day I'm Shuffling)."""
        if s.deck >= draw:
            return s
        if s.settings.glorious_revolution:
            s = self._revolution_if_due(s, draw, w, what)
        elif self._top_holders(s) is not None:
            raise IllegalAction(
                f"{what} needs {plural(draw, 'card')} and the deck holds only {s.deck}: enter the Glorious "
                "Revolution first (it is off in the settings, so it is a step the players enter)")
        if s.deck < draw and self._top_holders(s) is None:
            w.add(f"{what} needs {plural(draw, 'card')}, the deck holds {s.deck} and nobody holds a card to "
                  "lose: draw the deck, note the cards, shuffle them back and draw the rest (Every Day I'm "
                  "Shuffling)")
        return s

    def ahead_of_draw(self, s: CardPeeGeeState) -> CardPeeGeeState:
        """The table as the next draw will find it: after the Glorious Revolution that the draw
        brings first (setting on), else as it is. The round's and the evasion's score cards
        are counted on it (an overthrown fighter's played spades are gone)."""
        draw, what = self.next_draw(s)
        if s.phase in ("heroes", "over") or not s.settings.revolution_every_draw or s.deck >= draw:
            return s
        return self._revolution_if_due(s, draw, _Work(), what)

    def deck_after_revolution(self, s: CardPeeGeeState, draw: int) -> int:
        """The deck a draw of ``draw`` cards will find (after a Glorious Revolution if one is due)."""
        return self._revolution_if_due(s, draw, _Work()).deck

    def _do_revolution(self, s: CardPeeGeeState, a: Revolution, w: _Work):
        offer = self.revolution_offer(s)
        if offer is None:
            raise IllegalAction("the Glorious Revolution comes only when the deck runs out")
        s = self._overthrow(s, *offer, w)
        return s, f"Glorious Revolution: {w.revolutions[-1]} overthrown"

    def _overthrow(self, s: CardPeeGeeState, overthrown: tuple[int, ...], count: int, w: _Work) -> CardPeeGeeState:
        """The Glorious Revolution: the players with the most cards lose them all to the deck
        (hand, active and played into the encounter); under Deadly revolution they die."""
        names = " and ".join(s.name(q) for q in overthrown)
        w.revolutions.append(names)
        w.add(f"the deck has run out: {names} {'has' if len(overthrown) == 1 else 'have'} the most cards "
              f"({count}) and {'is' if len(overthrown) == 1 else 'are'} overthrown, losing everything")
        for q in overthrown:
            h = s.heroes[q]
            s = self._hero(s, q, hand=0, active=())
            s = s.model_copy(update={"deck": s.deck + h.held})
            enc = s.encounter
            if enc is not None:
                battle = enc.battle_or_none
                i = battle.of_player(q) if battle is not None else None
                if i is not None and battle.fighters[i].played:
                    s = s.model_copy(update={"deck": s.deck + len(battle.fighters[i].played)})
                    s = self._with_fighter(s, i, played=())
                if enc.kind == "chest" and q == s.turn and enc.played:
                    s = s.model_copy(update={"deck": s.deck + len(enc.played)})
                    s = self._with_encounter(s, played=())
            s = self._refresh(s, q)
            if s.settings.revolution_deadly:
                s = self._kill(s, q, "overthrown in the Glorious Revolution", w)
        if s.settings.revolution_deadly:
            s = self._settle(s, w)
        return s

    # --- deaths and the end ---------------------------------------------------------------------------

    def _kill(self, s: CardPeeGeeState, p: int, why: str, w: _Work, taker: int | None = None) -> CardPeeGeeState:
        """A Hero dies: their Character goes back to the deck; their hand and active cards too,
        or to the PvP opponent who killed them."""
        h = s.heroes[p]
        name = s.name(p)
        cards = h.held
        if taker is not None:
            s = self._hero(s, taker, hand=s.heroes[taker].hand + cards)
            w.add(f"{name} is dead; {s.name(taker)} takes their {plural(cards, 'card')}")
            s = s.model_copy(update={"deck": s.deck + 1})
        else:
            w.add(f"{name} is dead")
            s = s.model_copy(update={"deck": s.deck + cards + 1})
        return self._hero(s, p, alive=False, hand=0, active=(), died=why)

    def _settle(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        """After deaths outside a fight round: take the dead out of the fight, end what can no
        longer go on, pass the turn of a dead Hero."""
        if s.phase == "encounter":
            enc = s.encounter
            battle = enc.battle_or_none
            if battle is not None:
                fighters = tuple(f.model_copy(update={"out": "dead"})
                                 if f.player is not None and f.live and not s.heroes[f.player].alive else f
                                 for f in battle.fighters)
                s = self._with_encounter(s, battle=battle.model_copy(update={"fighters": fighters}))
                if enc.kind != "boss" or enc.stage == "battle":
                    return self._after_round(s, w)
                return s
            if not s.heroes[s.turn].alive:
                return self._finish(s, w)
            return s
        if s.phase in ("turn", "after-trap", "town") and not s.heroes[s.turn].alive:
            return self._next_turn(s, w)
        if s.phase == "opening" and not s.heroes[s.turn].alive:
            alive_after = [q for q in range(s.turn + 1, len(s.heroes)) if s.heroes[q].alive]
            if alive_after:
                return s.model_copy(update={"turn": alive_after[0], "town": TownVisit(opening=True)})
            first = next((q for q, h in enumerate(s.heroes) if h.alive), 0)
            return s.model_copy(update={"phase": "turn", "turn": first, "town": None})
        return s

    def _check_end(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        """The ways to win, checked after every action."""
        if s.phase in ("heroes", "over"):
            return s
        settings = s.settings
        alive = [q for q, h in enumerate(s.heroes) if h.alive]
        n = len(s.heroes)
        if not alive:
            why = "every Hero is dead" if n > 1 else f"{s.name(0)} is dead"
            w.add(f"Game over: {why}")
            return s.model_copy(update={"phase": "over", "winners": (), "ended_by": why})
        if n > 1 and len(alive) == 1:
            why = f"{s.name(alive[0])} is the Last Hero Standing"
            w.add(why + "!")
            return s.model_copy(update={"phase": "over", "winners": tuple(alive), "ended_by": why})
        winners, reasons = [], []
        if settings.win_goliath:
            big = [q for q in alive if s.heroes[q].hp >= settings.goliath_hp]
            for q in big:
                reasons.append(f"{s.name(q)} has {s.heroes[q].hp} HP: Goliath")
            winners += big
        if settings.win_master_of_elements:
            masters = [q for q in alive if master_of_the_elements(s.heroes[q].active)]
            for q in masters:
                reasons.append(f"{s.name(q)} has an active card of every suit: Master of the Elements")
            winners += masters
        if winners:
            why = "; ".join(reasons)
            w.add(why + "!")
            return s.model_copy(update={"phase": "over", "winners": tuple(sorted(set(winners))), "ended_by": why})
        return s

    def _stop_at_limit(self, s: CardPeeGeeState, w: _Work) -> CardPeeGeeState:
        alive = [q for q, h in enumerate(s.heroes) if h.alive]
        best = max(s.heroes[q].hp for q in alive)
        top = tuple(q for q in alive if s.heroes[q].hp == best)
        why = (f"play went round the table {plural(s.laps, 'time')} (the round limit): "
               f"{' and '.join(s.name(q) for q in top)} {'has' if len(top) == 1 else 'have'} the most HP ({best})")
        w.add(why)
        return s.model_copy(update={"phase": "over", "winners": top, "ended_by": why})

    # --- reading the state ------------------------------------------------------------------------------

    def is_over(self, state: CardPeeGeeState) -> bool:
        return state.phase == "over"

    def outcome(self, state: CardPeeGeeState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = [state.name(q) for q in state.winners]
        if not names:
            headline = "Nobody wins: " + state.ended_by
        elif len(names) == 1:
            headline = f"{names[0]} wins"
        else:
            headline = f"{' and '.join(names)} share the win"
        details = [f"The game ended: {state.ended_by}."]
        for q, h in enumerate(state.heroes):
            details.append(f"{state.name(q)}: {h.hp} HP" if h.alive else f"{state.name(q)}: dead ({h.died})")
        return Outcome(winners=state.winners, headline=headline, details=tuple(details))

    def describe(self, before: CardPeeGeeState, action, after: CardPeeGeeState) -> str:
        return after.news or action.kind

    def summary(self, state: CardPeeGeeState) -> dict[str, str]:
        s = state
        out = {"Deck": f"{s.deck} cards"}
        if s.phase in ("turn", "encounter", "after-trap", "town"):
            out["Hero"] = f"{s.name(s.turn)} (round {s.laps + 1})"
        elif s.phase == "opening":
            out["Opening round"] = s.name(s.turn)
        for q, h in enumerate(s.heroes):
            name = s.name(q)
            if not h.ready:
                continue
            if not h.alive:
                out[f"{name}'s HP"] = f"dead ({h.hp})"
                continue
            out[f"{name}'s HP"] = str(h.hp)
            out[f"{name}'s hand"] = plural(h.hand, "card")
            if h.active:
                out[f"{name}'s active cards"] = symbols(h.active)
        enc = s.encounter
        if enc is not None:
            battle = enc.battle_or_none
            if battle is not None:
                for f in battle.fighters:
                    label = f.name if f.player is None else f"{f.name} in the fight"
                    if not f.live:
                        out[label] = f.out
                        continue
                    hp = "" if f.player is not None else f"HP {f.hp}, "
                    flags = " (fleeing)" if f.fleeing else (" (defending)" if f.defending else "")
                    out[label] = f"{hp}Attack {f.attack}, Deal {f.deal}{flags}"
            if enc.kind == "chest":
                out["Disarm score"] = str(enc.disarm_score)
                out["Traps"] = symbols(enc.traps) or "none"
            if enc.kind == "healer" and enc.battle is None and enc.fee:
                out["Healer's fee"] = str(enc.fee)
        if s.town is not None and s.town.tax_due:
            out["Tax"] = "due"
        return out

    def headline(self, state: CardPeeGeeState) -> str:
        """The Heroes' HP and the round: "Ann 34 HP, Bea 12 HP · round 3", "Ann won · round 9"."""
        outcome = self.outcome(state)
        round_text = f"round {state.laps + 1}"
        if outcome is not None:
            return f"{won_line(state.names, outcome)} · {round_text}"
        if state.phase == "heroes":
            return "entering the Heroes"
        hp = ", ".join(f"{state.name(q)} {h.hp} HP" if h.alive else f"{state.name(q)} dead"
                       for q, h in enumerate(state.heroes) if h.ready)
        if state.phase == "opening":
            return f"{hp} · the opening round"
        return f"{hp} · {round_text}"

    def known_cards(self, state: CardPeeGeeState) -> list[Card]:
        known: list[Card] = []
        for h in state.heroes:
            if h.alive and h.character is not None:
                known.append(h.character)
            known += h.active
        enc = state.encounter
        if enc is not None:
            known += enc.cards
            battle = enc.battle_or_none
            if battle is not None:
                known += [p.card for f in battle.fighters for p in f.played]
            if enc.kind == "chest":
                known += [p.card for p in enc.played]
        return known

    # --- what the players can do now (the views ask these) ------------------------------------------------

    def hero(self, s: CardPeeGeeState) -> int | None:
        """Whose turn it is (the Hero), or None before play starts and at the end."""
        return s.turn if s.phase in ("turn", "encounter", "after-trap", "town") else None

    def stage(self, s: CardPeeGeeState) -> str:
        """What the table is doing now: heroes, opening, turn, battle, divide-loot, disarm, fee,
        evade, crafty, after-trap, town, over."""
        if s.phase != "encounter":
            return s.phase
        enc = s.encounter
        if enc.kind in ("monster", "pvp"):
            return "battle"
        if enc.kind == "boss":
            return "battle" if enc.stage == "battle" else "divide-loot"
        if enc.kind == "chest":
            return "disarm"
        if enc.kind == "healer":
            return "battle" if enc.battle is not None else "fee"
        return "crafty" if enc.pending is not None else "evade"

    def heroes_to_enter(self, s: CardPeeGeeState) -> list[int]:
        return [q for q, h in enumerate(s.heroes) if not h.ready] if s.phase == "heroes" else []

    def character_allowed(self, s: CardPeeGeeState, c: Card) -> bool:
        """May this card be a Character under the settings (the picker offers only these)?"""
        if c.is_joker or not self.deck(s.setup).contains(c):
            return False
        if s.settings.everyman:
            return s.settings.everyman_lowest <= value(c) <= s.settings.everyman_highest
        return c.rank in (Rank.KING, Rank.QUEEN)

    def props_needed(self, s: CardPeeGeeState) -> tuple[int, str]:
        """Props for the Hero's next encounter (with Level Up) and the working."""
        settings = s.settings
        return props_for(settings.props, s.laps, s.heroes[s.turn].hp, settings.level_up_v1,
                         settings.level_up_v2, settings.level_up_v2_start, settings.level_up_v2_step)

    def needs_beast(self, s: CardPeeGeeState, agitator: Card) -> bool:
        """Does this agitator need an extra card for the Elemental beast?"""
        try:
            return encounter_kind(agitator, s.settings.boss_battles) == "monster" and s.settings.elemental_beasts
        except RuleError:
            return False

    def encounter_name(self, s: CardPeeGeeState, agitator: Card) -> str:
        """What this agitator starts under the settings ("a Monster fight", "a Boss Battle"...),
        or why it starts nothing (a Joker)."""
        try:
            return ENCOUNTER_NAMES[encounter_kind(agitator, s.settings.boss_battles)]
        except RuleError as exc:
            return str(exc)

    def pvp_targets(self, s: CardPeeGeeState) -> list[int]:
        if s.phase != "turn" or not s.settings.pvp:
            return []
        return [q for q, h in enumerate(s.heroes) if h.alive and q != s.turn]

    def can_activate(self, s: CardPeeGeeState) -> list[int]:
        """Players who may activate Jacks and Aces now (and have cards in hand)."""
        return [q for q, h in enumerate(s.heroes)
                if h.ready and h.alive and h.hand and not self.activation_window(s, q)]

    def can_play(self, s: CardPeeGeeState) -> list[int]:
        """Players who may play cards into the fight or on the chest now."""
        if s.phase != "encounter":
            return []
        enc = s.encounter
        if enc.kind == "chest":
            return [s.turn]
        if enc.battle_or_none is None or (enc.kind == "boss" and enc.stage != "battle"):
            return []
        out = []
        for f in enc.battle.fighters:
            if f.player is None:
                continue
            try:
                self._prep_window(s, f.player)
            except IllegalAction:
                continue
            out.append(f.player)
        return out

    def fighters(self, s: CardPeeGeeState) -> list[tuple[Combatant, int, str]]:
        """The fighters still in the fight, in the order the round's score cards are entered:
        (fighter, score cards to draw this round, the flee penalty's working)."""
        if self.stage(s) != "battle":
            return []
        battle = s.encounter.battle
        return [(battle.fighters[i], *self._round_deal(battle, i)) for i in battle.live()]

    def can_join(self, s: CardPeeGeeState) -> dict[int, list[int]]:
        """Players who may join the fight now, with the sides they may join."""
        if self.stage(s) != "battle" or not s.settings.cry_for_help:
            return {}
        enc = s.encounter
        sides = [0, 1] if enc.kind == "pvp" else [0]
        return {q: sides for q, h in enumerate(s.heroes)
                if h.alive and enc.battle.of_player(q) is None}

    def can_flee(self, s: CardPeeGeeState) -> list[int]:
        if self.stage(s) != "battle" or not s.settings.run_away or not s.encounter.battle.can_flee:
            return []
        return [f.player for f in s.encounter.battle.fighters if f.player is not None and f.live and not f.fleeing]

    def can_heal_and_defend(self, s: CardPeeGeeState) -> list[int]:
        if self.stage(s) != "battle" or not s.settings.heal_and_defend:
            return []
        return [f.player for f in s.encounter.battle.fighters
                if f.player is not None and f.live and not f.defending and s.heroes[f.player].held]

    def can_abandon(self, s: CardPeeGeeState) -> bool:
        return s.phase == "encounter" and s.encounter.kind in ("chest", "healer")

    def fee_due(self, s: CardPeeGeeState) -> int:
        return s.encounter.fee if self.stage(s) == "fee" else 0

    def loot_sharers(self, s: CardPeeGeeState) -> tuple[tuple[int, ...], tuple[Card, ...]]:
        """The Allies who divide a Boss stack and the cards to divide (when the Hero died)."""
        if self.stage(s) != "divide-loot":
            return (), ()
        return s.encounter.sharers, s.encounter.stack

    def town_options(self, s: CardPeeGeeState) -> dict[str, bool]:
        """What the Hero may do in town (or the opening round) now."""
        if s.phase not in ("town", "opening"):
            return {}
        t = s.town
        opening = t.opening
        return {
            "tax": t.tax_due,
            "shop": not t.tax_due and not t.shopped and (not opening or s.settings.opening_sale),
            "heal": not t.tax_due and (not opening or s.settings.eat_your_greens),
            "activate": True,
            "end": not t.tax_due,
        }

    def claimable(self, s: CardPeeGeeState) -> list[str]:
        """Wins a player may claim by showing cards: full-court, elemental-union."""
        if s.phase in ("heroes", "over"):
            return []
        out = []
        if s.settings.win_full_court:
            out.append("full-court")
        if s.settings.win_elemental_union:
            out.append("elemental-union")
        return out

    def hp_history(self, s: CardPeeGeeState, p: int) -> list[tuple[int, int]]:
        """(action number, HP after it) for a Hero's HP chart."""
        return [(c.step, c.hp) for c in s.heroes[p].hp_log]

    def conversion_suits(self, s: CardPeeGeeState, p: int, c: Card, from_active: Sequence[Card] = ()) -> list[Suit]:
        """The suits player ``p`` may declare card ``c`` as when playing it: an active Jack
        converts a card of its suit to any other suit, or any card to its suit. Jacks played
        off the display (``from_active``) convert nothing."""
        if c.is_joker or not 0 <= p < len(s.heroes):
            return []
        active = _minus(s.heroes[p].active, from_active)
        if active is None:
            active = s.heroes[p].active
        jacks = {j.suit for j in active if j.rank == Rank.JACK}
        if c.suit in jacks:
            return [x for x in SUITS if x != c.suit]
        return [x for x in SUITS if x in jacks]


# --- the resolve protocol ------------------------------------------------------------------------


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
            drawn, shown = _score_total(f.drawn)
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
        drawn, shown = _score_total(self.evasion)
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


class TrapOddsAsk(CardPeeGeeAsk):
    """The HP a Trap takes, over every evasion draw: 1 + ``active`` cards drawn together from
    ``deck`` (the unknown cards), each total as the trap ask computes it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["trap-odds"] = "trap-odds"
    agitator: Card
    props: tuple[Card, ...] = ()
    active: int = Field(0, ge=0, le=16, description="the Hero's active cards (each adds an evasion card)")
    deck: list[Card] = Field(min_length=1, max_length=16 * 54)

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *self.deck]

    def answer(self) -> TrapOddsAnswer:
        if self.agitator.suit != Suit.SPADES:
            raise RuleError(f"a Trap's agitator is a spade; {self.agitator.symbol} starts another encounter")
        self.check_deck()
        o = trap_odds(self.agitator, self.props, 1 + self.active, self.deck)
        return TrapOddsAnswer(hp_loss={str(h): float(p) for h, p in o.hp_loss.items()},
                              expected_hp_loss=float(o.expected_hp_loss), evaded=float(o.evaded),
                              explanation=o.explanation)


class TrapOddsAnswer(Answer):
    hp_loss: dict[str, float]
    expected_hp_loss: float
    evaded: float


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


class OddsEntry(Frozen):
    hp: int = Field(ge=1)
    attack: int = Field(ge=0)
    deal: int = Field(ge=0, le=60)
    element: Suit | None = None


class FightOddsAsk(CardPeeGeeAsk):
    """The Hero's odds against one opponent: the next round (win, tie, lose), the fight to the
    end, the HP the Hero can expect to lose. Score cards come from ``deck`` (the unknown
    cards), drawn together each round and put back after it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["fight-odds"] = "fight-odds"
    hero: OddsEntry
    monster: OddsEntry
    deck: list[Card] = Field(max_length=16 * 54)
    critical_strikes: bool = False

    def cards_entered(self) -> list[Card]:
        return list(self.deck)

    def answer(self) -> FightOddsAnswer:
        self.check_deck()
        h, m = (OddsFighter(name=name, **e.model_dump())
                for name, e in (("the Hero", self.hero), ("the Monster", self.monster)))
        f = fight_odds(h, m, self.deck, self.critical_strikes)
        r = f.round
        return FightOddsAnswer(
            round=RoundChances(hero=r.hero, tie=r.tie, monster=r.monster),
            fight=FightChances(hero=f.hero, monster=f.monster),
            expected_hero_hp_loss=f.expected_hero_hp_loss,
            round_damage=RoundDamage(to_monster={str(d): p for d, p in r.hero_damage.items()},
                                     to_hero={str(d): p for d, p in r.monster_damage.items()}),
            explanation=list(f.explanation))


class RoundChances(Frozen):
    hero: float
    tie: float
    monster: float


class FightChances(Frozen):
    hero: float
    monster: float


class RoundDamage(Frozen):
    to_monster: dict[str, float]
    """HP the Monster loses in a round the Hero wins → its chance"""
    to_hero: dict[str, float]


class FightOddsAnswer(Answer):
    round: RoundChances
    fight: FightChances
    expected_hero_hp_loss: float
    round_damage: RoundDamage


class DisarmOddsAsk(CardPeeGeeAsk):
    """One attempt at a chest's trap: the chance it is disarmed, a tie (still armed), or
    triggered."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["disarm-odds"] = "disarm-odds"
    trap: Card
    disarm_score: int = Field(0, ge=0)
    deck: list[Card] = Field(max_length=16 * 54)

    def cards_entered(self) -> list[Card]:
        return [self.trap, *self.deck]

    def answer(self) -> DisarmOddsAnswer:
        if self.trap.suit != Suit.SPADES:
            raise RuleError(f"a chest's traps are its spade props; {self.trap.symbol} is loot, not a trap")
        self.check_deck()
        d = disarm_odds(self.trap, self.disarm_score, self.deck)
        return DisarmOddsAnswer(disarmed=d.disarmed, tie=d.tie, triggered=d.triggered,
                                expected_hp_loss=d.expected_hp_loss, explanation=list(d.explanation))


class DisarmOddsAnswer(Answer):
    disarmed: float
    tie: float
    triggered: float
    expected_hp_loss: float


CardPeeGee.asks = (PlayAsk, CombatRoundAsk, MonsterAsk, TrapAsk, TrapOddsAsk, BossStackAsk, SuperPowersAsk,
                   HealerAsk, DisarmAsk, StartingHpAsk, TownAsk, PropsAsk, FightOddsAsk, DisarmOddsAsk)

GAME = CardPeeGee()
