"""The command line as riot, rapper and serdi users expect it (issue 23, section 3): one meaning
per option name (the README's table is each command's --help), old spellings deprecated aloud,
format names as people write them, several convert inputs merged, data on stdout and
diagnostics on stderr, messages that name the flag, counts in the singular when there is one."""

from __future__ import annotations

import errno
import gzip
import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from clirun import run_cli
from locations import repo_root
from rdflib import Dataset
from w3c import assert_same_graph, default_graph, oxigraph_graph, statements

from rdflib_strict import cli

REPO = repo_root()
EXAMPLE = REPO / "examples" / "library.ttl"
COMMANDS = ("validate", "convert", "shacl", "diff", "fmt")
NT = "<http://ex/s> <http://ex/p> <http://ex/o> .\n"


# --- one meaning per name: the README's table is --help --------------------------------------------


def _help_lines(command: str) -> list[tuple[set[str], str, str]]:
    """Each option ``COMMAND --help`` lists (not -h): its spellings, how it is written (the
    spellings and the value's name) and its help text's first line."""
    out = run_cli([command, "--help"])
    assert out.returncode == 0, out.stderr
    section = out.stdout.split("\noptions:\n", 1)[1]
    found = []
    # An option's line: two spaces, its spellings, then its help after two spaces or on the
    # next line.
    for m in re.finditer(r"^  (-[^ ].*?)(?:  +(.*))?$", section, re.MULTILINE):
        names = {part.split(" ")[0] for part in m.group(1).split(", ")}
        if not names & {"-h", "--help"}:
            following = section[m.end() :].lstrip().split("\n", 1)[0]
            # Python 3.13's argparse names the value once ("-o, --output FILE"), older ones
            # after each spelling ("-o FILE, --output FILE"): compared in 3.13's form.
            written = re.sub(r"^(-\w) [^,]+, ", r"\1, ", m.group(1))
            found.append((names, written, m.group(2) or following))
    return found


def _help_options(command: str) -> tuple[set[str], dict[str, str]]:
    """The option strings ``COMMAND --help`` lists (not -h), and each old spelling's new one
    (a deprecated spelling's help names the option that replaces it)."""
    options: set[str] = set()
    old: dict[str, str] = {}
    for names, _, helptext in _help_lines(command):
        replaced = re.match(r"deprecated spelling of (--[\w-]+)", helptext)
        if replaced:
            old.update(dict.fromkeys(names, replaced.group(1)))
        else:
            options |= names
    return options, old


def _readme_table() -> list[tuple[set[str], set[str], dict[str, set[str]], str]]:
    """The README's option table: each row's option strings, commands, old spellings (with
    their commands) and its long option."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    table = text.split(
        "\n| Option | Meaning | Commands | Old spelling (deprecated) |\n|---|---|---|---|\n", 1
    )[1]
    rows = []
    for line in table.split("\n\n", 1)[0].splitlines():
        option, _meaning, commands, old = (cell.strip() for cell in line.strip("|").split(" | "))
        names = set(re.findall(r"`(-[\w-]+)`", option))
        spelled = {
            name: set(where.split(", ")) for name, where in re.findall(r"`(--[\w-]+)` \(([^)]*)\)", old)
        }
        long = next(name for name in re.findall(r"`(-[\w-]+)`", option) if name.startswith("--"))
        rows.append((names, set(commands.split(", ")), spelled, long))
    return rows


@pytest.mark.parametrize("command", COMMANDS)
def test_the_readme_table_is_each_commands_help(command: str) -> None:
    options, old = _help_options(command)
    rows = _readme_table()
    assert options == {name for names, commands, _, _ in rows if command in commands for name in names}
    assert old == {
        name: long for _, _, spelled, long in rows for name, where in spelled.items() if command in where
    }
    assert {command for _, commands, _, _ in rows for command in commands} == set(COMMANDS)


def test_an_option_name_means_one_thing_in_every_command() -> None:
    # Written the same way (same spellings, same kind of value) wherever it is an option, not
    # an old spelling; and an old spelling is no option of the commands it is deprecated in.
    written: dict[str, set[str]] = {}
    for command in COMMANDS:
        options, old = _help_options(command)
        assert not set(old) & options
        for names, invocation, _ in _help_lines(command):
            if not names & set(old):
                for name in names:
                    written.setdefault(name, set()).add(invocation)
    assert {name: ways for name, ways in written.items() if len(ways) > 1} == {}
    assert written["-o"] == {"-o, --output FILE"}
    assert written["-f"] == {"-f, --format FORMAT"}


# --- old spellings: still working, and saying so ------------------------------------------------------


def test_output_sarif_still_writes_the_log_and_says_it_is_deprecated() -> None:
    # (shacl's: tests/test_shacl.py)
    old = run_cli(["validate", str(EXAMPLE), "--output", "sarif"])
    new = run_cli(["validate", str(EXAMPLE), "--report", "sarif"])
    assert old.returncode == new.returncode == 0
    assert json.loads(old.stdout)["runs"][0]["results"] == json.loads(new.stdout)["runs"][0]["results"] == []
    assert old.stderr.startswith(
        "rdflib-strict: validate --output is deprecated and will be removed: use --report\n"
    )
    assert "deprecated" not in new.stderr


def test_convert_from_still_names_the_input_format_and_says_it_is_deprecated() -> None:
    old = run_cli(["convert", "-", "--from", "N-Triples", "-t", "nq"], stdin=NT.encode())
    assert (old.returncode, old.stdout) == (0, NT)
    assert old.stderr.startswith(
        "rdflib-strict: convert --from is deprecated and will be removed: use --format\n"
    )
    new = run_cli(["convert", "-", "-f", "N-Triples", "-t", "nq"], stdin=NT.encode())
    assert (new.returncode, new.stdout) == (0, NT)
    assert "deprecated" not in new.stderr


# --- format names as people write them ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("N-Triples", "nt"),
        ("n_triples", "nt"),
        ("application/n-triples", "nt"),
        ("n-quads", "nq"),
        ("N-Quads", "nq"),
        ("application/n-quads; charset=utf-8", "nq"),
        ("text/turtle", "ttl"),
        ("Application/TriG", "trig"),
    ],
)
def test_format_names_as_people_write_them(name: str, fmt: str) -> None:
    doc = oxigraph_graph(EXAMPLE, "ttl")
    nt = run_cli(["convert", str(EXAMPLE), "-t", "nt", "-q"]).stdout
    source = {"nt": nt, "nq": nt, "ttl": EXAMPLE.read_text(encoding="utf-8"), "trig": nt}[fmt]
    checked = run_cli(["validate", "-", "-f", name], stdin=source.encode())
    assert checked.returncode == 0, checked.stderr
    converted = run_cli(["convert", str(EXAMPLE), "--to", name, "-q"])
    assert converted.returncode == 0, converted.stderr
    # TriG reads all four (the N-Quads output has no named graph here: N-Triples lines).
    assert_same_graph(oxigraph_graph(converted.stdout.encode(), "trig"), doc)


def test_every_format_option_says_it_takes_aliases_and_media_types() -> None:
    # convert's --to took them too, but its help said only "or an alias".
    names = "(ntriples, nquads, turtle, trig, an alias such as N-Triples or nq, or a media type such as"
    for command, short, long, what in (
        ("validate", "-f", "--format FORMAT", "input"),
        ("convert", "-f", "--format FORMAT", "input"),
        ("convert", "-t", "--to FORMAT", "output"),
        ("shacl", "-f", "--format FORMAT", "data"),
    ):
        helptext = " ".join(run_cli([command, "--help"]).stdout.split())
        # "-f FORMAT, --format FORMAT" before Python 3.13, "-f, --format FORMAT" since.
        said = f"{what} format {names} text/turtle)"
        assert f"{short} FORMAT, {long} {said}" in helptext or f"{short}, {long} {said}" in helptext, (
            command,
            long,
        )


@pytest.mark.parametrize("command", COMMANDS)
def test_rdf_version_help_says_what_it_covers(command: str) -> None:
    # RDF 1.2 is read and written in all four formats (README "RDF 1.2"): the help once said
    # "N-Triples and N-Quads only so far".
    helptext = " ".join(run_cli([command, "--help"]).stdout.split())
    said = helptext.split("--rdf-version VERSION ", 1)[1]
    what = {"convert": "the RDF read and written", "fmt": "the RDF read and written"}.get(
        command, "the RDF of the data" if command == "shacl" else "the RDF read"
    )
    assert said.startswith(f"{what}: 1.1 (default), 1.2 ("), said  # once "(shacl: the data's)" everywhere
    assert "all four formats" in said.split(" -", 1)[0] and "only so far" not in said


def test_an_unknown_format_names_the_flag_and_lists_the_names() -> None:
    for args, flag in (
        (["convert", str(EXAMPLE), "--to", "rdfxml"], "--to"),
        (["validate", str(EXAMPLE), "-f", "rdfxml"], "--format"),
    ):
        out = run_cli(args)
        assert out.returncode == 2
        assert (
            f"argument {'-t/--to' if flag == '--to' else '-f/--format'}: unknown format 'rdfxml'"
            in out.stderr
        )
        for name in (
            "nt",
            "nq",
            "ttl",
            "trig",
            "application/n-triples",
            "application/n-quads",
            "text/turtle",
        ):
            assert name in out.stderr
        assert "application/trig" in out.stderr


# --- convert: several inputs, a sensible --to, an incomplete stdout said ------------------------------

A_TTL = '@prefix : <http://ex/> .\n:a :p _:b .\n_:b :q [ :r "x" ] .\n'
B_NT = '_:b <http://ex/p> <http://ex/o> .\n<http://ex/s> <http://ex/p> "caf\u00e9" .\n'
C_NQ = "_:b <http://ex/p> _:c <http://ex/g> .\n"


def _three(tmp_path: Path) -> list[str]:
    (tmp_path / "a.ttl").write_text(A_TTL, encoding="utf-8")
    (tmp_path / "b.nt").write_text(B_NT, encoding="utf-8")
    (tmp_path / "c.nq").write_text(C_NQ, encoding="utf-8")
    return ["a.ttl", "b.nt", "c.nq"]


def _merged(tmp_path: Path, names: list[str]) -> Dataset:
    """The inputs' statements in one dataset, each input's blank nodes its own (each document
    read by pyoxigraph gets fresh blank nodes)."""
    merged = Dataset()
    for name in names:
        for s, p, o, g in statements(oxigraph_graph(tmp_path / name, Path(name).suffix[1:])):
            (default_graph(merged) if g is None else merged.graph(g)).add((s, p, o))
    return merged


@pytest.mark.parametrize(
    "options",
    [
        ["-t", "nq"],
        ["-t", "nq", "--canonical"],
        ["-t", "nq", "--ascii"],
        ["-t", "trig"],
        ["-t", "nq", "-j", "2"],
    ],
    ids=["lines", "canonical", "ascii", "trig", "jobs"],
)
def test_convert_merges_several_inputs_each_with_its_own_blank_nodes(
    options: list[str], tmp_path: Path
) -> None:
    names = _three(tmp_path)
    out = run_cli(["convert", *names, *options, "-o", "all.out"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "6 statements converted from 3 files in " in out.stderr
    got = oxigraph_graph(tmp_path / "all.out", "trig" if "trig" in options else "nq")
    assert_same_graph(got, _merged(tmp_path, names))


def test_convert_labels_of_several_inputs_keep_their_names_after_the_inputs_number(tmp_path: Path) -> None:
    _three(tmp_path)
    out = run_cli(["convert", "b.nt", "c.nq", "-t", "nq", "-q"], cwd=tmp_path)
    assert out.stdout == (
        "_:f1_b <http://ex/p> <http://ex/o> .\n"
        '<http://ex/s> <http://ex/p> "caf\u00e9" .\n'
        "_:f2_b <http://ex/p> _:f2_c <http://ex/g> .\n"
    )


def test_a_statement_in_two_inputs_is_written_once_per_input_unless_canonical(tmp_path: Path) -> None:
    # Streamed, as riot streams: the document denotes the merged graph, its lines are not
    # deduplicated; --canonical sorts the lines and writes each once.
    (tmp_path / "b.nt").write_text(B_NT, encoding="utf-8")
    streamed = run_cli(["convert", "b.nt", "b.nt", "-t", "nt", "-q"], cwd=tmp_path)
    assert streamed.stdout.count('<http://ex/s> <http://ex/p> "caf\u00e9" .\n') == 2
    canonical = run_cli(["convert", "b.nt", "b.nt", "-t", "nt", "-q", "--canonical"], cwd=tmp_path)
    assert canonical.stdout.count('<http://ex/s> <http://ex/p> "caf\u00e9" .\n') == 1
    assert canonical.stdout.count(" <http://ex/p> <http://ex/o> .\n") == 2  # each input's own _:b


def test_convert_several_inputs_skip_invalid_and_rejects(tmp_path: Path) -> None:
    _three(tmp_path)
    (tmp_path / "bad.nt").write_text(
        '<rel> <http://ex/p> "1" .\n_:b <http://ex/p> "ok" .\n', encoding="utf-8"
    )
    for jobs in ("1", "2"):
        out = run_cli(
            [
                "convert",
                "b.nt",
                "bad.nt",
                "c.nq",
                "-t",
                "nq",
                "--skip-invalid",
                "--rejects",
                "rej",
                "-j",
                jobs,
            ],
            cwd=tmp_path,
        )
        assert out.returncode == 1
        assert out.stdout.splitlines() == [
            "_:f1_b <http://ex/p> <http://ex/o> .",
            '<http://ex/s> <http://ex/p> "caf\u00e9" .',
            '_:f2_b <http://ex/p> "ok" .',
            "_:f3_b <http://ex/p> _:f3_c <http://ex/g> .",
        ]
        assert "skipped bad.nt:1:1: invalid IRI <rel>" in out.stderr
        assert "4 statements converted from 3 files, 1 bad statement skipped (written to rej)" in out.stderr
        assert (tmp_path / "rej").read_text(encoding="utf-8").startswith("# bad.nt:1:1: invalid IRI <rel>")


def test_convert_several_inputs_write_no_file_if_one_is_bad(tmp_path: Path) -> None:
    _three(tmp_path)
    (tmp_path / "bad.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    out = run_cli(["convert", "a.ttl", "bad.nt", "-o", "out.nq"], cwd=tmp_path)
    assert out.returncode == 1
    assert "bad.nt:1:1: invalid IRI <rel>" in out.stderr
    assert not (tmp_path / "out.nq").exists() and not (tmp_path / "out.nq.part").exists()
    assert "incomplete" not in out.stderr  # nothing half-written anywhere


def test_convert_a_missing_input_fails_before_anything_is_written(tmp_path: Path) -> None:
    _three(tmp_path)
    out = run_cli(["convert", "a.ttl", "missing.nt", "-t", "nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "rdflib-strict: missing.nt: cannot read: No such file or directory\n"
    # A directory too (it was found only when read, after a.ttl: "the output is incomplete").
    (tmp_path / "folder.nt").mkdir()
    out = run_cli(["convert", "a.ttl", "folder.nt", "-t", "nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "rdflib-strict: folder.nt: cannot read: Is a directory\n"
    out = run_cli(["convert", "a.ttl", "data.txt", "-t", "nt"], cwd=tmp_path)
    (tmp_path / "data.txt").write_text(NT, encoding="utf-8")
    out = run_cli(["convert", "a.ttl", "data.txt", "-t", "nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert "data.txt: cannot tell the format from the extension '.txt': give --format (ntriples" in out.stderr


def test_convert_to_defaults_to_the_format_of_os_extension(tmp_path: Path) -> None:
    out = run_cli(["convert", str(EXAMPLE), "-o", str(tmp_path / "x.nq.gz")])
    assert out.returncode == 0, out.stderr
    written = gzip.decompress((tmp_path / "x.nq.gz").read_bytes())
    assert_same_graph(oxigraph_graph(written, "nq"), oxigraph_graph(EXAMPLE, "ttl"))


def test_convert_canonical_of_a_poison_graph_stops_with_the_work_limit(tmp_path: Path) -> None:
    clique = "".join(f"_:n{i} <http://ex/p> _:n{j} .\n" for i in range(10) for j in range(10) if i != j)
    (tmp_path / "poison.nt").write_text(clique, encoding="utf-8")
    out = run_cli(["convert", "poison.nt", "--canonical", "-o", "out.nt"], cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("rdflib-strict: RDFC-1.0 stopped after 100,000 steps")
    assert not (tmp_path / "out.nt").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give the output format: --to (ntriples, nquads, turtle, trig), or -o FILE with an extension"),
        (
            ["-o", "out.txt"],
            "out.txt: cannot tell the output format from its extension: give --to (ntriples,",
        ),
    ],
)
def test_convert_without_a_to_says_which_formats_there_are(
    args: list[str], message: str, tmp_path: Path
) -> None:
    out = run_cli(["convert", str(EXAMPLE), *args], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert message in out.stderr
    assert not list(tmp_path.iterdir())


def test_convert_to_stdout_that_fails_midway_says_the_output_is_incomplete(tmp_path: Path) -> None:
    (tmp_path / "good.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "bad.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    out = run_cli(["convert", "good.nt", "bad.nt", "-t", "nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (1, NT)  # what came before the error
    incomplete = (
        "rdflib-strict: the output on stdout is incomplete: it holds at most the statements read"
        " before the error (-o FILE writes the file only when the conversion succeeds)\n"
    )
    assert out.stderr.endswith(incomplete)
    # N-Triples are written in runs, and Turtle once all is read: less came out, or nothing.
    (tmp_path / "many.nt").write_text(NT * 5000 + "<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    for to, written in (("nt", range(5000)), ("ttl", range(1))):
        out = run_cli(["convert", "many.nt", "-t", to], cwd=tmp_path)
        assert out.returncode == 1 and out.stdout.count("\n") in written, to
        assert out.stderr.endswith(incomplete), to
    complete = run_cli(["convert", "good.nt", "good.nt", "-t", "nt"], cwd=tmp_path)
    assert complete.returncode == 0 and "incomplete" not in complete.stderr
    # A reader that closes the pipe early (| head) wanted no more: nothing to warn it about.
    (tmp_path / "big.nt").write_text(NT * 100_000, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "rdflib_strict", "convert", "big.nt", "-t", "nt"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline() == NT.encode()
    proc.stdout.close()
    assert proc.wait(60) != 0
    assert "incomplete" not in proc.stderr.read().decode()


def test_convert_reads_stdin_once() -> None:
    out = run_cli(["convert", "-", "-", "-f", "nt", "-t", "nt"], stdin=NT.encode())
    assert (out.returncode, out.stdout) == (2, "")
    assert "-: stdin can be read only once" in out.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["diff", "-", "-"],
        ["shacl", "-", "-s", "-", "--shapes-format", "nt"],
        ["shacl", "-", "-", "-s", "shapes.nt"],
        ["validate", "-", "-"],
        ["fmt", "-", "-"],
    ],
)
def test_every_command_reads_stdin_once(tmp_path: Path, args: list[str]) -> None:
    # The second read found stdin empty: diff said every statement was removed, shacl read no
    # shapes and said the data conforms, validate said "-: valid, 0 statements".
    (tmp_path / "shapes.nt").write_text(NT, encoding="utf-8")
    out = run_cli([*args, "-f", "ttl"], stdin=NT.encode(), cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.endswith("error: -: stdin can be read only once\n"), out.stderr


# --- data on stdout, diagnostics on stderr ------------------------------------------------------------


def test_diagnostics_go_to_stderr_in_every_command(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nt"
    bad.write_text(NT + "<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    for args in (["validate", str(bad)], ["validate", "-q", str(bad)], ["validate", str(bad), str(EXAMPLE)]):
        out = run_cli(args)
        assert (out.returncode, out.stdout) == (1, ""), args
        assert f"{bad}:2:1: invalid IRI <rel>" in out.stderr
    converted = run_cli(["convert", str(bad), "-t", "nt", "--skip-invalid"])
    assert (converted.returncode, converted.stdout) == (1, NT)  # the data, nothing else
    assert f"{bad}:2:1: invalid IRI <rel>" in converted.stderr
    warned = tmp_path / "w.nt"
    warned.write_text('<http://ex/s> <http://ex/p> "x"^^<http://www.w3.org/2001/XMLSchema#integer> .\n')
    out = run_cli(["validate", str(warned)])
    assert (out.returncode, out.stdout) == (0, "")
    assert "ill-typed literal" in out.stderr


# --- messages name the flag and count in the singular ------------------------------------------------


def test_messages_name_the_flag_not_a_python_keyword(tmp_path: Path) -> None:
    # (shacl's: tests/test_shacl.py)
    (tmp_path / "data.txt").write_text(NT, encoding="utf-8")
    for args, flag in (
        (["validate", "data.txt"], "--format"),
        (["convert", "data.txt", "-t", "nt"], "--format"),
    ):
        out = run_cli(args, cwd=tmp_path)
        assert out.returncode == 2, args
        told = f"data.txt: cannot tell the format from the extension '.txt': give {flag} ("
        assert told in out.stderr, args
        assert "format=" not in out.stderr


def test_one_statement_is_one_statement(tmp_path: Path) -> None:
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "b.nt").write_text(NT, encoding="utf-8")
    out = run_cli(["validate", "a.nt", "b.nt"], cwd=tmp_path)
    assert "a.nt: valid, 1 statement\n" in out.stderr
    out = run_cli(["convert", "a.nt", "-t", "nt"], cwd=tmp_path)
    assert "1 statement converted in " in out.stderr
    assert "statements" not in out.stderr


# --- files among the options, counts checked as usage ------------------------------------------------


def test_files_may_follow_options_as_riot_and_rapper_take_them(tmp_path: Path) -> None:
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "b.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    (tmp_path / "c.nq").write_text("_:x <http://ex/p> <http://ex/o> <http://ex/g> .\n", encoding="utf-8")
    out = run_cli(["validate", "a.nt", "-q", "b.nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (1, "")
    assert out.stderr.startswith("b.nt:1:1: invalid IRI <rel>")
    # In the order given: the third input's blank nodes are f3_'s.
    out = run_cli(["convert", "a.nt", "-t", "nq", "a.nt", "c.nq"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "_:f3_x <http://ex/p>" in out.stdout and "from 3 files" in out.stderr
    # --canonical among them too, where RDFC-1.0 labels the blank nodes.
    out = run_cli(["convert", "a.nt", "-t", "nq", "a.nt", "--canonical", "c.nq"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "\n_:c14n0 <http://ex/p> <http://ex/o> <http://ex/g> .\n" in out.stdout
    assert "from 3 files" in out.stderr
    out = run_cli(["convert", "a.nt", "-t", "nt", "c.nq", "--bogus"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.startswith("usage: rdflib-strict convert")
    assert "error: unrecognized arguments: --bogus" in out.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["validate", "-j", "-1"], "argument -j/--jobs: must be 0 or more (0: one per core), not -1"),
        (["convert", "-t", "nt", "--jobs", "-2"], "argument -j/--jobs: must be 0 or more"),
        (["validate", "--max-errors", "0"], "argument --max-errors: must be 1 or more, not 0"),
        (["validate", "-j", "two"], "argument -j/--jobs: not a whole number: 'two'"),
    ],
)
def test_counts_out_of_range_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    out = run_cli([*args, "a.nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert "Traceback" not in out.stderr
    assert out.stderr.startswith(f"usage: rdflib-strict {args[0]}")
    assert message in out.stderr


# --- every command's exit statuses, and output that cannot be written -----------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_says_its_exit_statuses(command: str) -> None:
    out = run_cli([command, "--help"])
    assert out.returncode == 0
    text = " ".join(out.stdout.split())  # argparse wraps the description
    assert re.search(r"Exit 0: [^;]+; 1: [^;]+(?:;[^;]+)?; 2: ", text), text


def test_the_top_level_help_names_every_command_and_both_rdf_versions() -> None:
    # It once said "Strict RDF 1.1 ...: validate and convert".
    text = " ".join(run_cli(["--help"]).stdout.split())
    summary = text.split(" positional arguments:", 1)[0]
    assert all(word in summary for word in ("validate", "convert", "SHACL", "diff", "format")), summary
    assert "RDF 1.1" in summary and "RDF 1.2 when asked for" in summary, summary


def _closed_early(args: list[str], cwd: Path) -> tuple[int, str]:
    """``rdflib-strict ARGS | head -1``: the exit status and stderr when stdout's reader takes
    one line and leaves."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "rdflib_strict", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()
    proc.stdout.close()
    code = proc.wait(120)
    return code, proc.stderr.read().decode()


def test_a_reader_that_leaves_early_gets_no_traceback_from_any_command(tmp_path: Path) -> None:
    # Each output is far larger than a pipe holds (64 KiB), so the process is still writing.
    bad = "".join(f"<http://ex/s{i}> <http://ex/p> <rel{i}> .\n" for i in range(100))
    (tmp_path / "bad.nt").write_text(bad, encoding="utf-8")
    many = "".join(f'<http://ex/s{i}> <http://ex/p> "v{i}" .\n' for i in range(3000))
    (tmp_path / "many.nt").write_text(many, encoding="utf-8")
    (tmp_path / "none.nt").write_text("", encoding="utf-8")
    for args in (
        ["validate", "--report", "sarif", "bad.nt"],
        ["diff", "many.nt", "none.nt"],
        ["diff", "--report", "patch", "many.nt", "none.nt"],
    ):
        code, err = _closed_early(args, tmp_path)
        assert code == 2, args
        assert "Traceback" not in err and "Exception ignored" not in err, (args, err)


def test_ctrl_c_ends_a_command_with_status_130_and_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "big.nt").write_text(NT * 20_000, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "rdflib_strict", "convert", "big.nt", "-t", "nt", "-o", "-"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A shell without job control starts background commands with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline() == NT.encode()  # converting, and blocked on the full pipe
    proc.send_signal(signal.SIGINT)
    proc.stdout.read()
    assert proc.wait(60) == 130
    assert proc.stderr.read().decode() == ""


@pytest.mark.parametrize("to", ["ttl", "trig"])
def test_turtle_cut_short_by_its_reader_is_not_a_success(tmp_path: Path, to: str) -> None:
    # Turtle is written in one write: the pipe took a part of it, and the conversion said it
    # had succeeded (exit 0, "N statements converted").
    lines = (f'<http://ex/s{i}> <http://ex/p> "{"v" * 100}{i}" .\n' for i in range(20_000))
    (tmp_path / "big.nt").write_text("".join(lines), encoding="utf-8")
    code, err = _closed_early(["convert", "big.nt", "-t", to], tmp_path)
    assert (code, err) == (2, "")  # no "converted", no traceback, nothing "ignored" at exit


class _FullDisk(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "--report", "sarif", "a.nt"],
        ["diff", "a.nt", "none.nt"],
        ["convert", "a.nt", "-t", "ttl"],
        ["convert", "a.nt", "-t", "nt"],
    ],
)
def test_a_full_disk_on_stdout_is_said_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "none.nt").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(_FullDisk())))
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert "rdflib-strict: No space left on device" in err and "Traceback" not in err


def test_convert_writes_a_fifo_in_place(tmp_path: Path) -> None:
    # A renamed .part file replaced the FIFO (and a device: -o /dev/null, as root); its
    # reader got nothing.
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    fifo = tmp_path / "out.nt"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so that opening to write goes
    try:
        out = run_cli(["convert", "a.nt", "-o", "out.nt"], cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)
        assert os.read(reader, 1 << 16) == NT.encode()
    finally:
        os.close(reader)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.nt", "out.nt"]


def test_convert_replacing_a_file_keeps_its_mode(tmp_path: Path) -> None:
    # As fmt keeps a rewritten file's: the .part file took the umask's mode when renamed over.
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "out.nt").write_text("old\n", encoding="utf-8")
    os.chmod(tmp_path / "out.nt", 0o640)
    out = run_cli(["convert", "a.nt", "-o", "out.nt"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "out.nt").read_text(encoding="utf-8") == NT
    assert stat.S_IMODE(os.stat(tmp_path / "out.nt").st_mode) == 0o640
    out = run_cli(["convert", "a.nt", "-o", "new.nt"], cwd=tmp_path)  # a new file: the umask's
    assert stat.S_IMODE(os.stat(tmp_path / "new.nt").st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_convert_to_a_directory_or_a_bad_rejects_path_names_it(tmp_path: Path) -> None:
    # A directory: the .part file was renamed onto it (a traceback, the .part file left).
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "folder").mkdir()
    out = run_cli(["convert", "a.nt", "-t", "nt", "-o", "folder"], cwd=tmp_path)
    assert (out.returncode, out.stderr) == (2, "rdflib-strict: cannot write folder: Is a directory\n")
    # The rejects file was named as -o's FILE ("cannot write None").
    (tmp_path / "b.nt").write_text(NT + "bad\n", encoding="utf-8")
    out = run_cli(["convert", "b.nt", "-t", "nt", "--skip-invalid", "--rejects", "no/r.nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "rdflib-strict: cannot write no/r.nt: No such file or directory\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.nt", "b.nt", "folder"]
    # With -o a file, as with stdout: no .part file left behind.
    args = ["convert", "b.nt", "-o", "out.nt", "--skip-invalid", "--rejects", "no/r.nt"]
    assert run_cli(args, cwd=tmp_path).returncode == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.nt", "b.nt", "folder"]
    # An -o that cannot be written leaves no empty rejects file (it was opened first).
    args = ["convert", "b.nt", "-o", "no/out.nt", "--skip-invalid", "--rejects", "r.nt"]
    out = run_cli(args, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (
        2,
        "rdflib-strict: cannot write no/out.nt: No such file or directory\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.nt", "b.nt", "folder"]


@pytest.mark.parametrize("to", ["ttl", "trig"])
def test_convert_ascii_holds_for_turtle_and_trig(tmp_path: Path, to: str) -> None:
    doc = '@prefix ex: <http://ex/> .\nex:s ex:p "caf\u00e9 \U0001f600" ; ex:q ex:\u00e9t\u00e9 .\n'
    (tmp_path / "u.ttl").write_text(doc, encoding="utf-8")
    out = run_cli(["convert", "u.ttl", "-t", to, "--ascii"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.isascii() and "\\u00E9" in out.stdout, out.stdout
    read, given = Dataset(), Dataset()
    read.parse(data=out.stdout, format="strict-trig")  # TriG holds Turtle
    given.parse(data=doc, format="strict-trig")
    assert_same_graph(default_graph(read), default_graph(given))


def test_convert_rejects_may_not_be_an_input_or_the_output(tmp_path: Path) -> None:
    # The rejects file is opened for writing first: named as the input, it emptied it, and the
    # conversion of nothing exited 0.
    doc = NT + "bad\n"
    (tmp_path / "in.nt").write_text(doc, encoding="utf-8")
    for args, said in (
        (["--rejects", "in.nt"], "--rejects in.nt is the input in.nt: it would be emptied unread"),
        (["--rejects", "./in.nt", "-o", "out.nt"], "--rejects ./in.nt is the input in.nt"),
        (["--rejects", "out.nt", "-o", "./out.nt"], "--rejects out.nt is -o's FILE"),
    ):
        out = run_cli(["convert", "in.nt", "-t", "nt", "--skip-invalid", *args], cwd=tmp_path)
        assert (out.returncode, out.stdout) == (2, ""), args
        assert out.stderr.startswith(f"rdflib-strict: {said}"), out.stderr
        assert (tmp_path / "in.nt").read_text(encoding="utf-8") == doc
        assert sorted(p.name for p in tmp_path.iterdir()) == ["in.nt"]


def test_convert_quiet_still_says_each_skipped_statement(tmp_path: Path) -> None:
    # --skip-invalid's help says each skipped statement is reported on stderr; -q hid them.
    (tmp_path / "in.nt").write_text(
        "<http://ex/s> <http://ex/p> <http://ex/o> .\n<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8"
    )
    out = run_cli(["convert", "-q", "--skip-invalid", "in.nt", "-t", "nt"], cwd=tmp_path)
    assert out.returncode == 1
    assert (
        out.stderr
        == "skipped in.nt:2:1: invalid IRI <rel>: relative IRI; only absolute IRIs are allowed here\n"
    )


def _closed(args: list[str], closed: int, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``rdflib-strict ARGS`` started with one of its standard streams closed (``<&-``,
    ``>&-``, ``2>&-``): Python sets that one to None."""
    stdout = subprocess.DEVNULL if closed == 1 else subprocess.PIPE
    stderr = subprocess.DEVNULL if closed == 2 else subprocess.PIPE
    return subprocess.run(
        [sys.executable, "-m", "rdflib_strict", *args],
        stdout=stdout,
        stderr=stderr,
        text=True,
        cwd=cwd,
        check=False,
        preexec_fn=lambda: os.close(closed),  # after the child's streams are set up
    )


@pytest.mark.parametrize(
    ("args", "closed", "status", "said"),
    [
        (["convert", "a.nt", "-t", "nt"], 1, 2, "rdflib-strict: standard output is closed\n"),
        (["convert", "a.nt", "-t", "ttl"], 1, 2, "rdflib-strict: standard output is closed\n"),
        (["validate", "-"], 0, 2, "rdflib-strict: -: cannot read: standard input is closed\n"),
        (["convert", "-", "-f", "nt", "-t", "nt"], 0, 2, "rdflib-strict: -: cannot read: standard input"),
        (["validate", "-q", "a.nt"], 1, 0, ""),  # it writes nothing there, as `true >&-`
        (["validate", "bad.nt"], 2, 1, None),  # nothing said, the verdict kept
    ],
)
def test_a_closed_standard_stream_is_said_without_a_traceback(
    tmp_path: Path, args: list[str], closed: int, status: int, said: str | None
) -> None:
    # Each was an AttributeError's traceback ('NoneType' object has no attribute ...).
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "bad.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    done = _closed(args, closed, tmp_path)
    assert done.returncode == status
    if said is not None:  # (validate then sums up: 1 unreadable)
        assert done.stderr.startswith(said) and "Traceback" not in done.stderr
    # Nothing half-done on stdout; and what a command says goes nowhere with stderr closed
    # (print(file=None) wrote it to stdout).
    if closed != 1:
        assert done.stdout == ""


def test_convert_that_fails_before_writing_to_stdout_does_not_call_it_incomplete(tmp_path: Path) -> None:
    # A real stdout (the tests' run_cli stream cannot tell): nothing was written to it.
    (tmp_path / "bad.nt").write_text(NT + "<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rdflib_strict", "convert", "bad.nt", "-t", "nt"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert (done.returncode, done.stdout) == (1, "")  # the first line was not yet written
    assert "bad.nt:2:1: invalid IRI <rel>" in done.stderr
    assert "incomplete" not in done.stderr


def test_convert_jobs_that_fail_after_writing_to_stdout_call_it_incomplete(tmp_path: Path) -> None:
    # With -j 2 the first block's lines went out (by os.sendfile, past the stream's write())
    # before the second block's error, and nothing said the output was incomplete.
    lines = "".join(f"<http://ex/s{i}> <http://ex/p> <http://ex/o> .\n" for i in range(1000))
    (tmp_path / "bad.nt").write_text(lines + "<http://ex/s> <http://ex/p> .\n", encoding="utf-8")
    (tmp_path / "bad.ttl").write_text("@prefix : <http://ex/> .\n" + lines + ":s :p .\n", encoding="utf-8")
    for name in ("bad.nt", "bad.ttl"):
        done = subprocess.run(
            [sys.executable, "-m", "rdflib_strict", "convert", "-j", "2", name, "-t", "nt"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )
        assert done.returncode == 1, name
        assert done.stdout and lines.startswith(done.stdout), name  # the first block's lines
        assert done.stderr.endswith("(-o FILE writes the file only when the conversion succeeds)\n"), name


def test_convert_never_touches_a_part_file_of_the_users_own(tmp_path: Path) -> None:
    # -o OUT wrote OUT.part and renamed or removed it: a file of that name was truncated,
    # then gone.
    (tmp_path / "a.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "bad.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    (tmp_path / "out.nt.part").write_text("mine\n", encoding="utf-8")
    (tmp_path / "out.nt.1.part").write_text("mine too\n", encoding="utf-8")
    out = run_cli(["convert", "a.nt", "-o", "out.nt.gz"], cwd=tmp_path)  # another name: its own
    assert out.returncode == 0, out.stderr
    out = run_cli(["convert", "a.nt", "-o", "out.nt"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "out.nt").read_text(encoding="utf-8") == NT
    assert gzip.decompress((tmp_path / "out.nt.gz").read_bytes()).decode() == NT
    out = run_cli(["convert", "bad.nt", "-o", "out.nt"], cwd=tmp_path)
    assert out.returncode == 1
    assert (tmp_path / "out.nt").read_text(encoding="utf-8") == NT  # kept: the conversion failed
    assert (tmp_path / "out.nt.part").read_text(encoding="utf-8") == "mine\n"
    assert (tmp_path / "out.nt.1.part").read_text(encoding="utf-8") == "mine too\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "a.nt",
        "bad.nt",
        "out.nt",
        "out.nt.1.part",
        "out.nt.gz",
        "out.nt.part",
    ]
