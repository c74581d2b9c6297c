"""Workload: ``validate -j N`` and ``convert -j N`` for N = 1 .. cores, each run a fresh
subprocess (launched and measured as in ``validate.py``), round-robin, median of N runs.

For every input and command it reports the median time, the speed-up over ``-j 1`` and the
efficiency (speed-up / N), and the largest peak RSS of one process (``ru_maxrss`` of the
child and the workers it waited for: Linux reports the maximum, not the sum). ``convert``
writes to ``/dev/null``; its ``-j 1`` and ``-j N`` outputs are compared once, byte for byte,
in a scratch directory, and any difference goes to the notes.

Every format: N-Triples and N-Quads are cut at line ends, Turtle and TriG at statement
boundaries (``parallel.py``); ``convert`` writes N-Triples (N-Quads for quads).

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench.py --sizes diverse-1m,diverse-5m --only nt,nq --parallel \
        --no-parse --no-serialize --no-iterparse --no-memory
    .venv/bin/python benchmarks/bench.py --sizes diverse-1m --only ttl --parallel \
        --no-parse --no-serialize --no-iterparse --no-memory
"""

from __future__ import annotations

import filecmp
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from common import REPO_ROOT, Input, Report, log, table
from validate import Tool, launch, problem

__all__ = ["ParallelRow", "parallel_table", "run_parallel"]


@dataclass
class ParallelRow:
    file: str
    command: str
    jobs: int
    seconds: float
    serial: float  # the -j 1 median of the same command
    peak_mib: float


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def commands(inp: Input, jobs: int) -> list[Tool]:
    py = sys.executable
    path = str(inp.path)
    target = "nq" if inp.fmt.quads else "nt"
    j = ["-j", str(jobs)]
    return [
        Tool(f"validate -j {jobs}", [py, "-m", "rdflib_strict", "validate", path, *j], True),
        Tool(f"convert -j {jobs}", [py, "-m", "rdflib_strict", "convert", path, "--to", target, *j], False),
    ]


def run_parallel(inp: Input, runs: int, report: Report, rows: list[ParallelRow]) -> None:
    label = f"{inp.label} -j"
    top = cores()
    log(f"== parallel {inp.label} (-j 1..{top}, {runs} runs)")
    tools = [tool for jobs in range(1, top + 1) for tool in commands(inp, jobs)]
    times: dict[str, list[float]] = {tool.name: [] for tool in tools}
    peaks: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="bench-parallel-") as tmp:
        scratch = Path(tmp)
        for run in range(1, runs + 1):
            for tool in tools:
                outcome = launch(tool, scratch)
                trouble = problem(tool, outcome)
                if trouble:
                    report.notes.append(f"{label}: {tool.name} {trouble}")
                    continue
                times[tool.name].append(outcome.seconds)
                peaks[tool.name] = max(peaks.get(tool.name, 0), outcome.maxrss_kib)
                log(f"  [{label}] run {run}/{runs} {tool.name}: {outcome.seconds:.3f} s")
        same_output(inp, top, scratch, report)
    for command in ("validate", "convert"):
        serial = times[f"{command} -j 1"]
        if not serial:
            continue
        base = statistics.median(serial)
        for jobs in range(1, top + 1):
            name = f"{command} -j {jobs}"
            if times[name]:
                median = statistics.median(times[name])
                rows.append(ParallelRow(inp.label, command, jobs, median, base, peaks[name] / 1024))


def same_output(inp: Input, top: int, scratch: Path, report: Report) -> None:
    """``convert -j 1`` and ``-j top`` write the same bytes (checked once, not timed)."""
    target = "nq" if inp.fmt.quads else "nt"
    outs = []
    for jobs in (1, top):
        out = scratch / f"out-{jobs}.{target}"
        cmd = ["-m", "rdflib_strict", "convert", str(inp.path), "--to", target, "-o", str(out)]
        subprocess.run(
            [sys.executable, *cmd, "-j", str(jobs)], cwd=REPO_ROOT, capture_output=True, check=False
        )
        outs.append(out)
    if not (outs[0].exists() and outs[1].exists() and filecmp.cmp(outs[0], outs[1], shallow=False)):
        report.notes.append(f"{inp.label}: convert -j 1 and -j {top} outputs differ")
    else:
        log(f"  [{inp.label}] convert -j 1 and -j {top}: identical output ({outs[0].stat().st_size:,} bytes)")


def parallel_table(rows: list[ParallelRow]) -> str:
    header = ["file", "command", "-j", "median s", "speed-up", "efficiency", "peak RSS MiB (one process)"]
    cells = [
        [
            row.file,
            row.command,
            str(row.jobs),
            f"{row.seconds:.3f}",
            f"{row.serial / row.seconds:.2f}",
            f"{row.serial / row.seconds / row.jobs:.0%}",
            f"{row.peak_mib:.0f}",
        ]
        for row in rows
    ]
    return table(header, cells)
