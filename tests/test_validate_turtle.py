"""The Turtle and TriG validator (``formats/validate_turtle.py``) gives the Turtle parser's
verdicts: the same triple count, the same errors (line, columns, message, skipped text) and
the same ill-typed literal warnings.

- differential (hypothesis): generated documents of many shapes, valid and mutated, whole and
  read in chunks of 1, 7 and 40 characters; the expected verdict is the parser's own;
- golden: errors and warnings at hand-computed places, inside runs the regex takes;
- the run regex's prefixes follow the directives (a prefix redefined to a namespace the
  regex cannot take, many prefixes, rdf: datatypes);
- the fast path is not vacuous: plain statements are counted by it, not the parser;
- every W3C Turtle and TriG manifest entry: positive ones valid with the parser's count,
  negative ones with at least one error and the parser's first error (the whole verdict,
  in fact).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_validate import mutated as line_mutated
from verdicts import parser_verdict, reader, validator_verdict
from w3c import MANIFESTS, W3CTest, find_rdf_tests_dir, load_manifest

from rdflib_strict.formats import validate_turtle
from rdflib_strict.formats.validate_turtle import TurtleValidator
from rdflib_strict.syntax.errors import ParseError

XSD = "http://www.w3.org/2001/XMLSchema#"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

# --- (a) differential: generated documents -----------------------------------------------------

# Each pool of tokens in three parts: what the run regex takes, what only the parser takes,
# and what the grammar does not take (or only in some places). A "clean" document draws
# mostly from the first part and never from the last, so that most documents are valid and
# the run regex sees long runs; the others mix all three and are mutated.
Pool = tuple[list[str], list[str], list[str]]

PREFIXES: Pool = (["", "ex", "xsd", "rdf", "r", "e.x", "\u00e9", "a", "true", "prefix"], [], ["ex."])
NAMESPACES: Pool = (
    ["http://ex/", "http://ex/ns#", RDF, XSD, "urn:x:/", "http://", "file://", "x:/"],
    ["urn:x:", "http://ex.org:8"],  # a local name lands in the port: checked
    ["http://ex/a#b#", "rel/"],  # not an IRI; relative (an error without a base)
)
IRIS: Pool = (
    [
        "<http://ex/s>",
        "<http://ex/p>",
        "<urn:x:y>",
        "<http://ex/a,b;c.d>",
        "<http://ex/?q=1#f>",
        "<http://ex/'q'>",
        f"<{XSD}integer>",
        # relative: taken with a valid base, an error without one
        "<rel>",
        "<#frag>",
        "<a/b.c#d>",
        "<>",
    ],
    ["<http://ex/\u00e9>", "<http://ex/\\u0041>", "<http://[::1]/x>", "<./a>", "<../a>", "<a//b>", "<?q>"],
    [
        "<http://ex/a b>",
        "<http://ex/{x}>",
        "<http://ex:8a/>",
        "<<http://ex/s>>",
        f"<{RDF}langString>",
        f"<{RDF}dirLangString>",
    ],
)
PNAME_PREFIXES: Pool = (
    ["ex", "ex", "xsd", "rdf", ""],
    [],
    ["undef", "e.x", "\u00e9", "true", "a", "prefix", "r"],
)
LOCALS: Pool = (
    [
        *("s", "o", "", "a.b", "1", "a-b_c", "type", "integer", "date", "boolean", "langStringX", "_"),
        *("%41", "\\(x\\)", "a:b", ":a", "a\\.", "a\\.b", "\\/x", "a\\'b", "a\\,b\\;c", "\\~\\!\\@"),
        # non-ASCII: the full run regex takes them (PN_CHARS that are ucschar)
        *("caf\u00e9", "\u03a9mega", "a\u00b7b", "x\u0301", "\u00e9.\u00e9", "\U0001f600", "\u3001\ufdf0"),
    ],
    ["langString", "a\\#b", "\\%41", "a\\%zz"],
    [
        *("a.", "-a", "a..b", "dirLangString", "\\q", "%4"),
        # not PN_CHARS, not a first one, or PN_CHARS but not ucschar (not in an IRI)
        *("a\u00d7b", "\u00b7a", "\u0301x", "a\u00a0", "a\ue000", "a\ufff0", "a\U0001fffe", "a\u2014"),
    ],
)
LABELS: Pool = (["_:b1", "_:b.1", "_:a-b", "_:1", "_:x_"], ["_:\u00e9"], ["_:b.", "_:", "_:-a", "_:a..b"])
BODIES: Pool = (
    [
        "plain",
        "",
        "a,b;c. d #e",
        "\\t\\n\\\"\\'\\\\",
        "\\u00E9",
        "caf\u00e9 \U0001f600",
        "a'b",
        'a"b',
        "x\ny",
    ],
    ["\\U0001F600"],
    ["\\ud800", "\\q", "\\", 'q""', 'q"', "q'", "\\U00110000"],
)
# Typed literals' lexical forms: some well-typed, some ill-typed (a warning, not an error).
LEXICALS = ["1", "abc", "-007", "true", "2024-02-30", " 1", "2024-01-01", "1.5", "\\u0031x"]
QUOTES = ['"', "'", '"""', "'''"]
TAGS: Pool = (
    ["en", "en-GB", "zh-Hant-TW", "be-tarask", "es-419", "EN-gb"],
    ["de-CH-1901", "i-klingon", "abc-def", "x-private", "en-GB-oed"],
    ["e", "en--ltr", "en-", "en-a", "123"],
)
DATATYPES: Pool = (
    ["xsd:integer", "xsd:boolean", "xsd:date", "xsd:string", f"<{XSD}integer>", f"<{XSD}date>", "ex:dt"],
    ["rdf:XMLLiteral", "xsd:\\u0069"],
    ["rdf:langString", "rdf:dirLangString", f"<{RDF}langString>", "undef:dt", "<rel>"],
)
NUMBERS: Pool = (
    ["1", "-5", "+0", "1.5", ".5", "1e5", "1.5E-3", "1.e2", "0.0"],
    [],
    ["12abc", "1.5.", "--1", "1."],
)
BOOLEANS: Pool = (["true", "false"], [], ["TRUE", "truex"])
NESTED: Pool = (
    ["[]", "[ ex:p ex:o ]", "()", "( ex:a 1 'x' )", "[ ex:p ( 1 2 ) ; a ex:C ]"],
    ["[ # c\n]", "[ ex:p ex:o ; ]"],
    ["[ ex:p ]", "( [", "[ ex:p ex:o ex:o2 ]", "( ex:a , ex:b )", "[ ex:p ex:o )", "( ex:a ]"],
)
WS = [" ", " ", " ", "\n", "\r\n", "\r", "\t", "  # c\n", '#c, d. "e\r\n', " \n\n "]
ENDS: Pool = (["."], ["; ."], ["", ". .", "}", ".x", ";", "; ;"])


def pool(pools: Pool, clean: bool) -> st.SearchStrategy[str]:
    fast, other, bad = pools
    return st.sampled_from(fast * 16 + other if clean else fast * 2 + other + bad)


# A strategy built anew for every draw is validated anew, which took most of the generation
# time: what is drawn on its own is built once (per pool and ``clean``) and reused. What
# goes into a one_of is still built fresh each time it is listed: one_of drops a branch it
# already has (the same object), so sharing one would drop the doubled weights of an_object.
_DRAWN: dict[tuple[int, bool], tuple[Pool, st.SearchStrategy[str]]] = {}


def drawn_pool(pools: Pool, clean: bool) -> st.SearchStrategy[str]:
    """``pool(pools, clean)`` for a draw of its own, built once."""
    key = (id(pools), clean)  # the pools are module constants, kept alive in the value too
    if key not in _DRAWN:
        _DRAWN[key] = (pools, pool(pools, clean))
    return _DRAWN[key][1]


@st.composite
def pname(draw: st.DrawFn, clean: bool) -> str:
    return f"{draw(drawn_pool(PNAME_PREFIXES, clean))}:{draw(drawn_pool(LOCALS, clean))}"


_QUOTES = st.sampled_from(QUOTES)
_LEXICALS = st.sampled_from(LEXICALS)
_LITERAL_SPACES = st.sampled_from(["", "", " ", "\n", " #c\n"])
_CARET_SPACES = st.sampled_from(["", "", " "])


@st.composite
def literal(draw: st.DrawFn, clean: bool) -> str:
    q = draw(_QUOTES)
    suffix = draw(st.integers(0, 3))
    body = draw(_LEXICALS if suffix >= 2 else drawn_pool(BODIES, clean))
    if clean and len(q) == 1 and "\\" not in body:  # what a short string must escape
        body = body.replace(q, "\\" + q).replace("\n", "\\n")
    text = q + body + q
    space = draw(_LITERAL_SPACES)
    if suffix == 1:
        text += space + "@" + draw(drawn_pool(TAGS, clean))
    elif suffix >= 2:
        text += space + "^^" + draw(_CARET_SPACES) + draw(drawn_pool(DATATYPES, clean))
    return text


def iri(clean: bool) -> st.SearchStrategy[str]:
    return pool(IRIS, clean) | pname(clean)


def node(clean: bool) -> st.SearchStrategy[str]:
    return iri(clean) | pool(LABELS, clean)


def a_term(clean: bool) -> st.SearchStrategy[str]:
    return st.one_of(
        node(clean),
        node(clean),
        literal(clean),
        literal(clean),
        pool(NUMBERS, clean),
        pool(BOOLEANS, clean),
    )


def an_object(clean: bool) -> st.SearchStrategy[str]:
    # A seventh of them nested in '[ ]' and '( )', some deeper than the full run regex's three.
    return st.one_of(
        *[a_term(clean) for _ in range(6)],
        st.recursive(
            a_term(clean),
            lambda inner: pool(NESTED, clean) | collection(inner) | blank_node(inner, clean),
            max_leaves=5,
        ),
    )


@st.composite
def collection(draw: st.DrawFn, items: st.SearchStrategy[str]) -> str:
    return "(" + "".join(draw(_WS) + draw(items) for _ in range(draw(st.integers(0, 3)))) + draw(_WS) + ")"


def predicate_objects(draw: st.DrawFn, clean: bool, objects: st.SearchStrategy[str], most: int) -> list[str]:
    """The tokens of ``verb objects (; verb objects)*``: up to ``most`` verbs and objects each."""
    tokens: list[str] = []
    for i in range(draw(st.integers(1, most))):
        if i:
            tokens.append(";")
        tokens.append(draw(_verb(clean)))
        for j in range(draw(st.integers(1, most))):
            if j:
                tokens.append(",")
            tokens.append(draw(objects))
    return tokens


@st.composite
def blank_node(draw: st.DrawFn, objects: st.SearchStrategy[str], clean: bool) -> str:
    """``[ verb objects (; verb objects)* ]``, or now and then ``[]`` with inner whitespace."""
    if draw(st.integers(0, 5)) == 0:
        return "[" + draw(st.sampled_from(["", " ", "\n\t", " # c\n"])) + "]"
    tokens = ["[", *predicate_objects(draw, clean, objects, 2), "]"]
    return "".join(draw(_GLUED_WS if token in ",;]" else _WS) + token for token in tokens)


@functools.cache
def _subject(clean: bool) -> st.SearchStrategy[str]:
    return node(clean) if clean else node(clean) | pool(NESTED, clean) | literal(clean)


@functools.cache
def _verb(clean: bool) -> st.SearchStrategy[str]:
    return iri(clean) | st.just("a")


@functools.cache
def _object(clean: bool) -> st.SearchStrategy[str]:
    return an_object(clean)


_WS = st.sampled_from(WS)
_GLUED_WS = st.sampled_from(["", *WS])


@st.composite
def statement(draw: st.DrawFn, clean: bool) -> str:
    """``subject verb objects (; verb objects)* .`` as tokens joined by drawn whitespace."""
    subject = _subject(clean)
    if clean and draw(st.integers(0, 9)) == 0:
        subject = drawn_pool(NESTED, clean)
    tokens = [draw(subject), *predicate_objects(draw, clean, _object(clean), 3)]
    tokens.append(draw(drawn_pool(ENDS, clean)))
    text = tokens[0]
    for token in tokens[1:]:
        # Punctuation may touch the token before it ('ex:o.', '"x"@en;'); elsewhere, an empty
        # separator may glue two tokens into another (only in the mixed documents).
        glued = token in (".", ",", ";") or not clean
        text += draw(_GLUED_WS if glued else _WS) + token
    return text + draw(_WS)


@st.composite
def directive(draw: st.DrawFn, clean: bool) -> str:
    prefix = draw(drawn_pool(PREFIXES, clean))
    namespace = draw(drawn_pool(NAMESPACES, clean))
    form = draw(st.integers(0, 5))
    if form == 0:
        return f"PREFIX {prefix}: <{namespace}>\n"
    if form == 1:
        return f"@base <{draw(st.sampled_from(['http://b/', 'http://b/c#', 'rel/']))}> .\n"
    if form == 2:
        return f"BASE <{draw(st.sampled_from(['http://b2/', 'urn:b:']))}>\n"
    return f"@prefix {prefix}: <{namespace}> .\n"


@functools.cache
def _statement(clean: bool) -> st.SearchStrategy[str]:
    return statement(clean)


@functools.cache
def _directive(clean: bool) -> st.SearchStrategy[str]:
    return directive(clean)


@functools.cache
def _trig_block(clean: bool) -> st.SearchStrategy[str]:
    return trig_block(clean)


_OPENINGS = st.sampled_from(["{", "ex:g {", "<http://ex/g> {", "GRAPH ex:g {", "_:g {", "[] {"])


@st.composite
def trig_block(draw: st.DrawFn, clean: bool) -> str:
    opening = draw(_OPENINGS)
    inner = "".join(draw(_statement(clean)) for _ in range(draw(st.integers(0, 3))))
    if inner and draw(st.booleans()):
        inner = inner.rstrip(" \t\r\n#c").removesuffix(".")  # the last '.' is optional
    return opening + draw(_WS) + inner + "}" + draw(_WS)


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` with one character deleted or inserted (Turtle's punctuation), or cut short."""
    return line_mutated(text, "<>\"'\\_:@^.,;#[](){} \t\n\r\u00e9")


HEADER = (
    "@prefix ex: <http://ex/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
    "@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n"
)


@st.composite
def document(draw: st.DrawFn, trig: bool) -> str:
    clean = draw(st.booleans())
    parts = [HEADER + "PREFIX : <http://ex/e#>\n"] if clean or draw(st.integers(0, 4)) else []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            part = draw(_directive(clean))
        elif kind <= 2 and trig:
            part = draw(_trig_block(clean))
        else:
            part = draw(_statement(clean))
        if not clean and draw(st.integers(0, 4)) == 0:
            part = draw(mutated(part))
        parts.append(part)
    text = "".join(parts)
    line_end = draw(st.sampled_from(["\n", "\n", "\r\n", "\r"]))
    return text.replace("\r\n", "\n").replace("\n", line_end) if line_end != "\n" else text


@pytest.mark.parametrize("trig", [False, True], ids=["turtle", "trig"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_validator_gives_the_parsers_verdicts(trig: bool, data: st.DataObject) -> None:
    doc = data.draw(document(trig)).encode("utf-8")
    # Mostly with a base: the relative IRIs of the clean pools are errors without one.
    base = data.draw(st.sampled_from([None, "http://base/d", "http://base/d"]))
    # One chunking per example (the whole document in one chunk, or chunks of 1, 7 or 40
    # characters, cut inside tokens): every chunking over the run, at a fraction of the cost.
    size = data.draw(st.sampled_from([None, None, 1, 7, 40]))
    fmt = "trig" if trig else "turtle"
    expected = parser_verdict(doc, fmt, base, size)
    validator = TurtleValidator(trig, base, lambda w: None)
    validator.check(reader(doc), lambda e: None)
    event(f"errors: {min(len(expected[1]), 3)}, warnings: {min(len(expected[2]), 2)}")
    event(f"share of the triples the run regex took: {validator._triples / max(1, expected[0]):.1f}")
    assert validator_verdict(doc, fmt, base, size) == expected, (size, doc)
    # The full run regex (nesting, non-ASCII names), which takes over after many statements it
    # did not take, from the first statement on.
    assert validator_verdict(doc, fmt, base, size, full=True) == expected, (size, doc)
    # Without warnings, the triples are counted by the other scan.
    if expected[0] >= 0:
        assert TurtleValidator(trig, base).check(reader(doc, size), lambda e: None) == expected[0], doc
        full = TurtleValidator(trig, base, full_after=0)
        assert full.check(reader(doc, size), lambda e: None) == expected[0], doc
        event(f"share of the triples the full run regex took: {full._triples / max(1, expected[0]):.1f}")


# --- (b) golden: hand-placed errors and warnings inside runs ------------------------------------

GOLDEN = (
    HEADER  # lines 1-3
    + 'ex:s ex:p "ok" ; ex:q 1, 2.5, true .\n'  # 4: 4 triples
    + 'ex:s ex:p "abc"^^xsd:integer .\n'  # 5: warning at col 11
    + "ex:s ex:p <rel> .\n"  # 6: error, relative IRI, col 11
    + 'ex:s ex:p "x"^^rdf:langString .\n'  # 7: error, needs a tag, col 11
    + "ex:s ex:p ex:o, undef:o .\n"  # 8: error, undefined prefix, col 17
    + 'ex:s ex:p """multi\nline "quoted" """@en-GB ;\n'  # 9-10
    + '  ex:q "2024-02-30"^^<http://www.w3.org/2001/XMLSchema#date> .\n'  # 11: warning at col 8
    + 'ex:s ex:p "x"@en-a .\n'  # 12: error, bad tag, col 14
    + "ex:s ex:p ex:o # comment , ; .\n"  # 13
    + "  .\n"  # 14
    + 'ex:s ex:p "\\u0031x"^^xsd:integer.\n'  # 15: warning at col 11 ("1x")
)


@pytest.mark.parametrize("chunk_size", [None, 1, 7, 40])
def test_golden_verdict(chunk_size: int | None) -> None:
    count, errors, warnings = validator_verdict(GOLDEN.encode(), "turtle", None, chunk_size)
    assert count == 4 + 1 + 2 + 1 + 1
    assert [(line, col) for line, col, *_ in errors] == [(6, 11), (7, 11), (8, 17), (12, 14)]
    assert "relative IRI" in errors[0][3]
    assert "rdf:langString needs a language tag" in errors[1][3]
    assert "undefined prefix 'undef:'" in errors[2][3]
    assert "language tag" in errors[3][3]
    assert errors[0][4] == "ex:s ex:p <rel> ."
    assert [(line, col, end) for line, col, end, *_ in warnings] == [(5, 11, 29), (11, 8, 61), (15, 11, 33)]
    assert all(w[3].startswith("ill-typed literal (valid RDF; a warning): ") for w in warnings)
    assert (count, errors, warnings) == parser_verdict(GOLDEN.encode(), "turtle", None, chunk_size)


def test_golden_trig() -> None:
    doc = (
        HEADER  # lines 1-3
        + "ex:g { ex:s ex:p ex:o . ex:s ex:p 1 }\n"  # 4: 2 triples, the last without '.'
        + 'GRAPH <http://ex/g> {\n  ex:s ex:p "a" .\n  ex:s ex:p "b"^^xsd:boolean .\n}\n'  # 5-8
        + "{ ex:s ex:p <rel> . ex:s ex:p ex:o . }\n"  # 9: error at col 13
        + "ex:s ex:p ex:o .\n"  # 10: default graph
        + "ex:h { ex:s ex:p ex:o .\n"  # 11: unclosed block
    )
    count, errors, warnings = validator_verdict(doc.encode(), "trig")
    assert count == 2 + 2 + 1 + 1 + 1
    assert [(line, col) for line, col, *_ in errors] == [(9, 13), (11, 24)]
    assert "'}' to close the graph block" in errors[1][3]
    assert [(line, col) for line, col, *_ in warnings] == [(7, 13)]
    assert (count, errors, warnings) == parser_verdict(doc.encode(), "trig")


CHUNKED = (
    GOLDEN
    + 'ex:s ex:p """a long string\r\nover "three"\rlines""" , "x"@en ; ex:q ex:o .\n' * 3
    + "ex:s ex:p ex:o .\n" * 40
    + 'ex:s ex:p "abc"^^xsd:integer , ( 1 2 ) ; ex:q [ ex:r "x"^^xsd:boolean ] .\n'
    + "ex:s ex:p ex:o ; ex:q bad .\n"
    + "ex:s ex:p ex:o .\n" * 40
)


@pytest.mark.parametrize("chunk_size", [1, 7, 40, 256])
def test_chunk_boundaries_move_nothing(chunk_size: int) -> None:
    # Statements cut by a chunk's end are read again whole, by the run regex or the parser.
    whole = validator_verdict(CHUNKED.encode(), "turtle")
    chunked = validator_verdict(CHUNKED.encode(), "turtle", None, chunk_size)
    assert chunked == parser_verdict(CHUNKED.encode(), "turtle", None, chunk_size)
    assert chunked[0] == whole[0] == 9 + 3 * 3 + 40 + 8 + 0 + 40
    # The text a skipped statement takes along may end elsewhere (blank lines, as in the
    # line formats); and the parser warns again on a literal whose statement it reads again
    # (its own behaviour, which the validator keeps).
    assert [e[:4] for e in chunked[1]] == [e[:4] for e in whole[1]]
    assert list(dict.fromkeys(chunked[2])) == whole[2]
    assert len(whole[2]) == 3 + 2


def test_errors_raise_without_on_error() -> None:
    doc = (HEADER + "ex:s ex:p ex:o .\nex:s ex:p <rel> .\n").encode()
    with pytest.raises(ParseError) as raised:
        TurtleValidator(False, None).check(reader(doc))
    assert (raised.value.lineno, raised.value.colno) == (5, 11)
    assert "relative IRI" in raised.value.msg


def test_no_warnings_without_warn() -> None:
    errors: list[ParseError] = []
    count = TurtleValidator(False, None).check(reader(GOLDEN.encode()), errors.append)
    assert (count, len(errors)) == (9, 4)


# --- (c) the run regex follows the prefixes ------------------------------------------------------


def test_prefix_redefined_to_a_namespace_the_regex_cannot_take() -> None:
    doc = (
        b"@prefix ex: <http://ex/> .\nex:s ex:p ex:x .\n"
        b"@prefix ex: <http://ex.org:8> .\nex:s ex:p ex:x .\n"  # line 4: port '8s'
        b"@prefix ex: <http://ex/> .\nex:s ex:p ex:x .\n"
    )
    count, errors, _ = expected = parser_verdict(doc, "turtle")
    assert count == 2
    assert [(line, col) for line, col, *_ in errors] == [(4, 1)]
    assert validator_verdict(doc, "turtle") == expected


def test_prefix_redefined_to_another_namespace() -> None:
    # The regex does not change (both end in '/'), the datatypes do: xsd: then names another
    # namespace, whose 'integer' is not checked.
    doc = (
        (
            HEADER + 'ex:s ex:p "x"^^xsd:integer .\n'  # 4: warning
            "@prefix xsd: <http://other/> .\n"
            'ex:s ex:p "x"^^xsd:integer .\n'  # 6: no warning
        ).encode()
    )
    expected = parser_verdict(doc, "turtle")
    assert [(line, col) for line, col, *_ in expected[2]] == [(4, 11)]
    assert validator_verdict(doc, "turtle") == expected


def test_rdf_datatypes_through_any_prefix() -> None:
    doc = (
        "@prefix r: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n@prefix ex: <http://ex/> .\n"
        + 'ex:s ex:p "ok" .\n' * 3
        + 'ex:s ex:p "x"^^r:langString .\nex:s ex:p "x"^^r:dirLangString .\n'  # 6, 7
        + 'ex:s ex:p "x"^^r:langStringX, "y"^^r:XMLLiteral .\n'
        + 'ex:s ex:p "ok" .\n' * 3
    ).encode()
    count, errors, _ = expected = parser_verdict(doc, "turtle")
    assert count == 8
    assert [(line, col) for line, col, *_ in errors] == [(6, 11), (7, 11)]
    assert validator_verdict(doc, "turtle") == expected


def test_an_unclosed_block_after_a_line_statement_skips_no_text() -> None:
    # The N-Triples path reads a line's trailing spaces with its '.', the Turtle reader does
    # not: the unclosed block's error skips nothing either way (found by the test above).
    doc = b"{ <http://ex/s> <http://ex/p> <http://ex/o>. \t"
    count, errors, _ = expected = parser_verdict(doc, "trig")
    assert count == 1
    assert [(line, col, skipped) for line, col, _, _, skipped, *_ in errors] == [(1, 45, "")]
    assert validator_verdict(doc, "trig") == expected


def test_many_prefixes_bound_the_compiles() -> None:
    # A new prefix before every statement: the validator stops compiling and lets the parser
    # read them (still the parser's verdict), instead of one compile per statement.
    n = 1500
    doc = "".join(f"@prefix p{i}: <http://ex/{i}/> .\np{i}:s p{i}:p p{i}:o .\n" for i in range(n)).encode()
    validator = TurtleValidator(False, None)
    assert validator.check(reader(doc)) == n
    assert validator._compiles <= 8 + n // 1000
    assert validator_verdict(doc, "turtle") == parser_verdict(doc, "turtle")


def test_the_compile_bound_counts_triples_not_calls() -> None:
    # Past 8 compiles, another waits for 1,000 triples since the last: a run regex's match
    # of many statements is one call, which must not count as one statement.
    segments = "".join(
        f"@prefix p{i}: <http://ex/{i}/> .\n" + f"p{i}:s p{i}:p p{i}:o .\n" * 1200 for i in range(9)
    )
    validator = TurtleValidator(False, None)
    assert validator.check(reader(segments.encode())) == 9 * 1200
    assert (validator._compiles, validator._triples) == (9, 9 * 1200)


# --- (d) the fast path takes the plain statements ---------------------------------------------


def _fast_and_all(doc: str, trig: bool = False, base: str | None = "http://base/") -> tuple[int, int]:
    validator = TurtleValidator(trig, base, lambda w: None)
    count = validator.check(reader(doc.encode()), lambda e: None)
    return validator._triples, count


def test_plain_statements_are_counted_by_the_run_regex() -> None:
    doc = (
        HEADER
        + "PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
        + 'ex:s a ex:C ; skos:altLabel "a"@en, \'b\'@zh-Hant-TW, """c\n"""@be-tarask ;\n'
        + '  ex:n 1, -2.5, 1e3, true ; ex:d "2024-01-01"^^xsd:date, "x"^^<http://ex/dt> .\n'
        + "_:b.1 <http://ex/p> _:c-2 . # comment\n"
        + 'ex:s ex:p "\\"esc\\" \\u00e9" .\n'
        + 'ex:s ex:p "\\U0001F600 \\U0010FFFF \\U00000041"@en .\n'  # astral, as ASCII dumps write them
    ) * 3
    assert _fast_and_all(doc) == (3 * 13, 3 * 13)
    trig = (HEADER + "ex:g {\n  ex:s ex:p ex:o .\n  ex:s ex:p ex:o, ex:o2 .\n}\n") * 2
    assert _fast_and_all(trig, True) == (6, 6)


@pytest.mark.parametrize(
    "statement",
    [
        "ex:s ex:p [ ex:q ex:o ] .",
        "ex:s ex:p ( 1 2 ) .",
        "ex:s ex:p ex:a\\#b .",
        "ex:s ex:p ex:caf\u00e9 .",
        'ex:s ex:p "x"^^<rel> .',
        "ex:s ex:p <../rel> .",
        "ex:s ex:p slash:a:b .",  # 'http://' + 'a:b': a port
        "ex:s ex:p colon:\\/a .",  # 'x:/' + '/a': an authority
        'ex:s ex:p "\\U00110000" .',  # past U+10FFFF
        'ex:s ex:p "\\uD800 \\U0000DFFF" .',  # surrogates
        'ex:s ex:p "x"@abc-def .',
        "ex:s ex:p ex:o ; .",
        'ex:s ex:p "x" # c\n@en .',
        "ex:s a<http://ex/C> .",
    ],
)
def test_rarer_shapes_go_to_the_parser(statement: str) -> None:
    header = HEADER + "@prefix slash: <http://> .\n@prefix colon: <x:/> .\n"
    fast, count = _fast_and_all(f"{header}{statement}\nex:s ex:p ex:o .\n")
    assert fast == 1
    assert count >= 1
    doc = f"{header}{statement}\n".encode()
    assert validator_verdict(doc, "turtle", "http://base/") == parser_verdict(doc, "turtle", "http://base/")


@pytest.mark.parametrize(
    ("statement", "triples"),
    [
        ("ex:s ex:p <rel> , <a/b.c> , <#f> , <> .", 4),
        ("ex:s <p#q> ex:o .", 1),
        ("ex:s ex:p ex:a\\(b\\) , ex:%41 , ex:a:b , ex::a , ex:a\\. .", 5),
        ("ex:s ex:a\\'b ex:a\\,b\\;c .", 1),
        ('ex:s ex:p "x"^^xsd:integer , ex:\\/x\\?y\\=z .', 2),
    ],
)
def test_relative_iris_and_escaped_names_are_the_runs(statement: str, triples: int) -> None:
    # With a valid base, relative references of plain segments resolve to valid IRIs; local
    # names with ':', '%' escapes and PN_LOCAL_ESC escapes (but '\\#', '\\%') make valid IRIs
    # after a namespace ending in '/' or '#': the run regex takes them (once the parser's).
    doc = f"{HEADER}{statement}\nex:s ex:p ex:o .\n"
    fast, count = _fast_and_all(doc)
    assert fast == count
    assert count == triples + 1
    expected = parser_verdict(doc.encode(), "turtle", "http://base/")
    assert validator_verdict(doc.encode(), "turtle", "http://base/") == expected


def _full_fast_and_all(doc: str) -> tuple[int, int]:
    validator = TurtleValidator(False, "http://base/", lambda w: None, full_after=0)
    count = validator.check(reader(doc.encode()), lambda e: None)
    return validator._triples, count


@pytest.mark.parametrize(
    ("statement", "triples"),
    [
        ("ex:s ex:p [ ex:q ex:o ] .", 2),
        ("ex:s ex:p [] , [ ] , [\n\t] .", 3),
        ("ex:s ex:p ( 1 2 ) .", 5),
        ("ex:s ex:p () , ( ) .", 2),
        ("ex:s ex:p (ex:a(ex:b)[ex:q ex:o]) .", 1 + 6 + 2 + 1),
        ("ex:s ex:p [ a ( ex:a [ ex:q ex:o , ex:o2 ; ex:r () ] ) ] .", 1 + 1 + 4 + 2 + 1),
        ("ex:s ex:p [ ex:q [ ex:r [ ex:t ex:o ] ] ] ; ex:u ( ( ( 1 ) ) ) .", 4 + 1 + 6),
        ('ex:s ex:p ( "a"@en "b"^^xsd:string "c" ^^ <http://ex/t> 1.5 true _:b ) .', 1 + 12),
        ('ex:s ex:p ( "(" ")" "[" "]" <http://ex/(x)> ) , "( [" .', 1 + 10 + 1),
        ("ex:s ex:p ( # ( a comment ]\n ex:a ) .", 3),
        ("ex:s ex:p ( ex:a\\(b\\) ex:\\)c ) , ex:\\( .", 1 + 4 + 1),
        ("ex:s ex:p [ ex:q ex:o # ]\n ] .", 2),
        ("ex:caf\u00e9 ex:\u03a9mega ex:a\u00b7b , ex:x\u0301 , ex:\U0001f600 , ex:\u00e9.\u00e9 .", 4),
    ],
)
def test_nested_objects_and_non_ascii_names_are_the_full_runs(statement: str, triples: int) -> None:
    # Once the full run regex is compiled, objects nested three deep in '[ ]' and '( )' and
    # local names of non-ASCII PN_CHARS are its runs, counted as the parser counts them.
    doc = f"{HEADER}{statement}\nex:s ex:p ex:o .\n"
    assert _full_fast_and_all(doc) == (triples + 1, triples + 1)
    expected = parser_verdict(doc.encode(), "turtle", "http://base/")
    assert validator_verdict(doc.encode(), "turtle", "http://base/", full=True) == expected
    assert expected[0] == triples + 1


@pytest.mark.parametrize(
    "statement",
    [
        "ex:s ex:p [ ex:q [ ex:r [ ex:t [ ex:u ex:o ] ] ] ] .",  # four deep
        "ex:s ex:p ( ( ( ( 1 ) ) ) ) .",
        "[ ex:q ex:o ] ex:p ex:o .",  # a nested subject
        "( 1 ) ex:p ex:o .",
        "ex:s ex:p [ ex:q ex:o ; ] .",  # an empty ';' segment
        "ex:s ex:p ex:o ,  .",  # no object after ',', ';' and a verb: whitespace between
        "ex:s ex:p [ ex:q ex:o ;  ex:r  ] .",
        "ex:s ex:p ( [ ex:q ex:o ,  ] ) .",
        "ex:s ex:p ex:\u00b7a .",  # not a first character
        "ex:s ex:p ex:a\u00d7b .",  # not PN_CHARS
        "ex:s ex:p ex:a\ufff0 .",  # PN_CHARS, not ucschar: no IRI
        "ex:s ex:p ex:a\U0001fffe .",
        "ex:s ex:p ex:a\ue000 .",  # private use
    ],
)
def test_what_the_full_run_regex_leaves_to_the_parser(statement: str) -> None:
    doc = f"{HEADER}{statement}\nex:s ex:p ex:o .\n"
    fast, _ = _full_fast_and_all(doc)
    assert fast == 1
    expected = parser_verdict(doc.encode(), "turtle", "http://base/")
    assert validator_verdict(doc.encode(), "turtle", "http://base/", full=True) == expected


@pytest.mark.parametrize(
    ("before", "statement"),
    [
        ("", "ex:s ex:p [ ex:q ex:a ex:b ] ."),  # two objects, no ','
        ("", "ex:s ex:p [ ex:q ex:a [ ex:r 1 ] ] ."),  # ... the second one a '[ ]'
        ("", "ex:s ex:p [ ex:q ex:a [] ] ."),
        ("", "ex:s ex:p [ ex:q ex:a ( 1 ) ] ."),
        ("", "ex:s ex:p ( ex:a , ex:b ) ."),  # ',' and ';' in a collection
        ("", "ex:s ex:p ( ex:a ; ex:q ex:b ) ."),
        ("", "ex:s ex:p ( [ ex:q 1 ] , [ ex:q 2 ] ) ."),
        ("", "ex:s ex:p [ ex:q ex:a ) ."),  # the other closing bracket
        ("", "ex:s ex:p ( ex:a ] ."),
        ("", "ex:s ex:p [( ex:q ex:a ] ."),
        ("", "ex:s ex:p [ ex:q ex:a ; ex:r ] ."),  # a verb and no object
        ("", "ex:s ex:p [ ex:q ex:a , ] ."),
        ("", "ex:s ex:p [ ex:q ( [ ex:r ex:a ex:b ] ) ] ."),  # two and three deep
        ("", "ex:s ex:p ( [ ex:q ( ex:a , ex:b ) ] ) ."),
        ("", "ex:s ex:p [ ex:q [ ex:r ( ex:a ] ] ] ."),
        # The other bracket opened at the same depth before: in the statement, in the run.
        ("", "ex:s ex:p [ ex:q 1 ] , ( ex:a , ex:b ) ."),
        ("", "ex:s ex:p ( 1 ) , [ ex:q ex:a ex:b ] ."),
        ("", "ex:s ex:p [ ex:q ( 1 ) ] , ( [ ex:q ex:a ex:b ] ) ."),
        ("ex:s ex:p [ ex:q 1 ] .\n", "ex:s ex:p ( ex:a , ex:b ) ."),
        ("ex:s ex:p ( ( 1 ) ) .\n", "ex:s ex:p ( [ ex:q ex:a ex:b ] ) ."),
    ],
)
def test_the_full_run_regex_tells_blank_node_property_lists_from_collections(
    before: str, statement: str
) -> None:
    # The full run regex writes '[ ]' and '( )' as one pattern and takes ',', ';' and verbs
    # only in the first, objects one after the other only in the second, by which bracket
    # opened: a statement that mixes them goes to the parser, which refuses it.
    valid = "ex:s ex:p [ ex:q 1 ] , ( [ ex:r 2 ] ( 3 ) ) ; ex:t ( [] ) , [ ex:u ( [ ex:v 1 , 2 ] ) ] .\n"
    doc = f"{HEADER}{valid}{before}{statement}\nex:s ex:p ex:o .\n{valid}"
    # valid: 2 + (1 + 4 + 1 + 2) + (1 + 2) + (1 + 1 + 2 + 2) triples
    triples = 2 * 19 + {"": 0, "ex:s ex:p [ ex:q 1 ] .\n": 2, "ex:s ex:p ( ( 1 ) ) .\n": 5}[before] + 1
    assert _full_fast_and_all(doc) == (triples, triples)
    expected = parser_verdict(doc.encode(), "turtle", "http://base/")
    assert expected[0] == triples
    assert len(expected[1]) == 1
    assert validator_verdict(doc.encode(), "turtle", "http://base/", full=True) == expected


def test_the_full_pattern_is_compiled_after_many_statements_the_first_did_not_take(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The count over the whole document alone: no buffer's rate (see the next test).
    monkeypatch.setattr(validate_turtle, "_FULL_EVIDENCE", 10**9)
    misses = validate_turtle._FULL_AFTER
    doc = HEADER + "ex:s ex:p [ ex:q ( ex:caf\u00e9 ) ] .\n" * (misses + 500) + "ex:s ex:p ex:o .\n"
    validator = TurtleValidator(False, None)
    assert validator.check(reader(doc.encode())) == (misses + 500) * 4 + 1
    # The first ``misses`` by the parser, the rest by the full run regex: two compiles in all.
    assert validator._triples == 500 * 4 + 1
    assert validator._compiles == 2
    # Statements it would not take either (a non-ASCII IRI) do not count towards it.
    iris = HEADER + "ex:s ex:p <http://ex/caf\u00e9> .\n" * (misses + 500)
    plain = TurtleValidator(False, None)
    assert plain.check(reader(iris.encode())) == misses + 500
    assert (plain._triples, plain._compiles) == (0, 1)
    # Once it is compiled, plain runs and nested ones are each the run regexes' ones.
    mixed = doc + ("ex:s ex:p ex:o .\n" * 100 + "ex:s ex:p ( 1 ) .\n" * 100) * 5
    both = TurtleValidator(False, None)
    assert both.check(reader(mixed.encode())) == (misses + 500) * 4 + 1 + 5 * (100 + 300)
    assert both._triples == 500 * 4 + 1 + 5 * (100 + 300)
    # New prefixes: the full pattern for them once 10,000 more triples have been counted,
    # whether by the parser or by the run regexes (one match of many statements).
    nested = "ex:s ex:p [ ex:q ( ex:caf\u00e9 ) ] .\n"
    for between, parsed in (("ex:s ex:p [ ex:q ( ex:caf\u00e9 ) ] .\n", True), ("ex:s ex:p ex:o .\n", False)):
        later = doc + "@prefix q: <http://q/> .\n" + between * 10_000 + nested * 100
        again = TurtleValidator(False, None)
        triples = (misses + 500 + 100) * 4 + 1 + 10_000 * (4 if parsed else 1)
        assert again.check(reader(later.encode())) == triples
        assert again._compiles == 4  # plain and full, for each set of prefixes
        assert again._triples >= (500 + 90) * 4 + (0 if parsed else 10_000)
    # TriG's graph block openings and closings are no such statements.
    blocks = HEADER + "".join(f"ex:g{i} {{ ex:s ex:p ex:o . }}\n" for i in range(misses + 500))
    trig = TurtleValidator(True, None)
    assert trig.check(reader(blocks.encode())) == misses + 500
    assert (trig._triples, trig._compiles) == (misses + 500, 1)
    # A small document never pays for it.
    small = TurtleValidator(False, None)
    small.check(reader((HEADER + "ex:s ex:p [ ex:q ( ex:caf\u00e9 ) ] .\n" * misses).encode()))
    assert (small._triples, small._compiles) == (0, 1)


def test_a_buffer_of_statements_the_first_pattern_does_not_take_compiles_the_full_one_soon() -> None:
    # Past 50 such statements of a buffer (a megabyte), at a rate that leaves 650 more to
    # come in it (validate_turtle._FULL_EVIDENCE, _FULL_PAYS), not after 650 in all.
    assert (validate_turtle._FULL_EVIDENCE, validate_turtle._FULL_PAYS) == (50, 650)
    nested = "ex:s ex:p [ ex:q ( ex:caf\u00e9 ) ] .\n"
    count = (1 << 20) // len(nested.encode()) - 100  # one buffer
    validator = TurtleValidator(False, None)
    assert validator.check(reader((HEADER + nested * count).encode())) == count * 4
    assert (validator._triples, validator._compiles) == ((count - 50) * 4, 2)
    # The same in a document of 700 of them (650 more to come after the 50th); in one of 699,
    # after 650 in all (validate_turtle._FULL_AFTER).
    for total, parsed in ((700, 50), (699, 650)):
        short = TurtleValidator(False, None)
        assert short.check(reader((HEADER + nested * total).encode())) == total * 4
        assert short._parsed == parsed * 4
    # As rare among other statements, they leave the full pattern uncompiled.
    sparse = HEADER + ("ex:s ex:p ex:o .\n" * 99 + nested) * (count // 100)
    rare = TurtleValidator(False, None)
    assert rare.check(reader(sparse.encode())) == (count // 100) * (99 + 4)
    assert (rare._compiles, rare._misses) == (1, count // 100)


def test_the_blocks_one_process_validates_share_the_full_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    # parallel.py's workers validate a document's blocks one after another: a block after
    # the one that compiled the full pattern takes its nested statements from the first.
    monkeypatch.setattr(validate_turtle, "_SHARED_RUNS", {})
    monkeypatch.setattr(validate_turtle, "_FULL_EVIDENCE", 10**9)  # the counts alone
    misses = validate_turtle._FULL_AFTER
    sooner = validate_turtle._FULL_AFTER_SHARED
    assert sooner < misses
    doc = (HEADER + "ex:s ex:p [ ex:q ( ex:caf\u00e9 ) ] .\n" * (misses + 500)).encode()
    first = TurtleValidator(False, None, shared=True)
    assert first.check(reader(doc)) == (misses + 500) * 4
    assert (first._triples, first._compiles) == ((misses + 500 - sooner) * 4, 2)
    later = TurtleValidator(False, None, shared=True)
    assert later.check(reader(doc)) == (misses + 500) * 4
    assert (later._triples, later._compiles) == ((misses + 500) * 4, 0)
    # A validator of its own (serial validation, another document) pays for its own.
    own = TurtleValidator(False, None)
    assert own.check(reader(doc)) == (misses + 500) * 4
    assert (own._triples, own._compiles) == (500 * 4, 2)


def test_relative_iris_go_to_the_parser_without_a_valid_base() -> None:
    doc = f"{HEADER}ex:s ex:p <rel> .\nex:s ex:p ex:o .\n"
    for base in (None, "rel/base"):
        fast, _ = _fast_and_all(doc, base=base)
        assert fast == 1
        assert validator_verdict(doc.encode(), "turtle", base) == parser_verdict(doc.encode(), "turtle", base)


# --- (e) the W3C suites -------------------------------------------------------------------------

RDF_TESTS = find_rdf_tests_dir()


def _w3c_manifests() -> list[Any]:
    if RDF_TESTS is None:
        return [pytest.param(None, marks=pytest.mark.skip(reason="W3C rdf-tests not found"))]
    return [prefix for prefix in ("rdf11-turtle", "rdf11-trig") if prefix in MANIFESTS]


def _w3c_disagreement(case: W3CTest) -> str | None:
    """How the validator's verdict on a W3C entry differs from the parser's (None: it does not)."""
    data = case.action.read_bytes()
    fmt = "trig" if case.manifest == "rdf11-trig" else "turtle"
    expected = parser_verdict(data, fmt, case.action_iri)
    verdict = validator_verdict(data, fmt, case.action_iri)
    if "Negative" in case.kind and not verdict[1]:
        return "no error"
    if "Negative" not in case.kind and verdict[1]:
        return f"errors in a valid document: {verdict[1]}"
    if verdict != expected:
        return f"validator {verdict} != parser {expected}"
    chunked = validator_verdict(data, fmt, case.action_iri, 7)
    if chunked != parser_verdict(data, fmt, case.action_iri, 7):
        return f"in 7-character chunks: validator {chunked} != parser"
    return None


# One test per manifest, every entry checked (a test per entry cost more in the test runner
# than the check); a failure names each entry that disagrees and how.
@pytest.mark.parametrize("manifest", _w3c_manifests())
def test_w3c_entries(manifest: str) -> None:
    assert RDF_TESTS is not None
    cases = load_manifest(RDF_TESTS, manifest)
    assert len(cases) > 250
    wrong = [(case.id, problem) for case in cases if (problem := _w3c_disagreement(case)) is not None]
    assert wrong == []


# Strings the run regex takes, of all four kinds, with the quotes and backslashes that make
# finding their end hard: escaped quotes after one to six backslashes, quotes of the string's
# own kind inside long strings, the other kind, and escaped backslashes before the end.
_STRING_PIECES = st.sampled_from(
    ["text ", "caf\u00e9 ", "\U0001f600", ",", ";", ".", " . ", "'", '"', '""', "''"]
    + ["\\" * n + q for n in range(1, 7) for q in "\"'"]
    + ["\\\\", "\\\\\\\\", "\\t", "\\u00e9", "\n"]
)


@st.composite
def _string_statement(draw: st.DrawFn) -> str:
    q = draw(st.sampled_from(['"', "'", '"""', "'''"]))
    body = "".join(draw(st.lists(_STRING_PIECES, max_size=8)))
    suffix = draw(st.sampled_from(["", "@en", "^^xsd:integer", "^^<http://ex/t>"]))
    return f"ex:s ex:p {q}{body}{q}{suffix} , ex:o ; ex:q 1 .\n"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_string_statement(), min_size=1, max_size=4))
def test_runs_with_hard_strings_are_counted_as_the_parser_counts(statements: list[str]) -> None:
    # The scan that counts a run's triples finds a string's end by its quotes alone (and by
    # the backslashes just before each), not by testing every character against a class.
    doc = (
        "@prefix ex: <http://ex/> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        + "".join(statements)
    ).encode()
    expected = parser_verdict(doc, "turtle")
    assert validator_verdict(doc, "turtle") == expected, doc
    if not expected[1]:
        event("valid")


# --- (e) lines written as N-Triples: counted by the N-Triples validator ---------------------------

_LINES_OF_TURTLE = [
    "ex:s ex:p ex:o, [ ex:q 1 ] .\n",
    "<rel> <http://ex/p> <http://ex/o> .\n",  # relative: the Turtle reader resolves it
    '<http://ex/s> <http://ex/p> "x"^^xsd:integer .\n',
    "<http://ex/g> { <http://ex/s> <http://ex/p> <http://ex/o> .\n<http://ex/s> <http://ex/p> _:b1 }\n",
]
_LINES_OF_NTRIPLES = [
    '<http://ex/s> <http://ex/p> "x"^^<http://www.w3.org/2001/XMLSchema#integer> .\n',  # ill-typed
    '<http://ex/s> <http://ex/p> "12"^^<http://www.w3.org/2001/XMLSchema#integer> .\n',
    '_:b1 <http://ex/p> "caf\\u00E9 \\U0001F600"@fr .\r\n',
    "<http://ex/\u00e9> <http://ex/p> <http://ex/o> . # c\n",  # a non-ASCII IRI
    '<http://ex/s> <http://ex/p> "x"@en-a .\n',
    '<http://ex/s> <http://ex/p> "\\ud800" .\n',  # a surrogate: an error
    "<http://ex/s> <http://ex/p> <http://ex/a b> .\n",  # a space in an IRI: an error
    '<http://ex/s> <http://ex/p> "' + "long " * 300 + '"^^<http://www.w3.org/2001/XMLSchema#date> .\n',
]


@pytest.mark.parametrize("trig", [False, True], ids=["turtle", "trig"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_lines_written_as_ntriples_get_the_parsers_verdict(trig: bool, data: st.DataObject) -> None:
    # Runs of N-Triples lines between Turtle statements: the N-Triples validator counts them
    # and places their ill-typed literals as the Turtle parser does, whole and in chunks.
    lines = data.draw(st.lists(st.sampled_from(_LINES_OF_NTRIPLES), min_size=1, max_size=30))
    turtle = data.draw(st.lists(st.sampled_from(_LINES_OF_TURTLE[: 4 if trig else 3]), max_size=4))
    doc = (HEADER + "".join(data.draw(st.permutations(lines + turtle)))).encode()
    size = data.draw(st.sampled_from([None, 1, 7, 40]))
    fmt = "trig" if trig else "turtle"
    expected = parser_verdict(doc, fmt, "http://base/", size)
    assert validator_verdict(doc, fmt, "http://base/", size) == expected, (size, doc)


def test_lines_written_as_ntriples_are_counted_by_the_ntriples_validator() -> None:
    doc = HEADER + _LINES_OF_NTRIPLES[1] * 500 + _LINES_OF_TURTLE[0] + _LINES_OF_NTRIPLES[2] * 500
    validator = TurtleValidator(False, None, lambda w: None)
    assert validator.check(reader(doc.encode())) == 1003
    assert (validator._triples + validator._parsed, validator._line_validator.statements) == (3, 1000)
