"""The parse driver every format parser shares: batches in, one callback per batch out.

A parser knows nothing of where its statements go (a store, a counter, a writer): it yields
lists of statements from a ChunkReader and this driver hands them on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rdflib.term import Node

from .errors import ParseError, SpanError
from .source import ChunkReader

__all__ = ["BatchParser", "Quad"]

#: A parsed statement: subject, predicate, object and the graph it goes to (whatever the
#: parser was told stands for a graph: a sink's context, a label, or None for the default).
Quad = tuple[Node, Node, Node, Any]


class BatchParser:
    """What the format parsers share: ``batches()`` yields lists of statements, ``parse()``
    hands each list to a callback (a SinkWriter's ``emit``, a counter, ``list.extend``).

    While parsing, ``_src`` is the text being scanned, ``_first_line`` its first line's number
    and ``name`` the source's name: all an error needs, so the hot loops track nothing else.
    """

    name: str = "<string>"
    _src: str = ""
    _first_line: int = 1

    def _error(self, pos: int, end: int, msg: str) -> ParseError:
        """The ParseError for ``_src[pos:end]``."""
        return ParseError.at(self._src, pos, end, msg, self.name, self._first_line)

    def _located(self, e: SpanError, start: int, end: int, offset: int | None = None) -> ParseError:
        """The ParseError for a SpanError raised on the token ``_src[start:end]``.

        ``e``'s offsets count from ``offset`` (default: the token's start); an error without
        offsets covers the whole token.
        """
        if e.start is None or e.end is None:
            return self._error(start, end, e.msg)
        base = start if offset is None else offset
        return self._error(base + e.start, base + e.end, e.msg)

    def batches(self, reader: ChunkReader, errors: list[ParseError] | None = None) -> Iterator[list[Quad]]:
        raise NotImplementedError

    def parse(
        self, reader: ChunkReader, emit: Callable[[list[Quad]], None], errors: list[ParseError] | None = None
    ) -> int:
        """Parse everything ``reader`` yields, handing each batch of statements to ``emit``.

        With ``errors`` given, a bad statement is recorded there and parsing resumes after it
        (the validator reports every error it can); otherwise the first error raises.
        Returns the number of statements.
        """
        count = 0
        for batch in self.batches(reader, errors):
            count += len(batch)
            emit(batch)
        return count
