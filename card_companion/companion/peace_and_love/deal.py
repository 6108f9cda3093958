"""Peace and Love's deal: each player's three face-up fighters are entered; whoever has the
lowest total of starting fighters goes first (a tie is picked at random, and the pick is a
step, so a replay gives the same first player)."""

from __future__ import annotations

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.peace_and_love import value
from card_companion.companion.game import Applied, IllegalAction
from card_companion.companion.peace_and_love.actions import Deal, FirstPlayer
from card_companion.companion.peace_and_love.checks import check_cards
from card_companion.companion.peace_and_love.state import GAME_NAME, Fighter, PeaceAndLoveState, Player


def fighters_total(player: Player) -> int:
    """The total value of a player's fighters (before any fight: the starting three)."""
    return sum(value(f.card) for f in player.fighters if f is not None)


def deal(s: PeaceAndLoveState, a: Deal) -> Applied:
    """A player's three fighters; once all are in, who goes first (or the tie for it)."""
    if s.phase != "deal":
        raise IllegalAction("the fighters have all been dealt")
    if not 0 <= a.player < len(s.players):
        raise IllegalAction(f"there is no player {a.player}")
    if s.players[a.player].dealt:
        raise IllegalAction(f"{s.name(a.player)}'s fighters are already entered")
    check_cards(s, a.fighters)
    # the fighters already dealt (every place holds one until a fight)
    face_up: list[Card] = [f.card for p in s.players if p.dealt for f in p.fighters if f is not None]
    Deck(copies=s.decks).check_copies(list(a.fighters) + face_up, GAME_NAME
                                      + (f" with {s.decks} packs" if s.decks > 1 else ""))
    player = s.players[a.player].model_copy(
        update={"dealt": True, "fighters": tuple(Fighter(card=c) for c in a.fighters)}
    )
    s = s.with_player(a.player, player)
    total = sum(value(c) for c in a.fighters)
    text = f"{s.name(a.player)}'s fighters: {' '.join(c.symbol for c in a.fighters)} (total {total})"
    if not all(p.dealt for p in s.players):
        return Applied(s, text)
    totals = [fighters_total(p) for p in s.players]
    low = min(totals)
    tied = tuple(i for i, t in enumerate(totals) if t == low)
    if len(tied) == 1:
        return Applied(s.model_copy(update={"phase": "turn", "turn": tied[0]}),
                       f"{text}; {s.name(tied[0])} has the lowest total and goes first")
    return Applied(s.model_copy(update={"phase": "first-player", "tied_first": tied}),
                   f"{text}; {' and '.join(s.name(p) for p in tied)} tie for the lowest total")


def first_player(s: PeaceAndLoveState, a: FirstPlayer) -> Applied:
    """The random pick among the players tied for the lowest total."""
    if s.phase != "first-player":
        raise IllegalAction("the first player is already known")
    if a.player not in s.tied_first:
        names = ", ".join(s.name(p) for p in s.tied_first)
        raise IllegalAction(f"the first player is picked among {names}")
    tied = " and ".join(s.name(p) for p in s.tied_first)
    return Applied(s.model_copy(update={"phase": "turn", "turn": a.player}),
                   f"Random pick among {tied}: {s.name(a.player)} goes first")
