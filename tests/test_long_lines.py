"""Errors on megabyte lines and tokens: ``str(e)`` and ``e.msg`` stay short.

A minified dump can hold a line of 20 MB, an IRI or a literal of a megabyte: an error there
used to print the whole line twice. The excerpt shows a window around the error column (cut
with ``...``), the message quotes a long token by its two ends; the caret stays under the
offending text and the reported columns stay the real ones. The lines here are 2 MB, enough
to show any unbounded copy. Expected positions and texts are worked out from the documents.
"""

from __future__ import annotations

import re

import pytest
from rdflib import Graph

from rdflib_strict import ParseError

BIG = 1_000_000
#: What ``str(e)`` may take per error, whatever the input (a message, a line and a caret line).
STR_BOUND = 1000


def error_of(doc: str, fmt: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        Graph().parse(data=doc, format=fmt)
    return info.value


def excerpt_lines(e: ParseError) -> tuple[str, str, str]:
    """``str(e)`` as (message line, shown source line, caret line), gutters stripped."""
    header, source, carets = str(e).split("\n")
    gutter = f" {e.lineno} | "
    assert source.startswith(gutter) and carets.startswith(" " * (len(gutter) - 2) + "| ")
    return header, source[len(gutter) :], carets[len(gutter) :]


def under_carets(e: ParseError) -> str:
    """The shown text the carets stand under."""
    _, shown, carets = excerpt_lines(e)
    start = carets.index("^")
    assert set(carets[start:]) == {"^"}
    return shown[start : len(carets)]


A, B = "a" * BIG, "b" * BIG
HUGE_LINE_CASES = {
    # name: (format, document, the line's text before the error, the text under the carets,
    #        is the line cut before the error, after it)
    "nt-error-at-the-end": (
        "strict-ntriples",
        f'<http://ex/s> <http://ex/p> "{A}" <x> .\n',
        f'<http://ex/s> <http://ex/p> "{A}" ',
        "<x>",
        (True, False),
    ),
    "nt-error-in-the-middle": (
        "strict-ntriples",
        f'<http://ex/s> <http://ex/p> "{A}\t\u200b" <x> "{B}" .\n',
        f'<http://ex/s> <http://ex/p> "{A}\t\u200b" ',
        "<x>",
        (True, True),
    ),
    "nt-error-at-the-start": (
        "strict-nquads",
        f'<http://ex/s> <rel> "{A}" .\n',
        "<http://ex/s> ",
        "<rel>",
        (False, True),
    ),
    "ttl-error-in-the-middle": (
        "strict-turtle",
        f'@prefix : <http://ex/> .\n:s :p "{A}\ufeff" BAD "{B}" .\n',
        f':s :p "{A}\ufeff" ',
        "BAD",
        (True, True),
    ),
}


@pytest.mark.parametrize("name", sorted(HUGE_LINE_CASES))
def test_an_error_on_a_huge_line_shows_a_window_with_the_caret_under_the_error(name: str) -> None:
    fmt, doc, before, token, (cut_before, cut_after) = HUGE_LINE_CASES[name]
    e = error_of(doc, fmt)
    assert e.colno == len(before) + 1  # the real column, not the one in the window
    assert e.text == doc.split("\n")[-2]  # the attribute keeps the whole line
    rendered = str(e)
    assert len(rendered) < STR_BOUND, len(rendered)
    _, shown, _ = excerpt_lines(e)
    assert len(shown) <= 200 + 2 * len("...")
    assert shown.startswith("...") == cut_before and shown.endswith("...") == cut_after
    assert under_carets(e) == token
    # What shows before the error is the end of the real line's text, invisible characters
    # written out.
    assert (
        before.replace("\u200b", "U+200B").replace("\ufeff", "U+FEFF").endswith(shown[3:].split(token)[0])
        if cut_before
        else shown.startswith(before)
    )


TOKEN_CASES = {
    # name: (format, document, how the message starts, how it ends)
    "relative-iri-in-nt": (
        "strict-ntriples",
        f"<http://ex/s> <http://ex/p> <{A}> .\n",
        "invalid IRI <aaaa",
        "aaaa>: relative IRI; only absolute IRIs are allowed here",
    ),
    "bad-percent-iri-in-turtle": (
        "strict-turtle",
        f"<http://ex/s> <http://ex/p> <http://ex/%zz{A}> .\n",
        "invalid IRI <http://ex/%zzaaa",
        "aaaa>: '%' not followed by two hex digits",
    ),
    "relative-iri-without-base": (
        "strict-turtle",
        f"<http://ex/s> <http://ex/p> <{A}> .\n",
        "relative IRI <aaaa",
        "aaaa> but no base IRI: declare one with @base or BASE, or pass base= or publicID="
        " (on the command line: --base IRI)",
    ),
    "invalid-scheme": (
        "strict-ntriples",
        f"<http://ex/s> <http://ex/p> <1{A}:x> .\n",
        "invalid IRI <1aaaa",
        "aaaa'",
    ),
    "prefixed-name-makes-a-bad-port": (
        "strict-turtle",
        f"@prefix p: <http://ex.org:> .\np:{A} <http://ex/p> 1 .\n",
        "invalid IRI <http://ex.org:aaaa",
        "aaaa'",
    ),
    "undefined-huge-prefix": (
        "strict-turtle",
        f"{A}:b <http://ex/p> 1 .\n",
        "undefined prefix 'aaaa",
        "aaaa:b (no @prefix or PREFIX declares it)",
    ),
    "huge-language-tag": (
        "strict-ntriples",
        f'<http://ex/s> <http://ex/p> "x"@{A} .\n',
        "invalid language tag 'aaaa",
        "longer than 8 characters (BCP 47)",
    ),
}


@pytest.mark.parametrize("name", sorted(TOKEN_CASES))
def test_a_message_quotes_a_huge_token_by_its_two_ends(name: str) -> None:
    fmt, doc, head, tail = TOKEN_CASES[name]
    e = error_of(doc, fmt)
    assert len(e.msg) <= 500, len(e.msg)
    assert len(str(e)) < STR_BOUND, len(str(e))
    assert e.msg.startswith(head) and e.msg.endswith(tail), e.msg
    # Each quote of the token is cut to 100 characters, its two ends kept, so a message that
    # quotes it twice (or a part of it too) still says all it says.
    assert "..." in e.msg
    assert max(map(len, re.findall("a+", e.msg))) < 100


def test_a_long_message_keeps_its_two_ends() -> None:
    """Whatever quotes the input without cutting it, the message is cut to 500 characters
    in the middle: how it starts (what the rules match) and how it ends (the reason) stay."""
    e = ParseError("year " + "1" * BIG + " has more than 4 digits", "<string>", 1, 1, 2, "x")
    assert len(e.msg) == 500
    assert e.msg.startswith("year 1111") and e.msg.endswith("1111 has more than 4 digits")
    assert len(str(e)) < STR_BOUND


def test_skipped_stays_whole_and_str_is_bounded() -> None:
    """``skipped`` is the statement's text, data to fix and parse again: whole. ``str(e)``
    does not show it."""
    bad = f'<http://ex/s> <http://ex/p> "{A}" <x> .\n'
    doc = f"<http://ex/a> <http://ex/p> <http://ex/o> .\n{bad}<http://ex/b> <http://ex/p> <http://ex/o> .\n"
    found: list[ParseError] = []
    g = Graph().parse(data=doc, format="strict-ntriples", on_error=found.append)
    assert len(g) == 2
    (e,) = found
    assert e.skipped == bad
    assert len(str(e)) < STR_BOUND
