"""Workload (only with ``--canon``): canonicalizing a graph, ours against pyoxigraph and rdflib.

Variants, timed in-process and round-robin on a graph already in memory:

* ``strict``: ``rdflib_strict.canon.canonicalize(graph)`` (RDFC-1.0; the canonical N-Quads
  text and its SHA-256 included);
* ``pyoxigraph``: ``Dataset(quads).canonicalize(RDFC_1_0)`` and its N-Quads serialization,
  from pyoxigraph quads built beforehand (Rust);
* ``rdflib RGDA1``: ``rdflib.compare.to_canonical_graph(graph)`` (another algorithm, rdflib's
  own, returning a Graph and no text).

Inputs: schema.org (no blank node: the cost of spelling and sorting), and generated graphs
heavy in blank nodes: ``records-N`` (a record of three blank nodes under each of N IRIs, as
reified statements or address blocks are; most nodes told apart by first-degree hashes),
``trees-1000`` (1,000 identical trees of 4 blank nodes under one IRI: every node tied with 999
others), and the hard shapes: ``cycle-N`` and ``chain-N`` (n² calls of Hash N-Degree Quads for
the spec), ``binary-trees-64x5`` (64 binary trees of blank nodes 5 levels deep under one IRI:
the spec tries both orders of every node's children, 4^5 calls a tree) and ``cliques-2xK``
(two cliques of K blank nodes: (K-1)! orders at a node). A variant runs only where it finished
within a minute in a trial (2026-11-27, this machine): RGDA1 did not on records-2000,
trees-1000, cycle-200, chain-1000 (57 s), cycle-1000 or binary-trees-64x5, pyoxigraph not on
chain-1000 or cycle-1000 (over 120 s; 27 s and 95 s at 500) or cliques-2x8 (92 s).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import to_canonical_graph
from rdflib_strict.canon import canonicalize

from common import log, measure, table

VARIANTS = ("strict", "pyoxigraph", "rdflib RGDA1")
EX = "http://example.org/"


@dataclass
class CanonRow:
    name: str
    statements: int
    blank_nodes: int
    seconds: dict[str, float]  # variant -> median


def _records(n: int) -> Graph:
    g = Graph()
    p, q, r = URIRef(EX + "p"), URIRef(EX + "q"), URIRef(EX + "r")
    for i in range(n):
        a, b, c = BNode(), BNode(), BNode()
        g.add((URIRef(f"{EX}s{i}"), p, a))
        g.add((a, q, Literal(f"value {i % 50}")))
        g.add((a, r, b))
        g.add((b, q, Literal(i % 7)))
        g.add((a, r, c))
        g.add((c, p, URIRef(f"{EX}o{i % 13}")))
    return g


def _trees(n: int) -> Graph:
    g = Graph()
    p, q, root = URIRef(EX + "p"), URIRef(EX + "q"), URIRef(EX + "root")
    for _ in range(n):
        t, a, b, c = BNode(), BNode(), BNode(), BNode()
        g += [(root, p, t), (t, q, a), (t, q, b), (a, p, c)]
    return g


def _binary_trees(copies: int, depth: int) -> Graph:
    """``copies`` binary trees of blank nodes, ``depth`` levels below their root, under one IRI."""
    g = Graph()
    p, q, root = URIRef(EX + "p"), URIRef(EX + "q"), URIRef(EX + "root")
    for _ in range(copies):
        nodes = [BNode() for _ in range(2 ** (depth + 1))]  # nodes[1] the root, i's children 2i, 2i+1
        g.add((root, p, nodes[1]))
        g += [(nodes[i], q, nodes[2 * i + j]) for i in range(1, 2**depth) for j in (0, 1)]
    return g


def _cliques(copies: int, k: int) -> Graph:
    """``copies`` cliques of ``k`` blank nodes (a statement each way between any two)."""
    g = Graph()
    p = URIRef(EX + "p")
    for _ in range(copies):
        nodes = [BNode() for _ in range(k)]
        g += [(a, p, b) for a in nodes for b in nodes if a != b]
    return g


def _ring(n: int, closed: bool) -> Graph:
    g = Graph()
    nodes = [BNode() for _ in range(n)]
    p = URIRef(EX + "p")
    for i in range(n if closed else n - 1):
        g.add((nodes[i], p, nodes[(i + 1) % n]))
    return g


FAST = VARIANTS[:2]  # RGDA1 left out (see the module doc)
OURS = VARIANTS[:1]  # pyoxigraph too


def inputs(data_dir: Path) -> list[tuple[str, Graph, tuple[str, ...]]]:
    found = []
    schema = data_dir / "schemaorg-all-https.nt"
    if schema.is_file():
        found.append(("schema.org .nt", Graph().parse(schema, format="strict-ntriples"), VARIANTS))
    else:
        log(f"canon: {schema} not found, schema.org left out")
    found += [
        ("records-200", _records(200), VARIANTS),
        ("records-2000", _records(2000), FAST),
        ("trees-1000", _trees(1000), FAST),
        ("cycle-200", _ring(200, closed=True), FAST),
        ("chain-200", _ring(200, closed=False), VARIANTS),
        ("cycle-1000", _ring(1000, closed=True), OURS),
        ("chain-1000", _ring(1000, closed=False), OURS),
        ("binary-trees-64x5", _binary_trees(64, 5), FAST),
        ("cliques-2x7", _cliques(2, 7), VARIANTS),
        ("cliques-2x8", _cliques(2, 8), (VARIANTS[0], VARIANTS[2])),
    ]
    return found


def _oxigraph_job(graph: Graph) -> Callable[[], object]:
    data = graph.serialize(format="strict-ntriples", encoding="utf-8")
    quads = list(ox.parse(input=data, format=ox.RdfFormat.N_TRIPLES))

    def job() -> bytes:
        dataset = ox.Dataset(quads)
        dataset.canonicalize(ox.CanonicalizationAlgorithm.RDFC_1_0)
        return ox.serialize(dataset, format=ox.RdfFormat.N_QUADS)

    return job


def run_canon(data_dir: Path, runs: int, notes: list[str]) -> list[CanonRow]:
    rows = []
    for name, graph, variants in inputs(data_dir):
        jobs: dict[str, Callable[[], object]] = {
            "strict": lambda graph=graph: canonicalize(graph),
            "pyoxigraph": _oxigraph_job(graph),
            "rdflib RGDA1": lambda graph=graph: to_canonical_graph(graph),
        }
        jobs = {variant: job for variant, job in jobs.items() if variant in variants}
        log(f"== canon {name} ({runs} runs)")
        measured = measure(f"canon {name}", jobs, runs)
        notes.extend(measured.notes)
        blank = len({t for triple in graph for t in triple if isinstance(t, BNode)})
        rows.append(CanonRow(name, len(graph), blank, measured.medians))
    return rows


def canon_table(rows: list[CanonRow]) -> str:
    def cell(row: CanonRow, variant: str) -> str:
        seconds = row.seconds.get(variant)
        if seconds is None:
            return "not run"
        base = row.seconds.get("strict")
        times = f" ({seconds / base:.2f}x)" if base and variant != "strict" else ""
        return f"{seconds:.3f} s{times}"

    header = ["input", "statements", "blank nodes", *VARIANTS]
    body = [
        [r.name, f"{r.statements:,}", f"{r.blank_nodes:,}", *(cell(r, v) for v in VARIANTS)] for r in rows
    ]
    return table(header, body)
