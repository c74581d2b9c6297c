"""Ill-typed literals in the library's parses: one warning per datatype, never a log flood.

An ill-typed literal (``"abc"^^xsd:integer``) is valid RDF (RDF 1.1 Concepts section 3.3:
accept it, may warn). rdflib logs a warning with a traceback for each one it builds; ours are
built without those records (``terms.exact_literal``). Instead the parsers hand each one to
``warn`` placed on the literal, as they do for ``validate``, and a face (``Graph.parse``,
``iterparse``) collects them in an ``IllTypedReport``, which gives one
``IllTypedLiteralWarning`` per datatype at the end of the parse: the first one's position and
reason, and how many there were. ``rdflib-strict validate`` lists each.
"""

from __future__ import annotations

import re
import warnings
from typing import Final

from ..syntax.errors import ParseError

__all__ = ["IllTypedLiteralWarning", "IllTypedReport"]

# Every reason syntax.xsd gives names its datatype first, as "xsd:NAME" (tests/test_ill_typed.py).
_DATATYPE: Final = re.compile(r"xsd:\w+")


class IllTypedLiteralWarning(UserWarning):
    """Literals of one datatype outside its lexical space were parsed (valid RDF).

    ``datatype`` is its ``xsd:`` name, ``count`` how many such literals the parse read and
    ``first`` the ParseError placed on the first of them (its ``filename``, ``lineno``,
    ``colno`` and ``msg`` with the reason).
    """

    def __init__(self, datatype: str, count: int, first: ParseError) -> None:
        many = (
            f"{count} ill-typed {datatype} literals in all"
            if count > 1
            else f"the only ill-typed {datatype} literal"
        )
        super().__init__(
            f"{first.filename}:{first.lineno}:{first.colno}: {first.msg}; {many}"
            " (`rdflib-strict validate` lists each)"
        )
        self.datatype = datatype
        self.count = count
        self.first = first


class IllTypedReport:
    """A parser's ``warn``: counts ill-typed literals by datatype and keeps the first of each;
    ``give`` then warns once per datatype."""

    __slots__ = ("_count", "_first")

    def __init__(self) -> None:
        self._first: dict[str, ParseError] = {}
        self._count: dict[str, int] = {}

    def __call__(self, e: ParseError) -> None:
        m = _DATATYPE.search(e.msg)
        kind = m.group() if m else "?"
        if kind in self._count:
            self._count[kind] += 1
        else:
            self._first[kind], self._count[kind] = e, 1

    def give(self, stacklevel: int) -> None:
        """One IllTypedLiteralWarning per datatype met, in the order they were first met, then
        start afresh; ``stacklevel`` counts from the caller of ``give`` (1: that caller)."""
        for kind, first in self._first.items():
            warnings.warn(IllTypedLiteralWarning(kind, self._count[kind], first), stacklevel=stacklevel + 1)
        self._first.clear()
        self._count.clear()
