"""Turtle and TriG lines written as N-Triples take the N-Triples parser's fast path.

``TurtleParser._statements`` offers a statement starting with '<' or '_' to
``NTriplesLines.take`` (the line parser's regex over the Turtle parser's ``Terms``); what it
does not take whole, the Turtle reader reads. ``_BY_LINES`` switches the path off, which is
the reference here: the path must change nothing but how often the Turtle reader runs.

Pins:

1. the path is taken: thousands of such lines in Turtle, in a TriG block (their graph kept)
   and at TriG's top level cost the Turtle reader a handful of calls; Turtle written otherwise
   costs the path one try every 256 statements, and lines after it are taken again;
2. a differential property test: generated Turtle and TriG mixing such lines with Turtle
   statements, directives midway, relative IRIs, shared blank node labels, escapes, tags,
   ill-typed and long literals, comments, every line end, statements glued after a '.',
   blocks ending without '.', one bad line or none; read in chunks of every size, raising or
   skipping, warning or not, as RDF 1.1 and 1.2: the same statements in the same order, the
   same errors and warnings as with the path off, and (when read) pyoxigraph's dataset;
3. an ill-typed literal on such a line warns once, where the Turtle reader places it;
4. ``on_error``: a bad line among such lines is reported as with the path off, the rest read;
5. source maps (the path is off then) place every such line.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import RDF, XSD
from rdflib.term import Node
from test_trig import _BNODES, _PREFIXES, BASE, Choices, _directive, _join, _key, _triples, oxigraph_reading
from w3c import isomorphic_quads

from rdflib_strict import ParseError, iterparse
from rdflib_strict.formats.lines import LineParser
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import NTriplesLines, TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.errors import ErrorKind
from rdflib_strict.syntax.version import RdfVersion

Quad = tuple[Node, Node, Node, Node | None]
#: An error or warning as a caller sees it: its text (message and excerpt), line, column,
#: end column, kind and skipped text.
Placed = tuple[str, int, int, int, str, str]


class Reading(NamedTuple):
    quads: list[Quad]
    errors: list[Placed]  # on_error's, then the one raised, if any
    warnings: list[Placed]


def _placed(e: ParseError) -> Placed:
    return str(e), e.lineno, e.colno, e.end_offset, str(e.kind), e.skipped


def read(
    doc: str | bytes,
    trig: bool = False,
    by_lines: bool = True,
    *,
    chunk: int | None = None,
    skip: bool = False,
    warn: bool = False,
    version: RdfVersion = RdfVersion.RDF11,
) -> Reading:
    """Every statement, error and warning of ``doc`` read by a TurtleParser (default graph
    None, a named graph as its label), the path on or off for this parser alone."""
    parser = TurtleParser(Terms(), BASE, None, trig=trig)
    parser._BY_LINES = by_lines  # an instance attribute: the class keeps its own
    parser.version = version
    errors: list[ParseError] = []
    warnings: list[ParseError] = []
    if warn:
        parser.warn = warnings.append
    data = doc.encode() if isinstance(doc, str) else doc
    sized: dict[str, Any] = {} if chunk is None else {"chunk_size": chunk}
    quads: list[Quad] = []
    try:
        for batch in parser.batches(
            ChunkReader(io.BytesIO(data), "doc", **sized), errors.append if skip else None
        ):
            quads += batch
    except ParseError as e:
        errors.append(e)
    return Reading(quads, [_placed(e) for e in errors], [_placed(w) for w in warnings])


def canonical(quads: list[Quad]) -> list[tuple[Any, ...]]:
    """The statements in order, blank nodes named by first appearance (two parses name them
    differently): both paths read a document's statements in its order."""
    names: dict[BNode, str] = {}

    def term(t: Node | None) -> Any:
        if isinstance(t, BNode):
            return "_:" + names.setdefault(t, str(len(names)))
        if isinstance(t, Literal):
            return "literal", str(t), t.datatype, t.language
        return t

    return [tuple(map(term, q)) for q in quads]


def assert_as_without_the_path(doc: str | bytes, trig: bool = False, **kw: Any) -> Reading:
    """``doc`` read with the path as it is read without it; the reading with it."""
    __tracebackhide__ = True
    on, off = read(doc, trig, True, **kw), read(doc, trig, False, **kw)
    assert on.errors == off.errors, f"{doc!r}"
    assert on.warnings == off.warnings, f"{doc!r}"
    ours, theirs = canonical(on.quads), canonical(off.quads)
    if on.errors and not kw.get("skip"):
        # Raised: the batches handed on before are the buffers read whole before the error,
        # and the Turtle reader asks for more text after a line's '.' where the path does
        # not; both are the document's statements up to the error, in its order.
        ours, theirs = sorted([ours, theirs], key=len)
        theirs = theirs[: len(ours)]
    assert ours == theirs, f"{doc!r}"
    return on


# --- 1. the path is taken -----------------------------------------------------------------

EX = "http://ex/"
XSD_NS = str(XSD)


def nt_lines(n: int, nl: str = "\n") -> str:
    """``n`` statements written as N-Triples: IRIs, labels, and literals of every kind."""
    objects = [f"<{EX}o>", "_:b", '"plain"', '"chat"@fr', f'"7"^^<{XSD_NS}integer>', r'"tab\t\u00E9"']
    return "".join(f"<{EX}s{i}> <{EX}p> {objects[i % len(objects)]} .{nl}" for i in range(n))


def counting(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> list[int]:
    """Each call of ``cls.name`` appends 1 to the list returned (and does what it did)."""
    calls: list[int] = []
    original: Callable[..., Any] = getattr(cls, name)

    def counted(*args: Any) -> Any:
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(cls, name, counted)
    return calls


N = 3000
PLACES = {
    "turtle": (False, "@prefix : <http://ex/> .\n{}", None),
    "trig-top-level": (True, "PREFIX : <http://ex/>\n{}", None),
    "trig-block": (True, "<http://ex/g> {{\n{}}}\n", URIRef(EX + "g")),
    "trig-block-crlf": (True, "GRAPH _:g {{\r\n{}}}", BNode),
}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_lines_written_as_ntriples_skip_the_turtle_reader(
    place: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    trig, frame, graph = PLACES[place]
    doc = frame.format(nt_lines(N, "\r\n" if "crlf" in place else "\n"))
    calls = counting(monkeypatch, TurtleParser, "_read_triples")
    off = read(doc, trig, by_lines=False)
    assert len(calls) == N  # the counter counts: the Turtle reader reads each line
    calls.clear()
    on = read(doc, trig)
    assert len(calls) <= 2, "the lines did not take the N-Triples path"
    assert not on.errors and canonical(on.quads) == canonical(off.quads)
    # Inside a block the path's statements are the block's (never the default graph's).
    (found,) = {g for *_, g in on.quads}
    assert isinstance(found, BNode) if graph is BNode else found == graph


def test_turtle_written_otherwise_is_tried_rarely_and_the_lines_after_it_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 2000 statements starting with '<' that the path cannot take (';'), then lines it can:
    # the misses double the wait up to 256 statements, and the first line taken resets it.
    turtle = "".join(f"<{EX}s{i}> <{EX}p> <{EX}o> ; <{EX}q> {i} .\n" for i in range(2000))
    tries = counting(monkeypatch, NTriplesLines, "take")
    reads = counting(monkeypatch, TurtleParser, "_read_triples")
    on = read(turtle + nt_lines(N))
    assert len(tries) <= 2000 // 256 + 10  # waits of 1, 3, 7, ..., 255, then 256 statements
    assert 2000 <= len(reads) <= 2000 + 256
    assert canonical(on.quads) == canonical(read(turtle + nt_lines(N), by_lines=False).quads)


# --- 2. the same reading as the Turtle reader's --------------------------------------------

# Subjects and objects: absolute IRIs (kept as written, dot segments and all), relative ones
# (the path must leave them to the Turtle reader, which resolves them against the base of
# the moment) and the labels test_trig's Turtle statements use, so that a label names one
# node on both paths.
_NODES = [
    "<http://ex/s>",
    "<http://ex/a/../b>",
    "<http://ex/./c>",
    r"<http://ex/\u00E9>",
    "<http://ex/é>",
    "<urn:x:y>",
    "<s>",
    "<../up>",
    *_BNODES,
]
_PREDICATES = ["<http://ex/p>", "<http://ex/q>", "<p>", f"<{RDF.type}>"]
_LITERALS = [
    '"x"',
    '""',
    r'"\t\" \\ \u00E9 \U0001F600 é"',
    r'"a\\tb\\u0041"',  # escaped backslashes before letters: no escapes after them
    '"chat"@fr',
    '"colour"@en-GB',
    '"x"@EN',
    f'"1"^^<{XSD_NS}integer>',
    f'"x"^^<{XSD_NS}integer>',  # ill-typed: valid RDF, a warning when warnings are wanted
    f'"2024-02-30"^^<{XSD_NS}date>',
    f'"s"^^<{XSD_NS}string>',
    '"d"^^<http://ex/dt>',
    '"d"^^<dt>',  # a relative datatype IRI
]
# Long lines (a chunk of them takes the line parser's long-literal reader): a plain body, one
# with escapes, a '"' that closes a string before a second object, a long string.
_LONG = [
    '"' + "long é " * 150 + '"',
    '"' + r"\"q\" \\ \u00E9 " * 100 + '"@en',
    '"' + "a" * 700 + '" , "b"',
    '"""' + "c" * 700 + '"""',
]
# What follows the object: the '.' and the line's rest, or Turtle's ';' and ',', or a second
# statement after the '.' on the same line.
_ENDS = [
    " .",
    ".",
    " .\t# comment . }",
    " .#",
    " . <http://ex/s> <http://ex/p> <http://ex/o> .",
    '.<http://ex/s> <http://ex/p> "y" .',
    " ; <http://ex/q> <http://ex/o> .",
    " , _:b .",
]
# Lines of the same shape that are not RDF 1.1 (one is RDF 1.2, one lacks its '.'): the error is the Turtle
# reader's, the same wherever the path stops.
_BAD = [
    "<http://a b> <http://ex/p> <http://ex/o> .",
    r'<http://ex/s> <http://ex/p> "bad \q escape" .',
    r"<http://ex/\u00ZZ> <http://ex/p> <http://ex/o> .",
    '<http://ex/s> <http://ex/p> "x"@abcdefghi .',
    f'<http://ex/s> <http://ex/p> "x"^^<{RDF.langString}> .',
    '<http://ex/s> <http://ex/p> "x"@en--ltr .',
    "_:b <http://ex/p> <http://ex/o>",
    r"<http://ex/s> <http://ex/\u0020> <http://ex/o> .",  # an escaped space
    r'<http://ex/s> <http://ex/p> "\uD800" .',  # a surrogate
]
_EOLS = ["\n", "\r\n", "\r"]


def _line(c: Choices, long: bool) -> str:
    """A statement written as N-Triples, or one starting as such a statement does."""
    # Turtle's white space between terms may hold line ends and comments; N-Triples' may not.
    sep = c.pick([" ", " ", "\t", "  ", "\n ", " # c\r\n"])
    if long and c.number(0, 3):
        obj = c.pick(_LONG)
    else:
        obj = c.pick(_NODES) if c.flip() else c.pick(_LITERALS)
    return sep.join([c.pick(_NODES), c.pick(_PREDICATES), obj]) + c.pick(_ENDS)


def _turtle(c: Choices) -> str:
    """A Turtle statement of test_trig's generator: prefixed names, ';' and ',', '[ ]', '( )'."""
    return _join(c, [*_triples(c), "."])


def _block(c: Choices, long: bool) -> str:
    """A TriG block of such lines and Turtle statements, the last one now and then without
    its '.' (only '}' ends it)."""
    label = c.pick(["", "<http://ex/g> ", "_:g ", "GRAPH <g> ", "graph:g ", "_:b "])
    eol = c.pick(_EOLS)
    body = [_line(c, long) if c.number(0, 2) else _turtle(c) for _ in range(c.number(0, 3))]
    if c.flip():
        body.append(f"<http://ex/s> <http://ex/p> {c.pick(_LITERALS)}")
    return label + "{" + eol + eol.join(body) + eol + "}"


def document(data: bytes, trig: bool) -> str:
    """Test_trig's prefixes, then lines, Turtle statements, directives, blank and comment
    lines (and blocks in TriG); now and then one bad line. Any line end after each."""
    c = Choices(data)
    long = c.number(0, 3) == 0
    parts = [f"@prefix {name}: <{namespace}> ." for name, namespace in _PREFIXES]
    for _ in range(c.number(1, 10)):
        kind = c.number(0, 9)
        if kind == 6:
            parts.append(_turtle(c))
        elif kind == 7:
            parts.append(_join(c, _directive(c)))
        elif kind == 8:
            parts.append(c.pick(["", "  ", "# a comment", "\t# <http://ex/s> <http://ex/p> <http://ex/o> ."]))
        elif kind == 9 and trig:
            parts.append(_block(c, long))
        else:
            parts += [_line(c, long) for _ in range(c.number(1, 3))]
    if c.number(0, 3) == 3:  # (past the drawn bytes every choice is 0: no bad line)
        parts.insert(c.number(len(_PREFIXES), len(parts)), c.pick(_BAD))
    return "".join(part + c.pick(_EOLS) for part in parts[:-1]) + parts[-1] + c.pick(["", *_EOLS])


@st.composite
def readings(draw: st.DrawFn) -> tuple[str, bool, dict[str, Any]]:
    """A document, whether it is TriG, and how to read it."""
    trig = draw(st.booleans())
    doc = document(draw(st.binary(min_size=16, max_size=256)), trig)
    how = {
        "chunk": draw(st.sampled_from([None, None, 1, 2, 16, 64])),
        "skip": draw(st.booleans()),
        "warn": draw(st.booleans()),
        "version": draw(st.sampled_from([RdfVersion.RDF11, RdfVersion.RDF11, RdfVersion.RDF12])),
    }
    return doc, trig, how


# A thousand examples, about a second (the documents are small): rare combinations (a long
# line the long-literal reader must refuse) come up in most runs; test_long_lines pins those.
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(readings())
def test_generated_documents_read_as_without_the_path(reading: tuple[str, bool, dict[str, Any]]) -> None:
    # Chunks of 1 and 2 put a buffer's end after every line or two (the reader cuts at line
    # ends), so that the path meets buffer ends between lines and inside multi-line statements.
    doc, trig, how = reading
    on = assert_as_without_the_path(doc, trig, **how)
    if not on.errors and how["version"] is RdfVersion.RDF11:
        # What both paths read is what pyoxigraph reads (escapes, tags, IRIs kept as written).
        theirs = oxigraph_reading(doc.encode())
        assert theirs is not None, f"pyoxigraph rejects what we read:\n{doc!r}"
        ours = {(_key(s), _key(p), _key(o), _key(g)) for s, p, o, g in on.quads}
        assert isomorphic_quads(ours, theirs), f"not pyoxigraph's dataset:\n{doc!r}"


@pytest.mark.parametrize("chunk", [None, 1])
@pytest.mark.parametrize("eol", _EOLS)
@pytest.mark.parametrize("long", _LONG)
def test_long_lines_read_as_without_the_path(long: str, eol: str, chunk: int | None) -> None:
    # Mostly lines over 512 characters: the line parser reads them with its long-literal
    # reader, which must leave a '"' closing the string early and a long string to Turtle.
    lines = [f"<{EX}s{i}> <{EX}p> {long} .{eol}" for i in range(8)]
    doc = "".join(lines) + f"<{EX}s> <{EX}p> _:b .{eol}" + "".join(lines)
    on = assert_as_without_the_path(doc, chunk=chunk)
    assert len(on.quads) == 17 + 16 * long.endswith('"b"') and not on.errors


def test_generator_writes_every_form() -> None:
    """A guard against a generator that stopped writing some of what the test is about."""
    rng = random.Random(0)
    docs = "".join(document(rng.randbytes(256), trig=True) for _ in range(300))
    needles = ("\r\n", "\r<", "\n<", "_:b ", "<s>", "{", "}", "@base", "PREFIX", "[", "(", "\\u00E9")
    for needle in [*needles, *_LONG, *_ENDS, *_BAD]:
        assert needle in docs, needle


# --- 3. and 4. warnings and skipped lines, placed by the Turtle reader ----------------------

PREFIXED = "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
ILL_TYPED = f'<{EX}s> <{EX}p> "x"^^<{XSD_NS}integer> .\n'


def with_lines(*inserted: tuple[int, str]) -> str:
    """A prefix line, then 60 lines written as N-Triples with ``(line, text)`` put in place."""
    lines = [PREFIXED, *nt_lines(60).splitlines(keepends=True)]
    for line, text in inserted:
        lines.insert(line - 1, text)
    return "".join(lines)


@pytest.mark.parametrize("chunk", [None, 1, 64])
def test_an_ill_typed_literal_on_such_a_line_warns_once_where_the_reader_places_it(chunk: int | None) -> None:
    # The path leaves the line to the Turtle reader, which warns; the same literal again (a
    # cache) warns again, in its own place.
    doc = with_lines((21, ILL_TYPED), (40, ILL_TYPED))
    on = assert_as_without_the_path(doc, warn=True, chunk=chunk)
    # 28 characters before the '"': two IRIs of 13 and a space after each.
    kind = str(ErrorKind.ILL_TYPED_LITERAL)
    assert [(w[1], w[2], w[4]) for w in on.warnings] == [(21, 29, kind), (40, 29, kind)]
    assert len(on.quads) == 62 and not on.errors
    assert not read(doc).warnings  # none asked for: none made


BAD_LINES = [
    # (the line, the column of its error: counted by hand)
    ("<http://a b> <http://ex/p> <http://ex/o> .\n", 10),  # the space
    ('<http://ex/s> <http://ex/p> "bad \\q escape" .\n', 34),  # the backslash
]


@pytest.mark.parametrize("chunk", [None, 1, 64])
@pytest.mark.parametrize(("bad", "column"), BAD_LINES)
def test_a_bad_line_among_such_lines_is_skipped_as_without_the_path(
    bad: str, column: int, chunk: int | None
) -> None:
    doc = with_lines((30, bad))
    on = assert_as_without_the_path(doc, skip=True, chunk=chunk)
    assert [(e[1], e[2]) for e in on.errors] == [(30, column)]
    assert bad.rstrip("\n") in on.errors[0][5]  # its text, for the caller
    # Every other line read: what the document without it reads.
    assert canonical(on.quads) == canonical(read(with_lines()).quads)
    assert len(on.quads) == 60


# --- 5. source maps ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "frame", "first"), [("turtle", "{}", 1), ("trig", "<http://ex/g> {{\n{}}}", 2)]
)
def test_source_maps_place_such_lines(fmt: str, frame: str, first: int) -> None:
    # Positions wanted, the path is off: every line is still placed, from its subject to the
    # end of its object.
    lines = nt_lines(300).splitlines()
    found = list(iterparse(data=frame.format("\n".join(lines) + "\n"), format=fmt, positions=True))
    assert len(found) == len(lines)
    for i, (*_, span) in enumerate(found):
        line = first + i
        assert (span.line, span.column, span.end_line, span.end_column) == (line, 1, line, len(lines[i]) - 1)


def test_small_trig_blocks_share_one_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # The N-Triples fast path is made once a buffer, not once a graph block: made for each
    # of many small blocks, it cost twice the Turtle reader's time (50,000 blocks of 1-4 lines).
    made: list[int] = []
    fast = LineParser._fast

    def counted(self: LineParser, src: str, out: list[Any]) -> Any:
        made.append(1)
        return fast(self, src, out)

    monkeypatch.setattr(LineParser, "_fast", counted)
    doc = "".join(
        f"<http://ex/g{g}> {{\n<http://ex/s> <http://ex/p> <http://ex/o{g}> .\n"
        f'<http://ex/s> <http://ex/p> "{g}" .\n}}\n'
        for g in range(1000)
    )
    quads = list(iterparse(io.StringIO(doc), format="trig"))
    assert len(quads) == 2000
    assert all(str(g) == f"http://ex/g{i // 2}" for i, (_, _, _, g) in enumerate(quads))
    assert len(made) <= 2
