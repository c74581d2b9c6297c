"""The harness's graph comparison (``w3c.isomorphic_quads``) is exact both ways.

Every round trip and W3C eval test rests on it, so it is checked here against rdflib's own
``isomorphic`` on random graphs, on relabelled copies, and on the shapes colour refinement
alone cannot tell apart.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.compare import isomorphic
from w3c import Quad, isomorphic_quads

EX = Namespace("http://ex.org/")
P, Q = EX.p, EX.q


def _b(*labels: str) -> list[BNode]:
    return [BNode(label) for label in labels]


def _cycle(nodes: list[BNode], name: URIRef | BNode | None = None) -> set[Quad]:
    return {(a, P, b, name) for a, b in zip(nodes, nodes[1:] + nodes[:1], strict=True)}


def _relabelled(quads: set[Quad], seed: int) -> set[Quad]:
    nodes = sorted({t for q in quads for t in q if isinstance(t, BNode)})
    fresh = [BNode() for _ in nodes]
    random.Random(seed).shuffle(fresh)
    mapping = dict(zip(nodes, fresh, strict=True))
    return {tuple(mapping.get(t, t) if isinstance(t, BNode) else t for t in q) for q in quads}  # type: ignore[misc]


def test_same_labels_differently_connected() -> None:
    a, b = _b("a", "b")
    assert not isomorphic_quads({(a, P, a, None), (b, P, b, None)}, {(a, P, b, None), (b, P, a, None)})


def test_refinement_alone_cannot_tell_two_triangles_from_a_hexagon() -> None:
    # Every node has one edge in and one out on both sides: colours never split, so the
    # answer comes from individualisation and the final check.
    six = _b(*"abcdef")
    hexagon = _cycle(six)
    triangles = _cycle(six[:3]) | _cycle(six[3:])
    assert not isomorphic_quads(hexagon, triangles)
    assert not isomorphic_quads(triangles, hexagon)
    assert isomorphic_quads(hexagon, _relabelled(hexagon, 1))
    assert isomorphic_quads(triangles, _relabelled(triangles, 2))


def test_symmetric_nodes_are_matched() -> None:
    nodes = _b(*(f"n{i}" for i in range(30)))
    star = {(EX.hub, P, n, None) for n in nodes} | {(n, Q, Literal("x"), None) for n in nodes}
    assert isomorphic_quads(star, _relabelled(star, 3))
    assert not isomorphic_quads(star, _relabelled(star, 3) | {(BNode(), P, EX.o, None)})


def test_graph_names_count() -> None:
    a, b, g = _b("a", "b", "g")
    assert isomorphic_quads({(a, P, b, g)}, {(b, P, a, BNode("h"))})
    assert not isomorphic_quads({(a, P, b, g)}, {(a, P, b, None)})
    assert not isomorphic_quads({(a, P, b, g)}, {(a, P, b, EX.g)})
    assert isomorphic_quads({(a, P, b, g)}, {(g, P, b, a)})
    # The same node as a graph name and as a term is not two nodes.
    assert not isomorphic_quads({(a, P, b, a)}, {(a, P, b, g)})
    assert not isomorphic_quads({(a, P, b, g), (a, Q, b, g)}, {(a, P, b, g), (a, Q, b, BNode("h"))})


def test_ground_statements_must_be_equal() -> None:
    a = BNode()
    assert not isomorphic_quads(
        {(EX.s, P, EX.o, None), (a, P, EX.o, None)}, {(EX.s, P, EX.x, None), (a, P, EX.o, None)}
    )
    assert not isomorphic_quads({(EX.s, P, EX.o, None)}, set())


_labels = st.sampled_from(_b(*"abcdef"))
_terms = st.one_of(_labels, st.sampled_from([EX.o, EX.x, Literal("1"), Literal("1", lang="en")]))
_triples = st.sets(st.tuples(_labels | st.just(EX.s), st.sampled_from([P, Q]), _terms), max_size=10)
Triples = set[tuple[object, object, object]]


def _graph(quads: set[Quad]) -> Graph:
    g = Graph()
    for s, p, o, _ in quads:
        g.add((s, p, o))  # type: ignore[arg-type]
    return g


@settings(max_examples=150, deadline=None)
@given(_triples, _triples)
def test_agrees_with_rdflib_on_random_pairs(one: Triples, two: Triples) -> None:
    a, b = {(*t, None) for t in one}, {(*t, None) for t in two}
    assert isomorphic_quads(a, b) == isomorphic(_graph(a), _graph(b))  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(_triples, st.integers(0, 1000), st.data())
def test_agrees_with_rdflib_on_relabelled_and_rewired_copies(
    triples: Triples, seed: int, data: st.DataObject
) -> None:
    quads: set[Quad] = {(*t, None) for t in triples}  # type: ignore[misc]
    copy = _relabelled(quads, seed)
    assert isomorphic_quads(quads, copy)
    assert isomorphic_quads(copy, quads)
    nodes = sorted({t for q in copy for t in q if isinstance(t, BNode)})
    if len(nodes) < 2:
        return
    # Rewire: one occurrence of a blank node in one statement becomes another blank node.
    # The result may or may not be isomorphic; rdflib decides.
    statement = data.draw(st.sampled_from(sorted(copy, key=repr)))
    old, new = data.draw(st.permutations(nodes))[:2]
    rewired = (copy - {statement}) | {tuple(new if t == old else t for t in statement)}  # type: ignore[arg-type]
    expected = isomorphic(_graph(quads), _graph(rewired))  # type: ignore[arg-type]
    assert isomorphic_quads(quads, rewired) == expected  # type: ignore[arg-type]
