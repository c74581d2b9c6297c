"""Workload: serialize the graph rdflib's own parser read from a file, in the file's format.

Variants: rdflib's own serializer, ours (``strict-*``) and oxrdflib's (``ox-*``). A variant
whose serializer is not registered gets an "n/a" row (and a note), so the table shows it.

``floor`` (N-Triples only): what any writer in Python of a graph in rdflib's ``Memory`` store
costs at least, as ``Graph.add`` is the floor of a parser: its predicate index walked (the
order our writer reads it in) with ``str()`` of each statement's subject kept and of each
predicate and object once, and ``Graph.serialize``'s decoding of the bytes a plugin wrote (a
prebuilt output of the same statements). No line is spelled, escaped, checked or encoded.
"""

from __future__ import annotations

from collections.abc import Sequence

from rdflib import Graph
from rdflib.serializer import Serializer
from rdflib_strict.edge.rdflib_private import memory_indexes

from common import Input, Job, Report, Row, measure, plugin_problem, ratio, speedup, table, timing_cells

VARIANTS = ("rdflib", "strict", "oxrdflib")


def serialize_job(graph: Graph, format_name: str) -> Job:
    def job() -> str:
        return graph.serialize(format=format_name)

    return job


def floor_job(graph: Graph) -> Job | None:
    """The writing floor (see the module's docstring); None if the store is not ``Memory``."""
    indexes = memory_indexes(graph.store)  # type: ignore[arg-type]
    if indexes is None or len(graph.store) != len(graph):
        return None
    pos = indexes[1]
    # Graph.serialize decodes what the plugin wrote: here a prebuilt output of the same text.
    written = graph.serialize(format="nt", encoding="utf-8")

    def job() -> str:
        lines: list[str] = []
        append = lines.append
        b = c = ""  # (an empty graph: nothing to spell)
        for p, by_object in pos.items():
            b = str(p)
            for o, subjects in by_object.items():
                c = str(o)
                for s in subjects:
                    append(str(s))
        del lines, b, c  # freed inside the timed call, as a writer's would be
        return written.decode()

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
    if "floor" in variants and inp.fmt.key == "nt":
        floor = floor_job(graph)
        if floor is None:
            missing["floor"] = f"{label}: no writing floor (the graph is not in a Memory store of its own)"
        else:
            jobs["floor"] = floor
    return jobs, missing


def run_serializers(
    inp: Input, graph: Graph, count: int, variants: Sequence[str], runs: int, report: Report
) -> None:
    label = f"{inp.label} -> {inp.fmt.key}"
    jobs, missing = serializer_jobs(graph, inp, label, variants)
    report.notes.extend(missing.values())
    measured = measure(label, jobs, runs)
    report.notes.extend(measured.notes)
    references = {name: measured.medians[name] for name in ("rdflib", "floor") if name in measured.medians}
    for variant in (*VARIANTS, "floor"):
        if variant in measured.medians:
            seconds: float | None = measured.medians[variant]
        elif variant in missing:
            seconds = None
        else:  # not selected, or raised (see the notes)
            continue
        report.serialize.append(Row(inp.label, count, variant, seconds, references))


def serialize_table(rows: list[Row]) -> str:
    header = ["graph from", "statements", "serializer", "median s", "statements/s", "speed-up", "x floor"]
    cells = [
        [
            *timing_cells(r),
            speedup(r.seconds, r.reference.get("rdflib")),
            ratio(r.seconds, r.reference.get("floor")),
        ]
        for r in rows
    ]
    return table(header, cells)
