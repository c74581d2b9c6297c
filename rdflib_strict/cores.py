"""How many worker processes ``-j N`` (``workers=N``) gets: stdlib only, so that the command
line and ``iterparse`` ask without loading ``parallel`` and its pool's imports."""

from __future__ import annotations

import os

__all__ = ["worker_count"]


def worker_count(jobs: int) -> int:
    """The number of workers for ``-j jobs``: 0 means one per available core, and there are
    never more than that. Parsing keeps a core busy, so more processes than cores only cost
    their start and memory: ``-j 1000`` on a one-line file forked 1000 of them (7.5 s)."""
    if jobs < 0:
        raise ValueError(f"the number of jobs must be 0 (all cores) or more, not {jobs}")
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cores = os.cpu_count() or 1
    return min(jobs, cores) if jobs else cores
