"""Benchmark inputs: the schema.org files and their x20 copies.

The schema.org release files (``schemaorg-all-https.nt/.nq/.ttl``) are read from the data
directory. Generated once into ``benchmarks/_data/`` (with a ``.json`` stamp beside each):
``schemaorg-all-https-x20.{nt,nq,ttl}``, 20 copies of the file's text with every schema.org
IRI renamed per copy (``https://schema.org/copyN/...``, also in ``@prefix`` and graph names).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from common import (
    BENCH_DIR,
    FORMATS,
    REPO_ROOT,
    SIZES,
    Fmt,
    Input,
    format_for,
    log,
    new_container,
    statement_count,
)

CACHE_DIR = BENCH_DIR / "_data"
BASENAME = "schemaorg-all-https"
COPIES = 20
SCHEMA_NS = "https://schema.org/"
CACHE_VERSION = 1
TRIG_SLICES = 9  # slice 0 is the default graph, slices 1..8 named graphs
TRIG_SLICE_GRAPH = SCHEMA_NS + "29.0/slice{}"


def resolve_data_dir(cli_value: str | None) -> Path:
    if cli_value:
        return Path(cli_value).resolve()
    env = os.environ.get("RDF_DATA_DIR")
    if env:
        return Path(env).resolve()
    return (REPO_ROOT / ".." / "shared" / "data").resolve()


def build_inputs(data_dir: Path, keys: Sequence[str], sizes: Sequence[str]) -> list[Input]:
    inputs: list[Input] = []
    for size in SIZES:
        if size not in sizes:
            continue
        for key in keys:
            path = small_file(data_dir, key) if size == "small" else scaled_file(data_dir, key)
            inputs.append(Input(path, FORMATS[key], size))
    return inputs


def small_file(data_dir: Path, key: str) -> Path:
    return data_dir / f"{BASENAME}.{key}"


def scaled_file(data_dir: Path, key: str) -> Path:
    return ensure_scaled(data_dir / f"{BASENAME}.{key}")


# --------------------------------------------------------------------------- cache files


def count_statements(path: Path, fmt: Fmt) -> int:
    container = new_container(fmt)
    container.parse(path, format=fmt.rdflib)
    return statement_count(container, fmt)


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


def generate(dst: Path, stamp: dict[str, Any], what: str, write: Callable[[TextIO], int]) -> Path:
    """Write ``dst`` with ``write`` (returning the expected statement count) unless cached.

    The expected count is kept in the ``.json`` stamp; the first benchmark run on the file
    checks it against a real rdflib parse (``check_count``).
    """
    if dst.exists() and read_meta(dst).get("stamp") == stamp:
        return dst
    log(f"generating {dst.relative_to(REPO_ROOT)} ({what}) ...")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    with tmp.open("w", encoding="utf-8", newline="") as out:
        expected = write(out)
    tmp.replace(dst)
    write_meta(dst, {"stamp": stamp, "expected_statements": expected, "verified": False})
    return dst


def check_count(inp: Input, actual: int) -> None:
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


# --------------------------------------------------------------------------- x20 copies


def rename_copy(text: str, copy: int) -> str:
    """Rename every schema.org IRI (also inside @prefix and the N-Quads graph name)."""
    return text.replace(SCHEMA_NS, f"{SCHEMA_NS}copy{copy}/")


def read_text(src: Path) -> str:
    text = src.read_text("utf-8")
    return text if text.endswith("\n") else text + "\n"


def write_copies(out: TextIO, text: str, copies: int) -> None:
    for copy in range(1, copies + 1):
        out.write(rename_copy(text, copy))


def ensure_scaled(src: Path, copies: int = COPIES) -> Path:
    """Write ``copies`` renamed copies of ``src`` into the cache (once) and return the path."""
    dst = CACHE_DIR / f"{src.stem}-x{copies}{src.suffix}"

    def write(out: TextIO) -> int:
        write_copies(out, read_text(src), copies)
        return copies * count_statements(src, format_for(src))

    return generate(dst, source_stamp(src, copies), f"{copies} copies of {src.name}", write)
