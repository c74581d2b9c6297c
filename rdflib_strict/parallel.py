"""N-Triples and N-Quads on several cores, results in document order.

Every raw line end of an N-Triples or N-Quads document ends a statement (or a comment, or a
blank line), so the document cuts into independent blocks at line ends. A local file is cut
into byte ranges that each worker process reads itself; anything else (compressed files,
downloads, stdin) is read and decoded here and handed out as text, so decompression stays in
one process while parsing runs in all of them.

- **Cuts** fall just after a line end, never between the CR and LF of a CRLF.
- **Blank nodes** are document-scoped across blocks: the parent draws the document's blank
  node id prefix once (``terms.document_prefix()``) and every worker builds a label's node
  as that prefix, ``l`` and the label, so the same label is the same node whichever worker
  read it, and two documents (two prefixes) never share a node.
- **Errors** carry the line and column of a serial parse: a worker counts its own lines (its
  ChunkReader does so anyway) and its errors are moved down by the line ends of the blocks
  before it, which the parent sums as the results come back in order.
- A worker's memory is bounded as in the serial path: one block (``BLOCK_SIZE`` bytes) at a
  time, and the parser's bounded caches; at most ``workers * 2`` blocks are in flight.

Turtle and TriG cannot be cut at line ends (a statement, a string or a prefix declaration
spans lines), so only the line formats run here; the faces run those two serially.
"""

from __future__ import annotations

import copyreg
import io
import os
import pickle
import shutil
import sys
import threading
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future  # not .process: loaded when used
from typing import IO, Any, Final, Literal, NamedTuple, cast

from .edge.source import OpenedSource
from .syntax.chunks import ChunkReader
from .syntax.errors import ParseError
from .syntax.version import version_arg

__all__ = [
    "BLOCK_SIZE",
    "Block",
    "BlockResult",
    "BlockTask",
    "blocks_of",
    "cut_after",
    "do_block",
    "file_blocks",
    "run_blocks",
    "text_blocks",
    "worker_count",
]

#: Bytes (or characters, for text read here) per block.
BLOCK_SIZE: Final = 8 << 20
# Blocks in flight per worker: one being parsed, one waiting, so no worker idles.
_AHEAD: Final = 2
# How far past a nominal cut the cut's line end is looked for at a time.
_WINDOW: Final = 1 << 16

TaskName = Literal["validate", "convert", "statements"]


class Block(NamedTuple):
    """One block: bytes ``[offset, offset + length)`` of the local file ``path``, or ``text``,
    or ``data``: the block's bytes, read by the caller (the Dask face reads any fsspec file).

    ``at_start``: the block begins the document (a BOM there is dropped)."""

    number: int
    at_start: bool
    path: str | None = None
    offset: int = 0
    length: int = 0
    text: str | None = None
    data: bytes | None = None


class BlockTask(NamedTuple):
    """What every worker does with its block.

    ``task``: ``validate`` (count, errors, ill-typed warnings if ``warn``), ``convert`` (the
    block written as N-Triples, or N-Quads if ``with_graphs``) or ``statements`` (the parsed
    statements). ``skip``: hand on every bad statement's error and go on, else stop at the
    first. ``prefix``: the document's blank node id prefix. ``scratch``: a directory where
    worker processes leave a converted block as a file, for ``write_output`` to copy (in the
    kernel, where it can) instead of sending it back through a pipe. ``tag``: written before
    each blank node label by ``convert`` (one of several inputs of one output). ``version``:
    the RDF read (and written), as ``syntax.version.RdfVersion``'s value.
    """

    task: TaskName
    quads: bool
    name: str
    prefix: str
    skip: bool
    warn: bool = False
    with_graphs: bool = False
    scratch: str | None = None
    tag: str = ""
    version: str = "1.1"

    @property
    def fmt(self) -> str:
        """The block's format name, for the reader factory."""
        return "nquads" if self.quads else "ntriples"


class BlockResult:
    """A block's result: ``count`` statements, ``lines`` line ends read, ``size`` its length
    (bytes of a file range, characters of text), ``errors`` and
    ``warnings`` (placed in the whole document once ``run`` hands them on), ``output`` (bytes
    for convert, a statement list for statements), and ``fatal``: an error that ends the
    parse (the first error when not skipping, bad UTF-8, a serializer's refusal)."""

    __slots__ = ("count", "errors", "fatal", "lines", "number", "output", "size", "warnings")

    def __init__(self, number: int) -> None:
        self.number = number
        self.count = 0
        self.lines = 0
        self.size = 0
        self.errors: list[ParseError] = []
        self.warnings: list[ParseError] = []
        self.output: Any = None
        self.fatal: BaseException | None = None


def worker_count(jobs: int) -> int:
    """The number of workers for ``-j jobs``: 0 means one per available core."""
    if jobs < 0:
        raise ValueError(f"the number of jobs must be 0 (all cores) or more, not {jobs}")
    if jobs:
        return jobs
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def file_blocks(path: str, block: int | None = None, workers: int = 1) -> Iterator[Block]:
    """A local file cut into byte ranges of at most about ``block`` bytes (default
    ``BLOCK_SIZE``), each ending after a line end (the last one at the end of the file).

    The ranges come in rounds of ``workers`` of even sizes (the cuts are the first line ends
    after evenly spaced offsets, so sizes differ by a line at most), so that no worker is left
    with one range more than the others at the end; lines longer than a range make fewer."""
    block = BLOCK_SIZE if block is None else block
    total = os.path.getsize(path)
    count = max(1, -(-total // (block * workers))) * workers
    with open(path, "rb") as f:
        start = 0
        number = 0
        for k in range(1, count + 1):
            nominal = k * total // count
            if nominal <= start:
                continue  # a long line ran past this cut
            end = cut_after(f, nominal, total)
            if end > start:
                yield Block(number, start == 0, path=path, offset=start, length=end - start)
                start = end
                number += 1


def cut_after(f: IO[bytes], pos: int, total: int) -> int:
    """The offset just past the first line end at or after ``pos`` (a CRLF counts whole)."""
    while pos < total:
        f.seek(pos)
        window = f.read(_WINDOW + 1)  # one byte more: the LF that may follow a final CR
        lf, cr = window.find(b"\n", 0, _WINDOW), window.find(b"\r", 0, _WINDOW)
        ends = [i for i in (lf, cr) if i >= 0]
        if ends:
            at = min(ends)
            if window[at : at + 2] == b"\r\n":
                at += 1
            return min(pos + at + 1, total)
        pos += _WINDOW
    return total


def text_blocks(reader: ChunkReader, block: int | None = None) -> Iterator[Block]:
    """The text ``reader`` yields (chunks cut at line ends) gathered into blocks of about
    ``block`` characters (default ``BLOCK_SIZE``). The reader has dropped a BOM already."""
    block = BLOCK_SIZE if block is None else block
    gathered: list[str] = []
    size = 0
    number = 0
    for chunk in reader:
        gathered.append(chunk)
        size += len(chunk)
        if size >= block:
            yield Block(number, False, text="".join(gathered))
            gathered, size, number = [], 0, number + 1
    if gathered:
        yield Block(number, False, text="".join(gathered))


def blocks_of(opened: OpenedSource, workers: int) -> Iterator[Block]:
    """The blocks of an opened document: byte ranges of a plain local file (each worker reads
    its own), else the text read here (compressed, downloaded, stdin)."""
    if opened.path is not None:
        return file_blocks(opened.path, workers=workers)
    return text_blocks(opened.reader)


def run_blocks(job: BlockTask, parts: Iterable[Block], workers: int) -> Generator[BlockResult, None, None]:
    """Each part's result, in document order, its errors and warnings placed in the document.

    Stops after a result with ``fatal`` set. An error raised while producing the parts (a
    broken download, bad UTF-8 in text read here) is raised after the results of the parts
    before it; a worker that cannot read its range, or dies, raises OSError. Closing the
    iterator early cancels the blocks not started. ``workers=1`` parses the parts one after
    the other in this process (the tests' way to try many cuttings).
    """
    from concurrent.futures import ProcessPoolExecutor

    produced = iter(parts)
    pending: deque[Future[BlockResult]] = deque()
    failure: BaseException | None = None

    def submit() -> None:
        nonlocal failure
        if failure is not None:
            return
        try:
            part = next(produced, None)
        except Exception as e:  # raised in order, once the blocks before it are handed on
            failure = e
            return
        if part is not None:
            pending.append(pool.submit(_do_block_packed, job, part))

    pool: Executor = _InProcess() if workers == 1 else ProcessPoolExecutor(workers, mp_context=_context())
    try:
        for _ in range(workers * _AHEAD):
            submit()
        lines = 0
        while pending:
            try:
                done = pending.popleft().result()
            except BrokenExecutor as e:  # a worker killed (out of memory, a signal)
                raise OSError(f"a worker process ended abruptly: {e}") from None
            submit()
            if lines:
                done.errors = [e.moved(lines) for e in done.errors]
                done.warnings = [w.moved(lines) for w in done.warnings]
                if isinstance(done.fatal, ParseError):
                    done.fatal = done.fatal.moved(lines)
            lines += done.lines
            if job.task == "statements":
                done.output = pickle.loads(done.output)
            yield done
            if done.fatal is not None:
                return
        if failure is not None:
            raise failure
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _InProcess(Executor):
    """An executor that runs each task when it is submitted."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def _context() -> Any:
    # fork starts a worker in milliseconds (spawn: an interpreter and our imports, ~0.3 s),
    # but is safe only while this process runs a single thread; forkserver forks from a
    # clean single-threaded server instead. Elsewhere, the platform's default.
    if sys.platform.startswith("linux"):
        import multiprocessing

        return multiprocessing.get_context("fork" if _single_threaded() else "forkserver")
    return None


def _single_threaded() -> bool:
    # Threads started below the threading module (as some libraries do) count too.
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return threading.active_count() == 1


def do_block(job: BlockTask, part: Block) -> BlockResult:
    """Parse one block in a worker (also callable in-process)."""
    done = BlockResult(part.number)
    if part.data is not None:
        stream: IO[bytes] | IO[str] = io.BytesIO(part.data)
        done.size = len(part.data)
    elif part.text is None:
        assert part.path is not None
        stream = cast(IO[bytes], _Range(part.path, part.offset, part.length))
        done.size = part.length
    else:
        stream = io.StringIO(part.text)
        done.size = len(part.text)
    reader = ChunkReader(stream, job.name, at_start=part.at_start)
    on_error = done.errors.append if job.skip else None
    try:
        done = _do_task(job, reader, on_error, done)
    finally:
        stream.close()
    done.lines = reader.lines_read
    return done


def _do_task(job: BlockTask, reader: ChunkReader, on_error: Any, done: BlockResult) -> BlockResult:
    try:
        if job.task == "validate":
            from .edge.readers import make_validator

            validator = make_validator(
                job.fmt, warn=done.warnings.append if job.warn else None, version=version_arg(job.version)
            )
            done.count = validator.check(reader, on_error)
        elif job.task == "statements":
            done.output = []
            _statements(job, reader, on_error, done.output)
        else:
            done.count, done.output = _convert(job, reader, on_error)
    except ParseError as e:
        done.fatal = e
    except ValueError as e:  # a SerializeError: a named graph written as N-Triples
        done.fatal = e
    if job.task == "statements":
        done.count = len(done.output)  # with those before a first error
    return done


class _Range(io.RawIOBase):
    """Bytes ``[offset, offset + length)`` of a file, read as they are asked for: the reader
    takes them a chunk at a time, as from a whole file (reading the block at once costs fresh
    pages for every block)."""

    def __init__(self, path: str, offset: int, length: int) -> None:
        self._file = open(path, "rb")
        self._file.seek(offset)
        self._left = length

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        size = self._left if size < 0 else min(size, self._left)
        data = self._file.read(size)
        self._left -= len(data)
        return data

    def close(self) -> None:
        self._file.close()
        super().close()


def _do_block_packed(job: BlockTask, part: Block) -> BlockResult:
    """do_block, its statements pickled for the trip back (``run`` unpickles them)."""
    done = do_block(job, part)
    if job.task == "statements":
        done.output = _packed(done.output)
    elif job.task == "convert" and job.scratch is not None and done.output:
        # Sent back, 845 MB of output cost the parent a second of CPU on 5M N-Quads (pickled,
        # piped, unpickled), taken from the workers on a machine with as many cores.
        path = os.path.join(job.scratch, f"{part.number}.part")
        with open(path, "wb") as f:
            f.write(done.output)
        done.output = path
    return done


def write_output(done: BlockResult, out: IO[bytes]) -> None:
    """Write a converted block to ``out``: its bytes, or the scratch file it was left in
    (then removed), with ``os.sendfile`` when ``out`` is a plain file or pipe."""
    if not isinstance(done.output, str):
        out.write(done.output)
        return
    with open(done.output, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if type(out) in (io.BufferedWriter, io.FileIO) and hasattr(os, "sendfile"):
            out.flush()  # what was written before goes first
            sent = 0
            while sent < size:
                sent += os.sendfile(out.fileno(), f.fileno(), sent, size - sent)
        else:  # a compressor, a BytesIO: through Python
            shutil.copyfileobj(f, out, 1 << 20)
    os.unlink(done.output)


def _packed(statements: list[Any]) -> bytes:
    # Pickled here with a Literal reducer of our own: rdflib's would rebuild "007"^^xsd:integer
    # as "7" on the other side. The pickler's own table leaves everyone else's pickling alone.
    from rdflib.term import Literal

    from .formats.terms import reduce_literal

    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, Literal: reduce_literal}
    pickler.dump(statements)
    return out.getvalue()


def _statements(job: BlockTask, reader: ChunkReader, on_error: Any, found: list[Any]) -> None:
    # Into ``found`` as parsed: the statements before a first error are handed on, as serially.
    from .edge.readers import make_parser

    parser = make_parser(job.fmt, prefix=job.prefix, version=version_arg(job.version))
    for batch in parser.batches(reader, on_error):
        found += batch


def _convert(job: BlockTask, reader: ChunkReader, on_error: Any) -> tuple[int, bytes]:
    from .edge.readers import make_converter

    out = io.BytesIO()
    to = "nquads" if job.with_graphs else "ntriples"
    count = make_converter(job.fmt, to, job.prefix, job.tag, version_arg(job.version)).convert(
        reader, out, on_error
    )
    return count, out.getvalue()
