"""How PC War ends: "the game ends when one player has no more cards" (rule 6), also in a tie
or a war (with "Last card wins at once", as soon as the last card is laid), or when the
players stop it between flips (the app's own ruling: the fewest cards leads, and the game
counts in the records; or, for a game abandoned, stopped without counting: nobody wins)."""

from __future__ import annotations

from card_companion.calculators.pc_war import hand_over_table
from card_companion.companion.game import Applied, IllegalAction, Outcome, Standing, first_or_second
from card_companion.companion.pc_war.actions import Stop
from card_companion.companion.pc_war.state import PCWarState
from card_companion.companion.pc_war.words import names, said, war_count


def end(s: PCWarState, winners: tuple[int, ...], why: str, stopped: bool = False, counted: bool = True) -> PCWarState:
    return s.model_copy(update={"phase": "over", "winners": tuple(winners), "ended_by": why, "stopped": stopped,
                                "counted": counted})


def end_war(s: PCWarState) -> PCWarState:
    """A trade and war is over: its rounds count for the longest war."""
    if s.war_rounds == 0:
        return s
    if (s.war_rounds, s.table) > (s.longest_war, s.longest_war_cards):
        s = s.model_copy(update={"longest_war": s.war_rounds, "longest_war_cards": s.table})
    return s.model_copy(update={"war_rounds": 0})


def run_out(s: PCWarState, out: tuple[int, ...], why: str) -> PCWarState:
    """A player has no card where one must be laid (or, with "last card wins at once",
    laid their last one): they win; the table goes to the other player."""
    p0, p1 = s.players
    piles = hand_over_table((p0.pile, p1.pile), out, s.table)
    players = list(s.players)
    table, table_cards = s.table, s.table_cards
    if len(out) == 1:
        other = 1 - out[0]
        players[other] = players[other].model_copy(
            update={"pile": piles[other], "pile_cards": players[other].pile_cards + s.table_cards})
        table, table_cards = 0, ()
    s = end_war(s).model_copy(update={"players": tuple(players), "table": table, "table_cards": table_cards})
    text = f"{names(s, out)} {why} and {'has' if len(out) == 1 else 'have'} run out of cards"
    if len(out) == 1:
        text += f"; the table goes to {s.name(1 - out[0])}"
    return end(s, out, text)


def stop(s: PCWarState, a: Stop) -> Applied:
    """The players stop the game between flips: the fewest cards wins (a tie if equal) and the
    game counts (``a.counts``); or it is stopped without counting (abandoned: nobody wins)."""
    if s.phase != "flip":
        raise IllegalAction("finish the war first: the game can be stopped between flips")
    c0, c1 = (p.cards for p in s.players)
    if not a.counts:
        why = (f"the players stopped after {s.flips} flips without counting it ({s.name(0)} {c0} cards, "
               f"{s.name(1)} {c1}): it is no record and nobody wins")
        return said(end(s, (), why, stopped=True, counted=False), "The players stop the game without counting it")
    if c0 == c1:
        why = f"the players stopped after {s.flips} flips with {c0} cards each"
        return said(end(s, (0, 1), why, stopped=True), "The players stop the game")
    w = 0 if c0 < c1 else 1
    why = (f"the players stopped after {s.flips} flips: {s.name(w)} has fewer cards "
           f"({min(c0, c1)} against {max(c0, c1)})")
    return said(end(s, (w,), why, stopped=True), "The players stop the game")


def numbers(state: PCWarState) -> str:
    """The game in numbers: "140 flips, 9 wars, longest war: 2 wars in a row (14 cards)"."""
    text = f"{state.flips} flips, {state.wars} {'war' if state.wars == 1 else 'wars'}"
    if state.longest_war:
        text += f", longest war: {war_count(state.longest_war)} ({state.longest_war_cards} cards)"
    return text


def outcome(state: PCWarState) -> Outcome | None:
    """Who won and how the game ended; None while it goes on."""
    if state.phase != "over":
        return None
    players = state.names
    w = state.winners
    if not state.counted:
        left = ", ".join(f"{players[i]} {p.cards}" for i, p in enumerate(state.players))
        headline = f"Stopped early, not counted: {left} cards"
    elif len(w) == 2 and state.stopped:
        headline = f"Stopped early: {players[0]} and {players[1]} hold as many cards (the app's ruling)"
    elif len(w) == 2:
        headline = f"{players[0]} and {players[1]} share the win"
    elif state.stopped:
        headline = f"Stopped early: fewest cards leads, {players[w[0]]} (the app's ruling)"
    else:
        headline = f"{players[w[0]]} wins: no cards left"
    details = [f"The game ended: {state.ended_by}."]
    if state.stopped and state.counted:
        details.append("The rules end PC War only when a player runs out of cards; a game stopped "
                       "before that is scored by this app's own ruling: fewest cards leads.")
    details.append(numbers(state))
    for i, p in enumerate(state.players):
        details.append(f"{players[i]}: {p.hand} in hand, {p.pile} in the pile")
    if state.table:
        details.append(f"{state.table} cards stayed on the table")
    if state.setup.settings.last_card_wins_at_once:
        details.append("Last card wins at once: a player who lays their last card wins")
    return Outcome(winners=w, headline=headline, details=tuple(details))


def standing(state: PCWarState, outcome: Outcome) -> Standing:
    """"The first player to get rid of all of his or her cards wins": the figure is the cards
    left (fewer is better); both out at once share the win, both first."""
    return first_or_second(tuple(p.cards for p in state.players), outcome.winners)
