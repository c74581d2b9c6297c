"""The one loop of the N-Triples and N-Quads readers, and what their fast paths share.

``LineLoop._read_lines`` reads a document chunk by chunk: a fast path takes whole statements
while its regexes do, a precise reader the rest (blank lines, comments, rarer shapes, every
error). The parser (``lines.LineParser``), the validator (``validate_lines.LineValidator``) and
the converter (``convert_lines.LineConverter``) are this loop with their own hooks.

Nothing here builds an rdflib term or raises a ParseError, so the validator, which reaches its
precise reader only for a statement its regexes do not take, runs without importing rdflib
(whose import is half of what ``validate`` of a small file takes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any, Final

from ..syntax.caches import trim_caches
from ..syntax.chunks import ChunkReader
from ..syntax.langtag import langtag_error
from ..syntax.reader import BatchReader, OnError

if TYPE_CHECKING:
    from ..syntax.reader import SinkQuad
    from .lines import LineParser

__all__ = [
    "LONG_LINE",
    "REFUSED",
    "Fast",
    "LineFront",
    "LineLoop",
    "line_end_at",
    "lines_are_long",
    "raw_quote",
]

#: A fast path over one chunk: from a line start, it takes whole statements while its regexes
#: do and returns where it stopped (where it started if it took none).
Fast = Callable[[int], int]

# A line this long holds a long literal: the validator reads it by a pattern of its own, and a
# chunk of such lines is parsed without looking its literals up by their text (long ones are
# never cached, and hashing 4 KiB cost a tenth of parsing its line).
LONG_LINE: Final = 512
# What a long line's reader returns for a long line it does not take.
REFUSED: Final = -2


class LineLoop(BatchReader):
    """A reader of N-Triples (``quads=False``) or N-Quads: ``_read_lines`` and its hooks.

    While a chunk is read, ``_src`` is its text, ``_has_cr`` whether it holds a CR, and
    ``_line_ends`` the line ends counted in it as it was read (what the hooks place errors
    and statements by).
    """

    quads: bool
    #: The fourth element of a default-graph statement.
    default: Hashable = None
    _has_cr: bool = False
    _line_ends: int = 0

    def _read_lines(self, reader: ChunkReader, on_error: OnError | None) -> Iterator[list[Any]]:
        """Each chunk of ``reader`` read line by line, then the list its hooks filled.

        ``_fast`` takes what its whole-statement regexes take, ``_read_statement`` the rest,
        one statement (or blank or comment line) at a time, each statement it reads handed
        to ``_took``; an error raises or goes to ``on_error`` and the next line is read.
        """
        self.name = reader.name
        statement = self._read_statement
        took = self._took
        for src in reader:
            self._src = src
            self._has_cr = reader.has_cr
            self._first_line = reader.line
            self._line_ends = reader.lines_read + 1 - reader.line  # counted as it was read
            out: list[Any] = []
            fast = self._fast(src, out)
            pos = 0
            end = len(src)
            while pos < end:
                start = pos = fast(pos)
                if pos >= end:
                    break
                pos, quad = statement(src, pos, on_error)
                if quad is not None:
                    took(quad, start, out)
            self.trim_caches()
            yield out

    def _fast(self, src: str, out: list[Any]) -> Fast:
        """The fast path over the chunk ``src``, filling ``out``."""
        raise NotImplementedError

    def _read_statement(self, src: str, pos: int, on_error: OnError | None) -> tuple[int, SinkQuad | None]:
        """The precise reader: the statement at ``pos`` (None for a blank or comment line, or
        a statement whose error went to ``on_error``) and where the next line starts."""
        raise NotImplementedError

    def _took(self, quad: SinkQuad, start: int, out: list[Any]) -> None:
        """A statement the precise reader read at ``start``."""
        raise NotImplementedError

    def trim_caches(self) -> None:
        """Bound the reader's caches (once per chunk: the hot loops carry no check)."""


# A line without a statement (blank, or only a comment), which the precise reader reads
# without a word.
_BLANK_OR_COMMENT: Final = re.compile(r"[ \t]*(?:#[^\r\n]*)?(?:\r\n|\n|\r|\Z)").match
#: How such a line starts (a statement starts with '<' or '_'; ``pos`` is never the text's end).
_BLANK_START: Final = frozenset(" \t#\r\n")


class LineFront(LineLoop):
    """A line reader of its own regexes (the validator, the converter) whose precise reader,
    a LineParser, which builds rdflib terms, is made when a line first needs it: a document
    its regexes take whole is read without importing rdflib, half of what a command on a
    small file took. Blank and comment lines are skipped here, and ``_without_terms`` may take
    a line first."""

    _reader: LineParser | None = None

    def __init__(self) -> None:
        #: The language tags found well-formed (``_tag_ok``).
        self._langs: set[str] = set()

    def _tag_ok(self, lang: str) -> bool:
        """Whether a language tag not yet in ``_langs`` is well-formed (BCP 47): then kept."""
        if langtag_error(lang) is not None:
            return False
        self._langs.add(lang)
        return True

    def _read_statement(self, src: str, pos: int, on_error: OnError | None) -> tuple[int, SinkQuad | None]:
        if src[pos] in _BLANK_START:
            m = _BLANK_OR_COMMENT(src, pos)
            if m is not None:
                return m.end(), None
        end = self._without_terms(src, pos)
        if end >= 0:
            return end, None
        return self._precise()._read_statement(src, pos, on_error)

    def _without_terms(self, src: str, pos: int) -> int:
        """Where the statement at ``pos`` ends if it is taken (and counted) without the
        precise reader, else -1."""
        return -1

    def _made_reader(self) -> LineParser:
        """A new precise reader."""
        raise NotImplementedError

    def _precise(self) -> LineParser:
        """The precise reader (made when first asked for), told the chunk being read as its
        own loop would tell it (and the RDF version, which the Turtle validator sets after
        making its line validator)."""
        reader = self._reader
        if reader is None:
            reader = self._reader = self._made_reader()
        elif reader._src is self._src and reader._first_line == self._first_line:
            return reader  # told this chunk already (chunks end at line ends: each starts on a new line)
        reader._src, reader._has_cr, reader._first_line = self._src, self._has_cr, self._first_line
        reader._line_ends, reader.name, reader.warn = self._line_ends, self.name, self.warn
        if reader.version is not self.version:
            reader.version = self.version
            reader.terms.rdf12 = self.version.rdf12
        return reader

    def trim_caches(self) -> None:
        trim_caches(self._langs)
        if self._reader is not None:
            self._reader.trim_caches()


def lines_are_long(src: str, has_cr: bool) -> bool:
    """Whether ``src`` is mostly lines longer than ``LONG_LINE``, judged by its first 16 Ki
    characters (a guess: it only picks the faster path; a count tests each character, 5
    instructions, 64 Ki of them for each chunk cost 1% of validating longlit-20k)."""
    sample = min(len(src), 1 << 14)
    ends = src.count("\n", 0, sample)
    if has_cr:  # a CR ends a line, unless an LF follows it: CRLF is one line end
        ends += src.count("\r", 0, sample) - src.count("\r\n", 0, sample)
    return sample > 2 * LONG_LINE and ends * LONG_LINE < sample


def line_end_at(src: str, pos: int, has_cr: bool) -> int:
    """Where the line at ``pos`` ends: its first LF, or CR when the text holds one (``has_cr``),
    or the end of ``src``."""
    line_end = src.find("\n", pos)
    if line_end < 0:
        line_end = len(src)
    if has_cr:
        cr = src.find("\r", pos, line_end)
        line_end = line_end if cr < 0 else cr
    return line_end


def raw_quote(src: str, start: int, close: int) -> bool:
    """Whether a string body ``src[start:close]`` read escape by escape (``ESCAPED_BODY``, which
    steps over '"') holds a '"' that is not escaped, after an even number of backslashes."""
    # Unbounded searches (the closing '"' stops them; a bound costs more than it saves); most
    # '"' are after one backslash (the opening '"' stops a look back).
    find = src.find
    quote = find('"', start)
    while quote < close:
        if src[quote - 1] != "\\" or src[quote - 2] == "\\":
            before = quote - 1
            while src[before] == "\\":
                before -= 1
            if (quote - before) % 2:
                return True
        quote = find('"', quote + 1)
    return False
