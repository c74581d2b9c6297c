"""What every benchmark workload shares: formats, plugins, timing, result rows, tables, machine.

The workloads (``parse``, ``serialize``, ``stream``, ``memory``, ``validate``) each import
this module; the driver ``bench.py`` runs them and prints their tables.
"""

from __future__ import annotations

import gc
import importlib
import importlib.metadata
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rdflib
from rdflib import Dataset, Graph, plugin
from rdflib.parser import Parser
from rdflib.serializer import Serializer
from rdflib.term import Node

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
DRIVER = BENCH_DIR / "bench.py"  # also the entry point of the memory probe subprocesses
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

    key: str  # file extension: nt, nq, ttl, trig
    rdflib: str  # rdflib's own parser and serializer name
    strict: str
    ox: str
    iterparse: str  # format name for rdflib_strict.iterparse
    oxigraph: str  # pyoxigraph.RdfFormat attribute
    quads: bool

    def plugin_name(self, variant: str) -> str:
        """The rdflib plugin name of a parser/serializer variant (not "floor")."""
        return {"rdflib": self.rdflib, "strict": self.strict, "oxrdflib": self.ox}[variant]


FORMATS: dict[str, Fmt] = {
    "nt": Fmt("nt", "nt", "strict-ntriples", "ox-ntriples", "ntriples", "N_TRIPLES", False),
    "nq": Fmt("nq", "nquads", "strict-nquads", "ox-nquads", "nquads", "N_QUADS", True),
    "ttl": Fmt("ttl", "turtle", "strict-turtle", "ox-turtle", "turtle", "TURTLE", False),
    "trig": Fmt("trig", "trig", "strict-trig", "ox-trig", "trig", "TRIG", True),
}


@dataclass(frozen=True)
class Input:
    path: Path
    fmt: Fmt
    size: str  # "small" or "x20" (schema.org), a diverse.DIVERSE_SIZES or shapes.SHAPE_SIZES name
    version: str = "1.1"  # the RDF of the file: "1.2" is read by the strict readers only

    @property
    def read_kwargs(self) -> dict[str, str]:
        """The keywords our readers need for this file (``version`` for RDF 1.2)."""
        return {} if self.version == "1.1" else {"version": self.version}

    @property
    def large(self) -> bool:
        return self.size != "small"

    @property
    def label(self) -> str:
        return self.path.name


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def format_for(path: Path) -> Fmt:
    return FORMATS[path.suffix.lstrip(".")]


def new_container(fmt: Fmt) -> Graph:
    return Dataset() if fmt.quads else Graph()


def statement_count(container: Graph, fmt: Fmt) -> int:
    if fmt.quads:
        assert isinstance(container, Dataset)
        return sum(1 for _ in container.quads((None, None, None, None)))
    return len(container)


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


def register_checkout_plugins() -> None:
    """Register the plugins pyproject.toml declares that rdflib does not know yet.

    That is all of them when rdflib_strict is not installed, and the ones added to the
    checkout since an editable install wrote its entry points (a new format's serializer).
    """
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


# --------------------------------------------------------------------------- results


@dataclass
class Row:
    file: str
    statements: int
    variant: str
    seconds: float | None  # None: the variant is not available ("n/a")
    reference: dict[str, float]  # reference name -> reference seconds
    peak_mib: float | None = None  # the command line workload's peak RSS


@dataclass
class Report:
    parse: list[Row] = field(default_factory=list)
    serialize: list[Row] = field(default_factory=list)
    iterparse: list[Row] = field(default_factory=list)
    memory: list[Row] = field(default_factory=list)  # "seconds" holds MiB here
    validate: list[Row] = field(default_factory=list)  # command line runs, with peak_mib
    notes: list[str] = field(default_factory=list)


def rows_from(label: str, statements: int, measured: Measured, refs: Sequence[str]) -> list[Row]:
    references = {ref: measured.medians[ref] for ref in refs if ref in measured.medians}
    return [Row(label, statements, name, secs, references) for name, secs in measured.medians.items()]


# --------------------------------------------------------------------------- tables


def ratio(value: float | None, reference: float | None) -> str:
    if value is None:
        return "n/a"
    return "–" if not reference else f"{value / reference:.2f}"


def speedup(value: float | None, reference: float | None) -> str:
    if value is None:
        return "n/a"
    return "–" if not reference else f"{reference / value:.2f}"


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines)


def timing_cells(row: Row) -> list[str]:
    if row.seconds is None:
        return [row.file, f"{row.statements:,}", row.variant, "n/a", "n/a"]
    rate = row.statements / row.seconds if row.seconds else 0.0
    return [row.file, f"{row.statements:,}", row.variant, f"{row.seconds:.3f}", f"{rate:,.0f}"]


# --------------------------------------------------------------------------- machine


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
