"""Workload: serialize the graph rdflib's own parser read from a file, in the file's format.

Variants: rdflib's own serializer, ours (``strict-*``) and oxrdflib's (``ox-*``). A variant
whose serializer is not registered gets an "n/a" row (and a note), so the table shows it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rdflib import Graph
from rdflib.serializer import Serializer

from common import Input, Job, Report, Row, measure, plugin_problem, speedup, table, timing_cells

VARIANTS = ("rdflib", "strict", "oxrdflib")


def serialize_job(graph: Graph, format_name: str) -> Job:
    def job() -> str:
        return graph.serialize(format=format_name)

    return job


def serializer_jobs(
    graph: Graph, inp: Input, label: str, variants: Sequence[str]
) -> tuple[dict[str, Job], dict[str, str]]:
    """Jobs of the available serializers, and the reason of each unavailable one."""
    jobs: dict[str, Job] = {}
    missing: dict[str, str] = {}
    for variant in VARIANTS:
        if variant not in variants:
            continue
        name = inp.fmt.plugin_name(variant)
        problem = plugin_problem(name, Serializer)
        if problem:
            missing[variant] = f"{label}: {variant} serializer {name!r} unavailable: {problem}"
            continue
        jobs[variant] = serialize_job(graph, name)
    return jobs, missing


def run_serializers(
    inp: Input, graph: Graph, count: int, variants: Sequence[str], runs: int, report: Report
) -> None:
    label = f"{inp.label} -> {inp.fmt.key}"
    jobs, missing = serializer_jobs(graph, inp, label, variants)
    report.notes.extend(missing.values())
    measured = measure(label, jobs, runs)
    report.notes.extend(measured.notes)
    references = {"rdflib": measured.medians["rdflib"]} if "rdflib" in measured.medians else {}
    for variant in VARIANTS:
        if variant in measured.medians:
            seconds: float | None = measured.medians[variant]
        elif variant in missing:
            seconds = None
        else:  # not selected, or raised (see the notes)
            continue
        report.serialize.append(Row(inp.label, count, variant, seconds, references))


def serialize_table(rows: list[Row]) -> str:
    header = ["graph from", "statements", "serializer", "median s", "statements/s", "speed-up"]
    cells = [[*timing_cells(r), speedup(r.seconds, r.reference.get("rdflib"))] for r in rows]
    return table(header, cells)
