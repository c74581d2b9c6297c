"""N-Triples and N-Quads writers: one statement a line, exact lexical forms, UTF-8."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import IO, Any

from rdflib.graph import ConjunctiveGraph, Dataset, Graph
from rdflib.plugins.stores.memory import Memory
from rdflib.term import Node, URIRef

from ..syntax.errors import SerializeError
from .write_terms import TermWriter

__all__ = ["StoreIndex", "default_graph_id", "graph_groups", "quad_groups", "statements", "write_lines"]


def default_graph_id(graph: Graph) -> Node | None:
    """The identifier under which ``graph`` keeps its default graph, if it has named ones."""
    if isinstance(graph, ConjunctiveGraph):  # Dataset is a ConjunctiveGraph
        # Dataset.default_context is deprecated since rdflib 7.x in favour of default_graph.
        default: Graph | None = getattr(graph, "default_graph", None) if isinstance(graph, Dataset) else None
        identifier: Node = (default if default is not None else graph.default_context).identifier
        return identifier
    return None


class StoreIndex:
    """All triples of a Memory store, as the store's own nested-dict indexes.

    ``spo`` is ``subject -> predicate -> objects`` (statements grouped by subject, for Turtle);
    ``pos`` is ``predicate -> object -> subjects``. Both keep insertion order, so output read
    from them is the same on every run (a set of triples would come out in hash order).
    """

    __slots__ = ("pos", "spo")

    def __init__(self, spo: _Index, pos: _Index) -> None:
        self.spo = spo
        self.pos = pos


_Index = dict[Node, dict[Node, dict[Node, Any]]]


def _triples(graph: Graph) -> Iterable[tuple[Node, Node, Node]] | StoreIndex:
    """All triples of one graph, read as cheaply as the store allows.

    rdflib's default Memory store keeps each graph's triples as one set, and every triple in
    nested-dict indexes. ``Memory.triples`` walks the set building a generator of contexts
    per triple, which costs more than writing the line; so for a Memory store (exact type
    checks) we read the set itself, or, when the graph holds every triple of its store (a
    plain ``Graph()``, or a Dataset with one graph), the indexes. Any other store, or a Graph
    subclass with its own ``triples``, is read through the public API.
    """
    store = graph.store
    if type(store) is Memory and type(graph).triples is Graph.triples:
        by_context = getattr(store, "_Memory__contextTriples", None)
        to_key = getattr(store, "_Memory__ctx_to_str", None)
        spo = getattr(store, "_Memory__spo", None)
        pos = getattr(store, "_Memory__pos", None)
        if isinstance(by_context, dict) and callable(to_key):
            mine = by_context.get(to_key(graph))
            if mine is None:
                return ()
            everything = by_context.get(None)
            if (
                isinstance(spo, dict)
                and isinstance(pos, dict)
                and everything is not None
                and len(everything) == len(mine) == _index_size(pos)
            ):
                # mine ⊆ everything ⊆ the index, so all three hold the same triples. The index
                # also holds quoted (N3 formula) triples, which everything does not; then the
                # sizes differ and we read the set.
                return StoreIndex(spo, pos)
            return list(mine)
    return graph.triples((None, None, None))


def _index_size(index: _Index) -> int:
    """The number of triples in a nested-dict index (C-level: no Python loop per entry)."""
    return sum(map(len, chain.from_iterable(map(dict.values, index.values()))))


Group = tuple[Node | None, Iterable[tuple[Node, Node, Node]] | StoreIndex]


def graph_groups(graph: Graph, with_graphs: bool) -> Iterator[Group]:
    """``(graph label, triples)`` for each graph of ``graph``; label None for the default graph.

    A plain Graph has only a default graph. For a Dataset or ConjunctiveGraph, without
    ``with_graphs`` (a triples-only format) a statement in a named graph is an error, never
    silently merged or dropped.
    """
    default = default_graph_id(graph)
    if default is None:
        yield None, _triples(graph)
        return
    assert isinstance(graph, ConjunctiveGraph)
    # Dataset.contexts is deprecated in favour of Dataset.graphs (which has always existed).
    for ctx in graph.graphs() if isinstance(graph, Dataset) else graph.contexts():
        name = ctx.identifier
        label = None if name == default else name
        if label is not None and not with_graphs:
            for s, p, o in ctx.triples((None, None, None)):
                raise SerializeError(
                    "this format has no named graphs (write N-Quads or TriG, or serialize the graph itself)",
                    name,
                    (s, p, o, name),
                )
            continue
        yield label, _triples(ctx)


def statements(graph: Graph, with_graphs: bool) -> Iterator[tuple[Node, Node, Node, Node | None]]:
    """Every statement of ``graph`` as ``(s, p, o, g)``, g None for the default graph."""
    for label, triples in graph_groups(graph, with_graphs):
        if isinstance(triples, StoreIndex):
            for s, po in triples.spo.items():
                for p, objects in po.items():
                    for o in objects:
                        yield s, p, o, label
        else:
            for s, p, o in triples:
                yield s, p, o, label


def quad_groups(quads: Iterable[tuple[Node, Node, Node, Node | None]]) -> Iterator[Group]:
    """Runs of consecutive ``(s, p, o, g)`` with the same g, as ``graph_groups`` yields them."""
    run: list[tuple[Node, Node, Node]] = []
    label: Node | None = None
    for s, p, o, g in quads:
        if g != label and run:
            yield label, run
            run = []
        label = g
        run.append((s, p, o))
    if run:
        yield label, run


def write_lines(
    groups: Iterable[Group],
    stream: IO[bytes],
    *,
    with_graphs: bool,
    canonical: bool = False,
    ascii_only: bool = False,
) -> int:
    """Write ``(graph label, triples)`` groups as N-Triples (``with_graphs=False``) or N-Quads.

    Returns the number of statements. ``canonical`` writes Canonical N-Triples/N-Quads (RDF
    1.2) with the lines sorted, so equal graphs without blank nodes give identical bytes.
    """
    terms = TermWriter(canonical=canonical, ascii_only=ascii_only)
    out = _Lines(stream, keep=canonical)
    for label, triples in groups:
        if label is None:
            end = " .\n"
        elif not with_graphs:
            raise SerializeError("N-Triples has no named graphs", label, None)
        else:
            end = " " + terms.graph_label(label) + " .\n"
        if isinstance(triples, StoreIndex):
            _by_predicate(triples.pos, end, label, terms, out)
        else:
            _by_triple(triples, end, label, terms, out)
    if canonical:
        # Duplicates arise only from terms rdflib keeps apart but RDF does not (an
        # xsd:string-typed and a simple literal, tags differing in case).
        out.lines[:] = sorted(set(out.lines))
    out.flush()
    return out.count


class _Lines:
    """Lines on their way to the stream.

    They are written every ``_CHUNK`` lines, joined and encoded while still in the CPU cache:
    one join of a whole large graph's lines is markedly slower (and holds the output three
    times over). Canonical output keeps every line, to sort them at the end.
    """

    __slots__ = ("count", "limit", "lines", "stream")

    def __init__(self, stream: IO[bytes], keep: bool) -> None:
        self.stream = stream
        self.lines: list[str] = []
        self.limit = sys.maxsize if keep else _CHUNK
        self.count = 0

    def flush(self) -> None:
        lines = self.lines
        if lines:
            self.count += len(lines)
            self.stream.write("".join(lines).encode("utf-8"))
            lines.clear()


_CHUNK = 4096  # lines: about 400 KB of output; 512 to 8192 measure the same, 32768 is slower


# The two loops below are the writers' hot path. An exact URIRef is looked up by its text in
# the TermWriter's cache of checked IRIs (C-level hashing and comparison); anything else, and
# any IRI not yet checked, goes through the TermWriter, which checks it or raises.


def _by_predicate(pos: _Index, end: str, label: Node | None, terms: TermWriter, out: _Lines) -> None:
    """Lines from a store's ``predicate -> object -> subjects`` index.

    This order spells each predicate once and each object once per predicate, leaving one
    lookup per statement (its subject); the other indexes would spell two terms a statement.
    """
    iris_get = terms.iris.get
    spell_object = terms.object
    lines = out.lines
    append = lines.append
    limit = out.limit
    for p, by_object in pos.items():
        b = iris_get(str(p)) if type(p) is URIRef else None
        for o, subjects in by_object.items():
            if not subjects:
                continue  # Memory.remove leaves emptied index entries behind
            if b is None:
                b = terms.predicate(p, (next(iter(subjects)), p, o, label))
            try:
                c = (iris_get(str(o)) if type(o) is URIRef else None) or spell_object(o, None)
            except SerializeError as e:  # the statement is built only now: most objects are literals
                raise e.in_statement((next(iter(subjects)), p, o, label)) from None
            tail = f" {b} {c}{end}"
            for s in subjects:
                a = iris_get(str(s)) if type(s) is URIRef else None
                if a is None:
                    a = terms.subject(s, (s, p, o, label))
                append(a + tail)
            if len(lines) >= limit:
                out.flush()


def _by_triple(
    triples: Iterable[tuple[Node, Node, Node]], end: str, label: Node | None, terms: TermWriter, out: _Lines
) -> None:
    iris_get = terms.iris.get
    lines = out.lines
    append = lines.append
    limit = out.limit
    for s, p, o in triples:
        a = iris_get(str(s)) if type(s) is URIRef else None
        if a is None:
            a = terms.subject(s, (s, p, o, label))
        b = iris_get(str(p)) if type(p) is URIRef else None
        if b is None:
            b = terms.predicate(p, (s, p, o, label))
        c = iris_get(str(o)) if type(o) is URIRef else None
        if c is None:
            c = terms.object(o, (s, p, o, label))
        append(f"{a} {b} {c}{end}")
        if len(lines) >= limit:
            out.flush()
