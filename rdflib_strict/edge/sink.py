"""Putting parsed statements into an rdflib sink, all or nothing.

Statements go to the store in batches through ``store.add`` (a quad's fourth element is the
context Graph), which skips ``Graph.add``'s per-triple checks. A failed parse must leave the
sink as it was, so:

- into an empty store (the common case) batches are added as they come, and on failure every
  graph this parse touched is emptied again: nothing in it can predate the parse;
- into a store that already holds statements, batches are held back until the document has
  parsed, so nothing needs undoing.
"""

from __future__ import annotations

import gc
from collections.abc import Generator, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from ..syntax.kinds import ErrorKind, SpanError
from ..syntax.messages import NEEDS_DATASET

if TYPE_CHECKING:  # imported where a graph is made: paused_gc's users need no rdflib
    from rdflib.graph import Graph
    from rdflib.term import Node

__all__ = ["SinkWriter", "paused_batches", "paused_gc"]

T = TypeVar("T")


class SinkWriter:
    """Adds batches of ``(s, p, o, context_graph)`` to ``sink``'s store, undoably."""

    def __init__(self, sink: Graph, allow_named: bool) -> None:
        self.sink = sink
        self.store = sink.store
        self._allow_named = allow_named and self.store.context_aware
        self._direct = len(self.store) == 0
        self._held: list[list[Any]] = []
        self._created: list[Graph] = []
        self._existing: set[Node] | None = None

    def graph_for(self, label: Node) -> Hashable:
        """The context Graph for a graph label (called again for a label once the parser's
        bounded cache has dropped it: the Graph is then an equal one over the same store)."""
        if not self._allow_named:
            raise SpanError(NEEDS_DATASET, kind=ErrorKind.NAMED_GRAPH_IN_GRAPH)
        from rdflib.graph import Graph

        graph = Graph(store=self.store, identifier=label)  # type: ignore[arg-type]
        if self._direct:
            if self._existing is None:
                self._existing = {c.identifier for c in self.store.contexts()}
            if label not in self._existing:
                self._existing.add(label)
                self._created.append(graph)
        return graph

    def emit(self, batch: list[Any]) -> None:
        if self._direct:
            self._add(batch)
        else:
            self._held.append(batch)

    def commit(self) -> None:
        for batch in self._held:
            self._add(batch)
        self._held.clear()

    def _add(self, batch: list[Any]) -> None:
        # Store.addN is this loop plus two asserts per statement that our contexts satisfy.
        add = self.store.add
        for s, p, o, ctx in batch:
            add((s, p, o), ctx, False)

    def rollback(self) -> None:
        self._held.clear()
        if not self._direct:
            return
        store = self.store
        store.remove((None, None, None), self.sink)
        for graph in self._created:
            if store.graph_aware:
                store.remove_graph(graph)
            else:
                store.remove((None, None, None), graph)


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic collector while a graph's worth of acyclic objects is made.

    Collections triggered by allocation counts would walk the growing graph again and again
    without finding garbage (a parse creates no cycles); the caller's setting is restored.
    Afterwards the new objects are young, and the next collections walk them once each as
    they age, as they would any others.

    They must age that way. Moving them straight to the oldest generation
    (``gc.freeze()`` then ``gc.unfreeze()``, which visits no object) saves that first walk
    but costs far more later: in the oldest generation nothing outside it holds them, so the
    next full collection finds every one unreachable at first and relinks it as it is
    reached from the graph, in the order of the graph's indexes rather than of memory. Every
    later full collection, and the one at interpreter exit, then walks millions of objects
    across memory: 3-4x slower on a term-diverse graph (0.3 of near neighbours in the
    collector's list against 0.87; tests/test_plugin.py).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def paused_batches(batches: Iterator[T]) -> Iterator[T]:
    """Each of ``batches`` (a parser's statements, a chunk's worth at a time) made with the
    cyclic collector paused, and handed on with the caller's setting restored.

    A stream's statements are gone once the caller has seen them, but while a chunk is read
    the collector runs every 700 allocations and walks what is young: the batch being filled,
    the terms being cached. Paused, it walks the batch once, at the first allocation after it
    is handed on (2-3% of ``iterparse``'s instructions; README, "The garbage collector"). The
    caller's own code, between batches, runs with its setting."""
    try:
        while True:
            with paused_gc():
                batch = next(batches, None)
            if batch is None:
                return
            yield batch
    finally:
        if isinstance(batches, Generator):  # closed now, not when collected
            batches.close()
