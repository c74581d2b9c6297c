"""rdflib adapters: Parser and Serializer subclasses registered under ``strict-*`` names.

They translate rdflib's InputSource into a text stream, the publicID into a base IRI and the
sink into store batches; all grammar lives in the format modules.

>>> from rdflib import Graph
>>> g = Graph().parse(data='<http://ex/s> <http://ex/p> "007"^^<http://www.w3.org/2001/XMLSchema#integer> .',
...                   format="strict-ntriples")
>>> str(next(iter(g.objects())))
'007'
"""

from __future__ import annotations

import io
import pathlib
import sys
from typing import IO, Any, ClassVar

from rdflib.exceptions import ParserError
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID, ConjunctiveGraph, Dataset, Graph
from rdflib.parser import InputSource, Parser, PythonInputSource
from rdflib.serializer import Serializer

from ..formats.lines import LineParser
from ..formats.write_lines import graph_groups, write_lines
from ..syntax.driver import BatchParser
from ..syntax.source import ChunkReader
from .sink import SinkWriter, paused_gc
from .terms import Terms

__all__ = [
    "NQuadsParser",
    "NQuadsSerializer",
    "NTriplesParser",
    "NTriplesSerializer",
    "TurtleParser",
    "TurtleSerializer",
]


_NO_TEXT = "this source holds no text (a Python object?); strict parsers read documents"


def reader_for(source: InputSource) -> ChunkReader:
    """A ChunkReader over the stream in ``source``, preferring bytes so we own the decoding.

    ``data="..."`` puts a StringIO in the character slot and a lazy encoder in the byte slot:
    reading the str directly avoids a needless encode and decode.
    """
    if isinstance(source, PythonInputSource):  # data={...}: its stream accessors raise
        raise ParserError(_NO_TEXT)
    char = source.getCharacterStream()
    byte = source.getByteStream()
    stream: Any
    if isinstance(char, io.StringIO):
        stream = char
    elif byte is not None:
        stream = byte
    elif char is not None:
        stream = char
    else:
        raise ParserError(_NO_TEXT)
    return ChunkReader(stream, source_name(source, stream))


def source_name(source: InputSource, stream: object) -> str:
    """The name errors show: a file's path, else the source's location, else ``<string>``.

    Never the publicID: that is a base IRI, not where the text came from (``data=`` with a
    publicID is still ``<string>``).
    """
    name = getattr(stream, "name", None)
    if isinstance(name, str) and name:
        return name
    system = source.getSystemId()
    return str(system) if system else "<string>"


def base_iri(source: InputSource, base: object = None) -> str | None:
    """The base for relative IRIs: ``base=`` or publicID, else the source's own location.

    ``Graph.parse(..., base=...)`` reaches the parser as a keyword; it means what publicID
    means. Two different ones are a mistake we refuse rather than pick from.
    """
    public = source.getPublicId()
    if base is not None:
        if not isinstance(base, str):
            raise ParserError(f"base= must be an IRI string, not {type(base).__name__}")
        if public and str(public) != base and public != source.getSystemId():
            raise ParserError(f"two different base IRIs: publicID={str(public)!r} and base={base!r}")
        return base
    if public:
        return str(public)
    system = source.getSystemId()
    if not system:
        return None
    system = str(system)
    if ":" in system.split("/", 1)[0] and not pathlib.PurePath(system).drive:
        return system  # already an IRI (file:///..., http://...)
    return pathlib.Path(system).absolute().as_uri()


def _is_dataset_default(sink: Graph) -> bool:
    """Whether ``sink`` is the default graph of a Dataset or ConjunctiveGraph being parsed into.

    Only then may named-graph statements go into sibling graphs of the store, where the
    caller can see them. ``Dataset.parse`` hands over a graph named ``urn:x-rdflib:default``;
    ``ConjunctiveGraph.parse`` hands over its ``default_context``, a plain Graph with nothing
    pointing back at its owner, so the owner is recognised in the calling frames (once per
    parse). A plain ``Graph()`` on the same kind of store gets a ParseError instead of
    statements hidden in contexts that ``len(g)`` never counts (rdflib's P11).
    """
    if sink.identifier == DATASET_DEFAULT_GRAPH_ID:
        return True
    frame = sys._getframe(1)
    for _ in range(8):
        frame = frame.f_back  # type: ignore[assignment]
        if frame is None:
            break
        owner = frame.f_locals.get("self")
        if (
            isinstance(owner, ConjunctiveGraph)
            and not isinstance(owner, Dataset)  # a Dataset's default graph was recognised above
            and owner.default_context is sink
        ):
            return True
    return False


def _encoding_key(encoding: str) -> str:
    """``UTF-8``, ``utf_8`` and ``utf8`` alike: the spellings Python's codecs accept."""
    return encoding.lower().replace("-", "").replace("_", "")


def _check_encoding(kwargs: dict[str, Any]) -> None:
    encoding = kwargs.get("encoding")
    if encoding is not None and _encoding_key(str(encoding)) != "utf8":
        raise ParserError(f"these formats are UTF-8 by definition; encoding={encoding!r} is not supported")


def _fill(parser: BatchParser, reader: ChunkReader, writer: SinkWriter) -> None:
    """Run ``parser`` into ``writer``'s sink: all statements, or none (the sink as it was)."""
    with paused_gc(keep=True):
        try:
            parser.parse(reader, writer.emit)
            writer.commit()
        except BaseException:
            writer.rollback()
            raise


class _LineFormatParser(Parser):
    quads: ClassVar[bool]

    def parse(self, source: InputSource, sink: Graph, **kwargs: Any) -> None:
        """Parse ``source`` into ``sink``; on any error, ``sink`` is left as it was.

        Keywords: ``bnode_context`` (a dict shared across parses to share blank nodes, as in
        rdflib's ``nt`` parser); ``encoding`` must be UTF-8 if given; ``base`` is checked
        like Turtle's but has no use (these formats hold only absolute IRIs).
        """
        _check_encoding(kwargs)
        base_iri(source, kwargs.get("base"))
        reader = reader_for(source)
        writer = SinkWriter(sink, allow_named=self.quads and _is_dataset_default(sink))
        terms = Terms(kwargs.get("bnode_context"))
        parser = LineParser(terms, self.quads, sink, writer.graph_for)
        _fill(parser, reader, writer)


class NTriplesParser(_LineFormatParser):
    """``format="strict-ntriples"`` (alias ``strict-nt``): RDF 1.1 N-Triples."""

    quads = False


class NQuadsParser(_LineFormatParser):
    """``format="strict-nquads"`` (alias ``strict-nq``): RDF 1.1 N-Quads.

    Into a Dataset or ConjunctiveGraph, named-graph statements go to their graphs; into a
    plain Graph (or one graph of a Dataset, ``ds.graph(name).parse(...)``), the first one
    raises ParseError: nothing is hidden or dropped.
    """

    quads = True


class TurtleParser(Parser):
    """``format="strict-turtle"`` (alias ``strict-ttl``): RDF 1.1 Turtle.

    Base IRI: the document's ``@base``/``BASE`` > ``base=`` or ``publicID`` > the source's
    location > none, in which case a relative IRI is a ParseError.
    """

    def parse(self, source: InputSource, sink: Graph, **kwargs: Any) -> None:
        from ..formats.turtle import TurtleParser as Turtle

        _check_encoding(kwargs)
        reader = reader_for(source)
        writer = SinkWriter(sink, allow_named=False)
        parser = Turtle(Terms(kwargs.get("bnode_context")), base_iri(source, kwargs.get("base")), sink)
        _fill(parser, reader, writer)
        for prefix, namespace in parser.prefixes.items():
            sink.bind(prefix, namespace)  # exactly as rdflib's turtle parser binds them


def _open_encoding(encoding: str | None) -> bool:
    """Whether to write ASCII only; raise for encodings these formats cannot use."""
    if encoding is None:
        return False
    norm = _encoding_key(encoding)
    if norm == "utf8":
        return False
    if norm in ("ascii", "usascii"):
        return True
    raise ValueError(f"N-Triples, N-Quads and Turtle are UTF-8 (or ASCII with escapes); not {encoding!r}")


class _LineFormatSerializer(Serializer):
    with_graphs: ClassVar[bool]

    def serialize(
        self,
        stream: IO[bytes],
        base: str | None = None,
        encoding: str | None = None,
        *,
        canonical: bool = False,
        ascii: bool = False,
        **kwargs: Any,
    ) -> None:
        """Write the graph. ``canonical=True``: Canonical N-Triples/N-Quads, lines sorted.
        ``ascii=True`` (or ``encoding="ascii"``): only ASCII bytes, with \\u escapes.
        ``base`` is ignored: these formats have only absolute IRIs.
        """
        ascii_only = ascii or _open_encoding(encoding)
        with paused_gc():
            write_lines(
                graph_groups(self.store, self.with_graphs),
                stream,
                with_graphs=self.with_graphs,
                canonical=canonical,
                ascii_only=ascii_only,
            )


class NTriplesSerializer(_LineFormatSerializer):
    """``format="strict-ntriples"``: a Dataset's named graphs raise SerializeError."""

    with_graphs = False


class NQuadsSerializer(_LineFormatSerializer):
    """``format="strict-nquads"``: a plain Graph is written as its default graph."""

    with_graphs = True


class TurtleSerializer(Serializer):
    """``format="strict-turtle"``: pretty, exact Turtle."""

    def serialize(
        self,
        stream: IO[bytes],
        base: str | None = None,
        encoding: str | None = None,
        **kwargs: Any,
    ) -> None:
        from ..formats.write_turtle import write_turtle

        ascii_only = bool(kwargs.pop("ascii", False)) or _open_encoding(encoding)
        with paused_gc():
            write_turtle(self.store, stream, base=base, ascii_only=ascii_only, **kwargs)
