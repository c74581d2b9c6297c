"""N-Triples, N-Quads, Turtle and TriG files as Dask collections, on one machine or a cluster.

Needs the ``dask`` extra (``pip install 'rdflib-strict[dask]'``); ``import rdflib_strict``
alone never imports Dask. Two readers, both lazy (nothing is read until you compute):

- ``read_quads``: a ``dask.bag.Bag`` of ``(s, p, o, g)`` rdflib terms, ``g`` None for the
  default graph, as ``rdflib_strict.iterparse`` yields them;
- ``read_dataframe``: a ``dask.dataframe.DataFrame`` with string columns ``s``, ``p``, ``o``,
  ``g``: each term in canonical N-Triples syntax, ``g`` null for the default graph; ready for
  ``to_parquet``.

Both take a path, a glob or a list of them, local or any fsspec URL (``s3://...``), as Dask's
own readers do (``storage_options`` goes to fsspec). The format comes from each file's
extension (``.nt``, ``.nq``, ``.nquads``, ``.ttl``, ``.trig``, also under ``.gz``, ``.bz2``,
``.xz``, ``.zst``) unless ``format`` names it for all.

- **Partitions** are blocks of about ``blocksize`` bytes of one file (``None``: each file
  whole), each starting just after a line end (LF, CR or CRLF; never between the CR and the
  LF) and ending where the next one starts, so no statement is split. A compressed file
  (named so) is one partition, read and decompressed whole by one worker, as Dask does; a
  compressed file under a plain name cannot be cut and raises ValueError (read it with
  ``blocksize=None``).
- **Turtle and TriG** are cut where ``parallel.turtle_cuts`` finds a statement boundary: the
  file is read once, here, when the collection is built (its directives too), and each
  partition starts with the base and prefixes in force at its start (``base``: the base IRI
  before any ``@base``, default the file's location). A partition checks that it ends where
  the next one starts (no statement left open, the base and prefixes the next one was given);
  if not, computing it raises ValueError (read the file with ``blocksize=None``): a cut is
  never misread.
- **Blank nodes** are scoped to their file: a label names the same node in every partition
  of a file, and never a node of another file. Each file's random blank node id prefix is
  drawn when the collection is built, so computing it again gives the same nodes; building
  it again gives new ones.
- **Errors** name the file and the line and column a serial parse reports. A partition
  counts its own lines; only when it has an error does it count the line ends before it (by
  reading its file up to its start) to place the error. With ``on_error="raise"`` computing
  raises a ParseError of a bad partition (which one, if several, depends on the scheduling,
  not on the document order). ``on_error="skip"`` drops bad statements and returns their
  errors too, in document order (``read_quads``: a bag of ParseErrors; ``read_dataframe``:
  a dataframe of their fields); an error the parser cannot resume after (invalid UTF-8, a
  corrupt compressed stream) still raises.
- **Literals keep their exact lexical form** across processes: rdflib pickles a Literal as
  its text, datatype and tag and rebuilds it normalized (``"007"^^xsd:integer`` would arrive
  as ``"7"``), so importing this module registers (``copyreg``) a pickling of Literals that
  rebuilds them exactly, in every process that imports it (the workers do: a read task or
  an unpickled Literal imports it). Only the text stays as it was; values, datatypes and
  tags are rdflib's.
"""

from __future__ import annotations

import copyreg
import functools
import importlib.util
import operator
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, overload

try:
    import dask.bag as db
    from dask.utils import parse_bytes
    from fsspec.core import get_fs_token_paths  # type: ignore[import-untyped]
    from fsspec.implementations.local import LocalFileSystem  # type: ignore[import-untyped]

    # Dask's dataframe and pandas take most of a second to import, which a process that only
    # reads bags or unpickles a Literal does not need: here they are only looked for, and
    # imported where a dataframe is made (read_dataframe, ERROR_COLUMNS).
    for _module in ("dask.dataframe", "pandas", "pyarrow"):
        if importlib.util.find_spec(_module) is None:
            raise ModuleNotFoundError(f"No module named {_module!r}", name=_module)
except ImportError as e:  # pragma: no cover - the extra is part of the test extra
    raise ImportError(
        f"rdflib_strict.dask needs the dask extra: pip install 'rdflib-strict[dask]' ({e})"
    ) from e

if TYPE_CHECKING:
    import dask.dataframe as dd

from rdflib.term import Literal as RDFLiteral
from rdflib.term import URIRef

from .edge.source import compression_of_head, compression_of_name, file_iri, open_source
from .formats.table import FORMATS, format_for
from .formats.terms import Statement, exact_literal, reduce_literal
from .formats.write_terms import TermWriter
from .parallel import Block, BlockTask, TurtleState, cut_after, do_block, turtle_cuts
from .syntax.chunks import cut_at_line_end
from .syntax.errors import ParseError
from .syntax.positions import ByteLineEnds
from .syntax.reader import document_prefix
from .syntax.version import RdfVersion, version_arg

__all__ = ["COLUMNS", "ERROR_COLUMNS", "OnErrorMode", "read_dataframe", "read_quads"]

#: A path, glob or fsspec URL, or a list of them.
UrlPath = str | os.PathLike[str] | Sequence[str | os.PathLike[str]]
#: What ``on_error`` takes: ``raise`` the first error met, or ``skip`` bad statements.
OnErrorMode = Literal["raise", "skip"]
#: The columns of ``read_dataframe``.
COLUMNS: Final = ("s", "p", "o", "g")
_DEFAULT_BLOCKSIZE: Final = "64MiB"
# Bytes read at a time when counting the line ends before a partition with an error.
_COUNT_CHUNK: Final = 1 << 20
# Enough bytes to tell a compression magic number.
_HEAD: Final = 6


class _Block(NamedTuple):
    """One partition: a file's bytes from the first line end at or after ``offset`` to the
    first at or after ``end`` (``offset`` 0: the file's start; ``end`` at or past ``size``:
    its end), or the whole file decompressed (``whole``)."""

    fs: Any  # the fsspec filesystem, pickled to the workers
    path: str  # the filesystem's path
    name: str  # the file as errors name it
    quads: bool
    prefix: str  # the file's blank node id prefix
    number: int  # the block's number in its file
    blocks: int  # the file's number of blocks
    offset: int
    end: int
    size: int
    whole: bool
    # Turtle and TriG: exact offsets (``offset`` to ``end``), the base before any @base, the
    # state in force at the start and the one the next partition starts from (None: last).
    turtle: bool = False
    base: str | None = None
    state: TurtleState | None = None
    next_state: TurtleState | None = None
    version: str = "1.1"  # the RDF read, as RdfVersion's value


@overload
def read_quads(
    urlpath: UrlPath,
    format: str | None = ...,
    blocksize: int | str | None = ...,
    on_error: Literal["raise"] = ...,
    *,
    storage_options: dict[str, Any] | None = ...,
    base: str | None = ...,
    version: str = ...,
) -> db.Bag: ...


@overload
def read_quads(
    urlpath: UrlPath,
    format: str | None = ...,
    blocksize: int | str | None = ...,
    *,
    on_error: Literal["skip"],
    storage_options: dict[str, Any] | None = ...,
    base: str | None = ...,
    version: str = ...,
) -> tuple[db.Bag, db.Bag]: ...


@overload
def read_quads(
    urlpath: UrlPath,
    format: str | None,
    blocksize: int | str | None,
    on_error: Literal["skip"],
    *,
    storage_options: dict[str, Any] | None = ...,
    base: str | None = ...,
    version: str = ...,
) -> tuple[db.Bag, db.Bag]: ...


def read_quads(
    urlpath: UrlPath,
    format: str | None = None,
    blocksize: int | str | None = _DEFAULT_BLOCKSIZE,
    on_error: OnErrorMode = "raise",
    *,
    storage_options: dict[str, Any] | None = None,
    base: str | None = None,
    version: str = "1.1",
) -> db.Bag | tuple[db.Bag, db.Bag]:
    """The statements of N-Triples, N-Quads, Turtle or TriG files as a Dask bag of ``(s, p, o, g)``.

    ``urlpath``: a path, glob or fsspec URL, or a list of them. ``format``: ``ntriples``,
    ``nquads``, ``turtle``, ``trig`` or an alias, for every file; None: each file's extension
    tells. ``blocksize``: bytes per partition (an int or ``"64MiB"``), None for one partition
    per file. ``base``: Turtle and TriG's base IRI before any ``@base`` (default: each file's
    location). ``version``: the RDF read, ``"1.1"`` (the default), ``"1.2"`` or ``"1.2-basic"``,
    as ``rdflib_strict.iterparse`` takes it.

    The terms are rdflib terms, ``g`` None for the default graph; the bag's order is the
    files' order and each file's document order. A blank node label names one node within
    its file, across partitions, and never a node of another file.

    ``on_error="raise"`` (default): the bag; computing it raises a ParseError (its
    ``filename``, ``lineno`` and ``colno`` place it in its file) if a file has a bad
    statement. ``on_error="skip"``: a pair ``(statements, errors)`` of bags: the statements of
    the valid lines, and a ParseError for each bad one (``skipped`` holds its text), in
    document order. Compute both in one call (``dask.compute(statements, errors)``) to parse
    once. Raises ValueError at once for a format it cannot tell.
    """
    skip = _mode(on_error)
    parsed = _parsed(urlpath, format, blocksize, skip, storage_options, base, version)
    statements = _map(parsed, operator.itemgetter(0))
    if not skip:
        return statements
    return statements, _map(parsed, operator.itemgetter(1))


@overload
def read_dataframe(
    urlpath: UrlPath,
    format: str | None = ...,
    blocksize: int | str | None = ...,
    on_error: Literal["raise"] = ...,
    *,
    storage_options: dict[str, Any] | None = ...,
    base: str | None = ...,
    version: str = ...,
) -> dd.DataFrame: ...


@overload
def read_dataframe(
    urlpath: UrlPath,
    format: str | None = ...,
    blocksize: int | str | None = ...,
    *,
    on_error: Literal["skip"],
    storage_options: dict[str, Any] | None = ...,
    base: str | None = ...,
    version: str = ...,
) -> tuple[dd.DataFrame, dd.DataFrame]: ...


@overload
def read_dataframe(
    urlpath: UrlPath,
    format: str | None,
    blocksize: int | str | None,
    on_error: Literal["skip"],
    *,
    storage_options: dict[str, Any] | None = ...,
    base: str | None = ...,
    version: str = ...,
) -> tuple[dd.DataFrame, dd.DataFrame]: ...


def read_dataframe(
    urlpath: UrlPath,
    format: str | None = None,
    blocksize: int | str | None = _DEFAULT_BLOCKSIZE,
    on_error: OnErrorMode = "raise",
    *,
    storage_options: dict[str, Any] | None = None,
    base: str | None = None,
    version: str = "1.1",
) -> dd.DataFrame | tuple[dd.DataFrame, dd.DataFrame]:
    """The statements of N-Triples, N-Quads, Turtle or TriG files as a Dask dataframe of term text.

    Arguments, partitions and errors as in ``read_quads``. Columns ``s``, ``p``, ``o``, ``g``
    (pandas ``string`` dtype): each term in canonical N-Triples syntax (``<iri>``,
    ``"text"@en`` with the tag in lower case, ``"1"^^<...#integer>``, no ``^^xsd:string``);
    ``g`` is null for the default graph. A blank node is ``_:`` and its node id (the ``str``
    of the BNode ``read_quads`` gives): the same label in one file gives the same text, in two
    files two texts; the ids are random, so two builds of the dataframe label the same
    file's nodes differently. The index restarts at 0 in each partition (write Parquet with
    ``write_index=False``).

    ``on_error="skip"``: a pair ``(frame, errors)`` of dataframes; ``errors`` has a row per
    bad statement, in document order, with the ParseError's fields ``filename``, ``lineno``,
    ``colno`` (1-based), ``msg``, ``text`` (the line), ``skipped`` (the statement's text) and
    ``kind`` (what the error is: ``ParseError.kind``'s value, such as ``relative-iri``).
    Compute both in one call to parse once::

        dask.compute(frame.to_parquet("out", compute=False), errors.to_csv("errors-*.csv", compute=False))
    """
    skip = _mode(on_error)
    parsed = _parsed(urlpath, format, blocksize, skip, storage_options, base, version)
    frame_meta, errors_meta = _metas()
    frame = _frame(_map(parsed, _rows, version_arg(version)), frame_meta)
    if not skip:
        return frame
    return frame, _frame(_map(parsed, _error_rows), errors_meta)


if TYPE_CHECKING:
    #: The columns of ``read_dataframe``'s errors, and their dtypes.
    ERROR_COLUMNS: Final[dict[str, Any]] = {}


@functools.cache
def _error_columns() -> dict[str, Any]:
    """``ERROR_COLUMNS``, made at its first use (it needs pandas; see the imports)."""
    import pandas as pd  # type: ignore[import-untyped]

    string = pd.StringDtype("pyarrow")
    return {
        "filename": string,
        "lineno": "int64",
        "colno": "int64",
        "msg": string,
        "text": string,
        "skipped": string,
        "kind": string,
    }


@functools.cache
def _metas() -> tuple[Any, Any]:
    """The empty dataframes that give ``read_dataframe``'s frames and errors their columns."""
    import pandas as pd

    columns = _error_columns()
    frame = pd.DataFrame({column: pd.Series([], dtype=columns["text"]) for column in COLUMNS})
    errors = pd.DataFrame({column: pd.Series([], dtype=dtype) for column, dtype in columns.items()})
    return frame, errors


def __getattr__(name: str) -> Any:
    if name == "ERROR_COLUMNS":
        return _error_columns()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _literal(lexical: str, datatype: URIRef | None, lang: str | None) -> RDFLiteral:
    """An unpickled Literal, with its exact lexical form (here, so that unpickling one in a
    process imports this module and so registers ``_reduce_literal`` there too)."""
    return exact_literal(lexical, datatype, lang)


def _reduce_literal(literal: RDFLiteral) -> tuple[Any, tuple[str, URIRef | None, str | None]]:
    # formats.terms.reduce_literal's arguments, rebuilt by _literal above (see there).
    return _literal, reduce_literal(literal)[1]


copyreg.pickle(RDFLiteral, _reduce_literal)


def _frame(rows: db.Bag, meta: Any) -> dd.DataFrame:
    """A bag of row tuples as a dataframe (typed: Dask's Bag methods are not)."""
    # Not optimized (fused and renamed), so that a frame and its errors computed together
    # share the parse tasks: the file is parsed once.
    frame: dd.DataFrame = rows.to_dataframe(meta=meta, optimize_graph=False)  # type: ignore[no-untyped-call]
    return frame


def _mode(on_error: object) -> bool:
    if on_error == "raise" or on_error == "skip":
        return on_error == "skip"
    raise ValueError(f"on_error must be 'raise' or 'skip', not {on_error!r}")


def _parsed(
    urlpath: UrlPath,
    format: str | None,
    blocksize: int | str | None,
    skip: bool,
    storage_options: dict[str, Any] | None,
    base: str | None = None,
    version: str = "1.1",
) -> db.Bag:
    """A bag with one partition per block: ``[statements, errors]``."""
    rdf = version_arg(version).value  # a bad one is refused now, not on a worker
    paths_given: str | list[str] = (
        os.fspath(urlpath) if isinstance(urlpath, (str, os.PathLike)) else [os.fspath(u) for u in urlpath]
    )
    size = None if blocksize is None else parse_bytes(blocksize)
    if size is not None and size <= 0:
        raise ValueError(f"blocksize must be positive or None, not {blocksize!r}")
    fs, _, paths = get_fs_token_paths(paths_given, mode="rb", storage_options=storage_options)
    if not paths:
        raise FileNotFoundError(f"{paths_given} resolved to no files")
    local = isinstance(fs, LocalFileSystem)
    blocks: list[_Block] = []
    for path in paths:
        name = path if local else fs.unstrip_protocol(path)
        fmt = format_for(format, name)
        quads = FORMATS[fmt].has_graphs
        prefix = document_prefix()  # one per file, drawn now: recomputing gives the same nodes
        if compression_of_name(path) is not None:
            blocks.append(_Block(fs, path, name, quads, prefix, 0, 1, 0, 0, 0, True, version=rdf))
            continue
        if not FORMATS[fmt].line_based:
            where = base if base is not None else file_iri(path) if local else name
            file = _Block(fs, path, name, quads, prefix, 0, 1, 0, 0, 0, False, version=rdf)
            blocks += _turtle_blocks(file, size, where)
            continue
        total = fs.size(path)
        step = (total or 1) if size is None else size
        starts = range(0, total, step) if total else range(1)
        for number, offset in enumerate(starts):
            blocks.append(
                _Block(
                    fs,
                    path,
                    name,
                    quads,
                    prefix,
                    number,
                    len(starts),
                    offset,
                    offset + step,
                    total,
                    False,
                    version=rdf,
                )
            )
    one_each: db.Bag = db.from_sequence(blocks, npartitions=len(blocks))  # type: ignore[no-untyped-call]
    return _map(one_each, _parse, skip)


def _map(bag: db.Bag, func: Callable[..., Any], *args: Any) -> db.Bag:
    """``bag.map_partitions(func, *args)``, typed (Dask's Bag methods are not)."""
    mapped: db.Bag = bag.map_partitions(func, *args)  # type: ignore[no-untyped-call]
    return mapped


def _turtle_blocks(file: _Block, size: int | None, base: str) -> list[_Block]:
    """A Turtle or TriG file's partitions: cut at statement boundaries found by reading it
    here, each with the base and prefixes in force at its start and at the next one's."""
    first = file._replace(turtle=True, base=base, whole=size is None)
    if size is None:
        return [first]
    job = BlockTask(
        "statements", file.quads, file.name, file.prefix, False, turtle=True, base=base, version=file.version
    )
    with file.fs.open(file.path, "rb") as f:
        carry = [b""]

        def read(at_least: int) -> tuple[bytes, bool]:
            chunk, carry[0], final = cut_at_line_end(f.read, carry[0], at_least, b"\n", b"\r")
            return chunk, final

        cuts = list(turtle_cuts(read, job, lambda n: (n + 1) * size, bom=True))
    total = file.fs.size(file.path)
    starts = [(0, None), *cuts]
    ends = [cut for cut, _ in cuts] + [total]
    states = [_parsed_state(job)] + [state for _, state in cuts]
    return [
        first._replace(
            number=k,
            blocks=len(starts),
            offset=start,
            end=end,
            size=total,
            state=states[k],
            next_state=states[k + 1] if k + 1 < len(states) else None,
        )
        for k, ((start, _), end) in enumerate(zip(starts, ends, strict=True))
    ]


def _parsed_state(job: BlockTask) -> TurtleState:
    """The state a Turtle document starts in: its base, no prefixes."""
    return job.base, ()


def _parse(blocks: list[_Block], skip: bool) -> list[Any]:
    """A partition's ``[statements, errors]`` (runs on a worker)."""
    (block,) = blocks
    job = BlockTask(
        "statements",
        block.quads,
        block.name,
        block.prefix,
        skip,
        turtle=block.turtle,
        base=block.base,
        version=block.version,
    )
    with block.fs.open(block.path, "rb") as f:
        head = b""  # the file's first bytes, when read
        if block.whole:
            done, start = _parse_whole(job, f), 0
        elif block.turtle:
            start = block.offset
            f.seek(start)
            done = do_block(
                job, Block(block.number, start == 0, data=f.read(block.end - start), state=block.state)
            )
            _check_cut(block, done)
        else:
            start = 0 if block.offset == 0 else cut_after(f, block.offset, block.size)
            end = cut_after(f, block.end, block.size)
            f.seek(start)
            data = f.read(end - start)
            head = data[:_HEAD] if start == 0 else b""
            if start == 0 and block.blocks == 1 and compression_of_head(head) is not None:
                f.seek(0)
                done = _parse_whole(job, f)
            else:
                done = do_block(job, Block(block.number, start == 0, data=data))
        fatal, errors = done.fatal, done.errors
        if errors or fatal is not None:
            _check_not_compressed(f, block, head or None)
        if start and (errors or isinstance(fatal, ParseError)):
            lines = _line_ends_before(f, start)
            errors = [e.moved(lines) for e in errors]
            if isinstance(fatal, ParseError):
                fatal = fatal.moved(lines)
    if fatal is not None:
        raise fatal
    return [done.output, errors]


def _check_cut(block: _Block, done: Any) -> None:
    """Raise ValueError if a Turtle or TriG partition does not end where the next one starts:
    a statement left open, or another base or prefixes than the next one was given."""
    if done.fatal is not None or block.next_state is None:
        return  # a fatal error found before the partition's end is the document's
    if not done.clean or done.state != block.next_state:
        raise ValueError(
            f"{block.name}: the cut at byte {block.end} is not at a statement boundary (the"
            " scanner was misled there): read the file with blocksize=None"
        )


def _parse_whole(job: BlockTask, f: Any) -> Any:
    """A whole file's result, decompressed if its first bytes say so."""
    with open_source(f, name=job.name) as opened:
        text = "".join(opened.reader)  # bad UTF-8 or a broken stream raises, placed in the file
    # The reader dropped a BOM already: what is left is text.
    return do_block(job, Block(0, False, text=text))


def _check_not_compressed(f: Any, block: _Block, head: bytes | None) -> None:
    """Raise ValueError if the file of a block that failed holds compressed data."""
    if block.whole or (block.blocks == 1 and block.offset == 0):
        return
    if head is None:
        f.seek(0)
        head = f.read(_HEAD)
    codec = compression_of_head(head)
    if codec is not None:
        raise ValueError(
            f"{block.name} holds {codec}-compressed data but its name has no compression suffix"
            " (.gz, .bz2, .xz, .zst), so it was cut into blocks: rename it, or read it with"
            " blocksize=None"
        )


def _line_ends_before(f: Any, start: int) -> int:
    """The line ends (LF, CR, CRLF: one each) in the first ``start`` bytes of ``f``."""
    f.seek(0)
    ends = ByteLineEnds()
    left = start
    while left > 0:
        chunk = f.read(min(left, _COUNT_CHUNK))
        if not chunk:
            break
        ends.add(chunk)
        left -= len(chunk)
    return ends.count


def _error_rows(partition: list[Any]) -> list[tuple[str, int, int, str, str, str, str]]:
    """The errors of a parsed partition as rows of ``ERROR_COLUMNS``."""
    errors: list[ParseError] = partition[1]
    return [(e.filename, e.lineno, e.colno, e.msg, e.text, e.skipped, e.kind.value) for e in errors]


def _rows(partition: list[Any], version: RdfVersion) -> list[tuple[str, str, str, str | None]]:
    """The statements of a parsed partition as term text (runs on a worker)."""
    statements: list[Statement] = partition[0]
    writer = TermWriter(canonical=True, version=version)
    rows = []
    for statement in statements:
        s, p, o, g = statement
        rows.append(
            (
                writer.subject(s, statement),
                writer.predicate(p, statement),
                writer.object(o, statement),
                None if g is None else writer.graph_label(g),
            )
        )
    return rows
