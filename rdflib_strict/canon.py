"""RDF Dataset Canonicalization (RDFC-1.0) of an rdflib Graph or Dataset.

``canonicalize(graph)`` gives the issued identifiers map (each blank node's canonical label),
the canonical N-Quads and their hash. The terms are spelled by the writers' ``TermWriter`` in
Canonical N-Quads form (checked as the N-Quads writer checks them) and the algorithm runs on
that text (``formats.rdfc10``).
"""

from __future__ import annotations

from rdflib.graph import Graph
from rdflib.term import BNode

from .edge.writers import statements
from .formats.canonical_labels import quad_texts
from .formats.rdfc10 import DEFAULT_WORK_FACTOR, WorkLimitError, hash_function, rdfc10
from .syntax.version import RdfVersion, version_arg

__all__ = ["DEFAULT_WORK_FACTOR", "Canonical", "WorkLimitError", "canonicalize"]


class Canonical:
    """A canonicalized Graph or Dataset (see ``canonicalize``)."""

    __slots__ = ("hash", "issued_identifiers", "nquads")

    def __init__(self, issued_identifiers: dict[BNode, str], nquads: str, hash: str) -> None:
        #: The issued identifiers map: each blank node -> its canonical label (``c14n0``, ...).
        self.issued_identifiers = issued_identifiers
        #: The canonical N-Quads document: sorted lines, blank nodes by their canonical labels.
        self.nquads = nquads
        #: The hash of ``nquads`` (UTF-8) with the hash algorithm, in lower-case hex.
        self.hash = hash


def canonicalize(
    graph: Graph,
    *,
    hash_algorithm: str = "sha256",
    work_limit: int | None = None,
    version: RdfVersion | str = RdfVersion.RDF11,
) -> Canonical:
    """RDFC-1.0 of ``graph`` (a Graph: its triples; a Dataset or ConjunctiveGraph: its quads).

    ``hash_algorithm`` is ``sha256`` (the default) or ``sha384``, for the algorithm's own hashes
    and for ``hash``. ``work_limit`` bounds the work on datasets that make RDFC-1.0 exponential
    (steps of Hash N-Degree Quads; the default allows ``DEFAULT_WORK_FACTOR`` steps per pair
    of blank nodes that first-degree hashes leave tied, at least 100,000): past it,
    ``WorkLimitError``. A term no N-Quads document can hold raises ``SerializeError``.
    ``version="1.2"`` takes triple terms and base directions (Canonical N-Quads of RDF 1.2),
    but not a blank node inside a triple term, which RDFC-1.0 cannot label (SerializeError).
    """
    nodes: dict[str, BNode] = {}
    texts = quad_texts(statements(graph, with_graphs=True), nodes, version_arg(version))
    result = rdfc10(texts, hash_algorithm, work_limit)
    nquads = result.nquads
    issued = {nodes[label]: canonical for label, canonical in result.issued.items()}
    return Canonical(issued, nquads, hash_function(hash_algorithm)(nquads))
