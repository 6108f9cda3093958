"""CardPeeGee's fights: a PvP attack and a Boss Battle starting (a Monster's and the jailors'
fights start with their encounter), players joining (Cry for help), running away, healing and
defending, and the combat rounds with their damage, deaths and loot."""

from __future__ import annotations

from collections import Counter
from typing import TypedDict

from card_companion.calculators.cardpeegee import (
    BattleRound,
    Contestant,
    RoundFighter,
    after_round,
    battle_round,
    boss_stack,
    draw_refusal,
    super_powers,
    value_played,
)
from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee.actions import (
    AttackPlayer,
    CombatRound,
    DivideLoot,
    Flee,
    HealAndDefend,
    JoinFight,
    Score,
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
    new_fighter,
    refresh,
    round_deal,
    take,
    with_encounter,
    with_fighter,
    with_hp,
)
from card_companion.companion.cardpeegee.endings import before_draw, end_fight_if_over, finish_encounter, kill
from card_companion.companion.cardpeegee.queries import stage
from card_companion.companion.cardpeegee.state import (
    AnyEncounter,
    Battle,
    BossEncounter,
    CardPeeGeeState,
    Combatant,
    PvpEncounter,
)
from card_companion.companion.game import IllegalAction

# --- starting a fight ------------------------------------------------------------------------------


def attack_player(s: CardPeeGeeState, a: AttackPlayer, w: Work) -> tuple[CardPeeGeeState, str]:
    expect(s, "turn")
    if not s.settings.pvp:
        raise IllegalAction("PvP is off (see the settings)")
    p = s.turn
    if a.defender == p:
        raise IllegalAction("a Hero cannot attack themselves")
    check_player(s, a.defender)
    battle = Battle(fighters=(new_fighter(s, p, 0), new_fighter(s, a.defender, 1)))
    s = s.model_copy(update={
        "phase": "encounter", "encounters": s.encounters + 1,
        "encounter": PvpEncounter(attacker=p, defender=a.defender, battle=battle),
    })
    w.add(*battle.fighters[0].working, *battle.fighters[1].working)
    return s, f"{s.name(p)} attacks {s.name(a.defender)}"


class Drawn(TypedDict):
    """The cards an encounter is drawn with, the part every drawn encounter shares."""

    agitator: Card
    props: tuple[Card, ...]
    cards: tuple[Card, ...]
    second: bool


def start_boss(s: CardPeeGeeState, p: int, base: Drawn, w: Work) -> tuple[CardPeeGeeState, str]:
    settings = s.settings
    stack = (base["agitator"], *base["props"])
    bosses = boss_stack(stack, settings.super_powers, base=settings.boss_base, base_deal=settings.boss_deal)
    fighters = [new_fighter(s, p, 0)]
    working: list[str] = [line for b in bosses for line in b.explanation]
    if settings.super_powers:
        others = [contestant(s, q) for q, h in enumerate(s.heroes) if q != p and h.alive]
        sides, why = super_powers(stack, others)
        working += why
        for q in sorted(sides):
            fighters.append(new_fighter(s, q, sides[q], forced=True))
    positions = [i for i, c in enumerate(stack) if c.rank.is_face]
    seen: Counter[Card] = Counter()
    for b, pos in zip(bosses, positions):
        seen[b.card] += 1
        label = f"Boss {b.card.symbol}" + (f" ({seen[b.card]})" if seen[b.card] > 1 else "")
        fighters.append(Combatant(name=label, side=1, card=b.card, index=pos, hp=b.hp,
                                attack=b.attack, deal=b.deal,
                                element=b.card.suit if settings.elements else None, working=b.explanation))
    w.add(*working)
    battle = Battle(fighters=tuple(fighters), can_flee=False)
    s = s.model_copy(update={"encounter": BossEncounter(stack=stack, battle=battle, working=tuple(working),
                                                         **base)})
    listing = ", ".join(f"{b.card.symbol} {b.hp}/{b.attack}/{b.deal}" for b in bosses)
    return s, f"{s.name(p)} faces a Boss Battle: {listing} (HP/Attack/Deal)"


def contestant(s: CardPeeGeeState, q: int) -> Contestant:
    """A player the Bosses' super powers may force into the fight: their Character's suit and
    their active cards' suits."""
    h = s.heroes[q]
    # a Boss is drawn in a turn, after every Hero entered a Character (expect(s, "turn"));
    # heroes.py refuses a Joker as a Character, and only Jacks and Aces are activated
    assert h.character is not None
    return Contestant(player=q, name=s.name(q), character=h.character.suited,
                      active=tuple(c.suited for c in h.active))


# --- joining, fleeing, healing and defending ------------------------------------------------------


def join_fight(s: CardPeeGeeState, a: JoinFight, w: Work) -> tuple[CardPeeGeeState, str]:
    battle = current_battle(s)
    enc = current_encounter(s)
    if not s.settings.cry_for_help:
        raise IllegalAction("Cry for help is off (see the settings)")
    check_player(s, a.player)
    name = s.name(a.player)
    if battle.of_player(a.player) is not None:
        raise IllegalAction(f"{name} is already part of this fight")
    if a.side == 1 and enc.kind != "pvp":
        raise IllegalAction("players join the Hero's side (only in PvP can they help the defender)")
    f = new_fighter(s, a.player, a.side)
    s = with_encounter(s, battle=battle.model_copy(update={"fighters": battle.fighters + (f,)}))
    # a.side == 1 only in PvP (refused above): the defender's side
    with_whom = s.name(enc.defender) if a.side == 1 and enc.kind == "pvp" else s.name(s.turn)
    w.add(f"{name} joins the fight with {with_whom}", *f.working)
    return s, f"{name} joins the fight on {with_whom}'s side"


def fighter_in_fight(s: CardPeeGeeState, battle: Battle, p: int) -> int:
    """The place in the fight of player ``p``, a living Hero still fighting in it (not dead,
    not escaped); IllegalAction otherwise. A step one player takes for themselves in a fight
    (running away, healing and defending) asks this first."""
    check_player(s, p)
    i = battle.of_player(p)
    if i is None or not battle.fighters[i].live:
        raise IllegalAction(f"{s.name(p)} is not in the fight")
    return i


def flee(s: CardPeeGeeState, a: Flee, w: Work) -> tuple[CardPeeGeeState, str]:
    battle = current_battle(s)
    if not battle.can_flee:
        raise IllegalAction("a Boss Battle may not be escaped")
    if not s.settings.run_away:
        raise IllegalAction("Run away is off (see the settings)")
    i = fighter_in_fight(s, battle, a.player)
    if battle.fighters[i].fleeing:
        raise IllegalAction(f"{s.name(a.player)} is already fleeing")
    s = with_fighter(s, i, fleeing=True)
    deal, why = round_deal(current_battle(s), i)
    w.add(f"{s.name(a.player)} flees: one penalty round first, {why}",
          "they take damage as normal if they lose, but deal none if they win")
    return s, f"{s.name(a.player)} tries to run away (Deal {deal} for the penalty round)"


def heal_and_defend(s: CardPeeGeeState, a: HealAndDefend, w: Work) -> tuple[CardPeeGeeState, str]:
    battle = current_battle(s)
    if not s.settings.heal_and_defend:
        raise IllegalAction("Heal and defend is off (see the settings)")
    i = fighter_in_fight(s, battle, a.player)
    if battle.fighters[i].defending:
        raise IllegalAction(f"{s.name(a.player)} already healed this round: one heart per round")
    cs, active = ((), (a.card,)) if a.from_active else ((a.card,), ())
    conv = {a.card: a.convert} if a.convert else {}
    s, played, lines = take(s, a.player, cs, active, conv, True, (Suit.HEARTS,), "heal and defend")
    pv = value_played(played, s.heroes[a.player].active, element(s, a.player))
    heal = pv.values[Suit.HEARTS]
    s = with_hp(s, a.player, heal, f"heal and defend with {a.card.symbol}")
    s = s.model_copy(update={"deck": s.deck + 1})
    s = with_fighter(s, i, defending=True)
    s = refresh(s, a.player)
    w.add(*lines, *pv.explanation, f"{s.name(a.player)} heals {heal} HP → {s.heroes[a.player].hp}; "
          "no damage dealt this round; the card is discarded")
    return s, f"{s.name(a.player)} heals and defends with {a.card.symbol}: +{heal} HP"


# --- a round --------------------------------------------------------------------------------------


def combat_round(s: CardPeeGeeState, a: CombatRound, w: Work) -> tuple[CardPeeGeeState, str]:
    """A round of the fight: the score cards drawn (a Glorious Revolution first, with that
    setting), every fighter against every opponent, the damage all at once, then who fled,
    who died and what they leave."""
    battle = current_battle(s)
    enc = current_encounter(s)
    live = battle.live()
    _check_score_cards(s, battle, live, a)
    revolted = ""
    if s.settings.revolution_every_draw:
        draw = sum(round_deal(battle, i)[0] for i in live)
        s = before_draw(s, draw, w, "the round's draw of score cards")
        if w.revolutions:
            revolted = " after the Glorious Revolution"
            if stage(s) != "battle" or current_battle(s).live() != live:
                w.add("the round is not fought: the fight changed; enter the score cards again")
                return s, f"Glorious Revolution before round {battle.rounds + 1}"
            battle = current_battle(s)
            enc = current_encounter(s)
    fighters = _round_fighters(s, battle, live, a.scores, revolted, w)
    result = battle_round(fighters, s.settings.critical_strikes)
    number = battle.rounds + 1
    w.add(f"Round {number}:", *result.explanation)
    s, updated = _deal_the_damage(s, battle, live, result.hp_loss, number)
    deaths, fled = _who_is_out(s, updated, live)
    s = with_encounter(s, battle=battle.model_copy(update={
        "fighters": tuple(updated), "rounds": number, "last": result,
        "last_deaths": tuple(updated[i].name for i in deaths)}))
    for i in fled:
        w.add(f"{updated[i].name} escapes and is no longer in the fight")
    s = _the_dead_leave(s, enc, [updated[i] for i in deaths], number, w)
    news = _round_news(battle, live, result, deaths)
    s = end_fight_if_over(s, w)
    return s, news


def _check_score_cards(s: CardPeeGeeState, battle: Battle, live: list[int], a: CombatRound) -> None:
    """One score for each fighter still in the fight, in order, and cards that can be drawn."""
    names = ", ".join(battle.fighters[i].name for i in live)
    if len(a.scores) != len(live):
        raise IllegalAction(f"enter score cards for {plural(len(live), 'fighter')}, in order: {names}")
    check_cards(s, [c for score in a.scores if not isinstance(score, int) for c in score])


def _round_fighters(s: CardPeeGeeState, battle: Battle, live: list[int], scores: tuple[Score, ...],
                    revolted: str, w: Work) -> list[RoundFighter]:
    """Each fighter's score cards against their Deal (a fleeing fighter draws what fleeing
    allows), and whether they deal damage this round."""
    fighters: list[RoundFighter] = []
    for i, score in zip(live, scores):
        f = battle.fighters[i]
        deal, why = round_deal(battle, i)
        drawn, shown = score_total(score)
        if shown is not None:
            check_cards(s, shown)
        refusal = draw_refusal(deal, drawn, shown, f.name, why=f" (Deal {deal}{revolted})")
        if refusal:
            raise IllegalAction(refusal)
        if why:
            w.add(f"{f.name} flees: {why}")
        no_damage = "fleeing" if f.fleeing else ("healing and defending" if f.defending else "")
        fighters.append(RoundFighter(name=f.name, side=f.side, attack=f.attack, element=f.element,
                                     drawn=drawn, cards=shown, deals_damage=not no_damage,
                                     why_no_damage=no_damage))
    return fighters


def _deal_the_damage(s: CardPeeGeeState, battle: Battle, live: list[int], hp_loss: tuple[int, ...],
                     number: int) -> tuple[CardPeeGeeState, list[Combatant]]:
    """The round's damage, all at once: a player's HP on their hero, a monster's on its fighter."""
    updated = list(battle.fighters)
    for i, loss in zip(live, hp_loss):
        f = updated[i]
        if not loss:
            continue
        if f.player is not None:
            s = with_hp(s, f.player, -loss, f"round {number} of the fight")
        else:
            updated[i] = f.model_copy(update={"hp": f.hp - loss})
    return s, updated


def _who_is_out(s: CardPeeGeeState, updated: list[Combatant], live: list[int]) -> tuple[list[int], list[int]]:
    """After the damage: who is dead, who fled; every fighter of the round counts it, and
    nobody is still fleeing or defending. Marks ``updated`` and gives the dead and the fled."""
    deaths, fled = [], []
    for i in live:
        f = updated[i]
        out = after_round(s.heroes[f.player].hp if f.player is not None else f.hp, f.fleeing)
        if out == "dead":
            updated[i] = f.model_copy(update={"out": "dead", "rounds": f.rounds + 1, "fleeing": False,
                                              "defending": False})
            deaths.append(i)
        elif out == "fled":
            updated[i] = f.model_copy(update={"out": "fled", "rounds": f.rounds + 1, "fleeing": False,
                                              "defending": False})
            fled.append(i)
        else:
            updated[i] = f.model_copy(update={"rounds": f.rounds + 1, "defending": False})
    return deaths, fled


def _the_dead_leave(s: CardPeeGeeState, enc: AnyEncounter, dead: list[Combatant], number: int,
                    w: Work) -> CardPeeGeeState:
    """A dead player's cards go to their PvP opponent if alive (else back to the deck); a
    dead Boss is turned face down and the others worked out again."""
    for f in dead:
        if f.player is not None:
            taker = None
            if enc.kind == "pvp" and f.player in (enc.attacker, enc.defender):
                other = enc.defender if f.player == enc.attacker else enc.attacker
                # the opponent takes the cards only if alive: one dead in this round, or
                # overthrown by a Glorious Revolution earlier in the fight (dead with HP
                # left), holds nothing, and the cards go back to the deck
                if s.heroes[other].alive and s.heroes[other].hp > 0:
                    taker = other
            s = kill(s, f.player, f"killed in round {number} of a fight", w, taker)
        else:
            w.add(f"{f.name} is dead" + (" and turned face down" if enc.kind == "boss" else ""))
    if enc.kind == "boss" and any(f.card is not None for f in dead):
        s = recount_bosses(s, w)
    return s


def _round_news(battle: Battle, live: list[int], result: BattleRound, deaths: list[int]) -> str:
    """The history line: each fighter's score, the damage, the dead."""
    losses = [f"{battle.fighters[i].name} −{loss}" for i, loss in zip(live, result.hp_loss) if loss]
    news = f"Round {battle.rounds + 1}: " + ", ".join(
        f"{battle.fighters[i].name} {sc}" for i, sc in zip(live, result.raw_scores))
    news += " → " + (", ".join(losses) if losses else "no damage")
    if deaths:
        news += "; " + ", ".join(battle.fighters[i].name for i in deaths) + " dead"
    return news


def recount_bosses(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    """A dead Boss is turned face down: it stops being a prop, so the living Bosses'
    Attack and Deal are worked out again (their HP stays)."""
    enc = encounter_of(s, BossEncounter)
    battle = enc.battle
    # the Bosses are the fighters with a card and a place in the stack (start_boss)
    down = [f.index for f in battle.fighters if f.card is not None and f.index is not None and f.out == "dead"]
    positions = [i for i, c in enumerate(enc.stack) if c.rank.is_face and i not in down]
    stats = dict(zip(positions, boss_stack(enc.stack, s.settings.super_powers, down, base=s.settings.boss_base,
                                           base_deal=s.settings.boss_deal)))
    fighters = list(battle.fighters)
    for i, f in enumerate(fighters):
        if f.index is not None and f.live and f.index in stats:
            b = stats[f.index]
            if (b.attack, b.deal) != (f.attack, f.deal):
                w.add(f"{f.name} without the face-down Boss: Attack {f.attack} → {b.attack}, "
                      f"Deal {f.deal} → {b.deal}")
            fighters[i] = f.model_copy(update={"attack": b.attack, "deal": b.deal,
                                               "working": b.explanation[1:]})
    return with_encounter(s, battle=battle.model_copy(update={"fighters": tuple(fighters)}))


def divide_loot(s: CardPeeGeeState, enc: BossEncounter, a: DivideLoot, w: Work) -> tuple[CardPeeGeeState, str]:
    if enc.stage != "divide-loot":
        raise IllegalAction("there is no loot to divide")
    if set(a.shares) - set(enc.sharers):
        raise IllegalAction("only the surviving Allies share the loot: "
                            + ", ".join(s.name(q) for q in enc.sharers))
    given = [c for q in sorted(a.shares) for c in a.shares[q]]
    if sorted(given) != sorted(enc.stack):
        raise IllegalAction(f"share out exactly the stack: {symbols(enc.stack)}")
    for q in sorted(a.shares):
        if a.shares[q]:
            w.add(f"{s.name(q)} takes {symbols(a.shares[q])}")
    s = finish_encounter(s, w, {q: len(cs) for q, cs in a.shares.items()})
    return s, "The Allies divide the loot: " + "; ".join(
        f"{s.name(q)} {symbols(cs)}" for q, cs in sorted(a.shares.items()) if cs)
