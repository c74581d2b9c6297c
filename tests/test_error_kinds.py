"""Each ParseError names its kind where it is raised (``ErrorKind``), and ``error_rules.py`` is
a table from kind to SARIF rule: no rule is found by reading a message.

The kinds expected of the W3C entries below are written out by hand, from what each entry's
name and document say is wrong.
"""

from __future__ import annotations

import ast
import pickle
from collections import Counter
from pathlib import Path

import pytest
from rdflib import Graph
from w3c import SYNTAX_BAD, load_manifest

import rdflib_strict
from rdflib_strict import ErrorKind, ParseError, SourceError, iterparse
from rdflib_strict.error_rules import PARSE_RULES, RULES, rule_of

PACKAGE = Path(rdflib_strict.__file__).parent
_MANIFEST_FORMATS = {"rdf11-nt": "nt", "rdf11-nq": "nq", "rdf11-turtle": "ttl", "rdf11-trig": "trig"}
#: Kinds no parser raises for a document that is not RDF 1.1: a SourceError's, a warning's,
#: and that of a ParseError made without a kind.
_NOT_A_SYNTAX_ERROR = {ErrorKind.SOURCE, ErrorKind.ILL_TYPED_LITERAL, ErrorKind.UNCLASSIFIED}

# (manifest, entry, kind of its first error)
BY_HAND = [
    ("rdf11-nt", "nt-syntax-bad-uri-01", ErrorKind.INVALID_IRI),  # a space in an IRI
    ("rdf11-nt", "nt-syntax-bad-uri-02", ErrorKind.INVALID_ESCAPE),  # '\u' and no hex digits
    ("rdf11-nt", "nt-syntax-bad-uri-06", ErrorKind.RELATIVE_IRI),  # <s>
    ("rdf11-nq", "nq-syntax-bad-uri-01", ErrorKind.RELATIVE_IRI),  # a relative graph label
    ("rdf11-nt", "nt-syntax-bad-bnode-01", ErrorKind.INVALID_BLANK_NODE_LABEL),  # _::a
    ("rdf11-nt", "nt-syntax-bad-lang-01", ErrorKind.INVALID_LANGUAGE_TAG),  # "string"@1
    ("rdf11-nt", "nt-syntax-bad-string-01", ErrorKind.UNTERMINATED_STRING),
    ("rdf11-nt", "nt-syntax-bad-struct-01", ErrorKind.SYNTAX),  # ',' in N-Triples
    ("rdf11-turtle", "turtle-syntax-bad-LITERAL2_with_langtag_and_datatype", ErrorKind.INVALID_LITERAL),
    ("rdf11-turtle", "turtle-syntax-bad-prefix-01", ErrorKind.UNDEFINED_PREFIX),
    ("rdf11-turtle", "turtle-syntax-bad-struct-04", ErrorKind.MISPLACED_TERM),  # a literal subject
    ("rdf11-turtle", "turtle-syntax-bad-numeric-escape-01", ErrorKind.INVALID_ESCAPE),  # a surrogate
    ("rdf11-turtle", "turtle-syntax-bad-missing-ns-dot-end", ErrorKind.INVALID_PREFIXED_NAME),
    ("rdf11-trig", "trig-syntax-bad-prefix-06", ErrorKind.NESTED_GRAPH_BLOCK),  # @prefix in a block
]


def _first_error(path: Path, fmt: str, base: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        for _ in iterparse(str(path), fmt, base):
            pass
    return caught.value


@pytest.mark.parametrize("manifest", sorted(_MANIFEST_FORMATS))
def test_every_w3c_negative_entry_raises_an_error_of_a_specific_kind(
    manifest: str, rdf_tests_dir: Path
) -> None:
    cases = [c for c in load_manifest(rdf_tests_dir, manifest) if c.kind in SYNTAX_BAD]
    assert len(cases) > 20
    kinds: Counter[ErrorKind] = Counter()
    for case in cases:
        e = _first_error(case.action, _MANIFEST_FORMATS[manifest], case.action_iri)
        assert type(e.kind) is ErrorKind and e.kind not in _NOT_A_SYNTAX_ERROR, (case.id, e.kind, e.msg)
        assert rule_of(e) is RULES[e.kind]
        kinds[e.kind] += 1
    assert len(kinds) >= 6, kinds


@pytest.mark.parametrize(("manifest", "entry", "kind"), BY_HAND, ids=[e for _, e, _ in BY_HAND])
def test_the_kind_of_w3c_negative_entries_by_hand(
    manifest: str, entry: str, kind: ErrorKind, rdf_tests_dir: Path
) -> None:
    (case,) = [c for c in load_manifest(rdf_tests_dir, manifest) if c.id == f"{manifest}/{entry}"]
    e = _first_error(case.action, _MANIFEST_FORMATS[manifest], case.action_iri)
    assert e.kind is kind, e.msg
    assert rule_of(e).id == kind.value


def test_every_kind_has_its_rule_whose_id_is_the_kind() -> None:
    assert set(RULES) == set(ErrorKind)
    assert len(PARSE_RULES) == len(ErrorKind)
    for kind, rule in RULES.items():
        assert rule.id == kind.value == kind
    assert PARSE_RULES == tuple(RULES.values())


def _kinds_named_in(path: Path) -> set[str]:
    """The members of ErrorKind that ``path``'s code names (``ErrorKind.X``)."""
    return {
        node.attr
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "ErrorKind"
    }


def test_the_package_raises_only_kinds_with_rules_and_every_kind_but_the_catch_all() -> None:
    # error_rules.py names every kind (its table): the others are where errors are made.
    named = {path: _kinds_named_in(path) for path in PACKAGE.rglob("*.py") if path.name != "error_rules.py"}
    used = set().union(*named.values())
    members = {kind.name for kind in ErrorKind}
    assert used <= members, used - members
    assert {ErrorKind[name] for name in used} <= set(RULES)
    # SOURCE is SourceError's own and UNCLASSIFIED the default of a ParseError made outside the
    # package, both in errors.py: every other kind is raised somewhere else.
    raised = set().union(*(kinds for path, kinds in named.items() if path.name != "errors.py"))
    assert members - raised == {"SOURCE", "UNCLASSIFIED"}


def _relative_iri_error() -> ParseError:
    with pytest.raises(ParseError) as caught:
        list(iterparse(data="<http://ex/s> <http://ex/p> <rel> .\n", format="nt"))
    return caught.value


def test_the_kind_is_its_rule_id_as_a_string() -> None:
    e = _relative_iri_error()
    assert e.kind == "relative-iri"
    assert isinstance(e.kind, str)


def test_the_kind_travels_to_other_processes_and_further_lines() -> None:
    # Worker processes (-j, Dask) send errors back pickled, and move them to their line.
    e = _relative_iri_error()
    assert pickle.loads(pickle.dumps(e)).kind is ErrorKind.RELATIVE_IRI
    assert e.moved(10).kind is ErrorKind.RELATIVE_IRI
    source = SourceError.reading("download failed: reset", "http://x/y.nt", 12)
    assert source.kind is ErrorKind.SOURCE
    assert pickle.loads(pickle.dumps(source)).kind is ErrorKind.SOURCE
    assert source.moved(3).kind is ErrorKind.SOURCE


def test_a_span_error_raised_below_the_parser_keeps_its_kind() -> None:
    # The sink refuses a named graph with a SpanError; the parser places it, kind and all.
    for fmt, doc in (
        ("strict-nquads", "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .\n"),
        ("strict-trig", "<http://ex/g> { <http://ex/s> <http://ex/p> <http://ex/o> . }\n"),
    ):
        with pytest.raises(ParseError) as caught:
            Graph().parse(data=doc, format=fmt)
        assert caught.value.kind is ErrorKind.NAMED_GRAPH_IN_GRAPH, fmt


def test_a_parse_error_made_without_a_kind_is_unclassified() -> None:
    e = ParseError("made elsewhere", "<string>", 1, 1, 2, "x")
    assert e.kind is ErrorKind.UNCLASSIFIED
    assert rule_of(e).id == "parse-error"


# Errors only RDF 1.2 documents have (read with version="1.2"), and the words their rule's help
# must have to explain them: a help written for RDF 1.1 alone would not tell how to fix them.
RDF12_ONLY = [
    (
        "nt",
        "<<( <http://ex/a> <http://ex/b> <http://ex/c> )>> <http://ex/p> <http://ex/o> .\n",
        "triple term",
    ),
    (
        "nq",
        "<http://ex/s> <http://ex/p> <http://ex/o> <<( <http://ex/a> <http://ex/b> <http://ex/c> )>> .\n",
        "graph",
    ),
    ("nt", '<http://ex/s> <http://ex/p> "x"@en--LTR .\n', "--ltr"),
    (
        "nt",
        '<http://ex/s> <http://ex/p> "x"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString> .\n',
        "dirLangString",
    ),
]


@pytest.mark.parametrize(("fmt", "doc", "words"), RDF12_ONLY, ids=[w for _, _, w in RDF12_ONLY])
def test_the_rule_of_an_rdf12_error_explains_it(fmt: str, doc: str, words: str) -> None:
    with pytest.raises(ParseError) as caught:
        list(iterparse(data=doc, format=fmt, version="1.2"))
    assert words in rule_of(caught.value).help, (caught.value.kind, caught.value.msg)
