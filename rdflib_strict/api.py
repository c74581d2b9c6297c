"""The public functions beyond the plugins: streaming parse and the opt-in override."""

from __future__ import annotations

import io
import os
import pathlib
from collections.abc import Hashable, Iterator
from typing import IO, Any, Final

from rdflib.term import Node

from .edge.terms import Terms
from .formats.lines import LineParser
from .syntax.source import ChunkReader

__all__ = ["FORMATS", "format_for", "install", "iterparse", "make_parser", "open_reader", "uninstall"]

#: Our format names and their aliases, by canonical name.
FORMATS: Final = {
    "ntriples": ("ntriples", "nt", "nt11", "strict-ntriples", "strict-nt"),
    "nquads": ("nquads", "nq", "strict-nquads", "strict-nq"),
    "turtle": ("turtle", "ttl", "strict-turtle", "strict-ttl"),
}
_ALIASES: Final = {alias: name for name, aliases in FORMATS.items() for alias in aliases}
_SUFFIXES: Final = {".nt": "ntriples", ".nq": "nquads", ".nquads": "nquads", ".ttl": "turtle"}

Source = str | os.PathLike[str] | bytes | IO[bytes] | IO[str]
Statement = tuple[Node, Node, Node, Node | None]


def format_for(fmt: str | None, name: str | None = None) -> str:
    """The canonical format name for ``fmt`` (an alias), else guessed from a file name."""
    if fmt is not None:
        try:
            return _ALIASES[fmt.lower()]
        except KeyError:
            known = ", ".join(FORMATS)
            raise ValueError(f"unknown format {fmt!r} (known: {known} and their aliases)") from None
    if name is not None:
        suffix = pathlib.PurePath(name).suffix.lower()
        if suffix in _SUFFIXES:
            return _SUFFIXES[suffix]
    raise ValueError(f"cannot tell the format of {name!r} from its extension: give format=")


def open_reader(source: Source | None, data: str | bytes | None = None) -> tuple[ChunkReader, IO[Any] | None]:
    """A ChunkReader for a path, a file object, or document bytes/str given as ``data``.

    Returns the reader and the file this call opened (for the caller to close), if any.
    """
    if data is not None:
        if source is not None:
            raise ValueError("give either source or data, not both")
        stream: IO[Any] = io.StringIO(data) if isinstance(data, str) else io.BytesIO(data)
        return ChunkReader(stream, "<string>"), None
    if isinstance(source, bytes):
        return ChunkReader(io.BytesIO(source), "<string>"), None
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        opened = open(path, "rb")
        return ChunkReader(opened, path), opened
    if source is None or not hasattr(source, "read"):
        raise TypeError(f"cannot read RDF from {type(source).__name__}")
    name = getattr(source, "name", None)
    return ChunkReader(source, name if isinstance(name, str) else "<stream>"), None


def iterparse(
    source: Source | None = None,
    format: str | None = None,
    base: str | None = None,
    *,
    data: str | bytes | None = None,
) -> Iterator[Statement]:
    """Yield the statements of a document as ``(s, p, o, g)`` rdflib terms, without a Graph.

    ``g`` is None for the default graph. ``source`` is a path or a binary/text file object
    (never closed here); ``data`` is the document itself. ``format`` is one of ``ntriples``,
    ``nquads``, ``turtle`` or an alias (``nt``, ``nq``, ``ttl``, ``strict-...``), guessed
    from the file extension when omitted. ``base`` is the base IRI for Turtle (default: the
    file's ``file:`` URI). Memory stays bounded by the longest statement; blank nodes are
    scoped to the document. Bad input raises ParseError, as the plugins do.

    >>> [str(s) for s, p, o, g in iterparse(data=b"<http://ex/s> <http://ex/p> 1 .", format="ttl")]
    ['http://ex/s']
    """
    reader, opened = open_reader(source, data)
    try:
        fmt = format_for(format, reader.name)
        if base is None and fmt == "turtle" and isinstance(source, (str, os.PathLike)):
            base = pathlib.Path(os.fspath(source)).absolute().as_uri()
        # One generator layer per statement, not two: it is most of the cost of a yield.
        for batch in make_parser(fmt, base).batches(reader):
            yield from batch
    finally:
        if opened is not None:
            opened.close()


def make_parser(fmt: str, base: str | None) -> Any:
    """A parser of our canonical format name yielding ``(s, p, o, g)`` batches, g a term or None."""
    terms = Terms()
    if fmt == "turtle":
        from .formats.turtle import TurtleParser

        return TurtleParser(terms, base, None)
    return LineParser(terms, fmt == "nquads", None, _identity)


def _identity(label: Node) -> Hashable:
    return label


# --- install / uninstall ----------------------------------------------------------------

_OVERRIDES: Final = (
    ("ntriples", ("nt", "ntriples", "nt11", "application/n-triples"), "NTriples"),
    ("nquads", ("nquads", "application/n-quads"), "NQuads"),
    ("turtle", ("turtle", "ttl", "text/turtle"), "Turtle"),
)
_saved: dict[tuple[str, type], Any] = {}


def install() -> None:
    """Make rdflib's standard format names use our parsers and serializers in this process.

    After it, ``Graph().parse("data.ttl")`` (format guessed from the extension) and
    ``g.serialize(format="nt")`` are strict. Entry points cannot do this, because rdflib
    registers its built-ins after loading them. ``uninstall()`` restores rdflib's own.
    """
    from rdflib import plugin
    from rdflib.parser import Parser
    from rdflib.serializer import Serializer

    for _fmt, names, stem in _OVERRIDES:
        for name in names:
            for kind, suffix in ((Parser, "Parser"), (Serializer, "Serializer")):
                key = (name, kind)
                if key not in _saved:
                    _saved[key] = plugin._plugins.get(key)
                plugin.register(name, kind, "rdflib_strict.edge.plugins", stem + suffix)


def uninstall() -> None:
    """Undo ``install()``: rdflib's standard names resolve to its built-ins again."""
    from rdflib import plugin

    for key, previous in _saved.items():
        if previous is None:
            plugin._plugins.pop(key, None)
        else:
            plugin._plugins[key] = previous
    _saved.clear()
