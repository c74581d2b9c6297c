"""Workload: parse a file into an rdflib ``Graph`` (``Dataset`` for N-Quads and TriG).

Variants, timed in-process and round-robin:

* ``rdflib``   -- ``Graph().parse(path, format="nt")`` (``Dataset`` for quads), ...
* ``strict``   -- the same with ``format="strict-ntriples"`` / ... / ``"strict-trig"``
* ``oxrdflib`` -- the same with ``format="ox-ntriples"`` / ... / ``"ox-trig"``
* ``floor``    -- ``Graph.add`` / ``Dataset.add`` of a prebuilt list of statements whose
  identical terms are interned to one object (as a parser with a term cache would share them):
  the cost of filling the store, i.e. what no parser into a ``Graph`` can beat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from rdflib import Dataset, Graph
from rdflib.parser import Parser
from rdflib.term import Node

from common import (
    Fmt,
    Input,
    Job,
    Measured,
    Report,
    Row,
    Statement,
    log,
    measure,
    new_container,
    plugin_problem,
    ratio,
    rows_from,
    table,
    timing_cells,
)


def intern_statements(statements: Iterable[Statement]) -> list[Statement]:
    """Share identical terms between statements, as a parser with a term cache would."""
    cache: dict[Node | None, Node | None] = {}
    get = cache.setdefault
    return [tuple([get(term, term) for term in st]) for st in statements]


def reference_statements(container: Graph, fmt: Fmt) -> list[Statement]:
    if fmt.quads:
        assert isinstance(container, Dataset)
        return intern_statements(container.quads((None, None, None, None)))
    return intern_statements(container.triples((None, None, None)))


def parse_job(path: Path, fmt: Fmt, format_name: str, kwargs: dict[str, str]) -> Job:
    def job() -> Graph:
        return new_container(fmt).parse(path, format=format_name, **kwargs)

    return job


def floor_job(statements: list[Statement], fmt: Fmt) -> Job:
    def job() -> Graph:
        container = new_container(fmt)
        add = container.add
        for st in statements:
            add(st)  # type: ignore[arg-type]
        return container

    return job


def parser_jobs(
    inp: Input, variants: Sequence[str], statements: list[Statement]
) -> tuple[dict[str, Job], list[str]]:
    jobs: dict[str, Job] = {}
    notes: list[str] = []
    for variant in variants:
        if variant == "floor":
            jobs[variant] = floor_job(statements, inp.fmt)
            continue
        if inp.read_kwargs and variant != "strict":
            notes.append(f"{inp.label}: {variant} not timed (RDF {inp.version} is read by strict only here)")
            continue
        name = inp.fmt.plugin_name(variant)
        problem = plugin_problem(name, Parser)
        if problem:
            notes.append(f"{inp.label}: {variant} parser {name!r} unavailable: {problem}")
            continue
        jobs[variant] = parse_job(inp.path, inp.fmt, name, inp.read_kwargs)
    return jobs, notes


def run_parsers(
    inp: Input, reference: Graph, count: int, variants: Sequence[str], runs: int, report: Report
) -> None:
    """Time the parsers of ``inp`` against the floor built from rdflib's ``reference`` parse."""
    statements = reference_statements(reference, inp.fmt)
    jobs, notes = parser_jobs(inp, variants, statements)
    report.notes.extend(notes)
    measured: Measured = measure(inp.label, jobs, runs)
    report.notes.extend(measured.notes)
    report.parse.extend(rows_from(inp.label, count, measured, ("floor", "rdflib")))


def reference_parse(inp: Input) -> Graph:
    """The graph the floor is built from: rdflib's parse, ours for RDF 1.2 (rdflib reads none)
    and for files rdflib cannot read (rich-*.ttl's CR-only line ends; the generator checked
    them with pyoxigraph); rdflib's row then notes its failure."""
    if inp.read_kwargs:
        return new_container(inp.fmt).parse(inp.path, format=inp.fmt.strict, **inp.read_kwargs)
    try:
        return new_container(inp.fmt).parse(inp.path, format=inp.fmt.rdflib)
    except Exception as e:  # rdflib's own parser failing is a finding, not a crash
        log(f"  rdflib cannot read {inp.label} ({type(e).__name__}); the floor is built from ours")
        return new_container(inp.fmt).parse(inp.path, format=inp.fmt.strict)


def parse_table(rows: list[Row]) -> str:
    header = ["file", "statements", "variant", "median s", "statements/s", "x floor", "x rdflib"]
    cells = [
        [
            *timing_cells(r),
            ratio(r.seconds, r.reference.get("floor")),
            ratio(r.seconds, r.reference.get("rdflib")),
        ]
        for r in rows
    ]
    return table(header, cells)
