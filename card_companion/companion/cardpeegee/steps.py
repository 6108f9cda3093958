"""Each CardPeeGee step's rule, and what follows any step: the ``Game``'s ``handlers`` and
``applied`` (game.py), and the same answer to "may this be entered now?" for choices.py (which
game.py imports, so it asks here, not the ``Game``)."""

from __future__ import annotations

from typing import Any

from card_companion.calculators.cards import RulesError
from card_companion.companion.cardpeegee import anytime, encounters, endings, fights, heroes, town
from card_companion.companion.cardpeegee.actions import (
    Abandon,
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
    PlayIntoEncounter,
    Revolution,
    Shop,
    TakeDamage,
)
from card_companion.companion.cardpeegee.checks import Rule, Work, in_encounter
from card_companion.companion.cardpeegee.state import (
    BossEncounter,
    CardPeeGeeState,
    ChestEncounter,
    HealerEncounter,
    TrapEncounter,
)
from card_companion.companion.game import Applied, IllegalAction

HANDLERS: dict[type, Any] = {
    NewHero: heroes.new_hero,
    DrawEncounter: encounters.draw_encounter,
    AttackPlayer: fights.attack_player,
    Activate: anytime.activate,
    PlayIntoEncounter: encounters.play,
    JoinFight: fights.join_fight,
    Flee: fights.flee,
    HealAndDefend: fights.heal_and_defend,
    CombatRound: fights.combat_round,
    Disarm: in_encounter(ChestEncounter, encounters.disarm_trap),
    PayFee: in_encounter(HealerEncounter, encounters.pay_fee),
    Evade: in_encounter(TrapEncounter, encounters.evade),
    CraftyEvasion: in_encounter(TrapEncounter, encounters.crafty_evasion),
    TakeDamage: in_encounter(TrapEncounter, encounters.take_damage),
    Abandon: encounters.abandon,
    DivideLoot: in_encounter(BossEncounter, fights.divide_loot),
    GoToTown: town.go_to_town,
    PayTax: town.pay_tax,
    Shop: town.shop,
    Heal: town.heal,
    EndHeroTurn: town.end_turn,
    GiveCards: anytime.give_cards,
    ClaimWin: anytime.claim_win,
    Revolution: anytime.revolution,
}
"""each step's rule, ``(state, action, work) -> (state, news)``; a step of one kind of
encounter gets that encounter (``in_encounter``), refused in any other"""


def applied(state: CardPeeGeeState, action: Any, rule: Rule) -> Applied:
    """The rule's state, its news as the history line and its working; then what follows
    from any step (``endings.check_end``)."""
    work = Work()
    s = state.model_copy(update={"step": state.step + 1})
    s, news = rule(s, action, work)
    if work.revolutions and s.settings.revolution_every_draw and not news.startswith("Glorious Revolution"):
        news = f"Glorious Revolution: {'; '.join(work.revolutions)} overthrown; {news}"
    s = endings.check_end(s, work)
    return Applied(s, news or action.kind, tuple(work.lines))


def refusal(state: CardPeeGeeState, action: Any) -> str | None:
    """Why the rules refuse this step now, in the words ``Game.step`` says it (``Game.refusal``
    gives the same answer); None when they take it."""
    if state.phase == "over":
        return "the game is over: undo to change it"
    rule = HANDLERS.get(type(action))
    if rule is None:
        return f"CardPeeGee has no step {getattr(action, 'kind', type(action).__name__)!r}"
    try:
        applied(state, action, rule)
    except (IllegalAction, RulesError) as exc:
        return str(exc)
    return None
