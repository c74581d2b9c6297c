"""What a parse or a validation says about a document, as plain tuples to compare: the
statement count, every error and every warning with all that a ParseError reports.

The validators must give their parser's verdict (tests/test_validate.py for N-Triples and
N-Quads, tests/test_validate_turtle.py for Turtle and TriG); the converter and the parallel
parse must give the serial parse's errors.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from rdflib_strict.edge.readers import make_parser, make_validator
from rdflib_strict.formats.validate_turtle import TurtleValidator
from rdflib_strict.syntax.chunks import ChunkReader
from rdflib_strict.syntax.errors import ParseError
from rdflib_strict.syntax.version import RdfVersion

__all__ = ["Error", "Verdict", "described", "parser_verdict", "reader", "validator_verdict"]

#: ``(lineno, colno, end_offset, msg, skipped, filename, text, kind)``
Error = tuple[int, int, int, str, str, str, str, str]
#: ``(statement count, errors, warnings)``; the count is -1 where the parse stopped at an error.
Verdict = tuple[int, list[Error], list[Error]]

_TURTLE = ("turtle", "trig")


def described(log: Iterable[ParseError]) -> list[Error]:
    """Each error as ``(lineno, colno, end_offset, msg, skipped, filename, text, kind)``."""
    return [(e.lineno, e.colno, e.end_offset, e.msg, e.skipped, e.filename, e.text, e.kind) for e in log]


def reader(data: bytes, chunk_size: int | None = None, name: str = "doc") -> ChunkReader:
    """A ChunkReader over ``data``, with its default chunk size unless ``chunk_size``."""
    if chunk_size is None:
        return ChunkReader(io.BytesIO(data), name)
    return ChunkReader(io.BytesIO(data), name, chunk_size=chunk_size)


def parser_verdict(
    data: bytes,
    fmt: str,
    base: str | None = None,
    chunk_size: int | None = None,
    version: RdfVersion = RdfVersion.RDF11,
) -> Verdict:
    """What the ``fmt`` parser (``ntriples``, ``nquads``, ``turtle``, ``trig``) says, as
    ``validate`` used it before the validators: literals without values, errors collected.
    Only the Turtle parser warns; the line parser's warnings are always none."""
    errors: list[ParseError] = []
    warnings: list[ParseError] = []
    parser = make_parser(fmt, base, values=False, version=version)
    parser.warn = warnings.append
    try:
        count = parser.parse(reader(data, chunk_size), lambda batch: None, errors.append)
    except ParseError as e:  # one the Turtle parser cannot resume after; the line parser always resumes
        if fmt not in _TURTLE:
            raise
        count = -1
        errors.append(e)
    return count, described(errors), described(warnings)


def validator_verdict(
    data: bytes,
    fmt: str,
    base: str | None = None,
    chunk_size: int | None = None,
    version: RdfVersion = RdfVersion.RDF11,
    full: bool = False,
) -> Verdict:
    """What the ``fmt`` validator says (``LineValidator``, ``TurtleValidator``), made as
    ``validate`` makes it (``make_validator``); ``full``: a TurtleValidator whose run regex is
    the full one (nesting, non-ASCII names) from the first statement."""
    errors: list[ParseError] = []
    warnings: list[ParseError] = []
    validator = make_validator(fmt, base, warnings.append, version)
    if full:
        assert isinstance(validator, TurtleValidator)
        validator.full_after = 0
    try:
        count = validator.check(reader(data, chunk_size), errors.append)
    except ParseError as e:
        if fmt not in _TURTLE:
            raise
        count = -1
        errors.append(e)
    return count, described(errors), described(warnings)
