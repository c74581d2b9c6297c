"""The one parser factory: a format parser wired to the rdflib term factory, for every face.

The plugins pass their sink (the default graph) and the SinkWriter's ``graph_for``;
``iterparse`` and the CLI take the defaults, so a statement's fourth element is None for the
default graph and the label term itself for a named one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeAlias

from rdflib.term import BNode, Node

from ..formats.lines import LineParser
from .terms import Terms

if TYPE_CHECKING:  # the Turtle parser is imported when first needed
    from ..formats.turtle import TurtleParser

__all__ = ["StatementParser", "make_parser"]

#: What ``make_parser`` returns: both have ``batches(reader, on_error)`` and
#: ``parse(reader, emit, on_error)``; the Turtle parser also ``prefixes`` after a parse.
StatementParser: TypeAlias = "LineParser | TurtleParser"


def make_parser(
    fmt: str,
    base: str | None = None,
    *,
    bnodes: dict[str, BNode] | None = None,
    default: Hashable = None,
    graph_for: Callable[[Node], Hashable] | None = None,
    values: bool = True,
    prefix: str | None = None,
) -> StatementParser:
    """A parser for our canonical format name ``fmt`` (``ntriples``, ``nquads``, ``turtle``,
    ``trig``).

    ``base`` is the Turtle and TriG base IRI before any ``@base`` (the line formats hold only absolute
    IRIs). ``bnodes`` shares blank nodes by label across parses (rdflib's ``bnode_context``).
    Each statement's fourth element is ``default`` for the default graph, and for a named
    graph ``graph_for(label)`` (default: the label itself), which may raise SpanError to
    refuse it. ``values=False`` (validation) leaves typed literals without a Python value.
    ``prefix`` is the blank node id prefix (``terms.document_prefix()``; default: a new one),
    given when several parsers read parts of one document.
    """
    terms = Terms(bnodes, values, prefix)
    graphs = _identity if graph_for is None else graph_for
    if fmt == "turtle" or fmt == "trig":
        from ..formats.turtle import TurtleParser

        return TurtleParser(terms, base, default, graphs if fmt == "trig" else None)
    if fmt not in ("ntriples", "nquads"):
        raise ValueError(f"unknown format {fmt!r} (known: ntriples, nquads, turtle, trig)")
    return LineParser(terms, fmt == "nquads", default, graphs)


def _identity(label: Node) -> Hashable:
    return label
