"""Lines: where they end, and character offsets in a buffer turned into lines and columns.

[7] EOL ::= [#xD#xA]+ : LF, CR and CRLF each end one line, as in an editor. Every line count
of the package is made here: ``count_line_ends`` for text, ``ByteLineEnds`` for bytes read
piece by piece, ``LINE_END_RE`` to find or split at line ends.

The parsers record offsets only (integers into the text they scan, while they scan it); this
module turns a batch's offsets into 1-based lines and code-point columns in one pass per
buffer, as ParseError counts them.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from functools import partial
from itertools import accumulate, chain, compress, repeat
from operator import add, sub
from typing import Final, NamedTuple

__all__ = [
    "LINE_END_RE",
    "ByteLineEnds",
    "Locator",
    "Span",
    "count_line_ends",
    "line_end_counter",
    "line_start_before",
    "line_starts",
]

#: One line end: CRLF first, so that its LF does not count again (``search`` finds the first
#: CR or LF, ``split`` cuts text into lines as the parsers count them).
LINE_END_RE: Final = re.compile(r"\r\n?|\n")
# What str.splitlines also breaks at, and RDF does not (each looked for by a C string search).
_OTHER_BREAKS: Final = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


class Span(NamedTuple):
    """A stretch of a source: 1-based ``line`` and ``column`` of its first character, and
    ``end_line``, ``end_column`` just past its last one (exclusive, as SARIF's ``endColumn``
    and ParseError's ``end_offset``). Columns count code points.

    >>> str(Span("data.ttl", 3, 5, 3, 17))
    'data.ttl:3:5'
    """

    source: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}"


def count_line_ends(text: str, start: int = 0, end: int | None = None) -> int:
    """How many lines end in ``text[start:end]``: LF, CR and CRLF count one each.

    The slice must not split a CRLF (chunks and line starts never do).
    """
    if end is None:
        end = len(text)
    ends = text.count("\n", start, end)
    # Most text has no CR: one search for it (at memchr speed) spares two counts.
    if text.find("\r", start, end) >= 0:
        ends += text.count("\r", start, end) - text.count("\r\n", start, end)
    return ends


def line_end_counter(text: str, has_cr: bool | None = None) -> Callable[[int, int], int]:
    """``count_line_ends`` bound to ``text``, for a loop that counts many slices of it: one C
    string count per call when ``text`` holds no CR (most text), not three. ``has_cr``: whether
    it does, if the caller knows (a search of a chunk of wide characters costs a count of it).

    >>> line_end_counter("a\\r\\nb\\rc")(0, 6), line_end_counter("a\\nb\\n")(0, 4)
    (2, 2)
    """
    if "\r" in text if has_cr is None else has_cr:
        return partial(count_line_ends, text)
    return partial(text.count, "\n")


def line_start_before(text: str, pos: int) -> int:
    """The offset where the line holding ``text[pos]`` starts."""
    return max(text.rfind("\n", 0, pos), text.rfind("\r", 0, pos)) + 1


# Bytes in which fewer than this many LFs make lines long: their average above 1 KiB.
_SAMPLE: Final = 1 << 14
_FEW_LINES: Final = 16


def count_byte_line_ends(data: bytes, has_cr: bool | None = None) -> int:
    """``count_line_ends`` of UTF-8 bytes (a CR or LF byte is always that character);
    ``has_cr``: whether they hold a CR, if the caller knows."""
    if len(data) > _SAMPLE and data.count(b"\n", 0, _SAMPLE) < _FEW_LINES:
        # Long lines: memchr from one LF to the next; a count tests every byte (5
        # instructions a byte, a tenth of validating a line of long literals).
        ends = 0
        lf = data.find(b"\n")
        while lf >= 0:
            ends += 1
            lf = data.find(b"\n", lf + 1)
    else:
        ends = data.count(b"\n")
    if b"\r" in data if has_cr is None else has_cr:  # most text has none: spare two counts
        ends += data.count(b"\r") - data.count(b"\r\n")
    return ends


class ByteLineEnds:
    """The line ends in bytes read piece by piece (``add`` each piece): LF, CR and CRLF count
    one each, a CRLF split between two pieces too."""

    def __init__(self) -> None:
        self.count = 0
        self._after_cr = False

    def add(self, data: bytes) -> None:
        ends = count_byte_line_ends(data)
        if self._after_cr and data.startswith(b"\n"):
            ends -= 1  # the LF of a CRLF split between two pieces
        self.count += ends
        if data:
            self._after_cr = data.endswith(b"\r")


def line_starts(src: str, origin: int = 0) -> list[int]:
    """The offset of every line's first character in ``src`` (0 first), plus ``origin``.

    >>> line_starts("a\\r\\nb\\rc\\nd"), line_starts("a\\nb", -1)
    ([0, 3, 5, 7], [-1, 1])
    """
    if not any(c in src for c in _OTHER_BREAKS):
        # str.splitlines breaks at exactly LF, CR and CRLF when no other break is there.
        starts = list(accumulate(map(len, src.splitlines(True)), initial=origin))
        if src and not src.endswith(("\n", "\r")):
            starts.pop()  # the end of the last line, which starts nothing
        return starts
    starts = [origin]
    starts.extend(m.end() + origin for m in LINE_END_RE.finditer(src))
    return starts


class Locator:
    """Offsets into one text as 1-based lines and code-point columns, as ParseError counts
    them; ``first_line`` is the number of the text's first line (a buffer of a larger document
    starts a line)."""

    def __init__(self, src: str, first_line: int) -> None:
        # With CRs as LFs (the same object when there are none), a count of LF finds any line end.
        self._lf = src.replace("\r", "\n")
        self._first_line = first_line
        # Each line's start minus one: an offset's line index is the number of these below it
        # (bisect_left), and its column its distance from the one before that index.
        self._starts = starts = line_starts(src, -1)
        self._before = [0, *starts]

    def locate(self, firsts: list[int], *rest: list[int]) -> tuple[list[int], list[int]]:
        """Groups of offsets as their lines and their columns, group by group: group ``i`` is
        ``firsts[i]``, then ``r[i]`` for each ``r`` of ``rest`` (one or more), its offsets
        ascending (a statement's start, its object's start and its end).

        Most groups lie on one line: only each group's first offset is looked up among the
        line starts, and the rest are placed by their distance from it once a count finds no
        line end between the group's first and last offset; a group over several lines is
        looked up whole.

        >>> Locator("ab\\ncd", 10).locate([0, 1, 3], [1, 4, 5])
        ([10, 10, 10, 11, 11, 11], [1, 2, 2, 2, 1, 3])
        """
        # map() over C functions: a Python loop would cost more than the parse's own work.
        n, starts, before = len(firsts), self._starts, self._before
        index = list(map(bisect_left, repeat(starts, n), firsts))  # 1 + the line's index
        lines = list(map(add, index, repeat(self._first_line - 1, n)))
        line_before = list(map(before.__getitem__, index))
        # Whether a line ends inside each group: one C count each.
        breaks = list(map(self._lf.count, repeat("\n", n), firsts, rest[-1]))
        width = 1 + len(rest)
        group_lines = list(chain.from_iterable(zip(*repeat(lines, width), strict=True)))
        group_columns = list(
            chain.from_iterable(zip(*(map(sub, r, line_before) for r in (firsts, *rest)), strict=True))
        )
        for i in compress(range(n), breaks):
            for k, r in enumerate(rest, 1):
                j = bisect_left(starts, r[i])
                group_lines[i * width + k] = j + self._first_line - 1
                group_columns[i * width + k] = r[i] - before[j]
        return group_lines, group_columns
