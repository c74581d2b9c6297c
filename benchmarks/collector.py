"""Workload: what one full ``gc.collect()`` after a parse into a Graph costs, counted.

``process.py`` times collections, which on a shared machine swing more between processes than
between parsers. This counts them instead, for ``strict-*`` against rdflib's own parser, one
fresh process per variant (Linux only):

* ``perf``     -- ``perf stat`` of the collections alone (counting switched on only around
  them, through perf's control FIFO): instructions, cycles, cache misses and data-TLB misses
  a collection, median of ``COLLECTIONS``. Instructions are exact; the others depend on the
  hardware and on what else runs.
* ``simulated`` -- with ``--collector-sim``: ``valgrind --tool=callgrind --cache-sim=yes``,
  instrumentation switched on (``callgrind_control -i on``) only for two collections after
  the parse, which runs uninstrumented: first-level and last-level data-read misses, the
  same on every run whatever the load (no prefetcher and no TLB in the model). Slow: about a
  minute per 100k statements and parser.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from common import Input, log, table

COLLECTIONS = 4
_PERF_EVENTS = "instructions:u,cycles:u,cache-misses:u,dTLB-load-misses:u"

# The child: parse, then tell the controller (a line on stdout, or perf's FIFO) and collect.
_CHILD = r"""
import gc, os, sys, time
from rdflib import Graph
path, fmt, mode, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
graph = Graph().parse(path, format=fmt)
if mode == "perf":
    ctl, ack = open(sys.argv[5], "w"), open(sys.argv[6])
    def perf(command):
        ctl.write(command + "\n"); ctl.flush(); ack.readline()
    for _ in range(count):
        time.sleep(0.3)  # a gap of idle intervals between two collections
        perf("enable"); gc.collect(); perf("disable")
    time.sleep(0.3)
else:
    print("parsed", flush=True)
    while not os.path.exists(sys.argv[5]):
        time.sleep(0.2)
    for _ in range(count):
        gc.collect()
print(len(graph), flush=True)
os._exit(0)  # the collection at exit is not counted
"""


@dataclass
class CollectorRow:
    file: str
    variant: str
    counts: dict[str, float]  # event -> a collection's count (median), or the simulation's


def _perf_counts(inp: Input, fmt: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-collector-") as scratch:
        ctl, ack = Path(scratch) / "ctl", Path(scratch) / "ack"
        os.mkfifo(ctl)
        os.mkfifo(ack)
        argv = ["perf", "stat", "-D", "-1", "--control", f"fifo:{ctl},{ack}", "-I", "50", "-x,"]
        argv += ["-e", _PERF_EVENTS, sys.executable, "-c", _CHILD, str(inp.path), fmt, "perf"]
        done = subprocess.run(
            [*argv, str(COLLECTIONS), str(ctl), str(ack)],
            capture_output=True,
            text=True,
            env=dict(os.environ, PYTHONHASHSEED="0"),
            check=False,
        )
    if done.returncode != 0:
        log(f"  perf: exit {done.returncode}: {done.stderr.strip()[-200:]}")
        return {}
    return _per_collection(done.stderr)


def _per_collection(perf_output: str) -> dict[str, float]:
    """perf's interval lines summed over each run of intervals that counted something (one
    collection each; the idle gaps between them count nothing), then the median per event."""
    intervals: dict[float, dict[str, int]] = {}
    for line in perf_output.splitlines():
        fields = [field.strip() for field in line.split(",")]
        if len(fields) > 3 and fields[0].replace(".", "").isdigit():  # "<not counted>": 0
            count = int(fields[1]) if fields[1].isdigit() else 0
            intervals.setdefault(float(fields[0]), {})[fields[3].split(":")[0]] = count
    runs: list[dict[str, int]] = []
    counting = False
    for at in sorted(intervals):
        counts = intervals[at]
        if any(counts.values()):
            if not counting:
                runs.append({})
            for event, n in counts.items():
                runs[-1][event] = runs[-1].get(event, 0) + n
        counting = any(counts.values())
    events = {event for run in runs for event in run}
    return {event: statistics.median(run.get(event, 0) for run in runs) for event in sorted(events)}


def _simulated_counts(inp: Input, fmt: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-collector-") as scratch:
        out, flag = Path(scratch) / "callgrind.out", Path(scratch) / "go"
        argv = ["valgrind", "--tool=callgrind", "--cache-sim=yes", "--instr-atstart=no"]
        argv += [f"--callgrind-out-file={out}", sys.executable, "-c", _CHILD, str(inp.path), fmt]
        env = dict(os.environ, PYTHONHASHSEED="0")
        child = subprocess.Popen(
            [*argv, "simulated", "2", str(flag)], stdout=subprocess.PIPE, text=True, env=env
        )
        assert child.stdout is not None
        if child.stdout.readline().strip() != "parsed":
            child.wait()
            log(f"  callgrind: the child ended with {child.returncode} before its collections")
            return {}
        subprocess.run(["callgrind_control", "-i", "on", str(child.pid)], capture_output=True, check=True)
        flag.touch()
        child.communicate()  # callgrind has written its totals when the process ends
        return _callgrind_totals(out.read_text())


def _callgrind_totals(text: str) -> dict[str, float]:
    events: list[str] = []
    for line in text.splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:"):
            totals = dict(zip(events, map(int, line.split()[1:]), strict=False))
            # two collections: a collection's share
            return {f"sim {e}": totals[e] / 2 for e in ("Ir", "D1mr", "DLmr") if e in totals}
    return {}


def run_collector(inp: Input, simulate: bool, rows: list[CollectorRow]) -> None:
    """One row per parser variant for ``inp``: rdflib's own, then ours."""
    if shutil.which("perf") is None:
        log("== collector: no perf here; skipped")
        return
    log(f"== collector {inp.label}")
    for variant in ("rdflib", "strict"):
        fmt = inp.fmt.plugin_name(variant)
        counts = _perf_counts(inp, fmt)
        if simulate and shutil.which("valgrind") is not None:
            counts |= _simulated_counts(inp, fmt)
        rows.append(CollectorRow(inp.label, variant, counts))
        log(f"  [{inp.label}] {variant}: " + ", ".join(f"{k} {v / 1e6:.1f}M" for k, v in counts.items()))


def collector_table(rows: list[CollectorRow]) -> str:
    events = sorted({event for row in rows for event in row.counts})
    cells = [
        [row.file, row.variant, *(f"{row.counts[e] / 1e6:.1f}" if e in row.counts else "-" for e in events)]
        for row in rows
    ]
    return table(["file", "parser", *(f"{e} (M)" for e in events)], cells)
