"""CardPeeGee's encounters: the one the Hero draws (a Monster, a Boss Battle, a treasure
chest, a Healer or a Trap, as its agitator says), cards played into it, a chest's traps
disarmed, a Healer's fee, a Trap evaded (crafty evasion), and a chest or a Healer abandoned."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from card_companion.calculators.cardpeegee import (
    chest,
    disarm,
    draw_refusal,
    encounter_kind,
    fee_paid,
    healer,
    jailor,
    monster,
    trap,
    trap_outcome,
    value,
    value_played,
)
from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee.actions import (
    Abandon,
    CraftyEvasion,
    Disarm,
    DrawEncounter,
    Evade,
    PayFee,
    PlayIntoEncounter,
    TakeDamage,
    score_total,
)
from card_companion.companion.cardpeegee.checks import (
    Work,
    check_cards,
    check_player,
    current_battle,
    current_encounter,
    element,
    encounter_of,
    expect,
    minus,
    new_fighter,
    note_refresh,
    prep_window,
    refresh,
    take,
    with_encounter,
    with_fighter,
    with_hero,
    with_hp,
)
from card_companion.companion.cardpeegee.endings import (
    before_draw,
    deck_after_revolution,
    finish_encounter,
    healer_heals,
    kill,
    revolution_if_due,
)
from card_companion.companion.cardpeegee.fights import Drawn, start_boss
from card_companion.companion.cardpeegee.queries import evasion_draw, props_needed, stage
from card_companion.companion.cardpeegee.state import (
    Battle,
    CardPeeGeeState,
    ChestEncounter,
    Combatant,
    HealerEncounter,
    MonsterEncounter,
    TrapEncounter,
)
from card_companion.companion.game import IllegalAction

# --- drawing an encounter, playing cards into it -------------------------------------------------


@dataclass(frozen=True)
class PropsDraw:
    """The props the Hero draws with the next encounter's agitator: ``count`` now, of the
    ``needed`` the props setting and Level Up ask (``why``, in words; ``levelled_up``: Level Up
    adds some); fewer when the deck, ``deck`` cards at the draw (after a Glorious Revolution if
    one is due), holds too few."""

    count: int
    needed: int
    why: str
    deck: int
    levelled_up: bool = False

    @property
    def short(self) -> bool:
        """The deck holds too few cards for every prop."""
        return self.count < self.needed


def props_to_draw(s: CardPeeGeeState, beast: bool = False) -> PropsDraw:
    """The props to enter with the agitator (``beast``: with an Elemental beast's card too,
    which the agitator decides, so a screen asks before it is known)."""
    needed, why = props_needed(s)
    deck = deck_after_revolution(s, 1 + needed + beast)
    return PropsDraw(max(0, drawable(needed, deck, beast)), needed, why, deck, needed > s.settings.props)


def drawable(needed: int, deck: int, beast: bool) -> int:
    """Props that can be drawn from ``deck`` cards after the agitator (and the beast's card):
    all that are ``needed``, or what the deck still holds (negative: not even the agitator)."""
    return min(needed, deck - 1 - beast)


def draw_encounter(s: CardPeeGeeState, a: DrawEncounter, w: Work) -> tuple[CardPeeGeeState, str]:
    """The Hero draws the agitator, its props (and a beast's card): a Glorious Revolution
    first if the deck is short, then the encounter the agitator says."""
    expect(s, "turn", "after-trap")
    p = s.turn
    check_cards(s, [a.agitator, *a.props, a.beast])
    kind = encounter_kind(a.agitator, s.settings.boss_battles)
    wants_beast = kind == "monster" and s.settings.elemental_beasts
    _check_the_beast(a, wants_beast)
    needed, why = props_needed(s)
    s = revolution_if_due(s, 1 + needed + (1 if wants_beast else 0), w, f"{s.name(p)}'s encounter")
    if not s.heroes[p].alive:  # overthrown, and the revolution is deadly: no encounter
        return s, f"Glorious Revolution: {s.name(p)} is overthrown before the encounter"
    _check_the_props(s, a, needed, why, wants_beast)
    drawn = (a.agitator, *a.props) + ((a.beast,) if a.beast else ())
    s = s.model_copy(update={"deck": s.deck - len(drawn), "encounters": s.encounters + 1,
                             "phase": "encounter"})
    w.add(f"agitator {a.agitator.symbol}, props {symbols(a.props) or 'none'} ({why})")
    base = Drawn(agitator=a.agitator, props=a.props, cards=drawn, second=s.encounters > 1)
    if kind == "monster":
        return _meet_a_monster(s, p, a, base, w)
    if kind == "boss":
        return start_boss(s, p, base, w)
    if kind == "chest":
        return _find_a_chest(s, p, a, base, w)
    if kind == "healer":
        return _meet_a_healer(s, p, a, base, w)
    return _spring_a_trap(s, p, a, base, w)


def _check_the_beast(a: DrawEncounter, wants_beast: bool) -> None:
    """A beast's card exactly for a Monster under the Elemental beasts rule, and never a Joker."""
    if wants_beast and a.beast is None:
        raise IllegalAction("Elemental beasts: draw one more card for the Monster's element")
    if not wants_beast and a.beast is not None:
        raise IllegalAction("only a Monster under the Elemental beasts rule gets an extra card")
    if a.beast is not None and a.beast.is_joker:
        raise IllegalAction("a Joker has no element: put it back and draw another card for the beast")


def _check_the_props(s: CardPeeGeeState, a: DrawEncounter, needed: int, why: str, wants_beast: bool) -> None:
    """As many props as the settings and Level Up ask, or as the deck still holds."""
    expected = drawable(needed, s.deck, wants_beast)
    if expected < 0:
        raise IllegalAction("the deck has run out: the Glorious Revolution is due")
    if len(a.props) != expected:
        level = f" ({why})" if "Level Up" in why else ""
        short = f": the deck holds only {s.deck} cards" if expected < needed else ""
        raise IllegalAction(f"enter {plural(expected, 'prop')}{level}{short}")


def _meet_a_monster(s: CardPeeGeeState, p: int, a: DrawEncounter, base: Drawn, w: Work) -> tuple[CardPeeGeeState, str]:
    """A Monster: its HP, Attack, Deal and element from the agitator and props; the fight starts."""
    settings = s.settings
    ms = monster(a.agitator, a.props, a.beast, settings.elements, settings.monster_deal)
    m = Combatant(name=f"the Monster {a.agitator.symbol}", side=1, card=a.agitator, hp=ms.hp,
                  attack=ms.attack, deal=ms.deal, element=ms.element, working=ms.explanation)
    battle = Battle(fighters=(new_fighter(s, p, 0), m), can_flee=True)
    s = s.model_copy(update={"encounter": MonsterEncounter(beast=a.beast, battle=battle,
                                                            working=ms.explanation, **base)})
    w.add(*ms.explanation)
    return s, (f"{s.name(p)} meets a Monster {a.agitator.symbol}: HP {ms.hp}, Attack {ms.attack}, "
               f"Deal {ms.deal}")


def _find_a_chest(s: CardPeeGeeState, p: int, a: DrawEncounter, base: Drawn, w: Work) -> tuple[CardPeeGeeState, str]:
    """A treasure chest: without traps the Hero takes the loot at once; with traps it waits."""
    cs = chest(a.agitator, a.props)
    s = s.model_copy(update={"encounter": ChestEncounter(loot=cs.loot, traps=cs.traps, working=cs.explanation,
                                                          **base)})
    w.add(*cs.explanation)
    if not cs.traps:
        s = finish_encounter(s, w, {p: len(cs.loot)})
        return s, f"{s.name(p)} opens a treasure chest: {symbols(cs.loot)}"
    return s, f"{s.name(p)} finds a treasure chest with {plural(len(cs.traps), 'trap')}"


def _meet_a_healer(s: CardPeeGeeState, p: int, a: DrawEncounter, base: Drawn, w: Work) -> tuple[CardPeeGeeState, str]:
    """A Healer: held by jailors (a fight), asking a fee, or healing at once."""
    hs = healer(a.agitator, a.props, s.settings.gratitude)
    w.add(*hs.explanation)
    jailors = _the_jailors(s, p, hs.jailors) if hs.jailors else None
    enc = HealerEncounter(heal=hs.heal, fee=hs.fee, reward=hs.reward, potions=hs.potions,
                          battle=jailors, working=hs.explanation, **base)
    s = s.model_copy(update={"encounter": enc})
    if jailors is None and hs.fee == 0:
        s = healer_heals(s, w)
        return s, f"{s.name(p)} meets a Healer: +{hs.heal} HP"
    return s, f"{s.name(p)} meets a Healer ({hs.heal} HP)" + (
        f", held by {plural(len(hs.jailors), 'jailor')}" if hs.jailors else f", fee {hs.fee}")


def _the_jailors(s: CardPeeGeeState, p: int, cards: Sequence[Card]) -> Battle:
    """The Hero against the Healer's jailors (two of one card numbered), cards played between rounds."""
    fighters = [new_fighter(s, p, 0)]
    names: Counter[Card] = Counter()
    for j in cards:
        js = jailor(j, s.settings.elements)
        names[j] += 1
        label = f"jailor {j.symbol}" + (f" ({names[j]})" if names[j] > 1 else "")
        fighters.append(Combatant(name=label, side=1, card=j, hp=js.hp, attack=js.attack, deal=js.deal,
                                  element=js.element, working=js.explanation))
    return Battle(fighters=tuple(fighters), can_flee=True, play_between_rounds=True)


def _spring_a_trap(s: CardPeeGeeState, p: int, a: DrawEncounter, base: Drawn, w: Work) -> tuple[CardPeeGeeState, str]:
    """A Trap: its difficulty and damage; the Hero draws to evade it."""
    ts = trap(a.agitator, a.props)
    s = s.model_copy(update={"encounter": TrapEncounter(difficulty=ts.difficulty, damage=ts.damage,
                                                         working=ts.explanation, **base)})
    w.add(*ts.explanation, f"{s.name(p)} draws {plural(evasion_draw(s), 'card')} to evade")
    return s, f"{s.name(p)} springs a Trap: difficulty {ts.difficulty}, damage {ts.damage}"


def play(s: CardPeeGeeState, a: PlayIntoEncounter, w: Work) -> tuple[CardPeeGeeState, str]:
    expect(s, "encounter")
    check_player(s, a.player)
    enc = current_encounter(s)
    name = s.name(a.player)
    if enc.kind == "chest":
        if a.player != s.turn:
            raise IllegalAction("only the Hero plays cards on a chest")
        s, played, lines = take(s, a.player, a.cards, a.from_active, a.convert, False,
                                      (Suit.SPADES,), "disarming")
        s = with_encounter(s, played=enc.played + played)
        s = refresh(s, a.player)
        w.add(*lines)
        note_refresh(s, a.player, w)
        score = encounter_of(s, ChestEncounter).disarm_score
        return s, f"{name} plays {symbols(p.card for p in played)}: disarm score {score}"
    if enc.battle_or_none is None:
        raise IllegalAction("cards are played here only to pay the fee")
    i = prep_window(s, a.player)
    s, played, lines = take(s, a.player, a.cards, a.from_active, a.convert, True,
                                  (Suit.CLUBS, Suit.SPADES), "a fight")
    f = current_battle(s).fighters[i]
    s = with_fighter(s, i, played=f.played + played)
    s = refresh(s, a.player)
    f = current_battle(s).fighters[i]
    w.add(*lines)
    note_refresh(s, a.player, w)
    return s, f"{name} plays {symbols(p.card for p in played)}: Attack {f.attack}, Deal {f.deal}"


# --- treasure chests ------------------------------------------------------------------------------


def disarm_trap(s: CardPeeGeeState, enc: ChestEncounter, a: Disarm, w: Work) -> tuple[CardPeeGeeState, str]:
    if a.trap not in enc.traps:
        raise IllegalAction(f"{a.trap.symbol} is not an armed trap of this chest: {symbols(enc.traps)}")
    check_cards(s, [a.hero_score if isinstance(a.hero_score, Card) else None,
                       a.trap_score if isinstance(a.trap_score, Card) else None])
    hero_draw = value(a.hero_score) if isinstance(a.hero_score, Card) else a.hero_score
    trap_draw = value(a.trap_score) if isinstance(a.trap_score, Card) else a.trap_score
    p = s.turn
    name = s.name(p)
    if s.settings.revolution_every_draw:
        s = before_draw(s, 2, w, "the disarm draw (the Hero's and the trap's score card)")
        if w.revolutions:
            if stage(s) != "disarm":
                return s, f"Glorious Revolution before {name}'s disarm attempt"
            enc = encounter_of(s, ChestEncounter)
            w.add(f"the disarm attempt goes on with the disarm score {enc.disarm_score}")
    attempt = disarm(a.trap, enc.disarm_score, hero_draw, trap_draw)
    w.add(*attempt.explanation)
    s = with_encounter(s, attempts=enc.attempts + 1, last=attempt)
    if attempt.result == "disarmed":
        traps = minus(enc.traps, [a.trap])
        on_table = minus(enc.cards, [a.trap])
        s = with_encounter(s, traps=traps, cards=on_table)
        if s.settings.salvage:
            s = with_hero(s, p, hand=s.heroes[p].hand + 1)
            w.add(f"salvage: {a.trap.symbol} goes to {name}'s hand")
        else:
            s = s.model_copy(update={"deck": s.deck + 1})
        if not traps:
            w.add(f"every trap is disarmed: {name} claims the loot {symbols(enc.loot) or '(nothing)'}")
            s = finish_encounter(s, w, {p: len(enc.loot)})
        return s, f"{name} disarms {a.trap.symbol} ({attempt.hero_total} against {attempt.trap_total})"
    if attempt.result == "triggered":
        s = with_hp(s, p, -attempt.hp_loss, f"chest trap {a.trap.symbol} triggered")
        if s.heroes[p].hp <= 0:
            s = kill(s, p, f"killed by the chest trap {a.trap.symbol}", w)
            s = finish_encounter(s, w)
        return s, (f"{a.trap.symbol} is triggered ({attempt.trap_total} against {attempt.hero_total}): "
                   f"{name} loses {attempt.hp_loss} HP")
    return s, f"{a.trap.symbol}: {attempt.hero_total} against {attempt.trap_total}, still armed"


def abandon(s: CardPeeGeeState, a: Abandon, w: Work) -> tuple[CardPeeGeeState, str]:
    enc = current_encounter(s)
    if enc.kind not in ("chest", "healer"):
        raise IllegalAction("only a treasure chest or a Healer can be abandoned")
    what = "the chest" if enc.kind == "chest" else "the Healer"
    w.add(f"{s.name(s.turn)} abandons {what}: every card goes back to the deck")
    s = finish_encounter(s, w)
    return s, f"{s.name(s.turn)} abandons {what}"


# --- Healers --------------------------------------------------------------------------------------


def pay_fee(s: CardPeeGeeState, enc: HealerEncounter, a: PayFee, w: Work) -> tuple[CardPeeGeeState, str]:
    if enc.battle is not None:
        raise IllegalAction("first defeat the jailors")
    p = s.turn
    s, played, lines = take(s, p, a.cards, a.from_active, a.convert, False, None, "the fee")
    pv = value_played(played, s.heroes[p].active, element(s, p))
    w.add(*lines, *pv.explanation)
    paid, why = fee_paid(pv.total, enc.fee)
    if not paid:
        raise IllegalAction(why)
    w.add(why)
    s = s.model_copy(update={"deck": s.deck + len(played)})
    s = with_encounter(s, fee=0)
    s = healer_heals(s, w)
    return s, f"{s.name(p)} pays the Healer {pv.total} and heals {enc.heal} HP"


# --- Traps ----------------------------------------------------------------------------------------


def evade(s: CardPeeGeeState, enc: TrapEncounter, a: Evade, w: Work) -> tuple[CardPeeGeeState, str]:
    if enc.pending is not None:
        raise IllegalAction("the evasion is already drawn")
    check_cards(s, () if isinstance(a.score, int) else a.score)
    n = evasion_draw(s)
    revolted = ""
    if s.settings.revolution_every_draw:
        s = before_draw(s, n, w, f"{s.name(s.turn)}'s evasion draw")
        if w.revolutions:
            if stage(s) != "evade":
                return s, f"Glorious Revolution before {s.name(s.turn)}'s evasion draw"
            n, revolted = evasion_draw(s), " after the Glorious Revolution"
    drawn, shown = score_total(a.score)
    if shown is not None:
        check_cards(s, shown)
    refusal = draw_refusal(n, drawn, shown, "the Hero", "card", f" (one plus one per active card{revolted})")
    if refusal:
        raise IllegalAction(refusal)
    stats = trap(trap_card(enc), enc.props)
    outcome = trap_outcome(stats, drawn, evasion_cards=shown)
    p = s.turn
    hero = s.heroes[p]
    if outcome.evaded and outcome.hp_loss and s.settings.crafty_evasion and (hero.hand or hero.active):
        w.add(*outcome.explanation[:-1], "crafty evasion: the Hero may play spades to reduce the damage")
        s = with_encounter(s, pending=outcome)
        return s, f"{s.name(p)} evades with {drawn}: damage down to {outcome.hp_loss} unless spades reduce it"
    w.add(*outcome.explanation)
    loss = f"−{outcome.hp_loss} HP" if outcome.hp_loss else "no damage"
    return trap_damage(s, outcome.hp_loss, w), (
        f"{s.name(p)} evades with {drawn} against difficulty {enc.difficulty}: {loss}")


def trap_card(enc: TrapEncounter) -> Card:
    """The card that is the Trap (its agitator)."""
    assert enc.agitator is not None  # draw_encounter gives every Trap the agitator it was drawn with
    return enc.agitator


def trap_damage(s: CardPeeGeeState, loss: int, w: Work) -> CardPeeGeeState:
    p = s.turn
    if loss:
        card = trap_card(encounter_of(s, TrapEncounter))
        s = with_hp(s, p, -loss, f"trap {card.symbol}")
        if s.heroes[p].hp <= 0:
            s = kill(s, p, f"killed by the trap {card.symbol}", w)
    return finish_encounter(s, w)


def crafty_evasion(s: CardPeeGeeState, enc: TrapEncounter, a: CraftyEvasion, w: Work) -> tuple[CardPeeGeeState, str]:
    if enc.pending is None:
        raise IllegalAction("crafty evasion comes after a successful evasion")
    p = s.turn
    s, played, lines = take(s, p, a.cards, a.from_active, a.convert, False, (Suit.SPADES,),
                                  "crafty evasion")
    pv = value_played(played, s.heroes[p].active, element(s, p))
    spades = pv.values[Suit.SPADES]
    stats = trap(trap_card(enc), enc.props)
    outcome = trap_outcome(stats, enc.pending.evasion, crafty=spades)
    w.add(*lines, *pv.explanation, *outcome.explanation[1:])
    s = s.model_copy(update={"deck": s.deck + len(played)})
    return trap_damage(s, outcome.hp_loss, w), (
        f"{s.name(p)} plays {symbols(x.card for x in played)} ({spades}): −{outcome.hp_loss} HP")


def take_damage(s: CardPeeGeeState, enc: TrapEncounter, a: TakeDamage, w: Work) -> tuple[CardPeeGeeState, str]:
    if enc.pending is None:
        raise IllegalAction("first enter the evasion draw")
    w.add(f"no spades played: the Hero loses {enc.pending.hp_loss} HP")
    return trap_damage(s, enc.pending.hp_loss, w), f"{s.name(s.turn)} takes {enc.pending.hp_loss} damage"
