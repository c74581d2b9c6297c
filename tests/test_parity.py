"""Drop-in parity: on every valid W3C document, strict-X and rdflib's built-in X fill the sink
alike, except where the built-in is non-conformant (each such case listed, with its reason;
the README's deviation table is this list).

"Alike" is after applying rdflib's own literal normalisation to our literals, since keeping
lexical forms exactly is the point of strict parsing (``007`` stays ``007``), and treating
``"v"^^xsd:string`` as ``"v"`` (one RDF term). A deviation that stops deviating fails the test,
so the list cannot go stale.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Dataset, Graph, Literal
from rdflib.term import Node
from test_w3c import ALL_CASES, EVAL, SYNTAX_OK
from w3c import RDF_TESTS_MISSING, W3CTest, default_graph, parsed, same_graph

from rdflib_strict.edge.writers import statements

BUILTIN = {"rdf11-nt": "nt", "rdf11-nq": "nquads", "rdf11-turtle": "turtle"}
STRICT = {"rdf11-nt": "strict-ntriples", "rdf11-nq": "strict-nquads", "rdf11-turtle": "strict-turtle"}

_T12 = "built-in resolves relative IRIs without RFC 3986 section 5.2 (T12)"
#: test id -> why rdflib's built-in parser gives a different (non-conformant) result.
DEVIATIONS: dict[str, str] = {
    "rdf11-nt/minimal_whitespace": "built-in nt requires whitespace between terms (P1) and rejects it",
    "rdf11-turtle/IRI-resolution-01": _T12,
    "rdf11-turtle/IRI-resolution-02": _T12,
    "rdf11-turtle/IRI-resolution-07": _T12,
    "rdf11-turtle/IRI-resolution-08": _T12,
}


def _normalised(graph: Graph) -> Dataset:
    """A Dataset copy with every literal as rdflib's default normalisation would make it."""

    def norm(term: Node) -> Node:
        if isinstance(term, Literal) and term.datatype is not None:
            if str(term.datatype) == "http://www.w3.org/2001/XMLSchema#string":
                return Literal(str(term))
            return Literal(str(term), datatype=term.datatype, normalize=True)
        return term

    out = Dataset()
    for s, p, o, g in statements(graph, with_graphs=True):
        target = default_graph(out) if g is None else out.graph(g)
        target.add((norm(s), norm(p), norm(o)))  # type: ignore[arg-type]
    return out


def _parse(case: W3CTest, fmt: str) -> Graph | Exception:
    sink: Graph = Dataset() if case.manifest == "rdf11-nq" else Graph()
    try:
        return parsed(sink, str(case.action), format=fmt, publicID=case.action_iri)
    except Exception as e:  # the built-in may raise anything; that is a deviation to list
        return e


CASES = [c for c in ALL_CASES if c.manifest in BUILTIN and (c.kind in SYNTAX_OK or c.kind in EVAL)]


def _disagreement(case: W3CTest) -> str | None:
    """What is wrong on this valid document: a failed strict parse, a listed deviation that
    no longer deviates, or an unlisted one (None: nothing)."""
    ours = _parse(case, STRICT[case.manifest])
    if not isinstance(ours, Graph):
        return f"strict parser failed on a valid document: {ours}"
    theirs = _parse(case, BUILTIN[case.manifest])
    agree = isinstance(theirs, Graph) and same_graph(_normalised(ours), _normalised(theirs))
    if isinstance(ours, Dataset) and isinstance(theirs, Dataset):
        named = {g.identifier for g in ours.graphs() if len(g)}
        their_named = {g.identifier for g in theirs.graphs() if len(g)}
        agree = agree and len(named) == len(their_named)
    if case.id in DEVIATIONS:
        return f"listed as a deviation but the built-in now agrees: {DEVIATIONS[case.id]}" if agree else None
    return None if agree else f"built-in differs from strict on a valid document: {theirs!r}"


# One test per manifest, every valid document checked (a test per document cost more in the
# test runner than the check); a failure names each document and what is wrong.
@pytest.mark.parametrize("manifest", sorted({c.manifest for c in CASES}))
def test_same_sink_contents_as_builtin(manifest: str) -> None:
    wrong = [(c.id, problem) for c in CASES if c.manifest == manifest and (problem := _disagreement(c))]
    assert wrong == []


def test_every_builtin_format_is_compared() -> None:
    if not CASES:
        pytest.skip(RDF_TESTS_MISSING)
    assert {c.manifest for c in CASES} == set(BUILTIN)
    assert len(CASES) > 300


def test_deviation_list_names_real_cases() -> None:
    ids = {c.id for c in ALL_CASES}
    assert set(DEVIATIONS) <= ids


@pytest.mark.parametrize("name", ["library.ttl", "schemaorg-all-https.ttl"])
def test_prefix_bindings_same_as_builtin(name: str, shared_data_dir: Path, repo_root: Path) -> None:
    path = repo_root / "examples" / name if name == "library.ttl" else shared_data_dir / name
    ours = Graph().parse(path, format="strict-turtle")
    theirs = Graph().parse(path, format="turtle")
    assert dict(ours.namespaces()) == dict(theirs.namespaces())
    assert "schema" in dict(ours.namespaces())
