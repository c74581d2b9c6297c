"""Workload: streaming parse, no graph: ``rdflib_strict.iterparse`` vs raw ``pyoxigraph.parse``.

Both produce every statement of the file and drop it; pyoxigraph's Rust parser (no rdflib
terms made) is the reference.

With ``--turtle-ratio N``: the Turtle ``iterparse`` of a ``.ttl`` file against the N-Triples
``iterparse`` of the ``.nt`` beside it (the same statements), in N fresh processes, each
timing three interleaved parses of both (``process_time``) and giving the ratio of its
medians; the table gives the median ratio over the processes and its range. The ratio moves
from one process to the next by more than between runs in one process (the N-Triples parse
of rich-100k.nt took 0.235 s in some processes and 0.285 s in others, same code, quiet
machine), so a ratio from one process says little.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass

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


_RATIO_CHILD = """
import gc, statistics, sys, time
from rdflib_strict import iterparse
times = {"nt": [], "ttl": []}
for _ in range(3):
    for key, path in (("nt", sys.argv[1]), ("ttl", sys.argv[2])):
        gc.collect()
        start = time.process_time()
        for _ in iterparse(path):
            pass
        times[key].append(time.process_time() - start)
print(statistics.median(times["nt"]), statistics.median(times["ttl"]))
"""


@dataclass
class RatioRow:
    file: str
    processes: int
    ratios: list[float]
    nt: float
    ttl: float


def run_turtle_ratio(inp: Input, processes: int, rows: list[RatioRow], notes: list[str]) -> None:
    """The Turtle/N-Triples ``iterparse`` ratio of ``inp`` (a .ttl) in ``processes`` processes."""
    nt = inp.path.with_suffix(".nt")
    if inp.fmt.key != "ttl" or inp.read_kwargs:
        return
    if not nt.exists():
        notes.append(f"{inp.label}: no {nt.name} beside it for the Turtle/N-Triples ratio")
        return
    pairs: list[tuple[float, float]] = []
    for _ in range(processes):
        done = subprocess.run(
            [sys.executable, "-c", _RATIO_CHILD, str(nt), str(inp.path)],
            capture_output=True,
            text=True,
            check=True,
        )
        a, b = done.stdout.split()
        pairs.append((float(a), float(b)))
    rows.append(
        RatioRow(
            inp.label,
            processes,
            sorted(t / n for n, t in pairs),
            statistics.median(n for n, _ in pairs),
            statistics.median(t for _, t in pairs),
        )
    )


def turtle_ratio_table(rows: list[RatioRow]) -> str:
    header = ["file", "processes", "Turtle / N-Triples, median", "range", "N-Triples s", "Turtle s"]
    cells = [
        [
            r.file,
            str(r.processes),
            f"{statistics.median(r.ratios):.2f}",
            f"{r.ratios[0]:.2f}-{r.ratios[-1]:.2f}",
            f"{r.nt:.3f}",
            f"{r.ttl:.3f}",
        ]
        for r in rows
    ]
    return table(header, cells)
