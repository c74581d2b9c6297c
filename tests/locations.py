"""Where the repository, the W3C suites and the shared data are: the standard library only, so
that conftest (which xdist's controller loads before it starts its workers) imports no RDF
library (rdflib, pyoxigraph and this package took 0.25 s of every run's start)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "RDF_CANON_MISSING",
    "RDF_TESTS_MISSING",
    "find_rdf_canon_dir",
    "find_rdf_tests_dir",
    "readme_example",
    "repo_root",
    "shared_data_dir",
]

RDF_TESTS_MISSING = "W3C rdf-tests not found: set RDF_TESTS_DIR or place them at ../shared/rdf-tests"
RDF_CANON_MISSING = "W3C rdf-canon tests not found: set RDF_CANON_DIR or place them at ../shared/rdf-canon"


def repo_root() -> Path:
    """The repository root (parent of ``tests/``), derived from this file's location."""
    return Path(__file__).resolve().parent.parent


def readme_example(name: str) -> str:
    """The code of the README's ``<!-- name -->`` python block (the README's examples are run)."""
    text = (repo_root() / "README.md").read_text(encoding="utf-8")
    start, end = f"<!-- {name} -->\n```python\n", f"```\n<!-- /{name} -->"
    return text.split(start, 1)[1].split(end, 1)[0]


def find_rdf_tests_dir() -> Path | None:
    """The rdf-tests checkout: ``$RDF_TESTS_DIR``, else ``<repo>/../shared/rdf-tests``."""
    env = os.environ.get("RDF_TESTS_DIR")
    candidate = Path(env) if env else repo_root().parent / "shared" / "rdf-tests"
    return candidate.resolve() if (candidate / "rdf").is_dir() else None


def find_rdf_canon_dir() -> Path | None:
    """The rdf-canon checkout: ``$RDF_CANON_DIR``, else ``<repo>/../shared/rdf-canon``."""
    env = os.environ.get("RDF_CANON_DIR")
    candidate = Path(env) if env else repo_root().parent / "shared" / "rdf-canon"
    return candidate.resolve() if (candidate / "tests" / "manifest.ttl").is_file() else None


def shared_data_dir() -> Path:
    """Shared test data: ``$RDF_DATA_DIR``, else ``<repo>/../shared/data`` (may not exist)."""
    env = os.environ.get("RDF_DATA_DIR")
    return Path(env) if env else repo_root().parent / "shared" / "data"
