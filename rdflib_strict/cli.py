"""``rdflib-strict``: validate and convert N-Triples, N-Quads, Turtle and TriG from the shell.

    rdflib-strict validate FILE... [-f FORMAT] [--max-errors N] [--quiet] [--report text|sarif]
    rdflib-strict convert IN... [-t FORMAT] [-o FILE] [-f FORMAT] [--canonical] [--ascii] [--base IRI]
    rdflib-strict shacl DATA... --shapes SHAPES [-f FORMAT] [--report text|sarif]
    rdflib-strict diff FIRST SECOND [-f FORMAT] [--report text|patch|sarif]
    rdflib-strict fmt FILE... [--check] [--diff] [--prune-prefixes] [-f FORMAT]

Data (convert's output, a SARIF log) goes to stdout, diagnostics to stderr. Exit status: 0 all
valid, 1 some input invalid, 2 usage or I/O error.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import signal
import stat
import sys
import time
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, Final, NoReturn

from . import __version__
from .cores import worker_count
from .edge.readers import Converter, StatementParser, make_converter, make_parser, make_validator
from .edge.source import OpenedSource, accept_header, is_url, open_output, open_source
from .formats.line_loop import LineLoop
from .formats.table import FORMATS, format_for
from .syntax.iri import iri_error, is_absolute
from .syntax.kinds import is_source_error
from .syntax.reader import OnError, document_prefix
from .syntax.shown import visible
from .syntax.version import RdfVersion, version_arg
from .syntax.wording import plural

# What loads rdflib (60 ms: half of a validate of a small file) is imported where it is used:
# validate of a valid N-Triples or N-Quads document never needs it (syntax/kinds.py).
if TYPE_CHECKING:
    from . import parallel  # loaded when -j asks for more than one process
    from .formats.terms import Statement
    from .sarif import Finding, Level, Notification, Rule
    from .syntax.errors import ParseError

_PROGRESS_MIN_BYTES = 4 << 20


class _UsageError(Exception):
    pass


class _Progress:
    """A byte stream wrapper that draws a progress line on stderr (terminals only): share
    done, rate and time left. ``clear()`` wipes it so that a report can be printed; the next
    read draws it again."""

    def __init__(self, stream: IO[bytes], name: str, total: int) -> None:
        self._stream = stream
        self._name = name
        self._total = total
        self._done = 0
        self._start = time.monotonic()
        self._next = 0.0

    def read(self, size: int = -1) -> bytes:
        data = self._stream.read(size)
        self.advance(len(data))
        return data

    def advance(self, size: int) -> None:
        """Count ``size`` more bytes done (read here, or by a parallel parse's worker)."""
        self._done += size
        now = time.monotonic()
        if now >= self._next:
            self._next = now + 0.2
            sys.stderr.write("\r" + _progress_line(self._name, self._done, self._total, now - self._start))
            sys.stderr.flush()

    def clear(self) -> None:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
        self._next = 0.0

    def finish(self) -> None:
        self.clear()


def _progress_line(name: str, done: int, total: int, elapsed: float) -> str:
    """``name: [#####     ] 45.0% 55.0/122.0 MB, 12.3 MB/s, 0:05 left``

    >>> _progress_line("d.nt", 50_000_000, 100_000_000, 4.0)
    'd.nt: [##########          ]  50.0% 50.0/100.0 MB, 12.5 MB/s, 0:04 left'
    """
    pct = 100.0 * done / total if total else 100.0
    rate = done / elapsed if elapsed > 0 else 0.0
    left = f"{_clock((total - done) / rate)} left" if rate > 0 and done < total else "--:-- left"
    bar = "#" * int(pct / 5)
    return (
        f"{name}: [{bar:<20}] {pct:5.1f}% {done / 1e6:,.1f}/{total / 1e6:,.1f} MB,"
        f" {rate / 1e6:,.1f} MB/s, {left}"
    )


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


class _Input:
    """An input opened for a command: the source, its format and its progress bar (if one
    is drawn). A URL is asked for the format given, and its media type names the format
    when neither the option nor the URL's extension does."""

    def __init__(self, path: str, args: argparse.Namespace, option: str = "format") -> None:
        given: str | None = getattr(args, option)  # canonical already (_format_name)
        flag = _flag(option)
        self.progress: _Progress | None = None
        self.opened = self._open(path, args.quiet, given)
        if path == "-" and given is None:
            self.close()
            raise _UsageError(_stdin_has_no_name(flag))
        try:
            self.fmt = format_for(given, path, self.opened.content_type, option=f"{flag} ({_NAMES})")
        except ValueError as e:
            self.close()
            raise _UsageError(f"{path}: {e}") from None

    def _open(self, path: str, quiet: bool, fmt: str | None) -> OpenedSource:
        def with_progress(f: IO[bytes]) -> IO[bytes] | _Progress:
            size = os.fstat(f.fileno()).st_size
            if size < _PROGRESS_MIN_BYTES:
                return f
            self.progress = _Progress(f, path, size)
            return self.progress

        try:
            if path == "-":  # its codec too (zstd input without a zstd module: a SourceError)
                return open_source(sys.stdin.buffer, name="<stdin>")
            return open_source(
                path,
                wrap=None if quiet or not sys.stderr.isatty() else with_progress,
                accept=accept_header(fmt),
            )
        except OSError as e:
            raise _UsageError(f"{path}: cannot read: {e.strerror}") from None
        except SyntaxError as e:  # a SourceError (a failed download): said as a usage error
            if not is_source_error(e):
                raise
            raise _UsageError(str(e)) from None

    def close(self) -> None:
        if self.progress is not None:
            self.progress.finish()
        self.opened.close()


_NAMES = ", ".join(FORMATS)


def _stdin_has_no_name(flag: str) -> str:
    return f"-: stdin has no file name to tell its format by: give {flag} ({_NAMES})"


def _flag(dest: str) -> str:
    """The option that sets ``dest``: ``--shapes-format`` for ``shapes_format``."""
    return "--" + dest.replace("_", "-")


def _format_name(value: str) -> str:
    """argparse's ``type`` for a format option: the canonical name of a format as people write
    it (``N-Triples``, ``nq``, ``text/turtle``), or an error listing the names (api.format_for)."""
    try:
        return format_for(value)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _at_least(least: int, meaning: str = "") -> Callable[[str], int]:
    """argparse's ``type`` for a count option: an int of at least ``least``, else a usage error
    (``-j -1`` reached worker_count and ended in a traceback)."""

    def count(value: str) -> int:
        try:
            n = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more{meaning}, not {n}")
        return n

    return count


class _TooMany(Exception):
    """``--max-errors`` reached."""


class _Sarif:
    """``validate --report sarif``: every file's errors, warnings and notes, written as one
    SARIF log at the end (stdout holds nothing else)."""

    def __init__(self) -> None:
        self.sources: list[str] = []
        self.findings: list[Finding] = []
        self.notifications: list[Notification] = []
        self._source = ""

    def begin(self, path: str) -> None:
        """The next results are about FILE ``path`` ('-': stdin, named ``<stdin>``; a file
        named like that is ``./<name>``)."""
        if path == "-":
            path = "<stdin>"
        elif path.startswith("<") and path.endswith(">"):
            path = os.path.join(os.curdir, path)
        self._source = path
        self.sources.append(path)

    def add(self, e: ParseError, level: Level) -> None:
        from .error_rules import finding

        self.findings.append(finding(e, level, self._source))

    def note(self, text: str, level: Level = "note") -> None:
        from .sarif import Notification

        self.notifications.append(Notification(text, level, self._source))

    def write(self, status: int) -> None:
        from .error_rules import PARSE_RULES

        _print_sarif(
            PARSE_RULES,
            self.findings,
            sources=self.sources,
            notifications=self.notifications,
            exit_code=status,
            successful=status != 2,  # 2: a file could not be read
        )


def _print_sarif(
    rules: Sequence[Rule],
    findings: Sequence[Finding],
    sources: Sequence[str],
    exit_code: int,
    notifications: Sequence[Notification] = (),
    successful: bool = True,
) -> None:
    """``--report sarif``: one SARIF log of this tool's run on stdout, nothing else there."""
    from .sarif import sarif_log

    log = sarif_log(
        "rdflib-strict",
        __version__,
        rules,
        findings,
        sources=sources,
        notifications=notifications,
        exit_code=exit_code,
        successful=successful,
    )
    import json

    json.dump(log, sys.stdout, indent=2)
    print(flush=True)


class _Report:
    """Prints one file's errors and warnings the moment they are found (the progress line is
    cleared first), or adds them to the SARIF log, counts them, and stops the parse at
    ``--max-errors`` errors."""

    def __init__(
        self, args: argparse.Namespace, progress: _Progress | None, name: str, sarif: _Sarif | None = None
    ) -> None:
        self._args = args
        self._progress = progress
        self._name = name
        self._sarif = sarif
        self.errors = 0
        self.warnings = 0
        self.unreadable = False
        #: -j: the valid statements before the error being reported (before the stop, if
        #: it stops the file).
        self.counted = 0

    def error(self, e: ParseError) -> None:
        self.errors += 1
        self.print(e)
        if self.errors >= self._args.max_errors:
            raise _TooMany

    def warning(self, w: ParseError) -> None:
        self.warnings += 1
        if self.warnings <= self._args.max_errors:
            self.print(w, "warning")

    def print(self, e: ParseError, level: Level = "error") -> None:
        if self._sarif is not None:
            self._sarif.add(e, level)
            return
        if self._progress is not None:
            self._progress.clear()
        print(str(e).split("\n", 1)[0] if self._args.quiet else str(e), file=sys.stderr, flush=True)

    def note(self, text: str) -> None:
        """A line about the file as a whole (not with --quiet); in SARIF, a notification."""
        if self._sarif is not None:
            self._sarif.note(text)
        elif not self._args.quiet:
            print(f"{self._name}: {text}", file=sys.stderr, flush=True)


def _validate_one(path: str, args: argparse.Namespace, sarif: _Sarif | None = None) -> tuple[int, _Report]:
    source = _Input(path, args)
    fmt, opened = source.fmt, source.opened
    report = _Report(args, source.progress, opened.name, sarif)
    warn = report.warning if args.warn_ill_typed else None
    count = 0
    workers = worker_count(args.jobs)
    base = opened.base if args.base is None else args.base
    validator = None
    try:
        if workers > 1:
            count = _validate_blocks(source, base, workers, report, warn, args.rdf_version, args.max_errors)
        else:
            validator = make_validator(fmt, base, warn, args.rdf_version)
            count = validator.check(opened.reader, report.error)
    except _TooMany:
        count = report.counted if validator is None else validator.statements
        report.note(f"stopped after {plural(args.max_errors, 'error')} (--max-errors)")
    except (OSError, SyntaxError) as e:  # ParseError is a SyntaxError: imported only now
        from .syntax.errors import ParseError, SourceError

        count = report.counted if validator is None else validator.statements  # read before
        if isinstance(e, SourceError):  # the input broke off: not a verdict on the document
            report.unreadable = True
            report.print(e)
        elif isinstance(e, OSError):  # a read failing midway (a vanished file, a -j worker killed)
            report.unreadable = True
            report.print(SourceError.reading(f"cannot read: {e}", opened.name))
        elif isinstance(e, ParseError):  # an error the parser cannot resume after (bad UTF-8, ...)
            with contextlib.suppress(_TooMany):
                report.error(e)
        else:
            raise
    finally:
        source.close()
    if report.warnings > args.max_errors:
        report.note(f"{plural(report.warnings - args.max_errors, 'more warning')} not shown")
    return count, report


def _in_workers(
    source: _Input, job: parallel.BlockTask, workers: int
) -> Generator[parallel.BlockResult, None, None]:
    """``source``'s block results in document order, the progress line moved by each (where
    the workers read the file themselves; text read here moves it as it is read)."""
    from . import parallel

    ranges = source.opened.path is not None
    # Closed when this is: no worker goes on (nor writes into a scratch directory) after.
    with contextlib.closing(
        parallel.run_blocks(job, parallel.blocks_of(source.opened, workers, job), workers)
    ) as results:
        for done in results:
            if ranges and source.progress is not None:
                source.progress.advance(done.size)
            yield done


def _validate_blocks(
    source: _Input,
    base: str | None,
    workers: int,
    report: _Report,
    warn: Any,
    version: RdfVersion,
    max_errors: int,
) -> int:
    from . import parallel

    form = FORMATS[source.fmt]
    job = parallel.BlockTask(
        "validate",
        form.has_graphs,
        source.opened.name,
        document_prefix(),
        skip=True,
        warn=warn is not None,
        turtle=not form.line_based,
        base=base,
        version=version.value,
        max_errors=max_errors,
    )
    count = 0
    for done in _in_workers(source, job, workers):
        # In document order, as one process finds them: by position, an error before a
        # warning on the same literal.
        found = [(e.lineno, e.colno, 0, n, e) for e, n in zip(done.errors, done.before, strict=True)]
        found += [(w.lineno, w.colno, 1, 0, w) for w in done.warnings]
        for _, _, is_warning, before, e in sorted(found, key=lambda item: item[:3]):
            if is_warning:
                report.warning(e)
            else:
                report.counted = count + before
                report.error(e)
        count += done.count
        report.counted = count
        if done.fatal is not None:
            raise done.fatal
    return count


def _cmd_validate(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    invalid = 0
    statements = 0
    error_count = 0
    warning_count = 0
    unreadable = 0
    sarif = _Sarif() if args.report == "sarif" else None
    for path in args.files:
        if sarif is not None:
            sarif.begin(path)
        try:
            count, report = _validate_one(path, args, sarif)
        except _UsageError as e:  # cannot open this one: say so, check the others
            print(f"rdflib-strict: {e}", file=sys.stderr, flush=True)
            if sarif is not None:
                sarif.note(str(e), "error")
            unreadable += 1
            continue
        statements += count
        warning_count += report.warnings
        if report.unreadable:
            unreadable += 1
        elif report.errors:
            invalid += 1
            error_count += report.errors
        elif not args.quiet and len(args.files) > 1 and sarif is None:
            print(f"{path}: valid, {plural(count, 'statement')}", file=sys.stderr, flush=True)
    if not args.quiet:
        files = len(args.files)
        elapsed = time.perf_counter() - start
        print(
            f"{plural(files, 'file')} checked: {files - invalid - unreadable} valid,"
            f" {invalid} invalid{f', {unreadable} unreadable' if unreadable else ''}"
            f" ({plural(error_count, 'error')}, {plural(warning_count, 'warning')});"
            f" {plural(statements, 'statement')} in {elapsed:.2f} s",
            file=sys.stderr,
        )
    status = 2 if unreadable else 1 if invalid else 0
    if sarif is not None:
        sarif.write(status)
    return status


def _statements(
    parser: StatementParser, opened: OpenedSource, on_error: OnError | None
) -> Iterator[Statement]:
    from .edge.sink import paused_batches

    for batch in paused_batches(parser.batches(opened.reader, on_error)):
        yield from batch


class _Rejects:
    """``convert --skip-invalid``: each bad statement's error goes to stderr and, with
    ``--rejects FILE``, its original text to FILE after a ``# SOURCE:LINE:COL: message`` line,
    so the file can be fixed and converted again. From Turtle and TriG, the ``@base`` and
    ``@prefix`` directives in force are written before the first statement that needs them
    (a statement skipped inside a TriG graph block is written without its block)."""

    def __init__(self, path: str | None) -> None:
        self.count = 0
        # The input being read's parser and progress line.
        self.parser: StatementParser | Converter | None = None
        self.progress: _Progress | None = None
        self._out: IO[str] | None = None if path is None else open(path, "w", encoding="utf-8", newline="")
        self._base: str | None = None
        self._prefixes: dict[str, str] = {}

    def __call__(self, e: ParseError) -> None:
        self.count += 1
        where = f"{visible(e.filename)}:{e.lineno}:{e.colno}: {visible(e.msg)}"
        if self.progress is not None:
            self.progress.clear()
        print(f"skipped {where}", file=sys.stderr, flush=True)  # with -q too: it is the report
        if self._out is not None:
            text = e.skipped
            if text and text[-1] not in "\r\n":
                text += "\n"
            self._out.write(f"{self._directives()}# {where}\n{text}")

    def _directives(self) -> str:
        """The directives in force that the rejects file has not declared yet (Turtle, TriG)."""
        parser = self.parser
        if parser is None or isinstance(parser, LineLoop):
            return ""
        lines = []
        if parser.base is not None and parser.base != self._base:
            self._base = parser.base
            lines.append(f"@base <{parser.base}> .\n")
        for prefix, namespace in parser.prefixes.items():
            if self._prefixes.get(prefix) != namespace:
                self._prefixes[prefix] = namespace
                lines.append(f"@prefix {prefix}: <{namespace}> .\n")
        return "".join(lines)

    def close(self) -> None:
        if self._out is not None:
            self._out.close()


def _target(args: argparse.Namespace) -> str:
    """``--to``, else the format ``-o``'s file name names (``out.nq.gz``: N-Quads)."""
    if args.to is not None:
        return str(args.to)
    if args.output in (None, "-"):
        raise _UsageError(
            f"give the output format: --to ({_NAMES}), or -o FILE with an extension that names it"
            " (.nt, .nq, .ttl, .trig)"
        )
    try:
        return format_for(None, args.output)
    except ValueError:
        raise _UsageError(
            f"{args.output}: cannot tell the output format from its extension: give --to ({_NAMES})"
        ) from None


def _check_inputs(args: argparse.Namespace) -> None:
    """Before a byte is written: every local input exists and has a format (stdin given once:
    ``_parse``). (Nothing is opened: a named pipe stays for its turn; so is a URL.)"""
    for path in args.inputs:
        if path == "-" and args.format is None:
            raise _UsageError(_stdin_has_no_name("--format"))
        if path == "-" or is_url(path):
            continue
        try:
            mode = os.stat(path).st_mode
        except OSError as e:
            raise _UsageError(f"{path}: cannot read: {e.strerror}") from None
        if stat.S_ISDIR(mode):
            raise _UsageError(f"{path}: cannot read: {os.strerror(errno.EISDIR)}")
        if args.format is None:
            try:
                format_for(None, path, option=f"--format ({_NAMES})")
            except ValueError as e:
                raise _UsageError(f"{path}: {e}") from None


def _check_rejects(args: argparse.Namespace) -> None:
    """``--rejects FILE`` is opened for writing first: an input of that name was emptied before
    it was read (and the conversion of nothing succeeded), and ``-o``'s FILE would replace it."""
    rejects = args.rejects
    if rejects is None:
        return
    for path in args.inputs:
        if path != "-" and not is_url(path) and _same_file(path, rejects):
            raise _UsageError(f"--rejects {rejects} is the input {path}: it would be emptied unread")
    if args.output not in (None, "-") and _same_file(args.output, rejects):
        raise _UsageError(f"--rejects {rejects} is -o's FILE: give them different names")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one is not there yet: the same name, links resolved
        return os.path.realpath(a) == os.path.realpath(b)


class _Convert:
    """``convert``'s inputs read in turn into one output. With several, each one's blank node
    labels are written after ``f1_``, ``f2_``, ... (its number): the labels of two documents
    never name one node (RDF 1.1 N-Quads 2.2, Turtle 2.6)."""

    def __init__(
        self, args: argparse.Namespace, target: str, out: IO[bytes], rejects: _Rejects | None
    ) -> None:
        self.args = args
        self.target = target
        self.out = out
        self.rejects = rejects
        self.name = ""  # the input being read, for messages
        # Each parse's labelled-node id prefix, and what its labels are written after.
        self.tags: dict[str, str] = {}

    def _opened(self) -> Iterator[tuple[_Input, str | None, str, int]]:
        """Each input opened in turn, with its base (Turtle's before any @base), label tag and
        worker count; closed before the next one opens."""
        args = self.args
        several = len(args.inputs) > 1
        for number, path in enumerate(args.inputs, 1):
            source = _Input(path, args)
            try:
                self.name = source.opened.name
                base = source.opened.base if args.base is None else args.base
                if self.rejects is not None:
                    self.rejects.parser = None
                    self.rejects.progress = source.progress
                yield source, base, f"f{number}_" if several else "", _convert_workers(args, source)
            finally:
                source.close()

    def _inputs(self) -> Iterator[tuple[_Input, StatementParser, str, int]]:
        """``_opened``'s inputs, each with its parser: for the paths that write statements
        (a line converter makes its own, and only when a line needs one)."""
        for source, base, tag, workers in self._opened():
            parser = make_parser(source.fmt, base, version=self.args.rdf_version)
            self.tags[parser.terms.prefix + "l"] = tag
            if self.rejects is not None:
                self.rejects.parser = parser
            yield source, parser, tag, workers

    def run(self) -> int:
        """Read every input and write the output; the number of statements written."""
        args, rejects = self.args, self.rejects
        if not FORMATS[self.target].line_based:
            return _to_pretty(self._inputs(), self.out, args, self.target, rejects)
        if args.canonical:  # sorted as one: every input through one writer
            return self._write_lines(
                st
                for source, parser, _, _ in self._inputs()
                for st in _statements(parser, source.opened, rejects)
            )
        count = 0
        if args.ascii:
            for source, parser, _, _ in self._inputs():
                count += self._write_lines(_statements(parser, source.opened, rejects))
            return count
        for source, base, tag, workers in self._opened():
            count += _convert_blocks(
                source, self.target, workers, self.out, rejects, tag, base, args.rdf_version
            )
        return count

    def _write_lines(self, statements: Iterable[Statement]) -> int:
        from .formats.write_lines import quad_groups, write_lines

        return write_lines(
            quad_groups(statements),
            self.out,
            with_graphs=FORMATS[self.target].has_graphs,
            canonical=self.args.canonical,
            work_limit=self.args.work_limit,
            ascii_only=self.args.ascii,
            labels_of=self.tags,  # each input's own labels, as -j writes them
            version=self.args.rdf_version,
        )


def _cmd_convert(args: argparse.Namespace) -> int:
    target = _target(args)
    if args.rejects is not None and not args.skip_invalid:
        raise _UsageError("--rejects needs --skip-invalid")
    _check_inputs(args)
    _check_rejects(args)
    start = time.perf_counter()
    out_path = args.output
    # A symbolic link's target is written, not the link replaced by a file.
    written = (
        os.path.realpath(out_path) if out_path not in (None, "-") and os.path.islink(out_path) else out_path
    )
    tmp: str | None = None  # the .part file written, renamed to -o's once complete
    ok = False
    count = 0
    reader_left = False  # stdout's reader closed the pipe: it wanted no more
    rejects: _Rejects | None = None
    try:
        if written is not None and written != "-" and not _is_special(written):
            tmp, out = _part_file(written, out_path)
        else:
            out = _stdout_bytes() if out_path in (None, "-") else open_output(out_path)
    except OSError as e:  # named as given: the .part file beside it is ours, not the user's
        if out_path in (None, "-"):  # stdout closed (>&-)
            raise _UsageError(_os_error(e)) from None
        raise _UsageError(f"cannot write {out_path}: {e.strerror or e}") from None
    except ModuleNotFoundError as e:  # .zst without a codec
        raise _UsageError(f"cannot write: {e}") from None
    # From here on every way out removes the .part file unless the conversion succeeded.
    try:
        try:  # after -o, so that an -o that cannot be written leaves no empty rejects file
            rejects = _Rejects(args.rejects) if args.skip_invalid else None
        except OSError as e:
            raise _UsageError(f"cannot write {args.rejects}: {e.strerror or e}") from None
        conversion = _Convert(args, target, out, rejects)
        try:
            count = conversion.run()
            ok = True
        # ParseError (SourceError too) is a SyntaxError, SerializeError a ValueError and
        # WorkLimitError a RuntimeError: named only in _conversion_failed, which imports them
        # (they load rdflib) and raises again what is none of them.
        except (_UsageError, OSError, SyntaxError, ValueError, RuntimeError) as e:
            status = _conversion_failed(e, conversion.name)
            reader_left = isinstance(e, BrokenPipeError)
    finally:
        if rejects is not None:
            rejects.close()
        _finish_output(out, tmp, written, ok)
    if not ok:
        if out_path in (None, "-") and not reader_left and getattr(out, "wrote", True):
            print(
                "rdflib-strict: the output on stdout is incomplete: it holds at most the statements"
                " read before the error (-o FILE writes the file only when the conversion succeeds)",
                file=sys.stderr,
            )
        return status
    skipped = 0 if rejects is None else rejects.count
    if not args.quiet:
        kept = f"{plural(count, 'statement')} converted"
        if len(args.inputs) > 1:
            kept += f" from {plural(len(args.inputs), 'file')}"
        if rejects is not None:
            kept += f", {plural(skipped, 'bad statement')} skipped"
            if args.rejects is not None and skipped:
                kept += f" (written to {args.rejects})"
        print(f"{kept} in {time.perf_counter() - start:.2f} s", file=sys.stderr)
    return 1 if skipped else 0


# How many names ``_part_file`` tries: OUT.part, then OUT.1.part and on.
_PART_NAMES: Final = 100


def _part_file(written: str, final_name: str) -> tuple[str, IO[bytes]]:
    """A new file beside ``written`` for ``-o`` to be written to and renamed from: OUT.part,
    or OUT.1.part and on if a file of that name is there (someone's own, which a conversion
    must neither truncate nor remove), created exclusively so that it is known to be ours."""
    for n in range(_PART_NAMES):
        tmp = f"{written}.part" if n == 0 else f"{written}.{n}.part"
        try:
            os.close(os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
        except FileExistsError:
            continue
        try:
            return tmp, open_output(tmp, final_name)
        except BaseException:  # no codec, or SIGTERM or Ctrl-C before it was returned
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    raise FileExistsError(errno.EEXIST, f"{_PART_NAMES} files named {written}.*part are there already")


def _finish_output(out: IO[bytes], tmp: str | None, out_path: str | None, ok: bool) -> None:
    """Close ``-o``'s file: the ``.part`` file renamed to ``out_path`` if the conversion
    succeeded, else removed; stdout flushed, not closed."""
    if out_path in (None, "-"):
        out.flush()
        return
    out.close()
    if tmp is not None:
        if ok:
            _replace_keeping_mode(tmp, out_path)
        else:
            os.unlink(tmp)


def _replace_keeping_mode(temp: str, path: str) -> None:
    """``temp`` renamed to ``path``, with the mode of the file it replaces, if there was one."""
    with contextlib.suppress(FileNotFoundError):
        os.chmod(temp, os.stat(path).st_mode & 0o7777)
    os.replace(temp, path)


def _is_special(path: str) -> bool:
    """Whether ``-o``'s ``path`` is written in place: a device, a FIFO or a directory, which a
    renamed ``.part`` file would replace (``-o /dev/null`` as root), or fail on. A directory
    then fails to open, as it should."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # not there yet: a new file
        return False


class _WholeWrites(io.BufferedWriter):
    """stdout for data. When a pipe's reader leaves in the middle of a large write, CPython's
    BufferedWriter returns the part the pipe took instead of raising: a Turtle document, one
    write, was cut short and the conversion still said it succeeded. Writing on until all is
    taken raises BrokenPipeError, as any later write would."""

    #: Whether anything was written: a conversion that fails before its first statement left
    #: stdout empty, not incomplete.
    wrote = False

    def write(self, data: Any, /) -> int:
        view = memoryview(data).cast("B")
        self.wrote = self.wrote or len(view) > 0
        done = super().write(view)
        while done < len(view):
            done += super().write(view[done:])
        return done


def _stdout_bytes() -> IO[bytes]:
    """stdout as a byte stream that writes all it is given (a test's stream as it is)."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file: writes to it are whole
        return sys.stdout.buffer
    sys.stdout.flush()
    return _WholeWrites(io.FileIO(fd, "wb", closefd=False))


def _conversion_failed(e: Exception, name: str) -> int:
    """Say why a conversion stopped; its exit status (2: not a verdict on the input). Any
    other exception is raised again."""
    from .formats.rdfc10 import WorkLimitError
    from .syntax.errors import ParseError, SerializeError, SourceError

    if isinstance(e, SerializeError):
        print(f"{name}: {e}", file=sys.stderr)
    elif isinstance(e, ParseError) and not isinstance(e, SourceError):
        print(str(e), file=sys.stderr)
    elif isinstance(e, WorkLimitError):
        print(f"rdflib-strict: {e.said('--work-limit N')}", file=sys.stderr)
        return 2
    elif isinstance(e, BrokenPipeError):  # stdout's reader left (| head): it wanted no more
        return 2
    elif isinstance(e, (_UsageError, OSError, SourceError)):
        # cannot open an input, the input broke off, a read or write failed midway
        shown = _os_error(e) if isinstance(e, OSError) else e
        print(shown if isinstance(e, SourceError) else f"rdflib-strict: {shown}", file=sys.stderr)
        return 2
    else:
        raise e
    return 1


def _convert_workers(args: argparse.Namespace, source: _Input) -> int:
    """How many processes convert ``source``: ``-j``'s, but one for Turtle and TriG with
    ``--rejects`` (each rejected statement is written after the directives in force, which
    only a parser that read the whole document knows; said on stderr)."""
    workers = worker_count(args.jobs)
    if workers > 1 and args.rejects is not None and not FORMATS[source.fmt].line_based:
        if not args.quiet:
            print(
                f"rdflib-strict: {source.opened.name}: read by one process: --rejects writes the"
                " directives in force before each rejected statement",
                file=sys.stderr,
                flush=True,
            )
        return 1
    return workers


def _convert_blocks(
    source: _Input,
    target: str,
    workers: int,
    out: IO[bytes],
    rejects: _Rejects | None,
    tag: str,
    base: str | None,
    version: RdfVersion,
) -> int:
    """To N-Triples/N-Quads: the lines written as N-Triples copied as they are, the other
    statements parsed and written (``make_converter``); with ``-j N``, the blocks (Turtle and
    TriG: cut at statement boundaries) written by the workers, in order. (``--canonical``
    sorts the whole output and ``--ascii`` may relabel blank nodes: both take the other
    path.)"""
    from .edge.sink import paused_gc

    form = FORMATS[source.fmt]
    if workers == 1:
        converter = make_converter(source.fmt, target, tag=tag, version=version, base=base)
        if rejects is not None:
            rejects.parser = converter  # the directives in force before a rejected statement
        with paused_gc():  # as in the workers: the terms read are garbage by refcount alone
            return converter.convert(source.opened.reader, out, rejects)
    from . import parallel

    count = 0
    import tempfile

    with tempfile.TemporaryDirectory(prefix="rdflib-strict-") as scratch:
        job = parallel.BlockTask(
            "convert",
            form.has_graphs,
            source.opened.name,
            document_prefix(),
            skip=rejects is not None,
            with_graphs=FORMATS[target].has_graphs,
            scratch=scratch,
            tag=tag,
            turtle=not form.line_based,
            base=base,
            version=version.value,
        )
        # Closed before the scratch directory goes: no worker still writes into it.
        with contextlib.closing(_in_workers(source, job, workers)) as results:
            for done in results:
                for e in done.errors:
                    assert rejects is not None  # errors are collected only when skipping
                    rejects(e)
                if done.fatal is not None:
                    raise done.fatal
                if parallel.write_output(done, out) and isinstance(out, _WholeWrites):
                    out.wrote = True  # by os.sendfile, past its write()
                count += done.count
    return count


def _to_pretty(
    inputs: Iterable[tuple[_Input, StatementParser, str, int]],
    out: IO[bytes],
    args: argparse.Namespace,
    target: str,
    on_error: OnError | None,
) -> int:
    """Turtle or TriG: grouping by subject needs the whole graph, so it is built in memory
    (one graph of every input's statements, their prefixes bound in turn)."""
    from rdflib import Dataset, Graph
    from rdflib.term import Node

    from .edge.sink import paused_batches
    from .edge.writers import write_graph_turtle
    from .syntax.errors import SerializeError

    dataset = Dataset()
    graphs: dict[Node, Graph] = {}
    count = 0
    for source, parser, _, _ in inputs:
        for batch in paused_batches(parser.batches(source.opened.reader, on_error)):
            for s, p, o, g in batch:
                if g is None:
                    dataset.add((s, p, o))
                elif not FORMATS[target].has_graphs:
                    raise SerializeError(
                        "Turtle has no named graphs: convert to trig or nquads", g, (s, p, o, g)
                    )
                else:
                    graph = graphs.get(g)
                    if graph is None:
                        graph = graphs[g] = dataset.graph(g)
                    graph.add((s, p, o))
            count += len(batch)
        prefixes: dict[str, str] = getattr(parser, "prefixes", {})
        for prefix, namespace in prefixes.items():
            dataset.bind(prefix, namespace)
    write_graph_turtle(
        dataset,
        out,
        base=args.base,
        ascii_only=args.ascii,
        trig=FORMATS[target].has_graphs,
        version=args.rdf_version,
        canonical=args.canonical,
        work_limit=args.work_limit,
    )
    return count


_NO_PYSHACL = "shacl needs pySHACL: pip install 'rdflib-strict[shacl]'"


class _Documents:
    """``shacl``'s inputs: documents parsed strictly into one Dataset and one SourceMap, each
    document's lines kept for the excerpts, parse errors collected (every one, as validate)."""

    def __init__(self) -> None:
        from rdflib import Dataset

        from .edge.sourcemap import SourceMap

        self.dataset = Dataset()
        self.source_map = SourceMap()
        self.lines: dict[str, list[str]] = {}
        self.errors: list[ParseError] = []

    def load(self, path: str, args: argparse.Namespace, option: str, version: RdfVersion) -> None:
        from .edge.illtyped import IllTypedLiteralWarning
        from .shacl import text_lines
        from .syntax.errors import ParseError, SourceError

        source = _Input(path, args, option)
        try:
            text = "".join(source.opened.reader)  # decoded and checked as the parsers read it
        except SourceError as e:
            raise _UsageError(str(e)) from None
        except ParseError as e:  # not UTF-8
            self.errors.append(e)
            return
        except OSError as e:
            raise _UsageError(f"{source.opened.name}: cannot read: {e}") from None
        finally:
            source.close()
        stream = io.StringIO(text)
        stream.name = source.opened.name  # spans and errors name the source as given
        self.lines[stream.name] = text_lines(text)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", IllTypedLiteralWarning)
            try:
                self.dataset.parse(
                    source=stream,
                    format=f"strict-{source.fmt}",
                    publicID=source.opened.base,
                    source_map=self.source_map,
                    on_error=self.errors.append,
                    version=version.value,
                )
            except ParseError as e:  # one the parser cannot resume after (RDF 1.2 Turtle, so far)
                self.errors.append(e)
        for w in caught:
            # The parse's one warning per datatype, said as validate says it (one line, no
            # Python source line); anything else as Python would have shown it.
            if issubclass(w.category, IllTypedLiteralWarning):
                print(w.message, file=sys.stderr)
            else:
                warnings.showwarning(w.message, w.category, w.filename, w.lineno)


def _cmd_shacl(args: argparse.Namespace) -> int:
    try:
        import pyshacl  # noqa: F401 (the message if it is missing; _pyshacl_report uses it)
    except ImportError:
        print(f"rdflib-strict: {_NO_PYSHACL}", file=sys.stderr)
        return 2
    from .shacl import locate

    data, shapes = _Documents(), _Documents()
    with _unreadable_in_sarif(args):
        for path in args.files:
            data.load(path, args, "format", args.rdf_version)
        for path in args.shapes:  # RDF 1.1: --rdf-version is the data's
            shapes.load(path, args, "shapes_format", RdfVersion.RDF11)
    if data.errors or shapes.errors:
        # Not RDF: nothing to validate. The data's fault is a verdict on the data (1); broken
        # shapes are a broken check (2).
        shown = _print_errors((data, shapes), args, one_line=args.quiet)
        if not args.quiet:
            print(
                f"not validated: {plural(len(data.errors), 'syntax error')} in the data,"
                f" {len(shapes.errors):,} in the shapes",
                file=sys.stderr,
            )
        status = 2 if shapes.errors else 1
        if args.report == "sarif":
            _not_rdf_sarif(shown, [*data.lines, *shapes.lines], status)
        return status
    shapes.dataset.default_union = True
    conforms, report = _pyshacl_report(data, shapes, args)
    results = locate(report, data.source_map, data.dataset)
    status = 0 if conforms else 1
    if args.report == "sarif":
        _shacl_sarif(results, data, shapes, status)
    else:
        _shacl_text(results, data, shapes, args)
    if not args.quiet:
        files = plural(len(args.files), "file")
        if results:
            count = {
                severity: sum(r.severity == severity for r in results)
                for severity in ("Violation", "Warning", "Info")
            }
            print(
                f"{plural(len(results), 'result')}: {plural(count['Violation'], 'violation')},"
                f" {plural(count['Warning'], 'warning')}, {plural(count['Info'], 'info')} in {files}"
                + ("; conforms" if conforms else ""),
                file=sys.stderr,
            )
        else:
            print(f"conforms: {files}, {plural(len(data.dataset), 'statement')}", file=sys.stderr)
    return status


def _pyshacl_report(data: _Documents, shapes: _Documents, args: argparse.Namespace) -> tuple[bool, Any]:
    """pySHACL's verdict and report graph on the data, its failures as usage errors."""
    import pyshacl
    from pyparsing import ParseBaseException  # rdflib's SPARQL parser's, which pySHACL runs
    from pyshacl.errors import ReportableRuntimeError
    from rdflib import Graph

    from .formats.terms import is_triple_term

    try:
        conforms, report, _ = pyshacl.validate(
            data.dataset,
            shacl_graph=shapes.dataset,
            inference=args.inference,
            advanced=args.advanced,
            allow_infos=args.allow_infos,
            allow_warnings=args.allow_warnings,
        )
    except ReportableRuntimeError as e:  # shapes pySHACL cannot use
        raise _UsageError(f"pySHACL: {e.message}") from None
    except ParseBaseException as e:  # a SPARQL query of the shapes (sh:select, sh:ask) that does not parse
        raise _UsageError(f"pySHACL: a SPARQL query of the shapes does not parse: {e}") from None
    except ValueError as e:
        # pySHACL validates a triple term as an opaque value, but copying a blank node that is a
        # result's focus node or value into its report graph fails on a triple term object of
        # it ("Cannot clone node of type").
        if "clone" not in str(e) or not any(is_triple_term(o) for o in data.dataset.objects(unique=True)):
            raise
        raise _UsageError(_SHACL_TRIPLE_TERM) from None
    if not isinstance(report, Graph):  # a ValidationFailure, returned
        raise _UsageError(f"pySHACL: {report}")
    return bool(conforms), report


_SHACL_TRIPLE_TERM: Final = (
    "pySHACL cannot copy a triple term into its report: a result's focus node or value is a"
    " blank node with a triple term among its objects (pySHACL checks RDF 1.2 triple terms as"
    " opaque values, but its report copies such a blank node with all its statements)"
)


def _shacl_text(results: list[Any], data: _Documents, shapes: _Documents, args: argparse.Namespace) -> None:
    from .shacl import names_for, render

    names = names_for(data.dataset, shapes.dataset)
    for result in results:
        where = shapes.source_map.subject(result.shape) if result.shape is not None else ()
        text = render(result, data.lines.get, names, shapes.dataset, where[0] if where else None)
        print(text.split("\n", 1)[0] if args.quiet else text, file=sys.stderr, flush=True)


def _print_errors(
    documents: Iterable[_Documents], args: argparse.Namespace, one_line: bool = False
) -> list[ParseError]:
    """``shacl`` and ``diff``: each document's first ``--max-errors`` errors on stderr, as
    ``validate`` reports them (``one_line``: without the excerpt), then how many more there
    were (a stdin of the wrong format printed every statement's error: 17,311 for
    schema.org); the errors printed."""
    shown: list[ParseError] = []
    for docs in documents:
        by_file: dict[str, list[ParseError]] = {}
        for e in docs.errors:
            by_file.setdefault(e.filename, []).append(e)
        for name, errors in by_file.items():
            for e in errors[: args.max_errors]:
                print(str(e).split("\n", 1)[0] if one_line else str(e), file=sys.stderr, flush=True)
                shown.append(e)
            if len(errors) > args.max_errors:
                left = plural(len(errors) - args.max_errors, "more error")
                print(f"rdflib-strict: {name}: {left} not shown (--max-errors)", file=sys.stderr)
    return shown


@contextlib.contextmanager
def _unreadable_in_sarif(args: argparse.Namespace) -> Iterator[None]:
    """``shacl`` and ``diff`` ``--report sarif``: a document that cannot be read is said in
    a SARIF log too (a tool execution notification, as ``validate`` says it), then as usual."""
    try:
        yield
    except _UsageError as e:
        if args.report == "sarif":
            from .error_rules import PARSE_RULES
            from .sarif import Notification

            note = Notification(str(e), "error")
            _print_sarif(PARSE_RULES, [], sources=[], exit_code=2, notifications=[note], successful=False)
        raise


def _not_rdf_sarif(errors: Sequence[ParseError], sources: Sequence[str], status: int) -> None:
    """``shacl`` and ``diff`` ``--report sarif`` when a document is not RDF: its syntax errors
    as the log's results, as ``validate`` reports them (no log at all failed a code-scanning
    upload, which then showed nothing of why). Status 2 (shapes, or diff's inputs): the
    run did not do its job; 1 (shacl's data): a verdict."""
    from .error_rules import PARSE_RULES, finding

    named = list(dict.fromkeys([*sources, *(e.filename for e in errors if e.filename)]))
    findings = [finding(e) for e in errors]
    _print_sarif(PARSE_RULES, findings, sources=named, exit_code=status, successful=status != 2)


def _shacl_sarif(results: list[Any], data: _Documents, shapes: _Documents, status: int) -> None:
    """``shacl --report sarif``: one SARIF log of the results on stdout."""
    from .shacl import names_for, sarif_findings

    names = names_for(data.dataset, shapes.dataset)
    first = next(iter(data.lines))
    rules, findings = sarif_findings(results, data.lines, names, shapes.dataset, shapes.source_map, first)
    _print_sarif(rules, findings, sources=[*data.lines, *shapes.lines], exit_code=status)


class _Deprecated(argparse.Action):
    """An option's old spelling: sets what the new one sets, and says so on stderr (one line,
    also with --quiet: a script that uses it is the reader to tell)."""

    def __init__(self, option_strings: Sequence[str], dest: str, instead: str, **kwargs: Any) -> None:
        self.instead = instead
        super().__init__(option_strings, dest, help=f"deprecated spelling of {instead}", **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        print(
            f"rdflib-strict: {parser.prog.split()[-1]} {option_string} is deprecated and will be"
            f" removed: use {self.instead}",
            file=sys.stderr,
        )
        setattr(namespace, self.dest, values)


def _build_parser() -> argparse.ArgumentParser:
    """The options, one meaning per name in every command (README, "Command line", has the
    table, and tests/test_cli.py compares it with each command's --help)."""
    ap = argparse.ArgumentParser(
        prog="rdflib-strict",
        description="Strict N-Triples, N-Quads, Turtle and TriG (RDF 1.1, and RDF 1.2 when asked for):"
        " validate, convert, check against SHACL shapes, diff and format. Data goes to stdout,"
        " diagnostics to stderr.",
    )
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    _validate_options(
        sub.add_parser(
            "validate",
            help="check documents; report every error with its position",
            description="Check each FILE and report every error at its line and column"
            " (N-Triples and N-Quads: every bad line; Turtle and TriG: the first error of each"
            " statement). Exit 0: every file valid (warnings allowed); 1: some file invalid;"
            " 2: usage or I/O error, or a file that cannot be read.",
        )
    )
    _convert_options(
        sub.add_parser(
            "convert",
            help="convert between our formats, exactly",
            description="Convert the inputs, merged into one output (each input's blank nodes"
            " its own), to the format --to names. Exit 0: converted; 1: an input is not valid"
            " RDF or holds what the output format cannot (with --skip-invalid: a statement was"
            " skipped); 2: usage or I/O error, or an input that cannot be read.",
        )
    )
    _shacl_options(
        sub.add_parser(
            "shacl",
            help="validate data against SHACL shapes (pySHACL); report each result at its line",
            description="Validate DATA against the SHACL shapes in SHAPES with pySHACL (pip install"
            " 'rdflib-strict[shacl]'), every document read by the strict parsers, and report each"
            " result where it is written: the value's statement, else the focus node's subject."
            " Exit 0: conforms; 1: does not conform, or the data is not RDF; 2: usage, I/O or"
            " shapes error.",
        )
    )
    _diff_options(
        sub.add_parser(
            "diff",
            help="the statements only in one of two documents, each at its line",
            description="Compare two documents (any of our formats, each its own; Graphs or"
            " Datasets) statement by statement, blank nodes matched by RDFC-1.0 so that a renamed"
            " blank node is no change, and show each statement only in FIRST (removed) or only in"
            " SECOND (added) where it is written. Exit 0: the same statements; 1: different;"
            " 2: a document is not RDF, cannot be read, or is too hard to canonicalize.",
        )
    )
    _fmt_options(
        sub.add_parser(
            "fmt",
            help="rewrite Turtle and TriG files in the canonical layout, keeping every comment",
            description="Rewrite each Turtle or TriG FILE in the canonical layout (as convert"
            " --canonical writes it), keeping its comments and its @prefix/@base lines. A file that"
            " does not parse is left as it is. Exit 0: done (or nothing to change); 1: with --check"
            " or --diff, some file would change; 2: a file does not parse or cannot be read.",
        )
    )
    return ap


# How every FORMAT option says which names it takes (the same for input and output).
_FORMAT_NAMES = f"{_NAMES}, an alias such as N-Triples or nq, or a media type such as text/turtle"


def _format_option(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument(
        "-f",
        "--format",
        type=_format_name,
        metavar="FORMAT",
        help=f"{what} format ({_FORMAT_NAMES}); default: from the extension",
    )


def _report_option(command: argparse.ArgumentParser, text: str, sarif: str) -> None:
    command.add_argument(
        "--report",
        choices=("text", "sarif"),
        default="text",
        metavar=_REPORT,
        help=f"text: {text} (default); sarif: {sarif}",
    )
    command.add_argument(
        "--output", choices=("text", "sarif"), dest="report", action=_Deprecated, instead="--report"
    )


# Every command's --report is written alike; its help says which forms it takes.
_REPORT: Final = "FORM"


def _validate_options(v: argparse.ArgumentParser) -> None:
    v.add_argument("files", nargs="+", metavar="FILE", help="files to check ('-' reads stdin)")
    _format_option(v, "input")
    v.add_argument(
        "--base", metavar="IRI", help="base IRI for Turtle and TriG (default: the file's file: URI)"
    )
    _max_errors_option(v)
    v.add_argument(
        "--warn-ill-typed",
        action=argparse.BooleanOptionalAction,
        default=True,
        help='report literals not in their XSD datatype\'s lexical space, such as "abc"^^xsd:integer,'
        " as warnings (valid RDF: they never make a file invalid; default: on)",
    )
    v.add_argument("-q", "--quiet", action="store_true", help="one line per error, no summary or progress")
    _report_option(
        v,
        "each error on stderr with its line and a caret",
        "one SARIF 2.1.0 JSON log of every file on stdout, for code scanning and editors",
    )
    _jobs_option(v)
    _rdf_version_option(v)
    v.set_defaults(run=_cmd_validate, command_parser=v)


def _convert_options(c: argparse.ArgumentParser) -> None:
    c.add_argument("inputs", nargs="+", metavar="IN", help="input files or URLs ('-' reads stdin)")
    c.add_argument(
        "-t",
        "--to",
        type=_format_name,
        metavar="FORMAT",
        help=f"output format ({_FORMAT_NAMES}); default: from the extension of -o's FILE",
    )
    _format_option(c, "input")
    c.add_argument("--from", type=_format_name, dest="format", action=_Deprecated, instead="--format")
    c.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="output file, written only if the conversion succeeds (default: stdout)",
    )
    c.add_argument(
        "--canonical",
        action="store_true",
        help="canonical output: sorted N-Triples/N-Quads lines, Turtle/TriG in the canonical layout",
    )
    _work_limit_option(c)
    c.add_argument(
        "--ascii", action="store_true", help="ASCII-only output (\\u escapes), in all four formats"
    )
    c.add_argument(
        "--base",
        metavar="IRI",
        help="base IRI: resolves the input's relative IRIs (Turtle), and is written as @base",
    )
    c.add_argument(
        "--skip-invalid",
        action="store_true",
        help="write the valid statements and skip each bad one (reported on stderr; exit 1 if any)",
    )
    c.add_argument(
        "--rejects",
        metavar="FILE",
        help="with --skip-invalid: write each skipped statement's text to FILE, after a"
        " '# SOURCE:LINE:COL: message' line",
    )
    c.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no summary or progress (each skipped statement is still said)",
    )
    _jobs_option(c)
    _rdf_version_option(c, "the RDF read and written")
    c.set_defaults(run=_cmd_convert, command_parser=c)


def _max_errors_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--max-errors", type=_at_least(1), default=100, metavar="N", help="errors per file (default 100)"
    )


def _shacl_options(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "files", nargs="+", metavar="DATA", help="data files, validated as one graph ('-' reads stdin)"
    )
    s.add_argument(
        "-s", "--shapes", action="append", required=True, metavar="SHAPES", help="shapes file (repeatable)"
    )
    _format_option(s, "data")
    s.add_argument(
        "--shapes-format",
        type=_format_name,
        metavar="FORMAT",
        help="shapes format (as --format); default: from the extension",
    )
    s.add_argument(
        "--inference",
        choices=("none", "rdfs", "owlrl", "both"),
        default="none",
        help="expand the data first (pySHACL's option; inferred statements have no line: their results"
        " point at the focus node)",
    )
    s.add_argument("--advanced", action="store_true", help="SHACL Advanced Features (pySHACL's option)")
    s.add_argument(
        "--allow-warnings", action="store_true", help="conform despite sh:Warning and sh:Info results"
    )
    s.add_argument("--allow-infos", action="store_true", help="conform despite sh:Info results")
    _max_errors_option(s)
    _report_option(s, "each result on stderr with its line and a caret", "one SARIF 2.1.0 JSON log on stdout")
    s.add_argument("-q", "--quiet", action="store_true", help="one line per result, no summary")
    _rdf_version_option(s, "the RDF of the data")
    s.set_defaults(run=_cmd_shacl, command_parser=s)


def _diff_options(d: argparse.ArgumentParser) -> None:
    d.add_argument("first", metavar="FIRST", help="the document before ('-' reads stdin)")
    d.add_argument("second", metavar="SECOND", help="the document after")
    _format_option(d, "input (both documents)")
    _max_errors_option(d)
    d.add_argument(
        "--report",
        choices=("text", "patch", "sarif"),
        default="text",
        metavar=_REPORT,
        help="text: each change with its line and a caret (default); patch: RDF Patch rows, D"
        " then A, in canonical N-Quads; sarif: one SARIF 2.1.0 JSON log; all on stdout",
    )
    _work_limit_option(d)
    d.add_argument("-q", "--quiet", action="store_true", help="no summary")
    _rdf_version_option(d)
    d.set_defaults(run=_cmd_diff, command_parser=d)


def _fmt_options(f: argparse.ArgumentParser) -> None:
    f.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="files to rewrite ('-': stdin to stdout, Turtle unless -f trig)",
    )
    _format_option(f, "input")
    f.add_argument("--check", action="store_true", help="write nothing; list the files that would change")
    f.add_argument("--diff", action="store_true", help="write nothing; print a unified diff of each change")
    f.add_argument(
        "--prune-prefixes", action="store_true", help="drop @prefix/PREFIX lines the output does not use"
    )
    _work_limit_option(f)
    f.add_argument("-q", "--quiet", action="store_true", help="no summary")
    _rdf_version_option(f, "the RDF read and written")
    f.set_defaults(run=_cmd_fmt, command_parser=f)


def _work_limit_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--work-limit",
        type=_at_least(1),
        metavar="N",
        help="steps RDFC-1.0 may take per document before giving up (default: 4 per pair of tied"
        " blank nodes, at least 100,000)",
    )


def _cmd_fmt(args: argparse.Namespace) -> int:
    status, changed = 0, 0
    for path in args.files:
        try:
            result = _fmt_file(path, args)
        except _UsageError as e:  # cannot read this one (or not Turtle): say so, do the others
            print(f"rdflib-strict: {e}", file=sys.stderr, flush=True)
            result = None
        if result is None:
            status = 2
        elif result and (path != "-" or args.check or args.diff):  # stdin is written, not rewritten
            changed += 1
            if args.check or args.diff:
                status = max(status, 1)
    if not args.quiet and (args.files != ["-"] or args.check or args.diff):
        done = "would change" if args.check or args.diff else "rewritten"
        print(f"{plural(changed, 'file')} {done}", file=sys.stderr)
    return status


def _fmt_file(path: str, args: argparse.Namespace) -> bool | None:
    """Format one file: whether it changed (or would), None if it does not parse."""
    import difflib

    from .fmt import FormatError, fmt_text
    from .formats.rdfc10 import WorkLimitError
    from .syntax.errors import ParseError, SerializeError

    if is_url(path):
        raise _UsageError(f"{path}: fmt rewrites local files (or '-'), not URLs")
    if path == "-" and args.format is None:  # stdin has no name to tell: Turtle, as fmt's default
        args = argparse.Namespace(**{**vars(args), "format": "turtle"})
    source = _Input(path, args, "format")
    try:
        if source.fmt not in ("turtle", "trig"):
            raise _UsageError(f"{path}: fmt rewrites Turtle and TriG, not {source.fmt}")
        if path != "-" and source.opened.path is None and not (args.check or args.diff):
            # Written back, its text would replace the compressed bytes under the same name.
            raise _UsageError(
                f"{path}: fmt rewrites plain files in place, and this one is compressed (or not"
                " a regular file): use --check or --diff, or format its text from stdin ('-')"
            )
        text = "".join(source.opened.reader)
        name, base = source.opened.name, source.opened.base
    except ParseError as e:  # not UTF-8
        print(str(e), file=sys.stderr)
        return None
    except OSError as e:
        raise _UsageError(f"{path}: cannot read: {e}") from None
    finally:
        source.close()
    try:
        new = fmt_text(
            text,
            name,
            trig=source.fmt == "trig",
            base=base,
            prune_prefixes=args.prune_prefixes,
            work_limit=args.work_limit,
            version=args.rdf_version,
        )
    except FormatError as e:
        shown = [str(error) for error in e.errors] or [f"rdflib-strict: {e}"]
        print("\n".join(shown), file=sys.stderr, flush=True)
        return None
    except WorkLimitError as e:  # a poison graph: RDFC-1.0 gives up, the file stays
        print(f"rdflib-strict: {path}: {e.said('--work-limit N')}", file=sys.stderr, flush=True)
        return None
    except SerializeError as e:  # a blank node inside a triple term: RDFC-1.0 cannot label it
        print(f"rdflib-strict: {path}: {e}", file=sys.stderr, flush=True)
        return None
    if args.diff and new != text:
        lines = difflib.unified_diff(text.splitlines(True), new.splitlines(True), path, path)
        sys.stdout.writelines(lines)
    elif path == "-" and not (args.check or args.diff):
        sys.stdout.write(new)
    elif args.check and new != text:
        print(path)
    elif new != text and not args.check:
        try:
            _replace(path, _BOM + new if _starts_with_bom(path) else new)
        except OSError as e:  # named as given, not the temporary file beside it
            raise _UsageError(f"{path}: cannot write: {e.strerror or e}") from None
    sys.stdout.flush()
    return new != text


_BOM: Final = "\ufeff"


def _starts_with_bom(path: str) -> bool:
    """Whether the file at ``path`` starts with a UTF-8 BOM, which the reader drops and a
    rewritten file keeps (it was kept only when nothing else changed)."""
    with open(path, "rb") as f:
        return f.read(3) == b"\xef\xbb\xbf"


def _replace(path: str, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file beside it, then os.replace (a
    symbolic link's target, not the link)."""
    path = os.path.realpath(path)
    folder = os.path.dirname(path)
    import tempfile

    fd, temp = tempfile.mkstemp(dir=folder, prefix=".fmt-", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        _replace_keeping_mode(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _cmd_diff(args: argparse.Namespace) -> int:
    from .diff import RULES, changes, patch, render, sarif_findings
    from .formats.rdfc10 import WorkLimitError
    from .syntax.errors import SerializeError

    first, second = _Documents(), _Documents()
    with _unreadable_in_sarif(args):
        first.load(args.first, args, "format", args.rdf_version)
        second.load(args.second, args, "format", args.rdf_version)
    if first.errors or second.errors:
        shown = _print_errors((first, second), args)
        if args.report == "sarif":
            _not_rdf_sarif(shown, [*first.lines, *second.lines], 2)
        return 2
    try:
        found = changes(
            first.dataset,
            first.source_map,
            second.dataset,
            second.source_map,
            work_limit=args.work_limit,
            version=args.rdf_version,
        )
    except WorkLimitError as e:
        print(f"rdflib-strict: {e.said('--work-limit N')}", file=sys.stderr)
        return 2
    except SerializeError as e:  # a blank node inside a triple term: RDFC-1.0 cannot label it
        print(f"rdflib-strict: {e}", file=sys.stderr)
        return 2
    lines = {**first.lines, **second.lines}.get
    status = 1 if found else 0
    if args.report == "sarif":
        fallback = next(iter(second.lines or first.lines), "<stdin>")
        sources = [*first.lines, *second.lines]
        _print_sarif(RULES, sarif_findings(found, lines, fallback), sources=sources, exit_code=status)
    elif args.report == "patch":
        sys.stdout.writelines(patch(found))
    else:
        subject = None
        for change in found:
            if subject is not None and change.subject != subject:
                print()  # a blank line between subjects
            subject = change.subject
            print(render(change, lines))
    sys.stdout.flush()
    if not args.quiet:
        removed = sum(change.sign == "-" for change in found)
        print(
            f"{plural(removed, 'statement')} removed, {plural(len(found) - removed, 'statement')} added"
            if found
            else f"the same statements ({plural(len(first.dataset), 'statement')})",
            file=sys.stderr,
        )
    return status


def _rdf_version(value: str) -> RdfVersion:
    try:
        return version_arg(value)
    except ValueError as e:  # a usage error that lists the three, not a traceback
        raise argparse.ArgumentTypeError(str(e).replace("version must be", "must be")) from None


def _rdf_version_option(command: argparse.ArgumentParser, what: str = "the RDF read") -> None:
    command.add_argument(
        "--rdf-version",
        type=_rdf_version,
        default=RdfVersion.RDF11,
        metavar="VERSION",
        help=f"{what}: 1.1 (default), 1.2 (triple terms, base directions, VERSION; Turtle and TriG:"
        " reifiers and annotations too; all four formats) or 1.2-basic (RDF 1.2 without triple terms)",
    )


def _jobs_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "-j",
        "--jobs",
        type=_at_least(0, " (0: one per core)"),
        default=1,
        metavar="N",
        help="worker processes (0: one per core, and never more; default 1). Output and errors are"
        " those of one process; Turtle and TriG are cut at statement boundaries",
    )


def _quiet_rdflib() -> None:
    """rdflib logs a traceback for each ill-typed literal it builds and warns on odd booleans;
    ill-typed literals are valid RDF, which validate reports itself (``--warn-ill-typed``)."""
    import logging

    logging.getLogger("rdflib.term").addFilter(
        lambda record: not str(record.msg).startswith("Failed to convert Literal lexical form")
    )
    warnings.filterwarnings("ignore", "Parsing weird boolean", UserWarning)


# glibc's mallopt parameters (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def _steady_heap() -> None:
    """Pin glibc's allocation thresholds for this process (the command line only, never a
    library user's process).

    glibc raises its mmap threshold each time a large block is freed, so the 1-4 MiB strings
    a parse reads its text into soon come from the heap, which then grows with fragmentation
    for the first million statements or so: ``validate`` of a diverse N-Quads file peaked at
    59 MiB for 1M statements and 67 MiB for 2.5M and 5M. With the thresholds fixed the heap
    stops growing early (55.6 and 57.4 MiB) and the speed is the same.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt  # the C library the interpreter runs on
    except (OSError, AttributeError, ImportError):  # not glibc, or no ctypes
        return
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)
    mallopt(_M_TRIM_THRESHOLD, 64 << 20)


_NOT_ABSOLUTE = "not an absolute IRI (it must start with a scheme, such as http:)"


def _parse(ap: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, files anywhere among the options as riot and rapper take them
    (``validate a.nt -q b.nt``): argparse alone takes only the first run of them."""
    args, extra = ap.parse_known_args(argv)
    unknown = [arg for arg in extra if arg.startswith("-") and arg != "-"]
    if unknown:
        args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "diff":  # exactly two documents
        if extra:
            args.command_parser.error(f"unrecognized arguments: {' '.join(extra)}")
    else:
        files = "inputs" if args.command == "convert" else "files"
        setattr(args, files, getattr(args, files) + extra)
    if _documents(args).count("-") > 1:  # the second read found it empty: a wrong verdict
        args.command_parser.error("-: stdin can be read only once")
    base = getattr(args, "base", None)
    if base is not None:  # a bad --base is the command line's fault, not the first file's
        reason = iri_error(base) if is_absolute(base) else _NOT_ABSOLUTE
        if reason is not None:
            args.command_parser.error(f"--base {base}: {reason}")
    return args


def _documents(args: argparse.Namespace) -> list[str]:
    """Every document a command reads: its files or inputs, shacl's shapes, diff's two."""
    names = ("files", "inputs", "shapes", "first", "second")
    found = [getattr(args, name, None) for name in names]
    return [
        doc for value in found if value is not None for doc in ([value] if isinstance(value, str) else value)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    _steady_heap()
    ap = _build_parser()
    args = _parse(ap, argv)
    if args.command != "validate":
        # validate builds literals only through formats.terms, which drops rdflib's record
        # itself, and it would pay 4 ms of its start for logging here.
        _quiet_rdflib()
    try:
        return int(args.run(args))
    except _UsageError as e:
        print(f"rdflib-strict: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # stdout's reader left (| head): it wanted no more, nothing to say
        _drop_stdout()
        return 2
    except KeyboardInterrupt:  # Ctrl-C: the user knows; the shell's status for it, no traceback
        return 130
    except OSError as e:  # stdout failing (a full disk) or another I/O error: said, no traceback
        _drop_stdout()
        print(f"rdflib-strict: {_os_error(e)}", file=sys.stderr)
        return 2


class _ClosedStream(io.TextIOBase):
    """A standard stream closed before the command started (``>&-``, ``<&-``), where Python
    leaves None: reading or writing it is an OSError the command reports as it reports other
    I/O errors (status 2), never an AttributeError's traceback. Nothing is ever buffered, so
    a flush is nothing (``validate -q >&-`` of a valid file succeeds, as ``true >&-`` does)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    def _closed(self) -> NoReturn:
        raise OSError(errno.EBADF, f"standard {self._name} is closed")

    def write(self, s: str, /) -> int:
        self._closed()

    def read(self, size: int | None = -1, /) -> str:
        self._closed()

    def fileno(self) -> int:
        self._closed()

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        pass

    @property
    def buffer(self) -> IO[bytes]:
        self._closed()


def _mend_closed_streams() -> None:
    """``_ClosedStream`` for a closed stdin or stdout; a closed stderr discards what is said
    (there is no one to say it to, and ``print(file=None)`` would write it to stdout)."""
    if sys.stdin is None:
        sys.stdin = _ClosedStream("input")
    if sys.stdout is None:
        sys.stdout = _ClosedStream("output")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # the process's, to its end


class _Terminated(BaseException):
    """SIGTERM (``timeout``, a CI cancel, systemd): the command stops as on Ctrl-C."""


def entry() -> NoReturn:
    """The console script: ``main``, then an exit that skips the interpreter's teardown.

    Freeing every module and object at exit took 25-45 ms of each run (rdflib's imports alone
    25 ms), a fifth of ``validate`` of a small file and 5% of ``validate -j 2`` of 39 MB of
    Turtle. By then the command has closed what it opened (files, pools, scratch folders):
    what is left to do is flushing the standard streams, done here. SIGTERM stops a command as
    Ctrl-C does, its unfinished output files removed, with the shell's status for it (143).
    """
    parent = os.getpid()

    def terminated(signum: int, frame: object) -> None:
        if os.getpid() != parent:  # a forked worker: it ends as the default action ends it
            os._exit(128 + signum)
        raise _Terminated

    signal.signal(signal.SIGTERM, terminated)
    _mend_closed_streams()
    try:
        status = main()
    except _Terminated:  # the files it was writing are removed on the way out, as for Ctrl-C
        status = 128 + signal.SIGTERM
    except SystemExit as e:  # argparse's --help, --version and usage errors: said already
        if e.code is None or isinstance(e.code, int):
            status = e.code or 0
        else:  # as the interpreter would: the message, status 1
            print(e.code, file=sys.stderr)
            status = 1
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # stdout's reader left (| head): it wanted no more
        status = status or 2
    except OSError as e:  # a full disk
        print(f"rdflib-strict: {_os_error(e)}", file=sys.stderr)
        status = status or 2
    sys.stderr.flush()
    os._exit(status)


def _os_error(e: OSError) -> str:
    """An I/O error as a sentence: the file it names, if any, and the system's reason."""
    reason = e.strerror or str(e)
    return f"{e.filename}: {reason}" if e.filename is not None else reason


def _drop_stdout() -> None:
    """Point stdout at the null device: the interpreter's flush at exit would fail again on
    what is left in its buffer, and print a traceback of its own."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file (a test's stream): nothing is flushed at exit
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


if __name__ == "__main__":  # pragma: no cover
    entry()
