"""What every calculator shares: a ruling (the ask's answer in the players' words), the one
way to ask (``ask``: the same ``companion resolve`` the command line uses), keeping the last
good ruling on screen while the input has a problem, and the panel that shows a ruling with
its explanation and the buttons to copy or share it as plain text.

No rule is decided here: the numbers and the explanation come from the ask's answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import flet as ft

from card_companion.calculators.cards import Card, Deck
from card_companion.companion.protocol import ProtocolError, resolve
from card_companion.views.card_picker import CardSlots, overuse_warning
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import sized, use_maybe, use_text_scale
from card_companion.views.sharing import can_share, client_action, secure_origin
from card_companion.views.widgets import TOUCH_SWITCH, button, explanation, message, tagged, touch_segments


class Overused(ValueError):
    """A card entered more often than the decks hold: the picker's own warning says which."""


@dataclass(frozen=True)
class Ruling:
    """One answer as the calculator shows it."""

    title: str
    """what was asked, with its cards: "Attacker's Q♠ against Defender's 7♥" """
    headline: str
    """the answer in one line"""
    lines: tuple[str, ...]
    """the ask's explanation, in the seats' names"""
    answer: dict[str, Any] = field(default_factory=dict, compare=False)
    """the ask's answer as ``companion resolve`` prints it"""
    figures: tuple[tuple[str, str], ...] = ()
    """numbers worth reading at a glance: ("HP", "10"), ...; shown as tiles"""

    def text(self, game_name: str) -> str:
        """The ruling as plain text, for the group chat."""
        out = [f"{game_name}: {self.title}", self.headline]
        out += [f"{label}: {value}" for label, value in self.figures]
        out += [f"• {line}" for line in self.lines]
        out.append(f"(worked out by Card Companion from the rules of {game_name})")
        return "\n".join(out)


def ask(request: dict[str, Any]) -> dict[str, Any]:
    """The ask of ``companion resolve``: the answer, or ProtocolError with the reason."""
    return resolve(request)


def check_deck(deck: Deck, cards: Sequence[Card | None]) -> None:
    """Refuse cards entered more often than the game's decks hold them (Overused)."""
    warning = overuse_warning(deck, (), cards)
    if warning:
        raise Overused(warning)


def sentence(text: str) -> str:
    """An ask's reason as a sentence: capital first letter, a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


@dataclass(frozen=True)
class Shown:
    """What the calculator shows now."""

    ruling: Ruling | None
    """the ruling for the cards entered, or the last good one"""
    problem: str | None = None
    """why the cards entered now have no ruling (a sentence for under the picker)"""
    stale: bool = False
    """the ruling is the last good one, not for the cards entered now"""
    waiting: bool = False
    """some cards are still to be entered"""


def use_ruling(compute: Callable[[], Ruling | None], fresh: Any = None) -> Shown:
    """Work out the ruling for the current input (``compute`` returns None while cards are
    missing, raises ProtocolError / ValueError for input the ask refuses, Overused for a card
    entered too often); keep the last good ruling on screen when there is none, until
    ``fresh`` changes (a new round: its cards are not a change of the last ones)."""
    last: MutableRef[dict[str, Any]] = ft.use_ref(lambda: {"fresh": fresh, "ruling": None})
    if last.current is None or last.current["fresh"] != fresh:
        last.current = {"fresh": fresh, "ruling": None}
    memory = last.current
    kept = memory["ruling"]
    try:
        ruling = compute()
    except Overused:
        return Shown(kept, None, stale=kept is not None)
    except (ProtocolError, ValueError) as exc:
        return Shown(kept, sentence(str(exc)), stale=kept is not None)
    if ruling is None:
        return Shown(kept, None, stale=kept is not None, waiting=True)
    memory["ruling"] = ruling
    return Shown(ruling)


_MemoSlots = ft.memo(CardSlots)


def Slots(*args, **kwargs) -> ft.Control:
    """The card picker's places as every calculator has them: the picker stays out once the
    places are filled (a calculator is for changing one card after another: the next rank and
    suit change the card just entered, a tap on another place changes that one). The places
    follow the calculator (``CardSlots(follows=True)``): give them the cards as the calculator
    holds them now as ``initial`` and stable handlers from ``use_stable``. A changed card then
    redraws the places and the ruling in one update; the calculator's other renders skip the
    places while their props are equal."""
    return _MemoSlots(*args, fold=False, follows=True, **kwargs)


def problem_note(shown: Shown, ident: str = "calc-problem") -> ft.Control | None:
    """The sentence under the picker when the ask refuses the cards entered."""
    return message(shown.problem, ident)


def counter(label: str, value: int, lo: int, hi: int, on_change: Callable[[int], None], ident: str) -> ft.Control:
    """A number a thumb changes one step at a time: "Fighters  − 3 +"."""
    return ft.Row(
        [
            ft.Text(label, size=16, expand=True),
            button("−", (lambda: on_change(value - 1)) if value > lo else None, f"{ident}-less", primary=False),
            tagged(f"{ident}-value", ft.Text(str(value), size=sized(20), weight=ft.FontWeight.BOLD, width=36,
                                             text_align=ft.TextAlign.CENTER), label=f"{label}: {value}"),
            button("+", (lambda: on_change(value + 1)) if value < hi else None, f"{ident}-more", primary=False),
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


Choice = TypeVar("Choice", bound=str)


def segmented(ident: str, label: str | None, options: Sequence[tuple[Choice, str]], chosen: Choice,
              on_choose: Callable[[Choice], None]) -> ft.Control:
    """One choice of a few (a segmented button), under its label; ``on_choose`` gets the value
    of the option tapped."""
    control = tagged(ident, touch_segments(
        segments=[ft.Segment(value=v, label=ft.Text(text)) for v, text in options],
        selected=[chosen],
        on_change=lambda e: on_choose(next(iter(e.control.selected))),
    ), label=label)
    if not label:
        return control
    return ft.Column([ft.Text(label, weight=ft.FontWeight.BOLD), control], spacing=4, tight=True)


def switch(ident: str, label: str, value: bool, on_change: Callable[[bool], None],
           hint: str | None = None) -> ft.Control:
    """An option that is on or off: a short label (a Switch's label does not wrap on a phone)
    and, under it, what it does."""
    control = tagged(ident, ft.Switch(label=label, value=value, on_change=lambda e: on_change(bool(e.control.value)),
                                      **TOUCH_SWITCH),
                     label=label)
    if not hint:
        return control
    return ft.Column([control, ft.Text(hint, size=12, italic=True)], spacing=0, tight=True)


@dataclass(frozen=True)
class Group:
    """Some places of one CardSlots that belong together: the props, the cards played..."""

    key: str
    label: str
    """"Prop" → places "Prop 1", "Prop 2"...; a group of one place is just "Agitator" """
    size: int

    def labels(self) -> list[str]:
        if self.size == 1:
            return [self.label]
        return [f"{self.label} {i + 1}" for i in range(self.size)]


def group_labels(groups: Sequence[Group]) -> list[str]:
    return [label for g in groups for label in g.labels()]


def group_values(groups: Sequence[Group], entered: dict[str, list]) -> list:
    """The places' cards in order, from what was entered per group (kept when a group grows
    or shrinks: a new place is empty, a dropped one forgotten)."""
    out: list = []
    for g in groups:
        cards = list(entered.get(g.key, []))[:g.size]
        out += cards + [None] * (g.size - len(cards))
    return out


def split_groups(groups: Sequence[Group], values: Sequence) -> dict[str, list]:
    out, i = {}, 0
    for g in groups:
        out[g.key] = list(values[i:i + g.size])
        i += g.size
    return out


def slots_key(groups: Sequence[Group], version: int = 0) -> str:
    """A CardSlots key that changes when the places change."""
    return "slots-" + "-".join(f"{g.key}{g.size}" for g in groups) + f"-{version}"


def whole_number(text: str, what: str) -> int:
    """A count or total typed by the players; ValueError with a sentence if it is not one."""
    try:
        n = int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what}: enter a whole number") from None
    if n < 0:
        raise ValueError(f"{what}: enter a whole number, 0 or more")
    return n


@ft.component
def RulingPanel(shown: Shown, game_name: str, ident: str = "calc") -> ft.Control:
    """The ruling: headline, figures, explanation; Copy and Share as plain text."""
    use_text_scale()  # sizes below follow the text-size setting
    copied, set_copied = use_maybe(str)  # the text last copied
    manual, set_manual = ft.use_state(False)  # show the text to select by hand
    page = ft.context.page
    ruling = shown.ruling
    if ruling is None:
        hint = "Enter the cards: the ruling shows here as soon as they are all in."
        return tagged(f"{ident}-result", ft.Text(hint, italic=True), label=hint)
    text = ruling.text(game_name)
    secure = secure_origin(page)
    parts: list[ft.Control | None] = []
    if shown.stale:
        why = ("Some cards are not entered yet" if shown.waiting
               else "What is entered now has a problem (see above)")
        parts.append(message(f"{why}: this is the last good ruling, for the cards before the change.",
                             f"{ident}-stale", kind="info"))
    parts.append(tagged(
        f"{ident}-headline",
        ft.Container(
            content=ft.Column(
                [ft.Text(ruling.title, size=13, color=ft.Colors.ON_PRIMARY_CONTAINER),
                 ft.Text(ruling.headline, size=sized(20), weight=ft.FontWeight.BOLD,
                         color=ft.Colors.ON_PRIMARY_CONTAINER)],
                spacing=2, tight=True),
            padding=12,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        ),
        label=f"{ruling.title}: {ruling.headline}",
    ))
    if ruling.figures:
        parts.append(ft.Row([_figure(label, value, f"{ident}-figure-{i}") for i, (label, value)
                             in enumerate(ruling.figures)], wrap=True, spacing=8, run_spacing=8))
    parts.append(explanation(ruling.lines, ident=f"{ident}-explanation", title="Why"))

    copy = button("Copy the ruling", lambda: set_copied(text) if secure else set_manual(True), f"{ident}-copy",
                  icon=ft.Icons.CONTENT_COPY, primary=False,
                  action=client_action(lambda: ft.CopyToClipboard(text)) if secure else None)
    row: list[ft.Control] = [copy]
    if can_share(page):
        row.append(button("Share", lambda: None, f"{ident}-share", icon=ft.Icons.SHARE, primary=False,
                          action=client_action(lambda: ft.ShareText(text, subject=f"{game_name}: a ruling"))))
    parts.append(ft.Row(row, wrap=True, spacing=8, run_spacing=8))
    if copied == text:
        parts.append(message("Copied: paste it into the group chat.", f"{ident}-copied", kind="info"))
    if manual and not secure:
        parts += [
            ft.Text("This browser lets the app copy only over https or on this device: select the text and copy it.",
                    size=13),
            tagged(f"{ident}-text", ft.TextField(value=text, multiline=True, read_only=True, min_lines=3,
                                                 max_lines=10, label="the ruling as text"), label="the ruling as text"),
        ]
    return tagged(f"{ident}-result", ft.Column([p for p in parts if p is not None], spacing=8, tight=True,
                                               horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def _figure(label: str, value: str, ident: str) -> ft.Control:
    return tagged(ident, ft.Container(
        content=ft.Column([ft.Text(label, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                           ft.Text(value, size=sized(22), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE)],
                          spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(vertical=6, horizontal=12),
        border_radius=8,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    ), label=f"{label} {value}")
