"""Peace and Love at the table: the deal's numbers, the settings and setup, and the state."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cards import Card
from card_companion.calculators.peace_and_love import Entry, RoundResult
from card_companion.companion.game import Frozen, Settings, Setup, TableState

GAME_NAME = "Peace and Love"
HAND = 5
FIGHTERS = 3
DEAL = HAND + FIGHTERS
REFRESH_MIN_DECK = 5


# --- setup ---------------------------------------------------------------------------


class PeaceAndLoveSettings(Settings):
    shoot_the_moon: bool = Field(
        False,
        title="Shoot the Moon",
        description="With 3 or more players, the one player who wins no fights wins the game.",
        json_schema_extra={"min_players": 3},
    )
    anti_math_geek: bool = Field(
        False,
        title="Anti Math Geek",
        description="Add your three remaining fighters to your victory pile before scoring.",
    )


class PeaceAndLoveSetup(Setup):
    settings: PeaceAndLoveSettings = PeaceAndLoveSettings()


# --- state ---------------------------------------------------------------------------


class Fighter(Frozen):
    card: Card
    tapped: bool = False


class Player(Frozen):
    dealt: bool = False
    """False until the player's three starting fighters are entered"""
    fighters: tuple[Fighter | None, ...] = (None, None, None)
    """three places; None: not dealt yet, or waiting for a replacement"""
    hand: int = HAND
    pile: tuple[Card, ...] = ()
    """the victory pile: the fighters this player defeated"""

    def fighter(self, place: int) -> Fighter:
        """The fighter at a place the caller knows holds one (an untapped one, or one in the
        fight: a place is empty only until its defeated fighter's replacement is entered)."""
        fighter = self.fighters[place]
        assert fighter is not None, f"no fighter at place {place}"
        return fighter

    def untapped(self) -> list[int]:
        return [i for i, f in enumerate(self.fighters) if f is not None and not f.tapped]

    def all_tapped(self) -> bool:
        return all(f is not None and f.tapped for f in self.fighters)


class FightInProgress(Frozen):
    attacker: int
    defender: int
    remaining: tuple[tuple[int, int], ...]
    """(player, fighter place) still in the fight, in turn order from the attacker"""
    rounds: int = 0
    awaiting_replacement: int | None = None
    """the player who must enter the new fighter drawn for their defeated one"""
    involved: tuple[int, ...] = ()
    """the players of the last round (they draw once the replacement is in)"""


class LastRound(Frozen):
    """The latest resolved round, for the table screen."""

    number: int
    entries: tuple[Entry, ...]
    result: RoundResult


class PeaceAndLoveState(TableState):
    setup: PeaceAndLoveSetup
    decks: int
    deck: int
    """cards left in the deck"""
    players: tuple[Player, ...]
    discards: tuple[Card, ...] = ()
    phase: Literal["deal", "first-player", "turn", "fight", "over"] = "deal"
    turn: int = 0
    """whose turn it is (or who goes first, once known)"""
    turns: int = 0
    """turns completed"""
    tied_first: tuple[int, ...] = ()
    """players tied for the lowest starting total (phase first-player)"""
    fight: FightInProgress | None = None
    last_round: LastRound | None = None
    untapped: tuple[int, ...] = ()
    """players whose three tapped fighters were untapped at the end of the last turn"""
    ended_by: str = ""
    stopped: bool = False
    """the players stopped before the deck ran out (scored as it stood)"""
    counted: bool = True
    """the game counts in the records: False once the players stopped it without counting"""

    def with_player(self, i: int, player: Player) -> PeaceAndLoveState:
        """The state with player ``i`` changed."""
        players = list(self.players)
        players[i] = player
        return self.model_copy(update={"players": tuple(players)})
