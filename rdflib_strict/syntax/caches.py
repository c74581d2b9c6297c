"""Bounded caches: the one rule every parser and writer cache follows.

A dump names millions of distinct terms, so a cache that keeps every one grows with the input.
Each cache is a plain dict or set (C-level lookups in the hot loops) that its owner trims once
per chunk or batch: a cache past ``CACHE_LIMIT`` entries is emptied in place. Emptying costs
only the re-checks of terms seen again; an LRU would cost a move on every hit (measured in
benchmarks/caches.py). A parse into a graph, which keeps every term anyway, trims nothing
(``untrimmed``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

__all__ = ["CACHED_TEXT_MAX", "CACHE_LIMIT", "trim_caches", "untrimmed"]

#: The most entries a cache keeps between two trims (a chunk adds at most one entry per
#: statement on top). A parse and a writer hold about six caches; at 65,536 entries each,
#: converting term-diverse N-Triples peaked at 126 MiB, at 16,384 at 73 MiB, and ran faster.
CACHE_LIMIT: Final = 1 << 14

#: Literals with a longer text are not cached. The limit above counts entries, not bytes: a
#: dump's long texts (abstracts, descriptions, WKT shapes) would fill a cache with 16,384
#: of them, hundreds of MiB (convert of 20k 1-8 KiB literals peaked at 613 MiB), and such
#: texts hardly ever repeat. Shorter literals, repeated ones among them, are cached as before.
CACHED_TEXT_MAX: Final = 1024


class _Untrimmed(threading.local):
    on = False


_untrimmed = _Untrimmed()


@contextmanager
def untrimmed() -> Iterator[None]:
    """Let no cache be emptied until the block ends (a parse into a graph, in this thread).

    A graph holds every term a parse makes, so its caches' terms are kept anyway; what
    trimming would save is only the caches' own tables. What it costs is layout. An emptied
    cache frees thousands of keys at once, and the terms and store dicts made next fill those
    holes, far from the pages around them; and a term read again after a trim is a second,
    equal object, held only by the store's newest dicts, which the next full collection
    relinks at the end of its list, scattered (15% of the list after 1M label lines).
    Every later collection walks that order: 1.27x the time after rdflib's parser on
    labels-1m, 0.89-1.00x untrimmed at 1M statements (issue #23; README, "Whole processes").
    Streams (iterparse, validate, convert) trim.
    """
    was, _untrimmed.on = _untrimmed.on, True
    try:
        yield
    finally:
        _untrimmed.on = was


def trim_caches(*caches: dict[Any, Any] | set[Any]) -> None:
    """Empty each cache that has grown past ``CACHE_LIMIT`` (in place: bound methods stay
    valid), unless inside ``untrimmed``."""
    if _untrimmed.on:
        return
    for cache in caches:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
