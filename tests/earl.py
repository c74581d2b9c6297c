"""``pytest --earl FILE``: an EARL report of the W3C suites' entries, from the run that tested them.

The W3C's implementation reports (RDF 1.1 and 1.2, RDFC-1.0) are rolled up from one EARL
document per implementation: a DOAP description of the software and one ``earl:Assertion``
per manifest entry, naming the entry by its IRI (``earl:test``) and giving its outcome. This
plugin records the outcome of every test that runs a manifest entry as the suite's README
defines it (tests/test_w3c.py and tests/test_rdf_canon.py; not this project's extra checks on
the same files, such as "refused in RDF 1.1 mode") and writes the document at the end of the
session, with our own Turtle writer.

An entry run more than once (the RDF 1.1 N-Triples entries are also in the RDF 1.2 manifest,
read there as RDF 1.2) passes only if every run passed; a skipped entry is ``earl:untested``.
Under pytest-xdist the workers tag their reports with the entry IRI and the controller, which
sees every report, writes the file.

Run::

    .venv/bin/pytest tests/test_w3c.py tests/test_rdf_canon.py --earl earl.ttl
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, FOAF, RDF, XSD

from rdflib_strict import __version__

EARL = Namespace("http://www.w3.org/ns/earl#")
DOAP = Namespace("http://usefulinc.com/ns/doap#")

#: The software the report is about (its DOAP description is written into the report).
PROJECT = URIRef("https://pypi.org/project/rdflib-strict/")

#: The tests that run a manifest entry as its suite defines it, by module and function.
ENTRY_TESTS: dict[str, frozenset[str]] = {
    "test_w3c.py": frozenset({"test_positive_syntax", "test_negative_syntax", "test_eval", "test_c14n"}),
    "test_rdf_canon.py": frozenset({"test_eval", "test_map", "test_negative"}),
}

_KEY = "earl_test"
_RANK = {"untested": 0, "passed": 1, "failed": 2}  # a later report never lowers an outcome


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--earl",
        metavar="FILE",
        default=None,
        help="write an EARL report (Turtle) of the W3C manifest entries run to FILE",
    )


def entry_iri(item: pytest.Item) -> str | None:
    """The manifest entry ``item`` runs as its suite defines it, or None."""
    module, _, function = item.nodeid.partition("::")
    if function.partition("[")[0] not in ENTRY_TESTS.get(Path(module).name, frozenset()):
        return None
    case = getattr(item, "callspec", None) and item.callspec.params.get("case")  # type: ignore[attr-defined]
    iri = getattr(case, "iri", "")
    return iri if isinstance(iri, str) and iri else None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("earl") is None:
        return
    for item in items:
        iri = entry_iri(item)
        if iri is not None:
            item.user_properties.append((_KEY, iri))


class Outcomes:
    """Each entry's outcome over the reports seen so far."""

    def __init__(self) -> None:
        self.by_entry: dict[str, str] = {}

    def add(self, report: pytest.TestReport) -> None:
        iri = next((value for key, value in report.user_properties if key == _KEY), None)
        if not isinstance(iri, str):
            return
        if report.failed:
            outcome = "failed"
        elif report.skipped:
            outcome = "untested"
        elif report.when == "call":
            outcome = "passed"
        else:
            return
        if _RANK[outcome] >= _RANK[self.by_entry.get(iri, "untested")]:
            self.by_entry[iri] = outcome


def earl_graph(outcomes: dict[str, str], when: datetime.datetime) -> Graph:
    """The report: the project's DOAP description and one assertion per entry."""
    g = Graph()
    for prefix, ns in (("earl", EARL), ("doap", DOAP), ("foaf", FOAF), ("dct", DCTERMS)):
        g.bind(prefix, ns)
    developers = BNode("developers")
    g.add((developers, RDF.type, FOAF.Organization))
    g.add((developers, RDF.type, EARL.Assertor))
    g.add((developers, FOAF.name, Literal("The rdflib-strict developers")))
    for cls in (DOAP.Project, EARL.TestSubject, EARL.Software):
        g.add((PROJECT, RDF.type, cls))
    g.add((PROJECT, DOAP.name, Literal("rdflib-strict")))
    g.add((PROJECT, DOAP.homepage, PROJECT))
    g.add((PROJECT, DOAP["programming-language"], Literal("Python")))
    g.add((PROJECT, DOAP.license, URIRef("https://spdx.org/licenses/BSD-3-Clause")))
    g.add((PROJECT, DOAP.developer, developers))
    g.add(
        (
            PROJECT,
            DOAP.description,
            Literal("Strict, spec-conformant N-Triples, N-Quads, Turtle and TriG for rdflib", lang="en"),
        )
    )
    release = BNode("release")
    g.add((PROJECT, DOAP.release, release))
    g.add((release, DOAP.revision, Literal(__version__)))
    date = Literal(when.isoformat(timespec="seconds"), datatype=XSD.dateTime)
    for n, (iri, outcome) in enumerate(sorted(outcomes.items())):
        assertion, result = BNode(f"a{n}"), BNode(f"r{n}")
        g.add((assertion, RDF.type, EARL.Assertion))
        g.add((assertion, EARL.assertedBy, developers))
        g.add((assertion, EARL.subject, PROJECT))
        g.add((assertion, EARL.test, URIRef(iri)))
        g.add((assertion, EARL.mode, EARL.automatic))
        g.add((assertion, EARL.result, result))
        g.add((result, RDF.type, EARL.TestResult))
        g.add((result, EARL.outcome, EARL[outcome]))
        g.add((result, DCTERMS.date, date))
    return g


#: This process's outcomes (the controller's, under xdist: it sees every worker's reports).
_SESSION_OUTCOMES = Outcomes()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _SESSION_OUTCOMES.add(report)


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = session.config.getoption("earl")
    if path is None or hasattr(session.config, "workerinput"):  # an xdist worker: the controller writes
        return
    when = datetime.datetime.now(datetime.timezone.utc)
    earl_graph(_SESSION_OUTCOMES.by_entry, when).serialize(destination=path, format="strict-turtle")
