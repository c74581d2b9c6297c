"""Converting Turtle and TriG to N-Triples or N-Quads, lines written as N-Triples copied.

Many dumps named .ttl are N-Triples lines, and a Turtle document may hold runs of them: such a
line means what it means in N-Triples, so whole runs of the lines our writer would write back
byte for byte are copied as the line converter copies them (``LineConverter``, escapes
rewritten the writer's way); in a TriG graph block, written to N-Quads, with the block's
label. Every other statement is read by the
Turtle parser (the N-Triples fast path first, then its own reader) and written by the
TermWriter, so the output and the errors are those of a parse-then-write conversion:
tests/test_convert_turtle.py checks both ways agree.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import IO, Any, cast

from rdflib.term import Node

from ..syntax.chunks import ChunkReader
from ..syntax.reader import OnError, SinkQuad
from ..syntax.version import RdfVersion
from .convert_lines import LineConverter
from .terms import Terms
from .turtle import FastPerBatch, NTriplesLines, TurtleParser
from .write_lines import LineBuffer, write_quads

__all__ = ["TurtleConverter"]


class _CopiedLines(NTriplesLines):
    """Runs of written N-Triples lines in the default graph copied as text into the batch;
    then, as for the parser, N-Triples statements read by the N-Triples fast path."""

    def __init__(self, turtle: TurtleParser, copier: LineConverter) -> None:
        super().__init__(turtle)
        self._copier = copier
        self._copy = FastPerBatch(copier._fast)

    def forget(self) -> None:
        super().forget()
        self._copy.forget()

    def take(self, src: str, pos: int, out: list[SinkQuad], graph: Hashable) -> int:
        # A line in a named graph is copied with the graph's label before its " .\n" (written
        # to N-Quads; to N-Triples its quad goes on to the writer, which refuses it). A copied
        # line holds " .\n" only at its end: its IRIs hold no space, its string no line end.
        copier = self._copier
        if graph is None or copier._with_graphs:
            mark = len(out)
            copied = self._copy(src, out)(pos)
            if copied > pos:
                self.backoff = 0
                if graph is not None:
                    end = f" {copier.writer.graph_label(cast(Node, graph))} .\n"
                    texts: list[Any] = out  # the batch holds the copied text too
                    texts[mark:] = [text.replace(" .\n", end) for text in texts[mark:]]
                return copied
        return super().take(src, pos, out, graph)


class TurtleConverter(TurtleParser):
    """Writes the statements of a Turtle (``trig=False``) or TriG document as N-Triples
    (``with_graphs=False``) or N-Quads, as ``write_lines`` would write what the parser reads:
    blank nodes keep their labels, after ``tag`` if one is given (one of several inputs of
    one output); bad statements raise or go to ``on_error``; a named graph written as
    N-Triples raises SerializeError. ``prefix`` and ``scope`` are as in ``make_parser``."""

    def __init__(
        self,
        trig: bool,
        with_graphs: bool,
        base: str | None,
        tag: str = "",
        version: RdfVersion = RdfVersion.RDF11,
        *,
        prefix: str | None = None,
        scope: str = "",
    ) -> None:
        # values=False: the writer needs a literal's lexical form, never its Python value.
        terms = Terms(values=False, prefix=prefix, scope=scope, rdf12=version.rdf12)
        super().__init__(terms, base, None, trig=trig)
        self.version = version
        # Its writer writes the statements this parser reads: its labels are the parser's.
        self._copier = LineConverter(False, with_graphs, self.terms.prefix, tag, version)

    def convert(self, reader: ChunkReader, out: IO[bytes], on_error: OnError | None = None) -> int:
        """Write ``reader``'s document to ``out``; the number of statements written."""
        copier = self._copier
        copier._count = 0
        lines = LineBuffer(out)
        write, terms, with_graphs = write_quads, copier.writer, copier._with_graphs
        count = 0
        for batch in self.batches(reader, on_error):
            items: list[Any] = batch  # quads, and the text of the lines copied
            start = 0  # of the quads not written yet
            texts = 0
            for i, item in enumerate(items):
                if item.__class__ is str:
                    if i > start:
                        write(items[start:i], lines, terms, with_graphs)
                    lines.lines.append(item)
                    start = i + 1
                    texts += 1
            if start < len(items):
                write(items[start:], lines, terms, with_graphs)
            count += len(items) - texts  # the copied lines are the copier's count
            lines.flush()
        return count + copier._count

    def _lines_reader(self) -> NTriplesLines:
        return _CopiedLines(self, self._copier)

    def trim_caches(self) -> None:
        super().trim_caches()
        self._copier.trim_caches()
