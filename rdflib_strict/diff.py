"""What differs between two RDF documents: the statements only in one, each where it is written.

Two documents hold the same statements when their datasets are equal once blank nodes are
named by RDFC-1.0 (``canon.canonicalize``): a blank node renamed, or statements reordered,
rewrapped or written in another format, is no change. Each statement is compared as its
canonical N-Quads line (canonical blank node labels, Canonical N-Quads spelling); the ones in
only one document are its changes, placed by that document's source map.

RDFC-1.0 names blank nodes by the order of their hashes in their own dataset, so when the two
datasets differ, a blank node whose neighbourhood is unchanged can still get another label (a
new blank node sorted before it): its statements then show as removed and added. Statements
without blank nodes never do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from rdflib.graph import Graph
from rdflib.term import BNode, Node

from .canon import canonicalize
from .edge.writers import statements
from .formats.rdfc10 import nquad_line
from .formats.write_terms import TermWriter
from .sarif import Finding, Rule, finding_at
from .syntax.errors import shown_at
from .syntax.positions import Span
from .syntax.shown import visible
from .syntax.version import RdfVersion

__all__ = ["RULES", "Change", "Places", "changes", "patch", "render", "sarif_findings"]

Sign = Literal["-", "+"]


class Places(Protocol):
    """Where a document's statements are written: a SourceMap."""

    def statement(self, statement: tuple[Node, Node, Node, Node | None]) -> tuple[Span, ...]: ...


@dataclass(frozen=True)
class Change:
    """A statement in only one of the two documents: ``sign`` ``-`` (only in the first: removed)
    or ``+`` (only in the second: added); ``line`` its canonical N-Quads line (no line end),
    ``subject`` its subject's canonical text; ``span`` where it is first written (None if the
    document's map has no place for it)."""

    sign: Sign
    line: str
    subject: str
    span: Span | None


def changes(
    first: Graph,
    first_places: Places,
    second: Graph,
    second_places: Places,
    work_limit: int | None = None,
    version: RdfVersion = RdfVersion.RDF11,
) -> list[Change]:
    """The statements only in ``first`` (removed) and only in ``second`` (added), blank nodes
    matched by RDFC-1.0, grouped by subject (in canonical order) and, within a subject, removed
    before added, each in the order of the canonical lines. ``*_places`` are the documents'
    SourceMaps. ``WorkLimitError`` if a dataset is too hard to canonicalize within
    ``work_limit``; ``version`` is the RDF the lines are written in: SerializeError for a term
    it lacks, or a blank node inside a triple term (see ``canon.canonicalize``)."""
    a = dict(_canonical_lines(first, work_limit, version))
    b = dict(_canonical_lines(second, work_limit, version))
    found = [_change("-", line, a[line], first_places) for line in a.keys() - b.keys()]
    found += [_change("+", line, b[line], second_places) for line in b.keys() - a.keys()]
    found.sort(key=lambda c: (c.subject, c.sign == "+", c.line))
    return found


Quad = tuple[Node, Node, Node, Node | None]


def _canonical_lines(graph: Graph, work_limit: int | None, version: RdfVersion) -> Iterator[tuple[str, Quad]]:
    """Each statement of ``graph`` as its canonical N-Quads line, with the statement itself."""
    issued = canonicalize(graph, work_limit=work_limit, version=version).issued_identifiers
    labels: dict[Node, Node] = {node: BNode(label) for node, label in issued.items()}
    terms = TermWriter(canonical=True, version=version)
    for quad in statements(graph, with_graphs=True):
        s, p, o, g = (t if t is None else labels.get(t, t) for t in quad)
        assert s is not None and p is not None and o is not None
        named = (s, p, o, g)
        line = nquad_line(
            terms.subject(s, named),
            terms.predicate(p, named),
            terms.object(o, named),
            "" if g is None else terms.graph_label(g),
        )
        yield line.rstrip("\n"), quad


def _change(sign: Sign, line: str, quad: Quad, places: Places) -> Change:
    spans = places.statement(quad)
    return Change(sign, line, line.split(" ", 1)[0], spans[0] if spans else None)


_WORDS: Final = {"-": "removed", "+": "added"}


def render(change: Change, lines: Callable[[str], Sequence[str] | None]) -> str:
    """A change as a parse error is shown: ``SOURCE:LINE:COL: added <s> <p> <o> .``, then the
    line it is written on with a caret under it (``lines(source)``: the source's lines)."""
    said = f"{_WORDS[change.sign]} {visible(change.line)}"
    where = change.span
    if where is None:
        return said
    return shown_at(where, said, lines(where.source) or ())


def patch(found: Iterable[Change]) -> Iterator[str]:
    """The changes as RDF Patch rows: ``D`` (delete) for each removed statement, then ``A``
    (add) for each added one, each row ``D <s> <p> <o> [<g>] .`` with line end."""
    found = list(found)
    for sign, op in (("-", "D"), ("+", "A")):
        for change in found:
            if change.sign == sign:
                yield f"{op} {change.line}\n"


RULES: Final = (
    Rule(
        "statement-removed",
        "StatementRemoved",
        "A statement of the first document is not in the second",
        "The statement is in the first document and not in the second (blank nodes matched by"
        " RDFC-1.0); the location is where the first document writes it.",
    ),
    Rule(
        "statement-added",
        "StatementAdded",
        "A statement of the second document is not in the first",
        "The statement is in the second document and not in the first (blank nodes matched by"
        " RDFC-1.0); the location is where the second document writes it.",
    ),
)


def sarif_findings(
    found: Iterable[Change], lines: Callable[[str], Sequence[str] | None], fallback: str
) -> list[Finding]:
    """One SARIF finding (level note) per change, at its statement; ``fallback`` is the source
    named for a change with no place."""
    out = []
    for change in found:
        rule = RULES[change.sign == "+"].id
        said = f"{_WORDS[change.sign]} {change.line}"
        where = change.span
        source_lines = lines(where.source) if where is not None else None
        if where is None or source_lines is None:
            out.append(Finding(rule, "note", said, fallback))
            continue
        out.append(finding_at(rule, "note", said, where, source_lines))
    return out
