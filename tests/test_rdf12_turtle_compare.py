"""RDF 1.2 Turtle and TriG against pyoxigraph (an independent RDF 1.2 reader), on generated
documents: reified triples nested in subject and object, triple terms nested in objects,
reifiers named and not, several reifiers and annotation blocks after one object, annotation
blocks inside annotation blocks, directional strings, blank nodes inside triple terms shared
with the rest of the document, VERSION directives, comments and line breaks between tokens.

Each document is read by us with ``version="1.2"``, whole and in 1-character chunks, and by
pyoxigraph; the graphs must be the same (tests/w3c.py matches blank nodes inside triple terms
too), lexical forms exact. The same documents, some with characters inserted or deleted, must
get the parser's verdict (count, errors, warnings) from the validator, whole and a character
at a time.
"""

from __future__ import annotations

import pytest
from chunking import small_chunks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Dataset, Graph
from test_validate import mutated as line_mutated
from verdicts import parser_verdict, validator_verdict
from w3c import assert_same_graph, oxigraph_graph, parsed

from rdflib_strict.syntax.version import RdfVersion

_WS = st.sampled_from([" ", "\n", "\t", " # c >> |} <<\n "])
_IRI = st.sampled_from(["ex:a", "ex:b", "<http://example/é>", ":p", "<rel>"])
_BNODE = st.sampled_from(["_:b1", "_:b2", "[]", "[ ]"])
_SHORT = st.sampled_from(['"v"', "'x . y'", '"é\\n"', "''"])


def _literals(string: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        string,
        st.builds(lambda s, t: f"{s}@{t}", string, st.sampled_from(["en", "en-GB"])),
        st.builds(lambda s, d: f"{s}@ar--{d}", string, st.sampled_from(["ltr", "rtl"])),
        st.sampled_from(["1", "2.5", "true", '"7"^^xsd:integer']),
    )


# Long strings only outside '<< >>' and '<<( )>>': pyoxigraph 0.5 refuses them there
# ("not a valid RDF quoted triple object"), where RDF 1.2 Turtle's grammar allows any literal.
_INNER_LITERAL = _literals(_SHORT)
_LITERAL = _literals(st.one_of(_SHORT, st.just('"""long\nstring"""')))
# Not "~ []" (reifier ::= '~' (iri | BlankNode)?, and ANON is a BlankNode), which pyoxigraph
# 0.5 refuses: tests/test_rdf12.py reads it.
_REIFIER = st.sampled_from(["", " ~", " ~ ex:r", " ~_:r1"])


def _triple_term(parts: tuple[str, str, str, str]) -> str:
    s, p, o, w = parts
    return f"<<({w}{s} {p} {o}{w})>>"


_TRIPLE_TERM_OBJECT = st.recursive(
    st.one_of(_IRI, st.sampled_from(["_:b1", "_:b2", "[]"]), _INNER_LITERAL),
    lambda inner: st.tuples(st.one_of(_IRI, st.sampled_from(["_:b1", "[]"])), _IRI, inner, _WS).map(
        _triple_term
    ),
    max_leaves=3,
)


def _reified(parts: tuple[str, str, str, str, str]) -> str:
    s, p, o, r, w = parts
    return f"<<{w}{s} {p} {o}{r}{w}>>"


_RT_SUBJECT = st.recursive(
    st.one_of(_IRI, _BNODE),
    lambda inner: st.tuples(
        inner, _IRI, st.one_of(_IRI, _INNER_LITERAL, _TRIPLE_TERM_OBJECT), _REIFIER, _WS
    ).map(_reified),
    max_leaves=3,
)
_RT_OBJECT = st.one_of(_IRI, _INNER_LITERAL, _TRIPLE_TERM_OBJECT, _RT_SUBJECT)
_REIFIED = st.tuples(_RT_SUBJECT, _IRI, _RT_OBJECT, _REIFIER, _WS).map(_reified)
_OBJECT = st.one_of(
    _IRI, _BNODE, _LITERAL, _TRIPLE_TERM_OBJECT, _REIFIED, st.just("( ex:a << ex:a ex:b ex:c >> )")
)


@st.composite
def _annotation(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            parts.append(draw(_REIFIER) or " ~")
        else:
            inner = draw(_annotation(depth + 1)) if depth < 2 else ""
            parts.append(f" {{| {draw(_IRI)} {draw(_OBJECT)}{inner} ; {draw(_IRI)} {draw(_OBJECT)} |}}")
    return "".join(parts)


@st.composite
def _statement(draw: st.DrawFn) -> str:
    subject = draw(st.one_of(_IRI, _BNODE, _REIFIED, st.just("[ ex:a ex:b ]")))
    if draw(st.integers(0, 4)) == 0 and subject.startswith("<<"):
        return f"{subject} ."  # a reified triple alone
    objects = [draw(_OBJECT) + draw(_annotation()) for _ in range(draw(st.integers(1, 2)))]
    w = draw(_WS)
    last = draw(_OBJECT) + draw(_annotation())
    return f"{subject}{w}{draw(_IRI)} {f',{w}'.join(objects)} ;{w}{draw(_IRI)} {last} ."


_HEADER = (
    "PREFIX ex: <http://example/>\n@prefix : <http://example/colon#> .\n"
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\nBASE <http://base.example/>\n"
)


@st.composite
def _documents(draw: st.DrawFn, trig: bool) -> str:
    lines = [_HEADER]
    for _ in range(draw(st.integers(1, 5))):
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(['VERSION "1.2"', "@version '1.2-basic' ."])))
        elif trig and draw(st.booleans()):
            lines.append(f"{draw(st.sampled_from(['ex:g', '_:g', 'GRAPH ex:h']))} {{ {draw(_statement())} }}")
        else:
            lines.append(draw(_statement()))
    return "\n".join(lines) + "\n"


def _ours(doc: str, trig: bool) -> Graph:
    if trig:
        return parsed(Dataset(), data=doc, format="strict-trig", version="1.2")
    return Graph().parse(data=doc, format="strict-turtle", version="1.2")


@pytest.mark.parametrize("trig", [False, True], ids=["turtle", "trig"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_rdf12_turtle_read_as_pyoxigraph_reads_it(
    trig: bool, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = data.draw(_documents(trig))
    theirs = oxigraph_graph(doc.encode(), "trig" if trig else "ttl")
    assert_same_graph(_ours(doc, trig), theirs, doc)
    with monkeypatch.context() as mp:
        small_chunks(mp, 1)
        assert_same_graph(_ours(doc, trig), theirs, doc)


# --- validate against the parser ---------------------------------------------------------------

# Turtle's punctuation and RDF 1.2's ('<<(', '~', '{|', '--'), one inserted or deleted.
_MUTATIONS = "<>\"'\\_:@^.,;#[](){}|~- \t\n\u00e9"


@st.composite
def mutated_documents(draw: st.DrawFn, trig: bool) -> str:
    doc = draw(_documents(trig))
    for _ in range(draw(st.integers(0, 2))):
        doc = draw(line_mutated(doc, _MUTATIONS))
    return doc


@pytest.mark.parametrize("trig", [False, True], ids=["turtle", "trig"])
@settings(max_examples=75, deadline=None)
@given(data=st.data())
def test_rdf12_validator_gives_the_parsers_verdicts(trig: bool, data: st.DataObject) -> None:
    # The count, every error (line, column, message, skipped text) and warning, whole and read
    # a character at a time: `validate --rdf-version 1.2` says what the parser says.
    doc = data.draw(mutated_documents(trig)).encode("utf-8")
    fmt = "trig" if trig else "turtle"
    for size in (None, 1):
        expected = parser_verdict(doc, fmt, None, size, RdfVersion.RDF12)
        assert validator_verdict(doc, fmt, None, size, RdfVersion.RDF12) == expected, (size, doc)
