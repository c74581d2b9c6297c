"""W3C RDF Dataset Canonicalization suite (RDFC-1.0): one case per manifest entry.

Id ``rdfc10/<entry>`` (e.g. ``rdfc10/test020c``). The suite (a checkout of w3c/rdf-canon) is
found through ``RDF_CANON_DIR`` or at ``<repo>/../shared/rdf-canon``; without it every test
here is skipped. Inputs are parsed with our N-Quads parser; an entry with
``rdfc:hashAlgorithm`` runs with that algorithm.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest
from locations import RDF_CANON_MISSING, find_rdf_canon_dir
from rdflib import Dataset
from w3c import W3CTest, load_canon_manifest, parsed

from rdflib_strict.canon import WorkLimitError, canonicalize
from rdflib_strict.syntax.reader import document_prefix

RDF_CANON = find_rdf_canon_dir()
if RDF_CANON is None:
    pytest.skip(RDF_CANON_MISSING, allow_module_level=True)

CASES = load_canon_manifest(RDF_CANON)

#: Entries per test type (guards against harness bugs and suite drift).
EXPECTED_ENTRIES = {"RDFC10EvalTest": 64, "RDFC10MapTest": 21, "RDFC10NegativeEvalTest": 1}
#: Entries per ``rdfc:hashAlgorithm`` (None: the default, SHA-256).
EXPECTED_ALGORITHMS = {None: 84, "SHA384": 2}


def _params(kind: str, *, default_hash_only: bool = False) -> list[object]:
    return [
        pytest.param(case, id=case.id)
        for case in CASES
        if case.kind == kind and not (default_hash_only and case.hash_algorithm)
    ]


def _input(case: W3CTest) -> Dataset:
    return parsed(Dataset(), str(case.action), format="strict-nquads", publicID=case.action_iri)


def _algorithm(case: W3CTest) -> str:
    return (case.hash_algorithm or "SHA256").lower()


@pytest.mark.parametrize("case", _params("RDFC10EvalTest"))
def test_eval(case: W3CTest) -> None:
    """The canonical N-Quads equal mf:result byte for byte; the hash is the result's."""
    assert case.result is not None
    expected = case.result.read_bytes()
    result = canonicalize(_input(case), hash_algorithm=_algorithm(case))
    assert result.nquads.encode("utf-8") == expected
    assert result.hash == hashlib.new(_algorithm(case), expected).hexdigest()


@pytest.mark.parametrize("case", _params("RDFC10EvalTest", default_hash_only=True))
def test_eval_through_the_nquads_writer(case: W3CTest) -> None:
    """``canonical=True`` writes the same bytes (the writer uses SHA-256)."""
    assert case.result is not None
    actual = _input(case).serialize(format="strict-nquads", canonical=True, encoding="utf-8")
    assert actual == case.result.read_bytes()


@pytest.mark.parametrize("case", _params("RDFC10MapTest"))
def test_map(case: W3CTest) -> None:
    """The issued identifiers map, keyed by the input's labels, equals mf:result (JSON).

    The keys are then exactly the input's blank node labels, as the suite requires. Our parser
    makes a label's node id from the parse's random prefix, "l" and the label (formats.terms).
    """
    assert case.result is not None
    head = len(document_prefix()) + 1
    issued = canonicalize(_input(case), hash_algorithm=_algorithm(case)).issued_identifiers
    assert {str(node)[head:]: label for node, label in issued.items()} == json.loads(case.result.read_text())


@pytest.mark.parametrize("case", _params("RDFC10NegativeEvalTest"))
def test_negative(case: W3CTest) -> None:
    """A poison dataset ends with our work limit error, through the API and the writer."""
    dataset = _input(case)
    with pytest.raises(WorkLimitError, match=r"stopped after 100,000 steps .* larger work_limit= allows"):
        canonicalize(dataset, hash_algorithm=_algorithm(case))
    with pytest.raises(WorkLimitError):
        dataset.serialize(format="strict-nquads", canonical=True)


def test_manifest_entry_counts() -> None:
    assert Counter(case.kind for case in CASES) == EXPECTED_ENTRIES
    assert Counter(case.hash_algorithm for case in CASES) == EXPECTED_ALGORITHMS
    assert len({case.id for case in CASES}) == len(CASES)
