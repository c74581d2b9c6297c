"""N-Triples and N-Quads writers: one statement a line, exact lexical forms, UTF-8."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from functools import partial
from itertools import chain, islice, repeat
from operator import length_hint
from typing import IO, Final, TypeVar

from rdflib.term import BNode, Literal, Node, URIRef

from ..syntax.errors import SerializeError
from ..syntax.messages import NTRIPLES_HAS_NO_GRAPHS
from ..syntax.version import RdfVersion
from .rdf12_terms import TripleTerm
from .rdfc10 import Quad, nquad_line, rdfc10
from .terms import Statement
from .write_terms import TermWriter

__all__ = [
    "NO_CANONICAL_LABEL",
    "ByPredicate",
    "Group",
    "LineBuffer",
    "Triple",
    "holds_blank_node",
    "no_named_graphs",
    "quad_groups",
    "write_lines",
    "write_quads",
]

Triple = tuple[Node, Node, Node]


class ByPredicate:
    """Triples as nested mappings ``predicate -> object -> subjects``, the fastest shape to write.

    This order spells each predicate once and each object once per predicate, leaving one
    lookup per statement (its subject). rdflib's Memory store keeps exactly this index
    (``edge.writers`` hands it over as it is); its insertion order makes the output the same
    on every run. Emptied entries (``{}`` subjects) are skipped.
    """

    __slots__ = ("index",)

    def __init__(self, index: Mapping[Node, Mapping[Node, Collection[Node]]]) -> None:
        self.index = index

    def triples(self) -> Iterator[Triple]:
        for p, by_object in self.index.items():
            for o, subjects in by_object.items():
                for s in subjects:
                    yield s, p, o


#: One graph's statements: its label (None for the default graph) and its triples.
Group = tuple[Node | None, Iterable[Triple] | ByPredicate]


def quad_groups(quads: Iterable[Statement]) -> Iterator[Group]:
    """Runs of consecutive ``(s, p, o, g)`` with the same g, as ``write_lines`` takes them."""
    run: list[Triple] = []
    label: Node | None = None
    for s, p, o, g in quads:
        # A run is cut at _CHUNK too, so that a dump streams through in bounded memory.
        if (g != label or len(run) >= _CHUNK) and run:
            yield label, run
            run = []
        label = g
        run.append((s, p, o))
    if run:
        yield label, run


def write_lines(
    groups: Iterable[Group],
    stream: IO[bytes],
    *,
    with_graphs: bool,
    canonical: bool = False,
    ascii_only: bool = False,
    labels_of: str | Mapping[str, str] = "",
    version: RdfVersion = RdfVersion.RDF11,
    relabel: bool = True,
    work_limit: int | None = None,
) -> int:
    """Write ``(graph label, triples)`` groups as N-Triples (``with_graphs=False``) or N-Quads.

    Returns the number of statements. ``canonical`` writes Canonical N-Triples/N-Quads (RDF
    1.2) with the blank nodes labelled by RDFC-1.0 (``c14n0``, ...) and the lines sorted, so
    isomorphic graphs give identical bytes (``rdfc10.WorkLimitError`` on a poison graph, past
    ``work_limit`` steps: see ``rdfc10``);
    with ``relabel=False``, in the canonical syntax and order with the labels ``labels_of``
    gives (the W3C suites of Canonical N-Triples/N-Quads keep the document's labels).
    ``labels_of``: see TermWriter (``convert`` keeps the labels of the document it reads).
    ``version``: the RDF written (RDF 1.2 terms raise SerializeError in RDF 1.1). No
    ``VERSION`` line is written: RDF 1.2 output reads as its readers read it, and canonical
    output has none.
    """
    terms = TermWriter(canonical=canonical, ascii_only=ascii_only, labels_of=labels_of, version=version)
    if canonical:
        return _write_canonical(groups, stream, with_graphs, terms, relabel, work_limit)
    out = LineBuffer(stream)
    for label, triples in groups:
        graph = _graph_text(label, with_graphs, terms, triples)
        end = f" {graph} .\n" if graph else " .\n"
        if isinstance(triples, ByPredicate):
            _by_predicate(triples.index, end, label, terms, out)
        else:
            _by_triple(triples, end, label, terms, out)
        terms.trim()
    out.flush()
    return out.count


def write_quads(quads: Iterable[Statement], out: LineBuffer, terms: TermWriter, with_graphs: bool) -> None:
    """``quads`` as N-Triples (``with_graphs=False``) or N-Quads lines into ``out``, each term
    checked before its line is written: as ``write_lines`` writes them with ``labels_of``, for
    a converter that writes other lines between them."""
    for label, triples in quad_groups(quads):
        assert isinstance(triples, list)  # runs, never an index
        graph = _graph_text(label, with_graphs, terms, triples)
        _checked_triples(triples, f" {graph} .\n" if graph else " .\n", label, terms, out)


def _graph_text(
    label: Node | None, with_graphs: bool, terms: TermWriter, triples: Iterable[Triple] | ByPredicate
) -> str:
    """A graph label's text ("" for the default graph); N-Triples has no other."""
    if label is None:
        return ""
    if not with_graphs:
        first = next(iter(triples.triples() if isinstance(triples, ByPredicate) else triples), None)
        if first is None:
            raise SerializeError(NTRIPLES_HAS_NO_GRAPHS, label, None)
        raise no_named_graphs((*first, label), terms)
    return terms.graph_label(label)


def no_named_graphs(quad: tuple[Node, Node, Node, Node], terms: TermWriter) -> SerializeError:
    """The error for a statement in a named graph written as N-Triples, which names it as
    N-Quads writes it (a blank node by its label, as in the input), to be found."""
    s, p, o, g = quad
    try:
        spelled = (
            terms.subject(s, quad),
            terms.predicate(p, quad),
            terms.object(o, quad),
            terms.graph_label(g),
        )
        text = " ".join(spelled) + " ."
    except SerializeError as e:  # a term that cannot be written at all: that first
        return e
    return SerializeError(f"{NTRIPLES_HAS_NO_GRAPHS}, in the statement {text}", g, None, spelled[3])


def _write_canonical(
    groups: Iterable[Group],
    stream: IO[bytes],
    with_graphs: bool,
    terms: TermWriter,
    relabel: bool,
    work_limit: int | None,
) -> int:
    """Canonical N-Triples/N-Quads: blank nodes labelled by RDFC-1.0, the lines sorted.

    Duplicate lines go: they arise from terms rdflib keeps apart but RDF does not (an
    xsd:string-typed and a simple literal, tags differing in case).
    """
    quads: list[Quad] = []
    for label, triples in groups:
        graph = _graph_text(label, with_graphs, terms, triples)
        flat = triples.triples() if isinstance(triples, ByPredicate) else triples
        for s, p, o in flat:
            st = (s, p, o, label)
            if relabel and isinstance(o, TripleTerm) and holds_blank_node(o):
                raise SerializeError(
                    f"canonical=True (on the command line: --canonical): {NO_CANONICAL_LABEL};"
                    " write without it",
                    o,
                    st,
                )
            quads.append((terms.subject(s, st), terms.predicate(p, st), terms.object(o, st), graph))
    lines = (
        rdfc10(quads, work_limit=work_limit).lines
        if relabel
        else sorted({nquad_line(*quad) for quad in quads})
    )
    for start in range(0, len(lines), _CHUNK):
        stream.write("".join(lines[start : start + _CHUNK]).encode("utf-8"))
    return len(lines)


# RDFC-1.0 labels the blank nodes of RDF 1.1 datasets; one inside a triple term is not among
# them (RDF 1.2 has no canonical labelling yet), and keeping its label would not be canonical.
NO_CANONICAL_LABEL: Final = (
    "a blank node inside a triple term has no canonical label (RDFC-1.0 labels those of RDF 1.1"
    " datasets only)"
)


def holds_blank_node(term: TripleTerm) -> bool:
    """Whether ``term`` (its nested triple terms included) holds a blank node."""
    node: Node = term
    while isinstance(node, TripleTerm):
        if isinstance(node.subject, BNode):
            return True
        node = node.object
    return isinstance(node, BNode)


class LineBuffer:
    """Lines on their way to the stream.

    They are written every ``_CHUNK`` lines, joined and encoded while still in the CPU cache:
    one join of a whole large graph's lines is markedly slower (and holds the output three
    times over).

    A batch is encoded whole while the output is ASCII, line by line once a batch was not
    (``wide``), until one is ASCII again. One non-ASCII character makes the joined batch a
    two- or four-byte string, which the UTF-8 encoder then walks character by character
    (some 1,100 instructions a line of rich-100k); encoded one by one, the ASCII lines (most
    of them) are copied, and the lines cost some 500 instructions each to encode and join.
    The previous batch predicts the next: term-diverse output has a non-ASCII line in
    nearly every batch, and an ASCII one in none.
    """

    __slots__ = ("count", "limit", "lines", "stream", "wide")

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.lines: list[str] = []
        self.limit = _CHUNK
        self.count = 0
        self.wide = False

    def flush(self) -> None:
        lines = self.lines
        if lines:
            self.count += len(lines)
            if self.wide:
                data = b"".join(map(str.encode, lines))
                self.wide = not data.isascii()  # stops at the first non-ASCII byte
            else:
                text = "".join(lines)
                self.wide = not text.isascii()  # a flag: O(1)
                data = text.encode("utf-8")
                del text  # not held while the stream takes the bytes (a growing buffer copies)
            self.stream.write(data)
            lines.clear()


_CHUNK = 1024  # lines: about 100 KB of output (512 to 8192 measure the same, 32768 is slower); MiBs
# with long literals, whose runs of _CHUNK statements and lines are held at once


# The loops below are the writers' hot path. The index loop spells every IRI "<IRI>" into its
# line and hands it to TermWriter.settle with its batch, met before or not: C-level scans over
# a thousand IRIs judge the common shape for less than a set of the IRIs written cost (its
# copies, all kept, made every line's strings new memory: plain-100k 186 -> 108 ms). The
# triple loop asks TermWriter's cache of IRIREFs by the IRI's text (C-level hashing and
# comparison); a miss is written as it is and checked with the rest of its batch; a batch
# that fails is written again by a checking loop (_checked_entries, _checked_triples), which
# raises at the first bad statement, as a writer checking term by term would. Literals go
# straight to TermWriter.literal (most literals occur once): the dispatch of ``object`` costs a
# call.

#: A predicate, one of its objects and that object's subjects: ``ByPredicate``'s index,
#: flattened (``p, (o, subjects)``; subjects may be empty: Memory.remove leaves emptied index
#: entries behind).
Entry = tuple[Node, tuple[Node, Collection[Node]]]


class _Unchecked(Exception):
    """A term the unchecked loop does not spell (a triple term, a subclass): check the batch."""


def _entries(pos: Mapping[Node, Mapping[Node, Collection[Node]]]) -> Iterator[Entry]:
    # C-level iterators: a generator's resumption cost some 350 instructions an entry.
    return chain.from_iterable(zip(repeat(p), by_object.items()) for p, by_object in pos.items())


def _by_predicate(
    pos: Mapping[Node, Mapping[Node, Collection[Node]]],
    end: str,
    label: Node | None,
    terms: TermWriter,
    out: LineBuffer,
) -> None:
    """Lines from a ``predicate -> object -> subjects`` index (see ``ByPredicate``), a batch at
    a time as ``_in_batches`` writes them; the index is read by nested loops over its own
    iterators (``_Cursor``), not a list of entries a batch: no tuple is made an entry."""
    if not terms.unchecked_ok:
        _checked_entries(_entries(pos), end, label, terms, out)
        return
    cursor = _Cursor(pos)
    while not cursor.done:
        if _settled(partial(_unchecked_index, cursor, end, terms, out), terms, out) < 0:
            _checked_entries(cursor.batch(), end, label, terms, out)  # flushes where it ended
        elif len(out.lines) >= out.limit:
            out.flush()


def _settled(write: Callable[[], int], terms: TermWriter, out: LineBuffer) -> int:
    """Lines written by ``write`` with their new terms unchecked, then settled: what ``write``
    returned, or -1 if a term was bad (or could not be written so), its lines taken back for
    a checking loop to write again."""
    start = len(out.lines)
    try:
        left = write()
        if terms.settle():
            return left
    except (SerializeError, _Unchecked):
        terms.settle()  # caches what is valid, labels nodes in the order met
    del out.lines[start:]
    return -1


_Objects = Mapping[Node, Collection[Node]]


class _Cursor:
    """Where ``_unchecked_index`` is in an index: the predicates left, the current predicate
    (its objects, those left, its IRIREF) and the spans of the index the batch being written
    has read, from which a batch that does not settle is read again (``batch``)."""

    __slots__ = ("by_object", "done", "objects", "predicate", "predicates", "spans", "text")

    def __init__(self, pos: Mapping[Node, _Objects]) -> None:
        self.predicates = iter(pos.items())
        self.predicate: Node | None = None
        self.by_object: _Objects = {}
        self.objects: Iterator[tuple[Node, Collection[Node]]] = iter(self.by_object.items())
        self.text = ""
        self.done = False
        #: (predicate, its objects, how many of them were left when the batch reached it).
        self.spans: list[tuple[Node | None, _Objects, int]] = []

    def batch(self) -> list[Entry]:
        """The entries of the batch the unchecked loop wrote last (or stopped in): each
        span's objects from where it began to where the loop left them (``length_hint`` of a
        dict's iterator is exact). A predicate it could not spell is read whole, and skipped."""
        entries: list[Entry] = []
        last = len(self.spans) - 1
        for i, (p, by_object, left) in enumerate(self.spans):
            if p is None:  # the cursor before the first predicate
                continue
            size = len(by_object)
            stop = size
            if i == last and type(p) is URIRef:
                stop -= length_hint(self.objects)
            elif i == last:  # stopped at it: the checking loop writes (or refuses) all of it
                self.objects = iter(())
            entries += zip(repeat(p), islice(by_object.items(), size - left, stop))
        return entries


def _by_triple(
    triples: Iterable[Triple], end: str, label: Node | None, terms: TermWriter, out: LineBuffer
) -> None:
    if terms.unchecked_ok:
        _in_batches(iter(triples), _unchecked_triples, _checked_triples, end, label, terms, out)
    else:
        _checked_triples(triples, end, label, terms, out)


_Item = TypeVar("_Item", Entry, Triple)


def _in_batches(
    items: Iterator[_Item],
    unchecked: Callable[[list[_Item], str, TermWriter, LineBuffer], int],
    checked: Callable[[Iterable[_Item], str, Node | None, TermWriter, LineBuffer], None],
    end: str,
    label: Node | None,
    terms: TermWriter,
    out: LineBuffer,
) -> None:
    """Lines for items a batch at a time: written unchecked, then the batch's new terms
    settled; a batch that does not settle is written again by the checking loop.

    Up to ``_CHUNK`` items are taken at once (``islice``, in C: appending each to the batch
    in the loop cost an item some 60 instructions); the unchecked loop stops once the lines
    fill a chunk, and the items it left open the next batch.
    """
    batch: list[_Item] = []
    while True:
        batch += islice(items, _CHUNK - len(batch))
        if not batch:
            return
        left = _settled(partial(unchecked, batch, end, terms, out), terms, out)
        if left < 0:
            checked(batch, end, label, terms, out)  # flushes where the batch ended
            batch = []
            continue
        batch = batch[len(batch) - left :] if left else []
        if len(out.lines) >= out.limit:
            out.flush()


def _unchecked_index(cursor: _Cursor, end: str, terms: TermWriter, out: LineBuffer) -> int:
    """Lines from ``cursor`` on until they fill a chunk or the index ends (``cursor.done``),
    new IRIs and nodes unchecked (``settle`` checks them); ``cursor.spans`` says what was read.
    0 (the cursor keeps its place)."""
    new_iri = terms.new_iris.append
    nodes_get = terms.bnodes.get
    new_node = terms.new_bnodes.append
    literal = terms.literal
    inline = terms.inline_literals
    language, datatype, tags, typed = inline if inline is not None else ("", "", {}, {})
    tags_get, typed_get = tags.get, typed.get
    lines = out.lines
    append = lines.append
    limit = out.limit
    predicates = cursor.predicates
    objects = cursor.objects
    spans = cursor.spans
    spans.clear()
    spans.append((cursor.predicate, cursor.by_object, length_hint(objects)))
    a: str | None
    b = cursor.text
    c: str | None
    while True:
        for o, subjects in objects:
            if not subjects:
                continue
            if type(o) is Literal:  # the common case inline (see TermWriter.inline_literals)
                k = str(o)
                c = None
                if inline and '"' not in k and "\\" not in k and k.isprintable():
                    x = getattr(o, language)
                    if x is not None:
                        c = f'"{k}"@{y}' if (y := tags_get(x)) is not None else None
                    elif (x := getattr(o, datatype)) is None:
                        c = f'"{k}"'
                    elif type(x) is URIRef and (y := typed_get(str(x))) is not None:
                        c = f'"{k}"{y}'
                if c is None:
                    c = literal(o, None)
            elif type(o) is URIRef:
                k = str(o)
                new_iri(k)
                c = f"<{k}>"
            elif type(o) is BNode:
                k = str(o)
                c = nodes_get(k)  # a label other than the id (see settle), else "_:id"
                if c is None:
                    c = "_:" + k
                    new_node(k)
            else:
                raise _Unchecked
            for s in subjects:
                k = str(s)
                if type(s) is URIRef:
                    new_iri(k)
                    append(f"<{k}> {b} {c}{end}")
                elif type(s) is BNode:
                    a = nodes_get(k)
                    if a is None:
                        a = "_:" + k
                        new_node(k)
                    append(f"{a} {b} {c}{end}")
                else:
                    raise _Unchecked
            if len(lines) >= limit:
                return 0
        p, by_object = next(predicates, (None, None))
        if by_object is None:
            cursor.done = True
            return 0
        cursor.predicate, cursor.by_object = p, by_object
        cursor.objects = objects = iter(by_object.items())
        spans.append((p, by_object, len(by_object)))
        if type(p) is not URIRef:
            raise _Unchecked
        k = str(p)
        new_iri(k)
        cursor.text = b = f"<{k}>"


def _checked_entries(
    entries: Iterable[Entry], end: str, label: Node | None, terms: TermWriter, out: LineBuffer
) -> None:
    """Lines for entries, each term checked before its line is written."""
    iris_get = terms.iris.get
    iri = terms.iri
    bnode = terms.bnode
    literal = terms.literal
    lines = out.lines
    append = lines.append
    limit = out.limit
    for p, (o, subjects) in entries:
        if not subjects:
            continue
        b = iris_get(str(p)) if type(p) is URIRef else None
        if b is None:
            b = terms.predicate(p, (next(iter(subjects)), p, o, label))
        try:
            c = literal(o, None) if type(o) is Literal else _object_text(o, terms)
        except SerializeError as e:  # the statement is built only now: most objects are literals
            raise e.in_statement((next(iter(subjects)), p, o, label)) from None
        tail = f" {b} {c}{end}"
        for s in subjects:
            if type(s) is URIRef:
                a = iris_get(str(s)) or iri(s, (s, p, o, label))
            elif type(s) is BNode:
                a = bnode(s)
            else:
                a = terms.subject(s, (s, p, o, label))
            append(a + tail)
        if len(lines) >= limit:
            out.flush()


def _object_text(o: Node, terms: TermWriter) -> str:
    if type(o) is URIRef:
        return terms.iris.get(str(o)) or terms.iri(o, None)
    if type(o) is BNode:
        return terms.bnode(o)
    return terms.object(o, None)


def _checked_triples(
    triples: Iterable[Triple], end: str, label: Node | None, terms: TermWriter, out: LineBuffer
) -> None:
    """Lines for triples, each term checked before its line is written."""
    iris_get = terms.iris.get
    iri = terms.iri
    bnode = terms.bnode
    literal = terms.literal
    lines = out.lines
    append = lines.append
    limit = out.limit
    for s, p, o in triples:
        if type(s) is URIRef:
            a = iris_get(str(s)) or iri(s, (s, p, o, label))
        elif type(s) is BNode:
            a = bnode(s)
        else:
            a = terms.subject(s, (s, p, o, label))
        b = (iris_get(str(p)) if type(p) is URIRef else None) or terms.predicate(p, (s, p, o, label))
        if type(o) is Literal:
            c = literal(o, (s, p, o, label))
        elif type(o) is URIRef:
            c = iris_get(str(o)) or iri(o, (s, p, o, label))
        else:
            c = terms.object(o, (s, p, o, label))
        append(f"{a} {b} {c}{end}")
        if len(lines) >= limit:
            out.flush()


def _unchecked_triples(triples: list[Triple], end: str, terms: TermWriter, out: LineBuffer) -> int:
    """Lines for a batch of triples, new IRIs and nodes unchecked (``settle`` checks them);
    0 (a triple is a line: a batch is a chunk).

    ``_unchecked_index`` for a graph read as triples (a Dataset's named graphs). A subject
    and an object are spelled inline, the same few lines twice: a function call for each
    would cost some 400 instructions a term, a tenth of writing a statement.
    """
    iris = terms.iris
    iris_get = iris.get
    new_iri = terms.new_iris.append
    nodes_get = terms.bnodes.get
    new_node = terms.new_bnodes.append
    literal = terms.literal
    append = out.lines.append
    a: str | None
    b: str | None
    c: str | None
    for s, p, o in triples:
        h = str(s)
        if type(s) is URIRef:
            a = None  # "<IRI>", spelled into the line
            new_iri(h)
        elif type(s) is BNode:
            a = nodes_get(h)
            if a is None:
                a = "_:" + h
                new_node(h)
        else:
            raise _Unchecked
        if type(p) is not URIRef:
            raise _Unchecked
        k = str(p)
        b = iris_get(k)  # few predicates: their IRIREFs are kept
        if b is None:
            b = iris[k] = f"<{k}>"
            new_iri(k)
        if type(o) is Literal:
            c = literal(o, None)
        else:
            k = str(o)
            if type(o) is URIRef:
                new_iri(k)
                c = f"<{k}>"
            elif type(o) is BNode:
                c = nodes_get(k)
                if c is None:
                    c = "_:" + k
                    new_node(k)
            else:
                raise _Unchecked
        if a is None:
            append(f"<{h}> {b} {c}{end}")
        else:
            append(f"{a} {b} {c}{end}")
    return 0
