"""The Turtle and TriG writers in RDF 1.2 (``version="1.2"``): triple terms, directions, the
version line, annotations and reified triples.

Every round trip is read back by our reader and by pyoxigraph, compared with
``w3c.assert_same_graph`` (blank nodes isomorphic, also inside triple terms; lexical forms
exact). The expected layouts below are written by hand.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from locations import find_rdf_tests_dir, readme_example
from rdflib import RDF, XSD, BNode, Dataset, Graph, Literal, URIRef
from rdflib.term import Node
from w3c import assert_same_graph, load_manifest, oxigraph_graph, parsed

from rdflib_strict import DirLangLiteral, SerializeError, TripleTerm

EX = "http://ex/"
REIFIES = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies")
S, P, O = URIRef(EX + "s"), URIRef(EX + "p"), URIRef(EX + "o")  # noqa: E741
_OX = {"strict-turtle": "ttl", "strict-trig": "trig"}


def write(graph: Graph, fmt: str, **kwargs: Any) -> str:
    buf = io.BytesIO()
    kwargs.setdefault("version", "1.2")
    graph.serialize(buf, format=fmt, **kwargs)
    return buf.getvalue().decode("utf-8")


def ours(text: str, fmt: str) -> Graph:
    return parsed(Dataset() if fmt == "strict-trig" else Graph(), data=text, format=fmt, version="1.2")


def assert_round_trip(graph: Graph, fmt: str, **kwargs: Any) -> str:
    __tracebackhide__ = True
    text = write(graph, fmt, **kwargs)
    assert_same_graph(ours(text, fmt), graph, f"ours reading:\n{text}")
    assert_same_graph(oxigraph_graph(text.encode(), _OX[fmt]), graph, f"pyoxigraph reading:\n{text}")
    return text


def _label(term: Node) -> Node:
    """A parsed blank node as ``BNode(label)`` (the parser's ids are its document prefix, "l"
    and the label), so that written labels are the document's."""
    if isinstance(term, BNode) and len(term) > 34 and term[33] == "l":
        return BNode(term[34:])
    if isinstance(term, TripleTerm):
        return TripleTerm(_label(term.subject), term.predicate, _label(term.object))
    return term


def turtle(doc: str) -> Graph:
    g = Graph()
    g.bind("", EX)
    for s, p, o in ours(doc, "strict-turtle"):
        g.add((_label(s), p, _label(o)))
    return g


# --- hand-written layouts --------------------------------------------------------------------

_HEAD = '@version "1.2" .\n@prefix : <http://ex/> .\n\n'
_RDF = "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n"

# (what a person wrote, what the writer writes back): each reads as the same graph.
LAYOUTS = [
    pytest.param(
        ":s :p :o ~ :r {| :q 1 |} .\n",
        ":s :p :o ~ :r {| :q 1 |} .\n",
        id="iri-reifier-block",
    ),
    pytest.param(":s :p :o ~ :r .\n", ":s :p :o ~ :r .\n", id="iri-reifier-alone"),
    pytest.param(":s :p :o {| :q 1 |} .\n", ":s :p :o {| :q 1 |} .\n", id="anonymous-block"),
    pytest.param(":s :p :o ~ _:b .\n", ":s :p :o ~ _:b .\n", id="blank-reifier-alone"),
    pytest.param(
        ":s :p :o {| :q :r {| :q 2 |} |} .\n",
        ":s :p :o {|\n        :q :r {| :q 2 |}\n    |} .\n",
        id="nested-blocks",
    ),
    pytest.param(
        ":s :p :o {| :q 1 ; :p 2 |} .\n",
        ":s :p :o {|\n        :p 2 ;\n        :q 1\n    |} .\n",
        id="block-of-two",
    ),
    pytest.param(
        ":s :p :o ~ :r ~ _:b {| :q 2 |} {| :q 1 |} .\n",
        ":s :p :o {| :q 1 |} {| :q 2 |} ~ :r .\n",
        id="several-reifiers-anonymous-first",
    ),
    pytest.param(
        ":s :p [ :q 1 {| :q 2 |} ] .\n",
        ":s :p [\n        :q 1 {| :q 2 |}\n    ] .\n",
        id="annotation-inside-brackets",
    ),
    pytest.param(
        ":s :p [ :q 1 ] {| :q 2 |} .\n",
        ":s :p [\n        :q 1\n    ] {| :q 2 |} .\n",
        id="annotated-bracket-object",
    ),
    pytest.param("<< :s :p :o ~ :r >> :q 1 .\n", "<< :s :p :o ~ :r >> :q 1 .\n", id="reified-subject"),
    pytest.param("<< :s :p :o >> :q 1 .\n", "<< :s :p :o >> :q 1 .\n", id="reified-anonymous"),
    pytest.param("<< :s :p :o ~ :r >> .\n", "<< :s :p :o ~ :r >> .\n", id="reified-alone"),
    pytest.param(
        ':s :p <<( :a :q <<( _:x :p "y"@ar--rtl )>> )>> .\n_:x :q [ :p 1 ] .\n',
        ':s :p <<( :a :q <<( _:x :p "y"@ar--rtl )>> )>> .\n\n_:x :q [\n        :p 1\n    ] .\n',
        id="nested-triple-terms",
    ),
    pytest.param(
        ":r <http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies> <<( :s :p :o )>>, <<( :s :p 1 )>> .\n"
        ":s :p :o .\n",
        ":r rdf:reifies <<( :s :p 1 )>>, <<( :s :p :o )>> .\n\n:s :p :o .\n",
        id="reifier-of-two-stays-a-block",
    ),
    pytest.param(":s :p << :a :q 1 >> .\n", ":s :p << :a :q 1 >> .\n", id="reified-object"),
    pytest.param(
        ":s :p :o {| :q << :a :q _:x >> |} .\n_:x :p 1 .\n",
        ":s :p :o {| :q << :a :q _:x >> |} .\n\n_:x :p 1 .\n",
        id="reified-object-in-block",
    ),
    pytest.param(
        ":s :p ( << :a :q 1 >> ) .\n",
        ":s :p ( << :a :q 1 >> ) .\n",
        id="reified-list-item",
    ),
    pytest.param(
        ":s :p :o .\n:r rdf:reifies <<( :s :p :o )>> ~ :r2 {| :q 1 |} .\n",
        ":r rdf:reifies <<( :s :p :o )>> ~ :r2 {| :q 1 |} .\n\n:s :p :o .\n",
        id="annotated-reifies-statement-stays",
    ),
    pytest.param(
        ":s :p ( 1 2 ) {| :q 3 |} .\n",
        ":s :p ( 1 2 ) {| :q 3 |} .\n",
        id="annotated-list-object",
    ),
]


@pytest.mark.parametrize(("written", "expected"), LAYOUTS)
def test_annotation_layout(written: str, expected: str) -> None:
    g = turtle(_RDF + _HEAD + written)
    g.bind("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#")
    text = assert_round_trip(g, "strict-turtle")
    head = _HEAD.replace("\n\n", "\n@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n\n")
    assert text == (head if "rdf:" in expected else _HEAD) + expected


def test_trig_layout_and_version_line() -> None:
    ds = parsed(
        Dataset(),
        data='PREFIX : <http://ex/>\n:g { :s :p "x"@en--ltr {| :by :me |} . << :a :b :c ~ :r >> :q 1 }\n',
        format="strict-trig",
        version="1.2",
    )
    text = assert_round_trip(ds, "strict-trig", sparql_prefixes=True)
    assert text == (
        'VERSION "1.2"\nPREFIX : <http://ex/>\n\n'
        ':g {\n    << :a :b :c ~ :r >> :q 1 .\n\n    :s :p "x"@en--ltr {| :by :me |} .\n}\n'
    )


def test_blank_node_in_a_triple_term_and_another_graph_keeps_its_label() -> None:
    ds = parsed(
        Dataset(),
        data="PREFIX : <http://ex/>\n:g1 { :s :p <<( _:b :p 1 )>> . _:b :q 2 . :t :p [ :q 3 ] }\n"
        ":g2 { :s :p _:b }\n",
        format="strict-trig",
        version="1.2",
    )
    text = assert_round_trip(ds, "strict-trig")
    # The node named in a triple term and in :g2 keeps its label in :g1; the other is in place.
    assert ":s :p <<( _:" in text and "\n    _:" in text and ":t :p [\n" in text


def test_blank_node_in_a_triple_term_is_never_a_list_cell() -> None:
    g = turtle(_HEAD + ":s :p ( 1 ) .\n:t :p <<( :s :p 1 )>> .\n")
    cell = next(iter(g.objects(S, P)))
    g.add((O, P, TripleTerm(cell, RDF.first, Literal(1))))  # type: ignore[arg-type]
    text = assert_round_trip(g, "strict-turtle")
    assert "( 1 )" not in text


def test_long_string_keeps_its_direction() -> None:
    g = Graph()
    g.add((S, P, DirLangLiteral("a\nb", lang="en", direction="rtl")))
    text = assert_round_trip(g, "strict-turtle")
    assert text.endswith(':s :p """a\nb"""@en--rtl .\n'.replace(":s :p", f"<{S}> <{P}>"))


def test_deep_annotations_are_cut_into_blocks() -> None:
    doc = ":s :p :o " + "{| :q :r " * 40 + "|} " * 40 + ".\n"
    g = turtle(_HEAD + doc)
    text = assert_round_trip(g, "strict-turtle")
    assert max(len(line) - len(line.lstrip()) for line in text.splitlines()) <= 4 * 18


def test_annotation_cycle_is_cut_at_a_reified_triple() -> None:
    # a1 reifies a triple of a2 and a2 one of a1: neither annotation can hold the other, so
    # a1 (first by id) is a reified triple subject and a2 annotates a1's triple there.
    g = Graph()
    g.bind("", EX)
    a1, a2 = BNode("a1"), BNode("a2")
    g.add((a1, P, O))
    g.add((a2, P, O))
    g.add((a1, REIFIES, TripleTerm(a2, P, O)))
    g.add((a2, REIFIES, TripleTerm(a1, P, O)))
    text = assert_round_trip(g, "strict-turtle")
    assert text == _HEAD + "<< _:a2 :p :o >> :p :o ~ _:a2 {| :p :o |} .\n"


def test_readme_writer_example() -> None:
    """The README's RDF 1.2 writer example, run as written (its asserts are the claims)."""
    exec(compile(readme_example("rdf12:writer-example"), "README.md", "exec"), {})


# --- what each version writes ----------------------------------------------------------------


def test_versions() -> None:
    g = Graph()
    g.add((S, P, TripleTerm(S, P, O)))
    with pytest.raises(SerializeError, match=r'RDF 1\.2 Basic.*serialize with version="1\.2"'):
        write(g, "strict-turtle", version="1.2-basic")
    with pytest.raises(SerializeError, match=r'serialize with version="1\.2"'):
        write(g, "strict-trig", version="1.1")
    basic = Graph()
    basic.add((S, P, DirLangLiteral("x", lang="en", direction="ltr")))
    assert write(basic, "strict-turtle", version="1.2-basic") == (
        f'@version "1.2-basic" .\n\n<{S}> <{P}> "x"@en--ltr .\n'
    )
    plain = Graph()
    plain.add((S, P, O))
    assert write(plain, "strict-turtle", version="1.2", sparql_prefixes=True).startswith('VERSION "1.2"\n\n')


# --- W3C RDF 1.2 eval results ----------------------------------------------------------------


def _results(prefix: str, kind: str) -> list[Path]:
    root = find_rdf_tests_dir()
    if root is None:
        return []
    return sorted({c.result for c in load_manifest(root, prefix) if c.kind == kind and c.result is not None})


@pytest.mark.parametrize(
    ("prefix", "kind", "reader", "fmt"),
    [
        ("rdf12-turtle", "TestTurtleEval", "strict-ntriples", "strict-turtle"),
        ("rdf12-trig", "TestTrigEval", "strict-nquads", "strict-trig"),
    ],
)
def test_w3c_rdf12_results_round_trip(prefix: str, kind: str, reader: str, fmt: str) -> None:
    paths = _results(prefix, kind)
    if not paths:
        pytest.skip("W3C rdf-tests not found: set RDF_TESTS_DIR")
    assert len(paths) > 60
    failures = []
    for path in paths:
        g = parsed(Dataset() if fmt == "strict-trig" else Graph(), path, format=reader, version="1.2")
        g.bind("ex", "http://example/")
        try:
            assert_round_trip(g, fmt)
        except AssertionError as e:
            failures.append(f"{path.name}: {e}")
    assert not failures, f"{len(failures)} failing:\n\n" + "\n\n".join(failures)


# --- hypothesis: generated RDF 1.2 graphs ----------------------------------------------------

_IRIS = st.sampled_from([URIRef(EX + n) for n in "abcde"])
_BNODES = st.sampled_from([BNode(n) for n in ("x", "y", "z", "w")])
_LITERALS = st.one_of(
    st.builds(Literal, st.sampled_from(["v", "a\nb", 'q"', "1"])),
    st.builds(
        lambda t, d: DirLangLiteral(t, lang="en", direction=d),
        st.sampled_from(["v", "a\nb"]),
        st.sampled_from(["ltr", "rtl"]),
    ),
    st.just(Literal("1", datatype=XSD.integer)),
)
_SUBJECTS = st.one_of(_IRIS, _BNODES)


def _objects(depth: int) -> st.SearchStrategy[Node]:
    base: st.SearchStrategy[Node] = st.one_of(_IRIS, _BNODES, _LITERALS)
    if depth == 0:
        return base
    return st.one_of(base, st.builds(TripleTerm, _SUBJECTS, _IRIS, _objects(depth - 1)))


_TRIPLES = st.tuples(_SUBJECTS, _IRIS, _objects(2))


@st.composite
def rdf12_graphs(draw: st.DrawFn) -> Graph:
    g = Graph()
    g.bind("", EX)
    triples = draw(st.lists(_TRIPLES, max_size=8))
    for s, p, o in triples:
        g.add((s, p, o))
    # Reifiers: of asserted triples (annotations) or not, IRIs or blank nodes, some with
    # statements of their own, some reifying two triples, some shared with other statements.
    for _ in range(draw(st.integers(0, 6))):
        r = draw(st.one_of(_IRIS, _BNODES, st.builds(BNode)))
        # Of any statement so far, rdf:reifies ones too (an annotation of an annotation).
        so_far = sorted(g, key=str)
        asserted = draw(st.sampled_from(so_far)) if so_far and draw(st.booleans()) else draw(_TRIPLES)
        g.add((r, REIFIES, TripleTerm(*asserted)))
        for _ in range(draw(st.integers(0, 2))):
            g.add((r, draw(_IRIS), draw(_objects(1))))
    # Lists and nesting, whose cells and nodes may be named in triple terms.
    for i in range(draw(st.integers(0, 2))):
        cell = BNode(f"c{i}")
        g.add((draw(_SUBJECTS), draw(_IRIS), cell))
        g.add((cell, RDF.first, draw(_objects(0))))
        g.add((cell, RDF.rest, RDF.nil))
    return g


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rdf12_graphs(), st.booleans())
def test_generated_rdf12_graphs_round_trip(g: Graph, trig: bool) -> None:
    if trig:
        ds = Dataset()
        named = ds.graph(URIRef(EX + "g"))
        for t in g:
            named.add(t)
            ds.add(t)
        assert_round_trip(ds, "strict-trig")
    else:
        assert_round_trip(g, "strict-turtle")
