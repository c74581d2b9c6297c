"""The term factories the Turtle and TriG parser is given: what every one checks and caches,
and the one a validating parse uses, which makes stand-ins instead of rdflib terms.

The parser builds every term through its factory (``TurtleParser.terms``) and reads the few
constant terms it needs (rdf:type, rdf:first, xsd:integer, ...) from it once, at its start.
``formats/terms.py`` is the factory of rdflib terms (URIRef, BNode, exact Literals); this
module needs nothing but the standard library, so that ``validate`` of Turtle or TriG runs
without importing rdflib (half of what validating a small file took).

A validating parse drops its statements: its stand-ins (``Iri`` and ``Blank``, strings of the
text an rdflib term would hold, and tuples for literals and triple terms) are only hashed,
cached and handed to the checks that take text (``syntax/xsd.py`` for ill-typed literals).
Every check a term's making involves (language tags, rdf:langString without a tag, the
blank node labels' caches) is this module's, so both factories raise the same errors. For
the type checker the stand-ins pass for the rdflib terms the parser's annotations name.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from ..syntax.caches import CACHED_TEXT_MAX, trim_caches
from ..syntax.escapes import unescape_iri
from ..syntax.grammar import RDF_NS, XSD_NS
from ..syntax.iri import iri_error
from ..syntax.kinds import ErrorKind, SpanError
from ..syntax.langtag import langtag_error
from ..syntax.messages import ASK_RDF12, LANGSTRING_NEEDS_TAG, bad_iri
from ..syntax.reader import document_prefix
from ..syntax.shown import clip

if TYPE_CHECKING:
    from rdflib.term import BNode, Literal, Node, URIRef

    from .rdf12_terms import DirLangLiteral, TripleTerm

__all__ = ["DIRLANGSTRING_NEEDS", "DIRLANGSTRING_NEEDS_RDF12", "Blank", "Iri", "PlainTerms", "TermFactory"]

RDF_LANGSTRING_TEXT: Final = f"{RDF_NS}langString"
RDF_DIRLANGSTRING_TEXT: Final = f"{RDF_NS}dirLangString"
#: Why a literal typed rdf:dirLangString cannot be read: it is written with a tag and a
#: direction, never with '^^'.
DIRLANGSTRING_NEEDS: Final = (
    "a literal typed rdf:dirLangString needs a language tag and a base direction ('\"x\"@en--ltr')"
)
#: The same in RDF 1.1, which has no directions.
DIRLANGSTRING_NEEDS_RDF12: Final = f"{DIRLANGSTRING_NEEDS}, which is RDF 1.2 syntax: {ASK_RDF12}"

#: What builds a literal: ``(lexical, datatype, language, plans)`` (see ``terms.exact_literal``).
Build = Callable[[str, "URIRef | None", "str | None", "dict[int, Any] | None"], "Literal"]
_new_str = str.__new__


class TermFactory:
    """Per-parse term caches, bounded (``trim``), and the checks made as terms are made.

    ``iris`` maps the text between ``<`` and ``>`` (escapes and all) to its IRI, ``bnodes``
    maps a blank node label to its node, ``literals`` maps ``(lexical, datatype, language)``.
    Labels are document-scoped (RDF 1.1 N-Quads section 2.2): a label's node is
    ``prefix + "l" + label`` with one random prefix per parse, so ``bnodes`` is only a
    cache, unless the caller passes its own map (rdflib's ``bnode_context``), which is then
    kept whole and filled with fresh nodes as rdflib's parsers do.

    A subclass says what the terms are: the classes below, the constant terms, ``_build``
    (set in ``__init__``), ``_new_dir_literal`` and ``triple_term``.
    """

    __slots__ = (
        "_build",
        "_count",
        "_fresh",
        "_labelled",
        "_plans",
        "_prefix",
        "_shared",
        "bnodes",
        "iris",
        "langs",
        "literals",
        "rdf12",
    )

    #: The classes of the IRIs, blank nodes and directional literals made (each made from its
    #: text as ``str.__new__`` makes it: the text was checked already).
    iri_type: ClassVar[type[URIRef]]
    bnode_type: ClassVar[type[BNode]]
    dir_literal_type: ClassVar[type[DirLangLiteral]]
    # The constant terms a parser reads once.
    rdf_type: ClassVar[URIRef]
    rdf_first: ClassVar[URIRef]
    rdf_rest: ClassVar[URIRef]
    rdf_nil: ClassVar[URIRef]
    rdf_reifies: ClassVar[URIRef]
    xsd_boolean: ClassVar[URIRef]
    xsd_integer: ClassVar[URIRef]
    xsd_decimal: ClassVar[URIRef]
    xsd_double: ClassVar[URIRef]

    _build: Build

    def __init__(
        self,
        bnodes: dict[str, BNode] | None = None,
        prefix: str | None = None,
        scope: str = "",
        rdf12: bool = False,
    ) -> None:
        # A random id per node (rdflib's BNode() draws a uuid4, about 4 us) is replaced by one
        # random prefix per parse and a counter: just as unique across parses, a fifth of the cost.
        # Fixed length, so "l" + label (a label) and "b" + number (no label) never meet.
        # ``prefix`` (from ``document_prefix``) lets the workers of one parallel parse share it.
        self._prefix = document_prefix() if prefix is None else prefix
        self._labelled = self._prefix + "l"
        # ``scope`` (a parallel parse's block: its number and "_") keeps the unlabelled nodes
        # of the parsers of one document apart, as their counters all start at 0.
        self._fresh = self._prefix + "b" + scope
        self._count = itertools.count()
        self._shared = bnodes is not None
        self.iris: dict[str, URIRef] = {}
        self.bnodes: dict[str, BNode] = {} if bnodes is None else bnodes
        self.literals: dict[tuple[str, str | None, str | None], Literal] = {}
        self.langs: set[str] = set()
        self._plans: dict[int, Any] = {}
        # RDF 1.2 (any flavour): only what an error about rdf:dirLangString says.
        self.rdf12 = rdf12

    @property
    def prefix(self) -> str:
        """What every blank node id of this parse starts with; a label's id is this, "l" and
        the label."""
        return self._prefix

    def absolute_iri(self, raw: str) -> URIRef:
        """The IRI for an IRIREF body that must already be absolute (N-Triples, N-Quads)."""
        iri = unescape_iri(raw)  # a SpanError inside the body, as the parsers expect
        reason = iri_error(iri)
        if reason is not None:
            kind = ErrorKind.INVALID_IRI
            if ":" not in iri or reason.startswith("no scheme"):
                reason, kind = "relative IRI; only absolute IRIs are allowed here", ErrorKind.RELATIVE_IRI
            raise SpanError(bad_iri(raw, reason), kind=kind)
        # Validated already: URIRef() would check the characters again (and only log).
        term = self.iris[raw] = _new_str(self.iri_type, iri)
        return term

    def fresh_bnode(self) -> BNode:
        """A blank node no label of this or any other parse names (``[]``, ``( )`` cells)."""
        # str.__new__, as the IRIs: BNode() runs two Python __new__ (rdflib's and Identifier's)
        # that only pass the text on; Turtle makes one for each '[' and collection cell.
        return _new_str(self.bnode_type, f"{self._fresh}{next(self._count)}")

    def bnode(self, label: str) -> BNode:
        node = self.bnodes.get(label)
        if node is None:  # str.__new__ as in fresh_bnode
            node = self.bnodes[label] = (
                self.fresh_bnode() if self._shared else _new_str(self.bnode_type, self._labelled + label)
            )
        return node

    def trim(self) -> None:
        """Bound the caches (called by the parsers once per chunk)."""
        trim_caches(self.iris, self.literals, self.langs, self._plans)
        if not self._shared:
            trim_caches(self.bnodes)

    def literal(
        self, lexical: str, datatype: URIRef | None, lang: str | None, cached: bool = True
    ) -> Literal:
        """An exact literal from its decoded lexical form (cached by all three parts, unless
        not ``cached``: a long one, whose hash would cost more than the cache saves)."""
        # Keyed by the datatype's text: hashing and comparing a URIRef runs Python code.
        key = (lexical, None if datatype is None else str(datatype), lang)
        lit = self.literals.get(key) if cached else None
        if lit is not None:
            return lit
        if lang is not None:
            self._check_lang(lang)
            lit = self._build(lexical, None, lang, None)
        elif key[1] == RDF_LANGSTRING_TEXT:
            raise SpanError(LANGSTRING_NEEDS_TAG, kind=ErrorKind.INVALID_LITERAL)
        elif key[1] == RDF_DIRLANGSTRING_TEXT:
            if self.rdf12:
                raise SpanError(DIRLANGSTRING_NEEDS, kind=ErrorKind.INVALID_LITERAL)
            raise SpanError(DIRLANGSTRING_NEEDS_RDF12, kind=ErrorKind.NOT_RDF11)
        else:
            lit = self._build(lexical, datatype, None, self._plans)
        if cached and len(lexical) <= CACHED_TEXT_MAX:
            self.literals[key] = lit
        return lit

    def dir_literal(self, lexical: str, lang: str, direction: str) -> DirLangLiteral:
        """An RDF 1.2 directional language-tagged string (``direction`` already 'ltr' or
        'rtl'), cached with the literals: a tag holds no "--", so ``lang--direction`` is no tag."""
        key = (lexical, None, f"{lang}--{direction}")
        lit = self.literals.get(key)
        if isinstance(lit, self.dir_literal_type):
            return lit
        self._check_lang(lang)
        made = self._new_dir_literal(lexical, lang, direction)
        if len(lexical) <= CACHED_TEXT_MAX:
            self.literals[key] = made
        return made

    def _new_dir_literal(self, lexical: str, lang: str, direction: str) -> DirLangLiteral:
        raise NotImplementedError

    def triple_term(self, subject: Node, predicate: Node, object: Node) -> TripleTerm:
        """The RDF 1.2 triple term ``<<( subject predicate object )>>``."""
        raise NotImplementedError

    def _check_lang(self, lang: str) -> None:
        """Raise SpanError unless ``lang`` is well-formed BCP 47 (each tag checked once)."""
        if lang not in self.langs:
            reason = langtag_error(lang)
            if reason is not None:
                raise SpanError(
                    f"invalid language tag '{clip(lang)}': {reason} (BCP 47)",
                    kind=ErrorKind.INVALID_LANGUAGE_TAG,
                )
            self.langs.add(lang)


class Iri(str):
    """A validating parse's IRI: its text."""

    __slots__ = ()


class Blank(str):
    """A validating parse's blank node: the id an rdflib BNode would have."""

    __slots__ = ()


class DirLiteral(tuple[str, str, str]):
    """A validating parse's directional language-tagged string: lexical form, tag, direction."""

    __slots__ = ()


def _literal_parts(lexical: str, datatype: Any, lang: str | None, plans: Any = None) -> Any:
    """A validating parse's literal: its three parts, which nothing reads (no Python value
    is worked out: the parser checks ill-typed literals on their text)."""
    return (lexical, datatype, lang)


def _stand_in(text: str) -> URIRef:
    return cast("URIRef", Iri(text))


class PlainTerms(TermFactory):
    """The factory of a validating parse: stand-ins, no rdflib (see the module's docstring)."""

    __slots__ = ()

    iri_type = cast("type[URIRef]", Iri)
    bnode_type = cast("type[BNode]", Blank)
    dir_literal_type = cast("type[DirLangLiteral]", DirLiteral)
    rdf_type = _stand_in(f"{RDF_NS}type")
    rdf_first = _stand_in(f"{RDF_NS}first")
    rdf_rest = _stand_in(f"{RDF_NS}rest")
    rdf_nil = _stand_in(f"{RDF_NS}nil")
    rdf_reifies = _stand_in(f"{RDF_NS}reifies")
    xsd_boolean = _stand_in(f"{XSD_NS}boolean")
    xsd_integer = _stand_in(f"{XSD_NS}integer")
    xsd_decimal = _stand_in(f"{XSD_NS}decimal")
    xsd_double = _stand_in(f"{XSD_NS}double")

    def __init__(self, rdf12: bool = False) -> None:
        super().__init__(rdf12=rdf12)
        self._build = _literal_parts

    def _new_dir_literal(self, lexical: str, lang: str, direction: str) -> DirLangLiteral:
        return cast("DirLangLiteral", DirLiteral((lexical, lang, direction)))

    def triple_term(self, subject: Node, predicate: Node, object: Node) -> TripleTerm:
        return cast("TripleTerm", (subject, predicate, object))
