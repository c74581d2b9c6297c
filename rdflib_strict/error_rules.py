"""A SARIF rule for each kind of parse error, for SARIF logs (``validate --report sarif``).

Each ParseError carries its kind (:class:`ErrorKind`, set where it is raised); this is the
table from kind to rule, whose id is the kind's value. A :class:`SourceError` (input that could
not be read) is of the kind ``source``.

>>> from rdflib_strict import iterparse
>>> try:
...     list(iterparse(data="<http://ex/s> <http://ex/p> <rel> .", format="nt"))
... except ParseError as e:
...     print(rule_of(e).id, finding(e).line, finding(e).column)
relative-iri 1 29
"""

from __future__ import annotations

from typing import Final

from .sarif import Finding, Level, Rule
from .syntax.errors import ParseError, SourceError, visible
from .syntax.kinds import ErrorKind

__all__ = ["PARSE_RULES", "RULES", "UNCLASSIFIED", "finding", "rule_of"]


_ACRONYMS: Final = {"iri": "IRI", "rdf11": "RDF11", "rdf12": "RDF12"}


def _rule(kind: ErrorKind, short: str, help: str, level: Level = "error") -> tuple[ErrorKind, Rule]:
    name = "".join(_ACRONYMS.get(part, part.capitalize()) for part in kind.value.split("-"))
    return kind, Rule(kind.value, name, short, help, level)


#: The rule of each kind, in the order of the log's ``tool.driver.rules``.
RULES: Final[dict[ErrorKind, Rule]] = dict(
    (
        _rule(
            ErrorKind.ILL_TYPED_LITERAL,
            "A literal outside its datatype's lexical space (a warning)",
            "The literal's text is not in its XSD datatype's lexical space, such as \"abc\"^^xsd:integer."
            " It is valid RDF (an ill-typed literal), but most likely a mistake. Off with"
            " --no-warn-ill-typed.",
            "warning",
        ),
        _rule(
            ErrorKind.ENCODING,
            "The input is not UTF-8",
            "RDF 1.1 N-Triples, N-Quads, Turtle and TriG are UTF-8 text. Re-encode the file (for"
            " example iconv -f latin1 -t utf-8).",
        ),
        _rule(
            ErrorKind.NOT_RDF11,
            "RDF 1.2 syntax",
            "Triple terms, reified triples, annotations, reifiers, base directions and VERSION are"
            " RDF 1.2 syntax, which RDF 1.1 (the default) does not allow: read the document with"
            ' version="1.2" (--rdf-version 1.2).',
        ),
        _rule(
            ErrorKind.NOT_RDF12_BASIC,
            "A triple term in RDF 1.2 Basic",
            'RDF 1.2 Basic (version="1.2-basic") has no triple terms, so neither the Turtle and TriG'
            " forms that stand for them (reified triples, reifiers, annotations): read the document"
            ' with version="1.2" (--rdf-version 1.2).',
        ),
        _rule(
            ErrorKind.NAMED_GRAPH_IN_GRAPH,
            "A named graph parsed into a plain Graph",
            "The document puts statements in a named graph, which an rdflib Graph cannot hold:"
            " parse it into a Dataset.",
        ),
        _rule(
            ErrorKind.NESTED_GRAPH_BLOCK,
            "A graph block, directive or GRAPH inside a graph block",
            "TriG graph blocks { ... } cannot be nested, and @prefix, @base, PREFIX, BASE and GRAPH"
            " may only stand outside them.",
        ),
        _rule(
            ErrorKind.RELATIVE_IRI_WITHOUT_BASE,
            "A relative IRI with no base IRI to resolve it",
            "Turtle and TriG resolve relative IRIs against the base IRI: declare one with @base or BASE,"
            " or pass one (--base).",
        ),
        _rule(
            ErrorKind.RELATIVE_IRI,
            "A relative IRI where only absolute IRIs are allowed",
            "N-Triples and N-Quads have no base IRI: every IRI must be absolute, with a scheme"
            " (http://example.org/x, urn:x:y).",
        ),
        _rule(
            ErrorKind.INVALID_ESCAPE,
            "An invalid escape sequence",
            "Strings allow \\t \\b \\n \\r \\f \\\" \\' \\\\ \\uXXXX and \\UXXXXXXXX; IRIs only \\uXXXX and"
            " \\UXXXXXXXX, which may not encode a character IRIs forbid; local names of prefixed"
            " names only \\ before one of _~.-!$&'()*+,;=/?#@%. A \\u escape cannot encode a"
            " surrogate or a code point beyond U+10FFFF.",
        ),
        _rule(
            ErrorKind.INVALID_IRI,
            "An invalid IRI",
            'The IRI is not an IRI by RFC 3987: a character IRIs do not allow (space, <, >, ", {, },'
            " |, ^, `, \\, controls), a bad percent-encoding, port or IP literal, or a missing '>'.",
        ),
        _rule(
            ErrorKind.UNDEFINED_PREFIX,
            "An undeclared prefix",
            "The prefix of this prefixed name is not declared: add @prefix p: <namespace> . (or"
            " PREFIX) before its first use.",
        ),
        _rule(
            ErrorKind.INVALID_PREFIXED_NAME,
            "An invalid prefixed name",
            "A prefix cannot end with '.', and a local name cannot start with '-' or '·'.",
        ),
        _rule(
            ErrorKind.UNTERMINATED_STRING,
            "A string without its closing quote",
            "A \"...\" or '...' string must close on its line (a line break inside is \\n); a"
            " \"\"\"...\"\"\" or '''...''' string must close before the end of the document.",
        ),
        _rule(
            ErrorKind.INVALID_LANGUAGE_TAG,
            "An invalid language tag",
            "A language tag is a BCP 47 tag after '@', such as en, en-GB or zh-Hant-TW. In RDF 1.2 a base"
            ' direction may follow it, --ltr or --rtl in lower case ("x"@en--ltr).',
        ),
        _rule(
            ErrorKind.INVALID_BLANK_NODE_LABEL,
            "An invalid blank node label",
            "A blank node label is _: followed by a letter, digit or '_', then letters, digits, '_',"
            " '-', '·' or inner '.'.",
        ),
        _rule(
            ErrorKind.INVALID_LITERAL,
            "An impossible literal",
            "A literal has a language tag or a datatype, never both; rdf:langString needs a language"
            ' tag (write "x"@en, not "x"^^rdf:langString), and RDF 1.2\'s rdf:dirLangString a tag and'
            ' a base direction (write "x"@en--ltr).',
        ),
        _rule(
            ErrorKind.MISPLACED_TERM,
            "A term where its kind is not allowed",
            "Subjects and graph labels are IRIs or blank nodes, predicates are IRIs ('a' only as a"
            " predicate), objects may be literals too; an RDF 1.2 triple term <<( s p o )>> may only"
            " be an object, never a subject, predicate or graph label.",
        ),
        _rule(
            ErrorKind.SYNTAX,
            "Not the grammar of the format",
            "The document breaks the grammar of its format: the message says what was expected where.",
        ),
        _rule(
            ErrorKind.SOURCE,
            "The input could not be read",
            "Reading stopped before the end of the input: a corrupt or truncated compressed stream, a failed"
            " download, a file that vanished. Nothing is known of the text past that point.",
        ),
        # No error the parsers raise has this kind (tests/test_error_kinds.py).
        _rule(
            ErrorKind.UNCLASSIFIED,
            "Not RDF 1.1 (unclassified)",
            "The document is not valid RDF 1.1 in its format; the message says why.",
        ),
    )
)
#: Every rule a parse error can get, in the order of the log's ``tool.driver.rules``.
PARSE_RULES: Final[tuple[Rule, ...]] = tuple(RULES.values())
#: The rule of a ParseError made without a kind (outside this package).
UNCLASSIFIED: Final = RULES[ErrorKind.UNCLASSIFIED]


def rule_of(e: ParseError) -> Rule:
    """The rule of a parse error (or warning): its kind's."""
    return RULES[e.kind]


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
