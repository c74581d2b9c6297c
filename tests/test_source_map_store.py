"""The SourceMap's storage: its size, its index, graphs and keys (the spans themselves are
checked against hand-written ones in test_source_map.py)."""

from __future__ import annotations

import sys
import warnings

import pytest
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

from rdflib_strict import SourceMap, Span, iterparse

EX = "http://example.org/"


def _map_bytes(source_map: SourceMap) -> int:
    total = 0
    for segment in source_map._segments:
        for value in vars(segment).values():
            if hasattr(value, "itemsize"):  # the arrays
                total += sys.getsizeof(value)
    return total


def _diverse_ntriples(n: int) -> str:
    return "".join(
        f'<{EX}s{i}> <{EX}p{i % 7}> "v{i}"@en .\n' if i % 2 else f"<{EX}s{i}> <{EX}p{i % 7}> _:b{i} .\n"
        for i in range(n)
    )


def _subject_blocks(n: int) -> str:
    """Turtle as dumps write it: a subject, then several predicate-object pairs."""
    return "".join(
        f'<{EX}s{i}> a <{EX}C> ; <{EX}name> "n{i}"@en ; <{EX}p> <{EX}o{i}> , "{i}" .\n' for i in range(n // 4)
    )


@pytest.mark.parametrize(
    ("fmt", "make", "bound"),
    [
        # README: 24 bytes per statement, 12 more per statement for the line formats' subjects,
        # 24 per subject written in Turtle/TriG; arrays over-allocate by up to 1/16.
        ("strict-ntriples", _diverse_ntriples, 40),
        ("strict-turtle", _subject_blocks, 40),
        # The Turtle worst case, every statement a subject of its own: 48 and over-allocation.
        ("strict-turtle", _diverse_ntriples, 51),
    ],
)
def test_bytes_per_statement(fmt: str, make: object, bound: int) -> None:
    sm = SourceMap()
    Graph().parse(data=make(20_000), format=fmt, source_map=sm)  # type: ignore[operator]
    assert len(sm) == 20_000
    assert _map_bytes(sm) / len(sm) <= bound


@pytest.mark.parametrize(
    ("fmt", "make", "bound"),
    [
        # README: while lines and columns fit in 16 bits, a statement of the line formats takes
        # its key, its subject's key, a line and five columns (28 bytes); of Turtle/TriG its
        # key, three lines and three columns (20), and a subject its key, two lines and two
        # columns (16); arrays over-allocate by up to 1/16.
        ("strict-ntriples", _diverse_ntriples, 30),
        ("strict-turtle", _subject_blocks, 26),  # a subject for four statements: 20 + 4
        ("strict-turtle", _diverse_ntriples, 39),  # every statement a subject of its own: 36
    ],
)
def test_lines_and_columns_take_16_bits_while_they_fit(fmt: str, make: object, bound: int) -> None:
    sm = SourceMap()
    Graph().parse(data=make(20_000), format=fmt, source_map=sm)  # type: ignore[operator]
    assert len(sm) == 20_000
    assert _map_bytes(sm) / len(sm) <= bound


def test_lines_and_columns_past_16_bits() -> None:
    """A line past 65,535 whose columns go past 65,535: the map's numbers widen to 32 bits
    mid-parse, and every place stays exact (statement, object, subject), in N-Triples and in
    Turtle (an object over two lines)."""
    n = 70_000
    long_iri = EX + "a" * 70_000
    w = len(long_iri) + 2  # the width of <long_iri>
    p = URIRef(EX + "p")
    nt = f"<{EX}s> <{EX}p> <{EX}o> .\n" * n + f'<{long_iri}> <{EX}p> "v"@en .\n'
    sm = SourceMap()
    Graph().parse(data=nt, format="strict-ntriples", source_map=sm)
    # <http://example.org/s> is 22 characters: the object from column 47 to 69, '.' at 70.
    first = (URIRef(EX + "s"), p, URIRef(EX + "o"))
    assert sm.statement(first)[-1] == Span("<string>", n, 1, n, 71)
    assert sm.object(first)[-1] == Span("<string>", n, 47, n, 69)
    # The subject, ' ', <http://example.org/p> (22), ' ', "v"@en (6), ' .'.
    last = (URIRef(long_iri), p, Literal("v", lang="en"))
    assert sm.statement(last) == (Span("<string>", n + 1, 1, n + 1, w + 33),)
    assert sm.object(last) == (Span("<string>", n + 1, w + 25, n + 1, w + 31),)
    assert sm.subject(URIRef(long_iri)) == (Span("<string>", n + 1, 1, n + 1, w + 1),)
    (segment,) = sm._segments
    assert (segment.lines.itemsize, segment.columns.itemsize) == (4, 4)

    ttl = f"@prefix : <{EX}> .\n" + ":s :p :o .\n" * n + f'<{long_iri}> :p """x\ny""" .\n'
    sm = SourceMap()
    Graph().parse(data=ttl, format="strict-turtle", source_map=sm)
    first = (URIRef(EX + "s"), p, URIRef(EX + "o"))
    assert sm.statement(first)[-1] == Span("<string>", n + 1, 1, n + 1, 9)
    assert sm.object(first)[-1] == Span("<string>", n + 1, 7, n + 1, 9)
    last = (URIRef(long_iri), p, Literal("x\ny"))
    assert sm.statement(last) == (Span("<string>", n + 2, 1, n + 3, 5),)
    assert sm.object(last) == (Span("<string>", n + 2, w + 5, n + 3, 5),)
    assert sm.subject(URIRef(long_iri)) == (Span("<string>", n + 2, 1, n + 2, w + 1),)


def test_a_statement_written_many_times_has_every_span_in_order() -> None:
    line = f"<{EX}s> <{EX}p> <{EX}o> .\n"
    doc = line * 3000 + f"<{EX}s> <{EX}p> <{EX}other> .\n"
    sm = SourceMap()
    Graph().parse(data=doc, format="strict-nt", source_map=sm)
    spans = sm.statement((URIRef(EX + "s"), URIRef(EX + "p"), URIRef(EX + "o")))
    assert [s.line for s in spans] == list(range(1, 3001))
    last = f"<{EX}s> <{EX}p> <{EX}other> ."
    assert sm.statement((URIRef(EX + "s"), URIRef(EX + "p"), URIRef(EX + "other"))) == (
        Span("<string>", 3001, 1, 3001, len(last) + 1),
    )
    assert len(sm.subject(URIRef(EX + "s"))) == 3001


def test_an_iri_object_and_a_literal_of_the_same_text_are_told_apart() -> None:
    # rdflib hashes URIRef("x"), BNode("x") and Literal("x") alike: the key adds the type.
    doc = f'<{EX}s> <{EX}p> <{EX}x> .\n<{EX}s> <{EX}p> "{EX}x" .\n'
    sm = SourceMap()
    Graph().parse(data=doc, format="strict-nt", source_map=sm)
    s, p = URIRef(EX + "s"), URIRef(EX + "p")
    assert [x.line for x in sm.statement((s, p, URIRef(EX + "x")))] == [1]
    assert [x.line for x in sm.statement((s, p, Literal(EX + "x")))] == [2]
    assert sm.statement((s, p, BNode(EX + "x"))) == ()


def test_quads_are_found_by_graph_and_the_default_graph_by_none() -> None:
    doc = "".join(
        f"<{EX}s> <{EX}p> <{EX}o> <{EX}g{i % 3}> .\n" if i % 4 else f"<{EX}s> <{EX}p> <{EX}o> .\n"
        for i in range(12)
    )
    sm = SourceMap()
    Dataset().parse(data=doc, format="strict-nquads", source_map=sm)
    t = (URIRef(EX + "s"), URIRef(EX + "p"), URIRef(EX + "o"))
    assert [x.line for x in sm.statement(t)] == list(range(1, 13))
    # i % 4 == 0: the default graph; else graph g(i % 3): g1 for i = 1, 7, 10.
    assert [x.line for x in sm.statement((*t, URIRef(EX + "g1")))] == [2, 8, 11]
    assert [x.line for x in sm.statement((*t, None))] == [1, 5, 9]
    assert [x.line for x in sm.statement((*t, DATASET_DEFAULT_GRAPH_ID))] == [1, 5, 9]
    assert sm.statement((*t, URIRef(EX + "g9"))) == ()


def test_a_graph_is_accepted_for_its_name() -> None:
    ds = Dataset()
    sm = SourceMap()
    ds.parse(data=f"<{EX}s> <{EX}p> <{EX}o> <{EX}g> .\n", format="strict-nquads", source_map=sm)
    graph = ds.graph(URIRef(EX + "g"))
    (statement,) = graph.triples((None, None, None))
    assert [x.line for x in sm.statement((*statement, graph))] == [1]


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="SourceMap"):
        Graph().parse(data=f"<{EX}s> <{EX}p> <{EX}o> .\n", format="strict-nt", source_map={})
    with pytest.raises(ValueError, match=r"\(s, p, o\) or \(s, p, o, g\), not 1 term$"):
        SourceMap().statement((URIRef(EX),))


def test_sources_in_parse_order_and_repr() -> None:
    sm = SourceMap()
    Graph().parse(data=f"<{EX}s> <{EX}p> <{EX}o> .\n", format="strict-nt", source_map=sm)
    Graph().parse(data=f"<{EX}s> <{EX}p> <{EX}o> .\n", format="strict-ttl", source_map=sm)
    assert sm.sources == ("<string>", "<string>")
    assert repr(sm) == "<SourceMap: 2 statements from 2 sources>"
    one = SourceMap()
    Graph().parse(data=f"<{EX}s> <{EX}p> <{EX}o> .\n", format="strict-nt", source_map=one)
    assert repr(one) == "<SourceMap: 1 statement from 1 source>"


def test_positions_in_workers_parse_here_with_a_warning() -> None:
    data = _diverse_ntriples(10).encode()
    with pytest.warns(UserWarning, match="one process"):
        placed = list(iterparse(data=data, format="nt", positions=True, workers=2))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        here = list(iterparse(data=data, format="nt", positions=True))
    # Blank nodes differ between two parses; the rest and the spans do not.
    assert [(s, p, span) for s, p, _, _, span in placed] == [(s, p, span) for s, p, _, _, span in here]
    assert [span.line for *_, span in placed] == list(range(1, 11))


def test_the_index_a_lookup_builds_costs_12_to_20_bytes_per_statement() -> None:
    # README: "the first lookup builds a hash table (12 to 20 bytes per statement)".
    for n in (5_000, 6_000, 8_100):
        sm = SourceMap()
        Graph().parse(data=_diverse_ntriples(n), format="strict-nt", source_map=sm)
        (segment,) = sm._segments
        assert sm.statement((URIRef(EX + "s1"), URIRef(EX + "p1"), Literal("v1", lang="en")))
        index = segment.statements
        size = sys.getsizeof(index._slots) + sys.getsizeof(index._chain)
        assert 12 <= size / n <= 20.5, (n, size / n)
