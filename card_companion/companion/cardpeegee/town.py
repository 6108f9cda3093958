"""CardPeeGee's town: limping back after a Trap, the tax, shopping and healing potions, and
leaving town (the next Hero's turn); the opening round (Opening Sale, Eat Your Greens) too.
Arriving in town (charity or tax) follows the end of an encounter: endings.to_town."""

from __future__ import annotations

from card_companion.calculators.cardpeegee import shopping, value_played
from card_companion.calculators.cards import Suit
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee.actions import EndHeroTurn, GoToTown, Heal, PayTax, Shop
from card_companion.companion.cardpeegee.checks import Work, element, expect, minus, take, with_hero, with_hp
from card_companion.companion.cardpeegee.endings import next_turn, revolution_if_due, to_town
from card_companion.companion.cardpeegee.state import CardPeeGeeState, TownVisit
from card_companion.companion.game import IllegalAction


def town_visit(s: CardPeeGeeState, *phases: str) -> TownVisit:
    """The town visit going on, when the table is in one of ``phases``; else IllegalAction
    (``expect``'s words)."""
    expect(s, *phases)
    town = s.town
    # the "town" and "opening" phases always have their visit (to_town and the opening set both)
    assert town is not None
    return town


def go_to_town(s: CardPeeGeeState, a: GoToTown, w: Work) -> tuple[CardPeeGeeState, str]:
    expect(s, "after-trap")
    s = to_town(s, w)
    return s, f"{s.name(s.turn)} limps back to town"


def pay_tax(s: CardPeeGeeState, a: PayTax, w: Work) -> tuple[CardPeeGeeState, str]:
    town = town_visit(s, "town")
    if not town.tax_due:
        raise IllegalAction("no tax is due")
    p = s.turn
    hero = s.heroes[p]
    if a.card is None:
        if not hero.hand:
            raise IllegalAction(f"{s.name(p)}'s hand is empty: name the active card given as tax")
        s = with_hero(s, p, hand=hero.hand - 1)
        what = "a card from the hand"
    else:
        left = minus(hero.active, [a.card])
        if left is None:
            raise IllegalAction(f"{a.card.symbol} is not one of {s.name(p)}'s active cards")
        s = with_hero(s, p, active=left)
        what = f"the active {a.card.symbol}"
    s = s.model_copy(update={"deck": s.deck + 1, "town": town.model_copy(update={"tax_due": False})})
    w.add(f"tax: {what} goes back to the deck")
    return s, f"{s.name(p)} pays tax: {what}"


def town_service(s: CardPeeGeeState, which: str) -> TownVisit:
    """The visit, if it offers this service now; else IllegalAction."""
    town = town_visit(s, "town", "opening")
    if town.tax_due:
        raise IllegalAction("first pay the tax")
    if town.opening:
        on = s.settings.opening_sale if which == "shop" else s.settings.eat_your_greens
        if not on:
            rule = "Opening Sale" if which == "shop" else "Eat Your Greens"
            raise IllegalAction(f"{rule} is off: the opening round allows only the other service")
    return town


def shop(s: CardPeeGeeState, a: Shop, w: Work) -> tuple[CardPeeGeeState, str]:
    town = town_service(s, "shop")
    if town.shopped:
        raise IllegalAction("only one shopping trip is allowed each turn")
    p = s.turn
    s2, played, lines = take(s, p, a.cards, a.from_active, a.convert, False, (Suit.DIAMONDS,), "shopping")
    pv = value_played(played, s2.heroes[p].active, element(s, p))
    diamonds = pv.values[Suit.DIAMONDS]
    buy = shopping(diamonds, s.settings.card_price)
    if not buy.bought:
        raise IllegalAction(f"{diamonds} diamonds buy nothing: a card costs {s.settings.card_price}")
    # the diamonds go back to the deck, then the new cards are drawn from it
    s = s2.model_copy(update={"deck": s2.deck + len(played)})
    w.add(*lines, *pv.explanation, *buy.explanation)
    if s.settings.revolution_every_draw:
        s = revolution_if_due(s, buy.bought, w, f"{s.name(p)}'s shopping")
        if s.phase != "town" or s.turn != p or not s.heroes[p].alive:
            return s, f"Glorious Revolution before {s.name(p)}'s shopping: no new cards"
    if buy.bought > s.deck:
        raise IllegalAction(f"the deck holds only {s.deck} cards")
    s = with_hero(s, p, hand=s.heroes[p].hand + buy.bought)
    # the visit as it was: a revolution above that leaves p in town leaves the visit alone
    s = s.model_copy(update={"deck": s.deck - buy.bought, "town": town.model_copy(update={"shopped": True})})
    if w.revolutions:
        w.add(f"{s.name(p)} draws {plural(buy.bought, 'new card')} from the deck")
    return s, f"{s.name(p)} spends {diamonds} diamonds on {plural(buy.bought, 'new card')}"


def heal(s: CardPeeGeeState, a: Heal, w: Work) -> tuple[CardPeeGeeState, str]:
    town_service(s, "heal")
    p = s.turn
    s, played, lines = take(s, p, a.cards, a.from_active, a.convert, False, (Suit.HEARTS,), "healing")
    pv = value_played(played, s.heroes[p].active, element(s, p))
    heal = pv.values[Suit.HEARTS]
    s = with_hp(s, p, heal, "potions in town")
    s = s.model_copy(update={"deck": s.deck + len(played)})
    w.add(*lines, *pv.explanation, f"{s.name(p)} heals {heal} HP → {s.heroes[p].hp}")
    return s, f"{s.name(p)} drinks {symbols(x.card for x in played)}: +{heal} HP"


def end_turn(s: CardPeeGeeState, a: EndHeroTurn, w: Work) -> tuple[CardPeeGeeState, str]:
    town = town_visit(s, "town", "opening")
    p = s.turn
    if town.tax_due:
        raise IllegalAction("first pay the tax")
    if town.opening:
        nxt = p + 1
        if nxt < len(s.heroes):
            w.add(f"opening round: {s.name(nxt)}'s turn to shop and heal")
            return s.model_copy(update={"turn": nxt, "town": TownVisit(opening=True)}), \
                f"{s.name(p)} is done with the opening round"
        w.add(f"the opening round is over: {s.name(0)} is the first Hero")
        return s.model_copy(update={"phase": "turn", "turn": 0, "town": None}), \
            f"{s.name(p)} is done with the opening round"
    s = next_turn(s, w)
    return s, f"{s.name(p)} leaves town"
