"""N-Triples and N-Quads on several cores, results in document order.

Every raw line end of an N-Triples or N-Quads document ends a statement (or a comment, or a
blank line), so the document cuts into independent blocks at line ends. A local file is cut
into byte ranges that each worker process reads itself; anything else (compressed files,
downloads, stdin) is read and decoded here and handed out as text, so decompression stays in
one process while parsing runs in all of them.

- **Cuts** fall just after a line end, never between the CR and LF of a CRLF.
- **Blank nodes** are document-scoped across blocks: the parent draws the document's blank
  node id prefix once (``syntax.reader.document_prefix()``) and every worker builds a label's node
  as that prefix, ``l`` and the label, so the same label is the same node whichever worker
  read it, and two documents (two prefixes) never share a node.
- **Errors** carry the line and column of a serial parse: a worker counts its own lines (its
  ChunkReader does so anyway) and its errors are moved down by the line ends of the blocks
  before it, which the parent sums as the results come back in order.
- A worker's memory is bounded as in the serial path: one block (``BLOCK_SIZE`` bytes) at a
  time, and the parser's bounded caches; at most ``workers * 2`` blocks are in flight.

Turtle and TriG are cut at a line start after the end of a top-level statement: in a local
file, one guessed near each evenly spaced offset (``turtle_cuts.guessed_cut``) without
reading what comes before; in text read here, where ``formats/turtle_cuts.py``'s scanner,
reading the document from its start, finds one. Each block starts with the base and prefixes
in force there (the directives guessed or found, read by a parser here) and numbers its
unlabelled blank nodes in a scope of its own. Each cut is checked as the results come back in
order, so that a wrong one changes nothing:

- a block is **clean** if its parser, never told that the block's text ends, asked for more
  text with no statement open: it then reports nothing more (a statement left open would
  end in an error at the end of the text). A block that is not clean is joined to the next
  one and parsed again here, whole;
- a block whose start state differs from the one the block before it ended with (its
  parser's base and prefixes) is parsed again here, from that state.
"""

from __future__ import annotations

import copyreg
import io
import mmap
import os
import pickle
import re
import shutil
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future, wait  # not .process: loaded when used
from typing import IO, TYPE_CHECKING, Any, AnyStr, Final, Literal, NamedTuple, cast

from .cores import worker_count
from .edge.sink import paused_gc
from .edge.source import OpenedSource
from .syntax.chunks import ChunkReader
from .syntax.kinds import is_parse_error
from .syntax.version import version_arg

if TYPE_CHECKING:  # ParseError loads rdflib: imported where one is met (validate of lines needs none)
    from .edge.readers import Converter
    from .syntax.errors import ParseError

__all__ = [
    "BLOCK_SIZE",
    "Block",
    "BlockResult",
    "BlockTask",
    "TurtleFileBlocks",
    "blocks_of",
    "cut_after",
    "do_block",
    "file_blocks",
    "run_blocks",
    "text_blocks",
    "turtle_cuts",
    "turtle_file_blocks",
    "turtle_text_blocks",
    "worker_count",
]

#: Bytes (or characters, for text read here) per block.
BLOCK_SIZE: Final = 8 << 20
# Blocks in flight per worker: one being parsed, one waiting, so no worker idles.
_AHEAD: Final = 2
# How far past a nominal cut the cut's line end is looked for at a time.
_WINDOW: Final = 1 << 16
# What the Turtle and TriG cutter reads at a time (here, for the scan).
_CHUNK: Final = 1 << 20
# A block whose start was guessed stops once this many errors (skipping bad statements) lie
# within its first twice as many lines: a guess inside a long string of prose reads an error
# a line, and such a block is dropped once the block before is found to run past its start.
# Read whole, 14 MB of a long string's lines ("line .") made a million errors, 5 GB and 70 s
# in a worker, for a result nobody used. The block is read again, whole, only if its start
# turns out to be a boundary after all (a document with that many errors there).
_DOUBTFUL_ERRORS: Final = 64

TaskName = Literal["validate", "convert", "statements"]
#: The base IRI and the prefixes (in declaration order) in force at a Turtle or TriG block's
#: start, or at its end.
TurtleState = tuple[str | None, tuple[tuple[str, str], ...]]


class Block(NamedTuple):
    """One block: bytes ``[offset, offset + length)`` of the local file ``path``, or ``text``,
    or ``data``: the block's bytes, read by the caller (the Dask face reads any fsspec file).

    ``at_start``: the block begins the document (a BOM there is dropped). ``state``: Turtle
    and TriG, the base and prefixes in force at its start. ``guessed``: a Turtle or TriG
    block whose start was guessed (``turtle_file_blocks``), not yet known to be a statement
    boundary: it stops at a run of errors at its start (``_DOUBTFUL_ERRORS``). ``mark``: a
    Turtle or TriG block's place in ``_ABANDONED`` (-1: none)."""

    number: int
    at_start: bool
    path: str | None = None
    offset: int = 0
    length: int = 0
    text: str | None = None
    data: bytes | None = None
    state: TurtleState | None = None
    guessed: bool = False
    mark: int = -1


class BlockTask(NamedTuple):
    """What every worker does with its block.

    ``task``: ``validate`` (count, errors, ill-typed warnings if ``warn``), ``convert`` (the
    block written as N-Triples, or N-Quads if ``with_graphs``) or ``statements`` (the parsed
    statements). ``skip``: hand on every bad statement's error and go on, else stop at the
    first. ``prefix``: the document's blank node id prefix. ``scratch``: a directory where
    worker processes leave a converted block as a file, for ``write_output`` to copy (in the
    kernel, where it can) instead of sending it back through a pipe. ``tag``: written before
    each blank node label by ``convert`` (one of several inputs of one output). ``turtle``:
    the document is Turtle (TriG with ``quads``), read with ``base`` before any ``@base``.
    ``version``: the RDF read (and written), as ``syntax.version.RdfVersion``'s value.
    ``max_errors``: with ``skip``, a block stops at its ``max_errors``-th error (0: never),
    where the caller stops (``validate --max-errors``): a document of errors cut into blocks
    had every error of every block kept (2.2 GB, 32 s against 0.1 s in one process).
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
    turtle: bool = False
    base: str | None = None
    version: str = "1.1"
    max_errors: int = 0

    @property
    def fmt(self) -> str:
        """The block's format name, for the reader factory."""
        if self.turtle:
            return "trig" if self.quads else "turtle"
        return "nquads" if self.quads else "ntriples"


class BlockResult:
    """A block's result: ``count`` statements, ``lines`` line ends read, ``size`` its length
    (bytes of a file range, characters of text), ``errors`` and
    ``warnings`` (placed in the whole document once ``run`` hands them on), ``output`` (bytes
    for convert, a statement list for statements), and ``fatal``: an error that ends the
    parse (the first error when not skipping, bad UTF-8, a serializer's refusal). Turtle and
    TriG: ``clean``, whether the block ended with no statement open (see the module's
    docstring), and ``state``, the base and prefixes in force at its end."""

    __slots__ = (
        "before",
        "clean",
        "count",
        "doubtful",
        "ended",
        "errors",
        "fatal",
        "lines",
        "number",
        "output",
        "size",
        "state",
        "warnings",
    )

    def __init__(self, number: int) -> None:
        self.number = number
        self.count = 0
        self.lines = 0
        self.size = 0
        self.errors: list[ParseError] = []
        #: validate: for each of ``errors``, the valid statements of the block before it.
        self.before: list[int] = []
        self.warnings: list[ParseError] = []
        self.output: Any = None
        self.fatal: BaseException | None = None
        self.clean = True
        #: Turtle: how many errors and warnings there were when the block's end was met.
        self.ended: tuple[int, int] | None = None
        #: Turtle: the block (``guessed``) stopped at a run of errors at its start.
        self.doubtful = False
        self.state: TurtleState | None = None


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
    try:
        for chunk in reader:
            gathered.append(chunk)
            size += len(chunk)
            if size >= block:
                yield Block(number, False, text="".join(gathered))
                gathered, size, number = [], 0, number + 1
    except Exception:
        # A stream that breaks (truncated, corrupt, bad UTF-8) gave whole lines before: they
        # are read, counted and reported, as one process reads them, before the break is.
        if gathered:
            yield Block(number, False, text="".join(gathered))
        raise
    if gathered:
        yield Block(number, False, text="".join(gathered))


def blocks_of(opened: OpenedSource, workers: int, job: BlockTask | None = None) -> Iterable[Block]:
    """The blocks of an opened document: byte ranges of a plain local file (each worker reads
    its own), else the text read here (compressed, downloaded, stdin). ``job``: a Turtle or
    TriG job's blocks are cut at statement boundaries."""
    if job is not None and job.turtle:
        if opened.path is not None:
            return turtle_file_blocks(opened.path, job, workers=workers)
        return turtle_text_blocks(opened.reader, job)
    if opened.path is not None:
        return file_blocks(opened.path, workers=workers)
    return text_blocks(opened.reader)


class _Directives:
    """The base and prefixes in force as a Turtle document's top-level directives are read,
    in order, by a parser of the document's format (errors are its blocks' to report)."""

    def __init__(self, job: BlockTask) -> None:
        self._job = job
        # Made at the first directive: the first block, in the state a parser starts in, goes
        # out without waiting for the parser's module (a third of what it waited for).
        self._parser: Any = None

    def read(self, text: str) -> None:
        if self._parser is None:
            from .edge.readers import make_parser, make_validator

            if self._job.task == "validate":  # its parser alone, on terms that need no rdflib
                # In the job's RDF version: a VERSION directive is then no error, whose
                # ParseError (dropped: the blocks report errors) would import rdflib.
                version = version_arg(self._job.version)
                self._parser = make_validator(self._job.fmt, self._job.base, version=version, runs=False)
            else:
                self._parser = make_parser(self._job.fmt, self._job.base)
        reader = ChunkReader(io.StringIO(text), "<directives>")
        for _ in self._parser.batches(reader, _ignore):
            pass

    @property
    def met(self) -> bool:
        """Whether a directive was read."""
        return self._parser is not None

    @property
    def state(self) -> TurtleState:
        if self._parser is None:
            return self._job.base, ()
        return _state_of(self._parser)


def _ignore(e: ParseError) -> None:
    pass


def _state_of(parser: Any) -> TurtleState:
    """A Turtle parser's base and prefixes, as a block starts or ends with them."""
    return parser.base, tuple(parser.prefixes.items())


def turtle_file_blocks(
    path: str, job: BlockTask, block: int | None = None, workers: int = 1, follow: bool = False
) -> TurtleFileBlocks:
    """A local Turtle or TriG file's blocks (see ``TurtleFileBlocks``)."""
    return TurtleFileBlocks(path, job, block, workers, follow)


class TurtleFileBlocks:
    """A local Turtle or TriG file cut into byte ranges at guessed statement boundaries, the
    first after each of evenly spaced offsets (as ``file_blocks``; ``turtle_cuts.guessed_cut``):
    no statement is read here, and ``run_blocks`` checks every guess.

    Each block starts with the base and prefixes of the directives at the file's head (the
    windows of ``_HEAD`` bytes from its start that hold one), as if none came later: a dump
    declares its prefixes at its head, and scanning every line for directives here took CPU
    from the workers (diverse-1m.ttl: some 30 ms of 0.6 s; validate -j 2 1.62-1.66x one
    process, 1.68-1.73x without). Once ``restated`` (a block ended in another state than the
    next was told), or from the start with ``follow``, the blocks after follow the
    directives starting a line before them (``turtle_cuts.guessed_directives``) from the
    head's end on, and ``run_blocks`` tells the blocks in flight their state again
    (``state_at``)."""

    def __init__(
        self, path: str, job: BlockTask, block: int | None = None, workers: int = 1, follow: bool = False
    ) -> None:
        self.path = path
        self.job = job
        self.block = BLOCK_SIZE if block is None else block
        self.workers = workers
        self.follow = follow
        self._directives = _Directives(job)
        self._read_to = 0  # directives before it are read

    def restated(self) -> None:
        """A block started from a state the guess did not give: follow every directive."""
        self.follow = True

    def state_at(self, offset: int) -> TurtleState | None:
        """The state at ``offset`` (a block's start), every directive starting a line before
        it followed; None if directives after it were read (in the head)."""
        if offset < self._read_to:
            return None
        if offset > self._read_to:
            with open(self.path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
                self._follow_to(data, offset)  # (its pages go with the map)
        return self._directives.state

    def _follow_to(self, data: mmap.mmap, end: int) -> None:
        _read_directives(data, self._read_to, end, self._directives)
        self._read_to = end

    def __iter__(self) -> Iterator[Block]:
        from .formats.turtle_cuts import guessed_cut

        total = os.path.getsize(self.path)
        count = max(1, -(-total // (self.block * self.workers))) * self.workers
        directives = self._directives
        start = number = 0
        state = directives.state
        if not total:
            yield Block(0, True, path=self.path, state=state)
            return
        with open(self.path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            self._read_to = 3 if data[:3] == b"\xef\xbb\xbf" else 0
            headed = False  # the head's directives all read
            for k in range(1, count):
                nominal = k * total // count
                if nominal <= start:
                    continue  # a long statement ran past this cut
                cut = guessed_cut(data, nominal, self.job.quads)
                if cut is None or cut >= total:
                    break
                yield self._block(number, start, cut, state)
                read_from = self._read_to
                if self.follow:
                    self._follow_to(data, cut)
                elif not headed:
                    self._read_to, headed = _read_head(data, read_from, cut, directives)
                # Each page of the map read stays counted in this process's resident memory
                # (212 MiB at the end of a 188 MB file) until it is let go of.
                _let_go(data, min(read_from, start), cut)
                start, number, state = cut, number + 1, directives.state
        yield self._block(number, start, total, state)

    def _block(self, number: int, start: int, end: int, state: TurtleState) -> Block:
        return Block(
            number,
            start == 0,
            path=self.path,
            offset=start,
            length=end - start,
            state=state,
            guessed=start > 0,
        )


#: Bytes of a Turtle file's head read for directives at a time; the head ends before the first
#: such window (ending at a line end) that holds none, after one that held some or after
#: ``_HEAD_FIRST`` bytes (a licence or description in comments before the prefixes).
_HEAD: Final = 1 << 16
_HEAD_FIRST: Final = 1 << 20


def _read_head(data: mmap.mmap, start: int, end: int, directives: _Directives) -> tuple[int, bool]:
    """Read the directives of ``data[start:end]`` a window at a time: where reading stopped,
    and whether the head ended there (see ``_HEAD``) or may go on after ``end``."""
    while start < end:
        stop = min(end, start + _HEAD)
        if stop < end:
            stop = data.rfind(b"\n", start, stop) + 1 or stop
        if not _read_directives(data, start, stop, directives) and (directives.met or stop >= _HEAD_FIRST):
            return stop, True
        start = stop
    return start, False


def _read_directives(data: mmap.mmap, start: int, end: int, directives: _Directives) -> bool:
    """Read the directives guessed at line starts in ``data[start:end]``; whether there were any."""
    from .formats.turtle_cuts import guessed_directives

    found = False
    for a, b in guessed_directives(data, start, end):
        directives.read(data[a:b].decode("utf-8", "replace"))
        found = True
    return found


def _let_go(data: mmap.mmap, start: int, end: int) -> None:
    """Drop the pages of ``data[start:end]`` from this process (the file's cache keeps them)."""
    page = mmap.PAGESIZE
    first = start // page * page
    if end > first and hasattr(data, "madvise"):
        data.madvise(mmap.MADV_DONTNEED, first, end - first)


def turtle_text_blocks(reader: ChunkReader, job: BlockTask, block: int | None = None) -> Iterator[Block]:
    """The Turtle or TriG text ``reader`` yields, gathered into blocks of about ``block``
    characters cut at statement boundaries (``turtle_file_blocks``'s, in text)."""
    block = BLOCK_SIZE if block is None else block
    held: list[str] = []

    def read(size: int) -> tuple[str, bool]:
        # A chunk at a time, as one process reads: a stream that breaks loses the chunk it
        # broke in, not all that one large read had gathered.
        got: list[str] = []
        while size > 0 and not reader.done:
            chunk = reader.read_more()
            held.append(chunk)
            got.append(chunk)
            size -= len(chunk)
        return "".join(got), reader.done

    start = number = 0
    state = _Directives(job).state
    try:
        for cut, next_state in turtle_cuts(read, job, lambda n: (n + 1) * block):
            text = "".join(held)
            # held starts at ``start``: the block is its first cut - start characters
            held[:] = [text[cut - start :]]
            yield Block(number, False, text=text[: cut - start], state=state)
            start, number, state = cut, number + 1, next_state
    except Exception:
        # A stream that breaks (as ``text_blocks``): the lines read before it are a block,
        # whose statement left open at its end is the break's (``_settled``), not an error.
        text = "".join(held)
        if text:
            yield Block(number, False, text=text, state=state)
        raise
    text = "".join(held)
    if text or number == 0:
        yield Block(number, False, text=text, state=state)


def turtle_cuts(
    read: Callable[[int], tuple[AnyStr, bool]],
    job: BlockTask,
    wanted: Callable[[int], int],
    bom: bool = False,
) -> Iterator[tuple[int, TurtleState]]:
    """Each cut, as an offset in the whole text ``read`` gives (a chunk ending at a line end
    and whether it is the last, given how much at least), the n-th at or after ``wanted(n)``,
    with the base and prefixes in force there."""
    from .formats.turtle_cuts import StatementCuts

    text, final = read(_CHUNK)
    scanner: StatementCuts[Any] = StatementCuts(job.quads, binary=isinstance(text, bytes))
    directives = _Directives(job)
    offset = number = 0  # offset: of text[0] in the whole text
    pos = 3 if bom and text.startswith(b"\xef\xbb\xbf") else 0  # type: ignore[arg-type]
    while True:
        while True:
            pos, cut = scanner.scan(text, pos, final, wanted(number) - offset)
            for a, b in scanner.directives:
                found = text[a:b]
                directives.read(found.decode("utf-8", "replace") if isinstance(found, bytes) else found)
            scanner.directives.clear()
            if cut is None:
                break
            while wanted(number) <= offset + cut:  # a statement ran past the next ones
                number += 1
            yield offset + cut, directives.state
        if final or scanner.unsure:
            return
        # Keep what the scanner has not finished, and at least as much again: linear overall.
        more, final = read(max(_CHUNK, pos and len(text) - pos))
        offset += pos
        text, pos = text[pos:] + more, 0


def run_blocks(
    job: BlockTask, parts: Iterable[Block], workers: int, executor: Executor | None = None
) -> Generator[BlockResult, None, None]:
    """Each part's result, in document order, its errors and warnings placed in the document.

    Stops after a result with ``fatal`` set. An error raised while producing the parts (a
    broken download, bad UTF-8 in text read here) is raised after the results of the parts
    before it; a worker that cannot read its range, or dies, raises OSError. Closing the
    iterator early cancels the blocks not started. ``workers=1`` parses the parts one after
    the other in this process (the tests' way to try many cuttings). Turtle and TriG blocks
    are checked against the one before them and parsed again here if need be (see above).
    ``executor``: a pool of ``workers`` processes to use (left running) instead of a new one.
    """
    queue = _Queue(job, parts, workers, executor)
    try:
        lines = 0
        state: TurtleState | None = None  # Turtle: the state the last block ended in
        while queue.pending:
            part, future = queue.pending.popleft()
            try:
                done = future.result()
            except BrokenExecutor as e:  # a worker killed (out of memory, a signal)
                raise OSError(f"a worker process ended abruptly: {e}") from None
            queue.submit()
            if job.turtle:
                done = _settled(job, part, done, state, queue.following, queue.broken)
                state = done.state
                if isinstance(parts, TurtleFileBlocks) and not parts.follow and queue.told_otherwise(state):
                    parts.restated()  # a directive after the head: followed from now on
                    queue.restated(parts.state_at)
            if lines:
                done.errors = [e.moved(lines) for e in done.errors]
                done.warnings = [w.moved(lines) for w in done.warnings]
                if done.fatal is not None and is_parse_error(done.fatal):
                    done.fatal = done.fatal.moved(lines)
            lines += done.lines
            if job.task == "statements":
                done.output = pickle.loads(done.output)
            yield done
            if done.fatal is not None:
                return
        if queue.failure is not None:
            raise queue.failure
    finally:
        queue.close()


class _Queue:
    """The parts submitted to the pool and not handed on yet, in document order; at most
    ``workers * _AHEAD`` of them. ``failure``: an error raised while producing the parts."""

    def __init__(
        self, job: BlockTask, parts: Iterable[Block], workers: int, executor: Executor | None
    ) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self.job = job
        self.produced = iter(parts)
        self.pending: deque[tuple[Block, Future[BlockResult]]] = deque()
        self.failure: BaseException | None = None
        self.own = executor is None
        self.marks = 0  # tasks given a mark in _ABANDONED
        if executor is not None:
            self.pool: Executor = executor
        elif workers == 1:
            self.pool = _InProcess()
        else:
            _before_fork(job)
            _share_marks(job)
            self.pool = ProcessPoolExecutor(workers, mp_context=_context())
            # Started now, the workers compile the patterns their blocks need (a tenth of a
            # second) while this process finds the first block, not after.
            for _ in range(workers):
                self.pool.submit(_warm_up, job)
        for _ in range(workers * _AHEAD):
            self.submit()

    def submit(self) -> None:
        if self.failure is not None:
            return
        try:
            part = next(self.produced, None)
        except Exception as e:  # raised in order, once the blocks before it are handed on
            self.failure = e
            return
        if part is not None:
            self.pending.append(self._submitted(part))

    def _submitted(self, part: Block) -> tuple[Block, Future[BlockResult]]:
        if self.job.turtle and _ABANDONED is not None:
            self.marks += 1
            part = part._replace(mark=self.marks % _MARKS)
            _ABANDONED[part.mark] = 0
        return part, self.pool.submit(_do_block_packed, self.job, part)

    def restated(self, state_at: Callable[[int], TurtleState | None]) -> None:
        """The blocks in flight told the state they start in (``state_at`` their offset, if
        known): each told another one is dropped and submitted again, unless it reads alike
        from both (``_redeclared``; ``_carried`` keeps such a result). Parsed again here, as
        the check would, they took a core from the workers: a document binding a prefix anew
        midway had every block in flight parsed again (-j 2 slower than one process on 36 MB)."""
        for i, (part, future) in enumerate(self.pending):
            state = state_at(part.offset)
            if (
                state is None
                or part.state == state
                or (part.state is not None and _redeclared(part.state, state, part) is not None)
            ):
                continue
            _drop(future, part)
            self.pending[i] = self._submitted(part._replace(state=state))

    def told_otherwise(self, state: TurtleState | None) -> bool:
        """Whether the next block in flight was told to start from another state."""
        return bool(self.pending) and self.pending[0][0].state != state

    def broken(self) -> bool:
        """Whether producing the parts failed (a stream that broke): no more will come."""
        return self.failure is not None

    def following(self) -> Block | None:
        """The next part, taken from the queue (its result is dropped) or from the parts."""
        if not self.pending:
            self.submit()
        if not self.pending:
            return None
        part, future = self.pending.popleft()
        _drop(future, part)
        self.submit()
        return part

    def close(self) -> None:
        if self.own:
            self.pool.shutdown(wait=True, cancel_futures=True)
            return
        for _, future in self.pending:  # the caller's pool: what is not started goes
            future.cancel()
        wait([future for _, future in self.pending])


def _settled(
    job: BlockTask,
    part: Block,
    done: BlockResult,
    state: TurtleState | None,
    following: Callable[[], Block | None],
    broken: Callable[[], bool] = lambda: False,
) -> BlockResult:
    """A Turtle or TriG block's result once its cuts are checked: parsed again here from
    ``state`` (the one the block before ended in) if it started from another, and joined to
    the blocks after it, and parsed again, while it does not end clean. The last block
    before a stream ``broken`` ends where the break is: what it reported after its end (a
    statement left open) is dropped, as one process stops at the break."""
    # The block before ended clean: this block's start is a boundary, whatever was guessed,
    # and every parse of it here reads on past a run of errors at its start (``guessed``).
    part = part._replace(guessed=False)
    if state is not None and part.state != state:
        guessed, part = part.state, part._replace(state=state)
        ended = _carried(guessed, state, part, done)
        if ended is None:
            _discard(done)
            done = _do_block_packed(job, part)
        else:
            done.state = ended
    if done.doubtful:
        _discard(done)
        done = _do_block_packed(job, part)
    # Joined one block, then two, four...: cuts that keep falling inside statements (long
    # strings whose lines end in '.') cost a few parses, not one for each block joined
    # (quadratic: 35 s against 1.2 s for one process on a file of long literals).
    take = 1
    while not done.clean:
        joined = 0
        while joined < take and (after := following()) is not None:
            part = _joined(part, after)
            joined += 1
        if not joined:  # the document ends here: its end is no cut
            if broken() and done.ended is not None:
                errors, warnings = done.ended
                del done.errors[errors:], done.before[errors:], done.warnings[warnings:]
                done.fatal = None  # if any, raised after the end: nothing before it stopped
                done.clean = True
            break
        _discard(done)
        done = _do_block_packed(job, part)
        take *= 2
    return done


def _carried(
    guessed: TurtleState | None, state: TurtleState, part: Block, done: BlockResult
) -> TurtleState | None:
    """The state the parse of ``part`` from ``guessed`` (``done``) would have ended in had it
    started from ``state``, when nothing else would differ (else None; see ``_redeclared``).
    The end: ``state``, with what the block's directives set over it, in the order a parse
    from ``state`` declares them."""
    if done.state is None or done.errors or done.fatal is not None or done.doubtful or guessed is None:
        return None
    declared = _redeclared(guessed, state, part)
    told, ended = dict(guessed[1]), dict(done.state[1])
    # Text that looks like a directive (in a long string) may be one: declared for sure only
    # where the parse bound the prefix anew.
    if declared is None or any(ended.get(name) == told[name] for name in declared):
        return None
    end = {
        name: ended.get(name, iri) if name in declared or told.get(name, iri) == iri else iri
        for name, iri in state[1]
    }
    end.update((k, v) for k, v in ended.items() if k not in end and (k not in told or k in declared))
    return done.state[0], tuple(end.items())


def _redeclared(guessed: TurtleState, state: TurtleState, part: Block) -> set[str] | None:
    """Whether ``part`` parsed from ``guessed`` reads as from ``state``, unless the parse met
    an error (a prefix only ``state`` binds would have been one where used): None if not,
    else the prefixes ``guessed`` binds otherwise than ``state`` (or ``state`` lacks) that
    the block declares itself. It does if the base is the same and each such prefix's name
    and ':' occur in the block only as declared (``PREFIX name:`` at a line's start), if at
    all. Files joined into one, each part declaring its own prefixes, then cost no block
    parsed again."""
    if guessed[0] != state[0]:
        return None
    bound = dict(state[1])
    names = [name for name, iri in guessed[1] if bound.get(name) != iri]
    if not names:
        return set()
    if part.path is None:
        text = part.data if part.data is not None else (part.text or "").encode()
        return _declared(text, 0, len(text), names)
    with open(part.path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
        return _declared(data, part.offset, part.offset + part.length, names)  # (its pages go with the map)


# Before a prefix's name in a directive that declares it, at a line's start.
_DECLARING: Final = re.compile(rb"[\r\n][ \t]*@?(?i:prefix)[ \t]+\Z")


def _declared(text: bytes | mmap.mmap, start: int, end: int, names: list[str]) -> set[str] | None:
    """Those of ``names`` that ``text[start:end]`` declares, if their ``name:`` is nowhere
    else in it (else None)."""
    declared: set[str] = set()
    for name in names:
        needle = f"{name}:".encode()
        at = text.find(needle, start, end)
        while at >= 0:
            low = max(start, at - 40)
            before = text[low:at] if low > start else b"\n" + text[low:at]  # a block starts a line
            if _DECLARING.search(before) is None:
                return None
            declared.add(name)
            at = text.find(needle, at + 1, end)
    return declared


def _joined(part: Block, after: Block) -> Block:
    """``part`` and the block ``after`` it as one block."""
    if part.text is not None or after.text is not None:
        return part._replace(text=(part.text or "") + (after.text or ""))
    if part.data is not None:
        return part._replace(data=part.data + (after.data or b""))
    return part._replace(length=part.length + after.length)


def _discard(done: BlockResult) -> None:
    """Forget a result parsed again: its scratch file goes."""
    if isinstance(done.output, str):
        os.unlink(done.output)


def _drop(future: Future[BlockResult], part: Block) -> None:
    """Forget a block's result: cancelled, or abandoned by its worker (``_ABANDONED``) and its
    scratch file removed."""
    if future.cancel():
        return
    if part.mark >= 0 and _ABANDONED is not None:
        _ABANDONED[part.mark] = 1

    def remove(f: Future[BlockResult]) -> None:
        try:
            _discard(f.result())
        except Exception:
            pass

    future.add_done_callback(remove)


class _InProcess(Executor):
    """An executor that runs each task when it is submitted."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


#: A byte for each of the last ``_MARKS`` Turtle and TriG blocks submitted (``Block.mark``),
#: set when this process drops the block's result, in memory the workers forked after it
#: share: a worker then stops reading the block at its next chunk. A block told a start
#: state found wrong went on to its end before the worker took the block again (diverse
#: data whose prefix is bound anew midway: -j 2 0.81 s against 0.53 s).
_ABANDONED: mmap.mmap | None = None
_MARKS: Final = 4096


def _share_marks(job: BlockTask) -> None:
    global _ABANDONED
    if job.turtle and _ABANDONED is None:
        _ABANDONED = mmap.mmap(-1, _MARKS)


class _Abandoned(Exception):
    """The parent dropped the result of the block being read (``_ABANDONED``)."""


def _before_fork(job: BlockTask) -> None:
    """Import the reader every block of ``job`` needs, and rdflib with it, before the workers
    fork: they inherit it, where each would import rdflib itself (55 ms of a core each, on
    diverse-1m.ttl 0.78 s against 0.73 s for validate -j 2). A validation needs no rdflib
    (a worker validating lines imports it only for a line its regexes do not take, and one
    validating Turtle or TriG for a warning or an error)."""
    if job.task == "validate":
        if job.turtle:
            from .formats import validate_turtle  # noqa: F401
    elif job.turtle:  # the lines written as N-Triples: the line parser, with rdflib's terms
        from .formats import lines, terms, turtle  # noqa: F401
    else:
        from .formats import lines  # noqa: F401


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
    if part.mark >= 0 and _ABANDONED is not None and _ABANDONED[part.mark]:
        return done  # dropped before it started (the first chunk is read unasked)
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
    at_end: list[tuple[int, int]] = []  # Turtle: what was reported when the block's end was met
    if job.turtle:
        reader: ChunkReader = _BlockReader(
            stream,
            job.name,
            part.at_start,
            lambda: at_end.append((len(done.errors), len(done.warnings))),
            part.mark,
        )
    else:
        reader = ChunkReader(stream, job.name, at_start=part.at_start)
    on_error = done.errors.append if job.skip else None
    if on_error is not None and (part.guessed or job.max_errors):
        on_error = _collecting(done.errors, part.guessed, job.max_errors)
    try:
        with paused_gc():  # a block's objects are all in use or garbage by refcount
            done = _do_task(job, part, reader, on_error, done)
    except _Doubtful:
        done.doubtful = True
    except _Abandoned:  # its result is dropped unseen
        pass
    except _Enough:  # the caller stops at the last of them
        pass
    finally:
        stream.close()
    done.lines = reader.lines_read
    if at_end:  # a fatal error before the end depends on nothing after it: clean
        done.ended = at_end[0]
        done.clean = done.fatal is None and at_end[0] == (len(done.errors), len(done.warnings))
    return done


class _Doubtful(Exception):
    """A guessed block's start read as a run of errors (see ``_DOUBTFUL_ERRORS``)."""


class _Enough(Exception):
    """A block's errors reached its task's ``max_errors``."""


def _collecting(errors: list[ParseError], guessed: bool, most: int) -> Callable[[ParseError], None]:
    """``errors.append``, raising _Doubtful at a run of errors at a ``guessed`` block's
    start, and _Enough at the ``most``-th error (0: none)."""

    def append(e: ParseError) -> None:
        errors.append(e)
        if guessed and len(errors) >= _DOUBTFUL_ERRORS and e.lineno <= 2 * _DOUBTFUL_ERRORS:
            raise _Doubtful
        if len(errors) == most:
            raise _Enough

    return append


class _BlockReader(ChunkReader):
    """A Turtle or TriG block's reader, which says that the text ends only when the parser asks
    for more than the block holds: up to then the block's end is to the parser what any
    chunk's end is, so what it reports after asking (``at_end`` is called then) is about a
    statement the block leaves open, and nothing if none is."""

    def __init__(
        self,
        stream: IO[bytes] | IO[str],
        name: str,
        at_start: bool,
        at_end: Callable[[], None],
        mark: int = -1,
    ) -> None:
        super().__init__(stream, name, at_start=at_start)
        self._past_end = False
        self._at_end = at_end
        self._mark = mark

    @property
    def done(self) -> bool:
        return self._past_end

    def read_more(self, at_least: int = 0) -> str:
        if self._mark >= 0 and _ABANDONED is not None and _ABANDONED[self._mark]:
            raise _Abandoned
        if not super().done:
            return super().read_more(at_least)
        if not self._past_end:
            self._past_end = True
            self._at_end()
        return ""


def _do_task(
    job: BlockTask, part: Block, reader: ChunkReader, on_error: Any, done: BlockResult
) -> BlockResult:
    from .edge.readers import make_parser, make_validator

    reading: Any = None  # the validator or parser, whose end state a Turtle block gives
    try:
        if job.task == "validate":
            reading = make_validator(
                job.fmt,
                job.base,
                warn=done.warnings.append if job.warn else None,
                version=version_arg(job.version),
                shared=True,
            )
            _start(reading, part)
            if on_error is not None:
                on_error = _counting(on_error, reading, done.before)
            done.count = reading.check(reader, on_error)
        elif job.task == "statements":
            version, scope = version_arg(job.version), f"{part.number}_"
            reading = make_parser(job.fmt, job.base, prefix=job.prefix, scope=scope, version=version)
            _start(reading, part)
            done.output = []
            for batch in reading.batches(reader, on_error):
                done.output += batch  # as parsed: those before a first error are handed on
        else:
            reading = _converter(job, part)
            _start(reading, part)
            out = io.BytesIO()
            done.count = reading.convert(reader, out, on_error)
            done.output = out.getvalue()
    except SyntaxError as e:  # a ParseError is one
        if not is_parse_error(e):
            raise
        done.fatal = e
        if job.task == "validate" and reading is not None:
            done.count = reading.statements  # those before it, as one process counts them
    except ValueError as e:  # a SerializeError: a named graph written as N-Triples
        done.fatal = e
    if job.task == "statements":
        done.count = len(done.output)  # with those before a first error
    if job.turtle:
        done.state = _state_of(reading)
    return done


def _counting(on_error: Any, validator: Any, before: list[int]) -> Any:
    """``on_error``, recording for each error how many valid statements came before it."""

    def counted(e: ParseError) -> None:
        before.append(validator.statements)
        on_error(e)

    return counted


def _start(reading: Any, part: Block) -> None:
    """A Turtle or TriG reader set to the base and prefixes in force at its block's start."""
    if part.state is not None:
        reading.start_in(*part.state)


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


# Statements of the commonest shapes: in the line formats (N-Quads' default graph), and in
# Turtle (TriG's default graph).
_WARM_UP_LINES: Final = "".join(
    f"{s} <http://example/p> {o} .\n" * 3
    for s in ("<http://example/s>", "_:b")
    for o in ('"o"@en', "<http://example/o>", '"1"^^<http://www.w3.org/2001/XMLSchema#integer>', '"\\u00e9"')
)
_WARM_UP_TURTLE: Final = (
    "@prefix ex: <http://example/> .\n"
    'ex:s a ex:C ; ex:p "o"@en , "1"^^ex:t , 1 , true , _:b , <o> ;\n'
    '  ex:q [ ex:p ex:o ] , ( ex:o ) , "\\u00e9" , """x""" .\n'
)


def _warm_up(job: BlockTask) -> None:
    """A worker's first task: one small block of the job's kind, for the patterns that are
    compiled when first used (what the parent does meanwhile, reading a stream's first block,
    can take a second); its result is dropped. Only what any document of the format needs:
    a Turtle block is parsed, not validated (the validator's run regex is compiled for the
    prefixes a document declares, which the sample's are not), a validator's by its parser."""
    if job.turtle and job.task == "validate":
        _warm_up_validator(job)
        return
    text = _WARM_UP_TURTLE if job.turtle else _WARM_UP_LINES
    do_block(job._replace(scratch=None, skip=True, base="http://example/"), Block(-1, True, text=text))


def _warm_up_validator(job: BlockTask) -> None:
    """A Turtle or TriG validator's worker reads the sample with its parser alone, on the
    validator's terms: parsing it into rdflib terms would import rdflib (55 ms of a core;
    a validation needs it for no valid statement), and no run regex is compiled for the
    sample's prefixes."""
    from .edge.readers import make_validator

    validator = make_validator(job.fmt, "http://example/", version=version_arg(job.version), runs=False)
    validator.check(ChunkReader(io.StringIO(_WARM_UP_TURTLE), job.name))


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


def write_output(done: BlockResult, out: IO[bytes]) -> int:
    """Write a converted block to ``out``: its bytes, or the scratch file it was left in
    (then removed), with ``os.sendfile`` when ``out`` is a plain file or pipe; how many."""
    if not isinstance(done.output, str):
        return out.write(done.output)
    with open(done.output, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if isinstance(out, (io.BufferedWriter, io.FileIO)) and hasattr(os, "sendfile"):
            out.flush()  # what was written before goes first
            sent = 0
            while sent < size:
                sent += os.sendfile(out.fileno(), f.fileno(), sent, size - sent)
        else:  # a compressor, a BytesIO: through Python
            shutil.copyfileobj(f, out, 1 << 20)
    os.unlink(done.output)
    return size


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


def _converter(job: BlockTask, part: Block) -> Converter:
    """The block's converter to N-Triples or N-Quads: lines written as N-Triples copied as they
    are, every other statement parsed and written (the serial path's way); each label as read,
    after the input's tag."""
    from .edge.readers import make_converter

    to = "nquads" if job.with_graphs else "ntriples"
    version = version_arg(job.version)
    return make_converter(job.fmt, to, job.prefix, job.tag, version, base=job.base, scope=f"{part.number}_")
