"""Bounded caches: the one rule every parser and writer cache follows.

A dump names millions of distinct terms, so a cache that keeps every one grows with the input.
Each cache is a plain dict or set (C-level lookups in the hot loops) that its owner trims once
per chunk or batch: a cache past ``CACHE_LIMIT`` entries is emptied in place. Emptying costs
only the re-checks of terms seen again; an LRU would cost a move on every hit (measured in
benchmarks/caches.py).
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["CACHE_LIMIT", "trim_caches"]

#: The most entries a cache keeps between two trims (a chunk adds at most one entry per
#: statement on top). A parse and a writer hold about six caches; at 65,536 entries each,
#: converting term-diverse N-Triples peaked at 126 MiB, at 16,384 at 73 MiB, and ran faster.
CACHE_LIMIT: Final = 1 << 14


def trim_caches(*caches: dict[Any, Any] | set[Any]) -> None:
    """Empty each cache that has grown past ``CACHE_LIMIT`` (in place: bound methods stay valid)."""
    for cache in caches:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
