"""Workload: a whole process that parses a file into a Graph, against rdflib's own parser.

A parse can be fast and still leave the process slow: objects the collector walks in a bad
order, or a heap it has not learnt the size of, cost every later collection and the one at
interpreter exit. The parse rows time the parse only; these rows time what a script pays.
Each run is a fresh subprocess (started by ``validate.py``'s launcher, which reports the
child's wall time and peak RSS), two kinds per variant:

* ``exit``    -- ``Graph().parse(FILE)`` and nothing else: start-up, imports, parse, exit
  (the collection and deallocation at interpreter exit included). The child prints its
  parse time, so the table shows the parse and the rest of the process apart.
* ``collect`` -- the same parse, then two timed ``gc.collect()`` calls. The first also ages
  what the parse made (a parse that pauses the collector leaves its objects young, and the
  first collection walks them once more than rdflib's, whose parse paid those walks as it
  went); the second is what every later full collection of this process costs. Then, untimed,
  the order the collector walks in: how many objects it tracks, the share lying within 4 KiB
  of their successor in its list, and the share landing on a memory page not among the last
  16 touched (a walk in that order misses the caches and the TLB about that often).

Variants: ``rdflib`` (its built-in parser, ``nt`` / ``turtle``) and ``strict`` (``strict-*``).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from common import Input, log, ratio, short_error, table
from validate import Tool, launch

CHILD = r"""
import gc, json, sys, time
from rdflib import Graph
path, fmt, kind = sys.argv[1:]
start = time.perf_counter()
graph = Graph().parse(path, format=fmt)
parsed = time.perf_counter()
out = {"parse": parsed - start, "statements": len(graph)}
if kind == "collect":
    gc.collect()
    first = time.perf_counter()
    gc.collect()
    out["collect"], out["collect2"] = first - parsed, time.perf_counter() - first
    # The order the collector walks in, after the timed collections (which it leaves as is):
    # the share of objects whose successor in its list lies within 4 KiB, and the share
    # that lands on a page not among the last 16 touched (a stand-in for the TLB).
    recent, misses, near, last = {}, 0, 0, -1 << 40
    objects = gc.get_objects()
    for obj in objects:
        at = id(obj)
        near += abs(at - last) < 4096
        last = at
        page = at >> 12
        if page in recent:
            del recent[page]
        else:
            misses += 1
            if len(recent) == 16:
                del recent[next(iter(recent))]
        recent[page] = None
    out.update(tracked=len(objects), near=near / len(objects), page_misses=misses / len(objects))
print(json.dumps(out))
"""

VARIANTS = ("rdflib", "strict")


@dataclass
class ProcessRow:
    file: str
    statements: int
    variant: str
    whole: float  # median wall time of the exit kind, start-up to exit
    parse: float  # median parse time inside it
    collect: float  # median time of the first gc.collect() after the parse
    collect2: float  # median time of the second: what every later one costs
    peak_mib: float
    tracked: int  # objects the collector tracks after the parse (the graph's and the rest)
    near: float  # median share of them lying within 4 KiB of their successor in its list
    page_misses: float  # median share landing on a page not among the last 16 touched


def run_process(inp: Input, runs: int, rows: list[ProcessRow], notes: list[str]) -> None:
    """Time ``runs`` rounds of every (variant, kind) on ``inp``, round-robin."""
    log(f"== process {inp.label} ({runs} runs)")
    samples: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-process-") as tmp:
        for run in range(1, runs + 1):
            for variant in VARIANTS:
                for kind in ("exit", "collect"):
                    tool = Tool(
                        f"{variant} {kind}",
                        [sys.executable, "-c", CHILD, str(inp.path), inp.fmt.plugin_name(variant), kind],
                        True,
                    )
                    try:
                        outcome = launch(tool, Path(tmp))
                        if outcome.exit != 0:
                            raise RuntimeError(f"exit {outcome.exit}: {outcome.stderr.strip()[-300:]}")
                        got = json.loads(outcome.stdout)
                    except Exception as exc:  # report and go on
                        notes.append(f"{inp.label} process: {tool.name} failed: {short_error(exc)}")
                        continue
                    got.update(seconds=outcome.seconds, peak_mib=outcome.maxrss_kib / 1024)
                    samples.setdefault((variant, kind), []).append(got)
                    extra = ""
                    if kind == "collect":
                        extra = f", collect {got['collect']:.3f} s, then {got['collect2']:.3f} s"
                    log(
                        f"  [{inp.label}] run {run}/{runs} {tool.name}: whole {outcome.seconds:.2f} s, "
                        f"parse {got['parse']:.2f} s{extra}"
                    )
    for variant in VARIANTS:
        exits, collects = samples.get((variant, "exit")), samples.get((variant, "collect"))
        if not exits or not collects:
            continue
        rows.append(
            ProcessRow(
                inp.label,
                int(exits[0]["statements"]),
                variant,
                statistics.median(s["seconds"] for s in exits),
                statistics.median(s["parse"] for s in exits),
                statistics.median(s["collect"] for s in collects),
                statistics.median(s["collect2"] for s in collects),
                max(s["peak_mib"] for s in exits),
                int(statistics.median(s["tracked"] for s in collects)),
                statistics.median(s["near"] for s in collects),
                statistics.median(s["page_misses"] for s in collects),
            )
        )


def process_table(rows: list[ProcessRow]) -> str:
    header = [
        "file",
        "statements",
        "parser",
        "whole process s",
        "x rdflib",
        "of which parse s",
        "rest s",
        "first gc.collect() s",
        "x rdflib",
        "later gc.collect() s",
        "x rdflib",
        "peak RSS MiB",
        "tracked objects",
        "near successor",
        "page misses",
    ]
    cells = []
    for r in rows:
        ref = next((o for o in rows if o.file == r.file and o.variant == "rdflib"), None)
        cells.append(
            [
                r.file,
                f"{r.statements:,}",
                r.variant,
                f"{r.whole:.2f}",
                ratio(r.whole, ref.whole if ref else None),
                f"{r.parse:.2f}",
                f"{r.whole - r.parse:.2f}",
                f"{r.collect:.3f}",
                ratio(r.collect, ref.collect if ref else None),
                f"{r.collect2:.3f}",
                ratio(r.collect2, ref.collect2 if ref else None),
                f"{r.peak_mib:,.0f}",
                f"{r.tracked:,}",
                f"{r.near:.3f}",
                f"{r.page_misses:.4f}",
            ]
        )
    return table(header, cells)
