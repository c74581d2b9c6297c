"""Source maps: where each parsed statement, its object, and each subject were written.

A SourceMap holds compact arrays, one set per parsed document (a segment): a 64-bit key per
statement (the hash of its terms, the object's type included so that ``<x>`` and ``"x"``
differ) and the lines and columns the reader recorded (see BatchPlaces): in the line formats a
line and five columns per statement (its subject and object are on that line), in Turtle and
TriG three lines and three columns (the statement's start, its object's start, their end);
per subject, a 64-bit key and, in Turtle and TriG, two lines and two columns (a subject is
written once for a run of ';' and ','). Lines and columns take 16 bits each while a source's
numbers fit, else 32. Span objects are made only when asked for. Lookups go through a hash
table built the first time a segment is asked: 4 bytes per slot, 2 to 4 slots per statement,
and a 4-byte chain link per statement.

A key is a hash, so two different statements could share one: with 64-bit hashes the chance
that a lookup also returns another statement's span is about n / 2**64 for n statements
(for a billion statements, one in 18 billion).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Iterator, Sequence
from itertools import repeat
from operator import is_
from struct import error as struct_error
from struct import pack
from typing import Any, Final

from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.term import Node

from ..syntax.reader import BatchPlaces, SinkQuad, object_span, statement_span, subject_span
from ..syntax.positions import Span
from ..syntax.wording import plural

__all__ = ["SourceMap", "Span", "source_map_arg"]

_ANY: Final = object()  # a triple lookup: any graph
#: What a lookup is asked for: a triple (in any graph) or a quad (in its graph only).
_Asked = tuple[Node, Node, Node] | tuple[Node, Node, Node, object]


def _keys(subjects: Iterable[Node], predicates: Iterable[Node], objects: Sequence[Node]) -> Iterator[int]:
    """Each statement's key: the one definition, for recording (a batch at a time, all in C)
    and for lookups."""
    return map(hash, zip(subjects, predicates, objects, map(type, objects), strict=True))


class SourceMap:
    """Where each statement of one or more parses was written.

    Pass one as ``source_map=`` to ``Graph.parse`` / ``Dataset.parse`` with any of our formats
    (or use ``iterparse(..., positions=True)``); several parses may share one. A failed parse
    leaves it as it was.

    >>> from rdflib import Graph, URIRef
    >>> sm = SourceMap()
    >>> g = Graph().parse(data="<http://ex/s> <http://ex/p> 1 .\\n", format="strict-turtle", source_map=sm)
    >>> sm.statement(next(iter(g)))
    (Span(source='<string>', line=1, column=1, end_line=1, end_column=30),)
    >>> sm.subject(URIRef("http://ex/s"))
    (Span(source='<string>', line=1, column=1, end_line=1, end_column=14),)
    """

    def __init__(self) -> None:
        self._segments: list[_Segment] = []

    def __len__(self) -> int:
        """How many statements were recorded (a statement written twice counts twice)."""
        return sum(len(segment.keys) for segment in self._segments)

    def __repr__(self) -> str:
        return f"<SourceMap: {plural(len(self), 'statement')} from {plural(len(self._segments), 'source')}>"

    @property
    def sources(self) -> tuple[str, ...]:
        """The name of each parsed source, in parse order (a name parsed twice is listed twice)."""
        return tuple(segment.source for segment in self._segments)

    def statement(self, statement: _Asked) -> tuple[Span, ...]:
        """Every place ``statement`` was written, in parse order.

        ``(s, p, o)``: in any graph. ``(s, p, o, g)``: in graph ``g`` only, a graph name (or
        Graph); None or ``DATASET_DEFAULT_GRAPH_ID`` stands for the default graph.
        """
        return tuple(segment.span(i) for segment, i in self._found(statement))

    def object(
        self, statement: tuple[Node, Node, Node] | tuple[Node, Node, Node, object]
    ) -> tuple[Span, ...]:
        """Where the object of ``statement`` is written, at each place ``statement`` was
        (``statement()``'s spans, in the same order): the object token; an object written as
        ``[ ... ]`` or ``( ... )``, up to its closing bracket.
        """
        return tuple(segment.object_span(i) for segment, i in self._found(statement))

    def _found(self, statement: _Asked) -> Iterator[tuple[_Segment, int]]:
        if len(statement) == 3:
            graph: object = _ANY
        elif len(statement) == 4:
            graph = _graph_name(statement[3])
        else:
            raise ValueError(
                f"a statement is (s, p, o) or (s, p, o, g), not {plural(len(statement), 'term')}"
            )
        (key,) = _keys((statement[0],), (statement[1],), (statement[2],))
        return (
            (segment, i)
            for segment in self._segments
            for i in segment.statements.find(key)
            if graph is _ANY or segment.graph_at(i) == graph
        )

    def subject(self, node: Node) -> tuple[Span, ...]:
        """Every place ``node`` is written as a subject: the subject token itself; for a
        ``[ ... ]`` blank node, the brackets; for a collection's cell, the item it carries."""
        key = hash(node)
        return tuple(
            segment.subject_span(i) for segment in self._segments for i in segment.subjects.find(key)
        )

    # --- recording (the plugins and iterparse) ----------------------------------------------

    def _recorder(self, source: str, default: Hashable) -> _Segment:
        """A segment to fill while ``source`` parses; ``_add`` it once the parse succeeded."""
        return _Segment(source, default)

    def _add(self, segment: _Segment) -> None:
        self._segments.append(segment)


def source_map_arg(value: object) -> SourceMap | None:
    """``value`` as a ``source_map`` argument, checked before anything is parsed."""
    if value is None or isinstance(value, SourceMap):
        return value
    raise TypeError(f"source_map must be a rdflib_strict.SourceMap, not {type(value).__name__}")


def _graph_name(g: object) -> object:
    """A query's graph as recorded: None for the default graph, else the graph's name."""
    g = getattr(g, "identifier", g)
    return None if g is None or g == DATASET_DEFAULT_GRAPH_ID else g


class _Segment:
    """One parsed source's statements and subjects, in compact arrays."""

    def __init__(self, source: str, default: Hashable) -> None:
        self.source = source
        self._default = default
        self.keys = array("q")
        # Where each statement, its object and (a line format) its subject are, laid out as
        # BatchPlaces's lines and columns: each array as narrow as its numbers allow (_extended).
        self.lines = array("H")
        self.columns = array("H")
        # The graph of each run of statements: starts and names (None: the default graph).
        self._graph_starts = array("I")
        self._graph_names: list[object] = []
        self._last_graph: object = _ANY
        self.subject_keys = array("q")
        # Turtle and TriG: where each subject starts and ends, as BatchPlaces's. The line formats
        # have one subject per statement, placed by its columns.
        self.subject_lines = array("H")
        self.subject_columns = array("H")
        self._one_line = False
        self._statements: _Index | None = None
        self._subjects: _Index | None = None

    def add(self, batch: list[SinkQuad], placed: BatchPlaces) -> None:
        """Record a batch of statements and where they (and their subjects) were written."""
        if not batch:
            return
        s_, p_, o_, g_ = zip(*batch, strict=True)
        self.keys.extend(_keys(s_, p_, o_))
        self.lines = _extended(self.lines, placed.lines)
        self.columns = _extended(self.columns, placed.columns)
        self._add_graphs(g_)
        if placed.subjects is None:
            self._one_line = True
            self.subject_keys.extend(map(hash, s_))
        else:
            self.subject_keys.extend(map(hash, placed.subjects))
            self.subject_lines = _extended(self.subject_lines, placed.subject_lines)
            self.subject_columns = _extended(self.subject_columns, placed.subject_columns)

    def _add_graphs(self, graphs: tuple[Any, ...]) -> None:
        start = len(self.keys) - len(graphs)
        if all(map(is_, graphs, repeat(graphs[0]))):  # one graph (a Graph sink: always)
            self._graph_run(start, graphs[0])
            return
        for i, g in enumerate(graphs, start):
            self._graph_run(i, g)

    def _graph_run(self, i: int, g: object) -> None:
        if g is self._last_graph:
            return
        self._last_graph = g
        name = None if g is self._default else getattr(g, "identifier", g)
        if self._graph_names and self._graph_names[-1] == name:
            return
        self._graph_starts.append(i)
        self._graph_names.append(name)

    def graph_at(self, i: int) -> object:
        return self._graph_names[bisect_right(self._graph_starts, i) - 1]

    def span(self, i: int) -> Span:
        return statement_span(self.source, self.lines, self.columns, i, self._one_line)

    def object_span(self, i: int) -> Span:
        return object_span(self.source, self.lines, self.columns, i, self._one_line)

    def subject_span(self, i: int) -> Span:
        if self._one_line:
            return subject_span(self.source, self.lines, self.columns, i)
        lines, columns = self.subject_lines, self.subject_columns
        return Span(self.source, lines[2 * i], columns[2 * i], lines[2 * i + 1], columns[2 * i + 1])

    @property
    def statements(self) -> _Index:
        if self._statements is None:
            self._statements = _Index(self.keys)
        return self._statements

    @property
    def subjects(self) -> _Index:
        if self._subjects is None:
            self._subjects = _Index(self.subject_keys)
        return self._subjects


# The next wider array type, for a number that does not fit: 16 bits, then 32, then 64.
_WIDER: Final = {"H": "I", "I": "Q"}


def _extended(numbers: array[int], more: list[int]) -> array[int]:
    """``numbers`` with ``more`` appended: the same array, or a wider copy when one of
    ``more`` does not fit. Most sources' lines and columns fit in 16 bits; a wider number
    widens its array once, for the rest of the source."""
    try:
        # Packed in C and copied in: array.extend converts a 16-bit number at twice the cost.
        packed = pack(f"{len(more)}{numbers.typecode}", *more)
    except struct_error:
        return _extended(array(_WIDER[numbers.typecode], numbers), more)
    numbers.frombytes(packed)
    return numbers


class _Index:
    """A hash table over an array of keys: open addressing on the key, then a chain through
    every position holding that key (so a statement written a million times costs one
    probe, not a million)."""

    def __init__(self, keys: array[int]) -> None:
        self._keys = keys
        size = 8
        while size < 2 * len(keys):
            size *= 2
        self._mask = mask = size - 1
        slots = array("i", [-1]) * size
        chain = array("i", [-1]) * len(keys)
        # From the last position down, each prepended: chains run in document order.
        for i in range(len(keys) - 1, -1, -1):
            key = keys[i]
            j = key & mask
            while True:
                held = slots[j]
                if held < 0:
                    slots[j] = i
                    break
                if keys[held] == key:
                    chain[i] = held
                    slots[j] = i
                    break
                j = (j + 1) & mask
        self._slots = slots
        self._chain = chain

    def find(self, key: int) -> Iterator[int]:
        """The positions holding ``key``, in order."""
        keys, slots, mask = self._keys, self._slots, self._mask
        j = key & mask
        while True:
            i = slots[j]
            if i < 0:
                return
            if keys[i] == key:
                break
            j = (j + 1) & mask
        chain = self._chain
        while i >= 0:
            yield i
            i = chain[i]
