"""Workload: work in instructions, for a machine shared with other jobs (issue #27).

Time on a 2-core machine with another job running swings by a third or more; the number of
user-space instructions a process retires (``perf stat -e instructions:u``) moves by under
1% between runs. Each figure is a whole fresh process minus one that only does its imports,
``PYTHONHASHSEED=0``, one run (Linux with ``perf`` only; without it the rows say so):

* ``validate``  -- ``rdflib-strict validate -q FILE`` (ill-typed warnings on, one job), minus
  ``import rdflib_strict.cli``; against a process that exhausts ``pyoxigraph.parse`` of the
  file, minus ``import pyoxigraph``: the ratio is the issue's "x pyoxigraph's parse".
* ``iterparse`` -- exhausting ``rdflib_strict.iterparse(FILE)``, minus the imports.
* ``convert``   -- ``rdflib-strict convert -q FILE --to nt`` (``nq`` for quads) to a scratch
  file, minus ``import rdflib_strict.cli``.

Pyoxigraph's native code retires more instructions a cycle than the interpreter, so ratios in
time are larger than these. Instructions say which of two versions does less work, and how
far Python is from a native parser; they are not a speed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from common import Input, log, table

WORKLOADS = ("validate", "iterparse", "convert")

_CLI = "import rdflib_strict.cli"
_ITERPARSE = "import sys\nfrom rdflib_strict import iterparse\nfor _ in iterparse(sys.argv[1]): pass\n"
_OXIGRAPH = (
    "import sys, pyoxigraph\n"
    "for _ in pyoxigraph.parse(path=sys.argv[1], format=getattr(pyoxigraph.RdfFormat, sys.argv[2])):\n"
    "    pass\n"
)


@dataclass
class InstructionRow:
    file: str
    workload: str
    ours: int | None  # instructions past the imports; None: not measured
    pyoxigraph: int | None  # validate only: pyoxigraph's parse of the same file


def instructions(argv: list[str]) -> int | None:
    """User-space instructions of one run of ``argv``; None without ``perf`` or on failure."""
    if shutil.which("perf") is None:
        return None
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["perf", "stat", "-x,", "-e", "instructions:u", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        log(f"  {' '.join(argv[:4])}...: exit {done.returncode}: {done.stderr.strip()[-200:]}")
        return None
    for line in done.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith("instructions") and fields[0].isdigit():
            return int(fields[0])
    return None


def _past(total: int | None, imports: int | None) -> int | None:
    return None if total is None or imports is None else total - imports


def run_instructions(inp: Input, rows: list[InstructionRow]) -> None:
    """One row per workload for ``inp``."""
    log(f"== instructions {inp.label}")
    python, path = sys.executable, str(inp.path)
    imports = {
        "cli": instructions([python, "-c", _CLI]),
        "package": instructions([python, "-c", "import rdflib_strict"]),
        "pyoxigraph": instructions([python, "-c", "import pyoxigraph"]),
    }
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as scratch:
        target = "nq" if inp.fmt.quads else "nt"
        out = str(Path(scratch) / f"out.{target}")
        cli = [python, "-m", "rdflib_strict"]
        commands = {
            "validate": ([*cli, "validate", "-q", path], "cli"),
            "iterparse": ([python, "-c", _ITERPARSE, path], "package"),
            "convert": ([*cli, "convert", "-q", path, "-t", target, "-o", out], "cli"),
        }
        for workload in WORKLOADS:
            argv, baseline = commands[workload]
            ours = _past(instructions(argv), imports[baseline])
            ox = None
            if workload == "validate":
                parse = instructions([python, "-c", _OXIGRAPH, path, inp.fmt.oxigraph])
                ox = _past(parse, imports["pyoxigraph"])
            rows.append(InstructionRow(inp.label, workload, ours, ox))
            log(f"  [{inp.label}] {workload}: {_giga(ours)}G" + (f", pyoxigraph {_giga(ox)}G" if ox else ""))


def _giga(n: int | None) -> str:
    return "-" if n is None else f"{n / 1e9:.2f}"


def instructions_table(rows: list[InstructionRow]) -> str:
    cells = [
        [
            r.file,
            r.workload,
            _giga(r.ours),
            _giga(r.pyoxigraph),
            "-" if r.ours is None or not r.pyoxigraph else f"{r.ours / r.pyoxigraph:.2f}",
        ]
        for r in rows
    ]
    return table(["file", "workload", "ours G", "pyoxigraph's parse G", "x pyoxigraph"], cells)
