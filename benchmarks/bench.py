#!/usr/bin/env python
"""Benchmark rdflib_strict's parsers and serializers against rdflib, oxrdflib and a floor.

Inputs are the schema.org release files (``schemaorg-all-https.nt/.nq/.ttl``), TriG made from
the .nq (``.trig``: several named graphs and the default graph) and x20 copies of them all (IRIs
renamed per copy; the x20 .nq and .trig hold 20 named graphs), generated once into
``benchmarks/_data/`` (see ``data.py``).

Workloads, a module each, timed in-process (median of N runs, ``gc.collect()`` before each
run, variants interleaved round-robin so that drift affects them all alike):

* ``parse.py``     -- parse into a ``Graph`` / ``Dataset``: rdflib's own parser, ours
  (``strict-*``), oxrdflib's (``ox-*``) and the floor (``Graph.add`` / ``Dataset.add`` of
  prebuilt statements with interned terms: what no parser into a ``Graph`` can beat).
* ``serialize.py`` -- serializers (rdflib vs strict vs oxrdflib) on the graph rdflib parsed.
* ``stream.py``    -- ``rdflib_strict.iterparse`` vs raw ``pyoxigraph.parse``.
* ``memory.py``    -- peak memory of each parse variant in a fresh subprocess.

``common.py`` holds formats, plugins, timing, result rows and the machine line; this file is
the command line driver.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench.py                 # full run (several minutes)
    .venv/bin/python benchmarks/bench.py --quick         # small files only, 3 runs
    .venv/bin/python benchmarks/bench.py --only nt --sizes x20 --variants rdflib,floor

This is a benchmark, not a test: it never asserts, it reports.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from common import (
    FORMATS,
    PARSE_VARIANTS,
    SIZES,
    Input,
    Report,
    log,
    machine_header,
    new_container,
    register_checkout_plugins,
    statement_count,
)
from data import build_inputs, check_count, resolve_data_dir
from memory import memory_inputs, memory_table, memprobe, run_memory
from parse import parse_table, run_parsers
from serialize import run_serializers, serialize_table
from stream import iterparse_table, run_iterparse


def run_file(inp: Input, args: argparse.Namespace, report: Report) -> None:
    # On a shared 2-core machine single runs swing by a third; small files and the
    # serializers are cheap, so they get more runs for a steadier median.
    runs = args.runs or (3 if args.quick or inp.size == "x20" else 9)
    log(f"== {inp.label} ({runs} runs)")
    reference = new_container(inp.fmt).parse(inp.path, format=inp.fmt.rdflib)
    count = statement_count(reference, inp.fmt)
    check_count(inp, count)
    run_parsers(inp, reference, count, args.variants, runs, report)
    if not args.no_serialize:
        serialize_runs = args.runs or (3 if args.quick else max(runs, 5))
        run_serializers(inp, reference, count, args.variants, serialize_runs, report)
    del reference
    if not args.no_iterparse:
        run_iterparse(inp, count, runs, report)


def render(report: Report, args: argparse.Namespace) -> str:
    parts = ["# rdflib_strict benchmark", "", machine_header(), ""]
    parts += ["## Parsing into a Graph / Dataset", "", parse_table(report.parse), ""]
    parts += [
        "x floor / x rdflib: median time divided by the floor's / rdflib's (lower is "
        "better). floor = Graph.add of prebuilt statements with interned terms.",
        "",
    ]
    if not args.no_serialize:
        parts += ["## Serializing", "", serialize_table(report.serialize), ""]
        parts += ["speed-up: rdflib's median time divided by this serializer's.", ""]
    if not args.no_iterparse:
        parts += ["## Streaming parse (no Graph)", "", iterparse_table(report.iterparse), ""]
    if report.memory:
        parts += [
            "## Peak memory of one parse (fresh subprocess)",
            "",
            memory_table(report.memory),
            "",
        ]
        parts += [
            "peak MiB: peak RSS minus the RSS after imports. floor = Graph.add of terms "
            "streamed from pyoxigraph and interned (the store's own footprint).",
            "",
        ]
    if report.notes:
        parts += ["## Notes", "", *(f"- {note}" for note in report.notes), ""]
    return "\n".join(parts)


def csv_choice(allowed: Sequence[str]) -> Callable[[str], list[str]]:
    def parse(value: str) -> list[str]:
        items = [item.strip() for item in value.split(",") if item.strip()]
        bad = [item for item in items if item not in allowed]
        if bad or not items:
            raise argparse.ArgumentTypeError(f"choose from {', '.join(allowed)}")
        return items

    return parse


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument(
        "--data",
        help="directory with the schemaorg-all-https.* files "
        "(default: $RDF_DATA_DIR or ../shared/data from the repo root)",
    )
    ap.add_argument(
        "--runs", type=int, help="runs per variant (default 9 small, 3 x20; serializers at least 5)"
    )
    ap.add_argument("--quick", action="store_true", help="small files only, 3 runs")
    ap.add_argument(
        "--only",
        type=csv_choice(list(FORMATS)),
        default=list(FORMATS),
        help="formats, e.g. " + ",".join(FORMATS),
    )
    ap.add_argument("--sizes", type=csv_choice(SIZES), default=list(SIZES), help="small,x20 (default both)")
    ap.add_argument(
        "--variants",
        type=csv_choice(PARSE_VARIANTS),
        default=list(PARSE_VARIANTS),
        help="variants for parsing, serializing and memory: " + ",".join(PARSE_VARIANTS),
    )
    ap.add_argument("--no-memory", action="store_true", help="skip the memory probes")
    ap.add_argument("--no-serialize", action="store_true", help="skip the serializers")
    ap.add_argument("--no-iterparse", action="store_true", help="skip the streaming parsers")
    ap.add_argument("--_memprobe", nargs=2, metavar=("VARIANT", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.quick:
        args.sizes = ["small"]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    register_checkout_plugins()
    if args._memprobe:
        variant, file = args._memprobe
        memprobe(variant, Path(file))
        return 0
    log(machine_header())
    started = time.perf_counter()
    inputs = build_inputs(resolve_data_dir(args.data), args.only, args.sizes)
    report = Report()
    for inp in inputs:
        run_file(inp, args, report)
    if not args.no_memory:
        for inp in memory_inputs(inputs):
            run_memory(inp, args.variants, report)
    print(render(report, args))
    log(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
