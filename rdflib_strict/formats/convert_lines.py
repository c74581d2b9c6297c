"""Converting N-Triples and N-Quads to N-Triples or N-Quads, mostly without rdflib terms.

Most lines of a dump are already written the way our writer writes them: one space between
terms, `` .`` and LF at the end, ASCII IRIs of the common shapes, labels, string bodies
without escapes or characters the writer escapes. Such a line is valid, and parsing it into
terms and writing them back would give the same bytes, so whole runs of them are copied in
one regex call. Every other line (comments, CRLF, escapes, non-ASCII IRIs, errors) goes
through the parser's precise reader and the TermWriter, so its output and its errors are
those of a parse-then-write conversion: tests/test_convert_lines.py checks both ways agree.
"""

from __future__ import annotations

import re
from typing import IO, Final

from ..syntax.reader import OnError, SinkQuad
from ..syntax.errors import ParseError, SerializeError
from ..syntax.escapes import STRING_ESCAPED
from ..syntax.grammar import BLANK_NODE_LABEL_BODY, LANGTAG_SIMPLE, NOT_LANG_DATATYPE, run_of
from ..syntax.iri import ASCII_IRI_SHAPE
from ..syntax.chunks import ChunkReader
from .lines import LineParser
from .terms import Terms
from .write_terms import TermWriter

__all__ = ["LineConverter"]

# A string body the writer writes back as it is: no escapes (it would decode them, then
# write only the ones it must) and none of the characters it escapes.
_PLAIN_BODY: Final = f"[^{STRING_ESCAPED}]*"


def _copied_lines(quads: bool, labels: bool) -> re.Pattern[str]:
    """A run (``run_of``) of whole lines the writer would write back byte for byte (with
    blank nodes only if ``labels``: the writer keeps their labels)."""
    node = f"(?:<{ASCII_IRI_SHAPE}>|_:{BLANK_NODE_LABEL_BODY})" if labels else f"<{ASCII_IRI_SHAPE}>"
    datatype = f"<{NOT_LANG_DATATYPE}{ASCII_IRI_SHAPE}>"
    # The writer keeps a tag's case.
    obj = f'(?:{node}|"{_PLAIN_BODY}"(?:@{LANGTAG_SIMPLE}|\\^\\^{datatype})?)'
    graph = f"(?: {node})?" if quads else ""
    return re.compile(run_of(f"{node} <{ASCII_IRI_SHAPE}> {obj}{graph} \\.\\n"))


class LineConverter(LineParser):
    """Writes the statements of an N-Triples (``quads=False``) or N-Quads document as N-Triples
    (``with_graphs=False``) or N-Quads, as ``write_lines`` would write what the parser reads:
    blank nodes keep their labels (``Terms.prefix``), after ``tag`` if one is given (one of
    several inputs of one output), bad lines raise or go to ``on_error``, a named graph
    written as N-Triples raises SerializeError."""

    def __init__(self, quads: bool, with_graphs: bool, prefix: str | None = None, tag: str = "") -> None:
        # values=False: the writer needs a literal's lexical form, never its Python value.
        super().__init__(Terms(values=False, prefix=prefix), quads, None)
        # From N-Quads to N-Triples, a line with a graph label is not copied: the precise
        # path refuses it.
        self._copied = _copied_lines(quads and with_graphs, labels=not tag).match
        self._with_graphs = with_graphs
        self._writer = TermWriter(labels_of={self.terms.prefix + "l": tag})

    def convert(self, reader: ChunkReader, out: IO[bytes], on_error: OnError | None = None) -> int:
        """Write ``reader``'s document to ``out``; the number of statements written."""
        self.name = reader.name
        copied = self._copied
        count = 0
        for src in reader:
            self._src = src
            self._first_line = reader.line
            written: list[str] = []
            pos = 0
            end = len(src)
            while pos < end:
                m = copied(src, pos)
                if m is not None:
                    written.append(m.group())
                    count += src.count("\n", pos, m.end())
                    pos = m.end()
                    continue
                try:
                    next_pos, quad = self._statement(src, pos)
                except ParseError as e:
                    next_pos = self._reject(e, pos, on_error)
                else:
                    if quad is not None:
                        written.append(self._line(quad))
                        count += 1
                pos = next_pos
            out.write("".join(written).encode("utf-8"))
            self.trim_caches()
            self._writer.trim()
        return count

    def _line(self, quad: SinkQuad) -> str:
        w = self._writer
        s, p, o, g = quad
        if g is None:
            end = " .\n"
        elif not self._with_graphs:
            raise SerializeError("N-Triples has no named graphs", g, None)
        else:
            end = " " + w.graph_label(g) + " .\n"
        return f"{w.subject(s, quad)} {w.predicate(p, quad)} {w.object(o, quad)}{end}"
