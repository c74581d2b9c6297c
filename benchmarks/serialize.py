"""Workload: serialize the graph rdflib's own parser read from a file, in the file's format.

Variants: rdflib's own serializer, ours (``strict-*``) and oxrdflib's (``ox-*``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rdflib import Graph
from rdflib.serializer import Serializer

from common import Input, Job, Report, Row, measure, plugin_problem, rows_from, speedup, table, timing_cells

VARIANTS = ("rdflib", "strict", "oxrdflib")


def serialize_job(graph: Graph, format_name: str) -> Job:
    def job() -> str:
        return graph.serialize(format=format_name)

    return job


def serializer_jobs(
    graph: Graph, inp: Input, label: str, variants: Sequence[str]
) -> tuple[dict[str, Job], list[str]]:
    jobs: dict[str, Job] = {}
    notes: list[str] = []
    for variant in VARIANTS:
        if variant not in variants:
            continue
        name = inp.fmt.plugin_name(variant)
        problem = plugin_problem(name, Serializer)
        if problem:
            notes.append(f"{label}: {variant} serializer {name!r} unavailable: {problem}")
            continue
        jobs[variant] = serialize_job(graph, name)
    return jobs, notes


def run_serializers(
    inp: Input, graph: Graph, count: int, variants: Sequence[str], runs: int, report: Report
) -> None:
    label = f"{inp.label} -> {inp.fmt.key}"
    jobs, notes = serializer_jobs(graph, inp, label, variants)
    report.notes.extend(notes)
    measured = measure(label, jobs, runs)
    report.notes.extend(measured.notes)
    report.serialize.extend(rows_from(inp.label, count, measured, ("rdflib",)))


def serialize_table(rows: list[Row]) -> str:
    header = ["graph from", "statements", "serializer", "median s", "statements/s", "speed-up"]
    cells = [[*timing_cells(r), speedup(r.seconds, r.reference.get("rdflib"))] for r in rows]
    return table(header, cells)
