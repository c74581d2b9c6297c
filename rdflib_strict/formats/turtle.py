"""Turtle and TriG (RDF 1.1, and RDF 1.2 when asked for): one streaming, non-recursive parser
with exact terms and precise errors; a flag adds TriG's graph blocks.

    [1]  turtleDoc ::= statement*
    [2]  statement ::= directive | triples '.'
    [1g] trigDoc ::= (directive | block)*
    [2g] block ::= triplesOrGraph | wrappedGraph | triples2 | "GRAPH" labelOrSubject wrappedGraph

RDF 1.2 (``version="1.2"``; the 2026 Turtle and TriG drafts) adds, with these productions:

    triples          ::= ... | reifiedTriple predicateObjectList?
    objectList       ::= object annotation (',' object annotation)*
    object           ::= ... | tripleTerm | reifiedTriple
    reifiedTriple    ::= '<<' rtSubject verb rtObject reifier? '>>'
    rtSubject        ::= iri | BlankNode | reifiedTriple
    rtObject         ::= iri | BlankNode | literal | tripleTerm | reifiedTriple
    tripleTerm       ::= '<<(' ttSubject verb ttObject ')>>'
    ttSubject        ::= iri | BlankNode
    ttObject         ::= iri | BlankNode | literal | tripleTerm
    reifier          ::= '~' (iri | BlankNode)?
    annotation       ::= (reifier | annotationBlock)*
    annotationBlock  ::= '{|' predicateObjectList '|}'
    version          ::= '@version' VersionSpecifier '.'    sparqlVersion ::= "VERSION" VersionSpecifier
    VersionSpecifier ::= STRING_LITERAL_QUOTE | STRING_LITERAL_SINGLE_QUOTE
    LANG_DIR         ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)* ('--' [a-zA-Z]+)?

A reified triple ``<< s p o ~ r >>`` is the term r (a new blank node without a reifier) and
the statement ``r rdf:reifies <<( s p o )>>``; after an object, each reifier ``~ r`` adds that
statement for the triple just asserted, and each annotation block adds it for its reifier (the
``~ r`` just before it, else a new blank node), whose subject the block's statements have.
"RDF 1.2 Basic" (``version="1.2-basic"``) has no triple terms, so none of these forms but
LANG_DIR and the version directives.

The document is read statement by statement from a buffer of whole lines. A statement that
runs past the end of the buffer (a long string, a statement spread over lines) is parsed again
from its start once the buffer has been extended, doubling its size each time so the total
work stays linear. Nesting (``[ ... ]``, ``( ... )``) is kept on an explicit stack: a
100,000-deep document needs no recursion.

Lines written as N-Triples (many dumps named .ttl are) take the N-Triples parser's own fast
path, a regex call a statement (``NTriplesLines``): an N-Triples statement means the same
in Turtle and TriG, and what that path does not take (a relative IRI, a '.' that is not
followed by the line's end) the reader here reads.

Every regex here is either a character-class run or an alternation whose branches start with
different characters, so no input makes one backtrack more than once over its own match.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from enum import IntEnum
from functools import partial
from typing import TYPE_CHECKING, Any, Final, NamedTuple, NoReturn, cast

from ..syntax.caches import CACHED_TEXT_MAX, trim_caches
from ..syntax.charclass import char_class
from ..syntax.chunks import ChunkReader
from ..syntax.escapes import unescape_iri, unescape_pn_local, unescape_string
from ..syntax.grammar import (
    DECIMAL,
    DOUBLE,
    INTEGER,
    IRIREF_BODY,
    IRIREF_PLAIN,
    LANGTAG_BODY,
    LANGTAG_RE,
    LONG_QUOTE_BODY,
    LONG_SINGLE_QUOTE_BODY,
    PLX,
    PN_CHARS,
    PN_CHARS_U,
    PN_PREFIX_LAX,
    STRING_QUOTE_BODY,
    STRING_SINGLE_QUOTE_BODY,
    WS_TURTLE,
    blank_node_label_re,
)
from ..syntax.iri import iri_error, is_absolute, ref_error, resolve
from ..syntax.kinds import ILL_TYPED, ErrorKind, SpanError, is_parse_error
from ..syntax.langtag import read_direction
from ..syntax.messages import (
    BASE_DIRECTION,
    BLANK_NODE_PREDICATE,
    LANGTAG_AFTER_AT,
    LITERAL_PREDICATE,
    LITERAL_SUBJECT,
    NOT_RDF11,
    VERSION,
    bad_blank_node_label,
    bad_iri,
    bad_language_tag,
    expected,
    not_rdf11,
    not_rdf12_basic,
)
from ..syntax.positions import LINE_END_RE, Locator, count_line_ends, line_start_before
from ..syntax.reader import BatchPlaces, BatchReader, GraphFor, OnError, SinkQuad, label_itself
from ..syntax.scan import TO_LINE_END, iriref_body_end, sure_match
from ..syntax.shown import QUOTE_MAX, clip, describe_found, token_end
from ..syntax.wording import plural
from ..syntax.xsd import ill_typed
from .line_loop import Fast, LineLoop
from .term_factory import TermFactory

if TYPE_CHECKING:  # the terms are the factory's (``self.terms``): rdflib's, or stand-ins
    from rdflib.term import BNode, Literal, Node, URIRef

    from ..syntax.errors import ParseError
    from .rdf12_terms import TripleTerm

__all__ = ["FastPerBatch", "NTriplesLines", "TurtleParser"]


# [161s] WS, comments included.
_WS: Final = sure_match(WS_TURTLE)
# A run of ';' (empty predicateObjectList entries, [7]'s `(';' (verb objectList)?)*`) and the
# WS after each, in one step instead of two a ';'.
_SEMICOLONS: Final = sure_match(rf"(?:;{WS_TURTLE})*")

# [18] IRIREF ::= '<' ([^#x00-#x20<>"{}|^`\] | UCHAR)* '>'
_IRI_PLAIN: Final = sure_match(IRIREF_PLAIN)
_IRIREF_BODY: Final = sure_match(IRIREF_BODY)

# [140s] PNAME_LN ::= PNAME_NS PN_LOCAL (the fragments and their productions: syntax/grammar.py).
# Both "must not end with '.'" rules are checked after the match: a greedy run then a strip
# of the final dots is linear, the backtracking form is not.
_PNAME_RE: Final = re.compile(
    f"({PN_PREFIX_LAX}):((?:{char_class(PN_CHARS_U, ':0-9')}|{PLX})(?:{char_class(PN_CHARS, '.:')}|{PLX})*)?"
)
_PNAME_NS_RE: Final = re.compile(f"({PN_PREFIX_LAX}):")
# A keyword ('a', 'true', 'false') is one only if no name character follows; a ':' after it
# was already taken as a prefixed name, and a '.' ends the statement. ('@prefix', '@base'
# are the longest LANGTAG instead: see _read_at_directive.)
_NAME_CHAR_RE: Final = re.compile(char_class(PN_CHARS))

# [19] INTEGER, [20] DECIMAL, [21] DOUBLE (see _grammar); longest form first.
# A local name of unreserved characters only (RFC 3987 iunreserved, ASCII part).
_UNRESERVED_RE: Final = re.compile(r"[A-Za-z0-9_.~\-]*")
_new_str = str.__new__
# [16] NumericLiteral ::= INTEGER | DECIMAL | DOUBLE, the longest form first.
_NUMBER: Final = f"{DOUBLE}|{DECIMAL}|{INTEGER}"
_NUMBER_RE: Final = re.compile(_NUMBER)

# [22] STRING_LITERAL_QUOTE, [23] STRING_LITERAL_SINGLE_QUOTE (bodies in _grammar)
_STRING_QUOTE: Final = sure_match(STRING_QUOTE_BODY)
_STRING_SINGLE: Final = sure_match(STRING_SINGLE_QUOTE_BODY)
# [24] STRING_LITERAL_LONG_SINGLE_QUOTE, [25] STRING_LITERAL_LONG_QUOTE (bodies in _grammar)
_LONG_QUOTE: Final = sure_match(LONG_QUOTE_BODY)
_LONG_SINGLE: Final = sure_match(LONG_SINGLE_QUOTE_BODY)

# The commonest shapes, "verb object" or "object" followed by ';', ',' or '.', in one match
# instead of six. The narrow ASCII name classes and the whitespace or punctuation required
# after each token make every token the pattern finds one the full reader would read the
# same way: a cached term is taken as is, an uncached one is made by ``_fast_name`` or
# ``_fast_object`` (which hand anything they cannot make without an error back to the full
# reader, to explain it). Whitespace before a verb or an object may hold comments.
# Unreserved local names (``wd:Q42``) make valid IRIs with no check after a namespace ending
# in one of these: a namespace is a valid IRI (it was read as one), and one ending in '/' or
# '#' is past any port, so such characters after it stay valid in whatever component they land.
_PLAIN_LOCALS_AFTER: Final = ("/", "#")
# ... and start with neither of these (PN_LOCAL cannot); tested as a slice in these tuples, not
# by startswith and endswith, which parse their arguments as a format (400 instructions a call).
_NOT_FIRST_IN_PLAIN_LOCALS: Final = ("-", ".")
# A local name or label may hold dots, never last (the '.' after it ends the statement):
# unrolled, so that a run of name characters is one step and nothing backtracks.
_FAST_NAME: Final = r"[A-Za-z0-9_][A-Za-z0-9_\-]*(?:\.+[A-Za-z0-9_\-]+)*"
# A local name is taken wider than [168s] PN_LOCAL: empty, any non-ASCII character, ':' and '%'
# anywhere, '-' first; ``_fast_pname`` holds a name it has not seen to the production, and the
# full reader explains what fails it. The class is written as the ASCII characters it leaves
# out ([^...]: one bitmap): as [A-Za-z0-9_\-:%\x80-\U0010ffff] it took sre 1.5 ms to compile
# at each use, 26 ms at import.
_FAST_LOCAL_CHAR: Final = r"^\x00-\x24\x26-\x2c./\x3b-\x40\x5b-\x5e\x60\x7b-\x7f"
_FAST_LOCAL: Final = rf"[{_FAST_LOCAL_CHAR}]*(?:\.+[{_FAST_LOCAL_CHAR}]+)*"
_FAST_PNAME: Final = rf"(?:[A-Za-z][A-Za-z0-9_\-]*)?:{_FAST_LOCAL}"
_FAST_LABEL: Final = rf"_:({_FAST_NAME})"  # [141s] BLANK_NODE_LABEL, ASCII
# An object's 10 groups: a prefixed name, an IRIREF body, the body of a string in '"' or in "'"
# (escapes and all: they are checked when decoded) with its [144s] LANGTAG or its datatype's
# prefixed name or IRIREF body, a blank node label, [16] NumericLiteral, [133s] BooleanLiteral.
_FAST_OBJECT: Final = (
    rf'({_FAST_PNAME})|<({IRIREF_PLAIN})>|(?:"({STRING_QUOTE_BODY})"|\'({STRING_SINGLE_QUOTE_BODY})\')'
    rf"(?:@({LANGTAG_BODY})|\^\^(?:({_FAST_PNAME})|<({IRIREF_PLAIN})>))?"
    rf"|{_FAST_LABEL}|({_NUMBER})|(true|false)"
)
# ';' or ',' (captured), the '.' ending a statement, or a ']' ending a '[ ... ]' (not consumed).
_FAST_END: Final = r"[ \t\r\n]*(?:([;,])|\.(?=[ \t\r\n]|\Z)|(?=\]))"
# The empty groups mark where the triple's first token starts, where its object starts and
# where it ends (source maps): the object's are always the twelfth from last and the next to
# last group (in _FAST_OBJECT_RE the first group marks both the triple and its object).
# A verb whose object opens a [14] blankNodePropertyList or a [15] collection is taken too,
# up to the '[' or '(' (group 5): the full reader reads the object from there. Left to the
# full reader, such a verb cost a failed match, then a read of its own, then a failed object
# match (8.6% of rich-100k's verbs; 1.2 us of the 5.9 a '[ :p :o ]' object cost).
_FAST_VERB_OBJECT_RE: Final = re.compile(
    rf"{WS_TURTLE}()(?:({_FAST_PNAME})|<({IRIREF_PLAIN})>|(a))[ \t\r\n]+"
    rf"(?:([\[(])|()(?:{_FAST_OBJECT})(){_FAST_END})"
)
_FAST_OBJECT_RE: Final = re.compile(rf"{WS_TURTLE}()(?:{_FAST_OBJECT})(){_FAST_END}")
# An object or a collection item the full reader is asked for (after a comment, before a ')'),
# when a token ending a name or a number follows it, and no tag or datatype after spaces and
# comments: its 10 groups as in _FAST_OBJECT.
_FAST_TERM_END: Final = rf"(?=[ \t\r\n,;)\]#]|\.(?=[ \t\r\n]|\Z)|\Z)(?!{WS_TURTLE}[@^])"
_FAST_TERM_RE: Final = re.compile(rf"(?:{_FAST_OBJECT}){_FAST_TERM_END}")
# [15] collection: the next item as _FAST_TERM_RE takes it (its 10 groups), or the ')' closing
# the collection (group 11).
_FAST_ITEM_RE: Final = re.compile(rf"{WS_TURTLE}(?:(?:{_FAST_OBJECT}){_FAST_TERM_END}|(\)))")
_ITEM_CLOSE: Final = _FAST_ITEM_RE.groups
# A statement's subject; the empty groups mark where it starts and ends (source maps).
_FAST_SUBJECT_RE: Final = re.compile(
    rf"[ \t\r\n]*()(?:({_FAST_PNAME})|<({IRIREF_PLAIN})>|{_FAST_LABEL})()[ \t\r\n]+"
)

# Keywords: SPARQL-style directives are case-insensitive ([5s] sparqlBase, [6s] sparqlPrefix).
_KEYWORD_RE: Final = re.compile(r"(?i:(prefix|base|version|graph))(?![^\s<\[#\"'])|true|false|a")

# RDF 1.2's forms that stand for triple terms, as messages name them: by the token opening them.
_FORMS: Final = {
    "<<(": "triple terms ('<<( ... )>>')",
    "<<": "reified triples ('<< ... >>')",
    "~": "reifiers ('~')",
    "{|": "annotations ('{| ... |}')",
}


class State(IntEnum):
    """What the next token of a ``triples`` statement must be."""

    SUBJECT = 0  # [10] subject, or a collection item that starts the statement
    VERB = 1  # [9] verb, after the subject
    VERB_OR_END = 2  # a verb or '.', after a '[ ... ]' subject ('[ :p :o ] .' is whole)
    OBJECT = 3  # [12] object, after a verb or ','
    AFTER_OBJECT = 4  # ',', ';' or the end of the enclosing production
    AFTER_SEMICOLON = 5  # a verb, or the end of the enclosing production
    ITEM = 6  # [15] an object or ')' inside a collection


class Kind(IntEnum):
    """The production a frame reads: the statement itself, a '[ ... ]' or a '( ... )'."""

    TOP = 0  # [6] triples
    PROPERTY_LIST = 1  # [14] blankNodePropertyList
    COLLECTION = 2  # [15] collection
    ANNOTATION = 3  # [RDF 1.2] annotationBlock: its frame keeps the annotated object as ``head``
    NESTED = 4  # [RDF 1.2] inside '<< ... >>' or '<<( ... )>>' (named in messages only)


class Frame(NamedTuple):
    """An enclosing production, saved on the stack while a nested one is read."""

    kind: Kind
    subject: Node
    predicate: Node
    head: Node | None  # a collection's first cell (None while it is empty)
    last: Node | None  # a collection's last cell so far
    state: State
    first: int  # where the statement being read starts (-1: at its next token)
    opened: int  # where the nested production opened: its '[' or '('
    pending: int  # source maps: the spans waiting for this '[ ... ]' to close, or -1


# What is expected inside '<< ... >>' or '<<( ... )>>', by state.
_NESTED_EXPECTED: Final = {
    State.SUBJECT: "a subject (an IRI, a prefixed name, a blank node or, in '<< ... >>', a reified triple)",
    State.VERB: "a predicate (an IRI, a prefixed name or 'a')",
    State.OBJECT: "an object (an IRI, a prefixed name, a blank node, a literal or a triple term)",
}

# The hot loop compares against module globals: faster than the enum's class attributes.
_SUBJECT, _VERB, _VERB_OR_END, _OBJECT = State.SUBJECT, State.VERB, State.VERB_OR_END, State.OBJECT
_AFTER_OBJECT, _AFTER_SEMICOLON, _ITEM = State.AFTER_OBJECT, State.AFTER_SEMICOLON, State.ITEM
_TOP, _PROPERTY_LIST, _COLLECTION = Kind.TOP, Kind.PROPERTY_LIST, Kind.COLLECTION
_ANNOTATION, _NESTED = Kind.ANNOTATION, Kind.NESTED


# No subject or predicate read yet: a placeholder that no statement is ever made with, so
# it needs no factory.
_UNSET: Final = cast("Node", object())


class _NeedMore(Exception):
    """The statement runs past the end of the buffer and the input has more."""


class FastPerBatch:
    """A fast path (``LineParser._fast`` or an override) made once for a buffer and the batch
    it fills: made again only when either changes, and let go by ``forget``."""

    def __init__(self, make: Callable[[str, list[Any]], Fast]) -> None:
        self._make = make
        self._made: tuple[str, list[Any], Fast] | None = None  # for which buffer and batch

    def __call__(self, src: str, out: list[Any]) -> Fast:
        made = self._made
        if made is None or made[0] is not src or made[1] is not out:
            made = self._made = src, out, self._make(src, out)
        return made[2]

    def forget(self) -> None:
        """Let the buffer and batch go (a new buffer is read): not one buffer more is held."""
        self._made = None


class NTriplesLines:
    """The N-Triples parser's fast path, for the lines of a Turtle or TriG document written as
    N-Triples. It shares the Turtle parser's ``terms``, so blank node labels name the same
    nodes on both paths, and takes absolute IRIs only (``Terms.absolute_iri``), which Turtle
    keeps as written; an ill-typed literal, when warnings are wanted, the N-Triples parser
    leaves to the Turtle reader, which places the warning (the validator's warns itself).

    After it takes nothing, the Turtle reader takes the next ``backoff`` statements alone: a
    wait doubled at each miss (up to 256) and reset by a hit, so that Turtle written otherwise
    pays for at most one failed match every 256 statements."""

    def __init__(self, turtle: TurtleParser, parser: LineLoop | None = None) -> None:
        self._turtle = turtle
        # Another LineParser (a validator, a converter) may read the lines its own way.
        if parser is None:  # rdflib's terms: a validator reads its lines its own way
            from .lines import LineParser
            from .terms import Terms

            terms = turtle.terms
            assert isinstance(terms, Terms)
            parser = LineParser(terms, False, turtle.default, version=turtle.version)
        self.parser = parser
        self.backoff = 0
        # Its quads go to the default graph: a path made for each TriG block cost more. Not
        # a method of this object, which would then hold itself: a cycle that kept it and
        # the Turtle parser's caches alive until the next collection, which walked them.
        self._fast = FastPerBatch(partial(_lines_fast, self.parser, turtle))

    def forget(self) -> None:
        """Let the buffer and batch go (a new buffer is read)."""
        self._fast.forget()

    def take(self, src: str, pos: int, out: list[SinkQuad], graph: Hashable) -> int:
        """Where the N-Triples statements from ``pos`` end, their quads (in ``graph``) added
        to ``out``; ``pos`` if none."""
        mark = len(out)
        taken = self._fast(src, out)(pos)
        if taken > pos:
            self.backoff = 0
            if graph is not self._turtle.default:  # a TriG block
                out[mark:] = [(s, p, o, graph) for s, p, o, _ in out[mark:]]
        else:
            self.backoff = min(2 * self.backoff + 1, 256)
        return taken


def _lines_fast(parser: LineLoop, turtle: TurtleParser, src: str, out: list[Any]) -> Fast:
    """``parser``'s fast path over ``src`` into ``out``, its errors and warnings placed as
    ``turtle``'s (``NTriplesLines``)."""
    parser.default, parser._has_cr = turtle.default, "\r" in src
    parser._src, parser._first_line, parser.name = src, turtle._first_line, turtle.name
    return parser._fast(src, out)


def _long_body_end(src: str, start: int, closing: str) -> int:
    """Where the body of a long string opened just before ``start`` ends: at the first
    ``closing`` (its three quotes) no backslash escapes, or -1 if the text has none. The
    grammar's body (``LONG_QUOTE_BODY``) ends there too: a quote is in the body only if it
    does not start the closing quotes, and a backslash takes the character after it. C
    searches from escape to escape, where the body's regex tests every character against a
    class, several times slower on a long text; the escapes are checked when decoded."""
    find = src.find
    pos = start
    close = find(closing, pos)
    while close >= 0:
        backslash = find("\\", pos, close)
        if backslash < 0:
            return close
        pos = backslash + 2
        if pos > close:  # the escaped character was the first quote
            close = find(closing, pos)
    return -1


def _flush_held_warnings(held: list[ParseError], warn: Callable[[ParseError], None] | None) -> None:
    """Hands the held ill-typed-literal warnings to ``warn``, in order, and forgets them."""
    assert warn is not None  # held fills only when there is a warn to hand on to
    for w in held:
        warn(w)
    held.clear()


def _to_skip(
    e: SyntaxError,
    on_error: OnError | None,
    held: list[ParseError],
    warn: Callable[[ParseError], None] | None,
) -> ParseError:
    """The ParseError ``e`` of a statement to skip, the warnings held before it handed on
    first (as one reading finds them); raised again without ``on_error``, and if it is no
    ParseError (caught as a SyntaxError: naming ParseError would import rdflib)."""
    if not is_parse_error(e):
        raise e
    if held:
        _flush_held_warnings(held, warn)
    if on_error is None:
        raise e
    return e


class TurtleParser(BatchReader):
    """Parses RDF 1.1 Turtle, or TriG with ``graph_for``, into batches of ``(s, p, o, g)``.

    ``base`` is the base IRI before any ``@base`` (publicID or the source location), or None.
    ``g`` is ``default`` for the default graph, else ``graph_for(label)`` (called once per
    label; it may raise SpanError to refuse named graphs). After parsing, ``prefixes`` maps
    each declared prefix to its namespace (last wins).
    """

    #: Whether lines written as N-Triples take the N-Triples fast path (off, this reader reads
    #: every statement: what the tests compare the path with).
    _BY_LINES: bool = True
    #: How many statements after its own one call of ``_read_triples`` may read (0: one a
    #: call, what the tests compare with; see ``_next_statement``).
    _CHAIN: int = 64

    def __init__(
        self,
        terms: TermFactory,
        base: str | None,
        default: Hashable,
        *,
        trig: bool = False,
        graph_for: GraphFor = label_itself,
    ) -> None:
        self.terms = terms
        # What the terms are made of, read from the factory once: the hot loops read these
        # attributes, never the factory.
        self._iri_type = terms.iri_type
        self._a, self._rdf_nil = terms.rdf_type, terms.rdf_nil  # _a: rdf:type, the verb 'a'
        self._rdf_first, self._rdf_rest = terms.rdf_first, terms.rdf_rest
        self._rdf_reifies, self._xsd_boolean = terms.rdf_reifies, terms.xsd_boolean
        self._xsd_integer, self._xsd_decimal = terms.xsd_integer, terms.xsd_decimal
        self._xsd_double = terms.xsd_double
        self.base = base
        self.default = default
        self.trig = trig
        self._graph_for = graph_for
        self._graphs: dict[Node, Hashable] = {}
        # The graph statements go to: the default one, or the block being read (TriG).
        self._graph = default
        self._in_block = False
        self.prefixes: dict[str, str] = {}
        self.name = "<string>"
        # Raw IRIREF body -> URIRef; valid for the current base only.
        self._iris: dict[str, URIRef] = {}
        # Prefixed name as written -> URIRef; valid for the current prefix map only.
        self._pnames: dict[str, URIRef] = {}
        # String body as written -> simple literal; number token -> typed literal.
        self._plain: dict[str, Literal] = {}
        self._numbers: dict[str, Literal] = {}
        self._src = ""
        self._first_line = 1
        self._done = False
        # The batch being filled: where RDF 1.2's reified triples and reifiers put the
        # rdf:reifies statements they stand for.
        self._out: list[SinkQuad] = []
        # Lines written as N-Triples (made when first wanted: ``version`` is set after
        # construction).
        self._lines: NTriplesLines | None = None
        # See _next_statement: how many statements the call may still read, and the start of
        # the last one it took with how many quads and held warnings came before.
        self._chain_left = 0
        self._chained = 0, 0, 0
        # Read once a statement: as the instance's, not the class's, a specialized lookup.
        self.spans = self.subject_spans = None
        self._held: list[ParseError] = []

    # --- reader -----------------------------------------------------------------------------

    def batches(self, reader: ChunkReader, on_error: OnError | None = None) -> Iterator[list[SinkQuad]]:
        """The statements of the document, one non-empty list per buffer parsed (see ``parse``)."""
        self.name = reader.name
        src = self._src = reader.read_more()
        self._first_line = reader.line
        self._done = reader.done
        # A statement's ill-typed literal warnings wait until it is read whole: one cut short
        # by the buffer's end is read again, and would warn again.
        warn = self.warn
        held: list[ParseError] = []
        self._held = held
        if warn is not None:
            self.warn = held.append
        try:
            yield from self._statements(reader, on_error, src, warn, held)
        finally:
            self.warn = warn
            # It refers back to this parser: dropped here, neither outlives the parse in a
            # cycle that only a collection frees (the first one after a parse into a graph
            # walked the parser's caches: 1.14x the time of one after rdflib's parser).
            self._lines = None

    def _statements(
        self,
        reader: ChunkReader,
        on_error: OnError | None,
        src: str,
        warn: Callable[[ParseError], None] | None,
        held: list[ParseError],
    ) -> Iterator[list[SinkQuad]]:
        out: list[SinkQuad] = []
        self._out = out
        # The error of the statement being skipped: handed on once its end is found.
        skipping: ParseError | None = None
        ws = _WS
        read_statement = self._read_statement
        spans, subject_spans = self.spans, self.subject_spans
        by_lines = self._by_lines(warn) if spans is None and self._BY_LINES else None
        wait = 0  # statements left to the reader before by_lines is tried again
        chain = 0 if self.trig or spans is not None else self._CHAIN  # see _next_statement
        pos = 0
        while True:
            start = pos
            mark = len(out)
            self._chain_left = chain  # (what _restart tells: this turn's call is the last)
            if spans is not None:
                marks = len(spans), len(subject_spans or ())
            try:
                pos = ws(src, pos).end()
                if pos >= len(src):
                    self._document_end(src, pos, skipping, on_error)
                    break
                start = pos
                if skipping is not None:
                    pos = self._skip_statement(src, pos)
                    assert on_error is not None
                    on_error(self._skipped(skipping, start, pos))
                    skipping = None
                else:
                    if wait:
                        wait -= 1
                    elif by_lines is not None and src[pos] in "<_":
                        taken = by_lines.take(src, pos, out, self._graph)
                        if taken > pos:
                            pos = taken
                            continue
                        wait = by_lines.backoff
                    pos = read_statement(src, pos, out)
                if held:
                    _flush_held_warnings(held, warn)
            except _NeedMore:
                # The unfinished statement's triples (and warnings) are dropped: it is parsed
                # again, whole.
                start, mark, warned = self._restart(start, mark, chain)
                del out[mark:]
                del held[warned:]
                if held:  # those of statements before it in the call, which are whole
                    _flush_held_warnings(held, warn)
                if spans is not None:
                    self._forget_spans(*marks)
                if out:
                    self.trim_caches()
                    yield out
                    out = self._out = []
                src, pos = self._extended(reader, src, start)
            except SyntaxError as e:  # a ParseError is one (its module imports rdflib)
                start, mark, _ = self._restart(start, mark, chain)
                skipping = _to_skip(e, on_error, held, warn)
                del out[mark:]
                if spans is not None:
                    self._forget_spans(*marks)
                pos = start
        if out:
            self.trim_caches()
            yield out

    def _restart(self, start: int, mark: int, chain: int) -> tuple[int, int, int]:
        """Where the statement being read when the buffer ran out or an error was raised starts,
        and how many quads of the batch and held warnings came before it: ``start``, ``mark``
        and none, unless the call that raised read statements after its first (it left less of
        ``chain``, ``_next_statement``): those are kept, read once as they would be alone."""
        return self._chained if self._chain_left < chain else (start, mark, 0)

    def _document_end(
        self, src: str, pos: int, skipping: ParseError | None, on_error: OnError | None
    ) -> None:
        """At the end of the buffer ``src``, between statements: ask for more input, or at the
        document's end hand on the error of the statement being skipped and raise that of a
        graph block left open."""
        if not self._done:
            raise _NeedMore
        if skipping is not None:  # the unclosed block's error: nothing is left
            assert on_error is not None
            on_error(self._skipped(skipping, pos, len(src)))
        if self._in_block:
            self._in_block, self._graph = False, self.default
            raise self._expected(pos, "'}' to close the graph block")

    def _extended(self, reader: ChunkReader, src: str, start: int) -> tuple[str, int]:
        """The buffer after ``src`` ran out inside the statement at ``start``, and where that
        statement starts in it. It is kept from the start of its line, so that the buffer
        always starts a line (error columns) and text before is dropped; at least as much
        again as is kept is read: doubling keeps re-parsing linear overall."""
        if self._lines is not None:
            self._lines.forget()
        line_start = line_start_before(src, start)
        self._first_line += count_line_ends(src, 0, line_start)
        kept = src[line_start:]
        src = self._src = kept + reader.read_more(len(kept))
        self._done = reader.done
        return src, start - line_start

    def _by_lines(self, warn: Callable[[ParseError], None] | None) -> NTriplesLines:
        """The reader of lines written as N-Triples, which hands ill-typed literals' warnings
        to ``warn`` (the caller's: its lines are never read twice) or leaves them to this
        reader."""
        if self._lines is None:
            self._lines = self._lines_reader()
        self._lines.parser.warn = warn
        return self._lines

    def _lines_reader(self) -> NTriplesLines:
        """Made once (a validator or a converter reads such lines its own way)."""
        return NTriplesLines(self)

    def _forget_spans(self, statements: int, subjects: int) -> None:
        """Source maps: drop what an unfinished or rejected statement recorded."""
        assert self.spans is not None and self.subject_spans is not None
        del self.spans[statements:]
        del self.subject_spans[subjects:]

    def _placed(self) -> BatchPlaces:
        assert self.spans is not None and self.subject_spans is not None
        spans, subject_spans = self.spans, self.subject_spans
        locate = Locator(self._src, self._first_line).locate
        lines, columns = locate(spans[0::3], spans[1::3], spans[2::3])
        subject_lines, subject_columns = locate(subject_spans[1::3], subject_spans[2::3])
        return BatchPlaces(lines, columns, subject_spans[0::3], subject_lines, subject_columns)

    def start_in(self, base: str | None, prefixes: Iterable[tuple[str, str]]) -> None:
        """Read a part of a larger document that starts at one of its statement boundaries (a
        parallel parse's block): ``base`` and ``prefixes`` are those in force there."""
        if base != self.base:
            self.base = base
            self._iris.clear()
        for prefix, namespace in prefixes:
            self._declare_prefix(prefix, namespace)

    def trim_caches(self) -> None:
        """Bound every term cache (once per buffer: the hot loop carries no check)."""
        self.terms.trim()
        trim_caches(self._iris, self._pnames, self._plain, self._numbers, self._graphs)
        if self._lines is not None:
            self._lines.parser.trim_caches()

    def _skip_statement(self, src: str, pos: int) -> int:
        """After an error: the position just past the '.' ending the statement at ``pos``.

        That is the next '.' followed by whitespace or the end, outside strings, IRIs,
        comments and local name escapes, and outside any '[ ... ]' or '( ... )'; a SPARQL-style
        directive has no '.': it ends after its words (``_sparql_directive_end``). Inside
        brackets, a '.' that ends its line when the next line starts with a term at its first
        column ends it too: a bracket left open (``ex:s ex:p ( ex:a .``) took every statement
        after it, to the document's end, unreported. So does the end of a line on which a
        string is left open (``ex:s ex:p "abc .``), which took the next statement with it.
        """
        n = len(src)
        end = self._sparql_directive_end(src, pos)
        if end is not None:
            return end
        depth = 0
        while pos < n:
            c = src[pos]
            if c == "." and (pos + 1 == n or src[pos + 1] in " \t\r\n#"):
                if depth == 0 or _UNCLOSED_END(src, pos + 1) is not None:
                    return pos + 1
            if c == "}" and depth == 0 and self._in_block:
                return pos  # the block's end is read as a statement of its own
            if c in "[(" or (c == "{" and src.startswith("{|", pos)):
                depth += 1
            elif c in "])" or (c == "|" and src.startswith("|}", pos)):
                depth = max(0, depth - 1)
                pos += c == "|"  # past '|}' whole: its '}' ends no graph block
            elif c == "#":
                pos = TO_LINE_END(src, pos).end()
                continue
            elif c == "\\":
                pos += 2  # [172s] PN_LOCAL_ESC: 'ex:a\.' ends in a name, not a statement
                continue
            elif c == "<":
                pos = _IRIREF_BODY(src, pos + 1).end() + 1
                continue
            elif c == '"' or c == "'":
                if src.startswith(c * 3, pos):
                    body_end = (_LONG_QUOTE if c == '"' else _LONG_SINGLE)(src, pos + 3).end()
                    if not src.startswith(c * 3, body_end):
                        break
                    pos = body_end + 3
                else:
                    pos = (_STRING_QUOTE if c == '"' else _STRING_SINGLE)(src, pos + 1).end()
                    if pos < n and src[pos] != c:  # unclosed on its line: as a bracket left open
                        line_end = _UNCLOSED_END(src, pos)
                        if line_end is not None:
                            return line_end.end()
                    pos += 1
                continue
            pos += 1
        if not self._done:
            raise _NeedMore
        return n

    def _sparql_directive_end(self, src: str, pos: int) -> int | None:
        """Where the SPARQL-style directive at ``pos`` ends, read as loosely as a bad one needs:
        past the words its keyword takes and the whitespace and comments between them; None
        if no such keyword starts there. Skipping to the next '.' after a bad one took the
        statement after it too, unreported."""
        m = _directive_keyword(src, pos)
        if m is None:
            return None
        words = _SPARQL_DIRECTIVE_WORDS.get(m.group(1).lower())
        if words is None:  # GRAPH
            return None
        end = m.end()
        for _ in range(words):
            at = _WS(src, end).end()
            word = _DIRECTIVE_WORD.match(src, at)
            if word is None:
                if at >= len(src) and not self._done:
                    raise _NeedMore  # its next word may be in the next chunk
                break
            end = word.end()
        return end

    # --- errors ----------------------------------------------------------------------------

    def _expected(self, pos: int, what: str, kind: ErrorKind = ErrorKind.SYNTAX) -> ParseError:
        src = self._src
        if pos >= len(src):
            # Point just past the last token, not at the blank lines after it.
            while pos > 0 and src[pos - 1] in " \t\r\n":
                pos -= 1
            return self._error(pos, pos + 1, expected(what, "end of document"), kind)
        if src.startswith("<<", pos) and not self.version.triple_terms:
            return self._not_in_version(src, pos)
        return self._error(pos, token_end(src, pos), expected(what, describe_found(src, pos)), kind)

    def _not_in_version(self, src: str, pos: int) -> ParseError:
        """The error for the RDF 1.2 form (``_FORMS``) at ``pos`` in a version without it: RDF
        1.1, or RDF 1.2 Basic (no triple terms, so none of the forms standing for them)."""
        token = next(t for t in _FORMS if src.startswith(t, pos))
        if self.version.rdf12:
            return self._error(
                pos, pos + len(token), not_rdf12_basic(_FORMS[token]), ErrorKind.NOT_RDF12_BASIC
            )
        return self._error(pos, pos + len(token), not_rdf11(_FORMS[token]), ErrorKind.NOT_RDF11)

    def _need_more_or_fail(self, pos: int, what: str) -> ParseError:
        """At the end of the buffer: ask for more input, or fail at the end of the document."""
        if not self._done:
            raise _NeedMore
        return self._expected(pos, what)

    # --- statements ------------------------------------------------------------------------

    # [2] statement ::= directive | triples '.'
    # [3] directive ::= prefixID | base | sparqlPrefix | sparqlBase
    def _read_statement(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        c = src[pos]
        if self._in_block:
            return self._read_in_block(src, pos, out)
        if c == "@":
            return self._read_at_directive(src, pos)
        if c in "pPbBvVgG" and (m := _directive_keyword(src, pos)) is not None:  # most: no call
            word = m.group(1).lower()
            if word == "prefix":
                return self._read_sparql_prefix(src, m.end())
            if word == "base":
                return self._read_sparql_base(src, m.end())
            if word == "version":
                return self._read_sparql_version(src, pos, m.end())
            if self.trig:
                return self._read_graph_keyword(src, m.end())
        if self.trig:
            return self._read_block(src, pos, out)
        return self._read_triples(src, pos, out)

    # --- TriG blocks: each opening, statement inside and '}' is a statement of its own, so a
    # --- statement cut by the buffer's end is re-read without re-reading its whole block.

    # [2g] block ::= triplesOrGraph | wrappedGraph | triples2 | "GRAPH" labelOrSubject wrappedGraph
    # [3g] triplesOrGraph ::= labelOrSubject (wrappedGraph | predicateObjectList '.')
    # [4g] triples2 ::= blankNodePropertyList predicateObjectList? '.' | collection predicateObjectList '.'
    def _read_block(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        if src[pos] == "{":
            return self._open_block(pos, self.default)
        label_end, label = self._read_label(src, pos)
        if label is None:
            return self._read_triples(src, pos, out)
        after = _WS(src, label_end).end()
        if after >= len(src):
            raise self._need_more_or_fail(after, "a predicate or '{' after the subject or graph name")
        if src[after] != "{":
            return self._read_triples(src, pos, out)  # the subject is read again, from the caches
        return self._open_block(after, self._named_graph(label, pos, label_end))

    def _read_graph_keyword(self, src: str, pos: int) -> int:
        """After "GRAPH": labelOrSubject wrappedGraph."""
        pos = _WS(src, pos).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, "a graph name after GRAPH")
        label_end, label = self._read_label(src, pos)
        if label is None:
            raise self._expected(pos, "a graph name (an IRI, a prefixed name or a blank node) after GRAPH")
        after = _WS(src, label_end).end()
        if after >= len(src):
            raise self._need_more_or_fail(after, "'{' after the graph name")
        if src[after] != "{":
            raise self._expected(after, "'{' after the graph name")
        return self._open_block(after, self._named_graph(label, pos, label_end))

    # [7g] labelOrSubject ::= iri | BlankNode
    def _read_label(self, src: str, pos: int) -> tuple[int, Node | None]:
        """The iri or blank node at ``pos`` that may name a graph; None if the token is not one."""
        c = src[pos]
        if c == "<" and not src.startswith("<<", pos):
            return self._read_iri_at(src, pos)
        if c == "_" and src.startswith("_:", pos):
            return self._read_blank_node_label(src, pos)
        if c == "[":
            end, node, opening = self._read_open_bracket(src, pos)
            return (end, node) if opening is None else (pos, None)
        m = _PNAME_RE.match(src, pos)
        if m is not None:
            return self._pname_at(src, pos, m)
        return pos, None

    def _named_graph(self, label: Node, pos: int, end: int) -> Hashable:
        graph = self._graphs.get(label)
        if graph is None:
            try:
                graph = self._graphs[label] = self._graph_for(label)
            except SpanError as e:
                raise self._located(e, pos, end) from None
        return graph

    # [5g] wrappedGraph ::= '{' triplesBlock? '}'
    def _open_block(self, pos: int, graph: Hashable) -> int:
        self._graph, self._in_block = graph, True
        return pos + 1

    # [6g] triplesBlock ::= triples ('.' triplesBlock?)?
    def _read_in_block(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        c = src[pos]
        if c == "}":
            self._graph, self._in_block = self.default, False
            return pos + 1
        if c == "{":
            raise self._error(pos, pos + 1, "graph blocks cannot be nested", ErrorKind.NESTED_GRAPH_BLOCK)
        m = _KEYWORD_RE.match(src, pos)
        if c == "@" or (m is not None and m.group(1) is not None):
            raise self._error(
                pos,
                token_end(src, pos),
                "directives and GRAPH may not appear inside a block",
                ErrorKind.NESTED_GRAPH_BLOCK,
            )
        return self._read_triples(src, pos, out)

    # [4] prefixID ::= '@prefix' PNAME_NS IRIREF '.'
    # [5] base ::= '@base' IRIREF '.'
    def _read_at_directive(self, src: str, pos: int) -> int:
        # '@prefix' is the longest token there, as LANGTAG would read it: '@prefixes' is not
        # it, '@prefixé:' is it and a PNAME_NS.
        m = LANGTAG_RE.match(src, pos + 1)
        word = src[pos + 1 : m.end()] if m is not None else ""
        if word == "prefix":
            pos, declare = self._read_prefix_declaration(src, pos + 7)
        elif word == "base":
            pos, declare = self._read_base_declaration(src, pos + 5)
        elif word == "version":
            if not self.version.rdf12:
                raise self._error(pos, pos + 8, "'@version' is " + NOT_RDF11, ErrorKind.NOT_RDF11)
            pos, declare = self._read_version_specifier(src, pos + 8), _nothing
        else:
            raise self._expected(pos, "'@prefix', '@base' or a subject")
        pos = _WS(src, pos).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, "'.' at the end of the directive")
        if src[pos] != ".":
            raise self._expected(pos, "'.' at the end of the directive")
        # Only now: a directive cut by the buffer's end is read again, and '@base <b/>' read
        # twice would resolve against itself.
        declare()
        return pos + 1

    # [6s] sparqlPrefix ::= "PREFIX" PNAME_NS IRIREF
    def _read_sparql_prefix(self, src: str, pos: int) -> int:
        pos, declare = self._read_prefix_declaration(src, pos)
        declare()
        return pos

    # [5s] sparqlBase ::= "BASE" IRIREF
    def _read_sparql_base(self, src: str, pos: int) -> int:
        pos, declare = self._read_base_declaration(src, pos)
        declare()
        return pos

    # [RDF 1.2] sparqlVersion ::= "VERSION" VersionSpecifier
    def _read_sparql_version(self, src: str, pos: int, end: int) -> int:
        """After the keyword at ``pos`` (ending at ``end``): its version string."""
        if not self.version.rdf12:
            raise self._error(pos, end, VERSION, ErrorKind.NOT_RDF11)
        return self._read_version_specifier(src, end)

    # [RDF 1.2] VersionSpecifier ::= STRING_LITERAL_QUOTE | STRING_LITERAL_SINGLE_QUOTE
    def _read_version_specifier(self, src: str, pos: int) -> int:
        """The version string after the keyword, a one-line string: where it ends. What it
        says is a hint to the reader (RDF 1.2 Turtle): any version is taken."""
        pos = _WS(src, pos).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, "a version string in quotes")
        what = "a version string in quotes ('\"1.2\"', a one-line string)"
        if src[pos] not in "\"'" or src.startswith(src[pos] * 3, pos):
            raise self._expected(pos, what)
        body_start, body_end, end = self._read_string(src, pos)
        self._unescape(src[body_start:body_end], body_start)
        return end

    def _read_prefix_declaration(self, src: str, pos: int) -> tuple[int, Callable[[], None]]:
        """A prefix and its namespace, and what declares them once the directive is whole."""
        pos = _WS(src, pos).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, "a prefix name ending in ':'")
        m = _PNAME_NS_RE.match(src, pos)
        if m is None:
            raise self._expected(pos, "a prefix name ending in ':'")
        prefix = m.group(1)
        if prefix.endswith("."):
            raise self._error(pos, m.end(), _prefix_ends_with_dot(prefix), ErrorKind.INVALID_PREFIXED_NAME)
        pos = _WS(src, m.end()).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, f"a namespace IRI in <...> after '{clip(prefix)}:'")
        if src[pos] != "<":
            raise self._expected(pos, f"a namespace IRI in <...> after '{clip(prefix)}:'")
        pos, iri = self._read_iriref(src, pos)
        return pos, partial(self._declare_prefix, prefix, str(iri))

    def _declare_prefix(self, prefix: str, namespace: str) -> None:
        if self.prefixes.get(prefix) != namespace:
            self.prefixes[prefix] = namespace
            self._pnames.clear()

    def _read_base_declaration(self, src: str, pos: int) -> tuple[int, Callable[[], None]]:
        """A base IRI, and what makes it the base once the directive is whole."""
        pos = _WS(src, pos).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, "a base IRI in <...>")
        if src[pos] != "<":
            raise self._expected(pos, "a base IRI in <...>")
        pos, iri = self._read_iriref(src, pos)
        return pos, partial(self._declare_base, str(iri))

    def _declare_base(self, base: str) -> None:
        if base != self.base:
            self.base = base
            self._iris.clear()

    # [6] triples ::= subject predicateObjectList | blankNodePropertyList predicateObjectList?
    # [7] predicateObjectList ::= verb objectList (';' (verb objectList)?)*
    # [8] objectList ::= object (',' object)*
    # [9] verb ::= predicate | 'a'
    # [10] subject ::= iri | BlankNode | collection
    # [11] predicate ::= iri
    # [12] object ::= iri | BlankNode | collection | blankNodePropertyList | literal
    # [14] blankNodePropertyList ::= '[' predicateObjectList ']'
    # [15] collection ::= '(' object* ')'
    # A finished term is delivered by state (subject, object, collection item); a triple is made
    # only once subject and predicate are read; ``opening`` is a '[' just delivered, its property
    # list next. Source maps: a triple spans from ``first`` (-1: its object's start) to its
    # object's end, its object from ``begin``. In the fast path an object's groups start eleventh
    # from the last; ``lang is dt is dti`` means all None (a simple literal); as no object ends in
    # '.', a match without ';' or ',' ends after a '.' or before a ']'.
    def _read_triples(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        """One ``triples '.'`` statement in one flat loop: the innermost production in locals."""
        ws, n, append, default, spans, term = _WS, len(src), out.append, self._graph, self.spans, _UNSET
        stack: list[Frame] = []
        pname, iri, plain = self._pnames.get, self._iris.get, self._plain.get  # cached terms by text
        fast_pair, fast_object = _FAST_VERB_OBJECT_RE.match, _FAST_OBJECT_RE.match  # pair: verb object
        push, new_frame, name, made = stack.append, tuple.__new__, self._fast_name, self._fast_pname
        subject, state, term_start, pos = self._fast_subject(src, pos)
        kind, pending, predicate, head, last, opening, first = _TOP, -1, _UNSET, None, None, None, term_start
        while True:  # fast path first: "verb object" or "object", then ';' ',' '.'
            m = None
            if state is _OBJECT and (m := fast_object(src, pos)) is not None:
                _, op, oi, os, _, lang, dt, dti, _, _, _, _, punct = m.groups()
                p: Node | None = predicate
            elif (state is _VERB or state is _AFTER_SEMICOLON) and (m := fast_pair(src, pos)) is not None:
                _, vp, vi, va, opener, _, op, oi, os, _, lang, dt, dti, _, _, _, _, punct = m.groups()
                p = (self._a if va else pname(vp) if vp else iri(vi)) or (made(vp) if vp else name(m, 2))
                if opener and p is not None:  # "verb [" or "verb (": the full reader reads the object
                    predicate, state, pos, first = p, _OBJECT, m.end() - 1, m.start(1) if first < 0 else first
                m = None if opener else m  # (an unmade verb too: the full reader explains it)
            if m is not None:
                o = pname(op) if op else iri(oi) if os is None else plain(os) if lang is dt is dti else None
                obj = o or (made(op) if op else self._fast_object(m, m.re.groups - 11))
                punct = punct or ("." if src[m.end() - 1] == "." else "]")
                if p is not None and obj is not None and (punct in ";," or (punct == ".") == (kind is _TOP)):
                    append((subject, p, obj, default))
                    if spans is not None:
                        spans += self._fast_spans(m, first)
                    if punct == ".":  # the next statement too, if this call reads it
                        subject, state, term_start, first, pos = self._next_statement(src, m.end())
                        if state is _SUBJECT:
                            return pos
                        continue
                    predicate, first, pos = p, -1, m.end()
                    state = _AFTER_SEMICOLON if punct == ";" else _OBJECT if punct == "," else _AFTER_OBJECT
                    continue
            pos = ws(src, pos).end()
            c = src[pos] if pos < n else self._at_buffer_end(pos, state, kind, term_start)
            if state is not _SUBJECT and state is not _OBJECT and state is not _ITEM:  # between terms
                if c in "]|" and kind == (_PROPERTY_LIST if c == "]" else _ANNOTATION) and state is not _VERB:
                    pos, term, frame = self._close_nested(stack.pop(), subject, src, pos)  # object: no quote
                    kind, subject, predicate, head, last, state, first, _, _ = frame
                    term_start = -1
                elif c in ";,.}":
                    next_state, pos = self._separator(src, pos, state, kind, term_start)
                    if next_state is None:
                        return pos
                    state, first = next_state, -1
                else:  # a verb, or RDF 1.2's annotation of the triple just read, or an error
                    here = Frame(kind, subject, predicate, term, last, state, first, pos, pending)
                    pos, kind, subject, predicate, state, first = self._verb_or_annotation(
                        src, here, term_start, stack
                    )
                continue
            term_start = begin = pos  # a term: subject, object or collection item
            if c == ")" and state is _ITEM:
                term = self._close_collection(head, last, out, pos)
                kind, subject, predicate, head, last, state, first, begin, pending = stack.pop()
                pos, term_start = pos + 1, -1
            else:
                pos, term, opening = self._read_term(src, pos, state, kind, term_start, out)
                if term is _UNSET:  # [15] collection, item by item: its value (first cell, or rdf:nil) at ')'
                    push(new_frame(Frame, (kind, subject, predicate, head, last, state, first, pos, pending)))
                    kind, head, last, state, pos = _COLLECTION, None, None, _ITEM, pos + 1
                    continue
                term_start = -1 if c == "(" else term_start  # as after its ')': messages quote no collection
            if state is _OBJECT:  # the term delivered
                append((subject, predicate, term, default))
                state = _AFTER_OBJECT
            elif state is _ITEM:
                head, last = self._add_item(term, head, last, out)
            else:
                subject, state, first = term, _VERB, begin
            if spans is not None:
                pending = self._placed_term(state, first, begin, -1 if opening else pos, term, head, last)
            if opening is not None:  # [14] blankNodePropertyList: its predicateObjectList next
                after = _VERB_OR_END if state is _VERB else state
                push(new_frame(Frame, (kind, subject, predicate, head, last, after, first, begin, pending)))
                kind, subject, predicate, state = _PROPERTY_LIST, opening, _UNSET, _VERB
                opening, first = None, -1

    def _fast_spans(self, m: re.Match[str], first: int) -> tuple[int, int, int]:
        """Source maps: the span of the triple a fast pattern matched as ``m``, from ``first``
        (-1: its group 1), its object (the twelfth group from the last) and its end."""
        e = m.re.groups - 1
        return m.start(1) if first < 0 else first, m.start(e - 11), m.start(e)

    def _next_statement(self, src: str, end: int) -> tuple[Node, State, int, int, int]:
        """After a statement ending at ``end``: the next one's subject, its start twice (the
        subject's, the first triple's) and where its verb may start, as ``_fast_subject`` gives
        them, when this call reads that statement too; else no subject yet, at ``end``
        (``_statements`` reads what follows).

        Reading the statements after its own spares each the setup of ``_read_triples``
        (binding its locals makes a bound method of each) and a turn of the loop of
        ``_statements``: 14k of the 51k instructions a one-triple statement took. Up to
        ``_chain_left`` of them, as ``_statements`` sets it (none for TriG, whose statements
        may open graph blocks, nor with source maps); where each starts is kept, so that the
        statement cut by the buffer's end or raising an error is read again or skipped alone
        (``_restart``). A subject the fast pattern does not take, or one that may start a line
        written as N-Triples (``NTriplesLines``), is left to ``_statements``."""
        if self._chain_left > 0:
            pos = _WS(src, end).end()
            if pos < len(src) and src[pos] not in "<_":
                subject, state, start, after = self._fast_subject(src, pos)
                if state is not _SUBJECT:
                    self._chain_left -= 1
                    self._chained = pos, len(self._out), len(self._held)
                    return subject, state, start, start, after
        return _UNSET, _SUBJECT, end, end, end

    def _at_buffer_end(self, pos: int, state: State, kind: Kind, term_start: int) -> NoReturn:
        """At the end of the buffer, between tokens: ask for more input, or fail at the end of
        the document."""
        raise self._need_more_or_fail(pos, self._expected_in(state, kind, self._src, term_start, pos))

    # [7] predicateObjectList's ';', [8] objectList's ',' and the '.' that ends [6] triples
    def _separator(
        self, src: str, pos: int, state: State, kind: Kind, term_start: int
    ) -> tuple[State | None, int]:
        """At ``pos``, between terms and not at a predicate: the state after a ';' or ',' there
        and the position after it, or None and the position after the statement's end ('.', or
        a graph block's '}': its last '.' is optional); anything else raises what was expected.
        """
        c = src[pos]
        if state != _VERB:  # after the subject, only a predicate can come
            if c == ";" and state != _VERB_OR_END:
                return _AFTER_SEMICOLON, _SEMICOLONS(src, pos).end()
            if c == "," and state == _AFTER_OBJECT:
                return _OBJECT, pos + 1
            if kind == _TOP and (c == "." or (c == "}" and self._in_block)):
                return None, pos + 1 if c == "." else pos
        elif (
            kind == _TOP
            and (c == "." or (c == "}" and self._in_block))
            and self._reified_subject(src, term_start)
        ):
            return None, pos + 1 if c == "." else pos  # [RDF 1.2] reifiedTriple predicateObjectList?
        if state == _AFTER_OBJECT:
            raise self._after_object_error(src, pos, kind, term_start)
        raise self._verb_error(src, pos, state, kind)

    def _reified_subject(self, src: str, term_start: int) -> bool:
        """Whether the subject just read (at ``term_start``) is a reified triple, which can
        stand alone as a statement (RDF 1.2)."""
        return self.version.triple_terms and term_start >= 0 and src.startswith("<<", term_start)

    def _placed_term(
        self, state: State, first: int, begin: int, end: int, term: Node, head: Node | None, last: Node | None
    ) -> int:
        """Source maps, for a term just delivered (``state`` is the one after it): the spans of
        the triples it made, from ``first`` (or ``begin``, the term's own start) to ``end``,
        their object from ``begin``, and where it stands as a subject. A '[' with properties
        ends later (``end`` -1): its spans wait, and the position of the first is returned to
        be ended at the ']'."""
        spans, subject_spans = self.spans, self.subject_spans
        assert spans is not None and subject_spans is not None
        pending = len(spans)
        if state == _AFTER_OBJECT:
            spans += (begin if first < 0 else first, begin, end)
        elif state == _ITEM:
            if head is not last:  # a cell after the first: the one before gets its rdf:rest
                spans += (begin, begin, end)
            spans += (begin, begin, end)
            if end >= 0:
                subject_spans += (last, begin, end)
        else:
            if end >= 0:
                subject_spans += (term, begin, end)
            pending = -1  # a subject: no triple yet
        return pending

    def _add_item(
        self, term: Node, head: Node | None, last: Node | None, out: list[SinkQuad]
    ) -> tuple[Node, Node]:
        """A collection's next item: a new cell holding ``term``, linked from the last one."""
        cell = self.terms.fresh_bnode()
        if last is None or head is None:  # the first item: the collection's value is its cell
            head = cell
        else:
            out.append((last, self._rdf_rest, cell, self._graph))
        out.append((cell, self._rdf_first, term, self._graph))
        return head, cell

    def _close_nested(self, frame: Frame, bnode: Node, src: str, pos: int) -> tuple[int, Node, Frame]:
        """At the ']' of a '[ ... ]' (at ``pos``; its node ``bnode``) or the '|}' of an annotation
        block: the position after it, the object just read (the blank node, or the one whose
        triple was annotated) and the enclosing production's ``frame``, back. With source maps
        on, the spans that waited for the ']' end there, and the blank node is written as a
        subject from '[' to ']' (as is a collection cell that holds it)."""
        if src[pos] != "]":
            return self._close_annotation(frame, src, pos)
        end = pos + 1
        spans, subject_spans = self.spans, self.subject_spans
        if spans is None or subject_spans is None:
            return end, bnode, frame
        pending, opened = frame.pending, frame.opened
        if pending >= 0:
            # One or two spans (an item: its cell's rdf:rest, then rdf:first), three offsets
            # each; any span after them is the bracket's own statements', already ended.
            spans[pending + 2] = end
            if pending + 5 < len(spans) and spans[pending + 5] == -1:
                spans[pending + 5] = end
        subject_spans += (bnode, opened, end)
        if frame.state == _ITEM:
            subject_spans += (frame.last, opened, end)
        return end, bnode, frame

    def _close_annotation(self, frame: Frame, src: str, pos: int) -> tuple[int, Node, Frame]:
        """At the '|' of what should be an annotation block's '|}' (see ``_close_nested``)."""
        if not src.startswith("|}", pos):
            raise self._expected(pos, "'|}' to close the annotation")
        assert frame.head is not None
        return pos + 2, frame.head, frame

    def _fast_collection(self, src: str, pos: int, out: list[SinkQuad]) -> tuple[int, Node] | None:
        """The [15] collection whose '(' is at ``pos`` when every item is one ``_FAST_TERM_RE``
        takes and ``_fast_term`` makes: where it ends and its value, its triples added to
        ``out`` as the full reader adds them; else None (the full reader reads it)."""
        if self.spans is not None:
            return None
        match, fast_term = _FAST_ITEM_RE.match, self._fast_term
        items: list[Node] = []
        pos += 1
        while True:
            m = match(src, pos)
            if m is None:
                return None
            pos = m.end()
            if m.lastindex == _ITEM_CLOSE:
                break
            term = fast_term(m)
            if term is None:
                return None
            items.append(term)
        head = last = None
        for item in items:  # the cells as the full reader links them
            head, last = self._add_item(item, head, last, out)
        return pos, self._close_collection(head, last, out, pos - 1)

    def _close_collection(self, head: Node | None, last: Node | None, out: list[SinkQuad], pos: int) -> Node:
        """A collection's value at its ')' (at ``pos``): its first cell, or rdf:nil when empty."""
        if head is None or last is None:
            return self._rdf_nil
        out.append((last, self._rdf_rest, self._rdf_nil, self._graph))
        if self.spans is not None:
            self.spans += (pos, pos, pos + 1)  # the last cell's rdf:rest rdf:nil: at the ')'
        return head

    # [162s] ANON ::= '[' WS* ']'  and the '[' of [14] blankNodePropertyList
    def _read_open_bracket(self, src: str, pos: int) -> tuple[int, Node, Node | None]:
        """The blank node a '[' at ``pos`` makes, and itself again if a property list follows."""
        after = _WS(src, pos + 1).end()
        if after >= len(src):
            raise self._need_more_or_fail(after, "a predicate or ']'")
        node = self.terms.fresh_bnode()
        if src[after] == "]":
            return after + 1, node, None
        return after, node, node

    # --- RDF 1.2: reified triples, triple terms, reifiers and annotations -----------------------

    def _verb_or_annotation(
        self, src: str, here: Frame, term_start: int, stack: list[Frame]
    ) -> tuple[int, Kind, Node, Node, State, int]:
        """Between terms, at ``here.opened`` which holds no separator nor closing bracket: a verb
        the fast pattern did not take (``here.state`` is no ``_AFTER_OBJECT``), or else the
        annotation of the triple just read (``_annotate``); returned as ``_annotate`` returns."""
        if here.state is not _AFTER_OBJECT:
            pos, first = here.opened, here.first
            end, predicate = self._read_verb(src, pos, here.state, here.kind)
            return end, here.kind, here.subject, predicate, _OBJECT, pos if first < 0 else first
        return self._annotate(src, here, term_start, stack)

    def _annotate(
        self, src: str, here: Frame, term_start: int, stack: list[Frame]
    ) -> tuple[int, Kind, Node, Node, State, int]:
        """After an object, at ``here.opened`` which holds no separator: the annotation of the
        triple just read (``here`` has its subject, predicate and, as ``head``, its object).
        At an annotation block, ``here`` waits on the ``stack`` while the block's
        predicateObjectList is read: the block's kind, subject, predicate, state and ``first``
        are returned, after the position; else those of ``here``."""
        pos, opening = self._read_annotation(
            src, here.opened, here.kind, term_start, (here.subject, here.predicate, here.head)
        )
        if opening is None:
            return pos, here.kind, here.subject, here.predicate, here.state, here.first
        stack.append(here)
        return pos, _ANNOTATION, opening, _UNSET, _VERB, -1

    # [RDF 1.2] annotation ::= (reifier | annotationBlock)*
    def _read_annotation(
        self, src: str, pos: int, kind: Kind, term_start: int, triple: tuple[Node, Node, Node | None]
    ) -> tuple[int, Node | None]:
        """After the object of ``triple`` (just asserted), at ``pos`` which holds no separator:
        its reifiers, each stating that it reifies the triple, up to the next annotation block.
        Returns where they end and, at a block's '{|', the position after it and the block's
        subject: the reifier just before it, else a new blank node that reifies the triple.
        Anything else is the error of a token after an object."""
        if not (src[pos] == "~" or src.startswith("{|", pos)) or not self.version.triple_terms:
            raise self._after_object_error(src, pos, kind, term_start)
        s, p, o = triple
        assert o is not None  # the object just read
        reified = self.terms.triple_term(s, p, o)
        reifier: Node | None = None
        while src[pos] == "~":
            tilde = pos
            pos, reifier = self._read_reifier(src, pos)
            self._reifies(reifier, reified, tilde, pos)
            pos = _WS(src, pos).end()
            if pos >= len(src):
                raise self._need_more_or_fail(pos, "'.' after the reifier")
        if not src.startswith("{|", pos):
            return pos, None
        if reifier is None:
            reifier = self.terms.fresh_bnode()
            self._reifies(reifier, reified, pos, pos + 2)
        return pos + 2, reifier

    # [RDF 1.2] reifier ::= '~' (iri | BlankNode)?
    def _read_reifier(self, src: str, pos: int) -> tuple[int, Node]:
        """The reifier whose '~' is at ``pos``: where it ends, and its node (a new blank node
        when none is named)."""
        after = _WS(src, pos + 1).end()
        if after >= len(src):
            raise self._need_more_or_fail(after, "a reifier (an IRI or a blank node) or '>>'")
        c = src[after]
        if c == "[":
            end = _WS(src, after + 1).end()
            if src.startswith("]", end):
                return end + 1, self.terms.fresh_bnode()
        elif c == "_" and src.startswith("_:", after):
            return self._read_blank_node_label(src, after)
        elif c == "<" and not src.startswith("<<", after):
            return self._read_iri_at(src, after)
        else:
            m = _PNAME_RE.match(src, after)
            if m is not None:
                return self._pname_at(src, after, m)
        return pos + 1, self.terms.fresh_bnode()

    def _reifies(self, reifier: Node, triple: TripleTerm, start: int, end: int) -> None:
        """``reifier rdf:reifies triple``, written at ``start:end`` (source maps)."""
        self._out.append((reifier, self._rdf_reifies, triple, self._graph))
        if self.spans is not None and self.subject_spans is not None:
            self.spans += (start, start, end)
            self.subject_spans += (reifier, start, end)

    # [RDF 1.2] reifiedTriple ::= '<<' rtSubject verb rtObject reifier? '>>'
    # [RDF 1.2] tripleTerm ::= '<<(' ttSubject verb ttObject ')>>'
    def _read_nested(self, src: str, pos: int, subject: bool) -> tuple[int, Node]:
        """The reified triple or triple term at ``pos`` (a ``subject`` or not): where it ends
        and its term, the reifier of a reified triple. Either nests in its object, a reified
        triple in its subject too: the open ones wait on a list, so that any depth is read in a
        loop. Each is ``[opened at, is a triple term, subject, predicate]`` while read."""
        waiting: list[list[Any]] = []
        term: Node | None = None
        while True:
            if term is None:  # at a '<<': open one
                triple_term = src.startswith("<<(", pos)
                if not self.version.triple_terms:
                    raise self._not_in_version(src, pos)
                if triple_term and subject and not waiting:
                    raise self._error(
                        pos,
                        pos + 3,
                        "a triple term cannot be a subject (only an object)",
                        ErrorKind.MISPLACED_TERM,
                    )
                waiting.append([pos, triple_term, None, None])
                pos += 3 if triple_term else 2
            else:  # a term read: the subject or the object of the innermost one
                opened, triple_term, s, p = top = waiting[-1]
                if s is None:
                    top[2] = term
                    pos, top[3] = self._read_verb(
                        src, self._after_ws(src, pos, "a predicate"), _VERB, _NESTED
                    )
                else:
                    pos, term = self._close_reified(
                        src, pos, opened, triple_term, self.terms.triple_term(s, p, term)
                    )
                    waiting.pop()
                    if not waiting:
                        return pos, term
                    continue
            pos = self._after_ws(src, pos, "a subject" if waiting[-1][2] is None else "an object")
            pos, term = self._read_nested_term(src, pos, waiting[-1])

    def _read_nested_term(self, src: str, pos: int, open_one: list[Any]) -> tuple[int, Node | None]:
        """The subject or the object (``open_one`` has no subject yet, or has one) of an open
        reified triple or triple term: where it ends and the term; None for a '<<' that opens
        another (what each allows is checked here)."""
        _, triple_term, s, _ = open_one
        state = _SUBJECT if s is None else _OBJECT
        if src.startswith("<<", pos):
            if triple_term and (s is None or not src.startswith("<<(", pos)):
                what = "a subject" if s is None else "an object (a reified triple is not one)"
                raise self._expected(pos, f"{what} inside the triple term")
            if s is None and src.startswith("<<(", pos):
                raise self._error(
                    pos,
                    pos + 3,
                    "a triple term cannot be a subject (only an object)",
                    ErrorKind.MISPLACED_TERM,
                )
            return pos, None
        if src[pos] == "[":  # [162s] ANON only
            end = _WS(src, pos + 1).end()
            if end >= len(src):
                raise self._need_more_or_fail(end, "']'")
            if src[end] != "]":
                raise self._error(
                    pos,
                    pos + 1,
                    "only '[]' can be a blank node inside '<< ... >>' (a '[ ... ]' with properties cannot)",
                    ErrorKind.MISPLACED_TERM,
                )
            return end + 1, self.terms.fresh_bnode()
        if src[pos] == "(":
            raise self._error(
                pos,
                pos + 1,
                "a collection cannot be inside '<< ... >>' or '<<( ... )>>'",
                ErrorKind.MISPLACED_TERM,
            )
        return self._read_atom(src, pos, state, _NESTED, pos)

    def _close_reified(
        self, src: str, pos: int, opened: int, triple_term: bool, triple: TripleTerm
    ) -> tuple[int, Node]:
        """After the object of the reified triple or triple term opened at ``opened``: its end,
        and its term (for a reified triple, its reifier, which now reifies ``triple``)."""
        pos = self._after_ws(src, pos, "')>>'" if triple_term else "'>>'")
        if triple_term:
            if not src.startswith(")>>", pos):
                raise self._expected(pos, "')>>' after the triple term's object")
            return pos + 3, triple
        reifier: Node | None = None
        if src[pos] == "~":
            pos, reifier = self._read_reifier(src, pos)
            pos = self._after_ws(src, pos, "'>>'")
        if not src.startswith(">>", pos):
            raise self._expected(
                pos,
                "'~' and a reifier, or '>>', after the reified triple's object"
                if reifier is None
                else "'>>' after the reifier",
            )
        if reifier is None:
            reifier = self.terms.fresh_bnode()
        self._reifies(reifier, triple, opened, pos + 2)
        return pos + 2, reifier

    def _after_ws(self, src: str, pos: int, what: str) -> int:
        """Past the whitespace at ``pos``: more input if the buffer ends there, else ``what``
        was expected at the end of the document."""
        pos = _WS(src, pos).end()
        if pos >= len(src):
            raise self._need_more_or_fail(pos, what)
        return pos

    # [9] verb ::= predicate | 'a'
    def _read_verb(self, src: str, pos: int, state: State, kind: Kind) -> tuple[int, Node]:
        c = src[pos]
        if c == "<" and not src.startswith("<<", pos):
            return self._read_iri_at(src, pos)
        m = _PNAME_RE.match(src, pos)
        if m is not None:
            return self._pname_at(src, pos, m)
        if c == "a" and not _is_name_char(src, pos + 1):
            return pos + 1, self._a
        raise self._verb_error(src, pos, state, kind)

    # [10] subject / [12] object without the nested forms: iri | BlankNode label | literal
    def _read_term(
        self, src: str, pos: int, state: State, kind: Kind, term_start: int, out: list[SinkQuad]
    ) -> tuple[int, Node, Node | None]:
        """A subject, object or collection item (an object or item by ``_FAST_TERM_RE`` when it
        can, else by ``_read_atom``), and the node of a '[' again if its property list follows
        (see ``_read_open_bracket``), else None. A '(' is read whole when ``_fast_collection``
        takes it; else its term is ``_UNSET``, at ``pos``: the caller reads it item by item."""
        c = src[pos]
        if c == "[":
            return self._read_open_bracket(src, pos)
        if c == "(":
            read = self._fast_collection(src, pos, out)
            return (pos, _UNSET, None) if read is None else (*read, None)
        if state == _ITEM or state == _OBJECT:
            m = _FAST_TERM_RE.match(src, pos)
            if m is not None and (term := self._fast_term(m)) is not None:
                return m.end(), term, None
        return (*self._read_atom(src, pos, state, kind, term_start), None)

    def _read_atom(self, src: str, pos: int, state: State, kind: Kind, term_start: int) -> tuple[int, Node]:
        c = src[pos]
        if c == "<" and not src.startswith("<<", pos):
            return self._read_iri_at(src, pos)
        if c == "_" and src.startswith("_:", pos):
            return self._read_blank_node_label(src, pos)
        m = _PNAME_RE.match(src, pos)
        if m is not None:
            return self._pname_at(src, pos, m)
        subject = state == _SUBJECT
        if c == '"' or c == "'":
            if subject:
                raise self._error(pos, token_end(src, pos), LITERAL_SUBJECT, ErrorKind.MISPLACED_TERM)
            return self._read_rdf_literal(src, pos)
        if c in "0123456789+-.":
            m = _NUMBER_RE.match(src, pos)
            if m is not None:
                if subject:
                    raise self._error(pos, token_end(src, pos), LITERAL_SUBJECT, ErrorKind.MISPLACED_TERM)
                return self._numeric_literal(m)
        m = _KEYWORD_RE.match(src, pos)
        word = None if m is None or _is_name_char(src, m.end()) else m.group()
        if word == "true" or word == "false":
            if subject:
                raise self._error(pos, pos + len(word), LITERAL_SUBJECT, ErrorKind.MISPLACED_TERM)
            return pos + len(word), self.terms.literal(word, self._xsd_boolean, None)
        if word == "a":
            raise self._error(
                pos, pos + 1, "'a' (rdf:type) can only be used as a predicate", ErrorKind.MISPLACED_TERM
            )
        if c == "<" and kind != _NESTED:  # '<<': [RDF 1.2] reifiedTriple or tripleTerm
            return self._read_nested(src, pos, subject)
        raise self._expected(pos, self._expected_in(state, kind, src, term_start, pos))

    def _read_iri_at(self, src: str, pos: int) -> tuple[int, URIRef]:
        """The IRIREF at ``pos``: a plain body by one scan and the cache, else the full reader."""
        end = _IRI_PLAIN(src, pos + 1).end()
        if src.startswith(">", end):
            raw = src[pos + 1 : end]
            return end + 1, self._iris.get(raw) or self._iri(raw, pos, end + 1)
        return self._read_iriref(src, pos)

    def _pname_at(self, src: str, pos: int, m: re.Match[str]) -> tuple[int, URIRef]:
        """The prefixed name ``m`` matched at ``pos``: from the cache, else the full reader."""
        end = m.end()
        cached = self._pnames.get(src[pos:end]) if src[end - 1] != "." else None
        if cached is None or _next_char_needs_full_reader(src, end):
            return self._read_prefixed_name(src, pos, m)
        return end, cached

    def _expected_in(self, state: int, kind: int, src: str, term_start: int, pos: int) -> str:
        """What the parser expected in ``state`` (for ``expected X, found Y``)."""
        ends = (
            ["']'"]
            if kind == _PROPERTY_LIST
            else ["'|}'"]
            if kind == _ANNOTATION
            else ["'.'", "'}'"]
            if self._in_block
            else ["'.'"]
        )
        if kind == _NESTED:
            return _NESTED_EXPECTED.get(State(state), "')>>' or '>>'")
        if state == _SUBJECT:
            return "a subject (an IRI, a prefixed name, a blank node or a collection)"
        if state == _VERB:
            return "a predicate (an IRI, a prefixed name or 'a')"
        if state == _VERB_OR_END:
            return _one_of("a predicate", *ends)
        if state == _AFTER_SEMICOLON:
            return _one_of("a predicate", *ends) + " after ';'"
        if state == _OBJECT:
            return "an object (an IRI, a prefixed name, a blank node, a collection or a literal)"
        if state == _ITEM:
            return "an object or ')' to close the collection"
        return _one_of("','", "';'", *ends) + f" after the object{_quote(src, term_start, pos)}"

    def _after_object_error(self, src: str, pos: int, kind: int, term_start: int) -> ParseError:
        c = src[pos]
        if (c == "~" or src.startswith("{|", pos)) and not self.version.triple_terms:
            return self._not_in_version(src, pos)
        if c == "^" and src.startswith("^^", pos):
            return self._error(
                pos,
                pos + 2,
                "a literal cannot have both a language tag and a datatype",
                ErrorKind.INVALID_LITERAL,
            )
        if c == ")" or (c == "]" and kind != _PROPERTY_LIST):
            return self._error(
                pos, pos + 1, f"unbalanced '{c}': nothing open to close here", ErrorKind.SYNTAX
            )
        if src.startswith("|}", pos) and kind != _ANNOTATION:
            return self._error(
                pos, pos + 2, "unbalanced '|}': no annotation open to close here", ErrorKind.SYNTAX
            )
        unclosed = self._unclosed_long_string(src, pos, term_start)
        if unclosed is not None:
            return unclosed
        return self._expected(pos, self._expected_in(_AFTER_OBJECT, kind, src, term_start, pos))

    def _unclosed_long_string(self, src: str, pos: int, term_start: int) -> ParseError | None:
        """The error for a long string left open, if the object just read looks like one.

        An unterminated long string runs to the next triple quote in the document, which usually
        opens another string: its content then follows the "closing" quotes with no space, and
        the grammar fails only there, lines later. Reported where the open string starts.
        """
        if term_start < 0 or not src.startswith(('"""', "'''"), term_start):
            return None
        q = src[term_start] * 3
        if src[pos - 3 : pos] != q or LINE_END_RE.search(src, term_start, pos) is None:
            return None
        if src[pos].isspace() or not src[pos].isprintable():
            # A form feed or a NUL after closed quotes is a bad space, not a string's text:
            # the error is there (as pyoxigraph says), not lines before.
            return None
        line_end = LINE_END_RE.search(src, pos)
        if src.find(q, pos, len(src) if line_end is None else line_end.start()) < 0:
            # Quotes that opened another string close it again on their line; without
            # that, the string was closed, and the error is what follows it.
            return None
        # Lines below, not a line number: an error of a block of a parallel parse is moved to
        # its place in the document, and its message with it as it is.
        below = count_line_ends(src, term_start, pos)
        column = pos - 3 - line_start_before(src, pos - 3) + 1
        return self._error(
            term_start,
            term_start + 3,
            f"unterminated long string: this {q} is closed only by the {q} {plural(below, 'line')}"
            f" below, at column {column}, which is followed by "
            f"{describe_found(src, pos)} instead of ',', ';' or '.'",
            ErrorKind.UNTERMINATED_STRING,
        )

    def _verb_error(self, src: str, pos: int, state: int, kind: int) -> ParseError:
        c = src[pos]
        if c == '"' or c == "'" or c in "0123456789+-" or src.startswith(("true", "false"), pos):
            return self._error(pos, token_end(src, pos), LITERAL_PREDICATE, ErrorKind.MISPLACED_TERM)
        if src.startswith("_:", pos) or c == "[":
            return self._error(pos, token_end(src, pos), BLANK_NODE_PREDICATE, ErrorKind.MISPLACED_TERM)
        if c == "(":
            return self._error(pos, pos + 1, "a collection cannot be a predicate", ErrorKind.MISPLACED_TERM)
        if state == _VERB and c in ".]" and kind == _TOP:
            alone = "'[ ... ]' with properties inside"
            alone += " and reified triples ('<< ... >>')" if self.version.triple_terms else ""
            return self._error(
                pos,
                pos + 1,
                f"expected a predicate after the subject, found '{c}' (of all subjects, only "
                f"{alone} can stand alone as a statement)",
                ErrorKind.SYNTAX,
            )
        return self._expected(pos, self._expected_in(state, kind, src, pos, pos))

    # --- terms -----------------------------------------------------------------------------

    # [135s] iri ::= IRIREF | PrefixedName
    # [18] IRIREF ::= '<' ([^#x00-#x20<>"{}|^`\] | UCHAR)* '>'
    def _read_iriref(self, src: str, pos: int) -> tuple[int, URIRef]:
        """The IRI at ``pos`` (which holds '<'), resolved; any escape or error located."""
        if src.startswith("<<", pos):
            raise self._expected(pos, "an IRI")
        try:
            body_end = iriref_body_end(src, pos)
        except SpanError as e:
            raise self._located(e, pos, pos + 1, 0) from None
        raw = src[pos + 1 : body_end]
        iri = self._iris.get(raw) or self._iri(raw, pos, body_end + 1)
        return body_end + 1, iri

    def _iri(self, raw: str, pos: int, end: int) -> URIRef:
        """Resolve and check the IRIREF body ``raw`` found at ``src[pos:end]`` (uncached)."""
        try:
            ref = unescape_iri(raw)
        except SpanError as e:
            raise self._located(e, pos, end, pos + 1) from None
        reason = ref_error(ref)
        if reason is not None:
            raise self._error(pos, end, bad_iri(raw, reason), ErrorKind.INVALID_IRI)
        # Turtle section 6.3 resolves *relative* references (RFC 3986 section 5.2, no
        # normalization); an absolute IRI is kept as written, dot segments and all, whatever
        # the base.
        if is_absolute(ref):
            iri = ref
        elif self.base is None:
            raise self._error(
                pos,
                end,
                f"relative IRI <{clip(raw)}> but no base IRI: declare one with @base or BASE,"
                " or pass base= or publicID= (on the command line: --base IRI)",
                ErrorKind.RELATIVE_IRI_WITHOUT_BASE,
            )
        else:
            iri = resolve(self.base, ref)
        reason = iri_error(iri)
        if reason is not None:
            shown = f"<{clip(raw)}>" if iri == raw else f"<{clip(raw)}> (resolved to <{clip(iri)}>)"
            raise self._error(pos, end, f"invalid IRI {shown}: {reason}", ErrorKind.INVALID_IRI)
        term = self._iris[raw] = _new_str(self._iri_type, iri)  # checked: no second check by URIRef()
        return term

    # [136s] PrefixedName ::= PNAME_LN | PNAME_NS
    def _read_prefixed_name(self, src: str, pos: int, m: re.Match[str]) -> tuple[int, URIRef]:
        """The prefixed name matched by ``m`` at ``pos`` (a cache miss or a trailing '.')."""
        prefix = m.group(1)
        local = m.group(2) or ""
        end = m.end()
        # PN_LOCAL cannot end with '.' (unless escaped): those dots end the statement.
        while local.endswith(".") and not local.endswith("\\."):
            local = local[:-1]
            end -= 1
        text = src[pos:end]
        cached = self._pnames.get(text)
        if cached is not None and not _next_char_needs_full_reader(src, end):
            return end, cached
        if prefix.endswith("."):
            raise self._error(pos, end, _prefix_ends_with_dot(prefix), ErrorKind.INVALID_PREFIXED_NAME)
        # PN_LOCAL cannot start with '-' or U+00B7; `ex:-5` is PNAME_NS `ex:` and INTEGER `-5`.
        if not local and end < len(src) and src[end] in "-\u00b7" and not _starts_term(src, end):
            raise self._error(
                end,
                token_end(src, end),
                f"a local name cannot start with '{src[end]}'",
                ErrorKind.INVALID_PREFIXED_NAME,
            )
        if end < len(src) and src[end] == "\\":
            raise self._error(
                end,
                end + 2,
                f"invalid escape '{src[end : end + 2]}' in a prefixed name "
                "(allowed: \\ followed by one of _~.-!$&'()*+,;=/?#@%)",
                ErrorKind.INVALID_ESCAPE,
            )
        namespace = self.prefixes.get(prefix)
        if namespace is None:
            raise self._error(
                pos,
                end,
                f"undefined prefix '{clip(prefix)}:' in {clip(text)} (no @prefix or PREFIX declares it)",
                ErrorKind.UNDEFINED_PREFIX,
            )
        if namespace.endswith(_PLAIN_LOCALS_AFTER) and _UNRESERVED_RE.fullmatch(local) is not None:
            iri = namespace + local
        else:
            iri = namespace + unescape_pn_local(local)
            reason = iri_error(iri)
            if reason is not None:
                raise self._error(
                    pos, end, f"invalid IRI <{clip(iri)}> from {clip(text)}: {reason}", ErrorKind.INVALID_IRI
                )
        # Checked above: URIRef() would check the characters again (and only log).
        term = self._pnames[text] = _new_str(self._iri_type, iri)
        return end, term

    # [137s] BlankNode ::= BLANK_NODE_LABEL | ANON
    # [141s] BLANK_NODE_LABEL ::= '_:' (PN_CHARS_U | [0-9]) ((PN_CHARS | '.')* PN_CHARS)?
    def _read_blank_node_label(self, src: str, pos: int) -> tuple[int, BNode]:
        m = blank_node_label_re().match(src, pos + 2)
        if m is None:
            raise self._error(
                pos,
                token_end(src, pos),
                bad_blank_node_label(describe_found(src, pos)),
                ErrorKind.INVALID_BLANK_NODE_LABEL,
            )
        return m.end(), self.terms.bnode(m.group())

    # [13] literal ::= RDFLiteral | NumericLiteral | BooleanLiteral
    # [128s] RDFLiteral ::= String (LANGTAG | '^^' iri)?
    # [17] String ::= STRING_LITERAL_QUOTE | STRING_LITERAL_SINGLE_QUOTE
    #                 | STRING_LITERAL_LONG_SINGLE_QUOTE | STRING_LITERAL_LONG_QUOTE
    def _read_rdf_literal(self, src: str, pos: int) -> tuple[int, Literal]:
        """[128s] RDFLiteral: a string, then a LANGTAG or '^^' and a datatype, or neither."""
        body_start, body_end, end = self._read_string(src, pos)
        raw = src[body_start:body_end]
        c = src[end] if end < len(src) else ""
        if c in " \t\r\n#":
            # The grammar allows whitespace between a string and its LANGTAG or '^^'.
            after = _WS(src, end).end()
            if after >= len(src) and not self._done:
                raise _NeedMore
            if src.startswith(("@", "^^"), after):
                end = after
                c = src[end]
        if c != "@" and c != "^":
            lit = self._plain.get(raw) if len(raw) <= CACHED_TEXT_MAX else None  # long: not hashed
            if lit is None:
                lit = self.terms.literal(self._unescape(raw, body_start), None, None)
                if len(raw) <= CACHED_TEXT_MAX:
                    self._plain[raw] = lit
            return end, lit
        lexical = self._unescape(raw, body_start)
        if c == "@":
            return self._read_langtag(src, end, lexical)
        return self._read_typed(src, pos, end, lexical)

    def _read_string(self, src: str, pos: int) -> tuple[int, int, int]:
        """[17] String at ``pos``: its body's start and end, and the end of its closing quote."""
        q = src[pos]
        if src.startswith(q * 3, pos):
            body_end = _long_body_end(src, pos + 3, q * 3)
            if body_end < 0:  # none: where the grammar's body stops, to say why
                body_end = (_LONG_QUOTE if q == '"' else _LONG_SINGLE)(src, pos + 3).end()
            if not src.startswith(q * 3, body_end):
                if not self._done:
                    raise _NeedMore
                raise self._error(
                    pos,
                    pos + 3,
                    f"unterminated long string: no closing {q * 3} before the end of the document",
                    ErrorKind.UNTERMINATED_STRING,
                )
            return pos + 3, body_end, body_end + 3
        short_string = _STRING_QUOTE if q == '"' else _STRING_SINGLE
        body_end = short_string(src, pos + 1).end()
        if not src.startswith(q, body_end):
            raise self._unterminated_string(pos, body_end, q)
        return pos + 1, body_end, body_end + 1

    def _read_langtag(self, src: str, end: int, lexical: str) -> tuple[int, Literal]:
        """The language-tagged literal of ``lexical`` whose '@' is at ``end``."""
        # [144s] LANGTAG ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*
        m = LANGTAG_RE.match(src, end + 1)
        if m is None:
            raise self._expected(end + 1, LANGTAG_AFTER_AT, ErrorKind.INVALID_LANGUAGE_TAG)
        tag_end = m.end()
        if src.startswith("--", tag_end):
            return self._read_direction(src, end, tag_end, lexical, m.group())
        self._check_tag_end(src, end, tag_end)
        try:
            return tag_end, self.terms.literal(lexical, None, m.group())
        except SpanError as e:
            raise self._located(e, end, tag_end) from None

    def _check_tag_end(self, src: str, at: int, end: int) -> None:
        """The tag whose '@' is at ``at`` ends where LANGTAG (or LANG_DIR) does, at ``end``:
        `"x"@en_:b` is a tag and a blank node. Only text that no term could start is named as
        part of a bad tag (`"x"@en_US`)."""
        if _is_name_char(src, end) and not _starts_term(src, end):
            raise self._error(
                at,
                token_end(src, at),
                bad_language_tag(describe_found(src, at)),
                ErrorKind.INVALID_LANGUAGE_TAG,
            )

    def _read_direction(self, src: str, at: int, pos: int, lexical: str, lang: str) -> tuple[int, Literal]:
        """[RDF 1.2] LANG_DIR: the literal whose tag's '@' is at ``at`` and '--' at ``pos``."""
        if not self.version.rdf12:
            raise self._error(pos, token_end(src, pos), BASE_DIRECTION, ErrorKind.NOT_RDF11)
        try:
            end, direction = read_direction(src, pos)
            self._check_tag_end(src, at, end)
            return end, self.terms.dir_literal(lexical, lang, direction)
        except SpanError as e:
            raise self._located(e, at, pos, pos) from None

    def _read_typed(self, src: str, pos: int, end: int, lexical: str) -> tuple[int, Literal]:
        """The typed literal of ``lexical`` (its string at ``pos``) whose '^^' is at ``end``."""
        if not src.startswith("^^", end):
            raise self._expected(end, "'^^' and a datatype IRI")
        # '^^' and the iri are two terminals: whitespace may separate them too.
        dt_pos = _WS(src, end + 2).end()
        if dt_pos >= len(src) and not self._done:
            raise _NeedMore
        if dt_pos < len(src) and src[dt_pos] == "<":
            dt_end, datatype = self._read_iriref(src, dt_pos)
        else:
            m2 = _PNAME_RE.match(src, dt_pos)
            if m2 is None:
                raise self._expected(dt_pos, "a datatype IRI or prefixed name after '^^'")
            dt_end, datatype = self._read_prefixed_name(src, dt_pos, m2)
        try:
            lit = self.terms.literal(lexical, datatype, None)
        except SpanError as e:
            raise self._located(e, pos, dt_end) from None
        if self.warn is not None:
            reason = ill_typed(lexical, datatype)
            if reason is not None:
                self.warn(self._error(pos, dt_end, f"{ILL_TYPED}: {reason}", ErrorKind.ILL_TYPED_LITERAL))
        return dt_end, lit

    def _fast_subject(self, src: str, pos: int) -> tuple[Node, State, int, int]:
        """A statement's subject by the fast pattern: the term, the state after it, where it
        starts and where its verb may start (with a source map, its span recorded); else what
        the full reader starts from (no subject yet, at ``pos``)."""
        m = _FAST_SUBJECT_RE.match(src, pos)
        if m is not None:
            _, sp, si, label, _ = m.groups()
            if label is not None:
                term: Node | None = self.terms.bnode(label)
            else:
                term = (self._pnames.get(sp) if sp else self._iris.get(si)) or (
                    self._fast_pname(sp) if sp else self._fast_name(m, 2)
                )
            if term is not None:
                start = m.start(1)
                if self.subject_spans is not None:
                    self.subject_spans += (term, start, m.start(5))
                return term, _VERB, start, m.end()
        return _UNSET, _SUBJECT, pos, pos

    def _fast_name(self, m: re.Match[str], i: int) -> URIRef | None:
        """The uncached iri a fast pattern matched as ``m``'s group ``i`` (a prefixed name) or
        ``i + 1`` (an IRIREF body), made as the full reader makes it; None if that would need
        an error explained, which the full reader then reads again to explain."""
        text = m.group(i)
        if text is not None:
            return self._fast_pname(text)
        raw, start = m.group(i + 1), m.start(i + 1) - 1
        try:
            return self._iri(raw, start, start + len(raw) + 2)
        except SyntaxError as e:  # a ParseError (see _statements)
            if is_parse_error(e):
                return None
            raise

    def _fast_term(self, m: re.Match[str]) -> Node | None:
        """The object or item ``_FAST_TERM_RE`` matched as ``m``: cached, else as ``_fast_object``."""
        op, oi, os, lang, dt, dti = m.group(1, 2, 3, 5, 6, 7)  # not group 4: a string in "'"
        if op:
            return self._pnames.get(op) or self._fast_pname(op)
        if os is None:
            return (oi is not None and self._iris.get(oi)) or self._fast_object(m, 1)
        return (lang is dt is dti and self._plain.get(os)) or self._fast_object(m, 1)

    def _fast_object(self, m: re.Match[str], i: int) -> Node | None:
        """As ``_fast_name``, for an object: groups ``i`` to ``i + 9`` are a prefixed name, an
        IRIREF body, a string body in '"' or in "'", its tag, its datatype's prefixed name or
        IRIREF body, a blank node label, a number and a boolean. A typed literal that is
        ill-typed while warnings are asked for goes to the full reader, which warns, and so
        does a string whose escapes do not decode, which explains them."""
        # A slice of groups(): twice as fast as group(*range(...)), 125 ns a call.
        string, single, lang, dt, dt_iri, label, number, boolean = m.groups()[i + 1 : i + 9]
        string = single if string is None else string  # the two bodies decode alike
        if string is None:
            if label is not None:
                return self.terms.bnode(label)
            if number is not None:
                return self._number(number)
            if boolean is not None:
                return self.terms.literal(boolean, self._xsd_boolean, None)
            return self._fast_name(m, i)
        try:
            lexical = unescape_string(string)  # the text itself when it holds no escape
        except SpanError:
            return None
        datatype = None
        if dt is not None or dt_iri is not None:
            datatype = (self._pnames.get(dt) or self._fast_pname(dt)) if dt else self._fast_datatype(m, i + 5)
            if datatype is None or (self.warn is not None and ill_typed(lexical, datatype) is not None):
                return None
        try:
            lit = self.terms.literal(lexical, datatype, lang)
        except SpanError:
            return None
        if lang is None and datatype is None and len(string) <= CACHED_TEXT_MAX:
            self._plain[string] = lit  # by its text as written, as the full reader keys it
        return lit

    def _fast_datatype(self, m: re.Match[str], i: int) -> URIRef | None:
        """The datatype IRIREF body in ``m``'s group ``i + 1`` (group ``i`` unmatched), cached."""
        return self._iris.get(m.group(i + 1)) or self._fast_name(m, i)

    def _fast_pname(self, text: str) -> URIRef | None:
        """The uncached prefixed name ``text`` of the fast patterns' wide shape (see
        ``_FAST_LOCAL``), or None when it is no PNAME_LN or PNAME_NS, its prefix is undeclared
        or the IRI it makes is invalid (the full reader then says why)."""
        prefix, _, local = text.partition(":")
        namespace = self.prefixes.get(prefix)
        if namespace is None:
            return None
        iri = namespace + local
        # Unreserved ASCII after a '/' or '#' is valid as matched; anything else may fail
        # PN_LOCAL (a bad percent-encoding, a character it may not hold or start with) or make
        # an invalid IRI (a non-ASCII character that is no ucschar, a ':' in an authority).
        if (
            not local.isascii()
            or "%" in local
            or local[:1] in _NOT_FIRST_IN_PLAIN_LOCALS
            or namespace[-1:] not in _PLAIN_LOCALS_AFTER
        ) and (_PNAME_RE.fullmatch(text) is None or iri_error(iri) is not None):
            return None
        term = self._pnames[text] = _new_str(self._iri_type, iri)
        return term

    def _unescape(self, raw: str, start: int) -> str:
        try:
            return unescape_string(raw)
        except SpanError as e:
            raise self._located(e, start, start, start) from None

    # [16] NumericLiteral ::= INTEGER | DECIMAL | DOUBLE
    def _numeric_literal(self, m: re.Match[str]) -> tuple[int, Literal]:
        """The number ``_NUMBER_RE`` matched as ``m``."""
        return m.end(), self._number(m.group())

    def _number(self, text: str) -> Literal:
        """The literal of a valid INTEGER, DECIMAL or DOUBLE token: only a DOUBLE has an
        exponent, and of the others only a DECIMAL has a '.'."""
        lit = self._numbers.get(text)
        if lit is None:
            datatype = (
                self._xsd_double
                if "e" in text or "E" in text
                else self._xsd_decimal
                if "." in text
                else self._xsd_integer
            )
            lit = self._numbers[text] = self.terms.literal(text, datatype, None)
        return lit


# After a '.' inside brackets: the rest of its line blank or a comment, then a line starting at
# its first column with what starts a statement, not with a bracket closing or whitespace.
_UNCLOSED_END: Final = re.compile(r"[ \t]*(?:#[^\r\n]*)?(?:\r\n|\n|\r)(?=[^\s\])|}#.,;])").match

# A SPARQL-style directive's keyword and how many words follow it: [6s] sparqlPrefix's
# PNAME_NS and IRIREF, [5s] sparqlBase's IRIREF, RDF 1.2's VersionSpecifier.
_SPARQL_DIRECTIVE_WORDS: Final = {"prefix": 2, "base": 1, "version": 1}
# A word after the keyword, where an error may have left it malformed: an IRI to its '>' on its
# line, a string to its closing quote on its line, or a run up to whitespace or where an IRI or
# a string starts ('PREFIX x<http://x/>': two words).
_DIRECTIVE_WORD: Final = re.compile(r"""<[^>\r\n]*>?|"[^"\r\n]*"?|'[^'\r\n]*'?|[^\s#<"']+""")


def _directive_keyword(src: str, pos: int) -> re.Match[str] | None:
    """The keyword of a SPARQL-style directive or of TriG's GRAPH (any case) at the statement
    start ``pos``, as ``_KEYWORD_RE`` matched it (group 1); None for anything else, such as a
    prefixed name ``prefix:x``."""
    if src[pos] not in "pPbBvVgG" or _PNAME_RE.match(src, pos) is not None:
        return None
    m = _KEYWORD_RE.match(src, pos)
    return None if m is None or m.group(1) is None else m


def _nothing() -> None:
    """What a directive that declares nothing (RDF 1.2's '@version') does once whole."""


def _starts_term(src: str, pos: int) -> bool:
    """Whether a prefixed name, a blank node label or a number starts at ``pos``."""
    return (
        _PNAME_RE.match(src, pos) is not None
        or src.startswith("_:", pos)
        or _NUMBER_RE.match(src, pos) is not None
    )


def _next_char_needs_full_reader(src: str, end: int) -> bool:
    """Whether the character after a prefixed name ending at ``end`` is one the full reader
    looks at ('\\' of a bad escape, '-' or U+00B7 that cannot start a local name): a cached
    name goes the full reader's way too then, so the error does not depend on the cache."""
    return end < len(src) and src[end] in "\\-\u00b7"


def _is_name_char(src: str, pos: int) -> bool:
    """Whether ``src[pos]`` would continue a name (so a keyword before it is not a keyword)."""
    return pos < len(src) and _NAME_CHAR_RE.match(src, pos) is not None


def _prefix_ends_with_dot(prefix: str) -> str:
    """[167s] PN_PREFIX cannot end with '.' (the same check for @prefix and for names)."""
    return f"invalid prefix '{clip(prefix)}:': it cannot end with '.'"


def _one_of(*choices: str) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


def _quote(src: str, start: int, end: int) -> str:
    """`` X`` for the object text ``src[start:end]`` if short and on one line, else ''."""
    if start < 0:
        return ""
    text = src[start:end].rstrip(" \t\r\n")
    if not text or len(text) > QUOTE_MAX or LINE_END_RE.search(text) is not None:
        return ""
    return " " + text
