"""Escapes in both directions: decoding ECHAR / UCHAR / PN_LOCAL_ESC, encoding for writers."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

from .grammar import ESCAPE_SCALAR, POSSESSIVE
from .kinds import ErrorKind, SpanError
from .messages import bad_iri_escape
from .scan import sure_match

__all__ = [
    "LONG_BODY",
    "STRING_ESCAPED",
    "SURROGATE_RE",
    "escape_common",
    "escape_iri",
    "escape_string",
    "rewrite_escapes",
    "string_care",
    "unescape_iri",
    "unescape_pn_local",
    "unescape_string",
]


# [159s] ECHAR ::= '\' [tbnrf"'\]
_ECHAR: Final = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
_ESCAPE_RE: Final = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.?))", re.S)
_ALLOWED_ESCAPES: Final = r"\t \b \n \r \f \" \' \\ \uXXXX \UXXXXXXXX"
# Characters IRIREF forbids; a UCHAR may not smuggle them in (RDF 1.1 N-Triples section 2.3).
_IRI_FORBIDDEN: Final = frozenset('<>"{}|^`\\' + "".join(chr(c) for c in range(0x21)))


def _invalid(m: re.Match[str], msg: str) -> SpanError:
    """The error for the escape ``m`` matched."""
    return SpanError(msg, m.start(), m.end(), kind=ErrorKind.INVALID_ESCAPE)


def _code_point(m: re.Match[str]) -> str:
    hexa = m.group(1) or m.group(2)
    value = int(hexa, 16)
    if 0xD800 <= value <= 0xDFFF:
        raise _invalid(m, f"escape '{m.group()}' encodes a surrogate, not a character")
    if value > 0x10FFFF:
        raise _invalid(m, f"escape '{m.group()}' is beyond U+10FFFF")
    return chr(value)


def _decode_string_escape(m: re.Match[str]) -> str:
    if m.group(3) is None:
        return _code_point(m)
    ch = _ECHAR.get(m.group(3))
    if ch is None:
        if m.group(3) in ("u", "U"):
            msg = f"escape '\\{m.group(3)}' needs {4 if m.group(3) == 'u' else 8} hex digits"
        else:
            msg = f"invalid escape '{m.group()}' in string (allowed: {_ALLOWED_ESCAPES})"
        raise _invalid(m, msg)
    return ch


# A backslash not opening an ECHAR or a UCHAR of a scalar value. A string without one has only
# escapes that Python's unicode_escape codec reads as the grammar does, left to right (its own
# further escapes, such as \x41 or a backslash before a line end, each start with a backslash
# this finds). So is a backslash made text by an escaped one before it (``\\x``, an escaped
# backslash then x): such a string takes the exact decoder, as do those with errors.
_UNSURE_ESCAPE: Final = re.compile(rf"\\(?!{ESCAPE_SCALAR})")


def unescape_string(s: str) -> str:
    """Decode ECHAR and UCHAR in the body of a string literal."""
    if "\\" not in s:
        return s
    if _UNSURE_ESCAPE.search(s) is None:
        # In C, ten times faster than a callback an escape: the text's non-ASCII characters
        # travel through the codec as escapes of its own.
        return s.encode("ascii", "backslashreplace").decode("unicode_escape")
    return _ESCAPE_RE.sub(_decode_string_escape, s)


def _decode_iri_escape(m: re.Match[str]) -> str:
    if m.group(3) is not None:
        raise _invalid(m, bad_iri_escape(m.group()))
    ch = _code_point(m)
    if ch in _IRI_FORBIDDEN:
        raise _invalid(m, f"escape '{m.group()}' encodes U+{ord(ch):04X}, which an IRI may not contain")
    return ch


def unescape_iri(s: str) -> str:
    """Decode UCHAR in the body of an IRIREF."""
    if "\\" not in s:
        return s
    return _ESCAPE_RE.sub(_decode_iri_escape, s)


# [172s] PN_LOCAL_ESC ::= '\' ('_' | '~' | '.' | '-' | '!' | '$' | '&' | "'" | '(' | ')' | '*' | '+'
#                              | ',' | ';' | '=' | '/' | '?' | '#' | '@' | '%')
_PN_LOCAL_ESC_RE: Final = re.compile(r"\\([_~.\-!$&'()*+,;=/?#@%])")


def unescape_pn_local(s: str) -> str:
    """Drop the backslash of each PN_LOCAL_ESC; ``%HH`` stays as written (Turtle section 6.3)."""
    if "\\" not in s:
        return s
    return _PN_LOCAL_ESC_RE.sub(r"\1", s)


# --- writing -----------------------------------------------------------------------------

# Canonical N-Triples (RDF 1.2 section "Canonical N-Triples"): ECHAR for BS, HT, LF, FF, CR,
# '"' and '\'; upper-case \u00XX for the other controls, DEL and the noncharacters U+FFFE and
# U+FFFF; everything else as it is.
_STRING_ESCAPES: Final = {
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
    '"': '\\"',
    "\\": "\\\\",
}
#: The characters a written string body escapes (as a class body): controls, DEL, '"', '\\'
#: and the noncharacters U+FFFE/U+FFFF. Everything else is written as it is.
STRING_ESCAPED: Final = '\x00-\x1f\x7f"\\\\\ufffe\uffff'
_STRING_ESC_RE: Final = re.compile(f"[{STRING_ESCAPED}]")
_STRING_ESC_ASCII_RE: Final = re.compile('[\x00-\x1f\x7f"\\\\]|[^\x00-\x7f]')


def _escape_char(m: re.Match[str]) -> str:
    ch = m.group()
    esc = _STRING_ESCAPES.get(ch)
    if esc is not None:
        return esc
    return _uchar(ord(ch))


def _uchar(code: int) -> str:
    return f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"


# What makes a string need care: a character to escape, or a lone surrogate (an error). For
# ASCII output the escape search already covers surrogates (they are not ASCII).
_CARE_RE: Final = re.compile(f"[{STRING_ESCAPED}\ud800-\udfff]")


def string_care(ascii_only: bool = False) -> Callable[[str], object]:
    """A search for what stops a string being its own STRING_LITERAL_QUOTE body (a character
    to escape, a lone surrogate); None from it means the string is written as it is."""
    return (_STRING_ESC_ASCII_RE if ascii_only else _CARE_RE).search


def escape_string(s: str, ascii_only: bool = False) -> str:
    """The body of a STRING_LITERAL_QUOTE for ``s`` (canonical escaping)."""
    pattern = _STRING_ESC_ASCII_RE if ascii_only else _STRING_ESC_RE
    if pattern.search(s) is None:
        return s
    return pattern.sub(_escape_char, s)


def escape_common(s: str) -> str | None:
    """``escape_string(s)`` when the only characters ``s`` escapes are ``\\``, ``"``, LF, CR
    and HT (the ones text holds); None if it holds another, or a lone surrogate.

    Five C-level replaces and a printable test: the regex's callback a match cost some 3,000
    instructions, its search a string and the surrogate search some 60 a character. Every
    other character escape_string escapes (a control, DEL, U+FFFE, U+FFFF) and a surrogate
    are not printable, so a printable result holds none of them.
    """
    body = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    body = body.replace("\t", "\\t")
    return body if body.isprintable() else None


# A run of text and of the escapes escape_string writes as they are (all ECHARs but \'), read
# from a token boundary: between escapes re tests each character against one other only.
# Compiled when first used (only long bodies with escapes need it).
_written_run: Final = functools.cache(
    lambda: sure_match(rf'(?:[^\\]+{POSSESSIVE}|\\[btnfr"\\])*{POSSESSIVE}')
)
# rewrite_escapes is for bodies this long, with at most one escape to rewrite in this many
# characters: a step costs about what decoding as many in C does, so a denser body is found
# out having spent about what decoding it whole costs.
LONG_BODY: Final = 256
_SPARSE: Final = 64


def rewrite_escapes(body: str) -> str:
    """``escape_string(unescape_string(body))`` for a string body whose characters are none
    escape_string escapes and whose every backslash opens an ECHAR or a UCHAR of a scalar
    value. The escapes it would write otherwise (\\', \\u, \\U) are rewritten and the rest
    kept, with no decoding of the text between them: for a body of ``LONG_BODY`` characters or
    more (a shorter one costs less decoded and escaped again whole, in C). A body dense with
    such escapes (an ASCII-only dump's CJK text) is decoded whole too."""
    n = len(body)
    run = _written_run()
    end = run(body, 0).end()
    if end == n:
        return body
    out = []
    pos = rewritten = 0
    while end < n:  # at a backslash: \', \u or \U
        rewritten += 1
        if rewritten * _SPARSE > n:  # dense: stop, having spent at most what decoding does
            return escape_string(unescape_string(body))
        out.append(body[pos:end])
        kind = body[end + 1]
        if kind == "'":
            out.append("'")
            pos = end + 2
        else:
            pos = end + (6 if kind == "u" else 10)
            out.append(escape_string(chr(int(body[end + 2 : pos], 16))))
        end = run(body, pos).end()
    out.append(body[pos:])
    return "".join(out)


_NON_ASCII_RE: Final = re.compile("[^\x00-\x7f]")


def escape_iri(iri: str, ascii_only: bool = False) -> str:
    """The body of an IRIREF for a valid IRI (non-ASCII as UCHAR when ``ascii_only``)."""
    if not ascii_only or _NON_ASCII_RE.search(iri) is None:
        return iri
    return _NON_ASCII_RE.sub(lambda m: _uchar(ord(m.group())), iri)


def has_surrogate(s: str) -> bool:
    """True if ``s`` holds a lone surrogate, which no UTF-8 document can carry."""
    return SURROGATE_RE.search(s) is not None


#: A lone surrogate: a str can hold one, no UTF-8 document can.
SURROGATE_RE: Final = re.compile("[\ud800-\udfff]")
