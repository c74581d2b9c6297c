"""What a Turtle document reads as through ``TurtleParser`` alone, for tests that compare two
ways of reading it (a fast path on and off, statements chained or not)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rdflib import BNode
from rdflib.term import Node

from rdflib_strict import ParseError
from rdflib_strict.formats.terms import Terms
from rdflib_strict.formats.turtle import TurtleParser
from rdflib_strict.syntax.chunks import ChunkReader

__all__ = ["calls_of", "read_turtle"]


def read_turtle(doc: str, chunk_size: int, skip: bool) -> tuple[list[Any], list[Any], list[Any]]:
    """The statements read from ``doc`` in chunks of ``chunk_size`` bytes (blank nodes
    numbered in the order met), the ill-typed literal warnings and the errors (line, column,
    kind, message and the text skipped): each skipped (``on_error``) if ``skip``, else the one
    raised."""
    numbered: dict[Node, str] = {}

    def number(term: Node) -> Node:
        return numbered.setdefault(term, f"_:{len(numbered)}") if isinstance(term, BNode) else term

    def place(e: ParseError) -> tuple[int, int, object, str, str | None]:
        return e.lineno, e.colno, e.kind, str(e), e.skipped

    statements: list[Any] = []
    warnings: list[Any] = []
    errors: list[Any] = []
    parser = TurtleParser(Terms(), None, None)
    parser.warn = lambda e: warnings.append(place(e))
    on_error = (lambda e: errors.append(place(e))) if skip else None
    reader = ChunkReader(io.BytesIO(doc.encode()), "x", chunk_size=chunk_size)
    try:
        for batch in parser.batches(reader, on_error):
            statements += [tuple(map(number, quad[:3])) for quad in batch]
    except ParseError as e:
        errors.append(place(e))
    return statements, warnings, errors


def calls_of(monkeypatch: pytest.MonkeyPatch, method: str) -> list[tuple[object, ...]]:
    """The arguments of each call of ``TurtleParser.<method>`` from now on (the test's end)."""
    calls: list[tuple[object, ...]] = []
    original = getattr(TurtleParser, method)

    def counted(self: TurtleParser, *args: object) -> object:
        calls.append(args)
        return original(self, *args)

    monkeypatch.setattr(TurtleParser, method, counted)
    return calls
