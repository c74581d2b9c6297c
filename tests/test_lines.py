"""N-Triples / N-Quads parsing rules (RDF 1.1), with pyoxigraph as the independent oracle.

Covers UTF-8 and BOM policy, IRIREF/UCHAR rules, RFC 3987 checks, exact lexical forms, BCP 47
tags, blank-node scope, sinks left unchanged on failure, RDF 1.2 syntax, whitespace, comments,
notes items P1-P13, streaming over tiny chunks and fast-path/slow-path agreement.
"""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Hashable
from typing import Any

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, ConjunctiveGraph, Dataset, Graph, Literal, URIRef
from rdflib.namespace import RDF, XSD
from rdflib.term import Node
from w3c import assert_same_graph, default_graph, oxigraph_graph, parsed

from rdflib_strict import ParseError
from rdflib_strict.edge import source as edge_source
from rdflib_strict.formats.line_loop import lines_are_long
from rdflib_strict.formats.lines import LineParser, nquads_re, ntriples_re
from rdflib_strict.formats.terms import Terms
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.grammar import ASCII_BLANK_NODE_LABEL_BODY, BLANK_NODE_LABEL_BODY

S = "<http://example/s>"
P = "<http://example/p>"
O = "<http://example/o>"  # noqa: E741
ES, EP, EO = URIRef("http://example/s"), URIRef("http://example/p"), URIRef("http://example/o")


# --- helpers --------------------------------------------------------------------------------


def nt(data: str | bytes, **kw: Any) -> Graph:
    return Graph().parse(data=data, format="strict-ntriples", **kw)


def nq(data: str | bytes, **kw: Any) -> Dataset:
    return parsed(Dataset(), data=data, format="strict-nquads", **kw)


def nt_error(data: str | bytes) -> ParseError:
    with pytest.raises(ParseError) as info:
        nt(data)
    return info.value


def ox_accepts(data: str | bytes, fmt: ox.RdfFormat = ox.RdfFormat.N_TRIPLES) -> bool:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        list(ox.parse(raw, format=fmt))
    except SyntaxError:
        return False
    return True


def ox_graph(data: str | bytes, quads: bool = False) -> Graph:
    """pyoxigraph's reading of ``data`` as rdflib terms (exact lexical forms)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return oxigraph_graph(raw, "nq" if quads else "nt")


def only_object(g: Graph) -> Node:
    (o,) = list(g.objects())
    return o


def snapshot(ds: Dataset) -> tuple[set[Any], list[Node]]:
    quads = {(s, p, o, c.identifier if isinstance(c, Graph) else c) for s, p, o, c in ds.quads()}
    return quads, [g.identifier for g in ds.graphs()]


# --- UTF-8 and the byte order mark -------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "line", "col"),
    [
        (b'<http://example/s> <http://example/p> "a\xffb" .\n', 1, 41),
        (b'<http://example/s> <http://example/p> "\xc3\x28" .\n', 1, 40),  # bad continuation
        (b'<http://example/s> <http://example/p> "\xc0\x80" .\n', 1, 40),  # overlong NUL
        (b'<http://example/s> <http://example/p> "\xed\xa0\x80" .\n', 1, 40),  # encoded surrogate
        (b'<http://example/s> <http://example/p> "\xf4\x90\x80\x80" .\n', 1, 40),  # > U+10FFFF
        (
            b'<http://example/s> <http://example/p> "ok" .\n<http://example/\xfe> <http://example/p> "x" .\n',
            2,
            17,
        ),
        (b"# comment \x80\n", 1, 11),  # even inside a comment
        (
            b'<http://example/s> <http://example/p> "\xc3\xa9\xe6\x97\xa5\x80" .\n',
            1,
            42,
        ),  # col in code points
        (b'<http://example/s> <http://example/p> "x" . # \xe6\x97', 1, 47),  # truncated at EOF
        (b'\xef\xbb\xbf<http://example/s> <http://example/p> "\xff" .\n', 1, 40),  # after a BOM
    ],
)
def test_invalid_utf8_is_a_located_parse_error(data: bytes, line: int, col: int) -> None:
    for parse in (nt, nq):
        with pytest.raises(ParseError) as info:
            parse(data)
        assert not isinstance(info.value, UnicodeDecodeError)
        assert "invalid UTF-8" in info.value.msg
        assert (info.value.lineno, info.value.colno) == (line, col)
    if b"#" not in data:  # pyoxigraph does not decode comments; the spec is UTF-8 throughout
        assert not ox_accepts(data)


def test_invalid_utf8_never_becomes_replacement_char() -> None:
    g = Graph()
    with pytest.raises(ParseError):
        g.parse(data=b'<http://example/s> <http://example/p> "a\x80" .\n', format="strict-nt")
    assert len(g) == 0


@pytest.mark.parametrize("data", [b"\xef\xbb\xbf", "\ufeff"])
def test_leading_bom_is_skipped(data: bytes | str) -> None:
    doc = f'{S} {P} "x" .\n'
    body: bytes | str = doc.encode() if isinstance(data, bytes) else doc
    g = nt(data + body)  # type: ignore[operator]
    assert set(g) == {(ES, EP, Literal("x"))}


def test_bom_elsewhere_follows_the_grammar() -> None:
    # Not at the very start: U+FEFF is an ordinary character.
    err = nt_error(f'{S} {P} "x" .\n\ufeff{S} {P} "y" .\n'.encode())
    assert (err.lineno, err.colno) == (2, 1)
    err = nt_error(b"\xef\xbb\xbf\xef\xbb\xbf" + f'{S} {P} "x" .\n'.encode())  # second BOM
    assert (err.lineno, err.colno) == (1, 1)
    # Inside a literal it is just a character.
    assert str(only_object(nt(f'{S} {P} "a\ufeffb" .'.encode()))) == "a\ufeffb"
    # Where an IRI needs a scheme letter it is an error...
    nt_error(f'<\ufeffhttp://example/s> {P} "x" .'.encode())
    assert not ox_accepts(f'<\ufeffhttp://example/s> {P} "x" .')
    # ...but in an IRI path it is allowed: IRIREF admits it and RFC 3987's ucschar range
    # U+FDF0-U+FFEF contains U+FEFF (pyoxigraph agrees).
    doc = f'<http://example/s\ufeff> {P} "x" .'
    assert set(nt(doc.encode())) == {(URIRef("http://example/s\ufeff"), EP, Literal("x"))}
    assert ox_accepts(doc)


# --- IRIREF ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("escaped", "iri"),
    [
        ("http://example/\\u00E9", "http://example/é"),
        ("http://example/\\u00e9", "http://example/é"),
        ("http://example/\\U0001F600", "http://example/😀"),
        ("\\u0068ttp://example/s", "http://example/s"),
        ("http://example/a\\u0025", None),  # '%' alone: not valid RFC 3987 (see below)
    ],
)
def test_iriref_uchar_is_decoded(escaped: str, iri: str | None) -> None:
    doc = f'<{escaped}> {P} "x" .'
    if iri is None:
        nt_error(doc)
        return
    g = nt(doc)
    assert set(g.subjects()) == {URIRef(iri)}
    assert_same_graph(g, ox_graph(doc))


@pytest.mark.parametrize(
    "code", ["0020", "003C", "003E", "0022", "007B", "007D", "007C", "005E", "0060", "005C", "000A", "0000"]
)
def test_iriref_uchar_may_not_produce_forbidden_chars(code: str) -> None:
    doc = f'<http://example/a\\u{code}b> {P} "x" .'
    err = nt_error(doc)
    assert err.colno == 18  # the escape itself
    assert f"U+{code}" in err.msg
    assert not ox_accepts(doc)


@pytest.mark.parametrize(
    "doc",
    [
        f'<s> {P} "x" .',
        f'{S} <p> "x" .',
        f"{S} {P} <o> .",
        f"{S} {P} <//example/o> .",
        f"{S} {P} <#frag> .",
        f"{S} {P} </abs/path> .",
        f'{S} {P} "x"^^<integer> .',
    ],
)
def test_relative_iris_are_rejected(doc: str) -> None:
    err = nt_error(doc)
    assert "relative IRI" in err.msg
    assert not ox_accepts(doc)


def test_relative_graph_label_is_rejected() -> None:
    with pytest.raises(ParseError, match="relative IRI"):
        nq(f'{S} {P} "x" <g> .')


# --- BLANK_NODE_LABEL: longest match ------------------------------------------------------------

# A label runs as far as it can: `_:o_:g` is the label `_:o_` and then `:g`, no token, never the
# object `_:o` and the graph `_:g` written without a space (a backtracking regex found that split).
RUN_ON_LABELS = [f"{S} {P} _:o_:g .", f"{S} {P} _:o-_:g .", f"{S} {P} _:o.._:g .", f"{S} {P} _:o\u00b7_:g ."]


@pytest.mark.parametrize("doc", RUN_ON_LABELS)
def test_a_label_is_not_cut_in_two(doc: str) -> None:
    assert not ox_accepts(doc, ox.RdfFormat.N_QUADS)
    with pytest.raises(ParseError, match="':' is not allowed") as info:
        nq(doc)
    assert info.value.colno == len(f"{S} {P} ") + 1
    nt_error(doc)


# The fast paths take ASCII labels only; a label with any other character is the precise
# reader's, which must read it whole, wherever it is and whatever follows it.
NON_ASCII_LABELS = ["\u00e9", "a\u00e9", "a\u00b7b", "a.\u00e9", "a\u0300", "\U00010000x", "a-\u203f"]


@pytest.mark.parametrize("label", NON_ASCII_LABELS)
def test_non_ascii_labels_are_read_whole(label: str) -> None:
    for doc in (
        f"_:{label} {P} _:{label} _:{label} .",
        f"_:{label} {P} _:{label}.",
        f"_:{label}\t{P}\t_:{label}<{P[1:-1]}>.",
    ):
        assert ox_accepts(doc, ox.RdfFormat.N_QUADS), doc
        quads = list(nq(doc).quads((None, None, None, None)))
        assert len(quads) == 1
        assert isinstance(quads[0][0], BNode) and quads[0][0] == quads[0][2], doc


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from('aZ09_-.:\u00b7\u00e9\u0300\u203f\U00010000 <"'), min_size=1, max_size=8))
def test_the_ascii_label_body_is_the_labels_ascii_part(text: str) -> None:
    # Whatever it matches is a label's longest match; it never ends a label early.
    ascii_body = re.compile(ASCII_BLANK_NODE_LABEL_BODY).match(text)
    full = re.compile(BLANK_NODE_LABEL_BODY).match(text)
    if ascii_body is not None:
        assert full is not None and full.end() == ascii_body.end(), text
    elif text.isascii():
        assert full is None, text


@pytest.mark.parametrize("doc", [f"{S} {P} _:o _:g .", f"{S} {P} _:o.g _:g.", f"{S} {P} _:o<http://ex/g>."])
def test_labels_apart_are_object_and_graph(doc: str) -> None:
    assert ox_accepts(doc, ox.RdfFormat.N_QUADS)
    quads = list(nq(doc).quads((None, None, None, None)))
    assert len(quads) == 1
    assert isinstance(quads[0][2], BNode)
    assert quads[0][2] != quads[0][3]


@pytest.mark.parametrize(
    ("iri", "fragment"),
    [("http://ex/%zz", "'%'"), ("http://ex:8a/", "port"), ("http://ex/%4", "'%'")],
)
def test_rfc3987_checks(iri: str, fragment: str) -> None:
    err = nt_error(f'<{iri}> {P} "x" .')
    assert fragment in err.msg
    assert err.colno == 1


@pytest.mark.parametrize("esc", ["\\uD800", "\\uDFFF", "\\U0000DC00", "\\U00110000", "\\UFFFFFFFF"])
def test_surrogate_and_out_of_range_uchar_rejected(esc: str) -> None:
    for doc in (f'{S} {P} "a{esc}" .', f'<http://example/{esc}> {P} "x" .'):
        err = nt_error(doc)  # never ValueError from chr()
        assert "surrogate" in err.msg or "U+10FFFF" in err.msg
        assert doc[err.colno - 1 :].startswith(esc)


# --- literals: exact lexical forms, language tags ------------------------------------------------


@pytest.mark.parametrize(
    ("lex", "dt"),
    [
        ("007", XSD.integer),
        ("1E0", XSD.double),
        (" 5", XSD.int),
        ("a  b", XSD.token),
        (" a\\tb ", XSD.normalizedString),
        ("1", XSD.boolean),
        ("yes", XSD.boolean),
        ("2020-01-01T00:00:00.000Z", XSD.dateTime),
        ("300", XSD.byte),
        ("1e5", XSD.decimal),
    ],
)
def test_exact_lexical_forms(lex: str, dt: URIRef) -> None:
    doc = f'{S} {P} "{lex}"^^<{dt}> .'
    o = only_object(nt(doc))
    assert isinstance(o, Literal)
    assert str(o) == lex.replace("\\t", "\t")
    assert o.datatype == dt
    ((value, datatype),) = [
        (q.object.value, q.object.datatype.value)
        for q in ox.parse(doc.encode(), format=ox.RdfFormat.N_TRIPLES)
    ]
    assert (str(o), str(o.datatype)) == (value, datatype)


def test_token_keeps_both_spaces_exactly() -> None:
    o = only_object(nt(f'{S} {P} "a  b"^^<{XSD.token}> .'))
    assert str(o) == "a  b"


@pytest.mark.parametrize("tag", ["en-US", "EN", "de-CH-1996", "sr-Latn-RS", "en-US-x-twain", "zh-Hant-TW"])
def test_valid_language_tags_keep_case(tag: str) -> None:
    o = only_object(nt(f'{S} {P} "x"@{tag} .'))
    assert isinstance(o, Literal)
    assert o.language == tag
    assert o.datatype is None


@pytest.mark.parametrize("tag", ["en-a", "abcdefghi", "en-US-a", "en--"])
def test_invalid_language_tags_rejected(tag: str) -> None:
    doc = f'{S} {P} "x"@{tag} .'
    with pytest.raises(ParseError):
        nt(doc)


def test_rdf_langstring_without_tag_rejected() -> None:  # P13
    err = nt_error(f'{S} {P} "x"^^<{RDF.langString}> .')
    assert "rdf:langString" in err.msg


# --- blank nodes ---------------------------------------------------------------------------------


def test_bnode_labels_are_document_scoped_across_graphs() -> None:
    ds = nq(f'_:a {P} "1" <http://example/g1> .\n_:a {P} "2" <http://example/g2> .\n_:a {P} "3" .\n')
    subjects = {s for s, _, _, _ in ds.quads()}
    assert len(subjects) == 1
    assert len(list(ds.quads())) == 3


def test_two_parses_never_share_bnodes() -> None:
    doc = f'_:a {P} "1" .'
    assert set(nt(doc).subjects()).isdisjoint(set(nt(doc).subjects()))
    g = Graph()
    g.parse(data=doc, format="strict-nt")
    g.parse(data=doc, format="strict-nt")
    assert len(set(g.subjects())) == 2


def test_bnode_context_shares_like_rdflib_nt() -> None:
    doc = f'_:a {P} "1" .'
    for fmt in ("nt", "strict-nt"):
        ctx: dict[str, BNode] = {}
        g1 = Graph().parse(data=doc, format=fmt, bnode_context=ctx)
        g2 = Graph().parse(data=doc, format=fmt, bnode_context=ctx)
        assert set(g1.subjects()) == set(g2.subjects()) == set(ctx.values())


# --- N-Quads into a plain Graph ------------------------------------------------------------------


def test_nquads_default_graph_into_plain_graph() -> None:
    g = Graph().parse(data=f"{S} {P} {O} .\n", format="strict-nquads")
    assert set(g) == {(ES, EP, EO)}


def test_nquads_named_graph_into_plain_graph_raises() -> None:  # P11
    g = Graph()
    g.add((ES, EP, Literal("before")))
    with pytest.raises(ParseError) as info:
        g.parse(data=f'{S} {P} "x" .\n{S} {P} "y" <http://example/g> .\n', format="strict-nquads")
    assert "Dataset" in info.value.msg
    assert (info.value.lineno, info.value.colno) == (2, 43)
    assert set(g) == {(ES, EP, Literal("before"))}
    assert {c.identifier for c in g.store.contexts()} == {g.identifier}


def test_nquads_named_graph_into_one_graph_of_a_dataset_raises() -> None:
    ds = Dataset()
    with pytest.raises(ParseError, match="Dataset"):
        ds.graph(URIRef("http://example/mine")).parse(
            data=f"{S} {P} {O} <http://example/g> .\n", format="strict-nquads"
        )
    assert len(ds) == 0 and not any(len(g) for g in ds.graphs())


def test_nquads_into_conjunctive_graph_keeps_graph_names() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        cg = ConjunctiveGraph()
        cg.parse(data=f"{S} {P} {O} <http://example/g> .\n{S} {P} {O} .\n", format="strict-nquads")
        named = cg.get_context(URIRef("http://example/g"))
        assert set(named) == {(ES, EP, EO)}
        assert set(cg.default_context) == {(ES, EP, EO)}


# --- failed parses leave sinks unchanged ---------------------------------------------------------

_BAD_TAIL = (
    f'{S} {P} "3" <http://example/g> .\n{S} {P} "4" <http://example/new> .\n{S} {P} "5" .\n{S} {P} oops .\n'
)


@pytest.fixture(params=[None, 7], ids=["one-chunk", "tiny-chunks"])
def chunking(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """With tiny chunks, batches reach the store before the error (tests the undo)."""
    size = request.param
    if size is not None:
        monkeypatch.setattr(edge_source, "ChunkReader", lambda s, n: ChunkReader(s, n, chunk_size=size))


@pytest.mark.usefixtures("chunking")
def test_failed_parse_leaves_prefilled_graph_unchanged() -> None:
    g = Graph()
    g.add((ES, EP, Literal("0")))
    before = set(g)
    with pytest.raises(ParseError):
        g.parse(data=f'{S} {P} "1" .\n{S} {P} "2" .\n{S} {P} oops .\n', format="strict-nt")
    assert set(g) == before


@pytest.mark.usefixtures("chunking")
def test_failed_parse_leaves_fresh_graph_empty() -> None:
    g = Graph()
    with pytest.raises(ParseError):
        g.parse(data=f'{S} {P} "1" .\n{S} {P} "2" .\n{S} {P} oops .\n', format="strict-nt")
    assert len(g) == 0


@pytest.mark.usefixtures("chunking")
def test_failed_parse_leaves_prefilled_dataset_unchanged() -> None:
    ds = Dataset()
    ds.add((ES, EP, Literal("0")))
    ds.graph(URIRef("http://example/g")).add((ES, EP, Literal("1")))
    ds.graph(URIRef("http://example/empty"))
    before = snapshot(ds)
    assert URIRef("http://example/empty") in before[1]
    with pytest.raises(ParseError):
        ds.parse(data=_BAD_TAIL, format="strict-nquads")
    assert snapshot(ds) == before


@pytest.mark.usefixtures("chunking")
def test_failed_parse_into_fresh_dataset_adds_nothing() -> None:
    ds = Dataset()
    before = snapshot(ds)
    with pytest.raises(ParseError):
        ds.parse(data=_BAD_TAIL, format="strict-nquads")
    assert snapshot(ds) == before
    assert len(list(ds.quads())) == 0


# --- RDF 1.2 syntax -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "doc",
    [
        f"{S} {P} <<( {S} {P} {O} )>> .",
        f'{S} {P} "x"@en--ltr .',
        'VERSION "1.2"\n',
    ],
)
def test_rdf12_syntax_is_named(doc: str) -> None:
    for parse in (nt, nq):
        with pytest.raises(ParseError) as info:
            parse(doc)
        assert "RDF 1.2" in info.value.msg


# --- whitespace, line ends, comments ----------------------------------------------------------------


@pytest.mark.parametrize(
    "doc",
    [
        f"{S}{P}{O}.",  # P1
        f'{S}{P}"x"@en.',
        f'{S} {P} "x" @en .',
        f'{S} {P} "x" ^^ <{XSD.integer}> .',
        f"\t {S}\t{P}  {O} \t. \t",
        f"{S} {P} {O} .",  # no final EOL
        f"{S} {P} {O} .\r{S} {P} <http://example/o2> .\r",
        f"{S} {P} {O} .\r\n{S} {P} <http://example/o2> .\r\n",
        f"\n\n{S} {P} {O} .\n\n\n",
        f'# only a comment\n{S} {P} {O} . # trailing " < _: comment\n  # indented comment\n',
        f'<http://example/s#frag> {P} "# not a comment" .',
        "",
        "# just a comment",
        "\r\n\r\n",
    ],
)
def test_valid_layout(doc: str) -> None:
    assert ox_accepts(doc)
    assert_same_graph(nt(doc), ox_graph(doc))
    assert_same_graph(nq(doc), ox_graph(doc, quads=True))


@pytest.mark.parametrize(
    "doc",
    [
        f"{S} {P} {O} . {S} {P} <http://example/o2> .",  # two statements on a line
        f"{S} {P}\n{O} .",  # a statement across lines
        f"{S} {P} {O}",  # no dot
        f"{S} {P} {O} .. ",
        f"{S} {P} {O} . junk",
        f"{S} {P} {O} <http://example/g> .",  # N-Triples has no graph label
    ],
)
def test_invalid_layout(doc: str) -> None:
    nt_error(doc)
    assert not ox_accepts(doc)


def test_line_numbers_with_cr_and_crlf() -> None:
    for eol in ("\n", "\r\n"):
        err = nt_error(eol.join([f"{S} {P} {O} .", "# c", f"{S} {P} bad ."]))
        assert (err.lineno, err.colno) == (3, 39)


# --- P1-P13 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "doc",
    [
        "<http://example/\\u00ZZ11> <http://example/p> <http://example/o> .",  # P2
        "<http://example/\\n> <http://example/p> <http://example/o> .",  # P2
        "<http://example/\\/> <http://example/p> <http://example/o> .",  # P2
        f'{S} {P} "a\\zb" .',  # P3
        f'{S} {P} "\\uWXYZ" .',  # P3
        f"{S} {P} <http://example/a{{b}}|c^d`e> .",  # P4
        f"{S} {P} <http://example/a\\u0020b> .",  # P4
        f"_::a {P} {O} .",  # P6
        f"_:abc:def {P} {O} .",  # P6
        f'{S} {P} "\\uD800" .',  # P7
        f'{S} {P} "\\U00110000" .',  # P8
        f'{S} {P} "x"^^<{RDF.langString}> .',  # P13
    ],
)
def test_p_items_invalid_input_is_parse_error(doc: str) -> None:
    nt_error(doc)
    nt_error(doc.encode())


def test_p5_non_ascii_bnode_label() -> None:
    doc = f"_:été {P} {O} .\n_:日本.x {P} _:été ."
    g = nt(doc)
    nodes = {t for triple in g for t in triple if isinstance(t, BNode)}
    assert len(g) == 2 and len(nodes) == 2
    assert_same_graph(g, ox_graph(doc))


def test_p9_errors_are_located() -> None:
    err = nt_error(f"{S} {P} {O} .\n<s> {P} {O} .")
    assert (err.lineno, err.colno, err.end_offset) == (2, 1, 4)
    assert err.text == f"<s> {P} {O} ."


def test_p10_caller_stream_stays_open() -> None:
    f = io.BytesIO(f"{S} {P} {O} .\n".encode())
    Graph().parse(f, format="strict-nt")
    assert not f.closed
    f = io.BytesIO(b"bad\n")
    with pytest.raises(ParseError):
        Graph().parse(f, format="strict-nt")
    assert not f.closed


def test_p12_bom_policy_same_for_data_str_bytes_and_file(tmp_path: Any) -> None:
    path = tmp_path / "bom.nt"
    path.write_bytes(b"\xef\xbb\xbf" + f"{S} {P} {O} .\n".encode())
    expected = {(ES, EP, EO)}
    assert set(Graph().parse(path, format="strict-nt")) == expected
    assert set(Graph().parse(data=path.read_bytes(), format="strict-nt")) == expected
    assert set(Graph().parse(data=path.read_text("utf-8"), format="strict-nt")) == expected


# --- streaming over tiny chunks --------------------------------------------------------------------


def _collect(data: bytes, quads: bool, chunk_size: int | None) -> set[tuple[Any, ...]]:
    terms = Terms()
    out: list[Any] = []
    parser = LineParser(terms, quads, "DEFAULT", lambda label: ("G", label))
    kw = {} if chunk_size is None else {"chunk_size": chunk_size}
    parser.parse(ChunkReader(io.BytesIO(data), "x", **kw), out.extend)
    labels = {node: label for label, node in terms.bnodes.items()}

    def norm(t: Any) -> Any:
        if isinstance(t, BNode):
            return ("bnode", labels[t])
        if isinstance(t, tuple):
            return tuple(norm(x) for x in t)
        if isinstance(t, Literal):
            return ("lit", str(t), t.datatype, t.language)
        return t

    return {norm(q) for q in out}


_LINES = [
    f'{S} {P} "é日本😀" .',
    f"_:b1 {P} <http://example/日本> <http://example/g> .",
    f'_:b1 {P} "x\\u00E9"@fr .',
    "# commentaire é 😀",
    "",
    f'<http://example/\\u00E9> {P} "007"^^<{XSD.integer}> _:g .',
    f'{S} {P} "\\U0001F600\\"\\\\" .',
]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(_LINES), max_size=12),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
    st.integers(1, 40),
)
def test_tiny_chunks_give_the_same_result(lines: list[str], eol: str, final_eol: bool, size: int) -> None:
    data = (eol.join(lines) + (eol if final_eol else "")).encode("utf-8")
    whole = _collect(data, True, None)
    assert _collect(data, True, size) == whole
    assert len(whole) == len({ln for ln in lines if ln and not ln.startswith("#")})


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 13, 40, 41, 42, 43, 100])
def test_invalid_utf8_at_chunk_boundary_is_located(size: int) -> None:
    line = f'{S} {P} "日本'.encode() + b"\xe6\x97" + b'" .\n'  # truncated 3-byte sequence
    good = f"{S} {P} {O} .\n".encode()
    data = good + good + line + good
    parser = LineParser(Terms(), False, "D", lambda label: label)
    with pytest.raises(ParseError) as info:
        parser.parse(ChunkReader(io.BytesIO(data), "x", chunk_size=size), lambda batch: None)
    assert (info.value.lineno, info.value.colno) == (3, 42)
    assert info.value.filename == "x"


# --- fast path vs slow path --------------------------------------------------------------------------

_IRI_PIECES = st.sampled_from([*"abcXYZ019-._~/=&", "%41", "%20", "é", "日", "😀"])


@st.composite
def iris(draw: st.DrawFn) -> str:
    path = "".join(draw(st.lists(_IRI_PIECES, max_size=5)))
    query = "".join(draw(st.lists(_IRI_PIECES, max_size=3)))
    frag = "".join(draw(st.lists(_IRI_PIECES, max_size=3)))
    text = "http://example/" + path
    if draw(st.booleans()):
        text += "?" + query
    if draw(st.booleans()):
        text += "#" + frag
    if draw(st.booleans()):  # escape some characters as UCHAR
        text = "".join(
            (f"\\u{ord(c):04X}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08X}") if c in "é日😀a" else c
            for c in text
        )
    return "<" + text + ">"


def _escape(ch: str, how: int) -> str:
    echar = {"\t": "\\t", "\b": "\\b", "\n": "\\n", "\r": "\\r", "\f": "\\f", '"': '\\"', "\\": "\\\\"}
    if ch in ('"', "\\", "\n", "\r"):
        return echar[ch] if how % 2 else f"\\u{ord(ch):04X}"
    if how == 0 and ch in echar:
        return echar[ch]
    if how == 1:
        return f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}"
    return ch


@st.composite
def literals(draw: st.DrawFn) -> str:
    text = draw(st.text(st.characters(exclude_categories=("Cs",)), max_size=8))
    body = "".join(_escape(c, draw(st.integers(0, 3))) for c in text)
    kind = draw(st.integers(0, 2))
    ws = draw(st.sampled_from(["", " "]))
    if kind == 1:
        return f'"{body}"{ws}@' + draw(st.sampled_from(["en", "EN-us", "de-CH-1996", "x-priv", "zh-Hant"]))
    if kind == 2:
        return f'"{body}"{ws}^^{ws}' + draw(
            st.sampled_from([f"<{XSD.integer}>", f"<{XSD.token}>", f"<{XSD.string}>", "<http://example/dt>"])
        )
    return f'"{body}"'


bnodes = st.sampled_from(["_:a", "_:b.c", "_:été", "_:0x", "_:a-b_c"])


# What statements() draws, built once (a strategy built for every draw is validated anew).
_SUBJECTS = st.one_of(iris(), bnodes)
_PREDICATES = iris()
_OBJECTS = st.one_of(iris(), bnodes, literals())
_GRAPHS = st.one_of(iris(), bnodes)
_SEPARATORS = st.sampled_from([" ", "\t", "  "])
_ENDS = st.sampled_from(["", " # c", "\n"])


@st.composite
def statements(draw: st.DrawFn, quads: bool) -> str:
    s = draw(_SUBJECTS)
    p = draw(_PREDICATES)
    o = draw(_OBJECTS)
    parts = [s, p, o]
    if quads and draw(st.booleans()):
        parts.append(draw(_GRAPHS))
    sep = draw(_SEPARATORS)
    return sep.join(parts) + sep + "." + draw(_ENDS)


def _slow(line: str, quads: bool, ctx: dict[str, BNode]) -> tuple[Any, ...]:
    graphs: dict[Node, Hashable] = {}
    parser = LineParser(Terms(ctx), quads, "DEFAULT", lambda label: graphs.setdefault(label, label))
    parser._src = line
    parser._first_line = 1
    pos, quad = parser._statement(line, 0)
    assert pos == len(line)
    assert quad is not None
    return quad


def _exact(t: Node) -> Any:
    if isinstance(t, Literal):
        return ("lit", str(t), t.datatype, t.language)
    return t


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(statements(quads=False))
def test_fast_and_slow_path_agree_ntriples(line: str) -> None:
    ctx: dict[str, BNode] = {}
    (triple,) = list(nt(line, bnode_context=ctx))
    quad = _slow(line, False, ctx)
    assert quad[3] == "DEFAULT"
    assert tuple(map(_exact, triple)) == tuple(map(_exact, quad[:3]))
    assert ox_accepts(line)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(statements(quads=True))
def test_fast_and_slow_path_agree_nquads(line: str) -> None:
    ctx: dict[str, BNode] = {}
    ds = nq(line, bnode_context=ctx)
    ((s, p, o, g),) = list(ds.quads())
    quad = _slow(line, True, ctx)
    assert tuple(map(_exact, (s, p, o))) == tuple(map(_exact, quad[:3]))
    gid = g.identifier if isinstance(g, Graph) else g
    if quad[3] == "DEFAULT":
        assert gid in (None, default_graph(ds).identifier)
    else:
        assert gid == quad[3]
    assert ox_accepts(line, ox.RdfFormat.N_QUADS)


def test_fast_path_is_exercised() -> None:
    # The agreement tests above only mean something if the one-regex path takes common lines.
    assert ntriples_re().match(f'{S} {P} "x"@en .\n')
    assert nquads_re().match(f"_:a {P} {O} <http://example/g> .")
    # Escaped IRIs are taken too, and decoded when first seen.
    assert ntriples_re().match(f"<http://example/\\u00E9> {P} {O} .")
    assert set(nt(f"<http://example/\\u00E9> {P} {O} .\n").subjects()) == {URIRef("http://example/\u00e9")}


def test_rdf12_triple_term_as_subject_says_rdf12() -> None:
    with pytest.raises(ParseError) as info:
        nt("<<( <http://ex/a> <http://ex/b> <http://ex/c> )>> <http://ex/p> <http://ex/o> .\n")
    assert "RDF 1.2" in info.value.msg
    assert (info.value.lineno, info.value.colno, info.value.end_offset) == (1, 1, 3)


@pytest.mark.parametrize("char", [chr(c) for c in range(0x21)] + list('<"{}|^`\\'))
def test_every_character_iriref_forbids_is_rejected_in_both_paths(char: str) -> None:
    # The fast path captures IRI bodies up to '>' and relies on this check.
    from rdflib_strict.syntax.iri import iri_error

    assert iri_error(f"http://example/a{char}b") is not None
    with pytest.raises(ParseError):
        nt(f"<http://example/a{char}b> <http://example/p> <http://example/o> .\n")


@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_lone_surrogate_in_text_input_is_placed_after_any_bom(bom: str) -> None:
    with pytest.raises(ParseError) as info:
        Graph().parse(io.StringIO(bom + '<http://ex/s> <http://ex/p> "a\ud800" .\n'), format="strict-nt")
    assert (info.value.lineno, info.value.colno) == (1, 31)


class _NoLongLookups(dict):  # type: ignore[type-arg]
    """A cache that fails a lookup or an entry by a long text (hashing it costs what parsing
    its line does; it is never kept)."""

    @staticmethod
    def _check(key: object) -> None:
        text = key[0] if isinstance(key, tuple) else key
        if isinstance(text, str) and len(text) > 1024:
            raise AssertionError(f"a cache was asked for a text of {len(text)} characters")

    def get(self, key: Any, default: Any = None) -> Any:
        self._check(key)
        return super().get(key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._check(key)
        super().__setitem__(key, value)


def test_a_chunk_of_long_lines_looks_no_literal_up_by_its_text() -> None:
    body = 'lorem ipsum \\"q\\" caf\\u00e9 dolor ' * 100  # 3 KiB and more
    lines = [
        f'<http://example/s{i}> <http://example/p> "{body}{i}"{suffix} .\n'
        for i, suffix in enumerate(["", "@en", "^^<http://example/t>"] * 10)
    ]
    doc = "".join(lines)
    parser = LineParser(Terms(), False, None)
    parser._plain = _NoLongLookups()
    parser._typed = _NoLongLookups()
    parser.terms.literals = _NoLongLookups()
    got = [q for batch in parser.batches(ChunkReader(io.BytesIO(doc.encode()), "doc")) for q in batch]
    assert len(got) == 30
    assert_same_graph(_graph_of(got), oxigraph_graph(doc.encode(), "nt"))


def _graph_of(quads: list[Any]) -> Graph:
    g = Graph()
    for s, p, o, _ in quads:
        g.add((s, p, o))
    return g


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_lines_of_800_characters_are_long_whatever_ends_them(line_end: str) -> None:
    # CRLF is one line end: counted as two, such a chunk was judged short and its long
    # literals read by the short lines' pattern.
    line = '<http://ex/s> <http://ex/p> "' + "x" * 760 + '" .' + line_end
    assert lines_are_long(line * 40, "\r" in line_end)
    assert not lines_are_long(line[700:] * 400, "\r" in line_end)


def test_a_long_line_the_long_reader_refuses_goes_to_the_precise_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Not through the statement pattern, which tests each character against a class: a 50 MB
    # line with an error at its end took iterparse 6 s, most of it there and in the validator's.
    from rdflib_strict.formats import lines
    from rdflib_strict.formats.line_loop import LONG_LINE

    real = ntriples_re()

    class Guarded:
        def match(self, src: str, pos: int) -> re.Match[str] | None:
            if src.find("\n", pos) - pos > LONG_LINE:
                raise AssertionError("the statement pattern read a long line")
            return real.match(src, pos)

    monkeypatch.setattr(lines, "ntriples_re", Guarded)
    long = "x" * 5000
    doc = f'<http://ex/s> <http://ex/p> "{long}" \n<http://ex/s> <http://ex/p> "{long}" .\n'
    parser = LineParser(Terms(), False, "D", lambda label: label)
    errors: list[ParseError] = []
    out: list[Any] = []
    parser.parse(ChunkReader(io.BytesIO(doc.encode()), "l"), out.extend, errors.append)
    assert [str(q[2]) for q in out] == [long]
    assert [(e.lineno, e.colno) for e in errors] == [(1, 5032)]
