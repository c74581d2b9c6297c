"""One call of Turtle's triples reader goes on to the statements after its own when the fast
pattern takes their subjects (``TurtleParser._next_statement``), up to ``_CHAIN`` of them; the
statement the buffer's end cuts, or that raises an error, is read again or skipped alone.

Random documents of short statements: subjects the fast pattern takes, IRIs and blank node
labels (left to the N-Triples lines), brackets, directives between them (a prefix declared
again), comments, CR and CRLF line ends, ill-typed literals (warnings held until their
statement is whole), and now and then an error. Two properties:

1. chaining changes nothing: with ``_CHAIN`` 0 (a statement a call), the parser gives the same
   statements in the same order, the same warnings in the same order and the same errors,
   skipped (``on_error``, with the text each skipped) or raised, in chunks of every size
   (1 byte: a buffer end in every statement; 16 bytes: in some of a chain);
2. the verdict and the graph are pyoxigraph's.
"""

from __future__ import annotations

import io
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import Graph
from turtle_reads import read_turtle
from w3c import assert_reads_as_pyoxigraph

from rdflib_strict import ParseError
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader

PREFIXES = "@prefix : <http://example/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
_SUBJECTS = [":s", ":t.u", ":\u00e9", "<http://example/s>", "_:b", "[ :p :o ]", "( :a )", "nope:s", ":a\\~b"]
_OBJECTS = [":o", '"s"', '"1"^^xsd:integer', '"x"^^xsd:integer', "'y'@en", "1.5", "_:c", "[]", "( 1 )"]
# After the first object: more of the statement, on its line or the next (the next is a buffer
# end inside a statement another chained to), or an error.
_AFTER = [
    "",
    "",
    "",
    " ;",
    " ; :q :o2",
    " ;\n  :q :o2",
    " ;\n  :q :o2 ,\n  :o3",
    " ,\r\n :o3",
    " # c",
    " ]",
    " ,",
    " :p",
    ' "bad\\q"',
]
_BETWEEN = [" ", " ", "\n", "\r\n", "\r", "\n# comment\n", "\n@prefix : <http://example/other/> .\n", "\t"]


@st.composite
def documents(draw: st.DrawFn) -> str:
    parts = [PREFIXES]
    for _ in range(draw(st.integers(1, 12))):
        subject, obj = draw(st.sampled_from(_SUBJECTS)), draw(st.sampled_from(_OBJECTS))
        parts += [subject, " :p ", obj, draw(st.sampled_from(_AFTER)), " .", draw(st.sampled_from(_BETWEEN))]
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(documents(), st.booleans(), st.sampled_from([2, 64]))
def test_chained_statements_read_as_one_a_call(doc: str, skip: bool, chain: int) -> None:
    for chunk_size in (1, 16, 1 << 20):
        with mock.patch.object(TurtleParser, "_CHAIN", chain):
            chained = read_turtle(doc, chunk_size, skip)
        with mock.patch.object(TurtleParser, "_CHAIN", 0):
            assert read_turtle(doc, chunk_size, skip) == chained, chunk_size


@settings(max_examples=200, deadline=None)
@given(documents())
def test_chained_statements_read_as_pyoxigraph_reads_them(doc: str) -> None:
    g = Graph()
    try:
        TurtleParser(Terms(), None, None).parse(
            ChunkReader(io.BytesIO(doc.encode()), "x"), lambda batch: [g.add(q[:3]) for q in batch]
        )
    except ParseError as e:
        assert_reads_as_pyoxigraph(doc, e)
        return
    assert_reads_as_pyoxigraph(doc, g)


def test_a_statement_cut_by_the_buffer_end_is_read_again_alone() -> None:
    # The second statement warns, the third is chained to it and cut by the end of its line
    # (a buffer end, in 1-byte chunks): its warning is given once, and before the fourth's.
    doc = PREFIXES + ':a :p :o . :b :p "x"^^xsd:integer ; :q :o . :c :p\n :o . :d :p "y"^^xsd:int .\n'
    chained = read_turtle(doc, 1, True)
    assert [w[:2] for w in chained[1]] == [(3, 18), (4, 13)]
    assert len(chained[0]) == 5 and chained[2] == []
    with mock.patch.object(TurtleParser, "_CHAIN", 0):
        assert read_turtle(doc, 1, True) == chained


def test_warnings_before_a_statement_cut_twice_are_given() -> None:
    # The second statement warns, the third is chained to it and cut by two buffer ends (in
    # 1-byte chunks): the warning, held while the second is read, is not dropped when the
    # third is read again (a case test_turtle_fast_escapes found).
    integer = "<http://www.w3.org/2001/XMLSchema#integer>"
    doc = (
        PREFIXES
        + f':s :p "12"^^{integer}.\n'
        + f':s :p "", ""; :p "2023-02-29"^^xsd:date, "12"^^{integer}.\n'
        + f':s :p "",\n"12"^^{integer};\n:p "12"^^{integer}.\n'
    )
    for chunk_size in (1, 7, 1 << 20):
        chained = read_turtle(doc, chunk_size, False)
        assert [w[:2] for w in chained[1]] == [(4, 18)] and len(chained[0]) == 1 + 4 + 3
        with mock.patch.object(TurtleParser, "_CHAIN", 0):
            assert read_turtle(doc, chunk_size, False) == chained


def test_one_call_reads_the_statements_after_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first property compares two readers only if a call does read several statements:
    # here all but those whose subject is an IRI (left to the N-Triples lines) or a bracket,
    # and those after a directive.
    doc = (
        PREFIXES
        + ":a :p :o .\n:b :p :o ; :q 1 .\r\n# c\n:c :p :o .\n<http://example/d> :p :o .\n:e :p :o .\n"
    )
    calls: list[int] = []
    original = TurtleParser._read_triples

    def counted(self: TurtleParser, src: str, pos: int, out: list[Any]) -> int:
        calls.append(pos)
        return original(self, src, pos, out)

    monkeypatch.setattr(TurtleParser, "_read_triples", counted)
    chained = read_turtle(doc, 1 << 20, False)
    assert len(chained[0]) == 6 and len(calls) == 2
    monkeypatch.setattr(TurtleParser, "_CHAIN", 0)
    calls.clear()
    assert read_turtle(doc, 1 << 20, False) == chained
    assert len(calls) == 5
