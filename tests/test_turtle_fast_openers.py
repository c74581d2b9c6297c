"""Turtle's "verb object" fast pattern also takes a verb whose object opens a [14]
blankNodePropertyList or a [15] collection, up to its '[' or '(', and leaves the object to the
full reader from there; its objects and collection items include strings in "'".

Random documents of property lists and collections, nested, empty and not, after verbs of
every shape the pattern meets: prefixed names and IRIs it makes, 'a', and verbs it cannot make
(an undeclared prefix, an escape, a relative IRI without a base, a name starting with '-'),
with spaces, line ends, comments or nothing between the verb and the bracket; objects and
items of every kind, strings in either quote with tags, datatypes and escapes, good and bad;
and now and then one error (a bracket left open or closed twice, a missing object, a stray
'.'). Two properties:

1. the fast path changes nothing: with its patterns made never to match, the full reader gives
   the same statements in the same order, written at the same places (source maps), or the
   same error (line, column, kind, message), whole and in 1-byte chunks;
2. the verdict and the graph are pyoxigraph's.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import BNode, Graph
from rdflib.term import Node
from test_turtle_fast_names import assert_same, no_fast_path
from turtle_reads import calls_of
from w3c import assert_reads_as_pyoxigraph

from rdflib_strict import ParseError
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader

PREFIXES = "@prefix : <http://example/> .\n"
# Verbs the fast pattern makes, then verbs it leaves to the full reader, which explains them.
_VERBS = [":p", ":q.r", ":\u00e9", "a", "<http://example/p>", ":p\\~q", "nope:p", "<p>", ":-p"]
_GAPS = [" ", " ", "\n  ", "\t", " # c\n ", ""]  # between a verb and its object
_ATOMS = [
    ":o", '"s"', '"s"^^<http://example/dt>', "'t'@en", "'u\\'v'", "'w'^^:dt", "'x'^^<http://example/dt>",
    "'2'^^<p>", "'y\\q'", "'''z'''", "1", "_:b", "<http://example/o>", "true",
]  # fmt: skip
_ERRORS = ["", "", "", "", " ]", " )", " .", " ,", " ;;"]


@st.composite
def objects(draw: st.DrawFn, depth: int) -> str:
    """An atom, or (less often, deeper down) a property list or a collection."""
    shape = draw(st.integers(0, 4 if depth < 3 else 0))
    ws = draw(st.sampled_from(_GAPS[:-1]))
    if shape == 0:
        return draw(st.sampled_from(_ATOMS))
    if shape == 1:
        return "[" + ws + "]"
    if shape in (2, 3):
        return "[" + ws + draw(predicate_object_list(depth + 1)) + ws + "]"
    items = draw(st.lists(objects(depth + 1), max_size=3))
    return "(" + ws + " ".join(items) + ws + ")"


@st.composite
def predicate_object_list(draw: st.DrawFn, depth: int) -> str:
    """[7] predicateObjectList, the objects of each verb after it in its gap or ',' lists."""
    entries = []
    for _ in range(draw(st.integers(1, 3))):
        verb = draw(st.sampled_from(_VERBS))
        listed = " , ".join(draw(st.lists(objects(depth), min_size=1, max_size=2)))
        entries.append(verb + draw(st.sampled_from(_GAPS)) + listed)
    return " ;\n  ".join(entries) + draw(st.sampled_from(["", " ;"]))


@st.composite
def documents(draw: st.DrawFn) -> str:
    statements = []
    for _ in range(draw(st.integers(1, 3))):
        subject = draw(st.sampled_from([":s", "_:s", "<http://example/s>", "[ :p :o ]"]))
        text = subject + " " + draw(predicate_object_list(0))
        cut = draw(st.integers(0, len(text)))  # one error, maybe, somewhere in the statement
        statements.append(text[:cut] + draw(st.sampled_from(_ERRORS)) + text[cut:] + " .")
    return PREFIXES + "\n".join(statements) + "\n"


Read = (
    tuple[list[tuple[Node, ...]], list[int], list[int], list[Node], list[tuple[int, int]]]
    | tuple[int, int, object, str]
)


def read(doc: str, chunk_size: int) -> Read:
    """The statements the strict parser reads from ``doc`` in chunks of ``chunk_size`` bytes
    (blank nodes numbered in the order met), with their lines and columns and those of the
    subjects; or its error's line, column, kind and message."""
    numbered: dict[Node, str] = {}

    def number(term: Node) -> Node:
        return numbered.setdefault(term, f"_:{len(numbered)}") if isinstance(term, BNode) else term

    statements: list[tuple[Node, ...]] = []
    lines: list[int] = []
    columns: list[int] = []
    subjects: list[Node] = []
    subject_places: list[tuple[int, int]] = []
    parser = TurtleParser(Terms(), None, None)
    batches = parser.batches_with_places(ChunkReader(io.BytesIO(doc.encode()), "x", chunk_size=chunk_size))
    try:
        for batch, places in batches:
            statements += [tuple(map(number, quad[:3])) for quad in batch]
            lines += places.lines
            columns += places.columns
            subjects += map(number, places.subjects or ())
            subject_places += zip(places.subject_lines, places.subject_columns, strict=True)
    except ParseError as e:
        return e.lineno, e.colno, e.kind, str(e)
    return statements, lines, columns, subjects, subject_places


def graph(doc: str, chunk_size: int) -> Graph | tuple[int, int, object, str]:
    """The graph read without source maps (the other loop of the fast path), or the error."""
    g = Graph()

    def emit(batch: list[tuple[Node, Node, Node, object]]) -> None:
        for s, p, o, _ in batch:
            g.add((s, p, o))

    try:
        TurtleParser(Terms(), None, None).parse(
            ChunkReader(io.BytesIO(doc.encode()), "x", chunk_size=chunk_size), emit
        )
    except ParseError as e:
        return e.lineno, e.colno, e.kind, str(e)
    return g


@settings(max_examples=400, deadline=None)
@given(documents())
def test_verbs_before_brackets_read_as_the_full_reader_reads_them(doc: str) -> None:
    fast, fast_graph = read(doc, 1 << 20), graph(doc, 1 << 20)
    assert read(doc, 1) == fast
    assert_same(graph(doc, 1), fast_graph)
    with no_fast_path():
        assert read(doc, 1 << 20) == fast
        assert read(doc, 1) == fast
        assert_same(graph(doc, 1 << 20), fast_graph)


@settings(max_examples=300, deadline=None)
@given(documents())
def test_brackets_read_as_pyoxigraph_reads_them(doc: str) -> None:
    assert_reads_as_pyoxigraph(doc, graph(doc, 1 << 20))


def test_the_pattern_takes_verbs_before_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first property compares two readers only if the verbs before brackets are the fast
    # pattern's: none of these reaches the full reader's verb.
    doc = PREFIXES + ":s :p [ :q ( :a ) ] ;\n  a ( [] ) ;\n  <http://example/p>\n [ a :c ] .\n"
    calls = calls_of(monkeypatch, "_read_verb")
    assert isinstance(graph(doc, 1 << 20), Graph)
    assert calls == []
    with no_fast_path():
        assert isinstance(graph(doc, 1 << 20), Graph)
    assert len(calls) == 5
