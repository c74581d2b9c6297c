"""RDF 1.2 in N-Triples and N-Quads, asked for with ``version="1.2"`` (or ``"1.2-basic"``):
the two new kinds of term, the keyword on every face, the syntax and its errors, the writers.

The W3C suites run in tests/test_w3c.py; the differential tests against pyoxigraph on
generated documents in tests/test_rdf12_compare.py.
"""

from __future__ import annotations

import io
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from clirun import run_cli
from locations import readme_example
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.term import Node
from w3c import assert_same_graph, oxigraph_graph, parsed

from rdflib_strict import (
    DirLangLiteral,
    ErrorKind,
    ParseError,
    SerializeError,
    SourceMap,
    TripleTerm,
    iterparse,
    parallel,
)
from rdflib_strict.edge.readers import make_converter, make_parser, make_validator
from rdflib_strict.edge.source import open_source
from rdflib_strict.formats.lines import LineParser
from rdflib_strict.syntax.version import RdfVersion

EX = "http://example/"
S, P, O = URIRef(EX + "s"), URIRef(EX + "p"), URIRef(EX + "o")  # noqa: E741
REIFIES = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies")
ASKS = ('version="1.2"', "--rdf-version 1.2")

#: Every RDF 1.2 form of the line formats in one document: a VERSION line, a nested triple
#: term holding a blank node that is also a subject, directional strings.
DOC12 = (
    'VERSION "1.2"\n'
    f'<{EX}r> <{REIFIES}> <<( _:b <{EX}p> <<( <{EX}s> <{EX}q> "x"@en--rtl )>> )>> .\n'
    f'_:b <{EX}p> "hello"@en-GB--ltr .\n'
)


def nt(data: str, version: str | None = None) -> Graph:
    kw = {} if version is None else {"version": version}
    return Graph().parse(data=data, format="strict-ntriples", **kw)


def nq(data: str, version: str | None = None) -> Dataset:
    kw = {} if version is None else {"version": version}
    return parsed(Dataset(), data=data, format="strict-nquads", **kw)


def error(data: str, version: str | None = None, quads: bool = False) -> ParseError:
    with pytest.raises(ParseError) as info:
        (nq if quads else nt)(data, version)
    return info.value


# --- the terms ----------------------------------------------------------------------------------


def test_triple_term_parts_equality_hash_and_n3() -> None:
    t = TripleTerm(S, P, Literal("o"))
    assert (t.subject, t.predicate, t.object) == (S, P, Literal("o"))
    same = TripleTerm(URIRef(EX + "s"), URIRef(EX + "p"), Literal("o"))
    assert t == same and hash(t) == hash(same) and not t != same
    assert t != TripleTerm(S, P, Literal("o", lang="en")) and t != S and t != str(t)
    nested = TripleTerm(BNode("b"), P, t)
    assert nested.n3() == f'<<( _:b <{EX}p> <<( <{EX}s> <{EX}p> "o" )>> )>>'
    assert nested == TripleTerm(BNode("b"), P, same) and nested != TripleTerm(BNode("c"), P, same)


@pytest.mark.parametrize(
    ("s", "p", "o"),
    [
        (Literal("s"), P, O),  # a literal subject
        (TripleTerm(S, P, O), P, O),  # a triple term subject (RDF 1.2: objects only)
        (S, BNode("p"), O),  # a blank node predicate
        (S, Literal("p"), O),
        (S, P, "o"),  # not a term
    ],
)
def test_triple_term_checks_positions(s: Any, p: Any, o: Any) -> None:
    with pytest.raises(TypeError):
        TripleTerm(s, p, o)


def test_triple_term_is_immutable_picklable_and_a_graph_object() -> None:
    t = TripleTerm(BNode("b"), P, TripleTerm(S, P, DirLangLiteral("x", lang="ar", direction="rtl")))
    with pytest.raises(AttributeError):
        t.subject = S  # type: ignore[misc]
    with pytest.raises(AttributeError):
        t._object = O  # type: ignore[misc]
    back = pickle.loads(pickle.dumps(t))
    assert back == t and hash(back) == hash(t) and type(back.object.object) is DirLangLiteral
    g = Graph()
    g.add((S, REIFIES, t))
    g.add((S, REIFIES, pickle.loads(pickle.dumps(t))))
    assert len(g) == 1 and (S, REIFIES, back) in g
    assert list(g.subjects(REIFIES, back)) == [S]


def test_deep_nesting_needs_no_recursion() -> None:
    """A triple term nested 20,000 deep (far past Python's recursion limit) is read, compared,
    hashed and written back in loops."""
    depth = 20_000
    line = f"<{EX}s> <{EX}p> " + f"<<( <{EX}s> <{EX}p> " * depth + f"<{EX}o>" + " )>>" * depth + " .\n"
    (t,) = nt(line, "1.2").objects()
    again = nt(line, "1.2")
    assert t == next(iter(again.objects())) and hash(t) == hash(next(iter(again.objects())))
    assert again.serialize(format="strict-ntriples", version="1.2") == line
    assert t.n3() == line[len(f"<{EX}s> <{EX}p> ") : -3]


def test_rdflibs_own_triple_term_is_used_when_it_has_one() -> None:
    """If the installed rdflib has a TripleTerm (RDFLib/rdflib#3525), ours is that class."""
    code = (
        "import rdflib.term\n"
        "class TripleTerm(rdflib.term.Node):\n"
        "    pass\n"
        "rdflib.term.TripleTerm = TripleTerm\n"
        "import rdflib_strict\n"
        "from rdflib_strict.formats import lines, write_terms\n"
        "assert rdflib_strict.TripleTerm is TripleTerm is lines.TripleTerm is write_terms.TripleTerm\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_directional_literal() -> None:
    ltr = DirLangLiteral("x", lang="en", direction="ltr")
    assert ltr.language == "en" and ltr.direction == "ltr" and ltr.datatype is None
    assert ltr != Literal("x", lang="en") and Literal("x", lang="en") != ltr
    assert ltr != DirLangLiteral("x", lang="en", direction="rtl")
    assert ltr == DirLangLiteral("x", lang="EN", direction="ltr")  # tags compare ignoring case
    assert ltr.n3() == '"x"@en--ltr'
    assert repr(ltr) == "DirLangLiteral('x', lang='en', direction='ltr')"
    back = pickle.loads(pickle.dumps(ltr))
    assert type(back) is DirLangLiteral and back == ltr and back.direction == "ltr"
    g = Graph()
    for o in (ltr, Literal("x", lang="en"), DirLangLiteral("x", lang="en", direction="rtl"), back):
        g.add((S, P, o))
    assert len(g) == 3  # rdflib's Memory store keeps each apart, and the equal ones together
    assert (S, P, Literal("x", lang="en")) in g and (S, P, back) in g


@pytest.mark.parametrize(
    ("kw", "error"),
    [
        ({"lang": "en", "direction": "LTR"}, ValueError),
        ({"lang": "en", "direction": "auto"}, ValueError),
        ({"direction": "ltr"}, ValueError),  # no tag
        ({"lang": "en", "direction": "ltr", "datatype": O}, TypeError),
    ],
)
def test_directional_literal_checks(kw: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        DirLangLiteral("x", **kw)


# --- the keyword ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["1.3", "1.2-BASIC", 1.2, "RDF 1.2"])
def test_an_unknown_version_is_refused_everywhere(bad: Any) -> None:
    with pytest.raises(ValueError, match=r"1\.2-basic"):
        nt("", bad)
    with pytest.raises(ValueError, match=r"1\.2-basic"):
        list(iterparse(data="", format="nt", version=bad))
    with pytest.raises(ValueError, match=r"1\.2-basic"):
        Graph().serialize(format="strict-ntriples", version=bad)


def test_rdf11_is_the_default_and_names_the_keyword() -> None:
    for data in (DOC12, DOC12.split("\n", 1)[1], DOC12.split("\n")[2]):
        for version in (None, "1.1"):
            for quads in (False, True):
                e = error(data, version, quads)
                assert e.kind == ErrorKind.NOT_RDF11 and all(ask in e.msg for ask in ASKS), e


def test_rdf12_reads_every_form() -> None:
    g = nt(DOC12, "1.2")
    (b,) = g.subjects(P, None)
    assert isinstance(b, BNode)
    inner = TripleTerm(S, URIRef(EX + "q"), DirLangLiteral("x", lang="en", direction="rtl"))
    assert set(g) == {
        (URIRef(EX + "r"), REIFIES, TripleTerm(b, P, inner)),  # the same _:b inside and outside
        (b, P, DirLangLiteral("hello", lang="en-GB", direction="ltr")),
    }
    assert_same_graph(g, oxigraph_graph(DOC12.split("\n", 1)[1].encode(), "nt"))
    ds = nq(DOC12.replace(" .\n", f" <{EX}g> .\n"), "1.2")
    assert {s for s, _, _, _ in ds.quads()} == {
        URIRef(EX + "r"),
        next(iter(ds.graph(URIRef(EX + "g")).subjects(P))),
    }


def test_rdf12_basic_has_directions_but_no_triple_terms() -> None:
    g = nt('VERSION "1.2-basic"\n' + DOC12.split("\n")[2], "1.2-basic")
    assert len(g) == 1
    e = error(DOC12, "1.2-basic")
    assert e.kind == ErrorKind.NOT_RDF12_BASIC and "RDF 1.2 Basic" in e.msg and 'version="1.2"' in e.msg
    at = DOC12.split("\n")[1].index("<<(") + 1
    assert (e.lineno, e.colno, e.end_offset) == (2, at, at + 3)


@pytest.mark.parametrize(
    ("data", "kind", "words", "column"),
    [
        (
            f"<<( <{EX}s> <{EX}p> <{EX}o> )>> <{EX}p> <{EX}o> .",
            ErrorKind.MISPLACED_TERM,
            "cannot be a subject",
            1,
        ),
        (
            f"<{EX}s> <<( <{EX}s> <{EX}p> <{EX}o> )>> <{EX}o> .",
            ErrorKind.MISPLACED_TERM,
            "cannot be a predicate",
            20,
        ),
        (
            f"<{EX}s> <{EX}p> <<( <<( <{EX}s> <{EX}p> <{EX}o> )>> <{EX}p> <{EX}o> )>> .",
            ErrorKind.MISPLACED_TERM,
            "subject",
            43,
        ),
        (f"<{EX}s> <{EX}p> << <{EX}s> <{EX}p> <{EX}o> >> .", ErrorKind.SYNTAX, "reified triples", 39),
        (f"<{EX}s> <{EX}p> <<( <{EX}s> <{EX}p> <{EX}o> >> .", ErrorKind.SYNTAX, "')>>'", 100),
        (
            f'<{EX}s> <{EX}p> <<( "s" <{EX}p> <{EX}o> )>> .',
            ErrorKind.MISPLACED_TERM,
            "literal cannot be the subject",
            43,
        ),
        (f'<{EX}s> <{EX}p> "x"@en--LTR .', ErrorKind.INVALID_LANGUAGE_TAG, "'--LTR'", 45),
        (f'<{EX}s> <{EX}p> "x"@en-- .', ErrorKind.INVALID_LANGUAGE_TAG, "'--'", 45),
        (f'<{EX}s> <{EX}p> "x"@cantbethislong--ltr .', ErrorKind.INVALID_LANGUAGE_TAG, "cantbethislong", 42),
        ("VERSION '1.2'", ErrorKind.SYNTAX, "version string", 9),
        ('VERSION "1.2" .', ErrorKind.SYNTAX, "end of the line", 15),
        ('VERSION """1.2"""', ErrorKind.SYNTAX, "end of the line", 11),
        ('version "1.2"', ErrorKind.SYNTAX, "subject", 1),  # the keyword is case-sensitive
        ('VERSION "1\\q"', ErrorKind.INVALID_ESCAPE, "escape", 11),
    ],
)
def test_rdf12_errors(data: str, kind: ErrorKind, words: str, column: int) -> None:
    for quads in (False, True):
        e = error(data, "1.2", quads)
        assert (e.kind, e.colno) == (kind, column) and words in e.msg, e


def test_rdf12_triple_term_cannot_name_a_graph() -> None:
    e = error(f"<{EX}s> <{EX}p> <{EX}o> <<( <{EX}s> <{EX}p> <{EX}o> )>> .", "1.2", quads=True)
    assert e.kind == ErrorKind.MISPLACED_TERM and "graph label" in e.msg


@pytest.mark.parametrize(
    "data",
    ['VERSION "1.2"', 'VERSION "1.2" # a comment\n', '  VERSION\t"anything"  \r\n', 'VERSION"1.2"\n'],
)
def test_version_lines(data: str) -> None:
    assert len(nt(data + f"<{EX}s> <{EX}p> <{EX}o> .\n" if data.endswith("\n") else data, "1.2")) in (0, 1)
    assert error(data).kind == ErrorKind.NOT_RDF11


TTL = "PREFIX : <http://example/>\n"


def ttl(data: str, version: str | None = "1.2", **kw: Any) -> Graph:
    return Graph().parse(data=TTL + data, format="strict-turtle", **({"version": version} | kw))


@pytest.mark.parametrize(
    ("data", "form", "column"),
    [
        (":s :p <<( :a :b :c )>> .", "triple terms ('<<( ... )>>')", 7),
        (":s :p << :a :b :c >> .", "reified triples ('<< ... >>')", 7),
        ("<< :a :b :c >> .", "reified triples ('<< ... >>')", 1),
        (":s :p :o ~ :r .", "reifiers ('~')", 10),
        (":s :p :o {| :q :r |} .", "annotations ('{| ... |}')", 10),
    ],
)
def test_turtle_forms_need_full_rdf12(data: str, form: str, column: int) -> None:
    """Each form standing for triple terms: read as RDF 1.2; refused, named, as RDF 1.1 and as
    RDF 1.2 Basic (which has no triple terms), where it starts."""
    assert len(ttl(data)) >= 1
    for version, kind in (("1.1", ErrorKind.NOT_RDF11), ("1.2-basic", ErrorKind.NOT_RDF12_BASIC)):
        with pytest.raises(ParseError) as info:
            ttl(data, version)
        e = info.value
        assert (e.kind, e.lineno, e.colno) == (kind, 2, column) and form in e.msg and 'version="1.2"' in e.msg
    basic = ttl('VERSION "1.2-basic"\n@version \'1.2\' .\n:s :p "x"@en--rtl .', "1.2-basic")
    assert basic.value(S, P) == DirLangLiteral("x", lang="en", direction="rtl")


def test_turtle_reifiers_and_blocks_map_as_the_spec_says() -> None:
    """Written out by hand from the RDF 1.2 Turtle draft's mapping: a block takes the reifier
    just before it, else a new blank node; '~' alone and '~ []' are new blank nodes."""
    g = ttl(":s :p :o ~ :r1 ~ :r2 {| :q 1 |} {| :q 2 |} ~ ~ [] .")
    t = TripleTerm(S, P, O)
    reifiers = set(g.subjects(REIFIES, t))
    assert len(g) == 1 + 5 + 2 and (S, P, O) in g and len(reifiers) == 5
    assert {URIRef(EX + "r1"), URIRef(EX + "r2")} < reifiers
    one, two = (next(g.subjects(URIRef(EX + "q"), Literal(n))) for n in (1, 2))
    assert one == URIRef(EX + "r2") and isinstance(two, BNode) and two in reifiers
    nested = ttl("<< << :s :p :o >> :q <<( _:b :p :o )>> ~ _:b >> :z 1 .")
    b = next(nested.subjects(URIRef(EX + "z")))
    inner = nested.value(b, REIFIES)
    assert isinstance(b, BNode) and inner.object == TripleTerm(b, P, O)  # _:b is one node
    assert nested.value(inner.subject, REIFIES) == t


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("<<( :a :b :c )>> :p :o .", "a triple term cannot be a subject"),
        (":s :p << :a :b [ :c :d ] >> .", "only '[]'"),
        (":s :p << :a :b ( :c ) >> .", "a collection cannot be inside"),
        (":s :p <<( :a :b << :c :d :e >> )>> .", "an object (a reified triple is not one)"),
        (":s :p :o {| |} .", "expected a predicate"),
        (":s :p :o |} .", "unbalanced '|}'"),
        (":s :p :o {| :a :b . |} .", "expected ',', ';' or '|}'"),
        ('VERSION """1.2"""', "a version string in quotes"),
        (':s :p "x"@en--LTR .', "invalid base direction '--LTR'"),
    ],
)
def test_turtle_rdf12_errors(data: str, words: str) -> None:
    with pytest.raises(ParseError, match=re.escape(words)):
        ttl(data)


def test_turtle_deep_nesting_needs_no_recursion() -> None:
    n = 5000
    subject = "<< " * n + ":s :p :o" + " >> :p :o" * (n - 1) + " >>"
    assert len(ttl(f"{subject} .")) == n
    blocks = ":s :p :o" + " {| :p :o" * n + " |}" * n + " ."
    assert len(ttl(blocks)) == 1 + 2 * n


def test_turtle_rdf12_everywhere() -> None:
    """iterparse, skip-and-report (a bad annotation in a TriG block), the validator and
    positions on RDF 1.2 Turtle and TriG."""
    doc = TTL + ":g { :s :p :o {| :q :r |} .\n :s :p :o {| . |} .\n << :s :p :o ~ :x >> :q 1 }\n"
    skipped: list[ParseError] = []
    got = list(iterparse(data=doc, format="trig", version="1.2", on_error=skipped.append))
    assert len(got) == 5 and all(q[3] == URIRef(EX + "g") for q in got)
    assert [(e.lineno, e.skipped) for e in skipped] == [(3, ":s :p :o {| . |} .")]
    with open_source(data=doc) as opened:
        validator = make_validator("trig", version=RdfVersion.RDF12)
        assert validator.check(opened.reader, lambda e: None) == 5
    placed = list(iterparse(data=TTL + ":s :p :o ~ :x .", format="turtle", version="1.2", positions=True))
    assert [(q[1], q[4].column, q[4].end_column) for q in placed] == [(P, 1, 9), (REIFIES, 10, 14)]


@pytest.mark.parametrize(
    ("line", "spans"),
    [
        # Each statement in parse order: its predicate, the text of its span, of its object's.
        (
            ":s :p <<( :a :b <<( :c :d :e )>> )>> .",
            [("p", ":s :p <<( :a :b <<( :c :d :e )>> )>>", "<<( :a :b <<( :c :d :e )>> )>>")],
        ),
        (
            "<< :a :b :c ~ :r >> :q 1 .",
            [
                ("reifies", "<< :a :b :c ~ :r >>", "<< :a :b :c ~ :r >>"),
                ("q", "<< :a :b :c ~ :r >> :q 1", "1"),
            ],
        ),
        (
            ":s :p << :a :b :c >> .",
            [
                ("reifies", "<< :a :b :c >>", "<< :a :b :c >>"),
                ("p", ":s :p << :a :b :c >>", "<< :a :b :c >>"),
            ],
        ),
        (
            ":s :p :o ~ :r {| :q 1 ; :z 2 |} .",
            [("p", ":s :p :o", ":o"), ("reifies", "~ :r", "~ :r"), ("q", ":q 1", "1"), ("z", ":z 2", "2")],
        ),
        (
            ":s :p :o {| :q 1 |} ~ .",
            [("p", ":s :p :o", ":o"), ("reifies", "{|", "{|"), ("q", ":q 1", "1"), ("reifies", "~", "~")],
        ),
    ],
)
def test_turtle_rdf12_source_map_spans(line: str, spans: list[tuple[str, str, str]]) -> None:
    """Where RDF 1.2 Turtle's statements are placed (README "Source maps"): a triple term up
    to its last ')>>'; the rdf:reifies statement of '<< >>' at the whole '<< >>', of a reifier
    at '~ r', of a block without one at '{|'; the statements of a block as any others."""

    def text(span: Any) -> str:
        assert span.line == 2
        return line[span.column - 1 : span.end_column - 1]

    def name(p: Node) -> str:
        return re.split("[/#]", str(p))[-1]

    placed = list(iterparse(data=TTL + line, format="turtle", version="1.2", positions=True))
    assert [(name(p), text(span)) for _, p, _, _, span in placed] == [e[:2] for e in spans]
    sm = SourceMap()
    g = Graph().parse(data=TTL + line, format="strict-turtle", version="1.2", source_map=sm)
    mapped = [
        (name(t[1]), text(at), text(obj))
        for t in g
        for at, obj in zip(sm.statement(t), sm.object(t), strict=True)
    ]
    assert sorted(mapped) == sorted(spans)


# --- writers -------------------------------------------------------------------------------------


def test_writers_write_rdf12_terms_only_when_asked() -> None:
    g = nt(DOC12, "1.2")
    for fmt, ox_fmt in (("strict-turtle", "ttl"), ("strict-trig", "trig")):
        text = g.serialize(format=fmt, version="1.2")
        assert text.startswith('@version "1.2" .\n')
        assert_same_graph(
            parsed(Dataset() if ox_fmt == "trig" else Graph(), data=text, format=fmt, version="1.2"), g
        )
        assert_same_graph(oxigraph_graph(text.encode(), ox_fmt), g)
    for fmt in ("strict-ntriples", "strict-nquads", "strict-turtle", "strict-trig"):
        with pytest.raises(SerializeError, match=r'serialize with version="1\.2"') as info:
            g.serialize(format=fmt)
        assert "RDF 1.2" in str(info.value)
    with pytest.raises(SerializeError, match=r"RDF 1\.2 Basic"):
        g.serialize(format="strict-ntriples", version="1.2-basic")
    written = g.serialize(format="strict-ntriples", version="1.2")
    assert "VERSION" not in written and '"hello"@en-GB--ltr' in written and "<<( _:" in written
    assert_same_graph(nt(written, "1.2"), g)
    assert_same_graph(oxigraph_graph(written.encode(), "nt"), g)
    basic = Graph()
    basic.add((S, P, DirLangLiteral("x", lang="en-GB", direction="rtl")))
    assert basic.serialize(format="strict-ntriples", version="1.2-basic") == f'<{S}> <{P}> "x"@en-GB--rtl .\n'
    canonical = basic.serialize(format="strict-ntriples", version="1.2", canonical=True)
    assert canonical == f'<{S}> <{P}> "x"@en-gb--rtl .\n'
    # A direction alone (no triple term) is RDF 1.2 too: every writer in 1.1 refuses it.
    for fmt in ("strict-ntriples", "strict-nquads", "strict-turtle", "strict-trig"):
        with pytest.raises(SerializeError, match=r'serialize with version="1\.2"'):
            basic.serialize(format=fmt)


def test_nquads_writer_writes_triple_terms_in_named_graphs() -> None:
    ds = nq(DOC12.replace(" .\n", f" <{EX}g> .\n"), "1.2")
    written = ds.serialize(format="strict-nquads", version="1.2")
    assert_same_graph(nq(written, "1.2"), ds)
    assert_same_graph(oxigraph_graph(written.encode(), "nq"), ds)


# --- every face ----------------------------------------------------------------------------------


def test_iterparse_reads_rdf12() -> None:
    got = Graph()
    for s, p, o, g in iterparse(data=DOC12, format="nt", version="1.2"):
        assert g is None
        got.add((s, p, o))
    assert_same_graph(got, nt(DOC12, "1.2"))
    assert any(isinstance(o, TripleTerm) for o in got.objects())


def test_skip_and_report_on_rdf12_input() -> None:
    bad = f"<{EX}s> <{EX}p> <<( <{EX}s> <{EX}p> )>> .\n"
    doc = DOC12 + bad + DOC12.split("\n", 1)[1]
    skipped: list[ParseError] = []
    got = list(iterparse(data=doc, format="nt", version="1.2", on_error=skipped.append))
    assert len(got) == 4 and [e.lineno for e in skipped] == [4] and skipped[0].skipped == bad
    kept: list[ParseError] = []
    assert len(Graph().parse(data=doc, format="strict-ntriples", version="1.2", on_error=kept.append)) == 2
    assert [e.lineno for e in kept] == [4]


def test_positions_and_source_maps_on_rdf12_input() -> None:
    placed = list(iterparse(data=DOC12, format="nt", version="1.2", positions=True))
    assert [span.line for *_, span in placed] == [2, 3]
    line = DOC12.split("\n")[1]
    assert (placed[0][4].column, placed[0][4].end_column) == (1, len(line) + 1)
    sm = SourceMap()
    g = Graph().parse(data=DOC12, format="strict-ntriples", version="1.2", source_map=sm)
    triple = next(t for t in g if isinstance(t[2], TripleTerm))
    (span,) = sm.object(triple)
    assert (span.line, span.column, span.end_column) == (2, line.index("<<(") + 1, line.rindex(")>>") + 4)


def test_validator_and_converter_read_rdf12() -> None:
    doc = DOC12 + f"<{EX}s> <{EX}p> <{EX}o> .\n"
    with open_source(data=doc) as opened:
        assert make_validator("ntriples", version=RdfVersion.RDF12).check(opened.reader) == 3
    errors: list[ParseError] = []
    with open_source(data=doc) as opened:
        assert make_validator("ntriples").check(opened.reader, errors.append) == 1
    assert [e.kind for e in errors] == [ErrorKind.NOT_RDF11] * 3
    out = io.BytesIO()
    with open_source(data=doc) as opened:
        assert make_converter("ntriples", "nquads", version=RdfVersion.RDF12).convert(opened.reader, out) == 3
    assert out.getvalue().decode() == doc.split("\n", 1)[1]  # labels kept, VERSION line dropped
    with open_source(data=doc) as opened, pytest.raises(ParseError) as info:
        make_converter("ntriples", "ntriples").convert(opened.reader, io.BytesIO())
    assert info.value.kind == ErrorKind.NOT_RDF11


# --- the command line, -j included -------------------------------------------------------------


def _doc12_lines(n: int) -> str:
    """``n`` RDF 1.2 statements after a VERSION line, every form, one bad one near the end."""
    lines = ['VERSION "1.2"\n']
    for i in range(n):
        lines.append(f'<{EX}s{i}> <{REIFIES}> <<( _:b{i % 7} <{EX}p> "v{i}"@ar--rtl )>> .\n')
        nested = f'<<( <{EX}s> <{EX}q> <<( <{EX}a> <{EX}b> "{i}"@en--ltr )>> )>>'
        lines.append(f"_:b{i % 7} <{EX}p> {nested} <{EX}g{i % 3}> .\n")
    lines[-5] = f"<{EX}s> <{EX}p> <<( <{EX}s> <{EX}p> )>> .\n"
    return "".join(lines)


def test_cli_rdf_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--rdf-version`` on validate, convert and shacl's reading; ``-j 2`` gives the output and
    errors of one process in RDF 1.2 too (the version reaches the workers)."""
    monkeypatch.setattr(parallel, "BLOCK_SIZE", 4096)  # dozens of blocks
    (tmp_path / "in.nq").write_text(_doc12_lines(400), encoding="utf-8")
    old = run_cli(["validate", "in.nq", "-q"], cwd=tmp_path)
    assert old.returncode == 1 and "--rdf-version 1.2" in old.stderr and "not-rdf11" not in old.stderr
    runs = {}
    for j in ("1", "2"):
        for cmd in ("validate", "convert"):
            args = [cmd, "in.nq", "--rdf-version", "1.2", "-j", j, "-q"]
            if cmd == "convert":
                args += ["-t", "nq", "-o", f"out{j}.nq", "--skip-invalid"]
            done = run_cli(args, cwd=tmp_path)
            runs[cmd, j] = (done.returncode, done.stderr)
    assert runs["validate", "1"] == runs["validate", "2"] and runs["validate", "1"][0] == 1
    assert runs["convert", "1"] == runs["convert", "2"] and runs["convert", "1"][0] == 1
    assert (
        runs["validate", "1"][1].count("in.nq:") == 1
        and "in.nq:797:81: expected an object" in runs["validate", "1"][1]
    )
    written = (tmp_path / "out1.nq").read_bytes()
    assert written == (tmp_path / "out2.nq").read_bytes() and written.count(b"\n") == 799
    assert_same_graph(oxigraph_graph(written, "nq"), nq(written.decode(), "1.2"))
    basic = run_cli(
        ["validate", "in.nq", "--rdf-version", "1.2-basic", "-q", "--max-errors", "1"], cwd=tmp_path
    )
    assert basic.returncode == 1 and "RDF 1.2 Basic" in basic.stderr
    bad = run_cli(["validate", "in.nq", "--rdf-version", "1.3"], cwd=tmp_path)
    assert bad.returncode == 2 and "'1.2-basic'" in bad.stderr


def test_cli_shacl_reads_rdf12_when_asked(tmp_path: Path) -> None:
    pytest.importorskip("pyshacl")
    (tmp_path / "d.nt").write_text(DOC12, encoding="utf-8")
    (tmp_path / "s.ttl").write_text(
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n"
        f"<{EX}S> a sh:NodeShape ; sh:targetSubjectsOf <{REIFIES}> ; sh:property [ sh:path <{REIFIES}> ;"
        " sh:minCount 1 ] .\n",
        encoding="utf-8",
    )
    assert run_cli(["shacl", "d.nt", "-s", "s.ttl", "-q"], cwd=tmp_path).returncode == 1  # RDF 1.1: not RDF
    done = run_cli(["shacl", "d.nt", "-s", "s.ttl", "-q", "--rdf-version", "1.2"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_cli_shacl_result_on_a_triple_term_is_refused_clearly(tmp_path: Path) -> None:
    """pySHACL validates a triple term as an opaque value (not an IRI here) but cannot copy one
    into its report as an object of a blank node result: a message saying so, not a traceback."""
    pytest.importorskip("pyshacl")
    (tmp_path / "d.nt").write_text(f"_:r <{REIFIES}> <<( <{EX}s> <{EX}p> <{EX}o> )>> .\n", encoding="utf-8")
    (tmp_path / "s.ttl").write_text(
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n"
        f"<{EX}S> a sh:NodeShape ; sh:targetSubjectsOf <{REIFIES}> ; sh:property [ sh:path <{REIFIES}> ;"
        " sh:nodeKind sh:IRI ] .\n",
        encoding="utf-8",
    )
    done = run_cli(["shacl", "d.nt", "-s", "s.ttl", "--rdf-version", "1.2"], cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("rdflib-strict: pySHACL cannot copy a triple term into its report"), (
        done.stderr
    )


def test_cli_canonical_refuses_a_blank_node_in_a_triple_term_naming_the_flag(tmp_path: Path) -> None:
    (tmp_path / "d.nt").write_text(DOC12, encoding="utf-8")
    done = run_cli(["convert", "d.nt", "--rdf-version", "1.2", "--canonical", "-t", "nt", "-q"], cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert "no canonical label" in done.stderr and "--canonical" in done.stderr, done.stderr


def test_readme_rdf12_turtle_example_runs() -> None:
    """The README's RDF 1.2 Turtle and TriG example, run as written (its asserts are the claims)."""
    exec(compile(readme_example("rdf12:turtle-example"), "README.md", "exec"), {})


def test_readme_rdf12_example_runs() -> None:
    """The README's RDF 1.2 example, run as written (its asserts are the claims)."""
    names: dict[str, Any] = {}
    exec(compile(readme_example("rdf12:example"), "README.md", "exec"), names)
    written = re.sub(r"_:\S+", "_:b", names["text"])  # the label is the parse's own
    assert sorted(written.splitlines()) == sorted(names["doc"].splitlines()[1:])


@pytest.mark.parametrize("fmt", ["ntriples", "nquads"])
def test_schemaorg_takes_the_rdf11_fast_path_only(fmt: str, shared_data_dir: Path) -> None:
    """Every schema.org statement is taken by the RDF 1.1 regexes (the README's speed claim):
    none reaches the precise reader, where the RDF 1.2 forms are read."""
    parser = make_parser(fmt)
    assert isinstance(parser, LineParser)
    precise: list[object] = []
    parser._took = lambda quad, start, out: precise.append(quad)  # type: ignore[method-assign]
    with open_source(
        shared_data_dir / f"schemaorg-all-https.{'nt' if fmt == 'ntriples' else 'nq'}"
    ) as opened:
        assert sum(map(len, parser.batches(opened.reader))) == 17_311
    assert precise == []
