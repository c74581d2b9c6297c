"""The only code that touches rdflib's private attributes, store internals or plugin registry.

Everything here depends on how rdflib is written today rather than on its documented API, so
it is kept in one place, in small functions that say what they read, and each degrades to
"not available" (None) where rdflib could change underneath: callers then take the public,
slower path. The test suite (which ``.ci/run`` also runs against the oldest supported
rdflib) pins the behaviour of each.

- ``Memory`` (rdflib's default store) keeps every graph's triples as one set per context and
  every triple in nested-dict indexes, under name-mangled private attributes.
- rdflib's plugin registry is the module-level dict ``rdflib.plugin._plugins``, keyed by
  ``(name, kind)``; ``plugin.register`` can add an entry but nothing public removes one.
- ``Literal`` keeps its language tag and datatype in the slots ``_language`` and ``_datatype``,
  which its public ``language`` and ``datatype`` properties return.
- ``ConjunctiveGraph.parse`` hands its parser a default graph with no reference back to its
  owner; the owner is found in the calling frames.

One layer below, ``formats/terms.py`` builds Literals through those slots and reads the tables
``Literal()`` itself consults (``rdflib.term._toPythonMapping``, ``_check_well_formed_types``,
``_well_formed_by_value``), once per datatype and parse, falling back to the constructor
without them; tests/test_terms.py pins the result to the constructor's.
"""

from __future__ import annotations

import sys
from collections.abc import Collection
from types import FrameType, MemberDescriptorType
from typing import Any

from rdflib import plugin
from rdflib.graph import Graph
from rdflib.plugin import Plugin
from rdflib.plugins.stores.memory import Memory
from rdflib.term import Literal, Node, URIRef

__all__ = [
    "Index",
    "TripleSet",
    "caller_selves",
    "literal_field_names",
    "memory_holds_no_quoted_triples",
    "memory_indexes",
    "memory_triple_sets",
    "registry_entry",
    "restore_registry_entry",
]

#: A Memory index: ``first -> second -> {third: None}`` (insertion-ordered nested dicts).
Index = dict[Node, dict[Node, dict[Node, Any]]]
#: A Memory context's triples (a set today).
TripleSet = Collection[tuple[Node, Node, Node]]


def memory_triple_sets(store: Memory, graph: Graph) -> tuple[TripleSet | None, TripleSet | None] | None:
    """``(graph's triples, every triple of the store)`` as ``Memory`` keeps them.

    Read from ``Memory.__contextTriples`` (context key -> triple set, key None for the union
    of all contexts) through ``Memory.__ctx_to_str``. Either set is None if the store has no
    entry for it (a graph with no triples); the whole result is None if rdflib no longer has
    these attributes.
    """
    by_context = getattr(store, "_Memory__contextTriples", None)
    to_key = getattr(store, "_Memory__ctx_to_str", None)
    if not isinstance(by_context, dict) or not callable(to_key):
        return None
    return by_context.get(to_key(graph)), by_context.get(None)


def memory_indexes(store: Memory) -> tuple[Index, Index] | None:
    """``Memory``'s private ``(__spo, __pos)`` indexes: subject -> predicate -> objects and
    predicate -> object -> subjects, over every triple of the store (quoted N3 formula
    triples included), in insertion order; None if rdflib no longer has them."""
    spo = getattr(store, "_Memory__spo", None)
    pos = getattr(store, "_Memory__pos", None)
    if isinstance(spo, dict) and isinstance(pos, dict):
        return spo, pos
    return None


def memory_holds_no_quoted_triples(store: Memory) -> bool:
    """True only if ``store`` provably holds no quoted (N3 formula) triple; False says nothing.

    ``Memory`` keeps each triple's contexts (context key -> quoted?) in ``__tripleContexts``,
    except for triples whose contexts equal ``__defaultContexts`` (those of the first triple it
    was given). A quoted triple's contexts hold a True, so with no entry there and no True in
    the defaults, every triple of the store is in its default context: O(1), where counting
    the index reads every entry of it (some 9 ms for 100k triples, a twentieth of writing them).
    """
    entries = getattr(store, "_Memory__tripleContexts", None)
    defaults = getattr(store, "_Memory__defaultContexts", None)
    if not isinstance(entries, dict) or entries:
        return False
    return defaults is None or (isinstance(defaults, dict) and True not in defaults.values())


def literal_field_names(cls: type = Literal) -> tuple[str, str]:
    """The attribute names to read a ``cls`` literal's language tag and datatype by.

    rdflib's ``Literal`` keeps them in the slots ``_language`` and ``_datatype``; its
    ``language`` and ``datatype`` are Python properties returning them. ``getattr`` of a slot
    costs some 350 instructions, a property some 620 (a writer reads both of most literals).
    The public names if ``cls`` no longer has both slots, or the slots no longer hold what
    the properties give; only for ``cls`` itself, never a subclass (it may override them).
    """
    slots = ("_language", "_datatype")
    if not all(isinstance(cls.__dict__.get(name), MemberDescriptorType) for name in slots):
        return "language", "datatype"
    try:
        samples = (cls("x", lang="en"), cls("1", datatype=URIRef("http://example.org/dt")), cls("x"))
        same = all(
            getattr(lit, slots[0]) == lit.language and getattr(lit, slots[1]) == lit.datatype
            for lit in samples
        )
    except Exception:  # any surprise (a constructor that changed): the public names
        same = False
    return slots if same else ("language", "datatype")


def registry_entry(name: str, kind: type) -> Plugin[Any] | None:
    """What rdflib's plugin registry holds for ``(name, kind)`` now (None: nothing)."""
    return plugin._plugins.get((name, kind))


def restore_registry_entry(name: str, kind: type, entry: Plugin[Any] | None) -> None:
    """Put back an entry ``registry_entry`` returned; None removes ``(name, kind)``."""
    if entry is None:
        plugin._plugins.pop((name, kind), None)
    else:
        plugin._plugins[(name, kind)] = entry


def caller_selves(skip: int, limit: int) -> list[object]:
    """The ``self`` local (None where there is none) of up to ``limit`` calling frames.

    Counting starts ``skip`` frames above the function that calls this one: ``skip=0`` is its
    direct caller. Used once per parse, to recognise the graph object whose method is
    parsing (see ``plugins._is_dataset_default``).
    """
    frame: FrameType | None
    try:
        frame = sys._getframe(2 + skip)
    except ValueError:  # the stack is not that deep
        return []
    selves: list[object] = []
    while frame is not None and len(selves) < limit:
        selves.append(frame.f_locals.get("self"))
        frame = frame.f_back
    return selves
