"""The one factory of readers, for every face: parsers wired to the rdflib term factory,
validators and converters to the line formats, each chosen by the table of formats.

The plugins pass their sink (the default graph) and the SinkWriter's ``graph_for``;
``iterparse`` and the CLI take the defaults, so a statement's fourth element is None for the
default graph and the label term itself for a named one.

Each reader's module is imported when one is first made: ``validate`` of N-Triples or
N-Quads then runs without rdflib until a statement needs the precise reader
(``formats/validate_lines.py``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, TypeAlias

from ..formats.table import FORMATS, LINE_FORMATS, Format
from ..syntax.reader import GraphFor, OnError, label_itself
from ..syntax.version import RdfVersion

if TYPE_CHECKING:  # each reader's module is imported when one is first made
    from rdflib.term import BNode

    from ..formats.convert_lines import LineConverter
    from ..formats.convert_turtle import TurtleConverter
    from ..formats.lines import LineParser
    from ..formats.turtle import TurtleParser
    from ..formats.validate_lines import LineValidator
    from ..formats.validate_turtle import TurtleValidator

__all__ = ["Converter", "StatementParser", "Validator", "make_converter", "make_parser", "make_validator"]

#: What ``make_parser`` returns: both have ``batches(reader, on_error)`` and
#: ``parse(reader, emit, on_error)``; the Turtle parser also ``prefixes`` after a parse.
StatementParser: TypeAlias = "LineParser | TurtleParser"
#: What ``make_validator`` returns: both have ``check(reader, on_error)``, the statement count.
Validator: TypeAlias = "LineValidator | TurtleValidator"
#: What ``make_converter`` returns: both have ``convert(reader, out, on_error)``, the number
#: of statements written.
Converter: TypeAlias = "LineConverter | TurtleConverter"


def make_parser(
    fmt: str,
    base: str | None = None,
    *,
    bnodes: dict[str, BNode] | None = None,
    default: Hashable = None,
    graph_for: GraphFor = label_itself,
    values: bool = True,
    prefix: str | None = None,
    scope: str = "",
    version: RdfVersion = RdfVersion.RDF11,
) -> StatementParser:
    """A parser for our canonical format name ``fmt`` (``ntriples``, ``nquads``, ``turtle``,
    ``trig``).

    ``base`` is the Turtle and TriG base IRI before any ``@base`` (the line formats hold only absolute
    IRIs). ``bnodes`` shares blank nodes by label across parses (rdflib's ``bnode_context``).
    Each statement's fourth element is ``default`` for the default graph, and for a named
    graph ``graph_for(label)`` (default: the label itself), which may raise SpanError to
    refuse it. ``values=False`` (validation) leaves typed literals without a Python value.
    ``prefix`` is the blank node id prefix (``syntax.reader.document_prefix()``; default: a new one),
    given when several parsers read parts of one document; ``scope`` then keeps their
    unlabelled nodes (Turtle's ``[]`` and collections) apart: a text unique to each part.
    ``version`` is the RDF read (``syntax.version``; every reader made here carries it as
    ``version``).
    """
    from ..formats.terms import Terms

    form = _format(fmt)
    terms = Terms(bnodes, values, prefix, scope, rdf12=version.rdf12)
    if form.line_based:
        from ..formats.lines import LineParser

        return LineParser(terms, form.has_graphs, default, graph_for, version)
    from ..formats.turtle import TurtleParser

    parser = TurtleParser(terms, base, default, trig=form.has_graphs, graph_for=graph_for)
    parser.version = version
    return parser


def make_validator(
    fmt: str,
    base: str | None = None,
    warn: OnError | None = None,
    version: RdfVersion = RdfVersion.RDF11,
    *,
    shared: bool = False,
    runs: bool = True,
) -> Validator:
    """A validator for ``fmt``: checks a document and counts its statements, building no
    rdflib terms (rdflib is imported for a warning's or an error's ParseError, and, in the
    line formats, for a statement its regexes leave to the line parser). ``warn`` receives
    ill-typed literal warnings. ``shared``: one of many validating the blocks of one
    document in this process, which share the Turtle and TriG run regexes they compile;
    ``runs=False``: a Turtle or TriG validator whose parser reads every statement."""
    form = _format(fmt)
    if form.line_based:
        from ..formats.validate_lines import LineValidator

        return LineValidator(form.has_graphs, warn, version)
    from ..formats.validate_turtle import TurtleValidator

    validator = TurtleValidator(form.has_graphs, base, warn, shared=shared, runs=runs)
    validator.version = version
    validator.terms.rdf12 = version.rdf12
    return validator


def make_converter(
    fmt: str,
    to: str,
    prefix: str | None = None,
    tag: str = "",
    version: RdfVersion = RdfVersion.RDF11,
    *,
    base: str | None = None,
    scope: str = "",
) -> Converter:
    """A converter from any of our formats to N-Triples or N-Quads (``to``), copying the lines
    written as N-Triples in the writer's spelling and writing every other statement as
    ``write_lines`` writes it. ``prefix`` and ``tag`` are as in ``LineConverter``, ``base``
    and ``scope`` as in ``make_parser`` (Turtle and TriG); ``version`` is the RDF read and
    written."""
    form, target = _format(fmt), _format(to)
    if not target.line_based:
        raise ValueError(f"statements are written as lines in {' or '.join(LINE_FORMATS)} only, not {to}")
    if form.line_based:
        from ..formats.convert_lines import LineConverter

        return LineConverter(form.has_graphs, target.has_graphs, prefix, tag, version)
    from ..formats.convert_turtle import TurtleConverter

    return TurtleConverter(form.has_graphs, target.has_graphs, base, tag, version, prefix=prefix, scope=scope)


def _format(fmt: str) -> Format:
    try:
        return FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})") from None
