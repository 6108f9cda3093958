"""Peace and Love's table: every player's fighters (tapped ones sideways), victory piles,
the deck count, whose turn it is, and the entry for each step of the game."""

from __future__ import annotations

import random

import flet as ft

from card_companion.calculators.cards import count
from card_companion.calculators.peace_and_love import pile_total
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
from card_companion.views.common import (
    button,
    card_face,
    explanation,
    message,
    my_player,
    number_tile,
    player_panel,
    seated,
    section,
    stop_confirm,
    tagged,
    tile_row,
    use_text_scale,
)
from card_companion.views.odds import OddsPanel

MODES = {"fight": "Fight", "retire": "Retire", "refresh": "Refresh"}


@ft.component
def PeaceAndLoveTable(table) -> ft.Control:
    s: PeaceAndLoveState = table.state
    game = table.game

    use_text_scale()  # the fighters' card faces follow the text-size setting
    mode, set_mode = ft.use_state("fight")
    mine, set_mine = ft.use_state(None)  # place of the current player's chosen fighter
    target, set_target = ft.use_state(None)  # (player, place) being attacked
    joining, set_joining = ft.use_state(dict)  # player -> place
    problem, set_problem = ft.use_state(None)
    attackers = game.attackers(s)
    defenders = game.defenders(s)
    joiners = game.joiners(s, target[0] if target else None)

    def tap_fighter(p: int, place: int) -> None:
        if s.phase != "turn":
            return
        refusal = game.tap_refusal(s, p, place, mode)
        set_problem(_sentence(refusal))
        if refusal:
            return
        if p == s.turn:
            if place in attackers:
                set_mine(None if mine == place else place)
            return
        if mode != "fight" or place not in defenders.get(p, []):
            return
        if target is None or target[0] == p:
            set_target(None if target == (p, place) else (p, place))
            set_joining({q: v for q, v in joining.items() if q != p})
        elif place in joiners.get(p, []):
            new = dict(joining)
            if new.get(p) == place:
                del new[p]
            else:
                new[p] = place
            set_joining(new)

    chosen = {(s.turn, mine), target, *joining.items()}
    panels = _player_panels(s, chosen, tap_fighter)

    parts = [
        score_strip(s, game),
        *_step_panel(table, s, mode, set_mode, mine, target, joining, set_problem),
        # after the step's panel, so that a message coming and going never moves the panel (whose
        # card slots would start again empty)
        message(problem, "pal-problem"),
        last_round_panel(s),
        *panels,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(panels))), spacing=10)


def _player_panels(s: PeaceAndLoveState, chosen: set, tap_fighter) -> list[ft.Control]:
    """Every player's fighters (tapped ones sideways; the chosen ones and the ones in the fight
    marked), victory pile and hand."""
    fight = s.fight
    in_fight = {(p, place) for p, place in fight.remaining} if fight and s.phase == "fight" else set()
    panels = []
    for i, player in enumerate(s.players):
        faces = []
        for place, f in enumerate(player.fighters):
            marked = (i, place) in chosen or (i, place) in in_fight
            if f is None:
                faces.append(card_face(None, ident=f"fighter-{i}-{place}",
                                       label=f"{s.name(i)}'s fighter {place + 1}: " +
                                       ("not dealt yet" if not player.dealt else "waiting for a new fighter"),
                                       face_down=not player.dealt))
                continue
            faces.append(card_face(
                f.card, ident=f"fighter-{i}-{place}", tapped=f.tapped, selected=marked,
                label=f"{s.name(i)}'s fighter {f.card.symbol}" + (", tapped" if f.tapped else "")
                + (", chosen" if marked else ""),
                on_click=lambda e, i=i, place=place: tap_fighter(i, place),
            ))
        total = pile_total(player.pile)
        badge = None
        if s.phase == "first-player" and i in s.tied_first:
            badge = "tied for first"
        elif i in s.untapped:
            badge = "untapped"
        panels.append(player_panel(
            s.name(i),
            ident=f"player-{i}",
            active=s.phase in ("turn", "fight") and s.turn == i,
            badge=badge,
            cards=faces,
            stats=[("Victory pile", f"{count(total, 'point')} · {count(len(player.pile))}"),
                   ("Hand", count(player.hand))],
        ))
    return panels


def score_strip(s: PeaceAndLoveState, game) -> ft.Control:
    """The score at the top, readable from across the table: each player's victory points and
    cards (whose turn it is marked), the deck; then the packs and the turns played. Once the
    game is over it shows the final score, the one the result names: with Anti Math Geek the
    fighters still in play are counted in (``game.scores``)."""
    playing = s.phase in ("turn", "fight")
    over = s.phase == "over"
    fighters_in = over and s.setup.settings.anti_math_geek
    scores = game.scores(s) if over else [(pile_total(p.pile), len(p.pile)) for p in s.players]
    tiles = [number_tile(f"score-{i}", str(points), f"points · {count(cards)}",
                         title=s.name(i), active=playing and s.turn == i,
                         label=f"{s.name(i)}: {count(points, 'point')}, victory pile "
                               f"{count(cards)}" + (" with the fighters" if fighters_in else "")
                               + (", to play" if playing and s.turn == i else ""))
             for i, (points, cards) in enumerate(scores)]
    tiles.append(number_tile("deck-count", str(s.deck), "in the deck", title="Deck", label=f"Deck: {count(s.deck)}"))
    line = f"{plural(s.decks, 'deck')} shuffled together · {plural(s.turns, 'turn')} played"
    if fighters_in:
        line += " · the fighters still in play are counted in (Anti Math Geek)"
    return tagged("status", ft.Column([
        tile_row(tiles, per_row=3 if len(tiles) in (3, 5, 6) else 4),
        ft.Text(line, theme_style=ft.TextThemeStyle.BODY_SMALL),
    ], spacing=4, tight=True), label=f"Deck: {count(s.deck)}")


def last_round_panel(s: PeaceAndLoveState) -> ft.Control | None:
    last = s.last_round
    if last is None:
        return None
    return explanation(last.result.explanation, ident="round-result",
                       title=f"Round {last.number}: " + ", ".join(
                           f"{s.name(e.player)} {e.card.symbol} on {e.fighter.symbol}" for e in last.entries))


def _step_panel(table, s, mode, set_mode, mine, target, joining, set_problem) -> list[ft.Control | None]:
    """What the players enter now."""
    if s.phase == "over":
        return []
    if s.phase == "deal":
        return [_deal_panel(table, s)]
    if s.phase == "first-player":
        return [_first_player_panel(table, s)]
    if s.phase == "fight":
        return [FightPanel(table, key=f"fight-{len(table.session.actions)}")]
    return _turn_panel(table, s, mode, set_mode, mine, target, joining, set_problem)


def _deal_panel(table, s: PeaceAndLoveState) -> ft.Control:
    """The deal: each player's three fighters, entered one player after the other."""
    game, name = table.game, s.name
    p = game.next_to_deal(s)
    done = [f"{name(i)}: {t}" for i, t in enumerate(game.starting_totals(s)) if t is not None]
    return section(
        f"Deal: {name(p)}'s three fighters",
        [
            ft.Text("Deal five cards to each hand and three face up in front of each player, then enter "
                    "each player's three fighters. The lowest total goes first."),
            ft.Text("Totals so far: " + ", ".join(done)) if done else None,
            CardSlots(game.deck(s.setup), [f"Fighter {i + 1}" for i in range(FIGHTERS)],
                      lambda cards: table.dispatch(Deal(player=p, fighters=tuple(cards))),
                      known=game.known_cards(s), submit=f"Enter {name(p)}'s fighters", ident="deal",
                      game_name=game.name, key=f"deal-{len(table.session.actions)}"),
        ],
        ident="deal-panel",
    )


def _first_player_panel(table, s: PeaceAndLoveState) -> ft.Control:
    """A tie for the lowest total: the app picks who goes first."""
    game = table.game
    tied = " and ".join(s.name(p) for p in s.tied_first)
    total = game.starting_totals(s)[s.tied_first[0]]
    return section(
        "Who goes first?",
        [
            ft.Text(f"{tied} tie with the lowest total ({total}). The app picks one of them at random."),
            button("Pick at random", lambda: table.dispatch(game.pick_first_player(s, random.Random())),
                   "pick-first", icon=ft.Icons.CASINO),
        ],
        ident="first-player-panel",
    )


def _turn_panel(table, s: PeaceAndLoveState, mode, set_mode, mine, target, joining,
                set_problem) -> list[ft.Control | None]:
    """A turn: fight, retire or refresh, and the notes on the turn's start."""
    game, name, me = table.game, s.name, s.turn

    def dispatch(action) -> bool:
        """One message at a time: the step's own refusal goes when a step is sent."""
        set_problem(None)
        return table.dispatch(action)

    def choose_mode(e) -> None:
        set_problem(None)  # a refusal is about the input it refused: a new mode clears it
        set_mode(next(iter(e.control.selected)))

    chooser = tagged("mode", ft.SegmentedButton(
        segments=[ft.Segment(value=k, label=ft.Text(v)) for k, v in MODES.items()],
        selected=[mode],
        on_change=choose_mode,
    ), label="action")
    starts = game.starting_line(s)
    untapped = ("All three fighters of " + " and ".join(name(p) for p in s.untapped)
                + " were tapped at the end of the turn: they are untapped now.")
    mine_card = s.players[me].fighters[mine].card.symbol if mine is not None else None
    if mode == "fight":
        entry = _fight_entry(s, mine, mine_card, target, joining, dispatch)
    elif mode == "retire":
        entry = _retire_entry(table, s, mine, mine_card, dispatch, set_problem)
    else:
        entry = _refresh_entry(table, s, mine, mine_card, dispatch)
    parts: list[ft.Control | None] = [
        chooser,
        message(starts + ".", "starting-note", kind="info") if starts else None,
        message(untapped, "untapped-note", kind="info") if s.untapped else None,
        *entry,
    ]
    return [section(f"{name(me)}'s turn", parts, ident="turn-panel"),
            StopGame(table, key=f"stop-{len(table.session.actions)}")]


def _fight_entry(s: PeaceAndLoveState, mine, mine_card, target, joining, dispatch) -> list[ft.Control | None]:
    """A fight: the fighters tapped (attacker, defender, the other players' joining ones)."""
    name = s.name
    tgt = f"{name(target[0])}'s {s.players[target[0]].fighters[target[1]].card.symbol}" if target else None
    join_text = ", ".join(f"{name(p)}'s {s.players[p].fighters[pl].card.symbol}" for p, pl in joining.items())
    hint = "Tap one of your untapped fighters, then the fighter you attack."
    if len(s.players) > 2:
        hint += " Other players may add an untapped fighter: tap it too."
    return [
        ft.Text(hint),
        ft.Text(f"Attacking with: {mine_card or '—'}   Against: {tgt or '—'}"
                + (f"   Joining: {join_text}" if join_text else ""), weight=ft.FontWeight.BOLD),
        button("Start the fight",
               (lambda: dispatch(StartFight(fighter=mine, defender=target[0], defender_fighter=target[1],
                                            joining=joining)))
               if mine is not None and target is not None else None,
               "start-fight", icon=ft.Icons.SPORTS_MMA),
    ]


def _retire_entry(table, s: PeaceAndLoveState, mine, mine_card, dispatch,
                  set_problem) -> list[ft.Control | None]:
    """A retirement: the fighter tapped, the card from the hand that replaces it."""
    game = table.game
    return [
        ft.Text("Tap one of your untapped fighters to retire it to your hand; enter the card from your hand "
                "that becomes the new fighter (it comes in tapped)."),
        ft.Text(f"Retiring: {mine_card or '—'}", weight=ft.FontWeight.BOLD),
        CardSlots(game.deck(s.setup), ["New fighter"],
                  lambda cards: dispatch(Retire(fighter=mine, new_fighter=cards[0])) if mine is not None
                  else set_problem("First tap the fighter to retire."),
                  known=game.known_cards(s), submit="Retire", ident="retire", game_name=game.name,
                  key=f"retire-{len(table.session.actions)}"),
    ]


def _refresh_entry(table, s: PeaceAndLoveState, mine, mine_card, dispatch) -> list[ft.Control | None]:
    """A refresh: the fighter tapped for it (refused while the deck is too short, says the tracker)."""
    game = table.game
    can = game.can_refresh(s)
    return [
        ft.Text("Tap one of your untapped fighters to tap it, put three cards from your hand under the deck, "
                "draw three and shuffle."),
        message(_sentence(game.refresh_refusal(s)), "refresh-blocked", kind="warning"),
        ft.Text(f"Tapping: {mine_card or '—'}", weight=ft.FontWeight.BOLD),
        button("Refresh", (lambda: dispatch(Refresh(fighter=mine))) if can and mine is not None else None,
               "refresh", icon=ft.Icons.AUTORENEW),
    ]


def _sentence(text: str | None) -> str | None:
    """The tracker's reason as a sentence on screen."""
    return f"{text[:1].upper()}{text[1:]}." if text else None


@ft.component
def StopGame(table) -> ft.Control:
    """Stop before the deck runs out: the game is scored as it stands (asked first)."""
    use_text_scale()  # sizes below follow the text-size setting
    asking, set_asking = ft.use_state(False)
    s = table.state
    if not asking:
        return ft.Row([button("Stop the game", lambda: set_asking(True), "stop", primary=False, icon=ft.Icons.FLAG)],
                      alignment=ft.MainAxisAlignment.END)
    leader = table.game.leading(s)
    return stop_confirm(f"The game is scored as it stands: {leader}.",
                        lambda: table.dispatch(Stop()), lambda: set_asking(False))


@ft.component
def FightPanel(table) -> ft.Control:
    """The fight's current step: the cards played on the fighters (Resolve shows the result
    without saving it; Apply saves it), or the defeated fighter's replacement. Its own state,
    so a Resolve re-renders only this panel."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    deck = table.game.deck(s.setup)
    known = table.game.known_cards(s)
    step = len(table.session.actions)
    preview, set_preview = ft.use_state(None)  # (cards, entries, result)
    slots, set_slots = ft.use_state(None)  # (step, the cards entered so far: one or None per fighter)
    problem, set_problem = ft.use_state(None)
    game = table.game
    fight = s.fight
    name = s.name
    if fight.awaiting_replacement is not None:
        return _new_fighter_panel(table, fight.awaiting_replacement)

    owners = [p for p, _ in fight.remaining]
    labels = [f"{name(p)}'s card on {s.players[p].fighters[place].card.symbol}" for p, place in fight.remaining]
    vs = " vs ".join(
        f"{name(p)}'s {s.players[p].fighters[place].card.symbol}"
        + (" (attacker)" if p == fight.attacker else " (defender)" if p == fight.defender else "")
        for p, place in fight.remaining)

    def resolve(cards) -> None:
        try:
            entries, result = game.preview_round(s, dict(zip(owners, cards)))
        except IllegalAction as exc:
            set_problem(str(exc))
            return
        set_problem(None)
        set_preview((dict(zip(owners, cards)), entries, result))

    def entered(values) -> None:
        set_slots((step, list(values)))
        if preview is not None:
            set_preview(None)  # a changed card needs a new Resolve

    so_far = slots[1] if slots is not None and slots[0] == step else []
    me = my_player(table)

    parts: list[ft.Control | None] = [
        message(problem, "fight-problem"),
        ft.Text(vs, weight=ft.FontWeight.BOLD),
        ft.Text("Each player puts a card from their hand face down on their fighter; reveal them and enter them."),
        PrivateHand(table, me, key=f"hand-{me}") if me in owners and len(owners) == 2 else None,
        CardSlots(deck, labels, resolve, known=known, submit="Resolve", ident="play", game_name=game.name,
                  on_change=entered, key=f"play-{step}"),
        OddsPanel(peace_and_love_round(game, s, dict(zip(owners, so_far))), ident="fight-odds", key="fight-odds")
        if len(so_far) == len(owners) else None,
    ]
    if preview:
        cards, entries, result = preview
        parts += [
            explanation(result.explanation, ident="preview",
                        title="Results: " + ", ".join(
                            f"{name(e.player)}'s {e.fighter.symbol} {r}" for e, r in zip(entries, result.results))),
            button("Apply", lambda: table.dispatch(PlayCards(cards=cards)), "apply", icon=ft.Icons.CHECK),
        ]
    return section(f"Fight · round {fight.rounds + 1}", parts, ident="fight-panel")


def _new_fighter_panel(table, p: int) -> ft.Control:
    """A defeated fighter's replacement, drawn off the top of the deck by its player ``p``."""
    s, game = table.state, table.game
    name = s.name
    return section(
        f"{name(p)}'s new fighter",
        [
            ft.Text(f"{name(p)} draws a new fighter off the top of the deck and places it face up (untapped; "
                    "it stays out of this fight). Enter it:"),
            CardSlots(game.deck(s.setup), ["New fighter"], lambda cards: table.dispatch(NewFighter(card=cards[0])),
                      known=game.known_cards(s), submit="Enter the new fighter", ident="new-fighter",
                      game_name=game.name, key=f"new-fighter-{len(table.session.actions)}"),
        ],
        ident="fight-panel",
    )


@ft.component
def PrivateHand(table, player: int) -> ft.Control:
    """On a player's own phone: the hand that player enters here, for the advisor's ranked
    list of which card to play. It stays in this phone's screen: never saved, never sent to
    the table."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    game = table.game
    hand, set_hand = ft.use_state(list)
    held = s.players[player].hand
    hand = hand[:held]
    rows: list[ft.Control | None] = [
        ft.Text(f"Only on this phone: enter {s.name(player)}'s hand to see which card does best. It is not saved "
                "and no other phone sees it.", size=13, italic=True),
    ]
    if hand:
        rows.append(ft.Row([card_face(c, ident=f"hand-card-{i}", width=44, caption="tap to take back",
                                      label=f"{c.symbol} in the hand; tap to take it back",
                                      on_click=lambda e, i=i: set_hand(hand[:i] + hand[i + 1:]))
                            for i, c in enumerate(hand)], wrap=True, spacing=6))
    if len(hand) < held:
        rows.append(CardPicker(game.deck(s.setup), lambda c: set_hand([*hand, c]), ident="hand-picker",
                               game_name=game.name, key="hand-picker"))
    rows.append(OddsPanel(peace_and_love_hand(game, s, player, hand), ident="hand-odds", key="hand-odds"))
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
