"""Strict, exact and fast N-Triples, N-Quads, Turtle and TriG for rdflib.

Installed, the parsers and serializers are rdflib plugins::

    Graph().parse("data.ttl", format="strict-turtle")
    Dataset().parse("data.nq", format="strict-nquads")
    graph.serialize(format="strict-ntriples")

``install()`` makes rdflib's own names (``nt``, ``turtle``, ...) strict too, and ``iterparse``
streams statements without building a graph.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import install, iterparse, uninstall
    from .edge.illtyped import IllTypedLiteralWarning
    from .edge.sourcemap import SourceMap
    from .formats.rdf12_terms import DirLangLiteral, TripleTerm
    from .syntax.errors import ParseError, SerializeError, SourceError
    from .syntax.kinds import ErrorKind
    from .syntax.positions import Span

# Each name is imported when first asked for (PEP 562): the command line, which imports this
# package first, then loads only what its command uses (not the plugins and their writers).
_WHERE: dict[str, str] = {
    "install": ".api",
    "iterparse": ".api",
    "uninstall": ".api",
    "IllTypedLiteralWarning": ".edge.illtyped",
    "SourceMap": ".edge.sourcemap",
    "DirLangLiteral": ".formats.rdf12_terms",
    "TripleTerm": ".formats.rdf12_terms",
    "ErrorKind": ".syntax.kinds",
    "ParseError": ".syntax.errors",
    "SerializeError": ".syntax.errors",
    "SourceError": ".syntax.errors",
    "Span": ".syntax.positions",
}

__all__ = [
    "DirLangLiteral",
    "ErrorKind",
    "IllTypedLiteralWarning",
    "ParseError",
    "SerializeError",
    "SourceError",
    "SourceMap",
    "Span",
    "TripleTerm",
    "__version__",
    "install",
    "iterparse",
    "uninstall",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
