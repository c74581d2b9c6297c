"""Canonical Turtle and TriG (``canonical=True``): isomorphic inputs give identical bytes.

The golden outputs below are written by hand from the layout the README describes (the
blank node labels RDFC-1.0 gives were read from pyoxigraph's RDFC-1.0, an independent
implementation). Every other check compares two outputs of the writer with each other
(invariance under statement order, blank node ids and unused prefixes; locality of a one
statement change) or reads the output back with pyoxigraph and our parser.
"""

from __future__ import annotations

import difflib
import io
import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from clirun import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import RDF, BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.term import Node
from round_trip import assert_read_back, assert_round_trip, serialize
from test_write_turtle import _TRIPLES, graphs
from w3c import find_rdf_tests_dir, load_manifest, oxigraph_graph

from rdflib_strict.edge.writers import statements
from rdflib_strict.formats.terms import Statement
from rdflib_strict.formats.write_trig import write_trig
from rdflib_strict.formats.write_turtle import write_turtle

EX = Namespace("http://ex.org/")
NAMESPACES = [("ex", str(EX)), ("rdf", str(RDF))]
Triple = tuple[Node, Node, Node]


def turtle(triples: Iterable[Triple], namespaces: Iterable[tuple[str, str]] = NAMESPACES) -> str:
    buf = io.BytesIO()
    write_turtle(triples, buf, namespaces=namespaces, canonical=True)
    return buf.getvalue().decode("utf-8")


def trig(quads: Iterable[Statement], namespaces: Iterable[tuple[str, str]] = NAMESPACES) -> str:
    buf = io.BytesIO()
    write_trig(quads, buf, namespaces=namespaces, canonical=True)
    return buf.getvalue().decode("utf-8")


# --------------------------------------------------------------------------------------------
# Golden outputs, written by hand


def test_golden_orders_and_inlining() -> None:
    b = BNode("zzz")
    triples = [
        (EX.b, EX.p, EX.o),
        (EX.a, EX.q, Literal("x")),
        (EX.a, EX.q, b),
        (b, EX.r, Literal(1)),
        (EX.a, EX.q, EX.z),
        (EX.a, RDF.type, EX.T),
        (EX.a, URIRef("http://other.org/p"), Literal("y", lang="en")),
    ]
    # "foo" is bound and unused: no line for it; other.org has no prefix: a full IRI.
    got = turtle(triples, [*NAMESPACES, ("foo", "http://foo.org/")])
    assert (
        got
        == """\
@prefix ex: <http://ex.org/> .

ex:a a ex:T ;
    ex:q ex:z, "x", [
        ex:r 1
    ] ;
    <http://other.org/p> "y"@en .

ex:b ex:p ex:o .
"""
    )


def test_golden_shared_blank_node_gets_its_rdfc_label() -> None:
    x = BNode("anything")
    triples = [(EX.b, EX.p, x), (x, EX.v, Literal("1")), (EX.a, EX.p, x)]
    assert (
        turtle(triples)
        == """\
@prefix ex: <http://ex.org/> .

ex:a ex:p _:c14n0 .

ex:b ex:p _:c14n0 .

_:c14n0 ex:v "1" .
"""
    )


def test_golden_top_level_blank_nodes_in_label_order() -> None:
    # Two unreferenced blank nodes, one with a list: written as `[]`, in the order of their labels
    # (pyoxigraph: the node with "b" is c14n0, its list cell c14n1, the node with "a" c14n2).
    one, two, cell = BNode("n1"), BNode("n2"), BNode("n3")
    triples = [
        (one, EX.p, Literal("a")),
        (two, EX.p, Literal("b")),
        (two, EX.l, cell),
        (cell, RDF.first, EX.i),
        (cell, RDF.rest, RDF.nil),
    ]
    assert (
        turtle(triples)
        == """\
@prefix ex: <http://ex.org/> .

[] ex:l ( ex:i ) ;
    ex:p "b" .

[] ex:p "a" .
"""
    )


def test_golden_trig_shared_node_and_blank_graph() -> None:
    # pyoxigraph: the shared node is c14n0, the graph's label c14n1.
    shared, graph = BNode("s"), BNode("g")
    quads: list[Statement] = [
        (EX.s, EX.p, shared, None),
        (shared, EX.p, Literal("x"), graph),
        (EX.s, EX.p, EX.o, EX.g),
    ]
    assert (
        trig(quads)
        == """\
@prefix ex: <http://ex.org/> .

ex:s ex:p _:c14n0 .

ex:g {
    ex:s ex:p ex:o .
}

_:c14n1 {
    _:c14n0 ex:p "x" .
}
"""
    )


# --------------------------------------------------------------------------------------------
# Isomorphic inputs, identical bytes


def _renamed(quads: list[Statement], seed: int) -> list[Statement]:
    """``quads`` shuffled, each blank node renamed to a fresh id: ids in the reverse order of
    the old ones, so every order that looks at ids is turned round."""
    rng = random.Random(seed)
    old = sorted({str(t) for q in quads for t in q if isinstance(t, BNode)})
    fresh = {BNode(b): BNode(f"r{len(old) - i:06d}") for i, b in enumerate(old)}

    def rename(term: Node | None) -> Node | None:
        return fresh[term] if isinstance(term, BNode) else term

    out = [(rename(s), p, rename(o), rename(g)) for s, p, o, g in quads]
    rng.shuffle(out)
    return out  # type: ignore[return-value]


_UNUSED = st.lists(
    st.tuples(st.sampled_from(["zz", "a", "foo", "q1"]), st.sampled_from(["http://unused.org/", "urn:u:"])),
    max_size=3,
)


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.integers(0, 2**32), _UNUSED)
def test_isomorphic_graphs_give_identical_turtle(g: Graph, seed: int, unused: list[tuple[str, str]]) -> None:
    quads = [(s, p, o, None) for s, p, o in g]
    bound = [(p, str(ns)) for p, ns in g.namespaces()]
    first = turtle(((s, p, o) for s, p, o, _ in quads), bound)
    second = turtle(((s, p, o) for s, p, o, _ in _renamed(quads, seed)), [*unused, *reversed(bound)])
    assert first == second


@st.composite
def datasets(draw: st.DrawFn) -> list[Statement]:
    """A graph with lists and nesting as the default graph, and a few named graphs of plain
    statements (labels IRIs, or blank nodes that also occur as terms)."""
    quads: list[Statement] = [(s, p, o, None) for s, p, o in draw(graphs())]
    for label in (EX.g1, BNode("a"), BNode("g")):
        quads += [(s, p, o, label) for s, p, o in draw(_TRIPLES)]
    return list(dict.fromkeys(quads))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(datasets(), st.integers(0, 2**32))
def test_isomorphic_datasets_give_identical_trig(quads: list[Statement], seed: int) -> None:
    assert trig(quads) == trig(_renamed(quads, seed))


# --------------------------------------------------------------------------------------------
# A one-statement change touches only its subject's block


def _block_lines(text: str, head: str) -> range:
    """The line numbers of the block starting with ``head`` (with the blank line before it)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(head) and (i == 0 or lines[i - 1] == ""):
            end = i
            while end < len(lines) and lines[end] != "":
                end += 1
            return range(i - 1 if i else 0, end + 1)
    return range(0)


_IRI_SUBJECTS = st.sampled_from([EX.s0, EX.s1, EX.s2, EX.s3])
_PLAIN_OBJECTS = st.one_of(
    st.sampled_from([EX.o0, EX.o1, EX.s1]), st.sampled_from([Literal("a"), Literal("b")])
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), _IRI_SUBJECTS, st.sampled_from([EX.p0, EX.p1, RDF.type]), _PLAIN_OBJECTS)
def test_one_statement_changes_only_its_block(g: Graph, s: URIRef, p: URIRef, o: Node) -> None:
    # The statement holds no blank node, so no blank node's RDFC-1.0 label changes; the anchor
    # keeps ex: used, so the prefix lines stay.
    base = {*g, (EX.anchor, EX.p0, EX.o0)}
    base.discard((s, p, o))
    old, new = turtle(base), turtle({*base, (s, p, o)})
    head = f"ex:{s[len(EX) :]} "
    old_block, new_block = _block_lines(old, head), _block_lines(new, head)
    matcher = difflib.SequenceMatcher(None, old.split("\n"), new.split("\n"), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            assert all(i in old_block for i in range(i1, i2)), (tag, i1, i2, old, new)
            assert all(j in new_block for j in range(j1, j2)), (tag, j1, j2, old, new)
    assert old != new


# --------------------------------------------------------------------------------------------
# Read back: pyoxigraph and our parser, exact lexical forms


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.integers(0, 2**32))
def test_canonical_turtle_reads_back(g: Graph, seed: int) -> None:
    data = serialize(g, "strict-turtle", canonical=True)
    assert_read_back(data, g, "strict-turtle", data.decode("utf-8"))
    copy = Graph()
    for s, p, o, _ in _renamed([(s, p, o, None) for s, p, o in g], seed):
        copy.add((s, p, o))  # type: ignore[arg-type]
    for prefix, ns in g.namespaces():
        copy.bind(prefix, ns)
    assert serialize(copy, "strict-turtle", canonical=True) == data


def _eval_results(manifest: str, kind: str) -> list[Path]:
    root = find_rdf_tests_dir()
    if root is None:
        return []
    cases = load_manifest(root, manifest)
    return sorted({c.result for c in cases if c.kind == kind and c.result is not None})


def _same_bytes_when_renamed(g: Graph, fmt: str) -> bytes:
    data = assert_round_trip(g, fmt, canonical=True)
    copy = Dataset() if isinstance(g, Dataset) else Graph()
    for s, p, o, c in _renamed(list(statements(g, with_graphs=True)), 7):
        if c is None:
            copy.add((s, p, o))  # type: ignore[arg-type]
        else:
            copy.graph(c).add((s, p, o))  # type: ignore[arg-type]
    for prefix, ns in g.namespaces():
        copy.bind(prefix, ns)
    assert serialize(copy, fmt, canonical=True) == data
    return data


def test_w3c_trig_eval_results_through_canonical() -> None:
    # Each result alone (the Turtle results are checked as one graph below: alone, none of
    # them has an order or a label that blank node ids decide).
    fmt, result_fmt = "strict-trig", "nq"
    paths = _eval_results("rdf11-trig", "TestTrigEval")
    if not paths:
        pytest.skip("W3C rdf-tests not found: set RDF_TESTS_DIR or place them at ../shared/rdf-tests")
    assert len(paths) > 50
    failures = []
    for path in paths:
        g = oxigraph_graph(path, result_fmt)
        g.bind("ex", "http://example/")
        try:
            _same_bytes_when_renamed(g, fmt)
        except AssertionError as e:
            failures.append(f"{path.name}: {e}")
    assert not failures, f"{len(failures)} failing:\n\n" + "\n\n".join(failures)


def test_plugin_and_convert_take_canonical(tmp_path: Path) -> None:
    g = Graph()
    g.add((BNode("x"), EX.p, Literal("v")))
    g.add((EX.s, EX.p, BNode("y")))
    g.add((BNode("y"), EX.p, BNode("y")))  # a loop: labelled
    data = g.serialize(format="strict-turtle", canonical=True, encoding="utf-8")
    assert b"_:c14n" in data and b"_:x" not in data and b"_:y" not in data
    # convert: the same document with other labels and another statement order, same bytes.
    p, s = "<http://ex.org/p>", "<http://ex.org/s>"
    (tmp_path / "a.nt").write_text(f'_:y {p} _:y .\n{s} {p} _:y .\n_:x {p} "v" .\n')
    (tmp_path / "b.nt").write_text(f'_:k {p} "v" .\n_:m {p} _:m .\n{s} {p} _:m .\n')
    a = run_cli(["convert", "a.nt", "-t", "ttl", "--canonical"], cwd=tmp_path)
    b = run_cli(["convert", "b.nt", "-t", "trig", "--canonical"], cwd=tmp_path)
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout
    assert "_:c14n" in a.stdout


def test_w3c_turtle_results_as_one_graph_through_canonical() -> None:
    # One graph of every Turtle eval result: 22 top-level `[]` subjects, whose order only the
    # canonical labels decide (each result alone has at most one).
    paths = _eval_results("rdf11-turtle", "TestTurtleEval")
    if not paths:
        pytest.skip("W3C rdf-tests not found: set RDF_TESTS_DIR or place them at ../shared/rdf-tests")
    merged = Graph()
    for path in paths:
        for triple in oxigraph_graph(path, "nt"):
            merged.add(triple)
    data = _same_bytes_when_renamed(merged, "strict-turtle")
    assert data.count(b"\n[] ") > 10
