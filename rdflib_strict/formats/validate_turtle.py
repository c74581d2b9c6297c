"""Validating Turtle and TriG, the plainest statements without building a term.

``validate`` only has to say whether each statement is in the language and how many triples
it makes, so, as for N-Triples (``validate_lines``), a regex that *is* the grammar takes whole
runs of the plainest ``triples '.'`` statements in one call, and everything else goes to the
Turtle parser's own reader, statement by statement, so verdicts, messages and positions are
the parser's. The regex is strict where the parser's fast path is lenient:

* IRIs: absolute ASCII IRIs of the common shapes (``iri.ASCII_IRI_SHAPE``), which are valid
  whatever the base; with a valid base, relative references of plain path segments and a
  fragment (``_RELATIVE``), valid once resolved (never as a datatype); prefixed names with
  a declared prefix whose namespace ends in '#', or in '/' past any authority
  (``_takes_any_local``), and an ASCII local name of unreserved characters, ':', '%'
  escapes and the PN_LOCAL_ESC escapes but '\\#' and '\\%' (valid IRIs after such a
  namespace; datatypes: unreserved characters only); blank node labels of ASCII name
  characters;
* strings of the four kinds with exactly the escapes ECHAR and UCHAR allow, UCHARs of
  scalar values only (the parser says why another is wrong), simple BCP 47 tags (language,
  script, region, one variant: well-formed by construction), datatypes other than
  rdf:langString and rdf:dirLangString; numbers and booleans;
* ``,`` and ``;`` lists, whitespace and comments between tokens.

Every name, number and boolean must be followed by whitespace, a comment, ',', ';', a '.'
that ends the statement (itself followed by whitespace, a comment or the end) or, in the full
pattern below, a bracket: the parser's greedy token regexes then stop exactly where the
validator's do, so both read the same tokens.

Two patterns, the first compiled at once (5 ms), the second, ``full``, once 650 statements
have gone to the parser, or 50 of a buffer at a rate that leaves 650 more to come in it (20
ms with CPython 3.11, what the parser takes for some 650 such statements: worth it only for a
document with more to come). The full one also takes objects nested three deep in ``[ ]`` and
``( )`` (an empty ``[]`` or ``()`` at any depth), and local names of non-ASCII characters that
are PN_CHARS and ucschar. Deeper nesting, nested subjects, directives, TriG's graph block
openings and closings and every error go to the parser. Prefixes enter the regex as an
alternation of the declared names, so it is compiled again (lazily) when a directive declares
a new one.

Counting and warnings: a matched run is scanned once more by a regex that skips strings, IRIs,
comments and escapes and finds each ',', ';' and statement-ending '.' (one triple each: the regex
takes no empty ';' segment) and, when warnings are wanted, each typed literal, which is
checked for ill-typedness (``syntax/xsd.py``) and reported to ``warn`` as the parser reports
it. A run with brackets adds a triple for each non-empty ``[ ]`` and two for each item of a
collection (``_bracket_triples``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from ..syntax.charclass import char_class, common_chars
from ..syntax.chunks import ChunkReader
from ..syntax.grammar import (
    DECIMAL,
    DOUBLE,
    ESCAPE_SCALAR,
    INTEGER,
    LANG_DATATYPE_NAMES,
    LANGTAG_SIMPLE,
    NOT_LANG_DATATYPE,
    PERCENT,
    PN_CHARS,
    PN_LOCAL_ESC_CHARS,
    POSSESSIVE,
    RDF_NS,
    WS_TURTLE,
    run_of,
)
from ..syntax.iri import ASCII_IRI_SHAPE, UCSCHAR, iri_error
from ..syntax.kinds import ILL_TYPED, ErrorKind
from ..syntax.reader import OnError, SinkQuad
from ..syntax.xsd import ill_typed_as_written
from .term_factory import PlainTerms
from .turtle import NTriplesLines, TurtleParser
from .validate_lines import LineValidator, Warn

__all__ = ["TurtleValidator"]


# --- the statement regex ---------------------------------------------------------------------

# [161s] WS, comments included. Its repeats, and those of a statement's objects and items
# below, are possessive (Python 3.11+): sre keeps a backtracking entry for each repetition of a
# plain repeat until the match returns, so one statement of 300,000 objects (a 3.8 MB line)
# held 327 MiB where ``RUN_STATEMENTS`` bounds the statements of a run; backing out of any of
# them never lets the statement match (a ',' or ';' follows an object given back, a comment
# or whitespace what WS gave back). So are those of strings, names and IRIs (``iri._shape``),
# and the run's: what one takes, what follows could not take, and inside a plain repeat sre
# copies the groups ``_nested`` sets at every alternation and repetition (with those repeats
# plain, the groups made the full pattern's matches of rich-100k.ttl 40% slower).
_WS: Final = WS_TURTLE.replace("*", f"*{POSSESSIVE}")
# The '.' ending a statement: followed by whitespace, a comment or the end, never by a name
# character (the parser would read 'x.y' as one name and '1.5' as one number).
_STATEMENT_END: Final = r"\.(?=[ \t\r\n#]|\Z)"
# What may follow a name, number or boolean: the parser's greedy token regexes stop here too.
_NAME_END: Final = rf"(?=[ \t\r\n#,;]|{_STATEMENT_END})"
# In the full pattern a bracket too, as in '(ex:a[ex:p 1])'.
_NESTED_NAME_END: Final = rf"(?=[ \t\r\n#,;()[\]]|{_STATEMENT_END})"
# [168s] PN_LOCAL, ASCII unreserved characters only: not ending in '.', which the parser
# strips (such dots end the statement). For datatypes.
_LOCAL: Final = r"(?:[A-Za-z0-9_](?:[A-Za-z0-9_.\-]*[A-Za-z0-9_\-])?)?"
# [168s] PN_LOCAL of ASCII unreserved characters and ':', [169s] PLX but '\#' (a second
# fragment) and '\%' (a bare '%'), for subjects, verbs and objects. Unrolled: runs of one
# class, escapes between them; a final '.' (unless escaped) is sent back by the lookbehind.
_PLX: Final = f"{PERCENT}|\\\\[{PN_LOCAL_ESC_CHARS.replace('#', '').replace('%', '')}]"
# Non-ASCII name characters too, those that are ucschar (valid in an IRI's path and fragment),
# between runs of ASCII ones (a class of a few ASCII ranges matches faster). One class for
# both positions, the few PN_CHARS a name may not start with excluded by a lookahead: each
# copy of such a class costs sre a quarter of a millisecond to compile (``charclass``), and
# the full pattern holds 13 names.
_NON_ASCII_NAME_CHAR: Final = char_class(common_chars(PN_CHARS, UCSCHAR))
# The class once: each run of ASCII ones taken whole (possessive), then an escape or a
# non-ASCII character, and the run after the last; the characters a name may not start
# with are excluded by the lookahead. Only the last run gives back (a final '.'): a name
# cut shorter would be followed by a name character, where no token may follow it.
_NAME_LOCAL: Final = (
    rf"(?:(?![.\-\u00b7\u0300-\u036f\u203f\u2040])"
    rf"(?:[A-Za-z0-9_.:\-]*{POSSESSIVE}(?:{_PLX}|{_NON_ASCII_NAME_CHAR}))*{POSSESSIVE}"
    rf"[A-Za-z0-9_.:\-]*(?<![^\\]\.))?{POSSESSIVE}"
)
# The same, ASCII only, for the pattern tried first: compiled in a few milliseconds.
_ASCII_NAME_LOCAL: Final = (
    rf"(?:(?:[A-Za-z0-9_:]|{_PLX})[A-Za-z0-9_.:\-]*(?:(?:{_PLX})[A-Za-z0-9_.:\-]*)*(?<![^\\]\.))?"
)
# [141s] BLANK_NODE_LABEL, ASCII only.
_LABEL: Final = r"_:[A-Za-z0-9_](?:[A-Za-z0-9_.\-]*[A-Za-z0-9_\-])?"
_IRIREF: Final = f"<{ASCII_IRI_SHAPE}>"
# Relative references that resolve to a valid IRI against any valid base: plain segments
# (no '.' or '..' segment, no '//', no ':' that would read as a scheme) and a fragment.
_SEGMENT: Final = "[A-Za-z0-9_~\\-]+"
_RELATIVE: Final = f"<(?:{_SEGMENT}(?:[./]{_SEGMENT})*)?(?:#[A-Za-z0-9_~.\\-]*)?>"
# ECHAR and UCHAR of scalar values: one of a surrogate or past U+10FFFF goes to the parser.
_ESCAPE: Final = rf"\\(?:{ESCAPE_SCALAR})"
# [22], [23], [24], [25]: the long forms first ('""' then a character is a short empty one).
# Possessive: a string ends at its first closing quote, whatever follows.
_STRING: Final = (
    f'"""[^"\\\\]*{POSSESSIVE}(?:(?:"(?!"")|{_ESCAPE})[^"\\\\]*{POSSESSIVE})*{POSSESSIVE}"""'
    f"|'''[^'\\\\]*{POSSESSIVE}(?:(?:'(?!'')|{_ESCAPE})[^'\\\\]*{POSSESSIVE})*{POSSESSIVE}'''"
    f'|"(?!"")[^"\\\\\\n\\r]*{POSSESSIVE}(?:{_ESCAPE}[^"\\\\\\n\\r]*{POSSESSIVE})*{POSSESSIVE}"'
    f"|'(?!'')[^'\\\\\\n\\r]*{POSSESSIVE}(?:{_ESCAPE}[^'\\\\\\n\\r]*{POSSESSIVE})*{POSSESSIVE}'"
)
# [144s] LANGTAG of the shapes language[-script][-region][-variant]: well-formed BCP 47.
_LANGTAG: Final = f"@{LANGTAG_SIMPLE}(?:-[a-zA-Z0-9]{{5,8}})?"
# [16] NumericLiteral, longest form first as the parser tries them; [133s] BooleanLiteral.
_NUMBER_OR_BOOLEAN: Final = f"(?:{DOUBLE}|{DECIMAL}|{INTEGER}|true|false)"


def _alternation(names: Iterable[str]) -> str:
    # Longest first, so that 'wdt' is tried before 'wd' (either way ':' must follow).
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


# After ',' and after a verb comes no end: a '.' that is no decimal's point, or a closing
# bracket. The repeats of objects then cannot stop there and let the end follow, which would
# take an empty object or ';' segment (a ',' or ';' after one is no object: the end fails).
# The whitespace is inside: before Python 3.11 it is no possessive repeat, and a check after
# it would be made after fewer spaces than there are.
_THEN: Final = rf"(?!{_WS}(?:\.(?![0-9])|[\])]))"


def _predicate_object_list(verb: str, obj: str, end: str) -> str:
    # [7] predicateObjectList and [8] objectList, the object pattern written once (each copy
    # costs compile time): each object is followed by ',', by ';' and a verb, or by ``end``
    # (the whitespace before it is taken). The verb is written twice: a loop of verbs around
    # the loop of objects holds it once, but took 4% longer to match (rich-100k.ttl).
    more = rf",{_THEN}{_WS}|;{_WS}{verb}{_THEN}{_WS}|(?={end})"
    return rf"{verb}{_WS}(?:{obj}{_WS}(?:{more}))+{POSSESSIVE}"


# [162s] ANON, and [15] collection without items (NIL).
_EMPTY: Final = rf"\[[ \t\r\n]*\]|\({_WS}\)"


def _nested(term: str, inner: str, verb: str, level: int) -> str:
    """[14] blankNodePropertyList and [15] collection holding ``inner`` objects (``term``
    holds the empty ones), written as one: the objects, verbs and separators of both, each
    taken only where the opening bracket allows it. Written apart, each level held the one
    below twice: three deep, 15 copies of ``term`` and 16 of ``verb``, three quarters of the
    64 ms the pattern took to compile; 4 and 8 now.

    Which bracket opened is kept in a group of this ``level``: '[' or nothing ('('), set at
    each opening, so never left from an earlier one. A back reference to it matches where
    the text starts with what it holds: always if nothing, only at a '[' if '['. So where the
    text does not start with '[' (a verb, ',', ';', a closing bracket), no match says '['
    (``in_bnode``) and a match says '('; where it does (an object in brackets), the same
    holds one character on, where no object goes on with a second '['."""
    bnode = f"bnode{level}"
    opening = rf"(?=(?P<{bnode}>\[?))[\[(]"
    in_bnode = f"(?!(?P={bnode}))"  # only where the text does not start with '['
    in_collection = rf"(?:(?!\[)(?=(?P={bnode}))|(?=\[(?=(?P={bnode}))))"
    start = f"(?:{in_bnode}{verb}{_WS}|{in_collection})"
    # After an object: ',', ';' and a verb, or the closing ']'; in a collection, nothing.
    after = (
        rf"{in_bnode}(?:,{_THEN}{_WS}|;{_WS}{verb}{_THEN}{_WS}|(?=\]))"
        f"|{in_collection}"
    )
    closing = rf"{in_bnode}\]|{in_collection}\)"
    return rf"(?:{term}|{opening}{_WS}{start}(?:{inner}{_WS}(?:{after}))+{POSSESSIVE}(?:{closing}))"


def _run_pattern(plain: frozenset[str], prefixes: frozenset[str], relative: bool, full: bool) -> str:
    """A run (``run_of``) of whole ``triples '.'`` statements of the shapes above, with prefixed names
    of ``prefixes`` (declared with namespaces ending in '/' or '#'), those of ``plain`` (not
    the rdf: namespace) also as datatypes; ``relative``: relative references too. ``full``:
    non-ASCII local names too, and objects nested ``_DEPTH`` deep in ``[ ]`` and ``( )``."""
    rdf = prefixes - plain
    names = []
    datatype_names = []
    end = _NESTED_NAME_END if full else _NAME_END  # after a name, number, boolean or tag
    if prefixes:
        local = _NAME_LOCAL if full else _ASCII_NAME_LOCAL
        names.append(f"(?:{_alternation(prefixes)}):{local}{end}")
    if plain:
        datatype_names.append(f"(?:{_alternation(plain)}):{_LOCAL}{end}")
    if rdf:
        # rdf:langString and rdf:dirLangString need a tag: the parser says so.
        lang_datatypes = f"{LANG_DATATYPE_NAMES}{end}"
        datatype_names.append(f"(?:{_alternation(rdf)}):(?!{lang_datatypes}){_LOCAL}{end}")
    iri = "|".join([_IRIREF, *names, *([_RELATIVE] if relative else [])])
    datatype = "|".join([f"<{NOT_LANG_DATATYPE}{ASCII_IRI_SHAPE}>", *datatype_names])
    # [128s] RDFLiteral: the parser allows whitespace (and comments) before '@' and '^^';
    # comments there are left to it. Possessive: no token starts with '@' or '^^'.
    tag_or_datatype = f"[ \\t\\r\\n]*(?:{_LANGTAG}{end}|\\^\\^[ \\t\\r\\n]*(?:{datatype}))"
    literal = f"(?:{_STRING})(?:{tag_or_datatype})?{POSSESSIVE}"
    subject = f"(?:{iri}|{_LABEL}{end})"
    verb = f"(?:{iri}|a(?=[ \\t\\r\\n]))"
    term = f"(?:{iri}|{_LABEL}{end}|{literal}|{_NUMBER_OR_BOOLEAN}{end})"
    if full:  # [] and () hold nothing: terms at every depth
        term = f"(?:{term}|{_EMPTY})"
    obj = term
    if full:
        for level in range(1, _DEPTH + 1):
            obj = _nested(term, obj, verb, level)
    if full:
        predicate_object_list = _predicate_object_list(verb, obj, _STATEMENT_END)
    else:  # the object twice: 2 ms more to compile, 4% less to match (diverse-100k.ttl)
        predicate_object_list = f"{verb}{_WS}{obj}(?:{_WS}(?:,|;{_WS}{verb}){_WS}{obj})*{POSSESSIVE}"
    statement = f"{subject}{_WS}{predicate_object_list}{_WS}{_STATEMENT_END}"
    # The caller starts the match after whitespace: the run ends just after a statement's '.'.
    # Possessive: nothing follows the run, so no statement of it is ever given back.
    return run_of(_WS + statement) + POSSESSIVE


# --- the scan of a matched run: triples and typed literals -------------------------------------

# Strings as the run regex matched them (so well-formed): only their extent matters here.
_SKIP_STRING: Final = (
    r'"""[^"\\]*(?:(?:"(?!"")|\\[\s\S])[^"\\]*)*"""'
    r"|'''[^'\\]*(?:(?:'(?!'')|\\[\s\S])[^'\\]*)*'''"
    r'|"(?!"")[^"\\\n\r]*(?:\\.[^"\\\n\r]*)*"'
    r"|'(?!'')[^'\\\n\r]*(?:\\.[^'\\\n\r]*)*'"
)


def _quick_skip(q: str) -> str:
    """A well-formed string quoted by ``q``, found by its closing quote alone: the text between
    quotes is stepped over a character at a time testing only for ``q`` (a class tested each
    character against several, 8 times slower over long literals); a ``q`` inside is one that
    does not start the closing quotes, or one escaped by one or three backslashes (a text with
    five in a row is counted with ``_SKIP_STRING``)."""
    escaped = rf"(?<=[^\\]\\){q}|(?<=[^\\]\\\\\\){q}"
    long = rf"{q * 3}(?:[^{q}]++|{q}(?!{q * 2})|{escaped})*+{q * 3}"
    return rf"{long}|{q}(?!{q * 2})(?:[^{q}]++|{escaped})*+{q}"


# Text that holds no ',', ';', '.', bracket, nor the start of a string, IRI, comment or escape.
_NOT_END: Final = r"""[^,;."'<#\\\[\]()]*"""


def _counters(string: str, brackets: bool) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two scans of a matched run, skipping strings as ``string`` does: each match of the
    first is whatever precedes the next ',', ';' or statement-ending '.', then that one; the
    second also ends a match at a typed literal (groups: lexical form, datatype). With
    ``brackets``, for runs that may hold some, each bracket ends a match too, in the first
    scan's group 1 and the second's (the datatype's group then empty)."""
    other = r"<[^>]*>|#[^\r\n]*|\\[\s\S]|\.(?![ \t\r\n#]|\Z)"
    if brackets:
        not_end, end, name_end = _NOT_END, r"([,;.\[\]()])", _NESTED_NAME_END
    else:
        not_end, end, name_end = r"""[^,;."'<#\\]*""", "[,;.]", _NAME_END
    ends = re.compile(rf"{not_end}(?:(?:{string}|{other}){not_end})*{end}")
    datatype = rf"[ \t\r\n]*\^\^[ \t\r\n]*(<[^>]*>|[^\s,;#<>\"':]*:{_LOCAL}{name_end})"
    typed = rf"([\[\]()]|{string})(?:(?<=[\[\]()])|{datatype})" if brackets else rf"({string}){datatype}"
    ends_or_typed = re.compile(
        rf"{not_end}(?:(?:(?:{string})(?![ \t\r\n]*\^\^)|{other}){not_end})*(?:[,;.]|{typed})"
    )
    return ends, ends_or_typed


_TRIPLE_END, _TRIPLE_END_OR_TYPED = _counters(_SKIP_STRING, False)
_BRACKETED_END, _BRACKETED_END_OR_TYPED = _counters(_SKIP_STRING, True)
# A matched run's next bracket (group 1), strings, IRIs, comments and escapes stepped over.
_BRACKET: Final = re.compile(
    rf"[^\[\]()\"'<#\\]*(?:(?:{_SKIP_STRING}|<[^>]*>|#[^\r\n]*|\\[\s\S])[^\[\]()\"'<#\\]*)*(?:([\[\]()])|\Z)"
)
# A statement the full pattern may take where the first does not: a bracket or a non-ASCII
# character (a name's) outside its strings, IRIs and comments. Classes of ASCII characters
# only: compiled in microseconds.
_FULL_SHAPE: Final = re.compile(
    rf"(?:{_SKIP_STRING}|<[^>]*>|#[^\r\n]*|[\x00-\x21\x24-\x26\x29-\x3b\x3d-\x5a\x5c-\x7f])*"
    r"(?:[\[(]|[^\x00-\x7f])"
)
_ANON: Final = re.compile(r"\[[ \t\r\n]*\]")
# The items of a collection between two of its brackets: each match is one item, or a
# comment (then group 1 is not empty).
_ITEM: Final = re.compile(
    rf"(#[^\r\n]*)|(?:{_SKIP_STRING})"
    r"(?:[ \t\r\n]*(?:@[^\s#()\[\],;]+|\^\^[ \t\r\n]*(?:<[^>]*>|[^\s#()\[\],;]+)))?"
    r"|<[^>]*>|(?:[^\s#()\[\],;\"'<\\]|\\[\s\S])+"
)
# Without possessive quantifiers (Python 3.10) the strings are always skipped by classes.
_QUICK: Final = f"{_quick_skip(chr(34))}|{_quick_skip(chr(39))}"
_QUICK_TRIPLE_END, _QUICK_TRIPLE_END_OR_TYPED = (
    _counters(_QUICK, False) if POSSESSIVE else (_TRIPLE_END, _TRIPLE_END_OR_TYPED)
)
_QUICK_BRACKETED_END, _QUICK_BRACKETED_END_OR_TYPED = (
    _counters(_QUICK, True) if POSSESSIVE else (_BRACKETED_END, _BRACKETED_END_OR_TYPED)
)
# Five backslashes in a row: a quote after them may be escaped, which the quick skip misses.
_FIVE_BACKSLASHES: Final = "\\" * 5


Match = Callable[[str, int], "re.Match[str] | None"]
#: How a declared prefix may appear in the run regex: not at all (its namespace does not end
#: in '/' or '#'), anywhere, or anywhere but as a datatype (the rdf: namespace).
_UNUSABLE, _PLAIN, _RDF_NAMESPACE = 0, 1, 2
#: A run regex's key: the usable prefixes with their kinds, relative references taken, full.
RunKey = tuple[frozenset[tuple[str, int]], bool, bool]
# The run regexes compiled in this process for validators made with ``shared=True``: the
# blocks of a document that parallel.py's workers validate one after another. A block then
# uses the full pattern an earlier block compiled from its first statement, where a
# validator of its own would leave 1,000 statements to the parser first (each block, a
# twentieth of a block's time) before compiling it again (at no cost: re's own cache).
_SHARED_RUNS: dict[RunKey, Match] = {}

# A directive's start: no run regex is compiled for it (see _current_run).
_DIRECTIVE: Final = re.compile(r"@|(?i:prefix|base)[ \t\r\n]")
# A compile costs what the parser takes for about a thousand statements, and grows with the
# prefixes: past these bounds, statements go to the parser rather than pay for one more. (The
# work since a compile is the triples counted since, by the parser or the run regexes: a run
# regex's match of up to 64 statements is one call of _read_statement.)
_FREE_COMPILES: Final = 8
_TRIPLES_PER_COMPILE: Final = 1000
_MAX_PREFIXES: Final = 512
# The full pattern (non-ASCII names, nesting) takes 20 ms to compile, what the parser takes
# for some 650 statements of rich-100k.ttl: it is compiled once as many statements it may
# take have gone to the parser (then at most twice what the best choice costs, not knowing
# how many more are to come), and again for other prefixes only once this many more triples
# have been counted (by either: a run regex's match of many statements is one call here).
_FULL_AFTER: Final = 650
# The same for a validator of one of a document's blocks (``shared``): the workers of
# ``validate -j`` each compile it once for many blocks of 8 MB, the first of which waited
# for 1,000 statements read by the parser (40 ms of the 0.8 s that -j 2 took on rich-1m.ttl,
# when the compile took 64 ms and this bound was 1,000).
_FULL_AFTER_SHARED: Final = 250
# Sooner where the buffer shows it pays: once this many of its statements went to the parser
# (a buffer is a megabyte of the document, or all of a smaller one) and, at the rate they
# came so far, at least as many more as the compile costs are still to come in it. A document
# smaller than a buffer where the count above is never reached compiles nothing.
_FULL_EVIDENCE: Final = 50
_FULL_PAYS: Final = _FULL_AFTER
_FULL_AGAIN_AFTER: Final = 10_000
# How deep the full pattern nests '[ ]' and '( )': each level adds a copy of the terms and
# two of the verbs, some 5 ms to compile.
_DEPTH: Final = 3


class TurtleValidator(TurtleParser):
    """Counts the triples of a Turtle (``trig=False``) or TriG document, handing each bad
    statement's ParseError to ``on_error`` (or raising it) and each ill-typed literal to
    ``warn``.

    A TurtleParser whose statements are first offered to the run regex: what it takes is
    counted, the rest is read by the parser itself (which warns on its own).
    """

    # A statement the parser reads is one call, so that the next is offered to the run regex
    # (and counted) again, and the misses it counts are statements.
    _CHAIN = 0

    def __init__(
        self,
        trig: bool,
        base: str | None,
        warn: Warn | None = None,
        full_after: int = _FULL_AFTER,
        *,
        shared: bool = False,
        runs: bool = True,
    ) -> None:
        super().__init__(PlainTerms(), base, None, trig=trig)
        #: False: no run regex, every statement is read by the parser (a worker's warm-up of
        #: the parser's patterns, parallel.py).
        self.runs = runs
        #: After how many statements of triples the run regex did not take it is compiled in
        #: full (0: from the first).
        self.full_after = min(full_after, _FULL_AFTER_SHARED) if shared else full_after
        self.warn = warn
        self._triples = 0  # taken by the run regex
        self._parsed = 0  # read by the parser
        self._line_validator = LineValidator(False)  # and the lines written as N-Triples
        # Each declared prefix's use in the run regex, which depends on nothing else.
        self._kinds: dict[str, int] = {}
        # The run regex's match for the current kinds; None once a directive changed them.
        self._run: Match | None = None
        # Once the full one is asked for (``full``), the plain and the full one's: the one
        # that took the last run is tried first (the plain one is faster where both match).
        self._second_run: Match | None = None
        self._full_first = False
        # The compiled run regexes by key; with ``shared``, this process's (``_SHARED_RUNS``).
        self._runs = _SHARED_RUNS if shared else {}
        # The base the run regex was chosen for: relative references are taken with a valid one.
        self._run_base: str | None = None
        self._compiles = 0
        self._compiled_at = 0  # the triples counted at the last compile
        self._misses = 0  # statements of triples the run regex did not take
        self._wants_full = False  # the buffer's misses said the full pattern pays (_full_pays)
        # The buffer whose misses are counted (by its first line: a buffer's text is kept only
        # while it is read), where its count began, and the count.
        self._miss_line = 0
        self._miss_from = 0
        self._buffer_misses = 0
        # The triples counted when the full pattern was last compiled (the first is free).
        self._full_at = -_FULL_AGAIN_AFTER

    def check(self, reader: ChunkReader, on_error: OnError | None = None) -> int:
        """The number of valid triples in ``reader``'s document."""
        self._triples = self._parsed = self._line_validator._count = 0
        self._compiled_at, self._full_at = 0, min(self._full_at, 0)  # counted from here
        self._miss_line = 0
        self.parse(reader, _discard, on_error)
        return self.statements

    @property
    def full(self) -> bool:
        """Whether the full run regex has been asked for (it is compiled at the next statement)."""
        return self._wants_full or self._misses >= self.full_after

    @property
    def statements(self) -> int:
        """The valid triples counted so far: while ``on_error`` runs, those before the
        statement it is given (what a caller that stops there reports)."""
        return self._triples + self._parsed + self._line_validator.statements

    def _lines_reader(self) -> NTriplesLines:
        """Lines written as N-Triples: the N-Triples validator's runs count them, faster than
        the run regex here, which must also take Turtle's forms."""
        self._line_validator.version = self.version
        return NTriplesLines(self, self._line_validator)

    # [2] statement ::= directive | triples '.'   (and TriG's [2g] block)
    def _read_statement(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        run = self._run
        if run is None or self.base is not self._run_base:
            run = self._current_run(src, pos)
            if run is None:
                return self._read_counted(src, pos, out)
        m = run(src, pos)
        if m is None and self._second_run is not None:
            m = self._second_run(src, pos)
            if m is not None:  # the one that took the run is tried first from now on
                self._run, self._second_run = self._second_run, run
                self._full_first = not self._full_first
        if m is None:
            return self._read_missed(src, pos, out)
        end = m.end()
        quick = src.find(_FIVE_BACKSLASHES, pos, end) < 0
        # A run without '[' or '(' (most) has its triples counted by the plain scans.
        brackets = src.find("[", pos, end) >= 0 or src.find("(", pos, end) >= 0
        if self.warn is not None and src.find("^^", pos, end) >= 0:
            self._count_and_check_typed(src, pos, end, quick, brackets)
        elif brackets:  # each ',', ';' and statement-ending '.' one triple, and each bracket
            ends = (_QUICK_BRACKETED_END if quick else _BRACKETED_END).findall(src, pos, end)
            self._triples += len(ends)
            if "[" in ends or "(" in ends:
                self._triples += _bracket_triples(src, pos, end)
        else:
            self._triples += len((_QUICK_TRIPLE_END if quick else _TRIPLE_END).findall(src, pos, end))
        return end

    def _read_missed(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        """A statement no run regex took, read by the parser; one of triples (not TriG's '{'
        or '}') with a bracket or non-ASCII character outside its strings, IRIs and comments
        counts towards compiling the full pattern (others, such as non-ASCII IRIs, it would
        not take either)."""
        before = self._parsed
        end = self._read_counted(src, pos, out)
        if self._parsed > before and self._second_run is None and _FULL_SHAPE.match(src, pos, end):
            self._misses += 1
            if not self._wants_full:
                self._wants_full = self._misses >= self.full_after or self._full_pays(src, pos, end)
            if self._wants_full and self._full_again():
                self._run = None  # the next statement compiles the full pattern
        return end

    def _full_pays(self, src: str, pos: int, end: int) -> bool:
        """Whether, at the rate statements of ``src`` went to the parser so far, at least
        ``_FULL_PAYS`` more will in the rest of it (see above); counts this one."""
        # A new buffer starts a later line (the parser keeps a statement's text from its line's
        # start); one that keeps the whole buffer before it keeps its places too, and its count.
        if self._first_line != self._miss_line:  # a new buffer: counted from this statement on
            self._miss_line, self._miss_from, self._buffer_misses = self._first_line, pos, 0
        self._buffer_misses += 1
        missed = self._buffer_misses
        return missed >= _FULL_EVIDENCE and missed * (len(src) - end) >= _FULL_PAYS * (end - self._miss_from)

    def _read_counted(self, src: str, pos: int, out: list[SinkQuad]) -> int:
        # Counted as each statement is read, not as batches are handed on, so that the count
        # is exact at an error in the middle of a chunk (a statement that raises adds none).
        before = len(out)
        end = super()._read_statement(src, pos, out)
        self._parsed += len(out) - before
        return end

    def _declare_prefix(self, prefix: str, namespace: str) -> None:
        super()._declare_prefix(prefix, namespace)
        if not _takes_any_local(namespace):
            kind = _UNUSABLE
        else:
            kind = _RDF_NAMESPACE if namespace == RDF_NS else _PLAIN
        if self._kinds.get(prefix) != kind:
            self._kinds[prefix] = kind
            self._run = None

    def _current_run(self, src: str, pos: int) -> Match | None:
        """The run regex for the prefixes now declared, compiled if need be; None to leave
        this statement to the parser: a directive (a document declares its prefixes one after
        the other: one compile after the last), or past the bounds above."""
        if not self.runs or _DIRECTIVE.match(src, pos) is not None or len(self._kinds) > _MAX_PREFIXES:
            return None
        if self._compiles >= _FREE_COMPILES and self.statements - self._compiled_at < _TRIPLES_PER_COMPILE:
            return None
        base = self._run_base = self.base
        prefixes = frozenset((p, kind) for p, kind in self._kinds.items() if kind != _UNUSABLE)
        relative = base is not None and iri_error(base) is None
        run = self._compiled((prefixes, relative, False))
        self._second_run = None
        key = (prefixes, relative, True)
        # Compiled already (for these prefixes, or for an earlier block), or asked for.
        if key in self._runs or (self.full and self._full_again()):
            self._second_run = self._compiled(key)
            if self._full_first:
                run, self._second_run = self._second_run, run
        self._run = run
        return run

    def _full_again(self) -> bool:
        """Whether the full pattern may be compiled (again): enough triples since the last."""
        return self.statements - self._full_at >= _FULL_AGAIN_AFTER

    def _compiled(self, key: RunKey) -> Match:
        """The run regex for ``key`` (prefixes and their kinds, relative references, full)."""
        run = self._runs.get(key)
        if run is None:
            prefixes, relative, full = key
            self._compiles += 1
            self._compiled_at = self.statements
            if full:
                self._full_at = self.statements
            if len(self._runs) >= _FREE_COMPILES:
                self._runs.clear()
            plain = frozenset(p for p, kind in prefixes if kind == _PLAIN)
            pattern = _run_pattern(plain, frozenset(p for p, _ in prefixes), relative, full)
            run = self._runs[key] = re.compile(pattern).match
        return run

    def _count_and_check_typed(self, src: str, pos: int, end: int, quick: bool, brackets: bool) -> None:
        """Count the triples of the run ``src[pos:end]`` and warn on its ill-typed literals."""
        typed = 0
        ill = False
        if brackets:
            scan = _QUICK_BRACKETED_END_OR_TYPED if quick else _BRACKETED_END_OR_TYPED
        else:
            scan = _QUICK_TRIPLE_END_OR_TYPED if quick else _TRIPLE_END_OR_TYPED
        found = scan.findall(src, pos, end)
        for literal, datatype in found:
            if datatype:
                typed += 1
                if not ill and self._ill_typed(literal, datatype) is not None:
                    ill = True
        triples = len(found) - typed  # each ',', ';' and '.' one, and each bracket
        if brackets and (("[", "") in found or ("(", "") in found):
            triples += _bracket_triples(src, pos, end)
        self._triples += triples
        if ill:  # rare: the run is scanned again for the literals' places
            self._warn_run(src, pos, end)

    def _ill_typed(self, literal: str, datatype: str) -> str | None:
        """Why the typed literal ``literal^^datatype`` (as written) is ill-typed, if it is."""
        if datatype[0] == "<":
            iri = datatype[1:-1]
        else:
            prefix, _, local = datatype.partition(":")
            iri = self.prefixes[prefix] + local
        quotes = 3 if literal.startswith(('"""', "'''")) else 1
        return ill_typed_as_written(literal[quotes:-quotes], iri)

    def _warn_run(self, src: str, pos: int, end: int) -> None:
        """Hand on every ill-typed literal of the run, placed as the parser places them."""
        assert self.warn is not None
        for m in _BRACKETED_END_OR_TYPED.finditer(src, pos, end):
            if m.group(2):
                reason = self._ill_typed(m.group(1), m.group(2))
                if reason is not None:
                    self.warn(
                        self._error(
                            m.start(1), m.end(2), f"{ILL_TYPED}: {reason}", ErrorKind.ILL_TYPED_LITERAL
                        )
                    )


def _takes_any_local(namespace: str) -> bool:
    """Whether the run's local names make valid IRIs after ``namespace`` (a valid IRI): after
    a '#' they land in the fragment; after a '/' in the path, unless it ends the scheme's
    ':/' or an empty authority's '//' (then '/' or ':' in the name would make an authority or
    a port)."""
    if namespace.endswith("#"):
        return True
    return namespace.endswith("/") and not namespace.endswith(("//", ":/"))


def _bracket_triples(src: str, pos: int, end: int) -> int:
    """What the '[ ]' and '( )' of the matched run ``src[pos:end]`` add to its count of ',',
    ';', '.' and brackets: one for each non-empty '[ ]' (its first object: the next ones follow
    ',' or ';'), two for each item of a collection (its rdf:first and rdf:rest), less one for
    each bracket (counted, as the scans find them, as if a triple)."""
    triples = 0
    in_collection = [False]  # the innermost bracket's, outermost first
    gap = pos
    for m in _BRACKET.finditer(src, pos, end):
        at = m.start(1)
        if at < 0:  # the run's end: matched at every bracket, the scan never searches again
            break
        bracket = src[at]
        triples -= 1
        if in_collection[-1]:
            triples += 2 * sum(1 for comment in _ITEM.findall(src, gap, at) if not comment)
        if bracket in "[(":
            if in_collection[-1]:
                triples += 2
            if bracket == "(":
                in_collection.append(True)
            else:
                if _ANON.match(src, at) is None:
                    triples += 1
                in_collection.append(False)
        else:
            in_collection.pop()
        gap = at + 1
    return triples


def _discard(batch: list[SinkQuad]) -> None:
    pass
