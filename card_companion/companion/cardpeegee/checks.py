"""What every section of CardPeeGee's rules shares: the working a step writes, the checks
(cards in the deck, a living player, the phase, the encounter the step needs) and the edits of
the state (a Hero, HP, the encounter, a fighter), the cards taken from a player, and a
fighter's numbers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from card_companion.calculators.cardpeegee import (
    Played,
    check_suits,
    convert,
    disarm_score,
    flee_deal,
    value,
    value_played,
)
from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee.settings import table_deck
from card_companion.companion.cardpeegee.state import (
    ENCOUNTER_NAMES,
    AnyEncounter,
    Battle,
    CardPeeGeeState,
    Combatant,
    EncounterBase,
    Hero,
    HpChange,
)
from card_companion.companion.game import IllegalAction


class Work:
    """The lines an action produces, in order."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.revolutions: list[str] = []
        """the Glorious Revolutions of this step, as news ("Ann overthrown")"""

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)


Rule = Callable[[CardPeeGeeState, Any, Work], tuple[CardPeeGeeState, str]]
"""A step's rule: ``(state, action, work) -> (state, news)``."""


def minus(have: Sequence[Card], take: Iterable[Card]) -> tuple[Card, ...] | None:
    """``have`` without ``take`` (as multisets); None if ``take`` is not all there."""
    left = list(have)
    for c in take:
        if c not in left:
            return None
        left.remove(c)
    return tuple(left)


# --- checks shared by the rules -----------------------------------------------------------------


def check_cards(s: CardPeeGeeState, cs: Iterable[Card | None]) -> None:
    """IllegalAction unless every card entered is in this table's deck."""
    deck = table_deck(s.setup)
    for c in cs:
        if c is not None and not deck.contains(c):
            if c.is_joker:
                raise IllegalAction("this game is played without Jokers (see the settings)")
            if c.is_blank:
                raise IllegalAction("the blank card is not in this game's deck")
            raise IllegalAction(f"{c.symbol} is not in the deck")


def check_player(s: CardPeeGeeState, p: int) -> Hero:
    """The Hero of player ``p``, who must exist and be alive."""
    if not 0 <= p < len(s.heroes):
        raise IllegalAction(f"there is no player {p}")
    hero = s.heroes[p]
    if not hero.alive:
        raise IllegalAction(f"{s.name(p)} is dead and out of the game")
    return hero


def expect(s: CardPeeGeeState, *phases: str) -> None:
    """IllegalAction, saying what the table is doing, unless it is in one of ``phases``."""
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


def current_encounter(s: CardPeeGeeState) -> AnyEncounter:
    """The encounter going on, or IllegalAction."""
    enc = s.encounter
    if s.phase != "encounter" or enc is None:
        raise IllegalAction("there is no encounter going on")
    return enc


E = TypeVar("E", bound=EncounterBase)
A = TypeVar("A")


def encounter_of(s: CardPeeGeeState, kind: type[E]) -> E:
    """The encounter going on, if it is of this kind; else IllegalAction ("this is a Trap, not
    a treasure chest"). The one place a step's encounter is narrowed."""
    enc = current_encounter(s)
    if not isinstance(enc, kind):
        wanted = kind.model_fields["kind"].default
        raise IllegalAction(f"this is {ENCOUNTER_NAMES[enc.kind]}, not {ENCOUNTER_NAMES[wanted]}")
    return enc


def in_encounter(
    kind: type[E], rule: Callable[[CardPeeGeeState, E, A, Work], tuple[CardPeeGeeState, str]],
) -> Callable[[CardPeeGeeState, A, Work], tuple[CardPeeGeeState, str]]:
    """A step of one kind of encounter (a disarm: a chest's): its rule gets the encounter as
    that kind, and the step is refused in any other."""
    def step(s: CardPeeGeeState, a: A, w: Work) -> tuple[CardPeeGeeState, str]:
        return rule(s, encounter_of(s, kind), a, w)
    step.__name__ = step.__qualname__ = rule.__name__
    return step


def current_battle(s: CardPeeGeeState) -> Battle:
    """The fight going on (a Boss Battle's only while it is fought), or IllegalAction."""
    enc = current_encounter(s)
    battle = enc.battle_or_none
    if battle is None or (enc.kind == "boss" and enc.stage != "battle"):
        raise IllegalAction("there is no fight going on")
    return battle


def element(s: CardPeeGeeState, p: int) -> Suit | None:
    """A Hero's element (their Character's suit) when playing with Elements, else None."""
    h = s.heroes[p]
    return h.character.suit if s.settings.elements and h.character is not None else None


# --- edits of the state ---------------------------------------------------------------------------


def with_hero(s: CardPeeGeeState, p: int, **changes) -> CardPeeGeeState:
    heroes = list(s.heroes)
    heroes[p] = heroes[p].model_copy(update=changes)
    return s.model_copy(update={"heroes": tuple(heroes)})


def with_hp(s: CardPeeGeeState, p: int, change: int, why: str) -> CardPeeGeeState:
    h = s.heroes[p]
    hp = h.hp + change
    log = h.hp_log + (HpChange(step=s.step, change=change, hp=hp, why=why),)
    return with_hero(s, p, hp=hp, hp_log=log)


def with_encounter(s: CardPeeGeeState, **changes) -> CardPeeGeeState:
    """The encounter on the table, changed; for rules that have just read it."""
    enc = s.encounter
    assert enc is not None  # every caller has read this encounter (or had it from encounter_of)
    return s.model_copy(update={"encounter": enc.model_copy(update=changes)})


def with_fighter(s: CardPeeGeeState, i: int, **changes) -> CardPeeGeeState:
    """Fighter ``i`` of the fight on the table, changed; for rules that have just found them there."""
    battle = s.encounter.battle_or_none if s.encounter is not None else None
    assert battle is not None  # every caller has just taken fighter i from this battle
    fighters = list(battle.fighters)
    fighters[i] = fighters[i].model_copy(update=changes)
    return with_encounter(s, battle=battle.model_copy(update={"fighters": tuple(fighters)}))


def take(
    s: CardPeeGeeState, p: int, cs: Sequence[Card], from_active: Sequence[Card],
    conversions: dict[Card, Suit], in_fight: bool, suits: tuple[Suit, ...] | None, purpose: str,
) -> tuple[CardPeeGeeState, tuple[Played, ...], list[str]]:
    """Take played cards out of a player's hand and active display; convert them with the
    player's other active Jacks; check they count in a suit the purpose accepts."""
    hero = check_player(s, p)
    check_cards(s, [*cs, *from_active, *conversions])
    everything = [*cs, *from_active]
    if not everything:
        raise IllegalAction("choose the cards to play")
    if any(c.is_joker for c in everything):
        raise IllegalAction("a Joker does nothing: keep it")
    if len(cs) > hero.hand:
        raise IllegalAction(f"{s.name(p)} has only {plural(hero.hand, 'card')} in hand")
    still_active = minus(hero.active, from_active)
    if still_active is None:
        missing = [c.symbol for c in from_active if c not in hero.active]
        raise IllegalAction(f"{', '.join(missing) or 'that card'} is not one of {s.name(p)}'s active cards")
    stray = [c for c in conversions if c not in everything]
    if stray:
        raise IllegalAction(f"{symbols(stray)} is not among the cards played")
    converted, lines = convert(everything, still_active, conversions, in_fight)
    if suits is not None:
        check_suits(converted, suits, purpose)
    s = with_hero(s, p, hand=hero.hand - len(cs), active=still_active)
    return s, converted, lines


# --- fighters -------------------------------------------------------------------------------------


def player_numbers(s: CardPeeGeeState, p: int, played: Sequence[Played]) -> tuple[int, int, tuple[str, ...]]:
    """A player's Attack and Deal in a fight: base Attack (the Character's value) + clubs
    played, Deal 3 + spades played, bonuses from the cards active now."""
    hero = s.heroes[p]
    name = s.name(p)
    base, base_text = base_attack(s, p)
    lines: list[str] = []
    if not played:
        hd = s.settings.hero_deal
        return base, hd, (f"{name}: Attack {base_text}, Deal {hd}",)
    pv = value_played(played, hero.active, element(s, p))
    clubs, deal = pv.values[Suit.CLUBS], pv.deal
    lines.extend(pv.explanation)
    hd = s.settings.hero_deal
    lines.append(f"{name}: Attack {base_text} + {clubs} = {base + clubs}, "
                 f"Deal {hd} + {deal} = {hd + deal}")
    return base + clubs, hd + deal, tuple(lines)


def base_attack(s: CardPeeGeeState, p: int) -> tuple[int, str]:
    """A Hero's base Attack: their Character's value plus the Hero's Attack bonus (a
    setting, "Check the numbers"), never below 0; and its working ("12 (K♥ 10 + 2, the
    Hero's Attack bonus)")."""
    character = s.heroes[p].character
    # asked only of an entered Hero: new_hero sets the Character before it asks, and every
    # fight comes after the "heroes" phase, which ends once every Hero is entered
    assert character is not None
    bonus = s.settings.hero_attack_bonus
    if not bonus:
        return value(character), f"{value(character)} ({character.symbol})"
    base = max(0, value(character) + bonus)
    sign = "+" if bonus > 0 else "−"
    floor = ", never below 0" if value(character) + bonus < 0 else ""
    return base, (f"{base} ({character.symbol} {value(character)} {sign} {abs(bonus)}, "
                  f"the Hero's Attack bonus{floor})")


def new_fighter(s: CardPeeGeeState, p: int, side: int, forced: bool = False) -> Combatant:
    attack, deal, working = player_numbers(s, p, ())
    return Combatant(name=s.name(p), side=side, player=p, attack=attack, deal=deal,
                   element=element(s, p), working=working, forced=forced)


def refresh(s: CardPeeGeeState, p: int) -> CardPeeGeeState:
    """Work out again what depends on a player's played and active cards."""
    enc = s.encounter
    if enc is None or s.phase != "encounter":
        return s
    battle = enc.battle_or_none
    if battle is not None:
        i = battle.of_player(p)
        if i is not None and battle.fighters[i].live:
            attack, deal, working = player_numbers(s, p, battle.fighters[i].played)
            s = with_fighter(s, i, attack=attack, deal=deal, working=working)
    if enc.kind == "chest" and p == s.turn:
        score, working = disarm_score(enc.played, s.heroes[p].active, element(s, p))
        s = with_encounter(s, disarm_score=score, disarm_working=working)
    return s


def note_refresh(s: CardPeeGeeState, p: int, w: Work) -> None:
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


def prep_window(s: CardPeeGeeState, p: int) -> int:
    """The fighter index of a player who may play or activate cards in the fight now."""
    battle = current_battle(s)
    i = battle.of_player(p)
    if i is None:
        raise IllegalAction(f"{s.name(p)} is not in the fight")
    f = battle.fighters[i]
    if not f.live:
        raise IllegalAction(f"{s.name(p)} is out of the fight ({f.out})")
    if f.rounds and not (battle.play_between_rounds and f.side == 0):
        raise IllegalAction(f"{s.name(p)} can play and activate cards only before their first round")
    return i


def round_deal(battle: Battle, i: int) -> tuple[int, str]:
    f = battle.fighters[i]
    if not f.fleeing:
        return f.deal, ""
    # "if there will be at least one player still fighting after they flee": any player,
    # on either side (a PvP opponent too); a Monster or a Boss is not a player
    others = [g for j, g in enumerate(battle.fighters)
              if j != i and g.live and g.player is not None and not g.fleeing]
    return flee_deal(f.deal, bool(others))


