#!/usr/bin/env python
"""Benchmark rdflib_strict's parsers and serializers against rdflib, oxrdflib and a floor.

Inputs are the schema.org release files (``schemaorg-all-https.nt/.nq/.ttl``), TriG made from
the .nq (``.trig``: several named graphs and the default graph) and x20 copies of them all (IRIs
renamed per copy; the x20 .nq and .trig hold 20 named graphs), generated once into
``benchmarks/_data/`` (see ``data.py``). With ``--sizes diverse-100k,diverse-1m,diverse-5m``:
seeded Wikidata-like files in which nearly every term is distinct (multilingual labels,
escapes, typed literals, blank nodes, percent-encoded IRIs, a graph per run of statements in
.nq/.trig), generated and checked by pyoxigraph once into ``benchmarks/_data/`` (``diverse.py``). With
``--sizes plain-1m,plain-5m,longlit-20k,longlit-100k``: lines of one IRI per term and nothing
else, and lines whose objects are literals of 1-8 KiB with escapes (``shapes.py``), generated
the same way.

Workloads, a module each, timed in-process (median of N runs, ``gc.collect()`` before each
run, variants interleaved round-robin so that drift affects them all alike):

* ``parse.py``     -- parse into a ``Graph`` / ``Dataset``: rdflib's own parser, ours
  (``strict-*``), oxrdflib's (``ox-*``) and the floor (``Graph.add`` / ``Dataset.add`` of
  prebuilt statements with interned terms: what no parser into a ``Graph`` can beat).
* ``serialize.py`` -- serializers (rdflib vs strict vs oxrdflib) on the graph rdflib parsed, and
  for N-Triples a floor (the index walked, ``str()`` of each term, the output decoded: what
  every writer of a ``Memory`` graph does, and nothing more).
* ``stream.py``    -- ``rdflib_strict.iterparse`` vs raw ``pyoxigraph.parse``; with
  ``--turtle-ratio N``, Turtle ``iterparse`` against the N-Triples one of the same statements
  in N fresh processes (median and range of the ratio).
* ``memory.py``    -- peak memory of each parse variant in a fresh subprocess.
* ``validate.py``  -- only with ``--validate``: the command line (``rdflib-strict validate`` and
  ``convert --to nt``, ``--to nq`` for quads) against pyoxigraph's parser, each run a fresh
  subprocess: median time and peak RSS.
* ``parallel.py``  -- only with ``--parallel``: ``validate -j N`` and ``convert -j N`` for
  N = 1..cores on every format: speed-up and efficiency.
* ``process.py``   -- only with ``--process``: whole processes that parse into a Graph and
  exit, and one ``gc.collect()`` after such a parse, strict against rdflib's parser (the
  cost a parse leaves behind).
* ``collector.py`` -- only with ``--collector``: one ``gc.collect()`` after a parse into a
  Graph, counted (``perf stat`` around the collections alone; with ``--collector-sim`` also
  a simulated cache, callgrind): strict against rdflib's parser, where times swing.
* ``fastpath.py``  -- only with ``--fast-path``: counts (no timing) which statements and terms
  leave the parsers' fast paths for the full readers, by shape.
* ``instructions.py`` -- only with ``--instructions``: instructions (``perf stat``) of
  ``validate`` (against pyoxigraph's parse), ``iterparse`` and ``convert``, fresh processes:
  work measured on a shared machine, where times are not.
* ``sourcemap.py`` -- only with ``--source-map``: parsing with and without a SourceMap (time
  ratio, bytes per statement).
* ``canon.py``     -- only with ``--canon``: RDFC-1.0 (``rdflib_strict.canon``) against
  pyoxigraph's and rdflib's RGDA1, on schema.org and generated blank-node-heavy graphs.
* ``fmt.py``       -- only with ``--fmt``: ``rdflib-strict fmt`` of schema.org's .ttl, with a
  parse and a canonical write of it for scale.

``common.py`` holds formats, plugins, timing, result rows and the machine line; this file is
the command line driver.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench.py                 # full run (several minutes)
    .venv/bin/python benchmarks/bench.py --quick         # small files only, 3 runs
    .venv/bin/python benchmarks/bench.py --only nt --sizes x20 --variants rdflib,floor

    # term-diverse data: every workload, then the command line only (no in-process workloads)
    nice -n 10 .venv/bin/python benchmarks/bench.py --sizes diverse-1m --only nt,nq --no-serialize
    nice -n 10 .venv/bin/python benchmarks/bench.py --sizes diverse-1m,diverse-5m --validate \
        --no-parse --no-serialize --no-iterparse --no-memory

    # every writer on every data shape (100k statements; rdflib's serializer vs ours)
    nice -n 10 .venv/bin/python benchmarks/bench.py --only nt,nq,ttl,trig --variants rdflib,strict \
        --sizes small,diverse-100k,rich-100k,labels-100k,longlit-20k,plain-100k \
        --no-parse --no-iterparse --no-memory --runs 3

    # whole processes (parse into a Graph, exit; a gc.collect() after the parse), vs rdflib
    .venv/bin/python benchmarks/bench.py --sizes diverse-100k,diverse-1m,diverse-2.5m \
        --only nt,ttl --process --no-parse --no-serialize --no-iterparse --no-memory

``--sizes`` takes ``small``, ``x20`` (schema.org; the default is both) and ``diverse-100k``,
``diverse-1m``, ``diverse-2.5m``, ``diverse-5m``, ``plain-1m``, ``plain-5m``, ``longlit-20k``,
``longlit-100k``, and ``annotated`` (schema.org in RDF 1.2 Turtle, every statement annotated:
parse with ``version="1.2"`` against the floor, iterparse against pyoxigraph; see ``data.py``);
``--only`` picks the formats of all of them. Large inputs (everything but ``small``) get 3
runs and the memory probes. Parsing 5M diverse statements
into a Graph takes several GiB per variant: on ``diverse-5m`` prefer ``--validate`` with the
in-process workloads off.

This is a benchmark, not a test: it never asserts, it reports.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from canon import canon_table, run_canon
from collector import CollectorRow, collector_table, run_collector
from common import (
    FORMATS,
    PARSE_VARIANTS,
    SIZES,
    Input,
    Report,
    log,
    machine_header,
    register_checkout_plugins,
    statement_count,
)
from data import (
    RDF12_SIZES,
    build_inputs,
    check_count,
    expected_count,
    known_count,
    rdf12_inputs,
    resolve_data_dir,
)
from diverse import DIVERSE_SIZES, diverse_inputs
from fastpath import FastPathRow, fast_path_table, run_fast_path
from fmt import fmt_table, run_fmt
from instructions import InstructionRow, instructions_table, run_instructions
from memory import memory_inputs, memory_table, memprobe, run_memory
from parallel import ParallelRow, parallel_table, run_parallel
from parse import parse_table, reference_parse, run_parsers
from process import ProcessRow, process_table, run_process
from serialize import run_serializers, serialize_table
from shapes import SHAPE_SIZES, shape_inputs
from sourcemap import ROWS as SOURCE_MAP_ROWS
from sourcemap import run_source_maps, source_map_table
from stream import RatioRow, iterparse_table, run_iterparse, run_turtle_ratio, turtle_ratio_table
from validate import run_validate, validate_table

ALL_SIZES = (*SIZES, *DIVERSE_SIZES, *SHAPE_SIZES, *RDF12_SIZES)


def run_file(inp: Input, args: argparse.Namespace, report: Report) -> None:
    # On a shared 2-core machine single runs swing by a third; small files and the
    # serializers are cheap, so they get more runs for a steadier median.
    runs = args.runs or (3 if args.quick or inp.large else 9)
    count: int | None = None
    if not (args.no_parse and args.no_serialize and args.no_iterparse):
        log(f"== {inp.label} ({runs} runs)")
    if not (args.no_parse and args.no_serialize) or args.source_map:
        reference = reference_parse(inp)
        count = statement_count(reference, inp.fmt)
        check_count(inp, count)
        if not args.no_parse:
            run_parsers(inp, reference, count, args.variants, runs, report)
        if args.source_map:
            run_source_maps(inp, reference, count, runs, report)
        if not args.no_serialize and not inp.read_kwargs:  # RDF 1.2: rdflib writes none
            serialize_runs = args.runs or (3 if args.quick else max(runs, 5))
            run_serializers(inp, reference, count, args.variants, serialize_runs, report)
        del reference
    if not args.no_iterparse:
        count = known_count(inp) if count is None else count
        run_iterparse(inp, count, runs, report)
    if args.validate:
        # Without a known count (schema.org with the in-process workloads off), the table
        # takes pyoxigraph's.
        known = count if count is not None else expected_count(inp)
        run_validate(inp, known, args.runs or (3 if args.quick or inp.large else 5), report)
    if args.parallel:
        run_parallel(inp, args.runs or 3, report, args.parallel_rows)
    if args.process:
        run_process(inp, args.runs or 3, args.process_rows, report.notes)
    if args.collector or args.collector_sim:
        run_collector(inp, args.collector_sim, args.collector_rows)
    if args.fast_path:
        run_fast_path(inp, args.fast_path_rows)
    if args.instructions:
        run_instructions(inp, args.instruction_rows)
    if args.turtle_ratio:
        run_turtle_ratio(inp, args.turtle_ratio, args.ratio_rows, report.notes)


def render(report: Report, args: argparse.Namespace) -> str:
    parts = ["# rdflib_strict benchmark", "", machine_header(), ""]
    if not args.no_parse:
        parts += ["## Parsing into a Graph / Dataset", "", parse_table(report.parse), ""]
        parts += [
            "x floor / x rdflib: median time divided by the floor's / rdflib's (lower is "
            "better). floor = Graph.add of prebuilt statements with interned terms.",
            "",
        ]
    if not args.no_serialize:
        parts += ["## Serializing", "", serialize_table(report.serialize), ""]
        parts += [
            "speed-up: rdflib's median time divided by this serializer's. x floor: median time "
            "divided by the floor's (N-Triples: the index walked with str() of each term and "
            "the output decoded, nothing spelled; see serialize.py).",
            "",
        ]
    if not args.no_iterparse:
        parts += ["## Streaming parse (no Graph)", "", iterparse_table(report.iterparse), ""]
    if report.validate:
        parts += [
            "## Command line vs pyoxigraph (fresh subprocess each run)",
            "",
            validate_table(report.validate),
            "",
        ]
        parts += [
            "median s includes interpreter start-up and imports. peak RSS: the child's "
            "ru_maxrss (whole process). x pyoxigraph: divided by pyoxigraph's parse of the "
            "same file, exhausted in Python.",
            "",
        ]
    if args.parallel_rows:
        parts += [
            "## -j N: worker processes (fresh subprocess each run)",
            "",
            parallel_table(args.parallel_rows),
            "",
        ]
        parts += [
            "speed-up: the -j 1 median divided by this one; efficiency: speed-up / N. Times "
            "include interpreter start-up. peak RSS: the largest of the process and its workers.",
            "",
        ]
    if args.fast_path_rows:
        parts += [
            "## Left by the fast paths (counts, not times)",
            "",
            fast_path_table(args.fast_path_rows),
            "",
        ]
    if args.ratio_rows:
        parts += [
            "## Turtle iterparse against the N-Triples iterparse of the same statements",
            "",
            turtle_ratio_table(args.ratio_rows),
            "",
            "Each process times three interleaved parses of both files (process_time) and gives "
            "the ratio of its medians; the ratio moves from process to process, so the median "
            "over the processes is the figure.",
            "",
        ]
    if args.instruction_rows:
        parts += [
            "## Work in instructions (perf stat -e instructions:u, fresh process each)",
            "",
            instructions_table(args.instruction_rows),
            "",
            "ours G: user-space instructions of the whole process minus one that only imports "
            "(PYTHONHASHSEED=0, one run: counts vary by under 1% between runs). pyoxigraph's "
            "parse G: a process exhausting pyoxigraph.parse of the file, minus import pyoxigraph.",
            "",
        ]
    if args.collector_rows:
        parts += ["## One gc.collect() after a parse into a Graph, counted", ""]
        parts += [collector_table(args.collector_rows), ""]
        parts += [
            "perf events: a collection's count (median of 4 in one fresh process, perf stat "
            "enabled around the collections only). sim: callgrind's cache simulation, a "
            "collection's share of two: Ir instructions, D1mr / DLmr first- / last-level data "
            "read misses.",
            "",
        ]
    if args.process_rows:
        parts += [
            "## Whole processes: parse into a Graph, then exit (fresh subprocess each run)",
            "",
            process_table(args.process_rows),
            "",
        ]
        parts += [
            "whole process: wall time from start to exit (imports, parse, the collection and "
            "deallocation at exit). rest = whole process - parse. gc.collect(): one full "
            "collection right after the same parse, in another run of the process. tracked "
            "objects, near successor, page misses: the collector's list after the timed "
            "collections (medians): objects in it, share within 4 KiB of the next one, share "
            "on a page not among the last 16 touched.",
            "",
        ]
    if SOURCE_MAP_ROWS:
        parts += [
            "## Source maps: parsing with source_map=SourceMap()",
            "",
            source_map_table(SOURCE_MAP_ROWS),
            "",
        ]
        parts += [
            "x without map: median time with the map divided by the same parse without. map "
            "bytes: sys.getsizeof of the map's arrays after the parse (before any lookup builds "
            "its index). traced heap growth: tracemalloc's traced size after a parse with the "
            "map minus after one without, one run each.",
            "",
        ]
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
        "--runs",
        type=int,
        help="runs per variant (default 9 small, 3 large: x20, diverse-*; serializers at least 5; "
        "--validate 5 small, 3 large)",
    )
    ap.add_argument("--quick", action="store_true", help="3 runs; small files only unless --sizes is given")
    ap.add_argument(
        "--only",
        type=csv_choice(list(FORMATS)),
        default=list(FORMATS),
        help="formats, e.g. " + ",".join(FORMATS),
    )
    ap.add_argument(
        "--sizes",
        type=csv_choice(ALL_SIZES),
        help="inputs: " + ",".join(ALL_SIZES) + " (default small,x20: schema.org; diverse-*: "
        "term-diverse generated data, see diverse.py; plain-*, longlit-*: one IRI per term, "
        "long literals, see shapes.py)",
    )
    ap.add_argument(
        "--variants",
        type=csv_choice(PARSE_VARIANTS),
        default=list(PARSE_VARIANTS),
        help="variants for parsing, serializing and memory: " + ",".join(PARSE_VARIANTS),
    )
    ap.add_argument(
        "--validate",
        action="store_true",
        help="also time `rdflib-strict validate` / `convert` against pyoxigraph (subprocesses, peak RSS)",
    )
    ap.add_argument(
        "--parallel",
        action="store_true",
        help="also time `validate -j N` / `convert -j N` for N = 1..cores (N-Triples, N-Quads)",
    )
    ap.add_argument(
        "--process",
        action="store_true",
        help="also time whole processes (parse into a Graph, exit) and a gc.collect() after the parse",
    )
    ap.add_argument(
        "--turtle-ratio",
        type=int,
        default=0,
        metavar="N",
        help="also time Turtle iterparse against the N-Triples iterparse of the .nt beside each .ttl, "
        "in N fresh processes",
    )
    ap.add_argument(
        "--fast-path",
        action="store_true",
        help="also count, by shape, the statements and terms the fast paths leave to the full readers",
    )
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count instructions (perf) of validate, iterparse and convert, validate against pyoxigraph",
    )
    ap.add_argument(
        "--source-map",
        action="store_true",
        help="also time parsing with a SourceMap and its bytes per statement",
    )
    ap.add_argument(
        "--canon",
        action="store_true",
        help="also time RDFC-1.0 canonicalization against pyoxigraph and rdflib's RGDA1",
    )
    ap.add_argument(
        "--fmt",
        action="store_true",
        help="also time rdflib-strict fmt of schema.org's .ttl (3 runs unless --runs)",
    )
    ap.add_argument("--no-parse", action="store_true", help="skip parsing into a Graph")
    ap.add_argument("--no-memory", action="store_true", help="skip the memory probes")
    ap.add_argument("--no-serialize", action="store_true", help="skip the serializers")
    ap.add_argument("--no-iterparse", action="store_true", help="skip the streaming parsers")
    ap.add_argument(
        "--collector",
        action="store_true",
        help="also count (perf) a gc.collect() after a parse into a Graph, strict and rdflib",
    )
    ap.add_argument(
        "--collector-sim",
        action="store_true",
        help="--collector with a simulated cache too (valgrind callgrind; about a minute per 100k)",
    )
    ap.add_argument("--_memprobe", nargs=2, metavar=("VARIANT", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.sizes is None:
        args.sizes = ["small"] if args.quick else list(SIZES)
    args.parallel_rows: list[ParallelRow] = []
    args.process_rows: list[ProcessRow] = []
    args.fast_path_rows: list[FastPathRow] = []
    args.instruction_rows: list[InstructionRow] = []
    args.ratio_rows: list[RatioRow] = []
    args.collector_rows: list[CollectorRow] = []
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
    inputs += diverse_inputs(args.only, args.sizes)
    inputs += shape_inputs(args.only, args.sizes)
    inputs += rdf12_inputs(resolve_data_dir(args.data), args.only, args.sizes)
    report = Report()
    for inp in inputs:
        run_file(inp, args, report)
    if not args.no_memory:
        for inp in memory_inputs([inp for inp in inputs if not inp.read_kwargs]):
            run_memory(inp, args.variants, report)
    canon = (
        run_canon(resolve_data_dir(args.data), args.runs or (3 if args.quick else 5), report.notes)
        if args.canon
        else []
    )
    formatted = run_fmt(resolve_data_dir(args.data), args.runs or 3, report.notes) if args.fmt else []
    print(render(report, args))
    if formatted:
        print("## fmt (Turtle, canonical layout, comments kept)\n\n" + fmt_table(formatted) + "\n")
    if canon:
        print("## Canonicalizing (RDFC-1.0; rdflib: RGDA1)\n\n" + canon_table(canon) + "\n")
    log(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
