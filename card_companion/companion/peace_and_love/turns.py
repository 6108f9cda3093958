"""Peace and Love's turns: besides starting a fight (fights.py), a player may retire a fighter
(an untapped one goes to the hand, a card from the hand comes in tapped) or refresh their hand
(tap a fighter; only with at least five cards in the deck). At the end of every turn, a
player whose three fighters are all tapped untaps them."""

from __future__ import annotations

from card_companion.companion.game import Applied, IllegalAction
from card_companion.companion.peace_and_love.actions import Refresh, Retire
from card_companion.companion.peace_and_love.checks import check_cards, expect_turn
from card_companion.companion.peace_and_love.state import REFRESH_MIN_DECK, Fighter, PeaceAndLoveState


def retire(s: PeaceAndLoveState, a: Retire) -> Applied:
    expect_turn(s)
    me = s.turn
    player = s.players[me]
    if a.fighter not in player.untapped():
        raise IllegalAction("only an untapped fighter can retire")
    check_cards(s, [a.new_fighter])
    old = player.fighter(a.fighter).card
    if old == a.new_fighter and s.decks == 1:
        raise IllegalAction(f"{old.symbol} goes to the hand: bring in another card as the new fighter")
    fighters = list(player.fighters)
    fighters[a.fighter] = Fighter(card=a.new_fighter, tapped=True)
    after = end_turn(s.with_player(me, player.model_copy(update={"fighters": tuple(fighters)})))
    return Applied(after, f"{s.name(me)} retires {old.symbol} and brings in {a.new_fighter.symbol} (tapped)"
                          + untap_note(after))


def refresh_refusal(state: PeaceAndLoveState) -> str | None:
    """Why a refresh cannot be made now (the deck too short), or None."""
    if state.deck < REFRESH_MIN_DECK:
        return f"a refresh needs at least {REFRESH_MIN_DECK} cards in the deck; it has {state.deck}"
    return None


def refresh(s: PeaceAndLoveState, a: Refresh) -> Applied:
    expect_turn(s)
    me = s.turn
    player = s.players[me]
    refusal = refresh_refusal(s)
    if refusal:
        raise IllegalAction(refusal)
    if a.fighter not in player.untapped():
        raise IllegalAction("a refresh taps one of your untapped fighters")
    fighters = list(player.fighters)
    tapped = player.fighter(a.fighter).card.symbol
    fighters[a.fighter] = player.fighter(a.fighter).model_copy(update={"tapped": True})
    after = end_turn(s.with_player(me, player.model_copy(update={"fighters": tuple(fighters)})))
    return Applied(after, f"{s.name(me)} refreshes their hand, tapping {tapped}" + untap_note(after))


def end_turn(s: PeaceAndLoveState) -> PeaceAndLoveState:
    """After every turn, a player whose three fighters are all tapped untaps them."""
    players = list(s.players)
    untapped = []
    for i, p in enumerate(players):
        if p.all_tapped():
            # all tapped: every place holds a fighter
            fresh = tuple(f.model_copy(update={"tapped": False}) for f in p.fighters if f is not None)
            players[i] = p.model_copy(update={"fighters": fresh})
            untapped.append(i)
    return s.model_copy(update={
        "players": tuple(players),
        "phase": "turn",
        "turn": (s.turn + 1) % len(players),
        "turns": s.turns + 1,
        "fight": None,
        "untapped": tuple(untapped),
    })


def untap_note(after: PeaceAndLoveState) -> str:
    """What a step's line adds when the turn's end untapped someone's fighters."""
    if not after.untapped:
        return ""
    names = " and ".join(after.name(p) for p in after.untapped)
    return f"; all three of {names}'s fighters were tapped: untapped"
