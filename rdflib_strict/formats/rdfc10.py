"""RDF Dataset Canonicalization, RDFC-1.0 (W3C Recommendation, 21 May 2024), on N-Quads text.

The algorithm works on quads of terms already spelled in canonical N-Quads form (``<iri>``,
``"literal"@tag``, ``_:label``; the graph name ``""`` for the default graph), so it needs no
rdflib: ``canon.py`` spells an rdflib Graph or Dataset with the writers' ``TermWriter`` and
hands the text here. Section numbers below are the Recommendation's.

Blank node identifiers are kept as their term text (``_:x``) and identifier issuers hand out
term text (``_:c14n0``, ``_:b0``) because the algorithm only ever appends ``_:`` and the
identifier to what it hashes. An issuer (4.5) is a plain dict in issue order: its counter is
its length, so copying one is one C-level ``dict.copy``.

Hash N-Degree Quads (4.8) recurses once per blank node it reaches, so a chain of blank nodes
would recurse as deep as it is long; here each call is a generator that yields the recursive
calls it needs to a loop with an explicit stack (``_State.hash_n_degree_quads``), and Python's
recursion limit never comes into it.

4.4's guard against poison datasets: every call of Hash N-Degree Quads and every permutation it
tries is a step, and a dataset that needs more steps than the work limit raises
``WorkLimitError`` instead of running for hours (a clique of 10 blank nodes needs billions).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator, Iterable
from itertools import permutations
from typing import Final

__all__ = [
    "DEFAULT_WORK_FACTOR",
    "Canonicalized",
    "Quad",
    "WorkLimitError",
    "hash_function",
    "nquad_line",
    "rdfc10",
]

#: A quad as canonical N-Quads term text: subject, predicate, object, graph name ("" for the
#: default graph).
Quad = tuple[str, str, str, str]

#: An identifier issuer (4.5): blank node -> issued identifier (both as ``_:`` text), in issue
#: order; the next identifier's number is its length.
Issuer = dict[str, str]

#: What a call of Hash N-Degree Quads yields (a recursive call: related blank node, issuer)
#: and is sent back (that call's result: hash, issuer).
_Call = tuple[str, Issuer]
_Result = tuple[str, Issuer]
_HNDQ = Generator[_Call, _Result, _Result]

#: The default work limit is this many steps per pair of blank nodes that first-degree hashes
#: leave tied (at least ``_MIN_WORK``): a chain or a cycle of n blank nodes takes about 2 n²
#: steps, where a clique of 10 would take billions.
DEFAULT_WORK_FACTOR: Final = 4
_MIN_WORK: Final = 10_000

_HASHES: Final[dict[str, Callable[..., hashlib._Hash]]] = {
    "sha256": hashlib.sha256,
    "sha384": hashlib.sha384,
}


class WorkLimitError(RuntimeError):
    """RDFC-1.0 gave up: the dataset needs more work than the limit allows (a "poison" graph).

    ``limit`` is the limit that was reached, in steps (calls of Hash N-Degree Quads and
    permutations tried).
    """

    def __init__(self, limit: int, tied: int) -> None:
        self.limit = limit
        super().__init__(
            f"RDFC-1.0 stopped after {limit:,} steps of Hash N-Degree Quads (the work limit; "
            f"{tied:,} blank nodes share their first-degree hash): the dataset may be built to "
            "make canonicalization take exponential time; pass a larger work_limit to allow more"
        )


def hash_function(name: str) -> Callable[[str], str]:
    """The hash of 4.2's hash algorithm ``name`` (``sha256``, ``SHA-384``, ...) as lower-case hex."""
    key = name.lower().replace("-", "").replace("_", "")
    if key not in _HASHES:
        raise ValueError(f"unknown RDFC-1.0 hash algorithm {name!r}: use 'sha256' or 'sha384'")
    new = _HASHES[key]

    def hexdigest(text: str) -> str:
        return new(text.encode("utf-8")).hexdigest()

    return hexdigest


def nquad_line(s: str, p: str, o: str, g: str) -> str:
    """The canonical N-Quads line of a quad, line end included."""
    return f"{s} {p} {o} {g} .\n" if g else f"{s} {p} {o} .\n"


class Canonicalized:
    """The result of RDFC-1.0: the issued identifiers map and the canonical N-Quads."""

    __slots__ = ("issued", "lines")

    def __init__(self, issued: dict[str, str], lines: list[str]) -> None:
        #: Input blank node identifier (without ``_:``) -> canonical identifier (``c14n0``, ...).
        self.issued = issued
        #: The canonical N-Quads lines (line ends included), sorted, without duplicates.
        self.lines = lines

    @property
    def nquads(self) -> str:
        return "".join(self.lines)


def rdfc10(
    quads: Iterable[Quad], hash_algorithm: str = "sha256", work_limit: int | None = None
) -> Canonicalized:
    """RDFC-1.0's Canonicalization Algorithm (4.4.3) on ``quads``.

    ``hash_algorithm`` is used for every hash, the internal ones too (4.2). ``work_limit``:
    see the module; None gives ``DEFAULT_WORK_FACTOR`` steps per pair of tied blank nodes.
    """
    state = _State(list(dict.fromkeys(quads)), hash_function(hash_algorithm))
    tied = state.issue_unique()
    if work_limit is None:
        work_limit = max(_MIN_WORK, DEFAULT_WORK_FACTOR * tied * tied)
    state.budget = state.limit = work_limit
    state.tied = tied
    state.issue_non_unique()
    canonical = state.canonical
    lines = sorted(
        {
            nquad_line(*[canonical[t] if t[:2] == "_:" else t for t in quad])  # type: ignore[arg-type]
            for quad in state.quads
        }
    )
    return Canonicalized({n[2:]: c[2:] for n, c in canonical.items()}, lines)


class _State:
    """The canonicalization state (4.3) and the algorithms that read it."""

    def __init__(self, quads: list[Quad], hash_text: Callable[[str], str]) -> None:
        self.quads = quads
        self.hash = hash_text
        #: The blank node to quads map: each blank node's quads (a quad once, even when the
        #: node is in it twice).
        self.quads_of: dict[str, list[Quad]] = {}
        for quad in quads:
            s, _, o, g = quad
            for term in (s, o, g) if s != o and o != g and s != g else dict.fromkeys((s, o, g)):
                if term[:2] == "_:":
                    self.quads_of.setdefault(term, []).append(quad)
        #: The canonical issuer (prefix c14n).
        self.canonical: Issuer = {}
        self.first_degree: dict[str, str] = {}
        #: Blank nodes tied by their first-degree hash, by that hash (what 4.4.3 step 4 leaves).
        self.tied_by_hash: dict[str, list[str]] = {}
        self._related: dict[str, str] = {}  # Hash Related Blank Node's input -> its hash
        self.budget = self.limit = self.tied = 0

    def issue_unique(self) -> int:
        """4.4.3 steps 3-4: first-degree hashes, and canonical identifiers for the unique ones.

        Returns the number of blank nodes left tied.
        """
        by_hash: dict[str, list[str]] = {}
        for node in self.quads_of:
            by_hash.setdefault(self.hash_first_degree_quads(node), []).append(node)
        for h in sorted(by_hash):
            nodes = by_hash[h]
            if len(nodes) == 1:
                self.issue_canonical(nodes[0])
            else:
                self.tied_by_hash[h] = nodes
        return sum(map(len, self.tied_by_hash.values()))

    def issue_canonical(self, node: str) -> None:
        """Issue Identifier (4.5) with the canonical issuer."""
        if node not in self.canonical:
            self.canonical[node] = f"_:c14n{len(self.canonical)}"

    def hash_first_degree_quads(self, node: str) -> str:
        """Hash First Degree Quads (4.6); the result is kept in ``first_degree``."""
        lines = []
        for quad in self.quads_of[node]:
            terms = ["_:a" if t == node else "_:z" if t[:2] == "_:" else t for t in quad]
            lines.append(nquad_line(*terms))  # type: ignore[arg-type]
        lines.sort()
        h = self.first_degree[node] = self.hash("".join(lines))
        return h

    def issue_non_unique(self) -> None:
        """4.4.3 step 5: the tied blank nodes, through Hash N-Degree Quads."""
        for h in sorted(self.tied_by_hash):
            results: list[_Result] = []
            for node in self.tied_by_hash[h]:
                if node not in self.canonical:
                    results.append(self.hash_n_degree_quads(node, {node: "_:b0"}))
            results.sort(key=lambda result: result[0])  # stable: ties keep the input order
            for _, issuer in results:
                for node in issuer:
                    self.issue_canonical(node)

    def hash_n_degree_quads(self, node: str, issuer: Issuer) -> _Result:
        """Hash N-Degree Quads (4.8): the recursive calls run from an explicit stack."""
        stack = [self._hash_n_degree_quads(node, issuer)]
        reply: _Result | None = None
        while True:
            try:
                call = stack[-1].send(reply)  # type: ignore[arg-type]
            except StopIteration as returned:
                stack.pop()
                if not stack:
                    result: _Result = returned.value
                    return result
                reply = returned.value
            else:
                stack.append(self._hash_n_degree_quads(*call))
                reply = None

    def _step(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise WorkLimitError(self.limit, self.tied)

    def hash_related_blank_node(self, related: str, predicate: str, issuer: Issuer, position: str) -> str:
        """Hash Related Blank Node (4.7); the predicate is given as ``<iri>`` text."""
        text = position if position == "g" else position + predicate
        ident = self.canonical.get(related) or issuer.get(related) or self.first_degree[related]
        text += ident
        h = self._related.get(text)
        if h is None:
            h = self._related[text] = self.hash(text)
        return h

    def _hash_n_degree_quads(self, node: str, issuer: Issuer) -> _HNDQ:
        self._step()
        related_by_hash: dict[str, list[str]] = {}  # 4.8.3 steps 1-3
        for s, p, o, g in self.quads_of[node]:
            for position, related in (("s", s), ("o", o), ("g", g)):
                if related != node and related[:2] == "_:":
                    h = self.hash_related_blank_node(related, p, issuer, position)
                    related_by_hash.setdefault(h, []).append(related)
        data = []
        for h in sorted(related_by_hash):  # step 5
            nodes = related_by_hash[h]
            data.append(h)
            if len(nodes) == 1:
                # One permutation: its path is chosen, so the issuer is updated in place.
                path, issuer = yield from self._path(nodes, issuer, "")  # type: ignore[misc]
            else:
                path, issuer = yield from self._choose_path(nodes, issuer)
            data.append(path)
        return self.hash("".join(data)), issuer

    def _choose_path(self, nodes: list[str], issuer: Issuer) -> _HNDQ:
        """4.8.3 step 5.4: the least path over the permutations of ``nodes``, and its issuer."""
        chosen_path = ""
        chosen_issuer = issuer
        for permutation in permutations(nodes):
            self._step()
            path, copy = yield from self._path(permutation, issuer.copy(), chosen_path)
            if path is not None and (not chosen_path or path < chosen_path):
                chosen_path, chosen_issuer = path, copy
        return chosen_path, chosen_issuer

    def _path(
        self, permutation: Iterable[str], issuer: Issuer, chosen: str
    ) -> Generator[_Call, _Result, tuple[str | None, Issuer]]:
        """4.8.3 steps 5.4.4.1-3: the path of one permutation (None once it exceeds ``chosen``)."""
        canonical = self.canonical
        path = ""
        recursion = []
        for related in permutation:
            ident = canonical.get(related)
            if ident is None:
                ident = issuer.get(related)
                if ident is None:
                    recursion.append(related)
                    ident = issuer[related] = f"_:b{len(issuer)}"
            path += ident
            if chosen and len(path) >= len(chosen) and path > chosen:
                return None, issuer
        for related in recursion:
            h, issuer = yield related, issuer
            path += issuer[related] + "<" + h + ">"
            if chosen and len(path) >= len(chosen) and path > chosen:
                return None, issuer
        return path, issuer
