"""``rdflib-strict diff FIRST SECOND``: the statements only in one document, each where it is
written; blank nodes matched by RDFC-1.0. Expected outputs are written by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run_cli
from test_sarif import check_log

EX = "http://example.org/"
BEFORE = """\
@prefix ex: <http://example.org/> .
# people
ex:alice ex:name "Alice" ;
    ex:knows ex:bob, [ ex:name "Carol" ] .
ex:bob ex:name "Bob" .
"""
AFTER = """\
@prefix ex: <http://example.org/> .
ex:bob ex:name "Bob" .
ex:alice ex:name "Alice" ;
    ex:knows [ ex:name "Carol" ] ;
    ex:age 42 .
"""


def _write(tmp_path: Path, **files: str) -> None:
    for name, text in files.items():
        (tmp_path / name.replace("_", ".")).write_text(text, encoding="utf-8")


def test_changes_are_shown_at_their_lines(tmp_path: Path) -> None:
    _write(tmp_path, a_ttl=BEFORE, b_ttl=AFTER)
    out = run_cli(["diff", "a.ttl", "b.ttl"], cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout == (
        f"a.ttl:4:5: removed <{EX}alice> <{EX}knows> <{EX}bob> .\n"
        ' 4 |     ex:knows ex:bob, [ ex:name "Carol" ] .\n'
        "   |     ^^^^^^^^^^^^^^^\n"
        f'b.ttl:5:5: added <{EX}alice> <{EX}age> "42"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
        " 5 |     ex:age 42 .\n"
        "   |     ^^^^^^^^^\n"
    )
    assert out.stderr == "1 statement removed, 1 statement added\n"


def test_changes_are_grouped_by_subject_removed_first(tmp_path: Path) -> None:
    _write(
        tmp_path,
        a_nt=f"<{EX}b> <{EX}p> <{EX}old> .\n<{EX}a> <{EX}p> <{EX}gone> .\n",
        b_nt=f"<{EX}a> <{EX}p> <{EX}new> .\n<{EX}b> <{EX}p> <{EX}new> .\n",
    )
    out = run_cli(["diff", "a.nt", "b.nt", "-q"], cwd=tmp_path)
    heads = [line for line in out.stdout.splitlines() if not line.startswith(" ")]
    assert heads == [
        f"a.nt:2:1: removed <{EX}a> <{EX}p> <{EX}gone> .",
        f"b.nt:1:1: added <{EX}a> <{EX}p> <{EX}new> .",
        "",
        f"a.nt:1:1: removed <{EX}b> <{EX}p> <{EX}old> .",
        f"b.nt:2:1: added <{EX}b> <{EX}p> <{EX}new> .",
    ]
    assert out.stderr == ""


def test_same_statements_in_other_formats_and_blank_node_labels(tmp_path: Path) -> None:
    # The same graph: reordered, other blank node labels, Turtle against N-Triples.
    nt = (
        f'_:x9 <{EX}name> "Carol" .\n<{EX}bob> <{EX}name> "Bob" .\n<{EX}alice> <{EX}knows> _:x9 .\n'
        f'<{EX}alice> <{EX}knows> <{EX}bob> .\n<{EX}alice> <{EX}name> "Alice" .\n'
    )
    _write(tmp_path, a_ttl=BEFORE, b_nt=nt)
    out = run_cli(["diff", "a.ttl", "b.nt"], cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (0, "", "the same statements (5 statements)\n")


def test_a_changed_blank_node_is_a_change(tmp_path: Path) -> None:
    _write(tmp_path, a_ttl=BEFORE, b_ttl=BEFORE.replace('"Carol"', '"Dave"'))
    out = run_cli(["diff", "a.ttl", "b.ttl", "--report", "patch"], cwd=tmp_path)
    assert out.returncode == 1
    # One blank node either side: both are named c14n0, so only the name differs.
    assert out.stdout == f'D _:c14n0 <{EX}name> "Carol" .\nA _:c14n0 <{EX}name> "Dave" .\n'


def test_patch_lists_deletions_then_additions(tmp_path: Path) -> None:
    _write(tmp_path, a_ttl=BEFORE, b_ttl=AFTER)
    out = run_cli(["diff", "a.ttl", "b.ttl", "--report", "patch"], cwd=tmp_path)
    assert out.stdout == (
        f"D <{EX}alice> <{EX}knows> <{EX}bob> .\n"
        f'A <{EX}alice> <{EX}age> "42"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
    )


def test_datasets_compare_graph_by_graph(tmp_path: Path) -> None:
    _write(
        tmp_path,
        a_trig=f"<{EX}g> {{ <{EX}s> <{EX}p> <{EX}o> . }}\n<{EX}s> <{EX}p> <{EX}o> .\n",
        b_nq=f"<{EX}s> <{EX}p> <{EX}o> <{EX}h> .\n<{EX}s> <{EX}p> <{EX}o> .\n",
    )
    out = run_cli(["diff", "a.trig", "b.nq", "--report", "patch"], cwd=tmp_path)
    assert out.stdout == f"D <{EX}s> <{EX}p> <{EX}o> <{EX}g> .\nA <{EX}s> <{EX}p> <{EX}o> <{EX}h> .\n"


def test_sarif_has_one_note_per_change_at_its_statement(tmp_path: Path) -> None:
    _write(tmp_path, a_ttl=BEFORE, b_ttl=AFTER)
    out = run_cli(["diff", "a.ttl", "b.ttl", "--report", "sarif", "-q"], cwd=tmp_path)
    assert out.returncode == 1
    run = check_log(json.loads(out.stdout))
    found = [
        (
            r["ruleId"],
            r["level"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["locations"][0]["physicalLocation"]["region"]["startColumn"],
        )
        for r in run["results"]
    ]
    assert found == [("statement-removed", "note", "a.ttl", 4, 5), ("statement-added", "note", "b.ttl", 5, 5)]


def test_a_document_that_does_not_parse_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, a_ttl=BEFORE, b_ttl="<http://a> <http://b> .\n")
    out = run_cli(["diff", "a.ttl", "b.ttl"], cwd=tmp_path)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith("b.ttl:1:23: expected an object")
    # As a SARIF log: the error is its result (there was no log at all), the run failed.
    out = run_cli(["diff", "a.ttl", "b.ttl", "--report", "sarif"], cwd=tmp_path)
    assert out.returncode == 2
    run = check_log(json.loads(out.stdout))
    assert run["invocations"][0]["executionSuccessful"] is False
    (result,) = run["results"]
    where = result["locations"][0]["physicalLocation"]
    assert (result["ruleId"], result["level"], where["artifactLocation"]["uri"]) == (
        "syntax",
        "error",
        "b.ttl",
    )
    assert (where["region"]["startLine"], where["region"]["startColumn"]) == (1, 23)


def test_a_poison_graph_stops_at_the_work_limit(tmp_path: Path) -> None:
    # A clique of 6 blank nodes: every one tied with every other for RDFC-1.0.
    clique = "".join(f"_:n{i} <{EX}p> _:n{j} .\n" for i in range(6) for j in range(6) if i != j)
    _write(tmp_path, a_nt=clique, b_nt=clique)
    out = run_cli(["diff", "a.nt", "b.nt", "--work-limit", "10"], cwd=tmp_path)
    assert out.returncode == 2
    assert out.stdout == ""
    assert "work limit" in out.stderr.lower()
    assert run_cli(["diff", "a.nt", "b.nt"], cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("extra", [["c.nt"], ["--no-such-option"]])
def test_exactly_two_documents(tmp_path: Path, extra: list[str]) -> None:
    _write(tmp_path, a_nt="", b_nt="")
    out = run_cli(["diff", "a.nt", "b.nt", *extra], cwd=tmp_path)
    assert out.returncode == 2
    assert "unrecognized arguments" in out.stderr


# --- RDF 1.2 (--rdf-version 1.2) ----------------------------------------------------------------

REIFIES = "http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies"


def test_rdf12_triple_terms_and_directions_are_compared(tmp_path: Path) -> None:
    # The same statements in Turtle and in N-Triples (a tag in other case is the same tag),
    # then a direction changed: one statement removed and one added, at their lines.
    _write(
        tmp_path,
        a_ttl=f'VERSION "1.2"\nPREFIX ex: <{EX}>\n'
        'ex:r ex:says <<( ex:b ex:name "salaam"@ar--rtl )>> .\n_:x ex:p 1 .\n',
        b_nt=f'<{EX}r> <{EX}says> <<( <{EX}b> <{EX}name> "salaam"@AR--rtl )>> .\n'
        f'_:y <{EX}p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n',
        c_nt=f'<{EX}r> <{EX}says> <<( <{EX}b> <{EX}name> "salaam"@ar--ltr )>> .\n',
    )
    same = run_cli(["diff", "a.ttl", "b.nt", "--rdf-version", "1.2"], cwd=tmp_path)
    assert (same.returncode, same.stdout, same.stderr) == (0, "", "the same statements (2 statements)\n")
    out = run_cli(["diff", "b.nt", "c.nt", "--rdf-version", "1.2", "--report", "patch", "-q"], cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    assert out.stdout == (
        f'D <{EX}r> <{EX}says> <<( <{EX}b> <{EX}name> "salaam"@ar--rtl )>> .\n'
        'D _:c14n0 <http://example.org/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
        f'A <{EX}r> <{EX}says> <<( <{EX}b> <{EX}name> "salaam"@ar--ltr )>> .\n'
    )


def test_rdf12_blank_node_inside_a_triple_term_is_refused_clearly(tmp_path: Path) -> None:
    # RDFC-1.0 labels no blank node inside a triple term: diff cannot match it, and says so.
    doc = f"<{EX}r> <{REIFIES}> <<( _:b <{EX}p> <{EX}o> )>> .\n"
    _write(tmp_path, a_nt=doc, b_nt=doc)
    out = run_cli(["diff", "a.nt", "b.nt", "--rdf-version", "1.2"], cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.startswith("rdflib-strict: ") and "no canonical label" in out.stderr
    assert "Traceback" not in out.stderr


def test_sarif_says_a_document_that_cannot_be_read(tmp_path: Path) -> None:
    # As validate --report sarif does: a log whose run notes it (there was no log at all).
    _write(tmp_path, a_ttl=BEFORE)
    out = run_cli(["diff", "a.ttl", "missing.ttl", "--report", "sarif"], cwd=tmp_path)
    assert out.returncode == 2
    assert "missing.ttl: cannot read" in out.stderr
    run = check_log(json.loads(out.stdout))
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert "missing.ttl: cannot read" in note["message"]["text"] and note["level"] == "error"


def test_a_document_of_errors_shows_max_errors_of_them(tmp_path: Path) -> None:
    # A stdin of the wrong format printed every statement's error (17,311 for schema.org).
    _write(tmp_path, a_ttl=BEFORE, b_nt="<http://ex/s> <http://ex/p> .\n" * 250)
    out = run_cli(["diff", "a.ttl", "b.nt"], cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.count("expected an object") == 100
    assert out.stderr.endswith("rdflib-strict: b.nt: 150 more errors not shown (--max-errors)\n")
    out = run_cli(["diff", "a.ttl", "b.nt", "--max-errors", "3", "--report", "sarif"], cwd=tmp_path)
    assert out.stderr.count("expected an object") == 3
    assert len(check_log(json.loads(out.stdout))["results"]) == 3
