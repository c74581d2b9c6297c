"""Where documents come from: compressed input (by magic bytes), http(s) URLs, compressed output.

Every codec is checked against the same plain document, through every face that reads
sources (``iterparse``, ``Graph.parse`` via the plugins, file objects that cannot seek).
URLs are served by a local ``http.server`` on 127.0.0.1.
"""

from __future__ import annotations

import bz2
import gzip
import http.server
import importlib
import io
import lzma
import os
import pickle
import re
import socket
import subprocess
import sys
import threading
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, ClassVar

import pytest
from clirun import run_cli
from rdflib import Graph, URIRef

from rdflib_strict import ParseError, SourceError, iterparse
from rdflib_strict.api import format_for, make_parser
from rdflib_strict.edge import source as edge_source
from rdflib_strict.edge.source import accept_header, open_output, open_source

CODECS = ("gzip", "bzip2", "xz", "zstd")
SUFFIX = {"gzip": ".gz", "bzip2": ".bz2", "xz": ".xz", "zstd": ".zst"}
MAGIC = {"gzip": b"\x1f\x8b", "bzip2": b"BZh", "xz": b"\xfd7zXZ\x00", "zstd": b"\x28\xb5\x2f\xfd"}

# Several codec buffers long, CRLF and CR line ends among LFs, non-ASCII text: line counts
# and decoding are both exercised past the first read.
LINES = [
    f'<http://example.org/s{i}> <http://example.org/p> "value {i} é \U0001f600"@en .'
    + ("\r\n" if i % 7 else "\r")
    for i in range(3000)
]
DOC = "".join(LINES).encode()


def zstd_module() -> Any:
    """The zstd codec the package would use, or skip the (zstd-specific) test."""
    try:
        return importlib.import_module("compression.zstd")
    except ImportError:
        return pytest.importorskip("zstandard")


def compress(codec: str, data: bytes) -> bytes:
    if codec == "gzip":
        return gzip.compress(data)
    if codec == "bzip2":
        return bz2.compress(data)
    if codec == "xz":
        return lzma.compress(data)
    module = zstd_module()
    if module.__name__ == "compression.zstd":
        return bytes(module.compress(data, options={module.CompressionParameter.checksum_flag: 1}))
    return bytes(module.ZstdCompressor(write_checksum=True).compress(data))


def decompress_prefix(codec: str, data: bytes) -> bytes:
    """All the text a (truncated) stream holds, by the codec's incremental decompressor."""
    if codec == "gzip":
        return zlib.decompressobj(wbits=31).decompress(data)
    if codec == "bzip2":
        return bz2.BZ2Decompressor().decompress(data)
    if codec == "xz":
        return lzma.LZMADecompressor().decompress(data)
    module = zstd_module()
    if module.__name__ == "compression.zstd":
        return bytes(module.ZstdDecompressor().decompress(data))
    return bytes(module.ZstdDecompressor().decompressobj().decompress(data))


def line_ends(data: bytes) -> int:
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


def statements(source: Any, **kw: Any) -> list[tuple[Any, ...]]:
    return list(iterparse(source, **kw))


@pytest.fixture(scope="module")
def plain_statements() -> list[tuple[Any, ...]]:
    got = statements(None, data=DOC, format="nt")
    assert len(got) == len(LINES)
    return got


@pytest.fixture(params=CODECS)
def codec(request: pytest.FixtureRequest) -> str:
    return str(request.param)


_PACKED: dict[str, bytes] = {}


@pytest.fixture
def packed(codec: str) -> bytes:
    # Compressed once per codec (xz takes ~80 ms): the bytes are never changed by a test.
    if codec not in _PACKED:
        _PACKED[codec] = compress(codec, DOC)
    return _PACKED[codec]


class ReadOnly:
    """A binary stream with nothing but read(): no seek, no peek, no fileno."""

    def __init__(self, data: bytes) -> None:
        self._stream = io.BytesIO(data)

    def read(self, size: int = -1) -> bytes:
        return self._stream.read(size)


@pytest.fixture
def pipe_reader() -> Iterator[Callable[[bytes, bool], IO[bytes]]]:
    """A reading end of an OS pipe fed by a thread (buffered: a BufferedReader, else raw)."""
    opened: list[IO[bytes]] = []
    threads: list[threading.Thread] = []

    def make(data: bytes, buffered: bool) -> IO[bytes]:
        r, w = os.pipe()

        def feed() -> None:
            with os.fdopen(w, "wb") as out:
                out.write(data)

        thread = threading.Thread(target=feed, daemon=True)
        thread.start()
        threads.append(thread)
        reader = os.fdopen(r, "rb", buffering=-1 if buffered else 0)
        opened.append(reader)
        return reader

    yield make
    for reader in opened:
        reader.close()
    for thread in threads:
        thread.join()


# --- compressed input ----------------------------------------------------------------------


def test_compressed_path_gives_the_plain_statements(
    tmp_path: Path, codec: str, packed: bytes, plain_statements: list[tuple[Any, ...]]
) -> None:
    path = tmp_path / f"doc.nt{SUFFIX[codec]}"
    path.write_bytes(packed)
    assert statements(path) == plain_statements  # the format from ".nt" before the suffix
    assert statements(str(path), format="nt") == plain_statements


def test_compressed_file_objects_give_the_plain_statements(
    tmp_path: Path, codec: str, packed: bytes, plain_statements: list[tuple[Any, ...]]
) -> None:
    path = tmp_path / "doc.bin"
    path.write_bytes(packed)
    with open(path, "rb") as f:
        assert statements(f, format="nt") == plain_statements
        assert not f.closed  # a caller's file stays open
    with open(path, "rb", buffering=0) as raw:
        assert statements(raw, format="nt") == plain_statements
    assert statements(ReadOnly(packed), format="nt") == plain_statements
    assert statements(io.BytesIO(packed), format="nt") == plain_statements
    assert statements(None, data=packed, format="nt") == plain_statements


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered-pipe", "raw-pipe"])
def test_compressed_pipe_gives_the_plain_statements(
    codec: str,
    packed: bytes,
    buffered: bool,
    pipe_reader: Callable[[bytes, bool], IO[bytes]],
    plain_statements: list[tuple[Any, ...]],
) -> None:
    assert statements(pipe_reader(packed, buffered), format="nt") == plain_statements


def test_plain_non_seekable_input_loses_no_bytes(
    pipe_reader: Callable[[bytes, bool], IO[bytes]], plain_statements: list[tuple[Any, ...]]
) -> None:
    # The sniffed bytes of an uncompressed stream must be handed back too.
    assert statements(ReadOnly(DOC), format="nt") == plain_statements
    assert statements(pipe_reader(DOC, False), format="nt") == plain_statements
    tiny = b'<http://e/s> <http://e/p> "x" .'
    assert len(statements(ReadOnly(tiny), format="nt")) == 1
    assert statements(ReadOnly(b""), format="nt") == []


def test_short_input_that_starts_like_a_magic_number_is_text() -> None:
    # "BZh" without a block size digit is not bzip2; it reaches the parser, which rejects it.
    with pytest.raises(ParseError) as caught:
        statements(ReadOnly(b"BZh:x <http://e/p> 1 ."), format="ttl")
    assert not isinstance(caught.value, SourceError)
    assert caught.value.lineno == 1 and caught.value.colno == 1


def test_graph_parse_of_compressed_path_and_file(
    tmp_path: Path, codec: str, packed: bytes, plain_statements: list[tuple[Any, ...]]
) -> None:
    path = tmp_path / f"doc.nt{SUFFIX[codec]}"
    path.write_bytes(packed)
    expected = {(s, p, o) for s, p, o, _ in plain_statements}
    assert set(Graph().parse(str(path), format="strict-nt")) == expected
    assert set(Graph().parse(path, format="strict-nt")) == expected
    with open(path, "rb") as f:
        assert set(Graph().parse(file=f, format="strict-nt")) == expected
    assert set(Graph().parse(data=packed, format="strict-nt")) == expected


def test_magic_bytes_win_over_the_extension(tmp_path: Path, plain_statements: list[tuple[Any, ...]]) -> None:
    path = tmp_path / "looks-plain.nt"
    path.write_bytes(gzip.compress(DOC))
    assert statements(path) == plain_statements
    assert len(Graph().parse(path, format="strict-nt")) == len(plain_statements)
    plain = tmp_path / "looks-packed.nt.gz"  # a compression suffix on plain text: read as text
    plain.write_bytes(DOC)
    assert statements(plain) == plain_statements


def test_text_is_never_sniffed() -> None:
    # A str cannot hold compressed bytes; text streams go to the parser as they are.
    with pytest.raises(ParseError) as caught:
        statements(io.StringIO("\x1f\x8b garbage"), format="nt")
    assert not isinstance(caught.value, SourceError)
    assert len(statements(io.StringIO('<http://e/s> <http://e/p> "x" .'), format="nt")) == 1


def test_truncated_stream_names_the_file_and_the_line_where_the_text_stops(
    tmp_path: Path, codec: str, packed: bytes
) -> None:
    cut = packed[: len(packed) * 2 // 3]
    path = tmp_path / f"doc.nt{SUFFIX[codec]}"
    path.write_bytes(cut)
    readable = decompress_prefix(codec, cut)
    got: list[tuple[Any, ...]] = []
    with pytest.raises(SourceError) as caught:
        for statement in iterparse(path):
            got.append(statement)
    e = caught.value
    assert e.filename == str(path)
    assert e.lineno == line_ends(readable) + 1
    assert "truncated" in e.msg and codec in e.msg
    assert str(e).startswith(f"{path}:{e.lineno}: {codec} stream is truncated")
    # The complete lines before the break were parsed (all of them unless the text happens
    # to break off at a line end: the error then comes with the peek past the last chunk).
    assert len(got) <= line_ends(readable)
    if not readable.endswith((b"\n", b"\r")):
        assert len(got) == line_ends(readable)
    with pytest.raises(SourceError):
        Graph().parse(str(path), format="strict-nt")


def test_validate_of_a_truncated_stream_counts_the_statements_before_the_break(
    tmp_path: Path, codec: str, packed: bytes
) -> None:
    # The file is unreadable, and the summary says how many statements were read before it
    # broke off (it said 0).
    path = tmp_path / f"doc.nt{SUFFIX[codec]}"
    path.write_bytes(packed[: len(packed) * 2 // 3])
    read: list[Any] = []
    with pytest.raises(SourceError):
        read.extend(iterparse(path))
    done = run_cli(["validate", str(path)])
    assert done.returncode == 2
    assert f"1 unreadable (0 errors, 0 warnings); {len(read):,} statements in" in done.stderr


def test_truncated_inside_the_header_is_line_one(tmp_path: Path, codec: str, packed: bytes) -> None:
    path = tmp_path / "doc.nt"
    path.write_bytes(packed[:8])
    with pytest.raises(SourceError) as caught:
        statements(path)
    assert (caught.value.filename, caught.value.lineno) == (str(path), 1)


def test_corrupt_check_value_is_a_source_error(tmp_path: Path, codec: str, packed: bytes) -> None:
    bad = bytearray(packed)
    for i in range(len(bad) - 4, len(bad)):  # each codec's stream ends in a check value or marker
        bad[i] ^= 0xFF
    path = tmp_path / f"doc.nt{SUFFIX[codec]}"
    path.write_bytes(bytes(bad))
    with pytest.raises(SourceError) as caught:
        statements(path)
    assert caught.value.filename == str(path)
    assert "corrupt" in caught.value.msg or "truncated" in caught.value.msg


@pytest.mark.parametrize("where", [0.2, 0.5, 0.8])
def test_corrupt_data_raises_parse_errors_only(
    tmp_path: Path, codec: str, packed: bytes, where: float
) -> None:
    # Garbage may decode to bad text before a check value fails: a ParseError either way,
    # never the codec's own exception.
    bad = bytearray(packed)
    at = int(len(bad) * where)
    bad[at : at + 16] = bytes(b ^ 0x5A for b in bad[at : at + 16])
    path = tmp_path / "doc.nt"
    path.write_bytes(bytes(bad))
    with pytest.raises(ParseError) as caught:
        statements(path)
    assert caught.value.filename == str(path)


def test_error_positions_are_in_the_decompressed_text(tmp_path: Path, codec: str) -> None:
    doc = '<http://e/s> <http://e/p> "1" .\n<http://e/s> <http://e/p> "2" .\n    oops <http://e/p> 3 .\n'
    path = tmp_path / f"bad.nt{SUFFIX[codec]}"
    path.write_bytes(compress(codec, doc.encode()))
    with pytest.raises(ParseError) as caught:
        statements(path)
    e = caught.value
    assert not isinstance(e, SourceError)
    assert (e.filename, e.lineno, e.colno) == (str(path), 3, 5)
    assert e.text == "    oops <http://e/p> 3 ."


def test_concatenated_streams_are_one_document(codec: str) -> None:
    half = len(LINES) // 2
    first, second = "".join(LINES[:half]).encode(), "".join(LINES[half:]).encode()
    packed = compress(codec, first) + compress(codec, second)
    assert len(statements(ReadOnly(packed), format="nt")) == len(LINES)


def test_zstd_without_a_codec_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("compression", "compression.zstd", "zstandard"):
        monkeypatch.setitem(sys.modules, module, None)  # makes importing it fail
    path = tmp_path / "doc.nt.zst"
    path.write_bytes(MAGIC["zstd"] + b"\x00" * 16)
    with pytest.raises(SourceError) as caught:
        statements(path)
    assert caught.value.filename == str(path)
    assert "pip install rdflib-strict[zstd]" in str(caught.value)
    with pytest.raises(ModuleNotFoundError, match=r"rdflib-strict\[zstd\]"):
        open_output(str(tmp_path / "out.nt.zst"))


def test_zstd_stream_ending_between_frames_is_complete(plain_statements: list[tuple[Any, ...]]) -> None:
    module = zstd_module()
    if module.__name__ == "compression.zstd":
        packed = bytes(module.compress(DOC))
    else:
        packed = bytes(module.ZstdCompressor().compress(DOC))  # no checksum, no content size
    assert statements(ReadOnly(packed), format="nt") == plain_statements


def test_a_crlf_split_between_reads_counts_once() -> None:
    class Pieces:
        def __init__(self) -> None:
            self._pieces = [b"a\r", b"\nb\r", b"\r\n", b"c"]

        def read(self, size: int = -1) -> bytes:
            if not self._pieces:
                raise EOFError("cut")
            return self._pieces.pop(0)

    guarded = edge_source._Guarded(Pieces(), "x", "test stream", (EOFError,))
    assert guarded.read(100) == b"a\r\nb\r\r\nc"
    with pytest.raises(SourceError) as caught:
        guarded.read(100)
    assert caught.value.lineno == 4  # a\r\n, b\r, \r\n: three line ends


def test_source_error_is_a_parse_error_with_a_short_message() -> None:
    e = SourceError.reading("download failed: reset", "http://x/y.nt", 12)
    assert isinstance(e, ParseError)
    assert str(e) == "http://x/y.nt:12: download failed: reset"
    unlocated = SourceError.reading("HTTP 404 Not Found", "http://x/y.nt")
    assert str(unlocated) == "http://x/y.nt: HTTP 404 Not Found"
    again = pickle.loads(pickle.dumps(e))
    assert (type(again), str(again)) == (SourceError, str(e))


# --- format names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content_type", "expected"),
    [
        ("x.nt.gz", None, "ntriples"),
        ("x.TTL.BZ2", None, "turtle"),
        ("dir.v2/x.trig.xz", None, "trig"),
        ("x.nq.zst", None, "nquads"),
        ("http://h/a/x.ttl?download=1#top", None, "turtle"),
        ("http://h/a/x.nt.gz", "application/gzip", "ntriples"),
        ("http://h/a/data", "text/turtle; charset=utf-8", "turtle"),
        ("http://h/a/data", "Application/N-Quads", "nquads"),
        ("http://h/a/data", "application/trig", "trig"),
        ("http://h/a/data", "application/n-triples", "ntriples"),
        ("x.ttl", "application/n-quads", "turtle"),  # the name's extension wins
    ],
)
def test_format_for_names_and_media_types(name: str, content_type: str | None, expected: str) -> None:
    assert format_for(None, name, content_type) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("N-Triples", "ntriples"),
        ("n_triples", "ntriples"),
        ("application/n-triples", "ntriples"),
        ("n-quads", "nquads"),
        ("N-Quads", "nquads"),
        ("application/n-quads; charset=utf-8", "nquads"),
        ("text/turtle", "turtle"),
        (" Application/TriG ", "trig"),
        ("strict_Turtle", "turtle"),
    ],
)
def test_format_names_as_people_write_them(given: str, expected: str) -> None:
    assert format_for(given) == expected
    doc = b"<http://ex/s> <http://ex/p> <http://ex/o> .\n"  # in all four formats
    assert len(list(iterparse(data=doc, format=given))) == 1


def test_an_unknown_format_lists_every_name_and_media_type() -> None:
    with pytest.raises(ValueError, match="unknown format 'rdfxml'") as caught:
        format_for("rdfxml")
    for name in ("ntriples", "nt", "nquads", "nq", "turtle", "ttl", "trig", "strict-nt"):
        assert re.search(rf"\b{name}\b", str(caught.value)), name
    for media_type in ("application/n-triples", "application/n-quads", "text/turtle", "application/trig"):
        assert media_type in str(caught.value)
    with pytest.raises(ValueError, match="unknown format 'text/html'"):
        format_for("text/html")


def test_format_for_says_how_to_give_a_format() -> None:
    with pytest.raises(ValueError, match=r"^cannot tell the format from the extension '.txt': give format=$"):
        format_for(None, "data.txt")
    with pytest.raises(ValueError, match=r"from the extension '.txt': give --format$"):
        format_for(None, "data.txt", option="--format")
    with pytest.raises(ValueError, match=r"from a name without an extension: give format=$"):
        format_for(None, "x.gz")


def test_format_for_explicit_format_wins_and_unknowns_fail() -> None:
    assert format_for("nt", "x.ttl.gz", "text/turtle") == "ntriples"
    with pytest.raises(ValueError, match="media type 'text/html'"):
        format_for(None, "http://h/page", "text/html; charset=utf-8")
    with pytest.raises(ValueError, match="extension"):
        format_for(None, "x.gz")


def test_accept_header() -> None:
    assert accept_header("ntriples").startswith("application/n-triples")
    assert accept_header("nquads").startswith("application/n-quads")
    assert accept_header("turtle").startswith("text/turtle")
    assert accept_header("trig").startswith("application/trig")
    generic = accept_header(None)
    for media_type in ("application/n-triples", "application/n-quads", "text/turtle", "application/trig"):
        assert media_type in generic
    assert "q=" in generic
    with pytest.raises(ValueError):
        accept_header("rdfxml")


# --- output --------------------------------------------------------------------------------


def test_open_output_round_trips(tmp_path: Path, codec: str, plain_statements: list[tuple[Any, ...]]) -> None:
    if codec == "zstd":
        zstd_module()
    path = tmp_path / f"out.nt{SUFFIX[codec]}"
    with open_output(str(path)) as out:
        out.write(DOC[:1000])
        out.write(DOC[1000:])
    assert path.read_bytes().startswith(MAGIC[codec])
    assert decompress_prefix(codec, path.read_bytes()) == DOC
    assert statements(path) == plain_statements


def test_open_output_compresses_by_the_final_name(tmp_path: Path) -> None:
    part = tmp_path / "out.nt.gz.part"
    with open_output(str(part), final_name=str(tmp_path / "out.nt.gz")) as out:
        out.write(DOC)
    data = part.read_bytes()
    assert gzip.decompress(data) == DOC
    assert b"out.nt\x00" in data[:40]  # the name gunzip restores: the final one, not ".part"
    again = tmp_path / "again.nt.gz"
    with open_output(str(again), final_name=str(tmp_path / "out.nt.gz")) as out:
        out.write(DOC)
    assert data[4:8] == b"\0\0\0\0"  # no timestamp: the same input gives the same bytes
    assert again.read_bytes() == data


def test_open_output_plain(tmp_path: Path) -> None:
    path = tmp_path / "out.nt"
    with open_output(str(path)) as out:
        out.write(DOC)
    assert path.read_bytes() == DOC


# --- URLs ------------------------------------------------------------------------------------

TURTLE = b"@prefix ex: <http://example.org/> .\n<rel> ex:p <other#x> .\n"


class Handler(http.server.SimpleHTTPRequestHandler):
    """Files from the served directory; ``/typed/NAME?TYPE`` serves a file as media type TYPE
    (no extension in the URL), ``/redirect/NAME`` redirects to it, ``/cut`` promises more
    bytes than it sends. Every request's Accept header is recorded."""

    accepts: ClassVar[list[tuple[str, str | None]]] = []

    def do_GET(self) -> None:
        self.accepts.append((self.path, self.headers.get("Accept")))
        if self.path.startswith("/typed/"):
            name, _, media_type = self.path[len("/typed/") :].partition("?")
            self._send(Path(self.directory, name).read_bytes(), media_type.replace("%20", " "))
        elif self.path.startswith("/redirect/"):
            self.send_response(302)
            self.send_header("Location", "/files/" + self.path[len("/redirect/") :])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/cut":
            self.send_response(200)
            self.send_header("Content-Type", "application/n-triples")
            self.send_header("Content-Length", str(len(DOC)))
            self.end_headers()
            self.wfile.write(DOC[:5000])
            self.close_connection = True
        elif self.path.startswith("/files/"):
            self.path = self.path[len("/files") :]
            super().do_GET()
        else:
            self.send_error(404)

    def _send(self, body: bytes, media_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", media_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the test output is not a server log


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a local server over a directory holding the test documents."""
    root = tmp_path_factory.mktemp("served")
    (root / "doc.nt").write_bytes(DOC)
    (root / "doc.nt.gz").write_bytes(gzip.compress(DOC))
    (root / "gz-inside").write_bytes(gzip.compress(TURTLE))
    (root / "dir").mkdir()
    (root / "dir" / "doc.ttl").write_bytes(TURTLE)

    class Served(Handler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(root), **kwargs)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Served)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def accept_sent(path: str) -> str | None:
    return [accept for sent, accept in Handler.accepts if sent == path][-1]


def test_url_streams_the_same_statements(served: str, plain_statements: list[tuple[Any, ...]]) -> None:
    assert statements(f"{served}/files/doc.nt") == plain_statements
    assert accept_sent("/files/doc.nt") == accept_header(None)  # iterparse asks for any RDF


def test_url_name_base_and_content_type(served: str) -> None:
    url = f"{served}/files/dir/doc.ttl"
    with open_source(url, accept=accept_header("turtle")) as opened:
        assert (opened.name, opened.base) == (url, url)
        assert opened.content_type is not None
        assert ";" not in opened.content_type
    assert accept_sent("/files/dir/doc.ttl") == accept_header("turtle")
    s, _, o, _ = statements(url)[0]
    assert (s, o) == (URIRef(f"{served}/files/dir/rel"), URIRef(f"{served}/files/dir/other#x"))


def test_url_base_is_where_redirects_lead(served: str) -> None:
    url = f"{served}/redirect/dir/doc.ttl"
    with open_source(url) as opened:
        assert (opened.name, opened.base) == (url, f"{served}/files/dir/doc.ttl")
    s, _, _, _ = statements(url)[0]
    assert s == URIRef(f"{served}/files/dir/rel")


def test_url_without_extension_takes_the_format_from_its_media_type(served: str) -> None:
    url = f"{served}/typed/dir/doc.ttl?text/turtle;%20charset=utf-8"
    with open_source(url) as opened:
        assert opened.content_type == "text/turtle"
        fmt = format_for(None, opened.name, opened.content_type)
        assert fmt == "turtle"
        parser = make_parser(fmt, opened.base)
        got = [statement for batch in parser.batches(opened.reader) for statement in batch]
    assert got[0][0] == URIRef(f"{served}/typed/dir/rel")


def test_url_serving_gzip_is_decompressed(served: str, plain_statements: list[tuple[Any, ...]]) -> None:
    url = f"{served}/files/doc.nt.gz"
    with open_source(url) as opened:
        assert opened.content_type == "application/gzip"
        assert format_for(None, opened.name, opened.content_type) == "ntriples"
    assert statements(url) == plain_statements
    typed = f"{served}/typed/gz-inside?text/turtle"  # compressed, no extension at all
    with open_source(typed) as opened:
        assert format_for(None, opened.name, opened.content_type) == "turtle"
        assert "".join(opened.reader).encode() == TURTLE


def test_url_not_found_is_a_source_error(served: str) -> None:
    url = f"{served}/files/missing.nt"
    with pytest.raises(SourceError) as caught:
        open_source(url)
    assert caught.value.filename == url
    assert str(caught.value).startswith(f"{url}: HTTP 404 ")
    with pytest.raises(SourceError):
        statements(url)


def test_url_refused_is_a_source_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/doc.nt"  # nothing listens there any more
    with pytest.raises(SourceError) as caught:
        open_source(url)
    assert caught.value.filename == url
    assert "cannot download" in caught.value.msg


def test_url_body_breaking_off_is_a_source_error(served: str) -> None:
    url = f"{served}/cut"
    with pytest.raises(SourceError) as caught:
        statements(url, format="nt")
    e = caught.value
    assert e.filename == url
    assert e.msg.startswith("download failed")
    assert 1 <= e.lineno <= line_ends(DOC[:5000]) + 1


def test_located_source_errors_have_a_line_and_column(codec: str, packed: bytes) -> None:
    # Whoever handles ParseError may rely on a 1-based position (editors, the CLI).
    with pytest.raises(SourceError) as caught:
        statements(None, data=packed[: len(packed) // 2], format="nt")
    assert caught.value.lineno >= 1 and caught.value.colno == 1


# --- the faces: iterparse and the command line ------------------------------------------------


def test_iterparse_asks_for_the_format_given_and_reads_the_media_type(served: str) -> None:
    typed = f"{served}/typed/dir/doc.ttl?text/turtle"
    got = list(iterparse(typed))  # no extension: the media type says Turtle
    assert got[0][0] == URIRef(f"{served}/typed/dir/rel")
    list(iterparse(f"{served}/files/dir/doc.ttl", format="ttl"))
    assert accept_sent("/files/dir/doc.ttl") == accept_header("turtle")


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd=cwd)


def test_cli_validates_urls_and_says_which_cannot_be_read(served: str) -> None:
    out = cli("validate", f"{served}/typed/dir/doc.ttl?text/turtle", f"{served}/files/doc.nt.gz")
    assert out.returncode == 0, out.stderr
    assert "2 files checked: 2 valid, 0 invalid" in out.stderr
    missing = f"{served}/files/none.nt"
    out = cli("validate", f"{served}/files/doc.nt", missing)
    assert out.returncode == 2
    assert f"rdflib-strict: {missing}: HTTP 404" in out.stderr
    assert "Traceback" not in out.stderr + out.stdout


def test_cli_convert_reads_and_writes_compressed(tmp_path: Path, codec: str, packed: bytes) -> None:
    if codec == "zstd":
        zstd_module()
    (tmp_path / "in.nt.any").write_bytes(packed)  # the name says nothing: the bytes do
    out = cli("convert", "in.nt.any", "--format", "nt", "--to", "nq", "-o", "out.nq.gz", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert gzip.decompress((tmp_path / "out.nq.gz").read_bytes()) == DOC.replace(b"\r\n", b"\n").replace(
        b"\r", b"\n"
    )
    assert not (tmp_path / "out.nq.gz.part").exists()


def test_cli_broken_stream_is_exit_2_and_leaves_no_output(tmp_path: Path, codec: str, packed: bytes) -> None:
    if codec == "zstd":
        zstd_module()
    (tmp_path / "cut.nt").write_bytes(packed[: len(packed) // 2])
    out = cli("convert", "cut.nt", "--to", "nt", "-o", "out.nt", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith("cut.nt:") and "truncated" in out.stderr
    assert not (tmp_path / "out.nt").exists() and not (tmp_path / "out.nt.part").exists()
    out = cli("validate", "cut.nt", cwd=tmp_path)
    assert out.returncode == 2
    assert "1 unreadable" in out.stderr


def test_zstd_on_stdin_without_a_codec_is_said_not_raised(tmp_path: Path) -> None:
    # The file path's open caught it; stdin's open was outside that: a traceback.
    probe = (
        "import sys\n"
        "for module in ('compression', 'compression.zstd', 'zstandard'):\n"
        "    sys.modules[module] = None  # makes importing it fail\n"
        "from rdflib_strict.cli import main\n"
        "sys.exit(main(['validate', '-f', 'nt', '-']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], input=MAGIC["zstd"] + b"\x00" * 16, capture_output=True, check=False
    )
    assert done.returncode == 2
    assert b"pip install rdflib-strict[zstd]" in done.stderr and b"Traceback" not in done.stderr


def test_a_url_that_cannot_be_split_is_said_not_raised(tmp_path: Path) -> None:
    out = run_cli(["validate", "http://[::1/x.nt"], cwd=tmp_path)
    assert out.returncode == 2
    assert "cannot download: Invalid IPv6 URL" in out.stderr and "Traceback" not in out.stderr
