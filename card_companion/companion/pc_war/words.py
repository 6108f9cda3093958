"""PC War's steps in the players' words: what a flip or a war's face-up cards showed and who
takes, each player's war cards, the pickups, and the tail every step's line shares."""

from __future__ import annotations

from card_companion.calculators.pc_war import WAR_CARDS, Lay
from card_companion.calculators.words import plural
from card_companion.companion.game import Applied
from card_companion.companion.pc_war.state import LaidCards, PCWarState


def cards(n: int) -> str:
    return plural(n, "card")


def war_count(n: int) -> str:
    """War rounds after one tie: "1 war", "3 wars in a row"."""
    return "1 war" if n == 1 else f"{n} wars in a row"


def names(s: PCWarState, players: tuple[int, ...]) -> str:
    """ "Ann", "Ann and Bea" """
    return " and ".join(s.name(p) for p in players)


def verdict(s: PCWarState, takes: int | None) -> str:
    return "a tie" if takes is None else f"{s.name(takes)}'s card is higher"


def reveal_line(before: PCWarState, after: PCWarState, head: str, in_war: bool) -> str:
    """A flip or a war's face-up cards: what was shown and who takes ("Flip 3: Ann K♥, Bea 7♠
    → Ann takes both")."""
    n = before.name
    last = after.last
    assert last is not None  # a flip and a war's face-up cards record what they showed
    if last.cards is not None:
        shown = f"{n(0)} {last.cards[0].symbol}, {n(1)} {last.cards[1].symbol}"
    else:
        shown = verdict(before, last.takes)
    if last.takes is None:
        then = "swap hands again and war again" if last.in_war else "trade and war"
        return f"{head}{shown} → {then}" if last.cards is None else f"{head}{shown} → a tie: {then}"
    if in_war:
        return f"{head}{shown} → {n(last.takes)} takes all {before.table} cards"
    return f"{head}{shown} → {n(last.takes)} takes both"


def war_words(s: PCWarState, lays: tuple[Lay | LaidCards, ...], done: bool = False) -> list[str]:
    """Each player's war cards in plain words; when a player has no card to lay, only that."""
    if all(lay.up == 0 for lay in lays):
        who = [s.name(i) for i, p in enumerate(s.players) if p.hand == 0 and p.pile == 0] or list(s.names)
        return [f"{w} has no card to lay: {w} has run out of cards" for w in who]
    return [lay_words(s, i, lay, done) for i, lay in enumerate(lays)]


def lay_words(s: PCWarState, i: int, lay: Lay | LaidCards, done: bool = False) -> str:
    """One player's war cards in plain words."""
    who = s.name(i)
    lays, picks = ("laid", "picked up") if done else ("lays", "picks up")
    n = lay.down + lay.up
    text = f"{who} {lays} {lay.down} face down and 1 face up"
    if n < WAR_CARDS:
        text = f"{who} has only {cards(n)}: {lays} " + (
            f"{lay.down} face down and the last face up" if lay.down else "the last card face up")
    if lay.picked_up:
        text += (f" ({who}'s hand ran out after {cards(lay.from_hand)}: {who} {picks} and shuffles "
                 f"the pile of {cards(lay.picked_up)})")
    return text


def pickup_notes(s: PCWarState) -> list[str]:
    """Each empty hand that picked up its pile in the last step."""
    notes = []
    for i, n in enumerate(s.picked_up):
        if n:
            notes.append(f"{s.name(i)}'s hand is empty: {s.name(i)} picks up and shuffles the pile ({cards(n)})")
    return notes


def said(after: PCWarState, text: str, details: tuple[str, ...] = ()) -> Applied:
    """A step's line: the step's own words, its ``details`` (a swap's war cards), then what
    follows every step: the pickups, the end of the game. Where anything follows the step's
    own words, the working keeps the line's parts before the end (the step, the details, the
    pickups), so the screen shows them apart without taking the line to pieces."""
    parts = (text, *details, *pickup_notes(after))
    line = "; ".join(parts)
    if after.phase == "over":
        line += f"; the game is over: {after.ended_by}"
    return Applied(after, line, parts if line != text else ())
