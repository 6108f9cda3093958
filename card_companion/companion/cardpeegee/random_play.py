"""CardPeeGee's random play (the generic random-play test, the durability test and the
property tests): random setups, actions drawn only from ``legal_actions`` in the proportions
players enter them (a fight's rounds mostly, now and then cards played, a gift, a claim...), and
the invariants every state keeps."""

from __future__ import annotations

import random
from typing import Any

from card_companion.calculators.cards import Rank
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
from card_companion.companion.cardpeegee.choices import legal_actions
from card_companion.companion.cardpeegee.queries import stage
from card_companion.companion.cardpeegee.settings import CardPeeGeeSetup
from card_companion.companion.cardpeegee.state import CardPeeGeeState
from card_companion.companion.legal import Legal, RandomPlay

Pick = Any
"""``pick(kind)``: one of the state's legal actions of that kind at random, or None"""


class CardPeeGeeRandomPlay(RandomPlay[CardPeeGeeSetup, CardPeeGeeState, Any]):
    """Random CardPeeGee games with random options, every step one of ``legal_actions``."""

    def random_setup(self, rng: random.Random) -> CardPeeGeeSetup:
        n = rng.choice([1, 2, 2, 3, 4, 5])
        flip = lambda p=0.5: rng.random() < p  # noqa: E731
        elements = flip()
        bosses = flip()
        settings = {
            "cry_for_help": n > 1 and flip(), "run_away": flip(), "heal_and_defend": flip(),
            "salvage": flip(), "gratitude": flip(), "crafty_evasion": flip(), "pick_yourself_up": flip(),
            "boss_battles": bosses, "super_powers": bosses and flip(), "pvp": n > 1 and flip(),
            "elements": elements, "elemental_beasts": elements and flip(), "everyman": flip(0.3),
            "everyman_lowest": rng.choice([2, 7]), "opening_sale": flip(0.3), "eat_your_greens": flip(0.3),
            "level_up_v1": flip(0.3), "level_up_v2": flip(0.3), "critical_strikes": flip(), "jokers": flip(0.3),
            "hp_base": rng.choice([15, 15, 25]), "hp_cards": rng.choice([3, 3, 2]),
            "card_price": rng.choice([8, 6]), "goliath_hp": rng.choice([150, 60]),
            "hero_attack_bonus": rng.choice([0, 0, 0, 3, -3]), "tax_above": rng.choice([6, 6, 20]),
            "revolution_deadly": flip(0.3), "round_limit": rng.randint(1, 4),
            # big hands run the deck short: the Glorious Revolution at every kind of draw
            "glorious_revolution": flip(0.8), "hand_size": rng.choice([5, 5, 10]),
        }
        return self.game.make_setup([f"P{i}" for i in range(n)], settings)

    def random_action(self, s: CardPeeGeeState, rng: random.Random) -> Any:
        legal = legal_actions(s)
        if not legal:
            return None

        def pick(kind: type) -> Any:
            choices = legal.of_kind(kind)
            return choices.sample(rng) if choices else None

        now = stage(s)
        if now == "heroes":
            return pick(NewHero)
        if legal.allows(Revolution):
            # with the rule off, a draw the deck cannot make waits for the revolution
            must = not s.settings.glorious_revolution and now in ("battle", "evade", "disarm")
            if must or rng.random() < (0.2 if s.settings.glorious_revolution else 0.5):
                return Revolution()
        if rng.random() < 0.02 and (gift := pick(GiveCards)) is not None:
            return gift
        if rng.random() < 0.005 and (claim := pick(ClaimWin)) is not None:
            return claim
        action = STAGES[now](legal, pick, rng) if now in STAGES else None
        return action if action is not None else legal.sample(rng)

    def check_invariants(self, s: CardPeeGeeState) -> None:
        assert s.deck >= 0, "the deck count went below zero"
        held = 0
        for q, h in enumerate(s.heroes):
            assert h.hand >= 0, f"{s.name(q)}'s hand count went below zero"
            assert all(c.rank in (Rank.JACK, Rank.ACE) for c in h.active), "only Jacks and Aces can be active"
            if not h.ready:
                assert h.hand == 0 and not h.active and not h.hp_log
                continue
            assert h.hp_log, "a Hero without an HP history"
            assert sum(c.change for c in h.hp_log) == h.hp, f"{s.name(q)}'s HP does not add up to the HP history"
            assert h.hp_log[-1].hp == h.hp, f"{s.name(q)}'s HP history ends elsewhere"
            if h.alive:
                assert h.hp > 0, f"{s.name(q)} is alive with {h.hp} HP"
                held += 1 + h.hand + len(h.active)
            else:
                assert h.hand == 0 and not h.active, "a dead Hero still holds cards"
        on_table = 0
        enc = s.encounter
        if enc is not None:
            assert s.phase in ("encounter", "over"), "an encounter outside the encounter phase"
            on_table = len(enc.cards) + enc.played_count()
            battle = enc.battle_or_none
            if battle is not None:
                for f in battle.fighters:
                    assert f.attack >= 0 and f.deal >= 0
                    if f.player is not None and f.live:
                        assert s.heroes[f.player].alive, "a dead Hero is still fighting"
                if s.phase == "encounter" and not (enc.kind == "boss" and enc.stage != "battle"):
                    assert battle.side_live(0) and battle.side_live(1), "a fight with one side empty goes on"
        else:
            assert s.phase != "encounter", "the encounter phase without an encounter"
        assert s.deck + held + on_table == s.deck_size, (
            f"cards not conserved: deck {s.deck} + held {held} + table {on_table} != {s.deck_size}")
        if s.phase in ("turn", "after-trap", "town", "opening"):
            assert s.heroes[s.turn].alive, "a dead Hero has the turn"
        if s.phase in ("town", "opening"):
            assert s.town is not None
        if s.phase == "over":
            assert all(s.heroes[q].alive for q in s.winners), "a dead Hero won"


def _draw(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    """The Hero's turn: a second encounter or town after a Trap, now and then a PvP attack."""
    if legal.allows(GoToTown) and rng.random() < 0.5:
        return GoToTown()
    if legal.allows(AttackPlayer) and rng.random() < 0.15:
        return pick(AttackPlayer)
    return pick(DrawEncounter)


def _battle(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    """A fight: mostly the round; cards played or activated, Cry for help, Run away, Heal and
    defend, abandoning a Healer now and then."""
    r = rng.random()
    if r < 0.25 and legal.allows(PlayIntoEncounter):
        if rng.random() < 0.2 and legal.allows(Activate):
            return pick(Activate)
        return pick(PlayIntoEncounter)
    for below, kind in ((0.32, JoinFight), (0.37, Flee), (0.42, HealAndDefend), (0.44, Abandon)):
        if r < below and legal.allows(kind):
            return pick(kind)
    return pick(CombatRound)


def _loot(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    return pick(DivideLoot)


def _chest(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    r = rng.random()
    if r < 0.2 and legal.allows(PlayIntoEncounter):
        return pick(PlayIntoEncounter)
    if r < 0.25:
        return Abandon()
    return pick(Disarm)


def _fee(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    if rng.random() < 0.1 or not legal.allows(PayFee):
        return Abandon()
    return pick(PayFee)


def _evade(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    return pick(Evade)


def _crafty(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    if legal.allows(CraftyEvasion) and rng.random() < 0.6:
        return pick(CraftyEvasion)
    return TakeDamage()


def _town(legal: Legal, pick: Pick, rng: random.Random) -> Any:
    """Town: the tax when it is due; shopping, potions, activating now and then; leaving."""
    if legal.allows(PayTax):
        return pick(PayTax)
    r = rng.random()
    for below, kind in ((0.25, Shop), (0.45, Heal), (0.55, Activate)):
        if r < below and legal.allows(kind):
            return pick(kind)
    return EndHeroTurn()


STAGES = {"turn": _draw, "after-trap": _draw, "battle": _battle, "divide-loot": _loot, "disarm": _chest,
          "fee": _fee, "evade": _evade, "crafty": _crafty, "town": _town, "opening": _town}
"""each stage's steps in the proportions players enter them (tests/strategies kept these since
the first random games: they reach every rule and still end)"""
