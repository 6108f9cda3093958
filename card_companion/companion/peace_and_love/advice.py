"""Peace and Love's odds at the moment a player decides (the advisor's, companion/advisor.py):
a round's odds once every played card but one is entered, and on a player's own phone, which
card of the hand that player entered there does best in a fight of two or three."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from card_companion.calculators.cards import Card
from card_companion.calculators.odds import MAX_HIDDEN, OddsError, best_cards, peace_and_love_fight_odds
from card_companion.calculators.peace_and_love import Entry, FightRound
from card_companion.calculators.words import in_seats, plural
from card_companion.companion.advisor import Advice, Chance, unknown_cards


def _less(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    left = Counter(cards)
    left.subtract(taken)
    return [c for c, n in left.items() for _ in range(max(0, n))]


def _round(s, cards: dict[int, Card | None]) -> tuple[FightRound, list[int]]:
    """The fight's round with the entered cards (a fighter's own card stands in for a missing
    one), and the positions still missing."""
    fight = s.fight
    entries, missing = [], []
    for i, (p, place) in enumerate(fight.remaining):
        fighter = s.players[p].fighters[place].card
        card = cards.get(p)
        if card is None:
            missing.append(i)
        entries.append(Entry(player=p, fighter=fighter, card=card or fighter))
    return FightRound(players=len(s.players), attacker=fight.attacker, defender=fight.defender,
                      fighters=entries), missing


def round_advice(game, s, cards: dict[int, Card | None], chooser: int | None = None) -> Advice | None:
    """A round with every played card entered but one: each fighter's chance to lose, over the
    unknown cards that one can be. ``chooser``: the player whose choice is still open (on that
    player's own phone); the odds only while that player's card is the one missing: once it is
    entered the choice is made, and once every card is known there is nothing to count."""
    fight = s.fight
    if s.phase != "fight" or fight is None or fight.awaiting_replacement is not None:
        return None
    round_, missing = _round(s, cards)
    if len(missing) != 1 or (chooser is not None and round_.fighters[missing[0]].player != chooser):
        return None
    owner = round_.fighters[missing[0]]
    title = f"If {s.name(owner.player)}'s card is any unknown card"
    unknown = _less(unknown_cards(game, s), [c for c in cards.values() if c is not None])
    try:
        o = peace_and_love_fight_odds(round_, missing[0], unknown)
    except OddsError as exc:
        return Advice(title=title, explanation=(str(exc),))
    return Advice(
        title=title,
        chances=tuple(Chance(label=f"{s.name(e.player)}'s {e.fighter.symbol} loses", p=float(p))
                      for e, p in zip(round_.fighters, o.loses)),
        figures=(("Cards counted", str(o.counted)),),
        explanation=tuple(in_seats(line, s.names) for line in o.explanation),
    )


def hand_advice(game, s, player: int, hand: Sequence[Card]) -> Advice | None:
    """On a player's own phone, before anyone plays: each card of the hand that player entered
    there, tried on their fighter against the other fighters' unknown cards; best first. A
    fight of two or of three (``odds.MAX_HIDDEN``: with more fighters, the round's odds show
    once every card but this player's is entered: ``round_advice``)."""
    fight = s.fight
    if (s.phase != "fight" or fight is None or fight.awaiting_replacement is not None or not hand
            or not hand_odds_shown(len(fight.remaining)) or player not in [p for p, _ in fight.remaining]):
        return None
    round_, _ = _round(s, {})
    mine = next(i for i, e in enumerate(round_.fighters) if e.player == player)
    others = [i for i in range(len(round_.fighters)) if i != mine]
    unknown = _less(unknown_cards(game, s), hand)
    me = round_.fighters[mine]
    title = f"{s.name(player)}'s hand on {me.fighter.symbol}"
    try:
        ranked = best_cards(round_, mine, others, hand, unknown)
    except OddsError as exc:
        return Advice(title=title, explanation=(str(exc),))
    them = " and ".join(f"{s.name(round_.fighters[i].player)}'s card on {round_.fighters[i].fighter.symbol}"
                        for i in others)
    which = ("which may be any" if len(others) == 1
             else "two different cards, every pair counted once, each any")
    return Advice(
        title=title,
        chances=tuple(Chance(label=f"play {c.symbol}: wins", p=float(p), good=True) for c, p in ranked),
        figures=(("Cards counted", str(len(unknown))),),
        explanation=(f"each card of the hand entered on this phone (only here: it is not saved and no other "
                     f"phone sees it), played on {me.fighter.symbol} against {them}, {which} of the "
                     f"{plural(len(unknown), 'unknown card')}",
                     "the chance shown is the chance of not losing the round",
                     "cards in hands the app was not told are unknown too: a card played from a hidden hand is as "
                     "likely to be any unknown card as a card off the deck"),
    )


def hand_odds_shown(fighters: int) -> bool:
    """Whether a player's own phone ranks the hand in a fight of this many fighters (each other
    fighter's card is unknown: at most ``odds.MAX_HIDDEN`` of them)."""
    return 2 <= fighters <= MAX_HIDDEN + 1
