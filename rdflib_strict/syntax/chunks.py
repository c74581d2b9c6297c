"""Turning whatever the caller gave into decoded text, a chunk at a time.

Every chunk but the last ends just after a line end: LF, CR or CRLF (``EOL ::= [#xD#xA]+``),
and never between the CR and LF of a CRLF, so counting line ends chunk by chunk counts each
CRLF once. Since no token but a long Turtle string spans a line end, a parser can treat a
chunk as complete lines and ask for more only when a statement runs past its end; and since
bytes 0x0A and 0x0D never occur inside a multi-byte UTF-8 sequence, each byte chunk split
there decodes on its own, so a decoding error is located exactly without an incremental
decoder.

Policy on a byte order mark: one U+FEFF at the very start of the document is skipped, in every
format (the specs are silent; most tools write or accept it). Anywhere else it is an ordinary
character and the grammar decides.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, AnyStr, Final

from .escapes import SURROGATE_RE
from .kinds import ErrorKind
from .positions import count_byte_line_ends, count_line_ends

if TYPE_CHECKING:
    from .errors import ParseError

__all__ = ["ChunkReader", "cut_at_line_end", "reads_text"]

CHUNK_SIZE: Final = 1 << 20
_BOM: Final = "\ufeff"


class ChunkReader:
    """Reads a byte or text stream as decoded chunks that end at line boundaries.

    ``line`` is the 1-based line number of the first line of the chunk last yielded, and
    ``has_cr`` whether that chunk holds a CR (found in the bytes, where the search costs a
    quarter of one in a text of 4-byte characters).
    ``read_more()`` lets a parser that needs a bigger window than one chunk (a statement
    spanning many lines) pull the next chunk; it returns "" at the end of the input.
    """

    def __init__(
        self, stream: IO[bytes] | IO[str], name: str, chunk_size: int = CHUNK_SIZE, *, at_start: bool = True
    ) -> None:
        # at_start=False: the stream is a later part of a document (a parallel parse's block),
        # so a BOM there is text, not a byte order mark.
        self.name = name
        self.line = 1
        self.has_cr = False
        self._stream: Any = stream
        self._size = chunk_size
        self._text = reads_text(stream)
        self._carry: bytes | str = "" if self._text else b""
        self._next_line = 1
        self._eof = False
        self._first = at_start

    @property
    def lines_read(self) -> int:
        """The number of line ends in the text returned so far."""
        return self._next_line - 1

    @property
    def done(self) -> bool:
        """True once the chunk last returned was the final one."""
        return self._eof

    def __iter__(self) -> Iterator[str]:
        while True:
            chunk = self.read_more()
            if not chunk:
                return
            yield chunk

    def read_more(self, at_least: int = 0) -> str:
        """The next chunk of text (at least ``at_least`` characters, unless the input ends)."""
        if self._eof:
            return ""
        size = max(self._size, at_least)
        if self._text:
            text = self._read_text(size)
            self.has_cr = "\r" in text
            line_ends = count_line_ends(text)
        else:
            # Counted in the bytes: as many as in the text, and a pass over a byte each
            # rather than over the wider characters of a text with any CJK or emoji in it.
            text, line_ends = self._read_bytes(size)
        if self._first:
            self._first = False
            if text.startswith(_BOM):
                text = text[1:]
        if self._text:
            # Checked after the BOM is dropped, so columns match what the parsers count.
            m = SURROGATE_RE.search(text)
            if m is not None:
                from .errors import ParseError  # loads rdflib: only for an error (see kinds.py)

                raise ParseError.at(
                    text,
                    m.start(),
                    m.end(),
                    f"lone surrogate U+{ord(m.group()):04X} in the input, which is not UTF-8 text",
                    ErrorKind.ENCODING,
                    self.name,
                    self._next_line,
                )
        self.line = self._next_line
        self._next_line += line_ends
        return text

    def _read_bytes(self, size: int) -> tuple[str, int]:
        """The next chunk decoded, and its line ends."""
        assert isinstance(self._carry, bytes)
        chunk, self._carry, self._eof = cut_at_line_end(self._stream.read, self._carry, size, b"\n", b"\r")
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError as e:
            # The whole lines before the bad bytes come first (their statements are read and
            # counted); the next read starts at the bad line and raises there.
            cut = max(chunk.rfind(b"\n", 0, e.start), chunk.rfind(b"\r", 0, e.start)) + 1
            if not cut:
                raise self._decode_error(chunk, e) from None
            self._carry, self._eof = chunk[cut:] + self._carry, False
            chunk = chunk[:cut]
            text = chunk.decode("utf-8")
        self.has_cr = b"\r" in chunk
        return text, count_byte_line_ends(chunk, self.has_cr)

    def _read_text(self, size: int) -> str:
        assert isinstance(self._carry, str)
        chunk, self._carry, self._eof = cut_at_line_end(self._stream.read, self._carry, size, "\n", "\r")
        return chunk

    def _decode_error(self, chunk: bytes, e: UnicodeDecodeError) -> ParseError:
        from .errors import ParseError  # loads rdflib: only for an error (see kinds.py)

        # Everything before the bad bytes decoded; the rest is shown with U+FFFD for them.
        pos = len(chunk[: e.start].decode("utf-8"))
        text = chunk.decode("utf-8", "replace")
        if self._next_line == 1 and text.startswith(_BOM):
            text = text[1:]
            pos -= 1
        bad = " ".join(f"{b:02X}" for b in chunk[e.start : e.end])
        return ParseError.at(
            text,
            pos,
            pos + 1,
            f"invalid UTF-8: byte(s) {bad} do not encode a character",
            ErrorKind.ENCODING,
            self.name,
            self._next_line,
        )


def cut_at_line_end(
    read: Callable[[int], AnyStr], carry: AnyStr, size: int, lf: AnyStr, cr: AnyStr
) -> tuple[AnyStr, AnyStr, bool]:
    """Read until a line end; return (complete lines, the rest, whether the input is done)."""
    data = carry + read(size)
    cut = max(data.rfind(lf), data.rfind(cr)) + 1
    # Read on while no line end was read, or a CR ends what was read: it may be the first half
    # of a CRLF. Each piece is searched alone and all are joined once: a line of 50 MB read
    # 1 MiB at a time cost 0.56 s when each piece was added to the whole and it searched again.
    pieces, total = [data], len(data)
    while not cut or (cut == total and pieces[-1].endswith(cr)):
        more = read(size)
        if not more:
            data = data[:0].join(pieces)
            return data, data[:0], True  # a last line without a line end, or nothing
        found = max(more.rfind(lf), more.rfind(cr)) + 1
        if found:
            cut = total + found
        pieces.append(more)
        total += len(more)
    if len(pieces) > 1:
        data = data[:0].join(pieces)
    rest = data[cut:]
    if rest:
        return data[:cut], rest, False
    # Peek so that the caller learns about the end with the last chunk, not one call later.
    rest = read(size)
    return data[:cut], rest, not rest


def reads_text(stream: object) -> bool:
    """Whether ``stream`` yields ``str`` (a text file object) rather than ``bytes``."""
    if isinstance(stream, io.TextIOBase):
        return True
    # A StringIO can sit in an InputSource's byte slot; probing with a zero-length read tells
    # text from bytes for file-likes that are not io.IOBase subclasses.
    try:
        return isinstance(stream.read(0), str)  # type: ignore[attr-defined]
    except Exception:
        return False
