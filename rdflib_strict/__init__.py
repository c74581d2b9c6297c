"""Strict, exact and fast N-Triples, N-Quads, Turtle and TriG for rdflib.

Installed, the parsers and serializers are rdflib plugins::

    Graph().parse("data.ttl", format="strict-turtle")
    Dataset().parse("data.nq", format="strict-nquads")
    graph.serialize(format="strict-ntriples")

``install()`` makes rdflib's own names (``nt``, ``turtle``, ...) strict too, and ``iterparse``
streams statements without building a graph.
"""

from .api import install, iterparse, uninstall
from .edge.illtyped import IllTypedLiteralWarning
from .edge.sourcemap import SourceMap
from .formats.rdf12_terms import DirLangLiteral, TripleTerm
from .syntax.errors import ErrorKind, ParseError, SerializeError, SourceError
from .syntax.positions import Span

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
