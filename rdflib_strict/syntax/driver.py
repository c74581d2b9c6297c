"""The parse driver every format parser shares: batches in, one callback per batch out.

A parser knows nothing of where its statements go (a store, a counter, a writer): it yields
lists of statements from a ChunkReader and this driver hands them on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .errors import ParseError
from .source import ChunkReader

__all__ = ["BatchParser"]


class BatchParser:
    """What the format parsers share: ``batches()`` yields lists of statements, ``parse()``
    hands each list to a callback (a SinkWriter's ``emit``, a counter, ``list.extend``)."""

    def batches(self, reader: ChunkReader, errors: list[ParseError] | None = None) -> Iterator[list[Any]]:
        raise NotImplementedError

    def parse(
        self, reader: ChunkReader, emit: Callable[[list[Any]], None], errors: list[ParseError] | None = None
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
