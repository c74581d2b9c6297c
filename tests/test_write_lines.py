"""N-Triples / N-Quads writers: notes items S1-S8 and round trips through our parser and
pyoxigraph with exact lexical forms."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node
from round_trip import assert_round_trip
from w3c import default_graph

from rdflib_strict import SerializeError
from rdflib_strict.formats.write_lines import LineBuffer
from rdflib_strict.formats.write_terms import TermWriter

EX = Namespace("http://example.org/")


def one(s: Node, p: Node, o: Node) -> Graph:
    g = Graph()
    g.add((s, p, o))  # type: ignore[arg-type]
    return g


def nt_out(g: Graph, **kw: Any) -> str:
    return g.serialize(format="strict-ntriples", **kw)


# --- S1-S4: unwritable terms are refused, naming the term ---------------------------------------


@pytest.mark.parametrize(
    ("triple", "bad"),
    [
        ((URIRef("s"), EX.p, EX.o), URIRef("s")),  # S1
        ((EX.s, EX.p, URIRef("o")), URIRef("o")),
        ((EX.s, EX.p, URIRef("http://example.org/a b")), URIRef("http://example.org/a b")),  # S2
        ((EX.s, EX.p, URIRef("http://example.org/a\nb")), URIRef("http://example.org/a\nb")),
        ((EX.s, EX.p, URIRef("http://example.org/a>b")), URIRef("http://example.org/a>b")),
        (
            (EX.s, EX.p, Literal("x", datatype=URIRef("http://example.org/d t"))),
            URIRef("http://example.org/d t"),
        ),
        ((EX.s, EX.p, Literal("x", datatype=URIRef("dt"))), URIRef("dt")),
        ((EX.s, EX.p, Literal("x", lang="en-a")), Literal("x", lang="en-a")),
        ((EX.s, EX.p, Literal("x", lang="abcdefghi")), Literal("x", lang="abcdefghi")),
        ((EX.s, Literal("p"), EX.o), Literal("p")),
        ((EX.s, BNode("b"), EX.o), BNode("b")),
        ((Literal("s"), EX.p, EX.o), Literal("s")),
        ((EX.s, EX.p, Literal("a\ud800b")), Literal("a\ud800b")),  # S4
        ((EX.s, EX.p, URIRef("http://example.org/\udc00")), URIRef("http://example.org/\udc00")),
    ],
)
def test_unwritable_terms_raise_serialize_error(triple: tuple[Any, Any, Any], bad: Node) -> None:
    g = Graph()
    g.add(triple)
    for fmt in ("strict-ntriples", "strict-nquads"):
        with pytest.raises(SerializeError) as info:
            g.serialize(format=fmt)
        assert info.value.term == bad
        assert isinstance(info.value, ValueError)
        message = str(info.value)
        try:
            shown = bad.n3()
        except Exception:  # rdflib refuses to spell some invalid IRIs; then repr is shown
            shown = repr(bad)
        assert message.startswith(f"cannot write {shown}: ")


# Each builder returns a graph holding the triples, read by a different path of the writer,
# and the formats that can write it.
def _whole_store(triples: list[tuple[Any, Any, Any]]) -> tuple[Graph, list[str]]:
    g = Graph()  # Memory store and the graph holds every triple: read from the store's index
    for t in triples:
        g.add(t)
    return g, ["strict-ntriples", "strict-nquads"]


def _one_of_two_graphs(triples: list[tuple[Any, Any, Any]]) -> tuple[Graph, list[str]]:
    ds = Dataset()
    ds.graph(EX.other).add((EX.x, EX.y, EX.z))  # so EX.g holds only part of the store
    g = ds.graph(EX.g)
    for t in triples:
        g.add(t)
    return ds, ["strict-nquads"]


def _other_store(triples: list[tuple[Any, Any, Any]]) -> tuple[Graph, list[str]]:
    g = Graph(store="SimpleMemory")  # read through Graph.triples
    for t in triples:
        g.add(t)
    return g, ["strict-ntriples", "strict-nquads"]


@pytest.mark.parametrize("build", [_whole_store, _one_of_two_graphs, _other_store])
@pytest.mark.parametrize(
    ("bad", "position"),
    [
        ((Literal("http://example.org/s"), EX.p, EX.o), 0),  # its text is an IRI written before
        ((EX.s, Literal("http://example.org/p"), EX.o), 1),
        ((EX.s, BNode("p"), EX.o), 1),
        ((EX.s, EX.p, URIRef("o")), 2),
        ((EX.s, EX.p, Literal("x", lang="en-a")), 2),
        ((EX.s, EX.p, Literal("a\ud800")), 2),
    ],
)
def test_errors_name_term_and_statement_on_every_read_path(
    build: Any, bad: tuple[Any, Any, Any], position: int
) -> None:
    graph, formats = build([(EX.s, EX.p, EX.o), (EX.o, EX.p, EX.s), (EX.s, EX.p, Literal("x")), bad])
    for fmt in formats:
        with pytest.raises(SerializeError) as info:
            graph.serialize(format=fmt)
        assert info.value.term == bad[position]
        assert info.value.statement is not None
        assert tuple(info.value.statement[:3]) == bad
        if isinstance(graph, Dataset):
            assert info.value.statement[3] == EX.g  # the graph the statement is in


@pytest.mark.parametrize("fmt", ["strict-ntriples", "strict-nquads", "strict-turtle"])
def test_removed_statements_leave_nothing_behind(fmt: str) -> None:
    # rdflib's Memory store keeps emptied index entries after a remove; a writer reading the
    # index must not write, or refuse, what is no longer in the graph.
    g = Graph()
    g.add((EX.s, EX.p, EX.o))
    removed = [
        (EX.s, EX.p, Literal("x", lang="en-a")),  # unwritable object
        (EX.s, Literal("p"), EX.o),  # unwritable predicate
        (Literal("s"), EX.p, EX.o),  # unwritable subject
        (EX.s, EX.q, EX.o2),
    ]
    for t in removed:
        g.add(t)
    for t in removed:
        g.remove(t)
    out = g.serialize(format=fmt)
    back = Graph().parse(data=out, format=fmt)
    assert set(back) == {(EX.s, EX.p, EX.o)}


@pytest.mark.parametrize("fmt", ["strict-ntriples", "strict-nquads", "strict-turtle"])
def test_quoted_formula_triples_are_not_written(fmt: str) -> None:
    # rdflib's N3 parser keeps a formula's triples in the same Memory store, quoted; they are
    # not statements of the graph. (With the log:implies statement removed, nothing refers to
    # the formulas, so the output is writable.)
    g = Graph().parse(data="@prefix : <http://e/> . :x :y :z . { :a :b :c } => { :d :e :f } .", format="n3")
    for t in list(g):
        if str(t[1]).endswith("#implies"):
            g.remove(t)
    out = g.serialize(format=fmt)
    back = Graph().parse(data=out, format=fmt)
    assert set(back) == {(URIRef("http://e/x"), URIRef("http://e/y"), URIRef("http://e/z"))}


def test_nquads_of_a_triple_in_several_graphs() -> None:
    ds = Dataset()
    for name in (EX.g1, EX.g2, BNode("g3")):
        ds.graph(name).add((EX.s, EX.p, Literal("shared")))
        ds.graph(name).add((EX.s, EX.p, Literal(f"only in {name}")))
    ds.add((EX.s, EX.p, Literal("shared")))  # and in the default graph
    out = ds.serialize(format="strict-nquads")
    assert len(out.splitlines()) == 7
    assert out.count('"shared"') == 4
    assert_round_trip(ds, "strict-nquads")


# --- S3: blank node labels --------------------------------------------------------------------------


def test_invalid_bnode_ids_relabelled_consistently_and_without_collision() -> None:
    g = Graph()
    ids = ["a b", "-x", "a.", "", "r1", "r2", "ok", "été"]
    for i, b in enumerate(ids):
        g.add((BNode(b), EX.p, Literal(str(i))))
        g.add((EX.s, EX.q, BNode(b)))
    out = nt_out(g)
    labels = re.findall(r"_:(\S+)", out)
    assert len(labels) == 2 * len(ids)
    assert len(set(labels)) == len(ids)  # one label per node, no two nodes share one
    for label in set(labels):
        assert labels.count(label) == 2  # the same node always gets the same label
    assert "_:ok " in out and "_:été " in out  # valid labels are kept
    assert "_:a b" not in out and "_:-x" not in out and "_:a. " not in out and "_: " not in out
    assert_round_trip(g, "strict-ntriples")
    assert_round_trip(g, "strict-nquads")


def test_terms_holding_a_line_feed_are_checked_alone() -> None:
    # The writers check new IRIs and labels a batch at a time, one a line: a term holding a
    # line feed must not pass as two valid ones.
    g = Graph()
    g.add((BNode("a\nb"), EX.p, EX.o))
    out = nt_out(g)
    assert "_:a\nb" not in out and out.startswith("_:r1 ")
    bad = URIRef("http://example.org/a\nhttp://example.org/b")
    g.add((bad, EX.p, EX.o))
    with pytest.raises(SerializeError) as info:
        g.serialize(format="strict-ntriples")
    assert info.value.term == bad


@pytest.mark.parametrize("fmt", ["strict-ntriples", "strict-nquads"])
def test_a_bad_iri_deep_in_a_large_graph_raises_at_its_statement(fmt: str) -> None:
    g = Graph() if fmt == "strict-ntriples" else Dataset()
    for i in range(3000):
        g.add((EX[f"s{i}"], EX.p, Literal(i)))
        if i == 1500:  # in the second batch of lines, after good IRIs new to it
            g.add((EX[f"s{i}"], EX.q, URIRef("http://example.org/a b")))
    with pytest.raises(SerializeError) as info:
        g.serialize(format=fmt)
    assert info.value.term == URIRef("http://example.org/a b")
    assert info.value.statement is not None
    assert tuple(info.value.statement[:3]) == (EX.s1500, EX.q, URIRef("http://example.org/a b"))


@pytest.mark.parametrize("fmt", ["strict-ntriples", "strict-nquads"])
def test_a_bad_subject_iri_deep_in_a_large_graph_raises_at_its_statement(fmt: str) -> None:
    # The index loop spells a subject "<IRI>" into its line without an IRIREF of its own;
    # a new one is still checked with its batch.
    g = Graph() if fmt == "strict-ntriples" else Dataset()
    bad = URIRef("http://example.org/a b")
    for i in range(3000):
        g.add((EX[f"s{i}"], EX.p, Literal(i)))
        if i == 1500:
            g.add((bad, EX.p, Literal("bad")))
    g.add((EX.s7, EX.q, EX.s9))  # an IRI met before as a subject, now an object
    with pytest.raises(SerializeError) as info:
        g.serialize(format=fmt)
    assert info.value.term == bad
    assert info.value.statement is not None
    assert tuple(info.value.statement[:3]) == (bad, EX.p, Literal("bad"))
    g.remove((bad, None, None))
    assert f"<{EX}s7> <{EX}q> <{EX}s9> ." in g.serialize(format=fmt)


def test_named_graphs_read_as_triples_raise_at_the_bad_statement() -> None:
    # A Dataset's named graphs are written from their triples, new terms checked a batch at
    # a time as from the index: a bad IRI deep in them still names its statement and graph.
    ds = Dataset()
    bad = URIRef("http://example.org/a b")
    for i in range(3000):
        ds.graph(EX[f"g{i // 20}"]).add((EX[f"s{i}"], EX.p, Literal(i)))
        if i == 1500:
            ds.graph(EX[f"g{i // 20}"]).add((EX[f"s{i}"], EX.q, bad))
    with pytest.raises(SerializeError) as info:
        ds.serialize(format="strict-nquads")
    assert info.value.term == bad
    assert info.value.statement is not None
    assert tuple(info.value.statement) == (EX.s1500, EX.q, bad, EX.g75)


def test_named_graphs_read_as_triples_relabel_odd_blank_nodes_consistently() -> None:
    ds = Dataset()
    for name in (EX.g1, EX.g2):
        for i in range(3):
            ds.graph(name).add((BNode(f"b{i}"), EX.p, Literal(f"{name}{i}")))
        ds.graph(name).add((BNode("a b"), EX.p, BNode("-x")))
        ds.graph(name).add((EX.s, EX.p, URIRef("http://example.org/#f?q=%41")))
    out = ds.serialize(format="strict-nquads")
    odd = re.findall(r"^_:(\S+) <[^>]*> _:(\S+) <[^>]*> \.$", out, re.MULTILINE)
    assert odd == [("r1", "r2"), ("r1", "r2")]
    assert out.count("<http://example.org/#f?q=%41>") == 2
    assert all(f"_:b{i} " in out for i in range(3))
    assert_round_trip(ds, "strict-nquads")


# --- the batch checks' shortcuts (all_plain_http_iris, ASCII labels, printable literals) --------


def test_literals_to_escape_among_plain_ones_in_a_batch() -> None:
    # Each literal holding a character to escape is escaped, whatever is next to it (empty
    # forms, an escape first or last in its form); the plain ones around it, and printable
    # ones with a non-printable character that needs no escape, are written as they are.
    g = Graph()
    objects = [
        Literal(""),
        Literal('"first'),
        Literal("", lang="en"),
        Literal("plain", lang="de"),
        Literal("last\n"),
        Literal("\\", datatype=EX.dt),
        Literal("", datatype=EX.dt),
        Literal("tab\there", lang="en"),
        Literal("end"),
        Literal("nbsp\u00a0line\u2028zw\u200b"),
        Literal("noncharacter\ufffe"),
    ]
    for i, o in enumerate(objects):
        g.add((EX[f"s{i}"], EX.p, o))
    g.add((EX.t, EX.p, Literal('"first')))  # an object with two subjects
    dt = f"^^<{EX}dt>"
    spelled = [
        '""',
        '"\\"first"',
        '""@en',
        '"plain"@de',
        '"last\\n"',
        f'"\\\\"{dt}',
        f'""{dt}',
        '"tab\\there"@en',
        '"end"',
        '"nbsp\u00a0line\u2028zw\u200b"',
        '"noncharacter\\uFFFE"',
    ]
    lines = [f"<{EX}s{i}> <{EX}p> {text} ." for i, text in enumerate(spelled)]
    lines.insert(2, f'<{EX}t> <{EX}p> "\\"first" .')
    assert nt_out(g) == "".join(line + "\n" for line in lines)  # not splitlines(): U+2028
    assert_round_trip(g, "strict-ntriples")


@pytest.mark.parametrize(
    ("odd", "kept"),
    [
        ("-x", False),
        (".x", False),
        ("x.", False),
        ("", False),
        ("a b", False),
        ("a\u00b7b", True),
        ("x-y.z", True),
    ],
)
def test_an_odd_blank_node_id_among_plain_ones(odd: str, kept: bool) -> None:
    g = Graph()
    for i in range(5):
        g.add((BNode(f"b{i}"), EX.p, Literal(str(i))))
    g.add((BNode(odd), EX.p, Literal("odd")))
    labels = re.findall(r'^_:(\S*) <[^>]*> "odd" \.$', nt_out(g), re.MULTILINE)
    assert labels == ([odd] if kept else ["r1"])


def test_an_id_of_the_fresh_form_is_not_handed_out_again_later() -> None:
    g = Graph()
    g.add((BNode("r1"), EX.p, Literal("fresh-looking")))
    for i in range(1100):
        g.add((BNode(f"b{i}"), EX.p, Literal(i)))
    g.add((BNode("a b"), EX.p, Literal("bad")))  # in the next batch of lines: needs a fresh label
    out = nt_out(g)
    assert f'_:r1 <{EX}p> "fresh-looking" .\n' in out
    assert re.findall(r'^_:(\S*) <[^>]*> "bad" \.$', out, re.MULTILINE) == ["r2"]


@pytest.mark.parametrize("fmt", ["strict-ntriples", "strict-nquads"])
@pytest.mark.parametrize(
    ("bad", "term"),
    [
        ((EX.s1500, EX.p, Literal("x", lang="en-a")), Literal("x", lang="en-a")),
        ((EX.s1500, EX.p, Literal("a\ud800")), Literal("a\ud800")),
        ((EX.s1500, EX.p, Literal("x", datatype=URIRef("dt"))), URIRef("dt")),
        ((EX.s1500, EX.p, Literal("x", datatype=EX["d>t"])), EX["d>t"]),
        ((Literal("s"), EX.p, Literal("x")), Literal("s")),
        ((EX.s1500, BNode("p"), Literal("x")), BNode("p")),
        ((EX.s1500, Literal("p"), Literal("x")), Literal("p")),
        ((URIRef("http://example.org/a%zz"), EX.p, Literal("x")), URIRef("http://example.org/a%zz")),
        ((URIRef("http://example.org/a%2"), EX.p, Literal("x")), URIRef("http://example.org/a%2")),
        ((URIRef("http://a@b@example.org/x"), EX.p, Literal("x")), URIRef("http://a@b@example.org/x")),
        ((URIRef("http://example.org:8x/"), EX.p, Literal("x")), URIRef("http://example.org:8x/")),
        ((EX.s1500, EX.p, URIRef("http://example.org/a b")), URIRef("http://example.org/a b")),
    ],
)
def test_a_bad_term_deep_in_a_batch_raises_at_its_statement(
    fmt: str, bad: tuple[Any, Any, Any], term: Node
) -> None:
    # Amid a batch (of 1,024 entries), after good terms of the same kinds new to it.
    g = Graph() if fmt == "strict-ntriples" else Dataset()
    for i in range(3000):
        g.add((EX[f"s{i}"], EX.p, Literal(f"v{i}", lang="en")))
        g.add((EX[f"s{i}"], EX.p, Literal(f"w{i}", datatype=EX.dt)))
        if i == 1500:
            g.add(bad)
    with pytest.raises(SerializeError) as info:
        g.serialize(format=fmt)
    assert info.value.term == term
    assert info.value.statement is not None
    assert tuple(info.value.statement[:3]) == bad


def test_entries_left_when_the_lines_fill_a_chunk_open_the_next_batch() -> None:
    # Objects of three subjects each: a batch of entries stops mid-way once its lines fill a
    # chunk (1,024), and the entries it did not write lead the next batch, in order.
    g = Graph()
    for i in range(1500):
        for j in range(3):
            g.add((EX[f"s{i}_{j}"], EX.p, Literal(f"v{i}")))
    expected = "".join(f'<{EX}s{i}_{j}> <{EX}p> "v{i}" .\n' for i in range(1500) for j in range(3))
    assert nt_out(g) == expected


def _checked_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every TermWriter check each term before its line (no batches written unchecked)."""
    init = TermWriter.__init__

    def checking(self: TermWriter, *args: Any, **kw: Any) -> None:
        init(self, *args, **kw)
        self.unchecked_ok = False

    monkeypatch.setattr(TermWriter, "__init__", checking)


def _many_predicates(odd_at: set[int]) -> Graph:
    # Predicates of 1 to 1,500 objects, objects of 1 to 3 subjects, so that batches of lines
    # begin and end mid-predicate and span several; an odd blank node id (relabelled: its batch
    # is written again by the checking loop) at each statement number in odd_at.
    g = Graph()
    n = 0
    for k, count in enumerate([1, 700, 3, 1500, 1, 1, 40, 1100, 2]):
        for i in range(count):
            for j in range(1 + (i + k) % 3):
                s: Node = BNode(f"odd {n}") if n in odd_at else EX[f"s{k}_{i}_{j}"]
                g.add((s, EX[f"p{k}"], Literal(f"v{i}") if i % 2 else EX[f"o{i}"]))
                n += 1
    return g


@pytest.mark.parametrize(
    "odd_at",
    [
        set(),
        {0},
        {1023, 1024, 1025},  # at a batch's end and the next one's start
        {5, 2100, 4000, 4001, 5999},  # mid-predicate, in several batches
        set(range(1000, 1100)) | {7000},
    ],
)
def test_index_batches_write_what_the_checking_loop_writes(
    odd_at: set[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = _many_predicates(odd_at)
    fast = nt_out(g)
    _checked_only(monkeypatch)
    assert fast == nt_out(g)
    assert fast.count("\n") == len(g)


def test_index_batches_relabel_repeated_odd_ids_as_the_checking_loop_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The index loop writes "_:id" for an id it has no other label for, and settle decides;
    # ids relabelled in one batch (invalid, or of the fresh form) come back in later ones,
    # as subjects and as objects, among plain ones.
    g = Graph()
    odd = [BNode("a b"), BNode("r1"), BNode("r2"), BNode("é"), BNode("x")]
    for i in range(6000):
        s: Node = odd[i % 5] if i % 97 == 0 else BNode(f"b{i}")
        o: Node = odd[(i // 7) % 5] if i % 89 == 0 else EX[f"o{i % 300}"]
        g.add((s, EX[f"p{i % 7}"], o))
    fast = nt_out(g)
    _checked_only(monkeypatch)
    assert fast == nt_out(g)
    assert "_:a b" not in fast


def test_named_graphs_read_as_triples_write_what_the_checking_loop_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A Dataset's named graphs go through the triple loop, which also hands every IRI and
    # id it writes to settle: odd ids repeated across batches and graphs, IRIs of an
    # uncommon shape (urn:, a port) repeated, come out as the checking loop writes them.
    ds = Dataset()
    odd = [BNode("a b"), BNode("r1"), BNode("é"), URIRef("urn:x:1"), URIRef("http://e.org:8080/a")]
    for i in range(5000):
        s: Node = odd[i % 5] if i % 97 == 0 else BNode(f"b{i % 700}") if i % 3 else EX[f"s{i % 400}"]
        o: Node = odd[(i // 7) % 5] if i % 89 == 0 else EX[f"o{i % 300}"]
        ds.graph(EX[f"g{i // 50}"]).add((s, EX[f"p{i % 7}"], o))
    fast = ds.serialize(format="strict-nquads")
    _checked_only(monkeypatch)
    assert fast == ds.serialize(format="strict-nquads")
    assert "_:a b" not in fast


def test_index_loop_spells_literals_as_term_writer_does(monkeypatch: pytest.MonkeyPatch) -> None:
    # The index loop spells the common literal inline (TermWriter.inline_literals): tags and
    # datatypes met before, printable text; the rest goes to TermWriter.literal. Both ways,
    # repeated across batches, give the checking loop's lines.
    kinds = [
        lambda i: Literal(f"v{i}"),
        lambda i: Literal(f"v{i}", lang="en"),
        lambda i: Literal(f"v{i}", lang="EN-gb"),
        lambda i: Literal(str(i), datatype=XSD.integer),
        lambda i: Literal(f"v{i}", datatype=XSD.string),
        lambda i: Literal(f'say "{i}"', lang="en"),
        lambda i: Literal(f"a\\b{i}"),
        lambda i: Literal(f"tab\t{i}\n", datatype=EX.dt),
        lambda i: Literal(f"\u00e9t\u00e9 {i} \U0001f600", lang="fr"),
        lambda i: Literal(f"\x7f{i}\u2028"),
        lambda i: Literal(f"nbsp\u00a0{i}", datatype=EX["d\u00e9"]),
    ]
    g = Graph()
    for i in range(4000):
        g.add((EX[f"s{i % 900}"], EX[f"p{i % 5}"], kinds[i % len(kinds)](i)))
    fast = nt_out(g)
    _checked_only(monkeypatch)
    assert fast == nt_out(g)
    assert '"v1"@en .\n' in fast and '"say \\"5\\""@en' in fast


@pytest.mark.parametrize(
    "bad",
    [
        Literal("x", lang="en-a"),
        Literal("x", datatype=URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#langString")),
        Literal("x\ud800", lang="en"),
    ],
)
def test_a_literal_the_inline_spelling_leaves_to_term_writer_still_raises(bad: Literal) -> None:
    # Met after many literals of the same tag or datatype spelled inline.
    g = Graph()
    for i in range(3000):
        g.add((EX[f"s{i}"], EX.p, Literal(f"v{i}", lang="en")))
        g.add((EX[f"s{i}"], EX.p, Literal(f"w{i}")))
    g.add((EX.s2500, EX.q, bad))
    with pytest.raises(SerializeError) as info:
        nt_out(g)
    assert info.value.term == bad


@pytest.mark.parametrize("where", [0, 3, 1200, 3300, 4500])
@pytest.mark.parametrize("bad_kind", ["predicate", "subject", "object"])
def test_a_bad_term_in_a_batch_spanning_predicates_raises_at_its_statement(
    where: int, bad_kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The index loop reads the index by its own iterators; a batch that fails is read again
    # from the spans it covered, and the checking loop names the same statement as checking
    # term by term does.
    g = _many_predicates(set())
    triples = list(g)
    s, p, o = sorted(triples, key=str)[where % len(triples)]
    bad_iri = URIRef("http://example.org/a b")
    bad = {
        "predicate": (s, Literal("p"), o),
        "subject": (bad_iri, p, o),
        "object": (s, p, bad_iri),
    }[bad_kind]
    g.add(bad)
    with pytest.raises(SerializeError) as fast:
        nt_out(g)
    _checked_only(monkeypatch)
    with pytest.raises(SerializeError) as checked:
        nt_out(g)
    assert fast.value.statement is not None
    assert tuple(fast.value.statement[:3]) == bad
    assert (fast.value.term, fast.value.statement, str(fast.value)) == (
        checked.value.term,
        checked.value.statement,
        str(checked.value),
    )


def test_line_by_line_encoding_lasts_while_batches_are_non_ascii() -> None:
    # The previous batch decides how the next is encoded: whole while ASCII (one copy), line
    # by line after a non-ASCII one, whole again after an ASCII one.
    stream = io.BytesIO()
    out = LineBuffer(stream)
    batches = [["a\n", "b\n"], ["\u00e9\n", "c\n"], ["d\n", "\U0001f600\n"], ["e\n"], ["f\n"]]
    wide = []
    for batch in batches:
        out.lines.extend(batch)
        out.flush()
        wide.append(out.wide)
    assert wide == [False, True, True, False, False]
    assert stream.getvalue() == "a\nb\n\u00e9\nc\nd\n\U0001f600\ne\nf\n".encode()
    assert out.count == 8


# --- S5: canonical output ---------------------------------------------------------------------------


def test_canonical_form() -> None:
    g = Graph()
    g.add((EX.s, EX.p, Literal("chat", lang="EN-gb")))
    g.add((EX.s, EX.p, Literal("foo", datatype=XSD.string)))
    g.add((EX.a, EX.p, Literal('\x00\x07\x08\t\n\x0b\x0c\r\x0e\x1f\x7f"\\é\ufffe\U0001f600')))
    out = nt_out(g, canonical=True)
    # Expected by hand from RDF 1.2 N-Triples section "Canonical N-Triples".
    assert out == (
        "<http://example.org/a> <http://example.org/p> "
        '"\\u0000\\u0007\\b\\t\\n\\u000B\\f\\r\\u000E\\u001F\\u007F\\"\\\\é\\uFFFE\U0001f600" .\n'
        '<http://example.org/s> <http://example.org/p> "chat"@en-gb .\n'
        '<http://example.org/s> <http://example.org/p> "foo" .\n'
    )
    assert out.splitlines() == sorted(out.splitlines())
    assert_round_trip(g, "strict-ntriples", canonical=True)


def test_canonical_is_independent_of_insertion_order() -> None:  # S6
    triples = [(EX[f"s{i}"], EX.p, Literal(f"v{i}")) for i in range(30)]
    g1, g2 = Graph(), Graph()
    for t in triples:
        g1.add(t)
    for t in reversed(triples):
        g2.add(t)
    assert nt_out(g1, canonical=True) == nt_out(g2, canonical=True)


def test_canonical_labels_blank_nodes_by_rdfc10() -> None:
    # The same graph twice, with other blank node ids, added in another order.
    a, b, c, d = BNode("a"), BNode("b"), BNode("zz9"), BNode("q1")
    g1, g2 = Graph(), Graph()
    for s, p, o in [(a, EX.p, b), (b, EX.q, Literal("x")), (a, EX.q, EX.o)]:
        g1.add((s, p, o))
    for s, p, o in [(c, EX.q, EX.o), (d, EX.q, Literal("x")), (c, EX.p, d)]:
        g2.add((s, p, o))
    out = nt_out(g1, canonical=True)
    assert out == nt_out(g2, canonical=True)
    assert sorted(re.findall(r"_:\w+", out)) == ["_:c14n0", "_:c14n0", "_:c14n1", "_:c14n1"]


def test_canonical_nquads_label_blank_graph_names_too() -> None:
    ds1, ds2 = Dataset(), Dataset()
    ds1.graph(BNode("g")).add((BNode("s"), EX.p, EX.o))
    ds2.graph(BNode("other")).add((BNode("x"), EX.p, EX.o))
    out = ds1.serialize(format="strict-nquads", canonical=True)
    assert out == ds2.serialize(format="strict-nquads", canonical=True)
    assert out in (
        "_:c14n0 <http://example.org/p> <http://example.org/o> _:c14n1 .\n",
        "_:c14n1 <http://example.org/p> <http://example.org/o> _:c14n0 .\n",
    )


# --- ascii=True ---------------------------------------------------------------------------------------


def test_ascii_output() -> None:
    g = Graph()
    g.add((URIRef("http://example.org/é日"), EX.p, Literal("é 😀 \ufffe", lang="fr")))
    g.add((BNode("été"), EX.p, Literal("x")))
    for fmt in ("strict-ntriples", "strict-nquads"):
        data = assert_round_trip(g, fmt, ascii=True)
        assert data.isascii(), data
        assert g.serialize(format=fmt, encoding="ascii") == data
    assert "\\u00E9\\u65E5" in nt_out(g, ascii=True)
    assert "_:été" in nt_out(g) and "_:été" not in nt_out(g, ascii=True)


# --- S7, S8: graphs ------------------------------------------------------------------------------------


def test_nquads_of_plain_graph_writes_default_graph() -> None:  # S7
    g = one(EX.s, EX.p, EX.o)
    out = g.serialize(format="strict-nquads")
    assert out == "<http://example.org/s> <http://example.org/p> <http://example.org/o> .\n"


def test_ntriples_of_dataset_with_named_graph_raises() -> None:  # S8
    ds = Dataset()
    ds.add((EX.s, EX.p, EX.o))
    ds.graph(EX.g).add((EX.s, EX.p, EX.o2))
    with pytest.raises(SerializeError) as info:
        ds.serialize(format="strict-ntriples")
    assert info.value.term == EX.g


def test_serialize_error_quotes_huge_terms_by_their_two_ends() -> None:
    """The message names the term and its statement, each term in at most 100 characters
    (its n3 form cut in the middle); the attributes keep the terms themselves."""
    big = URIRef("a" * 1_000_000)
    g = one(EX.s, EX.p, big)
    with pytest.raises(SerializeError) as info:
        g.serialize(format="strict-ntriples")
    message = str(info.value)
    assert len(message) < 400, len(message)
    assert message.startswith("cannot write <aaaa") and "aaaa>: not an absolute IRI" in message
    assert message.endswith(f"in the statement <{EX.s}> <{EX.p}> <{'a' * 48}...{'a' * 47}> .")
    assert info.value.term == big


def test_ntriples_of_dataset_with_only_default_graph_and_empty_named_graph() -> None:
    ds = Dataset()
    ds.add((EX.s, EX.p, EX.o))
    ds.graph(EX.empty)
    assert nt_out(ds) == "<http://example.org/s> <http://example.org/p> <http://example.org/o> .\n"


def test_nquads_of_dataset_labels_only_named_graphs() -> None:
    ds = Dataset()
    ds.add((EX.s, EX.p, EX.o))
    ds.graph(EX.g).add((EX.s, EX.p, EX.o2))
    ds.graph(BNode("g")).add((EX.s, EX.p, EX.o3))
    out = ds.serialize(format="strict-nquads")
    lines = sorted(out.splitlines())
    assert "<http://example.org/s> <http://example.org/p> <http://example.org/o> ." in lines
    assert (
        "<http://example.org/s> <http://example.org/p> <http://example.org/o2> <http://example.org/g> ."
        in lines
    )
    assert "<http://example.org/s> <http://example.org/p> <http://example.org/o3> _:g ." in lines
    assert "urn:x-rdflib:default" not in out
    assert "  " not in out and not out.endswith("\n\n")
    assert_round_trip(ds, "strict-nquads")


# --- hypothesis round trips ------------------------------------------------------------------------------

_NASTY_CHARS = [chr(c) for c in range(0x20)] + [
    '"',
    "\\",
    "\x7f",
    "'",
    "\ufffe",
    "\uffff",
    "\U0001f600",
    "\U0010fffd",
    "é",
    "日",
    "\u2028",
    "\ufeff",
    " ",
]
strings = st.text(
    st.one_of(st.sampled_from(_NASTY_CHARS), st.characters(exclude_categories=("Cs",))), max_size=10
)
lang_tags = st.sampled_from(
    ["en", "EN", "en-US", "en-us", "de-CH-1996", "sr-Latn-RS", "ZH-hant-TW", "x-Priv", "fr"]
)
datatypes = st.sampled_from(
    [
        XSD.integer,
        XSD.string,
        XSD.boolean,
        XSD.double,
        XSD.token,
        XSD.date,
        URIRef("http://example.org/dt"),
        URIRef("http://example.org/é"),
    ]
)
iris = st.builds(
    lambda tail: URIRef("http://example.org/" + "".join(tail)),
    st.lists(st.sampled_from([*"abc019-._~/", "é", "日", "😀", "%41"]), max_size=6),
)
bnode_ids = st.sampled_from(["a", "b1", "a b", "-x", "a.", "", "r1", "r2", "été", "_x", "a:b"])
bnodes = st.builds(BNode, bnode_ids)


@st.composite
def literals(draw: st.DrawFn) -> Literal:
    lex = draw(strings)
    kind = draw(st.integers(0, 2))
    if kind == 1:
        return Literal(lex, lang=draw(lang_tags))
    if kind == 2:
        return Literal(lex, datatype=draw(datatypes), normalize=False)
    return Literal(lex)


@st.composite
def graphs(draw: st.DrawFn, named: bool) -> Graph:
    g: Graph = Dataset() if named else Graph()
    for _ in range(draw(st.integers(0, 5))):
        triple = (draw(st.one_of(iris, bnodes)), draw(iris), draw(st.one_of(iris, bnodes, literals())))
        if named and draw(st.booleans()):
            g.graph(draw(st.one_of(iris, bnodes))).add(triple)  # type: ignore[union-attr]
        else:
            target = default_graph(g) if isinstance(g, Dataset) else g
            target.add(triple)
    return g


MODES = [{}, {"ascii": True}, {"canonical": True}]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(named=False))
def test_round_trip_ntriples(g: Graph) -> None:
    for kw in MODES:
        data = assert_round_trip(g, "strict-ntriples", **kw)
        if kw.get("ascii"):
            assert data.isascii()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(named=True))
def test_round_trip_nquads(ds: Dataset) -> None:
    for kw in MODES:
        assert_round_trip(ds, "strict-nquads", **kw)
