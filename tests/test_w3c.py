"""W3C rdf-tests manifests: RDF 1.1 N-Triples, N-Quads, Turtle, TriG (read as RDF 1.1); RDF 1.2
N-Triples, N-Quads, Turtle and TriG (read with ``version="1.2"``: each includes its own suites,
c14n and syntax, or eval and syntax, and the RDF 1.1 suite).

One pytest case per manifest entry, id ``<manifest>/<entry>`` (e.g.
``rdf11-nt/nt-syntax-bad-uri-01``). The suites are found through ``RDF_TESTS_DIR`` or at
``<repo>/../shared/rdf-tests``; without them every test here is skipped.

Run::

    .venv/bin/pytest tests/test_w3c.py
    .venv/bin/pytest tests/test_w3c.py -k rdf11-turtle

Harness self-check: ``W3C_FORMAT_OVERRIDE=builtin`` swaps our plugins for rdflib's built-in
``nt``/``nquads``/``turtle`` parsers and serializers (and accepts any exception as a syntax
error, since those do not raise ``rdflib_strict.ParseError``). rdflib's built-ins are known to
fail a number of these tests, which demonstrates that the harness can fail.
"""

from __future__ import annotations

import difflib
import io
import os
from collections import Counter
from pathlib import Path

import pytest
from rdflib import Dataset, Graph
from w3c import (
    MANIFESTS,
    RDF_TESTS_MISSING,
    SYNTAX_BAD,
    W3CTest,
    assert_same_graph,
    find_rdf_tests_dir,
    load_manifest,
    oxigraph_graph,
    parsed,
    rdf12_syntax_features,
)

RDF_TESTS = find_rdf_tests_dir()
if RDF_TESTS is None:
    pytest.skip(RDF_TESTS_MISSING, allow_module_level=True)

#: Expected ``mf:entries`` count per manifest, included manifests' entries counted (guards
#: against harness bugs and suite drift).
EXPECTED_ENTRIES: dict[str, int] = {
    "rdf11-nt": 70,
    "rdf11-nq": 87,
    "rdf11-turtle": 313,
    "rdf11-trig": 356,
    "rdf12-nt": 140,
    "rdf12-nq": 155,
    "rdf12-turtle": 416,
    "rdf12-trig": 416,
}

#: The RDF 1.2 manifests' entries by the suite that lists them.
EXPECTED_SUITES: dict[str, dict[str, int]] = {
    "rdf12-nt": {
        "rdf/rdf12/rdf-n-triples/c14n": 41,
        "rdf/rdf12/rdf-n-triples/syntax": 29,
        "rdf/rdf11/rdf-n-triples": 70,
    },
    "rdf12-nq": {
        "rdf/rdf12/rdf-n-quads/c14n": 41,
        "rdf/rdf12/rdf-n-quads/syntax": 27,
        "rdf/rdf11/rdf-n-quads": 87,
    },
    "rdf12-turtle": {
        "rdf/rdf12/rdf-turtle/eval": 29,
        "rdf/rdf12/rdf-turtle/syntax": 74,
        "rdf/rdf11/rdf-turtle": 313,
    },
    "rdf12-trig": {
        "rdf/rdf12/rdf-trig/eval": 25,
        "rdf/rdf12/rdf-trig/syntax": 35,
        "rdf/rdf11/rdf-trig": 356,
    },
}

#: The version each manifest is read in (the ``version`` keyword); RDF 1.1 if not named.
VERSION: dict[str, str] = {"rdf12-nt": "1.2", "rdf12-nq": "1.2", "rdf12-turtle": "1.2", "rdf12-trig": "1.2"}

#: Per RDF 1.2 manifest, its positive entries written in RDF 1.2 syntax, each of which an RDF
#: 1.1 read must refuse as RDF 1.2: N-Triples and N-Quads, the syntax suite's 7 and the 5 c14n
#: documents with triple terms or a base direction; Turtle (41 syntax, 29 eval) and TriG (24
#: syntax, 25 eval), every positive entry of their RDF 1.2 suites.
EXPECTED_RDF12_POSITIVE: dict[str, int] = {
    "rdf12-nt": 12,
    "rdf12-nq": 12,
    "rdf12-turtle": 70,
    "rdf12-trig": 49,
}

#: Known failures to skip, ``{test_id: reason}``. Must end up EMPTY.
SKIP: dict[str, str] = {}

#: ``W3C_FORMAT_OVERRIDE=builtin``: harness self-check against rdflib's built-in plugins.
BUILTIN = os.environ.get("W3C_FORMAT_OVERRIDE", "").strip().lower() == "builtin"
_BUILTIN_FORMATS = {
    "strict-ntriples": "nt",
    "strict-nquads": "nquads",
    "strict-turtle": "turtle",
    "strict-trig": "trig",
}


def fmt(name: str) -> str:
    """Plugin name to use: ours, or rdflib's built-in under the self-check override."""
    return _BUILTIN_FORMATS[name] if BUILTIN else name


def _expected_error() -> type[BaseException]:
    """``rdflib_strict.ParseError`` (any Exception under the built-in self-check)."""
    if BUILTIN:
        return Exception
    import rdflib_strict

    error: type[BaseException] = rdflib_strict.ParseError
    return error


# --------------------------------------------------------------------------------------------
# Collection

CASES: dict[str, list[W3CTest]] = {prefix: load_manifest(RDF_TESTS, prefix) for prefix in MANIFESTS}
ALL_CASES = [case for cases in CASES.values() for case in cases]


def _params(kinds: set[str]) -> list[object]:
    params: list[object] = []
    for case in ALL_CASES:
        if case.kind not in kinds:
            continue
        marks = [pytest.mark.skip(reason=SKIP[case.id])] if case.id in SKIP else []
        params.append(pytest.param(case, id=case.id, marks=marks))
    return params


SYNTAX_OK = {
    "TestNTriplesPositiveSyntax",
    "TestNQuadsPositiveSyntax",
    "TestTurtlePositiveSyntax",
    "TestTrigPositiveSyntax",
}
EVAL = {"TestTurtleEval", "TestTrigEval"}
C14N = {"TestNTriplesPositiveC14N", "TestNQuadsPositiveC14N"}
KNOWN_KINDS = SYNTAX_OK | SYNTAX_BAD | EVAL | C14N


#: Manifest -> (container class, parser/serializer plugin name).
LANGUAGE: dict[str, tuple[type[Graph], str]] = {
    "rdf11-nt": (Graph, "strict-ntriples"),
    "rdf11-nq": (Dataset, "strict-nquads"),
    "rdf11-turtle": (Graph, "strict-turtle"),
    "rdf11-trig": (Dataset, "strict-trig"),
    "rdf12-nt": (Graph, "strict-ntriples"),
    "rdf12-nq": (Dataset, "strict-nquads"),
    "rdf12-turtle": (Graph, "strict-turtle"),
    "rdf12-trig": (Dataset, "strict-trig"),
}


def _version(case: W3CTest, version: str | None = None) -> dict[str, str]:
    """The ``version`` keyword for ``case`` (its manifest's, or ``version``); none for rdflib's
    built-ins, which have no such keyword."""
    return {} if BUILTIN else {"version": version or VERSION.get(case.manifest, "1.1")}


def parse(case: W3CTest, version: str | None = None) -> Graph:
    """Parse the action (local path) with our parser, in its manifest's RDF version (or
    ``version``); publicID = the action IRI."""
    container, plugin = LANGUAGE[case.manifest]
    return parsed(
        container(), str(case.action), format=fmt(plugin), publicID=case.action_iri, **_version(case, version)
    )


# --------------------------------------------------------------------------------------------
# Tests per entry


@pytest.mark.parametrize("case", _params(SYNTAX_OK))
def test_positive_syntax(case: W3CTest) -> None:
    """The document must parse."""
    parse(case)


@pytest.mark.parametrize("case", _params(SYNTAX_BAD))
def test_negative_syntax(case: W3CTest) -> None:
    """The document must be rejected with ``rdflib_strict.ParseError`` and nothing else."""
    expected = _expected_error()
    try:
        graph = parse(case)
    except expected:
        return
    except Exception as e:  # any other exception type is a bug
        name = f"{type(e).__module__}.{type(e).__qualname__}"
        pytest.fail(f"raised {name} instead of ParseError: {e}")
    pytest.fail(f"parsed without error into {len(graph)} statements; expected ParseError")


@pytest.mark.parametrize("case", _params(EVAL))
def test_eval(case: W3CTest) -> None:
    """The parsed graph (dataset, for TriG) must equal mf:result as parsed by pyoxigraph, exactly.

    ``"v"^^xsd:string`` and ``"v"`` are one RDF term (RDF 1.1 Concepts 3.3); rdflib keeps them
    apart, and our parsers keep what the document wrote, as rdflib's own do, so the two count
    as equal here. Every other lexical form, datatype and tag must match exactly.
    """
    __tracebackhide__ = True
    assert case.result is not None
    actual = parse(case)
    expected = oxigraph_graph(case.result, "nq" if case.kind == "TestTrigEval" else "nt")
    assert_same_graph(actual, expected, case.id, xsd_string_as_plain=True)


@pytest.mark.parametrize("case", _params(C14N))
def test_c14n(case: W3CTest) -> None:
    """Parse, serialize with ``canonical=True``: every line must equal mf:result's exactly.

    The result files keep the statements in the order of the input (``literal_with_numeric_
    escape4`` has "o" before "\\u000E"), but a graph is a set and Canonical N-Triples says
    nothing of order: we sort lines, so the lines are compared as sorted lists, byte for byte,
    and our output must itself be sorted.

    Blank node labels are the document's (a result file keeps them): with blank nodes, the
    statements are parsed and written with their labels kept (``write_lines(relabel=False)``:
    ``canonical=True`` itself labels by RDFC-1.0); without, through the plugins, parse then
    ``serialize(canonical=True)``.
    """
    assert case.result is not None
    expected = Path(case.result).read_bytes()
    if b"_:" in expected and not BUILTIN:
        actual = _canonical_keeping_labels(case)
    else:
        graph = parse(case)
        plugin = fmt(LANGUAGE[case.manifest][1])
        actual = graph.serialize(format=plugin, canonical=True, encoding="utf-8", **_version(case))
    actual_lines = actual.splitlines(keepends=True)
    expected_lines = sorted(expected.splitlines(keepends=True))
    if not BUILTIN:
        assert actual_lines == sorted(actual_lines), "canonical output is not sorted"
    if sorted(actual_lines) != expected_lines:
        diff = difflib.unified_diff(
            [repr(line) for line in expected_lines],
            [repr(line) for line in sorted(actual_lines)],
            "expected",
            "actual",
            lineterm="",
        )
        pytest.fail(f"canonical output differs for {case.id}:\n" + "\n".join(diff))


def _canonical_keeping_labels(case: W3CTest) -> bytes:
    """The action's statements written canonically with their blank node labels as read."""
    from rdflib_strict.edge.readers import make_parser
    from rdflib_strict.edge.source import open_source
    from rdflib_strict.formats.write_lines import quad_groups, write_lines
    from rdflib_strict.syntax.version import version_arg

    plugin = LANGUAGE[case.manifest][1]
    fmt_name = "nquads" if plugin == "strict-nquads" else "ntriples"
    version = version_arg(VERSION.get(case.manifest, "1.1"))
    parser = make_parser(fmt_name, version=version)
    assert isinstance(parser.terms.prefix, str)
    with open_source(case.action) as opened:
        statements = [quad for batch in parser.batches(opened.reader) for quad in batch]
    out = io.BytesIO()
    write_lines(
        quad_groups(statements),
        out,
        with_graphs=fmt_name == "nquads",
        canonical=True,
        labels_of=parser.terms.prefix + "l",
        version=version,
        relabel=False,
    )
    return out.getvalue()


# --------------------------------------------------------------------------------------------
# Bookkeeping


def test_manifest_entry_counts() -> None:
    """Every manifest entry is collected exactly once, none excluded; an RDF 1.2 manifest's
    by the suite listing them (its c14n and syntax suites and the RDF 1.1 suite)."""
    assert set(EXPECTED_ENTRIES) == set(MANIFESTS)
    for prefix, expected_count in EXPECTED_ENTRIES.items():
        cases = CASES[prefix]
        print(f"{prefix}: {len(cases)} entries")
        assert len(cases) == expected_count, prefix
        ids = [case.id for case in cases]
        assert len(set(ids)) == len(ids), f"{prefix}: duplicate test ids"
    for prefix, suites in EXPECTED_SUITES.items():
        assert Counter(case.suite for case in CASES[prefix]) == suites, prefix


def _rdf12_positive() -> list[object]:
    """The positive entries of the RDF 1.2 suites written in RDF 1.2 syntax."""
    return [
        pytest.param(case, id=case.id)
        for prefix in VERSION
        for case in CASES[prefix]
        if case.kind in SYNTAX_OK | C14N | EVAL
        and "/rdf12/" in case.suite
        and rdf12_syntax_features(case.action)
    ]


def test_rdf12_positive_entry_counts() -> None:
    """Every positive entry of the RDF 1.2 syntax and eval suites uses RDF 1.2 syntax (so each
    is in ``_rdf12_positive``), and 5 of each c14n suite's 41 do; pinned."""
    found = Counter(case.manifest for case in (p.values[0] for p in _rdf12_positive()))  # type: ignore[attr-defined]
    assert found == EXPECTED_RDF12_POSITIVE
    for prefix in VERSION:
        for case in CASES[prefix]:
            if case.kind in SYNTAX_OK | EVAL and "/rdf12/" in case.suite:
                assert rdf12_syntax_features(case.action), case.id


@pytest.mark.skipif(BUILTIN, reason="rdflib's built-in parsers have no RDF 1.1 mode to test")
@pytest.mark.parametrize("case", _rdf12_positive())
def test_rdf12_syntax_is_refused_as_rdf11(case: W3CTest) -> None:
    """Read as RDF 1.1 (the default), every RDF 1.2 document is refused as RDF 1.2 syntax
    (the ``not-rdf11`` kind, whose message names the keyword), never as a generic error."""
    import rdflib_strict

    with pytest.raises(rdflib_strict.ParseError) as info:
        parse(case, "1.1")
    assert info.value.kind == rdflib_strict.ErrorKind.NOT_RDF11
    assert 'version="1.2"' in info.value.msg


def test_all_kinds_known() -> None:
    """No manifest entry has a test type this harness does not run."""
    unknown = sorted({(case.id, case.kind) for case in ALL_CASES if case.kind not in KNOWN_KINDS})
    assert not unknown


def test_skip_entries_exist() -> None:
    """Every SKIP key names a collected case (stale entries must be removed)."""
    ids = {case.id for case in ALL_CASES}
    assert not sorted(set(SKIP) - ids)
