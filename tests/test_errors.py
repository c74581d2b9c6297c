"""Golden error messages of the four parsers, and "only ParseError escapes" for the
N-Triples/N-Quads parsers.

Each ``tests/data/errors/<case>.nt|.nq|.ttl|.trig`` holds a bad document; ``<case>.<ext>.txt``
next to it holds the full expected ``str(e)``, written by hand (1-based line, column in code
points, caret under the span, the offending line quoted as it is). The source-name part is the
path we pass, which the test replaces by the bare file name; a document given as data is named
``<string>``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Dataset, Graph

from rdflib_strict import ParseError

ERRORS_DIR = Path(__file__).resolve().parent / "data" / "errors"
FORMATS = {".nt": "strict-ntriples", ".nq": "strict-nquads", ".ttl": "strict-turtle", ".trig": "strict-trig"}
CASES = sorted(p for p in ERRORS_DIR.iterdir() if p.suffix in FORMATS)

# Bugs found while writing these tests (see the report): into a plain Graph, the default


def _container(case: Path) -> type[Graph]:
    # A TriG document goes into a Dataset; an N-Quads one into a Graph, as the case of a named
    # graph where a Graph has none (named_graph_into_graph.nq) needs.
    return Dataset if case.suffix == ".trig" else Graph


def _golden(case: Path) -> str:
    return case.with_name(case.name + ".txt").read_text(encoding="utf-8").rstrip("\n")


def test_every_case_has_a_golden_message() -> None:
    assert len([case for case in CASES if case.suffix in (".nt", ".nq")]) == 18
    assert len([case for case in CASES if case.suffix == ".ttl"]) == 14
    assert len([case for case in CASES if case.suffix == ".trig"]) == 26
    for case in CASES:
        assert case.with_name(case.name + ".txt").is_file(), case


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=c.name) for c in CASES],
)
def test_golden_message(case: Path) -> None:
    expected = _golden(case)
    given_path = str(case)  # absolute: deterministic whatever the working directory
    with pytest.raises(ParseError) as info:
        _container(case)().parse(given_path, format=FORMATS[case.suffix])
    message = str(info.value)
    assert message.startswith(given_path + ":"), message
    assert message.replace(given_path, case.name, 1) == expected
    # The structured attributes agree with the text.
    first = expected.splitlines()[0]
    _, line, col, _ = first.split(":", 3)
    assert info.value.lineno == int(line)
    assert info.value.colno == int(col)


def test_same_message_from_data_uses_string_name() -> None:
    case = ERRORS_DIR / "missing_dot.nt"
    expected = _golden(case)
    with pytest.raises(ParseError) as info:
        Graph().parse(data=case.read_bytes(), format="strict-ntriples")
    assert str(info.value) == expected.replace(case.name, "<string>", 1)


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=c.name) for c in CASES if c.suffix in (".ttl", ".trig")],
)
def test_same_message_from_text_uses_string_name(case: Path) -> None:
    expected = _golden(case)
    with pytest.raises(ParseError) as info:
        _container(case)().parse(data=case.read_bytes().decode("utf-8"), format=FORMATS[case.suffix])
    assert str(info.value) == expected.replace(case.name, "<string>", 1)


# --- nothing but ParseError escapes -------------------------------------------------------

VALID_LINES = [
    "<http://example/s> <http://example/p> <http://example/o> .",
    '_:b1 <http://example/p> "x\\u00E9\\n\\"q\\"" .',
    '<http://example/s> <http://example/p> "chat"@en-US .',
    '<http://example/s> <http://example/p> "007"^^<http://www.w3.org/2001/XMLSchema#integer> .',
    "<http://example/\\u00E9> <http://example/p> _:b.x .  # comment",
    '<http://example/s> <http://example/p> "日本😀" <http://example/g> .',
    '_:g <http://example/p> "\\U0001F600" _:g .',
]


def _expect_parse_or_parse_error(data: str | bytes) -> None:
    for fmt, cls in (("strict-ntriples", Graph), ("strict-nquads", Dataset)):
        try:
            cls().parse(data=data, format=fmt)
        except ParseError as e:
            str(e)  # rendering the message must not fail either
            assert e.lineno >= 1 and e.colno >= 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=80))
def test_random_text_raises_only_parse_error(text: str) -> None:
    _expect_parse_or_parse_error(text)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=80))
def test_random_bytes_raise_only_parse_error(data: bytes) -> None:
    _expect_parse_or_parse_error(data)


_NASTY = [*list('<>"\\_:@^.#\n\r\t é\ud7ff😀{}|`'), "\\u", "\\U0011", "<<", "--"]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(VALID_LINES),
    st.lists(
        st.tuples(st.sampled_from(["del", "ins"]), st.integers(0, 200), st.sampled_from(_NASTY)),
        min_size=1,
        max_size=3,
    ),
)
def test_mutated_valid_lines_raise_only_parse_error(line: str, edits: list[tuple[str, int, str]]) -> None:
    for op, at, ch in edits:
        at %= len(line) + 1
        line = line[:at] + line[at + 1 :] if op == "del" else line[:at] + ch + line[at:]
    _expect_parse_or_parse_error(line)
    _expect_parse_or_parse_error(line.encode("utf-8"))


def test_mutated_lines_exhaustive_single_deletion() -> None:
    # Deterministic complement to the hypothesis test: every single-character deletion.
    for line in VALID_LINES:
        for i in range(len(line)):
            _expect_parse_or_parse_error(line[:i] + line[i + 1 :])


def test_random_byte_flips_raise_only_parse_error() -> None:
    rnd = random.Random(1234)
    doc = "\n".join(VALID_LINES).encode("utf-8")
    for _ in range(300):
        b = bytearray(doc)
        b[rnd.randrange(len(b))] = rnd.randrange(256)
        _expect_parse_or_parse_error(bytes(b))
