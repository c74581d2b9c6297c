"""Turtle writer: readable, deterministic and exact (reads back as the same graph, lexical forms).

Layout (pinned by the golden files in ``tests/data/turtle_out/``)::

    @base <http://ex.org/> .
    @prefix ex: <http://ex.org/ns#> .

    ex:s a ex:Type ;
        ex:p "x", "y" ;
        ex:q [
            ex:r 1
        ], ( 1 2 ) .

    [] ex:p ex:o .

    _:shared ex:p "z" .

- ``@base`` (if asked for) then one ``@prefix`` line per bound namespace the body uses, sorted
  by prefix (``BASE`` / ``PREFIX`` with ``sparql_prefixes=True``), then a blank line.
- One block per subject, blocks separated by a blank line: IRI subjects sorted by IRI, then
  top-level blank nodes sorted by label. Predicates start a line indented 4 spaces per
  nesting level (the first shares the subject's line), ``rdf:type`` first as ``a``, then by
  IRI; objects of one predicate share the line, separated by ``", "``, ordered IRIs, literals,
  blank nodes.
- A blank node that is the object of exactly one statement is written in place as ``[`` ...
  ``]`` (``[]`` if it has no properties); one that is never an object is a top-level ``[]``
  subject; any other (shared, or the entry point of a cycle) is a ``_:label`` subject. Nesting
  deeper than ``_MAX_DEPTH`` is cut the same way: the deep node becomes a ``_:label`` block
  written right after the current one, so output size stays linear in the graph size.
- A chain of blank ``rdf:first``/``rdf:rest`` cells, each the object of exactly one statement
  and with nothing else said of it, ending in ``rdf:nil``, is a collection ``( a b )``, all on
  the collection's line. Anything else (shared tails, cycles, extra properties) stays explicit.
  ``rdf:nil`` as a subject or object is always ``()``.
- Literals: bare ``1``, ``1.5``, ``1e5``, ``true`` only when the lexical form matches the
  INTEGER / DECIMAL / DOUBLE / BooleanLiteral production whose datatype is the literal's;
  long (triple-quoted) strings for text with line feeds unless it ends with a quote; otherwise
  ``"..."`` with canonical N-Triples escapes. Datatypes and IRIs are prefixed names when the
  local part can be a PN_LOCAL (with PN_LOCAL_ESC backslashes where needed), else relative to
  ``base`` when ``_iri.relativize`` finds an exact relative reference, else ``<IRI>``.

Canonical layout (``canonical=True``): the blank nodes are first renamed to the labels RDFC-1.0
issues (``c14n0``, ...), then written in the layout above. Every order in it is a total order
on terms that does not look at the statements' order or the input's blank node ids: subjects
by IRI (code point order), then blank nodes by label (as text: ``c14n10`` before ``c14n2``);
``rdf:type`` then predicates by IRI; objects IRIs by IRI, then literals by (lexical form,
datatype IRI, language tag), then blank nodes by label. Which blank nodes are inlined depends
only on the graph (and the chosen cycle entries on labels), so isomorphic graphs give the same
bytes; a label is written only for a node that is not inlined, so labels may skip numbers.

Terms are checked and spelled by ``TermWriter`` (so every unwritable term raises SerializeError
naming it and its statement) and cached here per term. The writer recurses at most
``_MAX_DEPTH`` levels; everything else is loops over explicit worklists.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from typing import IO, Final

from rdflib.term import BNode, Literal, Node, URIRef

from ..syntax.caches import trim_caches
from ..syntax.charclass import char_class
from ..syntax.errors import SerializeError
from ..syntax.escapes import escape_iri, escape_string, has_surrogate
from ..syntax.grammar import DECIMAL_RE, DOUBLE_RE, INTEGER_RE, PN_CHARS, PN_CHARS_BASE, PN_CHARS_U
from ..syntax.iri import iri_error, relativize
from ..syntax.version import RdfVersion
from .canonical_labels import canonical_statements
from .rdf12_terms import TripleTerm
from .terms import (
    RDF_FIRST,
    RDF_LANGSTRING,
    RDF_NIL,
    RDF_REIFIES,
    RDF_REST,
    RDF_TYPE,
    XSD_BOOLEAN,
    XSD_DECIMAL,
    XSD_DOUBLE,
    XSD_INTEGER,
    is_bnode,
    is_literal,
    is_triple_term,
)
from .write_lines import Triple
from .write_reifiers import Reifiers, plan_reifiers
from .write_terms import Quoted, TermWriter

__all__ = ["write_turtle"]

# `type(t) is URIRef and _same_text(t, RDF_TYPE)` is `t == RDF_TYPE` (rdflib's equality: the
# same type and text), compared in C: rdflib's __eq__ is Python, asked of nearly every term.
_same_text: Final = str.__eq__

# Deeper nesting is written as labelled blocks: indentation would make the output quadratic,
# and the recursive writer stays far below Python's recursion limit.
_MAX_DEPTH: Final = 16
_INDENT: Final = "    "

# [167s] PN_PREFIX ::= PN_CHARS_BASE ((PN_CHARS | '.')* PN_CHARS)?
_PN_CHARS: Final = char_class(PN_CHARS)
_PN_CHARS_DOT: Final = char_class(PN_CHARS, ".")
_PN_PREFIX_RE: Final = re.compile(f"(?:{char_class(PN_CHARS_BASE)}(?:{_PN_CHARS_DOT}*{_PN_CHARS})?)?")
# [170s] PERCENT ::= '%' HEX HEX
_PERCENT: Final = "%[0-9A-Fa-f]{2}"
# [168s] PN_LOCAL ::= (PN_CHARS_U | ':' | [0-9] | PLX)
#                      ((PN_CHARS | '.' | ':' | PLX)* (PN_CHARS | ':' | PLX))?
# Without PN_LOCAL_ESC: a local part that needs no backslash (the common case).
_LOCAL_FIRST: Final = char_class(PN_CHARS_U, ":0-9")
_LOCAL_MIDDLE: Final = char_class(PN_CHARS, ".:")
_LOCAL_LAST: Final = char_class(PN_CHARS, ":")
_PLAIN_LOCAL_RE: Final = re.compile(
    f"(?:{_LOCAL_FIRST}|{_PERCENT})(?:(?:{_LOCAL_MIDDLE}|{_PERCENT})*(?:{_LOCAL_LAST}|{_PERCENT}))?"
)
_PN_LOCAL_ESC_CHARS: Final = frozenset("_~.-!$&'()*+,;=/?#@%")
_PLX: Final = rf"(?:{_PERCENT}|\\[_~.\-!$&'()*+,;=/?#@%])"
_PN_LOCAL_RE: Final = re.compile(
    f"(?:{_LOCAL_FIRST}|{_PLX})(?:(?:{_LOCAL_MIDDLE}|{_PLX})*(?:{_LOCAL_LAST}|{_PLX}))?"
)
_PN_CHARS_RE: Final = re.compile(_PN_CHARS)
_HEX2_RE: Final = re.compile("[0-9A-Fa-f]{2}")

# Inside a STRING_LITERAL_LONG_QUOTE a line feed stays as it is; other controls are escaped
# so that no tool normalising line ends or stripping controls can change the value.
_LONG_ESC_RE: Final = re.compile("[\x00-\x09\x0b-\x1f\x7f\\\\]")
_LONG_ESC_ASCII_RE: Final = re.compile("[\x00-\x09\x0b-\x1f\x7f\\\\]|[^\x00-\x7f]")


def _escape_long(m: re.Match[str]) -> str:
    # Every character the two patterns above match (a control, DEL, a backslash, non-ASCII)
    # is one that ASCII-only escape_string escapes: spelled exactly as in a short string.
    return escape_string(m.group(), ascii_only=True)


#: Subject -> predicate -> objects, in the order the statements came.
Desc = dict[Node, dict[Node, list[Node]]]
#: Blank node -> the number of statements it is the object of.
Refs = dict[BNode, int]

_BARE: Final = {
    XSD_INTEGER: INTEGER_RE,  # [19] INTEGER
    XSD_DECIMAL: DECIMAL_RE,  # [20] DECIMAL
    XSD_DOUBLE: DOUBLE_RE,  # [21] DOUBLE
}


def write_turtle(
    triples: Iterable[Triple],
    stream: IO[bytes],
    *,
    namespaces: Iterable[tuple[str, str]] = (),
    base: str | None = None,
    sparql_prefixes: bool = False,
    ascii_only: bool = False,
    version: RdfVersion = RdfVersion.RDF11,
    canonical: bool = False,
    work_limit: int | None = None,
) -> None:
    """Write ``triples`` (one graph; duplicates are the caller's to avoid) to ``stream`` as
    UTF-8 Turtle.

    ``namespaces`` are ``(prefix, namespace IRI)`` bindings to use where they make a valid
    prefixed name (one ``@prefix`` line for each one used; bindings Turtle cannot declare are
    skipped). ``base`` adds ``@base`` and writes IRIs relative to it where that is exact;
    ``sparql_prefixes`` writes ``PREFIX``/``BASE`` instead of ``@prefix``/``@base``;
    ``ascii_only`` escapes every non-ASCII character, falling back to ``<IRI>`` where a
    prefixed name would need one. ``version`` is the RDF written: RDF 1.2 (``"1.2"``,
    ``"1.2-basic"``) starts with a version line and writes triple terms, directions,
    annotations and reified triples (see ``write_reifiers``). ``canonical`` labels the blank
    nodes by RDFC-1.0 first, so that isomorphic graphs give the same bytes (see "Canonical
    layout" above). Raises SerializeError for terms Turtle cannot carry,
    ``rdfc10.WorkLimitError`` for a graph too hard to canonicalize within ``work_limit``
    steps (and passes on any error
    ``triples`` raises); nothing is written then.
    """
    if canonical:
        triples = [
            (s, p, o)
            for s, p, o, _ in canonical_statements(
                ((s, p, o, None) for s, p, o in triples), work_limit, version
            )
        ]
    text = TurtleWriter(triples, namespaces, base, sparql_prefixes, ascii_only, version).write()
    stream.write(text.encode("utf-8"))


def index_triples(triples: Iterable[Triple]) -> tuple[Desc, Refs]:
    """One graph as ``subject -> predicate -> objects`` plus how often each blank node is an
    object: the shape the writer walks (and TriG reads to find blank nodes in several graphs)."""
    desc: Desc = {}
    refs: Refs = {}
    for s, p, o in triples:
        props = desc.get(s)
        if props is None:
            props = desc[s] = {}
        objs = props.get(p)
        if objs is None:
            props[p] = [o]
        else:
            objs.append(o)
        if is_bnode(o):
            refs[o] = refs.get(o, 0) + 1
    return desc, refs


def _object_key(term: Node) -> tuple[int, str, str, str]:
    # Stable across processes: built from strings only, never from hashes.
    if isinstance(term, Literal):
        return (1, str(term), str(term.datatype or ""), term.language or "")
    if isinstance(term, BNode):
        return (2, str(term), "", "")
    return (0, str(term), "", "")


def _predicate_key(term: Node) -> tuple[bool, str]:
    return (not (type(term) is URIRef and _same_text(term, RDF_TYPE)), str(term))


def pn_local(local: str, ascii_only: bool = False) -> str | None:
    """``local`` as a PN_LOCAL (PN_LOCAL_ESC where needed, ``%HH`` kept), or None if impossible."""
    if local == "" or _PLAIN_LOCAL_RE.fullmatch(local) is not None:
        return local if not ascii_only or local.isascii() else None
    if ascii_only and not local.isascii():
        return None
    out: list[str] = []
    last = len(local) - 1
    i = 0
    while i <= last:
        c = local[i]
        if c == "%" and _HEX2_RE.fullmatch(local, i + 1, i + 3) is not None:
            out.append(local[i : i + 3])
            i += 3
            continue
        if c == ":" or (c.isdigit() and c.isascii()):
            out.append(c)
        elif c == "_":
            out.append(c)
        elif c == "-":
            out.append("\\-" if i == 0 else c)
        elif c == ".":
            out.append("\\." if i == 0 or i == last else c)
        elif c in _PN_LOCAL_ESC_CHARS:
            out.append("\\" + c)
        elif _PN_CHARS_RE.match(c) is not None:
            out.append(c)  # a PN_CHARS that may not lead (U+00B7, combining marks) fails below
        else:
            return None
        i += 1
    text = "".join(out)
    return text if _PN_LOCAL_RE.fullmatch(text) is not None else None


class TurtleWriter:
    def __init__(
        self,
        triples: Iterable[Triple],
        namespaces: Iterable[tuple[str, str]],
        base: str | None,
        sparql_prefixes: bool,
        ascii_only: bool,
        version: RdfVersion = RdfVersion.RDF11,
    ) -> None:
        self.terms = TermWriter(ascii_only=ascii_only, version=version)
        self.version = version
        self.ascii_only = ascii_only
        self.sparql_prefixes = sparql_prefixes
        if base is not None:
            if has_surrogate(base):
                raise SerializeError("the base IRI holds a lone surrogate", base, None)
            reason = iri_error(base)
            if reason is not None:
                raise SerializeError(f"the base is not an absolute IRI ({reason})", base, None)
        self.base = base
        self.namespaces = self._usable_namespaces(namespaces)
        self.used_prefixes: set[str] = set()
        self.iris: dict[str, str] = {}  # by the IRI's text, as TermWriter's cache (see there)
        self.literals: dict[Literal, str] = {}
        self.out: list[str] = []
        self.level = 0  # of the subject lines: TriG indents its graph blocks by 1
        self.margin = ""
        self.desc: Desc = {}
        self.refs: Refs = {}
        # Blank nodes written as `_:label` blocks even if they are the object of one statement.
        self.labelled: set[BNode] = set()
        self.list_ok: dict[BNode, bool] = {}
        self.deferred: deque[Node] = deque()
        self.reifiers = Reifiers()
        #: ``reifiers.annotations``: empty (one test per object) unless writing RDF 1.2.
        self.annotations: dict[tuple[Node, Node, Node], list[Node]] = {}
        self.load(*index_triples(triples))

    def load(self, desc: Desc, refs: Refs, keep: Iterable[BNode] = ()) -> None:
        """Make ``desc``/``refs`` (from ``index_triples``) the graph the next ``body()`` writes.

        The prefixes, term caches and blank node labels stay: TriG writes several graphs as one
        document. ``keep`` are blank nodes that must keep their ``_:label`` here (they also
        occur in another graph): never ``[ ]``, ``[]`` or part of a ``( )`` list.
        """
        self.desc = desc
        self.refs = refs
        self.labelled = set(keep)
        self.list_ok = {}
        self.deferred = deque()
        self.out = []
        if self.version.triple_terms:
            self.reifiers = plan_reifiers(desc, refs, self.labelled)
            self.annotations = self.reifiers.annotations

    @staticmethod
    def _usable_namespaces(namespaces: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """(namespace, prefix) for each bound namespace Turtle can declare, longest first."""
        best: dict[str, str] = {}
        for prefix, ns in namespaces:
            ns_text = str(ns)
            if _PN_PREFIX_RE.fullmatch(prefix) is None:
                continue  # rdflib lets "1ex" or "ex." be bound; neither is a PN_PREFIX
            if has_surrogate(ns_text) or iri_error(ns_text) is not None:
                continue
            old = best.get(ns_text)
            if old is None or prefix < old:
                best[ns_text] = prefix
        return sorted(best.items(), key=lambda item: (-len(item[0]), item[0]))

    # --- terms ---------------------------------------------------------------------------

    def iri(self, term: URIRef, st: Quoted | None) -> str:
        key = str(term)
        text = self.iris.get(key)
        if text is None:
            text = self.iris[key] = self._spell_iri(term, st)
        return text

    def _spell_iri(self, term: URIRef, st: Quoted | None) -> str:
        body = self.terms.checked_iri(term, st)
        iri = str(term)
        for ns, prefix in self.namespaces:
            if iri.startswith(ns):
                local = pn_local(iri[len(ns) :], self.ascii_only)
                if local is not None and (not self.ascii_only or prefix.isascii()):
                    self.used_prefixes.add(prefix)
                    return prefix + ":" + local
        if self.base is not None:
            ref = relativize(iri, self.base)
            # A network-path reference ("//host/x") is exact but reads worse than the IRI.
            if ref is not None and not ref.startswith("//"):
                return "<" + escape_iri(ref, self.ascii_only) + ">"
        return "<" + body + ">"

    def literal(self, term: Literal, st: Quoted | None) -> str:
        text = self.literals.get(term)
        if text is None:
            text = self.literals[term] = self._spell_literal(term, st)
        return text

    def _spell_literal(self, term: Literal, st: Quoted | None, long: bool = True) -> str:
        quoted = self.terms.literal(term, st)  # checks surrogates, language tag, datatype IRI
        lexical = str(term)
        datatype = term.datatype
        if term.language is None and datatype is not None:
            production = _BARE.get(datatype)
            if production is not None and production.fullmatch(lexical) is not None:
                return lexical
            if datatype == XSD_BOOLEAN and lexical in ("true", "false"):  # [133s] BooleanLiteral
                return lexical
        if long and "\n" in lexical and not lexical.endswith('"'):
            pattern = _LONG_ESC_ASCII_RE if self.ascii_only else _LONG_ESC_RE
            body = pattern.sub(_escape_long, lexical).replace('"""', '""\\"')
            string = '"""' + body + '"""'
        elif term.language is None and datatype is not None:
            string = quoted[: len(quoted) - len(self.terms.iri(datatype, st)) - 2]
        else:
            return quoted  # "..." or "..."@lang, exactly as N-Triples spells it
        if term.language is not None:
            return string + quoted[quoted.rindex('"') + 1 :]  # "@lang", "@lang--dir"
        if datatype is not None and datatype != RDF_LANGSTRING:
            return string + "^^" + self.iri(datatype, st)
        return string

    def node(self, term: Node, st: Quoted) -> str:
        """A subject or object that is not written in place (no ``[ ]`` or ``( )`` form)."""
        if isinstance(term, URIRef):
            return "()" if type(term) is URIRef and _same_text(term, RDF_NIL) else self.iri(term, st)
        if isinstance(term, BNode):
            return self.terms.bnode(term)
        if isinstance(term, Literal):
            return self.literal(term, st)
        if is_triple_term(term):
            return self.triple_term(term, st)
        return self.terms.object(term, st)  # raises: not an RDF term

    def _tt_part(self, term: Node, st: Quoted) -> str:
        """A part of a triple term or reified triple: no ``()`` (no list there), no ``[]``."""
        if isinstance(term, URIRef):
            return self.iri(term, st)
        if isinstance(term, BNode):
            return self.terms.bnode(term)
        if isinstance(term, Literal):
            text = self.literal(term, st)
            # A long string is Turtle 1.2's there too, but pyoxigraph 0.5 refuses one.
            return self._spell_literal(term, st, long=False) if text.startswith('"""') else text
        return self.terms.object(term, st)  # raises: not an RDF term

    def triple_term(self, term: TripleTerm, st: Quoted) -> str:
        """``<<( s p o )>>`` with prefixed names; nested through the objects in a loop."""
        self.terms.check_triple_term(term, st)
        opened: list[str] = []
        t: Node = term
        while is_triple_term(t):
            opened.append(f"<<( {self._tt_part(t.subject, st)} {self._tt_part(t.predicate, st)} ")
            t = t.object
        return "".join(opened) + self._tt_part(t, st) + " )>>" * len(opened)

    def reified_triple(self, r: Node, t: TripleTerm, st: Quoted) -> str:
        """``<< s p o ~ r >>`` (``<< s p o >>`` for a reifier written nowhere else)."""
        obj = t.object
        text = self.triple_term(obj, st) if is_triple_term(obj) else self._tt_part(obj, st)
        inner = f"<< {self._tt_part(t.subject, st)} {self._tt_part(t.predicate, st)} {text}"
        if r in self.reifiers.anonymous or r in self.reifiers.in_place:
            return inner + " >>"
        return inner + " ~ " + self._tt_part(r, st) + " >>"

    # --- structure -----------------------------------------------------------------------

    def _inline(self, term: BNode) -> bool:
        return self.refs.get(term) == 1 and term not in self.labelled

    def _mark_cycles(self, roots: list[Node]) -> list[BNode]:
        """Label one node of every cycle that no root reaches; return those nodes, sorted."""
        desc = self.desc
        seen: set[Node] = set()

        def cover(start: Node) -> None:
            stack = [start]
            seen.add(start)
            while stack:
                props = desc.get(stack.pop())
                if props is None:
                    continue
                for objs in props.values():
                    for o in objs:
                        if is_bnode(o) and o not in seen and self._inline(o):
                            seen.add(o)
                            stack.append(o)

        for root in roots:
            cover(root)
        entries: list[BNode] = []
        for s in sorted((s for s in desc if is_bnode(s) and s not in seen), key=str):
            if s not in seen:
                self.labelled.add(s)
                entries.append(s)
                cover(s)
        return entries

    def _is_collection(self, head: BNode) -> bool:
        """Whether ``head`` starts a well-formed list that can be written as ``( ... )``."""
        known = self.list_ok.get(head)
        if known is not None:
            return known
        desc = self.desc
        # No cycle check: a cell is inlined only if it is referenced once, so a cycle reached from
        # outside has a cell referenced twice, and one that is not is written from a labelled root.
        chain: list[BNode] = []
        node: Node = head
        ok = False
        while True:
            if not is_bnode(node):
                ok = node == RDF_NIL
                break
            known = self.list_ok.get(node)
            if known is not None:
                ok = known
                break
            props = desc.get(node)
            if (
                props is None
                or len(props) != 2
                or not self._inline(node)
                or len(props.get(RDF_FIRST, ())) != 1
                or len(props.get(RDF_REST, ())) != 1
                or (self.annotations and node in self.reifiers.anchors)
            ):
                break
            chain.append(node)
            node = props[RDF_REST][0]
        for cell in chain:
            self.list_ok[cell] = ok
        if not chain:
            self.list_ok[head] = ok
        return ok

    def write(self) -> str:
        body = self.body()
        return self.header() + body  # after the body: it records the prefixes used

    def body(self, level: int = 0) -> str:
        """The loaded graph's subject blocks, each line indented ``level`` steps (TriG: 1)."""
        self.level = level
        self.margin = _INDENT * level
        desc = self.desc
        inside = {r for rs in self.annotations.values() for r in rs} if self.annotations else ()
        iri_subjects = sorted((s for s in desc if not is_bnode(s) and s not in inside), key=str)
        bnode_tops = [b for b in desc if is_bnode(b) and self.refs.get(b, 0) != 1 and b not in inside]
        self.labelled.update(b for b in bnode_tops if b in self.refs)
        # Annotated reifiers are roots too: what they hold inline is written with them.
        roots = [*iri_subjects, *bnode_tops, *(r for r in inside if r in desc)]
        entries = self._mark_cycles(roots)
        tops: list[Node] = [*iri_subjects, *sorted([*bnode_tops, *entries], key=str)]
        out = self.out
        for i, s in enumerate(tops):
            self._block(s)
            while self.deferred:
                self._block(self.deferred.popleft())
            if not i & 1023:  # bounded, as the line writers' are: a term's text never changes
                trim_caches(self.iris, self.literals)
                self.terms.trim()
        return "".join(out)

    def header(self) -> str:
        """The ``@base`` and ``@prefix`` lines (``BASE``/``PREFIX``) for the prefixes used so far."""
        lines: list[str] = []
        esc = self.ascii_only
        if self.version.rdf12:
            # The form the prefix lines take: both are RDF 1.2 Turtle's, and read alike.
            version = self.version.value
            lines.append(f'VERSION "{version}"\n' if self.sparql_prefixes else f'@version "{version}" .\n')
        if self.base is not None:
            base = escape_iri(self.base, esc)
            lines.append(f"BASE <{base}>\n" if self.sparql_prefixes else f"@base <{base}> .\n")
        by_prefix = {prefix: ns for ns, prefix in self.namespaces}
        for prefix in sorted(self.used_prefixes):
            ns = escape_iri(by_prefix[prefix], esc)
            if self.sparql_prefixes:
                lines.append(f"PREFIX {prefix}: <{ns}>\n")
            else:
                lines.append(f"@prefix {prefix}: <{ns}> .\n")
        if lines:
            lines.append("\n")
        return "".join(lines)

    def _block(self, s: Node) -> None:
        out = self.out
        if out:
            out.append("\n")
        props = self.desc[s]
        if self.margin:
            out.append(self.margin)
        reified = self.reifiers.reified.get(s) if self.reifiers.reified else None
        if reified is not None:
            out.append(self.reified_triple(s, reified, (s, RDF_REIFIES, reified)))
            if not props:
                out.append(" .\n")  # `<< s p o ~ r >> .`: the reifier and nothing else
                return
        else:
            first_p = next(iter(props))
            st = (s, first_p, props[first_p][0])
            if is_bnode(s):
                never_named = s not in self.refs and s not in self.labelled
                out.append("[]" if never_named else self.terms.bnode(s))
            elif isinstance(s, URIRef):
                out.append("()" if type(s) is URIRef and _same_text(s, RDF_NIL) else self.iri(s, st))
            else:
                self.terms.subject(s, st)  # raises: a literal (or other) subject
        out.append(" ")
        self._predicate_objects(s, props, self.level + 1, 0)
        out.append(" .\n")

    def _predicate_objects(self, s: Node, props: dict[Node, list[Node]], level: int, depth: int) -> None:
        out = self.out
        sep = " ;\n" + _INDENT * level
        preds = sorted(props, key=_predicate_key) if len(props) > 1 else props
        annotations = self.annotations
        first = True
        for p in preds:
            objs = props[p]
            if first:
                first = False
            else:
                out.append(sep)
            if type(p) is URIRef and _same_text(p, RDF_TYPE):
                out.append("a ")
            elif isinstance(p, URIRef):
                out.append(self.iri(p, (s, p, objs[0])))
                out.append(" ")
            else:
                self.terms.predicate(p, (s, p, objs[0]))  # raises
            if len(objs) > 1:
                objs = sorted(objs, key=_object_key)
            for i, o in enumerate(objs):
                if i:
                    out.append(", ")
                self._object(o, s, p, level, depth)
                if annotations:
                    reifiers = annotations.get((s, p, o))
                    if reifiers is not None:
                        self._annotation(reifiers, level, depth)

    def _annotation(self, reifiers: list[Node], level: int, depth: int) -> None:
        """`` {| ... |}`` for each anonymous reifier, then `` ~ r`` (and its block) for each other."""
        out = self.out
        desc = self.desc
        for r in reifiers:
            props = desc.get(r)
            # Too deep for a block: `~ r` here and r's statements in a block of their own,
            # as a deep `[ ]` is cut.
            cut = props is not None and depth >= _MAX_DEPTH
            if cut and is_bnode(r):
                self.reifiers.anonymous.discard(r)
                self.labelled.add(r)
            if r not in self.reifiers.anonymous:
                out.append(" ~ ")
                out.append(self._tt_part(r, (r, RDF_REIFIES, self.reifiers.reifies[r])))
            if props is None:
                continue
            if cut:
                self.deferred.append(r)
                continue
            if len(props) == 1 and self._one_line(r, props):
                out.append(" {| ")
                self._predicate_objects(r, props, level + 1, depth + 1)
                out.append(" |}")
            else:
                out.append(" {|\n" + _INDENT * (level + 1))
                self._predicate_objects(r, props, level + 1, depth + 1)
                out.append("\n" + _INDENT * level + "|}")

    def _one_line(self, r: Node, props: dict[Node, list[Node]]) -> bool:
        """Whether a block's one statement fits its line: no ``[ ]``, list or annotation in it."""
        ((p, objs),) = props.items()
        if len(objs) != 1:
            return False
        o = objs[0]
        in_brackets = is_bnode(o) and self._inline(o) and o not in self.reifiers.in_place
        return not in_brackets and (r, p, o) not in self.annotations

    def _object(self, o: Node, s: Node, p: Node, level: int, depth: int) -> None:
        out = self.out
        if not is_bnode(o):
            if is_literal(o):
                text = self.literals.get(o)
                out.append(text if text is not None else self.literal(o, (s, p, o)))
            else:
                out.append(self.node(o, (s, p, o)))
            return
        if not self._inline(o):
            out.append(self.terms.bnode(o))
            return
        props = self.desc.get(o)
        if props is None:
            reified = self.reifiers.in_place.get(o) if self.reifiers.in_place else None
            out.append(
                "[]" if reified is None else self.reified_triple(o, reified, (o, RDF_REIFIES, reified))
            )
            return
        if depth >= _MAX_DEPTH:
            self.labelled.add(o)
            self.deferred.append(o)
            out.append(self.terms.bnode(o))
            return
        if self._is_collection(o):
            self._collection(o, level, depth + 1)
            return
        out.append("[\n" + _INDENT * (level + 1))
        self._predicate_objects(o, props, level + 1, depth + 1)
        out.append("\n" + _INDENT * level + "]")

    def _collection(self, head: BNode, level: int, depth: int) -> None:
        out = self.out
        desc = self.desc
        out.append("(")
        node: Node = head
        while node != RDF_NIL:
            props = desc[node]
            out.append(" ")
            self._object(props[RDF_FIRST][0], node, RDF_FIRST, level, depth)
            node = props[RDF_REST][0]
        out.append(" )")
