"""Skip and report (issue #13, item 7): ``on_error=`` in ``iterparse`` and ``Graph.parse`` for all
four formats, and ``convert --skip-invalid [--rejects FILE]``.

Golden documents with hand-placed errors: the statements kept, one error per bad statement
with its line and column, and ``e.skipped`` (the statement's text), under LF, CR and CRLF. A
property test replaces one line of a generated valid N-Triples document by garbage and checks
that everything else is recovered, against pyoxigraph's parse of the document without it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from clirun import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.term import Node

import rdflib_strict
from rdflib_strict import ParseError

EX = "http://ex/"
NEWLINES = {"LF": "\n", "CR": "\r", "CRLF": "\r\n"}

Row = tuple[str, ...]


def term_key(term: Node | None, labels: dict[Node, str]) -> str:
    """A term as comparable text; blank nodes numbered in order of first appearance."""
    if term is None:
        return "DEFAULT"
    if isinstance(term, BNode):
        return labels.setdefault(term, f"_:{len(labels) + 1}")
    if isinstance(term, Literal):
        tail = f"@{term.language}" if term.language else f"^^{term.datatype}" if term.datatype else ""
        return f'"{term}"{tail}'
    return str(term)


def rows(statements: Iterable[tuple[Node, ...]]) -> list[Row]:
    labels: dict[Node, str] = {}
    return [tuple(term_key(t, labels) for t in st) for st in statements]


def recover(fmt: str, doc: str) -> tuple[list[Row], list[ParseError]]:
    log: list[ParseError] = []
    kept = rows(rdflib_strict.iterparse(data=doc, format=fmt, on_error=log.append))
    return kept, log


def where(log: list[ParseError]) -> list[tuple[int, int]]:
    return [(e.lineno, e.colno) for e in log]


# --- N-Triples --------------------------------------------------------------------------------

NT = (
    '<http://ex/s> <http://ex/p> "ok" .{nl}'  # 1
    "<http://ex/s> <http://ex/p> <rel> .{nl}"  # 2: relative IRI, col 29
    "# comment{nl}"  # 3
    '_:b1 <http://ex/p> "a\\qb" .{nl}'  # 4: bad escape, col 22
    '<http://ex/s> <http://ex/p> "fine"@en .{nl}'  # 5
    '<http://ex/s> <http://ex/p> "no dot"{nl}'  # 6: no '.', col 37
    "<http://ex/t> <http://ex/p> _:b1 ."  # 7, no line end
)
NT_KEPT = [
    ("http://ex/s", "http://ex/p", '"ok"', "DEFAULT"),
    ("http://ex/s", "http://ex/p", '"fine"@en', "DEFAULT"),
    ("http://ex/t", "http://ex/p", "_:1", "DEFAULT"),
]


@pytest.mark.parametrize("nl", NEWLINES.values(), ids=NEWLINES.keys())
@pytest.mark.parametrize("fmt", ["nt", "nq"])
def test_ntriples_golden(fmt: str, nl: str) -> None:
    kept, log = recover(fmt, NT.format(nl=nl))
    assert kept == NT_KEPT
    assert where(log) == [(2, 29), (4, 22), (6, 37)]
    assert log[0].msg == "invalid IRI <rel>: relative IRI; only absolute IRIs are allowed here"
    assert log[1].msg.startswith("invalid escape '\\q'")
    what = "a graph label or '.'" if fmt == "nq" else "'.' at the end of the statement"
    assert log[2].msg == f"expected {what}, found end of line"
    assert [e.skipped for e in log] == [
        f"<http://ex/s> <http://ex/p> <rel> .{nl}",
        f'_:b1 <http://ex/p> "a\\qb" .{nl}',
        f'<http://ex/s> <http://ex/p> "no dot"{nl}',
    ]
    assert all(isinstance(e, ParseError) and e.filename == "<string>" for e in log)


NQ = (
    '<http://ex/s> <http://ex/p> "ok" <http://ex/g> .{nl}'  # 1
    '<http://ex/s> <http://ex/p> "x" "g" .{nl}'  # 2: a literal label, col 33
    '<http://ex/s> <http://ex/p> "y" _:g .{nl}'  # 3
    "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> <http://ex/h> .{nl}"  # 4: col 57
    "<http://ex/s> <http://ex/p> <http://ex/o> .{nl}"  # 5
    "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g>"  # 6: no '.' at the end, col 56
)


@pytest.mark.parametrize("nl", NEWLINES.values(), ids=NEWLINES.keys())
def test_nquads_golden(nl: str) -> None:
    kept, log = recover("nq", NQ.format(nl=nl))
    assert kept == [
        ("http://ex/s", "http://ex/p", '"ok"', "http://ex/g"),
        ("http://ex/s", "http://ex/p", '"y"', "_:1"),
        ("http://ex/s", "http://ex/p", "http://ex/o", "DEFAULT"),
    ]
    assert where(log) == [(2, 33), (4, 57), (6, 56)]
    assert log[0].msg == "expected a graph label or '.', found '\"g\"'"
    assert log[1].msg == "expected '.' after the graph label, found '<http://ex/h>'"
    assert log[2].msg.startswith("expected '.' after the graph label, found end of")
    assert [e.skipped for e in log] == [
        f'<http://ex/s> <http://ex/p> "x" "g" .{nl}',
        f"<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> <http://ex/h> .{nl}",
        "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g>",
    ]


def test_ntriples_every_line_bad() -> None:
    doc = "".join(f"<http://ex/s{i}> <http://ex/p> <rel{i}> .\n" for i in range(5))
    kept, log = recover("nt", doc)
    assert kept == []
    assert where(log) == [(i, 30) for i in range(1, 6)]


def test_ntriples_skipped_lines_join_to_the_rejects() -> None:
    # The valid lines and the skipped texts partition the document (no text lost or doubled).
    doc = NT.format(nl="\r\n")
    _, log = recover("nt", doc)
    skipped = "".join(e.skipped for e in log)
    rest = doc
    for text in (e.skipped for e in log):
        assert text in rest
        rest = rest.replace(text, "", 1)
    assert len(skipped) + len(rest) == len(doc)
    assert rest.count(" .") == 3  # the three kept statements, and nothing of the others


# --- Turtle -----------------------------------------------------------------------------------

TTL = (
    "@prefix : <http://ex/> .{nl}"  # 1
    "@base <http://base/> .{nl}"  # 2
    ':a :p :o1, :o2 ; :q "x" .{nl}'  # 3
    ":b :p :o1, :o2 ; :q BAD .{nl}"  # 4: col 21; none of :b's triples are kept
    ":c :p <rel> .{nl}"  # 5: base and prefix still in force
    ":d :p [ :q :r . ] .{nl}"  # 6: '.' inside [ ], col 15; the skip goes past the ']'
    ":e :p ( 1 2 ) ; :q ( 3 ] .{nl}"  # 7: col 24
    "@prefix x <http://ex/x#> .{nl}"  # 8: bad directive, col 9
    ":f :p x:y .{nl}"  # 9: so x: is undefined, col 7
    "@prefix : <http://other/> .{nl}"  # 10: a new ':' after errors
    ":g :p :h .{nl}"  # 11
    ":j :p :o1 ;{nl}"  # 12
    '    :q "bad\\z" .{nl}'  # 13: col 12, in a statement spanning two lines
    ":k :p :o"  # 14: unterminated at the end of the document, col 9
)


@pytest.mark.parametrize("nl", NEWLINES.values(), ids=NEWLINES.keys())
def test_turtle_golden(nl: str) -> None:
    kept, log = recover("ttl", TTL.format(nl=nl))
    assert kept == [
        ("http://ex/a", "http://ex/p", "http://ex/o1", "DEFAULT"),
        ("http://ex/a", "http://ex/p", "http://ex/o2", "DEFAULT"),
        ("http://ex/a", "http://ex/q", '"x"', "DEFAULT"),
        ("http://ex/c", "http://ex/p", "http://base/rel", "DEFAULT"),
        ("http://other/g", "http://other/p", "http://other/h", "DEFAULT"),
    ]
    assert where(log) == [(4, 21), (6, 15), (7, 24), (8, 9), (9, 7), (13, 12), (14, 9)]
    assert log[0].msg.startswith("expected an object (")
    assert log[0].msg.endswith("found 'BAD'")
    assert log[1].msg == "expected ',', ';' or ']' after the object :r, found '.'"
    assert log[3].msg == "expected a prefix name ending in ':', found 'x'"
    assert log[4].msg.startswith("undefined prefix 'x:'")
    assert log[5].msg.startswith("invalid escape '\\z'")
    assert log[6].msg.endswith("found end of document")
    # A Turtle statement's text runs to its '.' (several may share a line).
    assert [e.skipped for e in log] == [
        ":b :p :o1, :o2 ; :q BAD .",
        ":d :p [ :q :r . ] .",
        ":e :p ( 1 2 ) ; :q ( 3 ] .",
        "@prefix x <http://ex/x#> .",
        ":f :p x:y .",
        f':j :p :o1 ;{nl}    :q "bad\\z" .',
        ":k :p :o",
    ]


def test_turtle_statements_on_one_line() -> None:
    doc = '@prefix : <http://ex/> . :a :p 1 . :b :p "x" BAD . :c :p 2.5 . :d :p (1 . :e :p :f .\n'
    kept, log = recover("ttl", doc)
    assert kept == [
        ("http://ex/a", "http://ex/p", '"1"^^http://www.w3.org/2001/XMLSchema#integer', "DEFAULT"),
        ("http://ex/c", "http://ex/p", '"2.5"^^http://www.w3.org/2001/XMLSchema#decimal', "DEFAULT"),
    ]
    # ':d :p (1 .' opens a collection that never closes: the skip runs to the end.
    assert where(log) == [(1, 46), (1, 73)]
    assert [e.skipped for e in log] == [':b :p "x" BAD .', ":d :p (1 . :e :p :f .\n"]


@pytest.mark.parametrize("nl", NEWLINES.values(), ids=NEWLINES.keys())
def test_turtle_skip_of_an_unclosed_bracket_ends_at_the_next_statement_line(nl: str) -> None:
    # Inside brackets, a '.' ending its line ends the skip when the next line starts with a
    # term at its first column: 'ex:s ex:p ( ex:a .' took every statement after it to the
    # document's end, unreported (1 error, 0 statements of 2 and 2).
    doc = nl.join(
        [
            "@prefix ex: <http://ex/> .",
            "ex:s ex:p ( ex:a .",
            "ex:s ex:p ex:o1 .",
            "ex:s ex:p [ ex:q 1 ;",
            "    ex:r .",  # indented: the bracket's statement goes on
            "    ex:t 2 ] .",
            "ex:s ex:p ex:o2 .",
            "",
        ]
    )
    kept, log = recover("ttl", doc)
    assert kept == [
        ("http://ex/s", "http://ex/p", "http://ex/o1", "DEFAULT"),
        ("http://ex/s", "http://ex/p", "http://ex/o2", "DEFAULT"),
    ]
    assert where(log) == [(2, 18), (5, 10)]
    assert [e.skipped for e in log] == [
        "ex:s ex:p ( ex:a .",
        f"ex:s ex:p [ ex:q 1 ;{nl}    ex:r .{nl}    ex:t 2 ] .",
    ]


@pytest.mark.parametrize("nl", NEWLINES.values(), ids=NEWLINES.keys())
def test_turtle_skip_of_a_string_left_open_ends_at_its_line_end(nl: str) -> None:
    # A string unclosed on its line took the next statement with it, unreported: its error
    # (an undefined prefix) showed only once the string was mended.
    lines = ["@prefix ex: <http://ex/> .", 'ex:c ex:p "open .', "ex:d foo:bar ex:o .", "ex:e ex:p ex:o .", ""]
    kept, log = recover("ttl", nl.join(lines))
    assert kept == [("http://ex/e", "http://ex/p", "http://ex/o", "DEFAULT")]
    assert where(log) == [(2, 11), (3, 6)]
    assert log[0].msg.startswith("unterminated string")
    assert log[1].msg.startswith("undefined prefix 'foo:'")


def test_turtle_skip_passes_an_escaped_dot_in_a_local_name() -> None:
    # 'ex:a\.' ends in PN_LOCAL_ESC '\.', part of the name, not the statement's end. Skipping
    # stopped there and read '"1"^^bad:x , ex:o .' as a new statement (a made-up second error).
    doc = '@prefix ex: <http://ex/> .\nex:a\\. ex:p "1"^^bad:x , ex:o .\nex:c ex:p ex:d .\n'
    kept, log = recover("ttl", doc)
    assert kept == [("http://ex/c", "http://ex/p", "http://ex/d", "DEFAULT")]
    assert where(log) == [(2, 18)]
    assert [e.skipped for e in log] == ['ex:a\\. ex:p "1"^^bad:x , ex:o .']


def test_turtle_unterminated_long_string_at_the_end() -> None:
    doc = '@prefix : <http://ex/> .\n:a :p :b .\n:c :p """long\n. not an end .\n'
    kept, log = recover("ttl", doc)
    assert kept == [("http://ex/a", "http://ex/p", "http://ex/b", "DEFAULT")]
    assert where(log) == [(3, 7)]
    assert log[0].msg.startswith("unterminated long string")
    assert log[0].skipped == ':c :p """long\n. not an end .\n'


def test_turtle_error_in_first_statement_then_prefix() -> None:
    # Nothing declared yet: the first statement fails, the directive after it still counts.
    doc = ":a :p :o .\n@prefix : <http://ex/> .\n:b :p :o .\n"
    kept, log = recover("ttl", doc)
    assert kept == [("http://ex/b", "http://ex/p", "http://ex/o", "DEFAULT")]
    assert where(log) == [(1, 1)]


# A SPARQL-style directive ends with no '.': a bad one was skipped to the next '.', and the
# statement after it went with it, unreported. (directive, line and column of its error)
BAD_SPARQL_DIRECTIVES = [
    ("PREFIX x <http://x/>\n", 2, 8),  # no ':' after the prefix name
    ("BASE <rel>\n", 2, 6),  # relative, with no base
    ("PREFIX ex: <http://ex/ a>\n", 2, 23),  # a space in the IRI
    ("PREFIX e2:\n  # c\n <http://x/ y>\n", 4, 12),  # its words on three lines
    ("PREFIX x\n<http://y/>\n", 2, 8),  # its IRI on the next line
    ('VERSION "1.2"\n', 2, 1),  # RDF 1.2 only
    ("prefix e3: <http://x/> PREFIX x <http://y/>\n", 2, 31),  # the second on the line
    ("PREFIX x<http://y/>\n", 2, 8),  # two words with no space between
]


def read_chunked(fmt: str, doc: str, chunk_size: int) -> tuple[list[Row], list[ParseError]]:
    """``recover`` through chunks of ``chunk_size`` bytes (a chunk ends only at a line end)."""
    import io

    from rdflib_strict.formats.terms import Terms
    from rdflib_strict.formats.turtle import TurtleParser
    from rdflib_strict.syntax.chunks import ChunkReader

    log: list[ParseError] = []
    kept: list[tuple[Node, ...]] = []
    parser = TurtleParser(Terms(), None, None, trig=fmt == "trig")

    def emit(batch: list[tuple[Node, Node, Node, Any]]) -> None:
        kept.extend((s, p, o, g) for s, p, o, g in batch)

    parser.parse(ChunkReader(io.BytesIO(doc.encode()), "x", chunk_size=chunk_size), emit, log.append)
    return rows((s, p, o, None if g is parser.default else g) for s, p, o, g in kept), log


@pytest.mark.parametrize("chunk_size", [1 << 20, 1, 7])
@pytest.mark.parametrize(("directive", "line", "column"), BAD_SPARQL_DIRECTIVES)
def test_a_bad_sparql_directive_is_skipped_alone(
    directive: str, line: int, column: int, chunk_size: int
) -> None:
    doc = "PREFIX e: <http://ex/>\n" + directive + "e:a e:p e:o1 .\ne:b e:p e:o2 .\n"
    kept, log = read_chunked("ttl", doc, chunk_size)
    assert kept == [
        ("http://ex/a", "http://ex/p", "http://ex/o1", "DEFAULT"),
        ("http://ex/b", "http://ex/p", "http://ex/o2", "DEFAULT"),
    ]
    assert where(log) == [(line, column)]
    assert log[0].skipped.rstrip() == directive.rstrip().removeprefix("prefix e3: <http://x/> ")


@pytest.mark.parametrize("chunk_size", [1 << 20, 1])
def test_a_bad_sparql_directive_cut_by_a_chunks_end_is_skipped_whole(chunk_size: int) -> None:
    # In chunks of a line, the first holds "PREFIX x" alone: the IRI after it is the
    # directive's, not a subject, once the next chunk is read.
    doc = "PREFIX x\n<http://y/>\nPREFIX e: <http://ex/>\ne:a e:p e:o1 .\n"
    kept, log = read_chunked("ttl", doc, chunk_size)
    assert kept == [("http://ex/a", "http://ex/p", "http://ex/o1", "DEFAULT")]
    assert where(log) == [(1, 8)]
    assert log[0].skipped.rstrip() == "PREFIX x\n<http://y/>"


@pytest.mark.parametrize("chunk_size", [1 << 20, 1])
def test_a_sparql_directive_in_a_graph_block_is_skipped_alone(chunk_size: int) -> None:
    doc = (
        "@prefix ex: <http://ex/> .\nex:g {\n  ex:a ex:p ex:o1 .\n"
        "  PREFIX ex2: <http://ex2/>\n  ex:b ex:p ex:o2 .\n}\n"
    )
    kept, log = read_chunked("trig", doc, chunk_size)
    assert kept == [
        ("http://ex/a", "http://ex/p", "http://ex/o1", "http://ex/g"),
        ("http://ex/b", "http://ex/p", "http://ex/o2", "http://ex/g"),
    ]
    assert where(log) == [(4, 3)]
    assert log[0].msg == "directives and GRAPH may not appear inside a block"


# --- TriG -------------------------------------------------------------------------------------

TRIG = (
    "@prefix : <http://ex/> .{nl}"  # 1
    ":g {{{nl}"  # 2
    "  :a :p :o .{nl}"  # 3
    "  :b :p BAD .{nl}"  # 4: col 9, inside the block
    "  :c :p :o{nl}"  # 5: the block's last statement, no '.'
    "}}{nl}"  # 6
    '{{ :d :p :o . :e :p "x"@-bad }}{nl}'  # 7: col 24, the default graph's block
    ":h :p :o .{nl}"  # 8: a triple outside any block
    "GRAPH :g2 {{ :k :p :o }}{nl}"  # 9
    ":m :p :o ; :q"  # 10: unterminated at the end, col 14
)


@pytest.mark.parametrize("nl", NEWLINES.values(), ids=NEWLINES.keys())
def test_trig_golden(nl: str) -> None:
    kept, log = recover("trig", TRIG.format(nl=nl))
    assert kept == [
        ("http://ex/a", "http://ex/p", "http://ex/o", "http://ex/g"),
        ("http://ex/c", "http://ex/p", "http://ex/o", "http://ex/g"),
        ("http://ex/d", "http://ex/p", "http://ex/o", "DEFAULT"),
        ("http://ex/h", "http://ex/p", "http://ex/o", "DEFAULT"),
        ("http://ex/k", "http://ex/p", "http://ex/o", "http://ex/g2"),
    ]
    assert where(log) == [(4, 9), (7, 24), (10, 14)]
    assert log[1].msg == "expected a language tag after '@', found '-bad'"
    assert log[2].msg.endswith("found end of document")
    # Inside a block, a statement ends at its '.' or just before the block's '}'.
    assert [e.skipped.rstrip() for e in log] == [":b :p BAD .", ':e :p "x"@-bad', ":m :p :o ; :q"]


def test_trig_unclosed_block_at_the_end() -> None:
    doc = "@prefix : <http://ex/> .\n:g { :a :p :o . :b :p BAD .\n"
    kept, log = recover("trig", doc)
    assert kept == [("http://ex/a", "http://ex/p", "http://ex/o", "http://ex/g")]
    assert where(log) == [(2, 23), (2, 28)]
    assert log[1].msg == "expected '}' to close the graph block, found end of document"


# --- Graph.parse ------------------------------------------------------------------------------

OLD = (URIRef(EX + "old"), URIRef(EX + "p"), Literal("kept"))


@pytest.mark.parametrize(
    ("fmt", "doc", "n_kept", "n_errors"),
    [
        ("strict-nt", NT.format(nl="\n"), 3, 3),
        ("strict-nq", NT.format(nl="\r"), 3, 3),
        ("strict-turtle", TTL.format(nl="\r\n"), 5, 7),
        ("strict-trig", TRIG.format(nl="\n").replace(":g {", "{").replace("GRAPH :g2 ", ""), 5, 3),
    ],
)
def test_graph_parse_on_error_keeps_old_and_valid_statements(
    fmt: str, doc: str, n_kept: int, n_errors: int
) -> None:
    g = Graph()
    g.add(OLD)
    log: list[ParseError] = []
    g.parse(data=doc, format=fmt, on_error=log.append)
    assert OLD in g
    assert len(g) == 1 + n_kept
    assert len(log) == n_errors
    assert all(isinstance(e, ParseError) and e.skipped for e in log)


def test_graph_parse_ntriples_exact() -> None:
    g = Graph()
    log: list[ParseError] = []
    g.parse(data=NT.format(nl="\n"), format="strict-nt", on_error=log.append)
    assert sorted(rows((s, p, o, None) for s, p, o in g)) == sorted(NT_KEPT)
    assert where(log) == [(2, 29), (4, 22), (6, 37)]


def test_dataset_parse_quads_and_trig() -> None:
    ds = Dataset()
    log: list[ParseError] = []
    ds.parse(data=NQ.format(nl="\n"), format="strict-nq", on_error=log.append)
    quads = {(str(s), str(o), str(g)) for s, _, o, g in ds.quads() if not isinstance(g, BNode)}
    assert (EX + "s", "ok", EX + "g") in quads
    assert len(list(ds.quads())) == 3
    assert where(log) == [(2, 33), (4, 57), (6, 56)]

    ds = Dataset()
    log = []
    ds.parse(data=TRIG.format(nl="\n"), format="strict-trig", on_error=log.append)
    assert len(list(ds.quads())) == 5
    assert {str(g) for *_, g in ds.quads()} >= {EX + "g", EX + "g2"}
    assert len(log) == 3


@pytest.mark.parametrize(
    ("fmt", "doc"),
    [
        ("strict-nt", NT.format(nl="\n")),
        ("strict-nq", NQ.format(nl="\n").replace(" <http://ex/g> .", " .").replace(" _:g .", " .")),
        ("strict-turtle", TTL.format(nl="\n")),
        ("strict-trig", "@prefix : <http://ex/> .\n{ :a :p :o . :b :p BAD }\n"),
    ],
)
def test_graph_parse_without_on_error_raises_and_leaves_the_graph(fmt: str, doc: str) -> None:
    g = Graph()
    g.add(OLD)
    with pytest.raises(ParseError):
        g.parse(data=doc, format=fmt)
    assert set(g) == {OLD}


@pytest.mark.parametrize("value", [42, "log", [], object()])
def test_graph_parse_on_error_not_callable(value: Any) -> None:
    g = Graph()
    g.add(OLD)
    with pytest.raises(TypeError, match="on_error"):
        g.parse(data="<http://ex/a> <http://ex/b> <http://ex/c> .\n", format="strict-nt", on_error=value)
    assert set(g) == {OLD}


@pytest.mark.parametrize(
    "doc", ["<http://ex/a> <http://ex/b> <http://ex/c> .\n", "<rel> <http://ex/b> <http://ex/c> .\n"]
)
def test_iterparse_on_error_not_callable(doc: str) -> None:
    # As Graph.parse does: refused up front, with or without a bad statement in the input.
    with pytest.raises(TypeError, match="on_error"):
        list(rdflib_strict.iterparse(data=doc, format="nt", on_error=42))  # type: ignore[arg-type]


def test_on_error_may_raise_to_stop() -> None:
    # An exception from the callback ends the parse, and Graph.parse leaves the graph as it was.
    class Stop(Exception):
        pass

    def stop(e: ParseError) -> None:
        raise Stop(e.lineno)

    g = Graph()
    g.add(OLD)
    with pytest.raises(Stop):
        g.parse(data=NT.format(nl="\n"), format="strict-nt", on_error=stop)
    assert set(g) == {OLD}


# --- property: one garbage line, everything else recovered ------------------------------------

_IRI = st.sampled_from(
    [EX + "s", EX + "p", EX + "\u00e9", EX + "a%20b", "urn:x:y", EX + "\U0001f600", "http://[::1]/x"]
)
_LEX = st.text(st.characters(blacklist_categories=["Cs"], max_codepoint=0x1F700), max_size=6)
_LANG = st.sampled_from(["en", "en-US", "de-CH-1901", "zh-Hant"])
_DT = st.sampled_from(["http://www.w3.org/2001/XMLSchema#integer", EX + "dt"])
_LABEL = st.sampled_from(["b1", "b2", "x.y", "_z"])


def _nt_iri(iri: str, escape: bool) -> str:
    return "<" + ("".join(f"\\u{ord(c):04X}" if c in "sy" else c for c in iri) if escape else iri) + ">"


def _nt_string(text: str) -> str:
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "x":
            out.append("\\u0078")
        elif ord(c) > 0xFFFF:
            out.append(f"\\U{ord(c):08X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _subject(escape: bool) -> st.SearchStrategy[str]:
    return _IRI.map(lambda i: _nt_iri(i, escape)) | _LABEL.map(lambda b: "_:" + b)


# Built once for each escape (a strategy built for every draw is validated anew).
_SUBJECTS = {escape: _subject(escape) for escape in (False, True)}


@st.composite
def nt_line(draw: st.DrawFn) -> str:
    escape = draw(st.booleans())
    s = draw(_SUBJECTS[escape])
    p = _nt_iri(draw(_IRI), escape)
    kind = draw(st.integers(0, 4))
    if kind == 0:
        o = _nt_iri(draw(_IRI), escape)
    elif kind == 1:
        o = "_:" + draw(_LABEL)
    elif kind == 2:
        o = _nt_string(draw(_LEX)) + "@" + draw(_LANG)
    elif kind == 3:
        o = _nt_string(draw(_LEX)) + "^^" + _nt_iri(draw(_DT), escape)
    else:
        o = _nt_string(draw(_LEX))
    return f"{s} {p} {o} ."


_GARBAGE = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(list('x".>^@;{-')),
    st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=["Cs"]), max_size=30),
)


def _truncated(line: str, cut: int) -> str:
    # Never empty and never ending in a '.': '<s> <p> _:x.y .' cut after '_:x.' is a whole
    # statement (the label cannot end in '.'), not garbage.
    return line[: max(1, min(cut, len(line) - 2))].rstrip(".")


def ox_rows(doc: str) -> set[Row]:
    out = set()
    for q in ox.parse(doc.encode(), format=ox.RdfFormat.N_TRIPLES):
        out.add(tuple(_ox_key(t) for t in (q.subject, q.predicate, q.object)))
    return out


def _ox_key(t: Any) -> str:
    if isinstance(t, ox.BlankNode):
        return "_:" + t.value
    if isinstance(t, ox.Literal):
        if t.language:
            return f'"{t.value}"@{t.language.lower()}'
        dt = t.datatype.value
        return f'"{t.value}"' if dt == "http://www.w3.org/2001/XMLSchema#string" else f'"{t.value}"^^{dt}'
    return t.value


def rdflib_rows(g: Graph, bnodes: dict[str, BNode]) -> set[Row]:
    labels = {node: "_:" + label for label, node in bnodes.items()}

    def key(t: Node) -> str:
        if isinstance(t, BNode):
            return labels[t]
        if isinstance(t, Literal):
            if t.language:
                return f'"{t}"@{t.language.lower()}'
            return f'"{t}"' if t.datatype is None else f'"{t}"^^{t.datatype}'
        return str(t)

    return {(key(s), key(p), key(o)) for s, p, o in g}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(nt_line(), min_size=1, max_size=12),
    ends=st.lists(st.sampled_from(list(NEWLINES.values())), min_size=12, max_size=12),
    data=st.data(),
)
def test_one_garbage_line_loses_only_that_line(
    lines: list[str], ends: list[str], data: st.DataObject
) -> None:
    k = data.draw(st.integers(0, len(lines) - 1), label="bad line")
    garbage = data.draw(
        _GARBAGE
        | st.integers(1, 200).map(lambda cut: _truncated(lines[k], cut))
        | st.just("<rel> " + lines[k].split(" ", 1)[1]),
        label="garbage",
    )
    good = [line + end for line, end in zip(lines, ends, strict=False)]
    mutant = good.copy()
    mutant[k] = garbage + ends[k]
    if k == len(lines) - 1 and data.draw(st.booleans(), label="no final line end"):
        mutant[k] = garbage

    g = Graph()
    bnodes: dict[str, BNode] = {}
    log: list[ParseError] = []
    g.parse(data="".join(mutant), format="strict-nt", on_error=log.append, bnode_context=bnodes)

    assert rdflib_rows(g, bnodes) == ox_rows("".join(good[:k] + good[k + 1 :]))
    assert [(e.lineno, e.skipped) for e in log] == [(k + 1, mutant[k])]


# --- convert --skip-invalid / --rejects --------------------------------------------------------


CONVERT_NT = (
    '<http://ex/a> <http://ex/p> "1" .\n'
    "bad line\n"
    "<http://ex/b> <http://ex/p> <rel> .\r\n"
    '<http://ex/c> <http://ex/p> "3" .\n'
    '<http://ex/d> <http://ex/p> "no end"'
)


def test_convert_skip_invalid_rejects_golden(tmp_path: Path) -> None:
    (tmp_path / "in.nt").write_text(CONVERT_NT, encoding="utf-8", newline="")
    out = run_cli(
        ["convert", "in.nt", "--to", "nt", "-o", "out.nt", "--skip-invalid", "--rejects", "rej.nt"],
        cwd=tmp_path,
    )
    assert out.returncode == 1
    assert (tmp_path / "out.nt").read_text(encoding="utf-8") == (
        '<http://ex/a> <http://ex/p> "1" .\n<http://ex/c> <http://ex/p> "3" .\n'
    )
    assert (tmp_path / "rej.nt").read_bytes().decode() == (
        "# in.nt:2:1: expected a subject (an IRI or a blank node), found 'bad'\n"
        "bad line\n"
        "# in.nt:3:29: invalid IRI <rel>: relative IRI; only absolute IRIs are allowed here\n"
        "<http://ex/b> <http://ex/p> <rel> .\r\n"
        "# in.nt:5:37: expected '.' at the end of the statement, found end of document\n"
        '<http://ex/d> <http://ex/p> "no end"\n'
    )
    err = out.stderr.splitlines()
    assert err[:3] == [
        "skipped in.nt:2:1: expected a subject (an IRI or a blank node), found 'bad'",
        "skipped in.nt:3:29: invalid IRI <rel>: relative IRI; only absolute IRIs are allowed here",
        "skipped in.nt:5:37: expected '.' at the end of the statement, found end of document",
    ]
    assert err[3].startswith("2 statements converted, 3 bad statements skipped (written to rej.nt) in ")
    assert "Traceback" not in out.stderr


def test_convert_rejects_can_be_fixed_and_converted_again(tmp_path: Path) -> None:
    (tmp_path / "in.nt").write_text(CONVERT_NT, encoding="utf-8", newline="")
    run_cli(
        ["convert", "in.nt", "--to", "nt", "-o", "out.nt", "--skip-invalid", "--rejects", "rej.nt"],
        cwd=tmp_path,
    )
    rejects = (tmp_path / "rej.nt").read_bytes().decode()
    fixed = (
        rejects.replace("bad line", "<http://ex/x> <http://ex/p> <http://ex/y> .")
        .replace("<rel>", "<http://ex/rel>")
        .replace('"no end"', '"no end" .')
    )
    (tmp_path / "fixed.nt").write_text(fixed, encoding="utf-8", newline="")
    out = run_cli(["convert", "fixed.nt", "--to", "nt", "-o", "again.nt", "--skip-invalid"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "again.nt").read_text(encoding="utf-8") == (
        "<http://ex/x> <http://ex/p> <http://ex/y> .\n"
        "<http://ex/b> <http://ex/p> <http://ex/rel> .\n"
        '<http://ex/d> <http://ex/p> "no end" .\n'
    )
    assert "3 statements converted, 0 bad statements skipped in " in out.stderr


def test_rejects_comment_is_bounded_and_the_statement_whole(tmp_path: Path) -> None:
    """The rejects file is there to be fixed and converted again: a skipped statement is
    written whole, however long (it is data); the ``# SOURCE:LINE:COL: message`` line above
    it, and the ``skipped`` line on stderr, quote its 1 MB IRI by its two ends."""
    big = "a" * 1_000_000
    bad = f"<http://ex/s> <http://ex/p> <{big}> .\n"
    doc = f'<http://ex/a> <http://ex/p> "1" .\n{bad}<http://ex/c> <http://ex/p> "3" .\n'
    (tmp_path / "in.nt").write_text(doc, encoding="utf-8")
    out = run_cli(
        ["convert", "in.nt", "--to", "nt", "-o", "out.nt", "--skip-invalid", "--rejects", "rej.nt"],
        cwd=tmp_path,
    )
    assert out.returncode == 1
    comment, statement, end = (tmp_path / "rej.nt").read_text(encoding="utf-8").split("\n")
    assert statement + "\n" == bad and end == ""
    assert len(comment) < 600, len(comment)
    assert comment.startswith("# in.nt:2:29: invalid IRI <aaaa") and "..." in comment
    assert comment.endswith("aaaa>: relative IRI; only absolute IRIs are allowed here")
    skipped = out.stderr.splitlines()[0]
    assert skipped == "skipped " + comment[2:]


TTL_CONVERT = "@prefix : <http://ex/> .\n:a :p :o1 .\n:b :p BAD, :o2 .\n:c :p :o3 .\n"


def test_convert_turtle_rejects_golden(tmp_path: Path) -> None:
    (tmp_path / "in.ttl").write_text(TTL_CONVERT, encoding="utf-8")
    out = run_cli(["convert", "in.ttl", "--to", "nt", "--skip-invalid", "--rejects", "rej.ttl"], cwd=tmp_path)
    assert out.returncode == 1
    assert (
        out.stdout
        == "<http://ex/a> <http://ex/p> <http://ex/o1> .\n<http://ex/c> <http://ex/p> <http://ex/o3> .\n"
    )
    rejects = (tmp_path / "rej.ttl").read_text(encoding="utf-8").split("\n")
    # The directives in force first (the base is the input's own location), then the error.
    assert rejects[:2] == [f"@base <{(tmp_path / 'in.ttl').as_uri()}> .", "@prefix : <http://ex/> ."]
    assert rejects[2].startswith("# in.ttl:3:7: expected an object (")
    assert rejects[3:] == [":b :p BAD, :o2 .", ""]


def test_convert_turtle_rejects_can_be_fixed_and_converted_again(tmp_path: Path) -> None:
    # A rejected Turtle statement uses the document's prefixes: fixed, it should convert again.
    (tmp_path / "in.ttl").write_text(TTL_CONVERT, encoding="utf-8")
    run_cli(["convert", "in.ttl", "--to", "nt", "--skip-invalid", "--rejects", "rej.ttl"], cwd=tmp_path)
    fixed = (tmp_path / "rej.ttl").read_text(encoding="utf-8").replace("BAD", ":ok")
    (tmp_path / "fixed.ttl").write_text(fixed, encoding="utf-8")
    out = run_cli(["convert", "fixed.ttl", "--to", "nt"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert set(out.stdout.splitlines()) == {
        "<http://ex/b> <http://ex/p> <http://ex/ok> .",
        "<http://ex/b> <http://ex/p> <http://ex/o2> .",
    }


def test_convert_skip_invalid_on_a_valid_file_exits_0(tmp_path: Path) -> None:
    (tmp_path / "in.nt").write_text('<http://ex/a> <http://ex/p> "1" .\n', encoding="utf-8")
    out = run_cli(["convert", "in.nt", "--to", "nq", "--skip-invalid", "--rejects", "rej.nt"], cwd=tmp_path)
    assert out.returncode == 0
    assert out.stdout == '<http://ex/a> <http://ex/p> "1" .\n'
    assert (tmp_path / "rej.nt").read_text(encoding="utf-8") == ""
    assert "1 statement converted, 0 bad statements skipped in " in out.stderr


def test_convert_without_skip_invalid_fails_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "in.nt").write_text(CONVERT_NT, encoding="utf-8", newline="")
    out = run_cli(["convert", "in.nt", "--to", "nt", "-o", "out.nt"], cwd=tmp_path)
    assert out.returncode == 1
    assert "in.nt:2:1: expected a subject" in out.stderr
    assert not (tmp_path / "out.nt").exists()


def test_convert_rejects_needs_skip_invalid(tmp_path: Path) -> None:
    (tmp_path / "in.nt").write_text(CONVERT_NT, encoding="utf-8", newline="")
    out = run_cli(["convert", "in.nt", "--to", "nt", "--rejects", "rej.nt"], cwd=tmp_path)
    assert out.returncode == 2
    assert "--rejects needs --skip-invalid" in out.stderr
    assert not (tmp_path / "rej.nt").exists()


@pytest.mark.parametrize("target", ["ttl", "trig"])
def test_convert_skip_invalid_to_pretty_formats(tmp_path: Path, target: str) -> None:
    (tmp_path / "in.nt").write_text(CONVERT_NT, encoding="utf-8", newline="")
    out = run_cli(["convert", "in.nt", "--to", target, "-o", f"out.{target}", "--skip-invalid"], cwd=tmp_path)
    assert out.returncode == 1
    kept = Graph().parse(
        tmp_path / f"out.{target}", format="strict-trig" if target == "trig" else "strict-turtle"
    )
    assert {(str(s), str(o)) for s, _, o in kept} == {(EX + "a", "1"), (EX + "c", "3")}
    assert "2 statements converted, 3 bad statements skipped in " in out.stderr


@pytest.mark.parametrize("fmt", ["nt", "ttl"])
def test_many_errors_in_one_chunk_count_its_line_ends_once(fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each error's line number was counted from the chunk's start: 2,000 errors in a chunk
    # read it 2,000 times (24 s for 8,600 bad lines of a schema.org-sized file).
    from rdflib_strict.syntax import errors

    scanned = 0
    count = errors.count_line_ends

    def counting(src: str, start: int = 0, end: int | None = None) -> int:
        nonlocal scanned
        scanned += (len(src) if end is None else end) - start
        return count(src, start, end)

    monkeypatch.setattr(errors, "count_line_ends", counting)
    good, bad = f"<{EX}s> <{EX}p> <{EX}o> .\n", f"<{EX}s> <{EX}p> <rel> .\n"
    doc = "".join(bad if i % 2 else good for i in range(4000))
    found: list[ParseError] = []
    list(rdflib_strict.iterparse(data=doc, format=fmt, on_error=found.append))
    assert [e.lineno for e in found] == list(range(2, 4001, 2))
    assert scanned < 2 * len(doc)
