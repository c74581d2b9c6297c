"""The two exception types: ParseError for bad input, SerializeError for unwritable terms.

Position math (line, column, excerpt) runs only when an error is raised, so the parsers'
hot loops carry nothing but an integer offset into the text they are scanning.
"""

from __future__ import annotations

from rdflib.exceptions import ParserError

__all__ = ["ParseError", "SerializeError", "describe_found"]

_MAX_QUOTE = 40


class ParseError(ParserError, SyntaxError):
    """A document is not valid N-Triples, N-Quads or Turtle.

    Caught by ``except rdflib.exceptions.ParserError``, ``except SyntaxError`` and
    ``except ParseError``. Attributes:

    - ``msg``: the message without position (``expected X, found Y``);
    - ``filename``: the source's name or IRI (``<string>`` for data given in memory);
    - ``lineno``, ``colno``: 1-based line and column (the column counts code points);
    - ``end_offset``: 1-based column just past the offending span, on the same line;
    - ``text``: the offending line, without its line end;
    - ``pos``: 0-based offset of the error in the decoded chunk it was found in (internal).

    ``str(e)`` is ``SOURCE:LINE:COL: message`` followed by the line and a caret under the span.
    """

    msg: str
    filename: str
    lineno: int
    colno: int
    end_offset: int
    text: str
    pos: int

    def __init__(
        self,
        msg: str,
        filename: str,
        lineno: int,
        colno: int,
        end_colno: int,
        text: str,
        pos: int = 0,
    ) -> None:
        SyntaxError.__init__(self, msg, (filename, lineno, colno, text, lineno, end_colno))
        self.msg = msg
        self.colno = colno
        self.pos = pos

    @classmethod
    def at(
        cls,
        src: str,
        pos: int,
        end: int,
        msg: str,
        filename: str = "<string>",
        first_line: int = 1,
    ) -> ParseError:
        """Locate the span ``[pos, end)`` of ``src`` and build the error.

        ``src`` may be one chunk of a larger document: ``first_line`` is the line number of
        its first line, and the chunk must start at the beginning of a line.
        """
        pos = max(0, min(pos, len(src)))
        line_start = src.rfind("\n", 0, pos) + 1
        line_end = src.find("\n", pos)
        if line_end < 0:
            line_end = len(src)
        text = src[line_start:line_end]
        if text.endswith("\r"):
            text = text[:-1]
        colno = pos - line_start + 1
        span_end = min(max(end, pos + 1), line_start + len(text) + 1)
        end_colno = colno + max(1, span_end - pos)
        lineno = first_line + src.count("\n", 0, pos)
        return cls(msg, filename, lineno, colno, end_colno, text, pos)

    def __str__(self) -> str:
        gutter = " " * len(str(self.lineno))
        pad = "".join(c if c == "\t" else " " for c in self.text[: self.colno - 1])
        carets = "^" * max(1, self.end_offset - self.colno)
        return (
            f"{self.filename}:{self.lineno}:{self.colno}: {self.msg}\n"
            f" {self.lineno} | {self.text}\n"
            f" {gutter} | {pad}{carets}"
        )

    def __reduce__(self) -> tuple[type[ParseError], tuple[str, str, int, int, int, str, int]]:
        return type(self), (
            self.msg,
            self.filename,
            self.lineno,
            self.colno,
            self.end_offset,
            self.text,
            self.pos,
        )


class SerializeError(ValueError):
    """A term or statement cannot be written in the requested format.

    ``term`` is the offending rdflib term and ``statement`` the statement it occurs in.
    """

    def __init__(self, reason: str, term: object, statement: tuple[object, ...] | None) -> None:
        self.reason = reason
        self.term = term
        self.statement = statement
        where = ""
        if statement is not None:
            where = " in statement (" + ", ".join(_n3(t) for t in statement if t is not None) + ")"
        super().__init__(f"cannot write {_n3(term)}: {reason}{where}")

    def in_statement(self, statement: tuple[object, ...]) -> SerializeError:
        """The same error, naming the statement it occurs in (for writers that look it up
        only once something has failed)."""
        return SerializeError(self.reason, self.term, statement)


def _n3(term: object) -> str:
    n3 = getattr(term, "n3", None)
    if callable(n3):
        try:
            return str(n3())
        except Exception:  # an invalid term may not even render; fall back to repr
            pass
    return repr(term)


def describe_found(src: str, pos: int, final: bool = True) -> str:
    """Quote what stands at ``pos`` for an ``expected X, found Y`` message."""
    if pos >= len(src):
        return "end of document" if final else "end of input"
    ch = src[pos]
    if ch == "\n" or ch == "\r":
        return "end of line"
    end = pos
    n = len(src)
    # A token runs to the next whitespace; a lone delimiter stands for itself.
    while end < n and end - pos < _MAX_QUOTE and src[end] not in " \t\r\n":
        end += 1
    if end == pos:
        return "a tab" if ch == "\t" else "a space"
    token = src[pos:end]
    if end < n and src[end] not in " \t\r\n":
        token += "..."
    return "'" + token + "'"
