"""pytest plugin: ``RDFLIB_STRICT_EXAMPLES_PERCENT=N`` runs each property test with N% of its examples.

`.ci/run` runs the whole suite three times (this environment, the oldest supported rdflib, the
newest Python); the second and third runs look for what differs between versions, which a
quarter of the generated examples finds as well as all of them, and the three took more than
CI's 15 minutes. A test's own ``@settings(max_examples=...)`` outranks any hypothesis profile,
so the share is applied to each collected test's settings, never below 10 examples.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

PERCENT_VARIABLE = "RDFLIB_STRICT_EXAMPLES_PERCENT"
FEWEST = 10


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    percent = os.environ.get(PERCENT_VARIABLE)
    if not percent:
        return
    share = int(percent) / 100
    done: set[int] = set()
    for item in items:
        test = getattr(item, "obj", None)
        # hypothesis reads this attribute of the wrapped test each time the test runs
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(chosen, settings) or id(test) in done:
            continue
        done.add(id(test))
        examples = max(FEWEST, round(chosen.max_examples * share))
        test._hypothesis_internal_use_settings = settings(chosen, max_examples=examples)  # type: ignore[union-attr]
