"""Statements with their blank nodes renamed to the labels RDFC-1.0 issues (``c14n0``, ...).

The canonical Turtle and TriG writers write the renamed statements with their usual layout:
once every blank node has its canonical label, the layout's orders (which sort blank nodes by
label) are the same for every isomorphic input. ``quad_texts`` is also how ``canon`` feeds a
Graph or Dataset to ``rdfc10``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rdflib.term import BNode, Node

from ..syntax.errors import SerializeError
from ..syntax.version import RdfVersion
from .rdf12_terms import TripleTerm
from .rdfc10 import Quad, rdfc10
from .terms import Statement
from .write_lines import NO_CANONICAL_LABEL, holds_blank_node
from .write_terms import TermWriter

__all__ = ["canonical_statements", "quad_texts"]


def quad_texts(
    statements: Iterable[Statement], nodes: dict[str, BNode], version: RdfVersion = RdfVersion.RDF11
) -> Iterator[Quad]:
    """``statements`` as Canonical N-Quads term text; ``nodes`` gets each label's BNode.

    ``version="1.2"`` takes triple terms and base directions, but not a blank node inside a
    triple term, which RDFC-1.0 cannot label (SerializeError)."""
    terms = TermWriter(canonical=True, version=version)
    for s, p, o, g in statements:
        quad = (s, p, o, g)
        if isinstance(o, TripleTerm) and holds_blank_node(o):
            raise SerializeError(NO_CANONICAL_LABEL, o, quad)
        a, c = terms.subject(s, quad), terms.object(o, quad)
        d = "" if g is None else terms.graph_label(g)
        for term, text in ((s, a), (o, c), (g, d)):
            if isinstance(term, BNode):
                nodes[text[2:]] = term
        yield a, terms.predicate(p, quad), c, d


def canonical_statements(
    statements: Iterable[Statement], work_limit: int | None = None, version: RdfVersion = RdfVersion.RDF11
) -> list[Statement]:
    """``statements`` with each blank node replaced by ``BNode(its RDFC-1.0 label)`` (SHA-256).

    Raises SerializeError for a term N-Quads cannot hold and ``rdfc10.WorkLimitError`` past
    ``work_limit`` (a poison graph), before anything is written.
    """
    given = list(statements)
    nodes: dict[str, BNode] = {}
    issued = rdfc10(quad_texts(given, nodes, version), work_limit=work_limit).issued
    renamed: dict[Node, BNode] = {nodes[label]: BNode(c14n) for label, c14n in issued.items()}
    if not renamed:
        return given
    get = renamed.get
    return [(get(s, s), p, get(o, o), g if g is None else get(g, g)) for s, p, o, g in given]
