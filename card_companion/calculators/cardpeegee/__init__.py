"""CardPeeGee: every number of the game, with its working shown line by line.

Rules: card_companion/companion/cardpeegee/rules.txt; rulings: companion/cardpeegee/rulings.md.
Pure functions over frozen models: no I/O, no randomness. Every result carries ``explanation``, the plain-language
steps that decided it, in the words of the text's own examples.

The Ace example of the text (5 + 7 = 12, half of 12 = 6, worth 18):

>>> r = play_value(cards("5C 7C"), active=cards("AC"))
>>> r.values[Suit.CLUBS], r.explanation[-1]
(18, 'A♣ active (+50 %): half of 12 = 6 → 12 + 6 = 18')

The Jack-then-Ace example (8♣ played as a heart → 6♥ → 9♥):

>>> r = play_value(cards("8C"), active=cards("JC AH AC"), conversions={card("8C"): Suit.HEARTS})
>>> r.values[Suit.HEARTS], r.values[Suit.CLUBS]
(9, 0)

The elemental combat example (24 against 21, 9 damage):

>>> d = duel(Contender(name="Fighter 1", attack=11, element=Suit.CLUBS, drawn=13),
...          Contender(name="Fighter 2", attack=7, element=Suit.DIAMONDS, drawn=10))
>>> d.scores, d.winner, d.hp_loss
((24, 21), 0, (0, 9))

The package, section by section of the text: ``values`` (the constants, card values, the
elements), ``played`` (Jacks first, then Aces and the element), ``combat`` (a round, several
fighters, running away, the draws), ``encounters`` (Monster, jailor, Trap, Healer, chest),
``bosses`` (Boss Battles and the super powers), ``town`` (setup, levels and town) and
``ways_to_win``. The other layers import every name from here.
"""

from __future__ import annotations

from card_companion.calculators.cardpeegee.bosses import (
    BossStats,
    Contestant,
    Forced,
    boss_stack,
    forced_players,
    jack_bonus,
    super_powers,
)
from card_companion.calculators.cardpeegee.combat import (
    BattleRound,
    Clash,
    Contender,
    Duel,
    RoundFighter,
    after_round,
    battle_round,
    draw_refusal,
    duel,
    duel_numbers,
    evasion_draw,
    flee_deal,
)
from card_companion.calculators.cardpeegee.encounters import (
    ChestStats,
    DisarmAttempt,
    HealerStats,
    MonsterStats,
    TrapOutcome,
    TrapStats,
    chest,
    disarm,
    disarm_score,
    encounter_kind,
    fee_paid,
    healer,
    jailor,
    monster,
    trap,
    trap_outcome,
)
from card_companion.calculators.cardpeegee.played import (
    Played,
    PlayValue,
    bonus_tenths,
    check_suits,
    convert,
    play_value,
    value_played,
)
from card_companion.calculators.cardpeegee.town import Purchase, props_for, shopping, starting_hp, town_levy
from card_companion.calculators.cardpeegee.values import (
    ACE_BONUS,
    BOSS_BASE,
    BOSS_DEAL,
    ELEMENT_BONUS,
    ELEMENT_DAMAGE_KEEP,
    ELEMENT_SCORE_BOOST,
    GAME,
    HERO_DEAL,
    JACK_BOSS_BONUS,
    JACK_PENALTY,
    JAILOR_DEAL,
    JOKERS_PER_PACK,
    MONSTER_DEAL,
    PLAYERS_PER_PACK,
    STRONG_AGAINST,
    Frozen,
    RuleError,
    beats,
    deck_for,
    element_word,
    half_up,
    packs_for,
    tenths_up,
    total,
    value,
)
from card_companion.calculators.cardpeegee.ways_to_win import elemental_union, full_court, master_of_the_elements
from card_companion.calculators.cards import SUITS, Card, Deck, Rank, Suit, card, cards  # noqa: F401 (the package's public names)

__all__ = [
    "BattleRound", "BossStats", "ChestStats", "Clash", "Contender", "Contestant", "DisarmAttempt", "Duel",
    "Forced", "HealerStats", "MonsterStats", "PlayValue", "Played", "Purchase", "RoundFighter", "RuleError",
    "STRONG_AGAINST", "TrapOutcome", "TrapStats", "after_round", "battle_round", "beats", "boss_stack", "card", "cards",
    "check_suits", "chest", "convert", "deck_for", "disarm", "disarm_score", "draw_refusal", "duel",
    "duel_numbers", "elemental_union", "encounter_kind", "evasion_draw", "fee_paid", "flee_deal",
    "forced_players", "full_court", "half_up", "healer", "jack_bonus", "jailor", "master_of_the_elements",
    "monster", "packs_for", "play_value", "props_for", "shopping", "starting_hp", "super_powers", "tenths_up",
    "total", "town_levy", "trap", "trap_outcome", "value", "value_played",
]

# The constants and helpers the other layers and the odds use too.
__all__ += [
    "ACE_BONUS", "BOSS_BASE", "BOSS_DEAL", "ELEMENT_BONUS", "ELEMENT_DAMAGE_KEEP", "ELEMENT_SCORE_BOOST", "GAME",
    "HERO_DEAL", "JACK_BOSS_BONUS", "JACK_PENALTY", "JAILOR_DEAL", "JOKERS_PER_PACK", "MONSTER_DEAL",
    "PLAYERS_PER_PACK", "Frozen", "bonus_tenths", "element_word",
]
