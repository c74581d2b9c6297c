"""Writer round trips: what our writers write, read back by pyoxigraph (an independent strict
reader) and by our own parser, must be the graph that was written.

Both readers always read: a parser that breaks fails the round trips instead of leaving them
to pyoxigraph alone. Graphs are compared with ``w3c.assert_same_graph`` (blank node
isomorphism and exact lexical forms), with ``"v"^^xsd:string`` and ``"v"`` one term, as in
RDF 1.1.
"""

from __future__ import annotations

import io
from typing import Any

from rdflib import Dataset, Graph
from w3c import assert_same_graph, oxigraph_graph, parsed

from rdflib_strict.edge.writers import write_graph_turtle

__all__ = ["assert_read_back", "assert_round_trip", "our_read", "ox_read", "serialize"]

# Our format name -> pyoxigraph's name for it, and whether it holds named graphs.
_FORMATS = {
    "strict-ntriples": ("nt", False),
    "strict-nquads": ("nq", True),
    "strict-turtle": ("ttl", False),
    "strict-trig": ("trig", True),
}


def serialize(graph: Graph, fmt: str, **kwargs: Any) -> bytes:
    """``graph`` written as ``fmt``. Turtle and TriG go to ``edge.writers.write_graph_turtle``
    (the store read as the plugins read it for the writer; keywords ``base``,
    ``sparql_prefixes``, ``ascii_only``), the line formats through their plugin (keywords
    ``canonical``, ``ascii``)."""
    if fmt in ("strict-turtle", "strict-trig"):
        buf = io.BytesIO()
        write_graph_turtle(graph, buf, trig=fmt == "strict-trig", **kwargs)
        return buf.getvalue()
    data: bytes = graph.serialize(format=fmt, encoding="utf-8", **kwargs)
    return data


def ox_read(data: bytes, fmt: str) -> Graph:
    """pyoxigraph's reading of ``data`` (a Dataset for the formats with named graphs), as
    rdflib terms with exact lexical forms, one BNode per label across the document."""
    return oxigraph_graph(data, _FORMATS[fmt][0])


def our_read(data: bytes, fmt: str) -> Graph:
    """Our parser's reading of ``data``: into a Dataset for the formats with named graphs."""
    return parsed(Dataset() if _FORMATS[fmt][1] else Graph(), data=data, format=fmt)


def assert_read_back(data: bytes, graph: Graph, fmt: str, context: str = "") -> None:
    """pyoxigraph and our parser each read ``data`` as ``graph``."""
    __tracebackhide__ = True
    for reader, read in (("pyoxigraph", ox_read), (fmt, our_read)):
        where = f"{reader} reading our {fmt}" + (f": {context}" if context else "")
        assert_same_graph(read(data, fmt), graph, where, xsd_string_as_plain=True)


def assert_round_trip(graph: Graph, fmt: str, **kwargs: Any) -> bytes:
    """Write ``graph`` as ``fmt`` (``serialize``), check that both readers read it back as
    ``graph``, and return what was written."""
    __tracebackhide__ = True
    data = serialize(graph, fmt, **kwargs)
    assert_read_back(data, graph, fmt, data.decode("utf-8", "backslashreplace"))
    return data
