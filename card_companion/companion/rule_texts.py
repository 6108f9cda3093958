"""The rule texts read as a reader finds their way in them: sections under their headings, the
contents (the text's own, or made from its headings) each pointing at its section, a word
searched for and found in its paragraphs, and a ruling pointing at the paragraph it settles.

Pure: strings in, frozen values out, no Flet and no files (``companion.rules`` reads them).
The words of a rule text are never changed: a paragraph is its lines as written, with the
typesetting marks (``**``, ``#``, ``<sup>``) taken away and a list's dash shown as a bullet.

The texts set their headings in three ways, recognised from the text itself:
- Markdown (FIGHT!): ``#`` lines, and a line that is bold alone (``**TIE BREAKER CARD:**``);
- labels (Card Stratego): a paragraph starting with a word in capitals and a colon
  (``BATTLEFIELD: The battlefield is...``): the label names the section, the paragraph keeps it;
- lines (the others): a short line of its own, starting with a capital, without commas,
  ``=`` or an end mark (``Starting a Fight``, ``ENDING THE GAME``, ``Encounter: Monster``).
A text with a ``Contents`` block (CardPeeGee) keeps its own entries; where an entry's words
are not its heading's, ``CONTENTS_HEADINGS`` says which heading it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

END_MARKS = ".!?,:;"

# A contents entry whose words differ from its heading's (CardPeeGee's contents name its pages;
# "Using your cards" names no heading: it is the paragraph that starts the page).
CONTENTS_HEADINGS = {
    "playing the game": "how to play (basic game)",
    "encounters": "encounter: monster",
    "monster battles": "encounter: monster",
    "treasure chests": "encounter: treasure chest",
    "healers": "encounter: healer",
    "traps": "encounter: trap",
    "town": "town phase (end of turn)",
    "appendix 1 advanced rules": "advanced rules",
    "appendix 2 elements": "elements",
    "appendix 3 boss battles": "boss battle",
}
CONTENTS_PARAGRAPHS = {"using your cards": "Cards in your hand act as an inventory"}


@dataclass(frozen=True)
class Place:
    """A place in a rule text: a section, and one of its paragraphs (None: the whole section)."""

    section: int
    paragraph: int | None = None


@dataclass(frozen=True)
class Section:
    title: str
    level: int  # 1 the main headings; 2, 3... the headings under them
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class ContentsEntry:
    label: str
    place: Place | None  # None: the entry names nothing in the text (the tests say there is none)


@dataclass(frozen=True)
class Hit:
    """A paragraph where the searched words are, cut into pieces: (text, is the word found)."""

    place: Place
    section_title: str
    pieces: tuple[tuple[str, bool], ...]

    @property
    def count(self) -> int:
        return sum(1 for _, found in self.pieces if found)


def folded(text: str) -> str:
    """The text for comparing: lower case, typographic apostrophes and quotes made plain
    (one character for one, so positions stay those of the text)."""
    table = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " ", "–": "-", "—": "-"})
    return text.translate(table).lower()


def _words(text: str) -> str:
    """A title or entry in its bare words, to compare one with another."""
    text = re.sub(r"^page \d+\s+", "", folded(text).strip())
    return re.sub(r"\s+", " ", re.sub(r"[^\w():\s-]", "", text)).strip(" :")


def shown(line: str) -> str:
    """A line of a rule text as the screen shows it: the same words, without the typesetting."""
    line = line.replace("<sup>", "").replace("</sup>", "").replace("**", "")
    line = re.sub(r"(?<![\\\w])\*(\S[^*]*?)\*", r"\1", line)
    line = line.replace("\\*", "*").replace("\u00a0", " ").rstrip()
    return re.sub(r"^(\s*)[-•]\s+", r"\1• ", line)


@dataclass(frozen=True)
class RuleText:
    sections: tuple[Section, ...]
    contents: tuple[ContentsEntry, ...]

    def find(self, quote: str) -> Place | None:
        """The one paragraph holding these words (compared without case or typographic marks)."""
        want = folded(" ".join(quote.split()))
        found = [Place(i, j) for i, s in enumerate(self.sections) for j, p in enumerate(s.paragraphs)
                 if want in folded(" ".join(p.split()))]
        return found[0] if len(found) == 1 else None

    def section_of(self, title: str) -> int | None:
        want = _words(title)
        return next((i for i, s in enumerate(self.sections) if _words(s.title) == want), None)

    def part(self, section: int) -> range:
        """The section and the sections under it, up to the next heading of its level or above
    (a heading repeated on the text's next pages, CardPeeGee's BOSS BATTLE, goes on with it; a
    heading with no text of its own, Peace and Love's Optional Rules, takes the next one)."""
        first = self.sections[section]
        end = section + 1
        while end < len(self.sections) and (self.sections[end].level > first.level
                                            or self.sections[end].title == first.title
                                            or not self.sections[end - 1].paragraphs):
            end += 1
        return range(section, end)

    def search(self, words: str) -> tuple[Hit, ...]:
        """Every paragraph holding the words (or a heading holding them: its first paragraph),
        the words marked wherever they are in it."""
        want = folded(" ".join(words.split()))
        if not want:
            return ()
        hits = []
        for i, s in enumerate(self.sections):
            for j, p in enumerate(s.paragraphs):
                pieces = _cut(p, want)
                if len(pieces) > 1 or (pieces and pieces[0][1]):
                    hits.append(Hit(Place(i, j), s.title, pieces))
        return tuple(hits)


def _cut(text: str, want: str) -> tuple[tuple[str, bool], ...]:
    low, pieces, at = folded(text), [], 0
    while (k := low.find(want, at)) >= 0:
        if k > at:
            pieces.append((text[at:k], False))
        pieces.append((text[k:k + len(want)], True))
        at = k + len(want)
    if at < len(text):
        pieces.append((text[at:], False))
    return tuple(pieces)


def _blocks(text: str) -> list[list[str]]:
    """The text's paragraphs as their lines (a blank line, or one of spaces only, ends one)."""
    blocks: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.replace("\u00a0", " ").strip():
            blocks[-1].append(line.rstrip())
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


MARKDOWN_HEADING = re.compile(r"^(#{1,6})\s+(.+)$")
BOLD_HEADING = re.compile(r"^\*\*([^*]+)\*\*$")
LABEL = re.compile(r"^([A-Z][A-Z ]{2,}):\s")


def _style(blocks: list[list[str]]) -> str:
    if any(MARKDOWN_HEADING.match(line) for b in blocks for line in b):
        return "markdown"
    if sum(1 for b in blocks if LABEL.match(b[0])) >= 3:
        return "labels"
    return "lines"


CAPS_LEAD = re.compile(r"^[A-Z]{2,}( [A-Z]{2,})* - ")


def _line_heading(line: str) -> bool:
    text = line.strip()
    if not text or not text[0].isupper() or text[-1] in END_MARKS or len(text.split()) > 9:
        return False
    if ":" in text and len(text.split(":", 1)[1].split()) > 2:  # "Object: To lose all your cards"
        return False
    return not any(c in text for c in "=\t") and ("," not in text or bool(CAPS_LEAD.match(text)))


def _in_capitals(title: str) -> bool:
    bare = re.sub(r"\(.*?\)", "", title)
    return bare.upper() == bare


def _split_at_headings(block: list[str]) -> list[list[str]]:
    """A heading line inside a paragraph, followed by its text (``Anti Math Geek``), starts one."""
    parts = [[block[0]]]
    for k, line in enumerate(block[1:], start=1):
        if k + 1 < len(block) and _line_heading(line) and block[k - 1].rstrip()[-1:] in END_MARKS:
            parts.append([])
        parts[-1].append(line)
    return parts


def _heading(line: str, style: str, caps: bool) -> tuple[str, int] | None:
    """The heading this line is, with its level, or None."""
    if style == "markdown":
        if m := MARKDOWN_HEADING.match(line):
            return shown(m.group(2)).rstrip(":"), len(m.group(1))
        if m := BOLD_HEADING.match(line.strip()):
            return m.group(1).rstrip(":"), 4
        return None
    if style == "lines" and _line_heading(line):
        text = line.strip()
        return text, (1 if not caps or _in_capitals(text) else 2)
    return None


def parse_rule_text(text: str) -> RuleText:
    """Sections, contents and paragraphs of one rule text (see the module's docstring)."""
    blocks = _blocks(text)
    style = _style(blocks)
    if style == "lines":
        blocks = [part for b in blocks for part in _split_at_headings(b)]
    caps = any(_line_heading(b[0]) and _in_capitals(b[0]) and len(b[0].strip()) > 3 for b in blocks)
    entries: list[str] = []
    sections: list[tuple[str, int, list[str]]] = []
    in_contents = False
    for block in blocks:
        lines = list(block)
        if style == "labels" and (m := LABEL.match(lines[0])):
            sections.append((m.group(1), 1, []))
        while lines and (h := _heading(lines[0], style, caps)):
            title = h[0]
            if _words(title) == "contents" and not sections:
                in_contents = True
            elif in_contents and entries and _words(title) == _words(entries[0]):
                in_contents = False
            if in_contents:
                if _words(title) != "contents":
                    entries.append(title)
            else:
                sections.append((title, h[1], []))
            lines.pop(0)
        if not lines:
            continue
        if in_contents:
            entries += [line.strip() for line in lines]
            continue
        if not sections:  # the text's opening, under its first line
            sections.append((shown(lines.pop(0)).strip(), 1, []))
            if not lines:
                continue
        sections[-1][2].append("\n".join(shown(line) for line in lines))
    made = RuleText(tuple(Section(t, lv, tuple(ps)) for t, lv, ps in sections), ())
    return RuleText(made.sections, _contents(made, entries))


def _contents(text: RuleText, entries: list[str]) -> tuple[ContentsEntry, ...]:
    if not entries:
        return tuple(ContentsEntry(s.title, Place(i)) for i, s in enumerate(text.sections))
    out = []
    for entry in entries:
        label = re.sub(r"^Page \d+\s+", "", entry).strip()
        words = _words(label).rstrip(":")
        if words in CONTENTS_PARAGRAPHS:
            place = text.find(CONTENTS_PARAGRAPHS[words])
        else:
            section = text.section_of(CONTENTS_HEADINGS.get(words, words))
            place = None if section is None else Place(section)
        out.append(ContentsEntry(label, place))
    return tuple(out)


# The rulings pages -------------------------------------------------------------------------

SETTLES = re.compile(r'\s*Settles: "([^"]+)"\.?\s*$')
ITEM = re.compile(r"^(- |\d+\. )")


@dataclass(frozen=True)
class RulingsBlock:
    """One block of a rulings page: a heading, a note, or a ruling (Markdown, as written) with
    the words of the rule paragraph it settles (``Settles: "..."`` at its end)."""

    kind: str  # "heading", "note" or "ruling"
    text: str
    level: int = 0
    settles: str | None = None


def parse_rulings(markdown: str) -> tuple[RulingsBlock, ...]:
    """A rulings page cut into its headings, notes and rulings (each list item is a ruling)."""
    out: list[RulingsBlock] = []
    lines: list[str] = []

    def close() -> None:
        if not lines:
            return
        text = "\n".join(lines).strip()
        lines.clear()
        if not text:
            return
        if ITEM.match(text):
            m = SETTLES.search(text)
            body = text[:m.start()].rstrip() if m else text
            out.append(RulingsBlock("ruling", body, settles=m.group(1) if m else None))
        else:
            out.append(RulingsBlock("note", text))

    for line in markdown.splitlines():
        if m := re.match(r"^(#{1,6})\s+(.+)$", line):
            close()
            out.append(RulingsBlock("heading", m.group(2).strip(), level=len(m.group(1))))
        elif ITEM.match(line) or not line.strip():
            close()
            lines.append(line)
        else:
            lines.append(line)
    close()
    return tuple(out)
