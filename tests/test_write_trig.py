"""The strict TriG writer: hand-written golden outputs, round trips, errors, determinism.

Input datasets are built in Python and read the way the edge reads a store for a writer
(``edge.writers.statements``), then handed to ``write_trig``. The oracles for every round trip are
pyoxigraph's TriG parser (an independent strict reader) and our ``strict-trig`` parser
(``round_trip.py``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import RDF, XSD, BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.term import Node
from round_trip import assert_read_back, assert_round_trip, serialize
from test_write_turtle import _BNODE_IDS, _IRIS, _LITERALS, GOLDEN, lit
from w3c import _TermConverter, default_graph, find_rdf_tests_dir, parsed

from rdflib_strict.edge.writers import statements, write_graph_turtle
from rdflib_strict.formats.terms import Statement
from rdflib_strict.formats.write_trig import write_trig
from rdflib_strict.syntax.errors import SerializeError

EX = Namespace("http://ex.org/")
FMT = "strict-trig"


def write(quads: Iterable[Statement], **kwargs: object) -> bytes:
    buf = io.BytesIO()
    write_trig(quads, buf, **kwargs)  # type: ignore[arg-type]
    return buf.getvalue()


def new_dataset() -> Dataset:
    ds = Dataset()
    ds.bind("ex", EX)
    return ds


# --------------------------------------------------------------------------------------------
# Golden outputs, written by hand


def ds_graphs() -> Dataset:
    ds = new_dataset()
    ds.add((EX.s, EX.p, EX.o))  # the default graph: first, without braces
    g1 = ds.graph(EX.g1)
    g1.add((EX.s, RDF.type, EX.T))
    g1.add((EX.s, EX.p, lit("x")))
    g1.add((EX.s, EX.p, lit("1", XSD.integer)))
    g1.add((EX.t, EX.p, EX.o))
    ds.graph(EX.g0).add((EX.t, EX.p, EX.o))  # sorts before g1
    ds.graph(EX.empty)  # no statements: not written
    return ds


GOLDEN_GRAPHS = """\
@prefix ex: <http://ex.org/> .

ex:s ex:p ex:o .

ex:g0 {
    ex:t ex:p ex:o .
}

ex:g1 {
    ex:s a ex:T ;
        ex:p 1, "x" .

    ex:t ex:p ex:o .
}
"""


def ds_bnodes() -> Dataset:
    ds = new_dataset()
    shared, gb, inner = BNode("shared"), BNode("gb"), BNode("inner")
    ds.add((EX.s, EX.p, shared))  # shared: also a subject in ex:g1
    g1 = ds.graph(EX.g1)
    g1.add((EX.s, EX.p, inner))  # only here, the object once: [ ]
    g1.add((inner, EX.q, lit("1", XSD.integer)))
    g1.add((shared, EX.p, lit("x")))  # never an object here, yet not []
    g1.add((BNode("top"), EX.p, EX.o))  # only here, never an object: []
    g1.add((EX.s, EX.about, gb))  # a graph's label as an object
    g2 = ds.graph(gb)
    g2.add((gb, EX.p, lit("self")))
    Collection(g2, BNode("l0"), [lit("a"), lit("b")])
    g2.add((EX.s, EX.list, BNode("l0")))
    c0, c1 = BNode("c0"), BNode("c1")  # a list whose second cell is also in ex:g3
    g2.add((c0, RDF.first, lit("1", XSD.integer)))
    g2.add((c0, RDF.rest, c1))
    g2.add((c1, RDF.first, lit("2", XSD.integer)))
    g2.add((c1, RDF.rest, RDF.nil))
    g2.add((EX.t, EX.list, c0))
    ds.graph(EX.g3).add((c1, EX.note, lit("also here")))
    return ds


GOLDEN_BNODES = """\
@prefix ex: <http://ex.org/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .

ex:s ex:p _:shared .

ex:g1 {
    ex:s ex:about _:gb ;
        ex:p [
            ex:q 1
        ] .

    _:shared ex:p "x" .

    [] ex:p ex:o .
}

ex:g3 {
    _:c1 ex:note "also here" .
}

_:gb {
    ex:s ex:list ( "a" "b" ) .

    ex:t ex:list [
            rdf:first 1 ;
            rdf:rest _:c1
        ] .

    _:c1 rdf:first 2 ;
        rdf:rest () .

    _:gb ex:p "self" .
}
"""


def ds_labels() -> Dataset:
    ds = new_dataset()
    ds.graph(URIRef("http://base.org/dir/g")).add((EX.s, EX.p, URIRef("http://base.org/dir/o")))
    ds.graph(URIRef("http://other.org/g")).add((EX.s, EX.p, lit('two\n"lines" here')))
    ds.graph(RDF.nil).add((RDF.nil, EX.p, RDF.nil))  # `()` is no graph label
    return ds


GOLDEN_LABELS = '''\
BASE <http://base.org/dir/>
PREFIX ex: <http://ex.org/>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>

<g> {
    ex:s ex:p <o> .
}

<http://other.org/g> {
    ex:s ex:p """two
"lines" here""" .
}

rdf:nil {
    () ex:p () .
}
'''


def ds_relabel() -> Dataset:
    ds = new_dataset()
    odd, r1 = BNode("a b"), BNode("r1")  # "a b" is no BLANK_NODE_LABEL: it gets r1 first
    ds.add((EX.s, EX.p, odd))
    ds.graph(EX.g).add((odd, EX.p, r1))
    ds.graph(EX.h).add((r1, EX.p, EX.o))
    return ds


GOLDEN_RELABEL = """\
@prefix ex: <http://ex.org/> .

ex:s ex:p _:r1 .

ex:g {
    _:r1 ex:p _:r2 .
}

ex:h {
    _:r2 ex:p ex:o .
}
"""

GOLDEN_CASES = {
    "graphs": (ds_graphs, {}, GOLDEN_GRAPHS),
    "bnodes": (ds_bnodes, {}, GOLDEN_BNODES),
    "labels": (ds_labels, {"base": "http://base.org/dir/", "sparql_prefixes": True}, GOLDEN_LABELS),
    "relabel": (ds_relabel, {}, GOLDEN_RELABEL),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden(name: str) -> None:
    build, kwargs, expected = GOLDEN_CASES[name]
    ds = build()
    data = serialize(ds, FMT, **kwargs)
    assert data.decode("utf-8") == expected
    assert_read_back(data, ds, FMT, name)


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_plugin_entry_point(name: str) -> None:
    """``strict-trig`` (the edge) hands ``write_trig`` what these tests hand it."""
    build, kwargs, expected = GOLDEN_CASES[name]
    assert build().serialize(format="strict-trig", encoding="utf-8", **kwargs) == expected.encode()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_default_graph_is_turtle(name: str) -> None:
    """A graph without named graphs comes out exactly as the Turtle writer writes it."""
    build, kwargs = GOLDEN[name]
    graph = build()
    turtle = io.BytesIO()
    write_graph_turtle(graph, turtle, **kwargs)  # type: ignore[arg-type]
    assert serialize(graph, FMT, **kwargs) == turtle.getvalue()
    ds = Dataset()
    for prefix, ns in graph.namespace_manager.namespaces():
        ds.bind(prefix, ns, override=True, replace=True)
    for triple in graph:
        ds.add(triple)
    assert serialize(ds, FMT, **kwargs) == turtle.getvalue()


def test_empty() -> None:
    assert write([]) == b""
    assert serialize(new_dataset(), FMT) == b""
    assert write([], base="http://ex.org/") == b"@base <http://ex.org/> .\n\n"


def test_only_named_graphs() -> None:
    ds = new_dataset()
    ds.graph(EX.g).add((EX.s, EX.p, EX.o))
    assert serialize(ds, FMT) == b"@prefix ex: <http://ex.org/> .\n\nex:g {\n    ex:s ex:p ex:o .\n}\n"


def test_statement_order_does_not_matter() -> None:
    """Graphs may come in any order and interleaved; the output is the same bytes."""
    ds = ds_bnodes()
    quads = list(statements(ds, with_graphs=True))
    ns = list(ds.namespace_manager.namespaces())
    expected = write(quads, namespaces=ns)
    assert write(reversed(quads), namespaces=ns) == expected
    interleaved = sorted(quads, key=lambda q: (str(q[0]), str(q[1]), str(q[2])))
    assert write(interleaved, namespaces=ns) == expected


def test_shared_bnode_never_inlined() -> None:
    """A node the object of one statement in each of two graphs is one node: labelled in both."""
    ds = new_dataset()
    b = BNode("b")
    ds.graph(EX.g1).add((EX.s, EX.p, b))
    ds.graph(EX.g1).add((b, EX.q, lit("x")))
    ds.graph(EX.g2).add((EX.t, EX.p, b))
    data = assert_round_trip(ds, FMT)
    assert b"[" not in data and data.count(b"_:b") == 3


def test_bnode_label_in_own_graph() -> None:
    ds = new_dataset()
    g = BNode("g")
    ds.graph(g).add((EX.s, EX.p, g))  # the object once, in its own graph: still labelled
    ds.graph(g).add((g, EX.q, EX.o))
    data = assert_round_trip(ds, FMT)
    assert data.decode() == (
        "@prefix ex: <http://ex.org/> .\n\n_:g {\n    ex:s ex:p _:g .\n\n    _:g ex:q ex:o .\n}\n"
    )


def test_bnode_label_alone_is_not_labelled_inside() -> None:
    """A blank node naming a graph and occurring nowhere else is only the label."""
    ds = new_dataset()
    ds.graph(BNode("g")).add((EX.s, EX.p, BNode("x")))
    ds.graph(BNode("g")).add((BNode("x"), EX.q, EX.o))
    assert b"_:g {\n    ex:s ex:p [\n" in assert_round_trip(ds, FMT)


def test_long_strings_keep_indentation_out() -> None:
    """The block's indentation is never inside a long string's text."""
    ds = new_dataset()
    ds.graph(EX.g).add((EX.s, EX.p, lit("a\nb\n    c")))
    ds.graph(EX.g).add((EX.s, EX.q, BNode("x")))
    ds.graph(EX.g).add((BNode("x"), EX.r, lit("d\ne")))
    data = assert_round_trip(ds, FMT)
    assert b'"""a\nb\n    c"""' in data and b'"""d\ne"""' in data


# --------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize(
    ("quad", "bad"),
    [
        ((EX.s, EX.p, EX.o, lit("g")), lit("g")),
        ((EX.s, EX.p, EX.o, URIRef("rel")), URIRef("rel")),
        ((EX.s, EX.p, EX.o, URIRef("http://ex.org/a b")), URIRef("http://ex.org/a b")),
        ((EX.s, EX.p, URIRef("rel"), EX.g), URIRef("rel")),
        ((EX.s, lit("p"), EX.o, EX.g), lit("p")),
        ((lit("s"), EX.p, EX.o, EX.g), lit("s")),
        ((EX.s, EX.p, Literal("x", lang="abcdefghi"), EX.g), Literal("x", lang="abcdefghi")),
        ((EX.s, EX.p, lit("a\ud800\nb"), BNode("g")), lit("a\ud800\nb")),
        ((EX.s, EX.p, lit("x", RDF.langString), None), lit("x", RDF.langString)),
    ],
    ids=[
        "literal-label",
        "relative-label",
        "space-label",
        "relative-object",
        "literal-predicate",
        "literal-subject",
        "langtag",
        "surrogate-long",
        "langstring-default-graph",
    ],
)
def test_serialize_error(quad: Statement, bad: Node) -> None:
    quads = [(EX.a, EX.b, EX.c, None), (EX.a, EX.b, EX.c, EX.g0), quad]
    buf = io.BytesIO()
    with pytest.raises(SerializeError) as info:
        write_trig(quads, buf)
    assert info.value.term == bad
    assert info.value.statement == quad  # the whole statement, its graph included
    assert buf.getvalue() == b""  # nothing half-written


def test_inlined_error_names_graph() -> None:
    inner = BNode("i")
    quads = [(EX.s, EX.p, inner, EX.g), (inner, EX.q, lit("x", URIRef("no scheme")), EX.g)]
    with pytest.raises(SerializeError) as info:
        write(quads)
    assert info.value.term == URIRef("no scheme")
    assert info.value.statement == quads[1]


def test_bad_base() -> None:
    with pytest.raises(SerializeError):
        write([(EX.s, EX.p, EX.o, EX.g)], base="relative")


# --------------------------------------------------------------------------------------------
# Determinism and size


@pytest.mark.usefixtures("collector_paused")
def test_deep_nesting_in_a_graph() -> None:
    n = 100_000
    quads: list[Statement] = []
    node: Node = EX.root
    p, g = EX.p, EX.g  # looked up once: a namespace attribute builds a new URIRef each time
    for i in range(n):
        nxt = BNode(f"n{i}")  # labelled: a fresh BNode() draws a random id
        quads.append((node, p, nxt, g))
        node = nxt
    quads.append((node, EX.end, lit("bottom"), EX.g))
    data = write(quads, namespaces=[("ex", str(EX))])
    assert len(data) < 100 * len(quads)  # linear: nesting and indentation are capped
    parsed_quads = list(ox.parse(input=data, format=ox.RdfFormat.TRIG))
    assert len(parsed_quads) == len(quads)
    assert {q.graph_name for q in parsed_quads} == {ox.NamedNode(str(EX.g))}


@pytest.mark.usefixtures("collector_paused")
def test_long_list_in_a_graph() -> None:
    n = 30_000  # lists are loops, not recursion: the length only has to beat any stack
    cells = [BNode(f"c{i}") for i in range(n)]  # (not rdflib's Collection: quadratic-ish, slow)
    quads: list[Statement] = [(EX.s, EX.p, cells[0], EX.g)]
    first, rest, nil, g = RDF.first, RDF.rest, RDF.nil, EX.g  # looked up once, not per cell
    for i, cell in enumerate(cells):
        quads.append((cell, first, Literal(i), g))
        quads.append((cell, rest, cells[i + 1] if i + 1 < n else nil, g))
    data = write(quads)
    assert data.count(b"(") == 1
    assert len(list(ox.parse(input=data, format=ox.RdfFormat.TRIG))) == 2 * n + 1


# --------------------------------------------------------------------------------------------
# Round trips: W3C TriG eval results and schema.org


def _w3c_results() -> list[Path]:
    root = find_rdf_tests_dir()
    if root is None:
        return []
    return sorted((root / "rdf" / "rdf11" / "rdf-trig").glob("*.nq"))


def test_w3c_round_trip() -> None:
    # Every result, twice (plain; base and SPARQL-style prefixes), in one test that lists each
    # failing one (a test per file cost more in the xdist runner than its round trips).
    paths = _w3c_results()
    if not paths:
        pytest.skip("W3C rdf-tests not found: set RDF_TESTS_DIR or place them at ../shared/rdf-tests")
    assert len(paths) > 100
    failures = []
    for path in paths:
        ds = parsed(Dataset(), path, format="nquads")  # rdflib's reader: the writer's input only
        ds.bind("ex", "http://example/")  # the eval tests' usual namespace: exercise prefixed names
        for kwargs in ({}, {"base": "http://www.w3.org/2013/TriGTests/", "sparql_prefixes": True}):
            try:
                assert_round_trip(ds, FMT, **kwargs)
            except AssertionError as e:
                failures.append(f"{path.name} {kwargs}: {e}")
    assert not failures, f"{len(failures)} failing:\n\n" + "\n\n".join(failures)


def schemaorg_dataset(path: Path, graphs: int = 5) -> Dataset:
    """schema.org in ``graphs`` slices of the file: the first the default graph, the others
    named ``https://schema.org/slice/N`` (read with pyoxigraph, exact lexical forms)."""
    conv = _TermConverter()
    quads = list(ox.parse(path=path, format=ox.RdfFormat.N_TRIPLES))
    ds = Dataset()
    ds.bind("schema", "https://schema.org/")
    size = -(-len(quads) // graphs)
    for i in range(graphs):
        target = default_graph(ds) if i == 0 else ds.graph(URIRef(f"https://schema.org/slice/{i}"))
        for q in quads[i * size : (i + 1) * size]:
            target.add((conv(q.subject), conv(q.predicate), conv(q.object)))  # type: ignore[arg-type]
    return ds


def test_schemaorg_round_trip(shared_data_dir: Path) -> None:
    path = shared_data_dir / "schemaorg-all-https.nt"
    if not path.exists():
        pytest.skip(f"{path} not found")
    ds = schemaorg_dataset(path)
    data = assert_round_trip(ds, FMT)
    assert b"@prefix schema: <https://schema.org/> ." in data
    assert data.count(b"\nschema:slice\\/") == 4  # "/" escaped in a PN_LOCAL


# --------------------------------------------------------------------------------------------
# Hypothesis: nasty datasets

# Graph labels: the default graph, IRIs, and blank nodes whose ids the statements use too
# ("a", "d", "a b" are in _BNODE_IDS): a label that is also a subject or object elsewhere.
_LABELS = st.sampled_from(
    [None, EX.g1, EX.g2, URIRef("urn:x:g"), RDF.nil, BNode("a"), BNode("d"), BNode("a b")]
)
_BASES = st.sampled_from([None, "http://ex.org/", "http://ex.org/ns#x"])


def _graph(ds: Dataset, label: Node | None) -> Graph:
    return default_graph(ds) if label is None else ds.graph(label)


# What datasets() draws, built once (a strategy built for every draw is validated anew).
_SUBJECTS = st.one_of(_IRIS, st.builds(BNode, _BNODE_IDS))
_OBJECTS = st.one_of(_IRIS, st.builds(BNode, _BNODE_IDS), _LITERALS, st.just(RDF.nil))
_QUADS = st.lists(st.tuples(_SUBJECTS, _IRIS, _OBJECTS, _LABELS), max_size=16)
_ITEMS = st.lists(_OBJECTS, max_size=4)
_ENDS = st.sampled_from(["nil", "cycle", "shared", "open"])


@st.composite
def datasets(draw: st.DrawFn) -> Dataset:
    ds = Dataset()
    ds.bind("ex", "http://ex.org/")
    ds.bind("ns", "http://ex.org/ns#")
    ds.bind("u", "urn:x:")
    subjects = _SUBJECTS
    for s, p, o, g in draw(_QUADS):
        _graph(ds, g).add((s, p, o))
    # Lists, some with shared tails, cycles, extra properties or cells in other graphs.
    for i in range(draw(st.integers(0, 3))):
        items = draw(_ITEMS)
        home = draw(_LABELS)
        scatter = draw(st.booleans())
        cells = [BNode(f"l{i}c{j}") for j in range(len(items))]
        end = draw(_ENDS)
        for j, (cell, item) in enumerate(zip(cells, items, strict=True)):
            graph = _graph(ds, draw(_LABELS) if scatter else home)
            graph.add((cell, RDF.first, item))
            nxt = cells[j + 1] if j + 1 < len(cells) else None
            if nxt is None:
                nxt = {"nil": RDF.nil, "cycle": cells[0], "shared": BNode("l0c0"), "open": BNode("d")}[end]
            graph.add((cell, RDF.rest, nxt))
        if cells:
            _graph(ds, home).add((draw(subjects), draw(_IRIS), cells[0]))
    # Nesting chains, possibly crossing graphs.
    depth = draw(st.integers(0, 30))
    node: Node = draw(subjects)
    home = draw(_LABELS)
    for j in range(depth):
        nxt = BNode(f"n{j}")
        _graph(ds, draw(st.sampled_from([home, home, home, EX.g1]))).add((node, EX.nest, nxt))  # type: ignore[arg-type]
        node = nxt
    return ds


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(datasets(), st.booleans(), _BASES, st.booleans())
def test_hypothesis_round_trip(ds: Dataset, ascii_only: bool, base: str | None, sparql: bool) -> None:
    kwargs: dict[str, object] = {"ascii_only": ascii_only, "base": base, "sparql_prefixes": sparql}
    data = serialize(ds, FMT, **kwargs)
    assert data.isascii() or not ascii_only
    assert_read_back(data, ds, FMT, data.decode("utf-8"))
    quads = list(statements(ds, with_graphs=True))
    ns = list(ds.namespace_manager.namespaces())
    assert write(reversed(quads), namespaces=ns, **kwargs) == data  # order-independent bytes
