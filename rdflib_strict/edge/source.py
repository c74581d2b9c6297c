"""Opening what a caller hands us as a document, for every face (plugins, ``iterparse``, CLI).

``open_source`` takes a path (``str`` or ``PathLike``), document bytes, ``data=`` text or bytes,
or a binary or text file object, and returns an ``OpenedSource``: the ChunkReader over it, the
name errors show, the base IRI the source's location gives (a path's ``file:`` URI) and what
to close afterwards. A caller's file object is never closed; a file opened here always is.
``file_iri`` is the one path -> ``file:`` IRI conversion.
"""

from __future__ import annotations

import io
import os
import pathlib
from collections.abc import Callable
from types import TracebackType
from typing import IO, Any

from ..syntax.source import ChunkReader

__all__ = ["OpenedSource", "Source", "file_iri", "open_source"]

#: What ``open_source`` reads: a path, document bytes, or a binary or text file object.
Source = str | os.PathLike[str] | bytes | IO[bytes] | IO[str]


def file_iri(path: str | os.PathLike[str]) -> str:
    """The ``file:`` IRI of a local path (made absolute against the working directory)."""
    return pathlib.Path(os.fspath(path)).absolute().as_uri()


class OpenedSource:
    """A source ready to parse: ``reader``, its ``name``, ``base`` (None if the source has no
    location of its own) and ``close()`` for what ``open_source`` opened. A context manager."""

    __slots__ = ("_opened", "base", "reader")

    def __init__(self, reader: ChunkReader, base: str | None, opened: IO[Any] | None) -> None:
        self.reader = reader
        self.base = base
        self._opened = opened

    @property
    def name(self) -> str:
        return self.reader.name

    def close(self) -> None:
        """Close the file ``open_source`` opened, if any (never a caller's)."""
        if self._opened is not None:
            self._opened.close()
            self._opened = None

    def __enter__(self) -> OpenedSource:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def open_source(
    source: Source | None = None,
    *,
    data: str | bytes | None = None,
    name: str | None = None,
    wrap: Callable[[IO[bytes]], Any] | None = None,
) -> OpenedSource:
    """Open ``source`` (or the document ``data``) for parsing.

    - ``data`` (text or bytes) and ``bytes`` sources are the document itself: name
      ``<string>``, no base;
    - a path is opened here (binary: we own the decoding) and closed by ``close()``: its name
      is the path as given, its base its ``file:`` IRI; ``wrap`` may replace the opened file
      with an object reading from it (the CLI's progress bar);
    - a file object is read as it is and never closed: its name is its ``name`` attribute if
      that is a string, else ``<stream>``; no base.

    ``name`` overrides the name (``<stdin>``, an rdflib source's location). Raises ValueError
    for both ``source`` and ``data``, TypeError for something that is none of these, OSError
    if a path cannot be opened.
    """
    if data is not None:
        if source is not None:
            raise ValueError("give either source or data, not both")
        stream: Any = io.StringIO(data) if isinstance(data, str) else io.BytesIO(data)
        return OpenedSource(ChunkReader(stream, name or "<string>"), None, None)
    if isinstance(source, bytes):
        return OpenedSource(ChunkReader(io.BytesIO(source), name or "<string>"), None, None)
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        opened = open(path, "rb")
        try:
            stream = opened if wrap is None else wrap(opened)
            return OpenedSource(ChunkReader(stream, name or path), file_iri(path), opened)
        except BaseException:
            opened.close()
            raise
    if source is None or not hasattr(source, "read"):
        raise TypeError(f"cannot read RDF from {type(source).__name__}")
    if name is None:
        own = getattr(source, "name", None)
        name = own if isinstance(own, str) else "<stream>"
    return OpenedSource(ChunkReader(source, name), None, None)
