#!/usr/bin/env python
"""Benchmark rdflib_strict's parsers and serializers against rdflib, oxrdflib and a floor.

Inputs are the schema.org release files (``schemaorg-all-https.nt/.nq/.ttl``) and x20 copies
of them (IRIs renamed per copy, generated once into ``benchmarks/_data/``).

Parse variants, timed in-process (median of N runs, ``gc.collect()`` before each run, variants
interleaved round-robin so that drift affects them all alike):

* ``rdflib``   -- ``Graph().parse(path, format="nt")`` (``Dataset`` for N-Quads), ...
* ``strict``   -- the same with ``format="strict-ntriples"`` / ``"strict-nquads"`` / ...
* ``oxrdflib`` -- the same with ``format="ox-ntriples"`` / ... (if oxrdflib is installed)
* ``floor``    -- ``Graph.add`` / ``Dataset.add`` of a prebuilt list of statements whose
  identical terms are interned to one object (as a parser with a term cache would share them):
  the cost of filling the store, i.e. what no parser into a ``Graph`` can beat.

Also timed: serializers (rdflib vs strict vs oxrdflib), ``rdflib_strict.iterparse`` vs raw
``pyoxigraph.parse``, and peak memory of each parse variant in a fresh subprocess.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench.py                 # full run (several minutes)
    .venv/bin/python benchmarks/bench.py --quick         # small files only, 3 runs
    .venv/bin/python benchmarks/bench.py --only nt --sizes x20 --variants rdflib,floor

This is a benchmark, not a test: it never asserts, it reports.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rdflib
from rdflib import BNode, Dataset, Graph, Literal, URIRef, plugin
from rdflib.parser import Parser
from rdflib.serializer import Serializer
from rdflib.term import Node

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
CACHE_DIR = BENCH_DIR / "_data"
BASENAME = "schemaorg-all-https"
COPIES = 20
SCHEMA_NS = "https://schema.org/"
CACHE_VERSION = 1
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
PARSE_VARIANTS = ("rdflib", "strict", "oxrdflib", "floor")
SIZES = ("small", "x20")

if str(REPO_ROOT) not in sys.path:
    # Lets an uninstalled checkout be benchmarked; an installed rdflib_strict still wins.
    sys.path.append(str(REPO_ROOT))

Statement = tuple[Node | None, ...]
Job = Callable[[], object]


# --------------------------------------------------------------------------- formats & inputs


@dataclass(frozen=True)
class Fmt:
    """One RDF syntax and the plugin / API names each variant uses for it."""

    key: str  # file extension: nt, nq, ttl
    rdflib: str  # rdflib's own parser and serializer name
    strict: str
    ox: str
    iterparse: str  # format name for rdflib_strict.iterparse
    oxigraph: str  # pyoxigraph.RdfFormat attribute
    quads: bool


FORMATS: dict[str, Fmt] = {
    "nt": Fmt("nt", "nt", "strict-ntriples", "ox-ntriples", "ntriples", "N_TRIPLES", False),
    "nq": Fmt("nq", "nquads", "strict-nquads", "ox-nquads", "nquads", "N_QUADS", True),
    "ttl": Fmt("ttl", "turtle", "strict-turtle", "ox-turtle", "turtle", "TURTLE", False),
}


@dataclass(frozen=True)
class Input:
    path: Path
    fmt: Fmt
    size: str  # "small" or "x20"

    @property
    def label(self) -> str:
        return self.path.name


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def format_for(path: Path) -> Fmt:
    return FORMATS[path.suffix.lstrip(".")]


def new_container(fmt: Fmt) -> Graph:
    return Dataset() if fmt.quads else Graph()


def resolve_data_dir(cli_value: str | None) -> Path:
    if cli_value:
        return Path(cli_value).resolve()
    env = os.environ.get("RDF_DATA_DIR")
    if env:
        return Path(env).resolve()
    return (REPO_ROOT / ".." / "shared" / "data").resolve()


# --------------------------------------------------------------------------- x20 data


def rename_copy(text: str, copy: int) -> str:
    """Rename every schema.org IRI (also inside @prefix and the N-Quads graph name)."""
    return text.replace(SCHEMA_NS, f"{SCHEMA_NS}copy{copy}/")


def count_statements(path: Path, fmt: Fmt) -> int:
    container = new_container(fmt)
    container.parse(path, format=fmt.rdflib)
    return statement_count(container, fmt)


def statement_count(container: Graph, fmt: Fmt) -> int:
    if fmt.quads:
        assert isinstance(container, Dataset)
        return sum(1 for _ in container.quads((None, None, None, None)))
    return len(container)


def source_stamp(src: Path, copies: int) -> dict[str, Any]:
    stat = src.stat()
    return {
        "source": str(src),
        "size": stat.st_size,
        "mtime_ns": stat.st_mtime_ns,
        "copies": copies,
        "version": CACHE_VERSION,
    }


def meta_path(dst: Path) -> Path:
    return dst.with_name(dst.name + ".json")


def read_meta(dst: Path) -> dict[str, Any]:
    try:
        meta: dict[str, Any] = json.loads(meta_path(dst).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return meta


def write_meta(dst: Path, meta: dict[str, Any]) -> None:
    meta_path(dst).write_text(json.dumps(meta, indent=2) + "\n", "utf-8")


def ensure_scaled(src: Path, copies: int = COPIES) -> Path:
    """Write ``copies`` renamed copies of ``src`` into the cache (once) and return the path.

    The expected statement count (copies x rdflib's count of ``src``) is cached next to it;
    the first benchmark run on the file checks it against a real rdflib parse.
    """
    dst = CACHE_DIR / f"{src.stem}-x{copies}{src.suffix}"
    stamp = source_stamp(src, copies)
    if dst.exists() and read_meta(dst).get("stamp") == stamp:
        return dst
    fmt = format_for(src)
    log(f"generating {dst.relative_to(REPO_ROOT)} ({copies} copies of {src.name}) ...")
    text = src.read_text("utf-8")
    if not text.endswith("\n"):
        text += "\n"
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    with tmp.open("w", encoding="utf-8", newline="") as out:
        for copy in range(1, copies + 1):
            out.write(rename_copy(text, copy))
    tmp.replace(dst)
    expected = copies * count_statements(src, fmt)
    write_meta(dst, {"stamp": stamp, "expected_statements": expected, "verified": False})
    return dst


def check_scaled_count(inp: Input, actual: int) -> None:
    """Compare rdflib's count of a generated file with the count expected at generation."""
    meta = read_meta(inp.path)
    expected = meta.get("expected_statements")
    if expected is None:
        return
    if expected != actual:
        log(f"WARNING: {inp.label}: rdflib parsed {actual} statements, expected {expected}")
        return
    if not meta.get("verified"):
        meta["verified"] = True
        write_meta(inp.path, meta)
        log(f"{inp.label}: statement count verified ({actual})")


def build_inputs(data_dir: Path, keys: Sequence[str], sizes: Sequence[str]) -> list[Input]:
    inputs: list[Input] = []
    for size in SIZES:
        if size not in sizes:
            continue
        for key in keys:
            src = data_dir / f"{BASENAME}.{key}"
            path = src if size == "small" else ensure_scaled(src)
            inputs.append(Input(path, FORMATS[key], size))
    return inputs


# --------------------------------------------------------------------------- optional backends


def import_optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except Exception:  # any import failure: not available
        return None


def package_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def register_uninstalled_strict_plugins() -> None:
    """Register rdflib_strict's plugins from pyproject.toml if the package is not installed."""
    if package_version("rdflib-strict") != "not installed":
        return
    tomllib = import_optional("tomllib")
    pyproject = REPO_ROOT / "pyproject.toml"
    if tomllib is None or not pyproject.exists():
        return
    entry_points = tomllib.loads(pyproject.read_text("utf-8")).get("project", {})
    groups = entry_points.get("entry-points", {})
    kinds = {"rdf.plugins.parser": Parser, "rdf.plugins.serializer": Serializer}
    for group, kind in kinds.items():
        for name, target in groups.get(group, {}).items():
            module, _, cls = target.partition(":")
            if not has_plugin(name, kind):
                plugin.register(name, kind, module, cls)


def has_plugin(name: str, kind: type) -> bool:
    try:
        plugin.get(name, kind)
    except Exception:  # unregistered, or not importable
        return False
    return True


def plugin_problem(name: str, kind: type) -> str | None:
    """None if the plugin loads, else a one-line reason."""
    try:
        plugin.get(name, kind)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def short_error(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= 300 else text[:297] + "..."


# --------------------------------------------------------------------------- timing


@dataclass
class Measured:
    """Median times of the variants of one benchmark group (one file, one task)."""

    medians: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def time_once(job: Job) -> float:
    gc.collect()
    start = time.perf_counter()
    result = job()
    elapsed = time.perf_counter() - start
    del result  # freeing a big graph is not part of the measured work
    return elapsed


def measure(label: str, jobs: dict[str, Job], runs: int) -> Measured:
    """Run all jobs round-robin ``runs`` times; a job that raises is dropped with a note."""
    out = Measured()
    times: dict[str, list[float]] = {name: [] for name in jobs}
    alive = dict(jobs)
    for run in range(1, runs + 1):
        for name, job in list(alive.items()):
            try:
                elapsed = time_once(job)
            except Exception as exc:  # report and go on
                out.notes.append(f"{label}: {name} raised {short_error(exc)}")
                log(f"  [{label}] {name} FAILED: {short_error(exc)}")
                del alive[name]
                times[name] = []
                continue
            times[name].append(elapsed)
            log(f"  [{label}] run {run}/{runs} {name}: {elapsed:.3f} s")
    out.medians = {name: statistics.median(ts) for name, ts in times.items() if ts}
    return out


# --------------------------------------------------------------------------- parse jobs


def intern_statements(statements: Iterable[Statement]) -> list[Statement]:
    """Share identical terms between statements, as a parser with a term cache would."""
    cache: dict[Node | None, Node | None] = {}
    get = cache.setdefault
    return [tuple([get(term, term) for term in st]) for st in statements]


def reference_statements(container: Graph, fmt: Fmt) -> list[Statement]:
    if fmt.quads:
        assert isinstance(container, Dataset)
        return intern_statements(container.quads((None, None, None, None)))
    return intern_statements(container.triples((None, None, None)))


def parse_job(path: Path, fmt: Fmt, format_name: str) -> Job:
    def job() -> Graph:
        return new_container(fmt).parse(path, format=format_name)

    return job


def floor_job(statements: list[Statement], fmt: Fmt) -> Job:
    def job() -> Graph:
        container = new_container(fmt)
        add = container.add
        for st in statements:
            add(st)  # type: ignore[arg-type]
        return container

    return job


def parser_jobs(
    inp: Input, variants: Sequence[str], statements: list[Statement]
) -> tuple[dict[str, Job], list[str]]:
    names = {"rdflib": inp.fmt.rdflib, "strict": inp.fmt.strict, "oxrdflib": inp.fmt.ox}
    jobs: dict[str, Job] = {}
    notes: list[str] = []
    for variant in variants:
        if variant == "floor":
            jobs[variant] = floor_job(statements, inp.fmt)
            continue
        problem = plugin_problem(names[variant], Parser)
        if problem:
            notes.append(f"{inp.label}: {variant} parser {names[variant]!r} unavailable: {problem}")
            continue
        jobs[variant] = parse_job(inp.path, inp.fmt, names[variant])
    return jobs, notes


def serializer_jobs(
    graph: Graph, fmt: Fmt, label: str, variants: Sequence[str]
) -> tuple[dict[str, Job], list[str]]:
    names = {"rdflib": fmt.rdflib, "strict": fmt.strict, "oxrdflib": fmt.ox}
    jobs: dict[str, Job] = {}
    notes: list[str] = []
    for variant, name in names.items():
        if variant not in variants:
            continue
        problem = plugin_problem(name, Serializer)
        if problem:
            notes.append(f"{label}: {variant} serializer {name!r} unavailable: {problem}")
            continue
        jobs[variant] = serialize_job(graph, name)
    return jobs, notes


def serialize_job(graph: Graph, format_name: str) -> Job:
    def job() -> str:
        return graph.serialize(format=format_name)

    return job


def exhaust(statements: Iterator[object]) -> int:
    return sum(1 for _ in statements)


def iterparse_jobs(inp: Input) -> tuple[dict[str, Job], list[str]]:
    jobs: dict[str, Job] = {}
    notes: list[str] = []
    strict = import_optional("rdflib_strict")
    iterparse = getattr(strict, "iterparse", None)
    if iterparse is None:
        notes.append(f"{inp.label}: rdflib_strict.iterparse unavailable")
    else:
        fmt_name = inp.fmt.iterparse
        jobs["strict iterparse"] = lambda: exhaust(iterparse(str(inp.path), format=fmt_name))
    ox = import_optional("pyoxigraph")
    if ox is None:
        notes.append(f"{inp.label}: pyoxigraph not installed")
    else:
        rdf_format = getattr(ox.RdfFormat, inp.fmt.oxigraph)
        jobs["pyoxigraph"] = lambda: exhaust(ox.parse(path=str(inp.path), format=rdf_format))
    return jobs, notes


# --------------------------------------------------------------------------- results


@dataclass
class Row:
    file: str
    statements: int
    variant: str
    seconds: float
    reference: dict[str, float]  # reference name -> reference seconds


@dataclass
class Report:
    parse: list[Row] = field(default_factory=list)
    serialize: list[Row] = field(default_factory=list)
    iterparse: list[Row] = field(default_factory=list)
    memory: list[Row] = field(default_factory=list)  # "seconds" holds MiB here
    notes: list[str] = field(default_factory=list)


def rows_from(label: str, statements: int, measured: Measured, refs: Sequence[str]) -> list[Row]:
    references = {ref: measured.medians[ref] for ref in refs if ref in measured.medians}
    return [Row(label, statements, name, secs, references) for name, secs in measured.medians.items()]


def run_file(inp: Input, args: argparse.Namespace, report: Report) -> None:
    # On a shared 2-core machine single runs swing by a third; small files and the
    # serializers are cheap, so they get more runs for a steadier median.
    runs = args.runs or (3 if args.quick or inp.size == "x20" else 9)
    log(f"== {inp.label} ({runs} runs)")
    reference = new_container(inp.fmt).parse(inp.path, format=inp.fmt.rdflib)
    count = statement_count(reference, inp.fmt)
    if inp.size != "small":
        check_scaled_count(inp, count)
    statements = reference_statements(reference, inp.fmt)
    jobs, notes = parser_jobs(inp, args.variants, statements)
    report.notes.extend(notes)
    measured = measure(inp.label, jobs, runs)
    report.notes.extend(measured.notes)
    report.parse.extend(rows_from(inp.label, count, measured, ("floor", "rdflib")))
    del statements, jobs
    if not args.no_serialize:
        run_serializers(inp, reference, count, args, args.runs or (3 if args.quick else max(runs, 5)), report)
    del reference
    if not args.no_iterparse:
        run_iterparse(inp, count, runs, report)


def run_serializers(
    inp: Input, graph: Graph, count: int, args: argparse.Namespace, runs: int, report: Report
) -> None:
    label = f"{inp.label} -> {inp.fmt.key}"
    jobs, notes = serializer_jobs(graph, inp.fmt, label, args.variants)
    report.notes.extend(notes)
    measured = measure(label, jobs, runs)
    report.notes.extend(measured.notes)
    report.serialize.extend(rows_from(inp.label, count, measured, ("rdflib",)))


def run_iterparse(inp: Input, count: int, runs: int, report: Report) -> None:
    label = f"{inp.label} iter"
    jobs, notes = iterparse_jobs(inp)
    report.notes.extend(notes)
    measured = measure(label, jobs, runs)
    report.notes.extend(measured.notes)
    report.iterparse.extend(rows_from(inp.label, count, measured, ("pyoxigraph",)))


# --------------------------------------------------------------------------- memory probes


def maxrss_kib() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def proc_status_kib(field_name: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def reset_peak_rss() -> bool:
    """Reset the kernel's peak-RSS mark of this process (Linux >= 4.0)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def rss_baseline_kib() -> int:
    """RSS now, with the peak mark reset so that a later peak_rss_kib() is this run's peak.

    ru_maxrss alone is not enough: on Linux it survives fork+exec, so a probe started from
    the (big) benchmark process would start with the parent's RSS as its "peak".
    """
    current = proc_status_kib("VmRSS")
    if current is not None and reset_peak_rss():
        return current
    return proc_status_kib("VmHWM") or maxrss_kib()


def peak_rss_kib() -> int:
    return proc_status_kib("VmHWM") or maxrss_kib()


def warm_up(fmt: Fmt, format_name: str) -> None:
    """Import everything a parse needs, so the baseline RSS includes it."""
    try:
        new_container(fmt).parse(data="", format=format_name)
    except Exception:  # the real run reports it
        pass


def oxigraph_to_rdflib(term: Any, cache: dict[Node, Node]) -> Node | None:
    """Convert a pyoxigraph term the way rdflib's own parsers build it, interned via cache."""
    kind = type(term).__name__
    if kind == "DefaultGraph":
        return None
    node: Node
    if kind == "NamedNode":
        node = URIRef(term.value)
    elif kind == "BlankNode":
        node = BNode(term.value)
    elif term.language:
        node = Literal(term.value, lang=term.language)
    else:
        datatype = term.datatype.value
        node = Literal(term.value, datatype=None if datatype == XSD_STRING else URIRef(datatype))
    return cache.setdefault(node, node)


def memory_floor_job(path: Path, fmt: Fmt) -> Job:
    """Graph.add of interned terms streamed from pyoxigraph: the memory of the bare store."""
    ox = importlib.import_module("pyoxigraph")
    rdf_format = getattr(ox.RdfFormat, fmt.oxigraph)

    def job() -> tuple[Graph, dict[Node, Node]]:
        container = new_container(fmt)
        cache: dict[Node, Node] = {}
        for quad in ox.parse(path=str(path), format=rdf_format):
            terms = (quad.subject, quad.predicate, quad.object, quad.graph_name)
            st = tuple(oxigraph_to_rdflib(t, cache) for t in terms)
            container.add(st if fmt.quads else st[:3])  # type: ignore[arg-type]
        return container, cache  # the cache stays alive, as it would during a parse

    return job


def memory_job(variant: str, path: Path) -> Job:
    fmt = format_for(path)
    if variant == "floor":
        return memory_floor_job(path, fmt)
    name = {"rdflib": fmt.rdflib, "strict": fmt.strict, "oxrdflib": fmt.ox}[variant]
    plugin.get(name, Parser)  # raises if unavailable
    warm_up(fmt, name)
    return parse_job(path, fmt, name)


def memprobe(variant: str, path: Path) -> None:
    """Subprocess entry point: print peak RSS growth of one parse as JSON on stdout."""
    fmt = format_for(path)
    job = memory_job(variant, path)
    gc.collect()
    base = rss_baseline_kib()
    result = job()
    peak = peak_rss_kib()
    container = result[0] if isinstance(result, tuple) else result
    assert isinstance(container, Graph)
    count = statement_count(container, fmt)
    print(json.dumps({"base_kib": base, "peak_kib": peak, "statements": count}))


def probe(variant: str, path: Path) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--_memprobe", variant, str(path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"exit {proc.returncode}: {tail[0]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def run_memory(inp: Input, variants: Sequence[str], report: Report) -> None:
    log(f"== memory {inp.label}")
    mib: dict[str, float] = {}
    count = 0
    for variant in variants:
        try:
            result = probe(variant, inp.path)
        except Exception as exc:  # report and go on
            report.notes.append(f"memory {inp.label}: {variant} failed: {short_error(exc)}")
            log(f"  [{inp.label}] {variant} FAILED: {short_error(exc)}")
            continue
        mib[variant] = (result["peak_kib"] - result["base_kib"]) / 1024
        count = max(count, result["statements"])
        log(f"  [{inp.label}] {variant}: {mib[variant]:.1f} MiB ({result['statements']} stmts)")
    measured = Measured(medians=mib)
    report.memory.extend(rows_from(inp.label, count, measured, ("floor", "rdflib")))


# --------------------------------------------------------------------------- output


def ratio(value: float, reference: float | None) -> str:
    return "–" if not reference else f"{value / reference:.2f}"


def speedup(value: float, reference: float | None) -> str:
    return "–" if not reference else f"{reference / value:.2f}"


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines)


def timing_cells(row: Row) -> list[str]:
    rate = row.statements / row.seconds if row.seconds else 0.0
    return [row.file, f"{row.statements:,}", row.variant, f"{row.seconds:.3f}", f"{rate:,.0f}"]


def parse_table(rows: list[Row]) -> str:
    header = ["file", "statements", "variant", "median s", "statements/s", "x floor", "x rdflib"]
    cells = [
        [
            *timing_cells(r),
            ratio(r.seconds, r.reference.get("floor")),
            ratio(r.seconds, r.reference.get("rdflib")),
        ]
        for r in rows
    ]
    return table(header, cells)


def serialize_table(rows: list[Row]) -> str:
    header = ["graph from", "statements", "serializer", "median s", "statements/s", "speed-up"]
    cells = [[*timing_cells(r), speedup(r.seconds, r.reference.get("rdflib"))] for r in rows]
    return table(header, cells)


def iterparse_table(rows: list[Row]) -> str:
    header = ["file", "statements", "variant", "median s", "statements/s", "x pyoxigraph"]
    cells = [[*timing_cells(r), ratio(r.seconds, r.reference.get("pyoxigraph"))] for r in rows]
    return table(header, cells)


def memory_table(rows: list[Row]) -> str:
    header = ["file", "statements", "variant", "peak MiB", "x floor", "x rdflib"]
    cells = [
        [
            r.file,
            f"{r.statements:,}",
            r.variant,
            f"{r.seconds:.1f}",
            ratio(r.seconds, r.reference.get("floor")),
            ratio(r.seconds, r.reference.get("rdflib")),
        ]
        for r in rows
    ]
    return table(header, cells)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def usable_cpus() -> int:
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 0


def machine_header() -> str:
    versions = ", ".join(
        f"{name} {package_version(name)}" for name in ("pyoxigraph", "oxrdflib", "rdflib-strict")
    )
    return (
        f"machine: {cpu_model()} ({platform.machine()}), nproc {usable_cpus()}, "
        f"{platform.system()} {platform.release()}; Python {platform.python_version()} "
        f"({platform.python_implementation()}); rdflib {rdflib.__version__}; {versions}"
    )


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


# --------------------------------------------------------------------------- CLI


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
        help="formats, e.g. nt,nq,ttl",
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


def memory_inputs(inputs: list[Input]) -> list[Input]:
    """Memory is measured on the x20 files, or on the small ones if x20 is not selected."""
    large = [inp for inp in inputs if inp.size == "x20"]
    return large or inputs


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    register_uninstalled_strict_plugins()
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
