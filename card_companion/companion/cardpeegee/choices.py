"""What may be entered now in CardPeeGee, said once: ``legal_actions(state)``, one ``Choices``
per kind of step (companion/legal.py). The screens read their choices from it (who may play,
activate, join, flee, heal and defend; the town's errands; the PvP targets; a win to claim) and
the random play takes only its actions.

The app never sees a hand, only how many cards it holds: cards played from it are any cards of
the table's deck, as many as it holds. So most kinds are large (a fight's played cards, the
round's score cards, an encounter's props): their ``Entered`` choices list their actions lazily
(``__iter__`` walks the forms the step can take and keeps those the rules accept), say
membership with the rules' own answer (steps.refusal: one step, never a loop) and draw one at
random the way players would (``sample``), without listing them (hand.py: ``Entered``, and
the kinds of cards played from a hand). The few one-tap steps are ``Among`` them. A finished
game has none.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, combinations_with_replacement, product
from typing import Any, Literal

from card_companion.calculators.cards import SUITS, Card, Rank
from card_companion.companion.cardpeegee.actions import (
    Abandon,
    Activate,
    AttackPlayer,
    ClaimWin,
    CombatRound,
    Disarm,
    DivideLoot,
    DrawEncounter,
    EndHeroTurn,
    Evade,
    Flee,
    GiveCards,
    GoToTown,
    HealAndDefend,
    JoinFight,
    NewHero,
    PayTax,
    PlayIntoEncounter,
    Revolution,
    Score,
    TakeDamage,
)
from card_companion.companion.cardpeegee.encounters import props_to_draw
from card_companion.companion.cardpeegee.endings import ahead_of_draw
from card_companion.companion.cardpeegee.hand import (
    CraftyChoices,
    DefendChoices,
    Entered,
    FeeChoices,
    HealChoices,
    PlayChoices,
    Played,
    ShopChoices,
    faces,
    off_display,
    suited,
)
from card_companion.companion.cardpeegee.queries import (
    activation_refusal,
    character_allowed,
    evasion_draw,
    fighters,
    needs_beast,
    revolution_offer,
    stage,
)
from card_companion.companion.cardpeegee.state import (
    BossEncounter,
    CardPeeGeeState,
    ChestEncounter,
    Combatant,
    HealerEncounter,
    PvpEncounter,
)
from card_companion.companion.cardpeegee.steps import refusal
from card_companion.companion.legal import Among, Choices, Legal


class HeroChoices(Entered):
    """A Hero not entered yet: a Character the settings allow and the HP cards (any cards)."""

    kind = NewHero

    def characters(self) -> list[Card]:
        return [c for c in faces(self.state) if character_allowed(self.state, c)]

    def __bool__(self) -> bool:
        settings = self.state.settings
        room = self.state.deck >= 1 + settings.hand_size + settings.hp_cards
        return bool(self.players) and room and bool(self.characters())

    def candidates(self) -> Iterator[Any]:
        n = self.state.settings.hp_cards
        for p, c in product(self.players, self.characters()):
            for hp in product(faces(self.state), repeat=n):
                yield NewHero(player=p, character=c, hp_cards=hp)

    def draw(self, rng: random.Random) -> Any:
        deck = faces(self.state)
        return NewHero(player=rng.choice(self.players), character=rng.choice(self.characters()),
                       hp_cards=tuple(rng.choice(deck) for _ in range(self.state.settings.hp_cards)))


class DrawChoices(Entered):
    """The Hero's encounter: an agitator, the props the settings and the deck allow (counted
    after the Glorious Revolution the draw brings), an Elemental beast's card for a Monster."""

    kind = DrawEncounter
    sure = False

    def candidates(self) -> Iterator[Any]:
        s = self.state
        for agitator in suited(s):
            beasts: Sequence[Card | None] = suited(s) if needs_beast(s, agitator) else (None,)
            for beast in beasts:
                k = props_to_draw(s, beast is not None).count
                for props in product(faces(s), repeat=k):
                    yield DrawEncounter(agitator=agitator, props=props, beast=beast)

    def probes(self) -> Iterator[Any]:
        # a chest (no beast): the draw the fewest cards allow
        yield DrawEncounter(agitator=Card.parse("2D"), props=(Card.parse("2D"),) * props_to_draw(self.state).count)

    def draw(self, rng: random.Random) -> Any:
        s = self.state
        agitator = rng.choice(suited(s))
        beast = rng.choice(suited(s)) if needs_beast(s, agitator) else None
        deck = faces(s)
        k = props_to_draw(s, beast is not None).count
        return DrawEncounter(agitator=agitator, props=tuple(rng.choice(deck) for _ in range(k)), beast=beast)


class ActivateChoices(Entered):
    """Jacks and Aces from the hand put on display (any of the deck's, up to the hand's count)."""

    kind = Activate

    def __bool__(self) -> bool:
        return bool(self.players)

    def _cards(self) -> list[Card]:
        return [c for c in suited(self.state) if c.rank in (Rank.JACK, Rank.ACE)]

    def candidates(self) -> Iterator[Any]:
        for p in self.players:
            for k in range(1, self.state.heroes[p].hand + 1):
                for cards in combinations_with_replacement(self._cards(), k):
                    yield Activate(player=p, cards=cards)

    def draw(self, rng: random.Random) -> Any:
        return Activate(player=rng.choice(self.players), cards=(rng.choice(self._cards()),))


def _scores(s: CardPeeGeeState, counts: Sequence[int], rng: random.Random | None = None) -> Iterator[Any]:
    """Each count's score: every total it can be worth, then every draw of that many cards (or,
    with ``rng``, one at random: the cards half the time, else a total)."""
    deck = faces(s)
    if rng is not None:
        yield tuple(tuple(rng.choice(deck) for _ in range(k)) if rng.random() < 0.5 else rng.randint(0, 11 * k)
                    for k in counts)
        return
    if not counts:
        yield ()
        return
    first: Iterator[Score] = chain(range(11 * counts[0] + 1), product(deck, repeat=counts[0]))
    for score in first:  # one fighter's scores at a time, the others' listed again for each
        for rest in _scores(s, counts[1:]):
            yield (score, *rest)


class RoundChoices(Entered):
    """The round's score cards, one score per fighter still in, each as cards or a total; the
    counts as the draw finds the fight (after the Glorious Revolution it brings first)."""

    kind = CombatRound

    def counts(self) -> list[int]:
        return [k for _, k, _ in round_fighters(self.state)]

    def candidates(self) -> Iterator[Any]:
        return (CombatRound(scores=x) for x in _scores(self.state, self.counts()))

    def probes(self) -> Iterator[Any]:
        yield CombatRound(scores=tuple(0 for _ in self.counts()))

    def draw(self, rng: random.Random) -> Any:
        return CombatRound(scores=next(_scores(self.state, self.counts(), rng)))


def round_fighters(s: CardPeeGeeState) -> list[tuple[Combatant, int, str]]:
    """The fighters the round's score cards are entered for, in order, with the cards each
    draws and why (queries.fighters), as the draw finds the fight: after the Glorious
    Revolution it brings first, if the same fighters are still in it."""
    ahead = ahead_of_draw(s)
    same = stage(ahead) == "battle" and _live(ahead) == _live(s)
    return fighters(ahead if same else s)


def evasion_count(s: CardPeeGeeState) -> int:
    """The cards of the evasion draw as the draw finds the Trap (after the Glorious Revolution
    it brings first, if the Hero is still evading)."""
    ahead = ahead_of_draw(s)
    return evasion_draw(ahead if stage(ahead) == "evade" else s)


def _live(s: CardPeeGeeState) -> list[int] | None:
    battle = s.encounter.battle_or_none if s.encounter is not None else None
    return battle.live() if battle is not None else None


class EvadeChoices(Entered):
    """The evasion draw against a Trap: one card plus one per active card, as cards or a total."""

    kind = Evade

    def count(self) -> int:
        return evasion_count(self.state)

    def candidates(self) -> Iterator[Any]:
        return (Evade(score=x[0]) for x in _scores(self.state, [self.count()]))

    def probes(self) -> Iterator[Any]:
        yield Evade(score=0)

    def draw(self, rng: random.Random) -> Any:
        return Evade(score=next(_scores(self.state, [self.count()], rng))[0])


class DisarmChoices(Entered):
    """An attempt at an armed trap of the chest: the Hero's and the trap's score card."""

    kind = Disarm

    def _traps(self) -> list[Card]:
        enc = self.state.encounter
        return list(dict.fromkeys(enc.traps)) if isinstance(enc, ChestEncounter) else []

    def candidates(self) -> Iterator[Any]:
        scores: list[Card | int] = [*range(12), *faces(self.state)]
        for trap, hero, other in product(self._traps(), scores, scores):
            yield Disarm(trap=trap, hero_score=hero, trap_score=other)

    def probes(self) -> Iterator[Any]:
        yield from (Disarm(trap=t, hero_score=0, trap_score=0) for t in self._traps()[:1])

    def draw(self, rng: random.Random) -> Any:
        deck = faces(self.state)

        def score() -> Card | int:
            return rng.choice(deck) if rng.random() < 0.5 else rng.randint(0, 11)
        return Disarm(trap=rng.choice(self._traps()), hero_score=score(), trap_score=score())


class LootChoices(Entered):
    """The Boss stack shared out among the surviving Allies (``players``), every card to one."""

    kind = DivideLoot

    def _stack(self) -> tuple[Card, ...]:
        enc = self.state.encounter
        return enc.stack if isinstance(enc, BossEncounter) else ()

    def _shares(self, owners: Sequence[int]) -> DivideLoot:
        shares: dict[int, list[Card]] = {q: [] for q in self.players}
        for q, c in zip(owners, self._stack()):
            shares[q].append(c)
        return DivideLoot(shares={q: tuple(cs) for q, cs in shares.items()})

    def candidates(self) -> Iterator[Any]:
        return (self._shares(owners) for owners in product(self.players, repeat=len(self._stack())))

    def probes(self) -> Iterator[Any]:
        yield self._shares([self.players[0]] * len(self._stack()) if self.players else [])

    def draw(self, rng: random.Random) -> Any:
        return self._shares([rng.choice(self.players) for _ in self._stack()])


class GiveChoices(Entered):
    """A bribe or a gift: cards from a living giver's hand (a count) and active cards, to
    another living player."""

    kind = GiveCards

    def receivers(self, giver: int) -> list[int]:
        return [q for q, h in enumerate(self.state.heroes) if h.alive and h.ready and q != giver]

    def __bool__(self) -> bool:
        return any(self.receivers(g) for g in self.players)

    def candidates(self) -> Iterator[Any]:
        for g in self.players:
            h = self.state.heroes[g]
            shown = sorted({a for k in range(len(h.active) + 1) for a in combinations(sorted(h.active), k)}, key=len)
            for r, n, active in product(self.receivers(g), range(h.hand + 1), shown):
                if n or active:
                    yield GiveCards(giver=g, receiver=r, cards=n, active=active)

    def draw(self, rng: random.Random) -> Any:
        s = self.state
        givers = [g for g in self.players if self.receivers(g)]
        handed = [g for g in givers if s.heroes[g].hand] or givers
        g = rng.choice(handed)
        r = rng.choice(self.receivers(g))
        if s.heroes[g].hand:
            return GiveCards(giver=g, receiver=r, cards=1)
        return GiveCards(giver=g, receiver=r, active=(rng.choice(s.heroes[g].active),))


Condition = Literal["full-court", "elemental-union"]


@dataclass(frozen=True, eq=False)
class ClaimChoices(Entered):
    """A win shown from the hand: the cards that, with the active ones, make a Full Court or an
    Elemental Union (``conditions``: the ways to win by showing cards this game has)."""

    kind = ClaimWin
    conditions: tuple[Condition, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.players) and bool(self.conditions)

    def probes(self) -> Iterator[Any]:
        for p, condition in product(self.players, self.conditions):
            yield from (ClaimWin(player=p, condition=condition, cards=w) for w in claim_cards(self.state, p, condition))

    def candidates(self) -> Iterator[Any]:
        for p, condition in product(self.players, self.conditions):
            for k in range(self.state.heroes[p].hand + 1):
                for cards in combinations_with_replacement(suited(self.state), k):
                    yield ClaimWin(player=p, condition=condition, cards=cards)

    def draw(self, rng: random.Random) -> Any:
        s = self.state
        p, condition = rng.choice([(p, c) for p in self.players for c in self.conditions if claim_cards(s, p, c)])
        return ClaimWin(player=p, condition=condition, cards=rng.choice(claim_cards(s, p, condition)))


def claim_cards(s: CardPeeGeeState, p: int, condition: Condition) -> list[tuple[Card, ...]]:
    """The fewest cards of player ``p``'s hand that make ``condition`` with their active cards,
    one way per suit (a Full Court: its Jack, Queen and King) or the one way (an Elemental Union:
    a King of each suit no active Jack has); none if the hand holds too few."""
    h = s.heroes[p]
    jacks = {c.suit for c in h.active if c.rank == Rank.JACK}
    if condition == "full-court":
        ways = [tuple(Card.parse(f"{r}{x.value}") for r in "JQK" if r != "J" or x not in jacks) for x in SUITS]
    else:
        ways = [tuple(Card.parse(f"K{x.value}") for x in SUITS if x not in jacks)]
    return [w for w in ways if len(w) <= h.hand]


# --- what may be entered now ----------------------------------------------------------------------


def legal_actions(s: CardPeeGeeState) -> Legal:
    """Every step the players may take now, kind by kind: the stage's own steps (the Hero's
    encounter, a fight's, a chest's, the town's...), activating cards where the stage allows
    it, and what may be done at any time (gifts, a claimed win, the Glorious Revolution)."""
    if s.phase == "over":
        return Legal()
    now = stage(s)
    if now == "heroes":
        return Legal.of(HeroChoices(s, tuple(q for q, h in enumerate(s.heroes) if not h.ready)))
    turn = (s.turn,)
    kinds: dict[str, tuple[Choices[Any] | None, ...]] = {
        "turn": (DrawChoices(s, turn), Among(AttackPlayer, tuple(AttackPlayer(defender=q) for q in _targets(s)))),
        "after-trap": (DrawChoices(s, turn), Among(GoToTown, (GoToTown(),))),
        "divide-loot": (LootChoices(s, _sharers(s)),),
        "disarm": (PlayChoices(s, _can_put_down(s, turn)), DisarmChoices(s, turn), Among(Abandon, (Abandon(),))),
        "fee": (FeeChoices(s, turn), Among(Abandon, (Abandon(),))),
        "evade": (EvadeChoices(s, turn),),
        "crafty": (CraftyChoices(s, turn), Among(TakeDamage, (TakeDamage(),))),
    }
    if now == "battle":
        here = _fight_steps(s)
    elif now in ("town", "opening"):
        here = _town_steps(s)
    else:
        here = kinds.get(now, ())
    return Legal.of(*here, ActivateChoices(s, _activators(s)), *_any_time(s))


def _fight_steps(s: CardPeeGeeState) -> tuple[Choices[Any] | None, ...]:
    """A fight: cards played by the fighters still before their first round (or between
    rounds against jailors), Cry for help, Run away, Heal and defend, the round; abandoning
    a Healer held by jailors."""
    battle = s.encounter.battle_or_none if s.encounter is not None else None
    assert battle is not None  # the battle stage is a fight's
    settings = s.settings
    live = [(f.player, f) for f in battle.fighters if f.player is not None and f.live]
    joins: tuple[JoinFight, ...] = ()
    if settings.cry_for_help:
        sides = (0, 1) if isinstance(s.encounter, PvpEncounter) else (0,)
        joins = tuple(JoinFight(player=q, side=x) for q, h in enumerate(s.heroes)
                      if h.alive and battle.of_player(q) is None for x in sides)
    flees = tuple(Flee(player=p) for p, f in live if not f.fleeing) if settings.run_away and battle.can_flee else ()
    healers = tuple(p for p, f in live if not f.defending) if settings.heal_and_defend else ()
    players = tuple(p for p, _ in live if not activation_refusal(s, p))
    abandon = (Abandon(),) if isinstance(s.encounter, HealerEncounter) else ()
    return (PlayChoices(s, _can_put_down(s, players)), Among(JoinFight, joins), Among(Flee, flees),
            DefendChoices(s, _can_put_down(s, healers, _defend)), RoundChoices(s), Among(Abandon, abandon))


def _play(p: int, played: Played) -> Any:
    return PlayIntoEncounter(player=p, cards=played[0], from_active=played[1], convert=played[2])


def _defend(p: int, played: Played) -> Any:
    _, fa, convert = played
    return HealAndDefend(player=p, card=fa[0], from_active=True, convert=convert.get(fa[0]))


def _can_put_down(s: CardPeeGeeState, players: Sequence[int], make: Any = _play) -> tuple[int, ...]:
    """The ones of ``players`` with a card to put down (into the fight, on the chest, to heal
    and defend): one in the hand (any card it may be) or an active card the step takes (as it
    is, or as a Jack turns it)."""
    return tuple(p for p in players if s.heroes[p].hand or any(
        refusal(s, make(p, played)) is None for played in off_display(s, p)))


def _town_steps(s: CardPeeGeeState) -> tuple[Choices[Any] | None, ...]:
    """Town (or the opening round): the tax first when it is due; then shopping (once a
    turn) and potions, as the visit offers them, and leaving."""
    town = s.town
    assert town is not None  # the town and opening phases always have their visit
    hero = s.heroes[s.turn]
    if town.tax_due:
        return (Among(PayTax, ((PayTax(),) if hero.hand else ()) + tuple(PayTax(card=c) for c in
                                                                          dict.fromkeys(hero.active))),)
    shop = not town.shopped and (not town.opening or s.settings.opening_sale)
    heal = not town.opening or s.settings.eat_your_greens
    return (ShopChoices(s, (s.turn,)) if shop else None, HealChoices(s, (s.turn,)) if heal else None,
            Among(EndHeroTurn, (EndHeroTurn(),)))


def _targets(s: CardPeeGeeState) -> list[int]:
    """The players the Hero may attack instead of an encounter (PvP)."""
    if not s.settings.pvp:
        return []
    return [q for q, h in enumerate(s.heroes) if h.alive and q != s.turn]


def _sharers(s: CardPeeGeeState) -> tuple[int, ...]:
    enc = s.encounter
    return enc.sharers if isinstance(enc, BossEncounter) else ()


def _activators(s: CardPeeGeeState) -> tuple[int, ...]:
    """Players who may activate Jacks and Aces now (and have cards in hand)."""
    return tuple(q for q, h in enumerate(s.heroes) if h.ready and h.alive and h.hand and not activation_refusal(s, q))


def _any_time(s: CardPeeGeeState) -> tuple[Choices[Any] | None, ...]:
    """Gifts and bribes, a win shown from the hand, the Glorious Revolution when the deck ran out."""
    alive = tuple(q for q, h in enumerate(s.heroes) if h.alive and h.ready)
    settings = s.settings
    ways: tuple[tuple[Condition, bool], ...] = (("full-court", settings.win_full_court),
                                                ("elemental-union", settings.win_elemental_union))
    conditions = tuple(c for c, on in ways if on)
    claimers = tuple(q for q in alive if any(claim_cards(s, q, c) for c in conditions))
    return (GiveChoices(s, tuple(q for q in alive if s.heroes[q].held)), ClaimChoices(s, claimers, conditions),
            Among(Revolution, (Revolution(),) if revolution_offer(s) is not None else ()))


def who(legal: Legal, kind: type) -> list[int]:
    """The players who may take a step of this kind now, in the table's order (a screen shows
    its control to them)."""
    choices = legal.of_kind(kind)
    if choices is None:
        return []
    if isinstance(choices, Entered):
        return list(choices.players)
    return sorted({p for a in choices if (p := getattr(a, "player", None)) is not None})
