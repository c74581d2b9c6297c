"""Turtle's fast path for a [15] collection whose items are all terms its item pattern takes:
the collection is read whole (its cells and triples made at its ')'), and anything else in it
(a nested bracket, an item the pattern cannot make, an error, the buffer's end) hands the whole
collection back to the full reader, item by item.

Random documents of collections, as subjects, objects and items, nested, empty and not, of
atoms good and bad (strings in either quote with tags and datatypes, ill-typed ones, escapes,
names the fast patterns leave to the full reader), with spaces, tabs, CR, CRLF, comments or
nothing between the items, and now and then one error (a bracket left open or closed twice, a
stray ',', ';' or '.'). Three properties:

1. the fast path changes nothing: with its patterns made never to match, the full reader gives
   the same statements in the same order (blank nodes numbered as met), the same ill-typed
   literal warnings and the same errors, skipped or raised (line, column, kind, message),
   whole and in 1-byte chunks (which cut every token and put a buffer end in every collection);
2. the verdict and the graph are pyoxigraph's;
3. the fast path does take collections: a document of simple ones reaches no full-reader item.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import Graph
from test_turtle_fast_names import no_fast_path
from turtle_reads import calls_of, read_turtle
from w3c import assert_reads_as_pyoxigraph

from rdflib_strict import ParseError
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import State, TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader

PREFIXES = "@prefix : <http://example/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
_ATOMS = [
    ":a", ":b.c", ":\u00e9", "<http://example/i>", "<rel>", '"s"', "'t'", '"u"@en', "'v'@en-GB",
    '"w" @en', '"1"^^xsd:integer', '"x"^^xsd:integer', "'2'^^<http://www.w3.org/2001/XMLSchema#int>",
    '"y\\"z"', '"\\u00e9\\n"', '"bad\\q"', "'''long'''", "1", "-2.5", "1e3", "true", "false",
    "_:b", "_:c.d", "nope:x", ":a\\~b", ":-a", "[]", "[ :p :o ]",
]  # fmt: skip
_GAPS = [" ", " ", "  ", "\t", "\n", "\r\n", "\r", " # c\n", "#c\r\n", ""]
_ERRORS = ["", "", "", "", " (", " )", " ,", " ;", " .", " ]"]


@st.composite
def collections(draw: st.DrawFn, depth: int = 0) -> str:
    """A collection of atoms and, less often (and not too deep), collections."""
    items = []
    for _ in range(draw(st.integers(0, 4))):
        nested = depth < 2 and draw(st.integers(0, 5)) == 0
        items.append(draw(collections(depth + 1)) if nested else draw(st.sampled_from(_ATOMS)))
    gaps = [draw(st.sampled_from(_GAPS)) for _ in range(len(items) + 1)]
    # No gap at all between two items is fine only where the grammar tells them apart: "1"2
    # is a string then a number, 1 2 needs one; the full reader explains the rest.
    return "(" + "".join(g + item for g, item in zip(gaps, items, strict=False)) + gaps[-1] + ")"


@st.composite
def documents(draw: st.DrawFn) -> str:
    statements = []
    for _ in range(draw(st.integers(1, 3))):
        shape = draw(st.integers(0, 3))
        if shape == 0:  # a collection as the subject
            text = draw(collections()) + " :p :o"
        elif shape == 1:  # in a property list
            text = ":s :p [ :q " + draw(collections()) + " ]"
        else:
            text = ":s :p " + " , ".join(draw(st.lists(collections(), min_size=1, max_size=3)))
            text += " ;\n  :q " + draw(collections()) if shape == 3 else ""
        cut = draw(st.integers(0, len(text)))  # one error, maybe, somewhere in the statement
        statements.append(text[:cut] + draw(st.sampled_from(_ERRORS)) + text[cut:] + " .")
    return PREFIXES + draw(st.sampled_from(["\n", "\r\n"])).join(statements) + "\n"


def graph(doc: str) -> Graph | tuple[int, int, object, str]:
    g = Graph()
    try:
        TurtleParser(Terms(), None, None).parse(
            ChunkReader(io.BytesIO(doc.encode()), "x"), lambda batch: [g.add(q[:3]) for q in batch]
        )
    except ParseError as e:
        return e.lineno, e.colno, e.kind, str(e)
    return g


@settings(max_examples=400, deadline=None)
@given(documents(), st.booleans())
def test_collections_read_as_the_full_reader_reads_them(doc: str, skip: bool) -> None:
    fast, fast_cut = read_turtle(doc, 1 << 20, skip), read_turtle(doc, 1, skip)
    # An error raised ends the parse before the batch that holds it is handed on: how many
    # statements came before depends on where the buffers end.
    assert fast_cut == fast if skip or not fast[2] else fast_cut[1:] == fast[1:]
    with no_fast_path():
        assert read_turtle(doc, 1 << 20, skip) == fast
        assert read_turtle(doc, 1, skip) == fast_cut


@settings(max_examples=300, deadline=None)
@given(documents())
def test_collections_read_as_pyoxigraph_reads_them(doc: str) -> None:
    assert_reads_as_pyoxigraph(doc, graph(doc))


def test_the_fast_path_takes_simple_collections(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first property compares two readers only if the fast path reads these collections:
    # none of their items reaches the full reader's loop, which reads each as a term.
    doc = PREFIXES + ':s :p ( :a "b"@en 1 ) , () ;\n  :q ( <http://example/c>\r\n# c\n _:d ) .\n'
    doc += "( :e ) :p :o .\n"
    calls = calls_of(monkeypatch, "_read_term")

    def items() -> list[tuple[object, ...]]:
        return [args for args in calls if args[2] is State.ITEM]

    fast = read_turtle(doc, 1 << 20, False)
    assert items() == []
    assert len(fast[0]) == 7 + 1 + 5 + 3
    with no_fast_path():
        assert read_turtle(doc, 1 << 20, False) == fast
    assert len(items()) == 6
