"""CardPeeGee's steps at any time: Jacks and Aces activated, cards given (a bribe, a gift), a
win claimed by showing cards (Full Court, Elemental Union), and the Glorious Revolution
entered by the players (when the setting leaves it to them, or the deck has run out)."""

from __future__ import annotations

from card_companion.calculators.cardpeegee import elemental_union, full_court
from card_companion.calculators.cards import SUITS, Rank
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee.actions import Activate, ClaimWin, GiveCards, Revolution
from card_companion.companion.cardpeegee.checks import (
    Work,
    check_cards,
    check_player,
    minus,
    note_refresh,
    refresh,
    with_hero,
)
from card_companion.companion.cardpeegee.endings import overthrow
from card_companion.companion.cardpeegee.queries import activation_refusal, revolution_offer
from card_companion.companion.cardpeegee.state import CardPeeGeeState
from card_companion.companion.game import IllegalAction


def activate(s: CardPeeGeeState, a: Activate, w: Work) -> tuple[CardPeeGeeState, str]:
    hero = check_player(s, a.player)
    check_cards(s, a.cards)
    name = s.name(a.player)
    if not a.cards:
        raise IllegalAction("choose the Jacks and Aces to activate")
    wrong = [c.symbol for c in a.cards if c.rank not in (Rank.JACK, Rank.ACE)]
    if wrong:
        raise IllegalAction(f"only Jacks and Aces can be activated, not {', '.join(wrong)}")
    if len(a.cards) > hero.hand:
        raise IllegalAction(f"{name} has only {plural(hero.hand, 'card')} in hand")
    why = activation_refusal(s, a.player)
    if why:
        raise IllegalAction(why)
    s = with_hero(s, a.player, hand=hero.hand - len(a.cards), active=hero.active + tuple(a.cards))
    s = refresh(s, a.player)
    doubled = [c.symbol for c in a.cards if c in hero.active]
    w.add(f"{name} activates {symbols(a.cards)}")
    if doubled:
        w.add(f"{', '.join(doubled)} was already active: active effects don't double up")
    note_refresh(s, a.player, w)
    return s, f"{name} activates {symbols(a.cards)}"


def give_cards(s: CardPeeGeeState, a: GiveCards, w: Work) -> tuple[CardPeeGeeState, str]:
    if s.phase == "heroes":
        raise IllegalAction("first enter every Hero")
    giver = check_player(s, a.giver)
    check_player(s, a.receiver)
    if a.giver == a.receiver:
        raise IllegalAction("choose another player to give cards to")
    if not a.cards and not a.active:
        raise IllegalAction("choose the cards to give")
    check_cards(s, a.active)
    if a.cards > giver.hand:
        raise IllegalAction(f"{s.name(a.giver)} has only {plural(giver.hand, 'card')} in hand")
    left = minus(giver.active, a.active)
    if left is None:
        raise IllegalAction(f"those are not all {s.name(a.giver)}'s active cards")
    s = with_hero(s, a.giver, hand=giver.hand - a.cards, active=left)
    s = with_hero(s, a.receiver, hand=s.heroes[a.receiver].hand + a.cards + len(a.active))
    s = refresh(s, a.giver)
    what = ", ".join(x for x in (plural(a.cards, "card from the hand") if a.cards else "",
                                 symbols(a.active)) if x)
    w.add(f"{s.name(a.giver)} gives {s.name(a.receiver)} {what}")
    return s, f"{s.name(a.giver)} gives {s.name(a.receiver)} {what}"


def claim_win(s: CardPeeGeeState, a: ClaimWin, w: Work) -> tuple[CardPeeGeeState, str]:
    if s.phase == "heroes":
        raise IllegalAction("first enter every Hero")
    hero = check_player(s, a.player)
    settings = s.settings
    on = settings.win_full_court if a.condition == "full-court" else settings.win_elemental_union
    title = "Full Court" if a.condition == "full-court" else "Elemental Union"
    if not on:
        raise IllegalAction(f"{title} is not one of this game's ways to win")
    check_cards(s, a.cards)
    if len(a.cards) > hero.hand:
        raise IllegalAction(f"{s.name(a.player)} has only {plural(hero.hand, 'card')} in hand")
    held = [*a.cards, *hero.active]
    if a.condition == "full-court":
        suit = full_court(held)
        if suit is None:
            raise IllegalAction("a Full Court is the Jack, Queen and King of one suit, in hand or active")
        how = f"the Jack, Queen and King of {suit.word}"
    else:
        if not elemental_union(held):
            missing = [x.word for x in SUITS if not any(c.suit == x and c.rank.is_face for c in held)]
            raise IllegalAction(f"an Elemental Union needs a face card of every suit: no {', '.join(missing)}")
        how = "a face card of every suit"
    name = s.name(a.player)
    w.add(f"{name} shows {symbols(a.cards)}" + (f" with active {symbols(hero.active)}" if hero.active else ""),
          f"{title}: {how}")
    s = s.model_copy(update={"phase": "over", "winners": (a.player,),
                             "ended_by": f"{name} holds {how}: {title}"})
    return s, f"{name} wins by {title}!"


def revolution(s: CardPeeGeeState, a: Revolution, w: Work) -> tuple[CardPeeGeeState, str]:
    offer = revolution_offer(s)
    if offer is None:
        raise IllegalAction("the Glorious Revolution comes only when the deck runs out")
    s = overthrow(s, *offer, w)
    return s, f"Glorious Revolution: {w.revolutions[-1]} overthrown"
