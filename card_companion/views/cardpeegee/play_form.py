"""Cards a player plays (or activates, or shows): from the hand through the card picker, off
the active display by tapping, each declared as another suit where an active Jack allows it;
the tracker's working previewed before anything counts.

The submit is under the picker, where the finger is, and what the cards would do (the working,
the odds: taller than the rest of the screen) under it; from the first card on, the form comes
up whole (views/reach.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft
from pydantic import ValidationError

from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.words import plural, symbols
from card_companion.companion.advisor import Advice
from card_companion.companion.cardpeegee import Activate, CardPeeGeeState, queries
from card_companion.companion.game import IllegalAction, plain_validation_error
from card_companion.views.card_picker import CardPicker, overuse_warning, under_picker
from card_companion.views.cardpeegee.shared import GAME_NAME, SMALL, attempt, click, note
from card_companion.views.hooks import FletKey, use_stable, use_text_scale
from card_companion.views.keyboard import Keys, KeyTarget, use_keyboard
from card_companion.views.live_table import use_step_state
from card_companion.views.odds import OddsPanel
from card_companion.views.reach import reachable, use_reach
from card_companion.views.widgets import button, card_face, explanation, message


@ft.component
def PlayForm(
    table, player: int, ident: str, submit: str,
    build: Callable[[tuple[Card, ...], tuple[Card, ...], dict[Card, Suit]], object],
    hint: str = "", max_cards: int | None = None,
    use_active: bool = True, convertible: bool = True,
    odds: Callable[[CardPeeGeeState], Advice | None] | None = None,
    aside: bool = False, keyboard: Keys | None = None, after: Sequence[ft.Control | None] = (),
    key: FletKey = None,
) -> ft.Control:
    """The cards a player plays, as the module says; ``build`` makes the step of them, ``odds`` (if given) the
    odds with these cards played; ``aside``: beside the stage's step (a claim), its submit tonal, not filled.
    ``keyboard`` (a form in the table's entry box): the table's one picker (views/keyboard.py) enters the
    hand's cards, with what is under the form's picker (``below_picker``, and ``after``: what follows the
    form in its panel) under it; without one (a claim, beside the stage's step), the form's own picker."""
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    deck = game.deck(s.setup)
    hero = s.heroes[player]
    picked, set_picked = use_step_state(table, list)
    off, set_off = use_step_state(table, list)  # positions of active cards played off the display
    conv, set_conv = use_step_state(table, dict)  # card → suit an active Jack turns it into
    problem, set_problem = use_step_state(table, None)
    off = [i for i in off if i < len(hero.active)]
    from_active = [hero.active[i] for i in off]
    count = len(picked) + len(from_active)
    full = max_cards is not None and count >= max_cards
    # (stable: the keyboard's picker keeps its props from card to card)
    add = use_stable(lambda c: (set_problem(None), set_picked(lambda cards: [*cards, c])))

    def remove(i: int) -> None:
        set_problem(None)
        set_picked(picked[:i] + picked[i + 1:])

    def toggle(i: int) -> None:
        set_problem(None)
        set_off([x for x in off if x != i] if i in off else [*off, i])

    def make() -> object:
        everything = [*picked, *from_active]
        return build(tuple(picked), tuple(from_active), {c: x for c, x in conv.items() if c in everything})

    parts: list[ft.Control | None] = [note(hint) if hint else None, held_note(s, player)]
    if use_active and hero.active:
        parts += active_cards(s, player, ident, off, full, toggle)
    parts.append(picked_cards(picked, ident, remove))
    if convertible:
        parts += conversions(s, game, player, ident, picked, from_active, conv,
                             lambda c, suit: set_conv(declared(conv, c, suit)))
    submitted = button(submit, click(attempt, table, make, set_problem) if count else None, f"{ident}-submit",
                       icon=ft.Icons.CHECK, primary=not aside, tonal=aside)
    below = below_picker(table, ident, picked, submitted, problem, make if count else None, odds, after)
    served = use_keyboard(keyboard, KeyTarget(  # (full: the keyboard's picker hidden, the submit under it stays)
        deck, f"{ident}-picker", GAME_NAME, add, fresh=(ident, player, len(table.session.actions)), below=below,
        asks=not full))
    if not full and not served:
        parts.append(CardPicker(deck, add, ident=f"{ident}-picker", game_name=GAME_NAME, key=f"{ident}-picker"))
    if not served:
        parts += below
    use_reach(f"{ident}-form" if count else None, len(table.session.actions))
    return reachable(f"{ident}-form", ft.Column([p for p in parts if p is not None], spacing=8, tight=True))


def below_picker(table, ident: str, picked: Sequence[Card], submitted: ft.Control, problem: str | None,
                 make: Callable[[], object] | None, odds: Callable[[CardPeeGeeState], Advice | None] | None,
                 after: Sequence[ft.Control | None]) -> tuple[ft.Control, ...]:
    """What the form shows under its picker (``card_picker.under_picker``): the over-count
    warning, the submit, its refusal, the working and the odds (``make``: the step of the cards,
    once there are some) under it, where the finger is, then what follows the form in its panel."""
    s, game = table.state, table.game
    return under_picker(overuse_warning(game.deck(s.setup), game.known_cards(s), picked), None, submitted,
                        [message(problem, f"{ident}-problem"),
                         *(preview(table, make, ident, odds) if make is not None else ()), *after], ident)


def declared(conv: dict[Card, Suit], card: Card, suit: Suit | None) -> dict[Card, Suit]:
    """The declarations with ``card`` declared as ``suit`` (None: as itself)."""
    new = dict(conv)
    if suit is None:
        new.pop(card, None)
    else:
        new[card] = suit
    return new


def picked_cards(picked: Sequence[Card], ident: str, remove: Callable[[int], None]) -> ft.Control | None:
    """The cards picked from the hand, each taken back by a tap (None before the first)."""
    if not picked:
        return None
    return ft.Row([card_face(c, ident=f"{ident}-card-{i}", width=48, caption="tap to take back",
                             label=f"{c.symbol} from the hand; tap to take it back",
                             on_click=click(remove, i)) for i, c in enumerate(picked)],
                  wrap=True, spacing=6)


def held_note(s: CardPeeGeeState, player: int) -> ft.Control:
    """What the player holds: the hand's size and the active cards."""
    hero = s.heroes[player]
    held = f"{s.name(player)} holds {plural(hero.hand, 'card')} in hand"
    if hero.active:
        held += f" and {symbols(hero.active)} active"
    return note(held, size=SMALL, italic=True)


def active_cards(s: CardPeeGeeState, player: int, ident: str, off: Sequence[int], full: bool,
                 toggle: Callable[[int], None]) -> list[ft.Control]:
    """The active display, each card tapped to play it off (or to take it back)."""
    name = s.name(player)
    return [
        note("Active cards can be played too: tap one to play it off the display.", size=SMALL),
        ft.Row([card_face(c, ident=f"{ident}-active-{i}", selected=i in off, width=48,
                          caption="played" if i in off else "active",
                          label=f"{name}'s active {c.symbol}" + (", played" if i in off else ""),
                          on_click=click(toggle, i) if (i in off or not full) else None)
                for i, c in enumerate(s.heroes[player].active)], wrap=True, spacing=6),
    ]


def conversions(s: CardPeeGeeState, game, player: int, ident: str, picked: Sequence[Card],
                from_active: Sequence[Card], conv: dict[Card, Suit],
                declare: Callable[[Card, Suit | None], None]) -> list[ft.Control]:
    """For every card played that an active Jack may turn into another suit: what it counts as."""
    rows: list[ft.Control] = []
    seen: list[Card] = []
    for c in [*picked, *from_active]:
        if c in seen:
            continue
        seen.append(c)
        options = queries.conversion_suits(s, player, c, from_active)
        if not options:
            continue
        chosen = conv.get(c)
        rows.append(ft.Row(
            [note(f"{c.symbol} counts as:"),
             button("itself", click(declare, c, None), f"{ident}-as-{c}-self", primary=False, tonal=chosen is None)]
            + [button(f"{x.symbol} {x.word}", click(declare, c, x), f"{ident}-as-{c}-{x.value}",
                      primary=False, tonal=chosen == x) for x in options],
            wrap=True, spacing=6, run_spacing=6,
        ))
    return rows


def preview(table, make: Callable[[], object], ident: str,
            odds: Callable[[CardPeeGeeState], Advice | None] | None) -> list[ft.Control | None]:
    """The tracker's working as it would be with these cards (or its refusal), and with ``odds``
    the advisor's odds then."""
    try:
        after = table.game.step(table.state, make())  # the tracker's own working, nothing committed
    except IllegalAction as exc:
        return [message(str(exc), f"{ident}-check", kind="warning")]
    except (ValidationError, ValueError) as exc:
        return [message(plain_validation_error(exc), f"{ident}-check", kind="warning")]
    return [explanation(after.working, ident=f"{ident}-preview", title="The working"),
            OddsPanel(odds(after.state), ident=f"{ident}-odds", key=f"{ident}-odds") if odds is not None else None]


def activate_form(table, player: int, after: Sequence[ft.Control | None] = (), ident: str = "activate") -> ft.Control:
    """Activating Jacks and Aces from the hand, in the table's entry box (``after``: what follows it there)."""
    name = table.state.name(player)
    return PlayForm(
        table, player, ident, f"Activate for {name}",
        lambda cs, fa, cv: Activate(player=player, cards=cs),
        hint="Jacks and Aces from the hand go on display next to the Character: Aces add 50 % to cards of "
             "their suit, Jacks let cards be played as another suit (2 points less).",
        use_active=False, convertible=False, keyboard=table.keyboard, after=after, key=f"{ident}-{player}",
    )
