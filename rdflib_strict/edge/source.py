"""Opening what a caller hands us as a document, for every face (plugins, ``iterparse``, CLI).

``open_source`` takes a path (``str`` or ``PathLike``), an ``http(s)://`` URL, document bytes,
``data=`` text or bytes, or a binary or text file object, and returns an ``OpenedSource``: the
ChunkReader over it, the name errors show, the base IRI the source's location gives (a path's
``file:`` URI, a URL after redirects), a download's media type and what to close afterwards.
A caller's file object is never closed; a file opened here always is.

Byte input compressed with gzip, bzip2, xz or zstd is decompressed as it is read, whatever
its name says: the first bytes tell (a file named ``.nt`` holding gzip is common enough).
Text is never sniffed: a str cannot hold compressed data. A stream that breaks off or is
corrupt raises SourceError, never the codec's own exception.

``file_iri`` is the one path -> ``file:`` IRI conversion; ``open_output`` opens a file for
writing, compressed by its extension.
"""

from __future__ import annotations

import bz2
import gzip
import importlib
import io
import lzma
import os
import pathlib
import stat
import zlib
from collections.abc import Callable, Sequence
from types import ModuleType, TracebackType
from typing import IO, TYPE_CHECKING, Any, Final, cast

from ..formats.table import COMPRESSION_SUFFIXES, FORMATS, is_url, media_type
from ..syntax.chunks import ChunkReader, reads_text
from ..syntax.kinds import is_source_error
from ..syntax.positions import ByteLineEnds

if TYPE_CHECKING:
    from ..syntax.errors import SourceError

__all__ = [
    "URL_TIMEOUT",
    "OpenedSource",
    "Source",
    "accept_header",
    "compression_of_head",
    "compression_of_name",
    "file_iri",
    "is_url",
    "open_output",
    "open_source",
]

#: What ``open_source`` reads: a path or URL, document bytes, or a binary or text file object.
Source = str | os.PathLike[str] | bytes | IO[bytes] | IO[str]

#: Seconds a download may stall (connecting, or between two reads) before it fails.
URL_TIMEOUT: Final = 60.0

# Any of our formats will do when none was asked for; the line formats first because they
# stream best. The catch-all keeps servers that know no RDF type from answering 406: what
# they send is then judged by its extension or media type.
_ANY_RDF: Final = (
    "application/n-triples, application/n-quads, text/turtle;q=0.9, application/trig;q=0.9, */*;q=0.1"
)
_NO_ZSTD: Final = (
    "zstd-compressed input needs Python 3.14+ or the zstandard package: pip install rdflib-strict[zstd]"
)
# The longest magic number (xz's) decides how many bytes are looked at.
_HEAD_SIZE: Final = 6
# Reading errors of the stdlib codecs: truncation is EOFError; corruption is OSError
# (BadGzipFile, bz2's "Invalid data stream"), zlib.error or LZMAError.
_CODEC_ERRORS: Final[tuple[type[Exception], ...]] = (OSError, EOFError, zlib.error, lzma.LZMAError)
# A response body that breaks off: IncompleteRead (an HTTPException), a reset or a timeout.
# Compressed input is fed to the zstandard decompressor this many bytes at a time: what one
# call returns is not bounded otherwise, and zstd expands up to ~30,000 times.
_ZSTD_FEED: Final = 8 << 10


def file_iri(path: str | os.PathLike[str]) -> str:
    """The ``file:`` IRI of a local path (made absolute against the working directory)."""
    return pathlib.Path(os.fspath(path)).absolute().as_uri()


def accept_header(fmt: str | None) -> str:
    """The Accept header asking for ``fmt`` (a canonical name: ``ntriples``, ``nquads``,
    ``turtle``, ``trig``), or for any of them when None.

    >>> accept_header("turtle")
    'text/turtle, */*;q=0.1'
    """
    if fmt is None:
        return _ANY_RDF
    try:
        return f"{FORMATS[fmt].media_type}, */*;q=0.1"
    except KeyError:
        raise ValueError(f"no media type for format {fmt!r} (known: {', '.join(FORMATS)})") from None


def compression_of_name(name: str) -> str | None:
    """The codec a file name's extension announces (``gzip`` for ``x.nt.gz``), else None."""
    return COMPRESSION_SUFFIXES.get(pathlib.PurePath(name).suffix.lower())


class OpenedSource:
    """A source ready to parse: ``reader``, its ``name``, ``base`` (None if the source has no
    location of its own), ``content_type`` (a download's media type, lower case and without
    parameters; None for anything but a URL), ``path`` (a regular local file whose bytes are the text
    itself, not compressed: what a parallel parse may cut into ranges; else None) and
    ``close()`` for what ``open_source`` opened. A context manager."""

    __slots__ = ("_to_close", "base", "content_type", "path", "reader")

    def __init__(
        self,
        reader: ChunkReader,
        base: str | None,
        to_close: Sequence[Any] = (),
        content_type: str | None = None,
        path: str | None = None,
    ) -> None:
        self.reader = reader
        self.base = base
        self.content_type = content_type
        self.path = path
        self._to_close = list(to_close)

    @property
    def name(self) -> str:
        return self.reader.name

    def close(self) -> None:
        """Close what ``open_source`` opened, outermost first (never a caller's file)."""
        while self._to_close:
            self._to_close.pop(0).close()

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
    accept: str | None = None,
) -> OpenedSource:
    """Open ``source`` (or the document ``data``) for parsing.

    - ``data`` (text or bytes) and ``bytes`` sources are the document itself: name
      ``<string>``, no base;
    - an ``http(s)://`` URL is downloaded as it is parsed, asking for the media types in
      ``accept`` (default: ``accept_header(None)``): its name is the URL, its base the URL
      after redirects, its ``content_type`` the response's media type;
    - a path is opened here (binary: we own the decoding) and closed by ``close()``: its name
      is the path as given, its base its ``file:`` IRI; ``wrap`` may replace the opened file
      with an object reading from it (the CLI's progress bar);
    - a file object is read as it is and never closed: its name is its ``name`` attribute if
      that is a string, else ``<stream>``; no base.

    Bytes, whatever their source, are decompressed if they start with a gzip, bzip2, xz or
    zstd magic number. ``name`` overrides the name (``<stdin>``, an rdflib source's location).
    Raises ValueError for both ``source`` and ``data``, TypeError for something that is none
    of these, OSError if a path cannot be opened, SourceError if a URL cannot be downloaded or
    zstd input finds no zstd codec; reading on raises SourceError for a broken stream.
    """
    if data is not None:
        if source is not None:
            raise ValueError("give either source or data, not both")
        if isinstance(data, str):
            return OpenedSource(ChunkReader(io.StringIO(data), name or "<string>"), None)
        source = data
    if isinstance(source, bytes):
        return _opened_bytes(io.BytesIO(source), name or "<string>", None, [])
    if is_url(source):
        assert isinstance(source, str)
        return _open_url(source, name or source, accept)
    if isinstance(source, (str, os.PathLike)):
        return _open_path(os.fspath(source), name, wrap)
    if source is None or not hasattr(source, "read"):
        raise TypeError(f"cannot read RDF from {type(source).__name__}")
    if name is None:
        own = getattr(source, "name", None)
        name = own if isinstance(own, str) else "<stream>"
    if reads_text(source):
        return OpenedSource(ChunkReader(source, name), None)
    return _opened_bytes(source, name, None, [])


def _open_path(path: str, name: str | None, wrap: Callable[[IO[bytes]], Any] | None) -> OpenedSource:
    opened = open(path, "rb")
    try:
        stream = opened if wrap is None else wrap(opened)
        # Only a regular file can be cut into byte ranges that workers read themselves: a FIFO
        # (``<(zcat x.gz)``) has no size and one reader, and its -j parse found no statements.
        plain = path if stat.S_ISREG(os.fstat(opened.fileno()).st_mode) else None
        return _opened_bytes(stream, name or path, file_iri(path), [opened], path=plain)
    except BaseException:
        opened.close()
        raise


def _opened_bytes(
    stream: Any,
    name: str,
    base: str | None,
    to_close: list[Any],
    content_type: str | None = None,
    *,
    download: bool = False,
    path: str | None = None,
) -> OpenedSource:
    """An OpenedSource over the byte stream ``stream``, decompressed if its first bytes say so.

    ``download``: ``stream`` is a ``_Download``, whose errors get a line number here.
    """
    head, stream = _head(stream)
    codec = compression_of_head(head)
    if codec is not None:
        stream, errors = _decompressor(codec, stream, name)
        to_close = [stream, *to_close]
        stream = _Guarded(stream, name, f"{codec} stream", errors)
    elif download:
        stream = _Guarded(stream, name, "download", ())
    plain = path if codec is None else None
    return OpenedSource(ChunkReader(stream, name), base, to_close, content_type, plain)


# --- compressed input ---------------------------------------------------------------------


def compression_of_head(head: bytes) -> str | None:
    """The codec whose magic number ``head`` starts with, else None."""
    if head.startswith(b"\x1f\x8b"):
        return "gzip"
    # "BZh" and the block size digit: "BZh" alone could begin a (bad) Turtle document.
    if head.startswith(b"BZh") and len(head) > 3 and head[3] in b"123456789":
        return "bzip2"
    if head.startswith(b"\xfd7zXZ\x00"):
        return "xz"
    if head.startswith(b"\x28\xb5\x2f\xfd"):
        return "zstd"
    return None


def _head(stream: Any) -> tuple[bytes, Any]:
    """The first bytes of ``stream`` and a stream that still yields them."""
    if isinstance(stream, (io.BufferedReader, io.BufferedRandom)):
        head = stream.peek(_HEAD_SIZE)[:_HEAD_SIZE]
        if len(head) == _HEAD_SIZE:
            return head, stream
    # A pipe or a caller's wrapper cannot seek back or peek: the bytes read are replayed.
    head = b""
    while len(head) < _HEAD_SIZE:
        more = stream.read(_HEAD_SIZE - len(head))
        if not more:
            break
        head += more
    return head, _Replay(head, stream)


class _Replay:
    """Reads ``head`` and then the rest of ``stream``: the bytes read to sniff, given back."""

    def __init__(self, head: bytes, stream: Any) -> None:
        self._head = head
        self._stream = stream

    def read(self, size: int | None = -1) -> bytes:
        head = self._head
        if not head:
            data: bytes = self._stream.read(size)
            return data
        if size is None or size < 0:
            self._head = b""
            rest: bytes = self._stream.read()
            return head + rest
        self._head = head[size:]
        if size <= len(head):
            return head[:size]
        rest = self._stream.read(size - len(head))
        return head + rest


def _decompressor(codec: str, stream: Any, name: str) -> tuple[Any, tuple[type[Exception], ...]]:
    """A reader of the decompressed ``stream`` and the exceptions its reads may raise."""
    if codec == "gzip":
        return gzip.GzipFile(fileobj=stream, mode="rb"), _CODEC_ERRORS
    if codec == "bzip2":
        return bz2.BZ2File(stream), _CODEC_ERRORS
    if codec == "xz":
        return lzma.LZMAFile(stream), _CODEC_ERRORS
    module = _zstd_module()
    if module is None:
        raise _source_error(_NO_ZSTD, name)
    if module.__name__ == "compression.zstd":
        return module.ZstdFile(stream), (*_CODEC_ERRORS, module.ZstdError)
    return _ZstdReader(stream, module), (*_CODEC_ERRORS, module.ZstdError)


def _zstd_module() -> ModuleType | None:
    """The stdlib's ``compression.zstd`` (3.14+), else the ``zstandard`` package, else None."""
    for module in ("compression.zstd", "zstandard"):
        try:
            return importlib.import_module(module)
        except ImportError:
            pass
    return None


class _ZstdReader:
    """zstd frames decompressed one after another with the ``zstandard`` package.

    Its own readers end quietly where a truncated stream ends; here a stream that ends inside
    a frame raises EOFError, as the stdlib codecs do.
    """

    def __init__(self, stream: Any, zstandard: ModuleType) -> None:
        self._stream = stream
        self._new_frame: Callable[[], Any] = zstandard.ZstdDecompressor().decompressobj
        self._frame: Any = None  # the frame being decompressed, None between frames
        self._out = bytearray()  # decompressed, not yet read: consumed from the front

    def read(self, size: int | None = -1) -> bytes:
        while (size is None or size < 0 or len(self._out) < size) and self._decompress_more():
            pass
        return self._take(size)

    def read1(self, size: int | None = -1) -> bytes:
        """Some bytes (fewer than ``size`` if that is what the next input gives), b"" at the end."""
        while not self._out and self._decompress_more():
            pass
        return self._take(size)

    def _take(self, size: int | None) -> bytes:
        n = len(self._out) if size is None or size < 0 else size
        data = bytes(self._out[:n])
        del self._out[:n]
        return data

    def _decompress_more(self) -> bool:
        """Add the output of the next input bytes to ``_out``; False at the end of input."""
        data: bytes = self._stream.read(_ZSTD_FEED)
        if not data:
            if self._frame is not None:
                raise EOFError("zstd stream ended before the end of its last frame")
            return False
        while data:
            if self._frame is None:
                self._frame = self._new_frame()
            self._out += self._frame.decompress(data)
            if not self._frame.eof:
                break
            data = self._frame.unused_data  # the next frame's first bytes
            self._frame = None
        return True

    def close(self) -> None:
        self._frame = None


class _Guarded:
    """Reads ``stream``, turning its reading errors into a SourceError that names the source
    and the line where the readable text stops.

    Reads go a piece at a time (``read1``) and what was read before an error is handed on
    first, the error raised by the next read: so all the text a broken stream holds is
    parsed, and the line shown is the one where it breaks off. Lines are counted as
    ChunkReader counts them (LF, CR and CRLF). A SourceError from below without a line (a
    download breaking off) gets this one.
    """

    def __init__(self, stream: Any, name: str, what: str, errors: tuple[type[Exception], ...]) -> None:
        self._read_piece: Callable[[int], bytes] = getattr(stream, "read1", stream.read)
        self._name = name
        self._what = what
        self._errors = errors
        self._line_ends = ByteLineEnds()
        self._failed: SourceError | None = None

    def read(self, size: int | None = -1) -> bytes:
        if self._failed is not None:
            raise self._failed
        pieces: list[bytes] = []
        got = 0
        while size is None or size < 0 or got < size:
            piece = self._next_piece(-1 if size is None or size < 0 else size - got)
            if not piece:
                break
            pieces.append(piece)
            got += len(piece)
        if not pieces and self._failed is not None:
            raise self._failed
        return b"".join(pieces)

    def _next_piece(self, size: int) -> bytes:
        """The next piece read and counted; b"" at the end or once reading failed."""
        try:
            piece = self._read_piece(size)
        except self._errors as e:
            self._failed = self._error(self._message(e), e)
            return b""
        except SyntaxError as e:  # a SourceError: the name would load rdflib before any error
            if not is_source_error(e):
                raise
            self._failed = e if e.lineno else self._error(e.msg, e)
            return b""
        self._line_ends.add(piece)
        return piece

    def _error(self, msg: str, cause: Exception) -> SourceError:
        error = _source_error(msg, self._name, self._line_ends.count + 1)
        error.__cause__ = cause
        return error

    def _message(self, e: Exception) -> str:
        detail = str(e) or type(e).__name__
        if isinstance(e, EOFError):
            return f"{self._what} is truncated: {detail}"
        return f"{self._what} is corrupt: {detail}"


class _Download:
    """A response body whose breaking off raises a SourceError without a line: below a
    decompressor, only the guard above knows the line.

    Breaking off is IncompleteRead, a reset, a timeout, or a body shorter than its
    Content-Length: ``read(n)`` of http.client ends quietly there.
    """

    def __init__(self, response: Any, name: str) -> None:
        self._response = response
        self._name = name
        self._expected = _content_length(response.headers.get("Content-Length"))
        self._received = 0

    def read(self, size: int | None = -1) -> bytes:
        import http.client  # loaded for URLs only

        try:
            data: bytes = self._response.read(size)
        except (OSError, http.client.HTTPException) as e:
            raise self._failed(str(e) or type(e).__name__) from e
        self._received += len(data)
        if not data and size != 0 and self._expected is not None and self._received < self._expected:
            raise self._failed(f"the connection closed after {self._received:,} of {self._expected:,} bytes")
        return data

    def _failed(self, detail: str) -> SourceError:
        return _source_error(f"download failed: {detail}", self._name)


def _content_length(header: str | None) -> int | None:
    try:
        return int(header) if header is not None else None
    except ValueError:
        return None  # no use checking against a length we cannot read


# --- URLs ---------------------------------------------------------------------------------


def _open_url(url: str, name: str, accept: str | None) -> OpenedSource:
    response = _urlopen(url, name, accept)
    try:
        content_type = media_type(response.headers.get("Content-Type"))
        body = _Download(response, name)
        return _opened_bytes(body, name, response.url, [response], content_type, download=True)
    except BaseException:
        response.close()
        raise


def _urlopen(url: str, name: str, accept: str | None) -> Any:
    import http.client  # these three (10 ms) loaded for URLs only
    import urllib.error
    import urllib.request

    try:  # the Request too: it raises ValueError for a URL it cannot split ("http://[::1/x")
        request = urllib.request.Request(url, headers={"Accept": accept or _ANY_RDF})
        return urllib.request.urlopen(request, timeout=URL_TIMEOUT)
    except urllib.error.HTTPError as e:
        e.close()
        raise _source_error(f"HTTP {e.code} {e.reason}", name) from None
    except urllib.error.URLError as e:
        raise _source_error(f"cannot download: {e.reason}", name) from e
    except (OSError, http.client.HTTPException, ValueError) as e:
        raise _source_error(f"cannot download: {e}", name) from e


def _source_error(msg: str, name: str, lineno: int = 0) -> SourceError:
    """``SourceError.reading``, imported here: the errors module loads rdflib, which a
    ``validate`` of a valid document does without (``syntax/kinds.py``)."""
    from ..syntax.errors import SourceError

    return SourceError.reading(msg, name, lineno)


# --- output -------------------------------------------------------------------------------


def open_output(path: str, final_name: str | None = None) -> IO[bytes]:
    """Open ``path`` for writing bytes, compressed if ``final_name`` (default: ``path``)
    ends in ``.gz``, ``.bz2``, ``.xz`` or ``.zst``.

    ``final_name`` is for writing to a temporary file renamed once complete (``out.nt.gz.part``
    -> ``out.nt.gz``). Closing the result finishes the compressed stream. Raises OSError if the
    file cannot be created, ModuleNotFoundError for ``.zst`` without a zstd codec.
    """
    codec = compression_of_name(final_name or path)
    if codec == "gzip":
        return _gzip_output(path, final_name or path)
    if codec == "bzip2":
        return cast(IO[bytes], bz2.open(path, "wb"))
    if codec == "xz":
        return cast(IO[bytes], lzma.open(path, "wb"))
    if codec == "zstd":
        return _zstd_output(path)
    return open(path, "wb")


class _GzipOutput(gzip.GzipFile):
    """A GzipFile that also closes the file it writes to."""

    def __init__(self, raw: IO[bytes], stored_name: str) -> None:
        # mtime 0: converting the same input twice gives the same bytes.
        super().__init__(stored_name, "wb", compresslevel=6, fileobj=raw, mtime=0)
        self._raw = raw

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._raw.close()


def _gzip_output(path: str, final_name: str) -> IO[bytes]:
    raw = open(path, "wb")
    try:
        # The header names the file gunzip would restore: the final one, not a temporary.
        return cast(IO[bytes], _GzipOutput(raw, os.path.basename(final_name)))
    except BaseException:
        raw.close()
        raise


def _zstd_output(path: str) -> IO[bytes]:
    module = _zstd_module()
    if module is None:
        raise ModuleNotFoundError(_NO_ZSTD.replace("input", "output"), name="zstandard")
    if module.__name__ == "compression.zstd":
        return cast(IO[bytes], module.open(path, "wb"))
    raw = open(path, "wb")
    try:
        return cast(IO[bytes], module.ZstdCompressor().stream_writer(raw, closefd=True))
    except BaseException:
        raw.close()
        raise
