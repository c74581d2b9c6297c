"""Token scanning shared by the parsers' precise paths, which find and explain errors.

The fast paths never call these; they run once a statement has failed the fast regexes, so
they favour exact spans and plain-word messages over speed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeAlias, cast

from .grammar import IRIREF_BODY
from .kinds import ErrorKind, SpanError
from .messages import bad_iri_escape

__all__ = ["TO_LINE_END", "SureMatch", "describe_char", "iriref_body_end", "sure_match"]

#: A regex's ``match(string, pos)`` that cannot fail: the pattern matches the empty string.
SureMatch: TypeAlias = Callable[[str, int], "re.Match[str]"]


def sure_match(pattern: str) -> SureMatch:
    """``re.compile(pattern).match``, typed as never returning None.

    For runs such as whitespace or a string body, which may be empty: callers take
    ``.end()`` directly, with no None check in the hot loops and none for the type checker.
    """
    compiled = re.compile(pattern)
    if compiled.match("") is None:
        raise ValueError(f"{pattern!r} does not match the empty string, so its match can fail")
    return cast(SureMatch, compiled.match)


_IRIREF_BODY: Final = sure_match(IRIREF_BODY)
#: The rest of a line, up to (not including) its LF or CR: a comment's extent.
TO_LINE_END: Final = sure_match(r"[^\r\n]*")


def iriref_body_end(src: str, pos: int) -> int:
    """The end of the IRIREF body after the '<' at ``pos``: the offset of its '>'.

    [18] IRIREF ::= '<' ([^#x00-#x20<>"{}|^`\\] | UCHAR)* '>'

    Raises SpanError at the first character the production does not allow there.
    """
    body_end = _IRIREF_BODY(src, pos + 1).end()
    if src.startswith(">", body_end):
        return body_end
    if body_end >= len(src) or src[body_end] in "\r\n":
        raise SpanError(
            "unterminated IRI: expected '>' before the end of the line",
            pos,
            body_end,
            kind=ErrorKind.INVALID_IRI,
        )
    bad = src[body_end]
    if bad == "\\":
        esc = src[body_end : body_end + 2]
        raise SpanError(bad_iri_escape(esc), body_end, body_end + 2, kind=ErrorKind.INVALID_ESCAPE)
    raise SpanError(
        f"invalid character {describe_char(bad)} in IRI, expected '>' or an IRI character",
        body_end,
        body_end + 1,
        kind=ErrorKind.INVALID_IRI,
    )


def describe_char(ch: str) -> str:
    """A character as a message quotes it: printable ones quoted, controls as U+XXXX."""
    if ch == " ":
        return "' ' (a space)"
    if ord(ch) < 0x20 or ch == "\x7f":
        return f"U+{ord(ch):04X}"
    return f"'{ch}'"
