"""Ill-typed literals through the library (issue 23, section 4): a strict parse puts nothing in
the caller's logs (rdflib logs a traceback for each literal it cannot convert) and gives one
IllTypedLiteralWarning per datatype, with the first literal's place and the count."""

from __future__ import annotations

import logging
import re
import warnings
from collections.abc import Callable
from typing import Any

import pytest
from rdflib import Dataset, Graph, Literal
from rdflib.namespace import XSD

from rdflib_strict import IllTypedLiteralWarning, ParseError, iterparse
from rdflib_strict.formats.terms import exact_literal
from rdflib_strict.syntax.xsd import CHECKED, ill_typed

X = "http://www.w3.org/2001/XMLSchema#"
EX = "http://ex/"

# (subject's local name, lexical form, datatype): ill-typed ones of three datatypes, the same
# literal twice, a well-typed one between them, and a date rdflib cannot convert (year 10000)
# that is in xsd:date's lexical space.
ROWS = [
    ("a", "abc", "integer"),
    ("b", "42", "integer"),
    ("c", "yes", "boolean"),
    ("d", "abc", "integer"),
    ("e", "2020-13-01", "date"),
    ("f", "10000-01-01", "date"),
    ("g", "1 000", "integer"),
    ("h", "maybe", "boolean"),
]
# Where the first literal of each kind is, and how many of each: read off ROWS.
EXPECTED = {"xsd:integer": (1, 3), "xsd:boolean": (3, 2), "xsd:date": (5, 1)}


@pytest.fixture(autouse=True)
def rdflib_logs(monkeypatch: pytest.MonkeyPatch) -> None:
    """rdflib.term's logger as a user's process has it: conftest drops the conversion records
    for the whole suite, which would hide them here."""
    logger = logging.getLogger("rdflib.term")
    ours = [f for f in logger.filters if getattr(f, "__module__", "") == "rdflib_strict.formats.terms"]
    monkeypatch.setattr(logger, "filters", ours)


def _nt(rows: list[tuple[str, str, str]], graph: str = "") -> str:
    return "".join(f'<{EX}{s}> <{EX}p> "{v}"^^<{X}{t}>{graph} .\n' for s, v, t in rows)


def _ttl(rows: list[tuple[str, str, str]]) -> str:
    return f"@prefix xsd: <{X}> .\n" + "".join(f'<{EX}{s}> <{EX}p> "{v}"^^xsd:{t} .\n' for s, v, t in rows)


def _column(line: str) -> int:
    return line.index('"') + 1


def _parsers() -> list[tuple[str, Callable[[str], Any], Callable[[list[Any]], str], int]]:
    """(name, parse, document maker, lines before the statements)."""
    return [
        ("graph-nt", lambda d: Graph().parse(data=d, format="strict-nt"), _nt, 0),
        ("graph-ttl", lambda d: Graph().parse(data=d, format="strict-ttl"), _ttl, 1),
        ("dataset-nq", lambda d: Dataset().parse(data=d, format="strict-nquads"), _nq, 0),
        ("iterparse-nt", lambda d: list(iterparse(data=d, format="nt")), _nt, 0),
        ("iterparse-ttl", lambda d: list(iterparse(data=d, format="ttl")), _ttl, 1),
        ("positions-nt", lambda d: list(iterparse(data=d, format="nt", positions=True)), _nt, 0),
    ]


def _nq(rows: list[tuple[str, str, str]]) -> str:
    return _nt(rows, f" <{EX}g>")


PARSERS = _parsers()


@pytest.mark.parametrize(("name", "parse", "document", "header"), PARSERS, ids=[p[0] for p in PARSERS])
def test_one_warning_per_datatype_and_no_rdflib_log(
    caplog: pytest.LogCaptureFixture,
    name: str,
    parse: Callable[[str], Any],
    document: Callable[[list[Any]], str],
    header: int,
) -> None:
    doc = document(ROWS)
    lines = doc.splitlines()
    with caplog.at_level(logging.DEBUG, logger="rdflib"), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parse(doc)
    assert [r.getMessage() for r in caplog.records] == []
    caught = [w for w in caught if not issubclass(w.category, DeprecationWarning)]  # rdflib's API
    # Nothing from rdflib either ("Parsing weird boolean"): only ours, one per datatype.
    assert all(w.category is IllTypedLiteralWarning for w in caught), [str(w.message) for w in caught]
    got = {w.message.datatype: w.message for w in caught}  # type: ignore[attr-defined]
    assert len(got) == len(caught) == 3
    for kind, (row, count) in EXPECTED.items():
        message = got[kind]
        line = header + row
        assert (message.count, message.first.lineno) == (count, line)
        assert message.first.colno == _column(lines[line - 1])
        assert str(message).startswith(f"<string>:{line}:{message.first.colno}: ill-typed literal")
        assert (
            f"{count} ill-typed {kind} literals" in str(message) if count > 1 else "the only" in str(message)
        )


def test_skipped_statements_are_not_counted(caplog: pytest.LogCaptureFixture) -> None:
    # With on_error, a statement rejected after its literal was read reports no literal.
    rows = _nt(ROWS).splitlines(keepends=True)
    rows[0] = rows[0].replace(" .", " <not-absolute> .")  # the first "abc": a bad graph label
    log: list[ParseError] = []
    with caplog.at_level(logging.DEBUG, logger="rdflib"), pytest.warns(IllTypedLiteralWarning) as caught:
        Graph().parse(data="".join(rows), format="strict-nt", on_error=log.append)
    assert len(log) == 1 and caplog.records == []
    integer = next(w.message for w in caught if w.message.datatype == "xsd:integer")  # type: ignore[attr-defined]
    assert (integer.count, integer.first.lineno) == (2, 4)  # type: ignore[attr-defined]


def test_a_failed_parse_gives_no_warning(caplog: pytest.LogCaptureFixture) -> None:
    # Graph.parse is all or nothing: the graph is left as it was, and nothing is reported.
    doc = _nt(ROWS) + "garbage\n"
    with caplog.at_level(logging.DEBUG, logger="rdflib"), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(ParseError):
            Graph().parse(data=doc, format="strict-nt")
    assert caught == [] and caplog.records == []


def test_iterparse_stopped_early_reports_what_was_read() -> None:
    with pytest.warns(IllTypedLiteralWarning) as caught:
        for _ in iterparse(data=_ttl(ROWS), format="ttl"):
            break
    # The parser reads a buffer at a time: what it read holds all eight statements.
    assert {w.message.datatype for w in caught} == set(EXPECTED)  # type: ignore[attr-defined]


def test_anyone_elses_literal_still_logs(caplog: pytest.LogCaptureFixture) -> None:
    # The filter drops only the records of literals our parsers build.
    exact_literal("abc", XSD.integer, None)
    assert caplog.records == []
    with caplog.at_level(logging.WARNING, logger="rdflib.term"):
        Literal("abc", datatype=XSD.integer)
    assert [r.name for r in caplog.records] == ["rdflib.term"]


@pytest.mark.parametrize("lexical", ["yes", "no", "TRUE", "False ", "", "2"])
def test_odd_booleans_equal_the_constructors_without_its_warning(lexical: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ours = exact_literal(lexical, XSD.boolean, None)
    assert caught == []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = Literal(lexical, datatype=XSD.boolean, normalize=False)
    assert (str(ours), ours.datatype, ours.value, ours.ill_typed) == (
        str(theirs),
        theirs.datatype,
        theirs.value,
        theirs.ill_typed,
    )
    assert ours == theirs and hash(ours) == hash(theirs)


BAD = ["", " ", "x", "-", "\t1", "\x00", "99999999999999999999999", "--13", "P", "a b", "=", "1.5e"]


@pytest.mark.parametrize("datatype", sorted(CHECKED))
def test_every_reason_names_its_datatype_first(datatype: str) -> None:
    # The report groups by the first "xsd:NAME" of a reason (rdflib_strict/edge/illtyped.py).
    reasons = [r for r in (ill_typed(b, datatype) for b in BAD) if r is not None]
    assert reasons or datatype == X + "string"
    for reason in reasons:
        named = re.search(r"xsd:(\w+)", reason)
        assert named is not None and named.group(1) == datatype[len(X) :], reason


@pytest.mark.parametrize("fmt", ["ntriples", "nquads", "turtle", "trig"])
def test_an_ill_typed_literal_inside_a_triple_term_is_warned_at_its_place(fmt: str) -> None:
    # The literal a triple term nests (the one place a literal can be in one) is checked as an
    # object is; before, only a statement's own object was.
    integer = "<http://www.w3.org/2001/XMLSchema#integer>"
    doc = (
        "<http://ex/s> <http://ex/p> <<( <http://ex/a> <http://ex/b>"
        f' <<( <http://ex/a> <http://ex/b> "abc"^^{integer} )>> )>> .\n'
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert len(list(iterparse(data=doc, format=fmt, version="1.2"))) == 1
    (warning,) = [w.message for w in caught if isinstance(w.message, IllTypedLiteralWarning)]
    assert (warning.datatype, warning.count) == ("xsd:integer", 1)
    assert (warning.first.lineno, warning.first.colno) == (1, 93)
