"""The two kinds of term RDF 1.2 adds, as rdflib nodes: triple terms and directional
language-tagged strings.

rdflib 7 has neither. Both are shaped like rdflib's own proposals (RDFLib/rdflib#3525 for
``TripleTerm(subject, predicate, object)``, #3526 for ``Literal(..., lang=..., direction=...)``)
so that code written against them moves over unchanged; if the installed rdflib already has
a ``TripleTerm``, that one is used.

A triple term nests only through its object (RDF 1.2: a triple term is never a subject), so
equality, hashing and spelling walk down the objects in a loop: a document may nest them as
deep as it likes without reaching Python's recursion limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rdflib.term
from rdflib.term import BNode, Literal, Node, URIRef

from ..syntax.langtag import DIRECTIONS

__all__ = ["DirLangLiteral", "TripleTerm", "dir_lang_literal"]

_set_slot = object.__setattr__


class TripleTerm(Node):
    """An RDF 1.2 triple term ``<<( s p o )>>``: immutable, hashable, equal by its three parts.

    The subject is an IRI or a blank node, the predicate an IRI, the object any term, another
    triple term included; anything else is a TypeError.

    >>> from rdflib import URIRef, Literal
    >>> t = TripleTerm(URIRef("http://ex/s"), URIRef("http://ex/p"), Literal("o"))
    >>> t.n3()
    '<<( <http://ex/s> <http://ex/p> "o" )>>'
    >>> t == TripleTerm(URIRef("http://ex/s"), URIRef("http://ex/p"), Literal("o"))
    True
    """

    __slots__ = ("_hash", "_object", "_predicate", "_subject")

    _subject: URIRef | BNode
    _predicate: URIRef
    _object: Node
    _hash: int

    def __new__(cls, subject: Node, predicate: Node, object: Node) -> TripleTerm:
        if not isinstance(subject, (URIRef, BNode)):
            raise TypeError(f"a triple term's subject is an IRI or a blank node, not {subject!r}")
        if not isinstance(predicate, URIRef):
            raise TypeError(f"a triple term's predicate is an IRI, not {predicate!r}")
        if not isinstance(object, (URIRef, BNode, Literal, TripleTerm)):
            raise TypeError(
                f"a triple term's object is an IRI, blank node, literal or triple term, not {object!r}"
            )
        self = super().__new__(cls)
        put = _set_slot
        put(self, "_subject", subject)
        put(self, "_predicate", predicate)
        put(self, "_object", object)
        # The parts' hashes are cached or cheap: no walk down a nested object.
        put(self, "_hash", hash((TripleTerm, subject, predicate, object)))
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"TripleTerm is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"TripleTerm is immutable: cannot delete {name}")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        a: object = self
        while isinstance(a, TripleTerm):
            if a is other:
                return True
            if not isinstance(other, TripleTerm) or a._hash != other._hash:
                return False
            if a._subject != other._subject or a._predicate != other._predicate:
                return False
            a, other = a._object, other._object
        return a == other

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, TripleTerm):
            return self._key() < other._key()
        if isinstance(other, Node):
            return True  # rdflib orders a kind it does not know first
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, TripleTerm):
            return self._key() > other._key()
        if isinstance(other, Node):
            return False
        return NotImplemented

    def __le__(self, other: object) -> bool:
        return self == other or self < other

    def __ge__(self, other: object) -> bool:
        return self == other or self > other

    def _key(self) -> tuple[Node, Node, Node]:
        return (self._subject, self._predicate, self._object)

    def __reduce__(self) -> tuple[type[TripleTerm], tuple[Node, Node, Node]]:
        return (type(self), self._key())

    def n3(self, namespace_manager: Any = None) -> str:
        """``<<( s p o )>>`` with each part's ``n3()``."""
        parts: list[str] = []
        term: Node = self
        while isinstance(term, TripleTerm):
            parts.append(
                f"<<( {term._subject.n3(namespace_manager)} {term._predicate.n3(namespace_manager)} "
            )
            term = term._object
        last: str = term.n3(namespace_manager)
        return "".join(parts) + last + " )>>" * len(parts)

    def __str__(self) -> str:
        return self.n3()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._subject!r}, {self._predicate!r}, {self._object!r})"

    # Last: in the class body below them, ``object`` would name this property, not the type.
    @property
    def subject(self) -> URIRef | BNode:
        return self._subject

    @property
    def predicate(self) -> URIRef:
        return self._predicate

    @property
    def object(self) -> Node:
        return self._object


if not TYPE_CHECKING:  # rdflib's own, once it has one (RDFLib/rdflib#3525)
    TripleTerm = getattr(rdflib.term, "TripleTerm", None) or TripleTerm


class DirLangLiteral(Literal):
    """A directional language-tagged string ``"x"@en--ltr`` (datatype rdf:dirLangString):
    a Literal with a ``direction``, ``"ltr"`` or ``"rtl"``.

    Built as rdflib's proposal builds one, ``DirLangLiteral("x", lang="en", direction="ltr")``.
    It is not equal to ``Literal("x", lang="en")`` (and hashes apart from it), so a graph holds
    both; ``datatype`` is None, as for rdflib's other tagged literals.

    >>> DirLangLiteral("x", lang="en", direction="rtl").n3()
    '"x"@en--rtl'
    >>> DirLangLiteral("x", lang="en", direction="rtl") == Literal("x", lang="en")
    False
    """

    __slots__ = ("_direction",)

    _direction: str

    def __new__(
        cls,
        lexical_or_value: Any,
        lang: str | None = None,
        datatype: str | None = None,
        normalize: bool | None = None,
        direction: str | None = None,
    ) -> DirLangLiteral:
        if direction not in DIRECTIONS:
            raise ValueError(f"a base direction is 'ltr' or 'rtl', not {direction!r}")
        if not lang:
            raise ValueError("a literal with a base direction needs a language tag")
        if datatype is not None:
            raise TypeError("a literal with a language tag and a base direction has no other datatype")
        self: DirLangLiteral = super().__new__(cls, lexical_or_value, lang=lang, normalize=normalize)
        self._direction = direction
        return self

    @property
    def direction(self) -> str:
        return self._direction

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, DirLangLiteral)
            and self._direction == other._direction
            and Literal.__eq__(self, other)
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return Literal.__hash__(self) ^ hash(self._direction)

    def __reduce__(self) -> tuple[Any, tuple[str, str | None, str]]:
        return (dir_lang_literal, (str(self), self.language, self._direction))

    def n3(self, namespace_manager: Any = None) -> str:
        return Literal.n3(self, namespace_manager) + "--" + self._direction

    def __repr__(self) -> str:
        lexical = str.__repr__(self)
        return f"{type(self).__name__}({lexical}, lang={self.language!r}, direction={self._direction!r})"


_new_str = str.__new__


def dir_lang_literal(lexical: str, lang: str | None, direction: str) -> DirLangLiteral:
    """A DirLangLiteral with exactly this lexical form, tag and direction, built as the
    constructor would build it but without its checks (the parsers made them)."""
    lit: DirLangLiteral = _new_str(DirLangLiteral, lexical)
    lit._language = lang
    lit._datatype = None
    lit._value = lexical
    lit._ill_typed = None
    lit._direction = direction
    return lit
