"""Peace and Love's Starting a Fight: the attacker's untapped fighter against a defender's
(other players may join with theirs); each round every fighter still in gets a card from its
player's hand, the lowest result loses (the highest with an odd number of trumps) and goes to
the winner's victory pile; a new fighter is drawn for it and everyone involved draws a card;
the fighters left fight again until one is left."""

from __future__ import annotations

from card_companion.calculators.cards import Card
from card_companion.calculators.peace_and_love import Entry, FightRound, RoundResult, resolve_round
from card_companion.companion.game import Applied, IllegalAction
from card_companion.companion.peace_and_love.actions import NewFighter, PlayCards, StartFight
from card_companion.companion.peace_and_love.checks import check_cards, expect_fight, expect_turn
from card_companion.companion.peace_and_love.endings import end_game
from card_companion.companion.peace_and_love.state import Fighter, FightInProgress, LastRound, PeaceAndLoveState
from card_companion.companion.peace_and_love.turns import end_turn, untap_note


def start_fight(s: PeaceAndLoveState, a: StartFight) -> Applied:
    expect_turn(s)
    me = s.turn
    n = len(s.players)
    if a.fighter not in s.players[me].untapped():
        raise IllegalAction(f"{s.name(me)} can only attack with an untapped fighter")
    if not 0 <= a.defender < n or a.defender == me:
        raise IllegalAction("choose another player to attack")
    if a.defender_fighter not in s.players[a.defender].untapped():
        raise IllegalAction(f"{s.name(a.defender)} must defend with an untapped fighter")
    for p, place in a.joining.items():
        if not 0 <= p < n or p in (me, a.defender):
            raise IllegalAction("only players other than the attacker and the defender can join a fight")
        if place not in s.players[p].untapped():
            raise IllegalAction(f"{s.name(p)} can only join with an untapped fighter")
    entrants = {me: a.fighter, a.defender: a.defender_fighter, **a.joining}
    order = sorted(entrants, key=lambda p: (p - me) % n)
    fight = FightInProgress(
        attacker=me, defender=a.defender, remaining=tuple((p, entrants[p]) for p in order)
    )
    mine = s.players[me].fighter(a.fighter).card.symbol
    theirs = s.players[a.defender].fighter(a.defender_fighter).card.symbol
    text = f"{s.name(me)} attacks {s.name(a.defender)}'s {theirs} with {mine}"
    for p, place in a.joining.items():
        text += f"; {s.name(p)} joins with {s.players[p].fighter(place).card.symbol}"
    return Applied(s.model_copy(update={"phase": "fight", "fight": fight, "last_round": None, "untapped": ()}),
                   text)


def preview_round(s: PeaceAndLoveState, cards: dict[int, Card]) -> tuple[tuple[Entry, ...], RoundResult]:
    """The round's result for these played cards, without applying it (the Resolve
    button); IllegalAction if the cards do not fit the fight."""
    fight = expect_fight(s)
    if fight.awaiting_replacement is not None:
        raise IllegalAction(f"first enter {s.name(fight.awaiting_replacement)}'s new fighter")
    owners = [p for p, _ in fight.remaining]
    if sorted(cards) != sorted(owners):
        names = ", ".join(s.name(p) for p in owners)
        raise IllegalAction(f"enter one card for each fighter in the fight: {names}")
    check_cards(s, cards.values())
    for p in owners:
        if s.players[p].hand < 1:
            raise IllegalAction(f"{s.name(p)} has no card in hand to play")
    entries = tuple(
        Entry(player=p, fighter=s.players[p].fighter(place).card, card=cards[p])
        for p, place in fight.remaining
    )
    result = resolve_round(
        FightRound(players=len(s.players), attacker=fight.attacker, defender=fight.defender,
                   fighters=list(entries)),
        names=s.names,
    )
    return entries, result


def play(s: PeaceAndLoveState, a: PlayCards) -> Applied:
    """A round of the fight: the cards revealed, the loser to the winner's victory pile."""
    entries, result = preview_round(s, a.cards)
    fight = expect_fight(s)  # preview_round checked it already
    owners = [p for p, _ in fight.remaining]
    loser_p, loser_place = fight.remaining[result.loser]
    winner_p = fight.remaining[result.winner][0]
    loser_card = s.players[loser_p].fighter(loser_place).card
    players = list(s.players)
    for p in owners:
        players[p] = players[p].model_copy(update={"hand": players[p].hand - 1})
    fighters = list(players[loser_p].fighters)
    fighters[loser_place] = None
    players[loser_p] = players[loser_p].model_copy(update={"fighters": tuple(fighters)})
    players[winner_p] = players[winner_p].model_copy(update={"pile": players[winner_p].pile + (loser_card,)})
    number = fight.rounds + 1
    fight = fight.model_copy(update={
        "remaining": tuple(r for i, r in enumerate(fight.remaining) if i != result.loser),
        "rounds": number,
        "awaiting_replacement": loser_p,
        "involved": tuple(owners),
    })
    played = ", ".join(f"{s.name(e.player)} {e.card.symbol} on {e.fighter.symbol}" for e in entries)
    return Applied(s.model_copy(update={
        "players": tuple(players),
        "discards": s.discards + tuple(a.cards[p] for p in owners),
        "fight": fight,
        "last_round": LastRound(number=number, entries=entries, result=result),
    }), f"Round {number}: {played} → {result.explanation[-1]}")


def new_fighter(s: PeaceAndLoveState, a: NewFighter) -> Applied:
    """The fighter drawn for a defeated one; then the draws, and the fight's end or the next round."""
    after = after_new_fighter(s, a)
    who = expect_fight(s).awaiting_replacement
    assert who is not None  # after_new_fighter refuses a step with no fighter to replace
    text = f"{s.name(who)}'s new fighter: {a.card.symbol}"
    if after.phase == "over":
        return Applied(after, f"{text}; the game is over ({after.ended_by})")
    if after.fight is None:
        text += "; the fight is over"
    return Applied(after, text + untap_note(after))


def after_new_fighter(s: PeaceAndLoveState, a: NewFighter) -> PeaceAndLoveState:
    fight = expect_fight(s)
    p = fight.awaiting_replacement
    if p is None:
        raise IllegalAction("no fighter is waiting to be replaced")
    check_cards(s, [a.card])
    fighters = list(s.players[p].fighters)
    place = fighters.index(None)
    fighters[place] = Fighter(card=a.card)
    s = s.with_player(p, s.players[p].model_copy(update={"fighters": tuple(fighters)}))
    fight = fight.model_copy(update={"awaiting_replacement": None})
    s = s.model_copy(update={"deck": s.deck - 1, "fight": fight})
    if s.deck == 0:
        return end_game(s, f"{s.name(p)}'s new fighter was the last card of the deck")
    # everyone involved in the round draws a card, in turn order from the attacker
    for q in fight.involved:
        s = s.with_player(q, s.players[q].model_copy(update={"hand": s.players[q].hand + 1}))
        s = s.model_copy(update={"deck": s.deck - 1})
        if s.deck == 0:
            return end_game(s, f"{s.name(q)} drew the last card of the deck")
    if len(fight.remaining) == 1:
        (wp, wplace), = fight.remaining
        fighters = list(s.players[wp].fighters)
        fighters[wplace] = s.players[wp].fighter(wplace).model_copy(update={"tapped": True})
        s = s.with_player(wp, s.players[wp].model_copy(update={"fighters": tuple(fighters)}))
        return end_turn(s)
    return s
