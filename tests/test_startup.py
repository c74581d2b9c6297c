"""What the command line compiles before it reads a statement: the patterns a document needs.

Some classes of the grammar (PN_CHARS, ucschar, the RFC 3987 components) take milliseconds
each to compile, a fifth of ``rdflib-strict validate``'s own start-up when they were all
compiled at import. Those only rarer paths use are compiled at their first use; each case
runs a fresh interpreter, since every other test compiles them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# Run in a fresh interpreter: validate the file, then report which lazy patterns were
# compiled (a functools.cache holds one entry once asked for) and which sources re compiled.
_PROBE = """
import json, re, sys
compiled = set()
_compile = re._compile
def _recording(pattern, flags):
    compiled.add(pattern)
    return _compile(pattern, flags)
re._compile = _recording
from rdflib_strict.cli import main
status = main(["validate", "-q", sys.argv[1]])
from rdflib_strict.formats import lines, validate_lines, write_terms
from rdflib_strict.syntax import grammar, iri, xsd
lazy = {
    "blank_node_label_re": grammar.blank_node_label_re,
    "ntriples_re": lines.ntriples_re,
    "nquads_re": lines.nquads_re,
    "placed_nt": lines._placed_nt,
    "placed_nq": lines._placed_nq,
    "bad_ipath": iri._BAD_IPATH,
    "bad_ifragment": iri._BAD_IFRAGMENT,
    "ipv6": iri._IPV6,
    "duration": xsd._DURATION_RE,
    "bad_label": write_terms._BAD_LABEL,
}
non_ascii_iri_statement = validate_lines._strict_statement(iri.IRI_SHAPE, False)
print(json.dumps({
    "status": status,
    "compiled": sorted(name for name, f in lazy.items() if f.cache_info().currsize),
    "non_ascii_iri_statement": non_ascii_iri_statement in compiled,
}))
"""


def _probe(path: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(path)], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_an_ascii_document_compiles_none_of_the_rarer_patterns(tmp_path: Path) -> None:
    path = tmp_path / "plain.nt"
    path.write_text(
        '<http://example/s> <http://example/p> "o"@en .\n_:b <http://example/p> "1"^^<http://example/t> .\n'
    )
    assert _probe(path) == {"status": 0, "compiled": [], "non_ascii_iri_statement": False}


@pytest.mark.parametrize(
    ("line", "compiled", "non_ascii"),
    [
        # A label the fast paths leave (not ASCII): both statement regexes fail, and the
        # precise reader compiles PN_CHARS.
        ("_:é <http://example/p> <http://example/o> .\n", ["blank_node_label_re"], True),
        # A non-ASCII IRI: the second statement regex, then the precise checks of its parts.
        ("<http://example/é> <http://example/p> <http://example/o> .\n", [], True),
        # A bad path character: the precise IRI check finds it with its component's class.
        ("<http://example/a[b> <http://example/p> <http://example/o> .\n", ["bad_ipath"], True),
    ],
)
def test_rarer_patterns_are_compiled_when_a_document_needs_them(
    tmp_path: Path, line: str, compiled: list[str], non_ascii: bool
) -> None:
    path = tmp_path / "rare.nt"
    path.write_text(line, encoding="utf-8")
    result = _probe(path)
    assert result["compiled"] == compiled
    assert result["non_ascii_iri_statement"] is non_ascii
    # the verdict is the precise reader's: a bad IRI fails, the others are valid
    assert result["status"] == (1 if "[" in line else 0)


def test_cutting_a_local_turtle_file_compiles_the_byte_patterns_only(tmp_path: Path) -> None:
    # A local file's cuts are guessed in its bytes; the patterns for text (with Unicode name
    # classes, the dearer half) are compiled only when text read here is cut.
    path = tmp_path / "doc.ttl"
    path.write_text("@prefix ex: <http://example/> .\n" + "ex:s ex:p ex:o .\n" * 20)
    probe = (
        "import sys\n"
        "from rdflib_strict.cli import main\n"
        "from rdflib_strict.formats import turtle_cuts\n"
        "from rdflib_strict import parallel\n"
        "parallel.BLOCK_SIZE = 64\n"
        "status = main(['validate', '-q', '-j', '2', sys.argv[1]])\n"
        "print(status, turtle_cuts._matchers.cache_info().currsize)\n"
    )
    assert _fresh(probe, path).split() == ["0", "1"]


def test_the_first_block_of_a_file_goes_out_before_any_parser_is_made(tmp_path: Path) -> None:
    # Its state is the one a parser starts in; the directives before later cuts are read by a
    # parser made then (its module's import was a third of what the first block waited for).
    path = tmp_path / "doc.ttl"
    path.write_text(("@prefix ex: <http://example/> .\n" + "ex:s ex:p ex:o .\n" * 40) * 4)
    probe = (
        "import sys\n"
        "from rdflib_strict import parallel\n"
        "job = parallel.BlockTask('validate', False, 'x', 'p', False, turtle=True, base='http://b/')\n"
        "blocks = iter(parallel.turtle_file_blocks(sys.argv[1], job, block=256, workers=2))\n"
        "first = next(blocks)\n"
        "made = 'rdflib_strict.formats.turtle' in sys.modules\n"
        "print(first.state, made, next(blocks).state)\n"
    )
    expected = "('http://b/', ()) False ('http://b/', (('ex', 'http://example/'),))"
    assert _fresh(probe, path).split("\n")[0] == expected


def _fresh(code: str, path: Path) -> str:
    """What ``code`` prints in a fresh interpreter, given ``path`` as its argument."""
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    return done.stdout


_MODULES_PROBE = """
import json, sys
from rdflib_strict.cli import main
status = main(["validate", "-q", *sys.argv[1:]])
print(json.dumps({"status": status, "parallel": "rdflib_strict.parallel" in sys.modules,
                  "futures": "concurrent.futures" in sys.modules}))
"""


@pytest.mark.parametrize(("jobs", "loaded"), [([], False), (["-j", "1"], False), (["-j", "2"], True)])
def test_the_parallel_module_is_loaded_only_for_more_than_one_process(
    jobs: list[str], loaded: bool, tmp_path: Path
) -> None:
    # It and the pool's imports: 1.5-2.3 ms of every command's start (python -X importtime).
    doc = tmp_path / "doc.nt"
    doc.write_text("<http://ex/s> <http://ex/p> <http://ex/o> .\n")
    done = subprocess.run(
        [sys.executable, "-c", _MODULES_PROBE, str(doc), *jobs], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"status": 0, "parallel": loaded, "futures": loaded}


def test_the_package_loads_each_public_name_when_first_asked_for() -> None:
    # The command line imports the package first: none of the plugins and their writers then.
    probe = (
        "import json, sys\n"
        "import rdflib_strict\n"
        "before = sorted(m for m in sys.modules if m.startswith('rdflib_strict.'))\n"
        "names = {name: type(getattr(rdflib_strict, name)).__name__ for name in rdflib_strict.__all__}\n"
        "print(json.dumps({'before': before, 'names': names, 'dir': dir(rdflib_strict),\n"
        "                  'api': 'rdflib_strict.api' in sys.modules}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["before"] == []
    assert result["api"]
    assert result["dir"] == sorted(result["names"])
    assert result["names"]["iterparse"] == "function"
    assert result["names"]["ParseError"] == "type"
    assert result["names"]["__version__"] == "str"
    import rdflib_strict

    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = rdflib_strict.nothing  # type: ignore[attr-defined]


# After the command: whether rdflib was imported, and what the command said on stderr.
_RDFLIB_PROBE = """
import contextlib, io, json, sys
from rdflib_strict.cli import main
err = io.StringIO()
with contextlib.redirect_stderr(err):
    try:
        status = main(sys.argv[1:])
    except SystemExit as e:  # --help, --version
        status = e.code
print(json.dumps({"status": status, "rdflib": "rdflib" in sys.modules, "stderr": err.getvalue()}))
"""


def _rdflib_probe(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _RDFLIB_PROBE, *args], capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


_S, _P = "<http://example.org/s>", "<http://example.org/p>"
_VALID_LINES = (
    "# a comment line, then a blank one\r\n\r\n"
    f'{_S} {_P} "chat"@fr .\n'
    f'{_S} {_P} "7"^^<http://www.w3.org/2001/XMLSchema#integer> . # a comment after\n'
    f"_:b0 {_P} {_S} .\r"
    f"<http://example.org/caf\\u00E9> {_P} <http://[::1]/x> .\n"
    f'{_S} {_P} "caf\u00e9 \\u00e9\\t" .\r\n'
    "   \t\n"
    "#"
)


@pytest.mark.parametrize("name", ["doc.nt", "doc.nq"])
@pytest.mark.parametrize("options", [[], ["-q"], ["--no-warn-ill-typed"], ["-j", "2"]])
def test_validate_of_a_valid_line_document_does_not_import_rdflib(
    tmp_path: Path, name: str, options: list[str]
) -> None:
    # rdflib's import was half of validate of a small file (0.06 of 0.12 s).
    doc = tmp_path / name
    doc.write_text(
        _VALID_LINES + (f"\n{_S} {_P} {_S} <http://example.org/g> .\n" if name == "doc.nq" else "")
    )
    result = _rdflib_probe("validate", *options, str(doc))
    assert (result["status"], result["rdflib"]) == (0, False), result["stderr"]


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["validate", "--help"]])
def test_the_command_lines_own_answers_do_not_import_rdflib(args: list[str]) -> None:
    assert _rdflib_probe(*args) == {"status": 0, "rdflib": False, "stderr": ""}


@pytest.mark.parametrize(
    ("line", "status", "said"),
    [
        # the precise reader reads a blank node label that is not ASCII, and finds it valid
        (f"_:caf\u00e9 {_P} {_S} .\n", 0, ""),
        # a warning is a ParseError placed on the literal
        (f'{_S} {_P} "x"^^<http://www.w3.org/2001/XMLSchema#integer> .\n', 0, "2:47: ill-typed literal"),
        # an error: the precise reader's message
        (f"{_S} {_P} {_S}\n", 1, "2:69: expected '.' at the end of the statement"),
        # bad UTF-8: the chunk reader's error
        ("\udcff\n", 1, "2:1: invalid UTF-8"),
    ],
)
def test_validate_imports_rdflib_when_a_line_needs_it(
    tmp_path: Path, line: str, status: int, said: str
) -> None:
    doc = tmp_path / "doc.nt"
    doc.write_bytes(f"{_S} {_P} {_S} .\n{line}".encode("utf-8", "surrogateescape"))
    result = _rdflib_probe("validate", str(doc))
    assert (result["status"], result["rdflib"]) == (status, True), result["stderr"]
    assert said in result["stderr"]


@pytest.mark.parametrize(
    ("task", "turtle", "loaded"),
    [
        ("validate", False, []),  # its workers import rdflib only for a line that needs it
        # a Turtle validator's terms are stand-ins: rdflib only for a warning or an error
        ("validate", True, ["rdflib_strict.formats.turtle"]),
        ("statements", True, ["rdflib", "rdflib_strict.formats.turtle", "rdflib_strict.formats.lines"]),
        ("convert", False, ["rdflib", "rdflib_strict.formats.lines"]),
        ("statements", False, ["rdflib", "rdflib_strict.formats.lines"]),
    ],
)
def test_the_workers_fork_with_the_reader_their_blocks_need(
    task: str, turtle: bool, loaded: list[str]
) -> None:
    # Each worker would import rdflib itself (55 ms of a core each) if the pool forked first.
    probe = (
        "import json, sys\n"
        "from rdflib_strict import parallel\n"
        f"job = parallel.BlockTask({task!r}, False, 'x', 'p', False, turtle={turtle})\n"
        "parallel._before_fork(job)\n"
        "wanted = ['rdflib', 'rdflib_strict.formats.turtle', 'rdflib_strict.formats.lines']\n"
        "print(json.dumps([m for m in wanted if m in sys.modules]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == loaded


@pytest.mark.parametrize(
    ("lines", "rdflib"),
    [
        # written as the writer writes (escapes rewritten in place), comments and blank lines
        (f'# c\n\n{_S} {_P} "caf\\u00e9"@fr .\n_:b {_P} "1"^^<http://example.org/t> .\n', False),
        # a raw tab in a string, which the writer escapes, and a tag of another shape: the
        # string rewritten in place too
        (f'{_S} {_P} "a\tb"@be-tarask .\n', False),
        # a non-ASCII IRI: read and written again
        (f"<http://example.org/caf\u00e9> {_P} {_S} .\n", True),
    ],
)
def test_convert_of_lines_in_the_writers_spelling_does_not_import_rdflib(
    tmp_path: Path, lines: str, rdflib: bool
) -> None:
    doc, out = tmp_path / "in.nt", tmp_path / "out.nt"
    doc.write_text(lines, encoding="utf-8")
    result = _rdflib_probe("convert", "-q", str(doc), "-o", str(out))
    assert (result["status"], result["rdflib"]) == (0, rdflib), result["stderr"]
    expected = lines.replace("# c\n\n", "").replace("\\u00e9", "\u00e9").replace("\t", "\\t")
    assert out.read_text(encoding="utf-8") == expected


# Turtle and TriG with prefixes, nested '[ ]', collections, typed literals, a blank node label,
# a long string, a relative and an escaped IRI: statements the run regexes take and others
# only the parser reads, which builds its terms as stand-ins (formats/term_factory.py).
_TURTLE = (
    "@prefix ex: <http://example.org/> .\n"
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
    "# a comment\n"
    'ex:s ex:p ex:o , "chat"@fr ; ex:q 7 , -2.5 , 1e3 , false .\n'
    'ex:s ex:p [ ex:q ( 1 2.5 "x"@en [] ) ; ex:r _:b1 ] , <rel#x> .\n'
    '_:b1 ex:n "5"^^xsd:integer , """two\nlines""" , "caf\\u00e9"^^xsd:string .\n'
    '( ex:a [ ex:b ex:c ] ) ex:d "e" ; a ex:T .\n'
    "<http://example.org/caf\\u00E9> ex:p _:b1 .\n"
)
_TRIG = (
    "@prefix ex: <http://example.org/> .\n"
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
    "ex:s ex:p ex:o .\n"
    'ex:g { ex:s ex:p [ ex:q ( 1 "x"@en ) ] . _:b1 ex:n "5"^^xsd:integer }\n'
    'GRAPH _:g { ex:s ex:p ex:o , "caf\\u00e9" . _:b1 ex:p ( ) }\n'
    "{ ex:s ex:p true }\n"
)
# RDF 1.2: a triple term, a reified triple, a reifier and an annotation, a base direction.
_RDF12 = (
    "PREFIX ex: <http://example.org/>\n"
    'VERSION "1.2"\n'
    'ex:s ex:p <<( ex:a ex:b "c"@en--ltr )>> .\n'
    "<< ex:s ex:p ex:o ~ ex:r >> ex:q 1 .\n"
    "ex:s ex:p ex:o ~ _:r {| ex:src ( ex:x [ ex:y ex:z ] ) |} .\n"
)
# After the command: whether rdflib was imported, and which of the modules that build rdflib
# terms were (a warning's or an error's ParseError imports rdflib, and only that).
_TERMS_PROBE = """
import contextlib, io, json, re, sys
from rdflib_strict.cli import main
err = io.StringIO()
with contextlib.redirect_stderr(err):
    status = main(sys.argv[1:])
builders = ["rdflib_strict.formats.terms", "rdflib_strict.formats.rdf12_terms", "rdflib_strict.formats.lines"]
print(json.dumps({"status": status, "rdflib": "rdflib" in sys.modules,
                  "builders": [m for m in builders if m in sys.modules],
                  "stderr": re.sub(r" in [0-9.]+ s$", "", err.getvalue(), flags=re.M)}))
"""


def _terms_probe(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _TERMS_PROBE, *args], capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _summary(statements: int, valid: bool = True, errors: int = 0, warnings: int = 0) -> str:
    verdict = "1 valid, 0 invalid" if valid else "0 valid, 1 invalid"
    said = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return f"1 file checked: {verdict} ({said}); {statements} statements\n"


@pytest.mark.parametrize(
    ("name", "text", "statements", "version"),
    [("doc.ttl", _TURTLE, 29, "1.1"), ("doc.trig", _TRIG, 12, "1.1"), ("doc.ttl", _RDF12, 11, "1.2")],
)
@pytest.mark.parametrize("options", [[], ["-q"], ["-j", "2"]])
def test_validate_of_valid_turtle_and_trig_does_not_import_rdflib(
    tmp_path: Path, name: str, text: str, statements: int, version: str, options: list[str]
) -> None:
    # rdflib's import was half of validate of a small file (0.09 s against 0.04 s without).
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    result = _terms_probe("validate", "--rdf-version", version, *options, str(doc))
    said = "" if options == ["-q"] else _summary(statements)
    assert result == {"status": 0, "rdflib": False, "builders": [], "stderr": said}


@pytest.mark.parametrize(
    ("name", "text", "warning"),
    [
        (
            "doc.ttl",
            _TURTLE,
            "6:11: ill-typed literal (valid RDF; a warning): not an xsd:integer (digits with an optional "
            'sign)\n 6 | _:b1 ex:n "five"^^xsd:integer , """two\n   |           ^^^^^^^^^^^^^^^^^^^\n',
        ),
        (
            "doc.trig",
            _TRIG,
            "4:52: ill-typed literal (valid RDF; a warning): not an xsd:integer (digits with an optional "
            'sign)\n 4 | ex:g { ex:s ex:p [ ex:q ( 1 "x"@en ) ] . _:b1 ex:n "five"^^xsd:integer }\n'
            "   |                                                    ^^^^^^^^^^^^^^^^^^^\n",
        ),
    ],
)
def test_an_ill_typed_literal_in_turtle_or_trig_imports_rdflib_only_for_its_warning(
    tmp_path: Path, name: str, text: str, warning: str
) -> None:
    # The warning is a ParseError, an rdflib ParserError: no term is built with rdflib.
    doc = tmp_path / name
    doc.write_text(text.replace('"5"', '"five"'), encoding="utf-8")
    statements = 29 if name == "doc.ttl" else 12
    result = _terms_probe("validate", str(doc))
    said = f"{doc}:{warning}{_summary(statements, warnings=1)}"
    assert result == {"status": 0, "rdflib": True, "builders": [], "stderr": said}
    # Not asked for, the warning is not made: no rdflib at all.
    result = _terms_probe("validate", "--no-warn-ill-typed", str(doc))
    assert result == {"status": 0, "rdflib": False, "builders": [], "stderr": _summary(statements)}


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        (
            "err.ttl",
            "@prefix ex: <http://example.org/> .\n"
            'ex:s ex:p [ ex:q ( 1 "x"@en ) ] .\n'
            "ex:s ex:p foo:x .\n"
            "ex:s ex:p ex:o ex:z .\n"
            '_:b1 ex:p "ok" .\n',
            [
                "3:11: undefined prefix 'foo:' in foo:x (no @prefix or PREFIX declares it)",
                "4:16: expected ',', ';' or '.' after the object ex:o, found 'ex:z'",
                "0 valid, 1 invalid (2 errors, 0 warnings); 7 statements",
            ],
        ),
        (
            "err.trig",
            '@prefix ex: <http://example.org/> .\nex:g { ex:s ex:p [ ex:q ( 1 ) ] . ex:s ex:p "x"@en-- }\n',
            [
                "2:51: a base direction ('--ltr', '--rtl') is RDF 1.2 syntax, which RDF 1.1",
                "0 valid, 1 invalid (1 error, 0 warnings); 4 statements",
            ],
        ),
    ],
)
def test_an_error_in_turtle_or_trig_imports_rdflib_only_for_its_parse_error(
    tmp_path: Path, name: str, text: str, said: list[str]
) -> None:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    result = _terms_probe("validate", str(doc))
    assert (result["status"], result["rdflib"], result["builders"]) == (1, True, [])
    for line in said:
        assert line in result["stderr"]
