"""Workload: which statements leave the parsers' fast paths, by shape (issue #27).

Not a timing: it counts. ``iterparse`` reads the file once with the full readers wrapped:

* N-Triples / N-Quads: every line the whole-statement pattern did not take goes to
  ``LineParser._statement``; each is classed by what it holds (``\\U`` or ``\\u`` escapes,
  other escapes, a language tag, a datatype, a blank node, non-ASCII text). ``validate`` has
  tiers of its own: a run pattern for many plain lines at once, then one strict statement
  (ASCII IRIs, then any), then IRIs with escapes (decoded and checked), then the precise
  reader; each line is tried on them as the
  validator would, and the lines the run pattern leaves are classed the same way.
* Turtle / TriG: the fast patterns take "subject", "verb object" and "object" runs, and one
  object or collection item at a time (``_read_term``); every term they leave goes to
  ``_read_atom`` / ``_read_verb`` / ``_read_open_bracket``; each is classed by
  its first characters (a long string, a string with escapes, a number, a prefixed name of
  a shape the fast pattern does not take, ...).

The table gives, per class, how many statements (lines) or terms went to the full reader, as a
share of all statements read: what to widen next, and on which data.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rdflib_strict import iterparse
from rdflib_strict.formats.lines import LineParser
from rdflib_strict.formats.turtle import _FAST_PNAME, TurtleParser
from rdflib_strict.formats.validate_lines import LineValidator, _not_ucschar_in_iris
from rdflib_strict.syntax.iri import NOT_UCSCHAR

from common import Input, log, table

_ESCAPE_U = re.compile(r"\\U[0-9A-Fa-f]{8}")
_ESCAPE_u = re.compile(r"\\u[0-9A-Fa-f]{4}")
_FAST_NAME = re.compile(_FAST_PNAME + r"(?=[\s;,.\]\)])")


def line_class(line: str) -> str:
    """What a statement line holds that a whole-statement pattern may not take."""
    if _ESCAPE_U.search(line):
        return "\\U escape"
    if _ESCAPE_u.search(line):
        return "\\u escape"
    if "\\" in line:
        return "other escape"
    if not line.isascii():
        return "non-ASCII text"
    if '"@' in line:
        return "language tag"
    if '"^^' in line:
        return "datatype"
    if "_:" in line:
        return "blank node"
    return "other"


def term_class(src: str, pos: int) -> str:
    """The kind of the Turtle term at ``pos``, as the fast patterns see it."""
    c = src[pos]
    if c in "\"'":
        q = src[pos]
        if src.startswith(q * 3, pos):
            return "long string"
        end = src.find(q, pos + 1)
        body = src[pos + 1 : end if end > 0 else pos + 80]
        if "\\" in body:
            return "string with escapes"
        if q == "'":
            return "'single-quoted' string"
        tail = src[end + 1 : end + 3] if end > 0 else ""
        if tail.startswith("^^<"):
            return "datatype as <IRI>"
        return "string, then a comment or no space" if tail[:1] not in (" ", "@", "^") else "string (other)"
    if c == "<":
        return "IRI (escape or odd ending)"
    if c == "_":
        return "blank node label"
    if c == "[":
        return "[ ] property list"
    if c in "0123456789+-.":
        return "number"
    if src.startswith(("true", "false"), pos):
        return "boolean"
    if c == "a" and not src[pos + 1 : pos + 2].isalnum() and src[pos + 1 : pos + 2] != ":":
        return "a"
    if _FAST_NAME.match(src, pos):
        return "prefixed name of a fast shape (a verb before '[' or '(', an item)"
    return "prefixed name of another shape"


@dataclass
class FastPathRow:
    file: str
    statements: int
    counts: Counter[str]


@contextmanager
def _counting(counts: Counter[str]) -> Iterator[None]:
    """The full readers wrapped to count what reaches them."""
    saved: list[tuple[type, str, Any]] = []

    def wrap(cls: type, name: str, classify: Callable[[str, int], str]) -> None:
        original = getattr(cls, name)

        def counted(self: Any, src: str, pos: int, *args: Any) -> Any:
            counts[classify(src, pos)] += 1
            return original(self, src, pos, *args)

        saved.append((cls, name, original))
        setattr(cls, name, counted)

    wrap(LineParser, "_statement", lambda src, pos: line_class(src[pos : src.find("\n", pos)]))
    for name in ("_read_atom", "_read_verb", "_read_open_bracket"):
        wrap(TurtleParser, name, term_class)
    try:
        yield
    finally:
        for cls, name, original in saved:
            setattr(cls, name, original)


def validator_tiers(path: str, quads: bool) -> Counter[str]:
    """The lines ``validate`` takes by other means than its run pattern, by tier and class."""
    v = LineValidator(quads)
    counts: Counter[str] = Counter()
    with open(path, encoding="utf-8", newline="") as f:
        for line in f:
            stripped = line.strip()
            if not stripped or stripped.startswith("#") or v._run(line):
                continue
            m = v._match(line, 0)
            if m is None:
                m = v._match_any(line, 0)
                if m is not None and _not_ucschar_in_iris(NOT_UCSCHAR.search, line, 0, m):
                    m = None
            if m is not None:
                tier = "validate: one strict statement"
            elif v._escaped_statement(line, 0) >= 0:
                tier = "validate: escaped IRIs"
            else:
                tier = "validate: precise reader"
            counts[f"{tier}, {line_class(line)}"] += 1
    return counts


def run_fast_path(inp: Input, rows: list[FastPathRow]) -> None:
    log(f"== fast path {inp.label}")
    counts: Counter[str] = Counter()
    with _counting(counts):
        statements = sum(1 for _ in iterparse(inp.path, format=inp.fmt.key))
    counts = Counter({f"parse: {kind}": n for kind, n in counts.items()})
    if inp.fmt.key in ("nt", "nq"):
        counts.update(validator_tiers(str(inp.path), inp.fmt.key == "nq"))
    rows.append(FastPathRow(inp.label, statements, counts))


def fast_path_table(rows: list[FastPathRow]) -> str:
    cells = []
    for r in rows:
        total = sum(r.counts.values())
        share = 100 / max(r.statements, 1)
        cells.append([r.file, f"{r.statements:,}", "all", f"{total:,}", f"{total * share:.1f}%"])
        cells += [["", "", kind, f"{n:,}", f"{n * share:.1f}%"] for kind, n in r.counts.most_common()]
    header = ["file", "statements", "left by the fast path", "count", "per statement"]
    return table(header, cells)
