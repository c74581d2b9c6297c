"""Turtle's fast path over escaped strings and ``^^<IRI>`` datatypes (commit 96fc712), against
pyoxigraph and hand-written expectations.

Random documents mix strings written with every ECHAR and with ``\\u``/``\\U`` escapes of
random code points (non-BMP ones included) next to raw non-ASCII text, the same lexical form
spelled differently in different statements (the parser caches simple literals by their text
as written), language tags, ``^^xsd:`` and ``^^<IRI>`` datatypes (absolute, relative to an
``@base``, with an escaped '#'), numbers and ill-typed values, with LF, CRLF and CR line ends
and comments between the tokens. Three properties:

1. the graph is pyoxigraph's, read whole and in 1- and 7-byte chunks;
2. one bad escape, relative datatype without a base or ``rdf:langString``/``rdf:dirLangString``
   datatype put into such a document is reported where it is written (by hand: the escape's
   backslash, the datatype's '<', the literal's opening quote), on pyoxigraph's line (and
   column, where pyoxigraph places it at the same character), whole and in chunks; with
   ``on_error`` it is the one error, and every other statement is kept;
3. each ill-typed literal (the lexical forms labelled by hand from XML Schema's lexical
   spaces) is warned about once, at its opening quote, whole and in chunks.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable
from dataclasses import dataclass

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Graph
from rdflib.term import Node
from w3c import assert_same_graph, oxigraph_graph

from rdflib_strict import ParseError
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader

XSD = "http://www.w3.org/2001/XMLSchema#"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
# Relative to this base, '<../XMLSchema#integer>' is xsd:integer.
BASE = "http://www.w3.org/2001/base/"
WHOLE = 1 << 20
CHUNK_SIZES = (1, 7)

# --- positions, parsing -----------------------------------------------------------------------

_LINE_END = re.compile(r"\r\n|\r|\n")


def place(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column (code points) of ``text[offset]``: LF, CR and CRLF each end
    a line (worked out here, not by the package)."""
    before = text[:offset]
    line_start = max(before.rfind("\n"), before.rfind("\r")) + 1
    return 1 + len(_LINE_END.findall(before)), offset - line_start + 1


def read(
    data: bytes,
    chunk_size: int,
    *,
    warn: Callable[[ParseError], None] | None = None,
    on_error: Callable[[ParseError], None] | None = None,
) -> Graph:
    """The strict parser's graph of ``data`` read through chunks of ``chunk_size`` bytes."""
    g = Graph()
    parser = TurtleParser(Terms(), None, None)
    parser.warn = warn

    def emit(batch: list[tuple[Node, Node, Node, object]]) -> None:
        for s, p, o, _ in batch:
            g.add((s, p, o))

    parser.parse(ChunkReader(io.BytesIO(data), "x", chunk_size=chunk_size), emit, on_error)
    return g


def strict_error(parse: Callable[[], object]) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse()
    return info.value


def oxigraph_error(data: bytes) -> SyntaxError:
    with pytest.raises(SyntaxError) as info:
        list(ox.parse(input=data, format=ox.RdfFormat.TURTLE))
    return info.value


def same_graph(actual: Graph, expected: Graph, data: bytes, how: str) -> None:
    # '"x"^^xsd:string' is kept typed here and read as "x" by the converter of pyoxigraph's terms.
    assert_same_graph(actual, expected, f"{how}: {data!r}", xsd_string_as_plain=True)


# --- spelling strings -------------------------------------------------------------------------

ECHAR = {
    "\t": "\\t",
    "\b": "\\b",
    "\n": "\\n",
    "\r": "\\r",
    "\f": "\\f",
    '"': '\\"',
    "'": "\\'",
    "\\": "\\\\",
}
# What each kind of string cannot hold as written (the long ones: their quote, for simplicity).
MUST_ESCAPE = {'"': '"\\\n\r', "'": "'\\\n\r", '"""': '"\\', "'''": "'\\"}
QUOTES = st.sampled_from(['"', '"', '"', '"', "'", '"""', "'''"])

# Characters, and runs that end a statement or start a comment outside a string.
_PIECES = st.one_of(
    st.sampled_from([*"aZ0 .#;,<>@^_:-", *ECHAR, ". ", " # ", ".\t"]),
    st.sampled_from(["é", "中", "\u2028", "\u00a0", "\ufeff", "\x00", "\x7f", "\U0001f600", "\U0010ffff"]),
    st.characters(codec="utf-8"),  # no surrogates
)
LEXICAL = st.lists(_PIECES, max_size=6).map("".join)


def char_forms(c: str, quote: str) -> list[str]:
    """Every way to write ``c`` in a string of ``quote``: as it is (if it can be), its ECHAR,
    ``\\u`` in either case of hex digits (BMP), ``\\U``."""
    forms = [] if c in MUST_ESCAPE[quote] else [c]
    if c in ECHAR:
        forms.append(ECHAR[c])
    if ord(c) <= 0xFFFF:
        forms += [f"\\u{ord(c):04X}", f"\\u{ord(c):04x}"]
    return [*forms, f"\\U{ord(c):08X}", f"\\U{ord(c):08x}"]


@st.composite
def spelled(draw: st.DrawFn, lexical: str, quote: str) -> str:
    """``lexical``'s body between ``quote``s: as plainly as it can be, every character
    escaped, or each character written any of its ways."""
    style = draw(st.sampled_from(["plain", "escaped", "mixed", "mixed"]))
    out = []
    for c in lexical:
        forms = char_forms(c, quote)
        if style == "plain":
            out.append(forms[0])
        elif style == "escaped":
            out.append(draw(st.sampled_from(forms[1:] if forms[0] == c else forms)))
        else:
            out.append(draw(st.sampled_from(forms)))
    return "".join(out)


# --- objects ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bad:
    """The one error put into a document: where it must be reported (an offset in its
    statement), its kind, where pyoxigraph reports it (the same character but for
    ``rdf:langString``, which it reports at the datatype) and whether it gives that column
    (for a short ``\\u`` or ``\\U`` it names another)."""

    offset: int
    kind: str
    oxigraph: int
    oxigraph_column: bool = True

    def moved(self, by: int) -> Bad:
        return Bad(self.offset + by, self.kind, self.oxigraph + by, self.oxigraph_column)


@dataclass(frozen=True)
class Written:
    """A term or statement as written; ``ill``: offsets of its ill-typed literals' opening
    quotes (meaningful only while the base is ``BASE``), ``bad``: its error if any."""

    text: str
    ill: tuple[int, ...] = ()
    bad: Bad | None = None


@dataclass(frozen=True)
class Context:
    """What a document's statements share: whether it has a base (else no relative IRI
    anywhere), strings written again exactly as before (``(quote, body)``: the parser
    caches simple literals by their body as written), and lexical forms that recur spelled
    anew each time: those of the strings, the bodies of those with escapes taken as text (the
    six characters ``\\u0041``, next to "A" written as them) and typed literals' values."""

    base: bool
    spellings: tuple[tuple[str, str], ...]
    pool: tuple[str, ...]

    def iris(self, absolute: list[str], relative: list[str]) -> st.SearchStrategy[str]:
        return st.sampled_from(absolute + relative if self.base else absolute)

    def lexical(self) -> st.SearchStrategy[str]:
        return st.one_of(st.sampled_from(self.pool), LEXICAL)


@st.composite
def strings(draw: st.DrawFn, ctx: Context) -> str:
    """A string as a document may hold it: as written before, or a lexical form spelled anew."""
    if draw(st.booleans()):
        quote, body = draw(st.sampled_from(ctx.spellings))
    else:
        quote = draw(QUOTES)
        body = draw(spelled(draw(ctx.lexical()), quote))
    return quote + body + quote


# (lexical form, XSD datatype, ill-typed): labelled by hand from XML Schema's lexical spaces.
TYPED = [
    ("12", "integer", False),
    ("-0", "integer", False),
    ("+007", "integer", False),
    ("abc", "integer", True),
    ("1.5", "integer", True),
    ("", "integer", True),
    ("\u0661\u0662", "integer", True),  # Arabic-Indic digits: not [0-9]
    ("true", "boolean", False),
    ("0", "boolean", False),
    ("yes", "boolean", True),
    ("True", "boolean", True),
    ("2024-02-29", "date", False),
    ("2023-12-31Z", "date", False),
    ("2023-02-29", "date", True),
    ("2024-13-01", "date", True),
    ("-.5", "decimal", False),
    ("1e3", "decimal", True),
    ("1.5E-2", "double", False),
    ("INF", "double", False),
    ("NaN", "double", False),
    ("inf", "double", True),
    ("-128", "byte", False),
    ("128", "byte", True),
    ("any \u00e9", "string", False),
]


def xsd_datatype(name: str, base: bool) -> st.SearchStrategy[str]:
    """Ways to write the XSD datatype ``name`` after '^^' (relative: against ``BASE``)."""
    forms = [f"<{XSD}{name}>", f"<{XSD}{name}>", f"xsd:{name}", f"<{XSD[:-1]}\\u0023{name}>"]
    return st.sampled_from([*forms, f"<../XMLSchema#{name}>"] if base else forms)


@st.composite
def typed_literal(draw: st.DrawFn, ctx: Context) -> Written:
    lexical, name, ill = draw(st.sampled_from(TYPED))
    quote = draw(QUOTES)
    text = quote + draw(spelled(lexical, quote)) + quote + "^^" + draw(xsd_datatype(name, ctx.base))
    return Written(text, (0,) if ill else ())


def suffixes(ctx: Context) -> st.SearchStrategy[str]:
    """What may follow a string that is never ill-typed."""
    tags = ["@en", "@EN-gb", "@de-CH-1996", "@fr"]
    datatypes = ["^^xsd:string", f"^^<{XSD}string>", "^^<http://ex/dt>", "^^:dt", "^^<http://ex/d\\u00E9>"]
    relative = ["^^<dt>", "^^<#dt>", "^^<../d/t>"]
    return st.one_of(st.just(""), st.sampled_from([*tags, *datatypes, *(relative if ctx.base else [])]))


@st.composite
def string_literal(draw: st.DrawFn, ctx: Context) -> Written:
    return Written(draw(strings(ctx)) + draw(suffixes(ctx)))


OTHERS = [":o", "<http://ex/o>", "12", "-3.5", "1e3", ".5", "true", "false"]


def objects(ctx: Context) -> st.SearchStrategy[Written]:
    other = ctx.iris(OTHERS, ["<o>", "<#o>"]).map(Written)
    return st.one_of(string_literal(ctx), string_literal(ctx), typed_literal(ctx), other)


# --- the one error -------------------------------------------------------------------------------

# (escape, does pyoxigraph place it at the backslash): a short \u or \U it places elsewhere.
BAD_ESCAPES = st.one_of(
    st.sampled_from(["\\q", "\\a", "\\x41", "\\0", "\\ ", "\\\u00e9", "\\U0011FFFF", "\\U00110000"]).map(
        lambda e: (e, True)
    ),
    st.sampled_from(["\\UFFFFFFFF", "\\uD83D\\uDE00", "\\U0000DC00"]).map(lambda e: (e, True)),
    st.integers(0xD800, 0xDFFF).map(lambda c: (f"\\u{c:04X}", True)),
    st.sampled_from(["\\u12G4", "\\U1234567z"]).map(lambda e: (e, False)),
)


@st.composite
def bad_escape(draw: st.DrawFn, ctx: Context) -> Written:
    lexical = draw(ctx.lexical())
    cut = draw(st.integers(0, len(lexical)))
    quote = draw(QUOTES)
    escape, same_column = draw(BAD_ESCAPES)
    before = quote + draw(spelled(lexical[:cut], quote))
    after = draw(spelled(lexical[cut:], quote)) + quote + draw(suffixes(ctx))
    return Written(before + escape + after, bad=Bad(len(before), "invalid-escape", len(before), same_column))


@st.composite
def bad_datatype(draw: st.DrawFn, ctx: Context) -> Written:
    """``rdf:langString`` or ``rdf:dirLangString`` (reported at the literal), or a relative
    datatype with no base declared (at its '<')."""
    string = draw(strings(ctx))
    name = draw(st.sampled_from(["langString", "dirLangString"]))
    forms = [f"<{RDF}{name}>", f"rdf:{name}"] + ([] if ctx.base else ["<dt>", "<#dt>", "<../x/y>"])
    datatype = draw(st.sampled_from(forms))
    if datatype.startswith(("<h", "rdf:")):  # rdf:dirLangString: an RDF 1.2 literal's datatype
        kind = "invalid-literal" if name == "langString" else "not-rdf11"
        return Written(string + "^^" + datatype, bad=Bad(0, kind, len(string) + 2))
    at = len(string) + 2
    return Written(string + "^^" + datatype, bad=Bad(at, "relative-iri-without-base", at))


# --- statements and documents ------------------------------------------------------------------------

EOL = st.sampled_from(["\n", "\r\n", "\r"])
# Between tokens: line ends, and comments holding what looks like escapes, strings and ends.
SEP = st.sampled_from(
    [" ", "\t", "  ", "\n", "\r\n", "\r", " # c\n", '\t#\\q "\u00e9\r\n', "#\r", "\n# ; .\n  "]
)
BEFORE_PUNCT = st.sampled_from(["", "", " ", "\n", " #c\r"])
AFTER_STATEMENT = st.sampled_from(["\n", "\r\n", "\r", " # end\n", "\r\n\r\n", "\n#x\r"])


@st.composite
def statement(draw: st.DrawFn, ctx: Context, bad: st.SearchStrategy[Written] | None = None) -> Written:
    """``subject verb objects (; verb objects)? .`` with its line end; with ``bad``, one of
    its objects (at random) is drawn from it."""
    shape = draw(st.lists(st.integers(1, 3), min_size=1, max_size=2))  # objects per verb
    bad_at = draw(st.integers(0, sum(shape) - 1)) if bad is not None else -1
    text = draw(ctx.iris([":s", "<http://ex/s>", "_:b"], ["<s>"])) + draw(SEP)
    ill: list[int] = []
    found: Bad | None = None
    n = 0
    for i, count in enumerate(shape):
        if i:
            text += draw(BEFORE_PUNCT) + ";" + draw(SEP)
        text += draw(ctx.iris([":p", "<http://ex/p>", "a"], ["<p>"])) + draw(SEP)
        for j in range(count):
            if j:
                text += draw(BEFORE_PUNCT) + "," + draw(SEP)
            obj = draw(bad if n == bad_at and bad is not None else objects(ctx))
            ill += [len(text) + k for k in obj.ill]
            if obj.bad is not None:
                found = obj.bad.moved(len(text))
            text += obj.text
            n += 1
    text += draw(BEFORE_PUNCT) + "." + draw(AFTER_STATEMENT)
    return Written(text, tuple(ill), found)


@dataclass(frozen=True)
class Doc:
    head: str  # the directives
    statements: tuple[Written, ...]

    def text(self, without: int = -1) -> str:
        return self.head + "".join(s.text for i, s in enumerate(self.statements) if i != without)

    def place(self, index: int, offset: int) -> tuple[int, int]:
        """Line and column of ``offset`` in statement ``index``."""
        return place(self.text(), len(self.head) + sum(len(s.text) for s in self.statements[:index]) + offset)

    def ill_typed(self) -> list[tuple[int, int]]:
        return [self.place(i, offset) for i, s in enumerate(self.statements) for offset in s.ill]


@st.composite
def head(draw: st.DrawFn, base: bool) -> str:
    lines = [
        draw(st.sampled_from(["@prefix : <http://ex/> .", "PREFIX : <http://ex/>"])),
        draw(st.sampled_from([f"@prefix xsd: <{XSD}> .", f"prefix xsd: <{XSD}>"])),
        f"@prefix rdf: <{RDF}> .",
    ]
    if base:
        lines.insert(draw(st.integers(0, 3)), draw(st.sampled_from([f"@base <{BASE}> .", f"BASE <{BASE}>"])))
    return "".join(line + draw(EOL) for line in lines)


@st.composite
def contexts(draw: st.DrawFn, base: bool | None = None) -> Context:
    lexicals = draw(
        st.lists(
            st.one_of(LEXICAL, LEXICAL, st.sampled_from(TYPED).map(lambda t: t[0])), min_size=1, max_size=3
        )
    )
    spellings = []
    for lexical in lexicals:
        quote = draw(QUOTES)
        spellings.append((quote, draw(spelled(lexical, quote))))
    confusable = [body for _, body in spellings if "\\" in body]
    return Context(draw(st.booleans()) if base is None else base, tuple(spellings), (*lexicals, *confusable))


@st.composite
def documents(draw: st.DrawFn) -> Doc:
    """Valid documents; with a base, now and then a second one (relative to the first) between
    statements: the relative IRIs after it, datatypes included, resolve against it."""
    ctx = draw(contexts())
    statements = draw(st.lists(statement(ctx), min_size=1, max_size=8))
    if ctx.base and draw(st.booleans()):
        rebase = draw(st.sampled_from(["@base <sub/> .", "BASE <../>", "@base <http://ex/other/> ."]))
        statements.insert(draw(st.integers(0, len(statements))), Written(rebase + draw(EOL)))
    return Doc(draw(head(ctx.base)), tuple(statements))


@st.composite
def documents_with_one_error(draw: st.DrawFn) -> tuple[Doc, int]:
    """A valid document with one bad statement put in, and its index."""
    relative = draw(st.integers(0, 3)) == 0
    ctx = draw(contexts(base=False if relative else None))
    bad = bad_datatype(ctx) if relative or draw(st.integers(0, 2)) == 0 else bad_escape(ctx)
    statements = draw(st.lists(statement(ctx), max_size=6))
    index = draw(st.integers(0, len(statements)))
    statements.insert(index, draw(statement(ctx, bad)))
    return Doc(draw(head(ctx.base)), tuple(statements)), index


@st.composite
def documents_with_typed_literals(draw: st.DrawFn) -> Doc:
    """Valid documents, their base ``BASE`` throughout, with typed literals in most statements."""
    ctx = draw(contexts(base=True))
    typed = statement(ctx, typed_literal(ctx))
    statements = draw(st.lists(st.one_of(typed, typed, statement(ctx)), min_size=1, max_size=8))
    return Doc(draw(head(True)), tuple(statements))


# --- the properties ------------------------------------------------------------------------------

_SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(_SETTINGS, max_examples=250)
@given(documents())
def test_escaped_strings_and_datatypes_read_as_pyoxigraph_reads_them(doc: Doc) -> None:
    """Whole (the plugin) and in 1- and 7-byte chunks: pyoxigraph's graph."""
    data = doc.text().encode()
    expected = oxigraph_graph(data, "ttl")
    assert len(expected) > 0
    same_graph(Graph().parse(data=data, format="strict-turtle"), expected, data, "whole")
    for size in CHUNK_SIZES:
        same_graph(read(data, size), expected, data, f"{size}-byte chunks")


@settings(_SETTINGS, max_examples=250)
@given(documents_with_one_error())
def test_one_bad_escape_or_datatype_is_placed_and_skipped(case: tuple[Doc, int]) -> None:
    """The error where it is written, with its kind, whole and in chunks, where pyoxigraph
    places it; with ``on_error``, that error alone and every other statement."""
    doc, index = case
    data = doc.text().encode()
    bad = doc.statements[index].bad
    assert bad is not None
    where = doc.place(index, bad.offset)
    e = strict_error(functools.partial(Graph().parse, data=data, format="strict-turtle"))
    assert (e.lineno, e.colno, e.kind.value) == (*where, bad.kind), f"{e}\n{data!r}"
    # pyoxigraph's line (and column): strict's, but for a literal typed rdf:langString over
    # several lines (a long string holding a line end), which strict places at its start and
    # pyoxigraph at its datatype.
    theirs = oxigraph_error(data)
    line, column = doc.place(index, bad.oxigraph)
    assert theirs.lineno == line, f"pyoxigraph: {theirs}\nstrict: {e}\n{data!r}"
    if bad.oxigraph_column:
        assert theirs.offset == column, f"pyoxigraph: {theirs}\nstrict: {e}\n{data!r}"
    for size in CHUNK_SIZES:
        chunked = strict_error(functools.partial(read, data, size))
        assert (chunked.lineno, chunked.colno, chunked.kind.value) == (*where, bad.kind), (size, data)
    # Collecting errors: the one error, and every other statement (those pyoxigraph reads from
    # the document without the bad one).
    rest = oxigraph_graph(doc.text(without=index).encode(), "ttl")
    errors: list[ParseError] = []
    g = Graph().parse(data=data, format="strict-turtle", on_error=errors.append)
    assert [(x.lineno, x.colno, x.kind.value) for x in errors] == [(*where, bad.kind)], data
    same_graph(g, rest, data, "whole, on_error")
    for size in CHUNK_SIZES:
        errors = []
        g = read(data, size, on_error=errors.append)
        assert [(x.lineno, x.colno, x.kind.value) for x in errors] == [(*where, bad.kind)], (size, data)
        same_graph(g, rest, data, f"{size}-byte chunks, on_error")


@settings(_SETTINGS, max_examples=150)
@given(documents_with_typed_literals())
def test_each_ill_typed_literal_warns_once_where_written(doc: Doc) -> None:
    """One warning per ill-typed literal, in order, at its opening quote, whole and in chunks
    (a statement cut by a chunk's end is read again, and must not warn again)."""
    data = doc.text().encode()
    expected = oxigraph_graph(data, "ttl")
    where = doc.ill_typed()
    for size in (WHOLE, *CHUNK_SIZES):
        warnings: list[ParseError] = []
        g = read(data, size, warn=warnings.append)
        assert [(w.lineno, w.colno) for w in warnings] == where, (size, data)
        assert all(w.kind.value == "ill-typed-literal" for w in warnings), (size, data)
        same_graph(g, expected, data, f"chunks of {size}")
