"""The factory of rdflib terms the parsers share: bounded caches per parse, exact lexical forms.

Building rdflib terms costs more than scanning the text, and a document names the same few
thousand IRIs over and over, so each parse keeps a ``str -> URIRef`` cache and validates an IRI
only the first time it sees its text. A dump names millions of distinct terms, so every cache
is bounded (syntax/caches.py): a parser calls ``trim`` once per chunk. Blank nodes need no map
for identity: a label's node id is the parse's random prefix plus the label, so the same label
always gives the same node.
Literals are built with ``normalize=False`` so that ``"007"^^xsd:integer`` stays ``007``
(RDF 1.1 Concepts section 3.3: the lexical form is part of the literal's identity). An
ill-typed one is valid RDF, which the parsers report themselves (edge/illtyped.py): rdflib's
logged traceback and "weird boolean" warning for it are kept out of the caller's logs.
The caches and the checks made as terms are made are ``term_factory.TermFactory``'s, shared
with the factory of stand-ins a validating parse of Turtle or TriG uses without rdflib.
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING, Any, Final

from rdflib import term as rdflib_term
from rdflib.namespace import RDF, XSD
from rdflib.term import BNode, Literal, Node, URIRef

from .rdf12_terms import DirLangLiteral, TripleTerm, dir_lang_literal
from .term_factory import TermFactory

if TYPE_CHECKING:
    from types import FrameType

    from typing_extensions import TypeIs  # typing.TypeIs from Python 3.13

__all__ = [
    "Statement",
    "Terms",
    "exact_literal",
    "is_bnode",
    "is_literal",
    "is_triple_term",
    "reduce_literal",
    "unconverted_literal",
]

#: A statement as the parsers yield it and the writers take it: ``(s, p, o, g)``, g None for
#: the default graph.
Statement = tuple[Node, Node, Node, Node | None]

XSD_STRING: Final = URIRef(XSD.string)
XSD_INTEGER: Final = URIRef(XSD.integer)
XSD_DECIMAL: Final = URIRef(XSD.decimal)
XSD_DOUBLE: Final = URIRef(XSD.double)
XSD_BOOLEAN: Final = URIRef(XSD.boolean)
_XSD_BOOLEAN_TEXT: Final = str(XSD.boolean)
RDF_LANGSTRING: Final = URIRef(RDF.langString)
RDF_DIRLANGSTRING: Final = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString")
RDF_TYPE: Final = URIRef(RDF.type)
RDF_FIRST: Final = URIRef(RDF.first)
RDF_REST: Final = URIRef(RDF.rest)
RDF_NIL: Final = URIRef(RDF.nil)
#: RDF 1.2: what a reifier stands for (Turtle's reified triples and annotations).
RDF_REIFIES: Final = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies")


class _SubclassOf(dict[type, bool]):
    """``of[type(t)]`` is ``isinstance(t, cls)``, worked out once for each type.

    rdflib's term classes are ABCs: an isinstance check that fails goes through
    ``ABCMeta.__instancecheck__`` (~0.3 us, ten times a dict lookup), and the writers ask
    "is it a blank node?" of most terms they meet, which mostly are not.
    """

    def __init__(self, cls: type) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, tp: type) -> bool:
        self[tp] = found = issubclass(tp, self.cls)
        return found


_IS_BNODE: Final = _SubclassOf(BNode)
_IS_LITERAL: Final = _SubclassOf(Literal)


def is_bnode(term: Node | None) -> TypeIs[BNode]:
    """``isinstance(term, BNode)``, at a dict lookup's cost (see ``_SubclassOf``)."""
    return _IS_BNODE[type(term)]


def is_literal(term: Node | None) -> TypeIs[Literal]:
    """``isinstance(term, Literal)``, at a dict lookup's cost (see ``_SubclassOf``)."""
    return _IS_LITERAL[type(term)]


_IS_TRIPLE_TERM: Final = _SubclassOf(TripleTerm)


def is_triple_term(term: Node | None) -> TypeIs[TripleTerm]:
    """``isinstance(term, TripleTerm)``, at a dict lookup's cost (see ``_SubclassOf``)."""
    return _IS_TRIPLE_TERM[type(term)]


# rdflib rewrites the whitespace of these even with normalize=False.
_WHITESPACE_REWRITTEN: Final = frozenset((URIRef(XSD.normalizedString), URIRef(XSD.token)))
_new_str = str.__new__
_str_eq = str.__eq__
# What rdflib's boolean conversion takes without a warning, once lowercased.
_BOOLEAN_WORDS: Final = frozenset(("true", "false", "1", "0"))


#: A typed literal's recipe, per datatype object of one parse: the datatype itself (its id
#: is the key, so identity is checked), rdflib's lexical-to-value conversion (None: the value
#: is the text; _UNKNOWN: no value, not a recognized datatype; _CONSTRUCTOR: ask Literal())
#: and its well-formedness check.
Plans = dict[int, tuple[URIRef, Any, Any]]
_UNKNOWN: Final = object()
_CONSTRUCTOR: Final = object()  # a plan's conversion that sends the literal to Literal()
# rdflib.term's tables, which Literal() reads for every typed literal (one URIRef __eq__, in
# Python, per lookup, since the parse's datatype is not rdflib's key object). Read once per
# datatype and parse; without them (another rdflib) every literal goes through Literal().
_TO_PYTHON: dict[Any, Any] | None = getattr(rdflib_term, "_toPythonMapping", None)
_WELL_FORMED: dict[Any, Any] | None = getattr(rdflib_term, "_check_well_formed_types", None)
_BY_VALUE: Any = getattr(rdflib_term, "_well_formed_by_value", None)


def exact_literal(
    lexical: str, datatype: URIRef | None, lang: str | None, plans: Plans | None = None
) -> Literal:
    """A Literal whose lexical form is exactly ``lexical``.

    ``Literal()`` costs about 2.7 us for a plain string (value conversion, checks that our
    grammar already made) and rewrites xsd:token / xsd:normalizedString whitespace even with
    ``normalize=False``. Plain and language-tagged literals are therefore built as the
    constructor would build them (tests/test_terms.py pins that they are equal in every
    attribute); typed ones get their value and ill-typedness from rdflib's own conversion
    and check, looked up once a datatype in ``plans`` (a parse's), else from the constructor.
    """
    if datatype is None:
        return _literal_of(lexical, lang, None, lexical, None)
    if _str_eq(datatype, _XSD_BOOLEAN_TEXT) and lexical.lower() not in _BOOLEAN_WORDS:
        # The constructor would warn ("Parsing weird boolean") and give what this gives.
        return _literal_of(lexical, None, datatype, False, True)
    if plans is not None:
        plan = plans.get(id(datatype))
        if plan is None or plan[0] is not datatype:
            plan = plans[id(datatype)] = _plan(datatype)
        convert = plan[1]
        if convert is _UNKNOWN:
            return _literal_of(lexical, None, datatype, None, None)
        if convert is None:
            return _literal_of(lexical, None, datatype, lexical, not plan[2](lexical, lexical))
        if convert is not _CONSTRUCTOR:
            try:
                value = convert(lexical)
            except Exception:  # the constructor logs it (filtered) and says ill-typed
                pass
            else:
                return _literal_of(lexical, None, datatype, value, not plan[2](lexical, value))
    reference = Literal(lexical, datatype=datatype, normalize=False)
    if datatype not in _WHITESPACE_REWRITTEN or str(reference) == lexical:
        if type(datatype) is URIRef:
            # The constructor made its own copy of the datatype, one more object per literal
            # for the collector to walk; the parse's shared one is equal. 19,874 such copies on
            # 100k label lines left a later gc.collect() 1.19x slower (issue #23).
            reference._datatype = datatype
        return reference
    return _literal_of(lexical, None, reference.datatype, reference.value, reference.ill_typed)


def _plan(datatype: URIRef) -> tuple[URIRef, Any, Any]:
    """How ``Literal(lexical, datatype=datatype, normalize=False)`` gets a value and whether
    it is ill-typed, as a plan for ``exact_literal``."""
    if (
        type(datatype) is not URIRef
        or datatype in _WHITESPACE_REWRITTEN
        or _TO_PYTHON is None
        or _WELL_FORMED is None
        or _BY_VALUE is None
    ):
        return datatype, _CONSTRUCTOR, None
    convert = _TO_PYTHON.get(datatype, _UNKNOWN)
    return datatype, convert, _WELL_FORMED.get(datatype, _BY_VALUE)


_CONVERSION_FAILED: Final = "Failed to convert Literal lexical form"
_EXACT_LITERAL: Final = exact_literal.__code__


def _not_built_here(record: logging.LogRecord) -> bool:
    """rdflib.term's log filter: False (drop it) for the record, traceback and all, that
    rdflib logs when it cannot convert a literal's lexical form, if ``exact_literal`` built
    that literal. Called only when rdflib logs, so a well-typed literal pays nothing; anyone
    else's Literal() still logs as rdflib means it to."""
    if not str(record.msg).startswith(_CONVERSION_FAILED):
        return True
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code is _EXACT_LITERAL:
            return False
        frame = frame.f_back
    return True


logging.getLogger("rdflib.term").addFilter(_not_built_here)


def reduce_literal(literal: Literal) -> tuple[Any, tuple[str, URIRef | None, str | None]]:
    """How to pickle ``literal`` so that it unpickles with its lexical form as written.

    rdflib pickles a Literal as text, datatype and tag and rebuilds it through the
    constructor, which normalises (``"007"^^xsd:integer`` arrives as ``"7"``). A process
    boundary must not change what was parsed: the parallel parse's workers pickle with this
    (a pickler's own dispatch table), the Dask face registers it with ``copyreg``."""
    return exact_literal, (str(literal), literal.datatype, literal.language)


def unconverted_literal(
    lexical: str, datatype: URIRef | None, lang: str | None, plans: Plans | None = None
) -> Literal:
    """A Literal with its lexical form, tag and datatype but no value: for a validating parse,
    which drops its statements, so the conversion to a Python value (most of a typed literal's
    cost) is skipped."""
    return _literal_of(lexical, lang, datatype, None, None)


def _literal_of(
    lexical: str, lang: str | None, datatype: URIRef | None, value: object, ill_typed: bool | None
) -> Literal:
    """A Literal with exactly these attributes, as its constructor would set them."""
    lit: Literal = _new_str(Literal, lexical)
    lit._language = lang
    lit._datatype = datatype
    lit._value = value
    lit._ill_typed = ill_typed
    return lit


class Terms(TermFactory):
    """The factory of rdflib terms (``TermFactory``: the caches and checks): URIRefs, BNodes
    and exact Literals, with Python values unless ``values`` is False (a validating parse
    that still builds rdflib terms: ``unconverted_literal``)."""

    __slots__ = ()

    iri_type = URIRef
    bnode_type = BNode
    dir_literal_type = DirLangLiteral
    rdf_type = RDF_TYPE
    rdf_first = RDF_FIRST
    rdf_rest = RDF_REST
    rdf_nil = RDF_NIL
    rdf_reifies = RDF_REIFIES
    xsd_boolean = XSD_BOOLEAN
    xsd_integer = XSD_INTEGER
    xsd_decimal = XSD_DECIMAL
    xsd_double = XSD_DOUBLE

    def __init__(
        self,
        bnodes: dict[str, BNode] | None = None,
        values: bool = True,
        prefix: str | None = None,
        scope: str = "",
        rdf12: bool = False,
    ) -> None:
        super().__init__(bnodes, prefix, scope, rdf12)
        # values=False (validation): literals without Python values (unconverted_literal).
        self._build = exact_literal if values else unconverted_literal

    def _new_dir_literal(self, lexical: str, lang: str, direction: str) -> DirLangLiteral:
        return dir_lang_literal(lexical, lang, direction)

    def triple_term(self, subject: Node, predicate: Node, object: Node) -> TripleTerm:
        return TripleTerm(subject, predicate, object)
