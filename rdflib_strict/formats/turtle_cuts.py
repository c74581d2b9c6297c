"""Where a Turtle or TriG document can be cut into blocks that parse on their own.

A block may start at the beginning of a line whose previous line ends a top-level statement:
its last token is a ``.`` ending a ``triples`` statement or an ``@prefix``/``@base``
directive, the IRI of a ``PREFIX``/``BASE`` directive, or (TriG) the ``}`` closing a graph
block, followed by nothing but spaces and a comment. Such a ``.`` is found by a scanner that
reads the document from its start and knows what holds a ``.`` that ends nothing: IRIs
``<...>``, the four kinds of strings (escapes included), comments, prefixed names (``ex:a.b``,
``ex:a\\.``), numbers (``1.5``, ``.5``, ``1.e3``; ``1.`` followed by a space is ``1`` and the
end), and ``[ ]``, ``( )`` and TriG's ``{ }`` nesting. It also hands on the extent of each
top-level directive, so that a block can start with the prefixes and base in force.

The scanner models only the lexical structure the parser reads; where the text leaves it
(an unterminated string, a ``<`` that opens no IRI, a stray ``\\``, ``@`` or bracket, a ``{``
in Turtle), it is ``unsure`` and offers no cut from there on. Its cuts are proposals: a
parallel parse checks each one (``parallel.py``), so a wrong one costs time, never a
statement or an error.

The patterns are compiled for ``str`` (text read and decoded by the caller) and for
``bytes`` (a local file, cut at byte offsets): every character that matters is ASCII, and
UTF-8 never holds an ASCII byte inside a multi-byte character.
"""

from __future__ import annotations

import functools
import itertools
import mmap
import re
from collections.abc import Iterator
from typing import Any, Final, Generic, TypeVar

from ..syntax.grammar import (
    IRI_CHARS,
    LONG_QUOTE_BODY,
    LONG_SINGLE_QUOTE_BODY,
    RUN_STATEMENTS,
    STRING_QUOTE_BODY,
    STRING_SINGLE_QUOTE_BODY,
    UCHAR,
    WS_TURTLE,
)

__all__ = ["Comment", "StatementCuts", "comments", "continued_lines", "guessed_cut", "guessed_directives"]

Text = TypeVar("Text", str, bytes)

_WS: Final = WS_TURTLE  # [161s] WS, comments included
# A name character before or after a '.' inside a prefixed name, blank node label or number
# (non-ASCII: in text, \w's letters; in bytes, any byte of a multi-byte character).
_NAME_STR: Final = r"[\w\-\u00b7\u0300-\u036f\u203f-\u2040]"
_NAME_BYTES: Final = r"[A-Za-z0-9_\-\x80-\xff]"
# The string kinds, the long ones first ('""' then a character is a short empty one), each
# with the LANGTAG that may follow it ('@' anywhere else is a directive or an error).
_LANGTAG: Final = r"(?:[ \t\r\n]*@[A-Za-z][A-Za-z0-9\-]*)?"
_STRINGS: Final = (
    f'"""{LONG_QUOTE_BODY}"""{_LANGTAG}'
    f"|'''{LONG_SINGLE_QUOTE_BODY}'''{_LANGTAG}"
    f'|"(?!""){STRING_QUOTE_BODY}"{_LANGTAG}'
    f"|'(?!''){STRING_SINGLE_QUOTE_BODY}'{_LANGTAG}"
)
# [18] IRIREF, unrolled: a run of plain characters is one step (IRIREF_BODY's alternation
# takes a step per character, which made the scan four times slower).
_IRIREF: Final = f"<{IRI_CHARS}*(?:(?:{UCHAR}){IRI_CHARS}*)*>"
# [172s] PN_LOCAL_ESC: '\.' is part of a name, never an end.
_LOCAL_ESCAPE: Final = r"\\[_~.\-!$&'()*+,;=/?#@%]"


def _body(name: str) -> str:
    """The text of a statement up to its first '.', bracket, brace or unknown character.

    A '.' is taken when it is inside a token: before a digit (``.5``, ``1.5``), or between a
    name character and a name character, ':', '%', '\\' or '.' (``ex:a.b``, ``1.e3``). Any
    other '.' ends a statement (a ``1.`` followed by a letter is read as a name: the one
    place this differs from the parser, which reads ``1`` and an end; the check catches it).
    """
    dot = rf"\.(?=[0-9])|(?<={name})\.(?={name}|[:%\\.])"
    plain = r"[^\[\](){}.\"'<>|#\\@]+"
    return f"(?:{plain}|{_IRIREF}|{_STRINGS}|#[^\\r\\n]*|{_LOCAL_ESCAPE}|{dot})*"


def _patterns(name: str) -> dict[str, str]:
    body = _body(name)
    # A statement of no brackets, braces or directive, ending in a '.' a space follows;
    # (?=(...))\1 takes the body atomically (no backtracking into it when the '.' is missing).
    # The whitespace is taken atomically too: backtracking into it put a line end before a
    # 'PREFIX' the directive test then did not see, and the body took the directive.
    keyword = r"(?i:prefix|base|version)(?![^\s<\[#\"'])"
    plain_statement = rf"(?=({_WS}))\1(?![@]|{keyword})(?=({body}))\2\.(?=[ \t\r\n#])"
    pname_ns = r"[^ \t\r\n<#\"':]*:"
    iri = _IRIREF
    # [RDF 1.2] VersionSpecifier: a one-line string.
    version = f"\"(?!\"\"){STRING_QUOTE_BODY}\"|'(?!''){STRING_SINGLE_QUOTE_BODY}'"

    return {
        "ws": _WS,
        "body": body,
        "run": f"(?:{plain_statement}){{1,{RUN_STATEMENTS}}}",
        # [4] prefixID, [5] base: to their '.'; [6s] sparqlPrefix, [5s] sparqlBase: to the IRI.
        "at": rf"@(?:(?:prefix{_WS}{pname_ns}|base){_WS}{iri}|version{_WS}(?:{version})){_WS}\.",
        "sparql": rf"(?i:(?:prefix{_WS}{pname_ns}|base){_WS}{iri}|version{_WS}(?:{version}))",
        "keyword": r"(?i:prefix|base|version)(?![^\s<\[#\"'])",
        # After a statement's end: the rest of its line, if it is blank or a comment.
        "rest": r"[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n)",
    }


@functools.cache
def _matchers(binary: bool) -> dict[str, Any]:
    # Compiled when first used: a local file's cuts are found in bytes, text's in str, and
    # the patterns for both cost a process a few hundredths of a second.
    patterns = _patterns(_NAME_BYTES if binary else _NAME_STR)
    if binary:
        return {k: re.compile(v.encode("ascii")).match for k, v in patterns.items()}
    return {k: re.compile(v).match for k, v in patterns.items()}


# A directive that does not match may be one cut by the end of the text so far: it is waited
# for this far, then the scanner gives up (a malformed one).
_DIRECTIVE_WAIT: Final = 4096
_NEED, _UNSURE, _NO_DIRECTIVE = -1, -2, -3
# What nests: '[ ]', '( )' and RDF 1.2's '<< >>' and '{| |}', whose two characters are one token.
_PAIRS: Final = ("<<", ">>", "{|", "|}", b"<<", b">>", b"{|", b"|}")
_OPENING: Final = ("[", "(", "<<", "{|", b"[", b"(", b"<<", b"{|")
_CLOSING: Final = ("]", ")", ">>", "|}", b"]", b")", b">>", b"|}")


class StatementCuts(Generic[Text]):
    """Finds statement boundaries in a Turtle (``trig=False``) or TriG document read from its
    start, as ``str`` or as ``bytes`` (``binary``).

    ``scan(text, pos, final, want)`` reads ``text`` from ``pos`` (a boundary an earlier call
    returned, 0 at the document's start, past a BOM) and returns ``(resume, cut)``: ``cut`` is
    the first line start at or after ``want`` where a block may start, and ``resume`` where the
    next call goes on (``cut`` itself); or, without one in ``text``, ``cut`` None and ``resume``
    the start of the first statement not whole in ``text``: the next call gets the text from
    there with more appended (at least as much again, so that the work stays linear). ``text``
    must end at a line end (never between a CR and its LF) unless ``final`` (the document ends
    with it). ``directives`` collects the ``(start, end)`` offsets in ``text`` of each
    top-level directive read, in order; the caller takes them after each call.
    """

    def __init__(self, trig: bool, binary: bool) -> None:
        self.trig = trig
        self.binary = binary
        self.unsure = False
        self.directives: list[tuple[int, int]] = []
        self._braces = 0  # 1 inside a TriG graph block
        m = _matchers(binary)
        self._ws, self._body, self._run = m["ws"], m["body"], m["run"]
        self._at, self._sparql, self._keyword, self._rest = m["at"], m["sparql"], m["keyword"], m["rest"]

    def scan(self, text: Text, pos: int, final: bool, want: int) -> tuple[int, int | None]:
        if self.unsure:
            return len(text), None
        braces = self._braces  # at ``pos``: restored when the scan resumes there
        while True:
            pos = self._ws(text, pos).end()
            if pos >= len(text):
                return pos, None
            end = self._directive(text, pos, final)
            if end >= 0:
                cut = self._ended(text, end, want)[1]
                if cut is not None:
                    return cut, cut
                pos = end
                continue
            if end == _NEED:
                break
            if end == _UNSURE:
                self.unsure = True
                return len(text), None
            end, cut = self._statements(text, pos, final, want)
            if cut is not None:
                return cut, cut
            if end == _NEED:
                break
            if end == _UNSURE:
                self.unsure = True
                return len(text), None
            pos, braces = end, self._braces
        self._braces = braces
        return pos, None

    def _directive(self, text: Text, pos: int, final: bool) -> int:
        """The end of the directive at ``pos`` (recorded if top-level), ``_NO_DIRECTIVE``, or
        ``_NEED`` / ``_UNSURE`` for what starts as one and does not match."""
        c = text[pos : pos + 1]
        if c in ("@", b"@"):
            m = self._at(text, pos)
        elif c in ("p", "P", "b", "B", "v", "V", b"p", b"P", b"b", b"B", b"v", b"V") and self._keyword(
            text, pos
        ):
            m = self._sparql(text, pos)
        else:
            return _NO_DIRECTIVE
        if m is None:
            return _NEED if not final and len(text) - pos < _DIRECTIVE_WAIT else _UNSURE
        end: int = m.end()
        if self._braces == 0:
            self.directives.append((pos, end))
        return end

    def _statements(self, text: Text, pos: int, final: bool, want: int) -> tuple[int, int | None]:
        """From a statement start at depth 0 to the next one (or a cut at or after ``want``):
        ``(position, cut)``; position ``_NEED`` or ``_UNSURE`` when there is none."""
        n = len(text)
        m = self._run(text, pos, max(pos, want))  # none of whose ends is wanted
        if m is not None:
            return m.end(), None
        depth = 0
        while True:
            pos = self._body(text, pos).end()
            if pos >= n:
                return (pos if final else _NEED), None
            c = text[pos : pos + 1]
            if c in (".", b"."):
                pos += 1
                if pos >= n and not final:
                    return _NEED, None
                if depth:
                    continue  # an error the parser reports; its skip reads on as this does
                return self._ended(text, pos, want)
            pair = text[pos : pos + 2]
            if pair in _PAIRS:  # [RDF 1.2] '<<(' and ')>>' count with their parentheses
                c, pos = pair, pos + 1
            if c in _OPENING:
                depth += 1
            elif c in _CLOSING:
                depth -= 1
                if depth < 0:
                    return _UNSURE, None
            elif c in ("{", b"{") and self.trig and not depth and not self._braces:
                self._braces = 1
                return pos + 1, None
            elif c in ("}", b"}") and not depth and self._braces:
                self._braces = 0
                return self._ended(text, pos + 1, want)
            elif text.startswith(c * 3, pos) and c in ('"', "'", b'"', b"'") and not final:
                return _NEED, None  # a long string the text so far does not close
            else:
                return _UNSURE, None
            pos += 1

    def _ended(self, text: Text, pos: int, want: int) -> tuple[int, int | None]:
        """Just past a statement's end at ``pos``: a cut after its line if that is wanted."""
        if self._braces:
            return pos, None
        m = self._rest(text, pos)
        if m is not None and m.end() >= want:
            return pos, m.end()
        return pos, None


# --- guessed cuts (a local file on several cores) ---------------------------------------

# Reading a document from its start to find its cuts cost the parent about a quarter of what
# validating it costs, beside the workers (1.0-1.2 s of CPU for a 37 MiB file, against
# 0.14 s for the guesses). A local file's cuts are guessed instead, without reading the
# statements before them: the first line start
# after an offset whose previous line ends in a '.' (Turtle) or a '}' closing a graph block
# (TriG), and as the base and prefixes in force there, the directives that start a line
# before it. A guess can be wrong (a line of a long string or a comment ending in '.', a
# directive's text inside a string, a directive after a statement on its line): the parallel
# parse checks every block against the one before it, so a wrong guess costs a block parsed
# again, never a statement or an error.
_GUESSED_END: Final = {
    False: re.compile(rb"\.[ \t]*(?:\r\n|\n|\r)"),
    True: re.compile(rb"\}[ \t]*(?:\r\n|\n|\r)"),
}
# A Turtle statement's '.' as writers put it, after a space or an IRI, a ']' or a ')': a line
# of text in a long string seldom ends so ("a sentence." does), so this is looked for first,
# within a window, before any '.' at a line end.
_WRITTEN_END: Final = re.compile(rb"[ \t>\])]\.[ \t]*(?:\r\n|\n|\r)")
_WRITTEN_END_WINDOW: Final = 1 << 16
# A line start, then what may begin a directive ('@' or a keyword's first letter, checked in
# Python): a pattern that begins with one literal character and looks no further than the
# next is searched for in C at about 80 ns a line (a character class first, or the keywords
# spelled out in the pattern, made it 2-5x slower). Directives indented or after a CR alone
# are not followed: guessed wrong, and checked.
_DIRECTIVE_LINE: Final = re.compile(rb"\n(?=@|[PpBbVv])")

_BLANKS: Final = re.compile(rb"[ \t]*").match


def guessed_cut(data: bytes | mmap.mmap, want: int, trig: bool) -> int | None:
    """The first line start at or after ``want`` whose previous line ends in a '.' (Turtle:
    one after a space, an IRI, a ']' or a ')' if there is one within ``_WRITTEN_END_WINDOW``)
    or a '}' (TriG), or None; a guess, to be checked."""
    m = None if trig else _WRITTEN_END.search(data, want, want + _WRITTEN_END_WINDOW)
    if m is None:
        m = _GUESSED_END[trig].search(data, want)
    return None if m is None else m.end()


def guessed_directives(data: bytes | mmap.mmap, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The ``(start, end)`` of each directive at a line start in ``data[start:end]`` (or
    ``start`` itself, a line start), in order; a guess, to be checked."""
    matchers = _matchers(True)
    at, sparql, keyword = matchers["at"], matchers["sparql"], matchers["keyword"]
    after_line_end = start > 0 and data[start - 1 : start] == b"\n"
    found = _DIRECTIVE_LINE.finditer(data, start - 1 if after_line_end else start, end)
    starts: Iterator[int] = (m.end() for m in found)  # each a line's first character
    if not after_line_end:  # the text's first line, which no line end precedes
        blanks = _BLANKS(data, start)
        starts = itertools.chain([start if blanks is None else blanks.end()], starts)
    for begin in starts:
        if data[begin : begin + 1] == b"@":
            m = at(data, begin)
        else:
            m = sparql(data, begin) if keyword(data, begin) else None
        if m is not None and m.end() <= end:
            yield begin, m.end()


# --- comments (``rdflib-strict fmt``) ------------------------------------------------------

# A token that may hold a '#' that starts no comment (an IRI, a string, a name's '\#'), a
# run of anything else up to the next such token or '#', or a comment; one character for
# what a valid document cannot hold there (RDF 1.2's '<<').
_COMMENT_SCAN: Final = re.compile(
    f"({_IRIREF}|{_STRINGS}|{_LOCAL_ESCAPE})|([^#\"'<\\\\]+)|(#[^\\r\\n]*)|(.)", re.DOTALL
)


class Comment:
    """A comment in a Turtle or TriG document: ``text`` from its ``#`` (trailing spaces
    dropped), at ``offset``; ``own_line`` if only spaces are before it on its line; ``after``
    the last character of the tokens before it ("" at the document's start)."""

    __slots__ = ("after", "offset", "own_line", "text")

    def __init__(self, offset: int, text: str, own_line: bool, after: str) -> None:
        self.offset = offset
        self.text = text
        self.own_line = own_line
        self.after = after


def comments(text: str) -> list[Comment]:
    """Every comment of ``text`` (a document that parses), in order, and what precedes each."""
    found: list[Comment] = []
    after = ""
    for m in _COMMENT_SCAN.finditer(text):
        token, plain, comment = m.group(1), m.group(2), m.group(3)
        if comment is not None:
            start = m.start()
            line_start = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
            own = text[line_start:start].strip(" \t") == ""
            found.append(Comment(start, comment.rstrip(" \t"), own, after))
        elif plain is not None:
            stripped = plain.rstrip(" \t\r\n")
            if stripped:
                after = stripped[-1]
        else:
            after = (token or m.group(4))[-1]
    return found


def continued_lines(text: str) -> set[int]:
    """The lines (0-based, LF-separated) of ``text`` that start inside a token: a long string's
    later lines, before which nothing can be inserted."""
    inside: set[int] = set()
    for m in _COMMENT_SCAN.finditer(text):
        token = m.group(1)
        if token is not None and "\n" in token:
            first = text.count("\n", 0, m.start())
            inside.update(range(first + 1, first + 1 + token.count("\n")))
    return inside
