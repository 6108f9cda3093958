"""CardPeeGee's first steps: each player's Hero entered (the Character card and the cards
drawn for the starting HP); then the opening round or the first Hero's turn."""

from __future__ import annotations

from card_companion.calculators.cardpeegee import starting_hp, value
from card_companion.calculators.cards import Rank
from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee.actions import NewHero
from card_companion.companion.cardpeegee.checks import Work, base_attack, check_cards, expect, with_hero, with_hp
from card_companion.companion.cardpeegee.state import CardPeeGeeState, TownVisit
from card_companion.companion.game import IllegalAction


def new_hero(s: CardPeeGeeState, a: NewHero, w: Work) -> tuple[CardPeeGeeState, str]:
    expect(s, "heroes")
    if not 0 <= a.player < len(s.heroes):
        raise IllegalAction(f"there is no player {a.player}")
    if s.heroes[a.player].ready:
        raise IllegalAction(f"{s.name(a.player)}'s Hero is already entered")
    settings = s.settings
    check_cards(s, [a.character, *a.hp_cards])
    c = a.character
    if c.is_joker:
        raise IllegalAction("a Joker cannot be a Character: it has no suit")
    if settings.everyman:
        if value(c) < settings.everyman_lowest:
            raise IllegalAction(
                f"{c.symbol} is worth {value(c)}: Characters worth less than {settings.everyman_lowest} "
                "are put back (see the settings)"
            )
        if value(c) > settings.everyman_highest:
            raise IllegalAction(
                f"{c.symbol} is worth {value(c)}: Characters worth more than {settings.everyman_highest} "
                "are put back (see the settings)"
            )
    elif c.rank not in (Rank.KING, Rank.QUEEN):
        raise IllegalAction(f"Characters are Kings and Queens (Everyman is off): {c.symbol} is neither")
    if len(a.hp_cards) != settings.hp_cards:
        raise IllegalAction(f"enter the {plural(settings.hp_cards, 'card')} drawn for the starting HP")
    hp, line = starting_hp(a.hp_cards, settings.hp_base)
    taken = 1 + settings.hand_size
    if s.deck < taken + len(a.hp_cards):
        raise IllegalAction("the deck does not hold enough cards for another Hero")
    s = with_hero(s, a.player, ready=True, character=c, hand=settings.hand_size)
    s = with_hp(s, a.player, hp, "starting HP")
    s = s.model_copy(update={"deck": s.deck - taken})
    name = s.name(a.player)
    attack, attack_text = base_attack(s, a.player)
    w.add(f"{name}'s Character: {c.symbol} (base Attack "
          + (attack_text.replace(f" ({c.symbol} ", " (", 1) if settings.hero_attack_bonus else str(attack)) +
          (f", {c.suited.word} element)" if settings.elements else ")"), line,
          f"{name} draws a hand of {plural(settings.hand_size, 'card')}")
    news = f"{name}'s Hero: {c.symbol}, {hp} HP"
    if all(h.ready for h in s.heroes):
        if settings.opening_sale or settings.eat_your_greens:
            s = s.model_copy(update={"phase": "opening", "turn": 0, "town": TownVisit(opening=True)})
            w.add(f"Opening round: {s.name(0)} first")
        else:
            s = s.model_copy(update={"phase": "turn", "turn": 0})
            w.add(f"{s.name(0)} is the first Hero")
    return s, news
