"""rdflib adapters: Parser and Serializer subclasses registered under ``strict-*`` names.

They translate rdflib's InputSource into a text stream, the publicID into a base IRI and the
sink into store batches; all grammar lives in the format modules. ``install()`` and
``uninstall()`` put them under rdflib's own format names and take them off again.

>>> from rdflib import Graph
>>> g = Graph().parse(data='<http://ex/s> <http://ex/p> "007"^^<http://www.w3.org/2001/XMLSchema#integer> .',
...                   format="strict-ntriples")
>>> str(next(iter(g.objects())))
'007'
"""

from __future__ import annotations

import io
import pathlib
from typing import IO, Any, ClassVar

from rdflib import plugin
from rdflib.exceptions import ParserError
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID, ConjunctiveGraph, Dataset, Graph
from rdflib.parser import InputSource, Parser, PythonInputSource
from rdflib.plugin import Plugin
from rdflib.serializer import Serializer

from ..formats.table import FORMATS
from ..syntax.caches import untrimmed
from ..syntax.reader import on_error_arg
from ..syntax.version import version_arg
from .illtyped import IllTypedReport
from .rdflib_private import caller_selves, registry_entry, restore_registry_entry
from .readers import make_parser
from .sink import SinkWriter, paused_gc
from .source import OpenedSource, file_iri, open_source
from .sourcemap import source_map_arg
from .writers import write_graph_lines, write_graph_turtle

__all__ = [
    "NQuadsParser",
    "NQuadsSerializer",
    "NTriplesParser",
    "NTriplesSerializer",
    "TrigParser",
    "TrigSerializer",
    "TurtleParser",
    "TurtleSerializer",
    "base_iri",
    "install",
    "open_input",
    "uninstall",
]


_NO_TEXT = "this source holds no text (a Python object?); strict parsers read documents"


def open_input(source: InputSource) -> OpenedSource:
    """The stream in rdflib's ``source``, opened for parsing; bytes preferred so we own the
    decoding. rdflib opened it and closes it: ``close()`` on the result leaves it open.

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
    return open_source(stream, name=source_name(source, stream))


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
        # rdflib sets a file source's publicID to its own location: that one base= overrides.
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
    return file_iri(system)


def _is_dataset_default(sink: Graph) -> bool:
    """Whether ``sink`` is the default graph of a Dataset or ConjunctiveGraph being parsed into.

    Only then may named-graph statements go into sibling graphs of the store, where the
    caller can see them. ``Dataset.parse`` hands over a graph named ``urn:x-rdflib:default``;
    ``ConjunctiveGraph.parse`` hands over its ``default_context``, a plain Graph with nothing
    pointing back at its owner, so the owner is recognised in the calling frames (once per
    parse; call this from the parser's ``parse`` itself). A plain ``Graph()`` on the same
    kind of store gets a ParseError instead of statements hidden in contexts that ``len(g)``
    never counts (rdflib's P11).
    """
    if sink.identifier == DATASET_DEFAULT_GRAPH_ID:
        return True
    for owner in caller_selves(skip=1, limit=8):  # from the caller of our parse() up
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


class _StrictParser(Parser):
    fmt: ClassVar[str]  # our canonical format name

    def parse(self, source: InputSource, sink: Graph, **kwargs: Any) -> None:
        """Parse ``source`` into ``sink``; on any error, ``sink`` is left as it was.

        Keywords: ``bnode_context`` (a dict shared across parses to share blank nodes, as in
        rdflib's ``nt`` parser); ``encoding`` must be UTF-8 if given; ``base`` means what
        publicID means (checked, but of no use, in the line formats: they hold only absolute
        IRIs); ``on_error``: a callable that receives each bad statement's ParseError while
        parsing goes on after it, the valid statements going into ``sink`` (without it, the
        first error raises and ``sink`` is left as it was); ``source_map``: a SourceMap that
        records where each statement was written (left as it was when the parse fails).
        Ill-typed literals (valid RDF) are reported once the parse is done, in one
        IllTypedLiteralWarning per datatype. ``version``: ``"1.1"`` (the default), ``"1.2"``
        or ``"1.2-basic"`` (RDF 1.2 without triple terms).
        """
        _check_encoding(kwargs)
        version = version_arg(kwargs.get("version"))
        base = base_iri(source, kwargs.get("base"))
        writer = SinkWriter(sink, allow_named=FORMATS[self.fmt].has_graphs and _is_dataset_default(sink))
        parser = make_parser(
            self.fmt,
            base,
            bnodes=kwargs.get("bnode_context"),
            default=sink,
            graph_for=writer.graph_for,
            version=version,
        )
        parser.warn = ill_typed = IllTypedReport()
        on_error = on_error_arg(kwargs.get("on_error"))
        source_map = source_map_arg(kwargs.get("source_map"))
        with open_input(source) as opened, paused_gc(), untrimmed():
            try:
                if source_map is None:
                    parser.parse(opened.reader, writer.emit, on_error)
                    writer.commit()
                else:
                    segment = source_map._recorder(opened.name, sink)
                    for batch, placed in parser.batches_with_places(opened.reader, on_error):
                        writer.emit(batch)
                        segment.add(batch, placed)
                    writer.commit()
                    source_map._add(segment)
            except BaseException:
                writer.rollback()
                raise
        ill_typed.give(stacklevel=3)  # at the caller of Graph.parse
        prefixes: dict[str, str] = getattr(parser, "prefixes", {})
        for prefix, namespace in prefixes.items():
            sink.bind(prefix, namespace)  # exactly as rdflib's turtle parser binds them


class NTriplesParser(_StrictParser):
    """``format="strict-ntriples"`` (alias ``strict-nt``): RDF 1.1 N-Triples."""

    fmt = "ntriples"


class NQuadsParser(_StrictParser):
    """``format="strict-nquads"`` (alias ``strict-nq``): RDF 1.1 N-Quads.

    Into a Dataset or ConjunctiveGraph, named-graph statements go to their graphs; into a
    plain Graph (or one graph of a Dataset, ``ds.graph(name).parse(...)``), the first one
    raises ParseError: nothing is hidden or dropped.
    """

    fmt = "nquads"


class TurtleParser(_StrictParser):
    """``format="strict-turtle"`` (alias ``strict-ttl``): RDF 1.1 Turtle.

    Base IRI: the document's ``@base``/``BASE`` > ``base=`` or ``publicID`` > the source's
    location > none, in which case a relative IRI is a ParseError. The document's prefixes
    are bound in the sink, as rdflib's own turtle parser binds them.
    """

    fmt = "turtle"


class TrigParser(_StrictParser):
    """``format="strict-trig"``: RDF 1.1 TriG.

    Base IRI and prefixes as for Turtle. Into a Dataset or ConjunctiveGraph, each graph block
    goes to its graph; into a plain Graph, default-graph statements go in and the first named
    graph raises ParseError, as N-Quads does.
    """

    fmt = "trig"


def _open_encoding(encoding: str | None) -> bool:
    """Whether to write ASCII only; raise for encodings these formats cannot use."""
    if encoding is None:
        return False
    norm = _encoding_key(encoding)
    if norm == "utf8":
        return False
    if norm in ("ascii", "usascii"):
        return True
    raise ValueError(
        f"N-Triples, N-Quads, Turtle and TriG are UTF-8 (or ASCII with escapes); not {encoding!r}"
    )


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
        version: object = None,
        work_limit: int | None = None,
        **kwargs: Any,
    ) -> None:
        """Write the graph. ``canonical=True``: Canonical N-Triples/N-Quads, blank nodes labelled
        by RDFC-1.0 (at most ``work_limit`` steps: see ``rdflib_strict.canon``), lines sorted.
        ``ascii=True`` (or ``encoding="ascii"``): only ASCII bytes, with \\u escapes.
        ``base`` is ignored: these formats have only absolute IRIs. ``version``: ``"1.1"``
        (the default: a triple term or a base direction raises SerializeError), ``"1.2"``
        or ``"1.2-basic"`` (RDF 1.2 without triple terms).
        """
        ascii_only = ascii or _open_encoding(encoding)
        rdf = version_arg(version)
        with paused_gc():
            write_graph_lines(
                self.store,
                stream,
                with_graphs=self.with_graphs,
                canonical=canonical,
                ascii_only=ascii_only,
                version=rdf,
                work_limit=work_limit,
            )


class NTriplesSerializer(_LineFormatSerializer):
    """``format="strict-ntriples"``: a Dataset's named graphs raise SerializeError."""

    with_graphs = False


class NQuadsSerializer(_LineFormatSerializer):
    """``format="strict-nquads"``: a plain Graph is written as its default graph."""

    with_graphs = True


class TurtleSerializer(Serializer):
    """``format="strict-turtle"``: pretty, exact Turtle."""

    trig: ClassVar[bool] = False

    def serialize(
        self,
        stream: IO[bytes],
        base: str | None = None,
        encoding: str | None = None,
        **kwargs: Any,
    ) -> None:
        ascii_only = bool(kwargs.pop("ascii", False)) or _open_encoding(encoding)
        version = version_arg(kwargs.pop("version", None))
        with paused_gc():
            write_graph_turtle(
                self.store,
                stream,
                base=base,
                ascii_only=ascii_only,
                trig=self.trig,
                version=version,
                **kwargs,
            )


class TrigSerializer(TurtleSerializer):
    """``format="strict-trig"``: pretty, exact TriG; the default graph first, then each named
    graph in a block, sorted by name."""

    trig = True


# --- install / uninstall ----------------------------------------------------------------

_saved: dict[tuple[str, type], Plugin[Any] | None] = {}


def install() -> None:
    """Make rdflib's standard format names use our parsers and serializers in this process.

    After it, ``Graph().parse("data.ttl")`` (format guessed from the extension) and
    ``g.serialize(format="nt")`` are strict. Entry points cannot do this, because rdflib
    registers its built-ins after loading them. ``uninstall()`` restores rdflib's own.
    """
    for form in FORMATS.values():
        for name in form.rdflib_names:
            for kind, suffix in ((Parser, "Parser"), (Serializer, "Serializer")):
                key = (name, kind)
                if key not in _saved:
                    _saved[key] = registry_entry(name, kind)
                plugin.register(name, kind, __name__, form.plugin + suffix)


def uninstall() -> None:
    """Undo ``install()``: rdflib's standard names resolve to its built-ins again."""
    for (name, kind), previous in _saved.items():
        restore_registry_entry(name, kind, previous)
    _saved.clear()
