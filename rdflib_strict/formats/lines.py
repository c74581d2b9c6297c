"""N-Triples and N-Quads: one grammar, a flag for the graph label, RDF 1.1 or (asked for) 1.2.

    [1]  nquadsDoc ::= statement? (EOL statement)* EOL?
    [2]  statement ::= subject predicate object graphLabel? '.'
    [3]  subject   ::= IRIREF | BLANK_NODE_LABEL
    [4]  predicate ::= IRIREF
    [5]  object    ::= IRIREF | BLANK_NODE_LABEL | literal
    [6]  graphLabel ::= IRIREF | BLANK_NODE_LABEL
    [7]  literal   ::= STRING_LITERAL_QUOTE ('^^' IRIREF | LANGTAG)?

RDF 1.2 (``version="1.2"``) adds, per the RDF 1.2 N-Triples and N-Quads drafts:

    statement        ::= directive | subject predicate object graphLabel? '.'
    versionDirective ::= 'VERSION' STRING_LITERAL_QUOTE        (a line of its own)
    object           ::= IRIREF | BLANK_NODE_LABEL | literal | tripleTerm
    tripleTerm       ::= '<<(' subject predicate object ')>>'
    LANG_DIR         ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)* ('--' [a-zA-Z]+)?   (ltr or rtl)

Each statement is first tried with one regex for the whole line (escape-free IRIs, any
string; the RDF 1.1 forms only, so RDF 1.1 input costs what it always did); whatever that
does not take (blank lines, comments, escaped IRIs, RDF 1.2 forms, errors) goes to a
token-by-token reader that either parses the statement or raises at the exact token.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator
from itertools import accumulate
from typing import Any, Final

from rdflib.term import BNode, Literal, Node, URIRef

from ..syntax.caches import CACHED_TEXT_MAX, trim_caches
from ..syntax.chunks import ChunkReader
from ..syntax.errors import ParseError
from ..syntax.escapes import unescape_string
from ..syntax.grammar import (
    LANGTAG_BODY,
    LANGTAG_RE,
    STRING_QUOTE_BODY,
    WS_LINE,
    blank_node_label_re,
    compiled_when_used,
)
from ..syntax.kinds import ILL_TYPED, ErrorKind, SpanError
from ..syntax.langtag import read_direction
from ..syntax.messages import (
    BASE_DIRECTION,
    BLANK_NODE_PREDICATE,
    LANGTAG_AFTER_AT,
    LITERAL_PREDICATE,
    LITERAL_SUBJECT,
    TRIPLE_TERMS,
    TRIPLE_TERMS_BASIC,
    VERSION,
    bad_blank_node_label,
    bad_language_tag,
    expected,
)
from ..syntax.positions import line_end_counter
from ..syntax.reader import BatchPlaces, GraphFor, OnError, SinkQuad, label_itself
from ..syntax.scan import TO_LINE_END, iriref_body_end, sure_match
from ..syntax.shown import describe_found, token_end
from ..syntax.version import RdfVersion
from ..syntax.xsd import ill_typed
from .line_loop import LONG_LINE, REFUSED, Fast, LineLoop, line_end_at, lines_are_long, raw_quote
from .line_patterns import STATEMENT_END, Groups, long_literal_statement, statement_pattern
from .rdf12_terms import TripleTerm
from .terms import Terms, exact_literal, is_literal

__all__ = ["LineParser"]

# The fast path captures an IRIREF body as "anything up to '>'": sre scans a single negated
# character a third faster than IRIREF's class, and nothing is lost, because on valid input
# the body ends at the same '>', and every body is checked the first time it is seen
# (Terms.absolute_iri: UCHARs decoded, then RFC 3987, which rejects every character IRIREF
# forbids; tests/test_lines.py pins that). A body that fails goes to the precise reader.
_IRI_FAST: Final = "[^>]*"


def _fast_statement(quads: bool, end: str, groups: Groups) -> Callable[[], re.Pattern[str]]:
    """A statement with the fast path's term shapes (any string, any tag), compiled when
    first used (each takes milliseconds, and a run needs one of the four)."""
    return compiled_when_used(
        statement_pattern(
            iri=_IRI_FAST, string=STRING_QUOTE_BODY, langtag=LANGTAG_BODY, graph=quads, end=end, groups=groups
        )
    )


ntriples_re: Final = _fast_statement(False, STATEMENT_END, "terms")
nquads_re: Final = _fast_statement(True, STATEMENT_END, "terms")
# Where a statement's subject, object and '.' are, for source maps: the fast path's pattern up
# to the '.', matched again only when positions were asked for (one C match per statement
# costs less than reading the fast path's groups in Python: 2.0 against 3.3 us on schema.org).
_placed_nt: Final = _fast_statement(False, r"\.", "placed")
_placed_nq: Final = _fast_statement(True, r"\.", "placed")
_WS: Final = sure_match(WS_LINE)
_STRING_QUOTE: Final = sure_match(STRING_QUOTE_BODY)
# [7] EOL ::= [#xD#xA]+ ; LF and CR each end a line.
_LINE_ENDS: Final = sure_match(r"[\r\n]*")
# A line's rest and its one line end (LF, CR or CRLF): blank lines after it are not part of
# it, so a skipped statement's text does not depend on where a chunk ends.
_REST_OF_LINE: Final = sure_match(r"[^\r\n]*(?:\r\n|\r|\n)?")
#: RDF 1.2 Turtle's reified triple, which the line formats do not have.
_REIFIED: Final = (
    "reified triples ('<< ... >>') are Turtle and TriG syntax; N-Triples and N-Quads have "
    "only triple terms ('<<( ... )>>', as an object)"
)

#: Where a statement's parts are: its start, where its subject ends, where its object starts
#: and ends, and its end past the '.' (the five columns of BatchPlaces, as offsets).
Bounds = tuple[int, int, int, int, int]


def _statement_lines(src: str, line_starts: list[int], first_line: int, line_ends: int) -> list[int]:
    """The line of each statement starting at ``line_starts`` (ascending, one statement a
    line) in ``src``, whose first line is ``first_line`` and which holds ``line_ends``."""
    n = len(line_starts)
    if line_ends + (not src.endswith(("\n", "\r"))) == n:
        # As many lines as statements (a chunk without blank or comment lines): the i-th
        # statement is on the i-th line.
        return list(range(first_line, first_line + n))
    # The line ends since the statement before, counted in C.
    line_ends_before = map(line_end_counter(src), [0, *line_starts[:-1]], line_starts)
    return list(accumulate(line_ends_before, initial=first_line))[1:]


def _uncached(text: str) -> None:
    """No cached term for ``text`` (a cache's ``get`` in a chunk of long lines)."""


class LineParser(LineLoop):
    """Parses N-Triples (``quads=False``) or N-Quads into batches of quads.

    Each quad's fourth element is ``default`` for the default graph, else
    ``graph_for(label)``, which may raise SpanError to refuse named graphs. ``version``
    says which RDF is read (RDF 1.2 only when asked for).
    """

    def __init__(
        self,
        terms: Terms,
        quads: bool,
        default: Hashable,
        graph_for: GraphFor = label_itself,
        version: RdfVersion = RdfVersion.RDF11,
    ) -> None:
        self.terms = terms
        self.quads = quads
        self.version = version
        self.default = default
        self._graph_for = graph_for
        self._graphs: dict[Node, Hashable] = {}
        self._plain: dict[str, Literal] = {}
        self._typed: dict[tuple[str, str | None, str | None], Literal] = {}
        self.name = "<string>"
        self._first_line = 1
        self._line_ends = 0  # in the chunk being read
        self._src = ""
        self._has_cr = False  # whether the chunk being read holds a CR
        self._long_terms: re.Pattern[str] | None = None  # long_literal_statement, with groups

    def batches(self, reader: ChunkReader, on_error: OnError | None = None) -> Iterator[list[SinkQuad]]:
        """The statements of each chunk of ``reader``, one list per chunk (see ``parse``)."""
        return self._read_lines(reader, on_error)

    # --- the hooks of the line family's loop (line_loop.py) -----------------------------------

    def _read_statement(self, src: str, pos: int, on_error: OnError | None) -> tuple[int, SinkQuad | None]:
        try:
            return self._statement(src, pos)
        except ParseError as e:
            return self._reject(e, pos, on_error), None

    def _fast(self, src: str, out: list[Any]) -> Fast:
        """The fast path over ``src``: quads of the statements ``ntriples_re`` / ``nquads_re`` take
        into ``out``; a term that fails its check is left to the precise reader, which finds
        and places the problem."""
        match = (nquads_re if self.quads else ntriples_re)().match
        terms = self.terms
        iri_get = terms.iris.get
        absolute_iri = terms.absolute_iri
        bnode_get = terms.bnodes.get
        bnode = terms.bnode
        # In a chunk of long lines, literals are neither looked up nor kept by their text.
        long = lines_are_long(src, self._has_cr)
        plain_get = _uncached if long else self._plain.get
        long_line = self._long_literal_line(src, out) if long else None
        default = self.default
        quads = self.quads
        spans = self.spans  # statements' line starts, for source maps
        append = out.append

        def fast(pos: int) -> int:
            while True:
                if long_line is not None:
                    taken = long_line(pos)
                    if taken >= 0:
                        pos = taken
                        continue
                    if taken == REFUSED:  # to the precise reader, not through the pattern's class
                        return pos
                m = match(src, pos)
                if m is None:
                    return pos
                try:
                    if quads:
                        s_iri, s_bn, p_raw, o_iri, o_bn, lex, dt, lang, g_iri, g_bn = m.groups()
                    else:
                        s_iri, s_bn, p_raw, o_iri, o_bn, lex, dt, lang = m.groups()
                        g_iri = g_bn = None
                    if s_iri is not None:
                        s: Node = iri_get(s_iri) or absolute_iri(s_iri)
                    else:
                        s = bnode_get(s_bn) or bnode(s_bn)
                    p = iri_get(p_raw) or absolute_iri(p_raw)
                    if o_iri is not None:
                        o: Node = iri_get(o_iri) or absolute_iri(o_iri)
                    elif o_bn is not None:
                        o = bnode_get(o_bn) or bnode(o_bn)
                    elif dt is None and lang is None:
                        lit = plain_get(lex)
                        o = self._plain_literal(lex) if lit is None else lit
                    else:
                        o = self._literal(lex, dt, lang, not long)
                    if g_iri is None and g_bn is None:
                        append((s, p, o, default))
                    else:
                        append((s, p, o, self._graph_label(g_iri, g_bn)))
                except SpanError:
                    return pos
                if spans is not None:
                    spans.append(pos)
                pos = m.end()

        return fast

    def _long_literal_line(self, src: str, out: list[Any]) -> Callable[[int], int]:
        """For a chunk of long lines: a reader of the line at ``pos``, if it is long and holds
        a statement of the strict forms with a literal object (``long_literal_statement``, as
        the validator reads it): its quad goes to ``out`` and where it ends is returned; -1 for
        a short line, which the fast path's pattern takes; ``REFUSED`` for a long line of
        another shape, or one that needs an error explained: the precise reader reads it (the
        pattern's class would test each of its characters first: 1 s on 50 MB). The string body
        is read escape by escape, several times cheaper a character than the fast path's
        class; ``raw_quote`` finds a '"' it stepped over."""
        if self._long_terms is None:
            self._long_terms = long_literal_statement(self.quads, terms=True)
        statement = self._long_terms.match
        find = src.find
        has_cr = self._has_cr
        terms = self.terms
        iri_get, absolute_iri, bnode_get, bnode = (
            terms.iris.get,
            terms.absolute_iri,
            terms.bnodes.get,
            terms.bnode,
        )
        default, spans = self.default, self.spans

        def line(pos: int) -> int:
            line_end = line_end_at(src, pos, has_cr)
            if line_end - pos <= LONG_LINE:
                return -1
            m = statement(src, pos, line_end + 2)  # its rest holds no line end (see the validator)
            if m is None:
                return REFUSED
            # Groups: subject IRI or label, predicate, the closing '"', datatype, tag, graph.
            start, close = find('"', m.end(3)) + 1, m.start(4) - 1
            if raw_quote(src, start, close):
                return REFUSED
            s_iri, s_bn, p_raw, _, dt, lang, *graph = m.groups()
            g_iri, g_bn = graph or (None, None)
            try:
                s: Node = (
                    (iri_get(s_iri) or absolute_iri(s_iri))
                    if s_iri is not None
                    else (bnode_get(s_bn) or bnode(s_bn))
                )
                p = iri_get(p_raw) or absolute_iri(p_raw)
                body = src[start:close]
                o = (
                    self._plain_literal(body)
                    if dt is None and lang is None
                    else self._literal(body, dt, lang, False)
                )
                g = default if g_iri is None and g_bn is None else self._graph_label(g_iri, g_bn)
            except SpanError:
                return REFUSED
            out.append((s, p, o, g))
            if spans is not None:
                spans.append(pos)
            return m.end()

        return line

    def _took(self, quad: SinkQuad, start: int, out: list[Any]) -> None:
        """A statement the precise reader read at ``start``."""
        out.append(quad)
        if self.spans is not None:
            self.spans.append(start)
        if self.warn is not None:
            self._warn_ill_typed(quad[2], start)

    def _reject(self, e: ParseError, pos: int, on_error: OnError | None) -> int:
        """Raise ``e``, or hand it to ``on_error`` with the line at ``pos`` as its skipped text
        and return where the next line starts."""
        if on_error is None:
            raise e
        end = _next_line(self._src, pos)
        on_error(self._skipped(e, pos, end))
        return end

    def trim_caches(self) -> None:
        """Bound every term cache (once per chunk: the hot loop carries no check)."""
        self.terms.trim()
        trim_caches(self._plain, self._typed, self._graphs)

    def _placed(self) -> BatchPlaces:
        """Each statement's line and five columns: where it starts, where its subject ends,
        where its object starts and ends, and where it ends past its '.' (see BatchPlaces).

        Every recorded offset starts a line (the loop resumes after line ends only), so
        columns count from it, and lines by the line ends since the one before.
        """
        assert self.spans is not None
        src, spans = self._src, self.spans
        match = (_placed_nq if self.quads else _placed_nt)().match
        columns: list[int] = []
        for line_start in spans:
            # Built from the grammar fragments the precise reader reads with, so it takes every
            # statement either path took (escapes too: it only finds token boundaries).
            m = match(src, line_start)
            if m is not None:  # its groups: the subject, then the object
                (start, subject_end), (object_start, object_end) = m.span(1), m.span(2)
                end = m.end()
            else:  # RDF 1.2 forms, which no regex takes whole: read again, precisely
                start, subject_end, object_start, object_end, end = self._triple(
                    src, _WS(src, line_start).end()
                )[2]
            b = line_start - 1  # columns count from 1
            columns += (start - b, subject_end - b, object_start - b, object_end - b, end - b)
        return BatchPlaces(
            _statement_lines(src, spans, self._first_line, self._line_ends), columns, None, [], []
        )

    # --- term helpers shared by both paths ---------------------------------------------

    def _plain_literal(self, raw: str) -> Literal:
        # A simple literal needs no check beyond its escapes: no second cache by value.
        lit = exact_literal(unescape_string(raw), None, None)
        if len(raw) <= CACHED_TEXT_MAX:
            self._plain[raw] = lit
        return lit

    def _literal(self, raw: str, dt: str | None, lang: str | None, cached: bool = True) -> Literal:
        key = (raw, dt, lang)
        lit = self._typed.get(key) if cached else None
        if lit is None:
            datatype: URIRef | None = None
            if dt is not None:
                datatype = self.terms.iris.get(dt) or self.terms.absolute_iri(dt)
            lexical = unescape_string(raw)
            lit = self.terms.literal(lexical, datatype, lang, cached)
            if self.warn is not None and datatype is not None and ill_typed(lexical, datatype) is not None:
                # Not cached: each one goes to the precise reader, which places its warning.
                raise SpanError(ILL_TYPED, kind=ErrorKind.ILL_TYPED_LITERAL)
            if cached and len(raw) <= CACHED_TEXT_MAX:
                self._typed[key] = lit
        return lit

    def _warn_ill_typed(self, o: Node, pos: int) -> None:
        """Hand ``warn`` the object ``o`` of the statement read at ``pos`` if it is ill-typed
        (or, for a triple term, the object it nests, the one place a literal can be)."""
        while isinstance(o, TripleTerm):
            o = o.object
        if is_literal(o) and o.datatype is not None:
            reason = ill_typed(o, o.datatype)
            if reason is not None:
                assert self.warn is not None
                # Subject and predicate hold no '"': the literal starts at the line's first one.
                start = self._src.index('"', pos)
                end = self._literal_token(start)[0]
                self.warn(self._error(start, end, f"{ILL_TYPED}: {reason}", ErrorKind.ILL_TYPED_LITERAL))

    def _graph_label(self, g_iri: str | None, g_bn: str | None) -> Hashable:
        if g_iri is not None:
            return self._graph(self.terms.iris.get(g_iri) or self.terms.absolute_iri(g_iri))
        assert g_bn is not None
        return self._graph(self.terms.bnode(g_bn))

    def _graph(self, label: Node) -> Hashable:
        ctx = self._graphs.get(label)
        if ctx is None:
            ctx = self._graphs[label] = self._graph_for(label)
        return ctx

    # --- the precise reader --------------------------------------------------------------

    def _expected(self, pos: int, what: str, kind: ErrorKind = ErrorKind.SYNTAX) -> ParseError:
        src = self._src
        if src.startswith("<<", pos) and not self.version.rdf12:
            return self._error(pos, pos + 2, TRIPLE_TERMS, ErrorKind.NOT_RDF11)
        return self._error(pos, token_end(src, pos), expected(what, describe_found(src, pos)), kind)

    def _double_angle(self, pos: int, role: str | None) -> ParseError:
        """The error for '<<' at ``pos`` where a ``role`` (None: an object) must be."""
        if not self.version.rdf12:
            return self._error(pos, pos + 2, TRIPLE_TERMS, ErrorKind.NOT_RDF11)
        if not self._src.startswith("<<(", pos):
            return self._error(pos, pos + 2, _REIFIED, ErrorKind.SYNTAX)
        if role is not None:
            return self._error(
                pos, pos + 3, f"a triple term cannot be {role} (only an object)", ErrorKind.MISPLACED_TERM
            )
        return self._error(pos, pos + 3, TRIPLE_TERMS_BASIC, ErrorKind.NOT_RDF12_BASIC)

    def _statement(self, src: str, pos: int) -> tuple[int, SinkQuad | None]:
        """Read one line: blank, comment or statement. Raise ParseError at the exact token."""
        pos = _WS(src, pos).end()
        if pos >= len(src):
            return pos, None
        ch = src[pos]
        if ch == "#":
            return _next_line(src, pos), None
        if ch == "\r" or ch == "\n":
            return _LINE_ENDS(src, pos).end(), None
        if src.startswith("VERSION", pos):
            if not self.version.rdf12:
                raise self._error(pos, pos + 7, VERSION, ErrorKind.NOT_RDF11)
            return self._version_directive(src, pos), None
        pos, quad, _ = self._triple(src, pos)
        return pos, quad

    def _triple(self, src: str, pos: int) -> tuple[int, SinkQuad, Bounds]:
        """The statement whose subject is at ``pos``: where the next line starts, its quad,
        and where its parts are (Bounds)."""
        start = pos
        pos, s = self._read_subject(src, pos)
        subject_end = pos
        pos, p = self._read_predicate(src, _WS(src, pos).end())
        object_start = _WS(src, pos).end()
        pos, o = self._read_object(src, object_start)
        object_end = pos
        pos = _WS(src, pos).end()
        ctx = self.default
        if self.quads and (src.startswith("<", pos) or src.startswith("_:", pos)):
            pos, ctx = self._read_graph_label(src, pos)
            pos = _WS(src, pos).end()
        end = self._read_end(src, pos, ctx is not self.default)
        return end, (s, p, o, ctx), (start, subject_end, object_start, object_end, pos + 1)

    # [RDF 1.2] versionDirective ::= 'VERSION' versionSpecifier ; versionSpecifier ::= STRING_LITERAL_QUOTE
    def _version_directive(self, src: str, pos: int) -> int:
        """The version line at ``pos`` (which holds 'VERSION'); where the next line starts.
        The announced version is a hint (RDF 1.2 N-Triples): any string is taken."""
        start = _WS(src, pos + 7).end()
        if not src.startswith('"', start):
            raise self._expected(start, "a version string in double quotes after 'VERSION'")
        end = self._string(start)[0]
        return self._end_of_line(src, _WS(src, end).end(), "the end of the line after the version")

    # [3] subject ::= IRIREF | BLANK_NODE_LABEL
    def _read_subject(self, src: str, pos: int) -> tuple[int, Node]:
        return self._read_node(src, pos, subject=True)

    # [4] predicate ::= IRIREF
    def _read_predicate(self, src: str, pos: int) -> tuple[int, Node]:
        if src.startswith("<<", pos):
            raise self._double_angle(pos, "a predicate")
        if src.startswith("<", pos):
            return self._iriref(pos)
        if src.startswith("_:", pos):
            raise self._error(pos, token_end(src, pos), BLANK_NODE_PREDICATE, ErrorKind.MISPLACED_TERM)
        if src.startswith('"', pos):
            raise self._error(pos, token_end(src, pos), LITERAL_PREDICATE, ErrorKind.MISPLACED_TERM)
        raise self._expected(pos, "a predicate (an IRI)")

    # [5] object ::= IRIREF | BLANK_NODE_LABEL | literal
    def _read_object(self, src: str, pos: int) -> tuple[int, Node]:
        return self._read_node(src, pos, subject=False)

    def _read_node(self, src: str, pos: int, subject: bool) -> tuple[int, Node]:
        if src.startswith("<<", pos):
            if not subject and self.version.triple_terms and src.startswith("<<(", pos):
                return self._triple_term(src, pos)
            raise self._double_angle(pos, "a subject" if subject else None)
        if src.startswith("<", pos):
            return self._iriref(pos)
        if src.startswith("_:", pos):
            return self._blank_node(pos)
        if not src.startswith('"', pos):
            if subject:
                raise self._expected(pos, "a subject (an IRI or a blank node)")
            raise self._expected(pos, "an object (an IRI, a blank node or a literal)")
        if subject:
            raise self._error(pos, pos + 1, LITERAL_SUBJECT, ErrorKind.MISPLACED_TERM)
        return self._literal_token(pos)

    # [RDF 1.2] tripleTerm ::= '<<(' subject predicate object ')>>'
    def _triple_term(self, src: str, pos: int) -> tuple[int, TripleTerm]:
        """The triple term at ``pos`` (which holds '<<('). Triple terms nest through their
        objects only: the subjects and predicates of the open ones wait on a list, so that
        any depth is read in a loop."""
        waiting: list[tuple[Node, Node]] = []
        while True:
            pos, s = self._read_node(src, _WS(src, pos + 3).end(), subject=True)
            pos, p = self._read_predicate(src, _WS(src, pos).end())
            pos = _WS(src, pos).end()
            waiting.append((s, p))
            if not src.startswith("<<(", pos):
                break
        pos, o = self._read_node(src, pos, subject=False)
        while waiting:
            pos = _WS(src, pos).end()
            if not src.startswith(")>>", pos):
                raise self._expected(pos, "')>>' after the triple term's object")
            s, p = waiting.pop()
            o = TripleTerm(s, p, o)
            pos += 3
        assert isinstance(o, TripleTerm)
        return pos, o

    # [6] graphLabel ::= IRIREF | BLANK_NODE_LABEL
    def _read_graph_label(self, src: str, pos: int) -> tuple[int, Hashable]:
        """The graph label at ``pos`` (which holds '<' or '_:') and the graph it names."""
        if src.startswith("<<", pos):
            raise self._double_angle(pos, "a graph label")
        label: Node
        end, label = self._iriref(pos) if src.startswith("<", pos) else self._blank_node(pos)
        try:
            return end, self._graph(label)
        except SpanError as e:
            raise self._located(e, pos, end) from None

    def _read_end(self, src: str, pos: int, labelled: bool) -> int:
        """The '.' that ends a statement, then an optional comment and the line end."""
        if not src.startswith(".", pos):
            if not self.quads:
                what = "'.' at the end of the statement"
                if src.startswith(('"', "<", "_:"), pos):
                    what += " (N-Triples has no graph label)"
            else:
                what = "'.' after the graph label" if labelled else "a graph label or '.'"
            raise self._expected(pos, what)
        return self._end_of_line(src, _WS(src, pos + 1).end(), "the end of the line after '.'")

    def _end_of_line(self, src: str, pos: int, what: str) -> int:
        """An optional comment and the line end at ``pos`` (past a statement's '.')."""
        if src.startswith("#", pos):
            pos = TO_LINE_END(src, pos).end()
        if pos < len(src):
            if src[pos] not in "\r\n":
                raise self._expected(pos, what)
            pos = _LINE_ENDS(src, pos).end()
        return pos

    def _iriref(self, pos: int) -> tuple[int, URIRef]:
        """[8] IRIREF at ``pos`` (which holds '<')."""
        src = self._src
        try:
            body_end = iriref_body_end(src, pos)
        except SpanError as e:
            raise self._located(e, pos, pos + 1, 0) from None
        raw = src[pos + 1 : body_end]
        try:
            iri = self.terms.iris.get(raw) or self.terms.absolute_iri(raw)
        except SpanError as e:
            raise self._located(e, pos, body_end + 1, pos + 1) from None
        return body_end + 1, iri

    def _blank_node(self, pos: int) -> tuple[int, BNode]:
        """[141s] BLANK_NODE_LABEL at ``pos`` (which holds '_:')."""
        m = blank_node_label_re().match(self._src, pos + 2)
        if m is None:
            raise self._error(
                pos,
                token_end(self._src, pos),
                bad_blank_node_label(describe_found(self._src, pos)),
                ErrorKind.INVALID_BLANK_NODE_LABEL,
            )
        end = m.end()
        if end < len(self._src) and self._src[end] == ":":
            raise self._error(
                pos,
                token_end(self._src, pos),
                "invalid blank node label: ':' is not allowed in it",
                ErrorKind.INVALID_BLANK_NODE_LABEL,
            )
        return end, self.terms.bnode(m.group())

    def _literal_token(self, pos: int) -> tuple[int, Literal]:
        """[7] literal at ``pos`` (which holds '"')."""
        src = self._src
        end, lexical = self._string(pos)
        datatype: URIRef | None = None
        lang: str | None = None
        # Whitespace may separate any two terminals, '"x" @en' and '"x" ^^ <dt>' included.
        after = _WS(src, end).end()
        tag_start = after
        if src.startswith("^^", after):
            dt_start = _WS(src, after + 2).end()
            if not src.startswith("<", dt_start):
                raise self._expected(dt_start, "a datatype IRI in <...> after '^^'")
            end, datatype = self._iriref(dt_start)
        elif src.startswith("@", after):
            end = after
            m = LANGTAG_RE.match(src, end + 1)
            if m is None:
                raise self._expected(end + 1, LANGTAG_AFTER_AT, ErrorKind.INVALID_LANGUAGE_TAG)
            lang = m.group()
            end = m.end()
            if src.startswith("--", end):
                return self._directional(lexical, lang, tag_start, end)
            if end < len(src) and (src[end] in "-_" or src[end].isalnum()) and not src.startswith("_:", end):
                # '"x"@en-' and '"x"@en_US' are bad tags (as the Turtle reader says), not a
                # tag 'en' and then something other than the statement's end.
                raise self._error(
                    tag_start,
                    token_end(src, tag_start),
                    bad_language_tag(describe_found(src, tag_start)),
                    ErrorKind.INVALID_LANGUAGE_TAG,
                )
        try:
            lit = self.terms.literal(lexical, datatype, lang)
        except SpanError as e:
            raise self._located(e, tag_start if lang else pos, end) from None
        return end, lit

    def _directional(self, lexical: str, lang: str, tag_start: int, pos: int) -> tuple[int, Literal]:
        """[RDF 1.2] the literal whose LANG_DIR's '--' is at ``pos``."""
        if not self.version.rdf12:
            raise self._error(pos, token_end(self._src, pos), BASE_DIRECTION, ErrorKind.NOT_RDF11)
        try:
            end, direction = read_direction(self._src, pos)
            return end, self.terms.dir_literal(lexical, lang, direction)
        except SpanError as e:
            raise self._located(e, tag_start, pos, pos) from None

    def _string(self, pos: int) -> tuple[int, str]:
        """[22] STRING_LITERAL_QUOTE at ``pos`` (which holds '"'): where it ends, and its text."""
        src = self._src
        body_end = _STRING_QUOTE(src, pos + 1).end()
        if not src.startswith('"', body_end):
            raise self._unterminated_string(pos, body_end, "'\"'")
        raw = src[pos + 1 : body_end]
        try:
            return body_end + 1, unescape_string(raw)
        except SpanError as e:
            raise self._located(e, pos, body_end + 1, pos + 1) from None


def _next_line(src: str, pos: int) -> int:
    """Where the line after the one holding ``pos`` starts (or the end of ``src``)."""
    return _REST_OF_LINE(src, pos).end()
