"""W3C rdf-tests manifests: RDF 1.1 N-Triples, N-Quads, Turtle, TriG; RDF 1.2 N-Triples/N-Quads c14n.

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
import os
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

#: Expected ``mf:entries`` count per manifest (guards against harness bugs and suite drift).
EXPECTED_ENTRIES: dict[str, int] = {
    "rdf11-nt": 70,
    "rdf11-nq": 87,
    "rdf11-turtle": 313,
    "rdf11-trig": 356,
    "rdf12-nt-c14n": 41,
    "rdf12-nq-c14n": 41,
}

#: c14n manifests: entries excluded at collection because they use RDF 1.2 syntax.
#: (dirlangtagged_string: base direction; triple-term-01..04: triple terms.)
EXPECTED_RDF12_EXCLUDED: dict[str, int] = {"rdf12-nt-c14n": 5, "rdf12-nq-c14n": 5}

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


def _collect() -> tuple[dict[str, list[W3CTest]], dict[str, list[tuple[W3CTest, list[str]]]]]:
    """All manifests' cases, and (for c14n manifests) the entries excluded as RDF 1.2 syntax.

    Exclusion filter: an entry of a ``*-c14n`` manifest is excluded when its action document
    uses RDF 1.2-only syntax according to :func:`w3c.rdf12_syntax_features` (triple terms
    ``<<(``, reifiers ``~``, annotations, ``--ltr``/``--rtl`` base direction, ``VERSION``),
    since our RDF 1.1 parsers must reject such documents. These are not skips: they are not
    RDF 1.1 tests. ``test_rdf12_exclusion_counts`` pins how many were excluded.
    """
    assert RDF_TESTS is not None
    kept: dict[str, list[W3CTest]] = {}
    excluded: dict[str, list[tuple[W3CTest, list[str]]]] = {}
    for prefix in MANIFESTS:
        kept[prefix], excluded[prefix] = [], []
        for case in load_manifest(RDF_TESTS, prefix):
            features = rdf12_syntax_features(case.action) if prefix.endswith("-c14n") else []
            if features:
                excluded[prefix].append((case, features))
            else:
                kept[prefix].append(case)
    return kept, excluded


CASES, EXCLUDED = _collect()
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
    "rdf12-nt-c14n": (Graph, "strict-ntriples"),
    "rdf12-nq-c14n": (Dataset, "strict-nquads"),
}


def parse(case: W3CTest) -> Graph:
    """Parse the action (local path) with our parser; publicID = the action IRI."""
    container, plugin = LANGUAGE[case.manifest]
    return parsed(container(), str(case.action), format=fmt(plugin), publicID=case.action_iri)


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
    """
    assert case.result is not None
    graph = parse(case)
    plugin = fmt(LANGUAGE[case.manifest][1])
    actual = graph.serialize(format=plugin, canonical=True, encoding="utf-8")
    expected = Path(case.result).read_bytes()
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


# --------------------------------------------------------------------------------------------
# Bookkeeping


def test_manifest_entry_counts() -> None:
    """Every manifest entry is collected (or, for c14n, excluded as RDF 1.2) exactly once."""
    assert RDF_TESTS is not None
    for prefix, expected_count in EXPECTED_ENTRIES.items():
        entries = load_manifest(RDF_TESTS, prefix)
        collected, excluded = len(CASES[prefix]), len(EXCLUDED[prefix])
        print(f"{prefix}: {len(entries)} entries, {collected} collected, {excluded} excluded")
        assert len(entries) == expected_count, prefix
        assert collected + excluded == len(entries), prefix
        ids = [case.id for case in CASES[prefix]] + [case.id for case, _ in EXCLUDED[prefix]]
        assert len(set(ids)) == len(ids), f"{prefix}: duplicate test ids"


def test_rdf12_exclusion_counts() -> None:
    """c14n entries using RDF 1.2 syntax are excluded at collection; pin how many."""
    for prefix in MANIFESTS:
        excluded, kept = EXCLUDED[prefix], CASES[prefix]
        print(f"{prefix}: kept {len(kept)}, excluded {len(excluded)} (RDF 1.2 syntax)")
        for case, features in excluded:
            print(f"  excluded {case.id}: {', '.join(features)}")
        assert len(excluded) == EXPECTED_RDF12_EXCLUDED.get(prefix, 0), prefix


def test_all_kinds_known() -> None:
    """No manifest entry has a test type this harness does not run."""
    unknown = sorted({(case.id, case.kind) for case in ALL_CASES if case.kind not in KNOWN_KINDS})
    assert not unknown


def test_skip_entries_exist() -> None:
    """Every SKIP key names a collected case (stale entries must be removed)."""
    ids = {case.id for case in ALL_CASES}
    assert not sorted(set(SKIP) - ids)
