"""Workload (only with ``--fmt``): ``rdflib-strict fmt`` of schema.org's .ttl, in-process.

Variants, timed round-robin (median of the runs): ``fmt`` (``rdflib_strict.fmt.fmt_text`` on
the file's text: three parses with a source map, two RDFC-1.0 runs, the canonical writer),
and for scale ``parse`` (``Graph().parse(format="strict-turtle")``) and ``canonical write``
(``serialize(format="strict-turtle", canonical=True)`` of the graph parsed once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rdflib import Graph
from rdflib_strict.fmt import fmt_text

from common import log, measure, table

VARIANTS = ("fmt", "parse", "canonical write")


@dataclass
class FmtRow:
    name: str
    statements: int
    seconds: dict[str, float]  # variant -> median


def run_fmt(data_dir: Path, runs: int, notes: list[str]) -> list[FmtRow]:
    path = data_dir / "schemaorg-all-https.ttl"
    text = path.read_bytes().decode("utf-8")
    graph = Graph().parse(path, format="strict-turtle")
    jobs: dict[str, Callable[[], object]] = {
        "fmt": lambda: fmt_text(text, str(path), trig=False),
        "parse": lambda: Graph().parse(path, format="strict-turtle"),
        "canonical write": lambda: graph.serialize(format="strict-turtle", canonical=True),
    }
    log(f"== fmt {path.name} ({runs} runs)")
    measured = measure(f"fmt {path.name}", jobs, runs)
    notes.extend(measured.notes)
    return [FmtRow(path.name, len(graph), measured.medians)]


def fmt_table(rows: list[FmtRow]) -> str:
    header = ["input", "statements", *VARIANTS]
    body = [[r.name, f"{r.statements:,}", *(f"{r.seconds[v]:.2f} s" for v in VARIANTS)] for r in rows]
    return table(header, body)
