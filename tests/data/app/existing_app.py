"""An unmodified rdflib application: parse by extension, query, serialize.

tests/test_api.py runs it as it is and again after rdflib_strict.install(), and compares.
"""

import sys

from rdflib import Graph

graph = Graph().parse(sys.argv[1])  # format guessed from the extension, as apps do
rows = graph.query(
    """
    SELECT ?book ?p ?value WHERE {
        ?book a <https://schema.org/Book> ; ?p ?value .
        FILTER(isLiteral(?value))
    }
    """
)
for book, p, value in sorted(rows, key=lambda r: tuple(map(str, r))):
    print("ROW", book.n3(), p.n3(), value.n3())
for line in sorted(graph.serialize(format="nt").splitlines()):
    if line.strip():
        print("NT", line)
