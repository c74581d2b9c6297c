"""A rule id for each kind of parse error, for SARIF logs (``validate --report sarif``).

ParseError has no kind attribute: its kind is read from its message, by one table
(:data:`_KINDS`), each rule with the patterns its messages start with, tried in order. A
:class:`SourceError` (input that could not be read) is the rule ``source`` whatever it says.

>>> from rdflib_strict import iterparse
>>> try:
...     list(iterparse(data="<http://ex/s> <http://ex/p> <rel> .", format="nt"))
... except ParseError as e:
...     print(rule_of(e).id, finding(e).line, finding(e).column)
relative-iri 1 29
"""

from __future__ import annotations

import re
from typing import Final

from .edge.sink import NEEDS_DATASET
from .sarif import Finding, Level, Rule
from .syntax.errors import ILL_TYPED, ParseError, SourceError, visible
from .syntax.scan import NOT_RDF11

__all__ = ["PARSE_RULES", "UNCLASSIFIED", "finding", "rule_of"]


_ACRONYMS: Final = {"iri": "IRI", "rdf11": "RDF11"}


def _rule(id: str, short: str, help: str, level: Level = "error") -> Rule:
    name = "".join(_ACRONYMS.get(part, part.capitalize()) for part in id.split("-"))
    return Rule(id, name, short, help, level)


_SOURCE: Final = _rule(
    "source",
    "The input could not be read",
    "Reading stopped before the end of the input: a corrupt or truncated compressed stream, a failed"
    " download, a file that vanished. Nothing is known of the text past that point.",
)
#: The rule of a message no pattern matches. No error the parsers raise on the W3C test
#: suites lands here (tests/test_sarif.py); a new message should get its pattern.
UNCLASSIFIED: Final = _rule(
    "parse-error",
    "Not RDF 1.1 (unclassified)",
    "The document is not valid RDF 1.1 in its format; the message says why.",
)

# Rule, then the regexes its messages start with; the first rule with a match wins.
_KINDS: Final[tuple[tuple[Rule, tuple[str, ...]], ...]] = (
    (
        _rule(
            "ill-typed-literal",
            "A literal outside its datatype's lexical space (a warning)",
            "The literal's text is not in its XSD datatype's lexical space, such as \"abc\"^^xsd:integer."
            " It is valid RDF (an ill-typed literal), but most likely a mistake. Off with"
            " --no-warn-ill-typed.",
            "warning",
        ),
        (re.escape(ILL_TYPED),),
    ),
    (
        _rule(
            "encoding",
            "The input is not UTF-8",
            "RDF 1.1 N-Triples, N-Quads, Turtle and TriG are UTF-8 text. Re-encode the file (for"
            " example iconv -f latin1 -t utf-8).",
        ),
        (r"invalid UTF-8: ", r"lone surrogate U\+"),
    ),
    (
        _rule(
            "not-rdf11",
            "RDF 1.2 syntax",
            "Triple terms, reified triples, annotations, reifiers, base directions and VERSION are"
            " RDF 1.2 syntax, which an RDF 1.1 parser does not accept.",
        ),
        (
            r"(?:triple terms|reified triples|annotations|reifiers|'VERSION'|'@version'|a base direction)"
            rf" .*(?:is|are) {re.escape(NOT_RDF11)}$",
            r"a literal typed rdf:dirLangString needs a language tag and a base direction",
        ),
    ),
    (
        _rule(
            "named-graph-in-graph",
            "A named graph parsed into a plain Graph",
            "The document puts statements in a named graph, which an rdflib Graph cannot hold:"
            " parse it into a Dataset.",
        ),
        (re.escape(NEEDS_DATASET),),
    ),
    (
        _rule(
            "nested-graph-block",
            "A graph block, directive or GRAPH inside a graph block",
            "TriG graph blocks { ... } cannot be nested, and @prefix, @base, PREFIX, BASE and GRAPH"
            " may only stand outside them.",
        ),
        (r"graph blocks cannot be nested", r"directives and GRAPH may not appear inside a block"),
    ),
    (
        _rule(
            "relative-iri-without-base",
            "A relative IRI with no base IRI to resolve it",
            "Turtle and TriG resolve relative IRIs against the base IRI: declare one with @base or BASE,"
            " or pass one (--base).",
        ),
        (r"relative IRI <.*> but no base IRI",),
    ),
    (
        _rule(
            "relative-iri",
            "A relative IRI where only absolute IRIs are allowed",
            "N-Triples and N-Quads have no base IRI: every IRI must be absolute, with a scheme"
            " (http://example.org/x, urn:x:y).",
        ),
        (r"invalid IRI .*: relative IRI; only absolute IRIs are allowed here$",),
    ),
    (
        _rule(
            "invalid-escape",
            "An invalid escape sequence",
            "Strings allow \\t \\b \\n \\r \\f \\\" \\' \\\\ \\uXXXX and \\UXXXXXXXX; IRIs only \\uXXXX and"
            " \\UXXXXXXXX, which may not encode a character IRIs forbid; local names of prefixed"
            " names only \\ before one of _~.-!$&'()*+,;=/?#@%. A \\u escape cannot encode a"
            " surrogate or a code point beyond U+10FFFF.",
        ),
        (r"invalid escape ", r"escape '"),
    ),
    (
        _rule(
            "invalid-iri",
            "An invalid IRI",
            'The IRI is not an IRI by RFC 3987: a character IRIs do not allow (space, <, >, ", {, },'
            " |, ^, `, \\, controls), a bad percent-encoding, port or IP literal, or a missing '>'.",
        ),
        (r"invalid IRI ", r"unterminated IRI", r"invalid character .* in IRI"),
    ),
    (
        _rule(
            "undefined-prefix",
            "An undeclared prefix",
            "The prefix of this prefixed name is not declared: add @prefix p: <namespace> . (or"
            " PREFIX) before its first use.",
        ),
        (r"undefined prefix ",),
    ),
    (
        _rule(
            "invalid-prefixed-name",
            "An invalid prefixed name",
            "A prefix cannot end with '.', and a local name cannot start with '-' or '·'.",
        ),
        (r"invalid prefix '", r"a local name cannot start with "),
    ),
    (
        _rule(
            "unterminated-string",
            "A string without its closing quote",
            "A \"...\" or '...' string must close on its line (a line break inside is \\n); a"
            " \"\"\"...\"\"\" or '''...''' string must close before the end of the document.",
        ),
        (r"unterminated (?:long )?string",),
    ),
    (
        _rule(
            "invalid-language-tag",
            "An invalid language tag",
            "A language tag is a BCP 47 tag after '@', such as en, en-GB or zh-Hant-TW.",
        ),
        (r"invalid language tag", r"expected a language tag after '@'"),
    ),
    (
        _rule(
            "invalid-blank-node-label",
            "An invalid blank node label",
            "A blank node label is _: followed by a letter, digit or '_', then letters, digits, '_',"
            " '-', '·' or inner '.'.",
        ),
        (r"invalid blank node label",),
    ),
    (
        _rule(
            "invalid-literal",
            "An impossible literal",
            "A literal has a language tag or a datatype, never both; rdf:langString needs a language"
            ' tag (write "x"@en, not "x"^^rdf:langString).',
        ),
        (
            r"a literal cannot have both a language tag and a datatype",
            r"a literal typed rdf:langString needs a language tag",
        ),
    ),
    (
        _rule(
            "misplaced-term",
            "A term where its kind is not allowed",
            "Subjects are IRIs or blank nodes, predicates are IRIs ('a' only as a predicate), objects"
            " may be literals too.",
        ),
        (
            r"a literal cannot be (?:the subject|a predicate)",
            r"a (?:blank node|collection) cannot be a predicate",
            r"'a' \(rdf:type\) can only be used as a predicate",
        ),
    ),
    (
        _rule(
            "syntax",
            "Not the grammar of the format",
            "The document breaks the grammar of its format: the message says what was expected where.",
        ),
        (r"expected ", r"unbalanced "),
    ),
)

#: Every rule a parse error can get, in the order of the log's ``tool.driver.rules``.
PARSE_RULES: Final[tuple[Rule, ...]] = (*(rule for rule, _ in _KINDS), _SOURCE, UNCLASSIFIED)
_PATTERNS: Final = tuple((rule, re.compile("|".join(f"(?:{p})" for p in ps))) for rule, ps in _KINDS)


def rule_of(e: ParseError) -> Rule:
    """The rule of a parse error (or warning); :data:`UNCLASSIFIED` if no pattern matches."""
    if isinstance(e, SourceError):
        return _SOURCE
    for rule, pattern in _PATTERNS:
        if pattern.match(e.msg):
            return rule
    return UNCLASSIFIED


def finding(e: ParseError, level: Level | None = None, source: str | None = None) -> Finding:
    """The SARIF finding of a parse error: its rule, at its span (the line as snippet).

    ``level`` defaults to the rule's; ``source`` to the error's ``filename``. The message is
    ``e.msg`` with its invisible characters shown as ``U+XXXX``, as the command line prints
    it; the snippet is the line as it is (the log quotes a window of it: ``SNIPPET_MAX``).
    """
    rule = rule_of(e)
    where = source if source is not None else e.filename
    msg = visible(e.msg)
    if e.lineno < 1:  # a source that failed before it gave any text
        return Finding(rule.id, level or rule.level, msg, where)
    if isinstance(e, SourceError) or e.colno < 1:  # the line is known, not the column
        return Finding(rule.id, level or rule.level, msg, where, e.lineno)
    return Finding(
        rule.id,
        level or rule.level,
        msg,
        where,
        e.lineno,
        e.colno,
        e.lineno,
        max(e.end_offset, e.colno),
        e.text,
    )
