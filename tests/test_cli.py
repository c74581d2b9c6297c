"""rdflib-strict validate / convert: output, exit status, stdin, files written only on success."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import run_cli, run_process
from locations import repo_root
from rdflib import Dataset, Graph
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from w3c import assert_same_graph, oxigraph_graph

from rdflib_strict import cli

REPO = repo_root()
EXAMPLE = REPO / "examples" / "library.ttl"
BAD_NT = (
    '<http://ex/s> <http://ex/p> "ok" .\n'
    "<http://ex/s> <http://ex/p> <rel> .\n"
    '<http://ex/s> <http://ex/p> "a\\qb" .\n'
    '<http://ex/s> <http://ex/p> "fine" .\n'
)


def test_validate_reports_every_bad_line_with_position(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nt"
    bad.write_text(BAD_NT, encoding="utf-8")
    out = run_cli(["validate", str(bad), str(EXAMPLE)])
    assert out.returncode == 1
    assert out.stdout == ""  # diagnostics go to stderr, every one
    lines = out.stderr.splitlines()
    assert f"{bad}:2:29: invalid IRI <rel>: relative IRI; only absolute IRIs are allowed here" in lines
    assert any(line.startswith(f"{bad}:3:31: invalid escape '\\q'") for line in lines)
    assert f"{EXAMPLE}: valid, 38 statements" in lines
    assert "2 files checked: 1 valid, 1 invalid (2 errors, 0 warnings); 40 statements in" in out.stderr


def test_validate_quiet_prints_one_line_per_error_and_no_summary(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nt"
    bad.write_text(BAD_NT, encoding="utf-8")
    out = run_cli(["validate", "--quiet", str(bad)])
    assert out.returncode == 1
    assert len(out.stderr.splitlines()) == 2
    assert out.stdout == ""


def test_validate_prints_bounded_errors_for_huge_lines_and_a_bom_as_u_feff(tmp_path: Path) -> None:
    """Errors and warnings on 2 MB lines print at most 1000 characters each (the line and the
    token quoted by a window); a byte order mark in the middle of a file prints as U+FEFF."""
    big = "1" * 1_000_000
    doc = (
        "@prefix : <http://ex/> .\n"
        "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        f':s :p "{big}" BAD .\n'
        f":s :p <{big}:x> .\n"
        f':s :p "0{big}-01-01"^^xsd:date .\n'
        "\ufeff:s :p :o .\n"
    )
    (tmp_path / "big.ttl").write_text(doc, encoding="utf-8")
    out = run_cli(["validate", "--warn-ill-typed", "big.ttl"], cwd=tmp_path)  # a short name in the blocks
    assert out.returncode == 1
    assert out.stdout == ""
    lines = out.stderr.splitlines()[:-1]  # the summary last
    assert len(lines) == 4 * 3  # three errors and a warning, each a message, a line and a caret
    blocks = ["\n".join(lines[i : i + 3]) for i in range(0, len(lines), 3)]
    assert all(len(block) < 1000 for block in blocks), [len(b) for b in blocks]
    assert [block.split(": ", 1)[0] for block in blocks] == [
        f"big.ttl:{n}:{c}" for n, c in ((3, 1000010), (4, 7), (5, 7), (6, 1))
    ]
    assert "\ufeff" not in out.stderr
    # U+FEFF is a PN_CHARS_BASE: the mark makes a prefix name of its own.
    assert lines[9].endswith("undefined prefix 'U+FEFF:' in U+FEFF:s (no @prefix or PREFIX declares it)")
    assert lines[10] == " 6 | U+FEFF:s :p :o ."
    assert lines[11] == "   | ^^^^^^^^"
    # Two files with a mark each, joined by cat: the second mark is an error, and visible.
    one = "\ufeff<http://ex/s> <http://ex/p> <http://ex/o> .\n"
    (tmp_path / "cat.nt").write_text(one + one, encoding="utf-8")
    out = run_cli(["validate", str(tmp_path / "cat.nt")])
    assert out.stderr.splitlines()[:-1] == [
        f"{tmp_path / 'cat.nt'}:2:1: expected a subject (an IRI or a blank node), found 'U+FEFF<http://ex/s>'",
        " 2 | U+FEFF<http://ex/s> <http://ex/p> <http://ex/o> .",
        "   | ^^^^^^^^^^^^^^^^^^^",
    ]


def test_validate_max_errors(tmp_path: Path) -> None:
    bad = tmp_path / "many.nt"
    bad.write_text("<rel> <http://ex/p> <http://ex/o> .\n" * 50, encoding="utf-8")
    out = run_cli(["validate", "-q", "--max-errors", "3", str(bad)])
    assert out.returncode == 1
    assert len(out.stderr.splitlines()) == 3


def test_validate_stdin_and_turtle_resynchronises() -> None:
    doc = b"@prefix : <http://ex/> .\n:s :p :o\n:s2 :p :o .\n:s3 :p :o .\n:s4 :p ex:o .\n"
    out = run_cli(["validate", "-", "--format", "ttl"], stdin=doc)
    assert out.returncode == 1
    assert "<stdin>:3:1: expected ',', ';' or '.' after the object :o, found ':s2'" in out.stderr
    assert "<stdin>:5:8: undefined prefix 'ex:'" in out.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["validate", "missing.nt"], "cannot read"),
        (["validate", "README.md"], "cannot tell the format"),
        (["convert", "examples/library.ttl", "--to", "rdfxml"], "unknown format"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    out = run_cli(args)
    assert out.returncode == 2
    assert message in out.stderr


def test_valid_exit_0() -> None:
    out = run_cli(["validate", str(EXAMPLE)])
    assert (out.returncode, out.stdout) == (0, "")


@pytest.mark.parametrize(("args", "code"), [(["validate", str(EXAMPLE)], 0), (["validate", "--bogus"], 2)])
def test_the_process_exits_with_the_status(args: list[str], code: int) -> None:
    # The other tests call cli.main in-process (clirun.py); this one runs the real process.
    out = run_process(args, cwd=REPO)
    assert out.returncode == code, out.stderr
    assert "Traceback" not in out.stderr


# The command line in a process with an exit handler of its own, which says whether the
# interpreter's teardown ran: through the console script's function, or main alone.
_WITH_HANDLER = """
import atexit, sys
atexit.register(lambda: print("teardown ran", file=sys.stderr))
from rdflib_strict import cli
how, sys.argv = sys.argv[1], ["rdflib-strict", *sys.argv[2:]]
cli.entry() if how == "entry" else sys.exit(cli.main())
"""


def _with_handler(how: str, args: list[str]) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # streams buffered
    return subprocess.run(
        [sys.executable, "-c", _WITH_HANDLER, how, *args], capture_output=True, cwd=REPO, env=env, check=False
    )


def test_the_console_script_skips_the_interpreters_teardown(tmp_path: Path) -> None:
    from importlib.metadata import entry_points

    (script,) = entry_points(group="console_scripts", name="rdflib-strict")
    assert script.value == "rdflib_strict.cli:entry"
    bad = tmp_path / "bad.nt"
    bad.write_text("<http://example/s> <http://example/p> .\n", encoding="utf-8")
    big = tmp_path / "big.nt"  # more output than a pipe holds: written whole before the exit
    lines = (f'<http://example/s{i}> <http://example/p> "{i}" .\n' for i in range(20000))
    big.write_text("".join(lines), encoding="utf-8")
    for args, code in (
        (["validate", str(EXAMPLE)], 0),
        (["validate", str(bad)], 1),
        (["convert", str(big), "--to", "nt"], 0),
        (["--version"], 0),  # argparse's exits too: 0.14 s against 0.115 s for a validate
        (["--help"], 0),
        (["validate"], 2),
    ):
        done = _with_handler("entry", args)
        assert done.returncode == code, done.stderr
        assert b"teardown ran" not in done.stderr
        assert done.stderr.endswith(b"\n") or not done.stderr  # its last line, whole
        if args[0] == "convert":
            assert done.stdout == big.read_bytes()
    # main alone, for contrast: the handler runs at the teardown.
    done = _with_handler("main", ["validate", str(EXAMPLE)])
    assert (done.returncode, done.stderr.splitlines()[-1]) == (0, b"teardown ran")


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_sigterm_stops_a_conversion_and_removes_its_part_file(tmp_path: Path) -> None:
    # SIGTERM (timeout, a CI cancel) killed the process at once: its .part file stayed. It now
    # stops the command as Ctrl-C does. The input is a pipe left open, so the command is still
    # reading when the signal comes.
    target = tmp_path / "out.nt"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    args = [
        sys.executable,
        "-c",
        _WITH_HANDLER,
        "entry",
        "convert",
        "-",
        "-f",
        "nt",
        "-t",
        "nt",
        "-o",
        str(target),
    ]
    with subprocess.Popen(args, stdin=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, env=env) as p:
        assert p.stdin is not None and p.stderr is not None
        p.stdin.write(b"<http://example/s> <http://example/p> <http://example/o> .\n")
        p.stdin.flush()
        part = tmp_path / "out.nt.part"
        for _ in range(200):
            if part.exists():
                break
            time.sleep(0.05)
        assert part.exists()
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=20) == 128 + signal.SIGTERM
        stderr = p.stderr.read()
        p.stdin.close()
    assert b"Traceback" not in stderr, stderr
    assert not part.exists() and not target.exists()


@pytest.mark.parametrize("target", ["nt", "nq", "ttl", "trig"])
def test_convert_every_format_round_trips(target: str, tmp_path: Path) -> None:
    dest = tmp_path / f"out.{target}"
    out = run_cli(["convert", str(EXAMPLE), "--to", target, "-o", str(dest)])
    assert out.returncode == 0, out.stderr
    assert "38 statements converted" in out.stderr
    expected = oxigraph_graph(EXAMPLE, "ttl")
    assert_same_graph(oxigraph_graph(dest, target), expected)


def test_convert_canonical_and_ascii_from_stdin() -> None:
    doc = '<http://ex/s> <http://ex/p> "caf\u00e9"@EN .\n<http://ex/a> <http://ex/p> "x" .\n'
    out = run_cli(
        ["convert", "-", "--format", "nt", "--to", "nt", "--canonical", "--ascii", "-q"], doc.encode()
    )
    assert out.returncode == 0
    assert out.stdout == (
        '<http://ex/a> <http://ex/p> "x" .\n<http://ex/s> <http://ex/p> "caf\\u00E9"@en .\n'
    )


def test_convert_writes_nothing_when_the_input_is_bad(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nt"
    bad.write_text(BAD_NT, encoding="utf-8")
    dest = tmp_path / "out.nq"
    dest.write_text("previous contents", encoding="utf-8")
    out = run_cli(["convert", str(bad), "--to", "nq", "-o", str(dest)])
    assert out.returncode == 1
    assert f"{bad}:2:29:" in out.stderr
    assert dest.read_text(encoding="utf-8") == "previous contents"
    assert not (tmp_path / "out.nq.part").exists()


def test_convert_named_graphs_to_triples_refused(tmp_path: Path) -> None:
    src = tmp_path / "g.nq"
    src.write_text("<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .\n", encoding="utf-8")
    out = run_cli(["convert", str(src), "--to", "nt"])
    assert out.returncode == 1
    assert "no named graphs" in out.stderr


def test_progress_bar_draws_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    data = io.BytesIO(b"x" * 1000)
    progress = cli._Progress(data, "big.nt", 1000)
    assert progress.read(400) == b"x" * 400
    progress.finish()
    assert "big.nt: [########" in err.getvalue()
    assert " 40.0% " in err.getvalue()


@pytest.mark.parametrize("target", ["nq", "trig"])
def test_convert_trig_keeps_every_graph(target: str, tmp_path: Path) -> None:
    """TriG in, N-Quads or TriG out: the default graph and each named graph, as pyoxigraph reads
    the input; to Turtle, the named graph is refused with a pointer to TriG."""
    src = tmp_path / "in.trig"
    src.write_text(
        "@prefix : <http://ex/> .\n:a :b :c .\n:g { :s :p :o , _:x . }\n_:x { :s :p ( 1 2 ) }\n",
        encoding="utf-8",
    )
    dest = tmp_path / f"out.{target}"
    out = run_cli(["convert", str(src), "--to", target, "-o", str(dest)])
    assert out.returncode == 0, out.stderr
    assert_same_graph(oxigraph_graph(dest, target), oxigraph_graph(src, "trig"))
    refused = run_cli(["convert", str(src), "--to", "ttl"])
    assert refused.returncode == 1
    assert "Turtle has no named graphs: convert to trig or nquads" in refused.stderr


def test_stdin_without_a_format_says_which_option_names_it() -> None:
    doc = b"<http://ex/s> <http://ex/p> <http://ex/o> .\n"
    out = run_cli(["validate", "-"], stdin=doc)
    assert out.returncode == 2
    assert "-: stdin has no file name to tell its format by: give --format (ntriples," in out.stderr
    assert "None" not in out.stderr
    out = run_cli(["convert", "-", "--to", "nt"], doc)
    assert out.returncode == 2
    assert "give --format (ntriples," in out.stderr


@pytest.mark.parametrize("command", ["validate", "convert"])
@pytest.mark.parametrize(
    ("base", "reason"),
    [
        ("ht tp://bad base", "not an absolute IRI"),
        ("relative/path", "not an absolute IRI"),
        ("http://a b/", ""),
    ],
)
def test_a_bad_base_is_a_usage_error_not_the_files(command: str, base: str, reason: str) -> None:
    # Before, the file was blamed: "library.ttl:1:1: invalid IRI <...> (resolved to <ht tp://...>)".
    args = [command, str(EXAMPLE), "--base", base] + (["--to", "nt"] if command == "convert" else [])
    out = run_cli(args)
    assert out.returncode == 2
    assert f"error: --base {base}: {reason}" in out.stderr
    assert str(EXAMPLE.name) + ":" not in out.stderr


def test_an_output_that_cannot_be_written_is_named_as_given(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.nt"
    out = run_cli(["convert", str(EXAMPLE), "-o", str(target)])
    assert out.returncode == 2
    assert f"cannot write {target}: No such file or directory" in out.stderr
    assert ".part" not in out.stderr


@pytest.mark.parametrize("to", ["nt", "nq", "ttl", "trig"])
def test_convert_canonical_takes_a_work_limit(tmp_path: Path, to: str) -> None:
    # A clique of 10 blank nodes: 9! = 362,880 steps of RDFC-1.0 at its first node alone, past the
    # default limit (100,000). The message names the flag; --work-limit allows more.
    clique = "".join(f"_:b{i} <http://ex.org/p> _:b{j} .\n" for i in range(10) for j in range(10) if i != j)
    (tmp_path / "clique.nt").write_text(clique, encoding="utf-8")
    refused = run_cli(["convert", "--canonical", "-t", to, "clique.nt"], cwd=tmp_path)
    assert refused.returncode == 2
    assert (
        "stopped after 100,000 steps" in refused.stderr
        and "a larger --work-limit N allows more" in refused.stderr
    )
    assert "work_limit=" not in refused.stderr
    done = run_cli(["convert", "--canonical", "--work-limit", "1000000", "-t", to, "clique.nt"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "_:c14n9" in done.stdout and "_:b" not in done.stdout
    fmt = {"nt": "nt", "nq": "nquads", "ttl": "turtle", "trig": "trig"}[to]
    written = Dataset()
    written.parse(data=done.stdout, format=fmt)  # rdflib 7.0 returns the graph it parsed into
    # the default graph by its id: Dataset.default_context is deprecated since rdflib 7.1,
    # and rdflib 7.0 has no default_graph
    assert written.graph(DATASET_DEFAULT_GRAPH_ID).isomorphic(Graph().parse(data=clique, format="nt"))
