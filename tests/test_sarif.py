"""``validate --report sarif``: the log is valid SARIF 2.1.0 and says what the errors are, where.

Every log the CLI writes here is checked against the OASIS SARIF 2.1.0 JSON schema shipped in
tests/data/sarif (with its notice), URIs against RFC 3986 (the schema's ``uri`` and
``uri-reference`` formats, by a grammar written out below), and against what the schema
cannot say (each result's rule is listed at its index, artifact indexes agree). Positions and
rule ids are written out by hand.
"""

from __future__ import annotations

import functools
import gzip
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from clirun import run_cli
from rdflib import Graph
from w3c import RDF_TESTS_MISSING, SYNTAX_BAD, find_rdf_tests_dir, load_manifest

from rdflib_strict import ParseError, iterparse, parallel
from rdflib_strict.error_rules import PARSE_RULES, UNCLASSIFIED, rule_of
from rdflib_strict.sarif import Finding, Notification, Rule, artifact_location, sarif_log

SCHEMA_PATH = Path(__file__).resolve().parent / "data" / "sarif" / "sarif-schema-2.1.0.json"
XSD = "http://www.w3.org/2001/XMLSchema#"

# --- RFC 3986, appendix A, for the schema's "uri" and "uri-reference" formats ---------------
_UNRESERVED = r"[A-Za-z0-9\-._~]"
_PCT = r"%[0-9A-Fa-f]{2}"
_SUB_DELIMS = r"[!$&'()*+,;=]"
_PCHAR = rf"(?:{_UNRESERVED}|{_PCT}|{_SUB_DELIMS}|[:@])"
_SEGMENT_NZ_NC = rf"(?:{_UNRESERVED}|{_PCT}|{_SUB_DELIMS}|@)+"
_AUTHORITY = (
    rf"(?:(?:{_UNRESERVED}|{_PCT}|{_SUB_DELIMS}|:)*@)?"
    rf"(?:\[[0-9A-Fa-f:.vV]+\]|(?:{_UNRESERVED}|{_PCT}|{_SUB_DELIMS})*)(?::[0-9]*)?"
)
_PATH_ABEMPTY = rf"(?:/{_PCHAR}*)*"
_QUERY_FRAGMENT = rf"(?:\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?"
_HIER = rf"(?://{_AUTHORITY}{_PATH_ABEMPTY}|/(?:{_PCHAR}+{_PATH_ABEMPTY})?|{_PCHAR}+{_PATH_ABEMPTY}|)"
_RELATIVE = (
    rf"(?://{_AUTHORITY}{_PATH_ABEMPTY}|/(?:{_PCHAR}+{_PATH_ABEMPTY})?|{_SEGMENT_NZ_NC}{_PATH_ABEMPTY}|)"
)
URI_RE = re.compile(rf"[A-Za-z][A-Za-z0-9+\-.]*:{_HIER}{_QUERY_FRAGMENT}")
RELATIVE_REF_RE = re.compile(rf"{_RELATIVE}{_QUERY_FRAGMENT}")


def test_the_uri_grammar_tells_uris_from_other_strings() -> None:
    for good in ("file:///tmp/a%20b.ttl", "https://example.org/x?y#z", "urn:x:y"):
        assert URI_RE.fullmatch(good), good
    for good in ("a.ttl", "my%20data/x.ttl", "../x.nt", "a%3Ab.nt", ""):
        assert RELATIVE_REF_RE.fullmatch(good), good
    for bad in ("a b.ttl", "x%2.nt", "données.ttl", "a\\b.nt", "<stdin>"):
        assert not RELATIVE_REF_RE.fullmatch(bad) and not URI_RE.fullmatch(bad), bad


@functools.cache
def _validator() -> Any:
    """The SARIF 2.1.0 schema's validator, with the URI formats checked by the grammar above.

    Built once a process, at first use: jsonschema is imported here, not when the module is
    collected (which every xdist worker does, 0.1 s each), and the schema is checked to be a
    valid Draft 4 schema once (40 ms; it is the same file for every log)."""
    import jsonschema

    formats = jsonschema.FormatChecker(formats=())
    formats.checks("uri")(lambda value: not isinstance(value, str) or URI_RE.fullmatch(value) is not None)
    formats.checks("uri-reference")(
        lambda value: (
            not isinstance(value, str)
            or URI_RE.fullmatch(value) is not None
            or RELATIVE_REF_RE.fullmatch(value) is not None
        )
    )
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=formats)


def check_log(log: dict[str, Any]) -> dict[str, Any]:
    """Schema-valid, and what the schema cannot check; returns the one run."""
    errors = sorted(_validator().iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    rules = run["tool"]["driver"]["rules"]
    assert len({r["id"] for r in rules}) == len(rules)
    artifacts = run.get("artifacts", [])
    locations = [loc["physicalLocation"] for result in run["results"] for loc in result["locations"]]
    for invocation in run.get("invocations", []):
        for note in invocation.get("toolExecutionNotifications", []):
            locations += [loc["physicalLocation"] for loc in note.get("locations", [])]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    for physical in locations:
        where = physical["artifactLocation"]
        if "index" in where:
            assert artifacts[where["index"]]["location"] == {k: v for k, v in where.items() if k != "index"}
        if "uriBaseId" in where:
            assert where["uriBaseId"] in run["originalUriBaseIds"]
    return run


def sarif(args: list[str], cwd: Path, stdin: bytes = b"") -> tuple[subprocess.CompletedProcess[str], Any]:
    """``rdflib-strict validate --report sarif ARGS``: the process and its checked run."""
    out = run_cli(["validate", "--report", "sarif", *args], stdin, cwd=cwd)
    log = json.loads(out.stdout)  # stdout holds the log and nothing else
    return out, check_log(log)


def spans(run: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each result as (rule id, level, line, column, end column, the span's text)."""
    found = []
    for result in run["results"]:
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] == region["endLine"]
        found.append(
            (
                result["ruleId"],
                result["level"],
                region["startLine"],
                region["startColumn"],
                region["endColumn"],
                region.get("snippet", {}).get("text"),
            )
        )
    return found


TTL = (
    "@prefix : <http://example.org/> .\n"
    f"@prefix xsd: <{XSD}> .\n"
    ":s :p :o .\n"
    ':s :p "x"@en^^:t .\n'
    ':s :n "abc"^^xsd:integer .\n'
    ':s :p "😀" , ex:o .\n'
    ":s :p <a b> .\n"
)


def test_errors_and_warnings_at_their_lines_and_columns(tmp_path: Path) -> None:
    (tmp_path / "data.ttl").write_text(TTL, encoding="utf-8")
    out, run = sarif(["data.ttl"], tmp_path)
    assert out.returncode == 1
    assert spans(run) == [
        ("invalid-literal", "error", 4, 13, 15, "^^"),
        ("ill-typed-literal", "warning", 5, 7, 25, '"abc"^^xsd:integer'),
        # Columns count code points: the emoji is one.
        ("undefined-prefix", "error", 6, 13, 17, "ex:o"),
        ("invalid-iri", "error", 7, 9, 10, " "),
    ]
    result = run["results"][2]
    assert result["message"]["text"] == "undefined prefix 'ex:' in ex:o (no @prefix or PREFIX declares it)"
    context = result["locations"][0]["physicalLocation"]["contextRegion"]
    assert context == {"startLine": 6, "endLine": 6, "snippet": {"text": ':s :p "😀" , ex:o .'}}
    assert run["artifacts"] == [{"location": {"uri": "data.ttl", "uriBaseId": "%SRCROOT%"}}]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["index"] == 0
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tmp_path.as_uri() + "/"}}
    assert run["invocations"] == [{"executionSuccessful": True, "exitCode": 1}]
    driver = run["tool"]["driver"]
    assert driver["name"] == "rdflib-strict"
    assert [r["id"] for r in driver["rules"]] == [r.id for r in PARSE_RULES]
    warning_rule = driver["rules"][run["results"][1]["ruleIndex"]]
    assert warning_rule["defaultConfiguration"] == {"level": "warning"}


def test_no_warnings_without_warn_ill_typed(tmp_path: Path) -> None:
    (tmp_path / "data.ttl").write_text(TTL, encoding="utf-8")
    _, run = sarif(["data.ttl", "--no-warn-ill-typed"], tmp_path)
    assert [r["ruleId"] for r in run["results"]] == ["invalid-literal", "undefined-prefix", "invalid-iri"]


def test_a_valid_file_has_no_results_and_exit_0(tmp_path: Path) -> None:
    (tmp_path / "ok.nt").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    out, run = sarif(["ok.nt"], tmp_path)
    assert out.returncode == 0
    assert run["results"] == []
    assert run["artifacts"] == [{"location": {"uri": "ok.nt", "uriBaseId": "%SRCROOT%"}}]
    assert run["invocations"] == [{"executionSuccessful": True, "exitCode": 0}]
    assert "1 file checked: 1 valid" in out.stderr  # the summary stays on stderr


def test_several_files_in_one_run(tmp_path: Path) -> None:
    (tmp_path / "ok.nt").write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    (tmp_path / "a.nt").write_text("<http://ex/s> <http://ex/p> <rel> .\n", encoding="utf-8")
    (tmp_path / "b.nq").write_text(
        '<http://ex/s> <http://ex/p> "x" <http://ex/g> .\n_::a <http://ex/p> <http://ex/o> .\n',
        encoding="utf-8",
    )
    out, run = sarif(["ok.nt", "a.nt", "b.nq"], tmp_path)
    assert out.returncode == 1
    assert [a["location"]["uri"] for a in run["artifacts"]] == ["ok.nt", "a.nt", "b.nq"]
    found = [
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["index"], *s)
        for r, s in zip(run["results"], spans(run), strict=True)
    ]
    assert found == [
        (1, "relative-iri", "error", 1, 29, 34, "<rel>"),
        (2, "invalid-blank-node-label", "error", 2, 1, 5, "_::a"),
    ]
    assert "valid, 1 statement" not in out.stdout + out.stderr  # no text per-file lines


def test_stdin_has_no_uri_but_a_description(tmp_path: Path) -> None:
    doc = b'<http://ex/s> <http://ex/p> <http://ex/o> .\n<http://ex/s> <http://ex/p> "a\\qb" .\n'
    out, run = sarif(["--format", "nt", "-"], tmp_path, stdin=doc)
    assert out.returncode == 1
    assert run["artifacts"] == [{"location": {"description": {"text": "<stdin>"}}}]
    assert spans(run) == [("invalid-escape", "error", 2, 31, 33, "\\q")]
    where = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert where == {"description": {"text": "<stdin>"}, "index": 0}


def test_jobs_give_the_log_of_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BLOCK_SIZE", 4096)  # some 40 blocks
    lines = [f'<http://ex/s{i}> <http://ex/p> "v{i}" .\n' for i in range(3000)]
    lines[100] = "<http://ex/s> <http://ex/p> <rel> .\n"
    lines[2900] = f'<http://ex/s> <http://ex/p> "x"^^<{XSD}integer> .\n'
    lines[2950] = "garbage\n"
    (tmp_path / "big.nt").write_text("".join(lines), encoding="utf-8")
    expected = [
        ("relative-iri", "error", 101, 29, 34, "<rel>"),
        ("ill-typed-literal", "warning", 2901, 29, 76, f'"x"^^<{XSD}integer>'),
        ("syntax", "error", 2951, 1, 8, "garbage"),
    ]
    for jobs in ("2", "1"):
        out, run = sarif(["big.nt", "-j", jobs], tmp_path)
        assert out.returncode == 1
        assert spans(run) == expected, jobs


def test_max_errors_cuts_the_results_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "many.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n" * 10, encoding="utf-8")
    out, run = sarif(["many.nt", "--max-errors", "3"], tmp_path)
    assert out.returncode == 1
    assert [(r[0], r[2]) for r in spans(run)] == [
        ("relative-iri", 1),
        ("relative-iri", 2),
        ("relative-iri", 3),
    ]
    (invocation,) = run["invocations"]
    assert invocation["toolExecutionNotifications"] == [
        {
            "level": "note",
            "message": {"text": "stopped after 3 errors (--max-errors)"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "many.nt", "uriBaseId": "%SRCROOT%", "index": 0}
                    }
                }
            ],
        }
    ]


def test_a_file_that_cannot_be_opened_is_a_notification_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "a.nt").write_text("<rel> <http://ex/p> <http://ex/o> .\n", encoding="utf-8")
    out, run = sarif(["missing.nt", "a.nt"], tmp_path)
    assert out.returncode == 2
    assert [r["ruleId"] for r in run["results"]] == ["relative-iri"]
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    assert invocation["exitCode"] == 2
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error"
    assert note["message"]["text"].startswith("missing.nt: cannot read: ")
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "missing.nt"
    assert "missing.nt: cannot read" in out.stderr


def test_a_truncated_stream_is_the_source_rule(tmp_path: Path) -> None:
    data = "".join(f'<http://ex/s{i}> <http://ex/p> "{i * 7919}" .\n' for i in range(3000)).encode()
    packed = gzip.compress(data)
    (tmp_path / "cut.nt.gz").write_bytes(packed[: len(packed) // 2])
    out, run = sarif(["cut.nt.gz"], tmp_path)
    assert out.returncode == 2
    (result,) = run["results"]
    assert result["ruleId"] == "source"
    assert result["level"] == "error"
    assert "truncated" in result["message"]["text"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert set(region) == {"startLine", "endLine"}  # the line is known, not the column
    assert 1 <= region["startLine"] <= 3000
    assert run["invocations"][0]["executionSuccessful"] is False


# One document per kind: (format, document, rule, line, column, end column), positions by hand.
KINDS = [
    ("nt", '<http://ex/s> <http://ex/p> "x" <http://ex/g> .\n', "syntax", 1, 33, 46),
    ("nt", "<http://ex/s> <http://ex/p> <http://ex/a b> .\n", "invalid-iri", 1, 41, 42),
    ("nt", "<http://ex/s> <http://ex/p> <rel> .\n", "relative-iri", 1, 29, 34),
    ("ttl", "<a> <http://ex/p> <http://ex/o> .\n", "relative-iri-without-base", 1, 1, 4),
    ("ttl", "ex:a ex:b ex:c .\n", "undefined-prefix", 1, 1, 5),
    ("nt", '<http://ex/s> <http://ex/p> "a\\qb" .\n', "invalid-escape", 1, 31, 33),
    ("ttl", "<http://ex/s> <http://ex/p> <http://ex/\\u0020> .\n", "invalid-escape", 1, 40, 46),
    ("nt", '<http://ex/s> <http://ex/p> "abc .\n', "unterminated-string", 1, 29, 35),
    ("ttl", '<http://ex/s> <http://ex/p> """abc .\n', "unterminated-string", 1, 29, 32),
    ("nt", '<http://ex/s> <http://ex/p> "x"@cantbethislong .\n', "invalid-language-tag", 1, 32, 47),
    ("nt", '<http://ex/s> <http://ex/p> "x"@1 .\n', "invalid-language-tag", 1, 33, 34),
    ("nt", "_::a <http://ex/p> <http://ex/o> .\n", "invalid-blank-node-label", 1, 1, 5),
    (
        "ttl",
        "<http://ex/s> <http://ex/p> <<( <http://ex/a> <http://ex/b> <http://ex/c> )>> .\n",
        "not-rdf11",
        1,
        29,
        32,
    ),
    ("ttl", 'VERSION "1.2"\n', "not-rdf11", 1, 1, 8),
    # RDF 1.2's VERSION read as RDF 1.1, at its line, in the other formats too.
    ("ttl", '@version "1.2" .\n', "not-rdf11", 1, 1, 9),
    ("trig", '<http://ex/g> { }\nVERSION "1.2"\n', "not-rdf11", 2, 1, 8),
    ("nq", '<http://ex/s> <http://ex/p> <http://ex/o> .\nVERSION "1.2"\n', "not-rdf11", 2, 1, 8),
    ("nt", '# a comment\n  VERSION "1.2"\n', "not-rdf11", 2, 3, 10),
    ("ttl", '<http://ex/s> <http://ex/p> "x"@en--ltr .\n', "not-rdf11", 1, 35, 40),
    ("trig", "<http://ex/g> { @prefix ex: <http://ex/> . }\n", "nested-graph-block", 1, 17, 24),
    ("trig", "<http://ex/g> { { } }\n", "nested-graph-block", 1, 17, 18),
    ("ttl", '<http://ex/s> <http://ex/p> "x"@en^^<http://ex/t> .\n', "invalid-literal", 1, 35, 37),
    ("ttl", '"lit" <http://ex/p> <http://ex/o> .\n', "misplaced-term", 1, 1, 6),
    ("ttl", "<http://ex/s> a a .\n", "misplaced-term", 1, 17, 18),
    ("ttl", "@prefix ex.: <http://ex/> .\n", "invalid-prefixed-name", 1, 9, 13),
    ("nt", b'<http://ex/s> <http://ex/p> "caf\xe9" .\n', "encoding", 1, 33, 34),
    # At the end of the document: just past the last token.
    ("ttl", "<http://ex/s> <http://ex/p> <http://ex/o>\n", "syntax", 1, 42, 43),
]


@pytest.mark.parametrize(("fmt", "doc", "rule", "line", "column", "end"), KINDS)
def test_rule_of_each_error_kind(
    tmp_path: Path, fmt: str, doc: str | bytes, rule: str, line: int, column: int, end: int
) -> None:
    data = doc if isinstance(doc, bytes) else doc.encode()
    out, run = sarif(["--format", fmt, "-"], tmp_path, stdin=data)
    assert out.returncode == 1
    found = spans(run)[0]
    assert found[:5] == (rule, "error", line, column, end), run["results"][0]["message"]["text"]


def test_a_named_graph_in_a_plain_graph_is_its_own_rule() -> None:
    with pytest.raises(ParseError) as caught:
        Graph().parse(
            data="<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .\n", format="strict-nquads"
        )
    assert rule_of(caught.value).id == "named-graph-in-graph"
    assert (caught.value.lineno, caught.value.colno) == (1, 43)


@pytest.mark.parametrize(
    ("name", "uri"),
    [
        ("my data/bad file.ttl", "my%20data/bad%20file.ttl"),
        ("données.ttl", "donn%C3%A9es.ttl"),
        ("a:b#c?.ttl", "a%3Ab%23c%3F.ttl"),
        ("100%.ttl", "100%25.ttl"),
    ],
)
def test_paths_are_uri_references_that_resolve_to_the_file(tmp_path: Path, name: str, uri: str) -> None:
    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    path.write_text("ex:a ex:b ex:c .\n", encoding="utf-8")
    for given, expected in ((name, {"uri": uri, "uriBaseId": "%SRCROOT%"}), (str(path), None)):
        _, run = sarif([given], tmp_path)
        where = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        location = {k: v for k, v in where.items() if k != "index"}
        if expected is not None:
            assert location == expected
            base = run["originalUriBaseIds"][location["uriBaseId"]]["uri"]
            absolute = urljoin(base, location["uri"])
        else:  # an absolute path: a file: URI
            assert "uriBaseId" not in location
            absolute = location["uri"]
            assert absolute == tmp_path.as_uri() + "/" + uri
        parts = urlsplit(absolute)
        assert parts.scheme == "file"
        assert unquote(parts.path) == str(path)


def test_artifact_location_of_each_kind_of_source() -> None:
    assert artifact_location("dir/x y.nt") == {"uri": "dir/x%20y.nt", "uriBaseId": "%SRCROOT%"}
    assert artifact_location("./x.nt") == {"uri": "x.nt", "uriBaseId": "%SRCROOT%"}
    assert artifact_location("../up/x.nt") == {"uri": "../up/x.nt", "uriBaseId": "%SRCROOT%"}
    assert artifact_location("/abs/x y.nt") == {"uri": "file:///abs/x%20y.nt"}
    assert artifact_location("https://example.org/a b.ttl?q=1#f") == {
        "uri": "https://example.org/a%20b.ttl?q=1#f"
    }
    assert artifact_location("<string>") == {"description": {"text": "<string>"}}


def test_a_file_named_like_stdin_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "<stdin>").write_text("ex:a ex:b ex:c .\n", encoding="utf-8")
    _, run = sarif(["--format", "ttl", "<stdin>"], tmp_path)
    assert run["artifacts"] == [{"location": {"uri": "%3Cstdin%3E", "uriBaseId": "%SRCROOT%"}}]


# --- the module, as another command (shacl) uses it -----------------------------------------

MIN_COUNT = Rule(
    "sh:MinCountConstraintComponent",
    "MinCountConstraintComponent",
    "Fewer values than sh:minCount",
    "The focus node has fewer values on the path than the shape's sh:minCount.",
    help_uri="https://www.w3.org/TR/shacl/#MinCountConstraintComponent",
)


def test_a_log_of_shacl_like_findings_is_valid(tmp_path: Path) -> None:
    findings = [
        Finding(
            "sh:MinCountConstraintComponent",
            "error",
            "Less than 1 values on ex:name",
            "data.ttl",
            3,
            1,
            3,
            10,
        ),
        Finding("sh:MinCountConstraintComponent", "note", "an sh:Info result", "<data>", 7),
        Finding("sh:MinCountConstraintComponent", "warning", "whole file", "https://ex.org/d.ttl"),
        Finding(
            "sh:MinCountConstraintComponent",
            "error",
            "two lines",
            "data.ttl",
            4,
            5,
            5,
            3,
            "ex:a ex:b [\n ] .",
        ),
    ]
    log = sarif_log(
        "rdflib-strict",
        "9.9",
        [MIN_COUNT],
        findings,
        information_uri="https://example.org/tool",
        root=tmp_path,
        notifications=[Notification("shapes graph has no shapes", "warning")],
    )
    run = check_log(json.loads(json.dumps(log)))
    assert (
        run["tool"]["driver"]["rules"][0]["helpUri"]
        == "https://www.w3.org/TR/shacl/#MinCountConstraintComponent"
    )
    assert [r["level"] for r in run["results"]] == ["error", "note", "warning", "error"]
    regions = [r["locations"][0]["physicalLocation"].get("region") for r in run["results"]]
    assert regions == [
        {"startLine": 3, "startColumn": 1, "endLine": 3, "endColumn": 10},
        {"startLine": 7, "endLine": 7},
        None,
        {"startLine": 4, "startColumn": 5, "endLine": 5, "endColumn": 3},
    ]
    last = run["results"][3]["locations"][0]["physicalLocation"]
    assert last["contextRegion"] == {"startLine": 4, "endLine": 5, "snippet": {"text": "ex:a ex:b [\n ] ."}}
    assert [a["location"] for a in run["artifacts"]] == [
        {"uri": "data.ttl", "uriBaseId": "%SRCROOT%"},
        {"description": {"text": "<data>"}},
        {"uri": "https://ex.org/d.ttl"},
    ]


def test_a_huge_line_gives_bounded_results_that_quote_a_window(tmp_path: Path) -> None:
    """Errors on a 2 MB line: each result stays under 1000 characters. A short span keeps its
    own text as the region's snippet and gets the 200 columns of the line around it as a
    context region (its columns given, so it is still the text of its region); a span longer
    than that gets no snippet at all. Invisible characters in the message show as U+XXXX."""
    big = "a" * 1_000_000
    lines = [
        f'<http://ex/s> <http://ex/p> "{big}" <x> .',
        f"<http://ex/s> <http://ex/p> <{big}> .",
        "\ufeff<http://ex/s> <http://ex/p> <http://ex/o> .",
    ]
    (tmp_path / "big.nt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, run = sarif(["big.nt"], tmp_path)
    assert out.returncode == 1
    assert len(out.stdout) < 30_000  # the rules' descriptions and three results
    for result in run["results"]:
        assert len(json.dumps(result)) < 1000, json.dumps(result)[:2000]
    first, second, third = (r["locations"][0]["physicalLocation"] for r in run["results"])
    col = len(lines[0]) - len("<x> .") + 1
    assert first["region"] == {
        "startLine": 1,
        "startColumn": col,
        "endLine": 1,
        "endColumn": col + 3,
        "snippet": {"text": "<x>"},
    }
    context = first["contextRegion"]
    assert (context["startLine"], context["endLine"], context["endColumn"]) == (1, 1, len(lines[0]) + 1)
    assert context["endColumn"] - context["startColumn"] == 200
    assert context["snippet"]["text"] == lines[0][context["startColumn"] - 1 :]
    # The whole IRI is the span: 1 MB, no snippet, no context.
    assert second == {
        "artifactLocation": {"uri": "big.nt", "uriBaseId": "%SRCROOT%", "index": 0},
        "region": {"startLine": 2, "startColumn": 29, "endLine": 2, "endColumn": 29 + len(big) + 2},
    }
    assert run["results"][1]["message"]["text"].endswith(
        "aaa>: relative IRI; only absolute IRIs are allowed here"
    )
    assert third["region"]["snippet"] == {"text": "\ufeff<http://ex/s>"}  # the file's own text
    assert run["results"][2]["message"]["text"] == (
        "expected a subject (an IRI or a blank node), found 'U+FEFF<http://ex/s>'"
    )


def test_a_whole_line_region_carries_its_snippet_without_context() -> None:
    found = Finding("sh:MinCountConstraintComponent", "error", "m", "d.ttl", 2, 1, 2, 7, "ex:a ." + "\n")
    physical = sarif_log("t", "1", [MIN_COUNT], [found])["runs"][0]["results"][0]["locations"][0][
        "physicalLocation"
    ]
    assert physical["region"]["snippet"] == {"text": "ex:a ."}
    assert "contextRegion" not in physical


def test_a_region_over_long_lines_gets_no_context_beyond_1000_characters() -> None:
    """A region over several lines has no bounded superset once its lines are long: past
    1000 characters the log gives the region alone."""

    def physical(snippet: str) -> Any:
        found = Finding("sh:MinCountConstraintComponent", "error", "m", "d.ttl", 4, 5, 5, 3, snippet)
        return sarif_log("t", "1", [MIN_COUNT], [found])["runs"][0]["results"][0]["locations"][0][
            "physicalLocation"
        ]

    short = "ex:a ex:b [\n ] ."
    assert physical(short)["contextRegion"]["snippet"] == {"text": short}
    long = "ex:a ex:b [" + " " * 2000 + "\n ] ."
    assert physical(long) == {
        "artifactLocation": {"uri": "d.ttl", "uriBaseId": "%SRCROOT%", "index": 0},
        "region": {"startLine": 4, "startColumn": 5, "endLine": 5, "endColumn": 3},
    }


def test_findings_must_name_a_listed_rule_and_a_real_span() -> None:
    with pytest.raises(ValueError, match="not among the rules"):
        sarif_log("t", "1", [MIN_COUNT], [Finding("sh:Other", "error", "m", "d.ttl")])
    with pytest.raises(ValueError, match="twice"):
        sarif_log("t", "1", [MIN_COUNT, MIN_COUNT], [])
    with pytest.raises(ValueError, match="level"):
        Finding("r", "fatal", "m", "d.ttl")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1-based"):
        Finding("r", "error", "m", "d.ttl", 0)
    with pytest.raises(ValueError, match="before it starts"):
        Finding("r", "error", "m", "d.ttl", 3, 5, 3, 4)
    with pytest.raises(ValueError, match="before it starts"):
        Finding("r", "error", "m", "d.ttl", 3, 5, 2, 9)
    with pytest.raises(ValueError, match="without a line"):
        Finding("r", "error", "m", "d.ttl", None, 5)


# --- every error on the W3C suites has a rule of its own ------------------------------------

_MANIFEST_FORMATS = {"rdf11-nt": "nt", "rdf11-nq": "nq", "rdf11-turtle": "ttl", "rdf11-trig": "trig"}


def _rdf_tests() -> Path:
    root = find_rdf_tests_dir()
    if root is None:
        pytest.skip(RDF_TESTS_MISSING)
    return root


@pytest.mark.parametrize("manifest", sorted(_MANIFEST_FORMATS))
def test_every_error_on_the_w3c_negative_tests_has_a_specific_rule(manifest: str, tmp_path: Path) -> None:
    root = _rdf_tests()
    cases = [c for c in load_manifest(root, manifest) if c.kind in SYNTAX_BAD]
    assert cases
    fmt = _MANIFEST_FORMATS[manifest]
    # As the parsers report them, with the test's base IRI (and none: relative IRIs).
    for case in cases:
        for base in (case.action_iri, None):
            errors: list[ParseError] = []
            try:
                for _ in iterparse(str(case.action), fmt, base, on_error=errors.append):
                    pass
            except ParseError as e:
                errors.append(e)
            if base is not None:
                assert errors, f"{case.id} parsed without error"
            unclassified = [e.msg for e in errors if rule_of(e) is UNCLASSIFIED]
            assert not unclassified, (case.id, unclassified)
    # As the CLI reports them: one run of all the files (Turtle's base: each file's URI).
    paths = [os.path.relpath(c.action, tmp_path) for c in cases]
    out, run = sarif(["--format", fmt, "--max-errors", "1000", *paths], tmp_path)
    assert out.returncode == 1
    rule_ids = {r["ruleId"] for r in run["results"]}
    assert UNCLASSIFIED.id not in rule_ids
    assert len(rule_ids) > 5
    with_results = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["index"] for r in run["results"]
    }
    assert with_results == set(range(len(cases)))  # every negative test has an error


def test_rdf12_syntax_has_the_not_rdf11_rule_and_no_error_is_unclassified() -> None:
    root = _rdf_tests() / "rdf" / "rdf12"
    documents = [p for p in sorted(root.glob("*/*/*")) if p.suffix in (".nt", ".nq", ".ttl", ".trig")]
    assert len(documents) > 100
    rules: dict[str, int] = {}
    for path in documents:
        errors: list[ParseError] = []
        try:
            for _ in iterparse(str(path), base="http://example.org/base/", on_error=errors.append):
                pass
        except ParseError as e:
            errors.append(e)
        for e in errors:
            rule = rule_of(e)
            assert rule is not UNCLASSIFIED, (path.name, e.msg)
            rules[rule.id] = rules.get(rule.id, 0) + 1
    assert rules["not-rdf11"] > 100


def test_the_checks_catch_a_bad_log() -> None:
    # The schema check is no formality: a wrong level, a path that is no URI reference and a
    # result whose rule is not at its index are each caught.
    found = Finding("sh:MinCountConstraintComponent", "error", "m", "d.ttl", 1, 1, 1, 2)
    good = sarif_log("t", "1", [MIN_COUNT], [found])
    check_log(good)
    for spoil in (
        lambda run: run["results"][0].update(level="fatal"),
        lambda run: run["artifacts"][0]["location"].update(uri="a b.ttl"),
        lambda run: run["results"][0].update(ruleIndex=0, ruleId="other"),
    ):
        bad = json.loads(json.dumps(good))
        spoil(bad["runs"][0])
        with pytest.raises(AssertionError):
            check_log(bad)


def test_warnings_past_max_errors_are_counted_in_a_note(tmp_path: Path) -> None:
    line = f'<http://ex/s> <http://ex/p> "x"^^<{XSD}boolean> .\n'
    (tmp_path / "w.nt").write_text(line * 5, encoding="utf-8")
    out, run = sarif(["w.nt", "--max-errors", "2"], tmp_path)
    assert out.returncode == 0  # ill-typed literals are valid RDF
    assert [(r[0], r[1], r[2]) for r in spans(run)] == [
        ("ill-typed-literal", "warning", 1),
        ("ill-typed-literal", "warning", 2),
    ]
    (note,) = run["invocations"][0]["toolExecutionNotifications"]
    assert (note["level"], note["message"]["text"]) == ("note", "3 more warnings not shown")
