"""``exact_literal`` builds Literals indistinguishable from rdflib's constructor (plain and
language-tagged), and keeps typed lexical forms exactly."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rdflib import BNode, Literal, URIRef, Variable
from rdflib import term as rdflib_term
from rdflib.namespace import XSD

from rdflib_strict.formats.terms import exact_literal, is_bnode, is_literal
from rdflib_strict.syntax import escapes
from rdflib_strict.syntax.errors import SpanError
from rdflib_strict.syntax.escapes import unescape_string

text = st.text(st.characters(exclude_categories=("Cs",)), max_size=20)
tags = st.sampled_from(["en", "en-US", "EN-gb", "de-CH-1996", "zh-Hant-TW", "x-private"])


def _same(a: Literal, b: Literal) -> None:
    assert type(a) is type(b) is Literal
    assert a == b and b == a
    assert hash(a) == hash(b)
    assert str(a) == str(b)
    # NaN equals nothing by value, itself included: then both values must be NaN.
    nan = a.value != a.value
    assert b.value != b.value if nan else a.value == b.value
    assert a.language == b.language
    assert a.datatype == b.datatype
    assert a.ill_typed == b.ill_typed
    assert a.n3() == b.n3()
    assert nan or (a.eq(b) and b.eq(a))
    assert repr(a) == repr(b)
    assert nan or a.toPython() == b.toPython()
    assert {a} == {b}


@settings(max_examples=200, deadline=None)
@given(text)
def test_plain_literal_equals_constructor(lex: str) -> None:
    _same(exact_literal(lex, None, None), Literal(lex))


@settings(max_examples=200, deadline=None)
@given(text, tags)
def test_language_literal_equals_constructor(lex: str, tag: str) -> None:
    _same(exact_literal(lex, None, tag), Literal(lex, lang=tag))


@settings(max_examples=100, deadline=None)
@given(text, st.sampled_from([XSD.token, XSD.normalizedString]))
def test_whitespace_datatypes_keep_lexical_form(lex: str, dt: URIRef) -> None:
    lit = exact_literal(lex, dt, None)
    assert str(lit) == lex
    assert lit.datatype == dt
    assert lit.language is None
    reference = Literal(lex, datatype=dt, normalize=False)
    assert lit.ill_typed == reference.ill_typed
    assert lit.value == reference.value


@pytest.mark.parametrize(
    ("lex", "dt", "ill_typed"),
    [
        ("007", XSD.integer, False),
        ("abc", XSD.integer, True),
        ("yes", XSD.boolean, True),
        ("1", XSD.boolean, False),
        ("300", XSD.byte, True),
        ("2020-02-30", XSD.date, True),
        ("1E0", XSD.double, False),
        (" 5", XSD.int, False),
        ("a  b", XSD.token, None),
        ("x", URIRef("http://example/dt"), None),
    ],
)
def test_typed_literals_keep_form_and_flag_ill_typed(lex: str, dt: URIRef, ill_typed: bool | None) -> None:
    lit = exact_literal(lex, dt, None)
    assert str(lit) == lex
    assert lit.datatype == dt
    reference = Literal(lex, datatype=dt, normalize=False)
    assert lit.ill_typed == reference.ill_typed
    if ill_typed is not None:
        assert lit.ill_typed is ill_typed


@settings(max_examples=100, deadline=None)
@given(text, st.sampled_from([XSD.integer, XSD.boolean, XSD.double, XSD.date, XSD.string, XSD.byte]))
def test_typed_literal_equals_unnormalized_constructor(lex: str, dt: URIRef) -> None:
    _same(exact_literal(lex, dt, None), Literal(lex, datatype=dt, normalize=False))


# Every datatype rdflib converts or checks, one it does not know, and those whose whitespace it
# rewrites; lexical forms near each one's grammar as well as arbitrary text.
_KNOWN_DATATYPES = sorted({*rdflib_term._toPythonMapping, *rdflib_term._check_well_formed_types} - {None})
_DATATYPES = [URIRef(dt) for dt in _KNOWN_DATATYPES] + [URIRef("http://example.org/dt")]
_NEAR_LEXICAL = st.sampled_from(
    [
        "0",
        "-1",
        "+7",
        "007",
        "1.5",
        ".5",
        "1e3",
        "INF",
        "-INF",
        "NaN",
        "true",
        "false",
        "1",
        "2",
        "300",
        "-129",
        "99999999999999999999",
        "2024-02-29",
        "2023-02-29",
        "12:00:00Z",
        "2024-01-01T00:00:00",
        "P1Y2M",
        "abc",
        " 1 ",
        "",
        "0x1F",
        "AQID",
        "zz",
        "Zm9v",
        "1/2",
    ]
)


def _dom_text(node: Any) -> str:
    """A DOM node's markup (a fragment's: its children's)."""
    return "".join(child.toxml() for child in node.childNodes)


@settings(max_examples=400, deadline=None)
@given(st.one_of(text, _NEAR_LEXICAL), st.sampled_from(_DATATYPES))
def test_typed_literal_by_a_parses_plan_equals_one_by_the_constructor(lex: str, dt: URIRef) -> None:
    # The plan path (rdflib's conversion and check, looked up once a datatype) must build
    # exactly what the constructor builds, including for lexical forms it cannot convert.
    plans: dict[int, object] = {}
    twice = [exact_literal(lex, dt, None, plans) for _ in range(2)]  # the plan made, then reused
    reference = exact_literal(lex, dt, None)  # through Literal(), pinned to it by the tests above
    for lit in twice:
        if hasattr(reference.value, "toxml"):  # rdf:HTML, rdf:XMLLiteral: DOM nodes, equal by identity
            assert type(lit.value) is type(reference.value)
            assert _dom_text(lit.value) == _dom_text(reference.value)
            assert (lit.datatype, lit.ill_typed, str(lit)) == (dt, reference.ill_typed, lex)
        else:
            _same(lit, reference)


def test_a_plan_builds_typed_literals_without_the_constructor(monkeypatch: pytest.MonkeyPatch) -> None:
    plans: dict[int, object] = {}
    dt = URIRef(XSD.integer)
    exact_literal("1", dt, None, plans)  # the plan made
    monkeypatch.setattr(rdflib_term, "_castLexicalToPython", None)  # Literal() now fails
    lit = exact_literal("007", dt, None, plans)
    assert (str(lit), lit.value, lit.ill_typed, lit.datatype) == ("007", 7, False, dt)
    assert exact_literal("5", URIRef("http://example.org/dt"), None, plans).value is None  # unknown
    assert len(plans) == 2


def test_is_bnode_and_is_literal_answer_as_isinstance() -> None:
    # Answered once per type (a dict): subclasses, other terms and None must come out as
    # isinstance says, whichever type is asked first.
    class MyBNode(BNode):
        pass

    class MyLiteral(Literal):
        pass

    terms = [URIRef("http://ex/"), BNode("b"), Literal("x"), MyBNode("c"), MyLiteral("y"), Variable("v")]
    terms.append(None)
    for term in [*terms, *reversed(terms)]:
        assert is_bnode(term) is isinstance(term, BNode), term
        assert is_literal(term) is isinstance(term, Literal), term


# --- unescape_string: the codec path reads what the exact decoder reads ----------------------

_ESCAPE_ALPHABET = st.sampled_from(
    [
        "\\",
        "\\\\",
        "t",
        "n",
        "u",
        "U",
        "x",
        "N",
        "0",
        "D",
        "8",
        "F",
        "E",
        "e",
        "1",
        "0010",
        "00",
        "0000",
        '"',
        "'",
        "\n",
        "\r",
        "a",
        "\u00e9",
        "\u00ff",
        "\u0436",
        "\U0001f600",
        "{",
        "}",
    ]
)


@settings(max_examples=2000, deadline=None)
@given(st.lists(_ESCAPE_ALPHABET, max_size=16).map("".join))
@example("\\u\\\\0010")  # a bad \u, then an escaped backslash: dropping the pair made \u0010
def test_unescape_string_reads_every_string_as_the_exact_decoder(text: str) -> None:
    # Strings made of backslashes, escape letters, hex digits, the codec's own escape letters
    # (x, N, octal 0), line ends and non-ASCII text: the same result or the same error.
    def exact() -> str:
        return escapes._ESCAPE_RE.sub(escapes._decode_string_escape, text)

    try:
        expected: object = exact()
    except SpanError as e:
        expected = (e.msg, e.start)
    try:
        got: object = unescape_string(text)
    except SpanError as e:
        got = (e.msg, e.start)
    assert got == expected, text


@pytest.mark.parametrize(
    ("text", "decoded"),
    [
        ("caf\\u00E9 \\U0001F600", "caf\u00e9 \U0001f600"),
        ("\\t\\b\\n\\r\\f\\\"\\'\\\\", "\t\b\n\r\f\"'\\"),
        ("\\\\u0041", "\\u0041"),  # an escaped backslash, then text
        ("\u00ff\\u00FF\U0001f600\\U0010FFFF", "\u00ff\u00ff\U0001f600\U0010ffff"),
    ],
)
def test_unescape_string_golden(text: str, decoded: str) -> None:
    assert unescape_string(text) == decoded


# --- escape_common: the replaces write what escape_string writes, or leave it to it ----------


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ('say "hi"\n', 'say \\"hi\\"\\n'),
        ("a\\b\tc\r\nd", "a\\\\b\\tc\\r\\nd"),
        ("\\n", "\\\\n"),  # a backslash, then n: not a line feed
        ('caf\u00e9 \U0001f600 "q"', 'caf\u00e9 \U0001f600 \\"q\\"'),
        ("", ""),
        ('\\"\\', '\\\\\\"\\\\'),
    ],
)
def test_escape_common_golden(text: str, body: str) -> None:
    assert escapes.escape_common(text) == body


@pytest.mark.parametrize(
    "text",
    ['"\b', "\f", "a\x00", "\x1f\n", "\x7f", "\ufffe", '\uffff"', "\ud800\n", "nbsp\u00a0\n", "\u2028"],
)
def test_escape_common_leaves_other_characters_to_escape_string(text: str) -> None:
    # Another character to escape, a lone surrogate (an error), or one escape_string keeps
    # but isprintable does not (NBSP, U+2028): the exact escaper decides.
    assert escapes.escape_common(text) is None


@settings(max_examples=2000, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "a",
                " ",
                "\u00e9",
                "\U0001f600",
                '"',
                "\\",
                "\n",
                "\r",
                "\t",
                "\b",
                "\x00",
                "\x7f",
                "\uffff",
                "\u00a0",
            ]
        ),
        max_size=12,
    ).map("".join)
)
def test_escape_common_is_escape_string_or_none(text: str) -> None:
    body = escapes.escape_common(text)
    assert body is None or body == escapes.escape_string(text), text
    if not set(text) - set('a \u00e9\U0001f600"\\\n\r\t'):
        assert body is not None, text


# --- rewrite_escapes: a written body's escapes rewritten in place, as decode-then-escape ------

# A body as convert copies it: characters escape_string leaves as they are, and escapes of
# every kind (the ones it keeps, \' and \u/\U it rewrites, \\ before text that looks like one).
_WRITTEN_PIECES = st.sampled_from(
    [
        "a",
        "text ",
        "\u00e9",
        "\u56fe",
        "\U0001f600",
        "'",
        "u0041",
        '\\"',
        "\\\\",
        "\\t",
        "\\n",
        "\\r",
        "\\b",
        "\\f",
        "\\'",
        "\\u00e9",
        "\\u00E9",
        "\\u000a",
        "\\u0009",
        "\\u0022",
        "\\u005C",
        "\\u007f",
        "\\uFFFE",
        "\\U0001F600",
        "\\U0010ffff",
        "\\u0001",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_WRITTEN_PIECES, max_size=40), st.integers(0, 600))
def test_rewrite_escapes_writes_what_decoding_and_escaping_write(pieces: list[str], padding: int) -> None:
    # Long and short, sparse and dense: the result is the writer's escaping of the decoded text.
    body = "x" * padding + "".join(pieces) + "y" * (padding // 2)
    assert escapes.rewrite_escapes(body) == escapes.escape_string(escapes.unescape_string(body))


def test_a_long_body_with_few_escapes_is_not_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    # A long literal (an abstract, a description) keeps its text as it is: only its \u, \U and
    # \' escapes are rewritten (decoding 4 KiB to rewrite one escape cost 45% of convert's work).
    body = ('lorem ipsum \\"q\\" caf\\u00e9 ' + "dolor sit amet " * 20 + "\\\\u0041 ") * 10

    def refused(s: str) -> str:
        raise AssertionError("decoded whole")

    expected = escapes.escape_string(escapes.unescape_string(body))
    monkeypatch.setattr(escapes, "unescape_string", refused)
    assert escapes.rewrite_escapes(body) == expected
    assert expected.count("caf\u00e9") == 10 and expected.count("\\\\u0041") == 10


def test_a_parse_shares_one_datatype_object_between_its_typed_literals() -> None:
    # Each literal holding its own copy of its datatype left the collector ~20k more objects
    # to walk on 100k label lines (issue #23); a copy per literal fails this.
    from rdflib import Graph

    xsd = "http://www.w3.org/2001/XMLSchema#"
    nt = "".join(f'<http://e/s> <http://e/p> "{n}"^^<{xsd}integer> .\n' for n in range(3))
    graph = Graph().parse(data=nt + f"<http://e/s> <http://e/q> <{xsd}integer> .\n", format="strict-ntriples")
    by_text = {str(o): o for o in graph.objects()}
    assert by_text["0"].datatype is by_text["1"].datatype is by_text["2"].datatype
    assert by_text["0"].datatype is by_text[f"{xsd}integer"]  # the IRI term itself

    ttl = f'@prefix xsd: <{xsd}> .\n<http://e/s> <http://e/p> "1"^^xsd:integer, "2"^^xsd:integer, 3, 4 .\n'
    by_text = {str(o): o for o in Graph().parse(data=ttl, format="strict-turtle").objects()}
    assert by_text["1"].datatype is by_text["2"].datatype  # a prefixed name's term
    assert by_text["3"].datatype is by_text["4"].datatype  # a number's
