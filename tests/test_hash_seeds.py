"""Every writer gives the same bytes under every hash seed: output order is insertion or sort
order, never set or dict-of-terms iteration order.

One interpreter per seed writes all four formats (an interpreter costs ~0.3 s; three per writer
were most of these checks' time)."""

from __future__ import annotations

import os
import subprocess
import sys

_SCRIPT = """
import sys
from rdflib import RDF, XSD, BNode, Dataset, Graph, Literal, Namespace
from rdflib.collection import Collection
from rdflib_strict.edge.writers import statements, write_graph_turtle
from rdflib_strict.formats.write_trig import write_trig

EX = Namespace("http://ex.org/")
out = sys.stdout.buffer

# Turtle: prefixes, predicate and object lists, nested and shared blank nodes, a list.
def block(i, b):
    s = EX[f"s{i % 37}"]
    return [
        (s, EX[f"p{i % 7}"], Literal(f"v{i}", lang=["en", "fr"][i % 2])),
        (s, EX.q, Literal(str(i), datatype=XSD.integer)),
        (s, RDF.type, EX[f"T{i % 5}"]),
        (s, EX.r, b),
        (b, EX.v, Literal(i % 13)),
        (BNode(f"t{i % 11}"), EX.w, EX[f"o{i}"]),
    ]

g = Graph()
g.bind("ex", EX)
for i in range(200):
    for triple in block(i, BNode(f"b{i}")):
        g.add(triple)
Collection(g, BNode("l"), [Literal(i) for i in range(10)])
g.add((EX.s0, EX.list, BNode("l")))
write_graph_turtle(g, out)
out.write(b"\\0")

# TriG: named and blank-node graphs, a blank node used in several graphs.
ds = Dataset()
ds.bind("ex", EX)
for i in range(300):
    dg = ds.graph(EX[f"g{i % 7}"] if i % 5 else BNode(f"gb{i % 3}"))
    for triple in block(i, BNode(f"b{i % 40}")):
        dg.add(triple)
Collection(ds.graph(EX.g1), BNode("l"), [Literal(i) for i in range(10)])
ds.graph(EX.g1).add((EX.s0, EX.list, BNode("l")))
write_trig(statements(ds, with_graphs=True), out, namespaces=ds.namespace_manager.namespaces())
out.write(b"\\0")

# N-Triples and N-Quads, through the plugins as parsed.
doc = "".join(f'<http://example.org/s{i % 7}> <http://example.org/p{i % 3}> "{i}" .\\n' for i in range(60))
nt = Graph().parse(data=doc, format="strict-ntriples")
nq = Dataset()
nq.graph(EX.g).parse(data=doc, format="strict-ntriples")
out.write(nt.serialize(format="strict-ntriples", encoding="utf-8"))
out.write(b"\\0")
out.write(nq.serialize(format="strict-nquads", encoding="utf-8"))
"""


def test_every_writer_gives_the_same_bytes_under_every_hash_seed() -> None:
    outputs = []
    for seed in ("1", "2", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, check=True)
        outputs.append(run.stdout.split(b"\0"))
    turtle, trig, nt, nq = outputs[0]
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
    assert len(turtle) > 1000 and turtle.count(b"(") == 1
    assert trig.count(b" {\n") == 10  # g0..g6 and gb0..gb2
    assert len(nt.splitlines()) == len(nq.splitlines()) == 60
