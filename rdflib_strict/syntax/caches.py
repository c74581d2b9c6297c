"""Bounded caches: the one rule every parser and writer cache follows.

A dump names millions of distinct terms, so a cache that keeps every one grows with the input.
Each cache is a plain dict or set (C-level lookups in the hot loops) that its owner trims once
per chunk or batch: a cache past ``CACHE_LIMIT`` entries is emptied in place. Emptying costs
only the re-checks of terms seen again; an LRU would cost a move on every hit (measured in
benchmarks/caches.py).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

__all__ = ["CACHED_TEXT_MAX", "CACHE_LIMIT", "keys_kept", "trim_caches"]

#: The most entries a cache keeps between two trims (a chunk adds at most one entry per
#: statement on top). A parse and a writer hold about six caches; at 65,536 entries each,
#: converting term-diverse N-Triples peaked at 126 MiB, at 16,384 at 73 MiB, and ran faster.
CACHE_LIMIT: Final = 1 << 14

#: Literals with a longer text are not cached. The limit above counts entries, not bytes: a
#: dump's long texts (abstracts, descriptions, WKT shapes) would fill a cache with 16,384
#: of them, hundreds of MiB (convert of 20k 1-8 KiB literals peaked at 613 MiB), and such
#: texts hardly ever repeat. Shorter literals, repeated ones among them, are cached as before.
CACHED_TEXT_MAX: Final = 1024


class _Kept(threading.local):
    keys: list[object] | None = None


_kept = _Kept()


@contextmanager
def keys_kept() -> Iterator[None]:
    """Keep the keys of emptied caches alive until the block ends (a parse into a graph).

    An emptied cache frees thousands of key strings and tuples at once. The terms and the
    store's dicts and tuples the parse makes next share their allocator size classes, so they
    fill those holes, in pages far from the ones allocated around them; the graph then lies
    scattered, and every later full collection walks it across memory (1.2-1.6x the time
    after rdflib's parser on term-diverse data, issue #23). Kept keys cost memory in
    proportion to the graph being built (which holds the terms anyway), never in a stream.
    """
    kept, _kept.keys = _kept.keys, []
    try:
        yield
    finally:
        _kept.keys = kept


def trim_caches(*caches: dict[Any, Any] | set[Any]) -> None:
    """Empty each cache that has grown past ``CACHE_LIMIT`` (in place: bound methods stay valid)."""
    for cache in caches:
        if len(cache) > CACHE_LIMIT:
            if _kept.keys is not None:
                _kept.keys.extend(cache)
            cache.clear()
