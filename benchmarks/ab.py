"""Workload: the same operations timed with two versions of the package, A (a git revision)
and B (this checkout), alternating in fresh processes, for "no slower than before" checks.

    .venv/bin/python benchmarks/ab.py --base REV [--runs 7] [--only parse,validate] [FILE ...]

Each run of each (operation, file, version) is a subprocess that imports ``rdflib_strict``
from that version's tree (A: a temporary ``git worktree`` of REV; B: the repository root),
does the operation once to warm up, then times it three times and prints the best. Versions
alternate within each run (A, B, B, A, ...), so a machine that gets busier or quieter
midway moves both. The table gives each version's median over the runs and B / A.

Operations: ``parse`` (``Graph().parse`` / ``Dataset().parse`` with the strict plugin),
``iterparse``, ``validate`` (the validator the command line uses, no output),
``serialize`` (the strict writer of the parsed graph to bytes) and ``sourcemap`` (parse
with a SourceMap). Files default to schema.org in every format (``--data``) and the
term-diverse 100k N-Triples and Turtle in ``benchmarks/_data`` where generated.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import REPO_ROOT, table

OPERATIONS = ("parse", "iterparse", "validate", "serialize", "sourcemap")
_FORMATS = {".nt": "ntriples", ".nq": "nquads", ".ttl": "turtle", ".trig": "trig"}

CHILD = r"""
import json, sys, time
from rdflib import Dataset, Graph
import rdflib_strict
from rdflib_strict import iterparse

op, path, fmt = sys.argv[1:]
quads = fmt in ("nquads", "trig")

def parse(**kw):
    return (Dataset() if quads else Graph()).parse(path, format="strict-" + fmt, **kw)

def validate():
    from rdflib_strict.edge.source import open_source
    try:
        from rdflib_strict.edge.readers import make_validator
    except ImportError:  # before the reader factory made validators
        make_validator = None
    opened = open_source(path)
    try:
        if make_validator is not None:
            return make_validator(fmt, opened.base).check(opened.reader)
        if fmt in ("ntriples", "nquads"):
            from rdflib_strict.formats.validate_lines import LineValidator
            return LineValidator(fmt == "nquads").check(opened.reader)
        from rdflib_strict.formats.validate_turtle import TurtleValidator
        return TurtleValidator(fmt == "trig", opened.base).check(opened.reader)
    finally:
        opened.close()

graph = parse() if op == "serialize" else None

def serialize():
    return graph.serialize(format="strict-" + fmt, encoding="utf-8")

def sourcemap():
    from rdflib_strict import SourceMap
    return parse(source_map=SourceMap())

ops = {
    "parse": parse,
    "iterparse": lambda: sum(1 for _ in iterparse(path, format=fmt)),
    "validate": validate,
    "serialize": serialize,
    "sourcemap": sourcemap,
}
job = ops[op]
job()
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    job()
    best = min(best, time.perf_counter() - start)
print(json.dumps({"seconds": best, "from": rdflib_strict.__file__}))
"""


def _default_files(data: Path) -> list[Path]:
    files = [data / f"schemaorg-all-https.{ext}" for ext in ("nt", "nq", "ttl")]
    generated = REPO_ROOT / "benchmarks" / "_data"
    files += [
        generated / name for name in ("diverse-100k.nt", "diverse-100k.ttl") if (generated / name).exists()
    ]
    return [f for f in files if f.exists()]


def _time(tree: Path, op: str, path: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    fmt = _FORMATS[path.suffix]
    # Run from the tree: ``-c`` puts the working directory first on sys.path.
    command = [sys.executable, "-c", CHILD, op, str(path.resolve()), fmt]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{op} {path.name} with {tree}: {done.stderr.strip()[-500:]}")
    got = json.loads(done.stdout)
    if not got["from"].startswith(str(tree)):  # the version asked for, not an installed one
        raise RuntimeError(f"imported {got['from']}, not from {tree}")
    return float(got["seconds"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="git revision of version A")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--only", default=",".join(OPERATIONS), help="operations, comma-separated")
    ap.add_argument(
        "--data", type=Path, default=Path(os.environ.get("RDF_DATA_DIR", REPO_ROOT.parent / "shared/data"))
    )
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
    files = args.files or _default_files(args.data)
    missing = [str(f) for f in files if not f.is_file()]
    if missing:  # before the runs: a missing one raised in the middle, its table lost
        ap.error(f"no such file: {', '.join(missing)}")
    ops = [op for op in args.only.split(",") if op]
    with tempfile.TemporaryDirectory(prefix="bench-ab-") as tmp:
        base = Path(tmp) / "a"
        subprocess.run(
            ["git", "-C", str(REPO_ROOT), "worktree", "add", "-q", "--detach", str(base), args.base],
            check=True,
        )
        try:
            rows = _measure(base, ops, files, args.runs)
        finally:
            subprocess.run(
                ["git", "-C", str(REPO_ROOT), "worktree", "remove", "--force", str(base)], check=False
            )
    print(table(["operation", "file", f"A {args.base} s", "B s", "B / A"], rows))


def _measure(base: Path, ops: list[str], files: list[Path], runs: int) -> list[list[str]]:
    rows = []
    for op in ops:
        for path in files:
            if op == "serialize" and path.suffix == ".nq":
                continue  # the N-Triples row covers the line writer
            a: list[float] = []
            b: list[float] = []
            for run in range(runs):
                order = ((base, a), (REPO_ROOT, b)) if run % 2 == 0 else ((REPO_ROOT, b), (base, a))
                for tree, samples in order:
                    samples.append(_time(tree, op, path))
            ma, mb = statistics.median(a), statistics.median(b)
            print(
                f"{op} {path.name}: A {ma:.3f} s, B {mb:.3f} s, B/A {mb / ma:.2f}",
                file=sys.stderr,
                flush=True,
            )
            rows.append([op, path.name, f"{ma:.3f}", f"{mb:.3f}", f"{mb / ma:.2f}"])
    return rows


if __name__ == "__main__":
    main()
