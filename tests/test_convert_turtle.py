"""The Turtle and TriG converter writes what parsing then writing writes: for generated
documents mixing Turtle statements with lines written as N-Triples (copied as they are),
the bytes, the count and the errors of ``write_lines`` over the parser's statements."""

from __future__ import annotations

import gc
import io
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib.term import BNode, URIRef
from test_convert_lines import plain_line
from test_rdf12_turtle_compare import mutated_documents as rdf12_documents
from test_validate_turtle import document
from verdicts import described

from rdflib_strict.cli import main
from rdflib_strict.edge.readers import make_converter, make_parser
from rdflib_strict.formats.convert_turtle import TurtleConverter
from rdflib_strict.formats.turtle import TurtleParser
from rdflib_strict.formats.write_lines import quad_groups, write_lines, write_quads
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.errors import ParseError, SerializeError
from rdflib_strict.syntax.version import RdfVersion

_NODE_ID = re.compile("_:N[0-9a-f]{32}[lb][0-9_]*")


def reference(
    data: bytes, trig: bool, with_graphs: bool, chunk: int, tag: str, version: RdfVersion = RdfVersion.RDF11
) -> tuple[bytes, int, list[Any]]:
    """Parse into rdflib terms, then write them: what the converter must write."""
    parser = make_parser("trig" if trig else "turtle", "http://base/d", values=False, version=version)
    log: list[ParseError] = []
    reader = ChunkReader(io.BytesIO(data), "doc", chunk_size=chunk)
    statements = (q for batch in parser.batches(reader, log.append) for q in batch)
    out = io.BytesIO()
    labels = {parser.terms.prefix + "l": tag}
    count = write_lines(
        quad_groups(statements), out, with_graphs=with_graphs, labels_of=labels, version=version
    )
    return _NODE_ID.sub("_:", out.getvalue().decode()).encode(), count, described(log)


def converted(
    data: bytes, trig: bool, with_graphs: bool, chunk: int, tag: str, version: RdfVersion = RdfVersion.RDF11
) -> tuple[bytes, int, list[Any]]:
    log: list[ParseError] = []
    out = io.BytesIO()
    reader = ChunkReader(io.BytesIO(data), "doc", chunk_size=chunk)
    converter = TurtleConverter(trig, with_graphs, "http://base/d", tag, version)
    count = converter.convert(reader, out, log.append)
    return _NODE_ID.sub("_:", out.getvalue().decode()).encode(), count, described(log)


@st.composite
def mixed_document(draw: st.DrawFn, trig: bool) -> str:
    """Generated Turtle (or TriG) between runs of N-Triples lines, some in the writer's
    spelling (copied), some not (spacing, CRLF, comments, escapes: read), some in a block."""
    parts = [draw(document(trig)) for _ in range(draw(st.integers(1, 2)))]
    for _ in range(draw(st.integers(1, 3))):
        run = "".join(draw(st.lists(plain_line(False), min_size=2, max_size=8)))
        if not run.endswith(("\n", "\r")):
            run += "\n"
        if trig and draw(st.booleans()):
            run = f"<http://ex/g> {{\n{run}}}\n"
        parts.append(run)
    return "".join(draw(st.permutations(parts)))


@pytest.mark.parametrize("trig", [False, True], ids=["turtle", "trig"])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.booleans(), st.sampled_from([1, 17, 200, 1 << 20]), st.sampled_from(["", "f2_"]))
def test_converter_writes_what_parse_then_write_writes(
    trig: bool, data: st.DataObject, with_graphs: bool, chunk: int, tag: str
) -> None:
    raw = data.draw(mixed_document(trig)).encode()
    try:
        expected: Any = reference(raw, trig, with_graphs, chunk, tag)
    except SerializeError as e:
        expected = _NODE_ID.sub("_:", str(e))  # blank node ids differ from parse to parse
    try:
        got: Any = converted(raw, trig, with_graphs, chunk, tag)
    except SerializeError as e:
        got = _NODE_ID.sub("_:", str(e))
    assert got == expected, raw


def _outcome(raw: bytes, trig: bool, with_graphs: bool, chunk: int, tag: str, version: RdfVersion) -> Any:
    """The reference's output, count and errors, then the converter's (or their errors)."""
    both = []
    for way in (reference, converted):
        try:
            both.append(way(raw, trig, with_graphs, chunk, tag, version))
        except SerializeError as e:
            both.append(_NODE_ID.sub("_:", str(e)))  # blank node ids differ from parse to parse
    return both


# Literals the writer spells otherwise than they are written: escapes of every kind, quotes,
# controls, non-ASCII, tags in any case, datatypes that make them ill-typed.
_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
_ESCAPES = st.sampled_from(["\\t", "\\n", "\\r", '\\"', "\\\\", "\\u00e9", "\\U0001F600", "\\u0007", "\\b"])


@st.composite
def _odd_literal(draw: st.DrawFn, rdf12: bool) -> str:
    parts = draw(st.lists(st.one_of(_TEXT, _ESCAPES), max_size=4))
    body = "".join(parts)
    long = draw(st.booleans())
    if long:
        body = body.replace('"""', '\\"""')
        quoted = f'"""{body}"""' if not body.endswith(('"', "\\")) else f'"""{body} """'
    else:
        body = body.replace("\r", "\\r").replace("\n", "\\n").replace('"', '\\"')
        quoted = f'"{body}"' if not body.endswith("\\") or body.endswith("\\\\") else f'"{body} "'
    suffixes = [
        "",
        "@en",
        "@EN-gb",
        "^^xsd:integer",
        "^^xsd:boolean",
        "^^xsd:string",
        "^^ex:dt",
        "^^xsd:date",
    ]
    suffixes += ["@ar--rtl", "@en--ltr"] if rdf12 else []
    return quoted + draw(st.sampled_from(suffixes))


@st.composite
def _literal_statements(draw: st.DrawFn, rdf12: bool) -> str:
    lines = ["PREFIX ex: <http://example/>\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"]
    for _ in range(draw(st.integers(1, 6))):
        subject = draw(st.sampled_from(["ex:s", "_:b1", "<http://example/é>", "[]"]))
        objects = ", ".join(draw(st.lists(_odd_literal(rdf12), min_size=1, max_size=3)))
        lines.append(f"{subject} ex:p {objects} .\n")
    return "".join(lines)


@settings(max_examples=150, deadline=None)
@given(st.data(), st.booleans(), st.booleans(), st.sampled_from([1, 17, 1 << 20]))
def test_odd_literals_are_written_as_parse_then_write_writes(
    data: st.DataObject, rdf12: bool, with_graphs: bool, chunk: int
) -> None:
    raw = data.draw(_literal_statements(rdf12)).encode()
    version = RdfVersion.RDF12 if rdf12 else RdfVersion.RDF11
    expected, got = _outcome(raw, False, with_graphs, chunk, "", version)
    assert got == expected, raw


@pytest.mark.parametrize("trig", [False, True], ids=["turtle", "trig"])
@settings(max_examples=100, deadline=None)
@given(st.data(), st.booleans(), st.sampled_from([1, 17, 1 << 20]), st.sampled_from(["", "f2_"]))
def test_rdf12_is_written_as_parse_then_write_writes(
    trig: bool, data: st.DataObject, with_graphs: bool, chunk: int, tag: str
) -> None:
    # Triple terms, reified triples, reifiers and annotations, directional strings, blank
    # nodes inside triple terms, named graphs; some documents broken (errors, skipped).
    raw = data.draw(rdf12_documents(trig)).encode()
    expected, got = _outcome(raw, trig, with_graphs, chunk, tag, RdfVersion.RDF12)
    assert got == expected, raw
    # RDF 1.2 Basic (no triple terms): what it refuses, refused alike.
    expected, got = _outcome(raw, trig, with_graphs, 1 << 20, tag, RdfVersion.RDF12_BASIC)
    assert got == expected, raw


_WRITTEN = (
    '<http://ex/s> <http://ex/p> "caf\u00e9"@fr .\n'
    "_:b1 <http://ex/p> <http://ex/o> .\n"
    '<http://ex/s> <http://ex/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
)


def test_written_lines_are_copied_without_a_term(monkeypatch: pytest.MonkeyPatch) -> None:
    # Lines in the writer's spelling are copied: neither the Turtle reader nor the N-Triples
    # fast path (which builds terms) reads them.
    def refused(*args: Any) -> Any:
        raise AssertionError("a statement was read")

    monkeypatch.setattr(TurtleParser, "_read_statement", refused)
    monkeypatch.setattr("rdflib_strict.formats.turtle.NTriplesLines.take", refused)
    out = io.BytesIO()
    doc = _WRITTEN * 1000
    count = TurtleConverter(False, False, None).convert(ChunkReader(io.BytesIO(doc.encode()), "d"), out)
    assert (count, out.getvalue().decode()) == (3000, doc)


def test_turtle_around_the_lines_and_lines_in_a_block_are_written() -> None:
    doc = (
        "@prefix ex: <http://ex/> .\n"
        + _WRITTEN
        + "ex:s ex:p ex:o, [ ex:q 1 ] .\n"  # read: a new node for '[ ]'
        + "ex:g { "
        + _WRITTEN  # in a named graph: written with its label
        + "}\n"
        + "_:b1  <http://ex/p> <http://ex/o> .\r\n"  # not the writer's spelling: read
    )
    out = io.BytesIO()
    converter = make_converter("trig", "nquads")
    count = converter.convert(ChunkReader(io.BytesIO(doc.encode()), "d"), out)
    written = re.sub("_:N[0-9a-f]{32}b[0-9_]*", "_:new", out.getvalue().decode())
    in_graph = _WRITTEN.replace(" .\n", " <http://ex/g> .\n")
    assert written == (
        _WRITTEN
        + "<http://ex/s> <http://ex/p> <http://ex/o> .\n<http://ex/s> <http://ex/p> _:new .\n"
        + '_:new <http://ex/q> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
        + in_graph
        + "_:b1 <http://ex/p> <http://ex/o> .\n"
    )
    assert count == 10


def test_a_named_graph_to_ntriples_is_refused() -> None:
    line = b"<http://ex/s> <http://ex/p> <http://ex/o> .\n"
    doc = line + b"<http://ex/g> { " + line + b"}\n"
    said = "N-Triples has no named graphs: convert to nquads or trig, in the statement"
    with pytest.raises(
        SerializeError, match=f"{said} <http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> [.]"
    ):
        TurtleConverter(True, False, None).convert(ChunkReader(io.BytesIO(doc), "d"), io.BytesIO())
    # A blank node graph is named by its label, as the statement after it is (it was named
    # by the id the reader gave it: 'cannot write _:N3f...lg: ...').
    doc = b"_:g { " + line + b"}\n"
    with pytest.raises(
        SerializeError, match=f"^cannot write _:g: {said} <http://ex/s> <http://ex/p> <http://ex/o> _:g [.]$"
    ):
        TurtleConverter(True, False, None).convert(ChunkReader(io.BytesIO(doc), "d"), io.BytesIO())


def test_a_refusal_keeps_the_label_it_shows_when_placed_and_pickled() -> None:
    # (a -j worker's error is pickled to the parent; a writer may name the statement later)
    e = SerializeError("N-Triples has no named graphs", BNode("Nabcl1"), None, "_:g")
    for again in (e.in_statement((URIRef("http://ex/s"),)), pickle.loads(pickle.dumps(e))):
        assert str(again).startswith("cannot write _:g: N-Triples has no named graphs"), str(again)


def test_the_command_line_converts_with_the_collector_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every term read is garbage by refcount once written: collections during the conversion
    # walk the batch and the caches for nothing (diverse-1m.ttl: 9.9 s with them, 7.1 s without).
    collections: list[int] = []
    convert = TurtleConverter.convert

    def watched(self: TurtleConverter, *args: Any) -> int:
        def seen(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                collections.append(info["generation"])

        gc.callbacks.append(seen)
        try:
            return convert(self, *args)
        finally:
            gc.callbacks.remove(seen)

    monkeypatch.setattr(TurtleConverter, "convert", watched)
    src = tmp_path / "in.ttl"
    src.write_text(
        "@prefix ex: <http://ex/> .\n"
        + "".join(f"ex:s{i} ex:p ex:o{i}, [ ex:q {i} ] .\n" for i in range(20_000))
    )
    assert main(["convert", str(src), "--to", "nt", "-o", str(tmp_path / "out.nt"), "-q"]) == 0
    assert (tmp_path / "out.nt").read_text().count("\n") == 60_000
    assert collections == []


def test_written_lines_in_a_graph_block_are_copied_with_its_label(monkeypatch: pytest.MonkeyPatch) -> None:
    # TriG to N-Quads: such lines in a block are copied, the block's label before " .\n";
    # only the line after each block's opening (the back-off after the opening's miss) is
    # read into terms and written (to N-Triples all are, and refused).
    written: list[Any] = []

    def counted(quads: Any, *args: Any) -> None:
        written.extend(quads)
        write_quads(quads, *args)

    monkeypatch.setattr("rdflib_strict.formats.convert_turtle.write_quads", counted)
    doc = "<http://ex/g> {\n" + _WRITTEN * 300 + "}\n_:g {\n" + _WRITTEN + "}\n"
    out = io.BytesIO()
    count = TurtleConverter(True, True, None).convert(ChunkReader(io.BytesIO(doc.encode()), "d"), out)
    in_g = _WRITTEN.replace(" .\n", " <http://ex/g> .\n")
    assert (count, out.getvalue().decode()) == (903, in_g * 300 + _WRITTEN.replace(" .\n", " _:g .\n"))
    assert len(written) == 2
