"""Where statements were written: character offsets in a buffer turned into lines and columns.

The parsers record offsets only (integers into the text they scan, while they scan it); this
module turns a batch's offsets into 1-based lines and code-point columns in one pass per
buffer, as ParseError counts them (LF, CR and CRLF each end one line).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate, repeat
from operator import add, sub
from typing import Final, NamedTuple

__all__ = ["Span", "line_starts", "locate"]

# One line end: CRLF first, so that its LF does not count again.
_LINE_END_RE: Final = re.compile(r"\r\n?|\n")
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


def line_starts(src: str) -> list[int]:
    """The offset of every line's first character in ``src`` (0 first).

    >>> line_starts("a\\r\\nb\\rc\\nd")
    [0, 3, 5, 7]
    """
    if not any(c in src for c in _OTHER_BREAKS):
        # str.splitlines breaks at exactly LF, CR and CRLF when no other break is there.
        starts = list(accumulate(map(len, src.splitlines(True)), initial=0))
        if src and not src.endswith(("\n", "\r")):
            starts.pop()  # the end of the last line, which starts nothing
        return starts
    starts = [0]
    starts.extend(m.end() for m in _LINE_END_RE.finditer(src))
    return starts


def locate(starts: list[int], first_line: int, offsets: list[int]) -> list[int]:
    """``offsets`` (into the text ``starts`` was made from) as ``[line, column, ...]``.

    ``first_line`` is the line number of the text's first line (a buffer of a larger
    document starts a line).

    >>> locate(line_starts("ab\\ncd"), 10, [0, 4, 5])
    [10, 1, 11, 2, 11, 3]
    """
    # map() over C functions: a Python loop would cost more than the parse's own work.
    n = len(offsets)
    index = list(map(bisect_right, repeat(starts, n), offsets))  # 1 + the line's index
    out = [0] * (2 * n)
    out[0::2] = map(add, index, repeat(first_line - 1, n))
    line_start = map(starts.__getitem__, map(sub, index, repeat(1, n)))
    out[1::2] = map(add, map(sub, offsets, line_start), repeat(1, n))
    return out
