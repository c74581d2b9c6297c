"""Checking and spelling terms for writers: only what a strict reader accepts comes out.

Shared by the N-Triples/N-Quads and Turtle writers. Each distinct IRI and blank node is checked
and spelled once per output, so a writer's cost is mostly joining strings.

The caches are keyed by the term's text as an exact ``str``, not by the term: rdflib terms
compare in Python (``Identifier.__eq__``), so a dict keyed by terms runs Python code on every hit
with an equal but distinct object, and a graph parsed by rdflib holds a new object for every
occurrence of a term. ``str(term)`` is a C-level copy and hashes and compares in C.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from rdflib.term import BNode, Literal, Node, URIRef

from ..syntax.caches import trim_caches
from ..syntax.errors import SerializeError
from ..syntax.escapes import escape_common, escape_iri, escape_string, has_surrogate, string_care
from ..syntax.grammar import BLANK_NODE_LABEL_BODY, blank_node_label_re, compiled_when_used
from ..syntax.iri import (
    PLAIN_HTTP_IRI_SHAPE,
    all_common_http_iris,
    all_plain_http_iris,
    is_common_iri,
    is_plain_http_iri,
    rfc3987_error,
)
from ..syntax.langtag import langtag_error
from ..syntax.messages import LANGSTRING_NEEDS_TAG, not_rdf11_term
from ..syntax.reader import document_prefix
from ..syntax.version import RdfVersion
from .rdf12_terms import TripleTerm
from .terms import RDF_DIRLANGSTRING, RDF_LANGSTRING, XSD_STRING, is_triple_term

__all__ = ["Quoted", "TermWriter", "read_literals_by"]

_FRESH_RE: Final = re.compile("r[0-9]+")
# A batch of IRIs or blank node ids, one a line after a line feed (neither holds one; a term
# that does is caught by counting them): one search over a thousand terms finds the lines
# that are not of the common shape, where a regex call apiece cost as much as their lines.
_UNCOMMON_IRI: Final = re.compile(f"\n(?!{PLAIN_HTTP_IRI_SHAPE}$)(?P<line>.*)", re.MULTILINE)
_BAD_LABEL: Final = compiled_when_used(f"\n(?!{BLANK_NODE_LABEL_BODY}$)", re.MULTILINE)
_FRESH_LINE: Final = re.compile("^r[0-9]+$", re.MULTILINE)
# What rdflib's own Literal's language tag and datatype are read by (a subclass may override
# them: its properties): the public properties, unless the edge, which alone knows rdflib's
# internals, names the slots behind them (``read_literals_by``), at half the properties' cost.
_LANGUAGE = "language"
_DATATYPE = "datatype"
# Whether rdflib's own Literal has a base direction (a later rdflib may add one).
_DIRECTION_ASKED: Final = hasattr(Literal, "direction")

_NOT_BASIC: Final = (
    'a triple term is not in RDF 1.2 Basic (version="1.2-basic"): serialize with version="1.2"'
)
#: The statement (or, for a graph label, the label alone) an error names; g may be None.
Quoted = tuple[Node | None, ...]


def read_literals_by(language: str, datatype: str) -> None:
    """Read rdflib's own Literal's language tag and datatype by these attribute names (see
    ``edge.rdflib_private.literal_field_names``)."""
    global _LANGUAGE, _DATATYPE  # set once, by the edge, on import
    _LANGUAGE, _DATATYPE = language, datatype


class TermWriter:
    """Spells terms in N-Triples syntax (IRIREF, BLANK_NODE_LABEL, literal), checking each.

    ``canonical`` follows RDF 1.2 "Canonical N-Triples": lower-case language tags and no
    ``^^xsd:string``. ``ascii_only`` writes every non-ASCII character as a UCHAR. ``version``
    is the RDF written: an RDF 1.2 term (a triple term, a base direction) given to an RDF 1.1
    writer raises SerializeError, never comes out as syntax an RDF 1.1 reader refuses.
    Blank nodes whose id is not a valid BLANK_NODE_LABEL get a fresh label that no other blank
    node in this output uses; the same node always gets the same label. ``labels_of`` is the
    id prefix of one parsed document's labelled nodes (``Terms.prefix + "l"``): those are
    written with the label they were read with, whichever process read them. Several
    documents written into one output (``convert A B``) are a mapping from each one's id prefix
    to a text written before each of its labels (``f2_``), so that their nodes stay apart; it
    may be filled as the documents are read.
    """

    def __init__(
        self,
        canonical: bool = False,
        ascii_only: bool = False,
        labels_of: str | Mapping[str, str] = "",
        version: RdfVersion = RdfVersion.RDF11,
    ) -> None:
        self.canonical = canonical
        self.version = version
        if isinstance(labels_of, str):
            self._labels_of: Mapping[str, str] = {labels_of: ""} if labels_of else {}
            self._head = len(labels_of)
        else:  # Terms.prefix + "l", all of one length
            self._labels_of = labels_of
            self._head = len(document_prefix()) + 1
        self.ascii_only = ascii_only
        #: IRI text -> its IRIREF (``<...>``); holds only IRIs that passed the check, so a hot
        #: loop may look up ``str(term)`` for an exact URIRef and fall back to ``iri()``.
        self.iris: dict[str, str] = {}
        # Ids written under another label, and fresh-looking ones written as themselves.
        self._labels: dict[str, str] = {}
        # Labels of the fresh form ("r" digits) in the output so far.
        self._given: set[str] = set()
        self._fresh = 0
        self._langs: dict[str, str] = {}
        #: A blank node's id -> its text (``_:label``): checking a label costs more than the rest
        #: of a line, and a node is often written several times. The index loop writes an id
        #: not in it as ``_:id`` and leaves it to ``settle``, which adds only the ids of a batch
        #: not all plain labels (relabelled ones among them).
        self.bnodes: dict[str, str] = {}
        #: Whether a writer may spell new IRIs and blank node ids as they are (``<iri>``,
        #: ``_:id``) and check them a batch at a time (``settle``): not when non-ASCII is
        #: escaped or several documents' prefixes decide the labels.
        self.unchecked_ok = not ascii_only and not self._labels_of
        #: IRIs and blank node ids put in ``iris`` and ``bnodes`` as they are (``<iri>``,
        #: ``_:id``) and written, not checked yet: ``settle`` checks them.
        self.new_iris: list[str] = []
        #: IRIs ``settle`` found valid by its regex (a batch not all of the common shape):
        #: such a batch's IRIs are not checked again. The common shape is judged again each
        #: time it is met, by C-level scans over the batch, which cost less than a set of
        #: every IRI written (whose copies, all kept, made each line's strings new memory).
        self.known_iris: set[str] = set()
        self.new_bnodes: list[str] = []
        #: A datatype IRI's text -> the literal's suffix (``^^<IRI>``), checked.
        self._typed: dict[str, str] = {}
        self._care = string_care(ascii_only)
        self._printable_plain = not ascii_only
        #: For a loop that spells the common literal inline, as ``literal`` would (rdflib's own
        #: Literal, printable, no '"' or '\\', a tag or datatype met before): the attribute
        #: names its tag and datatype are read by, and the caches of spelled tags and of
        #: datatype suffixes; None when ``literal`` must decide (non-ASCII escaped, or a
        #: Literal that may have a base direction). Saves a call a literal: 3-4% of a line.
        self.inline_literals: tuple[str, str, dict[str, str], dict[str, str]] | None = (
            (_LANGUAGE, _DATATYPE, self._langs, self._typed)
            if self._printable_plain and not _DIRECTION_ASKED
            else None
        )

    def iri(self, term: URIRef, statement: Quoted | None) -> str:
        key = str(term)
        text = self.iris.get(key)
        if text is None:
            # The common shape inline: most IRIs of a term-diverse graph are met once.
            body = key if is_plain_http_iri(key) else self.checked_iri(term, statement)
            text = self.iris[key] = "<" + body + ">"
        return text

    def checked_iri(self, term: URIRef, statement: Quoted | None) -> str:
        """The IRIREF body for ``term`` (raising SerializeError if it is no absolute IRI)."""
        iri = str(term)
        if is_plain_http_iri(iri):
            return iri
        if is_common_iri(iri):  # percent-escapes, a query, non-ASCII: the components cost 4x
            return escape_iri(iri, self.ascii_only)
        if has_surrogate(iri):
            raise SerializeError("the IRI holds a lone surrogate, which UTF-8 cannot encode", term, statement)
        reason = rfc3987_error(iri)  # iri_error would try both shapes above again
        if reason is not None:
            raise SerializeError(f"not an absolute IRI ({reason})", term, statement)
        return escape_iri(iri, self.ascii_only)

    def bnode(self, term: BNode) -> str:
        key = str(term)
        text = self.bnodes.get(key)
        if text is None:
            text = self._bnode_text(key)
            # A node's text never changes once given (``_labels`` keeps every label that is
            # not the id itself), so the cache may be emptied at any time; not while several
            # documents' prefixes (a mapping that may grow) decide the text.
            if not self._labels_of:
                self.bnodes[key] = text
        return text

    def _bnode_text(self, key: str) -> str:
        # A valid id is its own label and needs no memory, so that writing a dump's millions
        # of blank nodes stays bounded; only relabelled ids (invalid ones, and ids that look
        # like a fresh label already handed out) and the fresh-looking labels in use are kept.
        tag = self._labels_of.get(key[: self._head]) if self._labels_of else None
        if tag is not None:
            key = key[self._head :]
        label = self._labels.get(key)
        if label is None:
            if (
                blank_node_label_re().fullmatch(key) is None
                or (self.ascii_only and not key.isascii())  # a label has no escapes
                or key in self._given
            ):
                label = self._labels[key] = self._fresh_label()
            else:
                label = key
                if _FRESH_RE.fullmatch(key) is not None:
                    self._labels[key] = key
                    self._given.add(key)
        # A tag ends in "_", and a label may follow it: the result is a label too.
        return "_:" + label if tag is None else "_:" + tag + label

    def _fresh_label(self) -> str:
        while True:
            self._fresh += 1
            label = f"r{self._fresh}"
            if label not in self._given:
                self._given.add(label)
                return label

    def settle(self) -> bool:
        """Check the IRIs and blank node ids written as they are since the last call.

        True if each was right as written. False if one was not: the valid IRIs and every
        node's label (given in the order the nodes were met) are cached, and the caller writes
        the batch again through the checking methods, which raise for an invalid IRI at the
        same statement as without batches. The lists may repeat a term (the index loop hands
        over every one it writes): C-level scans of a batch judge the common shapes for less
        than a cache of every term written cost; other IRIs are checked once (``known_iris``).
        """
        iris, nodes = self.new_iris, self.new_bnodes
        ok = True
        if iris and not all_common_http_iris(iris):
            # Each distinct IRI once, and none this check found valid before: an IRI of an
            # uncommon shape (urn:, a port) is often met again in later batches.
            known = self.known_iris
            fresh = [key for key in dict.fromkeys(iris) if key not in known]
            if not all_plain_http_iris(fresh):
                joined = "\n" + "\n".join(fresh)
                uncommon = (
                    [m["line"] for m in _UNCOMMON_IRI.finditer(joined)]
                    if joined.count("\n") == len(fresh)
                    else fresh
                )
                # One by one: percent-escapes, a query, non-ASCII (RFC 3987 decides the rest).
                bad = [key for key in uncommon if not _valid_iri(key)]
                for key in bad:
                    self.iris.pop(key, None)
                ok = not bad
                known.update(fresh)
                known.difference_update(bad)
        if nodes:
            joined = "\n" + "\n".join(nodes)
            if not _plain_labels(joined, len(nodes)) and (
                _BAD_LABEL().search(joined) is not None
                or joined.count("\n") != len(nodes)
                or _FRESH_LINE.search(joined) is not None
                or not self._given.isdisjoint(nodes)
            ):
                for key in nodes:  # in the order met, as bnode() would label them
                    label = self.bnodes[key] = self._bnode_text(key)
                    ok = ok and label == "_:" + key
        iris.clear()
        nodes.clear()
        return ok

    def trim(self) -> None:
        """Bound the caches of checked terms (writers call it once per batch)."""
        trim_caches(self.iris, self.known_iris, self._langs, self._typed, self.bnodes)

    def literal(self, term: Literal, statement: Quoted | None) -> str:
        """The literal in N-Triples syntax (writers cache the result per term)."""
        lexical = str(term)
        # Printable and free of '"' and '\\' is written as it is (every character to escape is
        # a control, a noncharacter or a surrogate, none printable): three C scans, a third
        # of the regex's cost. Not when non-ASCII is escaped, nor a verdict when it fails.
        if not (
            self._printable_plain and '"' not in lexical and "\\" not in lexical and lexical.isprintable()
        ):
            lexical = self._escaped(lexical, term, statement)
        # Each text is built by one f-string: a concatenation apiece cost a new string each.
        exact = type(term) is Literal
        lang = getattr(term, _LANGUAGE) if exact else term.language
        if lang is not None:
            # rdflib's own Literal has no base direction (asking it raises AttributeError,
            # which costs more than the rest of this method): only a subclass may.
            direction: str | None = (
                getattr(term, "direction", None) if _DIRECTION_ASKED or type(term) is not Literal else None
            )
            if direction is None:
                tag = self._langs.get(lang)
                return f'"{lexical}"@{tag if tag is not None else self._lang(lang, term, statement)}'
            if not self.version.rdf12:
                raise SerializeError(not_rdf11_term("a base direction"), term, statement)
            return f'"{lexical}"@{self._lang(lang, term, statement)}--{direction}'
        datatype = getattr(term, _DATATYPE) if exact else term.datatype
        if datatype is None:
            return f'"{lexical}"'
        # The suffix by the datatype's text: type(datatype) is URIRef here compares as
        # rdflib's equality would, in C, and the checks below run once per datatype.
        suffix = self._typed.get(str(datatype)) if type(datatype) is URIRef else None
        return f'"{lexical}"{suffix if suffix is not None else self._datatype(datatype, term, statement)}'

    def _escaped(self, lexical: str, term: Literal, statement: Quoted | None) -> str:
        """The STRING_LITERAL_QUOTE body for a lexical form that is not plainly printable."""
        if self._printable_plain:
            body = escape_common(lexical)  # quotes, backslashes, line ends, tabs: most of them
            if body is not None:
                return body
        if self._care(lexical) is None:
            return lexical
        if has_surrogate(lexical):
            raise SerializeError(
                "the literal holds a lone surrogate, which UTF-8 cannot encode", term, statement
            )
        return escape_string(lexical, self.ascii_only)

    def _datatype(self, datatype: URIRef, term: Literal, statement: Quoted | None) -> str:
        """``^^<datatype>`` ("" for xsd:string in canonical output), checked; cached by text."""
        if self.canonical and datatype == XSD_STRING:
            suffix = ""
        elif datatype == RDF_LANGSTRING:
            raise SerializeError(LANGSTRING_NEEDS_TAG, term, statement)
        elif datatype == RDF_DIRLANGSTRING:
            raise SerializeError(
                "a literal typed rdf:dirLangString needs a language tag and a base direction, "
                "which RDF 1.1 syntax cannot write",
                term,
                statement,
            )
        else:
            # Checked here, not looked up: ``iris`` may hold an IRI not settled yet.
            suffix = "^^<" + self.checked_iri(datatype, statement) + ">"
        if type(datatype) is URIRef:
            self._typed[str(datatype)] = suffix
        return suffix

    def _lang(self, lang: str, term: Literal, statement: Quoted | None) -> str:
        spelled = self._langs.get(lang)
        if spelled is None:
            reason = langtag_error(lang)
            if reason is not None:
                raise SerializeError(f"invalid language tag '{lang}': {reason}", term, statement)
            spelled = self._langs[lang] = lang.lower() if self.canonical else lang
        return spelled

    def graph_label(self, term: Node) -> str:
        if isinstance(term, (URIRef, BNode)):
            return self.subject(term, (term,))
        raise SerializeError(f"a {_kind(term)} cannot name a graph", term, None)

    def subject(self, term: Node, statement: Quoted) -> str:
        if isinstance(term, URIRef):
            return self.iri(term, statement)
        if isinstance(term, BNode):
            return self.bnode(term)
        raise SerializeError(f"a {_kind(term)} cannot be a subject", term, statement)

    def predicate(self, term: Node, statement: Quoted) -> str:
        if isinstance(term, URIRef):
            return self.iri(term, statement)
        raise SerializeError(f"a {_kind(term)} cannot be a predicate", term, statement)

    def object(self, term: Node, statement: Quoted | None) -> str:
        if isinstance(term, Literal):  # first: the common miss, most literals occur once
            return self.literal(term, statement)
        if isinstance(term, URIRef):
            return self.iri(term, statement)
        if isinstance(term, BNode):
            return self.bnode(term)
        if is_triple_term(term):
            return self.triple_term(term, statement)
        raise SerializeError(f"a {_kind(term)} cannot be an object", term, statement)

    def triple_term(self, term: TripleTerm, statement: Quoted | None) -> str:
        """``<<( s p o )>>`` (RDF 1.2), each part checked; nested through the objects in a loop."""
        self.check_triple_term(term, statement)
        opened: list[str] = []
        t: Node = term
        while is_triple_term(t):
            quoted = statement if statement is not None else (t.subject, t.predicate, t.object)
            opened.append(f"<<( {self.subject(t.subject, quoted)} {self.predicate(t.predicate, quoted)} ")
            t = t.object
        return "".join(opened) + self.object(t, statement) + " )>>" * len(opened)

    def check_triple_term(self, term: TripleTerm, statement: Quoted | None) -> None:
        """Raise SerializeError, naming ``version="1.2"``, unless this writer writes triple terms."""
        if not self.version.triple_terms:
            if self.version.rdf12:
                raise SerializeError(_NOT_BASIC, term, statement)
            raise SerializeError(not_rdf11_term("a triple term"), term, statement)


# What an ASCII blank node label holds (BLANK_NODE_LABEL without the non-ASCII PN_CHARS), and
# line feeds: deleted by str.translate in C, where _BAD_LABEL costs some 6,000 instructions
# a label (its class spans Unicode ranges).
_ASCII_LABEL_CHARS: Final = dict.fromkeys(
    map(ord, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.\n")
)


def _plain_labels(joined: str, count: int) -> bool:
    """True if ``joined`` ("\\n" before each of ``count`` ids) holds only ASCII labels that
    are their own label: none empty, none starting with '-' or '.' or ending with '.', none
    of the fresh form ("r" digits). False says nothing: ask the regexes."""
    ended = joined + "\n"
    return (
        joined.isascii()  # a quick exit (translate alone decides), O(1)
        and not joined.translate(_ASCII_LABEL_CHARS)
        and joined.count("\n") == count
        and "\n\n" not in ended
        and "\n-" not in ended
        and "\n." not in ended
        and ".\n" not in ended
        and "\nr" not in ended
    )


def _valid_iri(iri: str) -> bool:
    """Whether ``checked_iri`` takes ``iri`` (as it is, when non-ASCII is not escaped)."""
    return is_common_iri(iri) or (not has_surrogate(iri) and rfc3987_error(iri) is None)


def _kind(term: object) -> str:
    if isinstance(term, Literal):
        return "literal"
    if isinstance(term, BNode):
        return "blank node"
    return type(term).__name__
