"""A fight: the cards played on the fighters, round by round (Resolve, then Apply), or the
defeated fighter's replacement; on a player's own phone, that player's hand for the odds."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.peace_and_love import Entry, RoundResult
from card_companion.companion.game import IllegalAction
from card_companion.companion.peace_and_love import (
    NewFighter,
    PeaceAndLove,
    PeaceAndLoveState,
    PlayCards,
)
from card_companion.companion.peace_and_love.advice import hand_advice, hand_odds_shown, round_advice
from card_companion.companion.peace_and_love.fights import preview_round
from card_companion.views.card_picker import CardPicker, CardSlots
from card_companion.views.hooks import at_scale, use_kept
from card_companion.views.kept_panels import kept, kept_fresh, use_kept_data
from card_companion.views.live_table import Table, use_step_state, use_table
from card_companion.views.odds import OddsPanel
from card_companion.views.reach import reachable, use_reach
from card_companion.views.seating import my_player
from card_companion.views.widgets import (
    button,
    card_face,
    explanation,
    message,
    section,
    section_title,
    tagged,
)

# Flet's @ft.component takes key= (its wrapper pops it) but types a call as the function's own
# signature: the calls that pass key= say "type: ignore[call-arg]" for that reason.


def _entry(session) -> tuple:
    """What a fight's entry counts with: the deck, the cards known, the step (a new step
    empties the entry)."""
    s: PeaceAndLoveState = session.state
    return session.game.deck(s.setup), tuple(session.game.known_cards(s)), len(session.actions)


def _fight(session) -> tuple | None:
    """A round of the fight (None: no fight, or the fight waits for a new fighter): the round,
    the players in it, their places' labels, the line naming the fighters, the cards each
    player holds; then the entry (``_entry``)."""
    s: PeaceAndLoveState = session.state
    fight = s.fight
    if s.phase != "fight" or fight is None or fight.awaiting_replacement is not None:
        return None
    name = s.name
    owners = tuple(p for p, _ in fight.remaining)
    labels = tuple(f"{name(p)}'s card on {s.players[p].fighter(place).card.symbol}" for p, place in fight.remaining)
    vs = " vs ".join(
        f"{name(p)}'s {s.players[p].fighter(place).card.symbol}"
        + (" (attacker)" if p == fight.attacker else " (defender)" if p == fight.defender else "")
        for p, place in fight.remaining)
    return (fight.rounds, owners, labels, vs, tuple(p.hand for p in s.players), *_entry(session))


def _replacement(session) -> tuple | None:
    """A defeated fighter's replacement (None: none awaited): the name of the player who
    enters it, then the entry (``_entry``)."""
    s: PeaceAndLoveState = session.state
    fight = s.fight
    if s.phase != "fight" or fight is None or fight.awaiting_replacement is None:
        return None
    return (s.name(fight.awaiting_replacement), *_entry(session))


Preview = tuple[dict[int, Card], tuple[Entry, ...], RoundResult]
"""what Resolve shows without saving it: the cards entered, each fighter's entry, the round's result"""

PLAYED, HAND_TARGET = "played", "hand"
"""the two things a player's own phone enters in a round of a fight of two or three, one at a time:
the cards played on the fighters (the table's step) and that player's hand (for the odds)"""


MANY_FIGHTERS = ("With four or more fighters, the odds show here once every played card but yours is entered "
                 "(a hand is ranked in a fight of two or three).")
"""what a player's own phone says where it ranks no hand (with more fighters, too many cards are unknown)"""


def _many_fighters(me: int | None, owners: tuple[int, ...], open_: bool) -> ft.Control | None:
    """``MANY_FIGHTERS`` on a fighter's own phone while its choice is open in a fight where no
    hand is ranked."""
    if me not in owners or hand_odds_shown(len(owners)) or not open_:
        return None
    return ft.Text(MANY_FIGHTERS, size=13, italic=True)


def entry_target(private: bool, chosen: str, hand: int, held: int) -> str:
    """Which entry has the one picker on this phone: the hand only on a player's own phone in
    a fight of two or three, while it is chosen and not full; the played cards otherwise."""
    return HAND_TARGET if private and chosen == HAND_TARGET and hand < held else PLAYED


def choice_open(me: int | None, owners: tuple[int, ...], so_far: tuple) -> bool:
    """Whether this phone's player still has a card to choose in this round: a player of the
    fight whose played card is not entered yet (the odds are about that choice; the whole
    table's and a watcher's phones enter the cards once they are face up: no choice is open)."""
    if me not in owners:
        return False
    at = owners.index(me)
    return len(so_far) != len(owners) or so_far[at] is None


def _target_bar(name: str, target: str, set_chosen: Callable[[str], None]) -> ft.Control:
    """What the one picker below enters (the played cards or ``name``'s hand), and the other
    target one tap away."""
    if target == PLAYED:
        text, switch = "Entering: the played cards", f"Enter {name}'s hand"
    else:
        text, switch = f"Entering: {name}'s hand", "Enter the played cards"

    def on_switch() -> None:
        set_chosen(HAND_TARGET if target == PLAYED else PLAYED)

    return tagged("entry-target", ft.Row([
        ft.Text(text, weight=ft.FontWeight.BOLD),
        button(switch, on_switch, "switch-entry", primary=False, icon=ft.Icons.SWAP_HORIZ),
    ], wrap=True, spacing=8, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER), label=text)


@ft.memo
@ft.component
def FightPanel(table: Table[PeaceAndLove, PeaceAndLoveState], scale: float) -> ft.Control:
    """A round of the fight: the cards played on the fighters (Resolve shows the result
    without saving it; Apply saves it): the same entry from round to round, and kept, hidden,
    through the new fighters and the turns (``use_kept_data``), so that a step sends what
    changed (a new fighter has its own panel, ``NewFighterPanel``). On a player's own phone
    in a fight of two or three, that player's hand is entered here too, for the odds: one
    picker at a time, its target named above it."""
    data, shown = use_kept_data(table, _fight)
    preview, set_preview = use_step_state(table, None)  # (cards, entries, result)
    so_far, set_so_far = use_step_state(table, ())  # the cards entered so far: one or None per fighter
    problem, set_problem = use_step_state(table, None)
    hand, set_hand = use_step_state(table, ())  # this phone's player's hand: only on this phone
    chosen, set_chosen = use_step_state(table, PLAYED)  # the entry the player chose for the picker
    use_fight_reach(table, data if shown else None, preview)
    part = use_kept()  # (the words a step left as they were: handed back as they were drawn)
    if data is None:
        return kept(None, shown)
    game = table.game
    rounds, owners, labels, vs, hands, deck, known, step = data

    def resolve(cards) -> None:
        s = table.state
        try:
            entries, result = preview_round(s, dict(zip(owners, cards)))
        except IllegalAction as exc:
            set_problem(str(exc))
            return
        set_problem(None)
        set_preview((dict(zip(owners, cards)), entries, result))

    def entered(values) -> None:
        set_so_far(tuple(values))
        if preview is not None:
            set_preview(None)  # a changed card needs a new Resolve

    me = my_player(table)
    private = me in owners and hand_odds_shown(len(owners)) and hands[me] > 0
    held = hands[me] if private else 0
    target = entry_target(private, chosen, len(hand[:held]), held)
    open_ = choice_open(me, owners, so_far)
    bar = _target_bar(table.state.name(me), target, set_chosen) if private and me is not None else None
    parts: list[ft.Control | None] = [
        message(problem, "fight-problem"),
        part(_words, vs, True, key="vs"), part(_words, HOW_TO_PLAY, False, key="how"),
        bar if target == HAND_TARGET else None,
        PrivateHand(table, me, scale, hand[:held], set_hand, target == HAND_TARGET, open_,  # type: ignore[call-arg]
                    key=f"hand-{me}")
        if private and me is not None else None,
        bar if target == PLAYED else None,
        _many_fighters(me, owners, open_),
        CardSlots(deck, list(labels), resolve, known=known, submit="Resolve", ident="play",  # type: ignore[call-arg]
                  game_name=game.name, on_change=entered, fresh=kept_fresh(step, shown),
                  picker=target == PLAYED, shown=shown, submit_primary=not preview,
                  keyboard=table.keyboard, key="fight-entry",
                  after=(_odds(table, owners, so_far, me) if open_ and len(so_far) == len(owners) else None,
                         _resolved(table, preview) if preview else None)),
    ]
    title = part(section_title, f"Fight · round {rounds + 1}", key="title")
    return kept(section(title, parts, ident="fight-panel", framed=False), shown)


HOW_TO_PLAY = "Each player puts a card from their hand face down on their fighter; reveal them and enter them."
"""what a round of the fight asks of the players, under who fights whom"""


def _words(text: str, bold: bool, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Text(text, weight=ft.FontWeight.BOLD) if bold else ft.Text(text)


def _odds(table: Table[PeaceAndLove, PeaceAndLoveState], owners: tuple[int, ...], so_far: tuple,
          me: int | None) -> ft.Control | None:
    """The round's odds with the cards entered so far, for the choice still open on this phone."""
    advice = round_advice(table.game, table.state, dict(zip(owners, so_far)), chooser=me)
    return OddsPanel(advice, ident="fight-odds", key="fight-odds")  # type: ignore[call-arg]


@ft.memo
@ft.component
def NewFighterPanel(table: Table[PeaceAndLove, PeaceAndLoveState]) -> ft.Control:
    """The defeated fighter's replacement, drawn off the deck and entered (its place asks for
    the table's keyboard while it is shown). Kept mounted, hidden, through the rounds and the
    turns (``use_kept_data``): a fight's rounds and its new fighters swap which panel shows,
    and each changes only its names, where one panel drew one entry in place of the other."""
    data, shown = use_kept_data(table, _replacement)
    use_fight_reach(table, data if shown else None, None)
    part = use_kept()  # (the words, as they were drawn, while the player is the same)
    if data is None:
        return kept(None, shown)
    name, deck, known, step = data

    def enter(cards: list[Card]) -> None:
        table.dispatch(NewFighter(card=cards[0]))

    return kept(section(part(section_title, f"{name}'s new fighter", key="title"), [
        part(_words, f"{name} draws a new fighter off the top of the deck and places it face up (untapped; "
             "it stays out of this fight). Enter it:", False, key="how"),
        CardSlots(deck, ["New fighter"], enter,  # type: ignore[call-arg]
                  known=known, submit="Enter the new fighter", ident="new-fighter", game_name=table.game.name,
                  fresh=kept_fresh(step, shown), shown=shown, keyboard=table.keyboard, key="new-fighter-entry"),
    ], ident="fight-panel", framed=False), shown)


def use_fight_reach(table: Table[PeaceAndLove, PeaceAndLoveState], data: tuple | None,
                    preview: Preview | None) -> None:
    """A fight's panel is longer than the screen under the score: each step brings it up from
    its heading (its entry, the picker and Resolve), then what Resolve found with Apply
    (views/reach.py). Not on a watcher's phone: it enters nothing."""
    use_reach(None if data is None or table.watching else "resolved" if preview else "step",
              None if data is None else data[-1])


def _resolved(table: Table[PeaceAndLove, PeaceAndLoveState], preview: Preview) -> ft.Control:
    """What the cards entered would do (Resolve), and Apply to play them."""
    cards, entries, result = preview
    names = table.state.names
    return reachable("resolved", ft.Column([
        explanation(result.explanation, ident="preview",
                    title="Results: " + ", ".join(
                        f"{names[e.player]}'s {e.fighter.symbol} {r}" for e, r in zip(entries, result.results))),
        button("Apply", lambda: table.dispatch(PlayCards(cards=cards)), "apply", icon=ft.Icons.CHECK),
    ], spacing=8, tight=True))


def _hand(session, player: int) -> PeaceAndLoveState | None:
    """The state a player's own hand is tried against (the fight's fighters and known cards)."""
    s: PeaceAndLoveState = session.state
    return s if s.phase == "fight" and player < len(s.players) else None


@ft.component
def PrivateHand(table: Table[PeaceAndLove, PeaceAndLoveState], player: int, scale: float, hand: tuple,
                set_hand: Callable, picking: bool,
                open_: bool) -> ft.Control:
    """On a player's own phone: the hand that player enters here, for the advisor's ranked
    list of which card to play while the choice is open (``open_``: their played card is not
    entered yet). It stays in this phone's screen: never saved, never sent to the table (and
    starts again at each step). ``picking``: the one picker is here (else nothing to show
    until a card of the hand is entered)."""
    s = use_table(table, _hand, player)
    if s is None or not (picking or hand):
        return ft.Column([])
    at_scale(scale)
    game = table.game
    held = s.players[player].hand
    rows: list[ft.Control | None] = [
        ft.Text(f"Only on this phone: enter {s.name(player)}'s hand to see which card does best. It is not saved "
                "and no other phone sees it.", size=13, italic=True),
    ]
    if hand:
        rows.append(ft.Row([card_face(c, ident=f"hand-card-{i}", width=44, caption="tap to take back",
                                      label=f"{c.symbol} in the hand; tap to take it back",
                                      on_click=lambda e, i=i: set_hand(hand[:i] + hand[i + 1:]))
                            for i, c in enumerate(hand)], wrap=True, spacing=6))
    if picking and len(hand) < held:  # its own picker: the hand's odds come under it
        rows.append(CardPicker(game.deck(s.setup), lambda c: set_hand(lambda h: (*h[:held], c)),  # type: ignore[call-arg]
                               ident="hand-picker",
                               game_name=game.name, key="hand-picker"))
    if open_:
        rows.append(OddsPanel(hand_advice(game, s, player, list(hand)),  # type: ignore[call-arg]
                              ident="hand-odds", key="hand-odds"))
    return section(f"{s.name(player)}'s hand", rows, ident="private-hand")
