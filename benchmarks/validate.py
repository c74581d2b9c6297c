"""Workload: the command line on a file, every run a fresh subprocess, against pyoxigraph.

Commands, run round-robin (median of N runs), each with the same process overhead:

* ``validate``   -- ``python -m rdflib_strict validate FILE`` (exit 0 expected: the inputs are
  valid; any error it prints is reported in the notes, and the command is not run again).
* ``convert``    -- ``python -m rdflib_strict convert FILE --to nt`` (``--to nq`` for N-Quads
  and TriG input: N-Triples cannot hold their graphs), output to ``/dev/null``.
* ``pyoxigraph`` -- ``python -c`` exhausting ``pyoxigraph.parse(path=FILE)`` (one Python
  ``Quad`` object a statement, as ``stream.py`` does in-process): the reference.

Peak RSS is the child's ``ru_maxrss`` from ``os.wait4``. A child started straight from the
benchmark process would report at least the benchmark's own RSS (Linux keeps the high-water
mark of the memory image that ``exec`` replaces), so every child is started by a tiny
launcher (``python -S -c``, ~10 MiB) that times it, waits for it and prints the figures. The
time includes interpreter start-up and imports (about 0.05 s for pyoxigraph, 0.2-0.3 s for
rdflib-strict), as a shell user sees it.
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import (
    REPO_ROOT,
    Input,
    Measured,
    Report,
    Row,
    log,
    ratio,
    rows_from,
    short_error,
    table,
    timing_cells,
)

LAUNCHER = r"""
import json, os, sys, time
out, err, *argv = sys.argv[1:]
flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
actions = [(os.POSIX_SPAWN_OPEN, 1, out, flags, 0o644), (os.POSIX_SPAWN_OPEN, 2, err, flags, 0o644)]
start = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
_, status, usage = os.wait4(pid, 0)
seconds = time.perf_counter() - start
code = os.waitstatus_to_exitcode(status)
print(json.dumps({"seconds": seconds, "maxrss_kib": usage.ru_maxrss, "exit": code}))
"""

OXIGRAPH_CHILD = (
    "import sys, pyoxigraph as ox\n"
    "print(sum(1 for _ in ox.parse(path=sys.argv[1], format=getattr(ox.RdfFormat, sys.argv[2]))))\n"
)

VALIDATE_COUNT = re.compile(r"([\d,]+) statements? in ")
CONVERT_COUNT = re.compile(r"([\d,]+) statements? converted")


@dataclass
class Tool:
    name: str
    argv: list[str]
    keep_stdout: bool  # else /dev/null


@dataclass
class Outcome:
    seconds: float
    maxrss_kib: int
    exit: int
    stdout: str
    stderr: str


def tools(inp: Input) -> list[Tool]:
    py = sys.executable
    path = str(inp.path)
    target = "nq" if inp.fmt.quads else "nt"
    return [
        Tool("validate", [py, "-m", "rdflib_strict", "validate", path], True),
        Tool(f"convert --to {target}", [py, "-m", "rdflib_strict", "convert", path, "--to", target], False),
        Tool("pyoxigraph", [py, "-c", OXIGRAPH_CHILD, path, inp.fmt.oxigraph], True),
    ]


def launch(tool: Tool, scratch: Path) -> Outcome:
    out = scratch / "stdout" if tool.keep_stdout else Path("/dev/null")
    err = scratch / "stderr"
    cmd = [sys.executable, "-S", "-c", LAUNCHER, str(out), str(err), *tool.argv]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT, timeout=3600, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"launcher failed: {proc.stderr.strip()[-300:]}")
    result: dict[str, Any] = json.loads(proc.stdout)
    return Outcome(
        result["seconds"], result["maxrss_kib"], result["exit"], read_output(out), read_output(err)
    )


def read_output(path: Path) -> str:
    if path == Path("/dev/null") or not path.exists():
        return ""
    return path.read_text("utf-8", "replace")


def reported_count(tool: Tool, outcome: Outcome) -> int | None:
    """The statement count the command itself reports."""
    if tool.name == "pyoxigraph":
        text = outcome.stdout.strip()
        return int(text) if text.isdigit() else None
    pattern = VALIDATE_COUNT if tool.name == "validate" else CONVERT_COUNT
    match = pattern.search(outcome.stderr)
    return int(match.group(1).replace(",", "")) if match else None


def problem(tool: Tool, outcome: Outcome) -> str | None:
    if outcome.exit == 0:
        return None
    lines = [line for line in (outcome.stdout + "\n" + outcome.stderr).splitlines() if line.strip()]
    shown = " | ".join(lines[:4])
    more = f" (+{len(lines) - 4} more lines)" if len(lines) > 4 else ""
    return f"exit {outcome.exit}: {shown[:1200]}{more}"


def run_validate(inp: Input, count: int | None, runs: int, report: Report) -> None:
    """Time the commands on ``inp``; ``count`` is the known statement count, if any."""
    label = f"{inp.label} cli"
    log(f"== cli {inp.label} ({runs} runs)")
    alive = tools(inp)
    times: dict[str, list[float]] = {tool.name: [] for tool in alive}
    peaks: dict[str, int] = {}
    counts: dict[str, int | None] = {}
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        scratch = Path(tmp)
        for run in range(1, runs + 1):
            for tool in list(alive):
                try:
                    outcome = launch(tool, scratch)
                except Exception as exc:  # report and go on
                    report.notes.append(f"{label}: {tool.name} failed: {short_error(exc)}")
                    alive.remove(tool)
                    continue
                trouble = problem(tool, outcome)
                if trouble:
                    report.notes.append(f"{label}: {tool.name} {trouble}")
                    log(f"  [{label}] {tool.name} FAILED: {trouble}")
                    alive.remove(tool)
                    times[tool.name] = []
                    continue
                times[tool.name].append(outcome.seconds)
                peaks[tool.name] = max(peaks.get(tool.name, 0), outcome.maxrss_kib)
                counts[tool.name] = reported_count(tool, outcome)
                log(
                    f"  [{label}] run {run}/{runs} {tool.name}: {outcome.seconds:.3f} s, "
                    f"peak RSS {outcome.maxrss_kib / 1024:.0f} MiB"
                )
    seen = {name: n for name, n in counts.items() if n is not None}
    expected = count if count is not None else seen.get("pyoxigraph")
    for name, n in seen.items():
        if expected is not None and n != expected:
            report.notes.append(f"{label}: {name} reports {n:,} statements, expected {expected:,}")
    measured = Measured(medians={name: statistics.median(ts) for name, ts in times.items() if ts})
    rows = rows_from(inp.label, expected or 0, measured, ("pyoxigraph",))
    for row in rows:
        row.peak_mib = peaks[row.variant] / 1024
    report.validate.extend(rows)


def validate_table(rows: list[Row]) -> str:
    header = [
        "file",
        "statements",
        "command",
        "median s",
        "statements/s",
        "x pyoxigraph",
        "peak RSS MiB",
        "RSS x pyoxigraph",
    ]
    cells = []
    for r in rows:
        oxi_rss = next((o.peak_mib for o in rows if o.file == r.file and o.variant == "pyoxigraph"), None)
        rss = "n/a" if r.peak_mib is None else f"{r.peak_mib:,.0f}"
        cells.append(
            [
                *timing_cells(r),
                ratio(r.seconds, r.reference.get("pyoxigraph")),
                rss,
                ratio(r.peak_mib, oxi_rss),
            ]
        )
    return table(header, cells)
