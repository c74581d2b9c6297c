"""Reading rdflib graphs for the writers: statements by graph, as cheaply as the store allows.

The writers in ``formats/`` take plain groups of statements; this module reads them out of a
Graph, Dataset or ConjunctiveGraph (raising for named graphs where the format has none) and
hands each writer what it needs, namespace bindings and base included.

rdflib's default Memory store keeps each graph's triples as one set, and every triple in
nested-dict indexes. ``Memory.triples`` walks the set building a generator of contexts per
triple, which costs more than writing the line; so for a Memory store we read the set
itself, or, when the graph holds every triple of its store (a plain ``Graph()``, or a
Dataset with one graph), the indexes (through ``edge.rdflib_private``). Any other store, or a
Graph subclass with its own ``triples``, is read through the public API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import IO, Any

from rdflib.graph import ConjunctiveGraph, Dataset, Graph
from rdflib.plugins.stores.memory import Memory
from rdflib.term import Node

from ..formats.terms import Statement
from ..formats.write_lines import ByPredicate, Group, Triple, write_lines
from ..formats.write_terms import read_literals_by
from ..syntax.errors import SerializeError
from ..syntax.version import RdfVersion
from .rdflib_private import (
    Index,
    literal_field_names,
    memory_holds_no_quoted_triples,
    memory_indexes,
    memory_triple_sets,
)

__all__ = ["default_graph_id", "graph_groups", "statements", "write_graph_lines", "write_graph_turtle"]

# The writers read rdflib's Literal by its slots where rdflib has them.
read_literals_by(*literal_field_names())


def default_graph_id(graph: Graph) -> Node | None:
    """The identifier under which ``graph`` keeps its default graph, if it has named ones."""
    if isinstance(graph, ConjunctiveGraph):  # Dataset is a ConjunctiveGraph
        # Dataset.default_context is deprecated since rdflib 7.x in favour of default_graph.
        default: Graph | None = getattr(graph, "default_graph", None) if isinstance(graph, Dataset) else None
        identifier: Node = (default if default is not None else graph.default_context).identifier
        return identifier
    return None


class _StoreIndex:
    """All triples of a Memory store, as the store's own nested-dict indexes.

    ``spo`` is ``subject -> predicate -> objects`` (statements grouped by subject, for Turtle);
    ``pos`` is ``predicate -> object -> subjects`` (for the line writers). Both keep insertion
    order, so output read from them is the same on every run (a set of triples would come out
    in hash order).
    """

    __slots__ = ("pos", "spo")

    def __init__(self, spo: Index, pos: Index) -> None:
        self.spo = spo
        self.pos = pos


def _triples(graph: Graph) -> Iterable[Triple] | _StoreIndex:
    """All triples of one graph, read as cheaply as the store allows (see the module doc)."""
    store = graph.store
    if type(store) is Memory and type(graph).triples is Graph.triples:
        sets = memory_triple_sets(store, graph)
        if sets is not None:
            mine, everything = sets
            if mine is None:
                return ()
            indexes = memory_indexes(store)
            if indexes is not None and everything is not None and len(everything) == len(mine):
                spo, pos = indexes
                if memory_holds_no_quoted_triples(store) or len(mine) == _index_size(pos):
                    # mine ⊆ everything ⊆ the index, so all three hold the same triples. The
                    # index also holds quoted (N3 formula) triples, which everything does not;
                    # then the sizes differ and we read the set. A store with no quoted
                    # triple at all needs no count (most stores: the count reads the index).
                    return _StoreIndex(spo, pos)
            return list(mine)
    return graph.triples((None, None, None))


def _index_size(index: Index) -> int:
    """The number of triples in a nested-dict index (C-level: no Python loop per entry)."""
    return sum(map(len, chain.from_iterable(map(dict.values, index.values()))))


def _groups(graph: Graph, with_graphs: bool) -> Iterator[tuple[Node | None, Iterable[Triple] | _StoreIndex]]:
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
                    "this format has no named graphs: serialize with format='strict-trig' or 'strict-nquads',"
                    " or serialize the one graph itself",
                    name,
                    (s, p, o, name),
                )
            continue
        yield label, _triples(ctx)


def graph_groups(graph: Graph, with_graphs: bool) -> Iterator[Group]:
    """Each graph of ``graph`` as ``write_lines`` takes it: a store index as ``ByPredicate``."""
    for label, triples in _groups(graph, with_graphs):
        yield label, ByPredicate(triples.pos) if isinstance(triples, _StoreIndex) else triples


def statements(graph: Graph, with_graphs: bool) -> Iterator[Statement]:
    """Every statement of ``graph`` as ``(s, p, o, g)``, g None for the default graph."""
    for label, triples in _groups(graph, with_graphs):
        if isinstance(triples, _StoreIndex):
            for s, po in triples.spo.items():
                for p, objects in po.items():
                    for o in objects:
                        yield s, p, o, label
        else:
            for s, p, o in triples:
                yield s, p, o, label


def _default_triples(graph: Graph) -> Iterator[Triple]:
    """The triples of ``graph``'s default graph, by subject; a named graph raises."""
    for _, triples in _groups(graph, with_graphs=False):
        if isinstance(triples, _StoreIndex):
            for s, po in triples.spo.items():
                for p, objects in po.items():
                    for o in objects:
                        yield s, p, o
        else:
            yield from triples


def write_graph_lines(
    graph: Graph,
    stream: IO[bytes],
    *,
    with_graphs: bool,
    canonical: bool = False,
    ascii_only: bool = False,
    version: RdfVersion = RdfVersion.RDF11,
    work_limit: int | None = None,
) -> int:
    """Write ``graph`` as N-Triples (``with_graphs=False``) or N-Quads; see ``write_lines``."""
    return write_lines(
        graph_groups(graph, with_graphs),
        stream,
        with_graphs=with_graphs,
        canonical=canonical,
        ascii_only=ascii_only,
        version=version,
        work_limit=work_limit,
    )


def write_graph_turtle(
    graph: Graph,
    stream: IO[bytes],
    *,
    base: str | None = None,
    sparql_prefixes: bool = False,
    ascii_only: bool = False,
    trig: bool = False,
    version: RdfVersion = RdfVersion.RDF11,
    canonical: bool = False,
    work_limit: int | None = None,
    **kwargs: Any,
) -> None:
    """Write the default graph of ``graph`` as Turtle (see ``formats.write_turtle``), or with
    ``trig`` every graph of it as TriG (see ``formats.write_trig``).

    ``base`` defaults to ``graph.base``; the prefixes are the graph's namespace bindings.
    ``canonical``: blank nodes labelled by RDFC-1.0, so isomorphic graphs give the same bytes
    (``work_limit``: see ``rdfc10``).
    Other keyword arguments (rdflib passes its own) are ignored. In Turtle, statements in
    named graphs raise SerializeError; nothing is written then. ``version`` is the RDF
    written (see ``formats.write_turtle``).
    """
    if base is None:
        base = getattr(graph, "base", None)
    from ..formats.write_trig import write_trig
    from ..formats.write_turtle import write_turtle

    write: Callable[..., None] = write_trig if trig else write_turtle
    write(
        statements(graph, with_graphs=True) if trig else _default_triples(graph),
        stream,
        namespaces=graph.namespace_manager.namespaces(),
        base=base,
        sparql_prefixes=sparql_prefixes,
        ascii_only=ascii_only,
        version=version,
        canonical=canonical,
        work_limit=work_limit,
    )
