"""The two exception types: ParseError for bad input, SerializeError for unwritable terms.

Position math (line, column, excerpt) runs only when an error is raised, so the parsers'
hot loops carry nothing but an integer offset into the text they are scanning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rdflib.exceptions import ParserError

from .kinds import ILL_TYPED, ErrorKind, SpanError
from .positions import LINE_END_RE, Span, count_line_ends, line_start_before
from .shown import CUT, clip, shown_char, visible

__all__ = [
    "EXCERPT_MAX",
    "ILL_TYPED",
    "MESSAGE_MAX",
    "ErrorKind",
    "ParseError",
    "SerializeError",
    "SourceError",
    "SpanError",
    "excerpt",
    "visible",
]


#: The most characters of the offending line an excerpt shows: a window around the error's
#: column, a third of it before, with ``...`` where the line goes on past it.
EXCERPT_MAX: Final = 200
#: The most characters of a message: the quotes in it are bounded where they are made
#: (``clip``); this bounds what a message quotes that nobody thought long (a year's digits).
MESSAGE_MAX: Final = 500


def excerpt(lineno: int, colno: int, end_colno: int, text: str) -> str:
    """The two lines shown under a ``SOURCE:LINE:COL: message`` line: ``text`` (line
    ``lineno``, without its line end) and a caret under its columns ``[colno, end_colno)``,
    at least one. Tabs are kept so that the caret lines up in a terminal; other invisible
    characters show as ``U+XXXX`` (the caret line widened to match); a line longer than
    ``EXCERPT_MAX`` shows the window around the column, cut with ``...``.

    >>> print(excerpt(7, 6, 9, "ex:a 'b' ."))
     7 | ex:a 'b' .
       |      ^^^
    >>> print(excerpt(1, 3, 4, "a\ufeffb"))
     1 | aU+FEFFb
       |        ^
    """
    gutter = " " * len(str(lineno))
    col = min(max(colno - 1, 0), len(text))
    # Each character shows as one to eight: EXCERPT_MAX characters either side are enough.
    low = max(0, col - EXCERPT_MAX)
    pieces = [shown_char(c) for c in text[low : col + EXCERPT_MAX]]
    at = col - low
    start, stop = _window(pieces, at)
    head = CUT if low + start > 0 else ""
    tail = CUT if low + stop < len(text) else ""
    pad = " " * len(head) + "".join(p if p == "\t" else " " * len(p) for p in pieces[start:at])
    carets = "^" * max(1, sum(map(len, pieces[at : min(end_colno - 1 - low, stop)])))
    return f" {lineno} | {head}{''.join(pieces[start:stop])}{tail}\n {gutter} | {pad}{carets}"


def shown_at(where: Span, said: str, source_lines: Sequence[str]) -> str:
    """``SOURCE:LINE:COL: said`` for the span ``where``, then its first line and a caret under
    it (to the line's end if the span goes on), when ``source_lines`` holds that line."""
    head = f"{visible(where.source)}:{where.line}:{where.column}: {said}"
    if not 1 <= where.line <= len(source_lines):
        return head
    text = source_lines[where.line - 1]
    end = where.end_column if where.end_line == where.line else len(text) + 1
    return head + "\n" + excerpt(where.line, where.column, end, text)


def _window(pieces: list[str], at: int) -> tuple[int, int]:
    """The pieces ``[start, stop)`` an excerpt shows: the one at ``at`` (if the line has
    one there) and its neighbours, up to ``EXCERPT_MAX`` characters, at most a third of them
    before it unless the line ends sooner after it."""
    start, stop, width = at, at, 0
    while start > 0 and width + len(pieces[start - 1]) <= EXCERPT_MAX // 3:
        start -= 1
        width += len(pieces[start])
    while stop < len(pieces) and width + len(pieces[stop]) <= EXCERPT_MAX:
        width += len(pieces[stop])
        stop += 1
    while start > 0 and width + len(pieces[start - 1]) <= EXCERPT_MAX:
        start -= 1
        width += len(pieces[start])
    return start, stop


class ParseError(ParserError, SyntaxError):
    """A document is not valid N-Triples, N-Quads, Turtle or TriG.

    Caught by ``except rdflib.exceptions.ParserError``, ``except SyntaxError`` and
    ``except ParseError``. Attributes:

    - ``msg``: the message without position (``expected X, found Y``);
    - ``filename``: the source's name or IRI (``<string>`` for data given in memory);
    - ``lineno``, ``colno``: 1-based line and column (the column counts code points);
    - ``end_offset``: 1-based column just past the offending span, on the same line;
    - ``text``: the offending line, without its line end;
    - ``pos``: 0-based offset of the error in the decoded chunk it was found in (internal);
    - ``kind``: what the error is (an ErrorKind, a ``str`` such as ``"relative-iri"``);
    - ``skipped``: when the caller asked to skip bad statements (``on_error``), the original
      text of the statement that was skipped, line end included; else "".

    ``str(e)`` is ``SOURCE:LINE:COL: message`` followed by the line and a caret under the span,
    bounded whatever the input: the message has at most ``MESSAGE_MAX`` characters (a longer
    one is cut in the middle when the error is made, so ``msg`` is bounded too) and the
    excerpt shows at most ``EXCERPT_MAX`` of the line, around the error. ``text`` and
    ``skipped`` stay whole: they are the input, for the caller to use (``str(e)`` does not
    show ``skipped``).
    """

    msg: str
    filename: str
    lineno: int
    colno: int
    end_offset: int
    text: str
    pos: int
    skipped: str = ""
    kind: ErrorKind = ErrorKind.UNCLASSIFIED

    def __init__(
        self,
        msg: str,
        filename: str,
        lineno: int,
        colno: int,
        end_colno: int,
        text: str,
        pos: int = 0,
        kind: ErrorKind | None = None,
    ) -> None:
        msg = clip(msg, MESSAGE_MAX)
        SyntaxError.__init__(self, msg, (filename, lineno, colno, text, lineno, end_colno))
        self.msg = msg
        self.colno = colno
        self.pos = pos
        if kind is not None:
            self.kind = kind

    @classmethod
    def at(
        cls,
        src: str,
        pos: int,
        end: int,
        msg: str,
        kind: ErrorKind,
        filename: str = "<string>",
        first_line: int = 1,
        counted: tuple[int, int] = (0, 0),
    ) -> ParseError:
        """Locate the span ``[pos, end)`` of ``src`` and build the error.

        ``src`` may be one chunk of a larger document: ``first_line`` is the line number of
        its first line, and the chunk must start at the beginning of a line. ``counted`` is
        ``(offset, line ends before it)`` for a line start at or before ``pos`` already
        counted (an earlier error's), so that many errors in one chunk count it once.
        """
        pos = max(0, min(pos, len(src)))
        if src.startswith("\n", pos) and src.startswith("\r", pos - 1):
            pos -= 1  # the LF of a CRLF is part of the line end the CR starts
        line_start = line_start_before(src, pos)
        m = LINE_END_RE.search(src, pos)
        line_end = len(src) if m is None else m.start()
        text = src[line_start:line_end]
        colno = pos - line_start + 1
        span_end = min(max(end, pos + 1), line_end + 1)
        end_colno = colno + max(1, span_end - pos)
        offset, lines = counted if counted[0] <= line_start else (0, 0)
        lineno = first_line + lines + count_line_ends(src, offset, line_start)
        return cls(msg, filename, lineno, colno, end_colno, text, pos, kind)

    def __reduce__(self) -> tuple[Any, ...]:
        # SyntaxError's own pickling passes (msg, details) to __init__, which takes more;
        # ``skipped`` travels as state (a parallel parse's workers send errors back).
        args = (
            self.msg,
            self.filename,
            self.lineno,
            self.colno,
            self.end_offset,
            self.text,
            self.pos,
            self.kind,
        )
        return (type(self), args, {"skipped": self.skipped})

    def moved(self, lines: int) -> ParseError:
        """This error ``lines`` lines further down: where it is in the whole document when it
        was found in a part that starts after ``lines`` line ends (a parallel parse)."""
        e = type(self)(
            self.msg,
            self.filename,
            self.lineno + lines,
            self.colno,
            self.end_offset,
            self.text,
            self.pos,
            self.kind,
        )
        e.skipped = self.skipped
        return e

    def __str__(self) -> str:
        # The message quotes input too; only the line breaks here and in the excerpt are real.
        return f"{visible(self.filename)}:{self.lineno}:{self.colno}: {visible(self.msg)}\n" + excerpt(
            self.lineno, self.colno, self.end_offset, self.text
        )


class SourceError(ParseError):
    """The input could not be read: a corrupt or truncated compressed stream, a failed download.

    ``filename`` names the source (the path or URL as given); ``lineno`` is the line of the
    (decompressed) text where reading stopped, with ``colno`` 1 (the column is not tracked);
    both are 0 when the source failed before it gave any text (a failed download, a missing
    codec). ``text`` is "". ``str(e)`` is ``SOURCE:LINE: message``, or ``SOURCE: message``
    without a line, and no excerpt: the text the stream did give is fine, the fault lies
    past it.
    """

    kind = ErrorKind.SOURCE

    @classmethod
    def reading(cls, msg: str, filename: str, lineno: int = 0) -> SourceError:
        """The error for a source that failed at ``lineno`` (0: before any text)."""
        colno = 1 if lineno else 0
        return cls(msg, filename, lineno, colno, colno, "")

    def __str__(self) -> str:
        where = f":{self.lineno}" if self.lineno else ""
        return f"{visible(self.filename)}{where}: {visible(self.msg)}"


class SerializeError(ValueError):
    """A term or statement cannot be written in the requested format.

    ``term`` is the offending rdflib term and ``statement`` the statement it occurs in;
    ``shown``, if given, is the term as the output would write it (a blank node by its label,
    not by the id a reader gave it).
    """

    def __init__(
        self, reason: str, term: object, statement: tuple[object, ...] | None, shown: str | None = None
    ) -> None:
        self.reason = reason
        self.term = term
        self.statement = statement
        self.shown = shown
        where = ""
        if statement is not None:
            # As N-Quads writes it, not as a Python tuple.
            where = " in the statement " + " ".join(_n3(t) for t in statement if t is not None) + " ."
        super().__init__(f"cannot write {_n3(term) if shown is None else shown}: {reason}{where}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a parallel convert's worker and re-raised here.
        return (type(self), (self.reason, self.term, self.statement, self.shown))

    def in_statement(self, statement: tuple[object, ...]) -> SerializeError:
        """The same error, naming the statement it occurs in (for writers that look it up
        only once something has failed)."""
        return SerializeError(self.reason, self.term, statement, self.shown)


def _n3(term: object) -> str:
    n3 = getattr(term, "n3", None)
    if callable(n3):
        try:
            return clip(str(n3()))
        except Exception:  # an invalid term may not even render; fall back to repr
            pass
    return clip(repr(term))
