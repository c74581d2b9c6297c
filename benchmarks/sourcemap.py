"""Workload (only with ``--source-map``): what a SourceMap costs a parse into a Graph.

Variants, timed in-process and round-robin: ``strict`` (``Graph().parse(path,
format="strict-...")``) and ``strict+map`` (the same with ``source_map=SourceMap()``), and the
floor (``Graph.add`` of prebuilt statements) for scale. Memory: the map's own arrays after the
parse (``sys.getsizeof`` of each, over-allocation included) per statement, and the growth of
the traced heap the map adds to a parse (tracemalloc, one run each, with minus without).
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from rdflib import Graph
from rdflib_strict import SourceMap

from common import Input, Job, Report, log, measure, new_container, ratio, table
from parse import floor_job, reference_statements


@dataclass
class MapRow:
    file: str
    statements: int
    plain_s: float
    map_s: float
    floor_s: float | None
    array_bytes: float  # the map's arrays, per statement
    traced_bytes: float  # traced heap growth the map adds, per statement


ROWS: list[MapRow] = []


def _parse(path: Path, inp: Input, source_map: SourceMap | None) -> Graph:
    kwargs = {} if source_map is None else {"source_map": source_map}
    return new_container(inp.fmt).parse(path, format=inp.fmt.plugin_name("strict"), **kwargs)


def _traced(inp: Input, with_map: bool) -> tuple[int, SourceMap | None]:
    gc.collect()
    tracemalloc.start()
    source_map = SourceMap() if with_map else None
    graph = _parse(inp.path, inp, source_map)
    gc.collect()
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del graph
    return size, source_map


def _array_bytes(source_map: SourceMap) -> int:
    total = 0
    for segment in source_map._segments:
        for name, value in vars(segment).items():
            if name != "source" and hasattr(value, "itemsize"):  # the arrays
                total += sys.getsizeof(value)
    return total


def run_source_maps(inp: Input, reference: Graph, count: int, runs: int, report: Report) -> None:
    jobs: dict[str, Job] = {
        "strict": lambda: _parse(inp.path, inp, None),
        "strict+map": lambda: _parse(inp.path, inp, SourceMap()),
        "floor": floor_job(reference_statements(reference, inp.fmt), inp.fmt),
    }
    measured = measure(inp.label + " source map", jobs, runs)
    report.notes.extend(measured.notes)
    plain, _ = _traced(inp, False)
    mapped, source_map = _traced(inp, True)
    assert source_map is not None and len(source_map) == count, (len(source_map or ()), count)
    row = MapRow(
        inp.label,
        count,
        measured.medians["strict"],
        measured.medians["strict+map"],
        measured.medians.get("floor"),
        _array_bytes(source_map) / count,
        (mapped - plain) / count,
    )
    log(f"  [{inp.label}] source map: x{row.map_s / row.plain_s:.2f} time, {row.array_bytes:.1f} B/statement")
    ROWS.append(row)


def source_map_table(rows: list[MapRow]) -> str:
    header = [
        "file",
        "statements",
        "strict s",
        "with map s",
        "x without map",
        "x floor (with map)",
        "map bytes/statement",
        "traced heap growth bytes/statement",
    ]
    cells = [
        [
            r.file,
            f"{r.statements:,}",
            f"{r.plain_s:.3f}",
            f"{r.map_s:.3f}",
            ratio(r.map_s, r.plain_s),
            ratio(r.map_s, r.floor_s),
            f"{r.array_bytes:.1f}",
            f"{r.traced_bytes:.1f}",
        ]
        for r in rows
    ]
    return table(header, cells)
