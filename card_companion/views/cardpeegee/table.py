"""CardPeeGee's table: one panel for what the players enter now (organised by the tracker's
``stage``), the working of the last step right under it, then every Hero's panel (HP with its
chart, element, Character and active cards, hand size, alive or dead), then what players may
do at any time (gifts and bribes, claiming a win).

Every number comes from the tracker (companion/cardpeegee.py); the forms only collect the
cards the players reveal. A form shows the tracker's refusal next to it before anything is
saved, and cards being played are previewed with the tracker's working before they count.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import flet as ft
from pydantic import ValidationError

from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural, symbols
from card_companion.companion.advisor import Advice, cardpeegee_disarm, cardpeegee_fight, cardpeegee_trap, what_if
from card_companion.companion.cardpeegee import (
    Abandon,
    Activate,
    AttackPlayer,
    CardPeeGeeState,
    ClaimWin,
    CombatRound,
    CraftyEvasion,
    Disarm,
    DivideLoot,
    DrawEncounter,
    EndHeroTurn,
    Evade,
    Flee,
    GiveCards,
    GoToTown,
    Heal,
    HealAndDefend,
    JoinFight,
    NewHero,
    PayFee,
    PayTax,
    PlayIntoEncounter,
    Revolution,
    Shop,
    TakeDamage,
)
from card_companion.companion.game import IllegalAction, plain_validation_error
from card_companion.views.card_picker import CardPicker, CardSlots, overuse_warning
from card_companion.views.common import (
    button,
    card_face,
    explanation,
    message,
    player_panel,
    seated,
    section,
    sized,
    tagged,
    use_text_scale,
)
from card_companion.views.odds import OddsPanel

GAME_NAME = "CardPeeGee"
SMALL = 13

STAGE_WORDS = {
    "heroes": "setting up the Heroes", "opening": "the opening round", "turn": "drawing an encounter",
    "battle": "a fight", "divide-loot": "dividing the loot", "disarm": "a treasure chest",
    "fee": "a Healer's fee", "evade": "a Trap", "crafty": "a Trap", "after-trap": "after a Trap",
    "town": "in town", "over": "game over",
}


# --- small helpers -----------------------------------------------------------------------------


def _number(text: str | None) -> int | None:
    try:
        n = int(str(text).strip())
    except (TypeError, ValueError):
        return None
    return n if n >= 0 else None


def _click(fn: Callable, *args) -> Callable:
    """A click handler that ignores the event (Flet passes one to handlers with parameters)."""
    return functools.partial(fn, *args)


def attempt(table, make: Callable[[], object], set_problem: Callable[[str | None], None]) -> bool:
    """Build an action and send it: a refusal (the tracker's, through the table) is shown next
    to the form, once, and nothing is saved; an accepted action is committed and the screen
    redraws."""
    try:
        action = make()
    except IllegalAction as exc:
        set_problem(str(exc))
        return False
    except (ValidationError, ValueError) as exc:
        set_problem(plain_validation_error(exc))
        return False
    refused = table.refusal(action)
    set_problem(refused or None)
    return refused is None


def choice_buttons(options: Sequence[tuple[object, str]], chosen, on_choose: Callable, ident: str) -> list[ft.Control]:
    """Big buttons, the chosen one filled; ids ``{ident}-{value}``."""
    return [button(label, _click(on_choose, value), f"{ident}-{value}", primary=value == chosen)
            for value, label in options]


def choice_row(options: Sequence[tuple[object, str]], chosen, on_choose: Callable, ident: str) -> ft.Control:
    """A wrapping row of choice buttons."""
    return ft.Row(choice_buttons(options, chosen, on_choose, ident), wrap=True, spacing=6, run_spacing=6)


def _present(*controls: ft.Control | None) -> list[ft.Control]:
    """The controls that are there (a controls list must not hold None)."""
    return [c for c in controls if c is not None]


def note(text: str, size: int = 14, **kw) -> ft.Text:
    return ft.Text(text, size=size, **kw)


def lines_text(lines: Sequence[str], size: int = SMALL) -> list[ft.Control]:
    return [ft.Text(line, size=size, italic=True) for line in lines]


def number_field(ident: str, label: str, value: str, on_change: Callable[[str], None]) -> ft.Control:
    return tagged(ident, ft.TextField(
        label=label, value=value, keyboard_type=ft.KeyboardType.NUMBER, dense=True, width=170,
        on_change=lambda e: on_change(e.control.value),
    ), label=label)


def element_text(s: CardPeeGeeState, game, q: int) -> str:
    x = game.element(s, q)
    if x is None:
        return "off" if not s.settings.elements else "—"
    return f"{x.symbol} {x.word}"


# --- the table ----------------------------------------------------------------------------------


@ft.component
def CardPeeGeeTable(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s: CardPeeGeeState = table.state
    game = table.game
    stage = game.stage(s)
    parts: list[ft.Control | None] = [
        status_bar(s, game, stage),
        RevolutionPanel(table, key="revolution") if game.revolution_offer(s) else None,
        now_panel(table, stage),
        explanation(s.working, ident="working", title=s.news or "Last step") if s.working else None,
        *(heroes := hero_panels(s, game)),
        AnyTimePanel(table, key="any-time") if stage not in ("heroes", "over") else None,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(heroes))), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def status_bar(s: CardPeeGeeState, game, stage: str) -> ft.Control:
    hero = game.hero(s)
    bits = [f"Deck: {s.deck} cards", plural(s.packs, "pack")]
    if stage != "heroes":
        bits.append(f"round {s.laps + 1}")
    words = STAGE_WORDS.get(stage, stage)
    who = f"{s.name(hero)} is the Hero · {words}" if hero is not None else words[:1].upper() + words[1:]
    last = f"Last step: {s.news}" if s.news else None
    return tagged("status", ft.Column(_present(
        ft.Text(who, size=16, weight=ft.FontWeight.BOLD),
        ft.Text(" · ".join(bits), size=14),
        ft.Text(last, size=14, italic=True) if last else None,
    ), spacing=2, tight=True), label=f"{who}. {', '.join(bits)}." + (f" {last}" if last else ""))


def now_panel(table, stage: str) -> ft.Control | None:
    """What the players enter now: one component per stage of the tracker."""
    panels = {
        "heroes": HeroEntry, "opening": TownPanel, "town": TownPanel, "turn": DrawPanel,
        "after-trap": DrawPanel, "battle": BattlePanel, "divide-loot": LootPanel, "disarm": ChestPanel,
        "fee": FeePanel, "evade": TrapPanel, "crafty": TrapPanel,
    }
    component = panels.get(stage)
    return component(table, key=f"now-{stage}") if component else None


# --- the Heroes' panels --------------------------------------------------------------------------


def hp_chart(points: Sequence[tuple[int, int]], ident: str, alive: bool) -> ft.Control | None:
    """HP over the game: one bar per change (the last 40), as tall as the HP."""
    if not points:
        return None
    hps = [hp for _, hp in points][-40:]
    top = max(max(hps), 1)
    height = 44
    width = max(4, min(16, 300 // len(hps) - 2))
    bars = [
        ft.Container(width=width, height=max(2, round(height * max(hp, 0) / top)), border_radius=2,
                     bgcolor=ft.Colors.PRIMARY if hp > 0 else ft.Colors.ERROR)
        for hp in hps
    ]
    trail = " → ".join(str(h) for h in hps[-8:])
    if len(hps) > 8:
        trail = "… → " + trail
    chart = ft.Column([
        ft.Container(ft.Row(bars, spacing=2, vertical_alignment=ft.CrossAxisAlignment.END), height=height,
                     alignment=ft.Alignment.BOTTOM_LEFT),
        ft.Text(f"HP over the game: {trail}" + ("" if alive else " (dead)"), size=12),
    ], spacing=2, tight=True)
    return tagged(ident, chart, label=f"HP over the game: {', '.join(str(h) for h in hps)}")


def hero_panels(s: CardPeeGeeState, game) -> list[ft.Control]:
    panels = []
    battle = s.encounter.battle_or_none if s.encounter is not None else None
    for q, h in enumerate(s.heroes):
        name = s.name(q)
        if not h.ready:
            panels.append(player_panel(name, ident=f"hero-{q}", badge="not entered yet",
                                       stats=[("HP", "—")]))
            continue
        cards = [card_face(h.character, ident=f"character-{q}", caption="Character", width=48,
                           label=f"{name}'s Character {h.character.symbol}", dimmed=not h.alive)]
        cards += [card_face(c, ident=f"active-{q}-{i}", caption="active", width=48,
                            label=f"{name}'s active {c.symbol}") for i, c in enumerate(h.active)]
        badge = None
        if not h.alive:
            badge = "dead"
        elif battle is not None:
            i = battle.of_player(q)
            if i is not None and battle.fighters[i].live:
                badge = "in the fight"
        stats = [("HP", str(h.hp)), ("Element", element_text(s, game, q)), ("Hand", plural(h.hand, "card")),
                 ("Status", "alive" if h.alive else "dead")]
        footer = [hp_chart(game.hp_history(s, q), f"hp-chart-{q}", h.alive)]
        if not h.alive and h.died:
            footer.append(ft.Text(f"Out of the game: {h.died}", size=SMALL, italic=True))
        panels.append(player_panel(name, ident=f"hero-{q}", active=game.hero(s) == q and h.alive, badge=badge,
                                   stats=stats, cards=cards, footer=footer, dimmed=not h.alive))
    return panels


# --- setting up the Heroes ---------------------------------------------------------------------


@ft.component
def HeroEntry(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    settings = s.settings
    todo = game.heroes_to_enter(s)
    who, set_who = ft.use_state(todo[0])
    problem, set_problem = ft.use_state(None)
    if who not in todo:
        who = todo[0]
    name = s.name(who)
    n = settings.hp_cards
    if settings.everyman:
        how = (f"Everyman: draw {name}'s Character at random from the whole deck"
               + (f" (cards worth less than {settings.everyman_lowest} go back; Aces are 11)"
                  if settings.everyman_lowest > 2 else "") + ". Its value is the Hero's base Attack.")
    else:
        how = f"Look through the deck for Kings and Queens: the next one found is {name}'s Character."
    labels = ["Character"] + [f"HP card {i + 1}" for i in range(n)]
    parts: list[ft.Control | None] = [
        choice_row([(q, s.name(q)) for q in todo], who, set_who, "enter-hero") if len(todo) > 1 else None,
        note(how),
        note(f"Then draw {plural(n, 'card')}: starting HP = {settings.hp_base} + their total "
             f"(they go back to the deck). {name} then draws a hand of {plural(settings.hand_size, 'card')}."),
        CardSlots(game.deck(s.setup), labels,
                  lambda cs: attempt(table, lambda: NewHero(player=who, character=cs[0], hp_cards=tuple(cs[1:])),
                                     set_problem),
                  known=game.known_cards(s), submit=f"Enter {name}'s Hero", ident="hero",
                  game_name=GAME_NAME, key=f"hero-{who}"),
        message(problem, "hero-problem"),
    ]
    return section(f"{name}'s Hero", parts, ident="heroes-panel")


# --- the start of a turn: the encounter, or PvP ---------------------------------------------------


@ft.component
def DrawPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    p = s.turn
    name = s.name(p)
    second = s.phase == "after-trap"
    pending, set_pending = ft.use_state(None)  # (agitator, props) waiting for the Elemental beast's card
    agitator, set_agitator = ft.use_state(None)  # the agitator entered so far (to say what it starts)
    problem, set_problem = ft.use_state(None)
    needed, why = game.props_needed(s)
    deck_then = game.deck_after_revolution(s, 1 + needed)  # the Glorious Revolution comes first (setting on)
    count = max(0, min(needed, deck_then - 1))
    deck = game.deck(s.setup)
    known = game.known_cards(s)

    def drawn(cs: list[Card]) -> None:
        agitator, props = cs[0], tuple(cs[1:])
        if game.needs_beast(s, agitator):
            set_problem(None)
            set_pending((agitator, props))
            return
        attempt(table, lambda: DrawEncounter(agitator=agitator, props=props), set_problem)

    def beast(cs: list[Card]) -> None:
        agitator, props = pending
        attempt(table, lambda: DrawEncounter(agitator=agitator, props=props, beast=cs[0]), set_problem)

    parts: list[ft.Control | None] = []
    if second:
        parts += [
            note(f"{name} survived the Trap: pick yourself up and draw a second encounter, or limp back to town."),
            button("Limp back to town", lambda: attempt(table, GoToTown, set_problem), "town",
                   icon=ft.Icons.HOME, primary=False),
        ]
    if pending is None:
        parts += [
            note(f"Draw the agitator, then {plural(count, 'prop')}. The agitator's suit decides: ♣ a Monster, "
                 f"♦ a treasure chest, ♥ a Healer, ♠ a Trap"
                 + (" (a Jack, Queen or King: a Boss Battle)." if s.settings.boss_battles else ".")),
            note(f"Props: {why}" + (f"; the deck holds only {deck_then} cards" if count < needed else ""),
                 size=SMALL, italic=True) if count < needed or "Level Up" in why else None,
            CardSlots(deck, ["Agitator"] + [f"Prop {i + 1}" for i in range(count)], drawn, known=known,
                      submit="Enter the encounter", ident="draw", game_name=GAME_NAME, key=f"draw-{count}",
                      on_change=lambda values: set_agitator(values[0]),
                      extra=tagged("draw-kind", note(f"{agitator.symbol}: {game.encounter_name(s, agitator)}"
                                                     + (" (and one more card for the beast's element)"
                                                        if game.needs_beast(s, agitator) else ""),
                                                     weight=ft.FontWeight.BOLD)) if agitator else None),
        ]
    else:
        agitator, props = pending
        parts += [
            note(f"{agitator.symbol} {symbols(props)}: a Monster. Elemental beasts: draw one more card; its suit "
                 "is the Monster's element."),
            CardSlots(deck, ["Beast card"], beast, known=[*known, agitator, *props], submit="Enter the beast card",
                      ident="beast", game_name=GAME_NAME, key="beast"),
            button("Back", lambda: set_pending(None), "beast-back", primary=False),
        ]
    targets = game.pvp_targets(s)
    if targets:
        parts += [
            ft.Divider(),
            note("PvP: instead of an encounter, attack another player."),
            ft.Row([button(f"Attack {s.name(q)}", _click(attempt, table, functools.partial(AttackPlayer, defender=q),
                                                          set_problem),
                           f"attack-{q}", primary=False, icon=ft.Icons.SPORTS_MMA) for q in targets],
                   wrap=True, spacing=6, run_spacing=6),
        ]
    parts.append(message(problem, "draw-problem"))
    title = f"{name}'s second encounter" if second else f"{name}'s turn: draw the encounter"
    return section(title, parts, ident="draw-panel")


# --- played cards -----------------------------------------------------------------------------------


@ft.component
def PlayForm(
    table,
    player: int,
    ident: str,
    submit: str,
    build: Callable[[tuple[Card, ...], tuple[Card, ...], dict[Card, object]], object],
    hint: str = "",
    max_cards: int | None = None,
    use_active: bool = True,
    convertible: bool = True,
    odds: Callable[[CardPeeGeeState], Advice | None] | None = None,
) -> ft.Control:
    """Cards a player plays (or activates, or shows): from the hand through the card picker,
    off the active display by tapping, each declared as another suit where an active Jack
    allows it. The tracker's working is previewed before anything counts, and with ``odds``
    the advisor's odds as they would be with these cards played."""
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    deck = game.deck(s.setup)
    hero = s.heroes[player]
    name = s.name(player)
    picked, set_picked = ft.use_state(list)
    off, set_off = ft.use_state(list)  # positions of active cards played off the display
    conv, set_conv = ft.use_state(dict)  # card → suit an active Jack turns it into
    problem, set_problem = ft.use_state(None)
    off = [i for i in off if i < len(hero.active)]
    from_active = [hero.active[i] for i in off]
    count = len(picked) + len(from_active)
    full = max_cards is not None and count >= max_cards

    def add(c: Card) -> None:
        set_problem(None)
        set_picked([*picked, c])

    def remove(i: int) -> None:
        set_problem(None)
        set_picked(picked[:i] + picked[i + 1:])

    def toggle(i: int) -> None:
        set_problem(None)
        set_off([x for x in off if x != i] if i in off else [*off, i])

    def declare(c: Card, suit) -> None:
        new = dict(conv)
        if suit is None:
            new.pop(c, None)
        else:
            new[c] = suit
        set_conv(new)

    def make():
        everything = [*picked, *from_active]
        return build(tuple(picked), tuple(from_active), {c: x for c, x in conv.items() if c in everything})

    parts: list[ft.Control | None] = [note(hint) if hint else None]
    held = f"{name} holds {plural(hero.hand, 'card')} in hand"
    if hero.active:
        held += f" and {symbols(hero.active)} active"
    parts.append(note(held, size=SMALL, italic=True))
    if use_active and hero.active:
        parts += [
            note("Active cards can be played too: tap one to play it off the display.", size=SMALL),
            ft.Row([card_face(c, ident=f"{ident}-active-{i}", selected=i in off, width=48,
                              caption="played" if i in off else "active",
                              label=f"{name}'s active {c.symbol}" + (", played" if i in off else ""),
                              on_click=_click(toggle, i) if (i in off or not full) else None)
                    for i, c in enumerate(hero.active)], wrap=True, spacing=6),
        ]
    if picked:
        parts.append(ft.Row([card_face(c, ident=f"{ident}-card-{i}", width=48, caption="tap to take back",
                                       label=f"{c.symbol} from the hand; tap to take it back",
                                       on_click=_click(remove, i)) for i, c in enumerate(picked)],
                            wrap=True, spacing=6))
    if convertible:
        seen: list[Card] = []
        for c in [*picked, *from_active]:
            if c in seen:
                continue
            seen.append(c)
            options = game.conversion_suits(s, player, c, from_active)
            if not options:
                continue
            chosen = conv.get(c)
            parts.append(ft.Row(
                [note(f"{c.symbol} counts as:"),
                 button("itself", _click(declare, c, None), f"{ident}-as-{c}-self", primary=chosen is None)]
                + [button(f"{x.symbol} {x.word}", _click(declare, c, x), f"{ident}-as-{c}-{x.value}",
                          primary=chosen == x) for x in options],
                wrap=True, spacing=6, run_spacing=6,
            ))
    if not full:
        parts.append(CardPicker(deck, add, ident=f"{ident}-picker", game_name=GAME_NAME, key=f"{ident}-picker"))
    parts.append(message(overuse_warning(deck, game.known_cards(s), picked), f"{ident}-warning", kind="warning"))
    if count:
        try:
            after = game.apply(s, make())
        except IllegalAction as exc:
            parts.append(message(str(exc), f"{ident}-check", kind="warning"))
        except (ValidationError, ValueError) as exc:
            parts.append(message(plain_validation_error(exc), f"{ident}-check", kind="warning"))
        else:
            parts.append(explanation(after.working, ident=f"{ident}-preview", title="The working"))
            if odds is not None:
                parts.append(OddsPanel(odds(after), ident=f"{ident}-odds", key=f"{ident}-odds"))
    parts += [
        button(submit, _click(attempt, table, make, set_problem) if count else None, f"{ident}-submit",
               icon=ft.Icons.CHECK),
        message(problem, f"{ident}-problem"),
    ]
    return ft.Column([p for p in parts if p is not None], spacing=8, tight=True)


def who_row(s: CardPeeGeeState, players: Sequence[int], who: int, set_who: Callable, ident: str) -> ft.Control | None:
    if len(players) < 2:
        return None
    return choice_row([(q, s.name(q)) for q in players], who, set_who, ident)


def activate_form(table, player: int, ident: str = "activate") -> ft.Control:
    name = table.state.name(player)
    return PlayForm(
        table, player, ident, f"Activate for {name}",
        lambda cs, fa, cv: Activate(player=player, cards=cs),
        hint="Jacks and Aces from the hand go on display next to the Character: Aces add 50 % to cards of "
             "their suit, Jacks let cards be played as another suit (2 points less).",
        use_active=False, convertible=False, key=f"{ident}-{player}",
    )


# --- fights ---------------------------------------------------------------------------------------------


def side_name(s: CardPeeGeeState, enc, side: int) -> str:
    if enc.kind == "pvp":
        return f"{s.name(enc.attacker)}'s side" if side == 0 else f"{s.name(enc.defender)}'s side"
    if side == 0:
        return "the Hero's side"
    return {"monster": "the Monster", "healer": "the jailors", "boss": "the Bosses' side"}.get(enc.kind, "")


def fighter_row(s: CardPeeGeeState, enc, i: int, f, draws: int | None = None) -> ft.Control:
    if f.player is not None:
        hp = s.heroes[f.player].hp
        face = card_face(s.heroes[f.player].character, ident=f"fighter-{i}-card", width=40,
                         label=f"{f.name}'s Character {s.heroes[f.player].character.symbol}")
    else:
        hp = f.hp
        face = card_face(f.card, ident=f"fighter-{i}-card", width=40, face_down=f.out == "dead",
                         label=f"{f.name}" + (", face down" if f.out == "dead" else ""))
    flags = []
    if f.out:
        flags.append(f.out)
    if f.fleeing:
        flags.append("fleeing")
    if f.defending:
        flags.append("healing and defending")
    if f.forced:
        flags.append("forced by a super power")
    if f.player is not None and f.player != s.turn and not (enc.kind == "pvp" and f.player == enc.defender):
        flags.append("Ally" if f.side == 0 else "with the Bosses" if enc.kind == "boss" else "Ally")
    numbers = [ft.Text(f"HP {hp}", size=sized(16), weight=ft.FontWeight.BOLD),
               ft.Text(f"Attack {f.attack}", size=sized(16)),
               ft.Text(f"Deal {f.deal}" + (f" → {draws} this round" if draws is not None and draws != f.deal else ""),
                       size=sized(16))]
    if f.element is not None:
        numbers.append(ft.Text(f"{f.element.symbol} {f.element.word}", size=14))
    head = ft.Row(_present(ft.Text(f.name, size=16, weight=ft.FontWeight.BOLD),
                           ft.Text(" · ".join(flags), size=SMALL, italic=True) if flags else None),
                  wrap=True, spacing=8)
    # a player's working (their played cards) always; a Monster's, jailor's or Boss's numbers until
    # the first round (then the history keeps them)
    working = f.working if f.player is not None or not f.rounds else ()
    body = ft.Column([head, ft.Row(numbers, wrap=True, spacing=12, run_spacing=2), *lines_text(working, 12)],
                     spacing=2, tight=True, expand=True)
    label = f"{f.name}: HP {hp}, Attack {f.attack}, Deal {f.deal}" + (f", {', '.join(flags)}" if flags else "")
    return tagged(f"fighter-{i}", ft.Container(
        ft.Row([face, body], spacing=10, vertical_alignment=ft.CrossAxisAlignment.START),
        padding=8, border_radius=8, opacity=0.55 if not f.live else 1.0,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if f.side == 0 else ft.Colors.SURFACE_CONTAINER_HIGH,
    ), label=label)


def battle_title(s: CardPeeGeeState, enc) -> str:
    hero = s.name(s.turn)
    if enc.kind == "monster":
        return f"{hero} fights the Monster {enc.agitator.symbol}"
    if enc.kind == "healer":
        return f"{hero} frees the Healer {enc.agitator.symbol} from its jailors"
    if enc.kind == "boss":
        return f"{hero}'s Boss Battle"
    return f"{s.name(enc.attacker)} attacks {s.name(enc.defender)}"


@ft.component
def BattlePanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    enc = s.encounter
    battle = enc.battle
    number = battle.rounds + 1
    players = [q for q in game.can_play(s) if s.heroes[q].held]
    activators = game.can_activate(s)
    joiners = game.can_join(s)
    fleers = game.can_flee(s)
    healers = game.can_heal_and_defend(s)
    actions = table.session.actions
    last = actions[-1].kind if actions else ""
    # a fighter who just arrived (or just activated cards) prepares first: the play form opens
    first = "play" if players and last in ("encounter", "attack", "join", "activate") else "round"
    mode, set_mode = ft.use_state(first)
    who, set_who = ft.use_state(getattr(actions[-1], "player", None) if last in ("join", "activate") else None)
    problem, set_problem = ft.use_state(None)
    options = [("round", f"Round {number}")]
    if players:
        options.append(("play", "Play cards"))
    if activators:
        options.append(("activate", "Activate"))
    if joiners:
        options.append(("join", "Cry for help"))
    if fleers:
        options.append(("flee", "Run away"))
    if healers:
        options.append(("heal", "Heal and defend"))
    if mode not in dict(options):
        mode = "round"

    def pick_who(pool: list[int]) -> int:
        if who in pool:
            return who
        return s.turn if s.turn in pool else pool[0]

    parts: list[ft.Control | None] = []
    if enc.kind == "healer":
        parts += lines_text(enc.working)
    if enc.kind == "boss" and not battle.rounds:
        shown = {line for f in battle.fighters for line in f.working}
        parts += lines_text([line for line in enc.working if line not in shown])
    draws = {i: k for i, (_, k, _) in zip(battle.live(), game.fighters(s))}
    parts += [fighter_row(s, enc, i, f, draws.get(i)) for i, f in enumerate(battle.fighters)]
    parts.append(OddsPanel(cardpeegee_fight(game, s), ident="fight-odds", key=f"fight-odds-{number}"))
    if not battle.can_flee:
        parts.append(note("A Boss Battle may not be escaped; every combatant fights every opponent each round.",
                          size=SMALL, italic=True))
    parts.append(choice_row(options, mode, set_mode, "mode") if len(options) > 1 else None)
    if mode == "round":
        parts.append(RoundEntry(table, key="round"))
    elif mode == "play":
        q = pick_who(players)
        when = ("before and after every round against jailors" if battle.play_between_rounds
                else "only before their first round")
        parts += [
            who_row(s, players, q, set_who, "play-who"),
            PlayForm(table, q, "play", f"Play for {s.name(q)}",
                     lambda cs, fa, cv, q=q: PlayIntoEncounter(player=q, cards=cs, from_active=fa, convert=cv),
                     hint=f"Clubs add their value to Attack; spades add 1 each to Deal (diamonds and hearts do "
                          f"nothing in a fight). {s.name(q)} may play cards {when}. When everyone is ready, "
                          f"tap “Round {number}”.",
                     odds=functools.partial(cardpeegee_fight, game), key=f"play-{q}"),
        ]
    elif mode == "activate":
        q = pick_who(activators)
        parts += [who_row(s, activators, q, set_who, "activate-who"), activate_form(table, q)]
    elif mode == "join":
        parts.append(note("Cry for help: another player joins the fight and may play and activate cards before "
                          "their first round. Each fighter gets their own score cards and is compared against "
                          "every opponent."))
        for q, sides in joiners.items():
            parts.append(ft.Row([
                button(f"{s.name(q)} joins {side_name(s, enc, side)}",
                       _click(attempt, table, functools.partial(JoinFight, player=q, side=side), set_problem),
                       f"join-{q}-{side}", primary=False, icon=ft.Icons.GROUP_ADD)
                for side in sides], wrap=True, spacing=6, run_spacing=6))
    elif mode == "flee":
        parts.append(note("Run away: one more penalty round first, with Deal −1 (or −2 when no other player "
                          "stays in the fight). A fleeing fighter takes damage if they lose but deals none; if "
                          "they survive they escape."))
        parts.append(ft.Row([button(f"{s.name(q)} runs away", _click(attempt, table, functools.partial(Flee, player=q),
                                                                      set_problem),
                                    f"flee-{q}", primary=False, icon=ft.Icons.DIRECTIONS_RUN) for q in fleers],
                            wrap=True, spacing=6, run_spacing=6))
        if s.turn in fleers:
            parts.append(OddsPanel(what_if(game, s, Flee(player=s.turn), f"if {s.name(s.turn)} runs away"),
                                   ident="flee-odds", key="flee-odds"))
    elif mode == "heal":
        q = pick_who(healers)
        parts += [
            who_row(s, healers, q, set_who, "heal-who"),
            PlayForm(table, q, "defend", f"Heal {s.name(q)}",
                     lambda cs, fa, cv, q=q: HealAndDefend(
                         player=q, card=(cs or fa)[0], from_active=not cs,
                         convert=cv.get((cs or fa)[0])),
                     hint="Play one heart: HP up by its value; this round the fighter deals no damage but takes "
                          "damage as normal.", max_cards=1, odds=functools.partial(cardpeegee_fight, game),
                     key=f"defend-{q}"),
        ]
    if game.can_abandon(s):
        parts += [ft.Divider(), button("Abandon the Healer", lambda: attempt(table, Abandon, set_problem), "abandon",
                                       primary=False, icon=ft.Icons.LOGOUT)]
    parts.append(message(problem, "battle-problem"))
    return section(f"{battle_title(s, enc)} · round {number}", parts, ident="battle-panel")


@ft.component
def RoundEntry(table) -> ft.Control:
    """Every fighter's score cards for the round, in the fight's order: as the cards drawn
    (one per point of Deal) or as their total."""
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    # the score cards are counted as the draw will find the table: after the Glorious
    # Revolution it brings first (an overthrown fighter's played spades are gone)
    ahead = game.ahead_of_draw(s)
    same = game.stage(ahead) == "battle" and ahead.encounter.battle.live() == s.encounter.battle.live()
    order = game.fighters(ahead if same else s)
    number = s.encounter.battle.rounds + 1
    modes, set_modes = ft.use_state(dict)  # position → "total"
    totals, set_totals = ft.use_state(dict)
    entered, set_entered = ft.use_state(dict)  # position → the cards entered so far (kept across a mode change)
    problem, set_problem = ft.use_state(None)
    by_cards = [i for i in range(len(order)) if modes.get(i) != "total"]
    labels, owners = [], []
    for i in by_cards:
        f, k, _ = order[i]
        short = f.name.removeprefix("the ")
        labels += [f"{short} {j + 1}" for j in range(k)]
        owners += [i] * k

    def changed(values: Sequence[Card | None]) -> None:
        new = {i: [] for i in by_cards}
        for i, c in zip(owners, values):
            new[i].append(c)
        set_entered({**entered, **new})

    initial = [c for i in by_cards for c in entered.get(i, [None] * order[i][1])]

    def set_mode(i: int, value: str) -> None:
        set_modes({**modes, i: value})

    def set_total(i: int, value: str) -> None:
        set_totals({**totals, i: value})

    def scores(cards: Sequence[Card]) -> tuple:
        out = []
        drawn = iter(cards)
        for i, (f, k, _) in enumerate(order):
            if modes.get(i) == "total":
                n = _number(totals.get(i))
                if n is None:
                    raise IllegalAction(f"enter the total of {f.name}'s score cards (a whole number)")
                out.append(n)
            else:
                out.append(tuple(next(drawn) for _ in range(k)))
        return tuple(out)

    def resolve(cards: Sequence[Card] = ()) -> None:
        attempt(table, lambda: CombatRound(scores=scores(cards)), set_problem)

    rows: list[ft.Control | None] = [
        note(f"Every fighter draws one score card per point of Deal; score = Attack + the cards. Enter them in "
             f"order{': ' + ', then '.join(f.name for f, _, _ in order) if len(order) > 1 else ''}."),
    ]
    for i, (f, k, why) in enumerate(order):
        mode = modes.get(i, "cards")
        rows.append(ft.Column(_present(
            ft.Row([
                ft.Text(f"{f.name}: Attack {f.attack}, draws {plural(k, 'score card')}", weight=ft.FontWeight.BOLD,
                        expand=True),
                *choice_buttons([("cards", "Cards"), ("total", "Total")], mode, functools.partial(set_mode, i),
                                f"score-mode-{i}"),
            ], spacing=6),
            note(f"Fleeing: {why}", size=SMALL, italic=True) if why else None,
            number_field(f"score-total-{i}", f"{f.name}'s total", totals.get(i, ""), functools.partial(set_total, i))
            if mode == "total" else None,
        ), spacing=4, tight=True))
    if labels:
        rows.append(CardSlots(game.deck(s.setup), labels, resolve, known=game.known_cards(s),
                              submit=f"Resolve round {number}", ident="score", game_name=GAME_NAME,
                              on_change=changed, initial=initial, key="score-" + "-".join(map(str, by_cards))))
    else:
        rows.append(button(f"Resolve round {number}", lambda: resolve(()), "score-submit", icon=ft.Icons.CHECK))
    rows.append(message(problem, "score-problem"))
    return tagged("round-entry", ft.Column([r for r in rows if r is not None], spacing=8, tight=True))


@ft.component
def LootPanel(table) -> ft.Control:
    """The Hero died in a Boss Battle: the surviving Allies divide the stack."""
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    sharers, stack = game.loot_sharers(s)
    shares, set_shares = ft.use_state(dict)  # position in the stack → player
    problem, set_problem = ft.use_state(None)

    def give(i: int, q: int) -> None:
        set_shares({**shares, i: q})

    owner = [shares.get(i, sharers[0]) for i in range(len(stack))]
    rows: list[ft.Control | None] = [note("The Hero died: the surviving Allies divide the Boss stack as they "
                                          "agree. Tap who takes each card.")]
    for i, c in enumerate(stack):
        rows.append(ft.Row([card_face(c, ident=f"loot-card-{i}", width=40),
                            choice_row([(q, s.name(q)) for q in sharers], owner[i], functools.partial(give, i),
                                       f"loot-{i}")], spacing=8, wrap=True))
    rows += [
        button("Divide the loot", lambda: attempt(table, lambda: DivideLoot(shares={
            q: tuple(c for c, o in zip(stack, owner) if o == q) for q in sharers}), set_problem),
            "divide-loot", icon=ft.Icons.CHECK),
        message(problem, "loot-problem"),
    ]
    return section("Dividing the loot", rows, ident="loot-panel")


# --- treasure chests, Healers' fees and Traps --------------------------------------------------------


@ft.component
def ChestPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    enc = s.encounter
    p = s.turn
    name = s.name(p)
    target, set_target = ft.use_state(0)
    mode, set_mode = ft.use_state("attempt")
    entry, set_entry = ft.use_state("cards")
    hero_value, set_hero_value = ft.use_state("")
    trap_value, set_trap_value = ft.use_state("")
    problem, set_problem = ft.use_state(None)
    traps = enc.traps
    target = min(target, len(traps) - 1)
    trap = traps[target]
    can_play = p in game.can_play(s) and s.heroes[p].held
    options = [("attempt", f"Disarm {trap.symbol}")]
    if can_play:
        options.append(("play", "Play spades"))
    if p in game.can_activate(s):
        options.append(("activate", "Activate"))
    if mode not in dict(options):
        mode = "attempt"

    def disarm(hero_score, trap_score) -> None:
        attempt(table, lambda: Disarm(trap=trap, hero_score=hero_score, trap_score=trap_score), set_problem)

    def by_values() -> None:
        h, t = _number(hero_value), _number(trap_value)
        if h is None or t is None:
            set_problem("enter both score cards' values (whole numbers)")
            return
        disarm(h, t)

    parts: list[ft.Control | None] = [
        note("Loot:", weight=ft.FontWeight.BOLD),
        ft.Row([card_face(c, ident=f"loot-{i}", width=44) for i, c in enumerate(enc.loot)] or
               [note("nothing", italic=True)], wrap=True, spacing=6),
        note("Armed traps (tap the one to disarm):" if len(traps) > 1 else "Armed trap:", weight=ft.FontWeight.BOLD),
        ft.Row([card_face(c, ident=f"trap-{i}", width=44, selected=i == target,
                          label=f"trap {c.symbol}" + (", chosen" if i == target else ""),
                          on_click=_click(set_target, i)) for i, c in enumerate(traps)], wrap=True, spacing=6),
        ft.Text(f"Disarm score: {enc.disarm_score}", size=sized(18), weight=ft.FontWeight.BOLD),
        *lines_text(enc.disarm_working),
        choice_row(options, mode, set_mode, "chest-mode") if len(options) > 1 else None,
    ]
    if mode == "attempt":
        parts += [
            note(f"Draw one score card for {name} and one for the trap {trap.symbol}: {name}'s card is added to the "
                 f"disarm score, the trap's to the trap's value. Higher disarms it; lower triggers it."),
            OddsPanel(cardpeegee_disarm(game, s, trap), ident="disarm-odds", key=f"disarm-odds-{target}"),
            choice_row([("cards", "Cards"), ("values", "Values")], entry, set_entry, "disarm-entry"),
        ]
        if entry == "cards":
            parts.append(CardSlots(game.deck(s.setup), [f"{name}'s score card", "The trap's score card"],
                                   lambda cs: disarm(cs[0], cs[1]), known=game.known_cards(s),
                                   submit=f"Attempt {trap.symbol}", ident="disarm", game_name=GAME_NAME,
                                   key=f"disarm-{target}"))
        else:
            parts += [
                ft.Row([number_field("disarm-hero-value", f"{name}'s score card", hero_value, set_hero_value),
                        number_field("disarm-trap-value", "The trap's score card", trap_value, set_trap_value)],
                       wrap=True, spacing=8),
                button(f"Attempt {trap.symbol}", by_values, "disarm-submit", icon=ft.Icons.CHECK),
            ]
    elif mode == "play":
        parts.append(PlayForm(table, p, "chest", f"Play for {name}",
                              lambda cs, fa, cv: PlayIntoEncounter(player=p, cards=cs, from_active=fa, convert=cv),
                              hint="Spades played here count for the whole chest: their total is the disarm score.",
                              odds=lambda after: cardpeegee_disarm(game, after, trap), key="chest-play"))
    else:
        parts.append(activate_form(table, p))
    parts += [
        ft.Divider(),
        button("Abandon the chest", lambda: attempt(table, Abandon, set_problem), "abandon", primary=False,
               icon=ft.Icons.LOGOUT),
        message(problem, "chest-problem"),
    ]
    return section(f"{name} at a treasure chest {enc.agitator.symbol}", parts, ident="chest-panel")


@ft.component
def FeePanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    enc = s.encounter
    p = s.turn
    name = s.name(p)
    mode, set_mode = ft.use_state("fee")
    problem, set_problem = ft.use_state(None)
    options = [("fee", "Pay the fee")]
    if p in game.can_activate(s):
        options.append(("activate", "Activate"))
    parts: list[ft.Control | None] = [
        *lines_text(enc.working),
        ft.Text(f"Fee: {enc.fee} · heals {enc.heal} HP", size=sized(18), weight=ft.FontWeight.BOLD),
        choice_row(options, mode, set_mode, "fee-mode") if len(options) > 1 else None,
    ]
    if mode == "activate":
        parts.append(activate_form(table, p))
    else:
        parts.append(PlayForm(table, p, "fee", "Pay the Healer",
                              lambda cs, fa, cv: PayFee(cards=cs, from_active=fa, convert=cv),
                              hint=f"Play cards of any suit worth at least {enc.fee} in all (active Aces and the "
                                   "element add their bonuses).", key="fee-play"))
    parts += [
        ft.Divider(),
        button("Abandon the Healer", lambda: attempt(table, Abandon, set_problem), "abandon", primary=False,
               icon=ft.Icons.LOGOUT),
        message(problem, "fee-problem"),
    ]
    return section(f"{name} and the Healer {enc.agitator.symbol}", parts, ident="fee-panel")


@ft.component
def TrapPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    enc = s.encounter
    p = s.turn
    name = s.name(p)
    entry, set_entry = ft.use_state("cards")
    total, set_total = ft.use_state("")
    problem, set_problem = ft.use_state(None)
    parts: list[ft.Control | None] = [
        *lines_text(enc.working),
        ft.Text(f"Difficulty {enc.difficulty} · damage {enc.damage}", size=sized(18), weight=ft.FontWeight.BOLD),
    ]
    if enc.pending is None:
        ahead = game.ahead_of_draw(s)  # after the Glorious Revolution the draw brings first
        n = game.evasion_draw(ahead if game.stage(ahead) == "evade" else s)

        def by_total() -> None:
            value = _number(total)
            if value is None:
                set_problem("enter the evasion cards' total (a whole number)")
                return
            attempt(table, lambda: Evade(score=value), set_problem)

        parts += [
            note(f"The trap is sprung without warning. {name} draws {plural(n, 'card')} (one, plus one per active "
                 "card): their total is the evasion score. Higher than the difficulty takes twice the difference "
                 "off the damage."),
            OddsPanel(cardpeegee_trap(game, s), ident="trap-odds", key="trap-odds"),
            choice_row([("cards", "Cards"), ("total", "Total")], entry, set_entry, "evade-entry"),
        ]
        if entry == "cards":
            parts.append(CardSlots(game.deck(s.setup), [f"Evasion card {i + 1}" for i in range(n)],
                                   lambda cs: attempt(table, lambda: Evade(score=tuple(cs)), set_problem),
                                   known=game.known_cards(s), submit="Evade", ident="evade", game_name=GAME_NAME,
                                   key=f"evade-{n}"))
        else:
            parts += [number_field("evade-total", "Evasion total", total, set_total),
                      button("Evade", by_total, "evade-submit", icon=ft.Icons.CHECK)]
        title = f"{name} springs a Trap {enc.agitator.symbol}"
    else:
        pending = enc.pending
        parts += [
            *lines_text(pending.explanation[:-1]),
            ft.Text(f"{name} evaded: the damage is down to {pending.hp_loss}", size=16, weight=ft.FontWeight.BOLD),
            PlayForm(table, p, "crafty", "Play spades",
                     lambda cs, fa, cv: CraftyEvasion(cards=cs, from_active=fa, convert=cv),
                     hint="Crafty evasion: spades played now take their value off the damage.", key="crafty-play"),
            button(f"Take the damage (−{pending.hp_loss} HP)", lambda: attempt(table, TakeDamage, set_problem),
                   "take-damage", primary=False),
        ]
        title = f"{name} evaded the Trap {enc.agitator.symbol}"
    parts.append(message(problem, "trap-problem"))
    return section(title, parts, ident="trap-panel")


# --- town -----------------------------------------------------------------------------------------------


@ft.component
def TownPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    p = s.turn
    name = s.name(p)
    hero = s.heroes[p]
    town = s.town
    opts = game.town_options(s)
    settings = s.settings
    mode, set_mode = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    options = []
    if opts.get("shop"):
        options.append(("shop", "Shop"))
    if opts.get("heal"):
        options.append(("heal", "Heal"))
    if opts.get("activate") and hero.hand:
        options.append(("activate", "Activate"))
    if mode not in dict(options):
        mode = None
    parts: list[ft.Control | None] = []
    if town.opening:
        services = [x for x, on in (("shop once (Opening Sale)", settings.opening_sale),
                                    ("heal with potions (Eat Your Greens)", settings.eat_your_greens)) if on]
        parts.append(note(f"Before play starts, {name} may {' and '.join(services)}."))
    else:
        held = plural(hero.held, "card")
        if town.levy == "charity":
            parts.append(note(f"Charity: {name} held fewer than {settings.charity_below} cards and got one from "
                              f"the deck (now {held})."))
        elif town.levy == "tax" and not town.tax_due:
            parts.append(note(f"Tax paid: {name} now holds {held}."))
        else:
            parts.append(note(f"{name} holds {held} (hand and active)."))
    if opts.get("tax"):
        parts += [
            message(f"Tax: {name} holds {plural(hero.held, 'card')}, more than {settings.tax_above}: one card "
                    "goes back to the deck before anything else.", "tax-due", kind="warning"),
            ft.Row(
                ([button("A card from the hand", lambda: attempt(table, PayTax, set_problem), "tax-hand")]
                 if hero.hand else [])
                + [button(f"The active {c.symbol}",
                          _click(attempt, table, functools.partial(PayTax, card=c), set_problem),
                          f"tax-active-{i}", primary=False) for i, c in enumerate(hero.active)],
                wrap=True, spacing=6, run_spacing=6),
        ]
    parts.append(note(f"Charity below {settings.charity_below} cards, tax above {settings.tax_above}; a new card "
                      f"costs {settings.card_price} diamonds.", size=SMALL, italic=True) if not town.opening else None)
    if town.shopped:
        parts.append(note("Shopping: done this turn.", size=SMALL, italic=True))
    parts.append(choice_row(options, mode, set_mode, "town-mode") if options else None)
    if mode == "shop":
        parts.append(PlayForm(table, p, "shop", "Go shopping",
                              lambda cs, fa, cv: Shop(cards=cs, from_active=fa, convert=cv),
                              hint=f"Play diamonds: every {settings.card_price} diamonds buy one new card from the "
                                   "deck; points left over are lost. One shopping trip per turn.", key="shop"))
    elif mode == "heal":
        parts.append(PlayForm(table, p, "heal", "Drink the potions",
                              lambda cs, fa, cv: Heal(cards=cs, from_active=fa, convert=cv),
                              hint="Play hearts (potions): their value is added to HP.", key="heal"))
    elif mode == "activate":
        parts.append(activate_form(table, p))
    done = "Done: next player" if town.opening else "Leave town: end the turn"
    parts += [
        ft.Divider(),
        button(done, (lambda: attempt(table, EndHeroTurn, set_problem)) if opts.get("end") else None, "end-turn",
               icon=ft.Icons.ARROW_FORWARD),
        message(problem, "town-problem"),
    ]
    title = f"Opening round: {name}" if town.opening else f"{name} in town"
    return section(title, parts, ident="town-panel")


# --- any time: the Glorious Revolution, gifts and bribes, claiming a win -------------------------------


@ft.component
def RevolutionPanel(table) -> ft.Control | None:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    problem, set_problem = ft.use_state(None)
    offer = game.revolution_offer(s)
    if offer is None:
        return None
    overthrown, count = offer
    names = " and ".join(s.name(q) for q in overthrown)
    fate = "and die" if s.settings.revolution_deadly else "but keep their HP and Character"
    draw, what = game.next_draw(s)
    why = ("The deck has run out" if s.deck == 0 or draw == 0
           else f"The deck holds only {plural(s.deck, 'card')}, too few for {what} ({plural(draw, 'card')})")
    when = (" It happens before the draw when you enter it, or now:" if s.settings.glorious_revolution
            else " (The rule is off in the settings: it is a step you may enter.)")
    return section("Glorious Revolution!", [
        note(f"{why}: the player with the most cards (hand, active and in play) is overthrown in a violent "
             f"uprising, losing every card {fate}.{when}"),
        ft.Text(f"{names}: {plural(count, 'card')}", size=16, weight=ft.FontWeight.BOLD),
        button(f"Overthrow {names}", lambda: attempt(table, Revolution, set_problem), "revolution",
               icon=ft.Icons.WHATSHOT),
        message(problem, "revolution-problem"),
    ], ident="revolution-panel")


@ft.component
def AnyTimePanel(table) -> ft.Control | None:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    mode, set_mode = ft.use_state(None)
    alive = [q for q, h in enumerate(s.heroes) if h.alive and h.ready]
    givers = [q for q in alive if s.heroes[q].held]
    claims = game.claimable(s)
    options = []
    if len(alive) > 1 and givers:
        options.append(("give", "Give cards"))
    if claims:
        options.append(("claim", "Claim a win"))
    if not options:
        return None
    if mode not in dict(options):
        mode = None
    parts: list[ft.Control | None] = [
        note("Bribes and gifts, or a Full Court / Elemental Union shown from the hand.", size=SMALL, italic=True),
        choice_row(options + ([("none", "Close")] if mode else []), mode,
                   lambda v: set_mode(None if v == "none" else v), "any-time"),
    ]
    if mode == "give":
        parts.append(GiveForm(table, key="give"))
    elif mode == "claim":
        parts.append(ClaimForm(table, key="claim"))
    return section("Any time", parts, ident="any-time-panel")


@ft.component
def GiveForm(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    alive = [q for q, h in enumerate(s.heroes) if h.alive and h.ready]
    givers = [q for q in alive if s.heroes[q].held]
    giver, set_giver = ft.use_state(givers[0])
    receiver, set_receiver = ft.use_state(None)
    count, set_count = ft.use_state(0)
    chosen, set_chosen = ft.use_state(list)  # positions of active cards given
    problem, set_problem = ft.use_state(None)
    if giver not in givers:
        giver = givers[0]
    others = [q for q in alive if q != giver]
    if receiver not in others:
        receiver = others[0]
    hero = s.heroes[giver]
    count = min(count, hero.hand)
    chosen = [i for i in chosen if i < len(hero.active)]

    def choose_giver(q: int) -> None:
        set_giver(q)
        set_count(0)
        set_chosen([])

    def toggle(i: int) -> None:
        set_chosen([x for x in chosen if x != i] if i in chosen else [*chosen, i])

    return ft.Column([c for c in [
        note("From:", weight=ft.FontWeight.BOLD),
        choice_row([(q, s.name(q)) for q in givers], giver, choose_giver, "give-from"),
        note("To:", weight=ft.FontWeight.BOLD),
        choice_row([(q, s.name(q)) for q in others], receiver, set_receiver, "give-to"),
        ft.Row([
            button("−", (lambda: set_count(count - 1)) if count > 0 else None, "give-less", primary=False),
            ft.Text(f"{plural(count, 'card')} from the hand (of {hero.hand})", size=16),
            button("+", (lambda: set_count(count + 1)) if count < hero.hand else None, "give-more", primary=False),
        ], spacing=8, wrap=True),
        ft.Row([card_face(c, ident=f"give-active-{i}", width=44, selected=i in chosen,
                          caption="given" if i in chosen else "active", on_click=_click(toggle, i))
                for i, c in enumerate(hero.active)], wrap=True, spacing=6) if hero.active else None,
        button("Give", lambda: attempt(table, lambda: GiveCards(
            giver=giver, receiver=receiver, cards=count, active=tuple(hero.active[i] for i in chosen)), set_problem),
            "give-submit", icon=ft.Icons.CARD_GIFTCARD),
        message(problem, "give-problem"),
    ] if c is not None], spacing=8, tight=True)


@ft.component
def ClaimForm(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    alive = [q for q, h in enumerate(s.heroes) if h.alive and h.ready]
    claims = game.claimable(s)
    who, set_who = ft.use_state(alive[0])
    what, set_what = ft.use_state(claims[0])
    if who not in alive:
        who = alive[0]
    if what not in claims:
        what = claims[0]
    titles = {"full-court": "Full Court", "elemental-union": "Elemental Union"}
    how = {"full-court": "the Jack, Queen and King of one suit", "elemental-union": "a face card of every suit"}
    return ft.Column([
        choice_row([(q, s.name(q)) for q in alive], who, set_who, "claim-who"),
        choice_row([(c, titles[c]) for c in claims], what, set_what, "claim-what"),
        PlayForm(table, who, "claim", f"{titles[what]} for {s.name(who)}",
                 lambda cs, fa, cv, who=who, what=what: ClaimWin(player=who, condition=what, cards=cs),
                 hint=f"{titles[what]}: {how[what]}, in the hand or active. Enter the cards shown from the hand "
                      "(active cards count by themselves).", use_active=False, convertible=False,
                 key=f"claim-{who}-{what}"),
    ], spacing=8, tight=True)
