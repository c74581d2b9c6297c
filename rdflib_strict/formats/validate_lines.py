"""Validating N-Triples and N-Quads without building a single rdflib term.

``validate`` only has to say whether each statement is in the language, so the statement
regex here is the grammar itself, strict where the parser's fast path is lenient: IRIs are
matched as absolute RFC 3987 IRIs of the common shapes (``iri.ASCII_IRI_SHAPE``; a line with
a non-ASCII IRI is matched with ``iri.IRI_SHAPE`` and searched for the few characters it lets
through that no IRI takes),
string bodies allow exactly the escapes ECHAR and UCHAR allow (no surrogates). A line it
matches is valid but for its language tag (well-formed BCP 47, checked once per distinct tag) and a datatype
of ``rdf:langString`` / ``rdf:dirLangString``. What they leave, line by line: blank and
comment lines are skipped; a statement whose IRIs hold escapes or other characters IRIREF
allows (an IP literal) is matched with IRIREF's own body and its IRIs decoded and checked.
Everything else (non-ASCII blank node labels, RDF 1.2 forms, errors) goes to the parser's
precise reader, which either accepts the line or raises at the exact token, so verdicts and
messages are the parser's own.

That reader (``lines.LineParser``) builds rdflib terms; it is made, and rdflib imported, when
the first line needs it, and a warning or an error loads rdflib for its ParseError: a valid
document the regexes take whole is validated without rdflib (its import is half of what
``validate`` of a small file took).

Ill-typed literals (``"abc"^^xsd:integer``) are valid RDF: they go to ``warn``, not ``on_error``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

from ..syntax.caches import trim_caches
from ..syntax.chunks import ChunkReader
from ..syntax.escapes import unescape_iri
from ..syntax.grammar import IRIREF_BODY, LANGTAG_BODY, RDF_NS, WS_LINE
from ..syntax.iri import ASCII_IRI_SHAPE, IRI_SHAPE, NOT_UCSCHAR, iri_error
from ..syntax.kinds import ILL_TYPED, ErrorKind, SpanError
from ..syntax.positions import line_end_counter
from ..syntax.reader import OnError
from ..syntax.version import RdfVersion
from ..syntax.xsd import CONSTRAINED, ill_typed_as_written
from .line_loop import LONG_LINE, Fast, LineFront, line_end_at, lines_are_long, raw_quote
from .line_patterns import (
    STATEMENT_END,
    STRICT_STRING_BODY,
    long_literal_statement,
    plain_run,
    statement_pattern,
)

if TYPE_CHECKING:
    from ..syntax.errors import ParseError
    from ..syntax.reader import SinkQuad
    from .lines import LineParser

__all__ = ["LineValidator"]

# Datatypes a literal without a language tag may not have: the precise reader says why.
_NEEDS_LANG: Final = frozenset((f"{RDF_NS}langString", f"{RDF_NS}dirLangString"))


def _strict_statement(iri: str, quads: bool) -> str:
    """The statement regex with IRIs of the shape ``iri``; groups: lexical form, datatype,
    language tag."""
    return statement_pattern(
        iri=iri,
        string=STRICT_STRING_BODY,
        langtag=LANGTAG_BODY,
        graph=quads,
        end=STATEMENT_END,
        groups="literal",
    )


def _run_of_statements(quads: bool, comments: bool) -> re.Pattern[str]:
    """A run of whole lines of the plainest statements (``plain_run``: valid, but for the
    ill-typed search); comments only when no ill-typed search follows (a literal-like text in
    one would fool it). Each line ends with exactly one line end, so the line ends in a match
    count its statements."""
    comment = "(?:#[^\\r\\n]*)?" if comments else ""
    return plain_run(STRICT_STRING_BODY, quads, rf"\.{WS_LINE}{comment}(?:\r\n|\n|\r)")


# A typed literal. In a run, each line holds at most one literal and it opens at the line's
# first '"'; a string body holds no unescaped '"' and no line end, so a search from a line's
# start finds that line's literal or, if it is not typed, the next line's.
_TYPED_LITERAL: Final = re.compile(f'"({STRICT_STRING_BODY})"{WS_LINE}\\^\\^{WS_LINE}<([^>]*)>')


#: A compiled regex's ``match``.
Match = Callable[[str, int], "re.Match[str] | None"]
#: A compiled regex's ``search`` within bounds.
Search = Callable[[str, int, int], "re.Match[str] | None"]


def _no_match(src: str, pos: int) -> None:
    return None


def _not_ucschar_in_iris(search: Search, src: str, pos: int, m: re.Match[str]) -> bool:
    """Whether ``search`` (``NOT_UCSCHAR.search``) finds a character in the IRIs of the
    statement ``m`` matched at ``pos``: outside its literal's body (group 1), if it has one;
    the rest of a statement is IRIs and ASCII."""
    body = m.start(1)
    if body < 0:
        return search(src, pos, m.end()) is not None
    return search(src, pos, body) is not None or search(src, m.end(1), m.end()) is not None


#: What a validator hands a warning to: a ParseError placed on the literal.
Warn = Callable[["ParseError"], None]


class LineValidator(LineFront):
    """Counts the statements of an N-Triples (``quads=False``) or N-Quads document, handing each
    bad one's ParseError to ``on_error`` (or raising it) and each ill-typed literal to ``warn``.

    The line family's loop with the validating regexes as its fast path; a LineParser, made
    when first needed (``LineFront``), is its precise reader.
    """

    def __init__(self, quads: bool, warn: Warn | None = None, version: RdfVersion = RdfVersion.RDF11) -> None:
        super().__init__()
        self.quads = quads
        # The regexes take the RDF 1.1 forms only (valid in RDF 1.2 too); the precise reader
        # reads the RDF 1.2 ones.
        self.version = version
        self.warn = warn
        # Most lines have ASCII IRIs: the first regex takes them whole. A line with a
        # non-ASCII IRI is taken by the second (``_match_any``), then searched for the
        # non-ucschar few. It, the runs' regex and the long lines' are compiled when first
        # needed (15-25M instructions each, a sixth of validating a file of one line).
        self._match = re.compile(_strict_statement(ASCII_IRI_SHAPE, quads)).match
        self._long: re.Pattern[str] | None = None
        self._count = 0
        #: The IRIREF bodies with escapes found valid (``_iri_ok``).
        self._iris: set[str] = set()

    @cached_property
    def _match_any(self) -> Match:
        return re.compile(_strict_statement(IRI_SHAPE, self.quads)).match

    def _match_any_lazily(self, src: str, pos: int) -> re.Match[str] | None:
        return self._match_any(src, pos)

    @cached_property
    def _run(self) -> Match:
        return _run_of_statements(self.quads, comments=self.warn is None).match

    def check(self, reader: ChunkReader, on_error: OnError | None = None) -> int:
        """The number of valid statements in ``reader``'s document."""
        self._count = 0
        for _ in self._read_lines(reader, on_error):
            pass
        return self._count

    @property
    def statements(self) -> int:
        """The valid statements counted so far: while ``on_error`` runs, those before the
        statement it is given (what a caller that stops there reports)."""
        return self._count

    def _fast(self, src: str, out: list[Any]) -> Fast:
        """Whole runs of lines first, one regex call for many statements; then one statement
        of the strict forms; both counted. What neither takes goes to the precise reader."""
        match = self._match
        not_ucschar = NOT_UCSCHAR.search
        langs = self._langs  # the tags already checked
        warn = self.warn
        has_cr = self._has_cr
        end = len(src)
        line_ends = line_end_counter(src, has_cr)
        long = self._long_statement(src) if lines_are_long(src, has_cr) else None
        # The runs' regex compiled for the first chunk of short lines; the non-ASCII IRIs' when
        # a line first needs it (a document of ASCII IRIs never does), then bound directly.
        run = self._run if long is None else _no_match  # not called then
        match_any = self._match_any if "_match_any" in self.__dict__ else self._match_any_lazily

        def fast(pos: int) -> int:
            count = 0
            while True:
                if long is None:
                    m = run(src, pos)
                else:  # a run would test each character of a long literal against a class
                    line_end = line_end_at(src, pos, has_cr)
                    if line_end - pos > LONG_LINE:
                        taken = long(pos, line_end)
                        if taken >= 0:
                            count += 1
                            pos = taken
                            continue
                        # Not the long shape: the precise reader, not the statement patterns,
                        # which test each character against a class (1 s each on a 50 MB line
                        # with an error at its end, against 0.25 s for the precise reader).
                        break
                    m = None  # short lines one by one: a run would go on into long ones
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
                    # Only the IRIs are searched: a literal's body may hold any character
                    # (an emoji in it made every such line the precise reader's).
                    if m is not None and _not_ucschar_in_iris(not_ucschar, src, pos, m):
                        m = None
                if m is None:
                    break
                lex, dt, lang = m.group(1, 2, 3)
                if not (lex is None or (dt is None and (lang is None or lang in langs)) or self._valid(m)):
                    break
                count += 1
                pos = m.end()
            self._count += count
            return pos

        return fast

    def _long_statement(self, src: str) -> Callable[[int, int], int]:
        """A reader of one line (from ``pos`` to its first line end, ``line_end``) holding a
        statement of the strict forms with a literal object: where the statement ends, or -1 if
        it is not such a statement (the caller's other paths take it).

        One regex reads the line: the string body escape by escape (``ESCAPED_BODY``), then
        back from the line end to the last '"' the rest of the statement follows (bounded past
        the line end by two, so it holds no line end: the rest needs '"' and '.' before one).
        The body is valid when, besides, every '"' in it is escaped: after an odd number of
        backslashes; C string searches find them."""
        if self._long is None:
            self._long = long_literal_statement(self.quads)
        statement = self._long.match
        find = src.find
        langs = self._langs

        def long(pos: int, line_end: int) -> int:
            m = statement(src, pos, line_end + 2)
            if m is None:
                return -1
            close = m.start(1) - 1
            start = find('"', pos) + 1  # the head holds no '"'
            if raw_quote(src, start, close):
                return -1
            last = m.lastindex  # 3: a language tag, 2: a datatype, 1: neither
            if last == 3:
                lang = m.group(3)
                if lang not in langs and not self._tag_ok(lang):
                    return -1
            elif last == 2:
                dt = m.group(2)
                if dt in _NEEDS_LANG:
                    return -1
                if self.warn is not None and dt in CONSTRAINED:
                    reason = ill_typed_as_written(src[start:close], dt)
                    if reason is not None:
                        self.warn(self._ill_typed(start - 1, m.end(2) + 1, reason))
            return m.end()

        return long

    def _valid(self, m: re.Match[str]) -> bool:
        """Whether the literal of the statement ``m`` (of the strict forms) needs no precise
        reader: its new language tag is well-formed (then kept), or its datatype is not one
        that needs a tag (an ill-typed one goes to ``warn``)."""
        lex, dt, lang = m.group(1, 2, 3)
        if lang is not None:
            return self._tag_ok(lang)
        if dt in _NEEDS_LANG:
            return False
        if self.warn is not None:
            self._check_typed(m, lex, dt, self.warn)
        return True

    def _without_terms(self, src: str, pos: int) -> int:
        # Not a long line: the pattern's string class would test each of its characters
        # (the long lines' reader has refused it; see _fast).
        if line_end_at(src, pos, self._has_cr) - pos > LONG_LINE:
            return -1
        end = self._escaped_statement(src, pos)
        if end >= 0:
            self._count += 1
        return end

    @cached_property
    def _match_escaped(self) -> Match:
        return re.compile(
            statement_pattern(
                iri=IRIREF_BODY,
                string=STRICT_STRING_BODY,
                langtag=LANGTAG_BODY,
                graph=self.quads,
                end=STATEMENT_END,
                groups="terms",
            )
        ).match

    def _escaped_statement(self, src: str, pos: int) -> int:
        """Where the statement at ``pos`` ends if it is of the strict forms but for its IRIs,
        which IRIREF's own body matches (UCHARs, any character): each then decoded and
        checked as the precise reader checks it (RFC 3987, absolute); -1 if it is not.

        N-Triples written by older tools (DBpedia's among them) escape every non-ASCII
        character of an IRI: each such line went to the precise reader, and the first one
        loaded rdflib."""
        m = self._match_escaped(src, pos)
        if m is None:
            return -1
        # Groups: subject IRI or label, predicate, object IRI or label, lexical form,
        # datatype, language tag (, graph IRI or label).
        groups = m.groups()
        iris = groups[0], groups[2], groups[3], groups[6], groups[8] if self.quads else None
        if not all(raw is None or self._iri_ok(raw) for raw in iris):
            return -1
        lex, dt, lang = groups[5:8]
        if lang is not None:
            if lang not in self._langs and not self._tag_ok(lang):
                return -1
        elif dt is not None:
            datatype = unescape_iri(dt)
            if datatype in _NEEDS_LANG:
                return -1
            if self.warn is not None:
                reason = ill_typed_as_written(lex, datatype)
                if reason is not None:
                    self.warn(self._ill_typed(m.start(6) - 1, m.end(7) + 1, reason))
        return m.end()

    def _iri_ok(self, raw: str) -> bool:
        """Whether an IRIREF body is, decoded, an absolute IRI (kept if so)."""
        if raw in self._iris:
            return True
        try:
            iri = unescape_iri(raw)
        except SpanError:
            return False
        if iri_error(iri) is not None:
            return False
        self._iris.add(raw)
        return True

    def _took(self, quad: SinkQuad, start: int, out: list[Any]) -> None:
        self._count += 1
        if self.warn is not None:
            assert self._reader is not None  # it read the statement
            self._reader._warn_ill_typed(quad[2], start)

    def trim_caches(self) -> None:
        trim_caches(self._iris)
        super().trim_caches()

    def _made_reader(self) -> LineParser:
        from .lines import LineParser
        from .terms import Terms

        reader = LineParser(Terms(rdf12=self.version.rdf12), self.quads, None, version=self.version)
        reader.terms.langs = self._langs  # one cache of the tags found well-formed (shared)
        return reader

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
            if hat - line > LONG_LINE:
                # A long literal is searched only if its datatype constrains something: the
                # search goes over it once more (12% of validating 1-8 KiB xsd:strings). A
                # '^^<' inside a string only makes the search below run, as it always did.
                lt = find("<", hat, stop)
                gt = find(">", lt, stop) if lt >= 0 else -1
                if gt >= 0 and not src[hat + 2 : lt].strip(" \t") and src[lt + 1 : gt] not in CONSTRAINED:
                    hat = find("^^", gt, stop)
                    continue
            t = search(src, line, stop)
            if t is None:
                return
            self._check_typed(t, t.group(1), t.group(2), warn)
            hat = find("^^", t.end(), stop)

    def _check_typed(self, m: re.Match[str], lex: str, dt: str, warn: Warn) -> None:
        reason = ill_typed_as_written(lex, dt)
        if reason is not None:
            warn(self._ill_typed(m.start(1) - 1, m.end(2) + 1, reason))

    def _ill_typed(self, start: int, end: int, reason: str) -> ParseError:
        return self._error(start, end, f"{ILL_TYPED}: {reason}", ErrorKind.ILL_TYPED_LITERAL)
