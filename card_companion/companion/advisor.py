"""The advisor: the exact odds at the moment a player decides, from what the app was told.

Each function takes a tracker and its state (and, where the player is still choosing, what
they are about to do) and answers an ``Advice``: the chances in the players' words, the
numbers worth reading at a glance, and how they were counted. The counting is the odds
package's (``calculators.odds``), the same functions the protocol asks call, over the
**unknown cards**: the game's deck less every card the tracker knows is elsewhere
(``known_cards``). Cards in hands the app was not told stay unknown; by symmetry a hidden card
is as likely to be any of them as a card off the deck, and the explanation says so. Nothing
here reads a player's private cards unless that player's own phone passes them in (the Peace
and Love hand).

None means "no decision with chance here"; an Advice without chances carries the reason the
odds cannot be counted (a deck too short, a fight no one can lose).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from card_companion.calculators.cards import Card
from card_companion.calculators.odds import (
    MAX_HIDDEN,
    OddsError,
    best_cards,
    peace_and_love_fight_odds,
    percent,
)
from card_companion.calculators.odds import stratego_attack_odds as _stratego_attack_odds
from card_companion.calculators.peace_and_love import Entry, FightRound
from card_companion.calculators.words import in_seats, plural
from card_companion.companion.game import Frozen, IllegalAction


class Chance(Frozen):
    """One outcome and how likely it is."""

    label: str
    """in the players' words: "Ann wins the round" """
    p: float
    good: bool | None = None
    """for the player deciding: good (True), bad (False) or neither (None)"""

    @property
    def text(self) -> str:
        return percent(self.p)


class Advice(Frozen):
    """The odds of one decision, as the table shows them."""

    title: str
    chances: tuple[Chance, ...] = ()
    figures: tuple[tuple[str, str], ...] = ()
    """numbers worth reading at a glance: ("Expected HP lost", "3.2")"""
    explanation: tuple[str, ...] = ()
    """how it was counted, line by line"""

    def headline(self) -> str:
        """The chances in one line: "Ann wins 61 % · tie 5 % · the Monster wins 34 %"."""
        return " · ".join(f"{c.label} {c.text}" for c in self.chances)


def unknown_cards(game, state) -> list[Card]:
    """The game's deck less every card the tracker knows is elsewhere (one per copy)."""
    left = Counter(game.deck(state.setup).all_cards())
    left.subtract(game.known_cards(state))
    return [c for c, n in left.items() for _ in range(max(0, n))]


def _less(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    left = Counter(cards)
    left.subtract(taken)
    return [c for c, n in left.items() for _ in range(max(0, n))]


# --- Card Stratego ------------------------------------------------------------------------------


def card_stratego_attack(game, s, column: int) -> Advice | None:
    """Before an attack where one front card is face up and the other face down: the chance of
    each result over the face-down side's unseen cards that can stand on the battlefield."""
    if s.phase != "turn":
        return None
    me, them = s.turn, 1 - s.turn
    mine, theirs = s.armies[me].columns[column], s.armies[them].columns[column]
    if not mine or not theirs or mine[0].face_up == theirs[0].face_up:
        return None
    hidden = them if mine[0].face_up else me
    known = mine[0].card if mine[0].face_up else theirs[0].card
    title = (f"{s.name(me)}'s {known.symbol} attacks a face-down card" if mine[0].face_up
             else f"A face-down card attacks {s.name(them)}'s {known.symbol}")
    try:
        o = _stratego_attack_odds(known, game.unseen(s, hidden), known_attacks=mine[0].face_up)
    except OddsError as exc:
        return Advice(title=title, explanation=(str(exc),))
    return Advice(
        title=title,
        chances=(Chance(label=f"{s.name(me)} wins", p=float(o.attacker_wins), good=True),
                 Chance(label=f"{s.name(them)} wins", p=float(o.defender_wins), good=False),
                 Chance(label="both destroyed", p=float(o.both_destroyed))),
        figures=(("Cards counted", f"{o.counted} of {s.name(hidden)}'s unseen"),),
        explanation=(f"the face-down card is one of {s.name(hidden)}'s cards the app has not seen (deck, hand, "
                     "face down)", *o.explanation),
    )


# --- Peace and Love -----------------------------------------------------------------------------


def _pal_round(s, cards: dict[int, Card | None]) -> tuple[FightRound, list[int]]:
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


def peace_and_love_round(game, s, cards: dict[int, Card | None], chooser: int | None = None) -> Advice | None:
    """A round with every played card entered but one: each fighter's chance to lose, over the
    unknown cards that one can be. ``chooser``: the player whose choice is still open (on that
    player's own phone); the odds only while that player's card is the one missing: once it is
    entered the choice is made, and once every card is known there is nothing to count."""
    fight = s.fight
    if s.phase != "fight" or fight is None or fight.awaiting_replacement is not None:
        return None
    round_, missing = _pal_round(s, cards)
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


def peace_and_love_hand(game, s, player: int, hand: Sequence[Card]) -> Advice | None:
    """On a player's own phone, before anyone plays: each card of the hand that player entered
    there, tried on their fighter against the other fighters' unknown cards; best first. A
    fight of two or of three (``odds.MAX_HIDDEN``: with more fighters, the round's odds show
    once every card but this player's is entered: ``peace_and_love_round``)."""
    fight = s.fight
    if (s.phase != "fight" or fight is None or fight.awaiting_replacement is not None or not hand
            or not hand_odds_shown(len(fight.remaining)) or player not in [p for p, _ in fight.remaining]):
        return None
    round_, _ = _pal_round(s, {})
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


def what_if(game, s, action, when: str) -> Advice | None:
    """The odds as they would be after ``action`` (running away, a heart to heal), the game's
    own ``advice(state)``, titled with ``when``; None if the tracker refuses the action."""
    try:
        after = game.apply(s, action)
    except (IllegalAction, ValueError):
        return None
    advice = game.advice(after)
    return None if advice is None else advice.model_copy(update={"title": f"{when}: {advice.title}"})
