"""``rdflib-strict fmt``: a Turtle or TriG document rewritten in the canonical layout, its
comments and directives kept.

The body is what ``canonical=True`` writes (``formats.write_turtle``); the header is the
author's own ``@prefix``/``@base``/``PREFIX``/``BASE`` lines, in their order (found by
``formats.turtle_cuts``, whose scanner also finds the comments). Each comment is tied to a
statement of the source (the source map says where each one is written) and put back at that
statement in the output, which is parsed with a source map of its own to say where the
statement went. Blank nodes cross from one to the other by their RDFC-1.0 labels.

- A comment on its own lines between statements (after a ``.``, ``{`` or ``}``, or a
  directive) goes before the block of the next statement's subject, and moves with it; in
  TriG, one after a ``}`` goes before the opening line of the next statement's graph, one at
  the end of the line of a graph's ``{`` or ``}`` stays at the end of that graph's opening or
  closing line (``_Placement._at_graph_block``).
- One on its own lines inside a block goes before the line of the next statement.
- One at the end of a line stays at the end of the line of the term it followed: an object,
  a subject, a predicate, an opening ``[``/``(``; a second one for the same line goes on its
  own line before it.
- One after the last statement stays at the end; one among the header's directives stays there.

The output is parsed again and must hold the same statements, or nothing is returned.
"""

from __future__ import annotations

import io
import re
import warnings
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from rdflib.graph import Dataset

from .edge.illtyped import IllTypedLiteralWarning
from .edge.readers import make_validator
from .edge.sourcemap import SourceMap
from .edge.writers import statements
from .formats.canonical_labels import canonical_statements
from .formats.terms import Statement
from .formats.turtle_cuts import Comment, StatementCuts, comments, continued_lines
from .formats.write_trig import trig_body
from .formats.write_turtle import TurtleWriter
from .syntax.chunks import ChunkReader
from .syntax.errors import ParseError
from .syntax.escapes import unescape_iri
from .syntax.iri import resolve
from .syntax.kinds import ErrorKind
from .syntax.scan import sure_match
from .syntax.version import RdfVersion

__all__ = ["FormatError", "fmt_text"]

Pos = tuple[int, int]  # (line, column), both from 1, as Span counts them

# [4] prefixID, [5] base, [6s] sparqlPrefix, [5s] sparqlBase: the prefix and the IRI.
# Comments may come between the tokens.
_GAP: Final = r"(?:\s|#[^\r\n]*)*"
_DIRECTIVE: Final = re.compile(rf"@?(?i:(prefix)|base){_GAP}(?:([^\s:#]*):)?{_GAP}<([^>]*)>")
_LINE_END: Final = re.compile(r"\r\n|\r|\n")


class FormatError(Exception):
    """The document does not parse (``errors``: each error, as ``validate`` shows it), or its
    formatted text would not hold the same statements (a bug: nothing is written)."""

    def __init__(self, message: str, errors: Sequence[ParseError] = ()) -> None:
        super().__init__(message)
        self.errors = list(errors)


@dataclass
class _Directive:
    start: int
    end: int
    text: str
    prefix: str | None  # None for a base


@dataclass
class _Doc:
    """A parsed document: its statements (parse order), RDFC-1.0 names, map and line starts."""

    quads: list[Statement]
    canon: list[Statement]
    source_map: SourceMap
    line_starts: list[int] = field(default_factory=list)

    def pos(self, offset: int) -> Pos:
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1


def _parse(
    text: str, name: str, trig: bool, base: str | None, work_limit: int | None, version: RdfVersion
) -> _Doc:
    ds, sm, errors = Dataset(), SourceMap(), list[ParseError]()
    stream = io.StringIO(text)
    stream.name = name
    try:
        ds.parse(
            source=stream,
            format="strict-trig" if trig else "strict-turtle",
            publicID=base,
            source_map=sm,
            on_error=errors.append,
            version=version.value,
        )
    except ParseError as e:
        errors.append(e)
    if errors:
        raise FormatError(f"{name}: does not parse", errors)
    quads = list(statements(ds, with_graphs=True))
    starts = [0] + [m.end() for m in _LINE_END.finditer(text)]
    return _Doc(quads, canonical_statements(quads, work_limit, version), sm, starts)


def _directives(text: str, trig: bool) -> list[_Directive]:
    cuts = StatementCuts[str](trig, binary=False)
    cuts.scan(text, 0, True, len(text) + 1)
    found = []
    for start, end in cuts.directives:
        body = _LINE_END.sub("\n", text[start:end])  # the output's lines end in LF
        m = _DIRECTIVE.match(body)
        if m is None:  # a VERSION directive (RDF 1.2): kept as written
            found.append(_Directive(start, end, body, None))
            continue
        found.append(_Directive(start, end, body, (m.group(2) or "") if m.group(1) else None))
    return found


def _bindings(directives: list[_Directive], base: str | None) -> tuple[dict[str, str], str | None]:
    """The prefixes in force after the directives, and the base if one was declared."""
    prefixes: dict[str, str] = {}
    declared: str | None = None
    for d in directives:
        m = _DIRECTIVE.match(d.text)
        if m is None:
            continue
        iri = unescape_iri(m.group(3))
        iri = resolve(base, iri) if base is not None else iri
        if d.prefix is None:
            base = declared = iri
        else:
            prefixes[d.prefix] = iri
    return prefixes, declared


def fmt_text(
    text: str,
    name: str,
    *,
    trig: bool,
    base: str | None = None,
    prune_prefixes: bool = False,
    work_limit: int | None = None,
    version: RdfVersion = RdfVersion.RDF11,
) -> str:
    """``text`` (Turtle, or TriG with ``trig``) in the canonical layout with its comments and
    directives; ``base`` the document's own (its URL). Raises FormatError, and
    ``rdfc10.WorkLimitError`` past ``work_limit`` steps of RDFC-1.0. ``version``: the RDF read
    and written. Ill-typed literals, valid RDF that ``validate`` reports, are kept as written
    and not warned about: every parse here would warn again, the output's at its own lines."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IllTypedLiteralWarning)
        return _formatted(text, name, trig, base, prune_prefixes, work_limit, version)


def _formatted(
    text: str,
    name: str,
    trig: bool,
    base: str | None,
    prune_prefixes: bool,
    work_limit: int | None,
    version: RdfVersion,
) -> str:
    text = text.removeprefix("\ufeff")
    directives = _directives(text, trig)
    relative = _relies_on_its_location(text, trig, version)
    if relative and base is None:  # stdin: where it is read, as rdflib would resolve it
        base = Path.cwd().as_uri() + "/"
    src = _parse(text, name, trig, base, work_limit, version)
    prefixes, declared = _bindings(directives, base)
    if relative and declared is None:
        # Relative references with no @base: resolved against the file's own URL, written
        # relative to it again (no @base line), never with the path of the machine it is on.
        declared = base
    triples = () if trig else ((s, p, o) for s, p, o, _ in src.canon)
    writer = TurtleWriter(triples, sorted(prefixes.items()), declared, False, False, version)
    body = trig_body(src.canon, writer) if trig else writer.body()
    placed = _Placement(src, text, directives, trig)
    used = writer.used_prefixes
    kept = [
        d
        for d in directives
        if not prune_prefixes or d.prefix is None or d.prefix in used or d.start in placed.holding
    ]
    header = placed.header(kept)
    draft = header + body
    out = _parse(draft, name, trig, base, work_limit, version)
    _same(src, out, name)
    final = placed.apply(draft, out)
    if final != draft:
        _same(src, _parse(final, name, trig, base, work_limit, version), name)
    if "\r\n" in text and text.count("\n") == text.count("\r\n"):
        return _with_crlf(final, src, name, trig, base, work_limit, version)
    return final


def _with_crlf(
    final: str,
    src: _Doc,
    name: str,
    trig: bool,
    base: str | None,
    work_limit: int | None,
    version: RdfVersion,
) -> str:
    """``final`` with the CRLF line ends of a document that has only those (rewritten with
    LF, every line of a Windows file was a change); as it is if that changes a statement (a
    long string's line break, whose value CRLF would change)."""
    windows = final.replace("\n", "\r\n")
    if '"""' not in final and "'''" not in final:
        return windows  # no long string: every line break is between tokens or ends a comment
    try:
        _same(src, _parse(windows, name, trig, base, work_limit, version), name)
    except FormatError:
        return final
    return windows


def _relies_on_its_location(text: str, trig: bool, version: RdfVersion) -> bool:
    """Whether ``text`` holds relative references that only the location it is read from
    resolves (it declares no base): read without one, it fails for those alone."""
    # The validator's verdicts are the parser's, for a fifth of its time: no terms are built.
    errors: list[ParseError] = []
    validator = make_validator("trig" if trig else "turtle", None, version=version)
    validator.check(ChunkReader(io.StringIO(text), "<text>"), errors.append)
    return bool(errors) and all(e.kind is ErrorKind.RELATIVE_IRI_WITHOUT_BASE for e in errors)


def _same(src: _Doc, out: _Doc, name: str) -> None:
    if set(src.canon) != set(out.canon):
        raise FormatError(f"{name}: the formatted text would not hold the same statements; left as it is")


_BETWEEN: Final = re.compile(r"(?:\s|#[^\r\n]*)*")  # only spaces and comments
_NEXT_TOKEN: Final = sure_match(_BETWEEN.pattern)  # the text's next token: past its spaces and comments
# What opens a TriG graph block: GRAPH, a '{', or a label (an IRI, a prefixed name, a blank
# node) and then a '{' (a statement's subject is followed by a predicate, never by a '{').
_GRAPH_OPENING: Final = re.compile(r"(?:GRAPH|graph)\s|\{|(?:<[^>\s]*>|[^\s{<]+)\s*\{(?!\|)")


def _opens_graph(line: str) -> bool:
    """Whether an output line opens a TriG graph block (``label {``: the writer's only lines
    at the margin that end in '{')."""
    return line.endswith("{") and not line.startswith(" ")


class _Placement:
    """Where each comment of the source goes in the output (see the module doc)."""

    def __init__(self, src: _Doc, text: str, directives: list[_Directive], trig: bool = False) -> None:
        self.src = src
        self.trig = trig
        self.text = text
        self.directives = directives
        found = comments(text)
        #: The starts of the directives that hold a comment: never pruned, the comment with them.
        self.holding = {d.start for d in directives for c in found if d.start <= c.offset < d.end}
        found = [c for c in found if not any(d.start <= c.offset < d.end for d in directives)]
        first = self._first_statement()
        head_end = max((d.end for d in directives if d.start < first), default=0)
        self.head = [c for c in found if c.offset < head_end or (not c.own_line and self._after_directive(c))]
        self.body = [c for c in found if c not in self.head]
        self.starts: list[tuple[Pos, int]] = []
        self.ends: list[tuple[Pos, int]] = []
        if self.body:
            sm = src.source_map
            for i, st in enumerate(src.quads):
                for span, obj in zip(sm.statement(st), sm.object(st), strict=True):
                    self.starts.append(((span.line, span.column), i))
                    self.ends.append(((obj.end_line, obj.end_column), i))
            self.starts.sort()
            self.ends.sort()

    def _first_statement(self) -> int:
        """The offset of the first statement (the text's end without one)."""
        sm, src = self.src.source_map, self.src
        best: Pos | None = None
        for st in src.quads:
            for span in sm.statement(st):
                if best is None or (span.line, span.column) < best:
                    best = (span.line, span.column)
        if best is None:
            return len(self.text)
        return src.line_starts[best[0] - 1] + best[1] - 1

    def _after_directive(self, c: Comment) -> bool:
        ends = [d.end for d in self.directives if d.end <= c.offset]
        return bool(ends) and _BETWEEN.fullmatch(self.text, max(ends), c.offset) is not None

    def header(self, kept: list[_Directive]) -> str:
        """The kept directives and the header's comments, in source order, one a line; a blank
        line where the source had one between them, and after them."""
        items = sorted(
            [(d.start, d.end, d.text, True) for d in kept]
            + [(c.offset, c.offset, c.text, c.own_line) for c in self.head]
        )
        lines: list[str] = []
        last: int | None = None  # the line the previous item ended on
        for start, end, body, own in items:
            line = self.src.pos(start)[0]
            if not own and last == line and lines:
                lines[-1] += " " + body
                continue
            if last is not None and line > last + 1:
                lines.append("")
            lines.append(body)
            last = self.src.pos(end)[0]
        return "\n".join(lines) + "\n\n" if lines else ""

    def apply(self, draft: str, out: _Doc) -> str:
        """``draft`` (header and body) with the body's comments put in."""
        if not self.body:
            return draft
        target = _Target(self.src, out)
        before: dict[int, list[str]] = {}
        eol: dict[int, list[str]] = {}
        end: list[str] = []
        safe = continued_lines(draft)
        lines = draft.split("\n")
        for c in self.body:
            kind, line = self._anchor(c, target)
            if self.trig:
                kind, line = self._at_graph_block(c, kind, line, lines, target)
            if kind == "end":
                end.append(c.text)
            elif kind == "before":
                while line in safe:
                    line -= 1
                before.setdefault(line, []).append(c.text)
            else:
                while line + 1 in safe:
                    line += 1
                eol.setdefault(line, []).append(c.text)
        for at, texts in eol.items():  # one a line; the others just before it
            if len(texts) > 1:
                before.setdefault(at, []).extend(texts[1:])
        out_lines: list[str] = []
        for i, text in enumerate(draft.split("\n")[:-1]):  # the draft ends with a line end
            indent = text[: len(text) - len(text.lstrip(" "))]
            out_lines += [indent + comment for comment in before.get(i, ())]
            out_lines.append(text + " " + eol[i][0] if i in eol else text)
        if end:
            while out_lines and out_lines[-1] == "":  # a header without statements ends in one
                out_lines.pop()
            out_lines += ["", *end] if out_lines else end
        return "\n".join(out_lines) + "\n"

    def _at_graph_block(
        self, c: Comment, kind: str, line: int, lines: list[str], target: _Target
    ) -> tuple[str, int]:
        """Where a TriG comment at a graph block goes, which ``_anchor`` puts before the next
        statement's block, inside its graph: one on its own lines before a graph's label
        (or its '{'), before the output's opening line of the next statement's graph; one at
        the end of the line of a graph's '{', at the end of that graph's opening line; one at
        the end of the line of a '}' (not RDF 1.2's '|}'), at the end of the closing line of
        the graph of the statement before it. Graphs are reordered: each comment goes with
        the graph it was written at."""
        if c.own_line:
            if (
                kind != "before"
                or _GRAPH_OPENING.match(self.text, _NEXT_TOKEN(self.text, c.offset).end()) is None
            ):
                return kind, line
        else:
            k = self.text.rfind(c.after, 0, c.offset)
            if c.after not in ("{", "}") or k < 1 or self.text[k - 1 if c.after == "}" else k + 1] == "|":
                return kind, line
        if c.after == "}" and not c.own_line:
            e = bisect_left(self.ends, (self.src.pos(c.offset), -1)) - 1
            if e < 0:
                return kind, line
            close = last = target.end_line(self.ends[e][1])
            while close < len(lines) and lines[close] != "}" and not _opens_graph(lines[close]):
                close += 1
            # The default graph's block has no braces in the output: its last statement's line.
            return "eol", close if close < len(lines) and lines[close] == "}" else last
        head = line
        while head >= 0 and not _opens_graph(lines[head]):
            head -= 1
        if head < 0 or "}" in lines[head:line]:  # the statement is in no graph block (the default graph)
            return kind, line
        return ("before", head) if c.own_line else ("eol", head)

    def _anchor(self, c: Comment, target: _Target) -> tuple[str, int]:
        """``("before" | "eol", output line (0-based))`` or ``("end", 0)`` for comment ``c``."""
        pos = self.src.pos(c.offset)
        if not c.own_line and c.after not in "{}":  # "" is in every string: the text's start
            k = bisect_left(self.starts, (pos, -1)) - 1
            e = bisect_left(self.ends, (pos, -1)) - 1
            if e >= 0 and (k < 0 or self.ends[e][0] >= self.starts[k][0]):
                return "eol", target.end_line(self.ends[e][1])
            if k >= 0:
                at, i = self.starts[k]
                if target.is_subject_at(i, at):
                    return "eol", target.block_line(i)
                return "eol", target.start_line(i)
        k = bisect_left(self.starts, (pos, -1))
        if k == len(self.starts):
            return "end", 0
        i = self.starts[k][1]
        if c.after in ("", ".", "{", "}") or self._after_directive(c):
            return "before", target.block_line(i)
        return "before", target.start_line(i)


class _Target:
    """Where a source statement (by its index in the source's parse order) is in the output."""

    def __init__(self, src: _Doc, out: _Doc) -> None:
        self.src = src
        self.out = out
        self.index = {c: j for j, c in enumerate(out.canon)}

    def _out(self, i: int) -> Statement:
        return self.out.quads[self.index[self.src.canon[i]]]

    def start_line(self, i: int) -> int:
        return self.out.source_map.statement(self._out(i))[0].line - 1

    def end_line(self, i: int) -> int:
        return self.out.source_map.object(self._out(i))[0].end_line - 1

    def block_line(self, i: int) -> int:
        """The first line of the block holding the statement's subject (in its graph)."""
        st = self._out(i)
        line = self.start_line(i) + 1
        heads = [span.line for span in self.out.source_map.subject(st[0]) if span.line <= line]
        return max(heads, default=line) - 1

    def is_subject_at(self, i: int, at: Pos) -> bool:
        """Whether the source writes the statement's subject at ``at`` (its block's start)."""
        s = self.src.quads[i][0]
        return any((span.line, span.column) == at for span in self.src.source_map.subject(s))
