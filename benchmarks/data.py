"""Benchmark inputs: the schema.org files, their x20 copies and the TriG files made from them.

The schema.org release files (``schemaorg-all-https.nt/.nq/.ttl``) are read from the data
directory. Generated once into ``benchmarks/_data/`` (with a ``.json`` stamp beside each):

* ``schemaorg-all-https-x20.{nt,nq,ttl}``: 20 copies of the file's text with every schema.org
  IRI renamed per copy (``https://schema.org/copyN/...``, also in ``@prefix`` and graph names).
* ``schemaorg-all-https.trig``: the statements of the .nq sorted and cut into 9 slices; the
  first slice is the default graph (rdflib writes it as a ``{ ... }`` block), each other one a
  named graph ``<https://schema.org/29.0/sliceN>``.
* ``schemaorg-all-https-x20.trig``: the x20 .nq's dataset (20 graphs) as TriG: the .nq's one
  graph written as TriG (``schema:29.0 { ... }``), then 20 renamed copies of that text, each
  with its own ``@prefix`` lines, as the x20 .ttl has.
* ``schemaorg-all-https-annotated.ttl`` (``--sizes annotated``): RDF 1.2 Turtle, every
  statement of the .nt annotated, ``s p o {| :source <https://schema.org/version/29.0/> |} .``
  (three statements each: the triple, a new blank node reifying it, its source).

TriG is written by rdflib's own ``trig`` serializer, graph by graph (so the block order does
not depend on hashing), in the Turtle style of the shared .ttl (also rdflib-written). When
pyoxigraph is installed, each generated TriG file is checked against the data it was made from.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from rdflib import Dataset, Graph, URIRef
from rdflib.term import Node

from common import (
    BENCH_DIR,
    FORMATS,
    REPO_ROOT,
    SIZES,
    Fmt,
    Input,
    format_for,
    import_optional,
    log,
    new_container,
    statement_count,
)

CACHE_DIR = BENCH_DIR / "_data"
#: Inputs in RDF 1.2 (read with version="1.2"; parse and iterparse only).
RDF12_SIZES = ("annotated",)
ANNOTATION = " {| <https://example.org/source> <https://schema.org/version/29.0/> |} .\n"

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


def rdf12_inputs(data_dir: Path, keys: Sequence[str], sizes: Sequence[str]) -> list[Input]:
    """The RDF 1.2 inputs among ``sizes`` (Turtle only)."""
    if "annotated" not in sizes or "ttl" not in keys:
        return []
    return [Input(ensure_annotated(small_file(data_dir, "nt")), FORMATS["ttl"], "annotated", "1.2")]


def ensure_annotated(src: Path) -> Path:
    """Every statement of the N-Triples file ``src`` annotated with its source (see the module doc)."""
    dst = CACHE_DIR / f"{src.stem}-annotated.ttl"

    def write(out: TextIO) -> int:
        out.write('VERSION "1.2"\n')
        count = 0
        for line in read_text(src).splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                assert line.endswith(" ."), line
                out.write(line[:-2] + ANNOTATION)
                count += 1
        return 3 * count

    return generate(dst, source_stamp(src, 1), f"every statement of {src.name} annotated", write)


def small_file(data_dir: Path, key: str) -> Path:
    if key == "trig":
        return ensure_trig_slices(data_dir / f"{BASENAME}.nq")
    return data_dir / f"{BASENAME}.{key}"


def scaled_file(data_dir: Path, key: str) -> Path:
    if key == "trig":
        return ensure_trig_scaled(data_dir / f"{BASENAME}.nq")
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


def expected_count(inp: Input) -> int | None:
    """A generated file's statement count from its stamp; None for a file not generated here."""
    expected = read_meta(inp.path).get("expected_statements")
    return None if expected is None else int(expected)


def known_count(inp: Input) -> int:
    """The statement count of ``inp``: from a generated file's stamp, else from rdflib's parse."""
    expected = expected_count(inp)
    return expected if expected is not None else count_statements(inp.path, inp.fmt)


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


# --------------------------------------------------------------------------- TriG


def trig_stamp(nq: Path, copies: int, layout: str) -> dict[str, Any]:
    return {**source_stamp(nq, copies), "trig": layout}


def read_dataset(nq: Path) -> Dataset:
    dataset = Dataset()
    dataset.parse(nq, format="nquads")
    return dataset


def write_trig(graphs: Sequence[tuple[URIRef | None, list[tuple[Node, Node, Node]]]], like: Dataset) -> str:
    """TriG of ``(graph name or None for the default graph, triples)`` in this order.

    rdflib's ``trig`` writer is run once per graph (with ``like``'s prefixes bound) so that the
    blocks keep the given order; their ``@prefix`` lines are merged into one header.
    """
    header: dict[str, str] = {}
    blocks: list[str] = []
    for name, triples in graphs:
        one = Dataset()
        for prefix, namespace in like.namespaces():
            one.bind(prefix, namespace, override=True)
        graph: Graph = one.default_graph if name is None else one.graph(name)
        for triple in triples:
            graph.add(triple)
        lines = one.serialize(format="trig").splitlines(keepends=True)
        body = 0
        while body < len(lines) and lines[body].startswith("@prefix "):
            prefix = lines[body].split()[1]
            if header.setdefault(prefix, lines[body]) != lines[body]:
                raise ValueError(f"prefix {prefix} bound to two namespaces")
            body += 1
        blocks.append("".join(lines[body:]).strip("\n") + "\n")
    return "".join(sorted(header.values())) + "\n" + "\n".join(blocks)


def sorted_triples(graph: Graph) -> list[tuple[Node, Node, Node]]:
    """The graph's triples (a Dataset's: of all its graphs, once each) in N-Triples order."""
    if isinstance(graph, Dataset):
        triples = {(s, p, o) for s, p, o, _ in graph.quads((None, None, None, None))}
    else:
        triples = set(graph.triples((None, None, None)))
    return sorted(triples, key=lambda t: tuple(term.n3() for term in t))


def ensure_trig_slices(nq: Path) -> Path:
    """schema.org as TriG: the default graph and 8 named graphs, one slice of statements each."""
    dst = CACHE_DIR / f"{nq.stem}.trig"

    def write(out: TextIO) -> int:
        dataset = read_dataset(nq)
        triples = sorted_triples(dataset)
        n = len(triples)
        graphs: list[tuple[URIRef | None, list[tuple[Node, Node, Node]]]] = [
            (
                None if i == 0 else URIRef(TRIG_SLICE_GRAPH.format(i)),
                triples[i * n // TRIG_SLICES : (i + 1) * n // TRIG_SLICES],
            )
            for i in range(TRIG_SLICES)
        ]
        text = write_trig(graphs, dataset)
        out.write(text)
        sizes = {"DEFAULT" if name is None else f"<{name}>": len(part) for name, part in graphs}
        check_trig_slices(dst.name, text, sizes, nq)
        return n

    what = f"{nq.name}'s statements in {TRIG_SLICES} graphs"
    return generate(dst, trig_stamp(nq, 1, f"{TRIG_SLICES} slices"), what, write)


def ensure_trig_scaled(nq: Path, copies: int = COPIES) -> Path:
    """The x20 .nq's dataset (one graph per copy) as TriG."""
    dst = CACHE_DIR / f"{nq.stem}-x{copies}.trig"

    def write(out: TextIO) -> int:
        dataset = read_dataset(nq)
        names = sorted(graph.identifier for graph in dataset.graphs() if len(graph))
        graphs = [(URIRef(name), sorted_triples(dataset.graph(name))) for name in names]
        one = write_trig(graphs, dataset)
        text = "".join(rename_copy(one, copy) for copy in range(1, copies + 1))
        out.write(text)
        check_trig_scaled(dst.name, text, ensure_scaled(nq, copies))
        return copies * statement_count(dataset, FORMATS["nq"])

    what = f"{copies} copies of {nq.name}'s graph as TriG"
    return generate(dst, trig_stamp(nq, copies, "one graph a copy"), what, write)


def check_trig_slices(name: str, text: str, sizes: dict[str, int], nq: Path) -> None:
    """pyoxigraph reads the generated TriG back: the .nq's triples, in the intended graphs."""
    ox = import_optional("pyoxigraph")
    if ox is None:
        log(f"{name}: pyoxigraph not installed, TriG not cross-checked")
        return
    quads = list(ox.parse(text.encode("utf-8"), format=ox.RdfFormat.TRIG))
    per_graph = Counter("DEFAULT" if q.graph_name == ox.DefaultGraph() else str(q.graph_name) for q in quads)
    read = {(q.subject, q.predicate, q.object) for q in quads}
    wanted = {(q.subject, q.predicate, q.object) for q in ox.parse(path=str(nq), format=ox.RdfFormat.N_QUADS)}
    if dict(per_graph) != sizes or read != wanted:
        log(f"WARNING: {name}: pyoxigraph reads a different dataset back ({dict(per_graph)})")
    else:
        log(f"{name}: checked by pyoxigraph ({len(quads)} statements in {len(per_graph)} graphs)")


def check_trig_scaled(name: str, text: str, nq: Path) -> None:
    """pyoxigraph reads the same dataset from the x20 TriG as from the x20 N-Quads."""
    ox = import_optional("pyoxigraph")
    if ox is None:
        log(f"{name}: pyoxigraph not installed, TriG not cross-checked")
        return
    from_trig = set(ox.parse(text.encode("utf-8"), format=ox.RdfFormat.TRIG))
    from_nq = set(ox.parse(path=str(nq), format=ox.RdfFormat.N_QUADS))
    if from_trig != from_nq:
        log(f"WARNING: {name}: pyoxigraph reads a different dataset than from {nq.name}")
    else:
        graphs = len({q.graph_name for q in from_trig})
        log(f"{name}: same dataset as {nq.name} ({len(from_trig)} statements, {graphs} graphs)")
