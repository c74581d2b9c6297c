"""N-Triples and N-Quads writers: one statement a line, exact lexical forms, UTF-8."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import IO

from rdflib.term import Node, URIRef

from ..syntax.errors import SerializeError
from ..syntax.version import RdfVersion
from .terms import Statement
from .write_terms import TermWriter

__all__ = ["ByPredicate", "Group", "Triple", "quad_groups", "write_lines"]

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
) -> int:
    """Write ``(graph label, triples)`` groups as N-Triples (``with_graphs=False``) or N-Quads.

    Returns the number of statements. ``canonical`` writes Canonical N-Triples/N-Quads (RDF
    1.2) with the lines sorted, so equal graphs without blank nodes give identical bytes.
    ``labels_of``: see TermWriter (``convert`` keeps the labels of the document it reads).
    ``version``: the RDF written (RDF 1.2 terms raise SerializeError in RDF 1.1). No
    ``VERSION`` line is written: RDF 1.2 output reads as its readers read it, and canonical
    output has none.
    """
    terms = TermWriter(canonical=canonical, ascii_only=ascii_only, labels_of=labels_of, version=version)
    out = _Lines(stream, keep=canonical)
    for label, triples in groups:
        if label is None:
            end = " .\n"
        elif not with_graphs:
            raise SerializeError("N-Triples has no named graphs", label, None)
        else:
            end = " " + terms.graph_label(label) + " .\n"
        if isinstance(triples, ByPredicate):
            _by_predicate(triples.index, end, label, terms, out)
        else:
            _by_triple(triples, end, label, terms, out)
        terms.trim()
    if canonical:
        # Duplicates arise only from terms rdflib keeps apart but RDF does not (an
        # xsd:string-typed and a simple literal, tags differing in case).
        out.lines[:] = sorted(set(out.lines))
    out.flush()
    return out.count


class _Lines:
    """Lines on their way to the stream.

    They are written every ``_CHUNK`` lines, joined and encoded while still in the CPU cache:
    one join of a whole large graph's lines is markedly slower (and holds the output three
    times over). Canonical output keeps every line, to sort them at the end.
    """

    __slots__ = ("count", "limit", "lines", "stream")

    def __init__(self, stream: IO[bytes], keep: bool) -> None:
        self.stream = stream
        self.lines: list[str] = []
        self.limit = sys.maxsize if keep else _CHUNK
        self.count = 0

    def flush(self) -> None:
        lines = self.lines
        if lines:
            self.count += len(lines)
            self.stream.write("".join(lines).encode("utf-8"))
            lines.clear()


_CHUNK = 1024  # lines: about 100 KB of output (512 to 8192 measure the same, 32768 is slower); MiBs
# with long literals, whose runs of _CHUNK statements and lines are held at once


# The two loops below are the writers' hot path. An exact URIRef is looked up by its text in
# the TermWriter's cache of checked IRIs (C-level hashing and comparison); anything else, and
# any IRI not yet checked, goes through the TermWriter, which checks it or raises.


def _by_predicate(
    pos: Mapping[Node, Mapping[Node, Collection[Node]]],
    end: str,
    label: Node | None,
    terms: TermWriter,
    out: _Lines,
) -> None:
    """Lines from a ``predicate -> object -> subjects`` index (see ``ByPredicate``)."""
    iris_get = terms.iris.get
    spell_object = terms.object
    lines = out.lines
    append = lines.append
    limit = out.limit
    for p, by_object in pos.items():
        b = iris_get(str(p)) if type(p) is URIRef else None
        for o, subjects in by_object.items():
            if not subjects:
                continue  # Memory.remove leaves emptied index entries behind
            if b is None:
                b = terms.predicate(p, (next(iter(subjects)), p, o, label))
            try:
                c = (iris_get(str(o)) if type(o) is URIRef else None) or spell_object(o, None)
            except SerializeError as e:  # the statement is built only now: most objects are literals
                raise e.in_statement((next(iter(subjects)), p, o, label)) from None
            tail = f" {b} {c}{end}"
            for s in subjects:
                a = iris_get(str(s)) if type(s) is URIRef else None
                if a is None:
                    a = terms.subject(s, (s, p, o, label))
                append(a + tail)
            if len(lines) >= limit:
                out.flush()


def _by_triple(
    triples: Iterable[Triple], end: str, label: Node | None, terms: TermWriter, out: _Lines
) -> None:
    iris_get = terms.iris.get
    lines = out.lines
    append = lines.append
    limit = out.limit
    for s, p, o in triples:
        a = iris_get(str(s)) if type(s) is URIRef else None
        if a is None:
            a = terms.subject(s, (s, p, o, label))
        b = iris_get(str(p)) if type(p) is URIRef else None
        if b is None:
            b = terms.predicate(p, (s, p, o, label))
        c = iris_get(str(o)) if type(o) is URIRef else None
        if c is None:
            c = terms.object(o, (s, p, o, label))
        append(f"{a} {b} {c}{end}")
        if len(lines) >= limit:
            out.flush()
