"""Workload: streaming parse, no graph: ``rdflib_strict.iterparse`` vs raw ``pyoxigraph.parse``.

Both produce every statement of the file and drop it; pyoxigraph's Rust parser (no rdflib
terms made) is the reference.
"""

from __future__ import annotations

from collections.abc import Iterator

from common import Input, Job, Report, Row, import_optional, measure, ratio, rows_from, table, timing_cells


def exhaust(statements: Iterator[object]) -> int:
    return sum(1 for _ in statements)


def iterparse_jobs(inp: Input) -> tuple[dict[str, Job], list[str]]:
    jobs: dict[str, Job] = {}
    notes: list[str] = []
    strict = import_optional("rdflib_strict")
    iterparse = getattr(strict, "iterparse", None)
    if iterparse is None:
        notes.append(f"{inp.label}: rdflib_strict.iterparse unavailable")
    else:
        fmt_name = inp.fmt.iterparse
        kwargs = inp.read_kwargs
        jobs["strict iterparse"] = lambda: exhaust(iterparse(str(inp.path), format=fmt_name, **kwargs))
    ox = import_optional("pyoxigraph")
    if ox is None:
        notes.append(f"{inp.label}: pyoxigraph not installed")
    else:
        rdf_format = getattr(ox.RdfFormat, inp.fmt.oxigraph)
        jobs["pyoxigraph"] = lambda: exhaust(ox.parse(path=str(inp.path), format=rdf_format))
    return jobs, notes


def run_iterparse(inp: Input, count: int, runs: int, report: Report) -> None:
    label = f"{inp.label} iter"
    jobs, notes = iterparse_jobs(inp)
    report.notes.extend(notes)
    measured = measure(label, jobs, runs)
    report.notes.extend(measured.notes)
    report.iterparse.extend(rows_from(inp.label, count, measured, ("pyoxigraph",)))


def iterparse_table(rows: list[Row]) -> str:
    header = ["file", "statements", "variant", "median s", "statements/s", "x pyoxigraph"]
    cells = [[*timing_cells(r), ratio(r.seconds, r.reference.get("pyoxigraph"))] for r in rows]
    return table(header, cells)
