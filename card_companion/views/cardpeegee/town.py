"""Town: tax or charity, shopping, healing with potions, activating cards, then the end of the
turn (the opening round too, with the settings' Opening Sale and Eat Your Greens)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import (
    Activate,
    CardPeeGee,
    CardPeeGeeState,
    EndHeroTurn,
    Heal,
    PayTax,
    Shop,
    TownVisit,
)
from card_companion.companion.cardpeegee.choices import legal_actions
from card_companion.companion.legal import Legal
from card_companion.views.cardpeegee.play_form import PlayForm, activate_form
from card_companion.views.cardpeegee.shared import SMALL, attempt, click, note
from card_companion.views.hooks import use_kept, use_text_scale
from card_companion.views.live_table import Table, use_step_state
from card_companion.views.widgets import button, choice_row, message, section, section_title


@ft.component
def TownPanel(table) -> ft.Control:
    """The Hero in town, drawn again at every step of the stage (``Follows``): what the step
    left as it was (the title, the notes, the errands' choice, the end of the turn) is handed
    back as it was drawn (``use_kept``), the rest is made anew."""
    scale = use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    p = s.turn
    name = s.name(p)
    town = s.town
    legal = legal_actions(s)
    settings = s.settings
    mode, set_mode = use_step_state(table, None)
    problem, set_problem = use_step_state(table, None)
    part = use_kept()
    options = town_choices(legal)
    if mode not in dict(options):
        mode = None
    parts: list[ft.Control | None] = [part(_note, arrival_words(s, town), 14, False, scale, key="arrival")]
    if legal.allows(PayTax):
        parts += tax_due(table, set_problem)
    parts.append(part(_note, f"Charity below {settings.charity_below} cards, tax above {settings.tax_above}; a new "
                             f"card costs {settings.card_price} diamonds.", SMALL, True, scale, key="prices")
                 if not town.opening else None)
    if town.shopped:
        parts.append(part(_note, "Shopping: done this turn.", SMALL, True, scale, key="shopped"))
    parts.append(part(_choices, options, mode, set_mode, key="town-mode") if options else None)
    done = "Done: next player" if town.opening else "Leave town: end the turn"
    end = [  # under an errand's form: under its submit (and the table's keyboard, while it enters the cards);
        # kept where they stand (a new mode puts them under its form: made anew there)
        part(_divider, key=f"divider-{mode}"),
        part(_end_turn, table, done, legal.allows(EndHeroTurn), mode is None, set_problem, key=f"end-turn-{mode}"),
        message(problem, "town-problem"),
    ]
    if mode == "shop":
        parts.append(PlayForm(table, p, "shop", "Go shopping",
                              lambda cs, fa, cv: Shop(cards=cs, from_active=fa, convert=cv),
                              hint=f"Play diamonds: every {settings.card_price} diamonds buy one new card from the "
                                   "deck; points left over are lost. One shopping trip per turn.",
                              keyboard=table.keyboard, after=end, key="shop"))
    elif mode == "heal":
        parts.append(PlayForm(table, p, "heal", "Drink the potions",
                              lambda cs, fa, cv: Heal(cards=cs, from_active=fa, convert=cv),
                              hint="Play hearts (potions): their value is added to HP.",
                              keyboard=table.keyboard, after=end, key="heal"))
    elif mode == "activate":
        parts.append(activate_form(table, p, end))
    else:
        parts += end
    title = f"Opening round: {name}" if town.opening else f"{name} in town"
    return section(part(section_title, title, key="title"), parts, ident="town-panel", framed=False)


def _note(text: str, size: int, italic: bool, scale: float, key: str) -> ft.Control:
    del scale, key  # (``use_kept``'s: a new text size makes the note anew)
    return note(text, size=size, italic=italic) if italic else note(text, size=size)


def _choices(options: list[tuple[str, str]], mode: str | None, set_mode: Callable, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return choice_row(options, mode, set_mode, "town-mode")


def _divider(key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Divider()


def _end_turn(table, done: str, allowed: bool, primary: bool, set_problem: Callable, key: str) -> ft.Control:
    """The end of the Hero's turn in town (a chosen errand's submit is the filled one). Its tap
    enters the step on the page's table as it is then (a step between is refused as stale)."""
    del key  # (``use_kept``'s)
    return button(done, (lambda: attempt(table, EndHeroTurn, set_problem)) if allowed else None, "end-turn",
                  icon=ft.Icons.ARROW_FORWARD, primary=primary)


def town_choices(legal: Legal) -> list[tuple[str, str]]:
    """What the Hero may do in town now (the state's legal steps): shop, heal, activate (from a
    hand)."""
    errands = (("shop", "Shop", Shop), ("heal", "Heal", Heal), ("activate", "Activate", Activate))
    return [(key, label) for key, label, kind in errands if legal.allows(kind)]


def arrival_words(s: CardPeeGeeState, town: TownVisit) -> str:
    """The Hero's arrival in town: the opening round's services, or the charity or tax that
    came with it, or what the Hero holds."""
    name, hero, settings = s.name(s.turn), s.heroes[s.turn], s.settings
    if town.opening:
        services = [x for x, on in (("shop once (Opening Sale)", settings.opening_sale),
                                    ("heal with potions (Eat Your Greens)", settings.eat_your_greens)) if on]
        return f"Before play starts, {name} may {' and '.join(services)}."
    held = plural(hero.held, "card")
    if town.levy == "charity":
        return f"Charity: {name} held fewer than {settings.charity_below} cards and got one from the deck (now {held})."
    if town.levy == "tax" and not town.tax_due:
        return f"Tax paid: {name} now holds {held}."
    return f"{name} holds {held} (hand and active)."


def tax_due(table: Table[CardPeeGee, CardPeeGeeState], set_problem: Callable[[str | None],
            None]) -> list[ft.Control | None]:
    """The tax: one card back to the deck (from the hand, or an active one) before anything else."""
    s = table.state
    name, hero, settings = s.name(s.turn), s.heroes[s.turn], s.settings
    return [
        message(f"Tax: {name} holds {plural(hero.held, 'card')}, more than {settings.tax_above}: one card "
                "goes back to the deck before anything else.", "tax-due", kind="warning"),
        ft.Row(
            ([button("A card from the hand", lambda: attempt(table, PayTax, set_problem), "tax-hand")]
             if hero.hand else [])
            + [button(f"The active {c.symbol}",
                      click(attempt, table, functools.partial(PayTax, card=c), set_problem),
                      f"tax-active-{i}", primary=False) for i, c in enumerate(hero.active)],
            wrap=True, spacing=6, run_spacing=6),
    ]
