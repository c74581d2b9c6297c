"""``pytest --earl FILE`` (tests/earl.py): the EARL report says what the run found, per entry.

The runs here are of a stand-in ``test_w3c.py`` written into a temporary folder, whose entries
pass, fail, are skipped, or pass in one run and fail in another, so that every outcome is
seen; once in one process and once under xdist (where only the controller sees every report).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from locations import repo_root
from rdflib import Graph, Namespace, URIRef
from rdflib.namespace import RDF

EARL = Namespace("http://www.w3.org/ns/earl#")
DOAP = Namespace("http://usefulinc.com/ns/doap#")
T = "https://example.org/suite/manifest#"

_STAND_IN = f'''
from dataclasses import dataclass
import pytest

@dataclass(frozen=True)
class Entry:
    iri: str
    outcome: str

ENTRIES = [Entry("{T}ok", "pass"), Entry("{T}bad", "fail"), Entry("{T}skip", "skip")]

def run(case):
    if case.outcome == "fail":
        assert False, "failed on purpose"
    if case.outcome == "skip":
        pytest.skip("skipped on purpose")

@pytest.mark.parametrize("case", ENTRIES)
def test_eval(case): run(case)

# The same entry twice: it passes here and fails in test_c14n below.
@pytest.mark.parametrize("case", [Entry("{T}twice", "pass")])
def test_positive_syntax(case): run(case)

@pytest.mark.parametrize("case", [Entry("{T}twice", "fail")])
def test_c14n(case): run(case)

# Not an entry test as the suite defines it: never reported.
@pytest.mark.parametrize("case", [Entry("{T}extra", "fail")])
def test_rdf12_syntax_is_refused_as_rdf11(case): run(case)
'''


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist"])
def test_the_report_has_each_entrys_outcome(tmp_path: Path, workers: list[str]) -> None:
    (tmp_path / "test_w3c.py").write_text(_STAND_IN, encoding="utf-8")
    report = tmp_path / "earl.ttl"
    env = {**os.environ, "PYTHONPATH": str(repo_root() / "tests")}
    args = ["-q", "-p", "earl", "-p", "no:cacheprovider", "--earl", str(report), *workers, "test_w3c.py"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr  # the failing entries fail the run
    graph = Graph().parse(report, format="strict-turtle")
    outcomes = {}
    for assertion in graph.subjects(RDF.type, EARL.Assertion):
        result = graph.value(assertion, EARL.result)
        outcomes[str(graph.value(assertion, EARL.test))] = graph.value(result, EARL.outcome)
        assert graph.value(assertion, EARL.mode) == EARL.automatic
        assert (graph.value(assertion, EARL.subject), RDF.type, DOAP.Project) in graph
        assert (graph.value(assertion, EARL.assertedBy), RDF.type, EARL.Assertor) in graph
        assert graph.value(result, URIRef("http://purl.org/dc/terms/date")) is not None
    assert outcomes == {
        f"{T}ok": EARL.passed,
        f"{T}bad": EARL.failed,
        f"{T}skip": EARL.untested,
        f"{T}twice": EARL.failed,
    }


def test_no_report_without_the_option(tmp_path: Path) -> None:
    (tmp_path / "test_w3c.py").write_text(_STAND_IN, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(repo_root() / "tests")}
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "earl", "-p", "no:cacheprovider", "test_w3c.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        check=False,
    )
    assert list(tmp_path.rglob("*.ttl")) == []
