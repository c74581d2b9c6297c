"""RDF 1.2 N-Triples and N-Quads against pyoxigraph (an independent RDF 1.2 reader), on
generated documents: nested triple terms, directional strings, blank nodes inside triple terms
shared with the rest of the document, VERSION lines, varied whitespace and comments.

Each document is read by us with ``version="1.2"``, whole and in 1-character chunks, and by
pyoxigraph (which reads no VERSION line in N-Triples, so it is given the document without them);
the graphs must be the same (tests/w3c.py matches blank nodes inside triple terms too), with
``"v"^^xsd:string`` and ``"v"`` one term as in RDF (pyoxigraph and Canonical N-Triples drop the
datatype; we keep what the document wrote). Then our writer's output, plain and canonical,
must read back in pyoxigraph and in our reader as the same graph.
"""

from __future__ import annotations

import pytest
from chunking import small_chunks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, Dataset, Graph
from w3c import assert_same_graph, oxigraph_graph, parsed

from rdflib_strict import SerializeError, TripleTerm

EX = "http://example/"

_WS = st.sampled_from(["", " ", "\t", "  "])
_SEP = st.sampled_from([" ", "\t", " \t "])
_IRI = st.sampled_from([f"<{EX}{name}>" for name in ("a", "b", "é", "p", "q")] + [f"<{EX}\\u00E9>"])
_BNODE = st.sampled_from(["_:b1", "_:b2", "_:x.y", "_:1"])
_STRING = st.sampled_from(['"v"', '""', '"é\\n"', '"\\u00E9 \\"q\\""', '"a b"'])
_TAG = st.sampled_from(["en", "EN", "en-GB", "ar", "zh-Hant-TW"])
_LITERAL = st.one_of(
    _STRING,
    st.builds(lambda s, t: f"{s}@{t}", _STRING, _TAG),
    st.builds(lambda s, t, d: f"{s}@{t}--{d}", _STRING, _TAG, st.sampled_from(["ltr", "rtl"])),
    st.builds(lambda s: f"{s}^^<http://www.w3.org/2001/XMLSchema#string>", _STRING),
)
_SUBJECT = st.one_of(_IRI, _BNODE)


def _triple_term(parts: tuple[str, str, str, str, str]) -> str:
    s, p, o, a, b = parts
    return f"<<({a}{s}{b}{p}{b}{o}{a})>>"  # '<<(' and ')>>' are single terminals


_OBJECT = st.recursive(
    st.one_of(_IRI, _BNODE, _LITERAL),
    lambda inner: st.tuples(_SUBJECT, _IRI, inner, _WS, _SEP).map(_triple_term),
    max_leaves=4,
)


@st.composite
def _documents(draw: st.DrawFn, quads: bool) -> tuple[str, str]:
    """A document and the same without its VERSION lines (for pyoxigraph)."""
    lines, plain = [], []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.integers(0, 5)) == 0:
            lines.append(f'{draw(_WS)}VERSION{draw(_SEP)}"{draw(st.sampled_from(["1.2", "1.2-basic"]))}"')
            lines[-1] += draw(st.sampled_from(["", " # a comment"]))
            continue
        sep = draw(_SEP)
        parts = [draw(_SUBJECT), draw(_IRI), draw(_OBJECT)]
        if quads and draw(st.booleans()):
            parts.append(draw(st.one_of(_IRI, _BNODE)))
        line = draw(_WS) + sep.join(parts) + draw(_WS) + "." + draw(st.sampled_from(["", " # c <<( )>>"]))
        lines.append(line)
        plain.append(line)
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    return eol.join(lines) + eol, eol.join(plain) + eol


def _blank_inside(term: object) -> bool:
    while isinstance(term, TripleTerm):
        if isinstance(term.subject, BNode):
            return True
        term = term.object
        if isinstance(term, BNode):
            return True
    return False


def _ours(doc: str, quads: bool) -> Graph:
    if quads:
        return parsed(Dataset(), data=doc, format="strict-nquads", version="1.2")
    return Graph().parse(data=doc, format="strict-ntriples", version="1.2")


def _theirs(doc: str, quads: bool) -> Graph:
    return oxigraph_graph(doc.encode(), "nq" if quads else "nt")


@pytest.mark.parametrize("quads", [False, True], ids=["nt", "nq"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_rdf12_documents_read_as_pyoxigraph_reads_them(
    quads: bool, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc, without_version = data.draw(_documents(quads))
    theirs = _theirs(without_version, quads)
    with monkeypatch.context() as mp:
        ours = _ours(doc, quads)
        small_chunks(mp, 1)
        assert_same_graph(_ours(doc, quads), theirs, doc, xsd_string_as_plain=True)
    assert_same_graph(ours, theirs, doc, xsd_string_as_plain=True)
    fmt = "strict-nquads" if quads else "strict-ntriples"
    for canonical in (False, True):
        every = ours.quads((None, None, None, None)) if quads else ours.triples((None, None, None))
        if canonical and any(_blank_inside(st[2]) for st in every):
            # RDFC-1.0 labels no blank node inside a triple term: refused, not written wrongly.
            with pytest.raises(SerializeError, match="no canonical label"):
                ours.serialize(format=fmt, version="1.2", canonical=True)
            continue
        written = ours.serialize(format=fmt, version="1.2", canonical=canonical)
        assert_same_graph(_theirs(written, quads), ours, written, xsd_string_as_plain=True)
        assert_same_graph(_ours(written, quads), ours, written, xsd_string_as_plain=True)
