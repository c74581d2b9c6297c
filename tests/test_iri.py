"""Tests for rdflib_strict.syntax.iri: RFC 3987 validation, RFC 3986 resolution, relativization."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scaling import LINEAR_BOUND, growth

from rdflib_strict.syntax.iri import (
    NOT_UCSCHAR,
    _remove_dot_segments,
    all_common_http_iris,
    all_plain_http_iris,
    iri_error,
    is_absolute,
    ref_error,
    relativize,
    resolve,
    rfc3987_error,
)

#: Seconds a *_is_linear test may take: these inputs run in well under a second each when the
#: code is linear, and for minutes or hours when it is quadratic (pytest-timeout fails them).
LINEAR_TIMEOUT = 60

RFC_BASE = "http://a/b/c/d;p?q"

# RFC 3986 section 5.4.1, normal examples.
NORMAL = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# RFC 3986 section 5.4.2, abnormal examples (strict parser for "http:g").
ABNORMAL = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
]


@pytest.mark.parametrize(("ref", "expected"), NORMAL + ABNORMAL)
def test_rfc3986_examples(ref: str, expected: str) -> None:
    assert resolve(RFC_BASE, ref) == expected
    assert ref_error(ref) is None
    assert iri_error(expected) is None


@pytest.mark.parametrize(
    ("base", "ref", "expected"),
    [
        # dot segments in the base are removed only through the merge
        ("http://a/b/./c/../d", "e", "http://a/b/e"),
        ("http://a/b/../c", "", "http://a/b/../c"),
        ("http://a/b/../c", "#f", "http://a/b/../c#f"),
        ("http://a/b/c/..", "x", "http://a/b/c/x"),
        # the base's fragment never survives
        ("http://example/doc#frag", "#x", "http://example/doc#x"),
        ("http://example/doc#frag", "", "http://example/doc"),
        ("http://example/doc?q#frag", "", "http://example/doc?q"),
        # empty base path with an authority: merge adds "/"
        ("http://a", "g", "http://a/g"),
        ("http://a", "./g", "http://a/g"),
        ("http://a", "../g", "http://a/g"),
        ("http://a", "", "http://a"),
        ("http://a", "?q", "http://a?q"),
        ("http://a", "#f", "http://a#f"),
        # query-only references keep the base path, replace the query
        ("http://a/b?x", "?y", "http://a/b?y"),
        ("http://a/b?x", "?", "http://a/b?"),
        ("http://a/b", "?y#z", "http://a/b?y#z"),
        ("http://a/b?x#f", "#", "http://a/b?x#"),
        # a reference with a scheme only loses its dot segments
        ("http://a/b", "foo:a/./b/../c", "foo:a/c"),
        ("http://a/b", "HTTP://x/./y", "HTTP://x/y"),
        # network-path references
        ("http://a/b", "//c/./d/../e?q", "http://c/e?q"),
        ("http://a/b", "//c", "http://c"),
        # bases without authority
        ("urn:isbn:123", "#x", "urn:isbn:123#x"),
        ("file:/a/b", "c", "file:/a/c"),
        ("file:///a/b", "../../c", "file:///c"),
        ("mailto:a@b", "?subject=x", "mailto:a@b?subject=x"),
        ("tag:x,2000:y", "z", "tag:z"),
        # a resolved path that would start with "//" gets "/." so it is not an authority
        ("a:/b", "..//x", "a:/.//x"),
        # non-ASCII is untouched
        ("http://example/été/a", "b/ç?ü#ö", "http://example/été/b/ç?ü#ö"),
    ],
)
def test_resolve_more(base: str, ref: str, expected: str) -> None:
    assert resolve(base, ref) == expected


def _rfc_remove_dot_segments(path: str) -> str:
    # RFC 3986 5.2.4 transcribed literally on strings (quadratic; reference only).
    inp, out = path, ""
    while inp:
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        elif inp.startswith("/./"):
            inp = inp[2:]
        elif inp == "/.":
            inp = "/"
        elif inp.startswith("/../"):
            inp = inp[3:]
            out = out[: max(out.rfind("/"), 0)]
        elif inp == "/..":
            inp = "/"
            out = out[: max(out.rfind("/"), 0)]
        elif inp in (".", ".."):
            inp = ""
        else:
            j = inp.find("/", 1)
            if j < 0:
                j = len(inp)
            out += inp[:j]
            inp = inp[j:]
    return out


@given(st.lists(st.sampled_from(["", ".", "..", "a", "b.", ".c", "..d", "/"]), max_size=12))
def test_remove_dot_segments_matches_rfc(parts: list[str]) -> None:
    for path in ("/".join(parts), "".join(parts)):
        assert _remove_dot_segments(path) == _rfc_remove_dot_segments(path)


@pytest.mark.timeout(LINEAR_TIMEOUT)
def test_remove_dot_segments_is_linear() -> None:
    path = "/a" * 100_000 + "/.." * 50_000 + "/./b" * 50_000
    assert _remove_dot_segments(path) == "/a" * 50_000 + "/b" * 50_000
    assert resolve("http://x" + "/a" * 100_000, "../" * 100_001 + "g") == "http://x/g"

    def dot_segments(n: int) -> Callable[[], object]:
        path = "/a" * (2 * n) + "/.." * n + "/./b" * n
        return lambda: _remove_dot_segments(path)

    def resolution(n: int) -> Callable[[], object]:
        base, ref = "http://x" + "/a" * n, "../" * (n + 1) + "g"
        return lambda: resolve(base, ref)

    # The literal RFC transcription above (string slicing) grows 14 to 17 times here.
    assert growth(dot_segments, 10_000) < LINEAR_BOUND
    assert growth(resolution, 5_000) < LINEAR_BOUND


# --- validation --------------------------------------------------------------------------

VALID_IRIS = [
    "http://example/",
    "http://example.org/path/to?q=1&r=2#frag",
    "https://user:pw@example.org:8443/a/b;c=d?e#f",
    "http://example/été",
    "http://例え.テスト/パス?クエリ#断片",
    "http://example/\U0001f600",
    "urn:isbn:0451450523",
    "http://[::1]:8080/",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[::ffff:192.0.2.1]/",
    "http://[1:2:3:4:5:6:7:8]/",
    "http://[1:2:3:4:5:6:1.2.3.4]/",
    "http://[v7.fe80::a+en1]/",
    "http://192.0.2.16:80/",
    "http://999.1.1.1/",  # a reg-name that looks like an IPv4 address
    "file:///tmp/x",
    "mailto:a@b",
    "tag:x,2000:y",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "http://ex/%41%c3%A9",
    "http://ex:/",
    "http://@ex/",
    "http://",
    "a:",
    "a+b.c-d:x",
    "http://ex/?\ue000",
    "http://ex/?q#a?b/c",
    "http://ex/!$&'()*+,;=:@",
]


@pytest.mark.parametrize("iri", VALID_IRIS)
def test_iri_valid(iri: str) -> None:
    assert iri_error(iri) is None
    assert ref_error(iri) is None
    assert is_absolute(iri)


INVALID_IRIS = [
    ("http://ex/a b", "invalid character ' ' (U+0020)"),
    ("http://ex/%zz", "'%' not followed by two hex digits"),
    ("http://ex/%4", "'%' not followed by two hex digits"),
    ("http://ex/%", "'%' not followed by two hex digits"),
    ("no-scheme", "no scheme (a relative IRI)"),
    ("/abs", "no scheme (a relative IRI)"),
    ("", "no scheme (a relative IRI)"),
    ("1http://x", "invalid scheme '1http'"),
    ("ht_tp://x", "invalid scheme 'ht_tp'"),
    ("é:x", "invalid scheme 'é'"),
    ("http://ex:8a/", "invalid port '8a'"),
    ("http://ex/\u0000", "invalid character '\\x00' (U+0000)"),
    ("http://ex/<", "invalid character '<' (U+003C)"),
    ("http://ex/>", "invalid character '>' (U+003E)"),
    ('http://ex/"', "invalid character '\"' (U+0022)"),
    ("http://ex/{", "invalid character '{' (U+007B)"),
    ("http://ex/\\", "invalid character '\\' (U+005C)"),
    ("http://ex/^", "invalid character '^' (U+005E)"),
    ("http://ex/`", "invalid character '`' (U+0060)"),
    ("http://ex/|", "invalid character '|' (U+007C)"),
    ("http://ex/\n", "invalid character '\\n' (U+000A)"),
    ("http://ex/\x7f", "invalid character '\\x7f' (U+007F)"),
    ("http://ex/\ue000", "invalid character"),  # iprivate outside the query
    ("http://ex/#\ue000", "invalid character"),
    ("http://\ue000/", "invalid character"),
    ("http://ex/\ufffe", "invalid character"),
    ("http://ex/\ud800", "invalid character"),
    ("http://ex/\ufdd0", "invalid character"),
    ("http://ex/#a#b", "invalid character '#' (U+0023)"),
    ("http://ex/a[b]", "invalid character '['"),
    ("http://ex:80:80/", "invalid port '80:80'"),
    ("http://a@b@c/", "invalid character '@'"),
    ("http://a b/", "invalid character ' '"),
    ("http://[::1/", "without a closing ']'"),
    ("http://[::1]x/", "after the IP literal"),
    ("http://[1::2::3]/", "invalid IPv6 host"),
    ("http://[1:2:3:4:5:6:7:8:9]/", "invalid IPv6 host"),
    ("http://[::1%25eth0]/", "invalid IPv6 host"),
    ("http://[1.2.3.4]/", "invalid IPv6 host"),
    ("http://[::256.1.1.1]/", "invalid IPv6 host"),
    ("http://[::01.1.1.1]/", "invalid IPv6 host"),
    ("http://[12345::]/", "invalid IPv6 host"),
    ("http://[v.x]/", "invalid IPvFuture"),
    ("http://[v1.]/", "invalid IPvFuture"),
    ("http://[v1x]/", "invalid IPvFuture"),
    ("http://ex]/", "invalid character ']'"),
]


@pytest.mark.parametrize(("iri", "message"), INVALID_IRIS)
def test_iri_invalid(iri: str, message: str) -> None:
    err = iri_error(iri)
    assert err is not None
    assert message in err
    assert not err.endswith(".")


VALID_REFS = [
    "",
    "#",
    "?",
    "#f",
    "?q#f",
    "a",
    "./a:b",
    "a/b:c",
    "//host",
    "//h/p",
    "/a:b",
    ".",
    "..",
]
INVALID_REFS = [
    (":a", "empty scheme"),
    ("a b", "invalid character ' '"),
    ("a b:c", "invalid scheme"),
    ("%41:b", "invalid scheme"),
    ("//h:x/", "invalid port"),
    ("#%", "'%' not followed"),
]


@pytest.mark.parametrize("ref", VALID_REFS)
def test_ref_valid(ref: str) -> None:
    assert ref_error(ref) is None
    assert not is_absolute(ref)
    assert iri_error(ref) == "no scheme (a relative IRI)"


@pytest.mark.parametrize(("ref", "message"), INVALID_REFS)
def test_ref_invalid(ref: str, message: str) -> None:
    err = ref_error(ref)
    assert err is not None
    assert message in err


def test_is_absolute() -> None:
    assert is_absolute("g:h")
    assert is_absolute("urn:x")
    assert not is_absolute("1a:b")
    assert not is_absolute("./a:b")
    assert not is_absolute(":a")


MB = 1_000_000


@pytest.mark.parametrize(
    "iri",
    [
        "http://ex/" + "%41" * (MB // 3),
        "http://ex/" + "/" * MB,
        "http://ex/" + "a/" * (MB // 2),
        "http://ex/?" + "%41" * (MB // 3),
        "http://ex/#" + "é" * MB,
        "urn:" + "a:" * (MB // 2),
        "http://" + "a" * MB + "/",
        "http://" + "%41" * (MB // 3) + "@ex/",
        "x" * MB + ":y",
        "http://[v1." + "a" * MB + "]/",  # IPvFuture
    ],
)
@pytest.mark.timeout(LINEAR_TIMEOUT)
def test_validation_is_linear(iri: str) -> None:
    # A backtracking grammar regex would not finish on these, nor anything quadratic in a
    # megabyte (hours): the timeout fails them.
    assert iri_error(iri) is None
    assert iri_error(iri + " ") is not None
    assert iri_error(iri + "%4") is not None
    assert ref_error(iri) is None


@pytest.mark.parametrize(
    ("text", "as_iri", "as_ref"),
    [
        ("%41" * (MB // 3) + "%4", "no scheme", "'%' not followed by two hex digits"),
        ("/" * MB + "%", "no scheme", "'%' not followed by two hex digits"),
        ("a" * MB, "no scheme", None),  # a valid relative reference
        ("[" + ":" * MB + "]", "invalid scheme '['", "invalid scheme '['"),
        ("http://[" + ":" * MB + "]/", "invalid IPv6 host", "invalid IPv6 host"),
        ("http://" + "a:" * (MB // 2), "invalid port", "invalid port"),
        ("x" * MB + " :y", "invalid scheme", "invalid scheme"),
    ],
    ids=["bad-pct", "slashes-pct", "no-scheme", "brackets", "ipv6", "port", "space"],
)
@pytest.mark.timeout(LINEAR_TIMEOUT)
def test_invalid_is_linear(text: str, as_iri: str | None, as_ref: str | None) -> None:
    # Inputs a backtracking regex chokes on: each answer (an error starting with the given
    # words, or None for valid) must come within the timeout.
    for found, expected in ((iri_error(text), as_iri), (ref_error(text), as_ref)):
        if expected is None:
            assert found is None
        else:
            assert found is not None and found.startswith(expected), (found or "")[:80]


# --- relativize --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("iri", "base", "expected"),
    [
        ("http://a/b/c/d;p?q", RFC_BASE, ""),
        ("http://a/b/c/d;p?q#s", RFC_BASE, "#s"),
        ("http://a/b/c/d;p?y", RFC_BASE, "?y"),
        ("http://a/b/c/g", RFC_BASE, "g"),
        ("http://a/b/c/g?y#s", RFC_BASE, "g?y#s"),
        ("http://a/b/c/", RFC_BASE, "."),
        ("http://a/b/g", RFC_BASE, "/b/g"),  # ties keep the absolute path
        ("http://a/b/c/e/f", RFC_BASE, "e/f"),
        ("http://a/longer/x/y", "http://a/longer/c/d/e", "../../x/y"),
        ("http://a/long/", "http://a/long/c/d", ".."),
        ("http://a/g", RFC_BASE, "/g"),
        ("http://a/b/c/x:y", RFC_BASE, "./x:y"),
        ("http://a/b/c/d;p", RFC_BASE, "d;p"),
        ("http://example/doc", "http://example/doc#frag", ""),
        ("http://example/doc#x", "http://example/doc#frag", "#x"),
        ("http://example/doc#frag", "http://example/doc#frag", "#frag"),
        ("http://a/g", "http://a", "/g"),
        ("http://a", "http://a/b", "//a"),  # network-path reference
        ("http://a", "http://a", ""),
        ("http://a?q", "http://a", "?q"),
        ("https://a/b", "http://a/b", None),
        ("http://a/b/../c", "http://a/b/x", None),
        ("urn:x:y", "urn:x:z", None),
        ("http://a/b/c//d", "http://a/b/c/e", ".//d"),
    ],
)
def test_relativize(iri: str, base: str, expected: str | None) -> None:
    got = relativize(iri, base)
    assert got == expected
    if got is not None:
        assert resolve(base, got) == iri


SEGMENTS = ["a", "b", ".", "..", "x:y", "", "c;p", "é"]
_paths = st.lists(st.sampled_from(SEGMENTS), max_size=5).map(lambda s: "".join("/" + x for x in s))
_opt = st.one_of(st.none(), st.sampled_from(["", "q", "a?b", "x/y", "k=v"]))
_authority = st.one_of(st.none(), st.sampled_from(["", "h", "h:1", "u@h"]))


@st.composite
def _iris(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http", "urn"]))
    authority = draw(_authority)
    path = draw(_paths)
    if authority is None and path.startswith("//"):
        path = "/." + path
    if authority is None and draw(st.booleans()):
        path = path.lstrip("/")
    query = draw(_opt)
    fragment = draw(_opt)
    out = scheme + ":"
    if authority is not None:
        out += "//" + authority
    out += path
    if query is not None:
        out += "?" + query
    if fragment is not None:
        out += "#" + fragment
    return out


_SCHEME_START = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


@given(_iris(), _iris())
def test_relativize_round_trip(iri: str, base: str) -> None:
    got = relativize(iri, base)
    if got is None:
        return
    assert resolve(base, got) == iri
    assert len(got) < len(iri)
    assert not _SCHEME_START.match(got)
    assert ref_error(got) is None or iri_error(iri) is not None


# RFC 3986 appendix B
_SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")


@given(_iris(), _iris())
def test_relativize_finds_resolved_iris(iri: str, base: str) -> None:
    # Resolution output sharing scheme and authority with the base, with an absolute path,
    # can always be shortened, at worst to "/path...".
    target = resolve(base, iri)
    t = _SPLIT.match(target)
    b = _SPLIT.match(base)
    assert t is not None and b is not None
    if t.group(2, 4) != b.group(2, 4) or t.group(4) is None or not t.group(5).startswith("/"):
        return
    got = relativize(target, base)
    assert got is not None
    assert resolve(base, got) == target


_PIECES = [*"ab:/?#@[]%4zé. v1-", "\ue000", "%41", "//", "::", "[::1]", ":80", "..", "[v1.x]"]


@given(st.lists(st.sampled_from(_PIECES), max_size=10).map("".join))
def test_acceptance_matches_oxiri(tail: str) -> None:
    # pyoxigraph's NamedNode validates with oxiri; acceptance must agree exactly.
    pyoxigraph = pytest.importorskip("pyoxigraph")
    iri = "http:" + tail
    try:
        pyoxigraph.NamedNode(iri)
        oxiri_accepts = True
    except ValueError:
        oxiri_accepts = False
    assert (iri_error(iri) is None) == oxiri_accepts, iri_error(iri)
    assert (rfc3987_error(iri) is None) == oxiri_accepts, rfc3987_error(iri)


def test_relativize_never_offers_a_first_segment_with_a_colon() -> None:
    # ":s" is not a relative-ref (RFC 3986 section 4.2: path-noscheme); "./:s" is.
    ref = relativize("http://e/:s", "http://e/")
    assert ref is None or (ref_error(ref) is None and resolve("http://e/", ref) == "http://e/:s")
    assert ref != ":s"


# --- all_plain_http_iris: a writer's shortcut for a batch of new IRIs --------------------------


def test_plain_http_batches_pass_whole() -> None:
    batch = [
        "http://example.org/a",
        "https://example.org/b/c%2Fd%c3%a9",
        "http://example.org",
        "http://example.org:8080/x:y@z!$&'()*+,;=~_.-",
        "http://other.example/",
        "http://a.b/",
        "http://a.bc/x",
    ]
    assert all_plain_http_iris(batch)
    assert all_plain_http_iris([])


@pytest.mark.parametrize(
    "odd",
    [
        "http://example.org/a%zz",  # not a percent-escape
        "http://example.org/a%2",
        "http://example.org/%",
        "http://exa_mple.org/x",  # valid, but its host is not of the plain shape: for the regex
        "http://a@b@example.org/x",
        "http://exa%41mple.org/x",  # percent-escapes only in the path
        "http://:80/x",  # no host
        "http:///x",
        "http://example.org:8x/",
        "http://example.org/a#b",  # fragments and queries: for the regex
        "http://example.org/a?b",
        "http://example.org/é",
        "HTTP://example.org/",
        "ftp://example.org/",
        "http:/example.org/",
        "http://example.org/a b",
        "http://example.org/a\nhttp://example.org/b",
        "",
    ],
)
def test_one_odd_iri_fails_the_batch(odd: str) -> None:
    assert not all_plain_http_iris(["http://example.org/x", odd, "http://example.org/y"])


def test_more_hosts_than_asked_fail_the_batch_not_an_iri() -> None:
    hosts = [f"http://h{i}.example/x" for i in range(9)]
    assert all_plain_http_iris(hosts[:8])
    assert not all_plain_http_iris(hosts)
    assert all(all_plain_http_iris([iri]) for iri in hosts)


_PLAIN_PIECES = [
    "http://",
    "https://",
    "a",
    "b.c",
    "-",
    ":",
    "80",
    "/",
    "%4",
    "%41",
    "%",
    "_",
    "@",
    "#",
    "?",
    "é",
]


@given(st.lists(st.lists(st.sampled_from(_PLAIN_PIECES), max_size=8).map("".join), max_size=4))
def test_a_batch_that_passes_holds_only_valid_iris(batch: list[str]) -> None:
    if all_plain_http_iris(batch):
        assert [iri for iri in batch if rfc3987_error(iri) is not None] == []


def test_not_ucschar_finds_exactly_what_no_bmp_ucschar_is() -> None:
    # Every code point but ASCII: found unless a BMP ucschar of RFC 3987 (%xA0-D7FF /
    # %xF900-FDCF / %xFDF0-FFEF); the class is written as the ranges it takes.
    text = "".join(map(chr, range(0x80, 0x110000)))
    found = {m.start() + 0x80 for m in NOT_UCSCHAR.finditer(text)}
    expected = {
        c
        for c in range(0x80, 0x110000)
        if not (0xA0 <= c <= 0xD7FF or 0xF900 <= c <= 0xFDCF or 0xFDF0 <= c <= 0xFFEF)
    }
    assert found == expected


# --- all_common_http_iris: the skeleton check of a batch of new IRIs ---------------------------


def test_common_http_batches_pass_whole() -> None:
    batch = [
        "http://example.org/a",
        "https://example.org/b/c%2Fd%c3%a9?q=1&r=%41#frag/?:@",
        "http://www.w3.org/2000/01/rdf-schema#label",
        "http://example.org/x:y@z!$&'()*+,;=~_.-?a?b/c#d?e",
        "https://zh.wikipedia.org/wiki/图谱·Ωmega",
        "http://a-b.c+d/",
        "httpx://example.org/a",  # any scheme starting "http", as the grammar allows
        "http:a//b/c",  # a rootless path: valid, and its skeleton is that of "http://a/b"
    ]
    assert all_common_http_iris(batch)


@pytest.mark.parametrize(
    "odd",
    [
        "http://example.org/a%zz",  # not a percent-escape
        "http://example.org/a%2",
        "http://example.org/a#b#c",  # two fragments
        "http://example.org/a b",
        "http://example.org/a<b",
        "http://example.org/a\nhttp://example.org/b",  # a line feed inside the IRI
        "http://example.org/a\nb",
        "http://example.org/\x85",  # a C1 control
        "http://example.org/\ue000",  # private use: in a query only, left to iri_error
        "http://example.org/\ufdd0",  # a noncharacter
        "http://example.org/\U00010000",  # astral: left to iri_error
        "http://example.org/\ud800",  # a lone surrogate
        "1http://example.org/",  # a scheme starts with a letter
        "htt_p://example.org/",
        "Xhttp://example.org/",
        "ftp://example.org/",
        "http://exa_mple.org/x",  # valid, but for the other checks
        "http://example.org:8080/x",
        "http://user@example.org/x",
        "http://example.org",  # no path
        "http://example.org?q",
        "",
    ],
)
def test_one_odd_iri_fails_the_common_batch(odd: str) -> None:
    assert not all_common_http_iris(["http://example.org/x", odd, "http://example.org/y"])


_COMMON_PIECES = [
    *_PLAIN_PIECES,
    "http:",
    "http:/",
    "//",
    "h",
    "X",
    "+",
    "~",
    "<",
    " ",
    "\n",
    "·",
    "\x85",
    "\ue000",
    "\ufdd0",
    "\uffff",
    "\U00010000",
    "\ud800",
]


@given(st.lists(st.lists(st.sampled_from(_COMMON_PIECES), max_size=8).map("".join), max_size=4))
def test_a_common_batch_that_passes_holds_only_valid_iris(batch: list[str]) -> None:
    if all_common_http_iris(batch):
        assert [iri for iri in batch if rfc3987_error(iri) is not None] == []
