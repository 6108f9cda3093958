"""Peace and Love's table: every player's fighters (tapped ones sideways), victory piles,
the deck count, whose turn it is, and the entry for each step of the game.

``PeaceAndLoveTable`` draws the layout of the phase (which panels are there); each panel
selects what it shows from the table (``Show`` / ``use_table``: a plain function of the
session), so a step draws again only the panels whose data changed. What a player has half
chosen (the mode, the fighters tapped, a refusal) starts again at each step
(``use_step_state``); the handlers keep their identity (``use_stable``); the card entries
stay from step to step and only start again empty (``CardSlots(fresh=...)``)."""

from __future__ import annotations

import random
from collections.abc import Callable

import flet as ft

from card_companion.calculators.cards import count
from card_companion.calculators.words import plural
from card_companion.companion.advisor import peace_and_love_hand, peace_and_love_round
from card_companion.companion.game import IllegalAction
from card_companion.companion.peace_and_love import (
    FIGHTERS,
    HAND,
    Deal,
    NewFighter,
    PeaceAndLoveState,
    PlayCards,
    Refresh,
    Retire,
    StartFight,
    Stop,
)
from card_companion.views.card_picker import CardPicker, CardSlots
from card_companion.views.hooks import at_scale, use_stable
from card_companion.views.live_table import Show, Table, use_step_state, use_table
from card_companion.views.odds import OddsPanel
from card_companion.views.seating import my_player, seated
from card_companion.views.widgets import (
    StatLine,
    button,
    card_face,
    explanation,
    message,
    number_tile,
    player_panel,
    section,
    stop_confirm,
    tagged,
    tile_row,
)

MODES = {"fight": "Fight", "retire": "Retire", "refresh": "Refresh"}
NOTHING_CHOSEN = (None, None, ())
"""(the place of the fighter the player to play chose, (player, place) attacked, the joining
fighters as (player, place) pairs in the order tapped)"""


def _layout(session) -> tuple:
    """What decides the table's layout: the players, and whether anything stands between the
    score and the players' panels (not once the game is over without a fight)."""
    s: PeaceAndLoveState = session.state
    return len(s.players), s.phase != "over" or s.last_round is not None


@ft.component
def PeaceAndLoveTable(table: Table) -> ft.Control:
    players, middle = use_table(table, _layout)
    scale = table.text_scale
    mode, set_mode = use_step_state(table, "fight")
    chosen, set_chosen = use_step_state(table, NOTHING_CHOSEN)
    problem, set_problem = use_step_state(table, None)

    def tap_fighter(p: int, place: int) -> None:
        s: PeaceAndLoveState = table.state
        if s.phase != "turn":
            return
        game = table.game
        refusal = game.tap_refusal(s, p, place, mode)
        set_problem(_sentence(refusal))
        if refusal:
            return
        if p == s.turn:
            if place in game.attackers(s):
                set_chosen(lambda c: (None if c[0] == place else place, c[1], c[2]))
            return
        if mode != "fight" or place not in game.defenders(s).get(p, []):
            return
        set_chosen(lambda c: _aimed(game, s, c, p, place))

    def send(action) -> None:
        """One message at a time: the step's own refusal goes when a step is sent."""
        set_problem(None)
        table.dispatch(action)

    def choose_mode(e) -> None:
        set_problem(None)  # a refusal is about the input it refused: a new mode clears it
        set_mode(next(iter(e.control.selected)))

    def start() -> None:
        mine, target, joining = chosen
        if mine is not None and target is not None:
            send(StartFight(fighter=mine, defender=target[0], defender_fighter=target[1], joining=dict(joining)))

    def retire(cards) -> None:
        if chosen[0] is None:
            set_problem("First tap the fighter to retire.")
        else:
            send(Retire(fighter=chosen[0], new_fighter=cards[0]))

    on_tap, on_mode = use_stable(tap_fighter), use_stable(choose_mode)
    handlers = (on_mode, use_stable(start), use_stable(retire),
                use_stable(lambda: send(Refresh(fighter=chosen[0])) if chosen[0] is not None else None))

    mine, aimed = chosen[0], _aimed_places(players, chosen)
    panels = [PlayerPanel(table, i, mine, aimed[i], on_tap, scale, key=f"player-{i}") for i in range(players)]
    parts = [
        Show(table, ScoreStrip, _strip, key="status"),
        StepArea(table, mode, chosen, problem, handlers, scale, key="step") if middle else None,
        *panels,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(panels))), spacing=10)


def _phase(session) -> str:
    return session.state.phase


GAP = 10
"""the space between the parts of the table"""


def _below(control: ft.Control | None) -> ft.Control | None:
    """A part of the step's area under another one, the table's gap above it (the area's own
    column has none, so that a part with nothing to show takes no room)."""
    return ft.Container(control, padding=ft.Padding.only(top=GAP)) if control is not None else None


@ft.memo
@ft.component
def StepArea(table: Table, mode: str, chosen: tuple, problem: str | None, handlers: tuple,
             scale: float) -> ft.Control:
    """What the players enter now (the phase's panel), a refusal of a tap, and the last round
    of a fight (which selects itself: drawn again only when the phase changes)."""
    phase = use_table(table, _phase)
    if phase == "deal":
        step = [DealPanel(table, key="deal")]
    elif phase == "first-player":
        step = [FirstPlayerPanel(table, key="first-player")]
    elif phase == "turn":
        step = [TurnPanel(table, mode, chosen, *handlers, key="turn"), _below(StopGame(table, key="stop"))]
    elif phase == "fight":
        step = [FightPanel(table, scale, key="fight")]
    else:
        step = []
    # after the step's panel, so that a message coming and going never moves it
    said = message(problem, "pal-problem")
    return ft.Column([c for c in (
        *step,
        _below(said) if step else said,
        Show(table, RoundResult, _last_round, bool(step or said), key="round-result"),
    ) if c is not None], spacing=0, tight=True)


def _aimed(game, s: PeaceAndLoveState, chosen: tuple, p: int, place: int) -> tuple:
    """The choice after another player's untapped fighter is tapped in a fight: it is attacked
    (again: no longer), or it joins the fight against the attacked one (again: no longer)."""
    mine, target, joining = chosen
    if target is None or target[0] == p:
        return mine, None if target == (p, place) else (p, place), tuple((q, v) for q, v in joining if q != p)
    if place not in game.joiners(s, target[0]).get(p, []):
        return chosen
    joins = dict(joining)
    if joins.get(p) == place:
        del joins[p]
    else:
        joins[p] = place
    return mine, target, tuple(joins.items())


def _aimed_places(players: int, chosen: tuple) -> list[tuple[int, ...]]:
    """Each player's fighters chosen on this phone as attacked or joining (places)."""
    _, target, joining = chosen
    marked: list[set[int]] = [set() for _ in range(players)]
    for p, place in (*([target] if target else []), *joining):
        if 0 <= p < players:
            marked[p].add(place)
    return [tuple(sorted(m)) for m in marked]


def _sentence(text: str | None) -> str | None:
    """The tracker's reason as a sentence on screen."""
    return f"{text[:1].upper()}{text[1:]}." if text else None


# --- the players ---------------------------------------------------------------------------


def _player(session, i: int) -> tuple | None:
    """A player's panel, without the fighters and the numbers: name, whose turn, the badge."""
    s: PeaceAndLoveState = session.state
    if i >= len(s.players):
        return None
    badge = None
    if s.phase == "first-player" and i in s.tied_first:
        badge = "tied for first"
    elif i in s.untapped:
        badge = "untapped"
    return s.name(i), s.phase in ("turn", "fight") and s.turn == i, badge


def _fighter(session, i: int, place: int) -> tuple | None:
    """One fighter: the player's name, its card and whether it is tapped (None: an empty place),
    whether the player is dealt, whether it is in the fight."""
    s: PeaceAndLoveState = session.state
    if i >= len(s.players):
        return None
    player = s.players[i]
    f = player.fighters[place]
    fight = s.fight
    in_fight = s.phase == "fight" and fight is not None and (i, place) in fight.remaining
    return s.name(i), None if f is None else f.card, f is not None and f.tapped, player.dealt, in_fight


def _player_stats(session, i: int) -> tuple:
    s: PeaceAndLoveState = session.state
    if i >= len(s.players):
        return f"stats-{i}", ()
    pile = session.game.victory_pile(s, i)
    return f"stats-{i}", (("Victory pile", f"{count(pile.points, 'point')} · {count(pile.cards)}"),
                          ("Hand", count(s.players[i].hand)))


@ft.memo
@ft.component
def PlayerPanel(table: Table, i: int, mine: int | None, aimed: tuple[int, ...], on_tap: Callable,
                scale: float) -> ft.Control:
    """One player's fighters (tapped ones sideways; the chosen ones and the ones in the fight
    marked: ``mine`` is the fighter the player to play chose, ``aimed`` this player's attacked
    or joining one), victory pile and hand (each fighter and the numbers select their own)."""
    data = use_table(table, _player, i)
    if data is None:
        return ft.Column([])
    name, active, badge = data
    faces = [FighterCard(table, i, place, (active and place == mine) or place in aimed, on_tap, scale)
             for place in range(FIGHTERS)]
    return player_panel(name, ident=f"player-{i}", active=active, badge=badge, cards=faces,
                        stats=Show(table, StatLine, _player_stats, i))


@ft.memo
@ft.component
def FighterCard(table: Table, i: int, place: int, chosen: bool, on_tap: Callable, scale: float) -> ft.Control:
    """One fighter of a player, face up (sideways when tapped; marked when chosen or in the
    fight), or its empty place."""
    data = use_table(table, _fighter, i, place)
    if data is None:
        return ft.Column([])
    name, card, tapped, dealt, in_fight = data
    at_scale(scale)
    if card is None:
        return card_face(None, ident=f"fighter-{i}-{place}",
                         label=f"{name}'s fighter {place + 1}: " +
                         ("not dealt yet" if not dealt else "waiting for a new fighter"),
                         face_down=not dealt)
    marked = chosen or in_fight
    return card_face(
        card, ident=f"fighter-{i}-{place}", tapped=tapped, selected=marked,
        label=f"{name}'s fighter {card.symbol}" + (", tapped" if tapped else "") + (", chosen" if marked else ""),
        on_click=lambda e: on_tap(i, place),
    )


def _strip(session) -> tuple:
    """The score at the top (see ``ScoreStrip``): each tile as (id, number, caption, title,
    whose turn, label), the line under them, the strip's own label."""
    s: PeaceAndLoveState = session.state
    playing = s.phase in ("turn", "fight")
    board = session.game.score_board(s)
    fighters_in = board.with_fighters
    tiles = tuple((f"score-{i}", str(sc.points), f"points · {count(sc.cards)}", s.name(i), playing and s.turn == i,
                   f"{s.name(i)}: {count(sc.points, 'point')}, victory pile {count(sc.cards)}"
                   + (" with the fighters" if fighters_in else "") + (", to play" if playing and s.turn == i else ""))
                  for i, sc in enumerate(board.scores))
    tiles += (("deck-count", str(s.deck), "in the deck", "Deck", False, f"Deck: {count(s.deck)}"),)
    line = f"{plural(s.decks, 'deck')} shuffled together · {plural(s.turns, 'turn')} played"
    if fighters_in:
        line += " · the fighters still in play are counted in (Anti Math Geek)"
    return tiles, line, f"Deck: {count(s.deck)}"


@ft.memo
@ft.component
def ScoreStrip(tiles: tuple, line: str, label: str) -> ft.Control:
    """The score at the top, readable from across the table: each player's victory points and
    cards (whose turn it is marked), the deck; then the packs and the turns played. Once the
    game is over it shows the final score, the one the result names: with Anti Math Geek the
    fighters still in play are counted in (``game.scores``)."""
    cells = [number_tile(ident, value, caption, title=title, active=active, label=said)
             for ident, value, caption, title, active, said in tiles]
    return tagged("status", ft.Column([
        tile_row(cells, per_row=3 if len(cells) in (3, 5, 6) else 4),
        ft.Text(line, theme_style=ft.TextThemeStyle.BODY_SMALL),
    ], spacing=4, tight=True), label=label)


def _last_round(session, below: bool) -> tuple:
    """The last round of a fight: (its title, the lines why; None: no round yet), and whether
    it comes under another part."""
    s: PeaceAndLoveState = session.state
    last = s.last_round
    if last is None:
        return None, (), below
    return (f"Round {last.number}: " + ", ".join(f"{s.name(e.player)} {e.card.symbol} on {e.fighter.symbol}"
                                                 for e in last.entries), tuple(last.result.explanation), below)


@ft.memo
@ft.component
def RoundResult(title: str | None, lines: tuple[str, ...], below: bool) -> ft.Control:
    """The last round of a fight and why it ended so (nothing, and no room, before the first)."""
    if title is None:
        return ft.Column([], spacing=0, tight=True)
    shown = explanation(lines, ident="round-result", title=title)
    return _below(shown) if below else shown


# --- the deal and who goes first ------------------------------------------------------------


def _deal(session) -> tuple | None:
    """Whose fighters are entered now, the totals so far, and the entry's deck, known cards and
    step (a new step empties the entry)."""
    s: PeaceAndLoveState = session.state
    game = session.game
    p = game.next_to_deal(s)
    if p is None:
        return None
    done = tuple(f"{s.name(i)}: {t}" for i, t in enumerate(game.starting_totals(s)) if t is not None)
    return p, s.name(p), done, game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions)


@ft.memo
@ft.component
def DealPanel(table: Table) -> ft.Control:
    """The deal: each player's three fighters, entered one player after the other (the same
    entry for each player: its places start again empty)."""
    data = use_table(table, _deal)
    if data is None:
        return ft.Column([])
    p, name, done, deck, known, step = data
    return section(
        f"Deal: {name}'s three fighters",
        [
            ft.Text("Deal five cards to each hand and three face up in front of each player, then enter "
                    "each player's three fighters. The lowest total goes first."),
            ft.Text("Totals so far: " + ", ".join(done)) if done else None,
            CardSlots(deck, [f"Fighter {i + 1}" for i in range(FIGHTERS)],
                      lambda cards: table.dispatch(Deal(player=p, fighters=tuple(cards))),
                      known=known, submit=f"Enter {name}'s fighters", ident="deal",
                      game_name=table.game.name, fresh=step, key="deal-entry"),
        ],
        ident="deal-panel",
    )


def _first(session) -> tuple | None:
    s: PeaceAndLoveState = session.state
    if s.phase != "first-player" or not s.tied_first:
        return None
    return " and ".join(s.name(p) for p in s.tied_first), session.game.starting_totals(s)[s.tied_first[0]]


@ft.memo
@ft.component
def FirstPlayerPanel(table: Table) -> ft.Control:
    """A tie for the lowest total: the app picks who goes first."""
    data = use_table(table, _first)
    if data is None:
        return ft.Column([])
    tied, total = data
    return section(
        "Who goes first?",
        [
            ft.Text(f"{tied} tie with the lowest total ({total}). The app picks one of them at random."),
            button("Pick at random",
                   lambda: table.dispatch(table.game.pick_first_player(table.state, random.Random())),
                   "pick-first", icon=ft.Icons.CASINO),
        ],
        ident="first-player-panel",
    )


# --- a turn: fight, retire or refresh ---------------------------------------------------------


def _turn(session) -> tuple | None:
    """What a turn's panel shows of the table: whose turn, the notes on its start, every
    fighter's card (for the line naming the chosen ones), the players, the refresh's refusal,
    and the retire entry's deck, known cards and step (a new step empties it)."""
    s: PeaceAndLoveState = session.state
    if s.phase != "turn":
        return None
    game = session.game
    starts = game.starting_line(s)
    untapped = ("All three fighters of " + " and ".join(s.name(p) for p in s.untapped)
                + " were tapped at the end of the turn: they are untapped now.") if s.untapped else None
    cards = tuple(tuple(None if f is None else f.card.symbol for f in p.fighters) for p in s.players)
    return (s.turn, s.names, starts, untapped, cards, game.can_refresh(s), _sentence(game.refresh_refusal(s)),
            game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions))


@ft.memo
@ft.component
def TurnPanel(table: Table, mode: str, chosen: tuple, on_mode: Callable, on_start: Callable, on_retire: Callable,
              on_refresh: Callable) -> ft.Control:
    """A turn: fight, retire or refresh, and the notes on the turn's start."""
    data = use_table(table, _turn)
    if data is None:
        return ft.Column([])
    me, names, starts, untapped, cards, can_refresh, refusal, deck, known, step = data
    mine, target, joining = chosen
    mine_card = cards[me][mine] if mine is not None else None
    chooser = tagged("mode", ft.SegmentedButton(
        segments=[ft.Segment(value=k, label=ft.Text(v)) for k, v in MODES.items()],
        selected=[mode],
        on_change=on_mode,
    ), label="action")
    hint = ft.Text(turn_hint(mode, names[me], len(names), _viewer(table, me)))
    if mode == "fight":
        tgt = f"{names[target[0]]}'s {cards[target[0]][target[1]]}" if target else None
        join_text = ", ".join(f"{names[p]}'s {cards[p][place]}" for p, place in joining)
        entry = [
            hint,
            ft.Text(f"Attacking with: {mine_card or '—'}   Against: {tgt or '—'}"
                    + (f"   Joining: {join_text}" if join_text else ""), weight=ft.FontWeight.BOLD),
            button("Start the fight", on_start if mine is not None and target is not None else None,
                   "start-fight", icon=ft.Icons.SPORTS_MMA),
        ]
    elif mode == "retire":
        entry = [
            hint,
            ft.Text(f"Retiring: {mine_card or '—'}", weight=ft.FontWeight.BOLD),
            CardSlots(deck, ["New fighter"], on_retire, known=known, submit="Retire", ident="retire",
                      game_name=table.game.name, fresh=step, key="retire-entry"),
        ]
    else:
        entry = [
            hint,
            message(refusal, "refresh-blocked", kind="warning"),
            ft.Text(f"Tapping: {mine_card or '—'}", weight=ft.FontWeight.BOLD),
            button("Refresh", on_refresh if can_refresh and mine is not None else None, "refresh",
                   icon=ft.Icons.AUTORENEW),
        ]
    return section(f"{names[me]}'s turn", [
        chooser,
        message(starts + ".", "starting-note", kind="info") if starts else None,
        message(untapped, "untapped-note", kind="info"),
        *entry,
    ], ident="turn-panel")


def _viewer(table: Table, turn: int) -> str:
    """Who reads the turn's prompt: "watching" (a watcher's phone), "other" (another player's
    own phone), "player" (the player to play's own phone, or the whole table's)."""
    if table.watching:
        return "watching"
    me = my_player(table)
    return "other" if me is not None and me != turn else "player"


def turn_hint(mode: str, name: str, players: int, viewer: str) -> str:
    """What a turn's entry asks, in the words of the phone that shows it: the player to play
    (or the whole table) is told what to tap; another player's phone taps for that player;
    a watcher's phone says what is happening."""
    if viewer == "watching":
        return {
            "fight": f"{name} chooses an untapped fighter and the fighter to attack"
                     + (", and the other players may add an untapped fighter." if players > 2 else "."),
            "retire": f"{name} may retire an untapped fighter to their hand; a card from their hand becomes "
                      "the new fighter (it comes in tapped).",
            "refresh": f"{name} may tap an untapped fighter, put three cards from their hand under the deck, "
                       "draw three and shuffle.",
        }[mode]
    yours, attacks = ("your", "you attack") if viewer == "player" else (f"{name}'s", f"{name} attacks")
    return {
        "fight": f"Tap one of {yours} untapped fighters, then the fighter {attacks}."
                 + (" Other players may add an untapped fighter: tap it too." if players > 2 else ""),
        "retire": f"Tap one of {yours} untapped fighters to retire it to {yours} hand; enter the card from "
                  f"{yours} hand that becomes the new fighter (it comes in tapped).",
        "refresh": f"Tap one of {yours} untapped fighters to tap it, put three cards from {yours} hand under the "
                   "deck, draw three and shuffle.",
    }[mode]


def _leading(session) -> str | None:
    s: PeaceAndLoveState = session.state
    return session.game.leading(s) if s.phase == "turn" else None


@ft.memo
@ft.component
def StopGame(table: Table) -> ft.Control:
    """Stop before the deck runs out: the game is scored as it stands (asked first; what is
    asked closes at the next step)."""
    asking, set_asking = use_step_state(table, False)
    if not asking:
        return ft.Row([button("Stop the game", lambda: set_asking(True), "stop", primary=False, icon=ft.Icons.FLAG)],
                      alignment=ft.MainAxisAlignment.END)
    leader = _leading(table.session)  # while asking, the panel is drawn again at each step anyway
    return stop_confirm(f"The game is scored as it stands: {leader}.",
                        lambda: table.dispatch(Stop()), lambda: set_asking(False))


# --- a fight -----------------------------------------------------------------------------------


def _fight(session) -> tuple | None:
    """The fight's current step: ("new", the player who enters a new fighter, their name) or
    ("play", the round, the players in it, their places' labels, the line naming the
    fighters, the cards each player holds); then the entry's deck, known cards and step (a
    new step empties the entry)."""
    s: PeaceAndLoveState = session.state
    fight = s.fight
    if s.phase != "fight" or fight is None:
        return None
    game = session.game
    entry = game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions)
    if fight.awaiting_replacement is not None:
        return ("new", fight.awaiting_replacement, s.name(fight.awaiting_replacement), *entry)
    name = s.name
    owners = tuple(p for p, _ in fight.remaining)
    labels = tuple(f"{name(p)}'s card on {s.players[p].fighter(place).card.symbol}" for p, place in fight.remaining)
    vs = " vs ".join(
        f"{name(p)}'s {s.players[p].fighter(place).card.symbol}"
        + (" (attacker)" if p == fight.attacker else " (defender)" if p == fight.defender else "")
        for p, place in fight.remaining)
    return ("play", fight.rounds, owners, labels, vs, tuple(p.hand for p in s.players), *entry)


PLAYED, HAND_TARGET = "played", "hand"
"""the two things a player's own phone enters in a round of a fight of two, one at a time:
the cards played on the fighters (the table's step) and that player's hand (for the odds)"""


def entry_target(private: bool, chosen: str, hand: int, held: int) -> str:
    """Which entry has the one picker on this phone: the hand only on a player's own phone in
    a fight of two, while it is chosen and not full; the played cards otherwise."""
    return HAND_TARGET if private and chosen == HAND_TARGET and hand < held else PLAYED


def choice_open(me: int | None, owners: tuple[int, ...], so_far: tuple) -> bool:
    """Whether this phone's player still has a card to choose in this round: a player of the
    fight whose played card is not entered yet (the odds are about that choice; the whole
    table's and a watcher's phones enter the cards once they are face up: no choice is open)."""
    if me not in owners:
        return False
    at = owners.index(me)
    return len(so_far) != len(owners) or so_far[at] is None


def _target_bar(text: str, switch: str, on_switch: Callable) -> ft.Control:
    """What the one picker below enters, and the other target one tap away."""
    return tagged("entry-target", ft.Row([
        ft.Text(text, weight=ft.FontWeight.BOLD),
        button(switch, on_switch, "switch-entry", primary=False, icon=ft.Icons.SWAP_HORIZ),
    ], wrap=True, spacing=8, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER), label=text)


@ft.memo
@ft.component
def FightPanel(table: Table, scale: float) -> ft.Control:
    """The fight's current step: the cards played on the fighters (Resolve shows the result
    without saving it; Apply saves it), or the defeated fighter's replacement. The same entry
    from step to step (its places start again empty), so that a step sends what changed.
    On a player's own phone in a fight of two, that player's hand is entered here too, for
    the odds: one picker at a time, its target named above it, the other one tap away."""
    data = use_table(table, _fight)
    preview, set_preview = use_step_state(table, None)  # (cards, entries, result)
    so_far, set_so_far = use_step_state(table, ())  # the cards entered so far: one or None per fighter
    problem, set_problem = use_step_state(table, None)
    hand, set_hand = use_step_state(table, ())  # this phone's player's hand: only on this phone
    chosen, set_chosen = use_step_state(table, PLAYED)  # the entry the player chose for the picker
    if data is None:
        return ft.Column([])
    game = table.game
    if data[0] == "new":
        _, p, name, deck, known, step = data
        return section(f"{name}'s new fighter", [
            ft.Text(f"{name} draws a new fighter off the top of the deck and places it face up (untapped; "
                    "it stays out of this fight). Enter it:"),
            CardSlots(deck, ["New fighter"], lambda cards: table.dispatch(NewFighter(card=cards[0])),
                      known=known, submit="Enter the new fighter", ident="new-fighter", game_name=game.name,
                      fresh=step, key="fight-entry"),
        ], ident="fight-panel")
    _, rounds, owners, labels, vs, hands, deck, known, step = data

    def resolve(cards) -> None:
        s = table.state
        try:
            entries, result = game.preview_round(s, dict(zip(owners, cards)))
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
    private = me in owners and len(owners) == 2 and hands[me] > 0
    held = hands[me] if private else 0
    target = entry_target(private, chosen, len(hand[:held]), held)
    open_ = choice_open(me, owners, so_far)
    name = table.state.name(me) if private else ""
    bar = _target_bar(*(("Entering: the played cards", f"Enter {name}'s hand") if target == PLAYED
                        else (f"Entering: {name}'s hand", "Enter the played cards")),
                      lambda: set_chosen(HAND_TARGET if target == PLAYED else PLAYED)) if private else None
    parts: list[ft.Control | None] = [
        message(problem, "fight-problem"),
        ft.Text(vs, weight=ft.FontWeight.BOLD),
        ft.Text("Each player puts a card from their hand face down on their fighter; reveal them and enter them."),
        bar if target == HAND_TARGET else None,
        PrivateHand(table, me, scale, hand[:held], set_hand, target == HAND_TARGET, open_, key=f"hand-{me}")
        if private else None,
        bar if target == PLAYED else None,
        CardSlots(deck, list(labels), resolve, known=known, submit="Resolve", ident="play", game_name=game.name,
                  on_change=entered, fresh=step, picker=target == PLAYED, submit_primary=not preview,
                  key="fight-entry"),
        OddsPanel(peace_and_love_round(game, table.state, dict(zip(owners, so_far)), chooser=me),
                  ident="fight-odds", key="fight-odds") if open_ and len(so_far) == len(owners) else None,
    ]
    if preview:
        cards, entries, result = preview
        names = table.state.names
        parts += [
            explanation(result.explanation, ident="preview",
                        title="Results: " + ", ".join(
                            f"{names[e.player]}'s {e.fighter.symbol} {r}" for e, r in zip(entries, result.results))),
            button("Apply", lambda: table.dispatch(PlayCards(cards=cards)), "apply", icon=ft.Icons.CHECK),
        ]
    return section(f"Fight · round {rounds + 1}", parts, ident="fight-panel")


def _hand(session, player: int) -> PeaceAndLoveState | None:
    """The state a player's own hand is tried against (the fight's fighters and known cards)."""
    s: PeaceAndLoveState = session.state
    return s if s.phase == "fight" and player < len(s.players) else None


@ft.component
def PrivateHand(table: Table, player: int, scale: float, hand: tuple, set_hand: Callable, picking: bool,
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
    if picking and len(hand) < held:
        rows.append(CardPicker(game.deck(s.setup), lambda c: set_hand(lambda h: (*h[:held], c)), ident="hand-picker",
                               game_name=game.name, key="hand-picker"))
    if open_:
        rows.append(OddsPanel(peace_and_love_hand(game, s, player, list(hand)), ident="hand-odds", key="hand-odds"))
    return section(f"{s.name(player)}'s hand", rows, ident="private-hand")


def deal_summary(game, players: list[str], settings: dict) -> ft.Control:
    """On the new-game screen: how many decks this table shuffles together, and the deal."""
    n = len(players)
    decks, cards, left = game.deal_counts(n)
    return tagged("decks", ft.Text(
        f"{n} players: shuffle {plural(decks, 'deck')} together ({cards} cards). "
        f"Each player gets {HAND} cards in hand and {FIGHTERS} face-up fighters; {left} cards stay in the deck.",
        italic=True,
    ), label=f"{decks} decks")
