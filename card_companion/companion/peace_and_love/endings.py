"""Peace and Love's End of the Game: the game ends as soon as the last card is drawn from the
deck (in a fight too: "the cops busting it up"), or when the players stop it between turns
(the app's own ruling: scored as it stands, and counted in the records; or, for a game
abandoned, stopped without counting: nobody wins). The highest total of defeated fighters
wins; ties go to the most cards; Shoot the Moon and Anti Math Geek change the scoring."""

from __future__ import annotations

from card_companion.calculators.cards import count
from card_companion.calculators.peace_and_love import final_score, pile_score
from card_companion.calculators.words import plural
from card_companion.companion.game import Applied, IllegalAction, Outcome, Standing, alone, lead_line
from card_companion.companion.peace_and_love.actions import Stop
from card_companion.companion.peace_and_love.state import PeaceAndLoveState


def end_game(s: PeaceAndLoveState, why: str) -> PeaceAndLoveState:
    return s.model_copy(update={"phase": "over", "ended_by": why})


def stop(s: PeaceAndLoveState, a: Stop) -> Applied:
    """The players stop between turns: the game is scored as it stands and counts (``a.counts``),
    or is stopped without counting (abandoned: nobody wins, no record)."""
    if s.phase == "fight":
        raise IllegalAction("finish the fight first: the game can be stopped between turns")
    if s.phase != "turn":
        raise IllegalAction("the game can be stopped once play has started, between turns"
                            if s.phase != "over" else "the game is already over")
    turns = plural(s.turns, 'turn')
    if not a.counts:
        why = (f"stopped early after {turns}, with {count(s.deck)} left in the deck, without counting: the "
               "players abandoned it, so it is no record and nobody wins")
        return Applied(end_game(s.model_copy(update={"stopped": True, "counted": False}), why),
                       f"The players stop the game after {turns} without counting it")
    why = (f"stopped early after {turns}, with {count(s.deck)} left in the deck: scored as "
           "it stands (the app's ruling; the rules end the game when the deck runs out)")
    return Applied(end_game(s.model_copy(update={"stopped": True}), why),
                   f"The players stop the game after {turns}: scored as it stands")


def scores(state: PeaceAndLoveState) -> list[tuple[int, int]]:
    """(total value, card count) per player, with Anti Math Geek's fighters if it is on."""
    amg = state.setup.settings.anti_math_geek
    return [pile_score(p.pile, [f.card for f in p.fighters if f is not None], amg) for p in state.players]


def leading(state: PeaceAndLoveState) -> str:
    """Who would win if the game ended now, in one phrase (Stop asks first with it)."""
    settings = state.setup.settings
    f = final_score(scores(state), [not p.pile for p in state.players], state.names,
                    settings.shoot_the_moon, settings.anti_math_geek)
    return f.headline


def outcome(state: PeaceAndLoveState) -> Outcome | None:
    """The final score: the winners, the ranking's steps; None while the game goes on."""
    if state.phase != "over":
        return None
    settings = state.setup.settings
    f = final_score(scores(state), [not p.pile for p in state.players], state.names,
                    settings.shoot_the_moon, settings.anti_math_geek, state.ended_by)
    if not state.counted:
        points = [t for t, _ in scores(state)]
        return Outcome(winners=(), headline=f"Stopped early, not counted: {lead_line(state.names, points, ' points')}",
                       details=(*f.details, f"Had it counted: {f.headline}"))
    headline = f"Stopped early: {f.headline}" if state.stopped else f.headline
    return Outcome(winners=f.winners, headline=headline, details=f.details)


def standing(state: PeaceAndLoveState, outcome: Outcome) -> Standing:
    """The highest total of defeated fighters wins, a tie goes to the most cards in the victory
    pile, still tied they share the win; Shoot the Moon (3+ players: the one player who won no
    fights wins) and Anti Math Geek (the remaining fighters count) as the game was set up. The
    places are the final score's own (``final_score``: the moon first, then points, then cards)."""
    settings = state.setup.settings
    totals = scores(state)
    f = final_score(totals, [not p.pile for p in state.players], state.names, settings.shoot_the_moon,
                    settings.anti_math_geek)
    return Standing(figures=tuple(t for t, _ in totals), places=f.places, winners=outcome.winners,
                    teams=alone(len(totals)))
