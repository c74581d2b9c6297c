"""The CI's share of hypothesis examples (tests/examples_share.py) reaches tests that set their own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROPERTY_TESTS = """
from hypothesis import given, settings, strategies as st

@settings(max_examples=200, database=None)
@given(st.integers())
def test_own_settings(n):
    with open("own.count", "a") as f:
        f.write("x")

@given(st.integers())
def test_default_settings(n):
    with open("default.count", "a") as f:
        f.write("x")
"""


def _counts(tmp_path: Path, percent: str | None) -> tuple[int, int]:
    (tmp_path / "test_props.py").write_text(PROPERTY_TESTS, encoding="utf-8")
    for name in ("own.count", "default.count"):
        (tmp_path / name).unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent)}
    env.pop("RDFLIB_STRICT_EXAMPLES_PERCENT", None)
    if percent is not None:
        env["RDFLIB_STRICT_EXAMPLES_PERCENT"] = percent
    command = [sys.executable, "-m", "pytest", "-q", "-p", "examples_share", "-p", "no:cacheprovider"]
    command += ["-p", "no:xdist", "-o", "addopts=", "test_props.py"]
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    own = len((tmp_path / "own.count").read_text(encoding="utf-8"))
    default = len((tmp_path / "default.count").read_text(encoding="utf-8"))
    return own, default


def test_a_share_of_every_property_tests_examples(tmp_path: Path) -> None:
    assert _counts(tmp_path, None) == (200, 100)  # the test's own 200, hypothesis's default 100
    assert _counts(tmp_path, "25") == (50, 25)
    assert _counts(tmp_path, "1") == (10, 10)  # never fewer than ten
