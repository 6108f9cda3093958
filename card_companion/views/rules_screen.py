"""The game's rules in the app: the rule text as written, and the rulings the app applies.

The rule text: a search field, the contents (each entry a link to its section), then the text
in its sections. A contents entry, a search hit or a ruling's link opens its section alone,
the paragraph it points at marked, with a way back to the whole text. (Showing the section
alone rather than scrolling the long page to it: it needs no layout from the browser before
it can go there, so it works the same in the served web client, on a slow phone and in the
view tests, and the paragraph pointed at is at the top of the screen, not somewhere below.)
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlparse

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.registry import GAMES
from card_companion.companion.rule_texts import Hit, Place, RuleText, RulingsBlock
from card_companion.companion.rules import rule_sections, rulings_blocks
from card_companion.views.hooks import use_maybe
from card_companion.views.navigation import screen
from card_companion.views.widgets import TOUCH_FIELD, TOUCH_HIGH, button, message, section, tagged, touch_segments

HEADING_SIZES = {1: 20, 2: 18, 3: 17}
MOST_HITS = 40


@ft.component
def RulesScreen() -> ft.View:
    game_id = ft.use_route_params().get("game", "")
    game = GAMES.get(game_id)
    tab, set_tab = ft.use_state("rules")
    words, set_words = ft.use_state("")
    opened, set_opened = use_maybe(Place)
    if game is None:
        return screen("Rules", [message(f"There is no game called {game_id!r}.")], route=f"/rules/{game_id}")
    text = rule_sections(game)

    def open_place(place: Place | None) -> None:
        set_tab("rules")
        set_words("")
        set_opened(place)

    chooser = tagged("rules-tab", touch_segments(
        segments=[ft.Segment(value="rules", label=ft.Text("Rule text")),
                  ft.Segment(value="rulings", label=ft.Text("Rulings"))],
        selected=[tab],
        on_change=lambda e: set_tab(next(iter(e.control.selected))),
    ), label="rule text or rulings")
    if tab == "rules":
        body = rule_text_body(text, words, set_words, opened, open_place)
    else:
        body = [rulings_body(rulings_blocks(game), text, open_place)]
    back = parse_qs(urlparse(ft.context.page.route or "").query).get("back", ["/"])[0]
    if not back.startswith("/"):
        back = "/"
    return screen(f"Rules: {game.name}", [chooser, *body], route=f"/rules/{game_id}", back=back)


def rule_text_body(text: RuleText, words: str, set_words: Callable, opened: Place | None,
                   open_place: Callable[[Place | None], None]) -> list[ft.Control | None]:
    field = tagged("rule-search", ft.TextField(
        value=words, label="Find in the rules", prefix_icon=ft.Icons.SEARCH, **TOUCH_FIELD,
        on_change=lambda e: set_words(e.control.value or ""),
    ), label="Find in the rules")
    if words.strip():
        return [field, *search_hits(text, words, open_place)]
    if opened is not None:
        return [field, *opened_section(text, opened, open_place)]
    links: list[ft.Control] = [tagged(f"contents-{i}", ft.TextButton(
        entry.label, on_click=going(open_place, entry.place), disabled=entry.place is None, **TOUCH_HIGH,
        style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT, padding=ft.Padding.symmetric(horizontal=8)),
    )) for i, entry in enumerate(text.contents)]
    contents = section("Contents", [ft.Column(links, spacing=0, tight=True)], ident="rule-contents")
    whole = [control for i in range(len(text.sections)) for control in section_controls(text, i, None)]
    return [field, contents, tagged("rule-text", ft.Column(whole, spacing=8, tight=True))]


def going(open_place: Callable[[Place | None], None], place: Place | None) -> Callable[[], None]:
    """A tap that opens this place (a handler of no argument: Flet passes none to it)."""
    return lambda: open_place(place)


def section_controls(text: RuleText, index: int, marked: Place | None) -> list[ft.Control]:
    s = text.sections[index]
    out: list[ft.Control] = [ft.Text(s.title, weight=ft.FontWeight.BOLD, size=HEADING_SIZES.get(s.level, 16))]
    for j, paragraph in enumerate(s.paragraphs):
        shown = ft.Text(paragraph)
        if marked == Place(index, j):
            out.append(tagged("rule-paragraph-marked", ft.Container(
                shown, padding=8, border_radius=8, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                border=ft.Border.all(2, ft.Colors.PRIMARY))))
        else:
            out.append(shown)
    return out


def opened_section(text: RuleText, place: Place,
                   open_place: Callable[[Place | None], None]) -> list[ft.Control | None]:
    """The section a link opened: alone (with the sections under it when it was opened whole),
    its paragraph marked, the whole text one tap away, and the next section."""
    shown = text.part(place.section) if place.paragraph is None else range(place.section, place.section + 1)
    body = [c for i in shown for c in section_controls(text, i, place)]
    after = shown.stop if shown.stop < len(text.sections) else None
    return [
        button("Whole text and contents", lambda: open_place(None), "rule-contents-back",
               icon=ft.Icons.MENU_BOOK, primary=False),
        tagged("rule-section", ft.Column(body, spacing=8, tight=True)),
        None if after is None else button(f"Next: {text.sections[after].title}",
                                          lambda: open_place(Place(after)), "rule-next", primary=False),
    ]


def search_hits(text: RuleText, words: str, open_place: Callable[[Place | None], None]) -> list[ft.Control]:
    hits = text.search(words)
    found = sum(h.count for h in hits)
    if not hits:
        return [tagged("rule-hits-count", ft.Text(f"“{words.strip()}” is not in the rule text."))]
    said = (f"“{words.strip()}” found {plural(found, 'time')} in {plural(len(hits), 'paragraph')}. "
            "Tap one to read it in its section.")
    out: list[ft.Control] = [tagged("rule-hits-count", ft.Text(said))]
    out += [hit_card(i, hit, open_place) for i, hit in enumerate(hits[:MOST_HITS])]
    if len(hits) > MOST_HITS:
        out.append(ft.Text(f"{len(hits) - MOST_HITS} more paragraphs: add a word to narrow the search."))
    return out


def hit_card(i: int, hit: Hit, open_place: Callable[[Place | None], None]) -> ft.Control:
    spans = [ft.TextSpan(piece, style=ft.TextStyle(weight=ft.FontWeight.BOLD, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                                                   color=ft.Colors.ON_TERTIARY_CONTAINER) if found else None)
             for piece, found in hit.pieces]
    return tagged(f"rule-hit-{i}", ft.Container(
        ft.Column([ft.Text(hit.section_title, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT),
                   ft.Text(spans=spans)], spacing=2, tight=True),
        padding=10, border_radius=8, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ink=True, on_click=lambda: open_place(hit.place),
    ))


def rulings_body(blocks: tuple[RulingsBlock, ...], text: RuleText,
                 open_place: Callable[[Place | None], None]) -> ft.Control:
    """The rulings page: its headings and notes as written, each ruling with a link to the rule
    paragraph it settles."""
    out: list[ft.Control] = []
    rulings = 0
    for block in blocks:
        if block.kind == "heading":
            out.append(ft.Text(block.text, weight=ft.FontWeight.BOLD, size=HEADING_SIZES.get(block.level, 16)))
            continue
        md = ft.Markdown(block.text, extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)
        if block.kind == "note":
            out.append(md)
            continue
        place = text.find(block.settles) if block.settles else None
        link = None
        if place is not None:
            title = text.sections[place.section].title
            link = tagged(f"ruling-{rulings}-rule", ft.TextButton(
                f"Rule it settles: {title}, “{block.settles}…”", icon=ft.Icons.MENU_BOOK,
                on_click=going(open_place, place),
                style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT, padding=ft.Padding.symmetric(horizontal=4)),
            ))
        out.append(tagged(f"ruling-{rulings}", ft.Column([md, link] if link else [md], spacing=0, tight=True)))
        rulings += 1
    return tagged("rulings-text", ft.Column(out, spacing=10, tight=True))
