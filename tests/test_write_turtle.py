"""The strict Turtle writer: golden layouts, exact round trips, errors, determinism, depth.

Golden files in ``tests/data/turtle_out/`` pin one style decision each; regenerate them with
``UPDATE_GOLDEN=1 pytest tests/test_write_turtle.py`` and review the diff by eye. Input graphs
are built in Python, never parsed with our own parser; the two 100,000-deep ones go to the
format writer as plain triples (a Graph of 200,000 statements costs more to fill than the
writing, and the store adapter in front of the writer has no depth to handle). The oracle for
every round trip is pyoxigraph (an independent strict reader) and our ``strict-turtle`` parser
(``round_trip.py``).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import RDF, XSD, BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.term import Node
from round_trip import assert_read_back, assert_round_trip, ox_read, serialize
from w3c import assert_same_graph, find_rdf_tests_dir, load_manifest, oxigraph_graph

from rdflib_strict.edge.writers import write_graph_turtle
from rdflib_strict.formats.write_turtle import pn_local, write_turtle
from rdflib_strict.syntax.errors import SerializeError
from rdflib_strict.syntax.iri import iri_error

EX = Namespace("http://ex.org/")
GOLDEN_DIR = Path(__file__).parent / "data" / "turtle_out"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
FMT = "strict-turtle"


def lit(lexical: str, datatype: URIRef | None = None, lang: str | None = None) -> Literal:
    return Literal(lexical, datatype=datatype, lang=lang, normalize=False)


# --------------------------------------------------------------------------------------------
# Golden files: one input graph per style decision


def new_graph() -> Graph:
    g = Graph()
    g.bind("ex", EX)
    return g


def g_grouping() -> Graph:
    g = new_graph()
    g.add((EX.s, RDF.type, EX.Type))
    g.add((EX.s, RDF.type, EX.Other))
    g.add((EX.s, EX.p, lit("y")))
    g.add((EX.s, EX.p, lit("x")))
    g.add((EX.s, EX.p, EX.o))
    g.add((EX.s, EX.a, lit("first by IRI after rdf:type")))
    g.add((EX.a, EX.p, RDF.type))  # rdf:type not as a predicate: no `a`
    g.add((EX.t, EX.p, EX.o))
    return g


def g_bnodes() -> Graph:
    g = new_graph()
    inner, innermost, empty = BNode("inner"), BNode("innermost"), BNode("empty")
    g.add((EX.s, EX.q, inner))
    g.add((inner, EX.r, lit("1", XSD.integer)))
    g.add((inner, EX.deeper, innermost))
    g.add((innermost, EX.r, lit("2", XSD.integer)))
    g.add((innermost, EX.nothing, empty))  # object once, never a subject: []
    top = BNode("top")  # subject, never an object: [] at top level
    g.add((top, EX.p, EX.o))
    shared = BNode("shared")  # object twice: labelled
    g.add((EX.s, EX.x, shared))
    g.add((EX.t, EX.x, shared))
    g.add((shared, EX.p, lit("z")))
    g.add((EX.s, EX.two, BNode("b1")))
    g.add((EX.s, EX.two, BNode("b2")))
    g.add((BNode("b1"), EX.n, lit("1", XSD.integer)))
    g.add((BNode("b2"), EX.n, lit("2", XSD.integer)))
    return g


def g_lists() -> Graph:
    g = new_graph()
    head, nested = BNode("l0"), BNode("n0")
    Collection(g, nested, [lit("a"), lit("b")])
    item = BNode("item")
    g.add((item, EX.p, EX.o))
    Collection(g, head, [lit("1", XSD.integer), EX.x, nested, item])
    g.add((EX.s, EX.list, head))
    g.add((EX.s, EX.empty, RDF.nil))
    g.add((RDF.nil, EX.p, EX.o))  # rdf:nil is () wherever it is a subject or object
    # A list cell with an extra property is no collection.
    odd = BNode("odd")
    Collection(g, odd, [lit("1", XSD.integer)])
    g.add((odd, EX.extra, lit("x")))
    g.add((EX.t, EX.list, odd))
    return g


def g_shared_tail() -> Graph:
    g = new_graph()
    tail = BNode("tail")
    Collection(g, tail, [lit("c"), lit("d")])
    a1, a2 = BNode("a1"), BNode("a2")
    g.add((a1, RDF.first, lit("a")))
    g.add((a1, RDF.rest, tail))
    g.add((a2, RDF.first, lit("b")))
    g.add((a2, RDF.rest, tail))
    g.add((EX.s1, EX.p, a1))
    g.add((EX.s2, EX.p, a2))
    return g


def g_cycles() -> Graph:
    g = new_graph()
    a, b, me = BNode("a"), BNode("b"), BNode("me")
    g.add((a, EX.next, b))
    g.add((b, EX.next, a))
    g.add((me, EX.self, me))
    c1, c2 = BNode("c1"), BNode("c2")  # a cyclic "list"
    g.add((c1, RDF.first, lit("1", XSD.integer)))
    g.add((c1, RDF.rest, c2))
    g.add((c2, RDF.first, lit("2", XSD.integer)))
    g.add((c2, RDF.rest, c1))
    return g


def g_numbers() -> Graph:
    g = new_graph()
    bare = [
        lit("1", XSD.integer),
        lit("-007", XSD.integer),
        lit("+5", XSD.integer),
        lit("1.50", XSD.decimal),
        lit(".5", XSD.decimal),
        lit("1e5", XSD.double),
        lit("1.E-3", XSD.double),
        lit("true", XSD.boolean),
        lit("false", XSD.boolean),
    ]
    quoted = [
        lit("1_000", XSD.integer),
        lit("١٢", XSD.integer),
        lit("1e5", XSD.decimal),
        lit("1", XSD.boolean),
        lit(" 5", XSD.integer),
        lit("1", XSD.decimal),
        lit("1.0", XSD.double),
        lit("INF", XSD.double),
        lit("TRUE", XSD.boolean),
        lit("1", XSD.int),
    ]
    for term in bare:
        g.add((EX.bare, EX.v, term))
    for term in quoted:
        g.add((EX.quoted, EX.v, term))
    return g


def g_strings() -> Graph:
    g = new_graph()
    g.add((EX.s, EX.plain, lit("hello")))
    g.add((EX.s, EX.lines, lit('two\nlines with "quotes" and a \\ backslash')))
    g.add((EX.s, EX.triple, lit('x\n"""y""""z')))
    g.add((EX.s, EX.endquote, lit('a\n\\"')))
    g.add((EX.s, EX.startquote, lit('"\nstarts with a quote')))
    g.add((EX.s, EX.controls, lit("\x00\x01\t\r\x7f\x0b\x0c\x08")))
    g.add((EX.s, EX.crlf, lit("a\r\nb")))
    g.add((EX.s, EX.lang, lit("chat", lang="fr")))
    g.add((EX.s, EX.lang, lit("x\ny", lang="EN-gb")))
    g.add((EX.s, EX.typed, lit("2020", XSD.gYear)))
    g.add((EX.s, EX.typed, lit("a\nb", EX.dt)))
    g.add((EX.s, EX.xsdstring, lit("s", XSD.string)))
    g.add((EX.s, EX.unicode, lit("é€😀")))
    return g


def g_local_names() -> Graph:
    g = new_graph()
    for local in [
        "plain",
        "with-dash",
        "1digit",
        "_under",
        "a.b",
        "trailingdot.",
        "-leading",
        ".leading",
        "a~b",
        "q?x=1&y=2",
        "p%20q",
        "a:b",
        "é",
        "·middot",
        "a b",
        "",
    ]:
        if " " in local:
            continue  # not an IRI at all; see the error tests
        g.add((EX[local], EX.p, EX.o))
    g.add((URIRef("http://other.org/x"), EX.p, URIRef("urn:x:y")))
    return g


def g_prefixes() -> Graph:
    g = Graph()  # rdflib binds rdf, rdfs, xsd, owl...: only the used ones come out
    g.bind("ex", EX)
    g.bind("exdeep", "http://ex.org/deep/")  # longest namespace wins
    g.bind("1bad", "http://bad1.org/")
    g.bind("bad.", "http://bad2.org/")
    g.bind("", "http://empty.org/")
    g.add((EX.s, EX.p, URIRef("http://ex.org/deep/x")))
    g.add((EX.s, EX.p, URIRef("http://ex.org/deep/a/b")))  # "a/b" needs \/: still fine
    g.add((EX.s, EX.q, URIRef("http://bad1.org/x")))
    g.add((EX.s, EX.q, URIRef("http://bad2.org/x")))
    g.add((EX.s, EX.r, URIRef("http://empty.org/x")))
    g.add((EX.s, EX.t, lit("1", XSD.int)))
    g.add((EX.s, RDF.type, EX.T))
    return g


def g_base() -> Graph:
    g = Graph(bind_namespaces="none")
    for iri in [
        "http://ex.org/a",
        "http://ex.org/ab",
        "http://ex.org/doc#foo",
        "http://ex.org/doc#",
        "http://ex.org/a:b",
        "http://ex.org/dir/file",
        "http://ex.org/other?q=1",
        "http://elsewhere.org/x",
        "https://ex.org/a",
    ]:
        g.add((URIRef(iri), URIRef("http://ex.org/p"), URIRef("http://ex.org/")))
    return g


GOLDEN: dict[str, tuple[Callable[[], Graph], dict[str, object]]] = {
    "grouping": (g_grouping, {}),
    "bnodes": (g_bnodes, {}),
    "lists": (g_lists, {}),
    "shared_tail": (g_shared_tail, {}),
    "cycles": (g_cycles, {}),
    "numbers": (g_numbers, {}),
    "strings": (g_strings, {}),
    "strings_ascii": (g_strings, {"ascii_only": True}),
    "local_names": (g_local_names, {}),
    "prefixes": (g_prefixes, {}),
    "prefixes_sparql": (g_prefixes, {"sparql_prefixes": True}),
    "base_a": (g_base, {"base": "http://ex.org/a"}),
    "base_doc": (g_base, {"base": "http://ex.org/doc#"}),
    "base_dir": (g_base, {"base": "http://ex.org/dir/"}),
    "base_sparql": (g_base, {"base": "http://ex.org/", "sparql_prefixes": True}),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden(name: str) -> None:
    build, kwargs = GOLDEN[name]
    graph = build()
    data = serialize(graph, FMT, **kwargs)
    path = GOLDEN_DIR / f"{name}.ttl"
    if UPDATE:
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    assert data == path.read_bytes(), f"output differs from {path}"
    base = kwargs.get("base")
    assert_same_graph(ox_read(data, FMT), graph, name, xsd_string_as_plain=True)
    if base is not None:
        assert b"@base <" in data or b"BASE <" in data
    if kwargs.get("ascii_only"):
        assert data.isascii()


def test_plugin_entry_point() -> None:
    g = g_grouping()
    text = g.serialize(format="strict-turtle")
    assert text.encode("utf-8") == serialize(g, FMT)


def test_base_traps_resolve_exactly() -> None:
    """S13: every relative reference we write resolves to the original IRI."""
    g = g_base()
    for base in ["http://ex.org/a", "http://ex.org/doc#", "http://ex.org/", "http://ex.org/dir/"]:
        data = serialize(g, FMT, base=base)
        assert_same_graph(ox_read(data, FMT), g, f"base {base}")
    assert b"<b>" not in serialize(g, FMT, base="http://ex.org/a")
    assert b"<foo>" not in serialize(g, FMT, base="http://ex.org/doc#")
    assert b"<a:b>" not in serialize(g, FMT, base="http://ex.org/")


@pytest.mark.parametrize(
    ("local", "expected"),
    [
        ("abc", "abc"),
        ("", ""),
        ("1a", "1a"),
        ("a.", "a\\."),
        ("-a", "\\-a"),
        (".a", "\\.a"),
        ("a-b.c", "a-b.c"),
        ("a~b", "a\\~b"),
        ("a/b", "a\\/b"),
        ("%41", "%41"),
        ("%4", "\\%4"),
        ("·a", None),
        ("a b", None),
        ("a<b", None),
        ("a\u0300", "a\u0300"),
    ],
)
def test_pn_local(local: str, expected: str | None) -> None:
    assert pn_local(local) == expected


# --------------------------------------------------------------------------------------------
# Errors


def _one(s: Node, p: Node, o: Node) -> Graph:
    g = Graph()
    g.add((s, p, o))  # type: ignore[arg-type]
    return g


@pytest.mark.parametrize(
    ("graph", "bad"),
    [
        (_one(URIRef("rel"), EX.p, EX.o), URIRef("rel")),
        (_one(EX.s, EX.p, URIRef("http://ex.org/a b")), URIRef("http://ex.org/a b")),
        (_one(EX.s, lit("p"), EX.o), lit("p")),
        (_one(lit("s"), EX.p, EX.o), lit("s")),
        (_one(EX.s, EX.p, Literal("x", lang="abcdefghi")), Literal("x", lang="abcdefghi")),
        (_one(EX.s, EX.p, lit("a\ud800b")), lit("a\ud800b")),
        (_one(EX.s, EX.p, lit("a\ud800\nb")), lit("a\ud800\nb")),
        (_one(EX.s, EX.p, lit("x", URIRef("no scheme"))), URIRef("no scheme")),
        (_one(EX.s, EX.p, lit("x", RDF.langString)), lit("x", RDF.langString)),
    ],
    ids=[
        "relative",
        "space",
        "literal-predicate",
        "literal-subject",
        "langtag",
        "surrogate",
        "surrogate-long",
        "bad-datatype",
        "langstring-no-tag",
    ],
)
def test_serialize_error(graph: Graph, bad: Node) -> None:
    buf = io.BytesIO()
    with pytest.raises(SerializeError) as info:
        write_graph_turtle(graph, buf)
    assert info.value.term == bad
    assert info.value.statement is not None
    assert buf.getvalue() == b""  # nothing half-written


def test_named_graph_raises() -> None:
    ds = Dataset()
    ds.add((EX.s, EX.p, EX.o))
    assert serialize(ds, FMT).strip().endswith(b"ex:s ex:p ex:o .") or b"<http://ex.org/s>" in serialize(
        ds, FMT
    )
    ds.graph(EX.g).add((EX.s, EX.p, EX.o2))
    with pytest.raises(SerializeError) as info:
        serialize(ds, FMT)
    assert info.value.term == EX.g
    assert "format='strict-trig'" in str(info.value)  # the message says what to use instead


def test_invalid_bnode_ids_are_relabelled() -> None:
    g = Graph()
    odd = [BNode("a b"), BNode("-x"), BNode("r1"), BNode("x.")]
    for b in odd:
        g.add((EX.s, EX.p, b))
        g.add((EX.t, EX.p, b))  # shared: labels are written
        g.add((b, EX.q, lit("v")))
    data = assert_round_trip(g, FMT)
    assert b"_:a b" not in data and b"_:-x" not in data and b"_:x. " not in data


# --------------------------------------------------------------------------------------------
# Determinism, depth, size


def _ox_edges(data: bytes) -> dict[tuple[str, str], list[str]]:
    """(subject, predicate) -> objects, in N-Triples syntax, as pyoxigraph reads ``data``: for
    graphs no isomorphism check handles in time (refining colours along a 100,000-long blank
    node chain takes 100,000 rounds). pyoxigraph writes its reading back as N-Triples, one
    ``s p o .`` a line, which splits faster than 200,000 quads of Python objects are hashed."""
    nt = ox.serialize(ox.parse(input=data, format=ox.RdfFormat.TURTLE), format=ox.RdfFormat.N_TRIPLES)
    edges: dict[tuple[str, str], list[str]] = {}
    for line in nt.decode("utf-8").splitlines():
        assert line.endswith(" .")
        s, p, o = line[:-2].split(" ", 2)
        edges.setdefault((s, p), []).append(o)
    return edges


@pytest.mark.usefixtures("collector_paused")
def test_deep_nesting_100k() -> None:
    n = 100_000
    nodes: list[Node] = [EX.root, *(BNode(f"n{i}") for i in range(n))]
    p = EX.p  # looked up once: a namespace attribute builds a new URIRef each time
    triples: list[tuple[Node, Node, Node]] = [(nodes[i], p, nodes[i + 1]) for i in range(n)]
    triples.append((nodes[n], EX.end, lit("bottom")))
    buf = io.BytesIO()
    write_turtle(triples, buf, namespaces=[("ex", str(EX))])
    data = buf.getvalue()
    assert len(data) < 100 * len(triples)  # linear: nesting and indentation are capped
    edges = _ox_edges(data)
    assert sum(len(v) for v in edges.values()) == len(triples)
    p = f"<{EX.p}>"
    cur = f"<{EX.root}>"
    seen = set()
    for _ in range(n):
        (cur,) = edges[(cur, p)]
        assert cur.startswith("_:") and cur not in seen
        seen.add(cur)
    assert edges[(cur, f"<{EX.end}>")] == ['"bottom"']


@pytest.mark.usefixtures("collector_paused")
def test_long_list_100k() -> None:
    n = 100_000
    cells: list[Node] = [BNode(f"c{i}") for i in range(n)]
    tails = [*cells[1:], RDF.nil]
    triples: list[tuple[Node, Node, Node]] = [(EX.s, EX.p, cells[0])]
    first, rest = RDF.first, RDF.rest  # looked up once, not per cell
    for i in range(n):
        triples.append((cells[i], first, Literal(i)))
        triples.append((cells[i], rest, tails[i]))
    buf = io.BytesIO()
    write_turtle(triples, buf)
    data = buf.getvalue()
    assert data.count(b"(") == 1
    edges = _ox_edges(data)
    assert sum(len(v) for v in edges.values()) == len(triples)
    first, rest, integer = f"<{RDF.first}>", f"<{RDF.rest}>", f"<{XSD.integer}>"
    (cell,) = edges[(f"<{EX.s}>", f"<{EX.p}>")]
    for i in range(n):
        assert cell.startswith("_:")
        assert edges[(cell, first)] == [f'"{i}"^^{integer}']
        (cell,) = edges[(cell, rest)]
    assert cell == f"<{RDF.nil}>"


def test_deep_nested_lists() -> None:
    g = Graph()
    inner: Node = RDF.nil
    for i in range(60):  # > _MAX_DEPTH, small enough for rdflib's isomorphism check
        cell = BNode()
        g.add((cell, RDF.first, Literal(i)))
        g.add((cell, RDF.rest, inner))  # type: ignore[arg-type]
        wrap = BNode()
        g.add((wrap, RDF.first, cell))
        g.add((wrap, RDF.rest, RDF.nil))
        inner = wrap
    g.add((EX.s, EX.p, inner))  # type: ignore[arg-type]
    assert_round_trip(g, FMT)


# --------------------------------------------------------------------------------------------
# Round trips: W3C Turtle eval results and schema.org


def _w3c_results() -> list[Path]:
    """The mf:result files of the Turtle eval entries (not every .nt in the folder: the
    orphan test-38.nt, in no manifest, spells a surrogate pair as two escapes, which RDF 1.1
    N-Triples forbids)."""
    root = find_rdf_tests_dir()
    if root is None:
        return []
    cases = load_manifest(root, "rdf11-turtle")
    return sorted({c.result for c in cases if c.kind == "TestTurtleEval" and c.result is not None})


def test_w3c_round_trip() -> None:
    # Every result, with and without a base, in one test that lists each failing one (a test
    # per file cost more in the xdist runner than its round trips).
    paths = _w3c_results()
    if not paths:
        pytest.skip("W3C rdf-tests not found: set RDF_TESTS_DIR or place them at ../shared/rdf-tests")
    assert len(paths) > 50
    failures = []
    for path in paths:
        g = oxigraph_graph(path, "nt")
        g.bind("ex", "http://example/")  # the eval tests' usual namespace: exercise prefixed names
        for kwargs in ({}, {"base": "http://www.w3.org/2013/TurtleTests/"}):
            try:
                assert_round_trip(g, FMT, **kwargs)
            except AssertionError as e:
                failures.append(f"{path.name} {kwargs}: {e}")
    assert not failures, f"{len(failures)} failing:\n\n" + "\n\n".join(failures)


def test_schemaorg_round_trip(shared_data_dir: Path) -> None:
    path = shared_data_dir / "schemaorg-all-https.ttl"
    if not path.exists():
        pytest.skip(f"{path} not found")
    source = Graph().parse(path, format="strict-turtle")  # prefixes come along
    data = assert_round_trip(source, FMT)
    assert b"@prefix schema: <https://schema.org/> ." in data


# --------------------------------------------------------------------------------------------
# Hypothesis: nasty graphs

_NS = ["http://ex.org/", "http://ex.org/ns#", "urn:x:", "http://other.org/a/"]
# Local parts: up to 6 of these characters and "%41". Drawn as one string over an alphabet in
# which U+E000 stands for "%41" (then replaced): one choice for the whole local part where a
# list of sampled characters took two per character, most of the generation time.
_LOCALS = st.text("abcXYZ019_-.~:%/#?!$&'()*+,;=@é·\u0300\ue000", max_size=6).map(
    lambda local: local.replace("\ue000", "%41")
)
_IRIS = st.builds(lambda ns, local: URIRef(ns + local), st.sampled_from(_NS), _LOCALS).filter(
    lambda iri: iri_error(iri) is None
)
_TEXT = st.lists(
    st.one_of(
        st.sampled_from(['"', "'", "\\", "\n", "\r", "\t", "\x00", "\x7f", "a", " ", '"""', "é", "😀"]),
        st.characters(blacklist_categories=("Cs",)),
    ),
    max_size=12,
).map("".join)
_LANGS = st.sampled_from(["en", "en-gb", "fr", "zh-hant-tw", "x-private", "de-ch-1996"])
_DATATYPES = st.sampled_from(
    [XSD.integer, XSD.decimal, XSD.double, XSD.boolean, XSD.string, XSD.date, EX.dt, URIRef("urn:dt")]
)
_NUMERIC = st.sampled_from(
    ["1", "-0", "+7", "1.5", ".5", "5.", "1e5", "1E-2", "true", "false", "1_0", " 1", "0x1", "NaN", "1.0e"]
)
_LITERALS = st.one_of(
    st.builds(lit, _TEXT),
    st.builds(lambda t, lang: lit(t, lang=lang), _TEXT, _LANGS),
    st.builds(lambda t, dt: lit(t, dt), st.one_of(_TEXT, _NUMERIC), _DATATYPES),
)
_BNODE_IDS = st.sampled_from(["a", "b", "c", "a b", "-x", "x.", "r1", "1", "é", "d"])
# What graphs() draws, built once (a strategy built for every draw is validated anew).
_SUBJECTS = st.one_of(_IRIS, st.builds(BNode, _BNODE_IDS))
_OBJECTS = st.one_of(_IRIS, st.builds(BNode, _BNODE_IDS), _LITERALS, st.just(RDF.nil))
_TRIPLES = st.lists(st.tuples(_SUBJECTS, _IRIS, _OBJECTS), max_size=12)
_ITEMS = st.lists(_OBJECTS, max_size=4)
_ENDS = st.sampled_from(["nil", "cycle", "shared", "open"])


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    g = Graph()
    g.bind("ex", "http://ex.org/")
    g.bind("ns", "http://ex.org/ns#")
    g.bind("u", "urn:x:")
    subjects = _SUBJECTS
    for s, p, o in draw(_TRIPLES):
        g.add((s, p, o))
    # Lists, some with shared tails or cycles or extra properties.
    for i in range(draw(st.integers(0, 3))):
        items = draw(_ITEMS)
        cells = [BNode(f"l{i}c{j}") for j in range(len(items))]
        end = draw(_ENDS)
        for j, (cell, item) in enumerate(zip(cells, items, strict=True)):
            g.add((cell, RDF.first, item))
            nxt = cells[j + 1] if j + 1 < len(cells) else None
            if nxt is None:
                nxt = {"nil": RDF.nil, "cycle": cells[0], "shared": BNode("l0c0"), "open": BNode("d")}[end]
            g.add((cell, RDF.rest, nxt))
        if cells:
            g.add((draw(subjects), draw(_IRIS), cells[0]))
    # Nesting chains.
    depth = draw(st.integers(0, 40))
    node: Node = draw(subjects)
    for j in range(depth):
        nxt = BNode(f"n{j}")
        g.add((node, EX.nest, nxt))  # type: ignore[arg-type]
        node = nxt
    return g


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.booleans(), st.sampled_from([None, "http://ex.org/", "http://ex.org/ns#x"]))
def test_hypothesis_round_trip(g: Graph, ascii_only: bool, base: str | None) -> None:
    data = serialize(g, FMT, ascii_only=ascii_only, base=base)
    assert data.isascii() or not ascii_only
    assert_read_back(data, g, FMT, data.decode("utf-8"))
    assert serialize(g, FMT, ascii_only=ascii_only, base=base) == data


def test_encoding_ascii_gives_ascii_turtle() -> None:
    from rdflib import Graph, Literal, URIRef

    g = Graph()
    g.add((URIRef("http://example.org/caf\u00e9"), URIRef("http://example.org/p"), Literal("\u65e5\u672c")))
    data = g.serialize(format="strict-turtle", encoding="ascii")
    assert data.isascii()
    back = Graph().parse(data=data, format="strict-turtle")
    assert set(back) == set(g)
