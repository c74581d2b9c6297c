"""Converting N-Triples and N-Quads to N-Triples or N-Quads, mostly without rdflib terms.

Most lines of a dump are already written the way our writer writes them: one space between
terms, `` .`` and LF at the end, ASCII IRIs of the common shapes, labels, string bodies
without escapes or characters the writer escapes. Such a line is valid, and parsing it into
terms and writing them back would give the same bytes, so whole runs of them are copied in
one regex call. Blank and comment lines write nothing. Every other line (CRLF, escapes,
non-ASCII IRIs, errors) goes through the parser's precise reader and the TermWriter, so its
output and its errors are those of a parse-then-write conversion: tests/test_convert_lines.py
checks both ways agree. Both are made, and rdflib imported, when a line first needs them
(``LineFront``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from typing import IO, TYPE_CHECKING, Any, Final

from ..syntax.chunks import ChunkReader
from ..syntax.escapes import LONG_BODY, STRING_ESCAPED, escape_string, rewrite_escapes, unescape_string
from ..syntax.grammar import ESCAPE_SCALAR, LANGTAG_BODY, POSSESSIVE
from ..syntax.reader import OnError, document_prefix
from ..syntax.version import RdfVersion
from .line_loop import Fast, LineFront
from .line_patterns import STRICT_STRING_BODY, plain_run, plain_statement

if TYPE_CHECKING:
    from ..syntax.reader import SinkQuad
    from .lines import LineParser
    from .write_terms import TermWriter

__all__ = ["LineConverter"]

# A string body the writer writes back as it is but for its escapes: none of the characters
# it escapes (it would escape them), ECHARs and UCHARs of scalar values (it decodes them, then
# writes only those it must, its own way).
# Possessive (3.11+), as ``STRICT_STRING_BODY``: a backtracking entry an escape held 187 MiB
# for a line of a million.
_WRITTEN_CHAR: Final = f"[^{STRING_ESCAPED}]*{POSSESSIVE}"
_WRITTEN_BODY: Final = rf"{_WRITTEN_CHAR}(?:\\(?:{ESCAPE_SCALAR}){_WRITTEN_CHAR})*{POSSESSIVE}"


def _rewritten_line(quads: bool, labels: bool) -> re.Pattern[str]:
    """One line the writer writes as it is but for its string body, which holds characters
    it escapes (a raw tab) or escapes it writes otherwise, and whose language tag may be any
    (checked after); groups: the string body, the datatype, the tag."""
    return re.compile(
        plain_statement(
            STRICT_STRING_BODY,
            quads,
            "\\.\\n",
            labels=labels,
            written=True,
            groups="literal",
            langtag=LANGTAG_BODY,
        )
    )


def _copied_lines(quads: bool, labels: bool) -> re.Pattern[str]:
    """A run (``run_of``) of whole lines the writer would write back byte for byte but for
    their string bodies' escapes (with blank nodes only if ``labels``: the writer keeps their
    labels). The line's only backslashes are in its string body: no IRI or label of these
    shapes holds one."""
    # The writer keeps a tag's case.
    return plain_run(_WRITTEN_BODY, quads, "\\.\\n", labels=labels, written=True)


class LineConverter(LineFront):
    """Writes the statements of an N-Triples (``quads=False``) or N-Quads document as N-Triples
    (``with_graphs=False``) or N-Quads, as ``write_lines`` would write what the parser reads:
    blank nodes keep their labels (``Terms.prefix``), after ``tag`` if one is given (one of
    several inputs of one output), bad lines raise or go to ``on_error``, a named graph
    written as N-Triples raises SerializeError."""

    def __init__(
        self,
        quads: bool,
        with_graphs: bool,
        prefix: str | None = None,
        tag: str = "",
        version: RdfVersion = RdfVersion.RDF11,
    ) -> None:
        super().__init__()
        self.quads = quads
        # The copied lines are RDF 1.1 forms; RDF 1.2 ones are read and written term by term.
        self.version = version
        # The precise reader's blank node id prefix, which the writer writes as the labels.
        self.prefix = document_prefix() if prefix is None else prefix
        # From N-Quads to N-Triples, a line with a graph label is not copied: the precise
        # path refuses it.
        self._copied = _copied_lines(quads and with_graphs, labels=not tag).match
        self._with_graphs = with_graphs
        self._tag = tag
        self._count = 0
        self._backoff = self._skip = 0

    @cached_property
    def writer(self) -> TermWriter:
        """The writer of the statements the precise reader reads (made when first needed)."""
        from .write_terms import TermWriter

        return TermWriter(labels_of={self.prefix + "l": self._tag}, version=self.version)

    def _made_reader(self) -> LineParser:
        from .lines import LineParser
        from .terms import Terms

        # values=False: the writer needs a literal's lexical form, never its Python value.
        terms = Terms(values=False, prefix=self.prefix, rdf12=self.version.rdf12)
        return LineParser(terms, self.quads, None, version=self.version)

    def convert(self, reader: ChunkReader, out: IO[bytes], on_error: OnError | None = None) -> int:
        """Write ``reader``'s document to ``out``; the number of statements written."""
        self._count = 0
        for written in self._read_lines(reader, on_error):
            out.write("".join(written).encode("utf-8"))
        return self._count

    @cached_property
    def _rewritten(self) -> Callable[[str, int], re.Match[str] | None]:
        return _rewritten_line(self.quads and self._with_graphs, labels=not self._tag).match

    def _fast(self, src: str, out: list[Any]) -> Fast:
        """Whole runs of lines copied as they are, counted by their line ends; in a line with
        escapes (an ASCII-only dump's non-ASCII text, a tab), the string body between its
        first and last '"' is decoded and escaped as the writer escapes. Where a run stops,
        one line whose string body holds what the writer escapes (a raw tab) or whose tag is
        not of the simplest shapes, written so otherwise, is written with its body rewritten
        the same way."""
        copied = self._copied
        append = out.append
        find, rfind = src.find, src.rfind
        escape, unescape, rewrite, long_body = escape_string, unescape_string, rewrite_escapes, LONG_BODY

        size = len(src)

        def fast(pos: int) -> int:
            while pos < size:
                m = copied(src, pos)
                if m is None:
                    taken = self._rewritten_line(src, pos, out)
                    if taken == pos:
                        return pos
                    pos = taken
                    continue
                stop = m.end()
                backslash = find("\\", pos, stop)
                while backslash >= 0:
                    line_end = find("\n", backslash, stop)
                    line_start = rfind("\n", pos, backslash) + 1 or pos  # the run's first line: pos
                    start = find('"', line_start, line_end) + 1
                    end = rfind('"', start, line_end)
                    append(src[pos:start])
                    body = src[start:end]
                    append(escape(unescape(body)) if end - start < long_body else rewrite(body))
                    pos = end
                    backslash = find("\\", line_end, stop)
                append(src[pos:stop])
                self._count += src.count("\n", m.start(), stop)
                pos = stop
            return pos

        return fast

    def _rewritten_line(self, src: str, pos: int, out: list[Any]) -> int:
        """Where the line at ``pos`` ends if ``_rewritten`` takes it, written to ``out`` with
        its string body decoded and escaped as the writer escapes (its new tag checked); else
        ``pos``.

        After it takes none, the next ``_backoff`` lines the runs leave go straight to the
        precise reader: a wait doubled at each miss (up to 256) and reset by a hit, as for
        Turtle's N-Triples lines. (Tried on each, a failed match cost rich-100k.nt, whose 6,230
        lines with non-ASCII IRIs the precise reader reads, 13% more time.)"""
        if self._skip:
            self._skip -= 1
            return pos
        m = self._rewritten(src, pos)
        if m is not None:
            start, end = m.span(1)
            lang = m.group(3)
            if start >= 0 and (lang is None or lang in self._langs or self._tag_ok(lang)):
                out += (src[pos:start], escape_string(unescape_string(src[start:end])), src[end : m.end()])
                self._count += 1
                self._backoff = 0
                return m.end()
        self._backoff = self._skip = min(2 * self._backoff + 1, 256)
        return pos

    def _took(self, quad: SinkQuad, start: int, out: list[Any]) -> None:
        out.append(self._line(quad))
        self._count += 1

    def trim_caches(self) -> None:
        super().trim_caches()
        if "writer" in self.__dict__:
            self.writer.trim()

    def _line(self, quad: SinkQuad) -> str:
        w = self.writer
        s, p, o, g = quad
        if g is None:
            end = " .\n"
        elif not self._with_graphs:
            from .write_lines import no_named_graphs

            raise no_named_graphs(quad, w)
        else:
            end = " " + w.graph_label(g) + " .\n"
        return f"{w.subject(s, quad)} {w.predicate(p, quad)} {w.object(o, quad)}{end}"
