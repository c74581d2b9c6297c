"""Validating N-Triples and N-Quads without building a single rdflib term.

``validate`` only has to say whether each statement is in the language, so the statement
regex here is the grammar itself, strict where the parser's fast path is lenient: IRIs are
matched as absolute RFC 3987 IRIs of the common shapes (``iri.ASCII_IRI_SHAPE``; a line with
a non-ASCII IRI is matched with ``iri.IRI_SHAPE`` and searched for the few characters it lets
through that no IRI takes),
string bodies allow exactly the escapes ECHAR and UCHAR allow (no surrogates). A line it
matches is valid but for its language tag (well-formed BCP 47, checked once per distinct tag) and a datatype
of ``rdf:langString`` / ``rdf:dirLangString``. Everything else (comments, blank lines, IRIs
with escapes or IP literals, errors) goes to the parser's precise reader, which either accepts
the line or raises at the exact token, so verdicts and messages are the parser's own.

Ill-typed literals (``"abc"^^xsd:integer``) are valid RDF: they go to ``warn``, not ``on_error``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..syntax.reader import OnError
from ..syntax.errors import ILL_TYPED, ErrorKind, ParseError
from ..syntax.escapes import unescape_string
from ..syntax.grammar import (
    BLANK_NODE_LABEL_BODY,
    LANGTAG_BODY,
    LANGTAG_SIMPLE,
    NOT_LANG_DATATYPE,
    WS_LINE,
    run_of,
)
from ..syntax.iri import ASCII_IRI_SHAPE, IRI_SHAPE, NOT_UCSCHAR
from ..syntax.langtag import langtag_error
from ..syntax.positions import line_end_counter
from ..syntax.chunks import ChunkReader
from ..syntax.xsd import ill_typed
from .lines import LineParser
from .terms import RDF_DIRLANGSTRING_TEXT, RDF_LANGSTRING_TEXT, Terms

__all__ = ["LineValidator"]

# Datatypes a literal without a language tag may not have: the precise reader says why.
_NEEDS_LANG: Final = frozenset((RDF_LANGSTRING_TEXT, RDF_DIRLANGSTRING_TEXT))

# ECHAR and UCHAR only; a \u escape of a surrogate and every \U escape go to the precise
# reader (which decodes \U and checks its range).
_STRING_BODY: Final = r'[^"\\\n\r]*(?:\\(?:[tbnrf"\'\\]|u(?![dD][89a-fA-F])[0-9A-Fa-f]{4})[^"\\\n\r]*)*'
_END: Final = rf"\.{WS_LINE}(?:#[^\r\n]*)?(?:[\r\n]+|\Z)"


def _statement(iri: str, quads: bool) -> re.Pattern[str]:
    """The statement regex with IRIs of the shape ``iri``; groups: lexical form, datatype,
    language tag."""
    node = f"(?:<{iri}>|_:{BLANK_NODE_LABEL_BODY})"
    obj = f'(?:{node}|"({_STRING_BODY})"(?:{WS_LINE}\\^\\^{WS_LINE}<({iri})>|{WS_LINE}@({LANGTAG_BODY}))?)'
    terms = ["", node, f"<{iri}>", obj, f"(?:{node}{WS_LINE})?" if quads else ""]
    return re.compile(WS_LINE.join(terms) + _END)


def _run_of_statements(quads: bool, comments: bool) -> re.Pattern[str]:
    """A run (``run_of``) of whole lines of the plainest statements, which need no check beyond the
    regex (and the ill-typed search): ASCII IRIs, labels, literals with tags of the shapes
    language, language-script, language-region (well-formed BCP 47 by construction) or with a
    datatype other than rdf:langString / rdf:dirLangString; comments only when no ill-typed
    search follows (a literal-like text in one would fool it). Each line ends with exactly one
    line end, so the line ends in a match count its statements."""
    node = f"(?:<{ASCII_IRI_SHAPE}>|_:{BLANK_NODE_LABEL_BODY})"
    datatype = f"<{NOT_LANG_DATATYPE}{ASCII_IRI_SHAPE}>"
    obj = f'(?:{node}|"{_STRING_BODY}"(?:{WS_LINE}@{LANGTAG_SIMPLE}|{WS_LINE}\\^\\^{WS_LINE}{datatype})?)'
    terms = ["", node, f"<{ASCII_IRI_SHAPE}>", obj, f"(?:{node}{WS_LINE})?" if quads else ""]
    comment = "(?:#[^\\r\\n]*)?" if comments else ""
    end = rf"\.{WS_LINE}{comment}(?:\r\n|\n|\r)"
    return re.compile(run_of(WS_LINE.join(terms) + end))


# A typed literal. In a run, each line holds at most one literal and it opens at the line's
# first '"'; a string body holds no unescaped '"' and no line end, so a search from a line's
# start finds that line's literal or, if it is not typed, the next line's.
_TYPED_LITERAL: Final = re.compile(f'"({_STRING_BODY})"{WS_LINE}\\^\\^{WS_LINE}<([^>]*)>')


#: What a validator hands a warning to: a ParseError placed on the literal.
Warn = Callable[[ParseError], None]


class LineValidator(LineParser):
    """Counts the statements of an N-Triples (``quads=False``) or N-Quads document, handing each
    bad one's ParseError to ``on_error`` (or raising it) and each ill-typed literal to ``warn``.

    A LineParser whose precise reader takes what the validating regex does not.
    """

    def __init__(self, quads: bool, warn: Warn | None = None) -> None:
        super().__init__(Terms(), quads, None)
        # Most lines have ASCII IRIs: the first regex takes them whole. A line with a
        # non-ASCII IRI is taken by the second, then searched for the non-ucschar few.
        self._match = _statement(ASCII_IRI_SHAPE, quads).match
        self._match_any = _statement(IRI_SHAPE, quads).match
        self._run = _run_of_statements(quads, comments=warn is None).match
        self.warn = warn

    def check(self, reader: ChunkReader, on_error: OnError | None = None) -> int:
        """The number of valid statements in ``reader``'s document."""
        self.name = reader.name
        statement = self._statement
        match = self._match
        match_any = self._match_any
        run = self._run
        not_ucschar = NOT_UCSCHAR.search
        langs = self.terms.langs  # the tags already checked, as the precise reader keeps them
        warn = self.warn
        count = 0
        for src in reader:
            self._src = src
            self._first_line = reader.line
            pos = 0
            end = len(src)
            has_cr = "\r" in src
            line_ends = line_end_counter(src)
            while pos < end:
                # Whole runs of lines first: one regex call for many statements.
                m = run(src, pos)
                if m is not None:
                    stop = m.end()
                    if warn is not None:
                        self._check_run(src, pos, stop, warn, has_cr)
                    count += line_ends(pos, stop)
                    pos = stop
                    if pos >= end:
                        break
                m = match(src, pos)
                if m is None:
                    m = match_any(src, pos)
                    if m is not None and not_ucschar(src, pos, m.end()) is not None:
                        m = None
                if m is not None:
                    lex, dt, lang = m.group(1, 2, 3)
                    if lex is None or (dt is None and (lang is None or lang in langs)):
                        count += 1
                        pos = m.end()
                        continue
                    if lang is not None:
                        if langtag_error(lang) is None:
                            langs.add(lang)
                            count += 1
                            pos = m.end()
                            continue
                    elif dt not in _NEEDS_LANG:
                        if warn is not None:
                            self._check_typed(m, lex, dt, warn)
                        count += 1
                        pos = m.end()
                        continue
                # The precise reader: comments, blank lines, rarer shapes, and every error.
                try:
                    next_pos, quad = statement(src, pos)
                except ParseError as e:
                    next_pos = self._reject(e, pos, on_error)
                else:
                    if quad is not None:
                        count += 1
                        if warn is not None:
                            self._warn_ill_typed(quad[2], pos)
                pos = next_pos
            self.trim_caches()
        return count

    def _check_run(self, src: str, pos: int, stop: int, warn: Warn, has_cr: bool) -> None:
        """Hand on the ill-typed literals in the run ``src[pos:stop]``.

        Only lines holding '^^' are searched, from their start: a search of the whole run
        would cost as much as the run's match. (A chunk without CR is not searched back for
        one: that search would run to the run's start for every literal.)
        """
        find, rfind, search = src.find, src.rfind, _TYPED_LITERAL.search
        hat = find("^^", pos, stop)
        while hat >= 0:
            line = rfind("\n", pos, hat)
            if has_cr:
                line = max(line, rfind("\r", pos, hat))
            line = max(line, pos - 1) + 1
            t = search(src, line, stop)
            if t is None:
                return
            self._check_typed(t, t.group(1), t.group(2), warn)
            hat = find("^^", t.end(), stop)

    def _check_typed(self, m: re.Match[str], lex: str, dt: str, warn: Warn) -> None:
        reason = ill_typed(unescape_string(lex) if "\\" in lex else lex, dt)
        if reason is not None:
            warn(self._ill_typed(m.start(1) - 1, m.end(2) + 1, reason))

    def _ill_typed(self, start: int, end: int, reason: str) -> ParseError:
        return self._error(start, end, f"{ILL_TYPED}: {reason}", ErrorKind.ILL_TYPED_LITERAL)
