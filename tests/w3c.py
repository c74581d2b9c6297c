"""Helpers for the W3C rdf-tests harness and for round-trip tests.

- locating the rdf-tests checkout (``RDF_TESTS_DIR`` or ``<repo>/../shared/rdf-tests``);
- reading ``manifest.ttl`` files into :class:`W3CTest` cases (entry order preserved);
- detecting RDF 1.2 syntax in a document (used to exclude c14n entries at collection);
- :func:`oxigraph_graph`: an independent reference parse (pyoxigraph) as rdflib terms
  with exact lexical forms;
- :func:`isomorphic_quads`: an exact blank-node isomorphism test of two quad sets;
- :func:`assert_same_graph`: isomorphism plus a literal multiset check, with a readable diff.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pyoxigraph as ox
from locations import RDF_TESTS_MISSING, find_rdf_tests_dir, repo_root
from rdflib import RDF, BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.term import Node

from rdflib_strict import DirLangLiteral, TripleTerm
from rdflib_strict.formats.terms import exact_literal, is_bnode, is_literal, is_triple_term

__all__ = [
    "MANIFESTS",
    "RDFT",
    "RDF_TESTS_MISSING",
    "SYNTAX_BAD",
    "W3CTest",
    "assert_same_graph",
    "default_graph",
    "find_rdf_tests_dir",
    "isomorphic_quads",
    "literal_multiset",
    "load_canon_manifest",
    "load_manifest",
    "oxigraph_graph",
    "parsed",
    "rdf12_syntax_features",
    "repo_root",
    "same_graph",
    "statements",
    "to_ntriples_lines",
]

#: The manifest entry types whose document must be rejected.
SYNTAX_BAD = {
    "TestNTriplesNegativeSyntax",
    "TestNQuadsNegativeSyntax",
    "TestTurtleNegativeSyntax",
    "TestTurtleNegativeEval",
    "TestTrigNegativeSyntax",
    "TestTrigNegativeEval",
}
MF = Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
RDFT = Namespace("http://www.w3.org/ns/rdftest#")
RDFC = Namespace("https://w3c.github.io/rdf-canon/tests/vocab#")
XSD_STRING = URIRef("http://www.w3.org/2001/XMLSchema#string")
RDF_LANGSTRING = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#langString")

#: Base of ``mf:assumedTestBase``: a manifest at ``<path>`` has base ``ASSUMED_BASE + path + "/"``.
ASSUMED_BASE = "https://w3c.github.io/rdf-tests/"

#: Base IRI of the rdf-canon suite's manifest (``tests/manifest.ttl`` in w3c/rdf-canon).
CANON_BASE = "https://w3c.github.io/rdf-canon/tests/"

#: Manifests run by ``test_w3c.py``: test-id prefix -> path relative to the rdf-tests root.
MANIFESTS: dict[str, str] = {
    "rdf11-nt": "rdf/rdf11/rdf-n-triples",
    "rdf11-nq": "rdf/rdf11/rdf-n-quads",
    "rdf11-turtle": "rdf/rdf11/rdf-turtle",
    "rdf11-trig": "rdf/rdf11/rdf-trig",
    "rdf12-nt": "rdf/rdf12/rdf-n-triples",
    "rdf12-nq": "rdf/rdf12/rdf-n-quads",
    "rdf12-turtle": "rdf/rdf12/rdf-turtle",
    "rdf12-trig": "rdf/rdf12/rdf-trig",
}


G = TypeVar("G", bound=Graph)


def parsed(container: G, *args: Any, **kwargs: Any) -> G:
    """``container.parse(...)``, returning the container itself.

    ``Dataset.parse`` returns the Dataset since rdflib 7.1 but its default graph in 7.0
    (rdflib's behaviour, the same for every parser plugin), so tests never chain on it.
    """
    container.parse(*args, **kwargs)
    return container


def default_graph(ds: Dataset) -> Graph:
    """A Dataset's default graph (``default_graph`` since rdflib 7.1, ``default_context`` in 7.0)."""
    graph = getattr(ds, "default_graph", None)
    return graph if isinstance(graph, Graph) else ds.default_context


# --------------------------------------------------------------------------------------------
# Manifests


@dataclass(frozen=True)
class W3CTest:
    """One manifest entry."""

    id: str  # "<manifest prefix>/<entry name>", e.g. "rdf11-nt/nt-syntax-bad-uri-01"; an entry of
    # an included manifest names it: "rdf12-nt/c14n/dirlangtagged_string", "rdf12-nt/rdf11/..."
    manifest: str  # manifest prefix, e.g. "rdf11-nt"
    kind: str  # local name in the rdft: namespace, e.g. "TestNTriplesPositiveSyntax"
    name: str  # mf:name
    action: Path  # local file
    action_iri: str  # action IRI under the assumed test base (publicID when parsing)
    result: Path | None  # local mf:result file, if any
    hash_algorithm: str | None = None  # rdfc:hashAlgorithm (rdf-canon entries), e.g. "SHA384"
    suite: str = ""  # the manifest that lists the entry (another one may include it)
    iri: str = ""  # the entry's IRI, as EARL reports name the test (earl:test)


def _local_path(text: str, base: str, directory: Path) -> Path:
    """Map an IRI under the manifest's assumed base back to a file in ``directory``."""
    if not text.startswith(base):
        raise ValueError(f"{text} is not under the assumed test base {base}")
    return directory / text[len(base) :]


def load_manifest(rdf_tests: Path, prefix: str) -> list[W3CTest]:
    """Read ``<rdf_tests>/<MANIFESTS[prefix]>/manifest.ttl``; entries in ``mf:entries`` order.

    The manifest is read by pyoxigraph (an independent parser, and a tenth of the time of
    rdflib's, at every collection) with the assumed test base as base IRI, so action IRIs come
    out under that base. Read once a process: several test modules parametrize over the same
    manifests at collection (nine reads of six manifests); each call gets a list of its own.
    """
    return list(_load_manifest(rdf_tests, prefix))


@functools.cache
def _load_manifest(rdf_tests: Path, prefix: str) -> tuple[W3CTest, ...]:
    rel = MANIFESTS[prefix]
    return _read_manifest(rdf_tests, rel, f"{ASSUMED_BASE}{rel}/", prefix, RDFT)


def load_canon_manifest(rdf_canon: Path) -> list[W3CTest]:
    """Read the W3C rdf-canon suite's ``<rdf_canon>/tests/manifest.ttl`` (as ``load_manifest``
    reads the RDF suites; test types in the ``rdfc:`` namespace, ids ``rdfc10/<entry>``)."""
    return list(_read_manifest(rdf_canon, "tests", CANON_BASE, "rdfc10", RDFC))


def _read_manifest(root: Path, rel: str, base: str, prefix: str, kinds: Namespace) -> tuple[W3CTest, ...]:
    """The entries of the manifest in ``root / rel`` (test types in ``kinds``): those of the
    manifests it includes (``mf:include``, in order: the RDF 1.2 manifests include their c14n
    and syntax suites and the RDF 1.1 suite), then its own ``mf:entries``."""
    # Walked as pyoxigraph gives it, subject -> predicate IRI -> objects, with no rdflib Graph
    # in between: building one took two thirds of the ~0.2 s each collecting process spent.
    directory = root / rel
    desc: dict[Any, dict[str, list[Any]]] = {}
    for q in ox.parse(path=directory / "manifest.ttl", format=ox.RdfFormat.TURTLE, base_iri=base):
        desc.setdefault(q.subject, {}).setdefault(q.predicate.value, []).append(q.object)

    def value(subject: Any, predicate: URIRef) -> Any:
        objects = desc.get(subject, {}).get(str(predicate), [])
        if len(objects) > 1:
            raise ValueError(f"{rel}: {subject} has {len(objects)} values of {predicate}")
        return objects[0] if objects else None

    rdf_type, manifest_class, nil = str(RDF.type), ox.NamedNode(str(MF.Manifest)), ox.NamedNode(str(RDF.nil))
    manifests = [s for s, props in desc.items() if manifest_class in props.get(rdf_type, [])]
    if len(manifests) != 1:
        raise ValueError(f"{rel}: expected one mf:Manifest, found {len(manifests)}")
    manifest = manifests[0]
    declared = value(manifest, MF.assumedTestBase)
    if declared is not None and declared.value != base:
        raise ValueError(f"{rel}: mf:assumedTestBase is {declared.value}, expected {base}")
    tests: list[W3CTest] = []
    cell = value(manifest, MF.include)
    while cell is not None and cell != nil:
        included = value(cell, RDF.first).value
        if not (included.startswith(ASSUMED_BASE) and included.endswith("/manifest.ttl")):
            raise ValueError(f"{rel}: included manifest {included} is not under {ASSUMED_BASE}")
        inner = included[len(ASSUMED_BASE) : -len("/manifest.ttl")]
        # Entry names repeat across suites: an included one's id names its suite, by its folder
        # below this manifest's ("c14n", "syntax"), else by its RDF version ("rdf11").
        tail = inner[len(rel) + 1 :] if inner.startswith(rel + "/") else inner.split("/")[1]
        tests += _read_manifest(root, inner, f"{ASSUMED_BASE}{inner}/", f"{prefix}/{tail}", kinds)
        cell = value(cell, RDF.rest)
    cell = value(manifest, MF.entries)
    if cell is None and not tests:
        raise ValueError(f"{rel}: manifest has no mf:entries")
    while cell is not None and cell != nil:
        entry = value(cell, RDF.first)
        if entry is None:
            raise ValueError(f"{rel}: mf:entries is not a well-formed list")
        cell = value(cell, RDF.rest)
        entry_iri = entry.value
        name = entry_iri.rpartition("#")[2] if "#" in entry_iri else entry_iri.rpartition("/")[2]
        types = [t.value for t in desc.get(entry, {}).get(rdf_type, []) if t.value.startswith(str(kinds))]
        if len(types) != 1:
            raise ValueError(f"{rel}: entry {entry_iri} has test types {types}")
        action = value(entry, MF.action)
        if action is None:
            raise ValueError(f"{rel}: entry {entry_iri} has no mf:action")
        result = value(entry, MF.result)
        label = value(entry, MF.name)
        algorithm = value(entry, RDFC.hashAlgorithm)
        tests.append(
            W3CTest(
                id=f"{prefix}/{name}",
                manifest=prefix.partition("/")[0],
                kind=types[0][len(str(kinds)) :],
                name=name if label is None else label.value,
                action=_local_path(action.value, base, directory),
                action_iri=action.value,
                result=None if result is None else _local_path(result.value, base, directory),
                hash_algorithm=None if algorithm is None else algorithm.value,
                suite=rel,
                iri=entry_iri,
            )
        )
    return tuple(tests)


# --------------------------------------------------------------------------------------------
# RDF 1.2 syntax detection

_RDF12_PATTERNS: dict[str, re.Pattern[str]] = {
    "triple term / reified triple '<<'": re.compile(r"<<"),
    "reifier '~'": re.compile(r"~"),
    "annotation '{|'": re.compile(r"\{\|"),
    "base direction '--ltr'/'--rtl'": re.compile(r"@[A-Za-z0-9-]*--(?:ltr|rtl)\b", re.I),
    "VERSION directive": re.compile(r"(?:^|[\s.])@?version\b", re.I | re.M),
}


def _strip_lexical(text: str) -> str:
    """Blank out comments, IRIs and string contents so only syntax is left.

    ``<<`` is kept (IRIs cannot contain ``<``), every ``<...>`` becomes ``<>``, every
    string (short or long, single or double quoted) becomes ``""``, comments and Turtle
    local-name escapes (``\\~``) are dropped.
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\":  # Turtle local-name escape such as ``\~`` or ``\#``
            i += 2
        elif c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "<":
            if text.startswith("<<", i):
                out.append("<<")
                i += 2
                continue
            j = text.find(">", i + 1)
            out.append("<>")
            i = n if j < 0 else j + 1
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                i += 2 if text[i] == "\\" else 1
            i += len(quote)
            out.append('""')
        else:
            out.append(c)
            i += 1
    return "".join(out)


def rdf12_syntax_features(path: Path) -> list[str]:
    """Names of RDF 1.2-only constructs used in the document (empty for RDF 1.1 syntax).

    Detects triple terms and reified triples (``<<``), reifiers (``~``), annotations
    (``{|``), base direction (``@lang--ltr``/``--rtl``) and the ``VERSION`` directive, looking
    only outside IRIs, strings and comments (so ``~`` inside an IRI is not a false positive).
    """
    syntax = _strip_lexical(path.read_text(encoding="utf-8"))
    return [label for label, pattern in _RDF12_PATTERNS.items() if pattern.search(syntax)]


# --------------------------------------------------------------------------------------------
# Reference parsing with pyoxigraph

_OX_FORMATS: dict[str, ox.RdfFormat] = {
    "nt": ox.RdfFormat.N_TRIPLES,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "n-triples": ox.RdfFormat.N_TRIPLES,
    "nq": ox.RdfFormat.N_QUADS,
    "nquads": ox.RdfFormat.N_QUADS,
    "n-quads": ox.RdfFormat.N_QUADS,
    "ttl": ox.RdfFormat.TURTLE,
    "turtle": ox.RdfFormat.TURTLE,
    "trig": ox.RdfFormat.TRIG,
}
_QUAD_FORMATS = (ox.RdfFormat.N_QUADS, ox.RdfFormat.TRIG)


class _TermConverter:
    """pyoxigraph -> rdflib terms; one instance per document so blank nodes stay shared."""

    def __init__(self) -> None:
        self.bnodes: dict[str, BNode] = {}

    def __call__(self, term: object) -> Node:
        if isinstance(term, ox.NamedNode):
            return URIRef(term.value)
        if isinstance(term, ox.BlankNode):
            if term.value not in self.bnodes:
                self.bnodes[term.value] = BNode()
            return self.bnodes[term.value]
        if isinstance(term, ox.Triple):
            return TripleTerm(self(term.subject), self(term.predicate), self(term.object))
        if isinstance(term, ox.Literal):
            if term.direction:
                return DirLangLiteral(term.value, lang=term.language, direction=str(term.direction))
            if term.language:
                return Literal(term.value, lang=term.language)
            if term.datatype.value == str(XSD_STRING):
                return Literal(term.value)
            # Not Literal(..., normalize=False): rdflib rewrites xsd:token/normalizedString
            # whitespace even then. exact_literal is pinned against the constructor in
            # test_terms.py for every other datatype.
            return exact_literal(term.value, URIRef(term.datatype.value), None)
        raise ValueError(f"unsupported term for rdflib: {term!r}")


def oxigraph_graph(
    source: str | os.PathLike[str] | bytes,
    fmt: str | ox.RdfFormat,
    base_iri: str | None = None,
) -> Graph:
    """Parse ``source`` (a path, or the document's bytes) with pyoxigraph (an independent
    strict parser) into rdflib terms.

    ``fmt`` is an :class:`pyoxigraph.RdfFormat` or a name (``nt``, ``nq``, ``ttl``, ...).
    Lexical forms are kept exactly: ``Literal(v, lang=l)`` for language-tagged strings
    (oxigraph lowercases tags), ``Literal(v)`` (no datatype) for xsd:string, otherwise
    ``Literal(v, datatype=dt, normalize=False)``. Blank nodes become fresh rdflib BNodes,
    one per label. Returns a :class:`Graph` for triple formats and a :class:`Dataset`
    (default graph + named graphs) for N-Quads/TriG.
    """
    rdf_format = fmt if isinstance(fmt, ox.RdfFormat) else _OX_FORMATS[fmt.lower()]
    conv = _TermConverter()
    if isinstance(source, bytes):
        quads = ox.parse(input=source, format=rdf_format, base_iri=base_iri)
    else:
        quads = ox.parse(path=source, format=rdf_format, base_iri=base_iri)
    if rdf_format in _QUAD_FORMATS:
        ds = Dataset()
        for q in quads:
            triple = (conv(q.subject), conv(q.predicate), conv(q.object))
            if isinstance(q.graph_name, ox.DefaultGraph):
                default_graph(ds).add(triple)  # type: ignore[arg-type]
            else:
                ds.graph(conv(q.graph_name)).add(triple)  # type: ignore[arg-type]
        return ds
    g = Graph()
    for q in quads:
        g.add((conv(q.subject), conv(q.predicate), conv(q.object)))  # type: ignore[arg-type]
    return g


# --------------------------------------------------------------------------------------------
# Comparison

Quad = tuple[Node, Node, Node, Node | None]


def _quads(graph: Graph) -> Iterator[Quad]:
    """Every statement as ``(s, p, o, g)``; ``g`` is None for a plain Graph / the default graph."""
    if isinstance(graph, Dataset):
        default_id = default_graph(graph).identifier
        for s, p, o, g in graph.quads((None, None, None, None)):
            gid = g.identifier if isinstance(g, Graph) else g
            yield s, p, o, (None if gid is None or gid == default_id else gid)
    else:
        for s, p, o in graph:
            yield s, p, o, None


def _plain_string(term: Node) -> Node:
    if is_literal(term) and term.datatype == XSD_STRING:
        return Literal(str(term))
    if is_triple_term(term):
        return TripleTerm(term.subject, term.predicate, _plain_string(term.object))
    return term


def statements(graph: Graph, *, xsd_string_as_plain: bool = False) -> set[Quad]:
    """The graph's statements as a set of ``(s, p, o, g)`` (``g`` None for the default graph).

    With ``xsd_string_as_plain``, every ``"v"^^xsd:string`` becomes the simple literal ``"v"``
    (so a statement written both ways is one statement, as in RDF 1.1).
    """
    if not xsd_string_as_plain:
        return set(_quads(graph))
    return {(_plain_string(s), p, _plain_string(o), g) for s, p, o, g in _quads(graph)}


def _literals(quads: Iterable[Quad]) -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    for quad in quads:
        for term in quad:
            if is_literal(term):
                tag = (term.language or "").lower()
                direction = getattr(term, "direction", None)
                found.append(
                    (str(term), str(term.datatype or ""), tag + "--" + direction if direction else tag)
                )
    return sorted(found)


#: Where ``_unnested`` puts the parts of a triple term that holds a blank node.
_PARTS = URIRef("urn:x-rdflib-strict-tests:triple-term-parts")
_PART = (URIRef(f"{_PARTS}#subject"), URIRef(f"{_PARTS}#predicate"), URIRef(f"{_PARTS}#object"))


def _holds_bnode(term: TripleTerm) -> bool:
    node: Node = term
    while is_triple_term(node):
        if is_bnode(node.subject):
            return True
        node = node.object
    return is_bnode(node)


def _unnested(quads: Iterable[Quad]) -> set[Quad]:
    """``quads`` with each triple term that holds a blank node replaced by a blank node of its
    own, whose parts are statements in a graph of their own (``_PARTS``): two quad sets are
    isomorphic exactly when these are, so blank nodes inside triple terms are matched as the
    others are. A triple term without blank nodes stays, compared by equality."""
    out: set[Quad] = set()
    stand_ins: dict[TripleTerm, BNode] = {}

    def term(t: Node) -> Node:
        if not is_triple_term(t) or not _holds_bnode(t):
            return t
        node = stand_ins.get(t)
        if node is None:
            node = stand_ins[t] = BNode()
            for part, value in zip(_PART, (t.subject, t.predicate, t.object), strict=True):
                out.add((node, part, term(value), _PARTS))
        return node

    for s, p, o, g in quads:
        out.add((term(s), p, term(o), g))
    return out


def literal_multiset(graph: Graph) -> list[tuple[str, str, str]]:
    """Sorted ``(lexical form, datatype, lowercased lang)`` of every literal occurrence.

    Catches lexical-form differences (``"01"`` vs ``"1"``) that term equality could hide.
    Language tags are case-insensitive in RDF, so they are compared lowercased.
    """
    return _literals(_quads(graph))


def _nt(term: Node | None) -> str:
    return "" if term is None else term.n3()


def _lines(quads: Iterable[Quad]) -> list[str]:
    return sorted(
        f"{_nt(s)} {_nt(p)} {_nt(o)} {_nt(g) + ' ' if g is not None else ''}." for s, p, o, g in quads
    )


def to_ntriples_lines(graph: Graph) -> list[str]:
    """Sorted N-Triples/N-Quads lines (rdflib's ``n3()`` term syntax) for diagnostics."""
    return _lines(_quads(graph))


def _has_bnode(quad: Quad) -> bool:
    # Not isinstance: rdflib's terms are ABCs, and a failing isinstance check costs ten times
    # is_bnode's dict lookup; the comparisons ask this millions of times a run.
    return is_bnode(quad[0]) or is_bnode(quad[2]) or is_bnode(quad[3]) or is_bnode(quad[1])


def isomorphic_quads(actual: Iterable[Quad], expected: Iterable[Quad]) -> bool:
    """True when a bijection between the blank nodes maps one quad set exactly onto the other.

    Statements without blank nodes must be equal as sets; a Graph is a quad set whose graph
    names are all None. For the rest, blank nodes are coloured by iterated refinement (a node's
    colour hashes its previous colour and the statements it occurs in, with blank nodes replaced
    by their colours); colours are isomorphism invariants, so an isomorphism maps each node to
    one of the same colour, and a hash collision only merges colours. While a colour is shared
    by several nodes, one of them is fixed in turn to each candidate of that colour on the other
    side (individualisation, as in nauty and rdflib's own canonicaliser); once every colour is
    unique the one candidate bijection is checked statement by statement. Exact both ways:
    True means a bijection was checked, False that none exists. Each round is linear in the
    statements, where rdflib's ``isomorphic`` rebuilds and rehashes whole graphs, so this is
    cheap enough for every hypothesis example.
    """
    a, e = _unnested(actual), _unnested(expected)
    if len(a) != len(e):
        return False
    ground_a = {q for q in a if not _has_bnode(q)}
    if ground_a != {q for q in e if not _has_bnode(q)}:
        return False
    side_a, side_e = _Side([q for q in a if q not in ground_a]), _Side([q for q in e if q not in ground_a])
    if len(side_a.nodes) != len(side_e.nodes):
        return False
    return _match(side_a, side_e, [0] * len(side_a.nodes), [0] * len(side_e.nodes))


class _Side:
    """One quad set prepared for refinement: its blank nodes numbered, and each statement as the
    hash of its other terms and where its blank nodes stand, with its (position, node) slots."""

    def __init__(self, quads: list[Quad]) -> None:
        self.quads = quads
        self.nodes: list[BNode] = []
        number: dict[BNode, int] = {}
        self.statements: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        for quad in quads:
            slots = []
            for pos, t in enumerate(quad):
                if is_bnode(t):
                    if t not in number:
                        number[t] = len(self.nodes)
                        self.nodes.append(t)
                    slots.append((pos, number[t]))
            # A blank node stands as the first position it holds in the statement, so that
            # `_:a p _:a` and `_:a p _:b` differ even when _:a and _:b share a colour.
            pattern = tuple(quad.index(t) if is_bnode(t) else t for t in quad)
            self.statements.append((hash(pattern), tuple(slots)))

    def refine(self, colour: list[int]) -> list[int]:
        """One round: each node's new colour hashes its colour and its statements' shapes."""
        seen: list[list[int]] = [[] for _ in colour]
        for pattern, slots in self.statements:
            shape = hash((pattern, tuple([colour[node] for _, node in slots])))
            for pos, node in slots:
                seen[node].append(hash((pos, shape)))
        return [hash((c, tuple(sorted(found)))) for c, found in zip(colour, seen, strict=True)]


def _match(side_a: _Side, side_e: _Side, colour_a: list[int], colour_e: list[int]) -> bool:
    # Refine both sides in step until no colour class splits; stop as soon as they differ.
    classes = -1
    while True:
        if Counter(colour_a) != Counter(colour_e):
            return False
        if len(set(colour_a)) == classes:
            break
        classes = len(set(colour_a))
        colour_a, colour_e = side_a.refine(colour_a), side_e.refine(colour_e)
    members_a: dict[int, list[int]] = {}
    members_e: dict[int, list[int]] = {}
    for node, c in enumerate(colour_a):
        members_a.setdefault(c, []).append(node)
    for node, c in enumerate(colour_e):
        members_e.setdefault(c, []).append(node)
    shared = [c for c, nodes in members_a.items() if len(nodes) > 1]
    if not shared:
        to_e = {side_a.nodes[node]: side_e.nodes[members_e[c][0]] for node, c in enumerate(colour_a)}
        mapped = {tuple(to_e[t] if is_bnode(t) else t for t in q) for q in side_a.quads}
        return mapped == set(side_e.quads)
    tied = min(shared, key=lambda c: (len(members_a[c]), c))
    fixed = hash(("individualised", tied))
    node = members_a[tied][0]
    for candidate in members_e[tied]:
        fixed_a, fixed_e = list(colour_a), list(colour_e)
        fixed_a[node] = fixed_e[candidate] = fixed
        if _match(side_a, side_e, fixed_a, fixed_e):
            return True
    return False


def _same(actual: set[Quad], expected: set[Quad]) -> bool:
    # Unnested, so that the literals inside triple terms are counted too.
    return _literals(_unnested(actual)) == _literals(_unnested(expected)) and isomorphic_quads(
        actual, expected
    )


def same_graph(actual: Graph, expected: Graph) -> bool:
    """True when isomorphic (graph names included for Datasets) and literal multisets are equal."""
    return _same(statements(actual), statements(expected))


def assert_reads_as_pyoxigraph(doc: str, ours: object, fmt: str = "ttl") -> None:
    """``ours`` (a Graph, or what a parse of ``doc`` raised) is pyoxigraph's verdict and graph."""
    __tracebackhide__ = True
    try:
        expected = oxigraph_graph(doc.encode(), fmt)
    except SyntaxError:  # pyoxigraph's
        assert not isinstance(ours, Graph), doc
        return
    assert isinstance(ours, Graph), (doc, ours)
    assert_same_graph(ours, expected)


def assert_same_graph(
    actual: Graph,
    expected: Graph,
    context: str = "",
    *,
    xsd_string_as_plain: bool = False,
) -> None:
    """Assert ``actual`` and ``expected`` are the same RDF graph / dataset.

    Both are compared as quad sets with :func:`isomorphic_quads` (for a Dataset: the default
    graph plus every named graph, blank-node graph names included). In addition the sorted
    multiset of literal ``(lexical, datatype, lang)`` must match. On failure both sides are
    shown as sorted N-Triples/N-Quads with a unified diff.

    Term identity is rdflib's: ``Literal("v")`` and ``Literal("v", datatype=XSD.string)`` are
    different rdflib terms (the W3C harness requires the former). Pass
    ``xsd_string_as_plain=True`` to treat them as equal (RDF 1.1 semantics), e.g. when
    comparing against rdflib's built-in parsers, which keep an explicit ``^^xsd:string``.
    """
    __tracebackhide__ = True
    act = statements(actual, xsd_string_as_plain=xsd_string_as_plain)
    exp = statements(expected, xsd_string_as_plain=xsd_string_as_plain)
    if _same(act, exp):
        return
    exp_lines, act_lines = _lines(exp), _lines(act)
    lit_a, lit_e = _literals(act), _literals(exp)
    diff = "\n".join(difflib.unified_diff(exp_lines, act_lines, "expected", "actual", lineterm=""))
    parts = [
        f"graphs differ{': ' + context if context else ''}",
        f"--- expected ({len(exp_lines)} statements):",
        *exp_lines,
        f"--- actual ({len(act_lines)} statements):",
        *act_lines,
        "--- diff (blank node labels are arbitrary):",
        diff or "(no textual diff: blank node structure differs)",
    ]
    if lit_a != lit_e:
        parts.append("--- literal (lexical, datatype, lang) multiset differs:")
        parts += [f"  only expected: {x}" for x in sorted(Counter(lit_e) - Counter(lit_a))]
        parts += [f"  only actual:   {x}" for x in sorted(Counter(lit_a) - Counter(lit_e))]
    raise AssertionError("\n".join(parts))
