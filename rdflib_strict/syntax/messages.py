"""The messages more than one module gives, each written once: the parsers of both format
families (N-Triples/N-Quads and Turtle/TriG), the scanners under them, and the edge.

A message only one place gives stays there, beside its check.
"""

from __future__ import annotations

from typing import Final

from .shown import clip

__all__ = [
    "ASK_RDF12",
    "BACKSLASH_AT_LINE_END",
    "BASE_DIRECTION",
    "BLANK_NODE_PREDICATE",
    "LANGSTRING_NEEDS_TAG",
    "LANGTAG_AFTER_AT",
    "LITERAL_PREDICATE",
    "LITERAL_SUBJECT",
    "NEEDS_DATASET",
    "NOT_RDF11",
    "NTRIPLES_HAS_NO_GRAPHS",
    "TRIPLE_TERMS",
    "TRIPLE_TERMS_BASIC",
    "VERSION",
    "bad_blank_node_label",
    "bad_direction",
    "bad_iri",
    "bad_iri_escape",
    "bad_language_tag",
    "expected",
    "not_rdf11",
    "not_rdf11_term",
    "not_rdf12_basic",
]

#: How to ask for RDF 1.2, from Python and on the command line.
ASK_RDF12: Final = 'read it with version="1.2" (on the command line: --rdf-version 1.2)'
#: How every parser ends the message for RDF 1.2-only syntax read as RDF 1.1.
NOT_RDF11: Final = f"RDF 1.2 syntax, which RDF 1.1 (the default) does not allow: {ASK_RDF12}"


def not_rdf11(forms: str) -> str:
    """``forms`` (a plural: "triple terms ('<<( ... )>>')") read as RDF 1.1."""
    return f"{forms} are {NOT_RDF11}"


def not_rdf12_basic(forms: str) -> str:
    """``forms`` (triple terms, or a Turtle form that stands for them) read as RDF 1.2 Basic."""
    return f'{forms} are not in RDF 1.2 Basic (version="1.2-basic"): {ASK_RDF12}'


TRIPLE_TERMS: Final = not_rdf11("triple terms ('<<( ... )>>')")
BASE_DIRECTION: Final = f"a base direction ('--ltr', '--rtl') is {NOT_RDF11}"
VERSION: Final = f"'VERSION' is {NOT_RDF11}"
#: A triple term read as RDF 1.2 Basic.
TRIPLE_TERMS_BASIC: Final = not_rdf12_basic("triple terms ('<<( ... )>>')")


def not_rdf11_term(what: str) -> str:
    """A writer given ``what`` (an RDF 1.2 term) in RDF 1.1 mode."""
    return f'{what} is RDF 1.2, which RDF 1.1 (the default) cannot write: serialize with version="1.2"'


LITERAL_SUBJECT: Final = "a literal cannot be the subject of a statement"
LITERAL_PREDICATE: Final = "a literal cannot be a predicate"
BLANK_NODE_PREDICATE: Final = "a blank node cannot be a predicate"
#: What is expected after a string's '@' (as ``expected X, found Y`` says it).
LANGTAG_AFTER_AT: Final = "a language tag after '@'"
BACKSLASH_AT_LINE_END: Final = "unterminated string: '\\' at the end of the line"
#: A literal rdf:langString types without a tag: read (N-Triples, Turtle) or written.
LANGSTRING_NEEDS_TAG: Final = "a literal typed rdf:langString needs a language tag"

#: A statement in a named graph, to be written as N-Triples.
NTRIPLES_HAS_NO_GRAPHS: Final = "N-Triples has no named graphs: convert to nquads or trig"
#: A graph name parsed into a plain Graph.
NEEDS_DATASET: Final = (
    "this names a graph, but the target is a plain Graph: parse into a Dataset "
    "(Dataset().parse(...)) to keep graph names"
)


def expected(what: str, found: str) -> str:
    """The grammar's error: ``found`` (as ``describe_found`` quotes it) where ``what`` must be."""
    return f"expected {what}, found {found}"


def bad_iri(raw: str, reason: str) -> str:
    """The IRIREF body ``raw`` as written is no IRI, for ``reason``."""
    return f"invalid IRI <{clip(raw)}>: {reason}"


def bad_blank_node_label(found: str) -> str:
    """``_:`` followed by ``found`` (as ``describe_found`` quotes it), which no label starts."""
    return f"invalid blank node label {found}: expected a letter, digit or '_' after '_:'"


def bad_language_tag(found: str) -> str:
    """A language tag run on into what neither a tag nor the next token may hold (``found``,
    from its '@', as ``describe_found`` quotes it): '"x"@en-', '"x"@en_US'."""
    return f"invalid language tag {found}"


def bad_direction(letters: str) -> str:
    """RDF 1.2's LANG_DIR with ``letters`` after its '--' that are no base direction."""
    return f"invalid base direction '--{clip(letters)}': expected '--ltr' or '--rtl'"


def bad_iri_escape(escape: str) -> str:
    """An escape other than UCHAR inside an IRIREF."""
    return f"invalid escape '{escape}' in IRI (allowed: \\uXXXX \\UXXXXXXXX)"
