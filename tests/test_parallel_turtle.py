"""Turtle and TriG in blocks (issue #27, item 4): cut where ``formats/turtle_cuts.py`` finds a
statement boundary, each block with the base and prefixes in force at its start, every cut
checked. For any document and any cutting, even a wrong one, the statements, blank node
identity, errors and warnings are the serial parse's."""

from __future__ import annotations

import io
import mmap
import subprocess
import sys
import threading
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from clirun import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode
from test_parallel import temporary_file
from verdicts import described, validator_verdict
from w3c import MANIFESTS, find_rdf_tests_dir, load_manifest

from rdflib_strict import ParseError, TripleTerm, iterparse, parallel
from rdflib_strict.edge.readers import make_parser, make_validator
from rdflib_strict.formats.turtle_cuts import StatementCuts
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.reader import document_prefix
from rdflib_strict.syntax.version import version_arg

BASE = "http://doc.example/dir/"
XSD = "http://www.w3.org/2001/XMLSchema#"

# Statements whose '.'s end nothing: in strings, IRIs, comments, long strings, numbers,
# names; prefixes and the base change midway; a few bad statements.
GOOD = [
    '<s> <p> "a . b" .',
    "ex:s ex:p 'c . d' .",
    'ex:s ex:p """long .\n. string\r\n. """ .',
    "ex:s ex:p '''x.\n''' ; ex:q 1. ",
    "ex:s ex:p .5, 1.e3, 1.5, -2 .",
    "ex:a\\. ex:p ex:b.c .",
    "ex:s ex:p ex:o\\. .",
    "<http://x/y.z> ex:p <a.b> . # a comment . with dots\n",
    '_:b1 ex:p [ ex:q "in . brackets" ; ex:r ( 1.5 2 ) ] .',
    "[ ex:p _:b1 ] .",
    "( ex:a _:b2 [] ) ex:p ex:o .",
    '_:b2 ex:p "t"@en, "5"^^xsd:integer, true .',
    "@prefix ex: <http://ex.example/two/> .",
    "PREFIX ex: <http://ex.example/three/>",
    "@base <http://base.example/a/> .",
    "BASE <sub/>",
    "@prefix : <#> .",
    ":x :y :z .",
    'ex:s ex:p "abc"^^xsd:integer .',  # ill-typed: a warning
    # What misleads a local file's guessed cuts: lines ending in '.' or '}' and directives at
    # line starts inside long strings, a comment line ending in '.' inside a statement, a
    # directive after a statement on its line.
    'ex:s ex:p """x .\n@prefix ex: <http://wrong.example/> .\nPREFIX ex: <http://wrong.example/2/>\n}\n""" .',
    "ex:s # a note.\nex:p ex:o .",
    "ex:s ex:p ex:o . @prefix ex: <http://ex.example/four/> .",
]
TRIG_ONLY = [
    "{ ex:s ex:p ex:o . ex:s ex:p [] }",
    "ex:g { ex:s ex:p ( .1 ) }",
    "GRAPH _:g { ex:s ex:p 'x . y' . }",
]
BAD = [
    '"abc"^^xsd:integer .',
    "ex:s ex:p .",
    'ex:s ex:p "unterminated .\n',
    "ex:s nope:x ex:o .",
    "ex:s ex:p ex:o ex:o2 .",
    "ex:s ex:p [ ex:q ex:r . ] .",
    "ex:s ex:p ex:o ] .",
    "@prefix bad: <not an iri> .",
]
# RDF 1.2 (read with version="1.2"): '<<', '>>', '{|', '|}' and '~' end no statement; '.'s inside
# what they hold end none either; VERSION directives; bad forms.
GOOD12 = [
    'ex:s ex:p ex:o {| ex:a "x . y" ; ex:b << ex:c ex:d 1.5 ~ _:r >> |} ~ ex:r2 .',
    "<< ex:a ex:b << _:b1 ex:c ex:d >> ~ >> ex:p <<( ex:a ex:b <<( [] ex:c 'z' )>> )>> .",
    "<< ex:a ex:b ex:c >> .",
    'ex:s ex:p "hi"@en--rtl, ( << ex:a ex:b ex:c >> ) {| ex:q [ ex:r 2.0 ] |} .',
    'VERSION "1.2"',
    "@version '1.2' .",
    "ex:s ex:p ex:o ~ ex:r {| ex:a ex:b {| ex:c ex:d |} |}\n  {| ex:e ex:f |} .",
]
TRIG12 = ["ex:g { ex:s ex:p ex:o {| ex:a ex:b |} . << ex:s ex:p ex:o >> }"]
BAD12 = [
    "ex:s ex:p ex:o {| |} .",
    "<<( ex:a ex:b ex:c )>> ex:p ex:o .",
    "ex:s ex:p << ex:a ex:b ex:c ; ex:d ex:e >> .",
    "ex:s ex:p ex:o {| ex:a ex:b . ex:c ex:d |} .",
]
HEADER = (
    "@prefix ex: <http://ex.example/one/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
    "PREFIX : <http://colon.example/>\n"
)
LINE_ENDS = ["\n", "\r\n", "\r", " ", "\n\n"]


def documents(trig: bool, bad: bool, rdf12: bool = False) -> st.SearchStrategy[bytes]:
    pieces = GOOD + (TRIG_ONLY if trig else []) + (BAD if bad else [])
    if rdf12:
        pieces += GOOD12 + (TRIG12 if trig else []) + (BAD12 if bad else [])
    body = st.lists(st.tuples(st.sampled_from(pieces), st.sampled_from(LINE_ENDS)), max_size=25)
    return body.map(lambda parts: (HEADER + "".join(p + e for p, e in parts)).encode())


def _named(statements: list[Any], prefix: str) -> list[tuple[Any, ...]]:
    """Blank nodes by label (a label's id is the prefix, 'l' and the label) or, unlabelled, by
    the order they first appear in (inside triple terms too): two nodes that share an id would
    be one here."""
    order: dict[str, int] = {}

    def name(t: Any) -> Any:
        if isinstance(t, TripleTerm):  # RDF 1.2: its blank nodes are named too
            return ("<<(", name(t.subject), t.predicate, name(t.object))
        if not isinstance(t, BNode):
            return t
        if t.startswith(prefix + "l"):
            return ("_:", t[len(prefix) + 1 :])
        return ("[]", order.setdefault(str(t), len(order)))

    return [tuple(name(t) for t in q) for q in statements]


def serial(data: bytes, trig: bool, skip: bool, version: str = "1.1") -> tuple[list[Any], list[Any]]:
    parser = make_parser("trig" if trig else "turtle", BASE, version=version_arg(version))
    log: list[ParseError] = []
    found: list[Any] = []
    try:
        for batch in parser.batches(ChunkReader(io.BytesIO(data), "doc"), log.append if skip else None):
            found += batch
    except ParseError as e:
        log.append(e)
    return _named(found, parser.terms.prefix), described(log)


def _job(
    task: parallel.TaskName, trig: bool, skip: bool, warn: bool = False, version: str = "1.1"
) -> parallel.BlockTask:
    return parallel.BlockTask(
        task, trig, "doc", document_prefix(), skip=skip, warn=warn, turtle=True, base=BASE, version=version
    )


def in_blocks(
    parts: Iterable[parallel.Block], job: parallel.BlockTask, workers: int = 1
) -> tuple[list[Any], list[Any]]:
    log: list[ParseError] = []
    found: list[Any] = []
    for done in parallel.run_blocks(job, parts, workers=workers):
        log += done.errors
        found += done.output
        if done.fatal is not None:
            assert isinstance(done.fatal, ParseError)
            log.append(done.fatal)
    if not job.skip and log:  # stopped at the first error: compared, the error (see below)
        return [], described(log)
    return _named(found, job.prefix), described(log)


def _serial_result(data: bytes, trig: bool, skip: bool, version: str = "1.1") -> tuple[list[Any], list[Any]]:
    found, errors = serial(data, trig, skip, version)
    if not skip and errors:  # stopped at the first error: the statements before may differ
        return [], errors  # in how many batches came out; compared: the error
    return found, errors


# --- the scanner's cuts ------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.data())
def test_every_cut_the_scanner_offers_is_a_statement_boundary(trig: bool, data: st.DataObject) -> None:
    # Valid documents: each block, parsed alone from the state the scanner's directives give,
    # ends clean in the state the next one starts from; no cut needs the check to be right.
    # (The scanner cuts text read here; a local file's cuts are guessed, see below.)
    doc = data.draw(documents(trig, bad=False))
    job = _job("statements", trig, skip=False)
    parts = list(parallel.turtle_text_blocks(ChunkReader(io.BytesIO(doc), "doc", chunk_size=64), job, 1))
    results = [parallel.do_block(job, part) for part in parts]
    got = in_blocks(parts, job)
    for done, after in zip(results, parts[1:], strict=False):
        assert done.fatal is None and done.clean and not done.errors
        assert done.state == after.state
    assert "".join(p.text or "" for p in parts) == doc.decode("utf-8").removeprefix("\ufeff")
    expected, _ = serial(doc, trig, skip=False)
    assert got == (expected, [])


def _cut_lines(doc: bytes, trig: bool) -> list[int]:
    """The line after which each cut the scanner offers falls, asked for one at every byte."""
    cuts = StatementCuts(trig=trig, binary=True)
    found = []
    pos, want = 0, 1
    while True:
        pos, cut = cuts.scan(doc, pos, True, want)
        if cut is None:
            break
        found.append(doc[:cut].count(b"\n"))
        want = cut + 1
    assert not cuts.unsure
    return found


def test_the_scanner_cuts_after_each_statement_line() -> None:
    doc = (HEADER + "".join(p + "\n" for p in GOOD[:12])).encode()
    # After each line of the header and each statement's last line.
    assert _cut_lines(doc, False) == [1, 2, 3, 4, 5, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19]


@pytest.mark.parametrize(
    "text",
    [
        '<s> <p> "open\n<s> <p> <o> .\n',
        "<s> <p> <o> ] .\n<a> <b> <c> .\n",
        "{ <s> <p> <o> }\n<a> <b> <c> .\n",
    ],
)
def test_the_scanner_offers_nothing_past_text_it_does_not_follow(text: str) -> None:
    cuts = StatementCuts(trig=False, binary=False)
    assert cuts.scan(text, 0, True, 1) == (len(text), None)
    assert cuts.unsure


def test_the_scanner_cuts_rdf12_turtle() -> None:
    """'<<', '>>', '{|', '|}' (a TriG graph block's braces are not theirs) and the version
    directives are followed: a cut after each statement, none inside one."""
    for trig in (False, True):
        pieces = GOOD12 + (TRIG12 if trig else [])
        doc = (HEADER + "".join(p + "\n" for p in pieces)).encode()
        assert _cut_lines(doc, trig) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11] + ([12] if trig else [])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.booleans(), st.integers(1, 80), st.data())
def test_rdf12_blocks_give_the_serial_result(trig: bool, skip: bool, block: int, data: st.DataObject) -> None:
    good = data.draw(documents(trig, bad=False, rdf12=True))
    assert serial(good, trig, False, "1.2")[1] == []  # RDF 1.2 is read, not refused
    doc = data.draw(documents(trig, bad=True, rdf12=True))
    job = _job("statements", trig, skip, version="1.2")
    for path in temporary_file(doc, ".ttl"):
        parts = list(parallel.turtle_file_blocks(path, job, block=block))
        assert in_blocks(parts, job) == _serial_result(doc, trig, skip, "1.2")


# --- any document, any cutting: the serial result -------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.booleans(), st.integers(1, 80), st.data())
def test_blocks_give_the_serial_result(trig: bool, skip: bool, block: int, data: st.DataObject) -> None:
    doc = data.draw(documents(trig, bad=True))
    job = _job("statements", trig, skip)
    for path in temporary_file(doc, ".ttl"):
        parts = list(parallel.turtle_file_blocks(path, job, block=block))
        assert in_blocks(parts, job) == _serial_result(doc, trig, skip)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.booleans(), st.data())
def test_wrong_cuts_change_nothing(trig: bool, skip: bool, data: st.DataObject) -> None:
    # Blocks at any line starts, inside strings and statements, each told a state drawn from
    # the document's first, the header's, and ones binding its prefixes or base otherwise:
    # the checks keep a result only where it reads alike (``_carried``), join and parse again
    # until each block is right.
    doc = data.draw(documents(trig, bad=True))
    starts = [0] + [i + 1 for i, b in enumerate(doc) if b in b"\r\n" and doc[i : i + 2] != b"\r\n"]
    starts = sorted(set(data.draw(st.lists(st.sampled_from(starts), max_size=12))) | {0})
    ends = [*starts[1:], len(doc)]
    states = st.sampled_from(TOLD)
    told = [(BASE, ()), *(data.draw(states) for _ in starts[1:])]
    for text in (False, True):
        job = _job("statements", trig, skip)
        parts = [
            parallel.Block(
                n, a == 0, state=told[n], **({"text": doc[a:b].decode()} if text else {"data": doc[a:b]})
            )
            for n, (a, b) in enumerate(zip(starts, ends, strict=True))
            if b > a or n == 0
        ]
        assert in_blocks(parts, job) == _serial_result(doc, trig, skip)


_HEADER_PREFIXES = (("ex", "http://ex.example/one/"), ("xsd", XSD), ("", "http://colon.example/"))
# States a block may be told wrongly: none, the header's, its prefixes bound otherwise (some
# as the document binds them later), more of them, another base.
TOLD: list[parallel.TurtleState] = [
    (BASE, ()),
    (BASE, _HEADER_PREFIXES),
    (BASE, (("ex", "http://ex.example/two/"), ("xsd", XSD), ("", "http://colon.example/"))),
    (BASE, (("ex", "http://wrong.example/"), ("xsd", XSD))),
    (BASE, (*_HEADER_PREFIXES, ("more", "http://more.example/"))),
    (BASE, (("", "http://ex.example/one/"),)),
    ("http://other.example/", _HEADER_PREFIXES),
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.integers(1, 60), st.data())
def test_validate_blocks_give_the_validators_verdict(trig: bool, block: int, data: st.DataObject) -> None:
    doc = data.draw(documents(trig, bad=True))
    errors: list[ParseError] = []
    warnings: list[ParseError] = []
    validator = make_validator("trig" if trig else "turtle", BASE, warnings.append)
    count = validator.check(ChunkReader(io.BytesIO(doc), "doc"), errors.append)
    job = _job("validate", trig, skip=True, warn=True)
    total, got, warned = 0, [], []
    for path in temporary_file(doc, ".ttl"):
        for done in parallel.run_blocks(job, parallel.turtle_file_blocks(path, job, block=block), 1):
            total += done.count
            got += done.errors
            warned += done.warnings
    assert (total, described(got), described(warned)) == (count, described(errors), described(warnings))


def test_guessed_cuts_of_a_file_others_wrote_need_no_second_parse(shared_data_dir: Path) -> None:
    # A local file's cuts are guessed without reading it from its start; each is checked, and
    # a wrong one costs a block parsed again in the parent. On schema.org's Turtle (written by
    # another tool, 17,311 statements) every guess is right: each block ends clean, in the
    # state the guess gave the next one.
    path = str(shared_data_dir / "schemaorg-all-https.ttl")
    job = _job("validate", False, skip=False)
    parts = list(parallel.turtle_file_blocks(path, job, block=32 << 10))
    assert len(parts) > 20
    results = [parallel.do_block(job, part) for part in parts]
    for done, after in zip(results, parts[1:], strict=False):
        assert done.fatal is None and done.clean and not done.errors
        assert done.state == after.state
    assert results[-1].fatal is None and not results[-1].errors
    assert sum(done.count for done in results) == 17311
    assert sum(part.length for part in parts) == Path(path).stat().st_size


def test_a_wrong_guess_about_the_prefixes_is_parsed_again(tmp_path: Path) -> None:
    # A directive's text at a line start inside a long string: the guess (following every
    # directive) applies it, the block before ends in another state, and the block is parsed
    # again from that one.
    doc = HEADER + "ex:s ex:p ex:o .\n" * 40 + 'ex:s ex:p """\n@prefix ex: <http://wrong.example/> .\n""" .\n'
    doc += "ex:s ex:p ex:o .\n" * 40
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    job = _job("statements", False, skip=False)
    parts = list(parallel.turtle_file_blocks(str(path), job, block=200, follow=True))
    assert any("wrong.example" in str(part.state) for part in parts)  # the guess was wrong
    found, errors = in_blocks(parts, job)
    assert (found, errors) == serial(doc.encode(), False, skip=False)
    assert not any(str(t).startswith("http://wrong") for q in found for t in q)  # as IRIs


def _counting_parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of each block parsed (in a worker or again here), as parsed."""
    parsed: list[int] = []
    parse = parallel._do_block_packed

    def counted(job: parallel.BlockTask, part: parallel.Block) -> parallel.BlockResult:
        parsed.append(part.number)
        return parse(job, part)

    monkeypatch.setattr(parallel, "_do_block_packed", counted)
    return parsed


def _bound_anew(tmp_path: Path) -> tuple[Path, str]:
    """A file of statements using 'ex', which is bound anew after the first 400."""
    statements = "".join(f"ex:s{i} ex:p ex:o{i} .\n" for i in range(400))
    doc = HEADER + statements + "@prefix ex: <http://ex.example/two/> .\n" + statements * 3
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    return path, doc


def test_blocks_start_from_the_head_s_directives_until_a_later_one_is_met(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only the head is read for directives; a prefix declared midway is met by the check (the
    # block after it started from the head's state), and from then on the blocks follow every
    # directive: the blocks already handed out are parsed again, no more.
    path, doc = _bound_anew(tmp_path)
    job = _job("statements", False, skip=False)
    head_state = (BASE, (("ex", "http://ex.example/one/"), ("xsd", XSD), ("", "http://colon.example/")))
    guessed = list(parallel.turtle_file_blocks(str(path), job, block=2000))
    assert len(guessed) > 15 and {part.state for part in guessed[1:]} == {head_state}
    parsed = _counting_parses(monkeypatch)
    blocks = parallel.turtle_file_blocks(str(path), job, block=2000)
    assert in_blocks(blocks, job) == serial(doc.encode(), False, skip=False)
    assert blocks.follow
    in_flight = 2  # _AHEAD blocks of one in-process worker
    assert len(parsed) <= len(guessed) + in_flight + 1
    # Told nothing (a list of the same blocks), the check parses every block after it again.
    parsed.clear()
    assert in_blocks(guessed, job) == serial(doc.encode(), False, skip=False)
    assert len(parsed) > len(guessed) + 8


def test_prefixes_declared_midway_in_addition_cost_no_second_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Files joined into one: each part declares the head's prefixes again and one more. The
    # blocks guessed to start from fewer prefixes than were in force, bound alike, met no
    # error: their results stand, and their ends carry the prefixes they were not told.
    part = "".join(f"ex:s{i} ex:p ex:o{i} .\n" for i in range(300))
    doc = "".join(f"{HEADER}@prefix more{k}: <http://more.example/{k}/> .\n{part}" for k in range(4))
    doc += "more2:s more0:p more1:o .\n" + part  # each bound as declared
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    parsed = _counting_parses(monkeypatch)
    for task in ("statements", "validate"):
        job = _job(task, False, skip=False)
        blocks = parallel.turtle_file_blocks(str(path), job, block=2000)
        if task == "statements":
            assert in_blocks(blocks, job) == serial(doc.encode(), False, skip=False)
        else:
            results = list(parallel.run_blocks(job, blocks, 1))
            assert sum(done.count for done in results) == 5 * 300 + 1
            assert not any(done.errors or done.fatal for done in results)
        assert len(parsed) == len(list(blocks)) > 15
        parsed.clear()


def test_a_directive_s_text_in_a_long_string_is_not_taken_for_one() -> None:
    # The block holding the string was told 'ex' bound otherwise; its only 'ex:' looks like a
    # declaration, which the parse did not make: the block is parsed again, not carried on as
    # if its end bound 'ex' as told.
    string = '<http://x.example/s> <http://x.example/p> """\n@prefix ex: <http://wrong.example/> .\n""" .\n'
    lines = [HEADER + "ex:s ex:p ex:o .\n", string, "ex:s ex:p ex:o .\n"]
    doc = "".join(lines).encode()
    wrong = (BASE, (("ex", "http://wrong.example/"), ("xsd", XSD), ("", "http://colon.example/")))
    told = [(BASE, ()), wrong, (BASE, _HEADER_PREFIXES)]
    parts = [parallel.Block(n, n == 0, data=line.encode(), state=told[n]) for n, line in enumerate(lines)]
    job = _job("statements", False, skip=False)
    assert in_blocks(parts, job) == serial(doc, False, skip=False)


def test_blocks_in_flight_when_a_prefix_is_bound_anew_are_submitted_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Met as the block holding the directive ends: the blocks already handed out (two: one
    # in-process worker's) that use the prefix are submitted again with the state they start
    # in (the pool parses them), none is parsed again here.
    path, doc = _bound_anew(tmp_path)
    job = _job("statements", False, skip=False)
    submitted: list[int] = []
    submit = parallel._InProcess.submit

    def recorded(self: parallel._InProcess, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        submitted.append(args[1].number)
        return submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(parallel._InProcess, "submit", recorded)
    parsed = _counting_parses(monkeypatch)
    blocks = parallel.turtle_file_blocks(str(path), job, block=4000)
    assert in_blocks(blocks, job) == serial(doc.encode(), False, skip=False)
    again = [n for n in set(submitted) if submitted.count(n) > 1]
    assert again and sorted(parsed) == sorted(submitted)  # all in the pool
    assert len(submitted) <= len(list(blocks)) + 2


def test_a_block_dropped_by_the_parent_is_abandoned_by_its_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = HEADER + "".join(f"ex:s{i} ex:p ex:o{i} .\n" for i in range(200_000))
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    job = _job("validate", False, skip=False)
    marks = mmap.mmap(-1, parallel._MARKS)
    monkeypatch.setattr(parallel, "_ABANDONED", marks)
    whole = parallel.Block(0, True, path=str(path), length=len(doc), mark=7)
    assert parallel.do_block(job, whole).count == 200_000
    marks[7] = 1
    assert parallel.do_block(job, whole).count == 0  # not started
    stop = threading.Timer(0.05, lambda: marks.__setitem__(9, 1))
    stop.start()  # set as the worker reads (a chunk is a megabyte: some 50,000 statements)
    assert parallel.do_block(job, whole._replace(mark=9)).count < 200_000


def test_a_head_longer_than_a_window_or_a_block_is_read_whole(tmp_path: Path) -> None:
    # 3,000 prefixes (some 140 KB, more than two windows), read into every block's state.
    head = "".join(f"@prefix p{i}: <http://prefix.example/{i}/> .\n" for i in range(3000))
    doc = head + "".join(f"p{i}:s p{i}:p p{i}:o .\n" for i in range(3000)) * 10
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    job = _job("statements", False, skip=False)
    for block in (4000, 500_000):  # cuts inside the head; one cut, after it
        parts = list(parallel.turtle_file_blocks(str(path), job, block=block))
        assert len(parts) > 1
        assert all(len(part.state[1]) == 3000 for part in parts if part.offset >= len(head))  # type: ignore[index]
        assert in_blocks(parts, job) == serial(doc.encode(), False, skip=False)


def test_comments_before_the_head_s_directives_are_read_past(tmp_path: Path) -> None:
    # 200 KB of comments (a licence), then the prefixes: read into every later block's state.
    licence = "# Licensed under the terms of some licence, line after line of them.\n" * 3000
    doc = licence + HEADER + "".join(f"ex:s{i} ex:p ex:o{i} .\n" for i in range(40_000))
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    job = _job("statements", False, skip=False)
    parts = list(parallel.turtle_file_blocks(str(path), job, block=300_000))
    assert len(parts) > 2
    assert all(part.state == (BASE, _HEADER_PREFIXES) for part in parts[1:])


def test_text_blocks_give_the_file_blocks_result(tmp_path: Path) -> None:
    doc = (HEADER + "\n".join(GOOD[:18] * 3) + "\n").encode()
    job = _job("statements", False, skip=True)
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc)
    from_file = in_blocks(list(parallel.turtle_file_blocks(str(path), job, block=40)), job)
    parts = list(parallel.turtle_text_blocks(ChunkReader(io.BytesIO(doc), "doc", chunk_size=64), job, 40))
    assert len(parts) > 10
    assert in_blocks(parts, job) == from_file == serial(doc, False, skip=True)


class _Breaking(io.RawIOBase):
    """``data`` up to byte ``at``, then an I/O error: a stream that breaks (a truncated
    download, a bad disk) while blocks are being gathered from it."""

    def __init__(self, data: bytes, at: int) -> None:
        self._data, self._at, self._pos = data, at, 0

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        if self._pos >= self._at:
            raise OSError(5, "the stream broke")
        n = min(len(b), self._at - self._pos)
        b[:n] = self._data[self._pos : self._pos + n]
        self._pos += n
        return n


def test_text_blocks_end_where_the_stream_breaks_as_one_process_does() -> None:
    # The text gathered for the block being filled was dropped at a break ("0 statements");
    # the block made of it must not report the statement the break cut short.
    doc = (HEADER + "\n".join(GOOD[:12] + BAD[:2] + GOOD[:12]) + "\n").encode()
    job = _job("validate", False, skip=True)
    for at in range(len(HEADER) + 1, len(doc), 5):
        validator = make_validator("turtle", BASE)
        errors: list[ParseError] = []
        with pytest.raises(OSError, match="the stream broke"):
            validator.check(ChunkReader(_Breaking(doc, at), "doc", chunk_size=64), errors.append)
        expected = validator.statements, described(errors)
        reader = ChunkReader(_Breaking(doc, at), "doc", chunk_size=64)
        count, found = 0, []
        with pytest.raises(OSError, match="the stream broke"):
            for done in parallel.run_blocks(job, parallel.turtle_text_blocks(reader, job, 40), workers=1):
                count += done.count
                found += done.errors
        assert (count, described(found)) == expected, at


def test_a_guess_inside_a_long_string_stops_at_a_run_of_errors(tmp_path: Path) -> None:
    # A cut guessed inside a long string of prose reads an error a line: read whole, such a
    # block made a million errors (5 GB, 70 s in a worker) for a result that is dropped.
    doc = (HEADER + 'ex:s ex:p """' + "line .\n" * 5000 + '""" .\nex:s ex:p ex:o .\n').encode()
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc)
    job = _job("statements", False, skip=True)
    parts = list(parallel.turtle_file_blocks(str(path), job, block=4000))
    assert len(parts) > 5 and all(p.guessed for p in parts[1:]) and not parts[0].guessed
    inside = parallel.do_block(job, parts[2])
    assert inside.doubtful and len(inside.errors) == parallel._DOUBTFUL_ERRORS
    assert in_blocks(parts, job) == serial(doc, False, skip=True)


def test_a_guessed_block_that_starts_with_many_errors_is_read_whole(tmp_path: Path) -> None:
    # Its start is a boundary after all (the block before ends clean there): every error
    # is reported, as one process reports them.
    good = "ex:s ex:p ex:o .\n" * 200
    doc = (HEADER + good + "ex:s ex:p .\n" * 300 + good).encode()
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc)
    for task in ("statements", "validate"):
        job = _job(task, False, skip=True)  # type: ignore[arg-type]
        for block in (1000, 2000, 3000, 5000):
            parts = list(parallel.turtle_file_blocks(str(path), job, block=block))
            doubtful = [parallel.do_block(job, p).doubtful for p in parts]
            assert any(doubtful), block
            if task == "statements":
                assert in_blocks(parts, job) == serial(doc, False, skip=True)
            else:
                results = list(parallel.run_blocks(job, parts, workers=1))
                assert sum(r.count for r in results) == 400
                assert sum(len(r.errors) for r in results) == 300


def test_a_joined_block_reads_on_past_a_run_of_errors_at_its_start(tmp_path: Path) -> None:
    # A guessed block that did not end clean was joined to the next and read again still as
    # guessed: with 64 errors at its start it stopped there, and its other errors and
    # statements were lost (-j 2: 71 errors and 588,228 statements of 80 and 705,822).
    bad = "ex:s ex:p .\n"
    good = "ex:s ex:p ex:o .\n" * 100
    header = "@prefix ex: <http://ex.example/one/> .\n"
    doc = (
        header + good + bad * 40 + 'ex:s ex:p """' + "line .\n" * 20 + '""" .\n' + bad * 30 + good
    ).encode()
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc)
    count, errors, _ = validator_verdict(doc, "turtle", BASE)
    assert (count, len(errors)) == (201, 70)
    job = _job("validate", False, skip=True)
    for block in range(200, 3000, 50):
        parts = list(parallel.turtle_file_blocks(str(path), job, block=block))
        results = list(parallel.run_blocks(job, parts, workers=1))
        found = [e for r in results for e in r.errors]
        assert (sum(r.count for r in results), described(found)) == (count, errors), block


def test_unlabelled_blank_nodes_of_two_blocks_never_meet(tmp_path: Path) -> None:
    doc = (HEADER + "[] ex:p [ ex:q ( 1 2 ) ] .\n" * 50).encode()
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc)
    job = _job("statements", False, skip=False)
    parts = list(parallel.turtle_file_blocks(str(path), job, block=30))
    assert len(parts) > 20
    found, _ = in_blocks(parts, job)
    blank = {t[1] for q in found for t in q if isinstance(t, tuple) and t[0] == "[]"}
    assert len(blank) == 50 * 4  # [], [ ... ] and two collection cells a line


def test_real_workers_give_the_serial_result(tmp_path: Path) -> None:
    doc = (HEADER + "\n".join((GOOD + BAD) * 20) + "\n").encode()
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc)
    job = _job("statements", False, skip=True)
    parts = parallel.turtle_file_blocks(str(path), job, block=500, workers=2)
    assert in_blocks(list(parts), job, workers=2) == serial(doc, False, skip=True)


# --- the command line ---------------------------------------------------------------------


@pytest.fixture
def blocks_run(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The Turtle/TriG block results each ``run_blocks`` handed on: so that a test knows that
    the file really went through worker processes in blocks (before, -j read it in one)."""
    counts: list[int] = []
    real = parallel.run_blocks

    def counting(job: parallel.BlockTask, *args: Any, **kwargs: Any) -> Iterator[parallel.BlockResult]:
        counts.append(0)
        for done in real(job, *args, **kwargs):
            counts[-1] += job.turtle
            yield done

    monkeypatch.setattr(parallel, "run_blocks", counting)
    return counts


def _same_bytes_with_j2(source: Path, to: str, tmp_path: Path) -> None:
    one, two = tmp_path / f"one.{to}", tmp_path / f"two.{to}"
    assert run_cli(["convert", str(source), "--to", to, "-q", "-o", str(one)]).returncode == 0
    assert run_cli(["convert", str(source), "--to", to, "-q", "-j", "2", "-o", str(two)]).returncode == 0
    assert one.read_bytes() == two.read_bytes()


def test_cli_convert_j2_writes_the_bytes_of_one_process(
    shared_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blocks_run: list[int]
) -> None:
    from rdflib import Dataset, Graph, URIRef
    from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

    # schema.org as TriG: its subjects spread over the default graph and 9 named ones (the
    # cuts fall between graph blocks, not inside them).
    trig = tmp_path / "schemaorg.trig"
    ds = Dataset()
    for s, p, o in Graph().parse(shared_data_dir / "schemaorg-all-https.ttl", format="strict-turtle"):
        number = zlib.crc32(str(s).encode()) % 10
        name = URIRef(f"http://graphs.example/{number}") if number else DATASET_DEFAULT_GRAPH_ID
        ds.graph(name).add((s, p, o))
    ds.serialize(trig, format="strict-trig")
    monkeypatch.setattr(parallel, "BLOCK_SIZE", 64 << 10)  # schema.org: some 16 blocks
    _same_bytes_with_j2(shared_data_dir / "schemaorg-all-https.ttl", "nt", tmp_path)
    _same_bytes_with_j2(trig, "nq", tmp_path)
    assert len(blocks_run) == 2 and min(blocks_run) >= 5, blocks_run


def test_cli_convert_j2_on_term_diverse_turtle(tmp_path: Path, blocks_run: list[int]) -> None:
    # 100,000 statements (3.7 MB): -j 2 cuts it into two blocks of the default size's rounds.
    data = tmp_path / "diverse.ttl"
    generator = Path(__file__).resolve().parent.parent / "benchmarks" / "diverse.py"
    args = ["--statements", "100000", "--format", "ttl", "-o", str(data), "--no-check"]
    subprocess.run([sys.executable, str(generator), *args], check=True, capture_output=True)
    _same_bytes_with_j2(data, "nt", tmp_path)
    assert blocks_run == [2], blocks_run


def test_cli_validate_j2_reads_turtle_in_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blocks_run: list[int]
) -> None:
    # Bad statements the scanner follows (an unclosed string or a stray bracket would leave
    # the rest in one block).
    bad = [b for b in BAD if '"unterminated' not in b and "] ." not in b and "not an iri" not in b]
    doc = HEADER + "\n".join((GOOD + bad) * 30) + "\n"
    path = tmp_path / "doc.ttl"
    path.write_text(doc, encoding="utf-8")
    monkeypatch.setattr(parallel, "BLOCK_SIZE", 300)
    one = run_cli(["validate", str(path), "-q"])
    two = run_cli(["validate", str(path), "-q", "-j", "2"])
    assert (two.returncode, two.stderr) == (one.returncode, one.stderr)
    assert two.stderr.count("\n") > 100
    assert len(blocks_run) == 1 and blocks_run[0] > 50, blocks_run


# --- every W3C Turtle and TriG entry -------------------------------------------------------

RDF_TESTS = find_rdf_tests_dir()
_TURTLE_MANIFESTS = [m for m in MANIFESTS if m.endswith(("-turtle", "-trig"))]


def _verdicts(path: Path, base: str, trig: bool, pool: Any, version: str) -> dict[str, Any]:
    fmt = "trig" if trig else "turtle"
    verdicts: dict[str, Any] = {}
    try:
        validator = make_validator(fmt, base, version=version_arg(version))
        verdicts["validate"] = validator.check(ChunkReader(open(path, "rb"), str(path)))
    except ParseError:
        verdicts["validate"] = "invalid"
    try:
        verdicts["iterparse"] = len(list(iterparse(str(path), format=fmt, base=base, version=version)))
    except ParseError:
        verdicts["iterparse"] = "invalid"
    job = parallel.BlockTask(
        "validate", trig, str(path), document_prefix(), False, turtle=True, base=base, version=version
    )
    count = 0
    for done in parallel.run_blocks(job, parallel.turtle_file_blocks(str(path), job, 16, 2), 2, pool):
        count = "invalid" if done.fatal is not None else count + done.count  # type: ignore[operator]
    verdicts["-j 2"] = count
    from rdflib_strict.dask import read_quads

    try:
        bag = read_quads(str(path), fmt, 16, base=base, version=version)
        verdicts["dask"] = len(bag.compute(scheduler="sync"))
    except ParseError:
        verdicts["dask"] = "invalid"
    return verdicts


@pytest.mark.skipif(RDF_TESTS is None, reason="W3C rdf-tests not found: set RDF_TESTS_DIR")
@pytest.mark.parametrize("manifest", _TURTLE_MANIFESTS)
def test_w3c_entries_give_one_verdict_every_way(manifest: str) -> None:
    assert RDF_TESTS is not None
    from concurrent.futures import ProcessPoolExecutor

    wrong = []
    cut = 0  # entries whose -j 2 parse had more than one block
    # One for every entry (a pool's start costs more), started as -j starts its own: forked
    # only from a single-threaded process (an xdist worker has a thread), else forkserver.
    with ProcessPoolExecutor(2, mp_context=parallel._context()) as pool:
        for case in load_manifest(RDF_TESTS, manifest):
            if "Syntax" not in case.kind and "Eval" not in case.kind:
                continue
            version = "1.2" if manifest.startswith("rdf12") else "1.1"
            verdicts = _verdicts(case.action, case.action_iri, "trig" in manifest, pool, version)
            positive = "Negative" not in case.kind
            if len(set(verdicts.values())) != 1 or (verdicts["validate"] == "invalid") == positive:
                wrong.append((case.id, verdicts))
            job = parallel.BlockTask("validate", "trig" in manifest, "", "", False, turtle=True)
            cut += len(list(parallel.turtle_file_blocks(str(case.action), job, 16))) > 1
    assert wrong == []
    assert cut > 100


def test_guessed_cuts_pass_over_text_lines_ending_in_a_dot(tmp_path: Path) -> None:
    # Long strings of sentences, one a line: each line ends in '.', which the guess took for a
    # statement's end, so every block started inside a string (a file of long literals took
    # 35 s with -j 2 against 1.2 s in one process). A '.' after a space comes first.
    text = "".join(f"Sentence number {i} ends here.\n" for i in range(40))
    doc = HEADER + "".join(f'ex:s{i} ex:p """{text}""" .\n' for i in range(20))
    job = _job("validate", False, skip=True)
    parts = _file_blocks(tmp_path, doc, job, 2000)
    assert len(parts) > 5
    results = [parallel.do_block(job, part) for part in parts]
    assert all(done.clean and not done.errors for done in results)
    assert sum(done.count for done in results) == 20


def test_cuts_that_keep_missing_cost_a_few_parses_not_one_a_block(tmp_path: Path) -> None:
    # Lines inside the strings that end as statements do (' .'): every guess is wrong. A block
    # that does not end clean is joined to the next and parsed again, then to the two after,
    # four after...: the parses stay a few more than the blocks, not one a block joined.
    text = "".join(f"item {i} .\n" for i in range(40))
    doc = HEADER + "".join(f'ex:s{i} ex:p """{text}""" .\n' for i in range(30))
    job = _job("statements", False, skip=True)
    parts = _file_blocks(tmp_path, doc, job, 500)
    assert len(parts) > 20
    parses: list[int] = []
    real = parallel._do_block_packed

    def counted(job: parallel.BlockTask, part: parallel.Block) -> parallel.BlockResult:
        parses.append(part.number)
        return real(job, part)

    parallel._do_block_packed = counted  # type: ignore[assignment]
    try:
        found, errors = in_blocks(parts, job)
    finally:
        parallel._do_block_packed = real  # type: ignore[assignment]
    assert (found, errors) == serial(doc.encode(), False, skip=True)
    assert len(parses) <= len(parts) + 6, len(parses)


def _file_blocks(tmp_path: Path, doc: str, job: parallel.BlockTask, block: int) -> list[parallel.Block]:
    """``doc`` written to a file, cut as ``-j N`` cuts a local file."""
    path = tmp_path / "doc.ttl"
    path.write_bytes(doc.encode())
    return list(parallel.turtle_file_blocks(str(path), job, block=block))


def _resident_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status (Linux)")
def test_cutting_a_turtle_file_keeps_little_of_it_resident(tmp_path: Path) -> None:
    # The cuts' directives were once scanned in a map of the whole file, whose every page then
    # stayed in this process's resident memory: 212 MiB at the end of a 188 MB file.
    path = tmp_path / "big.ttl"
    line = b'ex:s%07d ex:p "a string of some length to fill the file" , ex:o%07d .\n'
    with open(path, "wb") as f:
        f.write(b"@prefix ex: <http://example/> .\n")
        for k in range(0, 400_000, 1000):
            f.write(b"".join(line % (i, i) for i in range(k, k + 1000)))
    size = path.stat().st_size
    assert size > 25 << 20
    job = parallel.BlockTask("validate", False, str(path), "b", False, turtle=True)
    before = _resident_bytes()
    grown = 0
    for block in parallel.turtle_file_blocks(str(path), job, block=1 << 20, workers=2):
        assert block.number == 0 or dict(block.state[1])["ex"] == "http://example/"  # type: ignore[index]
        grown = max(grown, _resident_bytes() - before)
    assert grown < 8 << 20, (grown, size)
