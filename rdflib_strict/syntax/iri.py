"""IRI validation (RFC 3987), reference resolution and relativization (RFC 3986 section 5).

Pure and stdlib-only. Validation splits the string into components with the RFC 3986
appendix B regex and then checks each component with flat character-class regexes, so no
pattern contains a repeated alternation: every check runs in linear time, even on
megabyte-long IRIs made of ``%41`` or ``/`` runs that would make a single nested grammar
regex backtrack.

Where RFC 3987 leaves room, acceptance follows oxiri (the IRI crate behind Oxigraph):
- the authority runs to the first ``/``, ``?`` or ``#``; userinfo ends at its first ``@``
  and the port starts at the first ``:`` after the host, as the grammar forces;
- a ``[`` host must be a complete IPv6address or IPvFuture literal, ``]`` ends it and only
  ``:port`` may follow;
- ``iprivate`` code points are accepted in the query only, never in the fragment;
- no normalization (case, percent-encoding, NFC) is applied or required.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .charclass import char_class
from .grammar import POSSESSIVE, compiled_when_used
from .shown import clip

__all__ = [
    "ASCII_IRI_SHAPE",
    "IRI_SHAPE",
    "NOT_UCSCHAR",
    "PLAIN_HTTP_IRI_SHAPE",
    "UCSCHAR",
    "all_common_http_iris",
    "all_plain_http_iris",
    "iri_error",
    "is_absolute",
    "is_common_iri",
    "is_plain_http_iri",
    "ref_error",
    "relativize",
    "resolve",
    "rfc3987_error",
]

# RFC 3986 appendix B, unchanged. Each group is a negated class followed by a delimiter the
# class excludes, so the match is linear. Groups: 2 scheme, 4 authority, 5 path, 7 query,
# 9 fragment; an unmatched group (None) is "undefined", which section 5 distinguishes from "".
_SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.DOTALL)

# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")
_SCHEME_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")

# The common shape (plain http(s), ASCII host, safe ASCII path and fragment, no query or
# percent-escapes) is accepted by one flat regex before the component-wise check. Each run
# stops at a character its class lacks, so the greedy match is the only one: it is taken
# atomically (a lookahead is never re-entered; Python 3.10 has no possessive quantifiers).
# Without that, an IRI failing at its end ('%', '?', non-ASCII) was retried at every
# shorter length of each run: 8x the cost of the match, on every IRI of another shape.
_FAST = re.compile(
    r"(?=(https?://[A-Za-z0-9.\-]+(?::[0-9]*)?(?:/[A-Za-z0-9._~!$&'()*+,;=:@/\-]*)?"
    r"(?:#[A-Za-z0-9._~!$&'()*+,;=:@/?\-]*)?))\1"
)

# ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD
#         / %x30000-3FFFD / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD / %x70000-7FFFD
#         / %x80000-8FFFD / %x90000-9FFFD / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
#         / %xD0000-DFFFD / %xE1000-EFFFD
UCSCHAR: Final = (
    "\u00a0-\ud7ff\uf900-\ufdcf\ufdf0-\uffef"
    + "".join(f"\\U{p:08x}-\\U{p + 0xFFFD:08x}" for p in range(0x10000, 0xE0000, 0x10000))
    + "\\U000e1000-\\U000efffd"
)
# iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
_IPRIVATE = "\ue000-\uf8ff\\U000f0000-\\U000ffffd\\U00100000-\\U0010fffd"
# iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
_IUNRESERVED = "A-Za-z0-9\\-._~" + UCSCHAR
# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
_SUB_DELIMS = "!$&'()*+,;="
# ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
_IPCHAR = _IUNRESERVED + _SUB_DELIMS + ":@"

# Each component production has the form *( <single characters> / pct-encoded ); it is
# checked as "only these characters or '%'" plus a separate scan for a '%' not followed by
# two hex digits, both linear. The sets below are the single characters of:
# iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
_IUSERINFO_CHARS = _IUNRESERVED + _SUB_DELIMS + ":"
# ireg-name = *( iunreserved / pct-encoded / sub-delims )
# (IPv4address is a subset of ireg-name, so it needs no check of its own.)
_IREG_NAME_CHARS = _IUNRESERVED + _SUB_DELIMS
# ipath-* = isegment-based paths: *( ipchar / "/" ) once the path forms are checked apart
_IPATH_CHARS = _IPCHAR + "/"
# iquery = *( ipchar / iprivate / "/" / "?" )
_IQUERY_CHARS = _IPCHAR + _IPRIVATE + "/?"
# ifragment = *( ipchar / "/" / "?" )
_IFRAGMENT_CHARS = _IPCHAR + "/?"


# The same components as single classes, for statement regexes (which hold dozens of copies,
# so each is spelled by char_class to compile fast). The ASCII characters no component takes
# are controls, space, DEL, '"<>[\]^`{|}' and '%' (matched as pct-encoded); each run is
# unrolled ("a*(%XX a*)*") so that sre repeats one class, not an alternation.
_NOT_ANY: Final = '\\x00-\\x20\\x7f"%<>\\[\\\\\\]^`{|}'
_PCT: Final = "%[0-9A-Fa-f]{2}"


def _shape(*, ascii_only: bool) -> str:
    # Every repeat and option is possessive: what one takes, nothing after it could (each
    # part ends where a character its class leaves out, such as '/', '?', '#' or '>', starts
    # the next), so none is ever given back; sre then keeps no backtracking state for them
    # (an IRI's five runs and four options were a quarter of a statement regex's match).
    p = POSSESSIVE

    def run(not_chars: str) -> str:
        non_ascii = "\\x80-\\U0010ffff" if ascii_only else ""
        chars = char_class(_NOT_ANY, non_ascii, not_chars, negate=True) + "*" + p
        return f"{chars}(?:{_PCT}{chars})*{p}"

    return (
        "[A-Za-z][A-Za-z0-9+.\\-]*:"
        f"(?://{run('#/:?@')}(?::[0-9]*{p})?{p}(?:/{run('#?')})?{p}"
        f"|(?!//){run('#?')})"
        f"(?:\\?{run('#')})?{p}(?:#{run('#')})?{p}"
    )


#: The common shapes of absolute IRI (RFC 3987 ``IRI``) as a regex pattern a statement regex
#: can embed: a reg-name host (no userinfo, no IP literal: trying them costs 4x on every IRI)
#: and no ``//`` path without an authority. This one
#: takes ASCII only, and everything it matches is a valid IRI; ``IRI_SHAPE`` also lets every
#: non-ASCII character through, and what it matches is valid unless it holds a character
#: ``NOT_UCSCHAR`` finds. tests/test_validate.py checks both against ``iri_error``.
#: IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
ASCII_IRI_SHAPE: Final = _shape(ascii_only=True)
IRI_SHAPE: Final = _shape(ascii_only=False)
#: A character that is not ASCII and not a BMP ucschar: astral ucschar and iprivate (allowed
#: in a query) are found too, and left to ``iri_error``; they are rare, and a class of astral
#: ranges makes every search several times slower.
#: Written as the ranges it takes, not as the complement of those it leaves: re compiles a
#: class a code point of its ranges at a time, and these are a sixth as many.
NOT_UCSCHAR: Final = re.compile("[\\x80-\\x9f\\ud800-\\uf8ff\\ufdd0-\\ufdef\\ufff0-\\U0010ffff]")
_COMMON: Final = re.compile(IRI_SHAPE)


def is_common_iri(iri: str) -> bool:
    """True for an absolute IRI of the common shapes (``IRI_SHAPE``, with nothing
    ``NOT_UCSCHAR`` finds): valid, found at a fraction of ``iri_error``'s cost (a seventh on
    percent-encoded http IRIs). False says nothing: ask ``iri_error``."""
    return _COMMON.fullmatch(iri) is not None and NOT_UCSCHAR.search(iri) is None


def _bad_char_finder(chars: str) -> Callable[[], re.Pattern[str]]:
    # '%' is let through here; _BAD_PCT judges it. Compiled when used: only IRIs the common
    # shapes do not vouch for get here, and each class takes milliseconds to compile.
    return compiled_when_used(char_class(chars, "%", negate=True))


_BAD_IUSERINFO = _bad_char_finder(_IUSERINFO_CHARS)
_BAD_IREG_NAME = _bad_char_finder(_IREG_NAME_CHARS)
_BAD_IPATH = _bad_char_finder(_IPATH_CHARS)
_BAD_IQUERY = _bad_char_finder(_IQUERY_CHARS)
_BAD_IFRAGMENT = _bad_char_finder(_IFRAGMENT_CHARS)

# pct-encoded = "%" HEXDIG HEXDIG
_BAD_PCT = re.compile(r"%(?![0-9A-Fa-f]{2})")

# port = *DIGIT
_PORT = re.compile(r"[0-9]*")

# h16 = 1*4HEXDIG
# ls32 = ( h16 ":" h16 ) / IPv4address
# IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
# dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
# IPv6address =                            6( h16 ":" ) ls32
#             /                       "::" 5( h16 ":" ) ls32
#             / [               h16 ] "::" 4( h16 ":" ) ls32
#             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
#             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
#             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
#             / [ *4( h16 ":" ) h16 ] "::"              ls32
#             / [ *5( h16 ":" ) h16 ] "::"              h16
#             / [ *6( h16 ":" ) h16 ] "::"
# The repetitions are bounded and the input is capped at 45 characters (the longest
# IPv6address), so the alternation cannot blow up.
_H16 = r"[0-9A-Fa-f]{1,4}"
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
_IPV4 = rf"{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}"
_LS32 = rf"(?:{_H16}:{_H16}|{_IPV4})"


def _h16s(n: int) -> str:
    # [ *n( h16 ":" ) h16 ]
    return rf"(?:(?:{_H16}:){{0,{n}}}{_H16})?"


_IPV6 = compiled_when_used(
    "|".join(
        [
            rf"(?:{_H16}:){{6}}{_LS32}",
            rf"::(?:{_H16}:){{5}}{_LS32}",
            rf"{_h16s(0)}::(?:{_H16}:){{4}}{_LS32}",
            rf"{_h16s(1)}::(?:{_H16}:){{3}}{_LS32}",
            rf"{_h16s(2)}::(?:{_H16}:){{2}}{_LS32}",
            rf"{_h16s(3)}::{_H16}:{_LS32}",
            rf"{_h16s(4)}::{_LS32}",
            rf"{_h16s(5)}::{_H16}",
            rf"{_h16s(6)}::",
        ]
    )
)
_IPV6_MAX_LEN = 45

# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
_IPVFUTURE = re.compile(r"[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+")


def _show(c: str) -> str:
    # Quote a character so that control and invisible characters stay readable.
    return f"'{c}'" if c.isprintable() else f"'{c.encode('unicode_escape').decode('ascii')}'"


def _char_error(c: str) -> str:
    return f"invalid character {_show(c)} (U+{ord(c):04X})"


def _component_error(text: str, bad: re.Pattern[str]) -> str | None:
    # Report whichever problem comes first: a forbidden character or a bad '%'.
    m_char = bad.search(text)
    m_pct = _BAD_PCT.search(text)
    if m_char is None and m_pct is None:
        return None
    if m_pct is None or (m_char is not None and m_char.start() < m_pct.start()):
        assert m_char is not None
        return _char_error(m_char.group())
    return "'%' not followed by two hex digits"


def _authority_error(authority: str) -> str | None:
    # iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
    at = authority.find("@")
    if at >= 0:
        err = _component_error(authority[:at], _BAD_IUSERINFO())
        if err is not None:
            return err
        hostport = authority[at + 1 :]
    else:
        hostport = authority
    # ihost = IP-literal / IPv4address / ireg-name
    # IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    if hostport.startswith("["):
        close = hostport.find("]")
        if close < 0:
            return "'[' in host without a closing ']'"
        literal = hostport[1:close]
        if literal[:1] in ("v", "V"):
            if _IPVFUTURE.fullmatch(literal) is None:
                return f"invalid IPvFuture host '[{clip(literal)}]'"
        elif len(literal) > _IPV6_MAX_LEN or _IPV6().fullmatch(literal) is None:
            return f"invalid IPv6 host '[{clip(literal)}]'"
        rest = hostport[close + 1 :]
        if rest and not rest.startswith(":"):
            return f"{_char_error(rest[0])} after the IP literal host"
        port = rest[1:]
    else:
        colon = hostport.find(":")
        host, port = (hostport, "") if colon < 0 else (hostport[:colon], hostport[colon + 1 :])
        err = _component_error(host, _BAD_IREG_NAME())
        if err is not None:
            return err
    if _PORT.fullmatch(port) is None:
        return f"invalid port '{clip(port)}'"
    return None


def _parts_error(m: re.Match[str]) -> str | None:
    scheme, authority, path, query, fragment = m.group(2, 4, 5, 7, 9)
    if scheme is not None and _SCHEME.fullmatch(scheme) is None:
        return f"invalid scheme '{clip(scheme)}'"
    if authority is not None:
        err = _authority_error(authority)
        if err is not None:
            return err
    # The path forms (ipath-abempty after an authority, ipath-absolute / ipath-rootless /
    # ipath-empty after a bare scheme, ipath-noscheme in a relative reference) differ only in
    # where "//" and ":" may appear; appendix B already routes "//" into the authority and a
    # ":" before the first "/" into the scheme, so only the characters remain to check, plus
    # the leading-":" case, which appendix B cannot take as an (empty) scheme.
    if scheme is None and authority is None and path.startswith(":"):
        return "empty scheme before ':'"
    err = _component_error(path, _BAD_IPATH())
    if err is not None:
        return err
    if query is not None:
        err = _component_error(query, _BAD_IQUERY())
        if err is not None:
            return err
    if fragment is not None:
        err = _component_error(fragment, _BAD_IFRAGMENT())
        if err is not None:
            return err
    return None


def iri_error(iri: str) -> str | None:
    """Return None if ``iri`` is an absolute IRI (RFC 3987 ``IRI``), else what is wrong.

    IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
    """
    # Plain http(s) first, then the common shapes (non-ASCII, percent-escapes, a query: a
    # quarter of the component checks' cost); only what neither vouches for is taken apart.
    if _FAST.fullmatch(iri) is not None or is_common_iri(iri):
        return None
    return rfc3987_error(iri)


def rfc3987_error(iri: str) -> str | None:
    """``iri_error`` by RFC 3987's grammar alone, component by component, with no fast shape
    (what the tests hold the fast shapes to)."""
    m = _SPLIT.match(iri)
    assert m is not None  # every group is optional: appendix B matches any string
    if m.group(2) is None:
        return "no scheme (a relative IRI)"
    return _parts_error(m)


# What a batch of plain http(s) IRIs may hold, one a line: path characters, '%' (judged by
# _PCT_HEX) and line feeds. str.translate deletes them in C at a few instructions a
# character, where the regex above costs some 3,000 an IRI.
_PLAIN_BATCH_CHARS: Final = dict.fromkeys(
    map(ord, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~!$&'()*+,;=:@/-%\n")
)
_SCHEME_AUTHORITY: Final = re.compile(r"https?://[A-Za-z0-9.\-]+(?::[0-9]*)?")
_AUTHORITIES_ASKED = 8  # distinct hosts looked for in a batch, each by a few C scans


def all_plain_http_iris(iris: list[str]) -> bool:
    """True if each IRI is plain http(s), as ``is_plain_http_iri`` takes it but with no
    fragment and with percent-escapes allowed in its path: valid, and written as it is.

    False says nothing about any one of them. Checked with C-level string methods over the
    whole batch (an IRI a line): its characters, schemes and percent-escapes, then each
    distinct scheme and authority (a batch names few hosts): checked once by a regex and
    struck from the lines it starts, until no line is left with one.
    """
    if not iris:
        return True
    rest = "\n" + "\n".join(iris) + "\n"
    if (
        not rest.isascii()  # a quick exit (translate alone decides), O(1)
        or rest.translate(_PLAIN_BATCH_CHARS)
        or rest.count("\n") != len(iris) + 1  # a line feed inside an IRI
        or rest.count("\nhttp://") + rest.count("\nhttps://") != len(iris)
        or _BAD_PCT.search(rest) is not None
    ):
        return False
    for _ in range(_AUTHORITIES_ASKED):
        at = rest.find("\nhttp")
        if at < 0:
            return True
        path = rest.find("/", at + 9)  # past "\nhttps://", "/" ends the authority
        line_end = rest.find("\n", at + 1)
        known = rest[at + 1 : line_end if path < 0 or line_end < path else path]
        if _SCHEME_AUTHORITY.fullmatch(known) is None:
            return False
        rest = rest.replace("\n" + known + "/", "\n/").replace("\n" + known + "\n", "\n\n")
    return "\nhttp" not in rest


# The skeleton of a batch of IRIs (one a line, UTF-8): bytes.translate deletes, in C at a few
# instructions a byte, what is valid both in a scheme and in every later component (letters,
# digits, "-", ".", "+"), keeps the delimiters, the other valid ASCII and the UTF-8 of non-ASCII,
# and turns every ASCII character no IRI holds into "X". What is left is a few bytes a line
# (":///" for "http://host/path/name"), which C-level substring tests judge where a regex
# over the lines costs a thousand instructions a line.
_SKELETON_DELETED: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.+"
_SKELETON_KEPT: Final = b"_~!$&'()*,;=%/?#:@\n"
_SKELETON_TABLE: Final = bytes(c if c in _SKELETON_KEPT or c >= 0x80 else ord("X") for c in range(256))
_ASCII_BYTES: Final = bytes(range(0x80))
_TWO_HASHES: Final = re.compile(rb"#[^\n#]*#")


def all_common_http_iris(iris: list[str]) -> bool:
    """True if each IRI is ``http``-something ``://host/`` and a path, query and fragment of
    valid characters (non-ASCII ones included, as RFC 3987 ``ucschar``): valid, and written as
    it is when non-ASCII is not escaped.

    The host must be letters, digits, "-", "." and "+" (no port, no userinfo), and a path
    must follow it. False says nothing about any one IRI. Checked over the whole batch with
    C-level methods: the skeleton above, the counts of its lines and of the schemes, at most
    one "#" a line, then the percent-escapes and the non-ASCII characters if there are any.
    """
    count = len(iris)
    rest = "\n" + "\n".join(iris) + "\n"
    try:
        skeleton = rest.encode("utf-8").translate(_SKELETON_TABLE, _SKELETON_DELETED)
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return (
        skeleton.count(b"\n:///") == count  # scheme-ish, "://", a plain host, a path
        and skeleton.count(b"\n") == count + 1  # no line feed inside an IRI
        and rest.count("\nhttp") == count  # the scheme starts with a letter
        and b"X" not in skeleton
        and (b"#" not in skeleton or _TWO_HASHES.search(skeleton) is None)
        and (b"%" not in skeleton or _BAD_PCT.search(rest) is None)
        and (
            skeleton.isascii()
            or NOT_UCSCHAR.search(skeleton.translate(None, _ASCII_BYTES).decode("utf-8")) is None
        )
    )


#: A match (truthy) for the common shape of IRI (ASCII http(s), no query or %-escape): valid,
#: and with nothing a writer must escape; None otherwise. The pattern's own method: writers
#: ask it of every IRI they have not met yet, where a Python call around it costs as much.
#: Its pattern, for a regex over many IRIs at once (it holds one group).
PLAIN_HTTP_IRI_SHAPE: Final = _FAST.pattern
is_plain_http_iri: Final[Callable[[str], re.Match[str] | None]] = _FAST.fullmatch


def ref_error(ref: str) -> str | None:
    """Return None if ``ref`` is an IRI reference (RFC 3987 ``IRI-reference``), else what is wrong.

    IRI-reference = IRI / irelative-ref
    """
    if _FAST.fullmatch(ref) is not None:
        return None
    m = _SPLIT.match(ref)
    assert m is not None
    return _parts_error(m)


def is_absolute(ref: str) -> bool:
    """Whether ``ref`` starts with a (syntactically valid) scheme followed by ':'."""
    return _SCHEME_PREFIX.match(ref) is not None


def _remove_dot_segments(path: str) -> str:
    # RFC 3986 5.2.4, rule for rule, but the input buffer is an index into ``path`` and the
    # output buffer a list of pieces (each "/segment", or a bare first "segment"), so that
    # "remove the last segment and its preceding '/'" is a pop: linear overall.
    if "." not in path:
        return path
    out: list[str] = []
    i = 0
    n = len(path)
    while i < n:
        # A. "../" or "./" prefix: remove it.
        if path.startswith("../", i):
            i += 3
        elif path.startswith("./", i):
            i += 2
        # B. "/./" or "/." (complete segment): replace with "/".
        elif path.startswith("/./", i):
            i += 2
        elif i + 2 == n and path.startswith("/.", i):
            out.append("/")
            break
        # C. "/../" or "/.." (complete segment): replace with "/" and drop the last output
        # segment.
        elif path.startswith("/../", i):
            i += 3
            if out:
                out.pop()
        elif i + 3 == n and path.startswith("/..", i):
            if out:
                out.pop()
            out.append("/")
            break
        # D. "." or ".." alone: remove it.
        elif (i + 1 == n and path[i] == ".") or (i + 2 == n and path.startswith("..", i)):
            break
        # E. move the first segment, with its leading "/" if any, to the output.
        else:
            j = path.find("/", i + 1)
            if j < 0:
                j = n
            out.append(path[i:j])
            i = j
    return "".join(out)


def _merge(base_authority: str | None, base_path: str, ref_path: str) -> str:
    # RFC 3986 5.2.3
    if base_authority is not None and base_path == "":
        return "/" + ref_path
    return base_path[: base_path.rfind("/") + 1] + ref_path


def _recompose(
    scheme: str | None,
    authority: str | None,
    path: str,
    query: str | None,
    fragment: str | None,
) -> str:
    # RFC 3986 5.3
    parts: list[str] = []
    if scheme is not None:
        parts += (scheme, ":")
    if authority is not None:
        parts += ("//", authority)
    elif path.startswith("//"):
        # Dot-segment removal can leave "//x" (e.g. "a:/b" + "..//x") which would reparse as
        # an authority; "/." keeps the path meaning the same (RFC 3986bis, WHATWG URL do the same).
        parts.append("/.")
    parts.append(path)
    if query is not None:
        parts += ("?", query)
    if fragment is not None:
        parts += ("#", fragment)
    return "".join(parts)


def resolve(base: str, ref: str) -> str:
    """Resolve ``ref`` against ``base`` following RFC 3986 section 5.2 (strict parser)."""
    r = _SPLIT.match(ref)
    b = _SPLIT.match(base)
    assert r is not None and b is not None
    r_scheme, r_authority, r_path, r_query, r_fragment = r.group(2, 4, 5, 7, 9)
    b_scheme, b_authority, b_path, b_query = b.group(2, 4, 5, 7)
    # RFC 3986 5.2.2
    if r_scheme is not None:
        t_scheme, t_authority = r_scheme, r_authority
        t_path, t_query = _remove_dot_segments(r_path), r_query
    else:
        t_scheme = b_scheme
        if r_authority is not None:
            t_authority = r_authority
            t_path, t_query = _remove_dot_segments(r_path), r_query
        else:
            t_authority = b_authority
            if r_path == "":
                t_path = b_path
                t_query = r_query if r_query is not None else b_query
            else:
                if r_path.startswith("/"):
                    t_path = _remove_dot_segments(r_path)
                else:
                    t_path = _remove_dot_segments(_merge(b_authority, b_path, r_path))
                t_query = r_query
    return _recompose(t_scheme, t_authority, t_path, t_query, r_fragment)


def _suffix(query: str | None, fragment: str | None) -> str:
    return ("" if query is None else "?" + query) + ("" if fragment is None else "#" + fragment)


def relativize(iri: str, base: str) -> str | None:
    """Return the shortest ``r`` with ``resolve(base, r) == iri`` if it is shorter than ``iri``.

    Every candidate is checked by resolving it, so a None or a longer-than-needed answer is the
    worst a missed case can cause, never a wrong one.
    """
    i = _SPLIT.match(iri)
    b = _SPLIT.match(base)
    assert i is not None and b is not None
    scheme, authority, path, query, fragment = i.group(2, 4, 5, 7, 9)
    b_scheme, b_authority, b_path, b_query = b.group(2, 4, 5, 7)
    if scheme is None or b_scheme is None or scheme != b_scheme:
        return None
    suffix = _suffix(query, fragment)
    candidates: list[str] = []
    network_path = None
    if authority is not None:
        network_path = "//" + authority + path + suffix
        candidates.append(network_path)
    if authority == b_authority:
        if path.startswith("/") and not path.startswith("//"):
            candidates.append(path + suffix)
        if path == b_path:
            if query == b_query:
                candidates.append("" if fragment is None else "#" + fragment)
            if query is not None:
                candidates.append(suffix)
        slash = path.rfind("/")
        b_slash = b_path.rfind("/")
        if slash >= 0 and b_slash >= 0:
            # Paths relative to the base's directory: a common directory prefix, then one
            # "../" per remaining base directory, then the rest of the path.
            dirs = path[:slash].split("/")
            b_dirs = b_path[:b_slash].split("/")
            common = 0
            for x, y in zip(dirs, b_dirs, strict=False):
                if x != y:
                    break
                common += 1
            # The first (empty, before the leading "/") directory must be shared, or "../"
            # would have to climb above the root.
            if common > 0:
                rest = "/".join([*dirs[common:], path[slash + 1 :]])
                ups = "../" * (len(b_dirs) - common)
                candidates.append(ups + rest + suffix)
                if not ups:
                    # A first segment holding ':' would read as a scheme, an empty one as an
                    # authority or absolute path: "./" protects both.
                    candidates.append("./" + rest + suffix)
                    if rest == "":
                        candidates.append("." + suffix)
                if rest == "" and ups:
                    candidates.append(ups[:-1] + suffix)
    best: str | None = None
    for cand in sorted(candidates, key=len):
        if len(cand) >= len(iri):
            break
        c = _SPLIT.match(cand)
        assert c is not None
        if c.group(2) is not None or ref_error(cand) is not None:
            continue  # would be read as having a scheme, or is no relative-ref (':s')
        if cand.startswith("//") and cand != network_path:
            continue  # an unintended authority
        if resolve(base, cand) == iri:
            best = cand
            break
    return best
