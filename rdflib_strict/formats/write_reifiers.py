"""Where the RDF 1.2 Turtle and TriG writers put reifiers: annotations and reified triples.

A reifier ``r`` with exactly one ``r rdf:reifies <<( s p o )>>`` statement is written
with that triple instead of as a ``r rdf:reifies ...`` block, the other statements about
``r`` going with it:

- ``s p o`` asserted in the same graph: an annotation after the object,
  ``s p o ~ r {| ... |}``; a blank node reifier that occurs nowhere else is ``{| ... |}``
  (the reader makes a new blank node for it), one with nothing else said of it ``~ _:r``.
- ``s p o`` not asserted: a reified triple as the subject, ``<< s p o ~ r >> ...`` (``<< s p o
  >> ...`` for a blank node reifier that occurs nowhere else).

Anything else (a blank node reifier that is some statement's object, a reifier of two
triples, a reifier whose annotation would have to be written inside itself) stays a plain
``r rdf:reifies <<( ... )>>`` block. Every blank node inside a triple term written out
(``<<( )>>``, ``<< >>``) is one the writer must label: the term names it, so ``[ ]`` or a list
cell would make another node. A triple written as an annotation names its nodes where they
are written, so they may be ``[ ]`` (and a reifier ``{| |}``, as in ``{| :a :b {| :c :d |} |}``).
"""

from __future__ import annotations

from collections.abc import Container
from typing import Final

from rdflib.term import BNode, Node, URIRef

from .rdf12_terms import TripleTerm
from .terms import RDF_REIFIES, is_bnode, is_triple_term

__all__ = ["Reifiers", "blank_nodes_in_triple_terms", "plan_reifiers"]

#: Subject -> predicate -> objects, as ``write_turtle.Desc`` (not imported: it imports us).
_Desc = dict[Node, dict[Node, list[Node]]]
_same_text: Final = str.__eq__


class Reifiers:
    """The plan for one graph (see the module doc)."""

    __slots__ = ("anchors", "annotations", "anonymous", "in_place", "reified", "reifies")

    def __init__(self) -> None:
        #: Asserted triple -> its reifiers, in the order written (anonymous blocks first).
        self.annotations: dict[tuple[Node, Node, Node], list[Node]] = {}
        #: Reifier of a triple not asserted -> that triple (a ``<< s p o ~ r >>`` subject).
        self.reified: dict[Node, TripleTerm] = {}
        #: Blank node reifiers written without a label (``{| |}`` or ``<< s p o >>``).
        self.anonymous: set[Node] = set()
        #: Every planned reifier -> its triple term (its rdf:reifies statement, taken out).
        self.reifies: dict[Node, TripleTerm] = {}
        #: The subjects of annotated triples: never a ``( )`` list cell (items take none).
        self.anchors: set[Node] = set()
        #: Blank nodes written in place as ``<< s p o >>``: the object of one statement, with
        #: nothing said of them but one rdf:reifies.
        self.in_place: dict[Node, TripleTerm] = {}


def _blank_nodes_in(term: TripleTerm, found: set[BNode]) -> None:
    t: Node = term
    while is_triple_term(t):
        if is_bnode(t.subject):
            found.add(t.subject)
        t = t.object
    if is_bnode(t):
        found.add(t)


def blank_nodes_in_triple_terms(desc: _Desc, skip: Container[Node] = ()) -> set[BNode]:
    """The blank nodes inside the triple terms of one graph (objects only: a triple term is
    never a subject or predicate), but for the rdf:reifies statements of the ``skip`` nodes."""
    found: set[BNode] = set()
    for s, props in desc.items():
        skipped = s in skip
        for p, objs in props.items():
            if skipped and _is_reifies(p):
                continue
            for o in objs:
                if is_triple_term(o):
                    _blank_nodes_in(o, found)
    return found


def _is_reifies(p: Node) -> bool:
    return type(p) is URIRef and _same_text(p, RDF_REIFIES)


def _candidates(desc: _Desc, refs: dict[BNode, int]) -> dict[Node, TripleTerm]:
    """Reifiers with one rdf:reifies statement; a blank node one only if no statement's object."""
    found: dict[Node, TripleTerm] = {}
    for r, props in desc.items():
        if is_bnode(r):
            if refs.get(r):
                continue
        elif not isinstance(r, URIRef):
            continue
        for p, objs in props.items():
            if _is_reifies(p):
                if len(objs) == 1 and is_triple_term(objs[0]):
                    found[r] = objs[0]
                break
    return found


def _asserted(desc: _Desc, t: TripleTerm) -> bool:
    props = desc.get(t.subject)
    if props is None:
        return False
    objs = props.get(t.predicate)
    return objs is not None and t.object in objs


def _parents(desc: _Desc, refs: dict[BNode, int], labelled: set[BNode]) -> dict[Node, Node]:
    """Each blank node that may be written in place (``[ ]``) -> the subject it is written in."""
    parents: dict[Node, Node] = {}
    for s, props in desc.items():
        for objs in props.values():
            for o in objs:
                if is_bnode(o) and refs.get(o) == 1 and o not in labelled:
                    parents[o] = s
    return parents


def _drop_cycles(
    desc: _Desc, refs: dict[BNode, int], labelled: set[BNode], annotated: dict[Node, TripleTerm]
) -> None:
    """Leave out the reifiers whose annotation would be written inside itself.

    An annotation is written where its triple's subject is written: in that subject's own
    block, in the ``[ ]`` of the node it is the object of, or in the annotation of a reifier.
    A chain of these that comes back to a reifier would be written nowhere: that reifier is
    written as a block of its own (the chain ends there), and its triple's blank nodes labelled.
    """
    parents = _parents(desc, refs, labelled)
    done: set[Node] = set()
    for r in sorted(annotated, key=str):
        path: list[Node] = []
        on_path: set[Node] = set()
        x: Node | None = r
        while x is not None and x not in done:
            if x in on_path:
                cut = next((y for y in path[path.index(x) :] if y in annotated), None)
                if cut is not None:  # else a cycle of `[ ]` nodes, which the writer labels
                    _blank_nodes_in(annotated.pop(cut), labelled)
                break
            path.append(x)
            on_path.add(x)
            t = annotated.get(x)
            x = t.subject if t is not None else parents.get(x)
        done.update(path)


def _order(r: Node, anonymous: set[Node]) -> tuple[int, str]:
    # Anonymous blocks first: a `{| |}` right after `~ r` is read as r's by some readers.
    return (0 if r in anonymous else 1 if isinstance(r, URIRef) else 2, str(r))


def plan_reifiers(desc: _Desc, refs: dict[BNode, int], labelled: set[BNode]) -> Reifiers:
    """Plan one graph and take the planned rdf:reifies statements out of ``desc``.

    ``labelled`` (blank nodes that must keep their label) gets the blank nodes of every triple
    term written out.
    """
    plan = Reifiers()
    candidates = _candidates(desc, refs)
    annotated = {r: t for r, t in candidates.items() if _asserted(desc, t)}
    # A reifier whose rdf:reifies statement is annotated keeps it: the annotation goes there.
    annotated_reifies = {(a.subject, a.object) for a in annotated.values() if _is_reifies(a.predicate)}
    if annotated_reifies:
        for r, t in list(candidates.items()):
            if (r, t) in annotated_reifies:
                del candidates[r]
                annotated.pop(r, None)
    labelled.update(blank_nodes_in_triple_terms(desc, annotated))
    if not candidates:
        _in_place(desc, refs, labelled, plan)
        return plan
    _drop_cycles(desc, refs, labelled, annotated)
    for r, t in candidates.items():
        if r not in annotated:
            plan.reified[r] = t
    plan.reifies = {**plan.reified, **annotated}
    for r in plan.reifies:
        props = desc[r]
        for p in list(props):
            if _is_reifies(p):
                del props[p]
                break
        # `~ _:r` for an annotation with nothing else said of r: a `{| |}` block holds at
        # least one statement.
        if is_bnode(r) and r not in labelled and (props or r not in annotated):
            plan.anonymous.add(r)
        if not props and r in annotated:
            del desc[r]  # written in its annotation only
    for r in sorted(annotated, key=lambda r: _order(r, plan.anonymous)):
        t = annotated[r]
        plan.annotations.setdefault((t.subject, t.predicate, t.object), []).append(r)
        plan.anchors.add(t.subject)
    _in_place(desc, refs, labelled, plan)
    return plan


def _in_place(desc: _Desc, refs: dict[BNode, int], labelled: set[BNode], plan: Reifiers) -> None:
    """Find the blank nodes to write as ``<< s p o >>`` objects and take them out of ``desc``."""
    for b, props in desc.items():
        if (
            is_bnode(b)
            and len(props) == 1
            and refs.get(b) == 1
            and b not in labelled
            and b not in plan.anchors
        ):
            ((p, objs),) = props.items()
            if _is_reifies(p) and len(objs) == 1 and is_triple_term(objs[0]):
                plan.in_place[b] = objs[0]
    for b in plan.in_place:
        del desc[b]
