"""Entering the chosen action below the battlefield: what it does, the cards it turns face up
or discards, the confirmation; one entry function per action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from card_companion.calculators.card_stratego import rank_name
from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego import (
    Attack,
    CardStratego,
    CardStrategoState,
    Consolidate,
    Drain,
    InPlay,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
    queries,
)
from card_companion.companion.card_stratego.advice import attack_advice
from card_companion.companion.card_stratego.choices import drain_from
from card_companion.views.card_picker import CardSlots
from card_companion.views.card_stratego import taps
from card_companion.views.card_stratego.options import action_label, place_at, what_is
from card_companion.views.card_stratego.taps import HAND_CARD, RANK_SHORT, Choice, Key, Options
from card_companion.views.live_table import Table
from card_companion.views.odds import OddsPanel
from card_companion.views.widgets import button, message, section

# Flet's @ft.component takes key= (its wrapper pops it) but types a call as the function's own
# signature: the calls that pass key= say "type: ignore[call-arg]" for that reason.


@dataclass(frozen=True)
class Entering:
    """What the entry of the chosen action works with."""

    table: Table[CardStratego, CardStrategoState]
    send: Callable[[Any], None]
    choice: Choice
    set_choice: Callable[[Choice], None]
    options: Options

    @property
    def s(self) -> CardStrategoState:
        return self.table.state

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def hand_card(self) -> Card | None:
        return taps.hand_card(self.choice, self.options)

    @property
    def discarded(self) -> Card:
        """The Jack, Scout or 6 the action discards (an action that discards one is entered
        only once it is known: ``entry_panel``)."""
        card = self.hand_card
        assert card is not None, "entry_panel draws no entry before the card is known"
        return card

    def slots(self, ident: str, places: list[tuple[int, str]], on_done, submit: str,
              standing: bool = True) -> ft.Control:
        """Card entry for cards of either army: (owner, label) per place; a card in play
        (``standing``) is never a Jack or the Joker. The entry lasts one step (the choice
        does): new places (another target tapped) start empty."""
        s, game = self.s, self.game
        where = " in play (no Jacks or Joker there)" if standing else ""
        names = [f"{s.name(p)}'s {s.armies[p].colour} army{where}" for p, _ in places]
        return CardSlots(  # type: ignore[call-arg]
            game.deck(s.setup), [label for _, label in places], on_done, known=game.known_cards(s),
            submit=submit, ident=ident, game_name=game.name,
            decks=[queries.entry_deck(s, p, standing) for p, _ in places], deck_names=names,
            keyboard=self.table.keyboard, key=f"{ident}-{self.choice.places}",
        )


def _at(s: CardStrategoState, key: Key) -> InPlay:
    """The card at a place an action targets (which holds one)."""
    slot = queries.card_at(s, place_at(key))
    assert slot is not None, "an action targets a card on the battlefield"
    return slot


def _front(s: CardStrategoState, player: int, column: int) -> InPlay:
    return _at(s, (player, column, 0))


def entry_panel(e: Entering, problem: str | None) -> ft.Control | None:
    """Below the battlefield: what the action does, the cards turned face up or discarded,
    the confirmation."""
    mode = e.choice.mode
    if mode is None or (mode in HAND_CARD and e.hand_card is None):
        return None
    parts = _ENTRIES[mode](e)
    if not parts:
        return None
    parts.append(message(problem, "entry-problem"))
    return section(action_label(mode), parts, ident="entry", framed=False)


def _play_entry(e: Entering) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, me = e.s, e.s.turn
    _, c, pos = e.choice.places[0]
    behind = len(s.armies[me].columns[c]) - pos
    moves = ""
    if behind:
        moves = ": the cards there move back" if behind > 1 else ": the card there moves back"
    return [
        ft.Text(f"{s.name(me)} puts a card from the hand face down in column {c + 1}, {rank_name(pos)}"
                f"{moves}. Its value is not entered."),
        button("Put into play", lambda: e.send(PutIntoPlay(column=c, position=pos)), "play-submit",
               icon=ft.Icons.DOWNLOAD),
    ]


def _attack_entry(e: Entering) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, name = e.s, e.s.name
    me, them = s.turn, 1 - s.turn
    c = e.choice.places[0][1]
    a_slot = _front(s, me, c)
    d_slot = _front(s, them, c)
    entries = [(p, f"{name(p)}'s {word}") for p, word, slot in
               ((me, "attacker", a_slot), (them, "defender", d_slot)) if not slot.face_up]

    def battle(cards: list[Card]) -> None:
        values = iter(cards)
        e.send(Attack(column=c, attacker=None if a_slot.face_up else next(values),
                      defender=None if d_slot.face_up else next(values)))

    return [
        ft.Text(f"{name(me)}'s {a_slot.symbol} attacks {name(them)}'s {d_slot.symbol} in column "
                f"{c + 1}. Both are turned face up.", weight=ft.FontWeight.BOLD),
        OddsPanel(attack_advice(s, c), ident="attack-odds",  # type: ignore[call-arg]
                  key=f"attack-odds-{c}"),
        e.slots("battle", entries, battle, "Battle!") if entries
        else button("Battle!", lambda: battle([]), "battle-submit", icon=ft.Icons.BOLT),
    ]


def _jack_reveal_entry(e: Entering) -> list[ft.Control | None]:
    s, chosen, jack = e.s, e.choice.places, e.discarded
    need = e.options.jack_reveals
    if len(chosen) != need:
        return [ft.Text("Turning up: " + "; ".join(what_is(s, k) for k in chosen))] if chosen else []

    def reveal(cards: list[Card]) -> None:
        e.send(JackReveal(jack=jack, reveals=tuple(
            Reveal(place=place_at(k), card=card) for k, card in zip(chosen, cards))))

    entries = [(p, f"{s.name(p)} · col {c + 1} · {RANK_SHORT[pos]}") for p, c, pos in chosen]
    return [e.slots("reveal", entries, reveal, "Turn them up" if need > 1 else "Turn it up")]


def _scout_entry(e: Entering) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, key, scout = e.s, e.choice.places[0], e.discarded
    owner = s.name(key[0])
    return [
        ft.Text(f"{s.name(s.turn)} discards {scout.symbol} to turn up {what_is(s, key)}. Not an attack: "
                "a Bomb it reveals stays."),
        e.slots("scout", [(key[0], f"{owner}'s card")], lambda cards: e.send(ScoutReveal(
            scout=scout, reveal=Reveal(place=place_at(key), card=cards[0]))), "Turn it up"),
    ]


def _joker_entry(e: Entering) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, key = e.s, e.choice.places[0]
    slot = _at(s, key)
    owner = s.name(key[0])
    text = ft.Text(f"{s.name(s.turn)} discards the Joker to destroy {what_is(s, key)}. It goes to "
                   f"{owner}'s discard pile face up; the cards behind move forward.")
    if slot.face_up:
        return [text, button(f"Destroy {slot.symbol}", lambda: e.send(JokerDestroy(target=place_at(key))),
                             "joker-submit", icon=ft.Icons.DELETE_FOREVER)]
    return [text, e.slots("joker", [(key[0], f"{owner}'s destroyed card")], lambda cards: e.send(
        JokerDestroy(target=place_at(key), card=cards[0])), "Destroy it")]


def _six_entry(e: Entering) -> list[ft.Control | None]:
    if not e.choice.places:
        return []
    s, key, six = e.s, e.choice.places[0], e.discarded
    return [
        ft.Text(f"{s.name(s.turn)} discards {six.symbol} to return {what_is(s, key)} to "
                f"{s.name(key[0])}'s hand (face down again when it is played back)."),
        button("Return it", lambda: e.send(SixReturn(six=six, target=place_at(key))), "six-submit",
               icon=ft.Icons.KEYBOARD_RETURN),
    ]


def _drain_entry(e: Entering) -> list[ft.Control | None]:
    s, name = e.s, e.s.name
    me, them = s.turn, 1 - s.turn
    pick = e.choice.pick if drain_from(s) == "hand" else None
    if pick is not None:
        held = s.armies[them].hand
        text = (f"{name(them)}'s deck is empty. {name(them)} holds out the {held} cards of the hand face "
                f"down; the app picked card {pick} of {held}, counting from {name(me)}'s left. "
                f"{name(them)} discards it face up: enter it.")
    else:
        text = f"{name(them)} discards the top card of the deck face up: enter it."
    return [
        ft.Text(text, weight=ft.FontWeight.BOLD),
        e.slots("drain", [(them, f"{name(them)}'s drained card")],
                lambda cards: e.send(Drain(card=cards[0], pick=pick)), "Drain", standing=False),
    ]


def _consolidate_entry(e: Entering) -> list[ft.Control | None]:
    chosen = e.choice.places
    if len(chosen) != 2:
        return []
    s, name = e.s, e.s.name
    me, them = s.turn, 1 - s.turn
    m = next(c for p, c, _ in chosen if p == me)
    t = next(c for p, c, _ in chosen if p == them)
    return [
        ft.Text(f"Columns {m + 1} and {t + 1} become one: choose where the cards end up. The cards that "
                "move keep their order and stay face up or down."),
        button(f"Into column {m + 1}: {name(them)}'s cards move",
               lambda: e.send(Consolidate(mine=m, theirs=t, into=m)), f"into-{m}", icon=ft.Icons.CALL_MERGE),
        button(f"Into column {t + 1}: {name(me)}'s cards move",
               lambda: e.send(Consolidate(mine=m, theirs=t, into=t)), f"into-{t}", icon=ft.Icons.CALL_MERGE),
    ]


def _jack_line_choice(e: Entering) -> list[ft.Control | None]:
    """A Jack's rearrangement, first: the line (the tapped card's row or column)."""
    if not e.choice.places:
        return []
    name = e.s.name
    out: list[ft.Control | None] = [ft.Text("Rearrange:")]
    for line in taps.line_choices(e.choice, e.options):
        p, kind, index = line
        text = f"{name(p)}'s {rank_name(index)}" if kind == "row" else f"{name(p)}'s column {index + 1}"
        out.append(button(text, lambda ev, line=line: e.set_choice(taps.start_line(e.choice, line, e.options)),
                          f"line-{kind}", primary=False))
    return out


def _jack_line_entry(e: Entering) -> list[ft.Control | None]:
    """A Jack's rearrangement: the line, then the swaps, checked by the tracker as they are made."""
    choice, s, jack = e.choice, e.s, e.discarded
    if not choice.line:
        return _jack_line_choice(e)
    name = s.name
    p, kind, index = choice.line
    what = f"{name(p)}'s {rank_name(index)}" if kind == "row" else f"{name(p)}'s column {index + 1}"
    problem = queries.rearrangement_refusal(s, p, kind, index, choice.order)
    moved = choice.order != tuple(range(len(choice.order)))

    def rearrange() -> None:
        e.send(JackRearrange(jack=jack, player=p, line="row" if kind == "row" else "column", index=index,
                             order=choice.order))

    return [
        ft.Text(f"{name(s.turn)} discards {jack.symbol} to rearrange {what}. Tap two places of the line to "
                "swap them; a moved card shows where it came from. Nobody looks at face-down cards.",
                weight=ft.FontWeight.BOLD),
        message(problem if moved else None, "jack-problem", kind="warning"),
        ft.Row([
            button("Start over", (lambda: e.set_choice(taps.start_over(choice))) if moved else None,
                   "jack-reset", primary=False),
            button("Another line", lambda: e.set_choice(taps.another_line(choice)), "jack-line", primary=False),
        ], wrap=True, spacing=6),
        button("Rearrange", rearrange if problem is None else None, "jack-rearrange-submit",
               icon=ft.Icons.SWAP_HORIZ),
    ]


_ENTRIES: dict[str, Callable[[Entering], list[ft.Control | None]]] = {
    "play": _play_entry,
    "attack": _attack_entry,
    "jack-reveal": _jack_reveal_entry,
    "scout": _scout_entry,
    "joker": _joker_entry,
    "six": _six_entry,
    "drain": _drain_entry,
    "consolidate": _consolidate_entry,
    "jack-rearrange": _jack_line_entry,
}
"""each action → the entry below the battlefield (nothing to show: an empty list)"""
