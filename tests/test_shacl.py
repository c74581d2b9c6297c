"""SHACL results at file:line:col (issue #15): a real pySHACL run on hand-written data whose
results sit on known lines; every expected position below is counted by hand in the data
files (tests/data/shacl/), not produced by the code under test."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from clirun import run_cli
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from test_sarif import check_log

from rdflib_strict import SourceMap, Span
from rdflib_strict.shacl import Names, Result, caret, locate, text_lines

if importlib.util.find_spec("pyshacl") is None:
    pytest.skip("pySHACL is not installed (pip install 'rdflib-strict[shacl]')", allow_module_level=True)


def _pyshacl_validate(data: Graph, **kwargs: Any) -> Any:
    # Imported at first use, not when the module is collected (every xdist worker, 0.17 s).
    import pyshacl

    return pyshacl.validate(data, **kwargs)


# pySHACL hashes the data Dataset (rdflib's Graph.__hash__ reads the deprecated identifier).
pytestmark = pytest.mark.filterwarnings("ignore:Dataset.identifier is deprecated:DeprecationWarning:rdflib")

DATA = Path(__file__).parent / "data" / "shacl"
EX = "http://example.org/"


def ex(name: str) -> URIRef:
    return URIRef(EX + name)


def validate(*files: str, shapes: str = "shapes.ttl") -> tuple[bool, list[Result]]:
    """pySHACL on ``files`` (named relative to the data directory, as spans name them)."""
    sm = SourceMap()
    data = Dataset()
    for name in files:
        fmt = {"ttl": "turtle", "nt": "ntriples", "trig": "trig"}[name.rsplit(".", 1)[1]]
        with open(DATA / name, encoding="utf-8") as f:
            text = f.read()
        data.parse(data=text, format=f"strict-{fmt}", source_map=sm, publicID=EX)
    shapes_graph = Graph().parse(DATA / shapes, format="strict-turtle")
    conforms, report, _ = _pyshacl_validate(data, shacl_graph=shapes_graph)
    return conforms, locate(report, sm, data)


def placed(results: list[Result]) -> list[tuple[str, str | None, tuple[int, int, int, int] | None]]:
    """Each result as (component, at, span without its source)."""
    return [
        (
            str(r.component).rsplit("#", 1)[1],
            r.at,
            None if r.span is None else (r.span.line, r.span.column, r.span.end_line, r.span.end_column),
        )
        for r in results
    ]


# --- locate() from Python ------------------------------------------------------------------


def test_locate_points_each_result_at_its_statement() -> None:
    conforms, results = validate("people.ttl")
    assert not conforms
    assert placed(results) == [
        # line 6, '    ex:age "forty" ;': the value statement, from its predicate (after ';')
        ("DatatypeConstraintComponent", "value", (6, 5, 6, 19)),
        # line 7, '    ex:email "alice.example.org" .'
        ("PatternConstraintComponent", "value", (7, 5, 7, 33)),
        # line 9, 'ex:bob a ex:Person ;': sh:minCount has no value statement: bob's subject
        ("MinCountConstraintComponent", "subject", (9, 1, 9, 7)),
        # line 10, '    ex:age 30, 31 .': sh:maxCount, no value: the statements on the path
        ("MaxCountConstraintComponent", "path", (10, 5, 10, 14)),
        # line 12, 'ex:acme ex:employs ex:bob ;': [ sh:inversePath ex:employs ], value ex:acme
        ("ClassConstraintComponent", "inverse", (12, 1, 12, 26)),
        # line 13, '    ex:chief ex:carol .': carol is never a subject, only this object
        ("MinCountConstraintComponent", "object", (13, 5, 13, 22)),
        # line 15, '[ a ex:Person ; ex:name "Anon" ; ex:age "old"^^xsd:string ] .'
        ("DatatypeConstraintComponent", "value", (15, 34, 15, 58)),
    ]
    assert {r.span.source for r in results if r.span is not None} == {"<string>"}


def test_locate_reads_the_result_vocabulary() -> None:
    _, results = validate("people.ttl")
    age = results[0]
    assert age.severity == "Violation"
    assert age.focus == ex("alice")
    assert age.path == ex("age")
    assert age.value == Literal("forty")
    assert age.messages == ("Value is not Literal with datatype xsd:integer",)
    assert age.message == age.messages[0]
    assert isinstance(age.shape, BNode)
    assert str(age.component) == "http://www.w3.org/ns/shacl#DatatypeConstraintComponent"
    email = results[1]
    assert (email.severity, email.message) == ("Warning", "an email address has an @")
    assert results[5].severity == "Info"
    # Every place: bob has two ages, both on line 10 ('30' after the predicate, '31' after ',').
    assert [(s.line, s.column, s.end_column) for s in results[3].spans] == [(10, 5, 14), (10, 16, 18)]
    # A blank focus node keeps its identity: the subject of line 15's brackets.
    assert isinstance(results[6].focus, BNode)


def test_min_count_points_at_the_focus_node_subject() -> None:
    _, results = validate("people.ttl")
    (bob,) = [
        r for r in results if str(r.component).endswith("MinCountConstraintComponent") and r.at == "subject"
    ]
    assert bob.focus == ex("bob")
    assert bob.value is None
    assert bob.span == Span("<string>", 9, 1, 9, 7)


def test_inverse_path_points_at_the_statement_that_holds_the_value() -> None:
    _, results = validate("people.ttl")
    (employs,) = [r for r in results if r.at == "inverse"]
    assert (employs.focus, employs.value) == (ex("bob"), ex("acme"))
    assert employs.span == Span("<string>", 12, 1, 12, 26)


def test_ntriples_data() -> None:
    _, results = validate("people.nt")
    assert placed(results) == [
        # line 3: the whole line (the statement, '.' included)
        ("DatatypeConstraintComponent", "value", (3, 1, 3, 62)),
        # line 4: bob's subject, '<http://example.org/bob>'
        ("MinCountConstraintComponent", "subject", (4, 1, 4, 25)),
    ]


def test_trig_data_in_a_named_graph() -> None:
    _, results = validate("people.trig")
    # line 6, '        ex:age 3.5 .': a decimal, not an integer
    assert placed(results) == [("DatatypeConstraintComponent", "value", (6, 9, 6, 19))]


def test_two_data_files_are_validated_as_one_graph() -> None:
    sm = SourceMap()
    data = Dataset()
    for name in ("staff.ttl", "team.ttl"):
        data.parse(str(DATA / name), format="strict-turtle", source_map=sm)
    shapes_graph = Graph().parse(DATA / "shapes.ttl", format="strict-turtle")
    _, report, _ = _pyshacl_validate(data, shacl_graph=shapes_graph)
    results = locate(report, sm, data)
    # dave's name is in staff.ttl: no sh:minCount result for him.
    team = str(DATA / "team.ttl")
    assert [(r.at, r.span) for r in results] == [
        ("inverse", Span(team, 3, 1, 3, 30)),  # 'ex:initech ex:employs ex:dave' (to the object's end)
        ("path", Span(team, 4, 1, 4, 18)),  # 'ex:dave ex:age 41, 42 .': two ages
    ]


def test_a_focus_node_written_nowhere_has_no_place(tmp_path: Path) -> None:
    shapes = tmp_path / "shapes.ttl"
    shapes.write_text(
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix ex: <http://example.org/> .\n"
        "ex:ZedShape sh:targetNode ex:zed ; sh:property [ sh:path ex:name ; sh:minCount 1 ] .\n",
        encoding="utf-8",
    )
    sm = SourceMap()
    data = Graph().parse(
        data='<http://example.org/a> <http://example.org/b> "1" .\n', format="strict-ntriples"
    )
    _, report, _ = _pyshacl_validate(data, shacl_graph=Graph().parse(shapes, format="strict-turtle"))
    (result,) = locate(report, sm, data)
    assert (result.focus, result.at, result.span, result.spans) == (ex("zed"), None, None, ())


def test_locate_without_the_data_graph() -> None:
    """Without the data graph, results without a value fall back to the focus node's subject."""
    sm = SourceMap()
    data = Dataset()
    data.parse(data=(DATA / "people.ttl").read_text(encoding="utf-8"), format="strict-turtle", source_map=sm)
    _, report, _ = _pyshacl_validate(
        data, shacl_graph=Graph().parse(DATA / "shapes.ttl", format="strict-turtle")
    )
    by_component = {(str(r.component).rsplit("#", 1)[1], r.at) for r in locate(report, sm)}
    assert ("MaxCountConstraintComponent", "subject") in by_component
    assert ("MinCountConstraintComponent", None) in by_component  # carol: no subject, no data to look in


# --- the caret -----------------------------------------------------------------------------


_PREFIXES = "@prefix ex: <http://example.org/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"


@pytest.mark.parametrize(
    ("fmt", "text", "expected"),
    [
        # Turtle after the two prefix lines: the statement's line is line 3 or 4.
        ("turtle", 'ex:s ex:p "a b" .', (3, 11, 3, 16)),  # a Turtle statement, from its subject
        ("turtle", 'ex:s ex:q 1 ;\n    ex:p "x"@en-GB ; ex:q 2 .', (4, 10, 4, 19)),  # after ';'
        ("turtle", "ex:s\nex:p 'it\\'s' ^^ xsd:string .", (4, 6, 4, 27)),  # whitespace before ^^
        ("turtle", 'ex:s\nex:p """a "quoted" b""" .', (4, 6, 4, 24)),
        ("turtle", "ex:s\nex:p [ ex:q 1 ; ex:r ( 2 3 ) ] .", (4, 6, 4, 31)),
        ("turtle", "ex:s\nex:p ex:a.b .", (4, 6, 4, 12)),  # a '.' inside a name
        ("turtle", "ex:s\nex:p 1.5e3 . # a comment", (4, 6, 4, 11)),
        ("turtle", 'ex:s ex:p """one\r\ntwo""" .', (3, 11, 4, 7)),  # over two lines
        ("turtle", "ex:s ex:p [\n ex:r 1\n ] .", (3, 11, 5, 3)),
        ("ntriples", "<x:s> <x:p> _:b1.", (1, 13, 1, 17)),  # a line format: the '.' ends it
        ("nquads", '<x:s> <x:p> "x" <x:g> .', (1, 13, 1, 16)),  # N-Quads: not the graph label
    ],
)
def test_the_parser_records_where_the_object_is(fmt: str, text: str, expected: tuple[int, ...]) -> None:
    """The caret of a value goes under the statement's object: where the parser read it."""
    sm = SourceMap()
    data = Dataset()  # what Dataset.parse returns differs across rdflib 7.x: keep the dataset
    data.parse(data=_PREFIXES + text if fmt == "turtle" else text, format=f"strict-{fmt}", source_map=sm)
    ((s, p, o, _),) = (q for q in data.quads() if str(q[1]).endswith("p"))
    assert sm.object((s, p, o)) == (Span("<string>", *expected),)
    span = sm.statement((s, p, o))[0]
    result = Result("Violation", (), s, p, o, None, None, span, (span,), "value", carets=sm.object((s, p, o)))
    assert caret(result) == Span("<string>", *expected)


def test_a_subject_or_an_inverse_statement_is_marked_whole() -> None:
    span = Span("d", 1, 1, 1, 5)
    assert caret(_result_at(span, "subject")) == span
    assert caret(_result_at(span, "inverse")) == span


def test_text_lines_cut_as_the_parsers_count() -> None:
    lines = text_lines('ex:s ex:p """one\r\ntwo""" ;\n  ex:q [\n ex:r 1\r ] .')
    assert lines == ['ex:s ex:p """one', 'two""" ;', "  ex:q [", " ex:r 1", " ] ."]


def _result_at(span: Span, at: str) -> Result:
    return Result("Violation", (), ex("f"), None, None, None, None, span, (span,), at)  # type: ignore[arg-type]


def test_names_compact_with_the_documents_prefixes() -> None:
    names = Names(
        [("ex", EX), ("ex", "http://other.org/"), ("dup", EX), ("xsd", "http://www.w3.org/2001/XMLSchema#")]
    )
    assert names.term(ex("age")) == "ex:age"
    assert names.term(URIRef("http://other.org/x")) == "<http://other.org/x>"  # 'ex' was taken
    assert names.term(ex("a b")) == "<http://example.org/a b>"  # not a local name
    assert names.term(ex("a.")) == "<http://example.org/a.>"
    assert names.term(Literal("3", datatype=URIRef("http://www.w3.org/2001/XMLSchema#int"))) == '"3"^^xsd:int'
    assert names.term(Literal('say "hi"', lang="en")) == '"say \\"hi\\""@en'
    assert names.term(BNode()) == "[]"


def test_names_quote_huge_terms_by_their_two_ends() -> None:
    """An IRI, a local name or a literal's text of 100,000 characters shows as 100 (start and
    end around ...), in no more time than a short one takes (the test would not end before)."""
    names = Names([("ex", EX)])
    a = "a" * 100_000
    assert (
        names.term(URIRef("http://other.org/" + a))
        == "<http://other.org/" + "a" * 32 + "..." + "a" * 48 + ">"
    )
    assert names.term(ex(a)) == "ex:" + "a" * 49 + "..." + "a" * 48
    assert names.term(Literal(a, lang="en")) == '"' + "a" * 49 + "..." + "a" * 48 + '"@en'


# --- the command ---------------------------------------------------------------------------

# The text output on people.ttl, written by hand from the positions above.
GOLDEN = (DATA / "people.ttl.out").read_text(encoding="utf-8")


def test_cli_text_output() -> None:
    done = run_cli(["shacl", "people.ttl", "--shapes", "shapes.ttl"], cwd=DATA)
    assert (done.returncode, done.stdout) == (1, "")  # results are diagnostics: stderr
    assert done.stderr == GOLDEN + "7 results: 5 violations, 1 warning, 1 info in 1 file\n"


def test_cli_quiet() -> None:
    done = run_cli(["shacl", "-q", "people.ttl", "-s", "shapes.ttl"], cwd=DATA)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        line for line in GOLDEN.splitlines() if line.startswith("people.ttl:")
    ]
    assert done.stdout == ""


def test_cli_conforms() -> None:
    done = run_cli(["shacl", "good.ttl", "--shapes", "shapes.ttl"], cwd=DATA)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr == "conforms: 1 file, 6 statements\n"


def test_cli_allow_warnings() -> None:
    done = run_cli(
        ["shacl", "-", "-f", "ttl", "--shapes", "shapes.ttl", "--allow-warnings"],
        cwd=DATA,
        stdin=_ALICE_WARNED,
    )
    assert done.returncode == 0
    assert done.stderr.startswith("<stdin>:4:14: Warning: an email address has an @")
    assert done.stderr.endswith("\n1 result: 0 violations, 1 warning, 0 infos in 1 file; conforms\n")
    assert (
        run_cli(["shacl", "-", "-f", "ttl", "-s", "shapes.ttl"], cwd=DATA, stdin=_ALICE_WARNED).returncode
        == 1
    )


_ALICE_WARNED = """\
@prefix ex: <http://example.org/> .
ex:alice a ex:Person ;
    ex:name "Alice" ;
    ex:email "alice" .
"""


def test_cli_ntriples_two_files_and_the_format_option() -> None:
    done = run_cli(["shacl", "people.nt", "team.ttl", "staff.ttl", "-s", "shapes.ttl"], cwd=DATA)
    assert done.returncode == 1
    heads = [line for line in done.stderr.splitlines() if not line.startswith(" ")]
    assert heads[:-1] == [
        "people.nt:3:53: Violation: Value is not Literal with datatype xsd:integer (sh:path ex:age,"
        " shape ex:PersonShape)",
        "people.nt:4:1: Violation: Less than 1 values on ex:bob->ex:name (sh:path ex:name,"
        " shape ex:PersonShape)",
        "team.ttl:3:1: Violation: Value does not have class ex:Company (sh:path ^ex:employs,"
        " shape ex:PersonShape)",
        "team.ttl:4:16: Violation: More than 1 values on ex:dave->ex:age (sh:path ex:age,"
        " shape ex:PersonShape)",
    ]
    assert heads[-1] == "4 results: 4 violations, 0 warnings, 0 infos in 3 files"
    # --format names the data's format whatever the extension says.
    nt = (DATA / "people.nt").read_text(encoding="utf-8")
    done = run_cli(["shacl", "-", "--format", "nt", "-s", "shapes.ttl"], cwd=DATA, stdin=nt)
    assert done.stderr.startswith("<stdin>:3:53: Violation:")


def _shacl_of(tmp_path: Path, shapes: str, data_name: str, data: str) -> Any:
    """``rdflib-strict shacl DATA -s s.ttl`` in ``tmp_path``, the two files written first."""
    (tmp_path / "s.ttl").write_text(shapes, encoding="utf-8")
    (tmp_path / data_name).write_text(data, encoding="utf-8")
    return run_cli(["shacl", data_name, "-s", "s.ttl"], cwd=tmp_path)


def test_cli_shape_without_a_named_owner_is_shown_where_it_is_written(tmp_path: Path) -> None:
    shapes = (
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix ex: <http://example.org/> .\n"
        "[] sh:targetSubjectsOf ex:age ;\n  sh:property [ sh:path ex:age ; sh:maxCount 0 ] .\n"
    )
    done = _shacl_of(tmp_path, shapes, "d.ttl", "<http://example.org/x> <http://example.org/age> 1 .\n")
    assert done.stderr.splitlines()[0] == (
        "d.ttl:1:49: Violation: More than 0 values on <http://example.org/x>->ex:age"
        " (sh:path ex:age, shape [] at s.ttl:4:15)"
    )


def test_cli_result_without_a_place(tmp_path: Path) -> None:
    (tmp_path / "s.ttl").write_text(
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix ex: <http://example.org/> .\n"
        "ex:ZedShape sh:targetNode ex:zed ; sh:property [ sh:path ex:name ; sh:minCount 1 ] .\n",
        encoding="utf-8",
    )
    (tmp_path / "d.nt").write_text('<http://example.org/a> <http://example.org/b> "1" .\n', encoding="utf-8")
    done = run_cli(["shacl", "d.nt", "-s", "s.ttl"], cwd=tmp_path)
    assert (done.returncode, done.stderr.splitlines()[0]) == (
        1,
        # The message is pySHACL's, with the data's prefixes (none); the rest ours.
        "ex:zed: Violation: Less than 1 values on <http://example.org/zed>->ex:name"
        " (sh:path ex:name, shape ex:ZedShape)",
    )


def test_cli_ill_typed_literals_are_one_line_each_as_validate_says_them(tmp_path: Path) -> None:
    (tmp_path / "d.ttl").write_text(
        "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        '<http://example.org/x> <http://example.org/n> "one"^^xsd:integer, "two"^^xsd:integer .\n',
        encoding="utf-8",
    )
    for quiet in ([], ["-q"]):
        done = run_cli(["shacl", *quiet, "d.ttl", "-s", str(DATA / "shapes.ttl")], cwd=tmp_path)
        assert (done.returncode, done.stdout) == (0, "")
        # Not Python's warning format (category, the rdflib source line that called the parser).
        assert done.stderr.splitlines()[0] == (
            "d.ttl:2:47: ill-typed literal (valid RDF; a warning): not an xsd:integer (digits with"
            " an optional sign); 2 ill-typed xsd:integer literals in all (`rdflib-strict validate`"
            " lists each)"
        )
        assert len(done.stderr.splitlines()) == 2 - len(quiet)  # and the summary, unless -q


def test_cli_data_not_rdf_is_reported_as_validate_does_exit_1(tmp_path: Path) -> None:
    (tmp_path / "bad.ttl").write_text(
        "@prefix ex: <http://example.org/> .\nex:a ex:b .\nex:c ex:d\n", encoding="utf-8"
    )
    done = run_cli(["shacl", "bad.ttl", "-s", str(DATA / "shapes.ttl")], cwd=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "bad.ttl:2:11: expected an object (an IRI, a prefixed name, a blank node, a collection or a"
        " literal), found '.'\n"
        " 2 | ex:a ex:b .\n"
        "   |           ^\n"
        "bad.ttl:3:10: expected an object (an IRI, a prefixed name, a blank node, a collection or a"
        " literal), found end of document\n"
        " 3 | ex:c ex:d\n"
        "   |          ^\n"
        "not validated: 2 syntax errors in the data, 0 in the shapes\n"
    )


def test_cli_shapes_not_rdf_exit_2(tmp_path: Path) -> None:
    (tmp_path / "s.ttl").write_text("ex:a ex:b ex:c .\n", encoding="utf-8")
    done = run_cli(["shacl", str(DATA / "good.ttl"), "-s", "s.ttl"], cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("s.ttl:1:1: undefined prefix 'ex:'")
    assert "in the shapes" in done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["shacl", "missing.ttl", "-s", "shapes.ttl"],
            "rdflib-strict: missing.ttl: cannot read: No such file",
        ),
        (["shacl", "good.ttl", "-s", "missing.ttl"], "rdflib-strict: missing.ttl: cannot read: No such file"),
        (["shacl", "good.ttl", "-s", "shapes.ttl", "--format", "rdfxml"], "unknown format 'rdfxml'"),
        (["shacl", "good.ttl"], "the following arguments are required: -s/--shapes"),
    ],
)
def test_cli_usage_and_io_errors_exit_2(args: list[str], message: str) -> None:
    done = run_cli(args, cwd=DATA)
    assert (done.returncode, done.stdout) == (2, "")
    assert message in done.stderr


def test_cli_output_sarif_is_a_deprecated_spelling_of_report() -> None:
    old = run_cli(["shacl", "people.ttl", "-s", "shapes.ttl", "--output", "sarif"], cwd=DATA)
    new = run_cli(["shacl", "people.ttl", "-s", "shapes.ttl", "--report", "sarif"], cwd=DATA)
    assert old.returncode == new.returncode == 1
    assert json.loads(old.stdout)["runs"][0]["results"] == json.loads(new.stdout)["runs"][0]["results"]
    assert old.stderr.startswith(
        "rdflib-strict: shacl --output is deprecated and will be removed: use --report\n"
    )
    assert "deprecated" not in new.stderr


def test_cli_a_format_that_cannot_be_told_names_the_option(tmp_path: Path) -> None:
    (tmp_path / "d.txt").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    (tmp_path / "d.ttl").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    for args, flag in (
        (["shacl", "d.txt", "-s", "d.ttl"], "--format"),
        (["shacl", "d.ttl", "-s", "d.txt"], "--shapes-format"),
    ):
        done = run_cli(args, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")
        assert (
            done.stderr
            == f"rdflib-strict: d.txt: cannot tell the format from the extension '.txt': give {flag}"
            " (ntriples, nquads, turtle, trig)\n"
        )


def test_cli_without_pyshacl_exits_2_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyshacl", None)  # import pyshacl raises ImportError
    done = run_cli(["shacl", "good.ttl", "-s", "shapes.ttl"], cwd=DATA)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "rdflib-strict: shacl needs pySHACL: pip install 'rdflib-strict[shacl]'\n"


def test_cli_sarif() -> None:
    done = run_cli(["shacl", "people.ttl", "-s", "shapes.ttl", "--report", "sarif"], cwd=DATA)
    assert done.returncode == 1
    log = json.loads(done.stdout)
    schema = DATA.parent / "sarif" / "sarif-schema-2.1.0.json"
    if schema.exists():
        jsonschema = pytest.importorskip("jsonschema")
        jsonschema.validate(log, json.loads(schema.read_text(encoding="utf-8")))
    (run,) = log["runs"]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == [
        "sh:DatatypeConstraintComponent",
        "sh:PatternConstraintComponent",
        "sh:MinCountConstraintComponent",
        "sh:MaxCountConstraintComponent",
        "sh:ClassConstraintComponent",
    ]
    assert (
        run["tool"]["driver"]["rules"][0]["helpUri"]
        == "https://www.w3.org/TR/shacl/#DatatypeConstraintComponent"
    )
    got = [
        (
            r["ruleId"],
            r["level"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"],
        )
        for r in run["results"]
    ]
    assert [(rule, level, uri) for rule, level, uri, _ in got] == [
        ("sh:DatatypeConstraintComponent", "error", "people.ttl"),
        ("sh:PatternConstraintComponent", "warning", "people.ttl"),
        ("sh:MinCountConstraintComponent", "error", "people.ttl"),
        ("sh:MaxCountConstraintComponent", "error", "people.ttl"),
        ("sh:ClassConstraintComponent", "error", "people.ttl"),
        ("sh:MinCountConstraintComponent", "note", "people.ttl"),
        ("sh:DatatypeConstraintComponent", "error", "people.ttl"),
    ]
    regions = [(g["startLine"], g["startColumn"], g["endLine"], g["endColumn"]) for *_, g in got]
    assert regions == [
        (6, 12, 6, 19),
        (7, 14, 7, 33),
        (9, 1, 9, 7),
        (10, 12, 10, 14),
        (12, 1, 12, 26),
        (13, 14, 13, 22),
        (15, 41, 15, 58),
    ]
    assert run["results"][0]["locations"][0]["physicalLocation"]["region"]["snippet"] == {"text": '"forty"'}
    assert run["results"][0]["message"]["text"] == (
        "Value is not Literal with datatype xsd:integer (sh:path ex:age, shape ex:PersonShape)"
    )
    assert run["invocations"][0]["exitCode"] == 1
    assert done.stderr == "7 results: 5 violations, 1 warning, 1 info in 1 file\n"


def test_a_shapes_sparql_query_that_does_not_parse_is_said(tmp_path: Path) -> None:
    # pyparsing's exception went past the command line (a traceback, status 1).
    shapes = (
        "@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix a: <http://a/> .\n"
        'a:T a sh:NodeShape ; sh:targetNode a:s ; sh:sparql [ sh:select "SELECT nonsense" ] .\n'
    )
    out = _shacl_of(tmp_path, shapes, "data.nt", "<http://a/s> <http://a/p> <http://a/o> .\n")
    assert out.returncode == 2
    assert "pySHACL: a SPARQL query of the shapes does not parse" in out.stderr
    assert "Traceback" not in out.stderr


def test_cli_sarif_of_data_or_shapes_that_do_not_parse_holds_their_errors(tmp_path: Path) -> None:
    # No log was written: a code-scanning upload of stdout failed without saying why.
    shapes = "@prefix sh: <http://www.w3.org/ns/shacl#> .\n[] sh:targetClass <http://ex/C> .\n"
    (tmp_path / "s.ttl").write_text(shapes, encoding="utf-8")
    (tmp_path / "bad.ttl").write_text("<http://ex/a> <http://ex/p> .\n", encoding="utf-8")
    (tmp_path / "ok.ttl").write_text("<http://ex/a> <http://ex/p> 1 .\n", encoding="utf-8")
    for data, shapes_file, status, uri in (
        ("bad.ttl", "s.ttl", 1, "bad.ttl"),
        ("ok.ttl", "bad.ttl", 2, "bad.ttl"),
    ):
        done = run_cli(["shacl", data, "-s", shapes_file, "--report", "sarif"], cwd=tmp_path)
        assert done.returncode == status
        run = check_log(json.loads(done.stdout))
        assert run["invocations"][0]["executionSuccessful"] is (status == 1)  # 2: no check was run
        (result,) = run["results"]
        where = result["locations"][0]["physicalLocation"]
        assert (result["ruleId"], where["artifactLocation"]["uri"], where["region"]["startLine"]) == (
            "syntax",
            uri,
            1,
        )


def test_cli_sarif_says_a_document_that_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "d.ttl").write_text("<http://ex/a> <http://ex/p> 1 .\n", encoding="utf-8")
    for args in (["missing.ttl", "-s", "d.ttl"], ["d.ttl", "-s", "missing.ttl"]):
        done = run_cli(["shacl", *args, "--report", "sarif"], cwd=tmp_path)
        assert done.returncode == 2
        run = check_log(json.loads(done.stdout))
        (note,) = run["invocations"][0]["toolExecutionNotifications"]
        assert "missing.ttl: cannot read" in note["message"]["text"]


def test_cli_data_of_errors_shows_max_errors_of_them(tmp_path: Path) -> None:
    shapes = "@prefix sh: <http://www.w3.org/ns/shacl#> .\n[] sh:targetClass <http://ex/C> .\n"
    done = _shacl_of(tmp_path, shapes, "d.nt", "<http://ex/s> <http://ex/p> .\n" * 120)
    assert done.returncode == 1
    assert done.stderr.count("expected an object") == 100
    assert "rdflib-strict: d.nt: 20 more errors not shown (--max-errors)" in done.stderr
