"""N-Triples and N-Quads writers: one statement a line, exact lexical forms, UTF-8."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from rdflib.graph import ConjunctiveGraph, Dataset, Graph
from rdflib.plugins.stores.memory import Memory
from rdflib.term import BNode, Literal, Node, URIRef

from ._errors import SerializeError
from ._write_terms import TermWriter

__all__ = ["default_graph_id", "graph_groups", "quad_groups", "statements", "write_lines"]


def default_graph_id(graph: Graph) -> Node | None:
    """The identifier under which ``graph`` keeps its default graph, if it has named ones."""
    if isinstance(graph, ConjunctiveGraph):  # Dataset is a ConjunctiveGraph
        # Dataset.default_context is deprecated since rdflib 7.x in favour of default_graph.
        default: Graph | None = getattr(graph, "default_graph", None) if isinstance(graph, Dataset) else None
        identifier: Node = (default if default is not None else graph.default_context).identifier
        return identifier
    return None


class BySubject:
    """A graph's triples as the store's own ``subject -> predicate -> objects`` index."""

    __slots__ = ("index",)

    def __init__(self, index: dict[Node, dict[Node, dict[Node, Any]]]) -> None:
        self.index = index


def _triples(graph: Graph) -> Iterable[tuple[Node, Node, Node]] | BySubject:
    """All triples of one graph, read as cheaply as the store allows.

    rdflib's default Memory store keeps each graph's triples as one set, and every triple in
    an ``s -> p -> o`` index. ``Memory.triples`` walks the set building a generator of
    contexts per triple, which costs more than writing the line; so for a Memory store
    (exact type checks) we read the set itself, or, when the graph holds every triple of its
    store (a plain ``Graph()``), the index, which lets a writer spell each subject and
    predicate once per group. Any other store, or a Graph subclass with its own ``triples``,
    is read through the public API.
    """
    store = graph.store
    if type(store) is Memory and type(graph).triples is Graph.triples:
        by_context = getattr(store, "_Memory__contextTriples", None)
        to_key = getattr(store, "_Memory__ctx_to_str", None)
        spo = getattr(store, "_Memory__spo", None)
        if isinstance(by_context, dict) and callable(to_key):
            mine = by_context.get(to_key(graph))
            if mine is None:
                return ()
            everything = by_context.get(None)
            if isinstance(spo, dict) and everything is not None and len(everything) == len(mine):
                return BySubject(spo)  # mine is a subset of everything, so they are equal
            return list(mine)
    return graph.triples((None, None, None))


Group = tuple[Node | None, Iterable[tuple[Node, Node, Node]] | BySubject]


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
        if isinstance(triples, BySubject):
            for s, po in triples.index.items():
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
    # rdflib terms hash in Python; these caches are keyed by id() (a C-level int hash) and
    # hold their term, so an id cannot be reused by another object while it is cached.
    # One cache per position: the same Literal object must still fail as a subject.
    subjects: _Cache = ({}, {})
    predicates: _Cache = ({}, {})
    objects: _Cache = ({}, {})
    s_get, p_get, o_get = subjects[0].get, predicates[0].get, objects[0].get
    lines: list[str] = []
    append = lines.append
    count = 0
    for label, triples in groups:
        if label is None:
            end = " .\n"
        elif not with_graphs:
            raise SerializeError("N-Triples has no named graphs", label, None)
        else:
            end = " " + terms.graph_label(label) + " .\n"
        if isinstance(triples, BySubject):
            for s, po in triples.index.items():
                for p, objs in po.items():
                    st = (s, p, None, label)
                    hit = s_get(id(s))
                    a = hit[1] if hit is not None else _spell(subjects, s, terms.subject, st)
                    hit = p_get(id(p))
                    b = hit[1] if hit is not None else _spell(predicates, p, terms.predicate, st)
                    head = f"{a} {b} "
                    for o in objs:
                        hit = o_get(id(o))
                        c = hit[1] if hit is not None else _spell(objects, o, terms.object, (s, p, o, label))
                        append(f"{head}{c}{end}")
            count += _flush(lines, stream, canonical)
            continue
        for s, p, o in triples:
            hit = s_get(id(s))
            a = hit[1] if hit is not None else _spell(subjects, s, terms.subject, (s, p, o, label))
            hit = p_get(id(p))
            b = hit[1] if hit is not None else _spell(predicates, p, terms.predicate, (s, p, o, label))
            hit = o_get(id(o))
            c = hit[1] if hit is not None else _spell(objects, o, terms.object, (s, p, o, label))
            append(f"{a} {b} {c}{end}")
        count += _flush(lines, stream, canonical)
    if canonical:
        # Duplicates arise only from terms rdflib keeps apart but RDF does not (an
        # xsd:string-typed and a simple literal, tags differing in case).
        lines = sorted(set(lines))
    count += len(lines)
    stream.write("".join(lines).encode("utf-8"))
    return count


def _flush(lines: list[str], stream: IO[bytes], canonical: bool) -> int:
    """Write and forget the lines so far (canonical output is sorted at the end instead)."""
    if canonical or not lines:
        return 0
    count = len(lines)
    stream.write("".join(lines).encode("utf-8"))
    lines.clear()
    return count


# By object identity (a hit when a parser shared its terms), then by value (a graph built by
# rdflib's own parsers holds a new object per occurrence).
_Cache = tuple[dict[int, tuple[Node, str]], dict[tuple[object, ...], str]]


def _spell(
    cache: _Cache,
    term: Node,
    spell: Callable[[Node, tuple[Node | None, ...]], str],
    statement: tuple[Node | None, ...],
) -> str:
    by_id, by_value = cache
    cls = type(term)
    # str() of a term is a plain str, hashed in C; the term's own hash runs Python code, and
    # isinstance() on rdflib terms goes through abc, hence the exact type tests first.
    if cls is URIRef or cls is BNode or not isinstance(term, Literal):
        key: tuple[object, ...] = (cls, str(term))
    else:
        dt = term.datatype
        key = (str(term), None if dt is None else str(dt), term.language)
    text = by_value.get(key)
    if text is None:
        text = by_value[key] = spell(term, statement)
    by_id[id(term)] = (term, text)
    return text
