"""TriG writer: the Turtle writer's layout inside one block per named graph.

Layout (pinned by the golden outputs in ``tests/test_write_trig.py``)::

    @prefix ex: <http://ex.org/> .

    ex:s ex:p ex:o .

    ex:g1 {
        ex:s ex:p [
                ex:q 1
            ] .

        _:shared ex:p "x" .
    }

    _:g2 {
        _:shared ex:p "y" .
    }

- One header (``@base``, then the ``@prefix`` lines the whole document uses; ``BASE`` /
  ``PREFIX`` with ``sparql_prefixes=True``), as in Turtle.
- The default graph first, **without braces**: a dataset with only a default graph comes out
  byte for byte as ``write_turtle`` writes that graph, so TriG output of a plain graph is also
  Turtle, and every reader that knows Turtle reads the common case. (``{ ... }`` around it
  would say nothing more: TriG gives both forms the same meaning.)
- Then each named graph as ``label {`` ... ``}``, one blank line apart, sorted by label: IRIs
  by IRI, then blank nodes by id (as the Turtle writer sorts subjects). A label is a prefixed
  name, a relative IRI (with ``base``) or ``<IRI>``, or ``_:label``; ``rdf:nil`` names a graph
  as an IRI, never as ``()`` (not a graph label in TriG).
- Inside a block, the Turtle writer's rules (``;`` ``,`` ``a``, inline ``[ ]``, ``( )`` lists,
  exact bare numbers, long strings, relative IRIs), every line indented four more spaces. The
  indentation is written by the Turtle writer itself, never added afterwards, so a long string's
  continuation lines keep their exact content.
- A blank node that occurs in more than one graph, counting a graph's label as one occurrence
  of its own, is one node across the whole document: it is always written ``_:label``, never
  as ``[ ]``, ``[]`` or a cell of a ``( )`` list (those would make a new node in each graph).
- A graph exists only through its statements: a named graph with none is not written (RDF
  1.1 datasets and N-Quads cannot hold one either).
- Blank node labels come from one ``TermWriter`` for the document: a node has the same label
  in every graph, and ids that are not a valid ``BLANK_NODE_LABEL`` get fresh ones that no
  other node in the document uses.

Deterministic: the same dataset gives the same bytes in every process (blank node ids aside,
which decide the order of blank-node graphs and subjects); with ``canonical=True`` the blank
nodes are renamed by RDFC-1.0 first, so isomorphic datasets give the same bytes. Everything
is built in memory and written at the end, so a SerializeError leaves the stream untouched.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from rdflib.term import BNode, Literal, Node, URIRef

from ..syntax.errors import SerializeError
from ..syntax.version import RdfVersion
from .canonical_labels import canonical_statements
from .terms import Statement, is_bnode
from .write_lines import Triple
from .write_reifiers import blank_nodes_in_triple_terms
from .write_turtle import Desc, Refs, TurtleWriter, index_triples

__all__ = ["trig_body", "write_trig"]

#: A graph's label as ``write_trig`` receives it: None for the default graph.
Label = Node | None


def write_trig(
    statements: Iterable[Statement],
    stream: IO[bytes],
    *,
    namespaces: Iterable[tuple[str, str]] = (),
    base: str | None = None,
    sparql_prefixes: bool = False,
    ascii_only: bool = False,
    version: RdfVersion = RdfVersion.RDF11,
    canonical: bool = False,
    work_limit: int | None = None,
) -> None:
    """Write ``statements`` ``(s, p, o, g)`` (g None for the default graph; duplicates are the
    caller's to avoid) to ``stream`` as UTF-8 TriG.

    The statements of one graph need not come together. ``namespaces``, ``base``,
    ``sparql_prefixes``, ``ascii_only``, ``version`` (one version line for the document) and
    ``canonical`` (blank nodes, graph labels included, renamed by RDFC-1.0 first) with its
    ``work_limit`` mean what
    they mean for ``write_turtle``. Raises
    SerializeError for terms TriG cannot carry, naming the term and its statement (a literal
    graph label too); nothing is written then. Passes on any error ``statements`` raises.
    """
    if canonical:
        statements = canonical_statements(statements, work_limit, version)
    writer = TurtleWriter((), namespaces, base, sparql_prefixes, ascii_only, version)
    body = trig_body(statements, writer)
    text = writer.header() + body  # the header last: the bodies choose prefixes
    stream.write(text.encode("utf-8"))


def trig_body(statements: Iterable[Statement], writer: TurtleWriter) -> str:
    """The document after its header: each graph's blocks, written by ``writer`` (whose
    ``used_prefixes`` then holds the prefixes they use)."""
    graphs = _by_graph(statements)
    indexed: dict[Label, tuple[Desc, Refs]] = {}
    while graphs:  # each list freed once indexed: both at once would double the memory
        label, triples = graphs.popitem()
        indexed[label] = index_triples(triples)
        del triples
    keep = _kept_labels(indexed, writer.version.triple_terms)
    parts: list[str] = []
    for label in _graph_order(indexed):
        desc, refs = indexed[label]
        # The name before the body (errors name it first) and before load (which takes out
        # statements written in other forms, RDF 1.2's reifiers).
        name = "" if label is None else _graph_name(writer, label, desc)
        writer.load(desc, refs, keep.get(label, ()))
        if label is None:
            parts.append(_body(writer, 0, None))
        else:
            parts.append(name + " {\n" + _body(writer, 1, label) + "}\n")
    return "\n".join(parts)


def _body(writer: TurtleWriter, level: int, label: Label) -> str:
    """The loaded graph's blocks; an error names the statement with its graph, as the N-Quads
    writer's do (the Turtle writer knows only the triple)."""
    try:
        return writer.body(level)
    except SerializeError as e:
        if e.statement is None or len(e.statement) != 3:
            raise
        raise e.in_statement((*e.statement, label)) from None


_NO_LABEL = object()  # no graph seen yet (None is the default graph's label)


def _by_graph(statements: Iterable[Statement]) -> dict[Label, list[Triple]]:
    """Each graph's triples, in the order they came.

    Statements usually come graph by graph (the edge reads the store that way), so the label
    is looked up once per run of equal labels (an identity test per statement), not hashed
    for every statement.
    """
    graphs: dict[Label, list[Triple]] = {}
    current: list[Triple] = []
    last: object = _NO_LABEL
    for s, p, o, g in statements:
        if g is not last:
            last = g
            found = graphs.get(g)
            current = graphs[g] = [] if found is None else found
        current.append((s, p, o))
    return graphs


def _graph_order(indexed: dict[Label, tuple[Desc, Refs]]) -> list[Label]:
    """The default graph, then named graphs by label: IRIs by IRI, then blank nodes by id.

    Graphs without statements are not there: ``_by_graph`` only makes a graph for a statement.
    Any other kind of label sorts last; writing it raises.
    """
    named = sorted((label for label in indexed if label is not None), key=_label_key)
    return [None, *named] if None in indexed else [*named]


def _label_key(label: Node) -> tuple[int, str]:
    return (0 if isinstance(label, URIRef) else 1 if isinstance(label, BNode) else 2, str(label))


def _kept_labels(indexed: dict[Label, tuple[Desc, Refs]], triple_terms: bool) -> dict[Label, list[BNode]]:
    """For each graph, its blank nodes that also occur elsewhere in the document.

    Occurring elsewhere means in another graph (as subject or object) or as a graph's label
    (a label is a node of the dataset, and ``_:b { _:b ex:p 1 }`` says the graph is about
    itself). Each graph must write these as ``_:label``: ``[ ]`` or ``( )`` would make a new
    node there. Linear in the number of distinct blank nodes per graph, not in statements
    (with ``triple_terms``, the blank nodes inside triple terms count too: a pass over them).
    """
    places: dict[BNode, int] = {}
    members: dict[Label, set[BNode]] = {}
    for label, (desc, refs) in indexed.items():
        nodes = {s for s in desc if is_bnode(s)}
        nodes.update(refs)
        if triple_terms:
            nodes.update(blank_nodes_in_triple_terms(desc))
        members[label] = nodes
        if isinstance(label, BNode):
            places[label] = places.get(label, 0) + 1
        for b in nodes:
            places[b] = places.get(b, 0) + 1
    if len(places) == sum(places.values()):  # every blank node in one place: nothing to keep
        return {}
    keep: dict[Label, list[BNode]] = {}
    for label, nodes in members.items():
        shared = [b for b in nodes if places[b] > 1]
        if shared:
            keep[label] = shared
    return keep


def _graph_name(writer: TurtleWriter, label: Node, desc: Desc) -> str:
    """``label`` as a TriG graph label (``labelOrSubject``); raises SerializeError for a literal.

    Errors name the graph's first statement, so the caller can find the graph.
    """
    s = next(iter(desc))
    props = desc[s]
    p = next(iter(props))
    statement = (s, p, props[p][0], label)
    if isinstance(label, URIRef):
        return writer.iri(label, statement)  # rdf:nil too: `()` names no graph
    if isinstance(label, BNode):
        return writer.terms.bnode(label)
    kind = "literal" if isinstance(label, Literal) else type(label).__name__
    raise SerializeError(f"a {kind} cannot name a graph", label, statement)
