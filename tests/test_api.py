"""install()/uninstall(), the unmodified-app check, and iterparse."""

from __future__ import annotations

import gc
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from locations import repo_root
from rdflib import Dataset, Graph, Literal, URIRef
from rdflib.parser import Parser
from rdflib.plugin import get as get_plugin
from rdflib.serializer import Serializer
from w3c import assert_same_graph, oxigraph_graph

import rdflib_strict
from rdflib_strict import ParseError, iterparse
from rdflib_strict.syntax.chunks import CHUNK_SIZE
from rdflib_strict.syntax.errors import SerializeError

REPO = repo_root()
APP = REPO / "tests" / "data" / "app" / "existing_app.py"
EXAMPLE = REPO / "examples" / "library.ttl"
NAMES = ("nt", "ntriples", "nt11", "application/n-triples", "nquads", "application/n-quads")
TURTLE_NAMES = ("turtle", "ttl", "text/turtle")
TRIG_NAMES = ("trig", "application/trig")


@pytest.fixture
def installed() -> Iterator[None]:
    rdflib_strict.install()
    try:
        yield
    finally:
        rdflib_strict.uninstall()


def test_install_overrides_every_standard_name_and_uninstall_restores() -> None:
    names = NAMES + TURTLE_NAMES + TRIG_NAMES
    before = {(n, k): get_plugin(n, k) for n in names for k in (Parser, Serializer)}
    assert all(not c.__module__.startswith("rdflib_strict") for c in before.values())
    rdflib_strict.install()
    rdflib_strict.install()  # idempotent: uninstall must still restore rdflib's own
    try:
        for name, kind in before:
            assert get_plugin(name, kind).__module__ == "rdflib_strict.edge.plugins", (name, kind)
    finally:
        rdflib_strict.uninstall()
    after = {key: get_plugin(*key) for key in before}
    assert after == before


def test_installed_guessed_format_is_strict(installed: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text('@prefix : <http://example/> .\n:s "p" :o .\n', encoding="utf-8")
    with pytest.raises(ParseError) as info:
        Graph().parse(bad)  # no format: guessed from the extension, as rdflib does
    assert (info.value.lineno, info.value.colno) == (2, 4)
    good = Graph().parse(EXAMPLE)
    copies = Literal("007", datatype=URIRef("http://www.w3.org/2001/XMLSchema#integer"), normalize=False)
    assert copies in set(good.objects())


def test_builtin_accepts_what_installed_rejects(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text('@prefix : <http://example/> .\n:s "p" :o .\n', encoding="utf-8")
    assert len(Graph().parse(bad)) == 1  # rdflib's own turtle takes a literal predicate (T1)


_TYPED = re.compile(r'"((?:[^"\\]|\\.)*)"\^\^<([^>]*)>')
_BNODE = re.compile(r"_:\S+")


def _run_app(install: bool) -> list[str]:
    code = (
        ("import rdflib_strict; rdflib_strict.install()\n" if install else "")
        + "import runpy, sys\n"
        + f"sys.argv = ['app', {str(EXAMPLE)!r}]\n"
        + f"runpy.run_path({str(APP)!r}, run_name='__main__')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return sorted(_BNODE.sub("_:b", line) for line in out.stdout.splitlines())


def _as_rdflib_normalises(line: str) -> str:
    """What rdflib's default literal normalisation makes of each typed literal in a line."""

    def normalise(m: re.Match[str]) -> str:
        lexical = m.group(1).encode().decode("unicode_escape") if "\\" in m.group(1) else m.group(1)
        return Literal(lexical, datatype=URIRef(m.group(2)), normalize=True).n3()

    return _TYPED.sub(normalise, line)


def test_existing_app_differs_only_in_the_strict_ways() -> None:
    builtin = _run_app(install=False)
    strict = _run_app(install=True)
    assert builtin and len(builtin) == len(strict)
    # The strict run keeps the lexical forms written in the file...
    assert any('"007"^^' in line for line in strict)
    assert any('"4.5E0"^^' in line for line in strict)
    assert not any('"007"^^' in line for line in builtin)
    # ...and that is the only difference: normalised as rdflib does, the outputs are equal.
    assert sorted(_as_rdflib_normalises(line) for line in strict) == builtin


# --- iterparse ----------------------------------------------------------------------------

NT = (
    '<http://ex/s> <http://ex/p> "caf\u00e9"@fr .\n'
    '_:b <http://ex/p> "007"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'
)


@pytest.mark.parametrize(
    "kind", ["path", "pathlib", "binary file", "text file", "bytes", "data str", "data bytes"]
)
def test_iterparse_sources(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "doc.nt"
    path.write_text(NT, encoding="utf-8")
    if kind == "path":
        statements = list(iterparse(str(path)))
    elif kind == "pathlib":
        statements = list(iterparse(path))
    elif kind == "binary file":
        with path.open("rb") as f:
            statements = list(iterparse(f, format="nt"))
            assert not f.closed
    elif kind == "text file":
        with path.open("r", encoding="utf-8") as f:
            statements = list(iterparse(f, format="nt"))
            assert not f.closed
    elif kind == "bytes":
        statements = list(iterparse(NT.encode(), format="ntriples"))
    elif kind == "data str":
        statements = list(iterparse(data=NT, format="strict-nt"))
    else:
        statements = list(iterparse(data=NT.encode(), format="nt"))
    assert [g for *_, g in statements] == [None, None]
    graph = Graph()
    for s, p, o, _ in statements:
        graph.add((s, p, o))
    assert_same_graph(graph, oxigraph_graph(path, "nt"))


def test_iterparse_nquads_graph_terms_and_document_scoped_bnodes() -> None:
    doc = (
        "_:x <http://ex/p> <http://ex/o> <http://ex/g1> .\n"
        "_:x <http://ex/p> <http://ex/o> _:g .\n"
        "_:x <http://ex/p> <http://ex/o> .\n"
    )
    quads = list(iterparse(data=doc, format="nquads"))
    assert quads[0][3] == URIRef("http://ex/g1")
    assert quads[2][3] is None
    assert quads[0][0] is quads[1][0] is quads[2][0]
    again = list(iterparse(data=doc, format="nquads"))
    assert again[0][0] != quads[0][0]  # two parses never share blank nodes


def test_iterparse_turtle_base_and_errors(tmp_path: Path) -> None:
    path = tmp_path / "doc.ttl"
    path.write_text("<a> <b> ( 1 2 ) .\n", encoding="utf-8")
    quads = list(iterparse(path))
    assert URIRef(path.absolute().as_uri().rsplit("/", 1)[0] + "/a") in {q[0] for q in quads}
    quads = list(iterparse(data="<a> <b> <c> .", format="turtle", base="http://ex/"))
    assert quads == [(URIRef("http://ex/a"), URIRef("http://ex/b"), URIRef("http://ex/c"), None)]
    with pytest.raises(ParseError):
        list(iterparse(data="<a> <b> <c> .", format="turtle"))  # no base at all


def test_iterparse_streams_without_reading_everything_first() -> None:
    line = b"<http://ex/s> <http://ex/p> <http://ex/o> .\n"
    data = line * 200_000  # 9 MB

    class Counting(io.BytesIO):
        consumed = 0

        def read(self, size: int | None = -1) -> bytes:
            chunk = super().read(size)
            Counting.consumed += len(chunk)
            return chunk

    stream = Counting(data)
    it = iterparse(stream, format="nt")
    next(it)
    assert Counting.consumed < len(data) / 2
    assert sum(1 for _ in it) == 200_000 - 1


@pytest.mark.parametrize("fmt", ["nt", "ttl"])
def test_iterparse_collects_once_a_chunk_and_the_caller_keeps_its_setting(fmt: str) -> None:
    # Distinct literals: every statement leaves a tracked object (the Literal) in its batch.
    data = "".join(f'<http://ex/s{i}> <http://ex/p> "v{i}"@en .\n' for i in range(40_000))
    chunks = -(-len(data.encode()) // CHUNK_SIZE)
    head = data[: data.index("\n", 1000) + 1]
    collections = 0

    def count(phase: str, info: dict[str, int]) -> None:
        nonlocal collections
        collections += phase == "start"

    enabled_in_loop = set()
    gc.collect()
    gc.callbacks.append(count)
    try:
        for _ in iterparse(data=data, format=fmt):
            enabled_in_loop.add(gc.isenabled())
    finally:
        gc.callbacks.remove(count)
    # Left running, the collector would walk the young statements every 700 allocations
    # (over a hundred times here); paused, once a chunk, when its batch is handed on.
    assert collections <= chunks + 2
    assert enabled_in_loop == {True}  # the caller's code runs with its own setting
    gc.disable()
    try:
        for _ in iterparse(data=head, format=fmt):
            enabled_in_loop.add(gc.isenabled())
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert enabled_in_loop == {True, False}
    with pytest.raises(ParseError):
        list(iterparse(data=head + "<http://ex/s> .\n", format=fmt))
    assert gc.isenabled()


def test_iterparse_rejects_bad_format_and_source() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        list(iterparse(data="", format="rdfxml"))
    with pytest.raises(ValueError, match="extension"):
        list(iterparse(data=""))
    with pytest.raises(TypeError):
        list(iterparse(42, format="nt"))  # type: ignore[arg-type]


def test_dataset_parse_with_installed_names(installed: None) -> None:
    ds = Dataset()  # not Dataset().parse(...): rdflib 7.0 returns the default graph from it
    ds.parse(data="<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .", format="nquads")
    assert {g.identifier for g in ds.graphs()} >= {URIRef("http://ex/g")}


def test_iterparse_trig_guessed_from_the_extension(tmp_path: Path) -> None:
    """A .trig file is read as TriG: graph blocks give their label as the fourth element."""
    path = tmp_path / "doc.trig"
    path.write_text("@prefix : <http://ex/> .\n:a :b :c .\n:g { :s :p :o }\n", encoding="utf-8")
    quads = [tuple(str(t) if t is not None else None for t in q) for q in iterparse(path)]
    assert quads == [
        ("http://ex/a", "http://ex/b", "http://ex/c", None),
        ("http://ex/s", "http://ex/p", "http://ex/o", "http://ex/g"),
    ]


def test_installed_trig_is_strict(installed: None) -> None:
    """After install(), format="trig" parses strictly (a relative IRI without base is refused)
    and serializes with our writer."""
    from rdflib import Dataset

    ds = Dataset()
    ds.parse(data="<http://ex/g> { <http://ex/s> <http://ex/p> 1 }", format="trig")
    assert "<http://ex/g> {" in ds.serialize(format="trig")
    with pytest.raises(ParseError):
        Dataset().parse(data="<g> { <s> <p> <o> }", format="trig")


def test_importing_the_package_loads_no_optional_extra() -> None:
    # The runtime dependency is rdflib alone: Dask and pySHACL load when used, not on import
    # of the package, its command line or its SHACL module (rdflib_strict.dask is Dask's).
    code = (
        "import sys, rdflib_strict, rdflib_strict.cli, rdflib_strict.shacl\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed', 'pandas', 'pyshacl'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "[]\n"


@pytest.mark.parametrize("name", ["nt", "application/n-triples", "nquads"])
def test_installed_names_take_rdf12_when_asked(installed: None, name: str) -> None:
    # The drop-in passes version= through: RDF 1.2 read and written under rdflib's own names.
    doc = '<http://ex/s> <http://ex/p> <<( <http://ex/a> <http://ex/b> "x"@en--ltr )>> .\n'
    target = Dataset() if "quads" in name else Graph()
    target.parse(data=doc, format=name, version="1.2")
    ((_, _, o, *_),) = target.quads() if isinstance(target, Dataset) else target
    assert isinstance(o, rdflib_strict.TripleTerm)
    assert o.object == rdflib_strict.DirLangLiteral("x", lang="en", direction="ltr")
    assert target.serialize(format=name, version="1.2") == doc
    with pytest.raises(rdflib_strict.ParseError, match=re.escape('version="1.2"')):
        Graph().parse(data=doc, format=name)
    with pytest.raises(SerializeError, match=re.escape('version="1.2"')):
        target.serialize(format=name)
