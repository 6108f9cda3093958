"""Random play and invariants for cardpeegee (test support: the generic random-play test, the
durability test and the property tests use them; moved out of the production module)."""

from __future__ import annotations

import random

from card_companion.calculators.cardpeegee import (
    play_value,
    value,
)
from card_companion.calculators.cards import SUITS, Card, Rank, Suit
from card_companion.companion.cardpeegee import (
    Abandon,
    Activate,
    AttackPlayer,
    CardPeeGeeSetup,
    CardPeeGeeState,
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
from card_companion.companion.game import IllegalAction
from tests.strategies.base import GameStrategy


class Strategy(GameStrategy):
    """The game's random play and invariants; the game's own queries through ``self``."""

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
        return self.make_setup([f"P{i}" for i in range(n)], settings)

    def random_action(self, s: CardPeeGeeState, rng: random.Random):
        if s.phase == "over":
            return None
        deck = self.deck(s.setup)
        faces = deck.faces()
        suited = [c for c in faces if not c.is_joker]

        def any_card() -> Card:
            return rng.choice(faces)

        def of_suit(suit: Suit, k: int) -> tuple[Card, ...]:
            pool = [c for c in suited if c.suit == suit]
            return tuple(rng.choice(pool) for _ in range(k))

        def score(k: int):
            if rng.random() < 0.5:
                return tuple(any_card() for _ in range(k))
            return rng.randint(0, 11 * k)

        stage = self.stage(s)
        if stage == "heroes":
            p = rng.choice(self.heroes_to_enter(s))
            chars = [c for c in suited if self.character_allowed(s, c)]
            return NewHero(player=p, character=rng.choice(chars),
                           hp_cards=tuple(any_card() for _ in range(s.settings.hp_cards)))
        if self.revolution_offer(s) is not None:
            # with the rule off, a draw the deck cannot make waits for the revolution
            must = not s.settings.glorious_revolution and stage in ("battle", "evade", "disarm")
            if must or rng.random() < (0.2 if s.settings.glorious_revolution else 0.5):
                return Revolution()
        if rng.random() < 0.02:
            giver = [q for q, h in enumerate(s.heroes) if h.alive and h.hand]
            others = [q for q, h in enumerate(s.heroes) if h.alive]
            if giver and len(others) > 1:
                g = rng.choice(giver)
                r = rng.choice([q for q in others if q != g])
                return GiveCards(giver=g, receiver=r, cards=1)
        if rng.random() < 0.005 and self.claimable(s):
            q = rng.choice([q for q, h in enumerate(s.heroes) if h.alive])
            h = s.heroes[q]
            suit = rng.choice(SUITS)
            court = tuple(Card.parse(f"{r}{suit.value}") for r in "JQK")
            if "full-court" in self.claimable(s) and h.hand >= 3:
                return ClaimWin(player=q, condition="full-court", cards=court)
        p = s.turn
        hero = s.heroes[p]
        if stage in ("turn", "after-trap"):
            if stage == "after-trap" and rng.random() < 0.5:
                return GoToTown()
            if stage == "turn" and self.pvp_targets(s) and rng.random() < 0.15:
                return AttackPlayer(defender=rng.choice(self.pvp_targets(s)))
            agitator = rng.choice(suited)
            beast = any_card() if self.needs_beast(s, agitator) else None
            while beast is not None and beast.is_joker:
                beast = any_card()
            needed = self.props_needed(s)[0]
            extra = 1 + (1 if beast else 0)
            k = min(needed, self.deck_after_revolution(s, needed + extra) - extra)
            return DrawEncounter(agitator=agitator, props=tuple(any_card() for _ in range(max(0, k))), beast=beast)
        if stage == "battle":
            r = rng.random()
            players = self.can_play(s)
            if r < 0.25 and players:
                q = rng.choice(players)
                h = s.heroes[q]
                if h.hand:
                    if rng.random() < 0.2 and self.activation_window(s, q) == "":
                        aces_and_jacks = [c for c in suited if c.rank in (Rank.ACE, Rank.JACK)]
                        return Activate(player=q, cards=(rng.choice(aces_and_jacks),))
                    k = rng.randint(1, min(2, h.hand))
                    weapons = [c for c in suited if c.suit in (Suit.CLUBS, Suit.SPADES)]
                    return PlayIntoEncounter(player=q, cards=tuple(rng.choice(weapons) for _ in range(k)))
            joiners = self.can_join(s)
            if r < 0.32 and joiners:
                q = rng.choice(sorted(joiners))
                return JoinFight(player=q, side=rng.choice(joiners[q]))
            if r < 0.37 and self.can_flee(s):
                return Flee(player=rng.choice(self.can_flee(s)))
            healers = [q for q in self.can_heal_and_defend(s) if s.heroes[q].hand]
            if r < 0.42 and healers:
                return HealAndDefend(player=rng.choice(healers), card=of_suit(Suit.HEARTS, 1)[0])
            if r < 0.44 and s.encounter.kind == "healer":
                return Abandon()
            ahead = self.ahead_of_draw(s)
            same = self.stage(ahead) == "battle" and ahead.encounter.battle.live() == s.encounter.battle.live()
            return CombatRound(scores=tuple(score(k) for _, k, _ in self.fighters(ahead if same else s)))
        if stage == "divide-loot":
            sharers, stack = self.loot_sharers(s)
            shares: dict[int, list[Card]] = {q: [] for q in sharers}
            for c in stack:
                shares[rng.choice(sharers)].append(c)
            return DivideLoot(shares={q: tuple(cs) for q, cs in shares.items()})
        if stage == "disarm":
            enc = s.encounter
            r = rng.random()
            if r < 0.2 and hero.hand:
                return PlayIntoEncounter(player=p, cards=of_suit(Suit.SPADES, 1))
            if r < 0.25:
                return Abandon()
            return Disarm(trap=rng.choice(enc.traps), hero_score=rng.choice([any_card(), rng.randint(0, 11)]),
                          trap_score=rng.choice([any_card(), rng.randint(0, 11)]))
        if stage == "fee":
            if rng.random() < 0.1 or not hero.held:
                return Abandon()
            k = max(1, -(-s.encounter.fee // 10))
            if k > hero.hand:
                return Abandon()
            return PayFee(cards=tuple(Card.parse(f"10{rng.choice('SHDC')}") for _ in range(k)))
        if stage == "evade":
            ahead = self.ahead_of_draw(s)
            return Evade(score=score(self.evasion_draw(ahead if self.stage(ahead) == "evade" else s)))
        if stage == "crafty":
            if hero.hand and rng.random() < 0.6:
                return CraftyEvasion(cards=of_suit(Suit.SPADES, 1))
            return TakeDamage()
        if stage in ("town", "opening"):
            opts = self.town_options(s)
            if opts["tax"]:
                if hero.hand:
                    return PayTax()
                return PayTax(card=rng.choice(hero.active))
            r = rng.random()
            if r < 0.25 and opts["shop"] and hero.hand:
                k = min(hero.hand, rng.randint(1, 2))
                cs = tuple(rng.choice([c for c in suited if c.suit == Suit.DIAMONDS and value(c) >= 6])
                           for _ in range(k))
                pv = play_value(cs, hero.active, self.element(s, p))
                if pv.values[Suit.DIAMONDS] >= s.settings.card_price:
                    try:  # the deck may hold too few cards, even after a revolution
                        self.apply(s, Shop(cards=cs))
                    except IllegalAction:
                        pass
                    else:
                        return Shop(cards=cs)
            if r < 0.45 and opts["heal"] and hero.hand:
                return Heal(cards=of_suit(Suit.HEARTS, 1))
            if r < 0.55 and hero.hand:
                return Activate(player=p, cards=(rng.choice([c for c in suited if c.rank in (Rank.ACE, Rank.JACK)]),))
            return EndHeroTurn()
        return None

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
