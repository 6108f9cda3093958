"""CardPeeGee's settings (the setup screen's options, the variants and the numbers) and the
setup: the players and the settings; the deck they give."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from pydantic import Field, JsonValue, ValidationInfo, model_validator

from card_companion.calculators.cardpeegee import BOSS_BASE, BOSS_DEAL, HERO_DEAL, MONSTER_DEAL, deck_for
from card_companion.calculators.cards import Deck
from card_companion.companion.game import Settings, Setup


def _option(title: str, description: str, default: bool = False, min_players: int = 1, *, group: str) -> Any:
    """A switch of the setup screen, in its group of settings (pydantic's ``Field``, typed
    ``Any`` as ``Field`` is: the setting's own annotation gives its type)."""
    extra: dict[str, JsonValue] = {"group": group}
    if min_players > 1:
        extra["min_players"] = min_players
    return Field(default, title=title, description=description, json_schema_extra=extra)


class CardPeeGeeSettings(Settings):
    """About 40 settings: the new-game screen folds them into these groups, each field naming
    its own (``group``); each default is the rule text's."""

    setting_groups: ClassVar[tuple[str, ...]] = ("heroes", "encounters", "combat", "town", "advanced",
                                                 "ways to win")

    # special rules of the encounters
    cry_for_help: bool = _option(
        "Cry for help", "Before any round, other players may join a fight as the Hero's Allies.", min_players=2,
        group="combat")
    run_away: bool = _option(
        "Run awayyyyyyy", "At the start of any round a fighter may flee after one penalty round (Deal −1, or −2 "
        "when no other player stays in the fight).", group="combat")
    heal_and_defend: bool = _option(
        "Heal and defend", "At the start of any round a fighter may play one heart to heal; they deal no damage "
        "that round.", group="combat")
    salvage: bool = _option("Salvage", "Disarmed chest traps go to the Hero's hand instead of the deck.",
                            group="encounters")
    gratitude: bool = _option(
        "Gratitude", "A Healer with a jailor and a diamond prop gives the diamonds as a reward instead of a fee.",
        group="encounters")
    crafty_evasion: bool = _option(
        "Crafty evasion", "After evading a trap, the Hero may play spades to take their value off the damage.",
        group="encounters")
    pick_yourself_up: bool = _option(
        "Pick yourself up, dust yourself off", "After surviving a Trap, the Hero may draw a second encounter "
        "(once per turn) instead of going to town.", group="encounters")
    # advanced rules
    boss_battles: bool = _option("Boss Battles", "A face-card agitator starts a Boss Battle.", group="advanced")
    super_powers: bool = _option(
        "Super powers", "Boss Battles: Kings and Queens force players onto a side; Jacks give every Boss +2 "
        "Attack.", min_players=1, group="advanced")
    pvp: bool = _option("PvP", "Instead of an encounter, the Hero may attack another player.", min_players=2,
                        group="combat")
    elements: bool = _option(
        "Elements", "Suits are elements: +20 % on cards of your element, and the stronger element scores +20 % "
        "in combat while the weaker deals 20 % less damage.", group="advanced")
    elemental_beasts: bool = _option(
        "Elemental beasts", "A Monster's element is the suit of one extra card drawn for it (needs Elements).",
        group="advanced")
    everyman: bool = _option(
        "Everyman", "Characters are drawn from the whole deck; the card's value is the Hero's base Attack.",
        group="heroes")
    everyman_lowest: int = Field(
        2, ge=2, le=11, title="Everyman: lowest Character",
        description="Under Everyman, Character cards worth less than this are put back (Aces are 11).",
        json_schema_extra={"group": "heroes"})
    everyman_highest: int = Field(
        11, ge=2, le=11, title="Everyman: highest Character",
        description="Under Everyman, Character cards worth more than this are put back too (the text: "
        "\"limit them to a range\").", json_schema_extra={"group": "heroes"})
    opening_sale: bool = _option("Opening Sale!", "Before play starts, each player may go shopping once.",
                                 group="heroes")
    eat_your_greens: bool = _option("Eat Your Greens", "Before play starts, each player may heal with potions.",
                                    group="heroes")
    level_up_v1: bool = _option(
        "Level Up (version 1)", "Every time play returns to the first Hero, encounters get one more prop.",
        group="encounters")
    level_up_v2: bool = _option(
        "Level Up (version 2)", "A Hero above 60 HP gets one more prop per started 30 HP (61-90: 3 props...).",
        group="encounters")
    critical_strikes: bool = _option(
        "Critical Strikes", "A round score at least 50 % higher than the opponent's deals 1.5× damage; twice as "
        "high, double damage.", group="combat")
    jokers: bool = _option("Jokers", "Shuffle in each pack's two Jokers; they do nothing.", group="advanced")
    # the numbers
    hp_base: int = Field(15, ge=1, le=100, title="Initial HP", description="Added to the HP cards drawn at the start.",
                         json_schema_extra={"group": "heroes"})
    hp_cards: int = Field(3, ge=0, le=5, title="HP cards", description="Cards drawn for each Hero's initial HP.",
                          json_schema_extra={"group": "heroes"})
    hand_size: int = Field(5, ge=0, le=10, title="Starting hand", description="Cards in each starting hand.",
                           json_schema_extra={"group": "heroes"})
    hero_attack_bonus: int = Field(
        0, ge=-10, le=20, title="Hero's Attack bonus",
        description="Added to every Hero's base Attack (their Character's value: 10 for a King or Queen); "
        "Attack never goes below 0.", json_schema_extra={"group": "heroes"})
    hero_deal: int = Field(HERO_DEAL, ge=0, le=10, title="Hero's Deal",
                           description="Score cards a Hero draws each round before spades played.",
                           json_schema_extra={"group": "combat"})
    monster_deal: int = Field(MONSTER_DEAL, ge=0, le=10, title="Monster's Deal",
                              description="Score cards a Monster draws each round before its spade props.",
                              json_schema_extra={"group": "combat"})
    boss_base: int = Field(BOSS_BASE, ge=1, le=50, title="Boss base HP and Attack",
                           description="A Boss's HP and Attack before its props.",
                           json_schema_extra={"group": "advanced"})
    boss_deal: int = Field(BOSS_DEAL, ge=0, le=10, title="Boss's Deal",
                           description="Score cards a Boss draws each round before its spade props.",
                           json_schema_extra={"group": "advanced"})
    level_up_v2_start: int = Field(60, ge=1, le=500, title="Level Up v2: from HP",
                                   description="Level Up (version 2) gives more props above this HP ...",
                                   json_schema_extra={"group": "encounters"})
    level_up_v2_step: int = Field(30, ge=1, le=500, title="Level Up v2: every HP",
                                  description="... one more prop per started step of this many HP.",
                                  json_schema_extra={"group": "encounters"})
    props: int = Field(2, ge=0, le=6, title="Props", description="Props drawn with each agitator (before Level Up).",
                       json_schema_extra={"group": "encounters"})
    charity_below: int = Field(
        4, ge=0, le=20, title="Charity below", description="In town, a Hero with fewer cards gets one from the deck.",
        json_schema_extra={"group": "town"})
    tax_above: int = Field(
        6, ge=0, le=20, title="Tax above", description="In town, a Hero with more cards gives one back to the deck.",
        json_schema_extra={"group": "town"})
    card_price: int = Field(8, ge=1, le=30, title="Card price", description="Diamonds for one new card when shopping.",
                            json_schema_extra={"group": "town"})
    # the ways to win (Last Hero Standing always applies)
    win_goliath: bool = _option("Goliath", "A Hero with 150 HP or more wins.", default=True, group="ways to win")
    goliath_hp: int = Field(150, ge=1, le=1000, title="Goliath HP", description="HP that wins by Goliath.",
                            json_schema_extra={"group": "ways to win"})
    win_full_court: bool = _option(
        "Full Court", "A Hero holding the Jack, Queen and King of one suit (hand or active) wins.", default=True,
        group="ways to win")
    win_elemental_union: bool = _option(
        "Elemental Union", "A Hero holding a face card of every suit (hand or active) wins.", default=True,
        group="ways to win")
    win_master_of_elements: bool = _option(
        "Master of the Elements", "A Hero with an active card of every suit wins.", default=True, group="ways to win")
    glorious_revolution: bool = _option(
        "Glorious Revolution", "The text's rule: when a draw finds the deck too short (an encounter, score cards, "
        "an evasion or disarm draw, charity, shopping), the player with the most cards (hand, active and played) "
        "is overthrown first and their cards shuffled into the deck; then the draw goes on. Off: the revolution "
        "is a step the players may enter.", default=True, group="advanced")
    revolution_every_draw: bool = Field(
        True, title="Glorious Revolution at every draw",
        description="Games saved before issue 15 ran the revolution only before an encounter's draw and "
        "charity, and never checked the other draws against the deck; they replay that way.",
        json_schema_extra={"hidden": True})
    # this app's rulings that players may want otherwise
    revolution_deadly: bool = _option(
        "Deadly revolution", "The Glorious Revolution kills the overthrown player (otherwise they lose every card "
        "but play on).", group="advanced")
    round_limit: int | None = Field(
        None, ge=1, le=1000, title="Stop after rounds",
        description="End the game when play has gone round the table this many times; the most HP wins.",
        json_schema_extra={"group": "ways to win"})

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


@cache
def _deck(players: int, jokers: bool) -> Deck:
    return deck_for(players, jokers)


def table_deck(setup: CardPeeGeeSetup) -> Deck:
    """The deck of this table: one pack for every four players, with their Jokers if the
    setting says so."""
    return _deck(len(setup.players), setup.settings.jokers)
