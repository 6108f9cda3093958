"""A JSON document read a piece at a time: the members of its top object one by one, and the
items of one array in it one by one, each decoded alone (``json.JSONDecoder.raw_decode`` over
a buffer filled as it is needed), so a file of many saved games is imported in the memory of
one game, however long the file (store_transfer.py). The stdlib has no streaming reader.

Text is read in pieces (64 KB, or as much again as the buffer holds when one value is larger:
a value is decoded again after each read, so the reads grow geometrically and a large value
still costs linear time); a value is never longer than ``limit`` characters (``TooLong``). The
bytes of a file are decoded as ``json.loads`` would (UTF-8, -16 or -32, found from its first
bytes); text that is not JSON, or not text at all, is ``NotJson``.

>>> doc = JsonStream(io.StringIO('{"format": "x", "games": [{"a": 1}, 2, [3]]}'))
>>> doc.begin_object()
True
>>> doc.key(), doc.value()
('format', 'x')
>>> doc.key(), list(doc.items())
('games', [{'a': 1}, 2, [3]])
>>> doc.key(), doc.end()
(None, None)
"""

from __future__ import annotations

import codecs
import io
import json
import re
from collections.abc import Iterator
from typing import IO, Any, Protocol

PIECE = 1 << 16
"""characters read at a time"""


class NotJson(ValueError):
    """The text is not JSON (or not text)."""


class TooLong(ValueError):
    """One value is longer than the reader's limit."""


class Text(Protocol):
    """What the reader reads: text, ``size`` characters at most at a time ('' at the end)."""

    def read(self, size: int, /) -> str: ...


def text_of(source: str | bytes | IO[bytes]) -> Text:
    """The text of a file (opened for bytes) or of its content, decoded as ``json.loads``
    decodes bytes."""
    if isinstance(source, str):
        return io.StringIO(source)
    return _Decoded(io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source)


class _Decoded:
    """A binary file's text, its encoding found from its first four bytes (``json.detect_encoding``)."""

    def __init__(self, raw: IO[bytes]):
        self.raw = raw
        self.decoder: codecs.IncrementalDecoder | None = None

    def read(self, size: int, /) -> str:
        """Up to ``size`` bytes' worth of text; '' only at the end (a character cut between two
        reads waits for the next)."""
        while True:
            data = self.raw.read(size)
            if self.decoder is None:
                while len(data) < 4 and (more := self.raw.read(4 - len(data))):
                    data += more
                self.decoder = codecs.getincrementaldecoder(json.detect_encoding(data))()
            try:
                text = self.decoder.decode(data, final=not data)
            except UnicodeDecodeError:
                raise NotJson("not text") from None
            if text or not data:
                return text


class JsonStream:
    """One JSON document of a text file, read member by member and item by item."""

    def __init__(self, text: Text, limit: int | None = None, piece: int = PIECE):
        self.text = text
        self.limit = limit
        self.piece = piece
        self.buffer = ""
        self.at = 0
        self.read_before = 0
        """characters of the text before the buffer (``position``)"""
        self.ended = False
        self.decoder = json.JSONDecoder()
        self._first = True

    @property
    def position(self) -> int:
        """Characters read so far (up to the end of the last value taken)."""
        return self.read_before + self.at

    def _more(self, at_least: int = 0) -> bool:
        """Read on (the buffer keeps what is not taken yet); False at the end of the text."""
        if self.ended:
            return False
        piece = self.text.read(max(self.piece, at_least))
        if not piece:
            self.ended = True
            return False
        self.read_before += self.at
        self.buffer = self.buffer[self.at:] + piece
        self.at = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the text)."""
        while True:
            buffer, at = self.buffer, self.at
            while at < len(buffer) and buffer[at] in " \t\n\r":
                at += 1
            self.at = at
            if at < len(buffer):
                return buffer[at]
            if not self._more():
                return ""

    def take(self, char: str) -> None:
        if self.peek() != char:
            raise NotJson(f"expected {char!r}")
        self.at += 1

    def value(self) -> Any:
        """The next value, decoded."""
        if self.peek() == "":
            raise NotJson("the text ends where a value should be")
        while True:
            try:
                found, end = self.decoder.raw_decode(self.buffer, self.at)
            except json.JSONDecodeError as exc:
                if not _maybe_cut(exc, len(self.buffer)):
                    raise NotJson(exc.msg) from None
                found, end = None, -1
            except RecursionError:
                raise NotJson("nested beyond reason") from None
            # a value that reaches the end of what was read may go on (the text was cut there,
            # or in a number: "0." of "0.5"): read as much again and decode it again
            if end != -1 and (self.ended or not _may_go_on(found, self.buffer, end)):
                if self.limit is not None and end - self.at > self.limit:
                    raise TooLong(f"a value is longer than {self.limit} characters")
                self.at = end
                return found
            if self.limit is not None and len(self.buffer) - self.at > self.limit:
                raise TooLong(f"a value is longer than {self.limit} characters")
            if not self._more(len(self.buffer) - self.at) and end == -1:
                raise NotJson("a value is not JSON")

    def begin_object(self) -> bool:
        """Step into the top object; False (nothing taken) when the document is not one."""
        if self.peek() != "{":
            return False
        self.at += 1
        self._first = True
        return True

    def key(self) -> str | None:
        """The next member's name (its value is read next), or None after the object's last."""
        if self.peek() == "}":
            self.at += 1
            return None
        if not self._first:
            self.take(",")
        self._first = False
        if self.peek() != '"':
            raise NotJson("a name is not a string")
        name = self.value()
        self.take(":")
        return str(name)

    def items(self) -> Iterator[Any]:
        """The items of the array that is the next value, one at a time."""
        self.take("[")
        if self.peek() == "]":
            self.at += 1
            return
        while True:
            yield self.value()
            if self.peek() == "]":
                self.at += 1
                return
            self.take(",")

    def end(self) -> None:
        """The document ends here (nothing but white space follows)."""
        if self.peek() != "":
            raise NotJson("there is more after the document")


def _maybe_cut(exc: json.JSONDecodeError, length: int) -> bool:
    """Whether the decoder may have failed only because the text read so far ends in the
    middle of the value (an unterminated string, or an error in the last few characters: a
    number, a word or an escape cut short); any other error is in the text itself."""
    return exc.msg.startswith("Unterminated string") or exc.pos >= length - 8


_NUMBER_GOES_ON = re.compile(r"[0-9.eE+-]*\Z")


def _may_go_on(found: Any, buffer: str, end: int) -> bool:
    """Whether a value decoded up to ``end`` may be longer in the text not read yet."""
    if end == len(buffer):
        return True
    number = isinstance(found, (int, float)) and not isinstance(found, bool)
    return number and _NUMBER_GOES_ON.match(buffer, end) is not None
