"""rdflib_strict.dask: bags and dataframes of statements, checked against the serial parser.

Every expectation comes from ``rdflib_strict.iterparse`` on the same file or is written by
hand. Blank nodes differ between two parses by design (random id prefixes), so statements are
compared in order with blank nodes mapped one to one. Each test runs on Dask's synchronous
scheduler (one test each) and on a local cluster of two worker processes (one test running
them all: pytest-xdist spreads a module's tests over its workers, and each would start a
cluster of its own).
"""

from __future__ import annotations

import gzip
import importlib.util
import pickle
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import dask
import pytest
from rdflib.term import BNode, Literal, Node

import rdflib_strict
from rdflib_strict import TripleTerm
from rdflib_strict.dask import read_dataframe, read_quads

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
XSD = "http://www.w3.org/2001/XMLSchema#"


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A client of a two-process local cluster (not the default scheduler: each test says).

    The workers are forked from a server process that imported distributed, Dask's dataframes
    and this package once (distributed's own test suite forks its workers so), not spawned as
    fresh interpreters that import them each: still two processes that share no memory with
    this one or each other. (If a test in this process started the server already, for
    ``-j``, the workers fork from it with what it imported.)
    """
    from distributed import Client, LocalCluster
    from distributed.utils import get_mp_context

    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        # After distributed has named its own modules to preload, which this list replaces.
        get_mp_context().set_forkserver_preload(
            ["distributed", "dask.dataframe", "pandas", "rdflib_strict.dask", "rdflib_strict.parallel"]
        )
        with (
            LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
            ) as local,
            Client(local, set_as_default=False) as client,
        ):
            yield client


def compute(scheduler: Any, *collections: Any) -> Any:
    return dask.compute(*collections, scheduler=scheduler)


# --- documents ----------------------------------------------------------------------------


def document(lines: int, eol: str = "\n", quads: bool = False, bad: Sequence[int] = ()) -> str:
    """A document of ``lines`` lines: statements reusing a few blank node labels far apart,
    literals of every kind, comments, blank lines; line numbers in ``bad`` (1-based) hold
    ``<http://ex/s> <http://ex/p> bad<n> .``: an error at column 29."""
    out = []
    for n in range(1, lines + 1):
        graph = f" <http://ex/g{n % 2}>" if quads and n % 3 == 0 else ""
        kind = n % 7
        if n in bad:
            line = f"<http://ex/s> <http://ex/p> bad{n} ."
        elif kind == 0:
            line = f"<http://ex/s{n}> <http://ex/p> _:b{n % 5}{graph} ."
        elif kind == 1:
            line = f'_:b{n % 5} <http://ex/p> "caf\\u00E9 {n}"@en-GB{graph} .'
        elif kind == 2:
            line = f"_:b{(n * 3) % 5} <{RDF_TYPE}> <http://ex/C{n % 3}>{graph} ."
        elif kind == 3:
            line = f"# comment {n}"
        elif kind == 4:
            line = f'<http://ex/s> <http://ex/p> "{n:03}"^^<{XSD}integer>{graph} .'
        elif kind == 5:
            line = ""
        else:
            line = f'\t<http://ex/s>\t<http://ex/p> "a\\"b\\n{n}"  .  # trailing'
        out.append(line + eol)
    return "".join(out)


def write(path: Path, text: str) -> str:
    path.write_bytes(text.encode("utf-8"))  # as is: no newline translation
    return str(path)


def serial(path: str, format: str | None = None) -> list[Any]:
    return list(rdflib_strict.iterparse(path, format=format))


def serial_skipping(path: str, format: str | None = None) -> tuple[list[Any], list[Any]]:
    errors: list[Any] = []
    statements = list(rdflib_strict.iterparse(path, format=format, on_error=errors.append))
    return statements, errors


def serial_error(path: str) -> Any:
    with pytest.raises(rdflib_strict.ParseError) as info:
        serial(path)
    return info.value


def assert_same_statements(got: Sequence[Any], expected: Sequence[Any], canonical: bool = False) -> None:
    """Equal in order, each blank node of ``got`` standing for one of ``expected`` (a bijection).

    ``canonical``: ``got`` was written in canonical N-Triples, with language tags in lower case."""
    assert len(got) == len(expected)
    forward: dict[Node, Node] = {}
    backward: dict[Node, Node] = {}

    def same(a: Any, b: Any, where: Any) -> None:
        if isinstance(a, BNode) or isinstance(b, BNode):
            assert isinstance(a, BNode) and isinstance(b, BNode), where
            assert forward.setdefault(a, b) == b and backward.setdefault(b, a) == a, where
        elif isinstance(a, TripleTerm) or isinstance(b, TripleTerm):  # its parts, blank nodes too
            assert isinstance(a, TripleTerm) and isinstance(b, TripleTerm), where
            for x, y in ((a.subject, b.subject), (a.predicate, b.predicate), (a.object, b.object)):
                same(x, y, where)
        else:
            assert type(a) is type(b) and a == b, where
            if isinstance(a, Literal):
                lang = b.language.lower() if canonical and b.language else b.language
                assert (str(a), a.datatype, a.language) == (str(b), b.datatype, lang)

    for mine, theirs in zip(got, expected, strict=True):
        assert len(mine) == len(theirs) == 4
        for a, b in zip(mine, theirs, strict=True):
            same(a, b, (mine, theirs))


def error_fields(e: Any) -> tuple[Any, ...]:
    return (type(e), e.filename, e.lineno, e.colno, e.msg, e.text, e.skipped, e.kind)


# --- statements ---------------------------------------------------------------------------
# Each check takes a fresh directory and what ``dask.compute`` runs on.


def check_same_statements_as_serial(tmp_path: Path, scheduler: Any) -> None:
    for quads in (False, True):
        path = write(tmp_path / ("dump.nq" if quads else "dump.nt"), document(200, quads=quads))
        bag = read_quads(path, blocksize=1500)
        assert bag.npartitions > 5
        (got,) = compute(scheduler, bag)
        expected = serial(path)
        assert any(g is not None for *_, g in expected) == quads
        assert_same_statements(got, expected)


def check_blank_node_across_partitions(tmp_path: Path, scheduler: Any) -> None:
    filler = "".join(f'<http://ex/s> <http://ex/p> "{n}" .\n' for n in range(40))
    text = '_:x <http://ex/p> "first" .\n' + filler + '_:x <http://ex/p> "last" .\n'
    bag = read_quads(write(tmp_path / "x.nt", text), blocksize=200)
    partitions = bag.to_delayed()
    assert len(partitions) > 3
    # Computed apart (the first and the last partition alone), and together.
    (first,) = compute(scheduler, partitions[0])
    (last,) = compute(scheduler, partitions[-1])
    assert str(first[0][2]) == "first" and str(last[-1][2]) == "last"
    assert isinstance(first[0][0], BNode) and first[0][0] == last[-1][0]
    (whole,) = compute(scheduler, bag)
    assert whole[0][0] == whole[-1][0] == first[0][0]


def check_two_files_never_share_a_node(tmp_path: Path, scheduler: Any) -> None:
    text = '_:x <http://ex/p> "1" .\n' + "# padding\n" * 20 + '_:x <http://ex/p> "2" .\n'
    a = write(tmp_path / "a.nt", text)
    b = write(tmp_path / "b.nt", text)
    (got,) = compute(scheduler, read_quads([a, b], blocksize=64))
    assert [str(o) for _, _, o, _ in got] == ["1", "2", "1", "2"]
    subjects = [s for s, _, _, _ in got]
    assert subjects[0] == subjects[1] and subjects[2] == subjects[3]
    assert subjects[0] != subjects[2]


def check_error_in_a_late_partition(tmp_path: Path, scheduler: Any) -> None:
    path = write(tmp_path / "late.nt", document(300, bad=[287]))
    expected = serial_error(path)
    assert (expected.lineno, expected.colno) == (287, 29)  # by hand: the document puts it there
    bag = read_quads(path, blocksize=1500)
    assert bag.npartitions > 8
    with pytest.raises(rdflib_strict.ParseError) as info:
        compute(scheduler, bag)
    assert error_fields(info.value) == error_fields(expected)
    assert str(info.value) == str(expected)


def check_skip_gives_the_serial_errors(tmp_path: Path, scheduler: Any) -> None:
    path = write(tmp_path / "bad.nq", document(250, quads=True, bad=[3, 99, 100, 180, 249]))
    expected, expected_errors = serial_skipping(path)
    assert [e.lineno for e in expected_errors] == [3, 99, 100, 180, 249]
    statements, errors = read_quads(path, blocksize=1500, on_error="skip")
    got, got_errors = compute(scheduler, statements, errors)
    assert_same_statements(got, expected)
    assert [error_fields(e) for e in got_errors] == [error_fields(e) for e in expected_errors]


def check_crlf_and_cr_files(tmp_path: Path, scheduler: Any) -> None:
    for eol in ("\r\n", "\r"):
        path = write(tmp_path / f"eol{len(eol)}.nt", document(200, eol=eol, bad=[150]))
        bag = read_quads(path, blocksize=1000)
        assert bag.npartitions > 8  # a CR-only file is cut too
        expected = serial_error(path)
        assert expected.lineno == 150
        with pytest.raises(rdflib_strict.ParseError) as info:
            compute(scheduler, bag)
        assert error_fields(info.value) == error_fields(expected)
        statements, errors = read_quads(path, blocksize=1000, on_error="skip")
        got, got_errors = compute(scheduler, statements, errors)
        expected_statements, expected_errors = serial_skipping(path)
        assert_same_statements(got, expected_statements)
        assert [error_fields(e) for e in got_errors] == [error_fields(e) for e in expected_errors]


def check_gzip_file_is_one_partition(tmp_path: Path, scheduler: Any) -> None:
    path = tmp_path / "dump.nq.gz"
    path.write_bytes(gzip.compress(document(150, quads=True).encode()))
    bag = read_quads(str(path), blocksize=100)
    assert bag.npartitions == 1
    (got,) = compute(scheduler, bag)
    assert_same_statements(got, serial(str(path)))

    bad = tmp_path / "bad.nt.gz"
    bad.write_bytes(gzip.compress(document(150, bad=[140]).encode()))
    expected = serial_error(str(bad))
    assert expected.lineno == 140
    with pytest.raises(rdflib_strict.ParseError) as info:
        compute(scheduler, read_quads(str(bad)))
    assert error_fields(info.value) == error_fields(expected)


def check_dataframe_terms_by_hand(tmp_path: Path, scheduler: Any) -> None:
    text = (
        '<http://ex/s> <http://ex/p> "Chat"@EN-gb <http://ex/g> .\n'
        f'<http://ex/s> <http://ex/p> "x"^^<{XSD}string> .\n'
        f'<http://ex/s> <http://ex/p> "007"^^<{XSD}integer> .\n'
        '<http://ex/s> <http://ex/p> "a\\"b\\\\c\\u00E9\\n" .\n'
        "_:n1 <http://ex/p> _:n1 _:g .\n"
    )
    a = write(tmp_path / "a.nq", text)
    b = write(tmp_path / "b.nq", text)
    import pandas as pd  # here, not at collection: pandas takes half a second to import

    (frame,) = compute(scheduler, read_dataframe([a, b], blocksize=60))
    assert list(frame.columns) == ["s", "p", "o", "g"]
    assert all(str(t) == "string" for t in frame.dtypes)
    assert frame.g.isna().tolist() == [False, True, True, True, False] * 2
    rows = [tuple(None if pd.isna(v) else v for v in row) for row in frame.itertuples(index=False)]
    assert rows[:4] == [
        ("<http://ex/s>", "<http://ex/p>", '"Chat"@en-gb', "<http://ex/g>"),
        ("<http://ex/s>", "<http://ex/p>", '"x"', None),
        ("<http://ex/s>", "<http://ex/p>", f'"007"^^<{XSD}integer>', None),
        ("<http://ex/s>", "<http://ex/p>", '"a\\"b\\\\cé\\n"', None),
    ]
    assert rows[5:9] == rows[:4]
    (s, p, o, g), (s2, _, o2, g2) = rows[4], rows[9]
    assert p == "<http://ex/p>" and s == o and s2 == o2 and s != g and s2 != g2
    assert s != s2 and g != g2  # two files, two nodes
    assert re.fullmatch(r"_:\S+n1", s) and re.fullmatch(r"_:\S+g", g)  # the label, after the id prefix


def check_dataframe_round_trips(tmp_path: Path, scheduler: Any) -> None:
    # The rows, written back as N-Quads lines, parse to the serial parse of the file.
    import pandas as pd

    path = write(tmp_path / "dump.nq", document(200, quads=True, eol="\r\n"))
    (frame,) = compute(scheduler, read_dataframe(path, blocksize=1500))
    lines = [
        f"{s} {p} {o} ." if pd.isna(g) else f"{s} {p} {o} {g} ."
        for s, p, o, g in frame.itertuples(index=False)
    ]
    again = list(rdflib_strict.iterparse(data="\n".join(lines), format="nquads"))
    assert_same_statements(again, serial(path), canonical=True)


def check_dataframe_skip(tmp_path: Path, scheduler: Any) -> None:
    path = write(tmp_path / "bad.nt", document(100, bad=[10, 90]))
    expected, expected_errors = serial_skipping(path)
    frame, errors = read_dataframe(path, blocksize=1000, on_error="skip")
    got, got_errors = compute(scheduler, frame, errors)
    assert len(got) == len(expected)
    assert list(got_errors.columns) == ["filename", "lineno", "colno", "msg", "text", "skipped", "kind"]
    assert list(got_errors.itertuples(index=False, name=None)) == [
        (e.filename, e.lineno, e.colno, e.msg, e.text, e.skipped, e.kind.value) for e in expected_errors
    ]


CHECKS = [
    check_same_statements_as_serial,
    check_blank_node_across_partitions,
    check_two_files_never_share_a_node,
    check_error_in_a_late_partition,
    check_skip_gives_the_serial_errors,
    check_crlf_and_cr_files,
    check_gzip_file_is_one_partition,
    check_dataframe_terms_by_hand,
    check_dataframe_round_trips,
    check_dataframe_skip,
]


@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__.removeprefix("check_") for c in CHECKS])
def test_synchronous(tmp_path: Path, check: Callable[[Path, Any], None]) -> None:
    check(tmp_path, "sync")


def test_on_a_cluster(tmp_path: Path, cluster: Any) -> None:
    for check in CHECKS:
        folder = tmp_path / check.__name__
        folder.mkdir()
        check(folder, cluster)


def test_threads_scheduler_and_a_glob(tmp_path: Path) -> None:
    a = write(tmp_path / "a.nt", document(60))
    b = write(tmp_path / "b.nq", document(40, quads=True))
    (got,) = dask.compute(read_quads(str(tmp_path / "*.n[tq]"), blocksize=300), scheduler="threads")
    assert_same_statements(got, serial(a) + serial(b))


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_line_ends_every_cut(tmp_path: Path, eol: str) -> None:
    # Every block size on a small document: cuts land on every byte, the CR and the LF of
    # each CRLF included; the errors' lines count LF, CR and CRLF once each.
    text = eol.join(["<a:s> <a:p> _:a .", "# c", "", "<a:s> <p> _:a .", "_:a <a:p> 1 .", "_:a <a:p> <a:o> ."])
    path = write(tmp_path / "eol.nt", text + eol)
    expected, expected_errors = serial_skipping(path)
    assert len(expected) == 2 and [e.lineno for e in expected_errors] == [4, 5]
    sizes = range(1, len(text) + 2)
    collections = [read_quads(path, blocksize=size, on_error="skip") for size in sizes]
    results = dask.compute(*collections, scheduler="sync")
    for size, (got, got_errors) in zip(sizes, results, strict=True):
        assert_same_statements(got, expected)
        assert [error_fields(e) for e in got_errors] == [error_fields(e) for e in expected_errors], size


def test_bom_only_at_the_start(tmp_path: Path) -> None:
    # A BOM starts the document (dropped); one at the start of a later block is text (an error).
    line = "<http://ex/s> <http://ex/p> <http://ex/o> .\n"
    path = write(tmp_path / "bom.nt", "\ufeff" + line + "\ufeff" + line)
    expected, expected_errors = serial_skipping(path)
    assert len(expected) == 1 and [(e.lineno, e.colno) for e in expected_errors] == [(2, 1)]
    statements, errors = read_quads(path, blocksize=len(line.encode()) + 3, on_error="skip")
    assert statements.npartitions == 2
    got, got_errors = dask.compute(statements, errors, scheduler="sync")
    assert_same_statements(got, expected)
    assert [error_fields(e) for e in got_errors] == [error_fields(e) for e in expected_errors]


def test_exact_literals_through_pickles() -> None:
    # rdflib rebuilds a pickled Literal normalized ("007" -> "7"); with rdflib_strict.dask
    # imported (by this module; by every worker that runs a task or unpickles a Literal),
    # the lexical form stays. The cluster check above covers workers.
    doc = (
        f'<a:s> <a:p> "007"^^<{XSD}integer> .\n'
        '<a:s> <a:p> "x"@EN .\n'
        f'<a:s> <a:p> " a  b "^^<{XSD}token> .\n'
        f'<a:s> <a:p> "1.0e0"^^<{XSD}double> .\n'
    )
    for _, _, lit, _ in rdflib_strict.iterparse(data=doc, format="nt"):
        back = pickle.loads(pickle.dumps(lit))
        assert (str(back), back.datatype, back.language) == (str(lit), lit.datatype, lit.language)
        assert back.value == lit.value and back.ill_typed == lit.ill_typed
    assert str(back) == "1.0e0"


def test_compressed_under_a_plain_name(tmp_path: Path) -> None:
    path = tmp_path / "hidden.nt"
    path.write_bytes(gzip.compress(document(100).encode()))
    with pytest.raises(ValueError, match="gzip-compressed data but its name"):
        dask.compute(read_quads(str(path), blocksize=100), scheduler="sync")
    (got,) = dask.compute(read_quads(str(path), blocksize=None), scheduler="sync")
    assert_same_statements(got, serial(str(path)))


def test_unknown_formats_refused(tmp_path: Path) -> None:
    ttl = write(tmp_path / "x.ttl", "<http://ex/s> <http://ex/p> <http://ex/o> .\n")
    with pytest.raises(ValueError, match="cannot tell the format"):
        read_quads(write(tmp_path / "x.txt", ""))
    with pytest.raises(ValueError, match="on_error must be"):
        read_quads(ttl, format="nt", on_error="ignore")  # type: ignore[call-overload]
    # format= overrides the extension.
    (got,) = dask.compute(read_quads(Path(ttl), format="nt"), scheduler="sync")  # a PathLike too
    assert_same_statements(got, serial(ttl, format="nt"))


def test_turtle_and_trig_in_partitions(tmp_path: Path) -> None:
    # Cut at statement boundaries (a '.' in a string, a name, a number, a long string; prefixes
    # and the base changing midway), a blank node label across partitions, an error placed in
    # the file: the serial parse's.
    body = (
        '@prefix ex: <http://ex/a/> .\nex:s ex:p "a . b", ex:x\\., 1. \n_:b ex:p """x .\n. y""" .\n'
        "@prefix ex: <http://ex/b/> .\n@base <http://base/> .\n<s> ex:q ( .5 [] ) .\n"
    ) * 20
    ttl = write(tmp_path / "x.ttl", body)
    trig = write(tmp_path / "x.trig", body + "ex:g { <s> <p> _:b }\n" + body)
    for path, fmt in ((ttl, "turtle"), (trig, "trig")):
        got = read_quads(path, blocksize=100)
        assert got.npartitions > 20
        (statements,) = dask.compute(got, scheduler="sync")
        assert_same_statements(statements, serial(path, format=fmt))
    bad = write(tmp_path / "bad.ttl", body + "ex:s ex:p .\n" + body)
    statements, errors = read_quads(bad, blocksize=100, on_error="skip")
    (found, (error,)) = dask.compute(statements, errors, scheduler="sync")
    assert (error.lineno, error.colno) == (body.count("\n") + 1, 11)
    assert len(found) == 2 * len(serial(ttl, format="turtle"))


# --- the example --------------------------------------------------------------------------


# Dask's Parquet writer calls a pandas 3.1 deprecated API; nothing of ours.
@pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.reset_index is deprecated")
def test_example_dump_to_parquet(tmp_path: Path, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [f"<http://ex/i{n}> <{RDF_TYPE}> <http://ex/{c}> ." for n, c in enumerate("ABABACD")]
    lines += ["_:x <http://ex/p> <http://ex/Z> .", f'_:x <{RDF_TYPE}> "not a class" <http://ex/g> .']
    dump = write(tmp_path / "dump.nq", "\n".join(lines) + "\n")
    spec = importlib.util.spec_from_file_location(
        "dump_to_parquet", repo_root / "examples" / "dump_to_parquet.py"
    )
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    out = tmp_path / "out.parquet"
    assert example.main([dump, str(out), "--blocksize", "100"]) == 0
    assert capsys.readouterr().out == (
        '3\t<http://ex/A>\n2\t<http://ex/B>\n1\t"not a class"\n1\t<http://ex/C>\n1\t<http://ex/D>\n'
    )
    import pandas as pd

    stored = pd.read_parquet(out)
    assert len(stored) == 9 and list(stored.columns) == ["s", "p", "o", "g"]


# --- RDF 1.2: version= as iterparse takes it ----------------------------------------------------

_RDF12 = (
    "<http://ex/s> <http://ex/p> <<( <http://ex/a> <http://ex/b> _:x )>> .\n"
    '<http://ex/s> <http://ex/q> "salam"@ar--rtl .\n'
    "_:x <http://ex/p> <http://ex/o> .\n"
) * 20


def test_version_reads_rdf12_as_iterparse_does(tmp_path: Path) -> None:
    path = write(tmp_path / "star.nt", _RDF12)
    (got,) = dask.compute(read_quads(path, blocksize=200, version="1.2"), scheduler="sync")
    expected = list(rdflib_strict.iterparse(path, version="1.2"))
    assert len(got) == len(expected) == 60
    assert_same_statements(got, expected)
    (frame,) = dask.compute(read_dataframe(path, blocksize=200, version="1.2"), scheduler="sync")
    rows = [row[:3] for row in frame.itertuples(index=False, name=None)]
    assert frame["g"].isna().all()
    # A triple term as its N-Triples text; the blank node inside it is the document's _:x.
    label = rows[2][0]
    assert rows[0] == ("<http://ex/s>", "<http://ex/p>", f"<<( <http://ex/a> <http://ex/b> {label} )>>")
    assert rows[1] == ("<http://ex/s>", "<http://ex/q>", '"salam"@ar--rtl')


def test_rdf12_in_rdf11_mode_is_an_error_of_its_own_kind(tmp_path: Path) -> None:
    path = write(tmp_path / "star.nt", _RDF12)
    frame, errors = read_dataframe(path, blocksize=200, on_error="skip")
    got, got_errors = dask.compute(frame, errors, scheduler="sync")
    assert len(got) == 20
    assert list(got_errors["lineno"]) == [n for k in range(20) for n in (3 * k + 1, 3 * k + 2)]
    assert set(got_errors["kind"]) == {"not-rdf11"}


def test_a_bad_version_is_refused_when_the_collection_is_built(tmp_path: Path) -> None:
    path = write(tmp_path / "a.nt", _RDF12)
    with pytest.raises(ValueError, match="version must be one of"):
        read_quads(path, version="1.3")
