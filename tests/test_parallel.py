"""Parallel N-Triples/N-Quads (issue #14): for any document and any cutting, the parallel
result is the serial one: statements in order, blank node identity, every error and warning
at its place, the first error where a serial parse stops."""

from __future__ import annotations

import gzip
import itertools
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clirun import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, URIRef
from test_validate import line_document
from verdicts import described

import rdflib_strict
from rdflib_strict import ParseError, parallel
from rdflib_strict.edge.readers import make_parser
from rdflib_strict.formats.validate_lines import LineValidator
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.reader import document_prefix

LINE_ENDS = ["\n", "\r\n", "\r"]


def temporary_file(data: bytes, suffix: str = ".nq") -> Iterator[str]:
    """A file holding ``data``, removed after (``for path in temporary_file(...)``)."""
    fd, path = tempfile.mkstemp(suffix=suffix)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    try:
        yield path
    finally:
        os.unlink(path)


def _label(term: Any, prefix: str) -> Any:
    # A label's node id is the document's prefix, "l" and the label: compare by label.
    if isinstance(term, BNode):
        assert term.startswith(prefix + "l"), (term, prefix)
        return ("_:", term[len(prefix) + 1 :])
    return term


def serial(data: bytes, quads: bool, skip: bool) -> tuple[list[Any], list[tuple[Any, ...]]]:
    parser = make_parser("nquads" if quads else "ntriples")
    prefix = parser.terms.prefix
    log: list[ParseError] = []
    found: list[Any] = []
    try:
        for batch in parser.batches(ChunkReader(_stream(data), "doc"), log.append if skip else None):
            found += batch
    except ParseError as e:
        log.append(e)
    return [tuple(_label(t, prefix) for t in q) for q in found], described(log)


def _stream(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


def in_parts(
    path: str, quads: bool, skip: bool, block: int, workers: int = 1
) -> tuple[list[Any], list[tuple[Any, ...]]]:
    prefix = document_prefix()
    job = parallel.BlockTask("statements", quads, "doc", prefix, skip=skip)
    log: list[ParseError] = []
    found: list[Any] = []
    for done in parallel.run_blocks(job, parallel.file_blocks(path, block), workers=workers):
        log += done.errors
        found += done.output
        if done.fatal is not None:
            assert isinstance(done.fatal, ParseError)
            log.append(done.fatal)
    return [tuple(_label(t, prefix) for t in q) for q in found], described(log)


# --- the cuts -------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.text("ab\u00e9 ", max_size=5), st.sampled_from(LINE_ENDS)), max_size=30),
    st.booleans(),
    st.integers(1, 40),
)
def test_cuts_fall_after_line_ends_never_inside_crlf(
    lines: list[tuple[str, str]], unterminated: bool, block: int
) -> None:
    text = "".join(body + end for body, end in lines) + ("tail" if unterminated else "")
    data = text.encode()
    for path in temporary_file(data):
        parts = list(parallel.file_blocks(path, block))
        with open(path, "rb") as f:
            pieces = []
            for part in parts:
                f.seek(part.offset)
                pieces.append(f.read(part.length))
    assert b"".join(pieces) == data
    assert [p.number for p in parts] == list(range(len(parts)))
    assert [p.at_start for p in parts] == [i == 0 for i in range(len(parts))]
    for piece, after in itertools.pairwise(pieces):
        assert piece.endswith((b"\n", b"\r")), piece
        assert not (piece.endswith(b"\r") and after.startswith(b"\n")), (piece, after)


# --- any document, any cutting: the serial result -------------------------------------------


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.booleans(), st.booleans(), st.integers(1, 300))
def test_parallel_result_is_the_serial_one(data: st.DataObject, quads: bool, skip: bool, block: int) -> None:
    doc = data.draw(line_document(quads))
    if data.draw(st.booleans()):
        doc = "\ufeff" + doc  # a BOM: dropped at the start only
    raw = doc.encode()
    expected, errors = serial(raw, quads, skip)
    for path in temporary_file(raw):
        got, got_errors = in_parts(path, quads, skip, block)
    assert got_errors == errors
    if skip:
        assert got == expected
    else:
        # Stopped at the first error: what came before it is the statements before it, in
        # order; how many depends on the cutting, as serially on the chunking (a batch cut
        # short by the error is not handed on).
        assert got == serial(raw, quads, True)[0][: len(got)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.booleans(), st.integers(1, 300))
def test_parallel_validation_is_the_serial_one(data: st.DataObject, quads: bool, block: int) -> None:
    raw = data.draw(line_document(quads)).encode()
    errors: list[ParseError] = []
    warnings: list[ParseError] = []
    count = LineValidator(quads, warnings.append).check(ChunkReader(_stream(raw), "doc"), errors.append)
    job = parallel.BlockTask("validate", quads, "doc", document_prefix(), skip=True, warn=True)
    got_errors: list[ParseError] = []
    got_warnings: list[ParseError] = []
    got = 0
    for path in temporary_file(raw):
        for done in parallel.run_blocks(job, parallel.file_blocks(path, block), workers=1):
            assert done.fatal is None
            got += done.count
            got_errors += done.errors
            got_warnings += done.warnings
    assert (got, described(got_errors), described(got_warnings)) == (
        count,
        described(errors),
        described(warnings),
    )


def test_text_blocks_give_the_same_as_file_blocks(tmp_path: Path) -> None:
    # What the parent reads itself (compressed, remote, stdin) is cut into text blocks.
    doc = "".join(f'_:b{i % 7} <http://ex/p> "{i}" .{LINE_ENDS[i % 3]}' for i in range(200)) + "bad\n"
    expected = serial(doc.encode(), False, True)
    prefix = document_prefix()
    job = parallel.BlockTask("statements", False, "doc", prefix, skip=True)
    reader = ChunkReader(_stream(doc.encode()), "doc", chunk_size=64)
    found: list[Any] = []
    log: list[ParseError] = []
    for done in parallel.run_blocks(job, parallel.text_blocks(reader, 100), workers=1):
        found += done.output
        log += done.errors
    assert ([tuple(_label(t, prefix) for t in q) for q in found], described(log)) == expected
    assert expected[1][0][0] == 201  # the error's line: the last, counted across blocks


# --- real worker processes ------------------------------------------------------------------

DOC = "".join(
    f'_:n{i % 50} <http://ex/p{i % 3}> "v{i}"@en <http://ex/g{i % 4}> .{LINE_ENDS[i % 3]}'
    for i in range(3000)
)


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BLOCK_SIZE", 4096)  # ~40 blocks of DOC


@pytest.mark.parametrize("workers", [2, 3, 4])
def test_file_blocks_come_in_rounds_of_the_workers(tmp_path: Path, workers: int) -> None:
    # No worker is left with one block more than the others at the end: the number of
    # blocks is a multiple of the workers, their sizes evened out.
    path = tmp_path / "doc.nq"
    path.write_text(DOC, encoding="utf-8", newline="")
    parts = list(parallel.file_blocks(str(path), 4096, workers))
    assert len(parts) % workers == 0
    sizes = [p.length for p in parts]
    assert max(sizes) - min(sizes) < 200  # a line at most
    assert sum(sizes) == path.stat().st_size


def test_iterparse_with_workers_warns_and_parses_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "doc.nq"
    path.write_text(DOC, encoding="utf-8", newline="")
    one = list(rdflib_strict.iterparse(path))

    def no_workers(*args: Any) -> Any:
        raise AssertionError("iterparse started worker processes")

    monkeypatch.setattr(parallel, "run_blocks", no_workers)
    with pytest.warns(UserWarning, match="parses in one process") as caught:
        two = list(rdflib_strict.iterparse(path, workers=2))
    assert len(caught) == 1
    assert [q[1:] for q in two] == [q[1:] for q in one]
    # One node per label, in the same pattern as the other parse.
    relabel = {a: b for a, b in zip((q[0] for q in one), (q[0] for q in two), strict=True)}
    assert len(relabel) == len(set(relabel.values())) == 50


def test_statements_in_worker_processes_are_the_serial_parse(tmp_path: Path) -> None:
    path = tmp_path / "doc.nq"
    path.write_text(DOC, encoding="utf-8", newline="")
    assert in_parts(str(path), True, False, 4096, workers=2) == serial(DOC.encode(), True, False)


def test_statements_from_worker_processes_keep_lexical_forms(tmp_path: Path) -> None:
    # rdflib's own pickling rebuilds "007"^^xsd:integer as "7": the workers must not.
    xsd = "http://www.w3.org/2001/XMLSchema#"
    forms = ["007", "+5", "1E0", "0.50", " 1 ", "true", "1"]
    types = ["integer", "integer", "double", "decimal", "token", "boolean", "boolean"]
    path = tmp_path / "lex.nt"
    path.write_text(
        "".join(
            f'<http://ex/s> <http://ex/p> "{f}"^^<{xsd}{t}> .\n' for f, t in zip(forms, types, strict=True)
        ),
        encoding="utf-8",
    )
    # Blocks of 60 bytes: a line each, so the seven are parsed by both workers.
    got = [q[2] for q in in_parts(str(path), False, False, 60, workers=2)[0]]
    assert [str(o) for o in got] == forms
    assert [o.datatype for o in got] == [URIRef(xsd + t) for t in types]


def test_worker_processes_stop_at_the_first_error_as_serially(tmp_path: Path) -> None:
    lines = DOC.splitlines(keepends=True)
    lines[2500] = "<http://ex/s> <http://ex/p> <rel> .\n"
    data = "".join(lines).encode()
    path = tmp_path / "bad.nq"
    path.write_bytes(data)
    found, errors = in_parts(str(path), True, False, 4096, workers=2)
    assert errors == serial(data, True, False)[1]
    assert errors[0][0] == 2501  # the line
    # What came before the error is statements of the lines before it, in order (as serially,
    # a batch cut short by the error is not handed on).
    assert 2000 < len(found) <= 2500
    before = serial("".join(lines[:2500]).encode(), True, False)[0]
    assert found == before[: len(found)]


def test_iterparse_turtle_with_workers_warns_and_parses(tmp_path: Path) -> None:
    path = tmp_path / "doc.ttl"
    path.write_text("<http://ex/s> <http://ex/p> 1, 2 .\n", encoding="utf-8")
    with pytest.warns(UserWarning, match="one process"):
        assert len(list(rdflib_strict.iterparse(path, workers=2))) == 2


def _cli(args: list[str], cwd: Path) -> tuple[int, str, str]:
    out = run_cli(args, cwd=cwd)
    # The summary's time differs from run to run.
    return out.returncode, out.stdout, out.stderr.rsplit(" in ", 1)[0]


@pytest.mark.parametrize("fmt", ["nt", "ttl"])
def test_cli_jobs_read_a_fifo_as_a_stream(tmp_path: Path, small_blocks: None, fmt: str) -> None:
    # A FIFO (``<(zcat dump.nt.gz)``) was cut as a regular file: it has no size, so -j 2
    # found no statements and said it was valid (N-Triples), or could not seek in it (Turtle).
    doc = "".join(f'_:b{i % 50} <http://ex/p> "v{i}" .\n' for i in range(3000))
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)
    for cmd in (["validate"], ["convert", "--to", "nt", "-q"]):
        feeder = threading.Thread(target=fifo.write_bytes, args=(doc.encode(),))
        feeder.start()
        out = run_cli([*cmd, "-j", "2", "-f", fmt, "in.fifo"], cwd=tmp_path)
        feeder.join()
        assert out.returncode == 0, out.stderr
        if cmd[0] == "validate":
            assert "; 3,000 statements in " in out.stderr
        else:
            assert sorted(out.stdout.splitlines()) == sorted(doc.splitlines())


@pytest.mark.parametrize("ext", ["nq", "nq.gz"])
def test_cli_jobs_give_the_output_of_one_process(tmp_path: Path, small_blocks: None, ext: str) -> None:
    lines = DOC.splitlines(keepends=True)
    lines[100] = "<http://ex/s> <http://ex/p> <rel> .\n"
    lines[2900] = '<http://ex/s> <http://ex/p> "x"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
    lines[2950] = "garbage\r\n"
    data = "".join(lines).encode()
    (tmp_path / f"in.{ext}").write_bytes(gzip.compress(data) if ext.endswith("gz") else data)
    for cmd in (
        ["validate", f"in.{ext}"],
        ["validate", "--max-errors", "1", f"in.{ext}"],
        ["convert", f"in.{ext}", "--to", "nq", "-o", "out{j}.nq", "--skip-invalid", "--rejects", "rej{j}.nq"],
        # A compressor: the blocks go through Python, not sendfile.
        ["convert", f"in.{ext}", "--to", "nq", "-o", "out{j}.nq.gz", "--skip-invalid"],
    ):
        results = []
        for j in ("1", "2"):
            code, out, err = _cli([a.format(j=j) for a in [*cmd, "-j", j]], tmp_path)
            results.append((code, out, err.replace(f"rej{j}.", "rej.")))
        assert results[0] == results[1], cmd
        assert results[0][0] == 1
        if "--max-errors" in cmd:  # the 100 lines before the bad one, counted across blocks
            assert results[0][2].endswith("(1 error, 0 warnings); 100 statements")
    assert (tmp_path / "out1.nq").read_bytes() == (tmp_path / "out2.nq").read_bytes()
    assert (tmp_path / "rej1.nq").read_bytes() == (tmp_path / "rej2.nq").read_bytes()
    one, two = (gzip.decompress((tmp_path / f"out{j}.nq.gz").read_bytes()) for j in "12")
    assert one == two == (tmp_path / "out1.nq").read_bytes()
    assert (tmp_path / "out1.nq").read_bytes().count(b"\n") == 2998
    assert f"in.{ext}:2951:1: expected a subject" in (tmp_path / "rej2.nq").read_text()


def test_cli_jobs_convert_refuses_named_graphs_in_ntriples(tmp_path: Path, small_blocks: None) -> None:
    (tmp_path / "in.nq").write_text(DOC, encoding="utf-8", newline="")
    out = run_cli(["convert", "in.nq", "--to", "nt", "-o", "out.nt", "-j", "2"], cwd=tmp_path)
    said = "N-Triples has no named graphs: convert to nquads or trig, in the statement"
    statement = '_:n0 <http://ex/p0> "v0"@en <http://ex/g0> .'  # as written, to be found
    assert (out.returncode, out.stderr) == (1, f"in.nq: cannot write <http://ex/g0>: {said} {statement}\n")
    assert not (tmp_path / "out.nt").exists()


def test_cli_jobs_on_turtle_with_rejects_say_so_and_read_serially(tmp_path: Path) -> None:
    # --rejects writes the directives in force before each rejected statement: one parser.
    (tmp_path / "a.ttl").write_text("@prefix ex: <http://ex/> .\nex:s ex:p .\n", encoding="utf-8")
    args = ["convert", "-j", "2", "a.ttl", "--to", "nt", "--skip-invalid", "--rejects", "r.ttl"]
    code, _, err = _cli(args, tmp_path)
    assert code == 1
    assert "a.ttl: read by one process: --rejects writes the directives in force" in err
    assert "\n@prefix ex: <http://ex/> .\n# " in (tmp_path / "r.ttl").read_text(encoding="utf-8")


def test_jobs_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="0 \\(all cores\\) or more"):
        parallel.worker_count(-1)
    assert parallel.worker_count(0) >= 1


def test_jobs_are_never_more_than_the_cores(tmp_path: Path) -> None:
    # -j 1000 on a one-line file forked 1000 workers (7.5 s); parsing keeps a core busy, so
    # processes past the cores only cost their start and memory.
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    assert [parallel.worker_count(n) for n in (1, 1000, 0)] == [1, cores, cores]
    assert parallel.worker_count(2) == min(2, cores)
    (tmp_path / "one.nt").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    code, _, err = _cli(["validate", "-j", "1000", "one.nt"], tmp_path)
    assert (code, "1 valid" in err) == (0, True), err


@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "nq", "-o", "out.nq"]])
def test_cli_jobs_a_range_that_cannot_be_read_is_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    # The file vanishes between the cutting and a worker's read: an I/O error, exit 2, said
    # in one line with the file's name, never a traceback.
    (tmp_path / "in.nq").write_text(DOC, encoding="utf-8", newline="")
    real = parallel.file_blocks

    def vanishing(path: str, block: int | None = None, workers: int = 1) -> Iterator[parallel.Block]:
        for part in real(path, 4096, workers):
            yield part._replace(path=str(tmp_path / "gone.nq")) if part.number == 3 else part

    monkeypatch.setattr(parallel, "file_blocks", vanishing)
    code, out, err = _cli([command[0], "in.nq", *command[1:], "-j", "2"], tmp_path)
    assert code == 2, (out, err)
    assert "Traceback" not in out + err
    assert "gone.nq" in out + err
    assert not (tmp_path / "out.nq").exists()


@pytest.mark.parametrize("task", ["validate", "convert", "statements"])
@pytest.mark.parametrize(("quads", "turtle"), [(False, False), (True, False), (False, True), (True, True)])
def test_the_workers_warm_up_reads_whole_in_every_format(task: str, quads: bool, turtle: bool) -> None:
    # A sample that stopped parsing would warm nothing up, silently.
    job = parallel.BlockTask(task, quads, "warm-up", document_prefix(), False)  # type: ignore[arg-type]
    job = job._replace(turtle=turtle, base="http://example/")
    text = parallel._WARM_UP_TURTLE if turtle else parallel._WARM_UP_LINES
    done = parallel.do_block(job, parallel.Block(0, True, text=text))
    assert (done.count, done.fatal, done.errors) == ((14, None, []) if turtle else (24, None, []))


def test_a_warmed_up_worker_compiles_nothing_for_blocks_of_common_lines(tmp_path: Path) -> None:
    # Patterns are compiled when first used; a worker compiles them in its warm-up, while
    # the parent finds the cuts, and not in its first block.
    block = "".join(
        f"<http://ex.org/{i}> <http://ex.org/p{i % 7}> {o} .\n"
        for i, o in enumerate(
            ['"x"@de', "<http://ex.org/o>", '"2"^^<http://www.w3.org/2001/XMLSchema#integer>'] * 50
        )
    )
    script = tmp_path / "warm.py"
    script.write_text(
        "import sys\n"
        "try:\n    import re._compiler as compiler\n"
        "except ImportError:  # Python 3.10\n    import sre_compile as compiler\n"
        "from rdflib_strict import parallel\n"
        "job = parallel.BlockTask('validate', False, 'x', 'p', False, warn=True)\n"
        "parallel._warm_up(job)\n"
        "compiled = []\n"
        "original = compiler.compile\n"
        "compiler.compile = lambda p, flags=0: compiled.append(p) or original(p, flags)\n"
        "done = parallel.do_block(job, parallel.Block(1, False, text=sys.stdin.read()))\n"
        "print(done.count, len(compiled))\n",
        encoding="utf-8",
    )
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, str(script)], input=block, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["150", "0"]


@pytest.mark.parametrize("broken", ["truncated gzip", "truncated gzip Turtle", "bad UTF-8 on stdin"])
def test_cli_jobs_read_the_text_before_a_break_as_one_process_does(tmp_path: Path, broken: str) -> None:
    # Text read here (compressed, stdin) is gathered into blocks; when the stream broke, the
    # lines gathered for the block being filled were dropped: no error, "0 statements".
    lines = ["<rel> <http://ex/p> <http://ex/o> .\n"]
    lines += [f'<http://ex/s{i}> <http://ex/p> "v{i}" .\n' for i in range(20_000)]
    stdin = b""
    if broken.startswith("truncated gzip"):
        turtle = broken.endswith("Turtle")  # statements over two lines: the break cuts one
        if turtle:
            lines = ["nope:s <http://ex/p> <http://ex/o> .\n"]  # <rel> is valid in Turtle
            lines += [f'<http://ex/s{i}>\n <http://ex/p> "v{i}" .\n' for i in range(20_000)]
        data = gzip.compress("".join(lines).encode())
        name = "in.ttl.gz" if turtle else "in.nt.gz"
        (tmp_path / name).write_bytes(data[: len(data) // 2])
        args = ["validate", name]
    else:
        stdin = "".join(lines[:9000]).encode() + b'<http://ex/s> <http://ex/p> "\xff" .\n'
        args = ["validate", "-f", "nt", "-"]
    said = {}
    for jobs in ("1", "2"):
        out = run_cli([*args, "-j", jobs], cwd=tmp_path, stdin=stdin)
        said[jobs] = out.returncode, out.stderr.rsplit(" in ", 1)[0]  # the time differs
    assert said["2"] == said["1"]
    first = "undefined prefix 'nope:'" if broken.endswith("Turtle") else "invalid IRI <rel>"
    assert f"1:1: {first}" in said["1"][1]


@pytest.mark.parametrize("turtle", [False, True], ids=["nt", "ttl"])
def test_a_block_stops_at_the_errors_its_caller_stops_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turtle: bool
) -> None:
    # validate -j kept every error of every block, then printed --max-errors of them: a
    # 20 MB document of errors took 32 s and 2.2 GB, against 0.1 s in one process.
    doc = ("<http://ex/s> <http://ex/p> .\n" * 3000).encode()
    path = tmp_path / ("doc.ttl" if turtle else "doc.nt")
    path.write_bytes(doc)
    job = parallel.BlockTask(
        "validate", False, "doc", document_prefix(), skip=True, turtle=turtle, max_errors=7
    )
    blocks = (
        parallel.turtle_file_blocks(str(path), job, block=4000)
        if turtle
        else parallel.file_blocks(str(path), 4000)
    )
    parts = list(blocks)
    results = list(parallel.run_blocks(job, parts, workers=1))
    assert len(parts) > 10
    assert [len(r.errors) for r in results] == [7] * len(parts)
    # The command line stops at the same error, with as many statements before it.
    monkeypatch.setattr(parallel, "BLOCK_SIZE", 4000)
    said = {}
    for jobs in ("1", "2"):
        out = run_cli(["validate", path.name, "--max-errors", "5", "-j", jobs], cwd=tmp_path)
        said[jobs] = out.returncode, out.stderr.rsplit(" in ", 1)[0]
    assert said["2"] == said["1"]
    assert "(5 errors, 0 warnings); 0 statements" in said["1"][1]
