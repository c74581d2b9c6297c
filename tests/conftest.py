"""Shared fixtures: repository root, shared data directory and the W3C rdf-tests checkout."""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from locations import RDF_CANON_MISSING, RDF_TESTS_MISSING, find_rdf_canon_dir, find_rdf_tests_dir
from locations import repo_root as _repo_root
from locations import shared_data_dir as _shared_data_dir

pytest_plugins = ["earl", "examples_share"]  # tests/earl.py (--earl FILE), tests/examples_share.py


def _not_ill_typed_noise(record: logging.LogRecord) -> bool:
    # rdflib logs this, with a formatted traceback, for every ill-typed literal it builds; the
    # tests build thousands on purpose (exact lexical forms, hypothesis strategies), and the
    # formatting alone took a third of the hypothesis round trips. Any other record passes.
    return not record.getMessage().startswith("Failed to convert Literal lexical form to value.")


logging.getLogger("rdflib.term").addFilter(_not_ill_typed_noise)

# Full collections ten times rarer (every 100 collections of generation 1, not 10): each walks
# the whole session's heap (the collected tests, hypothesis's and rdflib's objects, hundreds of
# thousands), and the suite's allocations set off ~22 a worker, 3.5-4.5 s of its run. Nothing
# a test checks depends on when the collector runs: tests about it (test_plugin) collect
# explicitly, and the memory tests trace allocations, not collections.
gc.set_threshold(gc.get_threshold()[0], gc.get_threshold()[1], 100)


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis's modules are imported plainly, not assertion-rewritten.

    pytest rewrites the asserts of every module of a distribution that has a pytest plugin,
    and hypothesis has one: its ~75 modules were parsed and rewritten in each process (xdist
    worker) at every run, half a second each, since PYTHONDONTWRITEBYTECODE keeps pytest from
    caching the result. Our own test modules are still rewritten. (The hook's set of package
    names is private; if pytest renames it, this does nothing.)
    """
    must_rewrite = getattr(config.pluginmanager.rewrite_hook, "_must_rewrite", None)
    if isinstance(must_rewrite, set):
        must_rewrite.discard("hypothesis")


def _preload_forkserver() -> None:
    """The forkserver imports this package's parallel module once, so ``-j``'s workers inherit it.

    ``-j`` and ``workers=`` fork their workers directly only from a single-threaded process; an
    xdist worker has execnet's thread, so there they come from the forkserver, which otherwise
    imports nothing, and every worker of every pool imported rdflib anew: ~0.35 s of CPU each,
    6-7 of test_parallel's 10-12 s (machine CPU, -n 1). The workers run the same code either way.
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.get_context("forkserver").set_forkserver_preload(["rdflib_strict.parallel"])


_preload_forkserver()


def pytest_unconfigure(config: pytest.Config) -> None:
    """An xdist worker, its tests done, freezes the collector's generations before it exits.

    Its shutdown otherwise walks the whole session's heap, garbage included, once or twice
    (a collection set off while the worker reports back, the one at interpreter exit): 1-2 s
    between a worker's last test and its exit, which the run waits for. Only in workers,
    which exit next; a pytest run inside a longer-lived process is left alone.
    """
    if hasattr(config, "workerinput"):
        gc.freeze()


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under ``CI=true``, missing W3C suites or shared data fail the run instead of leaving
    out ~900 cases (README, "Set-up"): a plain clone may lack them, CI must not."""
    if os.environ.get("CI", "").lower() != "true":
        return
    data_dir = _shared_data_dir()
    missing = [RDF_TESTS_MISSING] if find_rdf_tests_dir() is None else []
    if find_rdf_canon_dir() is None:
        missing.append(RDF_CANON_MISSING)
    if not data_dir.is_dir():
        missing.append(f"shared data not found at {data_dir} (set RDF_DATA_DIR)")
    if missing:
        pytest.exit("CI=true: " + "; ".join(missing), returncode=1)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (parent of ``tests/``)."""
    return _repo_root()


@pytest.fixture(scope="session")
def shared_data_dir() -> Path:
    """Shared test data: ``$RDF_DATA_DIR``, else ``<repo>/../shared/data`` (skip if absent)."""
    path = _shared_data_dir()
    if not path.is_dir():
        pytest.skip(f"shared data not found: set RDF_DATA_DIR or place it at {path}")
    return path.resolve()


@pytest.fixture(scope="session")
def rdf_tests_dir() -> Path:
    """The W3C rdf-tests checkout (skip if absent)."""
    path = find_rdf_tests_dir()
    if path is None:
        pytest.skip(RDF_TESTS_MISSING)
    return path


@pytest.fixture
def collector_paused() -> Iterator[None]:
    """The cyclic collector paused for one test that builds hundreds of thousands of objects
    and no reference cycle (only for writer tests: a parse behaves differently with the
    collector off). Left running, it walks the whole session's heap several times during
    such a test: a second or more each, late in a run."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
