"""CardPeeGee's odds at the moment a player decides (the advisor's, companion/advisor.py:
``Advice`` and ``unknown_cards``): a fight's round and its end, a Trap's evasion draw, a chest's
disarm attempt. The resolve protocol's asks for the same are odds_asks.py."""

from __future__ import annotations

from collections.abc import Sequence

from card_companion.calculators.cardpeegee import RuleError
from card_companion.calculators.cards import Card
from card_companion.calculators.odds import OddsError, percent, trap_odds
from card_companion.calculators.odds.cardpeegee import OddsFighter, disarm_odds, fight_odds, round_odds
from card_companion.calculators.words import plural
from card_companion.companion.advisor import Advice, Chance, unknown_cards
from card_companion.companion.cardpeegee.queries import evasion_draw, fighters, stage


def _pool_lines(s, unknown: Sequence[Card]) -> tuple[str, ...]:
    return (f"the deck holds {plural(s.deck, 'card')}; the odds count the {plural(len(unknown), 'unknown card')} "
            "(the deck and the hands the app was not told): by symmetry a card off the deck is as likely to be "
            "any of them",)


def cardpeegee_fight(game, s) -> Advice | None:
    """Before a round of a fight: the Hero's chances in the round and to the end of the fight,
    and the HP the Hero can expect to lose; one opponent at a time."""
    if stage(s) != "battle":
        return None
    order = fighters(s)
    hero_at = next((k for k, (f, _, _) in enumerate(order) if f.player == s.turn), None)
    if hero_at is None:
        return None
    hero_f, hero_deal, _ = order[hero_at]
    side = hero_f.side
    mates = [f for f, _, _ in order if f.side == side and f is not hero_f]
    opponents = [(f, k) for f, k, _ in order if f.side != side]
    name = s.name(s.turn)
    if len(opponents) != 1 or mates:
        return _round_against_each(game, s, hero_f, hero_deal, opponents, mates)
    other_f, other_deal = opponents[0]
    other_name = other_f.name
    hp_other = other_f.hp if other_f.player is None else s.heroes[other_f.player].hp
    hero = OddsFighter(name=name, hp=max(1, s.heroes[s.turn].hp), attack=hero_f.attack, deal=hero_deal,
                       element=hero_f.element)
    other = OddsFighter(name=other_name, hp=max(1, hp_other), attack=other_f.attack, deal=other_deal,
                        element=other_f.element)
    unknown = unknown_cards(game, s)
    title = f"{name} against {other_name}"
    crit = s.settings.critical_strikes
    round_only = hero_f.fleeing or hero_f.defending or other_f.fleeing or other_f.defending
    try:
        if round_only:
            r = round_odds(hero, other, unknown, crit)
            o = None
        else:
            o = fight_odds(hero, other, unknown, crit)
            r = o.round
    except RuleError as exc:
        return Advice(title=title, explanation=(str(exc), *_pool_lines(s, unknown)))
    chances = [Chance(label=f"{name} wins the round", p=r.hero, good=True),
               Chance(label="tie", p=r.tie),
               Chance(label=f"{other_name} wins the round", p=r.monster, good=False)]
    figures = [("Scores", f"{hero.attack} + {plural(hero.deal, 'card')} vs {other.attack} + "
                          f"{plural(other.deal, 'card')}")]
    lines = [*_pool_lines(s, unknown)]
    if o is not None:
        chances.append(Chance(label=f"{name} left standing", p=o.hero, good=True))
        figures.append(("Expected HP lost", f"{o.expected_hero_hp_loss:.1f} of {hero.hp}"))
        lines += o.explanation
    else:
        flags = [f"{f.name} {'runs away' if f.fleeing else 'heals and defends'}"
                 for f in (hero_f, other_f) if f.fleeing or f.defending]
        lines += [*r.explanation, f"this round only: {', '.join(flags)} (the fight after it is not counted)"]
    return Advice(title=title, chances=tuple(chances), figures=tuple(figures), explanation=tuple(lines))


def _hp(s, f) -> int:
    return max(1, f.hp if f.player is None else s.heroes[f.player].hp)


def _round_against_each(game, s, hero_f, hero_deal: int, opponents, mates) -> Advice:
    """Several fighters: the Hero's chances in this round against each opponent. A pair's odds
    are exact on their own: all the round's score cards are drawn together, and the cards the
    others draw do not change how likely any draw of this pair's cards is."""
    name = s.name(s.turn)
    hero = OddsFighter(name=name, hp=_hp(s, hero_f), attack=hero_f.attack, deal=hero_deal, element=hero_f.element)
    unknown = unknown_cards(game, s)
    crit = s.settings.critical_strikes
    title = f"{name} against {plural(len(opponents), 'opponent')}"
    chances: list[Chance] = []
    lines = [*_pool_lines(s, unknown),
             f"{plural(len(mates) + 1, 'fighter')} on {name}'s side, {plural(len(opponents), 'opponent')}: "
             f"{name}'s chances in this round against each, counted pair by pair (the other fighters' score "
             "cards come from the same draw but do not change a pair's odds); the fight to the end is not "
             "counted"]
    for f, deal in opponents:
        other = OddsFighter(name=f.name, hp=_hp(s, f), attack=f.attack, deal=deal, element=f.element)
        try:
            r = round_odds(hero, other, unknown, crit)
        except RuleError as exc:
            return Advice(title=title, explanation=(str(exc), *lines))
        chances += [Chance(label=f"{name} beats {f.name}", p=r.hero, good=True),
                    Chance(label=f"{f.name} beats {name}", p=r.monster, good=False)]
        lines += r.explanation
    return Advice(title=title, chances=tuple(chances), explanation=tuple(lines))


def cardpeegee_trap(game, s) -> Advice | None:
    """Before the evasion draw: the HP the Trap takes, over every draw."""
    if stage(s) != "evade":
        return None
    enc = s.encounter
    unknown = unknown_cards(game, s)
    draw = evasion_draw(s)
    title = f"{s.name(s.turn)} against the Trap {enc.agitator.symbol}"
    try:
        o = trap_odds(enc.agitator, enc.props, draw, unknown)
    except (OddsError, RuleError) as exc:
        return Advice(title=title, explanation=(str(exc), *_pool_lines(s, unknown)))
    none = float(o.hp_loss.get(0, 0))
    worst = max(o.hp_loss)
    return Advice(
        title=title,
        chances=(Chance(label="evades (difficulty beaten)", p=float(o.evaded), good=True),
                 Chance(label="loses no HP", p=none, good=True),
                 Chance(label=f"loses the full {worst} HP", p=float(o.hp_loss[worst]), good=False)),
        figures=(("Expected HP lost", f"{float(o.expected_hp_loss):.1f}"),
                 ("Evasion cards", str(draw))),
        explanation=(*_pool_lines(s, unknown), *o.explanation,
                     *(f"loses {h} HP: {percent(float(p))}" for h, p in o.hp_loss.items())),
    )


def cardpeegee_disarm(game, s, trap: Card) -> Advice | None:
    """Before an attempt at a chest's trap: the chance it is disarmed, a tie, or triggered."""
    if stage(s) != "disarm":
        return None
    enc = s.encounter
    unknown = unknown_cards(game, s)
    title = f"Disarming {trap.symbol} with a disarm score of {enc.disarm_score}"
    try:
        o = disarm_odds(trap, enc.disarm_score, unknown)
    except RuleError as exc:
        return Advice(title=title, explanation=(str(exc), *_pool_lines(s, unknown)))
    return Advice(
        title=title,
        chances=(Chance(label="disarmed", p=o.disarmed, good=True), Chance(label="tie", p=o.tie),
                 Chance(label="triggered", p=o.triggered, good=False)),
        figures=(("Expected HP lost", f"{o.expected_hp_loss:.1f}"),),
        explanation=(*_pool_lines(s, unknown), *o.explanation),
    )
