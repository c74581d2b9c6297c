"""What every format reader shares (``BatchReader``): text from a ChunkReader in, batches of
statements out, and the error a position in that text makes.

A reader knows nothing of where its statements go (a store, a counter, a writer): it yields
lists of statements, or hands each to a callback (``parse``); with ``batches_with_places``
each batch comes with where its statements were written (``BatchPlaces``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .chunks import ChunkReader
from .kinds import ErrorKind, SpanError
from .messages import BACKSLASH_AT_LINE_END
from .positions import Span
from .version import RdfVersion

if TYPE_CHECKING:  # both load rdflib; a reader imports them where it builds terms or raises
    from rdflib.term import Node

    from .errors import ParseError

__all__ = [
    "BatchPlaces",
    "BatchReader",
    "GraphFor",
    "OnError",
    "SinkQuad",
    "document_prefix",
    "label_itself",
    "object_span",
    "on_error_arg",
    "statement_span",
    "subject_span",
]

#: A parsed statement: subject, predicate, object and the graph it goes to (whatever the
#: parser was told stands for a graph: a sink's context, a label, or None for the default).
SinkQuad = tuple["Node", "Node", "Node", Any]
#: What a caller passes to skip bad statements: called with each one's ParseError (whose
#: ``skipped`` holds the statement's text) before parsing resumes after it.
OnError = Callable[["ParseError"], None]
#: What a named graph's statements carry as their fourth element, made from its label once per
#: label; it may raise SpanError to refuse named graphs (a plain Graph as the target).
GraphFor = Callable[["Node"], Hashable]


def document_prefix() -> str:
    """A new document's blank node id prefix: random, so two documents never share a node
    (every reader of one document, each worker's too, is given the same)."""
    return "N" + uuid.uuid4().hex


def label_itself(label: Node) -> Hashable:
    """The ``GraphFor`` of readers that hand on labels as they are (iterparse, validate, convert)."""
    return label


class BatchPlaces(NamedTuple):
    """Where a batch's statements were written, as flat lists of 1-based lines and columns.

    The line formats (``subjects`` None) write each statement on one line: ``lines`` holds
    it, and ``columns`` five columns per statement: where it starts (its subject does), where
    its subject ends, where its object starts and ends, and where it ends (past its '.').
    Turtle and TriG: ``lines`` and ``columns`` hold three places per statement: where it
    starts, where its object starts, and where both end; ``subjects`` lists the nodes written
    as subjects, ``subject_lines`` and ``subject_columns`` two places for each (start, end).
    Ends are exclusive. ``statement_span`` and ``object_span`` read either layout.
    """

    lines: list[int]
    columns: list[int]
    subjects: list[Node] | None
    subject_lines: list[int]
    subject_columns: list[int]


def statement_span(source: str, lines: Sequence[int], columns: Sequence[int], i: int, one_line: bool) -> Span:
    """Statement ``i`` of ``lines`` and ``columns`` laid out as BatchPlaces's (``one_line``: a
    line format's)."""
    if one_line:
        line = lines[i]
        return Span(source, line, columns[5 * i], line, columns[5 * i + 4])
    k = 3 * i
    return Span(source, lines[k], columns[k], lines[k + 2], columns[k + 2])


def object_span(source: str, lines: Sequence[int], columns: Sequence[int], i: int, one_line: bool) -> Span:
    """Where statement ``i``'s object is written (see ``statement_span``)."""
    if one_line:
        line = lines[i]
        return Span(source, line, columns[5 * i + 2], line, columns[5 * i + 3])
    k = 3 * i + 1
    return Span(source, lines[k], columns[k], lines[k + 1], columns[k + 1])


def subject_span(source: str, lines: Sequence[int], columns: Sequence[int], i: int) -> Span:
    """Where a line format's statement ``i`` writes its subject (see ``statement_span``)."""
    line = lines[i]
    return Span(source, line, columns[5 * i], line, columns[5 * i + 1])


def on_error_arg(value: object) -> OnError | None:
    """``value`` as an ``on_error`` argument, checked before anything is parsed."""
    if value is None or callable(value):
        return value
    raise TypeError(f"on_error must be a callable taking a ParseError, not {type(value).__name__}")


class BatchReader:
    """What the format parsers share: ``batches()`` yields lists of statements, ``parse()``
    hands each list to a callback (a SinkWriter's ``emit``, a counter, ``list.extend``).

    While parsing, ``_src`` is the text being scanned, ``_first_line`` its first line's number
    and ``name`` the source's name: all an error needs, so the hot loops track nothing else.
    """

    name: str = "<string>"
    #: Which RDF the reader reads: RDF 1.1 unless RDF 1.2 was asked for (``version="1.2"``).
    #: Every reader the factory makes has it (edge/readers.py sets it).
    version: RdfVersion = RdfVersion.RDF11
    #: While ``batches_with_places`` runs, where each statement of the batch being read starts (and
    #: what else the parser needs to place it): the hot loops test this once per statement.
    spans: list[Any] | None = None
    #: Likewise, the subjects written in the batch and where (Turtle and TriG).
    subject_spans: list[Any] | None = None
    #: Given, each ill-typed literal (valid RDF, so never an error) is reported here as a
    #: ParseError placed on it; only the validators and the Turtle parser look.
    warn: Callable[[ParseError], None] | None = None
    _src: str = ""
    _first_line: int = 1
    #: The text of the last error, a line start in it at or before that error, and the line
    #: ends before that line start: where the next error in the same text counts on from.
    _last_error: tuple[str, int, int] | None = None

    def _error(self, pos: int, end: int, msg: str, kind: ErrorKind) -> ParseError:
        """The ParseError of ``kind`` for ``_src[pos:end]``."""
        from .errors import ParseError  # loads rdflib: only for an error (see kinds.py)

        src, counted = self._src, (0, 0)
        last = self._last_error
        if last is not None and last[0] is src:  # skip-and-report: count each chunk once
            counted = last[1], last[2]
        e = ParseError.at(src, pos, end, msg, kind, self.name, self._first_line, counted)
        self._last_error = src, e.pos - e.colno + 1, e.lineno - self._first_line
        return e

    def _unterminated_string(self, pos: int, body_end: int, quote: str) -> ParseError:
        """The error of a one-line string opened at ``pos`` whose body stops at ``body_end``
        short of its closing quote (``quote``: how the message shows it)."""
        if body_end < len(self._src) and self._src[body_end] == "\\":
            return self._error(body_end, body_end + 1, BACKSLASH_AT_LINE_END, ErrorKind.UNTERMINATED_STRING)
        return self._error(
            pos,
            body_end,
            f"unterminated string: expected {quote} before the end of the line",
            ErrorKind.UNTERMINATED_STRING,
        )

    def _skipped(self, e: ParseError, start: int, end: int) -> ParseError:
        """``e`` with ``skipped`` set to the statement text ``_src[start:end]`` it rejected."""
        e.skipped = self._src[start:end]
        return e

    def _located(self, e: SpanError, start: int, end: int, offset: int | None = None) -> ParseError:
        """The ParseError for a SpanError raised on the token ``_src[start:end]``.

        ``e``'s offsets count from ``offset`` (default: the token's start); an error without
        offsets covers the whole token. Its kind is ``e``'s.
        """
        if e.start is None or e.end is None:
            return self._error(start, end, e.msg, e.kind)
        base = start if offset is None else offset
        return self._error(base + e.start, base + e.end, e.msg, e.kind)

    def batches(self, reader: ChunkReader, on_error: OnError | None = None) -> Iterator[list[SinkQuad]]:
        raise NotImplementedError

    def batches_with_places(
        self, reader: ChunkReader, on_error: OnError | None = None
    ) -> Iterator[tuple[list[SinkQuad], BatchPlaces]]:
        """``batches``, each with where its statements were written (see BatchPlaces)."""
        spans: list[Any] = []
        subject_spans: list[Any] = []
        self.spans, self.subject_spans = spans, subject_spans
        try:
            for batch in self.batches(reader, on_error):
                # The generator waits at its yield: _src is still the text the batch came from.
                placed = self._placed()
                spans.clear()
                subject_spans.clear()
                yield batch, placed
        finally:
            self.spans = self.subject_spans = None

    def _placed(self) -> BatchPlaces:
        """The batch's recorded ``spans`` as lines and columns (``_src`` holds its text)."""
        raise NotImplementedError

    def parse(
        self, reader: ChunkReader, emit: Callable[[list[SinkQuad]], None], on_error: OnError | None = None
    ) -> int:
        """Parse everything ``reader`` yields, handing each batch of statements to ``emit``.

        With ``on_error`` given, each bad statement's error goes to it and parsing resumes
        after that statement (line formats: the next line; Turtle and TriG: after the '.'
        ending the statement); none of the bad statement's triples are emitted. Otherwise
        the first error raises. An error the reader cannot resume after (bad UTF-8, a corrupt
        stream) always raises. Returns the number of statements.
        """
        count = 0
        for batch in self.batches(reader, on_error):
            count += len(batch)
            emit(batch)
        return count
