"""Running the command line in the test process, as a subprocess would report it.

An interpreter start-up costs ~0.3 s, and the CLI tests make dozens of runs: ``run_cli`` calls
``cli.main`` here instead, with its own stdin, stdout and stderr (byte streams read as UTF-8,
no tty), working directory, logging filters and warning filters, so a run sees nothing of the
test process and leaves nothing behind. ``run_process`` is the real thing, for the tests
that are about the process itself (the entry point, exit status through ``sys.exit``). Both
run in the repository root unless given ``cwd``, wherever pytest was started.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import subprocess
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

from locations import repo_root

from rdflib_strict import cli

__all__ = ["run_cli", "run_process"]

_LOGGERS = ("rdflib", "rdflib.term")


def run_cli(
    args: Sequence[str], stdin: bytes | str = b"", cwd: Path | str | None = None
) -> subprocess.CompletedProcess[str]:
    """``rdflib-strict ARGS`` run in this process: exit status, stdout and stderr as text."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    out, err = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", write_through=True),
    )
    filters = {name: list(logging.getLogger(name).filters) for name in _LOGGERS}
    saved = sys.stdin, sys.stdout, sys.stderr
    here = os.getcwd()
    try:
        with warnings.catch_warnings():
            sys.stdin, sys.stdout, sys.stderr = streams
            os.chdir(repo_root() if cwd is None else cwd)
            try:
                code = cli.main(list(args))
            except SystemExit as e:  # argparse's usage errors
                code = e.code if isinstance(e.code, int) else 1
            for stream in streams[1:]:
                with contextlib.suppress(ValueError):
                    stream.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        os.chdir(here)
        for name, kept in filters.items():
            logging.getLogger(name).filters[:] = kept
    return subprocess.CompletedProcess(
        list(args), code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")
    )


def run_process(
    args: Sequence[str], stdin: bytes | str = b"", cwd: Path | str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m rdflib_strict ARGS`` in a subprocess."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "rdflib_strict", *args],
        input=data,
        capture_output=True,
        cwd=repo_root() if cwd is None else cwd,
        check=False,
    )
    return subprocess.CompletedProcess(
        list(args), done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    )
