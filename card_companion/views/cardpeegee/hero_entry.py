"""Setting up the Heroes: each player's Character and HP cards, one Hero at a time."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import NewHero, choices
from card_companion.views.card_picker import CardSlots
from card_companion.views.cardpeegee.shared import GAME_NAME, attempt, note
from card_companion.views.hooks import use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.seating import own_player, waiting
from card_companion.views.widgets import choice_row, message, section


@ft.component
def HeroEntry(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    settings = s.settings
    todo = choices.who(choices.legal_actions(s), NewHero)
    own = own_player(table)  # a player's phone enters its own player's Hero, in any order
    if own is not None and own in todo:
        todo = [own]
    who, set_who = use_step_state(table, todo[0])
    problem, set_problem = use_step_state(table, None)
    wait = waiting(table, todo[0], "enters their Hero")
    if wait is not None:  # this phone's own Hero is in: the others enter theirs
        return section(f"{s.name(todo[0])}'s Hero", [wait], ident="heroes-panel", framed=False)
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
                  game_name=GAME_NAME, key=f"hero-{who}", fresh=len(table.session.actions),
                  keyboard=table.keyboard, reach="hero", after=[message(problem, "hero-problem")]),
    ]
    return section(f"{name}'s Hero", parts, ident="heroes-panel", framed=False)
