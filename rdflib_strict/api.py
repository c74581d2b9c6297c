"""The public functions beyond the plugins: streaming parse, format names, the opt-in override."""

from __future__ import annotations

import pathlib
import urllib.parse
import warnings
from collections.abc import Iterator
from typing import Any, Final

from . import parallel
from .edge.illtyped import IllTypedReport
from .edge.parsers import StatementParser, make_parser
from .edge.plugins import install, uninstall
from .edge.source import (
    COMPRESSION_SUFFIXES,
    MEDIA_TYPES,
    OpenedSource,
    Source,
    accept_header,
    file_iri,
    is_url,
    media_type,
    open_source,
)
from .edge.terms import Statement
from .syntax.driver import OnError, on_error_arg, statement_span

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

#: Our format names and their aliases, by canonical name. Case, hyphens and underscores do not
#: matter (``N-Triples``, ``n_quads``, ``Turtle``), and each format's media type names it too
#: (``text/turtle; charset=utf-8``): see ``format_for``.
FORMATS: Final = {
    "ntriples": ("ntriples", "nt", "nt11", "strict-ntriples", "strict-nt"),
    "nquads": ("nquads", "nq", "strict-nquads", "strict-nq"),
    "turtle": ("turtle", "ttl", "strict-turtle", "strict-ttl"),
    "trig": ("trig", "strict-trig"),
}


def _squeezed(name: str) -> str:
    """A format name as compared: ``N-Triples``, ``n_triples`` and ``ntriples`` are one name."""
    return name.strip().lower().replace("-", "").replace("_", "")


_ALIASES: Final = {_squeezed(alias): name for name, aliases in FORMATS.items() for alias in aliases}
_BY_MEDIA_TYPE: Final = {media: name for name, media in MEDIA_TYPES.items()}
_SUFFIXES: Final = {
    ".nt": "ntriples",
    ".nq": "nquads",
    ".nquads": "nquads",
    ".ttl": "turtle",
    ".trig": "trig",
}
#: The names an unknown one is answered with: every alias and media type, by format.
_ACCEPTED: Final = (
    ", ".join(f"{name} ({', '.join([*aliases[1:], MEDIA_TYPES[name]])})" for name, aliases in FORMATS.items())
    + "; case, hyphens and underscores do not matter"
)


def format_for(
    fmt: str | None, name: str | None = None, content_type: str | None = None, *, option: str = "format="
) -> str:
    """The canonical format name for ``fmt`` (an alias or a media type, as people write them:
    ``N-Triples``, ``nq``, ``Turtle``, ``application/trig``), else guessed from a file name or
    URL (``x.nt.gz`` is N-Triples), else from a media type (``text/turtle; charset=utf-8``).
    ``option`` is how the message of a format that cannot be told says to give one (the
    command line says ``--format``).

    >>> format_for("N-Quads"), format_for("text/turtle;charset=utf-8")
    ('nquads', 'turtle')
    >>> format_for(None, "http://example.org/data", "application/n-quads")
    'nquads'
    """
    if fmt is not None:
        found = _BY_MEDIA_TYPE.get(media_type(fmt) or "") if "/" in fmt else _ALIASES.get(_squeezed(fmt))
        if found is None:
            raise ValueError(f"unknown format {fmt!r}; known: {_ACCEPTED}")
        return found
    if name is not None:
        suffix = _format_suffix(name)
        if suffix in _SUFFIXES:
            return _SUFFIXES[suffix]
    what = media_type(content_type)
    if what is not None:
        if what in _BY_MEDIA_TYPE:
            return _BY_MEDIA_TYPE[what]
        raise ValueError(
            f"cannot tell the format of {name!r} from its extension or its media type {what!r}: give {option}"
        )
    raise ValueError(f"cannot tell the format of {name!r} from its extension: give {option}")


def _format_suffix(name: str) -> str:
    """The extension that names the format: a URL's path's, the one before a compression suffix."""
    path = pathlib.PurePosixPath(urllib.parse.urlsplit(name).path) if is_url(name) else pathlib.PurePath(name)
    if path.suffix.lower() in COMPRESSION_SUFFIXES:
        path = path.with_suffix("")
    return path.suffix.lower()


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

    ``positions=True`` yields ``(s, p, o, g, span)``: each statement with the Span where it
    was written (as a SourceMap records it; README, "Source maps"), parsed in this process.

    >>> [str(s) for s, p, o, g in iterparse(data=b"<http://ex/s> <http://ex/p> 1 .", format="ttl")]
    ['http://ex/s']
    """
    check = on_error_arg(on_error)  # before the first statement, not at the first error
    given = None if format is None else format_for(format)
    # A URL is asked for the format given; its media type names one when nothing else does.
    with open_source(source, data=data, accept=accept_header(given)) as opened:
        fmt = format_for(given, opened.name, opened.content_type)
        if parallel.worker_count(workers) > 1:
            warnings.warn(_ONE_PROCESS, stacklevel=2)
        parser = make_parser(fmt, opened.base if base is None else base)
        parser.warn = ill_typed = IllTypedReport()
        try:
            if positions:
                yield from _placed(parser, opened, check)
                return
            # One generator layer per statement, not two: it is most of the cost of a yield.
            for batch in parser.batches(opened.reader, check):
                yield from batch
        finally:
            ill_typed.give(stacklevel=2)  # at the caller of next()


def _placed(parser: StatementParser, opened: OpenedSource, on_error: OnError | None) -> Iterator[Any]:
    name = opened.name
    for batch, placed in parser.placed_batches(opened.reader, on_error):
        lines, columns, one_line = placed.lines, placed.columns, placed.subjects is None
        for i, (s, p, o, g) in enumerate(batch):
            yield s, p, o, g, statement_span(name, lines, columns, i, one_line)
