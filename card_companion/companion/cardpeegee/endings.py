"""What follows from CardPeeGee's steps, whichever section took them: a Hero dies, a fight
is decided, an encounter ends (loot to hands, the rest to the deck), the Hero goes to town and
the turn passes; a draw the deck is too short for brings the Glorious Revolution; the ways to
win are checked after every step. These call each other in a circle (a revolution's deaths
can end the fight that ends the encounter that sends the Hero to town, where charity draws),
so they live together."""

from __future__ import annotations

from card_companion.calculators.cardpeegee import master_of_the_elements, town_levy
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee.checks import (
    Work,
    refresh,
    with_encounter,
    with_fighter,
    with_hero,
    with_hp,
)
from card_companion.companion.cardpeegee.queries import next_draw, revolution_offer, top_holders
from card_companion.companion.cardpeegee.state import CardPeeGeeState, FightEncounter, HealerEncounter, TownVisit
from card_companion.companion.game import IllegalAction, Outcome, Standing, alone, places_by

# --- deaths ----------------------------------------------------------------------------------------


def kill(s: CardPeeGeeState, p: int, why: str, w: Work, taker: int | None = None) -> CardPeeGeeState:
    """A Hero dies: their Character goes back to the deck; their hand and active cards too,
    or to the PvP opponent who killed them."""
    h = s.heroes[p]
    name = s.name(p)
    cards = h.held
    if taker is not None:
        s = with_hero(s, taker, hand=s.heroes[taker].hand + cards)
        w.add(f"{name} is dead; {s.name(taker)} takes their {plural(cards, 'card')}")
        s = s.model_copy(update={"deck": s.deck + 1})
    else:
        w.add(f"{name} is dead")
        s = s.model_copy(update={"deck": s.deck + cards + 1})
    return with_hero(s, p, alive=False, hand=0, active=(), died=why)


def settle(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    """After deaths outside a fight round: take the dead out of the fight, end what can no
    longer go on, pass the turn of a dead Hero."""
    if s.phase == "encounter":
        enc = s.encounter
        assert enc is not None  # the "encounter" phase always has its encounter (draw and finish set both)
        battle = enc.battle_or_none
        if battle is not None:
            fighters = tuple(f.model_copy(update={"out": "dead"})
                             if f.player is not None and f.live and not s.heroes[f.player].alive else f
                             for f in battle.fighters)
            s = with_encounter(s, battle=battle.model_copy(update={"fighters": fighters}))
            if enc.kind != "boss" or enc.stage == "battle":
                return end_fight_if_over(s, w)
            return s
        if not s.heroes[s.turn].alive:
            return finish_encounter(s, w)
        return s
    if s.phase in ("turn", "after-trap", "town") and not s.heroes[s.turn].alive:
        return next_turn(s, w)
    if s.phase == "opening" and not s.heroes[s.turn].alive:
        alive_after = [q for q in range(s.turn + 1, len(s.heroes)) if s.heroes[q].alive]
        if alive_after:
            return s.model_copy(update={"turn": alive_after[0], "town": TownVisit(opening=True)})
        first = next((q for q, h in enumerate(s.heroes) if h.alive), 0)
        return s.model_copy(update={"phase": "turn", "turn": first, "town": None})
    return s


# --- the end of a fight, of an encounter, of a turn -----------------------------------------------


def end_fight_if_over(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    """End the fight when one side has nobody left."""
    enc = s.encounter
    # a fight is on: a round of it was just fought (combat_round), or settle took the dead out of it
    assert isinstance(enc, FightEncounter) and enc.battle is not None
    battle = enc.battle
    p = s.turn
    hero_i = battle.of_player(p) if enc.kind != "pvp" else battle.of_player(enc.attacker)
    hero_in = hero_i is not None and battle.fighters[hero_i].live
    if enc.kind == "healer" and not hero_in:
        w.add("the Hero is out of the fight: no healing")
        return finish_encounter(s, w)
    if battle.side_live(0) and battle.side_live(1):
        return s
    won = battle.side_live(0)
    if enc.kind == "monster":
        if won and hero_in:
            w.add(f"the Monster is dead: {s.name(p)} claims the props {symbols(enc.props) or '(none)'}")
            return finish_encounter(s, w, {p: len(enc.props)})
        w.add("the fight is over" + ("; the Hero is not in it, so nobody claims the props" if won else ""))
        return finish_encounter(s, w)
    if enc.kind == "pvp":
        w.add("the fight is over")
        return finish_encounter(s, w)
    if enc.kind == "healer":
        freed = battle.fighters and not battle.side_live(1)
        played = enc.played_count()
        s = with_encounter(s, battle=None)
        s = s.model_copy(update={"deck": s.deck + played})
        if freed:
            w.add("the jailors are defeated" + (f"; the {plural(played, 'card')} played in the fight "
                                               "are discarded" if played else ""))
            if enc.fee:
                w.add(f"the Healer asks a fee of {enc.fee}")
                return s
            return healer_heals(s, w)
        return finish_encounter(s, w)
    # boss
    if not won:
        w.add("nobody is left on the Hero's side: the Bosses win")
        return finish_encounter(s, w)
    if hero_in:
        w.add(f"every Boss is dead: {s.name(p)} claims the whole stack {symbols(enc.stack)}")
        return finish_encounter(s, w, {p: len(enc.stack)})
    allies = tuple(f.player for f in battle.fighters if f.live and f.side == 0 and f.player is not None)
    if len(allies) == 1:
        w.add(f"the Hero died: {s.name(allies[0])}, the surviving Ally, claims the stack")
        return finish_encounter(s, w, {allies[0]: len(enc.stack)})
    w.add("the Hero died: the surviving Allies divide the stack " + symbols(enc.stack))
    return with_encounter(s, stage="divide-loot", sharers=allies)


def healer_heals(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    enc = s.encounter
    # a Healer's step: its jailors beaten (end_fight_if_over), no jailors and no fee (draw_encounter),
    # the fee paid (pay_fee, in_encounter(HealerEncounter, ...)); drawn with its agitator
    assert isinstance(enc, HealerEncounter) and enc.agitator is not None
    p = s.turn
    s = with_hp(s, p, enc.heal, f"healed by the Healer {enc.agitator.symbol}")
    w.add(f"the Healer heals {s.name(p)}: +{enc.heal} HP → {s.heroes[p].hp}")
    gained = enc.potions + enc.reward
    if gained:
        w.add(f"{symbols(gained)} go to {s.name(p)}'s hand")
    return finish_encounter(s, w, {p: len(gained)})


def finish_encounter(s: CardPeeGeeState, w: Work, loot: dict[int, int] | None = None) -> CardPeeGeeState:
    """The encounter is over: loot to hands, every other card on the table back to the deck."""
    enc = s.encounter
    assert enc is not None  # every caller ends the encounter on the table
    loot = {q: n for q, n in (loot or {}).items() if n}
    on_table = len(enc.cards) + enc.played_count()
    for q, n in loot.items():
        s = with_hero(s, q, hand=s.heroes[q].hand + n)
    s = s.model_copy(update={"encounter": None, "deck": s.deck + on_table - sum(loot.values())})
    p = s.turn
    if not s.heroes[p].alive:
        return next_turn(s, w)
    if enc.kind == "trap" and s.settings.pick_yourself_up and s.encounters == 1:
        w.add(f"{s.name(p)} may draw a second encounter or limp back to town")
        return s.model_copy(update={"phase": "after-trap"})
    return to_town(s, w)


def to_town(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    p = s.turn
    hero = s.heroes[p]
    settings = s.settings
    levy = town_levy(hero.held, settings.charity_below, settings.tax_above)
    town = TownVisit(levy=levy, tax_due=levy == "tax")
    held = f"{s.name(p)} holds {plural(hero.held, 'card')}"
    if levy == "charity":
        s = revolution_if_due(s, 1, w, "charity")
        hero = s.heroes[p]
        if not hero.alive:
            return s
        if s.deck:
            s = with_hero(s, p, hand=hero.hand + 1)
            s = s.model_copy(update={"deck": s.deck - 1})
            w.add(f"town: {held}, fewer than {settings.charity_below}: charity, one card from the deck")
        else:
            w.add(f"town: {held}, but the deck is empty: no charity")
    elif levy == "tax":
        w.add(f"town: {held}, more than {settings.tax_above}: tax, one card back to the deck")
    else:
        w.add(f"town: {held}")
    return s.model_copy(update={"phase": "town", "town": town})


def next_turn(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    n = len(s.heroes)
    alive = [q for q in range(n) if s.heroes[q].alive]
    s = s.model_copy(update={"town": None, "encounter": None, "encounters": 0, "turns": s.turns + 1})
    if not alive:
        return s.model_copy(update={"phase": "turn"})
    nxt = next(q for q in [(s.turn + k) % n for k in range(1, n + 1)] if s.heroes[q].alive)
    laps = s.laps + (1 if nxt <= s.turn else 0)
    s = s.model_copy(update={"phase": "turn", "turn": nxt, "laps": laps})
    limit = s.settings.round_limit
    if limit is not None and laps >= limit:
        return stop_at_limit(s, w)
    w.add(f"{s.name(nxt)} is the Hero")
    return s


# --- the Glorious Revolution a draw brings --------------------------------------------------------


def revolution_if_due(s: CardPeeGeeState, draw: int, w: Work,
                       what: str = "the draw") -> CardPeeGeeState:
    """The rule (setting on): a draw of ``draw`` cards that finds the deck shorter first has
    the Glorious Revolution (the overthrown players' cards go into the deck). Since issue
    15 it comes again while the deck is still too short and someone holds a card, as long
    as the draw can go on (its drawer alive, the same fighters in the fight)."""
    if not s.settings.glorious_revolution or s.deck >= draw:
        return s
    if not s.settings.revolution_every_draw:  # as games saved before issue 15 were played
        offer = revolution_offer(s)
        if offer is None:
            return s
        w.add(f"the draw needs {plural(draw, 'card')} and the deck holds {s.deck}")
        return overthrow(s, *offer, w)
    phase, hero = s.phase, s.turn

    def fighters(x: CardPeeGeeState) -> list[int] | None:
        battle = x.encounter.battle_or_none if x.encounter is not None else None
        return battle.live() if battle is not None else None

    fighting = fighters(s)
    while s.deck < draw:
        top = top_holders(s)
        if top is None:
            break
        w.add(f"{what} needs {plural(draw, 'card')} and the deck holds {s.deck}")
        s = overthrow(s, *top, w)
        if s.phase != phase or s.turn != hero or not s.heroes[hero].alive or fighters(s) != fighting:
            break
    return s


def before_draw(s: CardPeeGeeState, draw: int, w: Work, what: str) -> CardPeeGeeState:
    """A draw the players make and put back (score cards, evasion, disarm) checked against
    the deck: the Glorious Revolution first when it is too short (setting on), or a
    refusal in plain words that names the revolution step (setting off). When nobody holds
    a card to lose, no revolution can fill the deck: the draw goes on, and the working says
    how (the cards drawn are shuffled back to draw the rest, Every Day I'm Shuffling)."""
    if s.deck >= draw:
        return s
    if s.settings.glorious_revolution:
        s = revolution_if_due(s, draw, w, what)
    elif top_holders(s) is not None:
        raise IllegalAction(
            f"{what} needs {plural(draw, 'card')} and the deck holds only {s.deck}: enter the Glorious "
            "Revolution first (it is off in the settings, so it is a step the players enter)")
    if s.deck < draw and top_holders(s) is None:
        w.add(f"{what} needs {plural(draw, 'card')}, the deck holds {s.deck} and nobody holds a card to "
              "lose: draw the deck, note the cards, shuffle them back and draw the rest (Every Day I'm "
              "Shuffling)")
    return s


def overthrow(s: CardPeeGeeState, overthrown: tuple[int, ...], count: int, w: Work) -> CardPeeGeeState:
    """The Glorious Revolution: the players with the most cards lose them all to the deck
    (hand, active and played into the encounter); under Deadly revolution they die."""
    names = " and ".join(s.name(q) for q in overthrown)
    w.revolutions.append(names)
    w.add(f"the deck has run out: {names} {'has' if len(overthrown) == 1 else 'have'} the most cards "
          f"({count}) and {'is' if len(overthrown) == 1 else 'are'} overthrown, losing everything")
    for q in overthrown:
        h = s.heroes[q]
        s = with_hero(s, q, hand=0, active=())
        s = s.model_copy(update={"deck": s.deck + h.held})
        enc = s.encounter
        if enc is not None:
            battle = enc.battle_or_none
            i = battle.of_player(q) if battle is not None else None
            if battle is not None and i is not None and battle.fighters[i].played:
                s = s.model_copy(update={"deck": s.deck + len(battle.fighters[i].played)})
                s = with_fighter(s, i, played=())
            if enc.kind == "chest" and q == s.turn and enc.played:
                s = s.model_copy(update={"deck": s.deck + len(enc.played)})
                s = with_encounter(s, played=())
        s = refresh(s, q)
        if s.settings.revolution_deadly:
            s = kill(s, q, "overthrown in the Glorious Revolution", w)
    if s.settings.revolution_deadly:
        s = settle(s, w)
    return s


def ahead_of_draw(s: CardPeeGeeState) -> CardPeeGeeState:
    """The table as the next draw will find it: after the Glorious Revolution that the draw
    brings first (setting on), else as it is. The round's and the evasion's score cards
    are counted on it (an overthrown fighter's played spades are gone)."""
    draw, what = next_draw(s)
    if s.phase in ("heroes", "over") or not s.settings.revolution_every_draw or s.deck >= draw:
        return s
    return revolution_if_due(s, draw, Work(), what)


def deck_after_revolution(s: CardPeeGeeState, draw: int) -> int:
    """The deck a draw of ``draw`` cards will find (after a Glorious Revolution if one is due)."""
    return revolution_if_due(s, draw, Work()).deck


# --- the ways to win ------------------------------------------------------------------------------


def check_end(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    """The ways to win, checked after every action."""
    if s.phase in ("heroes", "over"):
        return s
    settings = s.settings
    alive = [q for q, h in enumerate(s.heroes) if h.alive]
    n = len(s.heroes)
    if not alive:
        why = "every Hero is dead" if n > 1 else f"{s.name(0)} is dead"
        w.add(f"Game over: {why}")
        return s.model_copy(update={"phase": "over", "winners": (), "ended_by": why})
    if n > 1 and len(alive) == 1:
        why = f"{s.name(alive[0])} is the Last Hero Standing"
        w.add(why + "!")
        return s.model_copy(update={"phase": "over", "winners": tuple(alive), "ended_by": why})
    winners, reasons = [], []
    if settings.win_goliath:
        big = [q for q in alive if s.heroes[q].hp >= settings.goliath_hp]
        for q in big:
            reasons.append(f"{s.name(q)} has {s.heroes[q].hp} HP: Goliath")
        winners += big
    if settings.win_master_of_elements:
        masters = [q for q in alive if master_of_the_elements(s.heroes[q].active)]
        for q in masters:
            reasons.append(f"{s.name(q)} has an active card of every suit: Master of the Elements")
        winners += masters
    if winners:
        why = "; ".join(reasons)
        w.add(why + "!")
        return s.model_copy(update={"phase": "over", "winners": tuple(sorted(set(winners))), "ended_by": why})
    return s


def stop_at_limit(s: CardPeeGeeState, w: Work) -> CardPeeGeeState:
    alive = [q for q, h in enumerate(s.heroes) if h.alive]
    best = max(s.heroes[q].hp for q in alive)
    top = tuple(q for q in alive if s.heroes[q].hp == best)
    why = (f"play went round the table {plural(s.laps, 'time')} (the round limit): "
           f"{' and '.join(s.name(q) for q in top)} {'has' if len(top) == 1 else 'have'} the most HP ({best})")
    w.add(why)
    return s.model_copy(update={"phase": "over", "winners": top, "ended_by": why})


def standing(state: CardPeeGeeState, outcome: Outcome) -> Standing:
    """By the way it was won (Last Hero Standing, Goliath, Master of the Elements, the round
    limit's most HP): the winners first, the other living Heroes next, the dead last. Heroes
    who reach a way to win at the same step share the win: they are rated as one side, the
    Heroes together. Every Hero dead: nobody wins, all tie. The figure is HP (a dead Hero's
    counts 0)."""
    heroes = state.heroes
    n = len(heroes)
    hp = tuple(h.hp if h.alive else 0 for h in heroes)
    winners = outcome.winners
    if not winners:
        return Standing(figures=hp, places=(1,) * n, winners=(), teams=alone(n))
    keys = [2 if q in winners else 1 if h.alive else 0 for q, h in enumerate(heroes)]
    teams = (tuple(winners),) + tuple((q,) for q in range(n) if q not in winners) if len(winners) > 1 else alone(n)
    return Standing(figures=hp, places=places_by(keys), winners=winners, teams=teams)
