"""N-Triples and N-Quads writers: one statement a line, exact lexical forms, UTF-8."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO, Final

from rdflib.graph import ConjunctiveGraph, Graph
from rdflib.term import Node

from ._errors import SerializeError
from ._write_terms import TermWriter

__all__ = ["default_graph_id", "statements", "write_lines"]

_BATCH: Final = 8192


def default_graph_id(graph: Graph) -> Node | None:
    """The identifier under which ``graph`` keeps its default graph, if it has named ones."""
    if isinstance(graph, ConjunctiveGraph):  # Dataset is a ConjunctiveGraph
        identifier: Node = graph.default_context.identifier
        return identifier
    return None


def statements(graph: Graph, with_graphs: bool) -> Iterator[tuple[Node, Node, Node, Node | None]]:
    """Every statement of ``graph`` as ``(s, p, o, g)``, g None for the default graph.

    A plain Graph has only a default graph. For a Dataset or ConjunctiveGraph, without
    ``with_graphs`` (a triples-only format) a statement in a named graph is an error, never
    silently merged or dropped.
    """
    default = default_graph_id(graph)
    if default is None:
        for s, p, o in graph.triples((None, None, None)):
            yield s, p, o, None
        return
    assert isinstance(graph, ConjunctiveGraph)
    for ctx in graph.contexts():
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
        for s, p, o in ctx.triples((None, None, None)):
            yield s, p, o, label


def write_lines(
    quads: Iterable[tuple[Node, Node, Node, Node | None]],
    stream: IO[bytes],
    *,
    with_graphs: bool,
    canonical: bool = False,
    ascii_only: bool = False,
) -> int:
    """Write statements as N-Triples (``with_graphs=False``) or N-Quads; return the count.

    ``canonical`` writes Canonical N-Triples/N-Quads (RDF 1.2) with the lines sorted, so equal
    graphs without blank nodes give identical bytes.
    """
    terms = TermWriter(canonical=canonical, ascii_only=ascii_only)
    subject, predicate, obj = terms.subject, terms.predicate, terms.object
    graph_label = terms.subject  # IRIREF | BLANK_NODE_LABEL, same as a subject
    lines: list[str] = []
    append = lines.append
    count = 0
    for s, p, o, g in quads:
        st = (s, p, o) if g is None else (s, p, o, g)
        line = subject(s, st) + " " + predicate(p, st) + " " + obj(o, st)
        if g is not None:
            if not with_graphs:
                raise SerializeError("N-Triples has no named graphs", g, st)
            line += " " + graph_label(g, st)
        append(line + " .\n")
        if not canonical and len(lines) >= _BATCH:
            count += len(lines)
            stream.write("".join(lines).encode("utf-8"))
            lines.clear()
    if canonical:
        lines.sort()
        # Duplicates arise only from terms rdflib keeps apart but RDF does not (an
        # xsd:string-typed and a simple literal): one graph has each triple once.
        lines = list(dict.fromkeys(lines))
    count += len(lines)
    stream.write("".join(lines).encode("utf-8"))
    return count
