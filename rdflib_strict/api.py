"""The public functions beyond the plugins: streaming parse, format names, the opt-in override."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any, Final

from .cores import worker_count
from .edge.illtyped import IllTypedReport
from .edge.plugins import install, uninstall
from .edge.readers import StatementParser, make_parser
from .edge.sink import paused_batches
from .edge.source import OpenedSource, Source, accept_header, file_iri, open_source
from .formats.table import FORMATS, format_for
from .formats.terms import Statement
from .syntax.reader import OnError, on_error_arg, statement_span
from .syntax.version import version_arg

__all__ = [
    "FORMATS",
    "OpenedSource",
    "Source",
    "Statement",
    "StatementParser",
    "file_iri",
    "format_for",
    "install",
    "iterparse",
    "make_parser",
    "open_source",
    "uninstall",
]

_ONE_PROCESS: Final = (
    "iterparse(workers=N) parses in one process: the statements would come back from the"
    " workers pickled, which costs more than parsing them here (README, 'Large files');"
    " `rdflib-strict validate -j N` and `convert -j N` use the cores"
)


def iterparse(
    source: Source | None = None,
    format: str | None = None,
    base: str | None = None,
    *,
    data: str | bytes | None = None,
    on_error: OnError | None = None,
    workers: int = 1,
    positions: bool = False,
    version: str = "1.1",
) -> Iterator[Any]:
    """Yield the statements of a document as ``(s, p, o, g)`` rdflib terms, without a Graph.

    ``g`` is None for the default graph. ``source`` is a path or a binary/text file object
    (never closed here); ``data`` is the document itself. ``format`` is one of ``ntriples``,
    ``nquads``, ``turtle``, ``trig``, an alias (``nt``, ``N-Quads``, ``ttl``, ``strict-...``) or a
    media type (``text/turtle``), as ``format_for`` reads them; guessed from the file extension
    when omitted. ``base`` is the base IRI for Turtle (default: the
    file's ``file:`` URI). Memory stays bounded: term caches have a fixed size and the text
    is read a chunk at a time (a statement longer than a chunk widens it). Blank nodes are
    scoped to the document. Bad input raises ParseError, as the plugins do, unless
    ``on_error`` is given: then it is called with each bad statement's ParseError (its
    ``skipped`` holds the statement's text) and parsing resumes after that statement.
    Ill-typed literals (valid RDF) are reported when the iteration ends (or stops early, or
    fails), in one IllTypedLiteralWarning per datatype for what was read.

    ``workers`` > 1 (0: one per core) warns and parses in this process: the statements would
    come back from worker processes pickled, and unpickling them here costs about what parsing
    them here does, so two workers took longer than one process (README, "Large files"). The
    cores pay where little comes back: the CLI's ``validate -j`` and ``convert -j``, and Dask.

    ``version`` is the RDF read: ``"1.1"`` (the default), ``"1.2"`` (triple terms, base
    directions, ``VERSION``) or ``"1.2-basic"`` (RDF 1.2 without triple terms).

    ``positions=True`` yields ``(s, p, o, g, span)``: each statement with the Span where it
    was written (as a SourceMap records it; README, "Source maps"), parsed in this process.

    >>> [str(s) for s, p, o, g in iterparse(data=b"<http://ex/s> <http://ex/p> 1 .", format="ttl")]
    ['http://ex/s']
    """
    check = on_error_arg(on_error)  # before the first statement, not at the first error
    rdf = version_arg(version)
    given = None if format is None else format_for(format)
    # A URL is asked for the format given; its media type names one when nothing else does.
    with open_source(source, data=data, accept=accept_header(given)) as opened:
        fmt = format_for(given, opened.name, opened.content_type)
        if worker_count(workers) > 1:
            warnings.warn(_ONE_PROCESS, stacklevel=2)
        parser = make_parser(fmt, opened.base if base is None else base, version=rdf)
        parser.warn = ill_typed = IllTypedReport()
        try:
            if positions:
                yield from _placed(parser, opened, check)
                return
            # One generator layer per statement, not two: it is most of the cost of a yield.
            for batch in paused_batches(parser.batches(opened.reader, check)):
                yield from batch
        finally:
            ill_typed.give(stacklevel=2)  # at the caller of next()


def _placed(parser: StatementParser, opened: OpenedSource, on_error: OnError | None) -> Iterator[Any]:
    name = opened.name
    for batch, placed in paused_batches(parser.batches_with_places(opened.reader, on_error)):
        lines, columns, one_line = placed.lines, placed.columns, placed.subjects is None
        for i, (s, p, o, g) in enumerate(batch):
            yield s, p, o, g, statement_span(name, lines, columns, i, one_line)
