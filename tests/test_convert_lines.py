"""The term-free line converter writes what parsing then writing writes (issue #13, item 2):
for generated N-Triples/N-Quads documents, copied lines and re-written lines alike give the
bytes and the errors of ``write_lines`` over the parser's statements."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_validate import line_document, mutated
from verdicts import described

from rdflib_strict.edge.readers import make_parser
from rdflib_strict.formats.convert_lines import LineConverter
from rdflib_strict.formats.write_lines import quad_groups, write_lines
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.errors import ParseError, SerializeError

_NODE_ID = re.compile("_:N[0-9a-f]{32}l")


def reference(data: bytes, quads: bool, with_graphs: bool, chunk: int) -> tuple[bytes, int, list[Any]]:
    parser = make_parser("nquads" if quads else "ntriples", values=False)
    log: list[ParseError] = []
    reader = ChunkReader(io.BytesIO(data), "doc", chunk_size=chunk)
    statements = (q for batch in parser.batches(reader, log.append) for q in batch)
    out = io.BytesIO()
    count = write_lines(
        quad_groups(statements), out, with_graphs=with_graphs, labels_of=parser.terms.prefix + "l"
    )
    return out.getvalue(), count, described(log)


def converted(data: bytes, quads: bool, with_graphs: bool, chunk: int) -> tuple[bytes, int, list[Any]]:
    log: list[ParseError] = []
    out = io.BytesIO()
    reader = ChunkReader(io.BytesIO(data), "doc", chunk_size=chunk)
    count = LineConverter(quads, with_graphs).convert(reader, out, log.append)
    return out.getvalue(), count, described(log)


@st.composite
def mixed_document(draw: st.DrawFn, quads: bool) -> str:
    """A generated document's lines mixed with the writer's spelling of its statements (the
    lines the converter copies), some of those mutated into near misses."""
    doc = draw(_LINE_DOCUMENTS[quads])
    parser = make_parser("nquads" if quads else "ntriples")
    reader = ChunkReader(io.StringIO(doc), "doc")
    statements = [q for batch in parser.batches(reader, lambda e: None) for q in batch]
    out = io.BytesIO()
    write_lines(statements_as_groups(statements), out, with_graphs=quads, labels_of=parser.terms.prefix + "l")
    lines = doc.splitlines(keepends=True) + draw(_PLAIN_LINES[quads])
    for line in out.getvalue().decode().splitlines(keepends=True):
        lines.append(draw(mutated(line)) if draw(st.integers(0, 4)) == 0 else line)
    return "".join(draw(st.permutations(lines)))


_PLAIN_NODES = ["<http://ex/s>", "<urn:x:y>", "<http://ex/a%41?q#f>", "_:b1", "_:b.1", "_:\u00e9"]
_PLAIN_OBJECTS = [
    *_PLAIN_NODES,
    '"plain"',
    '"caf\u00e9 \U0001f600"@fr',
    '"x"@en-Latn-GB',
    '"x"@EN-gb',
    '"1"^^<http://www.w3.org/2001/XMLSchema#integer>',
    '"x"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString>',  # needs a tag: an error
    '"x"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString>',
    '"\\t"',  # an escape: re-written
    '"\\u00E9\\U0001F600 \\u0022\\\'"@fr',  # UCHARs and ECHARs decoded, '"' escaped again
    '"q\\"x\\\\y\\n\\u0000\\u007F\\uFFFE"',  # ECHARs kept, controls as UCHARs
    '"\\ud800"',  # a surrogate: the precise path refuses it
    '"\\U00110000"^^<http://ex/dt>',  # past U+10FFFF: refused
    '"\\u00e9"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString>',  # needs a tag
    '"tab\there"',  # a raw tab: the writer escapes it
    '"\ufffe"',
    '"x"@en-a',  # not a tag shape the copy takes: the precise path judges it
    # Not in the run's shapes but written so otherwise: one line, its body rewritten (a tag of
    # another shape, raw characters the writer escapes, with and without escapes beside them)
    '"x"@be-tarask',
    '"a\tb \x01\x7f"@de-1996',
    '"\\u00e9\x1f\t"^^<http://ex/dt>',
    '"x"@en-US-x-twain',
    # Long bodies (rewrite_escapes): sparse escapes of every kind rewritten in place, a dense
    # run of UCHARs decoded whole, an escaped backslash before text that looks like a UCHAR.
    '"'
    + "lorem ipsum " * 30
    + "\\u00E9 \\'q\\' \\\\u0041 \\\"x\\\" \\U0001F600\\u000a"
    + " dolor" * 20
    + '"@en',
    '"' + "\\u56FE\\u8C31 " * 80 + '"',
    '"' + "sit amet " * 40 + '\\u0009\\t\\u005C\\u0022"^^<http://ex/dt>',
]


@st.composite
def plain_line(draw: st.DrawFn, quads: bool) -> str:
    """Lines in (or next to) the writer's spelling: one space, " .", LF."""
    terms = [draw(_NODES), "<http://ex/p>", draw(_OBJECTS)]
    if quads and draw(st.booleans()):
        terms.append(draw(_NODES))
    return " ".join(terms) + draw(_ENDS)


# What mixed_document() and plain_line() draw, built once (a strategy built for every draw is
# validated anew).
_NODES = st.sampled_from(_PLAIN_NODES)
_OBJECTS = st.sampled_from(_PLAIN_OBJECTS)
_ENDS = st.sampled_from([" .\n", " .\n", " .\r\n", " . \n", " .", " . # c\n"])
_LINE_DOCUMENTS = {quads: line_document(quads) for quads in (False, True)}
_PLAIN_LINES = {quads: st.lists(plain_line(quads), max_size=8) for quads in (False, True)}


def statements_as_groups(statements: list[Any]) -> Any:
    return quad_groups(iter(statements))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.booleans(), st.booleans(), st.sampled_from([1, 17, 200, 1 << 20]))
def test_converter_writes_what_parse_then_write_writes(
    data: st.DataObject, quads: bool, with_graphs: bool, chunk: int
) -> None:
    raw = data.draw(mixed_document(quads)).encode()
    try:
        expected: Any = reference(raw, quads, with_graphs, chunk)
    except SerializeError as e:
        expected = _NODE_ID.sub("_:", str(e))  # blank node ids differ from parse to parse
    try:
        got: Any = converted(raw, quads, with_graphs, chunk)
    except SerializeError as e:
        got = _NODE_ID.sub("_:", str(e))
    assert got == expected, raw


def test_plain_lines_are_copied_and_others_rewritten() -> None:
    # Hand-written expectations: which lines keep their bytes and what the others become.
    doc = (
        '<http://ex/s> <http://ex/p> "plain" .\n'  # copied
        "_:b1 <http://ex/p> <http://ex/o> <http://ex/g> .\n"  # copied (a label kept)
        '<http://ex/s>\t<http://ex/p>  "tab"@en-GB .\r\n'  # spacing and CRLF normalised
        '<http://ex/s> <http://ex/p> "\\u0041\\t" .\n'  # escapes: decoded, tab re-escaped
        "# a comment\n"  # dropped
        "<http://ex/s> <http://ex/p> <rel> .\n"  # an error, skipped
        '<http://ex/s> <http://ex/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .'  # no LF
    )
    log: list[ParseError] = []
    out = io.BytesIO()
    count = LineConverter(True, True).convert(ChunkReader(io.BytesIO(doc.encode()), "d"), out, log.append)
    assert out.getvalue().decode() == (
        '<http://ex/s> <http://ex/p> "plain" .\n'
        "_:b1 <http://ex/p> <http://ex/o> <http://ex/g> .\n"
        '<http://ex/s> <http://ex/p> "tab"@en-GB .\n'
        '<http://ex/s> <http://ex/p> "A\\t" .\n'
        '<http://ex/s> <http://ex/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
    )
    assert count == 5
    assert [(e.lineno, e.colno) for e in log] == [(6, 29)]


def test_named_graph_to_ntriples_is_refused() -> None:
    doc = b"".join(
        [
            b"<http://ex/s> <http://ex/p> <http://ex/o> .\n",
            b"<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .\n",
        ]
    )
    # named by its statement, to be found in the input
    said = "N-Triples has no named graphs: convert to nquads or trig, in the statement"
    with pytest.raises(
        SerializeError, match=f"{said} <http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> [.]"
    ):
        LineConverter(True, False).convert(ChunkReader(io.BytesIO(doc), "d"), io.BytesIO())


def test_lines_with_escapes_are_rewritten_without_the_precise_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    # An ASCII-only dump escapes all its non-ASCII text: such lines are copied around their
    # string body, which is written as the writer writes it; no term is built for them.
    def no_precise_reader(*args: Any) -> Any:
        raise AssertionError("the precise reader ran")

    monkeypatch.setattr(LineConverter, "_precise", no_precise_reader)
    doc = (
        '<http://ex/s> <http://ex/p> "caf\\u00E9 \\U0001F600"@fr .\n'
        '_:b1 <http://ex/p> "a\\tb \\u0022q\\" \\\\ \\\' \\u0001" <http://ex/g> .\n'
        '<http://ex/s> <http://ex/p> "\\u0031"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
    )
    out = io.BytesIO()
    count = LineConverter(True, True).convert(ChunkReader(io.BytesIO(doc.encode()), "d"), out)
    assert count == 3
    assert out.getvalue().decode() == (
        '<http://ex/s> <http://ex/p> "caf\u00e9 \U0001f600"@fr .\n'
        '_:b1 <http://ex/p> "a\\tb \\"q\\" \\\\ \' \\u0001" <http://ex/g> .\n'
        '<http://ex/s> <http://ex/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
    )
