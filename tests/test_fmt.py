"""``rdflib-strict fmt``: the canonical layout with every comment and directive kept.

The golden outputs in ``tests/data/fmt/`` are written by hand from the rules in the README
("fmt"); every other check reads the output with pyoxigraph and our parser, or compares a
second run with the first.
"""

from __future__ import annotations

import os
import random
import re
import stat
import warnings
from pathlib import Path

import pytest
from clirun import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from locations import repo_root
from rdflib import Graph
from round_trip import assert_read_back, serialize
from test_write_turtle import graphs
from w3c import assert_same_graph, find_rdf_tests_dir, load_manifest, oxigraph_graph

from rdflib_strict.edge.illtyped import IllTypedLiteralWarning
from rdflib_strict.fmt import fmt_text

DATA = Path(__file__).parent / "data" / "fmt"


def _copy(tmp_path: Path, name: str, as_name: str | None = None) -> Path:
    target = tmp_path / (as_name or name)
    target.write_bytes((DATA / name).read_bytes())
    return target


@pytest.mark.parametrize(
    ("source", "expected", "options"),
    [
        ("everywhere.ttl", "everywhere.out.ttl", []),
        ("graphs.trig", "graphs.out.trig", []),
        ("prune.ttl", "prune.kept.ttl", []),
        ("prune.ttl", "prune.out.ttl", ["--prune-prefixes"]),
    ],
)
def test_golden(tmp_path: Path, source: str, expected: str, options: list[str]) -> None:
    path = _copy(tmp_path, source)
    out = run_cli(["fmt", path.name, *options], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert path.read_text(encoding="utf-8") == (DATA / expected).read_text(encoding="utf-8")
    again = run_cli(["fmt", path.name, "--check", *options], cwd=tmp_path)  # idempotent
    assert again.returncode == 0 and again.stdout == "", again.stdout + again.stderr
    fmt = "trig" if source.endswith(".trig") else "ttl"
    before = oxigraph_graph(DATA / source, fmt)
    assert_same_graph(oxigraph_graph(path, fmt), before, source)


def test_check_lists_changed_files_and_writes_nothing(tmp_path: Path) -> None:
    changed = _copy(tmp_path, "everywhere.ttl")
    same = _copy(tmp_path, "everywhere.out.ttl")
    out = run_cli(["fmt", "--check", changed.name, same.name], cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout == "everywhere.ttl\n"
    assert changed.read_bytes() == (DATA / "everywhere.ttl").read_bytes()


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path: Path) -> None:
    path = _copy(tmp_path, "prune.ttl")
    out = run_cli(["fmt", "--diff", path.name], cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.startswith("--- prune.ttl\n+++ prune.ttl\n@@ ")
    assert (
        "-PREFIX old: <http://old.org/>  # no longer used\n+PREFIX old: <http://old.org/> # no longer used\n"
        in (out.stdout)
    )
    assert path.read_bytes() == (DATA / "prune.ttl").read_bytes()


def test_stdin_to_stdout() -> None:
    text = (DATA / "graphs.trig").read_text(encoding="utf-8")
    out = run_cli(["fmt", "-", "-f", "trig"], stdin=text)
    assert out.returncode == 0, out.stderr
    assert out.stdout == (DATA / "graphs.out.trig").read_text(encoding="utf-8")


def test_stdin_is_turtle_unless_told_and_is_not_rewritten() -> None:
    # fmt takes Turtle and TriG only, yet '-' needed -f (and the message offered ntriples);
    # and it said "1 file rewritten" of what it wrote to stdout.
    text = "@prefix ex: <http://ex/> .\nex:s ex:p ex:o . # a comment\n"
    out = run_cli(["fmt", "-"], stdin=text)
    assert (out.returncode, out.stdout, out.stderr) == (0, "@prefix ex: <http://ex/> .\n\n" + text[27:], "")
    out = run_cli(["fmt", "--check", "-"], stdin=text)
    assert (out.returncode, out.stdout, out.stderr) == (1, "-\n", "1 file would change\n")


@pytest.mark.parametrize(
    ("name", "golden"), [("everywhere.ttl", "everywhere.out.ttl"), ("prune.ttl", "prune.kept.ttl")]
)
def test_a_crlf_file_keeps_its_line_ends(tmp_path: Path, name: str, golden: str) -> None:
    # Written back with LF, every line of a Windows file was a change (and --check said so of
    # a file already in the layout).
    crlf = (DATA / name).read_bytes().replace(b"\n", b"\r\n")
    (tmp_path / name).write_bytes(crlf)
    (tmp_path / golden).write_bytes((DATA / golden).read_bytes().replace(b"\n", b"\r\n"))
    assert run_cli(["fmt", name], cwd=tmp_path).returncode == 0
    assert (tmp_path / name).read_bytes() == (tmp_path / golden).read_bytes()
    out = run_cli(["fmt", "--check", golden], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (0, "")
    # A long string's line break would change its value with CRLF: LF throughout then.
    (tmp_path / "long.ttl").write_bytes(b'<http://ex/s> <http://ex/p> """a\r\nb""" .\r\n')
    assert run_cli(["fmt", "long.ttl"], cwd=tmp_path).returncode == 0
    assert b"\r\n" not in (tmp_path / "long.ttl").read_bytes().replace(b"\\r", b"")


def test_a_rewritten_file_keeps_its_bom(tmp_path: Path) -> None:
    # The reader drops it: kept when nothing changed, it was lost when the file was rewritten.
    path = tmp_path / "bom.ttl"
    path.write_bytes(b"\xef\xbb\xbf@prefix ex: <http://ex/> .\nex:s ex:p ex:o .   # c\n")
    assert run_cli(["fmt", "bom.ttl"], cwd=tmp_path).returncode == 0
    assert path.read_bytes() == b"\xef\xbb\xbf@prefix ex: <http://ex/> .\n\nex:s ex:p ex:o . # c\n"
    out = run_cli(["fmt", "--check", "bom.ttl"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (0, "")


def test_trig_comments_stay_with_the_graph_they_were_written_at(tmp_path: Path) -> None:
    # A comment after a graph's '}' went before the next statement, inside the next graph,
    # and one before a graph's label inside that graph, below its '{'. Graphs are reordered
    # (g0 before g1): each comment goes with its own.
    source = (
        "@prefix ex: <http://ex/> .\n"
        "ex:g1 {\n  ex:b ex:p ex:o .\n} # closing g1\n"
        "# before g0\n"
        "ex:g0 { # opening g0\n  ex:a ex:p ex:o .\n} # closing g0\n"
    )
    expected = (
        "@prefix ex: <http://ex/> .\n\n"
        "# before g0\n"
        "ex:g0 { # opening g0\n    ex:a ex:p ex:o .\n} # closing g0\n\n"
        "ex:g1 {\n    ex:b ex:p ex:o .\n} # closing g1\n"
    )
    (tmp_path / "g.trig").write_text(source, encoding="utf-8")
    assert run_cli(["fmt", "g.trig"], cwd=tmp_path).returncode == 0
    assert (tmp_path / "g.trig").read_text(encoding="utf-8") == expected
    assert run_cli(["fmt", "--check", "g.trig"], cwd=tmp_path).returncode == 0  # idempotent


def _trig_with_comments(rng: random.Random) -> str:
    """A TriG document of a few graph blocks (named three ways, the default one too) with
    comments before their labels, after their '{' and '}', after and between statements."""
    parts, count = ["@prefix ex: <http://ex/> ."], 0

    def comment() -> str:
        nonlocal count
        count += 1
        return f"# c{count}"

    for g in rng.sample(range(5), rng.randint(1, 4)):
        label = rng.choice([f"ex:g{g}", f"GRAPH ex:g{g}", "" if g == 0 else f"<http://ex/g{g}>"])
        if rng.random() < 0.4:
            parts.append(comment())
        parts.append((f"{label} {{" if label else "{") + (" " + comment() if rng.random() < 0.4 else ""))
        for i in range(rng.randint(1, 3)):
            parts.append(f"  ex:s{g}{i} ex:p ex:o{i} ." + (" " + comment() if rng.random() < 0.3 else ""))
            if rng.random() < 0.2:
                parts.append("  " + comment())
        parts.append("}" + (" " + comment() if rng.random() < 0.4 else ""))
    return "\n".join(parts) + "\n"


def test_trig_comments_are_kept_and_fmt_is_idempotent() -> None:
    # Comments placed at graph openings and closings (the default graph's has no braces in
    # the output) must come back to the same places when the output is formatted again.
    rng = random.Random(7)
    for _ in range(150):
        text = _trig_with_comments(rng)
        out = fmt_text(text, "<generated>", trig=True)
        assert out.count("# c") == text.count("# c"), text
        assert fmt_text(out, "<generated>", trig=True) == out, text


def test_relative_references_stay_relative(tmp_path: Path) -> None:
    # With no @base they resolve against the file's own URL; fmt wrote that URL, the path of
    # the machine it ran on, into the file. Written by hand: the layout fmt gives them.
    (tmp_path / "sub").mkdir()
    path = tmp_path / "sub" / "rel.ttl"
    path.write_text("<a>   <b> <../c> , <http://example/x> .\n<d/e> <b> <#f> .\n", encoding="utf-8")
    out = run_cli(["fmt", "sub/rel.ttl"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert path.read_text(encoding="utf-8") == ("<a> <b> <../c>, <http://example/x> .\n\n<d/e> <b> <#f> .\n")
    out = run_cli(["fmt", "-", "-f", "ttl"], stdin="<a>   <b> <c> .\n", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (0, "<a> <b> <c> .\n")


@pytest.mark.parametrize(
    "source",
    [
        "PREFIX e: <http://ex.org/>\ne:a e:p e:b .\nPREFIX f: <http://other.org/>\nf:c e:p e:d .\n",
        "BASE <http://ex.org/>\n<a> <p> <b> .\nBASE <http://other.org/>\n<c> <p> <d> .\n",
        "PREFIX e: <http://ex.org/>\ne:a e:p e:b .\n  # c\n  base <http://o.org/> <c> e:p <d> .\n",
    ],
)
def test_sparql_directives_between_statements_are_kept(source: str) -> None:
    # The scanner that finds directives read a 'PREFIX' or 'BASE' after a statement as part of
    # the next statement: fmt dropped it (the graph stayed the same, its names absolute).
    out = fmt_text(source, "x.ttl", trig=False)
    written = [line.strip() for line in source.splitlines() if re.match(r"\s*(?i:prefix|base)\b", line)]
    for directive in written:
        assert directive.split(" <")[0] + " <" in out, out
    assert_same_graph(oxigraph_graph(out.encode(), "ttl"), oxigraph_graph(source.encode(), "ttl"))


def test_ill_typed_literals_are_kept_without_a_warning() -> None:
    # Valid RDF, which validate reports: fmt warned once per parse, raw, the output's at its own
    # lines (a line the file does not have).
    source = (
        '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n<http://e/s> <http://e/p> "abc"^^xsd:integer .\n'
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fmt_text(source, "ill.ttl", trig=False)
    assert [str(w.message) for w in caught if w.category is IllTypedLiteralWarning] == []
    assert '"abc"^^xsd:integer' in out


def test_absolute_iris_stay_absolute(tmp_path: Path) -> None:
    # A document with no relative reference is written against no base: a file: IRI the
    # author wrote in full is not made relative to where the file happens to be.
    path = tmp_path / "abs.ttl"
    text = f"<{tmp_path.as_uri()}/x.csv> <http://example/p> <{tmp_path.as_uri()}/y> .\n"
    path.write_text(text, encoding="utf-8")
    out = run_cli(["fmt", path.name], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert path.read_text(encoding="utf-8") == text


def test_a_file_that_does_not_parse_is_left_alone(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text("# a comment\nex:a ex:b ex:c .\n", encoding="utf-8")
    good = _copy(tmp_path, "prune.ttl")
    out = run_cli(["fmt", bad.name, good.name], cwd=tmp_path)
    assert out.returncode == 2
    assert "bad.ttl:2:1: undefined prefix 'ex:'" in out.stderr
    assert " 2 | ex:a ex:b ex:c .\n" in out.stderr  # the line and a caret, as validate shows it
    assert bad.read_text(encoding="utf-8") == "# a comment\nex:a ex:b ex:c .\n"
    assert good.read_text(encoding="utf-8") == (DATA / "prune.kept.ttl").read_text(encoding="utf-8")


def test_replaced_atomically_keeping_the_mode(tmp_path: Path) -> None:
    path = _copy(tmp_path, "everywhere.ttl")
    path.chmod(0o640)
    out = run_cli(["fmt", path.name], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["everywhere.ttl"]  # no temporary file left
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_other_formats_are_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "a.nt"
    path.write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n")
    out = run_cli(["fmt", path.name], cwd=tmp_path)
    assert out.returncode == 2
    assert "fmt rewrites Turtle and TriG" in out.stderr


def test_pre_commit_hook_is_declared() -> None:
    text = (repo_root() / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "- id: rdflib-strict-fmt\n" in text
    assert "  entry: rdflib-strict fmt\n" in text
    (files,) = re.findall(r"^  files: (.*)$", text, re.MULTILINE)
    pattern = re.compile(files.strip("'\""))
    assert pattern.search("data/a.ttl") and pattern.search("b.trig")
    assert not pattern.search("a.nt") and not pattern.search("a.ttl.bak")
    readme = (repo_root() / "README.md").read_text(encoding="utf-8")
    assert "    hooks: [{id: rdflib-strict-fmt}]\n" in readme


# --------------------------------------------------------------------------------------------
# Generated documents with comments

_MARK = re.compile(r"#≈\d+≈")


def _with_comments(text: str, eol: list[bool], own: list[bool]) -> tuple[str, list[str]]:
    """``text`` (our Turtle writer's) with a comment at the end of the chosen lines and on a
    line of its own before others: never inside a long string, tracked by its ``\"\"\"`` (an
    escaped quote before two others is no delimiter)."""
    out: list[str] = []
    marks: list[str] = []
    open_string = False
    for i, line in enumerate(text.split("\n")[:-1]):
        starts_inside = open_string
        open_string ^= re.sub(r"\\.", "_", line).count('"""') % 2 == 1  # an escape is no quote
        if not starts_inside and own[i % len(own)]:
            marks.append(f"#≈{len(marks)}≈")
            out.append(marks[-1])
        if not open_string and eol[i % len(eol)]:
            marks.append(f"#≈{len(marks)}≈")
            line += " " + marks[-1]
        out.append(line)
    return "\n".join(out) + "\n", marks


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.lists(st.booleans(), min_size=1), st.lists(st.booleans(), min_size=1))
def test_hypothesis_keeps_graph_and_comments(g: Graph, eol: list[bool], own: list[bool]) -> None:
    text, marks = _with_comments(serialize(g, "strict-turtle").decode("utf-8"), eol, own)
    out = fmt_text(text, "<generated>", trig=False)
    assert_read_back(out.encode("utf-8"), g, "strict-turtle", out)
    assert sorted(_MARK.findall(out)) == sorted(marks)
    assert fmt_text(out, "<generated>", trig=False) == out


# --------------------------------------------------------------------------------------------
# W3C entries and schema.org: the graph kept, idempotent

_ENTRIES = [
    ("rdf11-turtle", ("TestTurtlePositiveSyntax", "TestTurtleEval"), "ttl"),
    ("rdf11-trig", ("TestTrigPositiveSyntax", "TestTrigEval"), "trig"),
]


@pytest.mark.parametrize(("manifest", "kinds", "fmt"), _ENTRIES)
def test_w3c_positive_entries(manifest: str, kinds: tuple[str, ...], fmt: str) -> None:
    root = find_rdf_tests_dir()
    if root is None:
        pytest.skip("W3C rdf-tests not found: set RDF_TESTS_DIR or place them at ../shared/rdf-tests")
    cases = [c for c in load_manifest(root, manifest) if c.kind in kinds]
    assert len(cases) > 100
    failures = []
    for case in cases:
        text = case.action.read_bytes().decode("utf-8")
        try:
            out = fmt_text(text, str(case.action), trig=fmt == "trig", base=case.action_iri)
            before = oxigraph_graph(case.action, fmt, base_iri=case.action_iri)
            after = oxigraph_graph(out.encode("utf-8"), fmt, base_iri=case.action_iri)
            assert_same_graph(after, before, case.id)
            assert fmt_text(out, str(case.action), trig=fmt == "trig", base=case.action_iri) == out
        except Exception as e:
            failures.append(f"{case.id}: {type(e).__name__}: {e}")
    assert not failures, f"{len(failures)} failing:\n\n" + "\n\n".join(failures)


def test_schemaorg(shared_data_dir: Path) -> None:
    path = shared_data_dir / "schemaorg-all-https.ttl"
    if not path.exists():
        pytest.skip(f"{path} not found")
    text = path.read_text(encoding="utf-8")
    out = fmt_text(text, str(path), trig=False)
    assert_same_graph(oxigraph_graph(out.encode("utf-8"), "ttl"), oxigraph_graph(path, "ttl"), "schema.org")
    assert fmt_text(out, str(path), trig=False) == out


def test_a_graph_too_hard_to_canonicalize_is_left_alone(tmp_path: Path) -> None:
    # A clique of 10 blank nodes: RDFC-1.0 passes its work limit (as `diff` reports it).
    lines = ["@prefix ex: <http://ex.org/> ."]
    lines += [f"_:b{i} ex:p _:b{j} ." for i in range(10) for j in range(10) if i != j]
    path = tmp_path / "clique.ttl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = run_cli(["fmt", path.name], cwd=tmp_path)
    assert out.returncode == 2
    assert "clique.ttl: RDFC-1.0 stopped after 100,000 steps" in out.stderr
    assert "a larger --work-limit N allows more" in out.stderr  # the flag, not work_limit=
    assert path.read_text(encoding="utf-8") == "\n".join(lines) + "\n"
    # 9! = 362,880 permutation steps at the first node, and more after: a larger limit allows them.
    out = run_cli(["fmt", "--work-limit", "1000000", path.name], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (
        Graph().parse(path, format="turtle").isomorphic(Graph().parse(data="\n".join(lines), format="turtle"))
    )
    assert "_:c14n0" in path.read_text(encoding="utf-8")


def test_only_directives_and_a_comment() -> None:
    text = "@prefix ex: <http://ex.org/> .\n# trailing\n"
    assert fmt_text(text, "<t>", trig=False) == "@prefix ex: <http://ex.org/> .\n\n# trailing\n"
    assert fmt_text("# a\n\n# b\n", "<t>", trig=True) == "# a\n# b\n"


def test_prune_prefixes_by_name_not_by_text() -> None:
    # A namespace ending in '#' is no comment; a directive holding a comment is kept with it.
    text = (
        "PREFIX owl: <http://www.w3.org/2002/07/owl#>\n"
        "@prefix ex: # the examples\n  <http://ex.org/> .\n"
        "@prefix used: <http://used.org/> .\n"
        "used:a used:b used:c .\n"
    )
    assert (
        fmt_text(text, "<t>", trig=False, prune_prefixes=True)
        == """\
@prefix ex: # the examples
  <http://ex.org/> .
@prefix used: <http://used.org/> .

used:a used:b used:c .
"""
    )


def test_a_directive_with_a_comment_still_binds_its_prefix() -> None:
    text = "@prefix ex: # c\n <http://ex.org/> .\n<http://ex.org/a> ex:b ex:c .\n"
    assert fmt_text(text, "<t>", trig=False) == "@prefix ex: # c\n <http://ex.org/> .\n\nex:a ex:b ex:c .\n"


def test_rdf12_documents_with_the_rdf_version_flag(tmp_path: Path) -> None:
    # Without --rdf-version 1.2 the error names that flag (fmt had none, yet the message said
    # to pass it); with it, VERSION, the annotation and the comments are kept.
    text = 'VERSION "1.2"\n# c\n@prefix : <http://e/> .\n:s :p :o {| :q 1 |} . # ann\n'
    path = tmp_path / "r.ttl"
    path.write_text(text, encoding="utf-8")
    out = run_cli(["fmt", path.name], cwd=tmp_path)
    assert out.returncode == 2 and "--rdf-version 1.2" in out.stderr
    out = run_cli(["fmt", "--rdf-version", "1.2", path.name], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    expected = 'VERSION "1.2"\n# c\n@prefix : <http://e/> .\n\n:s :p :o {| :q 1 |} . # ann\n'
    assert path.read_text(encoding="utf-8") == expected
    # A blank node inside a triple term has no RDFC-1.0 label: refused, file untouched.
    odd = text + ":z :p <<( :a :b _:x )>> .\n"
    path.write_text(odd, encoding="utf-8")
    out = run_cli(["fmt", "--rdf-version", "1.2", path.name], cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "a blank node inside a triple term has no canonical label" in out.stderr
    assert path.read_text(encoding="utf-8") == odd


def test_fmt_writes_a_symbolic_links_target_and_leaves_compressed_files(tmp_path: Path) -> None:
    # Found by an adversarial run: the link was replaced by a file (its target unchanged), and
    # a .ttl.gz was written back as plain text under its .gz name.
    import gzip

    messy = "@prefix ex: <http://ex/> .\nex:s   ex:p ex:o .\n"
    (tmp_path / "a.ttl").write_text(messy, encoding="utf-8")
    (tmp_path / "link.ttl").symlink_to("a.ttl")
    assert run_cli(["fmt", "link.ttl"], cwd=tmp_path).returncode == 0
    assert (tmp_path / "link.ttl").is_symlink()
    assert (tmp_path / "a.ttl").read_text(
        encoding="utf-8"
    ) == "@prefix ex: <http://ex/> .\n\nex:s ex:p ex:o .\n"
    packed = gzip.compress(messy.encode())
    (tmp_path / "b.ttl.gz").write_bytes(packed)
    out = run_cli(["fmt", "b.ttl.gz"], cwd=tmp_path)
    assert out.returncode == 2 and "compressed" in out.stderr
    assert (tmp_path / "b.ttl.gz").read_bytes() == packed
    assert run_cli(["fmt", "--check", "b.ttl.gz"], cwd=tmp_path).returncode == 1  # would change: said


def test_convert_writes_a_symbolic_links_target(tmp_path: Path) -> None:
    (tmp_path / "in.nt").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    (tmp_path / "target.nt").write_text("old\n", encoding="utf-8")
    (tmp_path / "out.nt").symlink_to("target.nt")
    assert run_cli(["convert", "-q", "in.nt", "-o", "out.nt"], cwd=tmp_path).returncode == 0
    assert (tmp_path / "out.nt").is_symlink()
    assert (tmp_path / "target.nt").read_text(
        encoding="utf-8"
    ) == "<http://ex/s> <http://ex/p> <http://ex/o> .\n"


def test_fmt_goes_on_after_a_file_it_cannot_format(tmp_path: Path) -> None:
    # As validate does: an unreadable file or one not Turtle stopped the run, the later files
    # unchecked and no summary (a file that does not parse already let it go on).
    (tmp_path / "in.nt").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    (tmp_path / "m.ttl").write_text("@prefix ex: <http://ex/> .\nex:s   ex:p ex:o .\n", encoding="utf-8")
    out = run_cli(["fmt", "--check", "in.nt", "missing.ttl", "m.ttl"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "m.ttl\n")
    assert "in.nt: fmt rewrites Turtle and TriG, not ntriples" in out.stderr
    assert "missing.ttl" in out.stderr and out.stderr.endswith("1 file would change\n")


def test_fmt_names_the_file_it_cannot_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A folder it may not write in: the error named the temporary file (.fmt-xxxx.part).
    import tempfile

    def refused(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied", str(tmp_path / ".fmt-abc.part"))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    (tmp_path / "m.ttl").write_text("@prefix ex: <http://ex/> .\nex:s   ex:p ex:o .\n", encoding="utf-8")
    out = run_cli(["fmt", "m.ttl"], cwd=tmp_path)
    assert out.returncode == 2
    assert "m.ttl: cannot write: Permission denied" in out.stderr and ".fmt-" not in out.stderr
