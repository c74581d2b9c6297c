"""Token scanning shared by the parsers' precise paths, which find and explain errors.

The fast paths never call these; they run once a statement has failed the fast regexes, so
they favour exact spans and plain-word messages over speed.
"""

from __future__ import annotations

from typing import Final

from .grammar import IRIREF_BODY_RE

__all__ = ["NOT_RDF11", "SpanError", "describe_char", "iriref_body_end", "token_end"]

_QUOTE_MAX: Final = 40
#: How every parser ends the message for RDF 1.2-only syntax.
NOT_RDF11: Final = "RDF 1.2 syntax, which this RDF 1.1 parser does not support"


class SpanError(ValueError):
    """A problem at ``src[start:end]``; each parser turns it into its ParseError."""

    def __init__(self, start: int, end: int, msg: str) -> None:
        super().__init__(msg)
        self.start = start
        self.end = end
        self.msg = msg


def iriref_body_end(src: str, pos: int) -> int:
    """The end of the IRIREF body after the '<' at ``pos``: the offset of its '>'.

    [18] IRIREF ::= '<' ([^#x00-#x20<>"{}|^`\\] | UCHAR)* '>'

    Raises SpanError at the first character the production does not allow there.
    """
    body_end = IRIREF_BODY_RE.match(src, pos + 1).end()  # type: ignore[union-attr]
    if src.startswith(">", body_end):
        return body_end
    if body_end >= len(src) or src[body_end] in "\r\n":
        raise SpanError(pos, body_end, "unterminated IRI: expected '>' before the end of the line")
    bad = src[body_end]
    if bad == "\\":
        raise SpanError(
            body_end,
            body_end + 2,
            f"invalid escape '{src[body_end : body_end + 2]}' in IRI (allowed: \\uXXXX \\UXXXXXXXX)",
        )
    raise SpanError(
        body_end,
        body_end + 1,
        f"invalid character {describe_char(bad)} in IRI, expected '>' or an IRI character",
    )


def token_end(src: str, pos: int) -> int:
    """Where the token at ``pos`` ends for a caret: the next whitespace, at most 40 characters on."""
    end = pos + 1
    n = len(src)
    while end < n and src[end] not in " \t\r\n" and end - pos < _QUOTE_MAX:
        end += 1
    return end


def describe_char(ch: str) -> str:
    """A character as a message quotes it: printable ones quoted, controls as U+XXXX."""
    if ch == " ":
        return "' ' (a space)"
    if ord(ch) < 0x20 or ch == "\x7f":
        return f"U+{ord(ch):04X}"
    return f"'{ch}'"
