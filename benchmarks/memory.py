"""Workload: peak memory of one parse, each variant in a fresh subprocess.

The subprocess is the driver itself (``bench.py --_memprobe VARIANT FILE``, which calls
``memprobe``); it prints the peak RSS growth over the RSS after imports as JSON. The floor
is ``Graph.add`` / ``Dataset.add`` of terms streamed from pyoxigraph and interned: the
footprint of the store alone.
"""

from __future__ import annotations

import gc
import importlib
import json
import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rdflib import BNode, Graph, Literal, URIRef, plugin
from rdflib.parser import Parser
from rdflib.term import Node

from common import (
    DRIVER,
    Fmt,
    Input,
    Job,
    Measured,
    Report,
    Row,
    format_for,
    log,
    new_container,
    ratio,
    rows_from,
    short_error,
    statement_count,
    table,
)
from parse import parse_job

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


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
            # A default-graph statement goes in as a triple: Dataset.add((s, p, o, None))
            # files it under a context that Dataset.quads() does not list.
            container.add(st if fmt.quads and st[3] is not None else st[:3])  # type: ignore[arg-type]
        return container, cache  # the cache stays alive, as it would during a parse

    return job


def memory_job(variant: str, path: Path) -> Job:
    fmt = format_for(path)
    if variant == "floor":
        return memory_floor_job(path, fmt)
    name = fmt.plugin_name(variant)
    plugin.get(name, Parser)  # raises if unavailable
    warm_up(fmt, name)
    return parse_job(path, fmt, name, {})  # memory is probed on RDF 1.1 inputs only


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
    cmd = [sys.executable, str(DRIVER), "--_memprobe", variant, str(path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"exit {proc.returncode}: {tail[0]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def memory_inputs(inputs: list[Input]) -> list[Input]:
    """Memory is measured on the large files (x20, diverse), or on the small ones if none is selected."""
    large = [inp for inp in inputs if inp.large]
    return large or inputs


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
