"""Local names of every character class through Turtle's fast patterns, which take them wider
than PN_LOCAL (any non-ASCII character, ':' and '%' anywhere, '-' and '.' first) and hold a
name they have not seen to the production before making it.

Random documents of prefixed names built from characters PN_LOCAL allows anywhere, only after
the first, nowhere (U+2042), that it allows but an IRI does not (U+FFF0), percent-encodings
good and bad, escapes and dots, after a namespace ending in '/' and one ending in a port
(``http://example:80``: only digits keep that IRI valid), as subjects, verbs, objects and
collection items, with comments and line ends between them. Two properties:

1. the fast path changes nothing: with its patterns made never to match, the full reader gives
   the same statements or the same error (line, column, kind, message), whole and in 1-byte
   chunks;
2. the verdict and the graph are pyoxigraph's.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import Graph
from rdflib.term import Node
from w3c import assert_reads_as_pyoxigraph, assert_same_graph

from rdflib_strict import ParseError
from rdflib_strict.formats import turtle
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader

PREFIXES = "@prefix : <http://example/> .\n@prefix port: <http://example:80> .\n"
_CHARS = [
    "a", "Z", "0", "7", "_", "-", ".", ":", "%", "%41", "%4", "%G1",
    "\u00e9", "\u03a9", "\u00b7", "\u0300", "\u2042", "\ufff0", "\U0001f600", "\\~", "\\.",
]  # fmt: skip
_NAMES = st.tuples(
    st.sampled_from([":", ":", "port:"]), st.lists(st.sampled_from(_CHARS), max_size=5).map("".join)
).map("".join)
_WS = st.sampled_from([" ", " ", "\n", "\t", " # c\n", "\r\n"])


@st.composite
def objects(draw: st.DrawFn) -> str:
    """A name, or a collection of names (its items read by a fast pattern of their own)."""
    if draw(st.integers(0, 3)):
        return draw(_NAMES)
    items = draw(st.lists(st.tuples(_WS, _NAMES).map("".join), max_size=3))
    return "(" + "".join(items) + draw(_WS) + ")"


@st.composite
def documents(draw: st.DrawFn) -> str:
    statements = []
    for _ in range(draw(st.integers(1, 4))):
        parts = [draw(_NAMES), draw(_WS), draw(_NAMES), draw(_WS), draw(objects())]
        for _ in range(draw(st.integers(0, 2))):
            sep = draw(st.sampled_from([",", ";"]))
            verb = [draw(_NAMES), " "] if sep == ";" else []
            parts += [draw(_WS), sep, draw(_WS), *verb, draw(objects())]
        parts += [draw(_WS), "."]
        statements.append("".join(parts))
    return PREFIXES + "\n".join(statements) + "\n"


def read(doc: str, chunk_size: int) -> Graph | tuple[int, int, object, str]:
    """The graph the strict parser reads from ``doc`` in chunks of ``chunk_size`` bytes, or
    its error's line, column, kind and message."""
    g = Graph()

    def emit(batch: list[tuple[Node, Node, Node, object]]) -> None:
        for s, p, o, _ in batch:
            g.add((s, p, o))

    parser = TurtleParser(Terms(), None, None)
    try:
        parser.parse(ChunkReader(io.BytesIO(doc.encode()), "x", chunk_size=chunk_size), emit)
    except ParseError as e:
        return e.lineno, e.colno, e.kind, str(e)
    return g


def assert_same(a: Graph | tuple[int, int, object, str], b: Graph | tuple[int, int, object, str]) -> None:
    if isinstance(a, Graph) and isinstance(b, Graph):
        assert_same_graph(a, b)
    else:
        assert a == b


_NEVER = re.compile(r"(?!)")


@contextmanager
def no_fast_path() -> Iterator[None]:
    with (
        mock.patch.object(turtle, "_FAST_SUBJECT_RE", _NEVER),
        mock.patch.object(turtle, "_FAST_VERB_OBJECT_RE", _NEVER),
        mock.patch.object(turtle, "_FAST_OBJECT_RE", _NEVER),
        mock.patch.object(turtle, "_FAST_TERM_RE", _NEVER),
        mock.patch.object(turtle, "_FAST_ITEM_RE", _NEVER),
    ):
        yield


@settings(max_examples=400, deadline=None)
@given(documents())
def test_the_fast_path_reads_every_name_as_the_full_reader(doc: str) -> None:
    fast = read(doc, 1 << 20)
    assert_same(read(doc, 1), fast)
    with no_fast_path():
        assert_same(read(doc, 1 << 20), fast)
        assert_same(read(doc, 1), fast)


@settings(max_examples=300, deadline=None)
@given(documents())
def test_names_read_as_pyoxigraph_reads_them(doc: str) -> None:
    assert_reads_as_pyoxigraph(doc, read(doc, 1 << 20))


def test_the_never_pattern_turns_the_fast_path_off() -> None:
    # The first property is only a comparison if the full reader then reads every name.
    calls: list[tuple[object, ...]] = []
    original = TurtleParser._read_prefixed_name

    def counted(self: TurtleParser, *args: object) -> object:
        calls.append(args)
        return original(self, *args)  # type: ignore[arg-type]

    with mock.patch.object(TurtleParser, "_read_prefixed_name", counted), no_fast_path():
        assert isinstance(read(PREFIXES + ":s :p :o1 , :\u00e9 .\n", 1 << 20), Graph)
    assert len(calls) == 4
