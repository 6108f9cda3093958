"""What the table is doing, read off CardPeeGee's state: the views, the advice and the rules ask
these (the stage, the Hero, a fight's order and the flee penalty, the next draw and who the
Glorious Revolution would overthrow). Who may enter what now is choices.py's ``legal_actions``.
Nothing here changes a state."""

from __future__ import annotations

from collections.abc import Sequence

from card_companion.calculators.cardpeegee import RuleError, encounter_kind, props_for, value
from card_companion.calculators.cardpeegee import evasion_draw as cards_to_evade
from card_companion.calculators.cards import SUITS, Card, Rank, Suit
from card_companion.companion.cardpeegee.checks import minus, prep_window, round_deal
from card_companion.companion.cardpeegee.settings import table_deck
from card_companion.companion.cardpeegee.state import (
    ENCOUNTER_NAMES,
    AnyEncounter,
    Battle,
    BossEncounter,
    CardPeeGeeState,
    ChestEncounter,
    Combatant,
    HealerEncounter,
    MonsterEncounter,
    PvpEncounter,
    TrapEncounter,
)
from card_companion.companion.game import IllegalAction


def hero(s: CardPeeGeeState) -> int | None:
    """Whose turn it is (the Hero), or None before play starts and at the end."""
    return s.turn if s.phase in ("turn", "encounter", "after-trap", "town") else None


def _encounter(s: CardPeeGeeState) -> AnyEncounter | None:
    """The encounter going on, or None when the table is not in one (a finished game may
    still show its last encounter: that one is not going on)."""
    if s.phase != "encounter":
        return None
    # the encounter phase always has its encounter: the step that draws one sets both, the
    # end of an encounter clears both (random_play.py checks it of every state)
    assert s.encounter is not None, "the encounter phase without an encounter"
    return s.encounter


def _fight(s: CardPeeGeeState) -> Battle | None:
    """The fight going on (the stage is "battle"), or None."""
    enc = _encounter(s)
    if enc is None or stage(s) != "battle":
        return None
    return enc.battle_or_none


def stage(s: CardPeeGeeState) -> str:
    """What the table is doing now: heroes, opening, turn, battle, divide-loot, disarm, fee,
    evade, crafty, after-trap, town, over."""
    enc = _encounter(s)
    if enc is None:
        return s.phase
    if isinstance(enc, (MonsterEncounter, PvpEncounter)):
        return "battle"
    if isinstance(enc, BossEncounter):
        return "battle" if enc.stage == "battle" else "divide-loot"
    if isinstance(enc, ChestEncounter):
        return "disarm"
    if isinstance(enc, HealerEncounter):
        return "battle" if enc.battle is not None else "fee"
    return "crafty" if enc.pending is not None else "evade"


def character_allowed(s: CardPeeGeeState, c: Card) -> bool:
    """May this card be a Character under the settings (the picker offers only these)?"""
    if c.is_joker or not table_deck(s.setup).contains(c):
        return False
    if s.settings.everyman:
        return s.settings.everyman_lowest <= value(c) <= s.settings.everyman_highest
    return c.rank in (Rank.KING, Rank.QUEEN)


def props_needed(s: CardPeeGeeState) -> tuple[int, str]:
    """Props for the Hero's next encounter (with Level Up) and the working."""
    settings = s.settings
    return props_for(settings.props, s.laps, s.heroes[s.turn].hp, settings.level_up_v1,
                     settings.level_up_v2, settings.level_up_v2_start, settings.level_up_v2_step)


def needs_beast(s: CardPeeGeeState, agitator: Card) -> bool:
    """Does this agitator need an extra card for the Elemental beast?"""
    try:
        return encounter_kind(agitator, s.settings.boss_battles) == "monster" and s.settings.elemental_beasts
    except RuleError:
        return False


def encounter_name(s: CardPeeGeeState, agitator: Card) -> str:
    """What this agitator starts under the settings ("a Monster fight", "a Boss Battle"...),
    or why it starts nothing (a Joker)."""
    try:
        return ENCOUNTER_NAMES[encounter_kind(agitator, s.settings.boss_battles)]
    except RuleError as exc:
        return str(exc)


def activation_refusal(s: CardPeeGeeState, p: int) -> str | None:
    """Why player ``p`` may not activate cards now (None: they may), the one answer of the
    Activate step and of the players the screens offer it to (choices.py)."""
    if s.phase in ("opening", "town"):
        return None if p == s.turn else f"only {s.name(s.turn)} is in town"
    enc = _encounter(s)
    if enc is None:
        return "cards are activated in town or when an encounter allows it"
    if isinstance(enc, TrapEncounter):
        return "traps are sprung without warning: no time to activate cards"
    if isinstance(enc, ChestEncounter) or (isinstance(enc, HealerEncounter) and enc.battle is None):
        return None if p == s.turn else "only the Hero activates cards here"
    try:
        prep_window(s, p)
    except IllegalAction as exc:
        return str(exc)
    return None


def fighters(s: CardPeeGeeState) -> list[tuple[Combatant, int, str]]:
    """The fighters still in the fight, in the order the round's score cards are entered:
    (fighter, score cards to draw this round, the flee penalty's working)."""
    battle = _fight(s)
    if battle is None:
        return []
    return [(battle.fighters[i], *round_deal(battle, i)) for i in battle.live()]


def flee_penalty(s: CardPeeGeeState, p: int) -> str:
    """What running away costs this player now, in the rule's words ("" if they cannot flee):
    the penalty round's Deal (1 less when another player stays in the fight, 2 less when none
    does), worked out as the Flee step would."""
    battle = _fight(s)
    i = battle.of_player(p) if battle is not None else None
    if battle is None or i is None or not (s.settings.run_away and battle.can_flee):
        return ""
    if not battle.fighters[i].live or battle.fighters[i].fleeing:
        return ""
    fleeing = battle.model_copy(update={"fighters": tuple(
        f.model_copy(update={"fleeing": True}) if j == i else f for j, f in enumerate(battle.fighters))})
    return round_deal(fleeing, i)[1]


def fee_due(s: CardPeeGeeState) -> int:
    """The Healer's fee while it is due, else 0."""
    enc = s.encounter
    return enc.fee if stage(s) == "fee" and isinstance(enc, HealerEncounter) else 0


def loot_sharers(s: CardPeeGeeState) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The Allies who divide a Boss stack and the cards to divide (when the Hero died)."""
    enc = s.encounter
    if stage(s) != "divide-loot" or not isinstance(enc, BossEncounter):
        return (), ()
    return enc.sharers, enc.stack


def hp_history(s: CardPeeGeeState, p: int) -> list[tuple[int, int]]:
    """(action number, HP after it) for a Hero's HP chart."""
    return [(c.step, c.hp) for c in s.heroes[p].hp_log]


def conversion_suits(s: CardPeeGeeState, p: int, c: Card, from_active: Sequence[Card] = ()) -> list[Suit]:
    """The suits player ``p`` may declare card ``c`` as when playing it: an active Jack
    converts a card of its suit to any other suit, or any card to its suit. Jacks played
    off the display (``from_active``) convert nothing."""
    if c.is_joker or not 0 <= p < len(s.heroes):
        return []
    active = minus(s.heroes[p].active, from_active)
    if active is None:
        active = s.heroes[p].active
    jacks = {j.suit for j in active if j.rank == Rank.JACK}
    if c.suit in jacks:
        return [x for x in SUITS if x != c.suit]
    return [x for x in SUITS if x in jacks]


def evasion_draw(s: CardPeeGeeState) -> int:
    """Cards the Hero draws to evade a trap: one, plus one per active card."""
    return cards_to_evade(len(s.heroes[s.turn].active))


def next_draw(s: CardPeeGeeState) -> tuple[int, str]:
    """The cards the table's next draw from the deck takes, and what it is, in words (0
    when the next step draws nothing that is known now: shopping depends on the diamonds).
    The Elemental beast's card is not counted: the agitator decides whether it is drawn."""
    now = stage(s)
    if now in ("turn", "after-trap"):
        return 1 + props_needed(s)[0], f"{s.name(s.turn)}'s encounter"
    if not s.settings.revolution_every_draw:
        return 0, ""
    if now == "battle":
        return sum(k for _, k, _ in fighters(s)), "the round's draw of score cards"
    if now == "evade":
        return evasion_draw(s), f"{s.name(s.turn)}'s evasion draw"
    if now == "disarm":
        return 2, "the disarm draw (the Hero's and the trap's score card)"
    return 0, ""


def card_counts(s: CardPeeGeeState) -> dict[int, int]:
    """Cards each living player has: hand, active and played into the current encounter."""
    counts = {q: h.held for q, h in enumerate(s.heroes) if h.alive and h.ready}
    enc = s.encounter
    if enc is not None:
        battle = enc.battle_or_none
        if battle is not None:
            for f in battle.fighters:
                if f.player is not None and f.player in counts:
                    counts[f.player] += len(f.played)
        if isinstance(enc, ChestEncounter) and s.turn in counts:
            counts[s.turn] += len(enc.played)
    return counts


def top_holders(s: CardPeeGeeState) -> tuple[tuple[int, ...], int] | None:
    """The players with the most cards (all of them when tied) and that count; None when
    nobody holds a card."""
    counts = card_counts(s)
    top = max(counts.values(), default=0)
    if top == 0:
        return None
    return tuple(q for q, n in counts.items() if n == top), top


def revolution_offer(s: CardPeeGeeState) -> tuple[tuple[int, ...], int] | None:
    """When the deck has run out, or is too short for the next draw: the players who would
    be overthrown and their card count."""
    if s.phase in ("heroes", "over"):
        return None
    short = s.deck == 0 or s.deck < next_draw(s)[0]
    if not short:
        return None
    return top_holders(s)


