"""Regex fragments named after the W3C productions, shared by every format.

Numbers in the comments are the production numbers of RDF 1.1 Turtle (which N-Triples and
N-Quads reuse verbatim under other numbers). The fragments are plain strings so the parsers can
compose whole-statement patterns from them; the compiled patterns they need live beside them.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from typing import Final

from .charclass import char_class

# [163s] PN_CHARS_BASE ::= [A-Z] | [a-z] | [#x00C0-#x00D6] | [#x00D8-#x00F6] | [#x00F8-#x02FF]
#        | [#x0370-#x037D] | [#x037F-#x1FFF] | [#x200C-#x200D] | [#x2070-#x218F]
#        | [#x2C00-#x2FEF] | [#x3001-#xD7FF] | [#xF900-#xFDCF] | [#xFDF0-#xFFFD]
#        | [#x10000-#xEFFFF]
PN_CHARS_BASE: Final = (
    "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
# [164s] PN_CHARS_U ::= PN_CHARS_BASE | '_'
PN_CHARS_U: Final = PN_CHARS_BASE + "_"
# [166s] PN_CHARS ::= PN_CHARS_U | '-' | [0-9] | #x00B7 | [#x0300-#x036F] | [#x203F-#x2040]
PN_CHARS: Final = PN_CHARS_U + "\\-0-9\u00b7\u0300-\u036f\u203f-\u2040"

# [18] IRIREF ::= '<' ([^#x00-#x20<>"{}|^`\] | UCHAR)* '>'
# The fast form admits no UCHAR: escape-free IRIs (nearly all of them) need no decoding.
IRI_CHARS: Final = r'[^\x00-\x20<>"{}|^`\\]'
IRIREF_PLAIN: Final = IRI_CHARS + "*"
# [26] UCHAR ::= '\u' HEX HEX HEX HEX | '\U' HEX HEX HEX HEX HEX HEX HEX HEX
UCHAR: Final = r"\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}"
IRIREF_BODY: Final = rf"(?:{IRI_CHARS}|{UCHAR})*"
# A UCHAR of a scalar value (U+0000-U+10FFFF, not a surrogate), after its backslash.
_NO_SURROGATE: Final = "(?![dD][89a-fA-F])"
UCHAR_SCALAR: Final = (
    rf"u{_NO_SURROGATE}[0-9A-Fa-f]{{4}}|U(?:0000{_NO_SURROGATE}|000[1-9A-Fa-f]|0010)[0-9A-Fa-f]{{4}}"
)
# [159s] ECHAR or a UCHAR of a scalar value, after its backslash: the escapes the fast paths
# take (any other goes to a precise reader or decoder, which says why).
ESCAPE_SCALAR: Final = rf"[tbnrf\"'\\]|{UCHAR_SCALAR}"
# After a repeat, what makes it possessive (nothing to backtrack into) where re has it, from
# Python 3.11; empty before, where a pattern needing it keeps to classes.
POSSESSIVE: Final = "+" if sys.version_info >= (3, 11) else ""

# [167s] PN_PREFIX ::= PN_CHARS_BASE ((PN_CHARS | '.')* PN_CHARS)?
# [139s] PNAME_NS ::= PN_PREFIX? ':'
# Lax: a final '.' is let through and reported after the match (a greedy run then a strip of
# the final dots is linear, the backtracking form is not).
PN_PREFIX_LAX: Final = f"(?:{char_class(PN_CHARS_BASE)}{char_class(PN_CHARS, '.')}*)?"
# [168s] PN_LOCAL  ::= (PN_CHARS_U | ':' | [0-9] | PLX)
#                       ((PN_CHARS | '.' | ':' | PLX)* (PN_CHARS | ':' | PLX))?
# [169s] PLX ::= PERCENT | PN_LOCAL_ESC
# [170s] PERCENT ::= '%' HEX HEX
# [172s] PN_LOCAL_ESC ::= '\' ('_' | '~' | '.' | '-' | '!' | '$' | '&' | "'" | '(' | ')' | '*' | '+'
#                              | ',' | ';' | '=' | '/' | '?' | '#' | '@' | '%')
PERCENT: Final = "%[0-9A-Fa-f]{2}"
PN_LOCAL_ESC_CHARS: Final = "_~.\\-!$&'()*+,;=/?#@%"
PLX: Final = f"{PERCENT}|\\\\[{PN_LOCAL_ESC_CHARS}]"

# [141s] BLANK_NODE_LABEL ::= '_:' (PN_CHARS_U | [0-9]) ((PN_CHARS | '.')* PN_CHARS)?
# Terminals are matched longest first, so a label ends where it cannot be extended: the
# lookahead keeps a backtracking pattern from cutting `_:o_:g` into two labels (the rest of
# the longest label, `:g`, is no token). A plain match of the body is already longest.
BLANK_NODE_LABEL_BODY: Final = (
    f"{char_class(PN_CHARS_U, '0-9')}(?:{char_class(PN_CHARS, '.')}*{char_class(PN_CHARS)})?"
    f"(?!\\.*{char_class(PN_CHARS)})"
)
# The ASCII labels (nearly all labels), for the whole-statement fast paths: re compiles a
# class of a few ASCII ranges in microseconds, one of the PN_CHARS classes in milliseconds (it
# builds a bitmap of the Basic Multilingual Plane for each), and a fast path holds several.
# Its lookahead fails on a label that goes on with any non-ASCII character, so a fast path
# leaves such a label to the precise reader, never cuts it short.
ASCII_BLANK_NODE_LABEL_BODY: Final = (
    r"[0-9A-Z_a-z](?:[-.0-9A-Z_a-z]*[-0-9A-Z_a-z])?(?!\.*(?:[-0-9A-Z_a-z]|[^\x00-\x7f]))"
)

# [144s] LANGTAG ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*
LANGTAG_BODY: Final = r"[a-zA-Z]+(?:-[a-zA-Z0-9]+)*"

# [22] STRING_LITERAL_QUOTE ::= '"' ([^#x22#x5C#xA#xD] | ECHAR | UCHAR)* '"'
# Unrolled so that a run of plain characters is one step; any escape is admitted here and
# checked when decoded, so the fast path never rejects a valid escape. No escape takes a line
# end (a '.' would take a CR): a backslash ending its line leaves the string unterminated
# there, whether or not a chunk of the input ends after it.
STRING_QUOTE_BODY: Final = r'[^"\\\n\r]*(?:\\[^\n\r][^"\\\n\r]*)*'
# [23] STRING_LITERAL_SINGLE_QUOTE ::= "'" ([^#x27#x5C#xA#xD] | ECHAR | UCHAR)* "'"
STRING_SINGLE_QUOTE_BODY: Final = r"[^'\\\n\r]*(?:\\[^\n\r][^'\\\n\r]*)*"
# [25] STRING_LITERAL_LONG_QUOTE ::= '"""' (('"' | '""')? ([^"\] | ECHAR | UCHAR))* '"""'
# [24] STRING_LITERAL_LONG_SINGLE_QUOTE ::= "'''" (("'" | "''")? ([^'\] | ECHAR | UCHAR))* "'''"
# Unrolled: a run of ordinary characters is one step; a quote is taken only when it does not
# start the closing triple, so the body ends exactly where the grammar's first '"""' is.
LONG_QUOTE_BODY: Final = r'[^"\\]*(?:(?:\\[\s\S]|"(?!""))[^"\\]*)*'
LONG_SINGLE_QUOTE_BODY: Final = r"[^'\\]*(?:(?:\\[\s\S]|'(?!''))[^'\\]*)*"

# [19] INTEGER ::= [+-]? [0-9]+
INTEGER: Final = r"[+-]?[0-9]+"
# [20] DECIMAL ::= [+-]? [0-9]* '.' [0-9]+
DECIMAL: Final = r"[+-]?[0-9]*\.[0-9]+"
# [21] DOUBLE ::= [+-]? ([0-9]+ '.' [0-9]* EXPONENT | '.' [0-9]+ EXPONENT | [0-9]+ EXPONENT)
# [154s] EXPONENT ::= [eE] [+-]? [0-9]+
DOUBLE: Final = r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+"

# For the fast paths that check no tag and no datatype beyond their regex:
RDF_NS: Final = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XSD_NS: Final = "http://www.w3.org/2001/XMLSchema#"
# A LANGTAG body of the shapes language, language-script, language-region: well-formed BCP 47
# by construction.
LANGTAG_SIMPLE: Final = "[a-zA-Z]{2,3}(?:-[a-zA-Z]{4})?(?:-(?:[a-zA-Z]{2}|[0-9]{3}))?"
# The rdf: datatypes that need a language tag (the precise readers say why), and a lookahead
# placed just after an IRIREF's '<' that refuses them.
LANG_DATATYPE_NAMES: Final = "(?:langString|dirLangString)"
NOT_LANG_DATATYPE: Final = f"(?!{re.escape(RDF_NS)}{LANG_DATATYPE_NAMES}>)"

# Whitespace between tokens: N-Triples/N-Quads allow only space and tab inside a statement.
WS_LINE: Final = "[ \t]*"
# Turtle and TriG: [161s] WS ::= #x20 | #x9 | #xD | #xA, and comments ('#' to the end of the
# line) count as WS. A comment must run to its line's end (the lookahead), so '# a # b' is one
# comment, never two: the engine has one way to split a run of WS, and a failed match costs
# no backtracking through the ways (this fragment sits inside larger patterns).
WS_TURTLE: Final = r"[ \t\r\n]*(?:#[^\r\n]*(?![^\r\n])[ \t\r\n]*)*"

# The fast paths take whole runs of statements in one regex call, but never more than this
# many: sre keeps a backtracking entry for every repetition of a group (the run's and those
# inside each statement) until the match returns, about 50 bytes of C memory per byte of
# plain N-Triples, so an unbounded run over a 1 MiB chunk held some 50 MiB. 64 statements
# hold a few hundred KiB, and the calls they add cost less than growing that stack did.
RUN_STATEMENTS: Final = 64


def run_of(statement: str) -> str:
    """A pattern matching 1 to RUN_STATEMENTS consecutive matches of ``statement``."""
    return f"(?:{statement}){{1,{RUN_STATEMENTS}}}"


def compiled_when_used(source: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """``source`` compiled when first asked for, not at import: for patterns only rarer paths
    use, whose big classes take milliseconds to compile (the command line's start-up)."""
    return functools.cache(lambda: re.compile(source, flags))


LANGTAG_RE: Final = re.compile(LANGTAG_BODY)
#: Compiled when used: the fast paths take ASCII labels, and its PN_CHARS classes cost
#: milliseconds to compile.
blank_node_label_re: Final = compiled_when_used(BLANK_NODE_LABEL_BODY)
IRIREF_BODY_RE: Final = re.compile(IRIREF_BODY)
INTEGER_RE: Final = re.compile(INTEGER)
DECIMAL_RE: Final = re.compile(DECIMAL)
DOUBLE_RE: Final = re.compile(DOUBLE)
