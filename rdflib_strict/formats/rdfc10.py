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

Three shortcuts give the Recommendation's identifiers without its exponential work on
symmetric shapes (each argued where it is made): a one-node permutation updates its issuer in
place; a tied node that an automorphism maps onto a node already hashed in its component is
not hashed (``_Orbits``); and of the permutations of step 4.8.3 5.4 only one per class of
arrangements that automorphisms map onto each other is tried (``_State.interchangeable``),
so isomorphic subtrees and cliques cost one walk, not one per order of their nodes.

4.4's guard against poison datasets counts steps: each call of Hash N-Degree Quads made, and
each permutation the Recommendation's step 5.4 goes through, tried or skipped as an image of
one tried (k alike related nodes are k! steps, charged before the first is tried). A dataset
that needs more steps than the work limit raises ``WorkLimitError`` instead of running for
hours: the suite's clique of 10 blank nodes needs 9! = 362,880 at its first node.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Container, Generator, Iterable
from functools import cmp_to_key
from itertools import permutations
from math import factorial
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
#: leave tied (at least ``_MIN_WORK``): a chain of n blank nodes takes about n² steps, where a
#: clique of 10 takes 9! at its first node (and the Recommendation billions in all).
DEFAULT_WORK_FACTOR: Final = 4
_MIN_WORK: Final = 100_000

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
        self.tied = tied
        super().__init__(self.said("work_limit="))

    def said(self, option: str) -> str:
        """The message, naming ``option`` as the way to allow more (``--work-limit N`` on the
        command line, the ``work_limit=`` keyword in Python)."""
        return (
            f"RDFC-1.0 stopped after {self.limit:,} steps of Hash N-Degree Quads (the work limit; "
            f"{self.tied:,} blank nodes share their first-degree hash): the dataset may be built "
            f"to make canonicalization take exponential time; a larger {option} allows more"
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

    __slots__ = ("issued", "lines", "steps")

    def __init__(self, issued: dict[str, str], lines: list[str], steps: int = 0) -> None:
        #: Input blank node identifier (without ``_:``) -> canonical identifier (``c14n0``, ...).
        self.issued = issued
        #: The canonical N-Quads lines (line ends included), sorted, without duplicates.
        self.lines = lines
        #: The steps counted against the work limit (see the module).
        self.steps = steps

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
        {nquad_line(*[canonical[t] if t[:2] == "_:" else t for t in quad]) for quad in state.quads}
    )
    return Canonicalized({n[2:]: c[2:] for n, c in canonical.items()}, lines, work_limit - state.budget)


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
        #: Each blank node's related blank nodes (4.8.3 step 3), with the text Hash Related
        #: Blank Node puts before their identifier: ``s<p>``, ``o<p>`` or ``g``.
        self.links: dict[str, list[tuple[str, str]]] = {}
        for quad in quads:
            self._link(quad)
        #: The canonical issuer (prefix c14n).
        self.canonical: Issuer = {}
        self.first_degree: dict[str, str] = {}
        #: Blank nodes tied by their first-degree hash, by that hash (what 4.4.3 step 4 leaves).
        self.tied_by_hash: dict[str, list[str]] = {}
        self._related: dict[str, str] = {}  # Hash Related Blank Node's input -> its hash
        self.budget = self.limit = self.tied = 0
        self._quad_set: frozenset[Quad] | None = None  # made when an automorphism is checked

    def _link(self, quad: Quad) -> None:
        s, p, o, g = quad
        components = (("s" + p, s), ("o" + p, o), ("g", g))
        for node in dict.fromkeys((s, o, g)):
            if node[:2] == "_:":
                links = self.links.setdefault(node, [])
                links += [(head, t) for head, t in components if t != node and t[:2] == "_:"]

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
            lines.append(nquad_line(*terms))
        lines.sort()
        h = self.first_degree[node] = self.hash("".join(lines))
        return h

    def issue_non_unique(self) -> None:
        """4.4.3 step 5: the tied blank nodes, through Hash N-Degree Quads.

        A node that an automorphism maps onto one already hashed in its component is
        skipped (see ``_Orbits``): its result could not change the canonical identifiers.
        """
        for h in sorted(self.tied_by_hash):
            # Each result's issued nodes in the order issued, not its issuer: a tied node's
            # issuer can hold its whole component, so n of them held n² entries (1.4 GB for a
            # collection nested 4,000 deep); a tuple is a pointer per node.
            results: list[tuple[str, tuple[str, ...]]] = []
            orbits = _Orbits(self)
            for node in self.tied_by_hash[h]:
                if node not in self.canonical and not orbits.known(node):
                    hashed, issuer = self.hash_n_degree_quads(node, {node: "_:b0"})
                    orbits.hashed(node, issuer)
                    results.append((hashed, tuple(issuer)))
            results.sort(key=lambda result: result[0])  # stable: ties keep the input order
            for _, issued in results:
                for node in issued:
                    self.issue_canonical(node)

    def automorphism(
        self, seed: dict[str, str], fixed: Container[str] = (), also: Container[str] = ()
    ) -> dict[str, str] | None:
        """An automorphism of the quads extending ``seed`` that fixes every term but the free
        blank nodes (without a canonical identifier, not in ``fixed`` or ``also``) of the
        seed's components, as node -> image; or None when the walk finds none."""
        sigma, image, todo = dict(seed), set(seed.values()), list(seed)
        while todo:
            x = todo.pop()
            if not self._pair_quads(x, sigma[x], sigma, image, todo, (fixed, also)):
                return None
        if self._quad_set is None:
            self._quad_set = frozenset(self.quads)
        quads = self._quad_set
        for x in sigma:
            for quad in self.quads_of[x]:
                if tuple([sigma.get(t, t) for t in quad]) not in quads:
                    return None
        return sigma

    def _pair_quads(
        self,
        x: str,
        y: str,
        sigma: dict[str, str],
        image: set[str],
        todo: list[str],
        fixed: tuple[Container[str], Container[str]],
    ) -> bool:
        """Match the quads of ``x`` with those of ``y = sigma[x]``, extending ``sigma``."""
        xs, ys = self.quads_of[x], self.quads_of[y]
        if len(xs) != len(ys):
            return False
        canonical, first_degree = self.canonical, self.first_degree
        fixed_a, fixed_b = fixed
        # Keys as the other side would spell the quad: mapped nodes by their image, the other
        # free nodes by their first-degree hash and where they first stand in the quad (a
        # tuple), every other term as itself. The free test is spelled out: it is the walk's
        # inner loop.
        by_key: dict[tuple[object, ...], list[Quad]] = {}
        for q in ys:
            key = tuple(
                [
                    (first_degree[t], q.index(t))
                    if t[:2] == "_:"
                    and t not in image
                    and t not in canonical
                    and t not in fixed_a
                    and t not in fixed_b
                    else t
                    for t in q
                ]
            )
            by_key.setdefault(key, []).append(q)
        # Made before any pairing below, as those of ys were: with the map as it stands.
        keys = [
            tuple(
                [
                    (sigma.get(t) or (first_degree[t], q.index(t)))
                    if t[:2] == "_:" and t not in canonical and t not in fixed_a and t not in fixed_b
                    else t
                    for t in q
                ]
            )
            for q in xs
        ]
        for q, key in zip(xs, keys, strict=True):
            candidates = by_key.get(key)
            if not candidates:
                return False
            r = candidates.pop()
            # Equal keys make r the image of q, once the terms keyed by a tuple (free, not
            # mapped yet) are mapped to r's: each to one node, and to one no other maps to.
            for t, k, u in zip(q, key, r, strict=True):
                if k.__class__ is tuple:
                    mapped = sigma.get(t)
                    if mapped is None:
                        if u in image:
                            return False
                        sigma[t] = u
                        image.add(u)
                        todo.append(t)
                    elif mapped != u:
                        return False
        return True

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

    def _step(self, steps: int = 1) -> None:
        self.budget -= steps
        if self.budget < 0:
            raise WorkLimitError(self.limit, self.tied)

    def hash_related_blank_node(self, text: str) -> str:
        """Hash Related Blank Node (4.7) of its input ``text``: the position, the predicate
        (``<iri>``) unless the position is ``g``, and the related node's identifier (canonical,
        else issued, else its first-degree hash). Inputs repeat: each is hashed once."""
        h = self._related.get(text)
        if h is None:
            h = self._related[text] = self.hash(text)
        return h

    def _hash_n_degree_quads(self, node: str, issuer: Issuer) -> _HNDQ:
        """One call of Hash N-Degree Quads: yields its recursive calls, returns its result."""
        self.budget -= 1  # _step, inlined: this is the hot loop
        if self.budget < 0:
            self._step(0)
        canonical, first_degree, hashed = self.canonical, self.first_degree, self._related
        related_by_hash: dict[str, list[str]] = {}  # 4.8.3 steps 1-3
        for head, related in self.links[node]:
            text = head + (canonical.get(related) or issuer.get(related) or first_degree[related])
            h = hashed.get(text) or self.hash_related_blank_node(text)
            related_by_hash.setdefault(h, []).append(related)
        data = []
        for h in sorted(related_by_hash):  # step 5
            nodes = related_by_hash[h]
            data.append(h)
            if len(nodes) > 1:
                path, issuer = yield from self._choose_path(nodes, issuer)
            else:
                # One permutation (step 5.4 inlined): its path is chosen, so the issuer is
                # updated in place, and nothing is compared.
                related = nodes[0]
                path = canonical.get(related) or issuer.get(related) or ""
                if not path:
                    path = issuer[related] = f"_:b{len(issuer)}"
                    result, issuer = yield related, issuer
                    path += path + "<" + result + ">"
            data.append(path)
        return self.hash("".join(data)), issuer

    def _choose_path(self, nodes: list[str], issuer: Issuer) -> _HNDQ:
        """4.8.3 step 5.4: the least path over the permutations of ``nodes``, and its issuer.

        Every permutation counts as a step, but of arrangements that automorphisms map onto
        each other only the first is tried (see ``interchangeable``)."""
        self._step(factorial(len(nodes)))
        canonical = self.canonical
        identifiers = [i for i in (canonical.get(n) or issuer.get(n) for n in nodes) if i]
        if len(identifiers) == len(nodes):
            # Nothing to issue or recurse into: a permutation's path is its nodes' identifiers
            # in its order, and the least of those concatenations puts a before b when
            # a + b < b + a (a total preorder on strings); the issuer stays as it is.
            return "".join(sorted(identifiers, key=_concatenation_order)), issuer
        chosen_path = ""
        chosen_issuer = issuer
        classes = self.interchangeable(nodes, issuer)
        for permutation in permutations(nodes) if classes is None else _arrangements(nodes, classes):
            path, copy = yield from self._path(permutation, issuer.copy(), chosen_path)
            if path is not None and (not chosen_path or path < chosen_path):
                chosen_path, chosen_issuer = path, copy
        return chosen_path, chosen_issuer

    def interchangeable(self, nodes: list[str], issuer: Issuer) -> list[int] | None:
        """Classes of ``nodes`` (a class number per position) whose members automorphisms swap;
        None when no two are.

        Two free nodes x and y are in one class when an automorphism swaps them and fixes
        every canonical and issued node and the rest of ``nodes``. Such an automorphism maps
        the state of step 5.4 onto itself, so a permutation and the one with x and y swapped
        get the same path (the algorithm sees only terms, hashes and issued identifiers):
        the latter cannot become the chosen path, which changes only on a lower one, and need
        not be tried. The swaps generate every reordering within classes (a swap of x, z is
        that of x, y, then y, z, then x, y), so the first of each permutation's reorderings
        stands for them all: the permutations in which each class keeps its input order.
        """
        if len(set(nodes)) < len(nodes):
            return None  # a node related twice by one hash: left to the plain permutations
        canonical = self.canonical
        classes = list(range(len(nodes)))
        firsts: list[int] = []  # the first position of each class of free nodes
        for i, y in enumerate(nodes):
            if y in canonical or y in issuer:
                continue
            for first in firsts:
                x = nodes[first]
                others = {z for z in nodes if z != x and z != y}
                if self.automorphism({x: y, y: x}, issuer, others) is not None:
                    classes[i] = first
                    break
            else:
                firsts.append(i)
        return None if len(firsts) == len(nodes) else classes

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


@cmp_to_key
def _concatenation_order(a: str, b: str) -> int:
    return -1 if a + b < b + a else 1 if a + b > b + a else 0


def _arrangements(nodes: list[str], classes: list[int]) -> Iterable[tuple[str, ...]]:
    """The permutations of ``nodes`` in which the positions of each class (``classes[i]``:
    position i's) keep their order, in the order ``itertools.permutations`` gives them."""
    k = len(nodes)
    chosen: list[int] = []
    used = [False] * k
    # The next position of a class may be placed only when its earlier ones are: count them.
    waiting = [sum(1 for c in classes[:i] if c == classes[i]) for i in range(k)]
    placed = dict.fromkeys(classes, 0)

    def extend() -> Iterable[tuple[str, ...]]:
        if len(chosen) == k:
            yield tuple(nodes[i] for i in chosen)
            return
        for i in range(k):
            if not used[i] and placed[classes[i]] == waiting[i]:
                used[i] = True
                placed[classes[i]] += 1
                chosen.append(i)
                yield from extend()
                chosen.pop()
                placed[classes[i]] -= 1
                used[i] = False

    return extend()


class _Orbits:
    """Tied blank nodes of one component that automorphisms map onto each other (4.4.3 step 5).

    In step 5 the result of Hash N-Degree Quads for a node n issues identifiers to every blank
    node of n's component (the blank nodes reached from n through blank nodes without a
    canonical identifier): the recursion gives each one a temporary identifier. An
    automorphism of the dataset that fixes every canonical identifier and maps n to m gives m
    the same hash as n (the algorithm sees only terms, hashes and issued identifiers, all
    invariant). So when n, in m's component, was hashed before m, m's result sorts right
    after n's (the sort is stable) and finds every node of its issuer already issued: it
    changes nothing, and m is skipped. On a cycle of blank nodes this leaves one call
    instead of one per node (each a walk around the whole cycle).

    Automorphisms are found by walking from n and m in step, matching each node's quads by
    their terms, canonical identifiers and first-degree hashes (of several alike, the first
    left); the map found is then checked quad by quad, so a wrong guess only means that m is
    hashed after all.
    """

    def __init__(self, state: _State) -> None:
        self.state = state
        self.parent: dict[str, str] = {}  # union-find over the nodes automorphisms relate
        self.done: set[str] = set()  # roots of the classes with a hashed node
        self.first: dict[str, str] = {}  # node -> the first hashed node of its component

    def find(self, node: str) -> str:
        parent = self.parent
        while parent.get(node, node) != node:
            node = parent[node] = parent.get(parent[node], parent[node])
        return node

    def hashed(self, node: str, issuer: Issuer) -> None:
        for other in issuer:  # the issuer holds node's whole component
            self.first.setdefault(other, node)
        self.done.add(self.find(node))

    def known(self, node: str) -> bool:
        """True when ``node`` is in the orbit of a node hashed in its component."""
        first = self.first.get(node)
        if first is None:
            return False
        if self.find(node) not in self.done:
            sigma = self.state.automorphism({first: node})
            if sigma is None:
                return False
            for x, y in sigma.items():
                rx, ry = self.find(x), self.find(y)
                if rx != ry:
                    self.parent[ry] = rx
                    if ry in self.done:
                        self.done.add(rx)
        return self.find(node) in self.done
