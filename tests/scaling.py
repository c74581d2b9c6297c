"""Linear-time checks that need no absolute timing: the same work timed at n and at 4n.

Linear work takes about 4 times as long at 4n, quadratic work about 16 times; the tests
assert a growth below 8, the geometric middle, so either side may be off by a factor of 2.
The two sizes are timed in turns, in CPU time, with the cyclic collector paused, and the
best run of each is kept: a busy machine slows both alike instead of one of them.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

#: Growth from n to 4n that linear work stays under and quadratic work (16) does not.
LINEAR_BOUND = 8.0


def growth(setup: Callable[[int], Callable[[], object]], n: int, *, repeat: int = 5) -> float:
    """Best CPU time of ``setup(4 * n)()`` over the best CPU time of ``setup(n)()``.

    ``setup(size)`` builds the input (not timed) and returns the call to time.
    """
    calls = (setup(n), setup(4 * n))
    best = [float("inf"), float("inf")]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            for i, call in enumerate(calls):
                start = time.process_time()
                call()
                best[i] = min(best[i], time.process_time() - start)
    finally:
        if enabled:
            gc.enable()
    return best[1] / best[0]
