"""What an error is, before it has a place: ``ErrorKind`` and ``SpanError``.

The readers' lower layers (escapes, IRIs, scanning, chunking) raise ``SpanError``, which knows
its kind and its offsets in a token but not the file, line or column: each reader turns it into
a ``ParseError`` (``errors.py``). This module needs nothing but the standard library, because
``errors.py`` does not: ParseError subclasses rdflib's ParserError, and importing rdflib takes
60 ms, half of what ``validate`` of a small file takes when no error is found. The modules a
``validate`` of a valid N-Triples or N-Quads file runs import their error types from here and
``ParseError`` only where they raise one.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Final, TypeGuard

if TYPE_CHECKING:
    from .errors import ParseError, SourceError

__all__ = ["ILL_TYPED", "ErrorKind", "SpanError", "is_parse_error", "is_source_error"]


class ErrorKind(str, Enum):
    """What a parse error is, set where it is raised: a stable id each, the rule id of SARIF
    logs (``error_rules.py`` gives each its rule). A ``str``, so it pickles as its value and
    compares equal to it (``e.kind == "relative-iri"``)."""

    ILL_TYPED_LITERAL = "ill-typed-literal"  # a warning: valid RDF
    ENCODING = "encoding"
    NOT_RDF11 = "not-rdf11"
    NOT_RDF12_BASIC = "not-rdf12-basic"
    NAMED_GRAPH_IN_GRAPH = "named-graph-in-graph"
    NESTED_GRAPH_BLOCK = "nested-graph-block"
    RELATIVE_IRI_WITHOUT_BASE = "relative-iri-without-base"
    RELATIVE_IRI = "relative-iri"
    INVALID_ESCAPE = "invalid-escape"
    INVALID_IRI = "invalid-iri"
    UNDEFINED_PREFIX = "undefined-prefix"
    INVALID_PREFIXED_NAME = "invalid-prefixed-name"
    UNTERMINATED_STRING = "unterminated-string"
    INVALID_LANGUAGE_TAG = "invalid-language-tag"
    INVALID_BLANK_NODE_LABEL = "invalid-blank-node-label"
    INVALID_LITERAL = "invalid-literal"
    MISPLACED_TERM = "misplaced-term"
    SYNTAX = "syntax"
    #: A SourceError's: the input could not be read.
    SOURCE = "source"
    #: A ParseError made without a kind (outside this package): the parsers never raise one.
    UNCLASSIFIED = "parse-error"


#: How a warning about an ill-typed literal starts: valid RDF, so never an error.
ILL_TYPED: Final = "ill-typed literal (valid RDF; a warning)"


class SpanError(ValueError):
    """A problem found below the parsers (a bad escape, an invalid IRI or literal).

    ``start`` and ``end`` locate it in the text the raiser was given (an escaped body, a
    token); None for both means "the whole token". ``kind`` is the kind of the ParseError it
    becomes: each parser turns it into one with ``BatchReader._located``; it never reaches
    the caller.
    """

    def __init__(
        self, msg: str, start: int | None = None, end: int | None = None, *, kind: ErrorKind
    ) -> None:
        super().__init__(msg)
        self.msg = msg
        self.start = start
        self.end = end
        self.kind = kind


# ParseError is a SyntaxError: code that must not load rdflib before an error is met catches
# SyntaxError and asks these (the errors module is loaded by then if the error is ours).
def is_parse_error(e: BaseException) -> TypeGuard[ParseError]:
    """Whether ``e`` is a ParseError (a SourceError too)."""
    from .errors import ParseError

    return isinstance(e, ParseError)


def is_source_error(e: BaseException) -> TypeGuard[SourceError]:
    """Whether ``e`` is a SourceError: the input could not be read."""
    from .errors import SourceError

    return isinstance(e, SourceError)
