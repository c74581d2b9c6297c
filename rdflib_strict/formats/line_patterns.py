"""Every whole-statement regex of N-Triples and N-Quads, from one builder.

    [2] statement ::= subject predicate object graphLabel? '.'

Each reader of the line family matches whole statements with a regex of its own: the
parser's fast path, the places of a source map, the validator's strict forms and its runs,
the converter's runs of lines it copies. They differ in the shape of each term (how strict
an IRI, which string bodies and tags), in the whitespace between terms, in what follows the
'.', and in what they capture, never in the statement's structure or the term forms it
admits: ``statement_pattern`` writes those once, so a new term form is added here alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, Literal

from ..syntax.grammar import (
    ASCII_BLANK_NODE_LABEL_BODY,
    ESCAPE_SCALAR,
    LANGTAG_BODY,
    LANGTAG_SIMPLE,
    NOT_LANG_DATATYPE,
    POSSESSIVE,
    WS_LINE,
    run_of,
)
from ..syntax.iri import ASCII_IRI_SHAPE

__all__ = [
    "STATEMENT_END",
    "STRICT_STRING_BODY",
    "Groups",
    "literal_statement_parts",
    "long_literal_statement",
    "plain_run",
    "plain_statement",
    "statement_pattern",
]

#: The '.' ending a statement and the rest of its line: whitespace, a comment, the line ends
#: (blank lines too) or the end of the text.
STATEMENT_END: Final = rf"\.{WS_LINE}(?:#[^\r\n]*)?(?:[\r\n]+|\Z)"

# [22] STRING_LITERAL_QUOTE's body with exactly the escapes ECHAR and UCHAR allow, the UCHARs
# of scalar values only: an escape of anything else is left to the precise reader, which
# says why. Possessive (Python 3.11+): a '"' follows, which no part of it may give back, and
# sre kept a backtracking entry for each escape until the match returned (187 MiB to copy a
# 4 MB literal of a million escapes).
STRICT_STRING_BODY: Final = (
    rf'[^"\\\n\r]*{POSSESSIVE}(?:\\(?:{ESCAPE_SCALAR})[^"\\\n\r]*{POSSESSIVE})*{POSSESSIVE}'
)

#: What a statement pattern captures: nothing; the literal's lexical form, datatype and
#: language tag; every term's parts in order (subject IRI or label, predicate, object IRI,
#: label, lexical form, datatype or tag, graph IRI or label); or the subject as group ``s``.
Groups = Literal["none", "literal", "terms", "placed"]


def statement_pattern(
    *,
    iri: str,
    string: str,
    langtag: str,
    end: str,
    datatype: str | None = None,
    labels: bool = True,
    graph: bool = False,
    lead: str = WS_LINE,
    sep: str = WS_LINE,
    tight: str = WS_LINE,
    groups: Groups = "none",
) -> str:
    """One statement: ``lead``, subject, predicate, object and (``graph``) an optional graph
    label, each followed by ``sep``, then ``end`` (the '.' and what may follow it).

    ``iri``, ``string`` and ``langtag`` are the bodies of IRIREF, STRING_LITERAL_QUOTE and
    LANGTAG; ``datatype`` the body of a datatype IRIREF (default ``iri``); ``tight`` the
    whitespace a literal may hold before '^^', after it and before '@'. Without ``labels``
    no blank node is taken.
    """
    term = _group if groups == "terms" else _bare
    part = _group if groups in ("terms", "literal") else _bare
    node = _node(iri, labels, term)
    subject = f"(?P<s>{node})" if groups == "placed" else node
    # [7] literal ::= STRING_LITERAL_QUOTE ('^^' IRIREF | LANGTAG)?
    dt = iri if datatype is None else datatype
    literal = f'"{part(string)}"{_annotation(dt, langtag, tight, part)}'
    # [5] object ::= IRIREF | BLANK_NODE_LABEL | literal
    obj = f"(?:{node}|{literal})"
    if groups == "placed":  # where the subject and the object are, for source maps
        obj = f"(?P<o>{obj})"
    label = f"(?:{node}{sep})?" if graph else ""
    # [4] predicate ::= IRIREF
    return f"{lead}{subject}{sep}<{term(iri)}>{sep}{obj}{sep}{label}{end}"


def literal_statement_parts(
    *, iri: str, langtag: str, graph: bool, end: str, terms: bool = False
) -> tuple[str, str]:
    """A statement whose object is a literal, as ``statement_pattern`` reads it, cut at the
    string body: the part up to its opening '"', and the part from its closing '"' to the end
    (groups: datatype, language tag; with ``terms``, the subject's IRI or label and the
    predicate before, the graph's IRI or label after). For a reader that steps over a long body
    itself: a regex tests every character of it against a class, several times slower."""
    term = _group if terms else _bare
    node = _node(iri, True, term)
    label = f"(?:{node}{WS_LINE})?" if graph else ""
    return (
        f'{WS_LINE}{node}{WS_LINE}<{term(iri)}>{WS_LINE}"',
        f'"{_annotation(iri, langtag, WS_LINE, _group)}{WS_LINE}{label}{end}',
    )


# A string body read escape by escape: every backslash opens an ECHAR or a UCHAR of a scalar
# value. Between them it tests each character against one other only, a loop several times
# faster than a class; so it steps over a raw '"' too (the caller looks for those). The
# escapes are possessive where re has it (3.11: nothing to backtrack into); the text after
# the last one is not, so that the match goes back from the line's end to the closing '"'.
ESCAPED_BODY: Final = rf"(?:[^\\]*{POSSESSIVE}\\(?:{ESCAPE_SCALAR}))*{POSSESSIVE}[^\\]*"


def long_literal_statement(quads: bool, terms: bool = False) -> re.Pattern[str]:
    """The statement of the strict forms whose object is a literal (``literal_statement_parts``)
    with an ``ESCAPED_BODY``, for a long line; groups: (with ``terms``, the subject's IRI or
    label and the predicate,) just past the closing '"' (empty), the datatype, the language
    tag (, with ``terms``, the graph's IRI or label). The '"' follows the body at once (re
    goes back to it a character at a time, testing only for '"'); a group open before the body
    costs a step at each escape, not at each character."""
    head, tail = literal_statement_parts(
        iri=ASCII_IRI_SHAPE, langtag=LANGTAG_BODY, graph=quads, end=STATEMENT_END, terms=terms
    )
    if not tail.startswith('"'):
        raise AssertionError("the tail starts at the closing quote")
    return re.compile(f'{head}{ESCAPED_BODY}"(){tail[1:]}')


def _node(iri: str, labels: bool, term: Callable[[str], str]) -> str:
    # [3] subject, [6] graphLabel ::= IRIREF | BLANK_NODE_LABEL (ASCII labels: the others are
    # the precise reader's)
    node = f"<{term(iri)}>"
    return f"(?:{node}|_:{term(ASCII_BLANK_NODE_LABEL_BODY)})" if labels else node


def _annotation(datatype: str, langtag: str, tight: str, part: Callable[[str], str]) -> str:
    # What may follow a literal's string: ('^^' IRIREF | LANGTAG)?
    return f"(?:{tight}\\^\\^{tight}<{part(datatype)}>|{tight}@{part(langtag)})?"


def plain_run(
    string: str, graph: bool, end: str, *, labels: bool = True, written: bool = False
) -> re.Pattern[str]:
    """A run (``run_of``) of ``plain_statement``s."""
    return re.compile(run_of(plain_statement(string, graph, end, labels=labels, written=written)))


def plain_statement(
    string: str,
    graph: bool,
    end: str,
    *,
    labels: bool = True,
    written: bool = False,
    groups: Groups = "none",
    langtag: str = LANGTAG_SIMPLE,
) -> str:
    """One of the plainest statements, which need no check beyond the regex: absolute ASCII
    IRIs of the common shapes, tags of the shapes language, language-script, language-region
    (well-formed BCP 47 by construction; ``langtag``: another tag body, which the caller
    checks), datatypes other than rdf:langString and rdf:dirLangString; string bodies
    ``string``. ``written``: laid out as our writer writes, one space between terms and none
    inside a literal."""
    return statement_pattern(
        iri=ASCII_IRI_SHAPE,
        string=string,
        langtag=langtag,
        datatype=NOT_LANG_DATATYPE + ASCII_IRI_SHAPE,
        labels=labels,
        graph=graph,
        end=end,
        lead="" if written else WS_LINE,
        sep=" " if written else WS_LINE,
        tight="" if written else WS_LINE,
        groups=groups,
    )


def _group(fragment: str) -> str:
    return f"({fragment})"


def _bare(fragment: str) -> str:
    return fragment
